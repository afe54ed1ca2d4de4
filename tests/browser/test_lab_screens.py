"""Lesson 01's game table in JupyterLab on a 1366×768 projector (the commonest school size), in both
languages: after Run All and a few rounds of play, no control, column or line of the log is cut; then
the teacher switches on large text, and the board's names and the lesson's outputs grow while nothing
is cut. JupyterLab's menus are English here (the ``lab`` fixture pins them). Screenshots go to
``screenshots/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.screen import NEEDS_CHROMIUM, clipped, sideways_scroll, truncated

from millionaire import load_board
from millionaire.plotting import BoardLayout
from millionaire.widgets.common import PROJECTOR_TEXT_SCALE
from millionaire.words import word

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

REPO = Path(__file__).resolve().parents[2]
LESSONS = {"en": "notebooks/01_play_a_game.ipynb", "ru": "notebooks/ru/01_play_a_game.ipynb"}
SCREEN = {"width": 1366, "height": 768}
_SIZES = """() => ({board: document.querySelector('.mln-table .widget-image').getBoundingClientRect().width,
  output: Math.min(...[...document.querySelectorAll('.jp-OutputArea-output pre')].map(
      (node) => parseFloat(getComputedStyle(node).fontSize)))})"""


def problems_in(page, where: str) -> list[str]:
    return [f"{where}: {problem}" for problem in sideways_scroll(page) + truncated(page, ".mln-table")
            + clipped(page, ".mln-table")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_game_table_in_lab_at_1366x768_and_its_projector_text(lang, lab, browser, screenshot):
    page = browser.new_page()
    page.set_viewport_size(SCREEN)
    try:
        page.goto(lab.format(LESSONS[lang]) + "&reset", timeout=120_000)  # a fresh workspace: this lesson only
        page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=120_000)
        page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
        page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
        table = page.locator(".mln-table").first
        table.get_by_role("button", name=word(lang, "table.roll")).wait_for(timeout=120_000)
        # A few rounds by auto-play, so that the players have plots and the log is full.
        table.get_by_text(word(lang, "table.more")).click()
        board = table.locator(".widget-image").first
        before = board.get_attribute("src")
        table.get_by_role("button", name=word(lang, "table.play_rounds")).click()
        page.wait_for_function("(old) => document.querySelector('.mln-table .widget-image').src !== old", arg=before)
        table.get_by_text(word(lang, "table.more")).click()
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, f"lab_1366_{lang}_table")
        problems = problems_in(page, "normal text")
        normal = page.evaluate(_SIZES)

        table.get_by_text(word(lang, "table.more")).click()
        before = board.get_attribute("src")
        table.get_by_role("button", name=word(lang, "projector.switch")).click()
        page.wait_for_function("(old) => document.querySelector('.mln-table .widget-image').src !== old", arg=before)
        table.get_by_text(word(lang, "table.more")).click()
        page.wait_for_timeout(300)
        board.scroll_into_view_if_needed()
        screenshot(page, f"lab_1366_{lang}_projector_board")
        table.locator(".mln-side").first.scroll_into_view_if_needed()
        screenshot(page, f"lab_1366_{lang}_projector_side")
        problems += problems_in(page, "projector text")
        large = page.evaluate(_SIZES)
        names_px = BoardLayout(load_board("millionaire-classic")).name_font_px(large["board"]) * PROJECTOR_TEXT_SCALE
        if names_px < 13:
            problems.append(f"projector text: the board's names are {names_px:.1f} px (board {large['board']:.0f} px wide)")
        if large["output"] < 18 or normal["output"] >= large["output"]:
            problems.append(f"projector text: the lesson's outputs are {large['output']} px (were {normal['output']} px)")
        assert not problems, "\n".join(problems)
    finally:
        page.close()
