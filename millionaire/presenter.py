"""What a game says to the people playing it: the pending decision in words and each answer's label.

One place for every surface that lets people play (the game table and the app, the classroom's pages,
the command line), so that a decision of any edition (Elite's Exchange and insurance, Junior's free
half) reads the same everywhere, in English and Russian. The words themselves live in
:mod:`millionaire.words` (``decision.*`` and ``table.*``); this module chooses which and fills them in.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=2)
>>> decision_text(game, "en")
'roll the dice (or build, sell or mortgage first)'
>>> [action_label(game, action, "ru") for action in game.legal_actions() if is_primary(action)]
['Бросить кубики']
>>> junior = Game(load_board("millionaire-junior"), agents=[None, None], seed=2)
>>> decision_text(junior, "en"), action_label(junior, junior.legal_actions()[0], "en")
('roll the die', 'Roll the die')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action
from .events import CellPhrase, trade_text
from .pending import BidPending, ChoosePending, ClaimPending, ManagePending, RaisePending, TradeReplyPending, pending_cell
from .words import word

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .rules import RuleSet

#: Answers shown as buttons of their own; the rest (build, sell, mortgage, redeem, a card) go in a list.
PRIMARY = ("roll", "end_turn", "buy", "decline", "pass", "skip", "pay_fine", "accept", "reject", "choose",
           "buy_shares", "sell_shares", "buy_policy", "claim")
#: Answers that take an amount the player types (a bid, a bet).
AMOUNTS = ("bid", "bet")
#: Answers drawn as the main action of the moment (green).
MAIN = ("roll", "buy", "accept")


def is_primary(action: Action) -> bool:
    """Whether ``action`` gets a button of its own (a card kept for later counts, when it frees a player)."""
    return action.kind in PRIMARY or (action.kind == "use_card" and action.cell < 0)


def plain_rules(rules: RuleSet) -> bool:
    """Rules with no building, no mortgage and no trade (Junior): a turn is only roll and end."""
    return rules.small_supply == 0 and rules.mortgage_rate == 0 and rules.trade_offers_per_turn == 0


def decision_key(game: Game) -> str:
    """Which ``decision.*`` sentence the pending decision reads as (``""`` when none is pending)."""
    pending = game.pending
    if pending is None:
        return ""
    kind, data = pending.kind, pending.data
    if isinstance(data, ManagePending) and data.between:
        return "between"  # a window between turns (Monopoly's rules)
    if isinstance(data, BidPending) and data.building:
        return "building_bid"  # the bank is short of buildings: one is auctioned
    if kind == "roll" and plain_rules(game.rules) and game.rules.dice == 1:
        return "roll_one"  # Junior: one die, and nothing to build, mortgage or trade first
    if kind == "manage" and plain_rules(game.rules):
        return "manage_plain"
    if kind == "buy" and not game.rules.auction_unbought:
        return "buy_free"  # Junior: a half not bought stays free
    if isinstance(data, ChoosePending) and data.purpose == "free_half":
        return "free_half"
    if isinstance(data, ClaimPending) and data.policy == "auction":
        return "claim_auction"  # Elite: the policy would keep a plot out of a card's auction
    return kind


def decision_text(game: Game, lang: str, names: Sequence[str] | None = None) -> str:
    """What the pending decision asks, in ``lang`` ("roll the dice …"); ``names`` name the players
    (the game's own by default) where a trade offer is described."""
    pending = game.pending
    if pending is None:
        return ""
    market, data, board = game.state.market, pending.data, game.board
    fields: dict[str, Any] = {
        "cell": CellPhrase(board, pending_cell(data), lang),
        "price": board.money(market["price"], lang) if market is not None else "",
        "high": data.high if isinstance(data, BidPending) else 0,
        "amount": data.amount if isinstance(data, RaisePending) else 0,
        "trade": trade_text(data.trade.to_list(), data.offerer, board, list(names) if names is not None else game.names,
                            lang) if isinstance(data, TradeReplyPending) else ""}
    if isinstance(data, ClaimPending):  # Elite: what the policy would pay, of what it covers
        policy = next(p for p in board.policies if (p.kind, p.term) == (data.policy, data.term))
        fields.update(policy=policy.name(lang), amount=board.money(min(policy.cover, data.loss), lang),
                      loss=board.money(data.loss, lang), cell=board.cells[data.plot].name(lang) if data.plot >= 0 else "")
    return word(lang, f"decision.{decision_key(game)}", **fields)


def action_label(game: Game, action: Action, lang: str) -> str:
    """The button text for ``action``, an answer to the pending decision, in ``lang``."""
    kind = action.kind
    board = game.board
    if kind == "use_card" and action.cell < 0:
        return word(lang, "table.use_jail_card")
    if kind == "buy":
        return word(lang, "table.buy", price=board.cells[game.pending.cell].price)
    if kind == "pay_fine":
        return word(lang, "table.pay_fine", fine=game.rules.jail_fine)
    if kind in AMOUNTS:
        return f"{word(lang, f'table.{kind}')} {action.amount}"
    pending = game.pending.kind if game.pending is not None else ""
    if pending == "claim":
        return word(lang, "table.claim" if kind == "claim" else "table.keep_policy")
    if pending == "present":  # Junior: a half another player could not pay for
        return word(lang, "table.take_present" if kind == "accept" else "table.refuse_present")
    if pending in ("exchange", "insurance", "lot") or kind == "sell_shares":  # Elite's questions, shares for a debt
        return _market_label(game, action, lang)
    if kind == "roll" and game.rules.dice == 1:
        return word(lang, "table.roll_one")
    if kind == "decline" and not game.rules.auction_unbought:
        return word(lang, "table.decline_free")  # Junior: no auction
    money = 0
    if kind == "mortgage":
        money = game.mortgage_value(action.cell)
    elif kind == "redeem":
        money = game.redemption_cost(action.cell)
    cell = board.cells[action.cell].name(lang) if action.cell >= 0 else ""
    return word(lang, f"table.{kind}", cell=cell, money=money)


def _market_label(game: Game, action: Action, lang: str) -> str:
    """The button text at the Exchange, the insurance company and the Auction cell."""
    kind, board = action.kind, game.board
    if kind == "skip":
        return word(lang, "table.skip_market")
    if kind in ("buy_shares", "sell_shares"):
        total = action.amount * game.state.market["price"]  # type: ignore[index]
        return word(lang, f"table.{kind}", count=action.amount, amount=board.money(total, lang))
    if kind == "buy_policy":
        policy = board.policies[action.amount - 1]
        return word(lang, "table.buy_policy", policy=policy.name(lang), amount=board.money(policy.premium, lang))
    return word(lang, "table.buy_lot", cell=board.cells[action.cell].name(lang),
                amount=board.money(board.cells[action.cell].price, lang))
