"""The argument checks the economics functions share, and the error they raise.

Each check returns the value it accepts (as a plain ``int`` where a numpy integer was given) or raises
:class:`EconomicsError` with a message that names the argument, the bad value and what is accepted.
A position in a game (a ``Game`` or a ``GameState``) is checked and unpacked here too.

Not here: the economics itself (see the package's other modules), and the one-off checks of a single
function's own option (``by=`` of :func:`~millionaire.economics.investment_table`, ``weight=`` of
:func:`~millionaire.economics.ownership_hhi`), which stand in that function.

>>> from millionaire import load_board
>>> _level(load_board("millionaire-classic"), 5)
Traceback (most recent call last):
...
millionaire.economics.EconomicsError: level must be 0..4 (0: empty; 1..3: that many branch buildings; 4: enterprise), got 5
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board, CellKind, load_board
from ..errors import MillionaireError
from ..markov import JAIL_STRATEGIES
from ..rules import RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


#: The views of "how often" accepted by the rent and income functions.
PER = ("turn", "roll", "round")


class EconomicsError(MillionaireError):
    """An argument the economics functions cannot work with (a negative bet, an unknown cell, ...)."""


EconomicsError.__module__ = "millionaire.economics"  # the name it is imported by, and shown in tracebacks


def _int(value: Any, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise EconomicsError(f"{name} must be an integer >= {least}, got {value!r}")
    return int(value)


def _rules(board: Board, rules: RuleSet | None) -> RuleSet:
    if rules is None:
        return RuleSet.for_board(board.key)
    if not isinstance(rules, RuleSet):
        raise EconomicsError(f"rules must be a RuleSet or None, got {rules!r}")
    return rules


def _jail(jail: str) -> str:
    if jail not in JAIL_STRATEGIES:
        raise EconomicsError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}, got {jail!r}")
    return jail


def _per(per: str) -> str:
    if per not in PER:
        raise EconomicsError(f"per must be one of {', '.join(PER)}, got {per!r}")
    return per


def _plot(board: Board, cell: Any) -> int:
    if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < board.size:
        raise EconomicsError(f"cell {cell!r} is not a cell of board {board.key!r} (0..{board.size - 1})")
    info = board.cells[int(cell)]
    if info.kind is not CellKind.PLOT:
        raise EconomicsError(f"cell {int(cell)} ({info.name_en}) is a {info.kind.value!r}, not a plot of board {board.key!r}")
    return int(cell)


def _ownable(board: Board, cell: Any) -> int:
    if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < board.size:
        raise EconomicsError(f"cell {cell!r} is not a cell of board {board.key!r} (0..{board.size - 1})")
    info = board.cells[int(cell)]
    if not info.ownable:
        raise EconomicsError(f"cell {int(cell)} ({info.name_en}) is a {info.kind.value!r}, not a property of board {board.key!r}")
    return int(cell)


def _level(board: Board, level: Any) -> int:
    top = board.levels - 1
    if isinstance(level, bool) or not isinstance(level, (int, np.integer)) or not 0 <= level <= top:
        raise EconomicsError(f"level must be 0..{top} (0: empty; 1..{top - 1}: that many {board.small_building_en} "
                             f"buildings; {top}: {board.large_building_en}), got {level!r}")
    return int(level)


def _industry(board: Board, industry: Any) -> int:
    if isinstance(industry, str):
        for ind in board.industries:
            if industry in (ind.key, ind.name_en, ind.name_ru):
                return ind.index
        known = ", ".join(ind.key for ind in board.industries)
        raise EconomicsError(f"unknown industry {industry!r} on board {board.key!r} (known: {known})")
    if isinstance(industry, bool) or not isinstance(industry, (int, np.integer)) or not 0 <= industry < len(board.industries):
        raise EconomicsError(f"industry must be 0..{len(board.industries) - 1} or a key, got {industry!r}")
    return int(industry)


def _bet_box(bet: Any, box: Any) -> tuple[int, int]:
    if isinstance(bet, bool) or not isinstance(bet, (int, np.integer)) or bet < 1:
        raise EconomicsError(f"bet must be a whole amount >= 1, got {bet!r}")
    if isinstance(box, bool) or not isinstance(box, (int, np.integer)) or box < 0:
        raise EconomicsError(f"box must be a whole amount >= 0, got {box!r}")
    return int(bet), int(box)


def _rounds(value: Any) -> float:
    """How long a mortgage runs, in rounds: a finite number > 0."""
    if (isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) or not value > 0
            or not math.isfinite(value)):
        raise EconomicsError(f"rounds must be > 0, got {value!r}")
    return value


def _seat(state: GameState, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(state.players):
        raise EconomicsError(f"seat must be 0..{len(state.players) - 1}, got {seat!r}")
    return int(seat)


def _opponents(state: GameState, seat: int, opponents: int | None) -> int:
    if opponents is not None:
        return _int(opponents, "opponents", 1)
    return max(1, sum(1 for i, p in enumerate(state.players) if i != seat and not p.bankrupt))


def _position(obj: Any, board: Board | None) -> tuple[GameState, Board, RuleSet]:
    """(state, board, rules) from a Game or a GameState (whose board is loaded by key if not given)."""
    from ..engine import Game
    from ..state import GameState

    if isinstance(obj, Game):
        return obj.state, obj.board, obj.rules
    if isinstance(obj, GameState):
        if board is None:
            try:
                board = load_board(obj.board_key)
            except MillionaireError:
                raise EconomicsError(f"the state's board {obj.board_key!r} is not built in: pass board=") from None
        if board.key != obj.board_key or board.size != len(obj.owner):
            raise EconomicsError(f"board {board.key!r} does not match the state's board {obj.board_key!r}")
        return obj, board, obj.rules
    raise EconomicsError(f"expected a Game or a GameState, got {type(obj).__name__}")
