"""Who records: the statistics and the saved game of one table, as a service of the controller.

The rule, by construction: **a game counts only once a person has made a move on the board**
(a move, a turn, undo, Auto-finish… sent by the front end), or when the person resumed it.  A
board built or driven from Python — a demo cell ``FourSeasons(game=beginner)``, a replay, an
exercise's ``w.play(...)`` — records nothing, saves nothing and clears nothing, however its game
ends: running a notebook never writes into the player's statistics, and never deletes the
unfinished game a person left (which is why resume after *Restart & Run All* used to fail: a
demo board's lost game cleared the saved one).

Whose game it is also depends on where it came from.  A game the board **dealt** — from a
seed, a PySolFC number or at random (``FourSeasons()``, ``FourSeasons(seed=7)``, Next deal, the
variant picker) — is a deal to play: a person's moves on it count, and while it stands untouched
at the deal the board may offer the unfinished game kept from before.  A position **given** by
code — ``FourSeasons(game=...)``, ``deck=...``, a loaded save, ``w.game = g`` — is the notebook
author's: a person may play it, but it records nothing, never saves, overwrites or clears the
player's unfinished game, and no resume offer is ever shown over it.  Nor over a dealt board
that code has driven (``w.play(...)`` from a cell): the offer is for a deal nobody touched.

A saved game is *claimed* by the board playing it: while that board lives (in this kernel),
no other board offers or resumes it, so two boards of one variant never play one saved game
twice (recorded twice, or one of them lost).

>>> import tempfile, os
>>> from fourseasons_widget import Game
>>> from fourseasons_widget.store.stats import Stats
>>> r = Recorder(Stats(os.path.join(tempfile.mkdtemp(), "s.sqlite")))
>>> g = Game.new(seed=3); r.start(g)
>>> _ = g.play("turn"); r.changed(g, by_person=False)   # a script's move: nothing saved
>>> r.store.unfinished("standard") is None
True
>>> r.changed(g, by_person=True)                         # a move on the board: saved
>>> r.store.unfinished("standard") is not None
True
>>> r2 = Recorder(r.store); given = Game.new(seed=4); r2.start(given, given=True)
>>> r2.offer("standard", {}) is None                     # no offer over a given position
True
>>> _ = given.play("turn"); r2.changed(given, by_person=True)  # played, but not kept
>>> Game.from_json(r.store.unfinished("standard")[0]).seed
3
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from ..model.game import Game
from ..validate import safe_text

#: (store file, variant) → the recorder whose board plays that variant's saved game
_claims: dict[tuple[str, str], weakref.ref] = {}
_claims_lock = threading.Lock()


class ResumeRefused(ValueError):
    """A saved game that cannot be taken up here (said on the board; nothing changes)."""


def _finite_seconds(value: Any) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    return v if math.isfinite(v) and 0 <= v < 10**9 else 0.0


class Recorder:
    """The clock, the result recorded once, and the game in progress saved after each of the
    person's moves (see the module doc for who records)."""

    def __init__(self, store: Any | None) -> None:
        self.store = store
        self.game: Game | None = None
        self.person = False  # a person made a move of this game on the board (or resumed it)
        self.given = False  # the game is a position given by code: nothing is ever kept of it
        self.scripted = False  # code moved this game before any person did
        self.recorded = False
        #: who made each move of the game's history: True the person (or code driving the
        #: person's game), False the Demo — a game counts as the person's only for their moves
        self.own: list[bool] = []
        self._seconds = 0.0
        self._since: float | None = None
        self.paused = False
        self.notices: list[str] = []  # what went wrong with the store, said on the board

    # -- the clock -----------------------------------------------------------------------
    @property
    def seconds(self) -> float:
        run = time.monotonic() - self._since if self._since is not None else 0.0
        return self._seconds + run

    @property
    def running(self) -> bool:
        return self._since is not None

    def _stop(self) -> None:
        if self._since is not None:
            self._seconds += time.monotonic() - self._since
            self._since = None

    def pause(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self._stop()
        elif self.person and not self.recorded and self._since is None:
            self._since = time.monotonic()

    # -- the game on the board -----------------------------------------------------------
    def start(self, game: Game, seconds: float = 0.0, *, person: bool = False,
              given: bool = False) -> None:
        """A game is put on the board; ``person``: one the person played before (resumed);
        ``given``: a position given by code (``game=``, ``deck=``, a save), not dealt by the
        board — it records and keeps nothing, and no saved game is offered over it."""
        self._release()
        self.game = game
        self.person = person
        self.given = bool(given) and not person
        self.scripted = False
        self.recorded = False
        self.own = [True] * game.ply  # (a resumed game's moves are the person's)
        self._seconds = _finite_seconds(seconds)
        self._since = None
        if person:
            self._claim()

    @property
    def person_moves(self) -> int:
        """How many moves of the game as it stands the person made (the Demo's excluded)."""
        return sum(self.own)

    def _track(self, game: Game, mine: bool) -> None:
        n = game.ply
        if n < len(self.own):  # taken back (undo, restart, the demo stopped)
            del self.own[n:]
        else:
            self.own.extend([mine] * (n - len(self.own)))

    def changed(self, game: Game, *, by_person: bool, demo: bool = False) -> None:
        """The game changed (a move, undo, restart…); ``by_person``: sent from the board;
        ``demo``: the Demo's move (never the person's, whoever's game it is)."""
        if game is not self.game:
            self.start(game)
        self._track(game, not demo)
        if by_person and not self.person:
            self.person = True
            self._claim()
        if not self.person:
            self.scripted = True  # a script's game: nothing is recorded or saved, nor offered
            return
        if by_person and self._since is None and not self.paused and not self.recorded:
            self._since = time.monotonic()
        status = game.status
        if status in ("won", "lost"):
            self.finish(game, status)
        elif self.store is not None and not self.recorded and not self.given:
            with self._quiet("save the game in progress"):
                options = dict(game.rules.option_values)
                if game.ply:
                    self.store.save_unfinished(game.variant, game.to_json(), self.seconds,
                                               options=options)
                    # (the board that saved last holds the saved game: no other board offers
                    # or resumes it while this one plays it — before, the claim stayed with
                    # the first board that moved, and a second board could resume this game
                    # while it was in progress here: one game played, and counted, twice)
                    self._claim()
                elif self._holds_claim():  # taken back to the deal: nothing worth resuming
                    self.store.clear_unfinished(game.variant, options=options)

    def finish(self, game: Game, result: str) -> None:
        """The game ended (``won`` / ``lost`` / ``abandoned``): recorded once, if it is the
        person's, with the person's moves only.  A win the Demo played any move of is not the
        person's win: it is recorded as ``demo`` (played, finished by the Demo)."""
        if game is not self.game or self.recorded or not self.person:
            return
        self._track(game, True)
        if result == "won" and not all(self.own):
            result = "demo"
        self._stop()
        self.recorded = True
        if self.store is not None and not self.given:
            with self._quiet("record the game"):
                options = dict(game.rules.option_values)
                deal = f"PySolFC {game.pysol}" if game.pysol is not None else None
                self.store.record(game.variant, result, moves=self.person_moves,
                                  seconds=self._seconds,
                                  seed=game.seed, deal=deal, options=options)
                if self._holds_claim():  # (the saved game is this one, not another board's)
                    self.store.clear_unfinished(game.variant, options=options)
        self._release()

    def give_up(self, game: Game) -> None:
        """The game is replaced by another: recorded as given up if the person was playing it."""
        if self.in_progress(game):
            self.finish(game, "abandoned")

    def in_progress(self, game: Game) -> bool:
        """The person is playing ``game`` here (moves made, not finished)."""
        return (game is self.game and self.person and not self.recorded and game.ply > 0
                and game.status == "playing")

    # -- what the board shows of it ------------------------------------------------------
    def comforts(self, game: Game) -> dict[str, Any]:
        """The clock, the variant's statistics, the history and a saved game on offer, as the
        board publishes them (a store that is busy, off or reset says so; a broken one never
        breaks the board)."""
        out: dict[str, Any] = {"clock": {"seconds": round(self.seconds, 1),
                                         "running": self.running},
                               "stats": None, "resume": None, "history": None}
        store = self.store
        if store is None:
            return out
        out["stats"], error = summary_or_none(store, game.variant)
        if error:
            out["stats_error"] = error
            return out
        out["history"] = history_or_none(store)
        state = getattr(store, "state", "ok")
        if isinstance(state, str) and state != "ok":  # the store is busy, off or was reset
            out["stats_state"] = {"state": state,
                                  "message": safe_text(getattr(store, "message", ""), 200)}
        if not game.ply and not self.person:
            try:
                out["resume"] = self.offer(game.variant, dict(game.rules.option_values))
            except Exception as e:  # a broken store must not break the board
                out["stats_error"] = str(e)[:100]
        return out

    # -- the saved game of an earlier session --------------------------------------------
    def offer(self, variant: str, options: dict[str, Any]) -> dict[str, Any] | None:
        """``{"moves", "seconds", "title"}`` of the saved game of ``variant`` this board may
        offer to resume, or ``None``: none saved, another board of this kernel is playing it,
        or this board's game is not a deal nobody touched (a position given by code, a game
        code or a person has moved).  The game saved with these ``options`` first; else the
        newest of the variant saved under other rules (PySolFC's, say): a game is offered back
        under whichever rules it was played (``title`` names them then, else ``None``)."""
        if self.store is None or self._claimed_elsewhere(variant):
            return None
        if self.given or self.scripted or self.person:
            return None
        title = None
        saved = self.store.unfinished(variant, dict(options))
        if saved is None:
            saved = self.store.unfinished(variant)
            if saved is None:
                return None
            try:
                title = Game.from_json(saved[0]).rules.title
            except Exception:  # (unfinished() gives only records that load: defensive)
                return None
        try:
            data = json.loads(saved[0])
            moves = data.get("moves", []) if isinstance(data, dict) else []
            n = len(moves) if isinstance(moves, list) else 0
        except (ValueError, TypeError):
            n = 0
        return {"moves": n, "seconds": round(_finite_seconds(saved[1]), 1), "title": title}

    def take(self, variant: str, options: dict[str, Any]) -> tuple[Game, float]:
        """The saved game of ``variant`` (with these rule options; else the one saved under
        other rules, taken up under its own), checked: it must replay to a game in progress of
        this very variant (and options).  A record that fails is deleted
        with a notice; ``ResumeRefused`` says why nothing is resumed."""
        if self.store is None:
            raise ResumeRefused("statistics are off on this board: no game is saved")
        if self._claimed_elsewhere(variant):
            raise ResumeRefused("that unfinished game is being played on another board of this "
                                "notebook: play it there")

        def check(text: str) -> Game:
            try:
                game = Game.from_json(text)
            except ValueError:
                raise
            except Exception as e:  # (a crafted record: any failure is a bad record)
                raise ValueError(f"it does not read as a game ({type(e).__name__})") from None
            if game.variant != variant or (options is not None
                                           and dict(game.rules.option_values) != dict(options)):
                raise ValueError(f"it is a game of {game.rules.title} with other rules")
            if game.status != "playing":
                raise ValueError(f"it is a game already {game.status}")
            if not game.ply:
                raise ValueError("it has no moves")
            return game

        resumable = getattr(self.store, "resumable", None)
        if callable(resumable):  # the store checks and discards bad records itself
            rec = resumable(variant, dict(options), check=check)
            if rec is not None:
                return rec.game, _finite_seconds(rec.seconds)
            if self.store.unfinished(variant) is None:
                raise ResumeRefused("no unfinished game of this variant is saved")
            options = None  # (one saved under other rules: taken up under its own)
        saved = self.store.unfinished(variant, None if options is None else dict(options))
        if saved is None:
            raise ResumeRefused("no unfinished game of this variant is saved")
        try:
            game = check(saved[0])
        except (ValueError, TypeError) as e:
            with self._quiet("discard a bad saved game"):
                self.store.clear_unfinished(variant, None if options is None else dict(options))
            raise ResumeRefused(f"the saved game could not be resumed ({str(e)[:80]}); it was "
                                "discarded") from None
        return game, _finite_seconds(saved[1])

    # -- claims: one saved game, one board -----------------------------------------------
    def _key(self, variant: str) -> tuple[str, str] | None:
        if self.store is None:
            return None
        return (str(getattr(self.store, "path", id(self.store))), variant)

    def _claim(self) -> None:
        if self.given:  # a given position is nobody's saved game
            return
        key = self._key(self.game.variant) if self.game is not None else None
        if key is not None:
            with _claims_lock:
                _claims[key] = weakref.ref(self)

    def _release(self) -> None:
        key = self._key(self.game.variant) if self.game is not None else None
        if key is not None:
            with _claims_lock:
                ref = _claims.get(key)
                if ref is not None and ref() is self:
                    del _claims[key]

    def _holds_claim(self) -> bool:
        """This board saved the game kept for its variant last (or resumed it): clearing the
        saved game clears this board's, never another board's game in progress."""
        key = self._key(self.game.variant) if self.game is not None else None
        with _claims_lock:
            ref = _claims.get(key) if key is not None else None
        return ref is None or ref() is None or ref() is self

    def _claimed_elsewhere(self, variant: str) -> bool:
        key = self._key(variant)
        with _claims_lock:
            ref = _claims.get(key) if key is not None else None
            other = ref() if ref is not None else None
        return (other is not None and other is not self and other.game is not None
                and other.in_progress(other.game))

    @contextlib.contextmanager
    def _quiet(self, what: str):
        """A broken store never breaks the board: the failure is kept as a notice."""
        try:
            yield
        except (sqlite3.Error, OSError, ValueError, TypeError) as e:
            self.notices.append(f"could not {what}: {str(e)[:100]}")
            del self.notices[:-5]


def summary_or_none(store: Any | None, variant: str) -> tuple[dict | None, str | None]:
    """The variant's statistics from ``store`` (or ``None``) and an error text, if any."""
    if store is None:
        return None, None
    try:
        return store.summary(variant).get(variant), None
    except Exception as e:  # a broken store must not break the board
        return None, str(e)[:100]


def history_or_none(store: Any | None, variant: str | None = None,
                    limit: int = 50) -> list[dict] | None:
    """The per-deal history (newest first) where the store keeps one, else ``None``."""
    history: Callable | None = getattr(store, "history", None) if store is not None else None
    if history is None:
        return None
    try:
        return list(history(variant, limit))[:limit]
    except Exception:
        return None


__all__ = ["Recorder", "ResumeRefused", "history_or_none", "summary_or_none"]
