"""Every lesson notebook is named wherever the course lists its lessons: the README's table, the guides'
index in both languages, the course map in both languages, lesson 00's table of lessons in both
notebooks; and it has a teacher guide and a worksheet in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from millionaire.worksheets import load_sheets

REPO = Path(__file__).resolve().parents[1]
LESSONS = sorted(path.stem for path in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _next_steps(path: Path) -> str:
    """The markdown of lesson 00 that lists the lessons (the cell whose table names lesson 01)."""
    cells = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"]
    (table,) = [source for source in cells if "| `01_play_a_game` |" in source]
    return table


def _rows(text: str) -> set[str]:
    """The first column of every table row of a markdown text, without its backticks."""
    return {match.strip("` ") for match in re.findall(r"^\|\s*([^|]+?)\s*\|", text, re.M)}


def test_the_lessons_are_the_same_in_both_languages():
    russian = sorted(path.stem for path in (REPO / "notebooks" / "ru").glob("[0-9][0-9]_*.ipynb"))
    assert LESSONS and russian == LESSONS


@pytest.mark.parametrize("place", ["README.md", "lessons/README.md", "lessons/README.ru.md"])
def test_every_lesson_is_a_row_of_each_table_of_lessons(place):
    rows = _rows((REPO / place).read_text(encoding="utf-8"))
    missing = [lesson for lesson in LESSONS if lesson not in rows]
    assert not missing, f"{place} has no row for {missing}"


@pytest.mark.parametrize("place", ["lessons/course_map.md", "lessons/course_map.ru.md"])
def test_every_lesson_is_a_row_of_the_course_map(place):
    numbers = {row.split()[0] for row in _rows((REPO / place).read_text(encoding="utf-8")) if row[:2].isdigit()}
    missing = [lesson for lesson in LESSONS if lesson[:2] not in numbers]
    assert not missing, f"{place} has no row for {missing}"


@pytest.mark.parametrize("notebook", ["notebooks/00_start_here.ipynb", "notebooks/ru/00_start_here.ipynb"])
def test_lesson_00_lists_every_lesson_after_it(notebook):
    rows = _rows(_next_steps(REPO / notebook))
    missing = [lesson for lesson in LESSONS[1:] if lesson not in rows]
    assert not missing, f"{notebook} does not list {missing}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_lesson_has_a_guide_and_a_worksheet(lang):
    sheets = load_sheets(lang)
    missing = [lesson for lesson in LESSONS
               if not (REPO / "lessons" / lang / f"{lesson}.md").exists() or lesson[:2] not in sheets]
    assert not missing, f"no guide in lessons/{lang}/ or no worksheet in {lang}.toml for {missing}"
