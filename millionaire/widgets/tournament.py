"""TournamentRunner: strategies and rule changes → win rates with intervals, and inequality over a game.

Examples
--------
>>> runner = TournamentRunner(strategies=["cautious", "aggressive"], games=4, max_rounds=30)
>>> runner.run()
>>> sorted(row["strategy"] for row in runner.result.win_rates())
['aggressive', 'cautious']
>>> runner.progress.value == runner.progress.max
True

The Run button plays in the background on every core (``jobs=None``), so the Stop button and the
progress bar answer while the games are played; :meth:`run` plays at once and returns when done.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from ..errors import MillionaireError
from ..plain_text import chart_text, html_text
from ..rules import RuleSet
from ..simulate import BOT_STRATEGIES, tournament
from ..words import check_lang, strategy_label, word
from .common import TitledImage, UntilRun, board_options, error_html, new_figure, png, relabel

#: Rule changes offered by the runner: option -> values (``None``: the board's preset).
RULE_CHOICES: dict[str, list[Any]] = {
    "circular_income": [None, 0, 200, 400],
    "monopoly_multiplier": [None, 1, 2, 3],
    "redemption_fee": [None, 0, 0.1, 0.3],
    "start_cash": [None, 1000, 1500, 2000, 3000],
    "wealth_tax": [None, 0, 0.02, 0.05],
    "rent_cap": [None, 0, 0.5, 1],
}


_PRESET = "preset"  # the dropdowns' value for "as the board's rules say" (a dropdown cannot show None)


class _Stopped(Exception):
    """The Stop button was pressed: the run ends at the next finished chunk of games."""


class TournamentRunner(UntilRun, widgets.VBox):
    """Play many seeded games between strategies under chosen rules, with a progress bar.

    After :meth:`run`, :attr:`result` is the :class:`~millionaire.simulate.TournamentResult`; the
    widget shows win rates with 95% intervals, the game length and the Gini of net worth by round.
    Controls have methods: :meth:`set_strategies`, :meth:`set_rule`, :meth:`set_games`,
    :meth:`set_lang`, :meth:`start` (what the Run button does) and :meth:`stop`. ``jobs`` is the
    number of worker processes; ``None``: one per core.
    """

    until_run = "until_run.tournament"

    def __init__(self, board: str = "millionaire-classic", strategies: Sequence[str] = ("cautious", "aggressive",
                 "monopolist"), games: int = 40, seed: int = 1, max_rounds: int = 300, jobs: int | None = None,
                 lang: str = "en") -> None:
        super().__init__()
        self.add_class("mln-widget")
        self.lang = check_lang(lang)
        initial = {"style": {"description_width": "initial"}}
        self.board_choice = widgets.Dropdown(options=board_options(lang), value=board, **initial)
        self.strategy_label = widgets.HTML()
        self.strategy_boxes = {name: widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
                               for name in BOT_STRATEGIES}
        self.games_box = widgets.BoundedIntText(value=40, min=1, max=10_000, layout=widgets.Layout(width="170px"), **initial)
        self.seed_box = widgets.IntText(value=seed, layout=widgets.Layout(width="210px"), **initial)
        self.rule_choices = {name: widgets.Dropdown(options=[], **initial) for name in RULE_CHOICES}
        self.run_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.run_button.on_click(lambda _: self.start())
        self.stop_button = widgets.Button(button_style="warning", disabled=True, layout=widgets.Layout(width="auto"))
        self.stop_button.on_click(lambda _: self.stop())
        self._stopping = threading.Event()
        self._worker: threading.Thread | None = None
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.progress_text = widgets.HTML()
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = TitledImage(format="png", layout=widgets.Layout(width="100%", max_width="1000px"))
        self.max_rounds, self.jobs = max_rounds, (jobs if jobs is not None else os.cpu_count() or 1)
        self.result = None
        self._relabel()
        self.set_strategies(list(strategies))
        self.set_games(games)
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.children = [widgets.HBox([self.board_choice], layout=wrap),
                         widgets.HBox([self.strategy_label, *self.strategy_boxes.values()], layout=wrap),
                         widgets.HBox([self.games_box, self.seed_box, self.run_button, self.stop_button], layout=wrap),
                         widgets.HBox(list(self.rule_choices.values()), layout=wrap),
                         widgets.HBox([self.progress, self.progress_text], layout=wrap),
                         self.message, self.summary, self.chart]

    def __repr__(self) -> str:
        return f"TournamentRunner(board={self.board_choice.value!r}, games={self.games_box.value}, lang={self.lang!r})"

    def word(self, key: str, **fields: Any) -> str:
        return word(self.lang, f"tournament.{key}", **fields)

    def set_lang(self, lang: str) -> None:
        """Relabel every control, the table and the charts in ``lang``."""
        self.lang = check_lang(lang)
        self.message.value = ""  # a refusal was worded in the old language
        self._relabel()
        if self.result is not None:
            self._show()

    def _relabel(self) -> None:
        lang = self.lang
        relabel(self.board_choice, board_options(lang), self.word("board"))
        self.strategy_label.value = f"<b>{html_text(self.word('strategies'))}</b>"
        for name, box in self.strategy_boxes.items():
            box.description = strategy_label(lang, name)
            box.tooltip = self.word("tip_strategy", strategy=box.description)
        self.games_box.description = self.word("games")
        self.seed_box.description = self.word("seed")
        for name, control in self.rule_choices.items():
            chosen = _PRESET if control.value is None else control.value  # None: not filled yet
            control.options = [(self.word("preset") if v is None else str(v), _PRESET if v is None else v)
                               for v in RULE_CHOICES[name]]
            control.value = chosen
            control.description = self.word(f"option_{name}")
            control.tooltip = self.word(f"tip_option_{name}")
        self.run_button.description = self.word("run")
        self.stop_button.description = self.word("cancel")
        for key, control in {"board": self.board_choice, "games": self.games_box, "seed": self.seed_box,
                             "run": self.run_button, "cancel": self.stop_button}.items():
            control.tooltip = self.word(f"tip_{key}")
        self._tick(self.progress.value, self.progress.max if self.progress.value else 0)

    # ------------------------------------------------------------------ controls as methods
    @property
    def strategies(self) -> tuple[str, ...]:
        """The strategies ticked, in the order the runner lists them."""
        return tuple(name for name, box in self.strategy_boxes.items() if box.value)

    def set_strategies(self, strategies: Sequence[str]) -> None:
        unknown = [s for s in strategies if s not in BOT_STRATEGIES]
        if unknown or not strategies:
            self.message.value = error_html(self.word("bad_strategies", known=", ".join(BOT_STRATEGIES),
                                                      got=", ".join(map(str, strategies)) or "—"))
            return
        self.message.value = ""
        for name, box in self.strategy_boxes.items():
            box.value = name in strategies

    def set_games(self, games: int) -> None:
        if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or not 1 <= games <= 10_000:
            self.message.value = error_html(self.word("bad_games", games=repr(games)))
            return
        self.message.value = ""
        self.games_box.value = int(games)

    def set_rule(self, option: str, value: Any) -> None:
        """Choose a rule change (``None``: the board's preset)."""
        if option not in RULE_CHOICES or value not in RULE_CHOICES[option]:
            allowed = "; ".join(f"{k}: {', '.join(str(v) for v in vs if v is not None)}" for k, vs in RULE_CHOICES.items())
            self.message.value = error_html(self.word("bad_rule", option=option, value=repr(value), allowed=allowed))
            return
        self.message.value = ""
        self.rule_choices[option].value = _PRESET if value is None else value

    def rules(self) -> RuleSet:
        """The preset of the chosen board with the chosen changes."""
        changes = {name: control.value for name, control in self.rule_choices.items() if control.value != _PRESET}
        return RuleSet.for_board(self.board_choice.value).replace(**changes)

    # ------------------------------------------------------------------ running
    def _tick(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done
        self.progress_text.value = html_text(self.word("progress", done=done, total=total)) if total else ""
        if self._stopping.is_set() and done < total:
            raise _Stopped

    def run(self) -> None:
        """Play the tournament with the controls' settings and show the results (returns when done)."""
        strategies = list(self.strategies)
        if not strategies:
            self.message.value = error_html(self.word("no_strategy"))
            return
        try:
            players = max(2, len(strategies))
            self._tick(0, self.games_box.value)
            self.result = tournament(self.board_choice.value, strategies, games=self.games_box.value,
                                     seed=self.seed_box.value, players=players, rules=self.rules(),
                                     max_rounds=self.max_rounds, jobs=self.jobs, progress=self._tick)
        except MillionaireError as error:
            self.message.value = error_html(str(error))
            return
        except _Stopped:
            self.message.value = html_text(self.word("cancelled", done=self.progress.value, total=self.progress.max))
            return
        self.message.value = ""
        self._show()

    def start(self) -> threading.Thread | None:
        """Play as :meth:`run` does, in the background, so that the page stays live: the progress bar
        moves and Stop answers. Returns the thread (``join()`` waits for it); ``None`` while a run is on."""
        if self._worker is not None and self._worker.is_alive():
            return None
        self._stopping.clear()
        self.run_button.disabled, self.stop_button.disabled = True, False
        self._worker = threading.Thread(target=self._run_then_free, daemon=True)
        self._worker.start()
        return self._worker

    def _run_then_free(self) -> None:
        try:
            self.run()
        finally:
            self.run_button.disabled, self.stop_button.disabled = False, True

    def stop(self) -> None:
        """Stop the run that :meth:`start` began, when the games being played are done."""
        self._stopping.set()

    def _show(self) -> None:
        result, lang = self.result, self.lang
        rows = result.win_rates()
        lines = [f"<tr><td>{html_text(strategy_label(lang, r['strategy']))}</td><td>{r['rate']:.0%}</td>"
                 f"<td>{r['low']:.0%} – {r['high']:.0%}</td></tr>" for r in rows]
        fair = 1 / result.players
        stopped = sum(game.summary.stopped_by_limit for game in result.games)
        head = f"<tr><th>{self.word('strategy')}</th><th>{self.word('rate')}</th><th>{self.word('interval')}</th></tr>"
        note = self.word("fair", fair=fair, games=len(result.games), median=float(np.median(result.lengths())),
                         limit=result.max_rounds, stopped=stopped, share=stopped / len(result.games))
        self.summary.value = f"<table>{head}{''.join(lines)}</table><div>{note}</div>"
        figure = new_figure(10, 3.4)
        left, right = figure.add_subplot(1, 2, 1), figure.add_subplot(1, 2, 2)
        names = [chart_text(strategy_label(lang, r["strategy"])) for r in rows]
        rates = np.array([r["rate"] for r in rows])
        errors = np.array([[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]])
        left.bar(names, rates, yerr=errors, capsize=4, color="#4c72b0")
        left.axhline(fair, color="grey", ls="--", lw=0.8)
        left.set_ylabel(self.word("rate"))
        left.set_title(self.word("rates_title"))
        trajectory = result.inequality_trajectory()
        right.plot([t["round"] for t in trajectory], [t["gini"] for t in trajectory], color="#c44e52")
        right.set_xlabel(self.word("round"))
        right.set_ylabel(self.word("gini"))
        right.set_title(self.word("gini_title"))
        figure.tight_layout()
        self.chart.value = png(figure)
        self.chart.tooltip = f"{self.word('rates_title')}; {self.word('gini_title')}"  # its text for a screen reader
