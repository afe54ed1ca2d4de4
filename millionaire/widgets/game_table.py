"""GameTable: a whole game in the notebook, humans against bots.

The widget is thin: every rule is the engine's. Buttons are made from the pending decision's legal
actions; anything typed (a bid, a bet, a trade) goes through the engine's own checks, and a
refusal is shown as a message without changing the game.

Examples
--------
>>> table = GameTable(players=3, humans=[0], seed=4)
>>> table.game.pending.kind
'roll'
>>> table.roll()
>>> table.game.state.turns >= 0 and "Anna" in table.players_html.value
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..actions import Action, Trade
from ..agents import make_agent
from ..board import load_board
from ..engine import Game
from ..errors import IllegalActionError
from ..events import trade_text
from ..plotting import PLAYER_COLOURS, BoardView
from .common import error_html
from ..rules import RuleSet

STRATEGY_CHOICES = ("human", "cautious", "aggressive", "monopolist", "random")
NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"),
         "ru": ("Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор")}

_WORDS = {
    "en": {
        "roll": "Roll the dice", "end_turn": "End turn", "buy": "Buy ({price})", "decline": "Decline (auction)",
        "pass": "Pass", "skip": "Skip", "pay_fine": "Pay the fine ({fine})", "use_jail_card": "Use the release card",
        "accept": "Accept", "reject": "Reject", "choose": "{cell}", "build": "Build on {cell}",
        "sell": "Sell a building on {cell}", "mortgage": "Mortgage {cell} (+{money})",
        "redeem": "Redeem {cell} (−{money})", "use_card": "Use card on {cell}", "bid": "Bid", "bet": "Bet",
        "offer": "Offer trade", "do": "Do it", "manage": "Manage", "undo": "Undo", "bots": "Bots play until my turn",
        "auto": "Auto-play rounds", "new": "New game", "over": "Game over: {winner} wins ({reason}).",
        "to_play": "{player} to decide: {what}", "bot_turn": "{player} (bot) is next — press “{bots}”.",
        "partner": "Partner", "give": "I give", "take": "I take", "give_cash": "Cash I give",
        "take_cash": "Cash I take", "nothing_to_undo": "Nothing to undo.", "players": "Players", "board": "Board",
        "lang": "Language", "seed": "Seed", "seat": "Seat {seat}", "cash": "cash", "worth": "net worth",
        "plots": "plots", "detained": "detained", "bankrupt": "bankrupt", "instant": "Bots answer at once",
        "amount": "Amount",
    },
    "ru": {
        "roll": "Бросить кубики", "end_turn": "Закончить ход", "buy": "Купить ({price})",
        "decline": "Отказаться (аукцион)", "pass": "Пас", "skip": "Пропустить", "pay_fine": "Заплатить штраф ({fine})",
        "use_jail_card": "Использовать карточку", "accept": "Принять", "reject": "Отклонить", "choose": "{cell}",
        "build": "Строить: {cell}", "sell": "Продать постройку: {cell}", "mortgage": "Заложить {cell} (+{money})",
        "redeem": "Выкупить {cell} (−{money})", "use_card": "Карточка на {cell}", "bid": "Ставка", "bet": "Ставка",
        "offer": "Предложить сделку", "do": "Выполнить", "manage": "Действия", "undo": "Отменить",
        "bots": "Боты ходят до моего хода", "auto": "Автоигра, раундов", "new": "Новая игра",
        "over": "Игра окончена: победил(а) {winner} ({reason}).", "to_play": "Решает {player}: {what}",
        "bot_turn": "Следующим ходит {player} (бот) — нажмите «{bots}».", "partner": "Партнёр",
        "give": "Отдаю", "take": "Беру", "give_cash": "Отдаю денег", "take_cash": "Беру денег",
        "nothing_to_undo": "Отменять нечего.", "players": "Игроков", "board": "Поле", "lang": "Язык",
        "seed": "Зерно", "seat": "Место {seat}", "cash": "наличные", "worth": "состояние", "plots": "участки",
        "detained": "в инспекции", "bankrupt": "банкрот", "instant": "Боты отвечают сразу", "amount": "Сумма",
    },
}
_DECISIONS = {
    "en": {"roll": "roll the dice (or manage first)", "manage": "manage, then end the turn",
           "buy": "buy {cell} or send it to auction", "bid": "auction for {cell}: highest bid {high}",
           "jackpot": "play the slot machine?", "choose": "choose a cell for the card",
           "raise": "raise {amount} to pay a debt: sell or mortgage", "trade_reply": "a trade is offered: {trade}"},
    "ru": {"roll": "бросить кубики (или сначала управлять)", "manage": "управление, затем конец хода",
           "buy": "купить «{cell}» или отправить на аукцион", "bid": "аукцион за «{cell}»: высшая ставка {high}",
           "jackpot": "сыграть в Джекпот?", "choose": "выберите клетку для карточки",
           "raise": "нужно собрать {amount}: продайте или заложите", "trade_reply": "предложена сделка: {trade}"},
}
_PRIMARY = ("roll", "end_turn", "buy", "decline", "pass", "skip", "pay_fine", "accept", "reject", "choose")


class GameTable(widgets.VBox):
    """A game of Millionaire Classic or Monopoly for 2–6 players, each a human or a bot.

    Parameters
    ----------
    board : ``"millionaire-classic"`` or ``"monopoly-us"``.
    players : 2..6.
    humans : seats played by people (default: seat 0).
    strategies : a strategy per seat for the bots (default ``"cautious"``).
    lang : ``"en"`` or ``"ru"``.
    seed : the game's seed.

    Every button has a method a test or a notebook can call: :meth:`roll`, :meth:`buy`,
    :meth:`bid`, :meth:`do` (any :class:`~millionaire.actions.Action`), :meth:`bots_until_human`,
    :meth:`autoplay`, :meth:`undo`, :meth:`new_game`. Refused input sets :attr:`message`.
    """

    def __init__(self, board: str = "millionaire-classic", players: int = 3, humans: Sequence[int] = (0,),
                 strategies: Sequence[str] | None = None, lang: str = "en", seed: int = 1) -> None:
        super().__init__()
        if lang not in _WORDS:
            raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
        self.lang = lang
        self.last_error = ""  # the text of the last refusal shown in `message`
        self.board_choice = widgets.Dropdown(options=["millionaire-classic", "monopoly-us"], value=board,
                                             description=self.word("board"))
        self.players_choice = widgets.BoundedIntText(value=players, min=2, max=6, description=self.word("players"))
        self.lang_choice = widgets.Dropdown(options=["en", "ru"], value=lang, description=self.word("lang"))
        self.seed_choice = widgets.IntText(value=seed, description=self.word("seed"))
        self.seat_choices = [widgets.Dropdown(options=STRATEGY_CHOICES, value="cautious",
                                              description=self.word("seat", seat=i + 1)) for i in range(6)]
        for seat in range(6):
            strategy = strategies[seat] if strategies and seat < len(strategies) else "cautious"
            self.seat_choices[seat].value = "human" if seat in humans else strategy
        self.new_button = widgets.Button(description=self.word("new"), button_style="primary")
        self.new_button.on_click(lambda _: self.new_game())

        self.board_image = widgets.Image(format="png", layout=widgets.Layout(width="620px"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.players_html = widgets.HTML()
        self.log_html = widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self.primary_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.manage_choice = widgets.Dropdown(options=[], description=self.word("manage"),
                                              layout=widgets.Layout(width="360px"))
        self.manage_button = widgets.Button(description=self.word("do"))
        self.manage_button.on_click(lambda _: self._do_managed())
        self.amount = widgets.IntText(value=1, description=self.word("amount"), layout=widgets.Layout(width="200px"))
        self.amount_button = widgets.Button(description=self.word("bid"))
        self.amount_button.on_click(lambda _: self._do_amount())
        self.trade_partner = widgets.Dropdown(options=[], description=self.word("partner"))
        self.trade_give = widgets.SelectMultiple(options=[], description=self.word("give"), rows=4)
        self.trade_take = widgets.SelectMultiple(options=[], description=self.word("take"), rows=4)
        self.trade_give_cash = widgets.IntText(value=0, description=self.word("give_cash"))
        self.trade_take_cash = widgets.IntText(value=0, description=self.word("take_cash"))
        self.trade_button = widgets.Button(description=self.word("offer"))
        self.trade_button.on_click(lambda _: self.offer_trade())
        self.instant_bots = widgets.Checkbox(value=True, description=self.word("instant"))
        self.bots_button = widgets.Button(description=self.word("bots"))
        self.bots_button.on_click(lambda _: self.bots_until_human())
        self.rounds_choice = widgets.BoundedIntText(value=5, min=1, max=1000, description=self.word("auto"),
                                                    style={"description_width": "initial"},
                                                    layout=widgets.Layout(width="260px"))
        self.auto_button = widgets.Button(description="▶")
        self.auto_button.on_click(lambda _: self.autoplay(self.rounds_choice.value))
        self.undo_button = widgets.Button(description=self.word("undo"))
        self.undo_button.on_click(lambda _: self.undo())

        setup = widgets.VBox([widgets.HBox([self.board_choice, self.players_choice, self.lang_choice]),
                              widgets.HBox([self.seed_choice, self.new_button]),
                              widgets.HBox(self.seat_choices[:3]), widgets.HBox(self.seat_choices[3:])])
        controls = widgets.VBox([
            self.status, self.message, self.primary_box,
            widgets.HBox([self.amount, self.amount_button]),
            widgets.HBox([self.manage_choice, self.manage_button]),
            widgets.VBox([self.trade_partner, widgets.HBox([self.trade_give, self.trade_take]),
                          widgets.HBox([self.trade_give_cash, self.trade_take_cash]), self.trade_button]),
            widgets.HBox([self.undo_button, self.bots_button, self.instant_bots]),
            widgets.HBox([self.rounds_choice, self.auto_button]),
            self.players_html,
        ])
        self.children = [setup, widgets.HBox([self.board_image, controls]), self.log_html]
        self.game: Game
        self.new_game()

    # ------------------------------------------------------------------ words
    def word(self, key: str, **fields: Any) -> str:
        return _WORDS[self.lang][key].format(**fields)

    def cell_name(self, cell: int) -> str:
        return self.game.board.cells[cell].name(self.lang)

    def action_label(self, action: Action) -> str:
        """The button text for ``action``."""
        game, kind = self.game, action.kind
        if kind == "use_card" and action.cell < 0:
            return self.word("use_jail_card")
        if kind == "buy":
            return self.word("buy", price=game.board.cells[game.pending.cell].price)
        if kind == "pay_fine":
            return self.word("pay_fine", fine=game.rules.jail_fine)
        money = 0
        if kind == "mortgage":
            money = game.mortgage_value(action.cell)
        elif kind == "redeem":
            money = game.redemption_cost(action.cell)
        cell = self.cell_name(action.cell) if action.cell >= 0 else ""
        return self.word(kind, cell=cell, money=money)

    # ------------------------------------------------------------------ games
    def new_game(self) -> None:
        """Start a game from the setup controls."""
        self.lang = self.lang_choice.value
        count = self.players_choice.value
        if not 2 <= count <= 6:
            self.message.value = self._error(f"2..6 players, not {count}")
            return
        board = load_board(self.board_choice.value)
        agents = [None if c.value == "human" else make_agent(c.value, seed=self.seed_choice.value * 10 + i)
                  for i, c in enumerate(self.seat_choices[:count])]
        rules = RuleSet.for_board(board.key).replace(shuffle_seats=False)
        self.game = Game(board, rules, agents=agents, seed=self.seed_choice.value, names=NAMES[self.lang][:count])
        self.view = BoardView(board, lang=self.lang, fast=True)
        self.history: list[Any] = []
        self.message.value = ""
        if self.instant_bots.value and self.humans:  # a table of bots only waits for "Auto-play"
            self.game.play_bots()
        self.refresh()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.game.agents) if agent is None]

    def do(self, action: Action) -> bool:
        """Answer the pending decision with ``action`` (a human's move); False and a message if refused."""
        game = self.game
        if game.finished:
            self.message.value = self._error(self.word("over", winner="", reason="").rstrip(" ().:"))
            return False
        pending = game.pending
        if game.agents[pending.player] is not None:
            self.message.value = self._error(self.word("bot_turn", player=game.names[pending.player], bots=self.word("bots")))
            return False
        snapshot = game.snapshot()
        try:
            game.apply(action)
        except IllegalActionError as error:
            self.message.value = self._error(str(error))
            return False
        self.history.append(snapshot)
        self.message.value = ""
        if self.instant_bots.value:
            game.play_bots()
        self.refresh()
        return True

    # One method per button, for notebooks and tests.
    def roll(self) -> None:
        self.do(Action.roll())

    def end_turn(self) -> None:
        self.do(Action.end_turn())

    def buy(self) -> None:
        self.do(Action.buy())

    def decline(self) -> None:
        self.do(Action.decline())

    def pass_(self) -> None:
        self.do(Action.pass_())

    def pay_fine(self) -> None:
        self.do(Action.pay_fine())

    def bid(self, amount: int) -> None:
        self.amount.value = amount
        self.do(Action.bid(amount))

    def bet(self, amount: int) -> None:
        self.amount.value = amount
        self.do(Action.bet(amount))

    def _do_amount(self) -> None:
        kind = "bet" if self.game.pending is not None and self.game.pending.kind == "jackpot" else "bid"
        self.do(Action(kind, amount=self.amount.value))

    def _do_managed(self) -> None:
        if self.manage_choice.value is not None:
            self.do(self.manage_choice.value)

    def offer_trade(self, partner: int | None = None, give: Sequence[int] | None = None, take: Sequence[int] | None = None,
                    give_cash: int | None = None, take_cash: int | None = None) -> None:
        """Offer the trade set in the trade controls (arguments, when given, set the controls first)."""
        if partner is not None:
            self.trade_partner.value = partner
        if give is not None:
            self.trade_give.value = tuple(give)
        if take is not None:
            self.trade_take.value = tuple(take)
        if give_cash is not None:
            self.trade_give_cash.value = give_cash
        if take_cash is not None:
            self.trade_take_cash.value = take_cash
        if self.trade_partner.value is None:
            self.message.value = self._error("choose a partner first")
            return
        trade = Trade(partner=self.trade_partner.value, give_cells=tuple(self.trade_give.value),
                      take_cells=tuple(self.trade_take.value), give_cash=self.trade_give_cash.value,
                      take_cash=self.trade_take_cash.value)
        self.do(Action.offer(trade))

    def undo(self) -> None:
        """Take back the last human action (and the bot moves after it)."""
        if not self.history:
            self.message.value = self._error(self.word("nothing_to_undo"))
            return
        self.game.restore(self.history.pop())
        self.message.value = ""
        self.refresh()

    def bots_until_human(self) -> None:
        """Let the bots play until a human must decide."""
        self.game.play_bots()
        self.refresh()

    def autoplay(self, rounds: int) -> None:
        """Play ``rounds`` rounds, human seats answered by a cautious stand-in."""
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            self.message.value = self._error(f"rounds must be a whole number ≥ 1, got {rounds!r}")
            return
        self.history.append(self.game.snapshot())
        self.game.play_bots(until_round=self.game.state.round + rounds - 1, stand_in=make_agent("cautious"))
        self.message.value = ""
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw the board, the buttons, the panels and the log from the game."""
        game = self.game
        self.view.update(game.state)
        self.board_image.value = self.view.render_png()
        self.status.value = self._status()
        self._buttons()
        self.players_html.value = self._players()
        lines = game.log(self.lang, last=40)
        self.log_html.value = "<br>".join(html.escape(line) for line in reversed(lines))
        mine = game.pending.player if game.pending is not None else 0
        self.trade_partner.options = [(game.names[s], s) for s, p in enumerate(game.state.players)
                                      if not p.bankrupt and s != mine]
        cells = game.board.cells
        self.trade_give.options = [(cells[c].name(self.lang), c) for c in game.owned(mine)]
        self.trade_take.options = [(f"{cells[c].name(self.lang)} ({game.names[game.state.owner[c]]})", c)
                                   for c in game.board.ownable if game.state.owner[c] not in (-1, mine)]

    def _status(self) -> str:
        game = self.game
        if game.finished:
            result = game.result()
            winner = game.names[result.winner] if result.winner >= 0 else "—"
            return f"<b>{html.escape(self.word('over', winner=winner, reason=result.reason))}</b>"
        pending = game.pending
        name = game.names[pending.player]
        if game.agents[pending.player] is not None:
            return html.escape(self.word("bot_turn", player=name, bots=self.word("bots")))
        fields = {"cell": self.cell_name(pending.data["cell"]) if "cell" in pending.data else "",
                  "high": pending.data.get("high", 0), "amount": pending.data.get("amount", 0),
                  "trade": trade_text(pending.data["trade"], pending.data["from"], game.board, game.names, self.lang)
                  if "trade" in pending.data else ""}
        what = _DECISIONS[self.lang][pending.kind].format(**fields)
        colour = PLAYER_COLOURS[pending.player % len(PLAYER_COLOURS)]
        return f"<b style='color:{colour}'>{html.escape(self.word('to_play', player=name, what=what))}</b>"

    def _buttons(self) -> None:
        game = self.game
        pending = game.pending
        human_turn = pending is not None and game.agents[pending.player] is None
        actions = game.legal_actions() if human_turn else []
        primary, managed = [], []
        for action in actions:
            if action.kind in ("bid", "bet"):
                continue
            if action.kind in _PRIMARY or (action.kind == "use_card" and action.cell < 0):
                button = widgets.Button(description=self.action_label(action),
                                        button_style="success" if action.kind in ("roll", "buy", "accept") else "")
                button.on_click(lambda _, a=action: self.do(a))
                primary.append(button)
            else:
                managed.append((self.action_label(action), action))
        self.primary_box.children = primary
        self.manage_choice.options = managed
        amounts = [a.amount for a in actions if a.kind in ("bid", "bet")]
        self.amount_button.disabled = not amounts
        if amounts:
            self.amount_button.description = self.word("bet" if pending.kind == "jackpot" else "bid")
            self.amount.value = min(amounts)
        self.manage_button.disabled = not managed
        self.trade_button.disabled = not (human_turn and pending.kind in ("roll", "manage"))
        self.undo_button.disabled = not self.history

    def _players(self) -> str:
        game = self.game
        rows = []
        for seat, player in enumerate(game.state.players):
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            who = ("человек" if self.lang == "ru" else "human") if game.agents[seat] is None else game.agents[seat].name
            if player.bankrupt:
                detail = self.word("bankrupt")
            else:
                plots = ", ".join(game.board.cells[c].short(self.lang) for c in game.owned(seat)) or "—"
                detail = (f"{self.word('cash')} {player.cash}, {self.word('worth')} {game.net_worth(seat)}; "
                          f"{self.word('plots')}: {html.escape(plots)}")
                if player.detained:
                    detail += f" ({self.word('detained')})"
            rows.append(f"<div><b style='color:{colour}'>{html.escape(player.name)}</b> [{who}] {detail}</div>")
        return "".join(rows)

    def _error(self, text: str) -> str:
        self.last_error = text
        return error_html(text)
