"""Simulations: seeded games on one or several cores, summaries with Wilson intervals, `millionaire simulate`."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from millionaire import Game, RuleSet, load_board
from millionaire.cli import main
from millionaire.simulate import (
    GameSummary, SimulationError, format_summary, game_seed, play_games, summarise, wilson_interval,
)


@pytest.fixture(scope="module")
def classic():
    return load_board("millionaire-classic")


def summary(winner: int, seats: tuple[str, ...], rounds: int, limit: bool = False, seed: int = 0) -> GameSummary:
    """A hand-made game summary."""
    return GameSummary(
        seed=seed, winner_seat=winner, winner_strategy=seats[winner] if winner >= 0 else None,
        seat_strategies=seats, rounds=rounds, turns=len(seats) * rounds,
        reason="round limit: the richest" if limit else "last player standing", stopped_by_limit=limit,
        net_worth=tuple(1000 if i == winner else 0 for i in range(len(seats))),
    )


# ---------------------------------------------------------------------- Wilson intervals
def test_wilson_interval_against_a_hand_computation():
    # 3 successes in 10, z = 1.96: p = 0.3, z²/n = 0.384146, centre = (0.3 + 0.192073) / 1.384146 = 0.355507,
    # half width = 1.96 / 1.384146 * sqrt(0.3 * 0.7 / 10 + 3.841459 / 400) = 1.416016 * 0.174939 = 0.247716.
    low, high = wilson_interval(3, 10)
    assert low == pytest.approx(0.355507 - 0.247716, abs=1e-5)
    assert high == pytest.approx(0.355507 + 0.247716, abs=1e-5)
    assert (round(low, 4), round(high, 4)) == (0.1078, 0.6032)  # the textbook value


def test_wilson_interval_edges():
    z2 = 1.959963984540054 ** 2
    low, high = wilson_interval(0, 10)  # all failures: [0, z² / (n + z²)]
    assert low == 0.0 and high == pytest.approx(z2 / (10 + z2))
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and low == pytest.approx(10 / (10 + z2))
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(500, 1000)  # symmetric around one half, about ±3.1%
    assert low == pytest.approx(1 - high) and high - low == pytest.approx(0.0618, abs=2e-4)


# ---------------------------------------------------------------------- summarise
def test_summarise_hand_made_games():
    c, a = "cautious", "aggressive"
    games = [
        summary(0, (c, c, a), 10),
        summary(1, (c, a, c), 20),
        summary(2, (a, c, c), 30),
        summary(0, (a, c, c), 40),
        summary(2, (c, c, a), 50),
        summary(1, (c, c, a), 60, limit=True),
        summary(0, (c, a, c), 70),
        summary(1, (a, c, c), 80),
        summary(2, (c, a, c), 90, limit=True),
        summary(-1, (c, c, a), 100, limit=True),  # nobody won
    ]
    result = summarise(games)
    assert result["games"] == 10 and result["players"] == 3 and result["no_winner"] == 1
    assert list(result["strategies"]) == ["cautious", "aggressive"]

    cautious = result["strategies"]["cautious"]  # won games 1, 3, 6, 7, 8, 9 holding two seats in each game
    assert (cautious["games"], cautious["seats"], cautious["wins"]) == (10, 2, 6)
    assert cautious["rate"] == pytest.approx(6 / 20)
    low, high = wilson_interval(6, 10)
    assert (cautious["low"], cautious["high"]) == pytest.approx((low / 2, high / 2))

    aggressive = result["strategies"]["aggressive"]  # won games 2, 4, 5 holding one seat
    assert (aggressive["wins"], aggressive["rate"]) == (3, 0.3)
    assert (aggressive["low"], aggressive["high"]) == pytest.approx(wilson_interval(3, 10))
    assert (aggressive["low"], aggressive["high"]) == pytest.approx((0.1078, 0.6032), abs=1e-4)

    assert [row["wins"] for row in result["seats"]] == [3, 3, 3]
    assert [row["seat"] for row in result["seats"]] == [1, 2, 3]
    assert result["seats"][0]["rate"] == 0.3
    assert (result["seats"][0]["low"], result["seats"][0]["high"]) == pytest.approx(wilson_interval(3, 10))

    rounds = result["rounds"]
    assert rounds["mean"] == 55 and rounds["median"] == 55
    # numpy's linear quantiles of 10, 20, ..., 100: 10 + 0.025 * 9 * 10 and 10 + 0.975 * 9 * 10.
    assert rounds["low"] == pytest.approx(12.25) and rounds["high"] == pytest.approx(97.75)
    assert (rounds["min"], rounds["max"]) == (10, 100)
    assert result["turns"]["mean"] == 165
    assert result["limit"] == {"games": 3, "share": 0.3}


def test_summarise_mixed_table_sizes():
    """Seats beyond a small table only count the games that had them."""
    games = [summary(0, ("cautious", "random"), 5), summary(2, ("cautious", "random", "random"), 7)]
    result = summarise(games)
    assert [(row["games"], row["wins"]) for row in result["seats"]] == [(2, 1), (2, 0), (1, 1)]
    random_ = result["strategies"]["random"]
    assert random_["seats"] == 1.5 and random_["rate"] == pytest.approx(1 / 3)


def test_summarise_needs_games():
    with pytest.raises(SimulationError, match="no games"):
        summarise([])


def test_format_summary_in_both_languages():
    games = [summary(i % 2, ("cautious", "monopolist"), 10 + i, limit=i == 3) for i in range(8)]
    en = format_summary(summarise(games), "en")
    assert "a fair share is 50.0%" in en
    # Wilson for 4 of 8: centre 0.5, half width 1.96 / 1.4802 * sqrt(0.03125 + 0.015005) = 0.2848.
    assert "  cautious    seats 1    wins 4   50.0%  [21.5%, 78.5%]" in en
    assert "  seat 2  wins 4   50.0%  [21.5%, 78.5%]" in en
    assert "Game length in rounds: mean 13.5, median 13.5, 95% of games between 10.2 and 16.8" in en
    assert "Stopped by the round limit" in en and "1 of 8 games (12.5%)" in en
    ru = format_summary(summarise(games), "ru")
    assert "Доля побед по стратегиям" in ru and "место 2  побед 4" in ru and "1 из 8 партий (12.5%)" in ru


# ---------------------------------------------------------------------- play_games
def test_game_seeds_are_deterministic_and_distinct():
    seeds = [game_seed(7, g) for g in range(200)]
    assert seeds == [game_seed(7, g) for g in range(200)]
    assert len(set(seeds)) == 200
    assert not set(seeds) & {game_seed(8, g) for g in range(200)}


def test_play_games_is_independent_of_jobs_and_of_the_number_of_games(classic):
    lineup = ["cautious", "aggressive", "random"]
    one = play_games(classic, None, lineup, games=10, seed=3, max_rounds=60, jobs=1)
    two = play_games(classic, None, lineup, games=10, seed=3, max_rounds=60, jobs=2)
    assert one == two
    assert play_games(classic, None, lineup, games=4, seed=3, max_rounds=60) == one[:4]
    assert len({g.seed for g in one}) == 10
    for game in one:
        assert sorted(game.seat_strategies) == sorted(lineup)
        if game.winner_seat >= 0:
            assert game.winner_strategy == game.seat_strategies[game.winner_seat]
        assert game.rounds <= 60 and game.stopped_by_limit == (game.reason == "round limit: the richest")
        assert len(game.net_worth) == 3


def test_a_summary_seed_replays_its_game(classic):
    lineup = ["monopolist", "random"]
    game = play_games(classic, None, lineup, games=3, seed=9, max_rounds=80)[2]
    replay = Game(classic, agents=lineup, seed=game.seed)
    result = replay.run(max_rounds=80)
    assert (result.winner, result.rounds, result.turns, result.net_worth) == (
        game.winner_seat, game.rounds, game.turns, game.net_worth)
    assert tuple(agent.name for agent in replay.agents) == game.seat_strategies


def test_play_games_stops_at_the_round_limit(classic):
    games = play_games(classic, RuleSet.classic(), ["cautious"] * 2, games=3, seed=1, max_rounds=2)
    assert all(g.rounds == 2 and g.stopped_by_limit for g in games)
    assert summarise(games)["limit"] == {"games": 3, "share": 1.0}


@pytest.mark.parametrize("changes, message", [
    (dict(strategies=["cautious", "lucky"]), "unknown strategy 'lucky'"),
    (dict(strategies=["human", "cautious"]), "unknown strategy 'human'"),
    (dict(strategies=["cautious"] * 7), "allow 2 to 6 players, got 7"),
    (dict(games=0), "games must be an integer >= 1"),
    (dict(jobs=0), "jobs must be an integer >= 1"),
    (dict(seed=-1), "seed must be an integer >= 0"),
    (dict(max_rounds=0), "max_rounds must be an integer >= 1 or None"),
])
def test_play_games_rejects_bad_arguments(classic, changes, message):
    arguments = dict(strategies=["cautious"] * 2, games=2, seed=1, max_rounds=10) | changes
    with pytest.raises(SimulationError, match=message):
        play_games(classic, None, **arguments)
    assert issubclass(SimulationError, ValueError)


def test_progress_bar_goes_to_stderr_only_when_asked(classic, capsys):
    play_games(classic, None, ["cautious"] * 2, games=2, seed=1, max_rounds=5, progress=False)
    assert capsys.readouterr() == ("", "")
    play_games(classic, None, ["cautious"] * 2, games=2, seed=1, max_rounds=5, progress=True)
    out, err = capsys.readouterr()
    assert out == "" and "games:" in err and "0/2" in err


# ---------------------------------------------------------------------- millionaire simulate
def test_simulate_output_is_the_same_for_one_and_two_jobs(capsys):
    argv = ["simulate", "--games", "20", "--players", "3", "--strategies", "cautious,aggressive,monopolist",
            "--seed", "4", "--max-rounds", "200"]
    assert main([*argv, "--jobs", "1"]) == 0
    one, err_one = capsys.readouterr()
    assert main([*argv, "--jobs", "2"]) == 0
    two, err_two = capsys.readouterr()
    assert one == two
    assert err_one == err_two == ""  # no progress bar when stderr is not a terminal
    lines = one.splitlines()
    assert lines[0] == ("Millionaire Classic: 20 games, 3 players (cautious, aggressive, monopolist), seed 4, "
                        "round limit 200.")
    assert sum(line.startswith("  seat ") for line in lines) == 3
    for strategy in ("cautious", "aggressive", "monopolist"):
        assert any(line.startswith(f"  {strategy} ") for line in lines)
    assert any(line.startswith("Game length in rounds: mean ") for line in lines)
    assert re.fullmatch(r"Stopped by the round limit \(.*\): \d+ of 20 games \(\d+\.\d%\)", lines[-1])


def test_simulate_numbers_match_the_library(capsys, classic):
    assert main(["simulate", "--games", "6", "--strategies", "random", "--players", "2", "--seed", "2",
                 "--max-rounds", "30", "--lang", "ru", "--quiet"]) == 0
    out, _ = capsys.readouterr()
    games = play_games(classic, None, ["random", "random"], games=6, seed=2, max_rounds=30)
    expected = format_summary(summarise(games), "ru")
    assert out.splitlines()[0] == "Миллионер классик: партий: 6, игроков: 2 (random ×2), seed 2, лимит раундов: 30."
    assert out.rstrip("\n").split("\n", 1)[1] == expected
    # random ×2: the strategy wins every decided game, so its rate per seat is at most one half.
    row = summarise(games)["strategies"]["random"]
    assert row["seats"] == 2 and row["rate"] <= 0.5 and math.isclose(row["high"] * 2, wilson_interval(row["wins"], 6)[1])
    assert np.isclose(summarise(games)["rounds"]["mean"], np.mean([g.rounds for g in games]))
