"""The Millionaire Elite board in the app (Voilà) at 1280×800, in both languages: readable, the board
wide, every word in the chosen language, the Exchange's question answered by a click."""

from __future__ import annotations

import json

import pytest
from browser.screen import NEEDS_CHROMIUM, VIEWPORT, board_width, sideways_scroll, truncated, widget_texts, wrong_script

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

WORDS = {"ru": {"roll": "Бросить кубики", "skip": "Ничего не нужно"}, "en": {"roll": "Roll the dice", "skip": "Nothing, thanks"}}


def elite_app(workdir, lang: str) -> str:
    """A notebook in the served folder that shows the app on the Elite board; its path."""
    source = ("from millionaire.widgets import PlayApp\n\n"
              f"app = PlayApp(lang={lang!r}, board='millionaire-elite', players=2, seed=3)\n"
              "app.table.game.state.players[0].position = 0\n"
              "app.table.game.state.dice['buffer'] = [4, 2, 1]  # the next roll 1+2: the Exchange, then its die 4\n"
              "app")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": source}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    path = workdir / "app" / f"elite_{lang}.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return f"app/elite_{lang}.ipynb"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_elite_board_reads_on_a_classroom_screen(voila, browser, screenshot, workdir, lang):
    page = browser.new_page()
    page.goto(voila.format(elite_app(workdir, lang)), timeout=120_000)
    words = WORDS[lang]
    page.get_by_role("button", name=words["roll"]).wait_for(timeout=60_000)
    screenshot(page, f"elite_{lang}_1_start")
    problems = sideways_scroll(page) + truncated(page, ".mln-app")
    problems += [f"not in {lang}: {word}" for word in wrong_script(widget_texts(page, ".mln-app"), lang)]
    if board_width(page) < 0.6 * VIEWPORT["width"]:
        problems.append(f"the board is {board_width(page):.0f} px wide")
    page.get_by_role("button", name=words["roll"]).click()
    page.get_by_role("button", name=words["skip"]).wait_for(timeout=30_000)  # the Exchange asks
    screenshot(page, f"elite_{lang}_2_exchange")
    problems += truncated(page, ".mln-app")
    problems += [f"not in {lang}: {word}" for word in wrong_script(widget_texts(page, ".mln-app"), lang)]
    page.get_by_role("button", name=words["skip"]).click()
    page.get_by_role("button", name=words["skip"]).wait_for(state="detached", timeout=30_000)
    assert not problems, "\n".join(problems)
