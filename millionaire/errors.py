"""The kit's errors: each is a ``ValueError`` whose message says what was wrong and where."""

from __future__ import annotations


class MillionaireError(ValueError):
    """Base class of every error the kit raises on bad input."""


class BoardFileError(MillionaireError):
    """A board file that cannot be used.

    The message names the file, the cell (or industry, deck card) and the field, for example
    ``millionaire_classic.toml: cell 7 (Bakery): field 'rent': values must increase, got [8, 40, 30, 300, 600]``.
    """

    def __init__(self, source: str, where: str, message: str) -> None:
        self.source = source
        self.where = where
        self.detail = message
        super().__init__(f"{source}: {where}: {message}" if where else f"{source}: {message}")


class IllegalActionError(MillionaireError):
    """An action that is not legal for the pending decision; the game state is left unchanged.

    The message names the action, the decision and the position in the kit's notation (see
    :mod:`millionaire.notation`, also in :attr:`position`), as a chess engine's names the board;
    :attr:`reason` is the rule it breaks alone, for a person at the table (``"a bid must be at least 11"``).

    >>> str(IllegalActionError("illegal action Action.roll(): the game is over", "the game is over", "monopoly-us r9"))
    'illegal action Action.roll(): the game is over; position: monopoly-us r9'
    """

    def __init__(self, message: str, reason: str = "", position: str = "") -> None:
        super().__init__(f"{message}; position: {position}" if position else message)
        self.reason = reason or message
        self.position = position


class SaveFileError(MillionaireError):
    """A saved game (JSON) that is damaged or does not describe a legal state."""


def shown(value: object) -> str:
    """A value for an error message: its ``repr``, cut short when long; a number too long to print
    usefully (or at all: Python prints no integer of more than 4,300 digits) by its length.

    >>> shown(-5), shown("x"), shown(10**50), len(shown([0] * 100))
    ('-5', "'x'", 'a number of more than 40 digits', 240)
    """
    if isinstance(value, int) and abs(value) >= 10**40:
        return "a number of more than 40 digits"
    text = repr(value)
    return text if len(text) <= 240 else text[:237] + "..."
