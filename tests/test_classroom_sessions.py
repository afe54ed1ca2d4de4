"""Three team pages rendered by Solara (virtual kernels, no browser) watch four bots play ten turns:
every page receives every move, in order. It runs the load benchmark small, in a process of its own
(Solara's server patches ipywidgets for its virtual kernels; the other widget tests must not share
that). The timed version, thirty pages and 200 turns, is ``benchmarks/classroom_load.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "classroom_load.py"


def test_three_pages_see_every_move_of_ten_turns():
    run = subprocess.run([sys.executable, str(BENCHMARK), "--sessions", "3", "--turns", "10", "--bot-delay", "0", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["sessions"] == 3 and result["turns"] >= 10
    assert result["moves"] >= 20, result
    assert result["missed"] == [], f"moves some page never received: {result['missed']}"
    assert result["in_order"], "a page received the moves out of order"
