"""Self-checking exercises: each pupil gets numbers of their own, seeded from the name they type.

An :class:`Exercise` is a function from a :class:`Draw` (numbers drawn from a variant's seed) to a
:class:`Variant`: the question's numbers, the correct answer and its tolerance, and the values a
pupil gets by a known mistake, each with its hint. The correct answer comes from the kit's own
functions (``movement``, ``economics``, ``simulate``), so the exercise and the lesson agree.

- :func:`variant_seed`: a name, made plain (:func:`normal_name`: one line, no control characters,
  spaces collapsed, case folded, ё as е), hashed with SHA-256 with the exercise's key: the same on
  every machine and in every Python run, and another pupil's name gives other numbers;
- :func:`read_number`: an answer as a pupil types it (0,25, 0.25, 1/4, 25%);
- :func:`record_try`: one line of JSON appended to ``answers/<file_name(name)>``, for the teacher to
  collect; :func:`file_name` is safe whatever was typed (no folders, no dots, no Windows device name);
- :func:`answer_key` (each variant's answer, for a list of names) and :func:`collected` (what each
  pupil tried, with their variant's answer), for the teacher: ``millionaire exercises``.

The widget, :class:`millionaire.widgets.ExerciseBox`, keeps the answer in the kernel: no widget's
state holds it, so a saved notebook never shows it.

Examples
--------
>>> variant = EXERCISES["02.dice"].variant("Anna Petrova")
>>> variant == EXERCISES["02.dice"].variant("  anna   PETROVA ")
True
>>> variant.is_right(variant.answer), variant.is_right(variant.answer * 100)
(True, False)
>>> word("en", variant.hint(variant.answer * 100))[:30]
'This looks like a percentage: '
>>> read_number("0,25"), read_number("1/4"), read_number("25%")
(0.25, 0.25, 0.25)
>>> file_name("../../etc/passwd")[:15]
'etc_passwd-3754'
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import MillionaireError, shown
from .plain_text import one_line
from .words import check_lang, word

#: The longest name a pupil may type, in characters (after it is made one line).
MOST_NAME = 60
#: The longest answer that is read (and written to the pupil's file), in characters.
MOST_ANSWER = 40
#: The longest part of a name kept in its file name.
MOST_FILE_STEM = 40
#: A pupil's file larger than this is not read by :func:`collected` (it was not written by the kit).
MOST_FILE_BYTES = 1_000_000
#: The folder, next to the notebook, where the tries are written.
ANSWERS = "answers"
#: Names Windows keeps for devices, whatever follows them after a dot.
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                             *(f"COM{i}" for i in "123456789¹²³"), *(f"LPT{i}" for i in "123456789¹²³")})


class ExerciseError(MillionaireError):
    """A name, an answer, an exercise or an answers folder that cannot be used; ``key`` and ``fields``
    word it in either language (:meth:`text`)."""

    def __init__(self, key: str, **fields: Any) -> None:
        self.key = key
        self.fields = fields
        super().__init__(word("en", key, **fields))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return word(lang, self.key, **self.fields)


def clean_name(text: str) -> str:
    """The name as shown: one line, no control characters, spaces collapsed; refused when empty or
    longer than :data:`MOST_NAME` characters.

    >>> clean_name("  Anna\\x1b[31m   Petrova\\n")
    'Anna Petrova'
    """
    if not isinstance(text, str):
        raise ExerciseError("exercise.no_name")
    name = " ".join(unicodedata.normalize("NFKC", one_line(text)).split())
    if not name:
        raise ExerciseError("exercise.no_name")
    if len(name) > MOST_NAME:
        raise ExerciseError("exercise.long_name", most=MOST_NAME, length=len(name))
    return name


def normal_name(text: str) -> str:
    """The name as the variant reads it: :func:`clean_name`, case folded, ё read as е.

    >>> normal_name(" Алёна  ПЕТРОВА "), normal_name("Anna\\tPetrova")
    ('алена петрова', 'anna petrova')
    """
    return clean_name(text).casefold().replace("ё", "е")


def variant_seed(name: str, exercise: str) -> int:
    """The variant of ``exercise`` for ``name``: 64 bits of SHA-256, the same on every machine.

    >>> variant_seed("Anna", "02.dice") == variant_seed("ANNA ", "02.dice") != variant_seed("Anna", "07.jackpot")
    True
    """
    digest = hashlib.sha256(f"{exercise}\n{normal_name(name)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def variant_label(seed: int) -> str:
    """A variant as written in a pupil's file: eight hexadecimal digits.

    >>> variant_label(0x1234_5678_9abc_def0)
    '12345678'
    """
    return f"{seed >> 32:08x}"


class Draw:
    """Numbers drawn from a variant's seed, each from SHA-256 of the seed and its turn (no library's
    random generator, whose sequence may change between versions).

    >>> draw = Draw(5)
    >>> draw.integer(1, 6) == Draw(5).integer(1, 6), 1 <= draw.integer(1, 6) <= 6
    (True, True)
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.turn = 0

    def integer(self, least: int, most: int) -> int:
        """A whole number from ``least`` to ``most``."""
        self.turn += 1
        digest = hashlib.sha256(f"{self.seed}:{self.turn}".encode()).digest()
        return least + int.from_bytes(digest[:8], "big") % (most - least + 1)

    def choice(self, options: Sequence[Any]) -> Any:
        """One of ``options``."""
        return options[self.integer(0, len(options) - 1)]


@dataclass(frozen=True)
class Variant:
    """One pupil's exercise: the question (a key of ``words.py``) with its numbers, the answer, how
    close a right answer must be, its decimals, the values known mistakes give, each with its hint's
    key, and whether the answer is a share from 0 to 1 (a probability, a Gini).

    A number of the question may be a ``{"en": ..., "ru": ...}`` pair (an industry's name).
    """

    question: str
    numbers: Mapping[str, Any]
    answer: float
    tolerance: float
    places: int
    mistakes: tuple[tuple[float, str], ...] = ()
    share: bool = False

    def text(self, lang: str) -> str:
        """The question with this variant's numbers, in ``lang``."""
        check_lang(lang)
        fields = {key: value[lang] if isinstance(value, dict) else value for key, value in self.numbers.items()}
        return word(lang, self.question, **fields)

    def is_right(self, given: float) -> bool:
        """Whether ``given`` is the answer, within the tolerance."""
        return abs(given - self.answer) <= self.tolerance

    def hint(self, given: float) -> str:
        """The key of the hint for a wrong answer: the mistake it matches, else the kind of slip
        (a percentage for a share, a share outside 0..1, the sign, rounding, a factor of 10), else a
        plain "not yet"."""
        close = self.tolerance
        for value, key in self.mistakes:
            if abs(given - value) <= close and not self.is_right(value):
                return key
        if self.share and abs(given / 100 - self.answer) <= close:
            return "exercise.hint_percent"
        if self.share and not 0 <= given <= 1:
            return "exercise.hint_range"
        if self.answer and abs(given + self.answer) <= close:
            return "exercise.hint_sign"
        if abs(given - self.answer) <= 20 * close:
            return "exercise.hint_rounding"
        too_large = any(abs(given - self.answer * factor) <= close * factor for factor in (10, 100, 1000))
        too_small = any(abs(given * factor - self.answer) <= close for factor in (10, 100, 1000))
        if self.answer and (too_large or too_small):
            return "exercise.hint_factor"
        return "exercise.hint_wrong"

    def shown_answer(self, lang: str) -> str:
        """The answer as the teacher's key prints it (a decimal comma in Russian)."""
        return format_number(self.answer, self.places, lang)


@dataclass(frozen=True)
class Exercise:
    """An exercise: its key (``"02.dice"``: the lesson, a dot, a name), its title's key in
    ``words.py``, and the function that makes a variant from a :class:`Draw`."""

    key: str
    title: str
    make: Callable[[Draw], Variant] = field(repr=False)

    @property
    def lesson(self) -> str:
        """The lesson's number, as in the notebook's name: ``"02"``."""
        return self.key.split(".")[0]

    def variant(self, name: str) -> Variant:
        """The variant for the pupil ``name`` (refused as :func:`clean_name` refuses)."""
        return self.make(Draw(variant_seed(name, self.key)))


def format_number(value: float, places: int, lang: str) -> str:
    """``value`` to ``places`` decimals; a decimal comma in Russian.

    >>> format_number(0.58333, 3, "ru"), format_number(-8.5, 2, "en")
    ('0,583', '-8.50')
    """
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if check_lang(lang) == "ru" else text


_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']")


def read_number(text: str) -> float:
    """An answer as a pupil types it: a decimal point or comma (0.25, 0,25), a fraction (1/4), a
    percentage (25%), spaces between thousands; a minus of any kind. Else :class:`ExerciseError`.

    >>> read_number(" −1 234,5 "), read_number("3/8"), read_number("12,5 %")
    (-1234.5, 0.375, 0.125)
    """
    if not isinstance(text, str) or not text.strip():
        raise ExerciseError("exercise.no_answer")
    typed = one_line(text.strip(), most=MOST_ANSWER)
    plain = _SPACES.sub("", typed).replace("\u2212", "-").replace("\u2013", "-")
    percent = plain.endswith("%")
    parts = plain.removesuffix("%").split("/")
    if len(parts) > 2 or not all(_NUMBER.fullmatch(part) for part in parts):
        raise ExerciseError("exercise.not_number", text=typed)
    numbers = [float(part.replace(",", ".")) for part in parts]
    if len(numbers) == 2 and numbers[1] == 0:
        raise ExerciseError("exercise.not_number", text=typed)
    value = numbers[0] / numbers[1] if len(numbers) == 2 else numbers[0]
    if not math.isfinite(value):
        raise ExerciseError("exercise.not_number", text=typed)
    return value / 100 if percent else value


def file_name(name: str) -> str:
    """The pupil's file in the answers folder: the name's letters and digits (others as ``_``, cut to
    :data:`MOST_FILE_STEM`), a dash and eight digits of the name's hash, then ``.jsonl``. No folder, no
    dot but the last, never a Windows device name; the same file for the same name however typed
    (the letters of :func:`normal_name`).

    >>> file_name("Anna Petrova"), file_name("ANNA  petrova")
    ('anna_petrova-b2e58d27.jsonl', 'anna_petrova-b2e58d27.jsonl')
    >>> file_name("CON"), file_name("...")
    ('_con-1143da2b.jsonl', 'pupil-ab5df625.jsonl')
    """
    normal = normal_name(name)
    digest = hashlib.sha256(normal.encode()).hexdigest()[:8]
    slug = re.sub(r"_+", "_", "".join(char if char.isalnum() else "_" for char in normal)).strip("_")
    slug = slug[:MOST_FILE_STEM].rstrip("_") or "pupil"
    if slug.upper() in WINDOWS_DEVICES:
        slug = "_" + slug
    return f"{slug}-{digest}.jsonl"


def record_try(folder: str | os.PathLike[str], name: str, exercise: Exercise, typed: str, value: float | None,
               right: bool, when: datetime.datetime | None = None) -> Path:
    """Append one try to the pupil's file in ``folder`` (made if missing): the lesson, the exercise,
    the name, the variant, the answer as typed (cut to :data:`MOST_ANSWER`), its value, right or
    wrong, and the time (UTC). The correct answer is not written. Returns the file's path.

    >>> import tempfile
    >>> path = record_try(tempfile.mkdtemp(), "Anna", EXERCISES["02.dice"], "0,5", 0.5, False)
    >>> json.loads(path.read_text(encoding="utf-8"))["answer"]
    '0,5'
    """
    shown_name = clean_name(name)
    moment = (when or datetime.datetime.now(datetime.UTC)).astimezone(datetime.UTC)
    line = json.dumps({
        "lesson": exercise.lesson, "exercise": exercise.key, "name": shown_name,
        "variant": variant_label(variant_seed(name, exercise.key)), "answer": one_line(typed, most=MOST_ANSWER),
        "value": value, "right": right, "time": moment.isoformat(timespec="seconds"),
    }, ensure_ascii=False)
    place = Path(folder)
    place.mkdir(parents=True, exist_ok=True)
    path = place / file_name(name)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags, 0o644)
    with os.fdopen(descriptor, "a", encoding="utf-8") as out:
        out.write(line + "\n")
    return path


# ---------------------------------------------------------------- the exercises of the lessons

def _dice(draw: Draw) -> Variant:
    """Lesson 02: the chance that the total of two dice is at least ``k``, at most ``k``, or from ``a`` to ``b``."""
    from .movement import sum_distribution

    totals = sum_distribution()
    side = draw.choice(("at_least", "at_most", "between"))
    if side == "between":
        low = draw.integer(3, 9)
        high = draw.integer(low + 2, 11)
    elif side == "at_least":
        low, high = draw.integer(4, 11), 12
    else:
        low, high = 2, draw.integer(3, 10)

    def chance(first: int, last: int) -> float:
        return float(sum(p for total, p in totals.items() if first <= total <= last))

    answer = chance(low, high)
    ends = [low] if side == "at_least" else [high] if side == "at_most" else [low, high]
    mistakes = [(chance(low + (low in ends), high - (high in ends)), "exercise.hint_dice_edge"),
                (1 - answer, "exercise.hint_dice_other"), (answer * 36, "exercise.hint_dice_count")]
    if side == "between":
        mistakes += [(chance(low + 1, high), "exercise.hint_dice_edge"), (chance(low, high - 1), "exercise.hint_dice_edge")]
    else:
        mistakes.append((float(totals[ends[0]]), "exercise.hint_dice_one"))
    numbers = {"k": ends[0]} if side != "between" else {"a": low, "b": high}
    return Variant(f"exercise.q_dice_{side}", numbers, answer, 0.0006, 3, mistakes=tuple(mistakes), share=True)


@functools.cache
def _payback_rows(opponents: int) -> tuple[dict[str, Any], ...]:
    from .board import load_board
    from .economics import investment_table

    return tuple(investment_table(load_board("millionaire-classic"), opponents=opponents))


def _payback(draw: Draw) -> Variant:
    """Lesson 04: the payback, in rounds, of a whole industry built up evenly, with 2 to 5 opponents."""
    from .board import load_board

    board = load_board("millionaire-classic")
    industry = draw.choice(board.industries)
    level, opponents = draw.integer(1, board.levels - 1), draw.integer(2, 5)

    def row(at: int, against: int = opponents) -> dict[str, Any]:
        return next(r for r in _payback_rows(against) if r["industry"] == industry.index and r["step"] == at)

    mine = row(level)
    question = "exercise.q_payback_" + ("enterprise" if level == board.levels - 1 else "one" if level == 1 else "branches")
    others = tuple((float(row(at)["payback_rounds"]), "exercise.hint_payback_level")
                   for at in range(board.levels) if at != level)
    return Variant(question, {"industry": {"en": industry.name("en"), "ru": industry.name("ru")}, "n": level,
                              "opponents": opponents}, float(mine["payback_rounds"]), 0.06, 1, mistakes=(
        (float(mine["payback_rounds"]) * opponents, "exercise.hint_payback_opponents"),
        (float(mine["return_per_round"]), "exercise.hint_payback_return"),
        (100 * float(mine["return_per_round"]), "exercise.hint_payback_return"),
        *others,
    ))


def _jackpot(draw: Draw) -> Variant:
    """Lesson 07: the expected net gain of one bet on the slot machine, for a bet and a box."""
    from .economics import jackpot_expected_value

    bet, box = draw.choice((5, 10, 20, 25, 50)), 10 * draw.integer(0, 50)
    answer = float(jackpot_expected_value(bet, box))
    return Variant("exercise.q_jackpot", {"bet": bet, "box": box}, answer, 0.006, 2, mistakes=(
        (answer + bet, "exercise.hint_jackpot_payout"), (1 + answer / bet, "exercise.hint_jackpot_return"),
        (answer / bet, "exercise.hint_jackpot_return"),
        (answer - 10 / 216 * bet, "exercise.hint_jackpot_box"),
    ))


def _wilson(draw: Draw) -> Variant:
    """Lesson 08: the lower end of the 95% Wilson interval of a win rate."""
    from .simulate import wilson_interval

    games = draw.choice((20, 25, 30, 40, 50, 60, 80, 100))
    wins = draw.integer(math.ceil(0.3 * games), math.floor(0.9 * games))
    low, high = wilson_interval(wins, games)
    rate = wins / games
    normal = rate - 1.96 * math.sqrt(rate * (1 - rate) / games)
    return Variant("exercise.q_wilson", {"wins": wins, "games": games}, low, 0.0011, 3, mistakes=(
        (normal, "exercise.hint_wilson_normal"), (high, "exercise.hint_wilson_high"),
        (rate, "exercise.hint_wilson_rate"),
    ), share=True)


def _gini(draw: Draw) -> Variant:
    """Lesson 09: the Gini coefficient of four players' net worths."""
    from .economics import gini

    worths = [100 * draw.integer(0, 50) for _ in range(4)]
    while len(set(worths)) < 3 or not sum(worths):
        worths = [100 * draw.integer(0, 50) for _ in range(4)]
    answer = gini(worths)
    listed = {"en": ", ".join(map(str, worths)), "ru": "; ".join(map(str, worths))}  # a comma is a decimal in Russian
    return Variant("exercise.q_gini", {"worths": listed}, answer, 0.0006, 3, mistakes=(
        (answer * 4 / 3, "exercise.hint_gini_corrected"), (answer / 2, "exercise.hint_gini_half"),
        (answer * 2, "exercise.hint_gini_double"),
    ), share=True)


def _cem(draw: Draw) -> Variant:
    """Lesson 15: one step of the cross-entropy method, by hand: the mean reserve of the best half of
    six candidates (:func:`~millionaire.learning.elite_update`)."""
    import numpy as np

    from .learning import elite_update

    values = [draw.integer(0, 12) * 0.05 for _ in range(6)]
    scores = [draw.integer(0, 12) for _ in range(6)]
    while len(set(scores)) < 6:
        scores = [draw.integer(0, 12) for _ in range(6)]
    mean, _, best = elite_update(np.array([[v] for v in values]), scores, elite=3)
    worst = [i for i in range(6) if i not in best]
    listed = {lang: sep.join(format_number(v, 2, lang) for v in values) for lang, sep in (("en", ", "), ("ru", "; "))}
    return Variant("exercise.q_cem", {"values": listed, "scores": {"en": ", ".join(map(str, scores)),
                                                                   "ru": "; ".join(map(str, scores))}},
                   float(mean[0]), 0.0006, 3, mistakes=(
        (sum(values) / 6, "exercise.hint_cem_all"), (sum(values[i] for i in worst) / 3, "exercise.hint_cem_worst"),
        (values[best[0]], "exercise.hint_cem_best"),
    ), share=True)


def _transfer(draw: Draw) -> Variant:
    """Lesson 15: the most a learned bot bids for a plot on another board, asked of the bot itself: its
    reserve is a share of that board's start cash, its limit a share of the plot's price."""
    from .agents import STRATEGIES, ThresholdAgent
    from .board import load_board
    from .engine import Game
    from .events import BANK
    from .pending import BidPending

    board = load_board(draw.choice(("monopoly-us", "millionaire-classic", "millionaire-elite")))
    reserve, factor = draw.integer(1, 8) * 0.05, draw.integer(6, 16) / 10
    bot = ThresholdAgent(name="learned", **{**STRATEGIES["monopolist"], "reserve": reserve, "bid_factor": factor})
    game = Game(board, agents=[bot, "cautious"], seed=0, record_events=False)
    start_cash = game.rules.start_cash
    names = {"board": {lang: board.name(lang) for lang in ("en", "ru")}, "cash": start_cash, "reserve": f"{100 * reserve:.0f}%",
             "factor": {lang: format_number(factor, 1, lang) for lang in ("en", "ru")}}
    while True:  # a plot and cash it bids for, the bid not to be read in the question's numbers
        cell = board.cells[draw.choice(board.plots)]
        limit = int(cell.price * factor)  # the cash in hand: the reserve and about the limit either side
        have = int(start_cash * reserve) + 10 * draw.integer(1, math.ceil(1.5 * limit / 10))
        game.state.players[0].cash = have
        action = bot.answer(game, BidPending(0, cell.index, BANK, [0, 1]))
        variant = Variant("exercise.q_transfer", {
            **names, "have": have, "plot": {lang: cell.name(lang) for lang in ("en", "ru")}, "price": cell.price,
        }, float(action.amount), 0.5, 0, mistakes=(
            (float(limit), "exercise.hint_transfer_price"), (float(min(limit, have)), "exercise.hint_transfer_reserve"),
            (float(have - int(start_cash * reserve)), "exercise.hint_transfer_spare"),
        ))
        if action.kind == "bid" and all(str(action.amount) not in variant.text(lang) for lang in ("en", "ru")):
            return variant


#: The exercises, by key.
EXERCISES: dict[str, Exercise] = {each.key: each for each in (
    Exercise("02.dice", "exercise.t_dice", _dice),
    Exercise("04.payback", "exercise.t_payback", _payback),
    Exercise("07.jackpot", "exercise.t_jackpot", _jackpot),
    Exercise("08.wilson", "exercise.t_wilson", _wilson),
    Exercise("09.gini", "exercise.t_gini", _gini),
    Exercise("15.cem", "exercise.t_cem", _cem),
    Exercise("15.transfer", "exercise.t_transfer", _transfer),
)}


def exercise(key: str) -> Exercise:
    """The exercise ``key`` (``"02.dice"``), or a clear error naming those there are."""
    if key not in EXERCISES:
        raise ExerciseError("exercise.unknown", name=shown(key), known=", ".join(EXERCISES))
    return EXERCISES[key]


def lesson_exercises(lesson: str | None) -> list[Exercise]:
    """The exercises of ``lesson`` (``"02"``, or ``"2"``), or all of them for ``None``."""
    if lesson is None:
        return list(EXERCISES.values())
    number = lesson.strip().zfill(2)
    chosen = [each for each in EXERCISES.values() if each.lesson == number]
    if not chosen:
        raise ExerciseError("exercise.no_lesson", lesson=shown(lesson),
                            lessons=", ".join(sorted({each.lesson for each in EXERCISES.values()})))
    return chosen


# ---------------------------------------------------------------- the teacher's view

def answer_key(lesson: str | None, names: Iterable[str], lang: str = "en") -> list[dict[str, Any]]:
    """Each name's variant of each exercise of ``lesson`` (``None``: every lesson): ``name`` (as
    shown), ``exercise``, ``question`` (with the pupil's numbers, in ``lang``), ``answer`` and
    ``shown`` (the answer as printed). A name that cannot be used is refused, naming it.

    >>> row = answer_key("02", ["Anna Petrova"])[0]
    >>> row["exercise"], row["shown"] == format_number(row["answer"], 3, "en")
    ('02.dice', True)
    """
    check_lang(lang)
    chosen = lesson_exercises(lesson)
    rows = []
    for position, name in enumerate(names, start=1):
        try:
            shown_name = clean_name(name)
        except ExerciseError as error:
            raise ExerciseError("exercise.bad_name", position=position, reason=error.text("en")) from None
        for each in chosen:
            variant = each.variant(shown_name)
            rows.append({"name": shown_name, "exercise": each.key, "question": variant.text(lang),
                         "answer": variant.answer, "shown": variant.shown_answer(lang)})
    return rows


_TRY_FIELDS: dict[str, tuple[type, ...]] = {
    "lesson": (str,), "exercise": (str,), "name": (str,), "variant": (str,), "answer": (str,),
    "value": (int, float, type(None)), "right": (bool,), "time": (str,),
}


def read_answers(folder: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], list[tuple[str, dict[str, Any]]]]:
    """Every good try in the ``*.jsonl`` files of ``folder`` (not its subfolders), in file and line
    order, and a note for each line or file that is skipped: a ``(key, fields)`` pair of ``words.py``
    naming the file and the line. A missing folder is refused."""
    place = Path(folder)
    if not place.is_dir():
        raise ExerciseError("exercise.no_folder", folder=one_line(str(place)))
    tries: list[dict[str, Any]] = []
    notes: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(place.glob("*.jsonl")):
        where = one_line(path.name)
        if path.is_symlink() or not path.is_file():
            notes.append(("exercise.not_file", {"file": where}))
            continue
        if path.stat().st_size > MOST_FILE_BYTES:
            notes.append(("exercise.too_big", {"file": where, "most": MOST_FILE_BYTES}))
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            notes.append(("exercise.unreadable", {"file": where}))
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            problem, entry = _check_line(line)
            if problem:
                notes.append((problem, {"file": where, "line": number}))
            else:
                tries.append(entry)
    return tries, notes


def _check_line(line: str) -> tuple[str, dict[str, Any]]:
    """("", the try) for a good line of a pupil's file, else (the key of what is wrong, {})."""
    try:
        entry = json.loads(line)
    except ValueError:
        return "exercise.bad_json", {}
    if not isinstance(entry, dict) or any(not isinstance(entry.get(key), kinds) or (key == "value" and entry.get(key) is True)
                                          for key, kinds in _TRY_FIELDS.items()):
        return "exercise.bad_fields", {}
    if entry["exercise"] not in EXERCISES:
        return "exercise.bad_exercise", {}
    try:
        if variant_label(variant_seed(entry["name"], entry["exercise"])) != entry["variant"]:
            return "exercise.bad_variant", {}
    except ExerciseError:
        return "exercise.bad_fields", {}
    return "", entry


def collected(folder: str | os.PathLike[str], lesson: str | None = None,
              lang: str = "en") -> tuple[list[dict[str, Any]], list[str]]:
    """What each pupil tried, read from ``folder``: one row per pupil and exercise, in the order of
    the files' names and their lines, with ``name``, ``exercise``, ``question`` (their numbers), ``shown`` (their
    variant's answer), ``tries`` (the answers as typed) and ``right`` (whether a try's value is
    right, judged again rather than read from the file); and
    the notes on skipped lines, in ``lang``.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = record_try(folder, "Anna", EXERCISES["02.dice"], "0,5", 0.5, False)
    >>> rows, notes = collected(folder)
    >>> rows[0]["tries"], rows[0]["right"], notes
    (['0,5'], False, [])
    """
    check_lang(lang)
    keys = {each.key for each in lesson_exercises(lesson)}
    tries, notes = read_answers(folder)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for entry in tries:
        if entry["exercise"] not in keys:
            continue
        each = EXERCISES[entry["exercise"]]
        who = (normal_name(entry["name"]), each.key)
        if who not in rows:
            variant = each.variant(entry["name"])
            rows[who] = {"name": clean_name(entry["name"]), "exercise": each.key, "question": variant.text(lang),
                         "shown": variant.shown_answer(lang), "tries": [], "right": False}
        rows[who]["tries"].append(entry["answer"])
        value = entry["value"]  # judged again: a "right" edited into the file counts for nothing
        rows[who]["right"] = rows[who]["right"] or (value is not None and each.variant(entry["name"]).is_right(value))
    return list(rows.values()), [word(lang, key, **fields) for key, fields in notes]


def format_key(rows: Sequence[Mapping[str, Any]], lang: str = "en") -> str:
    """The answer key as lines of text: each pupil's question with their numbers, and its answer."""
    return "\n".join(word(lang, "exercise.key_line", name=one_line(row["name"]), question=row["question"],
                          answer=row["shown"]) for row in rows)


def format_collected(rows: Sequence[Mapping[str, Any]], notes: Sequence[str], folder: str, lang: str = "en") -> str:
    """What the pupils tried, as lines of text: the folder's heading, a line per pupil and exercise,
    then the notes on what was skipped."""
    lines = [word(lang, "exercise.collected_head", folder=one_line(folder), pupils=len({row["name"].casefold() for row in rows}))]
    for row in rows:
        verdict = word(lang, "exercise.verdict_right" if row["right"] else "exercise.verdict_wrong")
        lines.append(word(lang, "exercise.pupil_line", name=one_line(row["name"]), exercise=row["exercise"],
                          answer=row["shown"], tries=" | ".join(one_line(each) for each in row["tries"]),
                          count=len(row["tries"]), verdict=verdict))
    if not rows:
        lines.append(word(lang, "exercise.nothing"))
    return "\n".join([*lines, *notes])
