"""The rules pages in two languages: every ``docs/rules/NAME.md`` has a Russian twin ``NAME.ru.md`` that
says the same things (the same sections, tables, lists, numbers, options and file names), each page links
its twin under its title, and the website's Russian book holds the Russian pages. That the English pages
match the engine is ``test_rules.py``; the built site is ``browser/test_site.py``."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from rules_pages import PAGES, options_table, table_rows

from millionaire import RuleSet
from test_site_build import build

ENGLISH = sorted(path for path in PAGES.glob("*.md") if not path.name.endswith(".ru.md"))
CODE = re.compile(r"`[^`]+`")
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
SEPARATOR = re.compile(r"^\|(\s*-+\s*\|)+\s*$", re.M)


def twin(english: Path) -> Path:
    return english.with_name(english.name.removesuffix(".md") + ".ru.md")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def sections(text: str) -> list[str]:
    """The page split at its ``## `` headings: the part before the first, then each section."""
    return re.split(r"^## .*$", text, flags=re.M)


def code_spans(text: str) -> set[str]:
    """The text's code spans (file names, options, values, commands), a line break inside one read as a space."""
    return {" ".join(span.split()) for span in CODE.findall(text)}


def numbers(text: str) -> list[str]:
    """The numbers written in the text, a decimal comma read as a point."""
    return [number.replace(",", ".") for number in NUMBER.findall(text)]


def prose(text: str) -> str:
    """The text without code and without table rows: what is read as sentences."""
    return CODE.sub("", "\n".join(line for line in text.splitlines() if not line.startswith("|")))


def test_the_kit_has_its_four_rules_pages():
    assert [path.name for path in ENGLISH] == ["millionaire-classic.md", "millionaire-elite.md",
                                                "millionaire-junior.md", "monopoly.md"]


def test_every_russian_page_has_its_english_original():
    for russian in PAGES.glob("*.ru.md"):
        assert russian.with_name(russian.name.removesuffix(".ru.md") + ".md").is_file(), russian.name


@pytest.mark.parametrize("english", ENGLISH, ids=[path.stem for path in ENGLISH])
class TestTwins:
    def test_each_page_links_its_twin_under_its_title(self, english):
        russian = twin(english)
        assert russian.is_file(), f"{english.name} has no Russian page {russian.name}"
        assert read(english).splitlines()[2] == f"[По-русски]({russian.name})"
        assert read(russian).splitlines()[2] == f"[In English]({english.name})"

    def test_the_same_sections_lists_and_tables(self, english):
        ours, theirs = sections(read(english)), sections(read(twin(english)))
        assert len(ours) == len(theirs), "a different number of sections"
        for number, (en, ru) in enumerate(zip(ours, theirs)):
            where = f"section {number}"
            assert len(re.findall(r"^\d+\. ", en, re.M)) == len(re.findall(r"^\d+\. ", ru, re.M)), where
            assert len(re.findall(r"^ *- ", en, re.M)) == len(re.findall(r"^ *- ", ru, re.M)), where
            assert len(SEPARATOR.findall(en)) == len(SEPARATOR.findall(ru)), f"{where}: a different number of tables"
            en_rows, ru_rows = table_rows(en), table_rows(ru)
            assert [len(row) for row in en_rows] == [len(row) for row in ru_rows], f"{where}: the tables' rows"
            for en_row, ru_row in zip(en_rows, ru_rows):
                assert set(numbers(" ".join(en_row))) == set(numbers(" ".join(ru_row))), f"{where}: {ru_row}"

    def test_the_options_table_has_the_same_options_and_values(self, english):
        ours, theirs = options_table(read(english)), options_table(read(twin(english)))
        assert ours, f"{english.name}: no options table"
        assert {name: value for name, (value, _) in ours.items()} == \
               {name: value for name, (value, _) in theirs.items()}

    def test_every_option_and_every_name_in_code_is_in_the_russian_page(self, english):
        en, ru = read(english), read(twin(english))
        options = {field.name for field in dataclasses.fields(RuleSet)}
        named = {name for name in options if f"`{name}`" in en}
        assert len(named) == len(options), f"{english.name} leaves out options: {sorted(options - named)}"
        missing = sorted(name for name in named if f"`{name}`" not in ru)
        assert missing == [], f"{twin(english).name} never names {missing}"
        missing_code = sorted(code_spans(en) - code_spans(ru))
        assert missing_code == [], f"{twin(english).name} leaves out {missing_code}"

    def test_every_number_of_the_english_page_is_in_the_russian_page(self, english):
        missing = sorted(set(numbers(prose(read(english)))) - set(numbers(prose(read(twin(english))))))
        assert missing == [], f"{twin(english).name} never says {missing}"

    def test_the_russian_page_is_russian_with_the_courses_terms(self, english):
        text = prose(read(twin(english)))
        assert len(build.CYRILLIC.findall(text)) > 10 * len(build.LATIN.findall(text))
        assert re.findall(r"\d\.\d", text) == [], "a decimal point in Russian prose: the course writes 0,25"
        for word in ("рент", "тетрад"):
            assert not re.search(rf"\b{word}", text, re.I), f"{twin(english).name} says {word!r} (see lessons/glossary.md)"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_book_of_the_site_holds_the_four_rules_pages_of_its_language(lang, tmp_path):
    pages = build.stage_rules(lang, tmp_path)
    assert pages == [f"rules/{path.stem}" for path in ENGLISH]
    for page in pages:
        text = read(tmp_path / f"{page}.md")
        original = read(PAGES / (page.removeprefix("rules/") + (".ru.md" if lang == "ru" else ".md")))
        assert text.splitlines()[0] == original.splitlines()[0], "the page keeps its title"
        assert "[In English]" not in text and "[По-русски]" not in text, "the sidebar links the twin"
        for target in re.findall(r"\]\(([^)#]+\.md)\)", text):
            assert (tmp_path / "rules" / target).is_file(), f"{page} links {target}, not in the {lang} book"
