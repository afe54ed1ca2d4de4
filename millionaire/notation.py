"""A compact one-line notation for a position, like FEN for chess.

A position is what a player sees between turns: whose turn, each player's cash, cell, detention
and kept cards, who owns what with how many buildings and which plots are mortgaged, and the
three pots. The decks' order, the dice and the engine's work queue are not part of it: a position
read back starts at the beginning of the current player's turn with the decks in board order.
Use :meth:`GameState.to_dict` for an exact save.

Format, fields separated by `` | ``::

    <board> r<round> t<turns> p<current seat>
    <player> ; <player> ; ...          name cash@cell, then d<turns waited> if detained, x if bankrupt,
                                       then c:<deck>/<number>,... for kept cards
    <cell>:<owner>[+<level>][m] ...    owned properties (or "-" when none)
    fund <n> box <n> bank <n>
    price <n> shares <n>,... policies <seat's>,... waiting <cell>,...
                                       Elite's market, on its boards only: the share price, each
                                       seat's shares and policies (kind/term joined by +, "-" for
                                       none) and the plots waiting on the Auction cell ("-": none)

Examples
--------
>>> from millionaire import Game, load_board
>>> board = load_board("millionaire-classic")
>>> game = Game(board, agents=["cautious", "cautious"], seed=1, names=["Anna", "Boris"])
>>> game.state.players[0].cash, game.state.owner[39] = 1650, 0
>>> game.state.bank_balance = 350
>>> text = to_notation(game.state)
>>> text
'millionaire-classic r1 t0 p0 | Boris 1650@0 ; Anna 2000@0 | 39:0 | fund 0 box 200 bank 350'
>>> to_notation(from_notation(text, board)) == text
True
>>> elite = load_board("millionaire-elite")
>>> to_notation(Game(elite, agents=["cautious", "cautious"], seed=1).state).split(" | ")[-1]
'price 100 shares 0,0 policies -,- waiting -'
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from .board import Board
from .errors import SaveFileError
from .rules import RuleSet
from .state import GameState, PlayerState, has_market

_HEAD = re.compile(r"^(?P<board>\S+) r(?P<round>\d+) t(?P<turns>\d+) p(?P<current>\d+)$")
_PLAYER = re.compile(
    r"^(?P<name>[^;|@]+?) (?P<cash>\d+)@(?P<cell>\d+)(?:d(?P<waited>\d+))?(?P<bankrupt>x)?"
    r"(?: c:(?P<cards>[\w-]+/\d+(?:,[\w-]+/\d+)*))?$"
)
_PROPERTY = re.compile(r"^(?P<cell>\d+):(?P<owner>\d+)(?:\+(?P<level>\d+))?(?P<mortgaged>m)?$")
_POTS = re.compile(r"^fund (?P<fund>\d+) box (?P<box>\d+) bank (?P<bank>-?\d+)$")
_MARKET = re.compile(
    r"^price (?P<price>\d+) shares (?P<shares>\d+(?:,\d+)*) policies (?P<policies>[\w/+-]+(?:,[\w/+-]+)*)"
    r" waiting (?P<waiting>-|\d+(?:,\d+)*)$"
)


def to_notation(state: GameState) -> str:
    """The position of ``state`` as one line."""
    players = []
    for player in state.players:
        text = f"{player.name} {player.cash}@{player.position}"
        if player.detained:
            text += f"d{player.jail_turns}"
        if player.bankrupt:
            text += "x"
        if player.cards:
            text += " c:" + ",".join(f"{deck}/{number}" for deck, number in player.cards)
        players.append(text)
    owned = []
    for cell, owner in enumerate(state.owner):
        if owner >= 0:
            text = f"{cell}:{owner}"
            if state.level[cell]:
                text += f"+{state.level[cell]}"
            if state.mortgaged[cell]:
                text += "m"
            owned.append(text)
    parts = [
        f"{state.board_key} r{state.round} t{state.turns} p{state.current}",
        " ; ".join(players),
        " ".join(owned) or "-",
        f"fund {state.charity_fund} box {state.jackpot_box} bank {state.bank_balance}",
    ]
    market = state.market
    if market is not None:
        policies = ",".join("+".join(f"{kind}/{term}" for kind, term in held) or "-" for held in market["policies"])
        parts.append(f"price {market['price']} shares {','.join(str(n) for n in market['shares'])} "
                     f"policies {policies} waiting {','.join(str(c) for c in market['waiting']) or '-'}")
    return " | ".join(parts)


def from_notation(text: str, board: Board, rules: RuleSet | None = None, seed: int | None = 0) -> GameState:
    """Read a position back; anything malformed raises :class:`SaveFileError` naming the part.

    The state is checked like a saved game (cells, seats, levels, money adding up); ``seed``
    seeds the dice from here on.
    """
    parts = [p.strip() for p in text.strip().split("|")]
    expected = 5 if has_market(board) else 4
    if len(parts) != expected:
        market = " (the last: the market of a board with shares or insurance)" if expected == 5 else ""
        raise SaveFileError(f"notation: expected {expected} parts separated by '|'{market}, got {len(parts)}")
    head = _match(_HEAD, parts[0], "head")
    if head["board"] != board.key:
        raise SaveFileError(f"notation: head names board {head['board']!r} but the board given is {board.key!r}")
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    players = [_player(p.strip(), i) for i, p in enumerate(parts[1].split(";"))]
    size = board.size
    owner, level, mortgaged = [-1] * size, [0] * size, [False] * size
    if parts[2] != "-":
        for item in parts[2].split():
            prop = _match(_PROPERTY, item, f"property {item!r}")
            cell = int(prop["cell"])
            if cell >= size:
                raise SaveFileError(f"notation: property {item!r}: cell {cell} is outside the board")
            owner[cell] = int(prop["owner"])
            level[cell] = int(prop["level"] or 0)
            mortgaged[cell] = prop["mortgaged"] == "m"
    pots = _match(_POTS, parts[3], "pots")
    held = {tuple(card) for p in players for card in p.cards}
    decks = {key: [i for i in range(len(deck.cards)) if (key, i) not in held] for key, deck in board.decks.items()}
    state = GameState(
        board_key=board.key, rules=rules, players=players, owner=owner, level=level, mortgaged=mortgaged,
        charity_fund=int(pots["fund"]), jackpot_box=int(pots["box"]), bank_balance=int(pots["bank"]),
        decks=decks, current=int(head["current"]), round=int(head["round"]), turns=int(head["turns"]),
        dice={"bit_generator": None, "buffer": []}, market=_market(parts[4]) if expected == 5 else None,
    )
    data = state.to_dict()
    data["dice"] = {"bit_generator": np.random.PCG64(seed).state, "buffer": []}
    return GameState.from_dict(data, board)  # the same checks as a saved game


def _match(pattern: re.Pattern[str], text: str, part: str) -> dict[str, str]:
    found = pattern.match(text)
    if not found:
        raise SaveFileError(f"notation: cannot read the {part}: {text!r}")
    return found.groupdict()


def _market(text: str) -> dict[str, Any]:
    found = _match(_MARKET, text, "market")
    policies = [[] if held == "-" else [policy.split("/", 1) for policy in held.split("+")]
                for held in found["policies"].split(",")]
    waiting = [] if found["waiting"] == "-" else [int(cell) for cell in found["waiting"].split(",")]
    return {"price": int(found["price"]), "shares": [int(n) for n in found["shares"].split(",")],
            "policies": policies, "waiting": waiting}


def _player(text: str, seat: int) -> PlayerState:
    found = _match(_PLAYER, text, f"player {seat}")
    cards = [[deck, int(number)] for deck, number in
             (item.split("/") for item in found["cards"].split(","))] if found["cards"] else []
    return PlayerState(
        name=found["name"], cash=int(found["cash"]), position=int(found["cell"]),
        bankrupt=found["bankrupt"] == "x", detained=found["waited"] is not None,
        jail_turns=int(found["waited"] or 0), cards=cards,
    )
