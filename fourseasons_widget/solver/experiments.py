"""Win-rate experiments: many seeded deals, any :class:`concurrent.futures.Executor`.

>>> rows = run_experiment("standard", range(3), player="heuristic", executor="serial",
...                       progress=False)
>>> summary = summarize(rows)
>>> summary.n
3

The deals are ``Game.new(seed=k, variant=v)``.  Each deal is one task (a plain function of
plain data, so it pickles for a process pool or a Dask cluster).  Pass ``executor=`` any
``Executor``: ``None`` makes a ``ProcessPoolExecutor(jobs)``, ``"serial"`` runs in this
process, and a Dask ``distributed`` client offers one as ``client.get_executor()``.

The ``prover`` classifies a deal: the solver first, then, if it neither won nor proved the loss,
the loss-proof search of :mod:`.proofs` with the same budget again, and where the rules allow it
(the standard game) the rank abstraction of :mod:`.abstraction` with the same budget once more
(a row's ``nodes`` counts them all).  Its ``lost`` is a proof: every reachable position searched,
in the game or in a bigger game that contains it.  The two proof searches run in the compiled
core (:mod:`.compiled`) where numba is installed (the same positions, faster; a task's
``"engine"`` may say ``"python"``).

Rates are reported honestly: for the solver and the prover, ``unknown`` deals (budget spent)
are neither won nor lost, so the 95% interval runs from the Wilson lower bound of ``won / n``
to the Wilson upper bound of ``(won + unknown) / n``.
"""

from __future__ import annotations

import contextlib
import csv
import sys
import time
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..budget import Budget, takes_budget
from ..validate import budget, quote, safe_text
from .intervals import mcnemar, wilson

PLAYERS = ("solver", "random", "heuristic", "prover", "fair", "fair-mc")
EVERY_PLAYER = ("solver", "random", "heuristic")  # what ``--player all`` runs
SEARCHERS = ("solver", "prover")  # the players that take a budget
#: the fair players (:func:`.players.play_fair`, and the Monte-Carlo player of :mod:`.fair`,
#: ``"fair-mc"``) take ``max_nodes`` too: per sampled order
FAIR = "fair"
FAIR_MC = "fair-mc"
FAIR_PLAYERS = (FAIR, FAIR_MC)
MAX_DEALS = 1_000_000  # deals in one experiment
MAX_BUDGETS = 50  # node budgets in one budget curve
MAX_JOBS = 256  # worker processes (more than the cores is allowed: a Dask cluster has more)
FIELDS = ("variant", "seed", "player", "outcome", "moves", "nodes", "seconds", "cards_home",
          "max_nodes", "max_seconds")


def _cluster(partitions: int):
    """Where a deal's search on disk runs its parts: a client of the Dask cluster this deal
    runs on (``worker_client``: the deal's thread leaves the worker's pool while its parts
    run), or ``None`` (this process, one part after the other) off a cluster or for one
    part."""
    if partitions > 1:
        try:
            from distributed import get_worker, worker_client

            get_worker()
        except (ImportError, ValueError):  # (no Dask, or not on one of its workers)
            pass
        else:
            return worker_client()
    return contextlib.nullcontext(None)


def run_deal(task: dict[str, Any]) -> dict[str, Any]:
    """Play or solve one deal; ``task`` holds variant, seed, player, max_seconds, max_nodes."""
    from ..model.game import MAX_MOVES, Game
    from .abstraction import abstraction_applies, prove_by_ranks
    from .exact import shorten_fully, solve
    from .players import play_heuristic, play_random
    from .proofs import prove

    game = Game.new(seed=task["seed"], variant=task["variant"])
    t0 = time.perf_counter()
    player = task.get("player", "solver")
    row = {k: task.get(k) for k in ("variant", "seed", "player", "max_nodes", "max_seconds")}
    row["player"] = player
    if player in SEARCHERS:
        budget = Budget(seconds=task.get("max_seconds"), positions=task.get("max_nodes"))
        # (with "streamline", a deal left unknown is solved again in the stricter rules,
        # single cards only, the same budget again: a win there is a win here, replayed
        # through this Game below; a loss there is nothing)
        r = solve(game, budget=budget, engine=task.get("engine", "auto"),
                  max_table=task.get("max_table"), streamline=bool(task.get("streamline")))
        verdict, moves, nodes = r.verdict, r.moves, r.nodes
        if player == "prover" and verdict == "unknown":
            p = prove(game, budget=budget, engine=task.get("engine", "auto"),
                      max_table=task.get("max_table"))
            verdict, nodes = p.verdict, nodes + p.nodes
            if p.verdict == "won":  # a depth-first line: shortened as solve() does
                raw = shorten_fully(game.rules, game.state, p.line)
                moves = [game.rules.engine.to_move(s, m) for s, m in _walk(game, raw)]
        if player == "prover" and verdict == "unknown" and abstraction_applies(
                game.rules, game.state.base):
            a = prove_by_ranks(game, budget=budget.replace(cancel=None, positions=(
                budget.positions or 1 << 62)), engine=task.get("engine", "auto"))
            verdict, nodes = a.verdict, nodes + a.positions
            disk = task.get("disk")
            if verdict == "unknown" and disk and game.rules.n_piles <= 5:
                # the same bigger game, its layers on disk (solver/external.py): a research run
                from .external import prove_by_ranks_on_disk

                parts = disk.get("partitions") or 1
                with _cluster(parts) as client:  # (on a Dask worker: its parts on the cluster)
                    d = prove_by_ranks_on_disk(game, workdir=disk["dir"],
                                               max_positions=disk.get("positions"),
                                               max_seconds=disk.get("seconds"),
                                               max_disk=disk.get("bytes"),
                                               engine=task.get("engine", "auto"),
                                               partitions=parts, executor=client)
                verdict, nodes = d.verdict, nodes + d.positions
                # (a row has no column for why the search stopped: the run's log keeps it)
                print(f"{task['variant']} deal {task['seed']}: the layers on disk: {d.verdict} "
                      f"({d.why}), {len(d.layers)} of {len(game.state.stock) + 1} stock layers"
                      f" walked, {d.positions:,} positions, at most {d.disk_peak / 1e9:.1f} GB "
                      f"on disk, {d.seconds:.0f} s", file=sys.stderr, flush=True)
        if verdict == "won":  # every line is checked again here, through the Game itself
            # (or, for a line longer than a Game holds, through the engine it plays by)
            if len(moves) <= MAX_MOVES:
                g = game.copy()
                for m in moves:
                    g.play(m)
                end = g.state
            else:
                end = game.state
                for m in moves:
                    raw = game.rules.engine.from_move(end, m)
                    if raw not in game.rules.moves(end):  # pragma: no cover
                        raise AssertionError(f"seed {task['seed']}: an illegal move {m}")
                    end = game.rules.apply(end, raw)
            if not end.is_won:  # pragma: no cover - solve() and prove() check this too
                raise AssertionError(f"seed {task['seed']}: the {player}'s line does not win")
        row.update(outcome=verdict, moves=len(moves), nodes=nodes,
                   cards_home=52 if verdict == "won" else game.state.cards_home)
        if task.get("keep_line") and verdict == "won":  # (solver/lines.py: the line itself)
            from .rows import encode_line

            row["line"] = encode_line(moves)
    elif player == FAIR:
        from .players import FAIR_NODES, play_fair

        p = play_fair(game, per_sample=Budget(positions=task.get("max_nodes") or FAIR_NODES),
                      seed=task["seed"])
        row.update(outcome=p.outcome, moves=len(p.moves), nodes=p.nodes,
                   cards_home=p.cards_home)
    elif player == FAIR_MC:
        from .fair import FAIR_MAX_NODES, play_fair_mc

        p = play_fair_mc(game, per_sample=Budget(positions=task.get("max_nodes")
                                                 or FAIR_MAX_NODES))
        row.update(outcome=p.outcome, moves=len(p.moves), nodes=p.nodes,
                   cards_home=p.cards_home)
    elif player in ("random", "heuristic"):
        p = play_random(game, seed=task["seed"]) if player == "random" else play_heuristic(game)
        row.update(outcome=p.outcome, moves=len(p.moves), nodes=0, cards_home=p.cards_home)
    else:
        raise ValueError(f"unknown player {quote(player)}; choose one of {', '.join(PLAYERS)}")
    row["seconds"] = round(time.perf_counter() - t0, 4)
    return row


def _walk(game, line):
    """(position, raw move) along an engine line from the game's position."""
    s = game.state
    for m in line:
        yield s, m
        s = game.rules.apply(s, m)


class _Serial(Executor):
    """Runs each task at once, in this process (an ``Executor`` for tests and small runs)."""

    def submit(self, fn, /, *args, **kwargs):
        from concurrent.futures import Future

        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:
            f.set_exception(e)
        return f


@takes_budget({"max_seconds": "seconds", "max_nodes": "positions"},
              honours=("seconds", "positions"))
def run_experiment(variant: str, seeds: Iterable[int], *, player: str = "solver",
                   budget: Budget = Budget(seconds=1.0), executor: Executor | str | None = None, jobs: int | None = None,
                   progress: bool = True, done: dict[int, dict[str, Any]] | None = None,
                   on_row: Any = None, disk: dict[str, Any] | None = None,
                   max_table: int | None = None, streamline: bool = False,
                   ) -> list[dict[str, Any]]:
    """Run ``player`` on ``Game.new(seed=k, variant=variant)`` for each seed; one row per
    deal (see :data:`FIELDS`), in seed order.  ``budget``: each deal's (its seconds and
    positions; one second by default), recorded in the rows as ``max_seconds`` and
    ``max_nodes``.

    ``done`` holds rows already made (by seed: a run resumed, see :func:`finished_rows`): those
    deals are not run again.  ``on_row(row)`` is called with each new row as it arrives (the
    command line appends it to a checkpoint file).  ``disk`` (the prover only, where the rank
    abstraction applies): after the in-memory proofs, the rank abstraction's layers on disk
    (:func:`~.external.prove_by_ranks_on_disk`) in the folder ``disk["dir"]``, with
    ``disk["positions"]``, ``disk["seconds"]`` and ``disk["bytes"]`` as its budgets (each may
    be ``None``), and ``disk["partitions"]`` parts a class (1 by default; on a Dask cluster,
    ``executor=client.get_executor()``, a deal's parts are tasks of the cluster, so
    ``disk["dir"]`` must be a folder every worker sees).  ``max_table`` (the solver and the
    prover): the slots of the compiled searches' largest table — the solver's and the prover's
    proof search (a power of two from 2^16 to 2^34; 2^25 by default, 48 bytes a slot), for
    research runs on a big machine.
    ``streamline`` (the solver and the prover, in the variants that move runs whole): a deal
    the solver leaves unknown is solved again, with the same budget, in the stricter rules of
    :func:`~.exact.streamlined` (single cards only), before any proof; a win there counts won,
    its line replayed through the real Game."""
    import numbers

    from ..model.rules import VARIANTS
    from ..validate import SEED_LIMIT, choice, flag, take, workers
    from ..validate import budget as check_budget

    variant = choice(variant, "variant", VARIANTS)
    if player not in PLAYERS:
        raise ValueError(f"unknown player {quote(player)}; choose one of {', '.join(PLAYERS)}")
    progress = flag(progress, "progress")
    if done is not None and not isinstance(done, dict):
        raise ValueError(f"done must be None or a dict of rows by seed, not {quote(done)}")
    if on_row is not None and not callable(on_row):
        raise ValueError(f"on_row must be None or a function of a row, not {quote(on_row)}")
    if not (executor is None or executor == "serial" or isinstance(executor, Executor) or (
            not isinstance(executor, str) and callable(getattr(executor, "submit", None)))):
        raise ValueError(f"executor must be None, 'serial' or a concurrent.futures.Executor, "
                         f"not {quote(executor)}")
    max_seconds, max_nodes = budget.seconds, budget.positions
    jobs = workers(jobs, "jobs", MAX_JOBS)
    seeds = take(seeds, MAX_DEALS, "seeds")  # (read lazily: an endless iterable is refused)
    for k in seeds:
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k < SEED_LIMIT:
            raise ValueError(f"a seed is an integer from 0 to 2**63 - 1, not {quote(k)}")
    streamline = flag(streamline, "streamline")
    if streamline and player not in SEARCHERS:
        raise ValueError(f"streamline is for the solver and the prover, not {quote(player)}")
    if max_table is not None:
        from .compiled import check_table

        if player not in SEARCHERS:
            raise ValueError(f"max_table is for the solver and the prover, not {quote(player)}")
        max_table = check_table(max_table)
    if disk is not None:
        import os

        from .external import check_partitions

        if player != "prover" or not isinstance(disk, dict) or not isinstance(
                disk.get("dir"), str) or not os.path.isdir(disk["dir"]):
            raise ValueError("disk is for the prover: a dict whose 'dir' is an existing folder")
        disk = {"dir": disk["dir"],
                "positions": check_budget(disk.get("positions"), "disk positions",
                                          integer=True),
                "seconds": check_budget(disk.get("seconds"), "disk seconds"),
                "bytes": check_budget(disk.get("bytes"), "disk bytes", integer=True),
                "partitions": check_partitions(disk.get("partitions", 1))}
    tasks = [{"variant": variant, "seed": int(k), "player": player,
              "max_seconds": max_seconds if player in SEARCHERS else None,
              "max_nodes": max_nodes if player in (*SEARCHERS, *FAIR_PLAYERS) else None,
              **({"disk": disk} if disk is not None else {}),
              **({"max_table": max_table} if max_table is not None else {}),
              **({"streamline": True} if streamline else {})}
             for k in seeds]
    rows: dict[int, dict[str, Any]] = {}
    for t in tasks:
        if done and t["seed"] in done:
            rows[t["seed"]] = done[t["seed"]]
    todo = [t for t in tasks if t["seed"] not in rows]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(tasks), initial=len(rows), desc=f"{variant} {player}",
                   unit="deal")
    def take(seed: int, row: dict[str, Any]) -> None:
        rows[seed] = row
        if on_row is not None:
            on_row(row)
        if bar is not None:
            bar.set_postfix(won=sum(r["outcome"] == "won" for r in rows.values()))
            bar.update(1)

    try:
        with contextlib.closing(each_done(todo, executor, jobs)) as ended:
            for t, row in ended:
                take(t["seed"], row)
    finally:
        if bar is not None:
            bar.close()
    return [rows[t["seed"]] for t in tasks]


def each_done(tasks: list[dict[str, Any]], executor=None, jobs: int | None = None):
    """:func:`run_deal` on each task, in ``executor`` (``None``: a process pool of ``jobs``
    workers, shut down at the end; ``"serial"``: this process, one task after the other, in
    order): yields ``(task, row)`` as each ends."""
    from concurrent.futures import as_completed

    own = None
    if executor is None:
        executor = own = ProcessPoolExecutor(max_workers=jobs)
    elif executor == "serial":
        executor = own = _Serial()
    try:
        if isinstance(executor, _Serial):  # one deal after the other, each kept as it ends
            for t in tasks:
                yield t, run_deal(t)
        else:
            futures = {executor.submit(run_deal, t): t for t in tasks}
            for f in as_completed(futures):
                yield futures[f], f.result()
    finally:
        if own is not None:
            own.shutdown()


class CheckpointError(ValueError):
    """A checkpoint file that cannot be resumed from (not this package's, or unreadable)."""


#: the most problems a resumed run reports one by one (the rest are counted)
REPORT_LIMIT = 10


def read_checkpoint(path) -> tuple[list[dict[str, Any]], list[str]]:
    """The rows of a checkpoint file (per-deal CSV, :data:`FIELDS`), each read through the
    project's gate (:func:`~.rows.experiment_row`), and the problems
    found: one short line per row dropped (its line number and why).  A missing or empty file
    is no rows.  A file that is not such a checkpoint (its first line is not the header, it is
    a folder, it cannot be read) raises :class:`CheckpointError` with a short message.

    The file is outside input (a crash, a disk, a person or another program may have written
    anything there): lines are read as bytes, at most :data:`~.rows.CSV_LINE_LIMIT` at a
    time, so a 2 MB field, a ``\\xff`` byte or a NUL is one line dropped, not a traceback; a
    UTF-8 byte-order mark before the header is allowed (an editor may add one); a second row
    for the same deal is dropped (the first is kept)."""
    import os

    from ..model.rules import VARIANTS
    from ..validate import quote_error
    from .rows import CSV_LINE_LIMIT, experiment_row

    name = os.path.basename(os.fspath(path))
    try:
        f = open(path, "rb")  # noqa: SIM115 (closed below)
    except FileNotFoundError:
        return [], []
    except OSError as e:
        raise CheckpointError(f"cannot read {name}: {quote_error(e, 120)}") from None
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    seen: set[tuple] = set()
    header = ",".join(FIELDS)
    with f:
        number = 0
        while True:
            try:
                line = f.readline(CSV_LINE_LIMIT + 1)
            except OSError as e:  # (a folder, a device that refuses to be read)
                raise CheckpointError(f"cannot read {name}: {quote_error(e, 120)}") from None
            if not line:
                break
            number += 1
            too_long = len(line) > CSV_LINE_LIMIT
            while too_long and not line.endswith(b"\n"):  # skip the rest of the line
                line = f.readline(1 << 16)
                if not line:
                    break
            if number == 1:
                if line.startswith(b"\xef\xbb\xbf"):
                    line = line[3:]
                if too_long or line.rstrip(b"\r\n") != header.encode():
                    raise CheckpointError(
                        f"{name} is not a checkpoint of this command: its first line is "
                        f"not the header {header}")
                continue
            why = None
            if too_long:
                why = f"longer than {CSV_LINE_LIMIT} bytes"
            elif not line.endswith(b"\n"):
                why = "cut short (the run was interrupted while writing it)"
            else:
                try:
                    text = line.decode("ascii").rstrip("\r\n")
                    cells = next(csv.reader([text]), [])
                    row = experiment_row(cells, FIELDS, VARIANTS, PLAYERS)
                except UnicodeDecodeError:
                    why = "not ASCII text"
                except (ValueError, csv.Error) as e:
                    why = quote_error(e, 120)
                else:
                    key = (row["variant"], row["player"], row["seed"], row["max_nodes"],
                           row["max_seconds"])
                    if key in seen:
                        why = f"deal {row['seed']} again (the first row is kept)"
                    else:
                        seen.add(key)
                        rows.append(row)
            if why is not None:
                problems.append(f"line {number}: {why}")
    return rows, problems


def problem_report(path, problems: list[str]) -> list[str]:
    """The lines a resumed run prints about the rows it dropped: at most :data:`REPORT_LIMIT`
    one by one, the rest counted."""
    import os

    name = os.path.basename(os.fspath(path))
    out = [f"{name} {p}: dropped" for p in problems[:REPORT_LIMIT]]
    if len(problems) > REPORT_LIMIT:
        out.append(f"{name}: {len(problems) - REPORT_LIMIT} more lines dropped")
    return out


def finished_rows(path, variant: str, player: str, max_nodes: int | None,
                  max_seconds: float | None, rows: list[dict[str, Any]] | None = None,
                  ) -> dict[int, dict[str, Any]]:
    """The rows of a checkpoint file (see :func:`read_checkpoint`; or ``rows`` already read
    from it) made by the same run: ``variant``, ``player`` and budget alike (a row of another
    budget is never reused), by seed.  A missing file is no rows; a malformed row is dropped
    (:func:`read_checkpoint` says which and why)."""
    if rows is None:
        rows, _ = read_checkpoint(path)
    searcher = player in SEARCHERS
    want_nodes = max_nodes if searcher or player in FAIR_PLAYERS else None
    want_seconds = max_seconds if searcher else None
    return {r["seed"]: r for r in rows
            if (r["variant"], r["player"]) == (variant, player)
            and r["max_nodes"] == want_nodes
            and (r["max_seconds"] is None if want_seconds is None
                 else r["max_seconds"] == float(want_seconds))}


def _cells(row: dict[str, Any], fields) -> dict[str, Any]:
    """A row's cells as written: each checked by the gate (:func:`~.rows.csv_cell`)."""
    from .rows import csv_cell

    return {k: csv_cell(row.get(k), k) for k in fields}


#: the settings of a run that change its verdicts but are not in its rows (``--streamline``,
#: ``--table``, the search on disk's limits), as a run that sets none of them has them
DEFAULT_SETTINGS: dict[str, Any] = {"streamline": False, "table": None, "disk": None}


def settings_path(path) -> str:
    """Where a checkpoint file's run settings are kept: beside it, ``PATH.json``."""
    import os

    return os.fspath(path) + ".json"


def settings_mismatch(path, settings: dict[str, Any]) -> str | None:
    """Why the rows of the checkpoint file ``path`` must not be reused by a run with
    ``settings`` (a dict of :data:`DEFAULT_SETTINGS`' keys), or ``None`` when they may.

    A row says its variant, player and budget (:func:`finished_rows` matches those) but not
    whether the run streamlined, the size of its table or its search on disk: those are kept
    beside the file (:func:`settings_path`, written by :class:`Checkpoint`).  A checkpoint
    without that file was made by a run with the default settings (as every run of an earlier
    release was, unless it said otherwise).  The file is outside input: anything but such a
    dict raises :class:`CheckpointError` with a short message."""
    import json
    import os

    from ..validate import quote_error

    want = {**DEFAULT_SETTINGS, **settings}
    name = os.path.basename(settings_path(path))
    try:
        with open(settings_path(path), "rb") as f:
            data = f.read(4097)
    except FileNotFoundError:
        had = dict(DEFAULT_SETTINGS)
    except OSError as e:
        raise CheckpointError(f"cannot read {name}: {quote_error(e, 120)}") from None
    else:
        try:
            had = json.loads(data) if len(data) <= 4096 else None
        except ValueError:
            had = None
        if not isinstance(had, dict) or set(had) != set(DEFAULT_SETTINGS):
            raise CheckpointError(f"{name} is not the settings of a run")
    differ = [k for k in DEFAULT_SETTINGS if had[k] != want[k]]
    if not differ:
        return None

    def said(d: dict[str, Any]) -> str:
        out = [("--streamline" if d["streamline"] else "no --streamline")
               if "streamline" in differ else "",
               (f"--table {d['table']}" if d["table"] is not None else "the default table")
               if "table" in differ else "",
               (f"the search on disk ({d['disk']})" if d["disk"] is not None
                else "no search on disk") if "disk" in differ else ""]
        return ", ".join(x for x in out if x)

    return safe_text(f"its deals were run with {said(had)}, this command has {said(want)}", 300)


class Checkpoint:
    """Appends each finished deal's row to a per-deal CSV file at once (flushed and synced),
    so an interrupted run keeps what it finished and ``finished_rows`` can resume it.
    ``settings`` (see :func:`settings_mismatch`), given for a new file, are written beside
    it."""

    def __init__(self, path, settings: dict[str, Any] | None = None) -> None:
        import json
        import os

        self.path = os.fspath(path)
        if settings is not None and not os.path.exists(self.path):
            with open(settings_path(self.path), "w") as f:
                json.dump({**DEFAULT_SETTINGS, **settings}, f, sort_keys=True)
        if os.path.exists(self.path):  # a last line cut short by an interruption: dropped
            with open(self.path, "rb+") as f:
                data = f.read()
                if data and not data.endswith(b"\n"):
                    f.truncate(data.rfind(b"\n") + 1)
        new = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        self.file = open(self.path, "a", newline="")  # noqa: SIM115 (closed by close())
        self.writer = csv.DictWriter(self.file, fieldnames=FIELDS)
        if new:
            self.writer.writeheader()
        self._sync()

    def _sync(self) -> None:
        import os

        self.file.flush()
        os.fsync(self.file.fileno())

    def __call__(self, row: dict[str, Any]) -> None:
        self.writer.writerow(_cells(row, FIELDS))
        self._sync()

    def close(self) -> None:
        self.file.close()

    @staticmethod
    def discard(path) -> None:
        """Remove the checkpoint file ``path`` and the settings kept beside it, where they
        are (a run that finished, or one that starts afresh)."""
        import os

        for kept in (os.fspath(path), settings_path(path)):
            if os.path.exists(kept):
                os.remove(kept)


@dataclass
class Summary:
    """Counts and an honest 95% interval: ``low`` is the Wilson lower bound of ``won/n``,
    ``high`` the Wilson upper bound of ``(won + unknown)/n``."""

    n: int
    won: int
    lost: int
    unknown: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.won / self.n if self.n else 0.0

    def __str__(self) -> str:
        unk = f", {self.unknown} unknown" if self.unknown else ""
        return (f"won {self.won}/{self.n} ({100 * self.rate:.1f}%), lost {self.lost}{unk}; "
                f"95% CI {100 * self.low:.1f}% – {100 * self.high:.1f}%")


def summarize(rows: list[dict[str, Any]]) -> Summary:
    n = len(rows)
    won = sum(r["outcome"] == "won" for r in rows)
    unknown = sum(r["outcome"] == "unknown" for r in rows)
    lost = n - won - unknown  # "lost" (proved) for the solver, "stuck" for a player
    return Summary(n, won, lost, unknown, wilson(won, n)[0], wilson(won + unknown, n)[1])


def write_csv(rows: list[dict[str, Any]], path, fields: list[str] | tuple[str, ...] = FIELDS,
              ) -> None:
    """Write ``rows`` as CSV with the columns ``fields`` (the per-deal columns by default; the
    summary and budget-curve files pass theirs).  Written to a temporary file in the same
    folder and renamed when complete: an interrupted write never leaves a file that looks
    whole."""
    import io

    out = io.StringIO(newline="")
    w = csv.DictWriter(out, fieldnames=fields)
    w.writeheader()
    for r in rows:
        w.writerow(_cells(r, fields))
    write_whole(path, out.getvalue().encode())


def write_whole(path, data: bytes) -> None:
    """``data`` to ``path`` through a temporary file in the same folder, renamed when
    complete (the one way the package's files are written: an interrupted write never leaves a
    file that looks whole)."""
    import os
    import secrets

    path = os.fspath(path)
    tmp = f"{path}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "xb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


def write_text(path, text: str) -> None:
    """ASCII ``text`` to ``path`` — gzip, reproducibly (no name of the moment, no time: the same
    text gives the same bytes), where the name ends in ``.gz`` — through :func:`write_whole`."""
    import gzip
    import io
    import os

    path = os.fspath(path)
    data = text.encode("ascii")
    if path.endswith(".gz"):
        buf = io.BytesIO()
        inner = os.path.basename(path)[:-3]
        with gzip.GzipFile(filename=inner, mode="wb", fileobj=buf, mtime=0,
                           compresslevel=9) as g:
            g.write(data)
        data = buf.getvalue()
    write_whole(path, data)


def read_csv(path) -> list[dict[str, Any]]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


SUMMARY_FIELDS = ("variant", "player", "n", "won", "lost", "unknown", "rate", "ci_low",
                  "ci_high", "max_nodes", "max_seconds", "command")


def summary_row(variant: str, player: str, rows: list[dict[str, Any]], command: str,
                max_nodes: int | None = None, max_seconds: float | None = None) -> dict:
    s = summarize(rows)
    return {"variant": variant, "player": player, "n": s.n, "won": s.won, "lost": s.lost,
            "unknown": s.unknown, "rate": round(s.rate, 4), "ci_low": round(s.low, 4),
            "ci_high": round(s.high, 4), "max_nodes": max_nodes, "max_seconds": max_seconds,
            "command": command}


BUDGET_FIELDS = (*SUMMARY_FIELDS[:-1], "seconds", "command")


def budget_curve(variant: str, seeds: Iterable[int], budgets: Iterable[int], *,
                 command: str = "", max_seconds: float | None = 60.0,
                 executor: Executor | str | None = None, jobs: int | None = None,
                 progress: bool = True) -> list[dict[str, Any]]:
    """The solver on the same deals at several node budgets: one summary row per budget
    (:data:`BUDGET_FIELDS`; ``seconds`` is the search time summed over the deals).

    Each budget is a separate run: the solver's portfolio shares its budget out in proportion,
    so a run at a larger budget is not a continuation of a smaller one.

    >>> rows = budget_curve("simplicity", range(2), [500], executor="serial", progress=False)
    >>> [(r["max_nodes"], r["n"]) for r in rows]
    [(500, 2)]
    """
    from ..validate import take

    seeds = take(seeds, MAX_DEALS, "seeds")  # (read lazily: an endless iterable is refused)
    max_seconds = budget(max_seconds, "max_seconds")
    budgets = [budget(b, "a node budget", integer=True)
               for b in take(budgets, MAX_BUDGETS, "budgets")]
    out = []
    for b in budgets:
        rows = run_experiment(variant, seeds, player="solver",
                              budget=Budget(seconds=max_seconds, positions=int(b)),
                              executor=executor, jobs=jobs, progress=progress)
        row = summary_row(variant, "solver", rows, command, int(b), max_seconds)
        row["seconds"] = round(sum(float(r["seconds"]) for r in rows), 1)
        out.append(row)
    return out


def load_budget_curve() -> list[dict[str, str]]:
    """The shipped budget curve (``fourseasons_widget/data/budgets.csv``): the solver's win
    rate on the same deals at several node budgets, with the command that regenerates it."""
    from importlib.resources import files

    text = files("fourseasons_widget").joinpath("data/budgets.csv").read_text()
    return list(csv.DictReader(text.splitlines()))


def load_deals(classification: bool = False) -> list[dict[str, str]]:
    """The shipped per-deal results (``fourseasons_widget/data/winrates-deals.csv.gz``, or with
    ``classification=True`` the prover's ``classification-deals.csv.gz``): one row per variant,
    player and seed (see :data:`FIELDS`)."""
    import gzip
    from importlib.resources import files

    name = "classification-deals" if classification else "winrates-deals"
    raw = files("fourseasons_widget").joinpath(f"data/{name}.csv.gz").read_bytes()
    return list(csv.DictReader(gzip.decompress(raw).decode().splitlines()))


def load_classification() -> list[dict[str, str]]:
    """The shipped classification (``fourseasons_widget/data/classification.csv``): per variant,
    the prover's deals won / proved lost / unknown (see :func:`run_deal`), the honest 95%
    interval of the perfect-play win rate, the budget, and the command that regenerates it."""
    from importlib.resources import files

    text = files("fourseasons_widget").joinpath("data/classification.csv").read_text()
    return list(csv.DictReader(text.splitlines()))


@dataclass(frozen=True)
class Known:
    """What the shipped classification (:func:`load_classification`) knows of one deal:
    ``verdict`` ``"won"`` (a line the Game replayed), ``"lost"`` (a sound search exhausted the
    deal) or ``"unknown"`` (neither, within ``max_positions`` a search); ``positions`` the
    run that settled it searched and ``moves`` its winning line's length (0 unless won);
    ``unknown`` and ``n``: how many deals of the variant's classification are unknown, of how
    many."""

    verdict: str
    positions: int
    moves: int
    max_positions: int | None
    unknown: int
    n: int
    player: str = "prover"

    @property
    def by_stricter_rules(self) -> bool:
        """Won by the streamliner (``--streamline``: single cards only) after the real rules'
        search spent its whole budget: a solver's row that counts more positions than one
        budget, both searches' (a search stops at its budget; a prover's row may count more,
        its proof search's too, which can end in a win)."""
        return (self.verdict == "won" and self.player == "solver"
                and self.max_positions is not None and self.positions > self.max_positions)


_KNOWN: dict = {}


def known_verdict(game) -> Known | None:
    """The shipped classification's verdict on ``game``'s deal, or ``None`` where the deal is
    not in it: a game not dealt from a seed by :meth:`Game.new <fourseasons_widget.model.game.
    Game.new>`, a seed the classification did not run, or another reading of the rules than the
    variant's defaults the classification played by (PySolFC's rules, another wrap…).  The
    board's "How could it have been won?" says it beside its own search.

    >>> from fourseasons_widget import Game
    >>> known_verdict(Game.new(seed=198)).verdict
    'lost'
    >>> known_verdict(Game.new(seed=198, rules="pysol")) is None
    True
    """
    from ..model.game import Game
    from ..validate import is_int

    seed, variant = getattr(game, "seed", None), getattr(game, "variant", None)
    if not is_int(seed) or isinstance(seed, bool) or not isinstance(variant, str):
        return None
    if not _KNOWN:
        counts = {r["variant"]: (int(r["unknown"]), int(r["n"])) for r in load_classification()}
        for d in load_deals(classification=True):
            _KNOWN[(d["variant"], int(d["seed"]))] = Known(
                d["outcome"], int(d["nodes"] or 0), int(d["moves"] or 0),
                int(d["max_nodes"]) if d["max_nodes"] else None, *counts[d["variant"]],
                player=d["player"])
    known = _KNOWN.get((variant, seed))
    if known is None:
        return None
    try:
        dealt = Game.new(seed=seed, variant=variant)
    except (ValueError, TypeError):  # pragma: no cover - every classified variant deals
        return None
    # (the same deal, played by the same rules: the variant's defaults)
    if game.rules != dealt.rules or game.start != dealt.start:
        return None
    return known


def load_compiled_speed() -> list[dict[str, str]]:
    """``fourseasons_widget/data/compiled-speed.csv``: the compiled core against the pure-Python
    reference on the same searches (``benchmarks/solver.py --compiled-only --speed-out``): per
    search, its start, verdict, positions (equal in both), CPU seconds of each, and the ratio."""
    from importlib.resources import files

    text = files("fourseasons_widget").joinpath("data/compiled-speed.csv").read_text()
    return list(csv.DictReader(text.splitlines()))


def load_reach() -> list[dict[str, str]]:
    """``fourseasons_widget/data/reach-from-deal.csv``: how far the compiled rank abstraction
    gets from the deal itself (``benchmarks/solver.py --reach``): per deal, verdict, why it
    stopped, the stock layers walked (of 47), positions, the largest layer, CPU seconds, and
    the positions of each layer."""
    from importlib.resources import files

    text = files("fourseasons_widget").joinpath("data/reach-from-deal.csv").read_text()
    return list(csv.DictReader(text.splitlines()))


def load_winrates() -> list[dict[str, str]]:
    """The shipped results (``fourseasons_widget/data/winrates.csv``): one row per variant
    and player, with the budget and the command that regenerates it."""
    from importlib.resources import files

    text = files("fourseasons_widget").joinpath("data/winrates.csv").read_text()
    return list(csv.DictReader(text.splitlines()))


def load_fair_mc(deals: bool = False) -> list[dict[str, str]]:
    """The shipped run of the fair Monte-Carlo player (:mod:`.fair`, ``--player fair-mc``):
    ``fourseasons_widget/data/fair-mc.csv`` (its summary row, with its budget and command) or,
    with ``deals=True``, its per-deal rows (``fair-mc-deals.csv.gz``: :data:`FIELDS`; a row's
    ``seconds`` over its ``moves`` is the player's time per move)."""
    import gzip
    from importlib.resources import files

    data = files("fourseasons_widget").joinpath("data")
    if deals:
        raw = data.joinpath("fair-mc-deals.csv.gz").read_bytes()
        return list(csv.DictReader(gzip.decompress(raw).decode().splitlines()))
    return list(csv.DictReader(data.joinpath("fair-mc.csv").read_text().splitlines()))


#: the columns of :func:`paired_table`
PAIRED_FIELDS = ("player", "n", "won", "unknown", "rate", "ci_low", "ci_high", "only_player",
                 "only_baseline", "p_value", "seconds_per_move")


def paired_table(players: dict[str, list[dict[str, Any]]], baseline: str = "heuristic",
                 ) -> list[dict[str, Any]]:
    """Several players' per-deal rows (:data:`FIELDS`, as read from a CSV or made by
    :func:`run_experiment`) compared **on the deals they all played**: per player its wins, its
    rate with the honest 95% interval of :func:`summarize`, McNemar's exact paired test against
    ``baseline`` (the deals only the player won, only the baseline won, and the two-sided
    p-value: :func:`~.intervals.mcnemar`) and its mean seconds per move (a row's ``seconds``
    over its ``moves``, the deals with moves; the machine's speed, not the rules', so a figure
    to read beside its machine).

    >>> a = [{"seed": k, "outcome": "won" if k < 3 else "stuck", "moves": 10, "seconds": 1.0}
    ...      for k in range(5)]
    >>> b = [{"seed": k, "outcome": "won" if k < 1 else "stuck", "moves": 10, "seconds": 0.1}
    ...      for k in range(5)]
    >>> [(r["player"], r["won"], r["only_player"], r["only_baseline"])
    ...  for r in paired_table({"fair": a, "heuristic": b})]
    [('fair', 3, 2, 0), ('heuristic', 1, 0, 0)]
    """

    if baseline not in players:
        raise ValueError(f"the baseline {quote(baseline)} is not one of the players")
    by_seed = {name: {int(r["seed"]): r for r in rows} for name, rows in players.items()}
    common = sorted(set.intersection(*(set(d) for d in by_seed.values())))
    base = [by_seed[baseline][k]["outcome"] == "won" for k in common]
    out = []
    for name, d in by_seed.items():
        rows = [d[k] for k in common]
        s = summarize(rows)
        won = [r["outcome"] == "won" for r in rows]
        m = mcnemar(won, base)
        timed = [(float(r["seconds"]), int(r["moves"])) for r in rows
                 if r.get("seconds") not in (None, "") and int(r.get("moves") or 0) > 0]
        per_move = (sum(sec for sec, _ in timed) / sum(mv for _, mv in timed)) if timed else None
        out.append({"player": name, "n": s.n, "won": s.won, "unknown": s.unknown,
                    "rate": s.rate, "ci_low": s.low, "ci_high": s.high,
                    "only_player": m.only_first, "only_baseline": m.only_second,
                    "p_value": m.p_value, "seconds_per_move": per_move})
    return out


def load_fair(deals: bool = False) -> list[dict[str, str]]:
    """The shipped runs of the fair player (``fourseasons_widget/data/fair.csv``: one row per
    run, with its budget and command; with ``deals=True`` the per-deal rows of
    ``fair-deals.csv.gz``, whose ``max_nodes`` tells the runs apart)."""
    import gzip
    from importlib.resources import files

    data = files("fourseasons_widget").joinpath("data")
    if deals:
        raw = data.joinpath("fair-deals.csv.gz").read_bytes()
        return list(csv.DictReader(gzip.decompress(raw).decode().splitlines()))
    return list(csv.DictReader(data.joinpath("fair.csv").read_text().splitlines()))
