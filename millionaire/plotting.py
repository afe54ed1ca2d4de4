"""The board drawn with matplotlib: as players know it, with owners, buildings and tokens, or as a heatmap.

START is the bottom-right corner and play runs clockwise: along the bottom to the jail corner,
up the left side, along the top, down the right side. Industry colours are bands on the inner
edge of each plot.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from millionaire import load_board
>>> ax = draw_board(load_board("millionaire-classic"))
>>> ax.get_title()
'Millionaire Classic'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import Normalize
from matplotlib.patches import Circle, Rectangle

from .board import Board, CellKind

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

#: Token and owner colours by seat.
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
GRID = 11
BAND = 0.22  # depth of the colour band, in cells
_KIND_FACE = {
    CellKind.START: "#f4f1de", CellKind.JAIL: "#f2cc8f", CellKind.GO_TO_JAIL: "#e07a5f",
    CellKind.JACKPOT: "#f9e79f", CellKind.CARD: "#eef3f8", CellKind.FUND_COLLECT: "#e3f2e1",
    CellKind.FUND_FINE: "#d5d5d5", CellKind.TAX: "#f0e2e2", CellKind.REST: "#f4f1de",
}


def cell_origin(board: Board, cell: int) -> tuple[float, float, str]:
    """Lower-left corner of ``cell`` on the 11×11 grid and the side it is on
    (``"bottom"``, ``"left"``, ``"top"``, ``"right"``)."""
    side = board.size // 4
    step = (GRID - 1) / side
    k = cell % side
    if cell < side:
        return GRID - 1 - k * step, 0.0, "bottom"
    if cell < 2 * side:
        return 0.0, k * step, "left"
    if cell < 3 * side:
        return k * step, GRID - 1.0, "top"
    return GRID - 1.0, GRID - 1 - k * step, "right"


def _band(x: float, y: float, side: str) -> tuple[float, float, float, float]:
    """The colour band on the inner edge of a cell: (x, y, width, height)."""
    if side == "bottom":
        return x, y + 1 - BAND, 1, BAND
    if side == "top":
        return x, y, 1, BAND
    if side == "left":
        return x + 1 - BAND, y, BAND, 1
    return x, y, BAND, 1


class BoardView:
    """A board on an axes: the static cells once, then :meth:`update` redraws only what moves.

    Widgets keep one view and call ``update(state)`` after each event (fast); :func:`draw_board`
    makes a view for a single picture.
    """

    def __init__(self, board: Board, ax: Axes | None = None, lang: str = "en", names: Sequence[str] = (),
                 fast: bool = False) -> None:
        if lang not in ("en", "ru"):
            raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
        if board.size % 4:
            raise ValueError(f"a board is drawn as a square: {board.size} cells is not a multiple of 4")
        if ax is None and fast:  # a figure of its own, never shown by pyplot (widgets show the PNG)
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure

            figure = Figure(figsize=(9, 9))
            FigureCanvasAgg(figure)
            ax = figure.add_subplot()
        elif ax is None:
            _, ax = plt.subplots(figsize=(9, 9))
        self.board, self.ax, self.lang, self.names = board, ax, lang, list(names)
        self._dynamic: list[Any] = []
        self._faces: dict[int, Rectangle] = {}
        self._value_texts: list[Any] = []
        self.colorbar = None
        self.fast = fast  # moving parts are blitted over a cached background (see render_png)
        self._background = None
        self._draw_static()

    def _draw_static(self) -> None:
        board, ax, lang = self.board, self.ax, self.lang
        ax.set_xlim(-0.05, GRID + 0.05)
        ax.set_ylim(-0.05, GRID + 0.05)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.set_title(board.name(lang))
        for cell in board.cells:
            x, y, side = cell_origin(board, cell.index)
            face = Rectangle((x, y), 1, 1, facecolor=_KIND_FACE.get(cell.kind, "white"), edgecolor="#555555", lw=0.6)
            ax.add_patch(face)
            self._faces[cell.index] = face
            if cell.kind is CellKind.PLOT:
                colour = board.industries[cell.industry].colour
                bx, by, bw, bh = _band(x, y, side)
                ax.add_patch(Rectangle((bx, by), bw, bh, facecolor=colour, edgecolor="#555555", lw=0.4))
            label = cell.short(lang)
            ax.text(x + 0.5, y + 0.55, _wrap(label), ha="center", va="center", fontsize=6.2, zorder=3)
            if cell.ownable:
                ax.text(x + 0.5, y + 0.2 if side != "top" else y + 0.3, str(cell.price), ha="center", va="center",
                        fontsize=6, color="#333333", zorder=3)
            ax.text(x + 0.06, y + 0.94, str(cell.index), ha="left", va="top", fontsize=4.5, color="#777777")

    def clear_dynamic(self) -> None:
        for artist in self._dynamic:
            artist.remove()
        self._dynamic = []

    def _add(self, artist: Any) -> Any:
        self._dynamic.append(artist)
        artist.set_animated(self.fast)
        return artist

    def render_png(self) -> bytes:
        """The figure as PNG bytes. In ``fast`` mode the static board is rendered once and cached;
        each call then draws only the moving parts over it (tokens, owners, buildings, panel)."""
        import io

        from PIL import Image

        figure = self.ax.figure
        canvas = figure.canvas
        if not self.fast:
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png")
            return buffer.getvalue()
        if self._background is None:
            canvas.draw()
            self._background = canvas.copy_from_bbox(figure.bbox)
        canvas.restore_region(self._background)
        for artist in self._dynamic:
            self.ax.draw_artist(artist)
        width, height = canvas.get_width_height()
        image = Image.frombuffer("RGBA", (width, height), bytes(canvas.buffer_rgba()), "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="png", compress_level=1)
        return buffer.getvalue()

    def update(self, state: GameState) -> None:
        """Redraw owners, buildings, mortgages, tokens and the centre panel for ``state``."""
        self.clear_dynamic()
        board, ax = self.board, self.ax
        names = self.names or [p.name for p in state.players]
        top = board.small_per_large + 1
        for cell in board.ownable:
            owner = state.owner[cell]
            if owner < 0:
                continue
            x, y, side = cell_origin(board, cell)
            colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
            self._add(ax.add_patch(Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, fill=False, edgecolor=colour, lw=2.0, zorder=4)))
            if state.mortgaged[cell]:
                self._add(ax.add_patch(Rectangle((x, y), 1, 1, fill=False, hatch="////", edgecolor="#777777", lw=0, zorder=4)))
            level = state.level[cell]
            if level:
                bx, by, bw, bh = _band(x, y, side)
                if level == top:
                    self._add(ax.add_patch(Rectangle((bx + bw * 0.2, by + bh * 0.15), bw * 0.6 if bw > bh else bw * 0.7,
                                                     bh * 0.7 if bw > bh else bh * 0.6, facecolor="#c0392b", edgecolor="black",
                                                     lw=0.6, zorder=5)))
                else:
                    for i in range(level):
                        offset = (i + 0.5) / top
                        cx, cy = (bx + bw * offset, by + bh / 2) if bw > bh else (bx + bw / 2, by + bh * offset)
                        self._add(ax.add_patch(Rectangle((cx - 0.07, cy - 0.07), 0.14, 0.14, facecolor="#27ae60",
                                                         edgecolor="black", lw=0.5, zorder=5)))
        by_cell: dict[int, list[int]] = {}
        for seat, player in enumerate(state.players):
            if not player.bankrupt:
                by_cell.setdefault(player.position, []).append(seat)
        for cell, seats in by_cell.items():
            x, y, _ = cell_origin(board, cell)
            for i, seat in enumerate(seats):
                cx = x + 0.2 + 0.2 * (i % 4)
                cy = y + 0.38 - 0.17 * (i // 4)
                token = Circle((cx, cy), 0.09, facecolor=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], edgecolor="black",
                               lw=0.7, zorder=6)
                self._add(ax.add_patch(token))
                if state.players[seat].detained:
                    self._add(ax.plot([cx - 0.12, cx + 0.12], [cy, cy], color="black", lw=1.2, zorder=7)[0])
        self._centre(state, names)

    def _centre(self, state: GameState, names: Sequence[str]) -> None:
        ax, lang, board = self.ax, self.lang, self.board
        money = board.currency(lang)
        lines_y = 8.6
        for seat, player in enumerate(state.players):
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            status = ("банкрот" if lang == "ru" else "bankrupt") if player.bankrupt else f"{player.cash} {money}"
            marker = "→ " if seat == state.current and not state.finished else "   "
            self._add(ax.text(2.0, lines_y - 0.55 * seat, f"{marker}{names[seat]}: {status}", color=colour,
                              fontsize=9, ha="left", va="center", fontweight="bold" if marker.strip() else "normal"))
        fund = "Фонд" if lang == "ru" else "Charity fund"
        box = "Джекпот" if lang == "ru" else "Jackpot box"
        pots = f"{fund}: {state.charity_fund}"
        if any(c.kind is CellKind.JACKPOT for c in board.cells):
            pots += f"    {box}: {state.jackpot_box}"
        self._add(ax.text(2.0, 2.4, pots, fontsize=9, ha="left", va="center"))
        label = ("Раунд" if lang == "ru" else "Round") + f" {state.round}"
        self._add(ax.text(9.0, 2.4, label, fontsize=9, ha="right", va="center"))

    def show_values(self, values: Any, cmap: str = "YlOrRd", label: str = "", fmt: str = "{:.1%}") -> None:
        """Colour each cell by ``values`` (one per cell; one more for "in jail", shown in the jail cell)
        with a colour bar; ``fmt`` writes each value in its cell ("" for none)."""
        board = self.board
        data = np.asarray(values, dtype=float)
        if data.ndim != 1 or len(data) not in (board.size, board.size + 1):
            raise ValueError(f"values must have {board.size} entries (or {board.size + 1} with 'in jail'), got shape {data.shape}")
        if not np.all(np.isfinite(data)):
            raise ValueError("values must be finite numbers")
        cells = data[: board.size].copy()
        jail_value = data[board.size] if len(data) > board.size else None
        if jail_value is not None:
            cells[board.jail] += jail_value
        norm = Normalize(vmin=float(cells.min()), vmax=float(cells.max()) or 1.0)
        colours = plt.get_cmap(cmap)
        self._background = None  # the static picture changes
        for text in self._value_texts:
            text.remove()
        self._value_texts = []
        for cell, face in self._faces.items():
            face.set_facecolor(colours(norm(cells[cell])))
            if fmt:
                x, y, side = cell_origin(board, cell)
                shown = fmt.format(cells[cell])
                if cell == board.jail and jail_value is not None:
                    shown = fmt.format(jail_value) + (" в инсп." if self.lang == "ru" else " in jail")
                self._value_texts.append(self.ax.text(x + 0.5, y + 0.22 if side != "top" else y + 0.32, shown, ha="center",
                                                      va="center", fontsize=5.5, zorder=4,
                                                      bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.75)))
        if self.colorbar is None:
            mappable = plt.cm.ScalarMappable(norm=norm, cmap=colours)
            self.colorbar = self.ax.figure.colorbar(mappable, ax=self.ax, fraction=0.04, pad=0.02)
        else:
            self.colorbar.mappable.set_norm(norm)
        if label:
            self.colorbar.set_label(label)


def draw_board(
    board: Board,
    state: GameState | None = None,
    values: Any = None,
    ax: Axes | None = None,
    lang: str = "en",
    label: str = "",
    fmt: str = "{:.1%}",
) -> Axes:
    """Draw ``board``: with a game ``state`` (owners, buildings, mortgages hatched, tokens) and/or a
    heatmap of ``values`` (one per cell, optionally one more for "in jail"). Returns the axes."""
    view = BoardView(board, ax=ax, lang=lang)
    if values is not None:
        view.show_values(values, label=label, fmt=fmt)
    if state is not None:
        if state.board_key != board.key:
            raise ValueError(f"the state is for board {state.board_key!r}, not {board.key!r}")
        view.update(state)
    return view.ax


def _wrap(label: str, width: int = 9) -> str:
    """Split a short name over two lines at a space or hyphen when it is long."""
    if len(label) <= width:
        return label
    for sep in (" ", "-"):
        if sep in label:
            head, _, tail = label.partition(sep)
            return f"{head}{sep if sep == '-' else ''}\n{tail}"
    return label
