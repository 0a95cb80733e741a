"""The ``fourseasons`` command.

``fourseasons solve --seed 7 --variant standard`` — solve one deal and print the verdict and
the line; ``fourseasons winrate --variant standard --deals 100 --seconds 1 --jobs 2 --out
results.csv`` — a win-rate experiment with a progress bar, per-deal CSV and an honest 95%
interval (unknowns count as neither won nor lost: the interval runs from won/N to
(won+unknown)/N); ``fourseasons budgets --variant standard --deals 200 --nodes
1000,3000,10000 --out budgets.csv`` — the solver on the same deals at several node budgets
(one summary row per budget: how the win rate grows with the search).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from .deal import parse_pysol_number
from .rules import VARIANTS
from .validate import SEED_LIMIT, ascii_int, budget


def _positive_int(text: str) -> int:
    v = ascii_int(text)  # (digits 0-9 only: int() would also read '٤' and '４')
    if v is None or v < 1:
        raise argparse.ArgumentTypeError("must be a positive integer, in digits 0-9")
    return v


def _seed(text: str) -> int:
    v = ascii_int(text)
    if v is None or v >= SEED_LIMIT:
        raise argparse.ArgumentTypeError("must be an integer from 0 to 2**63 - 1, in digits 0-9")
    return v


def _pysol(text: str) -> int | str:
    try:  # (digits 0-9 only, or "ms" and digits: the deal module says why not)
        return parse_pysol_number(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _seconds(text: str) -> float:
    try:  # (ASCII only: float() would also read '١')
        v = budget(float(text), "seconds") if text.isascii() else None
    except ValueError:
        v = None
    if v is None:
        raise argparse.ArgumentTypeError("must be a finite number of seconds greater than 0")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fourseasons", description="Four Seasons patience: solve "
                                "deals and measure win rates.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", help="solve one deal (perfect information: the stock is known)")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--seed", type=_seed, default=None, help="the deal: Game.new(seed=N)")
    g.add_argument("--pysol", type=_pysol, default=None, help="PySolFC's deal number N (or msN)")
    s.add_argument("--variant", choices=list(VARIANTS), default="standard")
    s.add_argument("--rules", choices=("default", "pysol"), default=None,
                   help="this project's rules (default) or PySolFC's own (pysol)")
    s.add_argument("--seconds", type=_seconds, default=10.0, help="time budget (default 10)")
    s.add_argument("--nodes", type=_positive_int, default=None, help="node budget")
    s.add_argument("--quiet", action="store_true", help="print the verdict only")

    w = sub.add_parser("winrate", help="play or solve many seeded deals; CSV and a rate with CI")
    w.add_argument("--variant", default="standard",
                   help=f"one of {', '.join(VARIANTS)}, or 'all'")
    w.add_argument("--player", default="solver",
                   help="solver, random, heuristic, prover (the solver, then the loss-proof "
                        "search: classifies deals), fair (never looks at the face-down stock: "
                        "solves sampled orders of it; --nodes per sample, default 1000), or "
                        "'all' (the first three)")
    w.add_argument("--deals", type=_positive_int, default=100)
    w.add_argument("--first-seed", type=_seed, default=0, help="seeds run first..first+deals-1")
    w.add_argument("--seconds", type=_seconds, default=1.0, help="solver time per deal (the prover: per search)")
    w.add_argument("--nodes", type=_positive_int, default=None,
                   help="solver nodes per deal (the prover: per search)")
    w.add_argument("--jobs", type=_positive_int, default=None, help="worker processes")
    w.add_argument("--executor", choices=("process", "serial", "dask"), default="process",
                   help="process pool (default), this process, or Dask (a local cluster of "
                        "--jobs workers, or the cluster at --scheduler)")
    w.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="with --executor dask: a running Dask scheduler, e.g. tcp://host:8786")
    w.add_argument("--out", default=None, help="per-deal CSV file")
    w.add_argument("--summary", default=None,
                   help="also write one summary row per variant and player (CSV)")
    w.add_argument("--no-progress", action="store_true")

    b = sub.add_parser("budgets", help="the solver on the same deals at several node budgets")
    b.add_argument("--variant", choices=list(VARIANTS), default="standard")
    b.add_argument("--deals", type=_positive_int, default=100)
    b.add_argument("--first-seed", type=int, default=0, help="seeds run first..first+deals-1")
    b.add_argument("--nodes", type=_budgets, required=True,
                   help="comma-separated node budgets per deal, e.g. 1000,3000,10000")
    b.add_argument("--seconds", type=_seconds, default=60.0,
                   help="a safety cap per deal (default 60; the node budget should decide)")
    b.add_argument("--jobs", type=_positive_int, default=None, help="worker processes")
    b.add_argument("--executor", choices=("process", "serial"), default="process")
    b.add_argument("--out", default=None, help="CSV file: one row per budget")
    b.add_argument("--no-progress", action="store_true")
    return p


def _budgets(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("a comma-separated list of node counts") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("a comma-separated list of positive node counts")
    return sorted(set(values))


def cmd_solve(a: argparse.Namespace) -> int:
    from .game import Game
    from .search.solver import solve

    options = {"rules": a.rules} if a.rules else {}
    try:
        if a.pysol is not None:
            game = Game.from_pysol(a.pysol, variant=a.variant, **options)
            origin = f"PySolFC deal {game.pysol}"
        else:
            seed = a.seed if a.seed is not None else 0
            game = Game.new(seed=seed, variant=a.variant, **options)
            origin = f"seed {seed}"
    except ValueError as e:
        print(f"fourseasons solve: {e}", file=sys.stderr)
        return 2
    r = solve(game, max_seconds=a.seconds, max_nodes=a.nodes)
    words = {"won": "won (perfect information: the line knows the stock order)",
             "lost": "lost (proved: no sequence of moves wins)",
             "unknown": "unknown (no win found within the budget; not proved lost)"}
    print(f"{game.rules.title}, {origin}: {words[r.verdict]}")
    print(f"{r.nodes} nodes in {r.seconds:.2f} s")
    if r.won and not a.quiet:
        print(f"{len(r.moves)} moves:")
        for i in range(0, len(r.moves), 10):
            print("  " + "  ".join(str(m) for m in r.moves[i:i + 10]))
    return 0


def cmd_winrate(a: argparse.Namespace, argv: list[str]) -> int:
    from .search.experiments import (
        EVERY_PLAYER,
        PLAYERS,
        SEARCHERS,
        run_experiment,
        summarize,
        summary_row,
        write_csv,
    )

    variants = list(VARIANTS) if a.variant == "all" else [a.variant]
    players = list(EVERY_PLAYER) if a.player == "all" else [a.player]
    for v in variants:
        if v not in VARIANTS:
            print(f"fourseasons: unknown variant {v!r}; choose one of {', '.join(VARIANTS)}",
                  file=sys.stderr)
            return 2
    for pl in players:
        if pl not in PLAYERS:
            print(f"fourseasons: unknown player {pl!r}; choose one of {', '.join(PLAYERS)}",
                  file=sys.stderr)
            return 2
    executor = None
    client = None
    if a.scheduler and a.executor != "dask":
        print("fourseasons: --scheduler needs --executor dask", file=sys.stderr)
        return 2
    if a.executor == "serial":
        executor = "serial"
    elif a.executor == "dask":
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("fourseasons: --executor dask needs the 'dask' extra "
                  "(pip install 'fourseasons-widget[dask]')", file=sys.stderr)
            return 2
        if a.scheduler:
            client = Client(a.scheduler)
        else:
            client = Client(LocalCluster(n_workers=a.jobs or 2, threads_per_worker=1))
        executor = client.get_executor()
    seeds = range(a.first_seed, a.first_seed + a.deals)
    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv)
    all_rows = []
    summaries = []
    try:
        for v in variants:
            for pl in players:
                t0 = time.perf_counter()
                rows = run_experiment(v, seeds, player=pl, max_seconds=a.seconds,
                                      max_nodes=a.nodes, executor=executor, jobs=a.jobs,
                                      progress=not a.no_progress)
                all_rows += rows
                budget = ""
                if pl in SEARCHERS:
                    budget = f" (budget {a.seconds:g} s" + (
                        f", {a.nodes} nodes" if a.nodes else "") + (
                        " per deal)" if pl == "solver" else " per search: solver, then proof)")
                print(f"{v} {pl}{budget}: {summarize(rows)} "
                      f"[{time.perf_counter() - t0:.0f} s]", flush=True)
                solver = pl in SEARCHERS
                summaries.append(summary_row(v, pl, rows, command,
                                             a.nodes if solver or pl == "fair" else None,
                                             a.seconds if solver else None))
                if a.out:
                    write_csv(all_rows, a.out)
    finally:
        if client is not None:
            client.close()
    if a.summary:
        from .search.experiments import SUMMARY_FIELDS

        write_csv(summaries, a.summary, SUMMARY_FIELDS)
    return 0


def cmd_budgets(a: argparse.Namespace, argv: list[str]) -> int:
    from .search.experiments import BUDGET_FIELDS, budget_curve, write_csv

    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    executor = "serial" if a.executor == "serial" else None
    rows = budget_curve(a.variant, seeds, a.nodes, command=command, max_seconds=a.seconds,
                        executor=executor, jobs=a.jobs, progress=not a.no_progress)
    for r in rows:
        print(f"{a.variant} solver, {r['max_nodes']} nodes per deal: won {r['won']}/{r['n']}, "
              f"lost {r['lost']}, unknown {r['unknown']}; 95% CI {100 * r['ci_low']:.1f}% – "
              f"{100 * r['ci_high']:.1f}% [{r['seconds']:.0f} s of search]", flush=True)
    if a.out:
        write_csv(rows, a.out, BUDGET_FIELDS)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    a = build_parser().parse_args(argv)
    if a.command == "solve":
        return cmd_solve(a)
    if a.command == "budgets":
        return cmd_budgets(a, argv)
    return cmd_winrate(a, argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
