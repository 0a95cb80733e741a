"""A player's statistics per variant, kept between sessions, and the last unfinished game.

Stored with the standard library's ``sqlite3`` in Jupyter's data directory
(``jupyter_core.paths.jupyter_data_dir()/fourseasons-widget/stats.sqlite``; the environment
variable ``FOURSEASONS_WIDGET_DATA`` names another directory, as the tests do).  The board
records a game when it is won or lost, or when a game in progress is given up for another; only
games played on the board count (a script's ``w.play(...)`` does not).

>>> import tempfile, os
>>> st = Stats(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
>>> st.record("standard", "won", moves=120, seconds=300.0)
>>> st.record("standard", "lost", moves=80, seconds=200.0)
>>> s = st.summary()["standard"]
>>> s["played"], s["won"], s["lost"], s["streak"], s["best_moves"], s["best_seconds"]
(2, 1, 1, 0, 120, 300.0)
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
import threading
import time
from typing import Any

ENV = "FOURSEASONS_WIDGET_DATA"
RESULTS = ("won", "lost", "abandoned")
MAX_SAVE = 2_000_000  # bytes of a saved game (Game.from_json refuses more anyway)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    seed INTEGER,
    result TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    ended REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS unfinished (
    variant TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seconds REAL NOT NULL,
    saved REAL NOT NULL
);
"""


def data_dir() -> pathlib.Path:
    """Where the statistics live: ``$FOURSEASONS_WIDGET_DATA`` or Jupyter's data directory."""
    if os.environ.get(ENV):
        return pathlib.Path(os.environ[ENV])
    from jupyter_core.paths import jupyter_data_dir

    return pathlib.Path(jupyter_data_dir()) / "fourseasons-widget"


def default_path() -> pathlib.Path:
    return data_dir() / "stats.sqlite"


class Stats:
    """The statistics store (one SQLite file).  One connection per store, kept open (closing a
    write-ahead-logged database checkpoints it, ~15 ms) and shared under a lock by the boards
    and threads that use the store."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = pathlib.Path(path) if path is not None else default_path()
        self._con: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def _db(self):
        with self._lock:
            if self._con is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                con = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
                # write-ahead log, no fsync per commit: the game in progress is saved after
                # every move, and a commit that waits for the disk cost ~15 ms a move (a crash
                # of the machine may lose the last save, never corrupt the file)
                con.execute("PRAGMA journal_mode=WAL")
                con.execute("PRAGMA synchronous=NORMAL")
                con.executescript(_SCHEMA)
                self._con = con
            with self._con:
                yield self._con

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None

    # -- games ---------------------------------------------------------------------------
    def record(self, variant: str, result: str, *, moves: int, seconds: float,
               seed: int | None = None) -> None:
        """Record a finished game: ``result`` is "won", "lost" or "abandoned"."""
        if result not in RESULTS:
            raise ValueError(f"result is one of {', '.join(RESULTS)}, not {result!r:.30}")
        if not isinstance(variant, str) or not variant or len(variant) > 40:
            raise ValueError("variant must be a short name")
        with self._db() as con:
            con.execute("INSERT INTO games (variant, seed, result, moves, seconds, ended) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (variant, seed, result, int(moves), float(seconds), time.time()))

    def summary(self, variant: str | None = None) -> dict[str, dict[str, Any]]:
        """Per variant: ``played``, ``won``, ``lost``, ``abandoned``, ``streak`` (wins in a row
        up to the last game), ``best_streak``, ``best_moves`` and ``best_seconds`` (of the
        games won; ``None`` before the first win)."""
        with self._db() as con:
            rows = con.execute("SELECT variant, result, moves, seconds FROM games "
                               + ("WHERE variant = ? " if variant else "")
                               + "ORDER BY id", (variant,) if variant else ()).fetchall()
        out: dict[str, dict[str, Any]] = {}
        for v, result, moves, seconds in rows:
            s = out.setdefault(v, {"played": 0, "won": 0, "lost": 0, "abandoned": 0,
                                   "streak": 0, "best_streak": 0, "best_moves": None,
                                   "best_seconds": None})
            s["played"] += 1
            s[result] += 1
            if result == "won":
                s["streak"] += 1
                s["best_streak"] = max(s["best_streak"], s["streak"])
                s["best_moves"] = moves if s["best_moves"] is None else min(s["best_moves"], moves)
                s["best_seconds"] = (seconds if s["best_seconds"] is None
                                     else min(s["best_seconds"], seconds))
            else:
                s["streak"] = 0
        return out

    # -- the last unfinished game per variant --------------------------------------------
    def save_unfinished(self, variant: str, game_json: str, seconds: float = 0.0) -> None:
        if len(game_json) > MAX_SAVE:
            return
        with self._db() as con:
            con.execute("INSERT OR REPLACE INTO unfinished (variant, game, seconds, saved) "
                        "VALUES (?, ?, ?, ?)", (variant, game_json, float(seconds), time.time()))

    def unfinished(self, variant: str) -> tuple[str, float] | None:
        """The saved game (JSON) and its clock, or ``None``."""
        with self._db() as con:
            row = con.execute("SELECT game, seconds FROM unfinished WHERE variant = ?",
                              (variant,)).fetchone()
        return (row[0], row[1]) if row else None

    def clear_unfinished(self, variant: str) -> None:
        with self._db() as con:
            con.execute("DELETE FROM unfinished WHERE variant = ?", (variant,))

    def reset(self) -> None:
        """Forget every game and saved game."""
        with self._db() as con:
            con.execute("DELETE FROM games")
            con.execute("DELETE FROM unfinished")


def summary(variant: str | None = None) -> dict[str, dict[str, Any]]:
    """The statistics of the default store (see :class:`Stats.summary`)."""
    return Stats().summary(variant)





class Tracker:
    """What one board keeps for the statistics: the clock of the game on it (running from the
    first move made on the board, paused while the page is hidden), the result recorded once,
    the game in progress saved after each move so that it can be resumed in a later session.

    >>> import tempfile, os
    >>> from fourseasons_widget import Game
    >>> t = Tracker(Stats(os.path.join(tempfile.mkdtemp(), "s.sqlite")))
    >>> g = Game.new(seed=3); t.start(g)
    >>> _ = g.play("turn"); t.moved(g)
    >>> t.store.unfinished("standard") is not None
    True
    >>> t.give_up(g); t.store.summary()["standard"]["abandoned"]
    1
    """

    def __init__(self, store: Stats | None) -> None:
        self.store = store
        self.game: Any = None
        self._played = False  # a move was made on the board
        self._recorded = False
        self._seconds = 0.0
        self._since: float | None = None  # running since (monotonic), or None
        self.paused = False

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
        elif self._played and not self._recorded and self._since is None:
            self._since = time.monotonic()

    # -- the game ------------------------------------------------------------------------
    def start(self, game: Any, seconds: float = 0.0) -> None:
        """A new game is shown (``seconds``: its clock so far, for a resumed game)."""
        self.game = game
        self._played = seconds > 0 or game.ply > 0
        self._recorded = False
        self._seconds = seconds
        self._since = None

    def moved(self, game: Any) -> None:
        """A move was made on the board."""
        if game is not self.game:
            self.start(game)
        self._played = True
        if self._since is None and not self.paused and not self._recorded:
            self._since = time.monotonic()
        status = game.status
        if status in ("won", "lost"):
            self.finish(game, status)
        elif self.store is not None:
            with contextlib.suppress(sqlite3.Error, OSError):
                if game.ply:
                    self.store.save_unfinished(game.variant, game.to_json(), self.seconds)
                else:  # taken back to the deal: nothing worth resuming
                    self.store.clear_unfinished(game.variant)

    def finish(self, game: Any, result: str) -> None:
        if self._recorded or not self._played:
            return
        self._stop()
        self._recorded = True
        if self.store is not None:
            with contextlib.suppress(sqlite3.Error, OSError):
                self.store.record(game.variant, result, moves=game.ply, seconds=self._seconds,
                                  seed=game.seed)
                self.store.clear_unfinished(game.variant)

    def give_up(self, game: Any) -> None:
        """The game is replaced by another: recorded as given up if it was in progress."""
        if game is self.game and self._played and not self._recorded and game.ply \
                and game.status == "playing":
            self.finish(game, "abandoned")

    def in_progress(self, game: Any) -> bool:
        return game is self.game and self._played and not self._recorded and game.ply > 0

    def played_here(self, game: Any) -> bool:
        """A move of ``game`` was made on this board (its saved copy is this very game)."""
        return game is self.game and self._played
__all__ = ["ENV", "Stats", "Tracker", "data_dir", "default_path", "summary"]
