"""A class's own dice and landings, read from a CSV file and set against the exact distributions.

A class rolls real dice and plays real games on the printed board (``millionaire print`` makes the
board and the tally sheets), then types its tallies into the CSV template that :func:`template_csv`
writes. :func:`load_class_data` reads the file back and checks every row; a bad row stops the load
with its row number and the reason, so nothing is ever half-loaded.

The comparisons are exact on the theory side: dice totals and doubles against the 1/36 arithmetic
of two fair dice, landings against the Markov chain of :mod:`millionaire.markov` (its
``per="landing"`` view: every cell a token stops on, a card's destination included, and detentions
as one more line). The test is Pearson's chi-square goodness of fit, with its p-value computed
here from the regularized incomplete gamma function (:func:`chi_square_sf`), and a z-score for each
line: how many standard deviations the count lies from what the theory expects.

The CSV has one row per tally line: ``group,kind,die1,die2,cell,count``. ``kind`` is ``dice`` (a
pair of faces, ``cell`` empty), ``landing`` (a cell number, the dice empty) or ``detained`` (both
empty). Several groups may each send their rows; the counts add up. Lines that start with ``#``
are notes. The Russian template has Russian headings and kinds (``кубики``, ``клетка``,
``задержание``); the loader reads either.

Files come back from spreadsheets, so :func:`load_class_data` reads them as Excel saves them: UTF-8
(with or without its byte order mark), UTF-16 ("Unicode text"), or Windows-1251 (the "CSV" of
Russian Excel), with commas, semicolons (Russian Excel's separator) or tabs between the columns,
and Excel's empty rows and empty columns after the last one. A count is at most :data:`MAX_COUNT`.
Anything else is refused with the row, the column (lettered as in the spreadsheet) and what to do.

Examples
--------
>>> from millionaire import load_board
>>> board = load_board("millionaire-classic")
>>> data = parse_class_data("group,kind,die1,die2,cell,count\\nA,dice,3,4,,5\\nA,landing,,,7,2\\n", board)
>>> data.rolls, data.doubles, int(data.landings[7])
(5, 0, 2)
>>> round(chi_square_sf(3.841458820694124, 1), 6)
0.05
"""

from __future__ import annotations

import csv
import io
import math
import re
from array import array
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .board import Board
from .errors import MillionaireError, shown
from .markov import movement_chain
from .movement import sum_distribution
from .plain_text import spreadsheet_cell
from .rules import RuleSet
from .words import check_lang, word

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

#: The columns of the template, in English (the file may use either language's headings).
COLUMNS = ("group", "kind", "die1", "die2", "cell", "count")
_COLUMNS_RU = ("группа", "вид", "кубик1", "кубик2", "клетка", "число")
_KINDS = {"dice": "dice", "кубики": "dice", "landing": "landing", "клетка": "landing",
          "detained": "detained", "задержание": "detained"}
_KIND_WORDS = {"en": {"dice": "dice", "landing": "landing", "detained": "detained"},
               "ru": {"dice": "кубики", "landing": "клетка", "detained": "задержание"}}

#: The largest count one line may hold. A class tallies by hand, so more is a typing slip; the bound
#: also keeps every sum far inside the 64-bit integers the statistics count in.
MAX_COUNT = 1_000_000

#: The separators a spreadsheet saves CSV with (the word that names each), tried on the heading row.
_SEPARATORS = {",": "sep_comma", ";": "sep_semicolon", "\t": "sep_tab"}

#: Encodings as an error names them.
_ENCODING_NAMES = {"utf-8": "UTF-8", "utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "cp1251": "Windows-1251"}

#: A count written in groups of three digits, as Russian Excel shows 1 000 (a space or a no-break space).
_DIGIT_GROUPS = re.compile(r"[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+")


class ClassDataError(MillionaireError):
    """A class data file that cannot be used. The message names the file, the row (and the column,
    lettered as a spreadsheet letters it) and what to do; :attr:`row` and :attr:`column` hold them
    (None for a problem of the whole file)."""

    def __init__(self, message: str, row: int | None = None, column: str | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.column = column


@dataclass(frozen=True)
class ClassData:
    """A class's tallies, summed over its groups.

    Attributes
    ----------
    pairs : 6 x 6 counts of rolls, ``pairs[a - 1, b - 1]`` for the first die on ``a``, the second on ``b``.
    landings : counts per cell, then detentions last (``board.size + 1`` entries).
    groups : the group names, in the order they first appear.
    """

    board_key: str
    pairs: NDArray[np.int64]
    landings: NDArray[np.int64]
    groups: tuple[str, ...]

    @property
    def rolls(self) -> int:
        """How many rolls of two dice were tallied."""
        return int(self.pairs.sum())

    @property
    def doubles(self) -> int:
        """How many of those rolls were doubles."""
        return int(np.trace(self.pairs))

    @property
    def totals(self) -> NDArray[np.int64]:
        """Counts of the totals 2 to 12 (11 entries)."""
        counts = np.zeros(11, dtype=np.int64)
        for a in range(6):
            for b in range(6):
                counts[a + b] += self.pairs[a, b]
        return counts

    @property
    def landing_count(self) -> int:
        """How many landings (and detentions) were tallied."""
        return int(self.landings.sum())

    def __repr__(self) -> str:
        return (f"<ClassData {self.board_key!r}: {len(self.groups)} groups, {self.rolls} rolls, "
                f"{self.landing_count} landings>")


def _letter(index: int) -> str:
    """A column's letter as a spreadsheet shows it, from its index.

    >>> _letter(0), _letter(5), _letter(26)
    ('A', 'F', 'AA')
    """
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _fail(lang: str, source: str, row: int | None, key: str, at: int | None = None,
          **fields: Any) -> ClassDataError:
    """The error for ``key``: in the whole file (``row`` None), in a row, or in column ``at`` of a row."""
    reason = word(lang, "class_data." + key, **fields)
    if row is None:
        return ClassDataError(word(lang, "class_data.file", source=source, reason=reason))
    if at is None:
        return ClassDataError(word(lang, "class_data.row", source=source, row=row, reason=reason), row)
    column = _letter(at)
    return ClassDataError(word(lang, "class_data.at", source=source, row=row, column=column, reason=reason),
                          row, column)


def _whole(text: str) -> int | None:
    """``text`` (stripped) as a small whole number 0 or more, or None."""
    return int(text) if len(text) <= 6 and text.isascii() and text.isdigit() else None


def _count(text: str) -> int | None:
    """``text`` (stripped) as a count: digits, or digits in groups of three (``1 000``); None if neither.
    A number of more digits than :data:`MAX_COUNT` has is returned as ``MAX_COUNT + 1``, whatever it
    reads (it is refused as too large, and Python need not read a number of a million digits).

    >>> _count("12"), _count("1\\u00a0000"), _count("12 5"), _count("9" * 5000) == MAX_COUNT + 1
    (12, 1000, None, True)
    """
    if not (text.isascii() and text.isdigit()):
        if not _DIGIT_GROUPS.fullmatch(text):
            return None
        text = "".join(text.split())
    digits = text.lstrip("0")
    return int(text) if len(digits) <= len(str(MAX_COUNT)) else MAX_COUNT + 1


def _split(line: str, separator: str) -> list[str]:
    """The fields of one line (quotes as a spreadsheet writes them); may raise :class:`csv.Error`."""
    if '"' not in line:
        return line.split(separator)
    return next(csv.reader([line], delimiter=separator), [])


def _is_note(line: str) -> bool:
    """A line of notes: it starts with ``#`` (a spreadsheet may have put it in quotes)."""
    return line.lstrip(" \t\"").startswith("#")


def _heading_row(lines: list[str]) -> int | None:
    """The index of the first line that is neither empty nor a note (the heading), or None."""
    return next((i for i, line in enumerate(lines) if line.strip(" \t,;\"") and not _is_note(line)), None)


def _read_heading(line: str) -> tuple[str, tuple[str, ...]] | None:
    """The separator a heading row is written with and its column names, or None if it is no heading.

    >>> _read_heading("группа;вид;кубик1;кубик2;клетка;число;;")
    (';', ('группа', 'вид', 'кубик1', 'кубик2', 'клетка', 'число'))
    """
    for separator in _SEPARATORS:
        try:
            names = [field.strip().lower() for field in _split(line, separator)]
        except csv.Error:
            continue
        while names and not names[-1]:  # Excel's empty columns after the last one
            names.pop()
        if tuple(names) in (COLUMNS, _COLUMNS_RU):
            return separator, tuple(names)
    return None


def _decode(data: bytes, source: str, lang: str) -> str:
    """The text of a CSV file as spreadsheets save it: UTF-8 (with or without its byte order mark),
    UTF-16 (Excel's Unicode text, with its mark or without), or Windows-1251 (Russian Excel's CSV).

    >>> _decode("группа".encode("cp1251"), "x.csv", "en"), _decode("\\ufeffгруппа".encode("utf-16-le"), "x.csv", "en")
    ('группа', 'группа')
    """
    for mark, encoding in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(mark):
            return _decoded(data[len(mark):], encoding, source, lang)
    if b"\x00" in data:  # UTF-16 without its mark has a zero in every other byte of Latin text; else not text
        head = data[:4096]
        even, odd = head[0::2].count(0), head[1::2].count(0)
        if odd and not even:
            return _decoded(data, "utf-16-le", source, lang)
        if even and not odd:
            return _decoded(data, "utf-16-be", source, lang)
        raise _fail(lang, source, None, "binary")
    try:
        return _decoded(data, "utf-8", source, lang)
    except ClassDataError:
        bad = _first_bad_byte(data, "utf-8")
        if not data[:bad].isascii():  # UTF-8 letters before the bad byte: a damaged file, not Windows-1251
            raise _bad_byte(data, bad, "utf-8", "mixed", source, lang) from None
    return _decoded(data, "cp1251", source, lang)


def _first_bad_byte(data: bytes, encoding: str) -> int:
    try:
        data.decode(encoding)
    except UnicodeDecodeError as error:
        return error.start
    return len(data)


def _decoded(data: bytes, encoding: str, source: str, lang: str) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise _bad_byte(data, error.start, encoding, "encoding", source, lang) from None
    return text.removeprefix("\ufeff")


def _bad_byte(data: bytes, start: int, encoding: str, key: str, source: str, lang: str) -> ClassDataError:
    """The error for the byte at ``start`` that ``encoding`` cannot read, with its row and, when the
    heading before it shows the separator, its column."""
    lines = data[:start].decode(encoding, errors="replace").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    column = None
    index = _heading_row(lines[:-1])
    heading = _read_heading(lines[index]) if index is not None else None
    if heading is not None:
        column = lines[-1].count(heading[0])
    return _fail(lang, source, len(lines), key, column, byte=f"0x{data[start]:02X}",
                 encoding=_ENCODING_NAMES[encoding])


def template_csv(board: Board, lang: str = "en", group: str = "") -> str:
    """The CSV a class fills in: every pair of faces and every cell of ``board`` with count 0, for
    the group ``group`` (default: A).

    >>> from millionaire import load_board
    >>> text = template_csv(load_board("millionaire-classic"), lang="ru")
    >>> text.splitlines()[2]
    'группа,вид,кубик1,кубик2,клетка,число'
    >>> len(text.splitlines())
    80
    """
    check_lang(lang)
    kinds = _KIND_WORDS[lang]
    group = group or ("А" if lang == "ru" else "A")   # the first letter of each alphabet
    out = io.StringIO()
    if lang == "ru":
        out.write(f"# {board.name('ru')}: впишите в «число», сколько раз выпала пара граней или фишка встала на клетку.\n")
        out.write("# Каждая группа добавляет свои строки со своим названием; строки с # — пометки.\n")
    else:
        out.write(f"# {board.name('en')}: write in 'count' how often each pair of faces came up or a token stopped on each cell.\n")
        out.write("# Each group adds its own rows under its own name; lines starting with # are notes.\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_COLUMNS_RU if lang == "ru" else COLUMNS)
    for a in range(1, 7):
        for b in range(1, 7):
            writer.writerow([group, kinds["dice"], a, b, "", 0])
    for cell in range(board.size):
        writer.writerow([group, kinds["landing"], "", "", cell, 0])
    writer.writerow([group, kinds["detained"], "", "", "", 0])
    return out.getvalue()


def parse_class_data(text: str, board: Board, source: str = "<class data>", lang: str = "en",
                     group: str | None = None) -> ClassData:
    """Read class tallies from CSV ``text`` (see the module docstring) for ``board``; with ``group``,
    only that group's rows count (every row is still checked).

    The columns may be separated by commas, semicolons or tabs (the heading row shows which); empty
    rows, and empty columns after the last one, are left out, as a spreadsheet saves them.

    Raises :class:`ClassDataError` naming ``source``, the row (counted as a spreadsheet does, the
    first line of the file being row 1), the column and the reason, in ``lang``.

    >>> from millionaire import load_board
    >>> parse_class_data("group,kind,die1,die2,cell,count\\nA,dice,7,1,,3\\n", load_board("monopoly-us"), "ours.csv")
    Traceback (most recent call last):
    ...
    millionaire.class_data.ClassDataError: ours.csv: row 2, column C: die1 must be a face 1 to 6, got '7'
    """
    check_lang(lang)
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    start = _heading_row(lines)
    if start is None:
        raise _fail(lang, source, None, "empty")
    heading = _read_heading(lines[start])
    if heading is None:
        raise _fail(lang, source, start + 1, "header", expected=",".join(COLUMNS), expected_ru=",".join(_COLUMNS_RU),
                    got=shown(lines[start].strip()))
    separator, columns = heading
    blank = " \t\"" + separator
    size = board.size
    per_group = 36 + size + 1               # the lines of one group: 36 pairs of faces, the cells, detentions
    totals = [0] * per_group
    group_ids: dict[str, int] = {}          # every group, in the order it first appears
    first_rows = array("i")                 # per group and line: the row that holds it (0: none yet)
    no_rows = array("i", [0]) * per_group
    for index in range(start + 1, len(lines)):
        line = lines[index]
        number = index + 1
        try:
            fields = _split(line, separator)
        except csv.Error as error:
            raise _fail(lang, source, number, "quotes", error=str(error)) from None
        if len(fields) != 6:
            if not line.strip(blank) or _is_note(line):
                continue
            if len(fields) < 6:
                raise _fail(lang, source, number, "fields", expected=6, got=len(fields),
                            separator=word(lang, "class_data." + _SEPARATORS[separator]))
            extra = next((i for i in range(6, len(fields)) if fields[i].strip()), None)
            if extra is not None:
                raise _fail(lang, source, number, "extra", extra, last=columns[5], got=shown(fields[extra].strip()))
            del fields[6:]
        row_group, kind_text, die1, die2, cell_text, count_text = (field.strip() for field in fields)
        if not row_group:
            if not (kind_text or die1 or die2 or cell_text or count_text):
                continue  # an empty row
            raise _fail(lang, source, number, "group", 0)
        if row_group[0] == "#":
            continue
        kind = _KINDS.get(kind_text.lower())
        if kind is None:
            raise _fail(lang, source, number, "kind", 1, allowed=", ".join(_KIND_WORDS[lang].values()),
                        got=shown(kind_text))
        count = int(count_text) if len(count_text) <= 6 and count_text.isdigit() and count_text.isascii() \
            else _count(count_text)
        if count is None:
            raise _fail(lang, source, number, "count", 5, got=shown(count_text))
        if count > MAX_COUNT:
            most = f"{MAX_COUNT:,}".replace(",", " " if lang == "ru" else ",")
            raise _fail(lang, source, number, "count_large", 5, most=most, got=shown(count_text))
        if kind == "dice":
            first, second = _whole(die1), _whole(die2)
            if first is None or not 1 <= first <= 6:
                raise _fail(lang, source, number, "die", 2, column=columns[2], got=shown(die1))
            if second is None or not 1 <= second <= 6:
                raise _fail(lang, source, number, "die", 3, column=columns[3], got=shown(die2))
            if cell_text:
                raise _fail(lang, source, number, "dice_cell", 4, got=shown(cell_text))
            line_index = 6 * (first - 1) + second - 1
        else:
            if die1 or die2:
                raise _fail(lang, source, number, "landing_dice", 2 if die1 else 3, kind=_KIND_WORDS[lang][kind])
            if kind == "detained":
                if cell_text:
                    raise _fail(lang, source, number, "detained_cell", 4, got=shown(cell_text))
                line_index = 36 + size
            else:
                cell = _whole(cell_text)
                if cell is None or cell >= size:
                    raise _fail(lang, source, number, "cell", 4, last=size - 1, got=shown(cell_text))
                line_index = 36 + cell
        group_id = group_ids.get(row_group)
        if group_id is None:
            group_id = group_ids[row_group] = len(group_ids)
            first_rows.extend(no_rows)
        slot = group_id * per_group + line_index
        if first_rows[slot]:
            raise _fail(lang, source, number, "duplicate", first=first_rows[slot], group=shown(row_group))
        first_rows[slot] = number
        if group is None or row_group == group:
            totals[line_index] += count
    if not group_ids:
        raise _fail(lang, source, None, "nothing")
    if group is not None and group not in group_ids:
        raise _fail(lang, source, None, "no_group", group=shown(group), groups=", ".join(group_ids))
    groups = tuple(group_ids) if group is None else (group,)
    pairs = np.array(totals[:36], dtype=np.int64).reshape(6, 6)
    return ClassData(board.key, pairs, np.array(totals[36:], dtype=np.int64), groups)


def load_class_data(path: str | Path, board: Board, lang: str = "en", group: str | None = None) -> ClassData:
    """Read a class data CSV file as a spreadsheet saved it (see :func:`parse_class_data`): UTF-8 with
    or without its byte order mark, UTF-16, or Windows-1251 as Russian Excel saves CSV. The error
    names the file by its name.

    >>> import tempfile
    >>> from millionaire import load_board
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "ours.csv")
    ...     _ = path.write_bytes("группа;вид;кубик1;кубик2;клетка;число;;\\r\\nА;кубики;1;2;;3;;\\r\\n;;;;;;;\\r\\n".encode("cp1251"))
    ...     load_class_data(path, load_board("millionaire-classic"), lang="ru").rolls
    3
    """
    check_lang(lang)
    path = Path(path)
    if not path.is_file():
        raise _fail(lang, path.name, None, "missing", path=str(path))
    try:
        data = path.read_bytes()
    except OSError as error:
        raise _fail(lang, path.name, None, "unreadable", error=error.strerror or str(error)) from None
    return parse_class_data(_decode(data, path.name, lang), board, path.name, lang, group)


def games_csv(games: Sequence[Game], groups: Sequence[str], lang: str = "en") -> str:
    """The tallies a class would write down for ``games`` (one group each), as CSV in the template's
    form: every roll's pair of faces, every cell a token stopped on (by a roll, a card or a jump) and
    every detention, read from the games' event logs. Lines with a count of 0 are left out.

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 3, seed=4)
    >>> _ = game.run(max_rounds=5)
    >>> data = parse_class_data(games_csv([game], ["A"]), game.board)
    >>> data.rolls == sum(1 for e in game.events if e.kind == "roll")
    True
    """
    check_lang(lang)
    if len(games) != len(groups) or not games:
        raise ValueError(f"one group name per game: {len(games)} games, {len(groups)} names")
    kinds = _KIND_WORDS[lang]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_COLUMNS_RU if lang == "ru" else COLUMNS)
    for game, name in zip(games, groups):
        group = spreadsheet_cell(name)  # a team's name that starts like a formula stays text in a spreadsheet
        if not game.record_events:
            raise ValueError(f"group {group!r}: the game was played with record_events=False, so it has no log")
        pairs: dict[tuple[int, int], int] = {}
        landings: dict[int, int] = {}
        detained = 0
        for event in game.events:
            if event.kind == "roll":
                first, second = (int(face) for face in event.detail.split("+"))
                pairs[first, second] = pairs.get((first, second), 0) + 1
            elif event.kind == "move":
                landings[event.cell] = landings.get(event.cell, 0) + 1
            elif event.kind == "detain":
                detained += 1
        for (first, second), count in sorted(pairs.items()):
            writer.writerow([group, kinds["dice"], first, second, "", count])
        for cell, count in sorted(landings.items()):
            writer.writerow([group, kinds["landing"], "", "", cell, count])
        if detained:
            writer.writerow([group, kinds["detained"], "", "", "", detained])
    return out.getvalue()


# ---------------------------------------------------------------------- the statistics
def _lower_gamma_series(a: float, x: float) -> float:
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-16:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz; converges fast for x >= a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def regularized_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), for a > 0, x >= 0.

    >>> round(regularized_gamma_q(1, 2), 12) == round(math.exp(-2), 12)
    True
    """
    if not a > 0 or not x >= 0 or math.isinf(a):
        raise ValueError(f"regularized_gamma_q needs a > 0 and x >= 0, got a={a!r}, x={x!r}")
    if x == 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_gamma_series(a, x))
    return _upper_gamma_fraction(a, x)


def chi_square_sf(statistic: float, dof: int) -> float:
    """The chance that a chi-square variable with ``dof`` degrees of freedom is ``statistic`` or more
    (the p-value of the test): Q(dof / 2, statistic / 2).

    >>> round(chi_square_sf(18.307038053275146, 10), 6)    # the 5% point of 10 degrees of freedom
    0.05
    """
    if isinstance(dof, bool) or not isinstance(dof, (int, np.integer)) or dof < 1:
        raise ValueError(f"degrees of freedom must be a whole number 1 or more, got {dof!r}")
    if not statistic >= 0:
        raise ValueError(f"a chi-square statistic is 0 or more, got {statistic!r}")
    return regularized_gamma_q(dof / 2, statistic / 2)


def normal_two_sided(z: float) -> float:
    """The chance that a standard normal variable lies at least ``|z|`` from 0.

    >>> round(normal_two_sided(1.959963984540054), 6)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


class ChiSquare(NamedTuple):
    """Pearson's goodness-of-fit test: the statistic, its degrees of freedom, the p-value, how many
    observations, and the smallest expected count (below 5 the p-value is only rough)."""

    statistic: float
    dof: int
    p_value: float
    n: int
    min_expected: float


def _probabilities(probabilities: ArrayLike, size: int) -> NDArray[np.float64]:
    p = np.asarray(probabilities, dtype=float)
    if p.shape != (size,):
        raise ValueError(f"probabilities must have {size} entries (one per count), got shape {p.shape}")
    if not np.all(np.isfinite(p)) or np.any(p < 0) or not math.isclose(float(p.sum()), 1.0, abs_tol=1e-9):
        raise ValueError("probabilities must be finite, 0 or more, and sum to 1")
    return p


def _counts(observed: ArrayLike) -> NDArray[np.int64]:
    counts = np.asarray(observed)
    if counts.ndim != 1 or counts.size < 2:
        raise ValueError(f"observed must be a list of 2 or more counts, got shape {counts.shape}")
    if not np.issubdtype(counts.dtype, np.integer) or np.any(counts < 0):
        raise ValueError("observed counts must be whole numbers 0 or more")
    if counts.sum() == 0:
        raise ValueError("observed counts are all 0: there is nothing to test")
    return counts.astype(np.int64)


def chi_square_test(observed: ArrayLike, probabilities: ArrayLike) -> ChiSquare:
    """Pearson's chi-square test of ``observed`` counts against ``probabilities`` (one per count).

    Lines the theory gives probability 0 must have count 0 and are left out of the degrees of
    freedom (a count there makes the statistic infinite and the p-value 0).

    >>> test = chi_square_test([18, 22, 20, 25, 17, 18], [1 / 6] * 6)   # a die rolled 120 times
    >>> round(test.statistic, 2), test.dof, round(test.p_value, 3)
    (2.3, 5, 0.806)
    """
    counts = _counts(observed)
    p = _probabilities(probabilities, counts.size)
    n = int(counts.sum())
    possible = p > 0
    if np.any(counts[~possible] > 0):
        return ChiSquare(math.inf, int(possible.sum()) - 1, 0.0, n, float((n * p[possible]).min()))
    expected = n * p[possible]
    statistic = float(((counts[possible] - expected) ** 2 / expected).sum())
    dof = int(possible.sum()) - 1
    return ChiSquare(statistic, dof, chi_square_sf(statistic, dof), n, float(expected.min()))


def z_scores(observed: ArrayLike, probabilities: ArrayLike) -> NDArray[np.float64]:
    """For each line, (count − n·p) / √(n·p·(1 − p)): how many standard deviations the count lies
    from what the theory expects (0 where p is 0 or 1).

    >>> z_scores([30, 10], [0.5, 0.5]).round(3).tolist()    # 40 tosses: 20 expected, spread √10
    [3.162, -3.162]
    """
    counts = _counts(observed)
    p = _probabilities(probabilities, counts.size)
    n = counts.sum()
    spread = np.sqrt(n * p * (1 - p))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(spread > 0, (counts - n * p) / np.where(spread > 0, spread, 1), 0.0)


# ---------------------------------------------------------------------- the class against the theory
def dice_total_probabilities() -> NDArray[np.float64]:
    """The chance of each total 2 to 12 of two fair dice, from the 36 equally likely pairs.

    >>> (dice_total_probabilities() * 36).round().astype(int).tolist()
    [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    """
    totals = sum_distribution()
    return np.array([float(totals[t]) for t in range(2, 13)])


def dice_table(data: ClassData) -> list[dict[str, Any]]:
    """One row per total 2 to 12: the class's count, the count 1/36 arithmetic expects, and z."""
    p = dice_total_probabilities()
    observed = data.totals
    z = z_scores(observed, p)
    return [{"total": total, "observed": int(observed[i]), "expected": float(data.rolls * p[i]), "z": float(z[i])}
            for i, total in enumerate(range(2, 13))]


def dice_test(data: ClassData) -> ChiSquare:
    """Chi-square test of the class's totals against two fair dice (10 degrees of freedom)."""
    return chi_square_test(data.totals, dice_total_probabilities())


class DoublesTest(NamedTuple):
    """Doubles against the fair chance 1/6: the count, the rolls, the expected count, z and the
    two-sided p-value (normal approximation to the binomial)."""

    doubles: int
    rolls: int
    expected: float
    z: float
    p_value: float


def doubles_test(data: ClassData) -> DoublesTest:
    """How the class's doubles compare with 1 roll in 6.

    >>> from millionaire import load_board
    >>> data = parse_class_data("group,kind,die1,die2,cell,count\\nA,dice,2,2,,20\\nA,dice,1,2,,40\\n", load_board("monopoly-us"))
    >>> test = doubles_test(data)
    >>> test.expected, round(test.z, 2)
    (10.0, 3.46)
    """
    if data.rolls == 0:
        raise ValueError("the class data has no rolls of the dice")
    z = float(z_scores([data.doubles, data.rolls - data.doubles], [1 / 6, 5 / 6])[0])
    return DoublesTest(data.doubles, data.rolls, data.rolls / 6, z, normal_two_sided(z))


def landing_probabilities(board: Board, rules: RuleSet | None = None, jail: str = "short") -> NDArray[np.float64]:
    """The share of all landings that fall on each cell, detentions last, in the long run of the
    exact chain (its ``per="landing"`` view, scaled to sum to 1).

    >>> from millionaire import load_board
    >>> p = landing_probabilities(load_board("millionaire-classic"))
    >>> len(p), round(float(p.sum()), 9)
    (41, 1.0)
    """
    per_turn = movement_chain(board, rules, jail).probabilities(per="landing")
    return per_turn / per_turn.sum()


def landing_table(data: ClassData, board: Board, rules: RuleSet | None = None, jail: str = "short",
                  lang: str = "en") -> list[dict[str, Any]]:
    """One row per cell (and detention last): its name, the class's count, the count the chain
    expects for that many landings, and z."""
    _same_board(data, board)
    p = landing_probabilities(board, rules, jail)
    z = z_scores(data.landings, p)
    names = movement_chain(board, rules, jail).names(check_lang(lang))
    n = data.landing_count
    return [{"cell": cell if cell < board.size else None, "name": names[cell], "observed": int(data.landings[cell]),
             "expected": float(n * p[cell]), "z": float(z[cell])} for cell in range(board.size + 1)]


def landing_test(data: ClassData, board: Board, rules: RuleSet | None = None, jail: str = "short") -> ChiSquare:
    """Chi-square test of the class's landings against the exact chain."""
    _same_board(data, board)
    if data.landing_count == 0:
        raise ValueError("the class data has no landings")
    return chi_square_test(data.landings, landing_probabilities(board, rules, jail))


def _same_board(data: ClassData, board: Board) -> None:
    if data.board_key != board.key:
        raise ValueError(f"the class data is for board {data.board_key!r}, not {board.key!r}")


def simulated_p_values(probabilities: ArrayLike, theory: ArrayLike, n: int, classes: int,
                       seed: int | np.random.Generator) -> NDArray[np.float64]:
    """The p-values of ``classes`` simulated classes, each of ``n`` observations drawn with
    ``probabilities`` and tested against ``theory``: how often a real difference is noticed.

    >>> loaded = [0.15, 0.15, 0.15, 0.15, 0.15, 0.25]           # a die that favours six
    >>> fair = [1 / 6] * 6
    >>> p = simulated_p_values(loaded, fair, 60, 200, seed=1)
    >>> bool(0 < (p < 0.05).mean() < 0.5)     # 60 rolls notice it only now and then
    True
    """
    drawn = _probabilities(probabilities, len(np.asarray(theory)))
    rng = np.random.default_rng(seed)
    samples = rng.multinomial(int(n), drawn, size=int(classes))
    return np.array([chi_square_test(sample, theory).p_value for sample in samples])
