"""A lesson of three tables in a real browser: teams in separate contexts pick a table or leave it to the
teacher, the teacher gives a table other rules, every table plays, the projector shows them all at
1280×800 and 1920×1080 and one big, the results page compares them with simulated games, and a
restart brings every table back at the move it had reached.

On 127.0.0.1 with Debian's chromium. Screenshots go to ``screenshots/classroom_tables_*``.
"""

from __future__ import annotations

import re
import time

import pytest
from browser.conftest import shot
from browser.screen import NEEDS_CHROMIUM, free_port, sideways_scroll, truncated, widget_texts, wrong_script
from browser.test_classroom_class import stop, wait_ready

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from millionaire.words import word  # noqa: E402

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

LAPTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1920, "height": 1080}
TREATMENTS = "standard,no_start_income,rich_start"


def start(store, port, log, *extra):
    import subprocess
    import sys

    from browser.conftest import environment

    command = [sys.executable, "-m", "millionaire.classroom", "--store", str(store), "--port", str(port),
               "--bot-delay", "0.4", "--seats", "3", "--seed", "4", *extra]
    with open(log, "ab") as output:
        return subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment(store.parent),
                                start_new_session=True)


def table_label(number: int, treatment: str) -> str:
    return f"{word('ru', 'classroom.table_name', table=number)} · {word('ru', f'treatment.{treatment}')}"


def join(context, base: str, code: str, team: str, table: str | None):
    """A team's device joins: the code, the table (or the teacher's choice), the team's name."""
    page = context.new_page()
    page.goto(base)
    page.locator(".mln-join-button").wait_for(timeout=90_000)
    page.get_by_label(word("ru", "classroom.code")).fill(code)
    page.locator(".mln-tables").get_by_text(table or word("ru", "classroom.any_table"), exact=True).click()
    page.locator(".mln-tables .v-btn--active, .mln-tables .v-item--active").get_by_text(
        table or word("ru", "classroom.any_table"), exact=True).wait_for(timeout=30_000)
    page.get_by_label(word("ru", "classroom.team")).fill(team)
    page.get_by_role("button", name=word("ru", "classroom.join")).click()
    try:
        page.locator(".mln-you").wait_for(timeout=30_000)
    except Exception:
        shot(page, f"classroom_tables_join_failed_{team}")
        raise AssertionError(f"{team} did not join: {page.locator('.mln-side').first.inner_text()[:600]}") from None
    return page


def readable(page, lang: str = "ru") -> None:
    problems = sideways_scroll(page) + truncated(page, ".mln-page")
    problems += [f"not in {lang}: {text}" for text in wrong_script(widget_texts(page, ".mln-page"), lang)]
    assert not problems, "\n".join(problems)


def positions(page) -> list[str]:
    """What each table card of the overview shows: the table's position (phase, round, turns, cash)."""
    return page.locator(".mln-card .mln-status").evaluate_all("nodes => nodes.map(n => n.dataset.position)")


def test_a_lesson_of_three_tables(tmp_path, chromium):
    store, port, log = tmp_path / "games", free_port(), tmp_path / "server.txt"
    base = f"http://127.0.0.1:{port}/"
    server = start(store, port, log, "--tables", "3", "--treatments", TREATMENTS)
    try:
        wait_ready(base)
        printed = log.read_text(encoding="utf-8")
        code = re.search(r"кодом (\d+)", printed).group(1)
        link = re.search(r"(http://\S+/teacher\?key=\S+)", printed).group(1)
        assert word("ru", "treatment.rich_start") in printed  # the server says each table's rules

        # three teams, each in a browser of its own: two pick a table, one leaves it to the teacher
        foxes = join(chromium.new_context(viewport=LAPTOP), base, code, "Лисы", table_label(2, "no_start_income"))
        assert word("ru", "classroom.you_play_at", table=2, seat=1, team="Лисы") in foxes.locator(".mln-you").inner_text()
        shot(foxes, "classroom_tables_team_1280")
        readable(foxes)
        owls = join(chromium.new_context(viewport=LAPTOP), base, code, "Совы", None)
        assert "Стол 1," in owls.locator(".mln-you").inner_text()  # the first table with no team
        bears = join(chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True), base, code, "Медведи",
                     table_label(3, "rich_start"))
        assert "Стол 3," in bears.locator(".mln-you").inner_text()
        assert "4000" in bears.locator(".mln-money").inner_text()  # the rich start
        assert "4000" in bears.locator(".mln-treatment").inner_text()  # its rules, in words, on its own screen

        # the teacher sees every table, gives table 1 other rules, and starts every table
        teacher_context = chromium.new_context(viewport=PROJECTOR)
        teacher = teacher_context.new_page()
        teacher.goto(link)
        teacher.locator(".mln-card").nth(2).wait_for(timeout=90_000)
        assert teacher.locator(".mln-card").count() == 3
        teacher.locator(".mln-views").get_by_text(word("ru", "classroom.table_name", table=1), exact=True).click()
        teacher.get_by_label(word("ru", "classroom.treatment")).select_option(label=word("ru", "treatment.no_monopoly_doubling"))
        teacher.get_by_text(word("ru", "treatment.no_monopoly_doubling") + ":").wait_for(timeout=30_000)
        shot(teacher, "classroom_tables_teacher_table1_1920")
        teacher.locator(".mln-views").get_by_text(word("ru", "classroom.all_tables"), exact=True).click()
        teacher.get_by_text(table_label(1, "no_monopoly_doubling")).wait_for(timeout=30_000)
        teacher.get_by_role("button", name=word("ru", "classroom.start_all")).click()
        teacher.get_by_role("button", name=word("ru", "classroom.pause_all")).wait_for(timeout=30_000)

        # every team plays its own table: each taps its first button when its turn comes
        deadline = time.monotonic() + 150
        rounds = 0
        while rounds < 3:
            assert time.monotonic() < deadline, f"the tables reached round {rounds} only"
            for page in (foxes, owls, bears):
                buttons = page.locator(".mln-side .mln-actions button")
                if buttons.count():
                    try:
                        buttons.first.click(timeout=2000)
                    except Exception:  # the button went away with the move: the next look finds the new one
                        pass
            rounds = min(int(re.search(r" r(\d+) ", p).group(1)) for p in positions(teacher))
            time.sleep(0.3)
        # each table's log is its own: the Foxes' moves show on their page (once their last move is among
        # the lines the log shows, which the bots' moves after it may push out) and never on the Owls'
        deadline = time.monotonic() + 60
        while "Лисы" not in foxes.locator(".mln-log").inner_text():
            assert time.monotonic() < deadline, "the Foxes' moves never showed in their table's log"
            buttons = foxes.locator(".mln-side .mln-actions button")
            if buttons.count():
                try:
                    buttons.first.click(timeout=2000)
                except Exception:  # the button went away with the move
                    pass
            time.sleep(0.3)
        assert "Лисы" not in owls.locator(".mln-log").inner_text()

        # the projector: every table at a glance at 1920×1080 and 1280×800, and one table big
        projector = teacher_context.new_page()
        projector.goto(base + "projector")
        projector.locator(".mln-card").nth(2).wait_for(timeout=90_000)
        projector.locator(".mln-card img").nth(2).wait_for(timeout=30_000)
        assert projector.locator(".mln-actions button").count() == 0  # the projector has no commands
        shot(projector, "classroom_tables_projector_1920")
        readable(projector)
        projector.set_viewport_size(LAPTOP)
        shot(projector, "classroom_tables_projector_1280")
        readable(projector)
        projector.locator(".mln-card-title").nth(1).click()  # a table's title shows it big
        projector.locator(".mln-players").wait_for(timeout=30_000)
        assert "Лисы" in projector.locator(".mln-players").inner_text()
        shot(projector, "classroom_tables_projector_table2_1280")

        # the results: each table beside simulated games under its rules
        teacher.get_by_role("button", name=word("ru", "classroom.pause_all")).click()
        teacher.get_by_role("button", name=word("ru", "classroom.resume_all")).wait_for(timeout=30_000)
        teacher.locator(".mln-views").get_by_text(word("ru", "classroom.results"), exact=True).click()
        teacher.locator(".mln-expected").nth(2).wait_for(timeout=120_000)
        rows = teacher.locator(".mln-results-table").inner_text()
        assert word("ru", "treatment.rich_start") in rows and word("ru", "results.expected") in rows
        teacher.locator(".mln-results-plot").wait_for(timeout=30_000)
        shot(teacher, "classroom_tables_results_1920")
        teacher.set_viewport_size(LAPTOP)
        shot(teacher, "classroom_tables_results_1280")
        readable(teacher)
        teacher.set_viewport_size(PROJECTOR)

        # predict, then reveal across the tables: under which rules will the games end most unequal?
        menu = teacher.locator(".mln-predict select")
        menu.wait_for(timeout=30_000)
        lesson_09 = next(text for text in menu.locator("option").all_inner_texts() if "09" in text)
        menu.select_option(label=lesson_09)
        teacher.get_by_role("button", name=word("ru", "predict.ask")).click()
        projector.locator(".mln-stage").wait_for(timeout=30_000)
        assert not projector.locator(".mln-board-box img").count(), "the table stays beside the question"
        for page, rules in ((foxes, "no_start_income"), (bears, "rich_start")):  # teams of tables 2 and 3
            page.get_by_role("button", name=word("ru", f"treatment.{rules}"), exact=True).click()
            page.get_by_role("button", name=word("ru", "predict.send")).click()
            page.get_by_text(word("ru", "predict.your_answer", answer=word("ru", f"treatment.{rules}"))).wait_for(timeout=30_000)
        projector.get_by_text(word("ru", "predict.answered", count=2, teams=3)).wait_for(timeout=30_000)
        teacher.get_by_role("button", name=word("ru", "predict.close")).click()
        projector.get_by_text(word("ru", "predict.phase_closed"), exact=True).wait_for(timeout=30_000)
        counts = [int(text) for text in projector.locator(".mln-stage .mln-bar-count").all_inner_texts()]
        assert sorted(counts) == [0, 1, 1], counts
        shot(projector, "classroom_tables_predict_closed_1280")
        teacher.get_by_role("button", name=word("ru", "predict.reveal")).click()  # the games give the answer when they end
        teacher.get_by_role("button", name=word("ru", "predict.put_away")).click()
        projector.locator(".mln-stage").wait_for(state="detached", timeout=30_000)  # the table it showed is back

        # a restart: every table comes back at the move it had reached, every team at its seat
        projector.set_viewport_size(PROJECTOR)
        projector.locator(".mln-views").get_by_text(word("ru", "classroom.all_tables"), exact=True).click()
        projector.locator(".mln-card").nth(2).wait_for(timeout=30_000)
        time.sleep(1)
        before = positions(projector)
        assert all(p.startswith("paused") for p in before), before
        stop(server)
        foxes.get_by_text(word("ru", "classroom.reconnecting")).wait_for(timeout=60_000)
        server = start(store, port, log)
        for page in (foxes, owls, bears):
            page.locator(".mln-you").wait_for(timeout=120_000)
        assert "Стол 2," in foxes.locator(".mln-you").inner_text() and "Стол 3," in bears.locator(".mln-you").inner_text()
        projector.locator(".mln-card .mln-status").nth(2).wait_for(timeout=120_000)
        assert positions(projector) == before
        shot(projector, "classroom_tables_projector_after_restart_1920")
    finally:
        stop(server)
