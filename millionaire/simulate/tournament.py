"""Many seeded games at once: play them (on several cores), then summarise who wins and how long it takes.

Game ``g`` of a run with seed ``S`` is seeded by :func:`game_seed` ``(S, g)`` alone, so the results do
not depend on how many processes play them or in which order they finish. The seed of every game is
kept in its :class:`GameSummary`; ``millionaire play --seed`` with it (and the same strategies in the
same order) replays that game event by event.

:func:`play_games` keeps one :class:`GameSummary` per game. :func:`tournament` also watches every game
round by round (:func:`play_by_round`, :func:`observe_game`) and returns a :class:`TournamentResult`
with win rates, game lengths, first bankruptcies, net-worth trajectories and inequality per round, as
plain tables; :func:`experiment` reruns a tournament over a grid of :class:`~millionaire.rules.RuleSet`
changes (the policy experiments of the lessons). Both run on a local process pool or on any
:class:`concurrent.futures.Executor`.

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

import itertools
import math
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..agents import STRATEGIES
from ..board import Board
from ..engine import Game
from ..errors import MillionaireError
from ..rules import RuleSet

#: Strategies a simulation can seat (every bot of :mod:`millionaire.agents`; no humans).
BOT_STRATEGIES = (*STRATEGIES, "random")

#: The default round limit of a simulated game; games that reach it are won by the richest player.
DEFAULT_MAX_ROUNDS = 1000

#: Two-sided 95% normal quantile used by :func:`wilson_interval`.
Z95 = 1.959963984540054


class SimulationError(MillionaireError):
    """Arguments a simulation cannot run with (unknown strategy, too many players, no games, ...)."""


SimulationError.__module__ = "millionaire.simulate"  # the name users import it by


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
    seed = int(seed)

    from tqdm.auto import tqdm

    # Seeds are made as the games are played, so the first game starts at once however many follow.
    with tqdm(total=games, disable=not progress, unit="game", desc="games", leave=False) as bar:
        if jobs == 1:
            summaries = []
            for game in range(games):
                summaries.append(play_one(board, rules, strategies, game_seed(seed, game), max_rounds))
                bar.update(1)
            return summaries
        # Small chunks keep the bar moving and the cores busy; the chunking never changes a result.
        size = max(1, min(32, math.ceil(games / (jobs * 8))))
        chunks = ([game_seed(seed, g) for g in range(start, min(start + size, games))] for start in range(0, games, size))
        summaries = []
        executor = ProcessPoolExecutor(
            max_workers=min(jobs, math.ceil(games / size)), initializer=_start_worker,
            initargs=(board, rules, strategies, max_rounds),
        )
        running: deque[Future[list[GameSummary]]] = deque()  # in submission order, a few per worker at a time
        try:
            for chunk in chunks:
                running.append(executor.submit(_play_seeds, chunk))
                if len(running) >= 4 * jobs:
                    summaries.extend(_collect(running.popleft(), bar))
            while running:
                summaries.extend(_collect(running.popleft(), bar))
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        executor.shutdown()
        return summaries


def _collect(future: Future[list[GameSummary]], bar: Any) -> list[GameSummary]:
    """The summaries of one chunk of games, once played, counted on the progress bar."""
    done = future.result()
    bar.update(len(done))
    return done


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


# ---------------------------------------------------------------------- observing games round by round
def rounds_played(state: Any) -> int:
    """Rounds completed in a game state: at a round boundary the round just over, mid-round the
    rounds before it, and when a player is left alone the round in which the game ended
    (the same count as :attr:`millionaire.engine.GameResult.rounds`).

    >>> from millionaire import load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> rounds_played(game.state)
    0
    """
    if state.finished and not state.reason.startswith(("round limit", "timed")):
        return state.round
    return state.round - 1


def play_by_round(game: Game, max_rounds: int | None = None) -> Iterator[tuple[int, Game]]:
    """Let the bots play ``game`` one round at a time, yielding ``(rounds completed, game)`` at the start and
    after every round, so anything can be measured at each round boundary.

    The last yield is the end of the game (a round limit, the timed game, or the last player standing,
    then possibly mid-round). The game is the same object each time (copy ``game.state`` to keep a
    position). Every decision is the bots' own, exactly as in :meth:`millionaire.engine.Game.run`, so
    the game is the one ``Game.run(max_rounds)`` plays with the same seed.

    Parameters
    ----------
    game
        A game whose seats are all bots.
    max_rounds
        Stop after this many rounds (the richest player wins, as with ``Game.run``); ``None``: play to the end.

    Raises
    ------
    SimulationError
        ``max_rounds`` is not a positive integer, or a human seat must decide.

    Examples
    --------
    >>> from millionaire import load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "aggressive"], seed=7,
    ...             record_events=False)
    >>> worth = [(done, g.net_worth(0) + g.net_worth(1)) for done, g in play_by_round(game, max_rounds=3)]
    >>> [done for done, _ in worth], worth[0][1]
    ([0, 1, 2, 3], 4000)
    >>> game.finished, game.result().rounds
    (True, 3)
    """
    if max_rounds is not None:
        if isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer)) or max_rounds < 1:
            raise SimulationError(f"max_rounds must be an integer >= 1 or None, got {max_rounds!r}")
        game.round_limit = int(max_rounds)
    yield rounds_played(game.state), game
    while not game.finished:
        target = game.state.round
        game.play_bots(until_round=target)
        state = game.state
        if not state.finished and state.round <= target:
            seat = state.pending["player"] if state.pending else -1
            raise SimulationError(f"seat {seat} is human: play_by_round needs bots in every seat")
        yield rounds_played(state), game


def _summary_of(game: Game, seed: int) -> GameSummary:
    result = game.result()
    seats = tuple(agent.name for agent in game.agents)
    winner = result.winner
    return GameSummary(
        seed=seed, winner_seat=winner, winner_strategy=seats[winner] if 0 <= winner < len(seats) else None,
        seat_strategies=seats, rounds=result.rounds, turns=result.turns, reason=result.reason,
        stopped_by_limit=result.stopped_by_limit, net_worth=tuple(result.net_worth),
    )


@dataclass(frozen=True)
class ObservedGame:
    """One game of a tournament, observed at every ``every``-th round boundary (and at its end).

    Attributes
    ----------
    summary : the :class:`GameSummary` (as :func:`play_games` keeps it).
    first_bankruptcy : round in which the first player went bankrupt, ``-1`` if nobody did.
    rounds : the rounds completed at each observation, shape ``(k,)`` (starts with 0).
    net_worth : net worth of each seat at each observation, shape ``(k, players)``.
    owned : properties each seat owns at each observation, shape ``(k, players)``.
    """

    summary: GameSummary
    first_bankruptcy: int
    rounds: np.ndarray
    net_worth: np.ndarray
    owned: np.ndarray


def observe_game(board: Board, rules: RuleSet, strategies: Sequence[str], seed: int,
                 max_rounds: int | None = DEFAULT_MAX_ROUNDS, every: int = 1) -> ObservedGame:
    """Play one seeded game without an event log, recording net worth and ownership every ``every`` rounds.

    The game is the one :func:`play_one` plays with the same arguments (same summary).

    >>> from millionaire import load_board
    >>> board = load_board("millionaire-classic")
    >>> seen = observe_game(board, RuleSet.classic(), ["cautious", "aggressive"], seed=3, max_rounds=20, every=5)
    >>> seen.rounds.tolist(), seen.net_worth.shape
    ([0, 5, 10, 15, 20], (5, 2))
    >>> seen.summary == play_one(board, RuleSet.classic(), ["cautious", "aggressive"], 3, 20)
    True
    """
    game = Game(board, rules, agents=list(strategies), seed=seed, record_events=False)
    players = len(strategies)
    ownable = board.ownable
    rounds: list[int] = []
    worth: list[list[int]] = []
    owned: list[list[int]] = []
    first_bankruptcy = -1
    for done, g in play_by_round(game, max_rounds):
        state = g.state
        if first_bankruptcy < 0 and any(p.bankrupt for p in state.players):
            first_bankruptcy = done
        if done % every and not state.finished:
            continue
        rounds.append(done)
        worth.append([g.net_worth(seat) for seat in range(players)])
        counts = [0] * players
        for cell in ownable:
            if state.owner[cell] >= 0:
                counts[state.owner[cell]] += 1
        owned.append(counts)
    return ObservedGame(_summary_of(game, seed), first_bankruptcy, np.array(rounds, dtype=np.int32),
                        np.array(worth, dtype=np.int64).reshape(len(rounds), players),
                        np.array(owned, dtype=np.int16).reshape(len(rounds), players))


def _observe_chunk(board: Board, rules: RuleSet, games: list[tuple[tuple[str, ...], int]],
                   max_rounds: int | None, every: int) -> list[ObservedGame]:
    return [observe_game(board, rules, lineup, seed, max_rounds, every) for lineup, seed in games]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _check_count(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise SimulationError(f"{name} must be an integer >= {least}, got {value!r}")
    return int(value)


class _Callback:
    """A progress "bar" that reports ``(games done, total)`` to a function (a widget's own bar)."""

    def __init__(self, report: Callable[[int, int], Any], total: int) -> None:
        self.report, self.total, self.done = report, total, 0
        report(0, total)

    def update(self, n: int) -> None:
        self.done += n
        self.report(self.done, self.total)

    def __enter__(self) -> _Callback:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _run_chunks(chunks: list[tuple[Any, ...]], jobs: int | None, executor: Executor | None,
                progress: bool | Callable[[int, int], Any], total: int, desc: str) -> list[list[ObservedGame]]:
    """Run ``_observe_chunk(*chunk)`` for every chunk (in-process, in a process pool, or on ``executor``);
    results in chunk order whatever the order they finish in."""
    from tqdm.auto import tqdm

    results: list[list[ObservedGame] | None] = [None] * len(chunks)
    bar: Any = (_Callback(progress, total) if callable(progress)
                else tqdm(total=total, disable=not progress, unit="game", desc=desc, leave=False))
    with bar:
        if executor is None and (jobs == 1 or len(chunks) == 1):
            for index, chunk in enumerate(chunks):
                results[index] = _observe_chunk(*chunk)
                bar.update(len(chunk[2]))
            return results  # type: ignore[return-value]
        own = executor is None
        pool: Executor = executor if executor is not None else ProcessPoolExecutor(
            max_workers=min(jobs or 1, len(chunks)), initializer=_ignore_sigint)
        futures = {}
        try:
            futures = {pool.submit(_observe_chunk, *chunk): index for index, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                index = futures[future]
                results[index] = future.result()
                bar.update(len(chunks[index][2]))
        except BaseException:
            for future in futures:
                future.cancel()
            if own:
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        if own:
            pool.shutdown()
    return results  # type: ignore[return-value]


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


def _chunk_size(games: int, workers: int) -> int:
    return max(1, min(16, math.ceil(games / (workers * 8))))


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
        observations and after the game's end (a finished game stays as it ended)."""
        last = max(int(g.rounds[-1]) for g in self.games)
        horizon = last if rounds is None else _check_count("rounds", rounds, 0)
        grid = np.arange(horizon + 1)
        dense = np.empty((len(self.games), horizon + 1) + values[0].shape[1:], dtype=np.float64)
        for index, (game, value) in enumerate(zip(self.games, values)):
            at = np.searchsorted(game.rounds, grid, side="right") - 1
            dense[index] = value[np.maximum(at, 0)]
        return dense

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
        from ..economics import gini_rows

        worth = self.net_worth_array(rounds)
        games, horizon, players = worth.shape
        return gini_rows(worth.reshape(games * horizon, players)).reshape(games, horizon)

    def inequality_trajectory(self, rounds: int | None = None) -> list[dict[str, Any]]:
        """Per round: ``round``, ``gini`` (mean over games), ``gini_low``, ``gini_high`` (2.5%, 97.5%),
        ``hhi`` (mean Herfindahl index of property ownership, over games where someone owns a property)
        and ``running`` (share of games not over)."""
        g = self.gini(rounds)
        owned = self._dense([game.owned for game in self.games], rounds)
        total = owned.sum(axis=2)
        with np.errstate(invalid="ignore", divide="ignore"):  # sum of squared shares; nan where nothing is owned
            hhi = np.where(total > 0, (owned ** 2).sum(axis=2) / np.where(total > 0, total, 1) ** 2, np.nan)
        running = self.running(g.shape[1] - 1)
        low, high = np.quantile(g, [0.025, 0.975], axis=0)
        counted = np.isfinite(hhi).sum(axis=0)
        mean_hhi = np.where(counted > 0, np.nansum(hhi, axis=0) / np.maximum(counted, 1), np.nan)
        return [{"round": r, "gini": float(g[:, r].mean()), "gini_low": float(low[r]), "gini_high": float(high[r]),
                 "hhi": float(mean_hhi[r]), "running": float(running[r])} for r in range(g.shape[1])]


def tournament(
    board: Board | str,
    strategies: Sequence[str],
    games: int = 100,
    seed: int = 0,
    *,
    players: int | None = None,
    rules: RuleSet | None = None,
    max_rounds: int | None = DEFAULT_MAX_ROUNDS,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: bool | Callable[[int, int], Any] = False,
    every: int = 1,
) -> TournamentResult:
    """Play strategies against each other in many seeded games and observe every game round by round.

    Game ``g`` is seeded with :func:`game_seed` ``(seed, g)`` and played in a worker by
    :func:`observe_game`; the results are identical for the same seed whatever the number of
    processes or the executor.

    Parameters
    ----------
    board
        A :class:`~millionaire.board.Board` or a built-in name (``"millionaire-classic"``).
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
        Worker processes (default: every core); ignored with ``executor``.
    executor
        Any :class:`concurrent.futures.Executor` to run the games on instead of a local process pool:
        a ``ThreadPoolExecutor``, a ``ProcessPoolExecutor`` of your own, or a cluster's. The package
        must be importable where the work runs.
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
    board, rules, strategies, players, workers = _prepare(board, strategies, rules, players, games, seed,
                                                          max_rounds, jobs, every)
    lineups = _lineups(strategies, players, games, rotate=not rules.shuffle_seats)
    work = [(lineup, game_seed(seed, g)) for g, lineup in enumerate(lineups)]
    size = _chunk_size(games, workers)
    chunks = [(board, rules, work[i:i + size], max_rounds, every) for i in range(0, games, size)]
    observed = [game for chunk in _run_chunks(chunks, workers, executor, progress, games, "games") for game in chunk]
    return TournamentResult(board.key, rules, strategies, players, seed, max_rounds, every, observed)


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
    players: int | None = None,
    rules: RuleSet | None = None,
    max_rounds: int | None = DEFAULT_MAX_ROUNDS,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: bool | Callable[[int, int], Any] = False,
    every: int = 1,
    keep: bool = False,
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
    board, strategies, games, seed, players, rules, max_rounds, jobs, executor, progress, every
        As in :func:`tournament` (``rules`` is the base the changes apply to).

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
    board, base, strategies, players, workers = _prepare(board, strategies, rules, players, games, seed,
                                                         max_rounds, jobs, every)
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
    results = _run_chunks(chunks, workers, executor, progress, games * len(conditions), "games")
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


__all__ = [
    "BOT_STRATEGIES", "DEFAULT_MAX_ROUNDS", "GameSummary", "ObservedGame", "SimulationError", "TournamentResult",
    "Z95", "check_lineup", "experiment", "format_summary", "game_seed", "observe_game", "play_by_round",
    "play_games", "play_one", "rounds_played", "summarise", "tournament", "wilson_interval",
]
