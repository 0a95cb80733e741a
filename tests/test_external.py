"""The rank abstraction's layered search on disk (solver/external.py) against the in-memory
search it must equal (solver/abstraction.py): on positions small enough to walk in a moment,
the same verdict and the same positions in every stock layer, in both engines, with the
memory for children set so small that every class goes through sorted runs on disk and the
merge reads them in several chunks.  Also: the table size as a parameter, the disk budget,
and the clean-up of the caller's folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fourseasons_widget import Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.abstraction import prove_by_ranks
from fourseasons_widget.solver.external import prove_by_ranks_on_disk
from fourseasons_widget.solver.positions import along_heuristic_line
from fourseasons_widget.solver.proofs import position_from_dict

pytest.importorskip("numpy")

DATA = Path(__file__).parent / "data"
CASES = json.loads((DATA / "proof_positions.json").read_text())
RULES = get_rules("standard")


def _positions():
    out = [(c["source"], position_from_dict(c)) for c in CASES]
    at, _ = along_heuristic_line(13)
    out += [(f"deal 13, {k} stock cards left", at[k]) for k in (12, 18, 24)]
    return out


POSITIONS = _positions()
ENGINES = ["python", pytest.param("compiled", marks=pytest.mark.skipif(
    not __import__("importlib").util.find_spec("numba"), reason="numba is not installed"))]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_disk_search_walks_the_in_memory_searchs_layers(engine, tmp_path):
    lost = won = 0
    for name, state in POSITIONS:
        ref = prove_by_ranks(state, RULES, budget=Budget(positions=20_000), engine="python")
        if ref.why == "budget" or (ref.why != "lost" and sum(ref.layers) > 1000):
            continue  # (a big layer with a win: found late on disk, which walks by height)
        disk = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine=engine,
                                      memory_rows=200, max_positions=10_000_000)
        assert disk.engine == engine
        assert (disk.verdict, disk.why) == (ref.verdict, ref.why), name
        if ref.why == "lost":
            lost += 1
            assert disk.layers == ref.layers, name
            assert disk.positions == sum(ref.layers)
        else:  # a win with swaps: the layer it is found in is walked in another order
            won += 1
            assert disk.layers[:-1] == ref.layers[:-1], name
        assert [s["positions"] for s in disk.stats] == disk.layers
        assert os.listdir(tmp_path) == []  # (its folder removed, runs and all)
    assert lost >= 8 and won >= 3
    # the runs really went to disk and were merged: 16 bytes a distinct entry, at least
    big = prove_by_ranks_on_disk(POSITIONS[-1][1], RULES, workdir=str(tmp_path), engine=engine,
                                 memory_rows=200)
    assert big.why == "lost"
    assert sum(s["runs"] for s in big.stats) > len(big.layers)
    assert big.bytes_written >= 16 * sum(s["entries"] for s in big.stats) > 0
    assert 0 < big.disk_peak <= big.bytes_written


def test_a_group_larger_than_its_table_is_walked_again_in_a_larger_one(tmp_path, monkeypatch):
    pytest.importorskip("numba")
    from fourseasons_widget.solver import external

    state = POSITIONS[-1][1]  # deal 13, 24 stock cards left: lost
    ref = prove_by_ranks(state, RULES, budget=Budget(positions=100_000), engine="compiled")
    monkeypatch.setattr(external, "GROUP_ROWS", 8)  # (every group outgrows it: 8 → 32 → …)
    disk = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="compiled",
                                  memory_rows=200)
    assert (disk.why, disk.layers) == ("lost", ref.layers)


def test_a_full_disk_stops_the_search_without_a_verdict(tmp_path):
    state = POSITIONS[-1][1]  # deal 13, 24 stock cards left: lost
    r = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="python",
                               memory_rows=40, max_disk=4096)
    assert (r.verdict, r.why) == ("unknown", "disk full")
    assert r.disk_peak <= 4096
    assert os.listdir(tmp_path) == []
    r = prove_by_ranks_on_disk(state, RULES, workdir=str(tmp_path), engine="python",
                               max_positions=500)
    assert (r.verdict, r.why) == ("unknown", "budget")


def test_bad_arguments_are_refused(tmp_path):
    g = Game.new(seed=13)
    with pytest.raises(ValueError, match="workdir"):
        prove_by_ranks_on_disk(g, workdir=str(tmp_path / "nowhere"))
    with pytest.raises(ValueError, match="does not fit"):
        prove_by_ranks_on_disk(Game.new(seed=1, variant="czarina"), workdir=str(tmp_path))
    with pytest.raises(ValueError, match="memory_rows"):
        prove_by_ranks_on_disk(g, workdir=str(tmp_path), memory_rows=0)
    with pytest.raises(ValueError, match="engine"):
        prove_by_ranks_on_disk(g, workdir=str(tmp_path), engine="gpu")
    with pytest.raises(ValueError, match="max_table"):
        prove_by_ranks(g, budget=Budget(positions=10), max_table=3 << 20)


def test_the_table_size_is_a_parameter():
    pytest.importorskip("numba")
    g = Game.new(seed=13)
    small = prove_by_ranks(g, budget=Budget(positions=1_000_000), engine="compiled", max_table=1 << 16)
    assert small.why == "table full"
    assert max(small.layers) == (1 << 15) + 1  # (a layer stops when it passes half the table)
    big = prove_by_ranks(g, budget=Budget(positions=1_000_000), engine="compiled", max_table=1 << 18)
    assert big.layers[:len(small.layers) - 1] == small.layers[:-1]
    assert len(big.layers) > len(small.layers)


@pytest.mark.slow  # (the solver's and the prover's kernels are loaded first: some 30 s)
def test_the_prover_goes_on_to_disk_where_it_is_asked_to(tmp_path):
    from fourseasons_widget.solver.experiments import run_experiment

    kw = {"player": "prover", "budget": Budget(positions=2000), "executor": "serial",
          "progress": False}
    plain = run_experiment("standard", [13], **kw)[0]
    disk = run_experiment("standard", [13], disk={"dir": str(tmp_path), "positions": 5000},
                          **kw)[0]
    assert plain["outcome"] == disk["outcome"] == "unknown"
    assert disk["nodes"] - plain["nodes"] >= 5000  # (the disk search's positions, counted)
    assert os.listdir(tmp_path) == []
    with pytest.raises(ValueError, match="disk is for the prover"):
        run_experiment("standard", [13], **{**kw, "player": "solver"},
                       disk={"dir": str(tmp_path)})
