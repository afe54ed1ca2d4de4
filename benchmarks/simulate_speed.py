"""Simulation speed: `millionaire simulate` on many games, and a tournament observed round by round.

Run: ``python benchmarks/simulate_speed.py [--games N] [--jobs J] [--tournament-games M] [--record]``.

- ``simulate``: the command a teacher types, timed end to end in a fresh process (start-up, the process
  pool, every game, the summary): ``millionaire simulate --board millionaire-classic --games N --players 4
  --jobs J --seed 1 --quiet``. The target is 10 000 games in under 2 minutes on 2 cores.
- ``tournament``: :func:`millionaire.simulate.tournament` with the same lineup, which drives every game
  round by round to record net worth and ownership (``play_by_round``); its cost per game against plain
  ``Game.run`` shows what the observation adds.

``--record`` appends the results, with the commands, to ``benchmarks/RESULTS.md`` (a new section the
first time, then a dated entry under it; other sections are left alone).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
SECTION = "## Simulations and tournaments (`benchmarks/simulate_speed.py`)"


def command(games: int, jobs: int) -> list[str]:
    script = Path(sys.executable).with_name("millionaire")
    head = [str(script)] if script.exists() else [sys.executable, "-m", "millionaire.cli"]
    return [*head, "simulate", "--board", "millionaire-classic", "--games", str(games), "--players", "4",
            "--jobs", str(jobs), "--seed", "1", "--quiet"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games for `millionaire simulate` (default 10000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--tournament-games", type=int, default=1000,
                        help="games for the round-by-round tournament (default 1000; 0 skips it)")
    parser.add_argument("--record", action="store_true", help="append the results to benchmarks/RESULTS.md")
    args = parser.parse_args()

    lines = []
    argv = command(args.games, args.jobs)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    rounds = next((line for line in done.stdout.splitlines() if line.startswith("Game length in rounds")), "")
    shown = " ".join(["millionaire", *argv[argv.index("simulate"):]])
    lines.append(f"simulate    {args.games} games, 4 players, jobs {args.jobs}: {seconds:7.1f} s wall "
                 f"({args.games / seconds:6.1f} games/s)  `{shown}`")
    if rounds:
        lines.append(f"            {rounds}")

    if args.tournament_games:
        from millionaire.simulate import tournament

        start = time.perf_counter()
        result = tournament("millionaire-classic", ["cautious"] * 4, games=args.tournament_games, seed=1,
                            jobs=args.jobs)
        seconds = time.perf_counter() - start
        rounds = result.lengths().sum()
        lines.append(f"tournament  {args.tournament_games} games, 4 players, jobs {args.jobs}, observed every round: "
                     f"{seconds:7.1f} s wall ({args.tournament_games / seconds:6.1f} games/s, {rounds / seconds:8.0f} rounds/s)")
        start = time.perf_counter()
        result.trajectories()
        result.inequality_trajectory()
        lines.append(f"            trajectories() + inequality_trajectory() of those games: {time.perf_counter() - start:.2f} s")

    print("\n".join(lines))
    if args.record:
        import numpy as np

        try:
            load = f", load average {os.getloadavg()[0]:.1f}"
        except OSError:  # pragma: no cover - not on every system
            load = ""
        header = "" if RESULTS.is_file() else "# Benchmark results\n\nEach section: the command, the machine, the medians.\n"
        text = RESULTS.read_text(encoding="utf-8") if RESULTS.is_file() else ""
        with RESULTS.open("a", encoding="utf-8") as out:
            if header:
                out.write(header)
            if SECTION not in text:
                out.write(f"\n{SECTION}\n\nTarget: `millionaire simulate --board millionaire-classic --games 10000 "
                          "--players 4 --jobs 2` in under 2 minutes.\n")
            out.write(f"\n{date.today().isoformat()}, `python benchmarks/simulate_speed.py "
                      f"--games {args.games} --jobs {args.jobs} --tournament-games {args.tournament_games} --record`, "
                      f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs{load}:\n\n")
            out.write("```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
