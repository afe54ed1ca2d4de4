"""The classroom server attacked as a curious pupil would: a real server on 127.0.0.1, a real websocket.

Each test is one attack with the answer it must get: no page message makes the server import or call
Python (ipyvue's ``create_widget``, ``update_ref``, method references, a comm to create a widget),
no page of another website and no DNS-rebinding name reaches it, its diagnostics are closed, the join
code cannot be guessed by trying, names cannot pass for a bot's, the teacher's key never stays in an
address, a device cannot hold more than its share of pages, a dropped page's memory is freed, and a
store is used by one server at a time and never overwritten when it is damaged.
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("solara", reason="the classroom group is not installed: pip install -e '.[classroom]'")

from browser.screen import free_port  # noqa: E402
from classroom_client import InvalidStatus, Page, http_get, new_device  # noqa: E402

from millionaire.classroom import ClassroomGame  # noqa: E402
from millionaire.classroom.gate import TEACHER_COOKIE  # noqa: E402
from millionaire.classroom.store import FILE_NAME  # noqa: E402
from millionaire.words import word  # noqa: E402

PAGES_PER_DEVICE = 5
PAGE_TIMEOUT = 6


class Server:
    """``python -m millionaire.classroom`` in its own process group, with what it printed."""

    def __init__(self, store: Path, port: int, *extra: str) -> None:
        self.store, self.port = store, port
        self.base = f"http://127.0.0.1:{port}"
        self.log = store.parent / f"server-{port}.log"
        command = [sys.executable, "-m", "millionaire.classroom", "--store", str(store), "--port", str(port),
                   "--bot-delay", "0.2", "--max-pages-per-device", str(PAGES_PER_DEVICE),
                   "--page-timeout", str(PAGE_TIMEOUT), *extra]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_ready(self, timeout: float = 90) -> Server:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the server stopped:\n{self.output()}"
            try:
                if http_get(self.base + "/")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"the server did not answer within {timeout} s:\n{self.output()}")

    def join_code(self) -> str:
        return re.findall(r"кодом (\d+)", self.output())[-1]

    def login_key(self) -> str:
        return re.findall(r"teacher\?key=(\S+)", self.output())[-1]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("attacks")
    running = Server(folder / "games", free_port(), "--seats", "4", "--seed", "5")
    try:
        yield running.wait_ready()
    finally:
        running.stop()


def team_page(server: Server, **options: str) -> Page:
    """A team's page, started as the browser starts it, with its join form shown."""
    page = Page(server.base, **options)
    page.run_app()
    keeper = next(c for c, s in page.widgets.items() if s.get("storage_key"))
    page.custom(keeper, {"event": "loaded", "data": ""})  # the browser says it holds no seat
    page.receive_until(lambda m: any(s.get("label") == word("ru", "classroom.team") for s in page.widgets.values()), 30)
    return page


def try_to_join(page: Page, code: str, seat: int, team: str) -> str:
    """Fill the join form and click; return the page's texts after the answer."""
    page.update(page.find("TextFieldModel", label=word("ru", "classroom.code")), v_model=code)
    page.update(page.find("TextFieldModel", label=word("ru", "classroom.team")), v_model=team)
    toggles = page.widgets_named("BtnToggleModel")
    page.update(toggles[-1], v_model=seat)
    page.drain(0.4)
    page.click(page.find("BtnModel", children=[word("ru", "classroom.join")]))
    page.drain(1.2)
    return page.texts()


def planted(folder: Path) -> Path:
    return folder / "planted.txt"


# ---------------------------------------------------------------------- Python from a page
def test_create_widget_imports_nothing(server, tmp_path):
    """The critical hole: ``create_widget`` = import a module, call an attribute with the page's kwargs."""
    page = Page(server.base)
    page.run_app()
    templates = page.widgets_named("VuetifyTemplateModel") + page.widgets_named("VueTemplateModel")
    assert templates, "the page has no template widget to aim at"
    for comm in templates:
        page.custom(comm, {"create_widget": ["logging", "basicConfig"], "props": {"filename": str(planted(tmp_path))},
                           "id": "attack"})
        page.custom(comm, {"create_widget": ["os", "system"], "props": {"command": f"touch {planted(tmp_path)}"}, "id": "x"})
    page.drain(1.5)
    page.close()
    assert not planted(tmp_path).exists()


def test_update_ref_and_method_references_set_nothing(server):
    page = Page(server.base)
    page.run_app()
    images = page.widgets_named("ImageModel")
    for comm in page.widgets_named("VuetifyTemplateModel"):
        page.custom(comm, {"update_ref": {"functionRef": "close"}, "id": comm, "prop": "storage_key"})
        page.custom(comm, {"update_ref": {"objectRef": "storage_key"}, "id": images[0], "prop": "value"})
        page.custom(comm, {"event": "loaded", "data": {"functionRef": "close"}})
    page.drain(1.0)
    # the page still works: its join form answers
    page.custom(next(c for c, s in page.widgets.items() if s.get("storage_key")), {"event": "loaded", "data": ""})
    page.receive_until(lambda m: any(s.get("label") == word("ru", "classroom.team") for s in page.widgets.values()), 30)
    page.close()


def test_a_page_cannot_create_a_widget_of_its_choice(server, tmp_path):
    page = Page(server.base)
    page.run_app()
    state = {"_model_module": "jupyter-vuetify", "_model_name": "VuetifyTemplateModel", "_model_module_version": "*",
             "_view_module": "jupyter-vuetify", "_view_name": "VuetifyView", "template": "<div/>"}
    comm = page.open_comm("jupyter.widget", {"state": state, "buffer_paths": []})
    page.drain(0.5)
    page.custom(comm, {"create_widget": ["logging", "basicConfig"], "props": {"filename": str(planted(tmp_path))}, "id": "y"})
    page.drain(1.0)
    page.close()
    assert not planted(tmp_path).exists()


# ---------------------------------------------------------------------- who may talk to the server
@pytest.mark.parametrize("origin", ["http://evil.example", "null", None, "http://127.0.0.1:1", "file://"])
def test_a_websocket_from_another_origin_is_refused(server, origin):
    with pytest.raises(InvalidStatus) as refused:
        Page(server.base, origin=origin)
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.nip.io:{port}", "10.1.2.3:{port}"])
def test_a_rebinding_name_is_refused(server, host):
    host = host.format(port=server.port)
    status, _, body = http_get(server.base + "/", headers={"Host": host})
    assert status == 403 and word("en", "classroom.refused_host") in body and word("ru", "classroom.refused_host") in body
    with pytest.raises(InvalidStatus):
        Page(server.base, host=host, origin=f"http://{host}")


@pytest.mark.parametrize("path", ["/resourcez", "/readyz", "/_solara/auth/login", "/resourcez?verbose"])
def test_diagnostics_are_closed(server, path):
    assert http_get(server.base + path)[0] == 404


# ---------------------------------------------------------------------- joining
def test_guessing_the_code_is_slowed_down_and_counted(server):
    device = new_device()
    page = team_page(server, device=device)
    answers = [try_to_join(page, f"{guess:06d}", 0, "Guessers") for guess in range(8)]
    wrong = word("ru", "classroom.wrong_code", code="000000").split(" 000000")[0]
    assert all(wrong in text for text in answers[:3])  # the first mistakes cost nothing
    assert "попробуйте снова через" in answers[-1]  # then the waits grow faster than a pupil types
    # a second page of the same device waits as well: the count is by device, not by page
    other = team_page(server, device=device)
    assert "попробуйте снова через" in try_to_join(other, "000009", 0, "Guessers")
    page.close(), other.close()
    teacher = ClassroomGame.open(server.store)  # read-only look at the store: nobody joined
    assert all(seat.kind == "open" for seat in teacher.seats)
    teacher.close()


def test_a_name_written_as_a_formula_is_shown_as_text(server):
    """``$\\frac$`` once stopped the board being drawn on every screen, the projector's too, for good."""
    name = "$\\frac$<b>"
    page = team_page(server)
    texts = try_to_join(page, server.join_code(), 3, name)
    assert html.escape(word("ru", "classroom.you_play", seat=4, team=name)) in texts
    page.close()
    watcher = Page(server.base)
    watcher.run_app()
    images = [state for state in watcher.widgets.values() if state.get("_model_name") == "ImageModel"]
    assert images, "no board on a fresh page"
    assert "$\\frac$&lt;b&gt;" in watcher.texts() and "Traceback" not in watcher.texts()
    watcher.close()
    lesson = ClassroomGame.open(server.store)
    try:
        for lang in ("ru", "en"):
            assert lesson.board_picture(lang).startswith(b"\x89PNG")
            assert "$\\frac$&lt;b&gt;" in lesson.board_overlay(lang) and "<b>" not in lesson.board_overlay(lang)
    finally:
        lesson.close()


def test_the_code_space_is_too_large_for_a_lesson():
    from millionaire.classroom.seats import CODE_DIGITS, JoinThrottle

    throttle = JoinThrottle()
    assert throttle.most_tries(45 * 60, devices=254) / 10 ** CODE_DIGITS < 0.001
    assert throttle.free_failures >= 2  # a team that mistypes twice still gets in at once


@pytest.mark.parametrize("name", ["Bot 1", "Бот 2", "B0T 3", "Bоt 4", "Seat 1", "Место 2", "бот", "  b o t  1 "])
def test_a_name_that_looks_like_a_bot_or_a_seat_is_refused(tmp_path, name):
    lesson = ClassroomGame.open(tmp_path, seats=4, seed=1)
    try:
        with pytest.raises(Exception, match="looks like|похоже"):
            lesson.join(lesson.join_code, 0, name)
        assert lesson.seats[0].kind == "open"
    finally:
        lesson.close()


def test_a_name_that_looks_like_another_team_is_refused(tmp_path):
    lesson = ClassroomGame.open(tmp_path, seats=4, seed=1)
    try:
        lesson.join(lesson.join_code, 0, "Foxes")
        with pytest.raises(Exception, match="taken"):
            lesson.join(lesson.join_code, 1, "F0XES")  # a zero for the O
    finally:
        lesson.close()


# ---------------------------------------------------------------------- the teacher's key
def test_the_teachers_key_becomes_a_cookie_and_leaves_the_address(server):
    key = server.login_key()
    status, headers, _ = http_get(f"{server.base}/teacher?key={key}")
    assert status == 303 and headers["location"] == "/teacher"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"{TEACHER_COOKIE}=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert key not in cookie
    again = http_get(f"{server.base}/teacher?key={key}")  # a used key opens nothing
    assert again[0] == 303 and "set-cookie" not in again[1]
    teacher = Page(server.base, cookie=cookie.split(";")[0])
    teacher.run_app("teacher")
    stranger = Page(server.base)
    stranger.run_app("teacher")
    assert word("ru", "classroom.start") in teacher.texts()
    assert word("ru", "classroom.start") not in stranger.texts()
    assert word("ru", "classroom.teacher_only") in stranger.texts()
    projector = Page(server.base, cookie=cookie.split(";")[0])
    projector.run_app("projector")
    assert "Код" in projector.texts() and word("ru", "classroom.start") not in projector.texts()
    for page in (teacher, stranger, projector):
        page.close()


def test_a_forged_teachers_cookie_opens_nothing(server):
    page = Page(server.base, cookie=f"{TEACHER_COOKIE}=guess")
    page.run_app("teacher")
    assert word("ru", "classroom.teacher_only") in page.texts()
    page.close()


# ---------------------------------------------------------------------- bounded pages
def test_a_device_holds_a_bounded_number_of_pages(server):
    pages, device = [], new_device()
    try:
        with pytest.raises(InvalidStatus):
            for _ in range(PAGES_PER_DEVICE + 1):
                pages.append(Page(server.base, device=device))
                pages[-1].run_app()
        assert len(pages) <= PAGES_PER_DEVICE
    finally:
        for page in pages:
            page.close()


def test_a_dropped_page_is_freed_and_its_place_comes_back(server):
    device = new_device()
    page = Page(server.base, device=device)
    page.run_app()
    kernel = page.kernel
    page.socket.close()  # no unload signal: the device just went away
    time.sleep(PAGE_TIMEOUT + 4)
    again = Page(server.base, kernel=kernel, device=device)
    control = again.open_comm("solara.control")
    again.comm_msg(control, {"method": "app-status"})
    reply = again.receive_until(lambda m: m.get("content", {}).get("data", {}).get("method") == "app-status")
    assert reply["content"]["data"]["started"] is False  # the old page's kernel is gone
    again.close()


# ---------------------------------------------------------------------- the store
def test_a_second_server_on_the_same_store_is_refused(server):
    second = Server(server.store, free_port())
    assert second.process.wait(timeout=60) == 2
    assert "another classroom server uses this folder" in second.output() and f"process {server.process.pid}" in second.output()


def test_an_empty_store_is_refused_and_kept(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / FILE_NAME).write_bytes(b"")
    second = Server(folder, free_port())
    assert second.process.wait(timeout=60) == 2
    assert "is empty (0 bytes)" in second.output() and "to start afresh" in second.output()
    assert (folder / FILE_NAME).read_bytes() == b""


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign"])
def test_a_damaged_store_is_refused_with_what_to_do(tmp_path, damage):
    folder = tmp_path / "games"
    ClassroomGame.open(folder, seats=3, seed=2).close()
    path = folder / FILE_NAME
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    if damage == "garbage":
        path.write_bytes(b"not a database at all" * 100)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[: 4096 + 100])
    else:
        path.unlink()
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE games (id INTEGER, name TEXT)")
    before = path.read_bytes()
    second = Server(folder, free_port())
    assert second.process.wait(timeout=60) == 2
    output = second.output()
    assert "to start afresh" in output and "Traceback" not in output
    assert path.read_bytes() == before


# ---------------------------------------------------------------------- a lesson of several tables
@pytest.fixture(scope="module")
def lesson_server(tmp_path_factory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tables")
    running = Server(folder / "games", free_port(), "--seats", "2", "--seed", "5", "--tables", "3",
                     "--treatments", "standard,no_start_income,rich_start")
    try:
        yield running.wait_ready()
    finally:
        running.stop()


def join_a_table(page: Page, code: str, table: int, seat: int | None, team: str) -> str:
    """Fill the join form of a lesson: ``table`` and ``seat`` are the indexes the page sends for its
    two choices (the first table choice is the teacher's), whatever the page offered."""
    page.update(page.find("TextFieldModel", label=word("ru", "classroom.code")), v_model=code)
    page.update(page.find("TextFieldModel", label=word("ru", "classroom.team")), v_model=team)
    toggles = page.widgets_named("BtnToggleModel")  # the language, the tables, the seats
    page.update(toggles[1], v_model=table)
    page.drain(0.6)
    if seat is not None:
        page.update(page.widgets_named("BtnToggleModel")[-1], v_model=seat)
        page.drain(0.4)
    page.click(page.find("BtnModel", children=[word("ru", "classroom.join")]))
    try:  # the answer: the team's seat, or a refusal
        page.receive_until(lambda m: any(mark in json.dumps(m.get("content", {}), ensure_ascii=False)
                                         for mark in ("mln-you", "mln-message")), 20)
    except AssertionError:
        pass
    page.drain(0.5)
    return page.texts()


def teams_seated(store: Path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(store / FILE_NAME) as db:
        return db.execute("SELECT game, seat, team FROM seats WHERE kind = 'team' ORDER BY game, seat").fetchall()


def test_a_team_joins_the_table_it_picked(lesson_server):
    page = team_page(lesson_server)
    texts = join_a_table(page, lesson_server.join_code(), 3, 1, "Pickers")  # the third table of the list
    assert html.escape(word("ru", "classroom.you_play_at", table=3, seat=2, team="Pickers")) in texts, texts[-600:]
    assert teams_seated(lesson_server.store)[-1][1:] == (1, "Pickers")
    page.close()


@pytest.mark.parametrize("table, seat", [(99, 0), (-1, 0), (4, 0), (3, 7), ("2", 0), (2, -3), (None, None)])
def test_a_table_or_seat_that_the_page_did_not_offer_lands_nowhere_else(lesson_server, table, seat):
    """A forged choice is not a choice: the form keeps what it offered (the teacher's table, the first free
    seat), so a team lands only on a seat of a table that exists, and the server serves on."""
    page = team_page(lesson_server)
    texts = join_a_table(page, lesson_server.join_code(), table, seat, f"Forgers {table} {seat}")
    games = {game for game, _, _ in teams_seated(lesson_server.store)}
    assert len(games) <= 3 and all(0 <= place < 2 for _, place, _ in teams_seated(lesson_server.store))
    assert "Traceback" not in texts
    page.close()
    again = team_page(lesson_server)  # the server still serves a fresh page its join form
    assert word("ru", "classroom.any_table") in again.texts()
    again.close()
