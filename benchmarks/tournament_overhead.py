"""What observing costs: `tournament()` against `play_games()` for the same seeded games, in CPU time.

Run: ``python benchmarks/tournament_overhead.py [--games 100] [--repeats 5] [--board monopoly-us]``.

Both play the same games on one core (``jobs=1``): ``play_games`` keeps a summary of each,
``tournament`` also records every seat's net worth and properties after every round. The figure is
the median, over interleaved repetitions, of the ratio of their CPU times (``time.process_time``);
the target is at most 1.2.

>>> ratio([1.0, 2.0], [1.1, 2.4])
1.15
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def ratio(plain: list[float], observed: list[float]) -> float:
    """The median of the repetitions' ratios, observed over plain."""
    return round(statistics.median(o / p for p, o in zip(plain, observed)), 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per repetition (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repetitions (default 5)")
    parser.add_argument("--board", default="monopoly-us", help="the board (default monopoly-us)")
    args = parser.parse_args()

    from millionaire import compiled, load_board
    from millionaire.simulate import play_games, tournament

    board = load_board(args.board)
    lineup = ["cautious", "aggressive", "monopolist", "monopolist"]
    plain: list[float] = []
    observed: list[float] = []
    load = os.getloadavg()[0]
    for repeat in range(args.repeats):
        start = time.process_time()
        play_games(board, None, lineup, games=args.games, seed=repeat, jobs=1)
        plain.append(time.process_time() - start)
        start = time.process_time()
        tournament(board, lineup, games=args.games, seed=repeat, jobs=1)
        observed.append(time.process_time() - start)
    engine = "compiled" if compiled.IN_USE else "Python source"
    print(f"{args.board}, {args.games} games x {args.repeats} interleaved repetitions, engine {engine}, "
          f"load average {load:.1f}-{os.getloadavg()[0]:.1f}")
    print(f"play_games  median {statistics.median(plain):.3f} CPU-s")
    print(f"tournament  median {statistics.median(observed):.3f} CPU-s")
    print(f"tournament / play_games: {ratio(plain, observed):.3f} (median of the repetitions' ratios; target 1.2)")


if __name__ == "__main__":
    main()
