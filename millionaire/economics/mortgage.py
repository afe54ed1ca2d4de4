"""Mortgages as loans: what one raises and costs, its interest per round, and whether mortgaging some
plots to build on others pays.

The numbers are the engine's (``RuleSet.mortgage_rate`` and ``RuleSet.redemption_fee``). Not here:
the rent the plots earn (:mod:`.rent`), buying and building without a mortgage (:mod:`.investment`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board
from ..rules import RuleSet
from ..queries import industry_owner, mortgage_value, redemption_cost
from ..words import texts
from .checks import EconomicsError, _opponents, _ownable, _plot, _rounds, _rules, _seat
from .rent import _seat_income, landing_rates

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


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
    raised, cost = mortgage_value(board, rules, cell), redemption_cost(board, rules, cell)
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
        _rounds(d)
    rate = mortgage_terms(board, cell, rules)["fee_rate"]
    return [{"rounds": d, "total_rate": rate, "simple_per_round": rate / d,
             "compound_per_round": (1 + rate) ** (1 / d) - 1} for d in durations]




def _deal_error(lang: str, key: str, cell: int, info: Any, seat: int) -> str:
    """The message for a refused deal, e.g. ``_deal_error("en", "mortgaged", 39, info, 0)``."""
    lang = "ru" if lang == "ru" else "en"
    return texts(lang, "deal")[key].format(cell=cell, name=info.name(lang), seat=seat)


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
    rounds = _rounds(rounds)
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
