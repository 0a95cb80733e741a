"""Demo mode: the solver plays the deal at a watchable pace; pause, step, take over.

The Demo never refuses a game in play (PySolFC's demo always plays): the solver looks for a
win within the board's solve budget; when it finds none (or proves there is none), the fair
player of :func:`~fourseasons_widget.solver.players.play_fair` — the best moves it sees without
looking at the face-down stock — plays to the end, and the demo says that it may lose.  Both
run in the table's worker, beside the board (one job: the search, then the fair player).

The pace is the front end's (no timers in the kernel, so it works without threads): while a
demo runs and is not paused, the view sends ``{"type": "demo", "action": "step"}`` every
``speed_ms``; each step plays the next move of the solver's line.  A step is played only while
the game is still where the demo left it — a move made by hand, an undo or a new deal ends the
demo.  The demo's moves are the solver's, not the person's, so they record nothing; after
*take over* the person's moves make the game theirs.

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> d = Demo(g, [g.legal_moves()[0]])
>>> d.on_track(g), d.snapshot()["of"]
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..channel import IntentError
from ..model.game import Game
from ..model.rules import IllegalMoveError
from ..model.state import Move, State
from ..validate import quote
from .host import TableHost
from .intents import handles
from .snapshot import describe_move

if TYPE_CHECKING:
    from .advice import Advisor
    from .background import Job

#: the actions a view may send
ACTIONS = ("start", "pause", "resume", "step", "stop", "take_over")
SPEED_MS = 700  # between two moves, by default


@dataclass
class Demo:
    """A demo in progress on one game: the line, how far it has played, paused or not."""

    game: Game
    line: list[Move]
    step: int = 0
    paused: bool = False
    speed_ms: int = SPEED_MS
    #: the line is the solver's win; ``False``: the fair player's best moves, which may lose
    sure: bool = True
    start_ply: int = field(init=False)
    expected: State = field(init=False)

    def __post_init__(self) -> None:
        self.start_ply = self.game.ply
        self.expected = self.game.state

    @property
    def running(self) -> bool:
        return self.step < len(self.line)

    def on_track(self, game: Game) -> bool:
        """The game is where the demo left it (nobody else has moved)."""
        return (game is self.game and game.ply == self.start_ply + self.step
                and game.state == self.expected)

    def next_move(self) -> Move:
        return self.line[self.step]

    def played(self, game: Game) -> None:
        self.step += 1
        self.expected = game.state

    def snapshot(self) -> dict[str, Any]:
        return {"running": self.running, "paused": self.paused, "step": self.step,
                "of": len(self.line), "speed_ms": self.speed_ms, "sure": self.sure}


#: (its own name for the one host interface, kept for a release)
DemoHost = TableHost


class DemoMode:
    """Demo mode on one table: its actions, the line found by the table's
    :class:`~fourseasons_widget.table.advice.Advisor` (a line already solved needs no search), and
    the ``demo`` part of the snapshot.  The demo's moves are published as the Demo's
    (``demo=True``): the recorder never counts them as the person's."""

    def __init__(self, host: TableHost, advisor: Advisor) -> None:
        self.host = host
        self.advisor = advisor
        self.current: Demo | None = None

    @handles("demo")
    def _intent(self, c: dict[str, Any]) -> None:
        action = c.get("action")
        if not isinstance(action, str) or action not in ACTIONS:
            raise IntentError(f"refused: a demo action is one of {', '.join(ACTIONS)}, "
                              f"not {quote(action)}")
        self.act(action)

    def act(self, action: str) -> None:
        """``start`` (the solver finds a line, then the view steps through it at its pace),
        ``pause``, ``resume``, ``step`` (the next move), ``stop`` (back to where the demo
        started) or ``take_over`` (the position stays; the game is the player's to go on)."""
        host, d = self.host, self.current
        game = host.game
        if action == "start":
            if d is not None:
                raise IllegalMoveError("a demo is running: pause, stop or take over")
            if game.status != "playing":
                raise IllegalMoveError(f"the game is {game.status}: nothing to show")
            line = self.advisor.lines.get(game.state)
            if line is not None:
                self.begin(line)
                return
            # (said first: a worker without threads has found the line, and said so, before
            # the search returns)
            host.say("Demo: the solver looks for a win to show…", "busy")
            self.search()
            return
        if d is None:
            raise IllegalMoveError("no demo is running: start one first")
        if action in ("pause", "resume"):
            d.paused = action == "pause"
            host.publish(kind="panel", keep_hint=True, bump=False,
                         message="Demo paused: step, resume or take over" if d.paused
                         else "Demo resumed")
        elif action == "step":
            if not d.running:
                raise IllegalMoveError("the demo has played its whole line")
            if not d.on_track(game):
                self.current = None
                raise IllegalMoveError("the game has changed since the demo's last move: the "
                                       "demo is over")
            m = game.play(d.next_move())
            d.played(game)
            text = describe_move(m, host.labels())
            done = "" if d.running else " — the demo is over: " + (
                "won" if game.state.is_won else "its line is played" if d.sure else
                f"{'lost' if game.status == 'lost' else 'it sees no move that helps'}, "
                f"{game.state.cards_home} of 52 cards home")
            host.publish(kind="move", move=m, person=False, demo=True,
                         message=f"Demo {d.step}/{len(d.line)}: {text}{done}")
            if not d.running:
                self.current = None
                host.publish(kind="panel", keep_hint=True, bump=False)
        elif action == "stop":
            while game.ply > d.start_ply and d.game is game:
                game.undo()
            self.current = None
            host.publish(kind="undo", person=False, message="Demo stopped: back where it began")
        elif action == "take_over":
            self.current = None
            host.publish(kind="panel", keep_hint=True, bump=False,
                         message="Your game now: play on from the demo's position")
        else:
            raise IllegalMoveError(f"a demo action is one of {', '.join(ACTIONS)}")

    def search(self) -> Job:
        """Start the demo's search in the worker, on a copy of the position: the solver within
        the board's solve budget, then — no win found, or none possible — the fair player's
        moves to the end.  :meth:`found` gets both."""
        from ..solver.players import play_fair
        from .advice import solve_for_board

        host = self.host
        if host.worker.busy:
            raise IntentError(f"the solver is busy with a {host.worker.busy}: wait, or "
                              "cancel it")
        live = host.game
        snapshot = live.copy()
        position = (id(live), snapshot.ply, snapshot.state)
        budget = host.worker.budget(host.solve_seconds)

        def run(cancel: Any) -> tuple[Any, list[Move] | None, float]:
            # (where runs move, half the time with single cards only, as the board's Solve)
            result = solve_for_board(snapshot, budget, cancel)
            fair = None
            if result.verdict != "won" and not cancel.is_set():
                fair = play_fair(snapshot).moves  # (never looks at the face-down stock)
            return result, fair, budget

        def done(job: Job, out: Any) -> None:
            with host.lock:
                try:
                    self.found(job, out, live, snapshot)
                finally:
                    host.busy = ""
                    host.settle()

        host.busy = "demo"
        try:
            return host.worker.start("demo", position, run, done)
        except BaseException:  # (no thread could start: the board is not left saying "busy")
            host.busy = ""
            raise

    def found(self, job: Job, out: Any, live: Game, searched: Game) -> None:
        """The worker's answer to ``start``: a demo of the solver's winning line or, with no
        win found, of the fair player's best moves (said to be one that may lose)."""
        host = self.host
        if isinstance(out, Exception):
            host.say(f"The demo's search failed: {str(out)[:120]}", "refusal")
            return
        result, fair, budget = out
        if result.verdict == "lost" and host.game is live:  # (a proof stays true: kept)
            live.record_lost(searched.state)
        if result.verdict == "won" and result.moves and host.game is live:
            self.advisor.store_line(searched.state, result.moves)
        if job.cancelled:
            host.say("Demo cancelled", "info")
            return
        g = host.game
        if job.stale_for((id(g), g.ply, g.state)):
            host.say("The board changed while the demo got ready: ask for it again", "info")
            return
        if result.verdict == "won" and result.moves:
            self.begin(result.moves)
        elif fair:
            why = ("this position cannot be won (proved)" if result.verdict == "lost" else
                   f"the solver found no win within {budget:g} s")
            self.begin(fair, sure=False, why=why)
        else:
            host.publish(kind="refresh", message="Demo: no move is left to show from here")

    def begin(self, line: list[Move], *, sure: bool = True, why: str = "") -> None:
        self.current = Demo(self.host.game, list(line), sure=sure)
        if sure:
            text = f"Demo: the solver plays a win in {len(line)} moves — pause, step or take over"
        else:
            text = (f"Demo: {why}, so it plays the best moves it sees without looking at the "
                    f"stock ({len(line)} moves) and may lose — pause, step or take over")
        self.host.publish(kind="panel", keep_hint=True, bump=False, message=text)

    def follow(self, game: Game) -> None:
        """After a change: the demo is over if someone else moved ``game`` off its line."""
        d = self.current
        if d is not None and not d.on_track(game):
            self.current = None

    def snapshot(self, game: Game) -> dict[str, Any] | None:
        """The ``demo`` part of the board: ``None`` unless a demo runs on ``game`` as it left
        it (changes nothing: :meth:`follow` ends a demo someone else moved off its line)."""
        d = self.current
        return None if d is None or not d.on_track(game) else d.snapshot()

__all__ = ["ACTIONS", "SPEED_MS", "Demo", "DemoHost", "DemoMode"]
