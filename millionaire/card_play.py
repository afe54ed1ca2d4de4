"""Cards in play: drawing one and carrying out what it says, a card that moves the token, the
choice a card asks for, and the kept cards used later. The engine's work queue runs :func:`draw`
and :func:`choose_step`; the cards themselves are data (:mod:`millionaire.cards`).

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=2)
>>> game.state.pending = None
>>> draw(game, "chance")
>>> [(event.kind, event.detail) for event in game.events[-2:]]  # this card sends the token to detention
[('card', 'chance:7'), ('detain', '')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import credit, movement, turn
from .events import BANK, FUND
from .pending import ChoosePending

if TYPE_CHECKING:  # the engine runs these steps: no import at run time
    from .engine import Game

#: Card effects kept until they can be carried out, then carried out unasked (``RuleSet.keep_until_possible``).
OWED_EFFECTS = ("return_plot", "auction_others_plot", "auction_unowned")

def draw(game: Game, deck: str) -> None:
    state, board = game.state, game.board
    seat = state.current
    player = state.players[seat]
    order = state.decks[deck]
    number = order.pop(0)
    card = board.decks[deck].cards[number]
    if game.record_events:
        game._recorded.append(("card", seat, -1, 0, -1, f"{deck}:{number}"))
    effect = card.effect
    tasks = state.tasks
    if card.is_kept:
        if effect in ("take_plot", "free_building") and game.card_options(seat, effect):
            tasks.append(["choose", effect, [deck, number]])
        else:
            player.cards.append([deck, number])
            game._event("keep_card", seat)
        return
    order.append(number)
    if card.moves_token:
        card_move(game, seat, card)
    elif effect == "extra_turn":
        state.extra_turn = True
    elif effect in ("return_plot", "auction_others_plot", "auction_unowned", "free_half"):
        if game.card_options(seat, effect):
            tasks.append(["choose", effect, None])
        elif game._keep_owed and effect in OWED_EFFECTS:  # kept until it can be carried out
            order.pop()
            player.cards.append([deck, number])
            game._event("keep_card", seat)
    elif effect == "receive":
        game._transfer(BANK, seat, card.amount, "card")
    elif effect == "pay":
        tasks.append(["pay", seat, FUND if card.to == "fund" else BANK, card.amount, "card"])
    elif effect in ("collect_from_each", "pay_each"):
        others = [s for s in range(len(state.players)) if s != seat and not state.players[s].bankrupt]
        for other in reversed(others):
            if effect == "pay_each":
                tasks.append(["pay", seat, other, card.amount, "card"])
            else:
                tasks.append(["pay", other, seat, card.amount, "card"])
    elif effect == "repairs":
        top = game.rules.small_per_large + 1
        amount = sum(card.per_large if state.level[c] == top else card.per_small * state.level[c]
                     for c in game.owned(seat))
        if amount:
            tasks.append(["pay", seat, BANK, amount, "repairs"])
    elif effect == "pay_percent_cash":
        amount = player.cash * card.percent // 100
        if amount:
            tasks.append(["pay", seat, BANK, amount, "card"])
    elif effect == "receive_per_plot":
        game._transfer(BANK, seat, card.amount * len(game.owned(seat)), "card")
    elif effect in ("share_price", "share_points"):
        game.mechanics.own_card(game, seat, card)
    else:  # pragma: no cover - the board loader admits only known effects
        raise AssertionError(f"unhandled card effect {effect!r}")


def card_move(game: Game, seat: int, card: Any) -> None:
    state = game.state
    player = state.players[seat]
    positions: list[int | None] = [None if p.bankrupt or p.detained else p.position for p in state.players]
    move = movement.card_move(game.board, card, player.position, seat, state.owner, positions)
    if move.detain:
        turn.detain(game, seat)
        return
    if move.choices:
        state.tasks.append(["choose", "move", None, list(move.choices)])
        return
    if move.destination < 0:
        return
    if move.swap_with >= 0:
        other = state.players[move.swap_with]
        other.position = player.position
        game._event("swap", seat, -1, 0, move.swap_with)
    income = movement.income_due(game.rules, move.passed_start, move.destination, False, card.salary)
    land = ["land", move.destination, income, "card", card.rent_multiplier, card.dice_multiplier]
    tax = 0
    if move.passed_start and not income:
        tax = game.mechanics.start_tax(game, seat)  # START crossed without the income (Elite: policies end, the tax is due)
    if tax and not game._tax_first:
        state.tasks.append(game.mechanics.holding_tax(game, seat, tax))
    state.tasks.append(land)
    if tax and game._tax_first:
        state.tasks.append(game.mechanics.holding_tax(game, seat, tax))


def choose_step(game: Game, purpose: str, card: list[Any] | None, options: list[int] | None = None) -> None:
    state = game.state
    seat = state.current
    if options is None:
        options = game.card_options(seat, purpose)
    if not options:
        return
    state.pending = ChoosePending(seat, purpose, options, card)


def chosen(game: Game, seat: int, data: ChoosePending, cell: int) -> None:
    purpose, card = data.purpose, data.card
    state = game.state
    if purpose == "move":
        state.tasks.append(["land", cell, False, "card", 1, 0])
    elif purpose in ("take_plot", "free_building"):
        apply_kept_effect(game, seat, purpose, cell)
        if card is not None:
            state.decks[card[0]].append(card[1])
    elif purpose == "return_plot":
        if state.mortgaged[cell]:  # the loan is repaid with the plot (RuleSet.return_mortgaged_plot)
            game._transfer(seat, BANK, game.mortgage_value(cell), "redeem")
            state.mortgaged[cell] = False
        state.owner[cell] = -1
        state.board_changes += 1
        game._event("return_plot", seat, cell)
    elif purpose == "auction_others_plot":
        owner = state.owner[cell]
        if game.mechanics.asks_claim(game, owner, "auction", True):
            state.tasks.append(["insured", owner, "auction", game.board.cells[cell].price, owner, "auction", cell])
            return
        if game.mechanics.shielded(game, owner, cell):
            return
        state.tasks.append(["auction", cell, owner])
    elif purpose == "auction_unowned":
        state.tasks.append(["auction", cell, BANK])
    elif purpose == "free_half":
        state.owner[cell] = seat
        state.board_changes += 1
        game._event("free_half", seat, cell)


def apply_kept_effect(game: Game, seat: int, effect: str, cell: int) -> None:
    state = game.state
    if effect == "take_plot":
        previous = state.owner[cell]
        state.owner[cell] = seat
        state.board_changes += 1
        game._event("take_plot", seat, cell, 0, previous)
    else:
        credit.build(game, seat, cell, free=True)


def use_kept_card(game: Game, seat: int, card: list[Any], cell: int) -> None:
    effect = game.board.decks[card[0]].cards[card[1]].effect
    apply_kept_effect(game, seat, effect, cell)
    game._return_card(seat, card)
