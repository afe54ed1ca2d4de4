"""Millionaire Junior: one scenario test per rule and decision of ``docs/rules/millionaire-junior.md``,
and the board file against the page."""

from __future__ import annotations

import json
import re

import pytest

from helpers import end_turn, give, new_game, roll, stack
from millionaire import Action, CellKind, Game, GameState, IllegalActionError, RuleSet, SaveFileError, Trade, load_board
from millionaire import movement
from millionaire.events import BANK, Event, describe
from millionaire.pending import ChoosePending
from rules_pages import flat, numbered_list, section, table_rows
from rules_pages import page as rules_page

CAROUSEL = (1, 2)  # ticket 2
BUMPER_CARS = (7, 8)  # ticket 3
ROLLER_COASTER = (22, 23)  # ticket 5
ADVENTURE, BENCH, ICE_CREAM = 3, 6, 18


@pytest.fixture(scope="module")
def junior():
    return load_board("millionaire-junior")


def cash(game: Game) -> list[int]:
    return [p.cash for p in game.state.players]


# ---------------------------------------------------------------- the board file against the page


def test_the_attraction_table_matches_the_board_file(junior):
    rows = table_rows(section(rules_page("millionaire-junior.md"), "The board"))
    attractions = [row for row in rows if "," in row[0] and len(row) == 5]
    assert len(attractions) == len(junior.industries) == 8
    for row, industry in zip(attractions, junior.industries):
        cells = [int(n) for n in row[0].split(",")]
        assert list(industry.cells) == cells
        name_ru, name_en = (part.strip() for part in row[1].split("/"))
        assert (industry.name_ru, industry.name_en) == (name_ru, name_en)
        for cell in cells:
            info = junior.cells[cell]
            assert info.kind is CellKind.ATTRACTION
            assert (info.price, info.ticket, 2 * info.ticket) == (int(row[2]), int(row[3]), int(row[4]))
            assert info.name_en.startswith(name_en) and info.name_ru.startswith(name_ru)


def test_the_special_cells_match_the_board_file(junior):
    rows = table_rows(section(rules_page("millionaire-junior.md"), "The board"))
    special = {int(n): row for row in rows if len(row) == 3 for n in row[0].split(",")}
    assert sorted(special) == [c.index for c in junior.cells if c.kind is not CellKind.ATTRACTION]
    for cell, (_, names, kind) in special.items():
        info = junior.cells[cell]
        assert kind.startswith(info.kind.value), (cell, kind)
        assert names.split(" / ") == [info.name_ru, info.name_en]
    assert junior.cells[ICE_CREAM].amount == 2 and "pay 2" in special[ICE_CREAM][2]


def test_the_twenty_adventure_cards_are_the_pages_list(junior):
    phrases = numbered_list(section(rules_page("millionaire-junior.md"), "The adventure cards"))
    cards = junior.decks["adventure"].cards
    assert len(cards) == len(phrases) == 20
    for card, phrase in zip(cards, phrases):
        assert card.text_en.rstrip(".").split(":")[0] in phrase, (card.text_en, phrase)
        if card.effect in ("receive", "pay", "collect_from_each", "pay_each", "receive_per_plot"):
            assert str(card.amount) in re.findall(r"\d+", phrase)
        if card.effect == "move_to":
            assert card.target == 0 and "START" in phrase or f"cell {card.target}" in phrase
        if card.effect == "move_by":
            assert ("back" in phrase) == (card.steps < 0)


def test_provenance_marks_what_is_reconstructed(junior):
    reconstructed = junior.provenance["reconstructed"]
    for item in ("names", "size", "tickets", "deck_texts", "start_cash"):
        assert item in reconstructed
    assert "10" in junior.provenance["sources"][0] and "56 ticket kiosks" in junior.provenance["sources"][0]


def test_the_page_states_the_presets_numbers():
    text = flat(rules_page("millionaire-junior.md"))
    rules = RuleSet.junior()
    assert f"Each starts with {rules.start_cash} fants" in text
    assert f"Each player has {rules.kiosks_per_player} ticket kiosks" in text
    assert f"pays {rules.circular_income} fants of pocket money" in text
    assert RuleSet.for_board("millionaire-junior") == rules


# ---------------------------------------------------------------- setup


def test_setup_and_the_empty_pots(junior):
    game = new_game(junior, 4)
    assert cash(game) == [40] * 4
    assert (game.state.jackpot_box, game.state.charity_fund) == (0, 0)
    assert [game.kiosks_left(seat) for seat in range(4)] == [14] * 4
    with pytest.raises(ValueError, match="2..4 players"):
        Game(junior, agents=["cautious"] * 5)


# ---------------------------------------------------------------- one die


def test_one_die_moves_by_its_face_and_says_so(junior):
    game = new_game(junior)
    roll(game, 4)  # 0 + 4: Swing boats, left half
    assert game.state.players[0].position == 4 and game.state.last_roll == 4
    assert game.log("en", last=2)[0] == "Anna rolls 4."
    assert game.log("ru", last=2)[0] == "Anna: на кубике 4."
    assert movement.sum_distribution(game.rules) == {face: movement.Fraction(1, 6) for face in range(1, 7)}


def test_one_die_has_no_doubles_so_no_second_roll(junior):
    game = new_game(junior)
    roll(game, 2)  # a double would need two dice
    game.apply(Action.decline())
    assert game.pending.kind == "manage" and not game.pending.again
    assert Action.roll() not in game.legal_actions()
    move = movement.roll_move(junior, game.rules, 0, 2, 6, 0)  # two doubles already: a third cannot come
    assert not move.to_jail and move.doubles == 2


def test_a_detained_one_die_player_waits_then_pays(classic):
    """On a board that detains, one die never rolls the double that frees: the last miss pays the fine."""
    rules = RuleSet.classic().replace(dice=1)
    assert [movement.jail_roll(rules, waited, 6, 0).outcome for waited in range(3)] == ["stay", "stay", "pay_and_move"]
    game = new_game(classic, dice=1)
    game.state.players[0].position = 29
    roll(game, 1)  # Tax Police: detained
    assert game.state.players[0].detained


def test_passing_or_landing_on_start_pays_pocket_money(junior):
    game = new_game(junior)
    game.state.players[0].position = 21
    roll(game, 3)  # 24 = START
    assert game.state.players[0].position == 0 and cash(game)[0] == 42
    game = new_game(junior)
    game.state.players[0].position = 22
    roll(game, 4)  # on to cell 2
    assert cash(game)[0] == 42


def test_the_park_bench_detains_nobody(junior):
    game = new_game(junior)
    roll(game, 6)
    assert game.state.players[0].position == BENCH and not game.state.players[0].detained
    assert game.pending.kind == "manage"


def test_the_ice_cream_stand_takes_2(junior):
    game = new_game(junior)
    game.state.players[0].position = 15
    roll(game, 3)
    assert cash(game)[0] == 38 and game.state.bank_balance == 2


# ---------------------------------------------------------------- buying halves


def test_a_free_half_costs_10_and_takes_a_kiosk(junior):
    game = new_game(junior)
    roll(game, 1)
    assert game.pending.kind == "buy" and game.pending.cell == 1
    game.apply(Action.buy())
    assert game.state.owner[1] == 0 and cash(game)[0] == 30 and game.kiosks_left(0) == 13
    assert game.state.total_money == 80


def test_a_half_not_bought_stays_free_without_an_auction(junior):
    game = new_game(junior)
    roll(game, 1)
    game.apply(Action.decline())
    assert game.pending.kind == "manage" and game.state.owner[1] == -1
    assert not [e for e in game.events if e.kind == "auction"]
    # With the option on, the Classic auction comes back.
    game = new_game(junior, auction_unbought=True)
    roll(game, 1)
    game.apply(Action.decline())
    assert game.pending.kind == "bid"


def test_who_cannot_pay_goes_back_to_start_and_his_turn_ends(junior):
    game = new_game(junior)
    game.state.players[0].cash = 9
    game.state.bank_balance = 31
    game.state.players[0].position = 18
    roll(game, 4)  # Roller coaster, left half: free, 10 > 9
    player = game.state.players[0]
    assert player.position == 0 and player.cash == 9  # no pocket money for going back
    assert "cannot pay 10 fants for Roller coaster, left half and goes back to START" in game.log("en", last=1)[0]
    assert "возвращается на СТАРТ" in game.log("ru", last=1)[0]
    assert game.pending.kind == "present" and game.pending.player == 1  # the half is offered to Boris
    game.apply(Action.decline())
    assert game.pending.kind == "manage" and not game.pending.again
    end_turn(game)
    assert game.state.current == 1


@pytest.mark.parametrize("key", ["millionaire-classic", "millionaire-elite"])
def test_juniors_limits_on_buying_hold_on_another_board_under_its_rules(key):
    board = load_board(key)
    game = new_game(board, unaffordable_to_start=True)
    assert type(game.mechanics).__name__ == ("Elite" if key == "millionaire-elite" else "Junior")
    cell = next(c for c in board.ownable if c >= 7)
    player = game.state.players[0]
    game.state.bank_balance += player.cash - (board.cells[cell].price - 1)
    player.position, player.cash = cell - 7, board.cells[cell].price - 1
    roll(game, 3, 4)
    assert player.position == 0 and game.state.owner[cell] == -1
    assert game.log("en")[-1].endswith("goes back to START.")
    assert game.pending.kind == "manage"


# ---------------------------------------------------------------- the half nobody could pay for (RuleSet.present_unaffordable)


def poor_visitor(junior, players: int = 2, **changes) -> Game:
    """Anna, with 9 fants, is about to roll onto the Roller coaster's left half (cell 22), free, price 10."""
    game = new_game(junior, players, **changes)
    game.state.players[0].cash = 9
    game.state.bank_balance += 31
    game.state.players[0].position = 18
    return game


def test_the_half_nobody_could_pay_for_is_offered_free_and_its_taker_comes_to_it(junior):
    game = poor_visitor(junior)
    game.state.players[1].position = 7
    roll(game, 4)
    assert game.legal_actions() == [Action.accept(), Action.decline()]
    with pytest.raises(IllegalActionError, match="buy is not an answer to a 'present' decision"):
        game.apply(Action.buy())
    game.apply(Action.accept())
    assert game.state.owner[22] == 1 and game.state.players[1].position == 22 and game.state.players[1].cash == 40
    assert game.state.players[0].position == 0 and game.pending.kind == "manage" and game.pending.player == 0
    assert game.log("en", last=1) == ["Boris comes to Roller coaster, left half and owns it free."]
    end_turn(game)
    roll(game, 2)  # Boris goes on from the half he came to
    assert game.state.players[1].position == 0


def test_the_present_goes_round_the_table_and_skips_who_has_no_kiosk(junior):
    game = poor_visitor(junior, 4, kiosks_per_player=1)
    give(game, 2, 1)  # Vera's only kiosk is on the board
    roll(game, 4)
    assert game.pending.kind == "present" and game.pending.player == 1 and game.pending.askers == [2, 3]
    game.apply(Action.decline())
    assert game.pending.kind == "present" and game.pending.player == 3
    game.apply(Action.decline())
    assert game.pending.kind == "manage" and game.state.owner[22] == -1


def test_without_the_present_option_the_half_stays_free(junior):
    game = poor_visitor(junior, present_unaffordable=False)
    roll(game, 4)
    assert game.pending.kind == "manage" and game.state.owner[22] == -1


def test_a_present_reads_in_both_languages_is_saved_and_the_bots_take_it(junior):
    from millionaire.presenter import action_label, decision_text

    game = poor_visitor(junior)
    roll(game, 4)
    assert decision_text(game, "en") == ("nobody could pay for Roller coaster, left half: come to it from where "
                                          "you stand and own it free?")
    assert decision_text(game, "ru").startswith("за клетку «Американские горки, левая половина» не смогли заплатить")
    assert [action_label(game, a, "ru") for a in game.legal_actions()] == ["Взять даром", "Нет, спасибо"]
    state = GameState.from_json(game.state.to_json(), junior)
    assert state.pending == game.state.pending
    data = game.state.to_dict()
    data["pending"]["from"] = 1
    with pytest.raises(SaveFileError, match="the half is offered by the current player"):
        GameState.from_dict(data, junior)
    bots = Game.from_state(junior, state, agents=["cautious", "cautious"])
    assert bots.agents[1].choose(bots, bots.pending) == Action.accept()


def test_with_the_option_off_who_cannot_pay_stays(junior):
    game = new_game(junior, unaffordable_to_start=False)
    game.state.players[0].cash, game.state.bank_balance = 9, 31
    roll(game, 1)
    assert game.state.players[0].position == 1 and game.pending.kind == "buy"
    assert game.legal_actions() == [Action.decline()]


def test_who_can_pay_but_declines_stays_on_the_half(junior):
    game = new_game(junior)
    roll(game, 2)
    game.apply(Action.decline())
    assert game.state.players[0].position == 2


def test_no_kiosk_left_no_purchase(junior):
    game = new_game(junior, kiosks_per_player=1)
    give(game, 0, 4)
    assert game.kiosks_left(0) == 0
    roll(game, 1)
    assert game.pending.kind == "manage" and game.state.owner[1] == -1 and game.state.players[0].position == 1
    assert game.log("en", last=1)[0] == "Anna has no kiosk left to put on Carousel, left half."
    assert game.log("ru", last=1)[0].startswith("У игрока Anna не осталось киоска")


def test_the_second_half_may_go_to_another_player(junior):
    game = new_game(junior)
    give(game, 0, 1)
    roll(game, 6)  # Anna rests on the bench
    end_turn(game)
    roll(game, 2)  # Boris on the Carousel's other half
    assert game.pending.kind == "buy" and game.pending.player == 1
    game.apply(Action.buy())
    assert game.state.owner[1:3] == [0, 1]


# ---------------------------------------------------------------- entrance tickets


@pytest.mark.parametrize("owners, paid", [((1, -1), 2), ((1, 1), 4), ((1, 0), 2), ((0, 0), 0)])
def test_the_ticket_of_a_half_doubles_when_one_owner_has_both(junior, owners, paid):
    game = new_game(junior)
    for cell, seat in zip(CAROUSEL, owners):
        if seat >= 0:
            give(game, seat, cell)
    roll(game, 1)
    assert cash(game) == [40 - paid, 40 + paid] if owners[0] == 1 else cash(game)[0] == 40
    if paid:
        sentence = game.log("en", last=1)[0]
        assert sentence == f"Anna pays Boris {paid} fants (an entrance ticket)."
        assert "входной билет" in game.log("ru", last=1)[0]


def test_the_holiday_card_doubles_the_next_ticket(junior):
    game = new_game(junior)
    give(game, 1, 22, 23)
    card = stack(game, "adventure", "double_rent")
    game.state.decks["adventure"].remove(card[1])
    game.state.players[1].cards.append(list(card))
    game.state.players[0].position = 20
    roll(game, 2)  # Roller coaster, both halves Boris's: 10, doubled by the card
    assert cash(game) == [20, 60] and game.state.players[1].cards == []


# ---------------------------------------------------------------- no mortgages, buildings, trades


def test_no_mortgages_no_buildings_no_trades(junior):
    game = new_game(junior)
    give(game, 0, *CAROUSEL)
    actions = game.legal_actions()
    assert {a.kind for a in actions} == {"roll"}
    assert "lends nothing" in game.mortgage_problem(0, 1)
    assert game.build_problem(0, 1)
    with pytest.raises(IllegalActionError, match="lends nothing"):
        game.apply(Action.mortgage(1))
    give(game, 1, 4)
    with pytest.raises(IllegalActionError, match="at most 0 trade offers"):
        game.apply(Action.offer(Trade(partner=1, take_cells=(4,), give_cash=5)))
    assert game.liquidation_value(0) == 40


# ---------------------------------------------------------------- bankruptcy ends the game


def test_the_first_bankruptcy_ends_the_game_and_the_richest_wins(junior):
    game = new_game(junior, 3)
    give(game, 1, *ROLLER_COASTER)
    give(game, 2, 4)
    game.state.players[0].cash, game.state.bank_balance = 4, 36
    game.state.players[0].position = 20
    roll(game, 3)  # owes 10, has 4
    assert game.finished
    assert game.state.players[0].bankrupt and game.state.owner[22:24] == [1, 1]
    assert cash(game) == [0, 50, 40]  # the bank paid Boris the 6 missing
    result = game.result()
    assert result.winner == 1 and result.reason == "first bankruptcy: the richest"
    assert game.state.total_money == 120
    assert "первое разорение" in game.log("ru", last=1)[0]


def test_with_the_option_off_the_game_goes_on(junior):
    game = new_game(junior, 3, end_at_first_bankruptcy=False)
    give(game, 1, *ROLLER_COASTER)
    game.state.players[0].cash, game.state.bank_balance = 4, 36
    game.state.players[0].position = 20
    roll(game, 3)
    assert not game.finished and game.state.current == 1


# ---------------------------------------------------------------- adventure cards


def test_the_present_card_gives_any_free_half(junior):
    game = new_game(junior)
    give(game, 1, 1)
    stack(game, "adventure", "free_half")
    roll(game, 3)
    assert game.pending.kind == "choose" and game.pending.data["purpose"] == "free_half"
    assert game.pending.data["options"] == [c for c in junior.ownable if c != 1]
    game.apply(Action.choose(23))
    assert game.state.owner[23] == 0 and cash(game)[0] == 40
    assert game.log("en", last=1)[0] == "Anna gets Roller coaster, right half as a present."
    assert game.log("ru", last=1)[0] == "Anna получает клетку «Американские горки, правая половина» в подарок."


def test_the_present_card_does_nothing_without_a_kiosk_or_a_free_half(junior):
    game = new_game(junior, kiosks_per_player=1)
    give(game, 0, 4)
    stack(game, "adventure", "free_half")
    roll(game, 3)
    assert game.pending.kind == "manage" and game.state.owner.count(0) == 1
    game = new_game(junior)
    give(game, 1, *junior.ownable)
    stack(game, "adventure", "free_half")
    roll(game, 3)
    assert game.pending.kind == "manage"


def test_lemonade_pays_one_a_half(junior):
    game = new_game(junior)
    give(game, 0, 1, 4, 7)
    stack(game, "adventure", "receive_per_plot")
    roll(game, 3)
    assert cash(game)[0] == 43


def test_the_little_train_passes_start_and_pays(junior):
    game = new_game(junior)
    stack(game, "adventure", "move_to", target=22)
    roll(game, 3)
    assert game.state.players[0].position == 22 and game.pending.kind == "buy"
    game = new_game(junior)
    game.state.players[0].position = 18
    stack(game, "adventure", "move_to", target=6)
    roll(game, 3)  # the Adventure cell 21, then on past START to the bench
    assert game.state.players[0].position == BENCH and cash(game)[0] == 42


# ---------------------------------------------------------------- saves


def test_a_junior_game_saves_and_goes_on_identically(junior):
    game = Game(junior, agents=["cautious", "aggressive", "random"], seed=4)
    game.run(max_rounds=5)
    saved = GameState.from_json(game.state.to_json(), junior)
    twin = Game.from_state(junior, saved, ["cautious", "aggressive", "random"])
    assert twin.state == game.state


def test_a_save_offering_a_half_to_a_player_without_kiosks_is_refused(junior):
    game = new_game(junior, kiosks_per_player=1)
    roll(game, 1)
    assert game.pending.kind == "buy"
    data = json.loads(game.state.to_json())
    data["owner"][4] = 0
    with pytest.raises(SaveFileError, match="no kiosk left"):
        GameState.from_dict(data, junior)


def test_a_save_with_a_present_choice_is_checked(junior):
    game = new_game(junior)
    stack(game, "adventure", "free_half")
    roll(game, 3)
    data = json.loads(game.state.to_json())
    assert GameState.from_dict(data, junior).pending["purpose"] == "free_half"
    data["pending"]["options"] = [1]
    with pytest.raises(SaveFileError, match="pending.options"):
        GameState.from_dict(data, junior)


# ---------------------------------------------------------------- bots


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_junior_to_the_end_with_the_ledger_intact(junior, players):
    for seed in range(10):
        game = Game(junior, agents=["cautious", "aggressive", "monopolist", "random"][:players], seed=seed)
        result = game.run(max_rounds=300)
        assert game.state.total_money == 40 * players
        # Two players: the first bankruptcy leaves one standing.
        assert result.reason in ("first bankruptcy: the richest", "round limit: the richest", "last player standing")
        assert players == 2 or result.reason != "last player standing"
        assert all(e.kind != "auction" for e in game.events)


def test_the_bots_take_the_half_that_completes_an_attraction(junior):
    game = Game(junior, RuleSet.junior().replace(shuffle_seats=False), agents=["cautious", "cautious"], seed=0)
    give(game, 0, 22)
    give(game, 1, 1, 2, 4)
    data = ChoosePending(player=0, purpose="free_half", options=[5, 23, 7], card=None)
    assert game.agents[0].answer(game, data) == Action.choose(23)  # completes the Roller coaster
    data.options = [5, 7, 8]
    assert game.agents[0].answer(game, data) == Action.choose(5)  # blocks Boris's Swing boats
    data.options = [10, 7]
    assert game.agents[0].answer(game, data) == Action.choose(7)  # else the dearest ticket, first cell


def test_event_sentences_exist_for_every_new_kind(junior):
    names = ["Anna", "Boris"]
    for event in (Event("to_start", 0, 1, 10), Event("no_kiosk", 0, 1), Event("free_half", 0, 1), Event("present_taken", 1, 1),
                  Event("roll", 0, -1, 5, -1, "5"), Event("pay", 0, -1, 2, 1, "ticket")):
        for lang in ("en", "ru"):
            assert describe(event, junior, names, lang)
    assert BANK == -1


def test_the_ice_cream_is_a_treat_not_a_tax(junior):
    game = new_game(junior)
    game.state.players[0].position = 15
    roll(game, 3)
    assert game.state.players[0].position == ICE_CREAM and game.state.players[0].cash == 40 - 2
    for lang, word, tax in (("en", "an ice cream", "tax"), ("ru", "мороженое", "налог")):
        line = next(line for line in game.log(lang) if "2" in line and ("pays" in line or "платит" in line))
        assert word in line and tax not in line, line
