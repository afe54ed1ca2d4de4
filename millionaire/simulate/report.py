"""The result of :func:`~millionaire.simulate.summarise` as text, in English or Russian: what
``millionaire simulate`` prints after its header.

It formats numbers only; :mod:`.summary` computes them.
"""

from __future__ import annotations

from typing import Any

from ..words import texts


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _number(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"




def format_summary(summary: dict[str, Any], lang: str = "en") -> str:
    """The result of :func:`summarise` as plain text in English (``"en"``) or Russian (``"ru"``).

    >>> from millionaire.simulate import GameSummary, summarise
    >>> game = GameSummary(seed=0, winner_seat=0, winner_strategy="cautious", rounds=40, turns=80,
    ...     seat_strategies=("cautious", "cautious"), reason="last player standing",
    ...     stopped_by_limit=False, net_worth=(5000, 0))
    >>> print(format_summary(summarise([game] * 10)))  # doctest: +NORMALIZE_WHITESPACE
    Win rate per strategy (wins per seat: games won ÷ games ÷ seats it holds; a fair share is 50.0%), 95% Wilson interval:
      cautious  seats 2    wins 10  50.0%  [36.1%, 50.0%]
    Win rate per seat (turn order after the seating lot), 95% Wilson interval:
      seat 1  wins 10  100.0%  [72.2%, 100.0%]
      seat 2  wins  0    0.0%  [0.0%, 27.8%]
    Game length in rounds: mean 40, median 40, 95% of games between 40 and 40
    Game length in turns: mean 80, median 80, 95% of games between 80 and 80
    Stopped by the round limit (the richest player declared the winner; lengths counted at the limit): 0 of 10 games (0.0%)
    """
    text = texts("ru" if lang == "ru" else "en", "summary")
    wins_width = len(str(summary["games"]))
    lines = [text["strategies"].format(fair=_percent(1 / summary["players"]))]
    width = max(len(name) for name in summary["strategies"])
    for name, row in summary["strategies"].items():
        lines.append(text["strategy"].format(
            name=name, width=width, seats=_number(row["seats"]), wins=row["wins"], w=wins_width,
            rate=_percent(row["rate"]), low=_percent(row["low"]), high=_percent(row["high"])))
    lines.append(text["seats"])
    seat_width = len(str(summary["players"]))
    for row in summary["seats"]:
        lines.append(text["seat"].format(
            seat=row["seat"], width=seat_width, wins=row["wins"], w=wins_width,
            rate=_percent(row["rate"]), low=_percent(row["low"]), high=_percent(row["high"])))
    if summary["no_winner"]:
        lines.append(text["no_winner"].format(n=summary["no_winner"]))
    for key in ("rounds", "turns"):
        spread = summary[key]
        lines.append(text[key].format(**{k: _number(spread[k]) for k in ("mean", "median", "low", "high")}))
    limit = summary["limit"]
    lines.append(text["limit"].format(n=limit["games"], games=summary["games"], share=_percent(limit["share"])))
    return "\n".join(lines)
