"""Solver benchmark: prints figures, asserts nothing about time.

    python benchmarks/solver.py                      # 200 deals per variant, 1 s and 10 s
    python benchmarks/solver.py --deals 20 --budgets 1 --variants standard
    python benchmarks/solver.py --pruning-only --sample 40
    python benchmarks/solver.py --jobs 2               # two deals at a time (one per core)
    python benchmarks/solver.py --proofs-only          # loss proofs (search/proofs.py), modest
    python benchmarks/solver.py --proofs-only --classify-deals 100 --classify-seconds 5 \
        --variants standard                            # a bigger classification run
    python benchmarks/solver.py --proofs-only --classify-deals 0 --late 0 --frontier 0 \
        --layers 0 --layered-from 30,31 --layered-nodes 20000000   # layer by layer only
    python benchmarks/solver.py --compiled-only        # compiled core vs the reference, and
                                                       # the shipped classification
    python benchmarks/solver.py --compiled-only --no-compiled --reach 13,5 \
        --reach-out reach.csv                          # the rank abstraction from the deal
    python benchmarks/solver.py --disk 13 --disk-dir /tmp --disk-max 20 \
        --disk-out disk.csv                            # the same on disk (solver/external.py)
    python benchmarks/solver.py --disk-parts 198:32 --disk-dir /tmp --disk-memory 1048576
                                                       # the same in 2 parts, and on Dask
    python benchmarks/solver.py --auto-sample 40       # solve(g, budget=Budget(seconds=5)) on 40
                                                       # known won: which engine, how many won
    python benchmarks/solver.py --jit                  # the JIT's cold and warm start
    python benchmarks/solver.py --split 13:44:32       # split and conquer (solver/split.py)
    python benchmarks/solver.py --write-proof-positions tests/data/proof_positions.json
                                                       # (and tests/data/proof_far.json)

For each variant and budget: deals won / proved lost / unknown (seeds 0..N-1, ``Game.new``),
the median time of a win, and nodes per second: the positions the solver made (a position
already seen is recognised by its key before it is made, and not counted) per second of
``solve``, replaying and shortening the won lines included, by the wall clock and by the CPU
time of the process (on a shared or virtual machine the wall clock also counts the time the
process waited for a core).  Every win is replayed through the Game.  Then the effect of each
part of the solver on a fixed sample, at a fixed node budget (so the load of the machine does
not change the verdicts): the portfolio with and without its heuristic probe and against one
order, and the transposition table and safe moves home switched off one at a time; and on
late positions (stock nearly gone, reached by random play) the nodes needed to prove a loss.

The proofs section (``--proofs-only``, or after the rest unless ``--no-proofs``) prints the
classification of each variant's deals (won / proved lost / unknown: the solver, then the
proof search of ``fourseasons_widget/solver/proofs.py`` on what the solver left), the effect of
the proof search's reductions (deeper safe moves home, dominance) on late positions, how many
stock cards from the end a proof reaches along the heuristic player's line, and how many
positions the first stock cards of a deal already open up (why a proof from the deal is out of
reach), then the proof search one stock layer at a time (``LayeredProof``: how far back along
deal 13's lost game it proves the loss, with the largest layer it had to hold) and what a
layer is made of (``layer_anatomy``).  Its defaults (10 deals per variant at 1 s + 1 s, 10
late positions, 6 deals, 3 deals, deal 13 from 26, 28 and 30 stock cards left) take some ten
minutes on one core; the issue's 1,000 deals × 60 s per variant is some 100 core-hours, a run
for a cluster: ``fourseasons winrate --player prover --executor dask --scheduler ADDRESS``
(the shipped ``classification.csv`` is a smaller run of it).  ``--write-proof-positions``
remakes the fixed positions of ``tests/test_proofs.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fourseasons_widget import VARIANTS, Budget, Game, get_rules
from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.solver.abstraction import prove_by_ranks
from fourseasons_widget.solver.exact import search, solve
from fourseasons_widget.solver.positions import along_heuristic_line, late_positions
from fourseasons_widget.solver.proofs import (
    LayeredProof,
    ProofSearch,
    layer_anatomy,
    layer_profile,
    plain_verdict,
    position_to_dict,
    prove,
)


def _one(variant: str, seed: int, budget: float) -> tuple[str, int, float, float]:
    """Solve one deal; a won line is replayed in the Game before it counts.  Returns the
    verdict, the nodes, and the wall-clock and CPU seconds of ``solve``."""
    g = Game.new(seed=seed, variant=variant)
    cpu = time.process_time()
    r = solve(g, budget=Budget(seconds=budget))
    cpu = time.process_time() - cpu
    if r.won:
        h = g.copy()
        for m in r.moves:
            h.play(m)
        assert h.state.is_won, (variant, seed)
    return r.verdict, r.nodes, r.seconds, cpu


def table(variants: list[str], deals: int, budgets: list[float], jobs: int = 1) -> None:
    print(f"## Win rates: {deals} deals per variant (Game.new(seed=0..{deals - 1}))"
          f"{f', {jobs} deals at a time' if jobs > 1 else ''}\n")
    print("| variant | budget | won | lost | unknown | median win s | nodes/s | nodes/CPU-s |")
    print("|---|---|---|---|---|---|---|---|")
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    run = pool.map if pool else map
    for v in variants:
        for b in budgets:
            won = lost = unknown = 0
            nodes = 0
            t_total = cpu_total = 0.0
            win_times = []
            for verdict, n, secs, cpu in run(_one, [v] * deals, range(deals), [b] * deals):
                nodes += n
                t_total += secs
                cpu_total += cpu
                if verdict == "won":
                    won += 1
                    win_times.append(secs)
                elif verdict == "lost":
                    lost += 1
                else:
                    unknown += 1
            med = f"{statistics.median(win_times):.3f}" if win_times else "–"
            print(f"| {v} | {b:g} s | {won} ({100 * won / deals:.0f}%) | {lost} | {unknown} "
                  f"| {med} | {nodes / max(t_total, 1e-9):,.0f} "
                  f"| {nodes / max(cpu_total, 1e-9):,.0f} |", flush=True)
    print()


CONFIGS = [
    ("portfolio", {"order": "portfolio"}),
    ("portfolio without the heuristic probe", {"order": "portfolio", "probe": False}),
    ("one order ('cross')", {"order": "cross"}),
    ("one order, no safe moves home", {"order": "cross", "safe_home": False}),
    ("one order, no transposition table", {"order": "cross", "use_tt": False}),
]


def _tally(rules, states, max_nodes: int, kw: dict) -> tuple[dict[str, int], int, float]:
    """Search each state under one configuration: verdict counts, total nodes, seconds."""
    res = {"won": 0, "lost": 0, "unknown": 0}
    nodes = 0
    t0 = time.perf_counter()
    for s in states:
        verdict, _, n = search(rules, s, budget=Budget(positions=max_nodes), **kw)
        res[verdict] += 1
        nodes += n
    return res, nodes, time.perf_counter() - t0


def pruning(sample: int, max_nodes: int, variant: str = "standard") -> None:
    rules = get_rules(variant)
    print(f"## Reductions: {variant}, seeds 0..{sample - 1}, {max_nodes:,} nodes per deal\n")
    print("| configuration | won | lost | unknown | nodes/s |")
    print("|---|---|---|---|---|")
    deals = [Game.new(seed=seed, variant=variant).state for seed in range(sample)]
    for name, kw in CONFIGS:
        res, nodes, dt = _tally(rules, deals, max_nodes, kw)
        print(f"| {name} | {res['won']} | {res['lost']} | {res['unknown']} | "
              f"{nodes / dt:,.0f} |", flush=True)
    late = late_positions(variant, sample, max_stock=3, max_seeds=10 * sample)
    print(f"\nLate positions ({len(late)}, stock ≤ 3, by random play), budget 200,000 nodes:\n")
    print("| configuration | won | proved lost | unknown | nodes (total) | seconds |")
    print("|---|---|---|---|---|---|")
    for name, kw in CONFIGS:
        res, nodes, dt = _tally(rules, late, 200_000, kw)
        print(f"| {name} | {res['won']} | {res['lost']} | {res['unknown']} | {nodes:,} | "
              f"{dt:.2f} |", flush=True)
    print()


def _classify_one(variant: str, seed: int, budget: float) -> tuple[str, float]:
    """The solver with ``budget`` seconds, then (if it did not win) the proof search with as
    much again; a win is replayed in the Game before it counts."""
    g = Game.new(seed=seed, variant=variant)
    r = solve(g, budget=Budget(seconds=budget), shorten_line=False)
    verdict, secs = r.verdict, r.seconds
    if r.won:
        h = g.copy()
        for m in r.moves:
            h.play(m)
        assert h.state.is_won, (variant, seed)
    elif verdict == "unknown":
        p = prove(g, budget=Budget(seconds=budget))
        verdict, secs = p.verdict, secs + p.seconds
        if p.verdict == "won":
            s = g.state
            for m in p.line:
                s = g.rules.apply(s, m)
            assert s.is_won, (variant, seed)
    return verdict, secs


def classify(variants: list[str], deals: int, budget: float, jobs: int = 1) -> None:
    print(f"## Classification: {deals} deals per variant (Game.new(seed=0..{deals - 1})), the "
          f"solver {budget:g} s then the proof search {budget:g} s\n")
    print("| variant | won | proved lost | unknown | classified | seconds (total) |")
    print("|---|---|---|---|---|---|")
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    run = pool.map if pool else map
    for v in variants:
        res = {"won": 0, "lost": 0, "unknown": 0}
        total = 0.0
        for verdict, secs in run(_classify_one, [v] * deals, range(deals), [budget] * deals):
            res[verdict] += 1
            total += secs
        done = res["won"] + res["lost"]
        print(f"| {v} | {res['won']} | {res['lost']} | {res['unknown']} | "
              f"{100 * done / deals:.0f}% | {total:.0f} |", flush=True)
    print()


def frontier(deals: int, max_nodes: int) -> None:
    """How far from the end a proof reaches: along the heuristic player's line of each standard
    deal it does not win, the proof search from the position at each stock count (0, 1, 2, …
    cards left) until one is not decided within ``max_nodes``."""
    if not deals:
        return
    rules = get_rules("standard")
    print(f"## How far back from the end a proof reaches: positions along the heuristic "
          f"player's line (standard, seeds 0..{deals - 1} it does not win), {max_nodes:,} "
          f"nodes each\n")
    print("| seed | stock cards left: verdict, up to the first unknown | CPU s |")
    print("|---|---|---|")
    for seed in range(deals):
        at, won = along_heuristic_line(seed)
        if won:
            continue
        runs: list[list] = []  # [verdict, first k, last k, most nodes]
        t0 = time.process_time()
        for k in sorted(at):
            r = prove(at[k], rules, budget=Budget(positions=max_nodes))
            if runs and runs[-1][0] == r.verdict:
                runs[-1][2] = k
                runs[-1][3] = max(runs[-1][3], r.nodes)
            else:
                runs.append([r.verdict, k, k, r.nodes])
            if r.verdict == "unknown":
                break
        cells = []
        for v, a, b, n in runs:
            span = f"{a}–{b}" if b > a else f"{a}"
            cells.append(f"{v} {span}" + (f" (≤ {n:,} nodes)" if v != "unknown" else ""))
        print(f"| {seed} | {' · '.join(cells)} | {time.process_time() - t0:.1f} |", flush=True)
    print()


def proofs(variants: list[str], deals: int, budget: float, late: int, late_nodes: int,
           layers: int, jobs: int = 1, frontier_deals: int = 0) -> None:
    if deals:
        classify(variants, deals, budget, jobs)
    rules = get_rules("standard")
    if late:
        states = late_positions("standard", late, max_stock=5, max_seeds=20 * late)
        print(f"## Proof search reductions: {len(states)} standard late positions (stock ≤ 5, "
              f"random play), {late_nodes:,} nodes each\n")
        print("| proof search | won | proved lost | unknown | nodes (positions all proved lost) "
              "| CPU seconds (all) |")
        print("|---|---|---|---|---|---|")
        configs = [("the solver's reductions", {"deep_safe": False, "dominance": False}),
                   ("+ deeper safe moves home", {"deep_safe": True, "dominance": False}),
                   ("+ dominance (more cards home)", {"deep_safe": True, "dominance": True})]
        rows = []
        for _, kw in configs:
            t0 = time.process_time()
            rows.append([prove(s, rules, budget=Budget(positions=late_nodes), **kw)
                         for s in states])
            rows[-1].append(time.process_time() - t0)
        common = [i for i in range(len(states)) if all(r[i].verdict == "lost" for r in rows)]
        for (name, _), row in zip(configs, rows):
            verdicts = [r.verdict for r in row[:-1]]
            nodes = sum(row[i].nodes for i in common)
            print(f"| {name} | {verdicts.count('won')} | {verdicts.count('lost')} | "
                  f"{verdicts.count('unknown')} | {nodes:,} | {row[-1]:.1f} |", flush=True)
        clash = sum(1 for i in range(len(states))
                    if {"won", "lost"} <= {row[i].verdict for row in rows})
        print(f"\nPositions with contradicting verdicts: {clash}\n")
    frontier(frontier_deals, late_nodes)
    if not layers:
        return
    print(f"## Positions reachable while the first k stock cards are turned (standard, seeds "
          f"0..{layers - 1}; cumulative over stock indices 0..k; '>' = more than 300,000)\n")
    ks = (4, 8, 12, 16)
    print("| seed | " + " | ".join(f"k = {k}" for k in ks) + " |")
    print("|---|" + "---|" * len(ks))
    for seed in range(layers):
        st = Game.new(seed=seed).state
        cells = []
        for k in ks:
            prof = None if cells and cells[-1].startswith(">") else layer_profile(
                rules, st, k, max_nodes=300_000)
            cells.append(f"{sum(prof):,}" if prof is not None else "> 300,000")
        print(f"| {seed} | " + " | ".join(cells) + " |", flush=True)
    print()


def layered(seed: int, stock_left: list[int], max_nodes: int, anatomy: list[int],
            anatomy_cards: int) -> None:
    """The proof search one stock layer at a time (``LayeredProof``): how far back from the end
    it proves a deal lost along the heuristic player's line with one layer in memory; then what
    a layer is made of (positions, distinct foundations-and-waste pairs, cross layouts per
    pair) on deals with the stock cut after ``anatomy_cards`` cards."""
    rules = get_rules("standard")
    if stock_left:
        at, _ = along_heuristic_line(seed)
        print(f"## Layer by layer: standard deal {seed} along the heuristic player's line, "
              f"{max_nodes:,} positions at most\n")
        print("| stock cards left | verdict | positions | largest layer | layers walked | "
              "CPU s |")
        print("|---|---|---|---|---|---|")
        for k in stock_left:
            if k not in at:
                continue
            search_ = LayeredProof(rules, at[k])
            t0 = time.process_time()
            verdict = search_.run(max_nodes) or "unknown"
            print(f"| {k} | {verdict} | {search_.nodes:,} | {max(search_.layers):,} | "
                  f"{len(search_.layers)} | {time.process_time() - t0:.1f} |", flush=True)
        print()
        print(f"## The rank abstraction (prove_by_ranks) on the same positions, {max_nodes:,} "
              f"positions at most\n")
        print("| stock cards left | verdict | positions | largest layer | CPU s |")
        print("|---|---|---|---|---|")
        for k in sorted(set(stock_left) | {k + 2 for k in stock_left} | {k + 8 for k in
                                                                        stock_left}):
            if k not in at:
                continue
            t0 = time.process_time()
            r = prove_by_ranks(at[k], rules, budget=Budget(positions=max_nodes))
            verdict = r.verdict if r.verdict == "lost" else f"unknown ({r.why})"
            print(f"| {k} | {verdict} | {r.positions:,} | {max(r.layers):,} | "
                  f"{time.process_time() - t0:.1f} |", flush=True)
        print()
    for seed in anatomy:
        st = Game.new(seed=seed).state
        t0 = time.process_time()
        rows = layer_anatomy(rules, st, anatomy_cards, max_nodes=20_000_000)
        print(f"## What a layer is made of: standard deal {seed}, the stock cut after "
              f"{anatomy_cards} cards ({time.process_time() - t0:.1f} CPU s)\n")
        if rows is None:
            print("more than 20,000,000 positions\n")
            continue
        print("| stock cards turned | positions (keys) | (foundations, waste) pairs | "
              "cross layouts per pair |")
        print("|---|---|---|---|")
        for layer, (n, pairs) in list(enumerate(rows))[-8:]:
            print(f"| {layer} | {n:,} | {pairs:,} | {n / pairs:.1f} |")
        print()


def _timed(fn):
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


VARIANT_SPEED = {"sequences": 8, "czarina": 0, "corners": 2, "dick1883": 1}


def speed(seeds: int, solver_nodes: int, exact_from: int, ranks_from: int,
          out: str | None = None, whole_seeds: tuple[int, ...] = (5, 12, 13, 14)) -> None:
    """The compiled core against the pure-Python reference, side by side in this one process,
    on the same searches (the same positions walked: the table says so), by CPU time."""
    from fourseasons_widget.solver import compiled
    from fourseasons_widget.solver.exact import FastSearch

    if not compiled.available():
        print("## Compiled core: numba is not installed (pip install '.[fast]'): skipped\n")
        return
    rules = get_rules("standard")
    at, _ = along_heuristic_line(13)
    compiled.CompiledSearch(rules, at[10], deep_safe=True).run(100)  # compile (or load) first
    prove_by_ranks(at[5], rules, budget=Budget(positions=100), engine="compiled")
    print("## Compiled core against the reference: the same searches, one process, CPU time "
          "(a loaded machine: compare the ratio, not the rates)\n")
    print("| search | from | verdict | positions | reference s | reference pos/s | compiled s "
          "| compiled pos/s | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    totals = {}
    rows = []

    def row(name, where, ref, ref_s, comp, comp_s):
        assert ref[:2] == comp[:2], (name, where, ref, comp)  # same verdict, same positions
        r_rate, c_rate = ref[1] / ref_s, comp[1] / comp_s
        t = totals.setdefault(name, [0, 0.0, 0.0])
        t[0] += ref[1]
        t[1] += ref_s
        t[2] += comp_s
        rows.append({"search": name, "start": where, "verdict": ref[0], "positions": ref[1],
                     "reference_s": round(ref_s, 3), "compiled_s": round(comp_s, 3),
                     "ratio": round(c_rate / r_rate, 2)})
        print(f"| {name} | {where} | {ref[0]} | {ref[1]:,} | {ref_s:.2f} | {r_rate:,.0f} | "
              f"{comp_s:.2f} | {c_rate:,.0f} | {c_rate / r_rate:.1f}× |", flush=True)

    for seed in range(seeds):
        g = Game.new(seed=seed)

        def ref_solver(g=g):
            fs = FastSearch(rules, g.state)
            return fs.run(solver_nodes) or "unknown", fs.nodes

        def comp_solver(g=g):
            cs = compiled.CompiledSearch(rules, g.state)
            return cs.run(solver_nodes) or "unknown", cs.nodes

        (ref, ref_s), (comp, comp_s) = _timed(ref_solver), _timed(comp_solver)
        row("solver's depth-first search", f"deal {seed}", ref, ref_s, comp, comp_s)
    for seed in whole_seeds:  # the whole solve() (the heuristic probe, Python in both, and the
        g = Game.new(seed=seed)  # portfolio of restarts) at a node budget, on deals it leaves

        def whole(engine, g=g):
            r = solve(g, budget=Budget(positions=solver_nodes), engine=engine)
            return r.verdict, r.nodes

        (ref, ref_s), (comp, comp_s) = _timed(lambda: whole("python")), \
            _timed(lambda: whole("compiled"))
        row("solve(), the whole portfolio", f"deal {seed}", ref, ref_s, comp, comp_s)
    # the other variants' rules (runs moved whole, spaces filled at once or first): the
    # solver's depth-first search from a deal each (one it leaves unknown at 300,000 positions;
    # Corners' deal 2 is proved lost in 41,327).  (Simplicity's deals are won within a few
    # thousand positions, too few to time.)
    for variant, seed in VARIANT_SPEED.items():
        vr = get_rules(variant)
        g = Game.new(seed=seed, variant=variant)

        def ref_v(g=g, vr=vr):
            fs = FastSearch(vr, g.state)
            return fs.run(solver_nodes) or "unknown", fs.nodes

        def comp_v(g=g, vr=vr):
            cs = compiled.CompiledSearch(vr, g.state)
            return cs.run(solver_nodes) or "unknown", cs.nodes

        (ref, ref_s), (comp, comp_s) = _timed(ref_v), _timed(comp_v)
        row(f"depth-first search, {variant}", f"deal {seed}", ref, ref_s, comp, comp_s)
    s = at[exact_from]

    def ref_proof():
        ps = ProofSearch(rules, s)
        return ps.run(1 << 40) or "unknown", ps.nodes

    def comp_proof():
        cs = compiled.CompiledSearch(rules, s, deep_safe=True)
        return cs.run(1 << 40) or "unknown", cs.nodes

    (ref, ref_s), (comp, comp_s) = _timed(ref_proof), _timed(comp_proof)
    row("proof search", f"deal 13, {exact_from} stock cards left", ref, ref_s, comp, comp_s)
    s = at[ranks_from]
    (ra, ref_s) = _timed(lambda: prove_by_ranks(s, rules, budget=Budget(positions=1 << 40),
                                                  engine="python"))
    (rb, comp_s) = _timed(lambda: prove_by_ranks(s, rules, budget=Budget(positions=1 << 40),
                                                  engine="compiled"))
    row("rank abstraction", f"deal 13, {ranks_from} stock cards left", (ra.why, ra.positions),
        ref_s, (rb.why, rb.positions), comp_s)
    print()
    for name, (n, ref_s, comp_s) in totals.items():
        print(f"- {name}: {n:,} positions, reference {n / ref_s:,.0f}/s, compiled "
              f"{n / comp_s:,.0f}/s: **{ref_s / comp_s:.1f}× faster**")
    print()
    if out:
        import csv

        with open(out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


def reach(seeds: list[int], max_positions: int, max_seconds: float, out: str | None) -> None:
    """How far the compiled rank abstraction gets from the deal itself: the stock layers walked
    (of the deal's 47), the positions, the largest layer, and why it stopped."""
    from fourseasons_widget.solver import compiled

    if not compiled.available():
        print("## Proofs from the deal: numba is not installed: skipped\n")
        return
    print(f"## The rank abstraction from the deal, compiled ({max_positions:,} positions or "
          f"{max_seconds:g} s each, CPU time on a loaded machine)\n")
    print("| deal | verdict | why it stopped | layers walked (of 47) | positions | largest layer "
          "| CPU s |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for seed in seeds:
        g = Game.new(seed=seed)
        r, secs = _timed(lambda g=g: prove_by_ranks(
            g, budget=Budget(positions=max_positions, seconds=max_seconds), engine="compiled"))
        rows.append({"seed": seed, "verdict": r.verdict, "why": r.why,
                     "layers": len(r.layers), "positions": r.positions,
                     "largest_layer": max(r.layers, default=0), "cpu_seconds": round(secs, 1),
                     "layer_positions": " ".join(map(str, r.layers))})
        print(f"| {seed} | {r.verdict} | {r.why} | {len(r.layers)} | {r.positions:,} | "
              f"{max(r.layers, default=0):,} | {secs:.1f} |", flush=True)
    print()
    if out:
        import csv

        with open(out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


def disk_runs(seeds: list[int], workdir: str, max_disk: int, memory_rows: int,
              max_seconds: float, max_positions: int | None, out: str | None) -> None:
    """The rank abstraction's layers on disk (solver/external.py) from each deal: per layer
    its positions, the distinct entries written for it, runs, bytes written, bytes on disk at
    most, seconds; per deal the verdict, why it stopped, the deepest layer, bytes per position
    and seconds per million positions.  Each layer's row is printed as it ends."""
    import csv
    import shutil

    from fourseasons_widget.solver.external import prove_by_ranks_on_disk

    free = shutil.disk_usage(workdir).free
    if max_disk > free // 2:
        max_disk = free // 2
        print(f"(--disk-max lowered to half the free disk: {max_disk:,} bytes)")
    print(f"## The rank abstraction's layers on disk ({workdir}, at most {max_disk:,} bytes of "
          f"runs, {memory_rows:,} children in memory, {max_seconds:g} s per deal)\n")
    rows = []
    for seed in seeds:
        print(f"### Deal {seed}\n")
        print("| layer | positions | entries | runs | bytes written | disk peak | s |")
        print("|---|---|---|---|---|---|---|", flush=True)
        t0 = time.process_time()

        def show(st, seed=seed, t0=t0):
            st = {"seed": seed, **st, "cpu_seconds": round(time.process_time() - t0, 1)}
            rows.append(st)
            print(f"| {st['layer']} | {st['positions']:,} | {st['entries']:,} | {st['runs']} | "
                  f"{st['bytes_written']:,} | {st['disk_peak']:,} | {st['seconds']} |",
                  flush=True)

        r = prove_by_ranks_on_disk(Game.new(seed=seed), workdir=workdir, max_disk=max_disk,
                                   memory_rows=memory_rows, max_seconds=max_seconds,
                                   max_positions=max_positions, engine="auto", on_layer=show)
        cpu = time.process_time() - t0
        entries = sum(st["entries"] for st in r.stats)
        print(f"\ndeal {seed}: {r.verdict} ({r.why}), layers 0–{r.stats[-1]['layer']} "
              f"(the last {'complete' if r.why == 'lost' else 'cut short'}), "
              f"{r.positions:,} positions, {r.bytes_written:,} bytes written "
              f"({r.bytes_written / max(entries, 1):.1f} per entry, "
              f"{r.bytes_written / max(r.positions, 1):.2f} per position walked), disk peak "
              f"{r.disk_peak:,}, {cpu:.0f} CPU s ({cpu / max(r.positions, 1) * 1e6:.2f} s per "
              f"million positions), engine {r.engine}\n", flush=True)
    if out and rows:
        with open(out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


def _load_kernels() -> None:
    from fourseasons_widget.solver import compiled

    if compiled.available():
        compiled._load()


def disk_parts(seed: int, left: int, workdir: str, memory_rows: int, parts: int) -> None:
    """The search on disk in parts against the single process, on the position ``left`` stock
    cards from the end of deal ``seed``'s heuristic line: one process; ``parts`` parts one
    after another in this process; ``parts`` parts on a Dask LocalCluster of ``parts`` worker
    processes (one thread each).  Per run: wall seconds, this process's CPU seconds (the
    cluster's workers not counted), positions, whether every layer equals the single
    process's, bytes written, bytes on disk at most."""
    from fourseasons_widget.solver.external import prove_by_ranks_on_disk
    from fourseasons_widget.solver.positions import along_heuristic_line

    at, _ = along_heuristic_line(seed)
    state = at[left]
    rules = get_rules("standard")
    print(f"## The search on disk in parts: deal {seed}, {left} stock cards left "
          f"({memory_rows:,} children in memory, {workdir})\n")
    print("| run | wall s | CPU s here | positions | layers equal | bytes written | disk peak |")
    print("|---|---|---|---|---|---|---|", flush=True)
    first = None

    def run(name, **kw):
        nonlocal first
        t, c = time.perf_counter(), time.process_time()
        r = prove_by_ranks_on_disk(state, rules, workdir=workdir, memory_rows=memory_rows,
                                   engine="auto", **kw)
        first = first or r
        print(f"| {name} | {time.perf_counter() - t:.1f} | {time.process_time() - c:.1f} | "
              f"{r.positions:,} ({r.why}) | {r.layers == first.layers} | "
              f"{r.bytes_written:,} | {r.disk_peak:,} |", flush=True)

    _load_kernels()  # (here too, before the clock starts)
    run("one process")
    run(f"{parts} parts, one after another", partitions=parts)
    import distributed

    with distributed.LocalCluster(n_workers=parts, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}
                                  ) as cluster, distributed.Client(cluster) as client:
        t = time.perf_counter()
        client.run(_load_kernels)  # (each worker loads them first: not counted below)
        print(f"(the cluster's workers loaded the kernels in {time.perf_counter() - t:.1f} s)")
        run(f"{parts} parts on a LocalCluster({parts})", partitions=parts, executor=client)


def shipped_classification() -> None:
    """The shipped classification (fourseasons_widget/data/classification.csv)."""
    from fourseasons_widget.solver.experiments import load_classification

    print("## The shipped classification (fourseasons_widget/data/classification.csv)\n")
    print("| variant | deals | won | proved lost | unknown | perfect-play win rate (95%) |")
    print("|---|---|---|---|---|---|")
    for r in load_classification():
        print(f"| {r['variant']} | {r['n']} | {r['won']} | {r['lost']} | {r['unknown']} | "
              f"{100 * float(r['ci_low']):.1f}–{100 * float(r['ci_high']):.1f}% |")
    print()


def write_proof_positions(path: str) -> None:
    """The fixed positions of tests/test_proofs.py: late positions of standard deals, lost
    (random play) and won (along a solver's win), each with the verdict of the plain
    breadth-first search over the engine's moves (positions it cannot finish are left out)."""
    import json

    rules = get_rules("standard")
    out = []
    for i, s in enumerate(late_positions("standard", 40, max_stock=3, max_seeds=400)):
        verdict = plain_verdict(rules, s, 20_000)
        nodes = prove(s, rules, budget=Budget(positions=100_000), deep_safe=False).nodes
        if verdict != "unknown" and nodes >= 100 and len(out) < 10:
            out.append({"source": f"late_positions('standard', 40, max_stock=3)[{i}]",
                        "verdict": verdict, **position_to_dict(s)})
    for seed in range(8):
        g = small_position(seed=seed, cards_left=9, max_seconds=5)
        verdict = plain_verdict(rules, g.state, 20_000)
        if verdict != "unknown":
            out.append({"source": f"small_position(seed={seed}, cards_left=9)",
                        "verdict": verdict, **position_to_dict(g.state)})
    Path(path).write_text(json.dumps(out, indent=1) + "\n")
    print(f"{path}: {sum(o['verdict'] == 'lost' for o in out)} lost, "
          f"{sum(o['verdict'] == 'won' for o in out)} won")
    # far from the end: deal 13 along the heuristic player's line, 24 stock cards left (the
    # plain search cannot finish there; the solver's own search is the reference)
    s = along_heuristic_line(13)[0][24]
    verdict = search(rules, s, budget=Budget(positions=1_000_000), order="cross")[0]
    far = Path(path).with_name("proof_far.json")
    far.write_text(json.dumps([{"source": "Game.new(seed=13), heuristic_line, 24 stock cards "
                                "left", "verdict": verdict, **position_to_dict(s)}],
                              indent=1) + "\n")
    print(f"{far}: {verdict}")


def auto_sample(n: int, seconds: float, seed: int, engine: str | None = None) -> None:
    """``solve(g, budget=Budget(seconds=seconds))`` with the defaults (``engine="auto"``) on ``n`` standard
    deals known won (a random sample of the shipped classification's wins): which engine
    answered, how many it won, and the wall and CPU seconds.  First one call on a cold process
    (the JIT not yet loaded: Python answers while it warms up), then, the warm-up done, the
    sample.  ``engine`` (not the default) measures one engine alone."""
    import gzip
    import random
    from importlib.resources import files

    from fourseasons_widget.solver import compiled

    raw = files("fourseasons_widget").joinpath("data/classification-deals.csv.gz").read_bytes()
    import csv

    rows = list(csv.DictReader(gzip.decompress(raw).decode().splitlines()))
    won = sorted(int(r["seed"]) for r in rows if r["variant"] == "standard"
                 and r["outcome"] == "won")
    sample = sorted(random.Random(seed).sample(won, n))
    kw = {} if engine is None else {"engine": engine}
    print(f"## solve(g, budget=Budget(seconds={seconds:g}){', engine=' + repr(engine) if engine else ''}) "
          f"on {n} deals known won "
          f"(random.Random({seed}).sample of the {len(won)} wins of classification.csv)\n")
    g = Game.new(seed=sample[0])
    t0, c0 = time.perf_counter(), time.process_time()
    r = solve(g, budget=Budget(seconds=seconds), **kw)
    print(f"- first call, cold process: engine **{r.engine}**, {r.verdict}, "
          f"{time.perf_counter() - t0:.2f} s wall, {time.process_time() - c0:.2f} s CPU "
          f"(the JIT warming up in the background meanwhile)")
    t0 = time.perf_counter()
    compiled.warm_up(wait=True)
    st = compiled.warm_up_stats()
    print(f"- warm-up finished {time.perf_counter() - t0:.1f} s later "
          f"(its own time: {st['seconds'] or 0:.1f} s; error: {st['error']})\n")
    print("| deal | engine | verdict | nodes | wall s | CPU s |")
    print("|---|---|---|---|---|---|")
    wins = 0
    engines: dict[str, int] = {}
    walls = []
    for sd in sample:
        g = Game.new(seed=sd)
        t0, c0 = time.perf_counter(), time.process_time()
        r = solve(g, budget=Budget(seconds=seconds), **kw)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        walls.append(wall)
        wins += r.won
        engines[r.engine] = engines.get(r.engine, 0) + 1
        print(f"| {sd} | {r.engine} | {r.verdict} | {r.nodes:,} | {wall:.2f} | {cpu:.2f} |",
              flush=True)
    print(f"\n**{wins} of {n} won ({100 * wins / n:.0f}%)** at {seconds:g} s; engines: "
          f"{engines}; median wall {statistics.median(walls):.2f} s\n")


def jit_times() -> None:
    """The compiled core's start: a process that imports the package and runs one compiled
    search, with an empty numba cache (cold: the JIT compiles and writes the cache) and again
    (warm: it loads the cache), in fresh processes, wall and CPU seconds."""
    import os
    import subprocess
    import tempfile

    code = ("import time; t0 = time.perf_counter(); c0 = time.process_time(); "
            "from fourseasons_widget.solver import compiled; compiled.warm_up(wait=True); "
            "print(time.perf_counter() - t0, time.process_time() - c0, "
            "compiled.warm_up_stats()['error'])")
    print("## The JIT: cold and warm start (a fresh process each, NUMBA_CACHE_DIR a new "
          "directory)\n")
    print("| run | cache | wall s | CPU s | cache bytes |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="research-numba-") as d:
        env = {**os.environ, "NUMBA_CACHE_DIR": d,
               "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        for run in ("cold", "warm", "warm"):
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, check=True).stdout.split()
            size = sum(f.stat().st_size for f in Path(d).rglob("*") if f.is_file())
            print(f"| {run} | {'empty' if run == 'cold' else 'filled'} | {float(out[0]):.1f} | "
                  f"{float(out[1]):.1f} | {size:,} |", flush=True)
    print()


def split_run(seed: int, left: int, split: int) -> None:
    """Split and conquer (``solver/split.py``) on deal ``seed``'s heuristic line from ``left``
    stock cards left, split at ``split`` left: each entry's positions and the total."""
    from fourseasons_widget.solver.split import prove_split

    at, _ = along_heuristic_line(seed)
    print(f"## Split and conquer: deal {seed}'s heuristic line from {left} stock cards left, "
          f"split at {split} left\n")
    c0 = time.process_time()
    r = prove_split(at[left], get_rules("standard"), split_left=split,
                    log=lambda m: print(f"- {m}", flush=True))
    print(f"\n**{r.verdict}** ({r.why}): {r.proved} of {r.entries} entries proved lost, "
          f"{r.head_positions:,} + {r.positions:,} positions, largest layer "
          f"{r.largest_layer:,}, {r.seconds:.0f} s wall, {time.process_time() - c0:.0f} s CPU\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--budgets", default="1,10", help="seconds per deal, comma-separated")
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--sample", type=int, default=50, help="deals for the reductions table")
    p.add_argument("--sample-nodes", type=int, default=20_000)
    p.add_argument("--pruning-only", action="store_true")
    p.add_argument("--no-pruning", action="store_true")
    p.add_argument("--jobs", type=int, default=1,
                   help="deals solved at a time (one process each; keep it <= the cores)")
    p.add_argument("--proofs-only", action="store_true")
    p.add_argument("--no-proofs", action="store_true")
    p.add_argument("--classify-deals", type=int, default=10)
    p.add_argument("--classify-seconds", type=float, default=1.0)
    p.add_argument("--late", type=int, default=10, help="late positions for the proofs table")
    p.add_argument("--late-nodes", type=int, default=50_000)
    p.add_argument("--layers", type=int, default=3, help="deals for the layer counts")
    p.add_argument("--frontier", type=int, default=6,
                   help="deals for the how-far-back-a-proof-reaches table")
    p.add_argument("--layered-seed", type=int, default=13,
                   help="the deal for the layer-by-layer proofs along the heuristic line")
    p.add_argument("--layered-from", default="26,28,30",
                   help="stock cards left where the layer-by-layer proofs start")
    p.add_argument("--layered-nodes", type=int, default=3_000_000)
    p.add_argument("--anatomy", default="0,1",
                   help="standard deals whose layers are taken apart (comma-separated)")
    p.add_argument("--anatomy-cards", type=int, default=13)
    p.add_argument("--write-proof-positions", metavar="PATH")
    p.add_argument("--compiled-only", action="store_true",
                   help="only the compiled core against the reference, and the classification")
    p.add_argument("--no-compiled", action="store_true")
    p.add_argument("--speed-deals", type=int, default=4,
                   help="deals for the solver's search in the speed table")
    p.add_argument("--speed-nodes", type=int, default=300_000)
    p.add_argument("--speed-exact-from", type=int, default=28,
                   help="stock cards left (deal 13's heuristic line) for the proof search")
    p.add_argument("--speed-ranks-from", type=int, default=31,
                   help="stock cards left (deal 13's heuristic line) for the rank abstraction")
    p.add_argument("--speed-whole", default="5,12,13,14", metavar="SEEDS",
                   help="deals for the whole solve() in the speed table (by default four the "
                        "shipped classification leaves unknown: the budget is spent)")
    p.add_argument("--speed-out", default=None, metavar="CSV", help="also write the table")
    p.add_argument("--reach", default="", metavar="SEEDS",
                   help="standard deals (comma-separated) for the rank abstraction from the deal")
    p.add_argument("--reach-positions", type=int, default=100_000_000)
    p.add_argument("--reach-seconds", type=float, default=120.0)
    p.add_argument("--reach-out", default=None, metavar="CSV")
    p.add_argument("--disk", default="", metavar="SEEDS",
                   help="standard deals (comma-separated) for the rank abstraction on disk, "
                        "and stop")
    p.add_argument("--disk-dir", default=None, metavar="FOLDER",
                   help="where the runs go (required with --disk)")
    p.add_argument("--disk-max", type=float, default=20.0, metavar="GB",
                   help="GB of runs at most (never more than half the free disk)")
    p.add_argument("--disk-memory", type=int, default=1 << 23, metavar="ROWS",
                   help="children held in memory before a run is written (16 bytes each)")
    p.add_argument("--disk-seconds", type=float, default=3600.0)
    p.add_argument("--disk-positions", type=int, default=None)
    p.add_argument("--disk-out", default=None, metavar="CSV", help="one row per layer")
    p.add_argument("--disk-parts", default="", metavar="SEED:LEFT",
                   help="the search on disk in --disk-partitions parts (one after another, "
                        "and on a Dask LocalCluster) against one process, from the position "
                        "LEFT stock cards from the end of deal SEED's heuristic line, and stop")
    p.add_argument("--disk-partitions", type=int, default=2, metavar="K")
    p.add_argument("--auto-sample", type=int, default=0, metavar="N",
                   help="solve(g, max_seconds=--auto-seconds) on N deals known won, and stop")
    p.add_argument("--auto-seconds", type=float, default=5.0)
    p.add_argument("--auto-seed", type=int, default=28)
    p.add_argument("--auto-engine", default=None, help="one engine alone (default: the default)")
    p.add_argument("--jit", action="store_true", help="the JIT's cold and warm start, and stop")
    p.add_argument("--split", default="", metavar="SEED:LEFT:SPLIT",
                   help="split and conquer on a deal's heuristic line, and stop")
    a = p.parse_args()
    if a.disk:
        if not a.disk_dir:
            p.error("--disk needs --disk-dir FOLDER")
        disk_runs([int(x) for x in a.disk.split(",")], a.disk_dir, int(a.disk_max * 1e9),
                  a.disk_memory, a.disk_seconds, a.disk_positions, a.disk_out)
        return
    if a.disk_parts:
        if not a.disk_dir:
            p.error("--disk-parts needs --disk-dir FOLDER")
        seed, left = (int(x) for x in a.disk_parts.split(":"))
        disk_parts(seed, left, a.disk_dir, a.disk_memory, a.disk_partitions)
        return
    if a.split:
        split_run(*(int(x) for x in a.split.split(":")))
        return
    if a.auto_sample:
        auto_sample(a.auto_sample, a.auto_seconds, a.auto_seed, a.auto_engine)
        return
    if a.jit:
        jit_times()
        return
    if a.reach:
        reach([int(x) for x in a.reach.split(",")], a.reach_positions, a.reach_seconds,
              a.reach_out)
    if a.write_proof_positions:
        write_proof_positions(a.write_proof_positions)
        return
    if not a.no_compiled:
        speed(a.speed_deals, a.speed_nodes, a.speed_exact_from, a.speed_ranks_from,
              a.speed_out, tuple(int(x) for x in a.speed_whole.split(",") if x))
        shipped_classification()
    if a.compiled_only:
        return
    variants = a.variants.split(",")
    if not a.proofs_only:
        if not a.pruning_only:
            table(variants, a.deals, [float(x) for x in a.budgets.split(",")], a.jobs)
        if not a.no_pruning:
            pruning(a.sample, a.sample_nodes)
    if not a.no_proofs:
        proofs(variants, a.classify_deals, a.classify_seconds, a.late, a.late_nodes,
               a.layers, a.jobs, a.frontier)
        layered(a.layered_seed, [int(x) for x in a.layered_from.split(",") if x],
                a.layered_nodes, [int(x) for x in a.anatomy.split(",") if x], a.anatomy_cards)


if __name__ == "__main__":
    main()
