"""The class's own data: the CSV template, the loader's checks, and the statistics it is compared with."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from millionaire import load_board
from millionaire.class_data import (
    ClassDataError, chi_square_sf, games_csv, chi_square_test, dice_table, dice_test, dice_total_probabilities, doubles_test,
    landing_probabilities, landing_table, landing_test, load_class_data, normal_two_sided, parse_class_data,
    regularized_gamma_q, simulated_p_values, template_csv, z_scores,
)
from millionaire.markov import movement_chain

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data"
HEAD = "group,kind,die1,die2,cell,count\n"


@pytest.fixture(scope="module")
def classic():
    return load_board("millionaire-classic")


@pytest.fixture(scope="module")
def monopoly():
    return load_board("monopoly-us")


# ---------------------------------------------------------------------- the p-value, against known values
@pytest.mark.parametrize("statistic, dof, p", [
    (3.841458820694124, 1, 0.05), (6.634896601021214, 1, 0.01), (5.991464547107979, 2, 0.05),
    (11.070497693516351, 5, 0.05), (18.307038053275146, 10, 0.05), (23.209251158954356, 10, 0.01),
    (55.75847927549960, 40, 0.05), (9.342, 10, 0.5001),
])
def test_chi_square_p_value_matches_published_critical_values(statistic, dof, p):
    assert chi_square_sf(statistic, dof) == pytest.approx(p, abs=2e-4 if p == 0.5001 else 1e-9)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.0, 7.5, 20.0, 80.0])
def test_chi_square_p_value_matches_closed_forms(x):
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)        # 2 dof: exponential
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10, abs=1e-300)
    # 4 dof: exp(-x/2) (1 + x/2)
    assert chi_square_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-11)


def test_chi_square_p_value_edges_and_bad_input():
    assert chi_square_sf(0.0, 3) == 1.0
    assert chi_square_sf(math.inf, 3) == 0.0
    assert 0 < chi_square_sf(400.0, 10) < 1e-70
    assert regularized_gamma_q(0.5, 1e-12) == pytest.approx(math.erfc(1e-6), rel=1e-12)
    for bad in [(-1.0, 3), (float("nan"), 3), (1.0, 0), (1.0, 2.5), (1.0, True)]:
        with pytest.raises(ValueError):
            chi_square_sf(*bad)
    with pytest.raises(ValueError, match="a > 0"):
        regularized_gamma_q(0, 1)


def test_chi_square_p_value_against_simulation():
    """The p-value is the share of fair samples with a statistic at least as large."""
    rng = np.random.default_rng(11)
    p = dice_total_probabilities()
    samples = rng.multinomial(200, p, size=4000)
    expected = 200 * p
    statistics = ((samples - expected) ** 2 / expected).sum(axis=1)
    for x in (8.0, 12.0, 18.3):
        share = float((statistics >= x).mean())
        assert share == pytest.approx(chi_square_sf(x, 10), abs=0.025)


def test_normal_two_sided():
    assert normal_two_sided(0) == 1.0
    assert normal_two_sided(-2.5758293035489) == pytest.approx(0.01, abs=1e-9)


def test_chi_square_test_by_hand_and_impossible_lines():
    test = chi_square_test([10, 20, 30], [0.25, 0.25, 0.5])
    # expected 15, 15, 30: (25 + 25 + 0) / 15
    assert test.statistic == pytest.approx(50 / 15)
    assert (test.dof, test.n, test.min_expected) == (2, 60, 15.0)
    assert test.p_value == pytest.approx(math.exp(-25 / 15))
    zero_line = chi_square_test([10, 0, 30], [0.25, 0.0, 0.75])
    assert zero_line.dof == 1 and zero_line.statistic == 0.0
    impossible = chi_square_test([10, 1, 29], [0.25, 0.0, 0.75])
    assert impossible.statistic == math.inf and impossible.p_value == 0.0


@pytest.mark.parametrize("observed, probabilities, match", [
    ([1, 2], [0.5, 0.4], "sum to 1"), ([1, 2], [0.5], "2 entries"), ([1.5, 2], [0.5, 0.5], "whole numbers"),
    ([-1, 2], [0.5, 0.5], "whole numbers"), ([0, 0], [0.5, 0.5], "nothing to test"), ([3], [1.0], "2 or more"),
    ([1, 2], [1.5, -0.5], "0 or more"),
])
def test_chi_square_test_refuses_bad_input(observed, probabilities, match):
    with pytest.raises(ValueError, match=match):
        chi_square_test(observed, probabilities)


def test_z_scores():
    z = z_scores([30, 50, 20], [0.25, 0.5, 0.25])
    assert z.tolist() == pytest.approx([5 / math.sqrt(100 * 0.25 * 0.75), 0.0, -5 / math.sqrt(100 * 0.25 * 0.75)])
    assert z_scores([5, 0], [1.0, 0.0]).tolist() == [0.0, 0.0]


# ---------------------------------------------------------------------- the template and the loader
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_template_round_trips_to_zero_counts(classic, monopoly, lang):
    for board in (classic, monopoly):
        text = template_csv(board, lang=lang)
        data = parse_class_data(text, board, lang=lang)
        assert data.rolls == 0 and data.landing_count == 0 and data.groups == (("А",) if lang == "ru" else ("A",))
        assert data.pairs.shape == (6, 6) and data.landings.shape == (board.size + 1,)
        assert len(text.splitlines()) == 2 + 1 + 36 + board.size + 1


def test_template_in_russian_has_no_english_words(classic):
    import re
    text = template_csv(classic, lang="ru")
    assert not re.findall(r"[A-Za-z]{3,}", text)


def test_loader_adds_groups_and_reads_every_kind(classic):
    text = HEAD + ("A,dice,1,1,,3\nA,dice,2,5,,4\nB,dice,1,1,,2\nA,landing,,,7,5\nB,landing,,,7,1\n"
                   "B,detained,,,,2\n# a note\n\nB,dice,5,2,,1\n")
    data = parse_class_data(text, classic)
    assert data.groups == ("A", "B")
    assert data.rolls == 10 and data.doubles == 5
    assert data.pairs[0, 0] == 5 and data.pairs[1, 4] == 4 and data.pairs[4, 1] == 1
    assert data.totals.tolist() == [5, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0]
    assert data.landings[7] == 6 and data.landings[-1] == 2 and data.landing_count == 8
    assert repr(data) == "<ClassData 'millionaire-classic': 2 groups, 10 rolls, 8 landings>"


def test_one_group_alone(classic):
    text = HEAD + "A,dice,1,1,,3\nB,dice,1,1,,2\nB,landing,,,7,1\nA,dice,9,1,,1\n"
    with pytest.raises(ClassDataError, match="row 5, column C: die1"):   # every row is checked, whatever the group
        parse_class_data(text, classic, group="B")
    data = parse_class_data(text.rsplit("A,dice,9", 1)[0], classic, group="B")
    assert data.groups == ("B",) and data.rolls == 2 and data.landing_count == 1
    with pytest.raises(ClassDataError, match="no rows of group 'C'; the groups are A, B"):
        parse_class_data(text.rsplit("A,dice,9", 1)[0], classic, "ours.csv", group="C")


def test_loader_reads_russian_headings_and_kinds(classic):
    text = "группа,вид,кубик1,кубик2,клетка,число\nА,кубики,6,6,,2\nА,клетка,,,39,3\nА,задержание,,,,1\n"
    data = parse_class_data(text, classic, lang="ru")
    assert data.pairs[5, 5] == 2 and data.landings[39] == 3 and data.landings[40] == 1


@pytest.mark.parametrize("body, row, column, reason", [
    ("A,dice,0,3,,1\n", 2, "C", "die1 must be a face 1 to 6, got '0'"),
    ("A,dice,3,six,,1\n", 2, "D", "die2 must be a face 1 to 6, got 'six'"),
    ("A,dice,3,3,,1\nA,dice,3,4,,-2\n", 3, "F", "count must be a whole number 0 or more, got '-2'"),
    ("A,dice,3,3,,1.5\n", 2, "F", "count must be a whole number 0 or more, got '1.5'"),
    ("A,dice,3,3,,\n", 2, "F", "count must be a whole number 0 or more, got ''"),
    ("A,dice,3,3,,12 5\n", 2, "F", "count must be a whole number 0 or more, got '12 5'"),
    ("A,dice,3,3,,\u00b2\n", 2, "F", "count must be a whole number 0 or more, got '\u00b2'"),
    ("A,dice,3,3,1\n", 2, None, "expected 6 fields, got 5 (separated by commas): every row has them all"),
    ("A,dices,3,3,,1\n", 2, "B", "kind must be one of dice, landing, detained, got 'dices'"),
    (",dice,3,3,,1\n", 2, "A", "the group is empty"),
    ("A,landing,,,40,1\n", 2, "E", "cell must be a cell number 0 to 39, got '40'"),
    ("A,landing,,,,1\n", 2, "E", "cell must be a cell number 0 to 39, got ''"),
    ("A,landing,,,0000001,1\n", 2, "E", "cell must be a cell number 0 to 39, got '0000001'"),
    ("A,landing,3,,7,1\n", 2, "C", "a landing row leaves die1 and die2 empty"),
    ("A,landing,,3,7,1\n", 2, "D", "a landing row leaves die1 and die2 empty"),
    ("A,dice,3,3,7,1\n", 2, "E", "a dice row leaves cell empty, got '7'"),
    ("A,detained,,,10,1\n", 2, "E", "a detained row leaves cell empty, got '10'"),
    ("A,landing,,,7,1\nA,landing,,,7,2\n", 3, None, "the same line as row 2 for group 'A' (add the counts into one row)"),
    ("A,landing,,,7,1,,,our note\n", 2, "I", "a value after the count column: 'our note'; leave the columns after"),
])
def test_loader_refuses_a_malformed_row_with_its_number_column_and_reason(classic, body, row, column, reason):
    with pytest.raises(ClassDataError) as caught:
        parse_class_data(HEAD + body, classic, "ours.csv")
    where = f"row {row}, column {column}" if column else f"row {row}"
    assert str(caught.value).startswith(f"ours.csv: {where}: ")
    assert reason in str(caught.value)
    assert (caught.value.row, caught.value.column) == (row, column)


def test_row_numbers_count_notes_and_blank_lines_as_a_spreadsheet_does(classic):
    with pytest.raises(ClassDataError, match=r"^ours.csv: row 5, column C: die1 must be"):
        parse_class_data("# our class\n" + HEAD + "A,dice,1,2,,1\n\nA,dice,7,2,,1\n", classic, "ours.csv")


def test_loader_speaks_russian(classic):
    with pytest.raises(ClassDataError, match=r"ours.csv: строка 2, столбец C: кубик1 — грань от 1 до 6, а не '9'"):
        parse_class_data("группа,вид,кубик1,кубик2,клетка,число\nА,кубики,9,1,,1\n", classic, "ours.csv", lang="ru")


@pytest.mark.parametrize("text, reason", [
    ("", "no heading row"), ("# only a note\n\n", "no heading row"), (HEAD, "no rows of data"),
    ("group,kind,die,cell,count\nA,dice,1,,1\n", "row 1: the heading must be group,kind,die1,die2,cell,count"),
])
def test_loader_refuses_files_without_data(classic, text, reason):
    with pytest.raises(ClassDataError, match=reason):
        parse_class_data(text, classic, "ours.csv")


def test_load_from_a_file_names_the_file(classic, tmp_path):
    path = tmp_path / "our_class.csv"
    path.write_text("\ufeff" + HEAD + "A,dice,1,2,,3\nA,landing,,,99,1\n", encoding="utf-8")
    with pytest.raises(ClassDataError, match=r"^our_class.csv: row 3, column E: cell must be"):
        load_class_data(path, classic)
    path.write_text(HEAD + "A,dice,1,2,,3\n", encoding="utf-8-sig")
    assert load_class_data(path, classic).rolls == 3
    with pytest.raises(ClassDataError, match="no such file"):
        load_class_data(tmp_path / "missing.csv", classic)


# ---------------------------------------------------------------------- files as spreadsheets save them
RU_ROWS = [("группа", "вид", "кубик1", "кубик2", "клетка", "число"), ("А", "кубики", "1", "1", "", "3"),
           ("А", "кубики", "2", "5", "", "4"), ("Б", "клетка", "", "", "7", "5"), ("Б", "задержание", "", "", "", "2")]


def _excel(rows, separator, trailing=0, empty_rows=0, newline="\r\n"):
    """Rows as Excel writes them: every row as wide as the widest, empty rows as separators only."""
    width = 6 + trailing
    lines = [separator.join(list(row) + [""] * (width - len(row))) for row in rows]
    lines[2:2] = [separator * (width - 1)] * empty_rows
    return newline.join(lines) + newline


def _check_ru(data):
    assert data.groups == ("А", "Б") and data.rolls == 7 and data.doubles == 3
    assert data.pairs[1, 4] == 4 and data.landings[7] == 5 and data.landings[40] == 2


@pytest.mark.parametrize("encoding, mark", [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("cp1251", b""),
                                            ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                            ("utf-16-le", b""), ("utf-16-be", b"")])
@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_a_file_saved_by_excel_loads_in_every_encoding_and_separator(classic, tmp_path, encoding, mark, separator):
    path = tmp_path / "наш_класс.csv"
    path.write_bytes(mark + _excel(RU_ROWS, separator, trailing=3, empty_rows=2).encode(encoding))
    _check_ru(load_class_data(path, classic, lang="ru"))


def test_russian_excel_csv_with_quotes_notes_and_spaced_thousands(classic, tmp_path):
    text = ('"# Миллионер: впишите числа; строки с # — пометки.";;;;;;\r\n'
            "группа;вид;кубик1;кубик2;клетка;число;;\r\n"
            '"А";"кубики";1;1;;3;;\r\n'
            "А;кубики;2;5;;4;;\r\n"
            ";;;;;;;\r\n"
            "Б;клетка;;;7;5;;\r\n"
            "Б;задержание;;;;2;;\r\n"
            "Б;клетка;;;8;1\u00a0000;;\r\n")
    path = tmp_path / "наш_класс.csv"
    path.write_bytes(text.encode("cp1251"))
    data = load_class_data(path, classic, lang="ru")
    assert data.landings[8] == 1000
    data = parse_class_data(text.replace("Б;клетка;;;8;1\u00a0000;;\r\n", ""), classic, lang="ru")
    _check_ru(data)


def test_row_numbers_of_an_excel_file_count_its_empty_rows(classic):
    text = _excel(RU_ROWS + [("Б", "клетка", "", "", "70", "1")], ";", trailing=2, empty_rows=3)
    with pytest.raises(ClassDataError, match=r"^x.csv: строка 9, столбец E: клетка — номер от 0 до 39, а не '70'$"):
        parse_class_data(text, classic, "x.csv", lang="ru")


@pytest.mark.parametrize("count", [str(2**63 - 1), str(2**64), "9" * 5000, "1 000 000 000", str(1_000_001)])
def test_an_absurd_count_is_refused_with_its_row_and_column(classic, count):
    with pytest.raises(ClassDataError) as caught:
        parse_class_data(HEAD + f"A,dice,1,1,,3\nA,dice,3,4,,{count}\n", classic, "ours.csv")
    message = str(caught.value)
    assert message.startswith("ours.csv: row 3, column F: count must be at most 1,000,000, got ")
    assert "a typing slip; check the row" in message and len(message) < 400


def test_counts_up_to_the_bound_add_up_without_wrapping(classic):
    rows = "".join(f"G{g},dice,{a},{b},,1000000\n" for g in range(30) for a in range(1, 7) for b in range(1, 7))
    data = parse_class_data(HEAD + rows, classic)
    assert data.rolls == 30 * 36 * 1_000_000 and data.totals.min() > 0
    with pytest.raises(ClassDataError, match="строка 2, столбец F: число — не больше 1 000 000, а здесь '1000001'"):
        parse_class_data("группа,вид,кубик1,кубик2,клетка,число\nА,кубики,1,1,,1000001\n", classic, "x.csv", lang="ru")


@pytest.mark.parametrize("data, lang, message", [
    ("группа;вид;кубик1;кубик2;клетка;число\r\nА;кубики;1;1;;3\r\nА;кубики;1;2;;4\r\n".encode("cp1251")
     .replace(b"4\r\n", b"\x98\r\n"), "en",
     "x.csv: row 3, column F: byte 0x98 cannot be read as Windows-1251: in Excel save the file again"),
    ("группа;вид;кубик1;кубик2;клетка;число\nА;кубики;1;1;;3\n".encode() + "Б;кубики;1;1;;3\n".encode("cp1251"),
     "ru", "x.csv: строка 3, столбец A: до этой строки файл в UTF-8, а байт 0xC1 здесь — нет"),
    (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00b\xee\x9dh^\x01\x00\x00", "en",
     "x.csv: this is not a text file (it holds zero bytes, as an Excel workbook does): save it from Excel as CSV UTF-8"),
    (b"\xff\xfe" + "group\tkind\tdie1\tdie2\tcell\tcount\r\n".encode("utf-16-le") + b"\x00\xd8A\x00", "en",
     "x.csv: row 2, column A: byte 0x00 cannot be read as UTF-16"),
    (b"group|kind|die1|die2|cell|count\nA|dice|1|1||3\n", "en",
     "x.csv: row 1: the heading must be group,kind,die1,die2,cell,count (or группа,вид,кубик1,кубик2,клетка,число), "
     "separated by commas, semicolons or tabs; got 'group|kind|die1|die2|cell|count': copy the first row"),
])
def test_a_file_that_cannot_be_read_is_refused_with_its_row_and_what_to_do(classic, tmp_path, data, lang, message):
    path = tmp_path / "x.csv"
    path.write_bytes(data)
    with pytest.raises(ClassDataError) as caught:
        load_class_data(path, classic, lang=lang)
    assert str(caught.value).startswith(message)


def test_an_unreadable_file_is_said_plainly(classic, tmp_path, monkeypatch):
    path = tmp_path / "x.csv"
    path.write_text(HEAD, encoding="utf-8")

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    with pytest.raises(ClassDataError, match="^x.csv: файл не удаётся прочитать: Permission denied$"):
        load_class_data(path, classic, lang="ru")


def test_many_groups_load_in_time_linear_in_the_file(classic):
    import time

    rows = "".join(f"group {g},landing,,,{g % 40},1\n" for g in range(40_000))
    start = time.process_time()
    data = parse_class_data(HEAD + rows, classic)
    assert time.process_time() - start < 2.0   # a list of groups searched row by row took 6 s
    assert len(data.groups) == 40_000 and data.landing_count == 40_000


# ---------------------------------------------------------------------- the class against the theory
def test_dice_comparison_by_hand(classic):
    data = parse_class_data(HEAD + "A,dice,1,1,,4\nA,dice,3,4,,26\nA,dice,6,5,,6\n", classic)
    rows = dice_table(data)
    assert [r["total"] for r in rows] == list(range(2, 13))
    seven = rows[5]
    assert seven["observed"] == 26 and seven["expected"] == pytest.approx(36 / 6)
    assert seven["z"] == pytest.approx((26 - 6) / math.sqrt(36 * (1 / 6) * (5 / 6)))
    assert dice_test(data).dof == 10
    doubles = doubles_test(data)
    assert (doubles.doubles, doubles.rolls, doubles.expected) == (4, 36, 6.0)
    assert doubles.p_value == pytest.approx(normal_two_sided(doubles.z))


def test_landing_comparison_uses_the_exact_chain(classic, monopoly):
    for board in (classic, monopoly):
        p = landing_probabilities(board)
        chain = movement_chain(board).probabilities(per="landing")
        assert p == pytest.approx(chain / chain.sum())
    text = HEAD + "".join(f"A,landing,,,{cell},{cell % 5 + 1}\n" for cell in range(40)) + "A,detained,,,,4\n"
    data = parse_class_data(text, classic)
    rows = landing_table(data, classic, lang="ru")
    assert len(rows) == 41 and rows[-1]["cell"] is None and rows[-1]["name"] == "Задержание в инспекции"
    assert rows[39]["name"] == "Нефтяной холдинг"
    assert sum(r["expected"] for r in rows) == pytest.approx(data.landing_count)
    assert landing_test(data, classic).dof == 40
    with pytest.raises(ValueError, match="board 'millionaire-classic', not 'monopoly-us'"):
        landing_test(data, monopoly)


def test_no_rolls_or_no_landings_is_said_plainly(classic):
    only_landings = parse_class_data(HEAD + "A,landing,,,7,3\n", classic)
    with pytest.raises(ValueError, match="no rolls"):
        doubles_test(only_landings)
    with pytest.raises(ValueError, match="nothing to test"):
        dice_test(only_landings)
    only_dice = parse_class_data(HEAD + "A,dice,1,2,,3\n", classic)
    with pytest.raises(ValueError, match="no landings"):
        landing_test(only_dice, classic)


def test_fair_dice_are_rejected_about_as_often_as_the_level_says():
    fair = dice_total_probabilities()
    p = simulated_p_values(fair, fair, 200, 600, seed=5)
    assert 0.02 < float((p < 0.05).mean()) < 0.09


def test_a_loaded_die_shows_with_many_rolls_not_with_few():
    loaded = np.array([0.15, 0.15, 0.15, 0.15, 0.15, 0.25])
    fair = np.full(6, 1 / 6)
    few = simulated_p_values(loaded, fair, 200, 300, seed=2)
    many = simulated_p_values(loaded, fair, 20_000, 50, seed=2)
    assert float((few < 0.05).mean()) < 0.9
    assert float((many < 0.05).mean()) == 1.0


def test_the_shipped_example_loads_the_same_in_both_languages(classic):
    data = load_class_data(DATA / "class_example.csv", classic)
    russian = load_class_data(DATA / "class_example_ru.csv", classic, lang="ru")
    assert data.rolls >= 200 and data.landing_count >= 200 and data.groups == ("A", "B", "C")
    assert russian.groups == ("А", "Б", "В")
    assert (data.pairs == russian.pairs).all() and (data.landings == russian.landings).all()


def test_games_csv_reads_the_event_log(classic):
    from millionaire import Game

    game = Game(classic, agents=["cautious", "aggressive"], seed=9)
    game.run(max_rounds=6)
    data = parse_class_data(games_csv([game], ["A"], lang="ru"), classic, lang="ru")
    rolls = [e.detail for e in game.events if e.kind == "roll"]
    assert data.rolls == len(rolls) and data.doubles == sum(a == b for a, b in (r.split("+") for r in rolls))
    assert data.landing_count == sum(e.kind in ("move", "detain") for e in game.events)
    quiet = Game(classic, agents=["cautious", "cautious"], seed=9, record_events=False)
    with pytest.raises(ValueError, match="record_events=False"):
        games_csv([quiet], ["A"])
    with pytest.raises(ValueError, match="one group name per game"):
        games_csv([game], ["A", "B"])
