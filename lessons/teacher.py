"""The teacher's copies of the lessons: ``make teacher`` (or ``python lessons/teacher.py``).

The notebooks in ``notebooks/`` are the students' copies: they hold no solution, so nothing a class
does with them (Run All, autosave, a fresh clone, the website) can show an answer. The solutions live
here, in ``lessons/solutions/`` (``NN_name.ipynb``, and ``ru/NN_name.ipynb`` for the Russian lessons):
notebooks that hold only the solution cells, with their outputs, each naming the cell it follows
(``metadata.solution_after``, a cell id of the lesson). A teacher's copy is the student's copy with
those cells put back, written to ``build/teacher/`` in the same layout as ``notebooks/``.

To change a solution, edit the teacher's copy, execute it, and split it back::

    python lessons/teacher.py                        # build/teacher/NN_name.ipynb, build/teacher/ru/...
    python lessons/teacher.py --split build/teacher  # its cells back to notebooks/ and lessons/solutions/

Splitting also tidies each notebook (:func:`tidy`: a widget is kept as its sentence, "Run this cell to
show the board.", not as a view of a widget no kernel answers); after executing a lesson in place,
``python lessons/teacher.py --tidy`` does the same.
"""

from __future__ import annotations

import argparse
import copy
import shutil
import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
NOTEBOOKS = REPO / "notebooks"
SOLUTIONS = HERE / "solutions"
#: Folders beside the lessons that they read: the class data (lesson 11) and the class's bots (lesson 10).
FOLDERS = ("data", "bots", "ru/bots")
TAG = "solution"
ANCHOR = "solution_after"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class TeacherCopyError(RuntimeError):
    """A teacher's copy cannot be built or split; the message says which notebook and which cell."""


def is_solution(cell: nbformat.NotebookNode) -> bool:
    """Whether a cell holds an exercise's solution: tagged ``solution``.

    >>> is_solution(nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["solution"]}))
    True
    """
    return TAG in cell.get("metadata", {}).get("tags", [])


def split(teacher: nbformat.NotebookNode, name: str = "notebook") -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    """A teacher's copy as (student's copy, solutions): each solution remembers the cell before it.

    >>> cell = nbformat.v4.new_code_cell
    >>> nb = nbformat.v4.new_notebook(cells=[cell("a = 1", id="c1"), cell("a", id="c2", metadata={"tags": ["solution"]})])
    >>> student, solutions = split(nb)
    >>> [c.id for c in student.cells], solutions.cells[0].metadata.solution_after
    (['c1'], 'c1')
    """
    if teacher.cells and is_solution(teacher.cells[0]):
        raise TeacherCopyError(f"{name}: the first cell is a solution; a solution must follow a cell of the lesson")
    student, solutions = copy.deepcopy(teacher), copy.deepcopy(teacher)
    student.cells, solutions.cells = [], []
    before = None
    for cell in copy.deepcopy(teacher.cells):
        if is_solution(cell):
            cell.metadata[ANCHOR] = before
            solutions.cells.append(cell)
        else:
            cell.metadata.pop(ANCHOR, None)
            student.cells.append(cell)
        before = cell.id
    solutions.metadata.pop("widgets", None)
    return student, solutions


def merge(student: nbformat.NotebookNode, solutions: nbformat.NotebookNode,
          name: str = "notebook") -> nbformat.NotebookNode:
    """The teacher's copy: the student's copy with each solution put back after the cell it names.

    >>> cell = nbformat.v4.new_code_cell
    >>> student = nbformat.v4.new_notebook(cells=[cell("a = 1", id="c1"), cell("b = 2", id="c3")])
    >>> answers = nbformat.v4.new_notebook(cells=[cell("a", id="c2", metadata={"tags": ["solution"], "solution_after": "c1"})])
    >>> [c.id for c in merge(student, answers).cells]
    ['c1', 'c2', 'c3']
    """
    stray = [cell.id for cell in student.cells if is_solution(cell)]
    if stray:
        raise TeacherCopyError(f"{name}: the student's copy holds solution cells {', '.join(stray)}; "
                               "split the notebook with `python lessons/teacher.py --split FOLDER`")
    teacher = copy.deepcopy(student)
    for cell in copy.deepcopy(solutions.cells):
        after = cell.metadata.pop(ANCHOR, None)
        if not is_solution(cell):
            raise TeacherCopyError(f"{name}: solutions cell {cell.id} is not tagged {TAG!r}")
        ids = [each.id for each in teacher.cells]
        if cell.id in ids:
            raise TeacherCopyError(f"{name}: solution cell {cell.id} has the id of a cell of the lesson")
        if after not in ids:
            raise TeacherCopyError(f"{name}: solution cell {cell.id} follows cell {after!r}, "
                                   "which the student's copy does not have")
        teacher.cells.insert(ids.index(after) + 1, cell)
    return teacher


def tidy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as the kit keeps it: a widget's output only as its sentence in the lesson's language
    ("Run this cell to show the board."), which JupyterLab shows until the cell runs again, and no saved
    widget state, which would draw a widget that no kernel answers.

    >>> out = nbformat.v4.new_output("display_data", data={WIDGET_VIEW: {"model_id": "m"}, "text/plain": "Run me."})
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[out])], metadata={"widgets": {}})
    >>> tidied = tidy(nb)
    >>> tidied.cells[0].outputs[0].data, "widgets" in tidied.metadata
    ({'text/plain': 'Run me.'}, False)
    """
    notebook = copy.deepcopy(notebook)
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
    return notebook


def lessons() -> list[Path]:
    """The lesson notebooks, relative to ``notebooks/``: ``00_start_here.ipynb``, ..., ``ru/15_a_bot_that_learns.ipynb``."""
    return sorted(path.relative_to(NOTEBOOKS) for folder in (NOTEBOOKS, NOTEBOOKS / "ru")
                  for path in folder.glob("[0-9][0-9]_*.ipynb"))


def _read(path: Path) -> nbformat.NotebookNode:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    return notebook


def build(out: Path) -> list[Path]:
    """Write every teacher's copy under ``out`` (with the folders the lessons read); returns the notebooks written."""
    written = []
    for lesson in lessons():
        student, answers = NOTEBOOKS / lesson, SOLUTIONS / lesson
        teacher = merge(_read(student), _read(answers), str(lesson)) if answers.exists() else _read(student)
        (out / lesson).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(teacher, out / lesson)
        written.append(out / lesson)
    for folder in FOLDERS:  # what the lessons read beside them
        if (out / folder).exists():
            shutil.rmtree(out / folder)
        shutil.copytree(NOTEBOOKS / folder, out / folder)
    return written


def split_back(folder: Path) -> list[Path]:
    """Split every teacher's copy under ``folder`` back into ``notebooks/`` and ``lessons/solutions/``."""
    written = []
    for lesson in lessons():
        if not (folder / lesson).exists():
            continue
        student, solutions = split(tidy(_read(folder / lesson)), str(lesson))
        nbformat.write(student, NOTEBOOKS / lesson)
        written.append(NOTEBOOKS / lesson)
        if solutions.cells:
            (SOLUTIONS / lesson).parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(solutions, SOLUTIONS / lesson)
            written.append(SOLUTIONS / lesson)
    return written


def tidy_in_place() -> list[Path]:
    """Tidy every lesson, solution and the app where they are kept (after executing them in place)."""
    paths = [*(NOTEBOOKS / lesson for lesson in lessons()), *sorted(SOLUTIONS.rglob("*.ipynb")), REPO / "app" / "play.ipynb"]
    for path in paths:
        nbformat.write(tidy(_read(path)), path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the teacher's copies of the lessons, or split them back.")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "teacher", help="where to build (build/teacher)")
    parser.add_argument("--split", type=Path, metavar="FOLDER",
                        help="split the teacher's copies in FOLDER back into notebooks/ and lessons/solutions/")
    parser.add_argument("--tidy", action="store_true",
                        help="tidy the lessons, solutions and app in place after executing them (widget outputs)")
    args = parser.parse_args(argv)
    try:
        if args.tidy:
            written, where = tidy_in_place(), "where they are"
        elif args.split:
            written, where = split_back(args.split), "notebooks/ and lessons/solutions/"
        else:
            written, where = build(args.out), str(args.out)
    except (TeacherCopyError, OSError, nbformat.ValidationError) as error:
        print(f"teacher.py: {error}", file=sys.stderr)
        return 1
    print(f"{len(written)} notebooks written to {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
