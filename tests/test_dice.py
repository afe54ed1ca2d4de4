"""Where the dice come from: the seeded generator, scripted dice, and what a save keeps of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import played

from millionaire import Action, Game, GameState, MillionaireError, load_board
from millionaire.dice import BATCH, DiceError, RandomDice, ScriptedDice

DATA = Path(__file__).parent / "data"
CLASSIC = load_board("millionaire-classic")



def test_a_save_keeps_the_generator_not_the_dice_drawn_ahead():
    game = played(Game(CLASSIC, agents=["aggressive", "monopolist", "random"], seed=1), 300)
    dice = game.state.dice
    assert set(dice) == {"bit_generator", "used"} and 0 < dice["used"] <= BATCH
    assert len(game.state.to_json()) < 4000  # 14,411 characters when the save held the dice drawn ahead


def test_a_game_loaded_mid_way_rolls_the_dice_it_would_have_rolled():
    game = played(Game(CLASSIC, agents=["aggressive", "cautious", "random"], seed=4), 250)
    loaded = Game.from_state(CLASSIC, GameState.from_json(game.state.to_json(), CLASSIC), ["cautious"] * 3)
    game.agents = [loaded.agents[0]] * 3  # the same (deterministic) players on both sides from here
    assert game.run(max_rounds=300) == loaded.run(max_rounds=300)
    assert game.state == loaded.state


def test_dice_carry_on_across_a_batch():
    """A game that has used a whole batch draws the next one from where the first left the generator."""
    dice = RandomDice(3)
    place = dice.start()
    generator = RandomDice(3)._generator
    expected = generator.integers(1, 7, size=BATCH).tolist()[::-1] + generator.integers(1, 7, size=BATCH).tolist()[::-1]
    faces = [dice.die(place) for _ in range(BATCH + 10)]
    copied = json.loads(json.dumps(place))
    assert faces == expected[:BATCH + 10]
    assert [RandomDice().die(copied) for _ in range(5)] == expected[BATCH + 10:BATCH + 15]


@pytest.mark.parametrize(("name", "board", "turns", "winner", "worth"), [
    ("save_v1_classic.json", "millionaire-classic", 109, 0, (5632, 0, 0)),
    ("save_v1_elite.json", "millionaire-elite", 183, 1, (0, 8090, 0)),
])
def test_a_save_of_an_earlier_version_loads_and_ends_as_it_did_then(name, board, turns, winner, worth):
    """The saves were written with the dice drawn ahead (``dice.buffer``) and played on by that version;
    the figures are what it gave."""
    board = load_board(board)
    text = (DATA / name).read_text()
    assert len(json.loads(text)["dice"]["buffer"]) > 100
    game = Game.from_state(board, GameState.from_json(text, board), ["cautious"] * 3)
    result = game.run(max_rounds=400)
    assert (result.turns, result.winner, tuple(result.net_worth)) == (turns, winner, worth)


def test_scripted_dice_roll_as_written():
    dice = ScriptedDice([(3, 4), (2, 2), (6, 1)])
    game = Game(CLASSIC, agents=[None, None], dice=dice, seed=2)
    game.apply(Action.roll())
    assert game.state.last_roll == 7 and game.state.players[0].position == 7
    assert [e.detail for e in game.events if e.kind == "roll"] == ["3+4"]


def test_scripted_dice_used_up_refuse_the_roll_and_change_nothing():
    dice = ScriptedDice([(3, 4)])
    game = Game(CLASSIC, agents=["cautious", "cautious"], dice=dice, seed=2)
    while not (game.pending.kind == "roll" and game.state.turns == 1):  # the first turn, to its end
        game.apply(game.agents[game.pending.player].choose(game, game.pending))
    before, actions = game.state.to_dict(), len(game.actions)
    with pytest.raises(DiceError, match="used up after 2") as error:
        game.apply(Action.roll())
    assert isinstance(error.value, MillionaireError)
    assert game.state.to_dict() == before and len(game.actions) == actions
    dice.add(5, 1)  # the class rolls its real dice and types them in
    game.apply(Action.roll())
    assert game.state.last_roll == 6 and dice.left(game.state.dice) == 0


def test_a_junior_game_takes_single_faces():
    dice = ScriptedDice([4])
    junior = load_board("millionaire-junior")
    game = Game(junior, agents=[None, None], dice=dice, seed=2)
    game.apply(Action.roll())
    assert game.state.last_roll == 4 and game.state.dice == {"scripted": 1}


def test_a_scripted_game_saves_its_place_and_goes_on_with_its_dice():
    dice = ScriptedDice([(1, 2), (3, 3), (2, 5), (4, 6)])
    game = Game(CLASSIC, agents=[None, None], dice=dice, seed=2)
    game.apply(Action.roll())
    state = GameState.from_json(game.state.to_json(), CLASSIC)
    assert state.dice == {"scripted": 2}
    with pytest.raises(DiceError, match="scripted"):
        Game.from_state(CLASSIC, state, [None, None])
    with pytest.raises(DiceError, match="only 1"):
        Game.from_state(CLASSIC, state, [None, None], dice=ScriptedDice([1]))
    carried = Game.from_state(CLASSIC, state, [None, None], dice=dice)
    assert carried.state == game.state
    with pytest.raises(DiceError, match="generator"):
        Game.from_state(CLASSIC, GameState.from_json(Game(CLASSIC, seed=1).state.to_json(), CLASSIC),
                        [None, None], dice=dice)


@pytest.mark.parametrize("face", [0, 7, "3", 2.0, True])
def test_scripted_faces_are_die_faces(face):
    with pytest.raises(DiceError, match="not one of 1 to 6"):
        ScriptedDice([(3, face)])


def test_undo_rolls_the_same_dice_again():
    game = Game(CLASSIC, agents=[None, None], seed=9)
    snapshot = game.snapshot()
    game.apply(Action.roll())
    first = game.state.to_dict()
    game.restore(snapshot)
    game.apply(Action.roll())
    assert game.state.to_dict() == first


def test_given_random_dice_follow_their_own_seed():
    one = Game(CLASSIC, agents=["cautious"] * 2, seed=5, dice=RandomDice(11)).run(max_rounds=40)
    two = Game(CLASSIC, agents=["cautious"] * 2, seed=5, dice=RandomDice(11)).run(max_rounds=40)
    own = Game(CLASSIC, agents=["cautious"] * 2, seed=5).run(max_rounds=40)
    assert one == two and one != own
