"""A lesson as `make lab` opens it: JupyterLab in the lesson's language, the lesson trusted and not
marked changed, and each widget cell saying in the lesson's language to run it (not a developer's
``GameTable(...)``) until it runs. The server is started the way the Makefile's ``lab`` recipe does:
the lessons signed with ``jupyter trust`` into a signature file of its own, the menus' language set.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser.conftest import REPO, TOKEN, environment, lab_settings, server
from browser.screen import NEEDS_CHROMIUM, free_port

from millionaire.words import word

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

BIN = Path(sys.executable).parent
LESSON = {"en": "14_junior_park.ipynb", "ru": "ru/14_junior_park.ipynb"}
LOCALE = {"en": "en", "ru": "ru_RU"}
#: JupyterLab's status-bar words for a notebook whose every code cell is trusted.
TRUSTED = {"en": r"Notebook trusted: (\d+) of \1 code cells trusted", "ru": r"Блокнот является доверенным: (\d+) из \1"}
FILE_MENU = {"en": "File", "ru": "Файл"}


def _notary(folder: Path) -> list[str]:
    """The Makefile's NOTARY options, with the signature files in ``folder`` instead of .venv."""
    recipe = re.search(r"^NOTARY = (.+?)\n(?=\S)", (REPO / "Makefile").read_text(), re.M | re.S).group(1)
    return [option.replace("$(VENV)/share/jupyter", str(folder)) for option in recipe.replace("\\\n", " ").split()]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_lesson_opens_trusted_unchanged_and_says_to_run_its_widget(lang, browser, tmp_path, screenshot):
    shutil.copytree(REPO / "notebooks", tmp_path / "notebooks")
    lab_settings(tmp_path / "settings", LOCALE[lang])
    notary = _notary(tmp_path)
    env = environment(tmp_path)
    subprocess.run([str(BIN / "jupyter"), "trust", *notary, str(tmp_path / "notebooks" / LESSON[lang])],
                   check=True, capture_output=True, env=env)
    port = free_port()
    command = [str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={tmp_path / 'notebooks'}", "--allow-root", *notary]
    with server(command, f"http://127.0.0.1:{port}/api/status?token={TOKEN}", env):
        page = browser.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(f"http://127.0.0.1:{port}/lab/tree/{LESSON[lang]}?token={TOKEN}", timeout=120_000)
        page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
        page.locator(f".lm-MenuBar-itemLabel:text-is('{FILE_MENU[lang]}')").wait_for()
        time.sleep(4)  # the kernel starts and reports its language: nothing of that may mark the lesson changed
        assert page.locator(".lm-TabBar-tab.jp-mod-current.jp-mod-dirty").count() == 0, "opened as changed"
        titles = page.locator("#jp-main-statusbar [title]").evaluate_all("nodes => nodes.map(n => n.title)")
        assert any(re.search(TRUSTED[lang], title) for title in titles), f"not trusted: {titles}"
        sentence = word(lang, "until_run.board")
        cell = page.locator(".jp-CodeCell", has_text=sentence).first
        cell.scroll_into_view_if_needed()
        output = cell.locator(".jp-OutputArea-output").first
        shown, deadline = "", time.monotonic() + 20
        while shown != sentence and time.monotonic() < deadline:  # the notebook draws a cell once in view
            time.sleep(0.5)
            shown = output.inner_text().strip()
        output.scroll_into_view_if_needed()
        screenshot(page, f"lab_opened_14_{lang}")
        assert shown == sentence
        page.close()
