"""What building costs, what it earns and how fast it pays back: by industry, and as the best next
purchase open to a player in a game.

Income is expected rent per opponent turn from :mod:`.rent`, at the monopoly rent; a round is one
turn of each opponent. Not here: mortgages as a way to pay for buildings (:mod:`.mortgage`), the
rent tables themselves (:mod:`.rent`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board
from ..rules import RuleSet
from .checks import EconomicsError, _industry, _int, _opponents, _rules, _seat
from .rent import _seat_income, landing_rates, plot_rent

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


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
        if owner[cell] == seat and not game.build_problem(seat, cell, free=True):
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
