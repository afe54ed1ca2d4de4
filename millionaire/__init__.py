"""millionaire: the board game Millionaire Classic (and US Monopoly) as a teaching kit.

Examples
--------
>>> import millionaire
>>> board = millionaire.load_board("millionaire-classic")
>>> rules = millionaire.RuleSet.classic()
>>> board.size, rules.start_cash
(40, 2000)
"""

from . import compiled  # first: decides between the compiled engine and its Python source
from .actions import Action, Decision, Trade
from .agents import Human, make_agent
from .board import Board, Cell, CellKind, Deck, Industry, load_board
from .cards import Card
from .dice import RandomDice, ScriptedDice
from .engine import Game, GameResult
from .errors import BoardFileError, IllegalActionError, MillionaireError, SaveFileError
from .events import Event
from .rules import RuleSet
from .state import GameState, PlayerState

compiled.make_inspectable()  # IPython's Game.rent?? shows the source of a compiled method

__version__ = "0.1.0"

__all__ = [
    "Action", "Board", "BoardFileError", "Card", "Cell", "CellKind", "Decision", "Deck", "Event", "Game",
    "GameResult", "GameState", "Human", "IllegalActionError", "Industry", "MillionaireError", "PlayerState",
    "RandomDice", "RuleSet", "SaveFileError", "ScriptedDice", "Trade", "load_board", "make_agent",
]
