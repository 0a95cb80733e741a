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
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from .cards import RANK_LABELS
from .game import Game
from .search.problem import GameProblem
from .search.trace import MAX_STEPS, TRACEABLE, Trace, record
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


class SearchView(anywidget.AnyWidget):
    """A step-by-step view of a best-first search on a small position.

    ``SearchView(game, algorithm="A*", max_steps=300)``: ``game`` is a :class:`Game` (its
    current position is searched).  ``algorithm`` is one of ``"breadth-first"``,
    ``"depth-first"``, ``"greedy best-first"``, ``"A*"`` (changing it re-runs the search);
    ``step`` is the expansion shown (0 … the number of expansions), ``selected`` the node whose
    position is shown.  :attr:`last_trace` is the recorded :class:`~.search.trace.Trace`.
    """

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

    def __init__(self, game: Game, algorithm: str = "A*", *, max_steps: int = 300,
                 **kwargs: Any) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"SearchView needs a Game, not {type(game).__name__}")
        if algorithm not in TRACEABLE:
            raise ValueError(f"unknown algorithm {algorithm!r}: choose one of "
                             f"{', '.join(TRACEABLE)}")
        if not 1 <= max_steps <= MAX_STEPS:
            raise ValueError(f"max_steps runs from 1 to {MAX_STEPS}")
        self._game = Game(game.state, game.rules, seed=game.seed)
        self.last_trace: Trace | None = None
        super().__init__(max_steps=max_steps, **kwargs)
        self.algorithm = algorithm
        self._run()

    @property
    def game(self) -> Game:
        """The position searched (a copy: the view never changes the game it was given)."""
        return self._game

    @traitlets.validate("algorithm")
    def _valid_algorithm(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in TRACEABLE:
            raise traitlets.TraitError(f"unknown algorithm {proposal['value']!r}: choose one "
                                       f"of {', '.join(TRACEABLE)}")
        return proposal["value"]

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        n = len(self.trace.get("steps", ())) if self.trace else 0
        return max(0, min(int(proposal["value"]), n))

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
        t = record(GameProblem(g), self.algorithm, max_steps=self.max_steps)
        self.last_trace = t
        data = t.to_json(lambda s: compact_snapshot(rules, s))
        data["key"] = self.algorithm
        data["board"] = {
            "variant": rules.variant, "title": rules.title, "layout": rules.layout,
            "pile_kind": rules.pile_kind, "pile_names": rules.pile_names,
            "pile_labels": pile_labels(rules), "base": RANK_LABELS[g.state.base],
        }
        with self.hold_sync():
            self.trace = data
            self.step = 0
            self.selected = 0

    def __repr__(self) -> str:
        t = self.last_trace
        what = "no trace" if t is None else (
            f"{t.algorithm}: {t.expanded} expansions, {len(t.nodes)} nodes, {t.stopped}")
        return f"<SearchView {what}>"
