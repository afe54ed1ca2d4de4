"""Typed game events and their readable sentences in English and Russian.

The sentences come from the catalogue (``event.*``, ``party.*``, ``reason.*``, ``detail.*`` and ``trade.*``
in :mod:`millionaire.words`). A Russian sentence names a cell by the noun of its kind with the board
file's name in «quotes» (:data:`~millionaire.words.CELL_NOUNS_RU`), and a player as «игрок» with the
name in the nominative, so it reads right for every name and every cell.

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("millionaire-classic")
>>> event = Event("buy", player=0, cell=6, amount=60)
>>> describe(event, board, ["Anna", "Boris"], "en")
'Anna buys Chocolate factory for 60 fants.'
>>> describe(event, board, ["Анна", "Борис"], "ru")
'Анна покупает участок «Шоколадная фабрика» за 60 фантов.'
>>> describe(Event("pay", 0, amount=40, other=1, detail="rent"), board, ["Анна", "Борис"], "ru")
'Анна платит 40 фантов игроку Борис (аренда).'
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .board import Board, CellKind
from .plain_text import one_line
from .words import CELL_NOUNS_RU, WORDS, quoted_ru, word

#: Pseudo-seats for the three pots of money (players are seats 0, 1, ...).
BANK, FUND, BOX = -1, -2, -3

EVENT_KINDS = (
    "roll", "move", "income", "pay", "buy", "auction", "build", "sell", "mortgage", "redeem", "card",
    "keep_card", "trade", "take_plot", "return_plot", "detain", "release", "wait", "jackpot", "collect_fund",
    "swap", "bankrupt", "tie", "game_over", "to_start", "no_kiosk", "free_half",
    "share_price", "buy_shares", "sell_shares", "policy", "claim", "policy_ends", "lot_waits", "shield",
    "keep_policy", "kept_card_due", "present_taken", "auction_draw",
)

#: The three pots by seat, as the ``party.*`` words name them.
_POTS = {BANK: "bank", FUND: "fund", BOX: "box"}

#: The engine's own English details (a reason a game ended, how a player left detention, a slot
#: machine's outcome...) and their ``detail.*`` keys in the catalogue.
_DETAIL_KEYS = {WORDS["en"][key]: key for key in WORDS["en"] if key.startswith("detail.")}


class Event(NamedTuple):
    """Something that happened. ``player`` acts; ``other`` is the counterpart (a seat or a pot);
    ``detail`` carries the reason or the dice."""

    kind: str
    player: int
    cell: int = -1
    amount: int = 0
    other: int = -1
    detail: str = ""


def cell_noun(board: Board, cell: int) -> str:
    """Which noun of :data:`~millionaire.words.CELL_NOUNS_RU` names ``cell`` in a Russian sentence.

    >>> from millionaire import load_board
    >>> monopoly = load_board("monopoly-us")
    >>> [cell_noun(monopoly, c) for c in (1, 5, 12, 10)]
    ['plot', 'railroad', 'utility', 'cell']
    >>> cell_noun(load_board("millionaire-elite"), 5)
    'central'
    """
    kind = board.cells[cell].kind
    if kind is CellKind.RAILROAD:
        return "central" if board.central_industry is not None else "railroad"
    return {CellKind.PLOT: "plot", CellKind.UTILITY: "utility"}.get(kind, "cell")


class CellPhrase:
    """A cell as a sentence names it. In English its name whatever the format; in Russian the format
    gives the case of the cell's noun, ``{cell:acc}``, or nothing for the name in «quotes» alone.

    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> f"{CellPhrase(board, 5, 'ru'):acc}", f"{CellPhrase(board, 25, 'ru')}", f"{CellPhrase(board, 5, 'en'):acc}"
    ('железнодорожную компанию «Железная дорога Рединг»', '«Железная дорога „Балтимор и Огайо“»', 'Reading Railroad')
    """

    def __init__(self, board: Board, cell: int, lang: str) -> None:
        self.board, self.cell, self.lang = board, cell, lang

    def __format__(self, case: str) -> str:
        if self.cell < 0:
            return ""
        name = one_line(self.board.cells[self.cell].name(self.lang))
        if self.lang != "ru":
            return name
        if not case:
            return quoted_ru(name)
        return f"{CELL_NOUNS_RU[cell_noun(self.board, self.cell)][case]} {quoted_ru(name)}"


class Party:
    """A player or a pot as a sentence names it: the format ``to`` or ``from`` gives the Russian phrase
    of a payee («игроку Борис», «банку») or of whom a thing is taken from («у игрока Борис»)."""

    def __init__(self, seat: int, names: list[str], lang: str) -> None:
        self.seat, self.names, self.lang = seat, names, lang

    def __format__(self, role: str) -> str:
        prefix = f"party.{role}_" if role else "party."
        if self.seat < 0:
            return word(self.lang, prefix + _POTS[self.seat])
        return word(self.lang, prefix + "player", name=one_line(self.names[self.seat]))


def _detail(text: str, lang: str) -> str:
    """One of the engine's English details in ``lang`` (a text it does not know stays as it is)."""
    key = _DETAIL_KEYS.get(text)
    return word(lang, key) if key else text


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a game ended (``GameResult.reason``), in English or Russian.

    >>> reason_text("last player standing", "ru")
    'все остальные разорились'
    >>> reason_text("last player standing")
    'last player standing'
    """
    return _detail(reason, "ru" if lang == "ru" else "en")


def describe(event: Event, board: Board, names: list[str], lang: str = "en") -> str:
    """One readable sentence for ``event`` (``names`` are the players' names by seat)."""
    lang = "ru" if lang == "ru" else "en"
    kind = event.kind
    detail = event.detail
    if kind == "trade" and detail.startswith("["):
        detail = trade_text(json.loads(detail), event.player, board, names, lang)
    elif kind in ("card", "kept_card_due") and ":" in detail:
        deck, number = detail.split(":")
        detail = one_line(board.decks[deck].cards[int(number)].text(lang))
    elif kind == "jackpot":
        head, _, tail = detail.partition(" → ")
        detail = f"{head} → {_detail(tail, lang)}" if tail else _detail(head, lang)
    elif kind == "share_price" and detail.startswith("Exchange"):
        head, _, face = detail.partition(":")
        detail = word(lang, "event.exchange_die", exchange=_detail(head, lang), face=face)
    elif kind not in ("policy", "claim", "policy_ends", "shield", "keep_policy"):
        detail = _detail(detail, lang)
    template = kind
    if kind == "auction" and event.player < 0:
        template = "auction_none"
    elif kind == "roll" and "+" not in detail:  # one die (RuleSet.dice)
        template = "roll_one"
    elif kind == "income" and event.cell == 0:  # the token stops on START (cell 0) rather than passing it
        template = "income_stop"
    policy = ""
    if kind in ("policy", "claim", "policy_ends", "shield", "keep_policy"):  # detail: "<term>_<kind>" of the policy
        policy = word(lang, f"policy.{detail}")
    reason = f"reason.{event.detail}"
    sentence = word(
        lang, f"event.{template}",
        p=Party(event.player, names, lang),
        o="" if kind in ("buy_shares", "sell_shares", "tie") else Party(event.other, names, lang),  # there, other counts
        cell=CellPhrase(board, event.cell, lang),
        amount=event.amount,
        money=board.money(event.amount, lang),
        reason=word(lang, reason) if reason in WORDS[lang] else event.detail,
        detail=detail,
        where=_detail("unowned" if event.other == BANK else "with its owner", lang),
        count=event.other,
        policy=policy,
    )
    return sentence[0].upper() + sentence[1:]


def trade_text(trade: list[Any], proposer: int, board: Board, names: list[str], lang: str = "en") -> str:
    """What each side of a trade gives, in words (``trade`` as ``Trade.to_list()``).

    >>> from millionaire import load_board
    >>> trade_text([1, [2], [9], 100, 0, [], []], 0, load_board("millionaire-classic"), ["Anna", "Boris"])
    'Anna gives Casino and 100 fants; Boris gives Brewery'
    >>> trade_text([1, [2, 1], [], 100, 0, [], [1, 2]], 0, load_board("millionaire-classic"), ["Анна", "Борис"], "ru")
    'Анна отдаёт участок «Казино», участок «Кинотеатр» и 100 фантов; Борис отдаёт 2 карточки освобождения'
    """
    partner, give_cells, take_cells, give_cash, take_cash, give_cards, take_cards = trade
    lang = "ru" if lang == "ru" else "en"

    def side(seat: int, cells: list[int], cash: int, cards: list[Any]) -> str:
        items = [format(CellPhrase(board, c, lang), "acc") for c in cells]
        if cash:
            items.append(board.money(cash, lang))
        if cards:
            items.append(word(lang, "trade.card") if len(cards) == 1 else word(lang, "trade.cards", count=len(cards)))
        what = word(lang, "trade.nothing")
        if items:
            what = word(lang, "trade.join").join(items[:-1]) + word(lang, "trade.join_last") + items[-1] \
                if len(items) > 1 else items[0]
        return word(lang, "trade.side", name=one_line(names[seat]), what=what)

    return "; ".join([side(proposer, give_cells, give_cash, give_cards), side(partner, take_cells, take_cash, take_cards)])
