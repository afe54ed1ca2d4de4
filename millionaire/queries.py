"""The rule queries: what the rules allow and what things cost in a position, as plain functions of
the board, the rules and the state.

The engine asks them (its public ``Game.build_problem``, ``Game.rent``, ... call these), and so do the
save loader (:mod:`millionaire.state`, to check a saved decision against the position) and the
economics, with no game to build. A ``*_problem`` says why a move is refused, as a
:class:`~millionaire.errors.Refusal`, and ``""`` when it is allowed.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
>>> build_problem(game.board, game.rules, game.state, 0, 1)
'Cinema is not yours'
>>> rent(game.board, game.rules, game.state, 1), mortgage_value(game.board, game.rules, 1)
(0, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from .actions import Trade
from .board import Board, CellKind
from .errors import Refusal
from .rules import RuleSet

if TYPE_CHECKING:  # the state module asks these questions of its saves: no import at run time
    from .state import GameState

#: Refusals made once, by key, cell and the cell's name (a plain dict lookup each: no key to build).
_KEPT_REFUSALS: dict[str, dict[int, dict[str, str]]] = {}


def kept_refusal(key: str, cell: int = -1, name: str = "") -> str:
    """``Refusal(key)``, or ``Refusal(key, name=name, cell=cell)`` about a cell, made once and kept: the
    engine asks the same question of the same plot again and again (is it fully built?).

    >>> kept_refusal("fully_built", 7, "Bakery") is kept_refusal("fully_built", 7, "Bakery")
    True
    """
    cells = _KEPT_REFUSALS.get(key)
    if cells is None:
        cells = _KEPT_REFUSALS[key] = {}
    names = cells.get(cell)
    if names is None:
        names = cells[cell] = {}
    found = names.get(name)
    if found is None:
        found = names[name] = Refusal(key, name=name, cell=cell) if cell >= 0 else Refusal(key)
    return found


#: No mortgage anywhere, by board size: what monopoly rent reads under ``RuleSet.monopoly_despite_mortgage``.
_UNMORTGAGED: dict[int, list[bool]] = {}


def industry_owner(board: Board, owner: Sequence[int], mortgaged: Sequence[bool], industry: int) -> int:
    """The seat holding every plot of ``industry`` with none mortgaged, or -1."""
    cells = board.industries[industry].cells
    first = owner[cells[0]]
    if first < 0:
        return -1
    for cell in cells:
        if owner[cell] != first or mortgaged[cell]:
            return -1
    return first


def owned(board: Board, state: GameState, seat: int) -> list[int]:
    """Cells owned by ``seat``."""
    owner = state.owner
    return [c for c in board.ownable if owner[c] == seat]


def complete_industries(board: Board, state: GameState, seat: int) -> tuple[int, ...]:
    """Industries ``seat`` holds whole and unmortgaged."""
    # The test of industry_owner, written out: compiled, its Sequence parameters make the agents'
    # two calls a turn cost ~45% more instructions per player-turn (46,174 against 31,642).
    owner, mortgaged = state.owner, state.mortgaged
    found = []
    for industry in board.industries:
        for cell in industry.cells:
            if owner[cell] != seat or mortgaged[cell]:
                break
        else:
            found.append(industry.index)
    return tuple(found)


def industry_complete(board: Board, state: GameState, industry: int, seat: int | None = None) -> bool:
    """One owner (``seat`` if given) has every plot of the industry and none is mortgaged."""
    found = industry_owner(board, state.owner, state.mortgaged, industry)
    return found >= 0 and (seat is None or found == seat)


def industry_built(board: Board, state: GameState, cell: int) -> bool:
    """True when some plot of this cell's industry has a building."""
    industry = board.cells[cell].industry
    if industry < 0:
        return False
    level = state.level
    for plot in board.industries[industry].cells:
        if level[plot]:
            return True
    return False


def building_locks(board: Board, rules: RuleSet, state: GameState, cell: int) -> bool:
    """True when buildings keep ``cell`` from being mortgaged, traded or lost to a card: a building
    on the plot itself, or (``RuleSet.locked_by_building`` = ``"industry"``) anywhere in its industry."""
    if rules.locked_by_building == "plot":
        return state.level[cell] > 0
    return industry_built(board, state, cell)


class Bank:
    """The rules' buildings as plain integers, read once per rule set (a rule read each time a turn
    asks costs more than the answer): ``top`` is the level of a large building, ``small_limited`` and
    ``large_limited`` whether the bank's buildings of each size run out, ``small_supply`` and
    ``large_supply`` how many it has of each.

    >>> from millionaire import RuleSet
    >>> bank = bank_of(RuleSet.monopoly())
    >>> bank.top, bank.small_supply, bank.large_supply
    (5, 32, 12)
    """

    def __init__(self, rules: RuleSet) -> None:
        self.top = rules.small_per_large + 1
        self.small_limited = rules.small_supply is not None
        self.large_limited = rules.large_supply is not None
        self.small_supply = rules.small_supply if rules.small_supply is not None else 0
        self.large_supply = rules.large_supply if rules.large_supply is not None else 0


class Costs:
    """What a board under its rules makes of buildings and loans, worked out once (no ``Fraction``
    multiplied in a turn): ``board`` the board, ``bank`` the rules' :class:`Bank`, ``sale[cell]`` what one building of the plot
    sells for, ``loan[cell]`` what the bank lends on the cell, ``built_on[industry]`` whether the
    industry's cells are plots (an attraction takes no building); the rent cap and the wealth tax.

    >>> from millionaire import RuleSet, load_board
    >>> costs = costs_of(load_board("monopoly-us"), RuleSet.monopoly())
    >>> costs.sale[1], costs.loan[1], costs.bank.top, costs.rent_cap, costs.wealth_tax
    (25, 30, 5, None, (0, 1))
    >>> costs_of(load_board("monopoly-us"), RuleSet.monopoly().replace(rent_cap="1/4")).rent_cap[1]
    15
    """

    def __init__(self, board: Board, rules: RuleSet) -> None:
        self.board = board
        self.bank = bank_of(rules)
        self.sale = [int(board.industries[info.industry].build_price * rules.building_sell_rate)
                     if info.kind is CellKind.PLOT and info.industry >= 0 else 0 for info in board.cells]
        self.loan = [int(info.price * rules.mortgage_rate) for info in board.cells]
        #: What receiving the cell mortgaged costs at once (``RuleSet.transfer_mortgage_fee`` of its price).
        self.transfer_fee = [int(info.price * rules.transfer_mortgage_fee) for info in board.cells]
        self.built_on = [all(board.cells[c].kind is CellKind.PLOT for c in industry.cells) for industry in board.industries]
        #: The most rent a plot takes under ``RuleSet.rent_cap`` (``None``: no cap).
        self.rent_cap = [int(info.price * rules.rent_cap) for info in board.cells] if rules.rent_cap else None
        #: ``RuleSet.wealth_tax`` as whole numbers, numerator and denominator.
        self.wealth_tax = (rules.wealth_tax.numerator, rules.wealth_tax.denominator)


#: The banks and costs of the rules and boards in use, by their ids (each kept with its objects, so
#: an id is not reused while kept), and the costs by board and rules' values (a game's rules are often
#: a rule set of its own, equal to the last game's).
_BANKS: dict[int, tuple[RuleSet, Bank]] = {}
_COSTS: dict[tuple[int, int], tuple[Board, RuleSet, Costs]] = {}
_COSTS_BY_VALUE: dict[tuple[int, RuleSet], tuple[Board, Costs]] = {}
#: Entries kept at most: rules and boards made one after another (tests, lessons) start them again.
_KEPT = 64


def bank_of(rules: RuleSet) -> Bank:
    """The :class:`Bank` of ``rules``, made on first use and kept.

    >>> from millionaire import RuleSet
    >>> rules = RuleSet()
    >>> bank_of(rules) is bank_of(rules), bank_of(rules) is bank_of(RuleSet())
    (True, False)
    """
    kept = _BANKS.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    if len(_BANKS) >= _KEPT:
        _BANKS.clear()
    bank = Bank(rules)
    _BANKS[id(rules)] = (rules, bank)
    return bank


def costs_of(board: Board, rules: RuleSet) -> Costs:
    """The :class:`Costs` of ``board`` under ``rules``, made on first use and kept (for equal rules too).

    >>> from millionaire import RuleSet, load_board
    >>> board = load_board("millionaire-classic")
    >>> costs_of(board, RuleSet()) is costs_of(board, RuleSet())
    True
    """
    key = (id(board), id(rules))
    kept = _COSTS.get(key)
    if kept is not None and kept[0] is board and kept[1] is rules:
        return kept[2]
    if len(_COSTS) >= _KEPT:
        _COSTS.clear()
    equal = _COSTS_BY_VALUE.get((id(board), rules))
    if equal is not None and equal[0] is board:
        costs = equal[1]
    else:  # only a new entry may empty the kept ones: equal rules found there stay shared
        if len(_COSTS_BY_VALUE) >= _KEPT:
            _COSTS_BY_VALUE.clear()
        costs = Costs(board, rules)
        _COSTS_BY_VALUE[(id(board), rules)] = (board, costs)
    _COSTS[key] = (board, rules, costs)
    return costs


def bank_left(bank: Bank, level: list[int]) -> tuple[int, int]:
    """Small and large buildings left in the bank, counted over the plots' ``level``s (a size the
    bank has no limit of: see ``bank.small_limited``, ``bank.large_limited``).

    >>> from millionaire import RuleSet
    >>> bank_left(bank_of(RuleSet.monopoly()), [0, 2, 5, 3])
    (27, 11)
    """
    top = bank.top
    small = large = 0
    for height in level:
        if height < top:
            small += height
        elif height == top:
            large += 1
    return bank.small_supply - small, bank.large_supply - large


#: Why a building is refused, as a number (:func:`build_code`); 0: it is allowed.
NOT_A_PLOT: Final = 1
NOT_YOURS: Final = 2
INCOMPLETE: Final = 3
FULLY_BUILT: Final = 4
UNEVEN: Final = 5
NO_LARGE_LEFT: Final = 6
NO_SMALL_LEFT: Final = 7
CASH_SHORT: Final = 8


def bank_refuses(bank: Bank, left: tuple[int, int], height: int) -> int:
    """:data:`NO_LARGE_LEFT` or :data:`NO_SMALL_LEFT` when the bank has no building for a plot at
    ``height`` (``left``: :func:`bank_left`), else 0.

    >>> from millionaire import RuleSet
    >>> bank = bank_of(RuleSet.monopoly())
    >>> bank_refuses(bank, (0, 3), 4) == 0, bank_refuses(bank, (0, 3), 1) == NO_SMALL_LEFT
    (True, True)
    """
    if height == bank.top - 1:
        return NO_LARGE_LEFT if bank.large_limited and left[1] < 1 else 0
    return NO_SMALL_LEFT if bank.small_limited and left[0] < 1 else 0


def supply(rules: RuleSet, state: GameState) -> tuple[int | None, int | None]:
    """Small and large buildings left in the bank (``None``: unlimited)."""
    return bank_supply(bank_of(rules), state.level)


def bank_supply(bank: Bank, level: list[int]) -> tuple[int | None, int | None]:
    """:func:`supply` from the rules' :class:`Bank` and the plots' ``level``s.

    >>> from millionaire import RuleSet
    >>> bank_supply(bank_of(RuleSet.monopoly()), [0, 2, 5, 3]), bank_supply(bank_of(RuleSet(small_supply=None)), [1])
    ((27, 11), (None, 12))
    """
    small, large = bank_left(bank, level)
    return small if bank.small_limited else None, large if bank.large_limited else None


def monopoly_mortgages(board: Board, rules: RuleSet, state: GameState) -> list[bool]:
    """The mortgages that break a monopoly's multiplied rent: all of them, or none under
    ``RuleSet.monopoly_despite_mortgage`` (Monopoly: a mortgaged lot still completes the group)."""
    if not rules.monopoly_despite_mortgage:
        return state.mortgaged
    none = _UNMORTGAGED.get(board.size)
    if none is None:
        none = _UNMORTGAGED[board.size] = [False] * board.size
    return none


def rent(board: Board, rules: RuleSet, state: GameState, cell: int, dice_total: int | None = None,
         multiplier: int = 1, dice_multiplier: int = 0, costs: Costs | None = None) -> int:
    """Rent owed for landing on ``cell`` as things stand (0 if unowned or mortgaged; ``costs``: the
    board's :func:`costs_of`, when the caller keeps them)."""
    owner = state.owner[cell]
    if owner < 0 or state.mortgaged[cell]:
        return 0
    info = board.cells[cell]
    if info.kind is CellKind.PLOT:
        level = state.level[cell]
        amount = info.rent[level]
        # A whole industry multiplies an unbuilt plot's rent under every rule; built on, as the rules say.
        if (level == 0 or rules.monopoly_applies(level)) and industry_owner(
                board, state.owner, monopoly_mortgages(board, rules, state), info.industry) >= 0:
            amount *= rules.monopoly_multiplier
        cap = (costs if costs is not None else costs_of(board, rules)).rent_cap
        if cap is not None:  # rent control: at most the share of the price, before a card's multiplier
            amount = min(amount, cap[cell])
        return amount * multiplier
    if info.kind is CellKind.ATTRACTION:  # Junior: the half's ticket, times the multiplier for a whole attraction
        amount = info.ticket
        if industry_owner(board, state.owner, monopoly_mortgages(board, rules, state), info.industry) >= 0:
            amount *= rules.monopoly_multiplier
        return amount * multiplier
    count = sum(1 for c in board.ownable if board.cells[c].kind is info.kind and state.owner[c] == owner)
    if info.kind is CellKind.RAILROAD:
        return info.rent[min(count, len(info.rent)) - 1] * multiplier
    factor = dice_multiplier or info.dice_multipliers[min(count, len(info.dice_multipliers)) - 1]
    return factor * (dice_total if dice_total is not None else state.last_roll)


def liquidation_value(board: Board, rules: RuleSet, state: GameState, seat: int, costs: Costs | None = None) -> int:
    """Cash plus everything selling every building and mortgaging every property would raise (and,
    in Elite under ``RuleSet.shares_pay_debts``, selling every share at the market price; ``costs``:
    the board's :func:`costs_of`, when the caller keeps them)."""
    if costs is None:
        costs = costs_of(board, rules)
    sale, loan = costs.sale, costs.loan
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    total = state.players[seat].cash
    for cell in board.ownable:
        if owner[cell] != seat:
            continue
        total += level[cell] * sale[cell]
        if not mortgaged[cell]:
            total += loan[cell]
    if board.shares is not None and rules.shares_pay_debts:
        market = state.market
        assert market is not None
        total += market["shares"][seat] * market["price"]
    return total


def wealth_tax(board: Board, rules: RuleSet, state: GameState, seat: int, costs: Costs | None = None) -> int:
    """What ``seat`` pays the bank after the circular income under ``RuleSet.wealth_tax``: that share
    of his net worth (:func:`millionaire.state.net_worth`, as the results count it), rounded down
    (``costs``: the board's :func:`costs_of`, when the caller keeps them).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
    >>> wealth_tax(game.board, game.rules, game.state, 0), wealth_tax(game.board, game.rules.replace(wealth_tax="1/50"), game.state, 0)
    (0, 40)
    """
    from .state import net_worth  # the state module reads the queries: imported when used

    numerator, denominator = (costs if costs is not None else costs_of(board, rules)).wealth_tax
    if not numerator:
        return 0
    return net_worth(state, board, seat) * numerator // denominator


def share(amount: int, rate: Fraction) -> int:
    """The whole part of ``amount`` times ``rate`` (a rule set's rate), as ``int(amount * rate)`` gives it
    for an amount of at least 0, without making a ``Fraction`` (which costs microseconds in a turn).

    >>> share(150, Fraction(1, 2)), share(75, Fraction(1, 10)), share(75, Fraction(0))
    (75, 7, 0)
    """
    return amount * rate.numerator // rate.denominator


def mortgage_value(board: Board, rules: RuleSet, cell: int) -> int:
    """What the bank lends on ``cell``."""
    return share(board.cells[cell].price, rules.mortgage_rate)


def redemption_cost(board: Board, rules: RuleSet, cell: int) -> int:
    """What redeeming ``cell`` costs: the loan plus the fee."""
    price = board.cells[cell].price
    return share(price, rules.mortgage_rate) + share(price, rules.redemption_fee)


def build_price(board: Board, cell: int) -> int:
    """Price of one building on ``cell``'s industry."""
    return board.industries[board.cells[cell].industry].build_price


def build_code(board: Board, costs: Costs, state: GameState, seat: int, cell: int, free: bool = False) -> int:
    """Whether ``seat`` may build on ``cell`` now, as a number: 0 when he may, else the first reason he
    may not (:data:`NOT_A_PLOT`, ... :data:`CASH_SHORT`), the checks of :func:`build_problem` with no
    words made (``costs``: :func:`costs_of` the board and rules).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> build_code(game.board, costs_of(game.board, game.rules), game.state, 0, 1) == NOT_YOURS
    True
    """
    info = board.cells[cell]
    if info.kind is not CellKind.PLOT:
        return NOT_A_PLOT
    owner, mortgaged, level = state.owner, state.mortgaged, state.level
    if owner[cell] != seat:
        return NOT_YOURS
    if seat < 0:
        return INCOMPLETE
    industry = board.industries[info.industry]
    low = level[cell]
    for plot in industry.cells:  # the whole industry his and unmortgaged, and its lowest level
        if owner[plot] != seat or mortgaged[plot]:
            return INCOMPLETE
        if level[plot] < low:
            low = level[plot]
    height = level[cell]
    bank = costs.bank
    if height >= bank.top:
        return FULLY_BUILT
    if height > low:
        return UNEVEN
    if bank.small_limited or bank.large_limited:
        refused = bank_refuses(bank, bank_left(bank, level), height)
        if refused:
            return refused
    if not free and state.players[seat].cash < industry.build_price:
        return CASH_SHORT
    return 0


def build_problem(board: Board, rules: RuleSet, state: GameState, seat: int, cell: int, free: bool = False,
                  costs: Costs | None = None) -> str:
    """Why ``seat`` cannot build on ``cell`` now, in words; ``""`` when it can (``free``: a card
    pays for the building; ``costs``: the board's :func:`costs_of`, when the caller keeps them)."""
    code = build_code(board, costs if costs is not None else costs_of(board, rules), state, seat, cell, free)
    if not code:
        return ""
    if code == NOT_A_PLOT:
        return Refusal("not_a_plot", cell=cell)
    if code == NO_LARGE_LEFT:
        return Refusal("no_large_left")
    if code == NO_SMALL_LEFT:
        return Refusal("no_small_left")
    if code == CASH_SHORT:
        cash = state.players[seat].cash
        return Refusal("cash_short", cash=cash, price=board.industries[board.cells[cell].industry].build_price)
    name = board.cells[cell].name_en
    if code == NOT_YOURS:
        return kept_refusal("not_yours", cell, name)
    if code == INCOMPLETE:
        return kept_refusal("industry_incomplete", cell, name)
    if code == FULLY_BUILT:
        return kept_refusal("fully_built", cell, name)
    return kept_refusal("build_evenly", cell, name)


#: Why a sale, a mortgage or a redemption is refused, as a number (:func:`sell_code`,
#: :func:`mortgage_code`, :func:`redeem_code`; a redemption short of cash is :data:`CASH_SHORT`); 0: allowed.
NOT_YOUR_PLOT: Final = 11
NO_BUILDING: Final = 12
SELL_UNEVEN: Final = 13
NOT_YOUR_PROPERTY: Final = 14
ALREADY_MORTGAGED: Final = 15
NO_LOAN: Final = 16
LOCKED_BY_BUILDING: Final = 17
NOT_YOUR_MORTGAGE: Final = 18


def sell_code(board: Board, state: GameState, seat: int, cell: int) -> int:
    """Whether ``seat`` may sell a building of ``cell`` now, as a number: 0 when he may, else the first
    reason he may not (:data:`NOT_YOUR_PLOT`...), with no words made (:func:`sell_problem` says it).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1)
    >>> sell_code(game.board, game.state, 0, 1) == NOT_YOUR_PLOT
    True
    """
    info = board.cells[cell]
    if info.kind is not CellKind.PLOT or state.owner[cell] != seat:
        return NOT_YOUR_PLOT
    level = state.level
    built = level[cell]
    if not built:
        return NO_BUILDING
    for other in board.industries[info.industry].cells:  # sold evenly: from a highest plot
        if level[other] > built:
            return SELL_UNEVEN
    return 0


def sell_problem(board: Board, state: GameState, seat: int, cell: int) -> str:
    """Why ``seat`` cannot sell a building of ``cell`` now, in words; ``""`` when it can."""
    code = sell_code(board, state, seat, cell)
    if not code:
        return ""
    if code == NOT_YOUR_PLOT:
        return Refusal("not_your_plot", cell=cell)
    if code == NO_BUILDING:
        return kept_refusal("no_building", cell, board.cells[cell].name_en)
    return kept_refusal("sell_evenly")


def mortgage_code(board: Board, rules: RuleSet, state: GameState, seat: int, cell: int, loan: int = -1) -> int:
    """Whether ``seat`` may mortgage ``cell`` now, as a number: 0 when he may, else the first reason
    he may not (``loan``: its :func:`mortgage_value`, when the caller keeps it at hand).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1)
    >>> game.state.owner[1] = 0
    >>> mortgage_code(game.board, game.rules, game.state, 0, 1), mortgage_code(game.board, game.rules, game.state, 1, 1) == NOT_YOUR_PROPERTY
    (0, True)
    """
    info = board.cells[cell]
    if not info.ownable or state.owner[cell] != seat:
        return NOT_YOUR_PROPERTY
    if state.mortgaged[cell]:
        return ALREADY_MORTGAGED
    if not (loan if loan >= 0 else mortgage_value(board, rules, cell)):
        return NO_LOAN
    if building_locks(board, rules, state, cell):
        return LOCKED_BY_BUILDING
    return 0


def mortgage_problem(board: Board, rules: RuleSet, state: GameState, seat: int, cell: int, loan: int = -1) -> str:
    """Why ``seat`` cannot mortgage ``cell`` now, in words; ``""`` when it can (``loan``: its
    :func:`mortgage_value`, when the caller keeps it at hand)."""
    code = mortgage_code(board, rules, state, seat, cell, loan)
    if not code:
        return ""
    if code == NOT_YOUR_PROPERTY:
        return Refusal("not_your_property", cell=cell)
    name = board.cells[cell].name_en
    if code == ALREADY_MORTGAGED:
        return kept_refusal("already_mortgaged", cell, name)
    if code == NO_LOAN:
        return kept_refusal("no_loan", cell, name)
    plot_locks = rules.locked_by_building == "plot"
    return kept_refusal("sell_plot_buildings" if plot_locks else "sell_industry_buildings", cell, name)


def redeem_code(board: Board, rules: RuleSet, state: GameState, seat: int, cell: int, cost: int = -1) -> int:
    """Whether ``seat`` may redeem ``cell`` now, as a number: 0 when he may, :data:`NOT_YOUR_MORTGAGE`
    or :data:`CASH_SHORT` when not (``cost``: its :func:`redemption_cost`, when the caller keeps it).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1)
    >>> redeem_code(game.board, game.rules, game.state, 0, 1) == NOT_YOUR_MORTGAGE
    True
    """
    info = board.cells[cell]
    if not info.ownable or state.owner[cell] != seat or not state.mortgaged[cell]:
        return NOT_YOUR_MORTGAGE
    if state.players[seat].cash < (cost if cost >= 0 else redemption_cost(board, rules, cell)):
        return CASH_SHORT
    return 0


def redeem_problem(board: Board, rules: RuleSet, state: GameState, seat: int, cell: int, cost: int = -1) -> str:
    """Why ``seat`` cannot redeem ``cell`` now, in words; ``""`` when it can (``cost``: its
    :func:`redemption_cost`, when the caller keeps it at hand)."""
    if cost < 0:
        cost = redemption_cost(board, rules, cell)
    code = redeem_code(board, rules, state, seat, cell, cost)
    if not code:
        return ""
    if code == NOT_YOUR_MORTGAGE:
        return Refusal("not_your_mortgage", cell=cell)
    return Refusal("cash_short", cash=state.players[seat].cash, price=cost)


def tradeable(board: Board, rules: RuleSet, state: GameState, cell: int, seat: int, mortgaged_ok: bool = False) -> bool:
    """A property ``seat`` may trade or lose to a card: his, not locked by a building, and
    unmortgaged unless ``mortgaged_ok`` (trades under ``RuleSet.trade_mortgaged``)."""
    return (board.cells[cell].ownable and state.owner[cell] == seat
            and (mortgaged_ok or not state.mortgaged[cell]) and not building_locks(board, rules, state, cell))


def mortgage_transfer_fee(board: Board, rules: RuleSet, cell: int) -> int:
    """What receiving ``cell`` mortgaged costs at once (``RuleSet.transfer_mortgage_fee`` of its price)."""
    return costs_of(board, rules).transfer_fee[cell]


def kiosks_left(board: Board, rules: RuleSet, state: GameState, seat: int) -> int:
    """Kiosks ``seat`` still has to put on a property (``RuleSet.kiosks_per_player``; no limit: a large number)."""
    kiosks = rules.kiosks_per_player
    return len(board.ownable) if kiosks is None else kiosks - len(owned(board, state, seat))


def card_options(board: Board, rules: RuleSet, state: GameState, seat: int, effect: str) -> list[int]:
    """The cells a card with ``effect`` may be used on by ``seat`` now.

    Decisions where the rulebook is silent: a plot taken or auctioned by a card must be one that
    could be traded (unmortgaged, not locked by a building: :func:`building_locks`); a free branch
    goes only where a branch (not the large building) is legal; a plot given back may be
    mortgaged (the mortgage is cancelled) but not locked by a building.
    """
    if effect in ("take_plot", "auction_others_plot"):
        return [c for c in board.ownable if state.owner[c] >= 0 and state.owner[c] != seat
                and tradeable(board, rules, state, c, state.owner[c])]
    if effect == "free_building":
        small = rules.small_per_large
        return [c for i in complete_industries(board, state, seat) for c in board.industries[i].cells
                if state.level[c] < small and not build_problem(board, rules, state, seat, c, True)]
    if effect == "return_plot":  # a mortgaged plot: its loan is repaid (RuleSet.return_mortgaged_plot)
        repay = rules.return_mortgaged_plot == "repay"
        cash = state.players[seat].cash
        return [c for c in board.ownable if state.owner[c] == seat and not building_locks(board, rules, state, c)
                and (not state.mortgaged[c] or (repay and cash >= mortgage_value(board, rules, c)))]
    if effect == "auction_unowned":
        return [c for c in board.ownable if state.owner[c] < 0]
    if effect == "free_half":  # Junior: any free property, if the player has a kiosk to put on it
        return [c for c in board.ownable if state.owner[c] < 0] if kiosks_left(board, rules, state, seat) > 0 else []
    return []


def trade_problem(board: Board, rules: RuleSet, state: GameState, seat: int, trade: Any) -> str:
    """Why ``seat`` may not offer ``trade`` ("" when the offer is valid)."""
    if not isinstance(trade, Trade):
        return Refusal("not_a_trade")
    malformed = trade.malformed()  # first: the fields below are read as the numbers they must be
    if malformed:
        return malformed
    partner = trade.partner
    if not 0 <= partner < len(state.players) or partner == seat:
        return Refusal("partner", partner=partner)
    if state.players[partner].bankrupt:
        return Refusal("partner_bankrupt", player=state.players[partner].name)
    if not (trade.give_cells or trade.take_cells or trade.give_cash or trade.take_cash
            or trade.give_cards or trade.take_cards):
        return Refusal("empty_offer")
    mortgaged_ok = rules.trade_mortgaged
    for cells, side in ((trade.give_cells, seat), (trade.take_cells, partner)):
        if len(set(cells)) != len(cells):
            return Refusal("cell_twice")
        for cell in cells:
            if not 0 <= cell < board.size:
                return Refusal("not_a_cell", cell=cell)
            if not tradeable(board, rules, state, cell, side, mortgaged_ok):
                info = board.cells[cell]
                if state.owner[cell] != side:
                    return Refusal("not_owner", name=info.name_en, cell=cell, player=state.players[side].name)
                if state.mortgaged[cell]:
                    return kept_refusal("mortgaged", cell, info.name_en)
                plot_locks = rules.locked_by_building == "plot"
                return kept_refusal("plot_buildings" if plot_locks else "industry_buildings", cell, info.name_en)
    for cash, side in ((trade.give_cash, seat), (trade.take_cash, partner)):
        if cash > state.players[side].cash:
            return Refusal("has_only", player=state.players[side].name, cash=state.players[side].cash)
    if mortgaged_ok:  # whoever receives a mortgaged property pays the fee at once
        for cells, side, cash in ((trade.take_cells, seat, trade.take_cash - trade.give_cash),
                                  (trade.give_cells, partner, trade.give_cash - trade.take_cash)):
            fees = sum(mortgage_transfer_fee(board, rules, c) for c in cells if state.mortgaged[c])
            if fees > state.players[side].cash + cash:
                return Refusal("fees_after_trade", player=state.players[side].name, fees=fees)
    for cards, side in ((trade.give_cards, seat), (trade.take_cards, partner)):
        if len(set(cards)) != len(cards):
            return Refusal("card_twice")
        for card in cards:
            if list(card) not in state.players[side].cards:
                return Refusal("card_not_theirs", player=state.players[side].name, card=card)
            if board.decks[card[0]].cards[card[1]].effect != "jail_free":
                return Refusal("release_only")
    return ""


def share_problem(state: GameState, seat: int, what: str, count: int) -> str:
    """Why ``seat`` may not buy (``"buy_shares"``) or sell ``count`` shares now ("" when he may)."""
    market = state.market
    assert market is not None
    if count < 1:
        return Refusal("shares_low")
    if what == "buy_shares":
        most = state.players[seat].cash // market["price"]
        return "" if count <= most else Refusal("shares_cash", most=most)
    held = market["shares"][seat]
    return "" if count <= held else Refusal("shares_held", held=held)


def policy_problem(board: Board, state: GameState, seat: int, number: int) -> str:
    """Why ``seat`` may not buy policy ``number`` (1, 2, ... of the board's list) now ("" when he may).
    A player holds at most one policy of each kind (decision)."""
    policies = board.policies
    if not 1 <= number <= len(policies):
        return Refusal("policy_number", number=number, count=len(policies))
    policy = policies[number - 1]
    market = state.market
    assert market is not None
    if any(held[0] == policy.kind for held in market["policies"][seat]):
        return Refusal("policy_held", kind=policy.kind)
    cash = state.players[seat].cash
    return "" if cash >= policy.premium else Refusal("premium_short", cash=cash, premium=policy.premium)


def lot_options(board: Board, state: GameState, seat: int) -> list[int]:
    """The plots waiting on the Auction cell that ``seat`` can pay for, in board order."""
    market = state.market
    assert market is not None
    cash = state.players[seat].cash
    return sorted(c for c in market["waiting"] if board.cells[c].price <= cash)
