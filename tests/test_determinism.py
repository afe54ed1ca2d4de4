"""Same seed and same answers, same game: event for event, and through saves, copies and replays.

Plain parametrisation (no hypothesis): each case is a handful of full games whose seeds are named
in the test id, so a failure is replayed by its id; there is nothing to shrink.
"""

from __future__ import annotations

import json

import pytest

from millionaire import Action, Game, GameState, Human, RuleSet, load_board

BOARDS = {key: load_board(key) for key in ("millionaire-classic", "monopoly-us")}
MAX_ROUNDS = 120
#: Deterministic strategies: their answers depend on the game only, so a copy of the state plus
#: fresh agents carries on exactly. The random agent's generator is not part of the state.
STEADY = ("cautious", "aggressive", "monopolist")
MIXES = {
    "random3": ["random", "random", "random"],
    "mixed5": ["random", "cautious", "aggressive", "monopolist", "random"],
    "steady4": ["cautious", "aggressive", "monopolist", "monopolist"],
    "duel": ["aggressive", "random"],
}


def play(board_key: str, agents: list[str], seed: int, rules: RuleSet | None = None,
         max_rounds: int = MAX_ROUNDS) -> Game:
    game = Game(BOARDS[board_key], rules, agents=agents, seed=seed)
    game.run(max_rounds=max_rounds)
    return game


def strategies(game: Game) -> list[str]:
    """The strategy name of each seat (seats are shuffled at the start)."""
    return [agent.name for agent in game.agents]


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("mix", MIXES)
@pytest.mark.parametrize("seed", [0, 11])
def test_same_seed_same_game(board_key: str, mix: str, seed: int) -> None:
    first = play(board_key, MIXES[mix], seed)
    second = play(board_key, MIXES[mix], seed)
    assert first.log() == second.log()
    assert first.events == second.events
    assert first.actions == second.actions
    assert first.state.to_dict() == second.state.to_dict()
    assert first.result() == second.result()


def test_a_random_seat_draws_from_the_seats_child_of_the_games_seed() -> None:
    """The game's seed splits into the dice's and the agents'; the seat made at place n (before the
    seats are shuffled) draws from the n-th child of the agents' seed, whatever the other seats are."""
    from numpy.random import SeedSequence

    from millionaire.agents import RandomAgent

    board = load_board("millionaire-classic")
    for lineup in (["cautious", "random", "random"], ["random", "aggressive", "random"]):
        expected = {n: RandomAgent(SeedSequence(5).spawn(2)[1].spawn(n + 1)[n]).rng.integers(1 << 30, size=4).tolist()
                    for n, name in enumerate(lineup) if name == "random"}
        seated = Game(board, agents=lineup, seed=5, names=[f"p{n}" for n in range(3)])
        drawn = {int(player.name[1:]): agent.rng.integers(1 << 30, size=4).tolist()
                 for player, agent in zip(seated.state.players, seated.agents) if isinstance(agent, RandomAgent)}
        assert drawn == expected  # both random seats, each with its own child


@pytest.mark.parametrize("board_key", BOARDS)
def test_different_seeds_differ(board_key: str) -> None:
    logs = [tuple(play(board_key, MIXES["mixed5"], seed, max_rounds=20).log()) for seed in range(6)]
    assert len(set(logs)) == len(logs)
    # The first rolls already differ: the seed reaches the dice, not only the seating.
    rolls = [tuple(e.detail for e in play(board_key, ["cautious"] * 2, seed, max_rounds=3).events if e.kind == "roll")
             for seed in range(6)]
    assert len(set(rolls)) == len(rolls)


def _mid_game_states(board_key: str, agents: list[str], seed: int, every: int):
    """Yield (game, state) every ``every`` actions of a game driven by hand."""
    game = Game(BOARDS[board_key], agents=agents, seed=seed)
    game.round_limit = MAX_ROUNDS
    count = 0
    while not game.finished:
        if count % every == 0:
            yield game
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
        count += 1
    yield game  # the finished game too


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("mix", ["mixed5", "random3"])
def test_state_round_trips_mid_game(board_key: str, mix: str) -> None:
    board = BOARDS[board_key]
    kinds = set()
    for game in _mid_game_states(board_key, MIXES[mix], seed=3, every=23):
        state = game.state
        kinds.add(state.pending["kind"] if state.pending else "over")
        saved = state.to_dict()
        assert GameState.from_dict(saved, board) == state
        text = state.to_json()
        loaded = GameState.from_json(text, board)
        assert loaded == state
        assert loaded.to_json() == text
        assert json.loads(text) == saved  # nothing in a save is lost on the way through JSON
    assert {"roll", "manage", "over"} <= kinds


def _cut_points(board_key: str, agents: list[str], seed: int) -> list[int]:
    """Action counts at which each decision kind is first pending (and a few more)."""
    game = Game(BOARDS[board_key], agents=agents, seed=seed)
    game.round_limit = MAX_ROUNDS
    first: dict[str, int] = {}
    count = 0
    while not game.finished:
        first.setdefault(game.pending.kind, count)
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
        count += 1
    return sorted(set(first.values()) | {count // 3, count // 2, count - 1})


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("how", ["json", "dict", "copy"])
def test_continuing_from_a_mid_game_copy_gives_the_same_game(board_key: str, how: str) -> None:
    board, agents, seed = BOARDS[board_key], ["cautious", "aggressive", "monopolist", "monopolist"], 8
    cuts = _cut_points(board_key, agents, seed)
    assert len(cuts) >= 5
    for cut in cuts:
        original = Game(board, agents=agents, seed=seed)
        original.round_limit = MAX_ROUNDS
        for _ in range(cut):
            decision = original.pending
            original.apply(original.agents[decision.player].choose(original, decision))
        mark = len(original.events)
        if how == "json":
            saved = GameState.from_json(original.state.to_json(), board)
        elif how == "dict":
            saved = GameState.from_dict(json.loads(json.dumps(original.state.to_dict())), board)
        else:
            saved = original.state.copy()
        kind = original.state.pending["kind"]
        original.run(max_rounds=MAX_ROUNDS)
        carried = Game.from_state(board, saved, strategies(original))
        carried.run(max_rounds=MAX_ROUNDS)
        assert carried.log() == original.log()[mark:], f"cut at action {cut} ({kind})"
        assert carried.state.to_dict() == original.state.to_dict(), f"cut at action {cut} ({kind})"
        assert carried.result() == original.result()


@pytest.mark.parametrize("board_key", BOARDS)
@pytest.mark.parametrize("mix", ["mixed5", "random3", "steady4"])
@pytest.mark.parametrize("seat_kind", ["none", "human"])
def test_replaying_the_saved_actions_reproduces_the_game(board_key: str, mix: str, seat_kind: str) -> None:
    rules = RuleSet.for_board(board_key)
    game = play(board_key, MIXES[mix], seed=21, rules=rules)
    saved = json.dumps([[seat, action.to_list()] for seat, action in game.actions])
    assert any(a.kind in ("bid", "bet", "offer", "choose") for _, a in game.actions) or mix != "mixed5"
    seats = [None if seat_kind == "none" else Human() for _ in game.agents]
    replay = Game(BOARDS[board_key], rules, agents=seats, seed=21)
    replay.round_limit = MAX_ROUNDS
    assert replay.play_bots() is not None  # a human seat is asked at once
    for number, (seat, data) in enumerate(json.loads(saved)):
        assert replay.pending is not None and replay.pending.player == seat, f"action {number}"
        replay.apply(Action.from_list(data))
    assert replay.finished
    assert replay.state.to_dict() == game.state.to_dict()
    assert replay.log() == game.log()
    assert replay.result() == game.result()


def test_action_lists_round_trip() -> None:
    game = play("millionaire-classic", MIXES["mixed5"], seed=4)
    for _, action in game.actions:
        again = Action.from_list(json.loads(json.dumps(action.to_list())))
        assert again == action and repr(again) == repr(action)


@pytest.mark.parametrize("board_key", BOARDS)
def test_state_copy_is_independent(board_key: str) -> None:
    board = BOARDS[board_key]
    game = Game(board, agents=["aggressive", "monopolist", "random"], seed=2)
    game.round_limit = MAX_ROUNDS
    for _ in range(150):
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    state = game.state
    saved = state.to_dict()
    copy = state.copy()
    assert copy == state and copy is not state
    copy.players[0].cash += 7
    copy.players[1].cards.append([next(iter(board.decks)), 0])
    copy.players[2].position = (copy.players[2].position + 1) % board.size
    copy.owner[board.ownable[0]] = 2
    copy.level[board.plots[0]] += 1
    copy.mortgaged[board.ownable[1]] = not copy.mortgaged[board.ownable[1]]
    for order in copy.decks.values():
        order.reverse()
    copy.tasks.append(["turn"])
    copy.tasks[0].append("x")
    if copy.pending is not None:
        copy.pending.player = 99
    copy.dice["used"] += 1
    copy.dice["bit_generator"]["state"]["state"] = 1
    copy.charity_fund += 1
    assert state.to_dict() == saved
    # And the other way: the game goes on, the copy stays as it was.
    fresh = state.copy()
    frozen = fresh.to_dict()
    game.run(max_rounds=MAX_ROUNDS)
    assert fresh.to_dict() == frozen
    assert game.state.to_dict() != frozen


def test_saves_do_not_share_data_with_the_state() -> None:
    board = BOARDS["millionaire-classic"]
    game = Game(board, agents=["aggressive", "random"], seed=6)
    for _ in range(60):
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    saved = game.state.to_dict()
    reference = json.dumps(saved)
    saved["players"][0]["cards"].append(["x", 1])
    saved["tasks"].append(["boom"])
    saved["dice"]["bit_generator"]["state"]["state"] = 1
    saved["owner"][1] = 5
    assert json.dumps(game.state.to_dict()) == reference  # the state did not see the edits
    data = json.loads(reference)
    loaded = GameState.from_dict(data, board)
    data["players"][0]["cards"].append(["x", 1])
    data["tasks"].append(["boom"])
    data["dice"]["bit_generator"]["state"]["state"] = 1
    data["pending"] = None
    assert json.dumps(loaded.to_dict()) == reference  # nor did the loaded state
