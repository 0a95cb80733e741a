"""Run a search someone wrote (a student's ``search(problem, on_step)``) under bounds.

A search of one's own may loop for ever, sleep, call ``sys.exit()``, or catch every exception
around ``on_step``.  :meth:`Guard.run` calls it so that none of that can hang a notebook or
escape as an error: it returns an :class:`Outcome` saying what happened.

How it ends a run that has gone on too long (the first that applies):

- in the main thread of CPython, an alarm signal (``SIGALRM``), which ticks every 50 ms and
  raises at each tick after the deadline: it interrupts pure-Python loops and ``time.sleep``
  alike;
- where there are no signals (Pyodide, ``sys.platform == "emscripten"``, or another thread),
  a step budget: a trace function counts the instructions the student's own code runs
  (the package's code is not traced) and checks the clock every thousand; a trace function
  sees no instruction while ``time.sleep`` waits, so for the run ``time.sleep`` waits no
  later than the deadline and then stops the search (a ``sleep`` imported by name before the
  run, ``from time import sleep``, is the one thing not cut short: it still ends, late);
- an observer (the checker's or the view's ``on_step``) calls :meth:`Guard.check` at each
  expansion, which raises too.

The exception raised, :class:`Stop`, derives from ``BaseException``, so ``except Exception``
lets it through.  A bare ``except:`` catches it: then the guard raises it again at every line
the student's code runs next (a trace function set on its frames by the alarm and by each
``on_step``), which lands in the handler and so gets out of it, and the outcome says the
signal was caught (``swallowed``).

A :class:`Stop` is only ever raised into the student's search and what it calls, never into
code the cyclic garbage collector runs on others' behalf (``gc.callbacks``, such as
hypothesis's and dask's, and the finalizers of others' garbage): raised there, it would be lost
(Python can only print "Exception ignored in ...") and would cut that code short; and inside a
student's deep recursion that code would fail for want of stack.  So the collector is paused
while the student's code runs, and the guard runs it itself when it is due (at an expansion, a
tick of the alarm, or the tracer's look at the clock), with its hooks switched off and only
where the stack has room for what the collector calls.

The guard also notes every call of the library's own searches (``forbidden``): a profile hook
sees the call whatever name the function was imported under.

>>> g = Guard(seconds=1.0)
>>> g.run(lambda: sum(range(10))).value
45
"""

from __future__ import annotations

import gc
import itertools
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .algorithms import Node

#: the package's own source files: code there is never traced (it is not the student's)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
#: lines of the student's code between two looks at the clock (trace mode)
_CLOCK_EVERY = 1024
#: the most children one expansion may report to ``on_step`` (``expand`` gives far fewer)
MAX_CHILDREN = 1_000
#: seconds between two ticks of the alarm: before the deadline a tick runs the collector if it
#: is due; after it, each tick raises :class:`Stop` again
_TICK = 0.05
#: new objects the collector may have to look at before the guard runs it (Python's own
#: threshold is 700: fewer, longer pauses while the student's code runs)
_GC_YOUNG = 10_000
#: how many frames up from the one a Stop would be raised in the guard looks for a finalizer
#: (a look at every frame, at every raise, made a deep search that catches each raise slow)
_FINALIZER_REACH = 32
#: frames left below the recursion limit that the guard wants before it runs the collector
#: (gc callbacks and finalizers need frames of their own)
_GC_HEADROOM = 200

#: the collector's one switch is the process's: guarded runs at once (a SearchView's search in
#: a thread and a check in the cell) share it — paused while any of them runs, and switched
#: back on, if it was on before the first of them, only when the last one ends; each of them
#: runs it when it is due (so a run that began after another has paused it still collects)
_gc_lock = threading.Lock()
_gc_users = 0
_gc_was_on = False


def _pause_collector() -> bool:
    """A guarded run begins: pause the collector; whether it was on before the guarded runs
    under way began (the run then collects in its stead)."""
    global _gc_users, _gc_was_on
    with _gc_lock:
        if _gc_users == 0:
            _gc_was_on = gc.isenabled()
        _gc_users += 1
        gc.disable()
        return _gc_was_on


def _resume_collector() -> None:
    """A guarded run ends: the last one switches the collector back on if it was on before."""
    global _gc_users
    with _gc_lock:
        _gc_users -= 1
        if _gc_users == 0 and _gc_was_on:
            gc.enable()


class Misuse(Exception):
    """A search of one's own called ``on_step`` with something an observer cannot record."""


def step_children(node: Any, children: Any) -> list[Node]:
    """The arguments of one ``on_step(node, children, ...)`` call of a search of one's own,
    checked the same way by every observer (the checker's, the view's): ``node`` is the
    :class:`~.algorithms.Node` expanded and ``children`` at most :data:`MAX_CHILDREN` Nodes
    (read no further than that: a search may pass an endless iterator).  Returns the children
    as a list; raises :class:`Misuse` saying which argument is wrong."""
    if not isinstance(node, Node):
        raise Misuse("on_step's first argument should be the Node you expanded, not a "
                     f"{type(node).__name__}")
    kids = list(itertools.islice(iter(children if children is not None else ()),
                                 MAX_CHILDREN + 1))
    if len(kids) > MAX_CHILDREN:
        raise Misuse(f"on_step was given more than {MAX_CHILDREN:,} children for one node: "
                     "pass the list expand(problem, node) returns")
    for c in kids:
        if not isinstance(c, Node):
            raise Misuse("on_step's second argument should be the children (Nodes) expand "
                         f"gave, not {type(c).__name__}s")
    return kids


def frontier_node(entry: Any) -> Node:
    """A frontier entry on_step was given: a Node, or a tuple (list) holding one, such as
    ``(f, count, node)``; else :class:`Misuse`."""
    if isinstance(entry, Node):
        return entry
    if isinstance(entry, tuple | list):
        for x in reversed(entry):
            if isinstance(x, Node):
                return x
    raise Misuse("each entry of the frontier passed to on_step should be a Node or a tuple "
                 f"holding one, such as (f, count, node); one is a {type(entry).__name__}")


class Stop(BaseException):
    """Raised into a student's search to end it (``except Exception`` lets it through)."""


@dataclass
class Outcome:
    """What a guarded call did."""

    #: what the function returned (``None`` when it raised or was stopped)
    value: Any = None
    #: why the guard ended it: ``"time"``, ``"steps"``, or what an observer said
    #: (``"expansions"``, ``"frontier"``, ...); ``None`` if it ended by itself
    stopped: str | None = None
    #: the exception it raised (``SystemExit`` and ``KeyboardInterrupt`` included)
    error: BaseException | None = None
    #: the student's code caught the guard's :class:`Stop` at least once
    swallowed: bool = False
    #: the forbidden functions it called, by their description (in call order, each once)
    library: list[str] = field(default_factory=list)
    #: the attributes of the protected classes it changed (``"GameProblem.h"``), put back
    patched: list[str] = field(default_factory=list)
    seconds: float = 0.0


def signals_usable() -> bool:
    """True where an alarm signal can interrupt the code (CPython's main thread)."""
    return (sys.platform != "emscripten" and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread())


def _ours(code: Any) -> bool:
    return code.co_filename.startswith(_PACKAGE)


class _Raised:
    """A ``StopIteration`` the student's function raised, carried out of the generator it is
    called in (raised there, Python would turn it into "RuntimeError: generator raised
    StopIteration" and lose the student's line)."""

    def __init__(self, error: StopIteration) -> None:
        self.error = error


def _own_exception_state(fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
    try:
        value = fn(*args, **kwargs)
    except StopIteration as e:
        yield _Raised(e)
        return
    yield value


def frontier_container(frontier: Any) -> Any:
    """What to read the entries of a frontier on_step was given from: the container itself
    (a list, deque, tuple or set; a dict's values; any iterable object), the list a
    ``queue.Queue`` or ``queue.PriorityQueue`` keeps (``.queue``), or the one list (or deque)
    a wrapper object keeps, such as Red Blob Games' ``PriorityQueue`` (``.elements``).
    Raises :class:`Misuse` for an object that is none of these, saying what it is."""
    if frontier is None:
        return ()
    if isinstance(frontier, dict):
        return list(frontier.values())
    if isinstance(frontier, list | deque | tuple | set | frozenset):
        return frontier
    inner = getattr(frontier, "queue", None)
    if isinstance(inner, list | deque):
        return inner  # queue.Queue, queue.PriorityQueue
    if hasattr(type(frontier), "__iter__"):
        return frontier  # a class that is its own frontier, a generator
    try:
        fields = [v for v in vars(frontier).values() if isinstance(v, list | deque)]
    except TypeError:
        fields = []
    if len(fields) == 1:
        return fields[0]  # a wrapper: Red Blob's PriorityQueue keeps its heap in .elements
    name = type(frontier).__name__
    if fields:
        raise Misuse(f"on_step's third argument should be your frontier: a {name} keeps "
                     f"{len(fields)} lists, and the checker cannot tell which holds the "
                     "frontier; pass that list itself (a deque, a list or a heap)")
    raise Misuse("on_step's third argument should be your frontier (a deque, a list or a "
                 f"heap, or an object keeping one), not a {name}")


class Guard:
    """Bounds for one call of someone else's code: ``seconds`` of wall time, ``max_lines``
    lines run where there are no signals, and ``forbidden``, a mapping of code objects to a
    description (``{breadth_first_search.__code__: "the library's breadth-first search"}``)
    whose calls are noted; the classes in ``protect`` (and their bases of this package) are
    put back as they were after the call, whatever it patched on them
    (``type(problem).h = ...``), and the outcome names what it changed."""

    def __init__(self, seconds: float, *, max_lines: int = 200_000_000,
                 forbidden: dict[Any, str] | None = None,
                 protect: tuple[type, ...] = ()) -> None:
        self.seconds = float(seconds)
        self.protect = protect
        self.max_lines = max_lines
        self.forbidden = forbidden or {}
        self.reason: str | None = None
        self.raised = 0
        self.lines = 0
        self.library: list[str] = []
        self.active = False
        self.deadline = 0.0
        self._gc_on = False  # the collector was on when the run began (it is paused during it)
        self._home: Any = None
        self._hooks = {self._local.__code__, self._global.__code__, self._profile.__code__,
                       self._arm.__code__}

    # -- stopping -------------------------------------------------------------------------------

    def halt(self, reason: str) -> None:
        """End the run now (``reason`` is kept unless one was given before)."""
        # (the Stop is made first: at the recursion limit making it fails with RecursionError,
        #  which the student's search may catch; the run must then not count as stopped)
        stop = Stop(self.reason if self.reason is not None else reason)
        if self.reason is None:
            self.reason = reason
        self.raised += 1
        try:
            raise stop
        finally:
            del stop  # (else this frame, which its traceback holds, holds it: a cycle keeping
            #            the stopped search's frames, and what they hold, until a collection)

    def check(self) -> None:
        """For an observer, at each expansion: raise if the run is over (again, for a student
        who caught the first :class:`Stop`) or past its deadline."""
        if not self.active:
            return
        self._collect()
        if self.reason is not None:
            self._arm(sys._getframe(1))  # it was caught: raise it again at the next line too
            self.halt(self.reason)
        if time.monotonic() > self.deadline:
            self.halt("time")

    def _arm(self, frame: Any) -> None:
        """Trace the student's frames between ``frame`` and the guard: once stopped, every
        line they run raises again (how a bare ``except:`` is got out of)."""
        sys.settrace(self._global)
        local = self._local
        f = frame
        while f is not None and f is not self._home:
            if not _ours(f.f_code):
                if f.f_trace == local:
                    break  # (armed before, and so is every frame below it: a raise clears the
                    #        trace of the frame it leaves, and that frame is left)
                f.f_trace = local
            f = f.f_back

    def _sleeper(self, real_sleep: Callable[[float], None]) -> Callable[[float], None]:
        """``time.sleep`` for a run without signals: it waits no later than the deadline,
        then stops the search (in the guard's own thread; any other thread sleeps as ever)."""
        me = threading.get_ident()

        def sleep(seconds: float) -> None:
            if not self.active or threading.get_ident() != me:
                return real_sleep(seconds)
            real_sleep(max(0.0, min(seconds, self.deadline - time.monotonic() + 0.001)))
            self.check()
            return None

        return sleep

    def _on_alarm(self, signum: int, frame: Any) -> None:
        if not self.active:
            return
        if frame is not None and frame.f_code in self._hooks:
            return  # (raised inside a hook, Python would switch the hook off: the next tick)
        if frame is not None and frame is self._home:
            return  # (the guard's own frame, setting up or cleaning up: never raised into)
        if time.monotonic() <= self.deadline:
            self._collect()  # (a tick before the deadline: it never raises)
            return
        if self._in_finalizer(frame):
            return  # (lost there: the next tick)
        self.halt("time")

    def _in_finalizer(self, frame: Any) -> bool:
        """``frame`` runs in a finalizer (``__del__``) called within the run: of an object the
        search dropped, or freed as a stopped search unwinds.  Python ignores what a finalizer
        raises (it prints "Exception ignored in ..."): a :class:`Stop` raised there would be
        lost, and would cut the finalizer short."""
        f, n = frame, 0
        while f is not None and f is not self._home and n < _FINALIZER_REACH:
            if f.f_code.co_name == "__del__":
                return True
            f, n = f.f_back, n + 1
        return False

    def _collect(self) -> None:
        """Run the paused collector if the student's code has made it due: with the guard's
        hooks off (no :class:`Stop` can land in what it runs) and only where the stack has
        :data:`_GC_HEADROOM` frames to spare (else at a later look, once it is shallower)."""
        if not self._gc_on:
            return
        counts = gc.get_count()
        if counts[0] < _GC_YOUNG:
            return
        if gc.isenabled():
            gc.disable()  # (the student's code switched it back on)
        depth, f = 0, sys._getframe()
        while f is not None:
            depth += 1
            f = f.f_back
        if sys.getrecursionlimit() - depth < _GC_HEADROOM:
            return
        self.active = False
        try:
            gc.collect(1 if counts[1] >= gc.get_threshold()[1] else 0)
        finally:
            self.active = True

    def _global(self, frame: Any, event: str, arg: Any) -> Any:
        if not self.active or _ours(frame.f_code):
            return None
        # instructions, not only lines: a one-line loop (``while True: pass``) runs no new line
        frame.f_trace_opcodes = True
        return self._local

    def _local(self, frame: Any, event: str, arg: Any) -> Any:
        if not self.active:
            return None
        if event == "line" or event == "opcode":
            if self.reason is None:
                self.lines += 1
                if self.lines % _CLOCK_EVERY:
                    return self._local
                if time.monotonic() > self.deadline:
                    why = "time"
                elif self.lines > self.max_lines:
                    why = "steps"
                else:
                    self._collect()
                    return self._local
                if self._in_finalizer(frame):
                    self.reason = why  # (raised at the next line outside it)
                    return self._local
                self.halt(why)  # (Python then switches this tracer off: the alarm or the
                #                  next on_step sets it again)
            elif not self._in_finalizer(frame):
                self.halt(self.reason)
        return self._local

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            what = self.forbidden.get(frame.f_code)
            if what is not None and what not in self.library:
                self.library.append(what)
        if self.reason is not None and self.active and event in ("call", "c_call"):
            # stopped, and the student's code goes on (it caught the Stop): trace its frames
            # so that the next line it runs raises again (this hook runs in the student's own
            # evaluation loop, where switching tracing on takes effect; a signal handler's
            # does not)
            self._arm(frame)

    # -- the call -------------------------------------------------------------------------------

    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Outcome:
        """Call ``fn(*args, **kwargs)`` under the bounds; never raises what ``fn`` raises."""
        out = Outcome()
        kept = _snapshot(self.protect)
        use_signal = signals_usable()
        old_trace, old_profile = sys.gettrace(), sys.getprofile()
        old_handler: Any = None
        old_timer = (0.0, 0.0)
        t0 = time.monotonic()
        self.deadline = t0 + self.seconds
        self._home = sys._getframe()
        self._gc_on = _pause_collector()  # (the guard runs it: see _collect)
        resumed = False
        self.active = True
        if use_signal:
            old_handler = signal.signal(signal.SIGALRM, self._on_alarm)
            old_timer = signal.setitimer(signal.ITIMER_REAL, min(max(self.seconds, 0.001), _TICK),
                                         _TICK)
        else:
            sys.settrace(self._global)
            real_sleep = time.sleep
            time.sleep = self._sleeper(real_sleep)
        sys.setprofile(self._profile)
        try:
            # called in a generator of its own: a Stop raised by the tracer inside the
            # student's ``except:`` block can leave CPython's record of the exception being
            # handled pointing at that Stop after the call (3.11: ``sys.exc_info()`` still
            # named it in the caller, and a later ``compile`` failed with "AST constructor
            # recursion depth mismatch"); a generator keeps its own record, dropped with it
            out.value = next(_own_exception_state(fn, args, kwargs))
            if isinstance(out.value, _Raised):
                out.error, out.value = out.value.error, None
        except Stop:
            self.active = False  # (first: what the search dropped is freed as this block ends)
            out.value = None
        except BaseException as e:  # (SystemExit and KeyboardInterrupt are answered too)
            self.active = False
            out.error = e
            out.value = None
        # a Stop scheduled by the tracer may still land here, once: the cleanup is retried
        for _ in range(3):
            try:
                self.active = False
                if use_signal:
                    signal.setitimer(signal.ITIMER_REAL, 0, 0)
                    signal.signal(signal.SIGALRM, old_handler)
                    if old_timer[0] > 0:  # someone else's alarm (a test runner's timeout)
                        left = old_timer[0] - (time.monotonic() - t0)
                        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), old_timer[1])
                sys.settrace(old_trace)
                sys.setprofile(old_profile)
                if not use_signal:
                    time.sleep = real_sleep
                if not resumed:
                    resumed = True
                    _resume_collector()
                break
            except Stop:
                continue
        out.seconds = time.monotonic() - t0
        out.stopped = self.reason
        out.swallowed = self.raised > 1 or (self.reason is not None and (
            out.error is not None or out.value is not None))
        if out.swallowed and out.stopped is not None:
            out.value = None  # a run that went on after being stopped has no result to judge
        if out.stopped is None and out.error is None and out.seconds > self.seconds + 1.0:
            # it ended by itself, but long past the deadline (in code nothing could stop:
            # a loop in C, a sleep imported by name): over the bound all the same
            out.stopped, out.value = "time", None
        out.library = list(self.library)
        out.patched = _restore(kept)
        return out


def _snapshot(classes: tuple[type, ...]) -> list[tuple[type, dict[str, Any]]]:
    """The namespaces of ``classes`` defined in this package and of their bases defined in it
    (a class from elsewhere — ``str``, ``object`` — is left alone)."""
    home = (__package__ or "").split(".")[0] + "."
    seen: list[type] = []
    for cls in classes:
        for c in getattr(cls, "__mro__", ()):
            if c not in seen and c.__module__.startswith(home):
                seen.append(c)
    return [(c, dict(vars(c))) for c in seen]


def _restore(kept: list[tuple[type, dict[str, Any]]]) -> list[str]:
    """Put each class's namespace back as it was; the names of what had changed."""
    changed = []
    missing = object()
    for cls, before in kept:
        now = dict(vars(cls))
        for name in sorted(set(before) | set(now)):
            old, new = before.get(name, missing), now.get(name, missing)
            if old is new:
                continue
            changed.append(f"{cls.__name__}.{name}")
            try:
                if old is missing:
                    delattr(cls, name)
                else:
                    setattr(cls, name, old)
            except (AttributeError, TypeError):
                pass
    return changed


def describe_error(e: BaseException, limit: int = 120) -> str:
    """A student's exception in one short sentence: its type, its message (shortened on a
    word, never mid-word) and the line of the student's own code it came from."""
    import traceback

    if isinstance(e, SystemExit):
        return "your search called sys.exit() (SystemExit): a search returns the goal Node, or None"
    if isinstance(e, KeyboardInterrupt):
        return "your search was interrupted (KeyboardInterrupt)"
    where = ""
    frames = [f for f in traceback.extract_tb(e.__traceback__)
              if not f.filename.startswith(_PACKAGE)]
    if frames:
        where = f" (line {frames[-1].lineno}, in {frames[-1].name})"
    msg = " ".join(str(e).split())
    if len(msg) > limit:
        msg = msg[:limit].rsplit(" ", 1)[0].rstrip(",;:.") + " …"
    return f"{type(e).__name__}{': ' + msg if msg else ''}{where}"


def private_class(obj: Any) -> Any:
    """Give ``obj`` a class of its own (a bare subclass of its class, of the same name), and
    return it: a patch of ``type(obj)`` (``type(problem).h = ...``) then reaches no other
    instance — not the checker's own copies, not the library's later runs."""
    cls = type(obj)
    obj.__class__ = type(cls.__name__, (cls,), {"__module__": cls.__module__,
                                                "__qualname__": cls.__qualname__,
                                                "__doc__": cls.__doc__})
    return obj


def same_cost(x: Any, y: Any) -> bool:
    """``x`` is a finite real number equal to ``y`` (never NaN, never infinite)."""
    import math

    return (isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            and abs(x - y) <= 1e-9 * max(1.0, abs(y)))


def forged_child(problem: Any, node: Node, kids: list[Node]) -> str | None:
    """Why one of ``kids`` (the children a search reported for ``node``) is not one
    ``expand(problem, node)`` makes — its parent, action, state, g or depth differ (a Node
    made by hand, garbage, a NaN cost) — or ``None``.  ``problem`` is the observer's own copy
    (the checker's, the view's), never the one the search may have changed."""
    legal = None
    for c in kids:
        if c.parent is not node:
            return "its parent is not the node expanded"
        if c.depth != node.depth + 1:
            return f"its depth is {c.depth!r}, its parent's {node.depth}"
        if legal is None:
            legal = problem.actions(node.state)
        if c.action not in legal:
            return "its action is not a legal action of the node expanded"
        s2 = problem.result(node.state, c.action)
        if s2 != c.state:
            return "its state is not the one its action leads to"
        g = node.path_cost + problem.action_cost(node.state, c.action, s2)
        if not same_cost(c.path_cost, g):
            return f"its path cost is {c.path_cost!r}, where its action gives {g:g}"
    return None
