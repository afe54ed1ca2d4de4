"""The one-line position notation: round trips, and clear errors for malformed text."""

from __future__ import annotations

import pytest

from millionaire import Game, SaveFileError, load_board
from millionaire.notation import from_notation, to_notation


BOARDS = ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"]


@pytest.mark.parametrize("key", BOARDS)
def test_positions_from_real_games_round_trip(key):
    board = load_board(key)
    opening = Game(board, agents=["cautious", "cautious"], seed=0).state
    assert to_notation(from_notation(to_notation(opening), board)) == to_notation(opening)
    for seed in range(6):
        rounds = 15 + 5 * seed
        game = Game(board, agents=["aggressive", "monopolist", "cautious"], seed=seed)
        game.run(max_rounds=rounds)
        while game.state.winner >= 0 and any(p.bankrupt for p in game.state.players):  # won: a turn that ends
            rounds //= 2  # the game (Junior's are short) is no position between turns; take one before
            game = Game(board, agents=["aggressive", "monopolist", "cautious"], seed=seed)
            game.run(max_rounds=rounds)
        text = to_notation(game.state)
        back = from_notation(text, board)
        assert to_notation(back) == text
        assert back.owner == game.state.owner and back.level == game.state.level
        assert [p.cash for p in back.players] == [p.cash for p in game.state.players]
        assert back.market == game.state.market


def test_an_elite_position_keeps_its_market_and_can_be_played_on():
    elite = load_board("millionaire-elite")
    game = Game(elite, agents=["aggressive", "cautious", "aggressive"], seed=5)  # the aggressive bot buys shares
    game.run(max_rounds=12)
    market = game.state.market
    assert market is not None and (any(market["shares"]) or any(market["policies"]))  # something to carry
    state = from_notation(to_notation(game.state), elite)
    assert state.market == market
    played = Game.from_state(elite, state, ["cautious"] * 3)
    played.run(max_rounds=40)
    assert played.state.total_money == game.state.total_money


def test_the_market_part_is_read_and_checked():
    elite = load_board("millionaire-elite")
    head = "millionaire-elite r2 t3 p1 | Anna 2000@5 ; Boris 2000@0 | - | fund 0 box 200 bank 0"
    with pytest.raises(SaveFileError, match="expected 5 parts .* the market"):
        from_notation(head, elite)
    state = from_notation(head + " | price 120 shares 0,2 policies rent/short+tax/long,- waiting -", elite)
    assert state.market == {"price": 120, "shares": [0, 2], "policies": [[["rent", "short"], ["tax", "long"]], []],
                            "waiting": []}
    with pytest.raises(SaveFileError, match="cannot read the market"):
        from_notation(head + " | price 120 shares 0,2", elite)
    with pytest.raises(SaveFileError, match="market.policies"):
        from_notation(head + " | price 120 shares 0,2 policies fire/short,- waiting -", elite)
    with pytest.raises(SaveFileError, match="expected 4 parts"):
        from_notation(head.replace("millionaire-elite", "millionaire-classic") + " | price 1 shares 0,0 policies -,- "
                      "waiting -", load_board("millionaire-classic"))


def test_a_position_can_be_played_on(classic):
    text = ("millionaire-classic r4 t9 p1 | Anna 1500@12 ; Boris 2310@10d1 ; Vera 1990@33 | "
            "1:0 2:0 4:0+1 39:1m | fund 50 box 200 bank 150")
    state = from_notation(text, classic)
    assert state.players[1].detained and state.players[1].jail_turns == 1
    game = Game.from_state(classic, state, ["cautious"] * 3)
    assert game.pending.kind == "roll" and game.pending.player == 1
    game.run(max_rounds=10)
    assert game.state.total_money == 3 * 2000 + 200


@pytest.mark.parametrize(
    "text, part",
    [
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | - ", "4 parts"),
        ("monopoly-us r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | - | fund 0 box 200 bank 0", "board"),
        ("millionaire-classic round1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | - | fund 0 box 200 bank 0", "head"),
        ("millionaire-classic r1 t0 p0 | Anna 2000 ; Boris 2000@0 | - | fund 0 box 200 bank 0", "player 0"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | 40:0 | fund 0 box 200 bank 0", "outside"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | 3:0 | fund 0 box 200 bank 0", "cannot be owned"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | 1:5 | fund 0 box 200 bank 0", "owner"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | 1:0+9 | fund 0 box 200 bank 0", "level"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 2000@0 | - | fund 0 box 200", "pots"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@0 ; Boris 1000@0 | - | fund 0 box 200 bank 0", "add up"),
        ("millionaire-classic r1 t0 p0 | Anna 2000@55 ; Boris 2000@0 | - | fund 0 box 200 bank 0", "position"),
    ],
)
def test_malformed_notation_is_refused_naming_the_part(classic, text, part):
    with pytest.raises(SaveFileError, match=part):
        from_notation(text, classic)
