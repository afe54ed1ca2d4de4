"""Every word the board drawing and the widgets show, in English and Russian, in one place.

Cell, industry and board names come from the board file (full and short names in both languages);
everything else a screen shows comes from here. Keys are ``area.name``; a text may hold
``{fields}`` that :func:`word` fills in. Both languages have exactly the same keys (a test checks).

Examples
--------
>>> word("ru", "table.roll")
'Бросить кубики'
>>> word("en", "board.turn", round=3, player="Anna")
'Round 3 · Anna to play'
>>> strategy_label("ru", "monopolist")
'монополист'
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "ru")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the board drawing
        "board.turn": "Round {round} · {player} to play",
        "board.over": "Game over: {winner} wins",
        "board.fund": "Charity fund: {amount}",
        "board.box": "Jackpot box: {amount}",
        "board.bankrupt": "bankrupt",
        "board.detained_share": "{value} detained",
        "board.legend_owner": "owner",
        "board.legend_branch": "{small}",
        "board.legend_enterprise": "{large}",
        "board.legend_mortgaged": "mortgaged",
        # strategies, as the widgets and the CLI name them
        "strategy.human": "human", "strategy.cautious": "cautious", "strategy.aggressive": "aggressive",
        "strategy.monopolist": "monopolist", "strategy.random": "random",
        # the game table
        "table.roll": "Roll the dice", "table.end_turn": "End turn", "table.buy": "Buy ({price})",
        "table.decline": "Decline: auction", "table.pass": "Pass", "table.skip": "Skip",
        "table.pay_fine": "Pay the fine ({fine})", "table.use_jail_card": "Use the release card",
        "table.accept": "Accept", "table.reject": "Reject", "table.choose": "{cell}", "table.build": "Build on {cell}",
        "table.sell": "Sell a building on {cell}", "table.mortgage": "Mortgage {cell} (+{money})",
        "table.redeem": "Redeem {cell} (−{money})", "table.use_card": "Use the card on {cell}", "table.bid": "Bid",
        "table.bet": "Bet", "table.offer": "Offer the trade", "table.do": "Do it", "table.manage": "Build, sell, mortgage",
        "table.undo": "Undo my last move", "table.bots": "Bots play until my turn", "table.auto": "Play rounds automatically",
        "table.rounds": "Rounds", "table.play_rounds": "Play them", "table.new": "New game",
        "table.over": "Game over: {winner} wins ({reason}).", "table.to_play": "{player}: {what}",
        "table.bot_turn": "{player} (bot) is next: press “{bots}”.",
        "table.bots_wait": "Your decision comes first: answer it, then the bots play.",
        "table.partner": "Partner", "table.give": "I give", "table.take": "I take", "table.give_cash": "Money I give",
        "table.take_cash": "Money I take", "table.nothing_to_undo": "Nothing to undo.", "table.players": "Players",
        "table.board": "Board", "table.lang": "Language", "table.seed": "Game number", "table.seat": "Seat {seat}",
        "table.cash": "cash", "table.worth": "net worth", "table.plots": "plots", "table.detained": "detained",
        "table.bankrupt": "bankrupt", "table.instant": "Bots answer at once", "table.amount": "Amount",
        "table.setup": "New game: board, players, seats", "table.trade": "Trade with a player",
        "table.more": "More: auto-play, undo", "table.log": "What happened", "table.your_turn": "Your move",
        "table.choose_partner": "Choose a partner first.", "table.bad_seed": "The game number must be 0 or more, got {seed}.",
        "table.bad_players": "Players: 2 to 6, got {count}.", "table.bad_amount": "The amount must be a whole number, got {value}.",
        "table.bad_partner": "There is no player {partner} to trade with.", "table.bad_cells": "Not a plot to trade: {cells}.",
        "table.bad_rounds": "Rounds must be a whole number from 1, got {rounds}.", "table.no_human": "Only bots play: use “{auto}”.",
        "decision.roll": "roll the dice (or build, sell or mortgage first)", "decision.manage": "build, sell or mortgage, then end the turn",
        "decision.buy": "buy {cell} or send it to auction", "decision.bid": "auction for {cell}: the highest bid is {high}",
        "decision.jackpot": "play the slot machine?", "decision.choose": "choose a cell for the card",
        "decision.raise": "raise {amount} to pay a debt: sell or mortgage", "decision.trade_reply": "a trade is offered: {trade}",
        # the app
        "app.title": "{board}: play against the bots",
        "app.subtitle": "Choose the language, set up the game, then roll the dice. The bots answer at once.",
    },
    "ru": {
        "board.turn": "Раунд {round} · ходит {player}",
        "board.over": "Игра окончена: победил(а) {winner}",
        "board.fund": "Благотворительный фонд: {amount}",
        "board.box": "Касса Джекпота: {amount}",
        "board.bankrupt": "банкрот",
        "board.detained_share": "{value} в инспекции",
        "board.legend_owner": "владелец",
        "board.legend_branch": "{small}",
        "board.legend_enterprise": "{large}",
        "board.legend_mortgaged": "в залоге",
        "strategy.human": "человек", "strategy.cautious": "осторожный", "strategy.aggressive": "агрессивный",
        "strategy.monopolist": "монополист", "strategy.random": "случайный",
        "table.roll": "Бросить кубики", "table.end_turn": "Закончить ход", "table.buy": "Купить ({price})",
        "table.decline": "Отказаться: аукцион", "table.pass": "Пас", "table.skip": "Пропустить",
        "table.pay_fine": "Заплатить штраф ({fine})", "table.use_jail_card": "Использовать карточку освобождения",
        "table.accept": "Принять", "table.reject": "Отклонить", "table.choose": "{cell}", "table.build": "Строить: {cell}",
        "table.sell": "Продать постройку: {cell}", "table.mortgage": "Заложить {cell} (+{money})",
        "table.redeem": "Выкупить {cell} (−{money})", "table.use_card": "Карточка на участок {cell}", "table.bid": "Ставка",
        "table.bet": "Ставка", "table.offer": "Предложить сделку", "table.do": "Выполнить",
        "table.manage": "Строить, продать, заложить", "table.undo": "Отменить мой ход", "table.bots": "Боты ходят до моего хода",
        "table.auto": "Автоматическая игра", "table.rounds": "Раундов", "table.play_rounds": "Сыграть",
        "table.new": "Новая игра", "table.over": "Игра окончена: победил(а) {winner} ({reason}).",
        "table.to_play": "{player}: {what}", "table.bot_turn": "Следующим ходит {player} (бот): нажмите «{bots}».",
        "table.bots_wait": "Сначала ваше решение: ответьте, потом сходят боты.",
        "table.partner": "Партнёр", "table.give": "Отдаю", "table.take": "Беру", "table.give_cash": "Отдаю денег",
        "table.take_cash": "Беру денег", "table.nothing_to_undo": "Отменять нечего.", "table.players": "Игроков",
        "table.board": "Поле", "table.lang": "Язык", "table.seed": "Номер партии", "table.seat": "Место {seat}",
        "table.cash": "наличные", "table.worth": "капитал", "table.plots": "участки", "table.detained": "в инспекции",
        "table.bankrupt": "банкрот", "table.instant": "Боты отвечают сразу", "table.amount": "Сумма",
        "table.setup": "Новая игра: поле, игроки, места", "table.trade": "Сделка с игроком",
        "table.more": "Ещё: автоигра, отмена хода", "table.log": "Что произошло", "table.your_turn": "Ваш ход",
        "table.choose_partner": "Сначала выберите партнёра.", "table.bad_seed": "Номер партии — число от 0, а не {seed}.",
        "table.bad_players": "Игроков — от 2 до 6, а не {count}.", "table.bad_amount": "Сумма — целое число, а не {value}.",
        "table.bad_partner": "Игрока {partner} для сделки нет.", "table.bad_cells": "Это не участок для сделки: {cells}.",
        "table.bad_rounds": "Раундов — целое число от 1, а не {rounds}.", "table.no_human": "Играют только боты: нажмите «{auto}».",
        "decision.roll": "бросить кубики (или сначала строить, продать, заложить)",
        "decision.manage": "строить, продать или заложить, затем закончить ход",
        "decision.buy": "купить «{cell}» или отправить на аукцион", "decision.bid": "аукцион за «{cell}»: высшая ставка {high}",
        "decision.jackpot": "сыграть в Джекпот?", "decision.choose": "выберите клетку для карточки",
        "decision.raise": "нужно собрать {amount}: продайте или заложите", "decision.trade_reply": "предложена сделка: {trade}",
        "app.title": "{board}: игра против ботов",
        "app.subtitle": "Выберите язык, настройте игру и бросайте кубики. Боты отвечают сразу.",
    },
}


def check_lang(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGS`, else a clear error."""
    if lang not in LANGS:
        raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
    return lang


def word(lang: str, key: str, **fields: Any) -> str:
    """The text for ``key`` in ``lang``, with ``fields`` filled in."""
    return WORDS[check_lang(lang)][key].format(**fields)


def strategy_label(lang: str, strategy: str) -> str:
    """A strategy's name as a person reads it (an unknown strategy keeps its own name)."""
    key = f"strategy.{strategy}"
    return WORDS[check_lang(lang)].get(key, strategy)
