"""The intents a view sends, declared once: ``intents.json`` beside this module.

Python's table reads it here (the names it takes, the fields each may carry, which must name
the position they were meant for, which are a person's moves); the page reads the same file
(``js/src/table.js``: which intents wait for Python's answer; ``js/src/engine/local.js``: which
the page's engine plays where no kernel answers, and what the others need Python for).  So the
page's engine no longer copies the table's list: ``tests/test_intents.py`` checks that both
sides take exactly what the registry says.

>>> "move" in INTENTS and "move" in VERSIONED and fields_of("move")
('card', 'source', 'target')
>>> "ping" in WIDGET_INTENTS and "ping" not in INTENTS
True
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

REGISTRY: dict[str, Any] = json.loads(
    files("fourseasons_widget.table").joinpath("intents.json").read_text(encoding="utf-8"))

_ALL: dict[str, dict[str, Any]] = REGISTRY["intents"]
#: the fields every view stamps on an intent
COMMON_FIELDS: tuple[str, ...] = tuple(REGISTRY["common"])
#: no field of a genuine intent is longer
MAX_TEXT: int = REGISTRY["max_text"]
#: the intents the table answers, in the registry's order
INTENTS: tuple[str, ...] = tuple(k for k, v in _ALL.items() if v["layer"] == "table")
#: the messages the widget adapter answers itself (the kernel's ping, the page's pause, a
#: view option)
WIDGET_INTENTS: tuple[str, ...] = tuple(k for k, v in _ALL.items() if v["layer"] == "widget")
#: intents that act on (or advise about) the position and so must name its version
VERSIONED: frozenset[str] = frozenset(k for k, v in _ALL.items() if v["versioned"])
#: intents that are a person's move on the board (from then on the game is the person's)
PERSON_MOVES: frozenset[str] = frozenset(k for k, v in _ALL.items() if v["person"])
#: every field some table intent may carry
INTENT_FIELDS: frozenset[str] = frozenset(COMMON_FIELDS).union(
    *(_ALL[k]["fields"] for k in INTENTS))


def fields_of(kind: str) -> tuple[str, ...]:
    """The fields intent ``kind`` carries besides :data:`COMMON_FIELDS`."""
    return tuple(_ALL[kind]["fields"])


def allowed_fields(kind: str) -> frozenset[str]:
    """Every field intent ``kind`` may carry."""
    return frozenset(COMMON_FIELDS) | frozenset(_ALL[kind]["fields"])


__all__ = ["COMMON_FIELDS", "INTENTS", "INTENT_FIELDS", "MAX_TEXT", "PERSON_MOVES", "REGISTRY",
           "VERSIONED", "WIDGET_INTENTS", "allowed_fields", "fields_of"]
