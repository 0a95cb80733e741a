"""Uninformed and informed search, for teaching, over any :class:`~.problem.Problem`.

One best-first core, :func:`best_first_search`, parameterised by the evaluation function
``f(node)``; the classic algorithms are that core with a particular ``f`` (as in *AI: A Modern
Approach*, 4th ed., ch. 3):

=====================  ===============================  ====================================
algorithm              f(n)                             finds
=====================  ===============================  ====================================
breadth-first          depth(n)                         a shortest path if costs are equal
depth-first            −depth(n)                        some path (graph search)
uniform-cost           g(n)                             a cheapest path
greedy best-first      h(n)                             some path, often fast
A*                     g(n) + h(n)                      a cheapest path if h is admissible
weighted A*            g(n) + w·h(n)                    a path at most w × the cheapest
=====================  ===============================  ====================================

Depth-limited search and iterative deepening are the tree-search exceptions (they keep no
table of reached states, only the current path, as in the book).

Every algorithm returns a :class:`SearchResult`: the path (as the game's :class:`Move`
objects when the problem is a :class:`~.problem.GameProblem`), its cost, nodes expanded and
generated, the largest frontier, duplicates skipped, time, and why it stopped.  Pass
``on_step`` to watch it: the callback gets a small :class:`Step` at each expansion (the
frontier size, the depth, f) — enough for a notebook to plot the frontier growing, with no
second copy of the algorithm.

>>> from fourseasons_widget.search.endgames import small_position
>>> from fourseasons_widget.search.problem import GameProblem
>>> p = GameProblem(small_position(seed=0, cards_left=4))
>>> r = astar(p)
>>> r.solved, r.cost == len(r.path)
(True, True)
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..validate import budget
from .problem import Problem


@dataclass
class Node:
    """A node of the search tree: a state, how it was reached, and the cost so far."""

    state: Any
    parent: Node | None = None
    action: Any = None
    path_cost: float = 0.0
    depth: int = 0

    def path(self) -> list[Any]:
        """The actions from the root to this node."""
        out = []
        n: Node | None = self
        while n is not None and n.parent is not None:
            out.append(n.action)
            n = n.parent
        return out[::-1]


@dataclass
class Step:
    """One expansion, for ``on_step`` callbacks."""

    expanded: int
    generated: int
    frontier: int
    depth: int
    f: float
    cost: float


@dataclass
class SearchResult:
    algorithm: str
    solved: bool
    stopped: str  # "goal" | "exhausted" | "limit" (budget, or depth cut-off) | "cutoff"
    path: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list, repr=False)
    cost: float = 0.0
    expanded: int = 0
    generated: int = 0
    max_frontier: int = 0
    duplicates: int = 0
    seconds: float = 0.0

    def row(self) -> dict[str, Any]:
        """A flat dict for a comparison table."""
        return {"algorithm": self.algorithm, "solved": self.solved, "stopped": self.stopped,
                "cost": self.cost if self.solved else None, "expanded": self.expanded,
                "generated": self.generated, "max_frontier": self.max_frontier,
                "duplicates": self.duplicates, "seconds": round(self.seconds, 4)}


def _finish(problem: Problem, name: str, node: Node | None, stopped: str, stats: dict,
            t0: float) -> SearchResult:
    actions = node.path() if node is not None else []
    to_moves = getattr(problem, "to_moves", None)
    path = to_moves(actions) if to_moves is not None else list(actions)
    return SearchResult(name, node is not None, stopped, path, actions,
                        node.path_cost if node is not None else 0.0,
                        stats["expanded"], stats["generated"], stats["max_frontier"],
                        stats["duplicates"], time.perf_counter() - t0)


def best_first_search(problem: Problem, f: Callable[[Node], float], *,
                      name: str = "best-first", max_expanded: int | None = None,
                      on_step: Callable[[Step], None] | None = None) -> SearchResult:
    """Expand the frontier node with the lowest ``f`` first (ties: the earliest added).

    A child is added when its state (by ``problem.key``) was never reached, or was reached by
    a costlier path; otherwise it is counted as a duplicate.  The goal test is made when a node
    is taken from the frontier, which is what makes uniform-cost search and A* optimal.
    """
    max_expanded = budget(max_expanded, "max_expanded", integer=True)
    t0 = time.perf_counter()
    stats = {"expanded": 0, "generated": 1, "max_frontier": 1, "duplicates": 0}
    root = Node(problem.initial)
    counter = itertools.count()
    frontier = [(f(root), next(counter), root)]
    reached = {problem.key(root.state): root}
    while frontier:
        fv, _, node = heapq.heappop(frontier)
        if problem.is_goal(node.state):
            return _finish(problem, name, node, "goal", stats, t0)
        if reached.get(problem.key(node.state)) is not node:
            continue  # a cheaper way to this state was found after this entry was queued
        if max_expanded is not None and stats["expanded"] >= max_expanded:
            return _finish(problem, name, None, "limit", stats, t0)
        stats["expanded"] += 1
        for action in problem.actions(node.state):
            s2 = problem.result(node.state, action)
            cost = node.path_cost + problem.action_cost(node.state, action, s2)
            stats["generated"] += 1
            k = problem.key(s2)
            old = reached.get(k)
            if old is None or cost < old.path_cost:
                child = Node(s2, node, action, cost, node.depth + 1)
                reached[k] = child
                heapq.heappush(frontier, (f(child), next(counter), child))
            else:
                stats["duplicates"] += 1
        if len(frontier) > stats["max_frontier"]:
            stats["max_frontier"] = len(frontier)
        if on_step is not None:
            on_step(Step(stats["expanded"], stats["generated"], len(frontier), node.depth, fv,
                         node.path_cost))
    return _finish(problem, name, None, "exhausted", stats, t0)


def breadth_first_search(problem: Problem, **kw: Any) -> SearchResult:
    return best_first_search(problem, lambda n: n.depth, name="breadth-first", **kw)


def depth_first_search(problem: Problem, **kw: Any) -> SearchResult:
    """Depth-first as best-first with f = −depth (a graph search: it remembers every state)."""
    return best_first_search(problem, lambda n: -n.depth, name="depth-first", **kw)


def uniform_cost_search(problem: Problem, **kw: Any) -> SearchResult:
    return best_first_search(problem, lambda n: n.path_cost, name="uniform-cost", **kw)


def greedy_best_first_search(problem: Problem, h: Callable[[Any], float] | None = None,
                             **kw: Any) -> SearchResult:
    h = h or problem.h
    return best_first_search(problem, lambda n: h(n.state), name="greedy best-first", **kw)


def astar(problem: Problem, h: Callable[[Any], float] | None = None, **kw: Any) -> SearchResult:
    h = h or problem.h
    return best_first_search(problem, lambda n: n.path_cost + h(n.state), name="A*", **kw)


def weighted_astar(problem: Problem, w: float = 2.0, h: Callable[[Any], float] | None = None,
                   **kw: Any) -> SearchResult:
    h = h or problem.h
    return best_first_search(problem, lambda n: n.path_cost + w * h(n.state),
                             name=f"weighted A* (w={w:g})", **kw)


def depth_limited_search(problem: Problem, limit: int, *, max_expanded: int | None = None,
                         on_step: Callable[[Step], None] | None = None,
                         _stats: dict | None = None) -> SearchResult:
    """Depth-first tree search to depth ``limit``; it remembers only the current path (to
    avoid cycles), so memory stays linear.  ``stopped="cutoff"`` means some path was cut at
    the limit (a deeper search might succeed); ``"exhausted"`` that none was."""
    if _stats is None:  # (iterative deepening passes what is left of its own, checked, budget)
        limit = budget(limit, "limit", integer=True)
        max_expanded = budget(max_expanded, "max_expanded", integer=True)
    t0 = time.perf_counter()
    stats = _stats if _stats is not None else {
        "expanded": 0, "generated": 1, "max_frontier": 1, "duplicates": 0}
    name = f"depth-limited ({limit})"
    root = Node(problem.initial)
    on_path = {problem.key(root.state)}
    # each entry: (node, iterator of its actions); the frontier is the untried siblings
    stack: list[tuple[Node, Any]] = []
    cutoff = False
    if problem.is_goal(root.state):
        return _finish(problem, name, root, "goal", stats, t0)
    stack.append((root, iter(problem.actions(root.state))))
    stats["expanded"] += 1
    while stack:
        node, it = stack[-1]
        action = next(it, None)
        if action is None:
            stack.pop()
            on_path.discard(problem.key(node.state))
            continue
        s2 = problem.result(node.state, action)
        stats["generated"] += 1
        k = problem.key(s2)
        if k in on_path:
            stats["duplicates"] += 1
            continue
        child = Node(s2, node, action,
                     node.path_cost + problem.action_cost(node.state, action, s2),
                     node.depth + 1)
        if problem.is_goal(s2):
            return _finish(problem, name, child, "goal", stats, t0)
        if child.depth >= limit:
            cutoff = True
            continue
        if max_expanded is not None and stats["expanded"] >= max_expanded:
            return _finish(problem, name, None, "limit", stats, t0)
        stats["expanded"] += 1
        on_path.add(k)
        stack.append((child, iter(problem.actions(s2))))
        if len(stack) > stats["max_frontier"]:
            stats["max_frontier"] = len(stack)
        if on_step is not None:
            on_step(Step(stats["expanded"], stats["generated"], len(stack), child.depth,
                         child.depth, child.path_cost))
    return _finish(problem, name, None, "cutoff" if cutoff else "exhausted", stats, t0)


def iterative_deepening_search(problem: Problem, *, max_depth: int = 10_000,
                               max_expanded: int | None = None,
                               on_step: Callable[[Step], None] | None = None) -> SearchResult:
    """Depth-limited search with limits 1, 2, 3, … until a goal or an exhausted search;
    the counts add up over all iterations."""
    max_depth = budget(max_depth, "max_depth", integer=True)
    max_expanded = budget(max_expanded, "max_expanded", integer=True)
    t0 = time.perf_counter()
    stats = {"expanded": 0, "generated": 1, "max_frontier": 1, "duplicates": 0}
    for limit in range(1, max_depth + 1):
        left = None if max_expanded is None else max_expanded - stats["expanded"]
        r = depth_limited_search(problem, limit, max_expanded=left, on_step=on_step,
                                 _stats=stats)
        if r.stopped != "cutoff":
            r.algorithm = "iterative deepening"
            r.seconds = time.perf_counter() - t0
            return r
    return SearchResult("iterative deepening", False, "limit", expanded=stats["expanded"],
                        generated=stats["generated"], max_frontier=stats["max_frontier"],
                        duplicates=stats["duplicates"], seconds=time.perf_counter() - t0)


ALGORITHMS: dict[str, Callable[..., SearchResult]] = {
    "breadth-first": breadth_first_search,
    "depth-first": depth_first_search,
    "iterative deepening": iterative_deepening_search,
    "uniform-cost": uniform_cost_search,
    "greedy best-first": greedy_best_first_search,
    "A*": astar,
    "weighted A*": weighted_astar,
}


def compare(problem: Problem, algorithms: list[str] | None = None, *,
            max_expanded: int | None = 200_000) -> list[dict[str, Any]]:
    """Run several algorithms on one problem; a list of rows for a table."""
    max_expanded = budget(max_expanded, "max_expanded", integer=True)
    rows = []
    for name in algorithms or list(ALGORITHMS):
        rows.append(ALGORITHMS[name](problem, max_expanded=max_expanded).row())
    return rows
