"""Who may do what in a classroom game: the join code, the secrets, and the refusals.

A class joins one game with a short **join code** shown on the teacher's screen. Each team that
joins gets a **seat secret** (``secrets.token_urlsafe``) that its browser keeps; only the holder of
a seat's secret acts for that seat, and a second device cannot take a seat that a team holds (the
teacher can give it to a bot, or free it for a new device). The teacher's page needs the
**teacher secret**, printed in the address when the server starts.

A refusal is a :class:`Refused` error that names what was refused and why, in either language.

Examples
--------
>>> code = new_join_code()
>>> len(code), code.isdigit()
(4, True)
>>> same_secret("abc", "abc"), same_secret("abc", "abd"), same_secret("", "")
(True, False, False)
>>> Refused("wrong_code", code="12").text("en")
"Wrong code 12: type the code shown on the teacher's screen."
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from ..words import word

#: How many digits a join code has: easy to type on a phone, read from across the room.
CODE_DIGITS = 4
#: The longest team name (it must fit beside the board and in the players' table).
TEAM_NAME_MOST = 24
#: The kinds of seat: ``open`` (no team holds it; a bot plays it once the game runs), ``team`` (a
#: team's device holds its secret), ``bot`` (the teacher gave it to a bot).
SEAT_KINDS = ("open", "team", "bot")


class Refused(Exception):
    """Something a team or the teacher asked for and may not do; nothing was changed.

    ``key`` names the reason (a ``classroom.*`` word) and ``fields`` fill it in; :meth:`text` says
    it in a language.
    """

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(word("en", f"classroom.{key}", **fields))
        self.key = key
        self.fields = fields

    def text(self, lang: str) -> str:
        """Why, in ``lang`` (``"en"`` or ``"ru"``)."""
        return word(lang, f"classroom.{self.key}", **self.fields)


class IllegalMove(Refused):
    """The engine refused a move (its reason, translated by :func:`millionaire.words.refusal`)."""

    def __init__(self, reason: str, board: Any) -> None:
        Exception.__init__(self, reason)
        self.key = "illegal"
        self.reason = reason
        self.board = board
        self.fields = {}

    def text(self, lang: str) -> str:
        from ..words import refusal

        return refusal(lang, self.reason, self.board)


@dataclass
class Seat:
    """One seat of the game: who plays it, with which secret, and which bot plays it when no team does."""

    number: int
    kind: str = "open"
    team: str = ""
    secret: str = ""
    strategy: str = "cautious"


def new_join_code() -> str:
    """A fresh join code: :data:`CODE_DIGITS` random digits."""
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def new_secret() -> str:
    """A fresh secret for a seat or the teacher (URL-safe, 128 bits)."""
    return secrets.token_urlsafe(16)


def same_secret(given: str, kept: str) -> bool:
    """True when ``given`` is the secret ``kept`` (compared in constant time; an empty one never matches)."""
    if not isinstance(given, str) or not given or not kept:
        return False
    return hmac.compare_digest(given.encode(), kept.encode())


def clean_team_name(name: Any) -> str:
    """The team name with spaces trimmed, or :class:`Refused` when it is empty, too long or not text.

    >>> clean_team_name("  Foxes ")
    'Foxes'
    >>> clean_team_name("")
    Traceback (most recent call last):
    ...
    millionaire.classroom.seats.Refused: Write a team name of 1 to 24 letters.
    """
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not text or len(text) > TEAM_NAME_MOST or not text.isprintable():
        raise Refused("bad_team", most=TEAM_NAME_MOST)
    return text
