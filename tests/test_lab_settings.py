"""`make lab` opens JupyterLab in the course's language, without its "get notified about news?" pop-up.

The Makefile writes ``config/lab_settings.py``'s overrides (``config/jupyterlab-overrides.json`` plus
the language of the menus) into the environment's JupyterLab settings folder before it starts
JupyterLab: Russian for ``make lab``, English for ``make lab-en``. These tests start JupyterLab as a
teacher would (no settings of their own) on such a folder and ask it for the settings it will use
and for the words of its save prompt.
"""

from __future__ import annotations

import importlib.util
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
_spec = importlib.util.spec_from_file_location("lab_settings", REPO / "config" / "lab_settings.py")
lab_settings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lab_settings)

#: The question JupyterLab asks when a changed notebook is closed, and its Russian translation.
SAVE_PROMPT = 'Save changes in "%1" before closing?'


def test_the_installed_overrides_are_the_kits():
    if not OVERRIDES.exists():
        pytest.skip("JupyterLab's overrides are installed by `make install` (not by pip alone)")
    installed = json.loads(OVERRIDES.read_text())
    assert installed in [lab_settings.overrides(lang) for lang in lab_settings.LOCALES]


@pytest.mark.parametrize(("lang", "locale"), [("ru", "ru_RU"), ("en", "en")])
def test_the_command_writes_the_kits_settings_in_one_language(tmp_path, lang, locale):
    dest = tmp_path / "settings" / "overrides.json"
    assert lab_settings.main([lang, str(dest)]) == 0
    written = json.loads(dest.read_text(encoding="utf-8"))
    assert written["@jupyterlab/translation-extension:plugin"] == {"locale": locale}
    assert written["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}


def test_an_unknown_language_is_refused_and_nothing_written(tmp_path, capsys):
    dest = tmp_path / "overrides.json"
    assert lab_settings.main(["fr", str(dest)]) == 2
    assert capsys.readouterr().err.strip() == "lab_settings.py: language 'fr': the kit's JupyterLab speaks en or ru"
    assert not dest.exists()


def _get(url: str, deadline: float) -> dict:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.loads(response.read())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_jupyterlab_starts_in_the_chosen_language_without_the_news_question(tmp_path, lang):
    if not (BIN / "jupyter-lab").exists():
        pytest.skip("JupyterLab is in the `lab` extra")
    app_settings = tmp_path / "app-settings"
    assert lab_settings.main([lang, str(app_settings / "overrides.json")]) == 0
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    process = subprocess.Popen([str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                                "--ServerApp.token=t", f"--ServerApp.root_dir={tmp_path}", "--allow-root",
                                f"--LabApp.app_settings_dir={app_settings}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        api, deadline = f"http://127.0.0.1:{port}/lab/api", time.monotonic() + 90
        news = _get(f"{api}/settings/@jupyterlab/apputils-extension:notification?token=t", deadline)
        news = news["schema"]["properties"]  # overrides set the defaults
        assert news["fetchNews"]["default"] == "false" and news["checkForUpdates"]["default"] is False
        language = _get(f"{api}/settings/@jupyterlab/translation-extension:plugin?token=t", deadline)
        assert language["schema"]["properties"]["locale"]["default"] == lab_settings.LOCALES[lang]
        if lang == "ru":
            assert "ru_RU" in _get(f"{api}/translations/?token=t", deadline)["data"], "the Russian language pack"
            words = _get(f"{api}/translations/ru_RU?token=t", deadline)["data"]["jupyterlab"]
            assert words[SAVE_PROMPT] == ['Сохранить изменения в "%1" перед закрытием?']
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
