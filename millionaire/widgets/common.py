"""Helpers shared by the widgets: figures that pyplot never shows, rendered to PNG for an Image widget."""

from __future__ import annotations

import html
import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


def new_figure(width: float = 9.0, height: float = 4.0) -> Figure:
    """A figure of its own (not registered with pyplot, so a notebook never shows it twice)."""
    figure = Figure(figsize=(width, height))
    FigureCanvasAgg(figure)
    return figure


def png(figure: Figure) -> bytes:
    """The figure as PNG bytes, for ``ipywidgets.Image(value=...)``."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    return buffer.getvalue()


def error_html(text: str) -> str:
    """A refusal shown in a widget's message line."""
    return f"<span style='color:#b00020'>{html.escape(text)}</span>"
