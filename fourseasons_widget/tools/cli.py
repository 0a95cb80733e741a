"""The ``fourseasons`` command.

``fourseasons solve --seed 7 --variant standard`` — solve one deal and print the verdict and
the line; ``fourseasons winrate --variant standard --deals 100 --seconds 1 --jobs 2 --out
results.csv`` — a win-rate experiment with a progress bar, per-deal CSV and an honest 95%
interval (unknowns count as neither won nor lost: the interval runs from won/N to
(won+unknown)/N); ``fourseasons budgets --variant standard --deals 200 --nodes
1000,3000,10000 --out budgets.csv`` — the solver on the same deals at several node budgets
(one summary row per budget: how the win rate grows with the search); ``fourseasons winrate
--seeds 5,9,20-29 ...`` — the same on the deals named; ``fourseasons settle later.csv --deals
classification-deals.csv.gz --summary classification.csv --then "..."`` — the deals a later
run settled put in place of a classification's unknown rows (:mod:`..solver.settle`);
``fourseasons lines --deals classification-deals.csv.gz --out lines.csv`` — the winning lines
of its long wins, each deal solved again with its row's budget (:mod:`..solver.lines`).

Every argument is checked before any work: numbers in ASCII digits only (``int()`` would read
``'٣'`` as 3), each within its range, the seeds a run would deal below 2**63, the output files
writable (a directory or a missing folder is refused at once).  Ctrl-C stops a run promptly,
worker processes included, and leaves no file posing as complete: a file is written to a
temporary name and renamed when done; each deal finished is appended at once to
``<out>.partial``, which an interrupted run keeps and ``--resume`` goes on from (only by the
same command: the settings a row does not say, ``--streamline``, ``--table`` and the search on
disk, are kept beside it in ``<out>.partial.json``; a long run on a Dask cluster, ``--executor
dask --scheduler tcp://HOST:8786``, loses at most the deals under way).
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import time

from ..budget import Budget
from ..model.deal import parse_pysol_number
from ..model.rules import VARIANTS
from ..solver.external import MAX_PARTITIONS
from ..validate import BUDGET_COUNT_LIMIT, SEED_LIMIT, ascii_int, budget, quote, safe_text

#: the most deals in one run, worker processes, and node budgets in one ``budgets`` run
MAX_DEALS = 1_000_000
MAX_JOBS = 256
MAX_BUDGETS = 50
#: the exit status after Ctrl-C (128 + SIGINT, as a shell reports it)
INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """argparse, with its refusals bounded (it quotes the whole value it refuses: a
    megabyte-long argument would give a megabyte-long message)."""

    def error(self, message: str):  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {safe_text(message, 300)}\n")


def _int_in(text: str, lo: int, hi: int, what: str) -> int:
    v = ascii_int(text)  # (digits 0-9 only: int() would also read '٤' and '４')
    if v is None or not lo <= v <= hi:
        raise argparse.ArgumentTypeError(f"must be {what} from {lo} to {hi}, in digits 0-9, "
                                         f"not {quote(text)}")
    return v


def _positive_int(text: str) -> int:
    return _int_in(text, 1, BUDGET_COUNT_LIMIT, "a whole number")


def _partitions(text: str) -> int:
    return _int_in(text, 1, MAX_PARTITIONS, "a whole number of parts")


def _deals(text: str) -> int:
    return _int_in(text, 1, MAX_DEALS, "a number of deals")


def _jobs(text: str) -> int:
    return _int_in(text, 1, MAX_JOBS, "a number of worker processes")


def _seed(text: str) -> int:
    v = ascii_int(text)
    if v is None or v >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"must be an integer from 0 to 2**63 - 1, in digits "
                                         f"0-9, not {quote(text)}")
    return v


def _pysol(text: str) -> int | str:
    try:  # (digits 0-9 only, or "ms" and digits: the deal module says why not)
        return parse_pysol_number(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(safe_text(str(e), 200)) from None


def _seconds(text: str) -> float:
    try:  # (ASCII only: float() would also read '١')
        v = budget(float(text), "seconds") if text.isascii() else None
    except ValueError:
        v = None
    if v is None:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds greater than 0 "
                                         f"and at most 1e9, not {quote(text)}")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="fourseasons", description="Four Seasons patience: solve "
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
                        "solves sampled orders of it; --nodes per sample, default 1000), fair-mc (the "
                        "Monte-Carlo fair player of solver/fair.py: votes of sampled orders on "
                        "every move; --nodes per sampled search, default 3000), or "
                        "'all' (the first three)")
    w.add_argument("--deals", type=_deals, default=None, help="how many deals (default 100)")
    w.add_argument("--first-seed", type=_seed, default=None,
                   help="seeds run first..first+deals-1 (default 0)")
    w.add_argument("--seeds", type=_seed_list, default=None, metavar="LIST",
                   help="the seeds to run instead, in this order: numbers and ranges, comma-"
                        "separated (5,9,20-29)")
    w.add_argument("--seconds", type=_seconds, default=1.0, help="solver time per deal (the prover: per search)")
    w.add_argument("--nodes", type=_positive_int, default=None,
                   help="solver nodes per deal (the prover: per search)")
    w.add_argument("--jobs", type=_jobs, default=None, help="worker processes")
    w.add_argument("--executor", choices=("process", "serial", "dask"), default="process",
                   help="process pool (default), this process, or Dask (a local cluster of "
                        "--jobs workers, or the cluster at --scheduler)")
    w.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="with --executor dask: a running Dask scheduler, e.g. tcp://host:8786")
    w.add_argument("--out", default=None, help="per-deal CSV file")
    w.add_argument("--summary", default=None,
                   help="also write one summary row per variant and player (CSV)")
    w.add_argument("--resume", action="store_true",
                   help="with --out: go on from OUT.partial, the deals an interrupted run of "
                        "the same command finished (each is written there as it ends)")
    w.add_argument("--no-progress", action="store_true")
    w.add_argument("--table", type=_table, default=None, metavar="SLOTS",
                   help="the solver and the prover: slots of the compiled searches' largest "
                        "table (the solver's, and the prover's proof search), a power of two "
                        "from 65536 to 2**34 (default 2**25, 48 bytes a slot: 2**28 takes "
                        "12.9 GB); a search whose table is full stops")
    w.add_argument("--streamline", action="store_true",
                   help="the solver and the prover, where runs move whole (sequences, "
                        "dick1883): a deal left unknown is solved again, with the same budget, "
                        "with single cards only (stricter rules: each of their wins is a win "
                        "of the real game, replayed through it)")
    w.add_argument("--disk-dir", default=None, metavar="FOLDER",
                   help="the prover only: after its in-memory proofs, the rank abstraction's "
                        "layers on disk in FOLDER (a research run: see docs/solver.md)")
    w.add_argument("--disk-positions", type=_positive_int, default=None,
                   help="with --disk-dir: positions per deal on disk (default: no limit)")
    w.add_argument("--disk-seconds", type=_seconds, default=None,
                   help="with --disk-dir: seconds per deal on disk (default: no limit)")
    w.add_argument("--disk-gb", type=_seconds, default=None,
                   help="with --disk-dir: GB of runs at most (default: half the free disk)")
    w.add_argument("--disk-partitions", type=_partitions, default=None, metavar="K",
                   help="with --disk-dir: walk each class of positions in K parts, 1 to "
                        f"{MAX_PARTITIONS} (default 1), a hash of the waste and foundations "
                        "choosing a position's part; with --executor dask the parts of a deal "
                        "are tasks of the cluster (FOLDER must then be one every worker sees), "
                        "otherwise they run one after the other in the deal's process")

    b = sub.add_parser("budgets", help="the solver on the same deals at several node budgets")
    b.add_argument("--variant", choices=list(VARIANTS), default="standard")
    b.add_argument("--deals", type=_deals, default=100)
    b.add_argument("--first-seed", type=_seed, default=0, help="seeds run first..first+deals-1")
    b.add_argument("--nodes", type=_budgets, required=True,
                   help="comma-separated node budgets per deal, e.g. 1000,3000,10000")
    b.add_argument("--seconds", type=_seconds, default=60.0,
                   help="a safety cap per deal (default 60; the node budget should decide)")
    b.add_argument("--jobs", type=_jobs, default=None, help="worker processes")
    b.add_argument("--executor", choices=("process", "serial"), default="process")
    b.add_argument("--out", default=None, help="CSV file: one row per budget")
    b.add_argument("--no-progress", action="store_true")

    v = sub.add_parser("survey", help="how far a loss proof from the deal gets on each deal, "
                                      "at a fixed budget; ranked narrowest first")
    v.add_argument("--variant", choices=list(VARIANTS), default="standard")
    v.add_argument("--unknown", action="store_true",
                   help="the deals the shipped classification leaves unknown (of the seeds "
                        "--first-seed … --first-seed + --deals - 1)")
    v.add_argument("--deals", type=_deals, default=1000)
    v.add_argument("--first-seed", type=_seed, default=0, help="seeds run first..first+deals-1")
    v.add_argument("--positions", type=_positive_int, default=4_000_000,
                   help="positions per deal (default 4,000,000)")
    v.add_argument("--table", type=_table, default=1 << 21,
                   help="slots of the largest layer table (a power of two; default 2**21)")
    v.add_argument("--out", default=None, help="CSV file: one row per deal, ranked")
    v.add_argument("--no-progress", action="store_true")

    t = sub.add_parser("settle", help="put the deals later runs settled (won, or proved lost) "
                                      "in place of a classification's unknown rows")
    t.add_argument("rows", nargs="+", metavar="ROWS",
                   help="per-deal files of winrate runs (--out), solver or prover")
    t.add_argument("--deals", required=True, metavar="FILE",
                   help="the per-deal classification to settle (.csv or .csv.gz), rewritten")
    t.add_argument("--summary", default=None, metavar="FILE",
                   help="its summary file (one row per variant): each variant touched is "
                        "counted again and its command gets the words of --then")
    t.add_argument("--then", default=None, metavar="TEXT",
                   help="with --summary: how the rows were made, added to the command")
    t.add_argument("--dry-run", action="store_true", help="check and count; write nothing")

    n = sub.add_parser("lines", help="the winning lines of a classification's won deals that "
                                     "took the solver more than 10,000 positions, solved "
                                     "again with their own budgets")
    n.add_argument("--deals", required=True, metavar="FILE",
                   help="the per-deal classification (.csv or .csv.gz)")
    n.add_argument("--variant", default="all",
                   help="one of " + ", ".join(VARIANTS) + ", or 'all' (the default)")
    n.add_argument("--seeds", type=_seed_list, default=None, metavar="LIST",
                   help="only these deals (5,9,20-29)")
    n.add_argument("--jobs", type=_jobs, default=None, help="worker processes")
    n.add_argument("--executor", choices=("process", "serial"), default="process")
    where = n.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", help="CSV file: one row per line")
    where.add_argument("--into", metavar="FILE",
                       help="a lines file (.csv or .csv.gz, made if missing) the new lines join, "
                            "in the classification's order (a deal's new line replaces its old)")
    n.add_argument("--no-progress", action="store_true")
    return p


def _table(text: str) -> int:
    value = ascii_int(text.strip())
    if value is None or value < 1 << 16 or value > 1 << 34 or value & (value - 1):
        raise argparse.ArgumentTypeError(f"a power of two from 65536 to 2**34, not {quote(text)}")
    return value


def _seed_list(text: str) -> list[int]:
    """``--seeds``: seeds and ranges, comma-separated, each seed once, at most MAX_DEALS."""
    seeds: list[int] = []
    seen: set[int] = set()
    for part in text.split(",", MAX_DEALS):
        part = part.strip()
        lo_text, dash, hi_text = part.partition("-")
        lo, hi = ascii_int(lo_text.strip()), ascii_int(hi_text.strip()) if dash else None
        if lo is None or (dash and (hi is None or hi < lo)) or max(lo, hi or 0) >= SEED_LIMIT:
            raise argparse.ArgumentTypeError(
                f"seeds and ranges from 0 to 2**63 - 1, comma-separated (5,9,20-29), not "
                f"{quote(part or text)}")
        last = lo if hi is None else hi
        if len(seeds) + last - lo + 1 > MAX_DEALS:
            raise argparse.ArgumentTypeError(f"at most {MAX_DEALS:,} seeds")
        for s in range(lo, last + 1):
            if s in seen:
                raise argparse.ArgumentTypeError(f"seed {s} is named twice")
            seen.add(s)
            seeds.append(s)
    return seeds


def _budgets(text: str) -> list[int]:
    parts = [x.strip() for x in text.split(",", MAX_BUDGETS) if x.strip()]
    values = [ascii_int(x) for x in parts]
    if not values or len(parts) > MAX_BUDGETS or any(
            v is None or not 1 <= v <= BUDGET_COUNT_LIMIT for v in values):
        raise argparse.ArgumentTypeError(
            f"a comma-separated list of at most {MAX_BUDGETS} node counts from 1 to 2**62, in "
            f"digits 0-9, not {quote(text)}")
    return sorted(set(values))


def _refuse(command: str, message: str) -> int:
    print(f"fourseasons {command}: {safe_text(message, 300)}", file=sys.stderr)
    return 2


def _check_seeds(first: int, deals: int) -> str | None:
    if first + deals > SEED_LIMIT:
        return (f"--first-seed {first} with --deals {deals} runs past the last seed, "
                "2**63 - 1")
    return None


def _check_outputs(*paths: str | None, partial: str | None = None) -> str | None:
    """Why the output files cannot be written (checked before any work), or ``None``.

    Each file is written to a temporary file beside it and renamed when complete, so the check
    makes (and removes) such a file: a folder may look writable and still refuse new files
    (``/proc``, a read-only mount, a full disk — ``os.access`` says yes to root everywhere).
    An existing output must be a regular file (renaming over ``/dev/null`` would replace the
    device).  ``partial`` (``OUT.partial``, appended to as deals end) must be a regular file
    if it exists."""
    import secrets

    seen: set[str] = set()
    for path in paths:
        if path is None:
            continue
        if not path or "\0" in path:
            return f"an output file needs a name, not {quote(path)}"
        full = os.path.abspath(path)
        if full in seen:
            return f"{quote(path)} is named for two outputs"
        seen.add(full)
        folder = os.path.dirname(full)
        if os.path.isdir(full):
            return f"{quote(path)} is a directory, not a file"
        if not os.path.isdir(folder):
            return f"the folder of {quote(path)} does not exist"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder of {quote(path)} is not writable"
        if os.path.exists(full) and not os.path.isfile(full):
            return f"{quote(path)} is not a regular file"
        if os.path.exists(full) and not os.access(full, os.W_OK):
            return f"{quote(path)} is not writable"
        tmp = f"{full}.{os.getpid()}-{secrets.token_hex(4)}.tmp"  # (as write_csv names it)
        try:
            with open(tmp, "x"):
                pass
            os.remove(tmp)
        except OSError as e:
            return (f"cannot create a file beside {quote(path)} "
                    f"({quote(e.strerror or type(e).__name__)})")
    if partial is not None:
        from ..solver.experiments import settings_path

        for kept in (partial, settings_path(partial)):  # (the run's settings kept beside it)
            if os.path.lexists(kept) and (
                    not os.path.isfile(kept) or not os.access(kept, os.R_OK | os.W_OK)):
                return f"{quote(kept)} is not a regular file this command can read and write"
    return None


def _ignore_sigint() -> None:  # (in each worker process: Ctrl-C is the parent's to handle)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Pool:
    """The worker processes of a run, stopped at once on Ctrl-C (a process pool's own
    shutdown waits for every deal queued: Ctrl-C did not stop ``--jobs 2`` in 20 s)."""

    def __init__(self, jobs: int | None) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)

    def stop(self) -> None:
        ex = self.executor
        processes = list((getattr(ex, "_processes", None) or {}).values())
        ex.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            with _suppress():
                proc.terminate()
        for proc in processes:
            with _suppress():
                proc.join(2)

    def close(self) -> None:
        self.executor.shutdown(wait=True)


def _pooled(a: argparse.Namespace, work):
    """``work(executor)`` in a pool of ``a.jobs`` worker processes (in this process with
    ``--executor serial``), the pool stopped at once on Ctrl-C (raised again)."""
    pool = None if a.executor == "serial" else _Pool(a.jobs)
    try:
        return work("serial" if pool is None else pool.executor)
    except KeyboardInterrupt:
        if pool is not None:
            pool.stop()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()


def _suppress():
    import contextlib

    return contextlib.suppress(Exception)


def _interrupted(what: str) -> int:
    print(f"\nfourseasons: interrupted; {what}", file=sys.stderr, flush=True)
    return INTERRUPTED


def cmd_solve(a: argparse.Namespace) -> int:
    from ..model.game import Game
    from ..solver.exact import solve

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
    r = solve(game, budget=Budget(seconds=a.seconds, positions=a.nodes))
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
    from ..solver.experiments import (
        EVERY_PLAYER,
        FAIR_PLAYERS,
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
            return _refuse("winrate", f"unknown variant {quote(v)}; choose one of "
                                      f"{', '.join(VARIANTS)}, or all")
    for pl in players:
        if pl not in PLAYERS:
            return _refuse("winrate", f"unknown player {quote(pl)}; choose one of "
                                      f"{', '.join(PLAYERS)}, or all")
    executor = None
    client = cluster = None
    pool = None
    if a.scheduler and a.executor != "dask":
        print("fourseasons: --scheduler needs --executor dask", file=sys.stderr)
        return 2
    if a.resume and not a.out:
        return _refuse("winrate", "--resume needs --out (it goes on from OUT.partial)")
    if a.streamline and not set(players) <= set(SEARCHERS):
        return _refuse("winrate", "--streamline is for --player solver or prover")
    if a.table is not None and not set(players) <= set(SEARCHERS):
        return _refuse("winrate", "--table is for --player solver or prover (the compiled "
                                  "solver's table)")
    disk = None
    if a.disk_dir is not None:
        if players != ["prover"] or not os.path.isdir(a.disk_dir):
            return _refuse("winrate", "--disk-dir is for --player prover, and names an "
                                      "existing folder")
        import shutil

        half = shutil.disk_usage(a.disk_dir).free // 2
        gb = None if a.disk_gb is None else int(a.disk_gb * 1e9)
        disk = {"dir": a.disk_dir, "positions": a.disk_positions, "seconds": a.disk_seconds,
                "bytes": half if gb is None else min(gb, half),
                "partitions": a.disk_partitions or 1}
    elif a.disk_partitions is not None:
        return _refuse("winrate", "--disk-partitions needs --disk-dir (it divides the search "
                                  "on disk)")
    # every finished deal is appended to OUT.partial at once (never under the final name), so
    # an interrupted run keeps it and --resume goes on from it
    partial = a.out + ".partial" if a.out else None
    if a.seeds is not None and (a.first_seed is not None or a.deals is not None):
        return _refuse("winrate", "--seeds names the deals: give it without --first-seed and "
                                  "--deals")
    first = 0 if a.first_seed is None else a.first_seed
    count = 100 if a.deals is None else a.deals
    why = (None if a.seeds is not None else _check_seeds(first, count)) or _check_outputs(
        a.out, a.summary, partial=partial)
    if why:
        return _refuse("winrate", why)
    resumed: list | None = None
    # (what changes a deal's verdict but is not in its row: a resumed run must have the same)
    settings = {"streamline": bool(a.streamline), "table": a.table,
                "disk": None if disk is None else {"positions": a.disk_positions,
                                                   "seconds": a.disk_seconds, "gb": a.disk_gb}}
    if a.resume:
        from ..solver.experiments import problem_report, read_checkpoint, settings_mismatch

        try:  # (read through the gate before any work: a row is checked, or dropped)
            resumed, problems = read_checkpoint(partial)
            differ = settings_mismatch(partial, settings) if os.path.exists(partial) else None
        except ValueError as e:
            return _refuse("winrate", f"cannot resume: {e} (remove it to start afresh)")
        if differ:
            return _refuse("winrate", f"cannot resume from {quote(partial)}: {differ} (run the "
                                      "same command, or remove it to start afresh)")
        for line in problem_report(partial, problems):
            print(f"fourseasons winrate: {safe_text(line, 300)}", file=sys.stderr)
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
            # (no dashboard, and its HTTP server on a free port, not 8787: a port in use
            #  there made distributed warn, and leak the socket it tried)
            cluster = LocalCluster(n_workers=a.jobs or os.cpu_count() or 2,
                                   threads_per_worker=1, dashboard_address=None,
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
            client = Client(cluster)
        executor = client.get_executor()
    else:
        pool = _Pool(a.jobs)
        executor = pool.executor
    seeds = a.seeds if a.seeds is not None else range(first, first + count)
    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv if x != "--resume")
    all_rows = []
    summaries = []
    checkpoint = None
    if partial:
        from ..solver.experiments import Checkpoint, finished_rows

        if not a.resume:
            Checkpoint.discard(partial)
        checkpoint = Checkpoint(partial, settings)
    try:
        for v in variants:
            for pl in players:
                t0 = time.perf_counter()
                done = finished_rows(partial, v, pl, a.nodes if pl in SEARCHERS or
                                     pl in FAIR_PLAYERS else None,
                                     a.seconds if pl in SEARCHERS else None,
                                     resumed) if a.resume else None
                if done:
                    print(f"{v} {pl}: {len(done)} deals from {partial} (resumed)", flush=True)
                rows = run_experiment(v, seeds, player=pl,
                                      budget=Budget(seconds=a.seconds, positions=a.nodes),
                                      executor=executor, jobs=a.jobs,
                                      progress=not a.no_progress, done=done,
                                      on_row=checkpoint, disk=disk, max_table=a.table,
                                      streamline=a.streamline)
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
                                             a.nodes if solver or pl in FAIR_PLAYERS else None,
                                             a.seconds if solver else None))
    except KeyboardInterrupt:
        if pool is not None:
            pool.stop()
            pool = None
        if checkpoint is not None:
            checkpoint.close()
        kept = "no file written"
        if partial and os.path.exists(partial) and len(_lines(partial)) > 1:
            kept = (f"the deals finished so far are in {partial}; the same command with "
                    "--resume goes on from them")
        elif partial:
            Checkpoint.discard(partial)
        return _interrupted(kept)
    finally:
        if checkpoint is not None:
            checkpoint.close()
        if pool is not None:
            pool.close()
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()  # (a client closes only a cluster it made itself: its workers
            #                  outlived the command)
    if a.out:
        write_csv(all_rows, a.out)
        if checkpoint is not None:
            Checkpoint.discard(partial)
    if a.summary:
        from ..solver.experiments import SUMMARY_FIELDS

        write_csv(summaries, a.summary, SUMMARY_FIELDS)
    return 0


def _lines(path: str) -> list[str]:
    with open(path) as f:
        return f.read().splitlines()


def cmd_budgets(a: argparse.Namespace, argv: list[str]) -> int:
    from ..solver.experiments import BUDGET_FIELDS, budget_curve, write_csv

    why = _check_seeds(a.first_seed, a.deals) or _check_outputs(a.out)
    if why:
        return _refuse("budgets", why)
    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    try:
        rows = _pooled(a, lambda ex: budget_curve(
            a.variant, seeds, a.nodes, command=command, max_seconds=a.seconds, executor=ex,
            jobs=a.jobs, progress=not a.no_progress))
    except KeyboardInterrupt:
        return _interrupted("no file written")
    for r in rows:
        print(f"{a.variant} solver, {r['max_nodes']} nodes per deal: won {r['won']}/{r['n']}, "
              f"lost {r['lost']}, unknown {r['unknown']}; 95% CI {100 * r['ci_low']:.1f}% – "
              f"{100 * r['ci_high']:.1f}% [{r['seconds']:.0f} s of search]", flush=True)
    if a.out:
        write_csv(rows, a.out, BUDGET_FIELDS)
    return 0


def cmd_survey(a: argparse.Namespace, argv: list[str]) -> int:
    from ..solver.experiments import write_csv
    from ..solver.survey import SURVEY_FIELDS, survey, unknown_seeds

    why = _check_seeds(a.first_seed, a.deals) or _check_outputs(a.out)
    if why:
        return _refuse("survey", why)
    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    if a.unknown:
        keep = set(unknown_seeds(a.variant))
        seeds = [s for s in seeds if s in keep]

    def progress(row: dict) -> None:
        if not a.no_progress:
            print(f"{row['variant']} {row['seed']}: {row['why']}, {row['layers_done']} layers "
                  f"done (last {row['last_width']:,}), {row['positions']:,} positions, "
                  f"{row['cpu_seconds']} s", flush=True)

    rows = survey(seeds, a.variant, budget=Budget(positions=a.positions), max_table=a.table,
                  command=command, progress=progress)
    if a.out:
        write_csv(rows, a.out, SURVEY_FIELDS)
    return 0


def cmd_settle(a: argparse.Namespace) -> int:
    from ..solver.settle import SettleError, settle

    if (a.summary is None) != (a.then is None):
        return _refuse("settle", "--summary and --then go together (a summary row says how "
                                 "its deals were settled)")
    if not a.dry_run:
        why = _check_outputs(a.deals, a.summary)
        if why:
            return _refuse("settle", why)
    try:
        done = settle(a.deals, a.rows, summary=a.summary, then=a.then, write=not a.dry_run)
    except SettleError as e:
        return _refuse("settle", str(e))
    variants = sorted({*done.won, *done.lost, *done.same, *done.unknown})
    for v in variants:
        line = (f"{v}: {done.won.get(v, 0)} deals won and {done.lost.get(v, 0)} proved lost "
                f"in place of unknown ones; {done.same.get(v, 0)} settled already, "
                f"{done.unknown.get(v, 0)} still unknown in these rows")
        if v in done.summary:
            c = done.summary[v]
            line += (f"; now {c['won']} won, {c['lost']} lost, {c['unknown']} unknown of "
                     f"{c['n']}: 95% CI {100 * c['ci_low']:.2f}% – {100 * c['ci_high']:.2f}%")
        print(line)
    if a.dry_run:
        print("(a dry run: nothing written)")
    return 0


def cmd_lines(a: argparse.Namespace, argv: list[str]) -> int:
    from ..solver.experiments import write_csv
    from ..solver.lines import LINE_FIELDS, line_rows, merge_lines
    from ..solver.settle import SettleError, read_deals

    if a.variant != "all" and a.variant not in VARIANTS:
        return _refuse("lines", f"unknown variant {quote(a.variant)}; choose one of "
                                f"{', '.join(VARIANTS)}, or all")
    why = _check_outputs(a.out or a.into)
    if why:
        return _refuse("lines", why)
    try:
        classified = read_deals(a.deals)
        if a.into:  # (a file that is not one is refused before the search)
            merge_lines(a.into, [], classified, write=False)
    except SettleError as e:
        return _refuse("lines", str(e))
    keep = None if a.seeds is None else set(a.seeds)
    deals = [d for d in classified if (a.variant == "all" or d["variant"] == a.variant)
             and (keep is None or d["seed"] in keep)]
    command = "fourseasons " + " ".join(shlex.quote(x) for x in argv)
    try:
        rows = _pooled(a, lambda ex: line_rows(deals, command=command, executor=ex,
                                               jobs=a.jobs, progress=not a.no_progress))
    except KeyboardInterrupt:
        return _interrupted("no file written")
    except RuntimeError as e:
        return _refuse("lines", str(e))
    same = sum(r["same"] for r in rows)
    print(f"{len(rows)} lines, {sum(r['moves'] for r in rows):,} moves; {same} re-runs counted "
          "the positions of their deal's row exactly")
    if a.out:
        write_csv(rows, a.out, LINE_FIELDS)
        return 0
    try:
        counts = merge_lines(a.into, rows, classified)
    except SettleError as e:
        return _refuse("lines", str(e))
    print(f"{a.into}: {counts['added']} added, {counts['replaced']} replaced, "
          f"{counts['unchanged']} unchanged; {counts['lines']} lines in all")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    a = build_parser().parse_args(argv)
    try:
        if a.command == "solve":
            return cmd_solve(a)
        if a.command == "budgets":
            return cmd_budgets(a, argv)
        if a.command == "survey":
            return cmd_survey(a, argv)
        if a.command == "settle":
            return cmd_settle(a)
        if a.command == "lines":
            return cmd_lines(a, argv)
        return cmd_winrate(a, argv)
    except KeyboardInterrupt:
        return _interrupted("no file written")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
