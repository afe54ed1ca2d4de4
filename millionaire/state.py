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
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np

from .actions import Trade
from .board import Board, CellKind
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
        return GameState(
            board_key=self.board_key, rules=self.rules,
            players=[replace(p, cards=[list(c) for c in p.cards]) for p in self.players],
            owner=list(self.owner), level=list(self.level), mortgaged=list(self.mortgaged),
            charity_fund=self.charity_fund, jackpot_box=self.jackpot_box, bank_balance=self.bank_balance,
            decks={k: list(v) for k, v in self.decks.items()}, current=self.current, round=self.round,
            turns=self.turns, doubles=self.doubles, extra_turn=self.extra_turn, last_roll=self.last_roll,
            tasks=_copy.deepcopy(self.tasks), pending=_copy.deepcopy(self.pending), finished=self.finished,
            winner=self.winner, reason=self.reason, dice=_copy_dice(self.dice),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the whole state."""
        return {
            "format": SAVE_FORMAT,
            "board": self.board_key,
            "rules": self.rules.to_dict(),
            "players": [asdict(p) for p in self.players],  # asdict copies the card lists too
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
            "dice": _copy_dice(self.dice),
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
    def from_dict(cls, data: Any, board: Board) -> GameState:
        """Rebuild and validate a state from :meth:`to_dict` for ``board``.

        Raises :class:`SaveFileError` naming the field for anything missing, of the wrong type or
        inconsistent (unknown cells, money that does not add up, ...).
        """
        return _StateLoader(data, board).state()


#: Top-level fields of a save (``GameState.to_dict``) and of each player in it.
_FIELDS = ("format", "board", "rules", "players", "owner", "level", "mortgaged", "charity_fund", "jackpot_box",
           "bank_balance", "decks", "current", "round", "turns", "doubles", "extra_turn", "last_roll", "tasks",
           "pending", "finished", "winner", "reason", "dice")
_PLAYER_FIELDS = ("name", "cash", "position", "bankrupt", "detained", "jail_turns", "cards")

#: The engine's work queue (``Game._t_<name>``): each task's name and the kinds of its arguments;
#: a trailing ``?`` marks an argument that may be left out. A save holding any other task is
#: refused, so a new kind of task must be listed here.
_TASKS: dict[str, tuple[str, ...]] = {
    "turn": (), "roll": (), "jailroll": (), "endturn": (),
    "land": ("cell", "bool", "str", "count", "count"),
    "pay": ("party", "party", "money", "str"),
    "auction": ("cell", "party"),
    "draw": ("deck",),
    "after_roll": ("bool",),
    "release": ("seat", "str"),
    "choose": ("str", "card", "cells?"),
    "window": ("seat",),
}

#: Pending decisions: the fields each kind needs besides ``kind`` and ``player`` (see
#: :data:`millionaire.actions.DECISION_KINDS`), with their kinds. ``offers`` may come with any.
_DECISIONS: dict[str, dict[str, str]] = {
    "roll": {},
    "manage": {"again": "bool"},
    "buy": {"cell": "cell"},
    "bid": {"cell": "cell", "seller": "party", "bidders": "seats", "high": "money", "high_bidder": "seat_or_none"},
    "jackpot": {"cell": "cell"},
    "choose": {"purpose": "str", "options": "cells", "card": "card"},
    "raise": {"amount": "money", "payee": "party"},
    "trade_reply": {"trade": "trade", "from": "seat", "resume": "decision"},
}

_BIG = 2**128  # PCG64 keeps two 128-bit numbers


def _copy_dice(dice: dict[str, Any]) -> dict[str, Any]:
    """The dice state copied without walking the 4,096 dice drawn ahead one by one."""
    return {key: list(value) if key == "buffer" else _copy.deepcopy(value) for key, value in dice.items()}


def industry_owner(board: Board, owner: Sequence[int], mortgaged: Sequence[bool], industry: int) -> int:
    """The seat holding every plot of ``industry`` with none mortgaged, or -1."""
    cells = board.industries[industry].cells
    first = owner[cells[0]]
    if first < 0:
        return -1
    for cell in cells:
        if owner[cell] != first or mortgaged[cell]:
            return -1
    return first


def net_worth(state: GameState, board: Board, seat: int) -> int:
    """A seat's net worth: cash, plus properties at price (mortgaged: less the loan, at the rule set's
    ``mortgage_rate``), plus buildings at what they cost; 0 for a bankrupt player."""
    player = state.players[seat]
    if player.bankrupt:
        return 0
    worth = player.cash
    for cell in board.ownable:
        if state.owner[cell] == seat:
            info = board.cells[cell]
            # A mortgaged property is worth its price less the loan on it.
            worth += info.price - int(info.price * state.rules.mortgage_rate) if state.mortgaged[cell] else info.price
            if state.level[cell]:
                worth += state.level[cell] * board.industries[info.industry].build_price
    return worth


class _StateLoader:
    """Validates a saved state field by field; every refusal names the field."""

    def __init__(self, data: Any, board: Board) -> None:
        if not isinstance(data, dict):
            raise SaveFileError(f"saved game must be a JSON object, got {type(data).__name__}")
        self.data = data
        self.board = board
        self.seats = 0

    @staticmethod
    def fail(label: str, message: str) -> SaveFileError:
        return SaveFileError(f"saved game: field {label!r} {message}")

    def get(self, name: str, kind: type | tuple[type, ...], where: dict[str, Any] | None = None, label: str = "") -> Any:
        source = self.data if where is None else where
        label = label or name
        if name not in source:
            raise self.fail(label, "is missing")
        value = source[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(label, f"must be an integer, got {value!r}")
        if kind is bool and not isinstance(value, bool):
            raise self.fail(label, f"must be true or false, got {value!r}")
        if not isinstance(value, kind):
            raise self.fail(label, f"has the wrong type ({type(value).__name__})")
        return value

    def integer(self, name: str, low: int | None, high: int | None, where: dict[str, Any] | None = None,
                label: str = "") -> int:
        value = self.get(name, int, where, label)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{'' if low is None else low}..{'' if high is None else high}"
            raise self.fail(label or name, f"must be an integer {span}, got {value}")
        return value

    def unknown(self, data: dict[str, Any], allowed: tuple[str, ...], label: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(f"{label}{key}", "is not part of a saved game")

    def cell_list(self, name: str, kind: type, low: int, high: int) -> list[Any]:
        values = self.get(name, list)
        if len(values) != self.board.size:
            raise self.fail(name, f"must have {self.board.size} entries, got {len(values)}")
        for cell, value in enumerate(values):
            if kind is bool:
                if not isinstance(value, bool):
                    raise self.fail(f"{name}[{cell}]", f"must be true or false, got {value!r}")
            elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise self.fail(f"{name}[{cell}]", f"must be an integer {low}..{high}, got {value!r}")
        return list(values)

    # -------------------------------------------------------------- values of a given kind
    def is_card(self, value: Any) -> bool:
        decks = self.board.decks
        return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and value[0] in decks
                and isinstance(value[1], int) and not isinstance(value[1], bool)
                and 0 <= value[1] < len(decks[value[0]].cards))

    def check(self, value: Any, kind: str, label: str) -> None:
        """Refuse ``value`` unless it is of ``kind`` (the words of :data:`_TASKS` and :data:`_DECISIONS`)."""
        size, seats = self.board.size, self.seats

        def whole(low: int, high: int | None) -> bool:
            return (isinstance(value, int) and not isinstance(value, bool) and value >= low
                    and (high is None or value <= high))

        ok = {
            "cell": lambda: whole(0, size - 1),
            "seat": lambda: whole(0, seats - 1),
            "seat_or_none": lambda: whole(-1, seats - 1),
            "party": lambda: whole(-3, seats - 1),  # a seat or a pot: bank -1, fund -2, box -3
            "money": lambda: whole(0, None),
            "count": lambda: whole(0, None),
            "bool": lambda: isinstance(value, bool),
            "str": lambda: isinstance(value, str),
            "deck": lambda: isinstance(value, str) and value in self.board.decks,
            "card": lambda: value is None or self.is_card(value),
            "cells": lambda: isinstance(value, list) and all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c < size for c in value),
            "seats": lambda: isinstance(value, list) and bool(value) and all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in value),
            "trade": lambda: self.is_trade(value),
            "decision": lambda: isinstance(value, dict),
        }[kind]()
        if not ok:
            words = {"cell": f"a cell 0..{size - 1}", "seat": f"a seat 0..{seats - 1}",
                     "seat_or_none": f"a seat 0..{seats - 1} or -1", "party": f"a seat 0..{seats - 1} or a pot -3..-1",
                     "money": "an integer >= 0", "count": "an integer >= 0", "bool": "true or false",
                     "str": "a string", "deck": "a deck of this board", "card": "a [deck, number] of this board or null",
                     "cells": "a list of cells", "seats": "a non-empty list of seats", "trade": "a trade offer",
                     "decision": "an object"}[kind]
            raise self.fail(label, f"must be {words}, got {value!r}")
        if kind == "decision":
            self.decision(value, label, resumed=True)

    def is_trade(self, value: Any) -> bool:
        if not isinstance(value, list) or len(value) != 7:
            return False
        try:
            trade = Trade.from_list(value)
        except (TypeError, ValueError):
            return False
        ints = [trade.partner, trade.give_cash, trade.take_cash, *trade.give_cells, *trade.take_cells]
        return (all(isinstance(i, int) and not isinstance(i, bool) for i in ints)
                and all(self.is_card(list(c)) for c in (*trade.give_cards, *trade.take_cards)))

    # -------------------------------------------------------------- the whole state
    def state(self) -> GameState:
        board = self.board
        if self.data.get("format") != SAVE_FORMAT:
            raise self.fail("format", f"must be {SAVE_FORMAT}, got {self.data.get('format')!r}")
        self.unknown(self.data, _FIELDS, "")
        key = self.get("board", str)
        if key != board.key:
            raise self.fail("board", f"is {key!r} but the board given is {board.key!r}")
        try:
            rules = RuleSet.from_dict(self.get("rules", dict))
        except (ValueError, TypeError, OverflowError) as error:
            raise self.fail("rules", f"is not a valid rule set: {error}") from None
        if rules.small_per_large + 2 != board.levels:
            raise self.fail("rules", f"small_per_large is {rules.small_per_large} but the board has {board.small_per_large}")
        self.rules = rules
        raw_players = self.get("players", list)
        if not rules.min_players <= len(raw_players) <= rules.max_players:
            raise self.fail("players", f"must list {rules.min_players}..{rules.max_players} players, got {len(raw_players)}")
        self.seats = len(raw_players)
        players = [self.player(i, p) for i, p in enumerate(raw_players)]
        owner = self.cell_list("owner", int, -1, self.seats - 1)
        level = self.cell_list("level", int, 0, board.levels - 1)
        mortgaged = self.cell_list("mortgaged", bool, 0, 0)
        self.property(players, owner, level, mortgaged)
        tasks = self.tasks()
        pending = self.get("pending", (dict, type(None)))
        if pending is not None:
            self.decision(pending, "pending")
            if players[pending["player"]].bankrupt:
                raise self.fail("pending.player", f"is seat {pending['player']}, who is bankrupt")
        decks = self.decks(players, pending, tasks)
        finished = self.get("finished", bool)
        if finished and pending is not None:
            raise self.fail("pending", "must be null once the game is finished")
        state = GameState(
            board_key=key, rules=rules, players=players, owner=owner, level=level, mortgaged=mortgaged,
            charity_fund=self.integer("charity_fund", 0, None), jackpot_box=self.integer("jackpot_box", 0, None),
            bank_balance=self.get("bank_balance", int), decks=decks,
            current=self.integer("current", 0, self.seats - 1), round=self.integer("round", 1, None),
            turns=self.integer("turns", 0, None), doubles=self.integer("doubles", 0, rules.doubles_to_jail),
            extra_turn=self.get("extra_turn", bool), last_roll=self.integer("last_roll", 0, 12),
            tasks=_copy.deepcopy(tasks), pending=_copy.deepcopy(pending), finished=finished,
            winner=self.integer("winner", -1, self.seats - 1), reason=self.get("reason", str), dice=self.dice(),
        )
        expected = len(players) * rules.start_cash + rules.jackpot_start + rules.charity_start
        if state.total_money != expected:
            raise self.fail(
                "bank_balance",
                f"and the other money do not add up: cash + charity_fund + jackpot_box + bank_balance = {state.total_money}, "
                f"expected {expected} (the start money of {len(players)} players and the pots), "
                f"{abs(state.total_money - expected)} {'too many' if state.total_money > expected else 'missing'}",
            )
        return state

    def player(self, seat: int, data: Any) -> PlayerState:
        label = f"players[{seat}]"
        if not isinstance(data, dict):
            raise self.fail(label, "must be an object")
        self.unknown(data, _PLAYER_FIELDS, f"{label}.")
        cash = self.integer("cash", 0, None, data, f"{label}.cash")
        position = self.integer("position", 0, self.board.size - 1, data, f"{label}.position")
        cards = self.get("cards", list, data, f"{label}.cards")
        for card in cards:
            if not self.is_card(card):
                raise self.fail(f"{label}.cards", f"holds {card!r}, not a [deck, number] of this board")
        player = PlayerState(
            name=self.get("name", str, data, f"{label}.name"), cash=cash, position=position,
            bankrupt=self.get("bankrupt", bool, data, f"{label}.bankrupt"),
            detained=self.get("detained", bool, data, f"{label}.detained"),
            jail_turns=self.integer("jail_turns", 0, self.rules.jail_max_turns - 1, data, f"{label}.jail_turns"),
            cards=[list(c) for c in cards],
        )
        if player.detained and position != self.board.jail:
            raise self.fail(f"{label}.detained", f"is true but the player is on cell {position}, not in jail ({self.board.jail})")
        if player.bankrupt:
            for name, bad in (("cash", player.cash), ("cards", player.cards), ("detained", player.detained)):
                if bad:
                    raise self.fail(f"{label}.{name}", f"must be empty for a bankrupt player, got {bad!r}")
        return player

    def property(self, players: list[PlayerState], owner: list[int], level: list[int], mortgaged: list[bool]) -> None:
        """Who owns what, what stands on it and what is mortgaged must fit the board and the rules."""
        board, rules = self.board, self.rules
        top = rules.small_per_large + 1
        for cell, info in enumerate(board.cells):
            name = f"cell {cell} ({info.name_en})"
            if owner[cell] >= 0:
                if not info.ownable:
                    raise self.fail(f"owner[{cell}]", f"is seat {owner[cell]} but {name} cannot be owned")
                if players[owner[cell]].bankrupt:
                    raise self.fail(f"owner[{cell}]", f"is seat {owner[cell]}, who is bankrupt")
            if mortgaged[cell]:
                if not info.ownable:
                    raise self.fail(f"mortgaged[{cell}]", f"is true but {name} cannot be mortgaged")
                if owner[cell] < 0:
                    raise self.fail(f"mortgaged[{cell}]", f"is true but {name} has no owner")
            if level[cell]:
                if info.kind is not CellKind.PLOT:
                    raise self.fail(f"level[{cell}]", f"is {level[cell]} but {name} is not a plot")
                cells = board.industries[info.industry].cells
                if owner[cell] < 0 or any(owner[c] != owner[cell] or mortgaged[c] for c in cells):
                    raise self.fail(f"level[{cell}]", f"is {level[cell]} but {name}'s industry is not one "
                                    "owner's, whole and unmortgaged")
        small = sum(v for v in level if v < top)
        large = sum(1 for v in level if v == top)
        for count, supply, what in ((small, rules.small_supply, "small"), (large, rules.large_supply, "large")):
            if supply is not None and count > supply:
                raise self.fail("level", f"puts {count} {what} buildings on the board, the supply is {supply}")

    def tasks(self) -> list[list[Any]]:
        tasks = self.get("tasks", list)
        for number, task in enumerate(tasks):
            label = f"tasks[{number}]"
            if not isinstance(task, list) or not task or not isinstance(task[0], str) or task[0] not in _TASKS:
                raise self.fail(label, f"must be a list naming a task ({', '.join(_TASKS)}), got {task!r}")
            kinds = _TASKS[task[0]]
            required = sum(1 for k in kinds if not k.endswith("?"))
            if not required <= len(task) - 1 <= len(kinds):
                raise self.fail(label, f"task {task[0]!r} takes {required}..{len(kinds)} values, got {len(task) - 1}")
            for index, (value, kind) in enumerate(zip(task[1:], kinds), start=1):
                self.check(value, kind.rstrip("?"), f"{label}[{index}]")
        return tasks

    def decision(self, data: dict[str, Any], label: str, resumed: bool = False) -> None:
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in _DECISIONS or (resumed and kind not in ("roll", "manage", "raise")):
            allowed = "roll, manage, raise" if resumed else ", ".join(_DECISIONS)
            raise self.fail(f"{label}.kind", f"must be one of {allowed}, got {kind!r}")
        needs = {"player": "seat", **_DECISIONS[kind]}
        for name, what in needs.items():
            if name not in data:
                raise self.fail(f"{label}.{name}", f"is missing (a {kind!r} decision needs it)")
            self.check(data[name], what, f"{label}.{name}")
        if "offers" in data:
            self.check(data["offers"], "count", f"{label}.offers")
        for flag in ("between", "building"):  # a window between turns; an auction of a building
            if flag in data:
                self.check(data[flag], "bool", f"{label}.{flag}")
        if kind == "bid" and "resume" in data:  # a building auction returns to its window
            self.decision(data["resume"], f"{label}.resume", resumed=True)
        if kind == "bid" and data["player"] not in data["bidders"]:
            raise self.fail(f"{label}.bidders", f"does not list the bidder {data['player']}")
        if kind == "choose" and not data["options"]:
            raise self.fail(f"{label}.options", "is empty")

    def decks(self, players: list[PlayerState], pending: dict[str, Any] | None,
              tasks: list[list[Any]]) -> dict[str, list[int]]:
        """Each deck's order; with the kept cards and a card in play, every card exactly once."""
        decks = self.get("decks", dict)
        in_play: list[list[Any]] = [card for p in players for card in p.cards]
        if pending is not None and pending.get("kind") == "choose" and pending.get("card"):
            in_play.append(pending["card"])
        in_play += [task[2] for task in tasks if task[0] == "choose" and task[2]]
        for deck_key in decks:
            if deck_key not in self.board.decks:
                raise self.fail(f"decks.{deck_key}", "is not a deck of this board")
        result = {}
        for deck_key, deck in self.board.decks.items():
            label = f"decks.{deck_key}"
            if deck_key not in decks:
                raise self.fail(label, "is missing")
            order = decks[deck_key]
            if not isinstance(order, list) or any(
                isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(deck.cards) for i in order
            ):
                raise self.fail(label, "is not a list of card numbers of that deck")
            held = sorted(order + [card[1] for card in in_play if card[0] == deck_key])
            if held != list(range(len(deck.cards))):
                raise self.fail(label, f"with the cards kept by players must hold each of the {len(deck.cards)} "
                                "cards exactly once")
            result[deck_key] = list(order)
        return result

    def dice(self) -> dict[str, Any]:
        """The dice generator's state (numpy PCG64) and the dice drawn ahead (each 1..6)."""
        dice = self.get("dice", dict)
        self.unknown(dice, ("bit_generator", "buffer"), "dice.")
        generator = self.get("bit_generator", dict, dice, "dice.bit_generator")
        label = "dice.bit_generator"
        name = np.random.PCG64().state["bit_generator"]
        if generator.get("bit_generator") != name:
            raise self.fail(f"{label}.bit_generator", f"must be {name!r}, got {generator.get('bit_generator')!r}")
        inner = self.get("state", dict, generator, f"{label}.state")
        for part in ("state", "inc"):
            self.integer(part, 0, _BIG - 1, inner, f"{label}.state.{part}")
        self.integer("has_uint32", 0, 1, generator, f"{label}.has_uint32")
        self.integer("uinteger", 0, 2**32 - 1, generator, f"{label}.uinteger")
        try:
            np.random.PCG64().state = generator
        except (TypeError, ValueError, KeyError, OverflowError) as error:
            raise self.fail(label, f"is not a state numpy accepts: {error}") from None
        buffer = self.get("buffer", list, dice, "dice.buffer")
        for index, face in enumerate(buffer):
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise self.fail(f"dice.buffer[{index}]", f"must be a die face 1..6, got {face!r}")
        # A shallow copy of the buffer: thousands of ints need no deepcopy.
        return {"bit_generator": _copy.deepcopy(generator), "buffer": list(buffer)}
