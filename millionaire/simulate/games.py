"""Playing seeded games: the seed of each game, one game played to its end, and many games on one or
several cores or on any executor, each kept as a :class:`GameSummary`.

Not here: watching a game round by round (:mod:`.observe`), win rates and intervals
(:mod:`.summary`), tournaments between lineups (:mod:`.tournament`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass

import numpy as np

from ..board import Board
from ..engine import Game
from ..rules import RuleSet
from .checks import _check_count, _check_max_rounds, check_lineup
from .schedule import _bar, _outcome, _pool


#: The default round limit of a simulated game; games that reach it are won by the richest player.
DEFAULT_MAX_ROUNDS = 1000


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


def play_one(board: Board, rules: RuleSet, strategies: Sequence[str], seed: int, max_rounds: int | None) -> GameSummary:
    """Play one game without an event log and keep its :class:`GameSummary`."""
    game = Game(board, rules, agents=list(strategies), seed=seed, record_events=False)
    game.run(max_rounds=max_rounds)
    return _summary_of(game, seed)


def _summary_of(game: Game, seed: int) -> GameSummary:
    """The :class:`GameSummary` of a finished game."""
    result = game.result()
    seats = tuple(agent.name for agent in game.agents)
    winner = result.winner
    return GameSummary(
        seed=seed, winner_seat=winner, winner_strategy=seats[winner] if 0 <= winner < len(seats) else None,
        seat_strategies=seats, rounds=result.rounds, turns=result.turns, reason=result.reason,
        stopped_by_limit=result.stopped_by_limit, net_worth=tuple(result.net_worth),
    )


def play_games(
    board: Board,
    rules: RuleSet | None,
    strategies: Sequence[str],
    games: int,
    seed: int,
    max_rounds: int | None = DEFAULT_MAX_ROUNDS,
    jobs: int = 1,
    progress: bool = False,
    *,
    executor: Executor | None = None,
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
        are the same for every ``jobs``. With ``executor``: how many workers it has (it sets the size
        of the chunks and how many are sent ahead).
    progress
        Show a progress bar (``tqdm.auto``: a text bar on a terminal, a widget in a notebook).
    executor
        Any :class:`concurrent.futures.Executor` to play the games on instead of a local pool, such
        as a Dask cluster's ``client.get_executor()``; the results are the same.

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
    _check_count("games", games, 1)
    _check_count("jobs", jobs, 1)
    _check_count("seed", seed, 0)
    _check_max_rounds(max_rounds)
    seed = int(seed)

    # Seeds are made as the games are played, so the first game starts at once however many follow.
    with _bar(progress, games) as bar:
        if jobs == 1 and executor is None:
            summaries = []
            for game in range(games):
                summaries.append(play_one(board, rules, strategies, game_seed(seed, game), max_rounds))
                bar.update(1)
            return summaries
        # Small chunks keep the bar moving and the cores busy; the chunking never changes a result.
        size = max(1, min(32, math.ceil(games / (jobs * 8))))
        chunks = ([game_seed(seed, g) for g in range(start, min(start + size, games))] for start in range(0, games, size))
        summaries = []
        running: dict[Future[list[GameSummary]], list[int]] = {}  # the seeds of each future, in submission order
        with _pool(executor, min(jobs, math.ceil(games / size)), running) as pool:

            def submit(chunk: list[int]) -> Future[list[GameSummary]]:
                return pool.submit(_play_chunk, board, rules, strategies, max_rounds, chunk)

            def collect() -> None:  # the oldest chunk, a few per worker running at a time
                future = next(iter(running))
                chunk = running.pop(future)
                done = _outcome(future, None if executor is None else lambda: submit(chunk))
                summaries.extend(done)
                bar.update(len(done))

            for chunk in chunks:
                running[submit(chunk)] = chunk
                if len(running) >= 4 * jobs:
                    collect()
            while running:
                collect()
        return summaries


def _play_chunk(board: Board, rules: RuleSet, strategies: tuple[str, ...], max_rounds: int | None,
                seeds: list[int]) -> list[GameSummary]:
    """Play the games of some seeds (one chunk of :func:`play_games`, run wherever the pool sends it)."""
    return [play_one(board, rules, strategies, seed, max_rounds) for seed in seeds]
