"""The share price of Millionaire Elite as a Markov chain of its own.

The price (:class:`millionaire.shares.ShareMarket`) changes only at an Exchange cell (one die) and
by the Fortune deck's price cards, so the next price depends on the present one alone. One step of
the chain is one player-turn: with the probabilities that the token's own chain
(:func:`millionaire.markov.movement_chain`) gives, the turn meets an Exchange or a price card, or
neither and the price stays. :func:`stationary` gives the long-run distribution of the price,
:func:`price_summary` its mean and spread, :func:`simulate_prices` a sampled path to check them.

Examples
--------
>>> from millionaire import load_board
>>> summary = price_summary(load_board("millionaire-elite"))
>>> round(summary["mean"]), round(summary["spread"])
(135, 127)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .shares import ShareMarket

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .rules import RuleSet


def exchange_matrix(market: ShareMarket) -> np.ndarray:
    """The transition matrix of one Exchange visit: row = price level now, column = after the roll.

    >>> m = ShareMarket(100, 10, 50, 10, (-1, -1, -1, 1, 1, 1))
    >>> exchange_matrix(m)[0].tolist()
    [0.5, 0.5, 0.0, 0.0, 0.0]
    """
    prices = market.prices
    matrix = np.zeros((len(prices), len(prices)))
    for row, price in enumerate(prices):
        for face in range(1, 7):
            matrix[row, market.level(market.after_roll(price, face))] += 1 / 6
    return matrix


def card_matrix(market: ShareMarket, card: Any) -> np.ndarray:
    """The transition matrix of one share card (``share_price`` sets, ``share_points`` moves)."""
    prices = market.prices
    matrix = np.zeros((len(prices), len(prices)))
    for row, price in enumerate(prices):
        after = card.amount if card.effect == "share_price" else market.after_points(price, card.points)
        matrix[row, market.level(after)] = 1.0
    return matrix


def price_events(board: Board, rules: RuleSet | None = None) -> dict[str, float]:
    """The expected number of price events per player-turn, from the board's landing chain:
    ``"exchange"`` (landings on Exchange cells) and ``"<deck>:<card>"`` for each share card.

    Landings come from :func:`millionaire.markov.movement_chain` (landings per turn, so a card
    that moves the token counts both stops); each card of a deck is drawn with equal chance.
    """
    from .board import CellKind
    from .markov import movement_chain

    landings = movement_chain(board, rules).probabilities(per="landing")
    events: dict[str, float] = {"exchange": float(sum(landings[c.index] for c in board.cells
                                                       if c.kind is CellKind.EXCHANGE))}
    for cell in board.cells:
        if cell.kind is not CellKind.CARD:
            continue
        deck = board.decks[cell.deck]
        for card in deck.cards:
            if card.effect in ("share_price", "share_points"):
                key = f"{deck.key}:{card.index}"
                events[key] = events.get(key, 0.0) + float(landings[cell.index]) / len(deck.cards)
    return events


def share_chain(board: Board, rules: RuleSet | None = None, players: int = 1) -> np.ndarray:
    """The share price's transition matrix per round of ``players`` player-turns.

    Each player-turn is one step: with the probabilities of :func:`price_events` the price meets
    the Exchange or a share card, otherwise it stays. (The chance of two events in one turn is
    small and is counted as the sum of single events; the test against simulation bounds the error.)

    >>> from millionaire import load_board
    >>> matrix = share_chain(load_board("millionaire-elite"))
    >>> matrix.shape, bool(np.allclose(matrix.sum(axis=1), 1))
    ((50, 50), True)
    """
    market = board.shares
    if market is None:
        raise ValueError(f"board {board.key!r} has no shares (no [shares] table)")
    events = price_events(board, rules)
    cards = {f"{d.key}:{c.index}": c for d in board.decks.values() for c in d.cards}
    size = len(market.prices)
    step = np.zeros((size, size))
    for key, rate in events.items():
        step += rate * (exchange_matrix(market) if key == "exchange" else card_matrix(market, cards[key]))
    step += (1.0 - sum(events.values())) * np.eye(size)
    return np.linalg.matrix_power(step, players)


def stationary(matrix: np.ndarray) -> np.ndarray:
    """The long-run distribution ``pi`` with ``pi @ matrix == pi`` (the chain must have one class).

    >>> stationary(np.array([[0.5, 0.5], [0.25, 0.75]])).round(3).tolist()
    [0.333, 0.667]
    """
    size = matrix.shape[0]
    system = np.vstack([matrix.T - np.eye(size), np.ones(size)])
    target = np.zeros(size + 1)
    target[-1] = 1.0
    pi, *_ = np.linalg.lstsq(system, target, rcond=None)
    pi = np.clip(pi, 0.0, None)
    return pi / pi.sum()


def price_summary(board: Board, rules: RuleSet | None = None) -> dict[str, float]:
    """The long-run mean price, its standard deviation (the spread), and the expected change of the
    price over one player-turn, averaged over the long run (0 in a stationary chain) and from
    the start price.

    >>> from millionaire import load_board
    >>> summary = price_summary(load_board("millionaire-elite"))
    >>> sorted(summary)
    ['mean', 'median', 'return_from_start', 'spread']
    """
    market = board.shares
    assert market is not None
    matrix = share_chain(board, rules)
    pi = stationary(matrix)
    prices = np.array(market.prices, dtype=float)
    mean = float(pi @ prices)
    spread = float(np.sqrt(pi @ (prices - mean) ** 2))
    median = float(prices[int(np.searchsorted(np.cumsum(pi), 0.5))])
    start = market.level(market.start_price)
    return {"mean": mean, "spread": spread, "median": median,
            "return_from_start": float(matrix[start] @ prices - market.start_price)}


def simulate_prices(board: Board, turns: int, seed: int | None = None, rules: RuleSet | None = None) -> np.ndarray:
    """The price after each of ``turns`` player-turns, drawn from the events of :func:`price_events`
    (a check of :func:`share_chain` by sampling, independent of its matrix algebra)."""
    market = board.shares
    assert market is not None
    events = price_events(board, rules)
    cards = {f"{d.key}:{c.index}": c for d in board.decks.values() for c in d.cards}
    keys = list(events)
    weights = np.array([events[k] for k in keys] + [1.0 - sum(events.values())])
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(weights), size=turns, p=weights)
    faces = rng.integers(1, 7, size=turns)
    price, path = market.start_price, np.empty(turns, dtype=np.int64)
    for t in range(turns):
        pick = picks[t]
        if pick < len(keys):
            key = keys[pick]
            if key == "exchange":
                price = market.after_roll(price, int(faces[t]))
            else:
                card = cards[key]
                price = card.amount if card.effect == "share_price" else market.after_points(price, card.points)
        path[t] = price
    return path
