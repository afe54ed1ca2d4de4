"""Simulated team sessions: the real team page in Solara's virtual kernels, without a browser.

Each :class:`WatchingSession` is what the server makes for a browser tab (a virtual kernel with its
own widgets) with a recording socket in place of the browser's websocket: every message the server
sends to the tab is timed, and the game versions it carries are noted (the status line's
``data-version`` and the board's ``mln-board-vN``): a page shows a version once both have been sent. The load benchmark (``benchmarks/classroom_load.py``) opens thirty of them; a test opens three.
Test and benchmark support, so it lives beside the tests, not in the package.

Examples
--------
>>> socket = RecordingSocket()
>>> socket.send(b'{"unsafe_innerHTML": "<div class=\\'mln-status\\' data-version=\\'7\\'>"}')
>>> sorted(socket.first_seen)
[]
>>> socket.send(b'{"class_": "mln-board-box mln-board-v7"}')
>>> sorted(socket.first_seen)
[7]
"""

from __future__ import annotations

import gc
import re
import time
from typing import Any

_STATUS = re.compile(rb"data-version='(\d+)'")
_BOARD = re.compile(rb"mln-board-v(\d+)")


class RecordingSocket:
    """Stands in for a browser's websocket: keeps when each game version was first sent to it."""

    def __init__(self) -> None:
        self.status_seen: dict[int, float] = {}
        self.board_seen: dict[int, float] = {}
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

    @property
    def first_seen(self) -> dict[int, float]:
        """When each version was on the page: its status line and its board both sent."""
        return {v: max(t, self.board_seen[v]) for v, t in self.status_seen.items() if v in self.board_seen}

    send_bytes = send
    send_text = send

    def close(self) -> None:
        """Nothing to close."""


class WatchingSession:
    """One team's page (not joined: it watches the game) in a virtual kernel of its own."""

    def __init__(self, number: int, lang: str = "ru") -> None:
        import solara
        import solara.server.kernel_context as kernel_context
        from solara.server import kernel

        from millionaire.classroom.app import TeamPage

        self.socket = RecordingSocket()
        self.context = kernel_context.VirtualKernelContext(id=f"watcher-{number}", session_id=f"watcher-session-{number}",
                                                           kernel=kernel.Kernel())
        self.context.kernel.session.websockets.add(self.socket)
        with self.context:
            self.container, self.render_context = solara.render(TeamPage(), handle_error=False)

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


def open_sessions(count: int, lang: str = "ru") -> tuple[list[WatchingSession], float]:
    """``count`` sessions, and the memory each took on average (KiB)."""
    before = resident_kib()
    sessions = [WatchingSession(number, lang) for number in range(count)]
    return sessions, (resident_kib() - before) / max(count, 1)


def delays(changed_at: dict[int, float], sessions: list[WatchingSession]) -> dict[int, Any]:
    """For each version: the time from the change to its arrival in the slowest session (seconds),
    or ``None`` when some session never received it."""
    result: dict[int, Any] = {}
    for version, started in changed_at.items():
        arrivals = [session.socket.first_seen.get(version) for session in sessions]
        result[version] = None if None in arrivals else max(arrivals) - started  # type: ignore[type-var]
    return result
