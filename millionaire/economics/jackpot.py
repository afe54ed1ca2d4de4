"""The Jackpot slot machine's odds: every spin, the distribution of one bet's result, its expected
value, and the box size from which a bet pays on average.

Exact: every equally likely spin is enumerated and paid by :func:`millionaire.jackpot.payout`, as the
engine pays it. Not here: the machine itself (:mod:`millionaire.jackpot`), simulated spins (the
``JackpotLab`` widget).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import jackpot as _jackpot
from .checks import EconomicsError, _bet_box, _int


SpinFunction = Callable[..., _jackpot.Spin]


def jackpot_outcomes(spin: SpinFunction = _jackpot.spin, columns: int = 3, faces: int = 6) -> list[dict[str, Any]]:
    """Every equally likely spin of the slot machine, read as the engine reads it.

    Parameters
    ----------
    spin
        ``spin(face1, ..., face_columns) -> Spin``: by default the machine of the built-in classic
        board (:func:`millionaire.jackpot.spin`); ``board.slot_machine.spin`` for a board file's own
        machine. Tests pass a smaller machine.
    columns, faces
        One die per column, with ``faces`` faces: ``faces ** columns`` outcomes (216 for the real machine).

    Returns
    -------
    list of dict
        ``faces`` (a tuple), ``outcome``, ``symbol``, ``multiplier`` and ``probability`` (a Fraction).

    Examples
    --------
    >>> spins = jackpot_outcomes()
    >>> len(spins), sum(s["probability"] for s in spins)
    (216, Fraction(1, 1))
    >>> spins[-1]["faces"], spins[-1]["outcome"], spins[-1]["multiplier"]
    ((6, 6, 6), 'three', 50)
    """
    columns, faces = _int(columns, "columns", 1), _int(faces, "faces", 1)
    p = Fraction(1, faces ** columns)
    rows = []
    for roll in itertools.product(range(1, faces + 1), repeat=columns):
        result = spin(*roll)
        rows.append({"faces": roll, "outcome": result.outcome, "symbol": result.symbol,
                     "multiplier": result.multiplier, "probability": p})
    return rows


def jackpot_distribution(bet: int, box: int, spin: SpinFunction = _jackpot.spin, columns: int = 3,
                         faces: int = 6) -> list[dict[str, Any]]:
    """The exact distribution of one bet's result, by enumerating every spin and paying it with
    :func:`millionaire.jackpot.payout`, as the engine does.

    Parameters
    ----------
    bet
        The bet (>= 1); it goes into the box before the dice are rolled.
    box
        What the jackpot box holds before the bet (>= 0).
    spin, columns, faces
        The machine (see :func:`jackpot_outcomes`).

    Returns
    -------
    list of dict
        One row per kind of result (``outcome``, ``symbol``), most likely first: ``multiplier``,
        ``count`` (spins out of ``faces ** columns``), ``probability`` (Fraction), ``from_box``,
        ``from_bank``, ``payout`` (their sum: what comes back) and ``net`` (``payout - bet``).

    Examples
    --------
    >>> for row in jackpot_distribution(10, 200)[:3]:
    ...     print(row["outcome"], row["symbol"] or "-", row["count"], row["payout"], row["net"])
    lose - 172 0 -10
    pair cherry 10 20 10
    pair plum 10 30 20
    >>> jackpot_distribution(-5, 200)
    Traceback (most recent call last):
    ...
    millionaire.economics.EconomicsError: bet must be a whole amount >= 1, got -5
    """
    bet, box = _bet_box(bet, box)
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for spin_row in jackpot_outcomes(spin, columns, faces):
        result = _jackpot.Spin(spin_row["outcome"], spin_row["symbol"], spin_row["multiplier"])
        from_box, from_bank = _jackpot.payout(result, bet, box + bet)
        key = (result.outcome, result.symbol)
        row = groups.setdefault(key, {"outcome": result.outcome, "symbol": result.symbol,
                                      "multiplier": result.multiplier, "count": 0, "probability": Fraction(0),
                                      "from_box": from_box, "from_bank": from_bank, "payout": from_box + from_bank,
                                      "net": from_box + from_bank - bet})
        row["count"] += 1
        row["probability"] += spin_row["probability"]
    return sorted(groups.values(), key=lambda r: (-r["count"], r["payout"]))


def jackpot_expected_value(bet: int, box: int, spin: SpinFunction = _jackpot.spin, columns: int = 3,
                           faces: int = 6) -> Fraction:
    """Expected net gain of a bet, exactly: expected payout minus the bet.

    Examples
    --------
    >>> jackpot_expected_value(10, 200), float(jackpot_expected_value(10, 0))
    (Fraction(895, 108), -0.9722222222222222)
    """
    return sum((r["probability"] * r["net"] for r in jackpot_distribution(bet, box, spin, columns, faces)), Fraction(0))


def jackpot_return_per_bet(bet: int, box: int, spin: SpinFunction = _jackpot.spin, columns: int = 3,
                           faces: int = 6) -> float:
    """Expected total return per unit bet (payout ÷ bet): ``185/216 + 10/216 × (box + bet) / bet`` for the
    real machine, i.e. ``0.8565 + 0.0463 × (box + bet) / bet``; above 1 the bet has positive expectation.

    Examples
    --------
    >>> round(jackpot_return_per_bet(10, 0), 4), round(jackpot_return_per_bet(10, 21), 4)
    (0.9028, 1.0)
    """
    bet, box = _bet_box(bet, box)
    return float(1 + jackpot_expected_value(bet, box, spin, columns, faces) / bet)


def jackpot_break_even_box(bet: int, spin: SpinFunction = _jackpot.spin, columns: int = 3,
                           faces: int = 6) -> Fraction:
    """The box size (before the bet) above which a bet of ``bet`` has positive expectation.

    The expected payout is linear in the box (only "two sevens" pays the box), so the break-even box
    solves ``E[net](box) = 0`` from two exact evaluations. For the real machine it is ``2.1 × bet``.

    Raises
    ------
    EconomicsError
        If no box makes the bet break even (a machine that never pays the box).

    Examples
    --------
    >>> jackpot_break_even_box(10), jackpot_break_even_box(100)
    (Fraction(21, 1), Fraction(210, 1))
    >>> jackpot_expected_value(10, 21), jackpot_expected_value(10, 22) > 0
    (Fraction(0, 1), True)
    """
    bet, _ = _bet_box(bet, 0)
    at_zero = jackpot_expected_value(bet, 0, spin, columns, faces)
    slope = jackpot_expected_value(bet, 1, spin, columns, faces) - at_zero
    if slope <= 0:
        raise EconomicsError("this machine never pays the box: no box size makes the bet break even")
    return max(Fraction(0), -at_zero / slope)


def jackpot_expected_grid(bets: Sequence[int], boxes: Sequence[int],
                          spin: SpinFunction = _jackpot.spin) -> NDArray[np.float64]:
    """Expected net gain of each bet (rows) for each box size (columns), for plotting (``spin``: the
    machine, as in :func:`jackpot_outcomes`).

    Examples
    --------
    >>> jackpot_expected_grid([10, 100], [0, 210]).round(2)
    array([[-0.97,  8.75],
           [-9.72,  0.  ]])
    """
    bets, boxes = list(bets), list(boxes)
    if not bets or not boxes:
        raise EconomicsError("bets and boxes must each list at least one amount")
    for bet in bets:
        _bet_box(bet, 0)
    for box in boxes:
        _bet_box(1, box)
    # Linear in the box: two exact evaluations per bet give the whole row.
    grid = np.empty((len(bets), len(boxes)))
    for i, bet in enumerate(bets):
        a = jackpot_expected_value(bet, 0, spin)
        b = jackpot_expected_value(bet, 1, spin) - a
        grid[i] = [float(a + b * box) for box in boxes]
    return grid
