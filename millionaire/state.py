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
import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np

from . import queries
from .actions import Trade
from .board import Board, CellKind
from .dice import BATCH
from .errors import SaveFileError, shown
from .kinds import DECISIONS, TASKS
from .pending import RECORDS, Pending
from .pending import from_dict as pending_record
from .queries import industry_owner as industry_owner  # a name of this module before the queries had theirs
from .rules import RuleSet

SAVE_FORMAT = 1

# Bounds of a save, checked before anything is built from it: the text before JSON reads it (the
# reader recurses into nested arrays), every number as it is read, and the money in it.
MAX_SAVE_CHARS = 2_000_000  # a save is about 3,000 characters (15,000 in earlier versions, with the dice drawn ahead)
MAX_SAVE_NESTING = 12  # a save goes 5 deep (a trade offer inside a pending decision)
MAX_SAVE_DIGITS = 40  # the dice generator's 128-bit numbers have up to 39
#: The most money a player or a pot may hold in a save: far beyond any game with amounts up to
#: ``rules.MAX_AMOUNT``, and well inside numpy's 64-bit integers with every holding added up.
MAX_HOLDING = 10**15
#: The most rounds or turns a save may count.
MAX_COUNT = 10**12
_JSON_TEXT_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


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
    for (a record of :mod:`millionaire.pending`), ``dice`` where the dice source is
    (:mod:`millionaire.dice`: the generator's state and the dice used of its batch, or the scripted
    dice used), with any dice set to come first in ``buffer``.
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
    pending: Pending | None = None
    finished: bool = False
    winner: int = -1
    reason: str = ""
    dice: dict[str, Any] = field(default_factory=dict)
    #: Millionaire Elite's market (``None`` on boards without it): the share ``price``, the
    #: ``shares`` and the ``policies`` (``[kind, term]`` pairs) of each seat, and the plots
    #: ``waiting`` on the Auction cell. See :func:`new_market`.
    market: dict[str, Any] | None = None
    #: A count that moves on whenever the board's ``owner``, ``level`` or ``mortgaged`` may have
    #: changed: the engine adds one at each such change and at each entry from outside it, where a
    #: caller may have written them (:meth:`board_may_have_changed`). Readings of the board kept by
    #: the engine and the bots stay valid while it stands. Not saved, not compared.
    board_changes: int = field(default=0, compare=False, repr=False)

    def board_may_have_changed(self) -> None:
        """Note that the board's ownership, buildings or mortgages may have changed.

        >>> from millionaire import Game, load_board
        >>> state = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1).state
        >>> before = state.board_changes
        >>> state.board_may_have_changed()
        >>> state.board_changes == before + 1
        True
        """
        self.board_changes += 1

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
            tasks=_copy.deepcopy(self.tasks), pending=None if self.pending is None else self.pending.copy(),
            finished=self.finished,
            winner=self.winner, reason=self.reason, dice=_copy_dice(self.dice),
            market=_copy.deepcopy(self.market),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the whole state (``market`` only on a board that has one)."""
        data = {
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
            "pending": None if self.pending is None else self.pending.to_dict(),
            "finished": self.finished,
            "winner": self.winner,
            "reason": self.reason,
            "dice": _copy_dice(self.dice),
        }
        if self.market is not None:
            data["market"] = _copy.deepcopy(self.market)
        return data

    def to_json(self) -> str:
        """The state as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, board: Board) -> GameState:
        """Load a state saved by :meth:`to_json`; damaged text raises :class:`SaveFileError`."""
        check_json_bounds(text)
        try:
            data = json.loads(text, parse_int=lambda digits: _bounded_int(digits, text))
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
           "pending", "finished", "winner", "reason", "dice", "market")
_PLAYER_FIELDS = ("name", "cash", "position", "bankrupt", "detained", "jail_turns", "cards")

#: The engine's work queue (``Game._t_<name>``): each task's name and the kinds of its arguments
#: (the registry's :data:`millionaire.kinds.TASKS`). A save holding any other task is refused.
_TASKS = TASKS

#: Pending decisions: the fields each kind needs besides ``kind`` and ``player``, with their kinds
#: (the registry's :data:`millionaire.kinds.DECISIONS`). ``offers`` may come with any window.
_DECISIONS: dict[str, dict[str, str]] = {kind: spec.fields for kind, spec in DECISIONS.items()}

#: What a card's choice is for (the ``purpose`` of a ``choose`` decision and step).
_PURPOSES = ("move", "take_plot", "free_building", "return_plot", "auction_others_plot", "auction_unowned",
             "free_half")

_BIG = 2**128  # PCG64 keeps two 128-bit numbers


def check_json_bounds(text: str) -> None:
    """Refuse a save too long or nested too deep before JSON reads it (:class:`SaveFileError`).

    >>> check_json_bounds('{"tasks": ' + "[" * 100 + "]" * 100 + "}")
    Traceback (most recent call last):
    ...
    millionaire.errors.SaveFileError: saved game: arrays and objects are nested more than 12 deep (at character 22)
    """
    if not isinstance(text, str):
        raise SaveFileError(f"saved game must be JSON text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveFileError(f"saved game has {len(text):,} characters, more than the {MAX_SAVE_CHARS:,} a save may have")
    depth = 0
    for found in _JSON_TEXT_OR_BRACKET.finditer(text):
        bracket = found.group(0)
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_SAVE_NESTING:
                raise SaveFileError(f"saved game: arrays and objects are nested more than {MAX_SAVE_NESTING} deep "
                                    f"(at character {found.start() + 1})")
        elif bracket in ("]", "}"):
            depth = max(depth - 1, 0)


def _bounded_int(digits: str, text: str) -> int:
    """An integer of the save ``text`` as JSON reads it, refused when longer than any number a save holds."""
    if len(digits.lstrip("-")) > MAX_SAVE_DIGITS:
        raise SaveFileError(f"saved game holds a number of {len(digits.lstrip('-')):,} digits (at character "
                            f"{text.find(digits) + 1}); no number in a save has more than {MAX_SAVE_DIGITS}")
    return int(digits)


def _copy_dice(dice: dict[str, Any]) -> dict[str, Any]:
    """The dice state copied without walking the dice set to come (``buffer``) one by one."""
    return {key: list(value) if key == "buffer" else _copy.deepcopy(value) for key, value in dice.items()}


def has_market(board: Board) -> bool:
    """True for a board with any of Millionaire Elite's mechanics (shares, insurance, the Auction cell,
    the central industry's tax): its games keep a :func:`new_market`."""
    return (board.shares is not None or bool(board.policies) or board.central_industry is not None
            or any(cell.kind is CellKind.AUCTION for cell in board.cells))


def new_market(board: Board, seats: int) -> dict[str, Any] | None:
    """The market of a new game: the start price, no shares, no policies, no plot waiting.

    >>> from millionaire import load_board
    >>> new_market(load_board("millionaire-elite"), 2)
    {'price': 100, 'shares': [0, 0], 'policies': [[], []], 'waiting': []}
    >>> new_market(load_board("millionaire-classic"), 2) is None
    True
    """
    if not has_market(board):
        return None
    price = board.shares.start_price if board.shares is not None else 0
    return {"price": price, "shares": [0] * seats, "policies": [[] for _ in range(seats)], "waiting": []}


def net_worth(state: GameState, board: Board, seat: int) -> int:
    """A seat's net worth: cash, plus properties at price (mortgaged: less the loan, at the rule set's
    ``mortgage_rate``), plus buildings at what they cost, plus shares at the share price; 0 for a
    bankrupt player."""
    player = state.players[seat]
    if player.bankrupt:
        return 0
    worth = player.cash
    if state.market is not None:
        worth += state.market["shares"][seat] * state.market["price"]
    for cell in board.ownable:
        if state.owner[cell] == seat:
            info = board.cells[cell]
            # A mortgaged property is worth its price less the loan on it.
            worth += info.price - queries.mortgage_value(board, state.rules, cell) if state.mortgaged[cell] else info.price
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
            raise self.fail(label, f"must be an integer, got {shown(value)}")
        if kind is bool and not isinstance(value, bool):
            raise self.fail(label, f"must be true or false, got {shown(value)}")
        if not isinstance(value, kind):
            raise self.fail(label, f"has the wrong type ({type(value).__name__})")
        return value

    def integer(self, name: str, low: int | None, high: int | None, where: dict[str, Any] | None = None,
                label: str = "") -> int:
        value = self.get(name, int, where, label)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{'' if low is None else low}..{'' if high is None else high}"
            raise self.fail(label or name, f"must be an integer {span}, got {shown(value)}")
        return value

    def unknown(self, data: dict[str, Any], allowed: tuple[str, ...], label: str) -> None:
        for key in data:
            if key not in allowed:
                name = str(key) if len(str(key)) <= 80 else f"{str(key)[:77]}..."
                raise self.fail(f"{label}{name}", "is not part of a saved game")

    def cell_list(self, name: str, kind: type, low: int, high: int) -> list[Any]:
        values = self.get(name, list)
        if len(values) != self.board.size:
            raise self.fail(name, f"must have {self.board.size} entries, got {len(values)}")
        for cell, value in enumerate(values):
            if kind is bool:
                if not isinstance(value, bool):
                    raise self.fail(f"{name}[{cell}]", f"must be true or false, got {shown(value)}")
            elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise self.fail(f"{name}[{cell}]", f"must be an integer {low}..{high}, got {shown(value)}")
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
            "cell_or_none": lambda: whole(-1, size - 1),
            "party": lambda: whole(-3, seats - 1),  # a seat or a pot: bank -1, fund -2, box -3
            "money": lambda: whole(0, MAX_HOLDING),
            "count": lambda: whole(0, MAX_COUNT),
            "bool": lambda: isinstance(value, bool),
            "str": lambda: isinstance(value, str),
            "deck": lambda: isinstance(value, str) and value in self.board.decks,
            "card": lambda: value is None or self.is_card(value),
            "cells": lambda: isinstance(value, list) and all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c < size for c in value),
            "seats": lambda: isinstance(value, list) and bool(value) and all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in value),
            "later_seats": lambda: isinstance(value, list) and all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in value),
            "trade": lambda: self.is_trade(value),
            "decision": lambda: isinstance(value, dict),
        }[kind]()
        if not ok:
            words = {"cell": f"a cell 0..{size - 1}", "seat": f"a seat 0..{seats - 1}",
                     "seat_or_none": f"a seat 0..{seats - 1} or -1", "cell_or_none": f"a cell 0..{size - 1} or -1", "party": f"a seat 0..{seats - 1} or a pot -3..-1",
                     "money": f"an amount 0..{MAX_HOLDING}", "count": f"an integer 0..{MAX_COUNT}", "bool": "true or false",
                     "str": "a string", "deck": "a deck of this board", "card": "a [deck, number] of this board or null",
                     "cells": "a list of cells", "seats": "a non-empty list of seats", "later_seats": "a list of seats", "trade": "a trade offer",
                     "decision": "an object"}[kind]
            raise self.fail(label, f"must be {words}, got {shown(value)}")
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
            raise self.fail("format", f"must be {SAVE_FORMAT}, got {shown(self.data.get('format'))}")
        self.unknown(self.data, _FIELDS, "")
        key = self.get("board", str)
        if key != board.key:
            raise self.fail("board", f"is {shown(key)} but the board given is {board.key!r}")
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
            charity_fund=self.integer("charity_fund", 0, MAX_HOLDING), jackpot_box=self.integer("jackpot_box", 0, MAX_HOLDING),
            bank_balance=self.integer("bank_balance", -MAX_HOLDING * (self.seats + 2), MAX_HOLDING), decks=decks,
            current=self.integer("current", 0, self.seats - 1), round=self.integer("round", 1, MAX_COUNT),
            turns=self.integer("turns", 0, MAX_COUNT), doubles=self.integer("doubles", 0, rules.doubles_to_jail),
            extra_turn=self.get("extra_turn", bool), last_roll=self.integer("last_roll", 0, 12),
            tasks=_copy.deepcopy(tasks), pending=None if pending is None else pending_record(pending), finished=finished,
            winner=self.integer("winner", -1, self.seats - 1), reason=self.get("reason", str), dice=self.dice(),
            market=self.market(players, owner),
        )
        expected = len(players) * rules.start_cash + rules.jackpot_start + rules.charity_start
        if state.total_money != expected:
            raise self.fail(
                "bank_balance",
                f"and the other money do not add up: cash + charity_fund + jackpot_box + bank_balance = {state.total_money}, "
                f"expected {expected} (the start money of {len(players)} players and the pots), "
                f"{abs(state.total_money - expected)} {'too many' if state.total_money > expected else 'missing'}",
            )
        self.position(state, pending)
        return state

    # -------------------------------------------------------------- the decision against the position
    def position(self, state: GameState, pending: dict[str, Any] | None) -> None:
        """Refuse a pending decision or a step of the work queue that the engine could not have
        reached from this position (whose turn it is, where the token stands, who owns what)."""
        players, current = state.players, state.current
        if not state.finished and players[current].bankrupt and state.tasks[:1] != [["endturn"]]:
            # The engine leaves a bankrupt player's turn only by its last step, queued at the bankruptcy.
            raise self.fail("current", f"is seat {current}, who is bankrupt, and the turn is not ending")
        for number, task in enumerate(state.tasks):
            self.task_fits(state, task, f"tasks[{number}]")
        if pending is None:
            return
        kind, seat = pending["kind"], pending["player"]
        spec = DECISIONS[kind]
        if spec.current and seat != current and not pending.get("between"):  # a window between turns is anyone's
            raise self.fail("pending.player", f"is seat {seat} but a {kind!r} decision is the current player's "
                            f"(current is {current})")
        getattr(self, spec.fits)(state, pending)  # the registry names the check of each kind

    def market_decision_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """Elite's questions: the player stands on the cell that asks it; a lot's options are the
        waiting plots he can pay for, computed again."""
        kind, seat, cell = data["kind"], data["player"], data["cell"]
        wanted = {"exchange": CellKind.EXCHANGE, "insurance": CellKind.INSURANCE, "lot": CellKind.AUCTION}[kind]
        if self.board.cells[cell].kind is not wanted or state.players[seat].position != cell:
            raise self.fail("pending.cell", f"is {cell} but seat {seat} does not stand on an {wanted.value!r} cell there")
        if kind == "lot":
            expected = queries.lot_options(self.board, state, seat)
            if state.rules.auction_cell_draw and len(data["options"]) == 1 and data["options"][0] in expected:
                return  # the draw named one waiting plot he can pay for
            if data["options"] != expected:
                raise self.fail("pending.options", f"are {shown(data['options'])} but the plots seat {seat} could buy "
                                f"on the Auction cell are {shown(expected)}")

    def present_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """A half the current player could not pay for (he is back on START), offered free to another
        player with a kiosk left, under rules that offer it (Junior)."""
        seat, cell, giver = data["player"], data["cell"], data["from"]
        if not (state.rules.present_unaffordable and state.rules.unaffordable_to_start):
            raise self.fail("pending.kind", "is 'present' under rules that offer no present")
        if giver != state.current or seat == giver or state.players[giver].position != 0:
            raise self.fail("pending.from", f"is seat {giver}: the half is offered by the current player, "
                            "sent back to START, to another player")
        if not self.board.cells[cell].ownable or state.owner[cell] >= 0:
            raise self.fail("pending.cell", f"is {cell}, not a free property")
        if not queries.kiosks_left(self.board, state.rules, state, seat):
            raise self.fail("pending.player", f"is seat {seat}, who has no kiosk left to put on it")

    def claim_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """An insured event put to its holder (Elite): he holds that very policy, under rules that ask."""
        seat, kind, term = data["player"], data["policy"], data["term"]
        market = state.market
        if market is None or not state.rules.claim_by_choice or [kind, term] not in market["policies"][seat]:
            raise self.fail("pending.policy", f"asks seat {seat} about a {term}-term {kind} policy he does not "
                            "hold, or under rules where claims are not asked")
        plot = data["plot"]
        if (kind == "auction") != (plot >= 0) or (plot >= 0 and state.owner[plot] != seat):
            raise self.fail("pending.plot", f"is {plot}: an auction policy shields a plot of its holder, "
                            "no other policy names one")

    def market(self, players: list[PlayerState], owner: list[int]) -> dict[str, Any] | None:
        """Elite's market (shares, policies, plots waiting), required on a board that has one."""
        board = self.board
        if not has_market(board):
            if "market" in self.data:
                raise self.fail("market", f"is given but board {board.key!r} has no shares, insurance or Auction cell")
            return None
        market = self.get("market", dict)
        self.unknown(market, ("price", "shares", "policies", "waiting", "card_base"), "market.")
        if board.shares is None:
            self.integer("price", 0, 0, market, "market.price")
        else:
            price = self.integer("price", board.shares.minimum, board.shares.maximum, market, "market.price")
            if not board.shares.on_ladder(price):
                raise self.fail("market.price", f"is {price}, not a price of the ladder (every {board.shares.point} "
                                f"from {board.shares.minimum})")
        shares = self.get("shares", list, market, "market.shares")
        policies = self.get("policies", list, market, "market.policies")
        for name, values in (("shares", shares), ("policies", policies)):
            if len(values) != self.seats:
                raise self.fail(f"market.{name}", f"must have one entry per player ({self.seats}), got {len(values)}")
        sold = {(p.kind, p.term) for p in board.policies}
        for seat, (count, held) in enumerate(zip(shares, policies)):
            label = f"market.shares[{seat}]"
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_HOLDING:
                raise self.fail(label, f"must be a number of shares 0..{MAX_HOLDING}, got {shown(count)}")
            if count and board.shares is None:
                raise self.fail(label, f"is {count} but the board has no shares")
            label = f"market.policies[{seat}]"
            if not isinstance(held, list) or any(not isinstance(p, list) or len(p) != 2 or tuple(p) not in sold for p in held):
                raise self.fail(label, f"must list [kind, term] policies the board sells, got {shown(held)}")
            if len({p[0] for p in held}) != len(held):
                raise self.fail(label, f"holds two policies of one kind: {shown(held)}")
            if players[seat].bankrupt and (count or held):
                raise self.fail(f"market.shares[{seat}]" if count else label, "must be empty for a bankrupt player")
        waiting = self.get("waiting", list, market, "market.waiting")
        self.check(waiting, "cells", "market.waiting")
        if waiting and not any(cell.kind is CellKind.AUCTION for cell in board.cells):
            raise self.fail("market.waiting", "lists plots but the board has no Auction cell")
        if len(set(waiting)) != len(waiting) or any(not board.cells[c].ownable or owner[c] >= 0 for c in waiting):
            raise self.fail("market.waiting", f"must list unowned properties once each, got {shown(waiting)}")
        loaded = {"price": market["price"], "shares": list(shares), "policies": [[list(p) for p in h] for h in policies],
                  "waiting": list(waiting)}
        if "card_base" in market:  # the price a lasting price card will give back (RuleSet.price_card_lasts)
            base = market["card_base"]
            if (board.shares is None or not self.rules.price_card_lasts or isinstance(base, bool)
                    or not isinstance(base, int) or not board.shares.on_ladder(base)):
                raise self.fail("market.card_base", f"is {shown(base)}: a price of the ladder, kept only under "
                                "rules where a price card lasts until the next Exchange")
            loaded["card_base"] = base
        return loaded

    def pending_window_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """A pending roll or manage decision: a window of the turn, or between turns."""
        if data.get("between"):
            self.between_fits(state, data)
        else:
            self.window_fits(state, data, "pending")

    def window_fits(self, state: GameState, data: dict[str, Any], label: str) -> None:
        """A roll or manage decision comes when the turn's steps are done: nothing left queued."""
        if state.tasks:
            raise self.fail("tasks", f"must be empty while a {data['kind']!r} decision ({label}) is pending, "
                            f"got {shown(state.tasks)}")

    def between_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """A window between turns (``RuleSet.build_between_turns``): any player still in the game,
        with only the other players' windows left queued before the next turn."""
        if not state.rules.build_between_turns:
            raise self.fail("pending.between", "is a window between turns, which these rules do not open")
        if state.players[data["player"]].bankrupt:
            raise self.fail("pending.player", f"is seat {data['player']}, who is bankrupt")
        if any(task[0] != "window" for task in state.tasks):
            raise self.fail("tasks", f"may hold only other players' windows while a window between turns is open, "
                            f"got {shown(state.tasks)}")

    def jackpot_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """The slot machine is offered to a player with cash who stands on a jackpot cell."""
        cell, seat = data["cell"], data["player"]
        if self.board.cells[cell].kind is not CellKind.JACKPOT or state.players[seat].position != cell:
            raise self.fail("pending.cell", f"is {cell} but seat {seat} does not stand on a jackpot cell there")
        if state.players[seat].cash < 1:
            raise self.fail("pending", f"offers the jackpot to seat {seat}, who has no cash to bet")

    def bid_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """An auction of a property, or of a building the bank is short of."""
        if data.get("building"):
            self.building_auction_fits(state, data)
        else:
            self.auction_fits(state, data)

    def building_auction_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """An auction of a building the bank is short of (``RuleSet.building_auctions``): sold by the
        bank for a plot its owner builds on, bid from the building's price."""
        cell, bidders, high, leader = data["cell"], data["bidders"], data["high"], data["high_bidder"]
        if not state.rules.building_auctions:
            raise self.fail("pending.building", "is an auction of a building, which these rules do not hold")
        if self.board.cells[cell].kind is not CellKind.PLOT or state.owner[cell] < 0 or data["seller"] != -1:
            raise self.fail("pending.cell", f"is {cell}: a building is auctioned by the bank for an owned plot")
        if len(set(bidders)) != len(bidders) or any(state.players[b].bankrupt for b in bidders):
            raise self.fail("pending.bidders", f"must list players still in the game once each, got {bidders}")
        if leader >= 0 and (leader not in bidders or leader == data["player"] or high > state.players[leader].cash):
            raise self.fail("pending.high_bidder", f"is {leader} with a high bid of {high}, which no bidder could make")

    def purchase_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """A free property offered to the player who stands on it (with a kiosk left, where kiosks count)."""
        seat, cell = data["player"], data["cell"]
        info = self.board.cells[cell]
        if not info.ownable:
            raise self.fail("pending.cell", f"offers cell {cell} ({info.name_en}) for sale, which cannot be owned")
        if state.owner[cell] >= 0:
            raise self.fail("pending.cell", f"offers cell {cell} ({info.name_en}) for sale, but seat "
                            f"{state.owner[cell]} owns it")
        if state.players[seat].position != cell:
            raise self.fail("pending.cell", f"offers cell {cell} ({info.name_en}) to seat {seat}, who stands on "
                            f"cell {state.players[seat].position}")
        if state.rules.kiosks_per_player is not None and queries.kiosks_left(self.board, state.rules, state, seat) <= 0:
            raise self.fail("pending.cell", f"offers cell {cell} ({info.name_en}) to seat {seat}, who has no kiosk left")

    def auction_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """An auction of a property the seller holds (the bank: nobody), bid by seats in turn order."""
        cell, seller, bidders = data["cell"], data["seller"], data["bidders"]
        high, leader = data["high"], data["high_bidder"]
        info = self.board.cells[cell]
        if not info.ownable:
            raise self.fail("pending.cell", f"auctions cell {cell} ({info.name_en}), which cannot be owned")
        if not -1 <= seller < self.seats or state.owner[cell] != seller:
            holder = "the bank" if seller == -1 else f"seat {seller}"
            raise self.fail("pending.seller", f"is {holder} but cell {cell} is owned by "
                            f"{'nobody' if state.owner[cell] < 0 else 'seat ' + str(state.owner[cell])}")
        order = sorted(bidders, key=lambda s: (s - state.current - 1) % self.seats)
        if len(set(bidders)) != len(bidders) or order != bidders or any(state.players[s].bankrupt for s in bidders):
            raise self.fail("pending.bidders", f"must list players still in the game once each, in turn order after "
                            f"seat {state.current}, got {bidders}")
        if (leader < 0) != (high == 0) or (leader >= 0 and (leader not in bidders or leader == data["player"])):
            raise self.fail("pending.high_bidder", f"is {leader} with a high bid of {high}: no bid is 0 with nobody, "
                            "a bid is a bidder's other than the one asked")
        if leader >= 0 and not self.rules.min_bid <= high <= state.players[leader].cash:
            raise self.fail("pending.high", f"is {high} but seat {leader} has {state.players[leader].cash} "
                            f"(bids are {self.rules.min_bid}..the bidder's cash)")

    def choice_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """The options of a card's choice are the ones the card gives in this position, computed again."""
        purpose, card, options, seat = data["purpose"], data["card"], data["options"], data["player"]
        self.purpose_fits(purpose, card, "pending")
        if purpose == "move":
            expected = self.move_options(state, seat)
        else:
            expected = [list(queries.card_options(self.board, state.rules, state, seat, purpose))]
        if options not in expected:
            raise self.fail("pending.options", f"are {shown(options)} but a {purpose!r} choice of seat {seat} "
                            f"here has {' or '.join(map(shown, expected)) or 'none'}")

    def move_options(self, state: GameState, seat: int) -> list[list[int]]:
        """The options each ``move_choice`` card of the deck under the seat's token would give."""
        from .movement import move_choices  # movement reads states' boards: imported when used

        info = self.board.cells[state.players[seat].position]
        if info.kind is not CellKind.CARD:
            return []
        return [list(move_choices(self.board, card.among, seat, state.owner))
                for card in self.board.decks[info.deck].cards if card.effect == "move_choice"]

    def purpose_fits(self, purpose: Any, card: Any, label: str) -> None:
        """A choice's purpose, with the card kept for it: the card's own effect, or none."""
        if purpose not in _PURPOSES:
            raise self.fail(f"{label}.purpose", f"must be one of {', '.join(_PURPOSES)}, got {shown(purpose)}")
        if purpose in ("take_plot", "free_building"):
            if card is None or self.board.decks[card[0]].cards[card[1]].effect != purpose:
                raise self.fail(f"{label}.card", f"must be a {purpose!r} card for a {purpose!r} choice, got {shown(card)}")
        elif card is not None:
            raise self.fail(f"{label}.card", f"must be null for a {purpose!r} choice, got {shown(card)}")

    def debt_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """Raising money: a debt larger than the cash, no larger than what selling could raise, whose
        payment is the next step."""
        seat, amount, payee = data["player"], data["amount"], data["payee"]
        step = state.tasks[-1] if state.tasks else []
        if step[:4] != ["pay", seat, payee, amount] or payee == seat:
            raise self.fail("pending", f"asks seat {seat} to raise {amount} for {payee} but the next step "
                            f"({shown(step)}) is not that payment")
        cash = state.players[seat].cash
        if not cash < amount <= queries.liquidation_value(self.board, state.rules, state, seat):
            raise self.fail("pending.amount", f"is {amount} but seat {seat} has {cash} in cash and could raise "
                            f"{queries.liquidation_value(self.board, state.rules, state, seat)} in all")

    def reply_fits(self, state: GameState, data: dict[str, Any]) -> None:
        """A trade offer made by the current player in his window, or by a debtor to his creditor
        (``RuleSet.debt_in_property``), answered by its partner."""
        trade, offerer, resume = Trade.from_list(data["trade"]), data["from"], data["resume"]
        if resume.get("kind") == "raise" and resume.get("player") == offerer:
            if trade.partner != resume.get("payee") or not state.rules.debt_in_property:
                raise self.fail("pending.trade", f"is an offer of a debtor (seat {offerer}) to someone other "
                                "than his creditor, or under rules without debts paid in property")
            self.debt_fits(state, resume)
        elif offerer != state.current or resume["player"] != offerer:
            raise self.fail("pending.from", f"is seat {offerer} but offers are made by the current player "
                            f"({state.current}) in his own decision")
        if data["player"] != trade.partner:
            raise self.fail("pending.player", f"is seat {data['player']} but the offer is made to seat {trade.partner}")
        if resume.get("offers", 0) < 1:
            raise self.fail("pending.resume.offers", "must count the offer being answered")
        if resume.get("kind") != "raise":
            self.window_fits(state, resume, "pending.resume")
        problem = queries.trade_problem(self.board, state.rules, state, offerer, trade)
        if problem:
            raise self.fail("pending.trade", f"is not an offer seat {offerer} could make: {problem}")

    def task_fits(self, state: GameState, task: list[Any], label: str) -> None:
        """The steps whose arguments the engine takes from the board or the position, not from a decision."""
        name = task[0]
        if name == "choose":
            self.purpose_fits(task[1], task[2], label)
            if (len(task) > 3) != (task[1] == "move") or (len(task) > 3 and not task[3]):
                raise self.fail(label, "a 'move' choice carries its options, no other choice does")
        elif name == "auction":
            cell, seller = task[1], task[2]
            if not self.board.cells[cell].ownable or not -1 <= seller < self.seats or (
                    seller >= 0 and state.owner[cell] != seller):
                raise self.fail(label, f"auctions cell {cell} for {seller}, who does not hold it")
        elif name in ("land", "arrive"):
            cards = [card for deck in self.board.decks.values() for card in deck.cards]
            rent_multipliers = {1} | {card.rent_multiplier for card in cards}
            dice_multipliers = {0} | {card.dice_multiplier for card in cards}
            how, rent, dice = task[-3:]
            if how not in ("roll", "card", "jump") or rent not in rent_multipliers or dice not in dice_multipliers:
                raise self.fail(label, f"lands in a way no roll, card or jump does: {shown(task)}")
        elif name == "pay" and task[1] < 0:
            raise self.fail(f"{label}[1]", f"must be a seat: only players pay by a step, got {task[1]}")

    def player(self, seat: int, data: Any) -> PlayerState:
        label = f"players[{seat}]"
        if not isinstance(data, dict):
            raise self.fail(label, "must be an object")
        self.unknown(data, _PLAYER_FIELDS, f"{label}.")
        cash = self.integer("cash", 0, MAX_HOLDING, data, f"{label}.cash")
        position = self.integer("position", 0, self.board.size - 1, data, f"{label}.position")
        cards = self.get("cards", list, data, f"{label}.cards")
        for card in cards:
            if not self.is_card(card):
                raise self.fail(f"{label}.cards", f"holds {shown(card)}, not a [deck, number] of this board")
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
                    raise self.fail(f"{label}.{name}", f"must be empty for a bankrupt player, got {shown(bad)}")
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
                if rules.locked_by_building == "plot":  # unbuilt neighbours may be mortgaged or sold since
                    cells = tuple(c for c in cells if level[c])
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
                raise self.fail(label, f"must be a list naming a task ({', '.join(_TASKS)}), got {shown(task)}")
            kinds = _TASKS[task[0]]
            required = sum(1 for k in kinds if not k.endswith("?"))
            if not required <= len(task) - 1 <= len(kinds):
                raise self.fail(label, f"task {task[0]!r} takes {required}..{len(kinds)} values, got {len(task) - 1}")
            for index, (value, kind) in enumerate(zip(task[1:], kinds), start=1):
                self.check(value, kind.rstrip("?"), f"{label}[{index}]")
        return tasks

    def decision(self, data: dict[str, Any], label: str, resumed: bool = False) -> None:
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in _DECISIONS or (resumed and not DECISIONS[kind].window):
            allowed = ", ".join(k for k, spec in DECISIONS.items() if spec.window or not resumed)
            raise self.fail(f"{label}.kind", f"must be one of {allowed}, got {shown(kind)}")
        needs = {"player": "seat", **_DECISIONS[kind]}
        # Optional: trade offers made in a window; a window between turns; a building auction and the
        # window it returns to.
        optional = DECISIONS[kind].optional
        fields = ["kind", "player"] + [name for name, _ in RECORDS[kind].KEYS]  # the record's, in a save's order
        self.unknown(data, tuple(fields), f"{label}.")
        for name, what in needs.items():
            if name not in data:
                raise self.fail(f"{label}.{name}", f"is missing (a {kind!r} decision needs it)")
            self.check(data[name], what, f"{label}.{name}")
        if "offers" in data:
            self.check(data["offers"], "count", f"{label}.offers")
            if data["offers"] > self.rules.trade_offers_per_turn:
                raise self.fail(f"{label}.offers", f"is {data['offers']}, more than the "
                                f"{self.rules.trade_offers_per_turn} trade offers a turn allows")
        for name, what in optional.items():  # a window between turns; an auction of a building, and its window
            if name in data:
                self.check(data[name], what, f"{label}.{name}")
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
        """Where the dice are (:mod:`millionaire.dice`): the generator's state (numpy PCG64) and how many
        dice of the batch drawn from it are used, or how many scripted dice are used; and the dice set
        to come first (``buffer``, each 1..6: the dice drawn ahead by saves of earlier versions)."""
        dice = self.get("dice", dict)
        self.unknown(dice, ("bit_generator", "used", "buffer", "scripted"), "dice.")
        result: dict[str, Any] = {}
        if "scripted" in dice:
            if "bit_generator" in dice or "used" in dice:
                raise self.fail("dice", "holds both scripted dice and a generator")
            result["scripted"] = self.integer("scripted", 0, None, dice, "dice.scripted")
        else:
            result["bit_generator"] = self.generator(dice)
            result["used"] = self.integer("used", 0, BATCH, dice, "dice.used") if "used" in dice else 0
        if "buffer" in dice:
            buffer = self.get("buffer", list, dice, "dice.buffer")
            for index, face in enumerate(buffer):
                if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                    raise self.fail(f"dice.buffer[{index}]", f"must be a die face 1..6, got {shown(face)}")
            result["buffer"] = list(buffer)  # a shallow copy: thousands of ints need no deepcopy
        return result

    def generator(self, dice: dict[str, Any]) -> dict[str, Any]:
        """The dice generator's state, as numpy's PCG64 gives it."""
        generator = self.get("bit_generator", dict, dice, "dice.bit_generator")
        label = "dice.bit_generator"
        self.unknown(generator, ("bit_generator", "state", "has_uint32", "uinteger"), f"{label}.")
        name = np.random.PCG64().state["bit_generator"]
        if generator.get("bit_generator") != name:
            raise self.fail(f"{label}.bit_generator", f"must be {name!r}, got {shown(generator.get('bit_generator'))}")
        inner = self.get("state", dict, generator, f"{label}.state")
        self.unknown(inner, ("state", "inc"), f"{label}.state.")
        for part in ("state", "inc"):
            self.integer(part, 0, _BIG - 1, inner, f"{label}.state.{part}")
        self.integer("has_uint32", 0, 1, generator, f"{label}.has_uint32")
        self.integer("uinteger", 0, 2**32 - 1, generator, f"{label}.uinteger")
        try:
            np.random.PCG64().state = generator
        except (TypeError, ValueError, KeyError, OverflowError) as error:
            raise self.fail(label, f"is not a state numpy accepts: {error}") from None
        return _copy.deepcopy(generator)
