"""The classroom's board in two layers: the static picture, kept, and the SVG of what a move changes.

The overlay must show what the full picture (:class:`~millionaire.plotting.BoardView` after
``update``) shows: every owner's strip with the owner's initial, every mortgage, branch and
enterprise, every token (a detained one behind bars), whose turn, the pots, every player's cash and
the dice; on every board of the kit and in both languages; a team's name only as text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from millionaire import Game, load_board
from millionaire.classroom.board_overlay import PICTURE_PX, overlay_svg, static_picture
from millionaire.editions import keys
from millionaire.plain_text import one_line
from millionaire.plotting import NAME_MOST, BoardLayout, BoardView, _initial
from millionaire.words import word

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Owls", "Фениксы", "Team with a name too long for the centre of the board", "<b>x</b>", "Zebras"]


def played(board: str, turns: int, players: int = 5) -> Game:
    game = Game(load_board(board), agents=["cautious", "aggressive", "random", "cautious", "aggressive"][:players], seed=4)
    game.play_bots(until_turn=turns)
    return game


def parts(svg: str, name: str) -> list[ElementTree.Element]:
    return [element for element in ElementTree.fromstring(svg).iter() if element.get("class") == name]


def texts(svg: str) -> list[str]:
    return ["\n".join(span.text or "" for span in element) or element.text or "" for element in ElementTree.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("board", keys("classroom"))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_overlay_shows_everything_a_move_changes(board, lang):
    game = played(board, 90, players=4) if "junior" in board else played(board, 140)
    state, layout, names = game.state, BoardLayout(game.board), NAMES[: len(game.state.players)]
    dice = (4,) if "junior" in board else (2, 6)
    svg = overlay_svg(layout, state, names, lang, dice=dice)
    top = game.board.small_per_large + 1
    owned = [cell for cell in game.board.ownable if state.owner[cell] >= 0 and layout.plans[cell].strip is not None]
    assert owned, "the game played should own plots"
    assert len(parts(svg, "owner")) == len(owned)
    assert len(parts(svg, "mortgage")) == sum(1 for cell in game.board.ownable if state.mortgaged[cell])
    assert len(parts(svg, "branch")) == sum(state.level[cell] for cell in game.board.ownable if state.level[cell] < top)
    assert len(parts(svg, "enterprise")) == sum(1 for cell in game.board.ownable if state.level[cell] == top)
    in_game = [seat for seat, player in enumerate(state.players) if not player.bankrupt]
    assert len(parts(svg, "token")) == len(in_game)
    assert len(parts(svg, "bars")) == 3 * sum(1 for seat in in_game if state.players[seat].detained)
    assert len(parts(svg, "die")) == len(dice) and len(parts(svg, "pip")) == sum(dice)
    shown = texts(svg)
    for cell in owned:  # the owner's initial beside the colour: told apart without colour
        assert _initial(names[state.owner[cell]]) in shown
    money = game.board.currency(lang)
    for player in state.players:
        assert (word(lang, "board.bankrupt") if player.bankrupt else f"{player.cash} {money}") in shown
    drawn = [one_line(name, most=NAME_MOST) for name in names]  # as the picture writes a name: 40 characters at most
    headline = (word(lang, "board.over", winner=drawn[state.winner]) if state.finished
                else word(lang, "board.turn", round=state.round, player=drawn[state.current]))
    assert headline in shown
    if game.board.plots:
        assert word(lang, "board.fund", amount=state.charity_fund) in "\n".join(shown).split("\n")
    other = r"[А-Яа-яЁё]{3,}" if lang == "en" else r"[A-Za-z]{3,}"
    assert not [text for text in shown if re.search(other, text) and not any(name[:3] in text for name in names)]


def test_a_detained_player_stands_behind_bars_and_a_long_name_is_cut_as_in_the_picture():
    game = played("monopoly-us", 100)
    assert any(player.detained for player in game.state.players), "the game played should have someone in jail"
    svg = overlay_svg(BoardLayout(game.board), game.state, NAMES, "en", dice=(3, 5))
    assert parts(svg, "bars")
    assert any(text.startswith("Team with a") and text.endswith("…") for text in texts(svg))


def test_every_element_lies_on_the_board():
    game = played("millionaire-classic", 140)
    layout = BoardLayout(game.board)
    root = ElementTree.fromstring(overlay_svg(layout, game.state, NAMES, "ru", dice=(1, 1)))
    assert root.get("viewBox") == f"0 0 {layout.extent} {layout.extent}" and root.get("aria-hidden") == "true"
    for element in root.iter():
        for name in ("x", "y", "cx", "cy", "x1", "x2", "y1", "y2"):
            if element.get(name) is not None:
                assert 0 <= float(element.get(name)) <= layout.extent, (element.tag, name, element.get(name))
        for point in (element.get("points") or "").split():
            assert all(0 <= float(value) <= layout.extent for value in point.split(","))


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "a\" onload=\"alert(1)", "&amp; & <", "\u202eevil\u202c",
                                  "x" * 300, "</svg><img src=x onerror=alert(1)>"])
def test_a_team_name_is_only_ever_text(name):
    game = played("millionaire-classic", 60, players=2)
    svg = overlay_svg(BoardLayout(game.board), game.state, [name, "Owls"], "en", dice=(2, 3))
    root = ElementTree.fromstring(svg)  # well formed: the name closed nothing and opened nothing
    assert {element.tag for element in root.iter()} <= {f"{SVG}{tag}" for tag in
                                                       ("svg", "circle", "rect", "text", "tspan", "polygon", "line", "path")}
    assert not [key for element in root.iter() for key in element.attrib if key.startswith("on")]
    assert "\u202e" not in svg and max(len(text) for text in texts(svg)) < 120


def test_the_static_picture_is_drawn_once_and_has_nothing_that_moves():
    board = load_board("millionaire-elite")
    first = static_picture(board, "ru")
    assert static_picture(board, "ru") is first and static_picture(board, "en") != first
    assert first == BoardView(board, lang="ru", fast=True, size_px=PICTURE_PX).render_png()
    game = played("millionaire-elite", 100)
    moved = BoardView(board, lang="ru", fast=True, size_px=PICTURE_PX)
    moved.update(game.state, dice=(2, 3))
    assert moved.render_png() != first  # the picture of a game played has what the overlay draws
