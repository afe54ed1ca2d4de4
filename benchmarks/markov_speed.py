"""Markov speed: building and solving the exact movement chain, and the vectorised landing simulator.

Run: ``python benchmarks/markov_speed.py [--repeats R] [--rolls N] [--record]``. For each board it
prints the median CPU time of R runs of

- the chain: ``MovementChain(board, jail=...)`` built afresh (not :func:`movement_chain`'s cache) and
  solved for all three views, beside one LAPACK solve (``numpy.linalg.solve``) of the stationary
  equations of the same roll-to-roll matrix, and their ratio (target: at most 10); the board's rolls,
  arrivals and rule preset, which both jail strategies share, kept as a chain built again keeps them,
  and (``cold``) worked out afresh as well, as for a board's first chain;
- the simulator: ``simulate_landings`` with doubles, detention and cycled decks (no burn-in), in rolls
  per second, with each token's own shuffled decks (``cycled``, the default) and with uniform draws,
  beside plain numpy dice-and-move (no doubles, jail or cards) for scale, and the ratio of the two
  (target: at least 0.6); and what shuffling every token's decks costs, once per run.

``--record`` appends the results, with the command, to ``benchmarks/RESULTS.md``. Small matrices
gain nothing from several BLAS threads and lose when the cores are busy: ``--blas-threads 1`` sets
``OPENBLAS_NUM_THREADS`` (and the OpenMP/MKL equivalents) before numpy loads.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
BOARDS = ("millionaire-classic", "monopoly-us")
SECTION = "## Markov chain and landing simulator (`benchmarks/markov_speed.py`)"


def median_time(run, repeats: int) -> float:
    """The median CPU time of ``repeats`` calls of ``run``: on a shared machine a run the scheduler
    sets aside for a time slice keeps its CPU time (its wall time would jump by milliseconds)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rolls", type=int, default=10**7, help="rolls per simulator run (default 10^7)")
    parser.add_argument("--tokens", type=int, default=100_000, help="tokens moved together (default 10^5)")
    parser.add_argument("--blas-threads", type=int, default=None, help="BLAS threads (default: the library's)")
    parser.add_argument("--record", action="store_true", help="append the results to benchmarks/RESULTS.md")
    args = parser.parse_args()
    if args.blas_threads is not None:
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[name] = str(args.blas_threads)

    import numpy as np

    from millionaire import load_board
    from millionaire.landing_sim import DECK_MODES, _Decks, _Tables, simulate_landings
    from millionaire.markov import _MOVES, _PRESETS, VIEWS, CardPolicy, MovementChain
    from millionaire.rules import RuleSet

    def plain_dice(rolls: int, tokens: int) -> None:
        rng = np.random.default_rng(0)
        totals = np.array([a + b for a in range(1, 7) for b in range(1, 7)])
        position = np.zeros(tokens, dtype=np.int64)
        counts = np.zeros(40, dtype=np.int64)
        for _ in range(-(-rolls // tokens)):
            position = (position + totals.take(rng.integers(0, 36, size=tokens))) % 40
            counts += np.bincount(position, minlength=40)

    lines = []
    simulated: dict[tuple[str, str], float] = {}
    shuffles: dict[str, float] = {}
    for name in BOARDS:
        board = load_board(name)
        for jail in ("short", "long"):
            def solve() -> None:
                chain = MovementChain(board, jail=jail)
                for per in VIEWS:
                    chain.probabilities(per)

            matrix = MovementChain(board, jail=jail).roll_chain.P
            equations = matrix.T - np.eye(matrix.shape[0])
            equations[-1] = 1.0  # pi (P - I) = 0 with the last equation replaced by sum(pi) = 1
            right = np.zeros(matrix.shape[0])
            right[-1] = 1.0
            # Interleaved, so that a busy machine slows both sides of a ratio alike: in each repetition
            # a build, a board's first build and the median of 20 LAPACK solves. Before a first build the
            # kept rolls and arrivals are dropped (and freed) outside the clock.
            times: dict[str, list[float]] = {"warm": [], "cold": [], "lapack": []}
            for _ in range(args.repeats):
                times["warm"].append(median_time(solve, 1))
                _MOVES.clear()
                _PRESETS.clear()
                times["cold"].append(median_time(solve, 1))
                times["lapack"].append(median_time(lambda: np.linalg.solve(equations, right), 20))
            seconds, cold, lapack = (statistics.median(times[key]) for key in ("warm", "cold", "lapack"))
            ratio, cold_ratio = (statistics.median(t / one for t, one in zip(times[key], times["lapack"]))
                                 for key in ("warm", "cold"))
            lines.append(f"chain      {name:<20} jail {jail:<5} build + solve {1000 * seconds:6.2f} ms, "
                         f"one LAPACK solve ({matrix.shape[0]} states) {1e6 * lapack:5.0f} us, "
                         f"ratio {ratio:5.1f}; cold {1000 * cold:6.2f} ms, ratio {cold_ratio:5.1f} "
                         f"(medians of {args.repeats})")
        for decks in DECK_MODES:
            simulated[name, decks] = median_time(lambda: simulate_landings(
                board, rolls=args.rolls, tokens=args.tokens, burn_in=0, decks=decks, seed=1), args.repeats)
        tables = _Tables(board, RuleSet.for_board(board.key), "short", CardPolicy())
        shuffles[name] = median_time(lambda: _Decks(tables, tables.deck_at, args.tokens, "cycled", np.random.default_rng(1)), args.repeats)
    floor = median_time(lambda: plain_dice(args.rolls, args.tokens), args.repeats)
    for (name, decks), seconds in simulated.items():
        lines.append(f"simulator  {name:<20} jail short {args.rolls / seconds:12.3g} rolls/s, "
                     f"{floor / seconds:.2f} of the floor (median of {args.repeats} runs of {args.rolls:.0e} rolls, "
                     f"{args.tokens} tokens, {decks} decks)")
    for name, seconds in shuffles.items():
        lines.append(f"shuffle    {name:<20} every token's decks {1000 * seconds:7.1f} ms, "
                     f"{seconds / floor:.2f} of the floor's whole run (part of each cycled-decks run)")
    lines.append(f"floor      plain numpy dice-and-move        {args.rolls / floor:12.3g} rolls/s "
                 f"(no doubles, jail or cards)")
    print("\n".join(lines))
    if args.record:
        command = "python benchmarks/" + " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])
        blas = os.environ.get("OPENBLAS_NUM_THREADS", "default")
        header = "" if RESULTS.is_file() else "# Benchmark results\n\nEach section: the command, the machine, the medians.\n"
        if SECTION not in (RESULTS.read_text(encoding="utf-8") if RESULTS.is_file() else ""):
            header += f"\n{SECTION}\n\nTargets: chain build + solve under 50 ms per board; simulator at least 10^7 rolls/s.\n"
        with RESULTS.open("a", encoding="utf-8") as out:
            out.write(f"{header}\n{date.today()}, `{command}`, Python {platform.python_version()}, numpy "
                      f"{np.__version__}, {os.cpu_count()} CPUs, BLAS threads {blas}, "
                      f"load average {os.getloadavg()[0]:.1f}:\n\n```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
