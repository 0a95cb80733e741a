"""The engine interface: what the exact search and the proof search are written against, and
what each backend (the Python reference :mod:`.reference`, the compiled core :mod:`.compiled`)
provides.  Nothing here imports a backend or the code that chooses one (:mod:`.backends`).

What the backends share (the interface):

- the **move tables** (:func:`_tables`: each card's children and each foundation's next card),
  the **move orders** (:data:`ORDERS`) and the **restarts** (:data:`RESTART_ORDERS`,
  :data:`RESTART_UNIT`, :func:`luby`);
- the **transposition key** (the piles as a multiset, the foundation counts, the stock index:
  see :mod:`.exact`, "Soundness of the reductions"), which both backends compute from the same
  position so that their searches walk the same positions;
- a backend's search object (:class:`Search`): ``run(max_nodes, deadline, cancel)`` → ``"won"``
  / ``"lost"`` / ``"exhausted"`` / ``None``, ``nodes``, ``status`` and ``fast_line()``;
- :func:`portfolio` and :func:`run_one`, the searches written **once** over any backend;
- :func:`to_model_line`: every line is replayed through the model's engine before it is
  returned, whichever backend found it.
"""

from __future__ import annotations

import functools
import time
from typing import Protocol

from ..model.rules import Rules
from ..model.state import FOUNDATION, STOCK, WASTE, RawMove, State
from ..validate import check_position
from .greedy import heuristic_line

__all__ = ["F", "STOCK", "WASTE", "ORDERS", "RESTART_ORDERS", "RESTART_UNIT", "LATE_STOCK",
           "Cancel", "SolverBug", "Search", "Backend", "luby", "portfolio", "run_one",
           "to_model_line", "checked_apply", "position_and_rules", "deep_safe_applies"]

F = FOUNDATION  # in the fast search "to a foundation" (the corner is chosen on replay)
# Move orders, as the sequence of groups tried: H moves home, C builds from pile to pile (and
# runs), W builds from the waste, S moves into a space, T turning the stock.
ORDERS = {"cross": "HCWST", "waste": "HWTCS"}
# The portfolio's restarts: their orders, and the unit of their budgets (nodes)
RESTART_ORDERS = ("HCWST", "HWCST", "HSCWT", "HCSWT")
RESTART_UNIT = 2000
LATE_STOCK = 8  # order="auto": one search, not the portfolio, from this many stock cards down


class Cancel(Protocol):
    """What stops a search from another thread: a ``threading.Event`` will do."""

    def is_set(self) -> bool: ...


class SolverBug(AssertionError):
    """The fast search produced a line the model refuses (never expected; reported loudly)."""


class Search(Protocol):
    """One resumable depth-first search of a backend (:class:`~.reference.FastSearch`,
    :class:`~.compiled.CompiledSearch`)."""

    nodes: int
    result: str | None

    def run(self, max_nodes: int, deadline: float | None = None,
            cancel: Cancel | None = None) -> str | None: ...

    def fast_line(self) -> list[tuple[int, int, int]]: ...


class Backend(Protocol):
    """What a backend provides: its ``name`` (shown to the player: which engine answered),
    whether it plays some rules, and its searches.  ``skip`` is another search of the same
    backend whose positions the new one does not enter (the portfolio's fresh searches);
    ``deep_safe`` asks for the proof search's deeper safe moves home."""

    name: str

    def supports(self, rules: Rules) -> bool: ...

    def make(self, rules: Rules, root: State, order: str, *, seed: int | None = None,
             skip: Search | None = None, deep_safe: bool = False,
             expected: int = 1 << 16) -> Search: ...


def to_model_line(rules: Rules, state: State, fast: list[tuple[int, int, int]]) -> list[RawMove]:
    """Translate a fast line into the engine's raw moves, checking each against
    ``rules.moves`` and the end position; raises :class:`SolverBug` if the model disagrees."""
    engine = rules.engine
    out: list[RawMove] = []
    s = state
    for src, dst, cnt in fast:
        if dst >= F:
            c = s.waste[-1] if src == WASTE else s.piles[src][-1]
            suit = c & 3
            slot = s.corners.index(suit) if suit in s.corners else engine.home_slots(s, c)[0]
            raw = (src, F + slot, 1)
        else:
            raw = (src, dst, cnt)
        s = checked_apply(engine, s, raw, "the solver")
        out.append(raw)
    if not s.is_won:
        raise SolverBug("the solver's line does not end in a won position")
    return out


def checked_apply(engine, s: State, raw: RawMove, who: str) -> State:
    """``engine.apply(s, raw)`` once ``raw`` is one of ``engine.moves(s)``; else a
    :class:`SolverBug` naming ``who`` made the move (a search's line replayed in the model)."""
    if raw not in engine.moves(s):
        raise SolverBug(f"{who}'s move {raw} is not legal in the model at {s}")
    return engine.apply(s, raw)


def position_and_rules(position, rules: Rules | None) -> tuple[State, Rules]:
    """A :class:`Game` (its state and rules) or a :class:`State` with its ``rules``."""
    if rules is None:
        if not isinstance(getattr(position, "rules", None), Rules):
            raise ValueError("give a Game, or a State and its rules")
        return position.state, position.rules
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a Rules (get_rules(variant)), not "
                         f"a {type(rules).__name__[:40]}")
    check_position(rules, position)  # (outside input: a Game's positions are checked when made)
    return position, rules


@functools.lru_cache(maxsize=64)
def _tables(rules: Rules, base: int) -> tuple[tuple, tuple]:
    """Per card: (suit, rank above the base) of each card that may be built on it (its
    children: all home means the card is safe to send home); and per suit and count of cards
    home, the card that foundation takes next (-1: it is complete)."""
    fits = rules.engine.fits(base)
    children = tuple(
        tuple((x & 3, ((x >> 2) - base) % 13) for x in range(52) if fits[x * 52 + c])
        for c in range(52))
    wants = tuple(tuple(((base + h) % 13) * 4 + suit if h < 13 else -1 for h in range(14))
                  for suit in range(4))
    return children, wants


def luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, ``i`` from 1 (restart budgets)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


def _pile_map(line_piles: tuple, real_piles: tuple) -> list[int] | None:
    """For positions equal up to the order of the piles: where each pile of the first lies in
    the second (``None`` if they are not such positions)."""
    where: dict[tuple, list[int]] = {}
    for j, p in enumerate(real_piles):
        where.setdefault(p, []).append(j)
    out = []
    for p in line_piles:
        js = where.get(p)
        if not js:
            return None
        out.append(js.pop(0))
    return out


def _mapped(rules: Rules, s: State, raw: RawMove, pmap: list[int]) -> RawMove:
    src, dst, cnt = raw
    if src >= 0:
        src = pmap[src]
    if dst >= F:
        c = s.waste[-1] if src == WASTE else s.piles[src][-1]
        suit = c & 3
        dst = F + (s.corners.index(suit) if suit in s.corners
                   else rules.engine.home_slots(s, c)[0])
    elif dst >= 0:
        dst = pmap[dst]
    return (src, dst, cnt)


def deep_safe_applies(rules: Rules) -> bool:
    """Whether the proof search's deeper safe moves home are sound for these rules
    (:class:`~.proofs.ProofSearch`)."""
    return rules.fill == "free" and not rules.sequences


def run_one(backend: Backend, rules: Rules, root: State, order: str, budget: int,
            deadline: float | None, cancel: Cancel | None = None, *,
            deep_safe: bool = False) -> tuple[str, list[RawMove], int]:
    """One complete depth-first search of ``backend`` in ``order``: (verdict, raw line
    replayed through the engine, nodes).  Only such a search's exhaustion proves a loss."""
    fs = backend.make(rules, root, order, deep_safe=deep_safe, expected=min(budget, 1 << 16))
    verdict = fs.run(budget, deadline, cancel)
    if verdict == "won":
        return "won", to_model_line(rules, root, fs.fast_line()), fs.nodes
    return verdict or "unknown", [], fs.nodes


def portfolio(backend: Backend, rules: Rules, root: State, budget: int,
              deadline: float | None, max_seconds: float | None, probe: bool = True,
              cancel: Cancel | None = None) -> tuple[str, list[RawMove], int]:
    """The solver's portfolio over ``backend`` (see :func:`~.exact.search`): the heuristic
    probe (a model line), then one persistent search in order "cross" sharing the budget with
    fresh searches in other orders and shuffled pile orders that skip the persistent one's
    positions, budgets growing as the Luby sequence.  If the persistent search stops for good
    (the compiled core's table is full, or a pile grew too long for it), the fresh searches go
    on alone with the rest of the budget, no longer skipping its positions: each is then a
    whole search of its own, so one that runs out of positions proves the loss too. Written
    once: both backends walk the same searches in the same turns, so they give the same
    verdicts and nodes (until a compiled table fills: the Python searches' dicts have no
    limit)."""
    nodes = 0
    if probe:  # a cheap probe first: the heuristic player's greedy line (a model line)
        line, end, nodes = heuristic_line(
            rules, root, max_nodes=budget // 2,
            deadline=None if max_seconds is None else time.perf_counter() + max_seconds / 2,
            cancel=cancel)
        if end.is_won:
            return "won", line, nodes
    main = backend.make(rules, root, "cross")
    r = 0
    while True:
        share = RESTART_UNIT * luby(r + 1)
        for fs in (main, None):
            if fs is None:  # (once the persistent search's table is full, on their own)
                full = getattr(main, "status", None) is not None
                fs = backend.make(rules, root, RESTART_ORDERS[r % len(RESTART_ORDERS)],
                                  seed=r + 1, skip=None if full else main, expected=1 << 12)
            before = fs.nodes
            verdict = fs.run(min(share, budget - nodes), deadline, cancel)
            nodes += fs.nodes - before
            if verdict == "won":
                return "won", to_model_line(rules, root, fs.fast_line()), nodes
            if verdict == "lost":
                return "lost", [], nodes
            if nodes >= budget or (deadline is not None and time.perf_counter() > deadline) \
                    or (cancel is not None and cancel.is_set()):
                return "unknown", [], nodes
        r += 1
