"""The checks every simulation makes of its arguments, and the error they raise.

Each check returns the value it accepts (a plain ``int`` where a numpy integer was given) or raises
:class:`SimulationError` with a message naming the argument and the bad value.

Not here: checks of the rules themselves (:class:`~millionaire.rules.RuleSet` makes those) and of a
grid of rule changes (:mod:`.experiment`).

>>> _check_count("games", 0, 1)
Traceback (most recent call last):
...
millionaire.simulate.SimulationError: games must be an integer >= 1, got 0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..agents import STRATEGIES
from ..errors import MillionaireError
from ..rules import RuleSet


#: Strategies a simulation can seat (every bot of :mod:`millionaire.agents`; no humans).
BOT_STRATEGIES = (*STRATEGIES, "random")


class SimulationError(MillionaireError):
    """Arguments a simulation cannot run with (unknown strategy, too many players, no games, ...)."""


SimulationError.__module__ = "millionaire.simulate"  # the name it is imported by, and shown in tracebacks


def check_lineup(strategies: Sequence[str], rules: RuleSet) -> None:
    """Raise :class:`SimulationError` unless every strategy is a known bot and the rules allow this many players.

    >>> check_lineup(["cautious", "lucky"], RuleSet.classic())
    Traceback (most recent call last):
    ...
    millionaire.simulate.SimulationError: unknown strategy 'lucky' (known: cautious, aggressive, monopolist, random)
    """
    for name in strategies:
        if name not in BOT_STRATEGIES:
            raise SimulationError(f"unknown strategy {name!r} (known: {', '.join(BOT_STRATEGIES)})")
    count = len(strategies)
    if not rules.min_players <= count <= rules.max_players:
        raise SimulationError(f"these rules allow {rules.min_players} to {rules.max_players} players, got {count}")


def _check_count(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise SimulationError(f"{name} must be an integer >= {least}, got {value!r}")
    return int(value)


def _check_max_rounds(value: Any) -> int | None:
    """A round limit: an integer >= 1, or ``None`` for none."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1):
        raise SimulationError(f"max_rounds must be an integer >= 1 or None, got {value!r}")
    return None if value is None else int(value)
