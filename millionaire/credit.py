"""Owing and raising money: a payment the payer can make, one he must raise money for (the ``raise``
decision) or one that bankrupts him; what the bank pays and takes for buildings and mortgages; a
trade carried out; a bankruptcy and what becomes of the bankrupt's holdings.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=4)
>>> pay(game, 0, 1, 300, "rent")
>>> game.state.players[0].cash, game.state.players[1].cash
(1700, 2300)
>>> pay(game, 0, 1, 5000, "rent")
>>> game.state.players[0].bankrupt, game.finished
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Trade
from .events import BANK
from .pending import RaisePending

if TYPE_CHECKING:  # the engine plays these steps: no import at run time
    from .engine import Game


def pay(game: Game, payer: int, payee: int, amount: int, reason: str) -> None:
    """``payer`` pays ``amount``: at once if he has the cash; else he is asked to raise it (the
    payment waits as the next step) or, if selling everything would not raise it, goes bankrupt."""
    state = game.state
    if payer >= 0 and state.players[payer].bankrupt:
        return
    if payee >= 0 and state.players[payee].bankrupt:
        return
    if payer < 0 or state.players[payer].cash >= amount:
        game._transfer(payer, payee, amount, reason)
        return
    if game.liquidation_value(payer) >= amount:
        state.tasks.append(["pay", payer, payee, amount, reason])
        state.pending = RaisePending(payer, amount, payee)
        return
    bankrupt(game, payer, payee, amount, reason)


def build(game: Game, seat: int, cell: int, free: bool = False) -> None:
    """One building more on ``cell``, paid for by ``seat`` (``free``: paid already)."""
    state = game.state
    state.level[cell] += 1
    state.board_changes += 1
    event = ("build", seat, cell, state.level[cell])
    if free:
        game._event(*event)
    else:
        game._transfer(seat, BANK, game.build_price(cell), "build", event)


def sell(game: Game, seat: int, cell: int) -> None:
    """``seat`` sells a building of ``cell`` to the bank at ``RuleSet.building_sell_rate`` of its price."""
    state, rules = game.state, game.rules
    half = game.costs().sale[cell]
    top = rules.small_per_large + 1
    state.board_changes += 1
    if state.level[cell] == top:
        removed = break_large(game, cell)
    else:
        removed = 1
        state.level[cell] -= 1
    game._transfer(BANK, seat, half * removed, "sale", ("sell", seat, cell, state.level[cell]))


def break_large(game: Game, cell: int) -> int:
    """Sell the large building of ``cell``: it goes back to as many small ones as the bank can
    give, and plots of the industry with more come down so the industry stays even (levels
    differ by at most one). Returns the buildings sold, counting each level as one.

    A level counts the buildings paid for: the large building stands for ``small_per_large``
    small ones plus itself, so the money back is half the building price per level removed.
    """
    state, rules = game.state, game.rules
    level, small, top = state.level, rules.small_per_large, rules.small_per_large + 1
    small_left = game.supply()[0]
    others = [c for c in game.board.industries[game.board.cells[cell].industry].cells if c != cell]
    before = level[cell] + sum(level[c] for c in others)
    if small_left is None:
        level[cell] = small
        return before - level[cell] - sum(level[c] for c in others)
    # Small buildings the industry may hold after the sale: those on it now plus the bank's.
    budget = small_left + sum(level[c] for c in others if level[c] < top)
    for target in range(small, -1, -1):
        # Each other plot keeps at most target + 1 (staying large only if target + 1 is the top).
        keep = [min(level[c], target + 1) for c in others]
        need = target + sum(k for k in keep if k < top)
        # Bring other plots down to the target, one at a time in board order, until it fits.
        for position in range(len(keep)):
            if need <= budget:
                break
            if target < keep[position] < top:
                need -= keep[position] - target
                keep[position] = target
        if need <= budget:
            level[cell] = target
            for other, new in zip(others, keep):
                level[other] = new
            break
    return before - level[cell] - sum(level[c] for c in others)


def mortgage(game: Game, seat: int, cell: int) -> None:
    """``seat`` mortgages ``cell``: the bank lends its mortgage value."""
    game.state.mortgaged[cell] = True
    game.state.board_changes += 1
    value = game.mortgage_value(cell)
    game._transfer(BANK, seat, value, "mortgage", ("mortgage", seat, cell, value))


def redeem(game: Game, seat: int, cell: int) -> None:
    """``seat`` redeems ``cell``: he pays back the loan and the fee."""
    cost = game.redemption_cost(cell)
    game._transfer(seat, BANK, cost, "redeem", ("redeem", seat, cell, cost))
    game.state.mortgaged[cell] = False
    game.state.board_changes += 1


def trade(game: Game, seat: int, offer: Trade) -> None:
    """Carry out a trade ``seat`` offered and its partner accepted (it lapses if it no longer fits)."""
    state = game.state
    if game.trade_problem(seat, offer):  # things changed since the offer: it lapses
        return
    partner = offer.partner
    state.board_changes += 1
    for cell in offer.give_cells:
        state.owner[cell] = partner
    for cell in offer.take_cells:
        state.owner[cell] = seat
    game._transfer(seat, partner, offer.give_cash, "trade")
    game._transfer(partner, seat, offer.take_cash, "trade")
    for cells, receiver in ((offer.give_cells, partner), (offer.take_cells, seat)):
        fees = sum(game.mortgage_transfer_fee(c) for c in cells if state.mortgaged[c])
        game._transfer(receiver, BANK, fees, "fee")
    for cards, source, target in ((offer.give_cards, seat, partner), (offer.take_cards, partner, seat)):
        for card in cards:
            state.players[source].cards.remove(list(card))
            state.players[target].cards.append(list(card))
    if game.record_events:  # the trade's words (its JSON) are written when the log is read
        game._recorded.append(("trade", seat, -1, 0, partner, offer))


def bankrupt(game: Game, seat: int, creditor: int, debt: int, reason: str) -> None:
    """``seat`` cannot pay ``debt`` to ``creditor``: his holdings go to the creditor or back to the
    bank (auctioned under ``RuleSet.bankruptcy_to_bank``), and the game ends if the rules say so."""
    state, rules = game.state, game.rules
    player = state.players[seat]
    owned = game.owned(seat)
    auction: list[int] = []
    fees = 0
    state.board_changes += 1
    if creditor >= 0 and rules.bankruptcy_to_player == "to_creditor":
        for cell in owned:  # buildings are sold to the bank at half price first
            if state.level[cell]:
                half = game.costs().sale[cell]
                game._transfer(BANK, seat, half * state.level[cell], "sale")
                state.level[cell] = 0
        game._transfer(seat, creditor, player.cash, "bankruptcy")
        for cell in owned:
            state.owner[cell] = creditor
            if state.mortgaged[cell]:
                fees += game.mortgage_transfer_fee(cell)
        state.players[creditor].cards.extend(player.cards)
        player.cards = []
    else:
        paid = player.cash
        game._transfer(seat, creditor, paid, "debt")
        if creditor >= 0:
            game._transfer(BANK, creditor, debt - paid, "bankruptcy")
        for cell in owned:
            state.owner[cell] = -1
            state.level[cell] = 0
            state.mortgaged[cell] = False
        if creditor < 0 and rules.bankruptcy_to_bank == "auction":
            auction = owned
        for card in list(player.cards):
            game._return_card(seat, card)
    game.mechanics.bankrupt(game, seat)
    player.bankrupt = True
    player.detained = False
    game._event("bankrupt", seat, -1, debt, creditor, reason)
    if state.pending is not None and state.pending.player == seat:
        state.pending = None
    active = state.active_seats()
    if fees and (len(active) <= 1 or rules.end_at_first_bankruptcy):
        # The game ends here, with no turn left to raise money in: the fee comes out of the cash
        # the creditor holds now (he has just received the bankrupt's).
        game._transfer(creditor, BANK, min(fees, state.players[creditor].cash), "fee")
        fees = 0
    if len(active) <= 1:
        state.tasks.clear()
        game._finish(active[0] if active else -1, "last player standing")
        return
    if rules.end_at_first_bankruptcy:
        state.tasks.clear()
        game._finish(game._richest(), "first bankruptcy: the richest")
        return
    if seat == state.current:
        state.tasks.clear()
        state.tasks.append(["endturn"])
    if fees:
        state.tasks.append(["pay", creditor, BANK, fees, "fee"])
    for cell in reversed(auction):
        state.tasks.append(["auction", cell, BANK])
