"""``make app`` frees the kernels of closed pages: config/voila.json culls them, and the Makefile uses it.

The culling itself is measured by ``benchmarks/app_kernels.py`` (Voilà started as ``make app`` starts
it, eight page loads, every kernel gone after the idle time).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_voila_culls_the_kernels_of_closed_pages():
    settings = json.loads((REPO / "config" / "voila.json").read_text())["MappingKernelManager"]
    assert 0 < settings["cull_idle_timeout"] <= 300 and 0 < settings["cull_interval"] <= settings["cull_idle_timeout"]
    assert settings["cull_connected"] is False  # a page still open keeps its game


def test_make_app_reads_that_file():
    app = re.search(r"^app:.*\n\t(.+)$", (REPO / "Makefile").read_text(), re.M).group(1)
    assert "--Voila.config_file_paths=$(CURDIR)/config" in app and "--Voila.ip=127.0.0.1" in app
