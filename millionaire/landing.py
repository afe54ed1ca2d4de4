"""Landing on a cell: the token's arrival (income on the way, then the wealth tax and the holding tax
where the rules have them) and what the cell does: a purchase offered, rent owed, a card drawn, a tax, the fund, the slot
machine, detention, or the edition's own cell (its mechanics' ``landed``).

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=4)
>>> cell = game.board.ownable[0]
>>> game.state.pending = None
>>> land(game, cell, False, "card", 1, 0)
>>> game.state.pending["kind"], game.state.pending["cell"] == cell, game.state.players[0].position == cell
('buy', True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import credit, queries, turn
from .board import CellKind
from .events import BANK, FUND
from .mechanics import insured_step
from .pending import BuyPending, JackpotPending

if TYPE_CHECKING:  # the engine plays these steps: no import at run time
    from .engine import Game


def land(game: Game, cell: int, income: bool, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
    """The current player's token reaches ``cell`` (``how``: ``"roll"``, ``"card"`` or ``"jump"``),
    with the circle's income if it passed or stopped on START (``income``)."""
    state = game.state
    seat = state.current
    player = state.players[seat]
    player.position = cell
    if game.record_events:
        game._recorded.append(("move", seat, cell, 0, -1, how))
    if income:
        amount = game.rules.circular_income
        game._transfer(BANK, seat, amount, "income", ("income", seat, cell, amount))  # cell: passed or stopped on
        wealth = queries.wealth_tax(game.board, game.rules, state, seat, game.costs())  # on the net worth with the income
        mechanics = game.mechanics
        tax = mechanics.start_tax(game, seat)
        if tax and not game._tax_first:
            state.tasks.append(mechanics.holding_tax(game, seat, tax))  # after the cell is dealt with
            tax = 0
        if wealth > player.cash or (tax and (player.cash < tax + wealth or mechanics.asks_claim(game, seat, "tax", True))):
            # to be raised (or a bankruptcy, or asked of the policy) before the cell is dealt with
            state.tasks.append(["arrive", cell, how, rent_multiplier, dice_multiplier])
            if tax:
                state.tasks.append(mechanics.holding_tax(game, seat, tax))
            if wealth:
                state.tasks.append(["pay", seat, BANK, wealth, "wealth_tax"])  # first: owed like any payment
            return
        game._transfer(seat, BANK, wealth, "wealth_tax")
        game._transfer(seat, BANK, tax, "holding_tax")
    arrive(game, cell, how, rent_multiplier, dice_multiplier)


def arrive(game: Game, cell: int, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
    """Deal with the cell the current player's token has reached."""
    state, board = game.state, game.board
    seat = state.current
    player = state.players[seat]
    arrival = game._arrivals[cell][how == "roll"]
    if arrival.action == "detain":
        turn.detain(game, seat)
        return
    info = board.cells[cell]
    tasks = state.tasks
    action = arrival.action
    if action == "stay" and game._ownable[cell]:  # the common case first: a property
        owner = state.owner[cell]
        if owner < 0:
            offer(game, cell)
        elif owner != seat:
            owe_rent(game, seat, owner, cell, how, rent_multiplier, dice_multiplier)
        return
    if arrival.action == "jump":
        tasks.append(["pay", seat, FUND, info.amount, "fine"])
        tasks.append(["land", arrival.cell, False, "jump", 1, 0])
        return
    if arrival.action == "draw":
        tasks.append(["draw", arrival.deck])
        return
    kind = info.kind
    if kind is CellKind.TAX:
        if game.mechanics.asks_claim(game, seat, "tax", info.amount > 0):
            tasks.append(insured_step(seat, "tax", info.amount, BANK, "tax"))
            return
        tax = game.mechanics.claim(game, seat, "tax", info.amount, BANK)
        if tax:  # Junior's Ice-cream stand is a treat, not a tax
            tasks.append(["pay", seat, BANK, tax, "treat" if game._attractions else "tax"])
    elif kind is CellKind.FUND_COLLECT and how != "jump":
        if state.charity_fund:
            amount = state.charity_fund
            game._transfer(FUND, seat, amount, "fund", ("collect_fund", seat, cell, amount))
    elif kind is CellKind.JACKPOT and player.cash >= 1:
        state.pending = JackpotPending(seat, cell)
    else:
        game.mechanics.landed(game, seat, cell, kind)


def owe_rent(game: Game, seat: int, owner: int, cell: int, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
    """``seat`` owes ``owner`` the rent of ``cell`` (doubled by a kept card, lessened by the edition's
    mechanics); a utility reached by a card rolls the dice for it."""
    state = game.state
    dice_total = None
    if game.board.cells[cell].kind is CellKind.UTILITY and how != "roll":
        dice_total = sum(turn.roll_dice(game, seat))  # a card brought the token: roll for the rent
    amount = game.rent(cell, dice_total, rent_multiplier, dice_multiplier)
    if not amount:
        return
    if state.players[owner].cards:
        card = state.players[owner].has_card("double_rent", game.board)
        if card:
            amount *= 2
            game._return_card(owner, card)
    amount = game.mechanics.rent_due(game, seat, owner, amount)
    if not amount:
        return
    # At once: it would be the next task anyway. An attraction's rent is its entrance ticket (Junior).
    ticket = game._attractions and game.board.cells[cell].kind is CellKind.ATTRACTION
    credit.pay(game, seat, owner, amount, "ticket" if ticket else "rent")


def offer(game: Game, cell: int) -> None:
    """Offer the current player the unowned ``cell`` unless the edition's mechanics hold it back."""
    state = game.state
    if state.owner[cell] < 0 and game.mechanics.may_offer(game, state.current, cell):
        state.pending = BuyPending(state.current, cell)
