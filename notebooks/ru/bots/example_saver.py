"""Пример бота для лиги класса.

Скопируйте этот файл, назовите копию по своей команде (``masha_petya.py``) и измените стратегию.
Лига берёт каждый файл этой папки: ``collect_bots("bots")`` в уроке 10.
"""

from millionaire import Action
from millionaire.agents import Agent


class Saver(Agent):
    """Покупает участок, если после покупки остаётся запас; не идёт на аукционы, к автомату и на
    сделки; в остальных решениях даёт первый допустимый ответ."""

    name = "копилка"
    reserve = 300  # фанты, которые бот держит на аренду. Это настройка: Saver(reserve=500) играет с 500

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
