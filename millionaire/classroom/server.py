"""``make classroom``: start the classroom server (Solara behind the kit's gate) over one lesson kept in a store folder.

A lesson is one game, or with ``--tables N`` up to eight games at once from one join code, each
table under the rules ``--treatments`` gives it (see :mod:`~millionaire.classroom.tables`).

The server listens on 127.0.0.1 unless told otherwise (``--host 0.0.0.0`` opens it to the classroom
network: see the README for the risks). It prints two addresses: the join address for the teams,
and a one-time link that opens the teacher's screen in one browser (the link's key is exchanged for a
cookie and vanishes from the address bar; ``--teacher-link`` prints another while the server runs).
Stopping the server loses nothing: started again with the same ``--store`` it resumes the same game
(``--new`` starts another). Only one server may use a store folder at a time.

Every request passes :class:`~millionaire.classroom.gate.Gate` first (only the kit's own addresses
and pages, a bounded number of pages per device) and no page message can make the server import or
call Python it was not written to (:func:`~millionaire.classroom.gate.harden_widgets`).

Examples
--------
>>> options = parse_args(["--store", "games", "--port", "8790", "--seats", "5"])
>>> options.host, options.port, options.seats, options.lang, options.max_pages_per_device, options.tables
('127.0.0.1', 8790, 5, 'ru', 12, 1)
>>> parse_args(["--tables", "3", "--treatments", "standard,no_start_income,rich_start"]).treatments
['standard', 'no_start_income', 'rich_start']
>>> join_address("127.0.0.1", 8790)
'http://127.0.0.1:8790/'
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

from ..editions import keys
from ..errors import MillionaireError
from ..words import word
from .seats import Refused
from .gate import Gate, PageLimits, allowed_hosts, harden_widgets
from .questions import load_questions
from .tables import MOST_TABLES, ClassLesson
from .treatments import treatment_name, treatments_for
from .store import StoreLock

#: Environment variables through which the launcher tells the app (a module Solara imports) its game.
STORE_VARIABLE = "MILLIONAIRE_CLASSROOM_STORE"
DELAY_VARIABLE = "MILLIONAIRE_CLASSROOM_BOT_DELAY"
ADDRESS_VARIABLE = "MILLIONAIRE_CLASSROOM_ADDRESS"
QUESTIONS_VARIABLE = "MILLIONAIRE_CLASSROOM_QUESTIONS"  # the teacher's question file (predict, then reveal)
DEFAULT_STORE = "classroom-games"
DEFAULT_PORT = 8765
#: The boards a class can play (the edition registry's: every board of the kit).
BOARDS = keys("classroom")

_shared: ClassLesson | None = None
_shared_lock = threading.Lock()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m millionaire.classroom",
                                     description="One game for a class: the board on the teacher's screen, each team at its own device.")
    parser.add_argument("--store", default=DEFAULT_STORE, help="folder that keeps the game (default: %(default)s)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: this computer only; 0.0.0.0 opens it to the network: see README)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--board", default="millionaire-classic", choices=BOARDS)
    parser.add_argument("--seats", type=int, default=4, help="seats at the table, 2 to 6 (a new game only)")
    parser.add_argument("--seed", type=int, default=None, help="the game's number (a new game only)")
    parser.add_argument("--lang", default="ru", choices=("ru", "en"), help="language of the seats' first names")
    parser.add_argument("--bot-delay", type=float, default=1.5, help="seconds between two bot moves (default: %(default)s)")
    parser.add_argument("--tables", type=int, default=1, help=f"tables of the lesson, 1 to {MOST_TABLES}, each a game of its own (a new lesson only)")
    parser.add_argument("--treatments", default="", metavar="RULES,RULES,...",
                        help="the rules of each table, one per table or one for all: " + ", ".join(treatments_for("millionaire-classic")))
    parser.add_argument("--new", action="store_true", help="start a new lesson even if the store holds one")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name or address by which devices reach this server (repeatable)")
    parser.add_argument("--max-pages-per-device", type=int, default=12, help="pages one device may hold open (default: %(default)s)")
    parser.add_argument("--max-pages", type=int, default=200, help="pages all devices together may hold (default: %(default)s)")
    parser.add_argument("--page-timeout", type=float, default=120,
                        help="seconds a closed page's memory is kept for it to come back (default: %(default)s)")
    parser.add_argument("--questions", default="", metavar="FILE",
                        help="a TOML file of the teacher's own questions for predict, then reveal (see README)")
    parser.add_argument("--teacher-link", action="store_true",
                        help="print a new one-time link to the teacher's screen of the game in --store, and stop")
    options = parser.parse_args(argv)
    if not 2 <= options.seats <= 6:
        parser.error(f"--seats must be 2 to 6, got {options.seats}")
    if options.bot_delay < 0:
        parser.error(f"--bot-delay must be 0 or more, got {options.bot_delay}")
    if not 1 <= options.max_pages_per_device <= options.max_pages:
        parser.error(f"--max-pages-per-device must be 1 to --max-pages ({options.max_pages}), got {options.max_pages_per_device}")
    if options.page_timeout < 5:
        parser.error(f"--page-timeout must be 5 seconds or more, got {options.page_timeout}")
    if not 1 <= options.tables <= MOST_TABLES:
        parser.error(f"--tables must be 1 to {MOST_TABLES}, got {options.tables}")
    chosen = [t.strip() for t in options.treatments.split(",")] if options.treatments else ["standard"]
    chosen = chosen * options.tables if len(chosen) == 1 else chosen
    usable = treatments_for(options.board)
    if len(chosen) != options.tables:
        parser.error(f"--treatments names {len(chosen)} rules for {options.tables} tables: give one per table, or one for all")
    for key in chosen:
        if key not in usable:
            parser.error(f"--treatments: no rules {key[:40]!r} for {options.board}; choose from {', '.join(usable)}")
    options.treatments = chosen
    for name in options.allow_host:
        if not name or any(c in name for c in "/@?#: ") or not name.isascii():
            parser.error(f"--allow-host takes a host name or an IPv4 address, got {name!r}")
    return options


def join_address(host: str, port: int) -> str:
    """The address teams type: this computer's address on the network when listening on all."""
    if host in ("0.0.0.0", "::", ""):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the interface
                host = probe.getsockname()[0]
            except OSError:
                host = socket.gethostname()
    return f"http://{host}:{port}/"


def current() -> ClassLesson:
    """The lesson this server shows (opened from the store folder on first use, shared by every page)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            folder = os.environ.get(STORE_VARIABLE, DEFAULT_STORE)
            _shared = ClassLesson.open(folder, bot_delay=float(os.environ.get(DELAY_VARIABLE, "1.5")))
            _shared.run_bots()
        return _shared


def teacher_link(address: str, key: str) -> str:
    """The one-time link that opens the teacher's screen."""
    return f"{address}teacher?{urllib.parse.urlencode({'key': key})}"


def main(argv: Sequence[str] | None = None) -> None:
    options = parse_args(argv)
    store = Path(options.store).resolve()
    lang = options.lang
    address = join_address(options.host, options.port)
    try:
        if options.teacher_link:
            lesson = ClassLesson.open(store, lang=lang)
            print(word(lang, "classroom.cli_teacher", link=teacher_link(address, lesson.new_login())), flush=True)
            lesson.close()
            return
        own = load_questions(options.questions, lang) if options.questions else []  # refused before anything starts
        lock = StoreLock(store).acquire(address)
        lesson = ClassLesson.open(store, tables=options.tables, board=options.board, seats=options.seats,
                                  seed=options.seed, lang=lang, new=options.new, treatments=options.treatments)
    except (MillionaireError, ValueError, Refused) as error:
        print(f"python -m millionaire.classroom: {error}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
    login, code, game_id = lesson.new_login(), lesson.join_code, lesson.tables[0].game_id
    treatments = ", ".join(treatment_name(lang, key) for key in lesson.treatments)
    tables = len(lesson.tables)
    lesson.close()
    os.environ[STORE_VARIABLE] = str(store)
    os.environ[DELAY_VARIABLE] = str(options.bot_delay)
    os.environ[ADDRESS_VARIABLE] = address
    print(word(lang, "classroom.cli_game", game=game_id, store=store), flush=True)
    if tables > 1:
        print(word(lang, "classroom.cli_tables", tables=tables, treatments=treatments), flush=True)
    print(word(lang, "classroom.cli_join", address=address, code=code), flush=True)
    print(word(lang, "classroom.cli_teacher", link=teacher_link(address, login)), flush=True)
    if options.questions:
        os.environ[QUESTIONS_VARIABLE] = str(Path(options.questions).resolve())
        print(word(lang, "classroom.cli_questions", count=len(own), path=options.questions), flush=True)
    if options.host not in ("127.0.0.1", "localhost", "::1"):
        print(word(lang, "classroom.cli_network", host=options.host), file=sys.stderr, flush=True)
    hosts = allowed_hosts(options.host, options.port, [urllib.parse.urlsplit(address).hostname or "", *options.allow_host])
    limits = PageLimits(per_device=options.max_pages_per_device, in_all=options.max_pages,
                        linger=options.page_timeout + 30)
    try:
        serve(options.host, options.port, hosts, limits, options.page_timeout, lang)
    finally:
        lock.release()


def serve(host: str, port: int, hosts: set[str], limits: PageLimits, page_timeout: float, lang: str) -> None:
    """Run the pages (:mod:`millionaire.classroom.app`) on ``host:port`` behind the gate until stopped."""
    os.environ["SOLARA_APP"] = "millionaire.classroom.app"
    os.environ["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] = "False"  # nothing leaves this computer
    os.environ["SOLARA_KERNEL_CULL_TIMEOUT"] = f"{int(page_timeout)}s"  # a dropped page's kernel is freed after this
    os.environ["SOLARA_KERNEL_MAX_PER_SESSION"] = str(limits.per_device)
    os.environ["SOLARA_MODE"] = "production"
    os.environ["SOLARA_THEME_LOADER"] = "plain"
    os.environ["SERVER_NAME"], os.environ["SERVER_PORT"] = host, str(port)
    harden_widgets()
    import uvicorn
    from solara.server import settings
    import solara.server.starlette as solara_starlette

    settings.main.mode = "production"
    settings.theme.loader = "plain"
    settings.telemetry.mixpanel_enable = False
    settings.kernel.cull_timeout = f"{int(page_timeout)}s"
    settings.kernel.max_per_session = limits.per_device
    app = Gate(solara_starlette.app, hosts, redeem=lambda key: current().redeem_login(key), limits=limits, lang=lang)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False, loop="asyncio",
                            ws_max_size=4 * 1024 * 1024, proxy_headers=False, server_header=False)
    uvicorn.Server(config).run()


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
