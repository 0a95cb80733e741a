"""What a player chose for the board — its View settings and the rules — kept beside the
statistics, so that every new board looks and plays as the player left the last one.

The choices live in the statistics' own SQLite file (:attr:`Stats.path
<fourseasons_widget.store.stats.Stats.path>`), in a table of their own (``view_prefs``: one row per
choice, its value as JSON), created ``IF NOT EXISTS``: the statistics' schema, its version and its
migrations are not touched, and a statistics file of an older or newer version still keeps them.
The file is outside input: a row with an unknown name or a value that is not one of the
choice's values is left out, with a message in :attr:`Prefs.notices`; a file that cannot be
used (locked, read-only, damaged) keeps the choices in memory for the session, with a message.

Only a choice made on the board is kept (the widget calls :meth:`Prefs.save` when a front end
changes a View setting, and the controller when the player picks the rules); what Python
passes to ``FourSeasons(...)`` wins over what is kept and is not kept itself.

>>> import tempfile, os
>>> p = Prefs(os.path.join(tempfile.mkdtemp(), "stats.sqlite"))
>>> p.load()
{}
>>> p.save("card_face", "large"); p.save("rules", "pysol")
>>> sorted(Prefs(p.path).load().items())
[('card_face', 'large'), ('rules', 'pysol')]
>>> p.save("card_face", "huge")
Traceback (most recent call last):
...
ValueError: card_face takes one of classic, large, not 'huge'
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import sqlite3
import threading
from typing import Any

from ..validate import quote

#: the card faces, table colours and pile views a view may show
CARD_FACES = ("classic", "large")
TABLE_COLOURS = ("green", "blue", "grey", "theme")
PILE_VIEWS = ("fanned", "stacked")  # (stacked: the top card and a count, as PySolFC)
#: the rule readings a player may choose (an option of the variants PySolFC has)
RULES = ("default", "pysol")
#: each choice a player's board keeps: its values (the first is the board's default)
CHOICES: dict[str, tuple[Any, ...]] = {
    "card_face": CARD_FACES,
    "table_colour": TABLE_COLOURS,
    "piles": PILE_VIEWS,
    "sounds": (False, True),
    "four_colour": (False, True),
    "auto_home": (True, False),
    "auto_home_rule": ("safe", "all"),
    "rules": RULES,
}
#: the View settings (the widget's view-option traits) among them
VIEW = ("card_face", "table_colour", "piles", "sounds", "four_colour", "auto_home", "auto_home_rule")
DEFAULTS: dict[str, Any] = {name: values[0] for name, values in CHOICES.items()}

_TABLE = "CREATE TABLE IF NOT EXISTS view_prefs (name TEXT PRIMARY KEY, value TEXT NOT NULL)"
_BUSY_MS = 200  # a choice is small and rare: never wait long for a busy file
_NOTICES = 5
_registry: dict[str, Prefs] = {}
_registry_lock = threading.Lock()


def check(name: Any, value: Any) -> Any:
    """``value`` if it is one of the choice's values; raises ``ValueError`` otherwise."""
    if not isinstance(name, str) or name not in CHOICES:
        raise ValueError(f"there is no choice {quote(name, 30)}; choices: {', '.join(CHOICES)}")
    values = CHOICES[name]
    # (bool is an int: True must not pass for 1, nor "1" for True)
    if not any(type(value) is type(v) and value == v for v in values):
        shown = ", ".join(str(v).lower() if isinstance(v, bool) else v for v in values)
        raise ValueError(f"{name} takes one of {shown}, not {quote(value, 30)}")
    return value


class Prefs:
    """The choices kept in one statistics file (one object per file in a process, so that two
    boards of one kernel see each other's choices at once)."""

    def __new__(cls, path: str | os.PathLike) -> Prefs:
        key = os.path.abspath(path)
        with _registry_lock:
            p = _registry.get(key)
            if p is None:
                p = super().__new__(cls)
                p._init(pathlib.Path(path))
                _registry[key] = p
            return p

    def _init(self, path: pathlib.Path) -> None:
        self.path = path
        self.notices: list[str] = []
        self._memory: dict[str, Any] = {}  # choices the file could not keep (this session)
        self._lock = threading.Lock()
        #: the statistics left the file alone (written by a newer version, unusable): so do the
        #: settings — kept in memory for the session
        self.off = False

    def _notice(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)
            del self.notices[:-_NOTICES]

    @contextlib.contextmanager
    def _connect(self):
        con = sqlite3.connect(self.path, timeout=_BUSY_MS / 1000, isolation_level=None)
        try:
            con.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
            con.execute(_TABLE)
            yield con
        finally:
            con.close()

    def load(self) -> dict[str, Any]:
        """The choices kept (only valid ones; a bad row is left out with a notice)."""
        out: dict[str, Any] = {}
        with self._lock:
            try:
                if self.path.is_file() and not self.off:
                    with self._connect() as con:
                        rows = con.execute("SELECT name, value FROM view_prefs").fetchall()
                else:
                    rows = []
            except (sqlite3.Error, OSError) as e:
                self._notice(f"the board's settings could not be read ({str(e)[:80]})")
                rows = []
            for name, text in rows[:100]:
                try:
                    value = json.loads(text) if isinstance(text, str) and len(text) < 100 else text
                    if isinstance(name, str) and name not in CHOICES:
                        continue  # (a choice of a newer version: not this version's to judge)
                    out[name] = check(name, value)
                except (ValueError, TypeError) as e:
                    self._notice(f"a kept board setting was left out: {str(e)[:80]}")
            out.update(self._memory)
        return out

    def save(self, name: str, value: Any) -> None:
        """Keep one choice (checked: ``ValueError`` for a value that is not one of its own)."""
        check(name, value)
        with self._lock:
            if self.off:
                self._memory[name] = value
                return
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self._connect() as con:
                    con.execute("INSERT OR REPLACE INTO view_prefs (name, value) VALUES (?, ?)",
                                (name, json.dumps(value)))
                self._memory.pop(name, None)
            except (sqlite3.Error, OSError) as e:
                self._memory[name] = value
                self._notice(f"the board's settings are kept for this session only "
                             f"({str(e)[:80]})")


def for_store(store: Any) -> Prefs | None:
    """The choices kept beside a statistics store (``None`` without one, or one with no file:
    a board with statistics off keeps no choices either)."""
    path = getattr(store, "path", None)
    if store is None or path is None:
        return None
    try:
        p = Prefs(path)
    except (TypeError, ValueError, OSError):
        return None
    try:
        summary = getattr(store, "summary", None)
        if callable(summary):
            summary()  # (the store opens its file once: only then does it know it is usable)
        p.off = getattr(store, "state", "ok") == "off"
    except Exception:  # (a store that cannot say: its file is not written either)
        p.off = True
    return p


__all__ = ["CARD_FACES", "CHOICES", "DEFAULTS", "RULES", "TABLE_COLOURS", "VIEW", "Prefs",
           "check", "for_store"]
