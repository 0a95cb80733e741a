"""The ``fourseasons`` command."""

from __future__ import annotations

import csv
import multiprocessing

import pytest

from fourseasons_widget.tools.cli import main


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


def _deal_rows(path) -> list[tuple]:
    """A per-deal file's rows without the seconds (the one column that depends on the
    machine)."""
    with open(path) as f:
        return [tuple(v for k, v in r.items() if k != "seconds") for r in csv.DictReader(f)]


def _interrupt_at(monkeypatch, k: int) -> list:
    """``run_deal`` as Ctrl-C meets it: the ``k``-th deal started raises ``KeyboardInterrupt``;
    the seeds started are listed in the list returned."""
    from fourseasons_widget.solver import experiments

    real, seen = experiments.run_deal, []

    def deal(task):
        seen.append(task["seed"])
        if len(seen) == k:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(experiments, "run_deal", deal)
    return seen


def test_an_interrupted_run_resumes_from_its_partial_file(tmp_path, capsys, monkeypatch):
    """Each finished deal is in OUT.partial at once; ``--resume`` runs only the deals missing
    there (rows of another budget are not reused) and ends with the file a run without an
    interruption writes."""

    argv = ["winrate", "--variant", "standard", "--player", "prover", "--deals", "4",
            "--nodes", "2000", "--seconds", "60", "--executor", "serial", "--no-progress"]
    whole = tmp_path / "whole.csv"
    assert main([*argv, "--out", str(whole)]) == 0
    capsys.readouterr()
    seen = _interrupt_at(monkeypatch, 3)
    out = tmp_path / "r.csv"
    assert main([*argv, "--out", str(out)]) == 130
    assert "--resume" in capsys.readouterr().err
    partial = tmp_path / "r.csv.partial"
    assert not out.exists()
    assert [r["seed"] for r in csv.DictReader(partial.open())] == ["0", "1"]
    missing = [2, 3]  # (the deal interrupted, and the one after it)
    with partial.open("a") as f:  # a row of another budget, and a line cut short
        f.write(f"standard,{missing[0]},prover,won,1,1,0.1,52,999,60.0\nstandard,3,pro")
    seen.clear()
    assert main([*argv, "--out", str(out), "--summary", str(tmp_path / "s.csv"),
                 "--resume"]) == 0
    assert seen == missing  # only the deals missing (the other budget's row not reused)
    assert _deal_rows(out) == _deal_rows(whole)
    assert not partial.exists()
    summary = list(csv.DictReader((tmp_path / "s.csv").open()))
    assert "--resume" not in summary[0]["command"] and summary[0]["n"] == "4"


@pytest.mark.slow
def test_the_dask_executor_gives_the_process_pool_s_rows(tmp_path):
    """The same command on a Dask cluster (here a LocalCluster of one worker process) and on
    the process pool: the same verdicts, lines, positions and cards home, deal by deal.
    (Dask is in the test extra: this test runs, it never skips.)"""
    import distributed  # noqa: F401 (the test needs it; it must not pass without it)

    argv = ["winrate", "--variant", "standard", "--player", "prover", "--deals", "3",
            "--first-seed", "4", "--nodes", "3000", "--seconds", "120", "--no-progress"]
    pooled, dasked = tmp_path / "pool.csv", tmp_path / "dask.csv"
    assert main([*argv, "--jobs", "2", "--out", str(pooled)]) == 0
    assert main([*argv, "--executor", "dask", "--jobs", "1", "--out", str(dasked)]) == 0
    # the command's local cluster is closed with it: no worker outlives it (its client alone
    # was closed, and the worker process ran on until the test session ended)
    assert [p.name for p in multiprocessing.active_children() if "Dask" in p.name] == []
    rows = _deal_rows(dasked)
    assert rows == _deal_rows(pooled) and len(rows) == 3
    assert {r[3] for r in rows} <= {"won", "unknown"}


def test_resume_refuses_a_partial_file_of_other_settings(tmp_path, capsys, monkeypatch):
    """A row says its variant, player and budget, not ``--streamline`` or ``--table``: those are
    kept beside OUT.partial (OUT.partial.json), and ``--resume`` by a command that differs in
    them is refused with the difference named, the file kept; the same command resumes it
    (only the deal missing is run) and removes both files.  A partial file without settings
    (an earlier release's) counts as made without them; a settings file that is not one is
    refused without a traceback."""
    from fourseasons_widget.solver import experiments

    argv = ["winrate", "--variant", "sequences", "--player", "solver", "--first-seed", "8",
            "--deals", "2", "--nodes", "20000", "--seconds", "60", "--executor", "serial",
            "--no-progress"]
    out = tmp_path / "r.csv"
    partial, settings = tmp_path / "r.csv.partial", tmp_path / "r.csv.partial.json"
    real = experiments.run_deal
    seen = _interrupt_at(monkeypatch, 2)
    assert main([*argv, "--streamline", "--out", str(out)]) == 130
    capsys.readouterr()
    first = list(csv.DictReader(partial.open()))
    assert [r["seed"] for r in first] == ["8"] and first[0]["outcome"] == "won"  # (streamlined)
    for other, named in ([[], "no --streamline"], [["--streamline", "--table", "65536"],
                                                   "--table 65536"]):
        seen.clear()
        assert main([*argv, *other, "--out", str(out), "--resume"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("fourseasons winrate: cannot resume") and named in err, err
        assert seen == [] and partial.exists() and settings.exists() and not out.exists()
    monkeypatch.setattr(experiments, "run_deal", real)
    kept = settings.read_bytes()
    for bad in (b"{", b'{"streamline": true}', b"[]", b"\xff" * 5000):
        settings.write_bytes(bad)
        assert main([*argv, "--streamline", "--out", str(out), "--resume"]) == 2
        err = capsys.readouterr().err
        assert "is not the settings of a run" in err and "Traceback" not in err, err
    settings.unlink()  # (an earlier release's partial file: made without --streamline)
    assert main([*argv, "--streamline", "--out", str(out), "--resume"]) == 2
    assert "no --streamline" in capsys.readouterr().err
    settings.write_bytes(kept)
    seen.clear()
    monkeypatch.setattr(experiments, "run_deal", lambda t: seen.append(t["seed"]) or real(t))
    assert main([*argv, "--streamline", "--out", str(out), "--resume"]) == 0
    assert seen == [9]  # (deal 8 resumed, not run again)
    rows = list(csv.DictReader(out.open()))
    assert [r["seed"] for r in rows] == ["8", "9"] and rows[0] == first[0]
    assert not partial.exists() and not settings.exists()
