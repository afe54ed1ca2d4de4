"""The self-checking exercise as a pupil uses it, in a real browser (Voilà shows the lesson as its page).

The pupil types a name and presses Enter, sees the question with their numbers, types a wrong answer
and gets a hint, then the right one with a decimal comma and is told so; the exercise's box holds
the answer nowhere before it is typed, and each try is a line in the pupil's file beside the lesson.
"""

from __future__ import annotations

import json

import pytest
from browser.screen import NEEDS_CHROMIUM

from millionaire.exercises import EXERCISES, file_name, format_number

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

CASES = [("en", "notebooks/07_jackpot_and_gambling.ipynb", "Anna Petrova", "Right!", "Not yet."),
         ("ru", "notebooks/ru/07_jackpot_and_gambling.ipynb", "Анна Петрова", "Верно!", "Пока неверно.")]


@pytest.mark.parametrize("lang, path, name, right, wrong", CASES, ids=[case[0] for case in CASES])
def test_a_pupil_checks_an_answer_in_the_browser(lang, path, name, right, wrong, voila, workdir, browser, screenshot):
    typed = "<b>" + name + "</b>"  # a name with markup, shown as text
    variant = EXERCISES["07.jackpot"].variant(typed)
    answer = format_number(variant.answer, variant.places, lang)
    page = browser.new_page()
    try:
        page.goto(voila.format(path), timeout=180_000)
        box = page.locator(".mln-widget", has=page.locator("button", has_text="Check" if lang == "en" else "Проверить"))
        box.wait_for(timeout=180_000)
        name_box, answer_box = box.locator("input[type=text]").nth(0), box.locator("input[type=text]").nth(1)
        name_box.fill(typed)
        name_box.press("Enter")
        box.get_by_text(variant.text(lang)[:40]).wait_for(timeout=20_000)
        assert box.get_by_text(typed).count() == 1
        assert answer not in box.inner_html()
        answer_box.fill("5")
        box.locator("button").click()
        box.get_by_text(wrong).wait_for(timeout=20_000)
        assert answer not in box.inner_html()
        answer_box.fill(answer.replace(".", ","))
        box.locator("button").click()
        box.get_by_text(right).wait_for(timeout=20_000)
        box.scroll_into_view_if_needed()
        screenshot(page, f"exercise_box_{lang}")
    finally:
        page.close()
    files = list(workdir.rglob(file_name(typed)))
    assert len(files) == 1 and files[0].parent.name == "answers"
    tries = [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines()]
    assert [(each["answer"], each["right"]) for each in tries] == [("5", False), (answer.replace(".", ","), True)]
