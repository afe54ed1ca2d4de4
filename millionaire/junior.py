"""Millionaire Junior's own mechanics: the limits on buying a free property (a visitor who cannot pay
goes back to START, a player without a kiosk left buys nothing) and the half nobody could pay for,
offered free to the others (the ``present`` decision). A game under those rules plays with
:class:`Junior`, whose ``may_offer`` hook asks :func:`may_buy` before a purchase is offered; the
``present`` decision's handler answers with :func:`offer_present`.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-junior"), agents=["cautious"] * 2, seed=1)
>>> type(game.mechanics).__name__, may_buy(game, 0, game.board.ownable[0])
('Junior', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .mechanics import Mechanics
from .pending import PresentPending
from .rules import RuleSet

if TYPE_CHECKING:  # the engine asks these: no import at run time
    from .engine import Game


def purchase_limits(rules: RuleSet) -> bool:
    """True when the rules limit buying as Junior does (``RuleSet.unaffordable_to_start``,
    ``RuleSet.kiosks_per_player``).

    >>> purchase_limits(RuleSet.junior()), purchase_limits(RuleSet.classic())
    (True, False)
    """
    return rules.unaffordable_to_start or rules.kiosks_per_player is not None


class Junior(Mechanics):
    """The mechanics of a game under Junior's limits on buying (and otherwise the plain game's)."""

    def may_offer(self, game: Game, seat: int, cell: int) -> bool:
        """A purchase is offered within Junior's limits (:func:`may_buy`)."""
        return may_buy(game, seat, cell)


def may_buy(game: Game, seat: int, cell: int) -> bool:
    """Junior's limits on an offer: a visitor who cannot pay goes back to START
    (``RuleSet.unaffordable_to_start``; the half may then be offered to the others); one without a
    kiosk left is not offered the purchase (``RuleSet.kiosks_per_player``)."""
    state, rules = game.state, game.rules
    player = state.players[seat]
    price = game.board.cells[cell].price
    if rules.unaffordable_to_start and player.cash < price:
        player.position = 0
        game._event("to_start", seat, cell, price)
        if rules.present_unaffordable:
            count = len(state.players)
            offer_present(game, seat, cell, [(seat + i) % count for i in range(1, count)])
        return False
    if not game.kiosks_left(seat):
        game._event("no_kiosk", seat, cell)
        return False
    return True


def offer_present(game: Game, giver: int, cell: int, askers: list[int]) -> None:
    """Offer the half ``giver`` could not pay for, free, to the first of ``askers`` still playing
    with a kiosk left (``RuleSet.present_unaffordable``); the rest are asked if he declines."""
    players = game.state.players
    for position, seat in enumerate(askers):
        if not players[seat].bankrupt and game.kiosks_left(seat) > 0:
            game.state.pending = PresentPending(seat, cell, giver, askers[position + 1:])
            return
