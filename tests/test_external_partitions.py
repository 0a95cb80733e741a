"""The search on disk in parts (solver/external.py, ``partitions=k``): each class walked in k
parts by a hash of word 1, one task a part.  Equality is the proof: on test_external.py's
positions the verdict, the total and every stock layer's positions (and the distinct entries
of every layer) are the single-process search's and the in-memory search's, with the parts
run one after another in this process and on a Dask LocalCluster of two worker processes,
with the memory for children so small that every class goes through runs on disk.  Also the
command line's ``--disk-partitions``."""

from __future__ import annotations

import multiprocessing
import os

import pytest
from test_external import ENGINES, POSITIONS, RULES

from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.abstraction import prove_by_ranks
from fourseasons_widget.solver.external import partition_of, prove_by_ranks_on_disk
from fourseasons_widget.tools.cli import main

pytest.importorskip("numpy")


def _cases():
    """The positions the in-memory search settles within 20,000 positions (as
    test_external.py takes them), with its result."""
    out = []
    for name, state in POSITIONS:
        ref = prove_by_ranks(state, RULES, budget=Budget(positions=20_000), engine="python")
        if ref.why == "budget" or (ref.why != "lost" and sum(ref.layers) > 1000):
            continue
        out.append((name, state, ref))
    return out


CASES = _cases()


def _same(disk, one, ref, name):
    """``disk`` (in parts) walked what ``one`` (one process) and ``ref`` (in memory) did."""
    assert (disk.verdict, disk.why) == (one.verdict, one.why) == (ref.verdict, ref.why), name
    if ref.why == "lost":
        assert disk.layers == one.layers == ref.layers, name
        assert disk.positions == one.positions == sum(ref.layers), name
        # the same distinct entries in every layer: the parts' merges dropped what one did
        assert [s["entries"] for s in disk.stats] == [s["entries"] for s in one.stats], name
    else:  # a win with swaps: the layer it is found in is walked in another order
        assert disk.layers[:-1] == one.layers[:-1] == ref.layers[:-1], name
    assert [s["positions"] for s in disk.stats] == disk.layers


@pytest.mark.parametrize("engine", ENGINES)
def test_the_parts_walk_the_single_process_searchs_layers(engine, tmp_path):
    lost = 0
    for name, state, ref in CASES:
        one = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine=engine,
                                     memory_rows=200)
        for k in (2, 3):
            disk = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine=engine,
                                          memory_rows=200, partitions=k)
            assert disk.engine == engine
            _same(disk, one, ref, f"{name}, {k} parts")
            assert os.listdir(tmp_path) == []  # (its folder removed, every part's runs too)
        lost += ref.why == "lost"
    assert lost >= 8 and len(CASES) - lost >= 3
    # the runs really went to disk in parts: more runs than classes, 16 bytes an entry at least
    big = prove_by_ranks_on_disk(POSITIONS[-1][1], RULES, workdir=str(tmp_path), engine=engine,
                                 memory_rows=200, partitions=3)
    assert big.why == "lost"
    assert sum(s["runs"] for s in big.stats) > 3 * len(big.layers)
    assert big.bytes_written >= 16 * sum(s["entries"] for s in big.stats) > 0
    assert 0 < big.disk_peak <= big.bytes_written


def test_a_group_is_never_split_and_every_part_is_used():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(5)
    w1 = rng.integers(0, 1 << 62, 20_000, dtype=np.int64)
    for k in (1, 2, 3, 7):
        part = partition_of(np, w1, k)
        assert part.min() == 0 and part.max() == k - 1
        assert (partition_of(np, w1.copy(), k) == part).all()  # (a function of word 1 alone)
        counts = np.bincount(part, minlength=k)
        assert counts.min() > 0.8 * len(w1) / k  # (the parts about even)


def test_the_budgets_and_the_disk_stop_a_search_in_parts(tmp_path):
    state = POSITIONS[-1][1]  # deal 13, 24 stock cards left: lost
    r = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="python",
                               memory_rows=40, max_disk=4096, partitions=2)
    assert (r.verdict, r.why) == ("unknown", "disk full")
    assert os.listdir(tmp_path) == []
    r = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="python",
                               max_positions=500, partitions=2)
    assert (r.verdict, r.why) == ("unknown", "budget")
    assert 500 <= r.positions < 1000
    seen = []
    r = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="python",
                               partitions=2, on_layer=seen.append)
    assert r.why == "lost" and [s["positions"] for s in seen] == r.layers


def test_bad_partitions_are_refused(tmp_path):
    state = POSITIONS[-1][1]
    for bad in (0, 257, 2.0, True, "2"):
        with pytest.raises(ValueError, match="partitions must be a whole number from 1 to 256"):
            prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), partitions=bad)
    with pytest.raises(ValueError, match="executor is for partitions > 1"):
        prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), executor=object())
    with pytest.raises(ValueError, match="executor is for partitions > 1"):
        prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), partitions=2,
                               executor="dask")


def _walkers_held() -> int:
    from fourseasons_widget.solver import external

    return len(external._WALKERS)


def _dask_children():
    return [p.name for p in multiprocessing.active_children() if "Dask" in p.name]


def test_the_parts_on_a_dask_cluster_walk_what_one_process_does(tmp_path):
    """Two worker processes, each part a task: the same verdicts and layers as the single
    process; a worker keeps the walker of one search at most, and none outlives the
    cluster."""
    distributed = pytest.importorskip("distributed")  # (in the test extra: it runs)
    picked = [c for c in CASES if c[2].why == "lost"][-3:] + [
        c for c in CASES if c[2].why != "lost"][:1]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}
                                  ) as cluster, distributed.Client(cluster) as client:
        for name, state, ref in picked:
            one = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), memory_rows=200)
            disk = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), memory_rows=200,
                                          partitions=2, executor=client)
            _same(disk, one, ref, f"{name}, on the cluster")
            assert os.listdir(tmp_path) == []
        # the tasks ran in the workers' processes, not here
        pids = client.run(os.getpid)
        assert len(pids) == 2 and os.getpid() not in pids.values()
        held = client.run(_walkers_held)
        assert sorted(held.values()) in ([1, 1], [0, 1])  # (the last search's, where it ran)
    assert _dask_children() == []


@pytest.mark.parametrize("argv, why", [
    (["--disk-partitions", "0"], "a whole number of parts from 1 to 256"),
    (["--disk-partitions", "257"], "a whole number of parts from 1 to 256"),
    (["--disk-partitions", "two"], "a whole number of parts from 1 to 256"),
])
def test_the_command_refuses_bad_partitions(argv, why, tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["winrate", "--player", "prover", "--disk-dir", str(tmp_path), *argv])
    assert e.value.code == 2
    assert why in capsys.readouterr().err


def test_the_command_wants_a_disk_for_its_partitions(tmp_path, capsys):
    assert main(["winrate", "--player", "prover", "--deals", "1", "--disk-partitions",
                 "2"]) == 2
    assert "--disk-partitions needs --disk-dir" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


@pytest.mark.slow  # (the solver's and the prover's kernels are loaded in each worker first)
def test_a_deals_parts_are_tasks_of_the_cluster_the_deal_runs_on(tmp_path):
    """The prover's search on disk for a deal run on a Dask worker (``run_experiment``
    with a client's executor, as ``winrate --executor dask`` runs it): its parts are tasks of
    the same cluster (the scheduler's task stream lists them), and the row is the one made in
    one process: the same verdict, and the disk's positions within its budget."""
    distributed = pytest.importorskip("distributed")
    from fourseasons_widget.solver.experiments import run_experiment

    kw = {"player": "prover", "budget": Budget(positions=2000), "progress": False}
    disk = {"dir": str(tmp_path), "positions": 5000}
    plain = run_experiment("standard", [13], executor="serial", **kw)[0]
    one = run_experiment("standard", [13], executor="serial", disk=disk, **kw)[0]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}
                                  ) as cluster, distributed.Client(cluster) as client, \
            distributed.get_task_stream(client) as stream:
        dasked = run_experiment("standard", [13], executor=client.get_executor(),
                                disk={**disk, "partitions": 2}, **kw)[0]
    parts = [t for t in stream.data if "_walk_part" in str(t["key"])]
    assert len(parts) >= 2
    assert _dask_children() == []
    assert plain["outcome"] == one["outcome"] == dasked["outcome"] == "unknown"
    assert one["nodes"] - plain["nodes"] >= 5000
    # (on the cluster the positions budget is shared out between a class's parts: the class
    #  the budget stops in is walked at least to half of what is left)
    assert 2500 <= dasked["nodes"] - plain["nodes"] <= one["nodes"] - plain["nodes"] + 200
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_the_command_gives_its_cluster_a_deals_parts(tmp_path):
    """``winrate --player prover --disk-dir F --disk-partitions 2 --executor dask``: the
    command's own local cluster runs the deal and its parts, and closes with it; the row's
    verdict is the one-process command's."""
    import csv

    pytest.importorskip("distributed")
    disk = tmp_path / "disk"
    disk.mkdir()
    argv = ["winrate", "--player", "prover", "--first-seed", "13", "--deals", "1", "--nodes",
            "2000", "--seconds", "120", "--no-progress", "--disk-dir", str(disk),
            "--disk-positions", "5000"]
    assert main([*argv, "--executor", "serial", "--out", str(tmp_path / "one.csv")]) == 0
    assert main([*argv, "--executor", "dask", "--jobs", "2", "--disk-partitions", "2",
                 "--out", str(tmp_path / "dask.csv")]) == 0
    assert _dask_children() == []
    one, dasked = (next(csv.DictReader((tmp_path / f).open())) for f in ("one.csv", "dask.csv"))
    assert one["outcome"] == dasked["outcome"] == "unknown"
    assert abs(int(dasked["nodes"]) - int(one["nodes"])) <= 2500
    assert os.listdir(disk) == []


def test_the_command_logs_why_the_search_on_disk_stopped(tmp_path, capsys):
    """A row says only "unknown"; the run's log says why the layers on disk stopped (here
    their positions budget) and how far they got."""
    import csv

    disk = tmp_path / "disk"
    disk.mkdir()
    assert main(["winrate", "--player", "prover", "--first-seed", "13", "--deals", "1",
                 "--nodes", "2000", "--seconds", "120", "--no-progress", "--executor",
                 "serial", "--disk-dir", str(disk), "--disk-positions", "5000",
                 "--out", str(tmp_path / "one.csv")]) == 0
    row = next(csv.DictReader((tmp_path / "one.csv").open()))
    assert row["outcome"] == "unknown"
    err = capsys.readouterr().err
    assert "standard deal 13: the layers on disk: unknown (budget), " in err
    assert " of 47 stock layers walked, " in err and " GB on disk, " in err
    assert os.listdir(disk) == []
