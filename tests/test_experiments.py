"""Experiments: executors, honest intervals, CSV, the players, the shipped data file."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from fourseasons_widget import VARIANTS, Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.solver.experiments import (
    FIELDS,
    PLAYERS,
    load_winrates,
    read_csv,
    run_deal,
    run_experiment,
    summarize,
    wilson,
    write_csv,
)
from fourseasons_widget.solver.players import heuristic_line, play_heuristic, play_random


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_unknowns_widen_the_interval_honestly():
    rows = [{"outcome": "won"}] * 40 + [{"outcome": "unknown"}] * 20 + [{"outcome": "lost"}] * 40
    s = summarize(rows)
    assert (s.n, s.won, s.unknown, s.lost) == (100, 40, 20, 40)
    assert s.low == wilson(40, 100)[0]
    assert s.high == wilson(60, 100)[1]
    assert s.high > 0.6 > 0.4 > s.low
    assert "unknown" in str(s)


def test_serial_run_and_csv(tmp_path):
    rows = run_experiment("standard", range(3), budget=Budget(positions=2000),
                          executor="serial", progress=False)
    assert [r["seed"] for r in rows] == [0, 1, 2]
    assert all(r["outcome"] in ("won", "lost", "unknown") for r in rows)
    path = tmp_path / "deals.csv"
    write_csv(rows, path)
    back = read_csv(path)
    assert list(back[0]) == list(FIELDS)
    assert [r["outcome"] for r in back] == [r["outcome"] for r in rows]


def test_process_pool_and_any_executor_give_the_same_rows():
    kw = {"player": "solver", "budget": Budget(positions=1500), "progress": False}
    serial = run_experiment("czarina", range(4), executor="serial", **kw)
    with ProcessPoolExecutor(2) as pool:
        pooled = run_experiment("czarina", range(4), executor=pool, **kw)
    with ThreadPoolExecutor(2) as threads:
        threaded = run_experiment("czarina", range(4), executor=threads, **kw)
    key = [(r["seed"], r["outcome"], r["moves"]) for r in serial]
    assert [(r["seed"], r["outcome"], r["moves"]) for r in pooled] == key
    assert [(r["seed"], r["outcome"], r["moves"]) for r in threaded] == key


def test_dask_executor():
    import distributed  # (in the test extra: this test runs, it never skips)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None,  # (its HTTP server: a free port)
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}
                                  ) as cluster, \
            distributed.Client(cluster) as client:
        rows = run_experiment("standard", range(3), player="heuristic",
                              executor=client.get_executor(), progress=False)
    serial = run_experiment("standard", range(3), player="heuristic", executor="serial",
                            progress=False)
    assert [(r["seed"], r["outcome"], r["moves"]) for r in rows] == [
        (r["seed"], r["outcome"], r["moves"]) for r in serial]


def test_unknown_player():
    with pytest.raises(ValueError):
        run_experiment("standard", range(1), player="oracle", executor="serial", progress=False)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_players_play_legal_games(variant):
    for seed in range(3):
        game = Game.new(seed=seed, variant=variant)
        for result in (play_random(game, seed=seed), play_heuristic(game)):
            g = game.copy()
            for m in result.moves:
                g.play(m)
            assert g.state.cards_home == result.cards_home
            assert result.outcome == ("won" if g.state.is_won else "stuck")
            if not result.won:
                # a player stops only when nothing new is possible or the shuffling is pointless
                assert result.moves is not None


def test_the_heuristic_probe_keeps_to_its_budget_and_wins_for_the_solver():
    game = Game.new(seed=0, variant="simplicity")
    line, end, nodes = heuristic_line(game.rules, game.state, max_nodes=5)
    assert nodes == 5 and len(line) == 5 and not end.is_won
    line, end, nodes = heuristic_line(game.rules, game.state)
    assert end.is_won and nodes == len(line)  # Simplicity deal 0: the greedy beginner wins it
    # the solver's first probe is that line: a win with the positions the probe played from
    r = solve(game, budget=Budget(positions=2 * nodes), shorten_line=False)
    assert r.won and r.raw == line and r.nodes == nodes
    assert solve(game, budget=Budget(positions=2 * nodes - 2), order="portfolio",
                 shorten_line=False).raw != line  # half the budget is too little for it


def test_run_deal_rows_have_every_field():
    row = run_deal({"variant": "simplicity", "seed": 1, "player": "random"})
    assert set(FIELDS) <= set(row)


def test_the_shipped_data_file():
    rows = load_winrates()
    assert rows, "fourseasons_widget/data/winrates.csv is empty"
    seen = {(r["variant"], r["player"]) for r in rows}
    for v in VARIANTS:
        assert (v, "solver") in seen
    for r in rows:
        n, won, lost, unknown = (int(r[k]) for k in ("n", "won", "lost", "unknown"))
        assert n == won + lost + unknown and n >= 1000
        assert float(r["ci_low"]) <= won / n <= (won + unknown) / n <= float(r["ci_high"])
        assert r["command"].startswith("fourseasons winrate")


def test_the_shipped_budget_curve_agrees_with_the_shipped_deals():
    """The budget curve runs the solver on seeds 0 … n−1 at several node budgets.  The solver is
    deterministic at a node budget, so where the curve's budget is the per-deal file's, the two
    shipped files must count the same wins on the same seeds."""
    from fourseasons_widget.solver.experiments import load_budget_curve, load_deals

    curve = load_budget_curve()
    budgets = [int(r["max_nodes"]) for r in curve]
    assert len(curve) >= 3 and budgets == sorted(set(budgets))
    n = int(curve[0]["n"])
    variant = curve[0]["variant"]
    for r in curve:
        won, lost, unknown = int(r["won"]), int(r["lost"]), int(r["unknown"])
        assert int(r["n"]) == n == won + lost + unknown and r["variant"] == variant
        assert float(r["ci_low"]) <= won / n <= (won + unknown) / n <= float(r["ci_high"])
        assert r["command"].startswith("fourseasons budgets")
    deals = [r for r in load_deals() if r["variant"] == variant and r["player"] == "solver"
             and int(r["seed"]) < n]
    assert len(deals) == n
    same = next(r for r in curve if int(r["max_nodes"]) == int(deals[0]["max_nodes"]))
    assert int(same["won"]) == sum(r["outcome"] == "won" for r in deals)
    assert int(same["lost"]) == sum(r["outcome"] == "lost" for r in deals)


@pytest.mark.slow
def test_the_prover_decides_what_the_solver_leaves_unknown():
    """The prover is the solver, then the loss-proof search with the same budget again: on
    Moving sequences deal 13 the solver alone stops at 20,000 positions, the prover's second
    search wins (its line is replayed through the Game in ``run_deal``); Corners deal 2 it
    proves lost."""
    task = {"variant": "sequences", "seed": 13, "max_nodes": 20_000, "max_seconds": None}
    alone = run_deal({**task, "player": "solver"})
    both = run_deal({**task, "player": "prover"})
    assert alone["outcome"] == "unknown" and alone["nodes"] >= 20_000
    assert both["outcome"] == "won" and both["moves"] > 0 and both["cards_home"] == 52
    assert 20_000 < both["nodes"] < 40_000
    rows = run_experiment("corners", [2], player="prover", budget=Budget(positions=45_000),
                          executor="serial", progress=False)
    assert rows[0]["outcome"] == "lost" and rows[0]["player"] == "prover"
    assert rows[0]["max_nodes"] == 45_000


def test_the_shipped_classification():
    """The classification file: per variant the prover's won / proved lost / unknown, an honest
    interval, the command; the per-deal file counts the same."""
    from fourseasons_widget.solver.experiments import load_classification, load_deals

    rows = load_classification()
    assert {r["variant"] for r in rows} == set(VARIANTS)
    deals = load_deals(classification=True)
    for r in rows:
        n, won, lost, unknown = (int(r[k]) for k in ("n", "won", "lost", "unknown"))
        assert r["player"] == "prover" and n == won + lost + unknown and n >= 200
        assert float(r["ci_low"]) <= won / n <= (won + unknown) / n <= float(r["ci_high"])
        assert r["command"].startswith("fourseasons winrate") and "--player prover" in r["command"]
        mine = [d for d in deals if d["variant"] == r["variant"]]
        assert len(mine) == n
        assert sum(d["outcome"] == "won" for d in mine) == won
        assert sum(d["outcome"] == "lost" for d in mine) == lost
    # zero wrong verdicts: no deal won by the solver's run and proved lost by the prover's
    verdicts: dict = {}
    for d in load_deals() + deals:
        if d["player"] in ("solver", "prover") and d["outcome"] != "unknown":
            verdicts.setdefault((d["variant"], d["seed"]), set()).add(d["outcome"])
    assert verdicts and all(len(v) == 1 for v in verdicts.values())


def test_the_fair_player_never_looks_at_the_face_down_stock():
    """Two deals alike in everything a player has seen — the layout and the first ten stock
    cards — but not in the order of the rest: the fair player makes the same moves in both
    until the eleventh card is turned (what it did cannot depend on what it has not seen)."""
    import random as _random

    from fourseasons_widget.model.cards import CODES
    from fourseasons_widget.solver.players import play_fair

    order = _deck_of(3)
    assert Game.from_deck(" ".join(CODES[c] for c in order)).state == Game.new(seed=3).state
    other = order[:16] + _random.Random(1).sample(order[16:], len(order) - 16)
    assert other != order and sorted(other) == sorted(order)
    runs = []
    for cards in (order, other):
        g = Game.from_deck(" ".join(CODES[c] for c in cards))
        runs.append(play_fair(g, samples=2, per_sample=Budget(positions=300), seed=7).moves)
    turned = 0
    for a, b in zip(*runs):
        assert (a.source, a.target) == (b.source, b.target)
        if a.source == "stock":
            turned += 1
            if turned > 10:
                break
        else:
            assert a == b
    assert turned > 10 or len(runs[0]) == len(runs[1])


def _deck_of(seed):
    """The deck ``Game.new(seed)`` deals (``deck[0]`` first), as card numbers."""
    s = Game.new(seed=seed).state
    return [p[0] for p in s.piles] + [s.foundation_cards(0)[0]] + list(s.stock)


def test_the_fair_player_runs_as_an_experiment():
    row = run_deal({"variant": "standard", "seed": 1, "player": "fair", "max_nodes": 300})
    assert row["player"] == "fair" and row["outcome"] in ("won", "stuck") and row["nodes"] > 0
    assert "fair" in PLAYERS


def test_the_readme_s_figures_are_the_shipped_data():
    """The README's table of what the project measured says what the data say (a figure
    changed in the data and not in the README fails here); the intervals are Wilson's, from
    the counts."""
    from pathlib import Path

    from fourseasons_widget.solver.experiments import (
        load_classification,
        load_fair_mc,
        load_winrates,
    )

    readme = Path(__file__).resolve().parents[1].joinpath("README.md").read_text()

    def pct(x: float, digits: int = 1) -> str:
        return f"{100 * x:.{digits}f}"

    def perfect_play(r: dict) -> tuple[int, int, int, float, float]:
        """won, lost, deals, and the interval: the won ones at least, all but the lost at most."""
        k, lost_k, m = int(r["won"]), int(r["lost"]), int(r["n"])
        return k, lost_k, m, wilson(k, m)[0], wilson(m - lost_k, m)[1]

    cls = {r["variant"]: r for r in load_classification()}
    std = cls["standard"]
    won, lost, n, low, high = perfect_play(std)
    assert (f"perfect play (the classification: {won} won, {lost} proved lost, {std['unknown']} "
            f"undecided) | the whole stock | ≥ {pct(won / n)}% | {pct(low)}–{pct(high, 2)}% |"
            ) in readme
    (mc,) = [r for r in load_fair_mc() if r["variant"] == "standard"]
    heur = next(r for r in load_winrates()
                if (r["variant"], r["player"]) == ("standard", "heuristic"))
    for r in (mc, heur):
        k, m = int(r["won"]), int(r["n"])
        lo, hi = wilson(k, m)
        assert f"| {pct(k / m)}% | {pct(lo)}–{pct(hi)}% |" in readme, r["player"]
    assert "On the same 1,000 deals" in readme and n == int(mc["n"]) == int(heur["n"]) == 1000
    for v in ("corners", "simplicity"):
        _, _, _, lo, hi = perfect_play(cls[v])
        assert f"({pct(lo).removesuffix('.0')}–{pct(hi).removesuffix('.0')}%)" in readme, v
    for v in ("sequences", "dick1883", "czarina"):  # "at least 6.2% (4.9–100%)"
        k, _, m, lo, hi = perfect_play(cls[v])
        assert f"at least {pct(k / m)}% ({pct(lo)}–{pct(hi).removesuffix('.0')}%)" in readme, v


@pytest.mark.parametrize("variant", ["sequences", "dick1883"])
def test_the_streamliner_s_lines_are_lines_of_the_real_rules(variant):
    """Single cards only (``streamlined``): on random positions of the real game, every move of
    the stricter rules is a move of the real ones, with the same result."""
    import random

    from fourseasons_widget.solver.exact import streamlined

    real = Game.new(seed=0, variant=variant).rules
    strict = streamlined(real)
    assert strict is not None and not strict.sequences and strict.fill == real.fill
    looked = fewer = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = Game.new(seed=seed, variant=variant).state
        for _ in range(60):
            mine, theirs = strict.moves(s), real.moves(s)
            assert set(mine) <= set(theirs)
            fewer += len(set(mine)) < len(set(theirs))
            for m in mine:
                assert strict.apply(s, m) == real.apply(s, m)
            if not theirs:
                break
            s = real.apply(s, rng.choice(theirs))
            looked += 1
    assert looked > 1000 and fewer > 50  # (the real rules did offer runs it leaves out)
    assert streamlined(Game.new(seed=0).rules) is None  # (nothing to leave out)


def test_a_streamlined_win_counts_and_is_replayed_through_the_real_game(tmp_path):
    """Moving sequences, deal 8: the solver leaves it unknown at 20,000 positions; single cards
    only win it in a few thousand.  With ``streamline`` the row is won (the line replayed
    through the sequences Game by ``run_deal``), its nodes both searches'; the command line
    gives the same row and refuses the option for players without a search."""
    import csv
    import dataclasses
    import subprocess
    import sys

    task = {"variant": "sequences", "seed": 8, "player": "solver", "max_nodes": 20_000,
            "max_seconds": 60.0}
    plain = run_deal(task)
    assert plain["outcome"] == "unknown" and plain["nodes"] == 20_000
    row = run_deal({**task, "streamline": True})
    assert row["outcome"] == "won" and row["cards_home"] == 52
    assert 20_000 < row["nodes"] < 40_000
    g = Game.new(seed=8, variant="sequences")
    line = solve(g.state, dataclasses.replace(g.rules, sequences=False),
                 budget=Budget(positions=20_000)).moves
    for m in line:
        g.play(m)
    assert g.state.is_won and row["moves"] == len(line)
    # the standard game has no streamliner: the option changes nothing there
    std = {**task, "variant": "standard", "seed": 13}
    assert run_deal({**std, "streamline": True})["nodes"] == run_deal(std)["nodes"]
    out = tmp_path / "s.csv"
    cli = [sys.executable, "-m", "fourseasons_widget.tools.cli", "winrate", "--variant",
           "sequences", "--first-seed", "8", "--deals", "1", "--nodes", "20000",
           "--seconds", "60", "--jobs", "1", "--no-progress"]
    subprocess.run([*cli, "--player", "solver", "--streamline", "--out", str(out)], check=True,
                   capture_output=True)
    (got,) = csv.DictReader(out.open())
    assert (got["outcome"], int(got["nodes"]), int(got["moves"])) == (
        "won", row["nodes"], row["moves"])
    bad = subprocess.run([*cli, "--player", "heuristic", "--streamline"], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "--streamline is for --player solver or prover" in bad.stderr
    with pytest.raises(ValueError, match="streamline is for the solver and the prover"):
        run_experiment("sequences", [8], player="random", streamline=True, executor="serial",
                       progress=False)


def test_solve_streamlined_answers_with_a_line_of_the_real_rules():
    """``solve(..., streamline=True)``: sequences deal 8, unknown to the plain search at 20,000
    positions, is won in the stricter rules with the same budget again; the line is returned
    as moves of the real rules (each found among their own moves), it wins the real Game, and
    the positions are both searches'.  Where the search has a verdict, or the rules no
    streamliner, nothing more is searched."""
    g = Game.new(seed=8, variant="sequences")
    plain = solve(g, budget=Budget(positions=20_000))
    both = solve(g, budget=Budget(positions=20_000), streamline=True)
    assert plain.verdict == "unknown" and both.verdict == "won"
    assert 20_000 < both.nodes < 40_000 and len(both.raw) == len(both.moves)
    for m in both.moves:
        g.play(m)
    assert g.state.is_won
    won = Game.new(seed=0, variant="sequences")  # (won by the plain search: one search)
    assert solve(won, budget=Budget(positions=20_000), streamline=True).nodes == solve(
        won, budget=Budget(positions=20_000)).nodes
    std = Game.new(seed=13)
    assert solve(std, budget=Budget(positions=5_000), streamline=True).nodes == 5_000
    with pytest.raises(ValueError):
        solve(std, budget=Budget(positions=5_000), streamline="yes")
    # the stricter rules first: the same win, without the plain search's 20,000 positions
    first = solve(Game.new(seed=8, variant="sequences"), budget=Budget(positions=20_000),
                  streamline=True, strict_first=True)
    assert first.verdict == "won" and first.nodes == both.nodes - 20_000
    assert first.moves == both.moves
    # and where they find nothing, the real rules after them (deal 4: won by runs within a
    # few hundred positions, not by single cards within 20,000): both searches' positions
    runs = Game.new(seed=4, variant="sequences")
    alone = solve(runs, budget=Budget(positions=20_000))
    after = solve(runs, budget=Budget(positions=20_000), streamline=True, strict_first=True)
    assert alone.verdict == after.verdict == "won" and after.nodes == 20_000 + alone.nodes
    assert after.moves == alone.moves
    with pytest.raises(ValueError):
        solve(std, budget=Budget(positions=5_000), streamline=True, strict_first=1)


def test_the_board_s_solve_uses_the_streamliner_where_runs_move(monkeypatch):
    """The board's Solve ("How could it have been won?" too): in moving sequences half its
    seconds go to the real rules and half to single cards only, so deal 8 — which the plain
    search does not win within three million positions — is solved within two seconds, and
    its line replays on the board; in the standard game the whole time goes to one search."""
    from fourseasons_widget import FourSeasons
    from fourseasons_widget.model.state import Move
    from fourseasons_widget.solver import exact
    from fourseasons_widget.table import advice

    w = FourSeasons(seed=8, variant="sequences", solve_seconds=2.0, stats=False)
    result = w.solve()
    assert result.verdict == "won" and w.replay["verdict"] == "won"
    g = Game.new(seed=8, variant="sequences")
    for card, source, target, _said in w.replay["moves"]:
        g.play(Move(card, source, target))
    assert g.state.is_won
    seen = []
    real = exact.solve
    monkeypatch.setattr(exact, "solve", lambda *a, **k: ("streamline" in k and seen.append(
        (k["budget"].seconds, k["streamline"], k["strict_first"]))) or real(*a, **k))
    advice.solve_for_board(Game.new(seed=13), 0.2)
    advice.solve_for_board(Game.new(seed=13, variant="dick1883"), 0.2)
    assert seen[0] == (0.2, False, False) and seen[1] == (0.1, True, False)


def test_at_a_deal_the_streamliner_won_the_board_tries_single_cards_first(monkeypatch):
    """Deal 8 of moving sequences is won in the shipped classification by the streamliner,
    after the plain search spent its three million positions (the row counts more than its
    budget): at that deal the board's search (Solve, "How could it have been won?") runs the
    single cards first and answers within a second, where the plain search first would have
    spent half its time in vain.  Anywhere else the order stays: a position in the game, a deal
    won by the plain search, an unknown deal."""
    from fourseasons_widget.solver import exact
    from fourseasons_widget.solver.experiments import known_verdict
    from fourseasons_widget.table import advice

    g = Game.new(seed=8, variant="sequences")
    known = known_verdict(g)
    assert known.verdict == "won" and known.positions > known.max_positions
    assert known.by_stricter_rules
    assert not known_verdict(Game.new(seed=0, variant="sequences")).by_stricter_rules
    # (a prover's row counts its proof search's positions too, which may end in a win: more
    # than one budget, and no streamliner's)
    from fourseasons_widget.solver.experiments import load_deals

    proof = next(d for d in load_deals(classification=True)
                 if d["variant"] == "sequences" and d["player"] == "prover"
                 and d["outcome"] == "won" and int(d["nodes"]) > int(d["max_nodes"]))
    by_proof = known_verdict(Game.new(seed=int(proof["seed"]), variant="sequences"))
    assert by_proof.positions > by_proof.max_positions and not by_proof.by_stricter_rules
    unknown = next(s for s in range(1000) if known_verdict(
        Game.new(seed=s, variant="sequences")).verdict == "unknown")
    from fourseasons_widget.solver import lines

    lines.load_lines()  # (its line on record put aside: this is about the board's search)
    monkeypatch.delitem(lines._LINES, ("sequences", 8))
    seen = []
    real = exact.solve
    # (the board's calls: the search's own call in the stricter rules passes no streamline)
    monkeypatch.setattr(exact, "solve", lambda *a, **k: (
        "streamline" in k and seen.append(k["strict_first"])) or real(*a, **k))
    result = advice.solve_for_board(g, 4.0)
    assert result.verdict == "won" and seen == [True]
    # (every move of the line a move of the real game: it replays)
    for m in result.moves:
        g.play(m)
    assert g.state.is_won
    moved = Game.new(seed=8, variant="sequences")
    moved.play(moved.legal_moves()[0])
    for other in (moved, Game.new(seed=0, variant="sequences"),
                  Game.new(seed=unknown, variant="sequences")):
        seen.clear()
        advice.solve_for_board(other, 0.2)
        assert seen == [False]
