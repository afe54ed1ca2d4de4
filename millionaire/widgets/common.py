"""Helpers shared by the widgets: figures that pyplot never shows, rendered to PNG for an Image
widget; the choices every widget offers (boards, languages) in the widget's language; the style
that makes the controls readable on a classroom screen; and the sentence a saved widget cell shows
until it runs again (:class:`UntilRun`)."""

from __future__ import annotations

import functools
import io
import weakref
from typing import Any

import ipywidgets as widgets
import numpy as np
import traitlets

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..board import Board, load_board
from ..editions import keys
from ..errors import MillionaireError
from ..plain_text import html_text
from ..plotting import encode_png
from ..words import check_lang, word

class UntilRun:
    """A widget whose plain-text form is a sentence in its language saying to run its cell.

    A notebook keeps that text beside the widget; JupyterLab shows it where the widget was until the
    cell runs again. A class sets ``until_run`` (a key of ``words.py``) and has a ``lang``.

    >>> Panel([], lang="ru")._repr_mimebundle_()["text/plain"]
    'Запустите эту ячейку, чтобы увидеть ползунок и график.'
    """

    until_run = "until_run.board"
    lang: str

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        bundle["text/plain"] = word(self.lang, self.until_run)
        return bundle


class Panel(UntilRun, widgets.VBox):
    """A column of a lesson's own widgets (a slider and its chart) that says, saved, to run its cell.

    >>> Panel([widgets.IntSlider()], lang="en").children[0].value
    0
    """

    until_run = "until_run.panel"

    def __init__(self, children: Any = (), lang: str = "en", **kwargs: Any) -> None:
        super().__init__(children, **kwargs)
        self.lang = check_lang(lang)


#: The boards the explorers offer, by key (the edition registry's: two dice only).
BOARD_KEYS = keys("explorers")

#: Projector-size text (see :func:`projector`): for the kit's widgets and, while one of them is
#: switched on (``.mln-projector``) on the page, for the lesson's outputs around them. A game table
#: puts the column beside its board below it when both do not fit at the larger size.
PROJECTOR_CSS_RULES = """
body:has(.mln-projector) .jp-OutputArea-output pre, body:has(.mln-projector) .jp-RenderedText pre,
body:has(.mln-projector) .jp-OutputArea-output .jp-RenderedHTMLCommon { font-size: 19px; line-height: 1.35; }
body:has(.mln-projector) .jp-OutputArea-output table { font-size: 18px; }
body:has(.mln-projector) .mln-widget .widget-label, body:has(.mln-projector) .mln-widget select,
body:has(.mln-projector) .mln-widget input, body:has(.mln-projector) .mln-widget .widget-readout,
body:has(.mln-projector) .mln-widget .widget-html-content, body:has(.mln-projector) .mln-widget .widget-button,
body:has(.mln-projector) .mln-widget .widget-toggle-button,
body:has(.mln-projector) .mln-widget .jupyter-widget-Collapse-header { font-size: 18px; }
body:has(.mln-projector) .mln-widget .widget-button, body:has(.mln-projector) .mln-widget .widget-toggle-button {
  height: auto; min-height: 40px; white-space: normal; }
body:has(.mln-projector) .mln-widget .widget-dropdown > select { height: auto; min-height: 34px; }
body:has(.mln-projector) .mln-status { font-size: 24px; }
body:has(.mln-projector) .mln-players { font-size: 19px; }
body:has(.mln-projector) .mln-who, body:has(.mln-projector) .mln-players tr.mln-head td { font-size: 16px; }
body:has(.mln-projector) .mln-log { font-size: 18px; }
body:has(.mln-projector) .mln-dot { width: 18px; height: 18px; }
body:not(:has(.mln-app)) .mln-table.mln-projector .mln-row { flex-wrap: wrap; }
body:not(:has(.mln-app)) .mln-table.mln-projector .mln-row > .widget-image {
  flex: 1 1 520px; max-width: min(100%, calc(100vh - 120px)); }
body:not(:has(.mln-app)) .mln-table.mln-projector .mln-row > .mln-side { flex: 1 1 420px; }
"""


#: Larger type and buttons that grow with their words, for a projector. Scoped to the kit's widgets.
#: The log shows whole lines only: lines that do not fit wrap into a second column, which is hidden.
CLASSROOM_CSS = """<style>
.mln-table .widget-button, .mln-app .widget-button { font-size: 15px; height: auto; min-height: 34px;
  white-space: normal; text-align: center; padding: 4px 12px; }
.mln-table .widget-label, .mln-table select, .mln-table input, .mln-table .widget-html-content,
.mln-table .p-Accordion, .mln-table .jupyter-widget-Collapse-header { font-size: 14px; }
.mln-table .widget-html-content { line-height: 1.35; }
.mln-status { font-size: 19px; font-weight: bold; line-height: 1.3; margin: 2px 0 6px 0; }
.mln-dot { display: inline-block; width: 14px; height: 14px; border-radius: 50%; margin-right: 6px;
  vertical-align: -1px; box-shadow: 0 0 0 1px #333; }
.mln-players { border-collapse: collapse; width: 100%; font-size: 15px; margin: 4px 0 8px 0; }
.mln-players td { padding: 3px 4px; vertical-align: middle; }
.mln-players tr.mln-current { background: #fff3c4; }
.mln-players .mln-num { text-align: right; white-space: nowrap; }
.mln-players .mln-cash { white-space: normal; }
.mln-who { color: #555; font-size: 13px; }
.mln-players tr.mln-head td { color: #555; font-size: 13px; padding-bottom: 0; }
.mln-log { font-size: 14px; line-height: 1.35; max-height: 11em; overflow: hidden; display: flex;
  flex-flow: column-reverse wrap; align-content: flex-start; }
.mln-log div { width: 100%; }
.mln-table .mln-stacked { flex-direction: column; align-items: stretch; }
.mln-table .mln-stacked > .widget-label { width: auto; text-align: left; font-weight: bold; }
/* Colours that white words read on (WCAG contrast 4.5 or more), and fold headers that read. */
.mln-table .jupyter-button.mod-success { background-color: #2e7d32; }
.mln-table .jupyter-button.mod-warning { background-color: #a14f00; }
.mln-table .jupyter-button.mod-primary { background-color: #1565c0; }
.mln-table .jupyter-widget-Collapse-header { color: #333; }
.mln-table button:focus-visible, .mln-table select:focus-visible, .mln-table input:focus-visible,
.mln-app button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.mln-log div:first-child { font-weight: bold; }
/* The board and the column beside it: the column never narrower than its players' table. */
.mln-row { gap: 14px; }
.mln-row > .widget-image { flex: 0 1 62%; min-width: 0; height: auto; }
.mln-row > .mln-side { flex: 1 0 340px; min-width: 0; }
""" + PROJECTOR_CSS_RULES + "</style>"


class TitledImage(widgets.Image):
    """An Image whose ``tooltip`` is its text for a screen reader and a mouse (the picture's title).

    ipywidgets 8.1 draws an Image's tooltip only when the model has a ``description`` (its view
    reads one, and fails without it): this one syncs an empty description.

    >>> TitledImage(tooltip="The board").get_state()["description"]
    ''
    """

    description = traitlets.Unicode("").tag(sync=True)


class _Projector:
    """Whether the kit's widgets show projector-size text, and the widgets that follow the switch."""

    def __init__(self) -> None:
        self.on = False
        self.followers: weakref.WeakSet[Any] = weakref.WeakSet()

    def follow(self, widget: Any) -> None:
        """Let ``widget`` (with a ``show_projector(on)`` method) follow the switch, from its state now."""
        self.followers.add(widget)
        widget.show_projector(self.on)

    def switch(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise MillionaireError(f"projector: True or False, got {on!r}")
        self.on = on
        for widget in list(self.followers):
            widget.show_projector(on)


PROJECTOR = _Projector()
#: How much larger a board's cell names are drawn with projector text (where they fit).
PROJECTOR_TEXT_SCALE = 1.3


class ProjectorSwitch(UntilRun, widgets.HBox):
    """A button a teacher presses for projector-size text: in every game table, explorer and lab on
    the page (and those made later), and in the lesson's outputs, while the switch is shown.

    >>> switch = ProjectorSwitch(lang="ru")
    >>> switch.button.value = True
    >>> PROJECTOR.on, "mln-projector" in switch._dom_classes
    (True, True)
    >>> switch.button.value = False
    """

    until_run = "until_run.projector"

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = check_lang(lang)
        self.add_class("mln-widget")
        self.button = widgets.ToggleButton(description=word(lang, "projector.switch"), tooltip=word(lang, "projector.tip"),
                                           layout=widgets.Layout(width="auto"))
        self.button.observe(lambda change: PROJECTOR.switch(change["new"]), names="value")
        self.children = [widgets.HTML(f"<style>{PROJECTOR_CSS_RULES}</style>"), self.button]
        PROJECTOR.follow(self)

    def show_projector(self, on: bool) -> None:
        """Show the switch on or off (the page's text follows the class ``mln-projector``)."""
        self.button.value = on
        (self.add_class if on else self.remove_class)("mln-projector")


def projector(on: bool = True, lang: str = "en") -> ProjectorSwitch:
    """Switch projector-size text on (or off) for the kit's widgets and the lesson's outputs; returns
    the switch, to show in the cell (a teacher can press it again to switch back).

    >>> projector(True, lang="ru").button.value, PROJECTOR.on
    (True, True)
    >>> projector(False).button.value
    False
    """
    switch = ProjectorSwitch(lang)
    PROJECTOR.switch(on)
    return switch


@functools.cache
def builtin_board(key: str) -> Board:
    """The built-in board ``key``, read from its file once: the widgets only read their boards.

    >>> builtin_board("monopoly-us") is builtin_board("monopoly-us")
    True
    """
    return load_board(key)


def board_options(lang: str) -> list[tuple[str, str]]:
    """The boards as (name in ``lang``, key) pairs, for a dropdown."""
    return [(builtin_board(key).name(lang), key) for key in BOARD_KEYS]


def relabel(choice: widgets.Dropdown | widgets.ToggleButtons, options: list[tuple[str, Any]], description: str) -> None:
    """Give a choice new option labels and a new description, keeping what is chosen."""
    value = choice.value
    choice.options = options
    choice.value = value
    choice.description = description


def language_options() -> list[tuple[str, str]]:
    """Each language named in itself, for a language picker."""
    return [("Русский", "ru"), ("English", "en")]


def new_figure(width: float = 9.0, height: float = 4.0) -> Figure:
    """A figure of its own (not registered with pyplot, so a notebook never shows it twice)."""
    figure = Figure(figsize=(width, height))
    FigureCanvasAgg(figure)
    return figure


def png(figure: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes, for ``ipywidgets.Image(value=...)``: draw the figure at the size it
    will be shown (``figsize`` × ``dpi`` pixels), so the browser does not blur it by scaling up. The
    caller lays the figure out (``tight_layout``): it is drawn once, not measured and drawn again."""
    if dpi != figure.dpi:
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=dpi)
        return buffer.getvalue()
    figure.canvas.draw()
    return encode_png(np.asarray(figure.canvas.buffer_rgba()))


def error_html(text: str) -> str:
    """A refusal shown in a widget's message line."""
    return f"<span style='color:#b00020'>{html_text(text)}</span>"
