"""The kit's errors: each is a ``ValueError`` whose message says what was wrong and where."""

from __future__ import annotations

from typing import Any

from .words import refusal, word


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


class Refusal(str):
    """Why a move is refused: the English sentence itself (a refusal is a ``str``), with the key of
    its words in the catalogue (``refuse.<key>`` in :mod:`millionaire.words`) and the fields that
    fill them, so :func:`millionaire.words.refusal` says it in any language. ``""`` means no refusal.

    >>> reason = Refusal("bid_low", least=11)
    >>> reason, reason.key, reason.fields
    ('a bid must be at least 11', 'bid_low', {'least': 11})
    """

    key: str
    fields: dict[str, Any]

    def __new__(cls, key: str, **fields: Any) -> Refusal:
        self = super().__new__(cls, word("en", f"refuse.{key}", **fields))
        self.key = key
        self.fields = fields
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _refusal, (self.key, self.fields)


def _refusal(key: str, fields: dict[str, Any]) -> Refusal:
    """A :class:`Refusal` rebuilt from its key and fields (unpickling)."""
    return Refusal(key, **fields)


class IllegalActionError(MillionaireError):
    """An action that is not legal for the pending decision; the game state is left unchanged.

    The message names the action, the decision and the position in the kit's notation (see
    :mod:`millionaire.notation`, also in :attr:`position`), as a chess engine's names the board;
    :attr:`reason` is the rule it breaks alone, for a person at the table (``"a bid must be at least 11"``),
    a :class:`Refusal` whose :attr:`key` and :attr:`fields` give it in either language (:meth:`text`).

    >>> error = IllegalActionError("illegal action Action.roll(): the game is over", Refusal("game_over"),
    ...                            "monopoly-us r9")
    >>> str(error)
    'illegal action Action.roll(): the game is over; position: monopoly-us r9'
    >>> error.key, error.text("ru")
    ('game_over', 'Игра окончена.')
    """

    def __init__(self, message: str, reason: str = "", position: str = "") -> None:
        super().__init__(f"{message}; position: {position}" if position else message)
        self.reason = reason or message
        self.position = position

    @property
    def key(self) -> str:
        """The catalogue key of the reason (``""`` for a reason given as plain text)."""
        return self.reason.key if isinstance(self.reason, Refusal) else ""

    @property
    def fields(self) -> dict[str, Any]:
        """The values the reason's words are filled with."""
        return dict(self.reason.fields) if isinstance(self.reason, Refusal) else {}

    def text(self, lang: str, board: Any = None) -> str:
        """The reason as a sentence in ``lang``, cell names from ``board`` (see :func:`millionaire.words.refusal`)."""
        return refusal(lang, self.reason, board)


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
