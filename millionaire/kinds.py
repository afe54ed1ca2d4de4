"""The registry of kinds: every decision the engine asks, every answer an action gives, every step of
its work queue, each named once as a string enum whose values are the strings a save holds.

A decision kind's :class:`DecisionSpec` says what it is (the text of
:data:`millionaire.actions.DECISION_KINDS`), which answers it takes, who is asked and the fields of
its pending record in a save; the engine's legal actions, legality check and execution and the save
loader's schema are all read from :data:`DECISIONS` and :data:`TASKS`. A new kind of decision is
one entry here and its handlers in the engine.

Examples
--------
>>> DecisionKind.BUY == "buy", str(ActionKind.PASS), TaskKind("after_roll").name
(True, 'pass', 'AFTER_ROLL')
>>> sorted(str(answer) for answer in DECISIONS["buy"].answers)
['buy', 'decline']
>>> DECISIONS["raise"].fields
{'amount': 'money', 'payee': 'party'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class DecisionKind(StrEnum):
    """What the engine waits for (a pending decision's ``kind``)."""

    ROLL = "roll"
    MANAGE = "manage"
    BUY = "buy"
    BID = "bid"
    JACKPOT = "jackpot"
    CHOOSE = "choose"
    RAISE = "raise"
    TRADE_REPLY = "trade_reply"
    EXCHANGE = "exchange"
    INSURANCE = "insurance"
    LOT = "lot"
    PRESENT = "present"
    CLAIM = "claim"


class ActionKind(StrEnum):
    """An answer's kind (``Action.kind``)."""

    ROLL = "roll"
    PAY_FINE = "pay_fine"
    END_TURN = "end_turn"
    BUY = "buy"
    DECLINE = "decline"
    BID = "bid"
    PASS = "pass"
    BET = "bet"
    SKIP = "skip"
    CHOOSE = "choose"
    BUILD = "build"
    SELL = "sell"
    MORTGAGE = "mortgage"
    REDEEM = "redeem"
    USE_CARD = "use_card"
    OFFER = "offer"
    ACCEPT = "accept"
    REJECT = "reject"
    BUY_SHARES = "buy_shares"
    SELL_SHARES = "sell_shares"
    BUY_POLICY = "buy_policy"
    CLAIM = "claim"


class TaskKind(StrEnum):
    """A step of the engine's work queue (``Game._t_<name>``)."""

    TURN = "turn"
    ROLL = "roll"
    JAILROLL = "jailroll"
    ENDTURN = "endturn"
    LAND = "land"
    ARRIVE = "arrive"
    PAY = "pay"
    AUCTION = "auction"
    DRAW = "draw"
    AFTER_ROLL = "after_roll"
    RELEASE = "release"
    CHOOSE = "choose"
    WINDOW = "window"
    INSURED = "insured"


#: The answers of the management windows (the ``roll`` and ``manage`` decisions), and the part of
#: them a player raising money for a debt may give.
WINDOW_ANSWERS = frozenset({ActionKind.BUILD, ActionKind.SELL, ActionKind.MORTGAGE, ActionKind.REDEEM,
                            ActionKind.OFFER, ActionKind.USE_CARD})
RAISING_ANSWERS = frozenset({ActionKind.SELL, ActionKind.MORTGAGE})


@dataclass(frozen=True)
class DecisionSpec:
    """One kind of decision: ``text`` (what it asks), ``answers`` (its own answers, besides a window's
    management), ``window`` (trades may be offered in it), ``current`` (only the current player is
    asked it), ``fields`` (its pending record's fields besides ``kind`` and ``player``, with the
    kinds the save loader checks them as), ``optional`` (fields a record may leave out, besides a
    window's count of trade ``offers``) and ``fits`` (the save loader's check of such a record
    against the position, by its name in :mod:`millionaire.state`)."""

    kind: DecisionKind
    text: str
    answers: frozenset[ActionKind]
    window: bool = False
    current: bool = False
    fields: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    fits: str = ""


def _spec(kind: DecisionKind, text: str, answers: tuple[ActionKind, ...], fields: dict[str, str], fits: str,
          window: bool = False, current: bool = False, optional: dict[str, str] | None = None) -> tuple[str, DecisionSpec]:
    return kind.value, DecisionSpec(kind, text, frozenset(answers), window, current, fields, optional or {}, fits)


A, D = ActionKind, DecisionKind

#: Every decision kind (by its plain string), in the order the documentation and the environments list them.
DECISIONS: dict[str, DecisionSpec] = dict([
    _spec(D.ROLL, "before rolling: roll, or (detained) pay the fine / use a release card; build, sell, mortgage, "
          "redeem, trade", (A.ROLL, A.PAY_FINE, A.USE_CARD), {}, "pending_window_fits", window=True, current=True),
    _spec(D.MANAGE, "after resolving the cell: build, sell, mortgage, trade, use a kept card; end the turn (or roll "
          "again on a double)", (A.ROLL, A.END_TURN), {"again": "bool"}, "pending_window_fits", window=True, current=True,
          optional={"between": "bool"}),
    _spec(D.BUY, "an unowned property: buy it or decline (it goes to auction)", (A.BUY, A.DECLINE),
          {"cell": "cell"}, "purchase_fits", current=True),
    _spec(D.BID, "an auction: bid more than the highest bid (up to your cash) or pass", (A.BID, A.PASS),
          {"cell": "cell", "seller": "party", "bidders": "seats", "high": "money", "high_bidder": "seat_or_none"},
          "bid_fits", optional={"building": "bool", "resume": "decision"}),
    _spec(D.JACKPOT, "the slot machine: bet 1..cash or skip", (A.BET, A.SKIP), {"cell": "cell"}, "jackpot_fits", current=True),
    _spec(D.CHOOSE, "a card asks for a cell: choose one of the options", (A.CHOOSE,),
          {"purpose": "str", "options": "cells", "card": "card"}, "choice_fits", current=True),
    _spec(D.RAISE, "a debt larger than your cash: sell buildings or mortgage until you can pay", (A.SELL_SHARES,),
          {"amount": "money", "payee": "party"}, "debt_fits", window=True),
    _spec(D.TRADE_REPLY, "a trade offer: accept or reject", (A.ACCEPT, A.REJECT),
          {"trade": "trade", "from": "seat", "resume": "decision"}, "reply_fits"),
    _spec(D.EXCHANGE, "the Exchange (Elite): buy or sell shares at the new price, or skip",
          (A.SKIP, A.BUY_SHARES, A.SELL_SHARES), {"cell": "cell"}, "market_decision_fits", current=True),
    _spec(D.INSURANCE, "the insurance company (Elite): buy a policy by its number, or skip", (A.SKIP, A.BUY_POLICY),
          {"cell": "cell"}, "market_decision_fits", current=True),
    _spec(D.LOT, "the Auction cell (Elite): buy one waiting plot at its price (choose it), or skip",
          (A.SKIP, A.CHOOSE), {"cell": "cell", "options": "cells"}, "market_decision_fits", current=True),
    _spec(D.PRESENT, "a free half another player could not pay for (Junior): accept it free (the token comes to "
          "it) or decline", (A.ACCEPT, A.DECLINE), {"cell": "cell", "from": "seat", "askers": "later_seats"}, "present_fits"),
    _spec(D.CLAIM, "a policy covers what has just happened (Elite): claim (the policy pays and ends) or skip (keep it)",
          (A.CLAIM, A.SKIP), {"policy": "str", "term": "str", "loss": "money", "payee": "party", "reason": "str",
                              "plot": "cell_or_none"}, "claim_fits"),
])

#: Every step of the work queue and the kinds of its arguments, as the save loader checks them; a
#: trailing ``?`` marks an argument that may be left out.
TASKS: dict[str, tuple[str, ...]] = {kind.value: arguments for kind, arguments in {
    TaskKind.TURN: (), TaskKind.ROLL: (), TaskKind.JAILROLL: (), TaskKind.ENDTURN: (),
    TaskKind.LAND: ("cell", "bool", "str", "count", "count"),
    TaskKind.ARRIVE: ("cell", "str", "count", "count"),
    TaskKind.PAY: ("party", "party", "money", "str"),
    TaskKind.AUCTION: ("cell", "party"),
    TaskKind.DRAW: ("deck",),
    TaskKind.AFTER_ROLL: ("bool",),
    TaskKind.RELEASE: ("seat", "str"),
    TaskKind.CHOOSE: ("str", "card", "cells?"),
    TaskKind.WINDOW: ("seat",),
    TaskKind.INSURED: ("seat", "str", "money", "party", "str", "cell_or_none"),
}.items()}
