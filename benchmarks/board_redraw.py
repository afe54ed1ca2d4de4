"""Board redraw speed: update the board after an event and render it to PNG, median of many.

This is what the game widget does after each event: ``BoardView(fast=True)`` caches the static
board (and the owners and buildings until they change) and draws only the moving parts over it, at
the size a classroom screen shows: 900 pixels wide. Run: ``python benchmarks/board_redraw.py``
(``--redraws N``, ``--size PX``). Target: under 150 ms per redraw.
"""

from __future__ import annotations

import statistics
import time

import matplotlib

matplotlib.use("Agg")

from millionaire import Game, load_board  # noqa: E402
from millionaire.plotting import BoardView  # noqa: E402


def main(redraws: int = 40, size: int = 900) -> None:
    for board_name in ("millionaire-classic", "monopoly-us"):
        board = load_board(board_name)
        game = Game(board, agents=["aggressive", "monopolist", "cautious", "aggressive"], seed=5)
        view = BoardView(board, fast=True, size_px=size)
        view.update(game.state)
        view.render_png()
        times = []
        for _ in range(redraws):
            game.apply(game.agents[game.pending.player].choose(game, game.pending))
            start = time.perf_counter()
            view.update(game.state, dice=(3, 4))
            view.render_png()
            times.append(time.perf_counter() - start)
        first = time.perf_counter()
        fresh_view = BoardView(board, fast=True, size_px=size)
        fresh_view.update(game.state)
        fresh_view.render_png()
        fresh = time.perf_counter() - first
        print(f"{board_name:<20} {size} px, redraw after an event: median {statistics.median(times) * 1000:.1f} ms "
              f"(of {redraws}); a fresh board: {fresh * 1000:.0f} ms")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redraws", type=int, default=40)
    parser.add_argument("--size", type=int, default=900, help="board width in pixels (default 900)")
    arguments = parser.parse_args()
    main(arguments.redraws, arguments.size)
