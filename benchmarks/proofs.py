"""The relaxed loss proofs (search/relaxed.py) measured: what fraction of known losses each
proves and at what cost, that none calls a known win lost, how far from the end each still
proves a lost game, and what they do on the standard deals the shipped classification leaves
unknown.  Prints figures; asserts nothing about time.

    python benchmarks/proofs.py                      # everything, small budgets
    python benchmarks/proofs.py --part deals --deals 85 --seconds 5
    python benchmarks/proofs.py --part line --line-budget 400

Parts: ``fixed`` (tests/data's fixed positions), ``line`` (deal 13's lost game along the
heuristic player's line), ``variants`` (late positions of each variant the bag applies
to), ``deals`` (the classification's unknown standard deals, from the deal), ``cut`` (the bag
inside the layered proof, at each layer's entries: positions saved and the cost).

    python benchmarks/proofs.py --part cut --cut 100,1000 --cut-deals 859,13 --cut-from-deal 300
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import time
from importlib import resources
from pathlib import Path

from fourseasons_widget import Budget, Game, get_rules
from fourseasons_widget.solver.abstraction import prove_by_ranks
from fourseasons_widget.solver.positions import along_heuristic_line
from fourseasons_widget.solver.proofs import position_from_dict
from fourseasons_widget.solver.relaxed import model_available, prove_by_bag, prove_by_model

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
RULES = get_rules("standard")


def fixed(model_seconds: float) -> None:
    cases = json.loads((DATA / "proof_positions.json").read_text())
    cases += json.loads((DATA / "proof_far.json").read_text())
    print("Fixed positions (tests/data): known verdict, stock cards left, then each technique's"
          " verdict, positions (model: CP-SAT branches) and CPU seconds")
    print(f"{'known':6} {'stock':>5} | {'bag':22} | {'CP-SAT model':26} | rank abstraction")
    tally = {"bag": [0, 0, 0.0], "model": [0, 0, 0.0], "ranks": [0, 0, 0.0]}
    for case in cases:
        s = position_from_dict(case)
        row = []
        for name, run in (("bag", lambda s: prove_by_bag(s, RULES, budget=Budget(
                                                            positions=10_000_000, seconds=60))),
                          ("model", lambda s: prove_by_model(s, RULES, budget=Budget(
                                                                 seconds=model_seconds))),
                          ("ranks", lambda s: prove_by_ranks(s, RULES, budget=Budget(
                                                                 positions=10_000_000, seconds=60)))):
            if name == "model" and not model_available():
                row.append("(no ortools)")
                continue
            t0 = time.process_time()
            r = run(s)
            cpu = time.process_time() - t0
            t = tally[name]
            t[2] += cpu
            if r.verdict == "lost":
                t[0 if case["verdict"] == "lost" else 1] += 1
            row.append(f"{r.why:11} {r.positions:>8} {cpu:6.2f}s")
        print(f"{case['verdict']:6} {len(s.stock):>5} | " + " | ".join(row), flush=True)
    n_lost = sum(c["verdict"] == "lost" for c in cases)
    for name, (proved, wrong, cpu) in tally.items():
        print(f"  {name:6}: proved {proved} of {n_lost} known losses, {wrong} known wins called "
              f"lost, {cpu:.1f} CPU s in all")


def line(seed: int, budget: float) -> None:
    at, won = along_heuristic_line(seed)
    print(f"\nDeal {seed} along the heuristic player's {'won' if won else 'lost'} game: the first"
          f" position with k stock cards left; each technique with {budget:g} s")
    print(f"{'k':>3} | {'bag':28} | rank abstraction (compiled where numba is)")
    for k in sorted(at):
        if k % 4 and k not in (3, 6):
            continue
        s = at[k]
        cells = []
        for run in (lambda s: prove_by_bag(s, RULES, budget=Budget(seconds=budget)),
                    lambda s: prove_by_ranks(s, RULES, budget=Budget(
                                                 positions=200_000_000, seconds=budget),
                                             engine="auto")):
            t0 = time.process_time()
            r = run(s)
            cells.append(f"{r.why:13} {r.positions:>9} {time.process_time() - t0:6.1f}s")
        print(f"{k:>3} | " + " | ".join(cells), flush=True)


def variants(n: int, nodes: int, names: list[str]) -> None:
    """Late positions of each variant the bag applies to (the rank abstraction applies only
    to the standard game): the exact proof search's verdict against the bag's."""
    from fourseasons_widget.solver.positions import late_positions
    from fourseasons_widget.solver.proofs import prove

    print(f"\nLate positions (3 stock cards or fewer, up to {n} per variant): the exact proof "
          f"search ({nodes:,} positions) against the bag")
    for variant in names:
        rules = get_rules(variant)
        lost = proved = wrong = 0
        cpu = 0.0
        for s in late_positions(variant, n, max_stock=3):
            exact = prove(s, rules, budget=Budget(positions=nodes)).verdict
            t0 = time.process_time()
            b = prove_by_bag(s, rules, budget=Budget(positions=1_000_000))
            cpu += time.process_time() - t0
            lost += exact == "lost"
            proved += exact == "lost" and b.verdict == "lost"
            wrong += exact == "won" and b.verdict == "lost"
        print(f"  {variant:10}: the bag proves {proved} of {lost} exact losses, {wrong} exact "
              f"wins called lost, {cpu:.1f} CPU s", flush=True)


def unknown_deals() -> list[int]:
    raw = resources.files("fourseasons_widget.data").joinpath(
        "classification-deals.csv.gz").read_bytes()
    rows = csv.DictReader(io.StringIO(gzip.decompress(raw).decode()))
    return [int(r["seed"]) for r in rows
            if r["variant"] == "standard" and r["outcome"] == "unknown"]


def deals(n: int, seconds: float) -> None:
    seeds = unknown_deals()[:n]
    print(f"\nThe classification's unknown standard deals ({len(seeds)}), from the deal: the bag's"
          f" search and the CP-SAT model, {seconds:g} s each")
    proved = {"bag": 0, "model": 0}
    whys = {"bag": {}, "model": {}}
    for seed in seeds:
        g = Game.new(seed=seed)
        b = prove_by_bag(g, budget=Budget(seconds=seconds))
        cells = [f"bag {b.why} {b.positions} positions, {len(b.layers) - 1} of "
                 f"{len(g.state.stock)} layers"]
        whys["bag"][b.why] = whys["bag"].get(b.why, 0) + 1
        proved["bag"] += b.verdict == "lost"
        if model_available():
            m = prove_by_model(g, budget=Budget(seconds=seconds))
            cells.append(f"model {m.why}")
            whys["model"][m.why] = whys["model"].get(m.why, 0) + 1
            proved["model"] += m.verdict == "lost"
        print(f"  deal {seed:>3}: " + "; ".join(cells), flush=True)
    for name in proved:
        print(f"  {name}: {proved[name]} of {len(seeds)} proved lost; outcomes {whys[name]}")


def cut(budgets: list[int], seeds: list[int], from_deal: list[int], positions: int,
        variant: str) -> None:
    """The layered proof with the bag of runs at each layer's entries (``relaxed_cut``)
    against the layered proof alone: positions walked, the bag's positions, entries cut."""
    from fourseasons_widget.solver.proofs import LayeredProof

    def one(label: str, rules, s, n: int) -> None:
        t0 = time.process_time()
        p = LayeredProof(rules, s, relaxed_cut=n)
        verdict = p.run(positions) or "unknown"
        print(f"  {label:28} cut {n:>5}: {verdict:7} {p.nodes:>9,} positions, "
              f"{len(p.layers)} layers; bag {p.relaxed_positions:>11,} positions, "
              f"{p.cut_entries:,} of {p.relaxed_checks:,} entries cut; "
              f"{time.process_time() - t0:6.1f} CPU s", flush=True)

    print(f"\nThe bag of runs at each layer's entries (LayeredProof(relaxed_cut=N), "
          f"{positions:,} positions of the layered proof at most)")
    far = position_from_dict(json.loads((DATA / "proof_far.json").read_text())[0])
    for n in [0, *budgets]:
        one("deal 13, 24 stock cards left", RULES, far, n)
    rules = get_rules(variant)
    for seed in seeds:
        s = Game.new(seed=seed, variant=variant).state
        for n in [0, *from_deal]:
            one(f"{variant} deal {seed}, from the deal", rules, s, n)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("all", "fixed", "line", "variants", "deals", "cut"),
                    default="all")
    ap.add_argument("--model-seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--line-budget", type=float, default=60.0)
    ap.add_argument("--late", type=int, default=30)
    ap.add_argument("--exact-nodes", type=int, default=1_000_000)
    ap.add_argument("--variants", default="standard,sequences,czarina,corners,simplicity")
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--cut", default="100,1000", help="the bag's positions per entry, late")
    ap.add_argument("--cut-deals", default="859,13")
    ap.add_argument("--cut-from-deal", default="300", help="the bag's positions per entry")
    ap.add_argument("--cut-positions", type=int, default=1_000_000)
    ap.add_argument("--cut-variant", default="standard")
    a = ap.parse_args()
    print("(CPU seconds on this machine; the relaxations' verdicts do not depend on it)")
    if a.part in ("all", "fixed"):
        fixed(a.model_seconds)
    if a.part in ("all", "line"):
        line(a.seed, a.line_budget)
    if a.part in ("all", "variants"):
        variants(a.late, a.exact_nodes, a.variants.split(","))
    if a.part in ("all", "deals"):
        deals(a.deals, a.seconds)
    if a.part in ("all", "cut"):
        cut(_ints(a.cut), _ints(a.cut_deals), _ints(a.cut_from_deal), a.cut_positions,
            a.cut_variant)


if __name__ == "__main__":
    main()
