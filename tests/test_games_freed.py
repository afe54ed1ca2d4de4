"""A finished game is freed as soon as nothing holds it: no reference cycle keeps it (and its actions,
events and state) waiting for Python's cyclic collector, which would also walk it at every collection.

Each test turns the cyclic collector off, plays, lets go of the game and counts the games still alive;
the games of the bots leave nothing at all for the collector (a compiled nested function that reads the
game is a cycle of its own, holding the game until a collection).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from millionaire import Game, load_board
from millionaire.agents import make_agent
from millionaire.editions import EDITIONS

LINEUP = ["monopolist", "aggressive", "cautious", "random"]


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The cyclic collector off for the test, everything earlier already collected."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def games_alive() -> int:
    """How many games the collector can still see (a game in a cycle is one of them)."""
    return sum(1 for thing in gc.get_objects() if isinstance(thing, Game))


@pytest.mark.parametrize("events", [True, False], ids=["events", "no-events"])
@pytest.mark.parametrize("key", [edition.key for edition in EDITIONS])
def test_a_finished_game_is_freed_without_the_cyclic_collector(key, events, collector_off):
    board = load_board(key)
    players = min(4, next(e for e in EDITIONS if e.key == key).players[1])
    before = games_alive()
    for seed in range(3):
        game = Game(board, agents=LINEUP[:players], seed=seed, record_events=events)
        game.run(max_rounds=150)
        del game
    assert games_alive() == before, f"{key}: a finished game is held in a reference cycle"
    assert gc.collect() == 0, f"{key}: the games left objects in reference cycles"


def test_one_bot_at_several_games_holds_none_of_them(collector_off):
    board = load_board("monopoly-us")
    bot = make_agent("monopolist")
    before = games_alive()
    for seed in range(3):
        game = Game(board, agents=[bot, "monopolist", "cautious"], seed=seed, record_events=False)
        game.run(max_rounds=150)
        del game
    assert games_alive() == before


@pytest.mark.parametrize("kind", ["single_seat", "aec"])
def test_an_environment_s_finished_episodes_are_freed(kind, collector_off):
    pytest.importorskip("gymnasium", reason="the rl group is not installed: pip install -e '.[rl]'")
    pytest.importorskip("pettingzoo", reason="the rl group is not installed: pip install -e '.[rl]'")
    from millionaire.envs import aec_env, single_seat_env

    if kind == "single_seat":
        env = single_seat_env("monopoly-us", opponents=("monopolist",), max_rounds=40)
        env.reset(seed=1)
        before = games_alive()  # the episode under way, which the next reset lets go of
        for seed in range(2, 5):
            _, info = env.reset(seed=seed)
            done = False
            while not done:
                _, _, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))
                done = terminated or truncated
    else:
        env = aec_env("monopoly-us", players=2, max_rounds=40)
        env.reset(seed=1)
        before = games_alive()
        for seed in range(2, 5):
            env.reset(seed=seed)
            for _agent in env.agent_iter():
                _, _, terminated, truncated, info = env.last()
                env.step(None if terminated or truncated else int(info["action_mask"].nonzero()[0][0]))
    assert games_alive() == before, f"{kind}: an episode's game outlives the next reset"
