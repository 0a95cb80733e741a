"""``fourseasons settle``: the deals later runs settled put in place of a classification's
unknown rows, the way the shipped classification was improved (issue 37), and ``winrate
--seeds`` that runs those later deals.  Everything here is made by the package's own commands
on small budgets; the refusals are written as a person or a broken run would write them."""

from __future__ import annotations

import csv
import gzip
import io
import shutil

import pytest

from fourseasons_widget.solver import experiments
from fourseasons_widget.solver.settle import SettleError, settle, summary_cells
from fourseasons_widget.tools import cli

HEADER = ",".join(experiments.FIELDS)
THEN = "the unknown deals again with the solver alone at 20,000 positions"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        rc = cli.main(argv)
    except SystemExit as e:
        rc = e.code
    out = capsys.readouterr()
    return rc, out.out, out.err


def _text(path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if path.name.endswith(".gz") else data).decode()


def _rows(path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(_text(path))))


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A classification of standard deals 0-5 and Corners deals 0-1 by the prover at 300
    positions a search (gzipped, with its summary), and two later runs on its unknown deals:
    the solver at 20,000 positions on standard 3, 1, 2 and 5 (in that order), the prover at
    100,000 positions on Corners 0 and 1."""
    d = tmp_path_factory.mktemp("settle")
    base = ["--player", "prover", "--nodes", "300", "--seconds", "30", "--executor", "serial",
            "--no-progress"]
    for v, deals in (("standard", 6), ("corners", 2)):
        assert cli.main(["winrate", "--variant", v, "--deals", str(deals), *base,
                         "--out", str(d / f"{v}.csv"), "--summary", str(d / f"{v}-s.csv")]) == 0
    deals = _text(d / "standard.csv") + _text(d / "corners.csv").split("\n", 1)[1]
    (d / "deals.csv.gz").write_bytes(gzip.compress(deals.encode()))
    summary = _text(d / "standard-s.csv") + _text(d / "corners-s.csv").split("\n", 1)[1]
    (d / "summary.csv").write_bytes(summary.encode())
    assert cli.main(["winrate", "--variant", "standard", "--player", "solver", "--seeds",
                     "3,1,2,5", "--nodes", "20000", "--seconds", "30", "--executor", "serial",
                     "--no-progress", "--out", str(d / "later.csv")]) == 0
    assert cli.main(["winrate", "--variant", "corners", "--player", "prover", "--seeds", "0-1",
                     "--nodes", "100000", "--seconds", "60", "--executor", "serial",
                     "--no-progress", "--out", str(d / "corners-later.csv")]) == 0
    return d


@pytest.fixture
def work(made, tmp_path):
    for name in ("deals.csv.gz", "summary.csv", "later.csv", "corners-later.csv"):
        shutil.copy(made / name, tmp_path / name)
    return tmp_path


def test_seeds_runs_the_deals_named_in_their_order(made):
    rows = _rows(made / "later.csv")
    assert [r["seed"] for r in rows] == ["3", "1", "2", "5"]
    assert {r["max_nodes"] for r in rows} == {"20000"}
    # (the same deal run by --first-seed gives the same row: the seeds are the deals' own)
    assert cli.main(["winrate", "--variant", "standard", "--player", "solver", "--first-seed",
                     "3", "--deals", "1", "--nodes", "20000", "--seconds", "30", "--executor",
                     "serial", "--no-progress", "--out", str(made / "one.csv")]) == 0
    one = _rows(made / "one.csv")[0]
    assert {k: v for k, v in one.items() if k != "seconds"} == {
        k: v for k, v in rows[0].items() if k != "seconds"}


def test_settle_puts_the_settled_deals_in_place_and_counts_again(work, capsys):
    before = _rows(work / "deals.csv.gz")
    later = {(r["variant"], r["seed"]): r for f in ("later.csv", "corners-later.csv")
             for r in _rows(work / f)}
    settled = {k for k, r in later.items() if r["outcome"] != "unknown"}
    was_unknown = {(r["variant"], r["seed"]) for r in before if r["outcome"] == "unknown"}
    # the deals chosen so that something is settled, something already was, something not
    assert settled & was_unknown and settled - was_unknown
    rc, out, err = run(["settle", str(work / "later.csv"), str(work / "corners-later.csv"),
                        "--deals", str(work / "deals.csv.gz"), "--summary",
                        str(work / "summary.csv"), "--then", THEN], capsys)
    assert rc == 0, err
    after = _rows(work / "deals.csv.gz")
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        key = (old["variant"], old["seed"])
        if key in settled and old["outcome"] == "unknown":
            assert new == later[key]  # the later run's own row, player and budget included
        else:
            assert new == old
    assert [r["outcome"] for r in after if r["variant"] == "corners"] == ["lost", "lost"]
    summary = {r["variant"]: r for r in csv.DictReader(io.StringIO(_text(work / "summary.csv")))}
    for v in ("standard", "corners"):
        mine = [r for r in after if r["variant"] == v]
        want = summary_cells(mine)
        assert {k: summary[v][k] for k in want} == {k: str(x) for k, x in want.items()}
        assert summary[v]["command"].endswith("; then " + THEN)
        assert f"{v}: " in out
    assert "corners: 0 deals won and 2 proved lost" in out
    assert ("standard: 2 deals won and 0 proved lost in place of unknown ones; 1 settled "
            "already, 1 still unknown in these rows") in out
    # a second time changes nothing (the words are not added twice)
    deals_bytes, summary_bytes = (work / "deals.csv.gz").read_bytes(), (
        work / "summary.csv").read_bytes()
    rc, out, _ = run(["settle", str(work / "later.csv"), str(work / "corners-later.csv"),
                      "--deals", str(work / "deals.csv.gz"), "--summary",
                      str(work / "summary.csv"), "--then", THEN], capsys)
    assert rc == 0 and "corners: 0 deals won and 0 proved lost" in out
    assert "2 settled already" in out
    assert (work / "deals.csv.gz").read_bytes() == deals_bytes
    assert (work / "summary.csv").read_bytes() == summary_bytes


def test_unchanged_lines_are_kept_byte_for_byte(work):
    text = _text(work / "deals.csv.gz")
    plain = work / "deals.csv"
    plain.write_bytes(text.encode())
    settle(plain, [work / "corners-later.csv"])
    old, new = text.splitlines(keepends=True), _text(plain).splitlines(keepends=True)
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    assert [new[i].split(",")[:2] for i in changed] == [["corners", "0"], ["corners", "1"]]


def test_a_dry_run_counts_and_writes_nothing(work, capsys):
    before = (work / "deals.csv.gz").read_bytes(), (work / "summary.csv").read_bytes()
    rc, out, _ = run(["settle", str(work / "corners-later.csv"), "--deals",
                      str(work / "deals.csv.gz"), "--summary", str(work / "summary.csv"),
                      "--then", THEN, "--dry-run"], capsys)
    assert rc == 0 and "2 proved lost" in out and "nothing written" in out
    assert ((work / "deals.csv.gz").read_bytes(), (work / "summary.csv").read_bytes()) == before


def _row(**cells) -> str:
    base = {"variant": "standard", "seed": "2", "player": "solver", "outcome": "lost",
            "moves": "0", "nodes": "5", "seconds": "0.1", "cards_home": "3",
            "max_nodes": "20000", "max_seconds": "30.0"}
    base.update(cells)
    return ",".join(base[k] for k in experiments.FIELDS)


@pytest.mark.parametrize(("lines", "says"), [
    # deal 2 is won in the classification (a line found at 300 positions)
    ([_row()], "says won"),
    ([_row(seed="77")], "not in deals.csv.gz"),
    ([_row(player="heuristic", outcome="stuck")], "heuristic player"),
    ([_row(outcome="won", cards_home="40")], "line 2"),
    ([_row(seed="٣")], "line 2"),
    ([], "holds no deal"),
])
def test_what_settle_refuses_and_writes_nothing(work, capsys, lines, says):
    rows = work / "bad.csv"
    rows.write_text("\n".join([HEADER, *lines]) + "\n")
    before = (work / "deals.csv.gz").read_bytes(), (work / "summary.csv").read_bytes()
    rc, _, err = run(["settle", str(work / "corners-later.csv"), str(rows), "--deals",
                      str(work / "deals.csv.gz"), "--summary", str(work / "summary.csv"),
                      "--then", THEN], capsys)
    assert rc == 2 and says in err and "Traceback" not in err, err
    assert ((work / "deals.csv.gz").read_bytes(), (work / "summary.csv").read_bytes()) == before


def test_two_later_runs_that_disagree_are_refused(work):
    """A deal won in one run and proved lost in another: a search is wrong; neither is
    kept."""
    won = _rows(work / "later.csv")
    deal = next(r for r in won if r["outcome"] == "won")
    lost = work / "lost.csv"
    lost.write_text(HEADER + "\n" + _row(seed=deal["seed"]) + "\n")
    before = (work / "deals.csv.gz").read_bytes()
    with pytest.raises(SettleError, match="a search is wrong"):
        settle(work / "deals.csv.gz", [work / "later.csv", lost])
    assert (work / "deals.csv.gz").read_bytes() == before


@pytest.mark.parametrize("content", [b"variant,seed\nstandard,1\n", b"\x1f\x8b\x08garbage",
                                     b"\xff" * 5000])
def test_a_classification_that_is_not_one_is_refused(work, capsys, content):
    bad = work / "x.csv.gz"
    bad.write_bytes(content)
    rc, _, err = run(["settle", str(work / "later.csv"), "--deals", str(bad)], capsys)
    assert rc == 2 and "Traceback" not in err and err.strip()
    assert bad.read_bytes() == content


def test_a_summary_needs_its_words_and_every_variant_touched(work, capsys):
    rc, _, err = run(["settle", str(work / "later.csv"), "--deals", str(work / "deals.csv.gz"),
                      "--summary", str(work / "summary.csv")], capsys)
    assert rc == 2 and "--then" in err
    only = work / "only-standard.csv"
    only.write_text("".join(_text(work / "summary.csv").splitlines(keepends=True)[:2]))
    before = (work / "deals.csv.gz").read_bytes()
    rc, _, err = run(["settle", str(work / "corners-later.csv"), "--deals",
                      str(work / "deals.csv.gz"), "--summary", str(only), "--then", THEN],
                     capsys)
    assert rc == 2 and "0 rows for 'corners'" in err
    assert (work / "deals.csv.gz").read_bytes() == before


@pytest.mark.parametrize("seeds", ["5-3", "1,1", "1,0-2", "٣", "x", "", "9223372036854775808",
                                   "0-2000000"])
def test_a_bad_seed_list_is_refused(capsys, seeds):
    rc, _, err = run(["winrate", "--seeds", seeds, "--executor", "serial", "--no-progress"],
                     capsys)
    assert rc == 2 and "--seeds" in err and "Traceback" not in err and len(err) < 1000


def test_seeds_goes_without_first_seed_and_deals(capsys):
    rc, _, err = run(["winrate", "--seeds", "1,2", "--deals", "2", "--executor", "serial"],
                     capsys)
    assert rc == 2 and "without --first-seed and --deals" in err
