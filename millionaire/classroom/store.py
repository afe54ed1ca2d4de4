"""The classroom's games on disk: one SQLite file, written in one transaction per change.

The folder given to ``make classroom`` (``classroom-games/`` by default) holds ``classroom.sqlite3``
with three tables: ``games`` (the join code, the teacher's secret, the phase and the whole game as
the engine's JSON save), ``seats`` (who plays each seat, with its secret) and ``events`` (the
game's event log, one row per event). :meth:`ClassroomStore.save` writes all three for one decision
inside one transaction, so a server stopped at any moment leaves either the decision before or the
decision after, never half of one; a restarted server reads the same game back. The other
tables: ``logins`` keeps the one-time links that open the teacher's screen (as hashes, never the
links); ``lessons`` and ``lesson_tables`` group games into a lesson's tables with their treatments;
``worths`` holds each game's net worths by round; ``predictions`` a lesson's rounds of
predict-then-reveal (:mod:`~millionaire.classroom.questions`), one JSON row per round.

A store is checked when it is opened: an empty (0-byte) file, a file that is not SQLite, or one that
fails SQLite's own integrity check is refused with :class:`StoreError`, which says what is wrong and
how to start afresh; the file is never overwritten. Only one server may use a folder at a time:
:class:`StoreLock` holds a lock file that names the server holding it.

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

import fcntl
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import MillionaireError
from .seats import Seat

FILE_NAME = "classroom.sqlite3"
LOCK_NAME = "classroom.lock"
#: The tables a store must have, with their columns in order (a store missing one is refused).
TABLES = {"games": ("id", "board", "seed", "join_code", "teacher_secret", "lang", "phase", "state", "changes"),
          "seats": ("game", "seat", "kind", "team", "secret", "strategy"),
          "events": ("game", "number", "kind", "player", "cell", "amount", "other", "detail"),
          "logins": ("key_hash", "created", "used"),
          "lessons": ("id", "join_code", "teacher_secret", "lang"),
          "lesson_tables": ("lesson", "number", "game", "treatment"),
          "worths": ("game", "round", "worths"),
          "predictions": ("lesson", "number", "round")}
#: Tables a store written before them lacks (created when it is opened).
LATER_TABLES = ("logins", "lessons", "lesson_tables", "worths", "predictions")

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
CREATE TABLE IF NOT EXISTS lessons (
    id INTEGER PRIMARY KEY,
    join_code TEXT NOT NULL,
    teacher_secret TEXT NOT NULL,
    lang TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lesson_tables (
    lesson INTEGER NOT NULL REFERENCES lessons(id),
    number INTEGER NOT NULL,
    game INTEGER NOT NULL REFERENCES games(id),
    treatment TEXT NOT NULL,
    PRIMARY KEY (lesson, number)
);
CREATE TABLE IF NOT EXISTS worths (
    game INTEGER NOT NULL REFERENCES games(id),
    round INTEGER NOT NULL,
    worths TEXT NOT NULL,
    PRIMARY KEY (game, round)
);
CREATE TABLE IF NOT EXISTS logins (
    key_hash TEXT PRIMARY KEY,
    created REAL NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS predictions (
    lesson INTEGER NOT NULL REFERENCES lessons(id),
    number INTEGER NOT NULL,
    round TEXT NOT NULL,
    PRIMARY KEY (lesson, number)
);
"""


class StoreError(MillionaireError):
    """A classroom folder that cannot be used as it is: the message says what is wrong and what to do."""


def _afresh(folder: Path) -> str:
    return (f"to start afresh, move {folder / FILE_NAME} elsewhere (keep it: the game may be recovered) "
            f"or start with another folder, e.g. --store {folder.name}-new")


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
    worths: dict[int, list[int]]


@dataclass
class LessonRecord:
    """A lesson of several tables as the store holds it: each table's game id and treatment."""

    id: int
    join_code: str
    teacher_secret: str
    lang: str
    tables: list[tuple[int, str]]


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
        existed = self.path.exists()
        if existed and self.path.stat().st_size == 0:
            raise StoreError(f"{self.path} is empty (0 bytes): it holds no game and is not a classroom store; "
                             + _afresh(self.folder))
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            if existed:
                self._check()
            self._db.execute("PRAGMA journal_mode=WAL")  # readers never see half a decision; a crash loses none
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(f"{self.path} is damaged ({error}); " + _afresh(self.folder)) from None
        except StoreError:
            self._db.close()
            raise

    def _check(self) -> None:
        """Refuse a file that SQLite finds damaged, or whose tables are not a classroom store's."""
        problems = [row[0] for row in self._db.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise StoreError(f"{self.path} is damaged (SQLite: {'; '.join(problems[:3])}); " + _afresh(self.folder))
        for table, columns in TABLES.items():
            found = tuple(row[1] for row in self._db.execute(f"PRAGMA table_info({table})"))
            if found and found != columns:
                raise StoreError(f"{self.path}: table {table!r} has columns {', '.join(found)}, not those of a "
                                 f"classroom store; " + _afresh(self.folder))
            if not found and table not in LATER_TABLES:
                raise StoreError(f"{self.path} has no table {table!r}: it is not a classroom store; " + _afresh(self.folder))

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
             changes: int | None = None, worths: tuple[int, str] | None = None) -> None:
        """Write one decision: the phase, the game's JSON save, every seat and the events it added,
        and the players' net worths of a round (``worths``: the round and the worths as JSON) when
        given, all in one transaction (all of it is stored, or none)."""
        with self._lock, self._transaction() as db:
            if worths is not None:
                db.execute("INSERT OR REPLACE INTO worths VALUES (?, ?, ?)", (game_id, *worths))
            first = db.execute("SELECT COUNT(*) FROM events WHERE game = ?", (game_id,)).fetchone()[0]
            db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [(game_id, first + i, *event) for i, event in enumerate(new_events)])
            db.execute("UPDATE games SET phase = ?, state = ?, changes = COALESCE(?, changes + 1) WHERE id = ?",
                       (phase, state, changes, game_id))
            self._write_seats(db, game_id, seats)

    def latest(self) -> GameRecord | None:
        """The newest game in the store (the one a restarted server resumes), or ``None``."""
        return self.game(None)

    def game(self, game_id: int | None) -> GameRecord | None:
        """The game ``game_id`` (the newest when ``None``), or ``None`` when the store has no such game."""
        with self._lock:
            where, args = ("WHERE id = ?", (game_id,)) if game_id is not None else ("ORDER BY id DESC LIMIT 1", ())
            row = self._db.execute("SELECT id, board, seed, join_code, teacher_secret, lang, phase, state, changes "
                                   f"FROM games {where}", args).fetchone()
            if row is None:
                return None
            seats = [Seat(number, kind, team, secret, strategy) for number, kind, team, secret, strategy in
                     self._db.execute("SELECT seat, kind, team, secret, strategy FROM seats WHERE game = ? ORDER BY seat",
                                      (row[0],))]
            events = self._db.execute("SELECT kind, player, cell, amount, other, detail FROM events WHERE game = ? "
                                      "ORDER BY number", (row[0],)).fetchall()
            worths = {number: json.loads(text) for number, text in
                      self._db.execute("SELECT round, worths FROM worths WHERE game = ? ORDER BY round", (row[0],))}
        return GameRecord(*row, seats=seats, events=[tuple(e) for e in events], worths=worths)

    def create_lesson(self, join_code: str, teacher_secret: str, lang: str, games: Sequence[tuple[int, str]]) -> int:
        """Store a lesson of the tables ``games`` (each a game's id and its treatment); return its id."""
        with self._lock, self._transaction() as db:
            cursor = db.execute("INSERT INTO lessons (join_code, teacher_secret, lang) VALUES (?, ?, ?)",
                                (join_code, teacher_secret, lang))
            lesson_id = int(cursor.lastrowid or 0)
            db.executemany("INSERT INTO lesson_tables VALUES (?, ?, ?, ?)",
                           [(lesson_id, number, game, treatment) for number, (game, treatment) in enumerate(games)])
        return lesson_id

    def latest_lesson(self) -> LessonRecord | None:
        """The newest lesson (its id, code, teacher's secret, language, and each table's game and
        treatment), or ``None`` when the store holds none."""
        with self._lock:
            row = self._db.execute("SELECT id, join_code, teacher_secret, lang FROM lessons ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                return None
            tables = self._db.execute("SELECT game, treatment FROM lesson_tables WHERE lesson = ? ORDER BY number",
                                      (row[0],)).fetchall()
        return LessonRecord(*row, tables=[(int(game), str(treatment)) for game, treatment in tables])

    def set_treatment(self, lesson_id: int, number: int, treatment: str) -> None:
        """Note the treatment a table now plays (the game's own save holds its rules)."""
        with self._lock, self._transaction() as db:
            db.execute("UPDATE lesson_tables SET treatment = ? WHERE lesson = ? AND number = ?", (treatment, lesson_id, number))

    def set_lesson_code(self, lesson_id: int, code: str) -> None:
        """Give the lesson and each of its tables a new join code."""
        with self._lock, self._transaction() as db:
            db.execute("UPDATE lessons SET join_code = ? WHERE id = ?", (code, lesson_id))
            db.execute("UPDATE games SET join_code = ? WHERE id IN (SELECT game FROM lesson_tables WHERE lesson = ?)",
                       (code, lesson_id))

    def set_join_code(self, game_id: int, code: str) -> None:
        """Give the game a new join code (the teacher changed it)."""
        with self._lock, self._transaction() as db:
            db.execute("UPDATE games SET join_code = ? WHERE id = ?", (code, game_id))

    def add_login(self, key: str) -> None:
        """Keep a one-time login link's key (as its hash) until it is used."""
        with self._lock, self._transaction() as db:
            db.execute("INSERT INTO logins (key_hash, created) VALUES (?, ?)", (_hash(key), time.time()))

    def use_login(self, key: str, most_age: float) -> bool:
        """True, once, for a key added by :meth:`add_login` no more than ``most_age`` seconds ago."""
        with self._lock, self._transaction() as db:
            cursor = db.execute("UPDATE logins SET used = 1 WHERE key_hash = ? AND used = 0 AND created >= ?",
                                (_hash(key), time.time() - most_age))
            return cursor.rowcount == 1

    # ------------------------------------------------------------------ predictions (questions.py)
    def save_prediction(self, lesson_id: int, number: int, text: str) -> None:
        """Write one round of the lesson's predict-then-reveal as it is now (its question, phase and
        answers as JSON)."""
        with self._lock, self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO predictions VALUES (?, ?, ?)", (lesson_id, number, text))

    def predictions(self, lesson_id: int) -> list[str]:
        """The lesson's rounds of predict-then-reveal as saved, in order."""
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT round FROM predictions WHERE lesson = ? ORDER BY number",
                                                       (lesson_id,))]

    # ------------------------------------------------------------------ helpers
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    @staticmethod
    def _write_seats(db: sqlite3.Connection, game_id: int, seats: Sequence[Seat]) -> None:
        db.executemany("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                       [(game_id, s.number, s.kind, s.team, s.secret, s.strategy) for s in seats])


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class StoreLock:
    """The lock that lets one server at a time use a classroom folder.

    :meth:`acquire` takes it (an ``flock`` on ``classroom.lock``, released by the system when the
    server's process ends, however it ends) and writes who holds it; a second server is refused
    with :class:`StoreError` naming the first.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> first = StoreLock(folder).acquire("http://127.0.0.1:8765/")
    >>> StoreLock(folder).acquire("http://127.0.0.1:8766/")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    millionaire.classroom.store.StoreError: ...classroom.lock: another classroom server uses this folder (process ..., http://127.0.0.1:8765/): ...
    >>> first.release()
    """

    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        self._file: Any = None

    def acquire(self, address: str) -> StoreLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "a process that has not written its name yet"
            handle.close()
            raise StoreError(f"{self.path}: another classroom server uses this folder ({holder}): stop it first, "
                             f"or give this one another folder with --store") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}, {address}\n")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        if self._file is not None:
            self._file.truncate(0)
            self._file.close()
            self._file = None


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` when anything inside fails."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
