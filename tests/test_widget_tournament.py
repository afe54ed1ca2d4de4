"""TournamentRunner driven without a browser."""

from __future__ import annotations

from fractions import Fraction

from millionaire.simulate import tournament
from millionaire.words import word
from millionaire.widgets.tournament import TournamentRunner


def test_run_shows_the_library_result_and_fills_the_progress_bar():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=6, seed=3, max_rounds=40)
    runner.run()
    expected = tournament("millionaire-classic", ["cautious", "aggressive"], games=6, seed=3, players=2,
                          max_rounds=40, jobs=1)
    assert runner.result.win_rates() == expected.win_rates()
    assert runner.progress.value == runner.progress.max == 6
    assert "95% interval" in runner.summary.value
    assert bytes(runner.chart.value).startswith(b"\x89PNG")


def test_rule_changes_reach_the_games():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=4, max_rounds=30)
    runner.set_rule("circular_income", 0)
    runner.set_rule("start_cash", 1000)
    assert runner.rules().circular_income == 0 and runner.rules().start_cash == 1000
    runner.run()
    assert runner.result.rules.circular_income == 0


def test_the_policy_options_reach_the_games():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=2, max_rounds=20)
    runner.set_rule("wealth_tax", 0.05)
    runner.set_rule("rent_cap", 0.5)
    assert runner.message.value == ""
    assert runner.rules().wealth_tax == Fraction(1, 20) and runner.rules().rent_cap == Fraction(1, 2)
    runner.run()
    assert runner.result.rules.wealth_tax == Fraction(1, 20) and runner.result.rules.rent_cap == Fraction(1, 2)
    assert runner.rule_choices["wealth_tax"].description == "Wealth tax"


def test_refusals_change_nothing():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=4)
    runner.set_strategies(["lucky"])
    assert "Choose strategies" in runner.message.value
    assert runner.strategies == ("cautious", "aggressive")
    runner.set_games(0)
    assert "Games" in runner.message.value and runner.games_box.value == 4
    runner.set_rule("circular_income", 123)
    assert "not offered" in runner.message.value
    runner.set_rule("tax_rate", 1)
    assert "not offered" in runner.message.value
    for box in runner.strategy_boxes.values():
        box.value = False
    runner.run()
    assert "at least one strategy" in runner.message.value and runner.result is None


def test_round_limit_share_is_shown_and_numpy_counts_are_accepted():
    import numpy as np

    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=4, max_rounds=20)
    runner.set_games(np.int64(5))
    assert runner.games_box.value == 5 and runner.message.value == ""
    runner.run()
    assert "round limit (20 rounds" in runner.summary.value


def test_russian_runner():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=3, max_rounds=20, lang="ru")
    runner.run()
    assert "Справедливая доля" in runner.summary.value and runner.run_button.description == "Запустить"
    assert runner.chart.tooltip == f"{word('ru', 'tournament.rates_title')}; {word('ru', 'tournament.gini_title')}"


def test_every_rule_dropdown_shows_a_choice_and_the_progress_counts():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=3, max_rounds=20)
    for control in runner.rule_choices.values():
        assert control.label == "as the rules say"  # never blank
    runner.run()
    assert runner.progress_text.value == "games played: 3 of 3"
    runner.set_lang("ru")
    assert runner.rule_choices["start_cash"].label == "как в правилах"
    assert runner.strategy_boxes["monopolist"].description == "монополист"
    assert "Справедливая доля" in runner.summary.value and "осторожный" in runner.summary.value


def test_the_run_button_plays_in_the_background_on_every_core():
    import os

    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=6, seed=3, max_rounds=40)
    assert runner.jobs == (os.cpu_count() or 1)
    thread = runner.start()
    assert runner.run_button.disabled and not runner.stop_button.disabled
    assert runner.start() is None or not thread.is_alive()  # one run at a time
    thread.join(60)
    assert not runner.run_button.disabled and runner.stop_button.disabled
    expected = tournament("millionaire-classic", ["cautious", "aggressive"], games=6, seed=3, max_rounds=40, jobs=1)
    assert runner.result.win_rates() == expected.win_rates()
    assert runner.progress.value == runner.progress.max == 6


def test_stop_ends_a_run_between_chunks_and_says_so():
    runner = TournamentRunner(strategies=["cautious", "aggressive"], games=400, max_rounds=300, jobs=1, lang="ru")
    runner.stop()  # pressed before the first games are done: the run ends at the first chunk
    runner.run()
    assert runner.result is None
    assert "Остановлено" in runner.message.value and runner.progress.value < 400
    runner.set_games(4)
    thread = runner.start()  # a new start forgets the earlier Stop
    thread.join(60)
    assert runner.result is not None and runner.message.value == ""
