"""``make classroom``: start the classroom server (Solara) over one game kept in a store folder.

The server listens on 127.0.0.1 unless told otherwise (``--host 0.0.0.0`` opens it to the classroom
network: see the README for the risks). It prints two addresses: the join address for the teams,
and the teacher's address, which carries the teacher's secret. Stopping the server loses nothing:
started again with the same ``--store`` it resumes the same game (``--new`` starts another).

Examples
--------
>>> options = parse_args(["--store", "games", "--port", "8790", "--seats", "5"])
>>> options.host, options.port, options.seats, options.lang
('127.0.0.1', 8790, 5, 'ru')
>>> join_address("127.0.0.1", 8790)
'http://127.0.0.1:8790/'
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from .lesson import ClassroomGame

#: Environment variables through which the launcher tells the app (a module Solara imports) its game.
STORE_VARIABLE = "MILLIONAIRE_CLASSROOM_STORE"
DELAY_VARIABLE = "MILLIONAIRE_CLASSROOM_BOT_DELAY"
ADDRESS_VARIABLE = "MILLIONAIRE_CLASSROOM_ADDRESS"
DEFAULT_STORE = "classroom-games"
DEFAULT_PORT = 8765

_shared: ClassroomGame | None = None
_shared_lock = threading.Lock()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m millionaire.classroom",
                                     description="One game for a class: the board on the teacher's screen, each team at its own device.")
    parser.add_argument("--store", default=DEFAULT_STORE, help="folder that keeps the game (default: %(default)s)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: this computer only; 0.0.0.0 opens it to the network: see README)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--board", default="millionaire-classic", choices=("millionaire-classic", "monopoly-us"))
    parser.add_argument("--seats", type=int, default=4, help="seats at the table, 2 to 6 (a new game only)")
    parser.add_argument("--seed", type=int, default=None, help="the game's number (a new game only)")
    parser.add_argument("--lang", default="ru", choices=("ru", "en"), help="language of the seats' first names")
    parser.add_argument("--bot-delay", type=float, default=1.5, help="seconds between two bot moves (default: %(default)s)")
    parser.add_argument("--new", action="store_true", help="start a new game even if the store holds one")
    options = parser.parse_args(argv)
    if not 2 <= options.seats <= 6:
        parser.error(f"--seats must be 2 to 6, got {options.seats}")
    if options.bot_delay < 0:
        parser.error(f"--bot-delay must be 0 or more, got {options.bot_delay}")
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


def current() -> ClassroomGame:
    """The game this server shows (opened from the store folder on first use, shared by every page)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            folder = os.environ.get(STORE_VARIABLE, DEFAULT_STORE)
            _shared = ClassroomGame.open(folder, bot_delay=float(os.environ.get(DELAY_VARIABLE, "1.5")))
            _shared.run_bots()
        return _shared


def main(argv: Sequence[str] | None = None) -> None:
    options = parse_args(argv)
    store = Path(options.store).resolve()
    lesson = ClassroomGame.open(store, board=options.board, seats=options.seats, seed=options.seed,
                                lang=options.lang, new=options.new)
    teacher, code, game_id = lesson.teacher_secret, lesson.join_code, lesson.game_id
    lesson.close()
    address = join_address(options.host, options.port)
    os.environ[STORE_VARIABLE] = str(store)
    os.environ[DELAY_VARIABLE] = str(options.bot_delay)
    os.environ[ADDRESS_VARIABLE] = address
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "False")  # nothing leaves this computer
    print(f"Game {game_id} in {store}", flush=True)
    print(f"Teams join at {address} with the code {code}", flush=True)
    print(f"The teacher's screen (keep this address to yourself): {address}teacher?key={teacher}", flush=True)
    from solara.__main__ import run

    run.main(["millionaire.classroom.app", "--host", options.host, "--port", str(options.port), "--production",
              "--no-open", "--no-check-version", "--theme-loader", "plain", "--log-level", "warning"], prog_name="solara", standalone_mode=True)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
