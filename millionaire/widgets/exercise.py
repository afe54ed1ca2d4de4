"""ExerciseBox: an exercise with the pupil's own numbers, checked at once, each try saved for the teacher.

The pupil types a name; the question shows that name's numbers (:mod:`millionaire.exercises`); the
answer is checked with a hint for the kind of mistake, never the answer itself. The correct answer
stays in the kernel (a plain attribute, not a synced trait), so no widget's state holds it and a
saved notebook never shows it.

Examples
--------
>>> import tempfile
>>> box = ExerciseBox("02.dice", lang="ru", folder=tempfile.mkdtemp())
>>> box.set_name("Анна Петрова")
>>> box.question.value.startswith("<b>Ваши числа, Анна Петрова:</b>")
True
>>> box.set_answer("2")
>>> box.check()
>>> "Ответ лежит между 0 и 1." in box.feedback.value, box.tries
(True, 1)
"""

from __future__ import annotations

import os
import ipywidgets as widgets

from ..exercises import ANSWERS, Exercise, ExerciseError, Variant, clean_name, exercise, read_number, record_try
from ..plain_text import html_text
from ..words import check_lang, word
from .common import UntilRun, error_html

#: The Check button's colours: white words on blue at a contrast above 4.5 (WCAG AA).
_BUTTON = {"button_color": "#1565c0", "text_color": "white"}


class ExerciseBox(UntilRun, widgets.VBox):
    """A self-checking exercise of a lesson (``"02.dice"``, see :data:`millionaire.exercises.EXERCISES`)
    in ``lang``; tries are appended to ``folder/<pupil's file>.jsonl`` (``answers/`` next to the notebook).

    Every control has a method a test can call: :meth:`set_name`, :meth:`set_answer`, :meth:`check`,
    :meth:`set_lang`.
    """

    until_run = "until_run.exercise"

    def __init__(self, key: str, lang: str = "en", folder: str | os.PathLike[str] = ANSWERS) -> None:
        super().__init__()
        self.add_class("mln-widget")
        self.lang = check_lang(lang)
        self.exercise: Exercise = exercise(key)
        self.folder = folder
        self.tries = 0
        self._name = ""
        self._variant: Variant | None = None  # kernel only: the answer is never put in a widget
        wide = {"style": {"description_width": "initial"}}
        self.title = widgets.HTML()
        self.how = widgets.HTML()
        self.name_box = widgets.Text(continuous_update=False, layout=widgets.Layout(width="28em"), **wide)
        self.question = widgets.HTML()
        self.answer_box = widgets.Text(continuous_update=False, layout=widgets.Layout(width="18em"), **wide)
        self.check_button = widgets.Button(style=_BUTTON, layout=widgets.Layout(width="auto"))
        self.feedback = widgets.HTML()
        self.name_box.observe(lambda change: self.set_name(change["new"]), names="value")
        self.check_button.on_click(lambda _: self.check())
        self.children = [self.title, self.how, self.name_box, self.question,
                         widgets.HBox([self.answer_box, self.check_button]), self.feedback]
        self._relabel()

    def __repr__(self) -> str:
        return f"ExerciseBox({self.exercise.key!r}, lang={self.lang!r})"

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<b>{html_text(word(lang, 'exercise.title'))}: {html_text(word(lang, self.exercise.title))}</b>"
        self.how.value = html_text(word(lang, "exercise.how"))
        self.name_box.description = word(lang, "exercise.name")
        self.name_box.tooltip = self.name_box.placeholder = word(lang, "exercise.name_tip")
        self.answer_box.description = word(lang, "exercise.answer")
        self.answer_box.tooltip = word(lang, "exercise.answer_tip")
        self.answer_box.placeholder = "0,25" if lang == "ru" else "0.25"
        self.check_button.description = word(lang, "exercise.check")
        self.check_button.tooltip = word(lang, "exercise.check_tip")
        self._show_question()

    def set_lang(self, lang: str) -> None:
        """Reword everything in ``lang`` (the pupil's numbers stay)."""
        self.lang = check_lang(lang)
        self.feedback.value = ""
        self._relabel()

    def set_name(self, name: str) -> None:
        """Take the pupil's name and show the question with their numbers; a name that cannot be used
        (empty, too long) is refused in the feedback line and the question is hidden."""
        if self.name_box.value != name:
            self.name_box.value = name  # observed: calls set_name again with the same text
            return
        self.feedback.value = ""
        try:
            variant = self.exercise.variant(name)
            if variant != self._variant:
                self.tries = 0  # another pupil at the same computer
            self._variant, self._name = variant, name
        except ExerciseError as error:
            self._variant, self._name = None, ""
            self.feedback.value = error_html(error.text(self.lang))
        self._show_question()

    def _show_question(self) -> None:
        if self._variant is None:
            self.question.value = f"<i>{html_text(word(self.lang, 'exercise.no_name'))}</i>"
            return
        shown = html_text(word(self.lang, "exercise.for", name=clean_name(self._name)))
        self.question.value = f"<b>{shown}</b> {html_text(self._variant.text(self.lang))}"

    def set_answer(self, text: str) -> None:
        """Type ``text`` in the answer box."""
        self.answer_box.value = text

    def check(self) -> None:
        """Check the typed answer: right, or a hint for the kind of mistake; save the try."""
        lang, variant = self.lang, self._variant
        if variant is None:
            self.feedback.value = error_html(word(lang, "exercise.no_name"))
            return
        try:
            given = read_number(self.answer_box.value)
        except ExerciseError as error:
            self.feedback.value = error_html(error.text(lang))
            return
        right = variant.is_right(given)
        self.tries += 1
        if right:
            lines = [f"<b style='color:#1b5e20'>{html_text(word(lang, 'exercise.right'))}</b>"]
        else:
            hint = word(lang, variant.hint(given))
            lines = [f"<b style='color:#a14f00'>{html_text(word(lang, 'exercise.wrong', hint=hint))}</b>"]
        lines.append(html_text(word(lang, "exercise.tries", tries=self.tries)))
        try:
            record_try(self.folder, self._name, self.exercise, self.answer_box.value, given, right)
            lines.append(html_text(word(lang, "exercise.saved")))
        except OSError as error:
            lines.append(error_html(word(lang, "exercise.not_saved", reason=error.strerror or type(error).__name__)))
        self.feedback.value = "<br>".join(lines)
