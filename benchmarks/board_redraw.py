"""Board redraw speed: update the board after an event and render it to PNG, median of many.

This is what the game widget does after each event: ``BoardView(fast=True)`` caches the static
board and draws only the moving parts over it. Run: ``python benchmarks/board_redraw.py``.
Target: under 150 ms per redraw.
"""

from __future__ import annotations

import statistics
import time

import matplotlib

matplotlib.use("Agg")

from millionaire import Game, load_board  # noqa: E402
from millionaire.plotting import BoardView  # noqa: E402


def main(redraws: int = 40) -> None:
    for board_name in ("millionaire-classic", "monopoly-us"):
        board = load_board(board_name)
        game = Game(board, agents=["aggressive", "monopolist", "cautious", "aggressive"], seed=5)
        view = BoardView(board, fast=True)
        view.update(game.state)
        view.render_png()
        times = []
        for _ in range(redraws):
            game.apply(game.agents[game.pending.player].choose(game, game.pending))
            start = time.perf_counter()
            view.update(game.state)
            view.render_png()
            times.append(time.perf_counter() - start)
        first = time.perf_counter()
        fresh_view = BoardView(board, fast=True)
        fresh_view.update(game.state)
        fresh_view.render_png()
        fresh = time.perf_counter() - first
        print(f"{board_name:<20} redraw after an event: median {statistics.median(times) * 1000:.1f} ms "
              f"(of {redraws}); a fresh board: {fresh * 1000:.0f} ms")


if __name__ == "__main__":
    main()
