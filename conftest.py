"""What ``python -m pytest`` collects besides ``tests/``: the package's docstring examples.

``pyproject.toml`` runs the examples in every module's docstrings (``--doctest-modules`` over
``tests`` and ``fourseasons_widget``), so a docstring that no longer says what the code does
fails the test command.  Collecting a module's examples imports it: a module that cannot be
imported without an optional extra is left out here when that extra is missing (its own tests
skip or fail on their own terms), rather than breaking the whole collection.
"""

from __future__ import annotations

import importlib.util

# module (relative to this folder) -> the packages its top level imports, beyond the package's
# own dependencies (the other modules import their extras lazily, inside functions)
NEEDS = {
    "fourseasons_widget/solver/_numba_core.py": ("numba", "numpy"),  # the [fast] extra
}

collect_ignore = [path for path, mods in NEEDS.items()
                  if any(importlib.util.find_spec(m) is None for m in mods)]


def pytest_collection_modifyitems(session, config, items):
    """The browser tests (marker ``e2e``) run after all the others.  The others then run in a
    process that has not yet started a browser, Jupyter servers or a Playwright driver: the
    thread storms of ``tests/test_worker_storm.py`` switch threads every 10 µs, and ran twice as
    slow after the browser tests as before them (248 s against 117 s for the issue-scale storm).
    A failing unit test is also reported minutes sooner."""
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
