"""InvestmentExplorer, MortgageLab and JackpotLab driven without a browser."""

from __future__ import annotations

from fractions import Fraction

import pytest

from millionaire import economics, load_board
from millionaire.widgets import InvestmentExplorer, JackpotLab, MortgageLab
from millionaire.words import word


def test_investment_explorer_shows_the_library_numbers():
    explorer = InvestmentExplorer(industry="extraction", opponents=3)
    board = load_board("millionaire-classic")
    assert explorer.rows == economics.investment_table(board, opponents=3, industry="extraction")
    explorer.set_level(3)
    assert explorer.current == explorer.rows[3]
    assert f"cost {explorer.rows[3]['cost']}" in explorer.summary.value
    explorer.set_opponents(5)
    assert explorer.current["income_per_round"] == pytest.approx(explorer.rows[0 + 3]["income_per_turn"] * 5)


def test_best_next_purchase_is_the_highest_marginal_return():
    explorer = InvestmentExplorer(level=2)
    board = load_board("millionaire-classic")
    candidates = [r for r in economics.investment_table(board, opponents=3) if r["step"] == 3]
    assert explorer.best_next["marginal_return_per_round"] == max(r["marginal_return_per_round"] for r in candidates)


def test_investment_explorer_refusals():
    explorer = InvestmentExplorer()
    explorer.set_level(9)
    assert "Level: a whole number" in explorer.message.value and explorer.level_slider.value == 0
    explorer.set_opponents(0)
    assert "Opponents: a whole number" in explorer.message.value
    explorer.set_industry("banking")
    assert "Unknown industry" in explorer.message.value
    explorer.set_level(1)
    assert explorer.message.value == ""


def test_investment_explorer_on_monopoly():
    explorer = InvestmentExplorer(board="monopoly-us")
    assert explorer.level_slider.max == 5 and len(explorer.industry_choice.options) == 8


def test_mortgage_lab_rate_falls_with_duration():
    lab = MortgageLab(cell=39, rounds=1)
    one = lab.rate["compound_per_round"]
    lab.set_rounds(10)
    assert lab.rate["compound_per_round"] < one / 5
    assert lab.terms == economics.mortgage_terms(load_board("millionaire-classic"), 39)


def test_mortgage_lab_compares_mortgaging_to_build():
    lab = MortgageLab()
    lab.compare("media", 2, mortgage=[39], build=[21], rounds=20)
    assert lab.deal is not None and lab.deal["cash_raised"] == 175 and lab.deal["gain"] > 0
    assert "pays" in lab.deal_html.value


def test_mortgage_lab_refusals():
    lab = MortgageLab()
    lab.set_cell(5)
    assert "not a property" in lab.message.value
    lab.set_rounds(0)
    assert "Rounds: a whole number" in lab.message.value
    lab.compare("banking", 1, [39], [21])
    assert "Unknown industry" in lab.message.value
    lab.compare("media", 2, [39], [1])  # building where the player owns nothing
    assert lab.message.value


def test_jackpot_lab_exact_numbers_and_simulation():
    lab = JackpotLab(bet=10, box=200)
    assert lab.expected_value == economics.jackpot_expected_value(10, 200)
    assert lab.break_even_box == Fraction(21)
    assert sum(r["probability"] for r in lab.rows) == 1
    lab.spin(20_000)
    assert lab.simulated_mean == pytest.approx(float(lab.expected_value), abs=1.5)
    lab.set_box(0)
    assert lab.expected_value < 0 and lab.simulated_mean is None


def test_jackpot_lab_refusals_change_nothing():
    lab = JackpotLab(bet=10, box=200)
    value = lab.expected_value
    for bad in (0, -5, 2.5, "ten", True):
        lab.set_bet(bad)
        assert "The bet: a whole number" in lab.message.value and lab.expected_value == value
    lab.set_box(-1)
    assert "The box: a whole number" in lab.message.value
    lab.spin(0)
    assert "Spins: a whole number" in lab.message.value
    lab.bet_box.value = -3  # typed into the control
    assert "The bet: a whole number" in lab.message.value and lab.expected_value == value


def test_bad_language():
    with pytest.raises(ValueError, match="lang"):
        JackpotLab(lang="fr")


def test_investment_table_shows_this_step_and_the_next():
    explorer = InvestmentExplorer(industry="extraction", level=0)
    table = explorer.table.value
    this_step = f"{explorer.rows[0]['marginal_return_per_round']:.1%}"
    next_step = f"{explorer.rows[1]['marginal_return_per_round']:.1%}"
    first_row = table.split("</tr>")[1]
    assert this_step in first_row and next_step in first_row
    assert "—" in table.split("</tr>")[-2]  # the top level has no next step


def test_russian_labels():
    assert "уровень" in InvestmentExplorer(lang="ru").summary.value
    assert "Залог" in MortgageLab(lang="ru").summary.value
    lab = JackpotLab(lang="ru")
    assert "Ставка" in lab.summary.value and lab.bet_box.description == "Ставка"


def test_each_chart_has_its_title_as_its_text_for_a_screen_reader():
    explorer, mortgage, jackpot = InvestmentExplorer(level=2, opponents=4), MortgageLab(lang="ru"), JackpotLab(bet=10)
    assert explorer.chart.tooltip == word("en", "econ.invest_title", level=2, opponents=4)
    assert mortgage.chart.tooltip == word("ru", "econ.mortgage_title")
    assert jackpot.chart.tooltip == word("en", "econ.jackpot_title", bet=10)


def test_labs_switch_language_and_refuse_in_it():
    explorer = InvestmentExplorer(industry="food", level=2, lang="en")
    explorer.set_lang("ru")
    assert explorer.level_slider.description == "Уровень" and explorer.industry_choice.value == "food"
    assert explorer.industry_choice.label == "Пищевая промышленность"
    explorer.set_level(9)
    assert "Уровень: целое число от 0 до 4" in explorer.message.value and explorer.level_slider.value == 2
    lab = JackpotLab(bet=10, box=200, lang="ru")
    assert "вишня" in lab.table.value and "пара" in lab.table.value
    lab.set_lang("en")
    assert "cherry" in lab.table.value and lab.spin_button.description == "Spin"
    mortgage = MortgageLab(lang="en")
    mortgage.set_lang("ru")
    assert mortgage.board_choice.label == "Миллионер классик" and mortgage.cell_choice.label.endswith("Нефтяной холдинг")
