"""A school computer without internet: a fresh copy of the kit and the folder of `make offline`, the
package index out of reach, and `make install` (what `make lab` runs first) must install the kit with
every extra from the folder alone. Minutes (the engine is compiled too): `make offline-test`, which
makes the folder first when it is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDER = Path(os.environ.get("MILLIONAIRE_OFFLINE", REPO / "offline"))
#: Nothing answers here: a request to the package index fails at once.
NO_INDEX = "http://127.0.0.1:9/"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not os.environ.get("MILLIONAIRE_OFFLINE_TEST"),
                                                   reason="the offline install takes minutes: make offline-test")]


def kit_copy(target: Path) -> Path:
    """The kit's committed files, as a fresh clone has them."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, files):
        source = REPO / name.decode()
        if source.is_file():
            (target / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name.decode())
    return target


def test_make_install_takes_everything_from_the_offline_folder(tmp_path):
    if not (FOLDER / "wheels").is_dir():
        subprocess.run([sys.executable, str(REPO / "config" / "offline.py"), "--out", str(FOLDER)], check=True)
    kit = kit_copy(tmp_path / "kit")
    shutil.copytree(FOLDER, kit / "offline", symlinks=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_INDEX_URL=NO_INDEX, PIP_NO_CACHE_DIR="1", PIP_DEFAULT_TIMEOUT="2",
               PIP_RETRIES="0", MILLIONAIRE_PURE="", PYTHONPATH="")
    start = time.monotonic()
    result = subprocess.run(["make", "install", f"PYTHON={sys.executable}"], cwd=kit, env=env,
                            capture_output=True, text=True)
    took = time.monotonic() - start
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    python = kit / ".venv" / "bin" / "python"
    check = ("import millionaire, jupyterlab, voila, solara, dask.distributed, sphinx, myst_nb, nbval, playwright, "
             "axe_playwright_python; from millionaire import load_board; print(load_board('millionaire-classic').name('ru'))")
    shown = subprocess.run([str(python), "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout.strip() == "Миллионер классик", shown.stderr[-2000:]
    language = subprocess.run([str(kit / ".venv" / "bin" / "jupyter"), "lab", "--version"], env=env, capture_output=True,
                              text=True)
    assert language.returncode == 0
    print(f"offline install: {took:.0f} s")
