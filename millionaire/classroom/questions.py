"""Predict, then reveal: the questions a class answers before it sees, and the round that asks one.

A :class:`Question` asks for one of a few **choices** (cells, players, treatments, or the teacher's own
words) or for a **number** between two bounds. It carries its text and its choices in both languages
and how its answer is found: computed when it is asked from the exact chain (:mod:`millionaire.markov`)
or the expected rent (:mod:`millionaire.economics.rent`), written by the teacher, or read from the
class's games when they end (the winner; the treatment whose games end most unequal).

The kit's **bank** (:func:`bank`) holds a question for each lesson that fits the board and the tables
(:class:`TableFacts`, what a question is answered from). A teacher writes a question in a few lines
of TOML (:func:`load_questions`, checked field by field, each error saying what and where)::

    [[question]]
    en = "How many rounds will our game last?"
    ru = "Сколько раундов продлится наша партия?"
    low = 1
    high = 100
    answer = 25                  # optional: without it the class discusses its answers

    [[question]]
    en = "Which industry will be bought up first?"
    ru = "Какую отрасль скупят первой?"
    choices = [{ en = "Light industry", ru = "Лёгкая промышленность" }, "Telecom / Телеком"]
    answer = 1                   # the number of the right choice, from 1

A choice written as one text is the same in both languages (``"A / Б"`` splits into the two); a
question with one language only shows that text in both.

A :class:`Round` asks one question: it opens, takes one answer per team (keyed by the team's name,
whatever table the team sits at), closes, and reveals the class's distribution and the answer.
:class:`Predictions` keeps the lesson's rounds and saves each change through a callback. Every value
a page sends is checked (:meth:`Round.answer`); a refusal is a
:class:`~millionaire.classroom.seats.Refused` and changes nothing.

Examples
--------
>>> question = own_question({"en": "Pick a number", "low": 1, "high": 10, "answer": 7})
>>> round_ = Round(1, question)
>>> round_.answer("Foxes", "6"); round_.answer("Owls", "9,5")
>>> round_.close(); round_.reveal()
>>> round_.answers, round_.closest()
({'Foxes': 6.0, 'Owls': 9.5}, ['Foxes'])
>>> round_.answer("Wolves", "7")
Traceback (most recent call last):
...
millionaire.classroom.seats.Refused: The answers are closed: this question takes no more answers.
"""

from __future__ import annotations

import json
import math
import re
import statistics
import threading
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..board import Board
from ..errors import MillionaireError
from ..rules import RuleSet
from ..words import LANGS, plural_ru, quoted_ru, word
from .seats import Refused

#: The kinds of question.
KINDS = ("choice", "number")
#: How a question's answer is found: computed when it is asked (``dice``, ``chain``, ``rent``),
#: written by the teacher (``given``), read from the games when they end (``winner``, ``unequal``),
#: or none (``""``: the class discusses its answers).
ANSWERS = ("dice", "chain", "rent", "given", "winner", "unequal", "")
#: The phases of a round: answers are taken, closed (the distribution is shown), revealed (the
#: answer too), done (put away: the board is back on the screens).
PHASES = ("open", "closed", "revealed", "done")
#: Bounds of what a question may hold (a question file is written by hand, or by a pupil).
MOST_QUESTIONS, MOST_TEXT, MOST_LABEL, MOST_CHOICES, MOST_NUMBER = 50, 300, 40, 8, 1e12
#: The most choices a question may have (the kit's: the eleven totals of two dice; a teacher's: MOST_CHOICES).
MOST_BARS = 12
#: The most characters a typed number may have.
MOST_DIGITS = 24
#: The rounds a question about a plot's rent counts.
RENT_ROUNDS = 10

_NUMBER = re.compile(r"^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$")


class QuestionError(MillionaireError):
    """A question (from a file or from Python) that cannot be asked: says what and where, in a language."""

    def __init__(self, where: str, what: str, lang: str = "en", **fields: Any) -> None:
        self.where, self.key, self.fields = where, what, fields
        super().__init__(self.text(lang))

    def text(self, lang: str) -> str:
        return f"{self.where}: {word(lang, f'predict.error_{self.key}', **self.fields)}"


@dataclass(frozen=True)
class Question:
    """One question, ready to ask: texts and choices in both languages, and its answer when it is known.

    ``choices`` are ``(en, ru)`` pairs; a number question has ``low`` and ``high`` and a ``unit``
    (its forms after a number may be given as ``"fant|fants"`` and ``"фант|фанта|фантов"``).
    ``answer`` is the index of the right choice or the number (``None`` while the games have not
    given it); ``detail`` says, per choice, what the answer was computed from (``(en, ru)`` each).
    ``source`` names where the answer comes from, ``lesson`` the lesson it belongs to (0: none)."""

    key: str
    text: tuple[str, str]
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    low: float = 0.0
    high: float = 0.0
    unit: tuple[str, str] = ("", "")
    answer_by: str = "given"
    answer: float | None = None
    detail: tuple[tuple[str, str], ...] = ()
    lesson: int = 0
    table: int = 0

    def say(self, lang: str) -> str:
        """The question in ``lang``."""
        return self.text[LANGS.index(lang)]

    def choice(self, index: int, lang: str) -> str:
        return self.choices[index][LANGS.index(lang)]

    def show(self, value: float, lang: str) -> str:
        """An answer as a page shows it: the choice's name, or the number with its unit in the form
        that agrees with it.

        >>> money = Question("x", ("?", "?"), "number", low=0, high=99, unit=("fant|fants", "фант|фанта|фантов"))
        >>> money.show(21, "ru"), money.show(2.5, "ru"), money.show(1, "en"), money.show(20, "en")
        ('21 фант', '2,5 фанта', '1 fant', '20 fants')
        """
        if self.kind == "choice":
            return self.choice(int(value), lang)
        unit = self.unit[LANGS.index(lang)]
        forms = unit.split("|")  # a unit's forms: "fant|fants", "фант|фанта|фантов"
        if len(forms) != (3 if lang == "ru" else 2):
            return f"{number_text(value, lang)} {unit}".strip()
        if value != int(value):  # 2,5 фанта, 2.5 fants
            return f"{number_text(value, lang)} {forms[1]}"
        if lang == "ru":
            return plural_ru(int(value), *forms)
        return f"{number_text(value, lang)} {forms[0] if value == 1 else forms[1]}"

    def source(self, lang: str) -> str:
        return word(lang, f"predict.source_{self.answer_by or 'none'}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Question:
        """The question saved by :meth:`to_dict` (a damaged one is a :class:`QuestionError`)."""
        try:
            question = cls(key=str(data["key"]), text=_pair(data["text"]), kind=str(data["kind"]),
                           choices=tuple(_pair(c) for c in data["choices"]), low=float(data["low"]),
                           high=float(data["high"]), unit=_pair(data["unit"]), answer_by=str(data["answer_by"]),
                           answer=None if data["answer"] is None else float(data["answer"]),
                           detail=tuple(_pair(d) for d in data["detail"]), lesson=int(data["lesson"]),
                           table=int(data["table"]))
        except (KeyError, TypeError, ValueError):
            raise QuestionError(where, "damaged") from None
        check(question, where)
        return question


def _pair(value: Any) -> tuple[str, str]:
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        raise ValueError(value)
    return (value[0], value[1])


def check(question: Question, where: str) -> Question:
    """``question`` when it can be asked, else a :class:`QuestionError` naming the first problem."""
    if question.kind not in KINDS:
        raise QuestionError(where, "damaged")
    if question.answer_by not in ANSWERS:
        raise QuestionError(where, "damaged")
    if question.kind == "choice":
        if not 2 <= len(question.choices) <= MOST_BARS:
            raise QuestionError(where, "choices", most=MOST_BARS)
        if question.answer is not None and (question.answer != int(question.answer)
                                            or not 0 <= question.answer < len(question.choices)):
            raise QuestionError(where, "answer_choice", count=len(question.choices))
    else:
        if not (_finite(question.low) and _finite(question.high) and question.low < question.high):
            raise QuestionError(where, "bounds", most=number_text(MOST_NUMBER, "en"))
        if question.answer is not None and not _finite(question.answer):
            raise QuestionError(where, "answer_number")
    return question


def _finite(value: float) -> bool:
    return math.isfinite(value) and abs(value) <= MOST_NUMBER


def number_text(value: float, lang: str) -> str:
    """A number as a page shows it: whole when it is whole, else to two decimals; a decimal comma in Russian.

    >>> number_text(1200.0, "en"), number_text(12.345, "ru"), number_text(-0.5, "en")
    ('1200', '12,35', '-0.5')
    """
    text = f"{value:.0f}" if abs(value - round(value)) < 0.005 else f"{value:.2f}".rstrip("0")
    return text.replace(".", ",") if lang == "ru" else text


def parse_number(raw: Any, question: Question) -> float:
    """The number a team sent (typed text or a number), or :class:`Refused` when it is not a number
    from ``question.low`` to ``question.high``: text that is not digits (an exponent, ``inf``,
    ``nan`` included), too long, a true/false, or out of bounds.

    >>> q = own_question({"en": "?", "low": 0, "high": 100})
    >>> parse_number(" 12,5 ", q), parse_number(40, q)
    (12.5, 40.0)
    >>> parse_number("1e999", q)
    Traceback (most recent call last):
    ...
    millionaire.classroom.seats.Refused: Write a number from 0 to 100 (got 1e999).
    """
    def refuse() -> Refused:
        return Refused("predict_bad_number", low=number_text(question.low, "en"), high=number_text(question.high, "en"),
                       got=str(raw)[:MOST_DIGITS] or "—")

    if isinstance(raw, str):
        text = raw.strip().replace(" ", "").replace("\u00a0", "")
        if len(text) > MOST_DIGITS or not _NUMBER.match(text):
            raise refuse()
        value = float(text.replace(",", "."))
    elif isinstance(raw, (int, float)) and not isinstance(raw, bool):
        value = float(raw)
    else:
        raise refuse()
    if not math.isfinite(value) or not question.low <= value <= question.high:
        raise refuse()
    return value


# ---------------------------------------------------------------------- what a question is answered from
@dataclass(frozen=True)
class TableFacts:
    """One table's game as a question sees it: the board and rules, each seat's name (``(en, ru)``),
    the seat that won (``None`` while the game runs), each seat's net worth, the table's treatment
    (its key and ``(en, ru)`` name; ``""`` for the board's own rules), and whether it has started
    (before, a seat no team holds has no player's name yet)."""

    board: Board
    rules: RuleSet
    names: tuple[tuple[str, str], ...]
    winner: int | None = None
    worths: tuple[float, ...] = ()
    treatment: str = ""
    treatment_name: tuple[str, str] = ("", "")
    started: bool = True


def _words(key: str, **fields: Any) -> tuple[str, str]:
    """A catalogue text in both languages (a field given as an ``(en, ru)`` pair takes its language's side)."""
    return tuple(word(lang, key, **{k: v[i] if isinstance(v, tuple) else v for k, v in fields.items()})  # type: ignore[return-value]
                 for i, lang in enumerate(LANGS))


def _dice_total(tables: Sequence[TableFacts], table: int) -> Question | None:
    """Lesson 02: which total of two dice is the most common (the 36 rolls, counted)."""
    if tables[table].rules.dice != 2:
        return None
    counts = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total) for total in range(2, 13)]
    return Question("dice_total", _words("predict.q_dice_total"), "choice",
                    choices=tuple((str(t), str(t)) for t in range(2, 13)), answer_by="dice",
                    answer=float(counts.index(max(counts))), lesson=2,
                    detail=tuple(_words("predict.detail_dice", count=c) for c in counts))


def _most_landed(tables: Sequence[TableFacts], table: int) -> Question | None:
    """Lesson 03: on which of five cells a token stops most often (the exact chain's landings per turn);
    the cells are the first, second, fifth, thirteenth and twenty-sixth most landed on, in board order."""
    from ..markov import movement_chain

    facts = tables[table]
    board = facts.board
    landings = movement_chain(board, facts.rules).probabilities(per="landing")[:board.size]
    ranked = sorted(range(board.size), key=lambda cell: (-landings[cell], cell))
    cells = sorted({ranked[rank] for rank in (0, 1, 4, 12, 25) if rank < len(ranked)})
    if len(cells) < 2:
        return None
    return Question("most_landed", _words("predict.q_most_landed"), "choice",
                    choices=tuple((board.cells[c].name("en"), board.cells[c].name("ru")) for c in cells),
                    answer_by="chain", answer=float(cells.index(ranked[0])), lesson=3, table=table,
                    detail=tuple(_words("predict.detail_landings", value=100 * landings[c]) for c in cells))


def _plot_rent(tables: Sequence[TableFacts], table: int) -> Question | None:
    """Lesson 04: what the board's dearest plot, bare, earns in rent over ten rounds from the other
    seats at the table (landings per turn from the chain × the rent × the opponents × 10)."""
    from ..economics.rent import expected_rent

    facts = tables[table]
    board = facts.board
    if not board.plots or len(facts.names) < 2:
        return None
    cell = max(board.plots, key=lambda c: (board.cells[c].price, c))
    opponents = len(facts.names) - 1
    per_round = expected_rent(board, cell, 0, facts.rules, monopoly=False, per="round", opponents=opponents)
    name = (board.cells[cell].name("en"), quoted_ru(board.cells[cell].name("ru")))
    answer = float(round(per_round * RENT_ROUNDS))  # money is counted in whole fants
    return Question("plot_rent", _words("predict.q_plot_rent", plot=name, rounds=RENT_ROUNDS, opponents=opponents),
                    "number", low=0.0, high=float(10 ** math.ceil(math.log10(max(answer, 10.0) * 20))),
                    unit=("|".join(board.currency_forms["en"]), "|".join(board.currency_forms["ru"])), answer_by="rent", answer=answer,
                    lesson=4, table=table)


def _winner(tables: Sequence[TableFacts], table: int) -> Question | None:
    """Lessons 01 and 08: which player of the table will win its game (answered when it ends)."""
    facts = tables[table]
    if len(facts.names) < 2 or not facts.started:
        return None
    text = _words("predict.q_winner_at", table=table + 1) if len(tables) > 1 else _words("predict.q_winner")
    return Question("winner", text, "choice", choices=facts.names, answer_by="winner", lesson=1, table=table)


def _most_unequal(tables: Sequence[TableFacts], table: int) -> Question | None:
    """Lesson 09: under which treatment the games will end most unequal (answered from the class's
    games, when every table has ended: the mean Gini of net worth at each treatment's tables)."""
    names: dict[str, tuple[str, str]] = {}
    for facts in tables:
        # a table's rules by the name its teams read beside it ("Standard rules"); the board's own rules when unnamed
        names.setdefault(facts.treatment, facts.treatment_name if facts.treatment_name[0] else _words("predict.own_rules"))
    if len(names) < 2 or len(names) > MOST_CHOICES:
        return None
    return Question("most_unequal", _words("predict.q_most_unequal"), "choice", choices=tuple(names.values()),
                    answer_by="unequal", lesson=9)


#: The kit's questions, each built for the lesson's tables (or left out when it does not fit them).
BANK: dict[str, Callable[[Sequence[TableFacts], int], Question | None]] = {
    "winner": _winner, "dice_total": _dice_total, "most_landed": _most_landed, "plot_rent": _plot_rent,
    "most_unequal": _most_unequal,
}


def bank(tables: Sequence[TableFacts], table: int = 0) -> list[Question]:
    """The kit's questions that fit these tables, by lesson, built for ``table``.

    >>> from millionaire import load_board
    >>> board = load_board("millionaire-classic")
    >>> tables = [TableFacts(board, RuleSet.for_board(board.key), (("Foxes", "Foxes"), ("Bot 2", "Бот 2")))]
    >>> [(q.lesson, q.key) for q in bank(tables)]
    [(1, 'winner'), (2, 'dice_total'), (3, 'most_landed'), (4, 'plot_rent')]
    """
    built = [build(tables, table) for build in BANK.values()]
    return sorted((q for q in built if q is not None), key=lambda q: q.lesson)


def settle(question: Question, tables: Sequence[TableFacts]) -> Question:
    """``question`` with its answer from the games, once they have given it (unchanged before)."""
    from ..economics.inequality import gini

    if question.answer is not None or question.answer_by not in ("winner", "unequal"):
        return question
    if question.answer_by == "winner":
        facts = tables[question.table] if question.table < len(tables) else None
        if facts is None or facts.winner is None or not 0 <= facts.winner < len(question.choices):
            return question
        detail = tuple(_words("predict.detail_worth", worth=round(w)) for w in facts.worths) if len(facts.worths) == len(question.choices) else ()
        return replace(question, answer=float(facts.winner), detail=detail)
    keys = list(dict.fromkeys(facts.treatment for facts in tables))
    if len(keys) != len(question.choices) or any(f.winner is None or not f.worths for f in tables):
        return question
    means = [statistics.fmean(gini([max(0.0, w) for w in f.worths]) for f in tables if f.treatment == key) for key in keys]
    return replace(question, answer=float(means.index(max(means))),
                   detail=tuple(_words("predict.detail_gini", gini=m) for m in means))


# ---------------------------------------------------------------------- the teacher's own questions
_FIELDS = {"key", "en", "ru", "choices", "low", "high", "unit", "answer", "lesson"}


def own_question(data: Any, where: str = "question", lang: str = "en", number: int = 1) -> Question:
    """A teacher's question from its fields (a TOML table, or a Python dict: see the module's docstring).

    >>> own_question({"ru": "Сколько?", "low": 0, "high": 5, "unit": "раундов"}).text
    ('Сколько?', 'Сколько?')
    >>> own_question({"en": "Which?", "choices": ["A", "B"], "answer": 3}, "questions.toml: question 2")
    Traceback (most recent call last):
    ...
    millionaire.classroom.questions.QuestionError: questions.toml: question 2: field 'answer' must be the number of a choice, 1 to 2
    """
    if not isinstance(data, dict):
        raise QuestionError(where, "not_table", lang)
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise QuestionError(where, "unknown", lang, field=unknown[0], fields=", ".join(sorted(_FIELDS)))
    texts = [_text(data[code], where, code, MOST_TEXT, lang) if code in data else "" for code in LANGS]
    if not any(texts):
        raise QuestionError(where, "no_text", lang)
    text = (texts[0] or texts[1], texts[1] or texts[0])
    key = data.get("key", f"own_{number}")
    if not isinstance(key, str) or not re.fullmatch(r"[a-z0-9_]{1,30}", key):
        raise QuestionError(where, "key", lang)
    lesson = data.get("lesson", 0)
    if isinstance(lesson, bool) or not isinstance(lesson, int) or not 0 <= lesson <= 99:
        raise QuestionError(where, "lesson", lang)
    answer = data.get("answer")
    if "choices" in data:
        if "low" in data or "high" in data or "unit" in data:
            raise QuestionError(where, "both", lang)
        choices = data["choices"]
        if not isinstance(choices, list) or not 2 <= len(choices) <= MOST_CHOICES:
            raise QuestionError(where, "choices", lang, most=MOST_CHOICES)
        pairs = tuple(_label(choice, f"{where}: {word(lang, 'predict.error_choice_at', number=i + 1)}", lang)
                      for i, choice in enumerate(choices))
        if answer is not None and (isinstance(answer, bool) or not isinstance(answer, int) or not 1 <= answer <= len(pairs)):
            raise QuestionError(where, "answer_choice", lang, count=len(pairs))
        return Question(key, text, "choice", choices=pairs, answer_by="given" if answer is not None else "",
                        answer=None if answer is None else float(answer - 1), lesson=lesson)
    if "low" not in data or "high" not in data:
        raise QuestionError(where, "kind", lang)
    low, high = data["low"], data["high"]
    for name, value in (("low", low), ("high", high)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not _finite(float(value)):
            raise QuestionError(where, "number_field", lang, field=name, most=number_text(MOST_NUMBER, lang))
    if not low < high:
        raise QuestionError(where, "bounds", lang, most=number_text(MOST_NUMBER, lang))
    if answer is not None and (isinstance(answer, bool) or not isinstance(answer, (int, float)) or not low <= answer <= high):
        raise QuestionError(where, "answer_number", lang)
    unit = _label(data.get("unit", ""), where, lang, empty=True)
    return Question(key, text, "number", low=float(low), high=float(high), unit=unit,
                    answer_by="given" if answer is not None else "", answer=None if answer is None else float(answer),
                    lesson=lesson)


def _text(text: Any, where: str, field_name: str, most: int, lang: str, empty: bool = False) -> str:
    if not isinstance(text, str) or len(text) > most or (not text.strip() and not empty) or not text.isprintable():
        raise QuestionError(where, "text", lang, field=field_name, most=most)
    return " ".join(text.split())


def _label(value: Any, where: str, lang: str, empty: bool = False) -> tuple[str, str]:
    """A choice or a unit: one text (``"A / Б"`` gives each language its side) or a table ``{en, ru}``."""
    if isinstance(value, dict):
        if set(value) - set(LANGS) or not value:
            raise QuestionError(where, "label", lang)
        en, ru = (_text(value.get(code, ""), where, code, MOST_LABEL, lang, empty=True) for code in LANGS)
        if not (en or ru) and not empty:
            raise QuestionError(where, "label", lang)
        return (en or ru, ru or en)
    text = _text(value, where, "text", 2 * MOST_LABEL + 3, lang, empty)
    if " / " in text:
        en, ru = (part.strip() for part in text.split(" / ", 1))
        if len(en) > MOST_LABEL or len(ru) > MOST_LABEL or not en or not ru:
            raise QuestionError(where, "text", lang, field="text", most=MOST_LABEL)
        return (en, ru)
    if len(text) > MOST_LABEL:
        raise QuestionError(where, "text", lang, field="text", most=MOST_LABEL)
    return (text, text)


def load_questions(path: str | Path, lang: str = "en") -> list[Question]:
    """The teacher's questions in a TOML file (``[[question]]`` tables), each checked; the first
    problem is a :class:`QuestionError` that names the file, the question and the field."""
    path = Path(path)
    where = str(path)
    try:
        if path.stat().st_size > 1_000_000:
            raise QuestionError(where, "too_big", lang)
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise QuestionError(where, "unreadable", lang, reason=error.strerror or type(error).__name__) from None
    except UnicodeDecodeError:
        raise QuestionError(where, "not_utf8", lang) from None
    except tomllib.TOMLDecodeError as error:
        raise QuestionError(where, "not_toml", lang, reason=str(error)) from None
    unknown = sorted(set(data) - {"question"})
    if unknown or not isinstance(data.get("question"), list) or not data["question"]:
        raise QuestionError(where, "no_questions", lang)
    if len(data["question"]) > MOST_QUESTIONS:
        raise QuestionError(where, "too_many", lang, most=MOST_QUESTIONS)
    questions = [own_question(table, f"{where}: {word(lang, 'predict.error_question_at', number=i + 1)}", lang, i + 1)
                 for i, table in enumerate(data["question"])]
    keys = [q.key for q in questions]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise QuestionError(f"{where}: {word(lang, 'predict.error_question_at', number=i + 1)}", "same_key", lang, name=key)
    return questions


# ---------------------------------------------------------------------- a round
@dataclass
class Bar:
    """One bar of a distribution: its label (``(en, ru)``), how many teams chose it, whether it holds the answer."""

    label: tuple[str, str]
    count: int
    right: bool = False
    detail: tuple[str, str] = ("", "")


@dataclass
class Round:
    """One question asked of the class (see the module's docstring)."""

    number: int
    question: Question
    phase: str = "open"
    answers: dict[str, float] = field(default_factory=dict)

    def answer(self, team: str, raw: Any) -> None:
        """Take ``team``'s answer: a choice's index, or a number (typed text or a number).

        Refused: a round that is no longer open, a team that has answered, a choice that does not
        exist, a number that is not one or out of bounds."""
        if self.phase != "open":
            raise Refused("predict_closed")
        if not isinstance(team, str) or not team:
            raise Refused("lost_seat")
        if team in self.answers:
            raise Refused("predict_twice")
        if self.question.kind == "choice":
            count = len(self.question.choices)
            if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < count:
                shown = raw + 1 if isinstance(raw, int) and not isinstance(raw, bool) else str(raw)[:12]
                raise Refused("predict_no_choice", choice=shown, count=count)
            self.answers[team] = float(raw)
        else:
            self.answers[team] = parse_number(raw, self.question)

    def close(self) -> None:
        if self.phase != "open":
            raise Refused("predict_not_open")
        self.phase = "closed"

    def reveal(self) -> None:
        if self.phase == "open":
            raise Refused("predict_close_first")
        if self.phase != "closed":
            raise Refused("predict_not_closed")
        self.phase = "revealed"

    def put_away(self) -> None:
        if self.phase != "revealed":
            raise Refused("predict_not_revealed")
        self.phase = "done"

    def bars(self) -> list[Bar]:
        """The class's answers as bars: one per choice, or one per range of numbers (bounds from the
        answers and, once known, the answer; at most eight ranges of a round width)."""
        question, answer = self.question, self.question.answer
        values = list(self.answers.values())
        if question.kind == "choice":
            details = question.detail if len(question.detail) == len(question.choices) else (("", ""),) * len(question.choices)
            return [Bar(label, values.count(float(i)), answer == i, details[i]) for i, label in enumerate(question.choices)]
        shown = values + ([answer] if answer is not None else [])
        if not shown:
            return []
        edges = _edges(min(shown), max(shown))
        bars = []
        for low, high in zip(edges, edges[1:]):
            last = high == edges[-1]
            inside = [v for v in values if low <= v < high or (last and v == high)]
            label = tuple(word(lang, "predict.range", low=number_text(low, lang), high=number_text(high, lang)) for lang in LANGS)
            right = answer is not None and (low <= answer < high or (last and answer == high))
            bars.append(Bar(label, len(inside), right))  # type: ignore[arg-type]
        return bars

    def median(self) -> float | None:
        return statistics.median(self.answers.values()) if self.answers and self.question.kind == "number" else None

    def right(self) -> list[str]:
        """The teams whose choice was the answer (none before it is known)."""
        answer = self.question.answer
        return [team for team, value in self.answers.items() if answer is not None and value == answer]

    def closest(self) -> list[str]:
        """The teams whose number came closest to the answer (none before it is known)."""
        answer = self.question.answer
        if answer is None or not self.answers:
            return []
        best = min(abs(value - answer) for value in self.answers.values())
        return [team for team, value in self.answers.items() if abs(value - answer) == best]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "question": self.question.to_dict(), "phase": self.phase, "answers": self.answers}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Round:
        try:
            question = Question.from_dict(data["question"], where)
            round_ = cls(int(data["number"]), question, str(data["phase"]),
                         {str(team): float(value) for team, value in data["answers"].items()})
        except (KeyError, TypeError, ValueError, AttributeError):
            raise QuestionError(where, "damaged") from None
        if round_.phase not in PHASES:
            raise QuestionError(where, "damaged")
        return round_

    def export(self) -> dict[str, Any]:
        """The round for the lesson's export: the question, each team's answer, the bars and the answer."""
        return {**self.to_dict(), "bars": [asdict(bar) for bar in self.bars()], "right": self.right(),
                "closest": self.closest() if self.question.kind == "number" else [], "median": self.median()}


def _edges(low: float, high: float, most: int = 8) -> list[float]:
    """Round edges of at most ``most`` equal ranges that cover ``low`` to ``high``.

    >>> _edges(120, 980), _edges(5, 5), _edges(0.2, 0.9)
    ([0.0, 200.0, 400.0, 600.0, 800.0, 1000.0], [4.5, 5.5], [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    """
    if high - low < 1e-9:
        return [low - 0.5, low + 0.5]
    raw = (high - low) / 5
    power = 10 ** math.floor(math.log10(raw))
    for step in (1, 2, 2.5, 5, 10):
        width = step * power
        start = math.floor(low / width + 1e-9) * width
        count = max(1, math.ceil((high - start) / width - 1e-9))
        if start + count * width <= high:
            count += 1
        if count <= most:
            break
    return [float(round(start + i * width, 10)) for i in range(count + 1)]


class Predictions:
    """The lesson's rounds: at most one open or shown at a time, each change saved by ``save(number,
    json)`` and announced by ``changed()``. ``rounds`` are the saved ones (in order)."""

    def __init__(self, rounds: Sequence[Round] = (), save: Callable[[int, str], None] = lambda n, t: None,
                 changed: Callable[[], None] = lambda: None) -> None:
        self.rounds = list(rounds)
        self._save, self._changed = save, changed
        self._lock = threading.Lock()

    @classmethod
    def load(cls, saved: Sequence[str], where: str, save: Callable[[int, str], None],
             changed: Callable[[], None]) -> Predictions:
        """The rounds saved as JSON texts (:meth:`Round.to_dict`); a damaged one is a :class:`QuestionError`."""
        rounds = []
        for number, text in enumerate(saved, 1):
            try:
                data = json.loads(text)
            except ValueError:
                raise QuestionError(f"{where}: {word('en', 'predict.error_question_at', number=number)}", "damaged") from None
            rounds.append(Round.from_dict(data, f"{where}: {word('en', 'predict.error_question_at', number=number)}"))
        return cls(rounds, save, changed)

    def current(self) -> Round | None:
        """The round on the screens (open, closed or revealed), or ``None``."""
        with self._lock:
            last = self.rounds[-1] if self.rounds else None
            return last if last is not None and last.phase != "done" else None

    def open(self, question: Question) -> Round:
        """Ask ``question``: a new round, open for answers. Refused while another round takes answers."""
        with self._lock:
            last = self.rounds[-1] if self.rounds else None
            if last is not None and last.phase in ("open", "closed"):
                raise Refused("predict_busy")
            if last is not None and last.phase == "revealed":
                last.phase = "done"
                self._write(last)
            round_ = Round(len(self.rounds) + 1, question)
            self.rounds.append(round_)
            self._write(round_)
        self._changed()
        return round_

    def answer(self, team: str, raw: Any) -> None:
        self._step(lambda round_: round_.answer(team, raw))

    def close(self) -> None:
        self._step(Round.close)

    def reveal(self, tables: Sequence[TableFacts] = ()) -> None:
        def reveal(round_: Round) -> None:
            round_.reveal()
            round_.question = settle(round_.question, tables)
        self._step(reveal)

    def put_away(self) -> None:
        self._step(Round.put_away)

    def settle(self, tables: Sequence[TableFacts]) -> None:
        """Give every revealed round whose answer waited for the games the answer they now give."""
        changed = False
        with self._lock:
            for round_ in self.rounds:
                if round_.phase in ("revealed", "done") and round_.question.answer is None:
                    settled = settle(round_.question, tables)
                    if settled is not round_.question:
                        round_.question = settled
                        self._write(round_)
                        changed = True
        if changed:
            self._changed()

    def _step(self, change: Callable[[Round], None]) -> None:
        with self._lock:
            last = self.rounds[-1] if self.rounds else None
            if last is None or last.phase == "done":
                raise Refused("predict_none")
            change(last)
            self._write(last)
        self._changed()

    def _write(self, round_: Round) -> None:
        self._save(round_.number, json.dumps(round_.to_dict(), ensure_ascii=False))

    def export(self) -> list[dict[str, Any]]:
        with self._lock:
            return [round_.export() for round_ in self.rounds]
