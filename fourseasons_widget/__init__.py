"""Four Seasons (Vanishing Cross) patience for Python and Jupyter.

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> len(g.legal_moves()) > 0
True
"""

import sys as _sys
import warnings as _warnings
from typing import Any as _Any

from ._moved import MOVED_MODULES as _MOVED_MODULES
from ._moved import install as _install_moved
from ._moved import moved_attribute as _moved_attribute
from .budget import Budget, BudgetError
from .model.cards import CardError, card_code, parse_card
from .model.game import Game, SaveFileError, position_status, set_loss_prover  # noqa: F401
from .model.rules import VARIANTS, IllegalMoveError, Rules, RulesError, get_rules
from .model.state import Move, State

_install_moved()


def _game_analyse(self: Game, *args: _Any, **kwargs: _Any):
    """Deprecated: use :func:`fourseasons_widget.analysis.analyse` (``analyse(game)``).

    Kept for one release after the method moved out of the model (which knows no solver);
    the same arguments (a first positional one is the old ``max_seconds``; ``budget=`` and
    ``per_position=`` as :func:`~fourseasons_widget.analysis.analyse`), the same
    :class:`~fourseasons_widget.analysis.Analysis`."""
    _warnings.warn("Game.analyse is deprecated: use fourseasons_widget.analysis.analyse(game); "
                   "Game.analyse goes in the next release", DeprecationWarning, stacklevel=2)
    from .analysis import analyse

    if args:  # (game.analyse(5): the old max_seconds, which analyse() converts with a warning)
        if len(args) > 1 or "max_seconds" in kwargs:
            raise TypeError("Game.analyse takes at most one positional argument (max_seconds)")
        kwargs["max_seconds"] = args[0]
    return analyse(self, **kwargs)


# (set here: the model itself imports no analysis, see tests/test_package_layout.py)
_game_analyse.__name__ = _game_analyse.__qualname__ = "analyse"
Game.analyse = _game_analyse

__version__ = "0.1.0"

if _sys.platform == "emscripten":  # Pyodide (the JupyterLite site): no threads there
    from .tools.browser import prepare_all as _prepare

    _prepare()

__all__ = [
    "Game", "Move", "State", "Rules", "VARIANTS", "get_rules", "IllegalMoveError",
    "SaveFileError", "CardError", "RulesError", "card_code", "parse_card", "position_status",
    "Budget", "BudgetError",
    "FourSeasons", "SearchView", "analyse", "__version__",
]


def __getattr__(name: str):
    # The widgets pull in anywidget/ipywidgets; import it only when asked for.
    if name == "FourSeasons":
        from .widget import FourSeasons

        return FourSeasons
    if name == "analyse":
        from .analysis import analyse

        return analyse
    if name == "SearchView":
        from .searchview import SearchView

        return SearchView
    if f"{__name__}.{name}" in _MOVED_MODULES:  # (fourseasons_widget.stats, … for a release)
        return _moved_attribute(__name__, name)
    raise AttributeError(name)
