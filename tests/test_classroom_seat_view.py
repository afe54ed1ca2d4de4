"""A team's page shows the seat it holds after every change of the seats anywhere in the lesson, and
looks for it again only then: a move at any table costs the page no look at the lesson's seats.

Real team pages of a lesson of two tables are rendered by Solara (virtual kernels, no browser:
``tests/watchers.py``) in a process of their own, as ``test_classroom_sessions.py`` does (Solara's
server patches ipywidgets for its virtual kernels; the other widget tests must not share that). The
process prints, after each step, what each page says of its seat (``mln-you``), whether it shows the
join form's "lost seat" line, and how often the pages looked up a seat in the lesson.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

HERE = Path(__file__).resolve()


def test_a_page_shows_its_seat_after_changes_elsewhere_a_move_of_its_team_and_a_restart():
    from millionaire.words import word

    run = subprocess.run([sys.executable, str(HERE)], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parents[1]), str(HERE.parent)])})
    assert run.returncode == 0, run.stderr[-3000:]
    steps = json.loads(run.stdout.strip().splitlines()[-1])

    def at(table, seat, team):
        return word("ru", "classroom.you_play_at", table=table, seat=seat, team=team)

    assert steps["opened"]["foxes"] == [at(1, 1, "Foxes")] and steps["opened"]["owls"] == [at(2, 1, "Owls")]
    # the teacher gives the Owls' seat at the other table to a bot: the Owls' page loses it, the Foxes' keeps its own
    assert steps["takeover"]["foxes"] == [at(1, 1, "Foxes")]
    assert steps["takeover"]["owls"] == [] and steps["takeover"]["owls_lost"]
    # another team joins the other table: nothing changes for the Foxes
    assert steps["joined"]["foxes"] == [at(1, 1, "Foxes")]
    # the teacher seats the Foxes at the other table: their page follows them there
    assert steps["moved"]["foxes"] == [at(2, 3, "Foxes")]
    # moves at both tables change no seat: no page looks its seat up again, and each still shows it
    assert steps["played"]["moves"] >= 3, steps["played"]
    assert steps["played"]["lookups"] == 0, steps["played"]
    assert steps["played"]["foxes"] == [at(2, 3, "Foxes")]
    # the teacher frees the Foxes' seat during the game: their page says the seat is lost
    assert steps["freed"]["foxes"] == [] and steps["freed"]["foxes_lost"]
    assert steps["freed"]["bears"] == [at(2, 2, "Bears")]
    # the server starts again from its store: a page of the Bears' browser shows their seat
    assert steps["restarted"]["bears"] == [at(2, 2, "Bears")]


def _shown(session, classes: str) -> list[str]:
    """The texts of the page's HTML pieces with the CSS class ``classes`` (the widgets now on the page)."""
    import html

    import ipywidgets

    with session.context:
        found = [w for w in list(ipywidgets.Widget.widgets.values())
                 if classes in str((getattr(w, "attributes", None) or {}).get("class", "")).split()]
        return sorted(html.unescape(w.unsafe_innerHTML) for w in found)


def _main() -> None:
    folder = tempfile.mkdtemp(prefix="classroom-seat-view-")
    os.environ["MILLIONAIRE_CLASSROOM_STORE"] = folder
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "False")
    import solara.server.app  # noqa: F401  (as the server does: widgets talk to their own virtual kernel)

    from millionaire.classroom import server
    from millionaire.classroom.tables import ClassLesson
    from millionaire.words import word
    from watchers import WatchingSession

    os.environ[server.DELAY_VARIABLE] = "3600"  # the bots move only when this script says

    setting = ClassLesson.open(folder, tables=2, seats=3, seed=2, lang="ru")
    foxes = setting.join(setting.join_code, 0, 0, "Foxes")[1]
    owls = setting.join(setting.join_code, 1, 0, "Owls")[1]
    setting.close()
    lesson = server.current()
    lookups = [0]
    look_up = ClassLesson.seat_of

    def counted(self: ClassLesson, secret: str):
        lookups[0] += 1
        return look_up(self, secret)

    ClassLesson.seat_of = counted  # type: ignore[method-assign]
    lost = word("ru", "classroom.lost_seat")
    pages = {"foxes": WatchingSession(0, secret=foxes), "owls": WatchingSession(1, secret=owls)}
    steps: dict[str, dict] = {}

    def note(step: str, **more) -> None:
        lesson.wait_shown()
        steps[step] = {**{name: _shown(page, "mln-you") for name, page in pages.items()},
                       **{f"{name}_lost": lost in _shown(page, "mln-message") for name, page in pages.items()}, **more}

    note("opened")
    lesson.tables[1].takeover(0)
    note("takeover")
    bears = lesson.join(lesson.join_code, 1, 1, "Bears")[1]
    pages["bears"] = WatchingSession(2, secret=bears)
    note("joined")
    lesson.move(0, 0, 1, 2)
    note("moved")
    lesson.everywhere("start")
    lesson.wait_shown()
    before, moves = lookups[0], 0
    for _ in range(3):
        for table in lesson.tables:
            if table.bot_step():
                moves += 1
            lesson.wait_shown()
    note("played", moves=moves, lookups=lookups[0] - before)
    lesson.tables[1].free(2)
    note("freed")
    for page in pages.values():
        page.close()
    lesson.close()
    server._shared = None  # the server starts again on the same store
    lesson = server.current()
    pages = {"bears": WatchingSession(3, secret=bears)}
    note("restarted")
    pages["bears"].close()
    lesson.close()
    print(json.dumps(steps, ensure_ascii=False))


if __name__ == "__main__":
    _main()
