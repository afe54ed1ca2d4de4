"""Fixtures of the browser tests: servers on 127.0.0.1 with a token, and a headless chromium.

They use Debian's chromium (``/usr/bin/chromium``) driven by Playwright; ``.ci/run`` installs it
when missing. Without it, the browser tests skip with one line saying so. Servers serve copies of
the notebooks (autosave never touches the committed ones) and are always stopped.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser.screen import CHROMIUM, VIEWPORT, free_port

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "screenshots"
BIN = Path(sys.executable).parent
TOKEN = "millionaire-test"



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


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """Copies of the notebooks and the app (autosave must never touch the committed ones) and quiet
    JupyterLab settings (no news pop-up, menus in English whatever language `make lab` chose last)."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    shutil.copytree(REPO / "app", root / "app")
    lab_settings(root / "settings", "en")
    return root


def lab_settings(folder: Path, locale: str) -> None:
    """A teacher's JupyterLab settings in ``folder``: no news pop-up, the menus in ``locale`` (en, ru_RU)."""
    for plugin, values in (("apputils-extension/notification", {"fetchNews": "false", "checkForUpdates": False}),
                           ("translation-extension/plugin", {"locale": locale})):
        path = folder / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


@pytest.fixture(scope="module")
def voila(workdir) -> Iterator[str]:
    """A Voilà server over the served folder with the app's page template (as `make app` runs it);
    yields the URL of a notebook's page by its path."""
    port = free_port()
    command = [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", f"--Voila.token={TOKEN}",
               "--template=millionaire", str(workdir)]
    env = {**environment(workdir), "JUPYTER_PATH": str(workdir / "app")}
    with server(command, f"http://127.0.0.1:{port}/voila/static/voila.js", env):
        yield f"http://127.0.0.1:{port}/voila/render/{{}}?token={TOKEN}"


@pytest.fixture(scope="module")
def lab(workdir) -> Iterator[str]:
    """A JupyterLab server over the served folder; yields the URL of a notebook by its path."""
    port = free_port()
    command = [str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={workdir}", "--allow-root"]
    with server(command, f"http://127.0.0.1:{port}/api/status?token={TOKEN}", environment(workdir)):
        yield f"http://127.0.0.1:{port}/lab/tree/{{}}?token={TOKEN}"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, viewport=VIEWPORT,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"],
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture()
def chromium():
    """A headless chromium in which each test opens as many browser contexts (devices) as it needs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=["--no-sandbox", "--disable-gpu", "--no-first-run",
                                                    "--disable-background-networking", "--disable-component-update"])
        try:
            yield launched
        finally:
            launched.close()


def shot(page, name: str) -> Path:
    """Save a screenshot of what the page shows now to ``screenshots/NAME.png``."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def environment(workdir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(workdir / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(workdir / "workspaces")
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env




@pytest.fixture()
def screenshot():
    """``screenshot(page, name)`` saves what the page shows to ``screenshots/NAME.png``."""
    return shot
