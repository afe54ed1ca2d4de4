"""Every explorer and lab as it appears in its lesson, in both languages, at 1280×800 (Voilà shows
a lesson's outputs and widgets as JupyterLab's notebook column does, without the code).

For each lesson that carries a widget: the page does not scroll sideways, no widget is wider
than its column, no button or label is cut, and every word is in the lesson's language.
Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.screen import NEEDS_CHROMIUM, sideways_scroll, truncated, widget_texts, wrong_script

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

REPO = Path(__file__).resolve().parents[2]
#: One lesson for each kind of widget.
LESSONS = ["03_markov_landing", "04_rent_and_returns", "05_mortgage_and_credit", "07_jackpot_and_gambling",
           "08_strategy_tournament", "14_junior_park"]
WIDER_THAN_COLUMN = """(root) => [...root.querySelectorAll('.mln-widget')].filter(
    (node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.className + ' ' + node.scrollWidth + '>' + node.clientWidth)"""


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lessons_widget_reads_well(lesson, lang, voila, browser, screenshot):
    path = f"notebooks/{lesson}.ipynb" if lang == "en" else f"notebooks/ru/{lesson}.ipynb"
    if not (REPO / path).exists():
        pytest.skip(f"{path} is not in the kit")
    page = browser.new_page()
    try:
        page.goto(voila.format(path), timeout=180_000)
        widget = page.locator(".mln-widget").first
        widget.wait_for(timeout=180_000)
        page.wait_for_timeout(500)  # images of the widget arrive just after it
        widget.scroll_into_view_if_needed()
        screenshot(page, f"lesson_{lesson}_{lang}")
        problems = sideways_scroll(page) + page.locator("body").evaluate(WIDER_THAN_COLUMN)
        for index in range(page.locator(".mln-widget").count()):
            selector = f".mln-widget >> nth={index}"
            problems += truncated(page, selector)
            problems += [f"not in {lang}: {w}" for w in wrong_script(widget_texts(page, selector), lang)]
        assert not problems, "\n".join(problems)
    finally:
        page.close()
