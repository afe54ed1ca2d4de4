"""A class league: every student's bot against the built-in strategies, on the same dice, seats rotated.

A *bot* is any object with ``choose(game, decision) -> Action`` (usually a subclass of
:class:`~millionaire.agents.Agent`). :func:`league` seats each entrant heads-up against each
opponent. Game ``g`` of every pairing uses the same seed (:func:`~millionaire.simulate.game_seed`),
and is played twice, once with the entrant moving first and once second: every entrant meets the
same dice (*common random numbers*), so differences between entrants come from their decisions, not
their luck, and a paired test (:func:`sign_test` on the games where two entrants differ) sees them
with far fewer games than two independent tournaments would.

Broken bots do not stop a league. Each answer is checked; a bot that raises, answers illegally,
changes the game itself, or takes longer than ``budget`` seconds for one decision loses that game
(a :class:`Fault` names the bot, the decision and the reason), and the league goes on.

What ``isolate=True`` guarantees (the default where the operating system can ``fork``: Linux, macOS):

* Each student's bot plays each game in a process of its own, forked for that game (the built-in
  strategies play in the league's own process). That process plays the game on its own copy and
  sends back only the bot's answers, as plain data; the league applies each one to the real game,
  which it plays itself, and takes the result from that game alone. A bot cannot report a result,
  send the league code to run, or change the real game: changing its copy only misleads itself.
* The league keeps the clock itself, from when it last heard from the bot's process (or told it the
  other side's move). An answer that took longer than ``budget`` costs the game once it arrives; no
  answer ``budget + grace`` seconds on (an endless loop, a deadlock) ends the process: the bot loses
  that game. No bot can hang the league; it waits at most ``budget + grace`` per decision.
* The time charged is the wall-clock time less the time the computer kept the bot (and the league)
  waiting for a processor (Linux reports it; elsewhere nothing is taken off): a bot that thinks or
  sleeps too long loses, a bot paused by a busy computer does not.
* The process is fenced (:mod:`millionaire.confinement`): a session and process group of its own,
  ended with every process it started when its game ends; at most ``memory_mb`` more memory than
  it was forked with (an allocation beyond fails: the bot loses that game); and on Linux (x86-64,
  ARM64) no signals to other processes, so ``os.kill(os.getppid(), 9)`` fails with
  ``PermissionError``.

This is not a sandbox. The bot runs as the notebook's user: it can read and write that user's files,
open the network, start programs, and reach the notebook's process in ways a signal filter does not
close (its memory through ``/proc``, its kernel through the connection file). A league is for a class's
bots, not for code from strangers.

``isolate=False`` (and Windows) plays in the notebook's own process, with the real game: a slow answer
still costs the game once it returns, and a bot that calls ``game.apply`` itself is caught, but a bot
that never returns cannot be stopped (press the notebook's stop button), and one that changes
``game.state`` by hand, or the notebook itself, is not caught.

Examples
--------
>>> from millionaire.agents import Agent
>>> class Buyer(Agent):
...     name = "buyer"
...     def choose(self, game, decision):
...         actions = decision.legal_actions()
...         buy = [a for a in actions if a.kind == "buy"]
...         return buy[0] if buy else actions[0]
>>> result = league({"buyer": Buyer}, opponents=["random"], games=2, seed=1, max_rounds=20)
>>> [(row["bot"], row["games"]) for row in result.standings()]
[('buyer', 4)]
>>> result.faults
[]
"""

from __future__ import annotations

import copy
import gc
import json
import math
import multiprocessing
import os
import select
import signal
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import DECISION_KINDS, Action, Decision
from .agents import RandomAgent, ThresholdAgent, make_agent
from .board import Board, load_board
from .confinement import BOT_MEMORY_MB, confine
from .engine import Game
from .errors import IllegalActionError, MillionaireError
from .pending import Pending
from .plain_text import chart_text
from .rules import RuleSet
from .simulate import BOT_STRATEGIES, game_seed, wilson_interval
from .words import strategy_label, texts

#: The built-in strategies every entrant meets by default.
DEFAULT_OPPONENTS = ("random", "cautious", "aggressive", "monopolist")

#: Why a bot lost a game without finishing it (:attr:`Fault.kind`).
FAULT_KINDS = ("raised", "illegal", "slow", "hung", "meddled", "crashed", "memory")

_KINDS = tuple(DECISION_KINDS) + ("start",)  # "start": the bot failed while being made


class LeagueError(MillionaireError):
    """Arguments a league cannot run with (no entrants, a bot without ``choose``, a bad count, ...)."""


@dataclass(frozen=True)
class Fault:
    """Why a bot lost a game early.

    Attributes
    ----------
    bot : the name of the bot at fault.
    seat : its seat in that game (0: it moved first).
    kind : one of :data:`FAULT_KINDS`.
    decision : the kind of decision it was answering (``"buy"``, ``"bid"``, ...; ``"start"`` when
        making the bot failed).
    detail : what went wrong, for the teacher (the error; for an illegal answer, the engine's reason).
    answer : an illegal answer as code (``"Action.bid(1)"``); empty for other faults.
    entrant, opponent, game, entrant_seat : the game it happened in (``game`` is the seed number,
        ``entrant_seat`` 0 or 1).
    round : the round of the game.
    """

    bot: str
    seat: int
    kind: str
    decision: str
    detail: str
    answer: str
    entrant: str
    opponent: str
    game: int
    entrant_seat: int
    round: int


@dataclass(frozen=True)
class LeagueGame:
    """One game of a league: who played, from which seat, who won, how long it took.

    ``winner`` is ``"entrant"``, ``"opponent"`` or ``"none"``; ``fault`` is set when a bot lost the
    game early (the other side is then the winner).
    """

    entrant: str
    opponent: str
    game: int
    seed: int
    entrant_seat: int
    winner: str
    rounds: int
    stopped_by_limit: bool
    fault: Fault | None = None


@dataclass(frozen=True)
class PairedComparison:
    """Two entrants compared on the same games (same opponent, seed and seat).

    ``a_only``/``b_only``: games that only ``a``/only ``b`` won; ``both``/``neither`` the rest.
    ``p_value`` is the exact two-sided sign test of ``a_only`` against ``b_only`` (:func:`sign_test`).
    """

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    a_only: int
    b_only: int
    both: int
    neither: int
    p_value: float

    @property
    def difference(self) -> float:
        """Win rate of ``a`` minus win rate of ``b`` (a share of the paired games)."""
        return (self.a_wins - self.b_wins) / self.games if self.games else 0.0


def sign_test(k: int, n: int) -> float:
    """Exact two-sided binomial test of ``k`` successes in ``n`` trials against a fair coin.

    The p-value: the chance, if each trial were a coin toss, of a split at least as uneven as
    ``k`` against ``n - k`` (either way). On paired games it is McNemar's exact test: ``k`` the
    games only the first entrant won, ``n`` the games exactly one of the two won.

    >>> round(sign_test(27, 70), 3)
    0.072
    >>> sign_test(5, 10), sign_test(0, 0)
    (1.0, 1.0)
    >>> sign_test(11, 10)
    Traceback (most recent call last):
    ...
    millionaire.league.LeagueError: sign_test needs 0 <= k <= n, got k=11, n=10
    """
    for name, value in (("k", k), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise LeagueError(f"sign_test needs whole numbers, got {name}={value!r}")
    if not 0 <= k <= n:
        raise LeagueError(f"sign_test needs 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 1.0
    low = min(k, n - k)
    one_side = sum(math.comb(n, j) for j in range(low + 1)) / 2**n
    return min(1.0, 2 * one_side)


# --------------------------------------------------------------------------------- the bots


@dataclass(frozen=True)
class _Entry:
    """A contestant: its name and how to make a fresh bot for each game."""

    name: str
    spec: Any  # a strategy name, a class or function (called with no arguments), or a bot (deep-copied)

    def make(self, seed: int) -> Any:
        if isinstance(self.spec, str):
            return make_agent(self.spec, seed=seed)
        if not _is_bot(self.spec):
            bot = self.spec()
            if not _is_bot(bot):
                raise TypeError(f"it made {bot!r}, which has no choose(game, decision) method")
            return bot
        return copy.deepcopy(self.spec)


def _is_bot(obj: Any) -> bool:
    """A bot object (not a class): it has a ``choose`` method to call."""
    return not isinstance(obj, type) and callable(getattr(obj, "choose", None))


def _entries(what: str, bots: Mapping[str, Any] | Sequence[Any]) -> list[_Entry]:
    """Check and name the contestants: a mapping name -> bot, or a list of strategy names and bots."""
    if isinstance(bots, str) or not isinstance(bots, (Mapping, Sequence)):
        raise LeagueError(f"{what} must be a dict of name -> bot or a list of bots, got {bots!r}")
    if isinstance(bots, Mapping):
        items = list(bots.items())
    else:
        items = [(spec if isinstance(spec, str) else getattr(spec, "name", type(spec).__name__), spec)
                 for spec in bots]
    if not items:
        raise LeagueError(f"{what}: none given")
    entries, seen = [], set()
    for name, spec in items:
        if not isinstance(name, str) or not name.strip():
            raise LeagueError(f"{what}: a bot's name must be a non-empty text, got {name!r}")
        if name in seen:
            raise LeagueError(f"{what}: the name {name!r} is used twice")
        seen.add(name)
        if isinstance(spec, str):
            if spec not in BOT_STRATEGIES:
                raise LeagueError(f"{what}: {name!r}: unknown strategy {spec!r} (known: {', '.join(BOT_STRATEGIES)})")
        elif isinstance(spec, type) and not callable(getattr(spec, "choose", None)):
            raise LeagueError(f"{what}: {name!r} has no choose(game, decision) method: {spec!r}")
        elif _is_bot(spec):
            try:
                copy.deepcopy(spec)
            except Exception as error:  # noqa: BLE001 - any failure to copy means: pass a maker instead
                raise LeagueError(f"{what}: {name!r} cannot be copied for each game ({error}); pass its class, "
                                  f"or a function that makes one (lambda: ...)") from None
        elif not callable(spec):
            raise LeagueError(f"{what}: {name!r} is neither a bot (with a choose(game, decision) method) nor a "
                              f"class or function that makes one: {spec!r}")
        entries.append(_Entry(name, spec))
    return entries


# --------------------------------------------------------------------------------- one game


@dataclass(frozen=True)
class _Job:
    entrant: _Entry
    opponent: _Entry
    game: int
    seed: int
    entrant_seat: int


class _Forfeit(Exception):
    """A bot lost the game early; carries the seat, the fault kind, the decision and the detail."""

    def __init__(self, seat: int, kind: str, decision: str, detail: str, answer: str = "") -> None:
        super().__init__(detail)
        self.seat, self.kind, self.decision, self.detail, self.answer = seat, kind, decision, detail, answer


# The built-in strategies (exactly these classes, not a student's subclass) answer in microseconds: a
# busy computer that pauses one of them must not cost it a game.
_UNTIMED = (ThresholdAgent, RandomAgent)

#: The faults a bot's process may report about its own bot (anything else it sends costs it the game).
_REPORTED = ("raised", "meddled", "illegal", "memory")

#: The longest message the league reads from a bot's process, and the longest text it keeps of one.
_LONGEST_MESSAGE, _LONGEST_TEXT = 1 << 16, 2000


def _time_waiting_for_a_processor(path: str = "/proc/thread-self/schedstat") -> float:
    """Seconds a thread has spent ready to run but waiting for a processor (Linux), else 0.0: this
    thread, or the thread whose ``schedstat`` file ``path`` names.

    The second field of ``schedstat`` is that wait in nanoseconds; it grows when other programs keep
    the processors busy, not when the bot computes or sleeps.

    >>> _time_waiting_for_a_processor() >= 0.0
    True
    """
    try:
        with open(path, "rb") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _ask(game: Game, bot: Any, seat: int, budget: float, limited: bool = False) -> Action:
    """One answer of ``bot``, checked: it raises :class:`_Forfeit` for any fault (``limited``: the
    process has a memory limit, so a ``MemoryError`` is the bot going over it)."""
    state = game.state
    data = state.pending
    kind = data.kind
    before = len(game.actions)
    timed = budget < math.inf and type(bot) not in _UNTIMED
    start = time.perf_counter()
    waited = _time_waiting_for_a_processor() if timed else 0.0
    try:
        action = bot.choose(game, Decision(game, data))
    except (Exception, SystemExit) as error:  # a student's bug, whatever it is; Ctrl-C still stops
        fault = "memory" if limited and isinstance(error, MemoryError) else "raised"
        raise _Forfeit(seat, fault, kind, f"{type(error).__name__}: {error}") from None
    elapsed = time.perf_counter() - start
    if timed:
        elapsed -= _time_waiting_for_a_processor() - waited
    if game.state is not state or state.pending is not data or len(game.actions) != before:
        raise _Forfeit(seat, "meddled", kind, "changed the game while deciding (a bot only returns an Action)")
    if timed and elapsed > budget:
        raise _Forfeit(seat, "slow", kind, f"answered after {elapsed:.3f} s (budget {budget:g} s)")
    return action


@dataclass(frozen=True)
class _Setup:
    """What one game of a league is played with (the same in the league and in a bot's process)."""

    board: Board
    rules: RuleSet
    max_rounds: int
    seed: int
    agent_seed: Any
    entries: tuple[_Entry, _Entry]  # by seat
    budget: float
    grace: float
    memory: int | None  # bytes a bot's process may take beyond what it held when forked

    def game(self, agents: list[Any]) -> Game:
        """The game, seating only the built-in strategies: a built-in that bargains reads its partner's
        published settings from ``game.agents``, and a student's bot is an empty seat there in the league,
        in the bot's process and without isolation alike, so that every copy of the game plays the same."""
        seated = [agent if isinstance(entry.spec, str) else None for agent, entry in zip(agents, self.entries)]
        game = Game(self.board, self.rules, agents=seated, seed=self.seed, record_events=False)
        game.round_limit = self.max_rounds
        return game


def _make(entry: _Entry, seat: int, seed: Any, limited: bool = False) -> Any:
    try:
        return entry.make(seed)
    except (Exception, SystemExit) as error:
        fault = "memory" if limited and isinstance(error, MemoryError) else "raised"
        raise _Forfeit(seat, fault, "start", f"{type(error).__name__}: {error}") from None


class _Here:
    """A bot that answers in the league's own process: a built-in strategy, or any bot when the
    league is not isolated. It reads the real game."""

    def __init__(self, setup: _Setup, seat: int) -> None:
        self.seat, self.budget = seat, setup.budget
        self.agent = _make(setup.entries[seat], seat, setup.agent_seed)

    def answer(self, game: Game, data: Pending) -> Action:
        return _ask(game, self.agent, self.seat, self.budget)

    def heard(self, action: Action, kind: str) -> None:
        """The other seat's answer, which this bot sees in the game itself."""

    def close(self) -> None:
        """Nothing to end."""


class _Away:
    """A student's bot in a process of its own, forked for one game and fenced (:func:`confine`).

    That process plays the game on its own copy and sends back only the bot's answers, one line of
    JSON each (never Python objects: nothing it sends can run here). The league reads them without
    ever blocking past its deadline, applies each answer to the real game, and keeps the clock itself,
    from when it last heard from the process or told it something.
    """

    agent = None  # the real game's stand-in for the bot: never asked

    def __init__(self, setup: _Setup, seat: int) -> None:
        self.setup, self.seat = setup, seat
        self.pid = 0
        self.stats: list[int] = []
        self.exit_code: int | None = None
        self.forwards = not isinstance(setup.entries[1 - seat].spec, str)  # the other bot is away too
        self.received = b""
        self.clock, self.waited = time.monotonic(), 0.0  # the clock, and the processor waits at that moment

    def start(self, others: list[Any]) -> None:
        """Fork the process and wait for the bot to be made (a ``start`` fault if it is not)."""
        child_reads, to_child = os.pipe()
        from_child, child_writes = os.pipe()
        with warnings.catch_warnings():  # Python 3.12+ warns about fork in threaded processes (a kernel)
            warnings.simplefilter("ignore", DeprecationWarning)
            gc.freeze()  # the process's collector leaves the notebook's objects alone (else it copies them all)
            try:
                pid = os.fork()
            except OSError:
                gc.unfreeze()
                raise
            if pid:
                gc.unfreeze()
        if pid == 0:  # the bot's process: it never returns into the league
            code = 0
            try:
                for end in [to_child, from_child] + [end for other in others for end in other.ends()]:
                    os.close(end)  # so that no bot reaches another bot's answers
                _host(self.setup, self.seat, child_reads, child_writes)
            except BaseException:  # noqa: BLE001 - whatever happens here ends this process, not the league
                code = 1
            finally:
                os._exit(code)
        self.pid = pid
        os.close(child_reads)
        os.close(child_writes)
        os.set_blocking(from_child, False)
        self.to_child, self.from_child = to_child, from_child
        self.stats = _open_stats(f"/proc/{pid}/task/{pid}/schedstat", "/proc/thread-self/schedstat")
        self._restart_clock()
        message, _ = self._receive("start")
        if message.get("ready") is not True:
            self._reported(message, "start")

    def ends(self) -> list[int]:
        """The league's ends of the pipes to this bot's process (while it runs)."""
        return [self.to_child, self.from_child] if self.pid and self.exit_code is None else []

    def answer(self, game: Game, data: Pending) -> Action:
        kind = data.kind
        message, elapsed = self._receive(kind)
        if "action" not in message:
            self._reported(message, kind)
        try:
            action = Action.from_list(message["action"])
        except Exception:  # noqa: BLE001 - any data that is no answer
            raise self._meddled(kind) from None
        if elapsed > self.setup.budget:
            raise _Forfeit(self.seat, "slow", kind, f"answered after {elapsed:.3f} s (budget {self.setup.budget:g} s)")
        return action

    def heard(self, action: Action, kind: str) -> None:
        """Tell the process the other seat's answer when it cannot work it out itself (another bot's)."""
        if not self.forwards or not self.pid:
            return
        limit = self.setup.budget + self.setup.grace
        _, writable, _ = select.select([], [self.to_child], [], limit)  # a process that stops reading
        if not writable:
            raise _Forfeit(self.seat, "hung", kind, f"no answer after {limit:g} s: stopped")
        try:  # a short line: a pipe with room for one takes it whole
            os.write(self.to_child, json.dumps(action.to_list()).encode("utf-8") + b"\n")
        except OSError:
            return  # its end is gone: the next answer it owes finds it ended
        self._restart_clock()

    def _restart_clock(self) -> None:
        self.clock, self.waited = time.monotonic(), self._waiting()

    def _receive(self, kind: str) -> tuple[dict[str, Any], float]:
        """The next message and the seconds it took, on the league's clock less the time the process
        (and this one) waited for a processor; a fault if no whole line comes in ``budget + grace``
        seconds, if the process ends, or if the line is no message."""
        limit = self.setup.budget + self.setup.grace
        while b"\n" not in self.received:
            if len(self.received) > _LONGEST_MESSAGE:
                raise self._meddled(kind)
            ready, _, _ = select.select([self.from_child], [], [], max(0.0, self.clock + limit - time.monotonic()))
            if not ready:
                raise _Forfeit(self.seat, "hung", kind, f"no answer after {limit:g} s: stopped")
            try:
                chunk = os.read(self.from_child, _LONGEST_MESSAGE)
            except BlockingIOError:
                continue
            if not chunk:
                raise _Forfeit(self.seat, "crashed", kind, f"the game's process ended (exit code {self._ended()})")
            self.received += chunk
        line, _, self.received = self.received.partition(b"\n")
        clock, waited = self.clock, self.waited
        self._restart_clock()
        elapsed = self.clock - clock - (self.waited - waited)
        try:
            message = json.loads(line) if len(line) <= _LONGEST_MESSAGE else None
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            raise self._meddled(kind)
        return message, elapsed

    def _meddled(self, kind: str) -> _Forfeit:
        return _Forfeit(self.seat, "meddled", kind, "sent the league something that is not an answer")

    def _reported(self, message: dict[str, Any], kind: str) -> None:
        """Raise the fault the process reported about its bot (only about its bot: it costs that bot the game)."""
        fault, detail, answer = message.get("fault"), message.get("detail", ""), message.get("answer", "")
        if fault not in _REPORTED or not isinstance(detail, str) or not isinstance(answer, str):
            raise self._meddled(kind)
        raise _Forfeit(self.seat, fault, kind, detail[:_LONGEST_TEXT], answer[:_LONGEST_TEXT])

    def _waiting(self) -> float:
        """Seconds the bot's process and this thread have waited for a processor (Linux), else 0.0."""
        try:
            return sum(int(os.pread(stats, 200, 0).split()[1]) for stats in self.stats) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def _ended(self) -> int:
        """The exit code of a process that closed its end: it gets ``grace`` seconds to exit, then it is ended."""
        deadline = time.monotonic() + self.setup.grace
        while hasattr(os, "waitid") and time.monotonic() < deadline:  # waitid: not yet collected, still in its group
            if os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                break
            time.sleep(0.005)
        self.close()
        return self.exit_code if self.exit_code is not None else -signal.SIGKILL

    def close(self) -> None:
        """End the process and every process it started (its group), then collect its exit code."""
        if not self.pid or self.exit_code is not None:
            return
        try:
            os.killpg(self.pid, signal.SIGKILL)  # before it is collected, its number names only its group
        except (ProcessLookupError, PermissionError):
            pass
        _, status = os.waitpid(self.pid, 0)
        self.exit_code = os.waitstatus_to_exitcode(status)
        for end in [self.to_child, self.from_child, *self.stats]:
            os.close(end)


def _open_stats(*paths: str) -> list[int]:
    """Open the threads' ``schedstat`` files, to be read again and again (none where there are none)."""
    opened = []
    try:
        for path in paths:
            opened.append(os.open(path, os.O_RDONLY))
    except OSError:
        for stats in opened:
            os.close(stats)
        return []
    return opened


def _host(setup: _Setup, seat: int, inbound: int, outbound: int) -> None:
    """The bot's process: make the bot, play the game on a copy, send each of the bot's answers (or the
    fault that ends its game). The other seat's answers it works out itself (a built-in strategy is
    the same here as in the league) or reads from the league (another student's bot)."""
    confine(setup.memory)
    limited = setup.memory is not None
    told = os.fdopen(inbound, "rb")

    def send(message: dict[str, Any]) -> None:
        line = memoryview(json.dumps(message).encode("utf-8") + b"\n")
        while line:
            line = line[os.write(outbound, line):]

    entries, other = setup.entries, 1 - seat
    agents: list[Any] = [None, None]
    try:
        agents[seat] = _make(entries[seat], seat, setup.agent_seed, limited)
    except _Forfeit as forfeit:
        return send({"fault": forfeit.kind, "detail": forfeit.detail})
    here = isinstance(entries[other].spec, str)
    if here:
        agents[other] = entries[other].make(setup.agent_seed)
    send({"ready": True})
    game = setup.game(agents)
    state = game.state
    while not state.finished:
        data = state.pending
        if data is None:
            game.advance()
            continue
        if data.player == seat:
            try:
                action = _ask(game, agents[seat], seat, math.inf, limited)
            except _Forfeit as forfeit:
                return send({"fault": forfeit.kind, "detail": forfeit.detail})
            if not isinstance(action, Action) or action.malformed():
                try:
                    game.apply(action)  # for the engine's own words about it
                except IllegalActionError as error:
                    return send({"fault": "illegal", "detail": str(error), "answer": _code(action)})
            send({"action": action.to_list()})
        elif here:
            action = agents[other].choose(game, Decision(game, data))
        else:
            line = told.readline()
            if not line:
                return None
            action = Action.from_list(json.loads(line))
        try:
            game.apply(action)
        except IllegalActionError:
            return None  # its own answer, refused: the league refuses it too
        state = game.state
    return None


def _play(job: _Job, board: Board, rules: RuleSet, max_rounds: int, budget: float, grace: float,
          isolate: bool, memory: int | None) -> LeagueGame:
    """Play one heads-up game of a league, forfeiting the side at fault."""
    names = [job.opponent.name] * 2
    names[job.entrant_seat] = job.entrant.name
    entries = (job.entrant, job.opponent) if job.entrant_seat == 0 else (job.opponent, job.entrant)
    # the agents' seed is the same for both seats: a random opponent plays the same stream
    setup = _Setup(board, rules, max_rounds, job.seed, game_seed(job.seed, 1), entries, budget, grace, memory)
    seats: list[Any] = [None, None]
    game: Game | None = None
    try:
        for seat in (job.entrant_seat, 1 - job.entrant_seat):
            if isolate and not isinstance(entries[seat].spec, str):
                seats[seat] = _Away(setup, seat)
                seats[seat].start([s for s in seats if isinstance(s, _Away) and s is not seats[seat]])
            else:
                seats[seat] = _Here(setup, seat)
        game = setup.game([s.agent for s in seats])
        state = game.state
        while not state.finished:
            data = state.pending
            if data is None:  # stopped at a turn boundary: the round limit ends the game
                game.advance()
                continue
            seat = data.player
            action = seats[seat].answer(game, data)
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise _Forfeit(seat, "illegal", data.kind, str(error), _code(action)) from None
            seats[1 - seat].heard(action, data.kind)
            state = game.state
    except _Forfeit as forfeit:
        return _forfeited(job, names, forfeit, game.state.round if game is not None else 0)
    finally:
        for host in seats:
            if host is not None:
                host.close()
    result = game.result()
    side = "none" if result.winner < 0 else ("entrant" if result.winner == job.entrant_seat else "opponent")
    return LeagueGame(job.entrant.name, job.opponent.name, job.game, job.seed, job.entrant_seat, side,
                      result.rounds, result.stopped_by_limit)


def _code(action: Any) -> str:
    """An answer as a short line of code for a report (an object that is no Action: its type)."""
    return repr(action) if isinstance(action, Action) else f"<{type(action).__name__}>"


def _forfeited(job: _Job, names: list[str], forfeit: _Forfeit, round_: int) -> LeagueGame:
    fault = Fault(bot=names[forfeit.seat], seat=forfeit.seat, kind=forfeit.kind, decision=forfeit.decision,
                  detail=forfeit.detail, answer=forfeit.answer, entrant=job.entrant.name,
                  opponent=job.opponent.name, game=job.game, entrant_seat=job.entrant_seat, round=round_)
    winner = "opponent" if forfeit.seat == job.entrant_seat else "entrant"
    return LeagueGame(job.entrant.name, job.opponent.name, job.game, job.seed, job.entrant_seat, winner,
                      round_, False, fault)


def league(
    entrants: Mapping[str, Any] | Sequence[Any],
    opponents: Mapping[str, Any] | Sequence[Any] = DEFAULT_OPPONENTS,
    games: int = 10,
    seed: int = 0,
    board: Board | str = "millionaire-classic",
    rules: RuleSet | None = None,
    max_rounds: int = 150,
    budget: float = 0.5,
    grace: float = 1.0,
    isolate: bool | None = None,
    memory_mb: int | None = BOT_MEMORY_MB,
) -> LeagueResult:
    """Play every entrant heads-up against every opponent, ``2 * games`` games per pairing.

    Parameters
    ----------
    entrants
        The bots to rank: ``{"Masha": MashaBot, "Petya": PetyaBot()}`` (a class, or a function such
        as ``lambda: PetyaBot(reserve=300)``, is called with no arguments for each game; a bot
        object is deep-copied for each game), or a list of them (named by their ``name``). A built-in strategy name (``"monopolist"``) enters that strategy.
    opponents
        The bots every entrant meets, in the same forms; by default the four built-ins.
    games
        Seeds per pairing; each seed is played twice, with the entrant in seat 1 and in seat 2.
    seed
        A non-negative integer: seed ``g`` of the league is :func:`~millionaire.simulate.game_seed` ``(seed, g)``.
    board, rules
        The board (or its key) and the rules (the board's preset when ``None``); seats are never
        drawn by lot here (``shuffle_seats`` is turned off) because the league rotates them.
    max_rounds
        Each game stops after this many rounds; the richest player wins then.
    budget
        Seconds (on the clock) a bot may take for one decision; a slower answer loses the game. The
        built-in strategies are not timed: they answer in microseconds, and a busy computer that
        pauses them must not decide a game.
    grace
        Extra seconds before an answer still running is stopped (``isolate`` only).
    isolate
        Play each student's bot in a process of its own, which sends only its answers, so that a
        bot that never answers is stopped and none can forge a result or change the real game (see
        the module's notes). Default: where the system can fork.
    memory_mb
        Megabytes (MiB) of memory a bot's process may take beyond what the notebook held when it
        started (``isolate`` only; Linux); a bot that asks for more loses that game. ``None``: no limit.

    Returns
    -------
    LeagueResult

    Examples
    --------
    >>> league({}, games=1)
    Traceback (most recent call last):
    ...
    millionaire.league.LeagueError: entrants: none given
    """
    entrant_list = _entries("entrants", entrants)
    opponent_list = _entries("opponents", opponents)
    for name, value, least in (("games", games, 1), ("seed", seed, 0), ("max_rounds", max_rounds, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise LeagueError(f"{name} must be a whole number >= {least}, got {value!r}")
    if memory_mb is not None and (isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or memory_mb < 1):
        raise LeagueError(f"memory_mb must be a whole number of megabytes >= 1 (or None: no limit), got {memory_mb!r}")
    for name, value in (("budget", budget), ("grace", grace)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
            raise LeagueError(f"{name} must be a positive number of seconds, got {value!r}")
    if isinstance(board, str):
        board = load_board(board)
    elif not isinstance(board, Board):
        raise LeagueError(f"board must be a Board or a board's key such as 'millionaire-classic', got {board!r}")
    if rules is None:
        rules = RuleSet.for_board(board.key)
    elif not isinstance(rules, RuleSet):
        raise LeagueError(f"rules must be a RuleSet, got {rules!r}")
    if not rules.min_players <= 2 <= rules.max_players:
        raise LeagueError(f"a league plays two-player games, but these rules allow {rules.min_players} to "
                          f"{rules.max_players} players")
    rules = rules.replace(shuffle_seats=False)
    can_fork = "fork" in multiprocessing.get_all_start_methods()
    if isolate is None:
        isolate = can_fork
    elif not isinstance(isolate, bool):
        raise LeagueError(f"isolate must be True, False or None, got {isolate!r}")
    elif isolate and not can_fork:
        raise LeagueError("isolate=True needs a system that can fork (Linux, macOS); use isolate=False")

    jobs = [_Job(entrant, opponent, g, game_seed(seed, g), seat)
            for entrant in entrant_list for opponent in opponent_list
            for g in range(games) for seat in (0, 1)]

    memory = memory_mb * 2**20 if memory_mb is not None else None
    records = [_play(job, board, rules, max_rounds, float(budget), float(grace), isolate, memory) for job in jobs]
    return LeagueResult(records, [e.name for e in entrant_list], [o.name for o in opponent_list],
                        games=games, seed=seed, budget=float(budget), memory_mb=memory_mb)


# --------------------------------------------------------------------------------- results


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _p_value(p: float) -> str:
    """``p = 0.044``; below 0.001 ``p < 0.001`` (three zeros would read as "impossible")."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"



class LeagueResult:
    """The games of a league and what they say: standings, head-to-head rates, faults, paired tests.

    Attributes
    ----------
    games : list of LeagueGame, in the order they were planned.
    entrants, opponents : the names, in the order given.
    faults : every :class:`Fault`, in game order.
    """

    def __init__(self, records: list[LeagueGame], entrants: list[str], opponents: list[str], games: int,
                 seed: int, budget: float, memory_mb: int | None = BOT_MEMORY_MB) -> None:
        self.games = records
        self.entrants = entrants
        self.opponents = opponents
        self.seeds = games
        self.seed = seed
        self.budget = budget
        self.memory_mb = memory_mb
        self.faults = [g.fault for g in records if g.fault is not None]

    def __repr__(self) -> str:
        return (f"<LeagueResult: {len(self.entrants)} bots, {len(self.opponents)} opponents, "
                f"{len(self.games)} games, {len(self.faults)} faults>")

    def _rows(self, games: list[LeagueGame]) -> dict[str, Any]:
        wins = sum(g.winner == "entrant" for g in games)
        low, high = wilson_interval(wins, len(games))
        return {"games": len(games), "wins": wins, "rate": wins / len(games) if games else 0.0,
                "low": low, "high": high}

    def standings(self) -> list[dict[str, Any]]:
        """One row per entrant (in the order given): ``bot, games, wins, rate, low, high, faults``
        (``low``/``high``: the 95% Wilson interval; ``faults``: faults of that bot as an entrant)."""
        rows = []
        for name in self.entrants:
            mine = [g for g in self.games if g.entrant == name]
            faults = sum(1 for g in mine if g.fault is not None and g.fault.seat == g.entrant_seat)
            rows.append({"bot": name, **self._rows(mine), "faults": faults})
        return rows

    def versus(self, entrant: str, opponent: str) -> dict[str, Any]:
        """``entrant`` against ``opponent``: ``games, wins, rate, low, high`` and ``p_value``, the sign
        test of wins against losses (does it beat this opponent, or lose to it, more than luck allows?)."""
        self._check(entrant, self.entrants, "entrant")
        self._check(opponent, self.opponents, "opponent")
        games = [g for g in self.games if g.entrant == entrant and g.opponent == opponent]
        row = self._rows(games)
        lost = sum(g.winner == "opponent" for g in games)
        return {**row, "losses": lost, "p_value": sign_test(row["wins"], row["wins"] + lost)}

    def compare(self, a: str, b: str, opponent: str | None = None) -> PairedComparison:
        """Entrants ``a`` and ``b`` on the same games (against ``opponent``, or all opponents).

        Game by game (same opponent, seed and seat) it counts who won; the test looks only at the
        games exactly one of them won, like the exact McNemar test.
        """
        self._check(a, self.entrants, "entrant")
        self._check(b, self.entrants, "entrant")
        if opponent is not None:
            self._check(opponent, self.opponents, "opponent")
        won = {(g.entrant, g.opponent, g.game, g.entrant_seat): g.winner == "entrant" for g in self.games}
        keys = [(o, g, s) for o in self.opponents if opponent in (None, o) for g in range(self.seeds) for s in (0, 1)]
        pairs = [(won[(a, *k)], won[(b, *k)]) for k in keys]
        a_only = sum(x and not y for x, y in pairs)
        b_only = sum(y and not x for x, y in pairs)
        both = sum(x and y for x, y in pairs)
        return PairedComparison(a, b, len(pairs), a_only + both, b_only + both, a_only, b_only, both,
                                len(pairs) - a_only - b_only - both, sign_test(a_only, a_only + b_only))

    @staticmethod
    def _check(name: str, known: list[str], what: str) -> None:
        if name not in known:
            raise LeagueError(f"no {what} named {name!r} in this league (known: {', '.join(known)})")

    # ------------------------------------------------------------------ text and pictures
    @staticmethod
    def _label(lang: str, name: str) -> str:
        return strategy_label(lang, name) if name in BOT_STRATEGIES else name

    def format(self, lang: str = "en") -> str:
        """Standings, the table against each opponent and the faults, as text in ``lang``."""
        text = texts(lang, "league")
        label = self._label
        width = max(len(label(lang, n)) for n in self.entrants + self.opponents)
        lines = [text["title"].format(bots=len(self.entrants), opponents=len(self.opponents), games=self.seeds),
                 text["header"].format(bot="", w=width)]
        for row in self.standings():
            interval = f"[{_percent(row['low'])}, {_percent(row['high'])}]"
            lines.append(f"  {label(lang, row['bot']):<{width}}  {row['games']:>5}  {row['wins']:>4}  "
                         f"{_percent(row['rate']):>6}  {interval:<19}  {row['faults']:>5}")
        lines.append(text["versus"])
        column = max(8, *(len(label(lang, o)) for o in self.opponents))
        lines.append("  " + " " * width + "".join(f"  {label(lang, o):>{column}}" for o in self.opponents))
        for name in self.entrants:
            cells = "".join(f"  {_percent(self.versus(name, o)['rate']):>{column}}" for o in self.opponents)
            lines.append(f"  {label(lang, name):<{width}}{cells}")
        lines.extend(self.format_faults(lang).splitlines())
        return "\n".join(lines)

    def format_faults(self, lang: str = "en") -> str:
        """Every fault as a line in ``lang``: the bot, what it did, and which game."""
        text = texts(lang, "league")
        if not self.faults:
            return text["no_faults"]
        lines = [text["faults"].format(n=len(self.faults))]
        for fault in self.faults:
            decision = text.get(f"decision_{fault.decision}", fault.decision)
            what = text[fault.kind].format(detail=fault.detail, decision=decision, budget=self.budget,
                                           answer=fault.answer, memory=self.memory_mb)
            other = fault.opponent if fault.seat == fault.entrant_seat else fault.entrant
            lines.append(text["fault"].format(bot=self._label(lang, fault.bot), what=what, game=fault.game,
                                              seat=fault.seat + 1, round=fault.round, other=self._label(lang, other)))
        return "\n".join(lines)

    def format_compare(self, a: str, b: str, opponent: str | None = None, lang: str = "en") -> str:
        """:meth:`compare` as one sentence in ``lang``."""
        text = texts(lang, "league")
        c = self.compare(a, b, opponent)
        return text["compare"].format(a=self._label(lang, a), b=self._label(lang, b), games=c.games,
                                      a_wins=c.a_wins, b_wins=c.b_wins, a_only=c.a_only, b_only=c.b_only,
                                      discordant=c.a_only + c.b_only, p=_p_value(c.p_value))

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """The standings as win rates with 95% Wilson intervals, one line per entrant; returns the axes."""
        import matplotlib.pyplot as plt
        from matplotlib.ticker import PercentFormatter

        text = texts(lang, "league")
        rows = self.standings()
        made = ax is None
        if made:
            _, ax = plt.subplots(figsize=(7, 0.5 * len(rows) + 1.5))
        ys = range(len(rows))
        rates = [r["rate"] for r in rows]
        errors = [[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]]
        ax.errorbar(rates, ys, xerr=errors, fmt="o", capsize=5, color="#4c72b0")
        ax.axvline(0.5, color="black", linestyle="--", label=text["plot_fair"])
        ax.set_yticks(list(ys), [chart_text(self._label(lang, r["bot"])) for r in rows])  # a bot's name is text, never math
        ax.set_ylim(len(rows) - 0.5, -0.5)  # the first entrant on top, half a row of air at each end
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel(text["plot_x"])
        ax.set_title(text["plot_title"])
        ax.legend(loc="best")
        if made:
            ax.figure.tight_layout()
        return ax


__all__ = ["league", "LeagueResult", "LeagueGame", "Fault", "PairedComparison", "sign_test", "LeagueError",
           "DEFAULT_OPPONENTS", "FAULT_KINDS"]
