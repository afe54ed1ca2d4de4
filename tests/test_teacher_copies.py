"""The students' copies and the teacher's copies of the lessons (``lessons/teacher.py``, ``make teacher``).

A student's copy (``notebooks/``) holds no solution; the teacher's copy is that notebook with the
solutions of ``lessons/solutions/`` put back after the cells they name, and nothing else changed.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lessons_teacher", REPO / "lessons" / "teacher.py")
teacher = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(teacher)

LESSONS = teacher.lessons()
#: What gives a solution away in a student's copy besides the tag: its heading comment.
SOLUTION_HEADING = re.compile(r"^\s*#\s*(Solution|Решение)\b", re.M)


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _without_outputs(cells) -> list[tuple[str, str, str]]:
    return [(cell.id, cell.cell_type, cell.source) for cell in cells]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("teacher")
    teacher.build(out)
    return out


def test_every_lesson_in_both_languages_has_solutions():
    assert len(LESSONS) == 32
    missing = [str(lesson) for lesson in LESSONS if not (teacher.SOLUTIONS / lesson).exists()]
    assert not missing, f"lessons without solutions in lessons/solutions/: {missing}"


@pytest.mark.parametrize("lesson", LESSONS, ids=str)
def test_a_students_copy_holds_no_solution(lesson):
    notebook = _read(teacher.NOTEBOOKS / lesson)
    tagged = [cell.id for cell in notebook.cells if teacher.is_solution(cell)]
    headed = [cell.id for cell in notebook.cells if cell.cell_type == "code" and SOLUTION_HEADING.search(cell.source)]
    assert not tagged and not headed, f"{lesson}: solution cells {tagged or headed} in the students' copy"


@pytest.mark.parametrize("lesson", LESSONS, ids=str)
def test_the_teachers_copy_is_the_students_plus_the_solutions(lesson, built):
    student, answers, whole = (_read(folder / lesson) for folder in (teacher.NOTEBOOKS, teacher.SOLUTIONS, built))
    nbformat.validate(whole)
    assert whole.metadata == student.metadata
    shared = [cell for cell in whole.cells if not teacher.is_solution(cell)]
    assert shared == student.cells, f"{lesson}: the teacher's copy changed a cell of the lesson"
    solutions = [cell for cell in whole.cells if teacher.is_solution(cell)]
    assert _without_outputs(solutions) == _without_outputs(answers.cells)
    assert [cell.outputs for cell in solutions] == [cell.outputs for cell in answers.cells], \
        f"{lesson}: the teacher's copy lost a solution's output"
    assert not any(teacher.ANCHOR in cell.metadata for cell in whole.cells)
    for cell in answers.cells:
        place = [each.id for each in whole.cells].index(cell.id)
        assert whole.cells[place - 1].id == cell.metadata[teacher.ANCHOR], f"{lesson}: {cell.id} out of place"


@pytest.mark.parametrize("lesson", LESSONS, ids=str)
def test_splitting_the_teachers_copy_gives_back_both_files(lesson, built):
    student, solutions = teacher.split(_read(built / lesson), str(lesson))
    assert student == _read(teacher.NOTEBOOKS / lesson)
    assert _without_outputs(solutions.cells) == _without_outputs(_read(teacher.SOLUTIONS / lesson).cells)
    assert [cell.metadata for cell in solutions.cells] == \
        [cell.metadata for cell in _read(teacher.SOLUTIONS / lesson).cells]


def test_the_build_carries_the_lessons_data(built):
    assert sorted(path.name for path in (built / "data").iterdir()) == \
        sorted(path.name for path in (teacher.NOTEBOOKS / "data").iterdir())


def _pair():
    cell = nbformat.v4.new_code_cell
    student = nbformat.v4.new_notebook(cells=[cell("a = 1", id="c1"), cell("b = 2", id="c2")])
    answers = nbformat.v4.new_notebook(cells=[
        cell("a + 1", id="s1", metadata={"tags": ["solution"], "solution_after": "c1"})])
    return student, answers


@pytest.mark.parametrize(("spoil", "message"), [
    (lambda student, answers: answers.cells[0].metadata.update(solution_after="c9"),
     r"lesson: solution cell s1 follows cell 'c9', which the student's copy does not have"),
    (lambda student, answers: answers.cells[0].metadata.update(tags=[]),
     r"lesson: solutions cell s1 is not tagged 'solution'"),
    (lambda student, answers: setattr(answers.cells[0], "id", "c2"),
     r"lesson: solution cell c2 has the id of a cell of the lesson"),
    (lambda student, answers: student.cells[1].metadata.update(tags=["solution"]),
     r"lesson: the student's copy holds solution cells c2"),
])
def test_a_bad_pair_is_refused_naming_the_cell(spoil, message):
    student, answers = _pair()
    spoil(student, answers)
    before = (nbformat.writes(student), nbformat.writes(answers))
    with pytest.raises(teacher.TeacherCopyError, match=message):
        teacher.merge(student, answers, "lesson")
    assert (nbformat.writes(student), nbformat.writes(answers)) == before, "a refused merge changes nothing"


def test_a_solution_before_the_first_cell_is_refused():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1", id="s", metadata={"tags": ["solution"]})])
    with pytest.raises(teacher.TeacherCopyError, match="lesson: the first cell is a solution"):
        teacher.split(notebook, "lesson")


def test_the_command_reports_a_bad_lesson_in_one_line(tmp_path, monkeypatch, capsys):
    student, answers = _pair()
    answers.cells[0].metadata["solution_after"] = "gone"
    (tmp_path / "notebooks" / "data").mkdir(parents=True)
    (tmp_path / "solutions").mkdir()
    nbformat.write(student, tmp_path / "notebooks" / "00_x.ipynb")
    nbformat.write(answers, tmp_path / "solutions" / "00_x.ipynb")
    monkeypatch.setattr(teacher, "NOTEBOOKS", tmp_path / "notebooks")
    monkeypatch.setattr(teacher, "SOLUTIONS", tmp_path / "solutions")
    assert teacher.main(["--out", str(tmp_path / "out")]) == 1
    assert capsys.readouterr().err.strip() == ("teacher.py: 00_x.ipynb: solution cell s1 follows cell 'gone', "
                                               "which the student's copy does not have")


KEPT = [*(teacher.NOTEBOOKS / lesson for lesson in LESSONS), *sorted(teacher.SOLUTIONS.rglob("*.ipynb")),
        REPO / "app" / "play.ipynb"]


@pytest.mark.parametrize("path", KEPT, ids=lambda path: str(path.relative_to(REPO)))
def test_a_kept_notebook_opens_unchanged_and_tidy(path):
    """Read, validated and written again, the file is the same; its kernel is named as the installed
    one is (JupyterLab rewrites a different name on open and marks the lesson changed); no widget view
    or widget state is kept, only each widget's sentence."""
    from ipykernel.kernelspec import get_kernel_dict

    raw = path.read_text(encoding="utf-8")
    notebook = nbformat.reads(raw, as_version=4)
    nbformat.validate(notebook)
    assert nbformat.writes(notebook) + "\n" == raw
    assert notebook.metadata.kernelspec.display_name == get_kernel_dict()["display_name"]
    assert teacher.tidy(notebook) == notebook, f"{path.name}: run `python lessons/teacher.py --tidy`"
