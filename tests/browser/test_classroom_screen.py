"""The game as a class sees it: the app (Voilà) at 1280×800, in Russian and in English.

From the page itself: nothing scrolls sideways, no button or label is cut, the board takes at least
60% of the width, every word is in the chosen language, and a turn is played by clicks (roll, buy,
end turn, bots play) while the board and the log change. Screenshots of each step go to
``screenshots/`` (ignored by git).
"""

from __future__ import annotations

import pytest
from browser.screen import (NEEDS_CHROMIUM, VIEWPORT, board_width, settle_language, sideways_scroll, truncated, widget_texts,
                            wrong_script)

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

WORDS = {
    "ru": {"roll": "Бросить кубики", "buy": "Купить", "end": "Закончить ход", "bots": "Боты ходят до моего хода",
           "more": "Ещё: автоигра, отмена хода, крупный текст", "instant": "Боты отвечают сразу", "language": "Русский"},
    "en": {"roll": "Roll the dice", "buy": "Buy", "end": "End turn", "bots": "Bots play until my turn",
           "more": "More: auto-play, undo, large text", "instant": "Bots answer at once", "language": "English"},
}


def readable(page, lang: str) -> None:
    """Everything a class must be able to read, checked from the page."""
    problems = sideways_scroll(page) + truncated(page, ".mln-app")
    problems += [f"not in {lang}: {word}" for word in wrong_script(widget_texts(page, ".mln-app"), lang)]
    width = board_width(page)
    if width < 0.6 * VIEWPORT["width"]:
        problems.append(f"the board is {width:.0f} px wide, less than 60% of {VIEWPORT['width']} px")
    assert not problems, "\n".join(problems)


def board_and_log(page) -> tuple[str, str]:
    return (page.locator(".mln-table .widget-image").first.get_attribute("src"),
            page.locator(".mln-log").first.inner_text())


def play_a_turn(page, lang: str, screenshot) -> None:
    """Roll, buy if offered, end the turn, let the bots play: each click changes the board or the log."""
    words = WORDS[lang]
    page.get_by_role("button", name=words["roll"]).wait_for(timeout=60_000)
    screenshot(page, f"app_{lang}_1_start")
    readable(page, lang)
    # Bots wait to be asked, so that "bots play" is a click of its own.
    page.get_by_text(words["more"]).click()
    page.get_by_label(words["instant"]).uncheck()
    page.get_by_text(words["more"]).click()
    before = board_and_log(page)
    page.get_by_role("button", name=words["roll"]).click()
    page.wait_for_function("(old) => document.querySelector('.mln-log').innerText !== old", arg=before[1])
    after_roll = board_and_log(page)
    assert after_roll[0] != before[0], "the board did not change after the roll"
    screenshot(page, f"app_{lang}_2_rolled")
    readable(page, lang)
    buy = page.get_by_role("button", name=words["buy"])
    if buy.count():
        buy.first.click()
        page.wait_for_function("(old) => document.querySelector('.mln-log').innerText !== old", arg=after_roll[1])
        screenshot(page, f"app_{lang}_3_bought")
    end = page.get_by_role("button", name=words["end"])
    end.wait_for(timeout=30_000)
    end.click()
    bots = page.get_by_role("button", name=words["bots"]).first
    bots.wait_for(timeout=30_000)
    screenshot(page, f"app_{lang}_4_bots_next")
    readable(page, lang)
    waiting = board_and_log(page)
    bots.click()
    page.get_by_role("button", name=words["roll"]).wait_for(timeout=30_000)
    assert board_and_log(page) != waiting, "the bots' turns changed nothing on screen"
    screenshot(page, f"app_{lang}_5_my_turn_again")
    readable(page, lang)


def test_the_app_in_russian_then_english(voila, browser, screenshot):
    page = browser.new_page()
    page.goto(voila.format("app/play.ipynb"), timeout=120_000)
    assert page.get_by_text("PlayApp").count() == 0  # no code on show
    play_a_turn(page, "ru", screenshot)
    page.get_by_role("radio", name=WORDS["en"]["language"]).or_(page.get_by_role("button", name="English")).first.click()
    page.get_by_role("button", name=WORDS["en"]["roll"]).wait_for(timeout=30_000)
    settle_language(page, "en", ".mln-app")  # the title and the panels follow the buttons
    readable(page, "en")
    screenshot(page, "app_en_0_switched")
