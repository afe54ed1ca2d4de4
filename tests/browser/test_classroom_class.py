"""The classroom pages as a class meets them: a phone, the keyboard, a screen reader, a restart.

On 127.0.0.1 with Debian's chromium: a team joins from a phone (390×844) with the free seat already
chosen and the form above the board; a refused code shows its message on the phone's screen; the
seated team's money and decision come first. Another team joins and rolls by keyboard alone. The
team and teacher pages pass axe-core (no serious or critical violation) in both languages at
1366×768. Before the start, tokens say "free seat", not the seat names' first letter; an English
page names the bots in English. The server is stopped and started again: the page says so in its
language and reloads itself, back at the team's seat. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest
from browser.conftest import environment, shot
from browser.screen import NEEDS_CHROMIUM, free_port

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed (the test group)")

from axe_playwright_python.sync_playwright import Axe  # noqa: E402

from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1366, "height": 768}


def start(store, port, log):
    command = [sys.executable, "-m", "millionaire.classroom", "--store", str(store), "--port", str(port),
               "--bot-delay", "0.3", "--seats", "3", "--seed", "4"]
    with open(log, "ab") as output:
        return subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment(store.parent),
                                start_new_session=True)


def wait_ready(url: str, timeout: float = 90) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"no answer from {url}")


def stop(process) -> None:
    import os
    import signal

    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def serious(page) -> list[str]:
    """axe-core's serious and critical violations on the page, each with where."""
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {', '.join(n['target'][0] for n in v['nodes'][:3])}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def inside_window(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0


def test_a_class_on_phones_keyboards_and_screen_readers(tmp_path, chromium):
    store, port, log = tmp_path / "games", free_port(), tmp_path / "server.txt"
    base = f"http://127.0.0.1:{port}/"
    server = start(store, port, log)
    try:
        wait_ready(base)
        printed = log.read_text(encoding="utf-8")
        code = re.search(r"кодом (\d+)", printed).group(1)
        link = re.search(r"(http://\S+/teacher\?key=\S+)", printed).group(1)

        # a phone: the form comes first, the first free seat is already chosen
        phone = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(base)
        phone.locator(".mln-join-button").wait_for(timeout=90_000)
        chosen = phone.locator(".mln-seats .v-btn--active, .mln-seats .v-item--active")
        assert chosen.count() == 1 and word("ru", "classroom.seat_free", seat=1) in chosen.first.inner_text()
        assert inside_window(phone, ".mln-join-button"), "the join button is below the phone's screen"
        phone.get_by_label(word("ru", "classroom.code")).fill("000000" if code != "000000" else "111111")
        phone.get_by_label(word("ru", "classroom.team")).fill("Лисы")
        phone.get_by_role("button", name=word("ru", "classroom.join")).click()
        phone.locator(".mln-message").first.wait_for(timeout=30_000)
        assert inside_window(phone, ".mln-message"), "the refusal is off the phone's screen"
        shot(phone, "classroom_phone_refused_ru")
        phone.get_by_label(word("ru", "classroom.code")).fill(code)
        phone.get_by_role("button", name=word("ru", "classroom.join")).click()
        phone.locator(".mln-money").wait_for(timeout=30_000)
        assert inside_window(phone, ".mln-money") and inside_window(phone, ".mln-you")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the phone shows the board zoomed on the team's token (on START, the bottom right corner)
        phone.wait_for_function("() => getComputedStyle(document.querySelector('.mln-board-box img')).transform"
                                ".startsWith('matrix(1.8')", timeout=30_000)
        origin = phone.locator(".mln-board-box img").first.evaluate("img => getComputedStyle(img).transformOrigin")
        across, down = (float(value.rstrip("px")) for value in origin.split()[:2])
        width = phone.locator(".mln-board-box img").first.bounding_box()["width"] / 1.8
        assert across > 0.8 * width and down > 0.8 * width, origin  # START's corner
        shot(phone, "classroom_phone_zoomed_ru")

        # a laptop joins seat 2 by keyboard alone
        laptop_context = chromium.new_context(viewport=PROJECTOR)
        laptop = laptop_context.new_page()
        laptop.goto(base)
        laptop.locator(".mln-join-button").wait_for(timeout=90_000)
        chosen = laptop.locator(".mln-seats .v-btn--active, .mln-seats .v-item--active")
        assert word("ru", "classroom.seat_free", seat=2) in chosen.first.inner_text()  # seat 1 is taken
        laptop.get_by_label(word("ru", "classroom.code")).focus()
        laptop.keyboard.type(code, delay=120)  # as fast as a pupil types
        laptop.keyboard.press("Tab")
        for _ in range(12):  # Tab along the seats to the team's name
            if laptop.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.id || ''") and \
                    laptop.evaluate("document.activeElement.tagName") == "INPUT":
                break
            laptop.keyboard.press("Tab")
        laptop.keyboard.type("Совы", delay=120)
        laptop.keyboard.press("Tab")
        assert laptop.evaluate("document.activeElement.innerText").strip() == word("ru", "classroom.join")
        laptop.keyboard.press("Enter")
        laptop.locator(".mln-you").wait_for(timeout=30_000)

        # before the start: the free seat's token and name say so; every page passes axe-core
        teacher_context = chromium.new_context(viewport=PROJECTOR)
        teacher = teacher_context.new_page()
        teacher.goto(link)
        teacher.locator(".mln-code").wait_for(timeout=90_000)
        assert word("ru", "classroom.token_free", seat=3) in teacher.locator(".mln-players").inner_text()
        assert not serious(teacher), serious(teacher)
        assert not serious(laptop), serious(laptop)
        start_button = teacher.get_by_role("button", name=word("ru", "classroom.start"))
        assert start_button.get_attribute("title") == word("ru", "classroom.tip_start")
        start_button.click()
        laptop.get_by_role("button", name="English").click()
        laptop.get_by_text(word("en", "classroom.bot_name", seat=3)).first.wait_for(timeout=30_000)
        assert "Бот" not in laptop.locator(".mln-players").inner_text()
        assert not serious(laptop), serious(laptop)
        shot(laptop, "classroom_team_en_1366")

        # the phone's team plays by taps until the laptop's turn comes; the laptop rolls by keyboard
        roll = laptop.get_by_role("button", name=word("en", "table.roll"))
        deadline = time.monotonic() + 120
        while not roll.count():
            assert time.monotonic() < deadline, "the laptop's turn never came"
            buttons = phone.locator(".mln-side .mln-actions button")
            if buttons.count():
                buttons.first.click()
            time.sleep(0.5)
        before = laptop.locator(".mln-status").first.get_attribute("data-version")
        roll.focus()
        laptop.keyboard.press("Enter")
        laptop.wait_for_function(f"() => document.querySelector('.mln-status').dataset.version !== '{before}'",
                                 timeout=30_000)
        assert laptop.locator(".mln-log").inner_text().count("Совы") >= 1

        # the server goes away and comes back: the page says so in its language and reloads itself
        stop(server)
        laptop.get_by_text(word("en", "classroom.reconnecting")).wait_for(timeout=60_000)
        phone.get_by_text(word("ru", "classroom.reconnecting")).wait_for(timeout=60_000)
        shot(phone, "classroom_phone_reconnecting_ru")
        server = start(store, port, log)
        phone.locator(".mln-you").wait_for(timeout=120_000)
        laptop.locator(".mln-you").wait_for(timeout=120_000)
        assert "Лисы" in phone.locator(".mln-you").inner_text() and "Совы" in laptop.locator(".mln-you").inner_text()
        shot(phone, "classroom_phone_back_ru")
    finally:
        stop(server)
