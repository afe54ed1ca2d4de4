"""Lesson 12's lap study: a payment that is a share of the player's cash is charged on the cash a row
of the table starts with, not on the large purse the laps are played with."""

from __future__ import annotations

import numpy as np

from millionaire import load_board
from millionaire.insurance_study import LapLosses, certainty_equivalent, lap_losses


def test_a_share_of_cash_is_taken_from_what_is_left():
    laps = LapLosses(np.array([0]), np.array([0]), (np.array([100, 99_990, 50]),), (np.array([0, 10, 0]),))
    wealth, ruined = laps.outcome(1000)
    assert wealth.tolist() == [1000 - 100 - 90 - 50] and not ruined[0]
    wealth, ruined = laps.outcome(120)
    assert wealth.tolist() == [0] and ruined[0]  # 100, then 2 of the 20 left, then 50 cannot be paid


def test_the_card_pay_ten_percent_is_recorded_as_a_share():
    laps = lap_losses(load_board("millionaire-elite"), 1, laps=16, seed=12)
    assert laps.percents is not None
    marked = [(lap, int(np.flatnonzero(laps.percents[lap])[0])) for lap in range(16) if laps.percents[lap].any()]
    assert marked, "seeds 12 to 27 draw the card 'pay 10% of your cash' at least once"
    for lap, index in marked:
        assert laps.payments[lap][index] >= 99_000  # a tenth of the large purse, as the engine charged it
        assert laps.percents[lap][index] == 10
        wealth, ruined = laps.outcome(2000)
        fixed = int(laps.payments[lap].sum() - laps.payments[lap][index])
        assert not ruined[lap] and wealth[lap] < 2000 - fixed  # the card took a tenth of what was left


def test_no_ruin_from_a_purse_larger_than_every_fixed_payment():
    """The table of lesson 12 once showed 2.7% ruin at 1000 and 1500: the card charged 100,000."""
    laps = lap_losses(load_board("millionaire-elite"), 1, laps=40, seed=12)
    fixed = max(int((paid * (share == 0)).sum()) for paid, share in zip(laps.payments, laps.percents or ()))
    wealth, ruined = laps.outcome(2 * fixed)  # a tenth taken at any moment still leaves enough
    assert not ruined.any()
    assert certainty_equivalent(wealth) > 0
