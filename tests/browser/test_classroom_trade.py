"""A team proposes a trade to another team from its own device, and that team accepts it on its own.

On 127.0.0.1 with Debian's chromium at 1366×768: two teams hold their seats (their secrets already in
their browsers), each owning one plot. The Foxes open "Trade with another seat", choose what they give
and what they take, and offer; the Owls' page shows the offer in words with its buttons; the Owls
accept, and every page shows the plots changed hands. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import pytest
from browser.conftest import shot
from browser.screen import NEEDS_CHROMIUM, free_port
from browser.test_classroom_class import start, stop, wait_ready

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from millionaire import load_board  # noqa: E402
from millionaire.classroom import ClassroomGame  # noqa: E402
from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]
SCREEN = {"width": 1366, "height": 768}


def team_page(browser, base: str, secret: str):
    page = browser.new_context(viewport=SCREEN).new_page()
    page.goto(base)
    page.evaluate(f"localStorage.setItem('millionaire-classroom-seat', '{secret}')")
    page.reload()
    page.locator(".mln-you").wait_for(timeout=90_000)
    return page


def test_a_team_offers_a_trade_that_another_team_accepts(tmp_path, chromium):
    store, port, log = tmp_path / "games", free_port(), tmp_path / "server.txt"
    lesson = ClassroomGame.open(store, seats=3, seed=4)
    foxes, owls = lesson.join(lesson.join_code, 0, "Лисы"), lesson.join(lesson.join_code, 1, "Совы")
    lesson.start()
    lesson.game.state.owner[1], lesson.game.state.owner[4] = 0, 1  # each team owns one plot
    lesson._commit()
    lesson.close()
    base = f"http://127.0.0.1:{port}/"
    server = start(store, port, log)
    try:
        wait_ready(base)
        fox_page, owl_page = team_page(chromium, base, foxes), team_page(chromium, base, owls)
        fox_page.locator(".mln-trade-toggle").click()
        trade = fox_page.locator(".mln-trade select")
        trade.nth(0).select_option(label="Совы")
        trade.nth(1).select_option(label=load_board("millionaire-classic").cells[1].name("ru"))
        trade.nth(2).select_option(index=0)
        shot(fox_page, "classroom_trade_form_ru")
        fox_page.locator(".mln-offer").click()
        accept = owl_page.get_by_role("button", name=word("ru", "table.accept"))
        accept.wait_for(timeout=60_000)
        assert "Лисы" in owl_page.locator(".mln-status").first.inner_text()  # the offer, in words, names who
        shot(owl_page, "classroom_trade_offered_ru")
        accept.click()
        fox_page.wait_for_function("() => document.querySelector('.mln-log').innerText.length > 0", timeout=60_000)
    finally:
        stop(server)
    after = ClassroomGame.open(store)
    try:
        assert after.game.state.owner[1] == 1 and after.game.state.owner[4] == 0
    finally:
        after.close()
