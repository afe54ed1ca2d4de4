"""Predict, then reveal attacked from a page: a real server on 127.0.0.1, a real websocket, messages by hand.

A team's page sends whatever it likes as its answer: a choice that does not exist, a list, a text, a
true; a second answer from another device of the same team; an answer after the teacher has closed or
revealed the question; a number too large, not a number, a string of a million digits. Each is refused
with a message on the page and leaves the saved round as it was. A question file with a bad field
stops the server before it starts, naming the file, the question and the field.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

import pytest

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from browser.screen import free_port  # noqa: E402
from classroom_client import Page, http_get  # noqa: E402
from test_classroom_attacks import Server  # noqa: E402

from millionaire.classroom.tables import ClassLesson  # noqa: E402
from millionaire.classroom.questions import bank  # noqa: E402
from millionaire.classroom.store import FILE_NAME  # noqa: E402
from millionaire.words import word  # noqa: E402

TEAMS = ("Лисы", "Совы", "Волки", "Медведи")
OWN = """
[[question]]
en = "How many rounds will our game last?"
ru = "Сколько раундов продлится наша партия?"
low = 1
high = 200
answer = 30
"""


@pytest.fixture(scope="module")
def lesson(tmp_path_factory) -> Iterator[tuple[Server, dict[str, str]]]:
    """A server over a game of four teams, with the question "which cell is landed on most?" open."""
    folder = tmp_path_factory.mktemp("predict")
    store = folder / "games"
    game = ClassLesson.open(store, seats=4, seed=5)
    secrets = {team: game.join(game.join_code, 0, seat, team)[1] for seat, team in enumerate(TEAMS)}
    game.everywhere("start")
    game.everywhere("pause")  # nobody moves while the class answers
    game.predictions.open(next(q for q in bank(game.facts()) if q.key == "most_landed"))
    game.close()
    (folder / "own.toml").write_text(OWN, encoding="utf-8")
    running = Server(store, free_port(), "--questions", str(folder / "own.toml"))
    try:
        running.wait_ready()
        assert word("ru", "classroom.cli_questions", count=1, path=folder / "own.toml") in running.output()
        yield running, secrets
    finally:
        running.stop()


def saved(server: Server) -> list[dict]:
    """The rounds as the server has saved them (read beside it: SQLite lets a reader in)."""
    with sqlite3.connect(server.store / FILE_NAME) as db:
        return [json.loads(row[0]) for row in db.execute("SELECT round FROM predictions ORDER BY number")]


def team(server: Server, secret: str) -> Page:
    """A team's page holding its seat (its browser gives the secret), with the question shown."""
    page = Page(server.base)
    page.run_app()
    keeper = next(c for c, s in page.widgets.items() if s.get("storage_key"))
    page.custom(keeper, {"event": "loaded", "data": secret})
    page.receive_until(lambda m: any(s.get("class_") == "mln-q-small mln-team-question" for s in page.widgets.values()), 30)
    page.drain(0.5)
    return page


def send(page: Page, **state) -> str:
    """Set the answer's widget (the choices or the number field) to ``state`` and press Send."""
    model = "BtnToggleModel" if "v_model" in state and "number" not in state else "TextFieldModel"
    state.pop("number", None)
    if model == "BtnToggleModel":
        page.update(page.find(model, class_="mln-q-choices"), **state)
    else:
        page.update(page.find(model, class_="mln-q-number"), **state)
    page.drain(0.3)
    page.click(page.find("BtnModel", class_="mln-send"))
    page.drain(1.0)
    return page.texts()


def teacher(server: Server) -> Page:
    """The teacher's screen (the one-time link is exchanged for the cookie once, which is kept)."""
    if not hasattr(server, "cookie"):
        status, headers, _ = http_get(f"{server.base}/teacher?key={server.login_key()}")
        assert status == 303
        server.cookie = headers["set-cookie"].split(";")[0]
    page = Page(server.base, cookie=server.cookie)
    page.run_app("teacher")
    page.drain(0.5)
    return page


def press(page: Page, key: str) -> None:
    page.click(page.find("BtnModel", children=[word("ru", key)]))
    page.drain(1.0)


def test_only_the_teacher_asks_closes_and_reveals(lesson):
    server, _ = lesson
    for path in ("teacher", "projector"):
        stranger = Page(server.base)  # no teacher's cookie
        stranger.run_app(path)
        texts = stranger.texts()
        stranger.close()
        assert word("ru", "classroom.teacher_only") in texts
        assert not any(word("ru", key) in texts for key in ("predict.ask", "predict.close", "predict.reveal"))
        assert word("ru", "predict.q_most_landed") not in texts


@pytest.mark.parametrize("raw", [99, -1, 5, "0", 1.5, [0], None, True, {"event": 1}, "0; DROP TABLE predictions"])
def test_a_choice_that_does_not_exist_is_refused(lesson, raw):
    server, secrets = lesson
    page = team(server, secrets["Лисы"])
    texts = send(page, v_model=raw)
    page.close()
    assert word("ru", "classroom.predict_no_choice", choice="X", count=5).split("X")[0] in texts
    assert saved(server)[0]["answers"] == {} and "Traceback" not in texts


def test_a_second_answer_from_the_same_team_is_refused(lesson):
    server, secrets = lesson
    first, second = team(server, secrets["Лисы"]), team(server, secrets["Лисы"])  # two devices of one team
    for page, choice in ((first, 1), (second, 3)):
        page.update(page.find("BtnToggleModel", class_="mln-q-choices"), v_model=choice)
    first.drain(0.3)
    stale = second.find("BtnModel", class_="mln-send")
    first.click(first.find("BtnModel", class_="mln-send"))
    first.drain(1.0)
    second.click(stale)  # the second device's button, pressed after the first answer
    second.drain(1.0)
    assert saved(server)[0]["answers"] == {"Лисы": 1.0}
    third = team(server, secrets["Лисы"])  # a fresh page of the team shows its answer, not the form
    assert not any(state.get("class_") == "mln-q-choices" for state in third.widgets.values())
    assert word("ru", "predict.your_answer", answer="«Чёрный» бизнес") in third.texts()
    for page in (first, second, third):
        page.close()


def test_an_answer_after_the_close_or_the_reveal_is_refused(lesson):
    server, secrets = lesson
    wolves, bears = team(server, secrets["Волки"]), team(server, secrets["Медведи"])  # their forms are shown
    wolves.update(wolves.find("BtnToggleModel", class_="mln-q-choices"), v_model=0)
    bears.update(bears.find("BtnToggleModel", class_="mln-q-choices"), v_model=0)
    wolves_send, bears_send = wolves.find("BtnModel", class_="mln-send"), bears.find("BtnModel", class_="mln-send")
    desk = teacher(server)
    press(desk, "predict.close")
    wolves.click(wolves_send)
    wolves.drain(1.0)
    assert saved(server)[0]["phase"] == "closed" and "Волки" not in saved(server)[0]["answers"]
    press(desk, "predict.reveal")
    bears.click(bears_send)
    bears.drain(1.0)
    round_ = saved(server)[0]
    assert round_["phase"] == "revealed" and set(round_["answers"]) == {"Лисы"}
    assert word("ru", "predict.answer_is", answer="Благотворительный фонд") in bears.texts()
    for page in (wolves, bears, desk):
        page.close()


@pytest.mark.parametrize("typed", ["1e999", "9" * 1_000_000, "nan", "-inf", "12abc", "201", "0", "-5", "1/2", "٣٠", ""])
def test_a_number_that_is_not_an_answer_is_refused(lesson, typed):
    server, secrets = lesson
    if len(saved(server)) == 1:  # the teacher asks the question of their own file
        desk = teacher(server)
        press(desk, "predict.put_away")
        menu = desk.find("DropdownModel", description=word("ru", "predict.question"))
        labels = desk.widgets[menu]["_options_labels"]
        desk.update(menu, index=next(i for i, label in enumerate(labels) if label.startswith("Ваш вопрос")))
        desk.drain(0.5)
        press(desk, "predict.ask")
        desk.close()
        assert len(saved(server)) == 2
    page = team(server, secrets["Совы"])
    texts = send(page, v_model=typed, number=True)
    page.close()
    assert word("ru", "classroom.predict_bad_number", low=1, high=200, got="X").split("X")[0] in texts
    assert saved(server)[1]["answers"] == {}


def test_a_number_with_a_comma_is_taken(lesson):
    server, secrets = lesson
    page = team(server, secrets["Совы"])
    send(page, v_model=" 30,5 ", number=True)
    page.close()
    assert saved(server)[1]["answers"] == {"Совы": 30.5}


@pytest.mark.parametrize("content, where", [
    ("[[question]]\nen = '?'\nlow = 10\nhigh = 1\n", "вопрос 1: 'low' должно быть меньше 'high'"),
    ("[[question]]\nen = '?'\nchoices = ['a', 'b']\nanswer = 3\n", "вопрос 1: поле 'answer' — номер варианта, от 1 до 2"),
    ("[[question]]\nen = '?'\nlow = 0\nhigh = 1\n[[question]]\nen = '?'\nlow = 0\nhigh = 'many'\n", "вопрос 2: поле 'high'"),
    ("[[question]]\nen = '?'\nlow = 0\nhigh = 1\nanswr = 1\n", "вопрос 1: неизвестное поле 'answr'"),
    ("[[question]\n", "не TOML"),
])
def test_a_question_file_with_a_bad_field_stops_the_server_before_it_starts(tmp_path, content, where):
    path = tmp_path / "mine.toml"
    path.write_text(content, encoding="utf-8")
    server = Server(tmp_path / "games", free_port(), "--questions", str(path))
    assert server.process.wait(timeout=60) == 2
    output = server.output()
    assert f"{path}: {where}" in output and "Traceback" not in output
    assert not (tmp_path / "games").exists()  # refused before any store or game was made
