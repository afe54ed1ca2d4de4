"""The pending decision as a typed record (millionaire/pending.py): one record class a kind, holding the
fields the registry names; saved as the dict saves always held, read back as the same record, and read
like that dict by code written against it."""

from __future__ import annotations

import json

import pytest

from helpers import random_play

from millionaire import Action, Game, GameState, Trade, load_board
from millionaire.editions import EDITIONS
from millionaire.kinds import DECISIONS
from millionaire.pending import (RECORDS, BidPending, BuyPending, ManagePending, Pending, RaisePending, RollPending,
                                 TradeReplyPending, from_dict, pending_cell)


def test_each_kind_has_a_record_holding_the_registry_fields():
    assert list(RECORDS) == list(DECISIONS)
    for kind, spec in DECISIONS.items():
        saved = {name for name, _ in RECORDS[kind].KEYS}
        assert saved == {*spec.fields, *spec.optional, *(["offers"] if spec.window else [])}, kind
        assert RECORDS[kind].kind == kind


def test_a_record_saves_as_the_dict_a_save_holds_and_comes_back():
    window = RollPending(player=1, offers=1)
    reply = TradeReplyPending(player=0, trade=Trade(partner=0, give_cells=(3,), take_cash=50), offerer=1, resume=window)
    saved = reply.to_dict()
    assert saved == {"kind": "trade_reply", "player": 0, "trade": [0, [3], [], 0, 50, [], []], "from": 1,
                     "resume": {"kind": "roll", "player": 1, "offers": 1}}
    assert json.loads(json.dumps(saved)) == saved
    back = from_dict(saved)
    assert type(back) is TradeReplyPending and type(back.resume) is RollPending
    assert back == reply and back.trade == reply.trade and back.offerer == 1 and back.resume.offers == 1


def test_optional_fields_are_saved_only_when_set():
    assert ManagePending(player=0, again=True).to_dict() == {"kind": "manage", "player": 0, "again": True}
    assert "between" in ManagePending(player=0, again=False, between=True)
    bid = BidPending(player=1, cell=5, seller=-1, bidders=[1, 0])
    assert bid.keys() == ["kind", "player", "cell", "seller", "bidders", "high", "high_bidder"]
    assert "resume" not in bid and bid.get("building") is None
    building = BidPending(player=1, cell=5, seller=-1, bidders=[1, 0], high=99, building=True,
                          resume=ManagePending(player=0, again=False))
    assert building.to_dict()["resume"] == {"kind": "manage", "player": 0, "again": False}


def test_a_record_reads_like_its_dict():
    debt = RaisePending(player=2, amount=300, payee=-1)
    assert debt["kind"] == "raise" and debt["amount"] == 300 and debt.get("offers", 0) == 0
    assert dict(debt.items()) == debt.to_dict() and debt == debt.to_dict()
    assert debt != {"kind": "raise", "player": 2, "amount": 301, "payee": -1}
    with pytest.raises(KeyError):
        debt["cell"]
    assert pending_cell(debt) == -1 and pending_cell(BuyPending(player=0, cell=7)) == 7
    assert repr(debt) == "RaisePending(player=2, amount=300, payee=-1)"


def test_a_copy_shares_nothing():
    bid = BidPending(player=1, cell=5, seller=-1, bidders=[1, 0], resume=RollPending(player=0))
    copy = bid.copy()
    assert copy == bid and copy is not bid
    copy.bidders.remove(0)
    copy.resume.offers = 1  # type: ignore[union-attr]
    assert bid.bidders == [1, 0] and bid.resume.offers == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.key)
def test_every_decision_met_in_play_is_its_kinds_record_and_survives_a_save(edition):
    board = load_board(edition.key)
    met: set[str] = set()
    for game in random_play(board, seeds=4, moves=300):
        record = game.state.pending
        assert isinstance(record, Pending) and type(record) is RECORDS[record.kind]
        met.add(record.kind)
        loaded = GameState.from_json(game.state.to_json(), board).pending
        assert type(loaded) is type(record) and loaded == record and loaded is not record
        assert game.pending.data is record and game.pending.kind == record.kind
    assert {"roll", "manage", "buy"} <= met


def test_the_engine_counts_offers_on_the_window_record():
    board = load_board("monopoly-us")
    game = Game(board, agents=[None, None], seed=2)
    game.apply(Action.roll())
    while game.pending.kind != "manage":
        game.apply(game.legal_actions()[0])
    window = game.state.pending
    seat = window.player
    own = next(c for c in board.ownable if game.state.owner[c] == seat) if seat in game.state.owner else None
    offer = Trade(partner=1 - seat, give_cash=1) if own is None else Trade(partner=1 - seat, give_cells=(own,))
    game.apply(Action.offer(offer))
    reply = game.state.pending
    assert isinstance(reply, TradeReplyPending) and reply.resume is window and window.offers == 1
    assert reply["from"] == seat and game.pending.trade == offer.to_list()
