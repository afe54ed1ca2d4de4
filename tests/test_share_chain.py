"""The share price of Millionaire Elite as a Markov chain: built from the Exchange rule and the
Fortune deck's price cards, checked against sampling and against the engine's own games."""

from __future__ import annotations

import numpy as np
import pytest

from millionaire import Game, load_board
from millionaire.markov import movement_chain
from millionaire.share_chain import (card_matrix, exchange_matrix, price_events, price_summary, share_chain,
                                     simulate_prices, stationary)
from millionaire.shares import ShareMarket


@pytest.fixture(scope="module")
def elite():
    return load_board("millionaire-elite")


def test_one_exchange_visit_moves_by_the_die_and_stops_at_the_ends(elite):
    market = elite.shares
    matrix = exchange_matrix(market)
    assert np.allclose(matrix.sum(axis=1), 1)
    start = market.level(100)
    reached = {market.prices[j]: p for j, p in enumerate(matrix[start]) if p}
    assert reached == pytest.approx({70: 1 / 6, 80: 1 / 6, 90: 1 / 6, 110: 1 / 6, 120: 1 / 6, 130: 1 / 6})
    assert matrix[0, 0] == pytest.approx(3 / 6)  # -3, -2, -1 from the floor all stay there
    assert matrix[-1, -1] == pytest.approx(3 / 6)


def test_a_price_card_sets_or_moves_the_price(elite):
    market = elite.shares
    cards = {c.index: c for c in elite.decks["fortune"].cards}
    crash = card_matrix(market, cards[0])
    assert (crash[:, market.level(50)] == 1).all()
    up = card_matrix(market, next(c for c in cards.values() if c.effect == "share_points" and c.points == 2))
    assert up[market.level(300), market.level(320)] == 1 and up[-1, -1] == 1


def test_the_events_per_turn_come_from_the_landing_chain(elite):
    landing = movement_chain(elite).probabilities(per="landing")
    events = price_events(elite)
    assert events["exchange"] == pytest.approx(landing[3] + landing[32])
    price_cards = [c for c in elite.decks["fortune"].cards if c.effect in ("share_price", "share_points")]
    assert len(events) == 1 + len(price_cards) == 8
    for card in price_cards:
        assert events[f"fortune:{card.index}"] == pytest.approx((landing[13] + landing[27]) / 16)


def test_the_chain_is_stochastic_with_one_long_run_distribution(elite):
    matrix = share_chain(elite)
    assert matrix.shape == (50, 50) and np.allclose(matrix.sum(axis=1), 1) and (matrix >= 0).all()
    pi = stationary(matrix)
    assert pi.sum() == pytest.approx(1) and np.allclose(pi @ matrix, pi, atol=1e-12)
    assert np.allclose(pi, np.linalg.matrix_power(matrix, 5000)[0], atol=1e-6)  # from any start
    rounds = share_chain(elite, players=4)
    assert np.allclose(rounds, np.linalg.matrix_power(matrix, 4))


def test_stationary_of_a_small_chain():
    assert stationary(np.array([[0.9, 0.1], [0.5, 0.5]])) == pytest.approx([5 / 6, 1 / 6])


def test_the_summary_matches_the_distribution(elite):
    summary = price_summary(elite)
    prices = np.array(elite.shares.prices)
    pi = stationary(share_chain(elite))
    assert summary["mean"] == pytest.approx(pi @ prices)
    assert summary["spread"] == pytest.approx(np.sqrt(pi @ (prices - pi @ prices) ** 2))
    # the floor, where cards and the die pile the price up, is the likeliest price
    assert prices[np.argmax(pi)] == elite.shares.minimum
    assert 10 <= summary["median"] <= summary["mean"] <= 500


def test_the_chain_agrees_with_sampled_prices(elite):
    """4·10^5 sampled player-turns: the share of time at each price within 0.02 in total variation
    (the path is autocorrelated; with this length the distance found is about 0.02 at most)."""
    path = simulate_prices(elite, 400_000, seed=7)
    empirical = np.bincount(elite.shares.level(path), minlength=50) / len(path)
    pi = stationary(share_chain(elite))
    assert 0.5 * np.abs(empirical - pi).sum() < 0.03
    assert path.mean() == pytest.approx(pi @ np.array(elite.shares.prices), rel=0.05)


def test_the_chain_agrees_with_engine_games(elite):
    """60 games of 4 bots that pay to leave Tax Inspection (the chain's "short" jail), 30 rounds (most end by
    the round limit: trading bots bankrupt someone in most games of 60):
    the price moves as often as the chain says (within 4 standard errors of the between-game
    spread), and the mean price after the last turn is the chain's mean after as many turns."""
    games, rounds = 60, 30
    events, turns, finals = np.zeros(games), np.zeros(games), []
    for seed in range(games):
        game = Game(elite, agents=["aggressive"] * 4, seed=seed)
        result = game.run(max_rounds=rounds)
        events[seed] = sum(1 for e in game.events if e.kind == "share_price")
        turns[seed] = result.turns
        if result.reason.startswith("round limit"):
            finals.append((result.turns, game.state.market["price"]))
    rate = events.sum() / turns.sum()
    error = np.sqrt(((events - rate * turns) ** 2).sum() / (games - 1) / games) / turns.mean()
    expected = sum(price_events(elite).values())
    assert abs(rate - expected) <= 4 * error, (rate, expected, error)
    assert len(finals) > 30
    matrix = share_chain(elite)
    start = np.zeros(50)
    start[elite.shares.level(elite.shares.start_price)] = 1
    prices = np.array(elite.shares.prices)
    predicted = [start @ np.linalg.matrix_power(matrix, int(t)) @ prices for t, _ in finals]
    observed = np.array([price for _, price in finals])
    spread = observed.std(ddof=1) / np.sqrt(len(observed))
    assert abs(observed.mean() - np.mean(predicted)) <= 4 * spread


def test_a_board_without_shares_has_no_chain():
    with pytest.raises(ValueError, match="has no shares"):
        share_chain(load_board("millionaire-classic"))


def test_a_ladder_of_one_step():
    market = ShareMarket(start_price=10, minimum=10, maximum=20, point=10, moves=(1, 1, 1, 1, 1, -1))
    assert np.allclose(exchange_matrix(market), [[1 / 6, 5 / 6], [1 / 6, 5 / 6]])
