"""Project-wide pytest hooks: a summary of the slowest notebooks (nbval runs each cell as a test), and
one line when browser tests were skipped (no chromium on this machine), the only skips ``make test``
expects."""

from __future__ import annotations

import importlib.util
from collections import defaultdict

# millionaire/envs.py needs the optional group rl: without it its doctests are not collected (tests/test_envs.py
# says why it is skipped).
collect_ignore = [] if all(importlib.util.find_spec(name) for name in ("gymnasium", "pettingzoo")) else ["millionaire/envs.py"]

_NOTEBOOK_SECONDS: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report):
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _NOTEBOOK_SECONDS[path] += report.duration


def pytest_terminal_summary(terminalreporter):
    browser = [r for r in terminalreporter.stats.get("skipped", []) if "tests/browser/" in r.nodeid.replace("\\", "/")]
    if browser:
        terminalreporter.write_line(f"{len(browser)} browser tests skipped: chromium not found "
                                    "(apt-get install chromium runs them)")
    if not _NOTEBOOK_SECONDS:
        return
    total = sum(_NOTEBOOK_SECONDS.values())
    terminalreporter.section("slowest notebooks (all cells, seconds)")
    for path, seconds in sorted(_NOTEBOOK_SECONDS.items(), key=lambda item: -item[1])[:5]:
        terminalreporter.write_line(f"{seconds:6.1f}  {path}")
    terminalreporter.write_line(f"{total:6.1f}  all {len(_NOTEBOOK_SECONDS)} notebooks")
