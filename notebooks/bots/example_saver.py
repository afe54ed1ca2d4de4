"""An example bot for the class league.

Copy this file, name the copy after your team (``masha_petya.py``), and change the strategy. The
league enters every file of this folder: ``collect_bots("bots")`` in lesson 10.
"""

from millionaire import Action
from millionaire.agents import Agent


class Saver(Agent):
    """Buys a plot when the price leaves its reserve intact; stays out of auctions, the slot machine
    and trades; otherwise gives the first legal answer."""

    name = "saver"
    reserve = 300  # fants kept for rents. A setting: Saver(reserve=500) plays with 500

    def choose(self, game, decision):
        if decision.kind == "buy":
            spare = game.state.players[decision.player].cash - self.reserve
            return Action.buy() if game.board.cells[decision.cell].price <= spare else Action.decline()
        if decision.kind == "bid":
            return Action.pass_()
        if decision.kind == "jackpot":
            return Action.skip()
        if decision.kind == "trade_reply":
            return Action.reject()
        return decision.legal_actions()[0]
