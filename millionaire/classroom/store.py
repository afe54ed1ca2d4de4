"""The classroom's games on disk: one SQLite file, written in one transaction per change.

The folder given to ``make classroom`` (``classroom-games/`` by default) holds ``classroom.sqlite3``
with three tables: ``games`` (the join code, the teacher's secret, the phase and the whole game as
the engine's JSON save), ``seats`` (who plays each seat, with its secret) and ``events`` (the
game's event log, one row per event). :meth:`ClassroomStore.save` writes all three for one decision
inside one transaction, so a server stopped at any moment leaves either the decision before or the
decision after, never half of one; a restarted server reads the same game back.

Examples
--------
>>> import tempfile
>>> from millionaire.classroom.seats import Seat
>>> with tempfile.TemporaryDirectory() as folder:
...     store = ClassroomStore(folder)
...     game_id = store.create("millionaire-classic", 7, "1234", "teacher-secret", "ru", "{}", [Seat(0), Seat(1)])
...     store.save(game_id, "playing", '{"round": 1}', [Seat(0, "team", "Foxes", "s3cret"), Seat(1)], [("roll", 0, -1, 7, -1, "3+4")])
...     record = store.latest()
...     store.close()
>>> record.phase, record.seats[0].team, record.events[0][5]
('playing', 'Foxes', '3+4')
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .seats import Seat

FILE_NAME = "classroom.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    board TEXT NOT NULL,
    seed INTEGER NOT NULL,
    join_code TEXT NOT NULL,
    teacher_secret TEXT NOT NULL,
    lang TEXT NOT NULL,
    phase TEXT NOT NULL,
    state TEXT NOT NULL,
    changes INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    team TEXT NOT NULL,
    secret TEXT NOT NULL,
    strategy TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    player INTEGER NOT NULL,
    cell INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    other INTEGER NOT NULL,
    detail TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


@dataclass
class GameRecord:
    """A game as the store holds it."""

    id: int
    board: str
    seed: int
    join_code: str
    teacher_secret: str
    lang: str
    phase: str
    state: str
    changes: int
    seats: list[Seat]
    events: list[tuple[Any, ...]]


class ClassroomStore:
    """The SQLite file of a classroom folder (created with its tables when missing).

    One connection, used by one thread at a time (the caller holds its lock; this class has its
    own as well, so that no two writes interleave).
    """

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")  # readers never see half a decision; a crash loses none
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, board: str, seed: int, join_code: str, teacher_secret: str, lang: str, state: str,
               seats: Sequence[Seat]) -> int:
        """Store a new game (phase ``joining``) with its seats; return its id."""
        with self._lock, self._transaction() as db:
            cursor = db.execute("INSERT INTO games (board, seed, join_code, teacher_secret, lang, phase, state) "
                                "VALUES (?, ?, ?, ?, ?, 'joining', ?)", (board, seed, join_code, teacher_secret, lang, state))
            game_id = int(cursor.lastrowid or 0)
            self._write_seats(db, game_id, seats)
        return game_id

    def save(self, game_id: int, phase: str, state: str, seats: Sequence[Seat], new_events: Sequence[tuple[Any, ...]],
             changes: int | None = None) -> None:
        """Write one decision: the phase, the game's JSON save, every seat and the events it added,
        all in one transaction (all of it is stored, or none)."""
        with self._lock, self._transaction() as db:
            first = db.execute("SELECT COUNT(*) FROM events WHERE game = ?", (game_id,)).fetchone()[0]
            db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [(game_id, first + i, *event) for i, event in enumerate(new_events)])
            db.execute("UPDATE games SET phase = ?, state = ?, changes = COALESCE(?, changes + 1) WHERE id = ?",
                       (phase, state, changes, game_id))
            self._write_seats(db, game_id, seats)

    def latest(self) -> GameRecord | None:
        """The newest game in the store (the one a restarted server resumes), or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT id, board, seed, join_code, teacher_secret, lang, phase, state, changes "
                                   "FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                return None
            seats = [Seat(number, kind, team, secret, strategy) for number, kind, team, secret, strategy in
                     self._db.execute("SELECT seat, kind, team, secret, strategy FROM seats WHERE game = ? ORDER BY seat",
                                      (row[0],))]
            events = self._db.execute("SELECT kind, player, cell, amount, other, detail FROM events WHERE game = ? "
                                      "ORDER BY number", (row[0],)).fetchall()
        return GameRecord(*row, seats=seats, events=[tuple(e) for e in events])

    # ------------------------------------------------------------------ helpers
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    @staticmethod
    def _write_seats(db: sqlite3.Connection, game_id: int, seats: Sequence[Seat]) -> None:
        db.executemany("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                       [(game_id, s.number, s.kind, s.team, s.secret, s.strategy) for s in seats])


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` when anything inside fails."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
