"""The board's preview: a small saved output that plays before Python is ready.

A widget's own output (``application/vnd.jupyter.widget-view+json``) needs the widget manager
and a kernel: in the JupyterLite site, where Python starts only seconds after the notebook
shows, and the notebooks are untrusted, a saved board is text until its cell runs again.  So
beside the widget's view :class:`~fourseasons_widget.widget.FourSeasons` publishes
``application/vnd.fourseasons.board+json``: which deal it shows, nothing more —

>>> from fourseasons_widget import Game
>>> payload(Game.new(seed=7, variant="czarina"))
{'version': 1, 'variant': 'czarina', 'options': {'tableau_wrap': 'literal', 'fill': 'stock', 'rules': 'default'}, 'seed': 7}

This project's JupyterLab extension (``js/labext``: a renderer marked safe, so it renders in
an untrusted notebook) draws it as the kernel-less board (``js/src/engine/``, the port of the
rules the exported page plays on), and the live board takes the game over when the cell runs
(``js/src/handover.js``).

Only a deal the player can already see and type has one: a seed or a PySolFC number (the
board shows both).  A position given by code (``deck=``, ``game=``, a loaded save) has none —
its deck is the author's, and the front end is never told a face-down card.  The preview
starts at the deal: what running the cell deals again.
"""

from __future__ import annotations

from typing import Any

from .model.game import Game

MIME = "application/vnd.fourseasons.board+json"
VERSION = 1
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def payload(game: Game, *, given: bool = False) -> dict[str, Any] | None:
    """What the preview needs to deal ``game`` again, or None where it must not have one
    (``given``: a position the code fixed; a game with neither seed nor PySolFC number)."""
    if given:
        return None
    data: dict[str, Any] = {"version": VERSION, "variant": game.rules.variant,
                            "options": dict(game.rules.option_values)}
    if game.pysol is not None:
        data["pysol"] = int(game.pysol)
    elif game.seed is not None:
        data["seed"] = int(game.seed)
    else:
        return None
    return data


def add_preview(bundle: Any, game: Game, *, given: bool = False) -> Any:
    """``bundle`` (what a widget's ``_repr_mimebundle_`` returns: the data, or the data and
    its metadata) with the preview beside the widget's view, where it may have one."""
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, None)
    extra = payload(game, given=given)
    if extra is None or not isinstance(data, dict) or WIDGET_VIEW not in data:
        return bundle
    data = {**data, MIME: extra}
    return data if meta is None else (data, meta)


__all__ = ["MIME", "VERSION", "add_preview", "payload"]
