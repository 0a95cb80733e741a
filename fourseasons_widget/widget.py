"""``FourSeasons``: the board as a Jupyter widget (anywidget), a thin adapter over a table.

The truth is the table's controller, :class:`~fourseasons_widget.table.controller.Table` (plain
Python: the game, the intents, one snapshot of everything a view shows).  This adapter maps
that snapshot to synced traits, the front end's messages to intents (through the one gate,
:mod:`~fourseasons_widget.channel`) and keeps the Python API (``w.play``, ``w.undo``,
``w.game``, ``w.hint()``…).  The front end (``js/``, shipped as ``static/widget.js``) renders
the snapshot and sends *intents* — "move 7H from the waste to cross:2", "turn the stock".
Every intent that acts on the position carries its version (``ply`` and ``version``); a stale,
forged or garbled intent is refused with a message and changes nothing.

>>> w = FourSeasons(seed=7, variant="czarina")
>>> w.board["layout"], w.ply, w.board["ui"]["picker"]
('cross', 0, 'czarina')
>>> m = w.play("turn")
>>> w.ply, w.board["waste"][-1] == m.card
(1, True)
>>> _ = w.undo()
>>> w.ply
0

All state lives in traits, so two views of one widget stay in sync and a notebook saved with
its widget state (or exported to static HTML) can rebuild the board.

**Threads.**  Several threads touch a board at once: the kernel's main thread (a cell's
``w.play``, ``w.variant = ...``), the thread serving comm messages (intents, the view
options among them; a subshell serves them beside the main thread), the worker (a
search's result applied and published from its thread) and the analysis.  Every one of them
takes the table's one lock (``Table.lock``, re-entrant) before it touches the synced traits:
the table publishes under it, and this adapter takes it for every message from the front end
(:meth:`_handle_msg`, :meth:`set_state`), for every window in which traitlets holds this
widget's notifications (:meth:`hold_trait_notifications`: on leaving it, traitlets writes back
each trait changed meanwhile with the value it read a moment before, so a board published by
another thread in that moment was overwritten with an older one — issue 27) and for every
trait change's notification (:meth:`notify_change`: ipywidgets' bookkeeping of what to send,
and the observers).  Whether a change is the table's own publishing is said per thread
(:meth:`_publishing`).  Where there are no threads (Pyodide) the lock is never contended.
"""

from __future__ import annotations

import contextlib
import copy
import pathlib
import threading
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from . import preview
from .budget import Budget, takes_budget
from .channel import FrontEndGate, IntentError
from .model.game import Game
from .model.rules import VARIANTS, RulesError
from .model.state import Move
from .store import prefs, sessions
from .store.stats import Stats
from .table.background import Job, Worker
from .table.controller import (
    Hint,
    Table,
    _effort,  # noqa: F401  (kept importable from here)
)
from .table.controller import seconds_budget as _seconds
from .table.intents import (
    INTENT_FIELDS,
    INTENTS,
    MAX_TEXT,
    VERSIONED,
    WIDGET_INTENTS,
    bind,
    handles,
)
from .table.snapshot import describe_move, pile_labels, position_snapshot
from .validate import quote, safe_text

STATIC = pathlib.Path(__file__).parent / "static"
if not (STATIC / "widget.js").is_file():  # a source checkout without the built front end
    raise ImportError(
        f"the widget's front end is not built ({STATIC / 'widget.js'} is missing): run "
        "`pip install -e .` (which builds it) or `cd js && npm install && npm run build`")

#: the view options' choices (checked on their intent: see VIEW_OPTIONS below)
CARD_FACES = prefs.CARD_FACES
AUTO_HOME_RULES = prefs.CHOICES["auto_home_rule"]  # ("safe", "all"): see automove.py
TABLE_COLOURS = prefs.TABLE_COLOURS
PILE_VIEWS = prefs.PILE_VIEWS
#: the order in which a change's traits are set (a message's kind before its text)
_ORDER = {"message_kind": 0, "message": 2, "message_serial": 3}
#: the traits a front end may write, with the type each takes; every other trait is Python's
#: to publish, and a front-end update of one is refused and Python's value re-sent
#: (``_view_count``: ipywidgets' own count of views, sent by front ends when it is enabled).
#: The view options (:data:`VIEW_OPTIONS`) are not among them: the board's view sends a
#: ``view_option`` intent, which Python checks and applies (see :meth:`FourSeasons._on_msg`)
FRONTEND_WRITABLE: dict[str, type] = {"paused": bool, "seen": int, "_view_count": int}
#: the view options: the View panel's and the toolbar's choices, each a trait Python publishes
#: and changes on a ``{"type": "view_option", "name": ..., "value": ...}`` intent
VIEW_OPTIONS: tuple[str, ...] = prefs.VIEW
#: each view option's choices (checked on the intent; ``four_colour``, ``sounds`` and
#: ``auto_home`` take ``True`` or ``False``)
FRONTEND_CHOICES: dict[str, tuple[Any, ...]] = {name: prefs.CHOICES[name] for name in VIEW_OPTIONS}
# (WIDGET_INTENTS, from the registry table/intents.json: the custom messages this board takes
# from a front end besides the intents of the table; published with them in the ``intents``
# trait, so that a newer front end knows what an older kernel takes: a view option is written
# as a trait to a kernel that does not take the intent)

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

    Statistics (``stats=False``: none; or pass a :class:`~fourseasons_widget.store.stats.Stats`
    store) count only games in which a person made a move on the board: a board built or
    driven from Python records nothing.  A position given by code (``game=``, ``deck=``, a
    loaded save, ``w.game = g``) is the author's: it never records, never touches the player's
    saved game, and no "resume" offer covers it; a board dealt from a seed, a PySolFC number or
    at random offers the saved game while it stands untouched at the deal (see
    :mod:`~fourseasons_widget.table.recorder`).  ``auto_home=False`` leaves every card to the player
    (the toolbar's "Auto home"); :meth:`cancel` stops a search running in the background;
    :meth:`resume` takes up the unfinished game of the variant saved in an earlier session.
    ``worker=`` takes another :class:`~fourseasons_widget.table.background.Worker` (by default a
    thread where threads work, else a foreground one, as in Pyodide).
    """

    #: the table's one lock, once there is a table (every thread takes it: see the module doc)
    _lock: Any = contextlib.nullcontext()
    #: the state update the comm brought last (see :meth:`_handle_msg`), and whether one is
    #: being handled now
    _delivered: Any = None
    _in_comm: bool = False
    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    frontend_writable = FRONTEND_WRITABLE  # (see channel.py: every other trait is Python's)

    #: the position and everything the front end needs to draw and highlight it (the
    #: controller's snapshot: ``board["ui"]`` holds the picker, the panel, the banner)
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
    #: a view option: the card faces ("classic", or "large" corner indices)
    card_face = traitlets.Enum(CARD_FACES, "classic").tag(sync=True)
    #: a view option: the table's colour ("theme": JupyterLab's own background)
    table_colour = traitlets.Enum(TABLE_COLOURS, "green").tag(sync=True)
    #: a view option: the tableau's piles "fanned" (every card's corner shows) or "stacked"
    #: (the top card and a count, as PySolFC draws Four Seasons: larger cards where the
    #: notebook's height binds)
    piles = traitlets.Enum(PILE_VIEWS, "fanned").tag(sync=True)
    #: a view option: sounds made in the browser (off by default)
    sounds = traitlets.Bool(False).tag(sync=True)
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
    #: a view option: which cards go home by themselves — ``"safe"`` (only those proved never
    #: to cost a win; the default) or ``"all"`` (every card that can, as PySolFC's auto-drop)
    auto_home_rule = traitlets.Enum(AUTO_HOME_RULES, "safe").tag(sync=True)
    #: set while the page is hidden: the game's clock stops (the front end sends a ``pause``
    #: intent, not a write of this trait: marimo re-runs no cell for a hidden tab; a write of
    #: it from an older front end is still taken)
    paused = traitlets.Bool(False).tag(sync=True)
    #: written by the front end when Python's answer to one of its intents arrives (the
    #: board's new version; Python only keeps it).  The one front-end write a move makes: in
    #: marimo, ``mo.ui.anywidget(FourSeasons(...)).value`` (``board``, ``ply``, ``status``...)
    #: is read again by the cells that use it after each move the player makes on the board
    seen = traitlets.Int(0).tag(sync=True)
    #: the intents this board takes from a front end (Python's to publish): a front end sends
    #: a view option as a ``view_option`` intent where it is listed, and writes the trait of
    #: an older board, which has no such intent
    intents = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, seed: int | None = None, variant: str = "standard", *,
                 game: Game | None = None, deck: str | Iterable[Any] | None = None,
                 pysol: int | str | None = None, four_colour: bool | None = None,
                 hint_seconds: float = 1.5, solve_seconds: float = 5.0,
                 analyse_on_loss: bool = True, stats: bool | Stats = True,
                 auto_home: bool | None = None, worker: Worker | None = None,
                 card_face: str | None = None, table_colour: str | None = None,
                 sounds: bool | None = None, auto_home_rule: str | None = None,
                 piles: str | None = None, **options: str) -> None:
        if sum(x is not None for x in (seed, game, deck, pysol)) > 1:
            raise ValueError("give at most one of seed=, game=, deck= and pysol=")
        given = game is not None or deck is not None  # a position the code fixed, not a deal
        # the player's choices kept beside the statistics (none with statistics off); what
        # this call passes wins over them
        # (by default the player's own file; in an app served by ``marimo run``, the
        # session's own store: store/sessions.py)
        store = stats if isinstance(stats, Stats) else sessions.default_store() if stats else None
        self._prefs = prefs.for_store(store)
        kept = self._prefs.load() if self._prefs is not None else {}
        view = {name: kept.get(name, prefs.DEFAULTS[name]) for name in prefs.VIEW}
        for name, value in (("four_colour", four_colour), ("auto_home", auto_home),
                            ("card_face", card_face), ("table_colour", table_colour),
                            ("sounds", sounds), ("auto_home_rule", auto_home_rule),
                            ("piles", piles)):
            if value is not None:
                view[name] = value
        if (game is None and deck is None and seed is None and pysol is None and not options
                and "rules" in kept and variant in VARIANTS
                and "rules" in dict(VARIANTS[variant].options)):
            # a board that deals for the player follows the rules they chose; a deal the code
            # fixed (seed=, pysol=, deck=, game=: a lesson's, an exercise's) keeps its rules
            options = {"rules": kept["rules"]}
        if game is None:
            if deck is not None:
                game = Game.from_deck(deck, variant, **options)
            elif pysol is not None:
                game = Game.from_pysol(pysol, variant, **options)
            else:
                game = Game.new(seed=seed, variant=variant, **options)
        elif not isinstance(game, Game):
            raise TypeError(f"game= takes a Game, not {type(game).__name__}")
        self._local = threading.local()  # (per thread: the depth of the table's publishing)
        self._table: Table | None = None
        self._early: dict[str, Any] = {}
        table = Table(game, hint_seconds=hint_seconds, solve_seconds=solve_seconds,
                      analyse_on_loss=analyse_on_loss, stats=store if store is not None else False,
                      auto_home=bool(view["auto_home"]), worker=worker, given=given,
                      auto_home_rule=view["auto_home_rule"],
                      on_change=self._apply, on_send=self._send_to_views)
        self._lock = table.lock  # the one lock: the table's, for the traits too
        super().__init__(four_colour=bool(view["four_colour"]), auto_home=bool(view["auto_home"]),
                         card_face=view["card_face"], table_colour=view["table_colour"],
                         piles=view["piles"],
                         sounds=bool(view["sounds"]), auto_home_rule=view["auto_home_rule"],
                         intents=[*INTENTS, *WIDGET_INTENTS],
                         variants=[{"name": r.variant, "title": r.title, "summary": r.summary}
                                   for r in VARIANTS.values()])
        self._table = table
        #: the registry's widget intents (a ping, the page's pause, a view option) → their
        #: handlers, below; every other intent is the table's
        self._own_intents = bind("widget", self)
        self._apply(dict(table.view))
        self.on_msg(self._on_msg)

    # -- the snapshot → traits -----------------------------------------------------------
    @property
    def _syncing(self) -> bool:
        """True while *this thread* is setting the traits from the table's snapshot."""
        return getattr(self.__dict__.get("_local"), "depth", 0) > 0

    @contextlib.contextmanager
    def _publishing(self):
        """Trait writes that are the table's own publishing (the observers let them be)."""
        local = self._local
        local.depth = getattr(local, "depth", 0) + 1
        try:
            yield
        finally:
            local.depth -= 1

    def _apply(self, changes: dict[str, Any]) -> None:
        """The table's snapshot changed: set the traits (together, one message)."""
        if getattr(self, "_table", None) is None:  # (during the table's own construction)
            return
        view = self._table.view
        with self._lock, self.hold_sync(), self._publishing():
            # (the kind of a message first: whoever watches ``message`` reads its kind)
            for key, value in sorted(changes.items(), key=lambda kv: _ORDER.get(kv[0], 1)):
                # the table's value now, not the one this change was made with: an observer
                # may have published again meanwhile, and the older value must not win
                setattr(self, key, view.get(key, value))

    # -- every thread's trait writes under the one lock -----------------------------------
    @contextlib.contextmanager
    def hold_trait_notifications(self):
        """traitlets' window of held notifications (a front end's state update, the
        construction), under the lock: while it is open, no other thread publishes."""
        with self._lock, super().hold_trait_notifications():
            yield

    def notify_change(self, change: Any) -> None:
        """A trait changed (in any thread): ipywidgets' bookkeeping of what the views are
        sent, and the observers, under the lock."""
        with self._lock:
            super().notify_change(change)

    def _handle_msg(self, msg: Any) -> None:
        """A message from the front end (the comm's thread), handled under the lock.  A state
        update that comes through here is kept (:attr:`_delivered`): marimo delivers each
        front-end write twice — to the comm, then again as the UI element's value
        (``mo.ui.anywidget``'s ``_convert_value`` calls :meth:`set_state`) — and the second
        delivery of the write just applied is recognised in :meth:`set_state` and dropped, so
        every write is applied (and every refusal said) once."""
        with self._lock:
            self._delivered = None
            self._in_comm = True
            try:
                super()._handle_msg(msg)
            finally:
                self._in_comm = False
            content = msg.get("content") if isinstance(msg, dict) else None
            data = content.get("data") if isinstance(content, dict) else None
            if (isinstance(data, dict) and data.get("method") == "update"
                    and isinstance(data.get("state"), dict)):
                with contextlib.suppress(Exception):  # (an unreadable state: nothing to match)
                    self._delivered = copy.deepcopy(data["state"])

    def _send_to_views(self, message: dict[str, Any]) -> None:
        if getattr(self, "_table", None) is not None:
            self.send(message)

    # -- what the gate and the tests reach -----------------------------------------------
    @property
    def table(self) -> Table:
        """The controller of this table (plain Python; see :mod:`~fourseasons_widget.table.controller`)."""
        return self._table

    @property
    def _review(self):
        return self._table.review

    @property
    def _worker(self) -> Worker:
        return self._table.worker

    @property
    def _tracker(self):
        return self._table.recorder

    @property
    def _in_intent(self) -> bool:
        return self._table.in_intent if self._table is not None else False

    @_in_intent.setter
    def _in_intent(self, value: bool) -> None:
        if self._table is not None:
            self._table.in_intent = value

    def _say(self, text: str, kind: str = "info") -> None:
        self._table.say(text, kind)

    def _publish(self, kind: str = "refresh", message: str | None = None,
                 message_kind: str | None = None, **kw: Any) -> None:
        self._table.publish(kind=kind, message=message, message_kind=message_kind, **kw)

    def _labels(self) -> dict[str, str]:
        return self._table.labels()

    @property
    def hint_seconds(self) -> float:
        return self._table.hint_seconds

    @hint_seconds.setter
    def hint_seconds(self, value: float) -> None:
        self._table.hint_seconds = _seconds(value, "hint_seconds")

    @property
    def solve_seconds(self) -> float:
        return self._table.solve_seconds

    @solve_seconds.setter
    def solve_seconds(self, value: float) -> None:
        self._table.solve_seconds = _seconds(value, "solve_seconds")

    def set_state(self, sync_data: Any) -> None:
        """A state update from a front end: the gate's checks (a view option is refused: it
        changes by an intent, :meth:`_view_option`)."""
        with self._lock:
            delivered, self._delivered = self._delivered, None
            if not self._in_comm and delivered is not None and sync_data == delivered:
                return  # (marimo's second delivery of the write the comm just brought)
            self._set_state(sync_data)

    def _set_state(self, sync_data: Any) -> None:
        if isinstance(sync_data, dict):
            forged = [k for k in VIEW_OPTIONS if k in sync_data]
            if forged:
                # (an older front end, or a forged write: Python's value stands, and is sent
                # back so that every view shows it again)
                sync_data = {k: v for k, v in sync_data.items() if k not in forged}
                self.send_state(forged)
                kept = "; ".join(f"{k} stays {str(getattr(self, k)).lower()}" for k in forged)
                self._say(safe_text(f"Refused: the front end may not set {', '.join(forged)} — "
                                    f"a view option changes by the board's view_option intent, "
                                    f"which Python checks ({kept})"), "refusal")
                if not sync_data:
                    return
        super().set_state(sync_data)

    def _view_option(self, content: dict[str, Any]) -> None:
        """A view option the player changed on the board (the View panel, the toolbar's
        toggles): checked, applied to the trait, and kept for the player's next boards."""
        if set(content) != {"type", "name", "value"}:
            raise IntentError("refused: a view_option intent is {type: 'view_option', name, "
                              "value}")
        name = content["name"]
        if not isinstance(name, str) or name not in VIEW_OPTIONS:
            raise IntentError(f"refused: there is no view option {quote(name, 30)}; the view "
                              f"options: {', '.join(VIEW_OPTIONS)}")
        try:
            value = prefs.check(name, content["value"])
        except ValueError as e:
            raise IntentError(f"refused: {e}") from None
        with self._lock:
            setattr(self, name, value)
            if self._prefs is not None:
                with contextlib.suppress(ValueError):
                    self._prefs.save(name, value)

    # -- the game ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The :class:`Game` shown (read it freely; after changing it directly, call
        :meth:`refresh`)."""
        return self._table.game

    @game.setter
    def game(self, game: Game) -> None:
        self._table.set_game(game)

    def refresh(self) -> None:
        """Republish the game (after changing :attr:`game` directly)."""
        self._table.refresh()

    # -- the Python API (mirrors Game) ---------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation such as ``"7H w>c2"``, ``"turn"``).  An illegal
        move raises :class:`IllegalMoveError`; the refusal is also shown on the board.  A move
        made on the board (with :attr:`auto_home` on) is followed by the cards proved safe
        going home by themselves (one undo takes back the move and them); a move played from
        Python is played alone, so that scripts replay lines exactly."""
        return self._table.play(move)

    def turn(self) -> Move:
        """Turn the next stock card onto the waste."""
        return self.play("turn")

    def undo(self) -> Move:
        """Take back the last move (with the cards that went home by themselves after it)."""
        return self._table.undo()

    def redo(self) -> Move:
        return self._table.redo()

    def restart(self) -> None:
        """Back to the deal (the moves can be redone)."""
        self._table.restart()

    def new_game(self, seed: int | None = None, variant: str | None = None,
                 **options: str) -> Game:
        """Deal a new game (a random seed if none; the current variant if none)."""
        return self._table.new_game(seed=seed, variant=variant, **options)

    def deal_number(self, text: str, variant: str | None = None) -> Game:
        """Deal what the toolbar's "Deal #" box holds (:func:`~fourseasons_widget.model.deal.
        parse_deal_text`): a PySolFC number deals PySolFC's own game, ``rules="pysol"``
        (refused where PySolFC has no such game); ``"seed N"`` a seeded deal."""
        return self._table.deal_number(text, variant)

    def resume(self) -> Game:
        """Take up the unfinished game of this variant saved in an earlier session (refused
        while a game is in progress on this board)."""
        return self._table.resume()

    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def hint(self, budget: Budget | None = None, *, background: bool = False,
             knows_stock: bool = False) -> Hint | Job:
        """Advice for the current position.  By default **fair**: the fair Monte-Carlo
        player's move (:mod:`~fourseasons_widget.solver.fair`), decided from what the player
        has seen — never from the order of the face-down stock — with its estimate in words
        ("about 40% of the stock orders consistent with what you have seen are won after this
        move") and the number of sampled orders it used; asked again at the same position, the
        next move the samples won with (a cycle of a few).  ``knows_stock=True``: the
        solver's perfect-information hint ("Solver's hint: knows the stock"), which says the
        game cannot be won only when that is proved.  A turn of the stock is advised as "turn
        the stock" (its card is face down).

        ``background=True`` (what the board's Hint button does) runs the search in the worker
        and returns its :class:`~fourseasons_widget.table.background.Job`; the board stays live, and
        the advice is shown when it comes (or dropped if the position has changed).

        ``budget``: a :class:`~fourseasons_widget.budget.Budget` whose seconds bound the search
        (``None``: the board's ``hint_seconds``)."""
        return self._table.hint(budget, background=background, knows_stock=knows_stock)

    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def auto_finish(self, budget: Budget | None = None, *, background: bool = False) -> int:
        """Move cards home while that is safe; returns how many moves were played, and says
        why it stopped when it stops short of the win.

        Safe means proved: either moving cards home and turning the stock is enough to win
        (then all of it is played), or each card sent home keeps a win the solver has proved.
        ``background=True`` runs the search, if one is needed, in the worker (returns 0 then;
        the cards go home when it has proved them safe).  ``budget``: as :meth:`hint`."""
        return self._table.auto_finish(budget, background=background)

    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def solve(self, budget: Budget | None = None, *, background: bool = False):
        """Solve the current position and publish the line for replay in the browser
        (``replay`` trait).  Returns the solver's result (with ``background=True``, what the
        board's Solve button does, the :class:`~fourseasons_widget.table.background.Job` instead).
        ``budget``: a :class:`~fourseasons_widget.budget.Budget` whose seconds bound the search
        (``None``: the board's ``solve_seconds``)."""
        return self._table.solve(budget, background=background)

    def cancel(self) -> bool:
        """Stop the search running in the background (Hint, Solve); True if one was running."""
        return self._table.cancel()

    def analyse(self, wait: bool = True):
        """Where did I go wrong?  Analyse the game as played (the moves played and those redo
        would replay) beside the board, and show the move list with the turning point on the
        board.  Returns the :class:`~fourseasons_widget.analysis.Analysis` (``wait=False``:
        ``None`` at once, the board shows the result when it comes)."""
        return self._table.analyse(wait=wait)

    def review(self, ply: int | None = None) -> None:
        """Rewind the board to ``ply`` of the analysed game (default: the turning point) and
        highlight the move played there and the move that would have won; redo returns."""
        self._table.go_to_review(ply)

    def replay_line(self, moves: Iterable[Move | str], message: str | None = None) -> None:
        """Publish a line of moves from the current position (a search result's path, say) for
        replay in the browser, as :meth:`solve` does with the solver's line.  Every move is
        checked first; an illegal one raises ``IllegalMoveError`` and nothing is published."""
        self._table.replay_line(moves, message)

    def demo(self, action: str = "start") -> None:
        """Demo mode: ``"start"`` (the solver finds a win; the board's view plays it at a
        watchable pace), ``"pause"``, ``"resume"``, ``"step"``, ``"stop"`` (back to where it
        began) or ``"take_over"`` (play on from there).  The demo's moves record nothing."""
        self._table.demo_action(action)

    def how_won(self, row_id: int) -> Game:
        """Deal a lost game of the statistics' history again (``board["history"]``, by its
        ``id``) with the solver's winning line to replay: how it could have been won."""
        return self._table.how_won(row_id)

    # -- intents from the front end ------------------------------------------------------
    def handle_intent(self, content: Any) -> bool:
        """Validate and apply one intent (a dict from the front end).  Returns ``True`` when it
        was applied; a refused intent changes nothing, sets :attr:`message` to the reason and
        sends ``{"type": "refused", "reason": ...}`` back to the views.  A ``view_option``
        intent (``{"type": "view_option", "name": "card_face", "value": "large"}``) sets a
        view option (:data:`VIEW_OPTIONS`), kept for the player's next boards.  The board's
        ``ping`` and ``pause`` are answered here too (a malformed one is said, not answered:
        the page awaits no answer to them)."""
        kind = content.get("type") if isinstance(content, dict) else None
        own = self._own_intents.get(kind) if isinstance(kind, str) else None
        if own is None:
            return self._table.intent(content)
        try:
            own(content)
        except IntentError as e:
            reason = safe_text(str(e), 200)
            self.log.info("%s", reason)
            self._say(reason, "refusal")
            if kind == "view_option":  # (answered: the page shows Python's value again)
                self.send({"type": "refused", "reason": reason, "intent": kind})
            return False
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self._last_resort("intent"):
            self.handle_intent(content)

    # -- the intents the widget answers itself (the registry's widget layer) -------------
    @handles("ping")
    def _ping_intent(self, content: dict[str, Any]) -> None:
        """The board asks whether a kernel is there."""
        if set(content) != {"type"}:
            raise IntentError("refused: a ping is {type: 'ping'} alone")
        self.send({"type": "pong"})

    @handles("pause")
    def _pause_intent(self, content: dict[str, Any]) -> None:
        """The page is hidden or shown again: the clock stops or goes on."""
        paused = content.get("paused")
        if set(content) != {"type", "paused"} or not isinstance(paused, bool):
            raise IntentError("refused: a pause intent is {type: 'pause', paused: true or "
                              "false}")
        self.paused = paused

    @handles("view_option")
    def _view_option_intent(self, content: dict[str, Any]) -> None:
        self._view_option(content)

    # -- trait changes made in Python (or by a view option's intent) ----------------------
    # (each observer reads the trait's value now: two threads' writes may be notified in
    # another order than they were made)
    @traitlets.observe("paused")
    def _paused_changed(self, change: dict[str, Any]) -> None:
        if self._table is not None:
            self._table.pause(bool(self.paused))

    @traitlets.observe("auto_home")
    def _auto_home_changed(self, change: dict[str, Any]) -> None:
        if self._table is not None:
            self._table.auto_home = bool(self.auto_home)

    @traitlets.observe("auto_home_rule")
    def _auto_home_rule_changed(self, change: dict[str, Any]) -> None:
        if self._table is not None:
            self._table.auto_home_rule = self.auto_home_rule

    @traitlets.observe("variant")
    def _variant_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or self._table is None or change["new"] == self.game.rules.variant:
            return
        if change["new"] not in VARIANTS:
            with self._publishing():  # (the trait shows the game's own again)
                self.variant = self._table.view["variant"]
            raise RulesError(f"unknown variant {quote(change['new'])}; choose one of "
                             f"{', '.join(VARIANTS)}")
        self.new_game(seed=self.game.seed, variant=change["new"])

    @traitlets.observe("seed")
    def _seed_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or self._table is None or change["new"] == self.game.seed:
            return
        if change["new"] is None:  # (no seed is no deal: the trait shows the game's own)
            with self._publishing():
                self.seed = self._table.view["seed"]
            return
        try:
            self.new_game(seed=change["new"])
        except ValueError:  # (a seed Game.new refuses: the trait shows the game's own again)
            with self._publishing():
                self.seed = self._table.view["seed"]
            raise

    # (the other traits are the table's to publish: a change made in Python is undone)
    @traitlets.observe("board", "ply", "status", "message", "message_kind", "message_serial",
                       "replay", "busy", "analysis")
    def _published_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or self._table is None:
            return
        name = change["name"]
        if name in ("replay", "analysis"):  # (these two may be cleared or set by a script)
            self._table.view[name] = getattr(self, name)
            return
        with self._publishing():  # (the table's value again, on the widget and the views)
            setattr(self, name, self._table.view[name])

    def __repr__(self) -> str:
        return f"<FourSeasons {self.game!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # beside the widget's view, the deal for the preview that plays before Python is
        # ready (preview.py: a seed or PySolFC deal only, never a position given by code)
        bundle = super()._repr_mimebundle_(**kwargs)
        if not bundle or self._table is None:
            return bundle
        return preview.add_preview(bundle, self.game, given=self._table.recorder.given)


__all__ = ["CARD_FACES", "FRONTEND_CHOICES", "FRONTEND_WRITABLE", "INTENTS", "INTENT_FIELDS",
           "MAX_TEXT", "TABLE_COLOURS", "VERSIONED", "VIEW_OPTIONS", "WIDGET_INTENTS",
           "FourSeasons", "Hint", "IntentError", "describe_move", "pile_labels",
           "position_snapshot"]
