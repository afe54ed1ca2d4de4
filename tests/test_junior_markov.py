"""Millionaire Junior's one-die landing chain (``docs/rules/millionaire-junior.md``, "For the Markov
chain"): built from movement.py like Classic's, checked against tokens moved one roll at a time and
against engine games."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from millionaire import Game, RuleSet, load_board, movement
from millionaire.markov import MovementChain, format_table, movement_chain, view


@pytest.fixture(scope="module")
def junior():
    return load_board("millionaire-junior")


@pytest.fixture(scope="module")
def chain(junior):
    return movement_chain(junior)


def test_one_die_every_total_equally_likely_unlike_two():
    one, two = movement.sum_distribution(RuleSet.junior()), movement.sum_distribution()
    assert one == {face: Fraction(1, 6) for face in range(1, 7)}
    assert two[7] == Fraction(1, 6) and two[2] == two[12] == Fraction(1, 36)
    assert len(movement.dice_outcomes(RuleSet.junior())) == 6 and sum(p for p, _, _ in movement.ONE_DIE) == 1


def test_the_chain_has_one_state_a_cell_and_nobody_is_detained(chain, junior):
    assert chain.rules == RuleSet.junior()
    assert list(chain.turn_chain.labels) == [(cell, 0) for cell in range(junior.size)]
    assert chain.rolls_per_turn == pytest.approx(1.0)
    roll, turn = chain.probabilities("roll"), chain.probabilities("turn")
    assert roll[-1] == turn[-1] == 0  # no detention
    assert np.allclose(roll, turn) and roll.sum() == pytest.approx(1.0)


def test_the_table_has_a_row_a_cell_and_no_detention_row(chain, junior):
    table = format_table(chain, *view(chain, "roll")).splitlines()
    assert len(table) == 3 + junior.size and "jail" not in table[-1]
    classic = movement_chain(load_board("millionaire-classic"))
    assert format_table(classic, *view(classic, "roll")).splitlines()[-1].split()[0] == "Detained"


def test_the_first_roll_from_start_reaches_one_to_six(chain, junior):
    after = chain.after_turns(1)
    # A plain die: 1/6 on each of cells 1 to 6; a roll of 3 draws a card on cell 3, and each of the
    # eight moving cards (1/20 each) takes the token on: back 2, back 1, on 1, on 2, to the bench, to
    # START, to the Fountain, to the Roller coaster.
    for cell in (1, 2, 4, 5, 6):
        assert after[cell] == pytest.approx(1 / 6 + 1 / 120)
    for cell in (0, 12, 22):
        assert after[cell] == pytest.approx(1 / 120)
    cards = junior.decks["adventure"].cards
    stays = sum(1 for card in cards if not card.moves_token) / len(cards)
    assert stays == 12 / 20 and after[3] == pytest.approx(stays / 6)
    assert after.sum() == pytest.approx(1.0)


def test_a_one_die_chain_differs_from_two_dice_on_the_same_board(junior):
    two = MovementChain(junior, RuleSet.junior().replace(dice=2)).probabilities("roll")
    one = movement_chain(junior).probabilities("roll")
    assert one[-1] == 0 < two[-1] and not np.allclose(one, two)  # two dice: three doubles detain


def walk(board, rules, tokens: int, rolls: int, burn: int, rng) -> np.ndarray:
    """Landings per roll of each token after ``burn`` rolls: each roll samples movement.py's functions
    (one die, the cell's arrival, a card drawn uniformly), by a plain loop."""
    cards = board.decks["adventure"].cards
    counts = np.zeros((tokens, board.size))
    for token in range(tokens):
        position = 0
        for number in range(rolls):
            die = int(rng.integers(1, 7))
            move = movement.roll_move(board, rules, position, 0, die, 0)
            position = move.destination
            arrival = movement.arrival(board, rules, position, True)
            if arrival.action == "draw":
                card = cards[int(rng.integers(len(cards)))]
                if card.moves_token:
                    position = movement.card_move(board, card, position).destination
            if number >= burn:
                counts[token, position] += 1
    return counts / (rolls - burn)


def test_the_chain_agrees_with_tokens_moved_one_roll_at_a_time(chain, junior):
    """2 000 tokens, 80 rolls each after 20 to forget START: 5 standard errors (between tokens) per cell."""
    frequency = walk(junior, RuleSet.junior(), 2_000, 100, 20, np.random.default_rng(17))
    mean, error = frequency.mean(axis=0), frequency.std(axis=0, ddof=1) / np.sqrt(len(frequency))
    exact = chain.probabilities("roll")[:-1]
    assert (np.abs(mean - exact) <= 5 * error).all(), np.abs(mean - exact) / error


def test_the_chain_agrees_with_engine_games(chain, junior):
    """Where each roll ends (the last "move" before the next roll) in 30 seeded games of 3 bots, rich
    enough to play 150 rounds, that never go back to START for want of money (the money rule the chain
    leaves out), counted from the event log; 4 standard errors (between games, ratio estimator) per
    cell. A kept card shortens the deck by one at most, well inside the bound."""
    rules = RuleSet.junior().replace(unaffordable_to_start=False, end_at_first_bankruptcy=False, start_cash=1000)
    games = 30
    ends = np.zeros((games, junior.size))
    for seed in range(games):
        game = Game(junior, rules, agents=["cautious", "aggressive", "monopolist"], seed=seed)
        game.run(max_rounds=150)
        last = -1
        for event in [*game.events, None]:
            if (event is None or event.kind == "roll") and last >= 0:
                ends[seed, last] += 1
                last = -1
            elif event is not None and event.kind == "move":
                last = event.cell
    rolls = ends.sum(axis=1)
    frequency = ends.sum(axis=0) / rolls.sum()
    residual = ends - frequency * rolls[:, None]
    error = np.sqrt((residual ** 2).sum(axis=0) / (games - 1) / games) / rolls.mean()
    exact = chain.probabilities("roll")[:-1]
    assert rolls.sum() > 10_000
    assert (np.abs(frequency - exact) <= 4 * error).all(), (frequency - exact) / error
