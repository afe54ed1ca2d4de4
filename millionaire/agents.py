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
           above it; leaves detention by rolling unless the reserve allows the fine
aggressive buys and builds whenever it can, bids up to 1.5× the price, pays to leave detention,
           bets a little on the slot machine
monopolist cautious with a smaller reserve, but offers cash for the plot that completes an industry
           and refuses trades that complete someone else's
========== ======================================================================================

Examples
--------
>>> from millionaire import Game, load_board
>>> game = Game(load_board("millionaire-classic"), agents=["random", "cautious", "monopolist"], seed=3)
>>> game.run(max_rounds=30).winner in range(3)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from mypy_extensions import mypyc_attr

from .actions import Action, Decision, Trade
from .errors import MillionaireError

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game


# The two answers given most often, made once (actions are values: nobody changes them).
_ROLL, _END_TURN = Action.roll(), Action.end_turn()


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, and open to strategies written in notebooks
class Agent:
    """Base class: subclasses answer ``choose``. ``human`` agents are answered by a person."""

    name = "agent"
    human = False

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
    share of the price, ``jackpot_share`` the share of spare cash it bets (0: never), ``pay_fine``
    whether it pays to leave detention, ``trades`` whether it offers trades to complete industries.
    On an Elite board, ``insure`` names the kinds of policy it buys (long-term if it can spare the
    premium, else short-term) and ``invest`` the share of its spare cash it puts into shares when
    they are cheap (at or below the start price); it sells them all when they are dear (at least
    twice the start price).
    """

    trusted = True

    def __init__(self, reserve: float, bid_factor: float, jackpot_share: float, pay_fine: bool,
                 trades: bool, name: str, insure: tuple[str, ...] = (), invest: float = 0.0) -> None:
        self.reserve_share = reserve
        self.bid_factor = bid_factor
        self.jackpot_share = jackpot_share
        self.pay_fine = pay_fine
        self.trades = trades
        self.name = name
        self.insure = tuple(insure)
        self.invest = invest
        self._rules_seen: Any = None
        self._reserve = 0
        self._board_seen: Any = None
        self._cheapest_building = 0

    def reserve(self, game: Game) -> int:
        """The cash kept in hand: a share of the start cash."""
        if game.rules is not self._rules_seen:
            self._rules_seen = game.rules
            self._reserve = int(game.rules.start_cash * self.reserve_share)
        return self._reserve

    def choose(self, game: Game, decision: Decision) -> Action:
        return self.answer(game, decision.data)

    def answer(self, game: Game, data: dict[str, Any]) -> Action:
        """The answer to a decision given as its data (``Decision.data``); ``Game.run`` calls this
        directly for trusted agents."""
        kind = data["kind"]
        if kind == "roll":
            return self._roll(game, data)
        if kind == "manage":
            return self._manage(game, data)
        if kind == "buy":
            return self._buy(game, data)
        if kind == "bid":
            return self._bid(game, data)
        if kind == "jackpot":
            return self._jackpot(game, data)
        if kind == "choose":
            return self._choose(game, data)
        if kind == "raise":
            return self._raise(game, data)
        if kind == "exchange":
            return self._exchange(game, data)
        if kind == "insurance":
            return self._insurance(game, data)
        if kind == "lot":
            return self._lot(game, data)
        return self._trade_reply(game, data)

    def cheapest_building(self, game: Game) -> int:
        """The lowest building price on the board (below it, no building is affordable)."""
        if game.board is not self._board_seen:
            self._board_seen = game.board
            self._cheapest_building = min((i.build_price for i in game.board.industries), default=0)
        return self._cheapest_building

    # Windows: before rolling and after resolving the cell.
    def _roll(self, game: Game, data: dict[str, Any]) -> Action:
        seat = data["player"]
        state = game.state
        player = state.players[seat]
        spare = player.cash - self.reserve(game)
        mortgaged, owner = state.mortgaged, state.owner
        for cell in game.board.ownable:
            if mortgaged[cell] and owner[cell] == seat and game.redemption_cost(cell) <= spare:
                return Action.redeem(cell)
        improvement = self._improve(game, seat, data)
        if improvement is not None:
            return improvement
        if player.detained:
            card = player.has_card("jail_free", game.board)
            if card:
                return Action.use_card(tuple(card))
            if self.pay_fine and player.cash >= game.rules.jail_fine:
                return Action.pay_fine()
            if not self.pay_fine and spare >= game.rules.jail_fine and self._board_is_open(game):
                return Action.pay_fine()
        return _ROLL

    def _manage(self, game: Game, data: dict[str, Any]) -> Action:
        improvement = self._improve(game, data["player"], data)
        if improvement is not None:
            return improvement
        return _ROLL if data["again"] else _END_TURN

    def _improve(self, game: Game, seat: int, data: dict[str, Any]) -> Action | None:
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
                return Action.build(cell)
        if self.trades and data.get("offers", 0) == 0 and game.rules.trade_offers_per_turn > 0:
            return self._offer(game, seat, spare)  # one offer a turn, where the rules allow any
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
        level = game.state.level
        best_cell, best_price = -1, 0
        for index in game.complete_industries(seat):
            industry = game.board.industries[index]
            cells, price = industry.cells, industry.build_price
            if price > spare or (best_cell >= 0 and price >= best_price):
                continue
            lowest = cells[0]  # building is even: only the (first) lowest plot can take one
            for cell in cells:
                if level[cell] < level[lowest]:
                    lowest = cell
            if not game.build_problem(seat, lowest):
                best_cell, best_price = lowest, price
        return best_cell

    def _offer(self, game: Game, seat: int, spare: int) -> Action | None:
        """Offer up to twice the price for the one plot that completes an industry."""
        state = game.state
        for industry in game.board.industries:
            mine = [c for c in industry.cells if state.owner[c] == seat]
            theirs = [c for c in industry.cells if state.owner[c] not in (seat, -1)]
            if len(mine) == len(industry.cells) - 1 and len(theirs) == 1:
                cell = theirs[0]
                price = game.board.cells[cell].price
                offer = Trade(partner=state.owner[cell], take_cells=(cell,), give_cash=min(2 * price, spare))
                if offer.give_cash >= price and not game.trade_problem(seat, offer):
                    return Action.offer(offer)
        return None

    def _board_is_open(self, game: Game) -> bool:
        """Early in the game (properties left to buy) moving on is worth the fine."""
        owner = game.state.owner
        return sum(1 for c in game.board.ownable if owner[c] < 0) > len(game.board.ownable) // 3

    # Single questions.
    def _buy(self, game: Game, data: dict[str, Any]) -> Action:
        player = game.state.players[data["player"]]
        price = game.board.cells[data["cell"]].price
        return Action.buy() if player.cash - price >= self.reserve(game) else Action.decline()

    def _bid(self, game: Game, data: dict[str, Any]) -> Action:
        player = game.state.players[data["player"]]
        spare = player.cash - self.reserve(game)
        low = max(data["high"] + 1, game.rules.min_bid)
        if spare < low:
            return Action.pass_()
        cell = data["cell"]
        worth = game.build_price(cell) if "building" in data else game.board.cells[cell].price  # a building or a plot
        limit = min(int(worth * self.bid_factor), spare)
        return Action.bid(limit) if limit >= low else Action.pass_()

    def _jackpot(self, game: Game, data: dict[str, Any]) -> Action:
        state = game.state
        spare = state.players[data["player"]].cash - self.reserve(game)
        bet = int(spare * self.jackpot_share)
        if self.jackpot_share == 0 or bet < 1:
            positive = state.jackpot_box // 3  # a bet below box/2.1 has positive expectation
            bet = min(positive, spare) if self.jackpot_share == 0 else 0
        return Action.bet(bet) if bet >= 1 else Action.skip()

    def _choose(self, game: Game, data: dict[str, Any]) -> Action:
        options, purpose, seat = data["options"], data["purpose"], data["player"]
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

        def partners(cell: int) -> list[int]:
            industry = board.cells[cell].industry
            return [c for c in board.industries[industry].cells if c != cell] if industry >= 0 else []

        def value(cell: int) -> tuple[int, int, int, int]:
            others = [owner[c] for c in partners(cell)]
            completes = bool(others) and all(o == seat for o in others)
            blocks = bool(others) and others[0] not in (seat, -1) and all(o == others[0] for o in others)
            return (completes, blocks, board.cells[cell].ticket, -cell)

        return max(options, key=value)

    def _raise(self, game: Game, data: dict[str, Any]) -> Action:
        seat = data["player"]
        state, board = game.state, game.board
        market = state.market
        if market is not None and market["shares"][seat] and market["price"] and game.rules.shares_pay_debts:
            # Shares first: they earn nothing, buildings and plots earn rent. Just enough of them.
            short = data["amount"] - state.players[seat].cash
            return Action.sell_shares(min(market["shares"][seat], -(-short // market["price"])))
        built = [c for c in board.plots if not game.sell_problem(seat, c)]
        if built:
            return Action.sell(max(built, key=lambda c: (state.level[c], c)))
        mortgageable = [c for c in board.ownable if not game.mortgage_problem(seat, c)]
        # Mortgage first what completes nothing: plots of industries not fully owned.
        return Action.mortgage(min(mortgageable, key=lambda c: (self._completes(game, c, seat), board.cells[c].price, c)))

    # Millionaire Elite: shares, policies, plots waiting on the Auction cell.
    def _exchange(self, game: Game, data: dict[str, Any]) -> Action:
        seat = data["player"]
        market, shares = game.state.market, game.board.shares
        assert market is not None and shares is not None
        price, held = market["price"], market["shares"][seat]
        if held and price >= 2 * shares.start_price:
            return Action.sell_shares(held)
        spare = game.state.players[seat].cash - self.reserve(game)
        count = int(spare * self.invest) // price
        if self.invest and price <= shares.start_price and count >= 1:
            return Action.buy_shares(count)
        return Action.skip()

    def _insurance(self, game: Game, data: dict[str, Any]) -> Action:
        seat = data["player"]
        spare = game.state.players[seat].cash - self.reserve(game)
        for kind in self.insure:
            for term in ("long", "short"):
                for number, policy in enumerate(game.board.policies, start=1):
                    if ((policy.kind, policy.term) == (kind, term) and policy.premium <= spare
                            and not game.policy_problem(seat, number)):
                        return Action.buy_policy(number)
        return Action.skip()

    def _lot(self, game: Game, data: dict[str, Any]) -> Action:
        player = game.state.players[data["player"]]
        cells = game.board.cells
        affordable = [c for c in data["options"] if player.cash - cells[c].price >= self.reserve(game)]
        return Action.choose(max(affordable, key=lambda c: (cells[c].price, -c))) if affordable else Action.skip()

    def _completes(self, game: Game, cell: int, seat: int) -> bool:
        industry = game.board.cells[cell].industry
        return industry >= 0 and all(game.state.owner[c] == seat for c in game.board.industries[industry].cells)

    def _trade_reply(self, game: Game, data: dict[str, Any]) -> Action:
        trade = Trade.from_list(data["trade"])
        seat, proposer = data["player"], data["from"]
        cells = game.board.cells
        receive = trade.give_cash + sum(cells[c].price for c in trade.give_cells)
        give = trade.take_cash + sum(cells[c].price for c in trade.take_cells)
        if self.trades and any(self._completes_after(game, c, seat, proposer) for c in trade.take_cells):
            return Action.reject()  # would complete the proposer's industry
        if any(self._completes(game, c, seat) for c in trade.take_cells):
            return Action.reject()  # would break my own industry
        return Action.accept() if receive >= 1.5 * give else Action.reject()

    def _completes_after(self, game: Game, cell: int, seat: int, other: int) -> bool:
        industry = game.board.cells[cell].industry
        if industry < 0:
            return False
        owner = game.state.owner
        return all(owner[c] == other or c == cell for c in game.board.industries[industry].cells)


STRATEGIES: dict[str, dict[str, Any]] = {
    "cautious": dict(reserve=0.25, bid_factor=1.0, jackpot_share=0.0, pay_fine=False, trades=False),
    "aggressive": dict(reserve=0.0, bid_factor=1.5, jackpot_share=0.05, pay_fine=True, trades=False),
    "monopolist": dict(reserve=0.1, bid_factor=1.2, jackpot_share=0.0, pay_fine=False, trades=True),
}


#: What each named strategy does on a Millionaire Elite board (see :class:`ThresholdAgent`): the
#: cautious player insures against rent and taxes, the aggressive one invests in cheap shares, the
#: monopolist shields his plots from auctions. Other boards never ask.
ELITE_HABITS: dict[str, dict[str, Any]] = {
    "cautious": dict(insure=("rent", "tax")),
    "aggressive": dict(invest=0.5),
    "monopolist": dict(insure=("auction",)),
}


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
        if spec == "random":
            return RandomAgent(seed)
        if spec == "human":
            return Human()
        known = ", ".join([*STRATEGIES, "random", "human"])
        raise MillionaireError(f"unknown strategy {spec!r} (known: {known})")
    if not hasattr(spec, "choose"):
        raise MillionaireError(f"an agent needs a choose(game, decision) method, got {spec!r}")
    return spec


__all__ = ["Agent", "Human", "RandomAgent", "ThresholdAgent", "STRATEGIES", "ELITE_HABITS", "make_agent"]
