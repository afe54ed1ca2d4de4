"""The registry of kinds (millionaire/kinds.py) is what the engine, the save loader and the decision
handlers read: today's strings, every decision's answers, its record's fields, the editions' mechanics."""

from __future__ import annotations

import pytest

from helpers import random_play

from millionaire import Game, load_board
from millionaire.actions import DECISION_KINDS
from millionaire.decisions import HANDLER_OF_RECORD, HANDLERS
from millionaire.editions import EDITIONS
from millionaire.elite import Elite
from millionaire.junior import Junior
from millionaire.kinds import DECISIONS, TASKS, WINDOW_ANSWERS, ActionKind, DecisionKind, TaskKind
from millionaire.mechanics import Mechanics
from millionaire.pending import RECORDS
from millionaire.state import _DECISIONS, _TASKS, _StateLoader

SAVED_DECISIONS = ["roll", "manage", "buy", "bid", "jackpot", "choose", "raise", "trade_reply", "exchange",
                   "insurance", "lot", "present", "claim"]
SAVED_TASKS = ["turn", "roll", "jailroll", "endturn", "land", "arrive", "pay", "auction", "draw", "after_roll",
               "release", "choose", "window", "insured"]


def test_the_kinds_are_the_strings_saves_hold():
    assert [kind.value for kind in DecisionKind] == SAVED_DECISIONS == list(DECISIONS) == list(DECISION_KINDS)
    assert [kind.value for kind in TaskKind] == SAVED_TASKS == list(TASKS) == list(_TASKS)
    assert all(type(key) is str for key in [*DECISIONS, *TASKS, *DECISION_KINDS])  # printed as they always were
    assert ActionKind("pass") is ActionKind.PASS and ActionKind.USE_CARD == "use_card"


def test_the_save_schema_and_the_handlers_are_the_registry():
    assert _DECISIONS == {kind: spec.fields for kind, spec in DECISIONS.items()}
    assert set(HANDLERS) == set(DECISIONS)
    assert all(HANDLERS[kind].answers == {str(a) for a in spec.answers} for kind, spec in DECISIONS.items())
    # the engine finds a decision's handler by its record's class: each record's kind's handler
    assert {record.kind: handler for record, handler in HANDLER_OF_RECORD.items()} == HANDLERS
    assert set(HANDLER_OF_RECORD) == set(RECORDS.values())
    assert [kind for kind, spec in DECISIONS.items() if spec.window] == ["roll", "manage", "raise"]
    # each kind's check against the position, named in the registry, is the save loader's
    assert all(callable(getattr(_StateLoader, spec.fits, None)) for spec in DECISIONS.values())
    assert {kind: list(spec.optional) for kind, spec in DECISIONS.items() if spec.optional} == {
        "manage": ["between"], "bid": ["building", "resume"]}


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.key)
def test_every_legal_action_is_an_answer_the_registry_names(edition):
    board = load_board(edition.key)
    met = set()
    for game in random_play(board, seeds=3, moves=400):
        kind = game.pending.kind
        met.add(kind)
        for action in game.legal_actions():
            assert action.kind in DECISIONS[kind].answers or action.kind in WINDOW_ANSWERS, (kind, action)
            assert game.is_legal(action), (kind, action)
    assert {"roll", "manage", "buy"} <= met


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.key)
def test_each_edition_plays_with_its_mechanics(edition):
    game = Game(load_board(edition.key), agents=["cautious"] * 2, seed=1)
    expected = {"millionaire-elite": Elite, "millionaire-junior": Junior}.get(edition.key, Mechanics)
    assert type(game.mechanics) is expected
    assert game.mechanics.claim(game, 0, "rent", 50, 1) == 50  # nobody holds a policy yet
