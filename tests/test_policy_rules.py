"""The two policy options of ``RuleSet``: ``wealth_tax`` (a share of the net worth paid to the bank
with each circular income) and ``rent_cap`` (a plot's rent at most a share of its price); both off
in every preset."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from helpers import give, new_game, roll
from millionaire import Action, RuleSet, load_board
from millionaire.events import BANK, describe
from millionaire.state import GameState, net_worth


def test_every_preset_leaves_both_policies_off():
    for rules in (RuleSet.classic(), RuleSet.monopoly(), RuleSet.junior(), RuleSet.elite()):
        assert rules.wealth_tax == 0 and rules.rent_cap == 0


# ---------------------------------------------------------------- wealth tax


def test_the_wealth_tax_is_paid_with_the_income_for_passing_start(classic):
    game = new_game(classic, wealth_tax=Fraction(1, 50))
    give(game, 0, 39)  # price 350
    game.state.players[0].position = 36
    bank = game.state.bank_balance
    roll(game, 2, 3)  # 36 + 5: past START to cell 1
    # Net worth with the income: 2000 + 200 cash and a plot of 350; 2% of 2550 is 51.
    assert game.state.players[0].cash == 2000 + 200 - 51
    assert game.state.bank_balance == bank - 200 + 51
    taxes = [e for e in game.events if e.kind == "pay" and e.detail == "wealth_tax"]
    assert [(e.player, e.other, e.amount) for e in taxes] == [(0, BANK, 51)]
    assert "wealth tax" in describe(taxes[0], classic, ["Anna", "Boris"], "en")
    assert "налог на богатство" in describe(taxes[0], classic, ["Анна", "Борис"], "ru")
    assert game.pending.kind == "buy" and game.pending.cell == 1  # then the cell is dealt with


def test_the_wealth_tax_is_rounded_down_from_the_net_worth_the_results_count(classic):
    game = new_game(classic, wealth_tax=Fraction(1, 3))
    give(game, 0, 39)
    game.state.mortgaged[39] = True  # worth its price less the loan: 350 - 175
    game.state.players[0].position = 36
    roll(game, 2, 3)
    worth = 2200 + 175
    assert worth == net_worth(game.state, classic, 0) + worth // 3  # the results' net worth, before the tax
    assert game.state.players[0].cash == 2200 - worth // 3  # 791.67 rounded down to 791


def test_no_wealth_tax_without_the_income(classic):
    game = new_game(classic, wealth_tax=Fraction(1, 50))
    game.state.players[0].position = 30
    roll(game, 2, 3)  # to 35: START not passed
    assert not any(e.detail == "wealth_tax" for e in game.events)


def test_a_wealth_tax_the_cash_cannot_pay_is_owed_to_the_bank(classic):
    game = new_game(classic, wealth_tax=Fraction(1, 2))
    give(game, 0, 39)
    game.state.players[0].cash = 0
    game.state.players[0].position = 36
    roll(game, 2, 3)
    # 200 in hand after the income, but half of 550 is 275: raised like any debt to the bank.
    assert game.pending.kind == "raise" and game.pending.amount == 275 and game.pending.payee == BANK
    game.apply(Action.mortgage(39))  # the bank lends 175
    assert game.state.players[0].cash == 200 + 175 - 275
    assert game.pending.kind == "buy" and game.pending.cell == 1


def test_a_wealth_tax_nothing_could_pay_bankrupts_to_the_bank(classic):
    game = new_game(classic, wealth_tax=Fraction(1))
    game.state.players[0].cash = 0
    game.state.players[0].position = 36
    game.state.players[0].cards.clear()
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    # All of 200 + 175 is due; the 200 in hand and no loan left cannot raise it.
    roll(game, 2, 3)
    assert game.state.players[0].bankrupt
    assert any(e.kind == "bankrupt" and e.player == 0 for e in game.events)


def test_the_wealth_tax_comes_before_the_elite_holding_tax():
    elite = load_board("millionaire-elite")
    game = new_game(elite, wealth_tax=Fraction(1, 50))
    give(game, 0, 5, 15)  # two companies of the central industry: a holding tax of 40
    game.state.players[0].position = 38
    roll(game, 1, 3)  # to 2, past START
    worth = 2200 + elite.cells[5].price + elite.cells[15].price
    assert game.state.players[0].cash == 2200 - worth // 50 - 40
    reasons = [e.detail for e in game.events if e.kind == "pay" and e.player == 0]
    assert reasons == ["wealth_tax", "holding_tax"]


def test_a_wealth_tax_owed_in_elite_keeps_the_holding_tax_for_after_it():
    elite = load_board("millionaire-elite")
    game = new_game(elite, wealth_tax=Fraction(1, 2))
    give(game, 0, 5, 15)
    game.state.players[0].cash = 0
    game.state.players[0].position = 38
    roll(game, 1, 3)
    wealth = (200 + elite.cells[5].price + elite.cells[15].price) // 2
    assert game.pending.kind == "raise" and game.pending.amount == wealth
    assert [t[0] for t in game.state.tasks[-3:]] == ["arrive", "pay", "pay"]
    assert [t[4] for t in game.state.tasks[-2:]] == ["holding_tax", "wealth_tax"]


# ---------------------------------------------------------------- rent control


def test_rent_control_caps_a_plots_rent_at_the_share_of_its_price(monopoly):
    game = new_game(monopoly, rent_cap=Fraction(1, 2))
    plain = new_game(monopoly)
    for g in (game, plain):
        give(g, 1, 1, level=3)  # Mediterranean Avenue: price 60, three houses: rent 90
    assert plain.rent(1) == 90 and game.rent(1) == 30
    for g in (game, plain):
        g.state.level[1] = 0
    assert game.rent(1) == plain.rent(1) == 2  # below the cap: unchanged
    game.state.level[1] = 3
    assert game.rent(1, multiplier=2) == 60  # a card's doubling applies to the capped rent


def test_the_cap_is_rounded_down(classic):
    game = new_game(classic, rent_cap=Fraction(1, 3))
    plain = new_game(classic)
    for g in (game, plain):
        give(g, 1, 1, level=3)  # price 50: a third is 16.67
    assert plain.rent(1) > 16 and game.rent(1) == 16


def test_landing_pays_the_capped_rent(monopoly):
    game = new_game(monopoly, rent_cap=Fraction(1, 2))
    give(game, 1, 1, level=3)
    game.state.players[0].position = 38
    roll(game, 1, 2)  # 38 + 3: past GO to Mediterranean Avenue
    rents = [e for e in game.events if e.kind == "pay" and e.detail == "rent"]
    assert [(e.player, e.other, e.amount) for e in rents] == [(0, 1, 30)]


def test_rent_control_leaves_railroads_and_utilities_alone(monopoly):
    game = new_game(monopoly, rent_cap=Fraction(1, 10))
    plain = new_game(monopoly)
    for g in (game, plain):
        give(g, 1, 5, 15, 12, 28)  # two railroads (price 200) and both utilities (150)
        g.state.last_roll = 12
    assert [game.rent(c) for c in (5, 12)] == [plain.rent(c) for c in (5, 12)] == [50, 120]


# ---------------------------------------------------------------- validation and saves


@pytest.mark.parametrize("changes, message", [
    ({"wealth_tax": Fraction(-1, 10)}, "RuleSet.wealth_tax must be a number between 0 and 1, got Fraction(-1, 10)"),
    ({"wealth_tax": Fraction(3, 2)}, "RuleSet.wealth_tax must be a number between 0 and 1, got Fraction(3, 2)"),
    ({"wealth_tax": "a lot"}, "RuleSet.wealth_tax must be a number between 0 and 1, got 'a lot'"),
    ({"wealth_tax": True}, "RuleSet.wealth_tax must be a number between 0 and 1, got True"),
    ({"rent_cap": -1}, "RuleSet.rent_cap must be a number between 0 and 10, got Fraction(-1, 1)"),
    ({"rent_cap": 11}, "RuleSet.rent_cap must be a number between 0 and 10, got Fraction(11, 1)"),
    ({"rent_cap": None}, "RuleSet.rent_cap must be a number between 0 and 10, got None"),
])
def test_bad_policy_values_are_refused(changes, message):
    with pytest.raises(ValueError) as error:
        RuleSet.classic().replace(**changes)
    assert str(error.value) == message


def test_policy_values_from_numbers():
    rules = RuleSet.classic().replace(wealth_tax=0.02, rent_cap=4)
    assert rules.wealth_tax == Fraction(1, 50) and rules.rent_cap == 4


def test_a_save_carries_both_policies(classic):
    game = new_game(classic, wealth_tax=Fraction(1, 50), rent_cap=Fraction(3, 4))
    game.state.players[0].position = 36
    roll(game, 2, 3)
    loaded = GameState.from_json(game.state.to_json(), classic)
    assert loaded.rules.wealth_tax == Fraction(1, 50) and loaded.rules.rent_cap == Fraction(3, 4)
    assert loaded.to_json() == game.state.to_json()


def test_a_save_without_the_policies_loads_them_off(classic):
    game = new_game(classic)
    data = json.loads(game.state.to_json())
    del data["rules"]["wealth_tax"], data["rules"]["rent_cap"]
    loaded = GameState.from_json(json.dumps(data), classic)
    assert loaded.rules == game.state.rules
