"""The game engine: it advances until a decision is needed, asks, and applies the answer.

The engine keeps a small work queue of steps (roll, land, pay, draw a card, auction, ...) in the
:class:`~millionaire.state.GameState`, so a game can stop at any decision, be saved as JSON and go
on exactly. Movement comes from :mod:`millionaire.movement`; the engine adds money and property.

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["cautious", "aggressive"], seed=7)
>>> result = game.run(max_rounds=50)
>>> result.rounds <= 51 and game.state.total_money == 2 * 2000 + 200
True
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr

from . import card_play, junior, movement, queries
from .actions import Action, Decision, Trade
from .board import Board, CellKind
from .card_play import OWED_EFFECTS
from .compiled import IN_USE, check_sealed, seal
from .decisions import HANDLERS, DecisionHandler
from .elite import Elite, elite_of
from .dice import DiceError, DiceSource, RandomDice
from .errors import IllegalActionError, MillionaireError, Refusal
from .events import BANK, BOX, FUND, Event, describe
from .jackpot import payout
from .mechanics import Mechanics, insured_step
from .notation import to_notation
from .rules import RuleSet
from .queries import kept_refusal as kept_refusal  # a name of this module before the queries had theirs
from .state import GameState, PlayerState, has_market, net_worth, new_market



DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria", "Egor", "Zoya", "Ilya")


# Per-cell tables that depend only on the board and the rules, shared by the games that use both.
_Tables = tuple[list[bool], list[tuple[int, int]], list[tuple[movement.Arrival, movement.Arrival]]]
_TABLES: dict[tuple[int, RuleSet], tuple[Board, _Tables]] = {}


def _tables(board: Board, rules: RuleSet) -> _Tables:
    """(ownable, (loan, redemption cost), (arrival by a card, by a roll)) for every cell."""
    key = (id(board), rules)
    cached = _TABLES.get(key)
    if cached is not None and cached[0] is board:
        return cached[1]
    tables: _Tables = (
        [cell.ownable for cell in board.cells],
        [(queries.mortgage_value(board, rules, c), queries.redemption_cost(board, rules, c)) for c in range(board.size)],
        [(movement.arrival(board, rules, c, False), movement.arrival(board, rules, c, True)) for c in range(board.size)],
    )
    if len(_TABLES) >= 32:
        _TABLES.clear()
    _TABLES[key] = (board, tables)
    return tables


def _renamed(old: str, new: str) -> None:
    """Warn that ``Game.old`` is ``Game.new`` now (the old names stay for one release)."""
    warnings.warn(f"Game.{old} is deprecated and will be removed in the next release: use Game.{new}, which "
                  "returns the same text (\"\" when the move is allowed)", DeprecationWarning, stacklevel=3)


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the winner's seat, rounds and turns played, net worth by seat, and why
    (``"last player standing"``, ``"timed game: the richest"`` or ``"round limit: the richest"``)."""

    winner: int
    rounds: int
    turns: int
    net_worth: tuple[int, ...]
    reason: str
    names: tuple[str, ...] = ()

    @property
    def stopped_by_limit(self) -> bool:
        """True when the round limit, not the rules, ended the game."""
        return self.reason.startswith("round limit")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, and open to subclasses written in notebooks
class Game:
    """A game of Millionaire Classic or Monopoly.

    Parameters
    ----------
    board
        A :class:`~millionaire.board.Board` (``load_board("millionaire-classic")``).
    rules
        A :class:`~millionaire.rules.RuleSet`; the board's preset when omitted.
    agents
        One per player: an agent object (see :mod:`millionaire.agents`), a strategy name
        (``"cautious"``, ``"aggressive"``, ``"monopolist"``, ``"random"``) or ``None`` for a human
        whose decisions the caller answers with :meth:`apply`.
    seed
        Seeds the dice, the decks and the seating; the same seed and answers give the same game.
    names
        Player names (default Anna, Boris, ...).
    record_events
        Keep the event log (on by default; simulations turn it off for speed).

    The game stops at each decision: ``game.pending`` says which, for whom, with
    ``legal_actions()``; :meth:`apply` takes one answer and advances to the next decision.
    """

    # The board's costs under the rules (Game.costs), made on first use, and the rules they were made for.
    _costs: queries.Costs | None = None
    _costs_rules: RuleSet | None = None

    def __init__(
        self,
        board: Board,
        rules: RuleSet | None = None,
        agents: Sequence[Any] = ("cautious", "cautious"),
        seed: int | None = None,
        names: Sequence[str] | None = None,
        record_events: bool = True,
        state: GameState | None = None,
        dice: DiceSource | None = None,
    ) -> None:
        from .agents import make_agent

        if _SEALED and type(self) is Game:
            check_sealed(Game, _SEALED)
        self.board = board
        self.rules = rules if rules is not None else (state.rules if state else RuleSet.for_board(board.key))
        if self.rules.small_per_large + 2 != board.levels:
            raise MillionaireError(
                f"RuleSet.small_per_large is {self.rules.small_per_large} but board {board.key!r} has "
                f"{board.small_per_large} small buildings per large one"
            )
        count = len(agents)
        if not self.rules.min_players <= count <= self.rules.max_players:
            raise MillionaireError(f"a game needs {self.rules.min_players}..{self.rules.max_players} players, got {count}")
        seeds = np.random.SeedSequence(seed)
        dice_seed, agent_seed = seeds.spawn(2)
        self.agents = [make_agent(a, seed=agent_seed.spawn(1)[0]) for a in agents]
        self._events: list[Event] = []
        self._recorded: list[tuple[Any, ...]] = []  # events as plain tuples, made Events when read
        self.record_events = record_events
        self.actions: list[tuple[int, Action]] = []
        self.round_limit: int | None = None
        self._rng = np.random.Generator(np.random.PCG64(dice_seed))
        #: Where the dice come from (the seeded generator, once it has seated the players and shuffled the decks).
        self.dice: DiceSource = dice if dice is not None else RandomDice(self._rng)
        # The generator's dice asked directly (compiled, a native call). One attribute, not two: the
        # Python engine slowed by 4% per turn with a thirtieth (CPython's shared instance keys end there).
        self._random: RandomDice | None = self.dice if isinstance(self.dice, RandomDice) else None
        if state is not None:
            if len(state.players) != count:
                raise MillionaireError(f"the state has {len(state.players)} players but {count} agents were given")
            self.state = state
            self.dice.resume(state.dice)
        else:
            self.state = self._new_state(list(names) if names else list(DEFAULT_NAMES[:count]))
        self._ownable, self._loans, self._arrivals = _tables(board, self.rules)
        # Options read in the hot loop, kept as plain attributes (compiled: no lookup on the RuleSet).
        self._between_turns: bool = self.rules.build_between_turns
        self._building_auctions: bool = self.rules.building_auctions
        self._one_die: bool = self.rules.dice == 1
        self._purchase_limits: bool = self.rules.unaffordable_to_start or self.rules.kiosks_per_player is not None
        self._auction_unbought: bool = self.rules.auction_unbought
        self._attractions: bool = any(cell.kind is CellKind.ATTRACTION for cell in board.cells)
        self._tax_first: bool = self.rules.holding_tax_first
        self._keep_owed: bool = self.rules.keep_until_possible
        self._handlers: dict[str, DecisionHandler] = HANDLERS  # each decision kind's (a native attribute: no global to look up)
        #: The edition's own mechanics, called at the engine's hooks (Millionaire Elite's market,
        #: insurance and Auction cell; nothing of their own for the other boards).
        self.mechanics: Mechanics = Elite(board, self.rules) if has_market(board) else Mechanics()
        self.advance()

    # ------------------------------------------------------------------ setup and state
    def _new_state(self, names: list[str]) -> GameState:
        board, rules = self.board, self.rules
        if len(names) != len(self.agents):
            raise MillionaireError(f"{len(names)} names given for {len(self.agents)} players")
        order = list(range(len(names)))
        if rules.shuffle_seats:
            order = [int(i) for i in self._rng.permutation(len(names))]
        self.agents = [self.agents[i] for i in order]
        players = [PlayerState(name=names[i], cash=rules.start_cash) for i in order]
        decks = {key: [int(i) for i in self._rng.permutation(len(deck.cards))] for key, deck in board.decks.items()}
        size = board.size
        return GameState(
            board_key=board.key, rules=rules, players=players, owner=[-1] * size, level=[0] * size,
            mortgaged=[False] * size, charity_fund=rules.charity_start, jackpot_box=rules.jackpot_start,
            decks=decks, dice=self.dice.start(),
            market=new_market(board, len(names)),
        )

    @classmethod
    def from_state(cls, board: Board, state: GameState, agents: Sequence[Any], record_events: bool = True,
                   dice: DiceSource | None = None) -> Game:
        """Carry on a saved game with these agents (one per seat, in seat order), and its scripted ``dice`` if it had them."""
        return cls(board, state.rules, agents, state=state, record_events=record_events, dice=dice)

    @property
    def names(self) -> list[str]:
        """Player names by seat."""
        return [p.name for p in self.state.players]

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` when it is over."""
        data = self.state.pending
        return None if data is None else Decision(self, data)

    @property
    def finished(self) -> bool:
        return self.state.finished

    def text(self, event: Event, lang: str = "en") -> str:
        """An event as a sentence."""
        return describe(event, self.board, self.names, lang)

    def log(self, lang: str = "en", last: int | None = None) -> list[str]:
        """The event log as sentences (the ``last`` few, or all)."""
        events = self.events if last is None else self.events[-last:]
        return [self.text(e, lang) for e in events]

    @property
    def events(self) -> list[Event]:
        """The event log, oldest first. Recording keeps each event as a plain tuple; it becomes an
        :class:`Event` here, when the log is first read, so a game that never reads it pays little."""
        if self._recorded:
            self._events.extend([Event(*fields) for fields in self._recorded])
            self._recorded.clear()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._recorded.clear()
        self._events = events

    def _event(self, *fields: Any) -> None:
        """Record an event given as :class:`Event`'s fields (kind, player, cell, amount, other, detail)."""
        if self.record_events:
            self._recorded.append(fields)

    # ------------------------------------------------------------------ dice
    def _die(self) -> int:
        dice = self.state.dice
        buffer = dice.get("buffer")  # dice set to come first (a save of an earlier version, a test)
        if buffer:
            return int(buffer.pop())
        random = self._random
        return random.die(dice) if random is not None else self.dice.die(dice)

    def _two_dice(self) -> tuple[int, int]:
        dice = self.state.dice
        random = self._random
        if random is None or dice.get("buffer"):
            return self._die(), self._die()
        return random.die(dice), random.die(dice)

    # ------------------------------------------------------------------ the main loop
    def advance(self) -> Decision | None:
        """Run the rules until a decision is needed or the game ends; return the decision."""
        self._advance()
        return self.pending

    def _advance(self) -> None:
        state = self.state
        tasks = state.tasks
        while state.pending is None and not state.finished:
            if tasks:
                self._run_task(tasks.pop())
            else:
                self._t_turn()

    def _run_task(self, task: list[Any]) -> None:
        """One step of the work queue: ``[name, *arguments]`` (a :class:`~millionaire.kinds.TaskKind`, with the arguments of ``kinds.TASKS``)."""
        name: str = task[0]
        if name == "after_roll":  # the most frequent first
            self._t_after_roll(task[1])
        elif name == "roll":
            self._t_roll()
        elif name == "endturn":
            self._t_endturn()
        elif name == "land":
            self._t_land(task[1], task[2], task[3], task[4], task[5])
        elif name == "pay":
            self._t_pay(task[1], task[2], task[3], task[4])
        elif name == "draw":
            card_play.draw(self, task[1])
        elif name == "auction":
            self._t_auction(task[1], task[2])
        elif name == "jailroll":
            self._t_jailroll()
        elif name == "release":
            self._t_release(task[1], task[2])
        elif name == "choose":
            card_play.choose_step(self, task[1], task[2], task[3] if len(task) > 3 else None)
        elif name == "turn":
            self._t_turn()
        elif name == "window":
            self._t_window(task[1])
        elif name == "arrive":
            self._t_arrive(task[1], task[2], task[3], task[4])
        elif name == "insured":
            elite_of(self).insured_task(self, task[1], task[2], task[3], task[4], task[5], task[6])
        else:  # pragma: no cover - saves are validated against kinds.TASKS
            raise AssertionError(f"unknown task {task!r}")

    def apply(self, action: Action) -> Decision | None:
        """Take one answer to the pending decision, then advance to the next decision.

        Raises :class:`IllegalActionError` (naming the action and the decision) for anything the
        decision does not allow; the state is then exactly as it was.
        """
        state = self.state
        if state.finished:
            raise IllegalActionError(f"illegal action {action!r}: the game is over", Refusal("game_over"),
                                     to_notation(state))
        if not isinstance(action, Action):
            raise IllegalActionError(f"illegal action {action!r}: not an Action (build one with Action.roll(), ...)",
                                     Refusal("not_an_action"), to_notation(state))
        data = state.pending
        problem = self._problem(data, action)
        if problem or data is None:
            raise IllegalActionError(f"illegal action {action!r} for {self.pending!r}: {problem}", problem,
                                     to_notation(state))
        if self._random is None and not self.dice.endless:  # scripted dice may run out: the move is undone
            return self._apply_undoable(data, action)
        self.actions.append((data["player"], action))
        self._execute(data, action)
        return self.advance()

    def _apply_undoable(self, data: dict[str, Any], action: Action) -> Decision | None:
        """:meth:`apply` for dice that can run out (``ScriptedDice``): used up, the game goes back to
        where it was and the DiceError says so."""
        snapshot = self.snapshot()
        try:
            self.actions.append((data["player"], action))
            self._execute(data, action)
            return self.advance()
        except DiceError:
            self.restore(snapshot)
            raise

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action`` now."""
        return not self.state.finished and isinstance(action, Action) and not self._problem(self.state.pending, action)

    def run(self, max_rounds: int | None = None, each_round: Any = None) -> GameResult:
        """Play to the end with the agents; stop after ``max_rounds`` rounds (the richest wins then).

        Every answer is checked as :meth:`apply` checks it, except those of agents marked
        ``trusted`` (the built-in strategies, whose answers come from the engine's own checks and
        are tested through :meth:`apply` by the property tests): the fast path for simulations.
        ``each_round``, a function of the game, is called at every round boundary the game goes
        on past (a new round begun, nothing of it played), to watch a game without stopping it.

        >>> from millionaire import load_board
        >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1, record_events=False)
        >>> begun = []
        >>> game.run(max_rounds=3, each_round=lambda g: begun.append(g.state.round)).rounds, begun
        (3, [2, 3])
        """
        if _SEALED and type(self) is Game:
            check_sealed(Game, _SEALED)
        self.round_limit = max_rounds
        state = self.state
        agents = self.agents
        humans = [agent is None or getattr(agent, "human", False) for agent in agents]
        # Trusted agents answer the decision's data directly (no Decision wrapper, no re-check).
        answers = [agent.answer if getattr(agent, "trusted", False) else None for agent in agents]
        problem = self._problem
        begun = state.round
        while not state.finished:
            if each_round is not None and state.round != begun:
                begun = state.round
                each_round(self)
            data = state.pending
            if data is None:  # a round limit set after the game had stopped at a turn boundary
                self.advance()
                continue
            seat = data["player"]
            if humans[seat]:
                raise MillionaireError(f"player {seat} ({self.names[seat]}) is human: answer with game.apply()")
            answer = answers[seat]
            if answer is not None:
                action = answer(self, data)
            else:
                action = agents[seat].choose(self, Decision(self, data))
                if type(action) is not Action or problem(data, action):
                    self.apply(action)  # raises IllegalActionError with the whole story
            self.actions.append((seat, action))
            self._execute(data, action)
            self._advance()
        return self.result()

    def play_bots(self, until_round: int | None = None, stand_in: Any = None,
                  until_turn: int | None = None) -> Decision | None:
        """Let the bots answer until a human (agent ``None``) must decide or the game ends.

        With ``until_round``, stop as well when that round is over; with ``until_turn``, once the game
        has played that many turns (a turn at a time, for an undo of each); with a ``stand_in``
        agent, human seats are answered by it too (auto-play).

        >>> from millionaire import load_board
        >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 3, seed=2)
        >>> _ = game.play_bots(until_turn=1)
        >>> game.state.turns, game.state.current
        (1, 1)
        """
        state = self.state
        while not state.finished:
            if until_round is not None and state.round > until_round:
                break
            if until_turn is not None and state.turns >= until_turn:
                break
            data = state.pending
            if data is None:
                break
            agent = self.agents[data["player"]]
            if agent is None or getattr(agent, "human", False):
                if stand_in is None:
                    break
                agent = stand_in
            self.apply(agent.choose(self, Decision(self, data)))
        return self.pending

    def snapshot(self) -> tuple[GameState, int, int]:
        """A copy of the game so far, for :meth:`restore` (undo)."""
        return self.state.copy(), len(self.events), len(self.actions)

    def restore(self, snapshot: tuple[GameState, int, int]) -> None:
        """Go back to a :meth:`snapshot`: the state, the dice to come, the event log and the actions."""
        state, events, actions = snapshot
        self.state = state.copy()
        del self.events[events:]
        del self.actions[actions:]

    def end_now(self) -> GameResult:
        """End the game at once as a timed game: the richest player by net worth wins, the rules' own
        timed ending (as ``RuleSet.timed_rounds`` ends it at a round), for a lesson out of time.

        >>> from millionaire import load_board
        >>> game = Game(load_board("millionaire-classic"), agents=["cautious"] * 2, seed=1)
        >>> _ = game.play_bots(until_round=3)
        >>> game.end_now().reason, game.finished
        ('timed game: the richest', True)
        """
        if self.state.finished:
            raise IllegalActionError("cannot end the game now: it is over", Refusal("game_over"), to_notation(self.state))
        self._finish(self._richest(), "timed game: the richest")
        return self.result()

    def result(self) -> GameResult:
        """The result so far (final once the game is over)."""
        state = self.state
        at_boundary = state.reason.startswith(("round limit", "timed"))
        return GameResult(
            winner=state.winner, rounds=state.round - 1 if at_boundary else state.round, turns=state.turns,
            net_worth=tuple(self.net_worth(i) for i in range(len(state.players))), reason=state.reason,
            names=tuple(self.names),
        )

    # ------------------------------------------------------------------ queries (the rules' answers: millionaire.queries)
    def net_worth(self, seat: int) -> int:
        """Cash, plus properties at price (mortgaged: less the loan), plus buildings at what they cost."""
        return net_worth(self.state, self.board, seat)

    def owned(self, seat: int) -> list[int]:
        """Cells owned by ``seat``."""
        return queries.owned(self.board, self.state, seat)

    def complete_industries(self, seat: int) -> tuple[int, ...]:
        """Industries ``seat`` holds whole and unmortgaged."""
        return queries.complete_industries(self.board, self.state, seat)

    def industry_complete(self, industry: int, seat: int | None = None) -> bool:
        """One owner (``seat`` if given) has every plot of the industry and none is mortgaged."""
        return queries.industry_complete(self.board, self.state, industry, seat)

    def industry_built(self, cell: int) -> bool:
        """True when some plot of this cell's industry has a building."""
        return queries.industry_built(self.board, self.state, cell)

    def building_locks(self, cell: int) -> bool:
        """True when buildings keep ``cell`` from being mortgaged, traded or lost to a card (:func:`~millionaire.queries.building_locks`)."""
        return queries.building_locks(self.board, self.rules, self.state, cell)

    def supply(self) -> tuple[int | None, int | None]:
        """Small and large buildings left in the bank (``None``: unlimited)."""
        return queries.bank_supply(self.costs().bank, self.state.level)

    def costs(self) -> queries.Costs:
        """The board's building and loan figures under the game's rules, as integers
        (:class:`~millionaire.queries.Costs`), worked out once for the rules in force.

        >>> from millionaire import load_board
        >>> game = Game(load_board("monopoly-us"), agents=["cautious"] * 2, seed=1)
        >>> game.costs().sale[1], game.costs() is game.costs()
        (25, True)
        """
        costs = self._costs
        if costs is None or self._costs_rules is not self.rules or costs.board is not self.board:
            costs = self._costs = queries.costs_of(self.board, self.rules)
            self._costs_rules = self.rules
        return costs

    def rent(self, cell: int, dice_total: int | None = None, multiplier: int = 1, dice_multiplier: int = 0) -> int:
        """Rent owed for landing on ``cell`` as things stand (0 if unowned or mortgaged)."""
        return queries.rent(self.board, self.rules, self.state, cell, dice_total, multiplier, dice_multiplier)

    def liquidation_value(self, seat: int) -> int:
        """Cash plus everything selling every building and mortgaging every property would raise (and,
        in Elite under ``RuleSet.shares_pay_debts``, selling every share at the market price)."""
        return queries.liquidation_value(self.board, self.rules, self.state, seat, self.costs())

    def mortgage_value(self, cell: int) -> int:
        """What the bank lends on ``cell``."""
        return self._loans[cell][0]

    def redemption_cost(self, cell: int) -> int:
        """What redeeming ``cell`` costs: the loan plus the fee."""
        return self._loans[cell][1]

    def build_price(self, cell: int) -> int:
        """Price of one building on ``cell``'s industry."""
        return queries.build_price(self.board, cell)

    def build_problem(self, seat: int, cell: int, free: bool = False) -> str:
        """Why ``seat`` cannot build on ``cell`` now, in words; ``""`` when it can (``free``: a card
        pays for the building)."""
        return queries.build_problem(self.board, self.rules, self.state, seat, cell, free, self.costs())

    def sell_problem(self, seat: int, cell: int) -> str:
        """Why ``seat`` cannot sell a building of ``cell`` now, in words; ``""`` when it can."""
        return queries.sell_problem(self.board, self.state, seat, cell)

    def mortgage_problem(self, seat: int, cell: int) -> str:
        """Why ``seat`` cannot mortgage ``cell`` now, in words; ``""`` when it can."""
        return queries.mortgage_problem(self.board, self.rules, self.state, seat, cell, self._loans[cell][0])

    def redeem_problem(self, seat: int, cell: int) -> str:
        """Why ``seat`` cannot redeem ``cell`` now, in words; ``""`` when it can."""
        return queries.redeem_problem(self.board, self.rules, self.state, seat, cell, self._loans[cell][1])

    def can_build(self, seat: int, cell: int, free: bool = False) -> str:
        """Deprecated: the old name of :meth:`build_problem` (it returns ``""`` when building is allowed)."""
        _renamed("can_build", "build_problem")
        return self.build_problem(seat, cell, free)

    def can_sell(self, seat: int, cell: int) -> str:
        """Deprecated: the old name of :meth:`sell_problem`."""
        _renamed("can_sell", "sell_problem")
        return self.sell_problem(seat, cell)

    def can_mortgage(self, seat: int, cell: int) -> str:
        """Deprecated: the old name of :meth:`mortgage_problem`."""
        _renamed("can_mortgage", "mortgage_problem")
        return self.mortgage_problem(seat, cell)

    def can_redeem(self, seat: int, cell: int) -> str:
        """Deprecated: the old name of :meth:`redeem_problem`."""
        _renamed("can_redeem", "redeem_problem")
        return self.redeem_problem(seat, cell)

    def tradeable(self, cell: int, seat: int, mortgaged_ok: bool = False) -> bool:
        """A property ``seat`` may trade or lose to a card: his, not locked by a building, and
        unmortgaged unless ``mortgaged_ok`` (trades under ``RuleSet.trade_mortgaged``)."""
        return queries.tradeable(self.board, self.rules, self.state, cell, seat, mortgaged_ok)

    def mortgage_transfer_fee(self, cell: int) -> int:
        """What receiving ``cell`` mortgaged costs at once (``RuleSet.transfer_mortgage_fee`` of its price)."""
        return queries.mortgage_transfer_fee(self.board, self.rules, cell)

    def card_options(self, seat: int, effect: str) -> list[int]:
        """The cells a card with ``effect`` may be used on by ``seat`` now (:func:`~millionaire.queries.card_options`)."""
        return queries.card_options(self.board, self.rules, self.state, seat, effect)

    def trade_problem(self, seat: int, trade: Trade) -> str:
        """Why ``seat`` may not offer ``trade`` ("" when the offer is valid)."""
        return queries.trade_problem(self.board, self.rules, self.state, seat, trade)

    def kiosks_left(self, seat: int) -> int:
        """Kiosks ``seat`` still has to put on a property (``RuleSet.kiosks_per_player``; no limit: a large number).

        >>> from millionaire import Game, load_board
        >>> Game(load_board("millionaire-junior"), agents=["cautious"] * 2, seed=1).kiosks_left(0)
        14
        """
        return queries.kiosks_left(self.board, self.rules, self.state, seat)

    def share_problem(self, seat: int, what: str, count: int) -> str:
        """Why ``seat`` may not buy (``"buy_shares"``) or sell ``count`` shares now ("" when he may)."""
        return queries.share_problem(self.state, seat, what, count)

    def policy_problem(self, seat: int, number: int) -> str:
        """Why ``seat`` may not buy policy ``number`` (1, 2, ... of the board's list) now ("" when he may)."""
        return queries.policy_problem(self.board, self.state, seat, number)

    def lot_options(self, seat: int) -> list[int]:
        """The plots waiting on the Auction cell that ``seat`` can pay for, in board order."""
        return queries.lot_options(self.board, self.state, seat)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the pending decision accepts (amounts: lowest and highest)."""
        data = self.state.pending
        if data is None:
            return []
        return self._handlers[data["kind"]].legal(self, data["player"], data)

    def _raising_actions(self, seat: int) -> list[Action]:
        """The ways to raise cash now: sell a building, mortgage a property."""
        actions = [Action.sell(c) for c in self.board.plots if not self.sell_problem(seat, c)]
        return actions + [Action.mortgage(c) for c in self.board.ownable if not self.mortgage_problem(seat, c)]

    def _window_actions(self, seat: int, redeem: bool) -> list[Action]:
        board = self.board
        actions = [Action.build(c) for c in board.plots if not self.build_problem(seat, c)]
        actions += self._raising_actions(seat)
        if redeem:
            actions += [Action.redeem(c) for c in board.ownable if not self.redeem_problem(seat, c)]
        for card in self.state.players[seat].cards:
            effect = board.decks[card[0]].cards[card[1]].effect
            if effect not in OWED_EFFECTS:  # those are carried out at the start of a turn, unasked
                actions += [Action.use_card(tuple(card), c) for c in self.card_options(seat, effect)]
        return actions

    def _debt_offer(self, data: dict[str, Any], action: Action) -> bool:
        """A trade offered to the creditor while raising money for him (``RuleSet.debt_in_property``)."""
        return (action.kind == "offer" and self.rules.debt_in_property and data["payee"] >= 0
                and action.trade is not None and action.trade.partner == data["payee"])

    def _problem(self, data: dict[str, Any] | None, action: Action) -> str:
        """Why ``action`` is not legal for the decision ``data`` ("" when it is)."""
        if data is None:
            return Refusal("no_decision")
        malformed = action.malformed()  # first: the fields below are read as the numbers they must be
        if malformed:
            return malformed
        state, rules = self.state, self.rules
        seat, kind, what = data["player"], data["kind"], action.kind
        player = state.players[seat]
        window = kind in ("roll", "manage")
        if what in ("build", "sell", "mortgage", "redeem", "offer") or (what == "use_card" and action.cell >= 0):
            if not (window or (kind == "raise" and (what in ("sell", "mortgage") or self._debt_offer(data, action)))):
                return Refusal("not_allowed", what=what, kind=kind)
            cell = action.cell
            if what != "offer" and what != "use_card" and not (isinstance(cell, int) and 0 <= cell < self.board.size):
                return Refusal("off_board", cell=cell)
            if what == "build":
                return self.build_problem(seat, cell)
            if what == "sell":
                return self.sell_problem(seat, cell)
            if what == "mortgage":
                return self.mortgage_problem(seat, cell)
            if what == "redeem":
                if kind != "roll" and not rules.redeem_any_time:
                    return Refusal("redeem_before_roll")
                return self.redeem_problem(seat, cell)
            if what == "offer":
                if data.get("offers", 0) >= rules.trade_offers_per_turn:
                    return Refusal("offers_per_turn", most=rules.trade_offers_per_turn)
                return self.trade_problem(seat, action.trade)  # type: ignore[arg-type]
            card: list[Any] = list(action.card or ())
            if card not in player.cards:
                return Refusal("card_not_held", card=action.card)
            effect = self.board.decks[card[0]].cards[card[1]].effect
            if effect in OWED_EFFECTS:
                return Refusal("card_kept_for_later", card=action.card)
            if cell not in self.card_options(seat, effect):
                return Refusal("card_not_here", card=action.card, cell=cell)
            return ""
        handler = self._handlers[kind]
        if what not in handler.answers:
            return Refusal("not_an_answer", what=what, kind=kind)
        return handler.answer_problem(self, seat, player, what, data, action)

    # ------------------------------------------------------------------ applying answers
    def _execute(self, data: dict[str, Any], action: Action) -> None:
        state = self.state
        seat: int = data["player"]
        kind: str = data["kind"]
        what = action.kind
        if what in ("build", "sell", "mortgage", "redeem"):
            if what == "build":
                if self._building_auctions and self._building_auction(seat, action.cell, data):
                    return
                self._build(seat, action.cell)
            elif what == "sell":
                self._sell(seat, action.cell)
            elif what == "mortgage":
                self._mortgage(seat, action.cell)
            else:
                self._redeem(seat, action.cell)
            if kind == "raise" and state.players[seat].cash >= data["amount"]:
                state.pending = None  # the debt can be paid: the pay step is retried
            return
        if what == "use_card" and action.cell >= 0:
            card_play.use_kept_card(self, seat, list(action.card), action.cell)  # type: ignore[arg-type]
            return
        if what == "offer":
            data["offers"] = data.get("offers", 0) + 1
            trade = action.trade
            state.pending = {"kind": "trade_reply", "player": trade.partner, "trade": trade.to_list(),  # type: ignore[union-attr]
                             "from": seat, "resume": data}
            return
        self._handlers[kind].answer(self, seat, what, data, action)

    # ------------------------------------------------------------------ money
    def _transfer(self, payer: int, payee: int, amount: int, reason: str, event: tuple[Any, ...] = ()) -> None:
        """Move money between seats and pots (the ledger stays balanced); log the event with the fields
        ``event`` (made only when events are recorded) or, without them, a payment."""
        if amount <= 0 or payer == payee:
            return
        self._add_money(payer, -amount)
        self._add_money(payee, amount)
        if self.record_events:
            self._recorded.append(event if event else ("pay", payer, -1, amount, payee, reason))

    def _add_money(self, holder: int, amount: int) -> None:
        """Add ``amount`` (negative: take it) to a seat's cash or to a pot."""
        state = self.state
        if holder >= 0:
            state.players[holder].cash += amount
        elif holder == BANK:
            state.bank_balance += amount
        elif holder == FUND:
            state.charity_fund += amount
        else:
            state.jackpot_box += amount

    def _t_pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        state = self.state
        if payer >= 0 and state.players[payer].bankrupt:
            return
        if payee >= 0 and state.players[payee].bankrupt:
            return
        if payer < 0 or state.players[payer].cash >= amount:
            self._transfer(payer, payee, amount, reason)
            return
        if self.liquidation_value(payer) >= amount:
            state.tasks.append(["pay", payer, payee, amount, reason])
            state.pending = {"kind": "raise", "player": payer, "amount": amount, "payee": payee}
            return
        self._bankrupt(payer, payee, amount, reason)

    # ------------------------------------------------------------------ a turn
    def _t_turn(self) -> None:
        state = self.state
        if self.round_limit is not None and state.round > self.round_limit:
            self._finish(self._richest(), "round limit: the richest")
            return
        state.doubles = 0
        if self._keep_owed and state.players[state.current].cards and self._owed_card(state.current):
            return  # a kept card is carried out first; the turn starts again after it
        state.pending = {"kind": "roll", "player": state.current}

    def _owed_card(self, seat: int) -> bool:
        """Carry out the first card ``seat`` keeps until it can be (``RuleSet.keep_until_possible``) that
        now can: it goes under its deck and its choice is asked, then the turn starts. False if none."""
        board = self.board
        for card in self.state.players[seat].cards:
            effect = board.decks[card[0]].cards[card[1]].effect
            if effect in OWED_EFFECTS and self.card_options(seat, effect):
                self._return_card(seat, card)
                self._event("kept_card_due", seat, -1, 0, -1, f"{card[0]}:{card[1]}")
                self.state.tasks.append(["turn"])
                self.state.tasks.append(["choose", effect, None])
                return True
        return False

    def _roll_dice(self, seat: int) -> tuple[int, int]:
        """Roll the rules' dice; one die comes back as ``(die, 0)`` (``RuleSet.dice``)."""
        if self._one_die:
            first, second = self._die(), 0
        else:
            first, second = self._two_dice()
        self.state.last_roll = first + second
        if self.record_events:
            self._recorded.append(("roll", seat, -1, first + second, -1, f"{first}+{second}" if second else str(first)))
        return first, second

    def _t_roll(self) -> None:
        state = self.state
        seat = state.current
        player = state.players[seat]
        first, second = self._roll_dice(seat)
        move = movement.roll_move(self.board, self.rules, player.position, state.doubles, first, second)
        state.doubles = move.doubles
        if move.to_jail:
            self._detain(seat)
            state.tasks.append(["after_roll", False])
            return
        income = movement.income_due(self.rules, move.passed_start, move.destination, True, False)
        state.tasks.append(["after_roll", first == second])
        self._t_land(move.destination, income, "roll", 1, 0)  # at once: it is the next task anyway

    def _t_jailroll(self) -> None:
        state = self.state
        seat = state.current
        player = state.players[seat]
        first, second = self._roll_dice(seat)
        result = movement.jail_roll(self.rules, player.jail_turns, first, second)
        tasks = state.tasks
        tasks.append(["after_roll", False])
        if result.outcome == "stay":
            player.jail_turns += 1
            self._event("wait", seat, self.board.jail)
            return
        destination, passed = movement.step(self.board, player.position, result.steps)
        tasks.append(["land", destination, movement.income_due(self.rules, passed, destination, True, False), "roll", 1, 0])
        if result.outcome == "free":
            self._release(seat, "rolled a double")
        else:
            tasks.append(["release", seat, "paid the fine"])
            if self.mechanics.fine_covered and self.mechanics.asks_claim(self, seat, "tax", self.rules.jail_fine > 0):
                tasks.append(insured_step(seat, "tax", self.rules.jail_fine, BANK, "jail"))
                return
            fine = self._fine(seat)
            if fine:
                tasks.append(["pay", seat, BANK, fine, "jail"])

    def _fine(self, seat: int) -> int:
        """The fine for leaving detention that ``seat`` pays himself: all of it, or (Elite, under
        ``RuleSet.tax_policy_covers_fine``) what his tax policy does not cover."""
        fine = self.rules.jail_fine
        return self.mechanics.claim(self, seat, "tax", fine, BANK) if self.mechanics.fine_covered else fine

    def _t_release(self, seat: int, how: str) -> None:
        self._release(seat, how)

    def _release(self, seat: int, how: str) -> None:
        player = self.state.players[seat]
        player.detained = False
        player.jail_turns = 0
        self._event("release", seat, player.position, 0, -1, how)

    def _detain(self, seat: int) -> None:
        player = self.state.players[seat]
        player.position = self.board.jail
        player.detained = True
        player.jail_turns = 0
        self._event("detain", seat, self.board.jail)

    def _t_after_roll(self, again: bool) -> None:
        state = self.state
        seat = state.current
        player = state.players[seat]
        if player.bankrupt:
            state.tasks.append(["endturn"])
            return
        state.pending = {"kind": "manage", "player": seat, "again": bool(again and not player.detained)}

    def _t_endturn(self) -> None:
        state = self.state
        state.turns += 1
        state.pending = None
        seat = state.current
        if state.extra_turn and not state.players[seat].bankrupt:
            state.extra_turn = False
            if not state.tasks:
                self._t_turn()
            return
        state.extra_turn = False
        count = len(state.players)
        nxt = (seat + 1) % count
        while state.players[nxt].bankrupt:
            nxt = (nxt + 1) % count
        if nxt <= seat:
            state.round += 1
            if self.rules.timed_rounds is not None and state.round > self.rules.timed_rounds:
                self._finish(self._richest(), "timed game: the richest")
                return
        state.current = nxt
        if self._between_turns:
            # A window for each other player who could build now, in seat order from the next one,
            # before the next turn starts (each is checked again when its turn comes).
            builders = self._builders(-1)
            for offset in range(count - 1, 0, -1):
                other = (seat + offset) % count
                if builders[other]:
                    state.tasks.append(["window", other])
        if not state.tasks:
            self._t_turn()  # the next player's turn starts at once

    def _t_window(self, seat: int) -> None:
        """Open a window between turns for ``seat`` if he still could build (an earlier window may
        have taken the last buildings)."""
        if self._builders(seat)[seat]:
            self.state.pending = {"kind": "manage", "player": seat, "again": False, "between": True}

    def _builders(self, only: int) -> list[bool]:
        """For each seat (or only for seat ``only``; -1: all), could he build somewhere now: a whole
        unmortgaged industry, the cash and a building left in the bank? One pass over the industries,
        the bank's buildings counted once (the checks of :meth:`build_problem`, with no words made)."""
        state, board = self.state, self.board
        owner, mortgaged, level, players = state.owner, state.mortgaged, state.level, state.players
        costs = self.costs()
        bank, built_on = costs.bank, costs.built_on
        top, limited = bank.top, bank.small_limited or bank.large_limited
        left: tuple[int, int] | None = None
        could = [False] * len(players)
        for industry in board.industries:
            cells = industry.cells
            seat = owner[cells[0]]
            if seat < 0 or (only >= 0 and seat != only) or could[seat] or players[seat].cash < industry.build_price:
                continue
            # The test of queries.industry_owner written out (see complete_industries), finding on the
            # way a lowest plot: building is even, so only a lowest plot can take the next building.
            lowest = cells[0]
            for cell in cells:
                if owner[cell] != seat or mortgaged[cell]:
                    break
                if level[cell] < level[lowest]:
                    lowest = cell
            else:
                if level[lowest] >= top or not built_on[industry.index]:
                    continue
                if limited:
                    if left is None:
                        left = queries.bank_left(bank, level)
                    if queries.bank_refuses(bank, left, level[lowest]):
                        continue
                could[seat] = True
        return could

    # ------------------------------------------------------------------ arriving on a cell
    def _t_land(self, cell: int, income: bool, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
        state = self.state
        seat = state.current
        player = state.players[seat]
        player.position = cell
        if self.record_events:
            self._recorded.append(("move", seat, cell, 0, -1, how))
        if income:
            amount = self.rules.circular_income
            self._transfer(BANK, seat, amount, "income", ("income", seat, cell, amount))  # cell: passed or stopped on
            mechanics = self.mechanics
            tax = mechanics.start_tax(self, seat)
            if tax and not self._tax_first:
                state.tasks.append(mechanics.holding_tax(self, seat, tax))  # after the cell is dealt with
            elif tax and (player.cash < tax or mechanics.asks_claim(self, seat, "tax", True)):
                # to be raised (or a bankruptcy, or asked of the policy) before the cell is dealt with
                state.tasks.append(["arrive", cell, how, rent_multiplier, dice_multiplier])
                state.tasks.append(mechanics.holding_tax(self, seat, tax))
                return
            elif tax:
                self._transfer(seat, BANK, tax, "holding_tax")
        self._t_arrive(cell, how, rent_multiplier, dice_multiplier)

    def _t_arrive(self, cell: int, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
        """Deal with the cell the current player's token has reached."""
        state, board = self.state, self.board
        seat = state.current
        player = state.players[seat]
        arrival = self._arrivals[cell][how == "roll"]
        if arrival.action == "detain":
            self._detain(seat)
            return
        info = board.cells[cell]
        tasks = state.tasks
        action = arrival.action
        if action == "stay" and self._ownable[cell]:  # the common case first: a property
            owner = state.owner[cell]
            if owner < 0:
                self._offer(cell)
            elif owner != seat:
                self._owe_rent(seat, owner, cell, how, rent_multiplier, dice_multiplier)
            return
        if arrival.action == "jump":
            tasks.append(["pay", seat, FUND, info.amount, "fine"])
            tasks.append(["land", arrival.cell, False, "jump", 1, 0])
            return
        if arrival.action == "draw":
            tasks.append(["draw", arrival.deck])
            return
        kind = info.kind
        if kind is CellKind.TAX:
            if self.mechanics.asks_claim(self, seat, "tax", info.amount > 0):
                tasks.append(insured_step(seat, "tax", info.amount, BANK, "tax"))
                return
            tax = self.mechanics.claim(self, seat, "tax", info.amount, BANK)
            if tax:  # Junior's Ice-cream stand is a treat, not a tax
                tasks.append(["pay", seat, BANK, tax, "treat" if self._attractions else "tax"])
        elif kind is CellKind.FUND_COLLECT and how != "jump":
            if state.charity_fund:
                amount = state.charity_fund
                self._transfer(FUND, seat, amount, "fund", ("collect_fund", seat, cell, amount))
        elif kind is CellKind.JACKPOT and player.cash >= 1:
            state.pending = {"kind": "jackpot", "player": seat, "cell": cell}
        else:
            self.mechanics.landed(self, seat, cell, kind)

    def _owe_rent(self, seat: int, owner: int, cell: int, how: str, rent_multiplier: int, dice_multiplier: int) -> None:
        state = self.state
        dice_total = None
        if self.board.cells[cell].kind is CellKind.UTILITY and how != "roll":
            dice_total = sum(self._roll_dice(seat))  # a card brought the token: roll for the rent
        amount = self.rent(cell, dice_total, rent_multiplier, dice_multiplier)
        if not amount:
            return
        if state.players[owner].cards:
            card = state.players[owner].has_card("double_rent", self.board)
            if card:
                amount *= 2
                self._return_card(owner, card)
        amount = self.mechanics.rent_due(self, seat, owner, amount)
        if not amount:
            return
        # At once: it would be the next task anyway. An attraction's rent is its entrance ticket (Junior).
        ticket = self._attractions and self.board.cells[cell].kind is CellKind.ATTRACTION
        self._t_pay(seat, owner, amount, "ticket" if ticket else "rent")

    def _offer(self, cell: int) -> None:
        state = self.state
        if state.owner[cell] < 0 and not self.mechanics.waiting(self, cell):
            if self._purchase_limits and not junior.may_buy(self, state.current, cell):
                return
            state.pending = {"kind": "buy", "player": state.current, "cell": cell}

    # ------------------------------------------------------------------ auctions
    def _t_auction(self, cell: int, seller: int) -> None:
        state = self.state
        count = len(state.players)
        bidders = [(state.current + i) % count for i in range(1, count + 1)]
        bidders = [s for s in bidders if not state.players[s].bankrupt]
        if not bidders or (seller < 0 and state.owner[cell] >= 0):
            return
        state.pending = {"kind": "bid", "player": bidders[0], "cell": cell, "seller": seller,
                         "bidders": bidders, "high": 0, "high_bidder": -1}

    def _bid(self, data: dict[str, Any], action: Action) -> None:
        state = self.state
        seat = data["player"]
        bidders = data["bidders"]
        position = bidders.index(seat)
        if action.kind == "bid":
            data["high"], data["high_bidder"] = action.amount, seat
            position += 1
        else:
            bidders.remove(seat)
        if not bidders or bidders == [data["high_bidder"]]:
            self._close_auction(data)
            if "resume" in data and state.pending is None and not state.finished:
                state.pending = data["resume"]  # back to the window the building was ordered from
            return
        data["player"] = bidders[position % len(bidders)]
        state.pending = data

    def _close_auction(self, data: dict[str, Any]) -> None:
        state = self.state
        cell, seller, winner, price = data["cell"], data["seller"], data["high_bidder"], data["high"]
        if data.get("building"):
            if winner >= 0:
                self._transfer(winner, BANK, price, "build")
                self._build(winner, self._auctioned_building_site(winner, cell), free=True)
            return
        if winner < 0:
            self._event("auction", -1, cell, 0, seller)
            if seller == BANK:
                self.mechanics.unsold(self, cell)
            return
        self._transfer(winner, seller, price, "auction", ("auction", winner, cell, price, seller))
        state.owner[cell] = winner
        self.mechanics.sold(self, cell)

    # ------------------------------------------------------------------ building and credit
    def _build(self, seat: int, cell: int, free: bool = False) -> None:
        state = self.state
        state.level[cell] += 1
        event = ("build", seat, cell, state.level[cell])
        if free:
            self._event(*event)
        else:
            self._transfer(seat, BANK, self.build_price(cell), "build", event)

    def _building_auction(self, seat: int, cell: int, window: dict[str, Any]) -> bool:
        """Start a housing-shortage auction if the bank has fewer buildings of the kind ordered on
        ``cell`` than the players who could build one (``RuleSet.building_auctions``)."""
        state = self.state
        large = state.level[cell] == self.rules.small_per_large
        left = self.supply()[1 if large else 0]
        count = len(state.players)
        if left is None or left >= count:  # cheap test first: no shortage is possible
            return False
        rivals = [other for other in ((seat + i) % count for i in range(1, count))
                  if not state.players[other].bankrupt and self._building_sites(other, large)]
        if left > len(rivals):
            return False
        price = self.build_price(cell)
        state.pending = {"kind": "bid", "player": seat, "cell": cell, "seller": BANK, "bidders": [seat, *rivals],
                         "high": price - 1, "high_bidder": -1, "building": True, "resume": window}
        return True

    def _building_sites(self, seat: int, large: bool, paid: bool = False) -> list[int]:
        """Plots where ``seat`` could build a building of that size now (large: the top level), in
        board order; ``paid``: the building is paid for already, so cash does not matter."""
        board, level, small = self.board, self.state.level, self.rules.small_per_large
        return sorted(c for i in self.complete_industries(seat) for c in board.industries[i].cells
                      if (level[c] == small) == large and not self.build_problem(seat, c, free=paid))

    def _auctioned_building_site(self, winner: int, ordered: int) -> int:
        """Where the winner of a building auction builds: the plot ordered if it is his, else his first
        plot in board order where a building of that size may go."""
        if self.state.owner[ordered] == winner:
            return ordered
        return self._building_sites(winner, self.state.level[ordered] == self.rules.small_per_large, paid=True)[0]

    def _sell(self, seat: int, cell: int) -> None:
        state, rules = self.state, self.rules
        half = int(self.build_price(cell) * rules.building_sell_rate)
        top = rules.small_per_large + 1
        if state.level[cell] == top:
            removed = self._break_large(cell)
        else:
            removed = 1
            state.level[cell] -= 1
        self._transfer(BANK, seat, half * removed, "sale", ("sell", seat, cell, state.level[cell]))

    def _break_large(self, cell: int) -> int:
        """Sell the large building of ``cell``: it goes back to as many small ones as the bank can
        give, and plots of the industry with more come down so the industry stays even (levels
        differ by at most one). Returns the buildings sold, counting each level as one.

        A level counts the buildings paid for: the large building stands for ``small_per_large``
        small ones plus itself, so the money back is half the building price per level removed.
        """
        state, rules = self.state, self.rules
        level, small, top = state.level, rules.small_per_large, rules.small_per_large + 1
        small_left = self.supply()[0]
        others = [c for c in self.board.industries[self.board.cells[cell].industry].cells if c != cell]
        before = level[cell] + sum(level[c] for c in others)
        if small_left is None:
            level[cell] = small
            return before - level[cell] - sum(level[c] for c in others)
        # Small buildings the industry may hold after the sale: those on it now plus the bank's.
        budget = small_left + sum(level[c] for c in others if level[c] < top)
        for target in range(small, -1, -1):
            # Each other plot keeps at most target + 1 (staying large only if target + 1 is the top).
            keep = [min(level[c], target + 1) for c in others]
            need = target + sum(k for k in keep if k < top)
            # Bring other plots down to the target, one at a time in board order, until it fits.
            for position in range(len(keep)):
                if need <= budget:
                    break
                if target < keep[position] < top:
                    need -= keep[position] - target
                    keep[position] = target
            if need <= budget:
                level[cell] = target
                for other, new in zip(others, keep):
                    level[other] = new
                break
        return before - level[cell] - sum(level[c] for c in others)

    def _mortgage(self, seat: int, cell: int) -> None:
        self.state.mortgaged[cell] = True
        value = self.mortgage_value(cell)
        self._transfer(BANK, seat, value, "mortgage", ("mortgage", seat, cell, value))

    def _redeem(self, seat: int, cell: int) -> None:
        cost = self.redemption_cost(cell)
        self._transfer(seat, BANK, cost, "redeem", ("redeem", seat, cell, cost))
        self.state.mortgaged[cell] = False

    def _trade(self, seat: int, trade: Trade) -> None:
        state = self.state
        if self.trade_problem(seat, trade):  # things changed since the offer: it lapses
            return
        partner = trade.partner
        for cell in trade.give_cells:
            state.owner[cell] = partner
        for cell in trade.take_cells:
            state.owner[cell] = seat
        self._transfer(seat, partner, trade.give_cash, "trade")
        self._transfer(partner, seat, trade.take_cash, "trade")
        for cells, receiver in ((trade.give_cells, partner), (trade.take_cells, seat)):
            fees = sum(self.mortgage_transfer_fee(c) for c in cells if state.mortgaged[c])
            self._transfer(receiver, BANK, fees, "fee")
        for cards, source, target in ((trade.give_cards, seat, partner), (trade.take_cards, partner, seat)):
            for card in cards:
                state.players[source].cards.remove(list(card))
                state.players[target].cards.append(list(card))
        if self.record_events:
            self._event("trade", seat, -1, 0, partner, json.dumps(trade.to_list()))

    # ------------------------------------------------------------------ the jackpot
    def _play_jackpot(self, seat: int, bet: int) -> None:
        state = self.state
        self._transfer(seat, BOX, bet, "bet")
        machine = self.board.slot_machine
        assert machine is not None  # a board with a jackpot cell has one (the loader checks)
        faces = (self._die(), self._die(), self._die())
        result = machine.spin(*faces)
        from_box, from_bank = payout(result, bet, state.jackpot_box)
        self._transfer(BOX, seat, from_box, "jackpot")
        self._transfer(BANK, seat, from_bank, "jackpot")
        label = {"three": "three of a kind", "pair": "a pair", "jackpot": "two sevens: the whole box",
                 "lose": "no win"}[result.outcome]
        if result.outcome == "three" and result.symbol == "seven":
            label = "three sevens"
        self._event("jackpot", seat, -1, bet, -1, f"{'-'.join(map(str, faces))} → {label}")

    # ------------------------------------------------------------------ cards
    def _return_card(self, seat: int, card: list[Any]) -> None:
        self.state.players[seat].cards.remove(card)
        self.state.decks[card[0]].append(card[1])

    # ------------------------------------------------------------------ bankruptcy and the end
    def _bankrupt(self, seat: int, creditor: int, debt: int, reason: str) -> None:
        state, board, rules = self.state, self.board, self.rules
        player = state.players[seat]
        owned = self.owned(seat)
        auction: list[int] = []
        fees = 0
        if creditor >= 0 and rules.bankruptcy_to_player == "to_creditor":
            for cell in owned:  # buildings are sold to the bank at half price first
                if state.level[cell]:
                    half = int(self.build_price(cell) * rules.building_sell_rate)
                    self._transfer(BANK, seat, half * state.level[cell], "sale")
                    state.level[cell] = 0
            self._transfer(seat, creditor, player.cash, "bankruptcy")
            for cell in owned:
                state.owner[cell] = creditor
                if state.mortgaged[cell]:
                    fees += int(board.cells[cell].price * rules.transfer_mortgage_fee)
            state.players[creditor].cards.extend(player.cards)
            player.cards = []
        else:
            paid = player.cash
            self._transfer(seat, creditor, paid, "debt")
            if creditor >= 0:
                self._transfer(BANK, creditor, debt - paid, "bankruptcy")
            for cell in owned:
                state.owner[cell] = -1
                state.level[cell] = 0
                state.mortgaged[cell] = False
            if creditor < 0 and rules.bankruptcy_to_bank == "auction":
                auction = owned
            for card in list(player.cards):
                self._return_card(seat, card)
        self.mechanics.bankrupt(self, seat)
        player.bankrupt = True
        player.detained = False
        self._event("bankrupt", seat, -1, debt, creditor, reason)
        if state.pending is not None and state.pending.get("player") == seat:
            state.pending = None
        active = state.active_seats()
        if fees and (len(active) <= 1 or rules.end_at_first_bankruptcy):
            # The game ends here, with no turn left to raise money in: the fee comes out of the cash
            # the creditor holds now (he has just received the bankrupt's).
            self._transfer(creditor, BANK, min(fees, state.players[creditor].cash), "fee")
            fees = 0
        if len(active) <= 1:
            state.tasks.clear()
            self._finish(active[0] if active else -1, "last player standing")
            return
        if rules.end_at_first_bankruptcy:
            state.tasks.clear()
            self._finish(self._richest(), "first bankruptcy: the richest")
            return
        if seat == state.current:
            state.tasks.clear()
            state.tasks.append(["endturn"])
        if fees:
            state.tasks.append(["pay", creditor, BANK, fees, "fee"])
        for cell in reversed(auction):
            state.tasks.append(["auction", cell, BANK])

    def _richest(self) -> int:
        """The seat with the highest net worth; a tie goes to the first of the tied in seat order,
        and the log says so."""
        worth = [self.net_worth(i) for i in range(len(self.state.players))]
        best = max(range(len(worth)), key=lambda i: (worth[i], -i))
        tied = sum(1 for i, player in enumerate(self.state.players) if worth[i] == worth[best] and not player.bankrupt)
        if tied > 1:
            self._event("tie", best, -1, worth[best], tied)
        return best

    def _finish(self, winner: int, reason: str) -> None:
        state = self.state
        state.finished = True
        state.pending = None
        state.winner = winner
        state.reason = reason
        self._event("game_over", winner, -1, 0, -1, reason)


# Game's methods as compiled. A compiled Game calls its own methods directly, so one replaced on the
# class (Game.rent = ...) would be ignored: Game() and run() refuse that, saying how to run the source.
_SEALED: dict[str, object] = seal(Game) if "engine" in IN_USE else {}
