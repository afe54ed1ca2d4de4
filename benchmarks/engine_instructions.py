"""Instructions per player-turn, counted by valgrind's callgrind: a steady measure on a noisy machine.

Wall-clock rates on a shared virtual machine drift by a third from hour to hour; instruction counts
of the same seeded games do not (to about 0.5%, with ``PYTHONHASHSEED=0`` and one BLAS thread).
It counts whichever engine ``import millionaire`` picks: compiled, or the source with
``MILLIONAIRE_PURE=1``. Use this to compare
two versions of the engine. Needs ``valgrind`` (Debian package); takes about a minute.

Run: ``python benchmarks/engine_instructions.py [--games 6] [--max-rounds 300]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

GAMES = """
from millionaire import Game, load_board
board = load_board("millionaire-classic")
turns = 0
for seed in range({games}):
    game = Game(board, agents=["cautious"] * 4, seed=seed, record_events=False)
    turns += game.run(max_rounds={max_rounds}).turns
print(turns)
"""
# Start-up, subtracted: imports, the board, and one game set up (its first use imports numpy.random).
STARTUP = """
from millionaire import Game, load_board
Game(load_board("millionaire-classic"), agents=["cautious"] * 4, seed=0, record_events=False)
print(0)
"""


def count(code: str) -> tuple[int, int]:
    """(instructions, the number the code prints) for running ``code`` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
            capture_output=True, text=True, check=True,
            # Fixed hashing, and no BLAS worker threads (their idle spinning would be counted too).
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
        )
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if collected is None:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-1000:]}")
    return int(collected.group(1)), int(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--max-rounds", type=int, default=300)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: apt-get install valgrind")
    total, turns = count(GAMES.format(games=args.games, max_rounds=args.max_rounds))
    startup, _ = count(STARTUP)
    per_turn = (total - startup) / turns
    from millionaire import compiled

    print(f"{'compiled' if compiled.IN_USE else 'Python source'}: "
          f"{turns} player-turns of {args.games} seeded games (4 cautious players): "
          f"{(total - startup) / 1e6:.0f} M instructions, {per_turn:,.0f} per player-turn")


if __name__ == "__main__":
    main()
