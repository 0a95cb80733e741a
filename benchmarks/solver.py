"""Solver benchmark: prints figures, asserts nothing about time.

    python benchmarks/solver.py                      # 200 deals per variant, 1 s and 10 s
    python benchmarks/solver.py --deals 20 --budgets 1 --variants standard
    python benchmarks/solver.py --pruning-only --sample 40
    python benchmarks/solver.py --jobs 2               # two deals at a time (one per core)

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
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fourseasons_widget import VARIANTS, Game, get_rules
from fourseasons_widget.search.endgames import late_positions
from fourseasons_widget.search.solver import search, solve


def _one(variant: str, seed: int, budget: float) -> tuple[str, int, float, float]:
    """Solve one deal; a won line is replayed in the Game before it counts.  Returns the
    verdict, the nodes, and the wall-clock and CPU seconds of ``solve``."""
    g = Game.new(seed=seed, variant=variant)
    cpu = time.process_time()
    r = solve(g, max_seconds=budget)
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
        verdict, _, n = search(rules, s, max_nodes=max_nodes, **kw)
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
    a = p.parse_args()
    if not a.pruning_only:
        table(a.variants.split(","), a.deals, [float(x) for x in a.budgets.split(",")], a.jobs)
    if not a.no_pruning:
        pruning(a.sample, a.sample_nodes)


if __name__ == "__main__":
    main()
