"""Names are text on every surface: a name with ``$``, a backslash, markup, a terminal escape or
another control character is drawn, printed and shown as the letters it holds, never read as a
formula, HTML or a terminal code.

Hostile names come from two places: a board file (cell, industry, deck, board names and card texts,
which may hold ``$``, ``\\``, markup and formula starts but no control character) and a saved game or
a keyboard (player names, which may hold anything). Each surface is walked with them: the board
drawing and its heat map, the widgets' charts and HTML, the event log, the PDF, the command line.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

from pypdf import PdfReader  # noqa: E402

from millionaire import Game, GameState, load_board  # noqa: E402
from millionaire.board import parse_board  # noqa: E402
from millionaire.cli import main  # noqa: E402
from millionaire.plain_text import (chart_text, first_control, html_text, one_line, spreadsheet_cell,  # noqa: E402
                                    terminal)
from millionaire.plotting import NAME_MOST, BoardView, draw_board  # noqa: E402
from millionaire.printing import write_pdf  # noqa: E402

BOARDS = Path(__file__).resolve().parents[1] / "millionaire" / "boards"

#: Names a board file may hold (no control characters): formulas, markup, format fields, 60 letters.
CELL_NAMES = ["$\\frac$", "$x$ and $y$", "\\frac{1}{2} \\n", "<b>bold</b>", "<script>alert(1)</script>",
              "{0} {name} %s", "Tom & Jerry's \"shop\"", "=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(1)",
              ("Long name " * 6).strip() + "!"]
BOARD_NAME = "$\\frac$ <b>Board</b>"
INDUSTRY_NAME = "<i>Fun</i> $\\frac$"
CARD_TEXT = "Pay $50 or $\\frac{1}{2}$ <i>now</i>."
DECK_NAME = "$Move$ <u>deck</u>"
#: Names a saved game or a keyboard may hold: anything at all.
PLAYER_NAMES = ["$\\frac$", "$x$", "line\nbreak", "<b>x</b>", "<script>alert(1)</script>", "\x1b[31mred\x1b[0m",
                "bell\x07", "\u202eevil", "N" * 10_000]
GROUPS = [PLAYER_NAMES[i:i + 3] for i in range(0, len(PLAYER_NAMES), 3)]
#: Player names a terminal must never see: terminal escapes, control characters, direction marks.
ESCAPED_NAMES = ["\x1b[31mred\x1b[0m", "\x1b]0;title\x07Title", "bell\x07", "\u202eevil", "a\nb\rc\td"]


def hostile_board_text() -> str:
    """Millionaire Classic with :data:`CELL_NAMES` on cells 1.., and hostile board, industry, deck
    names and a card text."""
    text = (BOARDS / "millionaire_classic.toml").read_text(encoding="utf-8")
    blocks = text.split("\n[[cells]]\n")
    for index, name in enumerate(CELL_NAMES, start=1):
        blocks[index + 1] = re.sub(r'^(name_en|name_ru|short_en|short_ru) = ".*?"', lambda m: f"{m.group(1)} = {json.dumps(name)}",
                                   blocks[index + 1], flags=re.M)
        assert f"index = {index}\n" in blocks[index + 1]
    text = "\n[[cells]]\n".join(blocks)
    for old, new in (('name_en = "Millionaire Classic"', BOARD_NAME), ('name_ru = "Миллионер классик"', BOARD_NAME),
                     ('name_en = "Entertainment"', INDUSTRY_NAME), ('key = "move"\nname_en = "Move"', DECK_NAME),
                     ('text_en = "Take another turn after this one."', CARD_TEXT)):
        assert text.count(old) == 1, old
        text = text.replace(old, f"{old.rsplit(' = ', 1)[0]} = {json.dumps(new)}")
    return text


HOSTILE = parse_board(hostile_board_text(), "hostile.toml")
CLASSIC = load_board("millionaire-classic")


def played(board, names, decisions: int = 300, seed: int = 3) -> Game:
    """A game of bots with these player names, some way in."""
    game = Game(board, agents=["cautious", "aggressive", "random"][:len(names)], names=names, seed=seed)
    for _ in range(decisions):
        if game.finished:
            break
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    return game


def plain_block(text: str) -> bool:
    """Text a terminal shows as letters: nothing but printable characters and line ends."""
    return all(char == "\n" or char.isprintable() for char in text)


# ------------------------------------------------------------------------------ the one place
@pytest.mark.parametrize("name", PLAYER_NAMES + ESCAPED_NAMES)
def test_one_line_leaves_letters_only(name):
    shown = one_line(name)
    assert shown.isprintable() and "\x1b" not in shown and first_control(shown) == -1
    assert one_line(shown) == shown  # plain text stays as it is


def test_one_line_drops_whole_escape_sequences_and_keeps_the_rest():
    assert one_line("\x1b[1;31mRed\x1b[0m team") == "Red team"
    assert one_line("\x1b]0;evil title\x07Anna") == "Anna"
    assert one_line("\x9b31mC1\x1bc") == "C1"
    assert one_line("Анна\u202e и\tБорис\n") == "Анна и Борис "
    assert one_line("$\\frac$ <b>") == "$\\frac$ <b>"
    assert one_line("x" * 100, most=10) == "x" * 9 + "…"


def test_terminal_keeps_the_lines_and_cleans_each():
    assert terminal("one\x1b[2J\ntwo\x07\n") == "one\ntwo\n"


def test_html_and_chart_text():
    assert html_text("<script>\x1b[31m") == "&lt;script&gt;"
    assert chart_text("$\\frac$ costs $5") == "\\$\\frac\\$ costs \\$5"


@pytest.mark.parametrize("value, written", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("Bakery", "Bakery"), ("", ""), ("a=b", "a=b"), (0.25, 0.25), (-3, -3),
])
def test_a_csv_cell_that_a_spreadsheet_would_run_is_written_as_text(value, written):
    assert spreadsheet_cell(value) == written


# ------------------------------------------------------------------------------ the board drawing
@pytest.mark.parametrize("fast", [True, False], ids=["fast", "savefig"])
@pytest.mark.parametrize("names", GROUPS, ids=["math", "markup-escape", "bell-rtl-long"])
def test_a_save_with_hostile_names_loads_and_draws(names, fast):
    game = played(CLASSIC, names)
    state = GameState.from_json(game.state.to_json(), CLASSIC)
    assert [player.name for player in state.players] == game.names  # kept exactly as saved
    view = BoardView(CLASSIC, lang="ru", fast=fast, size_px=600)
    view.update(state, dice=(3, 4))
    assert view.render_png()[:4] == b"\x89PNG"
    texts = view.ax.texts
    assert all(not text.get_parse_math() and not text.get_usetex() for text in texts)
    drawn = [text.get_text() for text in texts]
    assert all(plain_block(text) for text in drawn)
    for name in names:
        start = one_line(name)[:6]
        assert any(text.startswith(start) for text in drawn), (name, drawn)


def test_a_long_name_is_cut_to_its_place_on_the_board():
    game = played(CLASSIC, ["N" * 10_000, "Anna"], decisions=5)
    view = BoardView(CLASSIC, fast=True, size_px=600)
    view.update(game.state)
    long = next(text for text in view.ax.texts if text.get_text().startswith("NNN") and text.get_text().endswith("…"))
    assert len(long.get_text()) <= NAME_MOST
    view.render_png()
    box = long.get_window_extent()
    board = view.ax.get_window_extent()
    assert board.x0 <= box.x0 and box.x1 <= board.x1  # inside the board, not across it


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_board_of_hostile_names_draws_with_a_heat_map_and_a_finished_game(lang, tmp_path):
    game = played(HOSTILE, PLAYER_NAMES[:3], decisions=10_000)
    ax = draw_board(HOSTILE, game.state, values=[1 / 41] * 41, lang=lang, label="$\\frac$ share")
    ax.figure.savefig(tmp_path / "board.png")
    drawn = [text.get_text().replace("\n", " ") for text in ax.texts]
    for name in CELL_NAMES[:7]:
        assert any(name in text or text.rstrip("…") in name for text in drawn if text), name
    assert BOARD_NAME in drawn
    matplotlib.pyplot.close(ax.figure)


# ------------------------------------------------------------------------------ the log
@pytest.mark.parametrize("names", GROUPS, ids=["math", "markup-escape", "bell-rtl-long"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_is_one_line_of_plain_text_per_event(names, lang):
    game = played(HOSTILE, names)
    lines = game.log(lang)
    assert lines and all(line.isprintable() for line in lines)
    text = "\n".join(lines).lower()  # a sentence starts with a capital, whatever the name
    for name in names:
        assert one_line(name).lower() in text
    assert any(name.lower() in text for name in CELL_NAMES)


# ------------------------------------------------------------------------------ the widgets
@pytest.fixture
def hostile_boards(monkeypatch):
    """Every widget loads the board of hostile names, whatever board it is asked for."""
    import millionaire.widgets.app as app
    import millionaire.widgets.common as common
    import millionaire.widgets.economics as economics
    import millionaire.widgets.game_table as game_table
    import millionaire.widgets.landing as landing

    for module in (app, common, economics, game_table, landing):  # each reads its boards by builtin_board
        monkeypatch.setattr(module, "builtin_board", lambda key: HOSTILE)
    monkeypatch.setattr(common, "load_board", lambda key: HOSTILE)


def test_the_game_table_shows_hostile_names_as_text(hostile_boards):
    from millionaire.widgets import GameTable

    table = GameTable(players=3, humans=[0], seed=4)
    for player, name in zip(table.game.state.players, PLAYER_NAMES[3:6]):
        player.name = name
    table.autoplay(8)
    shown = table.players_html.value + table.status.value + table.log_html.value
    for name in PLAYER_NAMES[3:6]:
        assert html_text(name) in table.players_html.value
    assert "<script>" not in shown and "<b>x</b>" not in shown and "\x1b" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in table.players_html.value
    assert table.board_image.value[:4] == b"\x89PNG"
    labels = [label for label, _ in table.trade_partner.options + table.trade_take.options]
    assert all(label.isprintable() for label in labels)


def test_the_app_title_shows_the_board_name_as_text(hostile_boards):
    from millionaire.widgets import PlayApp

    app = PlayApp(lang="en")
    assert html.escape(BOARD_NAME) in app.title.value and "<b>Board</b>" not in app.title.value


def test_every_chart_draws_hostile_names(hostile_boards):
    from millionaire.widgets import InvestmentExplorer, LandingExplorer, MortgageLab

    landing = LandingExplorer()
    assert landing.board_image.value[:4] == landing.bars_image.value[:4] == b"\x89PNG"
    investment = InvestmentExplorer(industry="entertainment")
    assert investment.chart.value[:4] == b"\x89PNG" and investment.message.value == ""
    assert html.escape(INDUSTRY_NAME) in investment.summary.value and "<i>Fun</i>" not in investment.summary.value
    mortgage = MortgageLab(cell=4)
    assert mortgage.chart.value[:4] == b"\x89PNG"
    assert html.escape(CELL_NAMES[3]) in mortgage.summary.value and CELL_NAMES[3] not in mortgage.summary.value


# ------------------------------------------------------------------------------ the PDF
def test_the_pdf_holds_every_name_as_written(tmp_path):
    output = tmp_path / "hostile.pdf"
    write_pdf(HOSTILE, output, lang="en", tiles=1)
    pages = [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(output).pages]
    text = " ".join(pages)
    for name in CELL_NAMES:
        assert name in pages[-1], name  # the landing sheet lists every cell by its full name
    for name in (BOARD_NAME, INDUSTRY_NAME, DECK_NAME, CARD_TEXT):
        assert name in text, name


# ------------------------------------------------------------------------------ the command line
@pytest.fixture
def hostile_file(tmp_path):
    path = tmp_path / "hostile.toml"
    path.write_text(hostile_board_text(), encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", [["board", "show"], ["board", "show", "--lang", "ru"], ["play", "--max-rounds", "5"],
                                  ["markov"], ["markov", "--csv"], ["economics"], ["simulate", "--games", "2"]])
def test_the_command_line_prints_names_as_written(argv, hostile_file, capsys):
    assert main([*argv, "--board", str(hostile_file)]) == 0
    out = capsys.readouterr().out
    assert plain_block(out)
    assert "--csv" in argv or BOARD_NAME in out
    if argv[0] in ("board", "markov") and "--csv" not in argv:  # the CSV: test_markov_csv_writes_formulas_as_text
        for name in CELL_NAMES:
            assert name in out, name


def test_markov_csv_writes_formulas_as_text(hostile_file, capsys):
    assert main(["markov", "--csv", "--board", str(hostile_file)]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    names = [row[1] for row in rows[1:]]
    assert names[8:12] == ["'=HYPERLINK(\"http://x\")", "'+1", "'-2", "'@SUM(1)"]
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row[:2])
    assert all(float(row[2]) >= 0 for row in rows[1:])  # numbers stay numbers


def test_no_escape_reaches_the_terminal_even_from_a_board_the_loader_never_saw(monkeypatch, capsys):
    """A board built in Python skips the file checks; the command line still prints letters only."""
    import millionaire.cli as cli

    cells = list(CLASSIC.cells)
    for index, name in enumerate(ESCAPED_NAMES, start=1):
        cells[index] = replace(cells[index], name_en=name, name_ru=name, short_en=name, short_ru=name)
    board = replace(CLASSIC, cells=tuple(cells), name_en="\x1b[2JBoard\x07")
    monkeypatch.setattr(cli, "load_board", lambda name: board)
    for argv in (["board", "show"], ["play", "--max-rounds", "5"], ["markov"], ["markov", "--csv"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert plain_block(out) and "\x1b" not in out, argv
        assert "red" in out if argv[0] != "play" else "Board" in out


def test_an_error_about_a_hostile_argument_prints_no_escape(capsys):
    assert main(["board", "show", "--board", "\x1b[31mnope\x07.toml"]) == 2
    err = capsys.readouterr().err
    assert plain_block(err) and len(err.splitlines()) == 1 and "nope" in err


def test_a_league_chart_shows_a_bot_named_as_a_formula(tmp_path):
    """A pupil names a bot ``$\\frac$``: the standings chart draws it as text."""
    from millionaire.league import league

    result = league({"$\\frac$": "cautious"}, opponents=["random"], games=2, max_rounds=20, seed=3, isolate=False)
    ax = result.plot(lang="ru")
    ax.figure.savefig(tmp_path / "league.png")
    assert any("frac" in label.get_text() for label in ax.get_yticklabels())


def test_a_classroom_export_writes_a_team_named_as_a_formula_as_text():
    from millionaire.agents import make_agent
    from millionaire.class_data import games_csv

    game = Game(load_board("millionaire-classic"), agents=[make_agent("cautious", seed=i) for i in range(2)], seed=2)
    game.run(max_rounds=3)
    rows = list(csv.reader(io.StringIO(games_csv([game], ["=HYPERLINK(\"x\")"]))))
    assert all(row[0].startswith("'=") for row in rows[1:] if row and not row[0].startswith("#"))
