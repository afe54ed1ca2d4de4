"""The one line ``make test`` prints when browser tests skip (no chromium), and nothing otherwise."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def run_pytest(tmp_path: Path, browser_test: str) -> str:
    """Run pytest on a project holding the kit's root conftest and one browser test."""
    shutil.copy(ROOT_CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "tests" / "browser").mkdir(parents=True)
    (tmp_path / "tests" / "browser" / "test_page.py").write_text(browser_test, encoding="utf-8")
    (tmp_path / "tests" / "test_plain.py").write_text("def test_plain():\n    assert True\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    return done.stdout


def test_skipped_browser_tests_are_reported_in_one_line(tmp_path):
    out = run_pytest(tmp_path, "import pytest\n\n@pytest.mark.skipif(True, reason='chromium not found')\n"
                               "def test_a():\n    pass\n\n@pytest.mark.skipif(True, reason='chromium not found')\n"
                               "def test_b():\n    pass\n")
    lines = [line for line in out.splitlines() if "browser tests skipped" in line]
    assert lines == ["2 browser tests skipped: chromium not found (apt-get install chromium runs them)"], out


def test_no_line_when_the_browser_tests_run(tmp_path):
    out = run_pytest(tmp_path, "def test_a():\n    pass\n")
    assert "browser tests skipped" not in out and "3 passed" not in out and "2 passed" in out
