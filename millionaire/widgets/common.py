"""Helpers shared by the widgets: figures that pyplot never shows, rendered to PNG for an Image
widget; the choices every widget offers (boards, languages) in the widget's language; the style
that makes the controls readable on a classroom screen; and the sentence a saved widget cell shows
until it runs again (:class:`UntilRun`)."""

from __future__ import annotations

import io
from typing import Any

import ipywidgets as widgets

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..board import load_board
from ..editions import keys
from ..plain_text import html_text
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

#: Larger type and buttons that grow with their words, for a projector. Scoped to the kit's widgets.
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
.mln-players td { padding: 3px 6px; vertical-align: middle; }
.mln-players tr.mln-current { background: #fff3c4; }
.mln-players .mln-num { text-align: right; white-space: nowrap; }
.mln-who { color: #555; font-size: 13px; }
.mln-players tr.mln-head td { color: #555; font-size: 13px; padding-bottom: 0; }
.mln-log { font-size: 14px; line-height: 1.35; max-height: 11em; overflow-y: auto; display: flex;
  flex-direction: column-reverse; }
.mln-log div:first-child { font-weight: bold; }
</style>"""


def board_options(lang: str) -> list[tuple[str, str]]:
    """The boards as (name in ``lang``, key) pairs, for a dropdown."""
    return [(load_board(key).name(lang), key) for key in BOARD_KEYS]


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
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def error_html(text: str) -> str:
    """A refusal shown in a widget's message line."""
    return f"<span style='color:#b00020'>{html_text(text)}</span>"
