"""The decisions the engine asks, one handler each: its legal actions, its own legality check and
what its answers do, registered by kind (:data:`HANDLERS`, the kinds of :data:`millionaire.kinds.DECISIONS`).

The management answers every window shares (build, sell, mortgage, redeem, trade, use a kept card)
are checked by :func:`action_problem` and carried out by :func:`execute` (the engine's ``Game._problem`` and
``Game._execute``); a handler answers the rest. An answer
that is not among its kind's ``answers`` in the registry is refused before the handler is asked.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=3)
>>> HANDLERS[game.pending.kind].legal(game, game.pending.player, game.state.pending)
[Action.roll()]
>>> sorted(HANDLERS["buy"].answers)
['buy', 'decline']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import auctions, card_play, credit, junior, queries, turn
from .actions import Action
from .errors import Refusal
from .card_play import OWED_EFFECTS
from .events import BANK, BOX
from .jackpot import payout
from .elite import elite_of
from .kinds import DECISIONS
from .mechanics import insured_step
from .pending import (BidPending, BuyPending, ChoosePending, ClaimPending, JackpotPending, LotPending, ManagePending,
                      RECORDS, Pending, PresentPending, RaisePending, RollPending, TradeReplyPending, WindowPending)
from .state import PlayerState

if TYPE_CHECKING:  # the engine registers these handlers: no import at run time
    from .engine import Game


#: The record of the decision a handler answers (:mod:`millionaire.pending`).
P = TypeVar("P", bound=Pending)


class DecisionHandler(Generic[P]):
    """One kind of decision, whose pending record is a ``P``: ``legal`` (its actions),
    ``answer_problem`` (why one of its own answers is refused, ``""`` when it is legal) and
    ``answer`` (carry it out; the decision is no longer pending unless the handler leaves it so)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        #: Its own answers, from the registry (plain strings, as actions carry them).
        self.answers: frozenset[str] = frozenset(str(answer) for answer in DECISIONS[kind].answers)

    def legal(self, game: Game, seat: int, data: P) -> list[Action]:
        return []

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: P,
                       action: Action) -> str:
        return ""

    def answer(self, game: Game, seat: int, what: str, data: P, action: Action) -> None:
        game.state.pending = None
        self.execute(game, seat, what, data, action)

    def execute(self, game: Game, seat: int, what: str, data: P, action: Action) -> None:
        pass


class Roll(DecisionHandler[RollPending]):
    """Before rolling: roll, or (detained) pay the fine or use a release card; the window's management."""

    def legal(self, game: Game, seat: int, data: RollPending) -> list[Action]:
        player = game.state.players[seat]
        actions = [Action.roll()]
        if player.detained:
            if player.cash >= game.rules.jail_fine:
                actions.append(Action.pay_fine())
            card = player.has_card("jail_free", game.board)
            if card:
                actions.append(Action.use_card(tuple(card)))
        return actions + window_actions(game, seat, redeem=True)

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: RollPending,
                       action: Action) -> str:
        if what == "roll":
            return ""
        if what == "pay_fine":
            if not player.detained:
                return Refusal("not_detained")
            return "" if player.cash >= game.rules.jail_fine else Refusal("fine_short", cash=player.cash)
        release: list[Any] = list(action.card or ())  # use_card, without a cell: a release card
        if not player.detained:
            return Refusal("not_detained")
        if release not in player.cards or game.board.decks[release[0]].cards[release[1]].effect != "jail_free":
            return Refusal("release_not_held", card=action.card)
        return ""

    def execute(self, game: Game, seat: int, what: str, data: RollPending, action: Action) -> None:
        state = game.state
        tasks = state.tasks
        if what == "pay_fine" and game.mechanics.fine_covered and game.mechanics.asks_claim(game, seat, "tax", game.rules.jail_fine > 0):
            tasks.append(["roll"])  # the holder decides on his tax policy, pays the rest, is released, rolls
            tasks.append(["release", seat, "paid the fine"])
            tasks.append(insured_step(seat, "tax", game.rules.jail_fine, BANK, "jail"))
        elif what == "pay_fine":
            game._transfer(seat, BANK, turn.fine(game, seat), "jail")
            turn.release(game, seat, "paid the fine")
            tasks.append(["roll"])
        elif what == "use_card":
            game._return_card(seat, list(action.card))  # type: ignore[arg-type]
            turn.release(game, seat, "release card")
            tasks.append(["roll"])
        else:
            tasks.append(["jailroll"] if state.players[seat].detained else ["roll"])


class Manage(DecisionHandler[ManagePending]):
    """After the cell is resolved: end the turn (or roll again on a double); the window's management."""

    def legal(self, game: Game, seat: int, data: ManagePending) -> list[Action]:
        actions = [Action.roll() if data.again else Action.end_turn()]
        return actions + window_actions(game, seat, redeem=game.rules.redeem_any_time)

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: ManagePending,
                       action: Action) -> str:
        return "" if what == ("roll" if data.again else "end_turn") else Refusal("not_an_answer", what=what, kind=data.kind)

    def execute(self, game: Game, seat: int, what: str, data: ManagePending, action: Action) -> None:
        if what == "roll":
            game.state.tasks.append(["roll"])
        elif not data.between:  # a window between turns just closes
            game.state.tasks.append(["endturn"])


class Buy(DecisionHandler[BuyPending]):
    """An unowned property: buy it or decline (an auction, under ``RuleSet.auction_unbought``)."""

    def legal(self, game: Game, seat: int, data: BuyPending) -> list[Action]:
        if game.state.players[seat].cash >= game.board.cells[data.cell].price:
            return [Action.buy(), Action.decline()]
        return [Action.decline()]

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: BuyPending,
                       action: Action) -> str:
        if what == "decline":
            return ""
        price = game.board.cells[data.cell].price
        return "" if player.cash >= price else Refusal("cash_short", cash=player.cash, price=price)

    def execute(self, game: Game, seat: int, what: str, data: BuyPending, action: Action) -> None:
        cell: int = data.cell
        if what == "buy":
            price = game.board.cells[cell].price
            game._transfer(seat, BANK, price, "buy", ("buy", seat, cell, price))
            game.state.owner[cell] = seat
            game.state.board_changes += 1
        elif game._auction_unbought:
            game.state.tasks.append(["auction", cell, BANK])


class Bid(DecisionHandler[BidPending]):
    """An auction: bid more than the highest bid (up to the cash) or pass."""

    def legal(self, game: Game, seat: int, data: BidPending) -> list[Action]:
        cash = game.state.players[seat].cash
        actions = [Action.pass_()]
        low = max(data.high + 1, game.rules.min_bid)
        if cash >= low:
            actions.append(Action.bid(low))
            if cash > low:
                actions.append(Action.bid(cash))
        return actions

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: BidPending,
                       action: Action) -> str:
        if what == "pass":
            return ""
        low = max(data.high + 1, game.rules.min_bid)
        amount = action.amount
        if amount < low:
            return Refusal("bid_low", least=low)
        return "" if amount <= player.cash else Refusal("bid_high", cash=player.cash)

    def execute(self, game: Game, seat: int, what: str, data: BidPending, action: Action) -> None:
        auctions.bid(game, data, action)


class Jackpot(DecisionHandler[JackpotPending]):
    """The slot machine: bet 1..cash or skip."""

    def legal(self, game: Game, seat: int, data: JackpotPending) -> list[Action]:
        cash = game.state.players[seat].cash
        actions = [Action.skip()]
        if cash >= 1:
            actions.append(Action.bet(1))
            if cash > 1:
                actions.append(Action.bet(cash))
        return actions

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: JackpotPending,
                       action: Action) -> str:
        if what == "skip":
            return ""
        amount = action.amount
        if amount < 1:
            return Refusal("bet_low")
        return "" if amount <= player.cash else Refusal("bet_high", cash=player.cash)

    def execute(self, game: Game, seat: int, what: str, data: JackpotPending, action: Action) -> None:
        if what == "bet":
            self.play(game, seat, action.amount)

    def play(self, game: Game, seat: int, bet: int) -> None:
        """``seat`` bets ``bet``: it goes into the box, three dice spin the reels, and the win is paid
        from the box and the bank."""
        state = game.state
        game._transfer(seat, BOX, bet, "bet")
        machine = game.board.slot_machine
        assert machine is not None  # a board with a jackpot cell has one (the loader checks)
        faces = (game._die(), game._die(), game._die())
        result = machine.spin(*faces)
        from_box, from_bank = payout(result, bet, state.jackpot_box)
        game._transfer(BOX, seat, from_box, "jackpot")
        game._transfer(BANK, seat, from_bank, "jackpot")
        label = {"three": "three of a kind", "pair": "a pair", "jackpot": "two sevens: the whole box",
                 "lose": "no win"}[result.outcome]
        if result.outcome == "three" and result.symbol == "seven":
            label = "three sevens"
        game._event("jackpot", seat, -1, bet, -1, f"{'-'.join(map(str, faces))} → {label}")


def chosen_problem(options: list[int], action: Action) -> str:
    """Why ``action`` does not choose one of the decision's ``options`` ("" when it does)."""
    return "" if action.cell in options else Refusal("not_an_option", cell=action.cell, options=options)


class Choose(DecisionHandler[ChoosePending]):
    """A card asks for a cell: one of the options."""

    def legal(self, game: Game, seat: int, data: ChoosePending) -> list[Action]:
        return [Action.choose(c) for c in data.options]

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: ChoosePending,
                       action: Action) -> str:
        return chosen_problem(data.options, action)

    def execute(self, game: Game, seat: int, what: str, data: ChoosePending, action: Action) -> None:
        card_play.chosen(game, seat, data, action.cell)


class Raise(DecisionHandler[RaisePending]):
    """A debt larger than the cash: sell buildings, mortgage (and in Elite sell shares) until it can be paid."""

    def legal(self, game: Game, seat: int, data: RaisePending) -> list[Action]:
        actions = raising_actions(game, seat)
        if game.mechanics.shares_for_debts:
            held = game.state.market["shares"][seat]  # type: ignore[index]
            actions += [Action.sell_shares(n) for n in sorted({1, held}) if 1 <= n <= held]
        return actions

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: RaisePending,
                       action: Action) -> str:
        if not game.mechanics.shares_for_debts:
            return Refusal("not_an_answer", what=what, kind=data.kind)
        return game.share_problem(seat, what, action.amount)

    def answer(self, game: Game, seat: int, what: str, data: RaisePending, action: Action) -> None:
        """Shares sold at the market price for the debt (the only answer of its own)."""
        elite_of(game).market_answer(game, seat, "exchange", action)
        if game.state.players[seat].cash >= data.amount:
            game.state.pending = None


class TradeReply(DecisionHandler[TradeReplyPending]):
    """A trade offer: accept or reject; then the decision it was offered from goes on."""

    def legal(self, game: Game, seat: int, data: TradeReplyPending) -> list[Action]:
        return [Action.accept(), Action.reject()]

    def execute(self, game: Game, seat: int, what: str, data: TradeReplyPending, action: Action) -> None:
        state = game.state
        if what == "accept":
            credit.trade(game, data.offerer, data.trade)
        resume = data.resume
        if isinstance(resume, RaisePending):
            debtor, amount = resume.player, resume.amount
            if state.players[debtor].cash >= amount or game.liquidation_value(debtor) < amount:
                return  # the pay step is retried: now it is paid, or it can no longer be (bankruptcy)
        state.pending = resume


class Market(DecisionHandler[Pending]):
    """Elite's questions on the Exchange, an insurance company and the Auction cell: an answer or skip."""

    def legal(self, game: Game, seat: int, data: Pending) -> list[Action]:
        return elite_of(game).market_actions(game, seat, data)

    def answer_problem(self, game: Game, seat: int, player: PlayerState, what: str, data: Pending,
                       action: Action) -> str:
        if what == "skip":
            return ""
        if what == "buy_policy":
            return game.policy_problem(seat, action.amount)
        if what == "choose" and isinstance(data, LotPending):
            return chosen_problem(data.options, action)
        return game.share_problem(seat, what, action.amount)

    def execute(self, game: Game, seat: int, what: str, data: Pending, action: Action) -> None:
        if what != "skip":
            elite_of(game).market_answer(game, seat, data.kind, action)


class Present(DecisionHandler[PresentPending]):
    """Junior: a free half another player could not pay for, accepted (the token comes to it) or declined."""

    def legal(self, game: Game, seat: int, data: PresentPending) -> list[Action]:
        return [Action.accept(), Action.decline()]

    def execute(self, game: Game, seat: int, what: str, data: PresentPending, action: Action) -> None:
        if what == "accept":
            cell = data.cell
            game.state.owner[cell] = seat
            game.state.board_changes += 1
            game.state.players[seat].position = cell
            game._event("present_taken", seat, cell)
        else:
            junior.offer_present(game, data.giver, data.cell, data.askers)


class Claim(DecisionHandler[ClaimPending]):
    """Elite: a policy covers what has just happened; claim it (it pays and ends) or keep it."""

    def legal(self, game: Game, seat: int, data: ClaimPending) -> list[Action]:
        return [Action.claim(), Action.skip()]

    def execute(self, game: Game, seat: int, what: str, data: ClaimPending, action: Action) -> None:
        elite_of(game).claim_answer(game, seat, data, what == "claim")


# ---------------------------------------------------------------- the management answers every window shares
def raising_actions(game: Game, seat: int) -> list[Action]:
    """The ways to raise cash now: sell a building, mortgage a property."""
    board = game.board
    if game._own_checks():  # the rules' numbers: no refusal in words made for each cell turned down
        state, rules = game.state, game.rules
        actions = [Action.sell(c) for c in board.plots if not queries.sell_code(board, state, seat, c)]
        return actions + [Action.mortgage(c) for c in board.ownable
                          if not queries.mortgage_code(board, rules, state, seat, c, game.mortgage_value(c))]
    actions = [Action.sell(c) for c in board.plots if not game.sell_problem(seat, c)]
    return actions + [Action.mortgage(c) for c in board.ownable if not game.mortgage_problem(seat, c)]


def window_actions(game: Game, seat: int, redeem: bool) -> list[Action]:
    """A window's management: build, raise cash, redeem (``redeem``) and use a kept card."""
    board, state = game.board, game.state
    if game._own_checks():  # as in raising_actions
        costs, rules = game.costs(), game.rules
        actions = [Action.build(c) for c in board.plots if not queries.build_code(board, costs, state, seat, c)]
        actions += raising_actions(game, seat)
        if redeem:
            actions += [Action.redeem(c) for c in board.ownable
                        if not queries.redeem_code(board, rules, state, seat, c, game.redemption_cost(c))]
    else:
        actions = [Action.build(c) for c in board.plots if not game.build_problem(seat, c)]
        actions += raising_actions(game, seat)
        if redeem:
            actions += [Action.redeem(c) for c in board.ownable if not game.redeem_problem(seat, c)]
    for card in state.players[seat].cards:
        effect = board.decks[card[0]].cards[card[1]].effect
        if effect not in OWED_EFFECTS:  # those are carried out at the start of a turn, unasked
            actions += [Action.use_card(tuple(card), c) for c in game.card_options(seat, effect)]
    return actions


def debt_offer(game: Game, data: Pending, action: Action) -> bool:
    """A trade offered to the creditor while raising money for him (``RuleSet.debt_in_property``)."""
    return (isinstance(data, RaisePending) and action.kind == "offer" and game.rules.debt_in_property
            and data.payee >= 0 and action.trade is not None and action.trade.partner == data.payee)


def action_problem(game: Game, data: Pending | None, action: Action) -> str:
    """Why ``action`` is not legal for the decision ``data`` ("" when it is)."""
    if data is None:
        return Refusal("no_decision")
    malformed = action.malformed()  # first: the fields below are read as the numbers they must be
    if malformed:
        return malformed
    state, rules = game.state, game.rules
    seat, kind, what = data.player, data.kind, action.kind
    player = state.players[seat]
    window = isinstance(data, (RollPending, ManagePending))
    if what in ("build", "sell", "mortgage", "redeem", "offer") or (what == "use_card" and action.cell >= 0):
        raising = isinstance(data, RaisePending) and (what in ("sell", "mortgage") or debt_offer(game, data, action))
        if not (window or raising):
            return Refusal("not_allowed", what=what, kind=kind)
        cell = action.cell
        if what != "offer" and what != "use_card" and not (isinstance(cell, int) and 0 <= cell < game.board.size):
            return Refusal("off_board", cell=cell)
        if what == "build":
            return game.build_problem(seat, cell)
        if what == "sell":
            return game.sell_problem(seat, cell)
        if what == "mortgage":
            return game.mortgage_problem(seat, cell)
        if what == "redeem":
            if kind != "roll" and not rules.redeem_any_time:
                return Refusal("redeem_before_roll")
            return game.redeem_problem(seat, cell)
        if what == "offer":
            if isinstance(data, WindowPending) and data.offers >= rules.trade_offers_per_turn:
                return Refusal("offers_per_turn", most=rules.trade_offers_per_turn)
            return game.trade_problem(seat, action.trade)  # type: ignore[arg-type]
        card: list[Any] = list(action.card or ())
        if card not in player.cards:
            return Refusal("card_not_held", card=action.card)
        effect = game.board.decks[card[0]].cards[card[1]].effect
        if effect in OWED_EFFECTS:
            return Refusal("card_kept_for_later", card=action.card)
        if cell not in game.card_options(seat, effect):
            return Refusal("card_not_here", card=action.card, cell=cell)
        return ""
    handler = game._handlers[type(data)]
    if what not in handler.answers:
        return Refusal("not_an_answer", what=what, kind=kind)
    return handler.answer_problem(game, seat, player, what, data, action)


def execute(game: Game, data: Pending, action: Action) -> None:
    """Carry out ``action``, legal for the decision ``data``: a window's management here, any other
    answer by its kind's handler."""
    state = game.state
    seat = data.player
    what = action.kind
    if what in ("build", "sell", "mortgage", "redeem"):
        if what == "build":
            if (game._building_auctions and isinstance(data, WindowPending)
                    and auctions.building_auction(game, seat, action.cell, data)):
                return
            credit.build(game, seat, action.cell)
        elif what == "sell":
            credit.sell(game, seat, action.cell)
        elif what == "mortgage":
            credit.mortgage(game, seat, action.cell)
        else:
            credit.redeem(game, seat, action.cell)
        if isinstance(data, RaisePending) and state.players[seat].cash >= data.amount:
            state.pending = None  # the debt can be paid: the pay step is retried
        return
    if what == "use_card" and action.cell >= 0:
        card_play.use_kept_card(game, seat, list(action.card), action.cell)  # type: ignore[arg-type]
        return
    if what == "offer" and isinstance(data, WindowPending) and action.trade is not None:
        data.offers += 1
        state.pending = TradeReplyPending(action.trade.partner, action.trade, seat, data)
        return
    game._handlers[type(data)].answer(game, seat, what, data, action)


#: The handler of each decision kind.
HANDLERS: dict[str, DecisionHandler[Any]] = {
    "roll": Roll("roll"), "manage": Manage("manage"), "buy": Buy("buy"), "bid": Bid("bid"),
    "jackpot": Jackpot("jackpot"), "choose": Choose("choose"), "raise": Raise("raise"),
    "trade_reply": TradeReply("trade_reply"), "exchange": Market("exchange"), "insurance": Market("insurance"),
    "lot": Market("lot"), "present": Present("present"), "claim": Claim("claim"),
}
assert set(HANDLERS) == set(DECISIONS), "every kind of the registry has its handler"

#: The handler of each kind's record class (:data:`millionaire.pending.RECORDS`): the engine finds a
#: decision's handler by its record's type, which reads no class attribute.
HANDLER_OF_RECORD: dict[type[Pending], DecisionHandler[Any]] = {RECORDS[kind]: handler for kind, handler in HANDLERS.items()}
