"""Widgets for the economics lessons: investments, mortgages and the jackpot.

Each reads :mod:`millionaire.economics` and draws; each control has a method (``set_…``) a test or a
notebook can call, and refused input is shown in :attr:`message` without changing anything.

Examples
--------
>>> lab = JackpotLab(bet=10, box=200)
>>> lab.expected_value > 0
True
>>> lab.set_bet(-1)
>>> "The bet: a whole number" in lab.message.value
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np

from .. import economics
from ..engine import Game
from ..errors import MillionaireError
from ..jackpot import payout, spin
from ..plain_text import chart_text, html_text
from ..rules import MAX_AMOUNT, RuleSet
from ..words import check_lang, word
from .common import TitledImage, UntilRun, board_options, builtin_board, error_html, new_figure, png, relabel



def _shown(value: Any, fmt: str) -> str:
    """A table entry: ``fmt`` applied, or a dash for a missing number."""
    return "—" if isinstance(value, float) and value != value else fmt.format(value)


def _table(rows: list[dict[str, Any]], columns: list[tuple[str, str, str]], highlight: int | None = None) -> str:
    """An HTML table: ``columns`` are (key, heading, format)."""
    head = "".join(f"<th style='padding:2px 8px'>{html_text(h)}</th>" for _, h, _ in columns)
    body = []
    for i, row in enumerate(rows):
        style = " style='background:#fff3cd;font-weight:bold'" if i == highlight else ""
        cells = "".join(f"<td style='padding:2px 8px;text-align:right'>{html_text(_shown(row[k], fmt))}</td>"
                        for k, _, fmt in columns)
        body.append(f"<tr{style}>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


class _Lab(UntilRun, widgets.VBox):
    """Shared plumbing: a message line, a summary, a chart; ``_guard`` turns bad input into a message."""

    until_run = "until_run.explorer"

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.add_class("mln-widget")
        self.lang = check_lang(lang)
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = TitledImage(format="png", layout=widgets.Layout(width="100%", max_width="860px"))
        self._quiet = 0  # above 0 while controls are refilled: their changes do not redraw one by one

    def _on_change(self, _: Any = None) -> None:
        """A control changed: redraw, unless the lab is refilling its controls (it redraws once after)."""
        if not self._quiet:
            self.refresh()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(lang={self.lang!r})"

    def word(self, key: str, **fields: Any) -> str:
        """A label or sentence in the widget's language."""
        return word(self.lang, f"econ.{key}", **fields)

    def set_lang(self, lang: str) -> None:
        """Relabel every control, the table and the chart in ``lang``."""
        self.lang = check_lang(lang)
        self.message.value = ""  # a refusal was worded in the old language
        self._quiet += 1
        try:
            self._relabel()  # each lab names its own controls
        finally:
            self._quiet -= 1
        self.refresh()

    def _tips(self, tips: dict[str, widgets.DOMWidget]) -> None:
        """Give each control its tooltip: key ``econ.tip_<key>``, in the lab's language."""
        for key, control in tips.items():
            control.tooltip = self.word(f"tip_{key}")

    def _refill(self, fill: Callable[[], None]) -> None:
        """Refill the controls that depend on the board (quietly), then redraw once."""
        self._quiet += 1
        try:
            fill()
        finally:
            self._quiet -= 1
        self.refresh()

    def _board_choice(self, board: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=board_options(self.lang), value=board, style={"description_width": "initial"})

    def _guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except (MillionaireError, ValueError, TypeError) as error:
            self.message.value = error_html(str(error))
            return
        self.message.value = ""

    def _whole(self, value: Any, name: str, least: int, most: int | None = None) -> int:
        """``value`` as a whole number in ``least..most``, else a ValueError worded in the widget's language."""
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least or (
                most is not None and value > most):
            label = self.word(f"name_{name}")
            if most is None:
                raise ValueError(self.word("bad_whole_open", name=label, least=least, value=repr(value)))
            raise ValueError(self.word("bad_whole", name=label, least=least, most=most, value=repr(value)))
        return int(value)


class InvestmentExplorer(_Lab):
    """Industry, development level and opponents → cost, income per round and payback.

    :attr:`rows` is :func:`millionaire.economics.investment_table` for the chosen industry;
    :attr:`current` the row of the chosen level; :attr:`best_next` the industry whose next building
    (from the chosen level) returns most per round.
    """

    def __init__(self, board: str = "millionaire-classic", industry: str | None = None, level: int = 0,
                 opponents: int = 3, lang: str = "en") -> None:
        super().__init__(lang)
        initial = {"style": {"description_width": "initial"}}
        self.board_choice = self._board_choice(board)
        self.industry_choice = widgets.Dropdown(**initial)
        self.level_slider = widgets.IntSlider(value=0, min=0, max=builtin_board(board).levels - 1, **initial)
        self.opponents_slider = widgets.IntSlider(value=opponents, min=1, max=5, **initial)
        self._filling = False
        self._relabel()
        self._fill_industries(industry)
        self.level_slider.value = self._whole(level, "level", 0, self.level_slider.max)
        for control in (self.industry_choice, self.level_slider, self.opponents_slider):
            control.observe(self._on_change, names="value")
        self.board_choice.observe(lambda _: self._refill(lambda: self._fill_industries(None)), names="value")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [widgets.HBox([self.board_choice, self.industry_choice], layout=wrap),
                         widgets.HBox([self.level_slider, self.opponents_slider], layout=wrap),
                         self.message, self.summary, self.table, self.chart]
        self.refresh()

    def _relabel(self) -> None:
        relabel(self.board_choice, board_options(self.lang), self.word("board"))
        self.industry_choice.description = self.word("industry")
        self.level_slider.description = self.word("level")
        self.opponents_slider.description = self.word("opponents")
        self._tips({"invest_board": self.board_choice, "industry": self.industry_choice, "level": self.level_slider,
                    "opponents": self.opponents_slider})
        if self.industry_choice.options:
            self._fill_industries(self.industry_choice.value)

    def _fill_industries(self, industry: str | None) -> None:
        """Fit the controls to the chosen board: its industries and levels (a level it lacks becomes its top)."""
        board = builtin_board(self.board_choice.value)
        options = [(ind.name(self.lang), ind.key) for ind in board.industries]
        self._filling = True  # the controls change one by one: draw once they all fit the board
        try:
            self.level_slider.max = board.levels - 1
            self.industry_choice.options = options
            self.industry_choice.value = industry if industry in [k for _, k in options] else options[0][1]
        finally:
            self._filling = False

    def set_industry(self, key: str) -> None:
        def choose() -> None:
            keys = [k for _, k in self.industry_choice.options]
            if key not in keys:
                raise ValueError(self.word("bad_industry", industry=repr(key), keys=", ".join(keys)))
            self.industry_choice.value = key
        self._guard(choose)

    def set_level(self, level: int) -> None:
        self._guard(lambda: setattr(self.level_slider, "value", self._whole(level, "level", 0, self.level_slider.max)))

    def set_opponents(self, opponents: int) -> None:
        self._guard(lambda: setattr(self.opponents_slider, "value", self._whole(opponents, "opponents", 1, 5)))

    def refresh(self) -> None:
        if self._filling:
            return
        board = builtin_board(self.board_choice.value)
        opponents, level = self.opponents_slider.value, self.level_slider.value
        everything = economics.investment_table(board, opponents=opponents, lang=self.lang)
        chosen = next(ind.index for ind in board.industries if ind.key == self.industry_choice.value)
        self.rows = [r for r in everything if r["industry"] == chosen]
        self.current = self.rows[level]
        nexts = [r for r in everything if r["step"] == level + 1]
        self.best_next = max(nexts, key=lambda r: r["marginal_return_per_round"]) if nexts else None
        row = self.current
        best = self.word("invest_best", level=level, name=html_text(self.best_next["name"]),
                         rate=self.best_next["marginal_return_per_round"]) if self.best_next else ""
        self.summary.value = self.word("invest_summary", name=html_text(row["name"]), level=level, cost=row["cost"],
                                       income=row["income_per_round"], payback=row["payback_rounds"]) + best
        shown = [{**r, "next": self.rows[i + 1]["marginal_return_per_round"] if i + 1 < len(self.rows) else float("nan")}
                 for i, r in enumerate(self.rows)]
        self.table.value = _table(shown, [
            ("step", self.word("col_level"), "{}"), ("cost", self.word("col_cost"), "{}"),
            ("income_per_round", self.word("col_income"), "{:.1f}"), ("payback_rounds", self.word("col_payback"), "{:.1f}"),
            ("marginal_return_per_round", self.word("col_this"), "{:.1%}"), ("next", self.word("col_next"), "{:.1%}"),
        ], highlight=level)
        figure = new_figure(8.6, 3.6)
        ax = figure.add_subplot()
        at_level = [r for r in everything if r["step"] == level]
        ax.bar([chart_text(r["name"]) for r in at_level], [r["payback_rounds"] for r in at_level], color="#4c72b0")
        ax.set_ylabel(self.word("invest_axis"))
        self.chart.tooltip = self.word("invest_title", level=level, opponents=opponents)  # the chart's text for a screen reader
        ax.set_title(self.chart.tooltip)
        ax.tick_params(axis="x", labelrotation=30, labelsize=8)
        for label in ax.get_xticklabels():
            label.set_horizontalalignment("right")
        figure.tight_layout()
        self.chart.value = png(figure)


class MortgageLab(_Lab):
    """A plot and a duration → the mortgage's cost as an interest rate; and mortgage-to-build deals.

    :attr:`terms` and :attr:`rate` come from :func:`economics.mortgage_terms` and
    :func:`economics.mortgage_interest`; :meth:`compare` fills :attr:`deal` with
    :func:`economics.mortgage_to_build` for a position where the player owns a whole industry.
    """

    def __init__(self, board: str = "millionaire-classic", cell: int | None = None, rounds: int = 5,
                 lang: str = "en") -> None:
        super().__init__(lang)
        initial = {"style": {"description_width": "initial"}}
        self.board_choice = self._board_choice(board)
        self.cell_choice = widgets.Dropdown(**initial)
        self.rounds_slider = widgets.IntSlider(value=rounds, min=1, max=30, **initial)
        self.deal_html = widgets.HTML()
        self._relabel()
        self._fill_cells(cell)
        for control in (self.cell_choice, self.rounds_slider):
            control.observe(self._on_change, names="value")
        self.board_choice.observe(lambda _: self._refill(lambda: self._fill_cells(None)), names="value")
        self.deal: dict[str, Any] | None = None
        self.children = [widgets.HBox([self.board_choice, self.cell_choice, self.rounds_slider],
                                      layout=widgets.Layout(flex_flow="row wrap")),
                         self.message, self.summary, self.chart, self.deal_html]
        self.refresh()

    def _relabel(self) -> None:
        relabel(self.board_choice, board_options(self.lang), self.word("board"))
        self.cell_choice.description = self.word("plot")
        self.rounds_slider.description = self.word("rounds")
        self._tips({"mortgage_board": self.board_choice, "plot": self.cell_choice, "rounds": self.rounds_slider})
        if self.cell_choice.options:
            self._fill_cells(self.cell_choice.value)
        self.deal_html.value = ""  # a deal is described again by the next compare()

    def _fill_cells(self, cell: int | None) -> None:
        board = builtin_board(self.board_choice.value)
        options = [(f"{c} {board.cells[c].name(self.lang)}", c) for c in board.ownable]
        self.cell_choice.options = options
        self.cell_choice.value = cell if cell in board.ownable else board.ownable[-1]

    def set_cell(self, cell: int) -> None:
        def choose() -> None:
            if cell not in builtin_board(self.board_choice.value).ownable:
                raise ValueError(self.word("bad_cell", cell=repr(cell)))
            self.cell_choice.value = cell
        self._guard(choose)

    def set_rounds(self, rounds: int) -> None:
        self._guard(lambda: setattr(self.rounds_slider, "value", self._whole(rounds, "rounds", 1, 30)))

    def refresh(self) -> None:
        board = builtin_board(self.board_choice.value)
        cell, rounds = self.cell_choice.value, self.rounds_slider.value
        self.terms = economics.mortgage_terms(board, cell)
        self.rate = economics.mortgage_interest(board, cell, rounds)[0]
        t = self.terms
        self.summary.value = self.word("mortgage_summary", name=html_text(board.cells[cell].name(self.lang)),
                                       raised=t["cash_raised"], cost=t["redemption_cost"], fee=t["fee"], rate=t["fee_rate"],
                                       rounds=rounds, compound=self.rate["compound_per_round"],
                                       simple=self.rate["simple_per_round"])
        durations = list(range(1, 31))
        curve = economics.mortgage_interest(board, cell, durations)
        figure = new_figure(8.6, 3.4)
        ax = figure.add_subplot()
        ax.plot(durations, [100 * r["compound_per_round"] for r in curve], color="#4c72b0")
        ax.plot([rounds], [100 * self.rate["compound_per_round"]], "o", color="#dd8452")
        ax.set_xlabel(self.word("mortgage_x"))
        ax.set_ylabel(self.word("mortgage_y"))
        self.chart.tooltip = self.word("mortgage_title")  # the chart's text for a screen reader
        ax.set_title(self.chart.tooltip)
        figure.tight_layout()
        self.chart.value = png(figure)

    def compare(self, industry: str, level: int, mortgage: list[int], build: list[int], rounds: int | None = None,
                opponents: int = 3) -> None:
        """Own ``industry`` at ``level`` plus the ``mortgage`` plots; mortgage them to build on ``build``."""
        def run() -> None:
            board = builtin_board(self.board_choice.value)
            keys = [ind.key for ind in board.industries]
            if industry not in keys:
                raise ValueError(self.word("bad_industry", industry=repr(industry), keys=", ".join(keys)))
            top = board.levels - 1
            self._whole(level, "level", 0, top - 1)
            game = Game(board, RuleSet.for_board(board.key).replace(shuffle_seats=False),
                        agents=[None] * (opponents + 1), seed=0)
            for cell in board.industries[keys.index(industry)].cells:
                game.state.owner[cell], game.state.level[cell] = 0, level
            for cell in mortgage:
                if cell not in board.ownable:
                    raise ValueError(self.word("bad_cell", cell=repr(cell)))
                game.state.owner[cell] = 0
            self.deal = economics.mortgage_to_build(game, 0, mortgage, build,
                                                    rounds=rounds or self.rounds_slider.value, opponents=opponents)
            d = self.deal
            verdict = self.word("pays" if d["gain"] > 0 else "does_not_pay")
            self.deal_html.value = self.word("deal", raised=d["cash_raised"], cost=d["build_cost"],
                                             change=d["change_per_round"], fee=d["fee"], even=d["break_even_rounds"],
                                             verdict=verdict, gain=d["gain"])
        self._guard(run)


class JackpotLab(_Lab):
    """Bet and box → the exact outcome distribution, the expected value, and simulated spins.

    :attr:`rows` is :func:`economics.jackpot_distribution`; :attr:`expected_value` (exact, a
    Fraction) and :attr:`break_even_box`; :meth:`spin` plays spins with the engine's own machine and
    sets :attr:`simulated_mean` (average net gain per spin).
    """

    def __init__(self, bet: int = 10, box: int = 200, lang: str = "en", seed: int = 1) -> None:
        super().__init__(lang)
        self.seed = seed
        initial = {"style": {"description_width": "initial"}}
        self.bet_box = widgets.IntText(value=bet, layout=widgets.Layout(width="170px"), **initial)
        self.box_box = widgets.IntText(value=box, layout=widgets.Layout(width="190px"), **initial)
        self.spins_choice = widgets.Dropdown(options=[100, 1_000, 10_000, 100_000], value=1_000, **initial)
        self.spin_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.spin_button.on_click(lambda _: self.spin(self.spins_choice.value))
        self.simulated_mean: float | None = None
        self._applied = (bet, box)
        self._relabel()
        for control in (self.bet_box, self.box_box):
            control.observe(lambda _: self._from_controls(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [widgets.HBox([self.bet_box, self.box_box], layout=wrap),
                         widgets.HBox([self.spins_choice, self.spin_button], layout=wrap),
                         self.message, self.summary, self.table, self.chart]
        self._compute(bet, box)

    def _relabel(self) -> None:
        self.bet_box.description = self.word("bet")
        self.box_box.description = self.word("box")
        self.spins_choice.description = self.word("spins")
        self.spin_button.description = self.word("spin")
        self._tips({"bet": self.bet_box, "box": self.box_box, "spins": self.spins_choice, "spin": self.spin_button})

    def refresh(self) -> None:
        """Recompute and redraw for the bet and box in use."""
        simulated = self.simulated_mean
        self._compute(*self._applied, draw=False)
        self.simulated_mean = simulated
        self._draw()

    def set_bet(self, bet: int) -> None:
        self._guard(lambda: self._compute(self._whole(bet, "bet", 1, MAX_AMOUNT), self._applied[1]))

    def set_box(self, box: int) -> None:
        self._guard(lambda: self._compute(self._applied[0], self._whole(box, "box", 0, MAX_AMOUNT)))

    def _from_controls(self) -> None:
        self._guard(lambda: self._compute(self._whole(self.bet_box.value, "bet", 1, MAX_AMOUNT),
                                          self._whole(self.box_box.value, "box", 0, MAX_AMOUNT)))

    def _compute(self, bet: int, box: int, draw: bool = True) -> None:
        self.rows = economics.jackpot_distribution(bet, box)
        self.expected_value = economics.jackpot_expected_value(bet, box)
        self.break_even_box = economics.jackpot_break_even_box(bet)
        self._applied = (bet, box)
        self.simulated_mean = None
        ev = float(self.expected_value)
        self.summary.value = self.word("jackpot_summary", bet=bet, box=box, ev=ev, back=1 + ev / bet,
                                       even=float(self.break_even_box))
        self.table.value = _table([{**r, "p": float(r["probability"]), "outcome": self._name("outcome", r["outcome"]),
                                    "symbol": self._name("symbol", r["symbol"]) if r["symbol"] else "—"} for r in self.rows], [
            ("outcome", self.word("col_outcome"), "{}"), ("symbol", self.word("col_symbol"), "{}"),
            ("p", self.word("col_probability"), "{:.4f}"), ("payout", self.word("col_paid"), "{}"),
            ("net", self.word("col_net"), "{:+}"),
        ])
        if draw:
            self._draw()

    def _name(self, kind: str, key: str) -> str:
        """An outcome or a symbol of the machine in the lab's language (its own key when unknown)."""
        try:
            return self.word(f"{kind}_{key}")
        except KeyError:
            return key

    def spin(self, spins: int = 1000) -> None:
        """Play ``spins`` spins of the engine's machine with the current bet and box (the box is not
        refilled between spins: each spin starts from the same box)."""
        def run() -> None:
            count = self._whole(spins, "spins", 1, 10**6)
            bet, box = self._applied
            faces = np.random.default_rng(self.seed).integers(1, 7, size=(count, 3))
            nets = [sum(payout(spin(*map(int, row)), bet, box + bet)) - bet for row in faces]
            self.simulated_mean = float(np.mean(nets))
            self._draw()
        self._guard(run)

    def _draw(self) -> None:
        bet, box = self._applied
        # The expected return is linear in the box (only "two sevens" pays it): the line through its
        # two ends, each an exact sum over the 216 spins.
        boxes = [0, max(4 * int(self.break_even_box), box)]
        returns = [economics.jackpot_return_per_bet(bet, b) for b in boxes]
        figure = new_figure(8.6, 3.4)
        ax = figure.add_subplot()
        ax.plot(boxes, returns, color="#4c72b0", label=self.word("jackpot_curve"))
        ax.axhline(1.0, color="grey", lw=0.8, ls="--")
        ax.plot([box], [1 + float(self.expected_value) / bet], "o", color="#dd8452", label=self.word("this_bet"))
        if self.simulated_mean is not None:
            ax.plot([box], [1 + self.simulated_mean / bet], "x", color="black", label=self.word("simulated"))
        ax.set_xlabel(self.word("jackpot_x"))
        ax.set_ylabel(self.word("jackpot_y"))
        self.chart.tooltip = self.word("jackpot_title", bet=bet)  # the chart's text for a screen reader
        ax.set_title(self.chart.tooltip)
        ax.legend(fontsize=9)
        figure.tight_layout()
        self.chart.value = png(figure)
