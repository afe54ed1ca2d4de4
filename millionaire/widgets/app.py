"""PlayApp: the game as an app for a classroom screen: a title, the language, and the game table.

``make app`` serves ``app/play.ipynb``, which shows only this widget (no code, no lesson). Russian
comes first, as the game is Russian; English is one click away, and switching relabels everything,
the board included, without losing the game.

Examples
--------
>>> app = PlayApp(seed=3)
>>> app.table.lang
'ru'
>>> app.set_lang("en")
>>> app.title.value.startswith("<div class='mln-title'>Millionaire Classic")
True
"""

from __future__ import annotations


import ipywidgets as widgets

from ..plain_text import html_text
from ..words import check_lang, word
from .common import UntilRun, builtin_board, language_options
from .game_table import GameTable

_TITLE_CSS = """<style>
body:has(.mln-app) .jp-Cell, body:has(.mln-app) .jp-Cell-outputWrapper, body:has(.mln-app) .jp-OutputArea-output,
body:has(.mln-app) #rendered_cells, body:has(.mln-app) .jp-Notebook { padding-top: 0 !important; margin-top: 0 !important; }
body:has(.mln-app) { margin: 0; overflow: hidden; }
body:has(.mln-app) #rendered_cells, body:has(.mln-app) .jp-Cell { padding: 0 !important; }
/* The whole board fits the window's height (the app shows nothing above it), and grows with the screen. */
.mln-app .mln-table .widget-image { max-width: calc(100vh - 20px) !important; max-height: calc(100vh - 20px);
  object-fit: contain; object-position: left top; }
.mln-app .mln-title { font-size: 22px; font-weight: bold; color: #24452a; line-height: 1.25; }
.mln-app .mln-subtitle { font-size: 14px; color: #444; }
</style>"""


class PlayApp(UntilRun, widgets.VBox):
    """A title line with the language choice over a :class:`GameTable` (one human against two bots)."""

    def __init__(self, lang: str = "ru", board: str = "millionaire-classic", players: int = 3, seed: int = 1) -> None:
        super().__init__()
        self.add_class("mln-widget")
        check_lang(lang)
        self.add_class("mln-app")
        self.title = widgets.HTML()
        self.language = widgets.ToggleButtons(options=language_options(), value=lang,
                                              style={"button_width": "auto"})
        self.language.add_class("mln-language")
        self.table = GameTable(board=board, players=players, humans=[0], lang=lang, seed=seed,
                               strategies=["human", "cautious", "aggressive", "monopolist", "cautious", "aggressive"])
        self.language.observe(lambda change: self.set_lang(change["new"]), names="value")
        self.table.board_choice.observe(lambda _: self._retitle(), names="value")
        # The title and the language head the column beside the board, so the board starts at the top.
        header = widgets.VBox([self.language, self.title], layout=widgets.Layout(margin="0 0 8px 0"))
        self.table.side.children = (header, *self.table.side.children)
        self.children = [widgets.HTML(_TITLE_CSS), self.table]
        self._retitle()

    def __repr__(self) -> str:
        return f"PlayApp(lang={self.table.lang!r})"

    @property
    def lang(self) -> str:
        """The app's language: its table's."""
        return self.table.lang

    def set_lang(self, lang: str) -> None:
        """Show the app in ``lang`` (``"en"`` or ``"ru"``)."""
        check_lang(lang)
        if self.language.value != lang:
            self.language.value = lang  # the toggle calls back here
            return
        self.table.set_lang(lang)
        self._retitle()

    def _retitle(self) -> None:
        lang = self.table.lang
        self.language.tooltips = [word(lang, f"app.tip_lang_{key}") for _, key in language_options()]
        board = builtin_board(self.table.board_choice.value).name(lang)
        self.title.value = (f"<div class='mln-title'>{html_text(word(lang, 'app.title', board=board))}</div>"
                            f"<div class='mln-subtitle'>{html_text(word(lang, 'app.subtitle'))}</div>")
