"""Tournaments and policy experiments: games observed round by round, on any executor, same results."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from millionaire import Game, RuleSet
from millionaire.economics import gini, gini_rows
from millionaire.simulate import (
    SimulationError, experiment, game_seed, observe_game, play_by_round, play_games, play_one, rounds_played,
    summarise, tournament,
)

LINEUP = ["cautious", "aggressive", "monopolist"]


@pytest.fixture(scope="module")
def small(classic):
    """Twelve short games between three strategies, played in this process."""
    return tournament(classic, LINEUP, games=12, seed=5, max_rounds=40, jobs=1)


def same_games(a, b) -> bool:
    return all(x.summary == y.summary and x.first_bankruptcy == y.first_bankruptcy
               and np.array_equal(x.rounds, y.rounds) and np.array_equal(x.net_worth, y.net_worth)
               and np.array_equal(x.owned, y.owned) for x, y in zip(a.games, b.games)) and len(a.games) == len(b.games)


# ---------------------------------------------------------------------- one game, round by round
def test_play_by_round_is_the_game_run_plays(classic):
    game = Game(classic, agents=LINEUP, seed=8, record_events=False)
    seen = [(done, g.state.round, g.finished) for done, g in play_by_round(game, max_rounds=25)]
    assert [done for done, _, _ in seen] == list(range(26))
    assert seen[-1][2] and not any(finished for _, _, finished in seen[:-1])
    replay = Game(classic, agents=LINEUP, seed=8, record_events=False)
    result = replay.run(max_rounds=25)
    assert game.result() == result and game.state.total_money == replay.state.total_money
    assert rounds_played(game.state) == result.rounds == 25


def test_play_by_round_stops_for_humans_and_checks_its_limit(classic):
    game = Game(classic, agents=["cautious", None], seed=1)
    with pytest.raises(SimulationError, match="is human"):
        list(play_by_round(game, max_rounds=5))
    with pytest.raises(SimulationError, match="max_rounds must be an integer >= 1 or None, got 0"):
        list(play_by_round(Game(classic, agents=["cautious"] * 2, seed=1), max_rounds=0))


def test_observe_game_records_what_the_game_was(classic):
    rules = RuleSet.classic()
    seen = observe_game(classic, rules, LINEUP, seed=game_seed(5, 3), max_rounds=300)
    assert seen.summary == play_one(classic, rules, LINEUP, game_seed(5, 3), 300)
    assert seen.rounds.tolist() == list(range(seen.summary.rounds + 1))
    assert tuple(seen.net_worth[-1]) == seen.summary.net_worth
    assert seen.net_worth[0].tolist() == [2000] * 3 and seen.owned[0].tolist() == [0] * 3
    bankrupt = [i for i, w in enumerate(seen.summary.net_worth) if w == 0]
    if bankrupt:
        assert 1 <= seen.first_bankruptcy <= seen.summary.rounds
        first = int(np.argmax((seen.net_worth == 0).any(axis=1)))
        assert seen.rounds[first] == seen.first_bankruptcy
    else:
        assert seen.first_bankruptcy == -1
    sparse = observe_game(classic, rules, LINEUP, seed=game_seed(5, 3), max_rounds=300, every=7)
    assert sparse.rounds.tolist() == [r for r in range(0, seen.summary.rounds + 1, 7)] + (
        [seen.summary.rounds] if seen.summary.rounds % 7 else [])
    assert np.array_equal(sparse.net_worth, seen.net_worth[sparse.rounds])


# ---------------------------------------------------------------------- tournaments
def test_tournament_games_are_the_games_of_play_games(classic, small):
    games = play_games(classic, None, LINEUP, games=12, seed=5, max_rounds=40)
    assert small.summaries == games
    assert small.summary()["strategies"] == summarise(games)["strategies"]
    assert [row["strategy"] for row in small.win_rates()] == LINEUP
    assert [row["seat"] for row in small.seat_rates()] == [1, 2, 3]
    assert sum(row["wins"] for row in small.seat_rates()) == 12 - summarise(games)["no_winner"]


@pytest.mark.parametrize("how", ["jobs=2", "threads", "processes"])
def test_tournament_results_do_not_depend_on_where_they_run(classic, small, how):
    kwargs = dict(games=12, seed=5, max_rounds=40)
    if how == "jobs=2":
        other = tournament(classic, LINEUP, jobs=2, **kwargs)
    elif how == "threads":
        with ThreadPoolExecutor(max_workers=3) as pool:
            other = tournament(classic, LINEUP, executor=pool, **kwargs)
    else:
        with ProcessPoolExecutor(max_workers=2) as pool:
            other = tournament("millionaire-classic", LINEUP, executor=pool, **kwargs)
    assert same_games(small, other)


def test_tournament_tables(small):
    table = small.games_table()
    assert len(table) == 12 and [row["game"] for row in table] == list(range(12))
    assert all(row["seed"] == game_seed(5, row["game"]) for row in table)
    assert all(sorted(row["seats"]) == sorted(LINEUP) for row in table)
    lengths = small.lengths()
    histogram = small.length_distribution(bins=4)
    assert sum(row["games"] for row in histogram) == 12 and sum(row["share"] for row in histogram) == pytest.approx(1)
    assert histogram[0]["from"] == lengths.min() and histogram[-1]["to"] == lengths.max()
    firsts = small.first_bankruptcy()
    summary = small.summary()["first_bankruptcy"]
    assert summary["games"] == (firsts >= 0).sum() and summary["share"] == pytest.approx((firsts >= 0).mean())

    worth = small.net_worth_array()
    assert worth.shape == (12, lengths.max() + 1, 3)
    for game, dense in zip(small.games, worth):  # carried forward after the end
        assert np.array_equal(dense[: len(game.rounds)], game.net_worth)
        assert (dense[len(game.rounds):] == game.net_worth[-1]).all()
    rows = small.trajectories()
    assert len(rows) == 3 * worth.shape[1]
    start = [row for row in rows if row["round"] == 0]
    assert [row["mean"] for row in start] == [2000.0] * 3 and all(row["running"] == 1 for row in start)
    for row in rows:
        assert row["low"] <= row["mean"] <= row["high"]
    cautious = np.array([row["mean"] for row in rows if row["strategy"] == "cautious"])
    by_hand = np.array([dense[:, list(g.summary.seat_strategies).index("cautious")]
                        for g, dense in zip(small.games, worth)]).mean(axis=0)
    assert cautious == pytest.approx(by_hand)

    g = small.gini()
    assert g.shape == worth.shape[:2] and (g[:, 0] == 0).all()
    assert g[3, -1] == pytest.approx(gini(worth[3, -1]))
    inequality = small.inequality_trajectory(rounds=20)
    assert [row["round"] for row in inequality] == list(range(21))
    assert inequality[0]["gini"] == 0 and np.isnan(inequality[0]["hhi"])
    assert inequality[20]["gini"] == pytest.approx(g[:, 20].mean())
    assert all(1 / 3 - 1e-12 <= row["hhi"] <= 1 for row in inequality[5:])


@pytest.mark.parametrize("every", [1, 4])
def test_the_indices_worked_out_in_the_workers_are_those_of_the_carried_values(classic, every):
    """Each game's Gini and Herfindahl index come per observation from where it was played; carried
    over the rounds they equal the indices of the carried net worth and ownership, round by round,
    past a game's end and up to a longer or shorter horizon than the longest game."""
    result = tournament(classic, ["cautious", "aggressive", "monopolist"], games=6, seed=4, max_rounds=40,
                        jobs=1, every=every)
    for rounds in (None, 7, 60):
        worth = result.net_worth_array(rounds)
        games, horizon, players = worth.shape
        assert np.array_equal(result.gini(rounds), gini_rows(worth.reshape(-1, players)).reshape(games, horizon))
        owned = result._dense([game.owned for game in result.games], rounds)
        total = owned.sum(axis=2)
        with np.errstate(invalid="ignore"):
            hhi = np.where(total > 0, (owned ** 2).sum(axis=2) / total ** 2, np.nan)
        counted = np.isfinite(hhi).sum(axis=0)
        by_hand = np.where(counted > 0, np.nansum(hhi, axis=0) / np.maximum(counted, 1), np.nan)
        assert np.isnan(by_hand[0]) and np.isfinite(by_hand[-1])
        assert np.allclose([row["hhi"] for row in result.inequality_trajectory(rounds)], by_hand, equal_nan=True)
    last = result.games[0]
    ends = int(last.rounds[-1])
    assert (result.net_worth_array(ends + 5)[0, ends:] == last.net_worth[-1]).all()  # a finished game stays as it ended


def test_tournament_lineups(classic):
    fewer = tournament(classic, ["cautious", "aggressive", "monopolist", "random"], games=6, seed=1, players=2,
                       max_rounds=5, jobs=1)
    pairs = [tuple(sorted(g.summary.seat_strategies)) for g in fewer.games]
    assert len(set(pairs)) == 6  # every pair of the four strategies once
    more = tournament(classic, ["cautious", "random"], games=2, seed=1, players=4, max_rounds=5, jobs=1)
    assert all(sorted(g.summary.seat_strategies) == ["cautious", "cautious", "random", "random"] for g in more.games)
    rules = RuleSet.classic().replace(shuffle_seats=False)
    rotated = tournament(classic, LINEUP, games=3, seed=1, rules=rules, max_rounds=5, jobs=1)
    assert [g.summary.seat_strategies[0] for g in rotated.games] == LINEUP


@pytest.mark.parametrize("kwargs, message", [
    (dict(strategies=[]), "the strategy list is empty"),
    (dict(strategies=["cautious", "lucky"]), "unknown strategy 'lucky'"),
    (dict(strategies=["cautious"]), "allow 2 to 6 players, got 1"),
    (dict(players=7), "allow 2 to 6 players, got 7"),
    (dict(games=0), "games must be an integer >= 1, got 0"),
    (dict(seed=-2), "seed must be an integer >= 0, got -2"),
    (dict(jobs=0), "jobs must be an integer >= 1, got 0"),
    (dict(every=0), "every must be an integer >= 1, got 0"),
    (dict(max_rounds=0), "max_rounds must be an integer >= 1, got 0"),
])
def test_tournament_rejects_bad_arguments(classic, kwargs, message):
    arguments = dict(strategies=["cautious", "aggressive"], games=2, seed=0, max_rounds=5, jobs=1) | kwargs
    with pytest.raises(SimulationError, match=message):
        tournament(classic, **arguments)


def test_tournament_progress_bar(classic, capsys):
    tournament(classic, ["cautious", "random"], games=3, seed=0, max_rounds=3, jobs=1, progress=True)
    out, err = capsys.readouterr()
    assert out == "" and "games:" in err and "0/3" in err
    calls = []
    tournament(classic, ["cautious", "random"], games=5, seed=0, max_rounds=3, jobs=2,
               progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 5) and calls[-1] == (5, 5) and [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert capsys.readouterr() == ("", "")


# ---------------------------------------------------------------------- experiments
def test_experiment_crosses_the_grid_with_common_seeds(classic):
    grid = {"circular_income": [0, 400], "monopoly_multiplier": [1, 3]}
    rows = experiment(classic, ["cautious", "aggressive"], grid, games=4, seed=3, max_rounds=30, jobs=2, keep=True)
    assert [(r["circular_income"], r["monopoly_multiplier"]) for r in rows] == [(0, 1), (0, 3), (400, 1), (400, 3)]
    for index, row in enumerate(rows):
        result = row["result"]
        assert row["condition"] == index and row["changes"] == {k: row[k] for k in grid}
        assert result.rules == RuleSet.classic().replace(**row["changes"])
        assert [g.summary.seed for g in result.games] == [game_seed(3, g) for g in range(4)]
        alone = tournament(classic, ["cautious", "aggressive"], games=4, seed=3, max_rounds=30, jobs=1,
                           rules=result.rules)
        assert same_games(result, alone)
        lengths = result.lengths()
        assert row["rounds_mean"] == pytest.approx(lengths.mean()) and row["games"] == 4
        assert row["gini"].shape == (lengths.max() + 1,) and row["gini"][0] == 0
        assert row["gini"] == pytest.approx(result.gini().mean(axis=0))
        assert row["gini_final"] == pytest.approx(np.mean([gini(g.net_worth[-1]) for g in result.games]))
        firsts = result.first_bankruptcy()
        assert row["bankruptcy_share"] == pytest.approx((firsts >= 0).mean())
        if (firsts >= 0).any():
            assert row["first_bankruptcy_mean"] == pytest.approx(firsts[firsts >= 0].mean())
        else:
            assert np.isnan(row["first_bankruptcy_mean"])
        assert set(row["win_rates"]) == {"cautious", "aggressive"}
    # The first rounds of every game are the same dice whatever the income: the income only adds money.
    assert rows[0]["gini"][0] == rows[2]["gini"][0] == 0


def test_experiment_with_a_list_of_changes(classic):
    rows = experiment("millionaire-classic", ["cautious", "random"],
                      [{}, {"redemption_fee": 0.3}, {"start_cash": 1000}], games=2, seed=1, max_rounds=10, jobs=1)
    assert [r["changes"] for r in rows] == [{}, {"redemption_fee": 0.3}, {"start_cash": 1000}]
    assert "redemption_fee" not in rows[0] and rows[1]["redemption_fee"] == 0.3 and rows[2]["start_cash"] == 1000
    assert "result" not in rows[0]


@pytest.mark.parametrize("grid, message", [
    ({"circular_income": []}, "grid\\['circular_income'\\] lists no value"),
    ({"circular_income": 200}, "grid\\['circular_income'\\] must list the values to try"),
    ([], "the grid is empty"),
    ({"start_cash": [-5]}, "condition 0 \\({'start_cash': -5}\\): RuleSet.start_cash must be an integer >= 0"),
    ([{}, {"max_players": 1, "min_players": 1}], "condition 1 .*: these rules allow 1 to 1 players, got 2"),
])
def test_experiment_rejects_bad_grids(classic, grid, message):
    with pytest.raises(SimulationError, match=message):
        experiment(classic, ["cautious", "random"], grid, games=1, seed=0, max_rounds=5, jobs=1)


@pytest.mark.parametrize("board_key", ["monopoly-us", "millionaire-elite", "millionaire-classic"])
def test_observed_worth_is_the_engine_s_net_worth_at_every_round(board_key):
    from millionaire import load_board

    board = load_board(board_key)
    rules = RuleSet.for_board(board.key)
    lineup = ["cautious", "aggressive", "monopolist", "aggressive"]
    mortgaged_seen = 0
    for seed in range(4, 12):  # until a game has mortgaged a plot, whose worth is compared too
        game = Game(board, rules, agents=lineup, seed=seed, record_events=False)
        worth, owned = [], []
        for _, g in play_by_round(game, max_rounds=120):
            worth.append([g.net_worth(seat) for seat in range(4)])
            owned.append([len(g.owned(seat)) for seat in range(4)])
            mortgaged_seen += any(g.state.mortgaged)
        seen = observe_game(board, rules, lineup, seed, max_rounds=120)
        assert seen.net_worth.tolist() == worth and seen.owned.tolist() == owned
        if mortgaged_seen:
            break
    assert mortgaged_seen


@pytest.mark.parametrize("board_key", ["millionaire-elite", "monopoly-us"])
def test_a_chunk_observed_at_once_is_each_game_observed_alone(board_key):
    """A worker works out a chunk's arrays in one go: games of two, three and four players, mixed."""
    from millionaire import load_board
    from millionaire.simulate.observe import _observe_chunk

    board = load_board(board_key)
    rules = RuleSet.for_board(board.key)
    games = [(("cautious", "aggressive", "monopolist", "aggressive"), 4), (("monopolist", "cautious"), 5),
             (("aggressive", "cautious", "monopolist"), 6), (("cautious", "aggressive"), 7),
             (("monopolist", "aggressive", "cautious", "cautious"), 8)]
    chunk = _observe_chunk(board, rules, games, 90, 3)
    assert len(chunk) == len(games)
    for (lineup, seed), together in zip(games, chunk):
        alone = observe_game(board, rules, lineup, seed, max_rounds=90, every=3)
        assert together.summary == alone.summary and together.first_bankruptcy == alone.first_bankruptcy
        for name in ("rounds", "net_worth", "owned", "gini", "hhi"):
            assert np.array_equal(getattr(together, name), getattr(alone, name), equal_nan=True), name
            assert getattr(together, name).dtype == getattr(alone, name).dtype
        assert together.net_worth.shape == (len(together.rounds), len(lineup))


def test_a_tournament_plays_the_games_run_plays():
    from millionaire import Game, load_board
    from millionaire.simulate import game_seed

    lineup = ["cautious", "monopolist", "aggressive"]  # seated by lot in every game, as run seats them
    result = tournament("monopoly-us", lineup, games=4, seed=9, max_rounds=300, jobs=1)
    for number, observed in enumerate(result.games):
        game = Game(load_board("monopoly-us"), agents=lineup, seed=game_seed(9, number), record_events=False)
        played = game.run(max_rounds=300)
        assert (observed.summary.rounds, observed.summary.winner_seat) == (played.rounds, played.winner)
        assert observed.net_worth[-1].tolist() == list(played.net_worth)
