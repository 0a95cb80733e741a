"""What the package sets up when it runs in the browser (Pyodide: the course's JupyterLite site).

Pyodide has no threads: ``threading.Thread.start`` raises ``RuntimeError("can't start new
thread")``.  The package's own thread users take a thread-free path there (``background.py``,
``stats.py``).  Of its dependencies, tqdm starts a monitor thread with its first progress bar;
in Pyodide that fails, and tqdm shows the student a ``TqdmMonitorWarning`` ("tqdm:disabling
monitor support ... can't start new thread") above the bar of notebooks 04 and 06.
:func:`prepare` turns tqdm's monitor off with tqdm's own switch (``monitor_interval = 0``): the
bars work as before, with no thread and no warning.  ``fourseasons_widget`` calls it on import
when ``sys.platform == "emscripten"``; elsewhere nothing is changed.

Pyodide also turns Python's ``None`` into JavaScript's ``undefined`` when the kernel
(jupyterlite's pyodide-kernel: ``sendComm`` → ``toJs()``) hands a comm message to the page,
and the page's JSON then drops every key whose value was ``None``: the board published
``"demo": None`` and the page saw no ``demo`` key at all, so the Demo button (shown where the
board offers a ``demo``) never showed in the site; every other ``None`` of a synced trait
(``hint``, ``base_rank``, …) arrived missing instead of ``null``.  :func:`keep_nulls` sends
``None`` as Pyodide's ``jsnull`` (JavaScript's ``null``), as a CPython kernel's JSON does.
"""

from __future__ import annotations

import sys
from typing import Any


def in_browser() -> bool:
    """Whether this Python is Pyodide (Python compiled to WebAssembly, in a web page)."""
    return sys.platform == "emscripten"


def prepare() -> None:
    """Make the dependencies that would start a thread run without one (tqdm's monitor)."""
    try:
        from tqdm import std
    except ImportError:  # (a dependency; absent only in a stripped environment)
        return
    std.tqdm.monitor_interval = 0


def prepare_all() -> None:
    """Everything the package sets up in the browser (called on import there)."""
    prepare()
    keep_nulls()


def nulled(value: Any, null: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, tuples, scalars) with every ``None`` in it replaced
    by ``null``; containers with no ``None`` inside are returned as they are."""
    if value is None:
        return null
    if isinstance(value, dict):
        out = {k: nulled(v, null) for k, v in value.items()}
        return value if all(out[k] is value[k] for k in value) else out
    if isinstance(value, (list, tuple)):
        items = [nulled(v, null) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value


def keep_nulls(shell: Any = None, null: Any = None) -> bool:
    """Make the kernel's comm messages (widget state and custom messages) carry ``None`` as
    JavaScript's ``null``, not ``undefined`` (dropped by JSON): wraps the shell's
    ``send_comm`` (pyodide-kernel's, set from JavaScript) once.  ``shell`` and ``null`` default
    to IPython's shell and ``pyodide.ffi.jsnull``.  Returns whether it wrapped it now."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if null is None:
        try:
            from pyodide.ffi import jsnull as null
        except ImportError:  # (not Pyodide, or one too old to have it)
            return False
    send = getattr(shell, "send_comm", None)
    if send is None or getattr(send, "_fsw_keeps_nulls", False):
        return False

    def send_comm(msg_type, content, metadata=None, *rest):
        return send(msg_type, nulled(content, null), nulled(metadata, null), *rest)

    send_comm._fsw_keeps_nulls = True
    shell.send_comm = send_comm
    return True
