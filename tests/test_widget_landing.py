"""LandingExplorer driven without a browser: controls, numbers shown, refusals."""

from __future__ import annotations

import numpy as np

from millionaire import load_board
from millionaire.markov import movement_chain
from millionaire.widgets import LandingExplorer


def test_values_follow_the_controls():
    explorer = LandingExplorer(board="monopoly-us", jail="short", per="roll")
    chain = movement_chain(load_board("monopoly-us"), jail="short")
    assert np.allclose(explorer.values, chain.probabilities("roll"))
    explorer.set_jail("long")
    assert np.allclose(explorer.values, movement_chain(load_board("monopoly-us"), jail="long").probabilities("roll"))
    explorer.set_view("landing")
    assert explorer.values[-1] > 0 and explorer.values.sum() > 1  # landings per turn, not shares
    explorer.set_turns(2)
    assert np.allclose(explorer.values, movement_chain(load_board("monopoly-us"), jail="long").after_turns(2))
    assert explorer.view_choice.disabled and not explorer.turns_slider.disabled
    explorer.set_turns(None)
    assert explorer.long_run.value


def test_simulation_overlay_is_close_to_the_chain():
    explorer = LandingExplorer(board="millionaire-classic")
    explorer.simulate(rolls=10**6)
    assert explorer.simulated is not None
    assert np.max(np.abs(explorer.simulated - explorer.values)) < 0.004
    explorer.set_jail("long")
    assert explorer.simulated is None  # a new view clears the old overlay


def test_summary_names_the_most_likely_cells():
    explorer = LandingExplorer(board="millionaire-classic")
    assert "Charity fund" in explorer.summary.value
    assert bytes(explorer.board_image.value).startswith(b"\x89PNG")
    assert bytes(explorer.bars_image.value).startswith(b"\x89PNG")


def test_bad_input_is_refused_with_a_message():
    explorer = LandingExplorer()
    before = explorer.values.copy()
    explorer.set_jail("medium")
    assert "not one of" in explorer.message.value and explorer.jail_choice.value == "short"
    explorer.set_view("per-minute")
    assert "not one of" in explorer.message.value
    explorer.set_turns(-1)
    assert "Turns: a whole number" in explorer.message.value
    explorer.simulate(rolls=5)
    assert "Rolls: a whole number" in explorer.message.value
    explorer.set_turns(3)
    explorer.simulate(rolls=10**5)
    assert "Long run" in explorer.message.value
    explorer.set_turns(None)
    assert np.allclose(explorer.values, before)


def test_russian_labels():
    explorer = LandingExplorer(lang="ru")
    assert "Чаще всего" in explorer.summary.value


def test_switching_the_language_relabels_every_control():
    explorer = LandingExplorer(lang="en")
    explorer.set_lang("ru")
    assert explorer.jail_choice.options[0][0] == "выходить сразу" and explorer.jail_choice.value == "short"
    assert explorer.board_choice.options[0][0] == "Миллионер классик"
    assert explorer.simulate_button.description == "Смоделировать"
    assert "Чаще всего" in explorer.summary.value
    explorer.set_board("monopoly-us")
    assert explorer.board_choice.value == "monopoly-us" and explorer.message.value == ""


def test_the_pictures_have_a_text_for_a_screen_reader_in_the_explorers_language():
    explorer = LandingExplorer(board="millionaire-classic", per="landing")
    assert explorer.board_image.tooltip == "Millionaire Classic: landings per turn"
    assert explorer.bars_image.tooltip.startswith("landings per turn. Most likely: Charity fund")
    explorer.set_lang("ru")
    assert explorer.board_image.tooltip == "Миллионер классик: попаданий за ход"
    assert explorer.bars_image.tooltip.startswith("попаданий за ход. Чаще всего: ")


def test_a_chart_kept_between_changes_looks_like_a_new_one():
    """The explorer keeps its bar chart and its board picture and redraws only what changes: after
    a walk through the controls each picture is the one a new explorer draws for the same choices."""
    import io

    from PIL import Image

    def pixels(png):
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)

    walked = LandingExplorer()
    walked.jail_choice.value = "long"
    walked.view_choice.value = "landing"
    walked.long_run.value = False
    walked.turns_slider.value = 0
    walked.long_run.value = True
    walked.jail_choice.value = "short"
    walked.board_choice.value = "monopoly-us"
    walked.board_choice.value = "millionaire-classic"
    new = LandingExplorer(jail="short", per="landing")
    assert np.array_equal(pixels(walked.bars_image.value), pixels(new.bars_image.value))
    assert abs(pixels(walked.board_image.value) - pixels(new.board_image.value)).max() <= 4
