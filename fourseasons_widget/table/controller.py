"""The controller of one table: the game, the intents, and the one snapshot the front end shows.

:class:`Table` is plain Python (no traitlets, no front end): it owns the
:class:`~fourseasons_widget.model.game.Game`, turns intents ("move 7H from the waste to cross:2",
"turn the stock", "open the Stats panel") into moves, and produces **one snapshot** of
everything a view shows — the board with its legal moves, the message, the picker's value,
which panel is open, the offers on the banner, the replay, the analysis.  The widget
(:class:`~fourseasons_widget.widget.FourSeasons`) only maps that snapshot to synced traits.

The table checks each intent and hands it to the service it concerns; the services, none of
which knows the widget or imports this module (each takes its table through the one host
interface, :class:`~.host.TableHost`, and is tested without a Table;
``tests/test_package_layout.py`` checks it):

- :class:`~fourseasons_widget.table.recorder.Recorder` — who records (statistics count a game only
  once a person made a move on the board, and only the person's moves), resume, and what the
  board shows of the record (the clock, statistics, history, the saved game on offer);
- :class:`~fourseasons_widget.table.advice.Advisor` — the solver's help: Hint, Auto-finish, Solve and
  the searches behind the Demo and "How could it have been won?";
- :class:`~fourseasons_widget.table.demo.DemoMode` — the solver plays at the view's pace;
- :func:`~fourseasons_widget.table.offers.banner` — the banner and its offers, from the state (what is
  shown is what an ``offer`` intent may take), and the question asked before a new deal;
- :mod:`~fourseasons_widget.table.snapshot` — the picture of a game and of a line to replay, and
  the words for moves;
- :class:`~fourseasons_widget.table.review.Review` — "Where did I go wrong?";
- :class:`~fourseasons_widget.table.rules_choice.RulesChoice` — the player's Rules choice (this
  project's or PySolFC's), which New deal and the picker follow, kept beside the statistics;
- :class:`~fourseasons_widget.table.how_won.HowWon` — "How could it have been won?" and "Back to my
  game";
- :class:`~fourseasons_widget.store.stats.Stats` — tells the table when a game it may show with a
  provisional id is written (:meth:`Table._history_written` republishes the history);
- :class:`~fourseasons_widget.table.background.Worker` — searches beside the board (injected; a
  :class:`~fourseasons_widget.table.background.ForegroundWorker` where there are no threads).

**One lock** (``Table.lock``) guards the game and everything read from it: every intent, every
Python call and every background result takes it, so no search result is applied to a
position other than the one searched, and every verdict a background job finds (a proof of a
loss recorded in the game) is published with the board's state (:meth:`Table.settle`).

>>> seen = []
>>> t = Table(Game.new(seed=7, variant="czarina"), stats=False, on_change=seen.append)
>>> t.view["board"]["ui"]["picker"], t.view["ply"]
('czarina', 0)
>>> t.intent({"type": "turn", "ply": 0, "version": t.view["board"]["version"]})
True
>>> t.view["ply"], "ply" in seen[-1]
(1, True)
>>> t.intent({"type": "panel", "panel": "stats"}), t.view["board"]["ui"]["panel"]
(True, 'stats')
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import automove
from ..budget import Budget, takes_budget
from ..channel import IntentError
from ..model.deal import parse_deal_text
from ..model.game import Game
from ..model.rules import VARIANTS, IllegalMoveError
from ..model.state import Move
from ..store.prefs import for_store as prefs_for_store
from ..store.sessions import default_store
from ..validate import is_int, quote, safe_text
from .advice import Advisor, Hint, seconds_budget
from .advice import effort as _effort  # noqa: F401  (kept importable from here)
from .background import Job, Worker, default_worker
from .demo import Demo, DemoMode
from .how_won import HowWon
from .intents import INTENTS, MAX_TEXT, VERSIONED, allowed_fields, bind, handles
from .losses import prove_late_loss
from .offers import OFFERS, BannerState, question
from .offers import banner as banner_of
from .offers import enabled as offers_enabled
from .recorder import Recorder, ResumeRefused
from .review import Review
from .rules_choice import RulesChoice
from .snapshot import (
    code,
    describe_move,
    game_snapshot,
    line_snapshot,
    pile_labels,
    speak_piles,
)

# (the intents, their fields and which must name the position: one registry, intents.json,
# read here and by the page)
#: the panels a view may open ("" closes them)
PANELS = ("", "stats", "keys", "history")
#: the values a view publishes (the adapter's synced traits)
VIEW_KEYS = ("board", "message", "message_kind", "message_serial", "variant", "seed", "ply",
             "status", "replay", "busy", "analysis")


#: the refusal of a move on a game proved lost (it is over, and counted, as a won one is)
LOST_NO_MOVES = ("the game is over: it was proved lost (no sequence of moves wins from here) "
                 "— undo to play on from before, or deal again")


def _went_home(n: int) -> str:
    """How many cards went home by themselves, in words.

    >>> _went_home(1), _went_home(2)
    ('1 card went home by itself', '2 cards went home by themselves')
    """
    return "1 card went home by itself" if n == 1 else f"{n} cards went home by themselves"


def _and_home(n: int) -> str:
    if n <= 0:
        return ""
    return (" (and 1 card that went home by itself)" if n == 1
            else f" (and {n} cards that went home by themselves)")


def _locked(method):
    def wrapper(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)

    wrapper.__name__, wrapper.__doc__ = method.__name__, method.__doc__
    wrapper.__wrapped__ = method
    return wrapper


class Table:
    """One table: a game, its intents and its snapshot (see the module doc).

    ``on_change(changes)`` is called with the values of :data:`VIEW_KEYS` that changed (all of
    one change at once); ``on_send(message)`` sends a message to the views (a refusal)."""

    def __init__(self, game: Game, *, hint_seconds: float = 1.5, solve_seconds: float = 5.0,
                 analyse_on_loss: bool = True, stats: Any = True, auto_home: bool = True,
                 auto_home_rule: str = "safe",
                 worker: Worker | None = None, given: bool = False,
                 rules: str | None = None,
                 on_change: Callable[[dict[str, Any]], None] | None = None,
                 on_send: Callable[[dict[str, Any]], None] | None = None) -> None:
        """``given``: ``game`` is a position given by code (``FourSeasons(game=...)``,
        ``deck=``, a save) rather than a deal the board made from a seed or a PySolFC number:
        it records and keeps nothing and no saved game is offered over it (see
        :mod:`~fourseasons_widget.table.recorder`).  ``rules``: the rule reading new deals are
        dealt under where the variant has one (``"default"`` or ``"pysol"``; by default the
        game's own, else the one the player chose last, kept beside the statistics)."""
        if not isinstance(game, Game):
            raise TypeError(f"game= takes a Game, not {type(game).__name__}")
        if worker is not None and not isinstance(worker, Worker):
            raise TypeError(f"worker= takes a background.Worker, not {type(worker).__name__}")
        from ..store.stats import Stats

        self.hint_seconds = seconds_budget(hint_seconds, "hint_seconds")
        self.solve_seconds = seconds_budget(solve_seconds, "solve_seconds")
        self.lock = threading.RLock()
        self.worker = worker if worker is not None else default_worker()
        self.on_change = on_change or (lambda changes: None)
        self.on_send = on_send or (lambda message: None)
        self.auto_home = bool(auto_home)
        if auto_home_rule not in automove.RULES:
            raise ValueError(f"auto_home_rule takes one of {', '.join(automove.RULES)}, not "
                             f"{quote(auto_home_rule)}")
        #: which cards go home by themselves: ``"safe"`` (proved never to cost a win) or
        #: ``"all"`` (every card that can, as PySolFC's auto-drop): see automove.py
        self.auto_home_rule = auto_home_rule
        self.view: dict[str, Any] = {"board": {}, "message": "", "message_kind": "info",
                                     "message_serial": 0, "variant": game.variant,
                                     "seed": game.seed, "ply": game.ply, "status": game.status,
                                     "replay": {}, "busy": "", "analysis": {}}
        self._pending: dict[str, Any] = {}
        self._batching = 0
        self._game = game
        self._version = 0
        self.advisor = Advisor(self)  # Hint, Auto-finish, Solve and the searches behind them
        self.demo_mode = DemoMode(self, self.advisor)  # the solver plays, at the view's pace
        self.in_intent = False
        self._resync = False  # (a refusal found the saved game on offer gone: see resume)
        self._said_lost = False
        self._shown: tuple = ()  # (game, ply, status, position) as last published
        self.panel = ""
        self.notice = ""
        self._dismissed = False  # the resume offer was put aside ("Not now")
        # a new deal asked for over a game in progress ({"ask": true}): the intent kept, and
        # the question, until the player confirms or cancels it
        self._asking: tuple[dict[str, Any], str] | None = None
        store = stats if isinstance(stats, Stats) else default_store() if stats else None
        #: the rule reading New deal and the picker deal under (where the variant has one)
        self.rules_choice = RulesChoice(self, prefs_for_store(store), rules)
        # "How could it have been won?" (the player's own game kept meanwhile)
        self.how_won_mode = HowWon(self)
        self.recorder = Recorder(store)
        self.recorder.start(game, given=given)
        if store is not None:  # (a game shown before it was written: its id once it is)
            store.on_written(self._history_written)
        self.review = Review(self, on_loss=analyse_on_loss)
        #: each intent of the registry's table layer → its handler, declared beside the
        #: service that answers it (this table's own: the moves, deals, panel and offers)
        self._handlers = bind("table", self, self.advisor, self.demo_mode, self.how_won_mode,
                              self.review, self.rules_choice)
        self.publish(kind="new")

    # -- the snapshot and its changes ----------------------------------------------------
    def _set(self, key: str, value: Any) -> None:
        with self.lock:
            self.view[key] = value
            self._pending[key] = value
            if not self._batching:
                self._flush()

    def _flush(self) -> None:
        if self._pending:
            changes, self._pending = self._pending, {}
            self.on_change(changes)

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """The changes made inside arrive at the views together."""
        with self.lock:
            self._batching += 1
            try:
                yield
            finally:
                self._batching -= 1
                if not self._batching:
                    self._flush()

    @property
    def analysis(self) -> dict[str, Any]:
        return self.view["analysis"]

    @analysis.setter
    def analysis(self, value: dict[str, Any]) -> None:
        self._set("analysis", value)

    @property
    def replay(self) -> dict[str, Any]:
        return self.view["replay"]

    @replay.setter
    def replay(self, value: dict[str, Any]) -> None:
        self._set("replay", value)

    @property
    def busy(self) -> str:
        return self.view["busy"]

    @busy.setter
    def busy(self, value: str) -> None:
        self._set("busy", value)

    def say(self, text: str, kind: str = "info") -> None:
        with self.batch():
            self._set("message", safe_text(text))
            self._set("message_kind", kind)
            self._set("message_serial", self.view["message_serial"] + 1)

    def labels(self) -> dict[str, str]:
        return pile_labels(self._game.rules)

    # -- the game ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @_locked
    def set_game(self, game: Game) -> None:
        """Show another game (``w.game = g``): the game in progress counts as given up."""
        if not isinstance(game, Game):
            raise TypeError(f"game takes a Game, not {type(game).__name__}")
        self._deal(game, f"{game.rules.title}: a new game", given=True)

    @_locked
    def refresh(self) -> None:
        self.publish(kind="refresh")

    def _history_written(self) -> None:
        """The store has written a finished game (on its writer thread): a history published
        with provisional ids is published again with the ids in the file."""
        with self.lock:
            history = self.view["board"].get("history") or ()
            if any(is_int(r.get("id")) and r["id"] < 0 for r in history):
                self.publish(kind="panel", keep_hint=True, bump=False)

    @_locked
    def settle(self) -> None:
        """Publish again if the snapshot no longer says what the game says (a verdict a search
        recorded in the game; a change made to the game behind the board's back)."""
        g = self._game
        if self._shown != (id(g), g.ply, g.status, id(g.state)):
            self.publish(kind="refresh")
        elif self.how_won_mode.kept is not None:
            # (a search for the deal shown ended: the banner says what it found)
            self._sync_banner()

    # -- moves -----------------------------------------------------------------------------
    @_locked
    def play(self, move: Move | str) -> Move:
        try:
            m = self._game.play(move)
        except ValueError as e:
            self._refuse(speak_piles(str(e), self.labels()))
            raise
        follow = []
        if self.auto_home and self.in_intent:  # a move made on the board (not a script's)
            for f in automove.after_move(self._game.rules, self._game.state,
                                         self.auto_home_rule):
                follow.append(self._game.play(f, auto=True))
        text = describe_move(m, self.labels())
        text = text[0].upper() + text[1:]
        if follow:
            text += (f"; then {_went_home(len(follow))}" if not self._game.state.is_won
                     else "; the rest went home by itself")
        self.publish(kind="move", move=m, message=text, group=follow)
        return m

    @handles("undo", plain=True)
    @_locked
    def undo(self) -> Move:
        try:
            m = self._game.undo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        g = self._game
        extra = len(g._redo) and self._group_size(g._redo_auto[::-1]) - 1
        self.publish(kind="undo", move=m,
                     message=f"Took back: {describe_move(m, self.labels())}" + _and_home(extra))
        return m

    @handles("redo", plain=True)
    @_locked
    def redo(self) -> Move:
        try:
            m = self._game.redo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        group = self._game.last_group
        self.publish(kind="redo", move=m, group=group[1:],
                     message=f"Played again: {describe_move(m, self.labels())}"
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
        self._game.restart()
        self.publish(kind="restart", message="Back to the deal; redo replays the moves")

    @_locked
    def new_game(self, seed: int | None = None, variant: str | None = None,
                 **options: str) -> Game:
        variant = variant or self._game.rules.variant
        if not options:
            options = self.rules_choice.options_for(variant, self._game.rules)
        game = Game.new(seed=seed, variant=variant, **options)
        return self._deal(game, f"{game.rules.title}: new deal, seed {game.seed}")

    def _same_deal(self) -> Game:
        g = self._game
        options = dict(g.rules.option_values)
        if g.pysol is not None:
            return Game.from_pysol(g.pysol, g.variant, **options)
        if g.seed is not None:
            return Game.new(seed=g.seed, variant=g.variant, **options)
        return Game(g.start, g.rules, deck=g.deck)

    def _deal(self, game: Game, message: str, *, given: bool = False,
              keep: tuple[Game, Any] | None = None) -> Game:
        """Put a newly dealt game on the board: the search running stops, the game in
        progress counts as given up, the clock starts again, the panel closes.  ``given``:
        a position given by code, not a deal (it keeps nothing, offers no saved game);
        ``keep``: the player's game "How could it have been won?" keeps meanwhile."""
        self.worker.cancel()
        self.recorder.give_up(self._game)
        self._game = game
        self.recorder.start(game, given=given)
        self.advisor.lines.clear()
        self.panel = ""
        self.notice = ""
        self._dismissed = False
        self._asking = None
        self.how_won_mode.kept = keep
        self.publish(kind="new", message=message)
        return game

    deal = _locked(_deal)  # (the services' way to put a game on the board: see HowWonHost)

    @_locked
    def deal_number(self, text: str, variant: str | None = None) -> Game:
        what, value = parse_deal_text(text)
        if what == "seed":
            return self.new_game(seed=value, variant=variant)
        game = Game.from_pysol(value, variant or self._game.rules.variant, rules="pysol")
        if self.in_intent:  # (a PySolFC deal number typed on the board: PySolFC's rules, for
            self.rules_choice.keep("pysol", save=False)  # this board; the control keeps one)
        return self._deal(game, f"{game.rules.title}: PySolFC deal #{game.pysol}")

    @handles("resume", plain=True)
    @_locked
    def resume(self) -> Game:
        """Take up the unfinished game of this variant saved in an earlier session — never
        over a game in progress on this board, never one another board of this kernel is
        playing, never a record that does not replay to a game in progress of this variant."""
        g = self._game
        if g.ply and g.status == "playing":
            raise IllegalMoveError("a game is in progress on this board: finish it or deal a new "
                                   "one before resuming another (nothing was changed)")
        try:
            game, seconds = self.recorder.take(g.variant, dict(g.rules.option_values))
        except ResumeRefused as e:
            self._refuse(str(e))
            # the offer may be gone now (a bad record discarded): republished only then, once
            # the refused intent has put back what it changed
            if self.in_intent:
                self._resync = True
            else:
                self._sync_banner(fresh=True)
            raise IllegalMoveError(str(e)) from None
        self.worker.cancel()
        self.recorder.give_up(g)
        self._game = game
        self.recorder.start(game, seconds=seconds, person=True)
        self.rules_choice.follow(game)  # (taken up under the rules it was played by)
        self.advisor.lines.clear()
        self.how_won_mode.kept = None
        self.panel = ""
        self.publish(kind="new", message=f"{game.rules.title}: the unfinished game resumed at "
                                         f"move {game.ply}")
        return game

    def pause(self, paused: bool) -> None:
        with self.lock:
            self.recorder.pause(bool(paused))

    # -- the solver's help (advice.py) ------------------------------------------------------
    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def hint(self, budget: Budget | None = None, *, background: bool = False,
             knows_stock: bool = False) -> Hint | Job:
        return self.advisor.hint(budget, background=background, knows_stock=knows_stock)

    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def auto_finish(self, budget: Budget | None = None, *, background: bool = False) -> int:
        """Move cards home while that is safe; returns how many moves were played (see
        :meth:`FourSeasons.auto_finish`).  When it stops short of the win it says why."""
        return self.advisor.auto_finish(budget, background=background)

    @takes_budget({"max_seconds": "seconds"}, honours=("seconds",), number="max_seconds")
    def solve(self, budget: Budget | None = None, *, background: bool = False):
        return self.advisor.solve(budget, background=background)

    def cancel(self) -> bool:
        return self.advisor.cancel()

    # -- demo mode (demo.py) and "how it could have been won" --------------------------------
    @property
    def demo(self) -> Demo | None:
        """The demo running on this table, or ``None``."""
        return self.demo_mode.current

    @_locked
    def demo_action(self, action: str) -> None:
        """``start``, ``pause``, ``resume``, ``step``, ``stop`` or ``take_over``: see
        :meth:`~fourseasons_widget.table.demo.DemoMode.act`."""
        self.demo_mode.act(action)

    def how_won(self, row_id: int, *, give_up: bool = False) -> Game:
        """A lost game of the history, dealt again, with the solver's winning line to replay
        (see :meth:`~fourseasons_widget.table.how_won.HowWon.show`)."""
        return self.how_won_mode.show(row_id, give_up=give_up)

    # -- the review ------------------------------------------------------------------------
    def analyse(self, wait: bool = True):
        return self.review.start(wait=wait)

    def go_to_review(self, ply: int | None = None) -> None:
        with self.lock:
            a = self.review.analysis
            if ply is None and a is not None:
                ply = a.turning_point
            self.review.go_to(ply)

    @_locked
    def replay_line(self, moves: Iterable[Move | str], message: str | None = None) -> None:
        probe = self._game.copy()
        line = [probe.play(m) for m in moves]
        self.publish_line(line)
        self.say(message or f"A line of {len(line)} moves; replay it below", "hint")

    def publish_line(self, moves: list[Move], *, nodes: int | None = None,
                     seconds: float | None = None) -> None:
        with self.lock:
            self.replay = {"version": self._version,
                           **line_snapshot(self._game, moves, nodes=nodes, seconds=seconds)}

    # -- intents ---------------------------------------------------------------------------
    def intent(self, content: Any) -> bool:
        """Validate and apply one intent (a dict from the front end).  Returns ``True`` when
        it was applied; a refused intent changes nothing, says the reason and sends
        ``{"type": "refused", "reason": ...}`` to the views."""
        with self.lock:
            # (what a refused intent must leave as it was: it changes nothing published — the
            # notice is put back as the board shows it, never one set since and not shown, like
            # a late "Auto-finish played nothing…", which a refusal's resync would publish)
            shown = self.view["board"].get("ui") or {}
            kept = (shown.get("notice", "") if "notice" in shown else self.notice, self._asking)
            try:
                self.in_intent = True
                kind = self._check_intent(content)
                if kind != "panel":
                    self.notice = ""
                if kind not in ("panel", "offer"):
                    self._asking = None  # (the player did something else: no longer asked)
                self._handlers[kind](content)
            except (IntentError, ValueError) as e:
                self.in_intent = False
                self.notice, self._asking = kept
                if self._resync:
                    self._resync = False
                    self._sync_banner(fresh=True)
                # (piles named as the move log names them: "the upper-right foundation")
                reason = safe_text(speak_piles(str(e), self.labels()) or "refused")
                self.say(reason, "refusal")
                kind = content.get("type") if isinstance(content, dict) else None
                # (the intent's type is echoed only when it is one: never outside input)
                self.on_send({"type": "refused", "reason": reason,
                              "intent": kind if isinstance(kind, str) and kind in INTENTS
                              else None})
                return False
            finally:
                self.in_intent = False
            self.settle()
            self._sync_banner()  # (an offer shown is one that works: never a stale banner)
            return True

    def _check_intent(self, content: Any) -> str:
        if not isinstance(content, dict):
            raise IntentError("refused: an intent is an object with a 'type'")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in INTENTS:
            shown = quote(kind) if kind is not None else "missing"
            raise IntentError(f"refused: unknown intent type {shown}")
        allowed = allowed_fields(kind)
        for key, value in content.items():
            if key not in allowed:
                raise IntentError(f"refused: a {kind} intent has no field {quote(key, 20)}")
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

    def _over_if_lost(self, move: Move | str) -> None:
        """Refuse a legal move of the board's on a game proved lost (an illegal one is refused
        by its rule).  The game ended at the proof, and was recorded then with its moves: a
        move on from there made the board count one more than the statistics (Moves 79 on the
        board, 78 in Stats, issue 35).  Undo takes the board back into play."""
        g = self._game
        if g.status == "lost" and g.is_legal(move):
            raise IllegalMoveError(LOST_NO_MOVES)

    # -- the intents the table answers itself (the registry's, intents.json; the others are
    # its services' — each declared beside the service that answers it, gathered by bind) --
    @handles("move")
    def _move_intent(self, c: dict[str, Any]) -> None:
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
                card = code(self._game.state.stock[0])
        if not isinstance(card, str):
            raise IntentError("refused: a move names its card, like '7H'")
        self._over_if_lost(Move(card, source, target))
        self.play(Move(card, source, target))

    @handles("turn")
    def _turn_intent(self, c: dict[str, Any]) -> None:
        self._over_if_lost("turn")
        self.play("turn")

    @handles("restart")
    def _restart_intent(self, c: dict[str, Any]) -> None:
        if not self._game.ply:
            raise IllegalMoveError("this is the deal already: nothing to restart")
        self.restart()

    @handles("panel")
    def _panel_intent(self, c: dict[str, Any]) -> None:
        panel = c.get("panel")
        if not isinstance(panel, str) or panel not in PANELS:
            raise IntentError(f"refused: there is no panel {quote(panel)}")
        self.panel = panel
        self.publish(kind="panel", keep_hint=True, bump=False)

    @handles("new_game")
    def _new_game_intent(self, c: dict[str, Any]) -> None:
        seed, variant = c.get("seed"), c.get("variant")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not 0 <= seed < 2**53):
            raise IntentError("refused: a seed is a whole number from 0 to 2^53")
        if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
            raise IntentError(f"refused: unknown variant {quote(variant)}")
        if not self.ask_first(c):
            self.new_game(seed=seed, variant=variant)

    @handles("deal_number")
    def _deal_number_intent(self, c: dict[str, Any]) -> None:
        variant = c.get("variant")
        if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
            raise IntentError(f"refused: unknown variant {str(variant)[:MAX_TEXT]!r}")
        if c.get("ask") is True:
            parse_deal_text(c.get("text"))  # (a deal that cannot be read is refused now)
        if not self.ask_first(c):
            self.deal_number(c.get("text"), variant)

    def ask_first(self, c: dict[str, Any]) -> bool:
        """A new deal asked for with ``"ask": true`` over a game in progress: keep the intent
        and ask the player on the banner (offers confirm / cancel).  True when it was kept."""
        g = self._game
        if c.get("ask") is not True or g.status != "playing" or not g.ply:
            return False
        self._asking = ({k: v for k, v in c.items() if k != "ask"}, question(c, g, MAX_TEXT))
        if c.get("type") == "how_won":
            self.panel = ""  # (asked from the Stats panel: the question is on the banner)
        self.publish(kind="panel", keep_hint=True, bump=False)
        return True

    @handles("offer")
    def _offer_intent(self, c: dict[str, Any]) -> None:
        offer = c.get("id")
        if not isinstance(offer, str) or offer not in OFFERS:
            raise IntentError(f"refused: there is no offer {quote(offer)}")
        if offer not in self._offers_now():  # (what the state offers now, not what was shown)
            raise IntentError(f"refused: the banner offers no {quote(offer)} now")
        if offer == "my_game":
            self.how_won_mode.back_to_my_game()
        elif offer == "confirm" and self._asking is not None:
            kept, self._asking = self._asking[0], None
            self._handlers[kept["type"]]({**kept, "confirmed": True})
        elif offer == "cancel" and self._asking is not None:
            self._asking = None
            self.publish(kind="panel", keep_hint=True, bump=False)
        elif offer == "resume":
            self.resume()
        elif offer == "cancel":
            self._dismissed = True
            self.publish(kind="panel", keep_hint=True, bump=False)
        elif offer == "play_again":
            # (the same position again stays the author's if code gave it)
            self._deal(self._same_deal(), f"{self._game.rules.title}: the same deal again",
                       given=self.recorder.given)
        elif offer == "next_deal":
            self.new_game()
        elif offer == "undo":
            self.undo()

    def _refuse(self, reason: str) -> None:
        # a refusal met while handling an intent is said once, by intent()
        if not self.in_intent:
            self.say(reason, "refusal")

    # -- publishing ------------------------------------------------------------------------
    def _banner_state(self, status: str, resume: dict | None) -> BannerState:
        return BannerState(self._game, status,
                           asking=None if self._asking is None else self._asking[1],
                           resume=resume, dismissed=self._dismissed,
                           back=self.how_won_mode.kept_title(), line=self._how_won_line(),
                           known=self.how_won_mode.known)

    def _how_won_line(self) -> str | None:
        """What the solver found of the deal "How could it have been won?" shows (a search
        stopped before its answer found nothing to promise)."""
        line = self.how_won_mode.line
        if line == "searching" and self.view["busy"] != "solve":
            return None
        return line

    def _ui(self, status: str, resume: dict | None) -> dict[str, Any]:
        g = self._game
        shown = banner_of(self._banner_state(status, resume))
        return {"picker": g.variant, "panel": self.panel, "offers": shown["offers"],
                "banner": shown["banner"], "notice": self.notice,
                "rules": self.rules_choice.control(g)}

    def _offers_now(self) -> set[str]:
        """The offers an ``offer`` intent may take now: those of the banner of the state now
        (with the saved game on offer as last read)."""
        resume = self.view["board"].get("resume")
        return offers_enabled(self._banner_state(self._game.status, resume))

    def _sync_banner(self, fresh: bool = False) -> None:
        """Publish again (the position unchanged: no new version) if the banner published no
        longer says what the state says; ``fresh``: read the saved game on offer again."""
        g = self._game
        board = self.view["board"]
        resume = self.recorder.comforts(g).get("resume") if fresh else board.get("resume")
        if board.get("ui") != self._ui(g.status, resume) or (fresh and
                                                             resume != board.get("resume")):
            self.publish(kind="panel", keep_hint=True, bump=False)

    def commit(self, kind: str = "refresh", move: Move | None = None, message: str | None = None,
               message_kind: str | None = None, keep_hint: bool = False,
               group: Iterable[Move] = (), person: bool | None = None,
               bump: bool = True, demo: bool = False) -> None:
        """The one step after a change of ``kind`` (``move``, ``undo``, ``new``…): a late loss
        asked of the solver, the version bumped for a new position, the game recorded (and
        ended when it is won or lost), then the :meth:`projection` published and the change
        said (the win or the loss announced).  A change that is not a new position
        (``bump=False``, a hint) keeps ``version`` and ``last``: a click already on its way
        stays valid.  (The services call it :meth:`publish`, the host interface's name.)"""
        with self.lock, self.batch():
            g = self._game
            # (a late loss is the solver's to prove, not the model's: asked here, before the
            # snapshot, the recorder and the banner read the game's status)
            prove_late_loss(g)
            new_position = kind != "hint" and bump
            if new_position:
                self._version += 1
            if not keep_hint:
                self.advisor.shown = None
            changed = kind in ("move", "undo", "redo", "restart", "auto", "review")
            if person is None:
                person = self.in_intent and kind in ("move", "undo", "redo", "restart", "auto")
            if changed:
                self.recorder.changed(g, by_person=person, demo=demo)
            status = g.status
            if status in ("won", "lost"):
                self.recorder.finish(g, status)
            self.demo_mode.follow(g)  # (someone else moved: the demo is over)
            shown = self.projection(kind, move, group, new_position=new_position)
            if kind != "hint" and self.replay and self.replay.get("version") != self._version:
                self.replay = {}
            self._set("board", shown.pop("board"))
            self._shown = (id(g), g.ply, status, id(g.state))
            for key, value in shown.items():
                if self.view[key] != value:
                    self._set(key, value)
            said_lost, self._said_lost = self._said_lost, status == "lost"
            if status == "won":
                self.say("Won! The cross has vanished: all 52 cards are home", "won")
            elif status == "lost" and (not said_lost or kind in ("new", "refresh")):
                what = ("No sequence of moves can win from here (proved) — undo, or deal again"
                        if g.ply else "This deal cannot be won (proved) — deal another")
                self.say((message + ". " if message else "") + what, "lost")
            elif message is not None:
                self.say(message, message_kind or ("move" if move is not None else "info"))
            self.review.sync(kind, status)

    #: (the services' name for :meth:`commit`: the host interface's, see host.py)
    publish = commit

    def projection(self, kind: str = "refresh", move: Move | None = None,
                   group: Iterable[Move] = (), *, new_position: bool = False) -> dict[str, Any]:
        """The table's state as the views are shown it: ``{"board": ..., "ply", "status",
        "variant", "seed"}``.  It changes nothing — no version bumped, nothing recorded or
        said (:meth:`commit` does that, then publishes this).  ``kind``, ``move`` and
        ``group`` name the change shown (the board's ``last``); unless it is a
        ``new_position``, the ``last`` published stands."""
        with self.lock:
            g = self._game
            status = g.status
            comforts = self.recorder.comforts(g)
            board = {
                **game_snapshot(g, status),
                "version": self._version,
                "hint": self.advisor.shown,
                **comforts,
                "ui": self._ui(status, comforts.get("resume")),
                "demo": self.demo_mode.snapshot(g),
                "last": ({"kind": kind, "move": [move.card, move.source, move.target],
                          # the moves that followed it by themselves (animated one by one)
                          "then": [[f.card, f.source, f.target] for f in group]}
                         if move is not None else {"kind": kind, "move": None}),
            }
            if not new_position and self.view["board"].get("last") is not None:
                board["last"] = self.view["board"]["last"]
            return {"board": board, "ply": g.ply, "status": status,
                    "variant": g.rules.variant, "seed": g.seed}

__all__ = ["INTENTS", "OFFERS", "PANELS", "VIEW_KEYS", "Hint", "Table", "seconds_budget"]
