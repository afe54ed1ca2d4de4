"""`make lab` opens JupyterLab without its "get notified about news?" pop-up over a lesson.

The Makefile puts ``config/jupyterlab-overrides.json`` into the environment's JupyterLab settings
folder; this starts JupyterLab as a teacher would (no settings of their own) and asks it for the
notification settings it will use.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
OVERRIDES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
REPO = Path(__file__).resolve().parents[1]


def test_the_overrides_are_the_kits():
    if not OVERRIDES.exists():
        pytest.skip("JupyterLab's overrides are installed by `make install` (not by pip alone)")
    assert json.loads(OVERRIDES.read_text()) == json.loads((REPO / "config" / "jupyterlab-overrides.json").read_text())


def test_jupyterlab_starts_without_the_news_question(tmp_path):
    if not OVERRIDES.exists():
        pytest.skip("JupyterLab's overrides are installed by `make install` (not by pip alone)")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    process = subprocess.Popen([str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                                "--ServerApp.token=t", f"--ServerApp.root_dir={tmp_path}", "--allow-root"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:notification?token=t"
        deadline, settings = time.monotonic() + 90, None
        while settings is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    settings = json.loads(response.read())["schema"]["properties"]  # overrides set the defaults
            except OSError:
                time.sleep(0.5)
        assert settings is not None, "JupyterLab did not answer"
        assert settings["fetchNews"]["default"] == "false" and settings["checkForUpdates"]["default"] is False
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
