"""Which engine answers a search: :func:`choose`, the one place that picks a backend.

Two backends implement the interface of :mod:`.interface`: the Python reference
(:mod:`.reference`, everywhere, JupyterLite included) and the compiled core (:mod:`.compiled`,
where numba is installed).  ``engine=`` of :func:`~.exact.solve`, :func:`~.exact.search`,
:func:`~.proofs.prove` and :func:`~.abstraction.prove_by_ranks` is one of :data:`ENGINES`:

- ``"auto"`` (the default, :data:`DEFAULT_ENGINE`): the compiled core where numba is
  installed, the rules and the position are ones it plays (:func:`~.compiled.supports`,
  :func:`~.compiled.fits_position`) and its JIT is compiled; otherwise the Python reference.
  When the core is installed but not yet compiled, the compile starts in a background thread
  (:func:`~.compiled.warm_up`) and this search runs in Python: no caller ever waits for a
  compile, and a later search gets the compiled core.  Nothing is started where numba is
  absent (Pyodide);
- ``"compiled"``: the compiled core, compiled now if need be (``ValueError`` if it cannot
  play the rules, ``ImportError`` without numba);
- ``"python"``: the reference.

The environment variable ``FOURSEASONS_ENGINE`` (one of :data:`ENGINES`) changes the default,
for a machine where the compile in the background is unwelcome.

The backends import the interface, never this module: the dependency runs one way
(exact, proofs, abstraction → backends → reference, compiled → interface).
"""

from __future__ import annotations

import os

from ..model.rules import Rules
from ..model.state import State
from . import compiled
from .interface import Backend
from .reference import PYTHON

ENGINES = ("python", "compiled", "auto")
_env = os.environ.get("FOURSEASONS_ENGINE", "auto")
DEFAULT_ENGINE = _env if _env in ENGINES else "auto"


def check_engine(engine: object) -> str:
    if not isinstance(engine, str) or engine not in ENGINES:
        shown = repr(engine) if len(repr(engine)) <= 30 else repr(engine)[:27] + "..."
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {shown}")
    return engine


def choose(engine: str, rules: Rules, state: State | None = None, *,
           wait: bool = False, max_table: int | None = None) -> Backend:
    """The backend that runs a search asked for with ``engine`` on these rules (and, if given,
    this position).  ``wait=True``: ``"auto"`` takes the compiled core wherever it is
    installed and plays the rules, compiling it now if need be (the research searches, which
    run for minutes: the rank abstraction); the board's searches never wait.  ``max_table``:
    the compiled searches' largest table (slots, :func:`.compiled.check_table`; the Python
    searches keep their positions in a dict, which has no such limit)."""
    check_engine(engine)
    table = compiled.COMPILED if max_table is None else compiled.CompiledBackend(max_table)
    if engine == "python":
        return PYTHON
    if engine == "compiled":
        compiled.check(rules)
        if state is not None and not compiled.fits_position(rules, state):
            raise ValueError("the compiled core packs piles that are runs; this position has "
                             "a pile that is not one: use engine='python'")
        return table  # (its first call compiles, if nothing has yet)
    if not compiled.supports(rules) or not compiled.installed():
        return PYTHON
    if state is not None and not compiled.fits_position(rules, state):
        return PYTHON
    if not wait and not compiled.ready():
        compiled.warm_up()  # (in the background: this search runs in Python)
        return PYTHON
    return table


def warming(engine: str, rules: Rules, state: State) -> bool:
    """Whether ``"auto"`` would take the compiled core for this search but its JIT is still
    warming up: the search then starts in Python and may hand over (:class:`Handover`)."""
    return (engine == "auto" and compiled.supports(rules) and compiled.installed()
            and not compiled.ready() and compiled.fits_position(rules, state))


class Handover:
    """A cancel flag for a Python search started while the JIT warms up: it stops the search
    once the compiled core is ready (or when the caller's own ``cancel`` is set), so that the
    caller can run the rest of the budget compiled (:attr:`handed` says which happened)."""

    def __init__(self, cancel=None) -> None:
        self.cancel = cancel
        self.handed = False

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        if compiled.ready():
            self.handed = True
            return True
        return False
