"""Classroom load: a lesson of eight tables, five team devices at each and the projector; how soon does each move reach every page?

Each table seats a team at each of its five seats; each team's page (Solara's virtual kernel,
rendering the real team page with the seat's secret, a recording socket in place of the browser's
websocket: ``tests/watchers.py``) plays its seat, and the projector's page shows every table at a
glance. The teams decide as the ``cautious`` bot would, one decision at each table every
``--delay`` seconds, the next only once the last is on every page, for ``--turns`` turns a table.
For every move (every saved change of a table) we take the time from the change to the moment the
last page of its table had it sent, and to the moment the projector had it; we report the median,
the 95th percentile and the largest of each, the moves some page missed (must be none), whether
each page got its moves in order, and the memory each page costs.

Run: ``python benchmarks/classroom_load.py`` (``--tables N``, ``--devices N``, ``--turns N``,
``--delay S``, ``--record`` appends the result to ``benchmarks/RESULTS.md``). Targets on a 2-core
machine: a move on every page of its table within 250 ms, on the projector's overview within 1 s,
memory per page as a single table's page (1.0 MiB). ``--json`` prints the numbers as JSON (the
functional test runs 2 tables of 2 devices, 10 turns).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from datetime import date
from pathlib import Path


def spread(times: list[float]) -> dict[str, float | None]:
    ordered = sorted(times)
    if not ordered:
        return {"median_ms": None, "p95_ms": None, "max_ms": None}
    return {"median_ms": 1000 * statistics.median(ordered), "p95_ms": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
            "max_ms": 1000 * ordered[-1]}


def play(table, secrets: list[str], turns: int, delay: float, stop: threading.Event) -> None:
    """The teams of one table decide in turn as the cautious bot would, each move on every page before the next."""
    from millionaire.agents import make_agent

    agent = make_agent("cautious", seed=table.seed)
    while not stop.is_set() and table.game.state.turns < turns and not table.game.finished:
        if stop.wait(delay):
            return
        with table._lock:
            pending = table.game.pending
            action = agent.choose(table.game, pending)
            secret = secrets[pending.player]
        table.act(secret, action)
        table.wait_shown()


def measure(tables: int, devices: int, turns: int, delay: float) -> dict:
    folder = tempfile.mkdtemp(prefix="classroom-load-")
    os.environ["MILLIONAIRE_CLASSROOM_STORE"] = folder
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "False")
    import solara.server.app  # noqa: F401  (as the server does: widgets talk to their own virtual kernel)

    from millionaire.classroom import server
    from millionaire.classroom.tables import ClassLesson
    from watchers import WatchingSession, open_sessions, resident_kib  # tests/watchers.py: test and benchmark support

    setting = ClassLesson.open(folder, tables=tables, seats=devices, seed=1, lang="ru")
    secrets = [[setting.join(setting.join_code, number, seat, f"Команда {number + 1}.{seat + 1}")[1] for seat in range(devices)]
               for number in range(tables)]
    setting.close()
    lesson = server.current()  # what the server opens: the lesson just set up
    warm = WatchingSession(-1, lang="ru")  # the first page loads the pages' modules: count memory after it
    before = resident_kib()
    pages = []
    for number in range(tables):
        opened, _ = open_sessions(devices, lang="ru", secrets=secrets[number], first=number * devices)
        pages.append(opened)
    projector = WatchingSession(tables * devices, lang="ru", teacher=lesson.teacher_secret)
    memory_kib = (resident_kib() - before) / (tables * devices + 1)
    started = time.perf_counter()
    lesson.everywhere("start")
    first = [table.version for table in lesson.tables]  # the start, excluded from the moves measured
    stop = threading.Event()
    players = [threading.Thread(target=play, args=(table, secrets[n], turns, delay, stop), daemon=True)
               for n, table in enumerate(lesson.tables)]
    for player in players:
        player.start()
    for player in players:
        player.join()
    last = [table.version for table in lesson.tables]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(
            last[n] in page.socket.seen_in(table.game_id) for n, table in enumerate(lesson.tables)
            for page in [*pages[n], projector]):
        time.sleep(0.05)
    elapsed = time.perf_counter() - started
    stop.set()
    at_table, on_projector, missed, in_order, moves = [], [], [], True, 0
    for n, table in enumerate(lesson.tables):
        for version in range(first[n] + 1, last[n] + 1):
            moves += 1
            changed = table.changed_at[version]
            arrivals = [page.socket.seen_in(table.game_id).get(version) for page in pages[n]]
            shown = projector.socket.seen_in(table.game_id).get(version)
            if None in arrivals or shown is None:
                missed.append((n + 1, version))
                continue
            at_table.append(max(arrivals) - changed)
            on_projector.append(shown - changed)
        for page in [*pages[n], projector]:
            seen = page.socket.seen_in(table.game_id)
            in_order = in_order and sorted(seen, key=seen.get) == sorted(seen)
    sent = sum(page.socket.bytes for group in pages for page in group)
    result = {
        "tables": tables, "devices": devices, "turns": min(t.game.state.turns for t in lesson.tables), "moves": moves,
        "delay_s": delay, "missed": missed, "in_order": in_order,
        "table": spread(at_table), "projector": spread(on_projector),
        "memory_per_page_mib": memory_kib / 1024,
        "bytes_per_move_per_team_page": sent / max(moves, 1) * tables / max(tables * devices, 1),
        "bytes_per_move_projector": projector.socket.bytes / max(moves, 1),
        "wall_s": elapsed,
    }
    lesson.close()
    for group in pages:
        for page in group:
            page.close()
    projector.close()
    warm.close()
    return result


def report(result: dict) -> str:
    table, projector = result["table"], result["projector"]
    return (f"{result['tables']} tables x {result['devices']} team pages + the projector, {result['turns']} turns a table "
            f"({result['moves']} moves, one every {result['delay_s']} s at each table), {result['wall_s']:.0f} s wall\n"
            f"move -> shown in every page of its table: median {table['median_ms']:.0f} ms, 95th percentile "
            f"{table['p95_ms']:.0f} ms, max {table['max_ms']:.0f} ms\n"
            f"move -> shown on the projector's overview: median {projector['median_ms']:.0f} ms, 95th percentile "
            f"{projector['p95_ms']:.0f} ms, max {projector['max_ms']:.0f} ms\n"
            f"moves missed by some page: {len(result['missed'])}; every page in order: {result['in_order']}\n"
            f"memory per page: {result['memory_per_page_mib']:.1f} MiB; sent per move: "
            f"{result['bytes_per_move_per_team_page'] / 1024:.0f} KiB to each team page of its table, "
            f"{result['bytes_per_move_projector'] / 1024:.0f} KiB to the projector")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--devices", type=int, default=5, help="team pages at each table (2 to 6: one per seat)")
    parser.add_argument("--turns", type=int, default=60, help="turns each table plays")
    parser.add_argument("--delay", type=float, default=0.5, help="seconds between two moves at a table")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--record", action="store_true", help="append the result to benchmarks/RESULTS.md")
    options = parser.parse_args(argv)
    result = measure(options.tables, options.devices, options.turns, options.delay)
    if options.json:
        print(json.dumps(result))
        return
    text = report(result)
    print(text)
    if options.record:
        load = os.getloadavg()[0]
        command = (f"python benchmarks/classroom_load.py --tables {options.tables} --devices {options.devices} "
                   f"--turns {options.turns} --delay {options.delay}")
        entry = (f"\n\n{date.today().isoformat()}, classroom server load, `{command}`, Python {platform.python_version()}, "
                 f"{os.cpu_count()} CPUs, load average {load:.1f}:\n\n```\n{text}\n```\n")
        with open(Path(__file__).with_name("RESULTS.md"), "a", encoding="utf-8") as results:
            results.write(entry)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    main()
