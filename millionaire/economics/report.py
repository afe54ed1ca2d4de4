"""The text report printed by ``millionaire economics``: the rent of each industry, money from the
bank and the jackpot's break-even box, in English or Russian.

It only formats numbers computed by :mod:`.rent`, :mod:`.bank` and :mod:`.jackpot`; it computes
nothing of its own beyond the jackpot's line (intercept and slope of the return per bet).
"""

from __future__ import annotations

from ..board import Board
from ..rules import RuleSet
from ..words import texts
from .bank import BANK_ITEMS, bank_income
from .checks import _rules
from .jackpot import jackpot_break_even_box, jackpot_expected_value
from .rent import _chain, industry_income




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
    text = texts("ru" if lang == "ru" else "en", "econ_report")
    head, bank_head = text["head"].split("|"), text["bank_head"].split("|")
    chain = _chain(board, rules, jail)
    rows = industry_income(board, rules, jail, opponents=opponents, lang=lang)
    group = text["group_word"].split("|")[0 if board.railroads else 1]
    large = board.large_building_ru if lang == "ru" else board.large_building_en
    lines = [text["title"].format(board=board.name(lang), jail=jail), "",
             text["groups"].format(group=group, large=large), text["view_roll"], text["view_turn"],
             text["view_round"].format(n=opponents)]
    names = [r["name"] for r in rows]
    cells = [", ".join(map(str, r["cells"])) for r in rows]
    w_name = max(map(len, names))
    w_cells = max(len(head[0]), *map(len, cells))
    w = max(10, *(len(h) for h in head[1:]))
    lines.append(f"  {'':<{w_name}}  {head[0]:<{w_cells}}  " + "  ".join(f"{h:>{w}}" for h in head[1:]))
    for name, where, r in zip(names, cells, rows):
        lines.append(f"  {name:<{w_name}}  {where:<{w_cells}}  {r['per_roll']:>{w}.2f}  {r['per_turn']:>{w}.2f}  "
                     f"{r['per_round']:>{w}.2f}")
    per_roll = bank_income(board, rules, jail, per="roll")
    per_turn = bank_income(board, rules, jail, per="turn")
    labels = [text[f"item_{k}"] for k in BANK_ITEMS]
    w_item = max(map(len, labels))
    lines += ["", text["bank"].format(rolls=chain.rolls_per_turn),
              f"  {bank_head[0]:<{w_item}}  {bank_head[1]:>{w}}  {bank_head[2]:>{w}}"]
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
