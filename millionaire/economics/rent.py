"""How often a token lands on each cell, and the rent a plot or a whole industry earns from it.

:func:`landing_rates` gives the three views of "how often" (per opponent turn, roll or round) from the
exact Markov chain; :func:`plot_rent` is the rent the engine charges; the tables multiply the two.
:func:`_seat_income` is the expected rent of one seat's plots in a position, which the investment,
mortgage and inequality modules build on.

Not here: what buildings cost and how fast they pay back (:mod:`.investment`), mortgages
(:mod:`.mortgage`), railroads and utilities (their rent depends on how many are owned and on the dice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..board import Board
from ..markov import MovementChain, movement_chain
from ..rules import RuleSet
from ..words import word
from .checks import _int, _jail, _level, _per, _plot, _rules


def _chain(board: Board, rules: RuleSet | None, jail: str) -> MovementChain:
    return movement_chain(board, _rules(board, rules), _jail(jail))


def landing_rates(board: Board, rules: RuleSet | None = None, jail: str = "short", per: str = "turn",
                  opponents: int = 1) -> NDArray[np.float64]:
    """How often one opponent lands on each cell: the weights every expected rent is built from.

    Parameters
    ----------
    board, rules
        The board and its rule set (the board's preset when ``None``).
    jail
        The opponents' jail strategy, ``"short"`` or ``"long"`` (see :mod:`millionaire.markov`).
    per
        ``"turn"``: expected landings per opponent turn (the chain's ``per="landing"``);
        ``"roll"``: probability that an opponent roll ends on the cell (the chain's ``per="roll"``);
        ``"round"``: per turn times ``opponents``.
    opponents
        Opponents at the table (only used with ``per="round"``).

    Returns
    -------
    numpy.ndarray
        Shape ``(board.size,)``.

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> print(f"{landing_rates(board, per='roll')[24]:.4f} {landing_rates(board)[24]:.4f}")
    0.0319 0.0378
    """
    per = _per(per)
    opponents = _int(opponents, "opponents", 1)
    chain = _chain(board, rules, jail)
    if per == "roll":
        return chain.probabilities(per="roll")[:board.size].copy()
    rates = chain.probabilities(per="landing")[:board.size].copy()
    return rates * opponents if per == "round" else rates


def plot_rent(board: Board, cell: int, level: int, rules: RuleSet | None = None, monopoly: bool = False) -> int:
    """The rent of a plot at a building level, as the engine charges it.

    Parameters
    ----------
    board, cell
        The board and a plot on it.
    level
        0 (empty), 1..k small buildings, k+1 the large one (``board.levels - 1``).
    rules
        ``monopoly_multiplier`` and ``monopoly_scope`` come from here (the board's preset when ``None``).
    monopoly
        The owner holds the complete industry, none of it mortgaged.

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("millionaire-classic")
    >>> plot_rent(board, 39, 0), plot_rent(board, 39, 0, monopoly=True), plot_rent(board, 39, 4, monopoly=True)
    (50, 100, 2000)
    >>> plot_rent(board, 5, 0)
    Traceback (most recent call last):
    ...
    millionaire.economics.EconomicsError: cell 5 (Charity fund) is a 'fund_collect', not a plot of board 'millionaire-classic'
    """
    rules = _rules(board, rules)
    cell, level = _plot(board, cell), _level(board, level)
    rent = board.cells[cell].rent[level]
    if monopoly and rules.monopoly_applies(level):
        rent *= rules.monopoly_multiplier
    return rent


def level_name(board: Board, level: int, lang: str = "en") -> str:
    """A building level as a person reads it: empty, ``n ×`` the small building, or the large one.

    >>> from millionaire import load_board
    >>> board = load_board("millionaire-classic")
    >>> level_name(board, 0), level_name(board, 2), level_name(board, 2, "ru")[:4]
    ('empty', '2 × branch', '2 × ')
    """
    top = board.levels - 1
    if level == 0:
        return word(lang, "economics.level_empty")
    if level == top:
        return board.large_building_ru if lang == "ru" else board.large_building_en
    small = board.small_building_ru if lang == "ru" else board.small_building_en
    return f"{level} × {small}"


def rent_table(board: Board, rules: RuleSet | None = None, lang: str = "en") -> list[dict[str, Any]]:
    """The rent of every plot at every level, without and with the monopoly rule.

    Returns
    -------
    list of dict
        One row per plot and level: ``cell``, ``name``, ``industry`` (its name), ``level``,
        ``level_name``, ``rent`` (printed rent: industry incomplete), ``rent_monopoly`` (the owner
        holds the whole industry unmortgaged), ``premium`` (their difference). Buildings stand only
        on complete industries, so for levels above 0 ``rent`` is the printed number a learner reads
        on the card, not a rent that can be charged.

    Examples
    --------
    >>> from millionaire import load_board
    >>> rows = rent_table(load_board("millionaire-classic"))
    >>> [(r["level"], r["rent"], r["rent_monopoly"]) for r in rows if r["cell"] == 1]
    [(0, 1, 2), (1, 10, 10), (2, 30, 30), (3, 90, 90), (4, 200, 200)]
    """
    rules = _rules(board, rules)
    rows = []
    for cell in board.plots:
        info = board.cells[cell]
        for level in range(board.levels):
            plain = plot_rent(board, cell, level, rules, monopoly=False)
            full = plot_rent(board, cell, level, rules, monopoly=True)
            rows.append({"cell": cell, "name": info.name(lang), "industry": board.industries[info.industry].name(lang),
                         "level": level, "level_name": level_name(board, level, lang), "rent": plain,
                         "rent_monopoly": full, "premium": full - plain})
    return rows


def expected_rent(board: Board, cell: int, level: int, rules: RuleSet | None = None, jail: str = "short",
                  monopoly: bool = True, per: str = "turn", opponents: int = 1) -> float:
    """Expected rent one plot earns: rent at ``level`` times how often opponents land on it.

    Parameters
    ----------
    board, cell, level, rules, monopoly
        As in :func:`plot_rent` (``monopoly`` defaults to ``True``: buildings need the whole industry).
    jail, per, opponents
        As in :func:`landing_rates`: per opponent ``"turn"``, per opponent ``"roll"``, or per
        ``"round"`` with ``opponents`` opponents.

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> round(expected_rent(board, 39, 5), 2), round(expected_rent(board, 39, 5, per="round", opponents=3), 2)
    (62.32, 186.96)
    """
    rates = landing_rates(board, rules, jail, per, opponents)
    return float(rates[_plot(board, cell)] * plot_rent(board, cell, level, rules, monopoly))


def expected_rent_table(board: Board, rules: RuleSet | None = None, jail: str = "short", monopoly: bool = True,
                        opponents: int = 1, lang: str = "en") -> list[dict[str, Any]]:
    """Expected rent of every plot at every level, per opponent roll, per opponent turn and per round.

    Returns
    -------
    list of dict
        One row per plot and level: ``cell``, ``name``, ``industry``, ``level``, ``rent`` (with the
        monopoly rule when ``monopoly``), ``roll_probability`` (``per="roll"`` view),
        ``landings_per_turn`` (``per="landing"`` view), ``per_roll``, ``per_turn`` and ``per_round``
        (``per_turn × opponents``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> rows = expected_rent_table(load_board("millionaire-classic"), opponents=3)
    >>> row = next(r for r in rows if r["cell"] == 39 and r["level"] == 4)
    >>> print(f"{row['rent']} x {row['landings_per_turn']:.4f} = {row['per_turn']:.1f} per turn, {row['per_round']:.1f} per round")
    2000 x 0.0202 = 40.4 per turn, 121.3 per round
    """
    rules = _rules(board, rules)
    opponents = _int(opponents, "opponents", 1)
    roll, turn = landing_rates(board, rules, jail, "roll"), landing_rates(board, rules, jail, "turn")
    rows = []
    for cell in board.plots:
        info = board.cells[cell]
        for level in range(board.levels):
            rent = plot_rent(board, cell, level, rules, monopoly)
            rows.append({"cell": cell, "name": info.name(lang), "industry": board.industries[info.industry].name(lang),
                         "level": level, "rent": rent, "roll_probability": float(roll[cell]),
                         "landings_per_turn": float(turn[cell]), "per_roll": float(roll[cell] * rent),
                         "per_turn": float(turn[cell] * rent), "per_round": float(turn[cell] * rent * opponents)})
    return rows


def industry_income(board: Board, rules: RuleSet | None = None, jail: str = "short", level: int | None = None,
                    opponents: int = 1, lang: str = "en") -> list[dict[str, Any]]:
    """Expected rent of each whole industry (one owner, every plot at ``level``).

    Parameters
    ----------
    level
        Every plot of the industry at this level; ``None``: fully developed (the large building:
        an enterprise, a hotel).
    opponents
        For the ``per_round`` column.

    Returns
    -------
    list of dict
        One row per industry: ``industry`` (index), ``key``, ``name``, ``cells``, ``level``,
        ``per_roll`` (``per="roll"`` view: per opponent roll), ``per_turn`` (``per="landing"`` view:
        per opponent turn), ``per_round`` (per turn × ``opponents``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> for row in industry_income(load_board("monopoly-us"))[:2]:
    ...     print(f"{row['name']:<10} {row['per_roll']:6.2f} per roll {row['per_turn']:6.2f} per turn")
    Brown       15.06 per roll  17.87 per turn
    Light blue  39.01 per roll  46.29 per turn
    """
    rules = _rules(board, rules)
    level = board.levels - 1 if level is None else _level(board, level)
    opponents = _int(opponents, "opponents", 1)
    roll, turn = landing_rates(board, rules, jail, "roll"), landing_rates(board, rules, jail, "turn")
    rows = []
    for industry in board.industries:
        rents = np.array([plot_rent(board, c, level, rules, monopoly=True) for c in industry.cells], dtype=float)
        cells = list(industry.cells)
        per_turn = float(turn[cells] @ rents)
        rows.append({"industry": industry.index, "key": industry.key, "name": industry.name(lang),
                     "cells": tuple(cells), "level": level, "per_roll": float(roll[cells] @ rents),
                     "per_turn": per_turn, "per_round": per_turn * opponents})
    return rows


def _seat_income(board: Board, rules: RuleSet, owner: Sequence[int], level: Sequence[int],
                 mortgaged: Sequence[bool], seat: int, rates: NDArray[np.float64], plain: bool = False) -> float:
    """Expected rent of a seat's plots per unit of ``rates`` (``plain``: as if no industry were complete)."""
    total = 0.0
    for cell in board.plots:
        if owner[cell] != seat or mortgaged[cell]:
            continue
        info = board.cells[cell]
        if plain:
            total += rates[cell] * info.rent[0]
            continue
        complete = rules.monopoly_owner(board, owner, mortgaged, info.industry) == seat
        total += rates[cell] * plot_rent(board, cell, level[cell], rules, monopoly=complete)
    return float(total)
