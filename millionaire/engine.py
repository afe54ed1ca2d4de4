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
from typing import Any, Final

from mypy_extensions import mypyc_attr

from . import decisions, junior, movement, queries, steps, turn
from .actions import Action, Decision, Trade
from .agents import built_in_bots
from .board import Board, CellKind
from .card_play import OWED_EFFECTS as OWED_EFFECTS  # a name of this module before the cards in play had theirs
from .compiled import IN_USE, check_sealed, seal
from .decisions import HANDLER_OF_RECORD, DecisionHandler
from .elite import Elite
from .dice import DiceError, DiceSource, RandomDice
from .errors import IllegalActionError, MillionaireError, Refusal
from .events import BANK, FUND, Event, describe
from .mechanics import Mechanics
from .notation import to_notation
from .pending import ManagePending, Pending
from .rules import RuleSet
from .queries import kept_refusal as kept_refusal  # a name of this module before the queries had theirs
from .state import GameState, PlayerState, has_market, net_worth, new_market



DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria", "Egor", "Zoya", "Ilya")
#: A building price no cash reaches: where a seat has nowhere to build (``Game._cheapest_site_prices``).
NO_SITE: Final = 2**60


# Per-cell tables that depend only on the board and the rules, shared by the games that use both.
_Tables = tuple[list[bool], list[tuple[int, int]], list[tuple[movement.Arrival, movement.Arrival]]]
_TABLES: dict[tuple[int, int], tuple[Board, RuleSet, _Tables]] = {}


def _tables(board: Board, rules: RuleSet) -> _Tables:
    """(ownable, (loan, redemption cost), (arrival by a card, by a roll)) for every cell, found by the
    board's and the rules' identity (a RuleSet's hash reads every field; the presets are shared)."""
    key = (id(board), id(rules))
    cached = _TABLES.get(key)
    if cached is not None and cached[0] is board and cached[1] is rules:
        return cached[2]
    tables: _Tables = (
        [cell.ownable for cell in board.cells],
        [(queries.mortgage_value(board, rules, c), queries.redemption_cost(board, rules, c)) for c in range(board.size)],
        [(movement.arrival(board, rules, c, False), movement.arrival(board, rules, c, True)) for c in range(board.size)],
    )
    if len(_TABLES) >= 32:
        _TABLES.clear()
    _TABLES[key] = (board, rules, tables)
    return tables


def _event_of(fields: tuple[Any, ...]) -> Event:
    """The :class:`Event` of fields as recorded: a trade is recorded as its :class:`Trade`, written
    out (as JSON) here, when the log is read.

    >>> _event_of(("trade", 0, -1, 0, 1, Trade(1, give_cash=50))).detail
    '[1, [], [], 50, 0, [], []]'
    """
    detail = fields[-1]
    if type(detail) is Trade:
        kind, player, cell, amount, other, _ = fields
        return Event(kind, player, cell, amount, other, json.dumps(detail.to_list()))
    return Event(*fields)


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
    # The cheapest building each seat could put up but for the cash (Game._could_build), and the state,
    # its count of board changes and the costs it was worked out for.
    _cheapest_sites: tuple[GameState, int, queries.Costs, list[int]] | None = None

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
        from .agents import make_agent, reads_seed

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
        from numpy.random import PCG64, Generator, SeedSequence  # imported when the first game is made

        # The dice's seed and the agents' are the children 0 and 1 of SeedSequence(seed), made as its spawn(2)
        # makes them, without the parent (about 7 µs of the 50 µs a game took to make); a seat whose agent
        # reads a seed gets the agents' child of its place, made only then.
        entropy = seed if seed is not None else SeedSequence().entropy
        dice_seed = SeedSequence(entropy, spawn_key=(0,))
        self.agents = [make_agent(a, seed=SeedSequence(entropy, spawn_key=(1, n)) if reads_seed(a) else None)
                       for n, a in enumerate(agents)]
        self._events: list[Event] = []
        self._recorded: list[tuple[Any, ...]] = []  # events as plain tuples, made Events when read
        self.record_events = record_events
        self.actions: list[tuple[int, Action]] = []
        self.round_limit: int | None = None
        self._rng = Generator(PCG64(dice_seed))
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
        self._auction_unbought: bool = self.rules.auction_unbought
        self._attractions: bool = any(cell.kind is CellKind.ATTRACTION for cell in board.cells)
        self._tax_first: bool = self.rules.holding_tax_first
        self._keep_owed: bool = self.rules.keep_until_possible
        # Each decision's handler by its record's class (a native attribute: no global to look up).
        self._handlers: dict[type[Pending], DecisionHandler] = HANDLER_OF_RECORD
        #: The edition's own mechanics, called at the engine's hooks (Millionaire Elite's market,
        #: insurance and Auction cell; Junior's limits on buying; nothing of their own otherwise).
        self.mechanics: Mechanics = (Elite(board, self.rules) if has_market(board)
                                     else junior.Junior() if junior.purchase_limits(self.rules) else Mechanics())
        self.advance()

    # ------------------------------------------------------------------ setup and state
    def _new_state(self, names: list[str]) -> GameState:
        board, rules = self.board, self.rules
        if len(names) != len(self.agents):
            raise MillionaireError(f"{len(names)} names given for {len(self.agents)} players")
        order = list(range(len(names)))
        if rules.shuffle_seats:
            order = self._rng.permutation(len(names)).tolist()
        self.agents = [self.agents[i] for i in order]
        players = [PlayerState(name=names[i], cash=rules.start_cash) for i in order]
        decks = {key: self._rng.permutation(len(deck.cards)).tolist() for key, deck in board.decks.items()}
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
            self._events.extend([_event_of(fields) for fields in self._recorded])
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
        self.state.board_may_have_changed()
        self._advance()
        return self.pending

    def _advance(self) -> None:
        state = self.state
        tasks = state.tasks
        while state.pending is None and not state.finished:
            if tasks:
                steps.run(self, tasks.pop())
            else:
                turn.start(self)

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
        state.board_may_have_changed()  # the caller may have changed the board since the last decision
        if self._random is None and not self.dice.endless:  # scripted dice may run out: the move is undone
            return self._apply_undoable(data, action)
        self.actions.append((data.player, action))
        self._execute(data, action)
        return self.advance()

    def _apply_undoable(self, data: Pending, action: Action) -> Decision | None:
        """:meth:`apply` for dice that can run out (``ScriptedDice``): used up, the game goes back to
        where it was and the DiceError says so."""
        snapshot = self.snapshot()
        try:
            self.actions.append((data.player, action))
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
        state.board_may_have_changed()  # the caller may have set up the board
        agents = self.agents
        humans = [agent is None or getattr(agent, "human", False) for agent in agents]
        # Trusted agents answer the decision's data directly (no Decision wrapper, no re-check); the
        # built-in bots by a direct call.
        bots = built_in_bots(agents)
        answers = [agent.answer if getattr(agent, "trusted", False) else None for agent in agents]
        problem = self._problem
        begun = state.round
        while not state.finished:
            if each_round is not None and state.round != begun:
                begun = state.round
                each_round(self)
                state.board_may_have_changed()
            data = state.pending
            if data is None:  # a round limit set after the game had stopped at a turn boundary
                self.advance()
                continue
            seat = data.player
            if humans[seat]:
                raise MillionaireError(f"player {seat} ({self.names[seat]}) is human: answer with game.apply()")
            bot = bots[seat]
            answer = answers[seat]
            if bot is not None:
                action = bot.answer(self, data)
            elif answer is not None:
                action = answer(self, data)
            else:
                action = agents[seat].choose(self, Decision(self, data))
                state.board_may_have_changed()  # an agent of the caller's has had the game in hand
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
            agent = self.agents[data.player]
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
        return queries.rent(self.board, self.rules, self.state, cell, dice_total, multiplier, dice_multiplier,
                           self.costs())

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

    def _own_checks(self) -> bool:
        """True when building, selling, mortgaging and redeeming are checked by Game's own
        ``*_problem`` methods (not a subclass's or a replacement's): then ``legal_actions()`` reads the
        rules' numbers (:func:`queries.build_code` and the like) instead of making a refusal in words
        for every cell it turns down."""
        kind = type(self)
        if kind is Game and _SEALED:
            return True  # the compiled Game's methods are sealed: run() refuses one replaced on the class
        return (kind.build_problem is _OWN_CHECKS[0] and kind.sell_problem is _OWN_CHECKS[1]
                and kind.mortgage_problem is _OWN_CHECKS[2] and kind.redeem_problem is _OWN_CHECKS[3])

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
        return self.costs().transfer_fee[cell]

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
        return self._handlers[type(data)].legal(self, data.player, data)

    def _problem(self, data: Pending | None, action: Action) -> str:
        """Why ``action`` is not legal for the decision ``data`` ("" when it is): :func:`millionaire.decisions.action_problem`."""
        return decisions.action_problem(self, data, action)

    # ------------------------------------------------------------------ applying answers
    def _execute(self, data: Pending, action: Action) -> None:
        """Carry out ``action``, legal for the decision ``data``: :func:`millionaire.decisions.execute`."""
        decisions.execute(self, data, action)

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

    # ------------------------------------------------------------------ a turn (the rest: millionaire.turn)
    def _t_turn(self) -> None:
        """The next turn begins (:func:`millionaire.turn.start`)."""
        turn.start(self)

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
            prices, players = self._site_prices(), state.players
            for offset in range(count - 1, 0, -1):
                other = (seat + offset) % count
                if players[other].cash >= prices[other]:  # _could_build(other), the prices read once
                    state.tasks.append(["window", other])
        if not state.tasks:
            self._t_turn()  # the next player's turn starts at once

    def _t_window(self, seat: int) -> None:
        """Open a window between turns for ``seat`` if he still could build (an earlier window may
        have taken the last buildings)."""
        if self._could_build(seat):
            self.state.pending = ManagePending(seat, False, between=True)

    def _could_build(self, seat: int) -> bool:
        """Could ``seat`` build somewhere now: a whole unmortgaged industry, a building left in the bank
        for it and the cash (the checks of :meth:`build_problem`, with no words made). The cheapest
        building each seat could put up is worked out again only when the board has changed."""
        return self.state.players[seat].cash >= self._site_prices()[seat]

    def _site_prices(self) -> list[int]:
        """:meth:`_cheapest_site_prices` as the board stands, kept until the board changes."""
        state = self.state
        costs = self.costs()
        known = self._cheapest_sites
        if known is None or known[0] is not state or known[1] != state.board_changes or known[2] is not costs:
            known = self._cheapest_sites = (state, state.board_changes, costs, self._cheapest_site_prices(costs))
        return known[3]

    def _cheapest_site_prices(self, costs: queries.Costs) -> list[int]:
        """For each seat, the lowest building price of an industry where he could build but for the
        cash (:data:`NO_SITE` where there is none): one pass over the industries, the bank's buildings
        counted once."""
        state, board = self.state, self.board
        owner, mortgaged, level = state.owner, state.mortgaged, state.level
        bank, built_on = costs.bank, costs.built_on
        top, limited = bank.top, bank.small_limited or bank.large_limited
        left: tuple[int, int] | None = None
        cheapest = [NO_SITE] * len(state.players)
        for industry in board.industries:
            cells = industry.cells
            seat = owner[cells[0]]
            if seat < 0 or industry.build_price >= cheapest[seat]:
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
                cheapest[seat] = industry.build_price
        return cheapest

    # ------------------------------------------------------------------ cards
    def _return_card(self, seat: int, card: list[Any]) -> None:
        self.state.players[seat].cards.remove(card)
        self.state.decks[card[0]].append(card[1])

    # ------------------------------------------------------------------ the end
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


#: Game's own checks of a building, a sale, a mortgage and a redemption (see Game._own_checks).
_OWN_CHECKS: tuple[object, ...] = (Game.build_problem, Game.sell_problem, Game.mortgage_problem, Game.redeem_problem)

# Game's methods as compiled. A compiled Game calls its own methods directly, so one replaced on the
# class (Game.rent = ...) would be ignored: Game() and run() refuse that, saying how to run the source.
_SEALED: dict[str, object] = seal(Game) if "engine" in IN_USE else {}
