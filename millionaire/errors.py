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
    """An action that is not legal for the pending decision; the game state is left unchanged."""


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
