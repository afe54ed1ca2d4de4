"""How games end: the share of seeded games stopped by the round limit, and the median game length,
for the lessons' lineups and four trading bots on each board.

Run: ``python benchmarks/game_endings.py [--games N] [--max-rounds R] [--jobs J] [--boards B ...]``.

A game the rules end (a bankruptcy leaves one player, or Junior's first bankruptcy) counts as ended;
a game the round limit stops is won by the richest player, which the rules never do. The target:
under 10% of games at the round limit (1,000 rounds) for every lineup below. The median length is in
rounds over every game (games stopped by the limit count at the limit, so the median is a floor when
they are many) and over the ended games only.

>>> LINEUPS["four monopolists"]
('monopolist', 'monopolist', 'monopolist', 'monopolist')
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

#: The lineups lessons 00-13 play (their seats in the order the lessons give them), four trading
#: bots, and four cautious bots (the default table of ``millionaire simulate --players 4``).
LINEUPS: dict[str, tuple[str, ...]] = {
    "lessons 00/06/08/09: C A M": ("cautious", "aggressive", "monopolist"),
    "lesson 04: C A M C": ("cautious", "aggressive", "monopolist", "cautious"),
    "lesson 08: M C": ("monopolist", "cautious"),
    "lesson 08: C A": ("cautious", "aggressive"),
    "lesson 08: M A": ("monopolist", "aggressive"),
    "four monopolists": ("monopolist",) * 4,
    "four cautious": ("cautious",) * 4,
    "four aggressive": ("aggressive",) * 4,
}
#: Lineups played with trading switched off (``trade_offers_per_turn=0``), the setting of Friedman et
#: al. (2009): two players with simple strategies, who never trade.
NO_TRADING: dict[str, tuple[str, ...]] = {
    "two aggressive, no trading": ("aggressive",) * 2,
    "four cautious, no trading": ("cautious",) * 4,
}

BOARDS = ("millionaire-classic", "monopoly-us", "millionaire-elite")


def endings(board_name: str, lineup: tuple[str, ...], games: int, seed: int, max_rounds: int, jobs: int,
            trading: bool = True) -> dict[str, float]:
    """The share of ``games`` seeded games stopped by the limit and their median lengths."""
    from millionaire import RuleSet, load_board
    from millionaire.simulate import play_games

    board = load_board(board_name)
    rules = RuleSet.for_board(board.key)
    if not trading:
        rules = rules.replace(trade_offers_per_turn=0)
    summaries = play_games(board, rules, lineup, games=games, seed=seed, max_rounds=max_rounds, jobs=jobs)
    ended = [s.rounds for s in summaries if not s.stopped_by_limit]
    return {
        "limit": sum(s.stopped_by_limit for s in summaries) / games,
        "median": statistics.median(s.rounds for s in summaries),
        "median_ended": statistics.median(ended) if ended else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per lineup and board (default 200)")
    parser.add_argument("--max-rounds", type=int, default=1000, help="the round limit (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    parser.add_argument("--boards", nargs="+", default=list(BOARDS), help="boards (default: Classic, Monopoly, Elite)")
    parser.add_argument("--lineups", nargs="+", default=None, help="lineup names (default: all)")
    args = parser.parse_args()

    print(f"{args.games} games per row, seed {args.seed}, round limit {args.max_rounds}, load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'board':<20} {'lineup':<28} {'at limit':>8} {'median':>7} {'ended: median':>14}")
    start = time.perf_counter()
    worst = 0.0
    for board_name in args.boards:
        for name, lineup in [*LINEUPS.items(), *NO_TRADING.items()]:
            if args.lineups and name not in args.lineups:
                continue
            trading = name in LINEUPS
            row = endings(board_name, lineup, args.games, args.seed, args.max_rounds, args.jobs, trading)
            if trading:
                worst = max(worst, row["limit"])
            print(f"{board_name:<20} {name:<28} {row['limit']:8.1%} {row['median']:7.0f} {row['median_ended']:14.0f}",
                  flush=True)
    print(f"worst share at the limit with trading: {worst:.1%}; {time.perf_counter() - start:.0f} s wall")


if __name__ == "__main__":
    main()
