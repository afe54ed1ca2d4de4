"""`millionaire play` and the argument checks of `play` and `simulate`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import re

import pytest

from millionaire.cli import lineup, main
from millionaire.errors import MillionaireError
from millionaire.words import strategy_label


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command in-process: (exit status, stdout, stderr); argparse's exits count too."""
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "board, lang, roll_word, result_word, names",
    [
        ("millionaire-classic", "en", " rolls ", "Result", ("Anna", "Boris", "Vera")),
        ("millionaire-classic", "ru", ": бросок ", "Итог", ("Анна", "Борис", "Вера")),
        ("monopoly-us", "en", " rolls ", "Result", ("Anna", "Boris", "Vera")),
        ("monopoly-us", "ru", ": бросок ", "Итог", ("Анна", "Борис", "Вера")),
        ("millionaire-elite", "en", " rolls ", "Result", ("Anna", "Boris", "Vera")),
        ("millionaire-elite", "ru", ": бросок ", "Итог", ("Анна", "Борис", "Вера")),
    ],
)
def test_play_prints_sentences_and_the_result(capsys, board, lang, roll_word, result_word, names):
    status, out, err = run(capsys, "play", "--board", board, "--players", "3", "--strategies",
                           "cautious,aggressive,monopolist", "--seed", "11", "--max-rounds", "40", "--lang", lang)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert "seed 11" in lines[0]
    assert roll_word in out
    assert sum(1 for line in lines if roll_word in line) >= 40  # at least one roll per round
    result = lines.index(result_word)
    block = lines[result:]
    assert len(block) == 4 + 3  # title, winner, length, net worth title, one line per player
    for name in names:
        assert name in out
    for strategy in ("cautious", "aggressive", "monopolist"):  # named in the output's language
        assert sum(f"({strategy_label(lang, strategy)})" in line for line in block) >= 1
    assert ("Winner: " if lang == "en" else "Победитель: ") in block[1]
    # Net worth lines are in turn order and end with a number (or the bankrupt mark).
    for seat, line in enumerate(block[4:], start=1):
        assert line.strip().startswith(f"{seat}. ")


@pytest.mark.parametrize("lang, roll_word, reason", [
    ("en", "Vera rolls ", "the first bankruptcy ends the game, the richest player wins"),
    ("ru", "Вера: на кубике ", "первое разорение заканчивает игру, побеждает самый богатый"),
])
def test_play_junior_rolls_one_die_to_the_first_bankruptcy(capsys, lang, roll_word, reason):
    status, out, err = run(capsys, "play", "--board", "millionaire-junior", "--players", "3", "--seed", "5",
                           "--lang", lang)
    assert status == 0 and err == ""
    rolls = [line for line in out.splitlines() if roll_word in line]
    assert rolls and all(re.fullmatch(rf"{roll_word}[1-6]\.", line) for line in rolls), rolls[:3]
    assert reason in out


def test_play_is_reproducible_and_seed_dependent(capsys):
    argv = ["play", "--strategies", "random,aggressive", "--seed", "5", "--max-rounds", "60"]
    first = run(capsys, *argv)
    second = run(capsys, *argv)
    assert first == second and first[0] == 0
    other = run(capsys, *argv[:-3], "6", "--max-rounds", "60")
    assert other[1] != first[1]


def test_play_reports_the_round_limit(capsys):
    status, out, _ = run(capsys, "play", "--strategies", "cautious", "--players", "2", "--seed", "1", "--max-rounds", "2")
    assert status == 0
    assert "stopped by the round limit (2), the richest player wins." in out
    assert "Rounds: 2, turns: " in out
    status, out, _ = run(capsys, "play", "--strategies", "cautious", "--players", "2", "--seed", "1",
                         "--max-rounds", "2", "--lang", "ru")
    assert "игра остановлена лимитом раундов (2), побеждает самый богатый." in out


def test_play_without_a_seed_prints_the_one_it_drew(capsys):
    status, out, _ = run(capsys, "play", "--strategies", "cautious", "--players", "2", "--max-rounds", "3")
    assert status == 0
    seed = out.splitlines()[0].split("seed ")[1].split(",")[0]
    again = run(capsys, "play", "--strategies", "cautious", "--players", "2", "--max-rounds", "3", "--seed", seed)
    assert again[1] == out


def test_lineup():
    assert lineup("cautious", None) == ["cautious"] * 4
    assert lineup("aggressive", 2) == ["aggressive"] * 2
    assert lineup(" cautious , random ", None) == ["cautious", "random"]
    assert lineup("cautious,random", 2) == ["cautious", "random"]
    with pytest.raises(MillionaireError, match="lists 2 strategies for 3 players"):
        lineup("cautious,random", 3)
    with pytest.raises(MillionaireError, match="empty entry"):
        lineup("cautious,", None)


BAD = [
    (["play", "--players", "7"], "allow 2 to 6 players, got 7"),
    (["play", "--board", "monopoly-us", "--players", "9"], "allow 2 to 8 players, got 9"),
    (["play", "--players", "1"], "allow 2 to 6 players, got 1"),
    (["play", "--players", "0"], "--players: must be an integer >= 1"),
    (["play", "--players", "two"], "--players: must be an integer >= 1, got 'two'"),
    (["play", "--strategies", "lucky"], "unknown strategy 'lucky'"),
    (["play", "--strategies", "human"], "unknown strategy 'human'"),
    (["play", "--strategies", "cautious,random", "--players", "3"], "lists 2 strategies for 3 players"),
    (["play", "--strategies", "cautious,,random"], "empty entry"),
    (["play", "--board", "no-such-board"], "no such board file or built-in board"),
    (["play", "--seed", "-3"], "--seed: must be an integer >= 0, got -3"),
    (["play", "--max-rounds", "0"], "--max-rounds: must be an integer >= 1, got 0"),
    (["play", "--lang", "de"], "invalid choice: 'de'"),
    (["simulate", "--games", "0"], "--games: must be an integer >= 1, got 0"),
    (["simulate", "--games", "-5"], "--games: must be an integer >= 1, got -5"),
    (["simulate", "--jobs", "0"], "--jobs: must be an integer >= 1, got 0"),
    (["simulate", "--jobs", "many"], "--jobs: must be an integer >= 1, got 'many'"),
    (["simulate", "--max-rounds", "-1"], "--max-rounds: must be an integer >= 1, got -1"),
    (["simulate", "--players", "7"], "allow 2 to 6 players, got 7"),
    (["simulate", "--strategies", "cautious,lucky"], "unknown strategy 'lucky'"),
    (["simulate", "--strategies", "a,b,c", "--players", "2"], "lists 3 strategies for 2 players"),
    (["simulate", "--board", "missing.toml"], "missing.toml: no such board file"),
    (["simulate", "--seed", "x"], "--seed: must be an integer >= 0, got 'x'"),
]


@pytest.mark.parametrize("argv, message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("millionaire") and "error: " in err
    assert message in err
    assert "Traceback" not in err


def _console_script() -> Path:
    script = Path(sys.executable).with_name("millionaire")
    if not script.exists():
        pytest.skip("the millionaire console script is not installed next to this Python")
    return script


@pytest.mark.parametrize("argv", [
    ["play", "--strategies", "lucky"],
    ["simulate", "--games", "0"],
    ["simulate", "--players", "3", "--strategies", "cautious,random"],
])
def test_console_script_bad_arguments(argv):
    done = subprocess.run([str(_console_script()), *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("millionaire")


def test_console_script_play_with_a_closed_pipe():
    """`millionaire play | head -1` ends quietly."""
    # Some 280 kB of sentences: more than a pipe holds, so the writer meets the closed end.
    argv = ["play", "--board", "monopoly-us", "--players", "8", "--seed", "2", "--max-rounds", "300"]
    process = subprocess.Popen([str(_console_script()), *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert first.startswith(b"Monopoly (US): 8 players, seed 2")
    assert err == b""


def test_the_result_names_each_strategy_in_the_output_language():
    from millionaire import Game, load_board
    from millionaire.cli import play_text

    game = Game(load_board("millionaire-classic"), agents=["cautious", "monopolist"], seed=2, names=["Анна", "Вера"])
    result = game.run(max_rounds=1)
    russian, english = play_text(game, result, lang="ru"), play_text(game, result, lang="en")
    assert "Вера (монополист)" in russian and "Анна (осторожный)" in russian and "monopolist" not in russian
    assert "Вера (monopolist)" in english
