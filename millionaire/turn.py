"""A player's turn as the engine plays it: the roll (one die or two, doubles, the third double's
detention), leaving detention (a double, the fine, a release card) and the window after the roll.

Each function is a step of the work queue (:class:`~millionaire.kinds.TaskKind`) or a part of one,
called by the engine with the game; the end of a turn and the windows between turns stay in
:class:`~millionaire.engine.Game`.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=4)
>>> detain(game, 0)
>>> game.state.players[0].detained, game.state.players[0].position == game.board.jail
(True, True)
>>> release(game, 0, "release card")
>>> game.state.players[0].detained, game.log()[-1]
(False, 'Anna leaves Tax Inspection (release card).')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import card_play, landing, movement
from .events import BANK
from .mechanics import insured_step
from .pending import ManagePending, RollPending

if TYPE_CHECKING:  # the engine plays these steps: no import at run time
    from .engine import Game


def start(game: Game) -> None:
    """A turn begins: the game ends at the round limit; a card kept until it can be carried out
    comes first; else the current player is asked to roll."""
    state = game.state
    if game.round_limit is not None and state.round > game.round_limit:
        game._finish(game._richest(), "round limit: the richest")
        return
    state.doubles = 0
    if game._keep_owed and state.players[state.current].cards and owed_card(game, state.current):
        return  # a kept card is carried out first; the turn starts again after it
    state.pending = RollPending(state.current)


def owed_card(game: Game, seat: int) -> bool:
    """Carry out the first card ``seat`` keeps until it can be (``RuleSet.keep_until_possible``) that
    now can: it goes under its deck and its choice is asked, then the turn starts. False if none."""
    board = game.board
    for card in game.state.players[seat].cards:
        effect = board.decks[card[0]].cards[card[1]].effect
        if effect in card_play.OWED_EFFECTS and game.card_options(seat, effect):
            game._return_card(seat, card)
            game._event("kept_card_due", seat, -1, 0, -1, f"{card[0]}:{card[1]}")
            game.state.tasks.append(["turn"])
            game.state.tasks.append(["choose", effect, None])
            return True
    return False


def _roll_words(first: int, second: int) -> str:
    """How the roll event writes the faces: ``"3+4"``, one die ``"5"``.

    >>> _roll_words(3, 4), _roll_words(5, 0)
    ('3+4', '5')
    """
    return f"{first}+{second}" if second else str(first)


#: :func:`_roll_words` of every pair of faces 1 to 6 (0: no second die), made once.
_ROLL_WORDS = [[_roll_words(first, second) for second in range(7)] for first in range(7)]


def roll_dice(game: Game, seat: int) -> tuple[int, int]:
    """Roll the rules' dice; one die comes back as ``(die, 0)`` (``RuleSet.dice``)."""
    if game._one_die:
        first, second = game._die(), 0
    else:
        first, second = game._two_dice()
    game.state.last_roll = first + second
    if game.record_events:
        words = _ROLL_WORDS[first][second] if 0 < first <= 6 and 0 <= second <= 6 else _roll_words(first, second)
        game._recorded.append(("roll", seat, -1, first + second, -1, words))
    return first, second


def roll(game: Game) -> None:
    """The current player rolls and moves (the third double: to detention instead)."""
    state = game.state
    seat = state.current
    player = state.players[seat]
    first, second = roll_dice(game, seat)
    move = movement.roll_move(game.board, game.rules, player.position, state.doubles, first, second)
    state.doubles = move.doubles
    if move.to_jail:
        detain(game, seat)
        state.tasks.append(["after_roll", False])
        return
    income = movement.income_due(game.rules, move.passed_start, move.destination, True, False)
    state.tasks.append(["after_roll", first == second])
    landing.land(game, move.destination, income, "roll", 1, 0)  # at once: it is the next task anyway


def jail_roll(game: Game) -> None:
    """A detained player rolls: he waits, leaves on a double, or pays the fine after the last try."""
    state = game.state
    seat = state.current
    player = state.players[seat]
    first, second = roll_dice(game, seat)
    result = movement.jail_roll(game.rules, player.jail_turns, first, second)
    tasks = state.tasks
    tasks.append(["after_roll", False])
    if result.outcome == "stay":
        player.jail_turns += 1
        game._event("wait", seat, game.board.jail)
        return
    destination, passed = movement.step(game.board, player.position, result.steps)
    tasks.append(["land", destination, movement.income_due(game.rules, passed, destination, True, False), "roll", 1, 0])
    if result.outcome == "free":
        release(game, seat, "rolled a double")
    else:
        tasks.append(["release", seat, "paid the fine"])
        if game.mechanics.fine_covered and game.mechanics.asks_claim(game, seat, "tax", game.rules.jail_fine > 0):
            tasks.append(insured_step(seat, "tax", game.rules.jail_fine, BANK, "jail"))
            return
        due = fine(game, seat)
        if due:
            tasks.append(["pay", seat, BANK, due, "jail"])


def fine(game: Game, seat: int) -> int:
    """The fine for leaving detention that ``seat`` pays himself: all of it, or (Elite, under
    ``RuleSet.tax_policy_covers_fine``) what his tax policy does not cover."""
    due = game.rules.jail_fine
    return game.mechanics.claim(game, seat, "tax", due, BANK) if game.mechanics.fine_covered else due


def release(game: Game, seat: int, how: str) -> None:
    """``seat`` leaves detention (``how``: the words of the log)."""
    player = game.state.players[seat]
    player.detained = False
    player.jail_turns = 0
    game._event("release", seat, player.position, 0, -1, how)


def detain(game: Game, seat: int) -> None:
    """``seat``'s token goes to detention."""
    player = game.state.players[seat]
    player.position = game.board.jail
    player.detained = True
    player.jail_turns = 0
    game._event("detain", seat, game.board.jail)


def after_roll(game: Game, again: bool) -> None:
    """The window after the cell is dealt with (``again``: a double lets him roll again)."""
    state = game.state
    seat = state.current
    player = state.players[seat]
    if player.bankrupt:
        state.tasks.append(["endturn"])
        return
    state.pending = ManagePending(seat, bool(again and not player.detained))
