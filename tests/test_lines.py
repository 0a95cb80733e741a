"""The winning lines on record (``solver/lines.py``, ``data/lines.csv.gz``): made by ``fourseasons
lines`` from a classification's won deals, each solved again with its own row's budget; read back
for the board's "How could it have been won?", which shows such a line at once instead of
searching again (issue 37, item 6: "won: the line")."""

from __future__ import annotations

import csv
import gzip
import io

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.solver import lines as lines_mod
from fourseasons_widget.solver.experiments import load_deals
from fourseasons_widget.solver.lines import LINE_FROM, load_lines, recorded_line
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table import recorder
from fourseasons_widget.tools import cli


def _rows(path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(path.read_text())))


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A small classification by the package's own commands: standard deals 2, 3 and 4 by the
    solver at 20,000 positions (2 won at once, 3 won after 13,178 positions, 4 unknown) and
    moving-sequences deal 8 with the streamliner (won by single cards after the plain search
    spent its 20,000), then its lines."""
    d = tmp_path_factory.mktemp("lines")
    run = ["--player", "solver", "--nodes", "20000", "--seconds", "60", "--executor", "serial",
           "--no-progress"]
    assert cli.main(["winrate", "--variant", "standard", "--seeds", "2-4", *run,
                     "--out", str(d / "std.csv")]) == 0
    assert cli.main(["winrate", "--variant", "sequences", "--seeds", "8", "--streamline", *run,
                     "--out", str(d / "seq.csv")]) == 0
    (d / "deals.csv").write_text((d / "std.csv").read_text()
                                 + (d / "seq.csv").read_text().split("\n", 1)[1])
    assert cli.main(["lines", "--deals", str(d / "deals.csv"), "--executor", "serial",
                     "--no-progress", "--out", str(d / "lines.csv")]) == 0
    return d


def test_the_lines_of_the_long_wins_are_kept_and_win(made):
    deals = {(r["variant"], r["seed"]): r for r in _rows(made / "deals.csv")}
    got = {(r["variant"], r["seed"]): r for r in _rows(made / "lines.csv")}
    want = {k for k, r in deals.items() if r["outcome"] == "won" and int(r["nodes"]) > LINE_FROM}
    assert set(got) == want == {("standard", "3"), ("sequences", "8")}
    assert int(deals[("sequences", "8")]["nodes"]) > 20_000  # (the streamliner's win)
    for (variant, seed), r in got.items():
        # the same search again: the very positions of its row, the line replays to a win
        assert r["same"] == "1" and r["positions"] == deals[(variant, seed)]["nodes"]
        g = Game.new(seed=int(seed), variant=variant)
        tokens = r["line"].split(",")
        assert len(tokens) == int(r["moves"])
        for t in tokens:
            g.play(g.parse_move(t))
        assert g.state.is_won
        assert r["command"].startswith("fourseasons lines --deals ")


def test_a_won_row_its_budget_does_not_win_again_is_refused(made, tmp_path, capsys):
    """A row that says won but whose search, run again with its budget, does not win (written
    by hand here, as a broken merge would): no line file, a clear refusal."""
    rows = _rows(made / "deals.csv")
    bad = next(r for r in rows if r["outcome"] == "unknown")
    bad.update(outcome="won", cards_home="52", nodes="15000")
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    (tmp_path / "deals.csv").write_text(out.getvalue())
    rc = cli.main(["lines", "--deals", str(tmp_path / "deals.csv"), "--executor", "serial",
                   "--no-progress", "--out", str(tmp_path / "lines.csv")])
    err = capsys.readouterr().err
    assert rc == 2 and f"deal {bad['seed']}: won in the classification, unknown" in err
    assert not (tmp_path / "lines.csv").exists()


def test_the_lines_of_a_later_pass_join_the_file_in_the_classification_s_order(made, tmp_path,
                                                                               capsys):
    """``--into``: a pass's lines join the file where their deals stand in the classification
    (here sequences deal 8 first, then standard deal 3 put before it), a line made again is
    left as it was, and the file read back is the one ``--out`` makes of both at once."""
    whole = _rows(made / "lines.csv")
    into = tmp_path / "lines.csv.gz"
    base = ["lines", "--deals", str(made / "deals.csv"), "--executor", "serial",
            "--no-progress", "--into", str(into)]
    assert cli.main([*base, "--variant", "sequences"]) == 0
    assert "1 added, 0 replaced, 0 unchanged; 1 lines in all" in capsys.readouterr().out
    assert cli.main([*base, "--variant", "standard"]) == 0
    assert "1 added, 0 replaced, 0 unchanged; 2 lines in all" in capsys.readouterr().out
    got = list(csv.DictReader(io.StringIO(gzip.decompress(into.read_bytes()).decode())))
    assert [(r["variant"], r["seed"]) for r in got] == [("standard", "3"), ("sequences", "8")]
    for mine, theirs in zip(got, whole):
        assert {k: mine[k] for k in mine if k != "command"} == \
               {k: theirs[k] for k in theirs if k != "command"}
    assert "--variant sequences" in got[1]["command"]
    before = into.read_bytes()
    assert cli.main([*base, "--seeds", "3"]) == 0
    assert "0 added, 0 replaced, 1 unchanged; 2 lines in all" in capsys.readouterr().out
    assert into.read_bytes() == before  # (an unchanged line keeps its row: the same bytes)


def test_a_lines_file_that_is_not_one_is_refused_before_any_search(made, tmp_path, capsys,
                                                                    monkeypatch):
    """``--into`` a file that is not a lines file, or one holding a line of a deal the
    classification does not hold as won, or a place no file can be written: refused, the file
    as it was, and no search."""
    searched = []
    real = lines_mod.line_rows
    monkeypatch.setattr(lines_mod, "line_rows", lambda *a, **k: searched.append(1) or real(*a, **k))
    good = (made / "lines.csv").read_text()
    head, first = good.splitlines()[:2]
    cases = {
        "not.csv": "a,b\r\n1,2\r\n",
        "moves.csv": head + "\r\n" + first.replace(",161,", ",9,", 1) + "\r\n",
        "twice.csv": head + "\r\n" + first + "\r\n" + first + "\r\n",
        "variant.csv": head + "\r\n" + first.replace("standard", "klondike", 1) + "\r\n",
        "bytes.csv": "\xff" * 100,
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text.encode("latin-1"))
        rc = cli.main(["lines", "--deals", str(made / "deals.csv"), "--executor", "serial",
                       "--no-progress", "--seeds", "3", "--into", str(path)])
        err = capsys.readouterr().err
        assert rc == 2 and name in err, (name, err)
        assert path.read_bytes() == text.encode("latin-1")
    assert searched == []
    # a line of a deal the classification holds unknown (deal 4): refused, nothing written
    stranger = tmp_path / "stranger.csv"
    row = next(csv.DictReader(io.StringIO(good)))
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(row))
    w.writeheader()
    w.writerow({**row, "seed": "4"})
    stranger.write_bytes(out.getvalue().encode())
    rc = cli.main(["lines", "--deals", str(made / "deals.csv"), "--executor", "serial",
                   "--no-progress", "--seeds", "3", "--into", str(stranger)])
    err = capsys.readouterr().err
    assert rc == 2 and "standard deal 4 has a line but is not won in the classification" in err
    assert stranger.read_bytes() == out.getvalue().encode()
    # a place no file can be written: refused before any search
    for where in (tmp_path, tmp_path / "missing" / "lines.csv.gz", "/proc/version"):
        rc = cli.main(["lines", "--deals", str(made / "deals.csv"), "--executor", "serial",
                       "--no-progress", "--seeds", "3", "--into", str(where)])
        err = capsys.readouterr().err
        assert rc == 2 and err.startswith("fourseasons lines: ") and "Traceback" not in err
    assert searched == []
    with pytest.raises(SystemExit):  # (--out and --into: one or the other)
        cli.main(["lines", "--deals", str(made / "deals.csv"), "--out", "a.csv", "--into",
                  "b.csv"])


def test_every_long_win_of_the_shipped_classification_has_its_line():
    """The shipped file: one line for each won deal the solver needed more than LINE_FROM
    positions for, none for another deal, each made by the same search as its row (the same
    positions), each replaying to a win through the Game."""
    from importlib.resources import files

    raw = files("fourseasons_widget").joinpath("data", "lines.csv.gz").read_bytes()
    rows = list(csv.DictReader(io.StringIO(gzip.decompress(raw).decode("ascii"))))
    deals = {(d["variant"], d["seed"]): d for d in load_deals(classification=True)}
    want = {k for k, d in deals.items() if d["outcome"] == "won" and int(d["nodes"]) > LINE_FROM}
    assert {(r["variant"], r["seed"]) for r in rows} == want
    assert len(want) > 400
    for r in rows:
        assert r["positions"] == deals[(r["variant"], r["seed"])]["nodes"], r["seed"]
        game = Game.new(seed=int(r["seed"]), variant=r["variant"])
        line = recorded_line(game)
        assert line is not None and len(line) == int(r["moves"]), (r["variant"], r["seed"])


def test_a_line_that_does_not_win_is_never_shown(monkeypatch):
    key = next(iter(load_lines()))
    game = Game.new(seed=key[1], variant=key[0])
    assert recorded_line(game) is not None
    good = load_lines()[key]
    for broken in (good.rsplit(",", 3)[0], "s," + good, "QQ c9>c9", "", "x" * 5000):
        monkeypatch.setitem(lines_mod._LINES, key, broken)
        assert recorded_line(game) is None, broken[:40]
    monkeypatch.setitem(lines_mod._LINES, key, good)
    # another reading of the rules is another game: no line
    assert recorded_line(Game.new(seed=key[1], variant=key[0], rules="pysol")) is None


def test_how_it_could_have_been_won_shows_the_line_on_record_at_once(tmp_path):
    """A lost game of a deal whose line is on record: "How could it have been won?" shows that
    line with no search (the worker idle), says where it comes from, and it replays to a win."""
    from fourseasons_widget.solver.experiments import known_verdict

    recorder._claims.clear()
    store = Stats(tmp_path / "stats.sqlite")
    variant, seed = next(k for k in load_lines() if k[0] == "standard")
    w = FourSeasons(seed=0, stats=store, solve_seconds=1)
    store.record(variant, "lost", moves=40, seconds=90.0, seed=seed)
    assert store.flush()
    row = next(r for r in store.history(None, 50) if r["seed"] == seed)
    assert w.handle_intent({"type": "how_won", "id": row["id"]})
    assert w._worker.job is None  # (no search ran)
    assert w.board["ui"]["banner"] is None  # (no game of the player's to keep: none said)
    assert (w.game.seed, w.ply) == (seed, 0)
    assert w.replay["verdict"] == "won"
    known = known_verdict(w.game)
    assert f"the line on record: the classification's solver found it with {known.positions:,}" \
        in w.message
    g = Game.new(seed=seed)
    for m in recorded_line(g):
        g.play(m)
    assert g.state.is_won and len(w.replay["moves"]) == known.moves

    # over a game of the player's, given up when asked: the banner says where the line comes
    # from and keeps the way back
    w.new_game(seed=7)
    assert w.handle_intent({"type": "turn", "ply": 0, "version": w.board["version"]})
    w._table.how_won(row["id"], give_up=True)
    assert w._worker.job is None and w.replay["verdict"] == "won"
    text = w.board["ui"]["banner"]["text"]
    assert "The winning line on record is on the replay" in text and "kept" in text, text

@pytest.mark.parametrize("case", ["folder", "garbage", "variant", "out"])
def test_what_the_lines_command_refuses(made, tmp_path, capsys, case):
    deals, out, extra = str(made / "deals.csv"), str(tmp_path / "l.csv"), []
    if case == "folder":
        deals = str(tmp_path)
    elif case == "garbage":
        (tmp_path / "g.csv.gz").write_bytes(b"\x1f\x8b\x08\x00garbage" * 50)
        deals = str(tmp_path / "g.csv.gz")
    elif case == "variant":
        extra = ["--variant", "klondike"]
    else:
        out = str(tmp_path)
    try:
        rc = cli.main(["lines", "--deals", deals, "--out", out, "--executor", "serial",
                       "--no-progress", *extra])
    except SystemExit as e:
        rc = e.code
    err = capsys.readouterr().err
    assert rc == 2 and err.strip() and "Traceback" not in err and len(err) < 1000
    assert not (tmp_path / "l.csv").exists()


def test_solve_at_a_deal_on_record_answers_with_its_line_and_searches_elsewhere():
    """The board's Solve (its Demo too) at a deal whose line is on record: that line at once,
    said to be the record's (a deal won after tens of millions of positions, which a board's
    few seconds of search do not find); one move later the board searches as ever."""
    variant, seed = max((k for k in load_lines() if k[0] == "standard"),
                        key=lambda k: int(known_positions(*k)))
    w = FourSeasons(seed=seed, stats=False, solve_seconds=0.5)
    result = w.solve()
    assert result.verdict == "won" and result.engine == "record" and result.seconds == 0.0
    assert result.nodes == known_positions(variant, seed) > 10_000_000
    assert "the line on record" in w.message
    g = Game.new(seed=seed)
    for m in result.moves:
        g.play(m)
    assert g.state.is_won
    w.play(w.game.legal_moves()[0])
    assert w.solve().engine != "record"


def known_positions(variant: str, seed: int) -> int:
    from fourseasons_widget.solver.experiments import known_verdict

    return known_verdict(Game.new(seed=seed, variant=variant)).positions
