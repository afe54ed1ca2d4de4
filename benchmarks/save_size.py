"""How big a saved game is: each edition's save after a few hundred seeded decisions, in characters of JSON.

The classroom writes a save on every decision, so its size is what each decision costs the disk.
Run: ``python benchmarks/save_size.py [--actions 300]``.
"""

from __future__ import annotations

import argparse

from millionaire import Game, load_board
from millionaire.editions import EDITIONS


def save_text(key: str, actions: int, seed: int = 1) -> str:
    """The JSON of ``key``'s game after ``actions`` decisions of three bots (seeded)."""
    game = Game(load_board(key), agents=["aggressive", "monopolist", "random"], seed=seed)
    game.round_limit = 200
    for _ in range(actions):
        if game.finished:
            break
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    return game.state.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    for edition in EDITIONS:
        text = save_text(edition.key, args.actions)
        print(f"{edition.key:<20} {len(text):>7,} characters")


if __name__ == "__main__":
    main()
