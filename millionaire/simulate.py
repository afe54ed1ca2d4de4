"""Many seeded games at once: play them (on several cores), then summarise who wins and how long it takes.

Game ``g`` of a run with seed ``S`` is seeded by :func:`game_seed` ``(S, g)`` alone, so the results do
not depend on how many processes play them or in which order they finish. The seed of every game is
kept in its :class:`GameSummary`; ``millionaire play --seed`` with it (and the same strategies in the
same order) replays that game event by event.

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("millionaire-classic")
>>> games = play_games(board, None, ["cautious", "aggressive"], games=4, seed=1, max_rounds=40)
>>> len(games), sorted(games[0].seat_strategies)
(4, ['aggressive', 'cautious'])
>>> summary = summarise(games)
>>> summary["games"], sum(s["wins"] for s in summary["strategies"].values()) <= 4
(4, True)
"""

from __future__ import annotations

import math
import signal
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from .agents import STRATEGIES
from .board import Board
from .engine import Game
from .errors import MillionaireError
from .rules import RuleSet

#: Strategies a simulation can seat (every bot of :mod:`millionaire.agents`; no humans).
BOT_STRATEGIES = (*STRATEGIES, "random")

#: The default round limit of a simulated game; games that reach it are won by the richest player.
DEFAULT_MAX_ROUNDS = 1000

#: Two-sided 95% normal quantile used by :func:`wilson_interval`.
Z95 = 1.959963984540054


class SimulationError(MillionaireError):
    """Arguments a simulation cannot run with (unknown strategy, too many players, no games, ...)."""


@dataclass(frozen=True)
class GameSummary:
    """What a simulation keeps of one game (everything by seat, i.e. turn order after the seating lot).

    Attributes
    ----------
    seed : the game's own seed (``Game(..., seed=seed)`` with the same strategies replays it).
    winner_seat : seat (0-based) of the winner, ``-1`` if nobody won.
    winner_strategy : the winner's strategy name, ``None`` if nobody won.
    seat_strategies : strategy name of each seat.
    rounds, turns : rounds and turns played.
    reason : why the game ended (the engine's words, e.g. ``"last player standing"``).
    stopped_by_limit : the round limit ended the game (the richest player was declared the winner).
    net_worth : final net worth of each seat.
    """

    seed: int
    winner_seat: int
    winner_strategy: str | None
    seat_strategies: tuple[str, ...]
    rounds: int
    turns: int
    reason: str
    stopped_by_limit: bool
    net_worth: tuple[int, ...]


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` (0-based) of a run seeded with ``seed``.

    A 64-bit integer hashed from both numbers by :class:`numpy.random.SeedSequence` (the same bits
    as ``SeedSequence(seed).spawn(...)[game]`` would use), so neighbouring runs share no games.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> 0 <= game_seed(1, 0) < 2**64
    True
    """
    sequence = np.random.SeedSequence(seed, spawn_key=(game,))
    return int(sequence.generate_state(1, np.uint64)[0])


def check_lineup(strategies: Sequence[str], rules: RuleSet) -> None:
    """Raise :class:`SimulationError` unless every strategy is a known bot and the rules allow this many players.

    >>> check_lineup(["cautious", "lucky"], RuleSet.classic())
    Traceback (most recent call last):
    ...
    millionaire.simulate.SimulationError: unknown strategy 'lucky' (known: cautious, aggressive, monopolist, random)
    """
    for name in strategies:
        if name not in BOT_STRATEGIES:
            raise SimulationError(f"unknown strategy {name!r} (known: {', '.join(BOT_STRATEGIES)})")
    count = len(strategies)
    if not rules.min_players <= count <= rules.max_players:
        raise SimulationError(f"these rules allow {rules.min_players} to {rules.max_players} players, got {count}")


def play_one(board: Board, rules: RuleSet, strategies: Sequence[str], seed: int, max_rounds: int | None) -> GameSummary:
    """Play one game without an event log and keep its :class:`GameSummary`."""
    game = Game(board, rules, agents=list(strategies), seed=seed, record_events=False)
    result = game.run(max_rounds=max_rounds)
    seats = tuple(agent.name for agent in game.agents)
    winner = result.winner
    return GameSummary(
        seed=seed,
        winner_seat=winner,
        winner_strategy=seats[winner] if 0 <= winner < len(seats) else None,
        seat_strategies=seats,
        rounds=result.rounds,
        turns=result.turns,
        reason=result.reason,
        stopped_by_limit=result.stopped_by_limit,
        net_worth=tuple(result.net_worth),
    )


# What each worker process needs for every game; set once per process by _start_worker.
_WORKER: dict[str, Any] = {}


def _start_worker(board: Board, rules: RuleSet, strategies: tuple[str, ...], max_rounds: int | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _WORKER.update(board=board, rules=rules, strategies=strategies, max_rounds=max_rounds)


def _play_seeds(seeds: list[int]) -> list[GameSummary]:
    w = _WORKER
    return [play_one(w["board"], w["rules"], w["strategies"], s, w["max_rounds"]) for s in seeds]


def _chunks(items: list[int], size: int) -> list[list[int]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def play_games(
    board: Board,
    rules: RuleSet | None,
    strategies: Sequence[str],
    games: int,
    seed: int,
    max_rounds: int | None = DEFAULT_MAX_ROUNDS,
    jobs: int = 1,
    progress: bool = False,
) -> list[GameSummary]:
    """Play ``games`` seeded games between the same strategies and summarise each one.

    Parameters
    ----------
    board
        The board (``load_board("millionaire-classic")``).
    rules
        The rules; the board's preset when ``None``.
    strategies
        One strategy name per player, e.g. ``["cautious", "aggressive"]`` (see :data:`BOT_STRATEGIES`).
        Seats are drawn by lot in every game when ``rules.shuffle_seats`` is on.
    games
        How many games (at least 1).
    seed
        A non-negative integer; game ``g`` is seeded with :func:`game_seed` ``(seed, g)``.
    max_rounds
        Stop a game after this many rounds (the richest player wins); ``None``: no limit.
    jobs
        Worker processes (:class:`concurrent.futures.ProcessPoolExecutor` when above 1). The results
        are the same for every ``jobs``.
    progress
        Show a progress bar (``tqdm.auto``: a text bar on a terminal, a widget in a notebook).

    Returns
    -------
    list of GameSummary
        In game order (game 0 first).

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> [g.rounds for g in play_games(board, None, ["cautious"] * 3, games=2, seed=5, max_rounds=3)]
    [3, 3]
    >>> play_games(board, None, ["cautious"], games=2, seed=5)
    Traceback (most recent call last):
    ...
    millionaire.simulate.SimulationError: these rules allow 2 to 8 players, got 1
    """
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    strategies = tuple(strategies)
    check_lineup(strategies, rules)
    for name, value, least in (("games", games, 1), ("jobs", jobs, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise SimulationError(f"{name} must be an integer >= {least}, got {value!r}")
    if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer))
                                   or max_rounds < 1):
        raise SimulationError(f"max_rounds must be an integer >= 1 or None, got {max_rounds!r}")
    seeds = [game_seed(int(seed), g) for g in range(games)]

    from tqdm.auto import tqdm

    with tqdm(total=games, disable=not progress, unit="game", desc="games", leave=False) as bar:
        if jobs == 1:
            summaries = []
            for one_seed in seeds:
                summaries.append(play_one(board, rules, strategies, one_seed, max_rounds))
                bar.update(1)
            return summaries
        # Small chunks keep the bar moving and the cores busy; the chunking never changes a result.
        chunks = _chunks(seeds, max(1, min(32, math.ceil(games / (jobs * 8)))))
        summaries = []
        executor = ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), initializer=_start_worker,
            initargs=(board, rules, strategies, max_rounds),
        )
        try:
            for chunk in executor.map(_play_seeds, chunks):  # map yields in submission order
                summaries.extend(chunk)
                bar.update(len(chunk))
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        executor.shutdown()
        return summaries


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


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _number(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


_TEXT = {
    "en": {
        "strategies": "Win rate per strategy (wins per seat: games won ÷ games ÷ seats it holds; a fair share is {fair}), 95% Wilson interval:",
        "strategy": "  {name:<{width}}  seats {seats:<3}  wins {wins:>{w}}  {rate:>6}  [{low}, {high}]",
        "seats": "Win rate per seat (turn order after the seating lot), 95% Wilson interval:",
        "seat": "  seat {seat:<{width}}  wins {wins:>{w}}  {rate:>6}  [{low}, {high}]",
        "no_winner": "Games without a winner: {n}",
        "rounds": "Game length in rounds: mean {mean}, median {median}, 95% of games between {low} and {high}",
        "turns": "Game length in turns: mean {mean}, median {median}, 95% of games between {low} and {high}",
        "limit": "Stopped by the round limit (the richest player declared the winner; lengths counted at the limit): {n} of {games} games ({share})",
    },
    "ru": {
        "strategies": "Доля побед по стратегиям (на одно место: выигранные партии ÷ партии ÷ места стратегии; поровну — {fair}), 95% интервал Уилсона:",
        "strategy": "  {name:<{width}}  мест {seats:<3}  побед {wins:>{w}}  {rate:>6}  [{low}, {high}]",
        "seats": "Доля побед по местам (очерёдность хода после жеребьёвки), 95% интервал Уилсона:",
        "seat": "  место {seat:<{width}}  побед {wins:>{w}}  {rate:>6}  [{low}, {high}]",
        "no_winner": "Партий без победителя: {n}",
        "rounds": "Длина партии в раундах: в среднем {mean}, медиана {median}, 95% партий от {low} до {high}",
        "turns": "Длина партии в ходах: в среднем {mean}, медиана {median}, 95% партий от {low} до {high}",
        "limit": "Остановлено лимитом раундов (побеждает самый богатый; длина считается равной лимиту): {n} из {games} партий ({share})",
    },
}


def format_summary(summary: dict[str, Any], lang: str = "en") -> str:
    """The result of :func:`summarise` as plain text in English (``"en"``) or Russian (``"ru"``).

    >>> game = GameSummary(seed=0, winner_seat=0, winner_strategy="cautious", rounds=40, turns=80,
    ...     seat_strategies=("cautious", "cautious"), reason="last player standing",
    ...     stopped_by_limit=False, net_worth=(5000, 0))
    >>> print(format_summary(summarise([game] * 10)))  # doctest: +NORMALIZE_WHITESPACE
    Win rate per strategy (wins per seat: games won ÷ games ÷ seats it holds; a fair share is 50.0%), 95% Wilson interval:
      cautious  seats 2    wins 10  50.0%  [36.1%, 50.0%]
    Win rate per seat (turn order after the seating lot), 95% Wilson interval:
      seat 1  wins 10  100.0%  [72.2%, 100.0%]
      seat 2  wins  0    0.0%  [0.0%, 27.8%]
    Game length in rounds: mean 40, median 40, 95% of games between 40 and 40
    Game length in turns: mean 80, median 80, 95% of games between 80 and 80
    Stopped by the round limit (the richest player declared the winner; lengths counted at the limit): 0 of 10 games (0.0%)
    """
    text = _TEXT["ru" if lang == "ru" else "en"]
    wins_width = len(str(summary["games"]))
    lines = [text["strategies"].format(fair=_percent(1 / summary["players"]))]
    width = max(len(name) for name in summary["strategies"])
    for name, row in summary["strategies"].items():
        lines.append(text["strategy"].format(
            name=name, width=width, seats=_number(row["seats"]), wins=row["wins"], w=wins_width,
            rate=_percent(row["rate"]), low=_percent(row["low"]), high=_percent(row["high"])))
    lines.append(text["seats"])
    seat_width = len(str(summary["players"]))
    for row in summary["seats"]:
        lines.append(text["seat"].format(
            seat=row["seat"], width=seat_width, wins=row["wins"], w=wins_width,
            rate=_percent(row["rate"]), low=_percent(row["low"]), high=_percent(row["high"])))
    if summary["no_winner"]:
        lines.append(text["no_winner"].format(n=summary["no_winner"]))
    for key in ("rounds", "turns"):
        spread = summary[key]
        lines.append(text[key].format(**{k: _number(spread[k]) for k in ("mean", "median", "low", "high")}))
    limit = summary["limit"]
    lines.append(text["limit"].format(n=limit["games"], games=summary["games"], share=_percent(limit["share"])))
    return "\n".join(lines)


__all__ = [
    "BOT_STRATEGIES", "DEFAULT_MAX_ROUNDS", "GameSummary", "SimulationError", "Z95", "check_lineup", "format_summary",
    "game_seed", "play_games", "play_one", "summarise", "wilson_interval",
]
