"""The movement rules, written once, as chance outcomes with exact probabilities.

Everything that moves a token lives here: two dice, doubles and the third double, detention and
release, "go to" cells and the moves that cards make. The engine samples these functions with its
random generator; :mod:`millionaire.markov` enumerates the same functions with their
probabilities. Neither re-implements a rule.

The functions are pure: they take plain numbers (and the board and rules) and return plain numbers.

Examples
--------
>>> from millionaire import load_board, RuleSet
>>> board, rules = load_board("millionaire-classic"), RuleSet.classic()
>>> roll_move(board, rules, position=38, doubles=0, die1=1, die2=3)
RollMove(destination=2, doubles=0, passed_start=True, to_jail=False)
>>> roll_move(board, rules, position=5, doubles=2, die1=4, die2=4).to_jail
True
>>> float(sum(p for p, _, _ in DICE))
1.0
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from .board import Board, CellKind
from .cards import Card
from .rules import RuleSet

#: The 36 equally likely rolls of two dice: (probability, die1, die2).
DICE: tuple[tuple[Fraction, int, int], ...] = tuple(
    (Fraction(1, 36), a, b) for a in range(1, 7) for b in range(1, 7)
)


#: The 6 equally likely rolls of one die (Junior): (probability, die, 0). The missing second die is 0,
#: so a roll of one die is never a double.
ONE_DIE: tuple[tuple[Fraction, int, int], ...] = tuple((Fraction(1, 6), a, 0) for a in range(1, 7))


def dice_outcomes(rules: RuleSet) -> tuple[tuple[Fraction, int, int], ...]:
    """The equally likely rolls the rules move by: :data:`DICE` for two dice, :data:`ONE_DIE` for one.

    >>> from millionaire import RuleSet
    >>> len(dice_outcomes(RuleSet.classic())), dice_outcomes(RuleSet.junior())[0]
    (36, (Fraction(1, 6), 1, 0))
    """
    return ONE_DIE if rules.dice == 1 else DICE


#: :data:`DICE` and :data:`ONE_DIE` with each probability as a float, for the Markov chain's sums.
DICE_CHANCES: tuple[tuple[float, int, int], ...] = tuple((p.numerator / p.denominator, a, b) for p, a, b in DICE)
ONE_DIE_CHANCES: tuple[tuple[float, int, int], ...] = tuple((p.numerator / p.denominator, a, b) for p, a, b in ONE_DIE)


def dice_chances(rules: RuleSet) -> tuple[tuple[float, int, int], ...]:
    """:func:`dice_outcomes` with each probability as a float.

    >>> from millionaire import RuleSet
    >>> dice_chances(RuleSet.junior())[0]
    (0.16666666666666666, 1, 0)
    """
    return ONE_DIE_CHANCES if rules.dice == 1 else DICE_CHANCES


def sum_distribution(rules: RuleSet | None = None) -> dict[int, Fraction]:
    """Probability of each total of two dice, from the 36 outcomes (of one die with Junior's rules).

    >>> sum_distribution()[7]
    Fraction(1, 6)
    >>> from millionaire import RuleSet
    >>> sorted(sum_distribution(RuleSet.junior()).values()) == [Fraction(1, 6)] * 6
    True
    """
    totals: dict[int, Fraction] = {}
    for p, a, b in (DICE if rules is None else dice_outcomes(rules)):
        totals[a + b] = totals.get(a + b, Fraction(0)) + p
    return totals


class Outcome:
    """A result of the movement rules: a few named fields, equal when the fields are, printed as
    the call that makes it. (Plain classes with their own ``__init__``: the compiled engine makes
    one or two per roll, and these construct fastest.)

    >>> RollMove(2, 0, True, False) == RollMove(2, 0, True, False)
    True
    >>> RollMove(2, 0, True, False) == RollMove(2, 1, True, False), JailRoll("stay", 0) == Arrival("stay", 0)
    (False, False)
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({values})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in self.FIELDS)


class RollMove(Outcome):
    """Where a free token's roll takes it.

    ``doubles`` is the count of doubles rolled so far this turn after this roll; ``to_jail`` is the
    third double, which sends the token to jail without moving (``destination`` is then the jail).
    """

    FIELDS = ("destination", "doubles", "passed_start", "to_jail")

    def __init__(self, destination: int, doubles: int, passed_start: bool, to_jail: bool) -> None:
        self.destination = destination
        self.doubles = doubles
        self.passed_start = passed_start
        self.to_jail = to_jail


class JailRoll(Outcome):
    """What a detained player's roll for a double does.

    ``outcome`` is ``"free"`` (a double: move by it, no extra roll), ``"stay"`` (still detained,
    one more turn waited) or ``"pay_and_move"`` (the last allowed miss: pay the fine, move by it).
    """

    FIELDS = ("outcome", "steps")

    def __init__(self, outcome: str, steps: int) -> None:
        self.outcome = outcome
        self.steps = steps


def step(board: Board, position: int, steps: int) -> tuple[int, bool]:
    """Move ``steps`` cells clockwise (negative: back); return (cell, passed or reached START forward).

    >>> from millionaire import load_board
    >>> step(load_board("millionaire-classic"), 37, 5)
    (2, True)
    >>> step(load_board("millionaire-classic"), 2, -3)
    (39, False)
    """
    size = len(board.cells)
    target = position + steps
    # ``&``, not ``and``: arithmetic only, so that the Markov chain steps arrays of cells and counts at once.
    return target % size, (steps > 0) & (target >= size)


def step_table(board: Board, counts: list[int]) -> list[int]:
    """Where each count leads from every cell, row by row: ``table[cell * len(counts) + j] ==
    step(board, cell, counts[j])[0]``, for the Markov chain (compiled, one call instead of a call
    per cell and count).

    >>> from millionaire import load_board
    >>> step_table(load_board("monopoly-us"), [3, -3])[38 * 2:39 * 2]
    [1, 35]
    """
    return [step(board, cell, count)[0] for cell in range(len(board.cells)) for count in counts]


def roll_move(board: Board, rules: RuleSet, position: int, doubles: int, die1: int, die2: int) -> RollMove:
    """The move of a free (not detained) token for one roll of two dice.

    ``doubles`` counts the doubles already rolled this turn. The third double in a row (see
    ``RuleSet.doubles_to_jail``) sends the token to jail at once without moving. One die
    (``RuleSet.dice == 1``) is rolled as ``die2 = 0``: never a double.

    >>> from millionaire import load_board, RuleSet
    >>> roll_move(load_board("millionaire-junior"), RuleSet.junior(), position=22, doubles=0, die1=3, die2=0)
    RollMove(destination=1, doubles=0, passed_start=True, to_jail=False)
    """
    steps, doubles, to_jail = roll_steps(rules, doubles, die1, die2)
    if to_jail:
        return RollMove(board.jail, doubles, False, True)
    destination, passed = step(board, position, steps)
    return RollMove(destination, doubles, passed, False)


def roll_steps(rules: RuleSet, doubles: int, die1: int, die2: int) -> tuple[int, int, bool]:
    """What one roll does wherever the token stands: ``(steps to move, doubles this turn after the
    roll, to jail)``. :func:`roll_move` moves by it; the Markov chain applies it to every cell at once.

    >>> from millionaire import RuleSet
    >>> roll_steps(RuleSet.classic(), 0, 2, 2), roll_steps(RuleSet.classic(), 2, 5, 5)
    ((4, 1, False), (0, 3, True))
    """
    if die1 == die2:
        doubles += 1
        if doubles >= rules.doubles_to_jail:
            return 0, doubles, True
    return die1 + die2, doubles, False


def roll_kinds(rules: RuleSet) -> tuple[dict[tuple[int, int, int], float], list[float]]:
    """What a free token's roll does wherever it stands, from each count of doubles rolled before it
    this turn, summed over the rolls alike (:func:`roll_steps` of every roll of :func:`dice_chances`),
    for the Markov chain: ``(kinds, to_jail)``. ``kinds`` maps ``(doubles before, doubles carried to
    the next roll, steps)`` to its probability, carried 0 when the turn ends (no double);
    ``to_jail[d]`` is the probability that a roll after ``d`` doubles sends the token to jail.

    >>> from millionaire import RuleSet
    >>> kinds, to_jail = roll_kinds(RuleSet.classic())
    >>> round(kinds[(0, 0, 7)], 6), round(kinds[(1, 2, 4)], 6), [round(p, 6) for p in to_jail]
    (0.166667, 0.027778, [0.0, 0.0, 0.166667])
    """
    kinds: dict[tuple[int, int, int], float] = {}
    to_jail = [0.0] * rules.doubles_to_jail
    dice = dice_chances(rules)
    for rolled in range(rules.doubles_to_jail):
        for probability, die1, die2 in dice:
            steps, after, jailed = roll_steps(rules, rolled, die1, die2)
            if jailed:
                to_jail[rolled] += probability
            else:
                key = (rolled, after if die1 == die2 else 0, steps)
                kinds[key] = kinds.get(key, 0.0) + probability
    return kinds, to_jail


def jail_roll_kinds(rules: RuleSet) -> tuple[list[float], dict[tuple[int, int], float]]:
    """What a detained token's roll for a double does after each count of turns waited, summed over
    the rolls alike (:func:`jail_roll` of every roll of :func:`dice_chances`), for the Markov chain:
    ``(stay, moves)``, ``stay[w]`` the probability of waiting on after ``w`` turns waited and
    ``moves`` mapping ``(turns waited, steps)`` to the probability of leaving by those steps.

    >>> from millionaire import RuleSet
    >>> stay, moves = jail_roll_kinds(RuleSet.classic())
    >>> [round(p, 6) for p in stay], round(moves[(0, 8)], 6), round(moves[(2, 7)], 6)
    ([0.833333, 0.833333, 0.0], 0.027778, 0.166667)
    """
    stay = [0.0] * rules.jail_max_turns
    moves: dict[tuple[int, int], float] = {}
    dice = dice_chances(rules)
    for waited in range(rules.jail_max_turns):
        for probability, die1, die2 in dice:
            result = jail_roll(rules, waited, die1, die2)
            if result.outcome == "stay":
                stay[waited] += probability
            else:
                key = (waited, result.steps)
                moves[key] = moves.get(key, 0.0) + probability
    return stay, moves


def jail_roll(rules: RuleSet, turns_waited: int, die1: int, die2: int) -> JailRoll:
    """A detained player's roll for a double, after ``turns_waited`` failed tries.

    >>> from millionaire import RuleSet
    >>> jail_roll(RuleSet.classic(), 0, 3, 3)
    JailRoll(outcome='free', steps=6)
    >>> jail_roll(RuleSet.classic(), 2, 1, 3)
    JailRoll(outcome='pay_and_move', steps=4)
    """
    if die1 == die2:
        return JailRoll("free", die1 + die2)
    if turns_waited + 1 >= rules.jail_max_turns:
        return JailRoll("pay_and_move", die1 + die2)
    return JailRoll("stay", 0)


def income_due(rules: RuleSet, passed_start: bool, destination: int, by_roll: bool, salary: bool) -> bool:
    """Whether a move pays circular income: passing START on a roll (or a card that says so).

    Landing exactly on START counts when ``RuleSet.income_on_landing`` (``step`` already reports
    reaching START as passing it).
    """
    if not passed_start or not (by_roll or salary):
        return False
    return destination != 0 or rules.income_on_landing


class Arrival(Outcome):
    """What arriving on a cell does to the token: nothing more, detention, a jump, or a card draw.

    ``action`` is ``"stay"``, ``"detain"`` (the token is now detained in jail), ``"jump"`` (to ``cell``,
    no circular income: Black business and Tax Police) or ``"draw"`` (from ``deck``).
    """

    FIELDS = ("action", "cell", "deck")

    def __init__(self, action: str, cell: int, deck: str = "") -> None:
        self.action = action
        self.cell = cell
        self.deck = deck


#: Whether :func:`arrival` reads ``by_roll``. It does not: a cell does the same to a token whether a
#: roll or a card brought it. :mod:`millionaire.markov` relies on it to take an arrival by a card as the
#: roll's on that cell without asking again; a rule that tells them apart sets it to True (the tests
#: hold ``arrival`` to it on every board and rule preset).
ARRIVAL_READS_BY_ROLL = False


def arrival(board: Board, rules: RuleSet, cell: int, by_roll: bool) -> Arrival:
    """The movement consequence of arriving on ``cell`` (money and purchases are the engine's);
    ``by_roll`` is not read (see :data:`ARRIVAL_READS_BY_ROLL`).

    >>> from millionaire import load_board, RuleSet
    >>> board = load_board("millionaire-classic")
    >>> arrival(board, RuleSet.classic(), 35, by_roll=True)
    Arrival(action='jump', cell=5, deck='')
    >>> arrival(load_board("monopoly-us"), RuleSet.monopoly(), 10, by_roll=True).action
    'stay'
    """
    kind = board.cells[cell].kind
    if kind is CellKind.GO_TO_JAIL:
        return Arrival("detain", board.jail)
    if kind is CellKind.JAIL:
        return Arrival("detain" if rules.detain_on_landing else "stay", cell)
    if kind is CellKind.FUND_FINE:
        return Arrival("jump", board.cells[cell].target)
    if kind is CellKind.CARD:
        return Arrival("draw", cell, board.cells[cell].deck)
    return Arrival("stay", cell)


class CardMove(Outcome):
    """Where a moving card takes the token.

    ``destination`` is -1 when the token stays; ``detain`` for "go to jail"; ``passed_start`` for the
    circular income of cards with ``salary``; ``choices`` lists the cells a ``move_choice`` card
    allows (the engine asks the player); ``swap_with`` is the seat swapped with, or -1.
    """

    FIELDS = ("destination", "passed_start", "detain", "choices", "swap_with")

    def __init__(self, destination: int, passed_start: bool = False, detain: bool = False,
                 choices: tuple[int, ...] = (), swap_with: int = -1) -> None:
        self.destination = destination
        self.passed_start = passed_start
        self.detain = detain
        self.choices = choices
        self.swap_with = swap_with


def corners(board: Board) -> tuple[int, ...]:
    """The four corner cells of a square board."""
    side = len(board.cells) // 4
    return tuple(i * side for i in range(4))


def nearest_ahead(board: Board, position: int, cells: set[int] | tuple[int, ...]) -> int:
    """The first cell of ``cells`` strictly ahead of ``position`` (wrapping); -1 if there is none."""
    size = len(board.cells)
    nearest, best = -1, size + 1
    for cell in cells:  # a few targets: each one's distance ahead, 1 .. size (itself a whole round)
        distance = (cell - position - 1) % size + 1
        if distance < best and 0 <= cell < size:
            nearest, best = cell, distance
    return nearest


def nearest_targets(board: Board, what: str, owner: list[int] | None = None) -> set[int]:
    """The cells a ``nearest`` card looks for (``owner`` lists each cell's owner, -1 unowned)."""
    if what == "corner":
        return set(corners(board))
    if what == "unowned_plot":
        return {c for c in board.plots if owner is None or owner[c] < 0}
    if what.startswith("card:"):
        deck = what[5:]
        return {c.index for c in board.cells if c.kind is CellKind.CARD and c.deck == deck}
    kind = CellKind(what)
    return {c.index for c in board.cells if c.kind is kind}


class CardMoves(Outcome):
    """Where a moving card takes a token from each of several cells: :class:`CardMove`'s fields with
    one entry per cell (``destinations``, ``passed_start``, ``swap_with``) and those that are the
    same from every cell once (``detain``, ``choices``)."""

    FIELDS = ("destinations", "passed_start", "detain", "choices", "swap_with")

    def __init__(self, destinations: list[int], passed_start: list[bool], detain: bool = False,
                 choices: tuple[int, ...] = (), swap_with: list[int] | None = None) -> None:
        self.destinations = destinations
        self.passed_start = passed_start
        self.detain = detain
        self.choices = choices
        self.swap_with = swap_with if swap_with is not None else [-1] * len(destinations)


def card_move(
    board: Board,
    card: Card,
    position: int,
    player: int = 0,
    owner: list[int] | None = None,
    positions: list[int | None] | None = None,
) -> CardMove:
    """Where a moving card takes a token at ``position`` (:func:`card_moves` from one cell).

    ``owner`` (each cell's owner seat or -1) and ``positions`` (each seat's cell, ``None`` for a
    player who cannot be swapped with: bankrupt or detained) are needed by the cards that depend
    on the game: nearest unowned plot, move to a chosen plot, swap places. Without them those
    cards see an empty board (no owners, no other players).
    """
    moves = card_moves(board, card, [position], player, owner, positions)
    return CardMove(moves.destinations[0], moves.passed_start[0], moves.detain, moves.choices, moves.swap_with[0])


def card_moves(
    board: Board,
    card: Card,
    cells: list[int],
    player: int = 0,
    owner: list[int] | None = None,
    positions: list[int | None] | None = None,
) -> CardMoves:
    """Where a moving card takes the token of seat ``player`` from each of ``cells``, the other seats
    where ``positions`` has them (the player's own entry is not read; see :func:`card_move`). What
    the card looks for (the cells of a kind, the allowed plots) is worked out once for all the cells.

    >>> from millionaire import load_board
    >>> board = load_board("monopoly-us")
    >>> railroad = next(c for c in board.decks["chance"].cards if c.what == "railroad")
    >>> card_moves(board, railroad, [7, 22, 36])
    CardMoves(destinations=[15, 25, 5], passed_start=[False, False, True], detain=False, choices=(), swap_with=[-1, -1, -1])
    """
    effect = card.effect
    if effect == "go_to_jail":
        return CardMoves([board.jail] * len(cells), [False] * len(cells), detain=True)
    if effect == "move_to" and card.target is not None:  # the board loader requires the target
        target = card.target
        return CardMoves([target] * len(cells), [(target < position or target == 0) and position != target for position in cells])
    if effect == "move_by":
        ends = [step(board, position, card.steps) for position in cells]
        return CardMoves([cell for cell, _ in ends], [passed for _, passed in ends])
    if effect == "nearest":
        targets = nearest_targets(board, card.what, owner)
        nearest = [nearest_ahead(board, position, targets) for position in cells]  # -1: none, the token stays
        return CardMoves(nearest, [0 <= cell <= position for cell, position in zip(nearest, cells)])
    if effect == "move_choice":
        return CardMoves([-1] * len(cells), [False] * len(cells), choices=move_choices(board, card.among, player, owner))
    if effect == "swap_nearest":
        seats = [nearest_player(board, player, position, positions) for position in cells]
        swapped: list[int] = []
        for seat in seats:
            cell = positions[seat] if positions and seat >= 0 else None
            swapped.append(-1 if cell is None else cell)
        return CardMoves(swapped, [False] * len(cells), swap_with=seats)
    raise ValueError(f"card effect {effect!r} does not move the token")


def move_choices(board: Board, among: str, player: int, owner: list[int] | None) -> tuple[int, ...]:
    """The plots a ``move_choice`` card allows: of an industry where the player owns a plot
    (``"own_industry"``) or owned by another player (``"others_plots"``)."""
    if owner is None:
        return ()
    if among == "own_industry":
        industries = {board.cells[c].industry for c in board.plots if owner[c] == player}
        return tuple(c for c in board.plots if board.cells[c].industry in industries)
    return tuple(c for c in board.ownable if owner[c] >= 0 and owner[c] != player)


def nearest_player(board: Board, player: int, position: int, positions: list[int | None] | None) -> int:
    """The seat of the nearest other player by cells, ties going to the one ahead; -1 if none.

    A player on the same cell is not a swap partner (swapping with him would change nothing).
    """
    if not positions:
        return -1
    size = len(board.cells)
    best, best_key = -1, (size + 1, 1)
    for seat, cell in enumerate(positions):
        if seat == player or cell is None or cell == position:
            continue
        ahead = (cell - position) % size
        behind = (position - cell) % size
        key = (ahead, 0) if ahead <= behind else (behind, 1)
        if key < best_key:
            best, best_key = seat, key
    return best


def _move_on(board: Board, card: Card, cell: int) -> int:
    """The cell a moving ``card`` drawn on ``cell`` sends the token to, on a board without owners
    or other players (as :mod:`millionaire.markov` enumerates it); -1 when the token stops."""
    move = card_move(board, card, cell)
    return -1 if move.detain else move.destination


def card_circle(board: Board) -> tuple[int, ...]:
    """A circle of card moves and jumps (``fund_fine`` targets) that brings a token back to a cell
    it passed, as the cells in order (first and last the same); ``()`` when there is none.

    A game on such a board can draw cards for ever; the board loader refuses it. Moves that depend
    on the game end on a property or in place (nearest unowned plot, chosen plot) and are left out,
    as :func:`draw_may_not_end` deals with swaps.

    >>> from millionaire import load_board
    >>> card_circle(load_board("millionaire-classic"))
    ()
    """
    size = len(board.cells)
    onward: list[list[int]] = [[] for _ in range(size)]
    for cell in board.cells:
        if cell.kind is CellKind.FUND_FINE:
            onward[cell.index].append(cell.target)
        elif cell.kind is CellKind.CARD:
            seen: set[tuple[object, ...]] = set()
            for card in board.decks[cell.deck].cards:
                key = (card.effect, card.target, card.steps, card.what)
                if card.moves_token and key not in seen:
                    seen.add(key)
                    destination = _move_on(board, card, cell.index)
                    if destination >= 0 and destination not in onward[cell.index]:
                        onward[cell.index].append(destination)
    # Depth-first search without recursion: 0 unvisited, 1 on the current path, 2 done.
    mark = [0] * size
    for start in range(size):
        if mark[start]:
            continue
        path, branches = [start], [iter(onward[start])]
        mark[start] = 1
        while path:
            following = next(branches[-1], -1)
            if following < 0:
                mark[path.pop()] = 2
                branches.pop()
            elif mark[following] == 1:
                return (*path[path.index(following):], following)
            elif mark[following] == 0:
                mark[following] = 1
                path.append(following)
                branches.append(iter(onward[following]))
    return ()


def draw_may_not_end(board: Board) -> str:
    """The key of a deck whose draws could go on for ever, or ``""``.

    A card that swaps places can put the token on a card cell where it draws again; a deck with
    such a card needs a card that always stops the token (one that does not move it and is not
    kept, goes to jail, or moves it to a cell that draws no card from every cell of the deck).
    Without one, players standing on card cells could swap back and forth for ever.

    >>> from millionaire import load_board
    >>> draw_may_not_end(load_board("millionaire-classic"))
    ''
    """
    for key, deck in board.decks.items():
        if not any(card.effect == "swap_nearest" for card in deck.cards):
            continue
        cells = [cell.index for cell in board.cells if cell.kind is CellKind.CARD and cell.deck == key]
        if not any(_always_stops(board, card, cells) for card in deck.cards):
            return key
    return ""


def _always_stops(board: Board, card: Card, cells: list[int]) -> bool:
    """Whether ``card``, drawn on any of ``cells``, leaves the token on a cell that draws no card."""
    if card.is_kept or card.effect == "swap_nearest":
        return False
    if not card.moves_token:
        return True
    for cell in cells:
        destination = _move_on(board, card, cell)
        for _ in range(len(board.cells)):  # through the jumps, which go round no circle (card_circle)
            if destination < 0:
                break
            kind = board.cells[destination].kind
            if kind is CellKind.CARD:
                return False
            destination = board.cells[destination].target if kind is CellKind.FUND_FINE else -1
    return True
