"""The rank abstraction's layered search on disk: a proof from the deal no longer limited by
the memory (Korf's external-memory search with delayed duplicate detection).

The in-memory search (:func:`~.abstraction.prove_by_ranks`, compiled:
:func:`~.compiled.rank_layers`) holds a whole stock layer in one hash table; on the standard
deals that table outgrows its 2^25 slots between stock layer 23 and 36 of the deal's 47.  This
module walks the same positions of the same bigger game (the soundness argument, and the safe
moves home, are :mod:`.abstraction`'s) with only a small part of a layer in memory: the rest is
on disk as sorted runs of packed positions, merged when they are needed.

Why a layer can be walked in small pieces
-----------------------------------------
A position of the bigger game packs into two 64-bit words (as in the compiled core): word 0 the
cross's shapes, word 1 the waste (a mask of the turned cards) and the four foundation counts;
the stock index is the layer's.  Inside a stock layer a move either keeps word 1 — a pile's top
onto another top or into a space, which the safe moves home never follow (a card safe to send
home is a top already) — or raises the *height* ``h = cards home + cards turned − cards on the
waste``: a move home adds a card home, a move from the waste takes one off it, and the safe
moves home only add.  Nothing lowers ``h``, and a stock card turned keeps it.  So a layer falls
into *groups*, the positions sharing word 1, and

- a group is closed under the moves that keep word 1, and is small (the arrangements of one set
  of cross cards: tens to a few thousand positions), so it is walked in memory to its end;
- every other move leads to a group of a greater height in the same layer, or to the next
  layer: those children are written out, tagged with their layer and height;
- a group can only be entered from groups of a smaller height or from the layer before, so
  once every (layer, height) before it is walked, its entries are complete.

The search takes the (layer, height) classes in order; each class's entries are the children
written out for it, sorted and with the duplicates removed by merging the sorted runs (Korf's
delayed duplicate detection); its groups are then walked one at a time.  Each position of the
layer is walked exactly once (it belongs to exactly one group, and its group is walked once),
so the positions per layer are the in-memory search's, position for position: the tests compare
the verdict and every layer's count with :func:`~.abstraction.prove_by_ranks` (in memory, in
both engines).  Only the open classes are kept (the ones written to and not yet walked); a
class's files are deleted once it is walked.  Here the groups give a stronger frontier than
Korf's general one: no walked position is ever met again (a group's children lie in later
groups), so no "seen" layer need be kept to subtract.

Format on disk: for each (layer, height) class, runs of ``int64`` pairs (word 1, word 0), each
run sorted by (word 1, word 0) with no two alike, as two ``.npy`` files; 16 bytes a position.
A run is written whenever the children held in memory pass ``memory_rows``; the merge reads
every run of a class in chunks (``numpy.load(..., mmap_mode="r")``), never all of it at once.

Partitions (``partitions=k``): where one machine is not enough, each class is walked in ``k``
parts, a position's part a hash of its word 1 modulo ``k``, so a group (the positions sharing
word 1) is never split and a position's duplicates all meet in its part's merge.  For each
class in order (the smallest pending over all parts), one task per part holding entries for it
merges that part's runs of the class from ``workdir``, walks its groups with the same walker,
and writes its children as runs into the (layer, height, part) classes they hash to, named
after the task (no two tasks write the same file); it returns the runs it wrote (class, paths,
rows, bytes) and the driver, which keeps the books (the disk budget, each layer's figures, the
positions budget, the deadline) as above, waits for every part of a class before the next:
a class's entries come only from earlier classes, so they are complete.  The positions walked
are the same, layer for layer (each group is walked once, in its part); only the runs differ
(more, smaller files: every task writes its children out at its end), and the disk's peak is
counted as if a class's tasks wrote everything before deleting what they read.  A task is a
picklable call (:func:`_walk_part`) that makes the walker once per process and search, so the
parts run one after another in this process (``executor=None``) or on a Dask cluster
(``executor=client``: then ``workdir`` is a folder every worker sees, and the positions and
disk budgets are shared out evenly among a class's parts).  Dask is never imported here.

Engines: ``"compiled"`` walks the groups in a numba kernel (:func:`._numba_core.rank_groups`,
the same moves as :func:`._numba_core.rank_layer`); ``"python"`` walks them with the reference's
:class:`~.abstraction._RankSearch` (the same positions, some 30 times slower); ``"auto"`` takes
the compiled one where numba is installed.  Either way the module needs numpy (imported when a
search starts; it is in Pyodide too) and neither threads nor a compiler to import.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field

from ..model.rules import Rules
from ..validate import budget, safe_text
from .backends import check_engine
from .interface import SolverBug, position_and_rules

MARK = 1 << 62
WASTE_BITS = 47
GROUP_ROWS = 1 << 12  # positions a group's table holds first (it grows for a larger group)
GROUP_LIMIT = 1 << 24  # and at most
MAX_PARTITIONS = 256


@dataclass
class DiskResult:
    """``verdict``: ``"lost"`` (proved: the bigger game cannot be won, so neither can the real
    one) or ``"unknown"``; ``why``: ``"lost"``, ``"won with swaps"``, ``"budget"`` (positions or
    seconds), ``"disk full"`` (``max_disk`` reached), ``"pile too long"`` or ``"group too
    big"``; ``positions`` walked and ``layers`` (positions of each stock layer walked, as
    :func:`~.abstraction.prove_by_ranks`); ``stats``: one dict per layer (``layer``: stock
    cards turned, ``positions``, ``entries``: distinct positions written for it from outside
    its groups, ``runs``, ``bytes_written``, ``disk_peak`` (bytes on disk at most while it was
    walked), ``seconds``); ``bytes_written`` and ``disk_peak`` in all; ``seconds``."""

    verdict: str
    why: str
    positions: int
    seconds: float
    layers: list[int] = field(default_factory=list)
    stats: list[dict] = field(default_factory=list)
    bytes_written: int = 0
    disk_peak: int = 0
    engine: str = "python"


def check_partitions(value) -> int:
    """``value`` if it is a whole number of parts from 1 to :data:`MAX_PARTITIONS`."""
    if isinstance(value, bool) or not isinstance(value, int) or not (
            1 <= value <= MAX_PARTITIONS):
        raise ValueError(f"partitions must be a whole number from 1 to {MAX_PARTITIONS}, not "
                         f"{safe_text(repr(value), 60)}")
    return value


def _np():
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - numpy is in every install the tests use
        raise ImportError("the on-disk search needs numpy (pip install numpy)") from e
    return numpy


def heights(np, w1, tc):
    """The height of each packed position (word 1 ``w1``, ``tc`` cards turned): cards home +
    cards turned − cards on the waste."""
    hb = w1 >> WASTE_BITS
    home = (hb & 15) + (hb >> 4 & 15) + (hb >> 8 & 15) + (hb >> 12 & 15)
    waste = np.bitwise_count(w1 & ((1 << WASTE_BITS) - 1)).astype(np.int64)
    return home + tc - waste


def sorted_unique(np, w1, w0):
    """(word 1, word 0) pairs sorted by word 1 then word 0, with no two alike."""
    if len(w1) == 0:
        return w1, w0
    order = np.argsort(w0)  # (then a stable sort by word 1: faster than numpy's lexsort)
    order = order[np.argsort(w1[order], kind="stable")]
    w1, w0 = w1[order], w0[order]
    keep = np.empty(len(w1), bool)
    keep[0] = True
    keep[1:] = (w1[1:] != w1[:-1]) | (w0[1:] != w0[:-1])
    return w1[keep], w0[keep]


class DiskFull(Exception):
    pass


class _Store:
    """The open (layer, height) classes: children held in memory, and sorted runs on disk."""

    def __init__(self, np, folder: str, memory_rows: int, max_disk: int | None,
                 prefix: str = "") -> None:
        self.np = np
        self.folder = folder
        self.prefix = prefix
        self.memory_rows = memory_rows
        self.max_disk = max_disk
        self.mem: dict = {}  # (layer, height) -> [(w1, w0), ...] unsorted
        self.held = 0
        self.runs: dict = {}  # (layer, height) -> [(w1 path, w0 path, rows), ...]
        self.serial = 0
        self.on_disk = 0
        self.disk_peak = 0
        self.written = 0

    def pending(self):
        keys = set(self.runs) | {k for k, v in self.mem.items() if v}
        return min(keys) if keys else None

    def add(self, key, w1, w0) -> None:
        if len(w1) == 0:
            return
        self.mem.setdefault(key, []).append((w1, w0))
        self.held += len(w1)
        if self.held > self.memory_rows:
            for k in list(self.mem):
                self.flush(k)

    def _collect(self, key):
        np = self.np
        parts = self.mem.pop(key, [])
        self.held -= sum(len(a) for a, _ in parts)
        if not parts:
            return None
        w1 = np.concatenate([a for a, _ in parts])
        w0 = np.concatenate([b for _, b in parts])
        return sorted_unique(np, w1, w0)

    def flush(self, key) -> None:
        got = self._collect(key)
        if got is None:
            return
        w1, w0 = got
        size = 16 * len(w1) + 256
        if self.max_disk is not None and self.on_disk + size > self.max_disk:
            raise DiskFull
        self.serial += 1
        name = "-".join(str(x) for x in key)
        base = os.path.join(self.folder, f"{self.prefix}run-{name}-{self.serial}")
        np = self.np
        np.save(base + ".w1.npy", w1)
        np.save(base + ".w0.npy", w0)
        size = os.path.getsize(base + ".w1.npy") + os.path.getsize(base + ".w0.npy")
        self.runs.setdefault(key, []).append((base + ".w1.npy", base + ".w0.npy", len(w1), size))
        self.on_disk += size
        self.written += size
        self.disk_peak = max(self.disk_peak, self.on_disk)

    def take(self, key, chunk: int):
        """The class's entries, sorted by (word 1, word 0) with no two alike, in chunks of
        whole groups (an ``(m, 2)`` array of rows (word 0, word 1) each); its files are
        deleted at the end."""
        np = self.np
        sources = []
        got = self._collect(key)
        if got is not None:
            sources.append([got[0], got[1], 0])
        files = self.runs.pop(key, [])
        for p1, p0, _rows, _size in files:
            sources.append([np.load(p1, mmap_mode="r"), np.load(p0, mmap_mode="r"), 0])
        step = max(1024, chunk // max(1, len(sources)))
        try:
            while True:
                live = [s for s in sources if s[2] < len(s[0])]
                if not live:
                    return
                # every row with word 1 up to the smallest last word 1 of a chunk that does not
                # reach its run's end: whole groups, from every run
                bound = None
                for w1, _w0, at in live:
                    end = at + step
                    if end < len(w1):
                        v = int(w1[end - 1])
                        bound = v if bound is None else min(bound, v)
                parts1, parts0 = [], []
                for s in live:
                    w1, w0, at = s
                    stop = len(w1) if bound is None else int(np.searchsorted(w1, bound, "right"))
                    if stop > at:
                        parts1.append(np.asarray(w1[at:stop]))
                        parts0.append(np.asarray(w0[at:stop]))
                        s[2] = stop
                w1, w0 = sorted_unique(np, np.concatenate(parts1), np.concatenate(parts0))
                yield np.stack([w0, w1], axis=1)
        finally:
            del sources
            for p1, p0, _rows, size in files:
                for p in (p1, p0):
                    with _quiet():
                        os.remove(p)
                self.on_disk -= size


def _quiet():
    import contextlib

    return contextlib.suppress(OSError)


def prove_by_ranks_on_disk(position, rules: Rules | None = None, *, workdir: str,
                           max_positions: int | None = None, max_seconds: float | None = None,
                           max_disk: int | None = None, memory_rows: int = 1 << 22,
                           engine: str = "auto", safe_home: bool = True,
                           on_layer=None, partitions: int = 1,
                           executor=None) -> DiskResult:
    """Try to prove a :class:`Game` or a :class:`State` (with its ``rules``) lost in the rank
    abstraction's bigger game, a layer at a time, keeping the layers on disk (the module's
    docstring).  ``workdir``: a folder the caller chose (its disk must have room; a fresh
    folder is made in it and removed at the end); ``max_disk``: bytes the runs may take at
    once (the search stops with ``why="disk full"`` before writing past it); ``memory_rows``:
    children held in memory before they are written as a run (16 bytes each, plus sorting);
    ``max_positions`` / ``max_seconds``: budgets, checked between groups and chunks.
    ``on_layer(stats)`` is called with each layer's figures when it is done (a long run can
    log them).  The verdicts and the positions of each layer are
    :func:`~.abstraction.prove_by_ranks`'s (the tests compare them).

    ``partitions``: with ``k`` > 1 each class is walked in ``k`` parts, a position's part the
    hash of its word 1 modulo ``k`` (a group is never split), one task per part, each a
    picklable call that reads its part's runs from ``workdir`` and writes its children's runs
    there (see "Partitions" in the module's docstring); ``executor``: where the tasks run —
    ``None``, this process, one after the other; or anything with ``submit`` (a Dask
    ``distributed.Client``, or a ``concurrent.futures`` executor), the tasks of a class at
    once (``workdir`` must then be a folder every worker sees at the same path).  With
    ``k`` = 1 the search is the single-process one above."""
    from .abstraction import abstraction_applies

    state, rules = position_and_rules(position, rules)
    max_positions = budget(max_positions, "max_positions", integer=True)
    max_seconds = budget(max_seconds, "max_seconds")
    max_disk = budget(max_disk, "max_disk", integer=True)
    memory_rows = budget(memory_rows, "memory_rows", integer=True)
    check_engine(engine)
    partitions = check_partitions(partitions)
    if executor is not None and (partitions == 1 or not callable(getattr(executor, "submit",
                                                                         None))):
        raise ValueError("executor is for partitions > 1: a Dask client or an executor "
                         "(anything with submit)")
    if not abstraction_applies(rules, state.base) or rules.n_piles > 5:
        raise ValueError(f"the rank abstraction does not fit {rules.title}'s rules: it needs "
                         "building by rank alone, spaces that wait, single cards, five piles")
    if not os.path.isdir(workdir):
        raise ValueError(f"workdir must be an existing folder, not {workdir!r}")
    np = _np()
    compiled = None
    if engine in ("auto", "compiled"):
        from . import compiled as _compiled

        if _compiled.available():
            compiled = _compiled
        elif engine == "compiled":
            raise ImportError("engine='compiled' needs numba: pip install "
                              "'fourseasons-widget[fast]'")
    ref, walker = _walker(state, rules, safe_home, compiled)
    t0 = time.perf_counter()
    deadline = None if max_seconds is None else t0 + max_seconds
    limit = max_positions if max_positions is not None else 1 << 62
    folder = tempfile.mkdtemp(prefix="fourseasons-disk-", dir=workdir)
    shapes, home, tc0, wm, _cross = ref.start
    w0, w1 = pack(shapes, home, wm)
    start = ((tc0, int(heights(np, np.array([w1], np.int64), tc0)[0])), w1, w0)
    if partitions > 1:
        spec = {"state": state, "rules": rules, "safe_home": bool(safe_home),
                "compiled": compiled is not None,
                "id": f"{folder}:{os.getpid()}:{time.time_ns()}"}
        _keep_walker(spec["id"], walker)  # (the tasks run here use the walker made here)
        try:
            got = _Partitioned(np, spec, folder, partitions, executor, memory_rows, max_disk,
                               on_layer).run(start, limit, deadline)
        finally:
            _keep_walker(spec["id"], None)
            shutil.rmtree(folder, ignore_errors=True)
        return DiskResult("lost" if got[0] == "lost" else "unknown", *got[:2],
                          time.perf_counter() - t0, *got[2:],
                          engine="compiled" if compiled is not None else "python")
    store = _Store(np, folder, memory_rows, max_disk)
    store.add(start[0], np.array([w1], np.int64), np.array([w0], np.int64))
    book = _Ledger(on_layer)
    positions = 0
    why = None
    try:
        while why is None:
            key = store.pending()
            if key is None:
                why = "lost"
                break
            tc, h = key
            cur = book.enter(tc, store.written, store.on_disk)
            cur["runs"] += len(store.runs.get(key, ()))
            for entries in store.take(key, max(memory_rows, 1 << 16)):
                cur["entries"] += len(entries)
                code, walked = walker.walk(tc, entries, limit - positions, store, h)
                positions += walked
                cur["positions"] += walked
                cur["disk_peak"] = max(cur["disk_peak"], store.on_disk)
                if code is not None:
                    why = code
                    break
                if positions >= limit or (deadline is not None
                                          and time.perf_counter() > deadline):
                    why = "budget"
                    break
    except DiskFull:
        why = "disk full"
    finally:
        book.close(store.written)
        shutil.rmtree(folder, ignore_errors=True)
    return DiskResult("lost" if why == "lost" else "unknown", why, positions,
                      time.perf_counter() - t0, book.layers, book.stats, store.written,
                      store.disk_peak, "compiled" if compiled is not None else "python")


class _Ledger:
    """The figures of each stock layer, kept as its classes are walked."""

    def __init__(self, on_layer) -> None:
        self.on_layer = on_layer
        self.layers: list[int] = []
        self.stats: list[dict] = []
        self.cur: dict | None = None  # the layer being walked: its figures

    def enter(self, tc: int, written: int, on_disk: int) -> dict:
        """The figures of layer ``tc`` (the layer before it closed when ``tc`` is new)."""
        if self.cur is None or self.cur["layer"] != tc:
            self.close(written)
            self.cur = {"layer": tc, "positions": 0, "entries": 0, "runs": 0,
                        "t0": time.perf_counter(), "w0": written, "disk_peak": on_disk}
        return self.cur

    def close(self, written: int) -> None:
        cur, self.cur = self.cur, None
        if cur is None:
            return
        cur["seconds"] = round(time.perf_counter() - cur.pop("t0"), 3)
        cur["bytes_written"] = written - cur.pop("w0")
        self.layers.append(cur["positions"])
        self.stats.append(cur)
        if self.on_layer is not None:
            self.on_layer(dict(cur))


def _walker(state, rules: Rules, safe_home: bool, compiled):
    """The reference search's start and tables, and the walker of groups (the kernel's where
    ``compiled`` is the :mod:`.compiled` module, the reference's where it is ``None``)."""
    from .abstraction import _RankSearch

    ref = _RankSearch(rules, state, safe_home=safe_home)
    if len(ref.turned) > WASTE_BITS:
        raise ValueError("more turned cards than the packed waste holds")
    return ref, (_CompiledGroups(compiled, ref, state, rules, safe_home)
                 if compiled is not None else _PythonGroups(ref, state, rules))


# ---------------------------------------------------------------------------------------------
# Partitions: each class walked in parts, a task a part (a process's own, or a Dask worker's)

_WALKERS: dict = {}  # (a search's id, a thread) -> its walker, where the search's tasks run
_WALKERS_LOCK = threading.Lock()


def _keep_walker(search: str, walker) -> None:
    """Keep ``walker`` for the tasks of ``search`` that this thread runs (a Dask worker may run
    several at once, in threads: each its own walker), dropping what this thread kept for
    another search; ``None``: drop this thread's."""
    me = threading.get_ident()
    with _WALKERS_LOCK:
        for key in [k for k in _WALKERS if k[1] == me]:
            del _WALKERS[key]
        if walker is not None:
            _WALKERS[search, me] = walker


_HASH = 0x9E3779B97F4A7C15  # (Fibonacci hashing: the high bits of word 1 times this)


def partition_of(np, w1, k: int):
    """The part of each packed position of word 1 ``w1`` among ``k``: a hash of word 1, so
    the positions of a group are in one part (the same in every process: no salt).

    >>> import numpy as np
    >>> w1 = np.array([7 << 47 | 5, 7 << 47 | 5, 3 << 47 | 9], np.int64)
    >>> part = partition_of(np, w1, 3)
    >>> bool(part[0] == part[1]), bool(((0 <= part) & (part < 3)).all())
    (True, True)
    >>> check_partitions(0)
    Traceback (most recent call last):
    ValueError: partitions must be a whole number from 1 to 256, not 0
    """
    mixed = (w1.astype(np.uint64) * np.uint64(_HASH)) >> np.uint64(32)
    return (mixed % np.uint64(k)).astype(np.int64)


class _Parts(_Store):
    """A task's children: into their (layer, height, part) classes, written as runs named
    after the task (no two tasks write the same file); ``records()`` lists them."""

    def __init__(self, np, folder, memory_rows, max_disk, k: int, prefix: str) -> None:
        super().__init__(np, folder, memory_rows, max_disk, prefix)
        self.k = k

    def add(self, key, w1, w0) -> None:
        np = self.np
        part = partition_of(np, w1, self.k)
        for q in np.unique(part):
            sel = part == q
            super().add((key[0], key[1], int(q)), w1[sel], w0[sel])

    def records(self) -> list:
        for k in list(self.mem):
            self.flush(k)
        return [(key, run) for key, runs in self.runs.items() for run in runs]


def _walk_part(spec: dict, job: dict) -> dict:
    """One part of one class: its runs merged and its groups walked, its children written as
    runs (a picklable task: ``spec`` the search, ``job`` the part).  Returns the positions
    walked, the distinct entries, a stop (``None`` or a :class:`DiskResult` ``why``), the runs
    written ``[((layer, height, part), (w1 path, w0 path, rows, bytes)), ...]`` and the bytes
    of the runs read (deleted)."""
    np = _np()
    walker = _WALKERS.get((spec["id"], threading.get_ident()))
    if walker is None:  # (a worker's first task of this search: the walker made once)
        compiled = None
        if spec["compiled"]:
            from . import compiled
        walker = _walker(spec["state"], spec["rules"], spec["safe_home"], compiled)[1]
        _keep_walker(spec["id"], walker)
    t = time.perf_counter()
    (tc, h), part = job["key"], job["part"]
    out = _Parts(np, job["folder"], job["memory_rows"], job["room"], job["k"],
                 f"{tc}-{h}-{part}-")
    reader = _Store(np, job["folder"], job["memory_rows"], None)
    reader.runs[(tc, h)] = [tuple(f) for f in job["files"]]
    walked = entries = 0
    code = None
    try:
        with contextlib.closing(reader.take((tc, h), max(job["memory_rows"], 1 << 16))) as got:
            for chunk in got:
                entries += len(chunk)
                code, n = walker.walk(tc, chunk, job["left"] - walked, out, h)
                walked += n
                if code is not None:
                    break
                if walked >= job["left"] or (job["seconds"] is not None and
                                             time.perf_counter() - t > job["seconds"]):
                    code = "budget"
                    break
        written = out.records()
    except DiskFull:
        code = "disk full"
        written = [(key, run) for key, runs in out.runs.items() for run in runs]
    if code is not None:
        _keep_walker(spec["id"], None)  # (a walk stopped inside a group: not used again)
    return {"walked": walked, "entries": entries, "code": code, "written": written,
            "read": sum(f[3] for f in job["files"])}


class _Partitioned:
    """The driver of a partitioned search: the classes in order, each one's parts as tasks,
    and the bookkeeping (runs on disk, bytes, budgets, each layer's figures)."""

    def __init__(self, np, spec, folder, k, executor, memory_rows, max_disk, on_layer):
        self.np, self.spec, self.folder, self.k = np, spec, folder, k
        self.executor, self.memory_rows, self.max_disk = executor, memory_rows, max_disk
        self.book = _Ledger(on_layer)
        self.runs: dict = {}  # (layer, height) -> {part: [(w1 path, w0 path, rows, bytes)]}
        self.on_disk = self.written = self.disk_peak = 0

    def _job(self, key, part, files, left, seconds, room) -> dict:
        return {"key": key, "part": part, "files": files, "left": left, "seconds": seconds,
                "room": room, "folder": self.folder, "memory_rows": self.memory_rows,
                "k": self.k}

    def _wrote(self, written) -> int:
        size = 0
        for (tc, h, part), run in written:
            self.runs.setdefault((tc, h), {}).setdefault(part, []).append(run)
            size += run[3]
        self.written += size
        return size

    def run(self, start, limit, deadline):
        np, book = self.np, self.book
        key0, w1, w0 = start
        first = _Parts(np, self.folder, self.memory_rows, self.max_disk, self.k, "start-")
        positions = 0
        why = None
        try:
            first.add(key0, np.array([w1], np.int64), np.array([w0], np.int64))
            self.on_disk = self.disk_peak = self._wrote(first.records())
        except DiskFull:
            why = "disk full"
        try:
            while why is None:
                if not self.runs:
                    why = "lost"
                    break
                key = min(self.runs)
                parts = self.runs.pop(key)
                cur = book.enter(key[0], self.written, self.on_disk)
                cur["runs"] += sum(len(f) for f in parts.values())
                left = limit - positions
                results = []
                if self.executor is None:  # one part after the other, each with what is left
                    for part in sorted(parts):
                        seconds = None if deadline is None else deadline - time.perf_counter()
                        room = None if self.max_disk is None else self.max_disk - self.on_disk
                        r = _walk_part(self.spec, self._job(key, part, parts[part], left,
                                                            seconds, room))
                        self._done([r], cur)
                        left -= r["walked"]
                        results.append(r)
                        if r["code"] is not None:
                            break
                else:  # every part at once: the budgets shared out
                    n = len(parts)
                    seconds = None if deadline is None else deadline - time.perf_counter()
                    room = None if self.max_disk is None else (self.max_disk - self.on_disk) // n
                    futures = [self.executor.submit(_walk_part, self.spec, self._job(
                        key, part, parts[part], max(1, left // n), seconds, room))
                        for part in sorted(parts)]
                    results = [f.result() for f in futures]
                    self._done(results, cur)
                positions += sum(r["walked"] for r in results)
                codes = [r["code"] for r in results if r["code"] is not None]
                if codes:  # (a fact about the game first, then the disk, then the budget)
                    why = min(codes, key=lambda c: ("disk full", "budget").index(c) + 1
                              if c in ("disk full", "budget") else 0)
                elif positions >= limit or (deadline is not None
                                            and time.perf_counter() > deadline):
                    why = "budget"
        finally:
            book.close(self.written)
        return why, positions, book.layers, book.stats, self.written, self.disk_peak

    def _done(self, results, cur) -> None:
        """Tasks' figures into the books (tasks run at once: all of them together): their
        runs added, the peak taken (a task deletes the runs it read only at its end), the
        runs read taken off."""
        for r in results:
            cur["entries"] += r["entries"]
            cur["positions"] += r["walked"]
            self.on_disk += self._wrote(r["written"])
        self.disk_peak = max(self.disk_peak, self.on_disk)
        cur["disk_peak"] = max(cur["disk_peak"], self.on_disk)
        self.on_disk -= sum(r["read"] for r in results)


def pack(shapes, home, wm) -> tuple[int, int]:
    """A node's two words (as :func:`._numba_core._emit`)."""
    w0 = MARK
    for i, v in enumerate(sorted(shapes)):
        w0 |= v << (10 * i)
    return w0, wm | (home[0] | home[1] << 4 | home[2] << 8 | home[3] << 12) << WASTE_BITS


def _route(np, store, out_w0, out_w1, out_next, tc, h) -> None:
    """The children written out by a walk, into their (layer, height) classes."""
    if len(out_w0) == 0:
        return
    tcs = tc + out_next
    hs = heights(np, out_w1, tcs)
    if np.any((out_next == 0) & (hs <= h)):
        raise SolverBug("a move that leaves its group did not raise the height")
    tags = tcs * 256 + hs
    for tag in np.unique(tags):
        sel = tags == tag
        store.add((int(tag) // 256, int(tag) % 256), out_w1[sel], out_w0[sel])


class _CompiledGroups:
    """Walks the groups of a chunk in the numba kernel."""

    def __init__(self, compiled, ref, state, rules: Rules, safe: bool) -> None:
        import numpy as np

        self.np = np
        self.core = core = compiled._load()
        _w, self.ch, self.nch, _p, _np, _pl = compiled._arrays(rules, state.base)
        self.n = rules.n_piles
        self.turned = np.array(ref.turned + (0,), np.int64)
        self.tpos = np.full(52, -1, np.int64)
        for i, c in enumerate(ref.turned):
            self.tpos[c] = i
        self.incross = np.zeros(52, np.int64)
        for p in state.piles:
            for c in p:
                self.incross[c] = 1
        self.wants = np.array(ref.wants, np.int64)
        self.ok = np.array(ref.ok, np.int64)
        self.under = np.array([-1 if u is None else u for u in ref.under], np.int64)
        self.end = ref.end
        self.safe = bool(safe)
        self._tables(GROUP_ROWS)
        self.out = np.zeros((1 << 20, 3), np.int64)
        self.scr = np.zeros(1100, np.int64)
        _ = core.MARK

    def _tables(self, rows: int) -> None:
        # (small, so that a group's slots stay in the cache: most groups hold tens of positions)
        np = self.np
        self.gtab = np.zeros((2 * rows, 2), np.int64)
        self.glist = np.zeros((rows, 2), np.int64)
        self.gslot = np.zeros(rows, np.int64)

    def walk(self, tc, entries, left, store, h):
        np = self.np
        entries = np.ascontiguousarray(entries, np.int64)
        st = np.zeros(7, np.int64)
        while True:
            code = int(self.core.rank_groups(
                self.n, tc, self.turned, self.tpos, self.incross, self.wants, self.ok,
                self.under, self.end, entries, len(entries), self.gtab, self.glist, self.gslot,
                self.out, st, left, self.scr, self.ch, self.nch, self.safe))
            oc = int(st[5])
            if oc:
                out = self.out[:oc]
                _route(np, store, out[:, 0].copy(), out[:, 1].copy(), out[:, 2].copy(), tc, h)
                st[5] = 0
            if code == 4:
                continue
            if code == 5 and self.glist.shape[0] < GROUP_LIMIT:
                # a group outgrew the table: a larger one, and the group again from its start
                # (its children written so far are written again: the merge drops them)
                st[3] -= st[1]
                st[4] -= st[1]
                st[0], st[1], st[2] = st[6], 0, 0
                self._tables(4 * self.glist.shape[0])
                continue
            walked = int(st[3])
            if code == 2:
                return None, walked
            self.gtab[:] = 0  # (a stop inside a group leaves its slots)
            return {0: "budget", 1: "won with swaps", 3: "pile too long",
                    5: "group too big"}[code], walked


class _PythonGroups:
    """Walks the groups of a chunk with the reference's moves (:class:`~.abstraction
    ._RankSearch`): the same positions as the kernel."""

    def __init__(self, ref, state, rules: Rules) -> None:
        self.ref = ref
        self.n = rules.n_piles
        self.dealt = 0
        for p in state.piles:
            for c in p:
                self.dealt |= 1 << c
        self.homecards = [[0] * 14 for _ in range(4)]
        for s in range(4):
            acc = 0
            for h in range(13):
                c = ref.wants[s][h]
                if c >= 0:
                    acc |= 1 << c
                self.homecards[s][h + 1] = acc

    def node(self, w0: int, w1: int, tc: int) -> tuple:
        shapes = tuple(sorted((w0 >> (10 * i)) & 1023 for i in range(self.n)))
        hb = w1 >> WASTE_BITS
        home = (hb & 15, hb >> 4 & 15, hb >> 8 & 15, hb >> 12 & 15)
        wm = w1 & ((1 << WASTE_BITS) - 1)
        cross = self.dealt
        turned = self.ref.turned
        for i in range(tc):
            if not wm >> i & 1:
                cross |= 1 << turned[i]
        for s in range(4):
            cross &= ~self.homecards[s][home[s]]
        return (shapes, home, tc, wm, cross)

    def walk(self, tc, entries, left, store, h):
        import numpy as np

        ref = self.ref
        out0: list[int] = []
        out1: list[int] = []
        nxt: list[int] = []
        walked = 0
        i, ne = 0, len(entries)
        rows = entries.tolist()
        while i < ne:
            if walked >= left:
                return "budget", walked
            w1g = rows[i][1]
            group = []
            while i < ne and rows[i][1] == w1g:
                group.append(self.node(rows[i][0], w1g, tc))
                i += 1
            seen = set(group)
            todo = list(group)
            while todo:
                node = todo.pop()
                walked += 1
                if sum(node[1]) == 52:
                    return "won with swaps", walked
                children, won = ref.successors(node)
                if won:
                    return "won with swaps", walked
                for child in children:
                    if child[1] != node[1] or child[3] != node[3]:
                        child = ref.settle(child)
                        a, b = pack(child[0], child[1], child[3])
                        out0.append(a)
                        out1.append(b)
                        nxt.append(0)
                    elif child not in seen:
                        seen.add(child)
                        todo.append(child)
                if tc < ref.end:
                    piles, home, _tc, wm, cross = node
                    t = ref.settle((piles, home, tc + 1, wm | (1 << tc), cross))
                    a, b = pack(t[0], t[1], t[3])
                    out0.append(a)
                    out1.append(b)
                    nxt.append(1)
            if len(out0) > 1 << 16:
                self._flush(np, store, out0, out1, nxt, tc, h)
        self._flush(np, store, out0, out1, nxt, tc, h)
        return None, walked

    @staticmethod
    def _flush(np, store, out0, out1, nxt, tc, h) -> None:
        _route(np, store, np.array(out0, np.int64), np.array(out1, np.int64),
               np.array(nxt, np.int64), tc, h)
        out0.clear()
        out1.clear()
        nxt.clear()
