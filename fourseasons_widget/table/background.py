"""Searches that run beside the board, so that it never freezes.

A hint or a solve asked from the board runs in a worker *thread* on a snapshot of the position;
the kernel's message loop stays free, so moves made meanwhile are served at once.  The solver is
pure Python: it holds the GIL while it runs, but the interpreter hands the GIL over every
``sys.getswitchinterval()`` (5 ms), so a click waits a few milliseconds, not the whole search
(``benchmarks/browser_latency.py`` measures it).  A process would cost a fork and a copy of the
position per search for no gain in latency on the two cores this runs on; a thread also shares
the cache of solved lines for free.

While a search runs the switch interval is shortened to ``SWITCH_INTERVAL`` (0.5 ms): a
message handler gives the GIL up at every socket call and waits up to one interval each time it
wants it back, so with the default 5 ms a click served beside a search took about twice as long
(measured in ``benchmarks/browser_latency.py``).  The old interval is restored when the last
search ends.

The search takes a cancel flag (a ``threading.Event``, checked every 256 nodes), so Cancel stops
it within a few milliseconds.  When it ends, ``done(job, result)`` is called *in the worker
thread*: the caller takes its own lock there and checks whether the position is still the one
searched (a result for a position that has changed is dropped: see :class:`Job.stale_for`).

>>> import threading
>>> w = Worker()
>>> got = []
>>> job = w.start("demo", "position", lambda cancel: 6 * 7, lambda job, r: got.append(r))
>>> job.wait(5)
True
>>> got, w.busy
([42], '')

Where threads do not exist (Pyodide, JupyterLite: ``threading.Thread.start`` raises
``RuntimeError`` there) :class:`ForegroundWorker` runs the same jobs in the foreground, one
after another, each within a budget of at most ``ForegroundWorker.max_seconds`` so that the
page stays usable; :func:`default_worker` picks one, and a board takes another by injection
(``FourSeasons(worker=...)``).

>>> fw = ForegroundWorker()
>>> job = fw.start("demo", "position", lambda cancel: 6 * 7, lambda job, r: got.append(r))
>>> job.wait(0), got[-1], fw.busy
(True, 42, '')
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SWITCH_INTERVAL = 0.0005  # s: how often the interpreter offers the GIL while a search runs

_running = 0
_saved_interval = 0.005
_interval_lock = threading.Lock()


def _search_started() -> None:
    global _running, _saved_interval
    with _interval_lock:
        if _running == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved_interval, SWITCH_INTERVAL))
        _running += 1


def _search_ended() -> None:
    global _running
    with _interval_lock:
        _running -= 1
        if _running == 0:
            sys.setswitchinterval(_saved_interval)


@dataclass
class Job:
    """One search in the worker: what it is (``kind``), the position it was asked for (any
    value compared with ``==``: the widget uses the game and its state), its cancel flag."""

    kind: str
    position: Any
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    finished: float | None = None
    _done: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def cancelled(self) -> bool:
        return self.cancel.is_set()

    def stale_for(self, position: Any) -> bool:
        """True when the board now shows another position than the one searched."""
        return position != self.position

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the search has ended and its result was handed over."""
        return self._done.wait(timeout)


class Worker:
    """Runs at most one search at a time in a daemon thread."""

    #: searches run beside the board (the page stays live while they run)
    threaded = True
    #: the longest budget a search may take here (``None``: as asked)
    max_seconds: float | None = None

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._job: Job | None = None

    def budget(self, seconds: float) -> float:
        """The budget a search asked with ``seconds`` gets from this worker."""
        return seconds if self.max_seconds is None else min(seconds, self.max_seconds)

    def spawn(self, target: Callable[[], None], name: str) -> None:
        """Run ``target()`` beside the caller (the analysis of "Where did I go wrong?")."""
        threading.Thread(target=target, name=name, daemon=True).start()

    @property
    def job(self) -> Job | None:
        return self._job

    @property
    def busy(self) -> str:
        """The kind of the search running, or whose result is being handed over ("" when
        none)."""
        job = self._job
        return job.kind if job is not None else ""

    def start(self, kind: str, position: Any, run: Callable[[threading.Event], Any],
              done: Callable[[Job, Any], None]) -> Job:
        """Start ``run(cancel)`` in a thread; then ``done(job, result)`` there (``result`` is
        the exception if ``run`` raised).  Raises ``RuntimeError`` while a search runs."""
        with self._lock:
            if self._job is not None:
                raise RuntimeError(f"a {self._job.kind} is running: cancel it first")
            job = self._job = Job(kind, position)

        def target() -> None:
            _search_started()
            try:
                result: Any = run(job.cancel)
            except Exception as e:  # handed to done(): the widget says what went wrong
                result = e
            finally:
                _search_ended()
            job.finished = time.perf_counter()
            try:
                done(job, result)
            finally:
                with self._lock:
                    self._job = None
                job._done.set()

        try:
            self.spawn(target, f"fourseasons-{kind}")
        except BaseException:  # (no thread could start: no search runs, none is said to)
            with self._lock:
                if self._job is job:
                    self._job = None
            job._done.set()
            raise
        return job

    def cancel(self) -> Job | None:
        """Ask the running search to stop (it ends within a few ms); returns it, or None."""
        job = self._job
        if job is not None:
            job.cancel.set()
        return job


class ForegroundWorker(Worker):
    """The worker where there are no threads (Pyodide): a job runs at once, in the caller's
    thread, and its result is handed over before :meth:`start` returns.  The board cannot be
    played while it runs, so each search is held to ``max_seconds`` (the board says so)."""

    threaded = False
    max_seconds: float | None = 2.0

    def __init__(self, max_seconds: float | None = 2.0) -> None:
        super().__init__()
        self.max_seconds = max_seconds

    def spawn(self, target: Callable[[], None], name: str) -> None:
        target()


_threads: bool | None = None


def threads_work() -> bool:
    """Whether a thread can be started here (not in Pyodide); probed once."""
    global _threads
    if _threads is None:
        if sys.platform == "emscripten":
            _threads = False
        else:
            try:
                t = threading.Thread(target=lambda: None, name="fourseasons-probe", daemon=True)
                t.start()
                t.join(5)
                _threads = True
            except RuntimeError:
                _threads = False
    return _threads


def default_worker() -> Worker:
    """A threaded :class:`Worker` where threads work, else a :class:`ForegroundWorker`."""
    return Worker() if threads_work() else ForegroundWorker()


__all__ = ["ForegroundWorker", "Job", "SWITCH_INTERVAL", "Worker", "default_worker",
           "threads_work"]
