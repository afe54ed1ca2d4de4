"""One game shared by a class: teams join seats, bots play the rest, every change is saved and shown.

:class:`ClassroomGame` is the whole logic of ``make classroom`` in plain Python, so that tests call it
without a browser; the Solara pages (:mod:`millionaire.classroom.app`) only show it and pass clicks on.

- **Joining.** A team types the join code, picks a free seat and a team name: :meth:`~ClassroomGame.join`
  returns the seat's secret, which the team's browser keeps. A wrong code, a taken seat, a bad or
  taken name are refused (:class:`~millionaire.classroom.seats.Refused`) and change nothing.
- **Playing.** :meth:`~ClassroomGame.act` answers the pending decision for the seat whose secret is
  given, and only when the decision is that seat's; the engine judges the move itself. Seats that no
  team holds are played by the bot the teacher chose (:meth:`~ClassroomGame.bot_step`, run by a
  thread at the pace ``bot_delay`` so that the class can follow).
- **The teacher** starts, pauses and resumes the game, lets a bot take over a seat whose team walked
  away, frees a seat for a new device, ends the game now as a timed game (the richest wins, the
  rules' own ending) and exports it for lesson 11.
- **Nothing is lost.** Every decision is written to the store (:mod:`millionaire.classroom.store`) in
  one transaction; :meth:`ClassroomGame.open` on the same folder resumes the same game at the same
  decision with the same seats.
- **Every view sees every move.** Each change raises :attr:`~ClassroomGame.version` and calls the
  subscribers (one per open page) in order from one thread, so no page misses a move.

Examples
--------
>>> import tempfile
>>> from millionaire.actions import Action
>>> folder = tempfile.mkdtemp()
>>> lesson = ClassroomGame.open(folder, seats=3, seed=5)
>>> secret = lesson.join(lesson.join_code, 0, "Foxes")
>>> lesson.start()
>>> lesson.game.pending.kind, lesson.game.pending.player
('roll', 0)
>>> lesson.act(secret, Action.roll())
>>> lesson.game.events[0].kind
'roll'
>>> lesson.close()
>>> again = ClassroomGame.open(folder)
>>> again.seat_of(secret).team, len(again.game.events) == len(lesson.game.events)
('Foxes', True)
>>> again.close()
"""

from __future__ import annotations

import html
import json
import logging
import queue
import re
import secrets as _secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..actions import Action, Trade
from ..agents import STRATEGIES, make_agent
from ..board import load_board
from ..class_data import games_csv
from ..engine import Game
from ..errors import IllegalActionError, MillionaireError
from .. import presenter
from ..events import Event, describe, reason_text
from ..plotting import PLAYER_COLOURS, BoardLayout
from ..rules import RuleSet
from ..simulate.observe import rounds_played
from ..state import GameState
from ..words import check_lang, strategy_label, word
from .board_overlay import overlay_svg, static_picture
from .questions import TableFacts
from .seats import (SEAT_KINDS, IllegalMove, JoinThrottle, Refused, Seat, clean_team_name, name_skeleton, new_join_code,
                    new_secret, same_secret)
from .store import ClassroomStore, GameRecord

#: The bots a teacher can choose for an empty seat.
BOT_STRATEGIES = (*STRATEGIES, "random")
#: The phases of a classroom game.
PHASES = ("joining", "playing", "paused", "finished")
#: How long a one-time link to the teacher's screen stays valid, in seconds.
LOGIN_LIFETIME = 12 * 3600
#: Lines of the log a view shows.
LOG_LINES = 8
_DICE = re.compile(r"^(\d)\D+(\d)$")
_log = logging.getLogger(__name__)


class ClassroomGame:
    """A game for a class, kept in a store folder. Make one with :meth:`open`."""

    def __init__(self, store: ClassroomStore, game_id: int, game: Game, seats: list[Seat], join_code: str,
                 teacher_secret: str, phase: str, lang: str, seed: int, bot_delay: float) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.board = game.board
        self.layout = BoardLayout(game.board)  # where each cell is drawn: a phone zooms on its team's token
        self.seats = seats
        self.join_code = join_code
        self.teacher_secret = teacher_secret
        self.phase = phase
        self.lang = lang
        self.seed = seed
        self.bot_delay = bot_delay
        self.version = 0
        #: changes of who holds which seat (joins, takeovers, frees, moves between tables): raised
        #: after the seats change and before the views are told, so a page re-reads its seat only when
        #: it has risen (:attr:`~.tables.ClassLesson.seats_version`)
        self.seats_version = 0
        self.changed_at: dict[int, float] = {}  # when each version was saved (perf_counter), to time the views
        self._saved_events = len(game.events)
        self._lock = threading.RLock()
        self._agents: dict[tuple[int, str], Any] = {}
        self._overlays: dict[str, tuple[int, str]] = {}
        self._subscribers: dict[int, Callable[[int], None]] = {}
        self._next_subscriber = 0
        self._queue: queue.Queue[int | None] = queue.Queue()
        self._broadcaster: threading.Thread | None = None
        self._bots: threading.Thread | None = None
        self._stop = threading.Event()
        self._wake = threading.Event()
        self.throttle = JoinThrottle()
        self.owns_store = True  # a table of a lesson shares the lesson's store, which the lesson closes
        #: the players' net worths by rounds completed (0 at the start, and at the end), for the results page
        self.worths: dict[int, list[int]] = {}

    # ------------------------------------------------------------------ opening and saving
    @classmethod
    def open(cls, folder: str | Path, board: str = "millionaire-classic", seats: int = 4, seed: int | None = None,
             lang: str = "ru", new: bool = False, bot_delay: float = 1.0) -> ClassroomGame:
        """The game kept in ``folder``: the newest one there (resumed as it was left), or a new one
        when the folder has none or ``new`` is true. ``board``, ``seats`` (2 to 6), ``seed`` and
        ``lang`` (the language of the seats' first names) set up a new game only."""
        check_lang(lang)
        store = ClassroomStore(folder)
        record = None if new else store.latest()
        try:
            if record is None:
                return cls.create(store, board, seats, seed, lang, bot_delay)
            return cls.from_record(store, record, bot_delay)
        except (MillionaireError, ValueError):
            store.close()
            raise

    @classmethod
    def create(cls, store: ClassroomStore, board: str, seats: int, seed: int | None, lang: str, bot_delay: float,
               rules: RuleSet | None = None, join_code: str = "", teacher_secret: str = "") -> ClassroomGame:
        """A new game in ``store`` under ``rules`` (the board's own by default), with its own join
        code and teacher's secret unless given (a lesson of several tables shares one)."""
        loaded = load_board(board)
        rules = (rules or RuleSet.for_board(loaded.key)).replace(shuffle_seats=False)
        if not rules.min_players <= seats <= min(rules.max_players, 6):
            raise ValueError(f"seats must be {rules.min_players} to {min(rules.max_players, 6)}, got {seats}")
        seed = _secrets.randbelow(10**6) if seed is None else seed
        names = [word(lang, "classroom.seat_name", seat=i + 1) for i in range(seats)]
        game = Game(loaded, rules, agents=[None] * seats, seed=seed, names=names)
        seat_list = [Seat(i) for i in range(seats)]
        code, teacher = join_code or new_join_code(), teacher_secret or new_secret()
        game_id = store.create(loaded.key, seed, code, teacher, lang, game.state.to_json(), seat_list)
        return cls(store, game_id, game, seat_list, code, teacher, "joining", lang, seed, bot_delay)

    @classmethod
    def from_record(cls, store: ClassroomStore, record: GameRecord, bot_delay: float) -> ClassroomGame:
        """The game of ``record`` as it was left (:class:`MillionaireError` when it is damaged)."""
        loaded = load_board(record.board)
        state = GameState.from_json(record.state, loaded)
        kinds = [seat.kind for seat in record.seats]
        if record.phase not in PHASES or len(kinds) != len(state.players) or not set(kinds) <= set(SEAT_KINDS):
            raise MillionaireError(f"{store.path}: game {record.id} is damaged: phase {record.phase!r}, "
                                   f"seats {kinds} for {len(state.players)} players")
        game = Game.from_state(loaded, state, [None] * len(state.players))
        game.events.extend(Event(*row) for row in record.events)
        table = cls(store, record.id, game, record.seats, record.join_code, record.teacher_secret, record.phase,
                    record.lang, record.seed, bot_delay)
        table.worths = {int(number): list(values) for number, values in record.worths.items()}
        return table

    def close(self) -> None:
        """Stop the threads and close the store (the game stays in it)."""
        self._stop.set()
        self._wake.set()
        self._queue.put(None)
        for thread in (self._bots, self._broadcaster):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout=10)
        if self.owns_store:
            self.store.close()

    def _commit(self) -> None:
        """Save the game as it is now (one transaction) and tell every view."""
        events = self.game.events[self._saved_events:]
        self.store.save(self.game_id, self.phase, self.game.state.to_json(), self.seats, [tuple(e) for e in events],
                        worths=self._new_worths())
        self._saved_events = len(self.game.events)
        self.version += 1
        self.changed_at[self.version] = time.perf_counter()
        self._queue.put(self.version)
        self._wake.set()

    def nudge(self) -> None:
        """Tell every view to look again, with no change to the game (failed joins, new results)."""
        self._queue.put(self.version)

    def _new_worths(self) -> tuple[int, str] | None:
        """The rounds completed and the net worths to keep, when a round has begun since the last
        change (or the game has ended); ``None`` otherwise."""
        if self.phase == "joining":
            return None
        number = rounds_played(self.game.state)
        if number in self.worths and not self.game.finished:
            return None
        self.worths[number] = [self.game.net_worth(seat) for seat in range(len(self.seats))]
        return number, json.dumps(self.worths[number])

    def set_rules(self, rules: RuleSet) -> None:
        """Play the game under ``rules`` (a treatment): only before the start, when nothing has
        been played; the seats and names stay."""
        with self._lock:
            if self.phase != "joining":
                raise Refused("already_started")
            rules = rules.replace(shuffle_seats=False)
            if not rules.min_players <= len(self.seats) <= rules.max_players:
                raise Refused("bad_treatment", treatment=str(rules))
            self.game = Game(self.board, rules, agents=[None] * len(self.seats), seed=self.seed, names=list(self.game.names))
            self._saved_events = 0
            self._agents.clear()
            self._commit()

    # ------------------------------------------------------------------ teams
    def join(self, code: str, seat: int, team: str, device: str = "local") -> str:
        """Take ``seat`` (0-based) for ``team`` with the join ``code``; return the seat's secret.

        Refused: a wrong code, a device that has guessed too often and must wait (``device`` is its
        network address, counted across all its pages: see :class:`~.seats.JoinThrottle`), no such
        seat, a seat another team holds, a bad name, a name that looks like another team's or a
        bot's, a game that is over. A free seat can be joined before the start and during the game
        (its bot then hands it over)."""
        with self._lock:
            wait = self.throttle.wait(device)
            if wait > 0:
                raise Refused("wait_to_try", seconds=max(1, round(wait)))
            if not isinstance(code, str) or not same_secret(code.strip(), self.join_code):
                self.throttle.failed(device)
                _log.warning("a wrong join code from %s (%d failed attempts in all)", device, self.throttle.total_failures)
                self._queue.put(self.version)  # the teacher's screen counts the attempts
                raise Refused("wrong_code", code=str(code)[:12] or "—")
            if self.phase == "finished":
                raise Refused("is_over")
            place = self._seat(seat)
            if place.kind == "team":
                raise Refused("seat_taken", seat=seat + 1, team=place.team)
            if place.kind == "bot" and self.phase != "joining":
                raise Refused("seat_taken", seat=seat + 1, team=word(self.lang, "classroom.kind_bot"))
            name = clean_team_name(team)
            taken = next((s.team for s in self.seats if s.kind == "team" and name_skeleton(s.team) == name_skeleton(name)), None)
            if taken is not None:
                raise Refused("team_taken", team=name)
            if name_skeleton(name) in self._reserved_skeletons():
                raise Refused("team_reserved", team=name)
            place.kind, place.team, place.secret = "team", name, new_secret()
            self.game.state.players[seat].name = name
            self.seats_version += 1
            self._commit()
            return place.secret

    def _reserved_skeletons(self) -> set[str]:
        """What names of seats and bots look like, in both languages: no team may take one."""
        reserved = set()
        for lang in ("en", "ru"):
            for number in range(1, len(self.seats) + 1):
                for key in ("seat_name", "bot_name"):
                    reserved.add(name_skeleton(word(lang, f"classroom.{key}", seat=number)))
            for kind in SEAT_KINDS:
                reserved.add(name_skeleton(word(lang, f"classroom.kind_{kind}")))
        return reserved

    def failed_joins(self) -> tuple[int, int]:
        """How many join attempts failed since the code was last set, and from how many devices."""
        return self.throttle.total_failures, self.throttle.devices()

    def new_code(self) -> str:
        """Give the game a new join code (teams already seated keep their seats); return it."""
        with self._lock:
            if self.phase == "finished":
                raise Refused("is_over")
            self.join_code = new_join_code()
            self.store.set_join_code(self.game_id, self.join_code)
            self.throttle = JoinThrottle()
            self._commit()
            return self.join_code

    def new_login(self) -> str:
        """A one-time key that opens the teacher's screen (the server prints it as a link)."""
        key = new_secret()
        self.store.add_login(key)
        return key

    def redeem_login(self, key: str) -> str:
        """The teacher's secret, for a cookie, in exchange for a one-time key from :meth:`new_login`
        (``""`` for a key that is unknown, used or too old)."""
        if not isinstance(key, str) or not key or len(key) > 100:
            return ""
        return self.teacher_secret if self.store.use_login(key, LOGIN_LIFETIME) else ""

    def seat_of(self, secret: str) -> Seat | None:
        """The seat whose secret is ``secret`` (``None`` for an unknown or withdrawn secret)."""
        with self._lock:
            for seat in self.seats:
                if seat.kind == "team" and same_secret(secret, seat.secret):
                    return seat
            return None

    def act(self, secret: str, action: Action, seat: int | None = None) -> None:
        """Answer the pending decision with ``action`` for the seat that ``secret`` opens.

        ``seat``, when given, is the seat the page believes it plays: a secret that does not open it
        is refused (``not_your_seat``), as is a decision that is someone else's, a paused, unstarted
        or finished game, and any move the engine refuses (:class:`IllegalMove`)."""
        with self._lock:
            mine = self.seat_of(secret)
            if seat is not None and (mine is None or mine.number != seat):
                raise Refused("not_your_seat", seat=seat + 1)
            if mine is None:
                raise Refused("lost_seat")
            self._check_running()
            pending = self.game.pending
            if pending is None or pending.player != mine.number:
                raise Refused("not_your_turn", player=self.display_names(self.lang)[pending.player] if pending else "—")
            try:
                self.game.apply(action)
            except IllegalActionError as error:
                raise IllegalMove(error.reason, self.board) from None
            self._finish_if_over()
            self._commit()

    def legal_actions(self, secret: str) -> list[Action]:
        """The moves the seat of ``secret`` may make now (none when the decision is not its own)."""
        with self._lock:
            mine = self.seat_of(secret)
            pending = self.game.pending
            if mine is None or self.phase != "playing" or pending is None or pending.player != mine.number:
                return []
            return self.game.legal_actions()

    def trade_choices(self, secret: str, lang: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]], list[tuple[str, int]]]:
        """What the seat of ``secret`` may put in a trade offer now, as (label, value) pairs for a
        form: the partners, its own plots it may give, and the others' plots it may ask for. All
        empty when it may not offer one (not its decision, or not one where offers are made).

        >>> import tempfile
        >>> lesson = ClassroomGame.open(tempfile.mkdtemp(), seats=2, seed=1, lang="en")
        >>> secret = lesson.join(lesson.join_code, 0, "Owls"); lesson.start()
        >>> partners, give, take = lesson.trade_choices(secret, "en")
        >>> partners, give, take
        ([('Bot 2', 1)], [], [])
        >>> lesson.close()
        """
        with self._lock:
            pending = self.game.pending
            if not self.may_offer(secret):
                return [], [], []
            game, names, cells = self.game, self.display_names(lang), self.board.cells
            mine = pending.player
            partners = [(names[seat], seat) for seat, player in enumerate(game.state.players)
                        if seat != mine and not player.bankrupt]
            mortgaged_ok = game.rules.trade_mortgaged
            give = [(cells[c].name(lang), c) for c in game.board.ownable if game.tradeable(c, mine, mortgaged_ok)]
            take = [(f"{cells[c].name(lang)} ({names[game.state.owner[c]]})", c) for c in game.board.ownable
                    if game.state.owner[c] not in (-1, mine) and game.tradeable(c, game.state.owner[c], mortgaged_ok)]
            return partners, give, take

    def may_offer(self, secret: str) -> bool:
        """Whether the seat of ``secret`` decides now, at a decision where trades are offered."""
        with self._lock:
            mine = self.seat_of(secret)
            pending = self.game.pending
            return (mine is not None and self.phase == "playing" and pending is not None
                    and pending.player == mine.number and pending.kind in ("roll", "manage")
                    and self.game.rules.trade_offers_per_turn > 0)

    def offer_trade(self, secret: str, partner: Any, give: Any = (), take: Any = (), give_cash: Any = 0,
                    take_cash: Any = 0, seat: int | None = None) -> None:
        """Offer a trade for the seat of ``secret``: ``partner`` (a seat), the plots given and asked
        for, and money each way. Whatever a page sends is checked: numbers must be whole numbers,
        the engine judges the offer (:class:`IllegalMove` names why it is refused), nothing changes
        on a refusal."""
        def whole(value: Any, field: str) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10 ** 9:
                raise Refused("bad_trade", field=field)
            return value

        def cells(values: Any, field: str) -> tuple[int, ...]:
            if not isinstance(values, (list, tuple)) or len(values) > len(self.board.cells):
                raise Refused("bad_trade", field=field)
            return tuple(whole(value, field) for value in values)

        trade = Trade(partner=whole(partner, "partner"), give_cells=cells(give, "give"), take_cells=cells(take, "take"),
                      give_cash=whole(give_cash, "give_cash"), take_cash=whole(take_cash, "take_cash"))
        self.act(secret, Action.offer(trade), seat=seat)

    def _check_running(self) -> None:
        if self.phase == "joining":
            raise Refused("not_started")
        if self.phase == "paused":
            raise Refused("is_paused")
        if self.phase == "finished":
            raise Refused("is_over")

    # ------------------------------------------------------------------ the teacher
    def is_teacher(self, secret: str) -> bool:
        return same_secret(secret, self.teacher_secret)

    def set_strategy(self, seat: int, strategy: str) -> None:
        """Choose the bot that plays ``seat`` whenever no team does."""
        with self._lock:
            if strategy not in BOT_STRATEGIES:
                raise Refused("bad_strategy", strategies=", ".join(BOT_STRATEGIES), strategy=str(strategy))
            self._seat(seat).strategy = strategy
            self._commit()

    def start(self) -> None:
        """Start the game: the seats no team holds are the bots'."""
        with self._lock:
            if self.phase != "joining":
                raise Refused("already_started")
            for seat in self.seats:
                if seat.kind == "open":
                    self.game.state.players[seat.number].name = word(self.lang, "classroom.bot_name", seat=seat.number + 1)
            self.phase = "playing"
            self._commit()

    def pause(self) -> None:
        with self._lock:
            self._check_running()
            self.phase = "paused"
            self._commit()

    def resume(self) -> None:
        with self._lock:
            if self.phase != "paused":
                self._check_running()  # not started or over: say which
                return
            self.phase = "playing"
            self._commit()

    def takeover(self, seat: int) -> None:
        """A bot plays ``seat`` from now on (its team walked away); the team's secret no longer works."""
        with self._lock:
            place = self._seat(seat)
            if place.kind != "team":
                raise Refused("not_a_team", seat=seat + 1)
            place.kind, place.secret = "bot", ""
            self.seats_version += 1
            self._commit()

    def free(self, seat: int) -> None:
        """Let a new device join ``seat`` (the old device's secret no longer works); until one does,
        the seat's bot plays it."""
        with self._lock:
            if self.phase == "finished":
                raise Refused("is_over")
            place = self._seat(seat)
            place.kind, place.secret = "open", ""
            self.seats_version += 1
            self._commit()

    def end_now(self) -> None:
        """End the game now as a timed game: the richest player (by net worth) wins, as the rules'
        timed ending decides (``RuleSet.timed_rounds``)."""
        with self._lock:
            self._check_started()
            self.game.end_now()  # the engine's own timed ending
            self.phase = "finished"
            self._commit()

    def _check_started(self) -> None:
        if self.phase == "joining":
            raise Refused("not_started")
        if self.phase == "finished":
            raise Refused("is_over")

    def export(self, folder: str | Path | None = None) -> list[Path]:
        """Write the finished game for lesson 11's data loop: ``save.json`` (the engine's save, which
        ``GameState.from_json`` reads), ``events.json`` (the event log), ``tallies.csv`` (the dice
        and landings in the class-data template, which ``class_data.load_class_data`` reads).
        The folder defaults to ``exports/game-N`` inside the store's folder."""
        with self._lock:
            if self.phase != "finished":
                raise Refused("not_over")
            target = Path(folder) if folder is not None else self.store.folder / "exports" / f"game-{self.game_id}"
            target.mkdir(parents=True, exist_ok=True)
            save = target / "save.json"
            save.write_text(self.game.state.to_json(), encoding="utf-8")
            events = target / "events.json"
            log = {"names": self.game.names, "seats": [{"seat": s.number + 1, "kind": s.kind, "team": s.team,
                                                        "bot": s.strategy} for s in self.seats],
                   "events": [e._asdict() for e in self.game.events]}
            events.write_text(json.dumps(log, ensure_ascii=False, indent=1), encoding="utf-8")
            tallies = target / "tallies.csv"
            tallies.write_text(games_csv([self.game], [f"game-{self.game_id}"], lang=self.lang), encoding="utf-8")
            return [save, events, tallies]

    def facts(self, treatment: str = "", treatment_name: tuple[str, str] = ("", "")) -> TableFacts:
        """The game as a question of predict-then-reveal is answered from: its names in both
        languages, the winner once it is over, each seat's net worth, and the table's treatment."""
        with self._lock:
            game = self.game
            names = tuple(zip(self.display_names("en"), self.display_names("ru")))
            winner = game.result().winner if game.finished else None
            worths = tuple(float(game.net_worth(seat)) for seat in range(len(self.seats)))
            return TableFacts(self.board, game.rules, names, winner if winner is None or winner >= 0 else None, worths,
                              treatment=treatment, treatment_name=treatment_name, started=self.phase != "joining")

    def announce(self) -> None:
        """Tell every view of a change that is not a move (a lesson's round of predictions)."""
        with self._lock:
            self.version += 1
            self.changed_at[self.version] = time.perf_counter()
            self._queue.put(self.version)

    def _seat(self, seat: Any) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise Refused("no_seat", seat=seat + 1 if isinstance(seat, int) else seat, count=len(self.seats))
        return self.seats[seat]

    def _finish_if_over(self) -> None:
        if self.game.finished:
            self.phase = "finished"

    # ------------------------------------------------------------------ bots
    def bot_to_move(self) -> bool:
        """True when the game runs and the pending decision belongs to a seat no team holds."""
        pending = self.game.pending
        return self.phase == "playing" and pending is not None and self.seats[pending.player].kind != "team"

    def bot_step(self) -> bool:
        """Let the bot of the pending seat make one decision (False when it is not a bot's)."""
        with self._lock:
            if not self.bot_to_move():
                return False
            seat = self.seats[self.game.pending.player]
            key = (seat.number, seat.strategy)
            if key not in self._agents:
                self._agents[key] = make_agent(seat.strategy, seed=self.seed * 10 + seat.number)
            self.game.apply(self._agents[key].choose(self.game, self.game.pending))
            self._finish_if_over()
            self._commit()
            return True

    def run_bots(self) -> None:
        """Start the thread that lets bots play, one decision every ``bot_delay`` seconds, each shown
        to every view before the next."""
        if self._bots is None:
            self._bots = threading.Thread(target=self._bot_loop, name="classroom-bots", daemon=True)
            self._bots.start()

    def _bot_loop(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=0.5)
            self._wake.clear()
            while not self._stop.is_set() and self.bot_to_move():
                if self._stop.wait(self.bot_delay):
                    return
                self.bot_step()
                self._queue.join()  # the move is on every screen before the next one

    # ------------------------------------------------------------------ views
    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call ``callback(version)`` after every change, in order, from one thread; returns the
        function that unsubscribes."""
        with self._lock:
            number = self._next_subscriber
            self._next_subscriber += 1
            self._subscribers[number] = callback
            if self._broadcaster is None:
                self._broadcaster = threading.Thread(target=self._broadcast_loop, name="classroom-views", daemon=True)
                self._broadcaster.start()
        return lambda: self._subscribers.pop(number, None)

    def _broadcast_loop(self) -> None:
        while True:
            version = self._queue.get()
            try:
                if version is None:
                    return
                for callback in list(self._subscribers.values()):
                    try:
                        callback(version)
                    except Exception:  # a page that has gone away must not stop the others
                        _log.exception("a view could not be updated to version %s", version)
            finally:
                self._queue.task_done()

    def wait_shown(self) -> None:
        """Wait until every change so far has been passed to every view."""
        if self._broadcaster is not None:
            self._queue.join()

    def board_picture(self, lang: str) -> bytes:
        """The board's picture in ``lang`` without what moves (PNG): the same for every move, drawn
        once per board and language (:func:`~.board_overlay.static_picture`)."""
        check_lang(lang)
        return static_picture(self.board, lang)

    def board_overlay(self, lang: str) -> str:
        """What the board shows now in ``lang`` over :meth:`board_picture`: owners, buildings,
        mortgages, tokens and the centre panel as SVG (made once per change and language)."""
        check_lang(lang)
        with self._lock:
            cached = self._overlays.get(lang)
            if cached is None or cached[0] != self.version:
                cached = self.version, overlay_svg(self.layout, self.game.state, self.display_names(lang), lang,
                                                   dice=self.last_dice())
                self._overlays[lang] = cached
            return cached[1]

    def board_view(self, lang: str) -> tuple[int, bytes, str]:
        """The version, the board's picture and what lies over it in ``lang``, read together."""
        with self._lock:
            return self.version, self.board_picture(lang), self.board_overlay(lang)

    def table_view(self, lang: str, seat: int | None = None) -> tuple[str, str, str]:
        """What a page shows beside the board, read at one moment: the status line (for the viewer's
        ``seat``, with the version and the position in its ``data-`` attributes), the players' table
        and the log."""
        with self._lock:
            status = (f"<div class='mln-status' data-game='{self.game_id}' data-version='{self.version}' "
                      f"data-position='{html.escape(self.position())}'>"
                      f"{html.escape(self.status(lang, seat))}</div>")
            log = f"<b>{html.escape(word(lang, 'table.log'))}</b>" + self.log_html(lang)
            return status, self.players_html(lang), log

    def last_dice(self) -> tuple[int, ...]:
        """The faces of the last roll (none before the first)."""
        for event in reversed(self.game.events):
            if event.kind == "roll":
                match = _DICE.match(event.detail.strip())
                return (int(match.group(1)), int(match.group(2))) if match else ()
        return ()

    def position(self) -> str:
        """The position in one line (phase, round, turns, events, then each seat's cell and cash),
        so that a test can tell that two views show the same moment of the game."""
        with self._lock:
            state = self.game.state
            seats = " ".join(f"{p.position}:{p.cash}" for p in state.players)
            return f"{self.phase} r{state.round} t{state.turns} e{len(self.game.events)} {seats}"

    def display_names(self, lang: str) -> list[str]:
        """The players' names as a page in ``lang`` shows them: a team's own name; a seat no team
        holds is "1 · free" before the start (its token shows the seat's number) and its bot's name
        in that language after.

        >>> import tempfile
        >>> lesson = ClassroomGame.open(tempfile.mkdtemp(), seats=2, seed=1, lang="ru")
        >>> lesson.display_names("en"), lesson.display_names("ru")
        (['1 · free seat', '2 · free seat'], ['1 · свободное место', '2 · свободное место'])
        >>> _ = lesson.join(lesson.join_code, 1, "Owls"); lesson.start()
        >>> lesson.display_names("en"), lesson.display_names("ru")
        (['Bot 1', 'Owls'], ['Бот 1', 'Owls'])
        >>> lesson.close()
        """
        names = []
        for seat in self.seats:
            if seat.kind == "team":
                names.append(seat.team)
            elif self.phase == "joining":
                names.append(word(lang, "classroom.token_free", seat=seat.number + 1))
            else:
                names.append(word(lang, "classroom.bot_name", seat=seat.number + 1))
        return names

    def token_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's token stands on the board picture, as percentages of its width from the
        left and of its height from the top (the centre of the token's cell).

        >>> import tempfile
        >>> lesson = ClassroomGame.open(tempfile.mkdtemp(), seats=2, seed=1)
        >>> [round(value) for value in lesson.token_spot(0)]  # START, the bottom right corner
        [93, 93]
        >>> lesson.close()
        """
        with self._lock:
            layout = self.layout
            box = layout.plans[self.game.state.players[seat].position].cell
            return (100 * (box.x + box.w / 2) / layout.extent, 100 * (1 - (box.y + box.h / 2) / layout.extent))

    def seat_money(self, lang: str, seat: int) -> str:
        """One line for a team's own page: its cash, net worth and plots."""
        with self._lock:
            player = self.game.state.players[seat]
            if player.bankrupt:
                return word(lang, "table.bankrupt")
            return word(lang, "classroom.your_money", cash=player.cash, money=self.board.currency(lang),
                        worth=self.game.net_worth(seat), plots=len(self.game.owned(seat)))

    def decision_text(self, lang: str) -> str:
        """What the pending decision asks, in ``lang`` ("roll the dice …"): the presenter's words, with
        the names this page shows."""
        return presenter.decision_text(self.game, lang, self.display_names(lang))

    def status(self, lang: str, seat: int | None = None) -> str:
        """One line for a view: the phase, who decides what, or who won; ``seat`` is the viewer's."""
        with self._lock:
            if self.phase == "joining":
                return word(lang, "classroom.waiting_start")
            if self.game.finished:
                result = self.game.result()
                winner = self.display_names(lang)[result.winner] if result.winner >= 0 else "—"
                return word(lang, "table.over", winner=winner, reason=reason_text(result.reason, lang))
            if self.phase == "paused":
                return word(lang, "classroom.paused")
            pending = self.game.pending
            what = self.decision_text(lang)
            if seat is not None and pending.player == seat:
                return word(lang, "classroom.your_decision", what=what)
            return word(lang, "classroom.waiting_for", player=self.display_names(lang)[pending.player], what=what)

    def players_html(self, lang: str) -> str:
        """The players' table: colour, name, who plays the seat, cash, net worth, plots."""
        with self._lock:
            game = self.game
            money = html.escape(game.board.currency(lang))
            rows = [f"<tr class='mln-head'><td></td><td class='mln-num'>{word(lang, 'table.cash')}</td>"
                    f"<td class='mln-num'>{word(lang, 'table.worth')}</td><td class='mln-num'>{word(lang, 'table.plots')}</td></tr>"]
            current = game.pending.player if game.pending is not None else -1
            names = self.display_names(lang)
            for seat, player in enumerate(game.state.players):
                colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
                place = self.seats[seat]
                who = word(lang, f"classroom.kind_{place.kind}") if place.kind == "team" else strategy_label(lang, place.strategy)
                if player.bankrupt:
                    detail = f"<td class='mln-num' colspan='3'>{word(lang, 'table.bankrupt')}</td>"
                else:
                    detail = (f"<td class='mln-num'>{player.cash} {money}</td><td class='mln-num'>{game.net_worth(seat)}</td>"
                              f"<td class='mln-num'>{len(game.owned(seat))}</td>")
                mark = "mln-current" if seat == current else ""
                rows.append(f"<tr class='{mark}'><td><span class='mln-dot' style='background:{colour}'></span>"
                            f"<b>{html.escape(names[seat])}</b> <span class='mln-who'>{html.escape(who)}</span></td>{detail}</tr>")
            return "<table class='mln-players'>" + "".join(rows) + "</table>"

    def log_html(self, lang: str) -> str:
        """The last moves, newest at the bottom."""
        with self._lock:
            names = self.display_names(lang)
            lines = [describe(event, self.board, names, lang) for event in self.game.events[-LOG_LINES:]]
        return "<div class='mln-log'>" + "".join(f"<div>{html.escape(line)}</div>" for line in reversed(lines)) + "</div>"

    def action_label(self, action: Action, lang: str) -> str:
        """The button text for ``action`` (the presenter's, as the game table's)."""
        return presenter.action_label(self.game, action, lang)
