"""The environments' cost per player-turn against the engine's own, events off.

Run: ``python benchmarks/env_step.py [--games N] [--repeats R] [--players P]``. Games of the same
lineup are played three ways (seeds 0..N-1; the environments draw each game's seed from theirs),
every seat answering as the ``cautious`` bot would with its trading off (an environment's seat
answers offers but makes none):

- ``engine``: ``Game.run`` (the bots answer the decision's data; nothing is checked again);
- ``single seat``: :func:`millionaire.envs.single_seat_env`, one seat's answers encoded to an index
  (``ActionTable.encode``) and played through ``step``, the other seats the env's own bots;
- ``aec``: :func:`millionaire.envs.aec_env`, every seat through ``last()`` and ``step``.

The environments' work is in all that an index costs: the mask (read from the state by the compiled
``millionaire.envcore``, equal to what ``legal_actions()`` allows), the observation, decoding the
index, the step (one compiled call of ``envcore``'s cores when the index is a legal ``int``), what
is left of PettingZoo's bookkeeping and ``last()``, and encoding the bot's answer into an index (the
learner's side: ``ActionTable.encode``). The bot's own thinking is in every row. Prints the median of R runs (CPU time of this process, steadier than the wall clock on a shared
machine), µs per player-turn, and each environment's ratio to the engine; then what an environment
adds per decision (the engine's ``legal_actions()``, which the mask no longer calls, for scale; the
mask; the observation).
Results and the command are recorded in ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from millionaire import Game, compiled, load_board
from millionaire.agents import STRATEGIES, ThresholdAgent
from millionaire.envs import aec_env, single_seat_env


def engine_run(board_name: str, players: int, seeds: range, max_rounds: int) -> tuple[float, int]:
    """(CPU seconds, player-turns) of the games played by ``Game.run``."""
    board = load_board(board_name)
    turns = 0
    start = time.process_time()
    for seed in seeds:
        game = Game(board, agents=[bot() for _ in range(players)], seed=seed, record_events=False)
        turns += game.run(max_rounds=max_rounds).turns
    return time.process_time() - start, turns


def single_seat_run(board_name: str, players: int, seeds: range, max_rounds: int) -> tuple[float, int]:
    opponents = [bot() for _ in range(players - 1)]
    env = single_seat_env(board_name, opponents=opponents, max_rounds=max_rounds)
    table, turns = env.table, 0
    start = time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        mine = bot()
        done = env.game.finished
        while not done:
            game = env.game
            index = table.encode(mine.answer(game, game.state.pending), env._ranges)
            _, _, terminated, truncated, _ = env.step(index)
            done = terminated or truncated
        turns += env.game.state.turns
    return time.process_time() - start, turns


def aec_run(board_name: str, players: int, seeds: range, max_rounds: int) -> tuple[float, int]:
    env = aec_env(board_name, players=players, max_rounds=max_rounds)
    table, turns = env.table, 0
    start = time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        bots = {agent: bot() for agent in env.possible_agents}  # each agent's policy, as a PettingZoo loop keeps them
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            game = env.game
            env.step(table.encode(bots[agent].answer(game, game.state.pending), env._ranges))
        turns += env.game.state.turns
    return time.process_time() - start, turns


def bot() -> ThresholdAgent:
    """The cautious bot without trade offers."""
    return ThresholdAgent(name="cautious", **{**STRATEGIES["cautious"], "trades": False})


def breakdown(board_name: str, players: int, max_rounds: int) -> dict[str, float]:
    """µs per decision of what an environment adds, over the decisions of one seeded AEC game:
    the engine's ``legal_actions()`` (for scale), the mask and the observation."""
    env = aec_env(board_name, players=players, max_rounds=max_rounds)
    env.reset(seed=1)
    bots = [bot() for _ in range(players)]
    spent = {"legal_actions": 0.0, "mask": 0.0, "observation": 0.0}
    decisions = 0
    for _agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        seat = game.state.pending["player"]
        for name, work in (("legal_actions", game.legal_actions), ("mask", lambda: env.table.mask(game)),
                           ("observation", lambda: env.observer.observe(game, seat))):
            start = time.process_time()
            for _ in range(20):
                work()
            spent[name] += (time.process_time() - start) / 20
        decisions += 1
        env.step(env.table.encode(bots[seat].answer(game, game.state.pending), env._ranges))
    return {name: seconds / decisions * 1e6 for name, seconds in spent.items()}


WAYS = {"engine": engine_run, "single seat": single_seat_run, "aec": aec_run}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--boards", default="millionaire-classic,monopoly-us")
    args = parser.parse_args()
    print("engine:", f"compiled ({', '.join(compiled.IN_USE)})" if compiled.IN_USE else "Python source")
    seeds = range(args.games)
    for board_name in args.boards.split(","):
        costs: dict[str, list[float]] = {way: [] for way in WAYS}
        for _ in range(args.repeats):  # interleaved, so a change in the machine's load touches every way
            for way, run in WAYS.items():
                seconds, turns = run(board_name, args.players, seeds, args.max_rounds)
                costs[way].append(seconds / turns * 1e6)
        engine = statistics.median(costs["engine"])
        for way, values in costs.items():
            median = statistics.median(values)
            print(f"{board_name:<20} {way:<12} {median:8.1f} µs per player-turn  {median / engine:5.2f}× the engine "
                  f"(median of {args.repeats} runs of {args.games} games, {args.players} cautious players, no trading)")
        parts = [breakdown(board_name, args.players, args.max_rounds) for _ in range(3)]
        for name in parts[0]:
            print(f"{board_name:<20} per decision: {name:<26} {statistics.median(p[name] for p in parts):6.1f} µs")


if __name__ == "__main__":
    main()
