"""Lesson 01 in JupyterLab at 1280×800, in English and (where it exists) in Russian: run all cells, then
play a turn on its game table by clicks; and the app's server refuses a visitor without its token.

The page must not scroll sideways, no control of the table may be cut, and the table speaks the
lesson's language. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser.screen import NEEDS_CHROMIUM, free_port, sideways_scroll, truncated, widget_texts, wrong_script

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

REPO = Path(__file__).resolve().parents[2]
LESSONS = {"en": "notebooks/01_play_a_game.ipynb", "ru": "notebooks/ru/01_play_a_game.ipynb"}
ROLL = {"en": "Roll the dice", "ru": "Бросить кубики"}
BUY = {"en": "Buy", "ru": "Купить"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson_01_in_jupyterlab(lang, lab, browser, screenshot):
    if not (REPO / LESSONS[lang]).exists():
        pytest.skip(f"{LESSONS[lang]} is not in the kit")
    page = browser.new_page()
    page.goto(lab.format(LESSONS[lang]), timeout=120_000)
    page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
    # The kernel must be connected (status bar "Idle") before "Run All Cells" is worth clicking.
    page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    roll = page.get_by_role("button", name=ROLL[lang]).first
    roll.wait_for(state="attached", timeout=120_000)
    roll.scroll_into_view_if_needed()
    table = page.locator(".mln-table").first
    screenshot(page, f"lab_01_{lang}_table")
    problems = sideways_scroll(page) + truncated(page, ".mln-table")
    problems += [f"not in {lang}: {w}" for w in wrong_script(widget_texts(page, ".mln-table"), lang)]
    assert not problems, "\n".join(problems)
    board = table.locator(".widget-image").first
    before = board.get_attribute("src")
    roll.click()
    page.wait_for_function("(old) => document.querySelector('.mln-table .widget-image').src !== old", arg=before)
    buy = table.get_by_role("button", name=BUY[lang])
    if buy.count():
        buy.first.click()
    screenshot(page, f"lab_01_{lang}_played")
    assert board.get_attribute("src") != before


def test_the_app_server_refuses_a_visitor_without_its_token(workdir):
    """`make app` as the Makefile writes it: the address it prints carries a token, and without it
    the page is not served."""
    recipe = re.search(r"^app:.*\n\t(.+)$", (REPO / "Makefile").read_text(), re.M).group(1)
    command = recipe.replace("$(BIN)", str(Path(sys.executable).parent)).replace("$(APP_ARGS)", "").split()
    command += ["--no-browser", f"--port={free_port()}"]
    env = dict(os.environ)
    while "=" in command[0]:  # the recipe's environment, e.g. JUPYTER_PATH=app
        name, value = command.pop(0).split("=", 1)
        env[name] = value
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    try:
        address, printed, deadline = None, [], time.monotonic() + 90
        while address is None and time.monotonic() < deadline:
            try:
                printed.append(lines.get(timeout=1))
            except queue.Empty:
                continue
            match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=\w+)", printed[-1])
            address = match.group(1) if match else None
        assert address, "voila printed no address with a token:\n" + "".join(printed[-20:])
        assert "0.0.0.0" not in " ".join(command)
        with urllib.request.urlopen(address, timeout=60) as response:
            assert response.status == 200
        opener = urllib.request.build_opener(NoRedirect())
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(address.split("?")[0], timeout=60)
        assert refused.value.code in (302, 403)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Show a redirect (to the login page) as what it is instead of following it."""

    def redirect_request(self, *args, **kwargs):
        return None
