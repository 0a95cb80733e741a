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
