"""A lesson of several tables: one join code, each table a game of its own with its own seats, teams and rules.

:class:`ClassLesson` holds 1 to :data:`MOST_TABLES` :class:`~.lesson.ClassroomGame` tables in one store
folder. They share the join code, the teacher's secret and the join throttle (a device that guesses
the code is slowed down whichever table it names); each keeps its own game, seats, bots, phase and
treatment (:mod:`~.treatments`). A team joins a table it picks, or the table with the fewest teams
when it leaves the choice to the teacher (``table=None``); before the start the teacher may move a
team to a free seat of another table. Team names are unique across the lesson.

Every change of a table is saved in that table's transaction, so :meth:`ClassLesson.open` on the
same folder resumes every table at the decision it had reached. A store written before lessons
(one game) opens as a lesson of one table.

Examples
--------
>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> lesson = ClassLesson.open(folder, tables=3, seats=2, seed=4, lang="en", treatments=["standard", "no_start_income", "rich_start"])
>>> len(lesson.tables), lesson.tables[1].game.rules.circular_income, lesson.tables[2].game.state.players[0].cash
(3, 0, 4000)
>>> table, secret = lesson.join(lesson.join_code, 2, 0, "Foxes")
>>> auto, other = lesson.join(lesson.join_code, None, None, "Owls")   # the teacher's choice: a table with no team yet
>>> table, auto, lesson.seat_of(other)[1].team
(2, 0, 'Owls')
>>> lesson.close()
>>> again = ClassLesson.open(folder)
>>> again.seat_of(secret)[0], again.treatments
(2, ['standard', 'no_start_income', 'rich_start'])
>>> again.close()
"""

from __future__ import annotations

import json
import secrets as _secrets
import threading
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ..class_data import games_csv
from ..errors import MillionaireError
from ..rules import RuleSet
from ..words import check_lang, word
from .lesson import ClassroomGame
from .questions import Predictions, TableFacts
from .results import Expectations
from .seats import JoinThrottle, Refused, Seat, clean_team_name, name_skeleton, new_join_code, new_secret, same_secret
from .store import ClassroomStore
from .treatments import TREATMENTS, treatment_name, treatment_rules, treatments_for

#: The most tables a lesson may have.
MOST_TABLES = 8


class ClassLesson:
    """The tables of a lesson, kept in a store folder. Make one with :meth:`open`."""

    def __init__(self, store: ClassroomStore, lesson_id: int, tables: list[ClassroomGame], treatments: list[str],
                 join_code: str, teacher_secret: str, lang: str) -> None:
        self.store = store
        self.lesson_id = lesson_id
        self.tables = tables
        self.treatments = treatments
        self.join_code = join_code
        self.teacher_secret = teacher_secret
        self.lang = lang
        self.board = tables[0].board
        self.throttle = JoinThrottle()
        self._lock = threading.RLock()
        self.expectations = Expectations()  # simulated games under each table's rules, for the results page
        for table in tables:
            table.owns_store = False
            table.throttle = self.throttle
        # predict, then reveal (questions.py): the lesson's rounds, saved with it, keyed by team
        self.predictions = Predictions.load(store.predictions(lesson_id), f"{store.path}: lesson {lesson_id}",
                                            save=lambda number, text: store.save_prediction(lesson_id, number, text),
                                            changed=tables[0].announce)

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, folder: str | Path, tables: int = 1, board: str = "millionaire-classic", seats: int = 4,
             seed: int | None = None, lang: str = "ru", new: bool = False, bot_delay: float = 1.0,
             treatments: Sequence[str] | None = None) -> ClassLesson:
        """The lesson kept in ``folder``: the newest one (every table resumed as it was left), or a
        new one of ``tables`` tables (1 to 8) when the folder holds none or ``new`` is true. Table
        ``n`` plays ``treatments[n]`` (``standard`` when not given) and the seed ``seed + n``."""
        check_lang(lang)
        store = ClassroomStore(folder)
        try:
            record = None if new else store.latest_lesson()
            if record is None and not new:
                single = store.latest()
                if single is not None:  # a store of one game: a lesson of one table
                    lesson_id = store.create_lesson(single.join_code, single.teacher_secret, single.lang, [(single.id, "standard")])
                    record = store.latest_lesson()
            if record is None:
                return cls._new(store, tables, board, seats, seed, lang, bot_delay, treatments)
            games = []
            for game_id, _ in record.tables:
                found = store.game(game_id)
                if found is None:
                    raise MillionaireError(f"{store.path}: lesson {record.id} names game {game_id}, which the store lacks")
                games.append(ClassroomGame.from_record(store, found, bot_delay))
            lesson_id = record.id
            return cls(store, lesson_id, games, [t for _, t in record.tables], record.join_code, record.teacher_secret,
                       record.lang)
        except (MillionaireError, ValueError, Refused):
            store.close()
            raise

    @classmethod
    def _new(cls, store: ClassroomStore, count: int, board: str, seats: int, seed: int | None, lang: str,
             bot_delay: float, treatments: Sequence[str] | None) -> ClassLesson:
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST_TABLES:
            raise ValueError(f"tables must be 1 to {MOST_TABLES}, got {count!r}")
        chosen = list(treatments) if treatments is not None else ["standard"] * count
        if len(chosen) != count:
            raise ValueError(f"{count} tables need {count} treatments, got {len(chosen)}")
        usable = treatments_for(board)
        for key in chosen:
            if key not in usable:
                raise ValueError(f"no treatment {key!r} for {board}: choose one of {', '.join(usable)}")
        seed = _secrets.randbelow(10**6) if seed is None else seed
        code, teacher = new_join_code(), new_secret()
        base = RuleSet.for_board(board)
        games = [ClassroomGame.create(store, board, seats, seed + number, lang, bot_delay,
                                      rules=treatment_rules(key, base), join_code=code, teacher_secret=teacher)
                 for number, key in enumerate(chosen)]
        lesson_id = store.create_lesson(code, teacher, lang, [(g.game_id, key) for g, key in zip(games, chosen)])
        return cls(store, lesson_id, games, chosen, code, teacher, lang)

    def close(self) -> None:
        """Stop every table's threads and close the store (the lesson stays in it)."""
        for table in self.tables:
            table.close()
        self.store.close()

    def run_bots(self) -> None:
        """Let the bots of every table play (:meth:`~.lesson.ClassroomGame.run_bots`)."""
        for table in self.tables:
            table.run_bots()

    # ------------------------------------------------------------------ teams
    def table(self, number: Any) -> ClassroomGame:
        """Table ``number`` (0-based); :class:`Refused` for a number that names none."""
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.tables):
            shown = number + 1 if isinstance(number, int) and not isinstance(number, bool) else str(number)[:12]
            raise Refused("no_table", table=shown, count=len(self.tables))
        return self.tables[number]

    def join(self, code: str, table: int | None, seat: int | None, team: str, device: str = "local") -> tuple[int, str]:
        """Seat ``team`` at ``table`` and ``seat`` (0-based; ``None`` for either leaves the choice to
        the lesson: the open table with the fewest teams, its first free seat); return the table's
        number and the seat's secret. Refused: a wrong code (counted against the device), a table
        or seat that does not exist, a name that another team of any table holds, and whatever the
        table itself refuses (:meth:`~.lesson.ClassroomGame.join`)."""
        with self._lock:
            wait = self.throttle.wait(device)
            if wait > 0:
                raise Refused("wait_to_try", seconds=max(1, round(wait)))
            if not isinstance(code, str) or not same_secret(code.strip(), self.join_code):
                self.throttle.failed(device)
                for place in self.tables:
                    place.nudge()  # the teacher's screen counts the attempts
                raise Refused("wrong_code", code=str(code)[:12] or "—")
            name = clean_team_name(team)
            for place in self.tables:
                for held in place.seats:
                    if held.kind == "team" and name_skeleton(held.team) == name_skeleton(name):
                        raise Refused("team_taken", team=name)
            number = self._open_table() if table is None else table
            chosen = self.table(number)
            if seat is None:
                seat = next((s.number for s in chosen.seats if s.kind == "open"), None)
                if seat is None:
                    raise Refused("table_full", table=number + 1)
            return number, chosen.join(code, seat, name, device=device)

    def _open_table(self) -> int:
        """The table a team that leaves the choice to the teacher goes to: of those not over and with a
        free seat, the one with the fewest teams (the first of equals)."""
        free = [(sum(s.kind == "team" for s in t.seats), n) for n, t in enumerate(self.tables)
                if t.phase != "finished" and any(s.kind == "open" for s in t.seats)]
        if not free:
            raise Refused("lesson_full")
        return min(free)[1]

    def seat_of(self, secret: str) -> tuple[int, Seat] | None:
        """The table and seat that ``secret`` opens, or ``None``."""
        for number, table in enumerate(self.tables):
            seat = table.seat_of(secret)
            if seat is not None:
                return number, seat
        return None

    def move(self, table: int, seat: int, to_table: int, to_seat: int) -> None:
        """The teacher seats a team at another table (or seat) before either table starts; the team keeps
        its secret, so its device follows it. Refused: no such table or seat, a seat with no team, a
        target seat that is not free, a table that has started."""
        with self._lock:
            source, target = self.table(table), self.table(to_table)
            with ExitStack() as locks:
                for place in sorted({id(source): source, id(target): target}.values(), key=id):
                    locks.enter_context(place._lock)
                if source.phase != "joining" or target.phase != "joining":
                    raise Refused("already_started")
                old, new = source._seat(seat), target._seat(to_seat)
                if old.kind != "team":
                    raise Refused("not_a_team", seat=seat + 1)
                if new.kind != "open":
                    raise Refused("seat_taken", seat=to_seat + 1, team=new.team or word(self.lang, f"classroom.kind_{new.kind}"))
                new.kind, new.team, new.secret = "team", old.team, old.secret
                target.game.state.players[to_seat].name = old.team
                old.kind, old.team, old.secret = "open", "", ""
                source.game.state.players[seat].name = word(source.lang, "classroom.seat_name", seat=seat + 1)
                places = {id(source): source, id(target): target}.values()
                for place in places:  # both raised before either table tells its views
                    place.seats_version += 1
                for place in places:
                    place._commit()

    # ------------------------------------------------------------------ the teacher
    def is_teacher(self, secret: str) -> bool:
        return same_secret(secret, self.teacher_secret)

    def new_login(self) -> str:
        """A one-time key that opens the teacher's screen (see :meth:`~.lesson.ClassroomGame.new_login`)."""
        return self.tables[0].new_login()

    def redeem_login(self, key: str) -> str:
        return self.tables[0].redeem_login(key)

    def failed_joins(self) -> tuple[int, int]:
        """How many join attempts failed since the code was last set, and from how many devices."""
        return self.throttle.total_failures, self.throttle.devices()

    def new_code(self) -> str:
        """Give the lesson a new join code (seated teams keep their seats); return it."""
        with self._lock:
            if all(t.phase == "finished" for t in self.tables):
                raise Refused("is_over")
            self.join_code = new_join_code()
            self.store.set_lesson_code(self.lesson_id, self.join_code)
            self.throttle = JoinThrottle()
            for table in self.tables:
                with table._lock:
                    table.join_code, table.throttle = self.join_code, self.throttle
                    table._commit()
            return self.join_code

    def set_treatment(self, table: int, treatment: Any) -> None:
        """Table ``table`` plays under ``treatment`` (one of :func:`~.treatments.treatments_for` the
        board); only before the table starts."""
        with self._lock:
            place = self.table(table)
            if not isinstance(treatment, str) or treatment not in treatments_for(self.board.key):
                raise Refused("no_treatment", treatment=str(treatment)[:40], treatments=", ".join(treatments_for(self.board.key)))
            place.set_rules(treatment_rules(treatment, RuleSet.for_board(self.board.key)))
            self.treatments[table] = treatment
            self.store.set_treatment(self.lesson_id, table, treatment)

    def everywhere(self, command: str) -> None:
        """Run a teacher's command (``start``, ``pause``, ``resume`` or ``end_now``) at every table
        where it applies; refused only when it applies at none."""
        if command not in ("start", "pause", "resume", "end_now"):
            raise Refused("no_command", command=str(command)[:20])
        refusal = None
        done = 0
        for table in self.tables:
            try:
                getattr(table, command)()
                done += 1
            except Refused as error:
                refusal = error
        if not done and refusal is not None:
            raise refusal

    def export(self, folder: str | Path | None = None) -> list[Path]:
        """Write the whole lesson for lessons 09 and 11: each table's ``save.json``, ``events.json`` and
        ``tallies.csv`` in ``table-N/`` (:meth:`~.lesson.ClassroomGame.export`), every table's tallies
        in one ``tallies.csv`` (one game per table, which ``class_data.load_class_data`` reads), and
        ``lesson.json``: each table's treatment, rules and net worths by round. Only when every table
        is over. The folder defaults to ``exports/lesson-N`` in the store's folder."""
        with self._lock:
            if not self.finished:
                raise Refused("not_over")
            target = Path(folder) if folder is not None else self.store.folder / "exports" / f"lesson-{self.lesson_id}"
            written: list[Path] = []
            for number, table in enumerate(self.tables):
                written += table.export(target / f"table-{number + 1}")
            tallies = target / "tallies.csv"
            tallies.write_text(games_csv([t.game for t in self.tables], [f"table-{n + 1}" for n in range(len(self.tables))],
                                         lang=self.lang), encoding="utf-8")
            about = {"board": self.board.key, "lang": self.lang, "tables": [
                {"table": number + 1, "treatment": key, "rules": table.game.rules.to_dict(),
                 "names": table.game.names, "save": f"table-{number + 1}/save.json",
                 "worths": {str(r): w for r, w in sorted(table.worths.items())}}
                for number, (table, key) in enumerate(zip(self.tables, self.treatments))]}
            summary = target / "lesson.json"
            summary.write_text(json.dumps(about, ensure_ascii=False, indent=1), encoding="utf-8")
            return [*written, tallies, summary, self._export_predictions(target)]

    def export_game(self, folder: str | Path | None = None) -> list[Path]:
        """A lesson of one table as one game: the table's export (:meth:`~.lesson.ClassroomGame.export`,
        in ``exports/game-N``) and the lesson's ``predictions.json`` beside it."""
        written = self.tables[0].export(folder)
        return [*written, self._export_predictions(written[0].parent)]

    # ------------------------------------------------------------------ predict, then reveal (questions.py)
    @property
    def finished(self) -> bool:
        """Whether every table's game is over."""
        return all(table.phase == "finished" for table in self.tables)

    def facts(self) -> list[TableFacts]:
        """The tables as a question is answered from: each one's names in both languages, the winner
        once its game is over, each seat's net worth, and its treatment."""
        return [table.facts("" if key == "standard" else key, (treatment_name("en", key), treatment_name("ru", key)))
                for table, key in zip(self.tables, self.treatments)]

    def predict(self, secret: str, value: Any) -> None:
        """The answer of the team whose seat ``secret`` opens (at any table), to the question on the
        screens (see :meth:`~.questions.Round.answer` for what is refused)."""
        held = self.seat_of(secret)
        if held is None:
            raise Refused("lost_seat")
        self.predictions.answer(held[1].team, value)

    def teams(self) -> list[str]:
        """The names of the teams seated now, table by table."""
        return [seat.team for table in self.tables for seat in list(table.seats) if seat.kind == "team"]

    def _export_predictions(self, target: Path) -> Path:
        self.predictions.settle(self.facts())
        path = target / "predictions.json"
        path.write_text(json.dumps(self.predictions.export(), ensure_ascii=False, indent=1), encoding="utf-8")
        return path

    # ------------------------------------------------------------------ views
    @property
    def version(self) -> int:
        """Changes of every table together (rises with each)."""
        return sum(t.version for t in self.tables)

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call ``callback`` after every change of any table; returns the function that unsubscribes."""
        stops = [table.subscribe(callback) for table in self.tables]

        def unsubscribe() -> None:
            for stop in stops:
                stop()
        return unsubscribe

    @property
    def seats_version(self) -> int:
        """Changes of who holds which seat at any table (rises with each; read without any table's lock).

        A page that shows its seat reads this first and looks for its seat again only when it has
        risen: a move changes no seat, so it costs the page no table's lock.

        >>> import tempfile
        >>> lesson = ClassLesson.open(tempfile.mkdtemp(), tables=2, seats=2, seed=1)
        >>> before = lesson.seats_version
        >>> _, secret = lesson.join(lesson.join_code, 0, 0, "Foxes")
        >>> lesson.move(0, 0, 1, 1)
        >>> lesson.seats_version - before, lesson.seat_of(secret)[0]
        (3, 1)
        >>> lesson.close()
        """
        return sum(t.seats_version for t in self.tables)

    def wait_shown(self) -> None:
        for table in self.tables:
            table.wait_shown()

    def phases(self) -> tuple[str, ...]:
        return tuple(t.phase for t in self.tables)

    def seats_shown(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Each table's seats as a join form shows them (kind and team)."""
        return tuple(tuple((s.kind, s.team) for s in t.seats) for t in self.tables)


__all__ = ["MOST_TABLES", "TREATMENTS", "ClassLesson"]
