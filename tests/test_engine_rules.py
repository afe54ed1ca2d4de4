"""Scenario tests: one rule or decision of the rules pages each (set up, act, assert)."""

from __future__ import annotations

import pytest

from helpers import end_turn, give, new_game, pass_turn, rig, roll, settle, stack
from millionaire import Action, Game, IllegalActionError, RuleSet, Trade, compiled, load_board
from millionaire.events import BANK, FUND
from millionaire.notation import to_notation

# ---------------------------------------------------------------- setup and the ledger


def test_setup_money_follows_the_rules(classic, monopoly):
    game = new_game(classic, 3)
    assert [p.cash for p in game.state.players] == [2000] * 3
    assert (game.state.jackpot_box, game.state.charity_fund, game.state.bank_balance) == (200, 0, 0)
    game = new_game(monopoly, 2)
    assert [p.cash for p in game.state.players] == [1500] * 2


def test_seating_by_lot_is_seeded(classic):
    orders = {tuple(Game(classic, agents=["cautious", "aggressive", "random"], seed=s).names) for s in range(8)}
    assert len(orders) > 1
    same = [Game(classic, agents=["cautious", "aggressive", "random"], seed=5).names for _ in range(2)]
    assert same[0] == same[1]


def test_player_count_is_checked(classic):
    with pytest.raises(ValueError, match="2..6 players"):
        Game(classic, agents=["cautious"])
    with pytest.raises(ValueError, match="2..6 players"):
        Game(classic, agents=["cautious"] * 7)


def test_rules_must_fit_the_board(classic):
    with pytest.raises(ValueError, match="small_per_large"):
        Game(classic, RuleSet.monopoly(), agents=["cautious"] * 2)


# ---------------------------------------------------------------- movement and circular income


def test_roll_moves_by_the_sum_and_passing_start_pays(classic):
    game = new_game(classic)
    game.state.players[0].position = 38
    roll(game, 1, 3)  # 38 + 4 = 2 (Casino), passing START
    assert game.state.players[0].position == 2
    assert game.state.players[0].cash == 2200
    assert game.pending.kind == "buy"


def test_landing_on_start_pays_and_the_option_turns_it_off(classic):
    game = new_game(classic)
    game.state.players[0].position = 36
    roll(game, 1, 3)
    assert game.state.players[0].cash == 2200
    game = new_game(classic, income_on_landing=False)
    game.state.players[0].position = 36
    roll(game, 1, 3)
    assert game.state.players[0].cash == 2000


def test_a_double_gives_another_roll(classic):
    game = new_game(classic)
    roll(game, 2, 2)  # Night club
    game.apply(Action.decline())
    while game.pending.kind == "bid":
        game.apply(Action.pass_())
    assert game.pending.kind == "manage" and game.pending.again
    assert Action.roll() in game.legal_actions() and Action.end_turn() not in game.legal_actions()
    roll(game, 1, 4)  # 4 + 5 = 9 Brewery
    assert game.state.players[0].position == 9 and game.state.current == 0


def test_third_double_goes_to_tax_inspection_without_moving(classic):
    game = new_game(classic)
    game.state.doubles = 0
    for first in (1, 2):
        roll(game, first, first)
        while game.pending.kind in ("buy", "bid"):
            game.apply(Action.decline() if game.pending.kind == "buy" else Action.pass_())
    position = game.state.players[0].position
    roll(game, 3, 3)
    player = game.state.players[0]
    assert position != 10 and player.position == 10 and player.detained
    assert game.pending.kind == "manage" and not game.pending.again  # the turn ends


def test_doubles_into_detention_end_the_turn(classic):
    game = new_game(classic)
    game.state.players[0].position = 24
    roll(game, 3, 3)  # 30: Tax Police
    player = game.state.players[0]
    assert player.position == 10 and player.detained and player.cash == 2000
    assert not game.pending.again
    end_turn(game)
    assert game.state.current == 1


def test_landing_on_tax_inspection_detains_but_monopoly_jail_is_just_visiting(classic, monopoly):
    game = new_game(classic)
    game.state.players[0].position = 4
    roll(game, 2, 4)
    assert game.state.players[0].detained
    game = new_game(monopoly)
    game.state.players[0].position = 4
    roll(game, 2, 4)
    assert game.state.players[0].position == 10 and not game.state.players[0].detained


def test_tax_police_detains_without_circular_income(classic):
    game = new_game(classic)
    game.state.players[0].position = 26
    roll(game, 1, 3)
    assert game.state.players[0].position == 10 and game.state.players[0].detained
    assert game.state.players[0].cash == 2000


# ---------------------------------------------------------------- detention


def detained_game(board, **changes):
    game = new_game(board, **changes)
    player = game.state.players[0]
    player.position, player.detained = board.jail, True
    return game


def test_detained_player_pays_the_fine_and_rolls_normally(classic):
    game = detained_game(classic)
    rig(game, 3, 3)
    game.apply(Action.pay_fine())
    player = game.state.players[0]
    assert player.cash == 1950 and not player.detained and player.position == 16
    game.apply(Action.decline())
    while game.pending.kind == "bid":
        game.apply(Action.pass_())
    assert game.pending.again  # rolled normally: a double gives another roll


def test_detained_double_frees_and_moves_without_extra_roll(classic):
    game = detained_game(classic)
    roll(game, 2, 2)
    player = game.state.players[0]
    assert not player.detained and player.position == 14 and player.cash == 2000
    settle(game)
    assert not game.pending.again


def test_detained_miss_waits_then_third_miss_pays_and_moves(classic):
    game = detained_game(classic)
    for waited in (1, 2):
        roll(game, 1, 2)
        assert game.state.players[0].detained and game.state.players[0].jail_turns == waited
        end_turn(game)
        roll(game, 1, 5)  # the other player: 6 = Chocolate factory
        game.apply(Action.decline())
        while game.pending.kind == "bid":
            game.apply(Action.pass_())
        end_turn(game)
    roll(game, 1, 3)
    player = game.state.players[0]
    assert not player.detained and player.position == 14 and player.cash == 1950


def test_release_card_frees_and_goes_back_to_the_deck(classic):
    game = detained_game(classic)
    card = stack(game, "chance", "jail_free")
    game.state.decks["chance"].remove(card[1])
    game.state.players[0].cards.append(list(card))
    rig(game, 1, 3)
    game.apply(Action.use_card(card))
    assert not game.state.players[0].detained and game.state.players[0].cards == []
    assert game.state.decks["chance"][-1] == card[1]
    assert game.state.players[0].position == 14


def test_pay_fine_needs_the_cash(classic):
    game = detained_game(classic)
    game.state.players[0].cash, game.state.players[1].cash = 20, 3980
    assert Action.pay_fine() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="not enough cash"):
        game.apply(Action.pay_fine())


def test_third_miss_without_cash_means_raising_money(classic):
    game = detained_game(classic)
    game.state.players[0].jail_turns = 2
    game.state.players[0].cash, game.state.players[1].cash = 20, 3980
    give(game, 0, 39)
    roll(game, 1, 3)
    assert game.pending.kind == "raise" and game.pending.amount == 50
    assert game.legal_actions() == [Action.mortgage(39)]
    game.apply(Action.mortgage(39))
    assert game.state.players[0].cash == 20 + 175 - 50 and game.state.players[0].position == 14


def test_rent_is_collected_while_the_owner_is_detained(classic):
    game = new_game(classic)
    give(game, 1, 7)
    game.state.players[1].position, game.state.players[1].detained = 10, True
    roll(game, 3, 4)
    assert game.state.players[1].cash == 2008 and game.state.players[0].cash == 1992


# ---------------------------------------------------------------- plots: buying, auctions, rent


def test_buy_at_the_price(classic):
    game = new_game(classic)
    roll(game, 1, 1)
    game.apply(Action.buy())
    assert game.state.owner[2] == 0 and game.state.players[0].cash == 1940 and game.state.bank_balance == 60


def test_buying_needs_the_cash(classic):
    game = new_game(classic)
    game.state.players[0].cash, game.state.players[1].cash = 10, 3990
    roll(game, 1, 1)
    assert game.legal_actions() == [Action.decline()]
    with pytest.raises(IllegalActionError, match="not enough cash"):
        game.apply(Action.buy())


def test_declined_plot_is_auctioned_among_all_including_the_decliner(classic):
    game = new_game(classic, 3)
    roll(game, 2, 3)  # 5 is the fund: use 6 instead
    end_turn(game)
    roll(game, 2, 4)  # seat 1 to 6, Chocolate factory (90)
    game.apply(Action.decline())
    assert game.pending.kind == "bid" and game.pending.bidders == [2, 0, 1]
    game.apply(Action.bid(50))   # seat 2
    game.apply(Action.pass_())   # seat 0
    game.apply(Action.bid(60))   # seat 1, the decliner
    game.apply(Action.pass_())   # seat 2
    assert game.state.owner[6] == 1 and game.state.players[1].cash == 1940
    assert game.pending.kind == "manage"


def test_auction_without_bids_leaves_the_plot_unowned(classic):
    game = new_game(classic)
    roll(game, 3, 4)
    game.apply(Action.decline())
    game.apply(Action.pass_())
    game.apply(Action.pass_())
    assert game.state.owner[7] == -1 and game.pending.kind == "manage"


def test_bids_must_rise_and_stay_within_cash(classic):
    game = new_game(classic)
    roll(game, 3, 4)
    game.apply(Action.decline())
    game.apply(Action.bid(100))
    before = game.state.to_dict()
    with pytest.raises(IllegalActionError, match="at least 101"):
        game.apply(Action.bid(100))
    with pytest.raises(IllegalActionError, match="exceed your cash"):
        game.apply(Action.bid(5000))
    assert game.state.to_dict() == before


def test_rent_follows_the_level(classic):
    game = new_game(classic)
    give(game, 1, 6, 7, 9)
    game.state.level[6], game.state.level[7], game.state.level[9] = 2, 2, 1
    roll(game, 3, 4)
    assert game.state.players[0].cash == 2000 - 100


def test_complete_industry_doubles_only_unbuilt_plots(classic):
    game = new_game(classic)
    give(game, 1, 6, 7, 9)
    game.state.level[9] = 1
    assert game.rent(7) == 16 and game.rent(9) == 50
    scoped = new_game(classic, monopoly_scope="all")
    give(scoped, 1, 6, 7, 9)
    scoped.state.level[9] = 1
    assert scoped.rent(9) == 100


def test_incomplete_or_mortgaged_industry_pays_plain_rent(classic):
    game = new_game(classic)
    give(game, 1, 6, 7)
    assert game.rent(7) == 8
    give(game, 1, 9)
    game.state.mortgaged[9] = True
    assert game.rent(7) == 8 and game.rent(9) == 0


def test_mortgaged_plot_earns_nothing(classic):
    game = new_game(classic)
    give(game, 1, 7)
    game.state.mortgaged[7] = True
    roll(game, 3, 4)
    assert game.state.players[0].cash == 2000 and game.pending.kind == "manage"


def test_own_plot_costs_nothing(classic):
    game = new_game(classic)
    give(game, 0, 7)
    roll(game, 3, 4)
    assert game.state.players[0].cash == 2000 and game.pending.kind == "manage"


# ---------------------------------------------------------------- special cells


def test_charity_fund_is_taken_by_roll(classic):
    game = new_game(classic)
    game.state.charity_fund, game.state.bank_balance = 130, -130
    roll(game, 1, 4)
    assert game.state.players[0].cash == 2130 and game.state.charity_fund == 0


def test_white_business_takes_the_fund(classic):
    game = new_game(classic)
    game.state.players[0].position = 20
    game.state.charity_fund, game.state.bank_balance = 70, -70
    roll(game, 1, 4)
    assert game.state.players[0].cash == 2070 and game.state.charity_fund == 0


def test_black_business_sends_to_the_fund_with_a_fine_and_no_collection(classic):
    game = new_game(classic)
    game.state.players[0].position = 10
    game.state.charity_fund, game.state.bank_balance = 100, -100
    roll(game, 2, 3)
    player = game.state.players[0]
    assert player.position == 5 and player.cash == 1950 and game.state.charity_fund == 150


def test_black_business_from_35_passes_start_without_income(classic):
    game = new_game(classic)
    game.state.players[0].position = 30
    roll(game, 2, 3)
    assert game.state.players[0].position == 5 and game.state.players[0].cash == 1950


def test_monopoly_taxes(monopoly):
    game = new_game(monopoly)
    roll(game, 1, 3)
    assert game.state.players[0].cash == 1300
    end_turn(game)
    game.state.players[1].position = 34
    roll(game, 1, 3)
    assert game.state.players[1].cash == 1400


# ---------------------------------------------------------------- the jackpot


def jackpot_game(classic, box=200):
    game = new_game(classic)
    game.state.players[0].position = 16
    game.state.bank_balance += game.state.jackpot_box - box
    game.state.jackpot_box = box
    roll(game, 1, 3)
    assert game.pending.kind == "jackpot"
    return game


def test_jackpot_pair_pays_bet_from_box_and_rest_from_bank(classic):
    game = jackpot_game(classic)
    rig(game, 2, 2, 1)
    game.apply(Action.bet(10))
    assert game.state.players[0].cash == 2000 + 10 and game.state.jackpot_box == 200
    assert game.state.bank_balance == -10


def test_jackpot_three_sevens_pays_fifty_times(classic):
    game = jackpot_game(classic)
    rig(game, 6, 6, 6)
    game.apply(Action.bet(10))
    assert game.state.players[0].cash == 2000 + 490


def test_jackpot_two_sevens_take_the_whole_box(classic):
    game = jackpot_game(classic)
    rig(game, 1, 6, 6)
    game.apply(Action.bet(10))
    assert game.state.players[0].cash == 2200 and game.state.jackpot_box == 0


def test_jackpot_loss_leaves_the_bet_in_the_box(classic):
    game = jackpot_game(classic)
    rig(game, 1, 2, 4)
    game.apply(Action.bet(30))
    assert game.state.players[0].cash == 1970 and game.state.jackpot_box == 230


def test_jackpot_with_an_empty_box_pays_back_only_the_bet(classic):
    game = jackpot_game(classic, box=0)
    rig(game, 6, 6, 3)
    game.apply(Action.bet(25))
    assert game.state.players[0].cash == 2000 and game.state.jackpot_box == 0


def test_jackpot_bet_limits(classic):
    game = jackpot_game(classic)
    with pytest.raises(IllegalActionError, match="at least 1"):
        game.apply(Action.bet(0))
    with pytest.raises(IllegalActionError, match="exceed your cash"):
        game.apply(Action.bet(2001))
    game.apply(Action.skip())
    assert game.pending.kind == "manage"


# ---------------------------------------------------------------- buildings


@pytest.fixture(scope="module")
def elite_board():
    return load_board("millionaire-elite")


def monopoly_owner(classic, **changes):
    game = new_game(classic, **changes)
    give(game, 0, 1, 2, 4)
    return game


def test_building_needs_the_whole_industry(classic):
    game = new_game(classic)
    give(game, 0, 1, 2)
    with pytest.raises(IllegalActionError, match="whole industry"):
        game.apply(Action.build(1))


def test_building_is_even(classic):
    game = monopoly_owner(classic)
    game.apply(Action.build(1))
    with pytest.raises(IllegalActionError, match="evenly"):
        game.apply(Action.build(1))
    game.apply(Action.build(2))
    game.apply(Action.build(4))
    game.apply(Action.build(1))
    assert game.state.level[1:5] == [2, 1, 0, 1] and game.state.players[0].cash == 2000 - 200


def test_no_building_with_a_mortgaged_plot(classic):
    game = monopoly_owner(classic)
    game.state.mortgaged[4] = True
    with pytest.raises(IllegalActionError, match="unmortgaged"):
        game.apply(Action.build(1))


def test_enterprise_replaces_three_branches(classic):
    game = monopoly_owner(classic)
    for cell in (1, 2, 4):
        game.state.level[cell] = 3
    assert game.supply() == (24 - 9, 12)
    game.apply(Action.build(1))
    assert game.state.level[1] == 4 and game.supply() == (24 - 6, 11)


def test_branch_supply_limits_building(classic):
    game = monopoly_owner(classic, small_supply=2)
    game.apply(Action.build(1))
    game.apply(Action.build(2))
    with pytest.raises(IllegalActionError, match="no small building"):
        game.apply(Action.build(4))


def test_unlimited_supply_option(classic):
    game = monopoly_owner(classic, small_supply=None, large_supply=None)
    assert game.supply() == (None, None)
    game.apply(Action.build(1))
    assert game.state.level[1] == 1


def test_selling_pays_half_and_is_even(classic):
    game = monopoly_owner(classic)
    for cell in (1, 2, 4):
        game.state.level[cell] = 2
    game.state.level[4] = 1
    with pytest.raises(IllegalActionError, match="evenly"):
        game.apply(Action.sell(4))
    game.apply(Action.sell(1))
    assert game.state.level[1] == 1 and game.state.players[0].cash == 2025


def test_selling_an_enterprise_gives_back_three_branches(classic):
    game = monopoly_owner(classic)
    game.state.level[1], game.state.level[2], game.state.level[4] = 4, 4, 4
    game.apply(Action.sell(1))
    assert game.state.level[1] == 3 and game.state.players[0].cash == 2025


def test_enterprise_sold_back_when_the_bank_lacks_branches_keeps_the_industry_even(classic):
    game = monopoly_owner(classic, small_supply=4)
    give(game, 1, 6, 7, 9, level=1)  # 3 branches elsewhere: the bank has 1 left
    game.state.level[1], game.state.level[2], game.state.level[4] = 4, 4, 4
    assert game.supply()[0] == 1
    game.apply(Action.sell(1))
    # One branch cannot keep the industry even beside two enterprises: they come down too, and the
    # one branch stands where evenness allows. Each level sold pays half price (an enterprise stands
    # for three branches and itself).
    assert [game.state.level[c] for c in (1, 2, 4)] == [0, 0, 1]
    assert game.state.players[0].cash == 2000 + 11 * 25
    assert game.supply()[0] == 0


def test_enterprise_sold_with_a_short_bank_sells_branches_elsewhere_in_the_industry(classic):
    game = monopoly_owner(classic, small_supply=8)
    game.state.level[1], game.state.level[2], game.state.level[4] = 4, 3, 3  # the bank has 2 branches left
    assert game.supply()[0] == 2
    game.apply(Action.sell(1))
    # Three branches on plot 1 would need one more than the bank has; two keep the industry even.
    assert [game.state.level[c] for c in (1, 2, 4)] == [2, 3, 3]
    assert game.state.players[0].cash == 2000 + 2 * 25
    assert game.supply()[0] == 0


def test_enterprise_sold_when_the_bank_has_no_branch_brings_the_industry_down_evenly(classic):
    game = monopoly_owner(classic, small_supply=6)
    game.state.level[1], game.state.level[2], game.state.level[4] = 4, 3, 3  # the bank has none left
    assert game.supply()[0] == 0
    game.apply(Action.sell(1))
    # The 6 branches standing on plots 2 and 4 are all there is: [2, 2, 2] uses them evenly.
    assert [game.state.level[c] for c in (1, 2, 4)] == [2, 2, 2]
    assert game.state.players[0].cash == 2000 + 4 * 25
    assert game.supply()[0] == 0


def test_hotel_sold_with_a_short_bank_keeps_the_group_even_in_monopoly(monopoly):
    game = new_game(monopoly, small_supply=9)
    give(game, 0, 37, 39)  # dark blue
    game.state.level[37], game.state.level[39] = 5, 5  # hotels; the bank keeps all 9 houses
    game.state.owner[1], game.state.owner[3], game.state.level[1], game.state.level[3] = 1, 1, 4, 3  # 7 houses elsewhere
    assert game.supply()[0] == 2
    game.apply(Action.sell(37))
    # Four houses on Park Place would keep Boardwalk's hotel, but the bank has only 2 houses: the
    # hotel on Boardwalk comes down too, and [1, 1] is the most two houses build evenly.
    assert (game.state.level[37], game.state.level[39]) == (1, 1)
    assert game.state.players[0].cash == 1500 + (10 - 2) * 100
    assert game.supply() == (0, 12)


# ---------------------------------------------------------------- mortgage and redemption


def test_mortgage_pays_half_and_breaks_the_monopoly(classic):
    game = monopoly_owner(classic)
    assert game.rent(1) == 2
    game.apply(Action.mortgage(4))
    assert game.state.players[0].cash == 2035 and game.rent(1) == 1


def test_a_plot_with_a_building_cannot_be_mortgaged_its_unbuilt_neighbour_can(classic, elite_board):
    for board in (classic, elite_board):  # Millionaire: only the plot that has a building is locked
        game = monopoly_owner(board)
        game.state.level[1] = 1
        with pytest.raises(IllegalActionError, match="sell the buildings of Cinema first"):
            game.apply(Action.mortgage(1))
        game.apply(Action.mortgage(4))
        assert game.state.mortgaged[4] and game.state.level[1] == 1
        assert game.build_problem(0, 2).startswith("you do not own the whole industry")  # incomplete now


def test_the_problem_queries_say_why_and_are_empty_when_allowed(classic):
    game = monopoly_owner(classic)
    assert game.build_problem(0, 1) == "" and game.build_problem(1, 1) == "Cinema is not yours"
    assert game.sell_problem(0, 1) == "Cinema has no building"
    assert game.mortgage_problem(0, 1) == "" and game.redeem_problem(0, 1).endswith("mortgaged property of yours")
    game.state.level[1] = 1
    assert game.sell_problem(0, 1) == "" and game.mortgage_problem(0, 1).startswith("sell the buildings of Cinema")
    game.state.level[1] = 0
    game.apply(Action.mortgage(4))
    assert game.redeem_problem(0, 4) == ""


def test_the_old_can_names_still_answer_and_warn_with_the_new_name(classic):
    game = monopoly_owner(classic)
    for old, new in (("can_build", "build_problem"), ("can_sell", "sell_problem"),
                     ("can_mortgage", "mortgage_problem"), ("can_redeem", "redeem_problem")):
        with pytest.warns(DeprecationWarning, match=f"Game.{old} is deprecated .* use Game.{new}"):
            said = getattr(game, old)(0, 1)
        assert said == getattr(game, new)(0, 1)


def test_the_option_locks_the_whole_built_industry(classic, monopoly):
    game = monopoly_owner(classic, locked_by_building="industry")
    game.state.level[1] = 1
    with pytest.raises(IllegalActionError, match="sell the buildings of Night club's industry first"):
        game.apply(Action.mortgage(4))
    game = new_game(monopoly)  # Monopoly: a house anywhere in the group locks every lot
    give(game, 0, 1, 3)
    game.state.level[1] = 1
    with pytest.raises(IllegalActionError, match="industry first"):
        game.apply(Action.mortgage(3))


def test_redeem_costs_half_plus_ten_percent_before_rolling_only(classic):
    game = new_game(classic)
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    game.apply(Action.redeem(39))
    assert game.state.players[0].cash == 2000 - 175 - 35 and not game.state.mortgaged[39]
    game.state.mortgaged[39] = True
    roll(game, 2, 4)
    settle(game)
    with pytest.raises(IllegalActionError, match="before rolling"):
        game.apply(Action.redeem(39))


# ---------------------------------------------------------------- trades


def test_trade_accepted_moves_plots_and_cash(classic):
    game = new_game(classic)
    give(game, 1, 9)
    game.apply(Action.offer(Trade(partner=1, take_cells=(9,), give_cash=300)))
    assert game.pending.kind == "trade_reply" and game.pending.player == 1
    game.apply(Action.accept())
    assert game.state.owner[9] == 0 and game.state.players[1].cash == 2300
    assert game.pending.kind == "roll" and game.pending.player == 0


def test_trade_rejected_changes_nothing(classic):
    game = new_game(classic)
    give(game, 1, 9)
    game.apply(Action.offer(Trade(partner=1, take_cells=(9,), give_cash=10)))
    game.apply(Action.reject())
    assert game.state.owner[9] == 1 and game.state.players[0].cash == 2000


def test_trade_of_a_built_plot_is_refused_its_unbuilt_neighbour_may_be_traded(classic):
    game = new_game(classic)
    give(game, 1, 6, 7, 9)
    game.state.level[6] = 1
    before = game.state.to_dict()
    with pytest.raises(IllegalActionError, match="Chocolate factory has buildings"):
        game.apply(Action.offer(Trade(partner=1, take_cells=(6,), give_cash=500)))
    assert game.state.to_dict() == before
    game.apply(Action.offer(Trade(partner=1, take_cells=(9,), give_cash=500)))
    game.apply(Action.accept())
    assert game.state.owner[9] == 0 and game.state.level[6] == 1


def test_trade_of_a_plot_in_a_built_industry_is_refused_under_the_option(classic, monopoly):
    for game, group in ((new_game(classic, locked_by_building="industry"), (6, 7, 9)), (new_game(monopoly), (6, 8, 9))):
        give(game, 1, *group)
        game.state.level[6] = 1
        with pytest.raises(IllegalActionError, match="industry has buildings"):
            game.apply(Action.offer(Trade(partner=1, take_cells=(9,), give_cash=500)))


def test_trade_of_a_mortgaged_plot_is_refused(classic):
    game = new_game(classic)
    give(game, 0, 9)
    game.state.mortgaged[9] = True
    with pytest.raises(IllegalActionError, match="mortgaged"):
        game.apply(Action.offer(Trade(partner=1, give_cells=(9,), take_cash=50)))


def test_trade_needs_the_cash_and_a_real_partner(classic):
    game = new_game(classic)
    with pytest.raises(IllegalActionError, match="has only"):
        game.apply(Action.offer(Trade(partner=1, take_cash=5000)))
    with pytest.raises(IllegalActionError, match="another player"):
        game.apply(Action.offer(Trade(partner=0, take_cash=5)))
    with pytest.raises(IllegalActionError, match="empty"):
        game.apply(Action.offer(Trade(partner=1)))


def test_trade_offers_per_turn_are_limited(classic):
    game = new_game(classic, trade_offers_per_turn=2)
    for _ in range(2):
        game.apply(Action.offer(Trade(partner=1, give_cash=1)))
        game.apply(Action.reject())
    with pytest.raises(IllegalActionError, match="at most 2"):
        game.apply(Action.offer(Trade(partner=1, give_cash=1)))


def test_release_card_may_be_sold(classic):
    game = new_game(classic)
    card = stack(game, "chance", "jail_free")
    game.state.decks["chance"].remove(card[1])
    game.state.players[1].cards.append(list(card))
    game.apply(Action.offer(Trade(partner=1, take_cards=(card,), give_cash=40)))
    game.apply(Action.accept())
    assert game.state.players[0].cards == [list(card)] and game.state.players[1].cash == 2040


def test_other_kept_cards_cannot_be_traded(classic):
    game = new_game(classic)
    card = stack(game, "chance", "double_rent")
    game.state.decks["chance"].remove(card[1])
    game.state.players[1].cards.append(list(card))
    with pytest.raises(IllegalActionError, match="only release cards"):
        game.apply(Action.offer(Trade(partner=1, take_cards=(card,), give_cash=40)))


# ---------------------------------------------------------------- debt and bankruptcy


def test_debt_larger_than_cash_asks_to_raise_money(classic):
    game = new_game(classic)
    give(game, 1, 36, 38, 39)
    game.state.level[39] = 1
    give(game, 0, 1, 2, 4)
    game.state.level[1] = game.state.level[2] = game.state.level[4] = 1
    game.state.players[0].cash, game.state.players[1].cash = 100, 3900
    game.state.players[0].position = 35
    game.state.players[0].detained = False
    game.state.players[0].position = 34
    roll(game, 2, 3)  # 39: rent 200 (one branch)
    assert game.pending.kind == "raise" and game.pending.amount == 200
    game.apply(Action.sell(1))
    game.apply(Action.sell(2))
    assert game.pending.kind == "raise"
    game.apply(Action.sell(4))
    assert game.pending.kind == "raise"  # 175 in hand
    game.apply(Action.mortgage(1))
    assert game.pending.kind == "manage"
    assert game.state.players[0].cash == 100 + 75 + 25 - 200 and game.state.players[1].cash == 4100


def test_bankruptcy_pays_all_and_the_bank_pays_the_rest(classic):
    game = new_game(classic, 3)
    give(game, 1, 36, 38, 39, level=3)
    give(game, 0, 1)
    game.state.mortgaged[1] = True
    card = stack(game, "chance", "jail_free")
    game.state.decks["chance"].remove(card[1])
    game.state.players[0].cards.append(list(card))
    game.state.players[0].cash, game.state.players[2].cash = 100, 3900
    game.state.players[0].position = 34
    roll(game, 2, 3)  # rent 1500, nothing to raise
    player = game.state.players[0]
    assert player.bankrupt and player.cash == 0 and player.cards == []
    assert game.state.players[1].cash == 2000 + 1500
    assert game.state.owner[1] == -1 and not game.state.mortgaged[1]
    assert game.state.decks["chance"][-1] == card[1]
    assert game.state.current == 1 and game.pending.kind == "roll"


def test_last_player_standing_wins(classic):
    game = new_game(classic)
    give(game, 1, 36, 38, 39, level=3)
    game.state.players[0].cash, game.state.players[1].cash = 100, 3900
    game.state.players[0].position = 34
    roll(game, 2, 3)
    assert game.finished and game.state.winner == 1 and game.result().reason == "last player standing"
    assert game.pending is None
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(Action.roll())


def test_monopoly_bankruptcy_to_a_player_hands_over_everything(monopoly):
    game = new_game(monopoly, 3)
    give(game, 1, 37, 39, level=2)
    give(game, 0, 1, 3, level=1)
    give(game, 0, 5)
    game.state.mortgaged[5] = True
    game.state.players[0].cash, game.state.players[2].cash = 10, 2990
    game.state.players[0].position = 34
    roll(game, 2, 3)  # Boardwalk with 2 houses: 600
    creditor = game.state.players[1]
    assert game.state.players[0].bankrupt
    assert game.state.owner[1] == game.state.owner[3] == game.state.owner[5] == 1
    assert game.state.level[1] == game.state.level[3] == 0 and game.state.mortgaged[5]
    # 10 cash + 2 houses sold at 25 each go to the creditor, who pays 10% of the railroad's mortgage value.
    assert creditor.cash == 1500 + 60 - 10


def test_monopoly_bankruptcy_to_the_bank_auctions_the_property(monopoly):
    game = new_game(monopoly, 3)
    give(game, 0, 1, 3)
    game.state.mortgaged[1] = game.state.mortgaged[3] = True
    game.state.players[0].cash, game.state.players[2].cash = 150, 2850
    roll(game, 1, 3)  # Income Tax 200
    assert game.state.players[0].bankrupt
    assert game.pending.kind == "bid" and game.pending.cell == 1 and game.pending.bidders == [1, 2]
    game.apply(Action.bid(30))
    game.apply(Action.pass_())
    assert game.state.owner[1] == 1 and not game.state.mortgaged[1]
    assert game.pending.kind == "bid" and game.pending.cell == 3
    game.apply(Action.pass_())
    game.apply(Action.pass_())
    assert game.state.owner[3] == -1 and game.pending.kind == "roll" and game.state.current == 1


def test_timed_game_richest_wins(classic):
    game = Game(classic, RuleSet.classic().replace(timed_rounds=3), agents=["cautious"] * 3, seed=2)
    result = game.run()
    assert result.reason == "timed game: the richest" and result.rounds == 3
    assert result.net_worth[result.winner] == max(result.net_worth)


def test_a_game_ended_now_is_a_timed_game_the_richest_wins(classic):
    game = Game(classic, agents=["cautious"] * 3, seed=2)
    game.play_bots(until_round=6)
    result = game.end_now()
    assert game.finished and game.pending is None
    assert result.reason == "timed game: the richest" and result.net_worth[result.winner] == max(result.net_worth)
    assert game.events[-1].kind == "game_over"
    with pytest.raises(IllegalActionError, match="it is over"):
        game.end_now()


def test_round_limit_stops_the_game(classic):
    result = Game(classic, agents=["cautious"] * 2, seed=2).run(max_rounds=4)
    assert result.stopped_by_limit and result.rounds == 4


def test_net_worth_counts_plots_mortgages_and_buildings(classic):
    game = new_game(classic)
    give(game, 0, 1, 2, 4)
    game.state.level[1] = 2
    give(game, 0, 39)
    game.state.mortgaged[39] = True
    assert game.net_worth(0) == 2000 + 50 + 60 + 70 + 2 * 50 + 175


# ---------------------------------------------------------------- Move cards (Millionaire)


def draw_game(classic, deck, effect, at=None, **fields):
    game = new_game(classic, 3)
    start = at if at is not None else {"move": 0, "chance": 4}[deck]
    game.state.players[0].position = start
    card = stack(game, deck, effect, **fields)
    return game, card


def test_move_to_start_pays_no_income(classic):
    game, _ = draw_game(classic, "move", "move_to", target=0)
    roll(game, 1, 2)
    assert game.state.players[0].position == 0 and game.state.players[0].cash == 2000


def test_move_forward_and_back(classic):
    game, _ = draw_game(classic, "move", "move_by", steps=3)
    roll(game, 1, 2)
    assert game.state.players[0].position == 6 and game.pending.kind == "buy"
    game, _ = draw_game(classic, "move", "move_by", steps=-3)
    roll(game, 1, 2)
    assert game.state.players[0].position == 0 and game.state.players[0].cash == 2000


def test_move_card_resolves_the_cell_reached(classic):
    game, _ = draw_game(classic, "move", "move_to", target=1)
    give(game, 1, 1)
    roll(game, 1, 2)
    assert game.state.players[0].cash == 1999 and game.state.players[1].cash == 2001


def test_move_to_tax_inspection_detains(classic):
    game, _ = draw_game(classic, "move", "go_to_jail")
    roll(game, 1, 1)
    game.state.players[0].position = 0
    game, _ = draw_game(classic, "move", "go_to_jail")
    roll(game, 1, 2)
    assert game.state.players[0].detained and game.state.players[0].position == 10


def test_nearest_black_business_then_the_fine(classic):
    game, _ = draw_game(classic, "move", "nearest", what="fund_fine", at=19)
    roll(game, 1, 2)  # 22 is a Move cell; nearest black business ahead is 35
    assert game.state.players[0].position == 5 and game.state.players[0].cash == 1950


def test_nearest_corner_and_nearest_chance(classic):
    game, _ = draw_game(classic, "move", "nearest", what="corner", at=10)
    roll(game, 1, 2)
    assert game.state.players[0].position == 20 and game.pending.kind == "jackpot"
    game, _ = draw_game(classic, "move", "nearest", what="card:chance", at=29)
    stack(game, "chance", "receive", amount=100)
    roll(game, 1, 2)
    assert game.state.players[0].position == 37 and game.state.players[0].cash == 2100


def test_nearest_unowned_plot_or_stay(classic):
    game, _ = draw_game(classic, "move", "nearest", what="unowned_plot", at=0)
    give(game, 1, 4, 6)
    roll(game, 1, 2)
    assert game.state.players[0].position == 7 and game.pending.kind == "buy"
    game, _ = draw_game(classic, "move", "nearest", what="unowned_plot", at=0)
    give(game, 1, *game.board.plots)
    roll(game, 1, 2)
    assert game.state.players[0].position == 3


def test_move_to_a_plot_of_my_industry_is_my_choice(classic):
    game, _ = draw_game(classic, "move", "move_choice", among="own_industry")
    give(game, 0, 21)
    give(game, 1, 23)
    roll(game, 1, 2)
    assert game.pending.kind == "choose" and game.pending.options == [21, 23, 24]
    game.apply(Action.choose(23))
    assert game.state.players[0].position == 23 and game.state.players[0].cash == 2000 - 30


def test_move_choice_with_nothing_owned_stays(classic):
    game, _ = draw_game(classic, "move", "move_choice", among="others_plots")
    roll(game, 1, 2)
    assert game.state.players[0].position == 3 and game.pending.kind == "manage"


def test_swap_with_the_nearest_player_ties_go_ahead(classic):
    game, _ = draw_game(classic, "move", "swap_nearest")
    game.state.players[1].position, game.state.players[2].position = 7, 39
    give(game, 2, 7)
    roll(game, 1, 2)  # at 3: seat 1 is 4 ahead, seat 2 is 4 behind: ahead wins
    assert game.state.players[0].position == 7 and game.state.players[1].position == 3
    assert game.state.players[0].cash == 1992  # pays rent at the new cell; the other resolves nothing
    assert game.state.players[1].cash == 2000


def test_swap_skips_detained_players(classic):
    game, _ = draw_game(classic, "move", "swap_nearest")
    game.state.players[1].position, game.state.players[1].detained = 10, True
    game.state.players[2].position = 20
    roll(game, 1, 2)
    assert game.state.players[0].position == 20 and game.state.players[2].position == 3


# ---------------------------------------------------------------- Chance cards (Millionaire)


def test_extra_turn(classic):
    game, _ = draw_game(classic, "chance", "extra_turn")
    roll(game, 1, 3)
    end_turn(game)
    assert game.state.current == 0 and game.pending.kind == "roll"
    pass_turn(game, 2, 4)
    assert game.state.current == 1


def test_take_a_plot_is_kept_until_possible_then_used_later(classic):
    game, card = draw_game(classic, "chance", "take_plot")
    roll(game, 1, 3)
    assert game.state.players[0].cards == [list(card)]  # nobody owns anything yet
    end_turn(game)
    give(game, 1, 26)
    pass_turn(game, 2, 4)
    pass_turn(game, 2, 4)
    assert game.state.current == 0
    assert Action.use_card(card, 26) in game.legal_actions()
    game.apply(Action.use_card(card, 26))
    assert game.state.owner[26] == 0 and game.state.players[0].cards == []
    assert game.state.decks["chance"][-1] == card[1]


def test_take_a_plot_now_when_possible(classic):
    game, card = draw_game(classic, "chance", "take_plot")
    give(game, 1, 26, 28)
    roll(game, 1, 3)
    assert game.pending.kind == "choose" and game.pending.options == [26, 28]
    game.apply(Action.choose(28))
    assert game.state.owner[28] == 0 and game.state.decks["chance"][-1] == card[1]


def test_free_branch_is_placed_where_building_is_legal(classic):
    game, card = draw_game(classic, "chance", "free_building")
    give(game, 0, 1, 2, 4)
    game.state.level[1] = 1
    roll(game, 1, 3)
    assert game.pending.kind == "choose" and game.pending.options == [2, 4]
    game.apply(Action.choose(4))
    assert game.state.level[4] == 1 and game.state.players[0].cash == 2000


def test_free_branch_never_becomes_an_enterprise(classic):
    game, card = draw_game(classic, "chance", "free_building")
    give(game, 0, 1, 2, 4, level=3)
    roll(game, 1, 3)
    assert game.state.players[0].cards == [list(card)]  # kept: only enterprises could be built
    assert game.card_options(0, "free_building") == []


def test_return_a_plot_to_the_bank(classic):
    game, _ = draw_game(classic, "chance", "return_plot")
    give(game, 0, 11, 39)
    roll(game, 1, 3)
    game.apply(Action.choose(11))
    assert game.state.owner[11] == -1 and game.state.owner[39] == 0


def test_auction_of_another_players_plot_pays_its_owner(classic):
    game, _ = draw_game(classic, "chance", "auction_others_plot")
    give(game, 1, 39)
    roll(game, 1, 3)
    game.apply(Action.choose(39))
    assert game.pending.kind == "bid"
    while game.pending.kind == "bid":
        game.apply(Action.bid(200) if game.pending.player == 2 else Action.pass_())
    assert game.state.owner[39] == 2 and game.state.players[1].cash == 2200


# A card that cannot be carried out is kept until it can (RuleSet.keep_until_possible)


def owed_card_game(board_key: str, effect: str, **changes):
    """A game whose first player draws ``effect`` from Chance with nothing to act on (Classic: cell 7,
    Elite: cell 8, both 4 cells from cell 3 or 4)."""
    board = load_board(board_key)
    game = new_game(board, 3, **changes)
    chance = next(c.index for c in board.cells if c.deck == "chance")
    game.state.players[0].position = chance - 4
    return game, stack(game, "chance", effect)


@pytest.mark.parametrize("board_key", ["millionaire-classic", "millionaire-elite"])
def test_a_give_back_card_with_no_plot_is_kept_and_carried_out_at_the_next_turn_that_can(board_key):
    game, card = owed_card_game(board_key, "return_plot", keep_until_possible=True)
    roll(game, 1, 3)
    assert game.state.players[0].cards == [list(card)] and card[1] not in game.state.decks["chance"]
    assert game.pending.kind == "manage" and not any(a.kind == "use_card" for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="is carried out at the start of your turn"):
        game.apply(Action.use_card(card, 1))
    end_turn(game)
    pass_turn(game, 1, 2)
    pass_turn(game, 1, 2)
    assert game.pending.kind == "roll" and game.state.current == 0  # still nothing to give back: kept
    roll(game, 2, 3)
    settle(game)
    give(game, 0, 11)  # now he owns a plot: the card is due at the start of his next turn
    end_turn(game)
    pass_turn(game, 1, 2)
    pass_turn(game, 1, 2)
    assert game.pending.kind == "choose" and game.pending.purpose == "return_plot"
    assert game.pending.player == 0 and game.pending.options == [11]
    game.apply(Action.choose(11))
    assert game.state.owner[11] == -1 and game.state.players[0].cards == []
    assert game.pending.kind == "roll" and game.state.decks["chance"][-1] == card[1]
    assert any(e.kind == "kept_card_due" for e in game.events)


@pytest.mark.parametrize("board_key", ["millionaire-classic", "millionaire-elite"])
def test_an_auction_card_with_no_plot_to_auction_waits_for_one(board_key):
    game, card = owed_card_game(board_key, "auction_others_plot", keep_until_possible=True)
    roll(game, 1, 3)  # nobody else owns a plot
    assert game.state.players[0].cards == [list(card)]
    give(game, 1, 39)
    end_turn(game)
    pass_turn(game, 1, 2)
    pass_turn(game, 1, 2)
    assert game.pending.kind == "choose" and game.pending.options == [39]
    game.apply(Action.choose(39))
    assert game.pending.kind == "bid" and game.pending.seller == 1


@pytest.mark.parametrize("board_key", ["millionaire-classic", "millionaire-elite"])
def test_the_presets_keep_a_card_without_a_target_and_the_other_reading_puts_it_under_its_deck(board_key):
    game, card = owed_card_game(board_key, "return_plot")  # the preset: the rules' reading
    roll(game, 1, 3)
    assert game.rules.keep_until_possible and game.state.players[0].cards == [list(card)]
    game, card = owed_card_game(board_key, "return_plot", keep_until_possible=False)
    roll(game, 1, 3)
    assert game.state.players[0].cards == [] and game.state.decks["chance"][-1] == card[1]


def test_double_rent_card_doubles_the_next_rent(classic):
    game, card = draw_game(classic, "chance", "double_rent")
    roll(game, 1, 3)
    assert game.state.players[0].cards == [list(card)]
    end_turn(game)
    give(game, 0, 7)
    game.state.players[1].position = 0
    roll(game, 3, 4)
    assert game.state.players[0].cash == 2016 and game.state.players[0].cards == []


@pytest.mark.parametrize(
    "effect, fields, cash, fund",
    [
        ("receive", {"amount": 200}, 2200, 0),
        ("pay", {"amount": 100, "to": "fund"}, 1900, 100),
        ("pay", {"amount": 150, "to": "bank"}, 1850, 0),
        ("pay_percent_cash", {}, 1800, 0),
    ],
)
def test_money_cards(classic, effect, fields, cash, fund):
    game, _ = draw_game(classic, "chance", effect, **fields)
    roll(game, 1, 3)
    assert game.state.players[0].cash == cash and game.state.charity_fund == fund


def test_collect_from_and_pay_every_player(classic):
    game, _ = draw_game(classic, "chance", "collect_from_each")
    roll(game, 1, 3)
    assert [p.cash for p in game.state.players] == [2040, 1980, 1980]
    game, _ = draw_game(classic, "chance", "pay_each")
    roll(game, 1, 3)
    assert [p.cash for p in game.state.players] == [1950, 2025, 2025]


def test_repairs_and_income_per_plot(classic):
    game, _ = draw_game(classic, "chance", "repairs")
    give(game, 0, 1, 2, level=3)
    give(game, 0, 4, level=4)
    roll(game, 1, 3)
    assert game.state.players[0].cash == 2000 - 6 * 25 - 100
    game, _ = draw_game(classic, "chance", "receive_per_plot")
    give(game, 0, 1, 2, 39)
    roll(game, 1, 3)
    assert game.state.players[0].cash == 2030


def test_go_to_tax_inspection_card(classic):
    game, _ = draw_game(classic, "chance", "go_to_jail")
    roll(game, 1, 3)
    assert game.state.players[0].detained


def test_auction_of_an_unowned_plot_pays_the_bank(classic):
    game, _ = draw_game(classic, "chance", "auction_unowned")
    roll(game, 1, 3)
    assert game.pending.kind == "choose" and len(game.pending.options) == 24
    game.apply(Action.choose(39))
    game.apply(Action.bid(120))
    game.apply(Action.pass_())
    game.apply(Action.pass_())
    assert game.state.owner[39] == 1 and game.state.bank_balance == 120


# ---------------------------------------------------------------- Monopoly specifics


def test_railroad_rent_by_count_and_nearest_railroad_pays_double(monopoly):
    game = new_game(monopoly)
    give(game, 1, 5, 15)
    assert game.rent(5) == 50
    game.state.players[0].position = 3
    stack(game, "chance", "nearest", what="railroad")
    roll(game, 2, 2)  # 7: Chance → Pennsylvania Railroad (15)
    assert game.state.players[0].position == 15 and game.state.players[0].cash == 1400


def test_utilities_pay_dice_times_four_or_ten(monopoly):
    game = new_game(monopoly)
    give(game, 1, 12)
    game.state.players[0].position = 7
    roll(game, 2, 3)
    assert game.state.players[0].cash == 1500 - 20
    give(game, 1, 28)
    assert game.rent(12, dice_total=7) == 70


def test_nearest_utility_card_rolls_again_times_ten(monopoly):
    game = new_game(monopoly)
    give(game, 1, 12)
    game.state.players[0].position = 3
    stack(game, "chance", "nearest", what="utility")
    rig(game, 2, 2, 3, 4)
    game.apply(Action.roll())
    assert game.state.players[0].position == 12 and game.state.players[0].cash == 1500 - 70


def test_go_back_three_from_chance_36_lands_on_chest_33(monopoly):
    game = new_game(monopoly)
    game.state.players[0].position = 30 - 30 + 31
    stack(game, "chance", "move_by", steps=-3)
    stack(game, "chest", "receive", amount=200)
    roll(game, 2, 3)
    assert game.state.players[0].position == 33 and game.state.players[0].cash == 1700


def test_advance_to_go_and_passing_go_by_card_pays(monopoly):
    game = new_game(monopoly)
    game.state.players[0].position = 31
    stack(game, "chance", "move_to", target=24)
    roll(game, 2, 3)  # 36 → Illinois Ave, passing GO
    assert game.state.players[0].position == 24 and game.state.players[0].cash == 1700
    game = new_game(monopoly)
    stack(game, "chest", "move_to", target=0)
    roll(game, 1, 1)
    assert game.state.players[0].position == 0 and game.state.players[0].cash == 1700


def test_go_to_jail_card_never_passes_go(monopoly):
    game = new_game(monopoly)
    game.state.players[0].position = 31
    stack(game, "chance", "go_to_jail")
    roll(game, 2, 3)
    assert game.state.players[0].detained and game.state.players[0].cash == 1500


# ---------------------------------------------------------------- illegal actions


def test_illegal_action_names_itself_and_the_decision_and_changes_nothing(classic):
    game = new_game(classic)
    before = game.state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        game.apply(Action.buy())
    assert "Action.buy()" in str(error.value) and "roll" in str(error.value)
    position = to_notation(game.state)  # where, as a chess engine gives the board of an illegal move
    assert error.value.position == position and str(error.value).endswith(f"; position: {position}")
    assert "position" not in error.value.reason  # the reason alone, for the table
    with pytest.raises(IllegalActionError, match="not a cell"):
        game.apply(Action.build(99))
    with pytest.raises(IllegalActionError, match="not an Action"):
        game.apply("roll")  # type: ignore[arg-type]
    assert game.state.to_dict() == before and game.events == []


def test_every_listed_action_is_legal_and_applies(classic):
    game = Game(classic, agents=["random"] * 3, seed=11)
    for _ in range(300):
        if game.finished:
            break
        for action in game.legal_actions():
            assert game.is_legal(action), action
        game.apply(game.agents[game.pending.player].choose(game, game.pending))


def test_events_read_as_sentences_in_both_languages(classic):
    game = Game(classic, agents=["aggressive", "monopolist"], seed=4)
    game.run(max_rounds=30)
    english, russian = game.log("en"), game.log("ru")
    assert len(english) == len(russian) == len(game.events) > 50
    assert all(s.endswith((".", ")")) or ": " in s for s in english)
    assert any("buys" in s for s in english) and any("покупает" in s for s in russian)


def test_bank_pays_circular_income_from_its_balance(classic):
    game = new_game(classic)
    game.state.players[0].position = 38
    roll(game, 1, 3)
    assert game.state.bank_balance == -200 and game.state.total_money == 4200


def test_fund_payments_are_ledger_entries(classic):
    game, _ = draw_game(classic, "chance", "pay", amount=50, to="fund")
    roll(game, 1, 3)
    pays = [e for e in game.events if e.kind == "pay"]
    assert pays[-1].player == 0 and pays[-1].other == FUND and pays[-1].amount == 50
    assert BANK == -1


def test_run_checks_the_answers_of_agents_it_does_not_know(classic):
    class Cheater:
        name = "cheater"

        def choose(self, game, decision):
            return Action.build(1)

    game = Game(classic, agents=[Cheater(), "cautious"], seed=1)
    with pytest.raises(IllegalActionError, match="Action.build"):
        game.run(max_rounds=5)


def test_built_in_strategies_answer_only_legal_actions(classic, monopoly):
    for board in (classic, monopoly):
        game = Game(board, agents=["cautious", "aggressive", "monopolist", "random"], seed=8)
        while not game.finished and game.state.round <= 60:
            action = game.agents[game.pending.player].choose(game, game.pending)
            assert game.is_legal(action), (action, game.pending)
            game.apply(action)


@pytest.mark.parametrize("reason", ["last player standing", "timed game: the richest", "round limit: the richest"])
def test_every_reason_a_game_ends_reads_in_russian(reason):
    from millionaire.events import reason_text

    assert reason_text(reason, "en") == reason
    russian = reason_text(reason, "ru")
    assert russian != reason and not any("a" <= ch.lower() <= "z" for ch in russian)


def test_monopoly_doubles_an_unmortgaged_lot_of_a_whole_group_with_another_lot_mortgaged(monopoly, classic):
    game = new_game(monopoly)
    give(game, 1, 37, 39)  # Park Place and Boardwalk
    game.state.mortgaged[37] = True
    assert game.rent(39) == 2 * 50 and game.rent(37) == 0
    game.state.players[0].position = 34
    roll(game, 2, 3)  # Boardwalk
    assert game.state.players[0].cash == 1500 - 100
    assert game.build_problem(1, 39).startswith("you do not own the whole industry")  # building still needs none mortgaged
    millionaire = new_game(classic)  # Millionaire: a mortgaged plot breaks the monopoly (seed rulebook)
    give(millionaire, 1, 6, 7, 9)
    millionaire.state.mortgaged[9] = True
    assert millionaire.rent(7) == 8
    assert not new_game(monopoly, monopoly_despite_mortgage=False).rules.monopoly_despite_mortgage


def test_a_two_player_bankruptcy_still_charges_the_creditor_the_fee_on_mortgaged_deeds(monopoly):
    game = new_game(monopoly)
    give(game, 1, 37, 39, level=2)
    give(game, 0, 5, 15)
    game.state.mortgaged[5] = game.state.mortgaged[15] = True
    game.state.players[0].cash, game.state.players[1].cash = 10, 2990
    game.state.players[0].position = 34
    roll(game, 2, 3)  # Boardwalk with 2 houses: 600
    assert game.finished and game.state.winner == 1
    # 10 cash to the creditor, who pays 10% of each railroad's mortgage value (100): 10 + 10.
    assert game.state.players[1].cash == 2990 + 10 - 20
    assert game.result().net_worth[1] == game.net_worth(1)
    assert game.state.total_money == 1500 * 2


# ---------------------------------------------------------------- the log says what happened


def test_the_bankruptcy_sentence_names_the_debt_and_the_creditor(classic):
    game = new_game(classic)
    give(game, 1, 36, 38, 39, level=3)
    game.state.players[0].cash, game.state.players[1].cash = 100, 3900
    game.state.players[0].position = 34
    roll(game, 2, 3)
    assert "Anna cannot pay Boris 1500 fants (rent), is bankrupt and leaves the game." in game.log()
    russian = game.log("ru")
    assert any("банкрот" in line and "аренда" in line and "Boris" in line for line in russian)
    assert any(line.startswith("Игра окончена: побеждает Boris") for line in russian)
    assert not any("(а)" in line for line in russian)


def test_a_tie_for_the_richest_says_how_it_was_broken(classic):
    game = new_game(classic, 3)
    result = game.end_now()
    assert result.winner == 0
    assert "3 players tie as the richest, at 2000 fants each; Anna wins as the first of them in the order of play." in game.log()
    assert "У 3 самых богатых игроков поровну, по 2000 фантов; побеждает тот из них, кто ходит раньше: Anna." in game.log("ru")
    untied = new_game(classic, 2)
    untied.state.players[1].cash += 1
    untied.state.bank_balance -= 1
    untied.end_now()
    assert not any(e.kind == "tie" for e in untied.events)


def test_stopping_on_start_is_not_passing_it(classic):
    game = new_game(classic)
    game.state.players[0].position = 35
    roll(game, 2, 3)  # 40: START itself
    assert "Anna stops on START and collects 200 fants." in game.log()
    assert not any("passes START" in line for line in game.log())
    game = new_game(classic)
    game.state.players[0].position = 35
    roll(game, 3, 4)
    assert "Anna passes START and collects 200 fants." in game.log()


@pytest.mark.skipif("agents" in compiled.IN_USE,
                    reason="a compiled ThresholdAgent cannot be subclassed in Python: run from the source (MILLIONAIRE_PURE=1)")
def test_a_subclass_of_a_built_in_strategy_answers_for_itself():
    """The engine calls a built-in bot's answer directly (``agents.built_in_bots``); a subclass that
    answers otherwise is asked through its own method, in ``Game.run`` and in the environments' bots."""
    from millionaire.agents import STRATEGIES, ThresholdAgent, built_in_bots, make_agent
    from millionaire.envcore import Bots

    class Counting(ThresholdAgent):
        def __init__(self) -> None:
            super().__init__(name="counting", **STRATEGIES["cautious"])
            self.asked = 0

        def answer(self, game, data):
            self.asked += 1
            return super().answer(game, data)

    built_in = make_agent("cautious")
    assert built_in_bots([Counting(), built_in, None]) == [None, built_in, None]  # a subclass is not called directly
    board = load_board("millionaire-classic")
    bot = Counting()
    game = Game(board, agents=[bot, "cautious"], seed=4, record_events=False)
    game.run(max_rounds=20)
    seat = game.agents.index(bot)
    assert bot.asked == sum(1 for who, _ in game.actions if who == seat) > 0
    bot = Counting()
    game = Game(board, agents=[None, bot], seed=4, record_events=False)
    bots, seat = Bots(game), game.agents.index(bot)
    for _ in range(40):  # the bots play up to the human's decision, the test answers it
        bots.play()
        game.apply(game.legal_actions()[0])
    assert bot.asked == sum(1 for who, _ in game.actions if who == seat) > 0
