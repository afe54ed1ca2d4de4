"""Typed game events and their readable sentences in English and Russian.

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("millionaire-classic")
>>> event = Event("buy", player=0, cell=2, amount=60)
>>> describe(event, board, ["Anna", "Boris"], "en")
'Anna buys Casino for 60 fants.'
>>> describe(event, board, ["Анна", "Борис"], "ru")
'Анна покупает «Казино» за 60 фантов.'
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .board import Board
from .plain_text import one_line

#: Pseudo-seats for the three pots of money (players are seats 0, 1, ...).
BANK, FUND, BOX = -1, -2, -3

EVENT_KINDS = (
    "roll", "move", "income", "pay", "buy", "auction", "build", "sell", "mortgage", "redeem", "card",
    "keep_card", "trade", "take_plot", "return_plot", "detain", "release", "wait", "jackpot", "collect_fund",
    "swap", "bankrupt", "tie", "game_over", "to_start", "no_kiosk", "free_half",
    "share_price", "buy_shares", "sell_shares", "policy", "claim", "policy_ends", "lot_waits", "shield",
    "keep_policy", "kept_card_due", "present_taken", "auction_draw",
)


class Event(NamedTuple):
    """Something that happened. ``player`` acts; ``other`` is the counterpart (a seat or a pot);
    ``detail`` carries the reason or the dice."""

    kind: str
    player: int
    cell: int = -1
    amount: int = 0
    other: int = -1
    detail: str = ""


_POTS = {
    "en": {BANK: "the bank", FUND: "the charity fund", BOX: "the jackpot box"},
    "ru": {BANK: "банк", FUND: "благотворительный фонд", BOX: "касса Джекпот"},
}

_REASONS = {
    "en": {"rent": "rent", "tax": "tax", "fine": "a fine", "jail": "the release fine", "card": "a card",
           "repairs": "repairs", "buy": "the purchase", "auction": "the auction", "build": "building",
           "fee": "the mortgage fee", "debt": "a debt", "bankruptcy": "the rest of a debt",
           "bet": "a bet", "jackpot": "a win", "mortgage": "a mortgage", "redeem": "redemption",
           "sale": "a sale", "trade": "a trade", "ticket": "an entrance ticket", "treat": "an ice cream",
           "holding_tax": "the central industry's holding tax",
           "shares": "shares", "premium": "an insurance premium", "claim": "an insurance claim"},
    "ru": {"rent": "аренда", "tax": "налог", "fine": "штраф", "jail": "выход из инспекции", "card": "карточка",
           "repairs": "ремонт", "buy": "покупка", "auction": "аукцион", "build": "строительство",
           "fee": "комиссия по залогу", "debt": "долг", "bankruptcy": "остаток долга",
           "bet": "ставка", "jackpot": "выигрыш", "mortgage": "залог", "redeem": "выкуп",
           "sale": "продажа", "trade": "сделка", "ticket": "входной билет", "treat": "мороженое",
           "holding_tax": "налог центральной отрасли",
           "shares": "акции", "premium": "страховой взнос", "claim": "страховая выплата"},
}

_TEMPLATES = {
    "en": {
        "roll": "{p} rolls {detail} = {amount}.",
        "move": "{p} moves to {cell}.",
        "income": "{p} passes START and collects {money}.",
        "income_stop": "{p} stops on START and collects {money}.",
        "pay": "{p} pays {o} {money} ({reason}).",
        "buy": "{p} buys {cell} for {money}.",
        "auction": "{p} wins the auction for {cell} at {money}.",
        "auction_none": "Nobody bids for {cell}; it stays {where}.",
        "build": "{p} builds on {cell} (level {amount}).",
        "sell": "{p} sells a building on {cell} (level {amount} now).",
        "mortgage": "{p} mortgages {cell} for {money}.",
        "redeem": "{p} redeems {cell} for {money}.",
        "card": "{p} draws a card: {detail}",
        "keep_card": "{p} keeps the card for later.",
        "kept_card_due": "{p} carries out the card kept for later: {detail}",
        "trade": "{p} and {o} trade: {detail}.",
        "take_plot": "{p} takes {cell} from {o} by a card.",
        "return_plot": "{p} gives {cell} back to the bank.",
        "detain": "{p} is detained at {cell}.",
        "release": "{p} leaves {cell} ({detail}).",
        "wait": "{p} stays detained (no double).",
        "jackpot": "{p} bets {money} on the slot machine: {detail}.",
        "collect_fund": "{p} takes {money} from the charity fund.",
        "swap": "{p} swaps places with {o}.",
        "bankrupt": "{p} cannot pay {o} {money} ({reason}), is bankrupt and leaves the game.",
        "tie": "{count} players tie as the richest, at {money} each; {p} wins as the first of them in the order of play.",
        "game_over": "Game over: {p} wins ({detail}).",
        "roll_one": "{p} rolls {amount}.",
        "to_start": "{p} cannot pay {money} for {cell} and goes back to START.",
        "no_kiosk": "{p} has no kiosk left to put on {cell}.",
        "free_half": "{p} gets {cell} as a present.",
        "present_taken": "{p} comes to {cell} and owns it free.",
        "share_price": "The share price is now {money} ({detail}).",
        "buy_shares": "{p} buys shares ({count}) for {money}.",
        "sell_shares": "{p} sells shares ({count}) for {money}.",
        "policy": "{p} buys a {policy} for {money}.",
        "claim": "{p}'s {policy} pays {money}.",
        "policy_ends": "{p}'s {policy} ends at START.",
        "lot_waits": "{cell} waits on the Auction cell.",
        "auction_draw": "{p} rolls {detail} at the Auction: the draw names {cell}.",
        "shield": "{p}'s {policy} keeps {cell} out of the auction.",
        "keep_policy": "{p} keeps the {policy} for later.",
    },
    "ru": {
        "roll": "{p}: бросок {detail} = {amount}.",
        "move": "{p} переходит на клетку {cell}.",
        "income": "{p} проходит СТАРТ и получает {money}.",
        "income_stop": "{p} останавливается на СТАРТе и получает {money}.",
        "pay": "{p} платит {money}, получатель: {o} ({reason}).",
        "buy": "{p} покупает {cell} за {money}.",
        "auction": "{p} выигрывает аукцион за {cell}: {money}.",
        "auction_none": "Ставок на {cell} нет; участок остаётся {where}.",
        "build": "{p} строит на участке {cell} (уровень {amount}).",
        "sell": "{p} продаёт постройку на участке {cell} (теперь уровень {amount}).",
        "mortgage": "{p} закладывает {cell} и получает {money}.",
        "redeem": "{p} выкупает {cell} за {money}.",
        "card": "{p} тянет карточку: {detail}",
        "keep_card": "{p} оставляет карточку себе.",
        "kept_card_due": "{p} выполняет отложенную карточку: {detail}",
        "trade": "Сделка между игроками {p} и {o}: {detail}.",
        "take_plot": "{p} забирает {cell} у игрока {o} по карточке.",
        "return_plot": "{p} возвращает {cell} банку.",
        "detain": "{p} под задержанием: {cell}.",
        "release": "{p} покидает {cell} ({detail}).",
        "wait": "{p} остаётся в инспекции (дубля нет).",
        "jackpot": "{p} ставит {money} в Джекпот: {detail}.",
        "collect_fund": "{p} забирает {money} из благотворительного фонда.",
        "swap": "{p} меняется местами с игроком {o}.",
        "bankrupt": "{p} — банкрот: нечем заплатить {money} ({reason}), получатель: {o}. Игрок выходит из игры.",
        "tie": "Поровну у {count} самых богатых игроков, по {money}; побеждает {p}, чья очередь хода среди них первая.",
        "game_over": "Игра окончена, победитель — {p} ({detail}).",
        "roll_one": "{p}: на кубике {amount}.",
        "to_start": "{p} не может заплатить {money} за {cell} и возвращается на СТАРТ.",
        "no_kiosk": "У игрока {p} не осталось киоска для клетки {cell}.",
        "free_half": "{p} получает {cell} в подарок.",
        "present_taken": "{p} переходит на клетку {cell} и получает её в подарок.",
        "share_price": "Стоимость акций теперь {money} ({detail}).",
        "buy_shares": "{p} покупает акции: {count} шт. за {money}.",
        "sell_shares": "{p} продаёт акции: {count} шт. за {money}.",
        "policy": "{p} покупает {policy} за {money}.",
        "claim": "{p}: {policy} выплачивает {money}.",
        "policy_ends": "{p}: {policy} заканчивается на СТАРТе.",
        "lot_waits": "{cell} ждёт покупателя на клетке «Аукцион».",
        "auction_draw": "{p} бросает {detail} на «Аукционе»: выпадает участок {cell}.",
        "shield": "{p}: {policy} не даёт выставить {cell} на аукцион.",
        "keep_policy": "{p} оставляет {policy} про запас.",
    },
}

_DETAILS = {
    "ru": {
        "last player standing": "остался последним", "timed game: the richest": "по времени: самый богатый",
        "round limit: the richest": "лимит раундов: самый богатый", "paid the fine": "штраф уплачен",
        "release card": "карточка освобождения", "rolled a double": "выпал дубль",
        "three sevens": "три семёрки", "two sevens: the whole box": "две семёрки: вся касса",
        "three of a kind": "три одинаковых", "a pair": "пара", "no win": "без выигрыша",
        "unowned": "ничьим", "with its owner": "у владельца",
        "a card": "карточка", "Exchange": "биржа", "the card's effect ends": "действие карточки кончилось",
        "first bankruptcy: the richest": "первое разорение: побеждает самый богатый",
    }
}


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended (``GameResult.reason``), in English or Russian.

    >>> reason_text("last player standing", "ru")
    'остался последним'
    >>> reason_text("last player standing")
    'last player standing'
    """
    return _DETAILS["ru"].get(reason, reason) if lang == "ru" else reason


def describe(event: Event, board: Board, names: list[str], lang: str = "en") -> str:
    """One readable sentence for ``event`` (``names`` are the players' names by seat)."""
    lang = "ru" if lang == "ru" else "en"

    def who(seat: int) -> str:
        return _POTS[lang][seat] if seat < 0 else one_line(names[seat])

    def translate(text: str) -> str:
        return _DETAILS.get(lang, {}).get(text, text)

    kind = event.kind
    detail = event.detail
    if kind == "trade" and detail.startswith("["):
        detail = trade_text(json.loads(detail), event.player, board, names, lang)
    elif kind in ("card", "kept_card_due") and ":" in detail:
        deck, number = detail.split(":")
        detail = one_line(board.decks[deck].cards[int(number)].text(lang))
    elif kind == "jackpot":
        head, _, tail = detail.partition(" → ")
        detail = f"{head} → {translate(tail)}" if tail else translate(head)
    else:
        detail = translate(detail)
    template = _TEMPLATES[lang][kind]
    if kind == "auction" and event.player < 0:
        template = _TEMPLATES[lang]["auction_none"]
    elif kind == "roll" and "+" not in detail:  # one die (RuleSet.dice)
        template = _TEMPLATES[lang]["roll_one"]
    elif kind == "income" and event.cell == 0:  # the token stops on START (cell 0) rather than passing it
        template = _TEMPLATES[lang]["income_stop"]
    policy = ""
    if kind in ("policy", "claim", "policy_ends", "shield", "keep_policy"):  # detail: "<term>_<kind>" of the policy
        from .words import word

        policy = word(lang, f"policy.{detail}")
    elif kind == "share_price" and detail.startswith("Exchange"):
        head, _, face = detail.partition(":")
        detail = f"{translate(head)}, {'кубик' if lang == 'ru' else 'die'} {face}"
    sentence = template.format(
        p=who(event.player),
        o="" if kind in ("buy_shares", "sell_shares", "tie") else who(event.other),  # there, other counts
        cell=_cell_name(board, event.cell, lang),
        amount=event.amount,
        money=board.money(event.amount, lang),
        reason=_REASONS[lang].get(event.detail, event.detail),
        detail=detail,
        where=translate("unowned" if event.other == BANK else "with its owner"),
        count=event.other,
        policy=policy,
    )
    return sentence[0].upper() + sentence[1:]


def _cell_name(board: Board, cell: int, lang: str) -> str:
    """A cell's name for a sentence; Russian names go in «quotes» unless they carry their own."""
    if cell < 0:
        return ""
    name = one_line(board.cells[cell].name(lang))
    return name if lang != "ru" or name.startswith("«") else f"«{name}»"


def trade_text(trade: list[Any], proposer: int, board: Board, names: list[str], lang: str = "en") -> str:
    """What each side of a trade gives, in words (``trade`` as ``Trade.to_list()``).

    >>> from millionaire import load_board
    >>> trade_text([1, [2], [9], 100, 0, [], []], 0, load_board("millionaire-classic"), ["Anna", "Boris"])
    'Anna gives Casino and 100 fants; Boris gives Brewery'
    """
    partner, give_cells, take_cells, give_cash, take_cash, give_cards, take_cards = trade
    ru = lang == "ru"

    def side(seat: int, cells: list[int], cash: int, cards: list[Any]) -> str:
        items = [_cell_name(board, c, lang) for c in cells]
        if cash:
            items.append(board.money(cash, lang))
        if cards:
            items.append(("карточку освобождения" if ru else "a release card") if len(cards) == 1 else
                         (f"карточки освобождения ({len(cards)})" if ru else f"{len(cards)} release cards"))
        what = (" и " if ru else " and ").join(items) if items else ("ничего" if ru else "nothing")
        return f"{one_line(names[seat])} {'отдаёт' if ru else 'gives'} {what}"

    return "; ".join([side(proposer, give_cells, give_cash, give_cards), side(partner, take_cells, take_cash, take_cards)])
