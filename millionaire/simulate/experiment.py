"""Policy experiments: a tournament rerun under each rule change of a grid, every condition on the
same game seeds, one row of results per condition.

Not here: the tournament itself and its result (:mod:`.tournament`), the scheduling of the games
(:mod:`.schedule`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..board import Board
from .checks import SimulationError, check_lineup
from .games import game_seed
from .observe import ObservedGame, _observe_chunk
from .schedule import _chunk_size, _run_chunks
from .tournament import RunOptions, TournamentResult, _lineups, _prepare


def _grid(grid: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(grid, Mapping):
        if not grid:
            return [{}]
        keys = list(grid)
        for key in keys:
            values = grid[key]
            if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
                raise SimulationError(f"grid[{key!r}] must list the values to try, got {values!r}")
            if not list(values):
                raise SimulationError(f"grid[{key!r}] lists no value")
        return [dict(zip(keys, combo)) for combo in itertools.product(*(list(grid[k]) for k in keys))]
    conditions = [dict(c) for c in grid]
    if not conditions:
        raise SimulationError("the grid is empty: give a dict of options to values, or a list of changes")
    return conditions


def experiment(
    board: Board | str,
    strategies: Sequence[str],
    grid: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]],
    games: int = 100,
    seed: int = 0,
    *,
    keep: bool = False,
    **options: Any,
) -> list[dict[str, Any]]:
    """Rerun a tournament under each rule change of a grid: the policy experiments of the lessons.

    Every condition plays the same game seeds (``game_seed(seed, g)``), so conditions differ by their
    rules only (common random numbers: differences are measured more sharply than with fresh seeds).
    All games of all conditions share one process pool and one progress bar.

    Parameters
    ----------
    grid
        A dict of :class:`~millionaire.rules.RuleSet` options to the values to try, crossed
        (``{"circular_income": [0, 200, 400], "monopoly_multiplier": [1, 2, 3]}``: 9 conditions), or a
        list of changes, one condition each (``[{}, {"redemption_fee": 0.3}, {"start_cash": 1000}]``).
        Fractions (``redemption_fee``, ``mortgage_rate``) take numbers like ``0.1``.
    keep
        Keep each condition's :class:`TournamentResult` under ``"result"``.
    board, strategies, games, seed, **options
        As in :func:`tournament` (``players``, ``rules``, ``max_rounds``, ``jobs``, ``executor``,
        ``progress``, ``every``; ``rules`` is the base the changes apply to).

    Returns
    -------
    list of dict
        One row per condition: ``condition`` (index), ``changes`` (the dict), each changed option as its
        own column, ``games``, ``rounds_mean``, ``rounds_median``, ``rounds_low``, ``rounds_high``
        (2.5%/97.5% quantiles), ``limit_share`` (games stopped by the round limit),
        ``bankruptcy_share`` (games with a bankruptcy), ``first_bankruptcy_mean`` and
        ``first_bankruptcy_median`` (rounds, over those games; ``nan`` if none), ``gini`` (numpy array:
        mean Gini of net worth after each round 0..R, R the condition's longest game, finished games
        keeping their final value),
        ``gini_final`` (mean Gini at the end of the games) and ``win_rates`` (strategy -> rate per seat).

    Examples
    --------
    >>> rows = experiment("millionaire-classic", ["cautious", "aggressive"], {"circular_income": [0, 400]},
    ...                   games=3, seed=2, max_rounds=25, jobs=1)
    >>> [(row["circular_income"], row["games"], row["gini"].shape) for row in rows]
    [(0, 3, (26,)), (400, 3, (26,))]
    >>> experiment("millionaire-classic", ["cautious"], {"jackpot_size": [1]}, games=1, players=2)
    Traceback (most recent call last):
    ...
    millionaire.simulate.SimulationError: condition 0 ({'jackpot_size': 1}): RuleSet has no option 'jackpot_size'
    """
    run = RunOptions.of("experiment", options)
    max_rounds, every = run.max_rounds, run.every
    board, base, strategies, players, workers = _prepare(board, strategies, run.rules, run.players, games, seed,
                                                         max_rounds, run.jobs, every)
    conditions = _grid(grid)
    rule_sets = []
    for index, changes in enumerate(conditions):
        try:
            rule_sets.append(base.replace(**changes))
            check_lineup(["cautious"] * players, rule_sets[-1])
        except (ValueError, TypeError) as error:
            raise SimulationError(f"condition {index} ({changes}): {error}") from None
    size = _chunk_size(games * len(conditions), workers)
    chunks, owners = [], []
    for index, condition_rules in enumerate(rule_sets):
        lineups = _lineups(strategies, players, games, rotate=not condition_rules.shuffle_seats)
        work = [(lineup, game_seed(seed, g)) for g, lineup in enumerate(lineups)]
        for i in range(0, games, size):
            chunks.append((board, condition_rules, work[i:i + size], max_rounds, every))
            owners.append(index)
    results = _run_chunks(_observe_chunk, chunks, workers, run.executor, run.progress, games * len(conditions))
    observed: list[list[ObservedGame]] = [[] for _ in conditions]
    for index, chunk in zip(owners, results):
        observed[index].extend(chunk)
    rows = []
    for index, (changes, condition_rules) in enumerate(zip(conditions, rule_sets)):
        result = TournamentResult(board.key, condition_rules, strategies, players, seed, max_rounds, every,
                                  observed[index])
        summary = result.summary()
        rounds, firsts = summary["rounds"], summary["first_bankruptcy"]
        g = result.gini()
        row: dict[str, Any] = {"condition": index, "changes": dict(changes), **changes, "games": games,
                               "rounds_mean": rounds["mean"], "rounds_median": rounds["median"],
                               "rounds_low": rounds["low"], "rounds_high": rounds["high"],
                               "limit_share": summary["limit"]["share"], "bankruptcy_share": firsts["share"],
                               "first_bankruptcy_mean": firsts.get("mean", math.nan),
                               "first_bankruptcy_median": firsts.get("median", math.nan),
                               "gini": g.mean(axis=0), "gini_final": float(g[:, -1].mean()),
                               "win_rates": {name: entry["rate"] for name, entry in summary["strategies"].items()}}
        if keep:
            row["result"] = result
        rows.append(row)
    return rows
