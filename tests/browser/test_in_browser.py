"""Real-browser tests: the play notebook in JupyterLab and as a Voilà app, clicked in Chromium.

They use Debian's chromium (``/usr/bin/chromium``) driven by Playwright; ``.ci/run`` installs it
when missing. Without it, these tests skip with one line saying so. Screenshots go to
``screenshots/`` (ignored by git). Servers listen on 127.0.0.1 with a token and are always stopped.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "screenshots"
BIN = Path(sys.executable).parent
PLAY_NOTEBOOK = "01_play_a_game.ipynb"
TOKEN = "millionaire-test"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium not found: browser tests skipped "
                       "(install it with: apt-get install chromium)"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server(command: list[str], ready_url: str, env: dict[str, str], timeout: float = 90) -> Iterator[None]:
    """Start a server in its own process group, wait until ``ready_url`` answers, stop it after."""
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"{command[0]} stopped at start-up:\n{log.read().decode(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(ready_url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{command[0]} did not answer {ready_url} within {timeout} s")
            time.sleep(0.3)
        yield
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


@pytest.fixture()
def workdir(tmp_path: Path) -> Path:
    """Copies of the notebooks (autosave must never touch the committed ones) and quiet settings."""
    notebooks = tmp_path / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks)
    settings = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return tmp_path


@pytest.fixture()
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, viewport={"width": 1600, "height": 1200},
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"],
        )
        try:
            yield context
        finally:
            context.close()


def environment(workdir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(workdir / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(workdir / "workspaces")
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def play_a_turn(page, name: str) -> None:
    """Roll, then buy: the log and the board picture must change."""
    SHOTS.mkdir(exist_ok=True)
    try:
        roll = page.get_by_role("button", name="Roll the dice")
        roll.wait_for(state="visible", timeout=120_000)
        board = page.locator(".widget-image").first
        before = board.get_attribute("src")
        roll.click()
        buy = page.get_by_role("button", name="Buy (100)")
        buy.wait_for(state="visible", timeout=30_000)
        page.get_by_text("Anna rolls").first.wait_for(timeout=30_000)
        buy.click()
        page.get_by_text("Anna buys Bakery").first.wait_for(timeout=30_000)
        assert board.get_attribute("src") != before
    finally:
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_play_notebook_in_jupyterlab(workdir, browser):
    port = free_port()
    command = [str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={workdir / 'notebooks'}", "--allow-root"]
    with server(command, f"http://127.0.0.1:{port}/api/status?token={TOKEN}", environment(workdir)):
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/lab/tree/{PLAY_NOTEBOOK}?token={TOKEN}", timeout=120_000)
        page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
        # The kernel must be connected (status bar "Idle") before "Run All Cells" is worth clicking.
        page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=120_000)
        page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
        page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
        play_a_turn(page, "jupyterlab_play")


def test_play_notebook_as_a_voila_app(workdir, browser):
    port = free_port()
    command = [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               str(workdir / "notebooks" / PLAY_NOTEBOOK)]
    with server(command, f"http://127.0.0.1:{port}/voila/static/voila.js", environment(workdir)):
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
        play_a_turn(page, "voila_play")
        assert page.get_by_text("from millionaire.widgets import GameTable").count() == 0  # no code on show
