"""Money from the bank: what one player gets (circular income, card receipts) and pays (taxes, card
payments, bail) per roll or per turn, in the long run of the Markov chain.

Not here: money between players (rent, the charity fund's payout, cards that collect from every
player), purchases, buildings, mortgages and the jackpot.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import movement
from ..board import Board, CellKind
from ..markov import CardPolicy, MovementChain, movement_chain
from ..rules import RuleSet
from .checks import EconomicsError, _int, _jail, _rules


#: Keys of :func:`bank_income`, in the order they are printed.
BANK_ITEMS = ("circular_income", "taxes", "card_receipts", "card_payments", "bail", "net", "charity_fund")


_N_ITEMS = 6  # circular income, taxes, card receipts, card payments, bail, charity fund
_INCOME, _TAXES, _RECEIPTS, _PAYMENTS, _BAIL, _CHARITY = range(_N_ITEMS)


class _BankFlows:
    """Expected money of each roll state of the chain, item by item (see :func:`bank_income`)."""

    def __init__(self, chain: MovementChain, cash: int, plots: int, small: int, large: int) -> None:
        self.chain, self.board, self.rules, self.policy = chain, chain.board, chain.rules, chain.policy
        self.cash, self.plots, self.small, self.large = cash, plots, small, large
        self.memo: dict[tuple[int, bool], NDArray[np.float64]] = {}
        self.active: list[int] = []

    def card_money(self, card: Any) -> NDArray[np.float64]:
        money = np.zeros(_N_ITEMS)
        effect = card.effect
        if effect == "receive":
            money[_RECEIPTS] += card.amount
        elif effect == "receive_per_plot":
            money[_RECEIPTS] += card.amount * self.plots
        elif effect == "pay":
            money[_CHARITY if card.to == "fund" else _PAYMENTS] -= card.amount
        elif effect == "repairs":
            money[_PAYMENTS] -= card.per_small * self.small + card.per_large * self.large
        elif effect == "pay_percent_cash":
            money[_PAYMENTS] -= self.cash * card.percent // 100
        # collect_from_each / pay_each move money between players, not with the bank: not counted.
        return money

    def arrive(self, cell: int, by_roll: bool) -> NDArray[np.float64]:
        """Expected money of arriving on ``cell`` (everything it leads to: jumps, cards, further cards)."""
        key = (cell, by_roll)
        if key in self.memo:
            return self.memo[key]
        if cell in self.active:  # the chain itself refuses such boards; never reached with them
            raise EconomicsError(f"board {self.board.key!r}: the cards move a token round in a circle")
        self.active.append(cell)
        board, rules = self.board, self.rules
        money = np.zeros(_N_ITEMS)
        arrival = movement.arrival(board, rules, cell, by_roll)
        info = board.cells[cell]
        if arrival.action == "jump":  # Black business: a fine into the fund, then the fund's cell
            money[_CHARITY] -= info.amount
            money += self.arrive(arrival.cell, False)
        elif arrival.action == "draw":
            deck = board.decks[arrival.deck].cards
            for card in deck:
                draw = 1.0 / len(deck)
                money += draw * self.card_money(card)
                if not card.moves_token:
                    continue
                for q, destination, detain in self.policy.outcomes(board, card, cell):
                    if detain or destination < 0:
                        continue
                    if card.salary:
                        move = movement.card_move(board, card, cell, 0, list(self.policy.owner) if self.policy.owner else None)
                        passed = move.passed_start if move.destination == destination else destination < cell
                        if movement.income_due(rules, passed, destination, False, True):
                            money[_INCOME] += draw * q * rules.circular_income
                    money += draw * q * self.arrive(destination, False)
        elif arrival.action == "stay" and info.kind is CellKind.TAX:
            money[_TAXES] -= info.amount
        self.active.pop()
        self.memo[key] = money
        return money

    def roll_from(self, label: tuple[Any, int]) -> NDArray[np.float64]:
        """Expected money of one roll from a state of the roll chain (its label)."""
        board, rules, chain = self.board, self.rules, self.chain
        money = np.zeros(_N_ITEMS)
        detained = label[0] == "jail"
        for p, die1, die2 in movement.DICE:
            p = float(p)
            if detained and chain.jail == "long":
                result = movement.jail_roll(rules, label[1], die1, die2)
                if result.outcome == "stay":
                    continue
                if result.outcome == "pay_and_move":
                    money[_BAIL] -= p * rules.jail_fine
                destination, passed = movement.step(board, board.jail, result.steps)
            else:
                cell, rolled = (board.jail, 0) if detained else label
                move = movement.roll_move(board, rules, cell, rolled, die1, die2)
                if move.to_jail:
                    continue
                destination, passed = move.destination, move.passed_start
            if movement.income_due(rules, passed, destination, True, False):
                money[_INCOME] += p * rules.circular_income
            money += p * self.arrive(destination, True)
        if detained and chain.jail == "short":  # pays the fine before this roll
            money[_BAIL] -= rules.jail_fine
        return money

    def per_roll(self) -> NDArray[np.float64]:
        roll = self.chain.roll_chain
        flows = np.array([self.roll_from(label) for label in roll.labels])  # type: ignore[arg-type]
        return roll.stationary @ flows


def bank_income(board: Board, rules: RuleSet | None = None, jail: str = "short", per: str = "roll",
                cash: int | None = None, plots: int = 0, small: int = 0, large: int = 0,
                policy: CardPolicy | None = None) -> dict[str, float]:
    """Expected money one player gets from the bank per roll (or per turn), item by item.

    Counted: money between the player and the **bank** only, in the long run of the Markov chain:
    circular income (passing START by a roll, or by a card that pays it), taxes (tax cells), card
    receipts and card payments to the bank, and bail (the jail fine: with ``jail="short"`` paid at
    each detention, with ``"long"`` only after the last missed double). Positive: from the bank to
    the player. ``net`` is their sum.

    Not counted in ``net``: payments into the charity fund (the Black business fine, cards that pay
    the fund) are given apart as ``charity_fund`` (negative: paid by the player); the fund goes back
    to whoever lands on it, so it moves money between players, not from the bank. Rent, purchases,
    auctions, buildings, mortgages, the jackpot (it depends on the bets) and cards that move money
    between players (collect from / pay every player) are left out. Release cards are not used
    (the fine is paid as the strategy says). Cards that depend on the game follow ``policy`` (the
    chain's default: an empty board).

    Parameters
    ----------
    per
        ``"roll"`` (the roll chain's stationary distribution, every roll including rolls in jail) or
        ``"turn"`` (per roll × expected rolls per turn).
    cash, plots, small, large
        What the cards that depend on the player see: cash for "pay 10% of your cash" (default the
        start cash), plots owned for "receive 10 per plot", small and large buildings for repairs.

    Returns
    -------
    dict
        ``circular_income``, ``taxes``, ``card_receipts``, ``card_payments``, ``bail``, ``net`` and
        ``charity_fund`` (see :data:`BANK_ITEMS`).

    Examples
    --------
    >>> from millionaire import load_board
    >>> flows = bank_income(load_board("monopoly-us"))
    >>> print(", ".join(f"{k} {v:+.2f}" for k, v in flows.items()))
    circular_income +34.65, taxes -6.84, card_receipts +3.88, card_payments -1.05, bail -1.97, net +28.67, charity_fund +0.00
    """
    rules = _rules(board, rules)
    if per not in ("roll", "turn"):
        raise EconomicsError(f"per must be 'roll' or 'turn', got {per!r}")
    cash = rules.start_cash if cash is None else _int(cash, "cash", 0)
    plots, small, large = _int(plots, "plots", 0), _int(small, "small", 0), _int(large, "large", 0)
    chain = movement_chain(board, rules, _jail(jail), policy)
    flows = _BankFlows(chain, cash, plots, small, large).per_roll()
    if per == "turn":
        flows = flows * chain.rolls_per_turn
    values = [float(v) for v in flows]
    result = dict(zip(("circular_income", "taxes", "card_receipts", "card_payments", "bail"), values[:_CHARITY]))
    result["net"] = float(sum(values[:_CHARITY]))
    result["charity_fund"] = values[_CHARITY] + 0.0
    return result
