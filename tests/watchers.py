"""Simulated sessions: the real team page (or the projector's) in Solara's virtual kernels, without a browser.

Each :class:`WatchingSession` is what the server makes for a browser tab (a virtual kernel with its
own widgets) with a recording socket in place of the browser's websocket: every message the server
sends to the tab is timed, and the game versions it carries are noted (the status line's
``data-version`` and the board's ``mln-board-vN``, and with them the game's id: ``data-game`` and
``mln-board-gG-vN``): a page shows a version of a game once both have been sent. A session may
hold a team's seat secret (as its browser would have kept it) or the teacher's cookie (the
projector). The load benchmark (``benchmarks/classroom_load.py``) opens forty-one of them; a test
opens a few. Test and benchmark support, so it lives beside the tests, not in the package.

Examples
--------
>>> socket = RecordingSocket()
>>> socket.send(b'{"unsafe_innerHTML": "<div class=\\'mln-status\\' data-version=\\'7\\'>"}')
>>> sorted(socket.first_seen)
[]
>>> socket.send(b'{"class_": "mln-board-box mln-board-v7"}')
>>> sorted(socket.first_seen)
[7]
>>> socket.send(b"<div class='mln-status' data-game='3' data-version='2'> mln-board-g3-v2")
>>> sorted(socket.seen_in(3))
[2]
"""

from __future__ import annotations

import gc
import re
import time
from typing import Any

_STATUS = re.compile(rb"data-version='(\d+)'")
_BOARD = re.compile(rb"mln-board-v(\d+)")
_GAME_STATUS = re.compile(rb"data-game='(\d+)' data-version='(\d+)'")
_GAME_BOARD = re.compile(rb"mln-board-g(\d+)-v(\d+)")


class RecordingSocket:
    """Stands in for a browser's websocket: keeps when each game version was first sent to it."""

    def __init__(self) -> None:
        self.status_seen: dict[int, float] = {}
        self.board_seen: dict[int, float] = {}
        self.game_status: dict[tuple[int, int], float] = {}
        self.game_board: dict[tuple[int, int], float] = {}
        self.messages = 0
        self.bytes = 0

    def send(self, data: str | bytes) -> None:
        now = time.perf_counter()
        raw = data.encode() if isinstance(data, str) else bytes(data)
        self.messages += 1
        self.bytes += len(raw)
        for version in _STATUS.findall(raw):
            self.status_seen.setdefault(int(version), now)
        for version in _BOARD.findall(raw):
            self.board_seen.setdefault(int(version), now)
        for game, version in _GAME_STATUS.findall(raw):
            self.game_status.setdefault((int(game), int(version)), now)
        for game, version in _GAME_BOARD.findall(raw):
            self.game_board.setdefault((int(game), int(version)), now)

    @property
    def first_seen(self) -> dict[int, float]:
        """When each version was on the page: its status line and its board both sent."""
        return {v: max(t, self.board_seen[v]) for v, t in self.status_seen.items() if v in self.board_seen}

    def seen_in(self, game: int) -> dict[int, float]:
        """When each version of game ``game`` was on the page (its status line and its board both sent)."""
        return {v: max(t, self.game_board[(g, v)]) for (g, v), t in self.game_status.items()
                if g == game and (g, v) in self.game_board}

    send_bytes = send
    send_text = send

    def close(self) -> None:
        """Nothing to close."""


class WatchingSession:
    """One team's page in a virtual kernel of its own: watching the game (no ``secret``), or playing
    the seat whose ``secret`` its browser holds; with ``teacher`` (the teacher's secret) the
    projector's page instead."""

    def __init__(self, number: int, lang: str = "ru", secret: str = "", teacher: str = "") -> None:
        import ipywidgets
        import solara
        import solara.lab
        import solara.server.kernel_context as kernel_context
        from solara.server import kernel

        from millionaire.classroom.app import STORAGE_KEY, ProjectorPage, TeamPage
        from millionaire.classroom.gate import TEACHER_COOKIE

        self.socket = RecordingSocket()
        self.context = kernel_context.VirtualKernelContext(id=f"watcher-{number}", session_id=f"watcher-session-{number}",
                                                           kernel=kernel.Kernel())
        self.context.kernel.session.websockets.add(self.socket)
        with self.context:
            if teacher:
                solara.lab.cookies.set({TEACHER_COOKIE: teacher})
            page = ProjectorPage() if teacher else TeamPage()
            self.container, self.render_context = solara.render(page, handle_error=False)
            if secret:  # what the seat keeper does when the page opens in a browser that holds a seat
                keeper = next(w for w in list(ipywidgets.Widget.widgets.values())
                              if getattr(w, "storage_key", None) == STORAGE_KEY)
                keeper.vue_loaded(secret)

    def close(self) -> None:
        """Unmount the page (it unsubscribes from the game) and drop the socket."""
        with self.context:
            self.render_context.close()
        self.context.kernel.session.websockets.clear()


def resident_kib() -> int:
    """This process's resident memory in KiB (after a garbage collection), from /proc."""
    gc.collect()
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def open_sessions(count: int, lang: str = "ru", secrets: list[str] | None = None,
                  first: int = 0) -> tuple[list[WatchingSession], float]:
    """``count`` sessions (each with its seat's secret from ``secrets`` when given), and the memory
    each took on average (KiB)."""
    before = resident_kib()
    sessions = [WatchingSession(first + number, lang, secret=secrets[number] if secrets else "") for number in range(count)]
    return sessions, (resident_kib() - before) / max(count, 1)


def delays(changed_at: dict[int, float], sessions: list[WatchingSession]) -> dict[int, Any]:
    """For each version: the time from the change to its arrival in the slowest session (seconds),
    or ``None`` when some session never received it."""
    result: dict[int, Any] = {}
    for version, started in changed_at.items():
        arrivals = [session.socket.first_seen.get(version) for session in sessions]
        result[version] = None if None in arrivals else max(arrivals) - started  # type: ignore[type-var]
    return result
