"""Watching a game round by round: play it one round at a time, and record net worth and ownership
at each round boundary, for the trajectories of a tournament.

Not here: games kept only as a summary (:mod:`.games`, faster), running many observed games
(:mod:`.tournament`, :mod:`.schedule`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..actions import Decision
from ..board import Board
from ..economics.inequality import gini_rows, herfindahl_rows
from ..engine import Game
from ..recording import RoundRecorder, rounds_played
from ..rules import RuleSet
from .checks import SimulationError, _check_max_rounds
from .games import DEFAULT_MAX_ROUNDS, GameSummary, _summary_of


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
    limit = _check_max_rounds(max_rounds)
    if limit is not None:
        game.round_limit = limit
    yield rounds_played(game.state), game
    while not game.finished:
        target = game.state.round
        _play_round(game, target)
        state = game.state
        if not state.finished and state.round <= target:
            seat = state.pending.player if state.pending is not None else -1
            raise SimulationError(f"seat {seat} is human: play_by_round needs bots in every seat")
        yield rounds_played(state), game


def _play_round(game: Game, target: int) -> None:
    """Let the bots play until round ``target`` is over or a human must decide, as :meth:`Game.run`
    plays: a trusted bot's answer is taken from its data and not checked again, any other is applied."""
    state = game.state
    agents = game.agents
    answers = [agent.answer if getattr(agent, "trusted", False) else None for agent in agents]
    record, execute, advance = game.actions.append, game._execute, game._advance
    while not state.finished and state.round <= target:
        data = state.pending
        if data is None:
            break
        seat = data.player
        answer = answers[seat]
        if answer is None:
            agent = agents[seat]
            if agent is None or getattr(agent, "human", False):
                break
            game.apply(agent.choose(game, Decision(game, data)))
        else:
            action = answer(game, data)
            record((seat, action))
            execute(data, action)
            advance()


_VALUES: dict[tuple[str, RuleSet], tuple[Board, np.ndarray, np.ndarray]] = {}


def _values(board: Board, game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's worth to its owner, unmortgaged and mortgaged (price, less the loan), and the
    cost of one building on it; kept per board and rule set, as every game of a tournament asks."""
    key = (board.key, game.rules)
    kept = _VALUES.get(key)
    if kept is None or kept[0] is not board:
        cells = board.cells
        prices = np.array([cell.price for cell in cells], dtype=np.int64)
        loans = np.array([game.mortgage_value(c) if cells[c].ownable else 0 for c in range(board.size)], dtype=np.int64)
        building = np.array([board.industries[c.industry].build_price if c.industry >= 0 else 0 for c in cells],
                            dtype=np.int64)
        kept = (board, np.stack([prices, prices - loans]), building)
        if len(_VALUES) > 16:
            _VALUES.clear()
        _VALUES[key] = kept
    return kept[1], kept[2]


def _holdings(board: Board, game: Game, recorder: RoundRecorder) -> tuple[np.ndarray, np.ndarray]:
    """The properties of every seat at each observation and what they are worth (the non-cash part of
    :meth:`Game.net_worth`: price, less the loan when mortgaged, plus the buildings at cost), worked
    out for the whole game at once from each position of the properties the recorder kept."""
    prices, building = _values(board, game)
    positions, players = recorder.positions, len(game.state.players)
    owner = np.array(recorder.owners, dtype=np.int64).reshape(positions, board.size)
    value = np.where(np.array(recorder.mortgages, dtype=bool).reshape(owner.shape), prices[1], prices[0])
    value += np.array(recorder.levels, dtype=np.int64).reshape(owner.shape) * building
    held = owner >= 0
    slot = (np.arange(positions)[:, None] * players + owner)[held]
    size = positions * players
    worth = np.bincount(slot, weights=value[held], minlength=size).astype(np.int64).reshape(positions, players)
    owned = np.bincount(slot, minlength=size).reshape(positions, players)
    seen = np.array(recorder.seen, dtype=np.intp)
    return worth[seen], owned[seen]


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
    gini : the Gini index of ``net_worth`` at each observation, shape ``(k,)``.
    hhi : the Herfindahl index of ``owned`` at each observation (``nan`` while nothing is owned), shape ``(k,)``.

    The two indices are worked out where the game is played (a worker of the tournament), so that a
    tournament's inequality over thousands of games is no more than their averages.
    """

    summary: GameSummary
    first_bankruptcy: int
    rounds: np.ndarray
    net_worth: np.ndarray
    owned: np.ndarray
    gini: np.ndarray
    hhi: np.ndarray


def observe_game(board: Board, rules: RuleSet, strategies: Sequence[str], seed: int,
                 max_rounds: int | None = DEFAULT_MAX_ROUNDS, every: int = 1) -> ObservedGame:
    """Play one seeded game without an event log, recording net worth and ownership every ``every`` rounds.

    The game is the one :func:`~millionaire.simulate.play_one` plays with the same arguments (same summary).

    >>> from millionaire import load_board
    >>> from millionaire.simulate import play_one
    >>> board = load_board("millionaire-classic")
    >>> seen = observe_game(board, RuleSet.classic(), ["cautious", "aggressive"], seed=3, max_rounds=20, every=5)
    >>> seen.rounds.tolist(), seen.net_worth.shape
    ([0, 5, 10, 15, 20], (5, 2))
    >>> seen.summary == play_one(board, RuleSet.classic(), ["cautious", "aggressive"], 3, 20)
    True
    """
    game = Game(board, rules, agents=list(strategies), seed=seed, record_events=False)
    players = len(strategies)
    recorder = RoundRecorder(every)
    recorder(game)
    game.run(_check_max_rounds(max_rounds), each_round=recorder)  # observe at every round boundary, then at the end
    recorder(game)
    shape = (len(recorder.rounds), players)
    holdings, owned = _holdings(board, game, recorder)
    worth = np.array(recorder.cash, dtype=np.int64).reshape(shape) + holdings
    if recorder.shares:
        worth += np.array(recorder.shares, dtype=np.int64).reshape(shape)
    worth[np.array(recorder.out, dtype=bool).reshape(shape)] = 0
    return ObservedGame(_summary_of(game, seed), recorder.first_bankruptcy, np.array(recorder.rounds, dtype=np.int32),
                        worth, owned.astype(np.int16), gini_rows(worth), herfindahl_rows(owned))



def _observe_chunk(board: Board, rules: RuleSet, games: list[tuple[tuple[str, ...], int]],
                   max_rounds: int | None, every: int) -> list[ObservedGame]:
    return [observe_game(board, rules, lineup, seed, max_rounds, every) for lineup, seed in games]
