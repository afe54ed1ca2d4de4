"""Movement only, many tokens at once: a vectorised numpy simulator of where rolls end and what is landed on.

Each of ``tokens`` independent tokens moves by the dice, with doubles, the third double, detention
and release (the ``"short"`` or ``"long"`` jail strategy of :mod:`millionaire.markov`), "go to" cells,
jumps and card moves. Every token has its own shuffled copy of each deck and draws it in a cycle: the
top card, then back to the bottom (kept cards too, as if used at once). Cards whose move depends on the
game follow the same :class:`~millionaire.markov.CardPolicy` as the exact chain.

No rule is written here. At the start the simulator tabulates :mod:`millionaire.movement`: the roll
of every state for each of the 36 dice outcomes, where arriving on each cell leads (jumps, detention,
a card draw) and the move of every card from every cell. Each step is then a handful of array
look-ups for all tokens together. No money, no owners: what the exact chain describes, sampled, so
the two can check each other.

The chain draws cards as independent uniform draws; a cycled deck never deals the same card twice in
a row. The difference shows only where one deck's card leads straight to the same deck, such as
Millionaire's "forward 10" from Move cell 22 to Move cell 32, which the chain lets repeat with
probability 1/400 (on to Casino, cell 2). ``decks="uniform"`` draws as the chain does.

Examples
--------
>>> from millionaire import load_board
>>> counts = simulate_landings(load_board("monopoly-us"), rolls=200_000, tokens=2_000, seed=1)
>>> counts.rolls, counts.per_roll.shape
(200000, (41,))
>>> round(float(counts.per_roll.sum()), 12)
1.0
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate

import numpy as np
from numpy.typing import NDArray

from . import movement
from .board import Board
from .markov import JAIL_STRATEGIES, VIEWS, CardPolicy
from .rules import RuleSet

#: How the simulated tokens draw cards: their own shuffled deck in a cycle, or independent draws.
DECK_MODES = ("cycled", "uniform")

# Where an arrival leads once jumps are followed; and a card that leaves the token or detains it.
_STOP, _DETAIN, _DRAW = 0, 1, 2
_STAYS, _DETAINED = -1, -2


@dataclass(frozen=True)
class LandingCounts:
    """What a run of :func:`simulate_landings` counted, per batch of tokens.

    Attributes
    ----------
    board_key, jail, decks
        The board, the jail strategy and the deck mode simulated.
    rolls
        Rolls counted (after the burn-in), all batches together.
    roll_counts
        Shape ``(batches, size + 1)``: rolls that ended on each cell, detention last.
    turn_counts
        Shape ``(batches, size + 1)``: turns that ended with the token on each cell, detention last.
    landing_counts
        Shape ``(batches, size + 1)``: landings on each cell, detentions last.
    """

    board_key: str
    jail: str
    decks: str
    rolls: int
    roll_counts: NDArray[np.int64]
    turn_counts: NDArray[np.int64]
    landing_counts: NDArray[np.int64]

    @property
    def turns(self) -> int:
        """Turns completed (after the burn-in)."""
        return int(self.turn_counts.sum())

    def frequencies(self, per: str = "roll", by_batch: bool = False) -> NDArray[np.float64]:
        """The simulated counterpart of :meth:`~millionaire.markov.MovementChain.probabilities`.

        Parameters
        ----------
        per
            ``"roll"`` (share of rolls ending on each cell), ``"turn"`` (share of turns) or
            ``"landing"`` (landings per turn); detention last.
        by_batch
            One row per batch instead of all batches pooled.
        """
        if per not in VIEWS:
            raise ValueError(f"per must be one of {', '.join(VIEWS)}, got {per!r}")
        counts = {"roll": self.roll_counts, "turn": self.turn_counts, "landing": self.landing_counts}[per]
        totals = (self.roll_counts if per == "roll" else self.turn_counts).sum(axis=1)
        if by_batch:
            return counts / totals[:, None]
        return counts.sum(axis=0) / totals.sum()

    @property
    def per_roll(self) -> NDArray[np.float64]:
        """Share of rolls ending on each cell, detention last (sums to 1)."""
        return self.frequencies("roll")

    @property
    def per_turn(self) -> NDArray[np.float64]:
        """Share of turns ending on each cell, detention last (sums to 1)."""
        return self.frequencies("turn")

    @property
    def per_landing(self) -> NDArray[np.float64]:
        """Landings on each cell per turn, detentions per turn last."""
        return self.frequencies("landing")

    def standard_error(self, per: str = "roll") -> NDArray[np.float64]:
        """Standard error of each entry of ``frequencies(per)``, from the spread between batches.

        Batches are disjoint sets of independent tokens, so their spread includes every correlation
        along a token's path (doubles, detention, its deck order).
        """
        rows = self.frequencies(per, by_batch=True)
        if rows.shape[0] < 2:
            raise ValueError("a standard error needs at least 2 batches")
        return rows.std(axis=0, ddof=1) / np.sqrt(rows.shape[0])


class _Tables:
    """:mod:`movement` tabulated for array look-ups; states numbered as in ``MovementChain``:
    ``cell * doubles_to_jail + doubles`` for a free token, then the detained states."""

    def __init__(self, board: Board, rules: RuleSet, jail: str, policy: CardPolicy) -> None:
        size, doubles = board.size, rules.doubles_to_jail
        self.size, self.doubles = size, doubles
        self.jail0 = size * doubles
        self.count = self.jail0 + (rules.jail_max_turns if jail == "long" else 1)
        decks = list(board.decks)
        # Arriving on each cell by a roll (row 1) or otherwise (row 0), jumps followed: what follows,
        # the cell it stops or draws on, and the cells jumped to. Then the deck of each card cell.
        follow = [[self._follow(board, rules, cell, bool(by_roll), []) for cell in range(size)] for by_roll in (0, 1)]
        hops = max(len(f[2]) for row in follow for f in row)
        self.status = np.array([[f[0] for f in row] for row in follow], dtype=np.int64)
        self.stop = np.array([[f[1] for f in row] for row in follow], dtype=np.int64)
        self.deck_of = np.array([decks.index(c.deck) if c.deck else -1 for c in board.cells], dtype=np.int64)
        self.jumps = np.full((2, size, hops), -1, dtype=np.int64)
        for by_roll, row in enumerate(follow):
            for cell, (_, _, landed) in enumerate(row):
                self.jumps[by_roll, cell, :len(landed)] = landed
        self._rolls(board, rules, jail)
        self._cards(board, policy, decks)
        self._keys()
        self.bins = np.array([s // doubles if s < self.jail0 else size for s in range(self.count)])
        self.turn_end = np.array([s >= self.jail0 or s % doubles == 0 for s in range(self.count)])
        # A roll as one look-up: 36 times the next state, or, when a card is drawn, the bitwise
        # complement (negative) of the state on the card cell, the doubles rolled carried.
        self.roll_next = np.where(self.special, ~self.plain, 36 * self.plain)
        self._batched: dict[int, _Batches] = {}

    def batched(self, batches: int) -> _Batches:
        """These tables repeated for ``batches`` batches (:class:`_Batches`), kept read-only for the
        next run with as many (for up to 4 numbers of batches)."""
        kept = self._batched.get(batches)
        if kept is None:
            kept = _Batches(self, batches)
            for table in vars(kept).values():
                if isinstance(table, np.ndarray):
                    table.flags.writeable = False
            if len(self._batched) >= 4:
                self._batched.clear()
            self._batched[batches] = kept
        return kept

    def _follow(self, board: Board, rules: RuleSet, cell: int, by_roll: bool, seen: list[int]) -> tuple[int, int, list[int]]:
        """Follow :func:`movement.arrival` through jumps: (what follows, the cell, cells jumped to)."""
        if cell in seen:
            raise ValueError(f"board {board.key!r}: jumps go round in a circle ({' → '.join(map(str, [*seen, cell]))})")
        arrival = movement.arrival(board, rules, cell, by_roll)
        if arrival.action == "jump":
            status, stop, landed = self._follow(board, rules, arrival.cell, False, [*seen, cell])
            return status, stop, [arrival.cell, *landed]
        return {"stay": _STOP, "detain": _DETAIN, "draw": _DRAW}[arrival.action], cell, []

    def _rolls(self, board: Board, rules: RuleSet, jail: str) -> None:
        """One roll of every state for each of the 36 dice outcomes (``6 * (die1 - 1) + die2 - 1``):
        the cell arrived on by the dice (-1: none), the next state unless a card is drawn, and
        whether one is (``special``). A free token's roll is :func:`movement.roll_steps` from its
        doubles, then :func:`movement.step` from its cell; a detained one rolls from the jail."""
        size, doubles, jail0 = self.size, self.doubles, self.jail0
        rolls = np.array([[movement.roll_steps(rules, rolled, die1, die2) for _, die1, die2 in movement.DICE]
                          for rolled in range(doubles)])
        steps, to_jail = rolls[..., 0], rolls[..., 2].astype(bool)
        double = np.array([die1 == die2 for _, die1, die2 in movement.DICE])
        totals = np.unique(steps)
        lands = np.array([[movement.step(board, cell, int(total))[0] for total in totals] for cell in range(size)])
        # Free states (cell, doubles rolled): shape (size, doubles, 36) flattened to (jail0, 36).
        arrive = np.where(to_jail, -1, lands[:, None, :].take(np.searchsorted(totals, steps), axis=2)).reshape(jail0, 36)
        carried = np.tile(np.where(double, rolls[..., 1], 0), (size, 1))
        # Detained: rolled from the jail as a free token with no doubles (short strategy) or, after each
        # number of turns waited, as movement.jail_roll says (long: no doubles carried).
        from_jail = board.jail * doubles
        if jail == "long":
            jail_rolls = [[movement.jail_roll(rules, waited, die1, die2) for _, die1, die2 in movement.DICE]
                          for waited in range(self.count - jail0)]
            jailed = np.array([[-1 if roll.outcome == "stay" else movement.step(board, board.jail, roll.steps)[0]
                                for roll in row] for row in jail_rolls])
            arrive = np.concatenate([arrive, jailed])
            carried = np.concatenate([carried, np.zeros_like(jailed)])
            waits = np.concatenate([np.zeros((jail0, 36), dtype=bool), jailed < 0])
        else:
            arrive = np.concatenate([arrive, arrive[from_jail:from_jail + 1]])
            carried = np.concatenate([carried, carried[from_jail:from_jail + 1]])
            waits = np.zeros(arrive.shape, dtype=bool)
        # Next states: detained (the third double, or arriving where the token is detained), one more
        # turn waited (a miss with the long strategy), else where the roll stops with the doubles carried.
        status = np.where(arrive >= 0, self.status[1].take(arrive), _DETAIN)
        plain = np.where(status == _DETAIN, jail0, self.stop[1].take(arrive) * doubles + carried)
        plain[waits] = np.broadcast_to(np.arange(1, self.count + 1)[:, None], plain.shape)[waits]
        self.arrive, self.plain = arrive.ravel(), plain.ravel()
        self.special = (self.arrive >= 0) & (self.status[1].take(self.arrive) == _DRAW)

    def _cards(self, board: Board, policy: CardPolicy, decks: list[str]) -> None:
        """The decks side by side (card k of deck d is card ``offsets[d] + k``); for every card and
        cell, the destinations of its move and their cumulative probabilities (for choices)."""
        size = self.size
        lengths = [len(board.decks[key].cards) for key in decks]
        self.lengths = np.array(lengths, dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        rows = [policy.outcomes(board, card, cell) if card.moves_token else ((1.0, _STAYS, False),)
                for key in decks for card in board.decks[key].cards for cell in range(size)]
        width = max(map(len, rows))
        self.card_cells = np.array([[_DETAINED if detain else to for _, to, detain in options]
                                    + [_STAYS] * (width - len(options)) for options in rows], dtype=np.int64)
        self.card_cumulative = np.array([[*accumulate(p for p, _, _ in options[:-1])] + [1.0] * (width - len(options) + 1)
                                         for options in rows], dtype=np.float64)
        self._outcomes(width)

    def _outcomes(self, width: int) -> None:
        """What each card outcome (``(card * size + cell) * width + choice``) leads to once jumps are
        followed: ``card_after``, the cell it leaves the token on, ``size`` if detained, ``size + 1 +
        cell`` if it draws again on that card cell; ``card_landed``, the cells it lands on (-1: none)."""
        size = self.size
        destination = self.card_cells.ravel()
        here = np.arange(destination.size) // width % size
        moved = destination >= 0
        to = np.where(moved, destination, 0)
        status, stop = self.status[0].take(to), self.stop[0].take(to)
        self.card_after = np.select(
            [~moved, status == _DETAIN, status == _DRAW],
            [np.where(destination == _STAYS, here, size), size, size + 1 + stop], stop)
        self.card_landed = np.where(moved[:, None], np.column_stack([to, self.jumps[0].take(to, axis=0)]), -1)

    def _keys(self) -> None:
        """A draw as one number, its key: ``(card * jail0 + state) * width + choice``, the state the
        token draws in (on the card cell, with the doubles rolled) and the card. ``key_outcome``: its
        card outcome; ``key_next``: 36 times the state it leaves the token in, or the bitwise complement
        of the state on the card cell where it draws again. ``deck_at``: each state's deck."""
        size, doubles, width = self.size, self.doubles, self.card_cells.shape[1]
        card, state, choice = np.unravel_index(np.arange(len(self.card_cells) // size * self.jail0 * width),
                                               (len(self.card_cells) // size, self.jail0, width))
        self.key_outcome = (card * size + state // doubles) * width + choice
        after, rolled = self.card_after.take(self.key_outcome), state % doubles
        self.key_next = np.where(after > size, ~((after - size - 1) * doubles + rolled),
                                 36 * np.where(after == size, self.jail0, after * doubles + rolled))
        self.deck_at = np.append(self.deck_of.repeat(doubles), -1)


class _Batches:
    """The tables that a step looks up, repeated for ``batches`` batches of tokens, so that every
    number a token carries names its batch and no look-up adds the batch apart.

    A free state ``s`` of batch ``b`` is ``b * jail0 + s`` where a card is drawn; a draw's key is
    ``((card * batches + b) * jail0 + s) * width + choice``. ``roll`` and ``key_next`` are
    :attr:`_Tables.roll_next` and :attr:`_Tables.key_next` with the batch's first (state, dice)
    pair added (or, where a card is drawn, its drawing state). With one batch they are the same.

    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> tables = _tables(board, RuleSet.for_board(board.key), "short", CardPolicy())
    >>> one = _Batches(tables, 1)
    >>> bool((one.roll == tables.roll_next.ravel()).all() and (one.key_next == tables.key_next).all())
    True
    """

    def __init__(self, tables: _Tables, batches: int) -> None:
        jail0, width = tables.jail0, tables.card_cells.shape[1]
        cards = len(tables.card_cells) // tables.size
        self.batches, self.width, self.card_cumulative = batches, width, tables.card_cumulative
        batch = np.arange(batches)
        first_pair = batch * tables.count * 36
        self.roll = np.where(tables.roll_next >= 0, tables.roll_next + first_pair[:, None],
                             ~(batch[:, None] * jail0 + ~tables.roll_next)).ravel()
        keys = tables.key_next.reshape(cards, 1, jail0, width)
        self.key_next = np.where(keys >= 0, keys + first_pair[:, None, None],
                                 ~(batch[:, None, None] * jail0 + ~keys)).ravel()
        self.card_keys = np.arange(cards) * batches * jail0
        self.card_rows = np.arange(cards) * tables.size
        self.deck_at = np.tile(tables.deck_at[:jail0], batches)
        self.bins = np.tile(tables.bins[:jail0], batches)
        self.shape = (cards, batches, jail0 * width)

    def by_batch(self, key_counts: NDArray[np.int64]) -> NDArray[np.int64]:
        """Counts by key as one row per batch, each in the order of :attr:`_Tables.key_next`."""
        return key_counts.reshape(self.shape).transpose(1, 0, 2).reshape(self.batches, -1)


_TABLES: dict[tuple[object, ...], tuple[Board, _Tables]] = {}
_TABLES_SIZE = 16


def _tables(board: Board, rules: RuleSet, jail: str, policy: CardPolicy) -> _Tables:
    """The :class:`_Tables` of a board, rule set, jail strategy and card policy, kept (read-only) for
    up to 16 of them; a different board with the same key, or a policy that cannot be a key, is
    tabulated afresh.

    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> _tables(board, RuleSet.for_board(board.key), "short", CardPolicy()) is _tables(
    ...     board, RuleSet.for_board(board.key), "short", CardPolicy())
    True
    """
    try:
        key = (board.key, rules, jail, policy)
        kept = _TABLES.get(key)
    except TypeError:  # a policy whose chooser cannot be hashed
        return _Tables(board, rules, jail, policy)
    if kept is None or (kept[0] is not board and kept[0] != board):
        tables = _Tables(board, rules, jail, policy)
        for table in vars(tables).values():
            if isinstance(table, np.ndarray):
                table.flags.writeable = False  # shared by every run that asks for the same
        kept = (board, tables)
        if len(_TABLES) >= _TABLES_SIZE:
            _TABLES.clear()
        _TABLES[key] = kept
    return kept[1]


def _uniform_below(rng: np.random.Generator, bound: int, size: int) -> NDArray[np.uint16]:
    """``size`` independent numbers, each exactly uniform on ``0 .. bound - 1`` (``2 <= bound <= 2**15``).

    Pieces of 16 random bits (four from each 64-bit draw); a piece at or above the largest multiple
    of ``bound`` below ``2**16`` is drawn again, and the ``65536 // bound`` pieces left for each
    number are divided down to it. Half the random bits of ``Generator.integers`` (32 a number) and
    about a third of its time for the dice.

    >>> draws = _uniform_below(np.random.default_rng(0), 36, 10_000)
    >>> draws.dtype, int(draws.min()), int(draws.max()), len(np.unique(draws))
    (dtype('uint16'), 0, 35, 36)
    """
    share = 65536 // bound
    limit = share * bound
    pieces = _random_pieces(rng, size)
    redo = np.flatnonzero(pieces >= limit)
    while redo.size:
        pieces[redo] = _random_pieces(rng, redo.size)
        redo = redo[pieces.take(redo) >= limit]
    return pieces // np.uint16(share)


def _random_pieces(rng: np.random.Generator, size: int) -> NDArray[np.uint16]:
    """``size`` numbers of 16 random bits each, cut from 64-bit draws (whatever the bit generator)."""
    return rng.integers(0, 2**64, size=-(-size // 4), dtype=np.uint64).view(np.uint16)[:size]


def _shuffle_columns(deck: NDArray[np.integer], rng: np.random.Generator) -> None:
    """Shuffle every column of ``deck`` (cards down, tokens across) in place, each column by its own
    uniformly random permutation: Fisher–Yates on all columns at once, the card at each position
    ``i`` from the bottom up swapped with the one at a position uniform on ``0 .. i``.

    >>> deck = np.repeat(np.arange(4)[:, None], 3, axis=1)
    >>> _shuffle_columns(deck, np.random.default_rng(0))
    >>> np.sort(deck, axis=0).T.tolist()
    [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]
    """
    cards, columns = deck.shape
    flat = deck.reshape(-1)  # a view: deck is contiguous
    across = np.arange(columns)
    where = np.empty(columns, dtype=np.intp)
    for i in range(cards - 1, 0, -1):
        np.multiply(_uniform_below(rng, i + 1, columns), np.intp(columns), out=where)
        where += across
        picked = flat.take(where)
        flat[where] = deck[i]  # where the position drawn is i itself, the card stays
        deck[i] = picked


class _Decks:
    """Every token's own shuffled copy of each deck, drawn from the top and put back at the bottom
    (``"cycled"``), or independent uniform draws (``"uniform"``)."""

    def __init__(self, tables: _Tables, deck_at: NDArray[np.int64], tokens: int, mode: str,
                 rng: np.random.Generator) -> None:
        self.lengths, self.offsets, self.mode, self.rng = tables.lengths, tables.offsets, mode, rng
        self.count = len(self.lengths)
        self.width = int(self.lengths.sum())
        self.tokens = tokens
        if mode == "cycled" and self.count:
            # Position by position (row p: every token's card at p of its decks), in the smallest
            # integers that hold the card numbers (one byte for up to 256 cards), which gather faster.
            self.cards = np.empty((self.width, tokens), dtype=np.min_scalar_type(self.width - 1))
            for n, o in zip(self.lengths, self.offsets):
                self.cards[o:o + n] = np.arange(o, o + n)[:, None]
                _shuffle_columns(self.cards[o:o + n], rng)
            self.cards = self.cards.ravel()
            # Where the next card of each (deck, token) lies among its token's positions (deck by deck,
            # in the cards' small integers), the position after each, and each state's first slot.
            self.pointers = np.repeat(self.offsets.astype(self.cards.dtype), tokens)
            self.following = np.arange(1, self.width + 1, dtype=self.cards.dtype)
            self.following[self.offsets + self.lengths - 1] = self.offsets
            self.slots = np.where(deck_at >= 0, deck_at * tokens, -1)
        self.deck_at = deck_at  # the deck drawn in each drawing state

    def draw(self, tokens: NDArray[np.intp], state: NDArray[np.int64]) -> NDArray[np.integer]:
        """The card (its number among all decks' cards) each of ``tokens``, in a ``state`` on a card
        cell, draws from that cell's deck."""
        if self.mode == "uniform":
            deck = self.deck_at.take(state)
            return self.offsets.take(deck) + (self.rng.random(tokens.size) * self.lengths.take(deck)).astype(np.int64)
        slot = self.slots.take(state) + tokens
        position = self.pointers.take(slot)
        self.pointers[slot] = self.following.take(position)
        where = position * np.intp(self.tokens)
        where += tokens
        return self.cards.take(where)


#: Rounds of rolls :func:`simulate_landings` keeps to count at once (8 rounds of 10^5 tokens: 6.4 MB).
_COUNTED_TOGETHER = 8


def simulate_landings(
    board: Board,
    rules: RuleSet | None = None,
    jail: str = "short",
    policy: CardPolicy | None = None,
    rolls: int = 10**7,
    tokens: int = 100_000,
    batches: int = 20,
    burn_in: int = 60,
    decks: str = "cycled",
    seed: int | np.random.Generator | None = None,
) -> LandingCounts:
    """Move ``tokens`` tokens together until ``rolls`` rolls are counted; count where rolls and
    turns end and every landing.

    Parameters
    ----------
    board, rules, jail, policy
        As for :func:`millionaire.markov.movement_chain` (``rules``: the board's preset when omitted).
    rolls
        Rolls to count, all tokens together (rounded up to a whole number of rolls per token).
    tokens
        Tokens moved together; about 10^5 is fastest.
    batches
        The tokens are split into this many groups counted apart, for :meth:`LandingCounts.standard_error`.
    burn_in
        Rolls per token before counting starts, so that the start on START is forgotten (after 60
        rolls both boards are within 2e-4 of the long run in total variation).
    decks
        ``"cycled"``: each token's own shuffled decks, top card drawn and put back at the bottom;
        ``"uniform"``: independent uniform draws, as the exact chain assumes.
    seed
        A :class:`numpy.random.Generator` or a seed for one.

    Returns
    -------
    LandingCounts

    Examples
    --------
    >>> from millionaire import load_board
    >>> counts = simulate_landings(load_board("millionaire-classic"), jail="long", rolls=100_000,
    ...                            tokens=1_000, batches=4, seed=2)
    >>> counts.roll_counts.shape, int(counts.roll_counts.sum())
    ((4, 41), 100000)
    """
    if jail not in JAIL_STRATEGIES:
        raise ValueError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}, got {jail!r}")
    if decks not in DECK_MODES:
        raise ValueError(f"decks must be one of {', '.join(DECK_MODES)}, got {decks!r}")
    for name, value, least in (("rolls", rolls, 1), ("tokens", tokens, 1), ("batches", batches, 1),
                               ("burn_in", burn_in, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, got {value!r}")
    if tokens % batches:
        raise ValueError(f"tokens ({tokens}) must be a multiple of batches ({batches})")
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    tables = _tables(board, rules, jail, policy if policy is not None else CardPolicy())
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    steps = -(-rolls // tokens)
    pairs = tables.count * 36
    batched = tables.batched(batches)
    cards = _Decks(tables, batched.deck_at, tokens, decks, rng)
    # Each token is one number: its batch's first (state, dice) pair plus 36 times its state, so that
    # adding the dice gives the pair it rolls, counted by batch, and one look-up gives the next number
    # (negative: a card is drawn, see _Batches).
    token = (np.arange(tokens) // (tokens // batches)) * pairs
    # The pairs rolled are kept for up to _COUNTED_TOGETHER rounds and counted together: one bincount
    # of the whole table's size for them all, not one a round.
    rolled = np.empty((min(steps, _COUNTED_TOGETHER), tokens), dtype=np.int64)
    kept = 0
    pair_counts = np.zeros(batches * pairs, dtype=np.int64)
    key_counts = np.zeros(batched.key_next.size, dtype=np.int64)
    for step in range(burn_in + steps):
        pair = rolled[kept]
        np.add(token, _uniform_below(rng, 36, tokens), out=pair)
        np.take(batched.roll, pair, out=token, mode="clip")  # every index is in range; "clip" writes out directly
        drawing = np.flatnonzero(token < 0)
        for who, key, leads_to in _draw_cards(batched, cards, drawing, ~token.take(drawing), rng):
            token[who] = leads_to  # who draws again is set by the next round
            if step >= burn_in:
                np.add.at(key_counts, key, 1)
        if step >= burn_in:
            kept += 1
            if kept == len(rolled) or step == burn_in + steps - 1:
                pair_counts += np.bincount(rolled[:kept].ravel(), minlength=pair_counts.size)
                kept = 0
    counts = _tally(tables, pair_counts.reshape(batches, pairs), batched.by_batch(key_counts))
    return LandingCounts(board.key, jail, decks, steps * tokens, *counts)


def _draw_cards(batched: _Batches, cards: _Decks, tokens: NDArray[np.intp], state: NDArray[np.int64],
                rng: np.random.Generator) -> Iterator[tuple[NDArray[np.intp], NDArray[np.int64], NDArray[np.int64]]]:
    """Let ``tokens``, each in a drawing ``state`` (see :class:`_Batches`), draw and follow their
    cards (and any card after that), round by round: each round, the tokens drawing, their keys and
    the keys' ``key_next``; the next round, those whose ``key_next`` is negative.
    """
    width = batched.width
    while tokens.size:
        card = cards.draw(tokens, state)
        key = batched.card_keys.take(card) + state
        if width > 1:
            rows = batched.card_rows.take(card) + batched.bins.take(state)
            key = key * width + (rng.random(key.size)[:, None] >= batched.card_cumulative[rows]).sum(axis=1)
        after = batched.key_next.take(key)
        yield tokens, key, after
        again = np.flatnonzero(after < 0)
        tokens, state = tokens.take(again), ~after.take(again)


def _tally(tables: _Tables, pair_counts: NDArray[np.int64], key_counts: NDArray[np.int64]) -> tuple[NDArray[np.int64], ...]:
    """Counts per cell (rolls, turns, landings) from the counts by (state, dice) of every roll and by
    key of every draw."""
    size, count = tables.size, tables.count
    plain = ~tables.special
    moved = np.flatnonzero(tables.arrive >= 0)
    stops = np.flatnonzero(tables.key_next >= 0)
    states = np.zeros((pair_counts.shape[0], count), dtype=np.int64)
    landed = np.zeros((tables.card_after.size, size + 1), dtype=np.int64)
    for cells in tables.card_landed.T:
        np.add.at(landed, (np.flatnonzero(cells >= 0), cells[cells >= 0]), 1)
    landings = np.zeros((pair_counts.shape[0], size + 1), dtype=np.int64)
    for b in range(pair_counts.shape[0]):
        states[b] += np.bincount(tables.plain[plain], weights=pair_counts[b, plain], minlength=count).astype(np.int64)
        states[b] += np.bincount(tables.key_next[stops] // 36, weights=key_counts[b, stops], minlength=count).astype(np.int64)
        outcomes = np.bincount(tables.key_outcome, weights=key_counts[b], minlength=len(landed)).astype(np.int64)
        landings[b] += outcomes @ landed
        rolled = pair_counts[b, moved]
        landings[b, :size] += np.bincount(tables.arrive[moved], weights=rolled, minlength=size).astype(np.int64)
        for hop in tables.jumps[1].take(tables.arrive[moved], axis=0).T:
            landings[b, :size] += np.bincount(hop[hop >= 0], weights=rolled[hop >= 0], minlength=size).astype(np.int64)
    landings[:, size] = states[:, tables.jail0]
    to_cells = np.zeros((count, size + 1), dtype=np.int64)
    to_cells[np.arange(count), tables.bins] = 1
    return states @ to_cells, (states * tables.turn_end) @ to_cells, landings


def landings_in_turns(
    board: Board,
    turns: int,
    tokens: int,
    rules: RuleSet | None = None,
    jail: str = "short",
    policy: CardPolicy | None = None,
    decks: str = "cycled",
    seed: int | np.random.Generator | None = None,
    after: int = 0,
) -> NDArray[np.int64]:
    """Each of ``tokens`` tokens starts on START and plays ``turns`` turns; count, token by token,
    its landings on every cell (as in the chain's ``per="landing"`` view) and its detentions.
    With ``after``, the tokens first play that many turns uncounted (a deal struck mid-game).

    Where :func:`simulate_landings` pools the long run, this keeps each token apart, so that a
    lesson can see the spread of a short game: how often an opponent lands on one plot in 40 rounds.

    Returns
    -------
    numpy.ndarray
        Shape ``(tokens, board.size + 1)``: landings on each cell, detentions last.

    Examples
    --------
    >>> from millionaire import load_board
    >>> counts = landings_in_turns(load_board("millionaire-classic"), turns=40, tokens=1_000, seed=3)
    >>> counts.shape, bool((counts.sum(axis=1) >= 40).all())
    ((1000, 41), True)
    """
    if jail not in JAIL_STRATEGIES:
        raise ValueError(f"jail strategy must be one of {', '.join(JAIL_STRATEGIES)}, got {jail!r}")
    if decks not in DECK_MODES:
        raise ValueError(f"decks must be one of {', '.join(DECK_MODES)}, got {decks!r}")
    for name, value, least in (("turns", turns, 1), ("tokens", tokens, 1), ("after", after, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, got {value!r}")
    rules = rules if rules is not None else RuleSet.for_board(board.key)
    tables = _tables(board, rules, jail, policy if policy is not None else CardPolicy())
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    alone = tables.batched(1)
    cards = _Decks(tables, alone.deck_at, tokens, decks, rng)
    bins = tables.size + 1
    state = np.zeros(tokens, dtype=np.int64)
    done = np.zeros(tokens, dtype=np.int64)
    counts = np.zeros(tokens * bins, dtype=np.int64)

    def add(who: NDArray[np.intp], where: NDArray[np.int64]) -> None:
        keep = done[who] >= after
        np.add.at(counts, who[keep] * bins + where[keep], 1)

    live = np.arange(tokens)
    while live.size:
        flat = state[live] * 36 + _uniform_below(rng, 36, live.size)
        following = tables.plain.take(flat)
        arrive = tables.arrive.take(flat)
        moved = arrive >= 0
        add(live[moved], arrive[moved])
        for hop in tables.jumps[1].take(arrive[moved], axis=0).T:
            add(live[moved][hop >= 0], hop[hop >= 0])
        drawing = np.flatnonzero(tables.special.take(flat))
        state[live] = following
        for who, key, leads_to in _draw_cards(alone, cards, live[drawing], following[drawing], rng):
            landed = tables.card_landed[tables.key_outcome.take(key)]
            add(np.broadcast_to(who[:, None], landed.shape)[landed >= 0], landed[landed >= 0])
            state[who] = leads_to // 36  # who draws again is set by the next round
        following = state[live]
        add(live[following == tables.jail0], np.full(int((following == tables.jail0).sum()), tables.size))
        done[live[tables.turn_end.take(following)]] += 1
        live = live[done[live] < after + turns]
    return counts.reshape(tokens, bins)
