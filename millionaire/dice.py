"""Where a game's dice come from: a seeded generator, or faces given in advance (a test, a class's real dice).

A source gives one die at a time and keeps its place in the game's state (``GameState.dice``), so a
saved game, an undo and a copy carry on with the same dice. :class:`RandomDice` keeps there only the
generator's state and how many dice of the current batch are used (a few hundred characters in a
save, not the 4,096 dice drawn ahead); :class:`ScriptedDice` keeps how many of its faces are used.
``GameState.dice["buffer"]``, when present, holds dice set to come before the source's (the last
first): saves of earlier versions keep the dice they had drawn ahead there.

Examples
--------
>>> from millionaire import Action, Game, load_board
>>> dice = ScriptedDice([(3, 4), (1, 2)])
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], dice=dice, seed=1)
>>> game.apply(Action.roll()) and game.state.last_roll, game.state.dice
(7, {'scripted': 2})
>>> dice.add(6, 5)
>>> dice.left(game.state.dice)
4
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Protocol

import numpy as np

from .errors import MillionaireError

#: Dice a :class:`RandomDice` draws from its generator at once (numpy is fast in bulk).
BATCH: Final = 4096


class DiceError(MillionaireError):
    """Dice that cannot go on: scripted dice used up, or a save whose dice another source made."""


class DiceSource(Protocol):
    """What the engine asks of its dice (``Game(..., dice=...)``)."""

    #: False for a source that can run out (the engine then undoes a move that ran out of dice).
    endless: bool

    def start(self) -> dict[str, Any]:
        """The dice part of a new game's state (``GameState.dice``), JSON-safe."""
        ...

    def resume(self, dice: dict[str, Any]) -> None:
        """Check that a saved game's ``dice`` are this source's kind; DiceError if not."""
        ...

    def die(self, dice: dict[str, Any]) -> int:
        """The next face, 1 to 6, moving the place kept in ``dice`` (the game's ``GameState.dice``) on."""
        ...


class RandomDice:
    """Dice from numpy's PCG64 generator, seeded (``RandomDice(7)``), or a ``numpy.random.Generator``
    continued as it stands. The state keeps the generator's state the current batch was drawn from
    and the number used; the source reads them again whenever it is handed another state (a game
    loaded or restored), and draws that batch again.

    >>> import json
    >>> dice = RandomDice(7)
    >>> state = dice.start()
    >>> [dice.die(state) for _ in range(5)], state["used"]
    ([2, 6, 2, 1, 2], 5)
    >>> saved, other = json.loads(json.dumps(state)), RandomDice()  # a save, loaded by another game
    >>> [other.die(saved) for _ in range(3)] == [dice.die(state) for _ in range(3)]
    True
    """

    endless = True

    def __init__(self, seed: int | np.random.SeedSequence | np.random.Generator | None = None) -> None:
        self._generator = seed if isinstance(seed, np.random.Generator) else np.random.Generator(np.random.PCG64(seed))
        self._start: dict[str, Any] | None = None  # the generator state the batch below was drawn from
        self._batch = b""  # the faces in the order the dice come, a byte each
        self._after: dict[str, Any] = {}  # the generator state after the batch: the next batch's start
        self._place: dict[str, Any] | None = None  # the game's dice state read last, and its dice used
        self._used = 0

    def start(self) -> dict[str, Any]:
        return {"bit_generator": self._generator.bit_generator.state, "used": 0}

    def resume(self, dice: dict[str, Any]) -> None:
        if "bit_generator" not in dice:
            raise DiceError("this game's dice were scripted: carry it on with its ScriptedDice (dice=...)")

    def die(self, dice: dict[str, Any]) -> int:
        if dice is not self._place:  # another game's state, or this game's loaded or restored
            self._draw(dice["bit_generator"])
            self._place, self._used = dice, dice["used"]
        used = self._used
        if used >= BATCH:
            start = self._after
            dice["bit_generator"] = start
            self._draw(start)
            used = 0
        self._used = used + 1
        dice["used"] = used + 1
        return self._batch[used]

    def _draw(self, start: dict[str, Any]) -> None:
        """Make the batch the one drawn from ``start`` (drawn again only when it is another)."""
        if start != self._start:
            bits = self._generator.bit_generator
            bits.state = start
            # The dice come last drawn first; as bytes, no Python int is made for the faces never used.
            self._batch = self._generator.integers(1, 7, size=BATCH)[::-1].astype(np.uint8).tobytes()
            self._after = bits.state
        self._start = start


class ScriptedDice:
    """Dice given in advance, in the order they fall: pairs (``[(3, 4), (6, 6)]``) or single faces
    (one die, Junior's), joined with :meth:`add` as a class rolls its real dice. Used up, the move
    that needed another die is refused and undone (DiceError).

    >>> ScriptedDice([(3, 4), 5]).faces
    [3, 4, 5]
    >>> ScriptedDice([(3, 9)])
    Traceback (most recent call last):
    ...
    millionaire.dice.DiceError: scripted dice: a face 9 is not one of 1 to 6
    """

    endless = False

    def __init__(self, rolls: Iterable[Any] = ()) -> None:
        self.faces: list[int] = []
        for roll in rolls:
            self.add(*(roll if isinstance(roll, (tuple, list)) else (roll,)))

    def add(self, *faces: Any) -> None:
        """Put the faces of the next roll after the others (``dice.add(3, 4)``)."""
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise DiceError(f"scripted dice: a face {face!r} is not one of 1 to 6")
        self.faces.extend(faces)

    def left(self, dice: dict[str, Any]) -> int:
        """How many faces are still to come in the game whose ``GameState.dice`` is ``dice``."""
        return len(self.faces) - int(dice["scripted"])

    def start(self) -> dict[str, Any]:
        return {"scripted": 0}

    def resume(self, dice: dict[str, Any]) -> None:
        if "scripted" not in dice:
            raise DiceError("this game's dice came from a generator: carry it on without ScriptedDice")
        if dice["scripted"] > len(self.faces):
            raise DiceError(f"the game has used {dice['scripted']} scripted dice, but these dice have only "
                            f"{len(self.faces)}")

    def die(self, dice: dict[str, Any]) -> int:
        used: int = dice["scripted"]
        if used >= len(self.faces):
            raise DiceError(f"the scripted dice are used up after {used}: add the next roll with dice.add(...)")
        dice["scripted"] = used + 1
        return self.faces[used]
