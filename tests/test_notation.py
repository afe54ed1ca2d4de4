"""The one-line position notation: round trips, and clear errors for malformed text."""

from __future__ import annotations

import pytest

from millionaire import Game, SaveFileError
from millionaire.notation import from_notation, to_notation


@pytest.mark.parametrize("board_name", ["classic", "monopoly"])
def test_positions_from_real_games_round_trip(board_name, request):
    board = request.getfixturevalue(board_name)
    for seed in range(6):
        game = Game(board, agents=["aggressive", "monopolist", "cautious"], seed=seed)
        game.run(max_rounds=15 + 5 * seed)
        text = to_notation(game.state)
        back = from_notation(text, board)
        assert to_notation(back) == text
        assert back.owner == game.state.owner and back.level == game.state.level
        assert [p.cash for p in back.players] == [p.cash for p in game.state.players]


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
