"""Classroom load: many team pages watch one game while bots play; how soon does each move reach all?

Thirty team pages (Solara's virtual kernels, each rendering the real team page, with a recording
socket in place of the browser's websocket: ``tests/watchers.py``) watch one game
of four bots for 200 turns. For every move (every saved change of the game) we take the time from
the change to the moment the last of the pages had it sent, and report the median and the 95th
percentile, the moves some page missed (must be none), and the memory each page costs.

Run: ``python benchmarks/classroom_load.py`` (``--sessions N``, ``--turns N``, ``--bot-delay S``,
``--record`` appends the result to ``benchmarks/RESULTS.md``). Target: median under 250 ms on a
2-core machine. ``--json`` prints the numbers as JSON (the functional test runs 3 pages, 10 turns).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path


def measure(sessions: int, turns: int, bot_delay: float) -> dict:
    folder = tempfile.mkdtemp(prefix="classroom-load-")
    os.environ["MILLIONAIRE_CLASSROOM_STORE"] = folder
    os.environ["MILLIONAIRE_CLASSROOM_BOT_DELAY"] = str(bot_delay)
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "False")
    import solara.server.app  # noqa: F401  (as the server does: widgets talk to their own virtual kernel)

    from millionaire.classroom import server
    from watchers import delays, open_sessions  # tests/watchers.py: test and benchmark support

    whole = server.current()
    lesson = whole.tables[0]
    pages, memory_kib = open_sessions(sessions, lang="ru")
    started = time.perf_counter()
    lesson.start()  # no team joined: four bots play, one move every bot_delay seconds
    while lesson.game.state.turns < turns and not lesson.game.finished:
        time.sleep(0.05)
    last = lesson.version  # the moves measured: the start (version 1) excluded, up to this one
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(last in page.socket.first_seen for page in pages):
        time.sleep(0.05)
    elapsed = time.perf_counter() - started
    whole.close()  # stops the bots
    seen = delays({v: t for v, t in lesson.changed_at.items() if 1 < v <= last}, pages)
    missed = sorted(v for v, d in seen.items() if d is None)
    times = sorted(d for d in seen.values() if d is not None)
    in_order = all(sorted(p.socket.first_seen, key=p.socket.first_seen.get) == sorted(p.socket.first_seen) for p in pages)
    result = {
        "sessions": sessions, "turns": lesson.game.state.turns, "moves": len(seen), "bot_delay_s": bot_delay,
        "missed": missed, "in_order": in_order,
        "median_ms": 1000 * statistics.median(times) if times else None,
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))] if times else None,
        "max_ms": 1000 * times[-1] if times else None,
        "memory_per_session_mib": memory_kib / 1024,
        "bytes_per_move_per_session": sum(p.socket.bytes for p in pages) / max(len(seen), 1) / max(sessions, 1),
        "wall_s": elapsed,
    }
    for page in pages:
        page.close()
    return result


def report(result: dict) -> str:
    return (f"{result['sessions']} team pages, {result['turns']} turns of 4 bots ({result['moves']} moves, one every "
            f"{result['bot_delay_s']} s), {result['wall_s']:.0f} s wall\n"
            f"move -> shown in every page: median {result['median_ms']:.0f} ms, 95th percentile {result['p95_ms']:.0f} ms, "
            f"max {result['max_ms']:.0f} ms\n"
            f"moves missed by some page: {len(result['missed'])}; every page in order: {result['in_order']}\n"
            f"memory per page: {result['memory_per_session_mib']:.1f} MiB; sent per move per page: "
            f"{result['bytes_per_move_per_session'] / 1024:.0f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--bot-delay", type=float, default=0.1, help="seconds between two bot moves")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--record", action="store_true", help="append the result to benchmarks/RESULTS.md")
    options = parser.parse_args(argv)
    result = measure(options.sessions, options.turns, options.bot_delay)
    if options.json:
        print(json.dumps(result))
        return
    text = report(result)
    print(text)
    if options.record:
        load = os.getloadavg()[0]
        command = f"python benchmarks/classroom_load.py --sessions {options.sessions} --turns {options.turns} --bot-delay {options.bot_delay}"
        entry = (f"\n\n{date.today().isoformat()}, classroom server load, `{command}`, Python {platform.python_version()}, "
                 f"{os.cpu_count()} CPUs, load average {load:.1f}:\n\n```\n{text}\n```\n")
        with open(Path(__file__).with_name("RESULTS.md"), "a", encoding="utf-8") as results:
            results.write(entry)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    main()
