"""Engine speed: player-turns and games per second, four `cautious` players, one process.

Run: ``python benchmarks/engine_speed.py [--games N] [--repeats R]``. Prints the median of R runs
for each board, by the wall clock and by this process's CPU time (steadier on a shared machine),
and whether the compiled engine or its Python source ran (``MILLIONAIRE_PURE=1`` asks for the
source). Results and the command are recorded in ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from millionaire import Game, compiled, load_board


def measure(board_name: str, games: int, max_rounds: int) -> tuple[float, float, float]:
    """(player-turns per wall second, games per wall second, player-turns per CPU second)."""
    board = load_board(board_name)
    turns = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        game = Game(board, agents=["cautious"] * 4, seed=seed, record_events=False)
        turns += game.run(max_rounds=max_rounds).turns
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return turns / elapsed, games / elapsed, turns / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--max-rounds", type=int, default=500)
    args = parser.parse_args()
    print("engine:", f"compiled ({', '.join(compiled.IN_USE)})" if compiled.IN_USE else "Python source")
    for board_name in ("millionaire-classic", "monopoly-us"):
        runs = [measure(board_name, args.games, args.max_rounds) for _ in range(args.repeats)]
        turns = statistics.median(r[0] for r in runs)
        games = statistics.median(r[1] for r in runs)
        cpu_turns = statistics.median(r[2] for r in runs)
        print(f"{board_name:<20} {turns:>10,.0f} player-turns/s {games:>8.1f} games/s "
              f"({cpu_turns:,.0f} per CPU second; median of {args.repeats} runs of {args.games} games, "
              f"4 cautious players)")


if __name__ == "__main__":
    main()
