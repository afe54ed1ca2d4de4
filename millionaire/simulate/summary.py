"""Win rates with 95% Wilson intervals, by strategy and by seat, and the spread of game lengths.

Not here: the same as text (:mod:`.report`), and the round-by-round views of a tournament
(:class:`~millionaire.simulate.TournamentResult`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from .checks import BOT_STRATEGIES, SimulationError
from .games import GameSummary


#: Two-sided 95% normal quantile used by :func:`wilson_interval`.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (95% by default).

    Better than ``p ± z·sqrt(p(1-p)/n)`` for small ``n`` and for ``p`` near 0 or 1 (never leaves [0, 1]).

    >>> [round(x, 4) for x in wilson_interval(3, 10)]
    [0.1078, 0.6032]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends (rounding would miss them)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def _spread(values: Sequence[int]) -> dict[str, float]:
    data = np.asarray(values, dtype=float)
    low, median, high = np.quantile(data, [0.025, 0.5, 0.975])
    return {"mean": float(data.mean()), "median": float(median), "low": float(low), "high": float(high),
            "min": float(data.min()), "max": float(data.max())}


def summarise(summaries: Iterable[GameSummary]) -> dict[str, Any]:
    """Win rates (with 95% Wilson intervals), game length and the share of games stopped by the round limit.

    Win rate of a strategy = games won by a seat playing it ÷ games it took part in ÷ seats it held in
    a game, i.e. its wins per seat: a fair share is ``1 / players`` whatever the lineup. The interval
    is the Wilson interval of (games won ÷ games played), scaled the same way (exact when a strategy
    holds the same number of seats in every game, as in :func:`play_games`). Seat ``k`` (1-based, turn
    order after the seating lot) wins games won from that seat ÷ games with that seat.

    Returns
    -------
    dict
        ``games``; ``players`` (the largest table); ``strategies``: name → ``{"games", "seats", "wins",
        "rate", "low", "high"}`` (``seats``: mean seats per game); ``seats``: list of ``{"seat", "games",
        "wins", "rate", "low", "high"}``; ``no_winner``: games nobody won; ``rounds`` and ``turns``:
        ``{"mean", "median", "low", "high", "min", "max"}`` with ``low``/``high`` the 2.5% and 97.5%
        quantiles of the game lengths (games stopped by the limit count at the limit); ``limit``:
        ``{"games", "share"}`` of games stopped by the round limit.

    Examples
    --------
    >>> game = GameSummary(seed=0, winner_seat=1, winner_strategy="cautious", rounds=40, turns=80,
    ...     seat_strategies=("aggressive", "cautious"), reason="last player standing",
    ...     stopped_by_limit=False, net_worth=(0, 5000))
    >>> summary = summarise([game, game])
    >>> summary["strategies"]["cautious"]["rate"], summary["seats"][1]["wins"], summary["rounds"]["median"]
    (1.0, 2, 40.0)
    """
    summaries = list(summaries)
    if not summaries:
        raise SimulationError("no games to summarise")
    games = len(summaries)
    players = max(len(s.seat_strategies) for s in summaries)

    per_strategy: dict[str, dict[str, int]] = {}
    for s in summaries:
        for name in dict.fromkeys(s.seat_strategies):  # first-seen order, each strategy once per game
            entry = per_strategy.setdefault(name, {"games": 0, "seat_games": 0, "wins": 0})
            entry["games"] += 1
            entry["seat_games"] += s.seat_strategies.count(name)
            entry["wins"] += s.winner_strategy == name
    strategies = {}
    for name in sorted(per_strategy, key=lambda n: (BOT_STRATEGIES.index(n) if n in BOT_STRATEGIES else 99, n)):
        entry = per_strategy[name]
        seats = entry["seat_games"] / entry["games"]
        low, high = wilson_interval(entry["wins"], entry["games"])
        strategies[name] = {"games": entry["games"], "seats": seats, "wins": entry["wins"],
                            "rate": entry["wins"] / entry["seat_games"], "low": low / seats, "high": high / seats}

    seat_rows = []
    for seat in range(players):
        played = sum(1 for s in summaries if len(s.seat_strategies) > seat)
        wins = sum(1 for s in summaries if s.winner_seat == seat)
        low, high = wilson_interval(wins, played)
        seat_rows.append({"seat": seat + 1, "games": played, "wins": wins,
                          "rate": wins / played if played else 0.0, "low": low, "high": high})

    limited = sum(1 for s in summaries if s.stopped_by_limit)
    return {
        "games": games,
        "players": players,
        "strategies": strategies,
        "seats": seat_rows,
        "no_winner": sum(1 for s in summaries if s.winner_seat < 0),
        "rounds": _spread([s.rounds for s in summaries]),
        "turns": _spread([s.turns for s in summaries]),
        "limit": {"games": limited, "share": limited / games},
    }
