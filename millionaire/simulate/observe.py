"""Watching a game round by round: play it one round at a time, and record net worth and ownership
at each round boundary, for the trajectories of a tournament.

Not here: games kept only as a summary (:mod:`.games`, faster), running many observed games
(:mod:`.tournament`, :mod:`.schedule`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from ..actions import Decision
from ..board import Board
from ..economics.inequality import gini_rows, herfindahl_rows
from ..engine import Game
from ..queries import mortgage_value
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


def _values(board: Board, rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's worth to its owner, unmortgaged and mortgaged (price, less the loan), and the
    cost of one building on it; kept per board and rule set, as every game of a tournament asks."""
    key = (board.key, rules)
    kept = _VALUES.get(key)
    if kept is None or kept[0] is not board:
        cells = board.cells
        prices = np.array([cell.price for cell in cells], dtype=np.int64)
        loans = np.array([mortgage_value(board, rules, c) if cells[c].ownable else 0 for c in range(board.size)],
                         dtype=np.int64)
        building = np.array([board.industries[c.industry].build_price if c.industry >= 0 else 0 for c in cells],
                            dtype=np.int64)
        kept = (board, np.stack([prices, prices - loans]), building)
        if len(_VALUES) > 16:
            _VALUES.clear()
        _VALUES[key] = kept
    return kept[1], kept[2]


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
    return _observed(board, rules, [_played(board, rules, strategies, seed, max_rounds, every)])[0]


#: What is kept of a game :func:`_played` until its chunk is worked out: its summary, its number of
#: players and the recorder that watched it (not the game: a chunk of games kept whole would hold the
#: garbage collector up).
Played = tuple[GameSummary, int, RoundRecorder]


def _played(board: Board, rules: RuleSet, strategies: Sequence[str], seed: int, max_rounds: int | None,
            every: int) -> Played:
    """One seeded game played to its end without an event log, watched by a recorder at every round
    boundary (and at the end)."""
    game = Game(board, rules, agents=list(strategies), seed=seed, record_events=False)
    recorder = RoundRecorder(every)
    recorder(game)
    game.run(_check_max_rounds(max_rounds), each_round=recorder)  # observe at every round boundary, then at the end
    recorder(game)
    return _summary_of(game, seed), len(game.state.players), recorder


def _observed(board: Board, rules: RuleSet, played: list[Played]) -> list[ObservedGame]:
    """The :class:`ObservedGame` of each game :func:`_played` on ``board`` under ``rules``, in order.

    Net worth, properties and the two indices are worked out for all the games of the same number of
    players at once, as one long game: a tournament's chunk makes a few dozen numpy calls, not a few
    dozen a game.
    """
    observed: list[ObservedGame | None] = [None] * len(played)
    by_players: dict[int, list[int]] = {}
    for index, (_, players, _) in enumerate(played):
        by_players.setdefault(players, []).append(index)
    for players, indices in by_players.items():
        for index, seen in zip(indices, _observed_alike(board, rules, [played[i] for i in indices], players)):
            observed[index] = seen
    return [seen for seen in observed if seen is not None]


def _joined(recorders: list[RoundRecorder], name: str) -> np.ndarray:
    """The positions ``name`` (bytes) of every recorder, one after the other, as one array of bytes."""
    return np.frombuffer(b"".join(getattr(recorder, name) for recorder in recorders), dtype=np.uint8)


def _observed_alike(board: Board, rules: RuleSet, played: list[Played], players: int) -> list[ObservedGame]:
    """:func:`_observed` for games of ``players`` players each."""
    recorders = [recorder for _, _, recorder in played]
    prices, building = _values(board, rules)
    # Every position of the properties any recorder kept, one after the other: (positions, cells).
    owner = _joined(recorders, "owners").reshape(-1, board.size).astype(np.int64) - 1
    mortgaged = _joined(recorders, "mortgages").reshape(owner.shape).astype(bool)
    levels = _joined(recorders, "levels").reshape(owner.shape).astype(np.int64)
    # What each seat's properties are worth (price, less the loan when mortgaged, plus the buildings at
    # cost: the non-cash part of Game.net_worth) and how many he has, at each position.
    value = np.where(mortgaged, prices[1], prices[0]) + levels * building
    held = owner >= 0
    positions = owner.shape[0]
    slot = (np.arange(positions)[:, None] * players + owner)[held]
    size = positions * players
    worth = np.bincount(slot, weights=value[held], minlength=size).astype(np.int64).reshape(positions, players)
    owned = np.bincount(slot, minlength=size).reshape(positions, players)
    # Each observation's position: a recorder counts its own positions from 0.
    starts = np.cumsum([0] + [r.positions for r in recorders])
    seen = np.array(list(chain.from_iterable(r.seen for r in recorders)), dtype=np.intp)
    counts = [len(r.rounds) for r in recorders]
    seen += np.repeat(starts[:-1], counts)
    net = np.array(list(chain.from_iterable(r.cash for r in recorders)), dtype=np.int64).reshape(-1, players) + worth[seen]
    for recorder, row in zip(recorders, np.cumsum([0] + counts)):
        if recorder.shares:  # Millionaire Elite: shares at the market price
            net[row:row + len(recorder.rounds)] += np.array(recorder.shares, dtype=np.int64).reshape(-1, players)
    net[np.array(list(chain.from_iterable(r.out for r in recorders)), dtype=bool).reshape(net.shape)] = 0
    owned_seen = owned[seen].astype(np.int16)
    rounds = np.array(list(chain.from_iterable(r.rounds for r in recorders)), dtype=np.int32)
    gini, hhi = gini_rows(net), herfindahl_rows(owned_seen)
    result: list[ObservedGame] = []
    row = 0
    for (summary, _, recorder), count in zip(played, counts):
        rows = slice(row, row + count)
        result.append(ObservedGame(summary, recorder.first_bankruptcy, rounds[rows], net[rows],
                                   owned_seen[rows], gini[rows], hhi[rows]))
        row += count
    return result


def _observe_chunk(board: Board, rules: RuleSet, games: list[tuple[tuple[str, ...], int]],
                   max_rounds: int | None, every: int) -> list[ObservedGame]:
    """:func:`observe_game` of each ``(lineup, seed)``, the arrays worked out for the chunk at once."""
    return _observed(board, rules, [_played(board, rules, lineup, seed, max_rounds, every) for lineup, seed in games])
