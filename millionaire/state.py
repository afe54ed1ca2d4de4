"""The state of a game: plain data that copies fast and saves as JSON (never pickle).

:class:`GameState` holds everything needed to carry a game on exactly: players, the board's
ownership, the three pots of money, the decks, the engine's work queue and pending decision, and
the dice generator. ``to_dict``/``from_dict`` round-trip through JSON and validate on load, so a
damaged or hand-edited save is refused with a message naming the field.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
>>> saved = game.state.to_dict()
>>> GameState.from_dict(saved, game.board) == game.state
True
"""

from __future__ import annotations

import copy as _copy
import json
from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .errors import SaveFileError
from .rules import RuleSet

SAVE_FORMAT = 1


@dataclass
class PlayerState:
    """One player: money, token and what he keeps in hand.

    ``cards`` lists kept cards as ``[deck, index]`` pairs (a release card, a free branch, ...).
    """

    name: str
    cash: int
    position: int = 0
    bankrupt: bool = False
    detained: bool = False
    jail_turns: int = 0
    cards: list[list[Any]] = field(default_factory=list)

    def has_card(self, effect: str, board: Board) -> list[Any] | None:
        """The first kept card with this effect, or ``None``."""
        for card in self.cards:
            if board.decks[card[0]].cards[card[1]].effect == effect:
                return card
        return None


@dataclass
class GameState:
    """Everything about a game in progress.

    Money is a ledger: ``sum(cash) + charity_fund + jackpot_box + bank_balance`` never changes,
    where ``bank_balance`` is the bank's net flow (0 at the start). ``owner[c]`` is a seat or -1,
    ``level[c]`` counts buildings (0 empty, 1..k small ones, k+1 the large one), ``mortgaged[c]``.
    ``tasks`` is the engine's work queue (a stack of small lists), ``pending`` the decision it waits
    for, ``dice`` the generator state and the dice drawn ahead.
    """

    board_key: str
    rules: RuleSet
    players: list[PlayerState]
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    charity_fund: int
    jackpot_box: int
    bank_balance: int = 0
    decks: dict[str, list[int]] = field(default_factory=dict)
    current: int = 0
    round: int = 1
    turns: int = 0
    doubles: int = 0
    extra_turn: bool = False
    last_roll: int = 0
    tasks: list[list[Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    finished: bool = False
    winner: int = -1
    reason: str = ""
    dice: dict[str, Any] = field(default_factory=dict)

    @property
    def total_money(self) -> int:
        """Cash + charity fund + jackpot box + bank balance: constant through a game."""
        return sum(p.cash for p in self.players) + self.charity_fund + self.jackpot_box + self.bank_balance

    def active_seats(self) -> list[int]:
        """Seats of the players still in the game."""
        return [i for i, p in enumerate(self.players) if not p.bankrupt]

    def copy(self) -> GameState:
        """An independent copy (for undo and look-ahead)."""
        return _copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the whole state."""
        return {
            "format": SAVE_FORMAT,
            "board": self.board_key,
            "rules": self.rules.to_dict(),
            "players": [_copy.deepcopy(p.__dict__) for p in self.players],
            "owner": list(self.owner),
            "level": list(self.level),
            "mortgaged": list(self.mortgaged),
            "charity_fund": self.charity_fund,
            "jackpot_box": self.jackpot_box,
            "bank_balance": self.bank_balance,
            "decks": {k: list(v) for k, v in self.decks.items()},
            "current": self.current,
            "round": self.round,
            "turns": self.turns,
            "doubles": self.doubles,
            "extra_turn": self.extra_turn,
            "last_roll": self.last_roll,
            "tasks": _copy.deepcopy(self.tasks),
            "pending": _copy.deepcopy(self.pending),
            "finished": self.finished,
            "winner": self.winner,
            "reason": self.reason,
            "dice": _copy.deepcopy(self.dice),
        }

    def to_json(self) -> str:
        """The state as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, board: Board) -> GameState:
        """Load a state saved by :meth:`to_json`; damaged text raises :class:`SaveFileError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SaveFileError(f"saved game is not valid JSON: {error}") from None
        return cls.from_dict(data, board)

    @classmethod
    def from_dict(cls, data: dict[str, Any], board: Board) -> GameState:
        """Rebuild and validate a state from :meth:`to_dict` for ``board``.

        Raises :class:`SaveFileError` naming the field for anything missing, of the wrong type or
        inconsistent (unknown cells, money that does not add up, ...).
        """
        return _StateLoader(data, board).state()


class _StateLoader:
    """Validates a saved state field by field."""

    def __init__(self, data: Any, board: Board) -> None:
        if not isinstance(data, dict):
            raise SaveFileError(f"saved game must be a JSON object, got {type(data).__name__}")
        self.data = data
        self.board = board

    def get(self, name: str, kind: type | tuple[type, ...], where: dict[str, Any] | None = None, label: str = "") -> Any:
        source = self.data if where is None else where
        label = label or name
        if name not in source:
            raise SaveFileError(f"saved game: field {label!r} is missing")
        value = source[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise SaveFileError(f"saved game: field {label!r} must be an integer, got {value!r}")
        if not isinstance(value, kind):
            raise SaveFileError(f"saved game: field {label!r} has the wrong type ({type(value).__name__})")
        return value

    def cell_list(self, name: str, kind: type, low: int, high: int) -> list[Any]:
        values = self.get(name, list)
        if len(values) != self.board.size:
            raise SaveFileError(f"saved game: field {name!r} must have {self.board.size} entries, got {len(values)}")
        for cell, value in enumerate(values):
            if kind is bool:
                if not isinstance(value, bool):
                    raise SaveFileError(f"saved game: field '{name}[{cell}]' must be true or false, got {value!r}")
            elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise SaveFileError(f"saved game: field '{name}[{cell}]' must be an integer {low}..{high}, got {value!r}")
        return list(values)

    def state(self) -> GameState:
        board = self.board
        if self.data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"saved game: field 'format' must be {SAVE_FORMAT}, got {self.data.get('format')!r}")
        key = self.get("board", str)
        if key != board.key:
            raise SaveFileError(f"saved game: field 'board' is {key!r} but the board given is {board.key!r}")
        try:
            rules = RuleSet.from_dict(self.get("rules", dict))
        except ValueError as error:
            raise SaveFileError(f"saved game: field 'rules': {error}") from None
        players = [self.player(i, p) for i, p in enumerate(self.get("players", list))]
        if not players:
            raise SaveFileError("saved game: field 'players' is empty")
        seats = len(players) - 1
        owner = self.cell_list("owner", int, -1, seats)
        level = self.cell_list("level", int, 0, board.levels - 1)
        mortgaged = self.cell_list("mortgaged", bool, 0, 0)
        for cell in range(board.size):
            if (owner[cell] >= 0 or level[cell] or mortgaged[cell]) and not board.cells[cell].ownable:
                raise SaveFileError(f"saved game: cell {cell} ({board.cells[cell].name_en}) cannot be owned, built or mortgaged")
            if owner[cell] < 0 and (level[cell] or mortgaged[cell]):
                raise SaveFileError(f"saved game: cell {cell} has buildings or a mortgage but no owner")
        decks = self.get("decks", dict)
        for deck_key, order in decks.items():
            if deck_key not in board.decks or not isinstance(order, list) or any(
                isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(board.decks[deck_key].cards) for i in order
            ):
                raise SaveFileError(f"saved game: field 'decks.{deck_key}' is not a list of card numbers of that deck")
        state = GameState(
            board_key=key, rules=rules, players=players, owner=owner, level=level, mortgaged=mortgaged,
            charity_fund=self.money("charity_fund"), jackpot_box=self.money("jackpot_box"),
            bank_balance=self.get("bank_balance", int), decks={k: list(v) for k, v in decks.items()},
            current=self.get("current", int), round=self.get("round", int), turns=self.get("turns", int),
            doubles=self.get("doubles", int), extra_turn=self.get("extra_turn", bool),
            last_roll=self.get("last_roll", int), tasks=_copy.deepcopy(self.get("tasks", list)),
            pending=_copy.deepcopy(self.get("pending", (dict, type(None)))), finished=self.get("finished", bool),
            winner=self.get("winner", int), reason=self.get("reason", str), dice=_copy.deepcopy(self.get("dice", dict)),
        )
        if not 0 <= state.current <= seats:
            raise SaveFileError(f"saved game: field 'current' must be a seat 0..{seats}, got {state.current}")
        expected = len(players) * rules.start_cash + rules.jackpot_start + rules.charity_start
        if state.total_money != expected:
            raise SaveFileError(
                f"saved game: the money does not add up (cash + fund + box + bank_balance = {state.total_money}, expected {expected})"
            )
        return state

    def money(self, name: str) -> int:
        value = self.get(name, int)
        if value < 0:
            raise SaveFileError(f"saved game: field {name!r} must not be negative, got {value}")
        return value

    def player(self, seat: int, data: Any) -> PlayerState:
        label = f"players[{seat}]"
        if not isinstance(data, dict):
            raise SaveFileError(f"saved game: field {label!r} must be an object")
        cash = self.get("cash", int, data, f"{label}.cash")
        if cash < 0:
            raise SaveFileError(f"saved game: field '{label}.cash' must not be negative, got {cash}")
        position = self.get("position", int, data, f"{label}.position")
        if not 0 <= position < self.board.size:
            raise SaveFileError(f"saved game: field '{label}.position' must be a cell 0..{self.board.size - 1}, got {position}")
        cards = self.get("cards", list, data, f"{label}.cards")
        for card in cards:
            if (not isinstance(card, list) or len(card) != 2 or card[0] not in self.board.decks
                    or not isinstance(card[1], int) or not 0 <= card[1] < len(self.board.decks[card[0]].cards)):
                raise SaveFileError(f"saved game: field '{label}.cards' holds {card!r}, not a [deck, number] of this board")
        return PlayerState(
            name=self.get("name", str, data, f"{label}.name"), cash=cash, position=position,
            bankrupt=self.get("bankrupt", bool, data, f"{label}.bankrupt"),
            detained=self.get("detained", bool, data, f"{label}.detained"),
            jail_turns=self.get("jail_turns", int, data, f"{label}.jail_turns"),
            cards=[list(c) for c in cards],
        )
