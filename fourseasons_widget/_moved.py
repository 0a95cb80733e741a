"""Import paths kept for one release after modules moved.

``fourseasons_widget.search.solver`` (and ``.compiled``, ``.proofs`` …) now live in
:mod:`fourseasons_widget.solver`; the model (``cards``, ``deal``, ``rules``, ``state``,
``game``) in :mod:`fourseasons_widget.model`, the statistics store (``stats``,
``stats_schema``, ``stats_summary``, ``prefs``) in :mod:`fourseasons_widget.store` and the tools
(``cli``, ``export``, ``browser``, ``figures``) in :mod:`fourseasons_widget.tools`; the table and
its services (``controller``, ``advice``, ``demo`` …) in :mod:`fourseasons_widget.table`; the checks
of the statistics store's rows, of the experiments' CSV rows and of a front end's state update
out of :mod:`fourseasons_widget.validate` into the modules that use them.  A finder
installed by the package answers the old module names with the new modules themselves (one
module object, so monkeypatching either name works) and says so with a ``DeprecationWarning``;
``python -m`` with an old name runs the new module.  The teaching package never imports the
solver: the old names resolve here, by name, only when someone asks for them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

# the table and its services (fourseasons_widget/table/)
TABLE_MODULES = ("controller", "advice", "demo", "how_won", "review", "rules_choice", "offers",
                 "recorder", "snapshot", "background")
MOVED_MODULES = {
    "fourseasons_widget.search.solver": "fourseasons_widget.solver.exact",
    **{f"fourseasons_widget.search.{m}": f"fourseasons_widget.solver.{m}"
       for m in ("compiled", "_numba_core", "proofs", "abstraction", "relaxed", "players",
                 "experiments", "intervals")},
    **{f"fourseasons_widget.{m}": f"fourseasons_widget.model.{m}"
       for m in ("cards", "deal", "rules", "state", "game")},
    **{f"fourseasons_widget.{m}": f"fourseasons_widget.store.{m}"
       for m in ("stats", "stats_schema", "stats_summary", "prefs")},
    **{f"fourseasons_widget.{m}": f"fourseasons_widget.tools.{m}"
       for m in ("cli", "export", "browser", "figures")},
    **{f"fourseasons_widget.{m}": f"fourseasons_widget.table.{m}"
       for m in TABLE_MODULES},
    # (the gate's lowest helpers: "_bounded" read as kin of search/bounded.py, which it is not)
    "fourseasons_widget._bounded": "fourseasons_widget._validate_base",
}
# names once exported by ``fourseasons_widget.search`` itself
MOVED_ATTRIBUTES = {"solve": "fourseasons_widget.solver.exact",
                    "search": "fourseasons_widget.solver.exact",
                    "SolveResult": "fourseasons_widget.solver.exact"}
# checks once in ``fourseasons_widget.validate``, now in the one module that uses them
MOVED_CHECKS = {
    **{n: "fourseasons_widget.store.checks"
       for n in ("STATS_RESULTS", "STATS_MOVES_LIMIT", "STATS_SECONDS_LIMIT", "STATS_TEXT_LIMIT",
                 "stats_name", "stats_options", "stats_game", "stats_saved")},
    **{n: "fourseasons_widget.solver.rows"
       for n in ("CSV_FORMULA_START", "CSV_LINE_LIMIT", "csv_cell", "csv_int", "csv_real",
                 "EXPERIMENT_OUTCOMES", "EXPERIMENT_NODES_LIMIT", "experiment_row")},
    "frontend_update": "fourseasons_widget.channel",
}


def _warn(old: str, new: str) -> None:
    warnings.warn(f"{old} has moved to {new}; the old name goes in the next release",
                  DeprecationWarning, stacklevel=4)


def moved_attribute(package: str, name: str):
    """``package.name`` for a name that moved out of ``package`` (an ``AttributeError`` else)."""
    full = f"{package}.{name}"
    if full in MOVED_MODULES:
        _warn(full, MOVED_MODULES[full])
        return importlib.import_module(MOVED_MODULES[full])  # (the same module; warned once)
    if package == "fourseasons_widget.search" and name in MOVED_ATTRIBUTES:
        new = MOVED_ATTRIBUTES[name]
        _warn(full, f"{new.rsplit('.exact', 1)[0]}.{name}")
        return getattr(importlib.import_module(new), name)
    if package == "fourseasons_widget.validate" and name in MOVED_CHECKS:
        _warn(full, f"{MOVED_CHECKS[name]}.{name}")
        return getattr(importlib.import_module(MOVED_CHECKS[name]), name)
    raise AttributeError(f"module {package!r} has no attribute {name!r}")


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str):
        self.new = new
        self.spec = None

    def create_module(self, spec):
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module) -> None:
        module.__spec__ = self.spec  # the import system set the old name's spec on it

    def get_code(self, fullname: str):
        """What ``python -m <old name>`` runs (runpy asks the loader for code): the new
        module, run as ``__main__``, after the warning."""
        source = (f"import runpy, warnings\n"
                  f"warnings.warn({f'{fullname} has moved to {self.new}; python -m {self.new}'!r},"
                  f" DeprecationWarning)\n"
                  f"runpy.run_module({self.new!r}, run_name='__main__', alter_sys=True)\n")
        return compile(source, f"<{fullname}: moved to {self.new}>", "exec")


class MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        new = MOVED_MODULES.get(fullname)
        if new is None:
            return None
        _warn(fullname, new)
        return importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
