"""Every word in both languages, from one place: the catalogue, and every widget walked in each language.

The walk collects what a person sees in a widget (labels, button texts, options, panes, fold titles)
and looks for words of the other script; the browser tests repeat the check on the rendered page.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import matplotlib
import pytest

matplotlib.use("Agg")

from millionaire.words import WORDS, strategy_label, word  # noqa: E402

ALLOWED = {"ru": {"English"}, "en": {"Русский"}}
OTHER_SCRIPT = {"ru": r"[A-Za-z]{3,}", "en": r"[А-Яа-яЁё]{3,}"}


def seen_texts(widget) -> list[str]:
    """What a person sees in ``widget`` and everything inside it."""
    texts: list[str] = []
    description = getattr(widget, "description", "")
    if isinstance(description, str) and description:
        texts.append(description)
    if isinstance(widget, (widgets.Dropdown, widgets.Select, widgets.SelectMultiple, widgets.ToggleButtons,
                           widgets.RadioButtons)):
        texts.extend(widget._options_labels)
    if isinstance(widget, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
        shown = re.sub(r"<style>.*?</style>", " ", widget.value, flags=re.S)
        texts.append(html.unescape(re.sub(r"<[^>]+>", " ", shown)))
    if isinstance(widget, widgets.Accordion):
        texts.extend(t for t in widget.titles if t)
    for child in getattr(widget, "children", ()):
        texts.extend(seen_texts(child))
    return texts


def other_script(widget, lang: str) -> list[str]:
    found = []
    for text in seen_texts(widget):
        found += [f"{w!r} in {text.strip()[:80]!r}" for w in re.findall(OTHER_SCRIPT[lang], text) if w not in ALLOWED[lang]]
    return found


def test_both_languages_have_the_same_words():
    assert set(WORDS["en"]) == set(WORDS["ru"])
    for key in WORDS["en"]:
        assert set(re.findall(r"{(\w+)", WORDS["en"][key])) == set(re.findall(r"{(\w+)", WORDS["ru"][key])), key


def test_word_and_strategy_label():
    assert word("ru", "table.roll") == "Бросить кубики"
    assert strategy_label("en", "cautious") == "cautious" and strategy_label("ru", "aggressive") == "агрессивный"
    assert strategy_label("ru", "my_bot") == "my_bot"
    with pytest.raises(ValueError, match="lang"):
        word("de", "table.roll")


def game_table(lang):
    from millionaire.widgets import GameTable

    table = GameTable(players=4, humans=[0], lang=lang, seed=4)
    table.autoplay(8)
    table.roll()
    return table


def junior_table(lang):
    from millionaire.widgets import GameTable

    table = GameTable(board="millionaire-junior", players=4, humans=[0], lang=lang, seed=4)
    table.autoplay(3)
    table.roll()
    return table


def play_app(lang):
    from millionaire.widgets import PlayApp

    return PlayApp(lang=lang)


def landing_explorer(lang):
    from millionaire.widgets import LandingExplorer

    explorer = LandingExplorer(lang=lang)
    explorer.set_turns(-1)  # a refusal shows its message in the language too
    return explorer


def tournament_runner(lang):
    from millionaire.widgets import TournamentRunner

    runner = TournamentRunner(strategies=["cautious", "monopolist"], games=2, max_rounds=15, lang=lang)
    runner.run()
    runner.set_games(0)
    return runner


def investment_explorer(lang):
    from millionaire.widgets import InvestmentExplorer

    explorer = InvestmentExplorer(industry="media", level=2, lang=lang)
    explorer.set_level(99)
    return explorer


def mortgage_lab(lang):
    from millionaire.widgets import MortgageLab

    lab = MortgageLab(lang=lang)
    lab.compare("extraction", 1, mortgage=[31], build=[36, 38, 39])
    return lab


def jackpot_lab(lang):
    from millionaire.widgets import JackpotLab

    lab = JackpotLab(bet=10, box=200, lang=lang)
    lab.spin(100)
    lab.set_box(-5)
    return lab


def exercise_box(lang):
    import tempfile

    from millionaire.widgets import ExerciseBox

    box = ExerciseBox("07.jackpot", lang=lang, folder=tempfile.mkdtemp())
    box.set_name("Анна Петрова" if lang == "ru" else "Anna Petrova")
    box.set_answer("2,5")
    box.check()  # a hint, in the language
    return box


WIDGETS = [exercise_box, game_table, junior_table, play_app, landing_explorer, tournament_runner, investment_explorer, mortgage_lab, jackpot_lab]


@pytest.mark.parametrize("make", WIDGETS, ids=lambda make: make.__name__)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_widget_speaks_one_language(make, lang):
    assert not other_script(make(lang), lang)


@pytest.mark.parametrize("make", [game_table, junior_table, landing_explorer, tournament_runner, investment_explorer, mortgage_lab,
                                  jackpot_lab], ids=lambda make: make.__name__)
def test_switching_the_language_relabels_everything(make):
    widget = make("en")
    widget.set_lang("ru")
    assert not other_script(widget, "ru")
    widget.set_lang("en")
    assert not other_script(widget, "en")


def controls(widget) -> list:
    """Every control a person operates in ``widget`` (not the texts, pictures and progress bars)."""
    found = [widget] if isinstance(widget, (widgets.Button, widgets.ValueWidget)) and not isinstance(
        widget, (widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.Image, widgets.IntProgress)) else []
    for child in getattr(widget, "children", ()):
        found += controls(child)
    return found


def unnamed_or_untipped(widget, lang: str) -> list[str]:
    """Controls without a name or a tooltip, and tooltips with a word in the other script."""
    problems = []
    for control in controls(widget):
        tips = [control.tooltip, *getattr(control, "tooltips", ())]
        if not control.description or not control.tooltip:
            problems.append(f"{type(control).__name__} {control.description!r}: no name or no tooltip")
        if isinstance(control, widgets.ToggleButtons) and len(control.tooltips) != len(control.options):
            problems.append(f"{control.description!r}: not one tooltip for each of its buttons")
        problems += [f"{w!r} in the tooltip {tip!r}" for tip in tips for w in re.findall(OTHER_SCRIPT[lang], tip or "")]
    return problems


LABS = [exercise_box, landing_explorer, tournament_runner, investment_explorer, mortgage_lab, jackpot_lab]


@pytest.mark.parametrize("make", LABS, ids=lambda make: make.__name__)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_control_of_a_lab_has_a_name_and_a_tooltip_in_its_language(make, lang):
    widget = make(lang)
    assert len(controls(widget)) >= 3
    assert not unnamed_or_untipped(widget, lang)


@pytest.mark.parametrize("make", LABS, ids=lambda make: make.__name__)
def test_switching_the_language_rewords_every_tooltip(make):
    widget = make("en")
    english = [control.tooltip for control in controls(widget)]
    widget.set_lang("ru")
    assert not unnamed_or_untipped(widget, "ru")
    assert all(a != b for a, b in zip(english, [control.tooltip for control in controls(widget)]))
    widget.set_lang("en")
    assert not unnamed_or_untipped(widget, "en") and [control.tooltip for control in controls(widget)] == english


#: The command line and the reports it prints: every word they show comes from the catalogue.
OWN_WORDLESS = ("cli.py", "simulate/report.py", "simulate/cluster.py", "league.py", "economics/report.py",
                "economics/mortgage.py", "markov.py")


@pytest.mark.parametrize("module", OWN_WORDLESS)
def test_the_command_and_its_reports_hold_no_russian_words_of_their_own(module):
    """A Russian literal outside words.py is a word that skipped the catalogue (docstrings, whose
    examples show Russian output, are not looked at)."""
    import ast
    from pathlib import Path

    import millionaire

    tree = ast.parse((Path(millionaire.__file__).parent / module).read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    russian = [f"{module}:{node.lineno}: {node.value[:60]!r}" for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
               and re.search("[а-яёА-ЯЁ]", node.value)]
    assert not russian, russian
