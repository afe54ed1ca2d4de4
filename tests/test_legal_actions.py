"""``legal_actions()`` reads the rules' numbers for building, selling, mortgaging and redeeming
(``queries.build_code`` and the like) when the game checks them with Game's own methods, and asks the
``*_problem`` methods when a subclass has its own: the same actions either way, and a subclass's rule
is honoured."""

from __future__ import annotations

import pytest

from millionaire import Action, Game, compiled, load_board
from millionaire.editions import EDITIONS


class WordedChecks(Game):
    """Game's own checks, reached through a subclass: ``legal_actions()`` takes the words' path."""

    def build_problem(self, seat: int, cell: int, free: bool = False) -> str:
        return super().build_problem(seat, cell, free)

    def sell_problem(self, seat: int, cell: int) -> str:
        return super().sell_problem(seat, cell)

    def mortgage_problem(self, seat: int, cell: int) -> str:
        return super().mortgage_problem(seat, cell)

    def redeem_problem(self, seat: int, cell: int) -> str:
        return super().redeem_problem(seat, cell)


class NoMortgages(Game):
    """A house rule: nothing may be mortgaged."""

    def mortgage_problem(self, seat: int, cell: int) -> str:
        return "no mortgages in this house"


def test_games_checks_are_its_own_and_a_subclasss_are_not(classic) -> None:
    assert Game(classic, agents=["cautious"] * 2, seed=1)._own_checks()
    assert not WordedChecks(classic, agents=["cautious"] * 2, seed=1)._own_checks()
    assert not NoMortgages(classic, agents=["cautious"] * 2, seed=1)._own_checks()


@pytest.mark.parametrize("key", [edition.key for edition in EDITIONS])
def test_the_numbers_allow_what_the_words_allow(key: str) -> None:
    """Two games played in step from one seed, one through each path: at every decision both list
    the same actions, building, selling, mortgaging and redeeming among them."""
    board = load_board(key)
    players = min(4, Game(board, agents=["cautious"] * 2, seed=0).rules.max_players)
    seen: set[str] = set()
    for seed in range(4):
        fast = Game(board, agents=["monopolist"] * players, seed=seed, record_events=False)
        worded = WordedChecks(board, agents=["monopolist"] * players, seed=seed, record_events=False)
        for _ in range(4000):
            if fast.finished:
                break
            legal = fast.legal_actions()
            assert legal == worded.legal_actions(), (key, seed, fast.pending)
            seen.update(action.kind for action in legal)
            data = fast.state.pending
            answer = fast.agents[data["player"]].answer(fast, data)
            fast.apply(answer)
            worded.apply(answer)
    rules = fast.rules
    expected = {"roll"} | ({"build"} if board.plots else set()) | ({"mortgage"} if rules.mortgage_rate else set())
    assert expected <= seen, seen  # Junior has neither plots nor mortgages


def test_a_subclass_rule_reaches_legal_actions(classic) -> None:
    game = NoMortgages(classic, agents=[None, None], seed=2)
    for cell in classic.industries[0].cells:
        game.state.owner[cell] = game.state.pending["player"]
    assert not any(action.kind == "mortgage" for action in game.legal_actions())
    plain = Game(classic, agents=[None, None], seed=2)
    for cell in classic.industries[0].cells:
        plain.state.owner[cell] = plain.state.pending["player"]
    assert sum(action.kind == "mortgage" for action in plain.legal_actions()) == len(classic.industries[0].cells)


@pytest.mark.skipif("engine" in compiled.IN_USE, reason="the compiled engine refuses a replaced method (tests/test_compiled.py)")
def test_a_replaced_check_reaches_legal_actions_from_the_source(classic, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "mortgage_problem", lambda self, seat, cell: "no mortgages")
    game = Game(classic, agents=[None, None], seed=2)
    for cell in classic.industries[0].cells:
        game.state.owner[cell] = game.state.pending["player"]
    assert not game._own_checks()
    assert not any(action.kind == "mortgage" for action in game.legal_actions())


def test_a_mortgage_is_redeemed_only_with_the_cash_for_it(classic) -> None:
    """Redeeming costs the loan and the fee: one coin short, ``legal_actions()`` leaves it out and
    ``redeem_problem`` says the cash is short; with the cost in hand it is offered."""
    game = Game(classic, agents=[None, None], seed=2)
    seat = game.state.pending["player"]
    cell = classic.industries[0].cells[0]
    game.state.owner[cell], game.state.mortgaged[cell] = seat, True
    cost = game.redemption_cost(cell)
    game.state.players[seat].cash = cost - 1
    assert Action.redeem(cell) not in game.legal_actions()
    assert game.redeem_problem(seat, cell).key == "cash_short"
    game.state.players[seat].cash = cost
    assert Action.redeem(cell) in game.legal_actions() and game.redeem_problem(seat, cell) == ""


class NoBuilding(Game):
    """A house rule: nothing may be built."""

    def build_problem(self, seat: int, cell: int, free: bool = False) -> str:
        return "no building in this house"


@pytest.mark.parametrize("key", ["millionaire-classic", "monopoly-us"])
def test_the_bots_keep_a_subclass_rule_that_run_does_not_check_again(key: str) -> None:
    """The built-in bots are trusted (``Game.run`` takes their answers unchecked), so they ask the
    subclass's checks, not the rules' numbers: no bot asks to build in a house without building (a card's
    free building is the card's rule, :func:`~millionaire.queries.card_options`)."""
    board = load_board(key)
    for seed in range(3):
        game = NoBuilding(board, agents=["monopolist", "aggressive", "cautious"], seed=seed, record_events=False)
        game.run(max_rounds=150)
        assert not [action for _, action in game.actions if action.kind == "build"], (key, seed)
