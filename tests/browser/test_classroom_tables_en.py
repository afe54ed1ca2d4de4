"""A lesson of eight tables in English in a real browser, at 1280×800, 1366×768 and 1920×1080: the join
page, a team's page at its table, the overview of every table, one table, the results and a
prediction round. At each step: nothing scrolls sideways, no button or label is cut, no word of
Russian is left, nothing is cut by the box around it, and the board's overlay (what the moves
change) lies exactly over the board's picture.

On 127.0.0.1 with Debian's chromium. Screenshots go to ``screenshots/classroom_en_*``.
"""

from __future__ import annotations

import re
import time

import pytest
from browser.conftest import shot
from browser.screen import NEEDS_CHROMIUM, clipped, free_port, sideways_scroll, truncated, widget_texts, wrong_script
from browser.test_classroom_class import stop, wait_ready
from browser.test_classroom_tables import start

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

SIZES = [{"width": 1280, "height": 800}, {"width": 1366, "height": 768}, {"width": 1920, "height": 1080}]
TREATMENTS = "standard,no_start_income,rich_start,no_monopoly_doubling,standard,no_start_income,rich_start,standard"

_MISPLACED = """() => {
  // each board's overlay must cover its picture exactly (to a pixel)
  const found = [];
  for (const box of document.querySelectorAll('.mln-board-box')) {
    const picture = box.querySelector('img'), drawing = box.querySelector('.mln-board-overlay svg');
    if (!picture || !drawing) { found.push('a board without ' + (picture ? 'its overlay' : 'its picture')); continue; }
    const a = picture.getBoundingClientRect(), b = drawing.getBoundingClientRect();
    if (a.width === 0) continue;
    if (Math.abs(a.left - b.left) > 1 || Math.abs(a.top - b.top) > 1 || Math.abs(a.width - b.width) > 1
        || Math.abs(a.height - b.height) > 1) {
      found.push('overlay ' + [b.left, b.top, b.width, b.height].map(Math.round) + ' over picture '
                 + [a.left, a.top, a.width, a.height].map(Math.round));
    }
  }
  return found;
}"""


def english(page) -> None:
    page.locator(".mln-language").get_by_text("English", exact=True).click()
    page.locator("html[lang='en']").wait_for(state="attached", timeout=30_000)


def problems(page, step: str) -> list[str]:
    """What is wrong with what the page shows now, each named by the step; a screenshot of it."""
    name = f"classroom_en_{step}_{page.viewport_size['width']}"
    shot(page, name)
    window = f"in 0..{page.viewport_size['width']} x 0..{page.viewport_size['height']}"
    found = sideways_scroll(page) + truncated(page, ".mln-page")
    found += [cut for cut in clipped(page, ".mln-page") if not cut.endswith(window)]  # below the fold: the page scrolls
    found += [f"not in English: {text}" for text in wrong_script(widget_texts(page, ".mln-page"), "en")]
    found += page.evaluate(_MISPLACED)
    return [f"{name}: {problem}" for problem in found]


def test_a_lesson_of_eight_tables_in_english(tmp_path, chromium):
    store, port, log = tmp_path / "games", free_port(), tmp_path / "server.txt"
    base = f"http://127.0.0.1:{port}/"
    server = start(store, port, log, "--tables", "8", "--treatments", TREATMENTS, "--lang", "en")
    found: list[str] = []
    try:
        wait_ready(base)
        printed = log.read_text(encoding="utf-8")
        code = re.search(r"with the code (\d+)", printed).group(1)
        link = re.search(r"(http://\S+/teacher\?key=\S+)", printed).group(1)

        teams = []
        for number, size in enumerate(SIZES):  # a team at each size, at tables 1, 2 and 3
            page = chromium.new_context(viewport=size).new_page()
            page.goto(base)
            page.locator(".mln-join-button").wait_for(timeout=90_000)
            english(page)
            page.get_by_label(word("en", "classroom.code")).wait_for(timeout=30_000)
            found += problems(page, "team_join")
            rules = TREATMENTS.split(",")[number]
            table = f"{word('en', 'classroom.table_name', table=number + 1)} · {word('en', f'treatment.{rules}')}"
            page.get_by_label(word("en", "classroom.code")).fill(code)
            page.locator(".mln-tables").get_by_text(table, exact=True).click()
            page.get_by_label(word("en", "classroom.team")).fill(f"Foxes {number + 1}")
            page.get_by_role("button", name=word("en", "classroom.join")).click()
            page.locator(".mln-you").wait_for(timeout=30_000)
            found += problems(page, "team_waiting")
            teams.append(page)

        teacher = chromium.new_context(viewport=SIZES[2]).new_page()
        teacher.goto(link)
        teacher.locator(".mln-card").nth(7).wait_for(timeout=90_000)
        english(teacher)
        teacher.get_by_role("button", name=word("en", "classroom.start_all")).click()
        teacher.get_by_role("button", name=word("en", "classroom.pause_all")).wait_for(timeout=30_000)
        deadline = time.monotonic() + 60
        while not all(page.locator(".mln-side .mln-actions button").count() for page in teams):
            assert time.monotonic() < deadline, "a team never had a decision to make"
            time.sleep(0.5)
        for page in teams:
            found += problems(page, "team_playing")
        teacher.locator(".mln-card .mln-board-overlay svg").nth(7).wait_for(timeout=30_000)
        for size in SIZES:
            teacher.set_viewport_size(size)
            found += problems(teacher, "teacher_overview")
        teacher.locator(".mln-views").get_by_text(word("en", "classroom.table_name", table=2), exact=True).click()
        teacher.locator(".mln-players").wait_for(timeout=30_000)
        for size in SIZES:
            teacher.set_viewport_size(size)
            found += problems(teacher, "teacher_one_table")
        teacher.get_by_role("button", name=word("en", "classroom.pause_all")).click()
        teacher.get_by_role("button", name=word("en", "classroom.resume_all")).wait_for(timeout=30_000)
        teacher.locator(".mln-views").get_by_text(word("en", "classroom.results"), exact=True).click()
        teacher.locator(".mln-expected").nth(7).wait_for(timeout=240_000)
        teacher.locator(".mln-results-plot").wait_for(timeout=30_000)
        for size in SIZES:
            teacher.set_viewport_size(size)
            found += problems(teacher, "teacher_results")

        menu = teacher.locator(".mln-predict select")
        menu.wait_for(timeout=30_000)
        menu.select_option(label=next(text for text in menu.locator("option").all_inner_texts() if "09" in text))
        teacher.get_by_role("button", name=word("en", "predict.ask")).click()
        teacher.locator(".mln-stage").wait_for(timeout=30_000)
        for page in teams:
            page.get_by_role("button", name=word("en", "predict.send")).wait_for(timeout=30_000)
            found += problems(page, "team_predict_asked")
        teams[0].get_by_role("button", name=word("en", "treatment.rich_start"), exact=True).click()
        teams[0].get_by_role("button", name=word("en", "predict.send")).click()
        teacher.get_by_text(word("en", "predict.answered", count=1, teams=3)).wait_for(timeout=30_000)
        for size in SIZES:
            teacher.set_viewport_size(size)
            found += problems(teacher, "teacher_predict_asked")
        teacher.get_by_role("button", name=word("en", "predict.close")).click()
        teacher.get_by_text(word("en", "predict.phase_closed"), exact=True).wait_for(timeout=30_000)
        found += problems(teacher, "teacher_predict_closed")
        found += problems(teams[0], "team_predict_closed")
    finally:
        stop(server)
    assert not found, "\n".join(found)
