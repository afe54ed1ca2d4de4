"""The classroom server in chromium: the teacher's screen and three teams, each its own browser context.

On 127.0.0.1 with Debian's chromium at 1280×800: three teams join with the code (a wrong code and a
taken seat are refused with a message), the teacher starts with a bot in the fourth seat, the teams
play several turns by clicks, and after each move every view shows the same position; a team
switches its view to English; a team that refreshes keeps its seat; a device with a forged seat key is refused; the server is killed (SIGKILL)
mid-game and started again on the same store, and every view resumes the same game at the same
decision. Screenshots of the teacher's and a team's screen go to ``screenshots/``.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

import pytest
from browser.conftest import environment, server, shot
from browser.screen import NEEDS_CHROMIUM, VIEWPORT, free_port, sideways_scroll

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from millionaire.classroom import ClassroomGame  # noqa: E402
from millionaire.classroom.app import STORAGE_KEY  # noqa: E402
from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

TEAMS = ("Лисы", "Совы", "Волки")


def command(store, port: int) -> list[str]:
    return [sys.executable, "-m", "millionaire.classroom", "--store", str(store), "--port", str(port), "--bot-delay", "0.2"]


def wait_ready(url: str, process: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, "the classroom server stopped at start-up"
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"the classroom server did not answer {url} within {timeout} s")


def position(page) -> str:
    return page.locator(".mln-status").first.get_attribute("data-position") or ""


def same_position(pages, teams, before: str = "", timeout: float = 60) -> str:
    """Wait until every page shows one position, different from ``before``, at which a team decides
    (its buttons are shown; the bots wait for it), seen twice in a row; return it."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        shown = [position(page) for page in pages]
        deciding = sum(1 for team in teams if team_buttons(team).count())
        now = shown[0] if len(set(shown)) == 1 and shown[0] != before and deciding == 1 else None
        if now is not None and now == last:
            return now
        last = now
        time.sleep(0.3)
    raise AssertionError(f"the views do not agree on a team's decision: {[position(page) for page in pages]}")


def join(page, code: str, seat: int, team: str) -> None:
    page.get_by_label(word("ru", "classroom.code")).fill(code)
    page.get_by_text(word("ru", "classroom.seat_free", seat=seat)).click()
    page.get_by_label(word("ru", "classroom.team")).fill(team)
    page.get_by_role("button", name=word("ru", "classroom.join")).click()


def open_page(context, url: str, ready: str):
    page = context.new_page()
    page.goto(url)
    page.locator(ready).first.wait_for(timeout=90_000)
    return page


def team_buttons(page):
    return page.locator(".mln-side .mln-actions button")


def play_a_team_move(pages, teams) -> str:
    """The team whose decision it is clicks its first button; then every view must agree on the next
    team decision, at a new position."""
    before = same_position(pages, teams, before="\0")
    mover = next(team for team in teams if team_buttons(team).count())
    label = team_buttons(mover).first.inner_text()
    team_buttons(mover).first.click()
    after = same_position(pages, teams, before=before)
    assert after != before, f"nothing changed after {label!r}"
    return after


def test_a_class_plays_one_game(tmp_path, chromium):
    store = tmp_path / "games"
    lesson = ClassroomGame.open(store, seats=4, seed=3, lang="ru")
    code = lesson.join_code
    lesson.close()
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    env = environment(tmp_path)
    printed = tmp_path / "server.txt"
    with open(printed, "wb") as output:
        first = subprocess.Popen(command(store, port), stdout=output, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        wait_ready(base, first)
        link = re.search(r"(http://\S+/teacher\?key=\S+)", printed.read_text(encoding="utf-8")).group(1)
        contexts = [chromium.new_context(viewport=VIEWPORT) for _ in range(5)]
        teacher = open_page(contexts[0], link, ".mln-code")
        assert teacher.url == f"{base}teacher", f"the key stays in the address: {teacher.url}"
        assert code in teacher.locator(".mln-code").inner_text()
        projector = open_page(contexts[0], f"{base}projector", ".mln-code")  # the same browser: no key needed
        assert projector.get_by_role("button", name=word("ru", "classroom.start")).count() == 0
        shot(projector, "classroom_projector_ru")
        projector.close()
        stranger = open_page(contexts[4], link, ".mln-teacher-only")  # the link works once
        assert "учителя" in stranger.locator(".mln-teacher-only").inner_text()
        assert teacher.locator(".mln-teacher-only").count() == 0

        teams = [open_page(context, base, ".mln-join-button") for context in contexts[1:4]]
        # a wrong code is refused with a message, and nothing is joined
        join(teams[1], "000000" if code != "000000" else "111111", 2, TEAMS[1])
        teams[1].locator(".mln-message").first.wait_for()
        assert "Неверный код" in teams[1].locator(".mln-message").first.inner_text()
        for seat, (page, team) in enumerate(zip(teams, TEAMS), start=1):
            join(page, code, seat, team)
            page.locator(".mln-you").wait_for(timeout=30_000)
            assert team in page.locator(".mln-you").inner_text()
        # a second device cannot take a team's seat
        intruder = contexts[4].new_page()
        intruder.goto(base)
        intruder.locator(".mln-join-button").wait_for(timeout=90_000)
        intruder.get_by_label(word("ru", "classroom.code")).fill(code)
        intruder.get_by_text(word("ru", "classroom.seat_of", seat=1, team=TEAMS[0])).click()
        intruder.get_by_label(word("ru", "classroom.team")).fill("Чужие")
        intruder.get_by_role("button", name=word("ru", "classroom.join")).click()
        intruder.locator(".mln-message").first.wait_for()
        assert "занято командой Лисы" in intruder.locator(".mln-message").first.inner_text()
        # a forged seat key opens no seat
        intruder.evaluate(f"localStorage.setItem('{STORAGE_KEY}', 'forged-key')")
        intruder.reload()
        intruder.get_by_text(word("ru", "classroom.lost_seat")).wait_for(timeout=60_000)
        intruder.close()

        teacher.get_by_role("button", name=word("ru", "classroom.start")).click()
        views = [teacher, *teams]
        start = same_position(views, teams, before="\0")
        assert start.startswith("playing")
        shot(teacher, "classroom_teacher_ru")
        shot(teams[0], "classroom_team_ru")
        assert not sideways_scroll(teacher) and not sideways_scroll(teams[0])
        board = teacher.locator(".mln-board").first.evaluate("(node) => node.getBoundingClientRect().height")
        assert board >= 0.95 * VIEWPORT["height"] - 20, f"the board is only {board:.0f} px high on the teacher's screen"

        played = [play_a_team_move(views, teams) for _ in range(8)]
        assert len(set(played)) == len(played)
        turns = int(re.search(r" t(\d+) ", played[-1]).group(1))
        assert turns >= 3, f"only {turns} turns in {played}"

        # each view has its own language: a team switches to English, the others stay in Russian
        teams[0].get_by_role("button", name="English").click()
        teams[0].get_by_text(word("en", "classroom.you_play", seat=1, team=TEAMS[0])).wait_for(timeout=30_000)
        assert word("en", "table.log") in teams[0].locator(".mln-log-box").inner_text()
        assert word("ru", "table.log") in teams[1].locator(".mln-log-box").inner_text()
        shot(teams[0], "classroom_team_en")

        # a refresh keeps the seat
        teams[1].reload()
        teams[1].locator(".mln-you").wait_for(timeout=60_000)
        assert TEAMS[1] in teams[1].locator(".mln-you").inner_text()
        play_a_team_move(views, teams)

        # the server is killed mid-game and started again on the same store
        before_kill = same_position(views, teams, before="\0")
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=10)
        with server(command(store, port), base, env):
            # no reload by hand: every page sees the server come back and reloads itself
            teacher.locator(".mln-code").wait_for(timeout=90_000)
            for page, team in zip(teams, TEAMS):
                page.locator(".mln-you").wait_for(timeout=90_000)
                assert team in page.locator(".mln-you").inner_text()
            assert same_position(views, teams, before="\0") == before_kill
            play_a_team_move(views, teams)
            shot(teams[2], "classroom_team_resumed_ru")
            # "End now" asks first; "No" plays on, "Yes" ends the game on every screen
            teacher.get_by_role("button", name=word("ru", "classroom.end_now")).click()
            teacher.get_by_text(word("ru", "classroom.end_now_sure")).wait_for(timeout=30_000)
            shot(teacher, "classroom_end_now_ru")
            teacher.get_by_role("button", name=word("ru", "classroom.end_now_no")).click()
            teacher.get_by_role("button", name=word("ru", "classroom.end_now")).wait_for(timeout=30_000)
            assert position(teacher).startswith(("playing", "paused"))
            teacher.get_by_role("button", name=word("ru", "classroom.end_now")).click()
            teacher.get_by_role("button", name=word("ru", "classroom.end_now_yes")).click()
            teacher.get_by_role("button", name=word("ru", "classroom.export")).wait_for(timeout=30_000)
            for page in teams:  # every team's screen follows the teacher's within seconds
                page.wait_for_function(
                    "() => (document.querySelector('.mln-status')?.dataset.position || '').startsWith('finished')",
                    timeout=30_000)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait(timeout=10)
