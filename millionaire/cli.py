"""The ``millionaire`` command.

Examples
--------
>>> main(["board", "show", "--board", "millionaire-classic"])  # doctest: +ELLIPSIS
Millionaire Classic: 40 cells, 24 properties
  #  cell ...
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .board import Board, CellKind, load_board
from .errors import MillionaireError


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def board_table(board: Board, lang: str = "en") -> str:
    """The board's cells as a plain-text table.

    >>> print(board_table(load_board("millionaire-classic")).splitlines()[3])
      1  Cinema                     plot      Entertainment                 50     50  1 / 10 / 30 / 90 / 200
    """
    small = board.small_building_ru if lang == "ru" else board.small_building_en
    header = "Ячейки" if lang == "ru" else "cell"
    lines = [
        f"{board.name(lang)}: {board.size} cells, {len(board.ownable)} properties",
        f"  #  {header:<26} {'kind':<9} {'industry':<26} {'price':>6} {'build':>6}  rent (empty, 1.. {small}s, top)",
    ]
    for cell in board.cells:
        industry = board.industries[cell.industry] if cell.industry >= 0 else None
        price = str(cell.price) if cell.ownable else (str(cell.amount) if cell.amount else "")
        build = str(industry.build_price) if industry else ""
        if cell.kind is CellKind.UTILITY:
            rent = " / ".join(f"{m}× dice" for m in cell.dice_multipliers)
        elif cell.rent:
            rent = " / ".join(map(str, cell.rent))
        elif cell.kind is CellKind.CARD:
            rent = board.decks[cell.deck].name(lang)
        else:
            rent = ""
        name = industry.name(lang) if industry else ""
        lines.append(f"{cell.index:>3}  {cell.name(lang):<26} {cell.kind.value:<9} {name:<26} {price:>6} {build:>6}  {rent}".rstrip())
    return "\n".join(lines)


def _board_show(args: argparse.Namespace) -> int:
    print(board_table(load_board(args.board), args.lang))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``millionaire`` command."""
    parser = _Parser(prog="millionaire", description="Millionaire Classic and Monopoly: play, simulate, analyse.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    board = commands.add_parser("board", help="look at a board")
    board_commands = board.add_subparsers(dest="board_command", required=True, parser_class=_Parser)
    show = board_commands.add_parser("show", help="print the cells as a table")
    show.add_argument("--board", default="millionaire-classic", help="built-in name or path of a board file")
    show.add_argument("--lang", choices=("en", "ru"), default="en")
    show.set_defaults(handler=_board_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; bad input prints one line and returns 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except MillionaireError as error:
        print(f"millionaire: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
