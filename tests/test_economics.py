"""Economics: rent tables, expected income, payback, mortgages, the jackpot, the bank, inequality.

Small hand-computed cases (the 4-cell toy board, a single plot, a one-column slot machine), the
invariants (payback × income = cost, probabilities summing to 1) and cross-checks against the engine
and against independent computations from the Markov probabilities.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from helpers import give, new_game, rig

from millionaire import Action, CellKind, Game, RuleSet, load_board
from millionaire.cli import main
from millionaire.economics import (
    BANK_ITEMS, EconomicsError, bank_income, expected_rent, expected_rent_table, format_economics, gini, gini_rows,
    herfindahl, industry_income, inequality, investment_table, jackpot_break_even_box, jackpot_distribution,
    jackpot_expected_grid, jackpot_expected_value, jackpot_outcomes, jackpot_return_per_bet, landing_rates,
    monopoly_premium, monopoly_premium_table, mortgage_interest, mortgage_terms, mortgage_to_build, net_worths,
    next_purchases, ownership_hhi, plot_rent, rent_table,
)
from millionaire import jackpot
from millionaire.jackpot import Spin
from millionaire.markov import movement_chain
from millionaire.pending import JackpotPending
from millionaire.simulate import play_by_round

TOY = Path(__file__).parent / "data" / "toy4.toml"


@pytest.fixture(scope="module")
def toy():
    return load_board(TOY)


@pytest.fixture(scope="module")
def uniform():
    """Toy-board rules under which a token's position is a plain random walk on 4 cells: landing on the
    jail cell is a visit and a jail by doubles practically never happens. Every cell is then the end
    of a roll with probability 1/4, and a turn holds 1 / (1 - 1/6) = 6/5 rolls: 0.3 landings per turn."""
    return RuleSet.classic().replace(detain_on_landing=False, doubles_to_jail=20)


# ---------------------------------------------------------------------- how often, on the toy board
def test_landing_rates_of_the_uniform_walk(toy, uniform):
    assert landing_rates(toy, uniform, per="roll") == pytest.approx([0.25] * 4, abs=1e-12)
    assert landing_rates(toy, uniform) == pytest.approx([0.3] * 4, abs=1e-12)
    assert landing_rates(toy, uniform, per="round", opponents=3) == pytest.approx([0.9] * 4, abs=1e-12)


def test_landing_rates_are_the_chain_views(monopoly):
    chain = movement_chain(monopoly, jail="long")
    assert np.array_equal(landing_rates(monopoly, jail="long", per="roll"), chain.probabilities("roll")[:40])
    assert np.array_equal(landing_rates(monopoly, jail="long"), chain.probabilities("landing")[:40])


# ---------------------------------------------------------------------- rent tables
def test_rent_of_a_single_plot_by_hand(toy):
    # Doll shop (cell 1): 10 / 50 / 150 / 300 / 500; a complete industry doubles the empty plot only.
    assert [plot_rent(toy, 1, level) for level in range(5)] == [10, 50, 150, 300, 500]
    assert [plot_rent(toy, 1, level, monopoly=True) for level in range(5)] == [20, 50, 150, 300, 500]
    every_level = RuleSet.classic().replace(monopoly_scope="all", monopoly_multiplier=3)
    assert [plot_rent(toy, 1, level, every_level, monopoly=True) for level in range(5)] == [30, 150, 450, 900, 1500]
    rows = [r for r in rent_table(toy) if r["cell"] == 3]
    assert [(r["level"], r["rent"], r["rent_monopoly"], r["premium"]) for r in rows] == [
        (0, 20, 40, 20), (1, 100, 100, 0), (2, 300, 300, 0), (3, 600, 600, 0), (4, 1000, 1000, 0)]
    assert [r["level_name"] for r in rows] == ["empty", "1 × branch", "2 × branch", "3 × branch", "enterprise"]


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
@pytest.mark.parametrize("changes", [{}, {"monopoly_scope": "all", "monopoly_multiplier": 3}])
def test_rent_table_is_what_the_engine_charges(key, changes):
    board = load_board(key)
    game = new_game(board, 2, **changes)
    state = game.state
    for row in rent_table(board, game.rules):
        cell, level = row["cell"], row["level"]
        cells = board.industries[board.cells[cell].industry].cells
        for c in cells:  # the whole industry to seat 1, then break it by giving another plot to seat 0
            state.owner[c], state.level[c] = 1, 0
        state.level[cell] = level
        assert game.rent(cell) == row["rent_monopoly"], row
        other = next(c for c in cells if c != cell)
        state.owner[other] = 0
        assert game.rent(cell) == row["rent"], row
        for c in cells:
            state.owner[c], state.level[c] = -1, 0


def test_expected_rent_by_hand_on_the_toy_board(toy, uniform):
    # 0.3 landings per turn: the Toy factory's enterprise earns 1000 × 0.3 = 300 per opponent turn,
    # 1000 × 0.25 = 250 per opponent roll, 600 per round with two opponents.
    assert expected_rent(toy, 3, 4, uniform) == pytest.approx(300)
    assert expected_rent(toy, 3, 4, uniform, per="roll") == pytest.approx(250)
    assert expected_rent(toy, 3, 4, uniform, per="round", opponents=2) == pytest.approx(600)
    assert expected_rent(toy, 1, 0, uniform) == pytest.approx(0.3 * 20)  # doubled: monopoly by default
    assert expected_rent(toy, 1, 0, uniform, monopoly=False) == pytest.approx(0.3 * 10)
    rows = expected_rent_table(toy, uniform, opponents=2)
    assert len(rows) == 2 * 5
    row = next(r for r in rows if r["cell"] == 1 and r["level"] == 2)
    assert (row["rent"], row["per_roll"], row["per_turn"], row["per_round"]) == pytest.approx((150, 37.5, 45, 90))
    (whole,) = industry_income(toy, uniform, opponents=2)
    assert whole["level"] == 4 and whole["cells"] == (1, 3)
    assert (whole["per_roll"], whole["per_turn"], whole["per_round"]) == pytest.approx((375, 450, 900))
    (empty,) = industry_income(toy, uniform, level=0)
    assert empty["per_turn"] == pytest.approx(0.3 * (20 + 40))


def test_expected_rent_table_agrees_with_the_chain(classic):
    chain = movement_chain(classic)
    landing, roll = chain.probabilities("landing"), chain.probabilities("roll")
    for row in expected_rent_table(classic, opponents=3):
        rent = plot_rent(classic, row["cell"], row["level"], monopoly=True)
        assert row["per_turn"] == pytest.approx(landing[row["cell"]] * rent, rel=1e-12)
        assert row["per_roll"] == pytest.approx(roll[row["cell"]] * rent, rel=1e-12)
        assert row["per_round"] == pytest.approx(3 * row["per_turn"], rel=1e-12)
        # For a plot, "a roll ends here" and "landings per roll" are the same thing.
        assert row["per_roll"] * chain.rolls_per_turn == pytest.approx(row["per_turn"], rel=1e-9)


@pytest.mark.parametrize("call, message", [
    (lambda b: plot_rent(b, 0, 0), r"cell 0 \(START\) is a 'start', not a plot"),
    (lambda b: plot_rent(b, 4, 0), r"cell 4 is not a cell of board 'toy4' \(0\.\.3\)"),
    (lambda b: plot_rent(b, 1, 5), r"level must be 0\.\.4 .* got 5"),
    (lambda b: plot_rent(b, 1, -1), r"level must be 0\.\.4"),
    (lambda b: expected_rent(b, 1, 0, per="year"), "per must be one of turn, roll, round, got 'year'"),
    (lambda b: expected_rent(b, 1, 0, jail="medium"), "jail strategy must be one of short, long"),
    (lambda b: expected_rent_table(b, opponents=0), "opponents must be an integer >= 1, got 0"),
    (lambda b: industry_income(b, level=9), "level must be 0..4"),
    (lambda b: investment_table(b, industry="cars"), "unknown industry 'cars' on board 'toy4' \\(known: toys\\)"),
    (lambda b: investment_table(b, by="plot"), "by must be 'level' or 'building'"),
])
def test_rent_functions_reject_bad_arguments(toy, call, message):
    with pytest.raises(EconomicsError, match=message):
        call(toy)
    assert issubclass(EconomicsError, ValueError)


# ---------------------------------------------------------------------- investment
def test_investment_table_by_hand_on_the_toy_board(toy, uniform):
    # Two opponents, 0.3 landings per turn each. Owning both plots (300): (20 + 40) × 0.3 × 2 = 36 a round.
    rows = investment_table(toy, uniform, opponents=2)
    assert [r["levels"] for r in rows] == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    assert [r["cost"] for r in rows] == [300, 400, 500, 600, 700]
    assert [r["income_per_round"] for r in rows] == pytest.approx([36, 90, 270, 540, 900])
    assert rows[0]["payback_rounds"] == pytest.approx(300 / 36)
    assert rows[1]["marginal_cost"] == 100 and rows[1]["marginal_income_per_round"] == pytest.approx(54)
    assert rows[1]["marginal_payback_rounds"] == pytest.approx(100 / 54)
    assert rows[4]["return_per_round"] == pytest.approx(900 / 700)
    # One building at a time: the first goes on the Toy factory (+ (100 - 40) × 0.6 = 36 a round) rather
    # than the Doll shop (+ (50 - 20) × 0.6 = 18).
    steps = investment_table(toy, uniform, opponents=2, by="building")
    assert [r["levels"] for r in steps] == [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]
    assert steps[1]["marginal_income_per_round"] == pytest.approx(36)
    assert steps[1]["marginal_return_per_round"] == pytest.approx(36 / 50)
    assert steps[-1]["income_per_round"] == pytest.approx(rows[-1]["income_per_round"])


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
def test_investment_table_invariants(key):
    board = load_board(key)
    rows = investment_table(board, opponents=3, by="building")
    for row in rows:  # payback × income = cost; return = 1 / payback
        assert row["payback_rounds"] * row["income_per_round"] == pytest.approx(row["cost"], rel=1e-12)
        assert row["return_per_round"] * row["payback_rounds"] == pytest.approx(1, rel=1e-12)
        assert max(row["levels"]) - min(row["levels"]) <= 1  # even building
        if row["marginal_income_per_round"] > 0:
            assert row["marginal_payback_rounds"] * row["marginal_income_per_round"] == pytest.approx(row["marginal_cost"])
    top = board.levels - 1
    for industry in board.industries:
        mine = [r for r in rows if r["industry"] == industry.index]
        assert len(mine) == 1 + top * len(industry.cells)
        assert sum(r["marginal_cost"] for r in mine) == mine[-1]["cost"]
        assert sum(r["marginal_income_per_round"] for r in mine) == pytest.approx(mine[-1]["income_per_round"])
        assert mine[-1]["cost"] == sum(board.cells[c].price for c in industry.cells) + top * len(industry.cells) * industry.build_price
        full = next(r for r in industry_income(board, opponents=3) if r["industry"] == industry.index)
        assert mine[-1]["income_per_round"] == pytest.approx(full["per_round"])


def test_next_purchases_by_hand(classic):
    game = new_game(classic, 2)
    turn = landing_rates(classic)
    give(game, 0, 36, 38)  # two of the three Extraction plots
    options = next_purchases(game, 0)
    best = options[0]
    assert (best["action"], best["cell"], best["cost"]) == ("buy", 39, 350)
    # Oil holding earns 50 doubled; completing the industry doubles Coal (44) and Gas (45) too. One opponent.
    assert best["gain_per_round"] == pytest.approx(100 * turn[39] + 44 * turn[36] + 45 * turn[38])
    assert [o["return_per_round"] for o in options] == sorted((o["return_per_round"] for o in options), reverse=True)
    assert {o["action"] for o in options} == {"buy"} and len(options) == len(classic.plots) - 2
    # The whole industry: the next branch on each plot, best first.
    give(game, 0, 39)
    builds = [o for o in next_purchases(game, 0, opponents=3) if o["action"] == "build"]
    assert {o["cell"] for o in builds} == {36, 38, 39}
    oil = next(o for o in builds if o["cell"] == 39)
    assert oil["gain_per_round"] == pytest.approx(3 * (200 - 100) * turn[39])
    assert oil["payback_rounds"] * oil["gain_per_round"] == pytest.approx(200)
    # A mortgaged plot breaks the industry: redeeming it restores its rent and the doubling.
    game.state.mortgaged[36] = True
    redeem = next(o for o in next_purchases(game, 0) if o["action"] == "redeem")
    assert redeem["cell"] == 36 and redeem["cost"] == game.redemption_cost(36) == 165 + 33
    assert redeem["gain_per_round"] == pytest.approx(88 * turn[36] + 45 * turn[38] + 50 * turn[39])
    game.state.players[0].cash = 100
    assert not next(o for o in next_purchases(game, 0) if o["action"] == "redeem")["affordable"]
    with pytest.raises(EconomicsError, match="seat must be 0..1, got 2"):
        next_purchases(game, 2)


# ---------------------------------------------------------------------- mortgages
def test_mortgage_terms_by_hand(toy):
    terms = mortgage_terms(toy, 1)  # price 100: half lent, redeemed for half + 10% of the price
    assert terms == {"cell": 1, "price": 100, "cash_raised": 50, "redemption_cost": 60, "fee": 10, "fee_rate": 0.2}
    monopoly_rules = RuleSet.monopoly().replace(small_per_large=3)
    assert mortgage_terms(toy, 3, monopoly_rules)["redemption_cost"] == 110  # 10% of the mortgage value


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
def test_mortgage_terms_are_what_the_engine_charges(key):
    board = load_board(key)
    game = new_game(board, 2)
    for cell in board.ownable:
        terms = mortgage_terms(board, cell)
        assert (terms["cash_raised"], terms["redemption_cost"]) == (game.mortgage_value(cell), game.redemption_cost(cell))
    cell = board.ownable[-1]
    give(game, 0, cell)
    cash = game.state.players[0].cash
    game.apply(Action.mortgage(cell))
    assert game.state.players[0].cash - cash == mortgage_terms(board, cell)["cash_raised"]
    game.apply(Action.redeem(cell))
    assert cash - game.state.players[0].cash == mortgage_terms(board, cell)["fee"]


def test_mortgage_interest_falls_with_the_duration(toy):
    rows = mortgage_interest(toy, 1, [1, 2, 10])
    assert [r["simple_per_round"] for r in rows] == pytest.approx([0.2, 0.1, 0.02])
    assert [r["compound_per_round"] for r in rows] == pytest.approx([0.2, 1.2 ** 0.5 - 1, 1.2 ** 0.1 - 1])
    assert all(r["total_rate"] == 0.2 for r in rows)
    assert mortgage_interest(toy, 1, 0.5)[0]["simple_per_round"] == pytest.approx(0.4)
    for bad in (0, -3, math.nan, math.inf, True):
        with pytest.raises(EconomicsError, match="rounds must be > 0"):
            mortgage_interest(toy, 1, bad)
    with pytest.raises(EconomicsError, match="at least one duration"):
        mortgage_interest(toy, 1, [])
    with pytest.raises(EconomicsError, match=r"cell 2 \(Tax Inspection\) is a 'jail', not a property"):
        mortgage_interest(toy, 2, 1)


def test_mortgage_to_build_by_hand(classic):
    game = new_game(classic, 3)
    turn = landing_rates(classic)
    give(game, 0, 21, 23, 24, level=2)  # Media, two branches each
    give(game, 0, 39)
    deal = mortgage_to_build(game, 0, mortgage=[39], build=[21], rounds=20)
    lost = 50 * turn[39] * 2  # two opponents
    gained = (610 - 280) * turn[21] * 2
    assert deal["cash_raised"] == 175 and deal["build_cost"] == 150 and deal["cash_needed"] == -25
    assert deal["lost_per_round"] == pytest.approx(lost) and deal["gained_per_round"] == pytest.approx(gained)
    assert deal["change_per_round"] == pytest.approx(gained - lost)
    assert deal["redemption_cost"] == 210 and deal["fee"] == 35
    assert deal["break_even_rounds"] == pytest.approx(35 / (gained - lost))
    assert deal["gain"] == pytest.approx(20 * (gained - lost) - 35)
    assert deal["income_after"] - deal["income_before"] == pytest.approx((gained - lost) / 2)
    assert game.state.mortgaged[39] is False and game.state.level[21] == 2  # the game is untouched


@pytest.mark.parametrize("mortgage, build, message", [
    ([23], [21], "cannot mortgage cell 23 .*: its industry has buildings"),
    ([1], [21], "cannot mortgage cell 1 .*: it is not seat 0's"),
    ([39, 39], [21], "cannot mortgage cell 39 .*: it is already mortgaged"),
    ([39], [21, 21], "cannot build on cell 21 .*: build evenly"),
    ([39], [36], "cannot build on cell 36 .*: seat 0 does not hold its whole industry unmortgaged"),
    ([5], [21], r"cell 5 \(Charity fund\) is a 'fund_collect', not a property"),
])
def test_mortgage_to_build_follows_the_rules(classic, mortgage, build, message):
    game = new_game(classic, 2)
    give(game, 0, 21, 23, 24, level=2)
    give(game, 0, 39)
    with pytest.raises(EconomicsError, match=message):
        mortgage_to_build(game, 0, mortgage, build)
    for rounds in (0, math.inf):  # the same check as mortgage_interest's
        with pytest.raises(EconomicsError, match="rounds must be > 0"):
            mortgage_to_build(game, 0, [39], [21], rounds=rounds)


@pytest.mark.parametrize("mortgage, build, message", [
    ([23], [21], r"нельзя заложить клетку 23 \(.+\): в её отрасли есть постройки"),
    ([1], [21], "нельзя заложить клетку 1 .*: она не принадлежит игроку на месте 0"),
    ([39, 39], [21], "нельзя заложить клетку 39 .*: она уже заложена"),
    ([39], [21, 21], "нельзя строить на клетке 21 .*: стройте равномерно"),
    ([39], [36], "нельзя строить на клетке 36 .*: у игрока на месте 0 нет всей отрасли без залогов"),
])
def test_mortgage_to_build_refuses_in_russian(classic, mortgage, build, message):
    game = new_game(classic, 2)
    give(game, 0, 21, 23, 24, level=2)
    give(game, 0, 39)
    with pytest.raises(EconomicsError, match=message) as refused:
        mortgage_to_build(game, 0, mortgage, build, lang="ru")
    assert classic.cells[mortgage[-1] if "заложить" in message else build[-1]].name("ru") in str(refused.value)
    assert game.state.mortgaged == [False] * len(classic.cells)  # nothing changed


# ---------------------------------------------------------------------- the jackpot
def one_column(face: int) -> Spin:
    """A one-column machine: a six wins the box, a five pays twice the bet, the rest lose."""
    if face == 6:
        return Spin("jackpot", "seven", 0)
    if face == 5:
        return Spin("pair", "cherry", 2)
    return Spin("lose", "", 0)


def test_a_one_column_machine_by_hand():
    rows = jackpot_distribution(10, 30, spin=one_column, columns=1)
    table = {r["outcome"]: (r["count"], r["probability"], r["from_box"], r["from_bank"], r["net"]) for r in rows}
    # Bet 10 into a box of 30: two sevens take the box of 40; a pair pays 10 from the box and 10 from the bank.
    assert table == {"lose": (4, Fraction(4, 6), 0, 0, -10), "jackpot": (1, Fraction(1, 6), 40, 0, 30),
                     "pair": (1, Fraction(1, 6), 10, 10, 10)}
    assert jackpot_expected_value(10, 30, spin=one_column, columns=1) == 0  # (30 + 10 - 40) / 6
    assert jackpot_expected_value(10, 36, spin=one_column, columns=1) == 1  # each unit of box adds 1/6
    assert jackpot_break_even_box(10, spin=one_column, columns=1) == 30
    assert jackpot_return_per_bet(10, 30, spin=one_column, columns=1) == 1.0
    with pytest.raises(EconomicsError, match="never pays the box"):
        jackpot_break_even_box(10, spin=lambda face: Spin("lose", "", 0), columns=1)


def test_the_real_machine_exactly():
    spins = jackpot_outcomes()
    assert len(spins) == 216 and sum(s["probability"] for s in spins) == 1
    counts = {}
    for s in spins:
        counts[s["outcome"], s["symbol"]] = counts.get((s["outcome"], s["symbol"]), 0) + 1
    # Each symbol but blank is one face in six: three of a kind 1 way, an adjacent pair 2 × 1 × 5 ways.
    assert counts == {("three", "cherry"): 1, ("three", "plum"): 1, ("three", "bell"): 1, ("three", "seven"): 1,
                      ("pair", "cherry"): 10, ("pair", "plum"): 10, ("pair", "bell"): 10, ("jackpot", "seven"): 10,
                      ("lose", ""): 172}
    for bet, box in [(1, 0), (10, 200), (50, 7), (200, 1000)]:
        rows = jackpot_distribution(bet, box)
        assert sum(r["probability"] for r in rows) == 1
        assert sum(r["count"] for r in rows) == 216
        # The rules page: expected total return per unit bet 185/216 + 10/216 × (box + bet) / bet.
        exact = Fraction(185, 216) + Fraction(10, 216) * Fraction(box + bet, bet)
        assert 1 + jackpot_expected_value(bet, box) / bet == exact
        assert jackpot_return_per_bet(bet, box) == pytest.approx(0.8565 + 0.0463 * (box + bet) / bet, abs=1e-3)
    assert jackpot_break_even_box(10) == 21 and jackpot_break_even_box(7) == Fraction(147, 10)
    assert jackpot_expected_value(10, 21) == 0 and jackpot_expected_value(10, 20) < 0 < jackpot_expected_value(10, 22)
    grid = jackpot_expected_grid([1, 10, 100], [0, 21, 210])
    assert grid.shape == (3, 3) and grid[1, 1] == pytest.approx(0) and grid[2, 2] == pytest.approx(0)
    assert grid[0, 0] == pytest.approx(float(jackpot_expected_value(1, 0)))


@pytest.mark.parametrize("bet, box, message", [
    (-5, 200, "bet must be a whole amount >= 1, got -5"),
    (0, 200, "bet must be a whole amount >= 1, got 0"),
    (2.5, 200, "bet must be a whole amount >= 1, got 2.5"),
    (10, -1, "box must be a whole amount >= 0, got -1"),
])
def test_jackpot_rejects_bad_amounts(bet, box, message):
    with pytest.raises(EconomicsError, match=message):
        jackpot_expected_value(bet, box)
    with pytest.raises(EconomicsError, match="at least one amount"):
        jackpot_expected_grid([], [1])


def test_jackpot_expectation_matches_the_engines_slot_machine(classic):
    """Seeded spins of the engine's own slot machine (Game.apply with a bet, the engine's dice)."""
    game = new_game(classic, 2)
    state = game.state
    state.players[0].position = 12
    rig(game, 5, 3)  # 12 + 8: the Jackpot cell
    game.apply(Action.roll())
    assert game.pending.kind == "jackpot"
    bet, box, trials = 10, 1000, 20_000
    exact = {}
    for row in jackpot_distribution(bet, box):
        exact[row["payout"]] = exact.get(row["payout"], 0) + row["probability"]
    seen = {payout: 0 for payout in exact}
    payouts = np.empty(trials)
    for trial in range(trials):
        state.jackpot_box, state.players[0].cash = box, 10_000
        state.pending = JackpotPending(player=0, cell=20)
        game.apply(Action.bet(bet))
        payout = state.players[0].cash - (10_000 - bet)
        assert payout in seen
        seen[payout] += 1
        payouts[trial] = payout
    mean = float(sum(p * q for p, q in exact.items()))
    sd = math.sqrt(float(sum(q * (p - mean) ** 2 for p, q in exact.items())))
    assert abs(payouts.mean() - mean) < 4.5 * sd / math.sqrt(trials)
    for payout, q in exact.items():
        q = float(q)
        assert abs(seen[payout] / trials - q) < 4.5 * math.sqrt(q * (1 - q) / trials) + 1e-12, payout


# ---------------------------------------------------------------------- money from the bank
def test_bank_income_by_hand_on_the_toy_board(toy, uniform):
    # A uniform position p and a roll s pass START unless p + s < 4: 1 - (1/36)(2/4) - (2/36)(1/4) = 35/36.
    flows = bank_income(toy, uniform)
    assert list(flows) == list(BANK_ITEMS)
    assert flows["circular_income"] == pytest.approx(200 * 35 / 36)
    assert flows["net"] == pytest.approx(200 * 35 / 36)
    assert flows["taxes"] == flows["card_receipts"] == flows["card_payments"] == flows["charity_fund"] == 0
    assert flows["bail"] == pytest.approx(0, abs=1e-9)
    assert bank_income(toy, uniform, per="turn")["net"] == pytest.approx(200 * 35 / 36 * 6 / 5)
    no_income = uniform.replace(circular_income=0)
    assert bank_income(toy, no_income)["net"] == pytest.approx(0, abs=1e-9)


def card_bank_money(card, cash: int) -> tuple[float, float]:
    """(bank money, charity money) of one card for a player with ``cash``, no plots, no buildings."""
    if card.effect == "receive":
        return card.amount, 0
    if card.effect == "pay":
        return (0, -card.amount) if card.to == "fund" else (-card.amount, 0)
    if card.effect == "pay_percent_cash":
        return -(cash * card.percent // 100), 0
    return 0, 0


def salary_passes(board, card, cell: int) -> bool:
    """Does a salary card drawn on ``cell`` pass START? (Monopoly's cards, by reading the board.)"""
    if card.effect == "move_to":
        return card.target == 0 or card.target < cell
    if card.effect == "nearest":
        kind = CellKind(card.what)
        targets = [c.index for c in board.cells if c.kind is kind]
        ahead = [t for t in targets if t > cell]
        return not ahead  # the nearest one ahead is behind START
    return False


def independent_bank_income(board, rules, jail: str) -> dict[str, float]:
    """Per roll, from the chain's landing view (landings per roll = landings per turn ÷ rolls per turn)
    and its roll states (passing START by the dice)."""
    chain = movement_chain(board, rules, jail)
    per_roll = chain.probabilities("landing") / chain.rolls_per_turn
    income = 0.0
    for weight, label in zip(chain.roll_chain.stationary, chain.roll_chain.labels):
        if label[0] == "jail":
            continue  # from the jail cell (10) no roll reaches START
        cell, doubles = label
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b and doubles + 1 >= rules.doubles_to_jail:
                    continue  # the third double: detained without moving
                if cell + a + b >= board.size:
                    income += weight / 36 * rules.circular_income
    taxes = receipts = payments = charity = 0.0
    for cell in board.cells:
        rate = per_roll[cell.index]
        if cell.kind is CellKind.TAX:
            taxes -= rate * cell.amount
        elif cell.kind is CellKind.FUND_FINE:
            charity -= rate * cell.amount
        elif cell.kind is CellKind.CARD:
            deck = board.decks[cell.deck].cards
            for card in deck:
                bank, fund = card_bank_money(card, rules.start_cash)
                receipts += rate / len(deck) * max(bank, 0)
                payments += rate / len(deck) * min(bank, 0)
                charity += rate / len(deck) * fund
                if card.salary and salary_passes(board, card, cell.index):
                    income += rate / len(deck) * rules.circular_income
    detained = per_roll[-1]
    pays = 1.0 if jail == "short" else (5 / 6) ** rules.jail_max_turns
    bail = -detained * pays * rules.jail_fine
    net = income + taxes + receipts + payments + bail
    return {"circular_income": income, "taxes": taxes, "card_receipts": receipts, "card_payments": payments,
            "bail": bail, "net": net, "charity_fund": charity}


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
@pytest.mark.parametrize("jail", ["short", "long"])
def test_bank_income_matches_an_independent_computation(key, jail):
    board = load_board(key)
    rules = RuleSet.for_board(key)
    ours = bank_income(board, jail=jail)
    theirs = independent_bank_income(board, rules, jail)
    for item in BANK_ITEMS:
        assert ours[item] == pytest.approx(theirs[item], rel=1e-9, abs=1e-12), item
    per_turn = bank_income(board, jail=jail, per="turn")
    rolls = movement_chain(board, jail=jail).rolls_per_turn
    assert per_turn["net"] == pytest.approx(ours["net"] * rolls)


def test_bank_income_cards_that_depend_on_the_player(classic):
    base = bank_income(classic)
    richer = bank_income(classic, cash=10_000, plots=5, small=4, large=1)
    chance = sum(movement_chain(classic).probabilities("landing")[c] for c in (8, 18, 27, 37))
    chance /= movement_chain(classic).rolls_per_turn
    # 10% of 8000 more cash, 10 per plot, repairs 25 per branch and 100 per enterprise; 1 card in 20 each.
    assert richer["card_payments"] - base["card_payments"] == pytest.approx(-chance / 20 * (800 + 4 * 25 + 100))
    assert richer["card_receipts"] - base["card_receipts"] == pytest.approx(chance / 20 * 50)
    with pytest.raises(EconomicsError, match="per must be 'roll' or 'turn', got 'round'"):
        bank_income(classic, per="round")
    with pytest.raises(EconomicsError, match="plots must be an integer >= 0, got -1"):
        bank_income(classic, plots=-1)


# ---------------------------------------------------------------------- millionaire economics
def printed_rows(out: str, names: list[str]) -> dict[str, list[float]]:
    rows = {}
    for line in out.splitlines():
        for name in names:
            if line.startswith(f"  {name} "):
                rows[name] = [float(x) for x in re.findall(r"[+-]?\d+\.\d\d", line)]
    return rows


@pytest.mark.parametrize("key, jail", [("monopoly-us", "short"), ("monopoly-us", "long"), ("millionaire-classic", "short")])
def test_economics_command_prints_values_computed_independently(capsys, key, jail):
    assert main(["economics", "--board", key, "--jail", jail, "--opponents", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert 'view per="roll"' in out and 'view per="landing"' in out and "per roll" in out
    board = load_board(key)
    chain = movement_chain(board, jail=jail)
    roll, landing = chain.probabilities("roll"), chain.probabilities("landing")
    names = [industry.name_en for industry in board.industries]
    rows = printed_rows(out, names)
    assert set(rows) == set(names)
    for industry in board.industries:
        hotel = [board.cells[c].rent[-1] for c in industry.cells]
        per_roll = sum(roll[c] * r for c, r in zip(industry.cells, hotel))
        per_turn = sum(landing[c] * r for c, r in zip(industry.cells, hotel))
        assert rows[industry.name_en] == pytest.approx([per_roll, per_turn, 3 * per_turn], abs=0.0051)
    bank = independent_bank_income(board, RuleSet.for_board(key), jail)
    printed = printed_rows(out, ["net from the bank", "circular income", "taxes", "bail (jail fine)"])
    assert printed["net from the bank"] == pytest.approx([bank["net"], bank["net"] * chain.rolls_per_turn], abs=0.0051)
    assert printed["circular income"][0] == pytest.approx(bank["circular_income"], abs=0.0051)
    assert printed["bail (jail fine)"][0] == pytest.approx(bank["bail"], abs=0.0051)
    assert ("Jackpot:" in out) == (key == "millionaire-classic")


def test_economics_command_in_russian_and_its_errors(capsys):
    assert main(["economics", "--board", "millionaire-classic", "--lang", "ru"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("Миллионер классик") and "итого от банка" in out and "Добывающая промышленность" in out
    assert "больше 2.1 × ставка" in out
    assert out.rstrip("\n") == format_economics(load_board("millionaire-classic"), lang="ru")
    assert main(["economics", "--board", "no-such-board"]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("millionaire: error: no-such-board") and err.count("\n") == 1
    with pytest.raises(SystemExit) as exit_:
        main(["economics", "--jail", "medium"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_economics_command_on_a_board_file(capsys):
    assert main(["economics", "--board", str(TOY), "--opponents", "1"]) == 0
    out, _ = capsys.readouterr()
    assert "Toys" in out and "Jackpot" not in out


# ---------------------------------------------------------------------- inequality and monopoly power
def test_gini_and_herfindahl_by_hand():
    assert gini([100, 100, 100]) == 0.0
    assert gini([0, 0, 0, 400]) == 0.75  # one of four holds everything: (n - 1) / n
    assert gini([1, 2, 3, 4]) == pytest.approx(0.25)  # sum |xi - xj| = 20 over 16 pairs, / (2 × 2.5)
    assert gini([0, 0]) == 0.0
    rng = np.random.default_rng(5)
    data = rng.integers(0, 5000, size=(20, 4))
    assert gini_rows(data) == pytest.approx([gini(row) for row in data])
    pairs = np.abs(data[:, :, None] - data[:, None, :]).sum(axis=(1, 2))
    assert gini_rows(data) == pytest.approx(pairs / (2 * 16 * data.mean(axis=1)))
    assert herfindahl([3, 1]) == 0.625 and herfindahl([1, 1, 1, 1]) == 0.25 and herfindahl([7]) == 1.0
    assert math.isnan(herfindahl([0, 0]))
    for bad in ([], [1, -1]):
        with pytest.raises(EconomicsError):
            gini(bad)
        with pytest.raises(EconomicsError):
            herfindahl(bad)


def test_positions_of_a_real_game(classic, monopoly):
    for board in (classic, monopoly):
        game = Game(board, agents=["aggressive", "cautious", "monopolist"], seed=11, record_events=False)
        rows = []
        for _done, g in play_by_round(game, max_rounds=60):
            state = g.state.copy()
            assert net_worths(g) == net_worths(state) == [g.net_worth(s) for s in range(3)]
            rows.append(state)
        table = inequality(rows)
        assert [r["round"] for r in table] == list(range(len(rows)))
        for row, state in zip(table, rows):
            assert 0 <= row["gini"] <= 2 / 3 + 1e-12
            assert row["gini"] == pytest.approx(gini(row["net_worth"]))
            owned = [sum(1 for c in board.ownable if state.owner[c] == s) for s in range(3)]
            if sum(owned):
                assert row["hhi"] == pytest.approx(herfindahl(owned))
            else:
                assert math.isnan(row["hhi"])
            assert row["monopoly_premium"] >= 0
        assert table[0]["gini"] == 0 and math.isnan(table[0]["hhi"])
        assert inequality(game) == inequality(game.state)


def test_ownership_and_monopoly_premium_by_hand(classic):
    game = new_game(classic, 2)
    turn = landing_rates(classic)
    give(game, 0, 1, 2)
    give(game, 1, 39)
    assert ownership_hhi(game) == pytest.approx((2 / 3) ** 2 + (1 / 3) ** 2)
    assert ownership_hhi(game, weight="price") == pytest.approx((110 / 460) ** 2 + (350 / 460) ** 2)
    give(game, 1, 36, 38)  # the whole of Extraction
    premium = monopoly_premium(game)
    assert premium[0]["complete"] == () and premium[0]["premium"] == 0
    assert premium[0]["rent"] == pytest.approx(1 * turn[1] + 4 * turn[2])
    assert premium[1]["complete"] == (7,)
    assert premium[1]["premium"] == pytest.approx(44 * turn[36] + 45 * turn[38] + 50 * turn[39])
    game.state.level[36] = game.state.level[38] = game.state.level[39] = 1
    assert monopoly_premium(game)[1]["rent"] == pytest.approx(165 * turn[36] + 170 * turn[38] + 200 * turn[39])
    game.state.level[36] = game.state.level[38] = game.state.level[39] = 0
    game.state.mortgaged[39] = True  # a mortgage breaks the industry and earns nothing
    broken = monopoly_premium(game)[1]
    assert broken["complete"] == () and broken["premium"] == 0
    assert broken["rent"] == pytest.approx(44 * turn[36] + 45 * turn[38])
    assert inequality(game)["complete_industries"] == 0
    table = monopoly_premium_table(classic)
    for row in table:
        assert row["premium"] == pytest.approx(row["without"]) and row["ratio"] == pytest.approx(2)
    with pytest.raises(EconomicsError, match="weight must be 'count' or 'price'"):
        ownership_hhi(game, weight="value")
    with pytest.raises(EconomicsError, match="expected a Game or a GameState, got list"):
        net_worths([1, 2])


# ---------------------------------------------------------------------- the machine comes from the board file
CLASSIC_FILE = Path(__file__).resolve().parents[1] / "millionaire" / "boards" / "millionaire_classic.toml"


def edited_board(tmp_path, old: str, new: str):
    """A copy of the classic board file with one edit of its [slot_machine] table, loaded."""
    text = CLASSIC_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "my_machine.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_board(path)


def test_the_classic_board_file_holds_the_machine_the_kit_uses(classic):
    machine = classic.slot_machine
    assert machine == jackpot.CLASSIC  # what jackpot.spin and the default of these functions read
    assert machine.reels == (jackpot.STRIP,) * 3 and machine.jackpot_symbol == "seven"
    assert dict(machine.all_reels) == jackpot.THREE_OF_A_KIND == {"cherry": 5, "plum": 10, "bell": 20, "seven": 50}
    assert dict(machine.adjacent_pair) == jackpot.ADJACENT_PAIR == {"cherry": 2, "plum": 3, "bell": 5}
    for row in jackpot_outcomes():
        assert machine.spin(*row["faces"]) == jackpot.spin(*row["faces"])
    assert jackpot_expected_value(10, 200, spin=machine.spin) == jackpot_expected_value(10, 200)


def test_editing_a_payout_in_the_board_file_changes_the_expected_value(tmp_path):
    board = edited_board(tmp_path, "seven = 50 }", "seven = 60 }")
    machine = board.slot_machine.spin
    # Three sevens (1 spin in 216) now pay 60 bets instead of 50: 10 × 10 more for a bet of 10.
    gain = jackpot_expected_value(10, 200, spin=machine) - jackpot_expected_value(10, 200)
    assert gain == Fraction(10 * 10, 216)
    # Each unit in the box adds 10/216 (the two-sevens spins): the break-even box falls by 100/10 = 10.
    assert jackpot_break_even_box(10, spin=machine) == jackpot_break_even_box(10) - 10 == 11


def test_editing_the_reels_in_the_board_file_changes_the_odds(tmp_path):
    # Face 1 of the first reel shows a seven instead of a blank: more spins reach two sevens.
    board = edited_board(tmp_path, '    ["blank", "cherry", "blank", "plum", "bell", "seven"],\n'
                         '    ["blank", "cherry", "blank", "plum", "bell", "seven"],\n'
                         '    ["blank", "cherry", "blank", "plum", "bell", "seven"],\n',
                         '    ["seven", "cherry", "blank", "plum", "bell", "seven"],\n'
                         '    ["blank", "cherry", "blank", "plum", "bell", "seven"],\n'
                         '    ["blank", "cherry", "blank", "plum", "bell", "seven"],\n')
    spins = jackpot_outcomes(spin=board.slot_machine.spin)
    counts = {}
    for s in spins:
        counts[s["outcome"], s["symbol"]] = counts.get((s["outcome"], s["symbol"]), 0) + 1
    # Sevens: 2 faces of reel 1, 1 of reels 2 and 3. Three sevens 2 spins; reels 1-2 alone 2 × 1 × 5,
    # reels 2-3 alone 4 × 1 × 1 (reel 1 neither seven): 10 + 4 = 14 jackpots.
    assert counts[("three", "seven")] == 2 and counts[("jackpot", "seven")] == 14
    assert jackpot_break_even_box(10, spin=board.slot_machine.spin) < jackpot_break_even_box(10)
    # The report of that board reads its own machine.
    assert "more than 2.1 × the bet" in format_economics(load_board("millionaire-classic")).split("Jackpot")[-1]
    assert "more than 2.1 × the bet" not in format_economics(board).split("Jackpot")[-1]
