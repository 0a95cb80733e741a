"""Split and conquer for the rank abstraction: prove a position lost one entry of a narrow
layer at a time.

Every line of the bigger game (:mod:`.abstraction`) from a position with cards in the stock
turns every stock card before it can win (the stock's cards must go home), so it enters every
stock layer, and it enters layer ``t`` at one of that layer's *entries* (the positions right
after the ``t``-th card is turned).  Hence the position is lost in the bigger game — and so in
the real one — when the layer-by-layer search reaches layer ``t`` without a win and every entry
of layer ``t`` is lost.  Each entry is then searched on its own with a table of its own
(:func:`~.compiled.rank_layers` with ``starts=``): the layers of one entry's search are
narrower than the whole layer, so a search that fills its table from the position may fit
entry by entry.  The entries' searches overlap (different entries reach the same positions),
so the total work is at least the whole search's; what is bounded is the memory.  Only
"lost" for every entry gives "lost"; anything else stops with "unknown".

Needs the compiled core (numba).  Measured by ``benchmarks/solver.py --split``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..model.rules import Rules
from .abstraction import _RankSearch, abstraction_applies
from .interface import position_and_rules


@dataclass
class SplitResult:
    """``verdict`` ``"lost"`` (proved) or ``"unknown"``; ``why``; the entries of the split
    layer and how many were proved lost; positions walked by the first search and by the
    entries' searches, each entry's positions, and seconds."""

    verdict: str
    why: str
    entries: int = 0
    proved: int = 0
    head_positions: int = 0
    positions: int = 0
    per_entry: list[int] = field(default_factory=list)
    largest_layer: int = 0
    seconds: float = 0.0


def prove_split(position, rules: Rules | None = None, *, split_left: int,
                max_positions: int = 2_000_000_000, table: int | None = None,
                max_seconds: float | None = None, log=None) -> SplitResult:
    """Prove ``position`` lost in the bigger game by splitting at the layer with
    ``split_left`` stock cards left (see the module's docstring)."""
    from . import compiled

    state, rules = position_and_rules(position, rules)
    if not abstraction_applies(rules, state.base) or rules.n_piles > 5:
        raise ValueError(f"the rank abstraction does not fit {rules.title}'s rules")
    if not 0 <= split_left < len(state.stock):
        raise ValueError(f"split_left must be below the {len(state.stock)} stock cards left")
    t0 = time.perf_counter()
    deadline = None if max_seconds is None else t0 + max_seconds
    ref = _RankSearch(rules, state, safe_home=True)
    at = ref.end - split_left
    why, head, layers, entries = compiled.rank_layers(ref, state, rules,
                                                      max_positions=max_positions,
                                                      table=table, split_at=at)
    out = SplitResult("unknown", why, head_positions=head,
                      largest_layer=max(layers, default=0))
    if why != "split":
        out.verdict = "lost" if why == "lost" else "unknown"
        out.seconds = time.perf_counter() - t0
        return out
    out.entries = len(entries)
    for i in range(len(entries)):
        if deadline is not None and time.perf_counter() > deadline:
            out.why = "budget"
            break
        w, n, lay, _ = compiled.rank_layers(ref, state, rules, max_positions=max_positions,
                                            table=table, starts=entries[i:i + 1], start_tc=at)
        out.positions += n
        out.per_entry.append(n)
        out.largest_layer = max(out.largest_layer, max(lay, default=0))
        if log is not None:
            log(f"entry {i + 1}/{len(entries)}: {w}, {n:,} positions, largest layer "
                f"{max(lay, default=0):,}, {time.perf_counter() - t0:.0f} s")
        if w != "lost":
            out.why = f"entry {i}: {w}"
            break
        out.proved += 1
    else:
        out.verdict, out.why = "lost", "lost"
    out.seconds = time.perf_counter() - t0
    return out
