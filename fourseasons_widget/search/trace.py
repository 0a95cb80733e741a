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

import copy
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import algorithms
from .algorithms import Node, Step
from .bounded import (
    Guard,
    describe_error,
    forged_child,
    frontier_container,
    frontier_node,
    private_class,
    same_cost,
    step_children,
)
from .bounded import Misuse as _Misuse

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
    #: for a search of your own: why it stopped early, in a sentence ("" when it did not:
    #: its exception, its return value, or the bound it ran into); the trace keeps what it
    #: recorded until then
    error: str = ""

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
        #: each step's frontier as reported (its Nodes, and a heap's entries), for the queues
        self.frontiers: list[tuple[list[Node], list[Any] | None]] = []
        self.children_of: list[list[Node]] = []
        #: the bounds a search of one's own runs under (set by :func:`_record_own`)
        self.guard: Any = None
        self.error = ""
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
        if id(node) not in self.ids and id(node) in self.dropped:
            # a child reported before it was added to the frontier (on_step called before the
            # children are pushed): it was kept after all
            j = self.dropped.pop(id(node))
            self.ids[id(node)] = j
            self.nodes[j]["duplicate"] = False
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

    def own_step(self, node: Any, children: Any = (), frontier: Any = (), *_: Any) -> None:
        guard = self.guard
        if guard is not None:
            guard.check()
        k = len(self.steps) + 1
        if k > self.max_steps:
            if guard is not None:
                guard.halt("limit")
            raise _Enough
        try:
            kids = step_children(node, children)
            members, shape = _frontier_of(frontier)  # (shape: a heap's entries, or None)
            me = self.bind(node, k)
            self.genuine(me, node, kids, k)
        except (_Misuse, TypeError, ValueError) as e:
            self.error = str(e)
            if guard is not None:
                guard.halt("misuse")
            raise
        live = {id(n) for n in members}
        waiting: dict[Any, list[Node]] | None = None  # the frontier by key, when needed
        for c in kids:
            dup = id(c) not in live
            cid = self.child(me, node, c.action, c.state, None if dup else c, k)
            if dup:  # (a goal found when generated, or a child added after on_step)
                self.dropped[id(c)] = cid
                self.keep.append(c)
            if not dup:  # a cheaper path to a state still waiting supersedes that node
                if waiting is None:
                    waiting = {}
                    for n in members:
                        waiting.setdefault(self.problem.key(n.state), []).append(n)
                for n in waiting.get(self.problem.key(c.state), ()):
                    j = self.ids.get(id(n))
                    if (n is not c and j is not None and j != cid
                            and self.nodes[j]["expanded"] is None
                            and self.nodes[j]["superseded"] is None
                            and n.path_cost > c.path_cost):
                        self.nodes[j]["superseded"] = k
        self.frontiers.append((members, shape))
        self.children_of.append(kids)
        self.record_step(k, me, self.nodes[me]["f"], len(members), [])

    def genuine(self, me: int, node: Node, kids: list[Node], k: int) -> None:
        """Refuse (:class:`Misuse`) what ``expand`` did not make: a node expanded whose state,
        g or depth is not what it was when it was reported (a node changed after), and a
        child that is not ``node``'s by a legal action, with the state, g and depth that
        action gives (a Node made by hand, garbage): the view draws only search steps."""
        rec = self.nodes[me]
        if (node.state != self.states[rec["pos"]] or not same_cost(node.path_cost, rec["g"])
                or node.depth != rec["depth"]):
            raise _Misuse(f"the node expanded at expansion {k} is not the one reported (its "
                          "state, g or depth changed since): a search reads its nodes, it "
                          "does not change them")
        why = forged_child(self.problem, node, kids)
        if why is not None:
            raise _Misuse(f"a child reported at expansion {k} is not one expand(problem, "
                          f"node) makes ({why}): report the children expand gives, unchanged")

    def _add_late_children(self) -> None:
        """A search that calls on_step before adding the children to its frontier: add to each
        step's frontier the children it added after (those in the next step's frontier, or
        taken next), at the end, where a queue or a stack puts them."""
        late = []
        obj = {j: i for i, j in self.ids.items()}  # trace id → id() of its Node
        for k in range(len(self.frontiers) - 1):
            now = {id(n) for n in self.frontiers[k][0]}
            later = {id(n) for n in self.frontiers[k + 1][0]}
            later.add(obj.get(self.steps[k + 1]["node"]))
            late.append([c for c in self.children_of[k] if id(c) in later and id(c) not in now])
        if not any(late):
            return
        for k, extra in enumerate(late):
            members, entries = self.frontiers[k]
            if entries is None:
                self.frontiers[k] = (members + extra, None)

    def _dives(self) -> bool:
        """With no frontier to read (a recursion passing ``[]``): does the search mostly
        expand a child of the node it expanded last, as depth-first does?"""
        parent = {n["id"]: n["parent"] for n in self.nodes}
        pairs = list(zip(self.steps, self.steps[1:]))
        dives = sum(parent.get(b["node"]) == a["node"] for a, b in pairs)
        return bool(pairs) and 2 * dives > len(pairs)

    def finish_queues(self) -> None:
        """Each step's queue, in the order the search takes it: read from what it actually
        took (a list whose first entry is taken is a queue, whatever its type; whose last is
        taken, a stack; a list of tuples, a heap), so known only once it has run."""
        self._add_late_children()
        front = back = 0
        for (members, _), nxt in zip(self.frontiers, self.steps[1:]):
            taken = self.nodes[nxt["node"]]
            if len(members) < 2:
                continue
            first, last = self.ids.get(id(members[0])), self.ids.get(id(members[-1]))
            front += first == taken["id"]
            back += last == taken["id"]
        if any(entries is not None for _, entries in self.frontiers):
            kind, evaluation = "heap", "A*"
        elif back > front or (front == back == 0 and self._dives()):
            kind, evaluation = "stack", "depth-first"
        else:
            kind, evaluation = "queue", "breadth-first"
        if self.auto:
            self.evaluation = evaluation
            for n in self.nodes:
                n["f"] = _f(self.evaluation, n["depth"], n["g"], n["h"])
            for st in self.steps:
                st["f"] = self.nodes[st["node"]]["f"]
        expanded_at = {st["node"]: st["step"] for st in self.steps}
        for st, (members, entries) in zip(self.steps, self.frontiers):
            k = st["step"]
            if entries is not None:
                keys = _heap_keys(members, entries)
                ordered = [members[i] for _, i in sorted(keys)]
            elif kind == "stack":
                ordered = list(reversed(members))
            else:
                ordered = list(members)
            queue: list[int] = []
            seen: set = set()
            for n in ordered:
                j = self.ids.get(id(n))
                if j is None or expanded_at.get(j, k + 1) <= k:
                    continue
                sup = self.nodes[j]["superseded"]
                if sup is not None and sup <= k:
                    continue
                key = self.problem.key(n.state)
                if key not in seen:
                    seen.add(key)
                    queue.append(j)
                if len(queue) >= QUEUE_KEPT:
                    break
            st["queue"] = queue


class _Enough(Exception):
    """Raised inside a search of your own when the trace has recorded enough steps."""


#: the most entries one frontier a search of one's own may report (the most children of one
#: expansion: :data:`.bounded.MAX_CHILDREN`)
MAX_FRONTIER = 50_000
#: the most wall time, in seconds, a search of one's own may take for the view
OWN_SECONDS = 5.0

def _frontier_of(frontier: Any) -> tuple[list[Node], list[Any] | None]:
    """The Nodes of a search's own frontier in its container's order, and, for a heap (a list
    of tuples, taken smallest first), its entries; ``None`` for a queue or a stack (which of
    the two is read afterwards from what the search took)."""
    source = frontier_container(frontier)
    try:
        raw = list(itertools.islice(iter(source), MAX_FRONTIER + 1))
    except TypeError:
        raise _Misuse("on_step's third argument should be your frontier (a deque, a list or a "
                      f"heap), not a {type(frontier).__name__}") from None
    if len(raw) > MAX_FRONTIER:
        raise _Misuse(f"the frontier passed to on_step holds more than {MAX_FRONTIER:,} entries")
    nodes = [frontier_node(e) for e in raw]
    heap = isinstance(source, list) and raw and all(isinstance(e, tuple) for e in raw)
    return nodes, raw if heap else None


def _heap_keys(members: list[Node], entries: list[Any]) -> list[Any]:
    """The sort key of each heap entry: the entry without its node (never compares Nodes)."""
    out = []
    for i, e in enumerate(entries):
        parts = tuple(x for x in e if not isinstance(x, Node))
        out.append((parts, i))
    if len(out) != len(members):
        return [((), i) for i in range(len(members))]
    try:
        sorted(out)
    except TypeError:
        return [((), i) for i in range(len(members))]
    return out


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
    the algorithm's own; for a function, read from what it does (a frontier whose first entry
    it takes is a queue: breadth-first, whatever its type — a deque, or a list with
    ``pop(0)``; whose last, a stack: depth-first; a heap of tuples: A*).  The queue of each
    step is the frontier in the order the search takes it.

    A function runs under bounds (:data:`OWN_SECONDS`, ``max_steps`` expansions, the size of
    what it reports; see :mod:`.bounded`): if it fails, is stopped or returns something else
    than a goal Node or ``None``, the trace holds what it did until then, ``stopped`` is
    ``"error"`` and ``error`` says why, in a sentence — nothing is raised."""
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
    """Run a search of one's own under the bounds of :mod:`.bounded` (:data:`OWN_SECONDS`,
    ``max_steps`` expansions): what it did until it ended, failed or was stopped is the trace;
    why it stopped early, if it did, is the trace's ``error`` (never raised)."""
    name = getattr(search, "__name__", "your search")
    # the search gets a copy of its own, of a class of its own: what it changes on it (or on
    # its class) is not what the view checks its steps against
    theirs = private_class(copy.copy(problem))
    guard = Guard(OWN_SECONDS, protect=(type(theirs), type(problem), Node,
                                        type(problem.initial),
                                        type(getattr(problem, "_engine", None))))
    rec.guard = guard
    out = guard.run(search, theirs, rec.own_step)
    error = ""
    found = out.value
    stopped = "goal" if found is not None else "exhausted"
    if out.stopped == "limit":
        stopped, found = "limit", None
    elif rec.error:
        error = f"on_step: {rec.error}"
    elif out.swallowed:
        error = ("your search caught the view's stop signal (a bare except: or except "
                 "BaseException: catches it); catch only the errors you expect")
    elif out.stopped is not None:
        error = (f"your search did not finish within {OWN_SECONDS:g} s; the view shows the "
                 f"{len(rec.steps)} expansions it made")
    elif out.error is not None:
        error = f"your search failed: {describe_error(out.error)}"
    if error:
        stopped, found = "error", None
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
            error = (f"{name} returned a {type(found).__name__}: return the goal Node (one "
                     "reported as a child through on_step), or None")
        if goal is not None and not problem.is_goal(found.state):
            error, goal = f"{name} returned a node that is not a goal", None
        if error:
            stopped = "error"
    if goal is not None:
        j = goal
        while rec.nodes[j]["parent"] is not None:
            path.append(rec.nodes[j]["move"])
            j = rec.nodes[j]["parent"]
        path.reverse()
    rec.finish_queues()
    dups = sum(n["duplicate"] for n in rec.nodes)
    return Trace(name, goal is not None, stopped, path, goal, len(rec.steps),
                 len(rec.nodes), dups, max([s["frontier"] for s in rec.steps] + [1]),
                 rec.max_steps, rec.nodes, rec.steps, rec.states, rec.evaluation,
                 error[:300])


def _f(algorithm: str, depth: int, g: float, h: float) -> float:
    """The evaluation the algorithm orders its frontier by (as in :mod:`.algorithms`)."""
    return {"breadth-first": depth, "depth-first": -depth, "greedy best-first": h,
            "A*": g + h}[algorithm]
