"""Who may do what in a classroom game: the join code, the secrets, and the refusals.

A class joins one game with a six-digit **join code** shown on the teacher's screen. Each team that
joins gets a **seat secret** (``secrets.token_urlsafe``) that its browser keeps; only the holder of
a seat's secret acts for that seat, and a second device cannot take a seat that a team holds (the
teacher can give it to a bot, or free it for a new device). The teacher's page needs the
**teacher secret**, which the browser holds as a cookie (a one-time login link printed by the server
is exchanged for it, so no secret ever stays in an address bar or on the projector).

Guessing the code is slowed by :class:`JoinThrottle`: every failed attempt is counted by the
device's network address, across all its pages and connections, and after a few mistakes the device
must wait, longer after each; all devices together share a budget of failed attempts as well.
Team names are compared by their look (:func:`name_skeleton`), so ``Bот 1`` in mixed letters does not
pass for the bot of seat 1.

A refusal is a :class:`Refused` error that names what was refused and why, in either language.

Examples
--------
>>> code = new_join_code()
>>> len(code), code.isdigit()
(6, True)
>>> same_secret("abc", "abc"), same_secret("abc", "abd"), same_secret("", "")
(True, False, False)
>>> Refused("wrong_code", code="12").text("en")
"Wrong code 12: type the code shown on the teacher's screen."
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..words import word

#: How many digits a join code has: easy to type on a phone, read from across the room, and with
#: :class:`JoinThrottle` far too many to guess within a lesson (see its docstring for the odds).
CODE_DIGITS = 6
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


# Latin and Cyrillic letters (and digits) that look alike, mapped to one of them, so that look-alike
# names compare equal: "Bot 1" in Latin letters and "Bоt 1" with a Cyrillic о have one skeleton.
_LOOK_ALIKE = str.maketrans({"а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
                             "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "з": "3", "ч": "4", "б": "6",
                             "0": "o", "1": "l", "i": "l", "|": "l", "ь": "b", "п": "n", "и": "u", "л": "n"})


def name_skeleton(name: str) -> str:
    """What a name looks like: compatibility-normalised, case-folded, look-alike letters merged,
    spaces, punctuation and invisible marks dropped.

    >>> name_skeleton("Bot 1") == name_skeleton("BOT-1") == name_skeleton("B\u043et l")
    True
    >>> name_skeleton("Бот 1") == name_skeleton("бот1") == name_skeleton("Б\u006ft 1")
    True
    >>> name_skeleton("Foxes") == name_skeleton("Owls")
    False
    """
    text = unicodedata.normalize("NFKD", name).casefold()
    text = "".join(c for c in text if unicodedata.category(c)[0] in "LN")  # letters and digits only
    return text.translate(_LOOK_ALIKE)


@dataclass
class _Attempts:
    failures: int = 0
    next_allowed: float = 0.0


@dataclass
class JoinThrottle:
    """Counts failed join attempts by device (network address) and in all, and says when a device
    must wait before it may try again.

    A device may fail ``free_failures`` times with no wait (a team that mistypes twice still gets
    in); after that each failure doubles its wait, from one second up to ``longest_wait``. All
    devices that have failed share a bucket of ``shared_burst`` failures, refilled by one every
    ``shared_refill`` seconds. With the defaults and a six-digit code, 45 minutes of guessing from
    one device allows about 50 tries and from a whole subnet under 900: a chance under 0.1% to find
    the code (:meth:`most_tries`).

    >>> clock = [0.0]
    >>> throttle = JoinThrottle(now=lambda: clock[0])
    >>> throttle.wait("10.0.0.7"), throttle.failed("10.0.0.7"), throttle.failed("10.0.0.7"), throttle.failed("10.0.0.7")
    (0.0, 0.0, 0.0, 0.0)
    >>> throttle.failed("10.0.0.7"), throttle.failed("10.0.0.7")
    (1.0, 2.0)
    >>> throttle.wait("10.0.0.7"), throttle.wait("10.0.0.8")
    (2.0, 0.0)
    >>> JoinThrottle().most_tries(45 * 60, devices=1), JoinThrottle().most_tries(45 * 60)
    (52.0, 856.0)
    >>> JoinThrottle().most_tries(45 * 60) / 10 ** CODE_DIGITS < 0.001
    True
    """

    free_failures: int = 3
    longest_wait: float = 60.0
    shared_burst: int = 60
    shared_refill: float = 5.0
    now: Callable[[], float] = time.monotonic
    _devices: dict[str, _Attempts] = field(default_factory=dict)
    _bucket: float = -1.0
    _filled_at: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)
    total_failures: int = 0

    def wait(self, device: str) -> float:
        """Seconds ``device`` must wait before its next attempt (0 when it may try now)."""
        with self._lock:
            attempts = self._devices.get(device)
            if attempts is None or attempts.failures == 0:
                return 0.0
            own = max(0.0, attempts.next_allowed - self.now())
            shared = 0.0 if self._shared_left() >= 1 else (1 - self._shared_left()) * self.shared_refill
            return max(own, shared)

    def failed(self, device: str) -> float:
        """Count a failed attempt by ``device``; return the wait it now faces."""
        with self._lock:
            attempts = self._devices.setdefault(device, _Attempts())
            attempts.failures += 1
            self.total_failures += 1
            self._bucket = self._shared_left() - 1
            over = attempts.failures - self.free_failures
            delay = 0.0 if over <= 0 else min(self.longest_wait, 2.0 ** (over - 1))
            attempts.next_allowed = self.now() + delay
            return delay

    def devices(self) -> int:
        """How many devices have failed at least once."""
        with self._lock:
            return sum(1 for attempts in self._devices.values() if attempts.failures)

    def forget(self, devices: Iterable[str] = ()) -> None:
        """Start afresh (a new code): every device may try again at once."""
        with self._lock:
            self._devices.clear()
            self._bucket = float(self.shared_burst)
            self._filled_at = self.now()

    def most_tries(self, seconds: float, devices: int = 256) -> float:
        """At most how many attempts ``devices`` devices (a school subnet has at most 254) can make
        in ``seconds``: each device's own waits, and the shared bucket that holds back every device
        after its first failure."""
        one, clock, over = self.free_failures, 0.0, 0
        while True:
            over += 1
            clock += min(self.longest_wait, 2.0 ** (over - 1))
            if clock > seconds:
                break
            one += 1
        shared = self.shared_burst + seconds / self.shared_refill + devices
        return float(one if devices == 1 else min(one * devices, shared))

    def _shared_left(self) -> float:
        now = self.now()
        if self._bucket < 0:
            self._bucket, self._filled_at = float(self.shared_burst), now
        self._bucket = min(float(self.shared_burst), self._bucket + (now - self._filled_at) / self.shared_refill)
        self._filled_at = now
        return self._bucket
