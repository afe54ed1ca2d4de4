"""GameTable: a whole game in the notebook, humans against bots, laid out for a classroom screen.

The board is the largest thing on the screen; beside it stand the decision waiting for an answer
with its buttons, the players and the last moves. Building, trading, auto-play and the setup of a
new game fold away under it. The widget is thin: every rule is the engine's. Buttons are made from
the pending decision's legal actions; anything typed (a bid, a bet, a trade) goes through the
engine's own checks, and a refusal is shown as a message without changing the game.

Examples
--------
>>> table = GameTable(players=3, humans=[0], seed=4)
>>> table.game.pending.kind
'roll'
>>> table.roll()
>>> "Anna" in table.players_html.value
True
>>> table.set_lang("ru")
>>> table.primary_box.children[0].description in ("Закончить ход", "Бросить кубики", "Купить (100)")
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..actions import Action, Trade
from ..agents import make_agent
from ..editions import keys
from ..engine import Game
from ..errors import IllegalActionError
from .. import presenter
from ..events import reason_text
from ..plain_text import html_text, one_line
from ..plotting import PLAYER_COLOURS, BoardView
from ..rules import RuleSet
from ..words import check_lang, refusal, strategy_label, word
from .common import (CLASSROOM_CSS, PROJECTOR, PROJECTOR_TEXT_SCALE, TitledImage, UntilRun, builtin_board, error_html, language_options,
                     relabel)

STRATEGY_CHOICES = ("human", "cautious", "aggressive", "monopolist", "random")
NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"),
         "ru": ("Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор")}
MAX_SEATS = 6
LOG_LINES = 8
#: The moves undo can take back (a snapshot of a few kilobytes each).
UNDO_DEPTH = 500
_DICE = re.compile(r"^(\d)\D+(\d)$")
#: The boards a table offers: every edition of the registry that plays at a table.
TABLE_BOARDS = keys("table")


def table_board_options(lang: str) -> list[tuple[str, str]]:
    """The table's boards as (name in ``lang``, key) pairs, for its dropdown."""
    return [(builtin_board(key).name(lang), key) for key in TABLE_BOARDS]


def _button(description: str = "", style: str = "") -> widgets.Button:
    """A button that is as wide as its words (never cut)."""
    return widgets.Button(description=description, button_style=style, layout=widgets.Layout(width="auto"))


class GameTable(UntilRun, widgets.VBox):
    """A game of Millionaire Classic or Monopoly for 2–6 players, each a human or a bot.

    Parameters
    ----------
    board : ``"millionaire-classic"``, ``"monopoly-us"`` or ``"millionaire-junior"``.
    players : 2..6 (Junior: 2..4).
    humans : seats played by people (default: seat 0).
    strategies : a strategy per seat for the bots (default ``"cautious"``).
    lang : ``"en"`` or ``"ru"``; :meth:`set_lang` switches it during a game.
    seed : the game's number: the same number deals the same dice.

    Every button has a method a test or a notebook can call: :meth:`roll`, :meth:`buy`,
    :meth:`bid`, :meth:`do` (any :class:`~millionaire.actions.Action`), :meth:`bots_until_human`,
    :meth:`autoplay`, :meth:`undo`, :meth:`new_game`, :meth:`offer_trade`. Refused input sets
    :attr:`message` (and :attr:`last_error`) and changes nothing.
    """

    def __init__(self, board: str = "millionaire-classic", players: int = 3, humans: Sequence[int] = (0,),
                 strategies: Sequence[str] | None = None, lang: str = "en", seed: int = 1) -> None:
        super().__init__()
        self.add_class("mln-widget")
        self.lang = check_lang(lang)
        if board not in TABLE_BOARDS:
            raise ValueError(f"board must be one of {', '.join(TABLE_BOARDS)}, got {board!r}")
        self.last_error = ""  # the text of the last refusal shown in `message`
        self.add_class("mln-table")
        initial = {"style": {"description_width": "initial"}}
        # ---- setup of a new game
        self.board_choice = widgets.Dropdown(options=table_board_options(lang), value=board, **initial)
        self.players_choice = widgets.BoundedIntText(value=min(max(players, 2), MAX_SEATS), min=2, max=MAX_SEATS,
                                                     layout=widgets.Layout(width="150px"), **initial)
        self.lang_choice = widgets.Dropdown(options=language_options(), value=lang, **initial)
        self.seed_choice = widgets.IntText(value=seed, layout=widgets.Layout(width="210px"), **initial)
        self.seat_choices = [widgets.Dropdown(**initial) for _ in range(MAX_SEATS)]
        for seat, choice in enumerate(self.seat_choices):
            choice.options = [(strategy_label(lang, s), s) for s in STRATEGY_CHOICES]
            strategy = strategies[seat] if strategies and seat < len(strategies) else "cautious"
            choice.value = "human" if seat in humans else strategy
        self.new_button = _button(style="primary")
        self.new_button.on_click(lambda _: self.new_game())
        self.players_choice.observe(lambda _: self._show_seats(), names="value")
        self.lang_choice.observe(lambda change: self.set_lang(change["new"]), names="value")
        # ---- what the class sees
        self.board_image = TitledImage(format="png")
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.primary_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.primary_box.add_class("mln-decision")
        self.amount = widgets.IntText(value=1, layout=widgets.Layout(width="190px"), **initial)
        self.amount_button = _button(style="success")
        self.amount_button.on_click(lambda _: self._do_amount())
        self.amount_row = widgets.HBox([self.amount, self.amount_button])
        self.players_html = widgets.HTML()
        self.log_title = widgets.HTML()
        self.log_html = widgets.HTML()
        # ---- folded away: building and mortgages, trade, more, setup
        self.manage_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="100%"))
        self.manage_button = _button()
        self.manage_button.on_click(lambda _: self._do_managed())
        self.trade_partner = widgets.Dropdown(options=[], **initial)
        self.trade_give = widgets.SelectMultiple(options=[], rows=5, layout=widgets.Layout(width="100%"))
        self.trade_take = widgets.SelectMultiple(options=[], rows=5, layout=widgets.Layout(width="100%"))
        for choice in (self.trade_give, self.trade_take):
            choice.add_class("mln-stacked")  # the label above the list
        self.trade_give_cash = widgets.IntText(value=0, layout=widgets.Layout(width="210px"), **initial)
        self.trade_take_cash = widgets.IntText(value=0, layout=widgets.Layout(width="210px"), **initial)
        self.trade_button = _button()
        self.trade_button.on_click(lambda _: self.offer_trade())
        self.instant_bots = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"))
        self.bots_button = _button()
        self.bots_button.on_click(lambda _: self.bots_until_human())
        self.bots_reason = widgets.HTML()
        self.rounds_choice = widgets.BoundedIntText(value=5, min=1, max=1000, layout=widgets.Layout(width="170px"),
                                                    **initial)
        self.auto_button = _button()
        self.auto_button.on_click(lambda _: self.autoplay(self.rounds_choice.value))
        self.undo_button = _button()
        self.undo_button.on_click(lambda _: self.undo())
        self.projector_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.projector_toggle.observe(lambda change: PROJECTOR.switch(change["new"]), names="value")

        self.seats_box = widgets.HBox(self.seat_choices, layout=widgets.Layout(flex_flow="row wrap"))
        setup = widgets.VBox([widgets.HBox([self.board_choice, self.lang_choice], layout=widgets.Layout(flex_flow="row wrap")),
                              widgets.HBox([self.players_choice, self.seed_choice], layout=widgets.Layout(flex_flow="row wrap")),
                              self.seats_box, self.new_button])
        trade = widgets.VBox([self.trade_partner,
                              widgets.HBox([widgets.VBox([self.trade_give], layout=widgets.Layout(width="50%")),
                                            widgets.VBox([self.trade_take], layout=widgets.Layout(width="50%"))]),
                              widgets.HBox([self.trade_give_cash, self.trade_take_cash], layout=widgets.Layout(flex_flow="row wrap")),
                              self.trade_button])
        more = widgets.VBox([widgets.HBox([self.bots_button, self.bots_reason], layout=widgets.Layout(flex_flow="row wrap")),
                             self.instant_bots,
                             widgets.HBox([self.rounds_choice, self.auto_button], layout=widgets.Layout(flex_flow="row wrap")),
                             self.undo_button, self.projector_toggle])
        manage = widgets.VBox([self.manage_choice, self.manage_button])
        self.folds = widgets.Accordion(children=[manage, trade, more, setup], selected_index=None)
        self.side = widgets.VBox([self.status, self.message, self.primary_box, self.amount_row, self.players_html,
                                  self.log_title, self.log_html, self.folds])
        self.side.add_class("mln-side")
        row = widgets.HBox([self.board_image, self.side], layout=widgets.Layout(width="100%", align_items="flex-start"))
        row.add_class("mln-row")
        self.children = [widgets.HTML(CLASSROOM_CSS), row]
        self.game: Game
        self.text_scale = 1.0
        self._views: dict[tuple[str, str, float], BoardView] = {}
        self._relabel()
        self.new_game()
        PROJECTOR.follow(self)

    def __repr__(self) -> str:
        return f"GameTable(board={self.board_choice.value!r}, players={len(self.game.state.players)}, lang={self.lang!r})"

    # ------------------------------------------------------------------ words
    def word(self, key: str, **fields: Any) -> str:
        """A text of the table in its language (see :mod:`millionaire.words`)."""
        return word(self.lang, f"table.{key}", **fields)

    def cell_name(self, cell: int) -> str:
        return self.game.board.cells[cell].name(self.lang)

    def action_label(self, action: Action) -> str:
        """The button text for ``action`` (see :func:`millionaire.presenter.action_label`)."""
        return presenter.action_label(self.game, action, self.lang)

    def set_lang(self, lang: str) -> None:
        """Switch every label, the board and the log to ``lang`` (``"en"`` or ``"ru"``), mid-game."""
        check_lang(lang)
        if self.lang_choice.value != lang:
            self.lang_choice.value = lang  # the control calls back here with the new language
            return
        old, self.lang = self.lang, lang
        self.message.value = ""  # a refusal was worded in the old language
        for player, default in zip(self.game.state.players, NAMES[old]):  # default names follow the language
            if player.name == default:
                player.name = NAMES[lang][NAMES[old].index(default)]
        self._relabel()
        self.view = self._board_view()
        self.refresh()

    def show_projector(self, on: bool) -> None:
        """Projector-size text on the table and its board (the switch of :func:`~millionaire.widgets.projector`)."""
        self.projector_toggle.value = on
        (self.add_class if on else self.remove_class)("mln-projector")
        scale = PROJECTOR_TEXT_SCALE if on else 1.0
        if scale != self.text_scale:
            self.text_scale = scale
            self.view = self._board_view()
            self.refresh()

    def _board_view(self) -> BoardView:
        """The board's picture for the game's board, the table's language and text size: drawn
        once for each, then only what changes in play is drawn again."""
        key = (self.game.board.key, self.lang, self.text_scale)
        if key not in self._views:
            self._views[key] = BoardView(self.game.board, lang=self.lang, fast=True, text_scale=self.text_scale)
        return self._views[key]

    def _relabel(self) -> None:
        """Put every control's words in the table's language."""
        lang = self.lang
        relabel(self.board_choice, table_board_options(lang), self.word("board"))
        self.players_choice.description = self.word("players")
        self.lang_choice.description = self.word("lang")
        self.seed_choice.description = self.word("seed")
        for seat, choice in enumerate(self.seat_choices):
            relabel(choice, [(strategy_label(lang, s), s) for s in STRATEGY_CHOICES], self.word("seat", seat=seat + 1))
        self.new_button.description = self.word("new")
        self.amount.description = self.word("amount")
        self.amount_button.description = self.word("bid")  # "Bet" at the slot machine (see _buttons)
        self.manage_button.description = self.word("do")
        self.trade_partner.description = self.word("partner")
        self.trade_give.description = self.word("give")
        self.trade_take.description = self.word("take")
        self.manage_choice.description = self.word("manage_what")
        self.trade_give_cash.description = self.word("give_cash")
        self.trade_take_cash.description = self.word("take_cash")
        self.trade_button.description = self.word("offer")
        self.instant_bots.description = self.word("instant")
        self.bots_button.description = self.word("bots")
        self.rounds_choice.description = self.word("rounds")
        self.auto_button.description = self.word("play_rounds")
        self.undo_button.description = self.word("undo")
        self.projector_toggle.description = word(lang, "projector.switch")
        self.projector_toggle.tooltip = word(lang, "projector.tip")
        self.log_title.value = f"<b>{html_text(self.word('log'))}</b>"
        self.folds.titles = (self.word("manage"), self.word("trade"), self.word("more"), self.word("setup"))
        tips = {"board": self.board_choice, "players": self.players_choice, "lang": self.lang_choice,
                "seed": self.seed_choice, "new": self.new_button, "amount": self.amount,
                "amount_button": self.amount_button, "manage_what": self.manage_choice, "do": self.manage_button,
                "partner": self.trade_partner, "give": self.trade_give, "take": self.trade_take,
                "give_cash": self.trade_give_cash, "take_cash": self.trade_take_cash, "offer": self.trade_button,
                "instant": self.instant_bots, "bots": self.bots_button, "rounds": self.rounds_choice,
                "play_rounds": self.auto_button, "undo": self.undo_button}
        for key, control in tips.items():
            control.tooltip = self.word(f"tip_{key}")
        for choice in self.seat_choices:
            choice.tooltip = self.word("tip_seat")
        self._show_seats()

    def _show_seats(self) -> None:
        count = self.players_choice.value
        for seat, choice in enumerate(self.seat_choices):
            choice.layout.display = "" if seat < count else "none"

    # ------------------------------------------------------------------ games
    def new_game(self) -> None:
        """Start a game from the setup controls."""
        count, seed = self.players_choice.value, self.seed_choice.value
        if not 2 <= count <= MAX_SEATS:
            self.message.value = self._error(self.word("bad_players", count=count))
            return
        if seed < 0:
            self.message.value = self._error(self.word("bad_seed", seed=seed))
            return
        board = builtin_board(self.board_choice.value)
        rules = RuleSet.for_board(board.key).replace(shuffle_seats=False)
        if count > rules.max_players:  # Junior's box has 4 tokens
            self.message.value = self._error(self.word("too_many_players", board=board.name(self.lang),
                                                       most=rules.max_players, count=count))
            return
        agents = [None if c.value == "human" else make_agent(c.value, seed=seed * 10 + i)
                  for i, c in enumerate(self.seat_choices[:count])]
        self.game = Game(board, rules, agents=agents, seed=seed, names=NAMES[self.lang][:count])
        self.view = self._board_view()
        self.history: list[Any] = []
        self.message.value = ""
        if self.instant_bots.value and self.humans:  # a table of bots only waits for auto-play
            self.game.play_bots()
        self.refresh()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.game.agents) if agent is None]

    def do(self, action: Action) -> bool:
        """Answer the pending decision with ``action`` (a human's move); False and a message if refused."""
        game = self.game
        if game.finished:
            self.message.value = self._error(self._over())
            return False
        pending = game.pending
        if game.agents[pending.player] is not None:
            self.message.value = self._error(self.word("bot_turn", player=game.names[pending.player], bots=self.word("bots")))
            return False
        snapshot = game.snapshot()
        try:
            game.apply(action)
        except IllegalActionError as error:
            self.message.value = self._error(refusal(self.lang, error.reason, game.board))
            return False
        self._remember(snapshot)
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
        """Bid ``amount`` in the auction (refused with a message when it is not a whole number)."""
        self._answer_amount("bid", amount)

    def bet(self, amount: int) -> None:
        """Bet ``amount`` on the slot machine."""
        self._answer_amount("bet", amount)

    def _answer_amount(self, kind: str, amount: Any) -> None:
        if isinstance(amount, bool) or not isinstance(amount, int):
            self.message.value = self._error(self.word("bad_amount", value=repr(amount)))
            return
        if abs(amount) < 2**31:  # what the box can show; the engine judges the amount either way
            self.amount.value = amount
        self.do(Action(kind, amount=amount))

    def _do_amount(self) -> None:
        kind = "bet" if self.game.pending is not None and self.game.pending.kind == "jackpot" else "bid"
        self._answer_amount(kind, self.amount.value)

    def _do_managed(self) -> None:
        if self.manage_choice.value is not None:
            self.do(self.manage_choice.value)

    def offer_trade(self, partner: int | None = None, give: Sequence[int] | None = None, take: Sequence[int] | None = None,
                    give_cash: int | None = None, take_cash: int | None = None) -> None:
        """Offer a trade: the arguments given, the trade controls for the rest. The engine judges the
        offer; a refusal (no such partner, a cell that is not yours, too much money) is a message."""
        partner = self.trade_partner.value if partner is None else partner
        if partner is None:
            self.message.value = self._error(self.word("choose_partner"))
            return
        trade = Trade(partner=partner, give_cells=tuple(self.trade_give.value if give is None else give),
                      take_cells=tuple(self.trade_take.value if take is None else take),
                      give_cash=self.trade_give_cash.value if give_cash is None else give_cash,
                      take_cash=self.trade_take_cash.value if take_cash is None else take_cash)
        self.do(Action.offer(trade))

    def undo(self) -> None:
        """Take back the last human action (and the bot moves after it), or after auto-play its last turn."""
        if not self.history:
            self.message.value = self._error(self.word("nothing_to_undo"))
            return
        self.game.restore(self.history.pop())
        self.message.value = ""
        self.refresh()

    def bots_until_human(self) -> None:
        """Let the bots play until a human must decide (nothing to do while a human is deciding)."""
        pending = self.game.pending
        if pending is not None and self.game.agents[pending.player] is None:
            self.message.value = self._error(self.word("bots_wait"))
            return
        if not self.humans:
            self.message.value = self._error(self.word("no_human", auto=self.word("play_rounds")))
            return
        self.game.play_bots()
        self.message.value = ""
        self.refresh()

    def autoplay(self, rounds: int) -> None:
        """Play ``rounds`` rounds, human seats answered by a cautious stand-in."""
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            self.message.value = self._error(self.word("bad_rounds", rounds=repr(rounds)))
            return
        game, stand_in = self.game, make_agent("cautious")
        last_round = game.state.round + rounds - 1
        # A snapshot at the start of every turn, so that undo takes back one move, not all the rounds.
        while not game.finished and game.state.round <= last_round:
            snapshot, turns = game.snapshot(), game.state.turns
            game.play_bots(until_round=last_round, stand_in=stand_in, until_turn=turns + 1)
            if game.state.turns == turns and not game.finished:
                break  # nothing left to play (no decision pending)
            self._remember(snapshot)
        self.message.value = ""
        self.refresh()

    def _remember(self, snapshot: Any) -> None:
        """Keep ``snapshot`` for undo, forgetting the oldest beyond :data:`UNDO_DEPTH`."""
        self.history.append(snapshot)
        del self.history[:-UNDO_DEPTH]

    # ------------------------------------------------------------------ drawing
    def last_dice(self) -> tuple[int, ...]:
        """The faces of the last roll in the game, from its log (none before the first roll)."""
        for event in reversed(self.game.events):
            if event.kind == "roll":
                if event.detail.strip().isdigit():  # one die (Junior)
                    return (int(event.detail),)
                match = _DICE.match(event.detail.strip())
                return (int(match.group(1)), int(match.group(2))) if match else ()
        return ()

    def refresh(self) -> None:
        """Redraw the board, the buttons, the panels and the log from the game."""
        game = self.game
        self.view.update(game.state, dice=self.last_dice())
        self.board_image.value = self.view.render_png()
        self.board_image.tooltip = self._board_text()  # the picture's text for a screen reader, and its tooltip
        self.status.value = self._status()
        self._buttons()
        self.players_html.value = self._players()
        # Read in time order, the newest at the bottom: the box lays out its lines bottom-up (newest
        # first in the page), so when the lines outgrow it, it shows the newest and scrolls up to older.
        lines = game.log(self.lang, last=LOG_LINES)
        self.log_html.value = "<div class='mln-log'>" + "".join(f"<div>{html_text(line)}</div>" for line in reversed(lines)) + "</div>"
        mine = game.pending.player if game.pending is not None else 0
        self.trade_partner.options = [(one_line(game.names[s]), s) for s, p in enumerate(game.state.players)
                                      if not p.bankrupt and s != mine]
        cells = game.board.cells
        self.trade_give.options = [(cells[c].name(self.lang), c) for c in game.owned(mine)]
        self.trade_take.options = [(f"{cells[c].name(self.lang)} ({one_line(game.names[game.state.owner[c]])})", c)
                                   for c in game.board.ownable if game.state.owner[c] not in (-1, mine)]

    def _board_text(self) -> str:
        """The board in words: its name, the round and whose turn (or who won), every player's cash."""
        game, lang = self.game, self.lang
        state = game.state
        if game.finished:
            where = self._over()
        else:
            where = word(lang, "board.turn", round=state.round, player=one_line(game.names[state.current]))
        money = game.board.currency(lang)
        cash = ", ".join(f"{one_line(name)}: {word(lang, 'board.bankrupt') if player.bankrupt else f'{player.cash} {money}'}"
                         for name, player in zip(game.names, state.players))
        return f"{game.board.name(lang)}. {where}. {cash}."

    def _over(self) -> str:
        """Who won and why, for a finished game."""
        result = self.game.result()
        winner = self.game.names[result.winner] if result.winner >= 0 else "—"
        return self.word("over", winner=winner, reason=reason_text(result.reason, self.lang))

    def _status(self) -> str:
        game = self.game
        if game.finished:
            return f"<div class='mln-status'>{html_text(self._over())}</div>"
        pending = game.pending
        name = game.names[pending.player]
        if game.agents[pending.player] is not None:
            return f"<div class='mln-status'>{html_text(self.word('bot_turn', player=name, bots=self.word('bots')))}</div>"
        what = presenter.decision_text(game, self.lang)
        colour = PLAYER_COLOURS[pending.player % len(PLAYER_COLOURS)]
        return (f"<div class='mln-status'><span class='mln-dot' style='background:{colour}'></span>"
                f"{html_text(self.word('to_play', player=name, what=what))}</div>")

    def _buttons(self) -> None:
        game = self.game
        pending = game.pending
        human_turn = pending is not None and game.agents[pending.player] is None
        actions = game.legal_actions() if human_turn else []
        primary, managed = [], []
        for action in actions:
            if action.kind in presenter.AMOUNTS:
                continue
            if presenter.is_primary(action):
                button = _button(self.action_label(action), "success" if action.kind in presenter.MAIN else "")
                button.tooltip = self.word("tip_action", action=button.description)
                button.on_click(lambda _, a=action: self.do(a))
                primary.append(button)
            else:
                managed.append((self.action_label(action), action))
        bots_can_play = pending is not None and not human_turn and bool(self.humans)
        if bots_can_play:  # the table waits for "bots play": offer it where the class looks
            button = _button(self.word("bots"), "warning")
            button.tooltip = self.word("tip_bots")
            button.on_click(lambda _: self.bots_until_human())
            primary.append(button)
        self.primary_box.children = primary
        self.manage_choice.options = managed
        amounts = [a.amount for a in actions if a.kind in ("bid", "bet")]
        self.amount_row.layout.display = "" if amounts else "none"
        if amounts:
            self.amount_button.description = self.word("bet" if pending.kind == "jackpot" else "bid")
            self.amount.value = min(amounts)
        self.manage_button.disabled = not managed
        self.trade_button.disabled = not (human_turn and pending.kind in ("roll", "manage"))
        self.undo_button.disabled = not self.history
        self.bots_button.disabled = not bots_can_play
        self.bots_reason.value = "" if bots_can_play or pending is None else f"<i>{html_text(self.word('bots_wait'))}</i>"

    def _players(self) -> str:
        """A table of the players: who plays the seat, cash, net worth and plots owned."""
        game = self.game
        money = html_text(game.board.currency(self.lang))
        rows = [f"<tr class='mln-head'><td></td><td class='mln-num'>{self.word('cash')}</td>"
                f"<td class='mln-num'>{self.word('worth')}</td><td class='mln-num'>{self.word('plots')}</td></tr>"]
        for seat, player in enumerate(game.state.players):
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            who = strategy_label(self.lang, "human" if game.agents[seat] is None else game.agents[seat].name)
            if player.detained:
                who += f" · {self.word('detained')}"
            if game.state.market is not None and game.state.market["shares"][seat]:  # Millionaire Elite
                who += f" · {self.word('shares_held', count=game.state.market['shares'][seat])}"
            current = "mln-current" if game.pending is not None and game.pending.player == seat else ""
            if player.bankrupt:
                detail = f"<td class='mln-num' colspan='3'>{self.word('bankrupt')}</td>"
            else:
                detail = (f"<td class='mln-num mln-cash'>{player.cash} {money}</td><td class='mln-num'>{game.net_worth(seat)}</td>"
                          f"<td class='mln-num'>{len(game.owned(seat))}</td>")
            rows.append(f"<tr class='{current}'><td><span class='mln-dot' style='background:{colour}'></span>"
                        f"<b>{html_text(player.name)}</b> <span class='mln-who'>{html_text(who)}</span></td>{detail}</tr>")
        return "<table class='mln-players'>" + "".join(rows) + "</table>"

    def _error(self, text: str) -> str:
        self.last_error = text
        return error_html(text)
