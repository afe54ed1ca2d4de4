"""Past one machine, tested without a cluster (with or without the group `scale`): a chunk that fails on an
executor, as on a cluster that loses a worker, is submitted again; `millionaire simulate --scheduler`
says what to do when Dask is missing or the address is empty."""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from millionaire.cli import main
from millionaire.simulate import play_games, tournament
from millionaire.simulate.schedule import RESUBMIT

LINEUP = ["cautious", "aggressive"]


class LosingExecutor(ThreadPoolExecutor):
    """Fails the first ``losses`` submissions of every chunk, as a worker lost mid-run fails its chunks."""

    def __init__(self, losses: int) -> None:
        super().__init__(max_workers=2)
        self.losses, self.submissions = losses, Counter()

    def submit(self, play, *chunk):
        games = repr(chunk[2:])  # the games of the chunk (and what follows them), not the board
        self.submissions[games] += 1
        if self.submissions[games] > self.losses:
            return super().submit(play, *chunk)
        lost: Future = Future()
        lost.set_exception(OSError("worker lost"))
        return lost


def test_a_chunk_lost_on_an_executor_is_played_again_to_the_same_games(classic):
    ticks = []
    with LosingExecutor(losses=RESUBMIT) as executor:
        again = tournament(classic, LINEUP, games=10, seed=6, max_rounds=30, executor=executor,
                           progress=lambda done, total: ticks.append(done))
    local = tournament(classic, LINEUP, games=10, seed=6, max_rounds=30, jobs=1)
    assert again.summaries == local.summaries and again.games_table() == local.games_table()
    assert set(executor.submissions.values()) == {RESUBMIT + 1} and ticks[-1] == 10 and len(ticks) == len(set(ticks))
    with LosingExecutor(losses=1) as executor:
        summaries = play_games(classic, None, LINEUP, games=40, seed=6, max_rounds=30, jobs=2, executor=executor)
    assert summaries == play_games(classic, None, LINEUP, games=40, seed=6, max_rounds=30)
    assert len(executor.submissions) > 1 and set(executor.submissions.values()) == {2}


def test_a_chunk_that_keeps_failing_raises_its_error(classic):
    with LosingExecutor(losses=RESUBMIT + 1) as executor, pytest.raises(OSError, match="worker lost"):
        tournament(classic, LINEUP, games=4, seed=6, max_rounds=30, executor=executor)
    assert max(executor.submissions.values()) == RESUBMIT + 1
    with LosingExecutor(losses=RESUBMIT + 1) as executor, pytest.raises(OSError, match="worker lost"):
        play_games(classic, None, LINEUP, games=4, seed=6, max_rounds=30, jobs=2, executor=executor)


@pytest.mark.parametrize("lang, message", [
    ("en", "millionaire: error: sending games to a Dask scheduler needs Dask, which is not installed: install the "
           "optional group 'scale' (pip install -e '.[scale]'; make install includes it)\n"),
    ("ru", "millionaire: error: чтобы отправлять партии планировщику Dask, нужен Dask, а он не установлен: "
           "установите дополнительную группу 'scale' (pip install -e '.[scale]'; make install ставит её)\n"),
])
def test_without_dask_the_error_says_which_group_to_install(capsys, monkeypatch, lang, message):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the group were not installed
    assert main(["simulate", "--games", "2", "--scheduler", "tcp://10.0.0.5:8786", "--lang", lang]) == 2
    assert capsys.readouterr() == ("", message)


@pytest.mark.parametrize("argv, message", [
    (["--scheduler", ""], "millionaire: error: the scheduler address is empty: give one like tcp://10.0.0.5:8786\n"),
    (["--scheduler", "  ", "--lang", "ru"],
     "millionaire: error: адрес планировщика пуст: укажите адрес вида tcp://10.0.0.5:8786\n"),
])
def test_an_empty_scheduler_address_is_refused(capsys, argv, message):
    assert main(["simulate", "--games", "2", *argv]) == 2
    assert capsys.readouterr() == ("", message)


def test_scheduler_needs_an_address(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--scheduler"])
    assert stop.value.code == 2
    assert "--scheduler: expected one argument" in capsys.readouterr().err
