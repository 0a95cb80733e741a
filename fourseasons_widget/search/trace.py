"""Record a best-first search as a tree, expansion by expansion, for the step-by-step view.

The recorder is an ``on_step`` callback of :func:`~.algorithms.best_first_search`: the
algorithm runs once, unchanged, and the trace is what it reported.  Every generated successor
becomes a tree node, duplicates included (drawn as such, never expanded), so the tree shows
exactly the work the algorithm did.

A node's class at step *k* (after *k* expansions):

- ``explored``  — expanded at a step ≤ *k* (it is in the explored part of the reached table);
- ``duplicate`` — its state had been reached before at no greater cost, so it was dropped
  (or a cheaper path to its state was found later and superseded it);
- ``goal``      — the goal node, once the search has taken it from the frontier;
- ``frontier``  — generated, waiting to be expanded.

>>> from fourseasons_widget.search.endgames import small_position
>>> from fourseasons_widget.search.problem import GameProblem
>>> t = record(GameProblem(small_position(seed=0, cards_left=3)), "A*")
>>> t.solved, t.expanded == len(t.steps), t.generated == len(t.nodes)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import algorithms
from .algorithms import Node, Step

#: the algorithms the view offers: all are the best-first core with a different f
TRACEABLE = {
    "breadth-first": algorithms.breadth_first_search,
    "depth-first": algorithms.depth_first_search,
    "greedy best-first": algorithms.greedy_best_first_search,
    "A*": algorithms.astar,
}
#: the most expansions a trace keeps (a drawn tree of a few thousand nodes is unreadable)
MAX_STEPS = 1000


@dataclass
class Trace:
    """A recorded search: the tree's nodes in the order generated, and one entry per
    expansion.  ``nodes[i]`` is a dict: ``id`` (= i), ``parent`` (id or ``None``), ``move``
    (the move's text, ``""`` for the root), ``depth``, ``g``, ``h``, ``f``, ``born`` (the step
    that generated it; 0 for the root), ``expanded`` (the step that expanded it, or ``None``),
    ``duplicate`` (``True`` when dropped as a duplicate), ``superseded`` (the step at which a
    cheaper path replaced it, or ``None``) and ``pos`` (an index into ``states``).
    ``steps[k-1]`` describes expansion *k*: the node expanded and the algorithm's own figures.
    """

    algorithm: str
    solved: bool
    stopped: str
    path: list[str]
    goal: int | None
    expanded: int
    generated: int
    duplicates: int
    max_frontier: int
    max_steps: int
    nodes: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)

    def class_at(self, node_id: int, k: int) -> str | None:
        """The class of node ``node_id`` after ``k`` expansions (``None``: not generated yet)."""
        n = self.nodes[node_id]
        if n["born"] > k:
            return None
        if self.goal == node_id and k == len(self.steps) and self.solved:
            return "goal"
        if n["expanded"] is not None and n["expanded"] <= k:
            return "explored"
        if n["duplicate"] or (n["superseded"] is not None and n["superseded"] <= k):
            return "duplicate"
        return "frontier"

    def counts_at(self, k: int) -> dict[str, int]:
        """How many nodes of each class are drawn after ``k`` expansions."""
        out = {"frontier": 0, "explored": 0, "duplicate": 0, "goal": 0}
        for i in range(len(self.nodes)):
            c = self.class_at(i, k)
            if c is not None:
                out[c] += 1
        return out

    def to_json(self, snapshot: Callable[[Any], Any] = repr) -> dict[str, Any]:
        """Plain data for the front end; ``snapshot`` turns a state into JSON-able data."""
        return {
            "algorithm": self.algorithm, "solved": self.solved, "stopped": self.stopped,
            "path": self.path, "goal": self.goal, "expanded": self.expanded,
            "generated": self.generated, "duplicates": self.duplicates,
            "max_frontier": self.max_frontier, "max_steps": self.max_steps,
            "nodes": self.nodes, "steps": self.steps,
            "counts": [self.counts_at(k) for k in range(len(self.steps) + 1)],
            "positions": [snapshot(s) for s in self.states],
        }


def _move_text(problem: Any, state: Any, action: Any) -> str:
    describe = getattr(problem, "move_text", None)
    return describe(state, action) if describe is not None else str(action)


def record(problem: Any, algorithm: str = "A*", *, max_steps: int = 300,
           h: Callable[[Any], float] | None = None) -> Trace:
    """Run ``algorithm`` (a name in :data:`TRACEABLE`) once on ``problem``, for at most
    ``max_steps`` expansions, and return its :class:`Trace`.  A search that needs more stops
    with ``stopped="limit"``, exactly as the algorithm itself does with that budget."""
    if algorithm not in TRACEABLE:
        raise ValueError(f"cannot trace {algorithm!r}: choose one of {', '.join(TRACEABLE)}")
    if not 1 <= max_steps <= MAX_STEPS:
        raise ValueError(f"max_steps runs from 1 to {MAX_STEPS}")
    heuristic = h or problem.h
    nodes: list[dict[str, Any]] = []
    states: list[Any] = []
    state_index: dict[Any, int] = {}
    actions: list[Any] = []  # the raw action leading to each node (not published)
    ids: dict[int, int] = {}  # id(Node) → trace id (the nodes stay alive in the tree)
    keep: list[Node] = []  # hold the Node objects so that id() stays unique
    steps: list[dict[str, Any]] = []

    def pos_of(state: Any) -> int:
        # the exact state (not problem.key, which may identify pile orders): the position
        # shown for a node must agree with the move text on its edge
        if state not in state_index:
            state_index[state] = len(states)
            states.append(state)
        return state_index[state]

    def add(parent: int | None, action: Any, move: str, state: Any, depth: int, g: float,
            born: int, duplicate: bool) -> int:
        hv = heuristic(state)
        actions.append(action)
        nodes.append({"id": len(nodes), "parent": parent, "move": move, "depth": depth,
                      "g": g, "h": hv, "f": _f(algorithm, depth, g, hv), "born": born,
                      "expanded": None, "duplicate": duplicate, "superseded": None,
                      "pos": pos_of(state)})
        return len(nodes) - 1

    root_id = add(None, None, "", problem.initial, 0, 0.0, 0, False)
    root_seen: list[bool] = [False]

    def on_step(step: Step) -> None:
        k = step.expanded
        node = step.node
        if not root_seen[0]:
            # the first expansion is the root's: bind the algorithm's root Node to id 0
            ids[id(node)] = root_id
            keep.append(node)
            root_seen[0] = True
        me = ids[id(node)]
        nodes[me]["expanded"] = k
        for c in step.children:
            move = _move_text(problem, node.state, c.action)
            if c.node is None:
                g = node.path_cost + problem.action_cost(node.state, c.action, c.state)
                add(me, c.action, move, c.state, node.depth + 1, g, k, True)
                continue
            cid = add(me, c.action, move, c.state, c.node.depth, c.node.path_cost, k, False)
            ids[id(c.node)] = cid
            keep.append(c.node)
            if c.replaced is not None and id(c.replaced) in ids:
                nodes[ids[id(c.replaced)]]["superseded"] = k
        steps.append({"step": k, "node": me, "frontier": step.frontier,
                      "generated": step.generated, "f": step.f})

    run = TRACEABLE[algorithm]
    kw: dict[str, Any] = {"max_expanded": max_steps, "on_step": on_step}
    if h is not None and algorithm in ("greedy best-first", "A*"):
        kw["h"] = h
    result = run(problem, **kw)
    goal = None
    if result.solved:
        goal = root_id
        for action in result.actions:
            goal = next(n["id"] for n in nodes if n["parent"] == goal
                        and actions[n["id"]] == action and not n["duplicate"])
    return Trace(result.algorithm, result.solved, result.stopped,
                 [str(m) for m in result.path], goal, result.expanded, result.generated,
                 result.duplicates, result.max_frontier, max_steps, nodes, steps, states)


def _f(algorithm: str, depth: int, g: float, h: float) -> float:
    """The evaluation the algorithm orders its frontier by (as in :mod:`.algorithms`)."""
    return {"breadth-first": depth, "depth-first": -depth, "greedy best-first": h,
            "A*": g + h}[algorithm]
