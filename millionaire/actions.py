"""Actions, decisions and trade offers: the words the engine and the agents speak.

An :class:`Action` is a small value whose ``repr`` is the call that makes it, so what you print you
can paste back. A :class:`Decision` says what the engine waits for and for whom.

Examples
--------
>>> Action.bid(120)
Action.bid(120)
>>> Action.build(39) == Action("build", cell=39)
True
>>> Trade(partner=2, give_cells=(1,), take_cash=150)
Trade(partner=2, give_cells=(1,), take_cash=150)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .errors import Refusal
from .kinds import DECISIONS

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .pending import Pending

#: Decision kinds and what each asks (the registry's texts: :data:`millionaire.kinds.DECISIONS`).
DECISION_KINDS: dict[str, str] = {kind: spec.text for kind, spec in DECISIONS.items()}


def is_card_ref(card: Any) -> bool:
    """A kept card named as ``(deck key, card number)``.

    >>> is_card_ref(("chance", 3)), is_card_ref(5)
    (True, False)
    """
    return (isinstance(card, (tuple, list)) and len(card) == 2 and isinstance(card[0], str)
            and type(card[1]) is int)


def _whole(value: Any) -> bool:
    return type(value) is int


@dataclass(frozen=True)
class Trade:
    """A trade offer from the player who is deciding to ``partner``.

    ``give_*`` goes from the proposer to the partner, ``take_*`` from the partner to the proposer.
    Cells must be unbuilt (no building in their industry) and unmortgaged; cards are kept release
    cards given as ``(deck, number)``.
    """

    partner: int
    give_cells: tuple[int, ...] = ()
    take_cells: tuple[int, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: tuple[tuple[str, int], ...] = ()
    take_cards: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        for name in ("give_cells", "take_cells", "give_cards", "take_cards"):
            value = getattr(self, name)
            if isinstance(value, list):  # lists are welcome; the fields hold tuples
                object.__setattr__(self, name, tuple(tuple(v) if isinstance(v, list) else v for v in value))

    def malformed(self) -> str:
        """Why a field has the wrong type ("" when every field is of the right kind).

        >>> Trade(partner=1, give_cash="100").malformed()
        "cash '100' must be a whole amount >= 0"
        """
        if not _whole(self.partner):
            return Refusal("partner", partner=self.partner)
        for cells in (self.give_cells, self.take_cells):
            if not isinstance(cells, tuple):
                return Refusal("cells_type", cells=cells)
            for cell in cells:
                if not _whole(cell):
                    return Refusal("not_a_cell", cell=cell)
        for cash in (self.give_cash, self.take_cash):
            if not _whole(cash) or cash < 0:
                return Refusal("cash_type", cash=cash)
        for cards in (self.give_cards, self.take_cards):
            if not isinstance(cards, tuple) or not all(isinstance(c, tuple) and is_card_ref(c) for c in cards):
                return Refusal("cards_type", cards=cards)
        return ""

    def __repr__(self) -> str:
        parts = [f"partner={self.partner}"]
        for f in fields(self)[1:]:
            value = getattr(self, f.name)
            if value:
                parts.append(f"{f.name}={value!r}")
        return f"Trade({', '.join(parts)})"

    def to_list(self) -> list[Any]:
        """JSON-safe form, as stored in a saved game."""
        return [self.partner, list(self.give_cells), list(self.take_cells), self.give_cash, self.take_cash,
                [list(c) for c in self.give_cards], [list(c) for c in self.take_cards]]

    @classmethod
    def from_list(cls, data: list[Any]) -> Trade:
        """Rebuild from :meth:`to_list`."""
        partner, give, take, give_cash, take_cash, give_cards, take_cards = data
        return cls(partner, tuple(give), tuple(take), give_cash, take_cash,
                   tuple(tuple(c) for c in give_cards), tuple(tuple(c) for c in take_cards))


class Action:
    """One answer to a decision. Build them with the class methods (``Action.roll()``, ...)."""

    __slots__ = ("kind", "cell", "amount", "card", "trade")

    def __init__(self, kind: str, cell: int = -1, amount: int = 0,
                 card: tuple[str, int] | None = None, trade: Trade | None = None) -> None:
        self.kind = kind
        self.cell = cell
        self.amount = amount
        self.card = tuple(card) if isinstance(card, list) else card
        self.trade = trade

    def malformed(self) -> str:
        """Why a field has the wrong type to be any answer ("" when the types are right); the
        engine asks this first, so text where a number belongs is refused, not crashed on.

        >>> Action("build", cell="3").malformed()
        "the cell must be a whole number, got '3'"
        """
        if not isinstance(self.kind, str):
            return Refusal("kind_type", kind=self.kind)
        if not _whole(self.cell):
            return Refusal("cell_type", cell=self.cell)
        if not _whole(self.amount):
            return Refusal("amount_type", amount=self.amount)
        if self.card is not None and not is_card_ref(self.card):
            return Refusal("card_type", card=self.card)
        if self.trade is not None:
            return self.trade.malformed() if isinstance(self.trade, Trade) else Refusal("not_a_trade_value", trade=self.trade)
        return ""

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.cell, self.amount, self.card, self.trade)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        has_cell = not (isinstance(self.cell, int) and self.cell < 0)  # anything but "no cell", even bad input
        args = []
        if has_cell:
            args.append(repr(self.cell))
        if self.amount:
            args.append(repr(self.amount))
        if self.card is not None:
            args.append(repr(self.card))
        if self.trade is not None:
            args.append(repr(self.trade))
        if self.kind == "use_card" and self.card is not None:
            return f"Action.use_card({self.card!r}{', ' + repr(self.cell) if has_cell else ''})"
        name = "pass_" if self.kind == "pass" else self.kind  # `pass` is a Python keyword
        return f"Action.{name}({', '.join(args)})"

    def to_list(self) -> list[Any]:
        """JSON-safe form (for replays)."""
        return [self.kind, self.cell, self.amount, list(self.card) if self.card else None,
                self.trade.to_list() if self.trade else None]

    @classmethod
    def from_list(cls, data: list[Any]) -> Action:
        """Rebuild from :meth:`to_list`."""
        kind, cell, amount, card, trade = data
        return cls(kind, cell, amount, tuple(card) if card else None, Trade.from_list(trade) if trade else None)

    # Constructors, one per kind of answer.
    @classmethod
    def roll(cls) -> Action:
        """Roll the dice (also: roll again after a double; roll for a double when detained)."""
        return cls("roll")

    @classmethod
    def pay_fine(cls) -> Action:
        """Detained: pay the fine and roll normally."""
        return cls("pay_fine")

    @classmethod
    def end_turn(cls) -> Action:
        """Finish the turn."""
        return cls("end_turn")

    @classmethod
    def buy(cls) -> Action:
        """Buy the property at its price."""
        return cls("buy")

    @classmethod
    def decline(cls) -> Action:
        """Do not buy: the property goes to auction."""
        return cls("decline")

    @classmethod
    def bid(cls, amount: int) -> Action:
        """Bid ``amount`` in the auction."""
        return cls("bid", amount=amount)

    @classmethod
    def pass_(cls) -> Action:
        """Leave the auction."""
        return cls("pass")

    @classmethod
    def bet(cls, amount: int) -> Action:
        """Play the slot machine with this bet."""
        return cls("bet", amount=amount)

    @classmethod
    def skip(cls) -> Action:
        """Do not play the slot machine."""
        return cls("skip")

    @classmethod
    def choose(cls, cell: int) -> Action:
        """Answer a card's question with a cell."""
        return cls("choose", cell=cell)

    @classmethod
    def build(cls, cell: int) -> Action:
        """Build one building on a plot."""
        return cls("build", cell=cell)

    @classmethod
    def sell(cls, cell: int) -> Action:
        """Sell one building of a plot to the bank."""
        return cls("sell", cell=cell)

    @classmethod
    def mortgage(cls, cell: int) -> Action:
        """Mortgage an unbuilt property."""
        return cls("mortgage", cell=cell)

    @classmethod
    def redeem(cls, cell: int) -> Action:
        """Redeem a mortgaged property (before rolling)."""
        return cls("redeem", cell=cell)

    @classmethod
    def use_card(cls, card: tuple[str, int], cell: int = -1) -> Action:
        """Use a kept card (a release card; a take-a-plot or free-building card on ``cell``)."""
        return cls("use_card", cell=cell, card=tuple(card))  # type: ignore[arg-type]

    @classmethod
    def offer(cls, trade: Trade) -> Action:
        """Offer a trade to another player."""
        return cls("offer", trade=trade)

    @classmethod
    def accept(cls) -> Action:
        """Accept the trade offered."""
        return cls("accept")

    @classmethod
    def reject(cls) -> Action:
        """Reject the trade offered."""
        return cls("reject")

    @classmethod
    def buy_shares(cls, count: int) -> Action:
        """At the Exchange: buy ``count`` shares at the share price."""
        return cls("buy_shares", amount=count)

    @classmethod
    def sell_shares(cls, count: int) -> Action:
        """At the Exchange: sell ``count`` of your shares at the share price."""
        return cls("sell_shares", amount=count)

    @classmethod
    def buy_policy(cls, number: int) -> Action:
        """At the insurance company: buy policy ``number`` (1, 2, ... as the board lists them)."""
        return cls("buy_policy", amount=number)

    @classmethod
    def claim(cls) -> Action:
        """Hand in the policy that covers what has just happened (Elite; ``Action.skip()`` keeps it).

        >>> Action.claim()
        Action.claim()
        """
        return cls("claim")


class Decision:
    """What the engine waits for: ``kind`` (see :data:`DECISION_KINDS`), for ``player`` (a seat).

    Other fields depend on the kind: ``cell`` (buy, bid, choose's card), ``amount`` (a debt),
    ``high``/``high_bidder`` (bid), ``options`` (choose), ``again`` (manage: a double was rolled),
    ``trade`` (trade_reply), each as a save holds it. ``data`` is the decision's record
    (:mod:`millionaire.pending`), which reads as that dict too.
    """

    __slots__ = ("game", "data")

    def __init__(self, game: Game, data: Pending) -> None:
        self.game = game
        self.data = data

    @property
    def kind(self) -> str:
        return self.data.kind

    @property
    def player(self) -> int:
        return self.data.player

    def __getattr__(self, name: str) -> Any:
        try:
            return self.data[name]
        except KeyError:
            raise AttributeError(name) from None

    def legal_actions(self) -> list[Action]:
        """The actions the engine accepts now (one representative for bid and bet amounts:
        the lowest and highest; any amount in between is legal too)."""
        return self.game.legal_actions()

    def __repr__(self) -> str:
        extra = {k: v for k, v in self.data.items() if k not in ("kind", "player", "resume")}
        detail = ", ".join(f"{k}={v!r}" for k, v in extra.items())
        return f"<Decision {self.kind} for player {self.player}{': ' + detail if detail else ''}>"
