"""Insurance as a decision under risk, measured on the Millionaire Elite board (lesson 12).

Three tools:

- :func:`lap_losses` plays many single laps of one player (from START until he passes it again)
  across a board his opponents own and have built on, with the same dice with and without a
  policy: what he owes, what the policy pays back, and (:meth:`LapLosses.outcome`) how often a
  given purse is ruined;
- :func:`expected_utility` and :func:`certainty_equivalent` turn a distribution of outcomes into
  the number a risk-averse player compares (logarithmic utility by default);
- :func:`insured_games` plays whole games, a cautious player who insures against one who does not,
  on the same dice.

Examples
--------
>>> round(certainty_equivalent([100, 400], [0.5, 0.5]), 1)  # about the geometric mean, 200
200.2
>>> expected_utility([0, 99], [0.5, 0.5], floor=1) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .agents import STRATEGIES, ThresholdAgent
from .board import Board, CellKind
from .engine import Game
from .rules import RuleSet


def expected_utility(outcomes: Sequence[float], probabilities: Sequence[float] | None = None,
                     utility: str = "log", floor: float = 1.0) -> float:
    """The average utility of ``outcomes`` (wealth after the risk), equally likely unless
    ``probabilities`` are given. ``"log"`` is ``log(floor + w)``: ruin (w = 0) is very bad but finite;
    ``"linear"`` is the wealth itself (a player who cares only for the average).

    >>> expected_utility([10, 30], utility="linear")
    20.0
    """
    values = np.asarray(outcomes, dtype=float)
    weights = np.full(len(values), 1 / len(values)) if probabilities is None else np.asarray(probabilities, dtype=float)
    if values.shape != weights.shape or not np.isclose(weights.sum(), 1) or (weights < 0).any():
        raise ValueError("probabilities must be one per outcome, non-negative, summing to 1")
    if utility == "linear":
        return float(weights @ values)
    if utility != "log":
        raise ValueError(f"utility must be 'log' or 'linear', got {utility!r}")
    if (values < 0).any():
        raise ValueError("wealth cannot be negative under logarithmic utility")
    return float(weights @ np.log(floor + values))


def certainty_equivalent(outcomes: Sequence[float], probabilities: Sequence[float] | None = None,
                         floor: float = 1.0) -> float:
    """The sure wealth a log-utility player values as much as the gamble: below its average, and the
    gap (the risk premium) is what he would pay to be rid of the risk.

    >>> round(certainty_equivalent([0, 100], floor=1), 2)
    9.05
    """
    return float(np.exp(expected_utility(outcomes, probabilities, "log", floor)) - floor)


@dataclass(frozen=True)
class LapLosses:
    """The laps of :func:`lap_losses`: for each lap, the rent the player owed, what the policy paid of
    it (0 without one), and every payment he made himself, in order (rent, cards, fines). A payment
    that is a share of the payer's cash (the card "pay 10% of your cash") is kept as that share, in
    ``percents`` (0 for a payment of a fixed amount), because its amount depends on the purse."""

    owed: np.ndarray
    claim: np.ndarray
    payments: tuple[np.ndarray, ...]
    percents: tuple[np.ndarray, ...] | None = None

    def outcome(self, cash: int) -> tuple[np.ndarray, np.ndarray]:
        """(wealth at the end of each lap, ruined) for a player who starts the lap with ``cash`` and
        owns nothing to sell: he is ruined by the first payment his cash cannot cover, and then has 0.
        A share of his cash is taken from what he has left at that moment.

        >>> laps = LapLosses(np.array([0, 0]), np.array([0, 0]), (np.array([50, 80]), np.array([200])))
        >>> [w.tolist() for w in laps.outcome(150)]
        [[20, 0], [False, True]]
        >>> tenth = LapLosses(np.array([0]), np.array([0]), (np.array([100_000]),), (np.array([10]),))
        >>> [w.tolist() for w in tenth.outcome(1000)]  # 10% of 1000, not the 100,000 of a larger purse
        [[900], [False]]
        """
        wealth, ruined = np.zeros(len(self.payments), dtype=np.int64), np.zeros(len(self.payments), dtype=bool)
        for lap, paid in enumerate(self.payments):
            shares = self.percents[lap] if self.percents is not None else np.zeros(len(paid), dtype=np.int64)
            left = cash
            for amount, percent in zip(paid.tolist(), shares.tolist()):
                due = left * percent // 100 if percent else amount
                if due > left:
                    ruined[lap], left = True, 0
                    break
                left -= due
            wealth[lap] = left
        return wealth, ruined


def built_board(board: Board, level: int, owners: Sequence[int] = (1, 2)) -> tuple[list[int], list[int]]:
    """A late-game position: every plot and company owned, industries dealt in turn to ``owners``,
    every plot with ``level`` buildings; returns (owner, level) lists for a game's state."""
    owner, levels = [-1] * board.size, [0] * board.size
    for number, industry in enumerate(board.industries):
        for cell in industry.cells:
            owner[cell], levels[cell] = owners[number % len(owners)], level
    for number, cell in enumerate(board.railroads + board.utilities):
        owner[cell] = owners[number % len(owners)]
    return owner, levels


def _traveller() -> ThresholdAgent:
    """A cautious player who buys nothing on the way: no policy, no shares."""
    return ThresholdAgent(name="cautious", **{**STRATEGIES["cautious"], "insure": ()})


def _landlord() -> ThresholdAgent:
    """An opponent who only collects: he keeps a reserve far above his cash, so he never buys or builds
    and the board stays as it was set."""
    return ThresholdAgent(name="cautious", **{**STRATEGIES["cautious"], "reserve": 10**6})


#: The traveller's purse in :func:`lap_losses`: more than any lap costs, so every payment is seen.
_PURSE = 10**6


def lap_losses(board: Board, level: int, policy: tuple[str, str] | None = None, laps: int = 1000,
               seed: int = 0, rules: RuleSet | None = None) -> LapLosses:
    """Play ``laps`` laps of seat 0 from START until he passes it again, over :func:`built_board`
    (two opponents own everything at ``level`` and build nothing more), holding ``policy`` (``("rent", "short")``, ...) or
    none. Lap ``i`` uses seed ``seed + i``, so laps with and without a policy roll the same dice. The
    player carries a purse no lap can empty, so every payment is recorded (a share of his cash as that
    share); :meth:`LapLosses.outcome` then tells what a given cash would have come to. The policy is the
    plain bet on the lap's first rent: without ``rules``, the board's preset with the policy handed in at
    the first covered event (``RuleSet.claim_by_choice`` off); rules given are played as they are.

    >>> from millionaire import load_board
    >>> laps = lap_losses(load_board("millionaire-elite"), level=3, laps=20)
    >>> laps.owed.shape, len(laps.payments)
    ((20,), 20)
    """
    # Every plot built takes more branches than the box holds: the bank's supply is lifted.
    rules = (rules or RuleSet.for_board(board.key).replace(claim_by_choice=False)).replace(
        shuffle_seats=False, small_supply=None, large_supply=None)
    owner, levels = built_board(board, level)
    owed, claim = np.zeros(laps, dtype=np.int64), np.zeros(laps, dtype=np.int64)
    payments, percents = [], []
    for lap in range(laps):
        game = Game(board, rules, agents=[_traveller(), _landlord(), _landlord()], seed=seed + lap)
        state = game.state
        state.owner, state.level = list(owner), list(levels)
        state.bank_balance += state.players[0].cash - _PURSE  # the ledger: the bank holds the difference
        state.players[0].cash = _PURSE
        if policy is not None:
            assert state.market is not None, f"board {board.key!r} sells no policies"
            state.market["policies"][0].append(list(policy))
        game.run(max_rounds=15)
        paid, percent, card_percent = [], [], 0
        for event in game.events:  # the lap ends when seat 0 passes START
            if event.kind == "income" and event.player == 0:
                break
            if event.kind == "card" and event.player == 0:
                deck, number = event.detail.split(":")
                card = board.decks[deck].cards[int(number)]
                card_percent = card.percent if card.effect == "pay_percent_cash" else 0
            if event.kind == "pay" and event.player == 0:
                paid.append(event.amount)
                percent.append(card_percent if event.detail == "card" else 0)
                card_percent = 0
                owed[lap] += event.amount if event.detail == "rent" else 0
            if event.kind == "claim" and event.player == 0:
                claim[lap] += event.amount
                owed[lap] += event.amount
        payments.append(np.array(paid, dtype=np.int64))
        percents.append(np.array(percent, dtype=np.int64))
    return LapLosses(owed, claim, tuple(payments), tuple(percents))


def insured_games(board: Board, games: int = 100, rounds: int = 100, seed: int = 0,
                  insure: tuple[str, ...] = ("rent", "tax"), opponents: Sequence[str] = ("aggressive", "aggressive", "monopolist"),
                  rules: RuleSet | None = None) -> dict[str, Any]:
    """Whole games: seat 0 is a cautious player who buys policies of the kinds ``insure``, then, on
    the same dice, one who buys none. Returns for each (``"with"``, ``"without"``) the final net
    worth, whether seat 0 went bankrupt, the premiums he paid and the claims he was paid."""
    rules = (rules or RuleSet.for_board(board.key)).replace(shuffle_seats=False)
    result: dict[str, Any] = {}
    for label, kinds in (("with", tuple(insure)), ("without", ())):
        worth, ruined, premiums, claims = (np.zeros(games, dtype=np.int64) for _ in range(4))
        for number in range(games):
            player = ThresholdAgent(name="cautious", **{**STRATEGIES["cautious"], "insure": kinds})
            game = Game(board, rules, agents=[player, *opponents], seed=seed + number)
            outcome = game.run(max_rounds=rounds)
            worth[number] = outcome.net_worth[0]
            ruined[number] = game.state.players[0].bankrupt
            premiums[number] = sum(e.amount for e in game.events if e.kind == "policy" and e.player == 0)
            claims[number] = sum(e.amount for e in game.events if e.kind == "claim" and e.player == 0)
        result[label] = {"worth": worth, "ruined": ruined.astype(bool), "premiums": premiums, "claims": claims}
    return result


def policies_table(board: Board, lang: str = "en") -> list[dict[str, Any]]:
    """The policies the board sells, numbered as :meth:`millionaire.Action.buy_policy` takes them.

    >>> from millionaire import load_board
    >>> policies_table(load_board("millionaire-elite"))[1]["name"]
    'long-term policy against rent'
    """
    if not any(cell.kind is CellKind.INSURANCE for cell in board.cells):
        raise ValueError(f"board {board.key!r} has no insurance company")
    return [{"number": n, "kind": p.kind, "term": p.term, "premium": p.premium, "cover": p.cover, "name": p.name(lang)}
            for n, p in enumerate(board.policies, start=1)]
