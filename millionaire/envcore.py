"""The environments' hot path (compiled with the engine): the action mask, the observation and the
whole step, read straight from a game's state for :mod:`millionaire.envs`.

:func:`legal_indices` lists the indices of an :class:`millionaire.envs.ActionTable` that the pending
decision allows without making an ``Action`` for each: building, selling, mortgaging and redeeming
are read from the conditions of ``Game.build_problem``, ``sell_problem``, ``mortgage_problem`` and
``redeem_problem`` themselves (each industry's completeness read once, in one pass over the seat's
properties, and the rule set's options kept in a :class:`RuleView`), so a cell costs a comparison or
two, not a refusal in words; :func:`fill_mask` writes them into a mask.
The mask is the one ``Game.legal_actions()`` gives (``tests/test_envs.py`` compares them over many
games of every edition). :class:`ObservationWriter` keeps one seat's observation vector and writes
only the entries that changed since its last look. :func:`apply_legal` plays an index the mask allows
and :class:`Bots` the other seats as ``Game.run`` does, without checking them again.
:class:`Decoder` turns an index into its engine action and back; :class:`SingleSeatCore` and
:class:`TurnCore` do a whole step of each environment in one call.

>>> from millionaire import Game, load_board
>>> layout = MaskLayout({"roll": 0, "end_turn": 1}, {"build": 2}, {}, 3)
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
>>> legal = bytearray(3)
>>> fill_mask(game, layout, legal), list(legal)
({}, [1, 0, 0])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .actions import Action, Decision
from .agents import built_in_bots
from .board import Board, CellKind
from .engine import OWED_EFFECTS, Game
from .pending import (BidPending, BuyPending, ChoosePending, ClaimPending, ExchangePending, InsurancePending, JackpotPending,
                      LotPending, ManagePending, PresentPending, RaisePending, RollPending, TradeReplyPending, pending_cell)
from .rules import RuleSet
from .state import GameState


class MaskLayout:
    """Where each engine action sits in an action table: the simple answers' indices, the first index
    of each kind of amount or cell, each amount kind's levels, and the table's size.

    >>> MaskLayout({"roll": 0}, {"build": 1}, {}, 41).size
    41
    """

    def __init__(self, simple: dict[str, int], base: dict[str, int], levels: dict[str, tuple[Any, ...]],
                 size: int) -> None:
        self.simple = simple
        self.base = base
        self.levels = levels
        self.size = size
        self.build = base.get("build", -1)
        self.sell = base.get("sell", -1)
        self.mortgage = base.get("mortgage", -1)
        self.redeem = base.get("redeem", -1)
        self.use_card = base.get("use_card", -1)
        self.choose = base.get("choose", -1)
        self.buy_policy = base.get("buy_policy", -1)
        self.roll = simple.get("roll", -1)
        self.end_turn = simple.get("end_turn", -1)
        self.pay_fine = simple.get("pay_fine", -1)
        self.release_card = simple.get("release_card", -1)
        self.buy = simple.get("buy", -1)
        self.decline = simple.get("decline", -1)
        self.pass_ = simple.get("pass", -1)
        self.skip = simple.get("skip", -1)
        self.accept = simple.get("accept", -1)
        self.reject = simple.get("reject", -1)
        self.claim = simple.get("claim", -1)
        #: Each amount kind's levels as numbers: -1.0 the lowest amount, -2.0 all, else a share.
        self.codes: dict[str, list[float]] = {
            kind: [-1.0 if level == "lowest" else -2.0 if level == "all" else float(level) for level in kind_levels]
            for kind, kind_levels in levels.items()}
        self.rules: RuleView | None = None
        self.cells: CellView | None = None
        #: The board last read and the seats' windows of it (see :class:`BoardReading`).
        self.reading = BoardReading()

    def view(self, rules: RuleSet) -> RuleView:
        """The options of ``rules`` the mask reads (kept while the same rules come back)."""
        view = self.rules
        if view is None or view.source is not rules:
            view = self.rules = RuleView(rules)
        return view

    def board_view(self, board: Board) -> CellView:
        """What the mask reads of ``board``'s cells and industries (kept while the same board comes back)."""
        view = self.cells
        if view is None or view.source is not board:
            view = self.cells = CellView(board)
        return view


class CellView:
    """A board's cells and industries as the mask reads them, in plain lists (a board's cells are
    Python objects): each cell's industry (-1: none) and whether it is a plot, the properties, each
    industry's cells and building price.

    >>> from millionaire import load_board
    >>> view = CellView(load_board("millionaire-classic"))
    >>> len(view.industry) == 40, view.groups[view.industry[1]] == list(load_board("millionaire-classic").industries[view.industry[1]].cells)
    (True, True)
    """

    def __init__(self, board: Board) -> None:
        self.source = board
        self.industry: list[int] = [cell.industry for cell in board.cells]
        self.plot: list[bool] = [cell.kind is CellKind.PLOT for cell in board.cells]
        self.ownable: list[int] = list(board.ownable)
        self.groups: list[list[int]] = [list(group.cells) for group in board.industries]
        self.prices: list[int] = [group.build_price for group in board.industries]


class RuleView:
    """The options of a rule set the mask reads, as plain attributes (a ``RuleSet`` is a Python object).

    >>> from millionaire import RuleSet
    >>> RuleView(RuleSet.classic()).top
    4
    """

    def __init__(self, rules: RuleSet) -> None:
        self.source = rules
        self.jail_fine: int = rules.jail_fine
        self.min_bid: int = rules.min_bid
        self.redeem_any_time: bool = rules.redeem_any_time
        self.shares_pay_debts: bool = rules.shares_pay_debts
        self.top: int = rules.small_per_large + 1
        self.limited: bool = rules.small_supply is not None or rules.large_supply is not None
        self.plot_locks: bool = rules.locked_by_building == "plot"


def level_amount(kind: str, level: Any, low: int, high: int, price: int) -> int:
    """The amount an amount level stands for, given the legal range and the price in question.

    >>> level_amount("bid", 0.5, 10, 900, 120), level_amount("bet", "all", 1, 300, 0)
    (60, 300)
    """
    if level == "lowest":
        return low
    if level == "all":
        return high
    share: float = level
    return round(share * price) if kind == "bid" else int(share * high)


def price_in_question(game: Game) -> int:
    """The price a bid is measured against: the property's, or the building's in a building auction
    (0 when the decision names no cell).

    >>> from millionaire import load_board
    >>> price_in_question(Game(load_board("millionaire-classic"), agents=[None, None], seed=1))
    0
    """
    data = game.state.pending
    if data is None:
        return 0
    if isinstance(data, BidPending) and data.building:
        return game.build_price(data.cell)
    cell = pending_cell(data)
    return game.board.cells[cell].price if cell >= 0 else 0


def _amount(bid: bool, code: float, low: int, high: int, price: int) -> int:
    """:func:`level_amount` of a level's code (:attr:`MaskLayout.codes`)."""
    if code == -1.0:
        return low
    if code == -2.0:
        return high
    return round(code * price) if bid else int(code * high)


def fill_mask(game: Game, layout: MaskLayout, mask: Any) -> dict[str, tuple[int, int, int]]:
    """Set to 1 in ``mask`` (zeros of ``layout.size``) every index the pending decision allows; return
    each amount kind's (lowest, highest, price) as ``ActionTable.mask`` does."""
    legal: list[int] = []
    ranges: dict[str, tuple[int, int, int]] = {}
    legal_indices(game, layout, legal, ranges)
    for index in legal:
        mask[index] = 1
    return ranges


def legal_indices(game: Game, layout: MaskLayout, legal: list[int], ranges: dict[str, tuple[int, int, int]]) -> None:
    """Append to ``legal`` every index the pending decision allows (an index may come twice), and put
    in ``ranges`` each amount kind's (lowest, highest, price).

    >>> from millionaire import load_board
    >>> layout = MaskLayout({"roll": 0, "end_turn": 1}, {"build": 2}, {}, 3)
    >>> legal, ranges = [], {}
    >>> legal_indices(Game(load_board("millionaire-classic"), agents=[None, None], seed=1), layout, legal, ranges)
    >>> legal, ranges
    ([0], {})
    """
    data = game.state.pending
    if data is None:
        return
    state, board = game.state, game.board
    rules = layout.view(game.rules)
    seat = data.player
    player = state.players[seat]
    cash = player.cash
    if isinstance(data, RollPending):
        legal.append(layout.roll)
        if player.detained:
            if cash >= rules.jail_fine:
                legal.append(layout.pay_fine)
            if player.has_card("jail_free", board) is not None:
                legal.append(layout.release_card)
        _window(game, layout, rules, legal, seat, True)
    elif isinstance(data, ManagePending):
        legal.append(layout.roll if data.again else layout.end_turn)
        _window(game, layout, rules, legal, seat, rules.redeem_any_time)
    elif isinstance(data, BuyPending):
        if cash >= board.cells[data.cell].price:
            legal.append(layout.buy)
        legal.append(layout.decline)
    elif isinstance(data, BidPending):
        legal.append(layout.pass_)
        low = max(data.high + 1, rules.min_bid)
        if cash >= low:
            ranges["bid"] = (low, cash, 0)
    elif isinstance(data, JackpotPending):
        legal.append(layout.skip)
        if cash >= 1:
            ranges["bet"] = (1, cash, 0)
    elif isinstance(data, ChoosePending):
        for cell in data.options:
            legal.append(layout.choose + cell)
    elif isinstance(data, RaisePending):
        _raising(game, layout, rules, legal, seat)
        market = state.market
        if board.shares is not None and rules.shares_pay_debts and market is not None:
            held: int = market["shares"][seat]
            if held >= 1:
                ranges["sell_shares"] = (1, held, 0)
    elif isinstance(data, TradeReplyPending):
        legal.append(layout.accept)
        legal.append(layout.reject)
    elif isinstance(data, (ExchangePending, InsurancePending, LotPending)):
        legal.append(layout.skip)
        if isinstance(data, ExchangePending):
            market = state.market
            assert market is not None
            most: int = cash // market["price"]
            owned: int = market["shares"][seat]
            if most >= 1:
                ranges["buy_shares"] = (1, most, 0)
            if owned >= 1:
                ranges["sell_shares"] = (1, owned, 0)
        elif isinstance(data, InsurancePending):
            for number in range(1, len(board.policies) + 1):
                if not game.policy_problem(seat, number):
                    legal.append(layout.buy_policy + number - 1)
        elif isinstance(data, LotPending):
            for cell in data.options:
                legal.append(layout.choose + cell)
    elif isinstance(data, ClaimPending):
        legal.append(layout.claim)
        legal.append(layout.skip)
    elif isinstance(data, PresentPending):
        legal.append(layout.accept)
        legal.append(layout.decline)
    if ranges:
        price = price_in_question(game)
        for amount_kind, (low, high, _) in list(ranges.items()):
            ranges[amount_kind] = (low, high, price)
            start = layout.base[amount_kind]
            bid = amount_kind == "bid"
            for offset, code in enumerate(layout.codes[amount_kind]):
                if low <= _amount(bid, code, low, high, price) <= high:
                    legal.append(start + offset)


class SeatWindow:
    """What a seat's window allows that does not hang on its cash, read from one board (owners,
    buildings, mortgages): the plots it may build on with their building's price (the bank holds a
    building for each), its indices of selling and mortgaging (``decisions.raising_actions``), and its
    mortgaged properties with what redeeming each costs.
    """

    def __init__(self, game: Game, layout: MaskLayout, rules: RuleView, seat: int) -> None:
        state = game.state
        owner, level, mortgaged = state.owner, state.level, state.mortgaged
        view = layout.board_view(game.board)
        groups, industry_of, plot, top = view.groups, view.industry, view.plot, rules.top
        self.build_cells: list[int] = []
        self.build_prices: list[int] = []
        self.raising: list[int] = []
        self.redeem_cells: list[int] = []
        self.redeem_costs: list[int] = []
        supply_read = False
        small_left: int | None = None
        large_left: int | None = None
        for industry, group_cells in enumerate(groups):  # the conditions of Game.build_problem but the cash
            if owner[group_cells[0]] != seat:
                continue
            lowest = top
            complete = True  # Game.industry_complete: every plot the seat's, none mortgaged
            for cell in group_cells:
                if owner[cell] != seat or mortgaged[cell]:
                    complete = False
                    break
                if level[cell] < lowest:
                    lowest = level[cell]
            if not complete:
                continue
            for cell in group_cells:
                built = level[cell]
                if not plot[cell] or built >= top or built > lowest:
                    continue
                if rules.limited:
                    if not supply_read:
                        small_left, large_left = game.supply()
                        supply_read = True
                    if built == top - 1:
                        if large_left is not None and large_left < 1:
                            continue
                    elif small_left is not None and small_left < 1:
                        continue
                self.build_cells.append(cell)
                self.build_prices.append(view.prices[industry])
        plot_locks = rules.plot_locks
        for cell in view.ownable:
            if owner[cell] != seat:
                continue
            built = level[cell]
            industry = industry_of[cell]
            highest = 0  # the most buildings on a plot of the cell's industry
            if industry >= 0:
                for other in groups[industry]:
                    if level[other] > highest:
                        highest = level[other]
            if built > 0 and built >= highest and plot[cell]:  # Game.sell_problem: sell evenly
                self.raising.append(layout.sell + cell)
            if mortgaged[cell]:
                self.redeem_cells.append(cell)
                self.redeem_costs.append(game.redemption_cost(cell))
            # Game.mortgage_problem: unmortgaged, lent on, not locked by a building (Game.building_locks)
            elif game.mortgage_value(cell) and not (built > 0 if plot_locks else highest > 0):
                self.raising.append(layout.mortgage + cell)


class BoardReading:
    """The board of the game last read (copies of its owners, buildings and mortgages), a number that
    moves on whenever a reading finds it changed (``version``), and each seat's :class:`SeatWindow` of
    it, kept while the board reads the same: a window decision costs three list comparisons, not a pass
    over the board, until something is bought, built, sold, mortgaged or redeemed (by the engine or
    by hand; one written by hand is reported to the engine, whose own readings then start afresh).
    Inside a step (:meth:`vouch`) only the engine moves the board and it counts every change, so a
    reading compares the count instead of the lists. The mask and the observation writers of an
    environment share one reading.

    >>> from millionaire import load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
    >>> reading = BoardReading()
    >>> reading.fresh(game.state), reading.fresh(game.state), reading.version
    (False, True, 1)
    >>> game.state.owner[1] = 0; reading.fresh(game.state), reading.version
    (False, 2)
    """

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.owner: list[int] = []
        self.level: list[int] = []
        self.mortgaged: list[bool] = []
        self.version = 0
        self.windows: dict[int, SeatWindow] = {}
        #: The decision of the last reading: its pending data and the count of actions played before it.
        self.pending: Any = None
        self.played = -1
        #: The game's count of board changes (``GameState.board_changes``) at the last reading, and
        #: whether only the engine has moved the board since (:meth:`vouch`): then the count says it all.
        self.changes = -1
        self.vouched = False

    def fresh(self, state: GameState) -> bool:
        """Whether ``state``'s board is the one read last; if not, it is read now (``version`` moves on
        and every window is forgotten). Unless ``vouched``, a board found changed may have been written
        by hand: the engine is told (``board_may_have_changed``: its own readings start afresh)."""
        self.pending = state.pending
        if self.state is state:
            if self.vouched:
                if state.board_changes == self.changes:
                    return True
            elif state.owner == self.owner and state.level == self.level and state.mortgaged == self.mortgaged:
                self.changes = state.board_changes
                return True
        if not self.vouched:
            state.board_may_have_changed()
        self._read(state)
        return False

    def vouch(self, state: GameState) -> None:
        """At the start of a step, where the environment's user last had the board: read it (telling
        the engine of a change, as :meth:`fresh` does). Until ``vouched`` is set back to False, at the
        step's end, only the engine moves the board, and it counts every change: a reading then
        compares the count alone."""
        self.vouched = False
        self.fresh(state)
        self.vouched = True

    def _read(self, state: GameState) -> None:
        self.state = state
        self.owner = list(state.owner)
        self.level = list(state.level)
        self.mortgaged = list(state.mortgaged)
        self.changes = state.board_changes
        self.version += 1
        self.windows.clear()

    def version_at(self, game: Game) -> int:
        """``version`` for ``game``'s pending decision, its board compared once a decision (the
        environments' cores read the board when they list a decision's legal indices; a board written
        by hand after that is read at the next decision)."""
        state = game.state
        played = len(game.actions)
        if self.state is not state or self.pending is not state.pending or self.played != played:
            self.fresh(state)
            self.played = played
        return self.version

    def window(self, game: Game, layout: MaskLayout, rules: RuleView, seat: int) -> SeatWindow:
        """Seat ``seat``'s window of ``game``'s board now."""
        self.fresh(game.state)
        self.played = len(game.actions)
        window = self.windows.get(seat)
        if window is None:
            window = self.windows[seat] = SeatWindow(game, layout, rules, seat)
        return window


def _raising(game: Game, layout: MaskLayout, rules: RuleView, legal: list[int], seat: int) -> None:
    """Selling a building, mortgaging a property: the indices of ``decisions.raising_actions``."""
    legal.extend(layout.reading.window(game, layout, rules, seat).raising)


def _window(game: Game, layout: MaskLayout, rules: RuleView, legal: list[int], seat: int, redeem: bool) -> None:
    """Building, raising cash, redeeming and kept cards: the indices of ``decisions.window_actions``."""
    player = game.state.players[seat]
    cash = player.cash
    window = layout.reading.window(game, layout, rules, seat)
    build = layout.build
    for cell, price in zip(window.build_cells, window.build_prices):
        if cash >= price:
            legal.append(build + cell)
    legal.extend(window.raising)
    if redeem:
        base = layout.redeem
        for cell, cost in zip(window.redeem_cells, window.redeem_costs):  # Game.redeem_problem
            if cash >= cost:
                legal.append(base + cell)
    if player.cards:
        board = game.board
        for card in player.cards:
            effect = board.decks[card[0]].cards[card[1]].effect
            if effect not in OWED_EFFECTS:
                for cell in game.card_options(seat, effect):
                    legal.append(layout.use_card + cell)


def apply_legal(game: Game, action: Action, vouched: bool = False) -> None:
    """``Game.apply`` for an action the mask allows, so one ``legal_actions()`` names: it is not checked
    again, as ``Game.run`` takes a trusted agent's answer. A subclass of ``Game`` (whose checks may
    differ) and dice that may run out (``Game.apply`` undoes a move they cannot finish) go through
    ``Game.apply``. The engine is told that the board may have been written by hand, unless
    ``vouched`` (:meth:`BoardReading.vouch` has compared it).

    >>> from millionaire import Action, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
    >>> apply_legal(game, Action.roll()); game.actions[-1][1]
    Action.roll()
    """
    data = game.state.pending
    if type(game) is not Game or not game.dice.endless or data is None:
        game.apply(action)
        return
    if not vouched:
        game.state.board_may_have_changed()  # the environment's user may have changed the board between steps
    game.actions.append((data.player, action))
    game._execute(data, action)
    game._advance()


class Bots:
    """A game's bots, played as ``Game.run`` plays them (``Game.play_bots`` without its checks): a
    trusted agent (the built-in strategies) answers the decision's data and its answer is not checked
    again; any other bot's goes through ``Game.apply``. Who waits (the environment's seat, a human) and
    each seat's trusted answer are found once, when made.

    >>> from millionaire import load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, "cautious"], seed=1)
    >>> Bots(game).play(); game.state.pending["player"] == game.agents.index(None)
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.waits: list[bool] = [agent is None or bool(getattr(agent, "human", False)) for agent in game.agents]
        self.answers: list[Any] = [agent.answer if getattr(agent, "trusted", False) else None for agent in game.agents]
        self.bots = built_in_bots(game.agents)  # answered by a direct call

    def play(self) -> None:
        """Let the bots answer until a seat that waits must decide, or the game is over."""
        game = self.game
        if not game.dice.endless:  # dice that may run out: Game.apply undoes a move they cannot finish
            game.play_bots()
            return
        state, waits, answers, bots = game.state, self.waits, self.answers, self.bots
        while not state.finished:
            data = state.pending
            if data is None:
                return
            seat: int = data.player
            if waits[seat]:
                return
            bot = bots[seat]
            answer = answers[seat]
            if bot is not None or answer is not None:
                action = bot.answer(game, data) if bot is not None else answer(game, data)
                game.actions.append((seat, action))
                game._execute(data, action)
                game._advance()
            else:
                game.apply(game.agents[seat].choose(game, Decision(game, data)))


class Decoder:
    """An action table's indices and the engine actions they stand for, both ways: ``kinds[i]`` and
    ``arguments[i]`` say what index ``i`` is (a kind, and a cell, a level, a policy number or ``None``);
    the actions that need nothing from the game (every index but the amount levels and the kept cards)
    are made once, here.

    >>> from millionaire import load_board
    >>> decoder = Decoder(MaskLayout({"roll": 0}, {"build": 1}, {}, 3), ["roll", "build", "build"], [None, 0, 1],
    ...                   load_board("millionaire-classic"))
    >>> decoder.action(2, Game(load_board("millionaire-classic"), agents=[None, None], seed=1), {})
    Action.build(1)
    >>> decoder.encode(Action.build(1), {})
    2
    """

    def __init__(self, layout: MaskLayout, kinds: list[str], arguments: list[Any], board: Board) -> None:
        self.layout = layout
        self.kinds = kinds
        self.arguments = arguments
        self.board = board
        fixed: list[Action | None] = []
        for kind, argument in zip(kinds, arguments):
            if kind in layout.levels or kind in ("use_card", "release_card"):
                fixed.append(None)
            elif kind in CELL_ACTIONS:
                fixed.append(Action(kind, cell=argument))
            elif kind == "buy_policy":
                fixed.append(Action.buy_policy(argument))
            else:
                fixed.append(Action(kind))
        self.fixed = fixed

    def action(self, index: int, game: Game | None, ranges: dict[str, tuple[int, int, int]]) -> Action:
        """The engine action ``index`` stands for now (legal when the mask allows ``index``); only a kept
        card's index reads the game (the others may be decoded without one)."""
        made = self.fixed[index]
        if made is not None:
            return made
        kind = self.kinds[index]
        argument = self.arguments[index]
        if kind == "use_card" or kind == "release_card":
            assert game is not None, "a kept card's index is decoded in a game"
            data = game.state.pending
            seat: int = data.player if data is not None else 0
            player = game.state.players[seat]
            if kind == "release_card":
                card = player.has_card("jail_free", self.board)
                return Action.use_card((card[0], card[1])) if card else Action("use_card")
            cell: int = argument
            for held in player.cards:
                if cell in game.card_options(seat, self.board.decks[held[0]].cards[held[1]].effect):
                    return Action.use_card((held[0], held[1]), cell)
            return Action("use_card", cell=cell)  # no card suits the cell: refused by the engine
        low, high, price = ranges.get(kind, (0, 0, 0))
        return Action(kind, amount=level_amount(kind, argument, low, high, price))

    def index(self, action: Action) -> int:
        """The index of an action without an amount (``release_card`` for a release card)."""
        kind = action.kind
        layout = self.layout
        if kind in CELL_ACTIONS:
            return layout.base[kind] + action.cell
        if kind == "use_card":
            return layout.use_card + action.cell if action.cell >= 0 else layout.release_card
        if kind == "buy_policy":
            return layout.buy_policy + action.amount - 1
        return layout.simple[kind]

    def encode(self, action: Action, ranges: dict[str, tuple[int, int, int]]) -> int:
        """The index nearest to an engine action (an amount goes to the legal level nearest it)."""
        kind = action.kind
        levels = self.layout.levels.get(kind)
        if levels is None:
            return self.index(action)
        low, high, price = ranges[kind]
        best = self.layout.base[kind]
        distance = -1
        for offset, level in enumerate(levels):
            amount = level_amount(kind, level, low, high, price)
            if low <= amount <= high and (distance < 0 or abs(amount - action.amount) < distance):
                best, distance = self.layout.base[kind] + offset, abs(amount - action.amount)
        return best


#: The kinds of index that stand for one action on one cell.
CELL_ACTIONS = ("build", "sell", "mortgage", "redeem", "choose")


class SeatCore:
    """What the environments do at every decision, compiled: the legal indices of the pending decision
    (``legal``, with the amount ranges in ``ranges``), the mask handed out for it (a new array, never
    written again), decoding an index and playing it, and each seat's observation. ``legal`` and
    ``ranges`` are the same objects from one decision to the next, brought up to date in place.

    ``writers``: one :class:`ObservationWriter` per seat.

    >>> from millionaire.envs import ActionTable, Observer
    >>> from millionaire import load_board, RuleSet
    >>> board = load_board("millionaire-classic")
    >>> core = SeatCore(ActionTable(board).decoder, Observer(board, RuleSet.for_board(board.key), 2, 50).writers)
    >>> core.game = Game(board, agents=[None, None], seed=1)
    >>> mask = core.refill(); core.legal, int(mask.sum())
    ([0], 1)
    >>> core.play(0); core.game.actions[-1][1]
    Action.roll()
    """

    def __init__(self, decoder: Decoder, writers: list[ObservationWriter]) -> None:
        self.decoder = decoder
        self.layout = decoder.layout
        self.size = decoder.layout.size
        self.writers = writers
        self.game: Game | None = None
        self.legal: list[int] = []
        self.ranges: dict[str, tuple[int, int, int]] = {}
        #: An all-zero mask, and the masks made so far by their legal indices (never handed out: copies are).
        self.zeros: Any = np.zeros(self.size, dtype=np.int8)
        self.masks: dict[tuple[int, ...], Any] = {}

    def refill(self) -> Any:
        """The legal indices of the pending decision, and a new mask of them."""
        game = self.game
        assert game is not None
        legal = self.legal
        legal.clear()
        if self.ranges:
            self.ranges.clear()
        legal_indices(game, self.layout, legal, self.ranges)
        return self.mask()

    def clear(self) -> Any:
        """No legal index (the seat's game is over): an all-zero mask."""
        self.legal.clear()
        if self.ranges:
            self.ranges.clear()
        return self.zeros.copy()

    def mask(self) -> Any:
        """A new mask of the legal indices (a copy of the one made the first time the same indices came)."""
        key = tuple(self.legal)
        made = self.masks.get(key)
        if made is None:
            if len(self.masks) >= 4096:
                self.masks.clear()
            made = self.masks[key] = self.zeros.copy()
            entries: Any = memoryview(made)  # cheaper item by item than numpy's own assignment
            for index in key:
                entries[index] = 1
        return made.copy()

    def play(self, index: int, vouched: bool = False) -> None:
        """Play index ``index`` (one of ``legal``) in the game (``vouched``: the board's reading has
        been vouched for at the step's start)."""
        game = self.game
        assert game is not None
        apply_legal(game, self.decoder.action(index, game, self.ranges), vouched)

    def observe(self, seat: int) -> Any:
        """Seat ``seat``'s observation now, a new array."""
        game = self.game
        assert game is not None
        writer = self.writers[seat]
        writer.look(game, seat)
        return writer.array.copy()


class SingleSeatCore(SeatCore):
    """:class:`SeatCore` for one seat against bots: a whole ``step`` of an index its mask allows.

    >>> from millionaire.envs import ActionTable, Observer
    >>> from millionaire import load_board, RuleSet
    >>> board = load_board("millionaire-classic")
    >>> core = SingleSeatCore(ActionTable(board).decoder, Observer(board, RuleSet.for_board(board.key), 2, 50).writers)
    >>> game = Game(board, agents=[None, "cautious"], seed=1)
    >>> observation, info = core.start(game, game.agents.index(None))
    >>> core.step(0)[1:4], core.step("roll")
    ((0.0, False, False), None)
    """

    def __init__(self, decoder: Decoder, writers: list[ObservationWriter]) -> None:
        super().__init__(decoder, writers)
        self.seat = 0
        #: The environment whose checked step takes what the core leaves (set by the environment).
        self.env: Any = None
        self.bots: Bots | None = None

    def start(self, game: Game, seat: int) -> tuple[Any, dict[str, Any]]:
        """A new game, the seat's first decision: its observation and info (the bots play up to it)."""
        self.game = game
        self.seat = seat
        bots = self.bots = Bots(game)
        bots.play()
        observation, _, _, _, info = self.look()
        return observation, info

    def step(self, action: object) -> tuple[Any, float, bool, bool, dict[str, Any]] | None:
        """The five values of ``step`` for a legal index given as an ``int``; ``None`` for anything else
        (left to the environment's checks)."""
        if type(action) is not int or self.game is None:
            return None
        index: int = action
        if index not in self.legal:  # empty when the episode is over
            return None
        game = self.game
        reading = self.layout.reading
        reading.vouch(game.state)
        try:
            self.play(index, True)
            bots = self.bots
            if bots is not None and not game.state.players[self.seat].bankrupt:
                bots.play()
            return self.look()
        finally:
            reading.vouched = False

    def env_step(self, action: object) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The environment's ``step`` (``SingleSeatEnv.step``), entered without a Python frame."""
        played = self.step(action)
        if played is not None:
            return played
        checked: tuple[Any, float, bool, bool, dict[str, Any]] = self.env._checked_step(action)
        return checked

    def look(self) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, the reward, terminated, truncated and the info (with the mask) now."""
        game = self.game
        assert game is not None
        seat = self.seat
        observation = self.observe(seat)
        if game.state.players[seat].bankrupt:
            info: dict[str, Any] = {"action_mask": self.clear(), "seat": seat}
            if game.state.finished:
                info["result"] = game.result()
            return observation, -1.0, True, False, info
        if game.state.finished:
            result = game.result()
            info = {"action_mask": self.clear(), "seat": seat, "result": result}
            if result.stopped_by_limit:
                return observation, 0.0, False, True, info
            return observation, 1.0 if result.winner == seat else -1.0, True, False, info
        return observation, 0.0, False, False, {"action_mask": self.refill(), "seat": seat}


class TurnCore(SeatCore):
    """:class:`SeatCore` for every seat an agent (PettingZoo's AEC): a whole ``step`` of a legal index
    while no reward is due and no agent is done (``calm``, which the environment keeps), and
    ``last``. ``bind`` gives it the environment's dictionaries of an episode.

    >>> from millionaire.envs import aec_env
    >>> env = aec_env("millionaire-classic", players=2)
    >>> env.reset(seed=1)
    >>> core = env._core
    >>> core.calm, core.step(0), core.asked == env.agent_selection
    (True, 1, True)
    """

    def __init__(self, decoder: Decoder, writers: list[ObservationWriter], agents: list[str]) -> None:
        super().__init__(decoder, writers)
        self.agents = agents
        self.seat_of = {agent: seat for seat, agent in enumerate(agents)}
        self.env: Any = None
        self.rewards: dict[str, Any] = {}
        self.cumulative: dict[str, Any] = {}
        self.terminations: dict[str, Any] = {}
        self.truncations: dict[str, Any] = {}
        self.infos: dict[str, Any] = {}
        self.asked = ""
        self.calm = False
        self.bankrupt = 0

    def bind(self, env: Any, game: Game, rewards: dict[str, Any], cumulative: dict[str, Any],
             terminations: dict[str, Any], truncations: dict[str, Any], infos: dict[str, Any]) -> None:
        """A new episode of ``env`` (whose ``agent_selection`` the core sets) and its dictionaries."""
        self.env = env
        self.game = game
        self.rewards = rewards
        self.cumulative = cumulative
        self.terminations = terminations
        self.truncations = truncations
        self.infos = infos
        self.asked = ""
        self.calm = False
        self.bankrupt = 0

    def step(self, action: object) -> int:
        """0: not done (the environment's own ``step`` takes ``action``); 1: done; 2: played, and a seat
        went bankrupt or the game ended (the environment settles that)."""
        if not self.calm or type(action) is not int:
            return 0
        index: int = action
        if index not in self.legal:
            return 0
        self.cumulative[self.asked] = 0.0  # every reward is 0 while calm
        game = self.game
        assert game is not None
        state = game.state
        reading = self.layout.reading
        reading.vouch(state)
        try:
            self.play(index, True)
            if state.finished:
                return 2
            bankrupt = 0
            for player in state.players:
                if player.bankrupt:
                    bankrupt += 1
            if bankrupt != self.bankrupt:
                return 2
            self.ask()
            return 1
        finally:
            reading.vouched = False

    def env_step(self, action: object) -> None:
        """The environment's ``step`` (``MillionaireAEC.step``), entered without a Python frame."""
        played = self.step(action)
        if played != 1:
            self.env._finish_step(action, played)

    def env_last(self, observe: bool = True) -> tuple[Any, Any, Any, Any, Any]:
        """The environment's ``last()`` (``MillionaireAEC.last``), entered without a Python frame."""
        assert self.game is not None, "reset() the environment first"
        agent: str = self.env.agent_selection
        return self.last(agent, observe)

    def ask(self) -> None:
        """The pending decision's agent is asked: its mask, the others' all 0, ``agent_selection``."""
        game = self.game
        assert game is not None
        data = game.state.pending
        assert data is not None
        mask = self.refill()
        asked = self.agents[data.player]
        infos = self.infos
        if self.asked != asked and self.asked in infos:  # the others' masks are all 0 already
            infos[self.asked] = {"action_mask": self.zeros.copy()}
        infos[asked] = {"action_mask": mask}
        self.asked = asked
        self.env.agent_selection = asked

    def last(self, agent: str, observe: bool) -> tuple[Any, Any, Any, Any, Any]:
        """PettingZoo's ``last()`` for ``agent``."""
        return (self.observe(self.seat_of[agent]) if observe else None, self.cumulative[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])


class AgentIterator:
    """PettingZoo's ``agent_iter``, compiled: the agent to act (``env.agent_selection``) until no agent is
    left in ``env.agents`` or ``most`` have come.

    >>> class Table:
    ...     agents, agent_selection = ["player_0"], "player_0"
    >>> list(AgentIterator(Table(), 3))
    ['player_0', 'player_0', 'player_0']
    """

    def __init__(self, env: Any, most: int) -> None:
        self.env = env
        self.left = min(most, 2**62)

    def __iter__(self) -> AgentIterator:
        return self

    def __next__(self) -> str:
        env = self.env
        if self.left <= 0 or not env.agents:
            raise StopIteration
        self.left -= 1
        agent: str = env.agent_selection
        return agent


class ObservationWriter:
    """One seat's observation vector (``array``, the module table of :mod:`millionaire.envs`), kept
    between looks: :meth:`look` compares the game with what it wrote last and writes only the
    entries that differ, so that ``array`` always reads as if written from nothing.

    ``start``: each part's first index; ``money``: one unit of money in the vector (1 / (start cash
    × scale)); ``policy_kinds``: Elite's policy kinds, in the vector's order; ``reading``: the board's
    reading the writers share with the mask (:class:`BoardReading`): the owners, buildings and
    mortgages are compared with what was written only when it finds the board changed, once a
    decision.
    """

    def __init__(self, array: Any, start: dict[str, int], kind_index: dict[str, int], cells: int, players: int,
                 money: float, max_rounds: int, jail_max: int, top: int, share_maximum: int,
                 policy_kinds: list[str], elite: bool, reading: BoardReading) -> None:
        self.array = array
        #: ``array``'s memory, written entry by entry (cheaper than numpy's own item assignment).
        self.entries: Any = memoryview(array)
        self.reading = reading
        length: int = len(array)
        self.cells = cells
        self.players = players
        self.money = money
        self.rounds = max_rounds + 1
        self.jail_max = max(1, jail_max)
        self.top = top
        self.share_maximum = share_maximum
        self.policy_kinds = policy_kinds
        self.elite = elite
        self.kind_index = kind_index
        self.at_mine = start["mine"]
        self.at_decision_cell = start["decision_cell"]
        self.at_options = start["options"]
        self.at_money = start["decision_money"]
        self.at_again = start["again"]
        self.at_trade_in = start["trade_in"]
        self.at_trade_out = start["trade_out"]
        self.at_trade_cash = start["trade_cash"]
        self.at_position = start["position"]
        self.at_cash = start["cash"]
        self.at_detained = start["detained"]
        self.at_jail_turns = start["jail_turns"]
        self.at_bankrupt = start["bankrupt"]
        self.at_on_turn = start["on_turn"]
        self.at_kept_cards = start["kept_cards"]
        self.at_owner = start["owner"]
        self.at_level = start["level"]
        self.at_mortgaged = start["mortgaged"]
        self.at_round = start["round"]
        self.at_pots = start["pots"]
        self.at_shares = start.get("shares", -1)
        self.at_share_price = start.get("share_price", -1)
        self.at_policies = start.get("policies", -1)
        self.at_waiting = start.get("waiting", -1)
        #: The value written at each index (the vector as it reads: zeros to begin with).
        self.written: list[float] = [0.0] * length
        #: The indices set to 1 by the one-hot parts and the sets of cells, as last written.
        self.hot_position: list[int] = [-1] * players
        self.hot_owner: list[int] = [-1] * cells
        self.hot_kind = -1
        self.hot_cell = -1
        self.hot_on_turn = -1
        self.hot_sets: list[int] = []
        #: What each rank's entries were last written from, as the zeros read (solvent, no cash, free,
        #: no kept card): an entry is worked out only when what it shows has changed.
        self.seen_bankrupt: list[bool] = [False] * players
        self.seen_cash: list[int] = [0] * players
        self.seen_detained: list[bool] = [False] * players
        self.seen_jail_turns: list[int] = [0] * players
        self.seen_cards: list[int] = [0] * players
        #: Whether the decision's debt, bid, "again" and trade cash were last written as anything but 0.
        self.extras = False
        #: Each pending record's class and its decision kind's index (``kind_index`` of its ``kind``).
        self.kind_of: dict[type, int] = {}
        #: The board's reading (``BoardReading.version``) the owner planes, buildings and mortgages were
        #: last written from (they change far less often than a look).
        self.seen_version = -1
        self.seen_owner: list[int] = [-1] * cells  # as the zeros read: nobody's, unbuilt, unmortgaged
        self.seen_level: list[int] = [0] * cells
        self.seen_mortgaged: list[bool] = [False] * cells

    def put(self, index: int, value: float) -> None:
        """Write ``value`` at ``index`` unless it is there already."""
        if self.written[index] != value:
            self.written[index] = value
            self.entries[index] = value

    def look(self, game: Game, me: int) -> None:
        """Bring ``array`` up to the game as seat ``me`` sees it now."""
        state, money, count, size = game.state, self.money, self.players, self.cells
        data = state.pending
        sets: list[int] = []  # the indices of the sets of cells (options, trades, policies, waiting) set to 1
        kind = -1
        cell = -1
        mine = 0.0
        debt = high = price = again = 0.0
        trade_in_cash = trade_out_cash = 0.0
        if data is not None:
            kind_of = self.kind_of.get(type(data))
            if kind_of is None:
                kind_of = self.kind_of[type(data)] = self.kind_index[data.kind]
            kind = kind_of
            asked = data.player
            mine = 1.0 if asked == me else 0.0
            decision_cell = pending_cell(data)
            if decision_cell >= 0:
                cell = self.at_decision_cell + decision_cell
            if isinstance(data, ChoosePending) or isinstance(data, LotPending):
                for option in data.options:
                    sets.append(self.at_options + option)
            if isinstance(data, RaisePending):
                debt = min(1.0, data.amount * money)
            if isinstance(data, BidPending):
                high = min(1.0, data.high * money)
            price = min(1.0, price_in_question(game) * money)
            if isinstance(data, ManagePending) and data.again:
                again = 1.0
            if isinstance(data, TradeReplyPending) and asked == me:
                trade = data.trade
                for given in trade.give_cells:
                    sets.append(self.at_trade_in + given)
                for taken in trade.take_cells:
                    sets.append(self.at_trade_out + taken)
                trade_in_cash = min(1.0, trade.give_cash * money)
                trade_out_cash = min(1.0, trade.take_cash * money)
        if kind != self.hot_kind:
            self.hot_kind = self._move(self.hot_kind, kind)
        if cell != self.hot_cell:
            self.hot_cell = self._move(self.hot_cell, cell)
        self.put(self.at_mine, mine)
        self.put(self.at_money + 2, price)
        extras = debt != 0.0 or high != 0.0 or again != 0.0 or trade_in_cash != 0.0 or trade_out_cash != 0.0
        if extras or self.extras:  # most decisions have none of them, and had none before
            self.put(self.at_money, debt)
            self.put(self.at_money + 1, high)
            self.put(self.at_again, again)
            self.put(self.at_trade_cash, trade_in_cash)
            self.put(self.at_trade_cash + 1, trade_out_cash)
            self.extras = extras
        players = state.players
        seen_bankrupt, seen_cash, seen_detained = self.seen_bankrupt, self.seen_cash, self.seen_detained
        seen_jail_turns, seen_cards, hot_position = self.seen_jail_turns, self.seen_cards, self.hot_position
        for rank in range(count):
            player = players[(me + rank) % count]
            bankrupt = player.bankrupt
            cash = 0  # a bankrupt player's entries read as the zeros do, and his token is off the board
            detained = False
            jail_turns = 0
            cards = 0
            position = -1
            if not bankrupt:
                cash = player.cash
                detained = player.detained
                jail_turns = player.jail_turns
                cards = len(player.cards)
                position = self.at_position + rank * size + player.position
            if bankrupt != seen_bankrupt[rank]:
                seen_bankrupt[rank] = bankrupt
                self.put(self.at_bankrupt + rank, 1.0 if bankrupt else 0.0)
            if cash != seen_cash[rank]:
                seen_cash[rank] = cash
                self.put(self.at_cash + rank, min(1.0, cash * money))
            if detained != seen_detained[rank]:
                seen_detained[rank] = detained
                self.put(self.at_detained + rank, 1.0 if detained else 0.0)
            if jail_turns != seen_jail_turns[rank]:
                seen_jail_turns[rank] = jail_turns
                self.put(self.at_jail_turns + rank, min(1.0, jail_turns / self.jail_max))
            if cards != seen_cards[rank]:
                seen_cards[rank] = cards
                self.put(self.at_kept_cards + rank, min(1.0, cards / 10))
            if position != hot_position[rank]:
                hot_position[rank] = self._move(hot_position[rank], position)
        on_turn = self.at_on_turn + (state.current - me) % count
        if on_turn != self.hot_on_turn:
            self.hot_on_turn = self._move(self.hot_on_turn, on_turn)
        version = self.reading.version_at(game)
        if version != self.seen_version:  # the reading moves on with each board it reads, a game's too
            self._board_planes(state, me)
            self.seen_version = version
        self.put(self.at_round, min(1.0, state.round / self.rounds))
        self.put(self.at_pots, min(1.0, state.jackpot_box * money))
        self.put(self.at_pots + 1, min(1.0, state.charity_fund * money))
        market = state.market
        if self.elite and market is not None:
            share_price: int = market.get("price", 0)
            kinds = self.policy_kinds
            for rank in range(count):
                seat = (me + rank) % count
                held: int = market["shares"][seat]
                self.put(self.at_shares + rank, min(1.0, held * share_price * money))
                for policy in market["policies"][seat]:
                    if policy[0] in kinds:
                        sets.append(self.at_policies + rank * len(kinds) + kinds.index(policy[0]))
            if self.share_maximum > 0:
                self.put(self.at_share_price, min(1.0, share_price / self.share_maximum))
            for waiting in market["waiting"]:
                sets.append(self.at_waiting + waiting)
        if sets != self.hot_sets:
            for index in self.hot_sets:
                self.put(index, 0.0)
            for index in sets:
                self.put(index, 1.0)
            self.hot_sets = sets

    def _board_planes(self, state: GameState, me: int) -> None:
        """The owner planes, buildings and mortgages brought up to ``state``: the places that differ from
        what was written (each list compared whole first)."""
        owner, level, mortgaged = state.owner, state.level, state.mortgaged
        size, count = self.cells, self.players
        seen_owner, seen_level, seen_mortgaged, hot_owner = self.seen_owner, self.seen_level, self.seen_mortgaged, self.hot_owner
        if owner != seen_owner:
            for place in range(size):
                seat = owner[place]
                if seat != seen_owner[place]:
                    hot_owner[place] = self._move(hot_owner[place], self.at_owner + ((seat - me) % count) * size + place
                                                  if seat >= 0 else -1)
                    seen_owner[place] = seat
        if level != seen_level:
            top = self.top
            for place in range(size):
                built = level[place]
                if built != seen_level[place]:
                    self.put(self.at_level + place, built / top)
                    seen_level[place] = built
        if mortgaged != seen_mortgaged:
            for place in range(size):
                lent = mortgaged[place]
                if lent != seen_mortgaged[place]:
                    self.put(self.at_mortgaged + place, 1.0 if lent else 0.0)
                    seen_mortgaged[place] = lent

    def _move(self, old: int, new: int) -> int:
        """A one-hot entry moved from ``old`` to ``new`` (-1: none); returns ``new``."""
        if old != new:
            if old >= 0:
                self.put(old, 0.0)
            if new >= 0:
                self.put(new, 1.0)
        return new


__all__ = ["CELL_ACTIONS", "AgentIterator", "CellView", "Decoder", "MaskLayout", "ObservationWriter", "BoardReading", "Bots", "RuleView", "SeatCore", "SeatWindow", "SingleSeatCore", "TurnCore",
           "apply_legal", "fill_mask", "legal_indices", "level_amount", "price_in_question"]
