"""Predict, then reveal on the classroom's pages (Solara): the teacher asks, each team answers, the projector shows.

The logic is :mod:`millionaire.classroom.questions`; these components only show a round and pass
clicks on, as the rest of :mod:`~millionaire.classroom.app` does:

- :func:`TeacherControls` (the teacher's screen): choose a question (the kit's for the lessons that fit
  the board, and the teacher's own from ``--questions FILE``), **Ask the class**, **Close the answers**,
  **Reveal the answer**, **Back to the board**.
- :func:`Stage` (the teacher's and the projector's screens; :func:`use_question` says when): while a
  question is on the screens it takes the place of the board (or of every table, or the results),
  big enough to read from the back of a room: the question, how many teams have answered (not what:
  nobody copies), then the class's answers as bars, then the answer marked on them with where it
  comes from and who was right.
- :func:`TeamQuestion` (a team's page): the question with a button per choice or a field for the
  number, **Send our answer** once, then the class's bars.

Every value a page sends (the choice's index, the typed number) goes to
:meth:`~millionaire.classroom.questions.Round.answer` as it came, which refuses what is not an answer.

Examples
--------
>>> from millionaire.classroom.questions import Round, own_question
>>> round_ = Round(1, own_question({"en": "Which?", "choices": ["A", "B"], "answer": 2}))
>>> round_.answer("Foxes", 1); round_.close(); round_.reveal()
>>> "mln-bar-right" in chart_html(round_, "en", ["Foxes", "Owls"])
True
"""

from __future__ import annotations

import functools
import html
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipyvuetify as rv
import solara

from ..words import word
from . import app as pages
from .questions import BANK, Question, Round, load_questions
from .seats import Refused
from .server import QUESTIONS_VARIABLE
from .tables import ClassLesson

#: The longest question a menu of the teacher's shows before it is cut with "…".
MENU_TEXT = 70

CSS = """
.mln-stage { flex: 0 0 auto; width: min(62vw, calc(100vh - 16px)); box-sizing: border-box; padding: 1.2vw 1.6vw;
  background: #fbfaf4; border: 3px solid #24452a; border-radius: 10px; font-size: clamp(17px, 2.1vw, 42px); }
.mln-q { font-family: sans-serif; color: #1a1a1a; line-height: 1.2; }
.mln-q-title { font-size: 0.7em; font-weight: bold; color: #24452a; text-transform: uppercase; letter-spacing: 0.04em; }
.mln-q-text { font-size: 1.3em; font-weight: bold; margin: 0.25em 0 0.4em; }
.mln-q-phase { font-size: 0.8em; color: #333; margin-bottom: 0.3em; }
.mln-q-count { font-size: 1.1em; font-weight: bold; color: #7a1f00; }
.mln-q-who { font-size: 0.75em; color: #333; }
.mln-bars { display: grid; grid-template-columns: minmax(6em, max-content) 1fr 2.6em; gap: 0.22em 0.5em;
  align-items: center; margin: 0.4em 0; }
.mln-bar-label { font-size: 0.9em; font-weight: bold; overflow-wrap: anywhere; }
.mln-bar-label small { display: block; font-size: 0.62em; font-weight: normal; color: #333; }
.mln-bar-track { background: #e4e4dc; height: 1.3em; border-radius: 4px; overflow: hidden; }
.mln-bar { background: #3949ab; height: 100%; min-width: 2px; }
.mln-bar-count { font-size: 1em; font-weight: bold; }
.mln-bar-right .mln-bar { background: #1b5e20; }
.mln-bar-right.mln-bar-label, .mln-bar-right.mln-bar-count { color: #1b5e20; }
.mln-q-many .mln-bars { font-size: 0.78em; gap: 0.12em 0.5em; }
.mln-q-answer { font-size: 1.15em; font-weight: bold; color: #1b5e20; margin-top: 0.3em; }
.mln-q-source, .mln-q-median { font-size: 0.7em; color: #333; }
.mln-q-right { font-size: 0.85em; font-weight: bold; margin-top: 0.2em; }
.mln-q-small { font-size: 16px; border-top: 2px solid #24452a; padding-top: 6px; }
.mln-q-small .mln-q-text { font-size: 1.15em; }
.mln-q-small .mln-q-title { font-size: 0.8em; }
.mln-q-small .mln-q-who, .mln-q-small .mln-q-source, .mln-q-small .mln-q-median { font-size: 0.95em; }
.mln-q-small .mln-bar-label small { font-size: 0.8em; }
.mln-q-choices.v-btn-toggle { display: flex; flex-direction: column; align-items: stretch; background: none; margin: 4px 0; }
.mln-q-choices.v-btn-toggle > .v-btn.v-btn { text-transform: none; font-size: 16px; letter-spacing: 0; justify-content: flex-start;
  height: auto !important; min-height: 44px !important; white-space: normal; text-align: left; opacity: 1;
  border: 1px solid #777 !important; margin-bottom: 4px; background-color: #fff; }
.mln-q-choices.v-btn-toggle > .v-btn.v-btn.v-btn--active { background-color: #1b5e20 !important; color: white !important; }
.mln-q-choices .v-btn__content { white-space: normal; flex: 1 1 auto; }
.mln-predict { display: flex; flex-direction: column; gap: 4px; border-top: 2px solid #24452a; padding-top: 6px; min-width: 0; }
.mln-predict .widget-dropdown { width: 100% !important; min-width: 0 !important; max-width: 100%; flex-wrap: wrap; }
.mln-predict .widget-dropdown select { min-width: 0; width: 100%; max-width: 100%; }
@media (max-width: 700px) { .mln-stage { width: 100%; } }
"""


def snapshot(lesson: ClassLesson) -> tuple[Any, ...] | None:
    """What the pages show of the round on the screens, to compare after a change (``None``: no round).
    A revealed question about the game gets its answer here once the game is over."""
    round_ = lesson.predictions.current()
    if round_ is None:
        return None
    if (round_.phase == "revealed" and round_.question.answer is None
            and any(table.phase == "finished" for table in lesson.tables)):
        lesson.predictions.settle(lesson.facts())
    return (round_.number, round_.phase, tuple(round_.answers.items()), round_.question.answer, tuple(lesson.teams()))


def chart_html(round_: Round, lang: str, teams: list[str], team: str | None = None) -> str:
    """The round as the class sees it, in ``lang``: the question; while it is open, how many of
    ``teams`` have answered; once closed, a bar per choice (or range of numbers) with how many teams
    chose it; once revealed, the answer marked, where it comes from, and who was right. ``team`` is
    the viewer's, whose own answer is named."""
    question = round_.question
    esc = html.escape
    parts = [f"<div class='mln-q-title'>{esc(word(lang, 'predict.title'))} · {round_.number}</div>",
             f"<div class='mln-q-text'>{esc(question.say(lang))}</div>",
             f"<div class='mln-q-phase'>{esc(word(lang, f'predict.phase_{round_.phase}'))}</div>"]
    answered = [name for name in teams if name in round_.answers] + [name for name in round_.answers if name not in teams]
    if round_.phase == "open":
        parts.append(f"<div class='mln-q-count'>{esc(word(lang, 'predict.answered', count=len(round_.answers), teams=len(teams)))}</div>")
        if answered:
            parts.append(f"<div class='mln-q-who'>{esc(word(lang, 'predict.answered_by', teams=', '.join(answered)))}</div>")
        if question.kind == "choice":
            parts.append(_bars(round_, lang, counts=False))
        else:
            parts.append(f"<div class='mln-q-who'>{esc(_bounds(question, lang))}</div>")
    else:
        parts.append(_bars(round_, lang, counts=True) if round_.answers else
                     f"<div class='mln-q-who'>{esc(word(lang, 'predict.none_yet'))}</div>")
        median = round_.median()
        if median is not None:
            parts.append(f"<div class='mln-q-median'>{esc(word(lang, 'predict.median', median=question.show(median, lang)))}</div>")
    if team is not None and team in round_.answers:
        parts.append(f"<div class='mln-q-who'>{esc(word(lang, 'predict.your_answer', answer=question.show(round_.answers[team], lang)))}</div>")
    if round_.phase in ("revealed", "done"):
        parts.append(_answer(round_, lang))
    many = " mln-q-many" if len(question.choices) > 8 else ""  # eleven totals of two dice still fit a projector
    return f"<div class='mln-q mln-q-{round_.phase}{many}'>" + "".join(parts) + "</div>"


def _bounds(question: Question, lang: str) -> str:
    return word(lang, "predict.your_number", low=question.show(question.low, lang), high=question.show(question.high, lang))


def _bars(round_: Round, lang: str, counts: bool) -> str:
    bars = round_.bars()
    total = len(round_.answers)
    most = max([bar.count for bar in bars] + [1])
    rows = []
    index = 0 if lang == "en" else 1
    revealed = round_.phase in ("revealed", "done")
    for bar in bars:
        right = " mln-bar-right" if revealed and bar.right else ""
        label = html.escape(bar.label[index]) + (" ✓" if right else "")
        if revealed and bar.detail[index]:
            label += f"<small>{html.escape(bar.detail[index])}</small>"
        width = 100 * bar.count / most if counts else 0
        spoken = html.escape(word(lang, "predict.bar_text", label=bar.label[index], count=bar.count, total=total))
        rows.append(f"<div class='mln-bar-label{right}'>{label}</div>"
                    f"<div class='mln-bar-track{right}' role='img' aria-label='{spoken}'><div class='mln-bar' style='width:{width:.0f}%'></div></div>"
                    f"<div class='mln-bar-count{right}'>{bar.count if counts else ''}</div>")
    return "<div class='mln-bars'>" + "".join(rows) + "</div>"


def _answer(round_: Round, lang: str) -> str:
    question = round_.question
    esc = html.escape
    if not question.answer_by:
        return f"<div class='mln-q-answer'>{esc(word(lang, 'predict.no_answer'))}</div>"
    if question.answer is None:
        return f"<div class='mln-q-answer'>{esc(word(lang, 'predict.answer_later'))}</div>"
    parts = [f"<div class='mln-q-answer'>{esc(word(lang, 'predict.answer_is', answer=question.show(question.answer, lang)))}</div>",
             f"<div class='mln-q-source'>{esc(question.source(lang))}</div>"]
    if question.kind == "choice":
        right = round_.right()
        text = word(lang, "predict.right", teams=", ".join(right)) if right else word(lang, "predict.nobody_right")
    else:
        closest = round_.closest()
        text = word(lang, "predict.closest", teams=", ".join(closest)) if closest else ""
    if text and round_.answers:
        parts.append(f"<div class='mln-q-right'>{esc(text)}</div>")
    return "".join(parts)


# ---------------------------------------------------------------------- the teacher's questions
@functools.lru_cache(maxsize=4)
def _own(path: str, changed: float) -> tuple[Question, ...]:
    return tuple(load_questions(path))


def own_questions() -> tuple[Question, ...]:
    """The teacher's questions from the file the server was given (``--questions``), none without one."""
    path = os.environ.get(QUESTIONS_VARIABLE, "")
    if not path:
        return ()
    return _own(path, Path(path).stat().st_mtime)


def menu(lesson: ClassLesson, lang: str) -> dict[str, Question]:
    """The questions the teacher may ask now, by their line in the menu: the kit's that fit the
    board (by lesson), then the teacher's own."""
    facts = lesson.facts()
    choices: dict[str, Question] = {}
    for key, build in BANK.items():
        for table in range(len(facts)) if key == "winner" else (0,):  # the other questions are the same at every table
            question = build(facts, table)
            if question is None:
                continue
            choices[_cut(word(lang, "predict.menu_bank", lesson=f"{question.lesson:02d}", text=question.say(lang)))] = question
    for question in own_questions():
        choices[_cut(word(lang, "predict.menu_own", text=question.say(lang)))] = question
    return choices


def _cut(text: str) -> str:
    return text if len(text) <= MENU_TEXT else text[:MENU_TEXT - 1].rstrip() + "…"


# ---------------------------------------------------------------------- components
def use_question(lesson: ClassLesson) -> bool:
    """Whether a question is on the screens now; the page that calls it follows the lesson's rounds
    (a Solara hook: call it on every render, before any early return)."""
    shown = pages.use_game(lesson, lambda: snapshot(lesson))
    return shown is not None and lesson.predictions.current() is not None


@solara.component
def Stage(lesson: ClassLesson, lang: str) -> None:
    """The question on the screens, in the board's place (the teacher's screen and the projector)."""
    pages.use_game(lesson, lambda: snapshot(lesson))
    solara.Style(CSS)
    round_ = lesson.predictions.current()
    if round_ is not None:
        pages.Html(chart_html(round_, lang, lesson.teams()), ["mln-stage"])


@solara.component
def TeacherControls(lesson: ClassLesson, lang: str, do: Callable[[Callable[[], Any]], Callable[[], None]]) -> None:
    """The teacher's commands for predict, then reveal (each through ``do``, which shows a refusal)."""
    shown = pages.use_game(lesson, lambda: snapshot(lesson))
    chosen, set_chosen = solara.use_state(None)
    phase = shown[1] if shown is not None else "done"
    solara.Style(CSS)
    with solara.Div(classes=["mln-predict"]):
        pages.Html(f"<b>{html.escape(word(lang, 'predict.title'))}</b>", ["mln-predict-title"])
        with solara.Div(classes=["mln-actions"]):
            if phase in ("revealed", "done"):
                questions = menu(lesson, lang)
                labels = list(questions)
                pages.Choice(word(lang, "predict.question"), labels, chosen, set_chosen, wide=True)

                def ask() -> None:
                    if chosen not in questions:
                        raise Refused("predict_no_question")
                    lesson.predictions.open(menu(lesson, lang)[chosen])  # built again: the names as they are now
                solara.Button(word(lang, "predict.ask"), on_click=do(ask), color="primary", classes=["mln-ask"],
                              attributes=pages.tip(lang, "predict_ask"))
            if phase == "open":
                solara.Button(word(lang, "predict.close"), on_click=do(lesson.predictions.close), color="warning",
                              classes=["mln-close-answers"], attributes=pages.tip(lang, "predict_close"))
            if phase == "closed":
                solara.Button(word(lang, "predict.reveal"), on_click=do(lambda: lesson.predictions.reveal(lesson.facts())),
                              color="success", classes=["mln-reveal"], attributes=pages.tip(lang, "predict_reveal"))
            if phase == "revealed":
                solara.Button(word(lang, "predict.put_away"), on_click=do(lesson.predictions.put_away),
                              classes=["mln-put-away"], attributes=pages.tip(lang, "predict_put_away"))


@solara.component
def TeamQuestion(lesson: ClassLesson, secret: str, team: str, lang: str) -> None:
    """The question on the screens, on a team's page: answer it once, then see the class's answers."""
    shown = pages.use_game(lesson, lambda: snapshot(lesson))
    # what the team chose, typed and was told, each with the number of its round: a new question starts afresh
    chosen, set_chosen = solara.use_state((0, None))
    written, set_written = solara.use_state((0, ""))
    told, set_told = solara.use_state((0, None))
    solara.Style(CSS)
    round_ = lesson.predictions.current()
    if shown is None or round_ is None:
        return
    question, number = round_.question, round_.number
    choice = chosen[1] if chosen[0] == number else None
    typed = written[1] if written[0] == number else ""
    problem = told[1] if told[0] == number else None

    def send() -> None:
        try:
            lesson.predict(secret, choice if question.kind == "choice" else typed)
        except Refused as error:
            set_told((number, error))
            return
        set_told((number, None))

    with solara.Div(classes=["mln-q-small", "mln-team-question"]):
        if round_.phase == "open" and team not in round_.answers:
            pages.Html(f"<div class='mln-q-title'>{html.escape(word(lang, 'predict.title'))}</div>"
                       f"<div class='mln-q-text'>{html.escape(question.say(lang))}</div>", ["mln-q"])
            if question.kind == "choice":
                buttons = [rv.Btn.element(children=[question.choice(i, lang)], attributes={"title": question.choice(i, lang)})
                           for i in range(len(question.choices))]
                rv.BtnToggle.element(v_model=choice, on_v_model=lambda value: set_chosen((number, value)), children=buttons,
                                     class_="mln-q-choices")
            else:
                solara.InputText(_bounds(question, lang), value=typed, on_value=lambda text: set_written((number, text)),
                                 continuous_update=True,
                                 classes=["mln-q-number"])
            solara.Button(word(lang, "predict.send"), on_click=send, color="success", classes=["mln-send"],
                          disabled=question.kind == "choice" and choice is None)
            pages.Message(problem, lang)
        else:
            pages.Html(chart_html(round_, lang, lesson.teams(), team), ["mln-q"])
            if round_.phase == "open":
                pages.Html(html.escape(word(lang, "predict.wait_close")), ["mln-q-who"])
            pages.Message(problem, lang)


