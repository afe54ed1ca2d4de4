"""Player-turns per CPU second, side by side in one process: the bare Python dice loop, our engine
(four `cautious` bots, four trading `monopolist` bots, events off and on) and, when a checkout of it
is given, the peer simulator gamescomputersplay/monopoly (its log off).

Run: ``python benchmarks/peer_side_by_side.py [--peer PATH] [--repeats 7] [--games 40]``.

Nothing of the peer is in this repository: ``--peer`` names a checkout of it (the folder holding
its ``monopoly/`` package and ``settings.py``); without it the peer's rows are skipped. Every
contestant plays on US Monopoly; the repetitions are interleaved (contestant after contestant, then
again), and each figure is the median over the repetitions of player-turns per CPU second
(``time.process_time``: a busy shared machine slows the wall clock, less the CPU time). The ratios
are against the peer, and the bare loop's share shows how close to the floor of any Python engine
each comes.

>>> turns, seconds = bare_loop(1_000)
>>> turns
1000
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def bare_loop(turns: int) -> tuple[int, float]:
    """The floor: a token rolls two dice and moves round a 40-cell board, in plain Python."""
    rng = random.Random(1)
    randint = rng.randint
    position = 0
    start = time.process_time()
    for _ in range(turns):
        first, second = randint(1, 6), randint(1, 6)
        position = (position + first + second) % 40
        if first == second:
            position = (position + randint(1, 6) + randint(1, 6)) % 40
    return turns, time.process_time() - start


def ours(strategy: str, events: bool, games: int) -> Callable[[int], tuple[int, float]]:
    """Our engine: ``games`` seeded games of four ``strategy`` bots, round limit 1,000."""
    from millionaire import Game, load_board

    board = load_board("monopoly-us")

    def run(repeat: int) -> tuple[int, float]:
        turns = 0
        start = time.process_time()
        for number in range(games):
            game = Game(board, agents=[strategy] * 4, seed=repeat * games + number, record_events=events)
            turns += game.run(max_rounds=1000).turns
        return turns, time.process_time() - start

    return run


def peer(path: Path, games: int) -> Callable[[int], tuple[int, float]]:
    """The peer: ``games`` of its seeded games with its default four players, its log off, every
    player's move counted as a player-turn."""
    sys.path.insert(0, str(path))
    from monopoly.core import game as peer_game  # type: ignore[import-not-found]
    from monopoly.core.player import Player  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    scratch = Path(tempfile.mkdtemp(prefix="peer-logs-"))
    LogSettings.KEEP_GAME_LOG = False
    LogSettings.EVENTS_LOG_PATH = scratch / "events.log"
    LogSettings.BANKRUPTCIES_PATH = scratch / "bankruptcies.tsv"
    peer_game.LogSettings = LogSettings
    counted = [0]
    move = Player.make_a_move

    def counting_move(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counted[0] += 1
        return move(self, *args, **kwargs)

    Player.make_a_move = counting_move

    def run(repeat: int) -> tuple[int, float]:
        counted[0] = 0
        start = time.process_time()
        for number in range(games):
            peer_game.monopoly_game((number, repeat * games + number))
        return counted[0], time.process_time() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, default=None, help="a checkout of gamescomputersplay/monopoly")
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repetitions (default 7)")
    parser.add_argument("--games", type=int, default=40, help="games per contestant and repetition (default 40)")
    args = parser.parse_args()

    from millionaire import compiled

    contestants: dict[str, Callable[[int], tuple[int, float]]] = {
        "bare Python dice loop": lambda repeat: bare_loop(200_000),
    }
    if args.peer is not None:
        if (args.peer / "monopoly" / "core" / "game.py").exists():
            contestants["peer (its bots trade)"] = peer(args.peer.resolve(), args.games)
        else:
            print(f"--peer {args.peer}: no monopoly/core/game.py there; the peer's rows are skipped")
    contestants["ours, 4 cautious, events off"] = ours("cautious", False, args.games)
    contestants["ours, 4 cautious, events on"] = ours("cautious", True, args.games)
    contestants["ours, 4 monopolist, events off"] = ours("monopolist", False, args.games)
    contestants["ours, 4 monopolist, events on"] = ours("monopolist", True, args.games)

    rates: dict[str, list[float]] = {name: [] for name in contestants}
    loads = [os.getloadavg()[0]]
    for repeat in range(args.repeats):
        for name, run in contestants.items():
            turns, seconds = run(repeat)
            rates[name].append(turns / seconds)
        loads.append(os.getloadavg()[0])
    medians = {name: statistics.median(values) for name, values in rates.items()}

    engine = f"compiled ({', '.join(compiled.IN_USE)})" if compiled.IN_USE else "Python source"
    print(f"engine: {engine}; Python {sys.version.split()[0]}; {args.repeats} interleaved repetitions, "
          f"{args.games} games each; load average {min(loads):.1f}-{max(loads):.1f}")
    reference = medians.get("peer (its bots trade)")
    floor = medians["bare Python dice loop"]
    print(f"{'':34} {'player-turns per CPU-s':>23} {'vs the peer':>12} {'of the floor':>13}")
    for name, rate in medians.items():
        versus = f"{rate / reference:12.2f}" if reference else f"{'':>12}"
        print(f"{name:34} {rate:23,.0f} {versus} {rate / floor:13.3f}")


if __name__ == "__main__":
    main()
