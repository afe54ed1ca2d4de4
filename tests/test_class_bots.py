"""The class's bots: collected from a folder of pupils' files, each bad file reported and left out,
and a strategy's settings passed by name (``FirstBot(reserve=300)``)."""

from __future__ import annotations

import os
import textwrap
import time

import pytest

from millionaire.agents import Agent, BotSettingError, settings_of
from millionaire.class_bots import ClassBotsError, collect_bots
from millionaire.league import league

SAVER = """
from millionaire.agents import Agent


class Saver(Agent):
    reserve = 300

    def choose(self, game, decision):
        return decision.legal_actions()[0]
"""


def write(folder, name: str, text: str) -> None:
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")


def test_every_good_file_enters_under_its_name_and_bad_ones_are_reported(tmp_path):
    write(tmp_path, "masha_petya.py", SAVER)
    write(tmp_path, "two.py", SAVER + "\n\nclass Spender(Saver):\n    reserve = 0\n")
    write(tmp_path, "typo.py", "from millionaire.agents import Agent\n\nclass Bot(Agent):\n    def choose(self, game, d):\n        return d.legal_actions()[0]\nprint(undefined_name)\n")
    write(tmp_path, "empty.py", "x = 1\n")
    write(tmp_path, "_helpers.py", "raise RuntimeError('never loaded: a helper module')\n")
    write(tmp_path, "notes.txt", "not Python")
    found = collect_bots(tmp_path)
    assert sorted(found.bots) == ["masha_petya", "two.Saver", "two.Spender"]
    assert found.bots["two.Spender"]().reserve == 0
    assert found.problems == {
        "empty.py": "no bot in the file: a bot is a class with a choose(game, decision) method",
        "typo.py": "NameError: name 'undefined_name' is not defined (line 6)",
    }
    text = found.format("ru")
    assert "Ботов в папке" in text and "Не вошли: 2" in text and "(строка 6)" in text


def test_a_file_that_loops_exits_or_kills_its_process_is_left_out_and_the_notebook_goes_on(tmp_path):
    write(tmp_path, "loop.py", "while True:\n    pass\n")
    write(tmp_path, "quits.py", "import sys\nsys.exit(3)\n")
    write(tmp_path, "kills.py", "import os\nos._exit(0)\n")
    write(tmp_path, "good.py", SAVER)
    found = collect_bots(tmp_path, timeout=1.0)
    assert list(found.bots) == ["good"]
    assert found.reasons == {"kills.py": ("ended", {}), "loop.py": ("slow", {"seconds": "1"}),
                             "quits.py": ("exits", {})}
    assert "бесконечный цикл" in found.format("ru")


def test_a_bot_that_cannot_be_made_is_reported_with_its_error(tmp_path):
    write(tmp_path, "broken.py", SAVER + "\n    def __init__(self):\n        raise ValueError('no start cash')\n")
    found = collect_bots(tmp_path)
    assert not found.bots
    assert found.problems["broken.py"].startswith("ValueError: no start cash (line")


def test_a_missing_folder_or_a_file_says_what_to_do(tmp_path):
    with pytest.raises(ClassBotsError, match="make it and save each pupil's bot"):
        collect_bots(tmp_path / "bots")
    write(tmp_path, "bots", "")
    with pytest.raises(ClassBotsError, match="is a file, not a folder"):
        collect_bots(tmp_path / "bots")


def test_collected_bots_play_a_league(tmp_path):
    write(tmp_path, "saver.py", SAVER)
    found = collect_bots(tmp_path)
    result = league({**found.bots, "monopolist": "monopolist"}, opponents=["random"], games=1, seed=3,
                    max_rounds=15, isolate=False)
    assert [row["bot"] for row in result.standings()] and not result.faults
    assert {row["bot"] for row in result.standings()} == {"saver", "monopolist"}


class Reserved(Agent):
    reserve = 200
    bold = False

    def choose(self, game, decision):
        return decision.legal_actions()[0]


def test_a_setting_given_by_name_is_used_and_a_misspelt_one_is_refused():
    assert Reserved(reserve=300).reserve == 300 and Reserved().reserve == 200
    assert Reserved(bold=True, name="bold saver").name == "bold saver"
    assert settings_of(Reserved()) == ["bold", "name", "reserve"]
    with pytest.raises(BotSettingError, match="Reserved has no setting 'reserv'; its settings: bold, name, reserve"):
        Reserved(reserv=300)
    with pytest.raises(BotSettingError, match="no setting 'choose'"):  # a method is not a setting
        Reserved(choose=None)


def test_a_league_entry_made_by_a_function_keeps_its_settings():
    made = []

    def maker():
        bot = Reserved(reserve=350)
        made.append(bot)
        return bot

    league({"saver": maker}, opponents=["random"], games=1, seed=1, max_rounds=5, isolate=False)
    assert made and all(bot.reserve == 350 for bot in made)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the trial load needs fork")
def test_a_file_does_not_run_in_the_notebook_until_its_trial_passed(tmp_path):
    marker = tmp_path / "ran"
    write(tmp_path, "side.py", f"open({str(marker)!r}, 'a').write('x')\nwhile True:\n    pass\n")
    collect_bots(tmp_path, timeout=0.5)
    assert marker.read_text() == "x", "the file ran once, in the trial process only"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the trial load needs fork")
def test_a_file_that_fills_the_memory_is_left_out_and_the_notebook_keeps_its_own(tmp_path):
    write(tmp_path, "hog.py", "hoard = bytearray(4 * 1024 ** 3)\n")
    write(tmp_path, "good.py", SAVER)
    found = collect_bots(tmp_path, memory=256 * 1024 ** 2)
    assert list(found.bots) == ["good"]
    assert found.reasons == {"hog.py": ("memory", {})}
    assert "больше памяти" in found.format("ru") and "more memory" in found.format("en")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the trial load needs fork")
def test_a_slow_file_is_ended_with_every_process_it_started(tmp_path):
    pid_file = tmp_path / "child.pid"
    write(tmp_path, "spawner.py", "import os, time\n"
                                  "child = os.fork()\n"
                                  "if child == 0:\n    time.sleep(60)\n    os._exit(0)\n"
                                  f"open({str(pid_file)!r}, 'w').write(str(child))\n"
                                  "while True:\n    pass\n")
    found = collect_bots(tmp_path, timeout=1.0)
    assert found.reasons == {"spawner.py": ("slow", {"seconds": "1"})}
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.05)
    assert not _alive(child), "the file's own child process was left running"


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) process."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False
