"""Names as plain text on every surface: the one place that keeps a name from being read as code.

A name (of a player, a team, a cell, a board) or a card's text comes from a board file, a saved
game or a student's keyboard, so it may hold a ``$`` (matplotlib reads ``$...$`` as a formula), a
backslash, HTML markup, a terminal escape (``ESC [31m`` turns a terminal red), another control
character (``BEL``, a line break) or a direction override (U+202E shows the rest of a line
backwards). Each surface shows such a text through one of these functions:

- :func:`one_line`: the text as one line: escape sequences dropped, line breaks and tabs as spaces,
  other control characters and direction overrides dropped; optionally cut short with "…";
- :func:`terminal`: a block of lines for the command line, each line as :func:`one_line` makes it;
- :func:`html_text`: one line escaped for HTML;
- :func:`draw_text`: text an axes or a figure draws as it is (never as mathtext, never through TeX);
- :func:`chart_text`: one line for a matplotlib label, legend or tick that the kit does not draw
  itself (its ``$`` escaped, so matplotlib shows it and reads no formula);
- :func:`spreadsheet_cell`: a CSV cell a spreadsheet will not run as a formula.

:func:`first_control` finds the character a board file may not hold.

Examples
--------
>>> one_line("Anna\\x1b[31m red\\nline\\x07")
'Anna red line'
>>> html_text("<b>Team</b> & co")
'&lt;b&gt;Team&lt;/b&gt; &amp; co'
>>> chart_text("$\\\\frac$")
'\\\\$\\\\frac\\\\$'
>>> spreadsheet_cell("=1+1"), spreadsheet_cell("Bakery"), spreadsheet_cell(-3)
("'=1+1", 'Bakery', -3)
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Any

#: Terminal escape sequences: CSI (``ESC [ ... m``, also the one-byte C1 CSI), OSC and the other
#: string commands up to their end (BEL or ``ESC \\``), then any other two-byte ``ESC x``.
_ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
                      r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                      r"|\x1b[ -~]?")
#: Characters that end or break a line, shown as a space.
_BREAKS = re.compile(r"[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]")
#: Marks that change the direction of the text around them (Unicode's bidirectional controls).
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _is_control(char: str) -> bool:
    return unicodedata.category(char) == "Cc" or char in _DIRECTION


def first_control(text: str, allowed: str = "") -> int:
    """The position of the first control character or direction mark in ``text`` that is not in
    ``allowed``, or -1 when there is none.

    >>> first_control("Bakery"), first_control("Ba\\x1b[31mkery"), first_control("a\\nb", allowed="\\n")
    (-1, 2, -1)
    """
    for position, char in enumerate(text):
        if char not in allowed and _is_control(char):
            return position
    return -1


def one_line(text: str, most: int | None = None) -> str:
    """``text`` as one line of plain text (see the module's docstring); with ``most``, cut to at
    most that many characters, the last of them "…".

    >>> one_line("\\u202eevil\\u202c name"), one_line("a very long name", most=8)
    ('evil name', 'a very …')
    """
    if not text.isprintable():  # a control character, a direction mark or a space of another kind
        text = _BREAKS.sub(" ", _ESCAPES.sub("", text))
        text = "".join(char for char in text if not _is_control(char))
    if most is not None and len(text) > most:
        text = text[:max(most - 1, 0)] + "…"
    return text


def terminal(text: str) -> str:
    """A block of text for a terminal: its lines kept, each made plain by :func:`one_line`.

    >>> terminal("Result\\n  Winner: \\x1b]0;title\\x07Anna\\x1b[2J")
    'Result\\n  Winner: Anna'
    """
    return "\n".join(one_line(line) for line in text.split("\n"))


def html_text(text: str) -> str:
    """``text`` as one line of HTML text: markup shown, never obeyed.

    >>> html_text("<script>alert(1)</script>")
    '&lt;script&gt;alert(1)&lt;/script&gt;'
    """
    return html.escape(one_line(text))


def chart_text(text: str) -> str:
    """``text`` as one line for a matplotlib label, title, legend entry or tick label: each ``$``
    escaped, so matplotlib draws the dollar and reads no formula (a backslash outside a formula is
    drawn as it is)."""
    return one_line(text).replace("$", r"\$")


def draw_text(target: Any, x: float, y: float, text: str, **style: Any) -> Any:
    """``target.text(x, y, text, **style)`` (an axes or a figure), the text drawn as it is: no
    mathtext, no TeX. The caller makes a name one line first (:func:`one_line`); line breaks the
    caller puts in are kept.

    >>> from matplotlib.figure import Figure
    >>> draw_text(Figure(), 0.5, 0.5, "$\\\\frac$").get_parse_math()
    False
    """
    return target.text(x, y, text, parse_math=False, usetex=False, **style)


#: The first characters that make a spreadsheet read a cell as a formula (or as the start of one).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet shows as text: a string starting with ``= + - @``, a tab or a
    carriage return gets a leading ``'``; anything else (numbers included) is returned as it is."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value
