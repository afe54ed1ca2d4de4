"""Broken board files: each must fail with a ``BoardFileError`` that says which file, where and which field.

Each case edits the text of a valid board (the shipped classic board or the four-cell toy board in
``tests/data``), writes it to a temporary file and loads it. A teacher who mistypes one value must be
told exactly where to look.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from millionaire import BoardFileError, load_board

CLASSIC = Path(__file__).resolve().parents[1] / "millionaire" / "boards" / "millionaire_classic.toml"
JUNIOR = CLASSIC.with_name("millionaire_junior.toml")
TOY = Path(__file__).resolve().parent / "data" / "toy4.toml"


def replace(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    """An edit that replaces the first ``count`` occurrences of ``old`` (which must be there)."""

    def edit(text: str) -> str:
        assert old in text, f"the valid board no longer contains {old!r}: update this test"
        return text.replace(old, new, count)

    return edit


def cell_block(text: str, index: int) -> str:
    """The ``[[cells]]`` table of one cell, as written in the file."""
    match = re.search(rf"\[\[cells\]\]\nindex = {index}\n.*?\n\n", text, re.S)
    assert match, f"cell {index} not found"
    return match.group(0)


def drop_cell(index: int) -> Callable[[str], str]:
    return lambda text: text.replace(cell_block(text, index), "")


def swap_cells(a: int, b: int) -> Callable[[str], str]:
    def edit(text: str) -> str:
        block_a, block_b = cell_block(text, a), cell_block(text, b)
        return text.replace(block_a, "\0").replace(block_b, block_a).replace("\0", block_b)

    return edit


def add_cell_40(text: str) -> str:
    extra = '[[cells]]\nindex = 40\nkind = "plot"\nname_en = "Gold mine"\nname_ru = "Золотой прииск"\n' \
            'price = 400\nrent = [55, 210, 800, 1600, 2100]\n\n'
    return text.replace(cell_block(text, 39), cell_block(text, 39) + extra)


def drop_table(header: str) -> Callable[[str], str]:
    """Remove a ``[header]`` table up to the next blank line."""

    def edit(text: str) -> str:
        match = re.search(rf"^\[{re.escape(header)}\]\n.*?\n\n", text, re.S | re.M)
        assert match, header
        return text.replace(match.group(0), "")

    return edit


REEL = '["blank", "cherry", "blank", "plum", "bell", "seven"]'

# The slot machine: (id, edit of the classic board, the field named, the reason given)
SLOT_MACHINE_CASES: list[tuple[str, Callable[[str], str], str, str]] = [
    ("slot machine missing", drop_table("slot_machine"), "missing table", "cell 20 is a 'jackpot' cell"),
    ("two reels", replace(f"    {REEL},\n", "", 1), "'reels'", "must list 3 reels, got 2"),
    ("a reel of five symbols", replace(f"{REEL},", '["blank", "cherry", "blank", "plum", "bell"],', 1),
     "'reels'", "reel 1 must list 6 symbols, one per die face, got 5 symbols"),
    ("a symbol that is a number", replace('["blank", "cherry"', '[7, "cherry"', 1), "'reels'", "reel 1 has 7"),
    ("an empty symbol", replace('["blank", "cherry"', '["", "cherry"', 1), "'reels'", "reel 1 has ''"),
    ("a zero payout", replace("plum = 3,", "plum = 0,"), "'adjacent_pair'", "'plum' must pay a whole multiple of the bet >= 1, got 0"),
    ("a payout as text", replace("bell = 20", 'bell = "20"'), "'all_reels'", "'bell' must pay a whole multiple"),
    ("a fractional payout", replace("cherry = 5", "cherry = 5.5"), "'all_reels'", "got 5.5"),
    ("a paytable that is a list", replace("adjacent_pair = { cherry = 2, plum = 3, bell = 5 }", "adjacent_pair = [2, 3, 5]"),
     "'adjacent_pair'", "must be a table of symbol = multiplier"),
    ("a paying symbol on no reel", replace("cherry = 2,", "cheery = 2,"), "'adjacent_pair'",
     "'cheery' is not on two adjacent reels, so it could never pay"),
    ("a triple that cannot happen", replace("seven = 50", "lemon = 50"), "'all_reels'",
     "'lemon' is not on every reel, so it could never pay"),
    ("the jackpot symbol on no reel", replace('jackpot_symbol = "seven"', 'jackpot_symbol = "diamond"'),
     "'jackpot_symbol'", "'diamond' is not on two adjacent reels, so the box could never be won"),
    ("the jackpot symbol also pays a pair", replace("bell = 5 }", "bell = 5, seven = 9 }"), "'adjacent_pair'",
     "'seven' is the jackpot symbol"),
    ("a missing jackpot symbol", replace('jackpot_symbol = "seven"\n', ""), "'jackpot_symbol'", "is missing"),
    ("a typo in a slot machine field", replace("all_reels =", "all_reel ="), "'all_reel'", "unknown field"),
]

# (id, base board, edit, where the message must point, the field it must name)
CASES: list[tuple[str, Path, Callable[[str], str], str, str]] = [
    ("missing cell", CLASSIC, drop_cell(17), "cell 17", "'index'"),
    ("extra cell", CLASSIC, add_cell_40, "cell 40", "'index'"),
    ("out-of-order cells", CLASSIC, swap_cells(11, 12), "cell 12", "'index'"),
    ("cell listed twice", TOY, replace("index = 3", "index = 1"), "cell 1", "'index'"),
    ("index not an integer", TOY, replace("index = 1\n", "index = 1.0\n"), "[[cells]] entry 2", "'index'"),
    ("index a boolean", TOY, replace("index = 1\n", "index = true\n"), "[[cells]] entry 2", "'index'"),
    ("rent list too short", CLASSIC, replace("rent = [8, 40, 100, 300, 600]", "rent = [8, 40, 100, 300]"),
     "cell 7 (Bakery)", "'rent'"),
    ("rent list too long", TOY, replace("rent = [10, 50, 150, 300, 500]", "rent = [10, 50, 150, 300, 500, 700]"),
     "cell 1 (Doll shop)", "'rent'"),
    ("rent not increasing", CLASSIC, replace("rent = [8, 40, 100, 300, 600]", "rent = [8, 40, 30, 300, 600]"),
     "cell 7 (Bakery)", "'rent'"),
    ("rent as text", TOY, replace("rent = [10, 50,", 'rent = [10, "50",'), "cell 1 (Doll shop)", "'rent'"),
    ("unknown cell kind", CLASSIC, replace('index = 25\nkind = "fund_collect"', 'index = 25\nkind = "grey_business"'),
     "cell 25", "'kind'"),
    ("industry lists a non-plot cell", CLASSIC, replace("cells = [6, 7, 9]", "cells = [6, 7, 8]"),
     "industry 'food'", "'cells'"),
    ("industry lists a cell off the board", TOY, replace("cells = [1, 3]", "cells = [1, 3, 4]"),
     "industry 'toys'", "'cells'"),
    ("plot in no industry", CLASSIC, replace("cells = [6, 7, 9]", "cells = [6, 7]"), "cell 9 (Brewery)", "'cells'"),
    ("plot in two industries", CLASSIC, replace("cells = [1, 2, 4]", "cells = [1, 2, 4, 6]"),
     "industry 'food'", "'cells'"),
    ("card target outside the board", CLASSIC, replace("target = 36", "target = 40"),
     "deck 'move' card 20", "'target'"),
    ("card with an unknown effect", CLASSIC, replace('effect = "extra_turn"', 'effect = "extra_turns"'),
     "deck 'chance' card 1", "'effect'"),
    ("card without its amount", CLASSIC, replace('effect = "receive"\namount = 200\n', 'effect = "receive"\n'),
     "deck 'chance' card 9", "'amount'"),
    ("card without its steps", CLASSIC, replace('effect = "move_by"\nsteps = 3\n', 'effect = "move_by"\n'),
     "deck 'move' card 12", "'steps'"),
    ("card without an effect", CLASSIC, replace('effect = "swap_nearest"\n', ""), "deck 'move' card 11", "'effect'"),
    ("card paying nobody", CLASSIC, replace('to = "bank"', 'to = "mayor"'), "deck 'chance' card 14", "'to'"),
    ("card moving to an unknown deck", CLASSIC, replace('what = "card:chance"', 'what = "card:chanse"'),
     "deck 'move' card 17", "'what'"),
    ("money as text", CLASSIC, replace("\nprice = 50\n", '\nprice = "50"\n'), "cell 1 (Cinema)", "'price'"),
    ("money as a float", CLASSIC, replace("\nprice = 50\n", "\nprice = 50.0\n"), "cell 1 (Cinema)", "'price'"),
    ("negative price", CLASSIC, replace("\nprice = 50\n", "\nprice = -50\n"), "cell 1 (Cinema)", "'price'"),
    ("zero price", TOY, replace("price = 100\n", "price = 0\n"), "cell 1 (Doll shop)", "'price'"),
    ("money as a boolean", CLASSIC, replace("target = 5\namount = 50", "target = 5\namount = true"),
     "cell 15 (Black business)", "'amount'"),
    ("fine sends off the board", CLASSIC, replace("target = 5\namount = 50", "target = 45\namount = 50"),
     "cell 15 (Black business)", "'target'"),
    ("duplicate plot names", CLASSIC, replace('name_en = "Bakery"', 'name_en = "Cinema"'), "cell 7", "'name_en'"),
    ("duplicate Russian names", TOY, replace('name_ru = "Фабрика игрушек"', 'name_ru = "Магазин кукол"'),
     "cell 3", "'name_ru'"),
    ("duplicate industry key", CLASSIC, replace('key = "food"', 'key = "entertainment"'),
     "industry 'entertainment'", "'key'"),
    ("bad colour", CLASSIC, replace('colour = "#c0392b"', 'colour = "#c0392"'), "industry 'entertainment'", "'colour'"),
    ("colour name instead of #rrggbb", TOY, replace('colour = "#c0392b"', 'colour = "red"'),
     "industry 'toys'", "'colour'"),
    ("zero building price", TOY, replace("build_price = 50", "build_price = 0"), "industry 'toys'", "'build_price'"),
    ("typo in a cell field", CLASSIC, replace("\nprice = 50\n", "\nprise = 50\n"), "cell 1 (Cinema)", "'prise'"),
    ("typo in an industry field", TOY, replace("build_price = 50", "built_price = 50"),
     "industry 'toys'", "'built_price'"),
    ("typo in a table name", CLASSIC, replace("[[decks]]", "[[deck]]", 2), "top level", "'deck'"),
    ("missing [board]", TOY, drop_table("board"), "[board]", "[board]"),
    ("missing board field", TOY, replace("size = 4\n", ""), "[board]", "'size'"),
    ("missing [provenance]", TOY, drop_table("provenance"), "[provenance]", "[provenance]"),
    ("provenance without sources", TOY, replace('sources = ["Made up for the tests"]\n', ""),
     "[provenance]", "'sources'"),
    ("card cell naming an unknown deck", CLASSIC, replace('deck = "chance"', 'deck = "chanse"'), "cell 8", "'deck'"),
    ("no jail cell", TOY, replace('kind = "jail"', 'kind = "rest"'), "[[cells]]", "'jail'"),
    ("two start cells", CLASSIC, replace('kind = "jackpot"', 'kind = "start"'), "cell 20", "'start'"),
    ("first cell not start", TOY, replace('kind = "start"', 'kind = "rest"'), "cell 0 (START)", "'kind'"),
    ("board too small", TOY, replace("size = 4\n", "size = 3\n"), "[board]", "'size'"),
    ("no building levels", TOY, replace("small_per_large = 3", "small_per_large = 0"), "[board]", "'small_per_large'"),
] + [(name, CLASSIC, edit, "[slot_machine]", field) for name, edit, field, _ in SLOT_MACHINE_CASES] + [
    # Millionaire Junior's attractions and its present card
    ("half without a ticket", JUNIOR, replace("ticket = 2\n", ""), "cell 1 (Carousel, left half)", "'ticket'"),
    ("negative ticket", JUNIOR, replace("ticket = 2\n", "ticket = -1\n"), "cell 1 (Carousel, left half)", "'ticket'"),
    ("half for nothing", JUNIOR, replace("price = 10\n", "price = 0\n"), "cell 1 (Carousel, left half)", "'price'"),
    ("half with rent", JUNIOR, replace("ticket = 2\n", "ticket = 2\nrent = [2]\n"), "cell 1 (Carousel, left half)", "'rent'"),
    ("attraction with a building price", JUNIOR, replace("cells = [1, 2]", "build_price = 5\ncells = [1, 2]"),
     "industry 'carousel'", "'build_price'"),
    ("attraction with a card cell", JUNIOR, replace("cells = [1, 2]", "cells = [1, 2, 3]"), "industry 'carousel'", "'cells'"),
    ("half in no attraction", JUNIOR, replace("cells = [1, 2]", "cells = [1]"), "cell 2 (Carousel, right half)", "'kind'"),
    ("present card with an amount", JUNIOR, replace('effect = "free_half"\n', 'effect = "free_half"\namount = 3\n'),
     "deck 'adventure' card 17", "'amount'"),
]


@pytest.mark.parametrize(("base", "edit", "where", "field"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_broken_board(tmp_path: Path, base: Path, edit: Callable[[str], str], where: str, field: str) -> None:
    path = tmp_path / "broken_board.toml"
    path.write_text(edit(base.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    error = caught.value
    message = str(error)
    assert isinstance(error, ValueError)
    assert message.startswith("broken_board.toml: "), message
    assert where in message, message
    assert field in message, message
    assert "\n" not in message, message


@pytest.mark.parametrize(("edit", "field", "reason"), [case[1:] for case in SLOT_MACHINE_CASES],
                         ids=[case[0] for case in SLOT_MACHINE_CASES])
def test_broken_slot_machine_names_the_reason(tmp_path: Path, edit: Callable[[str], str], field: str,
                                              reason: str) -> None:
    path = tmp_path / "my_board.toml"
    path.write_text(edit(CLASSIC.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(BoardFileError, match=re.escape(reason)) as caught:
        load_board(path)
    assert str(caught.value).startswith("my_board.toml: [slot_machine]: ") and field in str(caught.value)


def test_a_slot_machine_without_a_jackpot_cell_is_refused(tmp_path: Path) -> None:
    machine = re.search(r"^\[slot_machine\]\n.*?\n\n", CLASSIC.read_text(encoding="utf-8"), re.S | re.M).group(0)
    path = tmp_path / "toy_with_machine.toml"
    path.write_text(TOY.read_text(encoding="utf-8") + "\n" + machine, encoding="utf-8")
    with pytest.raises(BoardFileError, match=r"\[slot_machine\]: the board has no 'jackpot' cell to play it on"):
        load_board(path)
    assert load_board(TOY).slot_machine is None


def test_there_are_at_least_twenty_broken_boards() -> None:
    assert len(CASES) >= 20
    assert len({case[0] for case in CASES}) == len(CASES)


def test_error_parts(tmp_path: Path) -> None:
    path = tmp_path / "toy.toml"
    path.write_text(TOY.read_text(encoding="utf-8").replace("price = 100\n", "price = -1\n"), encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    assert (caught.value.source, caught.value.where) == ("toy.toml", "cell 1 (Doll shop)")
    assert caught.value.detail == "field 'price' must not be negative, got -1"


def test_missing_cell_is_named_by_its_own_index(tmp_path: Path) -> None:
    path = tmp_path / "classic.toml"
    path.write_text(drop_cell(39)(CLASSIC.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(BoardFileError, match=r"^classic\.toml: cell 39: field 'index': missing"):
        load_board(path)


def test_bad_toml_syntax(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(TOY.read_text(encoding="utf-8").replace("price = 200", "price = = 200"), encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    line = 1 + TOY.read_text(encoding="utf-8").splitlines().index("price = 200")
    assert str(caught.value).startswith("typo.toml: not valid TOML")
    assert f"line {line}" in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "no_such_board.toml"
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    assert str(path) in str(caught.value)
    assert "no such board file" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "cp1251.toml"
    path.write_bytes(TOY.read_text(encoding="utf-8").encode("cp1251"))
    with pytest.raises(BoardFileError, match=r"^cp1251\.toml: cannot be read"):
        load_board(path)


def test_array_entries_must_be_tables(tmp_path: Path) -> None:
    path = tmp_path / "inline.toml"
    path.write_text("decks = [1]\n" + TOY.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(BoardFileError, match=r"^inline\.toml: \[\[decks\]\] entry 1: must be a table"):
        load_board(path)


def test_the_unedited_bases_load(tmp_path: Path) -> None:
    for base in (CLASSIC, TOY):
        path = tmp_path / base.name
        path.write_text(base.read_text(encoding="utf-8"), encoding="utf-8")
        assert load_board(path).size in (4, 40)


def test_every_public_error_of_the_kit_is_a_millionaire_error():
    """One ``except MillionaireError`` catches every bad input: the mechanics' table errors included
    (the classroom server's refusals and the league's internal forfeit are not errors of input)."""
    import importlib
    import pkgutil

    import millionaire
    from millionaire.errors import MillionaireError
    from millionaire.insurance import InsuranceError
    from millionaire.jackpot import SlotMachineError
    from millionaire.shares import ShareMarketError

    assert all(issubclass(error, MillionaireError) for error in (InsuranceError, ShareMarketError, SlotMachineError))
    strays = []
    for module_info in pkgutil.walk_packages(millionaire.__path__, "millionaire."):
        if ".classroom" in module_info.name or module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        strays += [f"{module.__name__}.{value.__name__}" for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, Exception) and value.__module__ == module.__name__
                   and not value.__name__.startswith("_") and not issubclass(value, MillionaireError)]
    assert strays == []
