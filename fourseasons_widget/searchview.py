"""``SearchView``: watch a search proceed, one expansion at a time (an anywidget).

Python runs the chosen algorithm once on a small position (:mod:`.search.trace` records it
through the algorithms' ``on_step`` hook: no second copy of any algorithm) and publishes the
trace in a synced trait; the front end (``js/src/searchview.js``, shipped as
``static/searchview.js``) draws the search tree, steps, plays and scrubs through it in the
browser, and shows the position of any node clicked.  Everything the view needs is in the
traits, so a notebook saved with its widget state, or exported to a static page, steps through
the search without a kernel; only choosing another algorithm needs one.

>>> from fourseasons_widget.search.endgames import small_position
>>> v = SearchView(small_position(seed=0, cards_left=3), algorithm="breadth-first")
>>> v.trace["algorithm"], v.trace["solved"], v.step
('breadth-first', True, 0)
>>> v.algorithm = "A*"
>>> v.trace["algorithm"]
'A*'

A search of your own (``search(problem, on_step)``, see :func:`.search.trace.record`) is
shown the same way: ``SearchView(game, algorithm=my_astar)``.  It runs under the checker's
bounds (time, expansions, the size of what it reports): if it fails or is stopped, the view
shows what it did until then and says why in :attr:`error` (an alert on the view), never
raising.  Two algorithms side by side,
stepped together: ``SearchView.side_by_side(game, "breadth-first", "A*")``.

The front end may set only ``step``, ``selected``, ``algorithm`` (one on offer) and
``show_duplicates``, each checked (:class:`~.channel.FrontEndGate`); ``trace``,
``algorithms``, ``max_steps``, ``note`` and ``error`` are Python's.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from .channel import FrontEndGate
from .model.cards import RANK_LABELS
from .model.game import Game
from .search.problem import GameProblem
from .search.trace import EVALUATIONS, MAX_STEPS, TRACEABLE, Trace, record
from .validate import safe_text
from .widget import STATIC, pile_labels, position_snapshot

if not (STATIC / "searchview.js").is_file():
    raise ImportError(
        f"the search view's front end is not built ({STATIC / 'searchview.js'} is missing): "
        "run `pip install -e .` (which builds it) or `cd js && npm install && npm run build`")


def compact_snapshot(rules, state) -> dict[str, Any]:
    """:func:`~.widget.position_snapshot`, with only the top card of each foundation (the
    cards under it are hidden on a board anyway): a trace holds hundreds of positions."""
    snap = position_snapshot(rules, state)
    for f in snap["foundations"]:
        f["cards"] = f["cards"][-1:]
    return snap


class SearchView(FrontEndGate, anywidget.AnyWidget):
    """A step-by-step view of a best-first search on a small position.

    ``SearchView(game, algorithm="A*", max_steps=300)``: ``game`` is a :class:`Game` (its
    current position is searched).  ``algorithm`` is one of ``"breadth-first"``,
    ``"depth-first"``, ``"greedy best-first"``, ``"A*"`` (changing it re-runs the search);
    ``step`` is the expansion shown (0 … the number of expansions), ``selected`` the node whose
    position is shown.  :attr:`last_trace` is the recorded :class:`~.search.trace.Trace`.
    ``algorithm`` may also be a search function of your own (its name is then offered in the
    picker beside the library's); ``evaluation`` names the ``f`` it orders its frontier by,
    for the node labels (default: read from its frontier — a deque, a heap, a stack).  ``show_duplicates``
    (default off) draws the children dropped as duplicates.
    """

    #: the traits a front end may set, each with its type (every value is checked again by the
    #: trait's validator: step and selected are clamped, algorithm must be one on offer)
    frontend_writable: ClassVar[dict[str, type]] = {"step": int, "selected": int, "algorithm": str,
                         "show_duplicates": bool}

    _esm = STATIC / "searchview.js"
    _css = STATIC / "searchview.css"

    algorithm = traitlets.Unicode("A*").tag(sync=True)
    #: the algorithms on offer in the picker
    algorithms = traitlets.List(list(TRACEABLE)).tag(sync=True)
    #: the recorded search (see :meth:`.search.trace.Trace.to_json`) plus the board's layout
    trace = traitlets.Dict().tag(sync=True)
    #: the number of expansions shown
    step = traitlets.Int(0).tag(sync=True)
    #: the node whose position is shown (its id in the trace)
    selected = traitlets.Int(0).tag(sync=True)
    #: the most expansions recorded
    max_steps = traitlets.Int(300).tag(sync=True)
    #: draw the children dropped as duplicates (hidden by default: the frontier is the picture)
    show_duplicates = traitlets.Bool(False).tag(sync=True)
    #: a refusal or a note from Python, shown under the view
    note = traitlets.Unicode("").tag(sync=True)
    #: why a search of your own stopped early (its exception, the bound it ran into, what it
    #: returned): one short paragraph of plain text, shown on the view as an alert; "" when
    #: it did not (the view then shows everything it did until then)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: Game, algorithm: Any = "A*", *, max_steps: int = 300,
                 evaluation: str | None = None, **kwargs: Any) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"SearchView needs a Game, not {type(game).__name__}")
        self._own: dict[str, Any] = {}
        if callable(algorithm):
            name = safe_text(getattr(algorithm, "__name__", "") or "your search", 40)
            if name in TRACEABLE:
                name = f"{name} (yours)"
            self._own[name] = algorithm
            algorithm = name
        elif algorithm not in TRACEABLE:
            raise ValueError(f"unknown algorithm {algorithm!r}: choose one of "
                             f"{', '.join(TRACEABLE)}, or pass a search function of your own")
        if evaluation is not None and evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation is one of {', '.join(EVALUATIONS)}")
        self._evaluation = evaluation
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or not (
                1 <= max_steps <= MAX_STEPS):
            raise ValueError(f"max_steps runs from 1 to {MAX_STEPS}")
        self._game = Game(game.state, game.rules, seed=game.seed)
        self.last_trace: Trace | None = None
        self._in_intent = False
        super().__init__(max_steps=max_steps, **kwargs)
        self.algorithms = [*self._own, *TRACEABLE]
        self.algorithm = algorithm
        self._run()

    @classmethod
    def side_by_side(cls, game: Game, first: Any = "breadth-first", second: Any = "A*",
                     **kwargs: Any):
        """Two views of the same position, side by side, stepped together (their ``step``
        linked in the browser, so it works on a static page too): an ``HBox``, its
        ``children`` the two views."""
        from ipywidgets import HBox, Layout, jslink

        a, b = cls(game, first, **kwargs), cls(game, second, **kwargs)
        longest = max(len(a.trace["steps"]), len(b.trace["steps"]))
        for v in (a, b):
            v._step_cap = longest
            v.layout = Layout(width="50%", min_width="420px")
        box = HBox([a, b], layout=Layout(flex_flow="row wrap"))
        box._step_link = jslink((a, "step"), (b, "step"))
        return box

    # -- the front-end gate (channel.FrontEndGate) asks for these ----------------------------------

    def _say(self, text: str, kind: str = "info") -> None:
        self.note = safe_text(text, 200)

    def _publish(self, message: str = "", **_: Any) -> None:
        if message:
            self._say(message, "refusal")
        self.send_state()

    @property
    def game(self) -> Game:
        """The position searched (a copy: the view never changes the game it was given)."""
        return self._game

    @traitlets.validate("algorithm")
    def _valid_algorithm(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in TRACEABLE and proposal["value"] not in self._own:
            raise traitlets.TraitError(
                f"unknown algorithm {safe_text(repr(proposal['value']), 40)}: choose one of "
                f"{', '.join([*self._own, *TRACEABLE])}")
        return proposal["value"]

    @traitlets.validate("max_steps")
    def _valid_max_steps(self, proposal: dict[str, Any]) -> int:
        v = proposal["value"]
        if not 1 <= v <= MAX_STEPS:
            raise traitlets.TraitError(f"max_steps runs from 1 to {MAX_STEPS}")
        return v

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        n = len(self.trace.get("steps", ())) if self.trace else 0
        # a view stepped together with a longer one (side_by_side) may be asked for a step
        # past its end: it shows its last step (clamping it would pull its partner back)
        cap = max(n, getattr(self, "_step_cap", 0))
        return max(0, min(int(proposal["value"]), cap))

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: dict[str, Any]) -> int:
        n = len(self.trace.get("nodes", ())) if self.trace else 1
        return max(0, min(int(proposal["value"]), n - 1))

    @traitlets.observe("algorithm")
    def _algorithm_changed(self, change: dict[str, Any]) -> None:
        if self.trace and change["new"] != self.trace.get("key"):
            self._run()

    def _run(self) -> None:
        g = self._game
        rules = g.rules
        own = self._own.get(self.algorithm)
        if own is not None:
            t = record(GameProblem(g), own, max_steps=self.max_steps,
                       evaluation=self._evaluation)
        else:
            t = record(GameProblem(g), self.algorithm, max_steps=self.max_steps)
        self.last_trace = t
        data = t.to_json(lambda s: compact_snapshot(rules, s))
        data["key"] = self.algorithm
        data["evaluation"] = t.evaluation
        data["board"] = {
            "variant": rules.variant, "title": rules.title, "layout": rules.layout,
            "pile_kind": rules.pile_kind, "pile_names": rules.pile_names,
            "pile_labels": pile_labels(rules), "base": RANK_LABELS[g.state.base],
        }
        with self.hold_sync():
            self.trace = data
            self.error = safe_text(t.error, 300) if t.error else ""
            self.step = 0
            self.selected = 0

    def __repr__(self) -> str:
        t = self.last_trace
        what = "no trace" if t is None else (
            f"{t.algorithm}: {t.expanded} expansions, {len(t.nodes)} nodes, {t.stopped}")
        return f"<SearchView {what}>"
