"""Tournaments: strategies against each other in many seeded games, every game observed round by
round, and the :class:`TournamentResult` with its plain-table views (win rates, game lengths, first
bankruptcies, net-worth trajectories, inequality per round).

Not here: how the games are spread over processes or a cluster (:mod:`.schedule`), reruns under
rule changes (:mod:`.experiment`).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from ..board import Board
from ..rules import RuleSet
from .checks import SimulationError, _check_count, check_lineup
from .games import DEFAULT_MAX_ROUNDS, GameSummary, game_seed
from .observe import ObservedGame, _observe_chunk
from .schedule import _chunk_size, _run_chunks
from .summary import _spread, summarise


def _lineups(strategies: Sequence[str], players: int, games: int, rotate: bool) -> list[tuple[str, ...]]:
    """The lineup of each game (see :func:`tournament`)."""
    n = len(strategies)
    if players == n:
        base = tuple(strategies)
        if not rotate:
            return [base] * games
        return [base[g % n:] + base[:g % n] for g in range(games)]
    if players > n:
        return [tuple(strategies[k % n] for k in range(players))] * games
    groups = list(itertools.combinations(range(n), players))
    return [tuple(strategies[k] for k in groups[g % len(groups)]) for g in range(games)]


@dataclass(frozen=True)
class RunOptions:
    """The keywords :func:`tournament` and :func:`experiment` share, with their defaults (each is
    described under :func:`tournament`).

    >>> RunOptions.of("tournament", {"jobs": 2}).jobs, RunOptions().max_rounds == DEFAULT_MAX_ROUNDS
    (2, True)
    >>> RunOptions.of("tournament", {"job": 2})
    Traceback (most recent call last):
    ...
    TypeError: tournament() got an unexpected keyword argument 'job'
    """

    players: int | None = None
    rules: RuleSet | None = None
    max_rounds: int | None = DEFAULT_MAX_ROUNDS
    jobs: int | None = None
    executor: Executor | None = None
    progress: bool | Callable[[int, int], Any] = False
    every: int = 1

    @classmethod
    def of(cls, caller: str, options: dict[str, Any]) -> RunOptions:
        """The options given to ``caller`` as keywords; an unknown one is a ``TypeError``, as Python's own."""
        unknown = sorted(set(options) - {field.name for field in fields(cls)})
        if unknown:
            raise TypeError(f"{caller}() got an unexpected keyword argument {unknown[0]!r}")
        return cls(**options)


def _prepare(board: Board | str, strategies: Sequence[str], rules: RuleSet | None, players: int | None,
             games: int, seed: int, max_rounds: int | None, jobs: int | None, every: int
             ) -> tuple[Board, RuleSet, tuple[str, ...], int, int | None]:
    from ..board import load_board

    if isinstance(board, str):
        board = load_board(board)
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    if isinstance(strategies, str):
        strategies = [strategies]
    strategies = tuple(strategies)
    if not strategies:
        raise SimulationError("the strategy list is empty: give at least one strategy, e.g. ['cautious', 'aggressive']")
    players = len(strategies) if players is None else _check_count("players", players, 1)
    check_lineup(strategies, rules.replace(min_players=1, max_players=max(len(strategies), rules.max_players)))
    check_lineup(["cautious"] * players, rules)
    _check_count("games", games, 1)
    _check_count("seed", seed, 0)
    _check_count("every", every, 1)
    if jobs is not None:
        _check_count("jobs", jobs, 1)
    if max_rounds is not None:
        _check_count("max_rounds", max_rounds, 1)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    return board, rules, strategies, players, workers


@dataclass
class TournamentResult:
    """What :func:`tournament` returns: every game observed round by round, with plain-table views.

    Every method returns a list of dicts or a numpy array (``pandas.DataFrame(result.win_rates())``
    works, pandas is not needed). Seats are turn order after the seating lot.

    Attributes
    ----------
    board, rules, strategies, players, seed, max_rounds, every : the tournament's arguments.
    games : one :class:`ObservedGame` per game, in game order.

    Examples
    --------
    >>> result = tournament("monopoly-us", ["cautious", "aggressive"], games=3, seed=2, max_rounds=20, jobs=1)
    >>> result.net_worth_array().shape, result.gini().shape
    ((3, 21, 2), (3, 21))
    >>> row = result.inequality_trajectory()[20]
    >>> row["round"], 0 <= row["gini"] <= 0.5, 0.5 <= row["hhi"] <= 1
    (20, True, True)
    >>> sum(row["games"] for row in result.length_distribution(bins=2))
    3
    """

    board: str
    rules: RuleSet
    strategies: tuple[str, ...]
    players: int
    seed: int
    max_rounds: int | None
    every: int
    games: list[ObservedGame]

    @property
    def summaries(self) -> list[GameSummary]:
        """The :class:`GameSummary` of each game (what :func:`summarise` takes)."""
        return [g.summary for g in self.games]

    def summary(self) -> dict[str, Any]:
        """:func:`summarise` of the games plus ``first_bankruptcy``: ``{"games", "share", "mean", "median",
        "low", "high", "min", "max"}`` over the games that had a bankruptcy (``share`` of all games)."""
        result = summarise(self.summaries)
        firsts = self.first_bankruptcy()
        happened = firsts[firsts >= 0]
        entry: dict[str, Any] = {"games": int(happened.size), "share": happened.size / len(self.games)}
        if happened.size:
            entry.update(_spread(happened.tolist()))
        result["first_bankruptcy"] = entry
        return result

    def win_rates(self) -> list[dict[str, Any]]:
        """Per strategy: ``strategy``, ``games``, ``seats`` (mean seats per game), ``wins``, ``rate`` (wins per
        seat) and its 95% Wilson interval ``low``, ``high`` (see :func:`summarise`)."""
        return [{"strategy": name, **row} for name, row in summarise(self.summaries)["strategies"].items()]

    def seat_rates(self) -> list[dict[str, Any]]:
        """Per seat (1-based, turn order): ``seat``, ``games``, ``wins``, ``rate``, ``low``, ``high``."""
        return summarise(self.summaries)["seats"]

    def games_table(self) -> list[dict[str, Any]]:
        """One row per game: ``game``, ``seed``, ``seats`` (strategy by seat), ``winner_seat``,
        ``winner_strategy``, ``rounds``, ``turns``, ``reason``, ``stopped_by_limit``, ``first_bankruptcy``
        (``None`` if nobody went bankrupt), ``net_worth`` (final, by seat)."""
        rows = []
        for index, game in enumerate(self.games):
            s = game.summary
            rows.append({"game": index, "seed": s.seed, "seats": s.seat_strategies, "winner_seat": s.winner_seat,
                         "winner_strategy": s.winner_strategy, "rounds": s.rounds, "turns": s.turns,
                         "reason": s.reason, "stopped_by_limit": s.stopped_by_limit,
                         "first_bankruptcy": game.first_bankruptcy if game.first_bankruptcy >= 0 else None,
                         "net_worth": s.net_worth})
        return rows

    def first_bankruptcy(self) -> np.ndarray:
        """Round of the first bankruptcy of each game (``-1``: none), shape ``(games,)``."""
        return np.array([g.first_bankruptcy for g in self.games], dtype=np.int64)

    def lengths(self) -> np.ndarray:
        """Rounds played in each game, shape ``(games,)``."""
        return np.array([g.summary.rounds for g in self.games], dtype=np.int64)

    def length_distribution(self, bins: int | Sequence[int] = 10) -> list[dict[str, Any]]:
        """Histogram of game lengths in rounds: rows ``from``, ``to`` (bin edges, the last bin closed),
        ``games`` and ``share``. ``bins``: a number of equal bins or the edges."""
        lengths = self.lengths()
        counts, edges = np.histogram(lengths, bins=bins)
        return [{"from": float(edges[i]), "to": float(edges[i + 1]), "games": int(c), "share": c / lengths.size}
                for i, c in enumerate(counts)]

    def _dense(self, values: Sequence[np.ndarray], rounds: int | None) -> np.ndarray:
        """Per-observation values of each game on a grid of rounds 0..R: carried forward between
        observations and after the game's end (a finished game stays as it ended).

        All games at once, on a row of rounds per game: each observation's number is put at its
        game's row and round, and a running maximum carries it forward to the rounds after it."""
        observed = [g.rounds for g in self.games]
        last = max(int(r[-1]) for r in observed)
        horizon = last if rounds is None else _check_count("rounds", rounds, 0)
        stride = max(last, horizon) + 1
        lengths = np.array([r.size for r in observed])
        first = np.concatenate([[0], np.cumsum(lengths)[:-1]])  # each game's first observation
        at = np.full((len(observed), stride), -1, dtype=np.int64)
        rows = np.arange(len(observed)).repeat(lengths)
        at[rows, np.concatenate(observed)] = np.arange(lengths.sum())
        at = np.maximum(np.maximum.accumulate(at, axis=1)[:, :horizon + 1], first[:, None])
        flat = np.concatenate(values).astype(np.float64)
        return flat[at]

    def running(self, rounds: int | None = None) -> np.ndarray:
        """Share of games that lasted at least r rounds, for r = 0..R (so were still being played in round r)."""
        lengths = self.lengths()
        horizon = int(lengths.max()) if rounds is None else _check_count("rounds", rounds, 0)
        return np.array([(lengths >= r).mean() for r in range(horizon + 1)])

    def net_worth_array(self, rounds: int | None = None) -> np.ndarray:
        """Net worth by game, round (0..R) and seat: shape ``(games, R + 1, players)``. A finished game
        keeps its final values (bankrupt players 0); with ``every > 1`` values hold between observations.
        ``rounds`` caps R (default: the longest game)."""
        return self._dense([g.net_worth for g in self.games], rounds)

    def trajectories(self, rounds: int | None = None) -> list[dict[str, Any]]:
        """Mean net worth per round of each strategy: rows ``round``, ``strategy``, ``mean`` (over the seats
        playing it), ``low`` and ``high`` (2.5% and 97.5% quantiles over games of the per-game mean), and
        ``running`` (share of games not over). Finished games count with their final values."""
        worth = self.net_worth_array(rounds)
        running = self.running(worth.shape[1] - 1)
        rows = []
        for name in self.strategies:
            mask = np.array([[s == name for s in g.summary.seat_strategies] for g in self.games], dtype=float)
            seats = mask.sum(axis=1)
            has = seats > 0
            if not has.any():
                continue
            per_game = (worth[has] * mask[has, None, :]).sum(axis=2) / seats[has, None]
            mean = per_game.mean(axis=0)
            low, high = np.quantile(per_game, [0.025, 0.975], axis=0)
            rows += [{"round": r, "strategy": name, "mean": float(mean[r]), "low": float(low[r]),
                      "high": float(high[r]), "running": float(running[r])} for r in range(worth.shape[1])]
        return rows

    def gini(self, rounds: int | None = None) -> np.ndarray:
        """Gini of net worth by game and round: shape ``(games, R + 1)`` (finished games keep their last value)."""
        return self._dense([g.gini for g in self.games], rounds)

    def inequality_trajectory(self, rounds: int | None = None) -> list[dict[str, Any]]:
        """Per round: ``round``, ``gini`` (mean over games), ``gini_low``, ``gini_high`` (2.5%, 97.5%),
        ``hhi`` (mean Herfindahl index of property ownership, over games where someone owns a property)
        and ``running`` (share of games not over)."""
        g = self.gini(rounds)
        hhi = self._dense([game.hhi for game in self.games], rounds)  # nan where nothing is owned
        running = self.running(g.shape[1] - 1)
        low, high = np.quantile(g, [0.025, 0.975], axis=0)
        counted = np.isfinite(hhi).sum(axis=0)
        mean_hhi = np.where(counted > 0, np.nansum(hhi, axis=0) / np.maximum(counted, 1), np.nan)
        return [{"round": r, "gini": float(g[:, r].mean()), "gini_low": float(low[r]), "gini_high": float(high[r]),
                 "hhi": float(mean_hhi[r]), "running": float(running[r])} for r in range(g.shape[1])]


def tournament(board: Board | str, strategies: Sequence[str], games: int = 100, seed: int = 0,
               **options: Any) -> TournamentResult:
    """Play strategies against each other in many seeded games and observe every game round by round.

    Game ``g`` is seeded with :func:`game_seed` ``(seed, g)`` and played in a worker by
    :func:`observe_game`; the results are identical for the same seed whatever the number of
    processes or the executor.

    Parameters
    ----------
    board
        A :class:`~millionaire.board.Board` or a built-in name (``"millionaire-classic"``).
    **options
        Keywords only, with their defaults in :class:`RunOptions`: ``players``, ``rules``,
        ``max_rounds``, ``jobs``, ``executor``, ``progress``, ``every``, described below.
    strategies
        The strategies that compete (names from :data:`BOT_STRATEGIES`), at least one.
    games
        How many games.
    seed
        A non-negative integer.
    players
        Table size (default: one seat per strategy). With as many players as strategies every game
        seats them all; with more, the list is repeated to fill the seats; with fewer, the games cycle
        through every combination of ``players`` strategies.
    rules
        The rules (the board's preset when ``None``). Seats are drawn by lot when
        ``rules.shuffle_seats``; without the lot, the lineup is rotated game by game.
    max_rounds
        Round limit of each game (the richest wins then); ``None``: no limit.
    jobs
        Worker processes (default: every core); with ``executor``, the workers it has (they set only
        the size of the chunks sent).
    executor
        Any :class:`concurrent.futures.Executor` to run the games on instead of a local process pool:
        a ``ThreadPoolExecutor``, a ``ProcessPoolExecutor`` of your own, or a Dask cluster's
        (``client.get_executor()``). The package must be importable where the work runs. A chunk of
        games that comes back failed is submitted again, up to three times (a worker lost mid-run).
    progress
        ``True``: show a progress bar (``tqdm.auto``: a widget in a notebook, text on a terminal); or a
        function ``progress(games_done, total)``, called at the start and as games finish (a widget's
        own bar).
    every
        Observe net worth and ownership every ``every`` rounds (and at each game's end).

    Returns
    -------
    TournamentResult
        Win rates with 95% intervals by strategy and seat, game lengths, first bankruptcies,
        net-worth trajectories and inequality per round.

    Examples
    --------
    >>> result = tournament("millionaire-classic", ["cautious", "aggressive"], games=4, seed=1,
    ...                     max_rounds=30, jobs=1)
    >>> [row["strategy"] for row in result.win_rates()], len(result.games)
    (['cautious', 'aggressive'], 4)
    >>> rows = result.trajectories()
    >>> rows[0]["round"], rows[0]["mean"], rows[-1]["round"]
    (0, 2000.0, 30)

    A class that outgrows one machine runs the same tournament on a Dask cluster (any
    ``concurrent.futures`` executor works the same way; the numbers do not change):

    >>> from dask.distributed import Client                          # doctest: +SKIP
    >>> client = Client("tcp://scheduler.example.org:8786")          # doctest: +SKIP
    >>> result = tournament("millionaire-classic", ["cautious", "aggressive", "monopolist"],
    ...                     games=100_000, seed=1, executor=client.get_executor())  # doctest: +SKIP
    """
    run = RunOptions.of("tournament", options)
    max_rounds, every = run.max_rounds, run.every
    board, rules, strategies, players, workers = _prepare(board, strategies, run.rules, run.players, games, seed,
                                                          max_rounds, run.jobs, every)
    lineups = _lineups(strategies, players, games, rotate=not rules.shuffle_seats)
    work = [(lineup, game_seed(seed, g)) for g, lineup in enumerate(lineups)]
    size = _chunk_size(games, workers)
    chunks = [(board, rules, work[i:i + size], max_rounds, every) for i in range(0, games, size)]
    observed = [game for chunk in _run_chunks(_observe_chunk, chunks, workers, run.executor, run.progress, games)
                for game in chunk]
    return TournamentResult(board.key, rules, strategies, players, seed, max_rounds, every, observed)
