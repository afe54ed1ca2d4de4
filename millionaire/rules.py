"""Every rule the rulebooks leave open, as one frozen :class:`RuleSet` of options.

The presets follow the kit's rules pages (``docs/rules/``): :meth:`RuleSet.classic` for Millionaire
Classic and :meth:`RuleSet.monopoly` for US Monopoly. A house rule is one ``replace`` away.

Examples
--------
>>> rules = RuleSet.classic()
>>> rules.start_cash, rules.circular_income, rules.jail_fine
(2000, 200, 50)
>>> rules.replace(circular_income=400).circular_income
400
>>> RuleSet.classic().replace(jail_fine=-5)
Traceback (most recent call last):
...
ValueError: RuleSet.jail_fine must be an integer >= 0, got -5
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import shown

#: The largest amount of money a rule or a board file may name (a price, a rent, the start cash).
#: Games then stay far inside what numpy's 64-bit integers hold (the bots draw bids with numpy).
MAX_AMOUNT = 10**9

MONOPOLY_SCOPES = ("unbuilt", "all")
BANKRUPTCY_TO_PLAYER = ("to_board", "to_creditor")
BANKRUPTCY_TO_BANK = ("to_board", "auction")
RETURN_MORTGAGED = ("repay", "refuse")
LOCKED_BY_BUILDING = ("plot", "industry")


@dataclass(frozen=True)
class RuleSet:
    """The options of a game. Money is in whole units; rates are exact fractions.

    Attributes
    ----------
    start_cash : cash each player starts with.
    circular_income : paid by the bank for passing START by a roll (and by cards that say so).
    income_on_landing : landing exactly on START by a roll also pays (decision: yes).
    jail_fine : paid to leave detention (Tax Inspection / Jail).
    jail_max_turns : rolls for a double allowed while detained; after the last miss the fine is paid.
    detain_on_landing : arriving on the jail cell by a roll detains (Millionaire) rather than
        "just visiting" (Monopoly).
    doubles_to_jail : the double in a row that sends the player to jail.
    monopoly_multiplier : rent multiplier of a complete industry (one owner, none mortgaged).
    monopoly_scope : ``"unbuilt"`` doubles only unbuilt plots (decision); ``"all"`` doubles every level.
    monopoly_despite_mortgage : an unmortgaged plot of an industry one player holds whole earns the
        multiplied rent even when another plot of it is mortgaged (Monopoly); building still needs
        none mortgaged.
    small_per_large : small buildings (branches, houses) on a plot before the large one replaces them.
    small_supply, large_supply : buildings the bank has; ``None`` is unlimited.
    building_sell_rate : share of the building price the bank pays back.
    mortgage_rate : share of the price the bank lends on a mortgage.
    redemption_fee : extra share of the price paid to redeem (10%).
    jackpot_start : money in the jackpot box at the start.
    charity_start : money in the charity fund at the start (decision: 0).
    min_bid : the lowest opening bid of an auction.
    bankruptcy_to_player : ``"to_board"`` (Millionaire: the bank pays the creditor the rest, plots
        return unowned) or ``"to_creditor"`` (Monopoly: the creditor takes cash and property).
    bankruptcy_to_bank : ``"to_board"`` (plots return unowned) or ``"auction"`` (Monopoly).
    transfer_mortgage_fee : share of the price a creditor pays at once for each mortgaged plot received.
    timed_rounds : end the game after this many rounds, the richest winning; ``None``: play to the end.
    shuffle_seats : decide the turn order by lot (seeded) rather than by the order of the agents.
    trade_offers_per_turn : offers a player may make in one turn (table manners: no endless haggling).
    min_players, max_players : how many may play.
    trade_mortgaged : mortgaged properties may be traded; whoever receives one pays
        ``transfer_mortgage_fee`` at once and lifts the mortgage later at the usual cost (Monopoly).
    redeem_any_time : a mortgage may be lifted in any window of the owner (after the roll, between
        turns), not only before his own roll (Millionaire).
    build_between_turns : after each turn, every other player who could build gets a window (a
        ``manage`` decision marked ``between``) to build, sell, mortgage, redeem and trade (Monopoly).
    building_auctions : when a player orders a building of which the bank has fewer left than the
        players who could build one, the bank auctions it among them, opening at its price (Monopoly).
    debt_in_property : a player who must raise money for a debt to another player may offer that
        creditor a trade (property for cash) instead of selling to the bank (Monopoly).
    return_mortgaged_plot : the card "return a plot to the bank" on a mortgaged plot: ``"repay"`` the
        loan (the plot is offered only if the player can) or ``"refuse"`` mortgaged plots.
    dice : dice rolled to move, 1 or 2. With one die there are no doubles: no extra roll, no jail for
        doubles, and a detained player waits out ``jail_max_turns`` and pays (Junior).
    auction_unbought : a property its visitor does not buy is auctioned (Junior: it stays free).
    unaffordable_to_start : a visitor who cannot pay for a free property goes back to START without
        circular income, and his turn ends (Junior).
    present_unaffordable : the free property such a visitor could not pay for is offered to the other
        players in turn, from the next seat: the first who accepts comes to it from wherever his token
        stands and owns it free (Junior, decision). Only with ``unaffordable_to_start``.
    kiosks_per_player : each property bought takes one of its buyer's kiosks; with none left he cannot
        buy; ``None``: no limit (Junior: 14, the 56 kiosks of the box shared by 4 players).
    end_at_first_bankruptcy : the first bankruptcy ends the game and the richest player left wins (Junior).
    unsold_to_auction_cell : a plot the bank auctions without a bid waits on the board's Auction cell
        (Millionaire Elite): nobody is offered it on landing, only a player who stops on that cell
        may buy it, at its price. Boards without an Auction cell ignore it.
    locked_by_building : ``"plot"``: a plot with a building cannot be mortgaged, traded or taken
        by a card, its unbuilt neighbours can (Millionaire, decision); ``"industry"``: a building
        anywhere in the industry locks all its plots (Monopoly).
    holding_tax_first : the central industry's holding tax (Elite) is paid as START is passed, before
        the cell reached is dealt with (decision); ``False``: after it, once the landing's decisions
        are taken. Boards without a central industry ignore it.
    tax_policy_covers_fine : a tax policy (Elite) pays the fine for leaving Tax Inspection too, the
        one tax the rulebooks name (decision). Boards without policies ignore it.
    shares_pay_debts : a player raising money for a debt may sell shares (Elite) to the bank at the
        market price, wherever he stands, as he sells buildings (decision); ``False``: only at the Exchange.
    keep_until_possible : a card that gives a plot back or auctions one, drawn when it has no plot to act
        on, stays with its holder and is carried out at the start of his first turn in which it can be
        (the rules' reading, the presets); ``False``: it goes under its deck unused.
    auction_cell_draw : a player who stops on the Auction cell (Elite) rolls one die three times, and the
        rolls draw one plot of the board: a waiting plot he may buy at its price, another player's
        plot that could be traded is auctioned for its owner, anything else nothing; ``False``
        (decision): he may buy any waiting plot, no rolls.
    price_card_lasts : a Fortune card that sets the share price (Elite) holds it only until the next
        Exchange, where the card loses its effect: the price goes back to what it was before the card,
        moved by the points of later cards, before the die moves it; ``False`` (decision): the card is
        carried out once, and every later move starts from the price it set.
    claim_by_choice : when an event a policy covers happens (Elite), its holder decides whether to hand
        the policy in for it (a ``claim`` decision; decision); ``False``: the first covered event uses
        it up, however small.
    wealth_tax : share of his net worth (as the results count it) a player pays the bank each time he
        is paid the circular income, rounded down, right after it; 0: none (the presets).
    rent_cap : the rent of a plot is at most this share of its price, rounded down; 0: no cap (the
        presets). Up to 10 (a hotel's rent is several times the price).
    """

    start_cash: int = 2000
    circular_income: int = 200
    income_on_landing: bool = True
    jail_fine: int = 50
    jail_max_turns: int = 3
    detain_on_landing: bool = True
    doubles_to_jail: int = 3
    monopoly_multiplier: int = 2
    monopoly_scope: str = "unbuilt"
    monopoly_despite_mortgage: bool = False
    small_per_large: int = 3
    small_supply: int | None = 24
    large_supply: int | None = 12
    building_sell_rate: Fraction = Fraction(1, 2)
    mortgage_rate: Fraction = Fraction(1, 2)
    redemption_fee: Fraction = Fraction(1, 10)
    jackpot_start: int = 200
    charity_start: int = 0
    min_bid: int = 1
    bankruptcy_to_player: str = "to_board"
    bankruptcy_to_bank: str = "to_board"
    transfer_mortgage_fee: Fraction = Fraction(1, 10)
    timed_rounds: int | None = None
    shuffle_seats: bool = True
    trade_offers_per_turn: int = 3
    min_players: int = 2
    max_players: int = 6
    trade_mortgaged: bool = False
    redeem_any_time: bool = False
    build_between_turns: bool = False
    building_auctions: bool = False
    debt_in_property: bool = False
    return_mortgaged_plot: str = "repay"
    dice: int = 2
    auction_unbought: bool = True
    unaffordable_to_start: bool = False
    present_unaffordable: bool = False
    kiosks_per_player: int | None = None
    end_at_first_bankruptcy: bool = False
    unsold_to_auction_cell: bool = False
    holding_tax_first: bool = True
    locked_by_building: str = "plot"
    tax_policy_covers_fine: bool = True
    shares_pay_debts: bool = True
    claim_by_choice: bool = True
    keep_until_possible: bool = True
    auction_cell_draw: bool = False
    price_card_lasts: bool = False
    wealth_tax: Fraction = Fraction(0)
    rent_cap: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name, kind, least, most, allowed, default in _checks():
            value = getattr(self, name)
            if value is default:  # the field's default, checked once with the table
                continue
            checked = _checked(name, kind, least, most, allowed, value)
            if checked is not value:
                object.__setattr__(self, name, checked)
        if self.max_players < self.min_players:
            raise ValueError(f"RuleSet.max_players ({self.max_players}) is below min_players ({self.min_players})")

    @classmethod
    def classic(cls) -> RuleSet:
        """Millionaire Classic as decided in ``docs/rules/millionaire-classic.md``."""
        return cls()

    @classmethod
    def monopoly(cls) -> RuleSet:
        """US Monopoly as in ``docs/rules/monopoly.md``."""
        return cls(
            start_cash=1500,
            detain_on_landing=False,
            small_per_large=4,
            small_supply=32,
            large_supply=12,
            jackpot_start=0,
            redemption_fee=Fraction(1, 20),  # 10% of the mortgage value
            transfer_mortgage_fee=Fraction(1, 20),
            bankruptcy_to_player="to_creditor",
            bankruptcy_to_bank="auction",
            max_players=8,
            trade_mortgaged=True,
            redeem_any_time=True,
            build_between_turns=True,
            building_auctions=True,
            debt_in_property=True,
            monopoly_despite_mortgage=True,
            locked_by_building="industry",
        )

    @classmethod
    def junior(cls) -> RuleSet:
        """Millionaire Junior, the children's game, as in ``docs/rules/millionaire-junior.md``.

        >>> rules = RuleSet.junior()
        >>> rules.dice, rules.start_cash, rules.kiosks_per_player
        (1, 40, 14)
        """
        return cls(
            start_cash=40,
            circular_income=2,
            detain_on_landing=False,
            small_per_large=1,
            small_supply=0,
            large_supply=0,
            mortgage_rate=Fraction(0),
            redemption_fee=Fraction(0),
            jackpot_start=0,
            transfer_mortgage_fee=Fraction(0),
            trade_offers_per_turn=0,
            max_players=4,
            dice=1,
            auction_unbought=False,
            unaffordable_to_start=True,
            present_unaffordable=True,
            kiosks_per_player=14,
            end_at_first_bankruptcy=True,
        )

    @classmethod
    def elite(cls) -> RuleSet:
        """Millionaire Elite as decided in ``docs/rules/millionaire-elite.md``: Classic, with unsold
        plots waiting on the Auction cell.

        >>> RuleSet.elite().unsold_to_auction_cell, RuleSet.elite().start_cash
        (True, 2000)
        """
        return cls(unsold_to_auction_cell=True)

    @classmethod
    def for_board(cls, board_key: str) -> RuleSet:
        """The preset that belongs to a built-in board (``"monopoly-us"`` → Monopoly,
        ``"millionaire-junior"`` → Junior, ``"millionaire-elite"`` → Elite, else classic).

        >>> RuleSet.for_board("millionaire-elite") == RuleSet.elite()
        True
        >>> RuleSet.for_board("monopoly-us") is RuleSet.for_board("monopoly-uk")  # frozen: made once, shared
        True
        """
        preset = ("monopoly" if board_key.startswith("monopoly") else "junior" if board_key.startswith("millionaire-junior")
                  else "elite" if board_key == "millionaire-elite" else "classic")
        shared = _PRESETS.get((cls, preset))
        if shared is None:  # a RuleSet is frozen: each preset is made once and shared by the games that use it
            shared = _PRESETS[(cls, preset)] = getattr(cls, preset)()
        return shared

    def monopoly_applies(self, level: int) -> bool:
        """Whether a complete industry multiplies the rent of a plot at this building level.

        >>> RuleSet.classic().monopoly_applies(0), RuleSet.classic().monopoly_applies(2)
        (True, False)
        """
        return level == 0 or self.monopoly_scope == "all"

    def monopoly_owner(self, board: Any, owner: Any, mortgaged: Any, industry: int) -> int:
        """The seat whose whole industry multiplies its rents, or -1: every plot his, none mortgaged
        (with ``monopoly_despite_mortgage``, mortgaged plots count as his too).

        >>> from millionaire import load_board
        >>> board = load_board("monopoly-us")
        >>> owner, mortgaged = [-1] * 40, [False] * 40
        >>> owner[37] = owner[39] = 0; mortgaged[37] = True
        >>> RuleSet.monopoly().monopoly_owner(board, owner, mortgaged, 7), RuleSet.classic().monopoly_owner(board, owner, mortgaged, 7)
        (0, -1)
        """
        from .queries import industry_owner  # the queries read rule sets: imported when used

        return industry_owner(board, owner, [False] * len(owner) if self.monopoly_despite_mortgage else mortgaged,
                              industry)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated like the original).

        >>> RuleSet.classic().replace(monopoly_multiplier=3).monopoly_multiplier
        3
        """
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise ValueError(f"RuleSet has no option {unknown[0]!r}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe options (fractions as strings like ``"1/10"``)."""
        return {f.name: (str(v) if isinstance(v := getattr(self, f.name), Fraction) else v)
                for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Rebuild from :meth:`to_dict`; unknown or bad options raise ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"RuleSet.from_dict needs a dict, got {type(data).__name__}")
        return cls().replace(**data)


#: The built-in boards' presets (:meth:`RuleSet.for_board`), by class and name, made when first asked.
_PRESETS: dict[tuple[type, str], Any] = {}
_CHECKS: list[tuple[str, str, int, int, tuple[str, ...], object]] = []


def _checks() -> list[tuple[str, str, int, int, tuple[str, ...], object]]:
    """What ``RuleSet.__post_init__`` checks of each field: ``(name, type, least, most, allowed,
    default)``, from the fields' types and the bounds below; made once, with every default checked
    then (a field left at its default is not checked again).

    >>> ("dice", "int", 1, 2, (), 2) in _checks()
    True
    """
    if not _CHECKS:
        allowed = {"monopoly_scope": MONOPOLY_SCOPES, "bankruptcy_to_player": BANKRUPTCY_TO_PLAYER,
                   "bankruptcy_to_bank": BANKRUPTCY_TO_BANK, "return_mortgaged_plot": RETURN_MORTGAGED,
                   "locked_by_building": LOCKED_BY_BUILDING}
        checks: list[tuple[str, str, int, int, tuple[str, ...], object]] = []
        for f in dataclasses.fields(RuleSet):
            kind = str(f.type)
            most = _MAXIMUM.get(f.name, 1 if kind == "Fraction" else MAX_AMOUNT)
            least = _MINIMUM.get(f.name, 0)
            choices = allowed[f.name] if kind == "str" else ()
            if _checked(f.name, kind, least, most, choices, f.default) is not f.default:
                raise ValueError(f"RuleSet.{f.name}: its default {f.default!r} is not of its type")
            checks.append((f.name, kind, least, most, choices, f.default))
        _CHECKS.extend(checks)  # whole, or not at all
    return _CHECKS


def _checked(name: str, kind: str, least: int, most: int, allowed: tuple[str, ...], value: Any) -> Any:
    """``value`` for the field ``name`` of :func:`_checks`' row, a number given for a fraction made one;
    ``ValueError`` when it does not fit.

    >>> _checked("mortgage_rate", "Fraction", 0, 1, (), "0.25")
    Fraction(1, 4)
    >>> _checked("dice", "int", 1, 2, (), 3)
    Traceback (most recent call last):
    ...
    ValueError: RuleSet.dice must be at most 2, got 3
    """
    if kind == "Fraction":
        if isinstance(value, (int, float, str)) and not isinstance(value, bool):
            try:
                value = Fraction(value).limit_denominator(10_000)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"RuleSet.{name} must be a number between 0 and {most}, got {value!r}") from None
        # 0 <= value <= most, in whole numbers (a fraction's denominator is positive): faster
        if not isinstance(value, Fraction) or not 0 <= value.numerator <= most * value.denominator:
            raise ValueError(f"RuleSet.{name} must be a number between 0 and {most}, got {value!r}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"RuleSet.{name} must be True or False, got {value!r}")
    elif kind == "str":
        if value not in allowed:
            raise ValueError(f"RuleSet.{name} must be one of {', '.join(allowed)}, got {value!r}")
    elif value is not None or "None" not in kind:  # int or int | None
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"RuleSet.{name} must be an integer >= {least}, got {shown(value)}")
        if value > most:
            raise ValueError(f"RuleSet.{name} must be at most {most:,}, got {shown(value)}")
    return value


_MINIMUM = {"jail_max_turns": 1, "doubles_to_jail": 1, "monopoly_multiplier": 1, "small_per_large": 1,
            "min_bid": 1, "timed_rounds": 1, "min_players": 1, "max_players": 1, "dice": 1}
#: Upper bounds of the options that count something; every other integer option is money, up to MAX_AMOUNT,
#: and every other fraction a share, up to 1.
_MAXIMUM = {"jail_max_turns": 100, "doubles_to_jail": 100, "monopoly_multiplier": 100, "small_per_large": 100,
            "small_supply": 10_000, "large_supply": 10_000, "timed_rounds": 1_000_000, "trade_offers_per_turn": 100,
            "min_players": 100, "max_players": 100, "dice": 2, "kiosks_per_player": 10_000, "rent_cap": 10}

