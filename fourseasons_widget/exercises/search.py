"""Checkers for the "Your turn" exercises of notebook 05 (search).

- :func:`check_heuristic` — is a heuristic admissible (never above the true number of moves
  to the goal), consistent (never dropping by more than a move's cost along a move), never
  negative, 0 at a goal, and better informed than *cards not home*?  Checked against the
  exact distances on small positions whose whole state space is searched.
- :func:`check_expansion_order` — order four algorithms by the nodes they expand on
  :data:`ORDER_POSITION` (checked against a run).
- :func:`check_guarantees` — which algorithms are complete, which optimal, here?

Each returns a :class:`~fourseasons_widget.exercises.Feedback`; a wrong answer is told what is
wrong (a position where a heuristic fails, how many pairs are out of order), not the answer.

>>> check_expansion_order(...)
✘ Not yet. Fill in `order`: a list of the four algorithm names, fewest expansions first.
"""

from __future__ import annotations

import math
import numbers
from collections import deque
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from ._feedback import Feedback

#: the algorithms of the ordering exercise, and the names a student may use for them
ALGORITHM_NAMES = {
    "breadth-first": ("breadth-first", "breadth first", "bfs", "breadth_first_search"),
    "depth-first": ("depth-first", "depth first", "dfs", "depth_first_search"),
    "greedy best-first": ("greedy best-first", "greedy", "greedy best first",
                          "greedy_best_first_search", "best-first"),
    "A*": ("a*", "astar", "a star", "a-star"),
}
#: the position of the ordering exercise: ``lesson_position(seed, cards_left)``
ORDER_POSITION = (1, 10)
#: the positions whose whole state space :func:`check_heuristic` searches:
#: ``small_position(seed, cards_left)`` (the last one still has a card in the stock)
HEURISTIC_POSITIONS = ((0, 6), (0, 8), (2, 8))
#: the algorithms of the guarantees exercise
GUARANTEE_NAMES = ("breadth-first", "depth-first", "depth-limited (10)", "iterative deepening",
                   "greedy best-first", "A*")
#: on Four Seasons, as :mod:`fourseasons_widget.search.algorithms` implements them: the state
#: space is finite (one pass through the stock, cards never leave a foundation) but has loops
#: (a card can shuttle between cross piles).  The graph searches remember what they reached,
#: iterative deepening the states on its path; a depth limit of 10 misses deeper goals.
_COMPLETE = frozenset({"breadth-first", "depth-first", "iterative deepening",
                       "greedy best-first", "A*"})
#: every move costs 1; A* with an admissible heuristic (the default counts cards not home)
_OPTIMAL = frozenset({"breadth-first", "iterative deepening", "A*"})


def _placeholder(x: Any) -> bool:
    return x is ... or x is None


# -- a heuristic: admissible? consistent? --------------------------------------------------------


@cache
def _state_space(seed: int, cards_left: int):
    """The whole state space reachable from ``small_position(seed, cards_left)``: the start
    state, each state's successors (with the move's text) and each state's exact number of
    moves to the goal (``math.inf`` where no goal is reachable), by a backward breadth-first
    search over the reversed moves."""
    from ..search.endgames import position_at, small_position
    from ..search.problem import GameProblem

    p = GameProblem(position_at(small_position(seed=seed, cards_left=cards_left)))
    start = p.initial
    states = {p.key(start): start}
    succ: dict[Any, list[tuple[Any, str]]] = {}
    parent: dict[Any, tuple[Any, str] | None] = {p.key(start): None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        k = p.key(s)
        out = []
        for a in p.actions(s):
            s2 = p.result(s, a)
            k2 = p.key(s2)
            out.append((k2, p.move_text(s, a)))
            if k2 not in states:
                states[k2] = s2
                parent[k2] = (k, p.move_text(s, a))
                queue.append(s2)
        succ[k] = out
    preds: dict[Any, list[Any]] = {k: [] for k in states}
    for k, out in succ.items():
        for k2, _ in out:
            preds[k2].append(k)
    dist = dict.fromkeys(states, math.inf)
    goals = [k for k, s in states.items() if p.is_goal(s)]
    queue = deque(goals)
    for g in goals:
        dist[g] = 0
    while queue:
        k = queue.popleft()
        for k0 in preds[k]:
            if dist[k0] == math.inf:
                dist[k0] = dist[k] + 1
                queue.append(k0)
    return p.key(start), states, succ, dist, parent


def _moves_to(parent, k) -> list[str]:
    out = []
    while parent[k] is not None:
        k, move = parent[k]
        out.append(move)
    return out[::-1]


def _where(seed: int, cards_left: int, moves: list[str]) -> str:
    start = f"small_position(seed={seed}, cards_left={cards_left})"
    if not moves:
        return f"at the start of {start}"
    return f"in {start} after {' '.join(moves)}"


def _value(h: Callable[[Any], float], s: Any) -> float:
    v = h(s)
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"h returned {type(v).__name__}, not a number")
    v = float(v)
    if math.isnan(v):
        raise TypeError("h returned NaN")
    return v


def check_heuristic(h: Callable[[Any], float]) -> Feedback:
    """Is ``h`` (a function of a :class:`~fourseasons_widget.State`) a better-informed
    heuristic than *cards not home*, as notebook 05 asks?  On every position of three small
    state spaces it must be a number, never negative, 0 at a goal, admissible (never above the
    true number of moves to the goal) and consistent (never dropping by more than a move's
    cost along a move); and it must say at least as much as cards not home everywhere, and
    more somewhere.  Right only when it is all of these."""
    from ..search.heuristics import cards_not_home

    if _placeholder(h) or not callable(h):
        return Feedback.not_yet("Fill in `h`: a function that takes a State and returns a number.")
    inconsistent = None
    below = None  # (where, h, cards not home) where h says less than cards not home
    more = False
    for seed, cards_left in HEURISTIC_POSITIONS:
        _, states, succ, dist, parent = _state_space(seed, cards_left)
        values = {}
        try:
            for k, s in states.items():
                values[k] = _value(h, s)
        except Exception as e:
            return Feedback.not_yet(
                f"h failed {_where(seed, cards_left, _moves_to(parent, k))}: "
                f"{type(e).__name__}: {_words(str(e), 120)}.")
        for k, v in values.items():
            if v < 0:
                return Feedback.not_yet(
                    f"h is {v:g} {_where(seed, cards_left, _moves_to(parent, k))}: a heuristic "
                    "estimates the moves still needed, so it is never below 0.")
        for k, v in values.items():
            if dist[k] == 0 and v != 0:
                return Feedback.not_yet(
                    f"h is {v:g} at a goal ({_where(seed, cards_left, _moves_to(parent, k))}, "
                    "all 52 cards home): no move is needed there, so h must be 0.")
        for k, v in values.items():
            if v > dist[k]:
                return Feedback.not_yet(
                    f"h overestimates {_where(seed, cards_left, _moves_to(parent, k))}: it says "
                    f"{v:g}, but the goal is {dist[k]:g} moves away. An admissible h never "
                    "says more than the true number of moves.")
        if inconsistent is None:
            for k, out in succ.items():
                for k2, move in out:
                    if values[k] > 1 + values[k2]:
                        inconsistent = (f"{_where(seed, cards_left, _moves_to(parent, k))}, the "
                                        f"move {move} costs 1 but h drops from {values[k]:g} "
                                        f"to {values[k2]:g}")
                        break
                if inconsistent:
                    break
        for k, v in values.items():
            base = cards_not_home(states[k])
            if v < base and below is None:
                below = (_where(seed, cards_left, _moves_to(parent, k)), v, base)
            more = more or v > base
    if inconsistent:
        return Feedback.not_yet(
            "h is admissible (it never overestimates here), but not consistent: "
            f"{inconsistent}. A consistent h never drops by more than the cost of a move.")
    if below is not None:
        where, v, base = below
        if all(v == 0 for p_ in HEURISTIC_POSITIONS
               for v in (_value(h, st) for st in _state_space(*p_)[1].values())):
            return Feedback.not_yet(
                "h = 0 is admissible and consistent, but it says nothing: A* with it is "
                "uniform-cost search. The exercise asks for an h better informed than cards "
                "not home.")
        return Feedback.not_yet(
            f"h is admissible and consistent, but says less than cards not home {where} "
            f"({v:g} against {base:g}): a better-informed h says at least as much everywhere.")
    if not more:
        return Feedback.not_yet(
            "h says exactly what cards not home says on every position of the three endgames: "
            "there, it is the given heuristic. The exercise asks for a better-informed one — what must happen to a "
            "card still in the stock before it can go home?")
    nodes = _astar_nodes(h)
    return Feedback.right(
        "h is never negative, 0 at the goal, never overestimates and never drops by more than "
        "a move's cost on any of "
        f"{sum(len(_state_space(*p)[1]) for p in HEURISTIC_POSITIONS):,} positions — "
        "admissible and consistent, so A* with it finds shortest lines — and it says more than "
        f"cards not home. On lesson_position(0, 12) A* expands {nodes[0]:,} nodes with your h, "
        f"{nodes[1]:,} with cards not home.")


def _words(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:.") + " …"


def _astar_nodes(h) -> tuple[int, int]:
    from ..search.algorithms import astar
    from ..search.endgames import lesson_position
    from ..search.problem import GameProblem

    p = GameProblem(lesson_position(0, 12))
    return (astar(p, h=h, max_expanded=50_000).expanded, astar(p).expanded)


# -- order four algorithms by nodes expanded ------------------------------------------------------


def _canonical(name: Any) -> str | None:
    if not isinstance(name, str):
        return None
    low = name.strip().lower()
    for canon, aliases in ALGORITHM_NAMES.items():
        if low == canon.lower() or low in aliases:
            return canon
    return None


@cache
def expansions_on_order_position() -> dict[str, int]:
    """Nodes expanded by each algorithm of the exercise on :data:`ORDER_POSITION`."""
    from ..search import algorithms
    from ..search.endgames import lesson_position
    from ..search.problem import GameProblem

    p = GameProblem(lesson_position(*ORDER_POSITION))
    runs = {"breadth-first": algorithms.breadth_first_search,
            "depth-first": algorithms.depth_first_search,
            "greedy best-first": algorithms.greedy_best_first_search,
            "A*": algorithms.astar}
    return {name: run(p).expanded for name, run in runs.items()}


def check_expansion_order(order: Iterable[str]) -> Feedback:
    """``order``: the four algorithms (breadth-first, depth-first, greedy best-first, A*),
    fewest nodes expanded first, on ``lesson_position(*ORDER_POSITION)``."""
    if _placeholder(order):
        return Feedback.not_yet(
            "Fill in `order`: a list of the four algorithm names, fewest expansions first.")
    if isinstance(order, str) or not isinstance(order, Iterable):
        return Feedback.not_yet("`order` should be a list of names, such as "
                                "['A*', 'breadth-first', ...].")
    names = list(order)
    canon = [_canonical(n) for n in names]
    unknown = [str(n)[:30] for n, c in zip(names, canon) if c is None]
    if unknown:
        return Feedback.not_yet(f"Unknown name(s): {', '.join(map(repr, unknown))}. Use "
                                f"{', '.join(ALGORITHM_NAMES)}.")
    if sorted(canon) != sorted(ALGORITHM_NAMES):
        return Feedback.not_yet("Name each of the four algorithms exactly once: "
                                f"{', '.join(ALGORITHM_NAMES)}.")
    counts = expansions_on_order_position()
    pairs = [(a, b) for i, a in enumerate(canon) for b in canon[i + 1:]]
    good = sum(counts[a] <= counts[b] for a, b in pairs)
    if good == len(pairs):
        return Feedback.right(
            "Measured: " + ", ".join(f"{n} {counts[n]:,}" for n in canon) + " nodes expanded.")
    return Feedback.not_yet(
        f"{good} of the {len(pairs)} pairs {'is' if good == 1 else 'are'} in the right order. Run the four algorithms on "
        f"lesson_position{ORDER_POSITION} and compare their `expanded`.")


# -- complete? optimal? ---------------------------------------------------------------------------


def check_guarantees(complete: Iterable[str], optimal: Iterable[str]) -> Feedback:
    """``complete`` / ``optimal``: the names (from :data:`GUARANTEE_NAMES`) of the algorithms
    that are complete / optimal on Four Seasons as this library implements them (every move
    costs 1; A* uses cards not home)."""
    if _placeholder(complete) or _placeholder(optimal):
        return Feedback.not_yet("Fill in `complete` and `optimal`: sets of algorithm names.")
    answers = {}
    for label, given in (("complete", complete), ("optimal", optimal)):
        if isinstance(given, str) or not isinstance(given, Iterable):
            return Feedback.not_yet(f"`{label}` should be a set of names, such as "
                                    "{'A*', 'breadth-first'}.")
        names = set()
        for n in given:
            c = n if n in GUARANTEE_NAMES else _canonical(n)
            if c is None and isinstance(n, str) and n.strip().lower().startswith("depth-limited"):
                c = "depth-limited (10)"
            if c is None and isinstance(n, str) and n.strip().lower() in ("ids",
                                                                          "iterative deepening"):
                c = "iterative deepening"
            if c is None:
                return Feedback.not_yet(f"Unknown name in `{label}`: {str(n)[:30]!r}. Use "
                                        f"{', '.join(GUARANTEE_NAMES)}.")
            names.add(c)
        answers[label] = names
    wrong = {label: len(answers[label] ^ truth)
             for label, truth in (("complete", _COMPLETE), ("optimal", _OPTIMAL))}
    if not any(wrong.values()):
        return Feedback.right(
            "The space is finite but loops; every search that remembers where it has been (or "
            "its own path) ends, and a depth limit of 10 can miss a deeper goal. Only the "
            "searches that look at shallower nodes first (or order by g + an admissible h) "
            "promise a shortest line.")
    hints = []
    lead = ""
    textbook = {"depth-first", "greedy best-first"}
    if wrong["complete"] and textbook <= (_COMPLETE - answers["complete"]):
        lead = ("The textbook's \"depth-first and greedy are incomplete\" is about tree "
                "search (no memory of states reached) or infinite spaces: a tree search "
                "can loop for ever. Here both are graph searches (they keep a reached "
                "table) on a finite space: can they loop? ")
    if wrong["complete"]:
        hints.append(f"{wrong['complete']} algorithm(s) misplaced in `complete` (does it "
                     "always end, and can its limit hide the goal?)")
    if wrong["optimal"]:
        hints.append(f"{wrong['optimal']} misplaced in `optimal` (must the first goal it "
                     "takes be a shallowest one?)")
    return Feedback.not_yet(lead + "; ".join(hints) + ".")
