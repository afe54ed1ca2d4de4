"""Hostile and careless input: broken board files, damaged saves, wild arguments and widget values.

Each case must be refused with the kit's own error (``BoardFileError``, ``SaveFileError``, a command
line exit 2 with one line naming the argument, a widget message), quickly (under a second) and, where
it is about size, in little memory (under 200 MB, measured with ``tracemalloc``). The files and the
error each must give are in ``cases.toml``; add a case there (and its file, see ``make_cases.py``).
"""

from __future__ import annotations

import json
import time
import tomllib
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from millionaire import BoardFileError, Game, GameState, RuleSet, SaveFileError, load_board
from millionaire.board import MAX_FILE_CHARS, parse_board
from millionaire.cli import main
from millionaire.markov import movement_chain

HERE = Path(__file__).resolve().parent
CASES = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))["case"]
ERRORS = {"BoardFileError": BoardFileError, "SaveFileError": SaveFileError}
CLASSIC = load_board("millionaire-classic")
SECONDS = 1.0
MEGABYTES = 200


def load(path: Path) -> Any:
    """Load a hostile file as the kit does: a board by ``load_board``, a save by ``GameState.from_json``."""
    if path.suffix == ".toml":
        return load_board(path)
    return GameState.from_json(path.read_text(encoding="utf-8"), CLASSIC)


def refused_quickly(attempt: Callable[[], Any], error: type[Exception], size: bool = False) -> str:
    """The message of ``error`` raised by ``attempt``, checked to come within the time (and memory) bound."""
    start = time.perf_counter()
    with pytest.raises(error) as caught:
        attempt()
    elapsed = time.perf_counter() - start
    assert elapsed < SECONDS, f"refused after {elapsed:.2f} s"
    if size:  # again, measuring the memory this time (tracemalloc slows Python down)
        tracemalloc.start()
        try:
            with pytest.raises(error):
                attempt()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < MEGABYTES * 2**20, f"refusing took {peak / 2**20:.0f} MB"
    return str(caught.value)


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_a_hostile_file_is_refused_with_its_error(case: dict[str, Any]) -> None:
    message = refused_quickly(lambda: load(HERE / case["file"]), ERRORS[case["error"]], case.get("size", False))
    for words in case["words"]:
        assert words in message, message
    assert "\n" not in message and len(message) < 600, message
    assert message.isprintable(), message  # no control character of the file reaches a terminal


def test_every_file_has_a_case_and_every_case_a_file() -> None:
    listed = {case["file"] for case in CASES}
    on_disk = {f"{path.parent.name}/{path.name}" for path in HERE.glob("*/*") if not path.name.startswith(("real_", "eight"))}
    assert listed == on_disk
    assert len([c for c in CASES if c["error"] == "BoardFileError"]) >= 15
    assert len([c for c in CASES if c["error"] == "SaveFileError"]) >= 14


@pytest.mark.parametrize("name", sorted(p.name for p in (HERE / "saves").glob("real_*.json")))
def test_the_real_saves_the_damage_starts_from_load_and_go_on(name: str) -> None:
    """The damaged saves are real saves with one thing broken: the saves themselves load and play on."""
    state = load(HERE / "saves" / name)
    game = Game.from_state(CLASSIC, state, ["random"] * len(state.players))
    for _ in range(300):
        if game.finished:
            break
        decision = game.pending
        game.apply(game.agents[decision.player].choose(game, decision))
    assert game.state.total_money == len(state.players) * state.rules.start_cash + state.rules.jackpot_start


def test_a_board_file_too_long_is_refused_before_it_is_read() -> None:
    text = "# " + "x" * MAX_FILE_CHARS + "\n" + (HERE.parent / "data" / "toy4.toml").read_text(encoding="utf-8")
    message = refused_quickly(lambda: parse_board(text, "long.toml"), BoardFileError, size=True)
    assert message.startswith("long.toml: the file has 1,00") and "more than the 1,000,000 a board file" in message


def test_a_save_too_long_is_refused_before_it_is_read() -> None:
    text = json.dumps({"format": 1, "padding": "x" * 2_000_001})
    message = refused_quickly(lambda: GameState.from_json(text, CLASSIC), SaveFileError, size=True)
    assert "more than the 2,000,000 a save may have" in message


def test_brackets_inside_strings_and_comments_are_text() -> None:
    """The bounds count TOML's own brackets and digits, not those in strings (of each kind) or comments."""
    toy = (HERE.parent / "data" / "toy4.toml").read_text(encoding="utf-8")
    deep, long = "[" * 50, "9" * 50
    text = toy.replace('note = "Round', f"# {deep} {long}\nnote = \"\"\"{deep} \\\"\"\" {deep}\"\"\" # {deep}\n"
                       f"x = '{deep}'\ny = '''{long}'''\nz = \"{deep}\\\"{deep}\"\nextra = \"Round")
    with pytest.raises(BoardFileError, match="unknown field 'extra'"):  # read to the end, refused for the field
        parse_board(text, "strings.toml")


# ------------------------------------------------------------------------------ money bounds (S3)
@pytest.mark.parametrize("option, value", [("start_cash", 2**63), ("jackpot_start", 10**30), ("monopoly_multiplier", 10**6),
                                           ("timed_rounds", 10**12), ("start_cash", -(10**5000))],
                         ids=["start_cash 2**63", "jackpot_start 10**30", "monopoly_multiplier 10**6",
                              "timed_rounds 10**12", "start_cash -10**5000"])
def test_rule_options_are_bounded(option: str, value: int) -> None:
    with pytest.raises(ValueError, match=rf"RuleSet\.{option} must be"):
        RuleSet.classic().replace(**{option: value})


def test_a_random_bot_plays_the_largest_amounts_allowed() -> None:
    rules = RuleSet.classic().replace(start_cash=10**9, jackpot_start=10**9)
    game = Game(CLASSIC, rules, agents=["random", "random"], seed=4)
    assert game.run(max_rounds=30).rounds >= 1


# ------------------------------------------------------------------------------ the command line (C1-C3, seed)
@pytest.mark.parametrize("argv, argument", [
    (["play", "--players", "99999999999999999999"], "--players"),
    (["play", "--players", "1000000000"], "--players"),
    (["simulate", "--players", "1000000000"], "--players"),
    (["simulate", "--games", "99999999999999999999999", "--max-rounds", "1"], "--games"),
    (["simulate", "--jobs", "100000"], "--jobs"),
    (["markov", "--turns", "99999999999999999999"], "--turns"),
    (["play", "--seed", "9" * 5000], "--seed"),
    (["play", "--seed", "-1"], "--seed"),
    (["play", "--max-rounds", "10" * 30], "--max-rounds"),
    (["economics", "--opponents", "7" * 4400], "--opponents"),
    (["play", "--players", "-" + "9" * 5000], "--players"),
])
def test_a_wild_number_on_the_command_line_is_one_short_line(argv: list[str], argument: str, capsys) -> None:
    start = time.perf_counter()
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert time.perf_counter() - start < SECONDS
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 200, err
    assert f"argument {argument}: must be " in err


def test_a_board_whose_cards_move_for_ever_is_refused_by_every_command(capsys) -> None:
    board = str(HERE / "boards" / "cards_move_in_a_circle.toml")
    for argv in (["board", "show"], ["play", "--max-rounds", "5"], ["simulate", "--games", "2"], ["markov"], ["economics"]):
        assert main([*argv, "--board", board]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "round in a circle" in err, err


def test_markov_after_very_many_turns_is_quick_and_stationary() -> None:
    chain = movement_chain(CLASSIC)
    start = time.perf_counter()
    after = chain.after_turns(10**20)
    assert time.perf_counter() - start < SECONDS
    assert after.sum() == pytest.approx(1.0) and after == pytest.approx(chain.probabilities("turn"), abs=1e-9)


def test_simulate_starts_the_first_game_at_once_however_many_follow() -> None:
    """Seeds are made as the games are played: a huge run that is stopped early has played its first game."""
    from millionaire.simulate import games as simulate  # the module whose play_games calls play_one

    played: list[int] = []

    def stop_after_two(*args: Any) -> Any:
        played.append(args[3])
        if len(played) == 2:
            raise KeyboardInterrupt
        return original(*args)

    original = simulate.play_one
    simulate.play_one = stop_after_two
    try:
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            simulate.play_games(CLASSIC, None, ["cautious", "cautious"], games=10**9, seed=1, max_rounds=1)
        assert time.perf_counter() - start < SECONDS
    finally:
        simulate.play_one = original
    assert played == [simulate.game_seed(1, 0), simulate.game_seed(1, 1)]


# ------------------------------------------------------------------------------ widgets (W1, W2)
def test_a_level_the_new_board_lacks_becomes_its_top_level() -> None:
    from millionaire.widgets.economics import InvestmentExplorer

    explorer = InvestmentExplorer(board="monopoly-us")
    explorer.set_level(5)
    assert explorer.level_slider.value == 5 and explorer.message.value == ""
    explorer.board_choice.value = "millionaire-classic"
    assert explorer.level_slider.max == explorer.level_slider.value == CLASSIC.levels - 1
    assert explorer.current["step"] == CLASSIC.levels - 1 and explorer.message.value == ""
    explorer.board_choice.value = "monopoly-us"
    explorer.set_level(5)
    assert explorer.current["step"] == 5


@pytest.mark.parametrize("bet, box", [(1, 100_000), (1, 10_000_000), (1, 10**9)])
def test_the_jackpot_lab_draws_a_big_box_quickly(bet: int, box: int) -> None:
    from millionaire.widgets.economics import JackpotLab

    lab = JackpotLab(bet=10, box=200)
    start = time.perf_counter()
    lab.set_bet(bet)
    lab.set_box(box)
    assert time.perf_counter() - start < 2 * SECONDS  # two charts drawn
    assert lab.message.value == "" and lab.summary.value


@pytest.mark.parametrize("bet, box, field", [(1, 10**12, "The box"), (10**10, 200, "The bet"), (2**63, 200, "The bet")])
def test_the_jackpot_lab_refuses_amounts_beyond_the_bound(bet: int, box: int, field: str) -> None:
    from millionaire.widgets.economics import JackpotLab

    lab = JackpotLab(bet=10, box=200)
    lab.set_bet(bet) if field == "The bet" else lab.set_box(box)
    assert f"{field}: a whole number from" in lab.message.value
    assert lab._applied == (10, 200)  # nothing changed
