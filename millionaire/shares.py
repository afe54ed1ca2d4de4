"""Shares of Millionaire Elite: one share price for the whole market, moved by the Exchange and by cards.

The price lives on a ladder of levels ``minimum, minimum + point, ..., maximum`` (the board file's
``[shares]`` table). Landing on an Exchange cell rolls one die: the face picks a move in points,
and the price stops at the floor and at the ceiling. A Fortune card may set the price or move it by
some points. Players buy and sell shares at the Exchange at the price of the moment.

Because the next price depends only on the present one, the price is a Markov chain of its own:
:func:`share_chain` builds its transition matrix per player-turn from the board, and
:func:`stationary` gives its long-run distribution.

Examples
--------
>>> market = ShareMarket(start_price=100, minimum=10, maximum=500, point=10, moves=(-3, -2, -1, 1, 2, 3))
>>> market.after_roll(100, 6), market.after_roll(20, 1), market.after_points(490, 5)
(130, 10, 500)
>>> len(market.prices), market.level(100)
(50, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .cards import Frozen

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .rules import RuleSet

#: The most price levels a share ladder may have (the chain's matrix is levels x levels).
MAX_LEVELS = 1000
_FIELDS = ("start_price", "minimum", "maximum", "point", "moves")


class ShareMarketError(ValueError):
    """A ``[shares]`` table that breaks a rule; the message names the field."""


@dataclass(frozen=True)
class ShareMarket(Frozen):
    """The share price's rules: its ladder and the move each die face makes at the Exchange."""

    start_price: int
    minimum: int
    maximum: int
    point: int
    moves: tuple[int, ...]

    @property
    def prices(self) -> tuple[int, ...]:
        """Every price the share can have, lowest first."""
        return tuple(range(self.minimum, self.maximum + 1, self.point))

    def level(self, price: int) -> int:
        """The index of ``price`` on the ladder (0 is the minimum)."""
        return (price - self.minimum) // self.point

    def on_ladder(self, price: int) -> bool:
        """True when ``price`` is one of :attr:`prices`."""
        return self.minimum <= price <= self.maximum and (price - self.minimum) % self.point == 0

    def after_points(self, price: int, points: int) -> int:
        """The price moved by ``points`` (negative: down), stopped at the floor and the ceiling."""
        return min(max(price + points * self.point, self.minimum), self.maximum)

    def after_roll(self, price: int, face: int) -> int:
        """The price after the Exchange's die shows ``face`` (1..6)."""
        return self.after_points(price, self.moves[face - 1])

    @classmethod
    def from_table(cls, table: Any) -> ShareMarket:
        """Check a board file's ``[shares]`` table and build the market (:class:`ShareMarketError`)."""
        from .rules import MAX_AMOUNT

        if not isinstance(table, dict):
            raise ShareMarketError("must be a table")
        for name in table:
            if name not in _FIELDS:
                raise ShareMarketError(f"unknown field {name!r} (allowed: {', '.join(_FIELDS)})")
        values: dict[str, Any] = {}
        for name in _FIELDS[:4]:
            value = table.get(name)
            if value is None:
                raise ShareMarketError(f"field {name!r} is missing")
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_AMOUNT:
                raise ShareMarketError(f"field {name!r} must be an integer 1..{MAX_AMOUNT:,}, got {value!r}")
            values[name] = value
        if values["maximum"] <= values["minimum"]:
            raise ShareMarketError(f"field 'maximum' ({values['maximum']}) must be above 'minimum' ({values['minimum']})")
        span = values["maximum"] - values["minimum"]
        if span % values["point"]:
            raise ShareMarketError(f"field 'point': maximum - minimum ({span}) must be a whole number of points of {values['point']}")
        if span // values["point"] + 1 > MAX_LEVELS:
            raise ShareMarketError(f"field 'point': the ladder would have {span // values['point'] + 1} prices, at most {MAX_LEVELS}")
        moves = table.get("moves")
        if not isinstance(moves, list) or len(moves) != 6:
            raise ShareMarketError(f"field 'moves' must list 6 moves in points, one per die face, got {moves!r}")
        for face, move in enumerate(moves, start=1):
            if isinstance(move, bool) or not isinstance(move, int) or abs(move) > MAX_LEVELS:
                raise ShareMarketError(f"field 'moves': face {face} must move a whole number of points "
                                       f"-{MAX_LEVELS}..{MAX_LEVELS}, got {move!r}")
        market = cls(moves=tuple(moves), **values)
        if not market.on_ladder(market.start_price):
            raise ShareMarketError(f"field 'start_price': {market.start_price} is not on the ladder "
                                   f"{market.minimum}, {market.minimum + market.point}, ..., {market.maximum}")
        return market


def most_shares_affordable(price: int, cash: int) -> int:
    """How many shares ``cash`` buys at ``price``.

    >>> most_shares_affordable(120, 1000)
    8
    """
    return cash // price


# ---------------------------------------------------------------------------------------------
# The share price as a Markov chain
# ---------------------------------------------------------------------------------------------


def exchange_matrix(market: ShareMarket) -> np.ndarray:
    """The transition matrix of one Exchange visit: row = price level now, column = after the roll.

    >>> m = ShareMarket(100, 10, 50, 10, (-1, -1, -1, 1, 1, 1))
    >>> exchange_matrix(m)[0].tolist()
    [0.5, 0.5, 0.0, 0.0, 0.0]
    """
    prices = market.prices
    matrix = np.zeros((len(prices), len(prices)))
    for row, price in enumerate(prices):
        for face in range(1, 7):
            matrix[row, market.level(market.after_roll(price, face))] += 1 / 6
    return matrix


def card_matrix(market: ShareMarket, card: Any) -> np.ndarray:
    """The transition matrix of one share card (``share_price`` sets, ``share_points`` moves)."""
    prices = market.prices
    matrix = np.zeros((len(prices), len(prices)))
    for row, price in enumerate(prices):
        after = card.amount if card.effect == "share_price" else market.after_points(price, card.points)
        matrix[row, market.level(after)] = 1.0
    return matrix


def price_events(board: Board, rules: RuleSet | None = None) -> dict[str, float]:
    """The expected number of price events per player-turn, from the board's landing chain:
    ``"exchange"`` (landings on Exchange cells) and ``"<deck>:<card>"`` for each share card.

    Landings come from :func:`millionaire.markov.movement_chain` (landings per turn, so a card
    that moves the token counts both stops); each card of a deck is drawn with equal chance.
    """
    from .board import CellKind
    from .markov import movement_chain

    landings = movement_chain(board, rules).probabilities(per="landing")
    events: dict[str, float] = {"exchange": float(sum(landings[c.index] for c in board.cells
                                                       if c.kind is CellKind.EXCHANGE))}
    for cell in board.cells:
        if cell.kind is not CellKind.CARD:
            continue
        deck = board.decks[cell.deck]
        for card in deck.cards:
            if card.effect in ("share_price", "share_points"):
                key = f"{deck.key}:{card.index}"
                events[key] = events.get(key, 0.0) + float(landings[cell.index]) / len(deck.cards)
    return events


def share_chain(board: Board, rules: RuleSet | None = None, players: int = 1) -> np.ndarray:
    """The share price's transition matrix per round of ``players`` player-turns.

    Each player-turn is one step: with the probabilities of :func:`price_events` the price meets
    the Exchange or a share card, otherwise it stays. (The chance of two events in one turn is
    small and is counted as the sum of single events; the test against simulation bounds the error.)

    >>> from millionaire import load_board
    >>> matrix = share_chain(load_board("millionaire-elite"))
    >>> matrix.shape, bool(np.allclose(matrix.sum(axis=1), 1))
    ((50, 50), True)
    """
    market = board.shares
    if market is None:
        raise ValueError(f"board {board.key!r} has no shares (no [shares] table)")
    events = price_events(board, rules)
    cards = {f"{d.key}:{c.index}": c for d in board.decks.values() for c in d.cards}
    size = len(market.prices)
    step = np.zeros((size, size))
    for key, rate in events.items():
        step += rate * (exchange_matrix(market) if key == "exchange" else card_matrix(market, cards[key]))
    step += (1.0 - sum(events.values())) * np.eye(size)
    return np.linalg.matrix_power(step, players)


def stationary(matrix: np.ndarray) -> np.ndarray:
    """The long-run distribution ``pi`` with ``pi @ matrix == pi`` (the chain must have one class).

    >>> stationary(np.array([[0.5, 0.5], [0.25, 0.75]])).round(3).tolist()
    [0.333, 0.667]
    """
    size = matrix.shape[0]
    system = np.vstack([matrix.T - np.eye(size), np.ones(size)])
    target = np.zeros(size + 1)
    target[-1] = 1.0
    pi, *_ = np.linalg.lstsq(system, target, rcond=None)
    pi = np.clip(pi, 0.0, None)
    return pi / pi.sum()


def price_summary(board: Board, rules: RuleSet | None = None) -> dict[str, float]:
    """The long-run mean price, its standard deviation (the spread), and the expected change of the
    price over one player-turn, averaged over the long run (0 in a stationary chain) and from
    the start price.

    >>> from millionaire import load_board
    >>> summary = price_summary(load_board("millionaire-elite"))
    >>> sorted(summary)
    ['mean', 'median', 'return_from_start', 'spread']
    """
    market = board.shares
    assert market is not None
    matrix = share_chain(board, rules)
    pi = stationary(matrix)
    prices = np.array(market.prices, dtype=float)
    mean = float(pi @ prices)
    spread = float(np.sqrt(pi @ (prices - mean) ** 2))
    median = float(prices[int(np.searchsorted(np.cumsum(pi), 0.5))])
    start = market.level(market.start_price)
    return {"mean": mean, "spread": spread, "median": median,
            "return_from_start": float(matrix[start] @ prices - market.start_price)}


def simulate_prices(board: Board, turns: int, seed: int | None = None, rules: RuleSet | None = None) -> np.ndarray:
    """The price after each of ``turns`` player-turns, drawn from the events of :func:`price_events`
    (a check of :func:`share_chain` by sampling, independent of its matrix algebra)."""
    market = board.shares
    assert market is not None
    events = price_events(board, rules)
    cards = {f"{d.key}:{c.index}": c for d in board.decks.values() for c in d.cards}
    keys = list(events)
    weights = np.array([events[k] for k in keys] + [1.0 - sum(events.values())])
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(weights), size=turns, p=weights)
    faces = rng.integers(1, 7, size=turns)
    price, path = market.start_price, np.empty(turns, dtype=np.int64)
    for t in range(turns):
        pick = picks[t]
        if pick < len(keys):
            key = keys[pick]
            if key == "exchange":
                price = market.after_roll(price, int(faces[t]))
            else:
                card = cards[key]
                price = card.amount if card.effect == "share_price" else market.after_points(price, card.points)
        path[t] = price
    return path
