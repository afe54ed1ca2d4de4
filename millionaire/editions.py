"""The kit's four games in one list: which board, which rules, and which surfaces can show each.

Every part that offers a choice of game (the widgets, the classroom server, the command line, the
tests) reads :data:`EDITIONS` instead of keeping its own list, so a new edition shows up everywhere
it can at once, and nowhere it cannot. A surface that needs something an edition lacks says so here:
the landing explorers simulate two dice, so Junior's one die is not offered there.

Examples
--------
>>> [edition.key for edition in EDITIONS]
['millionaire-classic', 'monopoly-us', 'millionaire-elite', 'millionaire-junior']
>>> keys("explorers")
('millionaire-classic', 'monopoly-us', 'millionaire-elite')
>>> edition("millionaire-junior").players, edition("millionaire-junior").dice
((2, 4), 1)
>>> edition("chess")
Traceback (most recent call last):
...
ValueError: no edition 'chess': the kit has millionaire-classic, monopoly-us, millionaire-elite, millionaire-junior
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import BUILTIN_BOARDS
from .rules import RuleSet

#: What each surface is: ``table`` (the game table and the app), ``classroom`` (the classroom
#: server), ``explorers`` (LandingExplorer, InvestmentExplorer, MortgageLab, TournamentRunner: they
#: simulate landings with two dice), ``markov`` (the exact chain), ``print`` (print-and-play).
SURFACES = ("table", "classroom", "explorers", "markov", "print")


@dataclass(frozen=True)
class Edition:
    """One game of the kit: its board's key and file, its rule preset, and where it can be played."""

    key: str
    surfaces: frozenset[str]

    @property
    def file(self) -> str:
        """The board file in ``millionaire/boards/``."""
        return BUILTIN_BOARDS[self.key]

    @property
    def rules(self) -> RuleSet:
        """The rule preset the edition is played with."""
        return RuleSet.for_board(self.key)

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players."""
        rules = self.rules
        return rules.min_players, rules.max_players

    @property
    def dice(self) -> int:
        return self.rules.dice


_EVERYWHERE = frozenset(SURFACES)
#: The editions, in the order the surfaces offer them.
EDITIONS = (
    Edition("millionaire-classic", _EVERYWHERE),
    Edition("monopoly-us", _EVERYWHERE),
    Edition("millionaire-elite", _EVERYWHERE),
    Edition("millionaire-junior", _EVERYWHERE - {"explorers"}),
)


def edition(key: str) -> Edition:
    """The edition whose board is ``key``; ValueError naming the editions otherwise."""
    for found in EDITIONS:
        if found.key == key:
            return found
    raise ValueError(f"no edition {key!r}: the kit has {', '.join(e.key for e in EDITIONS)}")


def keys(surface: str) -> tuple[str, ...]:
    """The board keys of the editions that ``surface`` (one of :data:`SURFACES`) offers."""
    if surface not in SURFACES:
        raise ValueError(f"no surface {surface!r}: choose one of {', '.join(SURFACES)}")
    return tuple(e.key for e in EDITIONS if surface in e.surfaces)
