"""Inequality and monopoly power: the Gini coefficient of net worth, the Herfindahl index of
ownership, and what complete industries add to a player's rent, for a position or a whole game.

Not here: the rent tables these build on (:mod:`.rent`), and inequality over many games (see
:meth:`millionaire.simulate.TournamentResult.inequality_trajectory`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..board import Board
from ..rules import RuleSet
from ..queries import industry_owner
from ..state import net_worth
from .checks import EconomicsError, _int, _level, _position, _rules
from .rent import _seat_income, landing_rates, plot_rent

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game
    from ..state import GameState


def gini(values: Iterable[float]) -> float:
    """The Gini coefficient of non-negative amounts (0: all equal; ``(n - 1) / n``: one holds everything).

    ``sum |x_i - x_j| / (2 n^2 mean)`` over all pairs, the population form (no ``n / (n - 1)``
    correction), so a 4-player game where one player holds everything scores 0.75. All zeros: 0.

    Examples
    --------
    >>> gini([100, 100, 100]), gini([0, 0, 0, 400]), round(gini([1, 2, 3, 4]), 4)
    (0.0, 0.75, 0.25)
    >>> gini([5, -1])
    Traceback (most recent call last):
    ...
    millionaire.economics.EconomicsError: gini needs amounts >= 0, got -1
    """
    x = np.asarray(list(values), dtype=float)
    if x.size == 0:
        raise EconomicsError("gini needs at least one amount")
    if (x < 0).any() or not np.isfinite(x).all():
        bad = x[(x < 0) | ~np.isfinite(x)][0]
        raise EconomicsError(f"gini needs amounts >= 0, got {bad:g}")
    total = x.sum()
    if total == 0:
        return 0.0
    x = np.sort(x)
    n = x.size
    ranks = np.arange(1, n + 1)
    return float((2 * ranks - n - 1) @ x / (n * total))


def gini_rows(matrix: NDArray[Any]) -> NDArray[np.float64]:
    """:func:`gini` of each row of a 2-D array (vectorised: rounds × players -> one Gini per round).

    >>> gini_rows(np.array([[1, 1], [0, 2]]))
    array([0. , 0.5])
    """
    x = np.sort(np.asarray(matrix, dtype=float), axis=1)
    if x.ndim != 2 or x.shape[1] == 0:
        raise EconomicsError(f"gini_rows needs a 2-D array with at least one column, got shape {x.shape}")
    if (x < 0).any():
        raise EconomicsError("gini_rows needs amounts >= 0")
    n = x.shape[1]
    total = x.sum(axis=1)
    weighted = x @ (2 * np.arange(1, n + 1) - n - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, weighted / (n * np.where(total > 0, total, 1)), 0.0)


def herfindahl_rows(matrix: NDArray[Any]) -> NDArray[np.float64]:
    """:func:`herfindahl` of each row of a 2-D array of amounts >= 0 (vectorised: observations ×
    players -> one index per observation); ``nan`` for a row where nothing is held.

    >>> herfindahl_rows(np.array([[2, 2], [0, 0], [3, 1]]))
    array([0.5  ,   nan, 0.625])
    """
    x = np.asarray(matrix, dtype=np.float64)
    total = x.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, (x ** 2).sum(axis=1) / np.where(total > 0, total, 1) ** 2, np.nan)


def herfindahl(amounts: Iterable[float]) -> float:
    """The Herfindahl-Hirschman index: the sum of squared shares (``1 / n`` for n equal holders, 1 for one).

    Shares are ``amount / total``; antitrust practice multiplies by 10 000. Nothing held: ``nan``.

    Examples
    --------
    >>> herfindahl([5, 5]), herfindahl([10, 0, 0]), herfindahl([3, 1])
    (0.5, 1.0, 0.625)
    """
    x = np.asarray(list(amounts), dtype=float)
    if x.size == 0 or (x < 0).any():
        raise EconomicsError(f"herfindahl needs one or more amounts >= 0, got {x.tolist()}")
    total = x.sum()
    return float(((x / total) ** 2).sum()) if total > 0 else math.nan


def net_worths(game: Game | GameState, board: Board | None = None) -> list[int]:
    """Each seat's net worth, as :meth:`millionaire.engine.Game.net_worth` counts it: cash, properties at
    price (mortgaged: half), buildings at cost; 0 for a bankrupt player.

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("monopoly-us"), agents=["cautious", "cautious"], seed=1)
    >>> net_worths(game), net_worths(game.state)
    ([1500, 1500], [1500, 1500])
    """
    state, board, _ = _position(game, board)
    return [net_worth(state, board, seat) for seat in range(len(state.players))]


def ownership_hhi(game: Game | GameState, board: Board | None = None, weight: str = "count") -> float:
    """Herfindahl-Hirschman index of property ownership among the players (unowned properties left out).

    Parameters
    ----------
    weight
        ``"count"``: each property counts 1; ``"price"``: weighted by its price.

    Returns ``nan`` while nobody owns anything.

    >>> from millionaire import Game, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> game.state.owner[1] = game.state.owner[2] = 0; game.state.owner[39] = 1
    >>> round(ownership_hhi(game), 4), round(ownership_hhi(game, weight="price"), 4)
    (0.5556, 0.6361)
    """
    state, board, _ = _position(game, board)
    if weight not in ("count", "price"):
        raise EconomicsError(f"weight must be 'count' or 'price', got {weight!r}")
    held = np.zeros(len(state.players))
    for cell in board.ownable:
        seat = state.owner[cell]
        if seat >= 0:
            held[seat] += 1 if weight == "count" else board.cells[cell].price
    return herfindahl(held)


def monopoly_premium_table(board: Board, rules: RuleSet | None = None, jail: str = "short", level: int = 0,
                           opponents: int = 1, lang: str = "en") -> list[dict[str, Any]]:
    """What owning a whole industry is worth: expected rent with it (every plot at ``level``) against the
    same plots unbuilt in scattered hands (printed rent, no monopoly), per opponent turn.

    At ``level=0`` the premium is the monopoly rule alone (doubling); higher levels add the buildings a
    complete industry allows.

    Returns
    -------
    list of dict
        ``industry``, ``name``, ``level``, ``without`` and ``with`` (per opponent turn), ``premium``
        (their difference), ``ratio`` (``with / without``), ``premium_per_round`` (× ``opponents``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> row = monopoly_premium_table(load_board("monopoly-us"), level=5)[-1]
    >>> print(f"{row['name']}: {row['without']:.2f} -> {row['with']:.2f}, x{row['ratio']:.0f}")
    Dark blue: 2.47 -> 101.24, x41
    """
    rules = _rules(board, rules)
    level = _level(board, level)
    opponents = _int(opponents, "opponents", 1)
    turn = landing_rates(board, rules, jail, "turn")
    rows = []
    for ind in board.industries:
        cells = list(ind.cells)
        without = float(sum(turn[c] * board.cells[c].rent[0] for c in cells))
        with_ = float(sum(turn[c] * plot_rent(board, c, level, rules, monopoly=True) for c in cells))
        rows.append({"industry": ind.index, "name": ind.name(lang), "level": level, "without": without, "with": with_,
                     "premium": with_ - without, "ratio": with_ / without if without else math.inf,
                     "premium_per_round": (with_ - without) * opponents})
    return rows


def monopoly_premium(game: Game | GameState, board: Board | None = None, jail: str = "short") -> list[dict[str, Any]]:
    """Each seat's expected rent per opponent turn as things stand, and the part its complete industries add.

    ``rent`` is the seat's expected rent per opponent turn now (monopoly rule and buildings included,
    mortgaged plots earn nothing); ``without`` the same plots unbuilt at printed rent (no complete
    industry); ``premium = rent - without``; ``complete`` the indices of the industries the seat holds
    whole.

    >>> from millionaire import Game, RuleSet, load_board
    >>> game = Game(load_board("millionaire-classic"), agents=["cautious", "cautious"], seed=1)
    >>> for cell in (36, 38, 39):
    ...     game.state.owner[cell] = 1
    >>> [(r["seat"], r["complete"], round(r["premium"], 3)) for r in monopoly_premium(game)]
    [(0, (), 0.0), (1, (7,), 3.406)]
    """
    state, board, rules = _position(game, board)
    rates = landing_rates(board, rules, jail, "turn")
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    rows = []
    for seat in range(len(state.players)):
        rent = _seat_income(board, rules, owner, level, mortgaged, seat, rates)
        without = _seat_income(board, rules, owner, level, mortgaged, seat, rates, plain=True)
        complete = tuple(i for i in range(len(board.industries)) if industry_owner(board, owner, mortgaged, i) == seat)
        rows.append({"seat": seat, "rent": rent, "without": without, "premium": rent - without, "complete": complete})
    return rows


def inequality(games: Game | GameState | Sequence[Game | GameState], board: Board | None = None,
               jail: str = "short") -> dict[str, Any] | list[dict[str, Any]]:
    """Inequality and monopoly power of a position, or of each position of a sequence (a trajectory).

    Parameters
    ----------
    games
        A :class:`~millionaire.engine.Game` or :class:`~millionaire.state.GameState`, or a sequence of
        them (for instance ``[game.state.copy() for _ in play_by_round(game)]``).
    board
        Only needed for states of a board that is not built in.

    Returns
    -------
    dict or list of dict
        ``round``, ``turns``, ``net_worth`` (by seat), ``gini`` (of net worth, bankrupt players
        counting 0), ``hhi`` (property ownership, :func:`ownership_hhi`), ``complete_industries``
        (how many industries one player holds whole), ``monopoly_premium`` (expected rent per opponent
        turn that complete industries add, all seats together: :func:`monopoly_premium`).

    Examples
    --------
    >>> from millionaire import Game, load_board
    >>> from millionaire.simulate import play_by_round
    >>> game = Game(load_board("millionaire-classic"), agents=["aggressive", "cautious", "random"], seed=4,
    ...             record_events=False)
    >>> rows = inequality([g.state.copy() for _, g in play_by_round(game, max_rounds=30)])
    >>> rows[0]["round"], rows[0]["gini"], rows[-1]["round"], rows[-1]["gini"] > 0
    (0, 0.0, 30, True)
    """
    from ..engine import Game
    from ..state import GameState

    if isinstance(games, (Game, GameState)):
        return _inequality_one(games, board, jail)
    return [_inequality_one(g, board, jail) for g in games]


def _inequality_one(game: Game | GameState, board: Board | None, jail: str) -> dict[str, Any]:
    state, board, _ = _position(game, board)
    worth = net_worths(state, board)
    premium = monopoly_premium(state, board, jail)
    finished_at_boundary = state.finished and state.reason.startswith(("round limit", "timed"))
    played = state.round - 1 if (not state.finished or finished_at_boundary) else state.round
    return {"round": played, "turns": state.turns, "net_worth": tuple(worth), "gini": gini(worth),
            "hhi": ownership_hhi(state, board), "complete_industries": sum(len(r["complete"]) for r in premium),
            "monopoly_premium": sum(r["premium"] for r in premium)}
