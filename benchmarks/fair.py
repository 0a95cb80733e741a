"""The fair Monte-Carlo player beside the heuristic player and the solver, on the same deals.

    python benchmarks/fair.py [--deals FILE] [--heuristic FILE] [--solver FILE]

``--deals`` is the fair player's per-deal CSV (default: the shipped run,
``fourseasons_widget/data/fair-mc-deals.csv.gz``; a run still going may be read from its
``.partial`` file).  It is made, resumably, by::

    fourseasons winrate --variant standard --player fair-mc --deals 1000 --nodes 3000 \\
        --jobs 2 --out fair-mc-deals.csv --summary fair-mc.csv [--resume]

(``--executor dask --scheduler tcp://HOST:8786`` for a cluster).  The heuristic player and the
solver (10,000 positions per deal) are read from the shipped ``winrates-deals.csv.gz`` and the
prover (the solver, then the loss proofs: an honest interval of the perfect-information rate)
from ``classification-deals.csv.gz``, on the same seeds.  Prints each player's rate with its
95% interval (Wilson; unknown deals counted both ways), McNemar's exact paired test against the
heuristic player, the time per move (a row's seconds over its moves, on the machine that ran
it) and Morehead and Mott-Smith's "1 in 10" for a person.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import os

from fourseasons_widget.solver.experiments import load_deals, load_fair_mc, paired_table


def _read(path: str) -> list[dict[str, str]]:
    opener = gzip.open if path.endswith(".gz") else open
    first: dict[tuple, dict[str, str]] = {}
    with opener(path, "rt", newline="") as f:
        for r in csv.DictReader(f):  # (a deal written twice: the first row, as --resume does)
            if r.get("outcome"):
                first.setdefault((r["variant"], r["player"], r["max_nodes"], r["seed"]), r)
    return list(first.values())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", default=None, help="the fair player's per-deal CSV (or .csv.gz)")
    p.add_argument("--variant", default="standard")
    a = p.parse_args(argv)
    fair = _read(a.deals) if a.deals else load_fair_mc(deals=True)
    fair = [r for r in fair if r["variant"] == a.variant and r["player"] == "fair-mc"]
    if not fair:
        print("no fair-mc rows for this variant")
        return 1
    shipped = [r for r in load_deals() if r["variant"] == a.variant]
    proved = [r for r in load_deals(classification=True) if r["variant"] == a.variant]
    players = {"fair Monte-Carlo": fair,
               "heuristic": [r for r in shipped if r["player"] == "heuristic"],
               "solver (10,000 positions)": [r for r in shipped if r["player"] == "solver"]}
    if proved:
        players["prover (perfect information)"] = [r for r in proved if r["player"] == "prover"]
    table = paired_table(players)
    budgets = sorted({r["max_nodes"] for r in fair})
    print(f"{a.variant}: {table[0]['n']} deals played by every player (seeds "
          f"{min(int(r['seed']) for r in fair)}…; fair player: {', '.join(budgets)} positions "
          f"per sampled search; {os.path.basename(a.deals) if a.deals else 'shipped run'})")
    print(f"{'player':30} {'won':>9} {'rate':>6} {'95% interval':>15} {'only it':>8} "
          f"{'only heur.':>10} {'McNemar p':>10} {'ms/move':>8}")
    for r in table:
        per = "" if r["seconds_per_move"] is None else f"{1000 * r['seconds_per_move']:.1f}"
        paired = ("" if r["player"] == "heuristic" else
                  f"{r['only_player']:>8} {r['only_baseline']:>10} {r['p_value']:>10.2g}")
        print(f"{r['player']:30} {r['won']:>4}/{r['n']:<4} {100 * r['rate']:>5.1f}% "
              f"{100 * r['ci_low']:>6.1f}–{100 * r['ci_high']:.1f}% "
              f"{paired:>30} {per:>8}")
    print(f"{'a person (Morehead & Mott-Smith)':30} {'':>9} {'~10%':>6}")
    slow = max(float(r["seconds"]) / max(int(r["moves"]), 1) for r in fair)
    print(f"fair player: {sum(float(r['seconds']) for r in fair):.0f} s over {len(fair)} deals; "
          f"the slowest deal {slow:.3f} s per move on average")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
