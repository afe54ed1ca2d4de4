"""The economics of the game: rents, expected income, payback, mortgages, the jackpot, the bank, inequality.

Every figure here is built from the rules the engine plays by (the board file, the
:class:`~millionaire.rules.RuleSet`, :mod:`millionaire.jackpot`, :mod:`millionaire.movement`) and from
the exact Markov chain of :mod:`millionaire.markov`. Nothing is simulated: the numbers are exact
expectations, so a learner can check them on paper and against a simulation.

Three views of "how often", as in :meth:`millionaire.markov.MovementChain.probabilities`:

``per="turn"``
    Expected landings per opponent *turn* (the chain's ``per="landing"`` view: a turn may hold
    several rolls after doubles, and a card may move a token onto a plot). Rent per turn uses it.
``per="roll"``
    Probability that one opponent *roll* ends on a cell (the chain's ``per="roll"`` view, the table
    published for Monopoly). For a plot this equals the expected landings per roll.
``per="round"``
    Per turn times the number of ``opponents``: what an owner collects in one round of the table.

Money is in whole units of the board's currency. Rent is what the engine charges
(:meth:`millionaire.engine.Game.rent`): a plot's printed rent for its level, times
``RuleSet.monopoly_multiplier`` when one owner holds the whole industry unmortgaged and the plot is
unbuilt (or at every level with ``monopoly_scope="all"``). Railroads and utilities are left out of
the rent and investment tables (their rent depends on how many you own and on the dice).

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("monopoly-us")
>>> rows = industry_income(board)                     # every colour group with hotels
>>> best = max(rows, key=lambda r: r["per_turn"])
>>> print(f"{best['name']}: {best['per_turn']:.1f} per opponent turn")
Green: 121.8 per opponent turn
>>> jackpot_break_even_box(10)                        # Millionaire's slot machine
Fraction(21, 1)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from .. import jackpot as _jackpot
from .. import movement
from ..board import Board, CellKind, load_board
from ..errors import MillionaireError
from ..markov import JAIL_STRATEGIES, CardPolicy, MovementChain, movement_chain
from ..rules import RuleSet
from ..state import industry_owner, net_worth

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game
    from ..state import GameState

#: The views of "how often" accepted by the rent and income functions.
PER = ("turn", "roll", "round")

#: Keys of :func:`bank_income`, in the order they are printed.
BANK_ITEMS = ("circular_income", "taxes", "card_receipts", "card_payments", "bail", "net", "charity_fund")


class EconomicsError(MillionaireError):
    """An argument the economics functions cannot work with (a negative bet, an unknown cell, ...)."""


EconomicsError.__module__ = "millionaire.economics"  # the name users import it by


# ---------------------------------------------------------------------- checks
def _int(value: Any, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise EconomicsError(f"{name} must be an integer >= {least}, got {value!r}")
    return int(value)


def _rules(board: Board, rules: RuleSet | None) -> RuleSet:
    if rules is None:
        return RuleSet.for_board(board.key)
    if not isinstance(rules, RuleSet):
        raise EconomicsError(f"rules must be a RuleSet or None, got {rules!r}")
    return rules


def _jail(jail: str) -> str:
    if jail not in JAIL_STRATEGIES:
        raise EconomicsError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}, got {jail!r}")
    return jail


def _per(per: str) -> str:
    if per not in PER:
        raise EconomicsError(f"per must be one of {', '.join(PER)}, got {per!r}")
    return per


def _plot(board: Board, cell: Any) -> int:
    if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < board.size:
        raise EconomicsError(f"cell {cell!r} is not a cell of board {board.key!r} (0..{board.size - 1})")
    info = board.cells[int(cell)]
    if info.kind is not CellKind.PLOT:
        raise EconomicsError(f"cell {int(cell)} ({info.name_en}) is a {info.kind.value!r}, not a plot of board {board.key!r}")
    return int(cell)


def _ownable(board: Board, cell: Any) -> int:
    if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < board.size:
        raise EconomicsError(f"cell {cell!r} is not a cell of board {board.key!r} (0..{board.size - 1})")
    info = board.cells[int(cell)]
    if not info.ownable:
        raise EconomicsError(f"cell {int(cell)} ({info.name_en}) is a {info.kind.value!r}, not a property of board {board.key!r}")
    return int(cell)


def _level(board: Board, level: Any) -> int:
    top = board.levels - 1
    if isinstance(level, bool) or not isinstance(level, (int, np.integer)) or not 0 <= level <= top:
        raise EconomicsError(f"level must be 0..{top} (0: empty; 1..{top - 1}: that many {board.small_building_en} "
                             f"buildings; {top}: {board.large_building_en}), got {level!r}")
    return int(level)


def _industry(board: Board, industry: Any) -> int:
    if isinstance(industry, str):
        for ind in board.industries:
            if industry in (ind.key, ind.name_en, ind.name_ru):
                return ind.index
        known = ", ".join(ind.key for ind in board.industries)
        raise EconomicsError(f"unknown industry {industry!r} on board {board.key!r} (known: {known})")
    if isinstance(industry, bool) or not isinstance(industry, (int, np.integer)) or not 0 <= industry < len(board.industries):
        raise EconomicsError(f"industry must be 0..{len(board.industries) - 1} or a key, got {industry!r}")
    return int(industry)


# ---------------------------------------------------------------------- how often
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


# ---------------------------------------------------------------------- rent tables
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


def _level_name(board: Board, level: int, lang: str) -> str:
    top = board.levels - 1
    if level == 0:
        return "пустой" if lang == "ru" else "empty"
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
                         "level": level, "level_name": _level_name(board, level, lang), "rent": plain,
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


# ---------------------------------------------------------------------- investment
def _payback(cost: float, income_per_round: float) -> float:
    return cost / income_per_round if income_per_round > 0 else math.inf


def _return(income_per_round: float, cost: float) -> float:
    return income_per_round / cost if cost > 0 else (math.inf if income_per_round > 0 else 0.0)


def investment_table(board: Board, rules: RuleSet | None = None, jail: str = "short", opponents: int = 3,
                     industry: int | str | None = None, by: str = "level", lang: str = "en") -> list[dict[str, Any]]:
    """What developing an industry costs, what it earns, and how fast it pays back.

    The owner holds the whole industry (bought at the printed prices) and builds evenly. Income is
    expected rent per opponent turn (``per="landing"`` view) at the monopoly rent; a round is one turn
    of each of ``opponents`` opponents.

    Parameters
    ----------
    industry
        One industry (index or key); ``None``: every industry.
    by
        ``"level"``: one row per uniform level (every plot empty, with 1 building, ..., with the large
        one). ``"building"``: one row per single building, each placed where it adds the most
        expected rent among the plots even building allows (ties: the lower cell), so the marginal
        columns answer "what is my best next purchase?".
    opponents
        Opponents who land on the plots (a 4-player table: 3).

    Returns
    -------
    list of dict
        ``industry``, ``name``, ``step`` (0: just the plots), ``buildings``, ``levels`` (each plot's
        level), ``cost`` (total spent: prices plus buildings), ``income_per_turn`` (per opponent turn),
        ``income_per_round``, ``payback_rounds`` (``cost / income_per_round``), ``return_per_round``
        (``income_per_round / cost``), and the same for the last step alone: ``marginal_cost``,
        ``marginal_income_per_round``, ``marginal_payback_rounds``, ``marginal_return_per_round``
        (step 0: the plots themselves). ``payback_rounds × income_per_round == cost`` on every row.

    Examples
    --------
    >>> from millionaire import load_board
    >>> rows = investment_table(load_board("millionaire-classic"), industry="extraction")
    >>> for r in rows:
    ...     print(f"{r['levels']} cost {r['cost']:5d}  {r['income_per_round']:6.1f}/round  "
    ...           f"payback {r['payback_rounds']:5.1f}  this step: {r['marginal_return_per_round']:.1%}")
    (0, 0, 0) cost  1020    20.4/round  payback  49.9  this step: 2.0%
    (1, 1, 1) cost  1620    39.2/round  payback  41.4  this step: 3.1%
    (2, 2, 2) cost  2220   133.1/round  payback  16.7  this step: 15.7%
    (3, 3, 3) cost  2820   298.5/round  payback   9.4  this step: 27.6%
    (4, 4, 4) cost  3420   409.8/round  payback   8.3  this step: 18.5%
    """
    rules = _rules(board, rules)
    opponents = _int(opponents, "opponents", 1)
    if by not in ("level", "building"):
        raise EconomicsError(f"by must be 'level' or 'building', got {by!r}")
    turn = landing_rates(board, rules, jail, "turn")
    chosen = board.industries if industry is None else [board.industries[_industry(board, industry)]]
    top = board.levels - 1
    rows: list[dict[str, Any]] = []
    for ind in chosen:
        cells = list(ind.cells)

        def income(levels: Sequence[int]) -> float:
            return float(sum(turn[c] * plot_rent(board, c, lv, rules, monopoly=True) for c, lv in zip(cells, levels)))

        steps = [[0] * len(cells)]
        if by == "level":
            steps += [[lv] * len(cells) for lv in range(1, top + 1)]
        else:
            levels = [0] * len(cells)
            while min(levels) < top:
                low = min(levels)
                options = [i for i, lv in enumerate(levels) if lv == low]
                gains = [income(levels[:i] + [levels[i] + 1] + levels[i + 1:]) for i in options]
                best = options[int(np.argmax(gains))]  # argmax takes the first (lowest cell) on ties
                levels = levels[:best] + [levels[best] + 1] + levels[best + 1:]
                steps.append(list(levels))
        price = sum(board.cells[c].price for c in cells)
        previous_cost, previous_income = 0, 0.0
        for step, levels in enumerate(steps):
            cost = price + sum(levels) * ind.build_price
            per_turn = income(levels)
            per_round = per_turn * opponents
            d_cost, d_income = cost - previous_cost, per_round - previous_income
            rows.append({
                "industry": ind.index, "name": ind.name(lang), "step": step, "buildings": sum(levels),
                "levels": tuple(levels), "cost": cost, "income_per_turn": per_turn, "income_per_round": per_round,
                "payback_rounds": _payback(cost, per_round), "return_per_round": _return(per_round, cost),
                "marginal_cost": d_cost, "marginal_income_per_round": d_income,
                "marginal_payback_rounds": _payback(d_cost, d_income), "marginal_return_per_round": _return(d_income, d_cost),
            })
            previous_cost, previous_income = cost, per_round
    return rows


# ---------------------------------------------------------------------- positions in a game
def _position(obj: Any, board: Board | None) -> tuple[GameState, Board, RuleSet]:
    """(state, board, rules) from a Game or a GameState (whose board is loaded by key if not given)."""
    from ..engine import Game
    from ..state import GameState

    if isinstance(obj, Game):
        return obj.state, obj.board, obj.rules
    if isinstance(obj, GameState):
        if board is None:
            try:
                board = load_board(obj.board_key)
            except MillionaireError:
                raise EconomicsError(f"the state's board {obj.board_key!r} is not built in: pass board=") from None
        if board.key != obj.board_key or board.size != len(obj.owner):
            raise EconomicsError(f"board {board.key!r} does not match the state's board {obj.board_key!r}")
        return obj, board, obj.rules
    raise EconomicsError(f"expected a Game or a GameState, got {type(obj).__name__}")


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
        complete = industry_owner(board, owner, mortgaged, info.industry) == seat
        total += rates[cell] * plot_rent(board, cell, level[cell], rules, monopoly=complete)
    return float(total)


def _opponents(state: GameState, seat: int, opponents: int | None) -> int:
    if opponents is not None:
        return _int(opponents, "opponents", 1)
    return max(1, sum(1 for i, p in enumerate(state.players) if i != seat and not p.bankrupt))


def _seat(state: GameState, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(state.players):
        raise EconomicsError(f"seat must be 0..{len(state.players) - 1}, got {seat!r}")
    return int(seat)


def next_purchases(game: Game, seat: int, opponents: int | None = None, jail: str = "short",
                   lang: str = "en") -> list[dict[str, Any]]:
    """Every purchase of rent open to ``seat`` now, best return first: "what is my best next purchase?".

    Three kinds: ``"build"`` one building where the rules allow it now, ``"buy"`` an unowned plot
    at its price, ``"redeem"`` a mortgaged plot. The gain is the change in the seat's expected rent
    (monopoly rule included: completing an industry doubles its unbuilt rents, a mortgage breaks it).
    Plots only: railroads and utilities are not offered.

    Parameters
    ----------
    game, seat
        The game as it stands and the buyer's seat.
    opponents
        Opponents who land on the plots; ``None``: the other players still in the game.

    Returns
    -------
    list of dict
        ``action``, ``cell``, ``name``, ``cost``, ``affordable`` (cash covers it now),
        ``gain_per_turn`` (expected rent added per opponent turn), ``gain_per_round``,
        ``payback_rounds`` and ``return_per_round``; sorted by ``return_per_round``, highest first.

    Examples
    --------
    >>> from millionaire import Game, RuleSet, load_board
    >>> board = load_board("millionaire-classic")
    >>> game = Game(board, RuleSet.classic().replace(shuffle_seats=False), agents=[None, None], seed=0)
    >>> game.state.owner[36] = game.state.owner[38] = 0      # two of the three Extraction plots
    >>> best = next_purchases(game, 0)[0]
    >>> best["action"], best["name"], best["cost"], round(best["gain_per_round"], 2)
    ('buy', 'Oil holding', 350, 4.42)
    """
    state, board, rules = game.state, game.board, game.rules
    seat = _seat(state, seat)
    opponents = _opponents(state, seat, opponents)
    rates = landing_rates(board, rules, jail, "turn")
    owner, level, mortgaged = list(state.owner), list(state.level), list(state.mortgaged)
    now = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
    cash = state.players[seat].cash
    rows = []

    def add(action: str, cell: int, cost: int, owner_: list[int], level_: list[int], mortgaged_: list[bool]) -> None:
        gain = _seat_income(board, rules, owner_, level_, mortgaged_, seat, rates) - now
        per_round = gain * opponents
        rows.append({"action": action, "cell": cell, "name": board.cells[cell].name(lang), "cost": cost,
                     "affordable": cash >= cost, "gain_per_turn": gain, "gain_per_round": per_round,
                     "payback_rounds": _payback(cost, per_round), "return_per_round": _return(per_round, cost)})

    for cell in board.plots:
        if owner[cell] == seat and not game.can_build(seat, cell, free=True):
            raised = list(level)
            raised[cell] += 1
            add("build", cell, game.build_price(cell), owner, raised, mortgaged)
        elif owner[cell] < 0:
            bought = list(owner)
            bought[cell] = seat
            add("buy", cell, board.cells[cell].price, bought, level, mortgaged)
        elif owner[cell] == seat and mortgaged[cell]:
            freed = list(mortgaged)
            freed[cell] = False
            add("redeem", cell, game.redemption_cost(cell), owner, level, freed)
    rows.sort(key=lambda r: (-r["return_per_round"], r["cost"], r["cell"]))
    return rows


# ---------------------------------------------------------------------- mortgages
def mortgage_terms(board: Board, cell: int, rules: RuleSet | None = None) -> dict[str, Any]:
    """What a mortgage on ``cell`` raises and what redeeming it costs.

    Returns
    -------
    dict
        ``cell``, ``price``, ``cash_raised`` (``price × mortgage_rate``), ``redemption_cost``
        (``cash_raised + price × redemption_fee``, as the engine charges), ``fee`` (their
        difference) and ``fee_rate`` (``fee / cash_raised``: the interest over the whole mortgage).

    Examples
    --------
    >>> from millionaire import load_board
    >>> terms = mortgage_terms(load_board("millionaire-classic"), 39)
    >>> terms["cash_raised"], terms["redemption_cost"], terms["fee"], terms["fee_rate"]
    (175, 210, 35, 0.2)
    >>> mortgage_terms(load_board("monopoly-us"), 39)["fee_rate"]   # 10% of the mortgage value
    0.1
    """
    rules = _rules(board, rules)
    cell = _ownable(board, cell)
    price = board.cells[cell].price
    raised = int(price * rules.mortgage_rate)
    cost = raised + int(price * rules.redemption_fee)
    return {"cell": cell, "price": price, "cash_raised": raised, "redemption_cost": cost, "fee": cost - raised,
            "fee_rate": (cost - raised) / raised if raised else 0.0}


def mortgage_interest(board: Board, cell: int, rounds: float | Sequence[float], rules: RuleSet | None = None
                      ) -> list[dict[str, float]]:
    """The effective interest rate per round of a mortgage redeemed after ``rounds`` rounds.

    The redemption fee is fixed, so the longer the mortgage runs the cheaper it is per round: a 10%
    fee over one round is 10% a round; over ten rounds about 1% a round.

    Parameters
    ----------
    rounds
        How long the mortgage runs, in rounds (> 0); one number or several.

    Returns
    -------
    list of dict
        One row per duration: ``rounds``, ``total_rate`` (fee ÷ cash raised), ``simple_per_round``
        (``total_rate / rounds``) and ``compound_per_round`` (``(1 + total_rate) ** (1 / rounds) - 1``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> for row in mortgage_interest(load_board("monopoly-us"), 39, [1, 10]):
    ...     print(f"{row['rounds']:>4}: {row['simple_per_round']:.2%} simple, {row['compound_per_round']:.2%} compound")
       1: 10.00% simple, 10.00% compound
      10: 1.00% simple, 0.96% compound
    >>> mortgage_interest(load_board("monopoly-us"), 39, 0)
    Traceback (most recent call last):
    ...
    millionaire.economics.EconomicsError: rounds must be > 0, got 0
    """
    durations = [rounds] if np.isscalar(rounds) else list(rounds)  # type: ignore[arg-type]
    if not durations:
        raise EconomicsError("rounds must list at least one duration")
    for d in durations:
        if isinstance(d, bool) or not isinstance(d, (int, float, np.integer, np.floating)) or not d > 0 or not math.isfinite(d):
            raise EconomicsError(f"rounds must be > 0, got {d!r}")
    rate = mortgage_terms(board, cell, rules)["fee_rate"]
    return [{"rounds": d, "total_rate": rate, "simple_per_round": rate / d,
             "compound_per_round": (1 + rate) ** (1 / d) - 1} for d in durations]


#: Why :func:`mortgage_to_build` refuses a deal, in each language ({cell}: number, {name}: its name).
_DEAL_ERRORS = {
    "en": {
        "not_owned": "cannot mortgage cell {cell} ({name}): it is not seat {seat}'s",
        "mortgaged": "cannot mortgage cell {cell} ({name}): it is already mortgaged",
        "built_industry": "cannot mortgage cell {cell} ({name}): its industry has buildings",
        "not_whole": "cannot build on cell {cell} ({name}): seat {seat} does not hold its whole industry unmortgaged",
        "fully_built": "cannot build on cell {cell} ({name}): it is fully built",
        "uneven": "cannot build on cell {cell} ({name}): build evenly, another plot of its industry has fewer buildings",
    },
    "ru": {
        "not_owned": "нельзя заложить клетку {cell} ({name}): она не принадлежит игроку на месте {seat}",
        "mortgaged": "нельзя заложить клетку {cell} ({name}): она уже заложена",
        "built_industry": "нельзя заложить клетку {cell} ({name}): в её отрасли есть постройки",
        "not_whole": "нельзя строить на клетке {cell} ({name}): у игрока на месте {seat} нет всей отрасли без залогов",
        "fully_built": "нельзя строить на клетке {cell} ({name}): она застроена полностью",
        "uneven": "нельзя строить на клетке {cell} ({name}): стройте равномерно, на другом участке отрасли построек меньше",
    },
}


def _deal_error(lang: str, key: str, cell: int, info: Any, seat: int) -> str:
    """The message for a refused deal, e.g. ``_deal_error("en", "mortgaged", 39, info, 0)``."""
    lang = "ru" if lang == "ru" else "en"
    return _DEAL_ERRORS[lang][key].format(cell=cell, name=info.name(lang), seat=seat)


def mortgage_to_build(game: Game, seat: int, mortgage: Sequence[int], build: Sequence[int], rounds: float = 10,
                      opponents: int | None = None, jail: str = "short", lang: str = "en") -> dict[str, Any]:
    """Mortgage some plots to build on others: does the extra rent pay for the lost rent and the fee?

    The plots in ``mortgage`` are mortgaged first (each must be mortgageable now), then one building
    goes on each cell of ``build`` in order (a cell may repeat; the rules of building apply: whole
    industry unmortgaged, even building). Income is the seat's expected rent per opponent turn
    (``per="landing"`` view), before and after, with the monopoly rule. The mortgages are assumed
    redeemed after ``rounds`` rounds. Railroads and utilities may be mortgaged, but their rent is not
    counted (it depends on how many are owned and on the dice). A deal the rules forbid raises
    :class:`EconomicsError`, worded in English (``lang="en"``) or Russian (``lang="ru"``).

    Returns
    -------
    dict
        ``cash_raised``, ``build_cost``, ``cash_needed`` (``build_cost - cash_raised``: from the
        pocket if positive), ``income_before`` and ``income_after`` (per opponent turn),
        ``lost_per_round`` (rent the mortgages cost per round), ``gained_per_round`` (rent the
        buildings add), ``change_per_round`` (their net), ``redemption_cost``, ``fee``,
        ``break_even_rounds`` (``fee / change_per_round``; ``inf`` if the change is not positive) and
        ``gain`` (``change_per_round × rounds - fee``: net expected money over the mortgage).

    Examples
    --------
    >>> from millionaire import Game, RuleSet, load_board
    >>> board = load_board("millionaire-classic")
    >>> game = Game(board, RuleSet.classic().replace(shuffle_seats=False), agents=[None, None], seed=0)
    >>> for cell in (21, 23, 24, 39):                  # all of Media, with 2 branches each, and Oil holding
    ...     game.state.owner[cell] = 0
    >>> for cell in (21, 23, 24):
    ...     game.state.level[cell] = 2
    >>> deal = mortgage_to_build(game, 0, mortgage=[39], build=[21], rounds=20)
    >>> deal["cash_raised"], deal["build_cost"], deal["fee"], round(deal["change_per_round"], 2)
    (175, 150, 35, 9.18)
    >>> print(f"pays back the fee in {deal['break_even_rounds']:.1f} rounds; +{deal['gain']:.0f} over 20 rounds")
    pays back the fee in 3.8 rounds; +149 over 20 rounds
    """
    state, board, rules = game.state, game.board, game.rules
    seat = _seat(state, seat)
    opponents = _opponents(state, seat, opponents)
    if isinstance(rounds, bool) or not isinstance(rounds, (int, float, np.integer, np.floating)) or not rounds > 0:
        raise EconomicsError(f"rounds must be > 0, got {rounds!r}")
    rates = landing_rates(board, rules, jail, "turn")
    owner, level, mortgaged = list(state.owner), list(state.level), list(state.mortgaged)
    before = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
    raised = redeem = 0
    for cell in mortgage:
        cell = _ownable(board, cell)
        info = board.cells[cell]
        if owner[cell] != seat:
            raise EconomicsError(_deal_error(lang, "not_owned", cell, info, seat))
        if mortgaged[cell]:
            raise EconomicsError(_deal_error(lang, "mortgaged", cell, info, seat))
        if info.industry >= 0 and any(level[c] for c in board.industries[info.industry].cells):
            raise EconomicsError(_deal_error(lang, "built_industry", cell, info, seat))
        mortgaged[cell] = True
        terms = mortgage_terms(board, cell, rules)
        raised += terms["cash_raised"]
        redeem += terms["redemption_cost"]
    after_mortgage = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
    top = board.levels - 1
    cost = 0
    for cell in build:
        cell = _plot(board, cell)
        info = board.cells[cell]
        cells = board.industries[info.industry].cells
        if industry_owner(board, owner, mortgaged, info.industry) != seat:
            raise EconomicsError(_deal_error(lang, "not_whole", cell, info, seat))
        if level[cell] >= top:
            raise EconomicsError(_deal_error(lang, "fully_built", cell, info, seat))
        if level[cell] > min(level[c] for c in cells):
            raise EconomicsError(_deal_error(lang, "uneven", cell, info, seat))
        level[cell] += 1
        cost += board.industries[info.industry].build_price
    after = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
    change = (after - before) * opponents
    fee = redeem - raised
    return {"cash_raised": raised, "build_cost": cost, "cash_needed": cost - raised, "income_before": before,
            "income_after": after, "lost_per_round": (before - after_mortgage) * opponents,
            "gained_per_round": (after - after_mortgage) * opponents, "change_per_round": change,
            "redemption_cost": redeem, "fee": fee, "break_even_rounds": fee / change if change > 0 else math.inf,
            "gain": change * rounds - fee, "rounds": rounds}


# ---------------------------------------------------------------------- the jackpot
SpinFunction = Callable[..., _jackpot.Spin]


def _bet_box(bet: Any, box: Any) -> tuple[int, int]:
    if isinstance(bet, bool) or not isinstance(bet, (int, np.integer)) or bet < 1:
        raise EconomicsError(f"bet must be a whole amount >= 1, got {bet!r}")
    if isinstance(box, bool) or not isinstance(box, (int, np.integer)) or box < 0:
        raise EconomicsError(f"box must be a whole amount >= 0, got {box!r}")
    return int(bet), int(box)


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


# ---------------------------------------------------------------------- money from the bank
_N_ITEMS = 6  # circular income, taxes, card receipts, card payments, bail, charity fund
_INCOME, _TAXES, _RECEIPTS, _PAYMENTS, _BAIL, _CHARITY = range(_N_ITEMS)


class _BankFlows:
    """Expected money of each roll state of the chain, item by item (see :func:`bank_income`)."""

    def __init__(self, chain: MovementChain, cash: int, plots: int, small: int, large: int) -> None:
        self.chain, self.board, self.rules, self.policy = chain, chain.board, chain.rules, chain.policy
        self.cash, self.plots, self.small, self.large = cash, plots, small, large
        self.memo: dict[tuple[int, bool], NDArray[np.float64]] = {}
        self.active: list[int] = []

    def card_money(self, card: Any) -> NDArray[np.float64]:
        money = np.zeros(_N_ITEMS)
        effect = card.effect
        if effect == "receive":
            money[_RECEIPTS] += card.amount
        elif effect == "receive_per_plot":
            money[_RECEIPTS] += card.amount * self.plots
        elif effect == "pay":
            money[_CHARITY if card.to == "fund" else _PAYMENTS] -= card.amount
        elif effect == "repairs":
            money[_PAYMENTS] -= card.per_small * self.small + card.per_large * self.large
        elif effect == "pay_percent_cash":
            money[_PAYMENTS] -= self.cash * card.percent // 100
        # collect_from_each / pay_each move money between players, not with the bank: not counted.
        return money

    def arrive(self, cell: int, by_roll: bool) -> NDArray[np.float64]:
        """Expected money of arriving on ``cell`` (everything it leads to: jumps, cards, further cards)."""
        key = (cell, by_roll)
        if key in self.memo:
            return self.memo[key]
        if cell in self.active:  # the chain itself refuses such boards; never reached with them
            raise EconomicsError(f"board {self.board.key!r}: the cards move a token round in a circle")
        self.active.append(cell)
        board, rules = self.board, self.rules
        money = np.zeros(_N_ITEMS)
        arrival = movement.arrival(board, rules, cell, by_roll)
        info = board.cells[cell]
        if arrival.action == "jump":  # Black business: a fine into the fund, then the fund's cell
            money[_CHARITY] -= info.amount
            money += self.arrive(arrival.cell, False)
        elif arrival.action == "draw":
            deck = board.decks[arrival.deck].cards
            for card in deck:
                draw = 1.0 / len(deck)
                money += draw * self.card_money(card)
                if not card.moves_token:
                    continue
                for q, destination, detain in self.policy.outcomes(board, card, cell):
                    if detain or destination < 0:
                        continue
                    if card.salary:
                        move = movement.card_move(board, card, cell, 0, list(self.policy.owner) if self.policy.owner else None)
                        passed = move.passed_start if move.destination == destination else destination < cell
                        if movement.income_due(rules, passed, destination, False, True):
                            money[_INCOME] += draw * q * rules.circular_income
                    money += draw * q * self.arrive(destination, False)
        elif arrival.action == "stay" and info.kind is CellKind.TAX:
            money[_TAXES] -= info.amount
        self.active.pop()
        self.memo[key] = money
        return money

    def roll_from(self, label: tuple[Any, int]) -> NDArray[np.float64]:
        """Expected money of one roll from a state of the roll chain (its label)."""
        board, rules, chain = self.board, self.rules, self.chain
        money = np.zeros(_N_ITEMS)
        detained = label[0] == "jail"
        for p, die1, die2 in movement.DICE:
            p = float(p)
            if detained and chain.jail == "long":
                result = movement.jail_roll(rules, label[1], die1, die2)
                if result.outcome == "stay":
                    continue
                if result.outcome == "pay_and_move":
                    money[_BAIL] -= p * rules.jail_fine
                destination, passed = movement.step(board, board.jail, result.steps)
            else:
                cell, rolled = (board.jail, 0) if detained else label
                move = movement.roll_move(board, rules, cell, rolled, die1, die2)
                if move.to_jail:
                    continue
                destination, passed = move.destination, move.passed_start
            if movement.income_due(rules, passed, destination, True, False):
                money[_INCOME] += p * rules.circular_income
            money += p * self.arrive(destination, True)
        if detained and chain.jail == "short":  # pays the fine before this roll
            money[_BAIL] -= rules.jail_fine
        return money

    def per_roll(self) -> NDArray[np.float64]:
        roll = self.chain.roll_chain
        flows = np.array([self.roll_from(label) for label in roll.labels])  # type: ignore[arg-type]
        return roll.stationary @ flows


def bank_income(board: Board, rules: RuleSet | None = None, jail: str = "short", per: str = "roll",
                cash: int | None = None, plots: int = 0, small: int = 0, large: int = 0,
                policy: CardPolicy | None = None) -> dict[str, float]:
    """Expected money one player gets from the bank per roll (or per turn), item by item.

    Counted: money between the player and the **bank** only, in the long run of the Markov chain:
    circular income (passing START by a roll, or by a card that pays it), taxes (tax cells), card
    receipts and card payments to the bank, and bail (the jail fine: with ``jail="short"`` paid at
    each detention, with ``"long"`` only after the last missed double). Positive: from the bank to
    the player. ``net`` is their sum.

    Not counted in ``net``: payments into the charity fund (the Black business fine, cards that pay
    the fund) are given apart as ``charity_fund`` (negative: paid by the player); the fund goes back
    to whoever lands on it, so it moves money between players, not from the bank. Rent, purchases,
    auctions, buildings, mortgages, the jackpot (it depends on the bets) and cards that move money
    between players (collect from / pay every player) are left out. Release cards are not used
    (the fine is paid as the strategy says). Cards that depend on the game follow ``policy`` (the
    chain's default: an empty board).

    Parameters
    ----------
    per
        ``"roll"`` (the roll chain's stationary distribution, every roll including rolls in jail) or
        ``"turn"`` (per roll × expected rolls per turn).
    cash, plots, small, large
        What the cards that depend on the player see: cash for "pay 10% of your cash" (default the
        start cash), plots owned for "receive 10 per plot", small and large buildings for repairs.

    Returns
    -------
    dict
        ``circular_income``, ``taxes``, ``card_receipts``, ``card_payments``, ``bail``, ``net`` and
        ``charity_fund`` (see :data:`BANK_ITEMS`).

    Examples
    --------
    >>> from millionaire import load_board
    >>> flows = bank_income(load_board("monopoly-us"))
    >>> print(", ".join(f"{k} {v:+.2f}" for k, v in flows.items()))
    circular_income +34.65, taxes -6.84, card_receipts +3.88, card_payments -1.05, bail -1.97, net +28.67, charity_fund +0.00
    """
    rules = _rules(board, rules)
    if per not in ("roll", "turn"):
        raise EconomicsError(f"per must be 'roll' or 'turn', got {per!r}")
    cash = rules.start_cash if cash is None else _int(cash, "cash", 0)
    plots, small, large = _int(plots, "plots", 0), _int(small, "small", 0), _int(large, "large", 0)
    chain = movement_chain(board, rules, _jail(jail), policy)
    flows = _BankFlows(chain, cash, plots, small, large).per_roll()
    if per == "turn":
        flows = flows * chain.rolls_per_turn
    values = [float(v) for v in flows]
    result = dict(zip(("circular_income", "taxes", "card_receipts", "card_payments", "bail"), values[:_CHARITY]))
    result["net"] = float(sum(values[:_CHARITY]))
    result["charity_fund"] = values[_CHARITY] + 0.0
    return result


# ---------------------------------------------------------------------- inequality and monopoly power
def gini(values: Iterable[float]) -> float:
    """The Gini coefficient of non-negative amounts (0: all equal; ``(n - 1) / n``: one holds everything).

    ``sum |x_i - x_j| / (2 n^2 mean)`` over all pairs, the population form (no ``n / (n - 1)``
    correction), so a 4-player game where one player holds everything scores 0.75. All zeros: 0.

    Examples
    --------
    >>> gini([100, 100, 100]), gini([0, 0, 0, 400]), round(gini([1, 2, 3, 4]), 4)
    (0.0, 0.75, 0.25)
    >>> gini([5, -1])
    Traceback (most recent call last):
    ...
    millionaire.economics.EconomicsError: gini needs amounts >= 0, got -1
    """
    x = np.asarray(list(values), dtype=float)
    if x.size == 0:
        raise EconomicsError("gini needs at least one amount")
    if (x < 0).any() or not np.isfinite(x).all():
        bad = x[(x < 0) | ~np.isfinite(x)][0]
        raise EconomicsError(f"gini needs amounts >= 0, got {bad:g}")
    total = x.sum()
    if total == 0:
        return 0.0
    x = np.sort(x)
    n = x.size
    ranks = np.arange(1, n + 1)
    return float((2 * ranks - n - 1) @ x / (n * total))


def gini_rows(matrix: NDArray[Any]) -> NDArray[np.float64]:
    """:func:`gini` of each row of a 2-D array (vectorised: rounds × players -> one Gini per round).

    >>> gini_rows(np.array([[1, 1], [0, 2]]))
    array([0. , 0.5])
    """
    x = np.sort(np.asarray(matrix, dtype=float), axis=1)
    if x.ndim != 2 or x.shape[1] == 0:
        raise EconomicsError(f"gini_rows needs a 2-D array with at least one column, got shape {x.shape}")
    if (x < 0).any():
        raise EconomicsError("gini_rows needs amounts >= 0")
    n = x.shape[1]
    total = x.sum(axis=1)
    weighted = x @ (2 * np.arange(1, n + 1) - n - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, weighted / (n * np.where(total > 0, total, 1)), 0.0)


def herfindahl(amounts: Iterable[float]) -> float:
    """The Herfindahl-Hirschman index: the sum of squared shares (``1 / n`` for n equal holders, 1 for one).

    Shares are ``amount / total``; antitrust practice multiplies by 10 000. Nothing held: ``nan``.

    Examples
    --------
    >>> herfindahl([5, 5]), herfindahl([10, 0, 0]), herfindahl([3, 1])
    (0.5, 1.0, 0.625)
    """
    x = np.asarray(list(amounts), dtype=float)
    if x.size == 0 or (x < 0).any():
        raise EconomicsError(f"herfindahl needs one or more amounts >= 0, got {x.tolist()}")
    total = x.sum()
    return float(((x / total) ** 2).sum()) if total > 0 else math.nan


def net_worths(game: Game | GameState, board: Board | None = None) -> list[int]:
    """Each seat's net worth, as :meth:`millionaire.engine.Game.net_worth` counts it: cash, properties at
    price (mortgaged: half), buildings at cost; 0 for a bankrupt player.

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("monopoly-us"), agents=["cautious", "cautious"], seed=1)
    >>> net_worths(game), net_worths(game.state)
    ([1500, 1500], [1500, 1500])
    """
    state, board, _ = _position(game, board)
    return [net_worth(state, board, seat) for seat in range(len(state.players))]


def ownership_hhi(game: Game | GameState, board: Board | None = None, weight: str = "count") -> float:
    """Herfindahl-Hirschman index of property ownership among the players (unowned properties left out).

    Parameters
    ----------
    weight
        ``"count"``: each property counts 1; ``"price"``: weighted by its price.

    Returns ``nan`` while nobody owns anything.

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> game.state.owner[1] = game.state.owner[2] = 0; game.state.owner[39] = 1
    >>> round(ownership_hhi(game), 4), round(ownership_hhi(game, weight="price"), 4)
    (0.5556, 0.6361)
    """
    state, board, _ = _position(game, board)
    if weight not in ("count", "price"):
        raise EconomicsError(f"weight must be 'count' or 'price', got {weight!r}")
    held = np.zeros(len(state.players))
    for cell in board.ownable:
        seat = state.owner[cell]
        if seat >= 0:
            held[seat] += 1 if weight == "count" else board.cells[cell].price
    return herfindahl(held)


def monopoly_premium_table(board: Board, rules: RuleSet | None = None, jail: str = "short", level: int = 0,
                           opponents: int = 1, lang: str = "en") -> list[dict[str, Any]]:
    """What owning a whole industry is worth: expected rent with it (every plot at ``level``) against the
    same plots unbuilt in scattered hands (printed rent, no monopoly), per opponent turn.

    At ``level=0`` the premium is the monopoly rule alone (doubling); higher levels add the buildings a
    complete industry allows.

    Returns
    -------
    list of dict
        ``industry``, ``name``, ``level``, ``without`` and ``with`` (per opponent turn), ``premium``
        (their difference), ``ratio`` (``with / without``), ``premium_per_round`` (× ``opponents``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> row = monopoly_premium_table(load_board("monopoly-us"), level=5)[-1]
    >>> print(f"{row['name']}: {row['without']:.2f} -> {row['with']:.2f}, x{row['ratio']:.0f}")
    Dark blue: 2.47 -> 101.24, x41
    """
    rules = _rules(board, rules)
    level = _level(board, level)
    opponents = _int(opponents, "opponents", 1)
    turn = landing_rates(board, rules, jail, "turn")
    rows = []
    for ind in board.industries:
        cells = list(ind.cells)
        without = float(sum(turn[c] * board.cells[c].rent[0] for c in cells))
        with_ = float(sum(turn[c] * plot_rent(board, c, level, rules, monopoly=True) for c in cells))
        rows.append({"industry": ind.index, "name": ind.name(lang), "level": level, "without": without, "with": with_,
                     "premium": with_ - without, "ratio": with_ / without if without else math.inf,
                     "premium_per_round": (with_ - without) * opponents})
    return rows


def monopoly_premium(game: Game | GameState, board: Board | None = None, jail: str = "short") -> list[dict[str, Any]]:
    """Each seat's expected rent per opponent turn as things stand, and the part its complete industries add.

    ``rent`` is the seat's expected rent per opponent turn now (monopoly rule and buildings included,
    mortgaged plots earn nothing); ``without`` the same plots unbuilt at printed rent (no complete
    industry); ``premium = rent - without``; ``complete`` the indices of the industries the seat holds
    whole.

    >>> from millionaire import Game, RuleSet, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> for cell in (36, 38, 39):
    ...     game.state.owner[cell] = 1
    >>> [(r["seat"], r["complete"], round(r["premium"], 3)) for r in monopoly_premium(game)]
    [(0, (), 0.0), (1, (7,), 3.406)]
    """
    state, board, rules = _position(game, board)
    rates = landing_rates(board, rules, jail, "turn")
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    rows = []
    for seat in range(len(state.players)):
        rent = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
        without = _seat_income(board, rules, owner, level, mortgaged, seat, rates, plain=True)
        complete = tuple(i for i in range(len(board.industries)) if industry_owner(board, owner, mortgaged, i) == seat)
        rows.append({"seat": seat, "rent": rent, "without": without, "premium": rent - without, "complete": complete})
    return rows


def inequality(games: Game | GameState | Sequence[Game | GameState], board: Board | None = None,
               jail: str = "short") -> dict[str, Any] | list[dict[str, Any]]:
    """Inequality and monopoly power of a position, or of each position of a sequence (a trajectory).

    Parameters
    ----------
    games
        A :class:`~millionaire.engine.Game` or :class:`~millionaire.state.GameState`, or a sequence of
        them (for instance ``[game.state.copy() for _ in play_by_round(game)]``).
    board
        Only needed for states of a board that is not built in.

    Returns
    -------
    dict or list of dict
        ``round``, ``turns``, ``net_worth`` (by seat), ``gini`` (of net worth, bankrupt players
        counting 0), ``hhi`` (property ownership, :func:`ownership_hhi`), ``complete_industries``
        (how many industries one player holds whole), ``monopoly_premium`` (expected rent per opponent
        turn that complete industries add, all seats together: :func:`monopoly_premium`).

    Examples
    --------
    >>> from millionaire import Game, load_board
    >>> from millionaire.simulate import play_by_round
    >>> game = Game(load_board("millionaire-classic"), agents=["aggressive", "cautious", "random"], seed=4,
    ...             record_events=False)
    >>> rows = inequality([g.state.copy() for _, g in play_by_round(game, max_rounds=30)])
    >>> rows[0]["round"], rows[0]["gini"], rows[-1]["round"], rows[-1]["gini"] > 0
    (0, 0.0, 30, True)
    """
    from ..engine import Game
    from ..state import GameState

    if isinstance(games, (Game, GameState)):
        return _inequality_one(games, board, jail)
    return [_inequality_one(g, board, jail) for g in games]


def _inequality_one(game: Game | GameState, board: Board | None, jail: str) -> dict[str, Any]:
    state, board, _ = _position(game, board)
    worth = net_worths(state, board)
    premium = monopoly_premium(state, board, jail)
    finished_at_boundary = state.finished and state.reason.startswith(("round limit", "timed"))
    played = state.round - 1 if (not state.finished or finished_at_boundary) else state.round
    return {"round": played, "turns": state.turns, "net_worth": tuple(worth), "gini": gini(worth),
            "hhi": ownership_hhi(state, board), "complete_industries": sum(len(r["complete"]) for r in premium),
            "monopoly_premium": sum(r["premium"] for r in premium)}


__all__ = [
    "BANK_ITEMS", "EconomicsError", "PER", "bank_income", "expected_rent", "expected_rent_table", "format_economics",
    "gini", "gini_rows",
    "herfindahl", "industry_income", "inequality", "investment_table", "jackpot_break_even_box",
    "jackpot_distribution", "jackpot_expected_grid", "jackpot_expected_value", "jackpot_outcomes",
    "jackpot_return_per_bet", "landing_rates", "monopoly_premium", "monopoly_premium_table", "mortgage_interest",
    "mortgage_terms", "mortgage_to_build", "net_worths", "next_purchases", "ownership_hhi", "plot_rent",
    "rent_table",
]


# ---------------------------------------------------------------------- the report of `millionaire economics`
_REPORT = {
    "en": {
        "title": "{board}, opponents' jail strategy {jail!r}: exact expectations from the Markov chain.",
        "groups": "Rent of each {group} fully built ({large} on every plot; one owner), per opponent:",
        "group_word": ("colour group", "industry"),
        "view_roll": "  per roll:  probability that an opponent's roll ends on the plot (view per=\"roll\") × rent",
        "view_turn": "  per turn:  expected landings per opponent turn (view per=\"landing\") × rent",
        "view_round": "  per round: per turn × {n} opponents",
        "head": ("plots", "per roll", "per turn", "per round"),
        "bank": "Money one player gets from the bank (+) or pays it (-), per roll (view: the roll chain's long run,"
                " every roll including rolls in jail) and per turn (per roll × {rolls:.4f} rolls per turn):",
        "bank_head": ("item", "per roll", "per turn"),
        "items": {"circular_income": "circular income", "taxes": "taxes", "card_receipts": "card receipts",
                  "card_payments": "card payments", "bail": "bail (jail fine)", "net": "net from the bank",
                  "charity_fund": "into the charity fund (not in net)"},
        "counted": "Counted: money between the player and the bank only. Cards that depend on the player see the "
                   "start cash, no plots and no buildings. Left out: rent, purchases, auctions, buildings, mortgages, "
                   "the jackpot, cards that move money between players.",
        "jackpot": "Jackpot: expected return per unit bet {a:.4f} + {b:.4f} × (box + bet) / bet; a bet has positive "
                   "expectation once the box (before the bet) holds more than {ratio} × the bet.",
    },
    "ru": {
        "title": "{board}, стратегия соперников в задержании {jail!r}: точные ожидания по марковской цепи.",
        "groups": "Рента каждой {group} при полной застройке ({large} на каждом участке; один владелец), с одного соперника:",
        "group_word": ("цветовой группы", "отрасли"),
        "view_roll": "  за бросок: вероятность, что бросок соперника заканчивается на участке (вид per=\"roll\") × рента",
        "view_turn": "  за ход:    ожидаемое число попаданий за ход соперника (вид per=\"landing\") × рента",
        "view_round": "  за раунд:  за ход × число соперников ({n})",
        "head": ("участки", "за бросок", "за ход", "за раунд"),
        "bank": "Деньги, которые игрок получает от банка (+) или платит ему (-), за бросок (вид: предельное "
                "распределение цепи бросков, включая броски в задержании) и за ход (за бросок × {rolls:.4f} броска за ход):",
        "bank_head": ("статья", "за бросок", "за ход"),
        "items": {"circular_income": "круговой доход", "taxes": "налоги", "card_receipts": "выплаты по карточкам",
                  "card_payments": "платежи по карточкам", "bail": "штраф за выход из задержания",
                  "net": "итого от банка", "charity_fund": "в благотворительный фонд (не в итоге)"},
        "counted": "Учтены только деньги между игроком и банком. Карточки, зависящие от игрока, видят стартовый "
                   "капитал, ни одного участка и ни одной постройки. Не учтены: рента, покупки, аукционы, постройки, "
                   "залог, Джекпот, карточки с расчётами между игроками.",
        "jackpot": "Джекпот: ожидаемый возврат на единицу ставки {a:.4f} + {b:.4f} × (касса + ставка) / ставка; "
                   "ставка выгодна в среднем, когда в кассе (до ставки) больше {ratio} × ставка.",
    },
}


def format_economics(board: Board, rules: RuleSet | None = None, jail: str = "short", opponents: int = 3,
                     lang: str = "en") -> str:
    """The report printed by ``millionaire economics``: rent of each fully built industry per opponent
    roll, turn and round, money from the bank per roll and per turn, and (boards with a slot machine)
    the jackpot's break-even box. Each number says which view of the chain it uses.

    Examples
    --------
    >>> from millionaire import load_board
    >>> print(format_economics(load_board("monopoly-us")))  # doctest: +ELLIPSIS
    Monopoly (US), opponents' jail strategy 'short': exact expectations from the Markov chain.
    <BLANKLINE>
    Rent of each colour group fully built (hotel on every plot; one owner), per opponent:
    ...
      Dark blue   37, 39           85.32      101.24      303.71
    ...
      net from the bank                       +28.67      +34.02
    ...
    """
    rules = _rules(board, rules)
    text = _REPORT["ru" if lang == "ru" else "en"]
    chain = _chain(board, rules, jail)
    rows = industry_income(board, rules, jail, opponents=opponents, lang=lang)
    group = text["group_word"][0 if board.railroads else 1]
    large = board.large_building_ru if lang == "ru" else board.large_building_en
    lines = [text["title"].format(board=board.name(lang), jail=jail), "",
             text["groups"].format(group=group, large=large), text["view_roll"], text["view_turn"],
             text["view_round"].format(n=opponents)]
    names = [r["name"] for r in rows]
    cells = [", ".join(map(str, r["cells"])) for r in rows]
    w_name = max(map(len, names))
    w_cells = max(len(text["head"][0]), *map(len, cells))
    w = max(10, *(len(h) for h in text["head"][1:]))
    lines.append(f"  {'':<{w_name}}  {text['head'][0]:<{w_cells}}  " + "  ".join(f"{h:>{w}}" for h in text["head"][1:]))
    for name, where, r in zip(names, cells, rows):
        lines.append(f"  {name:<{w_name}}  {where:<{w_cells}}  {r['per_roll']:>{w}.2f}  {r['per_turn']:>{w}.2f}  "
                     f"{r['per_round']:>{w}.2f}")
    per_roll = bank_income(board, rules, jail, per="roll")
    per_turn = bank_income(board, rules, jail, per="turn")
    labels = [text["items"][k] for k in BANK_ITEMS]
    w_item = max(map(len, labels))
    lines += ["", text["bank"].format(rolls=chain.rolls_per_turn),
              f"  {text['bank_head'][0]:<{w_item}}  {text['bank_head'][1]:>{w}}  {text['bank_head'][2]:>{w}}"]
    for key, label in zip(BANK_ITEMS, labels):
        lines.append(f"  {label:<{w_item}}  {per_roll[key]:>+{w}.2f}  {per_turn[key]:>+{w}.2f}")
    lines.append(text["counted"])
    if board.slot_machine is not None:
        bet, machine = 1000, board.slot_machine.spin
        at_zero = jackpot_expected_value(bet, 0, machine)
        slope = jackpot_expected_value(bet, 1, machine) - at_zero  # the chance of the jackpot: each unit of box adds it
        intercept = (at_zero + bet) / bet - slope  # return per bet = intercept + slope × (box + bet) / bet
        ratio = jackpot_break_even_box(bet, machine) / bet
        lines += ["", text["jackpot"].format(a=float(intercept), b=float(slope), ratio=f"{float(ratio):g}")]
    return "\n".join(lines)
