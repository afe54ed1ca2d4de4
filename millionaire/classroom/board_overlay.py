"""The board of a classroom page in two layers: the picture that never changes, and what a move changes.

A page of the classroom shows its table's board after every move. Drawing the whole picture again
(matplotlib, then a PNG of about 150 KiB for every page) cost the server about 65 ms of CPU a move
and language; here the board's static picture (cells, names, prices, the legend: the parts of
:class:`~millionaire.plotting.BoardView` that do not move) is drawn once per board, language and
size (:func:`static_picture`) and each page keeps it, while what a move changes (owners' strips
with their initials, mortgages hatched, branches and enterprises, the tokens, the centre panel with
whose turn it is, the pots, every player's cash and the dice) is an SVG drawing laid over it
(:func:`overlay_svg`): a few KiB of text, made in well under a millisecond. The overlay draws what
:meth:`BoardView.update <millionaire.plotting.BoardView.update>` draws, at the same places (the
board's :class:`~millionaire.plotting.BoardLayout`), in the same colours and with the same initials,
in the picture's own units: one cell's width is one unit of the SVG, its y axis pointing down.

Names come from the teams: they are made one line (:func:`~millionaire.plain_text.one_line`), cut
to fit as the picture cuts them, and escaped; nothing in the overlay runs.

Examples
--------
>>> from millionaire import Game, load_board
>>> from millionaire.plotting import BoardLayout
>>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
>>> svg = overlay_svg(BoardLayout(game.board), game.state, ["Owls", "<b>Foxes</b>"], "en")
>>> svg.startswith("<svg") and "&lt;b&gt;Foxes&lt;/b&gt;" in svg and "<b>" not in svg
True
>>> static_picture(game.board, "en")[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import html
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..board import Board, CellKind
from ..plain_text import one_line
from ..plotting import (DIE_PIPS, NAME_MOST, PLAYER_COLOURS, SMALL_FONT, Box, BoardLayout, BoardView, _BRANCH, _ENTERPRISE,
                        _enterprise, _house, _initial, _text_colour, cut_to_fit, text_width_em)
from ..words import word

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

#: How wide the board's picture is drawn, in pixels (the browser scales it to the page).
PICTURE_PX = 780
#: The pictures' font, first; a device without it takes a font of about its width.
FONT = "'DejaVu Sans', Verdana, sans-serif"
#: How far apart matplotlib sets the lines of a text, in font sizes, at a line spacing of 1 (DejaVu Sans).
LINE_STEP = 0.98
#: How far apart a mortgage's diagonal lines are, in cell widths (matplotlib's "///" at this size).
HATCH_STEP = 0.088


_pictures: dict[tuple[str, str, int], tuple[Board, bytes]] = {}
_pictures_lock = threading.Lock()


def static_picture(board: Board, lang: str, size_px: int = PICTURE_PX) -> bytes:
    """The board's picture without anything that moves (PNG), drawn once per board, language and size.

    >>> from millionaire import load_board
    >>> board = load_board("millionaire-junior")
    >>> static_picture(board, "ru") is static_picture(board, "ru")
    True
    """
    with _pictures_lock:  # pages of eight tables ask at once: one drawing
        kept = _pictures.get((board.key, lang, size_px))
        if kept is None or kept[0] != board:
            kept = board, BoardView(board, lang=lang, fast=True, size_px=size_px).render_png()
            _pictures[(board.key, lang, size_px)] = kept
        return kept[1]


def _part(name: str) -> str:
    """The class that names which part of the board an element draws (for tests and style sheets)."""
    return f' class="{name}"' if name else ""


class _Drawing:
    """SVG elements in the board's units (cell widths, y up as in the picture's axes, flipped here)."""

    def __init__(self, extent: float, size_px: int) -> None:
        self.extent = extent
        self.point = 100 / 72 * extent / size_px  # one typographic point in cell widths (the picture is at 100 dpi)
        self.parts: list[str] = []

    def y(self, value: float) -> float:
        return self.extent - value

    def circle(self, x: float, y: float, radius: float, fill: str, line: float, stroke: str = "white", part: str = "") -> None:
        self.parts.append(f'<circle{_part(part)} cx="{x:.2f}" cy="{self.y(y):.2f}" r="{radius:.2f}" fill="{fill}" stroke="{stroke}" '
                          f'stroke-width="{line * self.point:.3f}"/>')

    def rect(self, box: Box, fill: str, line: float, stroke: str, rounded: float = 0.0, part: str = "") -> None:
        corner = f' rx="{rounded:.2f}"' if rounded else ""
        self.parts.append(f'<rect{_part(part)} x="{box.x:.2f}" y="{self.y(box.y + box.h):.2f}" width="{box.w:.2f}" height="{box.h:.2f}"'
                          f'{corner} fill="{fill}" stroke="{stroke}" stroke-width="{line * self.point:.3f}"/>')

    def polygon(self, points: Sequence[tuple[float, float]], fill: str, line: float, stroke: str) -> None:
        corners = " ".join(f"{x:.2f},{self.y(y):.2f}" for x, y in points)
        self.parts.append(f'<polygon class="branch" points="{corners}" fill="{fill}" stroke="{stroke}" stroke-width="{line * self.point:.3f}"/>')

    def line(self, x: float, low: float, high: float, colour: str, width: float) -> None:
        self.parts.append(f'<line class="bars" x1="{x:.2f}" y1="{self.y(low):.2f}" x2="{x:.2f}" y2="{self.y(high):.2f}" stroke="{colour}" '
                          f'stroke-width="{width * self.point:.3f}"/>')

    def hatch(self, box: Box, colour: str) -> None:
        """Diagonal lines across ``box`` (a mortgage), each cut at the box's edges."""
        segments, offset = [], -box.h + HATCH_STEP / 2
        while offset < box.w:  # the line x - box.x = (y - box.y) + offset
            start = (max(offset, 0.0), max(-offset, 0.0))
            end = (min(offset + box.h, box.w), min(box.w - offset, box.h))
            segments.append(f"M{box.x + start[0]:.2f} {self.y(box.y + start[1]):.2f}"
                            f"L{box.x + end[0]:.2f} {self.y(box.y + end[1]):.2f}")
            offset += HATCH_STEP
        self.parts.append(f'<path class="mortgage" d="{"".join(segments)}" stroke="{colour}" stroke-width="{self.point:.3f}" fill="none"/>')

    def text(self, x: float, y: float, text: str, size: float, colour: str, anchor: str = "middle", bold: bool = False,
             top: bool = False, spacing: float = 1.0) -> None:
        """``text`` at (x, y), ``size`` cell widths tall; centred on ``y``, or hanging from it (``top``)
        with its lines ``spacing`` apart."""
        style = (f' text-anchor="{anchor}"' if anchor != "middle" else "") + (' font-weight="bold"' if bold else "")
        if top:
            style += ' dominant-baseline="hanging"'
        lines = text.split("\n")
        if len(lines) == 1:
            content = html.escape(text)
        else:
            content = "".join(f'<tspan x="{x:.2f}" dy="{0 if i == 0 else LINE_STEP * spacing:.2f}em">{html.escape(line)}</tspan>'
                              for i, line in enumerate(lines))
        self.parts.append(f'<text x="{x:.2f}" y="{self.y(y):.2f}" font-size="{size:.3f}" fill="{colour}"{style}>{content}</text>')

    def token(self, x: float, y: float, radius: float, seat: int, name: str, line: float, size: float, part: str = "") -> None:
        """A player's disc in the seat's colour with the player's initial (colour-blind safe: both)."""
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        self.circle(x, y, radius, colour, line, part=part)
        self.text(x, y, _initial(name), size, _text_colour(colour), bold=True)


def overlay_svg(layout: BoardLayout, state: GameState, names: Sequence[str], lang: str, dice: Sequence[int] = (),
                size_px: int = PICTURE_PX) -> str:
    """What the picture of :func:`static_picture` lacks for ``state``: an SVG of the board's size to lay
    over it (``layout`` is the board's, ``names`` the players' as the page shows them, ``dice`` the
    last roll's faces).

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> svg = overlay_svg(BoardLayout(game.board), game.state, ["Owls", "Foxes"], "ru", dice=(3, 4))
    >>> svg.count("<circle")  # two tokens, whose turn, two rows of cash, the pips of 3 and 4
    12
    """
    board = layout.board
    drawing = _Drawing(layout.extent, size_px)
    names = [one_line(name, most=NAME_MOST) for name in names]
    _holdings(drawing, board, layout, state, names)
    _tokens(drawing, layout, state, names)
    _centre(drawing, board, layout, state, names, lang, dice)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {layout.extent} {layout.extent}" '
            f'font-family="{FONT}" text-anchor="middle" dominant-baseline="central" aria-hidden="true" focusable="false">{"".join(drawing.parts)}</svg>')


def _holdings(drawing: _Drawing, board: Board, layout: BoardLayout, state: GameState, names: list[str]) -> None:
    """Owners' strips with their initials, mortgages hatched, branches and enterprises."""
    top = board.small_per_large + 1
    for cell in board.ownable:
        plan = layout.plans[cell]
        owner = state.owner[cell]
        if owner >= 0 and plan.strip is not None:
            colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
            drawing.rect(plan.strip, colour, 0.8, "#222222", part="owner")
            x, y = plan.strip.centre
            drawing.text(x, y, _initial(names[owner]), SMALL_FONT * 1.25, _text_colour(colour), bold=True)
        if state.mortgaged[cell]:
            drawing.hatch(plan.cell, "#555555")
        level = state.level[cell]
        if level and plan.band is not None:
            _buildings(drawing, plan.band, level, top)


def _buildings(drawing: _Drawing, band: Box, level: int, top: int) -> None:
    horizontal = band.w > band.h
    length, thickness = (band.w, band.h) if horizontal else (band.h, band.w)
    if level == top:
        block = _enterprise(band, _ENTERPRISE)
        drawing.rect(Box(block.get_x(), block.get_y(), block.get_width(), block.get_height()), _ENTERPRISE, 1.0, "white",
                     rounded=0.04, part="enterprise")
        x, y = band.centre
        drawing.text(x, y, "★", thickness * 0.8, "white")
        return
    for i in range(level):
        offset = (i + 0.5) / (top - 1) * length
        x, y = (band.x + offset, band.y + band.h / 2) if horizontal else (band.x + band.w / 2, band.y + band.h - offset)
        drawing.polygon([tuple(point) for point in _house(x, y, thickness * 0.36, _BRANCH).get_xy()[:-1]], _BRANCH, 0.9,
                        "white")


def _tokens(drawing: _Drawing, layout: BoardLayout, state: GameState, names: list[str]) -> None:
    """Every player still in the game on their cell, side by side; a detained one behind bars."""
    by_cell: dict[int, list[int]] = {}
    for seat, player in enumerate(state.players):
        if not player.bankrupt:
            by_cell.setdefault(player.position, []).append(seat)
    for cell, seats in by_cell.items():
        for seat, (x, y, radius) in zip(seats, layout.token_spots(cell, len(seats))):
            drawing.token(x, y, radius, seat, names[seat], 1.5, radius * 1.15, part="token")
            if state.players[seat].detained:
                for dx in (-0.45, 0.0, 0.45):
                    drawing.line(x + dx * radius, y - radius * 1.15, y + radius * 1.15, "#222222", 1.6)


def _centre(drawing: _Drawing, board: Board, layout: BoardLayout, state: GameState, names: list[str], lang: str,
            dice: Sequence[int]) -> None:
    """Whose turn (or who won), the pots, every player's cash, the last roll."""
    centre = layout.centre
    left, top = centre.x + 0.45, centre.y + centre.h - 1.2
    if state.finished:
        headline = word(lang, "board.over", winner=names[state.winner] if state.winner >= 0 else "—")
        text_left = left
    else:
        headline = word(lang, "board.turn", round=state.round, player=names[state.current])
        drawing.token(left + 0.17, top, 0.2, state.current, names[state.current], 1, 0.21)
        text_left = left + 0.5
    font = min(0.3, (centre.x + centre.w - 0.15 - text_left) / (text_width_em(headline) * 1.08))
    drawing.text(text_left, top, headline, font, "#222222", anchor="start", bold=True)
    row = top - 1.95
    if board.plots:
        pots = word(lang, "board.fund", amount=state.charity_fund)
        if any(c.kind is CellKind.JACKPOT for c in board.cells):
            pots += "\n" + word(lang, "board.box", amount=state.jackpot_box)
        market = state.market
        if market is not None and board.shares is not None:
            pots += "\n" + word(lang, "board.share_price", amount=market["price"])
            if market["waiting"]:
                pots += " · " + word(lang, "board.waiting", count=len(market["waiting"]))
        drawing.text(left, top - 0.6, pots, 0.25, "#24452a", anchor="start", top=True, spacing=1.3)
    else:
        row = top - 0.9
    money = board.currency(lang)
    floor = centre.y + (1.0 if len(dice) == 1 else 0.75)
    step = min(0.48, (row - floor) / max(len(state.players) - 1, 1))
    right = min(left + 4.4, centre.x + centre.w - 0.2)
    for seat, player in enumerate(state.players):
        y = row - step * seat
        drawing.token(left + 0.15, y, 0.17, seat, names[seat], 1, 0.18)
        status = word(lang, "board.bankrupt") if player.bankrupt else f"{player.cash} {money}"
        bold = seat == state.current and not state.finished
        room = (right - 0.15 - text_width_em(status) * 0.25 - (left + 0.5)) / (0.25 * 1.08)
        drawing.text(left + 0.5, y, cut_to_fit(names[seat], room), 0.25, "#111111", anchor="start", bold=bold)
        drawing.text(right, y, status, 0.25, "#111111", anchor="end", bold=bold)
    if len(dice) == 2:
        for i, face in enumerate(dice):
            _die(drawing, centre.x + centre.w - 2.1 + i * 1.15, row - 0.6, 0.95, face)
    elif len(dice) == 1:
        _die(drawing, centre.x + centre.w - 0.6, centre.y + 0.5, 0.75, dice[0])


def _die(drawing: _Drawing, x: float, y: float, size: float, face: int) -> None:
    drawing.rect(Box(x - size / 2, y - size / 2, size, size), "white", 1.4, "#222222", rounded=0.14, part="die")
    for dx, dy in DIE_PIPS.get(face, []):
        drawing.circle(x + dx * size * 0.27, y + dy * size * 0.27, size * 0.09, "#222222", 0, stroke="none", part="pip")
