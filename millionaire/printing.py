"""The game to print and play: a PDF of the board, its cards, its money and the class's tally sheets.

Everything is read from the board file, so an edited board prints as edited. The board is drawn by
:class:`millionaire.plotting.BoardView` at its printed size and cut into tiles that fill whole pages
(A4 or A3); each tile is marked with its row and column and the pages join edge to edge. Then come
the plot cards (price, rent at every level, building price, mortgage), a card for every Move and
Chance card to cut out, banknotes, and the two tally sheets that lesson 11 reads back (the dice,
and where tokens stop), laid out as the CSV template of :mod:`millionaire.class_data` is.

Text is written with TrueType fonts (``pdf.fonttype`` 42), so a PDF reader can search it and the
Russian names survive copying.

Examples
--------
>>> import io
>>> from millionaire import load_board
>>> buffer = io.BytesIO()
>>> pages = write_pdf(load_board("millionaire-classic"), buffer, lang="ru")
>>> buffer.getvalue()[:5], pages == page_count(load_board("millionaire-classic"))
(b'%PDF-', True)
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import matplotlib
from matplotlib.backends.backend_pdf import FigureCanvasPdf, PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .board import Board, Cell, CellKind
from .economics import level_name
from .errors import MillionaireError
from .plain_text import draw_text, one_line
from .plotting import BoardView, text_width_em
from .rules import RuleSet
from .words import check_lang, word

#: Paper sizes, portrait, in millimetres.
PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
MARGIN_MM = 10.0
MM = 1 / 25.4   # inches per millimetre
#: Plot cards, deck cards and banknotes per page (columns, rows): on A3 about as large as on A4.
_GRIDS = {"A4": {"plots": (3, 3), "cards": (3, 4), "money": (2, 5)},
          "A3": {"plots": (4, 4), "cards": (4, 6), "money": (3, 7)}}
#: Banknote values, from the smallest; the ones a board prints are those up to its dearest plot.
_SERIES = (1, 5, 10, 20, 50, 100, 500, 1000)


def banknotes(board: Board) -> list[int]:
    """The banknote values printed for ``board``: the 1-5-10-20-50-... series up to the first value
    above its dearest property (so that a price or a rent is paid with a few notes).

    >>> from millionaire import load_board
    >>> banknotes(load_board("millionaire-classic"))
    [1, 5, 10, 20, 50, 100, 500]
    """
    dearest = max(board.cells[cell].price for cell in board.ownable)
    values = [value for value in _SERIES if value <= dearest]
    bigger = [value for value in _SERIES if value > dearest]
    return values + bigger[:1]


def page_count(board: Board, paper: str = "A4", tiles: int = 2) -> int:
    """How many pages :func:`write_pdf` makes for ``board``."""
    per_page = {key: cols * rows for key, (cols, rows) in _GRIDS[paper].items()}
    deck_cards = sum(len(deck.cards) for deck in board.decks.values())
    return (tiles * tiles + math.ceil(len(board.ownable) / per_page["plots"])
            + math.ceil(deck_cards / per_page["cards"]) + len(banknotes(board)) + 2)


def _page(paper: str) -> tuple[Figure, float, float]:
    width, height = (size * MM for size in PAPERS[paper])
    figure = Figure(figsize=(width, height))
    FigureCanvasPdf(figure)
    return figure, width, height


def _board_pages(board: Board, paper: str, tiles: int, lang: str) -> list[Figure]:
    """The board at ``tiles`` × ``tiles`` pages' size, one page per tile."""
    pages = []
    for row in range(tiles):
        for col in range(tiles):
            figure, width, height = _page(paper)
            tile = width - 2 * MARGIN_MM * MM
            top = height - MARGIN_MM * MM - 6 * MM     # room for the tile's label above it
            left, bottom = MARGIN_MM * MM - col * tile, top - tile - (tiles - 1 - row) * tile
            ax = figure.add_axes((left / width, bottom / height, tiles * tile / width, tiles * tile / height))
            BoardView(board, ax=ax, lang=lang)
            shown = (MARGIN_MM * MM / width, (top - tile) / height, tile / width, tile / height)
            _mask_outside(figure, shown)
            figure.add_artist(Rectangle(shown[:2], shown[2], shown[3], transform=figure.transFigure, fill=False,
                                        edgecolor="#999999", lw=0.5, linestyle=(0, (4, 3)), zorder=20))
            draw_text(figure, shown[0], (top + 1.5 * MM) / height,
                        word(lang, "print.tile", board=board.name(lang), row=row + 1, col=col + 1, tiles=tiles),
                        fontsize=9, color="#444444", zorder=21)
            pages.append(figure)
    return pages


def _mask_outside(figure: Figure, box: tuple[float, float, float, float]) -> None:
    """White out the page around ``box`` (figure fractions), where a neighbouring tile's part of
    the board would show."""
    x, y, w, h = box
    for rect in ((0, 0, 1, y), (0, y + h, 1, 1 - y - h), (0, y, x, h), (x + w, y, 1 - x - w, h)):
        figure.add_artist(Rectangle(rect[:2], rect[2], rect[3], transform=figure.transFigure, facecolor="white",
                                    edgecolor="none", zorder=19))


def _grid_pages(paper: str, layout: str, count: int) -> list[tuple[Figure, list[tuple[float, float, float, float]]]]:
    """Pages holding ``count`` equal boxes in the grid of ``layout``, with each box in figure fractions."""
    cols, rows = _GRIDS[paper][layout]
    pages = []
    for first in range(0, count, cols * rows):
        figure, width, height = _page(paper)
        usable_w, usable_h = width - 2 * MARGIN_MM * MM, height - 2 * MARGIN_MM * MM
        boxes = []
        for k in range(min(cols * rows, count - first)):
            r, c = divmod(k, cols)
            x = MARGIN_MM * MM + c * usable_w / cols
            y = height - MARGIN_MM * MM - (r + 1) * usable_h / rows
            boxes.append((x / width, y / height, usable_w / cols / width, usable_h / rows / height))
        pages.append((figure, boxes))
    return pages


def _card_frame(figure: Figure, box: tuple[float, float, float, float], colour: str = "#333333") -> Any:
    """A card's cut line and an axes to write in (0..1 both ways)."""
    pad = 0.04
    ax = figure.add_axes((box[0] + box[2] * pad, box[1] + box[3] * pad, box[2] * (1 - 2 * pad), box[3] * (1 - 2 * pad)))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    ax.add_patch(Rectangle((0, 0), 1, 1, fill=False, edgecolor=colour, lw=0.8, clip_on=False))
    return ax


def _fitting(ax: Any, text: str, share: float, most: float) -> float:
    """The font size (points) at which one line of ``text`` fills at most ``share`` of ``ax``'s width."""
    width_pt = ax.get_position().width * ax.figure.get_figwidth() * 72
    return min(most, share * width_pt / max(text_width_em(text), 1e-9))


def _plot_card(ax: Any, board: Board, cell: Cell, rules: RuleSet, lang: str) -> None:
    colour = board.industries[cell.industry].colour if cell.kind is CellKind.PLOT else "#dddddd"
    ax.add_patch(Rectangle((0.04, 0.8), 0.92, 0.16, facecolor=colour, edgecolor="#333333", lw=0.6))
    text_colour = "white" if sum(matplotlib.colors.to_rgb(colour)) < 1.5 else "black"
    name = cell.name(lang)
    draw_text(ax, 0.5, 0.88, name, ha="center", va="center", fontsize=_fitting(ax, name, 0.8, 11), fontweight="bold",
            color=text_colour)
    lines: list[tuple[str, str]] = [(word(lang, "print.price"), str(cell.price))]
    if cell.kind is CellKind.PLOT:
        industry = board.industries[cell.industry]
        draw_text(ax, 0.5, 0.765, industry.name(lang), ha="center", va="center", fontsize=_fitting(ax, industry.name(lang), 0.85, 7),
                style="italic", color="#333333")
        for level, rent in enumerate(cell.rent):
            lines.append((word(lang, "print.rent_at", level=level_name(board, level, lang)), str(rent)))
        lines.append((word(lang, "print.build_price"), str(industry.build_price)))
    elif cell.kind is CellKind.RAILROAD:
        for owned, rent in enumerate(cell.rent, start=1):
            lines.append((word(lang, "print.rent_owned", owned=owned), str(rent)))
    else:
        for owned, multiplier in enumerate(cell.dice_multipliers, start=1):
            lines.append((word(lang, "print.dice_times", owned=owned), f"× {multiplier}"))
    lines.append((word(lang, "print.mortgage"), str(int(cell.price * rules.mortgage_rate))))
    step = 0.62 / max(len(lines), 1)
    for i, (label, value) in enumerate(lines):
        y = 0.7 - i * step
        draw_text(ax, 0.07, y, label, ha="left", va="top", fontsize=7.5)
        draw_text(ax, 0.93, y, value, ha="right", va="top", fontsize=7.5, fontweight="bold")
    draw_text(ax, 0.5, 0.02, f"{board.name(lang)} · {cell.index} · {board.currency(lang)}", ha="center", va="bottom",
            fontsize=6, color="#666666")


def _deck_card(ax: Any, board: Board, deck_name: str, text: str, lang: str) -> None:
    ax.add_patch(Rectangle((0.04, 0.8), 0.92, 0.15, facecolor="#e6eef7", edgecolor="#333333", lw=0.6))
    draw_text(ax, 0.5, 0.875, deck_name, ha="center", va="center", fontsize=_fitting(ax, deck_name, 0.8, 10), fontweight="bold")
    draw_text(ax, 0.5, 0.45, _wrap(text, 30), ha="center", va="center", fontsize=8, linespacing=1.3)
    draw_text(ax, 0.5, 0.03, board.name(lang), ha="center", va="bottom", fontsize=6, color="#666666")


def _wrap(text: str, width: int) -> str:
    """``text`` broken into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    for piece in text.split():
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return "\n".join(lines)


def _note(ax: Any, board: Board, value: int, lang: str) -> None:
    ax.add_patch(Rectangle((0.03, 0.06), 0.94, 0.88, fill=False, edgecolor="#24452a", lw=1.5))
    draw_text(ax, 0.08, 0.8, str(value), ha="left", va="center", fontsize=20, fontweight="bold", color="#24452a")
    draw_text(ax, 0.92, 0.2, str(value), ha="right", va="center", fontsize=20, fontweight="bold", color="#24452a")
    draw_text(ax, 0.5, 0.5, board.money(value, lang), ha="center", va="center", fontsize=14)
    draw_text(ax, 0.5, 0.25, board.name(lang), ha="center", va="center", fontsize=8, color="#555555")


def _dice_sheet(paper: str, board: Board, lang: str) -> Figure:
    """A 6 × 6 grid, first die down, second die across: one tally mark per roll."""
    figure, width, height = _page(paper)
    draw_text(figure, 0.5, 0.95, word(lang, "print.dice_title"), ha="center", fontsize=16, fontweight="bold")
    draw_text(figure, 0.5, 0.915, _wrap(word(lang, "print.dice_how"), 95), ha="center", va="top", fontsize=9)
    ax = figure.add_axes((0.12, 0.25, 0.8, 0.8 * width / height))
    ax.set_xlim(0, 7)
    ax.set_ylim(7, 0)
    ax.axis("off")
    draw_text(ax, 3.5 + 0.5, -0.15, word(lang, "print.die2"), ha="center", va="bottom", fontsize=11)
    draw_text(ax, -0.25, 3.5 + 0.5, word(lang, "print.die1"), ha="right", va="center", fontsize=11, rotation=90)
    for k in range(1, 7):
        draw_text(ax, k + 0.5, 0.5, str(k), ha="center", va="center", fontsize=14, fontweight="bold")
        draw_text(ax, 0.5, k + 0.5, str(k), ha="center", va="center", fontsize=14, fontweight="bold")
        for j in range(1, 7):
            ax.add_patch(Rectangle((j, k), 1, 1, facecolor="#f4f4f4" if j == k else "white", edgecolor="#333333", lw=0.8))
    draw_text(figure, 0.5, 0.2, word(lang, "print.group"), ha="center", fontsize=11)
    return figure


def _landing_sheet(paper: str, board: Board, lang: str, rules: RuleSet) -> Figure:
    """Every cell by number and full name, and a line for detentions: one tally mark per stop."""
    figure, width, height = _page(paper)
    draw_text(figure, 0.5, 0.96, word(lang, "print.landing_title"), ha="center", fontsize=15, fontweight="bold")
    draw_text(figure, 0.5, 0.935, _wrap(word(lang, "print.landing_how"), 100), ha="center", va="top", fontsize=8)
    names = [(str(cell.index), cell.name(lang)) for cell in board.cells]
    detained = word(lang, "print.detained_line" if rules.detain_on_landing else "print.jail_line",
                    cell=board.cells[board.jail].name(lang))
    names.append(("", detained))
    per_column = math.ceil(len(names) / 2)
    ax = figure.add_axes((0.05, 0.06, 0.9, 0.82))
    ax.set_xlim(0, 2)
    ax.set_ylim(per_column, 0)
    ax.axis("off")
    for i, (number, name) in enumerate(names):
        column, row = divmod(i, per_column)
        ax.add_patch(Rectangle((column, row), 1, 1, fill=False, edgecolor="#888888", lw=0.5))
        draw_text(ax, column + 0.02, row + 0.5, number, ha="left", va="center", fontsize=8, color="#555555")
        draw_text(ax, column + 0.1, row + 0.5, name, ha="left", va="center", fontsize=8)
    draw_text(figure, 0.5, 0.03, word(lang, "print.group"), ha="center", fontsize=10)
    return figure


def build_pages(board: Board, lang: str = "en", paper: str = "A4", tiles: int = 2,
                rules: RuleSet | None = None) -> list[Figure]:
    """Every page of the printout as a matplotlib figure, in order: board tiles, plot cards, deck
    cards, banknotes, the dice sheet, the landing sheet."""
    check_lang(lang)
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= 4:
        raise ValueError(f"tiles (pages across the board) must be a whole number 1 to 4, got {tiles!r}")
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    pages = _board_pages(board, paper, tiles, lang)
    plots = [board.cells[cell] for cell in board.ownable]
    for figure, boxes in _grid_pages(paper, "plots", len(plots)):
        for box, cell in zip(boxes, plots[:len(boxes)]):
            _plot_card(_card_frame(figure, box), board, cell, rules, lang)
        plots = plots[len(boxes):]
        pages.append(figure)
    cards = [(deck.name(lang), card.text(lang)) for deck in board.decks.values() for card in deck.cards]
    for figure, boxes in _grid_pages(paper, "cards", len(cards)):
        for box, (deck_name, text) in zip(boxes, cards[:len(boxes)]):
            _deck_card(_card_frame(figure, box), board, deck_name, text, lang)
        cards = cards[len(boxes):]
        pages.append(figure)
    for value in banknotes(board):
        cols, rows = _GRIDS[paper]["money"]
        figure, boxes = _grid_pages(paper, "money", cols * rows)[0]
        for box in boxes:
            _note(_card_frame(figure, box, "#24452a"), board, value, lang)
        pages.append(figure)
    pages.append(_dice_sheet(paper, board, lang))
    pages.append(_landing_sheet(paper, board, lang, rules))
    return pages


def write_pdf(board: Board, target: str | Path | IO[bytes], lang: str = "en", paper: str = "A4", tiles: int = 2,
              rules: RuleSet | None = None) -> int:
    """Write the printout of ``board`` (see :func:`build_pages`) as one PDF; returns its page count.

    A ``target`` path is checked first and written whole or not at all (see :func:`write_file`).
    """
    if not isinstance(target, (str, Path)):
        return _write_pdf(board, target, lang, paper, tiles, rules)
    check_output(target, lang)
    pages: list[int] = []
    write_file(target, lambda out: pages.append(_write_pdf(board, out, lang, paper, tiles, rules)), lang)
    return pages[0]


def _write_pdf(board: Board, target: IO[bytes], lang: str, paper: str, tiles: int, rules: RuleSet | None) -> int:
    with matplotlib.rc_context({"pdf.fonttype": 42, "font.family": "DejaVu Sans"}):
        pages = build_pages(board, lang, paper, tiles, rules)
        title = one_line(word(lang, "print.title", board=board.name(lang)))
        with PdfPages(target, metadata={"Title": title}) as pdf:
            for figure in pages:
                pdf.savefig(figure)
    return len(pages)


# ---------------------------------------------------------------------- files written whole
class OutputFileError(MillionaireError):
    """A file the kit was asked to write that it cannot write; nothing was written."""


def default_name(board: Board, lang: str, paper: str) -> str:
    """The printout's file name when none is given: ``KEY_LANG_PAPER.pdf``, in the current folder
    whatever the key holds (a character other than a letter, a digit, ``-`` or ``_`` becomes ``_``).

    >>> from millionaire import load_board
    >>> default_name(load_board("monopoly-us"), "ru", "A4")
    'monopoly-us_ru_A4.pdf'
    """
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{board.key}_{lang}_{paper}") + ".pdf"


def check_output(path: str | Path, lang: str = "en") -> Path:
    """``path`` if a file can be written there: its folder exists and it is not a folder, a device
    or another special file; else :class:`OutputFileError`, in ``lang``.

    >>> check_output("/dev/full")
    Traceback (most recent call last):
    ...
    millionaire.printing.OutputFileError: /dev/full: not a file but a device or another special file: give a file in a folder
    """
    path = Path(path)
    shown = one_line(str(path))
    if path.is_dir():
        raise OutputFileError(word(lang, "print.is_folder", path=shown))
    if path.exists() and not path.is_file():
        raise OutputFileError(word(lang, "print.not_a_file", path=shown))
    if not path.parent.is_dir():
        raise OutputFileError(word(lang, "print.no_folder", path=shown, folder=repr(one_line(str(path.parent)))))
    return path


def check_two_outputs(first: str | Path, second: str | Path, lang: str = "en") -> None:
    """Refuse two outputs that are one file (by name, through links, or the same file already there).

    >>> check_two_outputs("a.pdf", "./a.pdf")
    Traceback (most recent call last):
    ...
    millionaire.printing.OutputFileError: --output and --template name the same file a.pdf: give two different files
    """
    one, other = Path(first), Path(second)
    same = one.resolve() == other.resolve()
    if not same and one.exists() and other.exists():
        same = os.path.samefile(one, other)
    if same:
        raise OutputFileError(word(lang, "print.same_file", path=one_line(str(first))))


_REASONS = {errno.ENOSPC: "print.reason_space", errno.EDQUOT: "print.reason_space", errno.EACCES: "print.reason_permission",
            errno.EPERM: "print.reason_permission", errno.EROFS: "print.reason_read_only",
            errno.ENOENT: "print.reason_no_files"}  # a folder such as /proc, where no file can be made


def write_file(path: str | Path, write: Callable[[IO[bytes]], Any], lang: str = "en") -> None:
    """Call ``write`` with a binary file and put what it wrote at ``path`` whole, or nothing at all:
    it is written to a temporary file in the same folder, which takes the name only once complete
    (a file already at ``path`` stays as it was until then). An error of the system (a full disk,
    no permission) becomes :class:`OutputFileError` in ``lang``, and the temporary file is removed.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> write_file(Path(folder) / "note.txt", lambda out: out.write(b"hello"))
    >>> sorted(os.listdir(folder))
    ['note.txt']
    """
    path = Path(path)
    shown = one_line(str(path))
    temporary = ""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:100]}.", suffix=".part")
        mode = path.stat().st_mode & 0o777 if path.is_file() else 0o666 & ~_umask()
        os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as out:
            write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as error:
        _remove(temporary)
        reason = word(lang, _REASONS[error.errno]) if error.errno in _REASONS else one_line(error.strerror or str(error))
        raise OutputFileError(word(lang, "print.cannot_write", path=shown, reason=reason)) from None
    except BaseException:
        _remove(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _remove(path: str) -> None:
    if path:
        with contextlib.suppress(OSError):
            os.remove(path)

