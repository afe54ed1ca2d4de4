"""Millionaire Elite: one rule or decision of docs/rules/millionaire-elite.md each (set up, act, assert),
the page against the board file, and bad Elite boards and saves."""

from __future__ import annotations

import json
import re

import pytest

from helpers import end_turn, give, new_game, rig, roll, settle, stack
from millionaire import Action, Game, IllegalActionError, RuleSet, load_board
from millionaire.board import CellKind, parse_board
from millionaire.errors import BoardFileError, SaveFileError
from millionaire.events import describe
from millionaire.state import GameState
from rules_pages import REPO, flat, numbered_list, page, section, table_rows

EXCHANGE, FORTUNE, INSURANCE, AUCTION = 3, 13, 18, 37
ELITE_TOML = (REPO / "millionaire" / "boards" / "millionaire_elite.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def elite():
    return load_board("millionaire-elite")


def market(game: Game) -> dict:
    return game.state.market


def policy_number(board, kind: str, term: str) -> int:
    return next(n for n, p in enumerate(board.policies, start=1) if (p.kind, p.term) == (kind, term))


def insure(game: Game, seat: int, kind: str, term: str) -> None:
    """Hand a policy to a seat (for setting up positions)."""
    market(game)["policies"][seat].append([kind, term])


def claim(game: Game, seat: int = 0, policy: str = "") -> None:
    """Answer the pending claim decision of ``seat`` (about a policy of that kind) by handing the policy in."""
    assert game.pending.kind == "claim" and game.pending.player == seat, game.pending
    assert not policy or game.pending.policy == policy
    game.apply(Action.claim())


# ---------------------------------------------------------------- the page against the board file


def test_the_board_table_of_the_page_is_the_board_file(elite):
    rows = table_rows(section(page("millionaire-elite.md"), "The board"))
    assert rows, "no board table"
    for cell, names, kind in rows:
        info = elite.cells[int(cell)]
        ru, en = (part.strip() for part in names.split(" / "))
        assert (info.name_ru.lower(), info.name_en) == (ru.lower(), en), cell
        expected = info.kind.value if info.kind is not CellKind.CARD else f"card: {info.deck}"
        assert kind.split(" (")[0] == expected, cell
    listed = {int(row[0]) for row in rows}
    assert listed == {c.index for c in elite.cells if c.kind is not CellKind.PLOT}


def test_the_plots_are_classic(elite, classic):
    for cell in classic.plots:
        mine, theirs = elite.cells[cell], classic.cells[cell]
        assert (mine.name_en, mine.price, mine.rent, mine.industry) == (theirs.name_en, theirs.price, theirs.rent, theirs.industry)
    assert [i.build_price for i in elite.industries] == [i.build_price for i in classic.industries]


def test_the_central_industry_on_the_page(elite):
    text = flat(section(page("millionaire-elite.md"), "The central industry"))
    companies = [elite.cells[c] for c in elite.railroads]
    assert [c.index for c in companies] == [5, 15, 25, 35]
    price = int(re.search(r"Each costs (\d+)", text).group(1))
    rents = [int(v) for v in re.search(r"holds: ([\d, ]+) \(", text).group(1).split(", ")]
    taxes = [int(v) for v in re.search(r"holds: (\d+, \d+, \d+, \d+) \(the squares", text).group(1).split(", ")]
    assert all(c.price == price and list(c.rent) == rents for c in companies)
    assert list(elite.central_industry.tax) == taxes


def test_the_share_market_on_the_page(elite):
    text = flat(section(page("millionaire-elite.md"), "Shares and the Exchange"))
    shares = elite.shares
    assert f"in points of {shares.point} fants" in text
    assert f"between a minimum of {shares.minimum} and a maximum of {shares.maximum}" in text
    moves = re.search(r"moves by ([-+\d, or]+) points", text).group(1).replace(" or", ",").split(", ")
    assert [int(m) for m in moves] == list(shares.moves)
    assert f"starts at {shares.start_price} fants" in flat(page("millionaire-elite.md"))


def test_the_fortune_deck_on_the_page(elite):
    listed = numbered_list(section(page("millionaire-elite.md"), "Fortune"))
    assert listed == [card.text_en for card in elite.decks["fortune"].cards]


def test_the_policies_on_the_page(elite):
    rows = table_rows(section(page("millionaire-elite.md"), "Insurance"))
    assert [(k, t, int(p), int(c)) for k, t, p, c in rows] == [
        (p.kind, p.term, p.premium, p.cover) for p in elite.policies]


# ---------------------------------------------------------------- setup


def test_elite_starts_like_classic_with_an_empty_market(elite):
    game = new_game(elite, 3)
    assert [p.cash for p in game.state.players] == [2000] * 3
    assert market(game) == {"price": 100, "shares": [0, 0, 0], "policies": [[], [], []], "waiting": []}
    assert RuleSet.for_board("millionaire-elite") == RuleSet.elite() == RuleSet.classic().replace(unsold_to_auction_cell=True)


def test_classic_keeps_no_market_and_saves_none(classic):
    game = new_game(classic)
    assert game.state.market is None and "market" not in game.state.to_dict()


# ---------------------------------------------------------------- the Exchange


@pytest.mark.parametrize("face, price", [(1, 70), (2, 80), (3, 90), (4, 110), (5, 120), (6, 130)])
def test_the_exchange_die_moves_the_price(elite, face, price):
    game = new_game(elite)
    rig(game, 1, 2, face)  # the Exchange's die is read after the roll's two
    game.apply(Action.roll())
    assert game.state.players[0].position == EXCHANGE
    assert market(game)["price"] == price
    assert game.pending.kind == "exchange"


def test_the_price_stops_at_the_minimum_and_the_maximum(elite):
    game = new_game(elite)
    market(game)["price"] = 20
    rig(game, 1, 2, 1)
    game.apply(Action.roll())
    assert market(game)["price"] == 10
    game = new_game(elite)
    market(game)["price"] = 490
    rig(game, 1, 2, 6)
    game.apply(Action.roll())
    assert market(game)["price"] == 500


def test_buying_and_selling_shares_at_the_exchange(elite):
    game = new_game(elite)
    rig(game, 1, 2, 6)  # price 130
    game.apply(Action.roll())
    assert Action.buy_shares(15) in game.legal_actions() and Action.buy_shares(16) not in game.legal_actions()
    game.apply(Action.buy_shares(10))
    assert market(game)["shares"][0] == 10 and game.state.players[0].cash == 2000 - 1300
    assert game.state.bank_balance == 1300
    assert game.pending.kind == "manage"  # one deal per visit
    assert game.net_worth(0) == 700 + 10 * 130
    end_turn(game)
    roll(game, 5, 6)  # the other player moves on
    settle(game)
    end_turn(game)
    game.state.players[0].position = 0
    rig(game, 1, 2, 1)  # price 130 - 30 = 100
    game.apply(Action.roll())
    game.apply(Action.sell_shares(4))
    assert market(game)["shares"][0] == 6 and game.state.players[0].cash == 700 + 400


def test_bad_share_deals_are_refused_and_change_nothing(elite):
    game = new_game(elite)
    rig(game, 1, 2, 4)  # price 110
    game.apply(Action.roll())
    before = game.state.to_json()
    for action, reason in ((Action.buy_shares(19), "at most 18 shares for your cash"),
                           (Action.sell_shares(1), "you hold only 0 shares"),
                           (Action.buy_shares(0), "a deal is at least 1 share"),
                           (Action.buy_policy(1), "buy_policy is not an answer to a 'exchange' decision")):
        with pytest.raises(IllegalActionError, match=re.escape(reason)):
            game.apply(action)
    assert game.state.to_json() == before


def test_shares_are_traded_only_at_the_exchange(elite):
    game = new_game(elite)
    market(game)["shares"][0] = 3
    roll(game, 2, 3)  # 5: the Airline concern
    settle(game)
    assert not any(a.kind in ("buy_shares", "sell_shares") for a in game.legal_actions())


def test_a_player_with_no_cash_and_no_shares_is_not_asked(elite):
    game = new_game(elite)
    game.state.players[0].cash = 5
    game.state.bank_balance = 1995
    rig(game, 1, 2, 4)
    game.apply(Action.roll())
    assert market(game)["price"] == 110 and game.pending.kind == "manage"


# ---------------------------------------------------------------- Fortune


def fortune_game(elite, effect: str, **fields) -> Game:
    game = new_game(elite)
    game.state.players[0].position = 8
    stack(game, "fortune", effect, **fields)
    return game


def test_a_fortune_card_sets_the_price_until_the_next_change(elite):
    game = fortune_game(elite, "share_price", amount=50)
    market(game)["price"] = 350
    roll(game, 2, 3)
    assert game.state.players[0].position == FORTUNE and market(game)["price"] == 50
    settle(game)
    end_turn(game)
    assert market(game)["price"] == 50  # stays: nothing undoes a card


def test_points_move_from_the_price_a_card_set(elite):
    game = fortune_game(elite, "share_points", points=2)
    market(game)["price"] = 300
    roll(game, 2, 3)
    assert market(game)["price"] == 320


def test_points_stop_at_the_ends(elite):
    game = fortune_game(elite, "share_points", points=-5)
    market(game)["price"] = 30
    roll(game, 2, 3)
    assert market(game)["price"] == 10


def test_go_to_the_exchange_moves_the_price_and_pays_income_past_start(elite):
    game = new_game(elite)
    game.state.players[0].position = 24
    stack(game, "fortune", "move_to", target=EXCHANGE)
    rig(game, 1, 2, 6)  # 24 + 3 = 27 (Fortune), then the Exchange's die
    game.apply(Action.roll())
    assert game.state.players[0].position == EXCHANGE and market(game)["price"] == 130
    assert game.state.players[0].cash == 2200


# ---------------------------------------------------------------- insurance


def office_game(elite) -> Game:
    game = new_game(elite)
    game.state.players[0].position = 15
    return game


def test_buying_a_policy_at_the_insurance_company(elite):
    game = office_game(elite)
    roll(game, 1, 2)
    assert game.pending.kind == "insurance"
    number = policy_number(elite, "rent", "long")
    game.apply(Action.buy_policy(number))
    assert market(game)["policies"][0] == [["rent", "long"]]
    assert game.state.players[0].cash == 2000 - elite.policies[number - 1].premium


def test_one_policy_of_each_kind_and_the_premium_must_be_paid(elite):
    game = office_game(elite)
    insure(game, 0, "rent", "short")
    game.state.players[0].cash = 35
    game.state.bank_balance = 1965
    roll(game, 1, 2)
    before = game.state.to_json()
    with pytest.raises(IllegalActionError, match="you already hold a policy against rent"):
        game.apply(Action.buy_policy(policy_number(elite, "rent", "long")))
    with pytest.raises(IllegalActionError, match=re.escape("not enough cash for the premium (35 < 50)")):
        game.apply(Action.buy_policy(policy_number(elite, "auction", "long")))
    with pytest.raises(IllegalActionError, match="policy 9 is not one of 1..8"):
        game.apply(Action.buy_policy(9))
    assert game.state.to_json() == before
    numbers = sorted(a.amount for a in game.legal_actions() if a.kind == "buy_policy")
    assert [elite.policies[n - 1].premium for n in numbers] == [10, 30, 20, 30]


def test_a_short_term_policy_ends_at_start_a_long_term_one_does_not(elite):
    game = new_game(elite)
    insure(game, 0, "rent", "short")
    insure(game, 0, "auction", "long")
    game.state.players[0].position = 38
    roll(game, 1, 3)  # 38 + 4 = 2, past START
    assert market(game)["policies"][0] == [["auction", "long"]]
    assert any(e.kind == "policy_ends" for e in game.events)


def rent_game(elite, level: int) -> Game:
    game = new_game(elite)
    give(game, 1, 39, level=level)
    game.state.players[0].position = 36
    return game


def test_a_rent_policy_pays_the_rent_and_ends(elite):
    game = rent_game(elite, 2)  # rent 750
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    claim(game, 0, "rent")
    assert game.state.players[0].cash == 2000 and game.state.players[1].cash == 2750
    assert game.state.bank_balance == -750 and market(game)["policies"][0] == []
    assert game.state.total_money == 2 * 2000 + 200


def test_a_rent_policy_pays_up_to_its_cover(elite):
    game = rent_game(elite, 3)  # rent 1500, long cover 1000
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    claim(game, 0, "rent")
    assert game.state.players[0].cash == 1500 and game.state.players[1].cash == 3500


def test_without_a_policy_the_rent_is_paid_as_in_classic(elite):
    game = rent_game(elite, 2)
    roll(game, 1, 2)
    assert game.state.players[0].cash == 1250


def test_an_auction_policy_keeps_a_plot_out_of_a_cards_auction(elite):
    game = new_game(elite)
    give(game, 1, 1)
    insure(game, 1, "auction", "short")
    game.state.players[0].position = 3
    stack(game, "chance", "auction_others_plot")
    roll(game, 2, 3)  # 8: Chance
    assert game.pending.kind == "choose"
    game.apply(Action.choose(1))
    claim(game, 1, "auction")
    assert game.pending.kind == "manage" and game.state.owner[1] == 1
    assert market(game)["policies"][1] == [] and game.events[-1].kind == "shield"


def test_without_an_auction_policy_the_card_auctions_the_plot(elite):
    game = new_game(elite)
    give(game, 1, 1)
    game.state.players[0].position = 3
    stack(game, "chance", "auction_others_plot")
    roll(game, 2, 3)
    game.apply(Action.choose(1))
    assert game.pending.kind == "bid"


def test_a_shares_policy_pays_the_fall_a_card_makes(elite):
    game = fortune_game(elite, "share_price", amount=50)
    market(game)["price"] = 350
    market(game)["shares"] = [4, 5]
    insure(game, 1, "shares", "long")
    roll(game, 2, 3)
    claim(game, 1, "shares")
    assert game.state.players[1].cash == 2000 + 5 * 300
    assert game.state.players[0].cash == 2000 and market(game)["policies"][1] == []


def test_a_shares_policy_pays_up_to_its_cover(elite):
    game = fortune_game(elite, "share_price", amount=10)
    market(game)["price"] = 500
    market(game)["shares"] = [0, 10]
    insure(game, 1, "shares", "short")  # cover 1000 < 10 * 490
    roll(game, 2, 3)
    claim(game, 1, "shares")
    assert game.state.players[1].cash == 3000


def test_a_fall_at_the_exchange_is_not_covered(elite):
    game = new_game(elite)
    market(game)["shares"] = [5, 0]
    insure(game, 0, "shares", "long")
    rig(game, 1, 2, 1)
    game.apply(Action.roll())
    assert market(game)["price"] == 70 and market(game)["policies"][0] == [["shares", "long"]]
    assert game.state.players[0].cash == 2000


# ---------------------------------------------------------------- the central industry


def test_central_industry_rent_grows_with_the_companies_owned(elite):
    for owned, rent in ((1, 50), (2, 120), (3, 250), (4, 500)):
        game = new_game(elite)
        give(game, 1, *elite.railroads[:owned])
        game.state.players[0].position = 2
        roll(game, 1, 2)  # 5: the Airline concern
        assert game.state.players[0].cash == 2000 - rent, owned


def test_the_holding_tax_is_paid_passing_start(elite):
    game = new_game(elite)
    give(game, 0, 5, 15)
    game.state.players[0].position = 38
    roll(game, 1, 3)  # to 2, past START: +200, tax 40 for two companies
    settle(game)
    assert game.state.players[0].cash == 2000 + 200 - 40
    assert any(e.kind == "pay" and e.detail == "holding_tax" and e.amount == 40 for e in game.events)


def test_a_tax_policy_pays_the_holding_tax(elite):
    game = new_game(elite)
    give(game, 0, 5, 15, 25)
    insure(game, 0, "tax", "short")
    game.state.players[0].position = 38
    roll(game, 1, 3)
    settle(game)
    assert game.state.players[0].cash == 2200 and market(game)["policies"][0] == []


def test_no_companies_no_holding_tax(elite):
    game = new_game(elite)
    game.state.players[0].position = 38
    roll(game, 1, 3)
    settle(game)
    assert game.state.players[0].cash == 2200


# ---------------------------------------------------------------- the Auction cell


def decline_night_club(game: Game) -> None:
    roll(game, 1, 3)  # 4: Night club
    game.apply(Action.decline())
    while game.pending.kind == "bid":
        game.apply(Action.pass_())


def test_a_plot_nobody_bids_on_waits_on_the_auction_cell(elite):
    game = new_game(elite)
    decline_night_club(game)
    assert game.state.owner[4] == -1 and market(game)["waiting"] == [4]
    assert game.events[-1].kind == "lot_waits"
    end_turn(game)
    game.state.players[1].position = 0
    roll(game, 1, 3)  # the other player stops on the waiting plot: no offer
    assert game.pending.kind == "manage"


def test_the_auction_cell_sells_a_waiting_plot_at_its_price(elite):
    game = new_game(elite)
    decline_night_club(game)
    end_turn(game)
    game.state.players[1].position = 34
    roll(game, 1, 2)
    assert game.pending.kind == "lot" and game.pending.options == [4]
    game.apply(Action.choose(4))
    assert game.state.owner[4] == 1 and game.state.players[1].cash == 2000 - 70 and market(game)["waiting"] == []


def test_the_auction_cell_offers_only_what_the_player_can_pay(elite):
    game = new_game(elite)
    market(game)["waiting"] = [4, 39]
    game.state.players[0].cash = 100
    game.state.bank_balance = 1900
    game.state.players[0].position = 34
    roll(game, 1, 2)
    assert game.pending.options == [4]
    with pytest.raises(IllegalActionError, match="cell 39 is not one of"):
        game.apply(Action.choose(39))
    game.apply(Action.skip())
    assert market(game)["waiting"] == [4, 39]


def test_without_the_option_an_unsold_plot_stays_on_the_board(elite):
    game = new_game(elite, unsold_to_auction_cell=False)
    decline_night_club(game)
    assert market(game)["waiting"] == []
    end_turn(game)
    game.state.players[1].position = 0
    roll(game, 1, 3)
    assert game.pending.kind == "buy"


def test_a_card_auction_may_sell_a_waiting_plot(elite):
    game = new_game(elite)
    market(game)["waiting"] = [4]
    game.state.players[0].position = 3
    stack(game, "chance", "auction_unowned")
    roll(game, 2, 3)
    game.apply(Action.choose(4))
    game.apply(Action.bid(10))  # the next player bids first
    game.apply(Action.pass_())
    assert game.state.owner[4] == 1 and market(game)["waiting"] == []


# ---------------------------------------------------------------- bankruptcy, saves, events


def test_a_bankrupt_players_shares_and_policies_go_back(elite):
    game = rent_game(elite, 4)  # rent 2000
    game.state.players[0].cash = 10
    game.state.bank_balance = 1990
    market(game)["shares"][0] = 7
    insure(game, 0, "tax", "long")
    roll(game, 1, 2)
    assert game.state.players[0].bankrupt
    assert market(game)["shares"][0] == 0 and market(game)["policies"][0] == []


def test_the_market_is_saved_and_loaded(elite):
    game = Game(elite, agents=["cautious", "aggressive", "monopolist"], seed=3)
    game.run(max_rounds=40)
    assert any(market(game)["shares"]) or any(market(game)["policies"])
    loaded = GameState.from_json(game.state.to_json(), elite)
    assert loaded == game.state and loaded.market == game.state.market


@pytest.mark.parametrize("change, message", [
    (lambda d: d["market"].update(price=105), "'market.price' is 105, not a price of the ladder"),
    (lambda d: d["market"].update(price=5000), "'market.price' must be an integer 10..500"),
    (lambda d: d["market"].update(shares=[1]), "'market.shares' must have one entry per player (2)"),
    (lambda d: d["market"].update(shares=[-1, 0]), "'market.shares[0]' must be a number of shares"),
    (lambda d: d["market"].update(policies=[[["rent", "forever"]], []]), "'market.policies[0]' must list [kind, term]"),
    (lambda d: d["market"].update(policies=[[["rent", "long"], ["rent", "short"]], []]), "holds two policies of one kind"),
    (lambda d: d["market"].update(waiting=[0]), "'market.waiting' must list unowned properties"),
    (lambda d: d["market"].update(bonus=1), "'market.bonus' is not part of a saved game"),
    (lambda d: d.pop("market"), "'market' is missing"),
])
def test_a_damaged_market_is_refused(elite, change, message):
    data = new_game(elite).state.to_dict()
    change(data)
    with pytest.raises(SaveFileError, match=re.escape(message)):
        GameState.from_dict(json.loads(json.dumps(data)), elite)


def test_a_market_on_a_classic_save_is_refused(classic, elite):
    data = new_game(classic).state.to_dict()
    data["market"] = new_game(elite).state.to_dict()["market"]
    with pytest.raises(SaveFileError, match="has no shares, insurance or Auction cell"):
        GameState.from_dict(data, classic)


def test_a_pending_exchange_must_stand_on_the_exchange(elite):
    game = new_game(elite)
    rig(game, 1, 2, 4)
    game.apply(Action.roll())
    data = game.state.to_dict()
    data["players"][0]["position"] = 4
    with pytest.raises(SaveFileError, match="does not stand on an 'exchange' cell"):
        GameState.from_dict(data, elite)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_elite_event_reads_in_both_languages(elite, lang):
    kinds = {"share_price", "buy_shares", "sell_shares", "policy", "claim", "policy_ends", "lot_waits"}
    events = []
    for seed in range(40):  # games until every kind has happened
        game = Game(elite, agents=["cautious", "aggressive", "monopolist", "random"], seed=seed)
        game.run(max_rounds=150)
        events += [(e, game.names) for e in game.events]
        if kinds <= {e.kind for e, _ in events}:
            break
    assert kinds <= {e.kind for e, _ in events}
    for event, names in events:
        if event.kind in kinds | {"sell_shares", "policy_ends", "shield"}:
            sentence = describe(event, elite, names, lang)
            assert "{" not in sentence and ("_" not in sentence)
            if lang == "ru":
                assert not re.search(r"\b(the|shares|policy)\b", sentence), sentence


# ---------------------------------------------------------------- bots and the ledger


def test_the_cautious_bot_insures_and_the_aggressive_one_invests(elite):
    game = Game(elite, RuleSet.elite().replace(shuffle_seats=False), agents=["cautious", "aggressive"], seed=2)
    game.run(max_rounds=200)
    bought = {(e.player, e.kind) for e in game.events if e.kind in ("policy", "buy_shares")}
    assert (0, "policy") in bought and (1, "buy_shares") in bought
    assert (0, "buy_shares") not in bought and (1, "policy") not in bought


def test_the_investor_buys_only_cheap_and_sells_dear(elite):
    # At the Exchange, that is: shares sold for a debt go at any price (shares_pay_debts, tested above).
    game = Game(elite, RuleSet.elite().replace(shares_pay_debts=False), agents=["aggressive"] * 3, seed=5)
    game.run(max_rounds=300)
    prices = [e.amount // e.other for e in game.events if e.kind == "buy_shares"]
    sales = [e.amount // e.other for e in game.events if e.kind == "sell_shares"]
    assert prices and max(prices) <= elite.shares.start_price
    assert all(p >= 2 * elite.shares.start_price for p in sales)


@pytest.mark.parametrize("seed", range(12))
def test_money_is_conserved_in_elite_games(elite, seed):
    game = Game(elite, agents=["cautious", "aggressive", "monopolist", "random"][: 2 + seed % 3], seed=seed)
    game.run(max_rounds=200)
    start = len(game.state.players) * 2000 + 200
    assert game.state.total_money == start


# ---------------------------------------------------------------- bad board files


@pytest.mark.parametrize("old, new, message", [
    ("[shares]\nstart_price = 100", "[shares]\nstart_price = 105", "field 'start_price': 105 is not on the ladder"),
    ("moves = [-3, -2, -1, 1, 2, 3]", "moves = [-3, -2, -1, 1, 2]", "field 'moves' must list 6 moves"),
    ("maximum = 500", "maximum = 505", "maximum - minimum (495) must be a whole number of points of 10"),
    ("point = 10", "point = 0", "field 'point' must be an integer 1.."),
    ('effect = "share_price"\namount = 50', 'effect = "share_price"\namount = 55', "field 'amount': 55 is not a share price"),
    ('{ kind = "rent", term = "short", premium = 40, cover = 500 }',
     '{ kind = "fire", term = "short", premium = 40, cover = 500 }', "policy 1: field 'kind' must be one of rent, tax"),
    ('{ kind = "tax", term = "short", premium = 10, cover = 200 }',
     '{ kind = "rent", term = "short", premium = 10, cover = 200 }', "a short-term rent policy is listed twice"),
    ("tax = [10, 40, 90, 160]", "tax = [10, 40]", "field 'tax' must list 4 amounts"),
])
def test_bad_elite_tables_are_refused_with_their_place(old, new, message):
    assert old in ELITE_TOML
    with pytest.raises(BoardFileError, match=re.escape(message)):
        parse_board(ELITE_TOML.replace(old, new, 1), "elite.toml")


def test_an_exchange_needs_the_share_rules_and_they_need_an_exchange():
    without = re.sub(r"\[shares\].*?moves = \[[^\]]*\]\n", "", ELITE_TOML, flags=re.S)
    with pytest.raises(BoardFileError, match="cell 3 is an 'exchange' cell and needs the share price's rules"):
        parse_board(without, "elite.toml")
    no_cells = ELITE_TOML.replace('kind = "exchange"', 'kind = "rest"')
    with pytest.raises(BoardFileError, match="no 'exchange' cell to trade shares on"):
        parse_board(no_cells, "elite.toml")
    no_office = ELITE_TOML.replace('kind = "insurance"', 'kind = "rest"')
    with pytest.raises(BoardFileError, match="no 'insurance' cell to sell policies at"):
        parse_board(no_office, "elite.toml")


# ---------------------------------------------------------------- crossing START by a card


@pytest.mark.parametrize("start, deck, target", [(19, "move", 20), (19, "move", 0), (24, "fortune", INSURANCE)])
def test_a_card_that_crosses_start_ends_short_policies_and_charges_the_holding_tax(elite, start, deck, target):
    game = new_game(elite)
    give(game, 0, 5)  # one company: a holding tax of 10
    insure(game, 0, "rent", "short")
    insure(game, 0, "auction", "long")
    game.state.players[0].position = start
    stack(game, deck, "move_to", target=target)
    roll(game, 1, 2)  # onto the card's cell (22: Move, 27: Fortune); the card crosses START
    settle(game)
    assert game.state.players[0].position == target
    assert game.state.players[0].cash == 2000 - 10  # no circular income, the tax all the same
    assert market(game)["policies"][0] == [["auction", "long"]]
    assert [e.kind for e in game.events].count("policy_ends") == 1


# ---------------------------------------------------------------- when the holding tax is paid (RuleSet.holding_tax_first)


def test_the_holding_tax_is_paid_before_the_exchange_decision(elite):
    game = new_game(elite)
    give(game, 0, 5, 15)  # tax 40
    game.state.players[0].position = 38
    rig(game, 1, 4, 6)  # to 3, the Exchange, past START
    game.apply(Action.roll())
    assert game.pending.kind == "exchange"
    assert game.state.players[0].cash == 2000 + 200 - 40  # already paid: the tax money cannot buy shares
    assert Action.buy_shares((2000 + 200 - 40) // 130) in game.legal_actions()


def test_the_option_charges_the_holding_tax_after_the_landing_decision(elite):
    game = new_game(elite, holding_tax_first=False)
    give(game, 0, 5, 15)
    game.state.players[0].position = 38
    rig(game, 1, 4, 6)
    game.apply(Action.roll())
    assert game.pending.kind == "exchange" and game.state.players[0].cash == 2200
    game.apply(Action.skip())
    assert game.state.players[0].cash == 2200 - 40


def test_a_holding_tax_short_of_cash_is_raised_before_the_cell_is_dealt_with(elite):
    game = new_game(elite)
    give(game, 0, 5, 15, 1)  # tax 40; the Cinema can be mortgaged for 25
    game.state.players[0].cash, game.state.bank_balance = 30, 1970
    game.state.players[0].position = 19
    stack(game, "move", "move_to", target=20)
    roll(game, 1, 2)  # 22: Move, the card takes him past START to the Jackpot, no income
    assert game.pending.kind == "raise" and game.pending.amount == 40
    assert game.state.players[0].position == 22  # the tax is due as START is crossed, before he arrives
    game.apply(Action.mortgage(1))
    assert game.state.players[0].cash == 30 + 25 - 40
    assert game.state.players[0].position == 20 and game.pending.kind == "jackpot"  # only now he arrives


# ---------------------------------------------------------------- shares sold for a debt (RuleSet.shares_pay_debts)


def test_shares_are_sold_at_the_market_price_to_pay_a_debt(elite):
    game = rent_game(elite, 4)  # rent 2000
    game.state.players[0].cash, game.state.bank_balance = 10, 1990
    market(game)["shares"][0], market(game)["price"] = 45, 350
    roll(game, 1, 2)
    assert game.pending.kind == "raise" and not game.state.players[0].bankrupt
    assert Action.sell_shares(45) in game.legal_actions()
    with pytest.raises(IllegalActionError, match="you hold only 45 shares"):
        game.apply(Action.sell_shares(46))
    game.apply(Action.sell_shares(6))  # 2100: enough
    assert game.pending.kind == "manage"
    assert market(game)["shares"][0] == 39 and game.state.players[0].cash == 10 + 2100 - 2000


def test_the_option_keeps_shares_at_the_exchange_and_the_debtor_goes_bankrupt(elite):
    game = new_game(elite, shares_pay_debts=False)
    give(game, 1, 39, level=4)
    game.state.players[0].position = 36
    game.state.players[0].cash, game.state.bank_balance = 10, 1990
    market(game)["shares"][0], market(game)["price"] = 45, 350
    roll(game, 1, 2)
    assert game.state.players[0].bankrupt and market(game)["shares"][0] == 0


def test_the_bots_sell_just_enough_shares_for_a_debt(elite):
    game = Game(elite, RuleSet.elite().replace(shuffle_seats=False), agents=["cautious", "cautious"], seed=1)
    give(game, 1, 39, level=4)
    game.state.players[0].position = 36
    game.state.players[0].cash, game.state.bank_balance = 10, 1990
    market(game)["shares"][0], market(game)["price"] = 45, 350
    rig(game, 1, 2)
    assert game.pending.kind == "roll"
    game.apply(game.agents[0].choose(game, game.pending))
    assert game.pending.kind == "raise"
    game.apply(game.agents[0].choose(game, game.pending))
    assert market(game)["shares"][0] == 45 - 6 and game.state.players[0].cash == 110


# ---------------------------------------------------------------- the Tax Inspection fine (RuleSet.tax_policy_covers_fine)


def detained_game(elite, **changes) -> Game:
    game = new_game(elite, **changes)
    game.state.players[0].position = 10
    game.state.players[0].detained = True
    insure(game, 0, "tax", "long")
    return game


def test_a_tax_policy_pays_the_fine_for_leaving_tax_inspection(elite):
    game = detained_game(elite)
    game.apply(Action.pay_fine())
    claim(game, 0, "tax")
    assert game.state.players[0].cash == 2000 and market(game)["policies"][0] == []
    assert any(e.kind == "claim" and e.amount == 50 for e in game.events)


def test_a_tax_policy_pays_the_fine_after_the_third_miss(elite):
    game = detained_game(elite)
    game.state.players[0].jail_turns = 2
    roll(game, 2, 4)  # no double: the fine is due, and he moves to 16, an unowned plot
    claim(game, 0, "tax")
    assert not game.state.players[0].detained and game.state.players[0].cash == 2000
    assert market(game)["policies"][0] == []


def test_the_option_leaves_the_fine_to_the_player(elite):
    game = detained_game(elite, tax_policy_covers_fine=False)
    game.apply(Action.pay_fine())
    assert game.state.players[0].cash == 1950 and market(game)["policies"][0] == [["tax", "long"]]


# ---------------------------------------------------------------- the holder decides on a claim (RuleSet.claim_by_choice)


def test_the_holder_keeps_a_rent_policy_for_a_bigger_rent(elite):
    game = rent_game(elite, 0)  # rent 50 (the whole industry is not his: no double)
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    assert game.pending.kind == "claim" and game.pending.loss == 50 and game.state.players[0].cash == 2000
    assert game.legal_actions() == [Action.claim(), Action.skip()]
    with pytest.raises(IllegalActionError, match="roll is not an answer to a 'claim' decision"):
        game.apply(Action.roll())
    game.apply(Action.skip())
    assert game.state.players[0].cash == 2000 - 50 and game.state.players[1].cash == 2050
    assert market(game)["policies"][0] == [["rent", "long"]] and game.events[-2].kind == "keep_policy"


def test_the_holder_hands_a_kept_policy_in_for_the_next_rent(elite):
    game = rent_game(elite, 0)
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    game.apply(Action.skip())  # 50 paid, the policy kept
    end_turn(game)
    roll(game, 1, 2)  # Boris: START to the Exchange
    settle(game)
    end_turn(game)
    game.state.level[39] = 3  # now a rent of 1500
    game.state.players[0].position = 36
    roll(game, 1, 2)
    claim(game, 0, "rent")
    assert game.state.players[0].cash == 1950 - 500 and market(game)["policies"][0] == []


def test_the_option_uses_a_policy_up_on_the_first_covered_event(elite):
    game = new_game(elite, claim_by_choice=False)
    give(game, 1, 39)
    game.state.players[0].position = 36
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    assert game.pending.kind == "manage" and market(game)["policies"][0] == []
    assert game.state.players[0].cash == 2000 and any(e.kind == "claim" and e.amount == 50 for e in game.events)


def test_a_long_term_tax_policy_is_asked_about_the_holding_tax_a_short_one_pays_it(elite):
    game = new_game(elite)
    give(game, 0, 5, 15)  # tax 40
    insure(game, 0, "tax", "long")
    game.state.players[0].position = 38
    roll(game, 1, 3)  # to 2, past START
    assert game.pending.kind == "claim" and game.pending.loss == 40 and game.pending.reason == "holding_tax"
    game.apply(Action.skip())
    settle(game)
    assert game.state.players[0].cash == 2200 - 40 and market(game)["policies"][0] == [["tax", "long"]]
    short = new_game(elite)
    give(short, 0, 5, 15)
    insure(short, 0, "tax", "short")
    short.state.players[0].position = 38
    roll(short, 1, 3)
    settle(short)
    assert not any(e.kind == "keep_policy" for e in short.events)
    assert short.state.players[0].cash == 2200 and market(short)["policies"][0] == []


def test_the_holder_may_let_a_cards_auction_go_on(elite):
    game = new_game(elite)
    give(game, 1, 1)
    insure(game, 1, "auction", "long")
    game.state.players[0].position = 3
    stack(game, "chance", "auction_others_plot")
    roll(game, 2, 3)
    game.apply(Action.choose(1))
    assert game.pending.kind == "claim" and game.pending.player == 1 and game.pending.plot == 1
    game.apply(Action.skip())
    assert game.pending.kind == "bid" and market(game)["policies"][1] == [["auction", "long"]]


def test_a_shares_holder_may_keep_his_policy_through_a_small_fall(elite):
    game = fortune_game(elite, "share_points", points=-3)
    market(game)["price"] = 100
    market(game)["shares"] = [2, 1]
    insure(game, 0, "shares", "long")
    insure(game, 1, "shares", "long")
    roll(game, 2, 3)  # 13: Fortune, the price falls 3 points
    claim(game, 0, "shares")  # the holders are asked in seat order
    assert game.pending.kind == "claim" and game.pending.player == 1 and game.pending.loss == 30
    game.apply(Action.skip())
    assert game.state.players[0].cash == 2060 and game.state.players[1].cash == 2000
    assert market(game)["policies"] == [[], [["shares", "long"]]]


def test_a_claim_decision_reads_in_both_languages_and_is_saved(elite):
    from millionaire.presenter import action_label, decision_text

    game = rent_game(elite, 3)  # rent 1500, long cover 1000
    insure(game, 0, "rent", "long")
    roll(game, 1, 2)
    assert decision_text(game, "en") == ("your long-term policy against rent covers this: it pays 1000 fants "
                                          "of 1500 fants. Hand it in now or keep it?")
    assert decision_text(game, "ru").startswith("ваш долгосрочный полис от аренды покрывает это: выплата 1")
    assert [action_label(game, a, "ru") for a in game.legal_actions()] == ["Предъявить полис", "Оставить полис"]
    loaded = Game.from_state(elite, GameState.from_json(game.state.to_json(), elite), agents=[None, None])
    assert loaded.pending.kind == "claim"
    loaded.apply(Action.claim())
    assert loaded.state.players[0].cash == 1500
    data = game.state.to_dict()
    data["pending"]["term"] = "short"
    with pytest.raises(SaveFileError, match="about a short-term rent policy he does not hold"):
        GameState.from_dict(data, elite)


@pytest.mark.parametrize("level, answer", [(0, Action.skip()), (2, Action.claim())])
def test_the_bots_claim_when_the_policy_pays_at_least_its_premium(elite, level, answer):
    game = Game(elite, RuleSet.elite().replace(shuffle_seats=False), agents=["cautious", "cautious"], seed=1)
    give(game, 1, 39, level=level)  # rent 50 or 750; the long rent policy costs 100
    game.state.players[0].position = 36
    insure(game, 0, "rent", "long")
    rig(game, 1, 2)
    game.apply(Action.roll())
    assert game.pending.kind == "claim"
    assert game.agents[0].choose(game, game.pending) == answer


# ---------------------------------------------------------------- the Auction cell's draw (RuleSet.auction_cell_draw)


def draw_at_auction(elite, plot_number: int) -> Game:
    """Anna rolls onto the Auction cell (34 + 3) and then the three faces that draw plot ``plot_number``
    (0, 1, ... in board order) of the board's plots."""
    game = new_game(elite, auction_cell_draw=True)
    game.state.players[0].position = 34
    a, rest = divmod(plot_number, 36)
    b, c = divmod(rest, 6)
    rig(game, 1, 2, a + 1, b + 1, c + 1)
    return game


def test_the_draw_offers_the_waiting_plot_it_names(elite):
    game = draw_at_auction(elite, 1)  # the second plot
    plot = elite.plots[1]
    market(game)["waiting"] = [elite.plots[0], plot]
    game.apply(Action.roll())
    assert game.pending.kind == "lot" and game.pending.options == [plot]
    assert game.log("en", last=1)[0] == f"Anna rolls 1-1-2 at the Auction: the draw names {elite.cells[plot].name_en}."
    game.apply(Action.choose(plot))
    assert game.state.owner[plot] == 0 and market(game)["waiting"] == [elite.plots[0]]


def test_the_draw_auctions_another_players_unbuilt_plot_for_its_owner(elite):
    game = draw_at_auction(elite, 23)
    plot = elite.plots[23]
    give(game, 1, plot)
    game.apply(Action.roll())
    assert game.pending.kind == "bid" and game.pending.cell == plot and game.pending.seller == 1


def test_an_auction_policy_may_shield_a_plot_the_draw_names(elite):
    game = draw_at_auction(elite, 23)
    give(game, 1, elite.plots[23])
    insure(game, 1, "auction", "long")
    game.apply(Action.roll())
    claim(game, 1, "auction")
    assert game.pending.kind == "manage" and game.state.owner[elite.plots[23]] == 1


@pytest.mark.parametrize("owner, level", [(0, 0), (-1, 0), (1, 1)])
def test_the_draw_of_an_own_free_or_built_plot_does_nothing(elite, owner, level):
    game = draw_at_auction(elite, 5)
    plot = elite.plots[5]
    if owner >= 0:
        give(game, owner, plot, level=level)
    game.apply(Action.roll())
    assert game.pending.kind == "manage" and game.state.owner[plot] == owner


def test_each_plot_is_drawn_by_nine_of_the_216_rolls(elite):
    game = draw_at_auction(elite, 0)
    start = game.snapshot()
    counts: dict[int, int] = {}
    for number in range(216):
        game.restore(start)
        a, rest = divmod(number, 36)
        rig(game, 1, 2, a + 1, rest // 6 + 1, rest % 6 + 1)
        game.apply(Action.roll())
        drawn = next(e.cell for e in reversed(game.events) if e.kind == "auction_draw")
        counts[drawn] = counts.get(drawn, 0) + 1
    assert sorted(counts) == sorted(elite.plots) and set(counts.values()) == {9}


# ---------------------------------------------------------------- a price card once or until the next Exchange (RuleSet.price_card_lasts)


def test_a_price_card_is_carried_out_once_and_the_exchange_moves_on_from_it(elite):
    game = fortune_game(elite, "share_price", amount=300)
    roll(game, 2, 3)
    settle(game)
    end_turn(game)
    game.state.players[1].position = 0
    rig(game, 1, 2, 6)  # Boris to the Exchange, the die +3 points
    game.apply(Action.roll())
    assert market(game)["price"] == 330 and "card_base" not in market(game)


def test_the_option_lets_the_card_lose_its_effect_keeping_later_points(elite):
    game = new_game(elite, price_card_lasts=True)
    game.state.players[0].position = 8
    stack(game, "fortune", "share_price", amount=300)
    roll(game, 2, 3)  # the card: 100 -> 300
    settle(game)
    end_turn(game)
    game.state.players[1].position = 8
    stack(game, "fortune", "share_points", points=2)
    roll(game, 2, 3)  # +2 points: 320, and the price to come back is 120
    assert market(game)["price"] == 320 and market(game)["card_base"] == 120
    saved = GameState.from_json(game.state.to_json(), elite)
    assert saved.market == game.state.market
    settle(game)
    end_turn(game)
    game.state.players[0].position = 0
    rig(game, 1, 2, 6)  # the Exchange: the card's effect ends (120), then the die (+3 points)
    game.apply(Action.roll())
    assert market(game)["price"] == 150 and "card_base" not in market(game)
    assert "The share price is now 120 fants (the card's effect ends)." in game.log("en")
    assert any("действие карточки кончилось" in line for line in game.log("ru"))


def test_a_lasting_price_is_refused_in_a_save_whose_rules_do_not_keep_it(elite):
    data = new_game(elite).state.to_dict()
    data["market"]["card_base"] = 120
    with pytest.raises(SaveFileError, match="'market.card_base' is 120: a price of the ladder, kept only"):
        GameState.from_dict(data, elite)
