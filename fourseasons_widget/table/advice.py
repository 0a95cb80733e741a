"""The solver's help on a board — Hint, Auto-finish, Solve ▸ replay, and the searches behind
the Demo and "How could it have been won?" — as a service of the table's controller
(:class:`~fourseasons_widget.table.controller.Table`).

:class:`Advisor` knows its table only through the one host interface, :class:`~.host.TableHost` (the game
shown, the one lock, the worker, and the ways to say and publish), so it is driven and tested
without a ``Table``.  It keeps the lines the solver found, by the position they start at, so a
second Hint, an Auto-finish or a Demo from a position already solved needs no search.  Every
search runs on a copy of the game; a result that arrives for a position the board has left is
dropped (a proof of a loss is kept: it stays true).  The face-down stock card is never named in
advice (see :func:`~fourseasons_widget.table.snapshot.advise_move`).

>>> from fourseasons_widget import Game
>>> from fourseasons_widget.table.background import ForegroundWorker
>>> class Host:  # the least a host provides
...     def __init__(self, game):
...         import threading
...         self.game, self.lock, self.worker = game, threading.RLock(), ForegroundWorker(5)
...         self.in_intent, self.busy, self.notice, self.replay = False, "", "", {}
...         self.hint_seconds = self.solve_seconds = 5.0
...         self.said = []
...     def say(self, text, kind="info"): self.said.append((kind, text))
...     def publish(self, kind="refresh", move=None, message=None, message_kind=None, **kw):
...         self.said.append((message_kind or kind, message))
...     def settle(self): pass
...     def labels(self): return pile_labels(self.game.rules)
...     def publish_line(self, moves, **kw): self.replay = {"moves": moves}
>>> host = Host(Game.new(seed=37))
>>> Advisor(host).hint().text.startswith("Hint")
True

Hint is **fair** by default: it advises the move of the fair Monte-Carlo player
(:mod:`~fourseasons_widget.solver.fair`), which decides from what the player has seen — the
tableau, the foundations, the waste, the cards turned — and never from the order of the
face-down stock, and it says its estimate in words ("about 40% of the stock orders consistent
with what you have seen are won after this move").  The same visible position gets the same
advice whatever the order of the face-down cards (the sampling is seeded from what was seen).
Pressed again at the same position, it cycles through the other moves the samples won with, best
first (as PySolFC's hints do).  The solver's perfect-information advice stays, named for what it
is: ``hint(knows_stock=True)`` ("Solver's hint: knows the stock"), the board's "Solver's hint"
button beside Solve ▸ replay.
"""

from __future__ import annotations

import threading
from typing import Any, NamedTuple

from .. import automove
from ..budget import Budget
from ..channel import IntentError
from ..model.game import Game
from ..model.state import Move, State
from ..validate import BudgetError, budget
from .background import Job
from .host import TableHost
from .intents import handles
from .snapshot import advise_move, move_triple, pile_labels  # noqa: F401  (pile_labels: doctest)

#: more lines than this kept: the oldest are dropped (all at once: a new game starts afresh)
MAX_LINES = 5000


def seconds_budget(value: Any, name: str, default: float | None = None) -> float:
    """A time budget for the solver: a finite number of seconds greater than 0 (``None``
    takes ``default``; the board never searches without a limit)."""
    value = budget(value if value is not None else default, name)
    if value is None:
        raise BudgetError(f"{name} must be a finite number of seconds greater than 0, not None")
    return value


def board_seconds(given: Budget | None, default: float) -> float:
    """The seconds the board searches for under ``given`` (a
    :class:`~fourseasons_widget.budget.Budget`; ``None``, or one with no seconds, takes the
    board's own ``default``: the board never searches without a limit)."""
    return seconds_budget(None if given is None else given.seconds, "budget.seconds", default)


def line_on_record(game, known=None):
    """At the deal itself, the winning line on record for ``game``'s deal
    (:func:`~..solver.lines.line_of_record`: a deal of the shipped classification that took its
    solver more than 10,000 positions, the line replayed through the Game first) as the
    solver's answer, its positions those of the classification's run and its engine
    ``"record"`` — or ``None`` (another position, no line on record): then the board
    searches.  ``known``: the deal's verdict on record, where the caller has it already."""
    from ..solver.exact import SolveResult
    from ..solver.lines import line_of_record

    if game.state != game.start:
        return None
    found = line_of_record(game, known)
    if found is None:
        return None
    return SolveResult("won", found.moves, found.positions, 0.0, found.raw, "record")


def solve_for_board(game, seconds: float, cancel: threading.Event | None = None):
    """The board's Solve (its Demo and "How could it have been won?" too): the solver on
    ``game`` within ``seconds``.  Where runs move whole (moving sequences, Dick 1883) it spends
    half of them in the real rules and, if no verdict came, the other half in the same rules
    with single cards only (:func:`~fourseasons_widget.solver.exact.streamlined`: a win there is
    a win of the real game, found in a far smaller search — in the classification's runs it
    found most of the wins the plain search missed).  At the deal itself, where the shipped
    classification's win was the streamliner's (:attr:`~..solver.experiments.Known.
    by_stricter_rules`), the single cards go first: the plain search would spend its half in
    vain before them.  At a deal whose line is on record (:func:`line_on_record`), that line,
    with no search."""
    from ..solver.exact import solve, streamlined
    from ..solver.experiments import known_verdict

    known = known_verdict(game) if game.state == game.start else None
    on_record = line_on_record(game, known)
    if on_record is not None:
        return on_record
    strict = streamlined(game.rules) is not None
    first = strict and known is not None and known.by_stricter_rules
    return solve(game, budget=Budget(seconds=seconds / 2 if strict else seconds, cancel=cancel),
                 streamline=strict, strict_first=first)


class Hint(NamedTuple):
    """What a hint found: the advised ``move`` (or ``None``), the ``verdict`` and the ``text``
    shown to the player.  The solver's hint (``knows_stock``) says ``won`` / ``lost`` /
    ``unknown``; the fair hint says ``fair`` (the samples voted: ``estimate`` is the share of
    ``samples`` won after the move), ``safe`` (a move home right whatever the order), ``only``
    or ``unknown`` (no sample won: the beginner's move)."""

    move: Move | None
    verdict: str
    text: str
    estimate: float | None = None
    samples: int = 0
    knows_stock: bool = True


def effort(result) -> str:
    """How a solver's line was found, honestly: a line found with no search at all is said so."""
    engine = getattr(result, "engine", "python")
    if engine == "record":  # (solver/lines.py: found once, by the classification's run)
        return (f"the line on record: the classification's solver found it with "
                f"{result.nodes:,} positions")
    if result.nodes == 0:
        return "no search needed: only moves home and turns are left"
    return (f"{result.nodes:,} positions searched, {result.seconds:.2f} s, "
            f"{'compiled' if engine == 'compiled' else 'Python'} engine")


#: (its own name for the one host interface, kept for a release)
AdviceHost = TableHost


class Advisor:
    """The solver's help for one table (see the module doc)."""

    #: the fair hint's budget: sampled stock orders at most, and the solver's positions per
    #: sampled search (fewer where the search runs in Python: Pyodide, or the JIT warming up)
    fair_samples: int = 16
    fair_nodes: int = 3000
    fair_nodes_python: int = 1000
    #: the most moves a repeated Hint cycles through
    HINT_CYCLE = 5

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.lines: dict[State, list[Move]] = {}  # solved lines, by the position they start at
        #: the hint the board shows ({move, verdict, text}), until the next change
        self.shown: dict[str, Any] | None = None
        #: the fair decisions made, by what the player saw (the last few)
        self.decisions: dict[tuple, Any] = {}
        #: the position of the fair hint shown and the place in its cycle
        self._cycle: tuple[tuple, int] | None = None

    def store_line(self, start: State, moves: list[Move]) -> None:
        if len(self.lines) > MAX_LINES:
            self.lines.clear()
        probe = Game(start, self.host.game.rules)
        for i, m in enumerate(moves):
            self.lines[probe.state] = moves[i:]
            probe.play(m)

    def solved_line(self, max_seconds: float, what: str) -> tuple[list[Move], str, int]:
        s = self.host.game.state
        line = self.lines.get(s)
        if line is not None:
            return line, "won", 0
        from ..solver.exact import solve

        self.host.busy = what
        try:
            result = solve(self.host.game.copy(),
                           budget=Budget(seconds=self.host.worker.budget(max_seconds)))
        finally:
            self.host.busy = ""
        if result.verdict == "won":
            self.store_line(s, result.moves)
        elif result.verdict == "lost":
            self.host.game.record_lost(s)
        return result.moves, result.verdict, result.nodes

    def _useful_move(self) -> Move | None:
        """A legal move that does something: home first, then building or filling from the
        waste, then a pile move that empties a pile, then turning the stock."""
        moves = self.host.game.legal_moves()
        if not moves:
            return None

        def score(m: Move) -> int:
            if m.target.startswith("foundation"):
                return 0
            if m.source == "waste":
                return 1
            if m.source == "stock":
                return 3
            return 2

        return min(moves, key=score)

    def _foreground_note(self, asked: float) -> str:
        got = self.host.worker.budget(asked)
        if got < asked:
            return (f" (searched {got:g} s in the foreground: this Python runs no threads, so "
                    "searches are kept short)")
        return ""

    def hint(self, budget: Budget | None = None, *, background: bool = False,
             knows_stock: bool = False) -> Hint | Job:
        """Advice for the position: the fair hint (never looks at the face-down cards), or
        with ``knows_stock=True`` the solver's perfect-information hint."""
        from ..validate import flag

        knows_stock = flag(knows_stock, "knows_stock")
        budget_s = board_seconds(budget, self.host.hint_seconds)
        with self.host.lock:
            g = self.host.game
            if g.state.is_won:
                h = Hint(None, "won", "The game is won: every card is home")
                self.host.say(h.text, "won")
                return h
            if not knows_stock:
                return self._fair_hint(budget_s, background)
            cached = self.lines.get(g.state)
            if cached is not None or not background:
                line, verdict, nodes = self.solved_line(budget_s, "hint")
                return self._show_hint(line, verdict, nodes, budget_s)
            return self.search("hint", budget_s, lambda r: self._show_hint(
                r.moves, r.verdict, r.nodes, budget_s))

    # -- the fair hint ----------------------------------------------------------------------
    def _position(self) -> tuple:
        g = self.host.game
        return (id(g), g.ply, g.state)

    def _fair_inputs(self):
        """What the fair player sees here (and the positions not to return to)."""
        from ..solver.fair import observe

        g = self.host.game
        return observe(g), frozenset(t.key() for t in g.positions[:-1])

    def _fair_hint(self, budget_s: float, background: bool) -> Hint | Job:
        obs, visited = self._fair_inputs()
        here = self._position()
        if self._cycle is not None and self._cycle[0] == here and self.shown is not None:
            d = self.decisions.get((obs, visited))
            if d is not None:  # pressed again: the next move of the cycle
                return self._show_fair(d, (self._cycle[1] + 1))
        d = self.decisions.get((obs, visited))
        if d is not None:
            return self._show_fair(d, 0)
        searched = self.host.worker.budget(budget_s)
        job_args = self._fair_args(searched)
        if not background:
            from ..solver.fair import decide

            self.host.busy = "hint"
            try:
                d = decide(obs, visited=visited, **job_args)
            finally:
                self.host.busy = ""
            self._keep(obs, visited, d)
            return self._show_fair(d, 0)
        return self._fair_search(obs, visited, job_args, budget_s)

    def _fair_args(self, seconds: float) -> dict[str, Any]:
        from ..solver import backends, compiled

        fast = (compiled.installed() and compiled.ready()
                and compiled.supports(self.host.game.rules)
                and backends.DEFAULT_ENGINE != "python")
        if not fast and compiled.installed() and compiled.supports(self.host.game.rules):
            compiled.warm_up()  # (in the background: a later hint gets the compiled core)
        return {"samples": self.fair_samples, "budget": Budget(seconds=seconds),
                "per_sample": Budget(positions=self.fair_nodes if fast
                                     else self.fair_nodes_python)}

    def _keep(self, obs, visited, d) -> None:
        if len(self.decisions) > 64:
            self.decisions.clear()
        if not d.cut:  # (a decision the clock cut short is not kept: ask again, and it goes on)
            self.decisions[(obs, visited)] = d

    def _fair_search(self, obs, visited, job_args: dict[str, Any], budget_s: float) -> Job:
        from ..solver.fair import decide

        if self.host.worker.busy:
            raise IntentError(f"the solver is busy with a {self.host.worker.busy}: wait, or "
                              "cancel it")
        live = self.host.game
        position = self._position()

        def run(cancel: threading.Event):
            return decide(obs, visited=visited, **{
                **job_args, "budget": job_args["budget"].replace(cancel=cancel)})

        def done(job: Job, result) -> None:
            with self.host.lock:
                try:
                    if isinstance(result, Exception):
                        self.host.say(f"The hint failed: {str(result)[:120]}", "refusal")
                    elif job.cancelled:
                        self.host.say(f"Hint cancelled after {job.finished - job.started:.2f} s",
                                      "info")
                    else:
                        if self.host.game is live:
                            self._keep(obs, visited, result)
                        if job.stale_for(self._position()):
                            self.host.say(f"The hint was for move {position[1]}; the board has "
                                          "changed since, so its answer was dropped — ask "
                                          "again", "info")
                        else:
                            self._show_fair(result, 0)
                finally:
                    self.host.busy = ""
                    self.host.settle()

        self.host.busy = "hint"
        try:
            return self.host.worker.start("hint", position, run, done)
        except BaseException:
            self.host.busy = ""
            raise

    def _show_fair(self, d, index: int) -> Hint:
        """Show the fair decision ``d``'s move number ``index`` (cycling) in words."""
        game = self.host.game
        engine = game.rules.engine
        labels = self.host.labels()
        ranked = list(d.ranked)
        if d.how == "vote":
            ranked = [m for m in ranked if d.wins.get(m, 0) > 0] or ranked[:1]
        ranked = ranked[:self.HINT_CYCLE]
        fair_note = "fair: it never looks at the face-down cards"
        if not ranked or d.move is None:
            text = ("No move is left" if not game.legal_moves() else
                    "No hint: every move leads back to a position of this game")
            h = Hint(None, "unknown", text, None, d.samples, False)
            self.shown = None
            self._cycle = None
            self.host.publish(kind="hint", message=h.text, message_kind="hint", keep_hint=True)
            return h
        index %= len(ranked)
        raw = ranked[index]
        move = engine.to_move(game.state, raw)
        what = advise_move(move, labels)
        head = "Hint" if len(ranked) == 1 else f"Hint {index + 1} of {len(ranked)}"
        used = (f"{d.samples} sample{'s' * (d.samples != 1)}, "
                f"{d.seconds:.2f} s{', stopped by its time budget' if d.cut else ''}")
        estimate = None
        if d.how == "vote":
            estimate = d.wins.get(raw, 0) / d.samples
            pct = round(100 * estimate)
            share = f"about {pct}%" if 0 < pct < 100 else ("all" if pct >= 100 else "none")
            text = (f"{head}: {what} — {share} of the stock orders consistent with what you "
                    f"have seen are won after this move ({used}; {fair_note})")
            verdict = "fair"
        elif d.how == "safe":
            text = (f"{head}: {what} — a safe move home: no card can be built on it any more "
                    f"({fair_note})")
            verdict = "safe"
        elif d.how == "only":
            text = f"{head}: {what} — the only move ({fair_note})"
            verdict = "only"
        else:
            text = (f"{head}: {what} — a beginner's move: none of the stock orders sampled from "
                    f"what you have seen was won within the search's budget ({used}; "
                    f"{fair_note})")
            verdict = "unknown"
        h = Hint(move, verdict, text, estimate, d.samples, False)
        self.shown = {"move": move_triple(move), "verdict": verdict, "text": text}
        self._cycle = (self._position(), index)
        self.host.publish(kind="hint", message=text, message_kind="hint", keep_hint=True)
        return h

    def _show_hint(self, line: list[Move], verdict: str, nodes: int, budget_s: float) -> Hint:
        self._cycle = None
        labels = self.host.labels()
        if verdict == "won" and line:
            m = line[0]
            text = (f"Solver's hint: knows the stock (perfect-information advice — it knows "
                    f"the order of the face-down cards): {advise_move(m, labels)}; a win is "
                    f"{len(line)} moves away")
            h = Hint(m, "won", text)
        elif verdict == "lost":
            h = Hint(None, "lost", f"This position cannot be won: every line was searched "
                                   f"({nodes:,} positions)")
        else:
            m = self._useful_move()
            if m is None:
                h = Hint(None, "unknown", "No move is left")
            else:
                h = Hint(m, "unknown", f"Solver's hint: knows the stock — no win found within "
                                       f"{self.host.worker.budget(budget_s):g} s; a useful "
                                       f"move: {advise_move(m, labels)}"
                                       + self._foreground_note(budget_s))
        self.shown = ({"move": move_triple(h.move), "verdict": h.verdict, "text": h.text}
                      if h.move else None)
        if h.verdict == "lost":
            # one verdict: the proof is kept by the game, whose status now says "lost" (the
            # banner), with the search's figures
            self.host.publish(kind="refresh", message=h.text)
        else:
            self.host.publish(kind="hint", message=h.text, message_kind="hint", keep_hint=True)
        return h

    def auto_finish(self, budget: Budget | None = None, *, background: bool = False) -> int:
        """Move cards home while that is safe; returns how many moves were played (see
        :meth:`FourSeasons.auto_finish`).  When it stops short of the win it says why."""
        budget_s = board_seconds(budget, self.host.hint_seconds)
        with self.host.lock:
            # (read under the lock: a Python call waiting for an intent of another thread to
            # end is not that intent's person)
            person = self.host.in_intent
            g = self.host.game
            if g.state.is_won:
                self.host.say("The game is won already", "won")
                return 0
            run = automove.finishing_run(g.rules, g.state)
            if run is not None:
                return self._finish_home(list(run), person=person)
            if background and g.state not in self.lines:
                self.search(
                    "auto_finish", budget_s,
                    lambda r: self._finish_home(*self._leading_home(r, budget_s), person=True))
                return 0
        played = 0
        why = ""
        with self.host.lock:
            live, ply = self.host.game, self.host.game.ply
        while True:
            with self.host.lock:
                if self.host.game is not live or live.ply != ply + played:
                    # the board changed between two steps: what was played stays, and is said
                    why = "the board changed meanwhile"
                    break
                line, verdict, _ = self.solved_line(budget_s, "auto_finish")
                if verdict != "won" or not line or not line[0].target.startswith("foundation"):
                    why = self._why_stopped(line, verdict, budget_s)
                    break
                self.host.game.play(line[0], auto=played > 0)
                played += 1
        with self.host.lock:
            if self.host.game is not live or live.ply != ply + played:
                self.host.settle()
                return played
            return self._finish_home([], already=played, why=why, person=person)

    def _why_stopped(self, line: list[Move], verdict: str, budget_s: float) -> str:
        if verdict == "lost":
            return "this position cannot be won (proved), so no move home is safe"
        if verdict != "won":
            return (f"no win was found within {self.host.worker.budget(budget_s):g} s, so no move "
                    "home is proved safe" + self._foreground_note(budget_s))
        if not line:
            return "the game is won"
        return (f"the solver's winning line goes on with a move that is not a move home "
                f"({advise_move(line[0], self.host.labels())}) — play it by hand, or ask a Hint")

    def _leading_home(self, result, budget_s: float) -> tuple[list[Move], int, str]:
        out = []
        for m in result.moves:
            if not m.target.startswith("foundation"):
                break
            out.append(m)
        rest = result.moves[len(out):]
        why = ("" if result.verdict == "won" and not rest
               else self._why_stopped(rest, result.verdict, budget_s))
        return out, 0, why

    def _finish_home(self, moves: list[Move], already: int = 0, why: str = "", *,
                     person: bool = False) -> int:
        g = self.host.game
        played = [g.play(m, auto=i > 0 or already > 0) for i, m in enumerate(moves)]
        n = len(played) + already
        if not n:
            text = ("Auto-finish sends cards home only while a win stays proved; from here "
                    "the next move home is not proved safe — play on by hand")
            if why:
                text = f"Auto-finish played nothing: {why}"
            self.host.notice = text
            self.host.say(text, "refusal")
            self.host.settle()
            return 0
        text = f"Auto-finish: {n} move{'s' * (n != 1)} played, {g.state.cards_home} cards home"
        if why and not g.state.is_won:
            text += f"; it stopped because {why}"
            self.host.notice = text
        self.host.publish(kind="auto", move=g.history[-n], group=g.history[-n + 1:], message=text,
                     person=person)
        return n

    def solve(self, budget: Budget | None = None, *, background: bool = False):
        budget_s = board_seconds(budget, self.host.solve_seconds)
        if background:
            with self.host.lock:
                return self.search("solve", budget_s,
                                           lambda r: self.show_solution(r, budget_s))
        with self.host.lock:
            live = self.host.game
            g = live.copy()
        self.host.busy = "solve"
        try:
            result = solve_for_board(g, self.host.worker.budget(budget_s))
        finally:
            self.host.busy = ""
        with self.host.lock:
            if self.host.game is not live or live.ply != g.ply or live.state != g.state:
                if result.verdict == "lost" and self.host.game is live:
                    live.record_lost(g.state)  # (a proof stays true)
                self.host.say("The board changed during the search: its answer was dropped", "info")
                self.host.settle()
                return result
            self.show_solution(result, budget_s)
        return result

    def show_solution(self, result, budget_s: float) -> None:
        g = self.host.game
        if result.verdict == "won":
            self.store_line(g.state, result.moves)
            self.host.publish_line(result.moves, nodes=result.nodes, seconds=result.seconds)
            self.host.say(f"Solved: a win in {len(result.moves)} moves ({effort(result)}) — "
                     "perfect-information line; replay it below", "hint")
        elif result.verdict == "lost":
            self.host.replay = {}
            g.record_lost(g.state)
            self.host.publish(kind="refresh", message=f"This position cannot be won: every line was "
                                                 f"searched ({result.nodes:,} positions)")
        else:
            self.host.replay = {}
            self.host.say(f"No win found within {self.host.worker.budget(budget_s):g} s "
                     f"({result.nodes:,} positions searched); the position may still be "
                     "winnable" + self._foreground_note(budget_s), "info")

    @handles("cancel", plain=True)
    def cancel(self) -> bool:
        job = self.host.worker.cancel()
        if job is None:
            self.host.say("No search is running", "info")
            return False
        return True

    # -- the intents the advisor answers (the registry's, intents.json) -------------------
    @handles("hint")
    def _hint_intent(self, c: dict[str, Any]) -> None:
        self.hint(background=True)

    @handles("solver_hint")
    def _solver_hint_intent(self, c: dict[str, Any]) -> None:
        self.hint(background=True, knows_stock=True)

    @handles("auto_finish")
    def _auto_finish_intent(self, c: dict[str, Any]) -> None:
        self.auto_finish(background=True)

    @handles("solve")
    def _solve_intent(self, c: dict[str, Any]) -> None:
        self.solve(background=True)


    def search(self, kind: str, budget_s: float, show) -> Job:
        """Start a search of the current position in the worker; ``show(result)`` is called
        (under the lock) if the position is still the one searched when it ends.  Whatever
        the result, the board's snapshot is settled against the game afterwards."""
        from ..solver.exact import solve

        if self.host.worker.busy:
            raise IntentError(f"the solver is busy with a {self.host.worker.busy}: wait, or cancel it")
        snapshot = self.host.game.copy()
        live = self.host.game
        position = (id(live), snapshot.ply, snapshot.state)
        searched = self.host.worker.budget(budget_s)

        def run(cancel: threading.Event):
            if kind == "solve":
                return solve_for_board(snapshot, searched, cancel)
            return solve(snapshot, budget=Budget(seconds=searched, cancel=cancel))

        def done(job: Job, result) -> None:
            with self.host.lock:
                try:
                    self._done(kind, job, result, snapshot, live, position, show)
                finally:
                    self.host.busy = ""
                    self.host.settle()

        self.host.busy = kind
        try:
            return self.host.worker.start(kind, position, run, done)
        except BaseException:  # (no thread could start: the board is not left saying "busy")
            self.host.busy = ""
            raise

    def _done(self, kind, job, result, snapshot, live, position, show) -> None:
        if isinstance(result, Exception):
            self.host.say(f"The search failed: {str(result)[:120]}", "refusal")
            return
        if result.verdict == "lost" and self.host.game is live:  # a proof stays true: kept
            self.host.game.record_lost(snapshot.state)
        if result.verdict == "won" and self.host.game is live:
            self.store_line(snapshot.state, result.moves)
        what = kind.replace("_", "-")
        if job.cancelled:
            self.host.say(f"{what.capitalize()} cancelled after "
                     f"{job.finished - job.started:.2f} s", "info")
        elif job.stale_for((id(self.host.game), self.host.game.ply, self.host.game.state)):
            if result.verdict == "lost" and self.host.game.status == "lost":
                self.host.publish(kind="refresh", message="The search proved this game lost "
                             f"({result.nodes:,} positions)")
                return
            self.host.say(f"The {what} was for move {snapshot.ply}; the board has changed since, "
                     "so its answer was dropped — ask again", "info")
        else:
            show(result)


__all__ = ["AdviceHost", "Advisor", "Hint", "effort", "seconds_budget"]
