"""Scenario tests for the rules the two games settle differently, each both ways.

The options (``RuleSet``): ``trade_mortgaged``, ``redeem_any_time``, ``build_between_turns``,
``building_auctions``, ``debt_in_property`` and ``return_mortgaged_plot``; the player counts of the
presets; and the decisions made for both games: the swap card's partner, net worth at the rule set's
mortgage rate, and the slot machine read from the board file. The rules pages in ``docs/rules/`` say
what each option settles; a shortage sale of an enterprise or hotel is in ``test_engine_rules.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import end_turn, give, new_game, rig, roll, stack
from millionaire import Action, Game, IllegalActionError, RuleSet, Trade, load_board

CLASSIC_FILE = Path(__file__).resolve().parents[1] / "millionaire" / "boards" / "millionaire_classic.toml"


def windows_off(board, players: int = 2, **changes) -> Game:
    """A game without windows between turns (to test one option at a time)."""
    return new_game(board, players, build_between_turns=False, **changes)


# ---------------------------------------------------------------- mortgaged property in trades


def test_monopoly_trades_a_mortgaged_property_and_the_buyer_pays_the_fee_at_once(monopoly):
    game = windows_off(monopoly)
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    game.apply(Action.offer(Trade(partner=1, give_cells=(39,), take_cash=100)))
    game.apply(Action.accept())
    # Boardwalk (400): the mortgage value is 200; the buyer pays 10% of it, 20, at once.
    assert game.state.owner[39] == 1 and game.state.mortgaged[39]
    assert game.state.players[1].cash == 1500 - 100 - 20 and game.state.players[0].cash == 1500 + 100
    assert game.state.bank_balance == 20
    # Lifting it later costs the usual mortgage value plus 10%: the fee is paid again.
    assert game.redemption_cost(39) == 220


def test_millionaire_refuses_to_trade_a_mortgaged_plot(classic):
    game = new_game(classic)
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    before = game.state.to_dict()
    with pytest.raises(IllegalActionError, match="Oil holding is mortgaged"):
        game.apply(Action.offer(Trade(partner=1, give_cells=(39,), take_cash=100)))
    assert game.state.to_dict() == before
    game = new_game(classic, trade_mortgaged=True)  # the Monopoly way, as a house rule
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    game.apply(Action.offer(Trade(partner=1, give_cells=(39,), take_cash=100)))
    game.apply(Action.accept())
    assert game.state.owner[39] == 1 and game.state.players[1].cash == 2000 - 100 - 35  # 10% of 350


def test_a_trade_the_receiver_cannot_pay_the_mortgage_fee_for_is_refused(monopoly):
    game = windows_off(monopoly)
    give(game, 1, 39)
    game.state.mortgaged[39] = True
    game.state.players[0].cash = 115
    with pytest.raises(IllegalActionError, match="cannot pay the mortgage fees \\(20\\) after the trade"):
        game.apply(Action.offer(Trade(partner=1, take_cells=(39,), give_cash=100)))
    game.apply(Action.offer(Trade(partner=1, take_cells=(39,), give_cash=95)))  # 115 - 95 = 20 left: enough
    game.apply(Action.accept())
    assert game.state.owner[39] == 0 and game.state.players[0].cash == 0


# ---------------------------------------------------------------- lifting a mortgage


def test_monopoly_lifts_a_mortgage_after_the_roll(monopoly):
    game = windows_off(monopoly)
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    roll(game, 1, 2)  # Baltic Avenue: decline and nobody bids
    game.apply(Action.decline())
    while game.pending.kind == "bid":
        game.apply(Action.pass_())
    assert game.pending.kind == "manage"
    assert Action.redeem(39) in game.legal_actions()
    game.apply(Action.redeem(39))
    assert not game.state.mortgaged[39] and game.state.players[0].cash == 1500 - 220


def test_millionaire_lifts_a_mortgage_only_before_the_roll(classic):
    for redeem_any_time, allowed in ((False, False), (True, True)):
        game = new_game(classic, redeem_any_time=redeem_any_time)
        give(game, 0, 39)
        game.state.mortgaged[39] = True
        roll(game, 2, 3)  # the Charity fund (5), empty: straight to the window after the roll
        assert (Action.redeem(39) in game.legal_actions()) is allowed
        if allowed:
            game.apply(Action.redeem(39))
            assert not game.state.mortgaged[39]
        else:
            with pytest.raises(IllegalActionError, match="redeem only before rolling"):
                game.apply(Action.redeem(39))


# ---------------------------------------------------------------- windows between turns


def test_monopoly_opens_a_window_for_every_other_player_after_a_turn(monopoly):
    game = new_game(monopoly, 3)
    give(game, 1, 37, 39)
    give(game, 2, 1, 3)
    stack(game, "chance", "receive", amount=50)
    game.state.players[0].position = 20
    roll(game, 1, 1)  # Chance, then a double: roll again
    roll(game, 2, 3)  # 27 Ventnor: decline, no bids
    game.apply(Action.decline())
    while game.pending.kind == "bid":
        game.apply(Action.pass_())
    end_turn(game)
    # Seat 1's window first (the next seat), then seat 2's, then seat 1's turn.
    assert game.pending.kind == "manage" and game.pending.player == 1 and game.pending.data["between"]
    assert Action.roll() not in game.legal_actions() and Action.end_turn() in game.legal_actions()
    game.apply(Action.build(39))
    assert game.state.level[39] == 1 and game.state.players[1].cash == 1500 - 200
    game.apply(Action.end_turn())
    assert game.pending.kind == "manage" and game.pending.player == 2
    game.apply(Action.build(1))
    game.apply(Action.end_turn())
    assert game.pending.kind == "roll" and game.pending.player == 1 and game.state.current == 1


def test_no_window_for_a_player_who_could_not_build(monopoly):
    game = new_game(monopoly, 3)
    give(game, 2, 1, 3)
    game.state.players[2].cash = 49  # a brown house costs 50
    give(game, 1, 37, 39)
    game.state.mortgaged[39] = True  # a mortgaged lot in the group: no building (lifting alone opens no window)
    pass_monopoly_turn(game, 4, 5)
    assert game.pending.kind == "roll" and game.pending.player == 1


def test_a_window_lifts_a_mortgage_between_turns(monopoly):
    game = new_game(monopoly, 2)
    give(game, 1, 37, 39, 5)
    game.state.mortgaged[5] = True
    pass_monopoly_turn(game, 4, 5)
    assert game.pending.kind == "manage" and game.pending.player == 1 and game.pending.data["between"]
    game.apply(Action.redeem(5))
    assert not game.state.mortgaged[5] and game.state.players[1].cash == 1500 - 110
    game.apply(Action.end_turn())
    assert game.pending.kind == "roll" and game.pending.player == 1


def test_a_window_whose_buildings_an_earlier_window_took_stays_shut(monopoly):
    game = new_game(monopoly, 3, small_supply=4, building_auctions=False)
    give(game, 1, 37, 39)
    give(game, 2, 1, 3)
    give(game, 0, 6, 8, 9, level=1)  # the bank has one house left
    pass_monopoly_turn(game, 1, 3)  # 4: Income Tax
    assert game.pending.player == 1 and game.pending.data["between"]
    game.apply(Action.build(37))  # the last house
    game.apply(Action.end_turn())
    assert game.pending.kind == "roll" and game.pending.player == 1  # no window left for seat 2


def pass_monopoly_turn(game: Game, *dice: int) -> None:
    """Seat 0 rolls (no double) to an unowned property, declines it, nobody bids, and ends the turn."""
    roll(game, *dice)
    while game.pending.kind != "manage":
        kind = game.pending.kind
        game.apply(Action.decline() if kind == "buy" else Action.pass_() if kind == "bid" else game.legal_actions()[0])
    end_turn(game)


def test_millionaire_has_no_windows_between_turns_and_the_option_adds_them(classic):
    game = new_game(classic, 2)
    give(game, 1, 1, 2, 4)
    stack(game, "chance", "receive", amount=50)
    roll(game, 3, 5)  # Chance (8)
    end_turn(game)
    assert game.pending.kind == "roll" and game.pending.player == 1
    game = new_game(classic, 2, build_between_turns=True)
    give(game, 1, 1, 2, 4)
    stack(game, "chance", "receive", amount=50)
    roll(game, 3, 5)
    end_turn(game)
    assert game.pending.kind == "manage" and game.pending.player == 1 and game.pending.data["between"]
    with pytest.raises(IllegalActionError):
        game.apply(Action.roll())


# ---------------------------------------------------------------- the housing shortage


def shortage_game(board, small_left: int, **changes) -> Game:
    """Seat 0 and seat 1 each hold a whole group and the cash to build; the bank has ``small_left``
    houses (branches) left, three more standing on seat 2's group (seat 2 has no cash to build more).
    Monopoly: seat 0 the browns (houses
    50), seat 1 the dark blues (200). Millionaire: seat 0 Entertainment (50), seat 1 Extraction (200)."""
    game = new_game(board, 3, build_between_turns=False, small_supply=small_left + 3, **changes)
    if board.key == "monopoly-us":
        give(game, 0, 1, 3)
        give(game, 1, 37, 39)
        give(game, 2, 6, 8, 9, level=1)
    else:
        give(game, 0, 1, 2, 4)
        give(game, 1, 36, 38, 39)
        give(game, 2, 6, 7, 9, level=1)
    game.state.players[2].cash = 0
    assert game.supply()[0] == small_left
    return game


def test_monopoly_auctions_the_last_house_when_two_players_could_build(monopoly):
    game = shortage_game(monopoly, small_left=1)
    game.apply(Action.build(1))
    decision = game.pending
    assert decision.kind == "bid" and decision.data["building"] and decision.data["bidders"] == [0, 1]
    with pytest.raises(IllegalActionError, match="at least 50"):
        game.apply(Action.bid(49))  # it opens at the house's price
    game.apply(Action.bid(60))
    game.apply(Action.bid(70))  # seat 1 outbids
    game.apply(Action.pass_())
    # Seat 1 pays 70 and builds on his first lot where a house may go; seat 0's window comes back.
    assert game.state.level[37] == 1 and game.state.level[1] == 0 and game.state.players[1].cash == 1500 - 70
    assert game.supply()[0] == 0
    assert game.pending.kind == "roll" and game.pending.player == 0
    with pytest.raises(IllegalActionError, match="no small building left"):
        game.apply(Action.build(3))


def test_the_player_who_ordered_the_house_builds_it_where_he_asked(monopoly):
    game = shortage_game(monopoly, small_left=1)
    game.apply(Action.build(3))
    game.apply(Action.bid(55))
    game.apply(Action.pass_())
    assert game.state.level[3] == 1 and game.state.players[0].cash == 1500 - 55
    assert game.pending.kind == "roll" and game.pending.player == 0


def test_a_building_auction_without_bids_builds_nothing(monopoly):
    game = shortage_game(monopoly, small_left=1)
    before = (list(game.state.level), [p.cash for p in game.state.players])
    game.apply(Action.build(1))
    game.apply(Action.pass_())
    game.apply(Action.pass_())
    assert (game.state.level, [p.cash for p in game.state.players]) == before
    assert game.pending.kind == "roll" and game.supply()[0] == 1


def test_no_auction_while_the_bank_has_a_house_for_everyone_who_could_build(monopoly):
    game = shortage_game(monopoly, small_left=2)
    game.apply(Action.build(1))
    assert game.state.level[1] == 1 and game.pending.kind == "roll"
    game = shortage_game(monopoly, small_left=1)
    game.state.players[1].cash = 199  # cannot pay for a dark blue house: no rival
    game.apply(Action.build(1))
    assert game.state.level[1] == 1 and game.pending.kind == "roll"


def test_millionaire_sells_the_last_branch_first_come_first_served(classic):
    game = shortage_game(classic, small_left=1)
    game.apply(Action.build(1))
    assert game.state.level[1] == 1 and game.pending.kind == "roll"
    game = shortage_game(classic, small_left=1, building_auctions=True)
    game.apply(Action.build(1))
    assert game.pending.kind == "bid" and game.pending.data["bidders"] == [0, 1]


# ---------------------------------------------------------------- players


def test_monopoly_seats_two_to_eight_players_and_millionaire_two_to_six(monopoly, classic):
    result = Game(monopoly, agents=["cautious", "aggressive"] * 4, seed=1).run(max_rounds=30)
    assert len(result.net_worth) == 8
    with pytest.raises(ValueError, match="2..8 players"):
        Game(monopoly, agents=["cautious"] * 9)
    with pytest.raises(ValueError, match="2..6 players"):
        Game(classic, agents=["cautious"] * 7)
    game = Game(classic, RuleSet.classic().replace(max_players=8), agents=["cautious"] * 8, seed=1)
    assert len(game.state.players) == 8


# ---------------------------------------------------------------- paying a debt in property


def debt_game(board, **changes) -> Game:
    """Seat 0 lands on Boardwalk (seat 1's, with Park Place: rent 100) holding 30 and three properties."""
    game = new_game(board, 2, build_between_turns=False, **changes)
    give(game, 1, 37, 39)
    give(game, 0, 1, 3, 5)
    game.state.players[0].cash = 30
    game.state.players[0].position = 35
    roll(game, 1, 3)
    assert game.pending.kind == "raise" and game.pending.data["amount"] == 100
    return game


def test_monopoly_debt_paid_partly_in_property_by_a_trade_with_the_creditor(monopoly):
    game = debt_game(monopoly)
    game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=80)))
    assert game.pending.kind == "trade_reply" and game.pending.player == 1
    game.apply(Action.accept())
    # 30 + 80 = 110 covers the rent of 100: the debt is paid, Reading Railroad is seat 1's.
    assert game.state.owner[5] == 1 and game.state.players[0].cash == 10
    assert game.state.players[1].cash == 1500 - 80 + 100
    assert game.pending.kind == "manage" and game.pending.player == 0


def test_a_save_made_while_a_debt_offer_waits_for_its_answer_loads(monopoly):
    from millionaire import GameState

    game = debt_game(monopoly)
    game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=80)))
    assert game.state.pending["resume"]["kind"] == "raise" and game.state.tasks  # the payment waits
    state = game.state.copy()
    state.bank_balance += 1500 - 30  # the cash debt_game took from seat 0, so that the money adds up
    assert GameState.from_json(state.to_json(), monopoly) == state


def test_a_rejected_debt_offer_goes_back_to_raising_money(monopoly):
    game = debt_game(monopoly)
    game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=80)))
    game.apply(Action.reject())
    assert game.pending.kind == "raise" and game.state.owner[5] == 0


def test_a_partial_trade_leaves_the_debtor_raising_the_rest(monopoly):
    game = debt_game(monopoly)
    game.apply(Action.offer(Trade(partner=1, give_cells=(1,), take_cash=20)))
    game.apply(Action.accept())
    assert game.pending.kind == "raise" and game.state.players[0].cash == 50 and game.state.owner[1] == 1


def test_debt_offers_go_only_to_the_creditor_and_only_where_the_option_allows(monopoly, classic):
    game = new_game(monopoly, 3, build_between_turns=False)
    give(game, 1, 37, 39)
    give(game, 0, 1, 3, 5)
    game.state.players[0].cash, game.state.players[0].position = 30, 35
    roll(game, 1, 3)
    with pytest.raises(IllegalActionError, match="offer is not allowed in a 'raise' decision"):
        game.apply(Action.offer(Trade(partner=2, give_cells=(5,), take_cash=80)))
    game = debt_game(monopoly, debt_in_property=False)
    with pytest.raises(IllegalActionError, match="offer is not allowed in a 'raise' decision"):
        game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=80)))
    game = new_game(monopoly, 2, build_between_turns=False)  # a debt to the bank: no creditor to trade with
    give(game, 0, 5)
    game.state.players[0].cash, game.state.players[0].position = 99, 35
    roll(game, 1, 2)  # Luxury Tax (38): 100 to the bank
    assert game.pending.kind == "raise" and game.pending.data["payee"] < 0
    with pytest.raises(IllegalActionError, match="offer is not allowed"):
        game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=80)))


# ---------------------------------------------------------------- the Millionaire cards


def return_plot_game(classic, **changes) -> Game:
    game = new_game(classic, 3, **changes)
    game.state.players[0].position = 4
    stack(game, "chance", "return_plot")
    give(game, 0, 11, 39)
    game.state.mortgaged[39] = True
    return game


def test_giving_back_a_mortgaged_plot_repays_its_loan(classic):
    game = return_plot_game(classic)
    roll(game, 1, 3)
    assert game.pending.kind == "choose" and game.pending.options == [11, 39]
    game.apply(Action.choose(39))
    assert game.state.owner[39] == -1 and not game.state.mortgaged[39]
    assert game.state.players[0].cash == 2000 - 175 and game.state.bank_balance == 175


def test_a_mortgaged_plot_is_offered_back_only_with_the_cash_to_repay_it(classic):
    game = return_plot_game(classic)
    game.state.players[0].cash = 174
    roll(game, 1, 3)
    assert game.pending.kind == "choose" and game.pending.options == [11]


def test_the_option_refuses_mortgaged_plots_to_the_card(classic):
    game = return_plot_game(classic, return_mortgaged_plot="refuse")
    roll(game, 1, 3)
    assert game.pending.options == [11]
    game.apply(Action.choose(11))
    assert game.state.owner[11] == -1 and game.state.players[0].cash == 2000


def swap_game(classic) -> Game:
    game = new_game(classic, 3)
    stack(game, "move", "swap_nearest")
    return game


def test_swap_passes_over_a_player_on_the_same_cell(classic):
    game = swap_game(classic)
    game.state.players[1].position, game.state.players[2].position = 3, 9
    roll(game, 1, 2)  # to the Move cell (3), where seat 1 stands: seat 2 (6 ahead) is the nearest
    assert game.state.players[0].position == 9 and game.state.players[2].position == 3
    assert game.state.players[1].position == 3 and game.pending.kind == "buy"  # no second card at 3


def test_swap_with_only_a_player_on_the_same_cell_does_nothing(classic):
    game = new_game(classic, 2)
    stack(game, "move", "swap_nearest")
    game.state.players[1].position = 3
    roll(game, 1, 2)
    assert game.state.players[0].position == 3 and game.state.players[1].position == 3
    assert game.pending.kind == "manage" and [e.kind for e in game.events].count("card") == 1


# ---------------------------------------------------------------- net worth and the slot machine


def test_net_worth_counts_a_mortgage_at_the_rule_sets_rate(classic):
    game = new_game(classic, mortgage_rate="2/5")
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    assert game.net_worth(0) == 2000 + 350 - 140  # the price less the loan of 2/5
    give(game, 0, 1, 2, 4)
    game.state.level[1], game.state.level[2], game.state.level[4] = 4, 3, 3  # an enterprise and 6 branches
    assert game.net_worth(0) == 2000 + 210 + 50 + 60 + 70 + (4 + 3 + 3) * 50


def test_the_engine_plays_the_slot_machine_of_its_board_file(tmp_path):
    text = CLASSIC_FILE.read_text(encoding="utf-8").replace("seven = 50 }", "seven = 60 }")
    path = tmp_path / "my_machine.toml"
    path.write_text(text, encoding="utf-8")
    game = new_game(load_board(path))
    game.state.players[0].position = 16
    roll(game, 1, 3)
    assert game.pending.kind == "jackpot"
    rig(game, 6, 6, 6)
    game.apply(Action.bet(10))
    assert game.state.players[0].cash == 2000 + 590  # 60 bets paid back in all


def test_a_debtor_who_trades_away_too_much_to_cover_the_rest_goes_bankrupt(monopoly):
    game = debt_game(monopoly)  # owes 100 with 30 in cash; Reading Railroad would raise 100 more
    game.apply(Action.offer(Trade(partner=1, give_cells=(5,), take_cash=5)))
    game.apply(Action.accept())
    # 35 in cash and two browns that mortgage for 30 each: 100 can no longer be raised.
    assert game.state.players[0].bankrupt and game.state.owner[5] == 1
    assert game.finished and game.result().winner == 1


def test_equal_rules_share_their_costs_even_when_the_kept_ones_are_full():
    from millionaire import queries

    board = load_board("millionaire-classic")
    queries._COSTS_BY_VALUE.clear()
    for income in range(queries._KEPT - 1):  # one place left: the next new rules fill it
        queries.costs_of(board, RuleSet.classic().replace(circular_income=income + 1))
    first = queries.costs_of(board, RuleSet.classic().replace(circular_income=10**6))
    assert len(queries._COSTS_BY_VALUE) == queries._KEPT
    assert queries.costs_of(board, RuleSet.classic().replace(circular_income=10**6)) is first
