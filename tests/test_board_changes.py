"""The state's count of board changes: readings of the board kept while it stands must still be true.

The engine and the bots keep what they read of the owners, buildings and mortgages (who could build
between turns, the trades a bot could offer) until ``GameState.board_changes`` moves on. These tests
hold the engine to that: every change of the board moves the count, and so does every way into the
engine from outside, where a caller may have written the board by hand.
"""

from __future__ import annotations

import pytest

from millionaire import Action, Game, load_board
from millionaire.agents import make_agent


class Watcher:
    """A built-in strategy in a seat, answering as it does; at each decision the game hands it, it checks
    that the board is what it was the last time the count of board changes stood where it stands."""

    trusted = True

    def __init__(self, strategy: str, seen: dict, tally: dict) -> None:
        self.strategy = make_agent(strategy)
        self.seen, self.tally = seen, tally

    def answer(self, game, data):
        state = game.state
        board = (list(state.owner), list(state.level), list(state.mortgaged))
        key = (id(state), state.board_changes)
        if key in self.seen:
            assert self.seen[key] == board, f"the board changed at round {state.round} without a count"
            self.tally["same count"] += 1
        else:
            self.seen[key] = board
            self.tally["counts"] += 1
        return self.strategy.answer(game, data)

    def choose(self, game, decision):  # pragma: no cover - Game.run asks trusted agents through answer()
        return self.answer(game, decision.data)


@pytest.mark.parametrize("board_key", ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"])
def test_every_change_of_the_board_moves_the_count(board_key):
    board = load_board(board_key)
    tally = {"same count": 0, "counts": 0}
    lineups = [["monopolist", "aggressive", "cautious"], ["aggressive"] * 4, ["cautious", "monopolist"]]
    for seed in range(12):
        seen: dict = {}  # one game's states at a time (ids are not reused while the game holds them)
        lineup = lineups[seed % len(lineups)]
        game = Game(board, agents=[Watcher(s, seen, tally) for s in lineup], seed=seed, record_events=False)
        game.run(max_rounds=150)
    # The check ran often on both sides: decisions with the board unchanged, and changes.
    assert tally["same count"] > 500 and tally["counts"] > 100


def test_a_board_set_by_hand_is_read_afresh(classic):
    """A lesson gives a player most of an industry by hand: asked again, the bot offers to buy the rest."""
    game = Game(classic, agents=["aggressive", "aggressive"], seed=3)
    seat = game.pending.player
    assert game.agents[seat].choose(game, game.pending) == Action.roll()  # nothing to trade for yet
    before = game.state.board_changes
    *mine, theirs = classic.industries[0].cells
    for cell in mine:
        game.state.owner[cell] = seat
    game.state.owner[theirs] = 1 - seat
    game.state.players[seat].cash = 10_000
    offer = game.agents[seat].choose(game, game.pending)
    assert offer.kind == "offer" and offer.trade.take_cells == (theirs,) and game.is_legal(offer)
    assert game.state.board_changes > before


@pytest.mark.parametrize("entry", ["run", "apply", "advance"])
def test_each_way_into_the_engine_moves_the_count(classic, entry):
    game = Game(classic, agents=["cautious", "cautious"], seed=1)
    before = game.state.board_changes
    if entry == "run":
        game.run(max_rounds=1)
    elif entry == "apply":
        game.apply(game.legal_actions()[0])
    else:
        game.advance()
    assert game.state.board_changes > before


def test_the_count_is_neither_saved_nor_compared(classic):
    from millionaire import GameState

    game = Game(classic, agents=["cautious", "cautious"], seed=1)
    game.run(max_rounds=20)
    assert game.state.board_changes > 0 and "board_changes" not in game.state.to_dict()
    loaded = GameState.from_dict(game.state.to_dict(), classic)
    assert loaded.board_changes == 0 and loaded == game.state
