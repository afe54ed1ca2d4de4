"""millionaire: the board game Millionaire Classic (and US Monopoly) as a teaching kit.

Examples
--------
>>> import millionaire
>>> board = millionaire.load_board("millionaire-classic")
>>> rules = millionaire.RuleSet.classic()
>>> board.size, rules.start_cash
(40, 2000)
"""

from .board import Board, Cell, CellKind, Deck, Industry, load_board
from .cards import Card
from .errors import BoardFileError, IllegalActionError, MillionaireError, SaveFileError
from .rules import RuleSet

__version__ = "0.1.0"

__all__ = [
    "Board", "BoardFileError", "Card", "Cell", "CellKind", "Deck", "IllegalActionError", "Industry",
    "MillionaireError", "RuleSet", "SaveFileError", "load_board",
]
