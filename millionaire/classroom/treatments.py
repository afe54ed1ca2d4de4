"""Treatments: the rule changes a teacher can give one table of a lesson, in words a class understands.

Each treatment is one change to the edition's own :class:`~millionaire.rules.RuleSet`, the same
options lesson 09 varies with ``experiment`` (the income for passing START, the monopoly
multiplier, the starting cash, the cost of lifting a mortgage), and two policies: a wealth tax
paid with the income for START and a cap on the rent of plots. A treatment is offered for an
edition only when it changes that edition's rules (Junior has no mortgages, so no dearer credit, and no plots, so no rent control).
Amounts are the edition's own scaled (half, double), so the same treatment reads the same on every
board. The words (``treatment.*`` and ``treatment_about.*``) are in :mod:`millionaire.words`.

Examples
--------
>>> from millionaire.rules import RuleSet
>>> treatment_rules("no_start_income", RuleSet.classic()).circular_income
0
>>> treatment_rules("rich_start", RuleSet.monopoly()).start_cash
3000
>>> "dear_credit" in treatments_for("millionaire-junior"), "dear_credit" in treatments_for("millionaire-classic")
(False, True)
>>> treatment_text("en", "no_monopoly_doubling", "millionaire-classic")
'No monopoly doubling: a whole industry earns the plain rent (rent multiplier 1 instead of 2).'
>>> treatment_rules("wealth_tax", RuleSet.classic()).wealth_tax
Fraction(1, 50)
>>> "rent_control" in treatments_for("millionaire-junior"), "rent_control" in treatments_for("monopoly-us")
(False, True)
>>> treatment_text("en", "rent_control", "millionaire-classic")
'Rent control: the rent of a plot is at most 50% of its price, however built.'
>>> treatment_rules("land_tax", RuleSet.classic())
Traceback (most recent call last):
...
millionaire.classroom.seats.Refused: There is no treatment land_tax: choose one of standard, no_start_income, double_start_income, no_monopoly_doubling, monopoly_tripled, poor_start, rich_start, dear_credit, wealth_tax, rent_control.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..board import CellKind, load_board
from ..rules import RuleSet
from ..words import word
from .seats import Refused

#: Each treatment: the options it changes, as a function of the edition's own rules.
CHANGES: dict[str, Callable[[RuleSet], dict[str, Any]]] = {
    "standard": lambda base: {},
    "no_start_income": lambda base: {"circular_income": 0},
    "double_start_income": lambda base: {"circular_income": 2 * base.circular_income},
    "no_monopoly_doubling": lambda base: {"monopoly_multiplier": 1},
    "monopoly_tripled": lambda base: {"monopoly_multiplier": 3},
    "poor_start": lambda base: {"start_cash": base.start_cash // 2},
    "rich_start": lambda base: {"start_cash": 2 * base.start_cash},
    "dear_credit": lambda base: {"redemption_fee": Fraction(3, 10)},
    "wealth_tax": lambda base: {"wealth_tax": Fraction(1, 50)},
    "rent_control": lambda base: {"rent_cap": Fraction(1, 2)},
}
#: The treatments, in the order a teacher's list shows them.
TREATMENTS = tuple(CHANGES)


def _check(key: Any) -> str:
    if not isinstance(key, str) or key not in CHANGES:
        raise Refused("no_treatment", treatment=str(key)[:40], treatments=", ".join(TREATMENTS))
    return key


def treatment_rules(key: Any, base: RuleSet) -> RuleSet:
    """The rules of treatment ``key`` on an edition whose own rules are ``base``
    (:class:`~.seats.Refused` for a name that is not a treatment)."""
    return base.replace(**CHANGES[_check(key)](base))


@functools.lru_cache(maxsize=16)
def _has_plots(board: str) -> bool:
    """Whether ``board`` has plots, whose rent a cap can lower (the file read once per board: the
    teacher's pages ask on every drawing)."""
    return any(cell.kind is CellKind.PLOT for cell in load_board(board).cells)


def treatments_for(board: str) -> tuple[str, ...]:
    """The treatments that change the rules of ``board``'s edition (``standard`` first)."""
    base = RuleSet.for_board(board)
    usable = ["standard"]
    for key in TREATMENTS[1:]:
        changed = treatment_rules(key, base)
        if changed == base:
            continue
        if key == "dear_credit" and base.mortgage_rate == 0:
            continue  # no mortgages to lift (Junior)
        if key == "rent_control" and not _has_plots(board):
            continue  # no plots to cap (Junior: attractions)
        usable.append(key)
    return tuple(usable)


def treatment_name(lang: str, key: str) -> str:
    """The treatment's short name in ``lang``."""
    return word(lang, f"treatment.{_check(key)}")


def treatment_text(lang: str, key: str, board: str) -> str:
    """The treatment's name and what it changes on ``board``, with the numbers, in ``lang``."""
    base = RuleSet.for_board(board)
    rules = treatment_rules(key, base)
    about = word(lang, f"treatment_about.{key}", income=rules.circular_income, usual_income=base.circular_income,
                 multiplier=rules.monopoly_multiplier, usual_multiplier=base.monopoly_multiplier,
                 cash=rules.start_cash, usual_cash=base.start_cash,
                 fee=round(100 * rules.redemption_fee), usual_fee=round(100 * base.redemption_fee),
                 tax=round(100 * rules.wealth_tax), cap=round(100 * rules.rent_cap))
    return f"{treatment_name(lang, key)}: {about}"
