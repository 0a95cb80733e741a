"""What the package sets up when it runs in the browser (Pyodide: the course's JupyterLite site).

Pyodide has no threads: ``threading.Thread.start`` raises ``RuntimeError("can't start new
thread")``.  The package's own thread users take a thread-free path there (``background.py``,
``stats.py``).  Of its dependencies, tqdm starts a monitor thread with its first progress bar;
in Pyodide that fails, and tqdm shows the student a ``TqdmMonitorWarning`` ("tqdm:disabling
monitor support ... can't start new thread") above the bar of notebooks 04 and 06.
:func:`prepare` turns tqdm's monitor off with tqdm's own switch (``monitor_interval = 0``): the
bars work as before, with no thread and no warning.  ``fourseasons_widget`` calls it on import
when ``sys.platform == "emscripten"``; elsewhere nothing is changed.
"""

from __future__ import annotations

import sys


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
