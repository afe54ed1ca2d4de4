"""TournamentRunner: strategies and rule changes → win rates with intervals, and inequality over a game.

Examples
--------
>>> runner = TournamentRunner(strategies=["cautious", "aggressive"], games=4, max_rounds=30)
>>> runner.run()
>>> sorted(row["strategy"] for row in runner.result.win_rates())
['aggressive', 'cautious']
>>> runner.progress.value == runner.progress.max
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from ..errors import MillionaireError
from ..rules import RuleSet
from ..simulate import BOT_STRATEGIES, tournament
from .common import error_html, new_figure, png

BOARDS = ["millionaire-classic", "monopoly-us"]
_WORDS = {
    "en": {"board": "Board", "strategies": "Strategies", "games": "Games", "seed": "Seed", "run": "Run",
           "preset": "preset", "strategy": "strategy", "rate": "wins per seat", "interval": "95% interval",
           "fair": "A fair share is {fair:.0%}. Games: {games}; median length {median:.0f} rounds; stopped by the "
                   "round limit ({limit} rounds, the richest declared the winner): {stopped} ({share:.0%}).",
           "rates_title": "Win rates with 95% intervals", "round": "round", "gini": "Gini of net worth",
           "gini_title": "Inequality over the game",
           "options": {"circular_income": "circular income", "monopoly_multiplier": "monopoly multiplier",
                       "redemption_fee": "redemption fee", "start_cash": "start cash"}},
    "ru": {"board": "Поле", "strategies": "Стратегии", "games": "Партий", "seed": "Зерно", "run": "Запустить",
           "preset": "как в правилах", "strategy": "стратегия", "rate": "побед на место", "interval": "95% интервал",
           "fair": "Справедливая доля — {fair:.0%}. Партий: {games}; медиана длины {median:.0f} раундов; остановлено "
                   "лимитом раундов ({limit}, побеждает самый богатый): {stopped} ({share:.0%}).",
           "rates_title": "Доля побед с 95% интервалами", "round": "раунд", "gini": "Джини по капиталу",
           "gini_title": "Неравенство по ходу игры",
           "options": {"circular_income": "круговой доход", "monopoly_multiplier": "множитель монополии",
                       "redemption_fee": "комиссия выкупа", "start_cash": "стартовые деньги"}},
}

#: Rule changes offered by the runner: option -> values (the first is the board's preset when None).
RULE_CHOICES: dict[str, list[Any]] = {
    "circular_income": [None, 0, 200, 400],
    "monopoly_multiplier": [None, 1, 2, 3],
    "redemption_fee": [None, 0, 0.1, 0.3],
    "start_cash": [None, 1000, 1500, 2000, 3000],
}


class TournamentRunner(widgets.VBox):
    """Play many seeded games between strategies under chosen rules, with a progress bar.

    After :meth:`run`, :attr:`result` is the :class:`~millionaire.simulate.TournamentResult`; the
    widget shows win rates with 95% intervals, the game length and the Gini of net worth by round.
    Controls have methods: :meth:`set_strategies`, :meth:`set_rule`, :meth:`set_games`.
    """

    def __init__(self, board: str = "millionaire-classic", strategies: Sequence[str] = ("cautious", "aggressive",
                 "monopolist"), games: int = 40, seed: int = 1, max_rounds: int = 300, jobs: int = 1,
                 lang: str = "en") -> None:
        super().__init__()
        if lang not in _WORDS:
            raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
        self.lang = lang
        words = _WORDS[lang]
        self.board_choice = widgets.Dropdown(options=BOARDS, value=board, description=words["board"])
        self.strategy_choice = widgets.SelectMultiple(options=list(BOT_STRATEGIES), value=(), rows=4,
                                                      description=words["strategies"])
        self.games_box = widgets.BoundedIntText(value=40, min=1, max=10_000, description=words["games"])
        self.seed_box = widgets.IntText(value=seed, description=words["seed"])
        self.rule_choices = {name: widgets.Dropdown(options=[(words["preset"] if v is None else str(v), v) for v in values],
                                                    value=None, description=words["options"][name],
                                                    style={"description_width": "initial"})
                             for name, values in RULE_CHOICES.items()}
        self.run_button = widgets.Button(description=words["run"], button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Games")
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = widgets.Image(format="png", layout=widgets.Layout(width="760px"))
        self.max_rounds, self.jobs = max_rounds, jobs
        self.result = None
        self.set_strategies(list(strategies))
        self.set_games(games)
        self.children = [widgets.HBox([self.board_choice, self.strategy_choice]),
                         widgets.HBox([self.games_box, self.seed_box, self.run_button]),
                         widgets.HBox(list(self.rule_choices.values())[:2]),
                         widgets.HBox(list(self.rule_choices.values())[2:]),
                         self.progress, self.message, self.summary, self.chart]

    # ------------------------------------------------------------------ controls as methods
    def set_strategies(self, strategies: Sequence[str]) -> None:
        unknown = [s for s in strategies if s not in BOT_STRATEGIES]
        if unknown or not strategies:
            self.message.value = error_html(f"choose strategies among {', '.join(BOT_STRATEGIES)}; got {list(strategies)}")
            return
        self.message.value = ""
        self.strategy_choice.value = tuple(strategies)

    def set_games(self, games: int) -> None:
        if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or not 1 <= games <= 10_000:
            self.message.value = error_html(f"games must be a whole number 1..10000, got {games!r}")
            return
        self.message.value = ""
        self.games_box.value = int(games)

    def set_rule(self, option: str, value: Any) -> None:
        """Choose a rule change (``None``: the board's preset)."""
        if option not in RULE_CHOICES or value not in RULE_CHOICES[option]:
            allowed = {k: [v for v in vs if v is not None] for k, vs in RULE_CHOICES.items()}
            self.message.value = error_html(f"{option}={value!r} is not offered; choose among {allowed}")
            return
        self.message.value = ""
        self.rule_choices[option].value = value

    def rules(self) -> RuleSet:
        """The preset of the chosen board with the chosen changes."""
        changes = {name: control.value for name, control in self.rule_choices.items() if control.value is not None}
        return RuleSet.for_board(self.board_choice.value).replace(**changes)

    # ------------------------------------------------------------------ running
    def _tick(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done

    def run(self) -> None:
        """Play the tournament with the controls' settings and show the results."""
        strategies = list(self.strategy_choice.value)
        if not strategies:
            self.message.value = error_html("choose at least one strategy")
            return
        try:
            players = max(2, len(strategies))
            self.progress.value = 0
            self.result = tournament(self.board_choice.value, strategies, games=self.games_box.value,
                                     seed=self.seed_box.value, players=players, rules=self.rules(),
                                     max_rounds=self.max_rounds, jobs=self.jobs, progress=self._tick)
        except MillionaireError as error:
            self.message.value = error_html(str(error))
            return
        self.message.value = ""
        self._show()

    def _show(self) -> None:
        result, words = self.result, _WORDS[self.lang]
        rows = result.win_rates()
        lines = [f"<tr><td>{html.escape(r['strategy'])}</td><td>{r['rate']:.0%}</td>"
                 f"<td>{r['low']:.0%} – {r['high']:.0%}</td></tr>" for r in rows]
        fair = 1 / result.players
        stopped = sum(game.summary.stopped_by_limit for game in result.games)
        head = f"<tr><th>{words['strategy']}</th><th>{words['rate']}</th><th>{words['interval']}</th></tr>"
        note = words["fair"].format(fair=fair, games=len(result.games), median=float(np.median(result.lengths())),
                                    limit=result.max_rounds, stopped=stopped, share=stopped / len(result.games))
        self.summary.value = f"<table>{head}{''.join(lines)}</table><div>{note}</div>"
        figure = new_figure(10, 3.2)
        left, right = figure.add_subplot(1, 2, 1), figure.add_subplot(1, 2, 2)
        names = [r["strategy"] for r in rows]
        rates = np.array([r["rate"] for r in rows])
        errors = np.array([[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]])
        left.bar(names, rates, yerr=errors, capsize=4, color="#4c72b0")
        left.axhline(fair, color="grey", ls="--", lw=0.8)
        left.set_ylabel(words["rate"])
        left.set_title(words["rates_title"])
        trajectory = result.inequality_trajectory()
        right.plot([t["round"] for t in trajectory], [t["gini"] for t in trajectory], color="#c44e52")
        right.set_xlabel(words["round"])
        right.set_ylabel(words["gini"])
        right.set_title(words["gini_title"])
        self.chart.value = png(figure)
