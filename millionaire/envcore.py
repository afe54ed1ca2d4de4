"""The environments' hot path (compiled with the engine): the action mask and the observation, read
straight from a game's state for :mod:`millionaire.envs`.

:func:`fill_mask` marks the indices of an :class:`millionaire.envs.ActionTable` that the pending
decision allows without making an ``Action`` for each: building, selling, mortgaging and redeeming
are read from the conditions of ``Game.build_problem``, ``sell_problem``, ``mortgage_problem`` and
``redeem_problem`` themselves (each industry's completeness and the bank's buildings read once), so a
cell costs a comparison or two, not a refusal in words.
The mask is the one ``Game.legal_actions()`` gives (``tests/test_envs.py`` compares them over many
games of every edition). :class:`ObservationWriter` keeps one seat's observation vector and writes
only the entries that changed since its last look. :func:`apply_legal` plays an index the mask allows
and :func:`play_bots` the other seats as ``Game.run`` does, without checking them again.

>>> from millionaire import Game, load_board
>>> layout = MaskLayout({"roll": 0, "end_turn": 1}, {"build": 2}, {}, 3)
>>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
>>> legal = bytearray(3)
>>> fill_mask(game, layout, legal), list(legal)
({}, [1, 0, 0])
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Decision
from .board import CellKind
from .engine import OWED_EFFECTS, Game


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
    cell: int = data.get("cell", -1)
    if cell < 0:
        return 0
    if data.get("building"):
        return game.build_price(cell)
    return game.board.cells[cell].price


def fill_mask(game: Game, layout: MaskLayout, mask: Any) -> dict[str, tuple[int, int, int]]:
    """Set to 1 in ``mask`` (zeros of ``layout.size``) every index the pending decision allows; return
    each amount kind's (lowest, highest, price) as ``ActionTable.mask`` does."""
    data = game.state.pending
    ranges: dict[str, tuple[int, int, int]] = {}
    if data is None:
        return ranges
    state, rules, board = game.state, game.rules, game.board
    seat: int = data["player"]
    kind: str = data["kind"]
    player = state.players[seat]
    simple = layout.simple
    cash = player.cash
    if kind == "roll":
        mask[simple["roll"]] = 1
        if player.detained:
            if cash >= rules.jail_fine:
                mask[simple["pay_fine"]] = 1
            if player.has_card("jail_free", board) is not None:
                mask[simple["release_card"]] = 1
        _window(game, layout, mask, seat, True)
    elif kind == "manage":
        mask[simple["roll" if data["again"] else "end_turn"]] = 1
        _window(game, layout, mask, seat, rules.redeem_any_time)
    elif kind == "buy":
        if cash >= board.cells[data["cell"]].price:
            mask[simple["buy"]] = 1
        mask[simple["decline"]] = 1
    elif kind == "bid":
        mask[simple["pass"]] = 1
        low = max(data["high"] + 1, rules.min_bid)
        if cash >= low:
            ranges["bid"] = (low, cash, 0)
    elif kind == "jackpot":
        mask[simple["skip"]] = 1
        if cash >= 1:
            ranges["bet"] = (1, cash, 0)
    elif kind == "choose":
        for cell in data["options"]:
            mask[layout.choose + cell] = 1
    elif kind == "raise":
        _raising(game, layout, mask, seat)
        market = state.market
        if board.shares is not None and rules.shares_pay_debts and market is not None:
            held: int = market["shares"][seat]
            if held >= 1:
                ranges["sell_shares"] = (1, held, 0)
    elif kind == "trade_reply":
        mask[simple["accept"]] = 1
        mask[simple["reject"]] = 1
    elif kind in ("exchange", "insurance", "lot"):
        mask[simple["skip"]] = 1
        if kind == "exchange":
            market = state.market
            assert market is not None
            most: int = cash // market["price"]
            owned: int = market["shares"][seat]
            if most >= 1:
                ranges["buy_shares"] = (1, most, 0)
            if owned >= 1:
                ranges["sell_shares"] = (1, owned, 0)
        elif kind == "insurance":
            for number in range(1, len(board.policies) + 1):
                if not game.policy_problem(seat, number):
                    mask[layout.buy_policy + number - 1] = 1
        else:
            for cell in data["options"]:
                mask[layout.choose + cell] = 1
    elif kind == "claim":
        mask[simple["claim"]] = 1
        mask[simple["skip"]] = 1
    elif kind == "present":
        mask[simple["accept"]] = 1
        mask[simple["decline"]] = 1
    if ranges:
        price = price_in_question(game)
        for amount_kind, (low, high, _) in list(ranges.items()):
            ranges[amount_kind] = (low, high, price)
            start = layout.base[amount_kind]
            for offset, level in enumerate(layout.levels[amount_kind]):
                if low <= level_amount(amount_kind, level, low, high, price) <= high:
                    mask[start + offset] = 1
    return ranges


def _raising(game: Game, layout: MaskLayout, mask: Any, seat: int) -> None:
    """Selling a building, mortgaging a property: the cells of ``decisions.raising_actions``."""
    state, board = game.state, game.board
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    industries, cells = board.industries, board.cells
    for cell in board.plots:  # the conditions of Game.sell_problem: sell evenly
        if owner[cell] == seat and level[cell] > 0 and \
                level[cell] >= max([level[c] for c in industries[cells[cell].industry].cells]):
            mask[layout.sell + cell] = 1
    for cell in board.ownable:  # the conditions of Game.mortgage_problem, which most owned cells pass
        if owner[cell] == seat and not mortgaged[cell] and game.mortgage_value(cell) and not game.building_locks(cell):
            mask[layout.mortgage + cell] = 1


def _window(game: Game, layout: MaskLayout, mask: Any, seat: int, redeem: bool) -> None:
    """Building, raising cash, redeeming and kept cards: the indices of ``decisions.window_actions``."""
    state, board, rules = game.state, game.board, game.rules
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    cash = state.players[seat].cash
    top = rules.small_per_large + 1
    cells = board.cells
    limited = rules.small_supply is not None or rules.large_supply is not None
    supply_read = False
    small_left: int | None = None
    large_left: int | None = None
    for industry, group in enumerate(board.industries):  # the conditions of Game.build_problem
        if not game.industry_complete(industry, seat):
            continue
        lowest = min([level[c] for c in group.cells])
        for cell in group.cells:
            built = level[cell]
            if cells[cell].kind is not CellKind.PLOT or built >= top or built > lowest or cash < game.build_price(cell):
                continue
            if limited:
                if not supply_read:
                    small_left, large_left = game.supply()
                    supply_read = True
                if built == top - 1:
                    if large_left is not None and large_left < 1:
                        continue
                elif small_left is not None and small_left < 1:
                    continue
            mask[layout.build + cell] = 1
    _raising(game, layout, mask, seat)
    if redeem:
        for cell in board.ownable:
            if owner[cell] == seat and mortgaged[cell] and cash >= game.redemption_cost(cell):  # Game.redeem_problem
                mask[layout.redeem + cell] = 1
    for card in state.players[seat].cards:
        effect = board.decks[card[0]].cards[card[1]].effect
        if effect not in OWED_EFFECTS:
            for cell in game.card_options(seat, effect):
                mask[layout.use_card + cell] = 1


def apply_legal(game: Game, action: Action) -> None:
    """``Game.apply`` for an action the mask allows, so one ``legal_actions()`` names: it is not checked
    again, as ``Game.run`` takes a trusted agent's answer. A subclass of ``Game`` (whose checks may
    differ) and dice that may run out (``Game.apply`` undoes a move they cannot finish) go through
    ``Game.apply``.

    >>> from millionaire import Action, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, None], seed=1)
    >>> apply_legal(game, Action.roll()); game.actions[-1][1]
    Action.roll()
    """
    data = game.state.pending
    if type(game) is not Game or not game.dice.endless or data is None:
        game.apply(action)
        return
    game.actions.append((data["player"], action))
    game._execute(data, action)
    game._advance()


def play_bots(game: Game) -> None:
    """``Game.play_bots`` as ``Game.run`` plays: a trusted agent (the built-in strategies) answers the
    decision's data and its answer is not checked again; any other bot's goes through ``Game.apply``.
    Stops at a seat without an agent (the environment's), or when the game is over.

    >>> from millionaire import load_board
    >>> game = Game(load_board("millionaire-classic"), agents=[None, "cautious"], seed=1)
    >>> play_bots(game); game.state.pending["player"] == game.agents.index(None)
    True
    """
    if not game.dice.endless:  # dice that may run out: Game.apply undoes a move they cannot finish
        game.play_bots()
        return
    state, agents = game.state, game.agents
    while not state.finished:
        data = state.pending
        if data is None:
            return
        seat: int = data["player"]
        agent = agents[seat]
        if agent is None or getattr(agent, "human", False):
            return
        if getattr(agent, "trusted", False):
            action = agent.answer(game, data)
            game.actions.append((seat, action))
            game._execute(data, action)
            game._advance()
        else:
            game.apply(agent.choose(game, Decision(game, data)))


class ObservationWriter:
    """One seat's observation vector (``array``, the module table of :mod:`millionaire.envs`), kept
    between looks: :meth:`look` compares the game with what it wrote last and writes only the
    entries that differ, so that ``array`` always reads as if written from nothing.

    ``start``: each part's first index; ``money``: one unit of money in the vector (1 / (start cash
    × scale)); ``policy_kinds``: Elite's policy kinds, in the vector's order.
    """

    def __init__(self, array: Any, start: dict[str, int], kind_index: dict[str, int], cells: int, players: int,
                 money: float, max_rounds: int, jail_max: int, top: int, share_maximum: int,
                 policy_kinds: list[str], elite: bool) -> None:
        self.array = array
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
        #: The owners, buildings and mortgages as last written (they change far less often than a look).
        self.seen_owner: list[int] = []
        self.seen_level: list[int] = []
        self.seen_mortgaged: list[bool] = []

    def put(self, index: int, value: float) -> None:
        """Write ``value`` at ``index`` unless it is there already."""
        if self.written[index] != value:
            self.written[index] = value
            self.array[index] = value

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
            kind = self.kind_index[data["kind"]]
            asked: int = data["player"]
            mine = 1.0 if asked == me else 0.0
            decision_cell: int = data.get("cell", -1)
            if decision_cell >= 0:
                cell = self.at_decision_cell + decision_cell
            options = data.get("options")
            if options:
                for option in options:
                    sets.append(self.at_options + option)
            if data["kind"] == "raise":
                debt = min(1.0, data.get("amount", 0) * money)
            high = min(1.0, data.get("high", 0) * money)
            price = min(1.0, price_in_question(game) * money)
            again = 1.0 if data.get("again") else 0.0
            trade = data.get("trade")
            if trade is not None and asked == me:  # [partner, give, take, give_cash, take_cash, ...]
                for given in trade[1]:
                    sets.append(self.at_trade_in + given)
                for taken in trade[2]:
                    sets.append(self.at_trade_out + taken)
                trade_in_cash = min(1.0, trade[3] * money)
                trade_out_cash = min(1.0, trade[4] * money)
        self.hot_kind = self._move(self.hot_kind, kind)
        self.hot_cell = self._move(self.hot_cell, cell)
        self.put(self.at_mine, mine)
        self.put(self.at_money, debt)
        self.put(self.at_money + 1, high)
        self.put(self.at_money + 2, price)
        self.put(self.at_again, again)
        self.put(self.at_trade_cash, trade_in_cash)
        self.put(self.at_trade_cash + 1, trade_out_cash)
        players = state.players
        for rank in range(count):
            player = players[(me + rank) % count]
            position = -1
            if player.bankrupt:
                self.put(self.at_bankrupt + rank, 1.0)
                self.put(self.at_cash + rank, 0.0)
                self.put(self.at_detained + rank, 0.0)
                self.put(self.at_jail_turns + rank, 0.0)
                self.put(self.at_kept_cards + rank, 0.0)
            else:
                position = self.at_position + rank * size + player.position
                self.put(self.at_bankrupt + rank, 0.0)
                self.put(self.at_cash + rank, min(1.0, player.cash * money))
                self.put(self.at_detained + rank, 1.0 if player.detained else 0.0)
                self.put(self.at_jail_turns + rank, min(1.0, player.jail_turns / self.jail_max))
                self.put(self.at_kept_cards + rank, min(1.0, len(player.cards) / 10))
            self.hot_position[rank] = self._move(self.hot_position[rank], position)
        self.hot_on_turn = self._move(self.hot_on_turn, self.at_on_turn + (state.current - me) % count)
        owner, level, mortgaged, hot_owner = state.owner, state.level, state.mortgaged, self.hot_owner
        if owner != self.seen_owner:
            for place in range(size):
                seat = owner[place]
                hot_owner[place] = self._move(hot_owner[place], self.at_owner + ((seat - me) % count) * size + place
                                              if seat >= 0 else -1)
            self.seen_owner = list(owner)
        if level != self.seen_level:
            top = self.top
            for place in range(size):
                self.put(self.at_level + place, level[place] / top)
            self.seen_level = list(level)
        if mortgaged != self.seen_mortgaged:
            for place in range(size):
                self.put(self.at_mortgaged + place, 1.0 if mortgaged[place] else 0.0)
            self.seen_mortgaged = list(mortgaged)
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

    def _move(self, old: int, new: int) -> int:
        """A one-hot entry moved from ``old`` to ``new`` (-1: none); returns ``new``."""
        if old != new:
            if old >= 0:
                self.put(old, 0.0)
            if new >= 0:
                self.put(new, 1.0)
        return new


__all__ = ["MaskLayout", "ObservationWriter", "apply_legal", "fill_mask", "level_amount", "play_bots", "price_in_question"]
