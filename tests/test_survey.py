"""The survey of the undecided deals (solver/survey.py, ``fourseasons survey``): the shipped
file covers every deal the shipped classification leaves unknown (and, of the deals it surveyed,
only ones settled since by a longer search besides), is ranked as
``rank_rows`` ranks, adds up, and one of its rows is what the code gives again."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest

from fourseasons_widget.solver.experiments import load_deals
from fourseasons_widget.solver.survey import (
    load_survey,
    rank_rows,
    survey_deal,
    unknown_seeds,
)


@pytest.mark.parametrize("variant", ["standard", "corners"])
def test_the_shipped_survey_is_whole_and_ranked(variant):
    everything = load_survey()
    rows = [r for r in everything if r["variant"] == variant]
    surveyed = {int(r["seed"]) for r in rows}
    unknown = set(unknown_seeds(variant))
    assert unknown <= surveyed
    # a surveyed deal no longer unknown was settled since: proved lost by a longer proof, or
    # won by a larger search than the classification's first (its row says which)
    settled = {int(d["seed"]): d for d in load_deals(classification=True)
               if d["variant"] == variant and int(d["seed"]) in surveyed - unknown}
    assert set(settled) == surveyed - unknown
    for d in settled.values():
        assert d["outcome"] in ("lost", "won"), d
        assert int(d["nodes"]) > 3 * 1_000_000 or int(d["max_nodes"]) > 1_000_000, d
    assert [r["seed"] for r in rank_rows([dict(r) for r in everything])] == [
        r["seed"] for r in everything]  # (ranked in each variant, the variants apart)
    assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
    for r in rows:
        layers = [int(x) for x in r["layer_positions"].split()]
        assert sum(layers) == int(r["positions"]) <= int(r["max_positions"])
        assert r["why"] in ("budget", "table full", "lost", "won with swaps")
        done = int(r["layers_done"])
        assert len(layers) == done + (r["why"] != "lost")
        assert int(r["last_width"]) == layers[done - 1]


@pytest.mark.slow
def test_a_shipped_row_is_what_the_code_gives():
    pytest.importorskip("numba")
    rows = [r for r in load_survey() if r["method"] == "ranks"]
    r = min(rows, key=lambda r: int(r["positions"]))  # (the cheapest to walk again)
    got = survey_deal(int(r["seed"]), max_positions=int(r["max_positions"]),
                      max_table=int(r["max_table"]), engine="compiled")
    assert (got["why"], got["layer_positions"]) == (r["why"], r["layer_positions"])


def test_the_command_writes_a_ranked_survey(tmp_path):
    out = tmp_path / "survey.csv"
    subprocess.run([sys.executable, "-m", "fourseasons_widget.tools.cli", "survey", "--deals",
                    "3", "--first-seed", "12", "--positions", "3000", "--out", str(out),
                    "--no-progress"], check=True, capture_output=True, text=True)
    rows = list(csv.DictReader(out.open()))
    assert sorted(int(r["seed"]) for r in rows) == [12, 13, 14]
    assert [int(r["rank"]) for r in rows] == [1, 2, 3]
    depth = [int(r["layers_done"]) for r in rows]
    assert depth == sorted(depth, reverse=True)
    assert all(r["command"].startswith("fourseasons survey --deals 3") for r in rows)
    bad = subprocess.run([sys.executable, "-m", "fourseasons_widget.tools.cli", "survey",
                          "--table", "1000"], capture_output=True, text=True)
    assert bad.returncode == 2 and "power of two" in bad.stderr
