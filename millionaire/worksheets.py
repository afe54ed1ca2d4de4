"""Worksheets: a printable page for each lesson's steps by hand, and the teacher's answer key.

The sheets' words live in one data file per language, ``millionaire/sheets/en.toml`` and
``ru.toml`` (a lesson's title and goal, then its tasks: the text, the lines to write on, a table to
fill in, and the answer); this module only lays them out on A4 and writes the PDF, with the same
fonts and the same whole-file writing as ``millionaire print``. ``millionaire worksheet --lesson 03
--lang ru`` writes the pupil's sheet and the key; ``make worksheets`` writes every lesson into
``build/worksheets/``.

Examples
--------
>>> sheet = load_sheets("en")["03"]
>>> sheet.title, len(sheet.tasks) > 0
('Lesson 03. Where tokens land: a Markov chain', True)
>>> import io
>>> buffer = io.BytesIO()
>>> write_sheet(sheet, buffer, key=True) >= 1, buffer.getvalue()[:5]
(True, b'%PDF-')
"""

from __future__ import annotations

import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import matplotlib
from matplotlib.backends.backend_pdf import FigureCanvasPdf, PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .errors import MillionaireError
from .plain_text import draw_text, one_line
from .printing import check_output, write_file
from .words import check_lang, word

SHEETS = Path(__file__).resolve().parent / "sheets"
_PAGE = (210 / 25.4, 297 / 25.4)   # A4, inches
_LEFT, _RIGHT, _TOP, _BOTTOM = 0.08, 0.92, 0.95, 0.06
_LINE = 0.026                      # the height of a written line, as a share of the page
_WIDTH = 84                        # characters in a line of the task's text


class WorksheetError(MillionaireError):
    """A worksheet that cannot be made: an unknown lesson or a data file that is not as documented."""


@dataclass(frozen=True)
class Task:
    """One task of a sheet: what the pupil does, where he writes, and the answer for the key."""

    text: str
    lines: int
    answer: str
    columns: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    answers: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Sheet:
    """The worksheet of one lesson in one language."""

    lesson: str
    lang: str
    title: str
    goal: str
    name_line: str
    tasks: tuple[Task, ...]


def load_sheets(lang: str, path: str | Path | None = None) -> dict[str, Sheet]:
    """Every lesson's sheet in ``lang``, from ``path`` (default: the kit's ``sheets/LANG.toml``),
    by lesson number (``"00"`` ... ``"15"``); a file that is not as documented is refused, naming
    the file, the lesson and the field.

    >>> sorted(load_sheets("ru"))[:3]
    ['00', '01', '02']
    """
    check_lang(lang)
    source = Path(path) if path is not None else SHEETS / f"{lang}.toml"
    shown = one_line(str(source))
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise WorksheetError(word(lang, "sheet.unreadable", path=shown, reason=one_line(str(error)))) from None
    except tomllib.TOMLDecodeError as error:
        raise WorksheetError(word(lang, "sheet.not_toml", path=shown, reason=one_line(str(error)))) from None
    lessons = data.get("lessons")
    name_line = data.get("name_line")
    if not isinstance(lessons, dict) or not lessons or not isinstance(name_line, str):
        raise WorksheetError(word(lang, "sheet.no_lessons", path=shown))
    return {number: _sheet(number, body, lang, name_line, shown) for number, body in lessons.items()}


def _sheet(number: str, body: Any, lang: str, name_line: str, shown: str) -> Sheet:
    where = f"{shown}: lessons.{number}"
    if not isinstance(body, dict):
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="lessons", need=word(lang, "sheet.need_table")))
    for field in ("title", "goal"):
        if not isinstance(body.get(field), str) or not body[field].strip():
            raise WorksheetError(word(lang, "sheet.bad_field", where=where, field=field, need=word(lang, "sheet.need_text")))
    tasks = body.get("tasks")
    if not isinstance(tasks, list) or not tasks:
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="tasks", need=word(lang, "sheet.need_tasks")))
    return Sheet(number, lang, body["title"], body["goal"], name_line,
                 tuple(_task(task, lang, f"{where}.tasks[{n}]") for n, task in enumerate(tasks, start=1)))


def _task(task: Any, lang: str, where: str) -> Task:
    if not isinstance(task, dict):
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="task", need=word(lang, "sheet.need_table")))
    for field in ("text", "answer"):
        if not isinstance(task.get(field), str) or not task[field].strip():
            raise WorksheetError(word(lang, "sheet.bad_field", where=where, field=field, need=word(lang, "sheet.need_text")))
    lines = task.get("lines", 0)
    if not isinstance(lines, int) or isinstance(lines, bool) or not 0 <= lines <= 12:
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="lines", need=word(lang, "sheet.need_lines")))
    table = task.get("table", {})
    columns, rows, answers = (table.get(name, []) for name in ("columns", "rows", "answers"))
    texts = (isinstance(part, list) and all(isinstance(cell, str) for cell in part) for part in (columns, rows))
    if not isinstance(table, dict) or not all(texts) or bool(columns) != bool(rows) or len(columns) > 8 or len(rows) > 8:
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="table",
                                  need=word(lang, "sheet.need_columns")))
    if answers and (not isinstance(answers, list) or len(answers) != len(rows)
                    or any(not isinstance(row, list) or len(row) != len(columns) for row in answers)):
        raise WorksheetError(word(lang, "sheet.bad_field", where=where, field="table.answers",
                                  need=word(lang, "sheet.need_answers")))
    return Task(task["text"], lines, task["answer"], tuple(columns), tuple(rows),
                tuple(tuple(str(cell) for cell in row) for row in answers))


def sheet(lesson: str, lang: str) -> Sheet:
    """The kit's sheet of ``lesson`` (``"3"`` or ``"03"``) in ``lang``; an unknown lesson is refused.

    >>> sheet("7", "en").lesson
    '07'
    >>> sheet("16", "en")
    Traceback (most recent call last):
    ...
    millionaire.worksheets.WorksheetError: no worksheet for lesson '16': the lessons are 00 to 15
    """
    sheets = load_sheets(lang)
    number = lesson.zfill(2) if lesson.isdigit() else lesson
    if number not in sheets:
        raise WorksheetError(word(lang, "sheet.no_lesson", lesson=one_line(lesson, most=40),
                                  first=min(sheets), last=max(sheets)))
    return sheets[number]


def _page(sheet: Sheet, key: bool, first: bool) -> tuple[Figure, float]:
    figure = Figure(figsize=_PAGE)
    FigureCanvasPdf(figure)
    title = sheet.title + (" — " + word(sheet.lang, "sheet.key") if key else "")
    draw_text(figure, _LEFT, _TOP, title, ha="left", va="top", fontsize=14, fontweight="bold")
    y = _TOP - 0.035
    if first:
        draw_text(figure, _LEFT, y, word(sheet.lang, "sheet.for_teacher") if key else sheet.name_line,
                  ha="left", va="top", fontsize=10)
        draw_text(figure, _LEFT, y - 0.025, sheet.goal, ha="left", va="top", fontsize=10, style="italic")
        y -= 0.06
    return figure, y


def _height(task: Task, key: bool) -> float:
    text = len(textwrap.wrap(task.text, _WIDTH)) * 0.019
    table = (len(task.rows) + 1) * 0.04 if task.rows else 0.0
    below = len(textwrap.wrap(task.answer, _WIDTH)) * 0.019 if key else task.lines * _LINE
    return text + table + below + 0.025


def _draw_task(figure: Figure, number: int, task: Task, y: float, key: bool) -> float:
    text = "\n".join(textwrap.wrap(f"{number}. {task.text}", _WIDTH))
    draw_text(figure, _LEFT, y, text, ha="left", va="top", fontsize=10.5, linespacing=1.35)
    y -= len(text.splitlines()) * 0.019 + 0.01
    if task.rows:
        y = _draw_table(figure, task, y, key)
    if key:
        answer = "\n".join(textwrap.wrap(task.answer, _WIDTH))
        draw_text(figure, _LEFT + 0.02, y, answer, ha="left", va="top", fontsize=10.5, color="#1a4d8f",
                  linespacing=1.35)
        y -= len(answer.splitlines()) * 0.019
    else:
        for _ in range(task.lines):
            y -= _LINE
            figure.add_artist(matplotlib.lines.Line2D([_LEFT + 0.02, _RIGHT], [y, y], lw=0.5, color="#888888"))
    return y - 0.02


def _draw_table(figure: Figure, task: Task, y: float, key: bool) -> float:
    cell_w = min(0.1, (_RIGHT - _LEFT - 0.16) / len(task.columns))
    head_w, cell_h = 0.14, 0.04
    for column, label in enumerate(task.columns):
        draw_text(figure, _LEFT + head_w + (column + 0.5) * cell_w, y - cell_h / 2, label, ha="center", va="center",
                  fontsize=10, fontweight="bold")
    for row, label in enumerate(task.rows):
        top = y - (row + 1) * cell_h
        draw_text(figure, _LEFT + head_w - 0.01, top - cell_h / 2, label, ha="right", va="center", fontsize=10,
                  fontweight="bold")
        for column in range(len(task.columns)):
            x = _LEFT + head_w + column * cell_w
            figure.add_artist(Rectangle((x, top - cell_h), cell_w, cell_h, fill=False, lw=0.8, edgecolor="#333333"))
            if key and task.answers:
                draw_text(figure, x + cell_w / 2, top - cell_h / 2, task.answers[row][column], ha="center",
                          va="center", fontsize=10, color="#1a4d8f")
    return y - (len(task.rows) + 1) * cell_h - 0.01


def pages(sheet: Sheet, key: bool = False) -> list[Figure]:
    """The sheet laid out on A4 pages: the pupil's, with lines and empty tables to fill in, or the
    teacher's key, with every answer in their place."""
    figure, y = _page(sheet, key, first=True)
    result = [figure]
    for number, task in enumerate(sheet.tasks, start=1):
        if y - _height(task, key) < _BOTTOM:
            figure, y = _page(sheet, key, first=False)
            result.append(figure)
        y = _draw_task(figure, number, task, y, key)
    return result


def write_sheet(sheet: Sheet, target: str | Path | IO[bytes], key: bool = False) -> int:
    """Write the pupil's sheet (or with ``key`` the teacher's key) as a PDF; returns its page count.
    A path is checked first and written whole or not at all, as ``millionaire print`` writes."""
    def write(out: IO[bytes]) -> int:
        with matplotlib.rc_context({"pdf.fonttype": 42, "font.family": "DejaVu Sans"}):
            figures = pages(sheet, key)
            title = one_line(sheet.title + (" — " + word(sheet.lang, "sheet.key") if key else ""))
            with PdfPages(out, metadata={"Title": title}) as pdf:
                for figure in figures:
                    pdf.savefig(figure)
        return len(figures)

    if not isinstance(target, (str, Path)):
        return write(target)
    check_output(target, sheet.lang)
    counts: list[int] = []
    write_file(target, lambda out: counts.append(write(out)), sheet.lang)
    return counts[0]


def file_names(sheet: Sheet) -> tuple[str, str]:
    """The files of a lesson's sheet and key: ``worksheet_03_ru.pdf``, ``worksheet_03_ru_key.pdf``.

    >>> file_names(sheet("03", "ru"))
    ('worksheet_03_ru.pdf', 'worksheet_03_ru_key.pdf')
    """
    stem = f"worksheet_{sheet.lesson}_{sheet.lang}"
    return f"{stem}.pdf", f"{stem}_key.pdf"


def write_lesson(lesson: str, lang: str, folder: str | Path = ".") -> list[Path]:
    """Write the sheet and the key of ``lesson`` (or of every lesson, ``"all"``) into ``folder``;
    returns the files written. Nothing is written for an unknown lesson or a folder that is missing."""
    chosen = list(load_sheets(lang).values()) if lesson == "all" else [sheet(lesson, lang)]
    written = []
    for each in chosen:
        for name, key in zip(file_names(each), (False, True)):
            path = Path(folder) / name
            write_sheet(each, path, key=key)
            written.append(path)
    return written
