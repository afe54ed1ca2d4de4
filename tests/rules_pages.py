"""Reading the kit's own rules pages (``docs/rules/``) in tests: sections, tables and the options table.

>>> options_table("| option | value | what |\\n|---|---|---|\\n| `min_bid` | `1` | the lowest bid |")["min_bid"]
(1, 'the lowest bid')
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PAGES = REPO / "docs" / "rules"


def page(name: str) -> str:
    """The text of a rules page of the kit (it must exist: the kit carries its pages)."""
    path = PAGES / name
    assert path.is_file(), f"the kit's rules page {path} is missing"
    return path.read_text(encoding="utf-8")


def flat(text: str) -> str:
    """The text with every run of whitespace made one space (the pages wrap lines anywhere)."""
    return " ".join(text.split())


def section(text: str, heading: str) -> str:
    """The body of the ``## heading...`` section, up to the next ``## `` (not flattened)."""
    match = re.search(rf"^## {re.escape(heading)}.*?\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"section {heading!r} not found in the rules page"
    return match.group(1)


def table_rows(text: str) -> list[list[str]]:
    """The body rows of every Markdown table in ``text``, as lists of stripped cells (headers and
    rule lines left out)."""
    rows, previous = [], ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and not re.fullmatch(r"\|[-| ]+\|", line) and previous.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        previous = line
    return rows


def numbered_list(text: str) -> list[str]:
    """The items of a ``1. ...`` list, in order (one item a line)."""
    return [m.group(1) for m in re.finditer(r"^\d+\. (.*)$", text, re.M)]


def literal(text: str) -> Any:
    """A value as the options table writes it: ``2000``, ``None``, ``True``, ``"unbuilt"``, ``1/2``."""
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    if text.startswith('"') and text.endswith('"'):
        return text[1:-1]
    if "/" in text:
        return Fraction(text)
    return int(text)


def options_table(text: str) -> dict[str, tuple[Any, str]]:
    """The rows ``| `option` | `value` | what it settles |`` of a page: option -> (value, text)."""
    options = {}
    for cells in table_rows(text):
        if len(cells) == 3 and re.fullmatch(r"`\w+`", cells[0]) and re.fullmatch(r"`[^`]+`", cells[1]):
            name = cells[0].strip("`")
            assert name not in options, f"option {name!r} is listed twice"
            options[name] = (literal(cells[1].strip("`")), cells[2])
    return options
