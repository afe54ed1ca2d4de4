"""The games as reinforcement-learning environments: PettingZoo's AEC for every seat, Gymnasium for one.

:func:`aec_env` makes a PettingZoo AEC environment in which every seat is an agent
(``player_0`` ... are the engine's seats, after the seating lot); :func:`single_seat_env` makes a
Gymnasium environment for one seat against the kit's built-in bots (:data:`millionaire.agents.STRATEGIES`).
Both need the optional group ``rl`` (``pip install -e '.[rl]'``). Dice, decks and seating come from
the environment's seed: ``reset(seed=s)`` starts the same game for the same ``s``, and each
``reset()`` without a seed draws the next game from that seed's stream.

The action space (``Discrete``, one table per board: :class:`ActionTable`)
---------------------------------------------------------------------------
Every decision of the engine (:data:`millionaire.actions.DECISION_KINDS`) is answered by one index:

================  ===================================================================================
indices           engine action
================  ===================================================================================
simple (11)       ``roll``, ``end_turn``, ``pay_fine``, ``release_card`` (``Action.use_card`` with the
                  first release card held), ``buy``, ``decline``, ``pass`` (leave an auction), ``skip``
                  (the slot machine, the Exchange, the insurance company, the Auction cell, a claim),
                  ``accept``, ``reject`` (a trade offered by another player), ``claim`` (Elite: a
                  policy pays for a covered loss, where the engine leaves that to its holder)
bid (7)           ``Action.bid``: the lowest legal bid, 0.5, 0.75, 1, 1.25, 1.5 × the price (a
                  building auction: the building's price), all your cash
bet (5)           ``Action.bet`` (boards with a slot machine): 1, 10%, 25%, 50% of your cash, all of it
buy_shares (3)    Elite's Exchange: 1 share, half of what your cash pays for, all of it
sell_shares (3)   1 share, half of those you hold, all of them (at the Exchange, or to pay a debt)
buy_policy (k)    Elite: the board's policies, 1..k
build, sell,      one index per cell of the board each (``Action.build(cell)``, ...)
mortgage, redeem
use_card (N)      a kept card used on a cell (the first card held that the cell suits)
choose (N)        ``Action.choose(cell)``: a card's question, or a plot waiting on Elite's Auction cell
================  ===================================================================================

The mask (``info["action_mask"]``, ``int8``, 1 = legal now) allows exactly the actions of
``Game.legal_actions()``: an index is legal exactly when its action is. It is read from the pending
decision and the state by the compiled :func:`millionaire.envcore.legal_indices` (the tests compare
it with :meth:`ActionTable.legal_actions_mask` over many games of every edition); a subclass of
``Game`` gets the mask of its own ``legal_actions()`` from :meth:`ActionTable.mask`. Every mask handed
out is a new array that the environment never writes again (a learner may keep it, or write into it:
legality is read from the environment's own list of legal indices). An index the mask allows is played without the
engine's second check, as ``Game.run`` plays the built-in bots' answers, and so are those bots. An amount level is legal when its amount lies between
the lowest and highest amounts ``legal_actions()`` names, so both of those are always reachable.
Trade offers are not in the space: the seat answers offers, it does not make them.
:meth:`ActionTable.names` names every index; ``env.action_of(i)`` is the engine action index ``i``
stands for now.

The observation (``Box`` of ``float32`` in [0, 1], seats counted from the observer)
-----------------------------------------------------------------------------------
``env.observation_slices`` maps each part's name to its slice; ``P`` players, ``N`` cells, ``K``
decision kinds. Money is in start cashes, divided by :data:`MONEY_SCALE` and capped at 1. Each
seat's vector is kept between steps and only its changed entries are rewritten
(:class:`millionaire.envcore.ObservationWriter`); every observation handed out is a new array.
The mask and the observations share one reading of the board (:class:`millionaire.envcore.BoardReading`):
the owners, buildings and mortgages are compared with it once a decision, so a board written by hand
between steps is read at the next decision, and what each seat's windows allow is worked out again
only when the board has changed.

A step of a legal index given as an ``int`` is one call of the compiled core
(:class:`millionaire.envcore.SingleSeatCore`, :class:`~millionaire.envcore.TurnCore`): decoding the
index (the actions that need nothing from the game are made once), playing it on the engine's trusted
path, the bots' moves (one seat), the next mask and observation, the rewards. Anything else (a numpy
integer, an illegal index, a reward due, an agent done) goes through the environment's own checks and
PettingZoo's bookkeeping, to the same result. The AEC environment's ``last()`` and ``agent_iter()``
are compiled too.

============================  =================================================================
slice                         what
============================  =================================================================
``decision`` (K)              the pending decision's kind, one-hot, one per ``DECISION_KINDS``
``mine`` (1)                  1 when the decision is the observer's
``decision_cell`` (N)         the cell in question (offered, auctioned, landed on), one-hot
``options`` (N)               the cells a ``choose`` or ``lot`` decision offers
``decision_money`` (3)        the debt to raise, the high bid, the price in question
``again`` (1)                 the roll was a double: the turn goes on
``trade_in``, ``trade_out``   the cells an offer would give the observer, and take from him
``trade_cash`` (2)            the cash an offer would give, and take
``position`` (P×N)            each seat's cell, one-hot (a bankrupt seat: none)
``cash`` (P)                  each seat's cash (net worth is left out: it costs more to work
                              out than a turn of the engine, and the owner planes show the property)
``detained``, ``jail_turns``  detention, and the rolls used of ``RuleSet.jail_max_turns``
``bankrupt``, ``on_turn``     out of the game; whose turn it is
``kept_cards`` (P)            kept cards held (a tenth each)
``owner`` (P×N)               one plane a seat: the cells it owns
``level``, ``mortgaged`` (N)  buildings (of the large one's level), mortgages
``round``, ``pots`` (1+2)     the round of ``max_rounds``; the jackpot box and the charity fund
Elite only: ``shares`` (P),   the value of each seat's shares, the share price (of its maximum),
``share_price`` (1),          the policies each seat holds (one per kind and seat) and the plots
``policies``, ``waiting`` (N)  waiting on the Auction cell
============================  =================================================================

Rewards: +1 to the winner and −1 to the others when the rules end the game (a seat that goes
bankrupt in a larger game gets its −1 then and leaves); when ``max_rounds`` stops the game it is a
truncation and everyone gets 0 (``info["result"]`` still holds the engine's result, the richest
winning). An action whose mask is 0 changes nothing and costs :data:`ILLEGAL_PENALTY` with
``info["illegal"]`` saying why; the AEC environment asks the same agent again. That is the default
because Gymnasium's ``check_env`` steps with unmasked samples; ``on_illegal="raise"`` raises an
:class:`EnvError` naming the action, the decision and the legal indices instead.

Examples
--------
>>> env = single_seat_env("millionaire-classic", opponents=["cautious"], max_rounds=100)
>>> observation, info = env.reset(seed=7)
>>> [env.table.names()[i] for i in np.flatnonzero(info["action_mask"])]
['roll']
>>> env.action_of(0)
Action.roll()
>>> table = env.table  # from an engine action to its index, and back to its name
>>> table.index(Action.buy()), table.names()[table.index(Action.build(39))], table.names()[table.base["bid"] + 3]
(4, 'build 39', 'bid 1×')
>>> observation.shape == env.observation_space.shape, int(env.action_space.n) == env.table.size == 263
(True, True)
>>> observation, reward, terminated, truncated, info = env.step(0)
>>> aec = aec_env("millionaire-junior", players=3, max_rounds=50)
>>> aec.reset(seed=1)
>>> aec.agent_selection in aec.possible_agents
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .actions import DECISION_KINDS, Action
from .board import Board, load_board
from .engine import Game, GameResult
from .envcore import (
    AgentIterator,
    BoardReading,
    Decoder,
    MaskLayout,
    ObservationWriter,
    SingleSeatCore,
    TurnCore,
    fill_mask,
    level_amount,
    price_in_question,
)
from .errors import MillionaireError
from .rules import RuleSet
from .state import has_market

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:  # pragma: no cover - the rl group is installed with the tests
    raise MillionaireError(f"millionaire.envs needs the optional group rl ({missing.name} is missing): "
                           "pip install -e '.[rl]'") from None

#: The reward for an action whose mask is 0 (the game is unchanged).
ILLEGAL_PENALTY = -0.01
#: Money in the observation: start cashes divided by this, capped at 1.
MONEY_SCALE = 20.0

SIMPLE = ("roll", "end_turn", "pay_fine", "release_card", "buy", "decline", "pass", "skip", "accept", "reject",
          "claim")
#: The amount levels: "lowest" and "all" are the ends of the legal range; a number is a share of the
#: price (bids) or of the top of the range (bets: your cash; shares: what you could buy or hold).
LEVELS: dict[str, tuple[Any, ...]] = {
    "bid": ("lowest", 0.5, 0.75, 1.0, 1.25, 1.5, "all"),
    "bet": ("lowest", 0.1, 0.25, 0.5, "all"),
    "buy_shares": ("lowest", 0.5, "all"),
    "sell_shares": ("lowest", 0.5, "all"),
}
CELL_KINDS = ("build", "sell", "mortgage", "redeem", "use_card", "choose")
KINDS = tuple(DECISION_KINDS)


class EnvError(MillionaireError, ValueError):
    """A bad argument to an environment, or (``on_illegal="raise"``) an action its mask forbids."""




class ActionTable:
    """The fixed action space of one board: index <-> engine action (see the module's table).

    >>> table = ActionTable(load_board("monopoly-us"))
    >>> table.size, table.names()[:3], table.names()[table.base["build"] + 39]
    (258, ['roll', 'end_turn', 'pay_fine'], 'build 39')
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        names: list[str] = list(SIMPLE)
        self.simple = {name: i for i, name in enumerate(SIMPLE)}
        self.base: dict[str, int] = {}
        amount_kinds = ["bid"]
        if board.slot_machine is not None:
            amount_kinds.append("bet")
        if board.shares is not None:
            amount_kinds += ["buy_shares", "sell_shares"]
        for kind in amount_kinds:
            self.base[kind] = len(names)
            names += [f"{kind} {level}" if isinstance(level, str) else f"{kind} {level:g}×" for level in LEVELS[kind]]
        self.amount_kinds = tuple(amount_kinds)
        self.base["buy_policy"] = len(names)
        names += [f"buy_policy {n}" for n in range(1, len(board.policies) + 1)]
        for kind in CELL_KINDS:
            self.base[kind] = len(names)
            names += [f"{kind} {cell}" for cell in range(board.size)]
        self._names = names
        self.size = len(names)
        # What each index is: (kind, argument): a cell, a level, a policy number or nothing.
        slots: list[tuple[str, Any]] = [(name, None) for name in SIMPLE]
        for kind in amount_kinds:
            slots += [(kind, level) for level in LEVELS[kind]]
        slots += [("buy_policy", n) for n in range(1, len(board.policies) + 1)]
        for kind in CELL_KINDS:
            slots += [(kind, cell) for cell in range(board.size)]
        self.slots = slots
        self.layout = MaskLayout(self.simple, self.base, {kind: LEVELS[kind] for kind in amount_kinds}, self.size)
        #: Index <-> engine action, compiled (the actions that need nothing from the game are made once).
        self.decoder = Decoder(self.layout, [kind for kind, _ in slots], [argument for _, argument in slots], board)

    def names(self) -> list[str]:
        """A short name for every index, in order."""
        return list(self._names)

    def index(self, action: Action) -> int:
        """The index of an action without an amount (``release_card`` for a release card)."""
        return self.decoder.index(action)

    def amount(self, kind: str, level: Any, low: int, high: int, price: int) -> int:
        """The amount an amount level stands for, given the legal range and the price in question."""
        return level_amount(kind, level, low, high, price)

    def mask(self, game: Game) -> tuple[np.ndarray, dict[str, tuple[int, int, int]]]:
        """The legal indices now (``int8``), and each amount kind's (lowest, highest, price).

        Read from the pending decision and the state (:func:`millionaire.envcore.fill_mask`), equal to
        :meth:`legal_actions_mask`; a subclass of ``Game`` (which may change what is legal) gets that one.
        """
        if type(game) is not Game:
            return self.legal_actions_mask(game)
        mask = np.zeros(self.size, dtype=np.int8)
        return mask, fill_mask(game, self.layout, mask)

    def legal_actions_mask(self, game: Game) -> tuple[np.ndarray, dict[str, tuple[int, int, int]]]:
        """:meth:`mask` made from ``game.legal_actions()``, an ``Action`` at a time."""
        mask = np.zeros(self.size, dtype=np.int8)
        ranges: dict[str, tuple[int, int, int]] = {}
        index = self.index
        for action in game.legal_actions():
            kind = action.kind
            if kind in LEVELS:
                amount = action.amount
                low, high, _ = ranges.get(kind, (amount, amount, 0))
                ranges[kind] = (min(low, amount), max(high, amount), 0)
            else:
                mask[index(action)] = 1
        if ranges:
            price = price_in_question(game)
            for kind, (low, high, _) in ranges.items():
                ranges[kind] = (low, high, price)
                base = self.base[kind]
                for offset, level in enumerate(LEVELS[kind]):
                    if low <= self.amount(kind, level, low, high, price) <= high:
                        mask[base + offset] = 1
        return mask, ranges

    def action(self, index: int, game: Game | None, ranges: dict[str, tuple[int, int, int]]) -> Action:
        """The engine action index ``index`` stands for now (legal when the mask allows ``index``)."""
        return self.decoder.action(index, game, ranges)

    def encode(self, action: Action, ranges: dict[str, tuple[int, int, int]]) -> int:
        """The index nearest to an engine action (an amount goes to the legal level nearest it).

        >>> table = ActionTable(load_board("millionaire-classic"))
        >>> table.names()[table.encode(Action.bid(130), {"bid": (10, 900, 120)})]  # 120 is nearest
        'bid 1×'
        """
        return self.decoder.encode(action, ranges)


class Observer:
    """The position as a vector from one seat's side (see the module's table)."""

    def __init__(self, board: Board, rules: RuleSet, players: int, max_rounds: int,
                 reading: BoardReading | None = None) -> None:
        """``reading``: the board's reading the vectors share with an action table's mask
        (:attr:`millionaire.envcore.MaskLayout.reading`), so an environment compares the board once a decision."""
        self.board, self.rules, self.players, self.max_rounds = board, rules, players, max_rounds
        self.reading = reading if reading is not None else BoardReading()
        size, count = board.size, players
        self.elite = has_market(board)
        self.policy_kinds = sorted({p.kind for p in board.policies})
        parts = [("decision", len(KINDS)), ("mine", 1), ("decision_cell", size), ("options", size),
                 ("decision_money", 3), ("again", 1), ("trade_in", size), ("trade_out", size), ("trade_cash", 2),
                 ("position", count * size), ("cash", count), ("detained", count),
                 ("jail_turns", count), ("bankrupt", count), ("on_turn", count), ("kept_cards", count),
                 ("owner", count * size), ("level", size), ("mortgaged", size), ("round", 1), ("pots", 2)]
        if self.elite:
            parts += [("shares", count), ("share_price", 1), ("policies", count * len(self.policy_kinds)),
                      ("waiting", size)]
        self.slices: dict[str, slice] = {}
        start = 0
        for name, length in parts:
            self.slices[name] = slice(start, start + length)
            start += length
        self.size = start
        self.start = {name: piece.start for name, piece in self.slices.items()}
        self.kind_index = {kind: i for i, kind in enumerate(KINDS)}
        self.money = 1.0 / (rules.start_cash * MONEY_SCALE)
        self.top = rules.small_per_large + 1
        share_maximum = board.shares.maximum if self.elite and board.shares is not None else 0
        #: Each seat's kept vector (the environments' compiled core reads them too).
        self.writers = [ObservationWriter(np.zeros(self.size, dtype=np.float32), self.start, self.kind_index, size,
                                          players, self.money, max_rounds, rules.jail_max_turns, self.top,
                                          share_maximum, self.policy_kinds, self.elite, self.reading)
                        for _ in range(players)]

    def space(self) -> spaces.Box:
        return spaces.Box(0.0, 1.0, shape=(self.size,), dtype=np.float32)

    def observe(self, game: Game, me: int) -> np.ndarray:
        """The vector for seat ``me`` (a new array). Each seat's vector is kept between calls and only
        what changed is written (:class:`millionaire.envcore.ObservationWriter`)."""
        writer = self.writers[me]
        writer.look(game, me)
        return writer.array.copy()


def _check(board: str | Board, players: int, max_rounds: int, rules: RuleSet | None) -> tuple[Board, RuleSet]:
    """The board and rules of an environment, or an :class:`EnvError` saying what is wrong."""
    try:
        loaded = board if isinstance(board, Board) else load_board(board)
    except (MillionaireError, OSError, ValueError) as error:
        raise EnvError(f"board {board!r}: {error}") from None
    chosen = rules if rules is not None else RuleSet.for_board(loaded.key)
    if type(players) is not int or not chosen.min_players <= players <= chosen.max_players:
        raise EnvError(f"{loaded.key} is played by {chosen.min_players}..{chosen.max_players} players, got {players!r}")
    if type(max_rounds) is not int or max_rounds < 1:
        raise EnvError(f"max_rounds must be a whole number of rounds >= 1, got {max_rounds!r}")
    return loaded, chosen


def _check_illegal(on_illegal: str) -> str:
    if on_illegal not in ("penalty", "raise"):
        raise EnvError(f"on_illegal is 'penalty' or 'raise', got {on_illegal!r}")
    return on_illegal


def _refusal(table: ActionTable, index: Any, legal: list[int], game: Game) -> str:
    """Why ``index`` may not be played now, ``legal`` being the legal indices ("" when it may)."""
    if not isinstance(index, (int, np.integer)) or isinstance(index, bool) or not 0 <= index < table.size:
        return f"action {index!r} is not an index 0..{table.size - 1}"
    if int(index) not in legal:
        names = table.names()
        return (f"action {int(index)} ({names[int(index)]}) is not legal for {game.pending!r}; "
                f"legal now: {', '.join(names[i] for i in sorted(set(legal)))}")
    return ""


def _final_rewards(result: GameResult, seats: list[int]) -> dict[int, float]:
    """+1 for the winner, −1 for the others; 0 for everyone when the round limit stopped the game."""
    if result.stopped_by_limit:
        return {seat: 0.0 for seat in seats}
    return {seat: 1.0 if seat == result.winner else -1.0 for seat in seats}


class MillionaireAEC(AECEnv):
    """Every seat an agent (``player_0``...): see :func:`aec_env` and the module's notes.

    A step of a legal index while no reward is due and no agent is done is one call of the compiled
    :class:`millionaire.envcore.TurnCore`, and so is ``last()``; the rest is PettingZoo's own bookkeeping.
    """

    metadata = {"name": "millionaire_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, board: str | Board = "millionaire-classic", players: int = 2, max_rounds: int = 200,
                 rules: RuleSet | None = None, record_events: bool = False, on_illegal: str = "penalty",
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.board, self.rules = _check(board, players, max_rounds, rules)
        if render_mode not in (None, "ansi"):
            raise EnvError(f"render_mode is None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.players, self.max_rounds, self.record_events = players, max_rounds, record_events
        self.on_illegal = _check_illegal(on_illegal)
        self.table = ActionTable(self.board)
        self.observer = Observer(self.board, self.rules, players, max_rounds, self.table.layout.reading)
        self.observation_slices = dict(self.observer.slices)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.action_spaces = {agent: spaces.Discrete(self.table.size) for agent in self.possible_agents}
        self.observation_spaces = {agent: self.observer.space() for agent in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self._core = TurnCore(self.table.decoder, self.observer.writers, list(self.possible_agents))
        #: Each amount kind's (lowest, highest, price) in the pending decision (kept up to date by the core).
        self._ranges = self._core.ranges
        self.game: Game | None = None
        # A step and last() enter the compiled core straight from the caller (no Python frame between);
        # they are the methods below, to the same result.
        self._core.env = self
        self.step = self._core.env_step  # type: ignore[method-assign]
        self.last = self._core.env_last  # type: ignore[method-assign]

    def observation_space(self, agent: str) -> spaces.Box:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: seeded by ``seed``, or the next one of the last seed's stream."""
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(2**63))
        self.game = Game(self.board, self.rules, agents=[None] * self.players, seed=game_seed,
                         record_events=self.record_events)
        self.game.round_limit = self.max_rounds
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {}
        self._gone: set[int] = set()
        self._core.bind(self, self.game, self.rewards, self._cumulative_rewards, self.terminations,
                        self.truncations, self.infos)
        self._settle()

    def _settle(self) -> None:
        """After a move: masks, the agent to act, and the ends of seats and of the game."""
        game = self.game
        assert game is not None
        state = game.state
        for seat, player in enumerate(state.players):
            agent = self.possible_agents[seat]
            if player.bankrupt and seat not in self._gone and not state.finished:
                self._gone.add(seat)
                self.rewards[agent] = -1.0
                self.terminations[agent] = True
        self._core.bankrupt = sum(player.bankrupt for player in state.players)
        if state.finished:
            result = game.result()
            live = [seat for seat in range(self.players) if self.possible_agents[seat] in self.agents
                    and seat not in self._gone]
            for seat, reward in _final_rewards(result, live).items():
                agent = self.possible_agents[seat]
                self.rewards[agent] = reward
                if result.stopped_by_limit:
                    self.truncations[agent] = True
                else:
                    self.terminations[agent] = True
            self._core.clear()
            for agent in self.agents:
                self.infos[agent] = {"action_mask": np.zeros(self.table.size, dtype=np.int8), "result": result}
            self.agent_selection = self.agents[0]
        else:
            if len(self.infos) < len(self.agents):  # the first decision: every other agent's mask is all 0
                for agent in self.agents:
                    self.infos[agent] = {"action_mask": np.zeros(self.table.size, dtype=np.int8)}
            self._core.ask()
        self._accumulate_rewards()
        self._deads_step_first()
        self._calm()

    def _calm(self) -> None:
        """Tell the core whether the next step may be its own: no reward due, no agent done."""
        self._core.calm = not any(self.rewards.values()) and not any(
            self.terminations[agent] or self.truncations[agent] for agent in self.agents)

    def observe(self, agent: str) -> np.ndarray:
        assert self.game is not None, "reset() the environment first"
        return self._core.observe(self._core.seat_of[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the observation (a new array), the cumulative reward, terminated,
        truncated and the info of the agent to act."""
        return self._core.env_last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterator:
        """PettingZoo's ``agent_iter`` (the agent to act, until none is left or ``max_iter`` have come), compiled."""
        return AgentIterator(self, max_iter)

    def action_of(self, index: int) -> Action:
        """The engine action ``index`` stands for in the pending decision."""
        assert self.game is not None, "reset() the environment first"
        return self.table.action(int(index), self.game, self._core.ranges)

    def step(self, action: Any) -> None:
        """PettingZoo's ``step`` (the instance's ``step`` is the core's own, without this frame)."""
        self._core.env_step(action)

    def _finish_step(self, action: Any, played: int) -> None:
        """What is left of a step after the core's (``played``: :meth:`millionaire.envcore.TurnCore.step`)."""
        if played == 1:
            return
        if played == 2:
            self._settle()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self._calm()
            return
        game = self.game
        assert game is not None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        problem = _refusal(self.table, action, self._core.legal, game)
        if problem:
            if self.on_illegal == "raise":
                raise EnvError(problem)
            self.rewards[agent] = ILLEGAL_PENALTY
            self.infos[agent] = {"action_mask": self.infos[agent]["action_mask"], "illegal": problem}
            self._accumulate_rewards()
            self._calm()
            return
        self._core.play(int(action))
        self._settle()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return "\n".join(self.game.log(last=20)) if self.record_events else repr(self.game.pending)

    def close(self) -> None:
        self.game = None


class SingleSeatEnv(gymnasium.Env):
    """One seat against built-in bots: see :func:`single_seat_env` and the module's notes.

    A step of a legal index is one call of the compiled :class:`millionaire.envcore.SingleSeatCore`.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, board: str | Board = "millionaire-classic", opponents: Any = ("cautious",),
                 max_rounds: int = 200, rules: RuleSet | None = None, record_events: bool = False,
                 on_illegal: str = "penalty", render_mode: str | None = None) -> None:
        if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)) or not opponents:
            raise EnvError(f"opponents is a list of strategies such as ['cautious'], got {opponents!r}")
        from .agents import make_agent

        for spec in opponents:
            if spec is None or spec == "human":
                raise EnvError("an opponent is a bot: a strategy name or an agent object, not a human seat")
            make_agent(spec)  # a bad name is refused here, with the names the kit knows
        self.board, self.rules = _check(board, len(opponents) + 1, max_rounds, rules)
        if render_mode not in (None, "ansi"):
            raise EnvError(f"render_mode is None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.opponents = list(opponents)
        self.players, self.max_rounds, self.record_events = len(opponents) + 1, max_rounds, record_events
        self.on_illegal = _check_illegal(on_illegal)
        self.table = ActionTable(self.board)
        self.observer = Observer(self.board, self.rules, self.players, max_rounds, self.table.layout.reading)
        self.observation_slices = dict(self.observer.slices)
        self.action_space = spaces.Discrete(self.table.size)
        self.observation_space = self.observer.space()
        self._core = SingleSeatCore(self.table.decoder, self.observer.writers)
        #: Each amount kind's (lowest, highest, price) in the pending decision (kept up to date by the core).
        self._ranges = self._core.ranges
        self.game: Game | None = None
        self.seat = 0
        # A step enters the compiled core straight from the caller; it is the method below, to the same result.
        self._core.env = self
        self.step = self._core.env_step  # type: ignore[method-assign]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (the seat's place at the table by the seating lot); the first observation."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.game = Game(self.board, self.rules, agents=[None, *self.opponents], seed=game_seed,
                         record_events=self.record_events)
        self.game.round_limit = self.max_rounds
        self.seat = next(seat for seat, agent in enumerate(self.game.agents) if agent is None)
        return self._core.start(self.game, self.seat)

    def _over(self) -> bool:
        game = self.game
        assert game is not None
        return game.finished or game.state.players[self.seat].bankrupt

    def action_of(self, index: int) -> Action:
        """The engine action ``index`` stands for in the pending decision."""
        assert self.game is not None, "reset() the environment first"
        return self.table.action(int(index), self.game, self._core.ranges)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Gymnasium's ``step`` (the instance's ``step`` is the core's own, without this frame)."""
        return self._core.env_step(action)

    def _checked_step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """A step of anything but a legal ``int``: checked, refused or played."""
        game = self.game
        if game is None:
            raise EnvError("reset() the environment before its first step")
        if self._over():
            raise EnvError("the episode is over: reset() the environment")
        problem = _refusal(self.table, action, self._core.legal, game)
        if problem:
            if self.on_illegal == "raise":
                raise EnvError(problem)
            return self._core.observe(self.seat), ILLEGAL_PENALTY, False, False, {
                "action_mask": self._core.mask(), "seat": self.seat, "illegal": problem}
        played = self._core.step(int(action))  # a numpy integer
        assert played is not None
        return played

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return "\n".join(self.game.log(last=20)) if self.record_events else repr(self.game.pending)


def aec_env(board: str | Board = "millionaire-classic", players: int = 2, max_rounds: int = 200,
            **options: Any) -> MillionaireAEC:
    """A PettingZoo AEC environment: every seat of a game on ``board`` an agent; ``max_rounds`` truncates.

    ``options``: ``rules`` (a :class:`RuleSet`; the board's preset by default), ``record_events``
    (keep the game's log: off for speed), ``on_illegal`` (``"penalty"`` or ``"raise"``), ``render_mode``.
    """
    return MillionaireAEC(board, players, max_rounds, **options)


def single_seat_env(board: str | Board = "millionaire-classic", opponents: Any = ("cautious",),
                    max_rounds: int = 200, **options: Any) -> SingleSeatEnv:
    """A Gymnasium environment: one seat on ``board`` against ``opponents`` (strategy names or agents).

    The options are those of :func:`aec_env`.
    """
    return SingleSeatEnv(board, opponents, max_rounds, **options)


__all__ = ["ILLEGAL_PENALTY", "MONEY_SCALE", "ActionTable", "EnvError", "MillionaireAEC",
           "Observer", "SingleSeatEnv", "aec_env", "single_seat_env"]
