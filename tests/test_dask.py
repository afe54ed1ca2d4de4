"""Simulations on a Dask cluster: the same games as the local pool, a lost worker's games played again,
and `millionaire simulate --scheduler`. Needs the optional group `scale` (make install includes it)."""

from __future__ import annotations

import os
import signal

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from millionaire.cli import main  # noqa: E402
from millionaire.simulate import cluster as simulate_cluster  # noqa: E402
from millionaire.simulate import experiment, play_games, scheduler_client, tournament  # noqa: E402

LINEUP = ["cautious", "aggressive", "monopolist"]


def start_cluster() -> tuple[distributed.LocalCluster, distributed.Client]:
    """Two worker processes of one thread each on this machine, as a laptop runs Dask."""
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    return cluster, distributed.Client(cluster)


@pytest.fixture(scope="module")
def client():
    cluster, client = start_cluster()
    yield client
    client.close()
    cluster.close()


def same_games(a, b) -> bool:
    """Two tournaments observed the same games, value for value."""
    return len(a.games) == len(b.games) and all(
        x.summary == y.summary and x.first_bankruptcy == y.first_bankruptcy and np.array_equal(x.rounds, y.rounds)
        and np.array_equal(x.net_worth, y.net_worth) and np.array_equal(x.owned, y.owned)
        for x, y in zip(a.games, b.games))


def test_a_tournament_on_the_cluster_is_the_local_pools_game_for_game(classic, client):
    ticks = []
    local = tournament(classic, LINEUP, games=16, seed=3, max_rounds=60, jobs=2)
    remote = tournament(classic, LINEUP, games=16, seed=3, max_rounds=60, executor=client.get_executor(),
                        progress=lambda done, total: ticks.append((done, total)))
    assert same_games(local, remote)
    assert remote.win_rates() == local.win_rates() and remote.trajectories() == local.trajectories()
    assert ticks[0] == (0, 16) and ticks[-1] == (16, 16)  # the progress counts every game once
    assert all(a[0] < b[0] for a, b in zip(ticks, ticks[1:]))


def test_an_experiment_and_play_games_on_the_cluster_match_the_local_pool(classic, client):
    grid = {"circular_income": [0, 400]}
    local = experiment(classic, LINEUP[:2], grid, games=6, seed=2, max_rounds=40, jobs=2, keep=True)
    remote = experiment(classic, LINEUP[:2], grid, games=6, seed=2, max_rounds=40, executor=client.get_executor(),
                        keep=True)
    for near, far in zip(local, remote, strict=True):
        assert same_games(near.pop("result"), far.pop("result"))
        assert np.array_equal(near.pop("gini"), far.pop("gini"))
        assert near == far
    pool = play_games(classic, None, LINEUP, games=20, seed=9, max_rounds=50, jobs=2)
    assert play_games(classic, None, LINEUP, games=20, seed=9, max_rounds=50, jobs=2,
                      executor=client.get_executor()) == pool


def test_a_worker_killed_mid_run_loses_no_game(classic):
    cluster, client = start_cluster()
    try:
        pids = client.run(os.getpid)
        killed: list[int] = []
        ticks = []

        def kill_a_busy_worker(done: int, total: int) -> None:
            ticks.append(done)
            if done and not killed:
                assert done < total  # mid-run
                busy = [address for address, keys in client.processing().items() if keys] or list(pids)
                killed.append(pids[busy[0]])
                os.kill(pids[busy[0]], signal.SIGKILL)  # its nanny starts a fresh worker

        remote = tournament(classic, LINEUP, games=30, seed=4, max_rounds=150, executor=client.get_executor(),
                            progress=kill_a_busy_worker)
        assert killed and killed[0] not in client.run(os.getpid).values()
        assert ticks[-1] == 30 and len(ticks) == len(set(ticks))
        assert same_games(remote, tournament(classic, LINEUP, games=30, seed=4, max_rounds=150, jobs=2))
    finally:
        client.close()
        cluster.close()


# ---------------------------------------------------------------------- millionaire simulate --scheduler
def test_simulate_on_a_scheduler_prints_what_the_local_pool_prints(capsys, client):
    argv = ["simulate", "--games", "12", "--players", "3", "--strategies", ",".join(LINEUP), "--seed", "4",
            "--max-rounds", "60"]
    assert main([*argv, "--jobs", "2"]) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--scheduler", client.scheduler.address]) == 0
    assert capsys.readouterr().out == local
    assert main([*argv, "--scheduler", client.scheduler.address, "--lang", "ru"]) == 0
    assert "партий: 12" in capsys.readouterr().out


@pytest.mark.parametrize("address, lang, message", [
    ("tcp://", "en", "millionaire: error: 'tcp://' is not a Dask scheduler address (missing port number"),
    ("nonsense://host:8786", "en", "millionaire: error: 'nonsense://host:8786' is not a Dask scheduler address "
                                   "(unknown address scheme 'nonsense'"),
    ("tcp://127.0.0.1:1", "en", "millionaire: error: cannot connect to the Dask scheduler at 'tcp://127.0.0.1:1' "
                                "within 1 s"),
    ("tcp://127.0.0.1:1", "ru", "millionaire: error: не удалось подключиться к планировщику Dask по адресу "
                                "'tcp://127.0.0.1:1' за 1 с"),
])
def test_simulate_names_a_scheduler_it_cannot_use(capsys, monkeypatch, address, lang, message):
    monkeypatch.setattr(simulate_cluster, "CONNECT_SECONDS", 1.0)
    assert main(["simulate", "--games", "2", "--seed", "1", "--scheduler", address, "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(message)
    assert captured.err.count("\n") == 1


def test_scheduler_client_closes_its_client(client):
    with scheduler_client(client.scheduler.address) as remote:
        assert remote.status == "running" and sum(remote.nthreads().values()) == 2
    assert remote.status == "closed"
