"""``FourSeasons``: the board as a Jupyter widget (anywidget).

The widget is a thin adapter around a :class:`~fourseasons_widget.game.Game`.  Python stays the
single source of truth: it publishes the position (with the legal moves, for highlighting) in
synced traits, and the front end (``js/``, shipped as ``static/widget.js``) renders it and sends
*intents* back — "move 7H from the waste to cross:2", "turn the stock".  Every intent carries
the position's version (``ply`` and ``version``); a stale, forged or garbled intent is refused
with a message and changes nothing.

>>> w = FourSeasons(seed=7, variant="czarina")
>>> w.board["layout"], w.ply
('cross', 0)
>>> m = w.play("turn")
>>> w.ply, w.board["waste"][-1] == m.card
(1, True)
>>> _ = w.undo()
>>> w.ply
0

All state lives in traits, so two views of one widget stay in sync and a notebook saved with
its widget state (or exported to static HTML) can rebuild the board.
"""

from __future__ import annotations

import contextlib
import functools
import json
import pathlib
import threading
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

import anywidget
import traitlets

from . import automove
from .background import Job, Worker
from .cards import RANK_LABELS, SUITS, card_name, parse_card
from .channel import FrontEndGate, IntentError
from .deal import parse_deal_text
from .game import Game
from .review import INTENTS as REVIEW_INTENTS
from .review import Review
from .rules import VARIANTS, IllegalMoveError, Rules, RulesError
from .state import Move, State
from .stats import Stats, Tracker
from .validate import BudgetError, budget, is_int, quote, safe_text

STATIC = pathlib.Path(__file__).parent / "static"
if not (STATIC / "widget.js").is_file():  # a source checkout without the built front end
    raise ImportError(
        f"the widget's front end is not built ({STATIC / 'widget.js'} is missing): run "
        "`pip install -e .` (which builds it) or `cd js && npm install && npm run build`")

#: the intents the front end may send
INTENTS = ("move", "turn", "undo", "redo", "hint", "new_game", "restart", "auto_finish",
           "solve", "deal_number", "cancel", "resume") + REVIEW_INTENTS
#: intents that act on (or advise about) the position and so must name its version
VERSIONED = frozenset(INTENTS) - {"new_game", "deal_number", "analysis_stop", "cancel", "resume"}
MAX_TEXT = 40  # no field of a genuine intent is longer
#: the fields an intent may carry
INTENT_FIELDS = frozenset({"type", "ply", "version", "card", "source", "target", "seed",
                           "variant", "text", "longer", "at"})
#: the traits a view may set (a view option), with the type each takes; every other trait is
#: Python's to publish, and a front-end update of one is refused and Python's value re-sent
#: (``_view_count``: ipywidgets' own count of views, sent by front ends when it is enabled)
FRONTEND_WRITABLE: dict[str, type] = {"four_colour": bool, "auto_home": bool, "paused": bool,
                                      "_view_count": int}

_CROSS_NAMES = ("the left of the cross", "the centre of the cross", "the right of the cross",
                "the top of the cross", "the bottom of the cross")
_CELL_NAMES = ("the left cell", "the centre cell", "the right cell", "the top cell",
               "the bottom cell")
_GRID_NAMES = ("the left of the grid", "the centre of the grid", "the right of the grid",
               "the top of the grid", "the bottom of the grid")
_FOUNDATION_NAMES = ("the upper-left foundation", "the upper-right foundation",
                     "the lower-left foundation", "the lower-right foundation")


def _seconds(value: Any, name: str, default: float | None = None) -> float:
    """A time budget for the solver: a finite number of seconds greater than 0 (``None``
    takes ``default``; the widget never searches without a limit)."""
    value = budget(value if value is not None else default, name)
    if value is None:
        raise BudgetError(f"{name} must be a finite number of seconds greater than 0, not None")
    return value


class Hint(NamedTuple):
    """What :meth:`FourSeasons.hint` found: the advised ``move`` (or ``None``), the solver's
    ``verdict`` (``won`` / ``lost`` / ``unknown``) and the ``text`` shown to the player."""

    move: Move | None
    verdict: str
    text: str


# ---------------------------------------------------------------------------------------------
# Plain-data snapshots of a position (what the front end draws)


def pile_labels(rules: Rules) -> dict[str, str]:
    """Spoken names of the piles, for aria-labels and announcements."""
    names: dict[str, str] = {"stock": "the stock", "waste": "the waste"}
    for i, text in enumerate(_FOUNDATION_NAMES):
        names[f"foundation:{i}"] = text
    if rules.layout == "rows":
        half = rules.n_piles // 2
        for i in range(rules.n_piles):
            row = "top" if i < half else "bottom"
            names[rules.pile_name(i)] = f"tableau pile {i % half + 1} of the {row} row"
    else:
        table = {"cells": _CELL_NAMES, "grid": _GRID_NAMES}.get(rules.layout, _CROSS_NAMES)
        for i in range(rules.n_piles):
            names[rules.pile_name(i)] = table[i] if i < len(table) else rules.pile_name(i)
    return names


def position_snapshot(rules: Rules, s: State) -> dict[str, Any]:
    """The position as JSON-able data: what is face up, and how much is face down.

    The stock is face down, so only its size is given.

    >>> from fourseasons_widget import Game
    >>> snap = position_snapshot(Game.new(seed=7).rules, Game.new(seed=7).state)
    >>> len(snap["piles"]), snap["stock"], snap["home"]
    (5, 46, 1)
    """
    foundations = []
    for slot in range(4):
        suit = s.corners[slot]
        if suit < 0:
            foundations.append({"suit": None, "count": 0, "cards": []})
        else:
            cards = [_code(c) for c in s.foundation_cards(slot)]
            foundations.append({"suit": SUITS[suit], "count": len(cards), "cards": cards})
    return {
        "piles": [[_code(c) for c in p] for p in s.piles],
        "foundations": foundations,
        "stock": len(s.stock),
        "waste": [_code(c) for c in s.waste],
        "home": s.cards_home,
    }


def _code(card: int) -> str:
    from .cards import CODES

    return CODES[card]


def describe_move(move: Move, labels: dict[str, str]) -> str:
    """``"seven of hearts from the waste to the centre of the cross"``."""
    if move.source == "stock" and move.target == "waste":
        return f"turned the stock: {card_name(parse_card(move.card))}"
    if move.source == "waste" and move.target == "stock":
        return "redealt: the waste turned over is the stock again"
    return (f"{card_name(parse_card(move.card))} from {labels.get(move.source, move.source)} "
            f"to {labels.get(move.target, move.target)}")


def _home_run(game: Game) -> list[Move] | None:
    """The moves that finish the game by moving cards home and turning the stock only, or
    ``None`` (see :func:`fourseasons_widget.automove.finishing_run`)."""
    return automove.finishing_run(game.rules, game.state)


def _and_home(n: int) -> str:
    return f" (and {n} card{'s' * (n != 1)} that went home by themselves)" if n > 0 else ""


def _effort(result) -> str:
    """How a solver's line was found, honestly: a line found with no search at all is said so."""
    if result.nodes == 0:
        return "no search needed: only moves home and turns are left"
    return f"{result.nodes:,} positions searched, {result.seconds:.2f} s"


def _locked(method):
    """Run a method under the widget's lock: comm messages may be served on a subshell thread
    while a cell (or the search worker) changes the game."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


# ---------------------------------------------------------------------------------------------


class FourSeasons(FrontEndGate, anywidget.AnyWidget):
    """Four Seasons in a notebook: click, drag or use the keyboard to play.

    Make one from a seed (``FourSeasons(seed=7, variant="czarina")``), a ``Game``
    (``FourSeasons(game=g)``), a deck (``FourSeasons(deck="AS 7H ...")``) or a PySolFC deal
    number (``FourSeasons(pysol=1)``).  The Python API mirrors the model: :meth:`play`,
    :meth:`turn`, :meth:`undo`, :meth:`redo`, :meth:`restart`, :meth:`new_game`, :meth:`hint`,
    :meth:`auto_finish`, :meth:`solve`, :meth:`analyse` and :meth:`review` ("Where did I go
    wrong?", ``review.py``; ``analyse_on_loss=False``: not by itself after a losing move on the
    board), and :attr:`game`.  Observe ``board``, ``ply``, ``status``
    or ``message`` to react to changes (``w.observe(f, "status")``).

    If you change ``w.game`` behind the widget's back (``w.game.play(...)``), call
    :meth:`refresh` to republish it.

    ``auto_home=False`` leaves every card to the player (the toolbar's "Auto home");
    ``stats=False`` records no statistics (or pass a :class:`~fourseasons_widget.stats.Stats`
    store); :meth:`cancel` stops a search running in the background; :meth:`resume` takes up the
    unfinished game of the variant saved in an earlier session.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    frontend_writable = FRONTEND_WRITABLE  # (see channel.py: every other trait is Python's)

    #: the position and everything the front end needs to draw and highlight it
    board = traitlets.Dict().tag(sync=True)
    #: the last announcement or refusal, shown in the status line and read by screen readers
    message = traitlets.Unicode("").tag(sync=True)
    #: ``info`` | ``move`` | ``refusal`` | ``hint`` | ``won`` | ``lost`` | ``busy``
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: counts messages, so that the same refusal twice is announced twice
    message_serial = traitlets.Int(0).tag(sync=True)
    variant = traitlets.Unicode("standard").tag(sync=True)
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    ply = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("playing").tag(sync=True)
    #: a view option: spades black, hearts red, diamonds blue, clubs green
    four_colour = traitlets.Bool(False).tag(sync=True)
    #: a solved line to replay in the browser: {version, verdict, moves, frames, ...} or {}
    replay = traitlets.Dict().tag(sync=True)
    #: what the kernel is busy with ("" | "hint" | "solve" | "auto_finish")
    busy = traitlets.Unicode("").tag(sync=True)
    #: the variants on offer in the picker: [{name, title, summary}]
    variants = traitlets.List().tag(sync=True)
    #: "Where did I go wrong?": {} or the analysis of the game (see ``review.py``)
    analysis = traitlets.Dict().tag(sync=True)
    #: after each move, cards proved safe go home by themselves (and a game whose rest is moves
    #: home and turns finishes itself): see :mod:`fourseasons_widget.automove`
    auto_home = traitlets.Bool(True).tag(sync=True)
    #: set by the front end while the page is hidden: the game's clock stops
    paused = traitlets.Bool(False).tag(sync=True)

    def __init__(self, seed: int | None = None, variant: str = "standard", *,
                 game: Game | None = None, deck: str | Iterable[Any] | None = None,
                 pysol: int | str | None = None, four_colour: bool = False,
                 hint_seconds: float = 1.5, solve_seconds: float = 5.0,
                 analyse_on_loss: bool = True, stats: bool | Stats = True,
                 auto_home: bool = True, **options: str) -> None:
        if sum(x is not None for x in (seed, game, deck, pysol)) > 1:
            raise ValueError("give at most one of seed=, game=, deck= and pysol=")
        if game is None:
            if deck is not None:
                game = Game.from_deck(deck, variant, **options)
            elif pysol is not None:
                game = Game.from_pysol(pysol, variant, **options)
            else:
                game = Game.new(seed=seed, variant=variant, **options)
        elif not isinstance(game, Game):
            raise TypeError(f"game= takes a Game, not {type(game).__name__}")
        self.hint_seconds = _seconds(hint_seconds, "hint_seconds")
        self.solve_seconds = _seconds(solve_seconds, "solve_seconds")
        self._game = game
        self._version = 0
        self._hint: dict[str, Any] | None = None
        self._last: dict[str, Any] | None = None
        self._lines: dict[State, list[Move]] = {}  # solved lines, by the position they start at
        self._syncing = False
        self._in_intent = False
        self._review = Review(self, on_loss=analyse_on_loss)
        self._lock = threading.RLock()
        self._worker = Worker()
        self._said_lost = False
        # statistics and the clock (games played on the board only): see stats.py
        self._tracker = Tracker(stats if isinstance(stats, Stats) else Stats() if stats else None)
        self._tracker.start(game)
        super().__init__(four_colour=four_colour, auto_home=auto_home,
                         variants=[{"name": r.variant, "title": r.title, "summary": r.summary}
                                   for r in VARIANTS.values()])
        self._publish(kind="new")
        self.on_msg(self._on_msg)

    # -- the game ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The :class:`Game` shown (read it freely; after changing it directly, call
        :meth:`refresh`)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game takes a Game, not {type(game).__name__}")
        self._tracker.give_up(self._game)
        self._game = game
        self._tracker.start(game)
        self._lines.clear()
        self._publish(kind="new", message=f"{game.rules.title}: a new game")

    def refresh(self) -> None:
        """Republish the game (after changing :attr:`game` directly)."""
        self._publish(kind="refresh")

    # -- the Python API (mirrors Game) ---------------------------------------------------
    @_locked
    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation such as ``"7H w>c2"``, ``"turn"``).  An illegal
        move raises :class:`IllegalMoveError`; the refusal is also shown on the board.  A move
        made on the board (with :attr:`auto_home` on) is followed by the cards proved safe
        going home by themselves (one undo takes back the move and them); a move played from
        Python is played alone, so that scripts replay lines exactly."""
        try:
            m = self._game.play(move)
        except ValueError as e:
            self._refuse(str(e))
            raise
        follow = []
        if self.auto_home and self._in_intent:  # a move made on the board (not a script's)
            for f in automove.after_move(self._game.rules, self._game.state):
                follow.append(self._game.play(f, auto=True))
        self._after_move(m, "move", follow)
        return m

    def turn(self) -> Move:
        """Turn the next stock card onto the waste."""
        return self.play("turn")

    @_locked
    def undo(self) -> Move:
        """Take back the last move (with the cards that went home by themselves after it)."""
        try:
            m = self._game.undo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        extra = len(self._game._redo) and self._group_size(self._game._redo_auto[::-1]) - 1
        self._publish(kind="undo", move=m,
                      message=f"Took back: {describe_move(m, self._labels())}"
                              + _and_home(extra))
        return m

    @_locked
    def redo(self) -> Move:
        try:
            m = self._game.redo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        group = self._game.last_group
        self._publish(kind="redo", move=m, group=group[1:],
                      message=f"Played again: {describe_move(m, self._labels())}"
                              + _and_home(len(group) - 1))
        return m

    @staticmethod
    def _group_size(auto_flags_oldest_first: list[bool]) -> int:
        n = 1
        for a in auto_flags_oldest_first[1:]:
            if not a:
                break
            n += 1
        return n

    @_locked
    def restart(self) -> None:
        """Back to the deal (the moves can be redone)."""
        self._game.restart()
        self._publish(kind="restart", message="Back to the deal; redo replays the moves")

    @_locked
    def new_game(self, seed: int | None = None, variant: str | None = None,
                 **options: str) -> Game:
        """Deal a new game (a random seed if none; the current variant if none)."""
        variant = variant or self._game.rules.variant
        if not options and variant == self._game.rules.variant:
            options = dict(self._game.rules.option_values)
        game = Game.new(seed=seed, variant=variant, **options)
        return self._deal(game, f"{game.rules.title}: new deal, seed {game.seed}")

    def _deal(self, game: Game, message: str) -> Game:
        """Put a newly dealt game on the board: the search running stops, the game in
        progress counts as given up, the clock starts again."""
        self._worker.cancel()
        self._tracker.give_up(self._game)
        self._game = game
        self._tracker.start(game)
        self._lines.clear()
        self._publish(kind="new", message=message)
        return game

    @_locked
    def deal_number(self, text: str, variant: str | None = None) -> Game:
        """Deal what the toolbar's "Deal #" box holds (:func:`~fourseasons_widget.deal.
        parse_deal_text`): a PySolFC number deals PySolFC's own game, ``rules="pysol"``
        (refused where PySolFC has no such game); ``"seed N"`` a seeded deal."""
        what, value = parse_deal_text(text)
        if what == "seed":
            return self.new_game(seed=value, variant=variant)
        game = Game.from_pysol(value, variant or self._game.rules.variant, rules="pysol")
        return self._deal(game, f"{game.rules.title}: PySolFC deal #{game.pysol}")

    # -- advice from the solver: here and now (Python API) or in the background (the board) --
    def hint(self, max_seconds: float | None = None, *, background: bool = False) -> Hint | Job:
        """Advice for the current position, from the solver (which sees the whole stock:
        perfect-information advice).  Says the game cannot be won only when that is proved.

        ``background=True`` (what the board's Hint button does) runs the search in a worker
        thread and returns its :class:`~fourseasons_widget.background.Job`; the board stays
        live, and the advice is shown when it comes (or dropped if the position has changed)."""
        budget = _seconds(max_seconds, "max_seconds", self.hint_seconds)
        with self._lock:
            g = self._game
            if g.state.is_won:
                h = Hint(None, "won", "The game is won: every card is home")
                self._say(h.text, "won")
                return h
            cached = self._lines.get(g.state)
            if cached is not None or not background:
                line, verdict, nodes = self._solved_line(budget, "hint")
                return self._show_hint(line, verdict, nodes, budget)
            return self._in_background("hint", budget, lambda r: self._show_hint(
                r.moves, r.verdict, r.nodes, budget))

    def _show_hint(self, line: list[Move], verdict: str, nodes: int, budget: float) -> Hint:
        labels = self._labels()
        if verdict == "won" and line:
            m = line[0]
            text = (f"Hint (solver's perfect-information advice — it knows the order of the "
                    f"stock): {describe_move(m, labels)}; a win is {len(line)} moves away")
            h = Hint(m, "won", text)
        elif verdict == "lost":
            h = Hint(None, "lost", f"This position cannot be won: every line was searched "
                                   f"({nodes:,} positions)")
        else:
            m = self._useful_move()
            if m is None:
                h = Hint(None, "unknown", "No move is left")
            else:
                h = Hint(m, "unknown", f"No win found within {budget:g}"
                                       f" s; a useful move: {describe_move(m, labels)}")
        self._hint = ({"move": [h.move.card, h.move.source, h.move.target], "verdict": h.verdict,
                       "text": h.text} if h.move else None)
        if h.verdict == "lost":
            # one verdict: the proof is kept by the game, whose status now says "lost" (the
            # banner), with the search's figures
            self._publish(kind="refresh", message=h.text)
        else:
            self._publish(kind="hint", message=h.text, message_kind="hint", keep_hint=True)
        return h

    def auto_finish(self, max_seconds: float | None = None, *, background: bool = False) -> int:
        """Move cards home while that is safe; returns how many moves were played.

        Safe means proved: either moving cards home and turning the stock is enough to win
        (then all of it is played), or each card sent home keeps a win the solver has proved.
        ``background=True`` runs the search, if one is needed, in the worker (returns 0 then;
        the cards go home when it has proved them safe)."""
        budget = _seconds(max_seconds, "max_seconds", self.hint_seconds)
        with self._lock:
            g = self._game
            if g.state.is_won:
                self._say("The game is won already", "won")
                return 0
            run = _home_run(g)
            if run is not None:
                return self._finish_home(list(run))
            if background and g.state not in self._lines:
                self._in_background("auto_finish", budget,
                                    lambda r: self._finish_home(self._leading_home(r.moves)))
                return 0
        played = 0
        while True:
            with self._lock:
                line, verdict, _ = self._solved_line(budget, "auto_finish")
                if verdict != "won" or not line or not line[0].target.startswith("foundation"):
                    break
                self._game.play(line[0], auto=played > 0)
                played += 1
        with self._lock:
            return self._finish_home([], already=played)

    @staticmethod
    def _leading_home(line: list[Move]) -> list[Move]:
        out = []
        for m in line:
            if not m.target.startswith("foundation"):
                break
            out.append(m)
        return out

    def _finish_home(self, moves: list[Move], already: int = 0) -> int:
        g = self._game
        played = [g.play(m, auto=i > 0 or already > 0) for i, m in enumerate(moves)]
        n = len(played) + already
        if not n:
            self._say("Auto-finish sends cards home only while a win stays proved; from here "
                      "the next move home is not proved safe — play on by hand", "refusal")
            return 0
        self._publish(kind="auto", move=g.history[-n], group=g.history[-n + 1:],
                      message=f"Auto-finish: {n} move{'s' * (n != 1)} "
                              f"played, {g.state.cards_home} cards home")
        return n

    def solve(self, max_seconds: float | None = None, *, background: bool = False):
        """Solve the current position and publish the line for replay in the browser
        (``replay`` trait).  Returns the solver's result (with ``background=True``, what the
        board's Solve button does, the :class:`~fourseasons_widget.background.Job` instead: the
        search runs in a worker thread and the board stays live)."""
        from .search.solver import solve

        budget = _seconds(max_seconds, "max_seconds", self.solve_seconds)
        if background:
            with self._lock:
                return self._in_background("solve", budget,
                                           lambda r: self._show_solution(r, budget))
        with self._lock:
            g = self._game.copy()
        with self._busy("solve"):
            result = solve(g, max_seconds=budget)
        with self._lock:
            if self._game.state != g.state:
                self._say("The board changed during the search: its answer was dropped", "info")
                return result
            self._show_solution(result, budget)
        return result

    def _show_solution(self, result, budget: float) -> None:
        g = self._game
        if result.verdict == "won":
            self._store_line(g.state, result.moves)
            self._publish_line(result.moves, nodes=result.nodes, seconds=result.seconds)
            self._say(f"Solved: a win in {len(result.moves)} moves ({_effort(result)}) — "
                      "perfect-information line; replay it below", "hint")
        elif result.verdict == "lost":
            self.replay = {}
            self._game.record_lost(g.state)
            self._publish(kind="refresh", message=f"This position cannot be won: every line was "
                                                  f"searched ({result.nodes:,} positions)")
        else:
            self.replay = {}
            self._say(f"No win found within {budget:g} s ({result.nodes:,} positions searched); "
                      "the position may still be winnable", "info")

    def cancel(self) -> bool:
        """Stop the search running in the background (Hint, Solve); True if one was running."""
        job = self._worker.cancel()
        if job is None:
            self._say("No search is running", "info")
            return False
        return True

    def _in_background(self, kind: str, budget: float, show) -> Job:
        """Start a search of the current position in the worker; ``show(result)`` is called
        (under the lock) if the position is still the one searched when it ends."""
        from .search.solver import solve

        if self._worker.busy:
            raise IntentError(f"the solver is busy with a {self._worker.busy}: wait, or cancel it")
        snapshot = self._game.copy()
        position = (id(self._game), snapshot.ply, snapshot.state)

        def run(cancel: threading.Event):
            return solve(snapshot, max_seconds=budget, cancel=cancel)

        def done(job: Job, result) -> None:
            with self._lock:
                self.busy = ""
                if isinstance(result, Exception):
                    self._say(f"The search failed: {str(result)[:120]}", "refusal")
                    return
                if result.verdict == "lost":  # a proof stays true: keep it for that position
                    snapshot.record_lost(snapshot.state)
                    if self._game.state == snapshot.state or id(self._game) == position[0]:
                        self._game.record_lost(snapshot.state)
                if result.verdict == "won" and id(self._game) == position[0]:
                    self._store_line(snapshot.state, result.moves)
                if job.cancelled:
                    self._say(f"{kind.replace('_', '-').capitalize()} cancelled after "
                              f"{job.finished - job.started:.2f} s", "info")
                elif job.stale_for((id(self._game), self._game.ply, self._game.state)):
                    if result.verdict == "lost" and self._game.status == "lost":
                        # the proof covers the position now shown (reached from the one
                        # searched): the verdict, once, with the banner
                        self._publish(kind="refresh", message="The search proved this game lost "
                                      f"({result.nodes:,} positions)")
                        return
                    self._say(f"The {kind.replace('_', '-')} was for move {snapshot.ply}; the "
                              f"board has changed since, so its answer was dropped — ask again",
                              "info")
                else:
                    show(result)

        job = self._worker.start(kind, position, run, done)
        self.busy = kind
        return job

    def analyse(self, wait: bool = True):
        """Where did I go wrong?  Analyse the game as played (the moves played and those redo
        would replay) in a worker thread, and show the move list with the turning point on the
        board.  Returns the :class:`~fourseasons_widget.analysis.Analysis` (``wait=False``:
        ``None`` at once, the board shows the result when it comes)."""
        return self._review.start(wait=wait)

    def review(self, ply: int | None = None) -> None:
        """Rewind the board to ``ply`` of the analysed game (default: the turning point) and
        highlight the move played there and the move that would have won; redo returns."""
        a = self._review.analysis
        if ply is None and a is not None:
            ply = a.turning_point
        self._review.go_to(ply)

    def replay_line(self, moves: Iterable[Move | str], message: str | None = None) -> None:
        """Publish a line of moves from the current position (a search result's path, say) for
        replay in the browser, as :meth:`solve` does with the solver's line.  Every move is
        checked first; an illegal one raises ``IllegalMoveError`` and nothing is published."""
        probe = self._game.copy()
        line = [probe.play(m) for m in moves]
        self._publish_line(line)
        self._say(message or f"A line of {len(line)} moves; replay it below", "hint")

    def _publish_line(self, moves: list[Move], *, nodes: int | None = None,
                      seconds: float | None = None) -> None:
        g = self._game
        frames = [position_snapshot(g.rules, g.state)]
        probe = g.copy()
        for m in moves:
            probe.play(m)
            frames.append(position_snapshot(g.rules, probe.state))
        labels = self._labels()
        self.replay = {
            "version": self._version,
            "ply": g.ply,
            "verdict": "won" if probe.state.is_won else "line",
            "nodes": nodes,
            "seconds": None if seconds is None else round(seconds, 3),
            "moves": [[m.card, m.source, m.target, describe_move(m, labels)] for m in moves],
            "frames": frames,
        }

    # -- intents from the front end ------------------------------------------------------
    def handle_intent(self, content: Any) -> bool:
        """Validate and apply one intent (a dict from the front end).  Returns ``True`` when it
        was applied; a refused intent changes nothing, sets :attr:`message` to the reason and
        sends ``{"type": "refused", "reason": ...}`` back to the views."""
        try:
            self._in_intent = True
            kind = self._check_intent(content)
            self._apply_intent(kind, content)
        except (IntentError, ValueError) as e:
            self._in_intent = False
            reason = safe_text(str(e) or "refused")
            self._say(reason, "refusal")
            kind = content.get("type") if isinstance(content, dict) else None
            # (the intent's type is echoed only when it is one: never outside input)
            self.send({"type": "refused", "reason": reason,
                       "intent": kind if isinstance(kind, str) and kind in INTENTS else None})
            return False
        finally:
            self._in_intent = False
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self._last_resort("intent"):
            if content == {"type": "ping"}:  # the board asks whether a kernel is there
                self.send({"type": "pong"})
                return
            with self._lock:
                self.handle_intent(content)

    def _check_intent(self, content: Any) -> str:
        if not isinstance(content, dict):
            raise IntentError("refused: an intent is an object with a 'type'")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in INTENTS:
            shown = quote(kind) if kind is not None else "missing"
            raise IntentError(f"refused: unknown intent type {shown}")
        for key, value in content.items():
            if key not in INTENT_FIELDS:
                raise IntentError(f"refused: an intent has no field {quote(key, 20)}")
            if isinstance(value, str) and len(value) > MAX_TEXT:
                raise IntentError(f"refused: the {quote(key, 20)} field is too long")
            if not (value is None or isinstance(value, str | bool | float) or is_int(value)):
                raise IntentError(f"refused: the {quote(key, 20)} field must be a plain value")
        if kind in VERSIONED:
            ply = content.get("ply")
            if not isinstance(ply, int) or isinstance(ply, bool):
                raise IntentError(f"refused: a {kind} intent must carry the position's ply")
            version = content.get("version")
            if not is_int(version):
                raise IntentError(f"refused: a {kind} intent must carry the position's version "
                                  "(an integer)")
            if ply != self._game.ply or version != self._version:
                raise IntentError(
                    f"refused: that {kind} was meant for an earlier position (ply {quote(ply)}, "
                    f"version {quote(version)}); the board has changed since (now ply "
                    f"{self._game.ply}, version {self._version}) — nothing was done")
        return kind

    def _apply_intent(self, kind: str, c: dict[str, Any]) -> None:
        if kind == "move":
            card, source, target = c.get("card"), c.get("source"), c.get("target")
            if not isinstance(source, str) or not isinstance(target, str):
                raise IntentError("refused: a move names its source and target piles")
            if source == "stock":
                # The stock card is face down: a view never knows it, so it names none, and
                # whether a named card is the next one is never said (nor played on).
                if card is not None:
                    raise IntentError("refused: the stock card is face down; a move from the "
                                      "stock names no card")
                if self._game.state.stock:
                    card = _code(self._game.state.stock[0])
            if not isinstance(card, str):
                raise IntentError("refused: a move names its card, like '7H'")
            self.play(Move(card, source, target))
        elif kind == "turn":
            self.play("turn")
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "restart":
            if not self._game.ply:
                raise IllegalMoveError("this is the deal already: nothing to restart")
            self.restart()
        elif kind == "hint":
            self.hint(background=True)
        elif kind == "auto_finish":
            self.auto_finish(background=True)
        elif kind == "solve":
            self.solve(background=True)
        elif kind == "cancel":
            self.cancel()
        elif kind == "resume":
            self.resume()
        elif kind == "analyse":
            self._review.start(longer=c.get("longer") is True)
        elif kind == "analysis_stop":
            self._review.cancel()
        elif kind == "review":
            self._review.go_to(c.get("at"))
        elif kind == "new_game":
            seed, variant = c.get("seed"), c.get("variant")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                     or not 0 <= seed < 2**53):
                raise IntentError("refused: a seed is a whole number from 0 to 2^53")
            if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
                raise IntentError(f"refused: unknown variant {quote(variant)}")
            self.new_game(seed=seed, variant=variant)
        elif kind == "deal_number":
            variant = c.get("variant")
            if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
                raise IntentError(f"refused: unknown variant {str(variant)[:MAX_TEXT]!r}")
            self.deal_number(c.get("text"), variant)

    # -- publishing ----------------------------------------------------------------------
    def _labels(self) -> dict[str, str]:
        return pile_labels(self._game.rules)

    def _after_move(self, m: Move, kind: str, follow: list[Move] = ()) -> None:
        text = describe_move(m, self._labels())
        text = text[0].upper() + text[1:]
        if follow:
            text += (f"; then {len(follow)} card{'s' * (len(follow) != 1)} went home by "
                     "themselves" if not self._game.state.is_won
                     else "; the rest went home by itself")
        self._publish(kind=kind, move=m, message=text, group=follow)

    def _publish(self, kind: str = "refresh", move: Move | None = None, message: str | None = None,
                 message_kind: str | None = None, keep_hint: bool = False,
                 group: Iterable[Move] = ()) -> None:
        g = self._game
        rules, s = g.rules, g.state
        if kind != "hint":
            self._version += 1
        if not keep_hint:
            self._hint = None
        status = g.status
        if (self._in_intent and kind in ("move", "undo", "redo", "restart")) or kind == "auto":
            self._tracker.moved(g)  # a move on the board: the clock runs, the game is saved
        hidden = {"stock"}  # the stock is face down: its card is not published
        legal = [[None if m.source in hidden else m.card, m.source, m.target]
                 for m in g.legal_moves()]
        snap = position_snapshot(rules, s)
        board = {
            **snap,
            "variant": rules.variant,
            "title": rules.title,
            "summary": rules.summary,
            "layout": rules.layout,
            "pile_kind": rules.pile_kind,
            "pile_names": rules.pile_names,
            "pile_labels": self._labels(),
            "options": rules.option_values,
            "base": RANK_LABELS[s.base] if s.bases is None else "per suit",
            "base_rank": s.base if s.bases is None else None,
            # the suit each corner takes where the rules fix it (PySolFC), else None
            "corner_suits": (None if rules.corner_suits is None
                             else [SUITS[x] for x in rules.corner_suits]),
            "ply": g.ply,
            "version": self._version,
            "status": status,
            "legal": legal,
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "can_auto_finish": status == "playing" and _home_run(g) is not None,
            "seed": g.seed,
            "pysol": g.pysol,
            "hint": self._hint,
            **self._comforts(),
            "last": ({"kind": kind, "move": [move.card, move.source, move.target],
                      # the moves that followed it by themselves (animated one after another)
                      "then": [[f.card, f.source, f.target] for f in group]}
                     if move is not None else {"kind": kind, "move": None}),
        }
        with self.hold_sync():
            self._syncing = True
            try:
                if kind != "hint" and self.replay and self.replay.get("version") != self._version:
                    self.replay = {}
                self.board = board
                self.ply = g.ply
                self.status = status
                self.variant = rules.variant
                self.seed = g.seed
            finally:
                self._syncing = False
            said_lost, self._said_lost = self._said_lost, status == "lost"
            if status in ("won", "lost"):
                self._tracker.finish(g, status)
            if status == "won":
                self._say("Won! The cross has vanished: all 52 cards are home", "won")
            elif status == "lost" and (not said_lost or kind in ("new", "refresh")):
                what = ("No sequence of moves can win from here (proved) — undo, or deal again"
                        if g.ply else "This deal cannot be won (proved) — deal another")
                self._say((message + ". " if message else "") + what, "lost")
            elif message is not None:
                self._say(message, message_kind or ("move" if move is not None else "info"))
        self._review.sync(kind, status)

    def _comforts(self) -> dict[str, Any]:
        """The clock, the variant's statistics and a saved game on offer (see stats.py)."""
        t, g = self._tracker, self._game
        out: dict[str, Any] = {"clock": {"seconds": round(t.seconds, 1), "running": t.running},
                               "stats": None, "resume": None}
        if t.store is None:
            return out
        try:
            out["stats"] = t.store.summary(g.variant).get(g.variant)
            saved = None if t.played_here(g) or g.ply else t.store.unfinished(g.variant)
        except Exception as e:  # a broken store must not break the board
            out["stats_error"] = str(e)[:100]
            return out
        if saved is not None:
            try:
                moves = len(json.loads(saved[0]).get("moves", []))
            except (ValueError, AttributeError):
                moves = 0
            out["resume"] = {"moves": moves, "seconds": round(saved[1], 1)}
        return out

    @_locked
    def resume(self) -> Game:
        """Take up the unfinished game of this variant saved in an earlier session."""
        store = self._tracker.store
        saved = store.unfinished(self._game.variant) if store is not None else None
        if saved is None:
            raise IllegalMoveError("no unfinished game of this variant is saved")
        game = Game.from_json(saved[0])
        self._worker.cancel()
        self._game = game
        self._tracker.start(game, seconds=saved[1])
        self._lines.clear()
        self._publish(kind="new", message=f"{game.rules.title}: the unfinished game resumed at "
                                          f"move {game.ply}")
        return game

    @traitlets.observe("paused")
    def _paused_changed(self, change: dict[str, Any]) -> None:
        self._tracker.pause(bool(change["new"]))

    def _refuse(self, reason: str) -> None:
        # a refusal met while handling an intent is said once, by handle_intent
        if not self._in_intent:
            self._say(reason, "refusal")

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = safe_text(text)
            self.message_kind = kind
            self.message_serial += 1

    @contextlib.contextmanager
    def _busy(self, what: str) -> Iterator[None]:
        self.busy = what  # sent at once, before the search: the views show what is going on
        try:
            yield
        finally:
            self.busy = ""

    # -- the solver, with the lines it found kept for later hints ------------------------
    def _store_line(self, start: State, moves: list[Move]) -> None:
        if len(self._lines) > 5000:
            self._lines.clear()
        probe = Game(start, self._game.rules)
        for i, m in enumerate(moves):
            self._lines[probe.state] = moves[i:]
            probe.play(m)

    def _solved_line(self, max_seconds: float, what: str) -> tuple[list[Move], str, int]:
        s = self._game.state
        line = self._lines.get(s)
        if line is not None:
            return line, "won", 0
        from .search.solver import solve

        with self._busy(what):
            result = solve(self._game, max_seconds=max_seconds)
        if result.verdict == "won":
            self._store_line(s, result.moves)
        elif result.verdict == "lost":
            self._game.record_lost(s)
        return result.moves, result.verdict, result.nodes

    def _useful_move(self) -> Move | None:
        """A legal move that does something: home first, then building or filling from the
        waste, then a pile move that empties a pile, then turning the stock."""
        moves = self._game.legal_moves()
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

    # -- Python-side trait changes -------------------------------------------------------
    @traitlets.observe("variant")
    def _variant_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] == self._game.rules.variant:
            return
        if change["new"] not in VARIANTS:
            self._syncing = True
            self.variant = change["old"]
            self._syncing = False
            raise RulesError(f"unknown variant {quote(change['new'])}; choose one of "
                             f"{', '.join(VARIANTS)}")
        self.new_game(seed=self._game.seed, variant=change["new"])

    @traitlets.observe("seed")
    def _seed_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None or change["new"] == self._game.seed:
            return
        try:
            self.new_game(seed=change["new"])
        except ValueError:  # (a seed Game.new refuses: the trait shows the game's own again)
            self._syncing = True
            try:
                self.seed = self._game.seed
            finally:
                self._syncing = False
            raise

    def __repr__(self) -> str:
        return f"<FourSeasons {self._game!r}>"


__all__ = ["FourSeasons", "Hint", "IntentError", "describe_move", "pile_labels",
           "position_snapshot"]
