"""The ``millionaire`` command: ``board show`` in both languages, and errors as one line with status 2."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from millionaire import load_board
from millionaire.cli import board_table, main, plural_en, plural_ru

TOY = Path(__file__).resolve().parent / "data" / "toy4.toml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse stops on bad arguments
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us", "millionaire-junior", "millionaire-elite"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_board_show_lists_every_cell(capsys: pytest.CaptureFixture[str], key: str, lang: str) -> None:
    status, out, err = run(capsys, "board", "show", "--board", key, "--lang", lang)
    assert (status, err) == (0, "")
    board = load_board(key)
    lines = out.splitlines()
    assert lines[0].startswith(board.name(lang) + ": ")
    rows = lines[3:]
    assert len(rows) == board.size
    for cell, row in zip(board.cells, rows):
        assert re.match(rf"\s*{cell.index}\s+{re.escape(cell.name(lang))}\s", row), row
        if cell.rent:
            assert row.endswith(" / ".join(map(str, cell.rent))), row
        if cell.ownable:
            assert f" {cell.price} " in row, row
    assert out == board_table(board, lang) + "\n"


def test_board_show_names_the_elite_cells(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "board", "show", "--board", "millionaire-elite")
    assert status == 0
    assert out.splitlines()[0] == ("Millionaire Elite: 40 cells, 24 plots in 8 industries, "
                                   "4 companies of the central industry.")
    rows = out.splitlines()[3:]
    assert rows[3].split()[1:3] == ["Exchange", "exchange"] and rows[3].endswith("buy or sell shares")
    assert rows[18].endswith("buy an insurance policy") and rows[37].endswith("buy a plot waiting on the auction")
    status, out, _ = run(capsys, "board", "show", "--board", "millionaire-elite", "--lang", "ru")
    assert "4 предприятия центральной отрасли" in out.splitlines()[0] and "биржа" in out


def test_board_show_defaults_to_the_classic_board_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "board", "show")
    assert status == 0
    assert out.splitlines()[0] == "Millionaire Classic: 40 cells, 24 plots in 8 industries."


def test_english_table_reads_well() -> None:
    lines = board_table(load_board("millionaire-classic"), "en").splitlines()
    assert lines[1] == "Rent by level: empty plot, 1, 2, 3 branches, enterprise."
    assert lines[2].split() == ["#", "cell", "kind", "industry", "price", "build", "rent", "/", "effect"]
    assert lines[3 + 15].endswith("go to cell 5, pay 50 into the fund")
    assert "go to cell 10, detained" in lines[3 + 30]
    monopoly = board_table(load_board("monopoly-us"), "en").splitlines()
    assert monopoly[0] == "Monopoly (US): 40 cells, 22 plots in 8 industries, 4 railroads, 2 utilities."
    assert monopoly[1] == "Rent by level: empty plot, 1, 2, 3, 4 houses, hotel."
    assert "pay 200 to the bank" in monopoly[3 + 4]
    assert "4 / 10 × dice" in monopoly[3 + 12]


def test_russian_table_is_all_russian() -> None:
    text = board_table(load_board("millionaire-classic"), "ru")
    lines = text.splitlines()
    assert lines[0] == "Миллионер классик: 40 клеток, 24 участка в 8 отраслях."
    assert lines[1] == "Аренда по уровням: пустой участок, 1, 2, 3 филиала, предприятие."
    assert lines[2].split() == ["#", "клетка", "вид", "отрасль", "цена", "стройка", "аренда", "/", "действие"]
    assert not re.search(r"[A-Za-z]", text), re.findall(r".*[A-Za-z].*", text)
    monopoly = board_table(load_board("monopoly-us"), "ru")
    assert monopoly.splitlines()[0] == (
        "Монополия (США): 40 клеток, 22 участка в 8 отраслях, 4 железные дороги, 2 коммунальные службы.")
    assert "Аренда по уровням: пустой участок, 1, 2, 3, 4 дома, отель." in monopoly
    assert not re.search(r"[A-Za-z]", monopoly)


def test_junior_table_names_halves_and_tickets() -> None:
    english = board_table(load_board("millionaire-junior"), "en").splitlines()
    assert english[0] == "Millionaire Junior: 24 cells, 16 halves of 8 attractions."
    assert english[1].startswith("Each half has a price and an entrance ticket")
    assert english[3 + 22].split()[-4:] == ["coaster", "10", "ticket", "5"]
    assert english[3 + 3].endswith("draw an Adventure card")
    russian = board_table(load_board("millionaire-junior"), "ru")
    assert russian.splitlines()[0] == "Миллионер Джуниор: 24 клетки, 16 половин 8 аттракционов."
    assert "билет 5" in russian and not re.search(r"[A-Za-z]", russian)


def test_toy_board_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "board", "show", "--board", str(TOY), "--lang", "ru")
    assert status == 0
    assert out.splitlines()[0] == "Игрушечное поле: 4 клетки, 2 участка в 1 отрасли."


def test_plurals() -> None:
    assert [plural_ru(n, "участок", "участка", "участков") for n in (1, 2, 5, 11, 12, 21, 24, 100, 101)] == [
        "1 участок", "2 участка", "5 участков", "11 участков", "12 участков", "21 участок", "24 участка",
        "100 участков", "101 участок"]
    assert [plural_en(n, w) for n, w in ((1, "cell"), (0, "cell"), (2, "utility"), (4, "house"), (2, "day"))] == [
        "1 cell", "0 cells", "2 utilities", "4 houses", "2 days"]


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("millionaire")
    return lines[0]


def test_unknown_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "board", "show", "--board", "millionaire-deluxe")
    assert (status, out) == (2, "")
    line = one_error_line(err)
    assert "millionaire-deluxe" in line and "millionaire-classic" in line


def test_broken_board_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "my_board.toml"
    path.write_text(TOY.read_text(encoding="utf-8").replace("price = 100", "price = -100"), encoding="utf-8")
    status, out, err = run(capsys, "board", "show", "--board", str(path))
    assert (status, out) == (2, "")
    line = one_error_line(err)
    assert line == "millionaire: error: my_board.toml: cell 1 (Doll shop): field 'price' must not be negative, got -100"


def test_board_file_with_bad_toml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text("[board\nkey = 1\n", encoding="utf-8")
    status, _, err = run(capsys, "board", "show", "--board", str(path))
    assert status == 2
    assert "typo.toml: not valid TOML" in one_error_line(err)


@pytest.mark.parametrize("argv", [["bogus"], ["board", "paint"], [], ["board"], ["board", "show", "--lang", "de"],
                                  ["board", "show", "--colour"]], ids=repr)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert "error:" in one_error_line(err)


def test_console_script_runs(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("millionaire")
    if not script.exists():
        pytest.skip(f"no console script at {script}: install the package with `make install`")
    done = subprocess.run([str(script), "board", "show", "--lang", "ru"], capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Миллионер классик: 40 клеток, 24 участка в 8 отраслях."
    assert len(done.stdout.splitlines()) == 43
    failed = subprocess.run([str(script), "board", "show", "--board", str(tmp_path / "missing.toml")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert failed.returncode == 2 and failed.stdout == ""
    assert len(failed.stderr.splitlines()) == 1 and "Traceback" not in failed.stderr
