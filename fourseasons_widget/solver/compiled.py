"""The compiled search core: the solver's depth-first search, the proof search and the rank
abstraction, run by numba on packed integers (optional: ``pip install fourseasons-widget[fast]``).

The pure-Python searches (:mod:`.solver`, :mod:`.proofs`, :mod:`.abstraction`) stay the
reference and the teaching code, and what runs where there is no JIT (JupyterLite/Pyodide).
This module mirrors three of them move for move, in every variant of the package (the rank
abstraction where it applies: spaces that wait and single cards; :func:`supports` lists what
the search needs, PySolFC's readings of Czarina and Corners are left to the reference):

- ``standard``, ``simplicity`` and any ``tableau_wrap``: spaces wait for the player, one card
  moves at a time;
- ``sequences``: a pile's top cards move as a whole too (every pile is a run, so the moved
  cards are one), onto another pile or into a space;
- ``czarina`` and ``corners`` (a cell takes no building): a space is filled at once from the
  stock (no move of the player's: it is left out of a line, the engine makes it again), a
  move that empties a pile has its key looked up after the fill, the safe moves home keep a
  pile's last card;
- ``dick1883``: the first vacancy is filled before anything else while the pack lasts, runs
  move whole, no safe moves home (as in the reference).

The three searches:

- :class:`CompiledSearch` — :class:`~.solver.FastSearch` in order ``"cross"`` (the solver's
  late-game search and its persistent search), and with ``deep_safe=True``
  :class:`~.proofs.ProofSearch` (the proof search of :func:`~.proofs.prove`): the same moves in
  the same order, the same transposition key (the piles as a multiset, the foundation counts,
  the stock index; the waste is a function of them), the same safe moves home, so the same
  positions in the same order: the tests check that the verdicts **and the position counts**
  agree with the reference on fixed and random positions;
- :func:`prove_by_ranks` — :func:`~.abstraction.prove_by_ranks`, the layer-by-layer search of
  the bigger game where cross cards of a rank may swap (its soundness argument is in
  :mod:`.abstraction`): the same positions per layer, so the same counts on a loss.

What is compiled, and why it is faster
--------------------------------------
A position is the piles as an ``int64`` matrix, four foundation counts, the stock index and the
waste, changed in place by do/undo.  A key is packed into ``int64`` words (a pile, always a run,
is 62 bits: its top card, its length and the suit of each card below the top; the key is the
sorted pile codes and a 22-bit word of foundation counts and stock index), and the
transposition table is open addressing with linear probing over an ``int64`` matrix and an
occupancy array: no Python object is made per position.  The search's path (each frame's moves,
the next one to try, each move's undo record) lives in arrays, so a search is resumable: the
Python side runs it in chunks of positions and checks the clock and a cancel flag between them.

Soundness is the reference's: the same reductions (:mod:`.solver`, :mod:`.proofs`) on the same
keys.  Where the packing cannot hold a position (a pile of more than 26 cards: runs that wrap
round the corner more than twice) or the table is full, the search stops with no verdict
(``"unknown"``): it never guesses.  A win is a line replayed through the engine
(:func:`~.solver.to_model_line`) before it is returned, as everywhere in the package.

``available()`` tells whether numba is installed; nothing imports numba until a compiled
search is made.  Measured side by side with the reference by ``benchmarks/solver.py --compiled``.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time

from ..model.rules import Rules
from ..model.state import State
from .interface import (
    ORDERS,
    Cancel,
    RawMove,
    Search,
    _tables,
    deep_safe_applies,
    portfolio,
    run_one,
    to_model_line,
)

_core = None
STATUS = {1: "won", 2: "lost", 3: None, 4: "table full", 5: "pile too long", 6: "deep"}
MAX_TABLE = 1 << 25  # slots of the largest table made by default (6 words a slot: 1.6 GB)
TABLE_LIMIT = 1 << 34  # the largest ``max_table`` accepted
# the most memory a search's path may take (its frames: each move's child key, each move's
# record; 5.6 kB a frame where one card moves, 9.2 kB where runs move): a path longer than this
# stops the search with no verdict, as a full table does.  Depth-first searches of moving
# sequences wander deep (a run shuttled on among ever new positions): deals 41, 72, 75 and 80
# passed 262,144 moves within 1.3 to 2.4 million positions, and deal 263 at twenty million
# positions took 19 GB before this limit.  (The frames double: 2^20 of them where runs move.)
MAX_PATH_BYTES = 12 << 30


def check_table(max_table: int | None) -> int:
    """``max_table`` (slots of the largest table a search may make: a power of two from 2^16
    to 2^34), or :data:`MAX_TABLE` for ``None``.  A research run on a large machine gives
    2^28–2^29 (each slot of the rank abstraction's two tables is 16 bytes, of the exact
    search's 8 bytes a key word)."""
    if max_table is None:
        return MAX_TABLE
    if isinstance(max_table, bool) or not isinstance(max_table, int) or max_table < 1 << 16 \
            or max_table > TABLE_LIMIT or max_table & (max_table - 1):
        raise ValueError(f"max_table must be a power of two from 2**16 to 2**34, not "
                         f"{max_table!r}")
    return max_table


def available() -> bool:
    """Whether the compiled core can run here (numba and numpy importable)."""
    try:
        _load()
    except ImportError:
        return False
    return True


def _no_numba(e: ImportError) -> ImportError:
    return ImportError(f"the compiled core needs numba ({e}): pip install "
                       "'fourseasons-widget[fast]'")


def _writable(path: str) -> bool:
    """Whether a file can be made in ``path`` (made if need be): numba's own test."""
    import os
    import tempfile

    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError:
        return False
    return True


def cache_dir_fallback(environ=None, writable=_writable) -> str | None:
    """Where numba will keep the compiled kernels, when it cannot use its own places: numba
    tries ``NUMBA_CACHE_DIR``, then ``__pycache__`` beside ``_numba_core.py``, then the user's
    cache directory; where none is writable (a read-only install, no home directory) it would
    fail to cache, so ``NUMBA_CACHE_DIR`` is set to a directory of the user's in the system's
    temporary directory (before numba is imported).  Returns the directory set, or ``None``."""
    import os
    import tempfile

    env = os.environ if environ is None else environ
    if env.get("NUMBA_CACHE_DIR"):
        return None
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    user = os.path.join(env.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "numba")
    if writable(here) or writable(user):
        return None
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = os.path.join(tempfile.gettempdir(), f"fourseasons-numba-{uid}")
    env["NUMBA_CACHE_DIR"] = path
    return path


def _load():
    global _core
    if _core is None:
        cache_dir_fallback()
        try:
            from . import _numba_core
        except ImportError as e:
            raise _no_numba(e) from e
        _core = _numba_core
    return _core


#: Every field of :class:`~fourseasons_widget.model.rules.Rules`, and why the core may ignore it or
#: what :func:`supports` asks of it (a test checks that no field is missing here: a new rule
#: flag must be looked at before the core can claim to play it).
RULE_FIELDS = {
    "variant": "a name", "title": "a name", "summary": "a name", "layout": "drawing only",
    "pile_kind": "pile names only", "pysol_id": "deal numbering only",
    "options": "what may be changed, not a rule", "rules": "a name for the other fields",
    "pysol_rows": "the deal only", "turn_at_deal": "the deal only (a position has its waste)",
    "engine": "the model's engine, made from the rest",
    "tableau_wrap": "any: the move tables (fits) carry it",
    "corner_suits": "any: a card goes home by suit either way; the replay picks the corner",
    "n_piles": "at most 12 (the path's arrays)",
    "build": "'rank' or 'alternate' (every pile a run), 'none' (Corners' cells)",
    "sequences": "any (a run moves whole: then five piles at most, building by rank, spaces "
                 "that wait)",
    "fill": "'free' (spaces wait for the player) or 'stock' (filled at once from the stock: "
            "Czarina, Corners)",
    "deal": "not 'suits' (one base rank)",
    "pile_capacity": "None, or 1 where nothing is built (cells)",
    "redeals": "0 (one pass)",
    "foundation_back": "False (cards never leave a foundation: the safe moves home need it)",
    "autodeal": "'off' (the player turns the stock)",
}


def supports(rules: Rules) -> bool:
    """Whether the compiled core mirrors these rules: spaces that wait for the player, are
    filled at once from the stock or are vacancies filled first; single cards or (moving
    sequences) runs of a five-pile cross built by rank where no space is filled from the
    stock; one base rank, one pass, building one rank down or nothing (so every pile is a
    run), cards that never leave a foundation, the stock turned by the player
    (:data:`RULE_FIELDS`: every rule flag is looked at)."""
    return (rules.fill in ("free", "stock", "vacancy") and rules.redeals == 0
            and (not rules.sequences or (rules.n_piles <= 5 and rules.build == "rank"
                                         and rules.fill != "stock"))
            and rules.deal != "suits" and rules.build in ("rank", "alternate", "none")
            and (rules.pile_capacity is None
                 or (rules.pile_capacity == 1 and rules.build == "none"))
            and rules.n_piles <= 12
            and not rules.foundation_back and rules.autodeal == "off")


def fits_position(rules: Rules, state: State) -> bool:
    """Whether the core can hold this position: every pile a run (it packs runs)."""
    fits = rules.engine.fits(state.base)
    return all(fits[b * 52 + a] for p in state.piles for a, b in itertools.pairwise(p))


def installed() -> bool:
    """Whether numba is installed (looked up without importing it: cheap)."""
    import importlib.util

    return _core is not None or (importlib.util.find_spec("numba") is not None
                                 and importlib.util.find_spec("numpy") is not None)


# -- the JIT, compiled once and cached ---------------------------------------------------------
# The kernels are ``@njit(cache=True)``: numba keeps the machine code in ``__pycache__`` beside
# ``_numba_core.py`` where the package can write, else in the user's cache directory
# (``~/.cache/numba``; ``NUMBA_CACHE_DIR`` overrides both), so a machine compiles once per
# installation (measured by ``benchmarks/solver.py --jit``).  Loading the cache still takes a
# second or more, so ``engine="auto"`` never waits: :func:`warm_up` compiles (or loads) the
# search kernel in a background thread while the first searches run in Python.

_warm: dict = {"thread": None, "ready": False, "error": None, "seconds": None}
_warm_lock = threading.Lock()


def ready() -> bool:
    """Whether the search kernel (the exact and proof searches) is compiled in this process."""
    return _warm["ready"]


def warm_up(wait: bool = False) -> bool:
    """Compile the search kernel in a background thread (once per process; nothing where numba
    is absent or threads cannot start).  ``wait=True`` waits for the end.  Returns whether
    the kernel is ready."""
    if not installed():
        return False
    with _warm_lock:
        t = _warm["thread"]
        if t is None and _warm["error"] is None and not _warm["ready"]:
            t = threading.Thread(target=_compile, name="fourseasons-jit", daemon=True)
            try:
                t.start()
            except RuntimeError as e:  # pragma: no cover - no threads here
                _warm["error"] = e
                return False
            _warm["thread"] = t
    if wait and t is not None:
        t.join()
    return _warm["ready"]


def warm_up_stats() -> dict:
    """What the warm-up did: whether it is ready, its seconds, its error if it failed (then
    ``"auto"`` keeps to Python for the rest of the process)."""
    return {"ready": _warm["ready"], "seconds": _warm["seconds"],
            "error": None if _warm["error"] is None else repr(_warm["error"])}


def _compile() -> None:
    from ..model.deal import shuffled_deck
    from ..model.rules import get_rules

    t0 = time.perf_counter()
    try:
        _load()
        for variant in ("standard", "simplicity"):  # (5 and 12 piles: both key widths)
            rules = get_rules(variant)
            state = rules.deal_deck(shuffled_deck(0))  # (the model, not the Game: no cycle)
            for deep in (False, True):  # (one kernel; both of its paths run once)
                cs = CompiledSearch(rules, state, "cross", deep_safe=deep, expected=1 << 10)
                cs.run(2000)
                cs.core.rehash(cs.tab, cs.np.zeros((2 * cs.tab.shape[0], cs.k), cs.np.int64))
        _warm["seconds"] = time.perf_counter() - t0
        _warm["ready"] = True
    except Exception as e:  # pragma: no cover - reported by warm_up_stats; auto keeps Python
        _warm["error"] = e
    finally:
        with _warm_lock:
            _warm["thread"] = None


def check(rules: Rules) -> None:
    if not supports(rules):
        raise ValueError(f"the compiled core does not play {rules.title}'s rules (it mirrors "
                         "this package's variants, not PySolFC's fills from the waste or "
                         "redeals); use the pure-Python search")
    _load()


@contextlib.contextmanager
def _small_pages():
    """The path's arrays in ordinary 4 KiB pages: numpy asks Linux for 2 MiB pages for any
    array over 4 MiB, and a deep search (thousands of frames, a few moves used of each frame's
    64 slots) then had the kernel clear a whole 2 MiB page for each frame it touched first:
    a third of a deep search's time went there.  (numpy's own switch, where it has one.)"""
    try:
        from numpy._core import multiarray
    except ImportError:  # pragma: no cover - older numpy
        from numpy.core import multiarray
    switch = getattr(multiarray, "_set_madvise_hugepage", None)
    if switch is None:  # pragma: no cover
        yield
        return
    before = switch(False)
    try:
        yield
    finally:
        switch(before)


_ARRAYS: dict = {}


def _arrays(rules: Rules, base: int):
    """The move tables of ``rules`` with base rank ``base`` as numpy arrays (made once: a
    portfolio makes a search for every restart).  The kernels only read them."""
    got = _ARRAYS.get((rules, base))
    if got is not None:
        return got
    import numpy as np

    children, wants = _tables(rules, base)
    parents = rules.engine.parents(base)
    ch = np.zeros((52, 8, 2), np.int64)
    nch = np.zeros(52, np.int64)
    for c in range(52):
        nch[c] = len(children[c])
        for q, (s, need) in enumerate(children[c]):
            ch[c, q] = (s, need)
    par = np.zeros((52, 8), np.int64)
    npar = np.zeros(52, np.int64)
    for c in range(52):
        npar[c] = len(parents[c])
        par[c, :len(parents[c])] = parents[c]
    place = np.array([(c & 3, ((c >> 2) - base) % 13) for c in range(52)], np.int64)
    got = (np.array(wants, np.int64), ch, nch, par, npar, place)
    for a in got:
        a.flags.writeable = False  # (shared by every search of these rules)
    if len(_ARRAYS) > 64:
        _ARRAYS.clear()
    _ARRAYS[(rules, base)] = got
    return got


def _table_size(expected: int, max_table: int = MAX_TABLE) -> int:
    size = 1 << 16
    while size < 2 * expected and size < max_table // 2:
        size <<= 1
    return size


class CompiledSearch:
    """:class:`~.solver.FastSearch` (order ``"cross"``) or, with ``deep_safe=True``,
    :class:`~.proofs.ProofSearch`, compiled.  ``run`` may be called again to go on.

    ``expected`` is the table's first size (entries; it holds about 1.2 per position walked);
    it doubles when half full, up to ``max_table`` slots (:data:`MAX_TABLE` by default,
    :func:`check_table`): a search that fills that stops with ``status == "table full"`` and
    no verdict."""

    def __init__(self, rules: Rules, state: State, order: str = "cross", *,
                 deep_safe: bool = False, expected: int = 1 << 16, seed: int | None = None,
                 skip: CompiledSearch | None = None, max_table: int | None = None) -> None:
        check(rules)
        self.max_table = check_table(max_table)
        import random

        import numpy as np

        core = _core
        self.np = np
        self.rules, self.state = rules, state
        n = self.n = rules.n_piles
        self.deep = bool(deep_safe and deep_safe_applies(rules))
        # how a space is filled, as the kernel's constants name it
        self.fill = {"free": core.FREE, "stock": core.FILL_STOCK,
                     "vacancy": core.VACANCY}[rules.fill]
        base = state.base
        (self.wants, self.children, self.nchildren, self.parents, self.nparents,
         self.place) = _arrays(rules, base)
        self.piles = np.zeros((n, 64), np.int64)
        self.plen = np.zeros(n, np.int64)
        fits = rules.engine.fits(base)
        for i, p in enumerate(state.piles):
            for a, b in itertools.pairwise(p):
                if not fits[b * 52 + a]:
                    raise ValueError("a pile that is not a run: the compiled core packs runs")
            self.piles[i, :len(p)] = p
            self.plen[i] = len(p)
        self.home = np.array(state.home, np.int64)
        self.stock = np.array(state.stock or (0,), np.int64)[:len(state.stock)]
        self.waste = np.zeros(64, np.int64)
        self.waste[:len(state.waste)] = state.waste
        # [stock index, waste length, nodes, depth, started, overflow]
        self.sc = np.array([0, len(state.waste), 0, 0, 0, 0], np.int64)
        self.codes = np.zeros(n, np.int64)
        self.scr = np.zeros(128, np.int64)  # the kernel's scratch (it allocates nothing)
        self.stack = np.zeros((64, 2), np.int64)
        self.k = core.key_words(n)
        self.tab = np.zeros((_table_size(expected, self.max_table), self.k), np.int64)
        self.count = np.zeros(1, np.int64)
        self._grow(512)  # (frames of the path: doubled when a search goes deeper)
        spec = ORDERS.get(order, order)
        if sorted(spec) != sorted("CHSTW"):
            raise ValueError(f"order must be one of {', '.join(ORDERS)} (or a permutation of "
                             f"'HCWST'), not {order!r}")
        self.spec = np.array(["HCWST".index(g) for g in spec], np.int64)
        perm = list(range(n))
        if seed is not None:  # (as FastSearch: a seed shuffles the order piles are looked at)
            random.Random(seed).shuffle(perm)
        self.perm = np.array(perm, np.int64)
        self.skip = skip  # another search: its keys are not entered (then no loss is proved)
        self.result: str | None = None
        self.status: str | None = None
        self.core = core

    def _grow(self, depth: int) -> None:
        with _small_pages():
            self._grow_path(depth)

    def _grow_path(self, depth: int) -> None:
        np = self.np
        old = getattr(self, "fm", None)
        maxm = _core.MAXM_SEQ if self.rules.sequences else _core.MAXM
        fm = np.zeros((depth, maxm, 3), np.int64)
        fn = np.zeros(depth, np.int64)
        fi = np.zeros(depth, np.int64)
        fhw = np.zeros(depth, np.int64)
        forced = self.fill == _core.FILL_STOCK
        rk = np.zeros((depth, _core.MAXR_FORCED if forced else _core.MAXR, 4), np.int64)
        rn = np.zeros(depth, np.int64)
        fk = np.zeros((depth, maxm, self.k), np.int64)  # each move's child key
        fh = np.zeros((depth, maxm), np.int64)  # and its hash
        if old is not None:
            d = old.shape[0]
            fm[:d], fn[:d], fi[:d], fhw[:d] = self.fm, self.fn, self.fi, self.fhw
            rk[:d], rn[:d], fk[:d], fh[:d] = self.rk, self.rn, self.fk, self.fh
        self.fm, self.fn, self.fi, self.fhw, self.rk, self.rn = fm, fn, fi, fhw, rk, rn
        self.fk, self.fh = fk, fh

    def _frame_bytes(self) -> int:
        """Bytes of one frame of the path (its moves, their keys and hashes, its record)."""
        return 8 * (self.fm.shape[1] * (3 + self.k + 1) + self.rk.shape[1] * 4 + 4)

    @property
    def nodes(self) -> int:
        return int(self.sc[2])

    @property
    def entries(self) -> int:
        """Keys in the transposition table."""
        return int(self.count[0])

    def run(self, max_nodes: int, deadline: float | None = None, cancel=None,
            chunk: int = 200_000) -> str | None:
        """Search on for at most ``max_nodes`` more positions (and until ``deadline``, a
        ``time.perf_counter()`` value, or ``cancel.is_set()``, checked every ``chunk``
        positions); ``"won"`` / ``"lost"`` once known (``"exhausted"`` instead of ``"lost"``
        when ``skip`` kept it out of some positions), else ``None`` (:attr:`status` says why:
        ``None`` for the budget, ``"table full"``, ``"pile too long"``, ``"path too deep"``:
        its frames would take more than :data:`MAX_PATH_BYTES`)."""
        if self.result is not None or self.status is not None:
            return self.result
        limit = self.nodes + max_nodes  # the start position counts against the budget too
        first = True
        while True:
            # (the clock and the token between chunks, a chunk cut short by a table grown too)
            if not first and ((deadline is not None and time.perf_counter() > deadline)
                              or (cancel is not None and cancel.is_set())):
                return None
            first = False
            maxfill = self.tab.shape[0] // 2
            step = min(limit, self.nodes + chunk)
            code = self.core.dfs(
                self.piles, self.plen, self.codes, self.home, self.stock, self.sc, self.waste, self.wants,
                self.children, self.nchildren, self.place, self.parents, self.nparents,
                self.deep, self.fm, self.fn, self.fi, self.fhw, self.rk, self.rn, self.tab,
                self.count, step, maxfill, self.scr, self.stack, self.spec, self.perm,
                self.skip.tab if self.skip is not None else self.tab, self.skip is not None,
                self.fk, self.fh, self.rules.sequences, self.fill)
            if code == 6:
                frames = 2 * self.fm.shape[0]
                if frames * self._frame_bytes() > MAX_PATH_BYTES:
                    self.status = "path too deep"
                    return None
                self._grow(frames)
                continue
            if code in (1, 2):
                self.result = STATUS[code]
                if code == 2 and self.skip is not None:
                    self.result = "exhausted"
                return self.result
            if code == 4 and self.tab.shape[0] < self.max_table:  # half full: twice the size, and on
                np = self.np
                tab = np.zeros((2 * self.tab.shape[0], self.k), np.int64)
                self.core.rehash(self.tab, tab)
                self.tab = tab
                continue
            if code in (4, 5):
                self.status = STATUS[code]
                return None
            if self.nodes >= limit:
                return None

    def fast_line(self) -> list[tuple[int, int, int]]:
        """The moves (safe moves home included, the forced fills not: as the reference's) from
        the start to the current position."""
        out = []
        for d in range(int(self.sc[3])):
            for q in range(int(self.rn[d])):
                src, dst, cnt, _ = (int(x) for x in self.rk[d, q])
                if self.fill == _core.FILL_STOCK and src == _core.STOCK and 0 <= dst < _core.F:
                    continue  # (a stock card into a space: never a move of the player's)
                out.append((src, dst, cnt))
        return out

    def model_line(self) -> list:
        """After ``"won"``: the line as the engine's raw moves, replayed and checked."""
        if self.result != "won":
            raise ValueError("no win to replay")
        return to_model_line(self.rules, self.state, self.fast_line())


class CompiledBackend:
    """The compiled core as a :class:`~.interface.Backend`; its searches' tables grow to at
    most ``max_table`` slots (:func:`check_table`; :data:`MAX_TABLE` by default)."""

    name = "compiled"

    def __init__(self, max_table: int | None = None) -> None:
        self.max_table = None if max_table is None else check_table(max_table)

    def supports(self, rules: Rules) -> bool:
        return supports(rules)

    def make(self, rules: Rules, root: State, order: str, *, seed: int | None = None,
             skip: Search | None = None, deep_safe: bool = False,
             expected: int = 1 << 16) -> CompiledSearch:
        return CompiledSearch(rules, root, order, deep_safe=deep_safe, expected=expected,
                              seed=seed, skip=skip,  # type: ignore[arg-type]
                              max_table=self.max_table)


COMPILED = CompiledBackend()


def search(rules: Rules, root: State, *, max_nodes: int | None = None,
           max_seconds: float | None = None, deep_safe: bool = False,
           cancel: Cancel | None = None, order: str = "cross",
           probe: bool = True) -> tuple[str, list[RawMove], int]:
    """A compiled search from ``root`` (for the cross-checks; :func:`~.exact.search` and
    :func:`~.proofs.prove` choose it with ``engine=``): one depth-first search in ``order``
    (the solver's ``"cross"``, or with ``deep_safe`` the proof search), or
    ``order="portfolio"``: (verdict, raw line replayed through the engine, nodes)."""
    check(rules)
    if root.is_won:
        return "won", [], 0
    budget = max_nodes if max_nodes is not None else 1 << 62
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    if order == "portfolio":
        return portfolio(COMPILED, rules, root, budget, deadline, max_seconds, probe, cancel)
    return run_one(COMPILED, rules, root, order, budget, deadline, cancel, deep_safe=deep_safe)


def rank_layers(ref, state: State, rules: Rules, *, max_positions: int = 5_000_000,
                max_seconds: float | None = None, table: int | None = None,
                starts=None, start_tc: int | None = None, split_at: int | None = None,
                max_table: int | None = None) -> tuple[str, int, list[int], object]:
    """The rank abstraction's layer-by-layer search, compiled, from ``ref``, the reference's
    :class:`~.abstraction._RankSearch` made for ``state`` (its start and tables: the caller,
    :func:`~.abstraction.prove_by_ranks`, makes it, so this backend never imports the code that
    chooses it): (why it stopped — ``"lost"``, ``"budget"``, ``"won with swaps"``, ``"pile too
    long"``, ``"table full"`` —, positions, each layer's positions).

    ``max_seconds`` is checked between layers only (a layer is walked to its end or to the
    position budget, so a search may overrun it by one layer).  ``table`` (slots, a power of
    two) is the first size of the two layer tables; they double when half full, up to
    ``max_table`` slots (:data:`MAX_TABLE` by default; :func:`check_table`), then
    ``why="table full"``.

    For split and conquer (:mod:`.split`): ``starts`` (packed nodes, an ``(k, 2)`` int64
    array, all with ``start_tc`` cards turned) replaces the start; ``split_at`` stops when the
    layer with that many cards turned is reached (``why="split"``) and returns its entries as
    the fourth value (else ``None``)."""
    import numpy as np

    max_table = check_table(max_table)
    core = _load()
    t0 = time.perf_counter()
    _w, ch, nch, _p, _np, _pl = _arrays(rules, state.base)
    safe = bool(getattr(ref, "safe_home", False))
    shapes, home, tc, wm, _cross = ref.start
    n = rules.n_piles
    w0 = 0
    for i, v in enumerate(sorted(shapes)):  # (rank * 64 + length, as the reference's)
        w0 |= v << (10 * i)
    start = np.array([w0 | core.MARK, wm | (home[0] | home[1] << 4 | home[2] << 8 | home[3] << 12) << 47],
                     np.int64)
    turned = np.array(ref.turned + (0,), np.int64)
    tpos = np.full(52, -1, np.int64)
    for i, c in enumerate(ref.turned):
        tpos[c] = i
    incross = np.zeros(52, np.int64)
    for p in state.piles:
        for c in p:
            incross[c] = 1
    wants = np.array(ref.wants, np.int64)
    ok = np.array(ref.ok, np.int64)
    under = np.array([-1 if u is None else u for u in ref.under], np.int64)
    size = table or 1 << 16

    def new(slots: int):
        return np.zeros((slots, 2), np.int64), np.zeros((slots // 2 + 64, 2), np.int64)

    if starts is None:
        starts = start.reshape(1, 2)
    else:
        tc = start_tc
    while size < 4 * len(starts):
        size *= 2
    cur_t, todo = new(size)
    nxt_t, nlist = new(size)
    cnt, ncnt = np.zeros(1, np.int64), np.zeros(1, np.int64)
    k = 0
    for node in starts:
        if core.tab_add(cur_t, cnt, node, 2):
            todo[k] = node
            k += 1
    st = np.array([k, 0, 0, 0], np.int64)  # todo entries, layer positions, positions, nlist
    scr = np.zeros(1100, np.int64)  # the kernel's scratch (it allocates nothing)
    deadline = None if max_seconds is None else t0 + max_seconds
    layers: list[int] = []
    while True:
        code = int(core.rank_layer(n, tc, turned, tpos, incross, wants, ok, under, ref.end,
                                   cur_t, cnt, nxt_t, ncnt, todo, nlist, st, max_positions,
                                   scr, ch, nch, safe))
        if code == 4:  # a table half full: twice the size, and on
            if 2 * max(cur_t.shape[0], nxt_t.shape[0]) > max_table * 2:
                layers.append(int(st[1]))
                why = "table full"
                break
            if cnt[0] > cur_t.shape[0] >> 1:
                t, d = new(2 * cur_t.shape[0])
                core.rehash(cur_t, t)
                d[:todo.shape[0]] = todo
                cur_t, todo = t, d
            if ncnt[0] > nxt_t.shape[0] >> 1:
                t, d = new(2 * nxt_t.shape[0])
                core.rehash(nxt_t, t)
                d[:nlist.shape[0]] = nlist
                nxt_t, nlist = t, d
            continue
        layers.append(int(st[1]))
        if code != 2:
            why = {0: "budget", 1: "won with swaps", 3: "pile too long"}[code]
            break
        if ncnt[0] == 0:
            why = "lost"
            break
        if deadline is not None and time.perf_counter() > deadline:
            why = "budget"
            break
        if split_at is not None and tc + 1 >= split_at:
            return "split", int(st[2]), layers, nlist[:int(st[3])].copy()
        # the next layer: its entries are the next table (and its list); a fresh one after it
        cur_t, todo = nxt_t, nlist
        nxt_t, nlist = new(cur_t.shape[0])
        cnt[0], ncnt[0] = ncnt[0], 0
        st[0], st[1], st[3] = st[3], 0, 0
        tc += 1
    return why, int(st[2]), layers, None
