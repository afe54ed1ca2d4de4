"""The board drawn with matplotlib, for a screen at the back of a classroom.

One drawing serves the game table, the heat maps and the lessons. The board fills its axes; every
size (text included) is a fraction of one cell's width, so the picture scales with the space it is
given: at 900 pixels wide, cell names are 14 pixels tall. Cells are laid out as on a printed board
(START in the bottom-right corner, play running clockwise), with deep corners. Each plot has its
industry colour on the inner edge, its name (the full name from the board file, hyphenated to fit,
else the board file's short name), and a strip on the outer side with its number and price. A
plot that is owned gets that strip filled in the owner's colour with the owner's initial; branches
and enterprises stand on the colour band; a mortgaged plot is hatched. Tokens stand in a lane just
inside the ring, beside their cell, so they never cover a name. The centre shows the round, whose
turn it is, the last roll as dice, the charity fund, the jackpot box, every player's cash and a
legend.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from millionaire import load_board
>>> ax = draw_board(load_board("millionaire-classic"), lang="ru")
>>> layout = BoardLayout(load_board("millionaire-classic"))
>>> round(layout.name_font_px(900), 1) >= 14
True
"""

from __future__ import annotations

import colorsys
import functools
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import Normalize, to_rgb
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Polygon, Rectangle
from matplotlib.textpath import text_to_path

from .board import Board, CellKind
from .plain_text import chart_text, draw_text, one_line
from .words import word

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

#: Token and owner colours by seat, each drawn with the player's initial as well: chosen to stay apart
#: (CIE ΔE over 30) with normal sight and under protanopia, deuteranopia and tritanopia, and apart
#: from every industry colour of the boards (tests measure both, see :mod:`millionaire.colour_vision`).
PLAYER_COLOURS = ("#101010", "#ffac59", "#26c9ff", "#0000ff", "#ff5983", "#990000", "#991789", "#ac59ff")

#: A pattern on each industry's colour band, so that the industries are told apart without colour
#: (the mortgage's diagonal hatch is not among them). Drawn in black or white, whichever reads on the band.
BAND_HATCHES = ("", "..", "||", "--", "**", "++", "xx", "oo")

#: Depth of a corner (and of every cell) in cell widths, as on printed boards.
DEPTH = 1.7
BAND = 0.3     # the industry colour on a plot's inner edge
STRIP = 0.34    # the number / price / owner strip
LANE = 0.34     # the token lane inside the ring
PAD = 0.04
NAME_FONT = 0.2   # cell names, in cell widths (14.5 px when the board is 900 px wide)
SMALL_FONT = 0.17
INDEX_FONT = 0.15
LINE = 1.17       # line height, in font sizes
FIT_MARGIN = 0.94  # text measured for fitting is drawn a little wider at small sizes (hinting)
MOST_TEXT_SCALE = 1.6  # the largest text_scale a view takes (projector text)
NAME_MOST = 40    # a player's name is drawn with at most this many characters (and cut to fit its place)

#: Where a die's pips stand, by face: steps of 0.27 of the die's size from its middle (y up).
DIE_PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)], 4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
            5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)], 6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}

_KIND_FACE = {
    CellKind.START: "#f6f1d5", CellKind.JAIL: "#f2d7a6", CellKind.GO_TO_JAIL: "#efb4a0",
    CellKind.JACKPOT: "#fbeaa0", CellKind.CARD: "#e6eef7", CellKind.FUND_COLLECT: "#dff0dc",
    CellKind.FUND_FINE: "#d9d9d9", CellKind.TAX: "#f3e0e0", CellKind.REST: "#f6f1d5",
    CellKind.EXCHANGE: "#dcebf5", CellKind.INSURANCE: "#ece3f4", CellKind.AUCTION: "#f6e5d2",
}
_PLOT_FACE = "#fbfbf7"
_CENTRE_FACE = "#eef4ea"
_BRANCH = "#1e7d32"
_ENTERPRISE = "#b3261e"
_HYPHEN_LANGS = {"ru": "ru_RU", "en": "en_US"}


class Box(NamedTuple):
    """A rectangle on the board, in cell widths: lower-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


class CellPlan(NamedTuple):
    """Where each part of one cell goes. ``lane`` is where its tokens stand."""

    cell: Box
    side: str           # "bottom", "left", "top", "right" or "corner"
    band: Box | None
    name: Box
    strip: Box | None
    lane: Box


# ---------------------------------------------------------------------- text measure and wrapping
@functools.cache
def _font() -> FontProperties:
    return FontProperties(family="DejaVu Sans", size=100)


@functools.lru_cache(maxsize=4096)
def text_width_em(text: str) -> float:
    """The width of one line of ``text`` in font sizes (ems), as matplotlib will draw it.

    >>> 2.5 < text_width_em("Bakery") < 4
    True
    """
    if not text.strip():
        return 0.0
    width, _, _ = text_to_path.get_text_width_height_descent(text, _font(), ismath=False)
    return float(width) / 100


@functools.cache
def _hyphenator(lang: str) -> Any:
    import pyphen

    return pyphen.Pyphen(lang=_HYPHEN_LANGS[lang])


def wrap_label(text: str, width_em: float, max_lines: int, lang: str = "en", max_hyphens: int = 99) -> list[str] | None:
    """Lines of ``text`` that each fit ``width_em``, breaking at spaces and hyphens and, inside a
    long word, at a syllable with a hyphen (the language's hyphenation rules, at most
    ``max_hyphens`` times); ``None`` when it takes more lines than ``max_lines`` or more hyphens.

    >>> wrap_label("Хлебопекарня", 4.6, 2, "ru")
    ['Хлебо-', 'пекарня']
    >>> wrap_label("Oil holding", 5, 2)
    ['Oil', 'holding']
    >>> wrap_label("Railway company", 2, 2) is None
    True
    """
    pieces: list[str] = []  # words, each still carrying a trailing hyphen where the text had one
    for word_ in text.split():
        parts = word_.split("-")
        pieces.extend(part + "-" for part in parts[:-1])
        pieces.append(parts[-1])
    lines: list[str] = []
    current = ""
    for piece in pieces:
        joiner = "" if not current or current.endswith("-") else " "
        if text_width_em(current + joiner + piece) <= width_em:
            current += joiner + piece
            continue
        if current:
            lines.append(current)
            current = ""
        while text_width_em(piece) > width_em:  # a word too long for a line: hyphenate it
            split = next((head for head, _ in _hyphenator(lang).iterate(piece) if text_width_em(head + "-") <= width_em),
                         None)
            if split is None:
                return None
            lines.append(split + "-")
            piece = piece[len(split):]
            max_hyphens -= 1
            if max_hyphens < 0:
                return None
        current = piece
    if current:
        lines.append(current)
    return lines if len(lines) <= max_lines else None


def fit_label(names: Sequence[str], width: float, height: float, font: float, lang: str,
              smallest: float = 0.85) -> tuple[str, float]:
    """The first of ``names`` (full name first, then short) that fits a ``width`` × ``height`` box
    (cell widths) at ``font`` with at most one word cut by a hyphen, else with more, else at a font
    down to ``smallest`` times it; the text with line breaks and the font used. As a last resort the last name is cut with "…" so it never spills out.

    >>> fit_label(["Oil holding", "Oil"], 0.9, 0.6, 0.2, "en")
    ('Oil\\nholding', 0.2)
    """
    for scale, max_hyphens in ((1.0, 1), (1.0, 99), (0.92, 99), (smallest, 99)):  # a name cut once reads best
        size = font * scale
        max_lines = max(1, int(height / (size * LINE) + 1e-9))
        for name in names:
            lines = wrap_label(name, width * FIT_MARGIN / size, max_lines, lang, max_hyphens)
            if lines is not None:
                return "\n".join(lines), size
    size = font * smallest
    return cut_to_fit(names[-1], width * FIT_MARGIN / size, always=True), size


def cut_to_fit(text: str, width_em: float, always: bool = False) -> str:
    """``text`` as it is when it fits ``width_em`` (and not ``always``), else its longest start
    that fits with "…" after it (at least one character).

    >>> cut_to_fit("Anna", 5), cut_to_fit("Anna Karenina of the Oblonskys", 5)
    ('Anna', 'Anna K…')
    """
    if not always and text_width_em(text) <= width_em:
        return text
    low, high = 1, max(len(text), 1)  # the longest start that fits lies in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if text_width_em(text[:middle] + "…") <= width_em:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


# ---------------------------------------------------------------------- the layout
class BoardLayout:
    """Where every cell and every part of a cell goes, in cell widths (the board is ``extent`` wide).

    >>> from millionaire import load_board
    >>> layout = BoardLayout(load_board("millionaire-classic"))
    >>> layout.extent, layout.plans[0].side, layout.plans[7].side
    (12.4, 'corner', 'bottom')
    """

    def __init__(self, board: Board) -> None:
        if board.size % 4 or board.size < 8:
            raise ValueError(f"a board is drawn as a square: {board.size} cells is not a multiple of 4 (8 or more)")
        self.board = board
        self.per_side = board.size // 4
        self.extent = round(2 * DEPTH + self.per_side - 1, 6)
        self.plans = [self._plan(cell) for cell in range(board.size)]
        inner = DEPTH + LANE
        self.centre = Box(inner, inner, self.extent - 2 * inner, self.extent - 2 * inner)

    def name_font_px(self, board_px: float) -> float:
        """How tall cell names are, in pixels, when the board is drawn ``board_px`` wide."""
        return NAME_FONT * board_px / self.extent

    def _plan(self, cell: int) -> CellPlan:
        E, D, n = self.extent, DEPTH, self.per_side
        side_index, k = divmod(cell, n)
        if k == 0:  # a corner: START, jail, jackpot or rest, go-to-jail
            x, y = [(E - D, 0.0), (0.0, 0.0), (0.0, E - D), (E - D, E - D)][side_index]
            box = Box(x, y, D, D)
            name = Box(x + PAD, y + D * 0.42, D - 2 * PAD, D * 0.55)
            lane = Box(x + PAD * 2, y + PAD, D - 4 * PAD, D * 0.36)
            return CellPlan(box, "corner", None, name, None, lane)
        text_w = 1 - 2 * PAD
        if side_index == 0:  # bottom row, right to left; inner edge on top
            box = Box(E - D - k, 0.0, 1.0, D)
            band = Box(box.x, D - BAND, 1.0, BAND)
            strip = Box(box.x, 0.0, 1.0, STRIP)
            name = Box(box.x + PAD, STRIP + PAD, text_w, D - BAND - STRIP - 2 * PAD)
            lane = Box(box.x, D, 1.0, LANE)
            return CellPlan(box, "bottom", band, name, strip, lane)
        if side_index == 2:  # top row, left to right; inner edge below
            box = Box(D + k - 1, E - D, 1.0, D)
            band = Box(box.x, E - D, 1.0, BAND)
            strip = Box(box.x, E - D + BAND, 1.0, STRIP)
            name = Box(box.x + PAD, strip.y + STRIP + PAD, text_w, D - BAND - STRIP - 2 * PAD)
            lane = Box(box.x, E - D - LANE, 1.0, LANE)
            return CellPlan(box, "top", band, name, strip, lane)
        if side_index == 1:  # left column, bottom to top; inner edge on the right
            box = Box(0.0, D + k - 1, D, 1.0)
            band = Box(D - BAND, box.y, BAND, 1.0)
            strip = Box(0.0, box.y, D - BAND, STRIP)
            name = Box(2 * PAD, box.y + STRIP + PAD * 0.5, D - BAND - 4 * PAD, 1 - STRIP - PAD * 1.5)
            lane = Box(D, box.y, LANE, 1.0)
            return CellPlan(box, "left", band, name, strip, lane)
        box = Box(E - D, E - D - k, D, 1.0)  # right column, top to bottom; inner edge on the left
        band = Box(E - D, box.y, BAND, 1.0)
        strip = Box(E - D + BAND, box.y, D - BAND, STRIP)
        name = Box(E - D + BAND + 2 * PAD, box.y + STRIP + PAD * 0.5, D - BAND - 4 * PAD, 1 - STRIP - PAD * 1.5)
        lane = Box(E - D - LANE, box.y, LANE, 1.0)
        return CellPlan(box, "right", band, name, strip, lane)

    def token_spots(self, cell: int, count: int) -> list[tuple[float, float, float]]:
        """Centres and radius of ``count`` tokens on ``cell``, side by side in its lane (two rows when
        many)."""
        lane = self.plans[cell].lane
        along_x = lane.w >= lane.h
        long_side, short_side = (lane.w, lane.h) if along_x else (lane.h, lane.w)
        rows = 1 if count <= 3 or self.plans[cell].side == "corner" and count <= 4 else 2
        per_row = -(-count // rows)
        radius = min(short_side / (2 * rows) * 0.86, long_side / (2 * per_row) * 0.9)
        spots = []
        for i in range(count):
            row, col = divmod(i, per_row)
            a = (col + 0.5) / per_row * long_side
            b = (row + 0.5) / rows * short_side
            spots.append((lane.x + a, lane.y + b, radius) if along_x else (lane.x + b, lane.y + lane.h - a, radius))
        return spots


def _text_colour(face: Any) -> str:
    """Black or white, whichever reads better on ``face``."""
    r, g, b = to_rgb(face)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


# ---------------------------------------------------------------------- the view
class BoardView:
    """A board on an axes: the static cells once, then :meth:`update` redraws only what moves.

    Widgets keep one view and call ``update(state)`` after each event (fast); :func:`draw_board`
    makes a view for a single picture. ``size_px`` is the width of the picture a view makes for
    itself (``ax=None``); given an ``ax``, the drawing fills it and scales its text to it.
    ``text_scale`` draws the cells' names, numbers and prices that many times larger (for a
    projector): a name that does not fit at that size takes the largest size that fits, never
    smaller than at 1.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> view = BoardView(game.board, lang="ru", fast=True, size_px=600)
    >>> view.update(game.state)
    >>> view.render_png()[:4]
    b'\\x89PNG'
    """

    def __init__(self, board: Board, ax: Axes | None = None, lang: str = "en", names: Sequence[str] = (),
                 fast: bool = False, size_px: int = 900, text_scale: float = 1.0) -> None:
        if lang not in ("en", "ru"):
            raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
        if not 1 <= text_scale <= MOST_TEXT_SCALE:
            raise ValueError(f"text_scale must be from 1 to {MOST_TEXT_SCALE}, got {text_scale!r}")
        self.text_scale = text_scale
        self.layout = BoardLayout(board)
        own_figure = ax is None
        if ax is None:
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure

            figure = Figure(figsize=(size_px / 100, size_px / 100), dpi=100)
            FigureCanvasAgg(figure)
            ax = figure.add_axes((0, 0, 1, 1))
        self._unit_points: float | None = None
        self.board, self.ax, self.lang, self.names = board, ax, lang, list(names)
        self.fast = fast  # moving parts are blitted over a cached background (see render_png)
        self._dynamic: list[Any] = []   # tokens and the centre panel: redrawn after every event
        self._holdings: list[Any] = []  # owners, mortgages, buildings: redrawn when they change
        self._holdings_key: Any = None
        self._holdings_background: Any = None
        self._faces: dict[int, Rectangle] = {}
        self._name_texts: dict[int, Any] = {}
        self._strip_texts: list[Any] = []
        self._value_texts: list[Any] = []
        self._legend: list[Any] = []
        self.colorbar: Any = None
        self._background = None
        self._recolour: _Recolour | None = None  # the board's picture for show_values, drawn once
        if own_figure:  # never laid out again: its sizes are fixed
            self._unit_points = self.points(1.0)
        self._draw_static()

    # -------------------------------------------------------------- sizes
    def points(self, size: float) -> float:
        """A size in cell widths as a font size in points, for this axes."""
        if self._unit_points is not None:
            return size * self._unit_points
        figure = self.ax.figure
        width_px = self.ax.get_position().width * figure.get_figwidth() * figure.dpi
        height_px = self.ax.get_position().height * figure.get_figheight() * figure.dpi
        unit_px = min(width_px, height_px) / self.layout.extent
        return size * unit_px * 72 / figure.dpi

    def _text(self, x: float, y: float, text: str, size: float, dynamic: bool = False, **style: Any) -> Any:
        artist = draw_text(self.ax, x, y, text, fontsize=self.points(size), **style)
        return self._add(artist) if dynamic else artist

    # -------------------------------------------------------------- static parts
    def _draw_static(self) -> None:
        board, ax, lang, layout = self.board, self.ax, self.lang, self.layout
        E = layout.extent
        ax.set_xlim(0, E)
        ax.set_ylim(0, E)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.add_artist(Rectangle((0, 0), E, E, facecolor=_CENTRE_FACE, edgecolor="#333333", lw=1.2))
        centre = layout.centre
        name = one_line(board.name(lang))
        title = min(0.5, (centre.w - 0.3) / (max(text_width_em(name), 1.0) * 1.08))  # fits a small centre
        self._text(centre.x + centre.w / 2, centre.y + centre.h - 0.25, name, title, ha="center", va="top",
                   fontweight="bold", color="#24452a")
        for cell in board.cells:
            plan = layout.plans[cell.index]
            face_colour = _KIND_FACE.get(cell.kind, _PLOT_FACE)
            face = Rectangle(plan.cell[:2], plan.cell.w, plan.cell.h, facecolor=face_colour, edgecolor="#444444", lw=0.8)
            ax.add_artist(face)
            self._faces[cell.index] = face
            if plan.band is not None and cell.kind in (CellKind.PLOT, CellKind.ATTRACTION):  # attractions: Junior
                colour = board.industries[cell.industry].colour
                ax.add_artist(Rectangle(plan.band[:2], plan.band.w, plan.band.h, facecolor=colour, edgecolor="#444444",
                                       lw=0.6, hatch=BAND_HATCHES[cell.industry % len(BAND_HATCHES)],
                                       hatchcolor=_text_colour(colour), hatch_linewidth=0.9))
            self._draw_name(cell.index)
            if plan.strip is not None:
                strip = plan.strip
                self._strip_texts.append(self._text(strip.x + PAD, strip.y + strip.h / 2, str(cell.index),
                                                    INDEX_FONT * self.text_scale, ha="left", va="center", color="#555555"))
                if cell.ownable:
                    self._strip_texts.append(self._text(strip.x + strip.w - PAD, strip.y + strip.h / 2, str(cell.price),
                                                        SMALL_FONT * self.text_scale, ha="right", va="center",
                                                        color="#222222"))
            else:  # a corner: its number in the outer corner
                x = plan.cell.x + (PAD if plan.cell.x > E / 2 else plan.cell.w - PAD)
                y = plan.cell.y + (plan.cell.h - PAD if plan.cell.y > E / 2 else PAD)
                self._strip_texts.append(self._text(x, y, str(cell.index), INDEX_FONT * self.text_scale, color="#555555",
                                                    ha="left" if plan.cell.x > E / 2 else "right",
                                                    va="top" if plan.cell.y > E / 2 else "bottom"))
        self._draw_legend()

    def _draw_name(self, cell: int) -> None:
        info, plan = self.board.cells[cell], self.layout.plans[cell]
        names = [one_line(info.name(self.lang)), one_line(info.short(self.lang))]
        font = NAME_FONT * (1.2 if plan.side == "corner" else 1.0)
        label, size = self._fit_name(names, plan.name, font)
        x, y = plan.name.centre
        if plan.side != "corner":  # names hang from the top of their box, so short ones line up
            y = plan.name.y + plan.name.h
        self._name_texts[cell] = self._text(x, y, label, size, ha="center", va="center" if plan.side == "corner" else "top",
                                            linespacing=1.05, color="#111111", zorder=3)

    def _fit_name(self, names: list[str], box: Box, font: float) -> tuple[str, float]:
        """A name fitted to ``box``: at ``text_scale`` times ``font`` if it fits (with one hyphen at
        most), else at the largest size down to ``font`` that does, else as :func:`fit_label` fits it."""
        scale = self.text_scale
        while scale > 1:
            size = font * scale
            lines = max(1, int(box.h / (size * LINE) + 1e-9))
            for name in names:
                wrapped = wrap_label(name, box.w * FIT_MARGIN / size, lines, self.lang, max_hyphens=1)
                if wrapped is not None:
                    return "\n".join(wrapped), size
            scale = round(scale - 0.1, 6)
        return fit_label(names, box.w, box.h, font, self.lang)

    def _draw_legend(self) -> None:
        centre, lang = self.layout.centre, self.lang
        y = centre.y + 0.3
        x = centre.x + 0.35
        size = SMALL_FONT * 1.05
        items = [("owner", word(lang, "board.legend_owner")), ("branch", word(lang, "board.legend_branch", small=self.board.small_building_ru if lang == "ru" else self.board.small_building_en)),
                 ("enterprise", word(lang, "board.legend_enterprise", large=self.board.large_building_ru if lang == "ru" else self.board.large_building_en)),
                 ("mortgaged", word(lang, "board.legend_mortgaged"))]
        if not self.board.plots:  # Junior's halves: a kiosk marks the owner; nothing is built or mortgaged
            items = [("owner", word(lang, "board.legend_kiosk"))]
        step = centre.w / len(items)
        for i, (kind, text) in enumerate(items):
            left = x + i * step
            if kind == "owner":
                self._legend.append(self.ax.add_artist(Rectangle((left, y - 0.12), 0.42, 0.24, facecolor=PLAYER_COLOURS[1],
                                                                edgecolor="#333333", lw=0.6)))
                self._legend.append(self._text(left + 0.21, y, "A", SMALL_FONT, ha="center", va="center", color="white",
                                               fontweight="bold"))
            elif kind == "branch":
                self._legend.append(self.ax.add_artist(_house(left + 0.2, y, 0.13, _BRANCH)))
            elif kind == "enterprise":
                self._legend.append(self.ax.add_artist(_enterprise(Box(left, y - 0.15, 0.5, 0.3), _ENTERPRISE)))
                self._legend.append(self._text(left + 0.25, y, "★", 0.2, ha="center", va="center", color="white", zorder=6))
            else:
                self._legend.append(self.ax.add_artist(Rectangle((left, y - 0.12), 0.42, 0.24, facecolor="white", hatch="////",
                                                                edgecolor="#555555", lw=0.6)))
            self._legend.append(self._text(left + 0.52, y, text, size, ha="left", va="center", color="#222222"))

    # -------------------------------------------------------------- moving parts
    def _put(self, artist: Any, layer: list[Any]) -> Any:
        """Add a moving part to the axes (without the cost of recomputing the axes' limits)."""
        self.ax.add_artist(artist)
        artist.set_animated(self.fast)
        layer.append(artist)
        return artist

    def _add(self, artist: Any) -> Any:
        return self._put(artist, self._dynamic)

    def _patch(self, patch: Any, layer: list[Any] | None = None) -> Any:
        return self._put(patch, self._dynamic if layer is None else layer)

    def clear_dynamic(self) -> None:
        """Remove tokens and the centre panel (ownership stays until it changes)."""
        for artist in self._dynamic:
            artist.remove()
        self._dynamic = []

    def render_png(self) -> bytes:
        """The figure as PNG bytes. In ``fast`` mode the static board is rendered once and cached, and
        so is the board with its owners and buildings until they change; each call then draws only
        the tokens and the centre panel over it."""

        figure = self.ax.figure
        canvas = figure.canvas
        if not self.fast:
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png")
            return buffer.getvalue()
        if self.colorbar is not None and not self._holdings and not self._dynamic:
            return encode_png(self._draw_values())
        if self._background is None:
            canvas.draw()
            self._background = canvas.copy_from_bbox(figure.bbox)
            self._holdings_background = None
        if self._holdings_background is None:
            canvas.restore_region(self._background)
            for artist in self._holdings:
                self.ax.draw_artist(artist)
            self._holdings_background = canvas.copy_from_bbox(figure.bbox)
        canvas.restore_region(self._holdings_background)
        for artist in self._dynamic:
            self.ax.draw_artist(artist)
        return encode_png(np.asarray(canvas.buffer_rgba()))

    def _draw_values(self) -> np.ndarray:
        """The picture of :meth:`show_values` without drawing the board again: the cells' faces
        recoloured and the names laid over them from pictures made once per view (:class:`_Recolour`),
        then the values and the colour scale drawn on top. Pixel for pixel the full drawing, to the
        rounding of a colour channel."""
        if self._recolour is None:
            self._recolour = _Recolour(self)
        canvas = self.ax.figure.canvas
        faces = np.array([to_rgb(self._faces[cell].get_facecolor()) for cell in range(self.board.size)])
        names = np.array([to_rgb(self._name_texts[cell].get_color()) for cell in range(self.board.size)])
        np.asarray(canvas.buffer_rgba())[:] = self._recolour.picture(faces, names)
        renderer = canvas.get_renderer()
        for text in self._value_texts:
            text.draw(renderer)
        self.colorbar.ax.draw(renderer)
        return np.asarray(canvas.buffer_rgba())

    def update(self, state: GameState, dice: Sequence[int] = ()) -> None:
        """Redraw owners, buildings, mortgages, tokens and the centre panel for ``state``; ``dice`` are
        the faces of the last roll, drawn in the centre when given."""
        self.clear_dynamic()
        names = [one_line(name, most=NAME_MOST) for name in self.names or [p.name for p in state.players]]
        holdings_key = (tuple(state.owner), tuple(state.level), tuple(state.mortgaged), tuple(names))
        if holdings_key != self._holdings_key:
            self._holdings_key = holdings_key
            self._draw_holdings(state, names)
        by_cell: dict[int, list[int]] = {}
        for seat, player in enumerate(state.players):
            if not player.bankrupt:
                by_cell.setdefault(player.position, []).append(seat)
        for cell, seats in by_cell.items():
            for seat, (cx, cy, radius) in zip(seats, self.layout.token_spots(cell, len(seats))):
                colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
                self._patch(Circle((cx, cy), radius, facecolor=colour, edgecolor="white", lw=1.5, zorder=6))
                self._text(cx, cy, _initial(names[seat]), radius * 1.15, dynamic=True, ha="center", va="center",
                           color=_text_colour(colour), fontweight="bold", zorder=7)
                if state.players[seat].detained:  # behind bars
                    for dx in (-0.45, 0.0, 0.45):
                        self._add(Line2D([cx + dx * radius] * 2, [cy - radius * 1.15, cy + radius * 1.15], color="#222222",
                                         lw=1.6, zorder=8))
        self._centre(state, names, dice)

    def _draw_holdings(self, state: GameState, names: Sequence[str]) -> None:
        """Owner strips, mortgages and buildings (redrawn only when one of them changes)."""
        for artist in self._holdings:
            artist.remove()
        self._holdings = []
        self._holdings_background = None
        board, layer = self.board, self._holdings
        top = board.small_per_large + 1
        for cell in board.ownable:
            plan = self.layout.plans[cell]
            owner = state.owner[cell]
            if owner >= 0 and plan.strip is not None:
                strip = plan.strip
                colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
                self._patch(Rectangle(strip[:2], strip.w, strip.h, facecolor=colour, edgecolor="#222222", lw=0.8, zorder=4),
                            layer)
                self._put(draw_text(self.ax, strip.x + strip.w / 2, strip.y + strip.h / 2, _initial(names[owner]),
                                       fontsize=self.points(SMALL_FONT * 1.25 * self.text_scale), ha="center", va="center",
                                       color=_text_colour(colour), fontweight="bold", zorder=5), layer)
            if state.mortgaged[cell]:
                self._patch(Rectangle(plan.cell[:2], plan.cell.w, plan.cell.h, fill=False, hatch="///", edgecolor="#555555",
                                      lw=0, zorder=4), layer)
            level = state.level[cell]
            if level and plan.band is not None:
                self._buildings(plan.band, level, top)

    def _buildings(self, band: Box, level: int, top: int) -> None:
        """Branches as houses along the colour band; an enterprise as a red block across it."""
        horizontal = band.w > band.h
        length, thickness = (band.w, band.h) if horizontal else (band.h, band.w)
        if level == top:
            self._patch(_enterprise(band, _ENTERPRISE), self._holdings)
            cx, cy = band.centre
            self._put(draw_text(self.ax, cx, cy, "★", fontsize=self.points(thickness * 0.8), ha="center", va="center", color="white",
                                   zorder=6), self._holdings)
            return
        for i in range(level):
            offset = (i + 0.5) / (top - 1) * length
            cx, cy = (band.x + offset, band.y + band.h / 2) if horizontal else (band.x + band.w / 2, band.y + band.h - offset)
            self._patch(_house(cx, cy, thickness * 0.36, _BRANCH, zorder=5), self._holdings)

    def _centre(self, state: GameState, names: Sequence[str], dice: Sequence[int]) -> None:
        centre, lang, board = self.layout.centre, self.lang, self.board
        left, top = centre.x + 0.45, centre.y + centre.h - 1.2
        if state.finished:
            headline = word(lang, "board.over", winner=names[state.winner] if state.winner >= 0 else "—")
            text_left = left
        else:  # whose turn: the token (colour and initial) before the words, which stay dark to be read
            headline = word(lang, "board.turn", round=state.round, player=names[state.current])
            colour = PLAYER_COLOURS[state.current % len(PLAYER_COLOURS)]
            self._patch(Circle((left + 0.17, top), 0.2, facecolor=colour, edgecolor="white", lw=1, zorder=6))
            self._text(left + 0.17, top, _initial(names[state.current]), 0.21, dynamic=True, ha="center", va="center",
                       color=_text_colour(colour), fontweight="bold", zorder=7)
            text_left = left + 0.5
        # The headline fits the centre (a small board's centre is narrow); bold text is a little wider.
        font = min(0.3, (centre.x + centre.w - 0.15 - text_left) / (text_width_em(headline) * 1.08))
        self._text(text_left, top, headline, font, dynamic=True, ha="left", va="center", color="#222222", fontweight="bold")
        row = top - 1.95
        if board.plots:  # a board of plots shows its pots; Junior's park has none
            pots = word(lang, "board.fund", amount=state.charity_fund)
            if any(c.kind is CellKind.JACKPOT for c in board.cells):
                pots += "\n" + word(lang, "board.box", amount=state.jackpot_box)
            market = state.market  # Millionaire Elite: the share price, the plots waiting on the Auction
            if market is not None and board.shares is not None:
                pots += "\n" + word(lang, "board.share_price", amount=market["price"])
                if market["waiting"]:
                    pots += " · " + word(lang, "board.waiting", count=len(market["waiting"]))
            self._text(left, top - 0.6, pots, 0.25, dynamic=True, ha="left", va="top", color="#24452a", linespacing=1.3)
        else:
            row = top - 0.9
        money = board.currency(lang)
        # Rows 0.48 apart, closer on a small board so the last stays above the legend.
        floor = centre.y + (1.0 if len(dice) == 1 else 0.75)  # one die stands in the bottom corner
        step = min(0.48, (row - floor) / max(len(state.players) - 1, 1))
        right = min(left + 4.4, centre.x + centre.w - 0.2)  # the cash column, inside a small centre too
        for seat, player in enumerate(state.players):
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            y = row - step * seat
            self._patch(Circle((left + 0.15, y), 0.17, facecolor=colour, edgecolor="white", lw=1, zorder=6))
            self._text(left + 0.15, y, _initial(names[seat]), 0.18, dynamic=True, ha="center", va="center",
                       color=_text_colour(colour), fontweight="bold", zorder=7)
            status = word(lang, "board.bankrupt") if player.bankrupt else f"{player.cash} {money}"
            current = seat == state.current and not state.finished
            weight = "bold" if current else "normal"
            room = (right - 0.15 - text_width_em(status) * 0.25 - (left + 0.5)) / (0.25 * 1.08)  # bold is wider
            self._text(left + 0.5, y, cut_to_fit(names[seat], room), 0.25, dynamic=True, ha="left", va="center",
                       color="#111111", fontweight=weight)
            self._text(right, y, status, 0.25, dynamic=True, ha="right", va="center", color="#111111", fontweight=weight)
        if len(dice) == 2:
            for i, face in enumerate(dice):
                self._die(centre.x + centre.w - 2.1 + i * 1.15, row - 0.6, 0.95, face)
        elif len(dice) == 1:  # one die (Junior): in the bottom right corner, beside the legend
            self._die(centre.x + centre.w - 0.6, centre.y + 0.5, 0.75, dice[0])

    def _die(self, x: float, y: float, size: float, face: int) -> None:
        self._patch(FancyBboxPatch((x - size / 2, y - size / 2), size, size, boxstyle="round,pad=0,rounding_size=0.14",
                                   facecolor="white", edgecolor="#222222", lw=1.4, zorder=6))
        for dx, dy in DIE_PIPS.get(face, []):
            self._patch(Circle((x + dx * size * 0.27, y + dy * size * 0.27), size * 0.09, facecolor="#222222", zorder=7))

    # -------------------------------------------------------------- heat maps
    def show_values(self, values: Any, cmap: str = "YlOrRd", label: str = "", fmt: str = "{:.1%}",
                    limits: tuple[float, float] | None = None) -> None:
        """Colour each cell by ``values`` (one per cell; one more for "detained", shown in the jail
        corner) with a colour scale in the centre; ``fmt`` writes each value in its cell's strip
        ("" for none). ``limits`` fixes the ends of the colour scale (default: the smallest and the
        largest value), e.g. ``(-3, 3)`` so that 0 sits in the middle of a diverging ``cmap``."""
        board, layout = self.board, self.layout
        data = np.asarray(values, dtype=float)
        if data.ndim != 1 or len(data) not in (board.size, board.size + 1):
            raise ValueError(f"values must have {board.size} entries (or {board.size + 1} with 'detained'), got shape {data.shape}")
        if not np.all(np.isfinite(data)):
            raise ValueError("values must be finite numbers")
        cells = data[: board.size].copy()
        jail_value = data[board.size] if len(data) > board.size else None
        if jail_value is not None:
            cells[board.jail] += jail_value
        if limits is None:
            low, high = float(cells.min()), float(cells.max()) or 1.0
        elif len(limits) != 2 or not limits[0] < limits[1]:
            raise ValueError(f"limits must be (low, high) with low < high, got {limits!r}")
        else:
            low, high = float(limits[0]), float(limits[1])
        norm = Normalize(vmin=low, vmax=high)
        colours = plt.get_cmap(cmap)
        self._background = None  # the static picture changes (a fast view recolours it instead: _Recolour)
        reuse = bool(fmt) and len(self._value_texts) == board.size  # the texts of the last values, rewritten
        if not reuse:
            for text in self._value_texts:
                text.remove()
            self._value_texts = []
        points = self.points(1.0)
        for text in self._strip_texts:  # prices give way to the values
            text.set_visible(False)
        for cell, face in self._faces.items():
            colour = colours(norm(cells[cell]))
            face.set_facecolor(colour)
            self._name_texts[cell].set_color(_text_colour(colour))
            if not fmt:
                continue
            plan = layout.plans[cell]
            shown, size = fmt.format(cells[cell]), SMALL_FONT * 1.05
            box = plan.strip or Box(plan.cell.x + PAD, plan.cell.y + PAD, plan.cell.w - 2 * PAD, plan.name.y - plan.cell.y - PAD)
            if cell == board.jail and jail_value:  # a board where nobody is detained says nothing of it
                detained = word(self.lang, "board.detained_share", value=fmt.format(jail_value))
                detained, size = fit_label([detained], box.w, box.h - size * LINE, size, self.lang)
                shown = f"{shown}\n{detained}"
            if reuse:
                self._value_texts[cell].set_text(shown)
                self._value_texts[cell].set_fontsize(size * points)
                continue
            self._value_texts.append(draw_text(self.ax, box.x + box.w / 2, box.y + box.h / 2, shown, fontsize=size * points,
                                               ha="center", va="center", zorder=4, fontweight="bold", linespacing=1.0,
                                               bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85)))
        for artist in self._legend:  # the colour scale takes the legend's place
            artist.set_visible(False)
        centre = layout.centre
        if self.colorbar is None:
            inset = self.ax.inset_axes((centre.x + 0.6, centre.y + 0.9, centre.w - 1.2, 0.35), transform=self.ax.transData)
            mappable = plt.cm.ScalarMappable(norm=norm, cmap=colours)
            self.colorbar = self.ax.figure.colorbar(mappable, cax=inset, orientation="horizontal")
            self.colorbar.ax.tick_params(labelsize=self.points(SMALL_FONT))
        else:
            self.colorbar.mappable.set_norm(norm)
        if fmt:
            self.colorbar.ax.xaxis.set_major_formatter(lambda value, _: fmt.format(value))
        if label:
            self.colorbar.set_label(chart_text(label), fontsize=self.points(SMALL_FONT * 1.2))


class _Recolour:
    """A board's picture with every cell's face and name colour left open, for :meth:`BoardView.show_values`.

    Drawing a face of colour F under what lies on it gives ``dark + cover * F`` at each pixel, where
    ``dark`` is the picture with black faces and ``cover`` how much of the face shows there (the
    picture with white faces, less ``dark``); a name of colour N over it gives ``under * (1 - ink) + N *
    ink``, ``ink`` being the name's coverage. The three pictures are drawn once; each cell's pixels
    then take their own F and N. The values and the colour scale are not in them (they change)."""

    def __init__(self, view: BoardView) -> None:
        canvas = view.ax.figure.canvas
        faces, names = list(view._faces.values()), list(view._name_texts.values())
        moving = [*view._value_texts, view.colorbar.ax]
        kept = [(artist, artist.get_visible()) for artist in [*view.ax.get_children(), view.ax.figure.patch]]
        colours = [face.get_facecolor() for face in faces]
        for artist in [*names, *moving]:
            artist.set_visible(False)
        pictures = []
        for white in ((), range(0, len(faces), 2), range(len(faces))):  # none, the even cells, all
            for index, face in enumerate(faces):
                face.set_facecolor("white" if index in white else "black")
            canvas.draw()
            pictures.append(np.asarray(canvas.buffer_rgba())[..., :3].astype(np.float32))
        # Neighbouring cells share their edge's pixels: an even cell's neighbours are odd.
        self.dark = pictures[0]
        self.cover = ((pictures[1] - pictures[0]) / 255.0, (pictures[2] - pictures[1]) / 255.0)
        for artist, _ in kept:
            artist.set_visible(artist in names)
        canvas.draw()
        self.ink = np.asarray(canvas.buffer_rgba())[..., 3:].astype(np.float32) / 255.0
        for artist, visible in kept:
            artist.set_visible(visible)
        for face, colour in zip(faces, colours):
            face.set_facecolor(colour)
        # Each pixel's even and odd cell, from the faces' boxes on the picture and a pixel more (none:
        # the board's size, a cell of no colour and no cover).
        height, none = self.dark.shape[0], len(faces)
        self.cells = (np.full(self.dark.shape[:2], none, dtype=np.intp), np.full(self.dark.shape[:2], none, dtype=np.intp))
        renderer = canvas.get_renderer()
        for index, face in view._faces.items():
            box = face.get_window_extent(renderer)
            self.cells[index % 2][max(0, int(height - box.y1) - 1):int(np.ceil(height - box.y0)) + 1,
                                  max(0, int(box.x0) - 1):int(np.ceil(box.x1)) + 1] = index
        names_cell = np.where(self.cells[0] < none, self.cells[0], self.cells[1])  # names stay inside their cells
        # Outside the ring of cells the picture is the same whatever the colours: kept whole. Inside, per pixel.
        self.base = np.empty((*self.dark.shape[:2], 4), dtype=np.uint8)
        self.base[..., :3], self.base[..., 3] = self.dark, 255
        self.ring = np.flatnonzero((self.cells[0] < none) | (self.cells[1] < none))
        self.ring_dark = self.dark.reshape(-1, 3)[self.ring]
        self.ring_cover = tuple(cover.reshape(-1, 3)[self.ring] for cover in self.cover)
        self.ring_cells = tuple(cells.reshape(-1)[self.ring] for cells in self.cells)
        self.ring_names = names_cell.reshape(-1)[self.ring]
        self.ring_ink = self.ink.reshape(-1, 1)[self.ring]

    def picture(self, faces: np.ndarray, names: np.ndarray) -> np.ndarray:
        """The RGBA picture with each cell's face (``faces[cell]``, RGB 0..1) and name (``names[cell]``)."""
        faces = np.vstack([255.0 * faces, np.zeros((1, 3))]).astype(np.float32)
        names = np.vstack([255.0 * names, np.zeros((1, 3))]).astype(np.float32)
        under = self.ring_dark + self.ring_cover[0] * faces.take(self.ring_cells[0], axis=0)
        under += self.ring_cover[1] * faces.take(self.ring_cells[1], axis=0)
        under += self.ring_ink * (names.take(self.ring_names, axis=0) - under)
        rgba = self.base.copy()
        rgba.reshape(-1, 4)[self.ring, :3] = np.clip(np.rint(under, out=under), 0, 255, out=under)
        return rgba


def encode_png(rgba: np.ndarray) -> bytes:
    """A drawn picture (RGBA, opaque) as PNG bytes: RGB, fast compression.

    >>> encode_png(np.full((2, 3, 4), 255, dtype=np.uint8))[:4]
    b'\\x89PNG'
    """
    from PIL import Image

    height, width = rgba.shape[:2]
    image = Image.frombuffer("RGBA", (width, height), np.ascontiguousarray(rgba), "raw", "RGBA", 0, 1)
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


def _initial(name: str) -> str:
    return name[:1].upper() if name else "?"


def _house(cx: float, cy: float, size: float, colour: str, zorder: int = 5) -> Polygon:
    """A branch: a small house with a roof, ``size`` half-wide."""
    s = size
    points = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s * 0.25), (cx, cy + s * 1.1), (cx - s, cy + s * 0.25)]
    return Polygon(points, closed=True, facecolor=colour, edgecolor="white", lw=0.9, zorder=zorder)


def _enterprise(band: Box, colour: str, zorder: int = 5) -> FancyBboxPatch:
    """An enterprise: a red block over most of the colour band."""
    horizontal = band.w > band.h
    inset_long, inset_short = 0.12, 0.12
    if horizontal:
        x, y, w, h = band.x + band.w * inset_long, band.y + band.h * inset_short, band.w * (1 - 2 * inset_long), band.h * (1 - 2 * inset_short)
    else:
        x, y, w, h = band.x + band.w * inset_short, band.y + band.h * inset_long, band.w * (1 - 2 * inset_short), band.h * (1 - 2 * inset_long)
    return FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0,rounding_size=0.04", facecolor=colour, edgecolor="white",
                          lw=1.0, zorder=zorder)


def colour_distance(first: str, second: str) -> float:
    """How far apart two colours look: distance in hue-lightness-saturation space, weighted to hue
    (0 = the same colour, about 1 = far apart).

    >>> colour_distance("#ff0000", "#ff0000")
    0.0
    """
    h1, l1, s1 = colorsys.rgb_to_hls(*to_rgb(first))
    h2, l2, s2 = colorsys.rgb_to_hls(*to_rgb(second))
    hue = min(abs(h1 - h2), 1 - abs(h1 - h2)) * 2 * min(s1, s2)
    return float(np.sqrt(hue ** 2 + (l1 - l2) ** 2 + 0.25 * (s1 - s2) ** 2))


def draw_board(
    board: Board,
    state: GameState | None = None,
    values: Any = None,
    ax: Axes | None = None,
    lang: str = "en",
    label: str = "",
    fmt: str = "{:.1%}",
    size_px: int = 900,
    limits: tuple[float, float] | None = None,
) -> Axes:
    """Draw ``board``: with a game ``state`` (owners, buildings, mortgages hatched, tokens) and/or a
    heatmap of ``values`` (one per cell, optionally one more for "detained"), its colour scale from
    ``limits`` (default: the smallest to the largest value; ``(0, top)`` keeps small differences
    small). Returns the axes; with no ``ax``, a figure of its own ``size_px`` wide, shown by pyplot
    in a notebook."""
    if ax is None:
        figure = plt.figure(figsize=(size_px / 100, size_px / 100), dpi=100)
        ax = figure.add_axes((0, 0, 1, 1))
    view = BoardView(board, ax=ax, lang=lang)
    if values is not None:
        view.show_values(values, label=label, fmt=fmt, limits=limits)
    if state is not None:
        if state.board_key != board.key:
            raise ValueError(f"the state is for board {state.board_key!r}, not {board.key!r}")
        view.update(state)
    return view.ax
