"""Shares of Millionaire Elite: one share price for the whole market, moved by the Exchange and by cards.

The price lives on a ladder of levels ``minimum, minimum + point, ..., maximum`` (the board file's
``[shares]`` table). Landing on an Exchange cell rolls one die: the face picks a move in points,
and the price stops at the floor and at the ceiling. A Fortune card may set the price or move it by
some points. Players buy and sell shares at the Exchange at the price of the moment.

Because the next price depends only on the present one, the price is a Markov chain of its own:
:mod:`millionaire.share_chain` builds it.

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
from typing import Any

from .errors import MillionaireError


#: The most price levels a share ladder may have (the chain's matrix is levels x levels).
MAX_LEVELS = 1000
_FIELDS = ("start_price", "minimum", "maximum", "point", "moves")


class ShareMarketError(MillionaireError):
    """A ``[shares]`` table that breaks a rule; the message names the field."""


@dataclass(frozen=True)
class ShareMarket:
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
