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
    ``steps[k-1]`` describes expansion *k*: the node expanded, the algorithm's own figures,
    and ``queue``: the frontier after it, in the order the algorithm will take it (its first
    :data:`QUEUE_KEPT` entries; superseded entries left out), so ``queue[0]`` is the node
    taken next.
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
    #: the f the nodes carry (see :data:`EVALUATIONS`)
    evaluation: str = ""

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
            "evaluation": self.evaluation,
            "nodes": self.nodes, "steps": self.steps,
            "counts": [self.counts_at(k) for k in range(len(self.steps) + 1)],
            "positions": [snapshot(s) for s in self.states],
        }


def _move_text(problem: Any, state: Any, action: Any) -> str:
    describe = getattr(problem, "move_text", None)
    return describe(state, action) if describe is not None else str(action)


#: the most frontier entries a step of the trace keeps, in the order they will be taken (the
#: queue panel shows the head of the queue; the count of the rest is in ``frontier``)
QUEUE_KEPT = 60
#: how a search of your own may name the evaluation its frontier is ordered by
EVALUATIONS = ("breadth-first", "depth-first", "greedy best-first", "A*")


class _Recorder:
    """Builds the trace's nodes and steps from what a search reports, one expansion at a
    time: the library's :class:`Step` (:meth:`library_step`) or a search of your own calling
    ``on_step(node, children, frontier)`` (:meth:`own_step`)."""

    def __init__(self, problem: Any, evaluation: str, heuristic: Callable[[Any], float],
                 max_steps: int) -> None:
        self.problem, self.heuristic = problem, heuristic
        #: no evaluation named: read it from the kind of frontier a search of one's own keeps
        self.auto = evaluation is None
        self.evaluation = evaluation or "A*"
        self.max_steps = max_steps
        self.nodes: list[dict[str, Any]] = []
        self.states: list[Any] = []
        self.state_index: dict[Any, int] = {}
        self.actions: list[Any] = []  # the raw action leading to each node (not published)
        self.ids: dict[int, int] = {}  # id(Node) → trace id
        self.keep: list[Any] = []  # hold the Node objects so that id() stays unique
        self.steps: list[dict[str, Any]] = []
        self.dropped: dict[int, int] = {}  # id(Node) → trace id of children not kept
        self.generated = 1
        self.root = self.add(None, None, "", problem.initial, 0, 0.0, 0, False)

    def pos_of(self, state: Any) -> int:
        # the exact state (not problem.key, which may identify pile orders): the position
        # shown for a node must agree with the move text on its edge
        if state not in self.state_index:
            self.state_index[state] = len(self.states)
            self.states.append(state)
        return self.state_index[state]

    def add(self, parent: int | None, action: Any, move: str, state: Any, depth: int,
            g: float, born: int, duplicate: bool) -> int:
        hv = self.heuristic(state)
        self.actions.append(action)
        self.nodes.append({"id": len(self.nodes), "parent": parent, "move": move,
                           "depth": depth, "g": g, "h": hv,
                           "f": _f(self.evaluation, depth, g, hv), "born": born,
                           "expanded": None, "duplicate": duplicate, "superseded": None,
                           "pos": self.pos_of(state)})
        return len(self.nodes) - 1

    def bind(self, node: Any, k: int) -> int:
        """The trace id of the node being expanded at step ``k``."""
        if not self.steps and id(node) not in self.ids:
            self.ids[id(node)] = self.root  # the first expansion is the root's
            self.keep.append(node)
        if id(node) not in self.ids:
            raise ValueError(f"on_step was given, at expansion {k}, a node that was never "
                             "reported as a child of an earlier expansion (report every "
                             "child you generate, and expand the Node objects themselves)")
        me = self.ids[id(node)]
        if self.nodes[me]["expanded"] is not None:
            raise ValueError(f"on_step was given, at expansion {k}, a node already expanded "
                             f"at expansion {self.nodes[me]['expanded']}")
        self.nodes[me]["expanded"] = k
        return me

    def child(self, me: int, parent: Any, action: Any, state: Any, node: Any, k: int) -> int:
        move = _move_text(self.problem, parent.state, action)
        self.generated += 1
        if node is None:
            g = parent.path_cost + self.problem.action_cost(parent.state, action, state)
            return self.add(me, action, move, state, parent.depth + 1, g, k, True)
        cid = self.add(me, action, move, state, node.depth, node.path_cost, k, False)
        self.ids[id(node)] = cid
        self.keep.append(node)
        return cid

    def record_step(self, k: int, me: int, f: float, frontier: int,
                    queue: list[int]) -> None:
        self.steps.append({"step": k, "node": me, "frontier": frontier,
                           "generated": self.generated, "f": f, "queue": queue[:QUEUE_KEPT]})

    # -- the library's best-first core -----------------------------------------------------------

    def library_step(self, step: Step) -> None:
        k = step.expanded
        node = step.node
        me = self.bind(node, k)
        for c in step.children:
            self.child(me, node, c.action, c.state, c.node, k)
            if c.node is not None and c.replaced is not None and id(c.replaced) in self.ids:
                self.nodes[self.ids[id(c.replaced)]]["superseded"] = k
        queue = [self.ids[id(n)] for n in step.queue()] if step.queue is not None else []
        self.generated = step.generated
        self.record_step(k, me, step.f, step.frontier, queue)

    # -- a search of your own: on_step(node, children, frontier) --------------------------------

    def own_step(self, node: Any, children: Any = (), frontier: Any = ()) -> None:
        k = len(self.steps) + 1
        if k > self.max_steps:
            raise _Enough
        for name, x in (("node", node),):
            if not isinstance(x, Node):
                raise TypeError(f"on_step's {name} should be a Node, not {type(x).__name__}")
        members = [_node_of(e) for e in frontier]
        children = list(children)
        for c in children:
            if not isinstance(c, Node):
                raise TypeError(f"on_step's children should be Nodes, not {type(c).__name__}")
        live = {id(n) for n in members}
        me = self.bind(node, k)
        for c in children:
            dup = id(c) not in live
            cid = self.child(me, node, c.action, c.state, None if dup else c, k)
            if dup:  # (a search that tests for the goal when generating returns such a node)
                self.dropped[id(c)] = cid
                self.keep.append(c)
            if not dup:  # a cheaper path to a state still waiting supersedes that node
                key = self.problem.key(c.state)
                for n in members:
                    j = self.ids.get(id(n))
                    if (n is not c and j is not None and j != cid
                            and self.nodes[j]["expanded"] is None
                            and self.nodes[j]["superseded"] is None
                            and self.problem.key(n.state) == key
                            and n.path_cost > c.path_cost):
                        self.nodes[j]["superseded"] = k
        # the frontier as it will be taken (read from its kind: a deque is taken from the
        # front, a heap smallest first, a list used as a stack from the end), each state once
        ordered, kind = _take_order(frontier)
        if self.auto and k == 1:
            self.evaluation = kind or "A*"
            for n in self.nodes:
                n["f"] = _f(self.evaluation, n["depth"], n["g"], n["h"])
        queue: list[int] = []
        seen: set = set()
        for n in ordered:
            j = self.ids.get(id(n))
            if j is None or self.nodes[j]["superseded"] is not None:
                continue
            key = self.problem.key(n.state)
            if key not in seen:
                seen.add(key)
                queue.append(j)
        f = self.nodes[me]["f"]
        self.record_step(k, me, f, len(members), queue)


class _Enough(Exception):
    """Raised inside a search of your own when the trace has recorded enough steps."""


def _take_order(frontier: Any) -> tuple[list[Node], str | None]:
    """The nodes of a search's own frontier in the order it takes them, and the evaluation
    that order stands for: a ``deque`` from the front (breadth-first), a list of tuples as a
    heap, smallest first (A*, or any best-first), a list of Nodes as a stack, from the end
    (depth-first); anything else as it iterates."""
    from collections import deque

    entries = list(frontier)
    if isinstance(frontier, deque):
        return [_node_of(e) for e in entries], "breadth-first"
    if isinstance(frontier, list) and entries and all(isinstance(e, tuple) for e in entries):
        heap = sorted(entries, key=lambda e: e[:-1])  # (never compares the Nodes themselves)
        return [_node_of(e) for e in heap], "A*"
    if isinstance(frontier, list):
        return [_node_of(e) for e in reversed(entries)], "depth-first"
    return [_node_of(e) for e in entries], None


def _node_of(entry: Any) -> Node:
    """A frontier entry: a Node, or a tuple such as ``(f, count, node)`` ending with one."""
    if isinstance(entry, Node):
        return entry
    if isinstance(entry, tuple | list) and entry and isinstance(entry[-1], Node):
        return entry[-1]
    raise TypeError("each frontier entry should be a Node or a tuple ending with one "
                    f"(such as (f, count, node)), not {type(entry).__name__}")


def record(problem: Any, algorithm: Any = "A*", *, max_steps: int = 300,
           h: Callable[[Any], float] | None = None, evaluation: str | None = None) -> Trace:
    """Run ``algorithm`` once on ``problem``, for at most ``max_steps`` expansions, and
    return its :class:`Trace`.  A search that needs more stops with ``stopped="limit"``,
    exactly as the algorithm itself does with that budget.

    ``algorithm`` is a name in :data:`TRACEABLE`, or a search of your own: a function
    ``search(problem, on_step)`` that calls ``on_step(node, children, frontier)`` after each
    expansion (the :class:`~.algorithms.Node` expanded, every child it generated, and the
    frontier: Nodes, or tuples ending with one) and returns the goal Node, or ``None``.
    ``evaluation`` (one of :data:`EVALUATIONS`) says which ``f`` the view shows: by default
    the algorithm's own; for a function, read from its frontier (a ``deque``: breadth-first, a
    heap of tuples: A*, a list used as a stack: depth-first).  The queue of each step is the
    frontier in the order the search takes it."""
    own = callable(algorithm)
    if not own and algorithm not in TRACEABLE:
        raise ValueError(f"cannot trace {algorithm!r}: choose one of {', '.join(TRACEABLE)}, "
                         "or pass a search function of your own")
    if not 1 <= max_steps <= MAX_STEPS:
        raise ValueError(f"max_steps runs from 1 to {MAX_STEPS}")
    if not own:
        evaluation = evaluation or algorithm
    if evaluation is not None and evaluation not in EVALUATIONS:
        raise ValueError(f"evaluation is one of {', '.join(EVALUATIONS)}")
    heuristic = h or problem.h
    rec = _Recorder(problem, evaluation, heuristic, max_steps)
    if own:
        return _record_own(problem, algorithm, rec)
    run = TRACEABLE[algorithm]
    kw: dict[str, Any] = {"max_expanded": max_steps, "on_step": rec.library_step}
    if h is not None and algorithm in ("greedy best-first", "A*"):
        kw["h"] = h
    result = run(problem, **kw)
    goal = None
    if result.solved:
        goal = rec.root
        for action in result.actions:
            goal = next(n["id"] for n in rec.nodes if n["parent"] == goal
                        and rec.actions[n["id"]] == action and not n["duplicate"])
    return Trace(result.algorithm, result.solved, result.stopped,
                 [str(m) for m in result.path], goal, result.expanded, result.generated,
                 result.duplicates, result.max_frontier, max_steps, rec.nodes, rec.steps,
                 rec.states, rec.evaluation)


def _record_own(problem: Any, search: Callable[..., Any], rec: _Recorder) -> Trace:
    name = getattr(search, "__name__", "your search")
    try:
        found = search(problem, rec.own_step)
        stopped = "goal" if found is not None else "exhausted"
    except _Enough:
        found, stopped = None, "limit"
    goal = None
    path: list[str] = []
    if found is not None:
        if isinstance(found, Node) and id(found) in rec.dropped:
            goal = rec.dropped[id(found)]
            rec.nodes[goal]["duplicate"] = False  # the goal, found when it was generated
        elif isinstance(found, Node) and id(found) in rec.ids:
            goal = rec.ids[id(found)]
        elif isinstance(found, Node) and not rec.steps and found.parent is None:
            goal = rec.root  # the start is the goal
        else:
            raise ValueError(f"{name} returned {type(found).__name__}: return the goal Node "
                             "(one reported as a child through on_step), or None")
        if not problem.is_goal(found.state):
            raise ValueError(f"{name} returned a node that is not a goal")
        path = []
        j = goal
        while rec.nodes[j]["parent"] is not None:
            path.append(rec.nodes[j]["move"])
            j = rec.nodes[j]["parent"]
        path.reverse()
    dups = sum(n["duplicate"] for n in rec.nodes)
    return Trace(name, found is not None, stopped, path, goal, len(rec.steps),
                 len(rec.nodes), dups, max([s["frontier"] for s in rec.steps] + [1]),
                 rec.max_steps, rec.nodes, rec.steps, rec.states, rec.evaluation)


def _f(algorithm: str, depth: int, g: float, h: float) -> float:
    """The evaluation the algorithm orders its frontier by (as in :mod:`.algorithms`)."""
    return {"breadth-first": depth, "depth-first": -depth, "greedy best-first": h,
            "A*": g + h}[algorithm]
