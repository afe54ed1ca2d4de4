"""Two tables of two team pages each and the projector, rendered by Solara (virtual kernels, no
browser), while the teams play ten turns a table: every page of a table and the projector receive
every move of it, in order. It runs the load benchmark small, in a process of its own (Solara's
server patches ipywidgets for its virtual kernels; the other widget tests must not share that). The
timed version, eight tables of five devices, is ``benchmarks/classroom_load.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "classroom_load.py"


def test_every_page_of_two_tables_and_the_projector_see_every_move():
    run = subprocess.run([sys.executable, str(BENCHMARK), "--tables", "2", "--devices", "2", "--turns", "10", "--delay", "0",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert (result["tables"], result["devices"]) == (2, 2) and result["turns"] >= 10
    assert result["moves"] >= 40, result
    assert result["missed"] == [], f"moves some page never received: {result['missed']}"
    assert result["in_order"], "a page received the moves out of order"
