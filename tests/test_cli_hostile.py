"""The ``fourseasons`` command under attack (issue 19): every argument checked before any work,
Ctrl-C that stops a process pool and leaves no file posing as complete; and a fuzz of its
arguments.  Each failure class of the issue has a test here that fails on main 8623e1c."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourseasons_widget import cli
from fourseasons_widget.solver import experiments


def run(argv: list[str], capsys) -> tuple[int, str]:
    """``main(argv)``: its exit status (argparse's refusals included) and its stderr."""
    try:
        rc = cli.main(argv)
    except SystemExit as e:
        rc = e.code
    return rc, capsys.readouterr().err


@pytest.fixture
def no_work(monkeypatch):
    """The experiments replaced by a stub that notes each call (no deal is played)."""
    calls: list[tuple] = []

    def stub(*args, **kw):
        calls.append((args, kw))
        return []

    monkeypatch.setattr(experiments, "run_experiment", stub)
    monkeypatch.setattr(experiments, "budget_curve", stub)
    return calls


# -- output files checked before any work ------------------------------------------------------

@pytest.mark.parametrize("command", [["winrate", "--deals", "2", "--nodes", "100"],
                                     ["budgets", "--deals", "2", "--nodes", "100"]])
@pytest.mark.parametrize("where", ["a directory", "a missing folder", "twice"])
def test_an_unwritable_output_is_refused_before_any_work(tmp_path, capsys, no_work, command,
                                                         where):
    """Issue 19: an unwritable ``--out`` was found only after the whole run, as a traceback."""
    out = {"a directory": tmp_path, "a missing folder": tmp_path / "nope" / "r.csv",
           "twice": tmp_path / "r.csv"}[where]
    extra = ["--summary", str(out)] if where == "twice" else []
    if where == "twice" and command[0] == "budgets":
        pytest.skip("budgets writes one file")
    rc, err = run([*command, "--executor", "serial", "--out", str(out), *extra,
                   "--no-progress"], capsys)
    assert rc == 2 and no_work == []
    assert err.startswith("fourseasons ") and len(err) < 400 and "Traceback" not in err


def test_a_read_only_folder_is_refused(tmp_path, capsys, no_work):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    rc, err = run(["winrate", "--out", str(folder / "r.csv"), "--no-progress"], capsys)
    assert rc == 2 and no_work == [] and "not writable" in err


# -- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["budgets", "--nodes", "100", "--first-seed", "9223372036854775807"],
    ["budgets", "--nodes", "100", "--first-seed", "-5"],
    ["budgets", "--nodes", "100", "--first-seed", "٣"],
    ["budgets", "--nodes", "٣"],
    ["budgets", "--nodes", "3,٣"],
    ["budgets", "--nodes", "4611686018427387905"],
    ["budgets", "--nodes", ",".join(["7"] * 51)],
    ["winrate", "--first-seed", "9223372036854775800", "--deals", "100"],
    ["winrate", "--deals", "٣"],
    ["winrate", "--deals", "1000001"],
    ["winrate", "--jobs", "0"],
    ["winrate", "--jobs", "100000"],
    ["winrate", "--nodes", "１０"],
    ["winrate", "--seconds", "1e400"],
    ["winrate", "--seconds", "nan"],
    ["solve", "--seed", "9" * 5000],
    ["solve", "--nodes", "٣"],
])
def test_every_number_is_checked_before_any_work(argv, capsys, no_work, monkeypatch):
    """Issue 19: ``budgets --first-seed 9223372036854775807`` and ``-5`` ended in a ValueError
    traceback; ``budgets --nodes ٣`` was accepted as 3."""
    from fourseasons_widget.solver import exact as solver

    monkeypatch.setattr(solver, "solve", lambda *a, **k: pytest.fail("solved"))
    rc, err = run(argv + (["--executor", "serial", "--no-progress"] if argv[0] != "solve"
                          else []), capsys)
    assert rc == 2 and no_work == []
    assert "Traceback" not in err and len(err) < 1000
    err.encode("ascii")  # (the refused value quoted with escapes)


def test_the_last_seed_itself_may_be_run(capsys, no_work):
    rc, _ = run(["budgets", "--nodes", "100", "--deals", "1", "--first-seed",
                 "9223372036854775807", "--executor", "serial", "--no-progress"], capsys)
    assert rc == 0 and len(no_work) == 1
    assert list(no_work[0][0][1]) == [2**63 - 1]


# -- Ctrl-C ------------------------------------------------------------------------------------

def test_an_interrupted_run_leaves_no_file_posing_as_complete(tmp_path, capsys, monkeypatch):
    """Issue 19: a run interrupted part-way must not leave a CSV that looks complete.  Ctrl-C
    arrives during the second variant's deals (the serial executor: deterministic)."""
    calls = {"n": 0}
    real = experiments.run_deal

    def deal(task):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(experiments, "run_deal", deal)
    out, summary = tmp_path / "r.csv", tmp_path / "s.csv"
    try:
        rc = cli.main(["winrate", "--variant", "all", "--player", "heuristic", "--deals", "3",
                       "--executor", "serial", "--out", str(out), "--summary", str(summary),
                       "--no-progress"])
    except KeyboardInterrupt:
        rc = "the interrupt escaped"
    err = capsys.readouterr().err
    assert rc == 130 and "interrupted" in err  # (128 + SIGINT)
    assert not out.exists() and not summary.exists()
    partial = tmp_path / "r.csv.partial"
    rows = list(csv.DictReader(partial.open()))
    assert [r["variant"] for r in rows] == ["standard"] * 3  # the run done, nothing else
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv.partial"]  # (no temp file)


def test_a_complete_run_replaces_its_partial_file(tmp_path, capsys):
    out = tmp_path / "r.csv"
    assert cli.main(["winrate", "--variant", "corners", "--player", "all", "--deals", "2",
                     "--nodes", "200", "--executor", "serial", "--out", str(out),
                     "--no-progress"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]
    assert len(list(csv.DictReader(out.open()))) == 6


def test_ctrl_c_stops_a_process_pool_run(tmp_path):
    """Issue 19: ``winrate ... --jobs 2`` was still running 20 s after SIGINT to its process
    group (the pool's shutdown waits for every queued deal).  Here a run that would take
    minutes: after Ctrl-C it must end (a generous bound: the machine may be loaded), with no
    worker process left and no CSV written."""
    out = tmp_path / "r.csv"
    p = subprocess.Popen([sys.executable, "-m", "fourseasons_widget.cli", "winrate",
                          "--variant", "all", "--player", "solver", "--seconds", "2",
                          "--deals", "200", "--jobs", "2", "--no-progress", "--out", str(out)],
                         start_new_session=True, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    try:
        time.sleep(2.0)  # (the pool started, deals queued)
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        pytest.fail("still running 20 s after Ctrl-C")
    assert p.returncode == 130, err.decode()[-500:]
    assert b"Traceback" not in err
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):  # no worker process left in the group
        os.killpg(p.pid, 0)
    assert not out.exists()


# -- fuzz ----------------------------------------------------------------------------------------

number = st.one_of(st.integers(-10, 10**25).map(str), st.sampled_from(
    ["٣", "１０", "²", "1e400", "nan", "inf", "-0", "0x10", "1_000", " 5", "5 ", "", "1,2",
     "9223372036854775807", "9223372036854775808", "4611686018427387904", "\udcff",
     "9" * 5000]), st.text(max_size=8))
flag_values = {
    "--variant": st.sampled_from(["standard", "corners", "all", "nope", "ＳＴＡＮＤＡＲＤ"]),
    "--player": st.sampled_from(["solver", "random", "heuristic", "prover", "all", "x"]),
    "--deals": number, "--first-seed": number, "--seconds": number, "--nodes": number,
    "--jobs": number, "--seed": number, "--pysol": number,
    "--executor": st.sampled_from(["serial", "process", "dask", "threads"]),
    "--out": st.sampled_from(["OUT", "DIR", "MISSING/x.csv", "", "\x00"]),
    "--summary": st.sampled_from(["OUT", "SUM", "DIR"]),
}
argvs = st.tuples(st.sampled_from(["solve", "winrate", "budgets"]),
                  st.lists(st.sampled_from(sorted(flag_values)), max_size=5, unique=True)
                  ).flatmap(lambda cf: st.tuples(st.just(cf[0]), *(
                      st.tuples(st.just(f), flag_values[f]) for f in cf[1])))


@settings(max_examples=150, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=argvs)
def test_fuzz_the_command_line(tmp_path, capsys, monkeypatch, argv):
    """Any arguments: a clear refusal (exit 2, a bounded message, no traceback) or a run whose
    every argument is in range and whose outputs can be written."""
    from fourseasons_widget.solver import exact as solver

    calls: list[dict] = []

    def stub(*args, **kw):
        calls.append({"args": args, **kw})
        return []

    monkeypatch.setattr(experiments, "run_experiment", stub)
    monkeypatch.setattr(experiments, "budget_curve", stub)

    class Result:
        verdict, nodes, seconds, moves, won = "unknown", 0, 0.0, [], False

    monkeypatch.setattr(solver, "solve", lambda *a, **k: calls.append(k) or Result())
    paths = {"OUT": str(tmp_path / "o.csv"), "SUM": str(tmp_path / "s.csv"),
             "DIR": str(tmp_path), "MISSING/x.csv": str(tmp_path / "missing" / "x.csv")}
    args = [argv[0]]
    for flag, value in argv[1:]:
        args += [flag, paths.get(value, value)]
    if argv[0] != "solve":
        args += ["--no-progress"]
        if "--executor" not in args:
            args += ["--executor", "serial"]
    rc, err = run(args, capsys)
    assert rc in (0, 2), (rc, err)
    assert "Traceback" not in err and len(err) < 1500
    if rc == 2:
        assert calls == [] and err.strip()
        return
    for call in calls:
        for key in ("max_seconds", "max_nodes"):
            v = call.get(key)
            assert v is None or 0 < v <= (1e9 if key == "max_seconds" else 2**62)
        for seeds in call["args"][1:2] if call.get("args") else ():
            seeds = list(seeds)
            assert all(0 <= s < 2**63 for s in seeds) and len(seeds) <= cli.MAX_DEALS
