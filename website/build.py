"""Build the course as a static website: ``make site`` (or ``python website/build.py``).

Two books, English and Russian, each with a home page, every lesson notebook with its outputs,
the teacher guides and the rules pages (every ``docs/rules/*.md``; a page whose name ends in
``.ru.md`` or that is written in Russian goes to the Russian book). The lessons are run afresh so
that each widget is pictured as its own cell left it (see ``execute.py``); a run is kept in
``build/site-cache`` and reused while the notebook and the package are unchanged.

Nothing on a page loads from the internet: MathJax, RequireJS and the widget manager are fetched
from the npm registry at build time (pinned below) and copied into the site. Open ``index.html``
from the output folder in a browser; no server is needed.

Example::

    python website/build.py                  # builds build/site/index.html, en/, ru/
    python website/build.py --jobs 1 --out /tmp/site
"""

from __future__ import annotations

import argparse
import hashlib
import html
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from execute import execute, widget_views  # noqa: E402  (the folder is not a package)

LANGS = ("en", "ru")
#: npm packages copied into every book: name@version -> {file or folder in the package: place under _static}.
VENDOR = {
    "mathjax@3.2.2": {"es5": "vendor/mathjax"},
    "requirejs@2.3.8": {"require.js": "vendor/require.js"},
    "@jupyter-widgets/html-manager@1.0.15": {"dist": "vendor/html-manager"},
}
#: Words of the site, in both languages (the lessons and guides bring their own).
WORDS = {
    "en": {
        "title": "Millionaire: a board game to teach probability and economics",
        "lessons": "Lessons", "guides": "Teacher guides", "rules": "Rules",
        "other": "По-русски", "other_title": "Этот курс на русском языке",
        "live": "{.mln-live-note}\nA still picture of this widget as its cell left it; it is live in `make lab` "
                "and `make app`.",
        "answers_elsewhere": "The website, which students read too, leaves the answers out: they are in this "
                             "guide in the kit's `lessons/` folder and in the teacher's copy of the notebook "
                             "(`make teacher`).",
    },
    "ru": {
        "title": "Миллионер: настольная игра на уроках вероятности и экономики",
        "lessons": "Уроки", "guides": "Методички для учителя", "rules": "Правила",
        "other": "In English", "other_title": "This course in English",
        "live": "{.mln-live-note}\nСнимок виджета в том виде, в каком его оставила эта ячейка; живой виджет — "
                "в `make lab` и `make app`.",
        "answers_elsewhere": "Сайт читают и ученики, поэтому ответов на нём нет: они есть в этой методичке в "
                             "папке `lessons/` комплекта и в копии тетради для учителя (`make teacher`).",
    },
}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")


class BuildError(RuntimeError):
    """The site cannot be built; the message says what is missing and where."""


def language_of(page: Path) -> str:
    """``ru`` for ``NAME.ru.md`` or a page whose prose is mostly Cyrillic, else ``en``.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "a.md").write_text("# Правила игры «Миллионер»", encoding="utf-8") and language_of(folder / "a.md")
    'ru'
    >>> (folder / "b.md").write_text("# The rules of «Миллионер»", encoding="utf-8") and language_of(folder / "b.md")
    'en'
    """
    if page.name.endswith(".ru.md"):
        return "ru"
    text = page.read_text(encoding="utf-8")
    return "ru" if len(CYRILLIC.findall(text)) > len(LATIN.findall(text)) else "en"


def rules_name(page: Path) -> str:
    """The page name of a rules file in its book: ``monopoly.ru.md`` -> ``monopoly``."""
    return page.name.removesuffix(".md").removesuffix(".ru")


#: The line under a rules page's title that links its twin in the other language. The site leaves it out:
#: every page of the site links its twin from the sidebar.
TWIN_LINK = re.compile(r"^\[(In English|По-русски)\]\([\w-]+(\.ru)?\.md\)\n\n?", re.M)
RUSSIAN_PAGE_LINK = re.compile(r"\]\(([\w-]+)\.ru\.md\)")


def rules_for_the_book(text: str) -> str:
    """A rules page as its book shows it: no line linking its twin, and a link to ``NAME.ru.md`` made
    ``NAME.md``, the name that page has in the Russian book.

    >>> print(rules_for_the_book("# Элит\\n\\n[In English](millionaire-elite.md)\\n\\nСм. [Классик](millionaire-classic.ru.md)."))
    # Элит
    <BLANKLINE>
    См. [Классик](millionaire-classic.md).
    """
    return RUSSIAN_PAGE_LINK.sub(r"](\1.md)", TWIN_LINK.sub("", text, count=1))


def lesson_notebooks(lang: str) -> list[Path]:
    """The lesson notebooks of a language, in lesson order: ``notebooks/NN_*.ipynb`` or ``notebooks/ru/``."""
    folder = REPO / "notebooks" / ("ru" if lang == "ru" else "")
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def _source_digest() -> str:
    """A digest of what a lesson's run depends on besides the notebook: the package, the runner, the data
    and the example bots."""
    digest = hashlib.sha256()
    package = [path for path in sorted((REPO / "millionaire").rglob("*")) if path.suffix in {".py", ".toml"}]
    for path in [*package, HERE / "execute.py", *sorted((REPO / "notebooks" / "data").glob("*")),
                 *sorted((REPO / "notebooks").glob("**/bots/*.py"))]:
        digest.update(str(path.relative_to(REPO)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def _run_lesson(path: Path, cached: Path) -> Path:
    """Run one lesson into ``cached`` unless it is there already (a separate process per lesson)."""
    if not cached.exists():
        try:
            notebook = execute(path)
        except CellExecutionError as error:
            raise BuildError(f"{path}: a cell failed while the lesson ran for the site:\n{error}") from None
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        nbformat.write(notebook, partial)
        partial.replace(cached)
    return cached


def run_lessons(cache: Path, jobs: int) -> dict[Path, Path]:
    """Run every lesson of both languages (or reuse a cached run); returns {notebook: executed copy}."""
    digest = _source_digest()
    wanted = {}
    for lang in LANGS:
        for path in lesson_notebooks(lang):
            key = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
            wanted[path] = cache / "runs" / f"{lang}-{path.stem}-{key}-{digest}.ipynb"
    missing = [path for path, cached in wanted.items() if not cached.exists()]
    if missing:
        print(f"running {len(missing)} lesson notebook(s) with {jobs} job(s)...", flush=True)
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for path, _done in zip(missing, pool.map(_run_lesson, missing, [wanted[p] for p in missing])):
            print(f"  ran {path.relative_to(REPO)}", flush=True)
    return wanted


INLINE_MATH = re.compile(r"\$[^$\n]+\$")


def math_in_tables(text: str) -> str:
    r"""Markdown with every ``|`` inside ``$...$`` on a table row written ``\vert``, so the table keeps its columns.

    >>> print(math_in_tables("| 5 | from $|\\lambda_2| = 0.68$ |\nnot a row: $|x|$"))
    | 5 | from $\vert \lambda_2\vert  = 0.68$ |
    not a row: $|x|$
    """
    def row(line: str) -> str:
        if not line.lstrip().startswith("|"):
            return line
        return INLINE_MATH.sub(lambda match: match.group(0).replace("|", "\\vert "), line)

    return "\n".join(row(line) for line in text.split("\n"))


ANSWERS_HEADING = re.compile(r"^## (Answers|Ответы)\b.*$", re.M)


def without_answers(guide: str, lang: str) -> str:
    """A teacher guide as the site shows it: the answers section keeps its heading and a note, no answer.

    >>> print(without_answers("# G\\n\\n## Answers to the exercises\\n\\n1. 42\\n\\n## Misconceptions\\n\\nNone.", "en"))
    # G
    <BLANKLINE>
    ## Answers to the exercises
    <BLANKLINE>
    The website, which students read too, leaves the answers out: they are in this guide in the kit's `lessons/` folder and in the teacher's copy of the notebook (`make teacher`).
    <BLANKLINE>
    ## Misconceptions
    <BLANKLINE>
    None.
    """
    heading = ANSWERS_HEADING.search(guide)
    if heading is None:
        return guide
    following = re.compile(r"^## ", re.M).search(guide, heading.end())
    rest = guide[following.start():] if following else ""
    return f"{guide[:heading.end()]}\n\n{WORDS[lang]['answers_elsewhere']}\n" + (f"\n{rest}" if rest else "")


def for_the_site(notebook: nbformat.NotebookNode, lang: str) -> nbformat.NotebookNode:
    """The run notebook as the site shows it: no solution (the students' copies hold none; a cell tagged
    ``solution`` is dropped all the same), a note under each widget.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x", metadata={"tags": ["solution"]})])
    >>> for_the_site(nb, "en").cells
    []
    """
    cells = []
    for cell in notebook.cells:
        if "solution" in cell.metadata.get("tags", []):
            continue
        cells.append(cell)
        if cell.cell_type == "code" and widget_views(cell):
            cells.append(nbformat.v4.new_markdown_cell(WORDS[lang]["live"]))
    notebook.cells = cells
    return notebook


def fetch_vendor(cache: Path, offline: Path = REPO / "offline" / "npm") -> Path:
    """The npm packages in ``VENDOR``, unpacked under ``cache/npm``: from the archives that ``make
    offline`` left in ``offline`` when they are there, else fetched once with ``npm pack``."""
    npm = shutil.which("npm")
    root = cache / "npm"
    for spec in VENDOR:
        unpacked = root / spec.replace("/", "+")
        if unpacked.exists():
            continue
        with tempfile.TemporaryDirectory() as folder:
            carried = offline / (spec.replace("/", "+") + ".tgz")
            if carried.exists():
                archives = [carried]
            else:
                if npm is None:
                    raise BuildError("npm not found: the site needs it once to fetch MathJax and the widget scripts "
                                     "(on Debian or Ubuntu: apt-get install npm), or the folder of `make offline`")
                result = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", folder],
                                        capture_output=True, text=True)
                archives = list(Path(folder).glob("*.tgz"))
                if result.returncode != 0 or len(archives) != 1:
                    raise BuildError(f"npm pack {spec} failed: {result.stderr.strip()[-500:]}")
            with tarfile.open(archives[0]) as archive:
                archive.extractall(Path(folder) / "x", filter="data")
            shutil.copytree(Path(folder) / "x" / "package", unpacked.with_suffix(".partial"), dirs_exist_ok=True)
            unpacked.with_suffix(".partial").replace(unpacked)
    return root


def _copy_vendor(npm: Path, static: Path) -> None:
    for spec, places in VENDOR.items():
        package = npm / spec.replace("/", "+")
        for inside, target in places.items():
            source, dest = package / inside, static / target
            dest.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, dest, ignore=shutil.ignore_patterns("*.map", "*.LICENSE.txt", "sre"))
            else:
                shutil.copy2(source, dest)


def stage_rules(lang: str, folder: Path) -> list[str]:
    """Write the rules pages of a language (``docs/rules/``) into ``folder/rules`` as its book shows them;
    returns their page names, ``rules/NAME``."""
    pages = []
    for page in sorted((REPO / "docs" / "rules").glob("*.md")):
        if language_of(page) == lang:
            (folder / "rules").mkdir(parents=True, exist_ok=True)
            text = rules_for_the_book(page.read_text(encoding="utf-8"))
            (folder / "rules" / f"{rules_name(page)}.md").write_text(text, encoding="utf-8")
            pages.append(f"rules/{rules_name(page)}")
    return pages


def stage(lang: str, runs: dict[Path, Path], npm: Path, folder: Path) -> list[str]:
    """Write the Sphinx source of one book into ``folder``; returns its page names (without suffix)."""
    words = WORDS[lang]
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "lessons").mkdir(parents=True)
    pages = ["index"]
    for path in lesson_notebooks(lang):
        notebook = for_the_site(nbformat.read(runs[path], as_version=4), lang)
        nbformat.write(notebook, folder / "lessons" / path.name)
        pages.append(f"lessons/{path.stem}")
    guides = sorted((REPO / "lessons" / lang).glob("*.md"))
    for guide in guides:
        (folder / "guides").mkdir(exist_ok=True)
        text = without_answers(guide.read_text(encoding="utf-8"), lang)
        (folder / "guides" / guide.name).write_text(math_in_tables(text), encoding="utf-8")
        pages.append(f"guides/{guide.stem}")
    rules = stage_rules(lang, folder)
    pages += rules
    home = (HERE / "home" / f"{lang}.md").read_text(encoding="utf-8")
    sections = [("lessons", words["lessons"], "lessons/*")]
    if guides:
        sections.append(("guides", words["guides"], "guides/*"))
    if rules:
        sections.append(("rules", words["rules"], "rules/*"))
    for _, caption, pattern in sections:
        home += f"\n\n```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n:glob:\n\n{pattern}\n```\n"
    (folder / "index.md").write_text(home, encoding="utf-8")
    static = folder / "_static"
    shutil.copytree(HERE / "static", static)
    _copy_vendor(npm, static)
    return pages


def sphinx(lang: str, source: Path, out: Path, other_pages: list[str]) -> None:
    """Build one book with Sphinx (configuration in ``website/conf.py``); warnings are printed, not fatal."""
    from sphinx.application import Sphinx

    words = WORDS[lang]
    overrides = {
        "language": lang,
        "html_static_path": [str(source / "_static")],
        "html_title": words["title"],
        "html_context": {"other_lang": "ru" if lang == "en" else "en", "other_label": words["other"],
                         "other_title": words["other_title"], "other_pages": other_pages},
    }
    if out.exists():
        shutil.rmtree(out)
    app = Sphinx(str(source), str(HERE), str(out), str(source / ".doctrees"), "html", confoverrides=overrides,
                 status=None, warning=sys.stderr, freshenv=True)
    app.build()
    if app.statuscode:
        raise BuildError(f"sphinx failed to build the {lang} book (see the messages above)")


def chooser(out: Path) -> None:
    """The site's front door, ``index.html``: one link per language."""
    links = "\n".join(
        f'<li><a href="{lang}/index.html" lang="{lang}">{html.escape(WORDS[lang]["title"])}</a></li>' for lang in LANGS)
    out.joinpath("index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<title>Millionaire · Миллионер</title><style>body{font-family:sans-serif;max-width:40em;margin:4em auto;"
        "padding:0 1em;line-height:1.5}li{margin:.6em 0;font-size:1.2em}</style></head>\n<body>\n"
        "<h1>Millionaire · Миллионер</h1>\n<ul>\n" + links + "\n</ul>\n</body></html>\n", encoding="utf-8")


def build(out: Path, cache: Path, jobs: int) -> Path:
    """Build the whole site into ``out`` (emptied first); returns the path of its ``index.html``."""
    npm = fetch_vendor(cache)
    runs = run_lessons(cache, jobs)
    staged = {lang: stage(lang, runs, npm, cache / "src" / lang) for lang in LANGS}
    books = {lang: cache / "html" / lang / "book" for lang in LANGS}
    # Each book in a process of its own: Sphinx registers its nodes globally, once per process.
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        done = [pool.submit(sphinx, lang, cache / "src" / lang, books[lang], staged["ru" if lang == "en" else "en"])
                for lang in LANGS]
        for future in done:
            future.result()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for lang in LANGS:
        shutil.copytree(books[lang], out / lang, ignore=shutil.ignore_patterns(".buildinfo", "_sources", "objects.inv"))
    chooser(out)
    return out / "index.html"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "site", help="output folder (emptied first)")
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "site-cache",
                        help="runs of the lessons, the npm packages and the Sphinx sources")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="lessons run at once")
    args = parser.parse_args(argv)
    try:
        index = build(args.out.resolve(), args.cache.resolve(), args.jobs)
    except BuildError as error:
        print(f"site: error: {error}", file=sys.stderr)
        return 1
    print(f"site built: open {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
