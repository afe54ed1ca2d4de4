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

from typing import Any

import ipywidgets as widgets
import matplotlib
import numpy as np
from matplotlib.transforms import Bbox

from ..landing_sim import simulate_landings
from ..markov import JAIL_STRATEGIES, VIEWS, movement_chain
from ..plain_text import html_text
from ..plotting import BoardView, encode_png
from ..words import check_lang, word
from .common import TitledImage, UntilRun, board_options, builtin_board, error_html, new_figure, relabel

class LandingExplorer(UntilRun, widgets.VBox):
    """Explore landing probabilities: board, jail strategy, view, turns from START, simulation overlay.

    The numbers shown are :attr:`values` (exact) and :attr:`simulated` (after :meth:`simulate`).
    Every control has a method: :meth:`set_board`, :meth:`set_jail`, :meth:`set_view`,
    :meth:`set_turns` (``None`` for the long run), :meth:`simulate`.
    """

    def __init__(self, board: str = "millionaire-classic", jail: str = "short", per: str = "roll",
                 lang: str = "en", seed: int = 1) -> None:
        super().__init__()
        self.add_class("mln-widget")
        self.lang, self.seed = check_lang(lang), seed
        initial = {"style": {"description_width": "initial"}}
        self.board_choice = widgets.Dropdown(options=board_options(lang), value=board, **initial)
        self.jail_choice = widgets.ToggleButtons(options=[], style={"description_width": "initial", "button_width": "auto"})
        self.view_choice = widgets.Dropdown(options=[], **initial)
        self.long_run = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"))
        self.turns_slider = widgets.IntSlider(value=1, min=0, max=40, disabled=True, **initial)
        self.rolls_choice = widgets.Dropdown(options=[("10⁵", 10**5), ("10⁶", 10**6), ("10⁷", 10**7)], value=10**6, **initial)
        self.simulate_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.board_image = TitledImage(format="png", layout=widgets.Layout(width="100%", max_width="720px"))
        self.bars_image = TitledImage(format="png", layout=widgets.Layout(width="100%", max_width="1000px"))
        self.summary = widgets.HTML()
        self.message = widgets.HTML()
        self.values = np.zeros(0)
        self.simulated: np.ndarray | None = None
        self._views: dict[tuple[str, str], BoardView] = {}
        self._charts: dict[tuple[str, str, str], _Chart] = {}
        self._relabelling = False
        self._relabel(jail=jail, per=per)
        for control in (self.board_choice, self.jail_choice, self.view_choice, self.long_run, self.turns_slider):
            control.observe(lambda _: self._relabelling or self.refresh(), names="value")
        self.simulate_button.on_click(lambda _: self.simulate(self.rolls_choice.value))
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.children = [
            widgets.HBox([self.board_choice, self.jail_choice], layout=wrap),
            widgets.HBox([self.view_choice, self.long_run, self.turns_slider], layout=wrap),
            widgets.HBox([self.rolls_choice, self.simulate_button], layout=wrap),
            self.message, self.summary, self.board_image, self.bars_image,
        ]
        self.refresh()

    def __repr__(self) -> str:
        return f"LandingExplorer(board={self.board_choice.value!r}, jail={self.jail_choice.value!r}, lang={self.lang!r})"

    def word(self, key: str, **fields: Any) -> str:
        return word(self.lang, f"landing.{key}", **fields)

    def set_lang(self, lang: str) -> None:
        """Relabel every control, the board, the chart and the summary in ``lang``."""
        self.lang = check_lang(lang)
        self.message.value = ""  # a refusal was worded in the old language
        self._relabel(jail=self.jail_choice.value, per=self.view_choice.value)
        self._draw()

    def _relabel(self, jail: str, per: str) -> None:
        """Words of every control in the explorer's language (values kept; new options pass through
        other values on the way, which draw nothing)."""
        self._relabelling = True
        try:
            self._reword(jail, per)
        finally:
            self._relabelling = False

    def _reword(self, jail: str, per: str) -> None:
        relabel(self.board_choice, board_options(self.lang), self.word("board"))
        self.jail_choice.options = [(self.word(f"jail_{j}"), j) for j in JAIL_STRATEGIES]
        self.jail_choice.value = jail
        self.jail_choice.description = self.word("jail")
        self.view_choice.options = [(self.word(f"view_{v}"), v) for v in VIEWS]
        self.view_choice.value = per
        self.view_choice.description = self.word("view")
        self.long_run.description = self.word("long_run")
        self.turns_slider.description = self.word("turns")
        self.rolls_choice.description = self.word("rolls")
        self.simulate_button.description = self.word("simulate")
        self.jail_choice.tooltips = [self.word(f"tip_jail_{j}") for j in JAIL_STRATEGIES]
        for key, control in {"board": self.board_choice, "jail": self.jail_choice, "view": self.view_choice,
                             "long_run": self.long_run, "turns": self.turns_slider, "rolls": self.rolls_choice,
                             "simulate": self.simulate_button}.items():
            control.tooltip = self.word(f"tip_{key}")

    # ------------------------------------------------------------------ controls as methods
    def set_board(self, name: str) -> None:
        self._set(self.board_choice, name, [key for _, key in self.board_choice.options])

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
            self.message.value = error_html(self.word("bad_turns", most=self.turns_slider.max, turns=repr(turns)))
            return
        self.message.value = ""
        self.turns_slider.value = turns
        self.long_run.value = False

    def _set(self, control: widgets.ValueWidget, value: str, allowed: list[str]) -> None:
        if value not in allowed:
            self.message.value = error_html(self.word("bad_choice", value=repr(value), allowed=", ".join(map(str, allowed))))
            return
        self.message.value = ""
        control.value = value

    # ------------------------------------------------------------------ computing and drawing
    @property
    def chain(self):
        board = builtin_board(self.board_choice.value)
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
            self.message.value = error_html(self.word("bad_rolls", rolls=repr(rolls)))
            return
        if not self.long_run.value:
            self.message.value = error_html(self.word("simulate_long_run", long_run=self.word("long_run")))
            return
        self.message.value = ""
        board = builtin_board(self.board_choice.value)
        counts = simulate_landings(board, jail=self.jail_choice.value, rolls=rolls, tokens=min(100_000, rolls // 10),
                                   batches=10, seed=self.seed)
        self.simulated = counts.frequencies(self.view_choice.value)
        self._draw()

    def _draw(self) -> None:
        board = builtin_board(self.board_choice.value)
        per = self.view_choice.value if self.long_run.value else "turn"
        title = self.word(f"view_{per}")
        fmt = "{:.2f}" if per == "landing" else "{:.1%}"
        key = (board.key, self.lang)
        view = self._views.get(key)
        if view is None:  # the board's picture is laid out once per board and language
            view = self._views[key] = BoardView(board, lang=self.lang, fast=True, size_px=720)
        view.show_values(self.values, fmt=fmt, label=title)
        self.board_image.value = view.render_png()
        self.bars_image.value = self._bars(board, per, title)
        top = np.argsort(self.values)[::-1][:5]
        names = [board.cells[c].name(self.lang) if c < board.size else self.word("detained") for c in top]
        shown = [f"{n} {fmt.format(self.values[c])}" for n, c in zip(names, top)]
        self.summary.value = f"<b>{html_text(self.word('top'))}:</b> {html_text(', '.join(shown))}"
        # the pictures' text for a screen reader, and their tooltips
        self.board_image.tooltip = f"{self.board_choice.label}: {title}"
        self.bars_image.tooltip = f"{title}. {self.word('top')}: {', '.join(shown)}"

    def _bars(self, board: Any, per: str, title: str) -> bytes:
        """The bar chart of the values (and the simulation's points) as PNG. Its figure, axes and
        labels are made once per board, language and view, and the picture of what does not change
        (the cells' axis, the titles) once per layout; a change sets the bars' heights and draws
        them, the value axis and the legend over that picture."""
        key = (board.key, self.lang, per)
        if key not in self._charts:
            figure = new_figure(10, 3.4)
            ax = figure.add_subplot()
            cells = np.arange(board.size + 1)
            bars = ax.bar(cells, np.zeros(cells.size), color="#4c72b0", label=self.word("exact"))
            detained = self.word("detained_short")
            ax.set_xticks(cells[::2])
            ax.set_xticklabels([str(c) if c < board.size else detained for c in cells[::2]], fontsize=8)
            ax.set_xlim(-0.8, len(cells) - 0.2)
            ax.set_xlabel(self.word("cell_axis", short=detained))
            ax.set_ylabel(self.word(f"axis_{per}"))
            ax.set_title(title, fontsize=11)
            for artist in [*bars, ax.yaxis, *ax.spines.values()]:
                artist.set_animated(True)
            self._charts[key] = _Chart(figure, ax, list(bars))
        chart = self._charts[key]
        figure, ax = chart.figure, chart.ax
        for bar, value in zip(chart.bars, self.values):
            bar.set_height(value)
        for line in list(ax.lines):
            line.remove()
        if self.simulated is not None:
            ax.plot(np.arange(len(self.values)), self.simulated, "o", color="#dd8452", markersize=4,
                    label=self.word("simulated"), animated=True)
        # The data limits as relim() finds them (the bars' corners, the points), without walking every
        # bar's path: then the value axis scales as a new chart's would.
        ax.dataLim.ignore(True)
        ax.dataLim.set_points(Bbox.null().get_points())
        ax.ignore_existing_data_limits = True
        heights = np.asarray(self.values, dtype=float)
        ax.update_datalim([(chart.bars[0].get_x(), min(0.0, heights.min())),
                           (chart.bars[-1].get_x() + chart.bars[-1].get_width(), max(0.0, heights.max()))])
        if self.simulated is not None:
            ax.update_datalim(np.column_stack([np.arange(len(self.simulated)), self.simulated]))
        ax.autoscale_view()
        ax.legend(fontsize=9, loc="upper left").set_animated(True)
        # Laid out as a new figure would be: tightly from the default margins. Only the value axis's
        # labels change the layout, so it is kept for each set of them.
        low, high = ax.get_ylim()
        ticks = ax.yaxis.get_majorticklocs()
        shown = tuple(ax.yaxis.get_major_formatter().format_ticks([t for t in ticks if low <= t <= high]))
        if shown not in chart.margins:
            figure.subplots_adjust(**{side: matplotlib.rcParams[f"figure.subplot.{side}"] for side in _SIDES})
            figure.tight_layout()
            chart.margins[shown] = {side: getattr(figure.subplotpars, side) for side in _SIDES}
        figure.subplots_adjust(**chart.margins[shown])
        canvas = figure.canvas
        if shown not in chart.backgrounds:
            canvas.draw()
            chart.backgrounds[shown] = canvas.copy_from_bbox(figure.bbox)
        canvas.restore_region(chart.backgrounds[shown])
        moving = [*chart.bars, ax.yaxis, *ax.lines, *ax.spines.values(), ax.get_legend()]
        for artist in sorted(moving, key=lambda artist: artist.get_zorder()):  # in the order a full drawing takes
            ax.draw_artist(artist)
        return encode_png(np.asarray(canvas.buffer_rgba()))


class _Chart:
    """A bar chart kept between changes: its figure, axes and bars, and for each set of labels on
    its value axis the layout they make and the picture of the fixed parts in that layout."""

    def __init__(self, figure: Any, ax: Any, bars: list[Any]) -> None:
        self.figure, self.ax, self.bars = figure, ax, bars
        self.margins: dict[tuple[str, ...], dict[str, float]] = {}
        self.backgrounds: dict[tuple[str, ...], Any] = {}


_SIDES = ("left", "right", "bottom", "top")
