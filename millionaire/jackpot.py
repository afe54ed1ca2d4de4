"""The Jackpot slot machine of Millionaire Classic, as data read from the board file.

The machine has three reels, one per column; a die roll picks the symbol of each reel (face 1 is
the first symbol listed). The same symbol on all three reels pays a multiple of the bet from the
``all_reels`` paytable; otherwise the same symbol on two adjacent reels pays from ``adjacent_pair``,
and two adjacent ``jackpot_symbol`` win the whole box. Every value lives in the board file's
``[slot_machine]`` table (see ``millionaire/boards/FORMAT.md``); :class:`SlotMachine` holds it and
:meth:`SlotMachine.from_table` checks it.

:data:`CLASSIC` is the machine of the built-in Millionaire Classic board, read from its file, and
:func:`spin` reads it; a game uses the machine of its own board (``board.slot_machine``).

Examples
--------
>>> spin(6, 6, 6)
Spin(outcome='three', symbol='seven', multiplier=50)
>>> spin(6, 6, 1)
Spin(outcome='jackpot', symbol='seven', multiplier=0)
>>> spin(1, 2, 4).outcome
'lose'
>>> CLASSIC.reels[0]
('blank', 'cherry', 'blank', 'plum', 'bell', 'seven')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

from .cards import Frozen
from .errors import MillionaireError

#: Reels of a machine and the faces of the die that spins each one.
REELS = 3
FACES = 6
_FIELDS = ("reels", "all_reels", "adjacent_pair", "jackpot_symbol")


class Spin(NamedTuple):
    """A spin's result: ``outcome`` is ``"three"``, ``"pair"``, ``"jackpot"`` (two adjacent jackpot
    symbols) or ``"lose"``; ``multiplier`` is the total payout in bets (0 for the box and for a loss)."""

    outcome: str
    symbol: str
    multiplier: int


class SlotMachineError(MillionaireError):
    """A ``[slot_machine]`` table that breaks the format; the message names the field and the reason."""


@dataclass(frozen=True)
class SlotMachine(Frozen):
    """Reels and paytable of a slot machine.

    ``reels[i][face - 1]`` is the symbol reel ``i`` shows for a die face; ``all_reels`` and
    ``adjacent_pair`` map a symbol to its total payout in bets; ``jackpot_symbol`` on two
    adjacent reels wins the box.

    >>> machine = SlotMachine.from_table({"reels": [["a", "b", "c", "d", "e", "f"]] * 3,
    ...     "all_reels": {"a": 4}, "adjacent_pair": {"b": 2}, "jackpot_symbol": "f"})
    >>> machine.spin(1, 1, 1), machine.spin(3, 2, 2).outcome, machine.spin(6, 6, 2).outcome
    (Spin(outcome='three', symbol='a', multiplier=4), 'pair', 'jackpot')
    """

    reels: tuple[tuple[str, ...], ...]
    all_reels: tuple[tuple[str, int], ...]
    adjacent_pair: tuple[tuple[str, int], ...]
    jackpot_symbol: str

    def spin(self, face1: int, face2: int, face3: int) -> Spin:
        """Read the three reels showing die faces ``face1..face3`` (each 1..6)."""
        first, second, third = self.reels
        a, b, c = first[face1 - 1], second[face2 - 1], third[face3 - 1]
        if a == b == c:
            for symbol, multiplier in self.all_reels:
                if symbol == a:
                    return Spin("three", symbol, multiplier)
        if a == b:  # the first two reels, then the last two
            paid = self._pair(a)
            if paid is not None:
                return paid
        if b == c:
            paid = self._pair(b)
            if paid is not None:
                return paid
        return Spin("lose", "", 0)

    def _pair(self, symbol: str) -> Spin | None:
        """What two equal neighbours showing ``symbol`` win (``None``: nothing)."""
        if symbol == self.jackpot_symbol:
            return Spin("jackpot", symbol, 0)
        for paying, multiplier in self.adjacent_pair:
            if paying == symbol:
                return Spin("pair", symbol, multiplier)
        return None

    @classmethod
    def from_table(cls, table: Any) -> SlotMachine:
        """Check a ``[slot_machine]`` table (as TOML reads it) and build the machine.

        Raises :class:`SlotMachineError` naming the field and the reason.

        >>> SlotMachine.from_table({"reels": [["a"] * 6] * 2, "all_reels": {}, "adjacent_pair": {},
        ...                         "jackpot_symbol": "a"})
        Traceback (most recent call last):
        ...
        millionaire.jackpot.SlotMachineError: field 'reels' must list 3 reels, got 2
        """
        if not isinstance(table, dict):
            raise SlotMachineError(f"must be a table, got {table!r}")
        unknown = sorted(set(table) - set(_FIELDS))
        if unknown:
            raise SlotMachineError(f"unknown field {unknown[0]!r} (allowed: {', '.join(_FIELDS)})")
        for name in _FIELDS:
            if name not in table:
                raise SlotMachineError(f"field {name!r} is missing")
        reels = _reels(table["reels"])
        jackpot = table["jackpot_symbol"]
        if not isinstance(jackpot, str) or not jackpot.strip():
            raise SlotMachineError(f"field 'jackpot_symbol' must be a non-empty string, got {jackpot!r}")
        if not _on_adjacent_reels(reels, jackpot):
            raise SlotMachineError(f"field 'jackpot_symbol': {jackpot!r} is not on two adjacent reels, so the box could never be won")
        every = _paytable(table["all_reels"], "all_reels")
        for symbol, _ in every:
            if not all(symbol in reel for reel in reels):
                raise SlotMachineError(f"field 'all_reels': {symbol!r} is not on every reel, so it could never pay")
        pairs = _paytable(table["adjacent_pair"], "adjacent_pair")
        for symbol, _ in pairs:
            if symbol == jackpot:
                raise SlotMachineError(f"field 'adjacent_pair': {symbol!r} is the jackpot symbol, which wins the box instead")
            if not _on_adjacent_reels(reels, symbol):
                raise SlotMachineError(f"field 'adjacent_pair': {symbol!r} is not on two adjacent reels, so it could never pay")
        return cls(reels=reels, all_reels=every, adjacent_pair=pairs, jackpot_symbol=jackpot)

    @property
    def symbols(self) -> list[str]:
        """Every symbol on the reels, each once, in the order they first appear."""
        return list(dict.fromkeys(symbol for reel in self.reels for symbol in reel))


def _reels(value: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or len(value) != REELS:
        got = len(value) if isinstance(value, list) else repr(value)
        raise SlotMachineError(f"field 'reels' must list {REELS} reels, got {got}")
    reels = []
    for number, reel in enumerate(value, start=1):
        if not isinstance(reel, list) or len(reel) != FACES:
            got = f"{len(reel)} symbols" if isinstance(reel, list) else repr(reel)
            raise SlotMachineError(f"field 'reels': reel {number} must list {FACES} symbols, one per die face, got {got}")
        for symbol in reel:
            if not isinstance(symbol, str) or not symbol.strip():
                raise SlotMachineError(f"field 'reels': reel {number} has {symbol!r}, not a symbol name")
        reels.append(tuple(reel))
    return tuple(reels)


def _paytable(value: Any, name: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise SlotMachineError(f"field {name!r} must be a table of symbol = multiplier, got {value!r}")
    rows = []
    for symbol, multiplier in value.items():
        if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
            raise SlotMachineError(f"field {name!r}: {symbol!r} must pay a whole multiple of the bet >= 1, got {multiplier!r}")
        rows.append((symbol, multiplier))
    return tuple(rows)


def _on_adjacent_reels(reels: tuple[tuple[str, ...], ...], symbol: str) -> bool:
    return any(symbol in left and symbol in right for left, right in zip(reels, reels[1:]))


def _builtin_machine() -> SlotMachine:
    """The machine of the built-in Millionaire Classic board file."""
    text = (resources.files("millionaire") / "boards" / "millionaire_classic.toml").read_text(encoding="utf-8")
    return SlotMachine.from_table(tomllib.loads(text)["slot_machine"])


#: The slot machine of the built-in Millionaire Classic board (read from its file).
CLASSIC = _builtin_machine()
#: Its reel (the same on each column), and its paytables as dicts: reading aids for the lessons.
STRIP = CLASSIC.reels[0]
THREE_OF_A_KIND = dict(CLASSIC.all_reels)
ADJACENT_PAIR = dict(CLASSIC.adjacent_pair)


def spin(face1: int, face2: int, face3: int) -> Spin:
    """Read the built-in classic machine showing die faces ``face1..face3`` (each 1..6)."""
    return CLASSIC.spin(face1, face2, face3)


def payout(result: Spin, bet: int, box_after_bet: int) -> tuple[int, int]:
    """Money paid to the player as (from the box, from the bank) for a spin.

    The bet is already in the box. A win takes the bet back out of the box and the rest from the
    bank; the jackpot takes the whole box (bet included) and nothing from the bank.

    >>> payout(spin(2, 2, 2), bet=10, box_after_bet=210)
    (10, 40)
    >>> payout(spin(6, 6, 2), bet=10, box_after_bet=210)
    (210, 0)
    """
    if result.outcome == "jackpot":
        return box_after_bet, 0
    if result.outcome == "lose":
        return 0, 0
    return bet, (result.multiplier - 1) * bet
