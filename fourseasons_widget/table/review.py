"""The board's "Where did I go wrong?": the analysis run for a table, and the review.

:class:`Review` is a service of the table's controller (:class:`~fourseasons_widget.table.controller.
Table`); it knows the table only through the one host interface, :class:`~.host.TableHost` (it imports
neither the controller nor the widget), so it can be driven by any host, a test's included:

- it runs :func:`~fourseasons_widget.analysis.analyse_line` beside the board (through the
  table's worker: a thread, or in the foreground where there are none), so the board
  stays playable while the solver works, and
  publishes the result in the table's ``analysis`` snapshot: the move list with each position's
  verdict, the turning point, the move played there and the move that would have won;
- the analysed line is the whole game as played: the moves played and the moves taken back
  that redo would replay.  Rewinding (undo, redo, a click on the move list) keeps it, so the
  analysis stays; a new move played over taken-back ones, a new deal or another game drops it
  (a result that arrives after such a change is dropped too, and the worker is told to stop);
- :meth:`Review.go_to` rewinds the game to a ply of that line (undo / redo: redo returns),
  publishes which move was played there and which would have won, and at the turning point the
  winning line for the replay bar.

The table's one lock guards the analysis and the check "is this still the game analysed?"; the
table calls :meth:`Review.sync` after every change it publishes, under that lock, so whatever
order a worker's result and a click arrive in, a stale analysis never stays on the board.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from ..analysis import DEFAULT_POSITION_NODES, DEFAULT_SECONDS, Analysis, Row, analyse_line
from ..analysis import describe as describe_verdict
from ..budget import Budget, takes_budget
from ..model.rules import IllegalMoveError
from ..model.state import Move
from ..validate import quote
from .host import TableHost
from .intents import handles
from .snapshot import advise_move, describe_move, move_triple

if TYPE_CHECKING:
    from ..model.game import Game

#: "look longer" multiplies the budgets by this
LONGER = 4


def full_line(game: Game) -> tuple[Move, ...]:
    """The game as played: its history and the moves redo would play again."""
    return game.history + game.redo_line


def _triple(m: Move | None) -> list[str] | None:
    return None if m is None else [m.card, m.source, m.target]


def _advised(m: Move | None) -> list[str | None] | None:
    """A move to make (the one that would have won): a turn names no card (face down)."""
    return move_triple(m)


def _pointer(a: Analysis) -> str:
    """What the status line says when the analysis is done (its text is the panel's)."""
    if a.turning_point is not None and a.proved:
        return (f"Where did I go wrong? Move {a.turning_point + 1} lost the game: see the "
                "analysis under the board")
    return "Where did I go wrong? The analysis is under the board"


def analysis_data(a: Analysis, labels: dict[str, str], describe) -> dict[str, Any]:
    """The analysis as the front end draws it (plain JSON data)."""
    verdicts = a.verdicts
    return {
        "state": "done",
        "plies": a.plies,
        "moves": [[m.card, m.source, m.target, str(m), describe(m, labels)] for m in a.moves],
        "verdicts": list(verdicts),
        "turning_point": a.turning_point,
        "played": _triple(a.played),
        "better": _advised(a.better),
        "better_text": advise_move(a.better, labels) if a.better else None,
        "line_length": len(a.line),
        "proved": a.proved,
        "lost_from": a.lost_from,
        "outcome": a.outcome,
        "complete": a.complete,
        "examined": len(a.rows),
        "seconds": round(a.seconds, 2),
        "nodes": a.nodes,
        # (the verdict in words, as the move list under it says moves: no "TD s>w" notation)
        "text": describe_verdict(a, lambda m: describe_move(m, labels),
                                 lambda m: advise_move(m, labels)),
        "review": None,
    }


#: (its own name for the one host interface, kept for a release)
ReviewHost = TableHost


class Review:
    """The analysis of one table's game, run in the background (see the module doc)."""

    @takes_budget({"max_seconds": "seconds", "position_nodes": "per_position.positions"},
                  honours={"budget": ("seconds",), "per_position": ("positions",)})
    def __init__(self, table: TableHost, *, budget: Budget = Budget(seconds=DEFAULT_SECONDS),
                 per_position: Budget = Budget(positions=DEFAULT_POSITION_NODES),
                 on_loss: bool = True) -> None:
        self.table = table
        self.max_seconds = budget.seconds
        self.position_nodes = per_position.positions
        self.on_loss = on_loss
        self.lock = table.lock  # the table's one lock
        self.game: Game | None = None  # the game analysed (or being analysed)
        self.line: tuple[Move, ...] | None = None  # its full line then
        self.analysis: Analysis | None = None
        self.stop = threading.Event()
        self.done = threading.Event()
        self.done.set()
        self.factor = 1  # the budgets' multiple (LONGER after each "look longer")

    # -- starting and stopping ---------------------------------------------------------------
    def start(self, wait: bool = False, longer: bool = False) -> Analysis | None:
        """Analyse the table's game beside the board (the worker); with ``wait`` return the
        :class:`~fourseasons_widget.analysis.Analysis` once done (``None`` if it was dropped:
        the game changed meanwhile).  ``longer``: an analysis that was cut short is run again
        with ``LONGER`` times its budgets."""
        with self.lock:
            g = self.table.game
            line = full_line(g)
            if not line:
                raise IllegalMoveError("nothing has been played yet: nothing to analyse")
            same = self.game is g and self.line == line
            if longer and not (same and self.analysis is not None and not self.analysis.complete):
                raise IllegalMoveError("only an analysis that was cut short can look longer")
            if same and not longer and (self.analysis is not None or not self.done.is_set()):
                done = self.done  # this very game is analysed, or being analysed
            else:
                factor = self.factor * LONGER if longer else 1
                self._drop()
                self.factor = factor
                self.game, self.line = g, line
                self.stop = stop = threading.Event()
                self.done = done = threading.Event()
                self.table.analysis = {"state": "running", "plies": len(line), "examined": 0}
                self.table.worker.spawn(lambda: self._work(g, line, stop, done, factor),
                                        "fourseasons-analysis")
        if not wait:
            return None
        done.wait()
        with self.lock:
            return self.analysis if self.game is g and self.line == line else None

    @handles("analysis_stop", plain=True)
    def cancel(self) -> None:
        """Stop the analysis running (its result is dropped)."""
        with self.lock:
            if self.done.is_set():
                raise IllegalMoveError("no analysis is running")
            self._drop()
            self.table.say("Analysis stopped", "info")

    def _drop(self) -> None:
        self.stop.set()
        self.game = self.line = self.analysis = None
        if self.table.analysis:
            self.table.analysis = {}

    def _work(self, g: Game, line: tuple[Move, ...], stop: threading.Event,
              done: threading.Event, f: int) -> None:
        examined = 0

        def on_row(_row: Row) -> None:
            nonlocal examined
            examined += 1
            with self.lock:
                if self.stop is stop and not stop.is_set():
                    self.table.analysis = {"state": "running", "plies": len(line),
                                           "examined": examined}

        worker = self.table.worker
        try:
            a = analyse_line(g.rules, g.start, line,
                             budget=Budget(seconds=None if self.max_seconds is None
                                           else worker.budget(self.max_seconds * f)),
                             per_position=Budget(positions=None if self.position_nodes is None
                                                 else self.position_nodes * f),
                             stop=stop.is_set, on_row=on_row)
        except Exception as e:  # reported on the board, never lost in a thread
            with self.lock:
                if self.stop is stop and not stop.is_set():
                    self.game = self.line = None
                    self.table.analysis = {"state": "error", "text": f"analysis failed: {e}"[:200]}
            done.set()
            return
        with self.lock:
            # dropped if the game changed meanwhile (or the analysis was stopped)
            if (self.stop is stop and not stop.is_set() and self.table.game is g
                    and full_line(g) == line):
                self.analysis = a
                t = self.table
                t.analysis = analysis_data(a, t.labels(), describe_move)
                # (said once, in the panel under the board: the status line points to it)
                t.say(_pointer(a), "lost" if a.proved else "hint")
        done.set()

    # -- kept aside while another deal is shown ------------------------------------------------
    def stash(self) -> tuple | None:
        """The finished analysis of the table's game, to give back with :meth:`unstash` when
        that very game is shown again ("Back to my game"); ``None`` if there is none."""
        with self.lock:
            if self.analysis is None or self.game is not self.table.game:
                return None
            return (self.game, self.line, self.analysis, self.factor,
                    {**self.table.analysis, "review": None})

    def unstash(self, kept: tuple | None) -> None:
        """Show again an analysis :meth:`stash` kept, if the table shows its game again."""
        if kept is None:
            return
        game, line, analysis, factor, data = kept
        with self.lock:
            if self.table.game is not game or full_line(game) != line or not self.done.is_set():
                return
            self.stop = threading.Event()
            self.game, self.line, self.analysis, self.factor = game, line, analysis, factor
            self.table.analysis = data

    # -- keeping it true -----------------------------------------------------------------
    def sync(self, kind: str, status: str) -> None:
        """Called by the table after each change it publishes: drop the analysis if the game
        is no longer the one analysed; start one when a move made on the board (an intent, not
        a call from Python: a notebook's own code is not disturbed) has just lost the game."""
        with self.lock:
            t = self.table
            g = t.game
            if self.game is not None and (self.game is not g or full_line(g) != self.line):
                self._drop()
            elif self.analysis is not None and t.analysis.get("review") is not None:
                review = t.analysis["review"]
                if review.get("at") != g.ply:  # moved away from the reviewed position
                    t.analysis = {**t.analysis, "review": None}
            if (self.on_loss and status == "lost" and kind in ("move", "auto")
                    and t.in_intent and self.game is None):
                self.start()

    # -- its intents (the registry's, intents.json) ------------------------------------------
    @handles("analyse")
    def _analyse_intent(self, c: dict[str, Any]) -> None:
        """Start the analysis (``longer: true``: again, with bigger budgets, after it was cut
        short)."""
        self.start(longer=c.get("longer") is True)

    @handles("review")
    def _review_intent(self, c: dict[str, Any]) -> None:
        """Rewind (or replay) to a ply of the move list."""
        self.go_to(c.get("at"))

    # -- the review --------------------------------------------------------------------------
    def go_to(self, at: int) -> None:
        """Rewind (or replay) the game to ply ``at`` of the analysed line and show the move
        played there and, at the turning point, the move that would have won."""
        with self.lock:
            w = self.table
            g = w.game
            a = self.analysis
            if a is None or self.game is not g or full_line(g) != self.line:
                raise IllegalMoveError("there is no analysis of this game to review: ask "
                                       "\"Where did I go wrong?\" first")
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < a.plies:
                raise IllegalMoveError(f"there is no move {quote(at, 12)} in this game "
                                       f"(moves 1 to {a.plies})")
            while g.ply > at:
                g.undo()
            while g.ply < at:
                g.redo()
            played = a.moves[at]
            turning = at == a.turning_point
            labels = w.labels()
            text = f"Move {at + 1}: {describe_move(played, labels)} was played here"
            if turning:
                text = (f"Here it went wrong — move {at + 1}: {describe_move(played, labels)}. "
                        f"To win: {_advice(a.better, labels)} (a win in {len(a.line)} moves: "
                        f"Watch the solution replays it; Redo plays the game on)")
            with w.batch():  # the position, its marks and the line arrive together
                w.publish(kind="review", message=text, message_kind="hint")
                w.analysis = {**w.analysis, "review": {
                    "at": at, "played": _triple(played),
                    "better": _advised(a.better) if turning else None,
                    "verdict": a.verdict_at(at)}}
                if turning and a.line:
                    w.publish_line(list(a.line))
                    w.replay = {**w.replay, "autoplay": False, "title": "the winning line"}


def _advice(m: Move, labels: dict[str, str]) -> str:
    """``"play the two of hearts from … to …"``, ``"turn the stock"`` (its card is face down:
    never named before it is turned)."""
    if m.source == "stock" and m.target == "waste":
        return "turn the stock"
    return f"play the {advise_move(m, labels)}"


__all__ = ["Review", "ReviewHost", "analysis_data", "full_line"]
