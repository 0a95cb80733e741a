"""A player's statistics per variant, kept between sessions, the history of the games played,
and the last unfinished game of each variant (and options).

Stored with the standard library's ``sqlite3`` in Jupyter's data directory
(``jupyter_core.paths.jupyter_data_dir()/fourseasons-widget/stats.sqlite``; the environment
variable ``FOURSEASONS_WIDGET_DATA`` names another directory, as the tests do).  The board
records a game when it is won or lost, or when a game in progress is given up for another; only
games played on the board count (a script's ``w.play(...)`` does not).

The file is treated as outside input and as a shared resource:

- **Saving never blocks a move.**  Writes are queued and made by a writer thread (where there
  are threads; in Pyodide ``threading.Thread.start`` raises ``RuntimeError`` and they are made
  at once, with a short busy timeout).  A write that finds the database locked by another
  program is kept and retried, never dropped; :attr:`Stats.state` says ``"busy"`` meanwhile.
  Reads (write-ahead log: readers are never blocked by a writer) see the queued writes too.
- **A schema version** (``PRAGMA user_version``) with migration: files of the first schema
  (no version, no deal kept with a game, one saved game per variant) are upgraded in place.
- **A damaged file is moved aside** (kept next to the store as ``stats.sqlite.damaged-<time>``
  for the user) and a fresh store started, with one message (:attr:`Stats.notices`).
- **Every row is read through the validation layer** (:func:`~.checks.stats_game`,
  :func:`~.checks.stats_saved`): a row another program wrote wrong is left out with a bounded
  message, never breaking the summary of the other rows or variants.
- **A saved game is resumed only if it replays** (:meth:`Stats.resumable`) to a game in
  progress of the variant and options asked for; one that does not is discarded with a message.

>>> import tempfile, os
>>> st = Stats(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
>>> st.record("standard", "won", moves=120, seconds=300.0, seed=4)
>>> st.record("standard", "lost", moves=80, seconds=200.0)
>>> s = st.summary()["standard"]
>>> s["played"], s["won"], s["lost"], s["streak"], s["best_moves"], s["best_seconds"]
(2, 1, 1, 0, 120, 300.0)
>>> [(h["result"], h["deal"]) for h in st.history()]
[('lost', ''), ('won', 'seed 4')]
>>> st.state
'ok'
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import datetime
import itertools
import os
import pathlib
import sqlite3
import sys
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..validate import (
    quote,
    quote_error,
    real,
    safe_text,
    whole,
)
from .checks import (
    STATS_MOVES_LIMIT,
    STATS_RESULTS,
    STATS_SECONDS_LIMIT,
    STATS_TEXT_LIMIT,
    stats_game,
    stats_name,
    stats_saved,
)
from .stats_schema import (
    GAME_COLUMNS,
    MAX_SAVE,
    SAVE_COLUMNS,
    SCHEMA_VERSION,
    Damaged,
    Newer,
    check_columns,
    migrate,
    options_key,
    salvage_rows,
    saved_options,
    text_factory,
)
from .stats_summary import history_entries, summarize

ENV = "FOURSEASONS_WIDGET_DATA"
RESULTS = STATS_RESULTS
#: how long a read, or a write made on the caller's thread, waits for a lock (milliseconds)
BUSY_MS = 100
#: how long the writer thread waits for a lock before it tries again later (milliseconds)
WRITER_BUSY_MS = 500
#: writes kept while the file cannot be written (a saved game per variant replaces the last)
MAX_PENDING = 10_000
#: messages kept in :attr:`Stats.notices`
NOTICE_LIMIT = 20
#: a writer thread with nothing to do stops after this many seconds (a new write starts one)
WRITER_IDLE = 1.0

def data_dir() -> pathlib.Path:
    """Where the statistics live: ``$FOURSEASONS_WIDGET_DATA`` or Jupyter's data directory."""
    if os.environ.get(ENV):
        return pathlib.Path(os.environ[ENV])
    from jupyter_core.paths import jupyter_data_dir

    return pathlib.Path(jupyter_data_dir()) / "fourseasons-widget"


def default_path() -> pathlib.Path:
    return data_dir() / "stats.sqlite"


def deal_label(game: Any) -> str:
    """How the history names a game's deal: ``"PySolFC 617"``, ``"seed 42"`` or ``""``."""
    pysol, seed = getattr(game, "pysol", None), getattr(game, "seed", None)
    if pysol is not None:
        return f"PySolFC {pysol}"
    return f"seed {seed}" if seed is not None else ""


@dataclass(frozen=True)
class Resumable:
    """A saved game that replays to a game in progress: the :class:`~.game.Game`, its clock
    (finite seconds ≥ 0) and its number of moves."""

    game: Any
    seconds: float
    moves: int


class _Busy(Exception):
    """The database is locked by another connection (try again later)."""


class _Op:
    __slots__ = ("_row", "args", "kind", "pid")

    def __init__(self, kind: str, args: dict[str, Any], pid: int = 0) -> None:
        self.kind, self.args, self.pid = kind, args, pid
        self._row: dict[str, Any] | None = None

    def row(self) -> dict[str, Any]:
        """A recorded game as the store reads it back before it is written (its id the
        provisional one, negative: none in the file yet); made once, not at every read."""
        if self._row is None:
            self._row = {**self.args, "id": -self.pid}
        return self._row


def _kind(e: BaseException) -> str:
    """What an error of the database means: "busy" (locked: retry), "damaged" (move the
    file aside) or "off" (cannot be written: no space, no permission, a directory)."""
    if isinstance(e, _Busy):
        return "busy"
    if isinstance(e, OSError):
        return "off"
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "busy"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or \
            "not a database" in text or "no such table" in text or "no such column" in text \
            or "because it is a view" in text or "unsupported file format" in text:
        # (a header naming a file format SQLite has never had — byte 47, say — is damage:
        # moved aside like any other, not "the statistics cannot be saved" for good)
        return "damaged"
    return "off"


_STORES: weakref.WeakSet[Stats] = weakref.WeakSet()
_REGISTRY: weakref.WeakValueDictionary[str, Stats] = weakref.WeakValueDictionary()
_REGISTRY_LOCK = threading.Lock()


@atexit.register
def _flush_all() -> None:  # pragma: no cover (runs at the interpreter's exit)
    for store in list(_STORES):
        with contextlib.suppress(Exception):
            store.flush(2.0)


IN_MEMORY = ("kept only while this page is open: Python in the browser keeps no files, so "
             "a reload starts them afresh")


class Stats:
    """The statistics store (one SQLite file).  Two connections per store, kept open (closing
    a write-ahead-logged database checkpoints it, ~15 ms): one for reads, one for the writer.

    ``threads=False`` writes on the caller's thread (as where there are no threads); by default
    a writer thread is used when one can be started.

    One store per file in a process: ``Stats(path)`` twice gives the same object (so that a
    board sees at once what another board of the session has recorded, written or not).
    """

    def __new__(cls, path: str | os.PathLike | None = None, *, threads: bool | None = None):
        p = pathlib.Path(path) if path is not None else default_path()
        key = os.path.abspath(p)
        with _REGISTRY_LOCK:
            store = _REGISTRY.get(key)
            if store is None or type(store) is not cls:
                store = super().__new__(cls)
                store._key = key
                _REGISTRY[key] = store
            return store

    def __init__(self, path: str | os.PathLike | None = None, *, threads: bool | None = None) -> None:
        if getattr(self, "_lock", None) is not None:  # (the store of this file, already made)
            if threads is False:
                self._threads = False
            return
        self.path = pathlib.Path(path) if path is not None else default_path()
        self.notices: list[str] = []
        self._lock = threading.RLock()
        self._prepare_lock = threading.Lock()
        self._cv = threading.Condition(self._lock)
        self._pending: collections.deque[_Op] = collections.deque()
        # a game not yet written is shown with a provisional id (negative, never reused); once
        # written, that id still finds it (a board may have published it: "How could it have
        # been won?" names a game of the history by the id it was shown with)
        self._provisional = itertools.count(1)
        self._written: dict[int, int] = {}
        # the boards to tell when a finished game is written (held weakly: see on_written)
        self._listeners: list[weakref.WeakMethod] = []
        self._unannounced = False  # a game written that the boards have not been told of
        self._inflight: _Op | None = None
        self._threads = threads  # None: try; False: none (or none could be started)
        self._writer_alive = False
        self._thread: threading.Thread | None = None
        self._reader: sqlite3.Connection | None = None
        self._writer: sqlite3.Connection | None = None
        self._ino: int | None = None  # the file the connections were opened on
        # the games read from the file, checked, per variant asked (None: all), with what the
        # file was when they were read (see _file_token): a board publishes its statistics
        # and history after every move, and reading and checking every row each time made a
        # move cost the length of the player's whole history
        self._read_rows: tuple[sqlite3.Connection, tuple, dict] | None = None
        self._prepared = False
        self._problem: tuple[str, str] | None = None  # ("busy"|"off", message) of the last try
        self._reset_message: str | None = None
        self._set_aside = 0
        self._last_try = 0.0  # when a synchronous write last failed
        self._skipped: set[Any] = set()
        self._closed = False
        _STORES.add(self)

    # -- state -----------------------------------------------------------------------------
    @property
    def state(self) -> str:
        """``"ok"``; ``"busy"`` (another program holds the file: writes are kept and retried);
        ``"off"`` (the file cannot be used: writes are kept in memory, for this session only);
        ``"reset"`` (the file was damaged, kept aside, and a fresh store started);
        ``"memory"`` (Python in the browser, Pyodide: the file lives in the page's memory and is
        gone when the page is reloaded)."""
        with self._lock:
            if self._problem is not None:
                return self._problem[0]
            if self._reset_message:
                return "reset"
            return "memory" if sys.platform == "emscripten" else "ok"

    @property
    def message(self) -> str:
        """What :attr:`state` means now, for the board to show ("" when all is well)."""
        with self._lock:
            if self._problem is not None:
                return self._problem[1]
            if not self._reset_message and sys.platform == "emscripten":
                return IN_MEMORY
            return self._reset_message or ""

    def _notice(self, text: str) -> None:
        text = safe_text(text)
        with self._lock:
            if text in self.notices:
                return
            self.notices.append(text)
            del self.notices[:-NOTICE_LIMIT]

    # -- connections -----------------------------------------------------------------------
    def _connect(self, ms: int) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_dir():
            raise OSError(f"{self.path} is a directory")
        con = sqlite3.connect(self.path, timeout=ms / 1000, isolation_level=None,
                              check_same_thread=False)
        # (text another program wrote as bytes that are not UTF-8 reads as text with escapes,
        # and the validation layer refuses it: never a UnicodeDecodeError)
        con.text_factory = text_factory
        try:
            con.execute(f"PRAGMA busy_timeout={int(ms)}")
            with self._prepare_lock:  # (one connection at a time sets the file up)
                if not self._prepared:
                    self._prepare(con)
            con.execute("PRAGMA synchronous=NORMAL")
        except BaseException:
            con.close()
            raise
        return con

    def _prepare(self, con: sqlite3.Connection) -> None:
        """Check the file and bring its schema up to :data:`SCHEMA_VERSION` (once)."""
        try:
            # the header's file format bytes (18, 19): 1 or 2 in every file SQLite writes;
            # another value makes SQLite read the file as read-only, or not at all: damage
            # (found by the fuzz test: byte 18 = 3 left every write refused, for good)
            with contextlib.suppress(OSError), open(self.path, "rb") as f:
                head = f.read(20)
                if (len(head) == 20 and head.startswith(b"SQLite format 3\x00")
                        and (head[18] not in (1, 2) or head[19] not in (1, 2))):
                    raise Damaged(f"its header's file format bytes read {head[18]} and "
                                  f"{head[19]}")
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if not isinstance(version, int) or version < 0:
                raise Damaged("its schema version is not a number")
            if version > 1000:  # (no schema of this library gets there: damage)
                raise Damaged(f"its schema version reads {quote(version)}")
            if version > SCHEMA_VERSION:
                raise Newer(f"the statistics file was written by a newer fourseasons-widget "
                             f"(schema {quote(version)}); it is left untouched and nothing is "
                             "saved this session: upgrade fourseasons-widget")
            mode = con.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                # write-ahead log: readers never wait for a writer (nor a writer for readers);
                # no fsync per commit (a crash of the machine may lose the last save, never
                # corrupt the file)
                con.execute("PRAGMA journal_mode=WAL")
            if version < SCHEMA_VERSION:
                migrate(con)
            check_columns(con)
            check = con.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise Damaged(f"its integrity check says {quote(check[0] if check else None)}")
        except sqlite3.DatabaseError as e:
            if _kind(e) == "damaged" or type(e) is sqlite3.DatabaseError:
                raise Damaged(quote_error(e, 80)) from None
            raise
        except (ValueError, TypeError, IndexError, UnicodeError) as e:  # (a schema unreadable)
            raise Damaged(quote_error(e, 80)) from None
        self._prepared = True
        with contextlib.suppress(OSError):
            self._ino = os.stat(self.path).st_ino

    def _con(self, which: str) -> sqlite3.Connection:
        con = self._reader if which == "reader" else self._writer
        if con is None:
            con = self._connect(BUSY_MS if which == "reader" or self._threads is False
                                else WRITER_BUSY_MS)
            if which == "reader":
                self._reader = con
            else:
                self._writer = con
        return con

    def _drop_connections(self) -> None:
        for con in (self._reader, self._writer):
            if con is not None:
                with contextlib.suppress(sqlite3.Error):
                    con.close()
        self._reader = self._writer = None
        self._read_rows = None

    def _trouble(self, e: BaseException) -> None:
        """Act on an error of the database (called with the lock held)."""
        if isinstance(e, Newer):
            self._problem = ("off", str(e))
            self._notice(str(e))
            return
        kind = "damaged" if isinstance(e, Damaged) else _kind(e)
        if kind == "damaged":
            self._move_aside(str(e))
        elif kind == "busy":
            self._problem = ("busy", "the statistics file is in use by another program: "
                                     "results are kept and saved when it is free")
        else:
            self._drop_connections()
            self._prepared = False
            self._problem = ("off", safe_text(f"the statistics cannot be saved ({quote_error(e, 120)}); "
                                              "results are kept for this session only"))

    def _move_aside(self, reason: str) -> None:
        self._drop_connections()
        self._prepared = False
        try:
            ino = os.stat(self.path).st_ino
        except OSError:
            ino = None
        if ino is not None and self._ino is not None and ino != self._ino:
            # another store already replaced the file: use the new one
            self._ino = None
            return
        self._set_aside += 1
        if self._set_aside > 3:
            self._problem = ("off", "the statistics file keeps being damaged: nothing more is "
                                    "saved this session")
            return
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            if ino is not None:
                os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                extra = self.path.with_name(self.path.name + suffix)
                if extra.exists():
                    if suffix == "-wal":
                        os.replace(extra, aside.with_name(aside.name + suffix))
                    else:
                        extra.unlink()
        except OSError as e:
            self._problem = ("off", safe_text(f"the statistics file is damaged ({reason}) and "
                                              f"could not be moved aside ({quote_error(e, 80)})"))
            return
        self._ino = None
        kept = self._salvage(aside)
        self._reset_message = safe_text(
            f"The statistics file was damaged ({reason}); it is kept as {aside.name} and a "
            f"fresh one was started{kept}.")
        self._notice(self._reset_message)

    def _salvage(self, aside: pathlib.Path) -> str:
        """Copy what can be read of the file set aside into the fresh store: each table that
        is still a table and can be read, each row through the validation layer (a damaged
        ``unfinished`` does not cost the player the history of the games).  The file set
        aside is left as it was (read from a copy).  Returns the words of the message that
        say what was kept (called with the lock held, connections dropped)."""
        read = salvage_rows(aside)
        if read is None:
            return ""  # (nothing of it can be read: a fresh store, as said)
        good_games, good_saves, lost, dropped = read
        if not good_games and not good_saves:
            return " (nothing in it could be read)" if lost else ""
        try:
            con = self._con("writer")
            con.execute("BEGIN IMMEDIATE")
            try:
                con.executemany(f"INSERT OR IGNORE INTO games ({', '.join(GAME_COLUMNS)}) "
                                f"VALUES ({', '.join('?' * len(GAME_COLUMNS))})", good_games)
                con.executemany(f"INSERT OR REPLACE INTO unfinished ({', '.join(SAVE_COLUMNS)}) "
                                f"VALUES ({', '.join('?' * len(SAVE_COLUMNS))})", good_saves)
                con.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
                raise
        except (sqlite3.Error, OSError, ValueError, Damaged, Newer) as e:
            self._drop_connections()
            self._prepared = False
            return f" (what could be read of it was not copied: {quote_error(e, 60)})"
        words = [f"{len(good_games)} game(s) of the history"]
        if good_saves:
            words.append(f"{len(good_saves)} unfinished game(s)")
        tail = f"; {dropped} row(s) could not be read" if dropped else ""
        lost_words = f"; not readable: {', '.join(lost)}" if lost else ""
        return f", keeping {' and '.join(words)}{tail}{lost_words}"

    # -- writing -----------------------------------------------------------------------------
    def _queue(self, op: _Op) -> None:
        with self._cv:
            if op.kind in ("save", "clear"):
                # a later save of a variant replaces an earlier one still waiting
                self._pending = collections.deque(
                    p for p in self._pending if p is self._inflight or not _supersedes(op, p))
            if len(self._pending) >= MAX_PENDING:
                self._problem = ("off", "too many results wait to be saved: the newest is not "
                                        "kept")
                self._notice(self._problem[1])
                return
            self._pending.append(op)
            self._kick()

    def _kick(self) -> None:
        """Make the queued writes: wake (or start) the writer thread, or write them now."""
        if self._threads is False:
            # (a file found busy is tried again a second later, not on every move: each try
            # waits up to BUSY_MS)
            if self._problem is None or self._problem[0] != "busy" or \
                    time.monotonic() - self._last_try > 1.0:
                self._drain()
            return
        if self._writer_alive:
            self._cv.notify_all()
            return
        t = threading.Thread(target=self._write_loop, name="fourseasons-stats", daemon=True)
        try:
            t.start()
        except RuntimeError:  # no threads here (Pyodide): write on the caller's thread
            self._threads = False
            self._drain()
            return
        self._writer_alive = True
        self._thread = t

    def _write_loop(self) -> None:
        try:
            self._write_loop_body()
        finally:  # (however the thread ends, the next write starts another)
            with self._cv:
                if self._thread is threading.current_thread():
                    self._writer_alive = False
                    self._thread = None
                self._cv.notify_all()

    def _write_loop_body(self) -> None:
        delay = 0.05
        while True:
            with self._cv:
                while not self._pending and not self._closed:
                    if not self._cv.wait(WRITER_IDLE):
                        break
                off = self._problem is not None and self._problem[0] == "off"
                if not self._pending or self._closed or (off and delay > 1):
                    # (idle, closing, or the file cannot be written: a new write starts another)
                    self._writer_alive = False
                    self._thread = None
                    self._cv.notify_all()
                    return
                op = self._inflight = self._pending[0]
            if self._write(op):
                delay = 0.05
                if op.kind == "record":
                    self._unannounced = True
                with self._cv:
                    idle = not self._pending
                # (the boards are told once the queue is written, not after each game: with
                # many boards on one store, telling each of them after every game made the
                # writer fall minutes behind a storm of given-up games)
                if idle and self._unannounced:
                    self._unannounced = False
                    self._tell_written()
                continue
            with self._cv:  # busy or failed: wait, then try again (a new write wakes it too)
                if not self._closed:
                    self._cv.wait(delay)
                delay = min(delay * 2, 2.0)

    def _drain(self) -> bool:
        """Write what is queued, on this thread (no writer thread); False if some is left."""
        with self._lock:
            while self._pending:
                op = self._inflight = self._pending[0]
                if not self._write(op):
                    self._last_try = time.monotonic()
                    return False
            return True

    def _write(self, op: _Op) -> bool:
        """Make one queued write; True once it is committed (and off the queue)."""
        try:
            with self._lock:
                con = self._writer
            if con is None:  # (opened without the lock: readers need not wait for it)
                con = self._connect(BUSY_MS if self._threads is False else WRITER_BUSY_MS)
                with self._lock:
                    if self._writer is None:
                        self._writer = con
                    else:
                        con.close()
                        con = self._writer
            con.execute("BEGIN IMMEDIATE")
            try:
                self._apply(con, op)
                with self._lock:
                    con.execute("COMMIT")
                    if self._pending and self._pending[0] is op:
                        self._pending.popleft()
                    self._inflight = None
                    self._problem = None
                    self._cv.notify_all()
                return True
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
                raise
        except (sqlite3.Error, OSError, Damaged, Newer) as e:
            with self._lock:
                self._inflight = None
                self._trouble(e)
            return False
        except Exception as e:  # (not the file's fault: this write can never be made)
            with self._lock:
                if self._pending and self._pending[0] is op:
                    self._pending.popleft()
                self._inflight = None
                self._notice(f"a {op.kind} could not be written and was dropped: "
                             f"{type(e).__name__}: {quote_error(e, 100)}")
                self._cv.notify_all()
            return True

    def _apply(self, con: sqlite3.Connection, op: _Op) -> None:
        a = op.args
        if op.kind == "record":
            cur = con.execute("INSERT INTO games (variant, options, seed, deal, result, moves, "
                              "seconds, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                              (a["variant"], a["options"], a["seed"], a["deal"], a["result"],
                               a["moves"], a["seconds"], a["ended"]))
            with self._lock:  # (the last thousand are enough: ids a board still shows)
                self._written[op.pid] = cur.lastrowid
                if len(self._written) > 1000:
                    del self._written[next(iter(self._written))]
        elif op.kind == "save":
            con.execute("INSERT OR REPLACE INTO unfinished (variant, options, game, seconds, "
                        "saved) VALUES (?, ?, ?, ?, ?)",
                        (a["variant"], a["options"], a["game"], a["seconds"], a["saved"]))
        elif op.kind == "clear":
            if a["options"] is None:
                con.execute("DELETE FROM unfinished WHERE variant = ?", (a["variant"],))
            else:
                con.execute("DELETE FROM unfinished WHERE variant = ? AND options = ?",
                            (a["variant"], a["options"]))
        elif op.kind == "discard":  # only the very record found bad (not a newer save)
            if a["rowid"] is None:  # (a save of ours, queued when it was found bad)
                con.execute("DELETE FROM unfinished WHERE variant = ? AND options = ? AND "
                            "game = ?", (a["variant"], a["options"], a["game"]))
            else:  # (a row of the file, as read: compared here, it may hold any bytes)
                row = con.execute("SELECT options, game FROM unfinished WHERE rowid = ?",
                                  (a["rowid"],)).fetchone()
                if row is not None and _same(row[0], a["options"]) and _same(row[1], a["game"]):
                    con.execute("DELETE FROM unfinished WHERE rowid = ?", (a["rowid"],))
        elif op.kind == "reset":
            con.execute("DELETE FROM games")
            con.execute("DELETE FROM unfinished")

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait (at most ``timeout`` seconds) until every queued write is made; True if so."""
        end = time.monotonic() + timeout
        with self._cv:
            self._cv.notify_all()  # (a writer waiting to try again tries now)
            while self._pending:
                if self._threads is False:
                    if self._drain():
                        return True
                elif not self._writer_alive:
                    self._kick()
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(min(left, 0.1))
            return True

    @property
    def pending(self) -> int:
        """How many writes wait to be made."""
        with self._lock:
            return len(self._pending)

    def close(self, timeout: float = 5.0) -> None:
        """Make the queued writes (waiting up to ``timeout`` seconds) and close the file (a
        store closed may be used again: it reopens it)."""
        self.flush(timeout)
        with self._cv:
            self._closed = True
            self._cv.notify_all()
            t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(WRITER_BUSY_MS / 1000 + 1.0)
        with self._lock:
            self._drop_connections()
            self._closed = False
            if self._pending:
                self._notice(f"{len(self._pending)} result(s) could not be saved before the "
                             "statistics file was closed")

    # -- reading -----------------------------------------------------------------------------
    def _read(self, fn: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        """``fn(connection)`` under the lock, or ``default`` when the file cannot be read now
        (the state says why); a damaged file is moved aside and the fresh one read."""
        with self._lock:
            if self._threads is False and self._pending and \
                    time.monotonic() - self._last_try > 1.0:
                self._drain()  # (no writer thread: retry the queued writes now and then)
            for _ in range(2):
                try:
                    result = fn(self._con("reader"))
                    if self._problem is not None and self._problem[0] == "busy" and \
                            not self._pending:
                        self._problem = None  # (a read that waited: nothing is kept waiting)
                    return result
                except (sqlite3.Error, OSError, Damaged, Newer) as e:
                    self._trouble(e)
                    if not (isinstance(e, Damaged) or _kind(e) == "damaged") or \
                            self._problem is not None:
                        return default
            return default

    def _file_token(self, con: sqlite3.Connection) -> tuple:
        """What the file holds as ``con`` reads it, as far as can be told without reading it:
        SQLite's ``data_version`` (it changes when any other connection commits: this store's
        writer, another kernel's store) and the identity, size and time of the file and its
        write-ahead log (a change made to them by any other means)."""
        stamp: list[tuple | None] = []
        for path in (self.path, self.path.with_name(self.path.name + "-wal")):
            try:
                st = os.stat(path)
                stamp.append((st.st_ino, st.st_size, st.st_mtime_ns))
            except OSError:
                stamp.append(None)
        return (con.execute("PRAGMA data_version").fetchone()[0], *stamp)

    def _rows(self, variant: str | None) -> list[dict[str, Any]]:
        """The valid finished games (from the file, then those waiting to be written).  The
        file's rows are read and checked again only when the file may have changed."""
        kept: tuple | None = None

        def read(con: sqlite3.Connection) -> tuple:
            nonlocal kept
            token = self._file_token(con)
            cache = self._read_rows
            if cache is not None and cache[0] is con and cache[1] == token and \
                    variant in cache[2]:
                kept = cache[2][variant]
                return con, token, ()
            sql = f"SELECT {', '.join(GAME_COLUMNS)} FROM games"
            args: tuple = ()
            if variant is not None:
                sql, args = sql + " WHERE variant = ?", (variant,)
            return con, token, con.execute(sql + " ORDER BY id", args).fetchall()

        with self._lock:
            con, token, raw = self._read(read, (None, None, []))
            pending = list(self._pending)
        out: list[dict[str, Any]] = []
        bad: list[str] = []
        if kept is not None:
            out = list(kept)
        for r in raw:
            try:
                out.append(stats_game(dict(zip(GAME_COLUMNS, r, strict=True))))
            except ValueError as e:
                key = ("game", r[0] if r else None)
                if key not in self._skipped and len(self._skipped) < 10_000:
                    self._skipped.add(key)
                    bad.append(f"row {quote(r[0] if r else None)}: {quote_error(e, 80)}")
        if bad:
            self._notice(f"{len(bad)} row(s) of the statistics could not be read and are left "
                         f"out (first: {bad[0]})")
        if con is not None and kept is None:
            with self._lock:
                cache = self._read_rows
                if cache is None or cache[0] is not con or cache[1] != token:
                    cache = self._read_rows = (con, token, {})
                cache[2][variant] = tuple(out)  # (rows are never changed once read)
        for op in pending:
            if op.kind == "reset":
                out = []
            elif op.kind == "record" and (variant is None or op.args["variant"] == variant):
                out.append(op.row())
        return out

    def summary(self, variant: str | None = None) -> dict[str, dict[str, Any]]:
        """Per variant: ``played``, ``won``, ``lost``, ``abandoned``, ``streak`` (wins in a row
        up to the last game), ``best_streak``, ``best_moves`` and ``best_seconds`` (of the
        games won; ``None`` before the first win).  Rows that do not read as a game are left
        out (see :attr:`notices`)."""
        return summarize(self._rows(variant))

    def history(self, variant: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """The games played, newest first (at most ``limit``, 1-1000): ``date`` (ISO, local
        time), ``variant``, ``deal`` ("seed 42", "PySolFC 617" or ""), ``result``, ``moves``,
        ``seconds``, ``id`` (negative for a game not yet written to the file), ``seed`` and
        ``options`` (a dict)."""
        if variant is not None:
            stats_name(variant)
        limit = whole(limit, "limit", 1, 1000)
        rows = self._rows(variant)[-limit:]
        return history_entries(rows)

    # -- finished games ----------------------------------------------------------------------
    def record(self, variant: str, result: str, *, moves: int, seconds: float,
               seed: int | None = None, deal: str | None = None,
               options: dict[str, str] | None = None) -> None:
        """Record a finished game: ``result`` is "won", "lost", "abandoned" or "demo"; ``deal`` names
        it for the history ("seed 42", "PySolFC 617"; by default from ``seed``).  Checked at
        once (``ValueError``); written off the caller's path (see :attr:`state`)."""
        if not isinstance(result, str) or result not in RESULTS:
            raise ValueError(f"result is one of {', '.join(RESULTS)}, not {quote(result)}")
        variant = stats_name(variant)
        args = {"variant": variant, "result": result,
                "moves": whole(moves, "moves", 0, STATS_MOVES_LIMIT),
                "seconds": real(seconds, "seconds", 0.0, STATS_SECONDS_LIMIT),
                "seed": None if seed is None else whole(seed, "seed", 0, 2**63 - 1),
                "deal": None, "options": None if options is None else options_key(variant, options),
                "ended": time.time()}
        if deal is not None:
            if not isinstance(deal, str) or len(deal) > STATS_TEXT_LIMIT:
                raise ValueError(f"deal is a short text, not {quote(deal)}")
            args["deal"] = safe_text(deal, STATS_TEXT_LIMIT)
        elif seed is not None:
            args["deal"] = f"seed {seed}"
        self._queue(_Op("record", args, next(self._provisional)))

    def on_written(self, method: Callable[[], Any]) -> None:
        """Call ``method()`` (a bound method, held weakly: a board that is gone is not kept
        alive by the store) each time the writer thread has written a finished game, so that a
        board showing the game with its provisional id publishes its id in the file at once.
        (Without a writer thread a game is written before the board reads the history back,
        unless the file is busy: then the next publish shows its id.)"""
        with self._lock:
            self._listeners = [r for r in self._listeners if r() is not None]
            self._listeners.append(weakref.WeakMethod(method))

    def _tell_written(self) -> None:
        # (called with no lock held: a board takes its own lock, and its thread may be
        # waiting for this store's)
        with self._lock:
            alive = [m for m in (r() for r in self._listeners) if m is not None]
        for m in alive:
            try:
                m()
            except Exception as e:  # (a board's trouble is not the store's)
                self._notice(f"a board could not show a game just written: "
                             f"{type(e).__name__}: {quote_error(e, 80)}")

    def real_id(self, game_id: int) -> int:
        """The id of a game in the file for the id it was shown with: a provisional (negative)
        id of a game written since is its id in the file; any other is itself.  (A board
        republishes its history once the game is written, see :meth:`on_written`: this is for
        an intent already on its way with the provisional id.)"""
        with self._lock:
            return self._written.get(-game_id, game_id) if game_id < 0 else game_id

    # -- the last unfinished game per variant and options ------------------------------------
    def save_unfinished(self, variant: str, game_json: str, seconds: float = 0.0,
                        options: dict[str, str] | None = None) -> None:
        """Keep the game in progress (JSON) and its clock (``options``: by default those the
        JSON names).  A game too large to keep is not kept (and said in :attr:`notices`)."""
        variant = stats_name(variant)
        if not isinstance(game_json, str):
            raise ValueError(f"a saved game is JSON text, not {quote(game_json)}")
        try:
            game_json.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("a saved game is UTF-8 text (this one holds a lone surrogate)") from None
        if len(game_json) > MAX_SAVE:
            self._notice(f"the {variant} game in progress is too large to be kept for later")
            return
        key = options_key(variant, options) if options is not None else saved_options(
            variant, game_json)
        self._queue(_Op("save", {"variant": variant, "options": key, "game": game_json,
                                 "seconds": real(seconds, "seconds", 0.0, STATS_SECONDS_LIMIT),
                                 "saved": time.time()}))

    def clear_unfinished(self, variant: str, options: dict[str, str] | None = None) -> None:
        """Forget the saved game of a variant (of those options; by default of any)."""
        variant = stats_name(variant)
        key = None if options is None else options_key(variant, options)
        self._queue(_Op("clear", {"variant": variant, "options": key}))

    def _saved(self, variant: str, key: str | None) -> tuple[Any, Any, float, int | None] | None:
        """The saved record (its options' key, game text, clock, rowid — ``None`` while it is
        not written yet) of a variant (and options; ``None``: the newest of any), valid as a
        row, or ``None``."""
        with self._lock:
            discarded = []  # (records found bad, their deletion not yet written)
            for op in reversed(self._pending):
                a = op.args
                if op.kind == "reset" or (op.kind == "clear" and a["variant"] == variant and (
                        a["options"] is None or key is None or a["options"] == key)):
                    return None
                if op.kind == "discard" and a["variant"] == variant:
                    discarded.append((a["options"], a["game"]))
                if op.kind == "save" and a["variant"] == variant and key in (None, a["options"]):
                    return None if (a["options"], a["game"]) in discarded else (
                        a["options"], a["game"], a["seconds"], None)

            def read(con: sqlite3.Connection) -> tuple | None:
                sql = "SELECT options, game, seconds, rowid FROM unfinished WHERE variant = ?"
                args: tuple = (variant,)
                if key is not None:
                    sql, args = sql + " AND options = ?", (variant, key)
                return con.execute(sql + " ORDER BY saved DESC LIMIT 1", args).fetchone()

            row = self._read(read, None)
        if row is None or any(_same(row[0], o) and _same(row[1], d) for o, d in discarded):
            return None
        try:
            v = stats_saved({"game": row[1], "seconds": row[2]}, MAX_SAVE)
        except ValueError as e:
            self._discard(variant, row, quote_error(e, 100))
            return None
        return row[0], v["game"], v["seconds"], row[3]

    def _discard(self, variant: str, row: tuple, why: str) -> None:
        self._notice(f"The saved unfinished {variant} game could not be resumed ({why}) and "
                     "was discarded.")
        # (deleted by its content, once any save of it still queued is written: never a newer
        # save that replaced it)
        self._queue(_Op("discard", {"variant": variant, "options": row[0], "game": row[1],
                                    "rowid": row[3]}))

    def unfinished(self, variant: str, options: dict[str, str] | None = None
                   ) -> tuple[str, float] | None:
        """The saved game (JSON) and its clock, or ``None``: only a record that loads (with
        :meth:`Game.from_json <fourseasons_widget.model.game.Game.from_json>`) as a game in progress
        of ``variant`` (and ``options``; by default any) is given; one that does not is
        discarded, with a message in :attr:`notices` (see :meth:`resumable`)."""
        from ..model.game import Game

        variant = stats_name(variant)
        r = self._resumable(variant, None if options is None else options_key(variant, options),
                            Game.from_json)
        return None if r is None else (r[0], r[1].seconds)

    def resumable(self, variant: str, options: dict[str, str] | None = None, *,
                  check: Callable[[str], Any]) -> Resumable | None:
        """The saved game of ``variant`` and ``options`` if it replays to a game in progress
        of them: ``check`` (the board's) takes the JSON text and returns a ``Game`` or raises
        ``ValueError``.  A record that fails — does not load, is won or lost, is another
        variant's or options' — is deleted, with a message in :attr:`notices`."""
        variant = stats_name(variant)
        r = self._resumable(variant, options_key(variant, options), check)
        return None if r is None else r[1]

    def _resumable(self, variant: str, key: str | None, check: Callable[[str], Any]
                   ) -> tuple[str, Resumable] | None:
        saved = self._saved(variant, key)
        if saved is None:
            return None
        slot, text, seconds, rowid = saved
        try:
            game = check(text)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError,
                OverflowError) as e:
            self._discard(variant, (slot, text, seconds, rowid), f"it does not load: {quote_error(e, 100)}")
            return None
        why = None
        try:
            if getattr(game, "variant", None) != variant:
                why = f"it is a game of {quote(getattr(game, 'variant', None))}"
            elif key is not None and options_key(variant, game.rules.option_values) != key:
                why = "it was played with other options"
            elif game.status != "playing":
                why = f"it is a finished game ({quote(game.status)})"
            elif not is_count(game.ply) or game.ply < 1:
                why = "it has no moves"
        except (ValueError, TypeError, AttributeError) as e:
            why = f"it does not read as a game: {quote_error(e, 80)}"
        if why is not None:
            self._discard(variant, (slot, text, seconds, rowid), why)
            return None
        return text, Resumable(game=game, seconds=seconds, moves=game.ply)

    def reset(self) -> None:
        """Forget every game and saved game."""
        self._queue(_Op("reset", {}))


def _supersedes(op: _Op, earlier: _Op) -> bool:
    """A save or clear that makes an earlier queued save or clear of the same slot moot."""
    if earlier.kind not in ("save", "clear") or earlier.args["variant"] != op.args["variant"]:
        return False
    return op.args["options"] is None or earlier.args["options"] == op.args["options"]


def _same(x: Any, y: Any) -> bool:
    return type(x) is type(y) and x == y


def is_count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= STATS_MOVES_LIMIT


def summary(variant: str | None = None) -> dict[str, dict[str, Any]]:
    """The statistics of the default store (see :class:`Stats.summary`)."""
    return Stats().summary(variant)


__all__ = ["ENV", "Resumable", "SCHEMA_VERSION", "Stats", "data_dir", "deal_label",
           "default_path", "options_key", "summary"]
