"""Predict, then reveal in a real browser: the teacher asks, two teams answer on their own devices,
the projector shows the class's answers, then the answer.

On 127.0.0.1 with Debian's chromium: the teacher chooses "which cell is landed on most?" and asks it;
two teams, each in its own browser context, see it, choose, and send; the projector counts the
answers without showing them, shows the bars when the teacher closes the question, and the answer
from the exact chain when the teacher reveals it; "Back to the board" brings the board back. The
projector and a team's page are looked at in both languages at 1280×800 and 1920×1080: nothing
scrolls sideways, no word of the other language, the question's text large enough to read from the
back of a room, the whole question inside the window. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import re

import pytest
from browser.conftest import shot
from browser.screen import NEEDS_CHROMIUM, free_port, sideways_scroll, wrong_script
from browser.test_classroom_class import start, stop, wait_ready

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from millionaire.classroom.tables import ClassLesson  # noqa: E402
from millionaire.classroom.questions import bank  # noqa: E402
from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]
SCREENS = {"1280": {"width": 1280, "height": 800}, "1920": {"width": 1920, "height": 1080}}
TEAMS = ("Лисы", "Совы")


def team_page(browser, base: str, secret: str, screen: str):
    page = browser.new_context(viewport=SCREENS[screen]).new_page()
    page.goto(base)
    page.evaluate(f"localStorage.setItem('millionaire-classroom-seat', '{secret}')")
    page.reload()
    page.locator(".mln-you").wait_for(timeout=90_000)
    return page


def language(page, lang: str) -> None:
    page.get_by_role("button", name="English" if lang == "en" else "Русский").first.click()
    page.get_by_text(word(lang, "classroom.title")).first.wait_for(timeout=30_000)


def readable(page, selector: str, lang: str, smallest: float) -> None:
    """No sideways scroll, every word in ``lang`` (team names aside), the question's text at least
    ``smallest`` px high."""
    texts = [text for text in page.locator(selector).first.inner_text().split("\n") if text.strip()]
    for name in TEAMS:
        texts = [text.replace(name, "") for text in texts]
    problems = sideways_scroll(page) + [f"not in {lang}: {w}" for w in wrong_script(texts, lang)]
    size = page.locator(f"{selector} .mln-q-text").first.evaluate("node => parseFloat(getComputedStyle(node).fontSize)")
    if size < smallest:
        problems.append(f"the question's text is {size:.0f} px, under {smallest} px")
    box = page.locator(selector).first.bounding_box()
    if box["y"] + box["height"] > page.viewport_size["height"]:
        problems.append(f"{selector} ends at {box['y'] + box['height']:.0f} px, below the window's {page.viewport_size['height']} px")
    assert not problems, "\n".join(problems)


def test_the_teacher_asks_two_teams_answer_the_projector_shows_then_reveals(tmp_path, chromium):
    store, port, log = tmp_path / "games", free_port(), tmp_path / "server.txt"
    lesson = ClassLesson.open(store, seats=3, seed=4)
    secrets = [lesson.join(lesson.join_code, 0, seat, name)[1] for seat, name in enumerate(TEAMS)]
    lesson.everywhere("start")
    lesson.everywhere("pause")  # the class answers with the game paused
    menu_questions = bank(lesson.facts())
    question = next(q for q in menu_questions if q.key == "most_landed")
    lesson.close()
    right = int(question.answer)
    wrong = (right + 1) % len(question.choices)
    base = f"http://127.0.0.1:{port}/"
    server = start(store, port, log)
    try:
        wait_ready(base)
        link = re.search(r"(http://\S+/teacher\?key=\S+)", log.read_text(encoding="utf-8")).group(1)
        desk_context = chromium.new_context(viewport=SCREENS["1280"])
        desk = desk_context.new_page()
        desk.goto(link)
        desk.locator(".mln-code").wait_for(timeout=90_000)
        projector = desk_context.new_page()  # the projector's window, in the teacher's browser
        projector.goto(base + "projector")
        projector.locator(".mln-board-box img").first.wait_for(timeout=90_000)
        big_context = chromium.new_context(viewport=SCREENS["1920"])
        big_context.add_cookies(desk_context.cookies())
        big = big_context.new_page()  # a second projector, 1920×1080
        big.goto(base + "projector")
        big.locator(".mln-board-box img").first.wait_for(timeout=90_000)
        foxes, owls = team_page(chromium, base, secrets[0], "1280"), team_page(chromium, base, secrets[1], "1920")

        # the teacher asks "which cell is landed on most?"
        desk.locator(".mln-predict select").wait_for(timeout=30_000)
        assert not sideways_scroll(desk), sideways_scroll(desk)  # the menu's long questions fit the column
        label = word("ru", "predict.menu_bank", lesson="03", text=word("ru", "predict.q_most_landed"))
        desk.locator(".mln-predict select").select_option(label=label)
        desk.get_by_role("button", name=word("ru", "predict.ask")).click()
        for page in (projector, big):
            page.locator(".mln-stage").wait_for(timeout=30_000)
            assert not page.locator(".mln-board-box img").count(), "the board stays beside the question"
        black, charity = question.choice(wrong, "ru"), question.choice(right, "ru")

        # each team answers on its own device; the projector counts, but shows no team's choice
        foxes.get_by_role("button", name=charity, exact=True).click()
        foxes.get_by_role("button", name=word("ru", "predict.send")).click()
        foxes.get_by_text(word("ru", "predict.your_answer", answer=charity)).wait_for(timeout=30_000)
        shot(desk, "predict_teacher_open_ru_1280")
        owls.get_by_role("button", name=black, exact=True).click()
        shot(owls, "predict_team_choosing_ru_1920")
        owls.get_by_role("button", name=word("ru", "predict.send")).click()
        projector.get_by_text(word("ru", "predict.answered", count=2, teams=2)).wait_for(timeout=30_000)
        assert projector.locator(".mln-bar-count").all_inner_texts() == [""] * 5
        shot(projector, "predict_projector_open_ru_1280")
        readable(projector, ".mln-stage", "ru", 24)

        # closed: the class's answers as bars, on the projector and on each team's page
        desk.get_by_role("button", name=word("ru", "predict.close")).click()
        projector.get_by_text(word("ru", "predict.phase_closed"), exact=True).wait_for(timeout=30_000)
        counts = [int(text) for text in projector.locator(".mln-stage .mln-bar-count").all_inner_texts()]
        assert sorted(counts) == [0, 0, 0, 1, 1]
        assert not projector.locator(".mln-bar-right").count(), "the answer shows before the reveal"
        owls.locator(".mln-team-question .mln-bars").wait_for(timeout=30_000)
        shot(projector, "predict_projector_closed_ru_1280")
        shot(big, "predict_projector_closed_ru_1920")
        readable(big, ".mln-stage", "ru", 32)

        # revealed: the answer from the exact chain, marked on the bars
        desk.get_by_role("button", name=word("ru", "predict.reveal")).click()
        answer = word("ru", "predict.answer_is", answer=charity)
        for page in (projector, big, foxes, owls):
            page.get_by_text(answer).first.wait_for(timeout=30_000)
        assert charity in projector.locator(".mln-stage .mln-bar-label.mln-bar-right").inner_text()
        assert word("ru", "predict.right", teams="Лисы") in projector.locator(".mln-stage").inner_text()
        shot(projector, "predict_projector_revealed_ru_1280")
        shot(big, "predict_projector_revealed_ru_1920")
        shot(foxes, "predict_team_revealed_ru_1280")
        shot(owls, "predict_team_revealed_ru_1920")
        readable(projector, ".mln-stage", "ru", 24)
        readable(foxes, ".mln-team-question", "ru", 14)

        # the same in English
        for page in (projector, big, foxes, owls):
            language(page, "en")
        english = word("en", "predict.answer_is", answer=question.choice(right, "en"))
        for page in (projector, big, foxes, owls):
            page.get_by_text(english).first.wait_for(timeout=30_000)
        shot(projector, "predict_projector_revealed_en_1280")
        shot(big, "predict_projector_revealed_en_1920")
        shot(foxes, "predict_team_revealed_en_1280")
        shot(owls, "predict_team_revealed_en_1920")
        readable(projector, ".mln-stage", "en", 24)
        readable(big, ".mln-stage", "en", 32)
        readable(owls, ".mln-team-question", "en", 14)

        # back to the board on every screen
        desk.get_by_role("button", name=word("ru", "predict.put_away")).click()
        for page in (projector, big):
            page.locator(".mln-board-box img").first.wait_for(timeout=30_000)
        for page in (foxes, owls):  # each team's page follows on its own poll, after the projectors or before
            page.locator(".mln-team-question").wait_for(state="detached", timeout=30_000)

        # a number: the rent of the dearest plot in ten rounds; each team's form starts afresh
        for page in (projector, foxes, owls):
            language(page, "ru")
        rent = next(q for q in menu_questions if q.key == "plot_rent")
        label = word("ru", "predict.menu_bank", lesson="04", text=rent.say("ru"))
        desk.locator(".mln-predict select").select_option(label=label if len(label) <= 70 else label[:69].rstrip() + "…")
        desk.get_by_role("button", name=word("ru", "predict.ask")).click()
        for page, typed in ((foxes, "150"), (owls, "12,5")):
            field = page.locator(".mln-q-number input")
            field.wait_for(timeout=30_000)
            field.fill(typed)
            page.get_by_role("button", name=word("ru", "predict.send")).click()
            page.get_by_text(word("ru", "predict.your_answer", answer=rent.show(float(typed.replace(",", ".")), "ru"))).wait_for(timeout=30_000)
        desk.get_by_role("button", name=word("ru", "predict.close")).click()
        desk.get_by_role("button", name=word("ru", "predict.reveal")).click()
        projector.get_by_text(word("ru", "predict.answer_is", answer=rent.show(rent.answer, "ru"))).wait_for(timeout=30_000)
        assert word("ru", "predict.closest", teams="Совы") in projector.locator(".mln-stage").inner_text()
        shot(projector, "predict_projector_number_ru_1280")
        shot(owls, "predict_team_number_ru_1920")
        readable(projector, ".mln-stage", "ru", 24)
    finally:
        stop(server)
    after = ClassLesson.open(store)
    try:
        first, second = after.predictions.rounds
        assert first.answers == {"Лисы": right, "Совы": wrong} and first.phase == "done"
        assert second.answers == {"Лисы": 150.0, "Совы": 12.5} and second.phase == "revealed"
    finally:
        after.close()
