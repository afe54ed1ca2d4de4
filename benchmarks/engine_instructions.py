"""Instructions per player-turn, counted by valgrind's callgrind: a steady measure on a noisy machine.

Wall-clock rates on a shared virtual machine drift by a third from hour to hour; instruction counts
of the same seeded games do not (to about 0.5%, with ``PYTHONHASHSEED=0`` and one BLAS thread).
It counts whichever engine ``import millionaire`` picks in the folder it is started from (a checkout's
own, to compare two versions of the engine): compiled, or the source with ``MILLIONAIRE_PURE=1``; the
line it prints starts with the engine counted. Needs ``valgrind`` (Debian package); takes about a minute.

Run: ``python benchmarks/engine_instructions.py [--games 6] [--max-rounds 300] [--board KEY]
[--strategy NAME] [--observed]``.

By default 6 seeded games of Millionaire Classic between four ``cautious`` players; ``--board`` and
``--strategy`` choose others (``--board monopoly-us --strategy monopolist``: the trading bots of the
side-by-side with the peer). ``--observed`` counts instead the games as a tournament's workers play
them (chunks of 64 games through ``_observe_chunk``, the TournamentRunner's defaults: Classic,
cautious, aggressive and monopolist, net worth and ownership recorded every round), per game: the
steady measure behind the runner's wall time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Each counted script says first which engine it ran (the compiled one, or the source of the folder it
# was started in, which may not be the one this script imports).
ENGINE = """
from millionaire import compiled
print("compiled" if compiled.IN_USE else "Python source")
"""
GAMES = ENGINE + """
from millionaire import Game, load_board
board = load_board({board!r})
turns = 0
for seed in range({games}):
    game = Game(board, agents=[{strategy!r}] * 4, seed=seed, record_events=False)
    turns += game.run(max_rounds={max_rounds}).turns
print(turns)
"""
OBSERVED = ENGINE + """
from millionaire import RuleSet, load_board
from millionaire.simulate import game_seed
from millionaire.simulate.observe import _observe_chunk
from millionaire.simulate.tournament import _lineups
board = load_board("millionaire-classic")
rules = RuleSet.for_board(board.key)
lineups = _lineups(["cautious", "aggressive", "monopolist"], 3, {games}, rotate=not rules.shuffle_seats)
games = [(lineup, game_seed(1, number)) for number, lineup in enumerate(lineups)]
for start in range(0, len(games), 64):
    _observe_chunk(board, rules, games[start:start + 64], {max_rounds}, 1)
print({games})
"""
# Start-up, subtracted: imports, the board, and one game set up (its first use imports numpy.random).
STARTUP = """
from millionaire import Game, load_board
{imports}
Game(load_board({board!r}), agents=["cautious"] * 4, seed=0, record_events=False)
print(0)
"""


def count(code: str) -> tuple[int, int, str]:
    """(instructions, the number the code prints last, the first line it prints) for running ``code``
    under callgrind."""
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
    lines = run.stdout.strip().splitlines()
    return int(collected.group(1)), int(lines[-1]), lines[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--board", default="millionaire-classic", help="board of the plain games (default Classic)")
    parser.add_argument("--strategy", default="cautious", help="the four players' strategy (default cautious)")
    parser.add_argument("--observed", action="store_true", help="count games as a tournament observes them")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: apt-get install valgrind")
    if args.observed:
        total, games, engine = count(OBSERVED.format(games=args.games, max_rounds=args.max_rounds))
        startup, _, _ = count(STARTUP.format(board="millionaire-classic", imports="import millionaire.simulate.observe"))
        print(f"{engine}: {games} games observed as a tournament's workers play them (Classic, cautious, aggressive, "
              f"monopolist): {(total - startup) / 1e6:.0f} M instructions, {(total - startup) / games:,.0f} per game")
        return
    total, turns, engine = count(GAMES.format(games=args.games, max_rounds=args.max_rounds, board=args.board,
                                      strategy=args.strategy))
    startup, _, _ = count(STARTUP.format(board=args.board, imports=""))
    per_turn = (total - startup) / turns
    print(f"{engine}: "
          f"{turns} player-turns of {args.games} seeded games of {args.board} (4 {args.strategy} players): "
          f"{(total - startup) / 1e6:.0f} M instructions, {per_turn:,.0f} per player-turn")


if __name__ == "__main__":
    main()
