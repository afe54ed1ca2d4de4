"""The contract every edition of :data:`millionaire.editions.EDITIONS` keeps, one test a promise.

Seeded play with every invariant checked after every action (the driver of ``test_properties``), a
save mid-game that plays on exactly as the game it was taken from, a position that goes through the
notation and back, scripted dice that replay a game face for face, the golden playthrough (``test_golden``),
and the compiled engine against its source where a compiled build is present (``test_compiled``).
A new edition in the registry is held to all of it, and fails here until it keeps it.
"""

from __future__ import annotations

import pytest
import test_compiled
import test_golden
from helpers import played
from test_properties import play_checked

from millionaire import Game, GameState, RandomDice, ScriptedDice, load_board
from millionaire.editions import EDITIONS, edition
from millionaire.notation import from_notation, to_notation

KEYS = [edition.key for edition in EDITIONS]
LINEUP = ["aggressive", "monopolist", "cautious", "random"]


def lineup(key: str, players: int = 3) -> list[str]:
    """Three of the built-in strategies, or as many as the edition seats."""
    return LINEUP[:min(players, edition(key).players[1])]



@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", [3, 11])
def test_seeded_play_keeps_every_invariant(key, seed):
    game = play_checked(key, seed, ["random", "aggressive", "monopolist", "cautious"], max_rounds=60)
    assert game.finished


@pytest.mark.parametrize("key", KEYS)
def test_a_save_mid_game_plays_on_as_the_game_it_was_taken_from(key):
    board = load_board(key)
    game = played(Game(board, agents=lineup(key), seed=8), 80)
    assert not game.finished
    saved = game.state.to_json()
    loaded = Game.from_state(board, GameState.from_json(saved, board), ["cautious"] * len(game.agents))
    assert loaded.state == game.state
    game.agents = list(loaded.agents)  # the same players on both sides from here (cautious is deterministic)
    assert played(game, 400).state.to_json() == played(loaded, 400).state.to_json()


@pytest.mark.parametrize("key", KEYS)
def test_a_position_goes_through_the_notation_and_back(key):
    board = load_board(key)
    for seed in (1, 2):
        game = Game(board, agents=lineup(key), seed=seed)
        game.run(max_rounds=6)  # stops between turns, where a position is written
        text = to_notation(game.state)
        back = from_notation(text, board)
        assert to_notation(back) == text
        assert (back.owner, back.level, back.mortgaged, back.market) == (game.state.owner, game.state.level,
                                                                        game.state.mortgaged, game.state.market)


class Recorded:
    """A dice source of a test's own (the protocol of :class:`millionaire.dice.DiceSource`): another
    source's dice, each face kept as it falls."""

    endless = True

    def __init__(self, source: RandomDice) -> None:
        self.source, self.faces = source, []

    def start(self) -> dict:
        return self.source.start()

    def resume(self, dice: dict) -> None:
        self.source.resume(dice)

    def die(self, dice: dict) -> int:
        self.faces.append(self.source.die(dice))
        return self.faces[-1]


@pytest.mark.parametrize("key", KEYS)
def test_scripted_dice_replay_a_game_face_for_face(key):
    """Every face a game's dice gave (moves, rents, the slot machine, the share price), given again as
    ScriptedDice to the same seed and players, gives the same game: the dice source is the dice's only way in."""
    board = load_board(key)
    recorded = Recorded(RandomDice(99))
    first = Game(board, agents=lineup(key), seed=5, dice=recorded)
    first.run(max_rounds=25)
    replay = Game(board, agents=lineup(key), seed=5, dice=ScriptedDice(recorded.faces))
    replay.run(max_rounds=25)
    assert replay.log() == first.log() and len(recorded.faces) > 50
    assert replay.state.dice == {"scripted": len(recorded.faces)}


@pytest.mark.parametrize("key", KEYS)
def test_the_golden_playthrough(key):
    names = [name for name, case in test_golden.CASES.items() if case[0] == key]
    assert names, f"{key} has no golden game in tests/test_golden.py"
    for name in names:
        test_golden.test_playthrough_matches_the_golden_file(name)


@pytest.mark.parametrize("key", KEYS)
def test_the_compiled_engine_plays_the_edition_as_its_source(key):
    if not test_compiled.compiled_build_present():
        pytest.skip("the engine is not compiled here (no C compiler at install), or edited since")
    modules, compiled_digest = test_compiled.play_in_subprocess(pure=False, editions=(key,))
    source, source_digest = test_compiled.play_in_subprocess(pure=True, editions=(key,))
    assert "engine" in modules and source == "python"
    assert compiled_digest == source_digest
