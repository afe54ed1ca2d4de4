"""What Dask costs on one machine: games per second on the local process pool and on a 2-worker LocalCluster.

Run: ``python benchmarks/dask_overhead.py [--games N] [--repeats R] [--record]`` (needs the group ``scale``).

Both play the same :func:`millionaire.simulate.play_games` run (Millionaire Classic, four cautious bots,
the 1000-round limit, seed 1): ``jobs=2`` on the kit's own pool, then ``executor=client.get_executor()``
on ``LocalCluster(n_workers=2, threads_per_worker=1)``. The two alternate, ``R`` times each, so a
machine that slows down slows both; the medians are compared. Wall time on a busy machine says more
about the neighbours than about Dask, so the CPU time of every process the run uses is counted too
(this one, with Dask's scheduler and client threads, and the pool's or the cluster's workers): CPU per
game is the overhead that a load on the machine hardly moves. Starting the cluster is timed apart (once
per session, not per run), and every Dask run is checked to give the local pool's games.

``--record`` appends the results, with the command, to ``benchmarks/RESULTS.md`` (a new section the
first time, then a dated entry under it; other sections are left alone).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import time
from datetime import date
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
SECTION = "## Dask on one machine (`benchmarks/dask_overhead.py`)"
LINEUP = ["cautious"] * 4


def cpu_seconds(client: object | None = None) -> float:
    """CPU seconds used so far by this process and its ended children (a local pool, once shut down), and
    with a Dask ``client``, by the cluster's workers (alive, so not among the ended children)."""
    own, ended = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime
    if client is not None:
        total += sum(client.run(time.process_time).values())  # type: ignore[attr-defined]
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per run (default 10000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each kind, alternating (default 3)")
    parser.add_argument("--record", action="store_true", help="append the results to benchmarks/RESULTS.md")
    args = parser.parse_args()

    from distributed import Client, LocalCluster

    from millionaire import load_board
    from millionaire.simulate import play_games

    board = load_board("millionaire-classic")
    start = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = Client(cluster)
    startup = time.perf_counter() - start
    local_seconds, dask_seconds, local_cpu, dask_cpu = [], [], [], []
    try:
        for _ in range(args.repeats):
            cpu, start = cpu_seconds(), time.perf_counter()
            local = play_games(board, None, LINEUP, games=args.games, seed=1, jobs=2)
            local_seconds.append(time.perf_counter() - start)
            local_cpu.append(cpu_seconds() - cpu)
            cpu, start = cpu_seconds(client), time.perf_counter()
            remote = play_games(board, None, LINEUP, games=args.games, seed=1, jobs=2, executor=client.get_executor())
            dask_seconds.append(time.perf_counter() - start)
            dask_cpu.append(cpu_seconds(client) - cpu)
            if remote != local:
                raise SystemExit("the Dask run played other games than the local pool: a bug")
    finally:
        client.close()
        cluster.close()

    def row(seconds: list[float], cpu: list[float]) -> str:
        wall = statistics.median(seconds)
        runs = ", ".join(f"{s:.1f}" for s in seconds)
        return (f"{args.games / wall:6.1f} games/s (median wall of {runs} s), "
                f"{1000 * statistics.median(cpu) / args.games:5.2f} CPU ms a game")

    wall_overhead = statistics.median(dask_seconds) / statistics.median(local_seconds) - 1
    cpu_overhead = statistics.median(dask_cpu) / statistics.median(local_cpu) - 1
    lines = [
        f"local pool, jobs 2:        {row(local_seconds, local_cpu)}",
        f"LocalCluster, 2 workers:   {row(dask_seconds, dask_cpu)}; cluster start {startup:.1f} s, not counted",
        f"Dask on one machine: {cpu_overhead:+.1%} CPU time, {wall_overhead:+.1%} wall time for the same "
        f"{args.games} games (the same games: checked on every run)",
    ]
    print("\n".join(lines))
    if args.record:
        record(lines, f"python benchmarks/dask_overhead.py --games {args.games} --repeats {args.repeats} --record")


def record(lines: list[str], command: str) -> None:
    """Append the lines, the command and the machine to RESULTS.md, under this benchmark's section."""
    import dask
    import numpy as np

    text = RESULTS.read_text(encoding="utf-8")
    entry = "" if SECTION in text else (
        f"\n{SECTION}\n\nGames per second of `play_games` on the local pool and on a 2-worker Dask LocalCluster "
        "(Millionaire Classic, four cautious bots, seed 1): what Dask costs where it cannot add cores.\n")
    machine = (f"Python {platform.python_version()}, numpy {np.__version__}, dask {dask.__version__}, "
               f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} after the runs")
    entry += f"\n{date.today().isoformat()}, `{command}`, {machine}:\n\n```\n" + "\n".join(lines) + "\n```\n"
    RESULTS.write_text(text + entry, encoding="utf-8")


if __name__ == "__main__":
    main()
