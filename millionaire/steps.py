"""The engine's work queue: each step, ``[name, *arguments]`` (a :class:`~millionaire.kinds.TaskKind`
with the arguments of :data:`millionaire.kinds.TASKS`), carried out by the module whose concern it is.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=4)
>>> game.state.pending = None
>>> run(game, ["pay", 0, 1, 100, "rent"])
>>> game.state.players[0].cash, game.state.players[1].cash
(1900, 2100)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import auctions, card_play, credit, landing, turn
from .elite import elite_of

if TYPE_CHECKING:  # the engine runs the queue: no import at run time
    from .engine import Game


def run(game: Game, task: list[Any]) -> None:
    """Carry out one step of the work queue."""
    name: str = task[0]
    if name == "after_roll":  # the most frequent first
        turn.after_roll(game, task[1])
    elif name == "roll":
        turn.roll(game)
    elif name == "endturn":
        game._t_endturn()
    elif name == "land":
        landing.land(game, task[1], task[2], task[3], task[4], task[5])
    elif name == "pay":
        credit.pay(game, task[1], task[2], task[3], task[4])
    elif name == "draw":
        card_play.draw(game, task[1])
    elif name == "auction":
        auctions.start(game, task[1], task[2])
    elif name == "jailroll":
        turn.jail_roll(game)
    elif name == "release":
        turn.release(game, task[1], task[2])
    elif name == "choose":
        card_play.choose_step(game, task[1], task[2], task[3] if len(task) > 3 else None)
    elif name == "turn":
        turn.start(game)
    elif name == "window":
        game._t_window(task[1])
    elif name == "arrive":
        landing.arrive(game, task[1], task[2], task[3], task[4])
    elif name == "insured":
        elite_of(game).insured_task(game, task[1], task[2], task[3], task[4], task[5], task[6])
    else:  # pragma: no cover - saves are validated against kinds.TASKS
        raise AssertionError(f"unknown task {task!r}")
