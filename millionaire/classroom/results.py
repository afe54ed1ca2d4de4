"""The results page's figures: each table's game against what its rules lead to in simulated games.

For every table, :func:`class_figures` reads the class's own game: the Gini of net worth at the
start of every round (the worths each table keeps, :attr:`~.lesson.ClassroomGame.worths`), the
leader's share of all net worth, the bankruptcies and the rounds played. :class:`Expectations`
plays :data:`GAMES` games of bots under each table's rules (with the bots the teacher chose for its
seats, :func:`millionaire.simulate.tournament`) once, in a thread of its own, and
:func:`expected_at` reads them at the round the table has reached, so a table cut short by the
teacher is compared with simulated games at the same round, never with games played to the end.

Examples
--------
>>> import tempfile
>>> from millionaire.classroom.tables import ClassLesson
>>> lesson = ClassLesson.open(tempfile.mkdtemp(), tables=2, seats=3, seed=3, lang="en", treatments=["standard", "no_start_income"])
>>> lesson.everywhere("start")
>>> for _ in range(60):
...     _ = [table.bot_step() for table in lesson.tables]
>>> figures = class_figures(lesson.tables[1])
>>> figures["rounds"] >= 1, 0 <= figures["gini"] <= 1, figures["bankrupt"]
(True, True, 0)
>>> simulated = Expectations(games=20, max_rounds=30).compute(lesson.tables[1])
>>> figures_then = expected_at(simulated, figures["rounds"])
>>> 0 <= figures_then["gini"] <= 1 and 0 < figures_then["leader_share"] <= 1
True
>>> lesson.close()
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..economics import gini
from ..simulate import tournament
from ..simulate.observe import rounds_played
from .lesson import ClassroomGame

#: Simulated games per set of rules.
GAMES = 200
#: The longest simulated game, in rounds (a lesson plays far fewer).
MAX_ROUNDS = 120


def class_figures(table: ClassroomGame) -> dict[str, Any]:
    """The class's game at ``table`` now: ``rounds`` completed, ``gini`` now, ``gini_by_round`` (rounds
    completed → Gini then), ``leader_share`` (the richest player's share of all net worth), ``bankrupt``
    (players out) and ``finished``."""
    with table._lock:
        game = table.game
        worths = [game.net_worth(seat) for seat in range(len(table.seats))]
        by_round = {number: gini(values) for number, values in sorted(table.worths.items())}
        total = sum(worths)
        return {"rounds": rounds_played(game.state), "gini": gini(worths), "gini_by_round": by_round,
                "leader_share": max(worths) / total if total > 0 else 0.0,
                "bankrupt": sum(1 for p in game.state.players if p.bankrupt), "finished": game.finished}


@dataclass(frozen=True)
class Simulated:
    """Simulated games under one table's rules: net worth by game, round and seat, and each game's length."""

    worth: np.ndarray
    lengths: np.ndarray

    @property
    def games(self) -> int:
        return int(self.worth.shape[0])


def expected_at(simulated: Simulated, rounds: int) -> dict[str, float]:
    """The simulated games at round ``rounds`` (a game over by then counts as it ended): the mean
    ``gini``, ``leader_share`` and ``bankrupt``, and ``half_over``, the round by which half the
    games had ended."""
    worth = simulated.worth[:, min(rounds, simulated.worth.shape[1] - 1), :].astype(float)
    totals = worth.sum(axis=1)
    shares = np.where(totals > 0, worth.max(axis=1) / np.where(totals > 0, totals, 1), 0.0)
    return {"gini": float(np.mean([gini(row) for row in worth])), "leader_share": float(shares.mean()),
            "bankrupt": float((worth <= 0).sum(axis=1).mean()), "half_over": float(np.median(simulated.lengths))}


def expected_gini(simulated: Simulated) -> np.ndarray:
    """Mean Gini by round over the simulated games (a game over keeps its last value)."""
    from ..economics import gini_rows

    games, horizon, players = simulated.worth.shape
    return gini_rows(simulated.worth.reshape(games * horizon, players)).reshape(games, horizon).mean(axis=0)


def _key(table: ClassroomGame) -> tuple[Any, ...]:
    return table.board.key, tuple(sorted(table.game.rules.to_dict().items())), tuple(s.strategy for s in table.seats)


class Expectations:
    """Simulated games for each set of rules (and bots) a table plays, computed once each, in the
    background (:meth:`request`) or at once (:meth:`compute`)."""

    def __init__(self, games: int = GAMES, max_rounds: int = MAX_ROUNDS, seed: int = 2024) -> None:
        self.games, self.max_rounds, self.seed = games, max_rounds, seed
        self._done: dict[tuple[Any, ...], Simulated] = {}
        self._asked: list[tuple[tuple[Any, ...], ClassroomGame]] = []
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._ready: Callable[[], None] = lambda: None

    def compute(self, table: ClassroomGame) -> Simulated:
        """The simulated games under ``table``'s rules (played now unless already played)."""
        key = _key(table)
        with self._lock:
            if key in self._done:
                return self._done[key]
        result = tournament(table.board, [s.strategy for s in table.seats], games=self.games, seed=self.seed,
                            rules=table.game.rules, max_rounds=self.max_rounds, jobs=1, progress=False)
        simulated = Simulated(result.net_worth_array(self.max_rounds), np.asarray(result.lengths()))
        with self._lock:
            self._done[key] = simulated
        return simulated

    def get(self, table: ClassroomGame) -> Simulated | None:
        """The simulated games under ``table``'s rules if already played, else ``None``."""
        with self._lock:
            return self._done.get(_key(table))

    def request(self, tables: list[ClassroomGame], ready: Callable[[], None]) -> None:
        """Play, in a background thread, the simulations the ``tables`` need; call ``ready()`` after each."""
        with self._lock:
            self._ready = ready
            for table in tables:
                key = _key(table)
                if key not in self._done and all(key != asked for asked, _ in self._asked):
                    self._asked.append((key, table))
            if self._asked and (self._worker is None or not self._worker.is_alive()):
                self._worker = threading.Thread(target=self._work, name="classroom-results", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._asked:
                    return
                _, table = self._asked[0]
            try:
                self.compute(table)
            finally:
                with self._lock:
                    self._asked.pop(0)
                    ready = self._ready
            ready()
