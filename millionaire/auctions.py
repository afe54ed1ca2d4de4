"""Auctions: of a property (declined by the player who landed on it, or a bankrupt's for the bank)
and, under ``RuleSet.building_auctions``, of a building the bank is short of. Bidders bid in turn
order after the current player; one who passes is out; the last bid standing wins.

Examples
--------
>>> from millionaire import Action, Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=4)
>>> cell = game.board.ownable[0]
>>> game.state.pending = None
>>> start(game, cell, -1)
>>> game.state.pending["kind"], game.state.pending["bidders"]
('bid', [1, 0])
>>> bid(game, game.state.pending, Action.bid(30))
>>> bid(game, game.state.pending, Action.pass_())
>>> game.state.owner[cell], game.state.players[1].cash
(1, 1970)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import credit, queries
from .actions import Action
from .events import BANK
from .pending import BidPending, WindowPending

if TYPE_CHECKING:  # the engine plays these steps: no import at run time
    from .engine import Game


def start(game: Game, cell: int, seller: int) -> None:
    """Auction ``cell`` for ``seller`` (the bank: -1) among the players still in the game."""
    state = game.state
    count = len(state.players)
    bidders = [(state.current + i) % count for i in range(1, count + 1)]
    bidders = [s for s in bidders if not state.players[s].bankrupt]
    if not bidders or (seller < 0 and state.owner[cell] >= 0):
        return
    state.pending = BidPending(bidders[0], cell, seller, bidders)


def bid(game: Game, data: BidPending, action: Action) -> None:
    """A bidder's answer (a bid or a pass); the auction closes when one bid stands or nobody bids."""
    state = game.state
    seat = data.player
    bidders = data.bidders
    position = bidders.index(seat)
    if action.kind == "bid":
        data.high, data.high_bidder = action.amount, seat
        position += 1
    else:
        bidders.remove(seat)
    if not bidders or bidders == [data.high_bidder]:
        close(game, data)
        if data.resume is not None and state.pending is None and not state.finished:
            state.pending = data.resume  # back to the window the building was ordered from
        return
    data.player = bidders[position % len(bidders)]
    state.pending = data


def close(game: Game, data: BidPending) -> None:
    """The winner pays and takes the property (or builds the building); nobody: the edition's mechanics say."""
    state = game.state
    cell, seller, winner, price = data.cell, data.seller, data.high_bidder, data.high
    if data.building:
        if winner >= 0:
            game._transfer(winner, BANK, price, "build")
            credit.build(game, winner, auctioned_building_site(game, winner, cell), free=True)
        return
    if winner < 0:
        game._event("auction", -1, cell, 0, seller)
        if seller == BANK:
            game.mechanics.unsold(game, cell)
        return
    game._transfer(winner, seller, price, "auction", ("auction", winner, cell, price, seller))
    state.owner[cell] = winner
    state.board_changes += 1
    game.mechanics.sold(game, cell)


def building_auction(game: Game, seat: int, cell: int, window: WindowPending) -> bool:
    """Start a housing-shortage auction if the bank has fewer buildings of the kind ordered on
    ``cell`` than the players who could build one (``RuleSet.building_auctions``)."""
    state = game.state
    large = state.level[cell] == game.rules.small_per_large
    left = game.supply()[1 if large else 0]
    count = len(state.players)
    if left is None or left >= count:  # cheap test first: no shortage is possible
        return False
    rivals = [other for other in ((seat + i) % count for i in range(1, count))
              if not state.players[other].bankrupt and building_sites(game, other, large)]
    if left > len(rivals):
        return False
    price = game.build_price(cell)
    state.pending = BidPending(seat, cell, BANK, [seat, *rivals], high=price - 1, building=True, resume=window)
    return True


def building_sites(game: Game, seat: int, large: bool, paid: bool = False) -> list[int]:
    """Plots where ``seat`` could build a building of that size now (large: the top level), in
    board order; ``paid``: the building is paid for already, so cash does not matter."""
    board, state, small = game.board, game.state, game.rules.small_per_large
    level = state.level
    cells = [c for i in game.complete_industries(seat) for c in board.industries[i].cells if (level[c] == small) == large]
    if game._own_checks():  # the rules' numbers, no refusal in words made for each plot turned down
        costs = game.costs()
        return sorted(c for c in cells if not queries.build_code(board, costs, state, seat, c, paid))
    return sorted(c for c in cells if not game.build_problem(seat, c, free=paid))


def auctioned_building_site(game: Game, winner: int, ordered: int) -> int:
    """Where the winner of a building auction builds: the plot ordered if it is his, else his first
    plot in board order where a building of that size may go."""
    if game.state.owner[ordered] == winner:
        return ordered
    return building_sites(game, winner, game.state.level[ordered] == game.rules.small_per_large, paid=True)[0]
