"""The decision the engine waits for, as a small typed record of each kind (``GameState.pending``).

Each kind of :data:`millionaire.kinds.DECISIONS` has its record here: :class:`BuyPending` holds the
``cell`` offered, :class:`BidPending` the auction's bidders and high bid, and so on. The engine
reads and writes their attributes; a save holds each as the plain dict of :meth:`Pending.to_dict`,
and :func:`from_dict` makes the record again. A record also reads like that dict (``record["cell"]``,
``record.get("offers", 0)``, ``"between" in record``, ``record == {...}``), so code written against
the dicts keeps working.

Examples
--------
>>> offer = BuyPending(player=0, cell=5)
>>> offer.kind, offer.cell, offer["cell"], offer.to_dict()
('buy', 5, 5, {'kind': 'buy', 'player': 0, 'cell': 5})
>>> window = ManagePending(player=1, again=False, between=True)
>>> "between" in window, "offers" in window, window
(True, False, ManagePending(player=1, again=False, between=True))
>>> from_dict(window.to_dict()) == window
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Trade
from .kinds import DECISIONS


class Pending:
    """What every decision has: its ``kind`` (the class's) and the ``player`` (a seat) it asks.

    ``KEYS`` names the record's fields as a save holds them, in order, each with its attribute
    (they differ only for ``from``, a Python keyword); ``OPTIONAL`` the ones a save leaves out while
    they hold their default (a window's count of trade ``offers``, a building auction's ``resume``).
    """

    kind: ClassVar[str] = ""
    KEYS: ClassVar[tuple[tuple[str, str], ...]] = ()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, player: int) -> None:
        self.player = player

    def saved(self, key: str) -> Any:
        """The value of field ``key`` as a save holds it (a trade as its list; a record it returns
        to as itself, which reads as its dict)."""
        if key == "kind":
            return self.kind
        if key == "player":
            return self.player
        for name, attribute in self.KEYS:
            if name == key:
                value = getattr(self, attribute)
                return value.to_list() if isinstance(value, Trade) else value
        raise KeyError(key)

    def keys(self) -> list[str]:
        """The fields a save holds for this record, in order (an optional one only when it is set)."""
        return ["kind", "player"] + [name for name, attribute in self.KEYS
                                     if name not in self.OPTIONAL or getattr(self, attribute)]

    def to_dict(self) -> dict[str, Any]:
        """The record as a save holds it: JSON-safe, sharing nothing with the record."""
        data: dict[str, Any] = {}
        for key in self.keys():
            value = self.saved(key)
            if isinstance(value, Pending):
                value = value.to_dict()
            elif isinstance(value, list):
                value = [list(item) if isinstance(item, list) else item for item in value]
            data[key] = value
        return data

    def copy(self) -> Pending:
        """An independent copy (for ``GameState.copy``)."""
        return from_dict(self.to_dict())

    def __deepcopy__(self, memo: dict[int, Any]) -> Pending:
        return self.copy()

    # Read as the save's dict.
    def __getitem__(self, key: str) -> Any:
        if key not in self.keys():
            raise KeyError(key)
        return self.saved(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self.saved(key) if key in self.keys() else default

    def __contains__(self, key: object) -> bool:
        return key in self.keys()

    def items(self) -> list[tuple[str, Any]]:
        return [(key, self.saved(key)) for key in self.keys()]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pending):
            return self.to_dict() == other.to_dict()
        if isinstance(other, dict):
            return self.to_dict() == other
        return NotImplemented

    def __repr__(self) -> str:
        shown = ", ".join(f"{attribute}={getattr(self, attribute)!r}" for name, attribute in self.KEYS
                          if name in self.keys())
        return f"{type(self).__name__}(player={self.player}{', ' + shown if shown else ''})"


class WindowPending(Pending):
    """A management window (roll, manage, raise): trades may be offered, ``offers`` counts them."""

    def __init__(self, player: int, offers: int = 0) -> None:
        super().__init__(player)
        self.offers = offers


class RollPending(WindowPending):
    """Before rolling: roll, or (detained) pay the fine or use a release card."""

    kind = "roll"
    KEYS = (("offers", "offers"),)
    OPTIONAL = frozenset({"offers"})


class ManagePending(WindowPending):
    """After the cell is resolved: end the turn, or roll ``again`` after a double; ``between``: a
    window between turns (``RuleSet.build_between_turns``), which just closes."""

    kind = "manage"
    KEYS = (("again", "again"), ("between", "between"), ("offers", "offers"))
    OPTIONAL = frozenset({"between", "offers"})

    def __init__(self, player: int, again: bool, between: bool = False, offers: int = 0) -> None:
        super().__init__(player, offers)
        self.again = again
        self.between = between


class RaisePending(WindowPending):
    """A debt of ``amount`` to ``payee`` larger than the player's cash: sell or mortgage until it is paid."""

    kind = "raise"
    KEYS = (("amount", "amount"), ("payee", "payee"), ("offers", "offers"))
    OPTIONAL = frozenset({"offers"})

    def __init__(self, player: int, amount: int, payee: int, offers: int = 0) -> None:
        super().__init__(player, offers)
        self.amount = amount
        self.payee = payee


class CellPending(Pending):
    """A decision about one ``cell``: the player's own (buy, jackpot, exchange, insurance)."""

    KEYS: ClassVar[tuple[tuple[str, str], ...]] = (("cell", "cell"),)

    def __init__(self, player: int, cell: int) -> None:
        super().__init__(player)
        self.cell = cell


class BuyPending(CellPending):
    """An unowned property: buy it or decline."""

    kind = "buy"


class JackpotPending(CellPending):
    """The slot machine: bet or skip."""

    kind = "jackpot"


class ExchangePending(CellPending):
    """The Exchange (Elite): buy or sell shares, or skip."""

    kind = "exchange"


class InsurancePending(CellPending):
    """The insurance company (Elite): buy a policy, or skip."""

    kind = "insurance"


class LotPending(CellPending):
    """The Auction cell (Elite): buy one of the waiting plots in ``options``, or skip."""

    kind = "lot"
    KEYS = (("cell", "cell"), ("options", "options"))

    def __init__(self, player: int, cell: int, options: list[int]) -> None:
        super().__init__(player, cell)
        self.options = options


class BidPending(Pending):
    """An auction of ``cell`` for ``seller`` among ``bidders`` (in turn order; ``player`` is the one
    asked), ``high`` bid by ``high_bidder`` (-1: nobody yet); ``building``: of a building the bank
    is short of, ordered from the window ``resume`` it returns to."""

    kind = "bid"
    KEYS = (("cell", "cell"), ("seller", "seller"), ("bidders", "bidders"), ("high", "high"),
            ("high_bidder", "high_bidder"), ("building", "building"), ("resume", "resume"))
    OPTIONAL = frozenset({"building", "resume"})

    def __init__(self, player: int, cell: int, seller: int, bidders: list[int], high: int = 0,
                 high_bidder: int = -1, building: bool = False, resume: Pending | None = None) -> None:
        super().__init__(player)
        self.cell = cell
        self.seller = seller
        self.bidders = bidders
        self.high = high
        self.high_bidder = high_bidder
        self.building = building
        self.resume = resume


class ChoosePending(Pending):
    """A card asks for a cell: choose one of ``options``; ``purpose`` is what the card does and
    ``card`` the card in play (``[deck, number]``, or ``None``)."""

    kind = "choose"
    KEYS = (("purpose", "purpose"), ("options", "options"), ("card", "card"))

    def __init__(self, player: int, purpose: str, options: list[int], card: list[Any] | None) -> None:
        super().__init__(player)
        self.purpose = purpose
        self.options = options
        self.card = card


class TradeReplyPending(Pending):
    """A ``trade`` offered by ``offerer`` (saved as ``from``) from the window ``resume``: accept or reject."""

    kind = "trade_reply"
    KEYS = (("trade", "trade"), ("from", "offerer"), ("resume", "resume"))

    def __init__(self, player: int, trade: Trade, offerer: int, resume: WindowPending) -> None:
        super().__init__(player)
        self.trade = trade
        self.offerer = offerer
        self.resume = resume


class PresentPending(Pending):
    """A free half of ``cell`` that ``giver`` (saved as ``from``) could not pay for (Junior);
    ``askers`` are asked in turn if this player declines."""

    kind = "present"
    KEYS = (("cell", "cell"), ("from", "giver"), ("askers", "askers"))

    def __init__(self, player: int, cell: int, giver: int, askers: list[int]) -> None:
        super().__init__(player)
        self.cell = cell
        self.giver = giver
        self.askers = askers


class ClaimPending(Pending):
    """A ``policy`` of ``term`` covers a ``loss`` owed to ``payee`` for ``reason`` (on ``plot``, or
    -1) (Elite): claim or skip."""

    kind = "claim"
    KEYS = (("policy", "policy"), ("term", "term"), ("loss", "loss"), ("payee", "payee"),
            ("reason", "reason"), ("plot", "plot"))

    def __init__(self, player: int, policy: str, term: str, loss: int, payee: int, reason: str, plot: int) -> None:
        super().__init__(player)
        self.policy = policy
        self.term = term
        self.loss = loss
        self.payee = payee
        self.reason = reason
        self.plot = plot


#: The record of each decision kind.
RECORDS: dict[str, type[Pending]] = {record.kind: record for record in (
    RollPending, ManagePending, BuyPending, BidPending, JackpotPending, ChoosePending, RaisePending,
    TradeReplyPending, ExchangePending, InsurancePending, LotPending, PresentPending, ClaimPending)}
assert all({name for name, _ in RECORDS[kind].KEYS} == {*spec.fields, *spec.optional, *(["offers"] * spec.window)}
           for kind, spec in DECISIONS.items()), "each record holds the fields its kind has in the registry"


def pending_cell(data: Pending) -> int:
    """The cell a decision is about: the property offered or auctioned, the cell stood on (-1 when
    it names none).

    >>> pending_cell(JackpotPending(player=0, cell=20)), pending_cell(RollPending(player=0))
    (20, -1)
    """
    if isinstance(data, (CellPending, BidPending, PresentPending)):
        return data.cell
    return -1


def from_dict(data: dict[str, Any]) -> Pending:
    """The record of a decision saved as :meth:`Pending.to_dict` (checked by the save loader first).

    >>> from_dict({"kind": "raise", "player": 2, "amount": 300, "payee": -1}).amount
    300
    """
    record = RECORDS[data["kind"]]
    values = {attribute: data[name] for name, attribute in record.KEYS if name in data}
    if "resume" in values:
        values["resume"] = from_dict(values["resume"])
    if "trade" in values:
        values["trade"] = Trade.from_list(values["trade"])
    for name in ("bidders", "options", "askers", "card"):
        if values.get(name) is not None:
            values[name] = list(values[name])
    return record(data["player"], **values)
