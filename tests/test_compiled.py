"""The compiled core (search/compiled.py, numba): every verdict cross-checked against the
pure-Python reference it mirrors — the solver's depth-first search, the proof search and the
rank abstraction — on the fixed won and lost positions and on fresh late positions.  Where the
reference finishes, the compiled search must reach the same verdict after walking **the same
number of positions** (it mirrors the reference move for move); a win must replay through the
engine.  The positions are small, so the tests take seconds once numba has compiled the kernels
(``cache=True`` keeps them between runs)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from fourseasons_widget import Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.solver.abstraction import prove_by_ranks
from fourseasons_widget.solver.exact import FastSearch, search, solve
from fourseasons_widget.solver.positions import late_positions
from fourseasons_widget.solver.proofs import (
    ProofSearch,
    plain_verdict,
    position_from_dict,
    prove,
)

pytest.importorskip("numba")
from fourseasons_widget.solver import compiled

DATA = Path(__file__).parent / "data"
CASES = json.loads((DATA / "proof_positions.json").read_text())
RULES = get_rules("standard")


def _replays(state, rules, line) -> bool:
    s = state
    for m in line:
        if m not in rules.moves(s):
            return False
        s = rules.apply(s, m)
    return s.is_won


def _agree(state, rules, budget=400_000) -> str:
    """Run the reference and the compiled search (solver's, then the proof search's
    reductions) and check they agree; returns the verdict."""
    verdicts = set()
    for deep in (False, True):
        ref = ProofSearch(rules, state, deep_safe=True) if deep else FastSearch(rules, state)
        v_ref = ref.run(budget)
        cs = compiled.CompiledSearch(rules, state, deep_safe=deep, expected=1 << 10)
        v = cs.run(budget, chunk=997)  # small chunks and a small table: resumed, regrown
        assert (v, cs.nodes) == (v_ref, ref.nodes), (deep, v, cs.nodes, v_ref, ref.nodes)
        if v == "won":
            assert _replays(state, rules, cs.model_line())
        verdicts.add(v)
    assert len(verdicts) == 1
    return verdicts.pop()


@pytest.mark.parametrize("case", CASES, ids=[c["source"] for c in CASES])
def test_fixed_positions_same_verdicts_and_positions_as_the_reference(case):
    s = position_from_dict(case)
    assert _agree(s, RULES) == case["verdict"]
    a = prove_by_ranks(s, RULES, budget=Budget(positions=200_000), engine="python")
    b = prove_by_ranks(s, RULES, budget=Budget(positions=200_000), engine="compiled")
    # a win with swaps is found after an order-dependent number of positions; a loss is not
    assert a.why == b.why
    if a.why == "lost":
        assert (b.positions, b.layers) == (a.positions, a.layers)
        assert case["verdict"] == "lost"
    # the same without the safe moves home (the kernel's other path)
    a = prove_by_ranks(s, RULES, budget=Budget(positions=200_000), engine="python", safe_home=False)
    b = prove_by_ranks(s, RULES, budget=Budget(positions=200_000), engine="compiled", safe_home=False)
    assert a.why == b.why
    if a.why == "lost":
        assert (b.positions, b.layers) == (a.positions, a.layers)


@pytest.mark.slow
def test_fresh_late_positions_agree_with_the_reference_and_the_plain_search():
    checked = {"won": 0, "lost": 0}
    along_wins = [small_position(seed=seed, cards_left=12, max_seconds=5).state
                  for seed in (2, 5)]
    for s in late_positions("standard", 16, max_stock=3, max_seeds=400)[4:] + along_wins:
        v = _agree(s, RULES, 20_000)
        plain = plain_verdict(RULES, s, 2_000)
        if plain != "unknown":
            assert v == plain
        a = prove_by_ranks(s, RULES, budget=Budget(positions=20_000), engine="python")
        b = prove_by_ranks(s, RULES, budget=Budget(positions=20_000), engine="compiled")
        assert a.why == b.why
        if a.why == "lost":
            assert b.positions == a.positions and v in ("lost", None)
        if v is not None:
            checked[v] += 1
    assert checked["won"] >= 2 and checked["lost"] >= 2, checked


def test_a_position_24_stock_cards_from_the_end_is_proved_lost_by_both():
    far = position_from_dict(json.loads((DATA / "proof_far.json").read_text())[0])
    ref = ProofSearch(RULES, far)
    assert ref.run(1_000_000) == "lost"
    r = prove(far, RULES, budget=Budget(positions=1_000_000), engine="compiled")
    assert (r.verdict, r.nodes) == ("lost", ref.nodes)
    a = prove_by_ranks(far, RULES, engine="python")
    b = prove_by_ranks(far, RULES, engine="compiled")
    assert (b.verdict, b.positions, b.layers) == ("lost", a.positions, a.layers)


def test_simplicity_and_the_tableau_wrap_readings_agree_too():
    rules = get_rules("simplicity")
    for s in late_positions("simplicity", 4, max_stock=3, max_seeds=100):
        _agree(s, rules, 50_000)
    for wrap in ("always", "never"):
        r = get_rules("standard", tableau_wrap=wrap)
        for s in late_positions("standard", 3, max_stock=2, max_seeds=100):
            _agree(s, r, 50_000)


def test_the_portfolio_from_the_deal_is_the_reference_s_move_for_move():
    """The solver's portfolio (probe, persistent search, fresh searches in other orders and pile
    orders that skip its positions): the same verdicts, nodes and lines as the reference.  (On
    deal 69 the winning line builds a pile of more than 13 cards: runs wrap round the corner.)"""
    seen = set()
    for seed in (*range(6), 69):
        g = Game.new(seed=seed)
        ref = search(RULES, g.state, budget=Budget(positions=20_000), engine="python")
        comp = search(RULES, g.state, budget=Budget(positions=20_000), engine="compiled")
        assert comp == ref
        seen.add(ref[0])
        if ref[0] == "won":
            assert _replays(g.state, RULES, comp[1])
    assert seen == {"won", "unknown"}


def test_a_win_from_the_deal_is_replayed_through_the_engine():
    g = Game.new(seed=0)
    verdict, line, nodes = compiled.search(g.rules, g.state, max_nodes=200_000)
    ref = FastSearch(g.rules, g.state)
    assert (verdict, nodes) == (ref.run(200_000), ref.nodes)
    assert verdict == "won" and _replays(g.state, g.rules, line)


def test_budgets_stop_the_search_without_a_verdict():
    g = Game.new(seed=13)
    verdict, line, nodes = compiled.search(g.rules, g.state, max_nodes=5_000)
    ref = FastSearch(g.rules, g.state)
    assert ref.run(5_000) is None
    assert (verdict, line, nodes) == ("unknown", [], ref.nodes)
    r = prove_by_ranks(g, budget=Budget(positions=2_000), engine="compiled")
    assert (r.verdict, r.why) == ("unknown", "budget") and r.positions <= 2_000


def test_moving_sequences_agree_move_for_move_with_the_reference():
    """Runs moved whole (onto a pile, into a space): the same verdicts and position counts as
    the reference on late positions and from deals, the same path where a budget stops both,
    and the portfolio the same verdicts, lines and nodes."""
    rules = get_rules("sequences")
    assert compiled.supports(rules)
    seen = set()
    for s in late_positions("sequences", 8, max_stock=3, max_seeds=200):
        seen.add(_agree(s, rules, 30_000))
    for seed in (0, 2):
        s = Game.new(seed=seed, variant="sequences").state
        seen.add(_agree(s, rules, 20_000))
        ref, cs = FastSearch(rules, s), compiled.CompiledSearch(rules, s, expected=1 << 10)
        ref.run(3_000)
        cs.run(3_000, chunk=251)
        assert cs.fast_line() == ref.fast_line()
        assert any(cnt > 1 for _, _, cnt in cs.fast_line())  # (runs did move on the way)
    assert seen == {"won", "lost", None}, seen
    for seed in range(4):
        g = Game.new(seed=seed, variant="sequences")
        ref = search(rules, g.state, budget=Budget(positions=20_000), engine="python")
        comp = search(rules, g.state, budget=Budget(positions=20_000), engine="compiled")
        assert comp == ref
        if ref[0] == "won":
            assert _replays(g.state, rules, comp[1])
    # runs over twelve piles would outgrow a frame's move slots: such rules stay refused
    assert not compiled.supports(dataclasses.replace(get_rules("simplicity"), sequences=True))


def test_sequences_has_no_rank_abstraction():
    g = Game.new(seed=1, variant="sequences")
    with pytest.raises(ValueError, match="rank abstraction does not fit"):
        prove_by_ranks(g, engine="compiled")


@pytest.mark.parametrize("variant", ["czarina", "corners", "dick1883"])
def test_spaces_filled_at_once_or_first_agree_with_the_reference(variant):
    """Czarina and Corners (a space filled at once from the stock: the fill is no move of the
    player's, a move that empties a pile has its key looked up after the fill) and Dick 1883
    (a vacancy filled first while the pack lasts, runs moved whole, no safe moves home): the
    same verdicts, position counts and paths as the reference, and the same portfolio."""
    rules = get_rules(variant)
    assert compiled.supports(rules)
    seen = set()
    for s in late_positions(variant, 6, max_stock=4, max_seeds=200):
        seen.add(_agree(s, rules, 30_000))
    for seed in range(4):
        g = Game.new(seed=seed, variant=variant)
        seen.add(_agree(g.state, rules, 20_000))
        ref, cs = FastSearch(rules, g.state), compiled.CompiledSearch(rules, g.state)
        ref.run(2_000)
        cs.run(2_000, chunk=251)
        if ref.result is None:  # (stopped by the budget: the same path so far)
            assert cs.fast_line() == ref.fast_line()
        ref = search(rules, g.state, budget=Budget(positions=20_000), engine="python")
        comp = search(rules, g.state, budget=Budget(positions=20_000), engine="compiled")
        assert comp == ref
        if ref[0] == "won":
            assert _replays(g.state, rules, comp[1])
        seen.add(ref[0])
    assert "lost" in seen and len(seen) >= 2, seen


def test_a_czarina_win_is_found_as_the_reference_finds_it_and_replays():
    """Deal 94 of Czarina, won after 132,650 positions: the same count and line both ways,
    the forced fills left out of the line and made again by the engine."""
    g = Game.new(seed=94, variant="czarina")
    a = solve(g, budget=Budget(positions=400_000), engine="compiled")
    b = solve(g, budget=Budget(positions=400_000), engine="python")
    assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves)
    assert a.verdict == "won" and a.nodes > 100_000
    h = g.copy()
    for m in a.moves:
        h.play(m)
    assert h.state.is_won


@pytest.mark.parametrize("rules", [
    get_rules("czarina", fill="waste"),  # PySolFC's fill from the waste
    get_rules("czarina", rules="pysol"),
    dataclasses.replace(get_rules("sequences"), fill="stock"),
], ids=["czarina-waste", "czarina-pysol", "sequences-filled-from-the-stock"])
def test_rules_the_core_does_not_mirror_are_refused_cleanly(rules):
    g = Game.new(seed=1, variant="czarina")
    assert not compiled.supports(rules)
    with pytest.raises(ValueError, match="compiled core does not play"):
        compiled.CompiledSearch(rules, g.state)


def test_the_package_imports_without_loading_numba():
    code = ("import sys; import fourseasons_widget; from fourseasons_widget.solver import "
            "compiled, exact, proofs, abstraction, experiments; "
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_shipped_speed_and_reach_figures_are_whole():
    """The data notebook 06 may draw: the speed table (the same positions in both engines, as
    the benchmark checks when it writes it) and the reach of the abstraction from the deal
    (never a "lost" without a proof: a verdict there is "unknown" or "lost", layers add up)."""
    from fourseasons_widget.solver.experiments import load_compiled_speed, load_reach

    speed = load_compiled_speed()
    assert {r["search"] for r in speed} >= {"proof search", "rank abstraction"}
    for r in speed:
        assert int(r["positions"]) > 0 and float(r["reference_s"]) > 0 < float(r["compiled_s"])
    for r in load_reach():
        layers = [int(x) for x in r["layer_positions"].split()]
        assert r["verdict"] in ("unknown", "lost") and len(layers) == int(r["layers"])
        assert sum(layers) == int(r["positions"]) and max(layers) == int(r["largest_layer"])


def _unpack(key, n):
    """The bit stream of a packed key read back (pure Python): the home word and the pile
    codes, in the order they were packed."""
    stream = 0
    for w, word in enumerate(int(x) for x in key):
        stream |= (word & ((1 << 62) - 1)) << (62 * w)
    hw, stream = stream & ((1 << 22) - 1), stream >> 22
    codes = []
    for _ in range(n):
        head, stream = stream & 0xFFF, stream >> 12
        length = (head >> 6) & 63
        bits = 2 * (length - 1) if length > 1 else 0
        codes.append(head | (stream & ((1 << bits) - 1)) << 12)
        stream >>= bits
    assert stream == 0  # nothing after the last pile
    return hw, codes


@pytest.mark.parametrize("n", [5, 12])
def test_packed_keys_are_one_to_one_and_fit_their_words(n):
    """The key packs each pile only as wide as it is: it must read back to the same sorted
    codes (so two positions share a key only when they are the same position) and fit in
    ``key_words(n)`` words even when the piles hold all 52 cards (two of 26 at most)."""
    import random

    import numpy as np

    core = compiled._load()
    k = core.key_words(n)
    rng = random.Random(n)
    for trial in range(400):
        lengths = [0] * n
        for _ in range(rng.randrange(53) if trial else 52):  # (trial 0: all 52 cards)
            i = rng.randrange(n)
            if lengths[i] < core.MAXLEN:
                lengths[i] += 1
        if trial == 1:
            lengths = [core.MAXLEN, core.MAXLEN] + [0] * (n - 2)
        piles = np.zeros((n, 64), np.int64)
        plen = np.array(lengths, np.int64)
        for i, ln in enumerate(lengths):
            piles[i, :ln] = [rng.randrange(52) for _ in range(ln)]
        cs = np.array([core.pile_code(piles, plen, i, 0) for i in range(n)], np.int64)
        assert (cs >= 0).all()
        hw = rng.randrange(1 << 22)
        key = np.zeros(k, np.int64)
        core.pack_key(cs.copy(), n, hw, key, k)
        assert int(key[0]) >> 62 == 1  # the mark of a used slot, and no bit beyond it
        assert all(0 <= int(w) < 1 << 62 for w in key[1:])
        assert _unpack(key, n) == (hw, sorted(int(c) for c in cs))


def test_split_and_conquer_proves_what_the_whole_search_proves():
    """Deal 13's lost game from 31 stock cards left, split at 26 left: every entry of that
    layer is proved lost on its own, and together they walk at least the whole search's
    positions of those layers; a winnable position is never called lost."""
    from fourseasons_widget.solver.positions import along_heuristic_line
    from fourseasons_widget.solver.split import prove_split

    at, _ = along_heuristic_line(13)
    whole = prove_by_ranks(at[31], RULES, engine="compiled")
    r = prove_split(at[31], RULES, split_left=26)
    assert whole.verdict == r.verdict == "lost"
    assert r.entries >= 2 and r.proved == r.entries == len(r.per_entry)
    assert r.head_positions + r.positions >= whole.positions
    assert r.largest_layer < max(whole.layers)  # (the point: narrower layers)
    g = Game.new(seed=0)  # won by the solver: along its line, never "lost"
    line = search(RULES, g.state, budget=Budget(positions=200_000), engine="compiled")[1]
    s = g.state
    for i, m in enumerate(line):
        s = RULES.apply(s, m)
        if 3 <= len(s.stock) <= 12 and i % 3 == 0:
            assert prove_split(s, RULES, split_left=len(s.stock) - 2).verdict != "lost"
    with pytest.raises(ValueError, match="split_left"):
        prove_split(at[31], RULES, split_left=31)


def test_the_proof_search_takes_the_table_size_too():
    """``prove(max_table=)`` and the prover's row (``run_deal``, so ``fourseasons winrate
    --player prover --table``): Corners deal 2 is proved lost with 41,327 positions (as by the
    pure-Python reference); with tables of 2^16 slots the proof search fills its table first and
    stops without a verdict.  (Before, ``--table`` reached the solver only: Corners deal 919
    stopped at the default table in the proof search whatever the size asked for.)"""
    from fourseasons_widget.solver.experiments import run_deal
    from fourseasons_widget.solver.proofs import prove

    compiled.warm_up(wait=True)
    g = Game.new(seed=2, variant="corners")
    budget = Budget(positions=1_000_000)
    full = prove(g, budget=budget, engine="compiled")
    small = prove(g, budget=budget, engine="compiled", max_table=1 << 16)
    assert (full.verdict, full.nodes) == ("lost", 41_327)
    assert full.nodes == prove(g, budget=budget, engine="python").nodes
    assert small.verdict == "unknown" and small.nodes < full.nodes
    with pytest.raises(ValueError, match="max_table"):
        prove(g, budget=budget, max_table=3)
    task = {"variant": "corners", "seed": 2, "player": "prover", "max_nodes": 1_000_000,
            "max_seconds": None, "engine": "compiled"}
    assert run_deal(task)["outcome"] == "lost"
    # (the solver's own persistent search fills its small table too, then its fresh searches
    # spend the budget: nothing proves the loss)
    assert run_deal({**task, "max_table": 1 << 16})["outcome"] == "unknown"


def test_the_solvers_table_size_is_a_parameter_of_solve_the_experiments_and_the_cli(tmp_path):
    """``max_table`` reaches the compiled solver's searches from ``solve``, ``run_deal`` and
    ``fourseasons winrate --table``, and a portfolio whose persistent search fills its table
    goes on with fresh searches alone.  Deal 115 at 400,000 positions: with tables of 2^16
    slots the persistent search fills its table (shown alone below), and a fresh search then
    wins, replayed through the Game; with the default table the same budget ends unknown.  A
    size that is not a power of two from 2^16 to 2^34 is refused everywhere."""
    from fourseasons_widget.solver.exact import solve
    from fourseasons_widget.solver.experiments import run_deal, run_experiment
    from fourseasons_widget.tools.cli import main

    compiled.warm_up(wait=True)
    g = Game.new(seed=115)
    budget = Budget(positions=400_000)
    alone = compiled.CompiledBackend(1 << 16).make(g.rules, g.state, "cross")
    assert alone.run(budget.positions) is None and alone.status == "table full"
    assert alone.nodes < 40_000  # (it filled early: the rest of the budget went on)
    small = solve(g, budget=budget, engine="compiled", max_table=1 << 16)
    default = solve(g, budget=budget, engine="compiled")
    assert small.verdict == "won" and alone.nodes < small.nodes < budget.positions
    replay = g.copy()
    for m in small.moves:
        replay.play(m)
    assert replay.state.is_won
    assert default.verdict == "unknown" and default.nodes == budget.positions
    task = {"variant": "standard", "seed": 115, "player": "solver", "max_nodes": 400_000,
            "max_seconds": None, "engine": "compiled"}
    row = run_deal({**task, "max_table": 1 << 16})
    assert (row["outcome"], row["nodes"]) == ("won", small.nodes)
    assert run_deal(task)["outcome"] == "unknown"
    for bad in (3, 1 << 15, 1 << 35, (1 << 20) + 1, True, 2.0**20):
        with pytest.raises(ValueError, match="max_table"):
            solve(g, budget=budget, max_table=bad)
        with pytest.raises(ValueError, match="max_table"):
            run_experiment("standard", [1], player="solver", max_table=bad, executor="serial",
                           progress=False)
    with pytest.raises(ValueError, match="max_table is for the solver"):
        run_experiment("standard", [1], player="random", max_table=1 << 20, executor="serial",
                       progress=False)
    out = tmp_path / "d.csv"
    assert main(["winrate", "--player", "solver", "--first-seed", "115", "--deals", "1",
                 "--nodes", "400000", "--seconds", "60", "--table", "65536", "--executor",
                 "serial", "--no-progress", "--out", str(out)]) == 0
    assert f"standard,115,solver,won,{len(small.moves)},{small.nodes}," in out.read_text()
    with pytest.raises(SystemExit) as e:  # argparse: not a power of two
        main(["winrate", "--deals", "1", "--no-progress", "--table", "1000"])
    assert e.value.code == 2
    assert main(["winrate", "--deals", "1", "--no-progress", "--table", "65536",
                 "--player", "random"]) == 2


def test_a_path_too_long_for_its_memory_stops_the_search_without_a_verdict(monkeypatch):
    """Moving sequences' depth-first searches wander deep: the path's frames stop at
    ``MAX_PATH_BYTES`` with no verdict ("path too deep"), as a full table does (deal 1,
    won at 10,041 positions more than 8,192 moves deep, is then unknown), and the portfolio
    goes on."""
    g = Game.new(seed=1, variant="sequences")
    full = compiled.CompiledSearch(g.rules, g.state)
    assert full.run(200_000) == "won" and full.fm.shape[0] > 512
    monkeypatch.setattr(compiled, "MAX_PATH_BYTES", 600 * full._frame_bytes())
    cs = compiled.CompiledSearch(g.rules, g.state)
    assert cs.run(200_000) is None and cs.status == "path too deep"
    assert cs.fm.shape[0] == 512 and cs.nodes < 200_000
    # the portfolio goes on with fresh searches (each stopped in turn here) to its budget
    assert compiled.search(g.rules, g.state, max_nodes=100_000, order="portfolio",
                           probe=False) == ("unknown", [], 100_000)
