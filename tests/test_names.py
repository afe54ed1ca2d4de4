"""One name per plot per language: the board file's full name in text, its short name on the board.

A short name must read as the full name cut short (each of its words starts a word of the full
name, in order), so the board and the log never seem to speak of two different plots. Every text
the kit prints (the log, the game table's buttons and lists, the command line's board table) names
a cell by its full name; a short name that differs from the full one never appears on its own.
"""

from __future__ import annotations

import re

import matplotlib
import pytest

matplotlib.use("Agg")

from millionaire import Game, load_board  # noqa: E402
from millionaire.cli import main  # noqa: E402

BOARDS = ("millionaire-classic", "monopoly-us")
LANGS = ("en", "ru")


def words(name: str) -> list[str]:
    return [w for w in re.split(r"\s+", name.replace("«", "").replace("»", "")) if w]


def abbreviates(short: str, full: str) -> bool:
    """Each word of ``short`` (less a closing dot) starts a word of ``full``, in order."""
    remaining = [w.lower() for w in words(full)]
    for word in words(short):
        stem = word.lower().rstrip(".")
        while remaining and not remaining[0].startswith(stem):
            remaining.pop(0)
        if not remaining:
            return False
        remaining.pop(0)
    return True


def stray_short_names(text: str, board, lang: str) -> list[str]:
    """Short names that stand in ``text`` without their full name around them (a name's own «quotes»
    inside the quotes of a Russian sentence are the inner „quotes“)."""
    text = outer_quotes(text)
    for name in sorted({c.name(lang) for c in board.cells}, key=len, reverse=True):
        text = text.replace(name, " ")
    return [c.short(lang) for c in board.cells if c.short(lang) != c.name(lang)
            and re.search(rf"(?<!\w){re.escape(c.short(lang))}(?!\w)", text)]


def outer_quotes(text: str) -> str:
    """``text`` with the inner „quotes“ of a Russian sentence back as the «quotes» of a board's names."""
    return text.replace("„", "«").replace("“", "»")


def test_abbreviates():
    assert abbreviates("Tax Insp.", "Tax Inspection")
    assert abbreviates("Св. Чарльз", "Площадь Святого Чарльза")
    assert not abbreviates("Пекарня", "Хлебопекарня")
    assert not abbreviates("Shoes", "Shoe factory")


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_short_name_is_its_full_name_cut_short(board_key, lang):
    for cell in load_board(board_key).cells:
        assert abbreviates(cell.short(lang), cell.name(lang)), (board_key, cell.index, cell.short(lang), cell.name(lang))


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_log_names_cells_by_their_full_names(board_key, lang):
    board = load_board(board_key)
    game = Game(board, agents=["aggressive", "monopolist", "cautious", "random"], seed=11)
    game.run(max_rounds=60)
    named = 0
    for event, line in zip(game.events, game.log(lang)):
        assert not stray_short_names(line, board, lang), line
        if event.cell >= 0 and event.kind in ("buy", "move", "mortgage", "redeem", "build"):
            assert board.cells[event.cell].name(lang) in outer_quotes(line), line
            named += 1
    assert named > 20


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_table_names_cells_by_their_full_names(lang):
    from millionaire.widgets import GameTable

    table = GameTable(players=3, humans=[0], lang=lang, seed=4)
    table.autoplay(25)
    board = table.game.board
    shown = [table.status.value, table.players_html.value, table.log_html.value]
    shown += [label for label, _ in table.trade_give.options] + [label for label, _ in table.trade_take.options]
    shown += [label for label, _ in table.manage_choice.options] + [b.description for b in table.primary_box.children]
    assert table.trade_take.options  # bots own plots by now
    for text in shown:
        assert not stray_short_names(text, board, lang), text


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_board_table_uses_full_names(board_key, lang, capsys):
    board = load_board(board_key)
    assert main(["board", "show", "--board", board_key, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not stray_short_names(out, board, lang)
    for cell in board.ownable:
        assert board.cells[cell].name(lang) in out
