"""The ``fourseasons`` command."""

from __future__ import annotations

import csv

import pytest

from fourseasons_widget.cli import main


def test_solve_prints_a_verdict_and_a_line(capsys):
    assert main(["solve", "--seed", "0", "--nodes", "20000", "--seconds", "30"]) == 0
    out = capsys.readouterr().out
    assert "Four Seasons, seed 0: won" in out
    assert "moves:" in out and "s>w" in out


def test_solve_pysol_and_variant(capsys):
    assert main(["solve", "--pysol", "5", "--variant", "czarina", "--nodes", "500",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Czarina, PySolFC deal 5: ")


def test_winrate_writes_csv_and_an_honest_interval(tmp_path, capsys):
    out = tmp_path / "r.csv"
    summary = tmp_path / "s.csv"
    assert main(["winrate", "--variant", "standard", "--deals", "4", "--nodes", "1000",
                 "--executor", "serial", "--out", str(out), "--summary", str(summary),
                 "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "standard solver" in text and "95% CI" in text
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and {r["seed"] for r in rows} == {"0", "1", "2", "3"}
    srow = next(csv.DictReader(summary.open()))
    assert srow["n"] == "4" and srow["command"].startswith("fourseasons winrate")


def test_winrate_players(tmp_path, capsys):
    assert main(["winrate", "--variant", "corners", "--player", "all", "--deals", "2",
                 "--executor", "serial", "--nodes", "300", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "corners random" in text and "corners heuristic" in text


def test_bad_arguments(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--variant", "nope"])
    assert main(["winrate", "--variant", "nope", "--deals", "1", "--no-progress"]) == 2
    with pytest.raises(SystemExit):
        main(["winrate", "--deals", "0"])


def test_budgets_runs_the_same_deals_at_each_budget(tmp_path, capsys):
    out = tmp_path / "b.csv"
    assert main(["budgets", "--variant", "simplicity", "--deals", "3", "--nodes", "300,100",
                 "--executor", "serial", "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "simplicity solver, 100 nodes per deal" in text
    rows = list(csv.DictReader(out.open()))
    assert [r["max_nodes"] for r in rows] == ["100", "300"]  # sorted, one row per budget
    assert all(r["n"] == "3" for r in rows)
    assert all(int(r["won"]) + int(r["lost"]) + int(r["unknown"]) == 3 for r in rows)
    assert rows[0]["command"].startswith("fourseasons budgets --variant simplicity")


def test_budgets_bad_arguments():
    for bad in ("", "0,100", "ten"):
        with pytest.raises(SystemExit):
            main(["budgets", "--nodes", bad])


def test_winrate_prover_and_the_scheduler_option(capsys):
    assert main(["winrate", "--variant", "corners", "--player", "prover", "--deals", "2",
                 "--first-seed", "2", "--executor", "serial", "--nodes", "60000", "--seconds", "120",
                 "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "corners prover" in text and "lost 2" in text and "solver, then proof" in text
    assert main(["winrate", "--scheduler", "tcp://127.0.0.1:1", "--deals", "1",
                 "--no-progress"]) == 2
    assert "--executor dask" in capsys.readouterr().err
