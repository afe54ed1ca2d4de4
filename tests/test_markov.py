"""The exact movement chain (millionaire.markov) and the vectorised simulator (millionaire.landing_sim).

Known results (Collins's published Monopoly table), mathematical facts (pi P = pi, stochastic rows,
2d6, convergence), the rules the chain must follow, and agreement with sampling: the vectorised
simulator (10^7 rolls per board and jail strategy) and full engine games.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from millionaire import Game, RuleSet, load_board
from millionaire import movement
from millionaire.cli import main
from millionaire import landing_sim
from millionaire.landing_sim import _Decks, _shuffle_columns, _Tables, _uniform_below, simulate_landings
from millionaire.markov import (
    CardPolicy,
    MarkovChain,
    MovementChain,
    check_transition_matrix,
    gth_solve,
    movement_chain,
)

ROOT = Path(__file__).resolve().parents[1]
COLLINS = Path(__file__).resolve().parent / "data" / "monopoly_collins_short_jail.csv"  # see data/README.md
TOY = Path(__file__).resolve().parent / "data" / "toy4.toml"
BOARDS = ("millionaire-classic", "monopoly-us", "millionaire-elite")
JAILS = ("short", "long")


@pytest.fixture(scope="module")
def chains():
    return {(name, jail): movement_chain(load_board(name), jail=jail) for name in BOARDS for jail in JAILS}


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def parse_csv(text: str) -> dict[str, float]:
    return {row["cell"]: float(row["probability"]) for row in csv.DictReader(io.StringIO(text))}


# ---------------------------------------------------------------------- the published table
def test_cli_reproduces_collins_short_jail_table(capsys):
    """Every square of Collins's "leave jail at once" table, to his printed 4 decimals (±0.0001 pp)."""
    code, out, err = run_cli(capsys, "markov", "--board", "monopoly-us", "--jail", "short", "--per", "roll", "--csv")
    assert code == 0 and err == ""
    ours = parse_csv(out)
    with COLLINS.open(encoding="utf-8") as handle:
        published = {row["square_index"]: float(row["probability_percent"]) for row in csv.DictReader(handle)}
    assert set(ours) == set(published)
    deviation = {cell: abs(100 * ours[cell] - percent) for cell, percent in published.items()}
    worst = max(deviation, key=deviation.get)
    assert deviation[worst] <= 1e-4 + 1e-12, f"square {worst}: off by {deviation[worst]:.6f} percentage points"
    assert sum(ours.values()) == pytest.approx(1.0, abs=1e-12)


# ---------------------------------------------------------------------- mathematical facts
def test_two_dice_have_the_36_outcome_probabilities():
    totals = movement.sum_distribution()
    assert len(movement.DICE) == 36 and sum(p for p, _, _ in movement.DICE) == 1
    assert totals == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def test_first_roll_from_start_follows_two_dice():
    """On the toy board (no cards) with just-visiting jail and doubles counted, the first roll from
    START reaches cell (sum mod 4) with the 2d6 probabilities, split into double and not."""
    board = load_board(TOY)
    chain = MovementChain(board, RuleSet.classic().replace(detain_on_landing=False))
    row = dict(zip(chain.roll_chain.labels, chain.roll_chain.P[chain.roll_chain.labels.index((0, 0))]))
    for cell in range(4):
        plain = sum(Fraction(6 - abs(s - 7), 36) for s in range(2, 13) if s % 4 == cell) - Fraction(
            sum(1 for d in range(1, 7) if 2 * d % 4 == cell), 36)
        doubles = Fraction(sum(1 for d in range(1, 7) if 2 * d % 4 == cell), 36)
        assert row.get((cell, 0), 0.0) == pytest.approx(float(plain), abs=1e-15)
        assert row.get((cell, 1), 0.0) == pytest.approx(float(doubles), abs=1e-15)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("jail", JAILS)
def test_stationary_is_invariant_and_rows_are_stochastic(chains, name, jail):
    chain = chains[name, jail]
    for markov in (chain.roll_chain, chain.turn_chain):
        P, pi = markov.P, markov.stationary
        assert np.allclose(P.sum(axis=1), 1.0, atol=1e-12, rtol=0) and (P >= 0).all()
        assert np.abs(pi @ P - pi).max() < 1e-15 and pi.sum() == pytest.approx(1.0, abs=1e-14)
        assert (pi > 0).all() and markov.is_irreducible


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("jail", JAILS)
def test_views_agree_with_each_other(chains, name, jail):
    chain = chains[name, jail]
    roll, turn, landing = (chain.probabilities(per) for per in ("roll", "turn", "landing"))
    assert roll.sum() == pytest.approx(1.0, abs=1e-13) and turn.sum() == pytest.approx(1.0, abs=1e-13)
    # Turn ends are the roll chain watched at the rolls that end a turn (a censored chain).
    ends = np.array([label[0] == "jail" or label[1] == 0 for label in chain.roll_chain.labels])
    pi = chain.roll_chain.stationary
    censored = np.zeros_like(turn)
    for label, weight in zip(np.array(chain.roll_chain.labels, dtype=object)[ends], pi[ends] / pi[ends].sum()):
        censored[-1 if label[0] == "jail" else label[0]] += weight
    assert np.abs(censored - turn).max() < 1e-13
    assert chain.rolls_per_turn == pytest.approx(1 / pi[ends].sum())
    if jail == "short":  # each detention ends one turn in jail, and the next turn leaves
        assert landing[-1] == pytest.approx(turn[-1], abs=1e-13)


@pytest.mark.parametrize("name", BOARDS)
def test_transient_distribution_converges_to_stationary(chains, name):
    chain = chains[name, "long"]
    start = chain.after_turns(0)
    assert start[0] == 1.0 and start.sum() == 1.0
    gaps = [np.abs(chain.after_turns(k) - chain.probabilities("turn")).sum() for k in (10, 40, 200)]
    assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < 1e-12


def test_gth_solver_is_accurate_where_powers_are_slow():
    """A nearly decomposable chain: powers of P converge very slowly, GTH is exact to rounding."""
    eps = 1e-9
    P = np.array([[1 - eps, eps, 0.0], [0.5, 0.0, 0.5], [0.0, eps, 1 - eps]])
    pi = gth_solve(P)
    assert np.abs(pi @ P - pi).max() < 1e-16
    assert pi == pytest.approx([0.5 / (1 + eps), eps / (1 + eps), 0.5 / (1 + eps)], rel=1e-12)
    rng = np.random.default_rng(3)
    R = rng.random((60, 60)) ** 4
    R /= R.sum(axis=1, keepdims=True)
    pi = MarkovChain(R).stationary
    assert np.abs(pi @ R - pi).max() < 1e-15


@pytest.mark.parametrize(("matrix", "message"), [
    ([[0.5, 0.5]], "must be square"),
    ([[0.5, 0.6], [0.5, 0.5]], "row 0 sums to 1.1, not 1"),
    ([[1.2, -0.2], [0.5, 0.5]], r"entry \[0, 1\] is -0.2"),
    ([[np.nan, 1.0], [0.5, 0.5]], r"entry \[0, 0\] is nan"),
    ([[0.0, 1.0], [np.inf, 0.5]], r"entry \[1, 0\] is inf"),
    ([[0.5, 0.5], [0.5, 0.5 + 2e-9]], r"row 1 sums to 1.000000002, not 1"),
    ([], "must be square and non-empty"),
])
def test_transition_matrices_are_validated(matrix, message):
    with pytest.raises(ValueError, match=message):
        check_transition_matrix(matrix)
    with pytest.raises(ValueError, match=message):
        MarkovChain(matrix)


def test_row_sums_within_the_tolerance_pass():
    assert check_transition_matrix([[0.5, 0.5 + 5e-10], [1.0, 0.0]]).dtype == np.float64


def test_one_closed_class_with_passing_states_has_a_unique_stationary_distribution():
    chain = MarkovChain([[0.5, 0.5, 0.0], [0.0, 0.2, 0.8], [0.0, 0.6, 0.4]])
    assert not chain.is_irreducible and chain.closed_classes == ((1, 2),)
    pi = chain.stationary
    assert pi[0] == 0 and np.allclose(pi @ chain.P, pi) and np.isclose(pi.sum(), 1)


def test_reducible_chain_has_no_unique_stationary_distribution():
    chain = MarkovChain(np.eye(2), labels=["a", "b"])
    assert not chain.is_irreducible
    with pytest.raises(ValueError, match="not irreducible"):
        _ = chain.stationary
    with pytest.raises(ValueError, match="labels for 2 states"):
        MarkovChain(np.eye(2), labels=["a"])
    with pytest.raises(ValueError, match="steps must be"):
        chain.distribution([1.0, 0.0], -1)


def lapack_stationary(P) -> np.ndarray:
    """``pi (P - I) = 0`` with the last equation replaced by ``sum(pi) = 1``, in one LAPACK solve."""
    P = np.asarray(P, dtype=float)
    equations = P.T - np.eye(P.shape[0])
    equations[-1] = 1.0
    right = np.zeros(P.shape[0])
    right[-1] = 1.0
    return np.linalg.solve(equations, right)


@pytest.mark.parametrize("name", [*BOARDS, "millionaire-junior"])
@pytest.mark.parametrize("jail", JAILS)
def test_stationary_distributions_equal_a_linear_solve(name, jail):
    chain = movement_chain(load_board(name), jail=jail)
    for markov in (chain.roll_chain, chain.turn_chain):
        np.testing.assert_allclose(markov.stationary, lapack_stationary(markov.P), rtol=0, atol=1e-12)


@pytest.mark.parametrize("n", range(1, 8))
def test_gth_folds_even_and_odd_numbers_of_states(n):
    """GTH folds the states three at a time, and the last one or two alone when n - 1 is not a
    multiple of three."""
    P = np.random.default_rng(n).random((n, n)) ** 3
    P /= P.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(gth_solve(P), lapack_stationary(P), rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize(("matrix", "state"), [
    (np.eye(2), 1),
    ([[0.5, 0.25, 0.25], [0.5, 0.5, 0.0], [0.0, 0.0, 1.0]], 2),  # state 2 keeps the token
    ([[0.5, 0.25, 0.25], [0.0, 0.5, 0.5], [0.0, 0.5, 0.5]], 1),  # states 1 and 2 reach only each other
    # Four states, 1..3 folded at once: the last that keeps the token, two or three that keep it among them.
    ([[0.4, 0.2, 0.2, 0.2], [0.5, 0.5, 0.0, 0.0], [0.5, 0.0, 0.0, 0.5], [0.0, 0.0, 0.0, 1.0]], 3),
    ([[0.4, 0.2, 0.2, 0.2], [0.5, 0.5, 0.0, 0.0], [0.0, 0.0, 0.5, 0.5], [0.0, 0.0, 0.5, 0.5]], 2),
    ([[0.4, 0.2, 0.2, 0.2], [0.0, 0.5, 0.5, 0.0], [0.0, 0.0, 0.5, 0.5], [0.0, 0.5, 0.0, 0.5]], 1),
])
def test_gth_names_the_state_that_cannot_reach_the_states_before_it(matrix, state):
    with pytest.raises(ValueError, match=rf"state {state} cannot reach states 0\.\.{state - 1} "):
        gth_solve(matrix)


def test_reducible_chains_solved_whole_or_on_their_closed_class():
    """GTH on the whole matrix succeeds when every state reaches state 0 (the passing state is last),
    and fails when one does not (the passing state is first): then the closed class is solved alone.
    Both give the closed class's distribution and zero on the passing state; the closed classes are
    found when asked, after the stationary distribution as before it."""
    inside = [[0.2, 0.8], [0.6, 0.4]]
    expected = lapack_stationary(inside)
    last = MarkovChain([[0.2, 0.8, 0.0], [0.6, 0.4, 0.0], [0.3, 0.2, 0.5]])
    first = MarkovChain([[0.5, 0.3, 0.2], [0.0, 0.2, 0.8], [0.0, 0.6, 0.4]])
    np.testing.assert_allclose(last.stationary, [*expected, 0.0], rtol=0, atol=1e-15)
    np.testing.assert_allclose(first.stationary, [0.0, *expected], rtol=0, atol=1e-15)
    assert last.stationary[2] == 0.0 and first.stationary[0] == 0.0
    assert last.closed_classes == ((0, 1),) and first.closed_classes == ((1, 2),)
    assert not last.is_irreducible and not first.is_irreducible
    absorbed = MarkovChain([[0.5, 0.25, 0.25], [0.5, 0.5, 0.0], [0.0, 0.0, 1.0]])
    assert absorbed.stationary.tolist() == [0.0, 0.0, 1.0] and absorbed.closed_classes == ((2,),)
    two = MarkovChain([[0.5, 0.25, 0.25], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    with pytest.raises(ValueError, match="has 2 closed classes"):
        _ = two.stationary
    assert two.closed_classes == ((1,), (2,))


# ---------------------------------------------------------------------- the rules in the chain
def row_of(chain: MovementChain, label) -> dict:
    markov = chain.roll_chain
    return {to: p for to, p in zip(markov.labels, markov.P[markov.labels.index(label)]) if p > 0}


def test_third_double_detains_without_moving(chains):
    chain = chains["monopoly-us", "short"]
    row = row_of(chain, (14, 2))  # two doubles rolled, on Virginia Avenue
    # the third double (1/6), or no double to Community Chest 17 (1+2, 2+1) or Chance 22 (sum 8,
    # four ways) and its Go to Jail card (1/16)
    assert row[("jail", 0)] == pytest.approx(1 / 6 + 6 / 36 / 16)
    assert not any(label[1] == 2 for label in row if label[0] != "jail")  # no fourth roll this turn
    assert not any(label[1] == 1 for label in row if label[0] != "jail")


def test_a_double_gives_another_roll_unless_detained(chains):
    chain = chains["monopoly-us", "short"]
    row = row_of(chain, (20, 0))
    assert row[(26, 1)] == pytest.approx(1 / 36)  # 3+3 to Atlantic Avenue: roll again
    assert (30, 1) not in row and (30, 0) not in row  # Go To Jail: detained, the turn ends
    # Go To Jail, 10 from Free Parking (4+6, 6+4, 5+5), or Chance 22 (1+1) and its Go to Jail card
    assert row[("jail", 0)] == pytest.approx(3 / 36 + 1 / 36 / 16)


def test_jail_strategies(chains):
    short, long = chains["monopoly-us", "short"], chains["monopoly-us", "long"]
    # short: pay and roll from the jail cell as a free token; a double rolls again
    assert row_of(short, ("jail", 0))[(16, 1)] == pytest.approx(1 / 36)
    # long: a double frees the token with no extra roll; a miss waits; the last miss pays and moves
    first = row_of(long, ("jail", 0))
    assert first[(16, 0)] == pytest.approx(1 / 36) and first[("jail", 1)] == pytest.approx(30 / 36)
    assert not any(label[1] != 0 for label in first if label[0] != "jail")
    last = row_of(long, ("jail", 2))
    assert ("jail", 3) not in last and last[(13, 0)] == pytest.approx(2 / 36)
    assert long.probabilities("roll")[-1] > short.probabilities("roll")[-1]


def test_millionaire_arrivals(chains):
    chain = chains["millionaire-classic", "short"]
    roll, landing = chain.probabilities("roll"), chain.probabilities("landing")
    # Tax Inspection detains on any arrival; Tax Police and Black business never hold a token.
    assert roll[10] == roll[15] == roll[30] == roll[35] == 0.0
    assert landing[10] > 0 and landing[15] > 0 and landing[35] > 0
    assert chain.arrival_outcomes(15) == ((1.0, 5, (15, 5), False),)
    corner = [w for w in chain.arrival_outcomes(3) if w.landed == (3, 10)]  # nearest corner from 3
    assert corner == [(1 / 20, 10, (3, 10), True)]
    # Forward 10 from Move 22 reaches Move 32, which is drawn again: the chain goes on.
    assert any(w.landed[:3] == (22, 32, 2) for w in chain.arrival_outcomes(22))


def test_monopoly_card_chain_back_three_to_community_chest(chains):
    chain = chains["monopoly-us", "short"]
    via_chest = {(w.end, w.detained): w.probability for w in chain.arrival_outcomes(36) if 33 in w.landed}
    assert via_chest == pytest.approx({(33, False): 14 / 256, (0, False): 1 / 256, (10, True): 1 / 256})
    assert chain.probabilities("roll")[30] == 0.0 and chain.probabilities("roll")[10] > 0.02


def test_card_policy_default_and_choices():
    board = load_board("millionaire-classic")
    unowned = next(c for c in board.decks["move"].cards if c.what == "unowned_plot")
    choice = next(c for c in board.decks["move"].cards if c.among == "others_plots")
    swap = next(c for c in board.decks["move"].cards if c.effect == "swap_nearest")
    assert CardPolicy().outcomes(board, choice, 22) == ((1.0, -1, False),)
    assert CardPolicy().outcomes(board, swap, 22) == ((1.0, -1, False),)
    assert CardPolicy().outcomes(board, unowned, 22) == ((1.0, 23, False),)
    owner = tuple(1 if c in (9, 23, 24) else -1 for c in range(board.size))
    assert CardPolicy(owner=owner).outcomes(board, unowned, 22) == ((1.0, 26, False),)
    assert CardPolicy(owner=owner).outcomes(board, choice, 22) == ((1.0, 9, False),)
    assert CardPolicy(owner=owner, choose="last").outcomes(board, choice, 22) == ((1.0, 24, False),)
    assert [o.probability for o in CardPolicy(owner=owner, choose="uniform").outcomes(board, choice, 22)] == [1 / 3] * 3

    def cheapest(options: tuple[int, ...], position: int) -> int:
        return min(options, key=lambda c: board.cells[c].price)

    assert CardPolicy(owner=owner, choose=cheapest).outcomes(board, choice, 22) == ((1.0, 9, False),)
    assert CardPolicy(others=(30,)).outcomes(board, swap, 22) == ((1.0, 30, False),)
    with pytest.raises(ValueError, match="CardPolicy.choose must be one of first, last, uniform"):
        CardPolicy(choose="best")
    with pytest.raises(ValueError, match="returned 0 .* the options were"):
        CardPolicy(owner=owner, choose=lambda options, position: 0).outcomes(board, choice, 22)
    with pytest.raises(ValueError, match="lists 3 cells but board"):
        CardPolicy(owner=(1, 2, 3)).outcomes(board, choice, 22)
    # A policy changes the chain: with plots owned by others, the choice cards move the token.
    default, owned = movement_chain(board), movement_chain(board, policy=CardPolicy(owner=owner))
    assert owned is not default
    assert owned.probabilities("roll")[9] > default.probabilities("roll")[9]


def test_chains_are_cached_per_board_rules_jail_and_policy(tmp_path):
    board = load_board("monopoly-us")
    chain = movement_chain(board)
    assert movement_chain(load_board("monopoly-us"), RuleSet.monopoly(), "short", CardPolicy()) is chain
    assert movement_chain(board, jail="long") is not chain
    assert movement_chain(board, RuleSet.monopoly().replace(jail_max_turns=2), "long") is not movement_chain(board, jail="long")
    changed = tmp_path / "monopoly.toml"
    source = (ROOT / "millionaire" / "boards" / "monopoly_us.toml").read_text(encoding="utf-8")
    changed.write_text(source.replace("steps = -3", "steps = -2"), encoding="utf-8")
    other = movement_chain(load_board(changed))
    assert other is not chain and other.probabilities("roll")[33] < chain.probabilities("roll")[33]
    with pytest.raises(ValueError, match="jail strategy must be one of short, long, got 'never'"):
        movement_chain(board, jail="never")
    with pytest.raises(ValueError, match="per must be one of roll, turn, landing"):
        chain.probabilities("move")


def first_landings(board, rules, jail: str, tokens: int, rng) -> tuple[dict[int, list[int]], np.ndarray]:
    """A plain Python loop over movement.py's functions: for each token, the turn in which it first
    lands on each plot of the toy board, and where tokens stand after one turn (detained last)."""
    first: dict[int, list[int]] = {1: [], 3: []}
    after_one = np.zeros(board.size + 1)
    for _ in range(tokens):
        position, detained, waited, turn, seen = 0, False, 0, 0, {}
        while len(seen) < len(first):
            turn, doubles, again = turn + 1, 0, True
            while again:
                die1, die2 = (int(d) for d in rng.integers(1, 7, size=2))
                again = False
                if detained and jail == "long":
                    result = movement.jail_roll(rules, waited, die1, die2)
                    if result.outcome == "stay":
                        waited += 1
                        continue
                    position, detained = movement.step(board, position, result.steps)[0], False
                else:  # free, or "short": pay and roll as a free token
                    move = movement.roll_move(board, rules, position, doubles, die1, die2)
                    if move.to_jail:
                        position, detained, waited = board.jail, True, 0
                        continue
                    position, doubles, detained, again = move.destination, move.doubles, False, die1 == die2
                if position in first and position not in seen:
                    seen[position] = turn
                if movement.arrival(board, rules, position, True).action == "detain":
                    detained, waited, again = True, 0, False
            if turn == 1:
                after_one[board.size if detained else position] += 1
        for cell in first:
            first[cell].append(seen[cell])
    return first, after_one / tokens


@pytest.mark.parametrize("jail", JAILS)
def test_turns_to_land_and_after_turns_match_a_direct_simulation(jail):
    """On the toy board (jail at 2, detained on landing), 5 000 tokens moved one by one."""
    board, rules = load_board(TOY), RuleSet.classic()
    chain = MovementChain(board, rules, jail)
    first, after_one = first_landings(board, rules, jail, 5_000, np.random.default_rng(11))
    exact = chain.after_turns(1)
    assert (np.abs(after_one - exact) <= 4.5 * np.sqrt(exact * (1 - exact) / 5_000) + 1e-9).all()
    for cell, times in first.items():
        mean, error = np.mean(times), np.std(times) / np.sqrt(len(times))
        assert abs(mean - chain.turns_to_land(cell)) < 4 * error, (cell, mean, chain.turns_to_land(cell))


# ---------------------------------------------------------------------- against sampling
@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("jail", JAILS)
def test_chain_agrees_with_vectorised_simulator(chains, name, jail):
    """10^7 simulated rolls per deck mode, 100 batches of 500 tokens; z = (simulated - exact) / SE
    with the standard error from the spread between batches (t with 99 degrees of freedom).

    With uniform draws (the chain's model) every entry of every view must be within 5 SE: a false
    alarm has probability below 1e-6 per entry. With cycled decks (each token its own shuffled deck)
    the chain is an approximation: a cycled deck never deals the same card twice in a row, where
    the chain repeats it with probability 1/20 (Millionaire's forward 10 from Move 22 to Move 32, then
    on to cell 2; from 3 to 13 to 23). About 0.025 of rolls arrive on such a cell and 1/400 of those
    repeat, so entries may move by up to 1e-4 beyond the 5 SE (1e8 rolls show -6e-5 on cell 2).
    """
    chain = chains[name, jail]
    board = chain.board
    for decks, allowance in (("uniform", 0.0), ("cycled", 1e-4)):
        counts = simulate_landings(board, jail=jail, rolls=10**7, tokens=50_000, batches=100, decks=decks,
                                   seed=20240601)
        assert counts.rolls == 10**7
        for per in ("roll", "turn", "landing"):
            exact, simulated = chain.probabilities(per), counts.frequencies(per)
            error = counts.standard_error(per)
            never = exact == 0
            assert (simulated[never] == 0).all(), f"{decks} {per}: a cell the chain never reaches was counted"
            z = np.abs(simulated - exact)[~never] / error[~never]
            worst = int(np.argmax(np.abs(simulated - exact) - 5 * error - allowance))
            assert (np.abs(simulated - exact) <= 5 * error + allowance).all(), (
                f"{decks} decks, per {per}: cell {worst} simulated {simulated[worst]:.6f}, exact "
                f"{exact[worst]:.6f}, SE {error[worst]:.2e}; max |z| {z.max():.2f}")


@pytest.mark.parametrize("bound", [2, 3, 4, 20, 36, 16_385])
@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937])
def test_uniform_below_is_uniform(bound, bits):
    """Every number of 0 .. bound - 1 comes up, and no other; at least 100 draws a number (seed 3),
    each count within 6 standard deviations of its expectation (binomial), whether the bit generator
    makes 64 or 32 bits at a time. 16 385 has a quarter of the pieces drawn again (3 pieces a number)."""
    size = max(200_000, 100 * bound)
    draws = _uniform_below(np.random.Generator(bits(3)), bound, size)
    assert draws.shape == (size,) and int(draws.max()) < bound
    counts = np.bincount(draws, minlength=bound)
    expected = size / bound
    assert (np.abs(counts - expected) <= 6 * np.sqrt(expected * (1 - 1 / bound))).all()
    assert (counts > 0).all()


def test_shuffle_columns_is_uniform_over_permutations():
    """240 000 columns of a 4-card deck shuffled at once (seed 4): every column a permutation, every
    position holds each card a quarter of the time and each of the 24 orders comes up 1/24 of the
    time, within 6 standard deviations. (Swapping each position with one drawn from the whole deck,
    a known mistake, gives orders from 8/256 to 15/256 of the time: up to 40 deviations off.)"""
    columns = 240_000
    deck = np.repeat(np.arange(4, dtype=np.uint8)[:, None], columns, axis=1)
    _shuffle_columns(deck, np.random.default_rng(4))
    assert (np.sort(deck, axis=0) == np.arange(4)[:, None]).all()
    for position in range(4):
        share = np.bincount(deck[position], minlength=4) / columns
        assert (np.abs(share - 1 / 4) <= 6 * np.sqrt(3 / 16 / columns)).all(), (position, share)
    orders = np.bincount(((deck[0] * 4 + deck[1]) * 4 + deck[2]).astype(np.int64), minlength=64)
    seen = orders[orders > 0] / columns
    assert seen.size == 24
    assert (np.abs(seen - 1 / 24) <= 6 * np.sqrt(1 / 24 * 23 / 24 / columns)).all(), seen


@pytest.mark.parametrize("name", ["millionaire-classic", "monopoly-us"])
def test_cycled_decks_deal_each_tokens_own_shuffled_deck_in_a_cycle(name):
    """Each of 3 000 tokens holds every card of each deck once; drawing twice a deck's length on one
    deck's cell deals a token's deck in its order twice over, while the other deck stays where it was;
    the tokens' decks differ, and the same seed shuffles them the same way."""
    board = load_board(name)
    tables = _Tables(board, RuleSet.for_board(name), "short", CardPolicy())
    tokens = 3_000
    shuffled = _Decks(tables, tables.deck_at, tokens, "cycled", np.random.default_rng(6)).cards
    decks = shuffled.reshape(-1, tokens)
    everyone = np.arange(tokens)
    for deck, (n, o) in enumerate(zip(tables.lengths, tables.offsets)):
        rows = decks[o:o + n]
        assert (np.sort(rows, axis=0) == np.arange(o, o + n)[:, None]).all()
        assert len(np.unique(rows, axis=1).T) > tokens * 0.99
        cards = _Decks(tables, tables.deck_at, tokens, "cycled", np.random.default_rng(6))
        np.testing.assert_array_equal(cards.cards, shuffled)
        on_deck = [np.full(tokens, np.flatnonzero(tables.deck_at == d)[0]) for d in (deck, 1 - deck)]
        dealt = np.array([cards.draw(everyone, on_deck[0]) for _ in range(2 * n)])
        np.testing.assert_array_equal(dealt, np.concatenate([rows, rows]))
        np.testing.assert_array_equal(cards.draw(everyone, on_deck[1]), decks[tables.offsets[1 - deck]])


def test_simulator_follows_choice_cards_and_repeats_its_seed():
    """With plots owned by the token and by another player, the choice cards move the token to one
    of several plots drawn at random: the simulator (uniform draws, 4e6 rolls, 50 batches) agrees with
    the chain within 5 SE in every view, and the same seed gives the same counts."""
    board = load_board("millionaire-classic")
    owner = tuple(0 if c in (1, 3, 6) else 1 if c in (9, 23, 24, 26) else -1 for c in range(board.size))
    policy = CardPolicy(owner=owner, choose="uniform")
    chain = MovementChain(board, policy=policy)
    assert chain.probabilities("roll")[24] > movement_chain(board).probabilities("roll")[24]
    counts = simulate_landings(board, policy=policy, rolls=4 * 10**6, tokens=20_000, batches=50, decks="uniform", seed=5)
    for per in ("roll", "turn", "landing"):
        exact, simulated, error = chain.probabilities(per), counts.frequencies(per), counts.standard_error(per)
        assert (np.abs(simulated - exact) <= 5 * error + 1e-12).all(), per
    again = simulate_landings(board, policy=policy, rolls=4 * 10**6, tokens=20_000, batches=50, decks="uniform", seed=5)
    for field in ("roll_counts", "turn_counts", "landing_counts"):
        np.testing.assert_array_equal(getattr(again, field), getattr(counts, field))


@pytest.mark.parametrize("rounds", [1, 3, 8, 13])
def test_simulator_counts_the_rolls_kept_together_as_one_at_a_time(monkeypatch, rounds):
    """The rolls of several rounds are counted at once (``_COUNTED_TOGETHER``): the counts are those of
    counting each round alone, whether the rounds fill the kept rolls exactly, leave some over or are
    fewer, after a burn-in or none."""
    board = load_board("monopoly-us")
    runs = {}
    for together in (1, 4):
        monkeypatch.setattr(landing_sim, "_COUNTED_TOGETHER", together)
        runs[together] = [simulate_landings(board, rolls=rounds * 500, tokens=500, batches=5, burn_in=burn_in, seed=3)
                          for burn_in in (0, 2)]
    for alone, together in zip(runs[1], runs[4]):
        assert alone.roll_counts.sum() == rounds * 500
        for field in ("roll_counts", "turn_counts", "landing_counts"):
            np.testing.assert_array_equal(getattr(together, field), getattr(alone, field))


@pytest.mark.parametrize("name", BOARDS)
def test_chain_agrees_with_engine_games(chains, name):
    """Landings per roll in 40 seeded games of 4 cautious players (150 rounds), counted from the
    event log: "move" events per cell, "detain" events last; rolls are the moves by a roll, the
    misses in jail ("wait") and the third doubles (a "detain" right after a "roll").

    The cautious player leaves detention by a release card, by paying while the board is open and it
    has cash to spare, and otherwise by rolling: between the chain's short and long strategies. So
    each frequency must lie in [min(short, long), max(short, long)] widened by 4 standard errors
    (between-game spread of a ratio estimator). In Millionaire, ownership changes where the choice
    cards and "nearest unowned plot" go, always to plots, so only the other cells are compared;
    Monopoly's moving cards do not depend on owners and every cell is compared. (Kept cards shorten a
    deck by a card or two; the swap card moves about 0.5% of rolls to where another player stands:
    both well inside the bound.)
    """
    board = load_board(name)
    games = 40
    landings, rolls = np.zeros((games, board.size + 1)), np.zeros(games)
    for seed in range(games):
        game = Game(board, agents=["cautious"] * 4, seed=seed, record_events=True)
        game.run(max_rounds=150)
        previous = None
        for event in game.events:
            if event.kind == "move":
                landings[seed, event.cell] += 1
                rolls[seed] += event.detail == "roll"
            elif event.kind == "wait":
                rolls[seed] += 1
            elif event.kind == "detain":
                landings[seed, board.size] += 1
                rolls[seed] += previous is not None and previous.kind == "roll"
            previous = event
    frequency = landings.sum(axis=0) / rolls.sum()
    residual = landings - frequency * rolls[:, None]
    error = np.sqrt((residual ** 2).sum(axis=0) / (games - 1) / games) / rolls.mean()
    per_roll = [chains[name, jail].probabilities("landing") / chains[name, jail].rolls_per_turn for jail in JAILS]
    low, high = np.minimum(*per_roll), np.maximum(*per_roll)
    compared = [c for c in range(board.size + 1) if c == board.size or board.cells[c].kind.value != "plot"
                or name == "monopoly-us"]
    for cell in compared:
        assert low[cell] - 4 * error[cell] <= frequency[cell] <= high[cell] + 4 * error[cell], (
            f"cell {cell}: engine {frequency[cell]:.4f} ± {error[cell]:.4f}, chain {low[cell]:.4f}..{high[cell]:.4f}")


# ---------------------------------------------------------------------- the command
def test_cli_table_and_views(capsys):
    code, out, err = run_cli(capsys, "markov", "--board", "millionaire-classic")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Millionaire Classic, jail strategy 'short': probability that a roll ends")
    assert any(line.split()[:2] == ["5", "Charity"] for line in lines)
    assert "Detained" in lines[-1]            # Millionaire's word: landing on the Inspection detains
    code, out, _ = run_cli(capsys, "markov", "--board", "monopoly-us", "--per", "landing", "--csv")
    rows = parse_csv(out)
    assert code == 0 and list(rows)[-1] == "in_jail" and len(rows) == 41 and sum(rows.values()) > 1.1
    code, out, _ = run_cli(capsys, "markov", "--board", "monopoly-us", "--turns", "2", "--csv")
    expected = movement_chain(load_board("monopoly-us")).after_turns(2)
    assert code == 0 and np.allclose(list(parse_csv(out).values()), expected, atol=1e-11)
    code, out, _ = run_cli(capsys, "markov", "--board", "monopoly-us", "--jail", "long", "--per", "turn")
    assert code == 0 and "where the token rests between turns" in out.splitlines()[0]


@pytest.mark.parametrize(("argv", "message"), [
    (["--board", "nowhere"], "no such board file or built-in board"),
    (["--jail", "never"], "invalid choice: 'never'"),
    (["--turns", "-1"], "must be an integer >= 0"),
    (["--per", "roll", "--turns", "3"], "--turns"),
])
def test_cli_errors_are_one_line(capsys, argv, message):
    try:
        code = main(["markov", *argv])
    except SystemExit as stop:  # argparse's usage errors
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


REFERENCE = Path(__file__).parent / "data" / "markov_reference.json"


@pytest.mark.parametrize("name", ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"])
def test_chain_gives_the_recorded_results_on_every_board(name):
    """Every view of every board, jail strategy and choice of card, as the chain computed them with a
    state-by-state search for the closed classes, the dice enumerated one roll at a time and every
    chain solved by GTH (tests/data/markov_reference.json): the faster construction changes nothing."""
    import json

    recorded = json.loads(REFERENCE.read_text(encoding="utf-8"))
    board = load_board(name)
    for jail in ("short", "long"):
        for choose in ("first", "uniform"):
            chain = MovementChain(board, jail=jail, policy=CardPolicy(choose=choose))
            old = recorded[f"{name} {jail} {choose}"]
            assert (chain.roll_chain.n, chain.turn_chain.n) == (old["roll_states"], old["turn_states"])
            for per in ("roll", "turn", "landing"):
                np.testing.assert_allclose(chain.probabilities(per), old[per], rtol=1e-11, atol=1e-14)
            np.testing.assert_allclose(chain.roll_chain.stationary, old["roll_stationary"], rtol=1e-11, atol=1e-14)
            np.testing.assert_allclose(chain.after_turns(3), old["after_3_turns"], rtol=1e-11, atol=1e-14)
            assert chain.rolls_per_turn == pytest.approx(old["rolls_per_turn"], rel=1e-12)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("doubles", [3, 4])
def test_censoring_by_the_short_sum_equals_a_linear_solve(name, doubles):
    """A double adds one to the doubles rolled, so the rolls between mid-turn states, N, vanish at the
    power doubles_to_jail - 1 and the sum I + N + ... is (I - N)^-1, made layer by layer; the first
    roll of a turn reaches the first layer (one double) only."""
    board = load_board(name)
    rules = RuleSet.for_board(name).replace(doubles_to_jail=doubles)
    for jail in JAILS:
        chain = MovementChain(board, rules, jail)
        assert len(chain._layers) == doubles - 1
        assert not chain._leave[:, chain._layers[0].stop:].any()
        turn, P, ends, mid = chain.turn_chain.P, chain.roll_chain.P, chain._ends, chain._mid
        through = np.linalg.solve(np.eye(mid.size) - P[np.ix_(mid, mid)], P[np.ix_(mid, ends)])
        np.testing.assert_allclose(turn, P[np.ix_(ends, ends)] + P[np.ix_(ends, mid)] @ through, rtol=0, atol=1e-13)
        np.testing.assert_allclose(chain.turn_chain.stationary, lapack_stationary(turn), rtol=0, atol=1e-12)
        step = chain._mid_step
        assert not np.linalg.matrix_power(step, chain.rules.doubles_to_jail - 1).any()
        x = np.random.default_rng(0).random((step.shape[0], 3))
        stay = np.eye(step.shape[0]) - step
        np.testing.assert_allclose(chain._through_mid(x), np.linalg.solve(stay, x), rtol=1e-13)
        np.testing.assert_allclose(chain._through_mid(x.T, before=True), np.linalg.solve(stay.T, x).T, rtol=1e-13)


def test_the_board_rolls_and_arrivals_are_shared_by_jail_strategies_not_by_other_boards_or_policies(tmp_path):
    board = load_board("monopoly-us")
    short, long = MovementChain(board, jail="short"), MovementChain(board, jail="long")
    assert short._moves is long._moves
    assert MovementChain(board, RuleSet.monopoly().replace(doubles_to_jail=4))._moves is not short._moves
    assert MovementChain(board, policy=CardPolicy(choose="last"))._moves is not short._moves
    changed = tmp_path / "monopoly.toml"
    source = (ROOT / "millionaire" / "boards" / "monopoly_us.toml").read_text(encoding="utf-8")
    changed.write_text(source.replace("steps = -3", "steps = -2"), encoding="utf-8")
    assert MovementChain(load_board(changed))._moves is not short._moves

    class Unhashable:  # a chooser that cannot be a key is followed afresh each time, with the same result
        __hash__ = None

        def __call__(self, options, position):
            return options[0]

    picky = CardPolicy(choose=Unhashable())
    assert MovementChain(board, policy=picky)._moves is not MovementChain(board, policy=picky)._moves
    np.testing.assert_array_equal(MovementChain(board, policy=picky).probabilities("roll"), short.probabilities("roll"))


@pytest.mark.parametrize("name", ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"])
def test_arrivals_followed_as_arrays_equal_the_ways_followed_one_by_one(name):
    """``ends`` and ``landings`` come from the first steps of every arrival at once, ``(I - N)^-1 F``;
    following every way card by card (``tally``, as ``turns_to_land`` does) gives the same."""
    from millionaire.markov import _BoardMoves

    board = load_board(name)
    rules = RuleSet.for_board(name)
    owner = tuple((cell % 3) - 1 for cell in range(board.size))
    for policy in (CardPolicy(), CardPolicy(choose="uniform"), CardPolicy(owner=owner, choose="uniform"),
                   CardPolicy(owner=owner, others=(1, 11), choose="last")):
        moves = _BoardMoves(board, rules, policy)
        ends, landings = moves.tally()
        np.testing.assert_allclose(moves.ends, ends, rtol=0, atol=1e-15)
        np.testing.assert_allclose(moves.landings, landings, rtol=0, atol=1e-15)
        np.testing.assert_allclose(moves.ends.sum(axis=1), 1.0, rtol=0, atol=1e-15)


def test_cards_that_swap_round_a_circle_are_refused_naming_it():
    board = load_board("millionaire-classic")
    with pytest.raises(ValueError, match=r"round in a circle \(3 → 13 → 3\)"):
        MovementChain(board, policy=CardPolicy(others=(3, 13)))
    with pytest.raises(ValueError, match=r"round in a circle \(3 → 22 → 32 → 22\)"):
        MovementChain(board, policy=CardPolicy(others=(22,)))


def test_the_step_table_is_movement_step_from_every_cell(monkeypatch):
    """From the Python source every cell is stepped at once; where ``movement.step`` takes one int
    (compiled), one cell a call: the same table."""
    from millionaire.markov import _step_table

    counts = list(range(-12, 13))
    for name in ("millionaire-classic", "millionaire-junior"):
        board = load_board(name)
        expected = [[movement.step(board, cell, count)[0] for count in counts] for cell in range(board.size)]
        assert _step_table(board, counts).tolist() == expected
        step = movement.step

        def one_cell(board, position, steps):
            if not isinstance(position, int):
                raise TypeError("int object expected")
            return step(board, position, steps)

        monkeypatch.setattr(movement, "step", one_cell)
        assert _step_table(board, counts).tolist() == expected
        monkeypatch.setattr(movement, "step", step)


PRESETS = {"classic": RuleSet.classic(), "monopoly": RuleSet.monopoly(), "junior": RuleSet.junior(),
           "four doubles": RuleSet(doubles_to_jail=4), "two tries": RuleSet(jail_max_turns=2)}


@pytest.mark.parametrize("preset", PRESETS)
def test_the_rolls_summed_alike_are_every_roll_of_the_dice(preset):
    """movement.roll_kinds and jail_roll_kinds, which the chain reads, add up roll_steps and jail_roll
    over every roll of the dice: checked against the exact fractions of each roll one by one."""
    rules = PRESETS[preset]
    kinds, to_jail = movement.roll_kinds(rules)
    expected: dict[tuple[int, int, int], Fraction] = {}
    expected_jail = [Fraction(0)] * rules.doubles_to_jail
    for rolled in range(rules.doubles_to_jail):
        for p, die1, die2 in movement.dice_outcomes(rules):
            steps, after, jailed = movement.roll_steps(rules, rolled, die1, die2)
            if jailed:
                expected_jail[rolled] += p
            else:
                key = (rolled, after if die1 == die2 else 0, steps)
                expected[key] = expected.get(key, Fraction(0)) + p
    assert kinds.keys() == expected.keys()
    assert all(kinds[key] == pytest.approx(float(p), rel=1e-15) for key, p in expected.items())
    assert to_jail == pytest.approx([float(p) for p in expected_jail], rel=1e-15)
    assert sum(kinds.values()) + sum(to_jail) == pytest.approx(rules.doubles_to_jail)
    stay, moves = movement.jail_roll_kinds(rules)
    expected_stay = [Fraction(0)] * rules.jail_max_turns
    expected_moves: dict[tuple[int, int], Fraction] = {}
    for waited in range(rules.jail_max_turns):
        for p, die1, die2 in movement.dice_outcomes(rules):
            result = movement.jail_roll(rules, waited, die1, die2)
            if result.outcome == "stay":
                expected_stay[waited] += p
            else:
                key = (waited, result.steps)
                expected_moves[key] = expected_moves.get(key, Fraction(0)) + p
    assert stay == pytest.approx([float(p) for p in expected_stay], rel=1e-15, abs=0)
    assert moves.keys() == expected_moves.keys()
    assert all(moves[key] == pytest.approx(float(p), rel=1e-15) for key, p in expected_moves.items())


@pytest.mark.parametrize("name", ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"])
def test_a_card_moved_from_many_cells_at_once_moves_as_from_each_alone(name):
    """movement.card_moves works out what a card looks for once for all the cells; each cell's move
    is card_move's from that cell, with owners and other players as the engine gives them."""
    board = load_board(name)
    cells = list(range(board.size))
    owner = [(cell % 3) - 1 for cell in cells]
    positions = [None, 5, None, 17]
    for deck in board.decks.values():
        for card in deck.cards:
            if not card.moves_token:
                continue
            for game in ((None, None), (owner, positions)):
                moves = movement.card_moves(board, card, cells, 0, *game)
                for at, cell in enumerate(cells):
                    alone = movement.card_move(board, card, cell, 0, *game)
                    assert (moves.destinations[at], moves.passed_start[at], moves.detain, moves.choices,
                            moves.swap_with[at]) == (alone.destination, alone.passed_start, alone.detain,
                                                     alone.choices, alone.swap_with)


def test_a_detained_token_moves_by_a_double_the_rolls_never_make():
    """With the first double detaining, no free roll moves 2 or 12 steps; a detained token's double
    (long strategy) still frees it and moves it by the double, so its steps are asked of movement.step."""
    board = load_board("millionaire-classic")
    chain = MovementChain(board, RuleSet.classic().replace(doubles_to_jail=1), "long")
    labels = chain.roll_chain.labels
    detained, two_ahead = labels.index(("jail", 0)), labels.index((board.jail + 2, 0))
    assert 2 not in chain._moves._lands  # the free rolls' steps
    assert chain.roll_chain.P[detained, two_ahead] == pytest.approx(1 / 36, rel=1e-15)


def test_a_deck_without_moving_cards_leaves_the_token_on_its_cells():
    from dataclasses import replace

    board = load_board("monopoly-us")
    chest = board.decks["chest"]
    still = replace(board, decks={**board.decks, "chest": replace(chest, cards=tuple(c for c in chest.cards if not c.moves_token))})
    moves = MovementChain(still)._moves
    for cell in (2, 17, 33):
        assert moves.ends[cell, cell] == 1.0 and moves.landings[cell].sum() == 1.0
    np.testing.assert_allclose(moves.ends, moves.tally()[0], rtol=0, atol=1e-15)


@pytest.mark.parametrize("name", ["millionaire-classic", "monopoly-us", "millionaire-elite", "millionaire-junior"])
def test_arrival_reads_by_roll_only_as_movement_declares(name):
    """The chain takes an arrival by a card as the roll's on that cell because movement.arrival does
    not read ``by_roll`` (movement.ARRIVAL_READS_BY_ROLL): on every board, under every preset and with
    detention on landing either way, both give the same."""
    board = load_board(name)
    presets = (RuleSet.classic(), RuleSet.monopoly(), RuleSet.junior(), RuleSet.elite())
    if not movement.ARRIVAL_READS_BY_ROLL:
        for rules in (*presets, *(r.replace(detain_on_landing=not r.detain_on_landing) for r in presets)):
            for cell in range(board.size):
                assert movement.arrival(board, rules, cell, True) == movement.arrival(board, rules, cell, False)


def test_arrivals_by_a_card_followed_apart_where_arrival_reads_by_roll(monkeypatch):
    """Were an arrival by a card to differ from the roll's (here Community Chest 33 reached by Chance's
    "go back 3" draws nothing), the chain would follow it as its own kind; while both agree, a chain
    that asks both is the one that does not."""
    from millionaire.markov import _BoardMoves

    board, rules = load_board("monopoly-us"), RuleSet.monopoly()
    alike = _BoardMoves(board, rules, CardPolicy())
    assert alike.ends[36, 33] == pytest.approx(14 / 256, rel=1e-15)  # go back 3, then a chest card that stays
    monkeypatch.setattr(movement, "ARRIVAL_READS_BY_ROLL", True)
    asked = _BoardMoves(board, rules, CardPolicy())
    np.testing.assert_array_equal(asked.ends, alike.ends)
    np.testing.assert_array_equal(asked.landings, alike.landings)
    arrival = movement.arrival

    def a_card_to_33_draws_nothing(board, rules, cell, by_roll):
        return movement.Arrival("stay", cell) if cell == 33 and not by_roll else arrival(board, rules, cell, by_roll)

    monkeypatch.setattr(movement, "arrival", a_card_to_33_draws_nothing)
    apart = _BoardMoves(board, rules, CardPolicy())
    assert apart.ways(33, False) == [(1.0, 33)] and apart.ways(33, True) == alike.ways(33, True)
    assert apart.ends[36, 33] == pytest.approx(1 / 16, rel=1e-15)
    np.testing.assert_allclose(apart.ends, apart.tally()[0], rtol=0, atol=1e-15)


def test_the_nearest_cell_ahead_is_the_first_met_walking_ahead():
    """movement.nearest_ahead measures each target's distance ahead (1 .. size, the token's own cell a
    whole round); the same as walking ahead cell by cell, wrapping, with none found giving -1."""
    board = load_board("monopoly-us")
    size = board.size
    rng = np.random.default_rng(5)
    target_sets = [(), (0,), (39,), (5, 15, 25, 35), (12, 28), *(tuple(rng.choice(size, k, replace=False).tolist()) for k in (1, 3, 7))]
    for targets in target_sets:
        for position in range(size):
            walked = next(((position + d) % size for d in range(1, size + 1) if (position + d) % size in targets), -1)
            assert movement.nearest_ahead(board, position, targets) == walked
            assert movement.nearest_ahead(board, position, set(targets)) == walked
