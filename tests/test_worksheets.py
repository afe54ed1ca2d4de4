"""Worksheets (``millionaire worksheet``): a PDF for every lesson in both languages that holds its
text, a key that holds the answers the pupil's sheet leaves out, and clear refusals of bad input."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest

from millionaire.cli import main
from millionaire.worksheets import WorksheetError, load_sheets, sheet, write_lesson, write_sheet

LESSONS = [f"{n:02d}" for n in range(16)]


def pdf_text(data: bytes) -> str:
    """The text of a PDF with every run of whitespace made one space (lines wrap anywhere)."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def flat(text: str) -> str:
    return " ".join(text.split())


def test_every_lesson_has_a_sheet_in_both_languages_with_the_same_tasks():
    english, russian = load_sheets("en"), load_sheets("ru")
    assert sorted(english) == sorted(russian) == LESSONS
    for lesson in LESSONS:
        pairs = zip(english[lesson].tasks, russian[lesson].tasks, strict=True)
        for en_task, ru_task in pairs:
            assert (en_task.lines, len(en_task.rows), len(en_task.columns)) == (ru_task.lines, len(ru_task.rows), len(ru_task.columns))
            assert en_task.answers == ru_task.answers  # a table's answers are numbers, the same in both


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_sheet_and_key_hold_their_text(lesson, lang):
    chosen = sheet(lesson, lang)
    pupil, key = io.BytesIO(), io.BytesIO()
    assert write_sheet(chosen, pupil) >= 1 and write_sheet(chosen, key, key=True) >= 1
    pupil_text, key_text = pdf_text(pupil.getvalue()), pdf_text(key.getvalue())
    assert flat(chosen.title) in pupil_text and flat(chosen.goal) in pupil_text
    for task in chosen.tasks:
        opening = flat(task.text)[:40]
        assert opening in pupil_text and opening in key_text
        answer = flat(task.answer)[:40]
        assert answer in key_text and answer not in pupil_text
        for row in task.answers:
            assert " ".join(row) in key_text


def test_the_command_writes_the_sheet_and_the_key(tmp_path, capsys):
    assert main(["worksheet", "--lesson", "7", "--lang", "ru", "--folder", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["worksheet_07_ru.pdf", "worksheet_07_ru_key.pdf"]
    assert "ключ ответов" in pdf_text((tmp_path / "worksheet_07_ru_key.pdf").read_bytes())
    assert "рабочий лист урока 07" in capsys.readouterr().out


def test_all_lessons_at_once(tmp_path):
    written = write_lesson("all", "en", tmp_path)
    assert len(written) == 32 and all(path.stat().st_size > 1000 for path in written)


def test_an_unknown_lesson_or_a_missing_folder_writes_nothing(tmp_path, capsys):
    assert main(["worksheet", "--lesson", "16", "--folder", str(tmp_path)]) == 2
    assert "no worksheet for lesson '16': the lessons are 00 to 15" in capsys.readouterr().err
    assert main(["worksheet", "--lesson", "03", "--folder", str(tmp_path / "missing")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


GOOD = """name_line = "Name: ____"
[lessons."00"]
title = "A title"
goal = "A goal"
[[lessons."00".tasks]]
text = "Do this."
lines = 2
answer = "That."
"""


@pytest.mark.parametrize("broken, message", [
    ("name_line = 'x'\n", "need a name_line and a [lessons] table"),
    (GOOD.replace('title = "A title"\n', ""), "lessons.00: title must be text"),
    (GOOD.replace("lines = 2", "lines = 40"), "lessons.00.tasks[1]: lines must be a whole number 0 to 12"),
    (GOOD.replace("lines = 2", 'lines = "two"'), "lines must be a whole number"),
    (GOOD.replace('answer = "That."', 'answer = ""'), "tasks[1]: answer must be text"),
    (GOOD + 'table = { columns = ["a", "b"], rows = ["r"], answers = [["1"]] }\n', "table.answers must be one list a row"),
    (GOOD + 'table = { columns = ["a"] }\n', "table must be columns and rows"),
    ("lessons = [", "not a TOML file"),
])
def test_a_bad_data_file_is_refused_naming_the_field(tmp_path, broken, message):
    path = tmp_path / "sheets.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(WorksheetError, match=message.replace("[", r"\[").replace("]", r"\]")) as caught:
        load_sheets("en", path)
    assert str(path) in str(caught.value)
    path.write_text(GOOD, encoding="utf-8")
    assert load_sheets("en", path)["00"].tasks[0].lines == 2


def test_a_russian_refusal_is_in_russian(tmp_path):
    path = tmp_path / "листы.toml"
    path.write_text(GOOD.replace("lines = 2", "lines = -1"), encoding="utf-8")
    with pytest.raises(WorksheetError, match="в поле lines должно быть: целое число от 0 до 12"):
        load_sheets("ru", path)
    with pytest.raises(WorksheetError, match="не удаётся прочитать"):
        load_sheets("ru", Path(tmp_path / "нет.toml"))
