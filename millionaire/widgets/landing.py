"""LandingExplorer: where tokens land, exactly (Markov chain) and by simulation, on the board and as bars.

Examples
--------
>>> explorer = LandingExplorer(board="monopoly-us")
>>> explorer.set_view("roll")
>>> round(float(explorer.values[24]) * 100, 2)   # Illinois Avenue, % of rolls
3.19
>>> explorer.simulate(rolls=200_000)
>>> explorer.simulated is not None
True
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from ..board import load_board
from ..landing_sim import simulate_landings
from ..markov import JAIL_STRATEGIES, VIEWS, movement_chain
from ..plotting import BoardView
from .common import error_html, new_figure, png

_TEXT = {
    "en": {"board": "Board", "jail": "Jail", "view": "View", "turns": "Turns from START", "long_run": "Long run",
           "simulate": "Simulate", "rolls": "Rolls", "top": "Most likely", "exact": "exact (Markov chain)",
           "simulated": "simulated", "in_jail": "in jail", "cell": "cell",
           "views": {"roll": "where a roll ends", "turn": "where a turn ends", "landing": "landings per turn"}},
    "ru": {"board": "Поле", "jail": "Инспекция", "view": "Вид", "turns": "Ходов от СТАРТа", "long_run": "В пределе",
           "simulate": "Симулировать", "rolls": "Бросков", "top": "Чаще всего", "exact": "точно (цепь Маркова)",
           "simulated": "симуляция", "in_jail": "в инспекции", "cell": "клетка",
           "views": {"roll": "где кончается бросок", "turn": "где кончается ход", "landing": "попаданий за ход"}},
}


class LandingExplorer(widgets.VBox):
    """Explore landing probabilities: board, jail strategy, view, turns from START, simulation overlay.

    The numbers shown are :attr:`values` (exact) and :attr:`simulated` (after :meth:`simulate`).
    Every control has a method: :meth:`set_board`, :meth:`set_jail`, :meth:`set_view`,
    :meth:`set_turns` (``None`` for the long run), :meth:`simulate`.
    """

    def __init__(self, board: str = "millionaire-classic", jail: str = "short", per: str = "roll",
                 lang: str = "en", seed: int = 1) -> None:
        super().__init__()
        if lang not in _TEXT:
            raise ValueError(f"lang must be 'en' or 'ru', got {lang!r}")
        self.lang, self.seed = lang, seed
        words = _TEXT[lang]
        self.board_choice = widgets.Dropdown(options=["millionaire-classic", "monopoly-us"], value=board,
                                             description=words["board"])
        self.jail_choice = widgets.ToggleButtons(options=list(JAIL_STRATEGIES), value=jail, description=words["jail"])
        self.view_choice = widgets.Dropdown(options=[(words["views"][v], v) for v in VIEWS], value=per,
                                            description=words["view"])
        self.long_run = widgets.Checkbox(value=True, description=words["long_run"])
        self.turns_slider = widgets.IntSlider(value=1, min=0, max=40, description=words["turns"],
                                              style={"description_width": "initial"}, disabled=True)
        self.rolls_choice = widgets.Dropdown(options=[("10⁵", 10**5), ("10⁶", 10**6), ("10⁷", 10**7)], value=10**6,
                                             description=words["rolls"])
        self.simulate_button = widgets.Button(description=words["simulate"])
        self.board_image = widgets.Image(format="png", layout=widgets.Layout(width="520px"))
        self.bars_image = widgets.Image(format="png", layout=widgets.Layout(width="700px"))
        self.summary = widgets.HTML()
        self.message = widgets.HTML()
        self.values = np.zeros(0)
        self.simulated: np.ndarray | None = None
        for control in (self.board_choice, self.jail_choice, self.view_choice, self.long_run, self.turns_slider):
            control.observe(lambda _: self.refresh(), names="value")
        self.simulate_button.on_click(lambda _: self.simulate(self.rolls_choice.value))
        self.children = [
            widgets.HBox([self.board_choice, self.jail_choice]),
            widgets.HBox([self.view_choice, self.long_run, self.turns_slider]),
            widgets.HBox([self.rolls_choice, self.simulate_button]),
            self.message, self.summary, widgets.HBox([self.board_image, self.bars_image]),
        ]
        self.refresh()

    # ------------------------------------------------------------------ controls as methods
    def set_board(self, name: str) -> None:
        self._set(self.board_choice, name, list(self.board_choice.options))

    def set_jail(self, jail: str) -> None:
        self._set(self.jail_choice, jail, list(JAIL_STRATEGIES))

    def set_view(self, per: str) -> None:
        self._set(self.view_choice, per, list(VIEWS))

    def set_turns(self, turns: int | None) -> None:
        """Show the distribution after ``turns`` turns from START (``None``: the long run)."""
        if turns is None:
            self.long_run.value = True
            return
        if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= self.turns_slider.max:
            self.message.value = error_html(f"turns must be a whole number 0..{self.turns_slider.max}, got {turns!r}")
            return
        self.message.value = ""
        self.turns_slider.value = turns
        self.long_run.value = False

    def _set(self, control: widgets.ValueWidget, value: str, allowed: list[str]) -> None:
        if value not in allowed:
            self.message.value = error_html(f"{value!r} is not one of {', '.join(map(str, allowed))}")
            return
        self.message.value = ""
        control.value = value

    # ------------------------------------------------------------------ computing and drawing
    @property
    def chain(self):
        board = load_board(self.board_choice.value)
        return movement_chain(board, jail=self.jail_choice.value)

    def refresh(self) -> None:
        """Recompute the exact values for the controls and redraw."""
        chain = self.chain
        self.turns_slider.disabled = self.long_run.value
        self.view_choice.disabled = not self.long_run.value
        if self.long_run.value:
            self.values = chain.probabilities(self.view_choice.value)
        else:
            self.values = chain.after_turns(self.turns_slider.value)
        self.simulated = None
        self._draw()

    def simulate(self, rolls: int = 10**6) -> None:
        """Overlay a simulation of ``rolls`` rolls (long-run views only)."""
        if isinstance(rolls, bool) or not isinstance(rolls, int) or not 10**3 <= rolls <= 10**8:
            self.message.value = error_html(f"rolls must be a whole number from 1000 to 10^8, got {rolls!r}")
            return
        if not self.long_run.value:
            self.message.value = error_html("the simulation shows the long run: tick “Long run” first")
            return
        self.message.value = ""
        board = load_board(self.board_choice.value)
        counts = simulate_landings(board, jail=self.jail_choice.value, rolls=rolls, tokens=min(100_000, rolls // 10),
                                   batches=10, seed=self.seed)
        self.simulated = counts.frequencies(self.view_choice.value)
        self._draw()

    def _draw(self) -> None:
        board = load_board(self.board_choice.value)
        words = _TEXT[self.lang]
        per = self.view_choice.value if self.long_run.value else "turn"
        fmt = "{:.2f}" if per == "landing" else "{:.1%}"
        view = BoardView(board, lang=self.lang, fast=True)
        view.show_values(self.values, fmt=fmt, label=words["views"][per])
        self.board_image.value = view.render_png()
        figure = new_figure(9, 3.4)
        ax = figure.add_subplot()
        cells = np.arange(len(self.values))
        ax.bar(cells, self.values, color="#4c72b0", label=words["exact"])
        if self.simulated is not None:
            ax.plot(cells, self.simulated, "o", color="#dd8452", markersize=4, label=words["simulated"])
        ax.set_xticks(cells[::2])
        ax.set_xticklabels([str(c) if c < board.size else "J" for c in cells[::2]], fontsize=7)
        ax.set_xlabel(words["cell"] + " (J = " + words["in_jail"] + ")")
        ax.set_ylabel(words["views"][per])
        ax.legend(fontsize=8)
        self.bars_image.value = png(figure)
        top = np.argsort(self.values)[::-1][:5]
        names = [board.cells[c].name(self.lang) if c < board.size else words["in_jail"] for c in top]
        shown = ", ".join(f"{html.escape(n)} {fmt.format(self.values[c])}" for n, c in zip(names, top))
        self.summary.value = f"<b>{words['top']}:</b> {shown}"
