"""The two languages of a lesson stay in step.

Every lesson `notebooks/NN_name.ipynb` may have a Russian twin `notebooks/ru/NN_name.ipynb`. The twins
must compute the same things:

- their code cells are equal in number and, once comments, string literals and the `LANG = ...` line
  are set aside, equal token for token (the code inside f-string braces counts as code);
- the numbers printed by each pair of code cells agree (as multisets, so a translated sentence may
  put them in another order).

Both checks read each lesson whole, as the teacher's copy holds it: with its solutions, which are not
in these notebooks (the students' copies) but in ``lessons/solutions/``, folded.

A Russian notebook keeps no English sentence in its markdown (code spans, code blocks and text marked
`<span lang="en">...</span>`, such as the titles of cited papers, aside) or in its printed output.

To change a lesson, change both notebooks the same way, re-execute both, and run this file.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import io
import json
import re
import tokenize
from collections import Counter
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RUSSIAN = NOTEBOOKS / "ru"
SOLUTIONS = NOTEBOOKS.parent / "lessons" / "solutions"
_spec = importlib.util.spec_from_file_location("lessons_teacher", NOTEBOOKS.parent / "lessons" / "teacher.py")
TEACHER = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TEACHER)

STRING_PLACEHOLDER = "<str>"
LANG_LINE = re.compile(r"""^\s*LANG\s*=\s*(['"])(en|ru)\1\s*(#.*)?$""")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def lesson_pairs() -> list[tuple[Path, Path]]:
    """The (English, Russian) notebook pairs that exist, e.g. (notebooks/00_x.ipynb, notebooks/ru/00_x.ipynb)."""
    return [
        (english, RUSSIAN / english.name)
        for english in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
        if (RUSSIAN / english.name).exists()
    ]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def load_whole(path: Path) -> dict:
    """A lesson as the teacher's copy holds it: the students' copy with its solutions put back."""
    answers = SOLUTIONS / path.relative_to(NOTEBOOKS)
    if not answers.exists():
        return load(path)
    return TEACHER.merge(nbformat.reads(path.read_text(encoding="utf-8"), as_version=4),
                         nbformat.reads(answers.read_text(encoding="utf-8"), as_version=4), path.name)


def cell_source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def code_cells(notebook: dict) -> list[dict]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


# --- code: the token stream that must agree -------------------------------------------------------


def _fstring_expressions(literal: str) -> list[str]:
    """The code inside an f-string's braces, each normalised, in sorted order.

    >>> _fstring_expressions("f'{n:>4} of {chr(35) * n}'")
    ['{', 'chr', '(', '35', ')', '*', 'n', '}', '{', 'n', '}']
    """
    node = ast.parse(literal, mode="eval").body
    groups = []
    for part in node.values if isinstance(node, ast.JoinedStr) else []:
        if isinstance(part, ast.FormattedValue):
            inner = [tok for tok in code_tokens(ast.unparse(part.value)) if tok != "NEWLINE"]
            conversion = ["!" + chr(part.conversion)] if part.conversion != -1 else []
            groups.append(["{", *inner, *conversion, "}"])
    # A translated sentence may put its values in another order.
    return [tok for group in sorted(groups) for tok in group]


def code_tokens(source: str) -> list[str]:
    """A code cell as tokens, with comments dropped and every string literal replaced by a placeholder.

    >>> code_tokens('print("Hello", n)  # say hello')
    ['print', '(', '<str>', ',', 'n', ')', 'NEWLINE']
    >>> code_tokens('LANG = "ru"\\nx = f"{n:>4} раундов"')
    ['x', '=', '<str>', '{', 'n', '}', 'NEWLINE']
    """
    lines = [line for line in source.splitlines() if not LANG_LINE.match(line)]
    text = "\n".join(lines) + "\n"
    offsets = [0]
    for line in text.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))

    def position(row_col: tuple[int, int]) -> int:
        return offsets[row_col[0] - 1] + row_col[1]

    result: list[str] = []
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+ splits f-strings
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    depth, start = 0, (0, 0)
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
               tokenize.ENCODING, tokenize.ENDMARKER}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if fstring_start is not None and token.type == fstring_start:
            if depth == 0:
                start = token.start
            depth += 1
            continue
        if depth:
            if token.type == fstring_end:
                depth -= 1
                if depth == 0:
                    literal = text[position(start):position(token.end)]
                    result.append(STRING_PLACEHOLDER)
                    result.extend(_fstring_expressions(literal))
            continue
        if token.type in skipped:
            if token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                result.append(tokenize.tok_name[token.type])
            continue
        if token.type == tokenize.STRING:
            result.append(STRING_PLACEHOLDER)
            if re.match(r"(?i)[rb]*f", token.string):
                result.extend(_fstring_expressions(token.string))
            continue
        result.append(token.string)
    # Two adjacent literals ("a" "b") may be written as one in the other language.
    return [tok for i, tok in enumerate(result)
            if not (tok == STRING_PLACEHOLDER and i and result[i - 1] == STRING_PLACEHOLDER)]


# --- outputs: the numbers that must agree ---------------------------------------------------------

NUMBER = re.compile(r"\d+(?:\.\d+)?")
THOUSANDS = re.compile(r"(?<=\d)[,\u00a0\u202f](?=\d{3}(?!\d))")


def printed_texts(cell: dict) -> list[str]:
    """The text a code cell printed or returned: its streams and text/plain results, widgets aside."""
    texts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            texts.append(cell_source({"source": output["text"]}))
        elif output["output_type"] in ("execute_result", "display_data"):
            data = output.get("data", {})
            if "text/plain" in data and WIDGET_VIEW not in data:
                texts.append(cell_source({"source": data["text/plain"]}))
        elif output["output_type"] == "error":
            texts.append(f"{output.get('ename')}: {output.get('evalue')}")
    return texts


def printed_numbers(cell: dict) -> Counter:
    """The numbers in a cell's printed text, thousands separators removed: '2,000 and 0.5' -> {'2000', '0.5'}."""
    numbers: Counter = Counter()
    for text in printed_texts(cell):
        numbers.update(NUMBER.findall(THOUSANDS.sub("", text)))
    return numbers


def pair_differences(english: dict, russian: dict) -> list[str]:
    """Every way the two notebooks' code or printed numbers differ, as sentences; [] when in step."""
    en_cells, ru_cells = code_cells(english), code_cells(russian)
    if len(en_cells) != len(ru_cells):
        return [f"{len(en_cells)} code cells in English, {len(ru_cells)} in Russian"]
    problems = []
    for number, (en, ru) in enumerate(zip(en_cells, ru_cells), start=1):
        en_tokens, ru_tokens = code_tokens(cell_source(en)), code_tokens(cell_source(ru))
        if en_tokens != ru_tokens:
            at = next((i for i, (a, b) in enumerate(zip(en_tokens, ru_tokens)) if a != b),
                      min(len(en_tokens), len(ru_tokens)))
            problems.append(f"code cell {number}: code differs at token {at}: "
                            f"{en_tokens[at:at + 6]} (en) against {ru_tokens[at:at + 6]} (ru)")
            continue
        en_numbers, ru_numbers = printed_numbers(en), printed_numbers(ru)
        if en_numbers != ru_numbers:
            problems.append(f"code cell {number}: printed numbers differ: only in English "
                            f"{sorted((en_numbers - ru_numbers).elements())}, only in Russian "
                            f"{sorted((ru_numbers - en_numbers).elements())}")
    return problems


# --- English left in a Russian notebook -----------------------------------------------------------

# Words a Russian lesson may show in Latin letters: the board's own START, units and names.
ALLOWED_LATIN = {"START", "GO", "Monopoly", "Millionaire", "Classic", "Python", "Jupyter", "JupyterLab",
                 "numpy", "matplotlib", "PNG", "SVG", "Voila", "Voilà"}
WORD = re.compile(r"[A-Za-zА-Яа-яЁё0-9_.()\[\]'/-]+")
LATIN_WORD = re.compile(r"[A-Za-z][a-z']*|[A-Z]+")


def english_runs(text: str, run: int = 3) -> list[str]:
    """Runs of `run` or more consecutive plain English words (code-like names and the allow-list aside).

    >>> english_runs("Аренда за круг: 62.70, см. investment_table и START.")
    []
    >>> english_runs("Капитал игрока: the player with most money wins")
    ['the player with most money wins']
    """
    found, current = [], []
    for word in WORD.findall(text):
        stripped = word.strip(".()[]'/-")
        if LATIN_WORD.fullmatch(stripped) and stripped not in ALLOWED_LATIN:
            current.append(stripped)
            continue
        if len(current) >= run:
            found.append(" ".join(current))
        current = []
    if len(current) >= run:
        found.append(" ".join(current))
    return found


def markdown_prose(source: str) -> str:
    """A markdown cell without its code blocks, code spans, maths, links' targets, HTML tags and text
    marked as English (`<span lang="en">...</span>`)."""
    text = re.sub(r"```.*?```", " ", source, flags=re.S)
    text = re.sub(r"<span lang=\"en\">.*?</span>", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "] ", text)
    text = re.sub(r"https?://\S+", " ", text)
    return re.sub(r"<[^>]+>", " ", text)


def english_in_russian(notebook: dict) -> list[str]:
    """Where a Russian notebook still speaks English, as sentences naming the cell."""
    problems = []
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] == "markdown":
            texts = [markdown_prose(cell_source(cell))]
        elif cell["cell_type"] == "code":
            texts = [t for t in printed_texts(cell) if not t.startswith("<Figure size")]
        else:
            continue
        for text in texts:
            for phrase in english_runs(text):
                problems.append(f"cell {number} ({cell['cell_type']}): {phrase!r}")
    return problems


# --- the tests ------------------------------------------------------------------------------------

PAIRS = lesson_pairs()
PAIR_IDS = [english.stem for english, _ in PAIRS]


@pytest.mark.parametrize(("english", "russian"), PAIRS, ids=PAIR_IDS)
def test_twins_compute_the_same(english, russian):
    problems = pair_differences(load_whole(english), load_whole(russian))
    assert not problems, f"{english.name} and ru/{russian.name} (with their solutions) drifted apart:\n" + "\n".join(problems)


@pytest.mark.parametrize(("english", "russian"), PAIRS, ids=PAIR_IDS)
def test_twins_set_their_language_first(english, russian):
    for path, lang in ((english, "en"), (russian, "ru")):
        first = cell_source(code_cells(load(path))[0])
        assert re.search(rf"""^LANG = "{lang}"\s*(#.*)?$""", first, flags=re.M), \
            f"{path.name}: the first code cell should set LANG = \"{lang}\""


@pytest.mark.parametrize(("english", "russian"), PAIRS, ids=PAIR_IDS)
def test_drift_is_caught_on_a_real_pair(english, russian):
    """Changing one side's code alone, or one printed number alone, breaks the pair."""
    russian_notebook = load(russian)
    changed_code = copy.deepcopy(russian_notebook)
    last = code_cells(changed_code)[-1]
    last["source"] = cell_source(last) + "\nextra_step = 1\n"
    assert pair_differences(load(english), changed_code)

    changed_output = copy.deepcopy(russian_notebook)
    printing = [c for c in code_cells(changed_output) if printed_numbers(c)]
    if printing:
        printing[0]["outputs"].append({"output_type": "stream", "name": "stdout", "text": "12345.6\n"})
        assert pair_differences(load(english), changed_output)


@pytest.mark.parametrize("russian", [russian for _, russian in PAIRS], ids=PAIR_IDS)
def test_russian_notebooks_speak_russian(russian):
    problems = english_in_russian(load_whole(russian))
    assert not problems, f"ru/{russian.name} still has English:\n" + "\n".join(problems)


#: A decimal comma inside a formula, written bare: TeX sets ``1,000`` as "1, 000" (a list, or a thousand).
BARE_COMMA_IN_MATH = re.compile(r"\$[^$\n]*?\d,\d[^$\n]*?\$")


def bare_commas_in_math(notebook: dict) -> list[str]:
    """The formulas of a notebook's markdown that write a decimal comma as ``,`` instead of ``{,}``."""
    return [f"cell {number}: {found}" for number, cell in enumerate(notebook["cells"], start=1)
            if cell["cell_type"] == "markdown" for found in BARE_COMMA_IN_MATH.findall(cell_source(cell))]


@pytest.mark.parametrize("russian", [russian for _, russian in PAIRS], ids=PAIR_IDS)
def test_russian_formulas_write_the_decimal_comma_as_tex_reads_it(russian):
    problems = bare_commas_in_math(load_whole(russian))
    assert not problems, f"ru/{russian.name}: write 0{{,}}25, not 0,25, in a formula:\n" + "\n".join(problems)


def test_a_bare_decimal_comma_in_a_formula_is_caught():
    cell = {"cell_type": "markdown", "source": "шанс $p = 0,581$, а $x = 0{,}3$; в тексте 0,5"}
    assert bare_commas_in_math({"cells": [cell]}) == ["cell 1: $p = 0,581$"]


def solution_cells(notebook: dict) -> list[int]:
    """The numbers (from 1) of the cells that hold an exercise's solution: tagged `solution` or
    starting with `# Solution` / `# Решение`."""
    return [number for number, cell in enumerate(notebook["cells"], start=1)
            if cell["cell_type"] == "code" and (
                "solution" in cell.get("metadata", {}).get("tags", [])
                or re.match(r"#\s*(Solution|Решение)\b", cell_source(cell).lstrip()))]


def folded_open(notebook: dict) -> list[str]:
    """Solution cells whose code or output a student sees without unfolding it."""
    problems = []
    for number in solution_cells(notebook):
        folding = notebook["cells"][number - 1].get("metadata", {}).get("jupyter", {})
        missing = [key for key in ("source_hidden", "outputs_hidden") if not folding.get(key)]
        if missing:
            problems.append(f"cell {number}: solution without jupyter.{' and jupyter.'.join(missing)}")
    return problems


@pytest.mark.parametrize("path", [path for pair in PAIRS for path in pair],
                         ids=[f"{lang}-{english.stem}" for english, _ in PAIRS for lang in ("en", "ru")])
def test_students_copies_hold_no_solution_and_the_teachers_fold_theirs(path):
    in_students_copy = solution_cells(load(path))
    assert not in_students_copy, f"{path.name}: solution cells {in_students_copy} in the students' copy"
    answers = SOLUTIONS / path.relative_to(NOTEBOOKS)
    assert answers.exists(), f"{path.name}: no exercise solutions in {answers}"
    notebook = load(answers)
    assert len(solution_cells(notebook)) == len(notebook["cells"]) > 0, f"{answers}: a cell that is no solution"
    problems = folded_open(notebook)
    assert not problems, f"{answers}: answers in plain view in the teacher's copy:\n" + "\n".join(problems)


# "1 rounds", "1 opponents": a count of one with a plural noun.
ONE_WITH_PLURAL = re.compile(r"(?<![\d.,])\b1 (?:[a-z]+s)\b(?! of)")


@pytest.mark.parametrize("english", [english for english, _ in PAIRS], ids=PAIR_IDS)
def test_english_outputs_agree_in_number(english):
    slips = [f"code cell {number}: {match!r}"
             for number, cell in enumerate(code_cells(load(english)), start=1)
             for text in printed_texts(cell) if not text.startswith("<Figure size")
             for match in ONE_WITH_PLURAL.findall(text)]
    assert not slips, f"{english.name}: a plural after 1:\n" + "\n".join(slips)


def test_folding_and_plural_checks_catch_their_cases():
    notebook = _notebook(("code", "# Solution\nprint(1)", "1\n"))
    assert folded_open(notebook) == ["cell 1: solution without jupyter.source_hidden and jupyter.outputs_hidden"]
    notebook["cells"][0]["metadata"]["jupyter"] = {"source_hidden": True, "outputs_hidden": True}
    assert folded_open(notebook) == []
    assert ONE_WITH_PLURAL.findall("1 opponents: payback 22.5; after  1 rolls; 11 rolls; 1 of 3 games") == \
        ["1 opponents", "1 rolls"]


def _notebook(*cells: tuple[str, str, str]) -> dict:
    """A small in-memory notebook from (kind, source, printed text) triples."""
    built = []
    for kind, source, printed in cells:
        cell = {"cell_type": kind, "source": source, "metadata": {}}
        if kind == "code":
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": printed}] if printed else []
        built.append(cell)
    return {"cells": built}


ENGLISH_LESSON = _notebook(
    ("markdown", "# Dice", ""),
    ("code", 'LANG = "en"\nimport millionaire as mil', ""),
    ("code", 'n = 36\nprint(f"{n} outcomes, P(7) = {6 / n:.3f}")  # by hand', "36 outcomes, P(7) = 0.167\n"),
    ("code", 'print("cost", 2000, board.name(lang=LANG))', "cost 2,000 Millionaire\n"),
)
RUSSIAN_LESSON = _notebook(
    ("markdown", "# Кости", ""),
    ("code", 'LANG = "ru"\nimport millionaire as mil', ""),
    ("code", 'n = 36\nprint(f"P(7) = {6 / n:.3f} при {n} исходах")  # вручную', "P(7) = 0.167 при 36 исходах\n"),
    ("code", 'print("цена", 2000, board.name(lang=LANG))', "цена 2000 Миллионер\n"),
)


def test_translated_text_comments_and_language_are_allowed():
    assert pair_differences(ENGLISH_LESSON, RUSSIAN_LESSON) == []


@pytest.mark.parametrize(("cell", "old", "new"), [
    (2, "n = 36", "n = 37"),                          # a changed value
    (2, "{6 / n:.3f}", "{6 / n + 0:.3f}"),            # a changed f-string expression
    (3, "board.name(lang=LANG)", "board.name()"),     # a dropped language argument
    (1, "import millionaire as mil", "import millionaire"),
])
def test_code_changed_on_one_side_alone_is_caught(cell, old, new):
    changed = copy.deepcopy(RUSSIAN_LESSON)
    changed["cells"][cell]["source"] = changed["cells"][cell]["source"].replace(old, new)
    assert changed != RUSSIAN_LESSON
    problems = pair_differences(ENGLISH_LESSON, changed)
    assert problems and problems[0].startswith(f"code cell {cell}:")


def test_a_missing_code_cell_is_caught():
    shorter = copy.deepcopy(RUSSIAN_LESSON)
    del shorter["cells"][3]
    assert pair_differences(ENGLISH_LESSON, shorter) == ["3 code cells in English, 2 in Russian"]


def test_a_printed_number_changed_on_one_side_is_caught():
    changed = copy.deepcopy(RUSSIAN_LESSON)
    changed["cells"][2]["outputs"][0]["text"] = "P(7) = 0.168 при 36 исходах\n"
    assert pair_differences(ENGLISH_LESSON, changed) == [
        "code cell 2: printed numbers differ: only in English ['0.167'], only in Russian ['0.168']"]


def test_english_in_a_russian_notebook_is_caught():
    russian = _notebook(
        ("markdown", "Считаем `the exact chance` и <span lang=\"en\">How fair is Monopoly?</span>", ""),
        ("markdown", "Here we count the outcomes", ""),
        ("code", "print(x)", "Boris rolls a double again.\nБорис покупает Пекарню (Bakery) за 100.\n"),
    )
    assert english_in_russian(russian) == [
        "cell 2 (markdown): 'Here we count the outcomes'",
        "cell 3 (code): 'Boris rolls a double again'",
    ]
