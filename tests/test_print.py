"""``millionaire print``: a PDF of the board, its cards, money and tally sheets, read back with pypdf."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from millionaire import load_board
from millionaire.board import parse_board
from millionaire.class_data import parse_class_data
from millionaire.cli import main
from millionaire.printing import PAPERS, banknotes, build_pages, page_count, write_pdf

TOY = Path(__file__).resolve().parent / "data" / "toy4.toml"
BOARDS = Path(__file__).resolve().parents[1] / "millionaire" / "boards"


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, with runs of white space as one space."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_print_makes_every_page_with_every_cell_name(key, lang, tmp_path, capsys):
    board = load_board(key)
    output = tmp_path / f"{key}.pdf"
    assert main(["print", "--board", key, "--lang", lang, "--output", str(output)]) == 0
    pages = pdf_pages(output.read_bytes())
    # 4 board pages, the plot cards 9 a page, deck cards 12 a page, a page per banknote, 2 tally sheets
    cards = sum(len(deck.cards) for deck in board.decks.values())
    expected = 4 + -(-len(board.ownable) // 9) + -(-cards // 12) + len(banknotes(board)) + 2
    assert len(pages) == expected == page_count(board)
    text = " ".join(pages)
    for cell in board.cells:
        assert cell.name(lang) in text, cell.name(lang)
    for deck in board.decks.values():
        for card in deck.cards:
            assert " ".join(card.text(lang).split()) in text, card.text(lang)
    tally = pages[-1]
    assert all(cell.name(lang) in tally for cell in board.cells)   # the landing sheet lists every cell
    other = r"[А-Яа-яЁё]{3,}" if lang == "en" else r"[A-Za-z]{3,}"
    allowed = {"CSV"}
    assert [w for w in re.findall(other, text) if w not in allowed] == []
    out = capsys.readouterr().out
    assert f"{expected}" in out and str(output) in out


def test_every_value_comes_from_the_board_file(tmp_path):
    text = (BOARDS / "millionaire_classic.toml").read_text(encoding="utf-8")
    edited = re.sub(r'(name_en = "Cinema"[^[]*?\nprice = )50\n', r"\g<1>55\n", text).replace("Cinema", "Puppet theatre")
    assert edited.count("Puppet theatre") >= 1 and edited != text
    board = parse_board(edited, "edited.toml")
    buffer = io.BytesIO()
    write_pdf(board, buffer, lang="en", tiles=1)
    pages = pdf_pages(buffer.getvalue())
    card = next(page for page in pages if "Puppet theatre" in page and "Mortgage value" in page)
    assert "Price 55" in card and "Cinema" not in " ".join(pages)
    assert board.industries[0].name("en") in card


def test_a3_and_one_page_board(tmp_path):
    board = load_board("monopoly-us")
    buffer = io.BytesIO()
    pages = write_pdf(board, buffer, lang="ru", paper="A3", tiles=1)
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    assert len(reader.pages) == pages == page_count(board, "A3", 1) < page_count(board)
    width_mm = float(reader.pages[0].mediabox.width) / 72 * 25.4
    assert width_mm == pytest.approx(PAPERS["A3"][0], abs=0.5)


def test_the_template_is_written_beside_the_pdf(tmp_path, capsys):
    template = tmp_path / "our_class.csv"
    status = main(["print", "--board", "monopoly-us", "--lang", "ru", "--tiles", "1",
                   "--output", str(tmp_path / "m.pdf"), "--template", str(template)])
    assert status == 0
    assert template.read_bytes().startswith(b"\xef\xbb\xbf")  # the mark by which Excel reads it as UTF-8
    data = parse_class_data(template.read_text(encoding="utf-8-sig"), load_board("monopoly-us"), lang="ru")
    assert data.rolls == 0 and data.landings.shape == (41,)
    assert "шаблон" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--tiles", "0"], "invalid choice"), (["--paper", "Letter"], "invalid choice"),
    (["--output", "/no/such/folder/x.pdf"], "the folder '/no/such/folder' does not exist"),
    (["--board", str(TOY)], "toy4.toml: a board is drawn as a square"),
])
def test_print_refuses_bad_arguments_in_one_line(argv, message, capsys, tmp_path):
    try:
        status = main(["print", "--output", str(tmp_path / "x.pdf"), *argv])
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_build_pages_refuses_bad_input():
    board = load_board("millionaire-classic")
    for kwargs, match in [({"paper": "A5"}, "paper"), ({"tiles": 5}, "tiles"), ({"tiles": True}, "tiles"),
                          ({"lang": "de"}, "lang")]:
        with pytest.raises(ValueError, match=match):
            build_pages(board, **kwargs)


# ------------------------------------------------------------------------------ where the files go
def refused(argv, capsys) -> str:
    """The one line ``millionaire print ARGV`` prints on stderr, checked to exit with status 2."""
    assert main(["print", "--tiles", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("output, message", [
    ("/dev/full", "/dev/full: not a file but a device or another special file"),
    ("/proc/x.pdf", "/proc/x.pdf: cannot be written ("),  # why depends on who runs it: no file there, or no permission
    ("/proc/self/status", "/proc/self/status: cannot be written"),
], ids=["device", "proc", "proc-file"])
def test_an_output_that_is_no_file_is_one_line(output, message, capsys):
    err = refused(["--output", output], capsys)
    assert message in err and ("special file" in err or "nothing was written" in err)


def test_a_folder_as_output_is_one_line_and_stays_empty(tmp_path, capsys):
    assert f"{tmp_path} is a folder: give the name of a file in it" in refused(["--output", str(tmp_path)], capsys)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("template", ["same.pdf", "./same.pdf", "link.pdf"])
def test_output_and_template_as_one_file_are_refused(template, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("same.pdf").write_bytes(b"the old file")
    Path("link.pdf").symlink_to("same.pdf")
    err = refused(["--output", "same.pdf", "--template", template], capsys)
    assert "--output and --template name the same file same.pdf: give two different files" in err
    assert Path("same.pdf").read_bytes() == b"the old file"


def test_refusals_speak_russian(tmp_path, capsys):
    target = str(tmp_path / "x.pdf")
    err = refused(["--lang", "ru", "--output", target, "--template", target], capsys)
    assert "называют один и тот же файл" in err
    assert "это папка" in refused(["--lang", "ru", "--output", str(tmp_path)], capsys)


def test_a_failed_write_leaves_nothing_and_keeps_the_old_file(tmp_path, capsys, monkeypatch):
    import errno

    from matplotlib.backends.backend_pdf import PdfPages

    output = tmp_path / "game.pdf"
    output.write_bytes(b"last week's printout")
    written = PdfPages.savefig

    def full_after_two_pages(self, *args, **kwargs):
        if self.get_pagecount() == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return written(self, *args, **kwargs)

    monkeypatch.setattr(PdfPages, "savefig", full_after_two_pages)
    err = refused(["--output", str(output)], capsys)
    assert f"{output}: cannot be written (the disk is full); nothing was written" in err
    assert output.read_bytes() == b"last week's printout"
    assert [path.name for path in tmp_path.iterdir()] == ["game.pdf"]  # no partial file beside it


def test_a_board_that_cannot_be_drawn_leaves_no_file(tmp_path, capsys):
    refused(["--board", str(TOY), "--output", str(tmp_path / "toy.pdf")], capsys)
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_gets_the_usual_permissions(tmp_path, capsys):
    import os

    output = tmp_path / "m.pdf"
    assert main(["print", "--tiles", "1", "--output", str(output)]) == 0
    mask = os.umask(0)
    os.umask(mask)
    assert output.stat().st_mode & 0o777 == 0o666 & ~mask
    assert output.read_bytes()[:5] == b"%PDF-"


def test_the_default_file_stays_in_the_current_folder_whatever_the_key(tmp_path, capsys, monkeypatch):
    """A board built in Python may carry any key; the printout is still written here, under a plain name."""
    from dataclasses import replace

    import millionaire.cli as cli
    from millionaire.printing import default_name

    board = replace(load_board("millionaire-classic"), key="../../outside/x")
    assert default_name(board, "en", "A4") == "______outside_x_en_A4.pdf"
    monkeypatch.setattr(cli, "load_board", lambda name: board)
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    assert main(["print", "--tiles", "1"]) == 0
    assert [path.name for path in folder.iterdir()] == ["______outside_x_en_A4.pdf"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["here"]
