"""Engine speed: player-turns and games per second, four `cautious` players, one process.

Run: ``python benchmarks/engine_speed.py [--games N] [--repeats R]``. Prints the median of R runs
for each board. Results and the command are recorded in ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from millionaire import Game, load_board


def measure(board_name: str, games: int, max_rounds: int) -> tuple[float, float]:
    board = load_board(board_name)
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(board, agents=["cautious"] * 4, seed=seed, record_events=False)
        turns += game.run(max_rounds=max_rounds).turns
    elapsed = time.perf_counter() - start
    return turns / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--max-rounds", type=int, default=500)
    args = parser.parse_args()
    for board_name in ("millionaire-classic", "monopoly-us"):
        runs = [measure(board_name, args.games, args.max_rounds) for _ in range(args.repeats)]
        turns = statistics.median(r[0] for r in runs)
        games = statistics.median(r[1] for r in runs)
        print(f"{board_name:<20} {turns:>10,.0f} player-turns/s {games:>8.1f} games/s "
              f"(median of {args.repeats} runs of {args.games} games, 4 cautious players)")


if __name__ == "__main__":
    main()
