"""Exact Markov chains of one token's movement, built by enumerating :mod:`millionaire.movement`.

A token moves by the dice, by doubles and the third double, by detention and release, by "go to"
cells and by the cards that move it. All of that is written once in :mod:`millionaire.movement`;
this module calls those functions for every dice outcome, every card and every cell, weights each
result by its exact probability and assembles the transition matrix. It adds no rule of its own.

The states between two rolls are ``(cell, doubles rolled so far this turn)`` for a free token and
``(detained, turns waited)`` for a detained one. Card decks are uniform random draws: every card of a
deck with probability ``1 / len(deck)``, the long-run frequency of a deck that is drawn from the top
and put back at the bottom. Cards whose move depends on the game (a chosen plot, the nearest unowned
plot, swapping places) follow a :class:`CardPolicy`; the default sees an empty board.

Two jail strategies:

``"short"``
    Leave at once: on the next turn pay the fine and roll as a free token (a double gives another roll).
``"long"``
    Stay as long as allowed: roll for a double; a double frees the token, which moves by it with no
    extra roll; after ``RuleSet.jail_max_turns`` misses pay the fine and move by the last roll.

Three views answer three questions (:meth:`MovementChain.probabilities`):

``per="roll"``
    *Where does a roll end?* The probability that a roll leaves the token on each cell, with
    detention as its own entry ("in jail"); card moves and jumps count where they end. This is the
    table published for Monopoly (Truman Collins). The entries sum to 1.
``per="turn"``
    *Where does a token rest between turns?* The probability of each cell (or detention) when a
    turn is over. The entries sum to 1.
``per="landing"``
    *How often is each cell landed on, per turn?* Expected landings on each cell in one turn: a roll
    lands once; a card that moves the token lands twice (the card cell and the destination); Black
    business lands twice (15 or 35, then the charity fund 5). The last entry is the expected number of
    detentions per turn (Go To Jail counts as a landing there and a detention; the third double as a
    detention only). This is the view that rent and income need.

Examples
--------
>>> from millionaire import load_board
>>> chain = movement_chain(load_board("monopoly-us"), jail="short")
>>> roll = chain.probabilities(per="roll")
>>> print(f"sum {roll.sum():.6f}; Illinois Avenue {100 * roll[24]:.4f}%; in jail {100 * roll[-1]:.4f}%")
sum 1.000000; Illinois Avenue 3.1858%; in jail 3.9500%
>>> print(f"Boardwalk is first landed on after {chain.turns_to_land(39):.1f} turns on average")
Boardwalk is first landed on after 32.1 turns on average

References
----------
T. Collins, "Probabilities in the Game of Monopoly", http://www.tkcs-collins.com/truman/monopoly/
W. K. Grassmann, M. I. Taksar, D. P. Heyman (1985), "Regenerative analysis and steady state
distributions for Markov chains", Operations Research 33(5), 1107-1116 (the GTH algorithm).
"""

from __future__ import annotations

import csv
import io
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import compiled, movement
from .board import Board
from .cards import Card
from .plain_text import spreadsheet_cell
from .rules import RuleSet
from .words import word

#: How a detained token leaves: pay at once, or roll for a double as long as allowed.
JAIL_STRATEGIES = ("short", "long")
#: The three views of :meth:`MovementChain.probabilities`.
VIEWS = ("roll", "turn", "landing")
#: Named ways a :class:`CardPolicy` picks among the cells a ``move_choice`` card allows.
CHOICES = ("first", "last", "uniform")

_ROW_SUM_TOLERANCE = 1e-9


# ---------------------------------------------------------------------- generic chains
def check_transition_matrix(P: ArrayLike, name: str = "P") -> NDArray[np.float64]:
    """Return ``P`` as a float array after checking that it is a transition matrix.

    A transition matrix is square, finite, non-negative, and each row sums to 1 (within 1e-9).

    Parameters
    ----------
    P
        The matrix, shape ``(n, n)``: ``P[i, j]`` is the probability of going from state i to state j.
    name
        How error messages call the matrix.

    Raises
    ------
    ValueError
        Naming the first problem found: the shape, the first bad entry, or the first row whose sum is off.

    Examples
    --------
    >>> check_transition_matrix([[0.5, 0.5], [1.0, 0.0]]).shape
    (2, 2)
    >>> check_transition_matrix([[0.5, 0.4], [1.0, 0.0]])
    Traceback (most recent call last):
    ...
    ValueError: P: row 0 sums to 0.9, not 1
    """
    matrix = np.array(P, dtype=float)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or matrix.shape[0] == 0:
        raise ValueError(f"{name}: a transition matrix must be square and non-empty, got shape {matrix.shape}")
    # The whole check in one pass (a NaN fails both comparisons, an infinity the row sums); a matrix
    # that fails it is looked at again for its first problem.
    if matrix.min() >= 0.0 and np.abs(matrix.sum(axis=1) - 1.0).max() <= _ROW_SUM_TOLERANCE:
        return matrix
    bad = ~np.isfinite(matrix) | (matrix < 0)
    if bad.any():
        i, j = (int(k) for k in np.argwhere(bad)[0])
        raise ValueError(f"{name}: entry [{i}, {j}] is {float(matrix[i, j])!r}; probabilities must be finite and >= 0")
    sums = matrix.sum(axis=1)
    off = np.flatnonzero(np.abs(sums - 1.0) > _ROW_SUM_TOLERANCE)
    if off.size:
        row = int(off[0])
        raise ValueError(f"{name}: row {row} sums to {sums[row]:.12g}, not 1")
    return matrix


def gth_solve(P: ArrayLike) -> NDArray[np.float64]:
    """The stationary distribution of an irreducible chain by the GTH algorithm.

    Grassmann-Taksar-Heyman elimination works only with sums of non-negative numbers (no
    subtraction), so it stays accurate where solving ``pi (P - I) = 0`` or taking matrix powers loses
    digits. Cost ``O(n^3)``.

    Parameters
    ----------
    P
        An irreducible transition matrix, shape ``(n, n)`` (checked with :func:`check_transition_matrix`).

    Returns
    -------
    numpy.ndarray
        ``pi``, shape ``(n,)``, with ``pi @ P == pi`` and ``pi.sum() == 1``.

    Raises
    ------
    ValueError
        If ``P`` is not a transition matrix or the chain is not irreducible.

    Examples
    --------
    >>> gth_solve([[0.9, 0.1], [0.5, 0.5]]).round(6)
    array([0.833333, 0.166667])
    """
    return _gth(check_transition_matrix(P).copy())


def _gth(a: NDArray[np.float64]) -> NDArray[np.float64]:
    """:func:`gth_solve` of a transition matrix already checked; ``a`` is overwritten.

    The states are folded into the states before them three at a time, from the last: for the
    states B and the states A before them, ``a[A, A] += a[A, B] V a[B, A]`` with ``V = (I - a[B, B])^-1``
    the expected visits to B before leaving it (:func:`_visits`, no subtraction). ``a[A, B] V`` is
    kept in place of ``a[A, B]``; the solution is then carried back up, ``pi[B] = pi[A] a[A, B] V``.
    Three states a step make a third of the Python loop, whose numpy calls are most of the time at
    these sizes; the last step (next to state 0) folds the one or two states left.
    """
    n = a.shape[0]
    folds = [(max(last - 2, 1), last + 1) for last in range(n - 1, 0, -3)]  # states first .. stop - 1
    for first, stop in folds:
        rows, columns = a[first:stop, :first], a[:first, first:stop]
        visits = _visits(a[first:stop, first:stop].tolist(), np.add.reduce(rows, axis=1).tolist(), first)
        np.matmul(columns, visits, out=columns)
        block = a[:first, :first]
        block += columns @ rows
    pi = np.zeros(n)
    pi[0] = 1.0
    for first, stop in reversed(folds):
        pi[first:stop] = pi[:first] @ a[:first, first:stop]
    return pi / pi.sum()


def _visits(inside: list[list[float]], leave: list[float], first: int) -> NDArray[np.float64]:
    """``(I - Q)^-1`` for the one, two or three states ``first, first + 1, ...`` folded by :func:`_gth`:
    ``Q`` (``inside``) their moves among themselves and ``leave`` the probability of each moving to a
    state before them. ``I - Q`` is written with each diagonal as the sum of what leaves the state,
    so its inverse and determinant are sums of products of probabilities, with nothing subtracted.
    Three states: the third folded into the first two (as GTH folds a state), the two by
    :func:`_two_visits`, then the third's visits from theirs.

    >>> _visits([[0.5, 0.25], [0.5, 0.0]], [0.25, 0.5], 3)  # two states: I - Q = [[0.5, -0.25], [-0.5, 1]]
    array([[2.66666667, 0.66666667],
           [1.33333333, 1.33333333]])
    >>> inside, leave = [[0.5, 0.25, 0.0], [0.5, 0.0, 0.25], [0.0, 0.5, 0.0]], [0.25, 0.25, 0.5]
    >>> bool(np.allclose(_visits(inside, leave, 1), np.linalg.inv(np.eye(3) - inside), rtol=1e-15, atol=0))
    True
    """
    if len(leave) == 1:
        if leave[0] <= 0.0:
            raise _not_irreducible(first)
        return np.array([[1.0 / leave[0]]])
    if len(leave) == 2:
        (_, p_to_q), (q_to_p, _) = inside
        return np.array(_two_visits(p_to_q, q_to_p, leave[0], leave[1], first))
    (_, q01, q02), (q10, _, q12), (q20, q21, _) = inside
    l0, l1, l2 = leave
    out2 = l2 + q20 + q21  # what leaves the third state
    if out2 <= 0.0:
        raise _not_irreducible(first + 2)
    to0, to1, from0, from1, stays_out = q20 / out2, q21 / out2, q02 / out2, q12 / out2, l2 / out2
    (v00, v01), (v10, v11) = _two_visits(q01 + q02 * to1, q10 + q12 * to0, l0 + q02 * stays_out,
                                         l1 + q12 * stays_out, first)
    v20, v21 = to0 * v00 + to1 * v10, to0 * v01 + to1 * v11
    return np.array([[v00, v01, v00 * from0 + v01 * from1], [v10, v11, v10 * from0 + v11 * from1],
                     [v20, v21, 1.0 / out2 + v20 * from0 + v21 * from1]])


def _two_visits(p_to_q: float, q_to_p: float, p_out: float, q_out: float,
                first: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """:func:`_visits` of two states p = ``first`` and q = ``first + 1``, as rows of floats: ``p_to_q``
    and ``q_to_p`` their moves to each other, ``p_out`` and ``q_out`` what leaves each for the
    states before them."""
    q_stays_out = q_out + q_to_p  # what leaves q, once p is folded into the states before it
    if q_stays_out <= 0.0:
        raise _not_irreducible(first + 1)
    determinant = p_out * q_stays_out + p_to_q * q_out
    if determinant <= 0.0:
        raise _not_irreducible(first)
    per = 1.0 / determinant
    return (q_stays_out * per, p_to_q * per), (q_to_p * per, (p_out + p_to_q) * per)


def _not_irreducible(state: int) -> ValueError:
    return ValueError(f"the chain is not irreducible: state {state} cannot reach states 0..{state - 1} "
                      "among those not yet eliminated")


def _reachable(adjacent: NDArray[np.bool_], start: int) -> NDArray[np.bool_]:
    """States reachable from ``start`` (itself included) in the graph ``adjacent[i, j]``: i → j."""
    seen = np.zeros(adjacent.shape[0], dtype=bool)
    seen[start] = True
    frontier = seen.copy()
    while frontier.any():
        frontier = adjacent[frontier].any(axis=0) & ~seen
        seen |= frontier
    return seen


def _reach(adjacent: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """``reach[i, j]``: state j is reachable from i (itself included) in the graph ``adjacent[i, j]``: i → j.

    The paths of length up to 1, 2, 4, ... by squaring the matrix: a few products however many states.

    >>> _reach(np.array([[False, True, False], [False, False, True], [False, False, False]])).astype(int)
    array([[1, 1, 1],
           [0, 1, 1],
           [0, 0, 1]])
    """
    reach = adjacent | np.eye(adjacent.shape[0], dtype=bool)
    while True:
        paths = reach.astype(np.float32)  # 0/1 entries: their products count paths, exact below 2^24 states
        longer = (paths @ paths) > 0
        if (longer == reach).all():
            return reach
        reach = longer


class MarkovChain:
    """A finite Markov chain with a validated transition matrix.

    The matrix is checked once, here; derived quantities (irreducibility, the stationary
    distribution) are computed on first use and kept.

    Parameters
    ----------
    P
        Transition matrix, shape ``(n, n)``; ``P[i, j]`` is the probability of moving from i to j.
    labels
        A name for each state (default ``0 .. n-1``).

    Raises
    ------
    ValueError
        ``P`` is not square, has a negative or non-finite entry, or a row that does not sum to 1;
        or ``labels`` has the wrong length.

    Examples
    --------
    >>> chain = MarkovChain([[0.9, 0.1], [0.5, 0.5]], labels=["sunny", "rainy"])
    >>> chain.stationary.round(4)
    array([0.8333, 0.1667])
    >>> chain.distribution([1.0, 0.0], steps=2).round(4)
    array([0.86, 0.14])
    """

    def __init__(self, P: ArrayLike, labels: Sequence[object] | None = None) -> None:
        self.P = check_transition_matrix(P)
        self.P.setflags(write=False)
        self.labels: tuple[object, ...] = tuple(labels) if labels is not None else tuple(range(self.n))
        if len(self.labels) != self.n:
            raise ValueError(f"{len(self.labels)} labels for {self.n} states")

    @property
    def n(self) -> int:
        """Number of states."""
        return self.P.shape[0]

    @cached_property
    def is_irreducible(self) -> bool:
        """True when every state can reach every other state."""
        adjacent = self.P > 0
        return bool(_reachable(adjacent, 0).all() and _reachable(adjacent.T, 0).all())

    @cached_property
    def closed_classes(self) -> tuple[tuple[int, ...], ...]:
        """The closed communicating classes: sets of states that reach each other and nothing else.

        >>> MarkovChain([[0.5, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]).closed_classes
        ((1,), (2,))
        """
        reach = _reach(self.P > 0)
        mutual = reach & reach.T
        closed = ~(reach & ~mutual).any(axis=1)  # reaches only the states that reach it back
        first = mutual.argmax(axis=1)  # each state's class by its first member
        classes = [tuple(np.flatnonzero(mutual[member]).tolist()) for member in np.unique(first[closed])]
        return tuple(classes)

    @cached_property
    def stationary(self) -> NDArray[np.float64]:
        """The stationary distribution ``pi`` (``pi @ P == pi``), by :func:`gth_solve`.

        A chain with one closed class (every other state is only passed through) has a unique one,
        zero on the passing states. Raises ``ValueError`` when there are several closed classes
        (then it is not unique).

        GTH on the whole matrix succeeds when every state reaches state 0: then there is one closed
        class and this is its answer. Only when it fails are the closed classes looked for.

        >>> MarkovChain([[0.0, 1.0], [0.0, 1.0]]).stationary
        array([0., 1.])
        """
        try:
            pi = _gth(self.P.copy())
        except ValueError:
            classes = self.closed_classes
            if len(classes) != 1:
                raise ValueError(f"the chain is not irreducible and has {len(classes)} closed classes of states: "
                                 "its stationary distribution is not unique") from None
            members = list(classes[0])
            pi = np.zeros(self.n)
            pi[members] = _gth(self.P[np.ix_(members, members)])  # a closed class: its rows sum to 1
        pi.setflags(write=False)
        return pi

    def distribution(self, initial: ArrayLike, steps: int) -> NDArray[np.float64]:
        """The distribution after ``steps`` transitions from the distribution ``initial``.

        Parameters
        ----------
        initial
            Probabilities of the states, shape ``(n,)``, non-negative and summing to 1.
        steps
            Number of transitions, ``>= 0``.
        """
        if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 0:
            raise ValueError(f"steps must be an integer >= 0, got {steps!r}")
        x = np.array(initial, dtype=float)
        if x.shape != (self.n,) or (x < 0).any() or abs(x.sum() - 1.0) > _ROW_SUM_TOLERANCE:
            raise ValueError(f"initial must be {self.n} non-negative probabilities summing to 1, got {x!r}")
        if steps > _STEPS_ONE_BY_ONE:
            return self._by_squaring(x, int(steps))
        for _ in range(int(steps)):
            x = x @ self.P
        return x

    def _by_squaring(self, x: NDArray[np.float64], steps: int) -> NDArray[np.float64]:
        """``x`` after ``steps`` transitions by powers of P (P, P², P⁴, ...): a few dozen products
        however many steps. Rows are scaled back to sum 1 after each product, or rounding errors
        would grow with the power."""
        power = self.P.copy()
        while steps:
            if steps & 1:
                x = x @ power
                x /= x.sum()
            steps >>= 1
            if steps:
                power = power @ power
                power /= power.sum(axis=1, keepdims=True)
        return x

    def __repr__(self) -> str:
        return f"<MarkovChain: {self.n} states>"


#: Up to this many steps a distribution is carried forward one step at a time; beyond, by powers of P.
_STEPS_ONE_BY_ONE = 10_000


# ---------------------------------------------------------------------- the card policy
class CardOutcome(NamedTuple):
    """One way a moving card can end: with ``probability``, to ``destination`` (-1: the token stays),
    or detained (``detain``: the token goes to jail)."""

    probability: float
    destination: int
    detain: bool = False


Chooser = Callable[[tuple[int, ...], int], int]


@dataclass(frozen=True)
class CardPolicy:
    """How the chain and the landing simulator settle the cards whose move depends on the game.

    The default, ``CardPolicy()``, is the board at the start of a game seen by a lone token: no
    owners and no other players. Then

    - "go to a plot of an industry where you own one" and "go to a plot of another player"
      (``move_choice``): there is no such plot, so the token stays;
    - "swap places with the nearest player" (``swap_nearest``): nobody to swap with, so it stays;
    - "move to the nearest unowned plot" (``nearest``, ``unowned_plot``): every plot is unowned, so
      it moves to the nearest plot ahead.

    The moves themselves are :func:`millionaire.movement.card_moves`'; the policy only supplies the
    game it sees and the choice among allowed cells.

    Parameters
    ----------
    owner
        Each cell's owner seat, -1 for unowned, as the cards see it (the token is seat 0); ``None``:
        nobody owns anything.
    others
        Cells where the other players stand, for the swap card; ``()``: no other players. They are
        held there: a swap moves the token to the nearest of them and leaves the others in place.
    choose
        Which allowed cell a ``move_choice`` card takes: ``"first"`` (the first option, i.e. the lowest
        cell), ``"last"``, ``"uniform"`` (each option equally likely), or a callable
        ``choose(options, position) -> cell``.

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("millionaire-classic")
    >>> unowned = next(c for c in board.decks["move"].cards if c.what == "unowned_plot")
    >>> CardPolicy().outcomes(board, unowned, 3)
    (CardOutcome(probability=1.0, destination=4, detain=False),)
    >>> mine = tuple(0 if c in (1, 2) else -1 for c in range(board.size))
    >>> choice = next(c for c in board.decks["move"].cards if c.among == "own_industry")
    >>> CardPolicy(owner=mine, choose="uniform").outcomes(board, choice, 3)  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    (CardOutcome(probability=0.333..., destination=1, detain=False),
     CardOutcome(probability=0.333..., destination=2, detain=False),
     CardOutcome(probability=0.333..., destination=4, detain=False))
    """

    owner: tuple[int, ...] | None = None
    others: tuple[int, ...] = ()
    choose: str | Chooser = "first"

    def __post_init__(self) -> None:
        if self.choose not in CHOICES and (isinstance(self.choose, str) or not callable(self.choose)):
            raise ValueError(f"CardPolicy.choose must be one of {', '.join(CHOICES)} or a callable, got {self.choose!r}")
        if self.owner is not None:
            object.__setattr__(self, "owner", tuple(int(o) for o in self.owner))
        object.__setattr__(self, "others", tuple(int(c) for c in self.others))

    def describe(self) -> str:
        """One line for learners: what the policy assumes.

        >>> CardPolicy().describe()
        'no owners, no other players; a choice card takes the first allowed cell'
        """
        owners = "no owners" if self.owner is None else f"{sum(o >= 0 for o in self.owner)} owned cells"
        others = "no other players" if not self.others else f"other players on {', '.join(map(str, self.others))}"
        if callable(self.choose):
            how = f"the cell {getattr(self.choose, '__name__', 'a function')} picks"
        else:
            how = {"first": "the first allowed cell", "last": "the last allowed cell",
                   "uniform": "each allowed cell with equal probability"}[self.choose]
        return f"{owners}, {others}; a choice card takes {how}"

    def outcomes(self, board: Board, card: Card, position: int) -> tuple[CardOutcome, ...]:
        """Where a moving ``card`` drawn at ``position`` takes the token, with probabilities.

        Raises
        ------
        ValueError
            ``owner`` does not list every cell of the board, a cell of ``others`` is off the board,
            or the ``choose`` callable returns a cell that is not an option.
        """
        self.check(board)
        return tuple(CardOutcome(*way) for way in self.follow(board, card, [position])[0])

    def check(self, board: Board) -> None:
        """Raise ``ValueError`` when the policy's game does not fit ``board`` (see :meth:`outcomes`).

        >>> from millionaire import load_board
        >>> CardPolicy(others=(45,)).check(load_board("monopoly-us"))
        Traceback (most recent call last):
        ...
        ValueError: CardPolicy.others: (45,) has a cell outside the board (0..39)
        """
        if self.owner is not None and len(self.owner) != board.size:
            raise ValueError(f"CardPolicy.owner lists {len(self.owner)} cells but board {board.key!r} has {board.size}")
        if any(not 0 <= c < board.size for c in self.others):
            raise ValueError(f"CardPolicy.others: {self.others} has a cell outside the board (0..{board.size - 1})")

    def moves(self, board: Board, card: Card, cells: list[int]) -> movement.CardMoves:
        """:func:`movement.card_moves` of a moving ``card`` drawn on each of ``cells`` in the game the
        policy sees (the choices of a ``move_choice`` card not yet made), on a board already passed
        by :meth:`check`.

        >>> from millionaire import load_board
        >>> board = load_board("monopoly-us")
        >>> CardPolicy().moves(board, board.decks["chance"].cards[0], [7, 22]).destinations
        [39, 39]
        """
        owner = list(self.owner) if self.owner is not None else None
        positions: list[int | None] | None = [None, *self.others] if self.others else None  # seat 0: the token
        return movement.card_moves(board, card, cells, 0, owner, positions)

    def follow(self, board: Board, card: Card, cells: list[int]) -> list[tuple[tuple[float, int, bool], ...]]:
        """:meth:`outcomes` on each of ``cells``, as plain ``(probability, destination, detain)``
        tuples, on a board already passed by :meth:`check`.

        >>> from millionaire import load_board
        >>> board = load_board("monopoly-us")
        >>> CardPolicy().follow(board, board.decks["chance"].cards[0], [7, 22])
        [((1.0, 39, False),), ((1.0, 39, False),)]
        """
        moves = self.moves(board, card, cells)
        if moves.detain:
            return [((1.0, board.jail, True),) for _ in cells]
        if not moves.choices:
            return [((1.0, cell, False),) for cell in moves.destinations]
        return [self._choose_among(card, cell, moves.choices) for cell in cells]

    def _choose_among(self, card: Card, position: int, options: tuple[int, ...]) -> tuple[tuple[float, int, bool], ...]:
        """The outcomes of a ``move_choice`` card drawn at ``position`` that allows ``options``."""
        if self.choose == "uniform":
            return tuple((1.0 / len(options), cell, False) for cell in options)
        if self.choose == "first":
            return ((1.0, options[0], False),)
        if self.choose == "last":
            return ((1.0, options[-1], False),)
        cell = self.choose(options, position)  # type: ignore[operator]
        if cell not in options:
            raise ValueError(f"CardPolicy.choose returned {cell!r} for a {card.effect} card at cell {position}; "
                             f"the options were {options}")
        return ((1.0, int(cell), False),)


# ---------------------------------------------------------------------- the movement chain
_Resolution = dict[tuple[int, tuple[int, ...]], float]


class ArrivalOutcome(NamedTuple):
    """One way an arrival can end: with ``probability`` the token stops on ``end`` (the jail cell
    when ``detained``) after landing on the cells ``landed``, in order."""

    probability: float
    end: int
    landed: tuple[int, ...]
    detained: bool = False


def _step_table(board: Board, steps: Sequence[int]) -> NDArray[np.intp]:
    """``table[c, j] == movement.step(board, c, steps[j])[0]``: where each count of ``steps`` leads
    from every cell. :func:`movement.step` is arithmetic, so its Python source takes the cells (a
    column) and the counts (a row) as arrays, all in one call; compiled, it takes one cell a call,
    and :func:`movement.step_table` makes the table in one call instead.

    >>> from millionaire import load_board
    >>> _step_table(load_board("monopoly-us"), [3, -3])[38].tolist()
    [1, 35]
    """
    if "movement" not in compiled.IN_USE:
        try:
            table = movement.step(board, np.arange(board.size)[:, None], np.array(steps, dtype=np.intp))[0]  # type: ignore[arg-type]
            if table.shape == (board.size, len(steps)):
                return table
        except (TypeError, ValueError):  # a step that takes one cell a call
            pass
    flat = movement.step_table(board, list(steps))
    return np.fromiter(flat, dtype=np.intp, count=len(flat)).reshape(board.size, len(steps))


class _BoardMoves:
    """What a board, a rule set and a card policy make of every roll and arrival, whatever the jail
    strategy; kept per board by :func:`_board_moves`, so the two jail strategies (and a chain built
    again) share it.

    The movement functions are called once for each input the chain needs (each roll from each
    count of doubles, the steps of each total from every cell at once, each cell's arrival, each
    moving card on all the cells of its deck at once) and their results combined as arrays: no
    object per way a card can lead, unless :meth:`arrive` is asked for the ways one by one.

    Attributes
    ----------
    free_arrive, free_detain
        From each free state ``cell * doubles + doubles rolled``: ``free_arrive[k][s, c]`` the
        probability that the roll arrives on cell ``c`` with ``k`` doubles carried to the next roll
        (0: the turn ends); ``free_detain[s]`` the probability of the third double.
    ends, landings
        Where arrivals on each cell by a roll end (``ends[c, e]``, ``e == size`` for detention) and
        the expected landings on each cell on the way (``landings[c, l]``), from :meth:`ways`.
    arrivals
        For each cell, everything arriving on it by a roll leads to (see :meth:`arrive`), worked out
        when first asked for.
    """

    def __init__(self, board: Board, rules: RuleSet, policy: CardPolicy) -> None:
        self.board, self.rules, self.policy = board, rules, policy
        size, doubles = board.size, rules.doubles_to_jail
        # What each roll does from each count of doubles, wherever the token stands, summed over the rolls
        # alike (doubles rolled before, carried after, steps); then from every cell at once.
        alike, detain_after = movement.roll_kinds(rules)
        totals = sorted({steps for _, _, steps in alike})
        lands = _step_table(board, totals)
        self._lands = dict(zip(totals, lands.T.tolist()))  # steps -> the cell they lead to from each cell
        free = size * doubles
        column = {steps: at for at, steps in enumerate(totals)}
        # The free state (cell, rolled) is cell * doubles + rolled; reached[k, s, c] is flat (k * free + s) * size + c.
        before = np.array([carried * free + rolled for rolled, carried, _ in alike])
        flat = (np.arange(size)[:, None] * doubles + before) * size + lands[:, [column[steps] for _, _, steps in alike]]
        weights = (np.ones((size, 1)) * list(alike.values())).ravel()  # the same from every cell
        arrive = np.bincount(flat.ravel(), weights, minlength=doubles * free * size)
        self.free_arrive = arrive.reshape(doubles, free, size)
        self.free_detain = (np.ones((size, 1)) * detain_after).ravel()
        self._rolls: dict[str, tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]] = {}
        # The first steps of the arrivals (:meth:`ways`), all in two flat lists: those of the i-th kind
        # of arrival worked out are probability[bounds[i]:bounds[i + 1]], where[bounds[i]:bounds[i + 1]].
        self._probability: list[float] = []
        self._where: list[int] = []
        self._bounds = [0]
        self._arrived: list[int] = []  # the cell of each
        self._kind: dict[int, int] = {}  # cell -> which, for the arrivals by a card or a jump
        self._rolled: list[movement.Arrival] = []  # movement.arrival of a roll on each cell
        self._moving: dict[str, list[Card]] = {}
        self._draw_cells: dict[str, list[int]] = {}  # deck -> the cells that draw from it by a roll
        self._drawn: dict[tuple[str, int], tuple[list[float], list[int]]] = {}
        self._policy_checked = False
        self._resolutions: dict[int, _Resolution] = {}
        self.ends, self.landings = self._follow_arrivals()
        for array in (self.free_arrive, self.free_detain, self.ends, self.landings):
            array.setflags(write=False)

    def rolls(self, jail: str) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        """Every state's next roll under the jail strategy ``jail``, the free states (as in
        ``free_arrive``) then the detained ones (turns waited, one state for ``"short"``); worked out
        once per strategy.

        Returns ``(arrive, detain, wait)``: ``arrive[k, s, c]`` the probability that the roll from
        state ``s`` arrives on cell ``c`` with ``k`` doubles carried to the next roll of the turn (0:
        the turn ends); ``detain[s]`` detained (the third double, or again); ``wait[s, w]`` a detained
        token's miss that waits on, to the detained state ``w``.

        With ``"short"`` the detained token pays and rolls as a free token on the jail cell with no
        double rolled (:func:`movement.roll_move`, which is :func:`movement.roll_steps` then
        :func:`movement.step`): the free state's roll.
        """
        if jail not in self._rolls:
            board, rules, size = self.board, self.rules, self.board.size
            if jail == "short":
                start = board.jail * rules.doubles_to_jail
                arrive, detain = self.free_arrive[:, start:start + 1], self.free_detain[start:start + 1]
                wait = np.zeros((1, 1))
            else:
                states = rules.jail_max_turns
                stay, leave = movement.jail_roll_kinds(rules)  # a detained token's rolls, from the jail cell
                from_jail = {steps: cells[board.jail] for steps, cells in self._lands.items()}  # movement.step's
                moves = [waited * size + (from_jail[steps] if steps in from_jail else movement.step(board, board.jail, steps)[0])
                         for waited, steps in leave]
                arrive = np.zeros((rules.doubles_to_jail, states, size))
                arrive[0] = np.bincount(moves, list(leave.values()), minlength=states * size).reshape(states, size)
                wait = np.diag(stay[:-1], 1)  # from waited to waited + 1
                detain = np.zeros(states)
            free = self.free_detain.size
            rolls = (np.concatenate([self.free_arrive, arrive], axis=1), np.concatenate([self.free_detain, detain]),
                     np.concatenate([np.zeros((free, wait.shape[0])), wait]))
            for array in rolls:
                array.setflags(write=False)
            self._rolls[jail] = rolls
        return self._rolls[jail]

    def ways(self, cell: int, by_roll: bool) -> list[tuple[float, int]]:
        """The first step of an arrival on ``cell``, as ``(probability, where)`` pairs: ``where`` is
        the cell the token stops on, ``board.size`` for detention, or ``board.size + 1 + d`` where a
        card or a jump takes it on to arrive on ``d``.

        >>> from millionaire import load_board
        >>> moves = movement_chain(load_board("millionaire-classic"))._moves
        >>> moves.ways(15, True), moves.ways(30, True)  # Black business to the charity fund 5; Go to Tax Inspection
        ([(1.0, 46)], [(1.0, 40)])
        """
        which = self._which(cell, by_roll)
        low, high = self._bounds[which], self._bounds[which + 1]
        return list(zip(self._probability[low:high], self._where[low:high]))

    def _which(self, cell: int, by_roll: bool) -> int:
        """Which of the kinds of arrival worked out an arrival on ``cell`` is: the first ``size`` are
        the arrivals by a roll on each cell (:meth:`_follow_arrivals`); an arrival by a card or a
        jump is the roll's kind, since :func:`movement.arrival` does not read ``by_roll``
        (:data:`movement.ARRIVAL_READS_BY_ROLL`). Where it does, it is the roll's kind where
        ``arrival`` gives the same for both, else a kind of its own, worked out once."""
        if by_roll or not movement.ARRIVAL_READS_BY_ROLL:
            return cell
        which = self._kind.get(cell)
        if which is None:
            arrival, rolled = movement.arrival(self.board, self.rules, cell, False), self._rolled[cell]
            if (arrival.action, arrival.cell, arrival.deck) == (rolled.action, rolled.cell, rolled.deck):
                which = cell
            else:
                which = len(self._arrived)
                self._first_steps(cell, arrival)
                self._bounds.append(len(self._where))
                self._arrived.append(cell)
            self._kind[cell] = which
        return which

    def _first_steps(self, cell: int, arrival: movement.Arrival) -> None:
        """Append the first steps of ``arrival`` on ``cell`` to the flat lists (see :meth:`ways`)."""
        board, size = self.board, self.board.size
        probability, where = self._probability, self._where
        if arrival.action != "draw":
            probability.append(1.0)
            where.append(cell if arrival.action == "stay" else size if arrival.action == "detain" else size + 1 + arrival.cell)
            return
        deck = board.decks[arrival.deck].cards
        draw = 1.0 / len(deck)
        moving = self._moving.get(arrival.deck)
        if moving is None:
            moving = self._moving[arrival.deck] = [card for card in deck if card.moves_token]
        if len(moving) < len(deck):  # the other cards leave the token where it is
            probability.append(draw * (len(deck) - len(moving)))
            where.append(cell)
        if moving:
            chances, wheres = self._card_ways(arrival.deck, moving, cell)
            probability.extend([draw * q for q in chances])
            where.extend(wheres)

    def _card_ways(self, deck: str, moving: list[Card], cell: int) -> tuple[list[float], list[int]]:
        """Where the ``moving`` cards of ``deck`` drawn on ``cell`` lead, in order, as in :meth:`ways`:
        the probability each given the card, and where. Worked out for all the cells that draw from
        the deck by a roll at once, by :meth:`CardPolicy.moves`; where a card leaves a choice, by
        :meth:`CardPolicy.follow`."""
        drawn = self._drawn.get((deck, cell))
        if drawn is None:
            board, size = self.board, self.board.size
            if not self._policy_checked:  # before the first card it follows
                self.policy.check(board)
                self._policy_checked = True
            cells = [c for c in self._draw_cells.get(deck, ()) if (deck, c) not in self._drawn]
            cells = cells if cell in cells else [cell]
            moves = [self.policy.moves(board, card, cells) for card in moving]
            if not any(move.choices for move in moves):  # one way for each card on each cell
                rows = [[size] * len(cells) if move.detain else [c if d < 0 else size + 1 + d for c, d in zip(cells, move.destinations)]
                        for move in moves]
                for c, column in zip(cells, zip(*rows)):
                    self._drawn[(deck, c)] = ([1.0] * len(moving), list(column))
            else:
                each = [self.policy.follow(board, card, cells) for card in moving]
                for at, c in enumerate(cells):
                    ways = [way for outcomes in each for way in outcomes[at]]
                    self._drawn[(deck, c)] = ([q for q, _, _ in ways], [size if detain else c if destination < 0 else size + 1 + destination
                                                                        for _, destination, detain in ways])
            drawn = self._drawn[(deck, cell)]
        return drawn

    def _follow_arrivals(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """``ends`` and ``landings`` (see the class) from the first steps of the arrivals (:meth:`ways`).

        A row for each kind of arrival: by a roll on each cell, and by a card or a jump where that
        is not alike. ``F`` their first steps (where they stop, and the landing on their own cell),
        ``N`` the arrivals they lead on to: ``[ends | landings]`` is ``X = F + N X``. Only the rows
        ``R`` that lead on (card cells, jumps) differ from ``F``: ``X_R = (I - N_RR)^-1 C`` with
        ``C = F_R + N_R,other F_other``, the sum ``C + N_RR C + N_RR^2 C + ...``, which ends because
        the cards and jumps go round no circle (where they would, :meth:`arrive` names the circle).
        """
        board, size = self.board, self.board.size
        self._rolled = [movement.arrival(board, self.rules, cell, True) for cell in range(size)]
        for cell, arrival in enumerate(self._rolled):
            if arrival.action == "draw":
                self._draw_cells.setdefault(arrival.deck, []).append(cell)
        probability, where_, bounds = self._probability, self._where, self._bounds
        for cell, arrival in enumerate(self._rolled):  # the kinds 0 .. size - 1
            if arrival.action == "stay":
                probability.append(1.0)
                where_.append(cell)
            else:
                self._first_steps(cell, arrival)
            bounds.append(len(where_))
        self._arrived.extend(range(size))
        onward: dict[int, int] = {}  # where (above size) -> the kind of arrival led on to
        followed = 0
        while followed < len(self._where):  # the arrivals led on to, and the arrivals they lead on to
            new = {where for where in self._where[followed:] if where > size and where not in onward}
            followed = len(self._where)
            for where in new:
                onward[where] = self._which(where - size - 1, False)
        # The columns: where the arrivals stop (0 .. size), the landings (size + 1 + cell), then N (the
        # kinds led on to); the first steps' where, and each arrival's landing on its own cell, as those.
        count = len(self._arrived)
        width = 2 * size + 1 + count
        column = list(range(2 * size + 1))
        for where, kind in onward.items():
            column[where] = 2 * size + 1 + kind
        row = np.repeat(np.arange(count), np.diff(self._bounds))
        flat = np.concatenate([row * width + np.take(column, self._where), np.arange(count) * width + size + 1 + np.array(self._arrived)])
        steps = np.bincount(flat, self._probability + [1.0] * count, minlength=count * width).reshape(count, width)
        total = steps[:, :2 * size + 1]  # F
        leading = np.flatnonzero(steps[:, 2 * size + 1:].any(axis=1))  # R
        led = steps[leading, 2 * size + 1:]  # N_R
        among = led[:, leading]
        led[:, leading] = 0.0
        term = total[leading] + led @ total  # C
        sum_ = term.copy()
        for _ in range(leading.size + 1):  # among^size is 0 without a circle
            term = among @ term
            if not term.any():
                total[leading] = sum_
                return total[:size, :size + 1], total[:size, size + 1:]
            sum_ += term
        return self.tally()  # a circle: followed way by way, which names it

    @cached_property
    def arrivals(self) -> list[_Resolution]:
        """For each cell, everything arriving on it by a roll leads to (see :meth:`arrive`)."""
        return [self.arrive(cell, True, []) for cell in range(self.board.size)]

    def arrive(self, cell: int, by_roll: bool, active: list[int]) -> _Resolution:
        """Everything arriving on ``cell`` can lead to: ``{(end, cells landed on): probability}``.

        ``end`` is the cell where the token stops, or ``board.size`` when it ends detained; the
        steps are :meth:`ways`. ``active`` holds the cells whose arrivals are being followed (a card
        leading back to one of them would never end).
        """
        key = cell if by_roll else -1 - cell
        if key in self._resolutions:
            return self._resolutions[key]
        if cell in active:
            path = " → ".join(map(str, [*active, cell]))
            raise ValueError(f"board {self.board.key!r}: the cards can move a token round in a circle ({path}); "
                             "the chain cannot enumerate an endless chain of draws")
        active.append(cell)
        size = self.board.size
        result: _Resolution = {}
        for p, where in self.ways(cell, by_roll):
            if where <= size:
                result[(where, (cell,))] = result.get((where, (cell,)), 0.0) + p
                continue
            for (end, cells), q in self.arrive(where - size - 1, False, active).items():
                key_ = (end, (cell, *cells))
                result[key_] = result.get(key_, 0.0) + p * q
        active.pop()
        self._resolutions[key] = result
        return result

    def tally(self, avoid: int = -1) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Where arrivals on each cell end (``ends[c, e]``, ``e == size`` for detention) and the expected
        landings on each cell on the way (``landings[c, l]``); with ``avoid``, only the ways that never
        land on that cell."""
        size = self.board.size
        end_at: list[int] = []
        land_at: list[int] = []
        end_weight: list[float] = []
        land_weight: list[float] = []
        for cell, outcomes in enumerate(self.arrivals):
            for (end, cells), p in outcomes.items():
                if avoid in cells:
                    continue
                end_at.append(cell * (size + 1) + end)
                end_weight.append(p)
                land_at.extend(cell * size + landed for landed in cells)
                land_weight.extend([p] * len(cells))
        ends: NDArray[np.float64] = np.bincount(end_at, end_weight, minlength=size * (size + 1))
        landings: NDArray[np.float64] = np.bincount(land_at, land_weight, minlength=size * size)
        return ends.reshape(size, size + 1), landings.reshape(size, size)


_PRESETS: dict[str, RuleSet] = {}


def _preset(board_key: str) -> RuleSet:
    """``RuleSet.for_board(board_key)``, made once per key (a rule set does not change)."""
    rules = _PRESETS.get(board_key)
    if rules is None:
        rules = _PRESETS[board_key] = RuleSet.for_board(board_key)
    return rules


_MOVES: dict[tuple[object, ...], _BoardMoves] = {}
_MOVES_SIZE = 16


def _board_moves(board: Board, rules: RuleSet, policy: CardPolicy) -> _BoardMoves:
    """The :class:`_BoardMoves` of a board, rule set and card policy, kept for up to 16 of them; a
    different board with the same key, or a policy that cannot be a key, is worked out afresh."""
    try:
        key = (board.key, rules, policy)
        moves = _MOVES.get(key)
    except TypeError:  # a policy whose chooser cannot be hashed
        return _BoardMoves(board, rules, policy)
    if moves is None or (moves.board is not board and moves.board != board):
        moves = _BoardMoves(board, rules, policy)
        if len(_MOVES) >= _MOVES_SIZE:
            _MOVES.clear()
        _MOVES[key] = moves
    return moves


class MovementChain:
    """The exact Markov chain of one token's movement on a board under a rule set.

    Build it with :func:`movement_chain` (cached); the constructor always builds afresh.

    Parameters
    ----------
    board
        The board (its cells and decks).
    rules
        The rule set; the board's preset when omitted.
    jail
        ``"short"`` (pay and leave at once) or ``"long"`` (roll for a double as long as allowed).
    policy
        How cards that depend on the game are settled (default: :class:`CardPolicy`\\ ``()``).

    Attributes
    ----------
    roll_chain : MarkovChain
        From one roll to the next, over the reachable states (labels ``(cell, doubles)`` and
        ``("jail", turns_waited)``).
    turn_chain : MarkovChain
        From the end of one turn to the end of the next, over the states a turn can end in
        (``(cell, 0)`` and ``("jail", w)``).

    Examples
    --------
    >>> from millionaire import load_board
    >>> chain = MovementChain(load_board("millionaire-classic"), jail="long")
    >>> chain.roll_chain.n, chain.turn_chain.n
    (111, 39)
    >>> chain.roll_chain.labels[:2], chain.roll_chain.labels[-1]
    (((0, 0), (0, 1)), ('jail', 2))
    >>> turn = chain.probabilities(per="turn")
    >>> print(f"{turn.sum():.6f}, detained after {100 * turn[-1]:.1f}% of turns")
    1.000000, detained after 18.1% of turns
    """

    def __init__(self, board: Board, rules: RuleSet | None = None, jail: str = "short",
                 policy: CardPolicy | None = None) -> None:
        if jail not in JAIL_STRATEGIES:
            raise ValueError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}, got {jail!r}")
        self.board = board
        self.rules = rules if rules is not None else _preset(board.key)
        self.jail = jail
        self.policy = policy if policy is not None else CardPolicy()
        size, doubles = board.size, self.rules.doubles_to_jail
        self._size, self._doubles = size, doubles
        # States: cell * doubles + doubles rolled (free), then jail0 + turns waited (detained).
        self._jail0 = size * doubles
        self._count = self._jail0 + (self.rules.jail_max_turns if jail == "long" else 1)
        self._moves = _board_moves(board, self.rules, self.policy)
        self._rolls = self._moves.rolls(jail)
        full = self._assemble(self._moves.ends)
        keep = np.flatnonzero(_reachable(full > 0, 0))  # from START, nothing rolled yet
        self._keep = keep
        free = keep < self._jail0
        cells, self._rolled = np.divmod(keep, doubles)
        self._bin = np.where(free, cells, size)
        self._end = ~free | (self._rolled == 0)
        # The first detained state (the states are in order, the free ones first); a board where nobody
        # is detained (Junior) has none.
        jail = int(np.searchsorted(keep, self._jail0))
        labels = [*zip(cells[:jail].tolist(), self._rolled[:jail].tolist()),
                  *(("jail", state - self._jail0) for state in keep[jail:].tolist())]
        self.roll_chain = MarkovChain(full.take(keep, 0).take(keep, 1), labels)
        # Expected landings of one roll from each state; detentions last (jail0 is entered only so).
        rolled_landings = self._rolls[0].sum(axis=0).take(keep, 0) @ self._moves.landings
        detained = self.roll_chain.P[:, jail] if jail < keep.size else np.zeros(keep.size)
        self._roll_landings = np.concatenate([rolled_landings, detained[:, None]], axis=1)
        self._turns_to_land: dict[int, float] = {}
        self._build_turn_chain()

    def _build_turn_chain(self) -> None:
        """Censor the roll chain to the states a turn ends in: from a turn's end, the rolls of the
        next turn pass through mid-turn states (doubles rolled) until one ends it.

        The mid-turn states are taken in layers by the doubles rolled, 1, 2, ...: a double adds one
        to the doubles rolled, so the first roll of a turn reaches the first layer only, and each
        layer's rolls the next layer only (:meth:`_through_mid`).
        """
        layer = np.where(self._end, 0, self._rolled)  # 0 for the ends of turns, else the doubles rolled
        order = np.argsort(layer, kind="stable")  # the ends, then each layer, each in the roll chain's order
        counts = np.bincount(layer, minlength=self._doubles)
        e = int(counts[0])
        bounds = (np.cumsum(counts) - e).tolist()  # the layers' bounds among the mid-turn states
        self._layers = [slice(low, high) for low, high in zip(bounds, bounds[1:])]
        ends, mid = order[:e], order[e:]
        P = self.roll_chain.P.take(order, 0).take(order, 1)
        self._leave, self._mid_step = P[:e, e:], P[e:, e:]
        first = self._layers[0] if self._layers else slice(0, 0)
        # Through the mid-turn states: where the turn ends, and the landings on the way.
        through = self._through_mid(np.concatenate([P[e:, :e], self._roll_landings.take(mid, 0)], axis=1))
        turn = P[:e, :e] + self._leave[:, first] @ through[first, :e]
        self._turn_landings = self._roll_landings.take(ends, 0) + self._leave[:, first] @ through[first, e:]
        self._ends, self._mid = ends, mid
        labels = self.roll_chain.labels
        self.turn_chain = MarkovChain(turn, [labels[i] for i in ends.tolist()])

    def _through_mid(self, x: NDArray[np.float64], before: bool = False) -> NDArray[np.float64]:
        """``(I - N)^-1 x`` (``x (I - N)^-1`` with ``before``), ``N`` the rolls from mid-turn states to
        mid-turn states: ``(I - N)^-1`` holds the expected visits to them before the turn ends.

        A double adds one to the doubles rolled and the last double allowed detains, so ``N`` leads
        from each layer of :meth:`_build_turn_chain` to the next only: ``(I - N)^-1 x`` is ``x`` plus,
        from the last layer up, each layer's rolls into the sum already made for the next layer. Sums
        of non-negative terms (nothing cancels, as in GTH), and only the blocks of ``N`` that can be
        non-zero are multiplied.
        """
        total, step = x.copy(), self._mid_step
        pairs = list(zip(self._layers, self._layers[1:]))
        if before:
            for here, after in pairs:
                total[..., after] += total[..., here] @ step[here, after]
        else:
            for here, after in reversed(pairs):
                total[here] += step[here, after] @ total[after]
        return total

    # ------------------------------------------------------------------ construction
    def _assemble(self, ends: NDArray[np.float64]) -> NDArray[np.float64]:
        """The roll-to-roll matrix over all states, given where arrivals on each cell end
        (``ends[c, e]``, ``e == size`` for detention; rows may sum to less than 1 to drop outcomes)."""
        arrive, detain, wait = self._rolls
        size, doubles, count, jail0 = self._size, self._doubles, self._count, self._jail0
        # reached[k, s, e]: the roll from state s ends on e (detained: size) with k doubles carried.
        reached = (arrive.reshape(-1, size) @ ends).reshape(doubles, count, size + 1)
        P = np.empty((count, count))
        for carried in range(doubles):  # the free states (cell, carried) of every cell
            P[:, carried:jail0:doubles] = reached[carried, :, :size]
        P[:, jail0:] = wait
        P[:, jail0] += detain + reached[..., size].sum(axis=0)
        return P

    # ------------------------------------------------------------------ views
    def arrival_outcomes(self, cell: int, by_roll: bool = True) -> tuple[ArrivalOutcome, ...]:
        """Everything arriving on ``cell`` can lead to (jumps, card draws and the draws they lead
        to), most likely first.

        >>> from millionaire import load_board
        >>> chain = movement_chain(load_board("monopoly-us"))
        >>> for way in chain.arrival_outcomes(36)[:3]:   # Chance 36: Go Back 3 reaches Community Chest 33
        ...     print(f"{way.probability:.4f} {way.landed} -> {way.end}{' detained' if way.detained else ''}")
        0.3750 (36,) -> 36
        0.1875 (36, 5) -> 5
        0.0625 (36,) -> 10 detained
        >>> [round(w.probability * 256) for w in chain.arrival_outcomes(36) if 33 in w.landed]
        [14, 1, 1]
        """
        if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < self._size:
            raise ValueError(f"cell must be 0..{self._size - 1}, got {cell!r}")
        ways = [ArrivalOutcome(p, self.board.jail if end == self._size else end, cells, end == self._size)
                for (end, cells), p in self._moves.arrive(int(cell), by_roll, []).items()]
        return tuple(sorted(ways, key=lambda w: (-w.probability, w.landed, w.detained)))

    @cached_property
    def _roll_stationary(self) -> NDArray[np.float64]:
        """``roll_chain.stationary`` from the turn chain's, which is the same distribution seen only
        at the ends of turns: the mid-turn states get what the turn's ends send them, through the
        expected visits (``pi_mid = pi_ends P[ends, mid] (I - P[mid, mid])^-1``). The turn chain is the
        smaller one to solve."""
        pi = np.zeros(self.roll_chain.n)
        pi[self._ends] = self.turn_chain.stationary
        pi[self._mid] = self._through_mid(self.turn_chain.stationary @ self._leave, before=True)
        return pi / pi.sum()

    @property
    def rolls_per_turn(self) -> float:
        """Expected number of rolls in a turn (doubles give more; a detained token rolls once)."""
        return 1.0 / float(self._roll_stationary[self._end].sum())

    def probabilities(self, per: str = "roll") -> NDArray[np.float64]:
        """The long-run view ``per`` ``"roll"``, ``"turn"`` or ``"landing"`` (see the module docstring).

        Returns
        -------
        numpy.ndarray
            Shape ``(board.size + 1,)``: one entry per cell, then detention ("in jail"). For
            ``"roll"`` and ``"turn"`` probabilities summing to 1; for ``"landing"`` expected landings per
            turn (and expected detentions per turn last).

        Examples
        --------
        >>> from millionaire import load_board
        >>> chain = movement_chain(load_board("millionaire-classic"))
        >>> landing = chain.probabilities(per="landing")
        >>> print(f"charity fund {landing[5]:.4f}, Black business {landing[15]:.4f} landings per turn")
        charity fund 0.1039, Black business 0.0424 landings per turn
        """
        if per not in VIEWS:
            raise ValueError(f"per must be one of {', '.join(VIEWS)}, got {per!r}")
        if per == "roll":
            return self._binned(self._roll_stationary)
        if per == "turn":
            return self._binned(self.turn_chain.stationary, self._ends)
        return self.turn_chain.stationary @ self._turn_landings

    def after_turns(self, turns: int) -> NDArray[np.float64]:
        """Where a token that starts on START stands after ``turns`` turns (shape ``(board.size + 1,)``,
        detention last).

        >>> from millionaire import load_board
        >>> chain = movement_chain(load_board("monopoly-us"))
        >>> after = chain.after_turns(1)
        >>> print(f"Chance (7) {after[7]:.4f}, in jail {after[-1]:.4f}")
        Chance (7) 0.0642, in jail 0.0185
        """
        start = np.zeros(self.turn_chain.n)
        start[self._ends.tolist().index(0)] = 1.0
        return self._binned(self.turn_chain.distribution(start, turns), self._ends)

    def turns_to_land(self, cell: int) -> float:
        """Expected number of turns, from START, until the token first lands on ``cell``.

        The turn in which it lands counts: a cell always landed on in the first turn gives 1.
        Landing means any arrival (by a roll, a card or a jump), as in ``per="landing"``. A cell
        no token ever lands on gives ``inf``.

        >>> from millionaire import load_board
        >>> chain = movement_chain(load_board("millionaire-classic"))
        >>> round(chain.turns_to_land(20), 2)
        24.02
        """
        if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 0 <= cell < self._size:
            raise ValueError(f"cell must be 0..{self._size - 1}, got {cell!r}")
        cell = int(cell)
        if cell not in self._turns_to_land:
            self._turns_to_land[cell] = self._solve_turns_to_land(cell)
        return self._turns_to_land[cell]

    def _solve_turns_to_land(self, target: int) -> float:
        avoid = self._moves.tally(avoid=target)[0]
        if not self._roll_landings[:, target].any():
            return float("inf")  # no roll from any reachable state lands there
        keep = self._keep
        P = self._assemble(avoid).take(keep, 0).take(keep, 1)  # the rolls that do not land on the target
        # h[s]: turns that end before the landing, from state s (START is state 0); the landing turn adds 1.
        h = np.linalg.solve(np.eye(keep.size) - P, P @ self._end.astype(float))
        return 1.0 + float(h[0])

    def _binned(self, weights: NDArray[np.float64], states: NDArray[np.intp] | None = None) -> NDArray[np.float64]:
        """Sum state weights into cells, detention last."""
        bins = self._bin if states is None else self._bin[states]
        return np.bincount(bins, weights=weights, minlength=self._size + 1)

    def names(self, lang: str = "en") -> list[str]:
        """The name of each entry of a view: the cells, then the detained token, in the game's own
        words: ``"Detained"`` where landing on the jail cell detains (Millionaire's Tax Inspection),
        ``"In jail"`` where it is only a visit (Monopoly).

        >>> from millionaire import load_board
        >>> movement_chain(load_board("millionaire-classic")).names("ru")[-1]
        'Задержание в инспекции'
        """
        detained = word("ru" if lang == "ru" else "en", "markov.detains" if self.rules.detain_on_landing else "markov.visits")
        return [cell.name(lang) for cell in self.board.cells] + [detained]

    def __repr__(self) -> str:
        return (f"<MovementChain {self.board.key!r}, jail {self.jail!r}: {self.roll_chain.n} roll states, "
                f"{self.turn_chain.n} turn states>")


_CACHE: OrderedDict[tuple[object, ...], MovementChain] = OrderedDict()
_CACHE_SIZE = 32


def movement_chain(board: Board, rules: RuleSet | None = None, jail: str = "short",
                   policy: CardPolicy | None = None) -> MovementChain:
    """The :class:`MovementChain` for a board, rule set, jail strategy and card policy, cached.

    The cache is keyed by (board key, rules, jail, policy) and keeps the last 32 chains; a
    different board with the same key is built afresh.

    Examples
    --------
    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> movement_chain(board) is movement_chain(board, RuleSet.monopoly(), "short", CardPolicy())
    True
    """
    rules = rules if rules is not None else _preset(board.key)
    policy = policy if policy is not None else CardPolicy()
    key = (board.key, rules, jail, policy)
    chain = _CACHE.get(key)
    if chain is None or (chain.board is not board and chain.board != board):
        chain = MovementChain(board, rules, jail, policy)
        _CACHE[key] = chain
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    return chain


# ---------------------------------------------------------------------- output
_TITLES = {
    "roll": ("probability that a roll ends on each cell", "percent"),
    "turn": ("where the token rests between turns", "percent"),
    "landing": ("expected landings per 100 turns (last row: detentions)", "per 100 turns"),
}


def view(chain: MovementChain, per: str = "roll", turns: int | None = None) -> tuple[NDArray[np.float64], str, str]:
    """The numbers of a view, its title and the heading of its column in :func:`format_table`.

    ``per`` is a long-run view (see :meth:`MovementChain.probabilities`); with ``turns``, the view is
    instead where the token stands after that many turns from START (:meth:`MovementChain.after_turns`).

    >>> from millionaire import load_board
    >>> values, title, column = view(movement_chain(load_board("monopoly-us")), turns=3)
    >>> title, column
    ('where the token stands after 3 turns from START', 'percent')
    """
    if turns is not None:
        return chain.after_turns(turns), f"where the token stands after {turns} turns from START", "percent"
    values = chain.probabilities(per)
    return (values, *_TITLES[per])


def format_csv(chain: MovementChain, values: ArrayLike) -> str:
    """A view as CSV with the columns ``cell,name,probability``: rows 0..size-1, then ``in_jail``;
    a name a spreadsheet would read as a formula is written as text (see :func:`~millionaire.plain_text.spreadsheet_cell`).

    >>> from millionaire import load_board
    >>> chain = movement_chain(load_board("monopoly-us"))
    >>> print(format_csv(chain, chain.probabilities("roll")).splitlines()[1])
    0,GO,0.0309612303341
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["cell", "name", "probability"])
    size = chain.board.size
    for index, (name, value) in enumerate(zip(chain.names(), np.asarray(values, dtype=float))):
        writer.writerow(["in_jail" if index == size else index, spreadsheet_cell(name), f"{value:.12g}"])
    return out.getvalue().rstrip("\n")


def format_table(chain: MovementChain, values: ArrayLike, title: str, column: str = "percent",
                 lang: str = "en") -> str:
    """A view as a readable table: cell number, name and value × 100.

    >>> from millionaire import load_board
    >>> chain = movement_chain(load_board("monopoly-us"))
    >>> print(format_table(chain, *view(chain, "roll")))  # doctest: +ELLIPSIS
    Monopoly (US), jail strategy 'short': probability that a roll ends on each cell
    Cards that depend on the game: no owners, no other players; a choice card takes the first allowed cell
       #  cell                   percent
       0  GO                      3.0961
       1  Mediterranean Avenue    2.1314
    ...
      39  Boardwalk               2.6260
          In jail                 3.9500
    """
    names = chain.names(lang)
    width = max(map(len, names))
    digits = max(len(column), 7)
    lines = [f"{chain.board.name(lang)}, jail strategy {chain.jail!r}: {title}",
             f"Cards that depend on the game: {chain.policy.describe()}",
             f"   #  {'cell':<{width}}  {column:>{digits}}"]
    for index, (name, value) in enumerate(zip(names, np.asarray(values, dtype=float))):
        if index == chain.board.size and value == 0:  # a board where nobody is detained (Junior)
            continue
        number = "" if index == chain.board.size else str(index)
        lines.append(f"  {number:>2}  {name:<{width}}  {100 * value:{digits}.4f}")
    return "\n".join(lines)
