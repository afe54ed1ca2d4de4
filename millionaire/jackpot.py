"""The Jackpot slot machine of Millionaire Classic, as a pure function of three dice.

Each column is a strip read from the bottom; die faces 1–6 show :data:`STRIP`. Three equal symbols
pay :data:`THREE_OF_A_KIND` times the bet; otherwise two equal symbols in adjacent columns pay
:data:`ADJACENT_PAIR` times the bet, and two sevens win the whole box.

Examples
--------
>>> spin(6, 6, 6)
Spin(outcome='three', symbol='seven', multiplier=50)
>>> spin(6, 6, 1)
Spin(outcome='jackpot', symbol='seven', multiplier=0)
>>> spin(1, 2, 4).outcome
'lose'
"""

from __future__ import annotations

from typing import NamedTuple

#: Symbol on each die face 1..6 (index 0 is face 1). Reconstructed: see the board's provenance.
STRIP = ("blank", "cherry", "blank", "plum", "bell", "seven")
#: Total payout, in bets, for three equal symbols.
THREE_OF_A_KIND = {"cherry": 5, "plum": 10, "bell": 20, "seven": 50}
#: Total payout, in bets, for two equal symbols in adjacent columns (sevens: the whole box instead).
ADJACENT_PAIR = {"cherry": 2, "plum": 3, "bell": 5}


class Spin(NamedTuple):
    """A spin's result: ``outcome`` is ``"three"``, ``"pair"``, ``"jackpot"`` (two sevens) or ``"lose"``."""

    outcome: str
    symbol: str
    multiplier: int


def spin(face1: int, face2: int, face3: int) -> Spin:
    """Read the three columns showing die faces ``face1..face3`` (each 1..6)."""
    a, b, c = STRIP[face1 - 1], STRIP[face2 - 1], STRIP[face3 - 1]
    if a == b == c and a in THREE_OF_A_KIND:
        return Spin("three", a, THREE_OF_A_KIND[a])
    for left, right in ((a, b), (b, c)):
        if left == right and left != "blank":
            if left == "seven":
                return Spin("jackpot", left, 0)
            return Spin("pair", left, ADJACENT_PAIR[left])
    return Spin("lose", "", 0)


def payout(result: Spin, bet: int, box_after_bet: int) -> tuple[int, int]:
    """Money paid to the player as (from the box, from the bank) for a spin.

    The bet is already in the box. A win takes the bet back out of the box and the rest from the
    bank; two sevens take the whole box (bet included) and nothing from the bank.

    >>> payout(spin(2, 2, 2), bet=10, box_after_bet=210)
    (10, 40)
    >>> payout(spin(6, 6, 2), bet=10, box_after_bet=210)
    (210, 0)
    """
    if result.outcome == "jackpot":
        return box_after_bet, 0
    if result.outcome == "lose":
        return 0, 0
    return bet, (result.multiplier - 1) * bet
