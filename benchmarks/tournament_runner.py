"""TournamentRunner at its maximum: 10,000 games with the widget's defaults, run as its Run button runs them.

Run: ``python benchmarks/tournament_runner.py [--games 10000] [--repeats 3] [--jobs 2]``.

Each repetition makes a fresh ``TournamentRunner`` (Classic, three bots, 300 rounds), sets the number of
games and calls ``start().join()``: the games are played in the background on ``jobs`` worker
processes while the progress bar moves. It prints the wall time a student waits (target: under 10 s
for 10,000 games on 2 cores), the CPU time of the workers and of this process, and the load average,
which says how much of the machine the run had.

>>> seconds([3.0, 1.0, 2.0])
'2.00 s (1.00–3.00)'
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time


def seconds(values: list[float]) -> str:
    """The median of ``values`` and their range, in seconds."""
    return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})"


def children_cpu() -> float:
    """CPU seconds of every ended child process (the workers, once their pool has closed)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per run (default 10000, the widget's most)")
    parser.add_argument("--repeats", type=int, default=3, help="runs (default 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    args = parser.parse_args()

    from millionaire import compiled
    from millionaire.widgets import TournamentRunner

    walls, workers, here, loads = [], [], [], []
    for _ in range(args.repeats):
        runner = TournamentRunner(jobs=args.jobs)
        runner.set_games(args.games)
        started, cpu, child = time.perf_counter(), time.process_time(), children_cpu()
        runner.start().join()
        walls.append(time.perf_counter() - started)
        here.append(time.process_time() - cpu)
        workers.append(children_cpu() - child)
        loads.append(os.getloadavg()[0])
        assert runner.result is not None and len(runner.result.games) == args.games, runner.message.value
    engine = "compiled" if compiled.IN_USE else "from source"
    print(f"TournamentRunner, {args.games} games, {args.jobs} workers, engine {engine}, {args.repeats} runs:")
    print(f"  wall (what a student waits)  {seconds(walls)}")
    print(f"  CPU of the workers           {seconds(workers)}")
    print(f"  CPU of the notebook's kernel {seconds(here)}")
    print(f"  load average after each run  {', '.join(f'{load:.1f}' for load in loads)}")


if __name__ == "__main__":
    main()
