"""The reinforcement-learning environments (millionaire.envs): the interfaces' own checkers on every
edition, seeding, masks against the engine's legal actions, whole episodes, the engine's invariants."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl group is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl group is not installed: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from test_properties import Checker  # noqa: E402

from millionaire import Action, MillionaireError, load_board  # noqa: E402
from millionaire.actions import DECISION_KINDS  # noqa: E402
from millionaire.editions import EDITIONS  # noqa: E402
from millionaire.envs import (  # noqa: E402
    ILLEGAL_PENALTY,
    LEVELS,
    ActionTable,
    EnvError,
    aec_env,
    single_seat_env,
)

BOARDS = [edition.key for edition in EDITIONS]
OPPONENTS = ["cautious", "aggressive", "monopolist"]


def three_or_fewer(board: str) -> int:
    return min(3, next(e for e in EDITIONS if e.key == board).players[1])


def masks_match(table: ActionTable, game, mask: np.ndarray, ranges, where: str) -> None:
    """Every index the mask allows is an action the engine accepts, and every action
    ``legal_actions()`` names (amounts: its lowest and highest) is one the mask allows."""
    allowed = np.flatnonzero(mask)
    assert allowed.size, f"{where}: no legal index"
    decoded = [table.action(int(i), game, ranges) for i in allowed]
    for index, action in zip(allowed, decoded):
        assert game.is_legal(action), f"{where}: index {index} ({table.names()[index]}) gives refused {action!r}"
    reachable = {(a.kind, a.cell, a.amount) for a in decoded}
    for action in game.legal_actions():
        assert (action.kind, action.cell, action.amount) in reachable, f"{where}: {action!r} has no index"
    for index in np.flatnonzero(mask == 0):
        kind = table.slots[index][0]
        if kind not in LEVELS and kind not in ("use_card", "release_card"):
            assert not game.is_legal(table.action(int(index), game, ranges)), \
                f"{where}: index {index} ({table.names()[index]}) is masked but legal"


def checked(checkers: dict, game, where: str) -> None:
    """The engine's invariants (tests/test_properties.py) on the game now; what they need from the
    state before the actions since the last check is the snapshot taken then."""
    checker, before = checkers.get(id(game), (None, None))
    if checker is None:
        checker = Checker(game)
        before = checker.before(Action("none"))
    checker.after(before, where)
    checkers[id(game)] = (checker, checker.before(Action("none")))


def play_aec(env, seed: int, check=None) -> list:
    """Random masked play to the end; the (agent, action, reward) trail."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail = []
    for agent in env.agent_iter(200_000):
        observation, reward, terminated, truncated, info = env.last()
        assert env.observation_space(agent).contains(observation)
        if terminated or truncated:
            action = None
        else:
            mask = info["action_mask"]
            if check:
                check(env, mask)
            action = int(rng.choice(np.flatnonzero(mask)))
        trail.append((agent, action, reward, terminated, truncated))
        env.step(action)
    assert not env.agents, "the episode did not end"
    return trail


def play_single(env, seed: int, check=None) -> tuple[list, bool, bool]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail, terminated, truncated = [], False, False
    while not (terminated or truncated):
        mask = info["action_mask"]
        if check:
            check(env, mask)
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation)
        trail.append((action, reward, observation.tobytes()))
        assert len(trail) < 200_000
    return trail, terminated, truncated


# ---------------------------------------------------------------------------------- the checkers
@pytest.mark.parametrize("board", BOARDS)
def test_pettingzoo_api_and_seed_tests(board):
    api_test(aec_env(board, players=three_or_fewer(board), max_rounds=60), num_cycles=1000)
    seed_test(lambda: aec_env(board, players=2, max_rounds=60), num_cycles=300)


@pytest.mark.parametrize("board", BOARDS)
def test_gymnasium_check_env(board):
    check_env(single_seat_env(board, opponents=OPPONENTS[: three_or_fewer(board) - 1], max_rounds=60),
              skip_render_check=True)


# ---------------------------------------------------------------------------------- play
@pytest.mark.parametrize("board", BOARDS)
def test_random_masked_play_ends_with_masks_matching_and_invariants_holding(board):
    """Whole AEC episodes under random masked play: the mask is the engine's legal actions at every
    step, the engine's invariants hold after every step, and the rewards are the result's."""
    for seed, players in ((1, 2), (2, three_or_fewer(board))):
        env = aec_env(board, players=players, max_rounds=80, record_events=True)
        checkers = {}

        def check(env, mask):
            game = env.game
            checked(checkers, game, f"{board} seed {seed}")
            masks_match(env.table, game, mask, env._ranges, f"{board} seed {seed} {game.pending!r}")

        trail = play_aec(env, seed, check)
        result = env.game.result()
        finals = {agent: reward for agent, action, reward, *_ in trail if action is None}
        assert set(finals) == set(env.possible_agents)
        truncated = [t for *_, t in trail if t]
        for seat, player in enumerate(env.game.state.players):  # a bankrupt seat leaves with -1 at once
            if player.bankrupt:
                assert finals.pop(f"player_{seat}") == -1.0
        if result.stopped_by_limit:
            assert truncated and all(r == 0 for r in finals.values())
        else:
            assert finals.pop(f"player_{result.winner}") == 1.0
            assert all(r == -1.0 for r in finals.values())  # Junior ends at the first bankruptcy: the others lose


#: Decisions each edition asks in random play (a trade reply needs an offer, which only the bots make:
#: the single-seat test below; Monopoly's cards never ask for a cell; Junior has no mortgages to raise money).
KINDS_MET = {
    "millionaire-classic": {"roll", "manage", "buy", "bid", "jackpot", "choose", "raise"},
    "monopoly-us": {"roll", "manage", "buy", "bid", "raise"},
    "millionaire-elite": {"roll", "manage", "buy", "bid", "jackpot", "choose", "raise", "exchange", "insurance", "lot"},
    "millionaire-junior": {"roll", "manage", "buy", "choose"},
}


@pytest.mark.parametrize("board", BOARDS)
def test_every_decision_of_the_edition_gets_a_mask_that_matches(board):
    kinds: set[str] = set()

    def check(env, mask):
        kinds.add(env.game.pending.kind)
        masks_match(env.table, env.game, mask, env._ranges, f"{board} {env.game.pending!r}")

    for seed in range(5, 45):  # until every kind has been met (a lot on the Auction cell is the rarest)
        play_aec(aec_env(board, players=4 if board == "millionaire-junior" else 3, max_rounds=100), seed, check)
        if KINDS_MET[board] <= kinds:
            break
    assert KINDS_MET[board] <= kinds <= set(DECISION_KINDS)


@pytest.mark.parametrize("board", BOARDS)
def test_single_seat_episode_ends_with_masks_matching_and_invariants_holding(board):
    opponents = OPPONENTS[: three_or_fewer(board) - 1]
    env = single_seat_env(board, opponents=opponents, max_rounds=80, record_events=True)
    kinds: set[str] = set()
    checkers = {}

    def check(env, mask):
        game = env.game
        assert game.pending.player == env.seat
        kinds.add(game.pending.kind)
        checked(checkers, game, f"{board} {game.pending!r}")
        masks_match(env.table, game, mask, env._ranges, f"{board} {game.pending!r}")

    for seed in range(3):
        trail, terminated, truncated = play_single(env, seed, check)
        assert terminated != truncated
        reward = trail[-1][1]
        assert reward in ((0.0,) if truncated else (1.0, -1.0))
    assert {"roll", "manage"} <= kinds


@pytest.mark.parametrize("board", BOARDS)
def test_the_same_seed_plays_the_same_episode(board):
    first = play_aec(aec_env(board, players=2, max_rounds=40), 5)
    assert play_aec(aec_env(board, players=2, max_rounds=40), 5) == first
    assert play_aec(aec_env(board, players=2, max_rounds=40), 6) != first
    env = single_seat_env(board, opponents=["cautious"], max_rounds=40)
    assert play_single(env, 3) == play_single(env, 3)
    env.reset(seed=3)
    second = env.reset()[0].tobytes(), env.game.state.to_json()
    env.reset(seed=3)
    assert (env.reset()[0].tobytes(), env.game.state.to_json()) == second  # reset() continues the seed's stream


def test_a_trade_offer_is_answered_through_the_env():
    """The bots offer trades to the seat: its mask is accept and reject, and the answer is the engine's."""
    env = single_seat_env("millionaire-classic", opponents=["monopolist", "cautious"], max_rounds=150)
    for seed in range(40):
        observation, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            if env.game.pending.kind == "trade_reply":
                names = [env.table.names()[i] for i in np.flatnonzero(info["action_mask"])]
                assert names == ["accept", "reject"]
                assert observation[env.observation_slices["trade_in"]].any() or \
                    observation[env.observation_slices["trade_cash"]].any()
                trade = env.game.pending.trade
                env.step(env.table.simple["accept"])
                assert any(env.game.state.owner[c] == env.seat for c in trade[1]) or not trade[1]
                return
            observation, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = terminated or truncated
    pytest.fail("no trade was offered to the seat in 40 games")


# ---------------------------------------------------------------------------------- the fast mask and observation
def reference_observation(observer, game, me: int) -> np.ndarray:
    """The observation as the module's table defines it, written from nothing: what the environments'
    kept, updated vectors must read as."""
    o = np.zeros(observer.size, dtype=np.float32)
    at, state, board = observer.start, game.state, observer.board
    size, count, money = board.size, observer.players, observer.money
    data = state.pending
    if data is not None:
        o[observer.kind_index[data["kind"]]] = 1.0
        o[at["mine"]] = float(data["player"] == me)
        if data.get("cell", -1) >= 0:
            o[at["decision_cell"] + data["cell"]] = 1.0
        for option in data.get("options") or ():
            o[at["options"] + option] = 1.0
        price = board.cells[data["cell"]].price if data.get("cell", -1) >= 0 else 0
        if data.get("building"):
            price = game.build_price(data["cell"])
        o[at["decision_money"]: at["decision_money"] + 3] = [
            min(1.0, (data.get("amount", 0) if data["kind"] == "raise" else 0) * money),
            min(1.0, data.get("high", 0) * money), min(1.0, price * money)]
        o[at["again"]] = float(bool(data.get("again")))
        trade = data.get("trade")
        if trade is not None and data["player"] == me:
            o[[at["trade_in"] + c for c in trade[1]]] = 1.0
            o[[at["trade_out"] + c for c in trade[2]]] = 1.0
            o[at["trade_cash"]: at["trade_cash"] + 2] = [min(1.0, trade[3] * money), min(1.0, trade[4] * money)]
    for rank in range(count):
        player = state.players[(me + rank) % count]
        if player.bankrupt:
            o[at["bankrupt"] + rank] = 1.0
            continue
        o[at["position"] + rank * size + player.position] = 1.0
        o[at["cash"] + rank] = min(1.0, player.cash * money)
        o[at["detained"] + rank] = float(player.detained)
        o[at["jail_turns"] + rank] = min(1.0, player.jail_turns / max(1, observer.rules.jail_max_turns))
        o[at["kept_cards"] + rank] = min(1.0, len(player.cards) / 10)
    o[at["on_turn"] + (state.current - me) % count] = 1.0
    for cell, seat in enumerate(state.owner):
        if seat >= 0:
            o[at["owner"] + ((seat - me) % count) * size + cell] = 1.0
    o[observer.slices["level"]] = [level / observer.top for level in state.level]
    o[observer.slices["mortgaged"]] = state.mortgaged
    o[at["round"]] = min(1.0, state.round / (observer.max_rounds + 1))
    o[at["pots"]: at["pots"] + 2] = [min(1.0, state.jackpot_box * money), min(1.0, state.charity_fund * money)]
    if observer.elite:
        market, kinds = state.market, observer.policy_kinds
        for rank in range(count):
            seat = (me + rank) % count
            o[at["shares"] + rank] = min(1.0, market["shares"][seat] * market["price"] * money)
            for held in market["policies"][seat]:
                o[at["policies"] + rank * len(kinds) + kinds.index(held[0])] = 1.0
        o[at["share_price"]] = min(1.0, market["price"] / board.shares.maximum)
        o[[at["waiting"] + c for c in market["waiting"]]] = 1.0
    return o


def same_mask_and_observations(env, where: str) -> None:
    """The mask read from the state is the one made from ``legal_actions()`` (amount ranges too), and every
    seat's observation reads as the reference writes it."""
    game = env.game
    fast, fast_ranges = env.table.mask(game)
    slow, slow_ranges = env.table.legal_actions_mask(game)
    assert np.array_equal(fast, slow), f"{where}: differ at {[env.table.names()[i] for i in np.flatnonzero(fast != slow)]}"
    assert fast_ranges == slow_ranges, where
    for seat in range(env.players):
        seen = env.observer.observe(game, seat)
        expected = reference_observation(env.observer, game, seat)
        differ = [name for name, part in env.observation_slices.items()
                  if not np.allclose(seen[part], expected[part], rtol=1e-6, atol=0)]
        assert not differ, f"{where} seat {seat}: {differ} differ"


@pytest.mark.parametrize("board", BOARDS)
def test_the_mask_read_from_the_state_is_the_legal_actions_one_over_many_games(board):
    """Over many seeded games (random masked play by every seat, and one seat against trading bots), at
    every decision: the fast mask equals the legal_actions() mask and the kept observations the reference."""
    steps, kinds = 0, set()
    for seed in range(8):
        players = 2 + seed % (three_or_fewer(board) - 1 if board != "millionaire-junior" else 3)
        env = aec_env(board, players=players, max_rounds=80)

        def check(env, mask, seed=seed):
            nonlocal steps
            steps += 1
            kinds.add(env.game.pending.kind)
            same_mask_and_observations(env, f"{board} aec seed {seed} {env.game.pending!r}")

        play_aec(env, seed, check)
    single = single_seat_env(board, opponents=OPPONENTS[: three_or_fewer(board) - 1], max_rounds=80)
    for seed in range(3):
        def check_single(env, mask, seed=seed):
            nonlocal steps
            steps += 1
            kinds.add(env.game.pending.kind)
            same_mask_and_observations(env, f"{board} single seed {seed} {env.game.pending!r}")
            assert np.array_equal(mask, env.table.legal_actions_mask(env.game)[0])

        play_single(single, seed, check_single)
    assert steps > 1000 and {"roll", "manage", "buy"} <= kinds


def test_the_mask_read_from_the_state_follows_a_bank_short_of_buildings():
    """With a bank of 8 houses and 1 hotel, and the seat building as the aggressive bot does (offering no
    trades: the seat cannot), the supply
    runs out: building is then masked exactly where the engine refuses it."""
    from dataclasses import replace

    from millionaire.agents import STRATEGIES, ThresholdAgent
    from millionaire.rules import RuleSet

    rules = replace(RuleSet.for_board("monopoly-us"), small_supply=8, large_supply=1)
    env = single_seat_env("monopoly-us", opponents=["aggressive"], max_rounds=150, rules=rules)
    short = set()
    for seed in range(10):
        observation, info = env.reset(seed=seed)
        seat_bot, done = ThresholdAgent(name="aggressive", **{**STRATEGIES["aggressive"], "trades": False}), False
        while not done:
            game = env.game
            same_mask_and_observations(env, f"short bank seed {seed} {game.pending!r}")
            small, large = game.supply()
            if any(game.industry_complete(i, env.seat) for i in range(len(env.board.industries))):
                short.update(["houses"] if small == 0 else [], ["hotels"] if large == 0 else [])
            index = env.table.encode(seat_bot.choose(game, game.pending), env._ranges)
            observation, _, terminated, truncated, info = env.step(index)
            done = terminated or truncated
        if short == {"houses", "hotels"}:
            return
    pytest.fail(f"the bank ran short only of {short or 'nothing'} in 10 games")


def test_a_game_subclass_gets_the_mask_of_its_own_legal_actions():
    """A house rule in a subclass of Game changes what is legal: the mask follows its legal_actions()."""
    from millionaire import Game

    class NoBuying(Game):
        def legal_actions(self):
            return [a for a in super().legal_actions() if a.kind != "buy"]

    table = ActionTable(load_board("millionaire-classic"))
    game = NoBuying(load_board("millionaire-classic"), agents=[None, None], seed=3)
    while game.pending.kind != "buy":
        game.apply(game.legal_actions()[0])
    mask, _ = table.mask(game)
    assert not mask[table.simple["buy"]] and mask[table.simple["decline"]]


# ---------------------------------------------------------------------------------- the spaces
def test_action_table_maps_indices_to_engine_actions():
    table = ActionTable(load_board("millionaire-elite"))
    names = table.names()
    assert len(names) == table.size == len(table.slots)
    assert names[: len(("roll", "end_turn"))] == ["roll", "end_turn"]
    assert names[table.base["build"] + 5] == "build 5" and names[table.base["choose"]] == "choose 0"
    assert table.index(Action.build(5)) == table.base["build"] + 5
    assert table.index(Action.pass_()) == table.simple["pass"]
    ranges = {"bid": (101, 700, 200)}
    amounts = [table.action(table.base["bid"] + i, None, ranges).amount for i in range(len(LEVELS["bid"]))]
    assert amounts == [101, 100, 150, 200, 250, 300, 700]
    assert any(name.startswith("buy_shares") for name in names) and any(name.startswith("buy_policy") for name in names)
    classic = ActionTable(load_board("millionaire-classic"))
    assert not any(name.startswith(("buy_shares", "buy_policy")) for name in classic.names())


def test_observation_slices_cover_the_vector_and_read_the_position():
    env = single_seat_env("millionaire-elite", opponents=["cautious", "aggressive"], max_rounds=50)
    observation, info = env.reset(seed=4)
    slices = env.observation_slices
    assert sum(s.stop - s.start for s in slices.values()) == observation.size
    game, size = env.game, env.board.size
    me = game.state.players[env.seat]
    assert observation[slices["position"]][:size].argmax() == me.position
    assert observation[slices["cash"]][0] == pytest.approx(me.cash / (game.rules.start_cash * 20))
    assert observation[slices["mine"]][0] == 1.0
    assert observation[slices["decision"]].argmax() == list(DECISION_KINDS).index("roll")
    for _ in range(200):  # someone buys something: the owner planes show it from the seat's side
        observation, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if terminated or truncated or any(o >= 0 for o in game.state.owner):
            break
    owner = observation[slices["owner"]].reshape(3, size)
    for cell, seat in enumerate(game.state.owner):
        assert owner[:, cell].sum() == (seat >= 0)
        if seat >= 0:
            assert owner[(seat - env.seat) % 3, cell] == 1.0


# ---------------------------------------------------------------------------------- refusals
def test_an_unmasked_action_costs_the_penalty_and_changes_nothing():
    env = single_seat_env("monopoly-us", opponents=["cautious"], max_rounds=30)
    observation, info = env.reset(seed=2)
    before = env.game.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert reward == ILLEGAL_PENALTY and not terminated and not truncated
    assert "is not legal" in info["illegal"] and "legal now: roll" in info["illegal"]
    assert env.game.state.to_json() == before and np.array_equal(after, observation)
    _, _, _, _, info = env.step(10**6)
    assert "is not an index" in info["illegal"]
    strict = single_seat_env("monopoly-us", opponents=["cautious"], max_rounds=30, on_illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(EnvError, match="legal now: roll"):
        strict.step(illegal)
    aec = aec_env("monopoly-us", on_illegal="raise")
    aec.reset(seed=2)
    with pytest.raises(EnvError, match="is not legal"):
        aec.step(illegal)
    aec = aec_env("monopoly-us")
    aec.reset(seed=2)
    agent = aec.agent_selection
    aec.step(illegal)
    assert aec.agent_selection == agent and aec.rewards[agent] == ILLEGAL_PENALTY and "illegal" in aec.infos[agent]


@pytest.mark.parametrize("make, message", [
    (lambda: aec_env("chess"), "board 'chess'"),
    (lambda: aec_env("millionaire-junior", players=5), "2..4 players, got 5"),
    (lambda: aec_env(max_rounds=0), "max_rounds must be"),
    (lambda: aec_env(on_illegal="ignore"), "on_illegal is"),
    (lambda: single_seat_env(opponents="cautious"), "a list of strategies"),
    (lambda: single_seat_env(opponents=["lucky"]), "unknown strategy 'lucky'"),
    (lambda: single_seat_env(opponents=[None]), "not a human seat"),
    (lambda: single_seat_env(render_mode="human"), "render_mode"),
])
def test_bad_arguments_are_refused_clearly(make, message):
    with pytest.raises(MillionaireError, match=message):
        make()


def test_a_finished_episode_must_be_reset():
    env = single_seat_env("millionaire-junior", opponents=["aggressive"], max_rounds=5)
    with pytest.raises(EnvError, match="reset"):
        env.step(0)
    play_single(env, 1)
    with pytest.raises(EnvError, match="episode is over"):
        env.step(0)


# ---------------------------------------------------------------------------------- the example
def test_the_policy_gradient_example_trains_and_reports(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "policy_gradient.py"
    spec = importlib.util.spec_from_file_location("policy_gradient", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    lines = example.main(["--episodes", "4", "--games", "3", "--max-rounds", "25", "--opponents", "random"])
    assert lines[0].startswith("Trained for 4 episodes") and "against random" in lines[0]
    assert lines[1].startswith("learnt policy: won ") and " of 3 (" in lines[1] and "95% interval" in lines[1]
    assert lines[2].startswith("untrained")
    assert capsys.readouterr().out.splitlines() == lines
    policy = example.LinearSoftmax(4, 2, np.random.default_rng(0))
    assert policy.act(np.array([0.5, 1.0]), np.array([0, 1, 0, 0])) == 1 and not policy.trace  # a forced move
    choice = policy.act(np.array([0.5, 1.0]), np.array([1, 1, 0, 1]))
    assert choice in (0, 1, 3) and len(policy.trace) == 1
    policy.update(advantage=1.0, lr=0.5)  # a won game: the chosen action's logit rises, the others' fall
    x = np.array([0.5, 1.0, 1.0])
    assert policy.theta[choice] @ x > 0 and all(policy.theta[k] @ x < 0 for k in (0, 1, 3) if k != choice)
    assert not policy.theta[2].any()  # a masked action is never touched
    russian = example.main(["--episodes", "1", "--games", "1", "--max-rounds", "10", "--lang", "ru"])
    assert russian[0].startswith("Обучение: эпизодов — 1") and "побед —" in russian[1]


# ---------------------------------------------------------------------------------- the compiled step
def test_what_is_handed_out_never_changes_afterwards():
    """Every observation and mask an environment returns reads the same at the episode's end as when it
    was returned, and a learner writing into one changes neither the environment nor what comes next."""
    env = single_seat_env("millionaire-classic", opponents=["cautious"], max_rounds=60)
    observation, info = env.reset(seed=11)
    kept = [(observation, observation.copy(), info["action_mask"], info["action_mask"].copy())]
    rng = np.random.default_rng(11)
    done = False
    while not done:
        mask = info["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        if len(kept) % 2:
            mask[:] = 0  # the learner's own use of one mask in two (the even ones)
        observation, _, terminated, truncated, info = env.step(action)
        assert "illegal" not in info, info.get("illegal")
        kept.append((observation, observation.copy(), info["action_mask"], info["action_mask"].copy()))
        done = terminated or truncated
    assert len(kept) > 20
    for number, (observation, seen, mask, mask_seen) in enumerate(kept):
        assert np.array_equal(observation, seen)
        assert not number % 2 or np.array_equal(mask, mask_seen)  # the masks left alone
    _, info = env.reset(seed=11)
    assert np.array_equal(info["action_mask"], kept[0][3])
    aec = aec_env("millionaire-classic", players=2, max_rounds=40)
    aec.reset(seed=3)
    handed = []
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, info = aec.last()
        handed.append((observation, observation.copy(), info["action_mask"], info["action_mask"].copy()))
        aec.step(None if terminated or truncated else int(np.flatnonzero(info["action_mask"])[0]))
    assert all(np.array_equal(o, s) and np.array_equal(m, ms) for o, s, m, ms in handed)


@pytest.mark.parametrize("board", BOARDS)
def test_numpy_indices_play_the_episodes_int_indices_play(board):
    """An index as a numpy integer (Gymnasium's samples) goes through the environments' own checks, an
    int through the compiled step: the same episodes, rewards and observations either way."""
    def trail(env, numpy: bool):
        return play_single_as(env, 8, numpy)

    single = single_seat_env(board, opponents=OPPONENTS[: three_or_fewer(board) - 1], max_rounds=60)
    assert trail(single, False) == trail(single, True)
    as_int = play_aec_as(aec_env(board, players=2, max_rounds=60), 4, False)
    assert as_int == play_aec_as(aec_env(board, players=2, max_rounds=60), 4, True)


def play_single_as(env, seed: int, numpy: bool) -> list:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail, done = [observation.tobytes()], False
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action if numpy else int(action))
        trail.append((int(action), reward, terminated, truncated, observation.tobytes(),
                      info["action_mask"].tobytes(), "result" in info))
        done = terminated or truncated
    return trail


def play_aec_as(env, seed: int, numpy: bool) -> list:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else rng.choice(np.flatnonzero(info["action_mask"]))
        trail.append((agent, reward, terminated, truncated, observation.tobytes(), info["action_mask"].tobytes(),
                      dict(env.rewards), dict(env._cumulative_rewards)))
        env.step(action if action is None or numpy else int(action))
    return trail


def test_after_a_penalty_the_next_legal_step_clears_the_reward():
    """The penalty is the agent's reward until it steps again; its next, legal step starts from 0 and the
    game goes on as it would have (the compiled step resumes after the environment's own)."""
    first, second = aec_env("monopoly-us"), aec_env("monopoly-us")
    for env in (first, second):
        env.reset(seed=2)
    agent = first.agent_selection
    illegal = int(np.flatnonzero(first.infos[agent]["action_mask"] == 0)[0])
    first.step(illegal)
    assert first.last()[1] == ILLEGAL_PENALTY
    for _ in range(30):
        legal = int(np.flatnonzero(first.infos[first.agent_selection]["action_mask"])[0])
        for env in (first, second):
            env.step(legal)
        assert first.rewards == second.rewards == {a: 0.0 for a in first.agents}
        assert first._cumulative_rewards == second._cumulative_rewards
        assert first.game.state.to_json() == second.game.state.to_json()


def test_agent_iter_stops_at_max_iter_and_when_no_agent_is_left():
    env = aec_env("millionaire-junior", players=2, max_rounds=5)
    env.reset(seed=1)
    assert list(env.agent_iter(4)) == [env.agent_selection] * 4
    steps = 0
    for _agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
    assert not env.agents and steps > 4 and list(env.agent_iter()) == []


def test_encoding_a_decoded_index_gives_it_back():
    """Over a game's decisions: every legal index decodes to an engine action that encodes to it again
    (or to an index of the same action: two amount levels may name one amount)."""
    checked_indices = 0

    def check(env, mask):
        nonlocal checked_indices
        for index in np.flatnonzero(mask):
            action = env.action_of(int(index))
            encoded = env.table.encode(action, env._ranges)
            assert encoded == index or env.action_of(encoded) == action, (env.table.names()[index], action)
            checked_indices += 1

    play_aec(aec_env("millionaire-elite", players=3, max_rounds=60), 2, check)
    assert checked_indices > 500


def test_one_table_follows_the_rules_of_each_game_it_reads():
    """The mask reads the options of the game's own rule set, even when the same table reads games of
    several rule sets in turn (a high fine, buildings locking their plot only, no redemption but before
    the roll)."""
    from dataclasses import replace

    from millionaire import Game
    from millionaire.rules import RuleSet

    board = load_board("millionaire-classic")
    table = ActionTable(board)
    base = RuleSet.for_board(board.key)
    variants = [base, replace(base, jail_fine=10_000), replace(base, locked_by_building="plot"),
                replace(base, redeem_any_time=not base.redeem_any_time), replace(base, min_bid=500)]
    games = [Game(board, rules, agents=["aggressive", "cautious"], seed=5) for rules in variants]
    for game in games:
        game.play_bots(until_round=25)
        game.agents = [None, None]
    compared = 0
    for _ in range(60):
        for game in games:
            if game.finished:
                continue
            fast, ranges = table.mask(game)
            slow, slow_ranges = table.legal_actions_mask(game)
            assert np.array_equal(fast, slow) and ranges == slow_ranges, game.rules
            compared += 1
            game.apply(table.action(int(np.flatnonzero(fast)[-1]), game, ranges))
    assert compared > 200


@pytest.mark.parametrize("kind", ["single", "aec"])
def test_a_board_written_by_hand_between_steps_is_read_at_the_next_decision(kind):
    """The mask and the observation handed out by a step follow owners, buildings and mortgages set by
    hand before it (the board's reading is kept while the board reads the same, and compared every
    decision), the engine is told of them (its own readings start afresh), and ActionTable.mask
    follows them at once."""
    board = load_board("millionaire-classic")
    env = single_seat_env(board, opponents=["cautious"], max_rounds=60) if kind == "single" else aec_env(board, 2, 60)
    rng = np.random.default_rng(3)
    edits = 0
    for _ in range(4):
        if kind == "single":
            _, info = env.reset(seed=int(rng.integers(100)))
        else:
            env.reset(seed=int(rng.integers(100)))
            info = env.last()[4]
        game, done = env.game, False
        while not done and edits < 40:
            seat = game.state.pending["player"]
            industry = board.industries[edits % len(board.industries)]
            state = game.state
            changes, edited = state.board_changes, False
            for cell in industry.cells:  # the seat's whole industry, one plot built, another mortgaged now and then
                if state.owner[cell] < 0:
                    state.owner[cell] = seat
                    edited = True
            if edits % 3 == 1 and all(state.owner[c] == seat and not state.mortgaged[c] for c in industry.cells):
                state.level[industry.cells[0]] = 1
            if edits % 5 == 2:
                state.mortgaged[industry.cells[-1]] = state.level[industry.cells[-1]] == 0
            edits += 1
            if edits % 2:  # else the step itself is the first to read the edit
                fresh, _ = env.table.mask(game)
                assert np.array_equal(fresh, env.table.legal_actions_mask(game)[0]), "ActionTable.mask after a hand edit"
            legal = np.flatnonzero(info["action_mask"])
            index = int(legal[0]) if kind == "aec" or len(legal) == 1 else int(rng.choice(legal))
            if kind == "single":
                observation, _, terminated, truncated, info = env.step(index)
                done = terminated or truncated
                me = env.seat
            else:
                env.step(index)
                observation, _, terminated, truncated, info = env.last()
                done = terminated or truncated
                me = env._core.seat_of[env.agent_selection]
            assert state.board_changes > changes or not edited, "the engine is told of a board written by hand"
            if done:
                break
            assert np.array_equal(info["action_mask"], env.table.legal_actions_mask(game)[0]), f"{kind}: the step's mask"
            assert np.allclose(observation, reference_observation(env.observer, game, me), rtol=1e-6, atol=0), \
                f"{kind}: the step's observation"
    assert edits == 40
