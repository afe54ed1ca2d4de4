"""Class data loading: a large CSV as Russian Excel saves it, read by ``load_class_data``.

Run: ``python benchmarks/class_data_load.py [--megabytes M] [--repeats R] [--record]``. It writes, in a
temporary folder, a file of about M megabytes (default 15) as Russian Excel saves CSV (Windows-1251,
semicolons, two empty columns after the last one, CRLF, an empty row after each group), and the same
text as UTF-8 with its byte order mark (larger: a Cyrillic letter takes two bytes). The file holds
whole groups of the Russian template (36 pairs of faces, 40 cells, detentions) with random counts.
It prints the median of R loads (wall and CPU time) of each, and checks that both give the same tallies.

``--record`` appends the results, with the command, to ``benchmarks/RESULTS.md``.
Target: a 15 MB file loads in under 5 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
SECTION = "## Class data loading (`benchmarks/class_data_load.py`)"


def class_file(megabytes: float, separator: str = ";", trailing: int = 2, seed: int = 1) -> str:
    """Whole groups of the Russian template's tallies until the text reaches ``megabytes`` in Windows-1251."""
    import random

    rng = random.Random(seed)
    heading, kinds = ("группа", "вид", "кубик1", "кубик2", "клетка", "число"), ("кубики", "клетка", "задержание")
    letters = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЭЮЯ"
    tail = separator * trailing
    lines = [separator.join(heading) + tail]
    size, group = 0, 0
    while size < megabytes * 1e6:
        name = f"{letters[group % len(letters)]}{group // len(letters) + 1}"
        rows = [(name, kinds[0], str(a), str(b), "", str(rng.randrange(200))) for a in range(1, 7) for b in range(1, 7)]
        rows += [(name, kinds[1], "", "", str(cell), str(rng.randrange(200))) for cell in range(40)]
        rows.append((name, kinds[2], "", "", "", str(rng.randrange(50))))
        block = [separator.join(row) + tail for row in rows] + [separator * (5 + trailing)]
        size += sum(len(line) + 2 for line in block)  # one byte a letter in Windows-1251
        lines += block
        group += 1
    return "\r\n".join(lines) + "\r\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=15.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--record", action="store_true", help="append the results to benchmarks/RESULTS.md")
    args = parser.parse_args()

    from millionaire import load_board
    from millionaire.class_data import load_class_data

    board = load_board("millionaire-classic")
    lines, loaded = [], []
    with tempfile.TemporaryDirectory() as folder:
        text = class_file(args.megabytes)
        for label, encoding in (("Russian Excel CSV (cp1251, ;)", "cp1251"), ("the same as UTF-8 with BOM", "utf-8-sig")):
            path = Path(folder, f"class_{encoding}.csv")
            path.write_bytes(text.encode(encoding))
            walls, cpus = [], []
            for _ in range(args.repeats):
                wall, cpu = time.perf_counter(), time.process_time()
                data = load_class_data(path, board, lang="ru")
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            loaded.append(data)
            megabytes = path.stat().st_size / 1e6
            wall = statistics.median(walls)
            rows = path.read_bytes().count(b"\n")
            lines.append(f"{label:<30} {megabytes:5.1f} MB, {rows:,} rows, {len(data.groups):,} groups: "
                         f"median {wall:.2f} s wall, {statistics.median(cpus):.2f} s CPU of {args.repeats} loads "
                         f"({megabytes / wall:.1f} MB/s)")
    same = (loaded[0].pairs == loaded[1].pairs).all() and (loaded[0].landings == loaded[1].landings).all()
    lines.append(f"both give the same tallies: {bool(same)}; {loaded[0].rolls:,} rolls, "
                 f"{loaded[0].landing_count:,} landings")
    print("\n".join(lines))
    if args.record:
        command = "python benchmarks/" + " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])
        text = RESULTS.read_text(encoding="utf-8")
        header = "" if SECTION in text else f"\n{SECTION}\n\nTarget: a 15 MB class data file loads in under 5 s.\n"
        with RESULTS.open("a", encoding="utf-8") as out:
            out.write(f"{header}\n{date.today()}, `{command}`, Python {platform.python_version()}, {os.cpu_count()} "
                      f"CPUs, load average {os.getloadavg()[0]:.1f}:\n\n```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
