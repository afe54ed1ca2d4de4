"""Strategies: each agent answers the engine's decisions with an :class:`~millionaire.actions.Action`.

An agent is any object with ``choose(game, decision) -> Action``. No rule lives here: agents read
the state and the engine's own checks (``game.build_problem``, ``game.legal_actions()``, ...) and pick.
The built-in strategies are ``trusted``: ``Game.run`` asks them the same question through
``answer(game, data)`` (the decision's data, without the :class:`Decision` wrapper) and does not
re-check their answers; the property tests check those answers through ``Game.apply``.

========== ======================================================================================
name       policy
========== ======================================================================================
random     uniform over the legal actions (amounts uniform in range); for fuzzing
cautious   keeps a cash reserve (a quarter of the start cash); buys, builds, bids and redeems only
           above it; leaves detention by rolling unless the reserve allows the fine; trades for a
           fair share (``fairness`` 0.9)
aggressive buys and builds whenever it can, bids up to 1.5× the price, pays to leave detention,
           bets a little on the slot machine; trades for half the partner's gain (0.5)
monopolist cautious with a smaller reserve and higher bids; trades for three quarters (0.75)
========== ======================================================================================

Each named strategy trades to complete industries, as people who know each other do. A trade is
worth to each side what it does to that side's industries (a complete industry is worth its price
once more: :data:`SET_PREMIUM`) plus the plots and cash that change hands; a player accepts when his
gain is at least ``fairness`` times the partner's and a little more than nothing (:func:`_accepts`),
and he keeps his cash reserve. In its windows a bot offers cash for the plots that complete one of
its industries, or a swap that completes one of the partner's as well, at the price the partner's
published strategy accepts, so offers between the named bots are not refused. An offer a player
of another kind refuses is remembered: it is made again only at a better price (twice at most),
until the ownership of the board changes. An offer a bot refuses that would leave both sides better
off is answered in its next window by a counter-offer at its own price (the engine's question is
"accept or reject", so the counter is an offer of its own).

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["random", "cautious", "monopolist"], seed=3)
>>> game.run(max_rounds=30).winner in range(3)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from mypy_extensions import mypyc_attr

from . import queries
from .actions import Action, Decision, Trade
from .errors import MillionaireError
from .pending import (BidPending, BuyPending, ChoosePending, ClaimPending, ExchangePending, InsurancePending, JackpotPending,
                      LotPending, ManagePending, Pending, RaisePending, RollPending, TradeReplyPending, WindowPending)

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .state import GameState


#: A trade an agent may offer: (partner, plots taken, plots given, its quote or ``None``).
Candidate = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int, int, int] | None]


class BoardSeen:
    """The board as a seat of a :class:`ThresholdAgent` last saw it: copies of the owners, mortgages
    and buildings, how many times it has seen them change (``version``), the plots it wants
    (:meth:`ThresholdAgent._plots_wanted`), its candidate trades, and the state with its count of
    board changes then (``state``, ``changes``: nothing changed while they are the same).

    >>> seen = BoardSeen([0, -1], [False, False], [0, 0], 0, [], [])
    >>> seen.version, seen.state is None
    (0, True)
    """

    def __init__(self, owner: list[int], mortgaged: list[bool], level: list[int], version: int,
                 plots: list[tuple[int, tuple[int, ...], tuple[int, ...]]], found: list[Candidate],
                 state: GameState | None = None, changes: int = -1) -> None:
        self.owner = owner
        self.mortgaged = mortgaged
        self.level = level
        self.version = version
        self.plots = plots
        self.found = found
        self.state = state
        self.changes = changes


# The answers given most often, made once (actions are values: nobody changes them).
_ROLL, _END_TURN = Action.roll(), Action.end_turn()
_BUY, _DECLINE, _PASS, _SKIP = Action.buy(), Action.decline(), Action.pass_(), Action.skip()
_ACCEPT, _REJECT, _PAY_FINE, _CLAIM = Action.accept(), Action.reject(), Action.pay_fine(), Action.claim()
_CELL_ACTIONS: dict[tuple[str, int], Action] = {}


def _on_cell(kind: str, cell: int) -> Action:
    """The action ``kind`` (build, sell, mortgage, redeem) on ``cell``, made once per cell."""
    action = _CELL_ACTIONS.get((kind, cell))
    if action is None:
        action = _CELL_ACTIONS[(kind, cell)] = Action(kind, cell=cell)
    return action


class BotSettingError(MillionaireError):
    """A strategy given a setting it does not have (``FirstBot(reserv=300)``)."""


def settings_of(bot: object) -> list[str]:
    """The settings a strategy declares: its class attributes, public and plain values (numbers,
    texts, flags), as ``bot`` holds them, sorted; ``human`` is the engine's, not a setting.

    >>> settings_of(Agent())
    ['name']
    """
    names = {name for klass in type(bot).__mro__ if klass is not object for name in vars(klass)}
    return sorted(name for name in names
                  if not name.startswith("_") and name != "human"
                  and isinstance(getattr(bot, name, None), (int, float, str, bool)))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, and open to strategies written in notebooks
class Agent:
    """Base class: subclasses answer ``choose``. ``human`` agents are answered by a person."""

    name = "agent"
    human = False

    def __init__(self, **settings: Any) -> None:
        """Give a strategy its own settings by name, as a class's league entry often does.

        A setting is a plain class attribute of the strategy (``reserve = 200``); a name the class
        does not declare is refused, so a misspelt setting is never silently ignored.

        >>> class Saver(Agent):
        ...     reserve = 200
        >>> Saver(reserve=300).reserve, Saver().reserve
        (300, 200)
        >>> Saver(reserv=300)
        Traceback (most recent call last):
        ...
        millionaire.agents.BotSettingError: Saver has no setting 'reserv'; its settings: name, reserve
        """
        if not settings:  # the usual case: a bot made with its class's settings
            return
        known = settings_of(self)
        for setting, value in settings.items():
            if setting not in known:
                raise BotSettingError(f"{type(self).__name__} has no setting {setting!r}; its settings: "
                                      f"{', '.join(known) or 'none'}")
            setattr(self, setting, value)

    def choose(self, game: Game, decision: Decision) -> Action:  # pragma: no cover - interface
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class Human(Agent):
    """A seat played by a person: the widget or the caller answers with ``game.apply``.

    ``game.play_bots()`` stops at every decision of a human seat.
    """

    name = "human"
    human = True

    def choose(self, game: Game, decision: Decision) -> Action:
        raise MillionaireError(f"player {decision.player} is human: answer {decision!r} with game.apply()")


class RandomAgent(Agent):
    """Uniform over the legal actions, with a seeded generator; amounts uniform in their range."""

    name = "random"

    def __init__(self, seed: Any = None) -> None:
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game, decision: Decision) -> Action:
        actions = decision.legal_actions()
        action = actions[int(self.rng.integers(len(actions)))]
        if action.kind in ("bid", "bet"):
            low = min(a.amount for a in actions if a.kind == action.kind)
            high = max(a.amount for a in actions if a.kind == action.kind)
            return Action(action.kind, amount=int(self.rng.integers(low, high + 1)))
        return action


class ThresholdAgent(Agent):
    """A rule-of-thumb player governed by a few numbers; the named strategies set them.

    It answers only with actions the engine's own checks allow (``trusted``: ``Game.run`` skips
    re-checking them; the property tests check every answer through ``Game.apply``).

    ``reserve`` is the share of the start cash kept in hand, ``bid_factor`` the most it bids as a
    share of the price (for a building in a shortage auction, at least its price), ``jackpot_share`` the share of spare cash it bets (0: never), ``pay_fine``
    whether it pays to leave detention, ``trades`` whether it offers trades (cash or a swap for the
    plots that complete an industry; counter-offers), ``fairness`` the share of the partner's gain a
    trade must bring it too (it always answers offers).
    On an Elite board, ``insure`` names the kinds of policy it buys (long-term if it can spare the
    premium, else short-term) and ``invest`` the share of its spare cash it puts into shares when
    they are cheap (at or below the start price); it sells them all when they are dear (at least
    twice the start price).
    """

    trusted = True

    def __init__(self, reserve: float, bid_factor: float, jackpot_share: float, pay_fine: bool,
                 trades: bool, name: str, insure: tuple[str, ...] = (), invest: float = 0.0,
                 fairness: float = 0.75) -> None:
        self.reserve_share = reserve
        self.bid_factor = bid_factor
        self.jackpot_share = jackpot_share
        self.pay_fine = pay_fine
        self.trades = trades
        self.name = name
        self.insure = tuple(insure)
        self.invest = invest
        self.fairness = fairness
        self._rules_seen: Any = None
        self._reserve = 0
        self._offers = False  # the rules allow trade offers (read with the reserve)
        self._board_seen: Any = None
        self._cheapest_building = 0
        self._industry_cells: list[tuple[int, ...]] = []
        self._industry_value: list[int] = []
        # The game last played, known by its list of actions (never replaced in a game): holding the game
        # itself would make a cycle (game -> agents -> agent -> game) that only the cyclic collector frees.
        self._actions_seen: Any = None
        # Each trade's plots priced, the board's state of them as a number (:meth:`_cached_quote`) and its quote.
        self._quoted: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]],
                           tuple[tuple[int, ...], int, tuple[int, int, int, int] | None]] = {}
        self._refused: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], tuple[int, int, int]] = {}
        # Per seat of the game last played (sized when it is first seen): counter-offers owed, the last offer
        # made and the board as last seen.
        self._counters: list[list[Trade]] = []
        self._last_offer: list[tuple[Trade, int] | None] = []
        self._seen: list[BoardSeen | None] = []

    def reserve(self, game: Game) -> int:
        """The cash kept in hand: a share of the start cash."""
        if game.rules is not self._rules_seen:
            self._rules_seen = game.rules
            self._reserve = int(game.rules.start_cash * self.reserve_share)
            self._offers = game.rules.trade_offers_per_turn > 0
        return self._reserve

    def choose(self, game: Game, decision: Decision) -> Action:
        game.state.board_may_have_changed()  # asked from outside a game's run: the board may have been set by hand
        return self.answer(game, decision.data)

    def answer(self, game: Game, data: Pending) -> Action:
        """The answer to a decision given as its record (``Decision.data``); ``Game.run`` calls this
        directly for trusted agents."""
        if isinstance(data, RollPending):
            return self._roll(game, data)
        if isinstance(data, ManagePending):
            return self._manage(game, data)
        if isinstance(data, BuyPending):
            return self._buy(game, data)
        if isinstance(data, BidPending):
            return self._bid(game, data)
        if isinstance(data, JackpotPending):
            return self._jackpot(game, data)
        if isinstance(data, ChoosePending):
            return self._choose(game, data)
        if isinstance(data, RaisePending):
            return self._raise(game, data)
        if isinstance(data, ExchangePending):
            return self._exchange(game, data)
        if isinstance(data, InsurancePending):
            return self._insurance(game, data)
        if isinstance(data, LotPending):
            return self._lot(game, data)
        if isinstance(data, ClaimPending):
            return self._claim(game, data)
        if isinstance(data, TradeReplyPending):
            return self._trade_reply(game, data)
        return _ACCEPT  # a free half (Junior's present): it costs only a kiosk

    def cheapest_building(self, game: Game) -> int:
        """The lowest building price on the board (below it, no building is affordable)."""
        self._tables(game)
        return self._cheapest_building

    def _tables(self, game: Game) -> None:
        """What the agent reads of a board once: the cheapest building, each industry's plots and price."""
        board = game.board
        if board is not self._board_seen:
            self._board_seen = board
            self._cheapest_building = min((i.build_price for i in board.industries), default=0)
            self._industry_cells = [tuple(i.cells) for i in board.industries]
            self._industry_value = [sum(board.cells[c].price for c in i.cells) for i in board.industries]

    # Windows: before rolling and after resolving the cell.
    def _roll(self, game: Game, data: RollPending) -> Action:
        seat = data.player
        state = game.state
        player = state.players[seat]
        spare = player.cash - self.reserve(game)
        mortgaged, owner = state.mortgaged, state.owner
        for cell in game.board.ownable:
            if mortgaged[cell] and owner[cell] == seat and game.redemption_cost(cell) <= spare:
                return _on_cell("redeem", cell)
        improvement = self._improve(game, seat, data)
        if improvement is not None:
            return improvement
        if player.detained:
            card = player.has_card("jail_free", game.board)
            if card:
                return Action.use_card(tuple(card))
            if self.pay_fine and player.cash >= game.rules.jail_fine:
                return _PAY_FINE
            if not self.pay_fine and spare >= game.rules.jail_fine and self._board_is_open(game):
                return _PAY_FINE
        return _ROLL

    def _manage(self, game: Game, data: ManagePending) -> Action:
        improvement = self._improve(game, data.player, data)
        if improvement is not None:
            return improvement
        return _ROLL if data.again else _END_TURN

    def _improve(self, game: Game, seat: int, data: WindowPending) -> Action | None:
        """Use a kept card, build the cheapest legal building above the reserve, or offer a trade."""
        state = game.state
        if state.players[seat].cards:  # usually none
            use = self._use_kept_card(game, seat)
            if use is not None:
                return use
        spare = state.players[seat].cash - self.reserve(game)
        if spare >= self.cheapest_building(game):
            cell = self._cheapest_legal_building(game, seat, spare)
            if cell >= 0:
                return _on_cell("build", cell)
        if data.offers == 0 and self._offers and not (isinstance(data, ManagePending) and data.between):  # _offers: read by reserve() above
            return self._offer(game, seat, spare)  # one offer a window of its turn, where the rules allow any
        return None

    def _use_kept_card(self, game: Game, seat: int) -> Action | None:
        """Use a kept plot-taking or free-building card on the dearest cell it allows."""
        cells = game.board.cells
        for card in game.state.players[seat].cards:
            effect = game.board.decks[card[0]].cards[card[1]].effect
            if effect in ("take_plot", "free_building"):
                options = game.card_options(seat, effect)
                if options:
                    return Action.use_card(tuple(card), max(options, key=lambda c: cells[c].price))
        return None

    def _cheapest_legal_building(self, game: Game, seat: int, spare: int) -> int:
        """The plot where the cheapest building ``spare`` cash pays for can go now, or -1."""
        state, board = game.state, game.board
        owner, mortgaged, level = state.owner, state.mortgaged, state.level
        costs: queries.Costs | None = None  # fetched at the first whole industry (most windows find none)
        own = False  # with costs: Game's own checks (else a subclass's own build_problem decides)
        best_cell, best_price = -1, 0
        for industry in board.industries:
            cells, price = industry.cells, industry.build_price
            if price > spare or (best_cell >= 0 and price >= best_price):
                continue
            lowest = cells[0]  # building is even: only the (first) lowest plot of a whole industry can take one
            for cell in cells:
                if owner[cell] != seat or mortgaged[cell]:
                    break
                if level[cell] < level[lowest]:
                    lowest = cell
            else:
                if costs is None:
                    costs = game.costs()
                    own = game._own_checks()
                if not (queries.build_code(board, costs, state, seat, lowest) if own else game.build_problem(seat, lowest)):
                    best_cell, best_price = lowest, price
        return best_cell

    # Trading.
    def _offer(self, game: Game, seat: int, spare: int) -> Action | None:
        """A counter-offer owed, else the best trade completing an industry that the partner accepts."""
        self._remember_game(game)
        self._learn(game, seat)
        counters = self._counters[seat]
        while counters:
            counter = counters.pop()
            if not game.trade_problem(seat, counter):
                return self._make(game, seat, counter)
        if not self.trades:
            return None
        best: Trade | None = None
        best_gain = 0
        candidates = self._candidates(game, seat)
        version = self._version(seat)
        for partner, take, give, quote in candidates:
            if quote is not None:
                terms = self._terms(game, seat, partner, take, give, quote, spare, version)
                if terms is not None and terms[1] > best_gain:
                    best, best_gain = terms
        if best is None or game.trade_problem(seat, best):
            return None
        return self._make(game, seat, best)

    def _make(self, game: Game, seat: int, trade: Trade) -> Action:
        """Offer ``trade``, noting it: the next window learns whether it was refused."""
        self._last_offer[seat] = (trade, self._version(seat))
        return Action.offer(trade)

    def _remember_game(self, game: Game) -> None:
        """Forget what another game taught (an agent object may sit at several games in turn)."""
        if game.actions is not self._actions_seen:
            self._actions_seen = game.actions
            seats = len(game.state.players)
            self._seen = [None] * seats
            self._quoted.clear()
            self._refused.clear()
            self._counters = [[] for _ in range(seats)]
            self._last_offer = [None] * seats

    def _learn(self, game: Game, seat: int) -> None:
        """Remember the last offer as refused if its plots did not change hands."""
        last = self._last_offer[seat]
        if last is None:
            return
        self._last_offer[seat] = None
        trade, key = last
        owner = game.state.owner
        done = (owner[trade.take_cells[0]] == seat) if trade.take_cells else (
            bool(trade.give_cells) and owner[trade.give_cells[0]] == trade.partner)
        if done:
            return
        memo = (seat, trade.partner, trade.take_cells, trade.give_cells)
        earlier = self._refused.get(memo)
        tries = earlier[2] + 1 if earlier is not None and earlier[0] == key else 1
        self._refused[memo] = (key, trade.give_cash - trade.take_cash, tries)

    def _candidates(self, game: Game, seat: int) -> list[Candidate]:
        """The trades that complete an industry of ``seat`` with their quotes: (partner, plots taken,
        plots given, :meth:`_quote`), the plots given completing one of the partner's (a swap) or none
        (bought for cash). The plots are worked out again only when their owners change, the quotes
        when a mortgage or a building of their industries changes."""
        state = game.state
        seen = self._seen[seat]
        if seen is not None and seen.state is state and seen.changes == state.board_changes:
            return seen.found  # nothing on the board has changed since the last window
        same_owners = seen is not None and seen.owner == state.owner
        if seen is not None and same_owners and (not seen.plots or (seen.level == state.level and seen.mortgaged == state.mortgaged)):
            # The board as in the last window (or nothing wanted): list comparisons, nothing made.
            seen.state, seen.changes = state, state.board_changes
            return seen.found
        if seen is not None and same_owners:
            plots = seen.plots
        else:
            plots = self._plots_wanted(game, seat)
            if len(self._quoted) > 256:
                self._quoted.clear()  # quotes of trades no longer wanted
        found: list[Candidate] = []
        for partner, take, give in plots:
            found.append((partner, take, give, self._cached_quote(game, seat, partner, take, give)))
        if seen is None:
            self._seen[seat] = BoardSeen(list(state.owner), list(state.mortgaged), list(state.level), 0, plots, found,
                                         state, state.board_changes)
            return found
        if not same_owners:  # else the copy kept reads as the owners do
            seen.owner = list(state.owner)
        seen.mortgaged, seen.level = list(state.mortgaged), list(state.level)
        seen.version += 1
        seen.plots, seen.found, seen.state, seen.changes = plots, found, state, state.board_changes
        return found

    def _version(self, seat: int) -> int:
        """How many times ``seat`` has seen the board change (owners, mortgages, buildings) in this game."""
        seen = self._seen[seat]
        return seen.version if seen is not None else -1

    def _cached_quote(self, game: Game, seat: int, partner: int, take: tuple[int, ...], give: tuple[int, ...]
                      ) -> tuple[int, int, int, int] | None:
        """:meth:`_quote`, worked out again only when an owner or a mortgage changes in the industries of
        the plots, or one of their plots is built on or cleared (a building's count does not matter:
        buildings lock plots from trade, what they are does not)."""
        state = game.state
        owner, mortgaged, level = state.owner, state.mortgaged, state.level
        memo = (seat, partner, take, give)
        cached = self._quoted.get(memo)
        cells = cached[0] if cached is not None else self._trade_cells(game, take, give)
        base, key = 4 * (len(state.players) + 1), 0  # a digit a plot: its owner (a seat or -1), mortgaged, built on
        for cell in cells:
            key = key * base + (owner[cell] + 1) * 4 + (2 if mortgaged[cell] else 0) + (1 if level[cell] else 0)
        if cached is not None and cached[1] == key:
            return cached[2]
        quote = self._quote(game, seat, partner, take, give)
        self._quoted[memo] = (cells, key, quote)
        return quote

    def _trade_cells(self, game: Game, take: tuple[int, ...], give: tuple[int, ...]) -> tuple[int, ...]:
        """Every plot of the industries of ``take`` and ``give`` (what a trade of them is priced by)."""
        board_cells = game.board.cells
        found: list[int] = []
        for cell in (*take, *give):
            index = board_cells[cell].industry
            group = self._industry_cells[index] if index >= 0 else (cell,)
            if group[0] not in found:
                found.extend(group)
        return tuple(found)

    def _plots_wanted(self, game: Game, seat: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """(partner, plots taken, plots given) of each trade that completes an industry of ``seat``."""
        owner = game.state.owner
        self._tables(game)
        wants: list[tuple[int, int, tuple[int, ...]]] = []  # (industry, partner, his plots in it)
        gives: dict[int, list[tuple[int, tuple[int, ...]]]] = {}  # partner -> (industry, my plots in it)
        for index, cells in enumerate(self._industry_cells):
            mine, other, split = 0, -1, False
            for cell in cells:
                holder = owner[cell]
                if holder == seat:
                    mine += 1
                elif holder < 0 or (other >= 0 and holder != other):
                    split = True
                    break
                else:
                    other = holder
            if split or other < 0 or mine == 0:
                continue  # unowned plots, a third holder, or nothing of mine (or all of it)
            wants.append((index, other, tuple(c for c in cells if owner[c] == other)))
            gives.setdefault(other, []).append((index, tuple(c for c in cells if owner[c] == seat)))
        found: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        for index, partner, take in wants:
            found.append((partner, take, ()))
            for other_index, give in gives.get(partner, []):
                if other_index != index:
                    found.append((partner, take, give))
        return found

    def _quote(self, game: Game, seat: int, partner: int, take: tuple[int, ...], give: tuple[int, ...]
               ) -> tuple[int, int, int, int] | None:
        """The price of a trade of these plots: (net cash from ``seat`` to the partner that the partner
        accepts, the most ``seat`` would pay, its gain before cash, the partner's cash reserve); ``None``
        when the plots cannot be traded now or the trade leaves nothing to share. It depends on the board
        alone, not on anybody's cash."""
        mortgaged_ok = game.rules.trade_mortgaged
        for cell in take:
            if not game.tradeable(cell, partner, mortgaged_ok):
                return None
        for cell in give:
            if not game.tradeable(cell, seat, mortgaged_ok):
                return None
        mine, theirs = self._gains(game, seat, partner, take, give)
        fairness, reserve = self._temper(game, partner)
        margin = self._margin(game, take)
        if mine + theirs <= margin + self._margin(game, give):
            return None  # nothing to share
        cash = _price_accepted(mine, theirs, fairness, margin)
        limit = self._limit(mine, theirs, self._margin(game, give))
        return (cash, limit, mine, reserve) if cash <= limit else None

    def _terms(self, game: Game, seat: int, partner: int, take: tuple[int, ...], give: tuple[int, ...],
               quote: tuple[int, int, int, int] | None, spare: int, version: int) -> tuple[Trade, int] | None:
        """The trade of these plots at its ``quote`` (raised after a refusal) and what it gains ``seat``;
        ``None`` when either side cannot pay or the partner refused three prices on this board."""
        if quote is None:
            return None
        cash, limit, mine, reserve = quote
        refused = self._refused.get((seat, partner, take, give))
        if refused is not None and refused[0] == version:
            if refused[2] >= 3:
                return None  # three prices refused: wait for the board to change
            cash = max(cash, refused[1] + max(1, (limit - refused[1]) // 2))
            if cash > limit:
                return None
        if cash > 0 and cash > spare:
            return None
        if cash < 0 and -cash > game.state.players[partner].cash - reserve:
            return None
        trade = Trade(partner=partner, give_cells=give, take_cells=take, give_cash=max(cash, 0), take_cash=max(-cash, 0))
        return trade, mine - cash

    def _temper(self, game: Game, partner: int) -> tuple[float, int]:
        """The partner's fairness and cash reserve as his strategy publishes them; a player of another
        kind is taken to bargain as this agent does, with no reserve."""
        agent = game.agents[partner] if partner < len(game.agents) else None
        if isinstance(agent, ThresholdAgent):
            return agent.fairness, agent.reserve(game)
        return self.fairness, 0

    def _limit(self, mine: int, theirs: int, margin: int) -> int:
        """The most net cash this agent pays for a trade worth ``mine`` to it and ``theirs`` to the partner
        (negative: the least it asks for)."""
        cash = math.floor((mine - margin - self.fairness * theirs) / (1 + self.fairness))
        while cash > -MAX_CASH and not _accepts(mine - cash, theirs + cash, self.fairness, margin):
            cash -= 1
        return cash

    def _margin(self, game: Game, given: tuple[int, ...]) -> int:
        """What a trade must bring a side above nothing: a twentieth of the plots it gives, at least 1."""
        return max(1, sum(self._worth(game, c) for c in given) // 20)

    def _worth(self, game: Game, cell: int) -> int:
        """A plot's worth in a trade: its price, less the loan when it is mortgaged."""
        price = game.board.cells[cell].price
        return price - game.mortgage_value(cell) if game.state.mortgaged[cell] else price

    def _gains(self, game: Game, a: int, b: int, to_a: tuple[int, ...], to_b: tuple[int, ...]) -> tuple[int, int]:
        """What moving plots ``to_a`` (from ``b``) and ``to_b`` (from ``a``) is worth to ``a`` and to ``b``,
        cash aside: the plots' worth each way, and :data:`SET_PREMIUM` of an industry completed or broken."""
        self._tables(game)
        moved = sum(self._worth(game, c) for c in to_a) - sum(self._worth(game, c) for c in to_b)
        gain_a, gain_b = moved, -moved
        owner, cells = game.state.owner, game.board.cells
        touched: list[int] = []
        for cell in (*to_a, *to_b):
            index = cells[cell].industry
            if index >= 0 and index not in touched:
                touched.append(index)
        for index in touched:
            group = self._industry_cells[index]
            premium = int(self._industry_value[index] * SET_PREMIUM)
            after = [a if c in to_a else b if c in to_b else owner[c] for c in group]
            for side in (a, b):
                change = (all(o == side for o in after) - all(owner[c] == side for c in group)) * premium
                if side == a:
                    gain_a += change
                else:
                    gain_b += change
        return gain_a, gain_b

    def _board_is_open(self, game: Game) -> bool:
        """Early in the game (properties left to buy) moving on is worth the fine."""
        owner = game.state.owner
        return sum(1 for c in game.board.ownable if owner[c] < 0) > len(game.board.ownable) // 3

    # Single questions.
    def _buy(self, game: Game, data: BuyPending) -> Action:
        player = game.state.players[data.player]
        price = game.board.cells[data.cell].price
        return _BUY if player.cash - price >= self.reserve(game) else _DECLINE

    def _bid(self, game: Game, data: BidPending) -> Action:
        player = game.state.players[data.player]
        spare = player.cash - self.reserve(game)
        low = max(data.high + 1, game.rules.min_bid)
        if spare < low:
            return _PASS
        cell, building = data.cell, data.building
        worth = game.build_price(cell) if building else game.board.cells[cell].price  # a building or a plot
        # A building is worth its price to a bot that builds: bidding less, the bot that ordered it
        # would see it unsold and order it again, for ever.
        factor = max(self.bid_factor, 1.0) if building else self.bid_factor
        limit = min(int(worth * factor), spare)
        return Action.bid(limit) if limit >= low else _PASS

    def _jackpot(self, game: Game, data: JackpotPending) -> Action:
        state = game.state
        spare = state.players[data.player].cash - self.reserve(game)
        bet = int(spare * self.jackpot_share)
        if self.jackpot_share == 0 or bet < 1:
            positive = state.jackpot_box // 3  # a bet below box/2.1 has positive expectation
            bet = min(positive, spare) if self.jackpot_share == 0 else 0
        return Action.bet(bet) if bet >= 1 else _SKIP

    def _choose(self, game: Game, data: ChoosePending) -> Action:
        options, purpose, seat = data.options, data.purpose, data.player
        cells, state = game.board.cells, game.state
        if purpose == "move":  # cheapest stop: own plot or the lowest rent
            return Action.choose(min(options, key=lambda c: (0 if state.owner[c] == seat else game.rent(c) + 1, c)))
        if purpose in ("take_plot", "auction_unowned"):
            return Action.choose(max(options, key=lambda c: (cells[c].price, -c)))
        if purpose == "free_half":
            return Action.choose(self._best_free_half(game, seat, options))
        return Action.choose(min(options, key=lambda c: (cells[c].price, c)))

    def _best_free_half(self, game: Game, seat: int, options: list[int]) -> int:
        """A present of a free half (Junior): one that completes an attraction of its own, else one that
        stops another player completing his, else the dearest ticket (the first such cell)."""
        board, owner = game.board, game.state.owner
        best, best_value = options[0], (False, False, 0, 0)
        for number, cell in enumerate(options):
            # One loop, no nested functions: compiled closures would tie the agent to the game in a cycle.
            industry = board.cells[cell].industry
            others = [owner[c] for c in board.industries[industry].cells if c != cell] if industry >= 0 else []
            completes = bool(others) and all(o == seat for o in others)
            blocks = bool(others) and others[0] not in (seat, -1) and all(o == others[0] for o in others)
            value = (completes, blocks, board.cells[cell].ticket, -cell)
            if number == 0 or value > best_value:
                best, best_value = cell, value
        return best

    def _raise(self, game: Game, data: RaisePending) -> Action:
        seat = data.player
        state, board = game.state, game.board
        market = state.market
        if market is not None and market["shares"][seat] and market["price"] and game.rules.shares_pay_debts:
            # Shares first: they earn nothing, buildings and plots earn rent. Just enough of them.
            short = data.amount - state.players[seat].cash
            return Action.sell_shares(min(market["shares"][seat], -(-short // market["price"])))
        owner, level = state.owner, state.level
        own = game._own_checks()  # the rules' numbers, no refusal in words made for each cell turned down
        built = [c for c in board.plots if owner[c] == seat and level[c]
                 and not (queries.sell_code(board, state, seat, c) if own else game.sell_problem(seat, c))]
        if built:
            highest = built[0]  # the plot with most buildings, the last in board order among equals
            for c in built:
                if level[c] >= level[highest]:
                    highest = c
            return _on_cell("sell", highest)
        # Mortgage first what completes nothing (plots of industries not fully owned), then the cheapest, in board order.
        best, best_completes, best_price = -1, True, 0
        for c in board.ownable:
            if owner[c] != seat:
                continue
            completes, price = self._completes(game, c, seat), board.cells[c].price
            if best >= 0 and (completes, price) >= (best_completes, best_price):
                continue
            if own:
                refused = queries.mortgage_code(board, game.rules, state, seat, c, game.mortgage_value(c))
            else:
                refused = 1 if game.mortgage_problem(seat, c) else 0
            if not refused:
                best, best_completes, best_price = c, completes, price
        if best < 0:
            raise MillionaireError(f"player {seat} has nothing left to mortgage")
        return _on_cell("mortgage", best)

    # Millionaire Elite: shares, policies, plots waiting on the Auction cell.
    def _exchange(self, game: Game, data: ExchangePending) -> Action:
        seat = data.player
        market, shares = game.state.market, game.board.shares
        assert market is not None and shares is not None
        price, held = market["price"], market["shares"][seat]
        if held and price >= 2 * shares.start_price:
            return Action.sell_shares(held)
        spare = game.state.players[seat].cash - self.reserve(game)
        count = int(spare * self.invest) // price
        if self.invest and price <= shares.start_price and count >= 1:
            return Action.buy_shares(count)
        return _SKIP

    def _insurance(self, game: Game, data: InsurancePending) -> Action:
        seat = data.player
        spare = game.state.players[seat].cash - self.reserve(game)
        for kind in self.insure:
            for term in ("long", "short"):
                for number, policy in enumerate(game.board.policies, start=1):
                    if ((policy.kind, policy.term) == (kind, term) and policy.premium <= spare
                            and not game.policy_problem(seat, number)):
                        return Action.buy_policy(number)
        return _SKIP

    def _lot(self, game: Game, data: LotPending) -> Action:
        player = game.state.players[data.player]
        cells = game.board.cells
        affordable = [c for c in data.options if player.cash - cells[c].price >= self.reserve(game)]
        return Action.choose(max(affordable, key=lambda c: (cells[c].price, -c))) if affordable else _SKIP

    def _claim(self, game: Game, data: ClaimPending) -> Action:
        """Hand a policy in when it pays at least its premium (what a new one costs), or when the
        holder's cash could not meet the loss; keep it for a bigger event otherwise."""
        policy = next(p for p in game.board.policies if (p.kind, p.term) == (data.policy, data.term))
        loss = data.loss
        if min(policy.cover, loss) >= policy.premium or game.state.players[data.player].cash < loss:
            return _CLAIM
        return _SKIP

    def _completes(self, game: Game, cell: int, seat: int) -> bool:
        industry = game.board.cells[cell].industry
        if industry < 0:
            return False
        owner = game.state.owner
        for plot in game.board.industries[industry].cells:
            if owner[plot] != seat:
                return False
        return True

    def _trade_reply(self, game: Game, data: TradeReplyPending) -> Action:
        """Accept a trade whose gain is at least ``fairness`` times the proposer's and keeps the cash
        reserve; refuse it otherwise, owing a counter-offer when the trade leaves both sides better off."""
        trade = data.trade
        seat, proposer = data.player, data.offerer
        self._remember_game(game)
        gain_proposer, gain_me = self._gains(game, proposer, seat, trade.take_cells, trade.give_cells)
        cards = game.rules.jail_fine * (len(trade.give_cards) - len(trade.take_cards))
        cash = trade.give_cash - trade.take_cash + cards  # to me
        mine, theirs = gain_me + cash, gain_proposer - cash
        pays = trade.take_cash == 0 or game.state.players[seat].cash - trade.take_cash >= self.reserve(game)
        if pays and _accepts(mine, theirs, self.fairness, self._margin(game, trade.take_cells)):
            return _ACCEPT
        if self.trades and mine + theirs > 0 and trade.take_cells and not (trade.give_cards or trade.take_cards):
            spare = game.state.players[seat].cash - self.reserve(game)
            take, give = trade.give_cells, trade.take_cells
            terms = self._terms(game, seat, proposer, take, give, self._quote(game, seat, proposer, take, give),
                                spare, self._version(seat))
            if terms is not None:
                self._counters[seat].append(terms[0])
        return _REJECT


#: What a complete industry is worth to its owner above its plots' prices, as a share of their sum:
#: the double rent and the right to build.
SET_PREMIUM = 1.0
#: No trade moves more cash than this (a bound for the price search).
MAX_CASH = 10**9


def _accepts(mine: int, theirs: int, fairness: float, margin: int) -> bool:
    """A side's rule: its gain is at least ``fairness`` times the other's, and ``margin`` above nothing.

    >>> _accepts(100, 120, 0.75, 5), _accepts(80, 120, 0.75, 5)
    (True, False)
    """
    return mine >= fairness * max(theirs, 0) + margin


def _price_accepted(mine: int, theirs: int, fairness: float, margin: int) -> int:
    """The least net cash from the proposer to the partner at which the partner's rule accepts a trade
    worth ``mine`` to the proposer and ``theirs`` to the partner (negative: the most the proposer may ask).

    >>> _price_accepted(400, 100, 0.5, 5)  # the partner then gains 170 = 0.5 * 330 + 5
    70
    """
    cash = math.ceil((fairness * mine + margin - theirs) / (1 + fairness))
    while cash < MAX_CASH and not _accepts(theirs + cash, mine - cash, fairness, margin):
        cash += 1
    return cash


STRATEGIES: dict[str, dict[str, Any]] = {
    "cautious": dict(reserve=0.25, bid_factor=1.0, jackpot_share=0.0, pay_fine=False, trades=True, fairness=0.9),
    "aggressive": dict(reserve=0.0, bid_factor=1.5, jackpot_share=0.05, pay_fine=True, trades=True,
                       fairness=0.5),
    "monopolist": dict(reserve=0.1, bid_factor=1.2, jackpot_share=0.0, pay_fine=False, trades=True,
                       fairness=0.75),
}


#: What each named strategy does on a Millionaire Elite board (see :class:`ThresholdAgent`): the
#: cautious player insures against rent and taxes, the aggressive one invests in cheap shares, the
#: monopolist shields his plots from auctions. Other boards never ask.
ELITE_HABITS: dict[str, dict[str, Any]] = {
    "cautious": dict(insure=("rent", "tax")),
    "aggressive": dict(invest=0.5),
    "monopolist": dict(insure=("auction",)),
}


def reads_seed(spec: Any) -> bool:
    """Whether :func:`make_agent` reads its ``seed`` for ``spec`` (only a ``"random"`` agent draws from one).

    >>> reads_seed("random"), reads_seed("cautious"), reads_seed(None)
    (True, False, False)
    """
    return isinstance(spec, str) and spec == "random"


def built_in_bots(agents: Sequence[Any]) -> list[ThresholdAgent | None]:
    """Each seat's agent when it is a built-in strategy itself (a :class:`ThresholdAgent`, not a
    subclass), else ``None``: the compiled engine calls these answers directly, not through a bound
    method (a strategy of another class, a subclass's among them, is asked as it asks any agent).

    >>> [bot is not None for bot in built_in_bots([make_agent("cautious"), None, make_agent("random")])]
    [True, False, False]
    """
    return [agent if type(agent) is ThresholdAgent else None for agent in agents]


def make_agent(spec: Any, seed: Any = None) -> Any:
    """An agent from a strategy name (``"cautious"``, ``"aggressive"``, ``"monopolist"``,
    ``"random"``, ``"human"``), an agent object (returned as is) or ``None`` (a human seat).

    >>> make_agent("cautious")
    <ThresholdAgent 'cautious'>
    >>> make_agent("lucky")
    Traceback (most recent call last):
    ...
    millionaire.errors.MillionaireError: unknown strategy 'lucky' (known: cautious, aggressive, monopolist, random, human)
    """
    if spec is None:
        return None
    if isinstance(spec, str):
        if spec in STRATEGIES:
            return ThresholdAgent(name=spec, **STRATEGIES[spec], **ELITE_HABITS.get(spec, {}))
        if reads_seed(spec):
            return RandomAgent(seed)
        if spec == "human":
            return Human()
        known = ", ".join([*STRATEGIES, "random", "human"])
        raise MillionaireError(f"unknown strategy {spec!r} (known: {known})")
    if not hasattr(spec, "choose"):
        raise MillionaireError(f"an agent needs a choose(game, decision) method, got {spec!r}")
    return spec


__all__ = ["Agent", "Human", "RandomAgent", "ThresholdAgent", "STRATEGIES", "ELITE_HABITS", "make_agent", "reads_seed"]
