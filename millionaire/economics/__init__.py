"""The economics of the game: rents, expected income, payback, mortgages, the jackpot, the bank, inequality.

Every figure here is built from the rules the engine plays by (the board file, the
:class:`~millionaire.rules.RuleSet`, :mod:`millionaire.jackpot`, :mod:`millionaire.movement`) and from
the exact Markov chain of :mod:`millionaire.markov`. Nothing is simulated: the numbers are exact
expectations, so a learner can check them on paper and against a simulation.

One topic a module, every public name importable from here (``from millionaire.economics import gini``):

=================  ===================================================================================
``checks``         the argument checks every module shares, and :class:`EconomicsError`
``rent``           how often tokens land (:func:`landing_rates`), rent of a plot, tables of expected rent
``investment``     cost, income and payback of building; the best next purchase in a game
``mortgage``       a mortgage's terms and interest per round; mortgaging to build
``jackpot``        the slot machine's exact odds and the break-even box
``bank``           money from the bank per roll or per turn
``inequality``     Gini, Herfindahl, monopoly premium, for a position or a game
``report``         the text printed by ``millionaire economics``
=================  ===================================================================================

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

from .bank import BANK_ITEMS, bank_income
from .checks import PER, EconomicsError
from .inequality import (
    gini, gini_rows, herfindahl, herfindahl_rows, inequality, monopoly_premium, monopoly_premium_table, net_worths, ownership_hhi,
)
from .investment import investment_table, next_purchases
from .jackpot import (
    jackpot_break_even_box, jackpot_distribution, jackpot_expected_grid, jackpot_expected_value,
    jackpot_outcomes, jackpot_return_per_bet,
)
from .mortgage import mortgage_interest, mortgage_terms, mortgage_to_build
from .rent import (
    expected_rent, expected_rent_table, industry_income, landing_rates, level_name, plot_rent, rent_table,
)
from .report import format_economics

# Not in __all__, imported from here all the same: the type of a machine's spin function.
from .jackpot import SpinFunction  # noqa: F401

__all__ = [
    "BANK_ITEMS", "EconomicsError", "PER", "bank_income", "expected_rent", "expected_rent_table", "format_economics",
    "gini", "gini_rows",
    "herfindahl", "herfindahl_rows", "industry_income", "inequality", "investment_table", "jackpot_break_even_box",
    "jackpot_distribution", "jackpot_expected_grid", "jackpot_expected_value", "jackpot_outcomes",
    "jackpot_return_per_bet", "landing_rates", "level_name", "monopoly_premium", "monopoly_premium_table", "mortgage_interest",
    "mortgage_terms", "mortgage_to_build", "net_worths", "next_purchases", "ownership_hhi", "plot_rent",
    "rent_table",
]
