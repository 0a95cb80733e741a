"""Whose statistics a board keeps when nobody says: the default store of ``FourSeasons()``.

In Jupyter (one kernel, one person), in ``marimo edit`` (the notebook's author), in a script:
the player's own file (:func:`~fourseasons_widget.store.stats.default_path`), kept between
sessions.

In an app served by ``marimo run`` one Python process serves everyone who opens the page, each
in a session of their own — and the server cannot tell who is who (``marimo run`` names no user
unless an authentication layer is added).  Recording them all into the server's file would put
one person's games, saved game and View choices into another's (a visitor offered "an
unfinished game kept from before" that someone else left).  So there each session gets a store
of its own: a file in a temporary directory made for that session, shared by the boards of the
session (its Stats panel counts its games), read by no other session, and removed when the
session ends.  Nothing is written to the server's file.  An app that knows its users passes
``stats=Stats(path)`` (one path per user) to keep their statistics between visits, or
``stats=False`` for none.

Only the public ``mo.app_meta().mode`` says whether the app is served; which session a board
belongs to is the session's runtime context (marimo's own, one per session): should marimo no
longer show it, each board gets a store of its own — never another session's.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import threading
import weakref
from typing import Any

from .stats import Stats

_lock = threading.Lock()
#: a served marimo session's runtime context → its store (dropped with the session)
_stores: weakref.WeakKeyDictionary[Any, Stats] = weakref.WeakKeyDictionary()


def served_by_marimo() -> bool:
    """Is this code running in an app served by ``marimo run`` (many people, one process)?"""
    mo = sys.modules.get("marimo")  # (never imported here: only where marimo already runs)
    if mo is None:
        return False
    try:
        return mo.app_meta().mode == "run"
    except Exception:  # (a marimo without app_meta, or outside its runtime: not served)
        return False


def _session() -> Any:
    """The runtime context of the marimo session running this code, or None."""
    try:
        from marimo._runtime.context import get_context

        return get_context()
    except Exception:
        return None


def _session_store() -> Stats:
    """A store in a fresh temporary directory (of one session's, or one board's)."""
    folder = tempfile.mkdtemp(prefix="fourseasons-session-")
    return Stats(f"{folder}/stats.sqlite")


def default_store() -> Stats:
    """The store a board keeps its player's statistics in when none is given (see above)."""
    if not served_by_marimo():
        return Stats()
    session = _session()
    with _lock:
        try:
            store = _stores.get(session) if session is not None else None
        except TypeError:  # (a context that cannot be weakly referred to)
            session, store = None, None
        if store is None:
            store = _session_store()
            folder = str(store.path.parent)
            # (the directory goes with the session, or with the board's store where no session
            # is known)
            if session is not None:
                _stores[session] = store
            weakref.finalize(session if session is not None else store, shutil.rmtree, folder,
                             True)
    return store


__all__ = ["default_store", "served_by_marimo"]
