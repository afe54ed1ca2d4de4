"""The website build's own rules (``website/``): each widget pictured at its own cell, no solution shown,
a note beside every widget in the page's language, clear errors. The whole site in a browser is
``tests/browser/test_site.py`` (``make site-test``)."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

import nbformat
import pytest

WEBSITE = Path(__file__).resolve().parents[1] / "website"


def _load(name: str):
    """A module of website/ (a folder of scripts, not a package), imported by path."""
    if str(WEBSITE) not in sys.path:
        sys.path.insert(0, str(WEBSITE))
    spec = importlib.util.spec_from_file_location(f"website_{name}", WEBSITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


execute = _load("execute")
build = _load("build")


def _notebook(tmp_path: Path, *sources: str) -> Path:
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources]), path)
    return path


def _models(notebook) -> dict:
    return notebook.metadata["widgets"][execute.WIDGET_STATE]["state"]


def _view(cell) -> str:
    (view,) = execute.widget_views(cell)
    return view["model_id"]


@pytest.mark.parametrize("module", [execute, build], ids=["execute", "build"])
def test_the_examples_in_the_docstrings_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_widget_that_a_later_cell_changes_is_pictured_as_its_own_cell_left_it(tmp_path):
    path = _notebook(tmp_path,
                     "import ipywidgets as w\nslider = w.IntSlider(value=1)\nbox = w.VBox([slider])\nbox",
                     "slider.value = 5",
                     "other = w.IntSlider(value=2)\nother")
    before = path.read_bytes()
    notebook = execute.execute(path)
    assert path.read_bytes() == before, "the lesson file must not change"
    models = _models(notebook)

    pinned_box = models[_view(notebook.cells[0])]
    assert pinned_box["model_name"] == "VBoxModel"
    (child,) = pinned_box["state"]["children"]
    assert models[child.removeprefix("IPY_MODEL_")]["state"]["value"] == 1, "the box shows the slider at 1, as then"
    finals = [model["state"]["value"] for model in models.values() if model["model_name"] == "IntSliderModel"]
    assert sorted(finals) == [1, 2, 5], "the pinned copy (1), the other slider (2) and the live slider at the end (5)"

    untouched = _view(notebook.cells[2])
    assert models[untouched]["state"]["value"] == 2
    assert untouched not in {execute.copy_id(model_id, "2") for model_id in models}, "an unchanged widget keeps its id"


def test_pinned_copies_are_the_same_in_every_run(tmp_path):
    path = _notebook(tmp_path, "import ipywidgets as w\ns = w.IntSlider(value=1)\ns", "s.value = 3")
    first, second = execute.execute(path), execute.execute(path)
    assert _models(first)[_view(first.cells[0])]["state"]["value"] == 1
    # Model ids come from the kernel (random), so a copy's id is derived from the model id and the cell.
    original = next(model_id for model_id, model in _models(first).items() if model["state"].get("value") == 3)
    assert _view(first.cells[0]) == execute.copy_id(original, "0")
    assert _models(second)[_view(second.cells[0])]["state"]["value"] == 1


def test_a_failing_cell_stops_the_build_naming_the_lesson(tmp_path):
    path = _notebook(tmp_path, "x = 1", "1 / 0")
    with pytest.raises(build.BuildError, match=r"lesson\.ipynb: a cell failed(.|\n)*ZeroDivisionError"):
        build._run_lesson(path, tmp_path / "cache" / "run.ipynb")
    assert not (tmp_path / "cache" / "run.ipynb").exists()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_solution_shows_and_each_widget_gets_a_note_in_the_page_language(lang):
    widget = nbformat.v4.new_code_cell("w", outputs=[nbformat.v4.new_output(
        "display_data", data={execute.WIDGET_VIEW: {"model_id": "m", "version_major": 2, "version_minor": 0},
                              "text/plain": "W"})])
    solution = nbformat.v4.new_code_cell("answer = 42", metadata={"tags": ["solution"]})
    plain = nbformat.v4.new_markdown_cell("text")
    notebook = build.for_the_site(nbformat.v4.new_notebook(cells=[plain, widget, solution]), lang)

    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds == ["markdown", "code", "markdown"], "one note, right under the widget, and no solution"
    note = notebook.cells[2].source
    assert "make lab" in note and "make app" in note and note.startswith("{.mln-live-note}")
    words = note.split("\n", 1)[1]
    assert build.CYRILLIC.search(words) if lang == "ru" else not build.CYRILLIC.search(words)
    assert "answer = 42" not in nbformat.writes(notebook)


def test_both_languages_have_every_word_of_the_site():
    assert set(build.WORDS) == set(build.LANGS)
    assert set(build.WORDS["en"]) == set(build.WORDS["ru"])
    for key, text in build.WORDS["ru"].items():
        if key not in {"other", "other_title"}:  # the link to the other language names it in that language
            assert build.CYRILLIC.search(text), f"WORDS['ru'][{key!r}] is not in Russian: {text!r}"


def test_without_npm_the_build_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(build.BuildError, match="npm not found.*apt-get install npm"):
        build.fetch_vendor(tmp_path / "cache", offline=tmp_path / "no-offline-folder")
    assert not (tmp_path / "cache" / "npm").exists() or not any((tmp_path / "cache" / "npm").iterdir())


def test_without_npm_the_build_takes_the_scripts_of_the_offline_folder(tmp_path, monkeypatch):
    import io
    import tarfile

    monkeypatch.setenv("PATH", str(tmp_path))  # no npm
    offline = tmp_path / "offline" / "npm"
    offline.mkdir(parents=True)
    for spec in build.VENDOR:
        with tarfile.open(offline / (spec.replace("/", "+") + ".tgz"), "w:gz") as archive:
            data = spec.encode()
            info = tarfile.TarInfo("package/name.txt")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    root = build.fetch_vendor(tmp_path / "cache", offline=offline)
    for spec in build.VENDOR:
        assert (root / spec.replace("/", "+") / "name.txt").read_text() == spec


def test_rules_pages_go_to_the_book_of_their_language(tmp_path):
    english = tmp_path / "monopoly.md"
    english.write_text("# Monopoly: the rules this kit plays\n\nLanding on GO («СТАРТ») pays.", encoding="utf-8")
    marked = tmp_path / "monopoly.ru.md"
    marked.write_text("# Monopoly\n\nA page marked Russian by its name.", encoding="utf-8")
    assert (build.language_of(english), build.language_of(marked)) == ("en", "ru")
    assert build.rules_name(marked) == build.rules_name(english) == "monopoly"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_guide_on_the_site_leaves_its_answers_out(lang):
    """Each guide's answers section keeps its heading and a note in the page's language; every number
    it gave is gone, and the sections after it stay."""
    for guide in sorted((WEBSITE.parent / "lessons" / lang).glob("*.md")):
        text = guide.read_text(encoding="utf-8")
        shown = build.without_answers(text, lang)
        heading = build.ANSWERS_HEADING.search(text)
        assert heading, f"{guide.name}: no answers section found"
        answers = text[heading.end():].split("\n## ", 1)[0]
        assert answers.strip() and answers not in shown, guide.name
        assert build.WORDS[lang]["answers_elsewhere"] in shown
        assert shown.count("\n## ") == text.count("\n## "), f"{guide.name}: a section after the answers was lost"
