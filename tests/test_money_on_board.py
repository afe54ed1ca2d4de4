"""Landings counted token by token over a short game: the spread behind lessons 04 and 05's money on the board."""

from __future__ import annotations

import numpy as np
import pytest

from millionaire import load_board
from millionaire.landing_sim import landings_in_turns
from millionaire.markov import movement_chain


def exact_from_start(board, turns: int, jail: str, after: int = 0) -> np.ndarray:
    """Expected landings (and detentions) in turns ``after`` .. ``after + turns - 1`` from START, by the exact chain."""
    chain = movement_chain(board, jail=jail)
    weights = np.zeros(chain.turn_chain.n)
    weights[chain._ends.tolist().index(0)] = 1.0
    expected = np.zeros(board.size + 1)
    for turn in range(after + turns):
        if turn >= after:
            expected += weights @ chain._turn_landings
        weights = weights @ chain.turn_chain.P
    return expected


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
@pytest.mark.parametrize("jail", ["short", "long"])
def test_mean_landings_match_the_exact_chain_from_start(key, jail):
    board = load_board(key)
    counts = landings_in_turns(board, 40, 20_000, jail=jail, decks="uniform", seed=8)
    mean, error = counts.mean(axis=0), counts.std(axis=0) / np.sqrt(len(counts))
    z = (mean - exact_from_start(board, 40, jail)) / np.where(error > 0, error, 1)
    assert np.abs(z).max() < 4.5, (np.argmax(np.abs(z)), z.max())


def test_counting_after_a_start_matches_the_chain():
    board = load_board("millionaire-classic")
    counts = landings_in_turns(board, 10, 20_000, decks="uniform", seed=9, after=20)
    error = counts.std(axis=0) / np.sqrt(len(counts))
    z = (counts.mean(axis=0) - exact_from_start(board, 10, "short", after=20)) / np.where(error > 0, error, 1)
    assert np.abs(z).max() < 4.5
    assert (counts.sum(axis=1) >= 10).all()


def test_each_token_is_kept_apart_and_seeded():
    board = load_board("monopoly-us")
    first = landings_in_turns(board, 5, 300, seed=1)
    assert first.shape == (300, 41) and first.dtype == np.int64
    assert (landings_in_turns(board, 5, 300, seed=1) == first).all()
    assert (first.sum(axis=1) >= 5).all()          # a turn lands at least once, or detains
    assert len({tuple(row) for row in first}) > 100   # tokens differ from each other


@pytest.mark.parametrize("kwargs, match", [
    ({"turns": 0}, "turns"), ({"tokens": 0}, "tokens"), ({"after": -1}, "after"), ({"turns": True}, "turns"),
    ({"jail": "forever"}, "jail"), ({"decks": "stacked"}, "decks"),
])
def test_bad_arguments_are_refused(kwargs, match):
    arguments = {"turns": 3, "tokens": 10} | kwargs
    with pytest.raises(ValueError, match=match):
        landings_in_turns(load_board("millionaire-classic"), **arguments)
