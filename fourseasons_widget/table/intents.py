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

Each intent's handler is declared once, beside the service that answers it: a method marked
``@handles("hint")`` (the advisor's, in :mod:`.advice`; the review's in :mod:`.review`…).  The
table gathers its services' marked methods with :func:`bind` (the widget adapter its own, for
the registry's ``widget`` layer), which refuses an intent of the layer with no handler, two
handlers for one intent and a handler in the wrong layer; :func:`handles` refuses a name the
registry does not have.  So the table dispatches by looking the intent up, not through a list
of its own.

>>> class Bell:
...     @handles("ping")
...     def ring(self, content): return "pong"
>>> bind("widget", Bell())
Traceback (most recent call last):
  ...
fourseasons_widget.table.intents.RegistryError: no handler for the widget intents 'pause', 'view_option'
"""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Callable
from importlib.resources import files
from typing import Any, TypeVar

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


#: a handler: takes the intent (a dict already checked against the registry) and answers it
Handler = Callable[[dict[str, Any]], Any]
_F = TypeVar("_F", bound=Callable[..., Any])


class RegistryError(LookupError):
    """A handler that does not fit the registry (a programming error, not a refused intent):
    a name ``intents.json`` lacks, an intent with no handler or with two."""


def handles(kind: str, *, plain: bool = False) -> Callable[[_F], _F]:
    """Mark a service's method as the handler of intent ``kind`` (declared once, beside the
    service that answers it; :func:`bind` gathers them): it takes the intent, or nothing when
    ``plain`` (a method the intent just calls, like ``undo``).  A name the registry lacks is
    refused here, when the service's module is read.

    >>> handles("fly")
    Traceback (most recent call last):
      ...
    fourseasons_widget.table.intents.RegistryError: no intent 'fly' in intents.json
    """
    if kind not in _ALL:
        raise RegistryError(f"no intent {kind!r} in intents.json")

    def mark(method: _F) -> _F:
        method.__intent__ = (kind, plain)  # type: ignore[attr-defined]
        return method

    return mark


@functools.cache
def _marked(cls: type) -> dict[str, tuple[str, bool]]:
    """``{intent: (method name, plain)}`` of the methods of ``cls`` (and its bases) marked by
    :func:`handles` (a subclass's method of the same name stands for its base's)."""
    found: dict[str, tuple[str, bool]] = {}
    seen: set[str] = set()
    for klass in cls.__mro__:
        for name, value in vars(klass).items():
            if name in seen:
                continue
            seen.add(name)
            mark = getattr(value, "__intent__", None)
            if mark is None:
                continue
            kind, plain = mark
            if kind in found:
                raise RegistryError(f"two handlers for the {kind!r} intent in "
                                    f"{cls.__name__}: {found[kind][0]} and {name}")
            found[kind] = (name, plain)
    return found


def _bound(service: object, name: str, plain: bool) -> Handler:
    """The handler bound to ``service`` (a plain one called without the intent)."""
    if not plain:
        return getattr(service, name)

    def call(self: object, content: dict[str, Any]) -> Any:
        return getattr(self, name)()

    return types.MethodType(call, service)


def bind(layer: str, *services: object) -> dict[str, Handler]:
    """``{intent: bound handler}`` for every intent of ``layer`` (``"table"`` or
    ``"widget"``), gathered from the methods of ``services`` marked by :func:`handles`.
    Refused (:class:`RegistryError`): an intent of the layer no service handles, one two
    services handle, a handler for an intent of the other layer."""
    expected = {k for k, v in _ALL.items() if v["layer"] == layer}
    if not expected:
        raise RegistryError(f"no layer {layer!r} in intents.json")
    out: dict[str, Handler] = {}
    owner: dict[str, str] = {}
    for service in services:
        for kind, (name, plain) in _marked(type(service)).items():
            where = f"{type(service).__name__}.{name}"
            if kind not in expected:
                raise RegistryError(f"{where} handles {kind!r}, an intent of the "
                                    f"{_ALL[kind]['layer']} layer, not of the {layer} layer")
            if kind in out:
                raise RegistryError(f"two handlers for the {kind!r} intent: {owner[kind]} and "
                                    f"{where}")
            out[kind], owner[kind] = _bound(service, name, plain), where
    missing = [k for k in _ALL if k in expected and k not in out]
    if missing:
        raise RegistryError(f"no handler for the {layer} intents "
                            + ", ".join(repr(k) for k in missing))
    return {k: out[k] for k in _ALL if k in out}  # (in the registry's order)


__all__ = ["COMMON_FIELDS", "INTENTS", "INTENT_FIELDS", "MAX_TEXT", "PERSON_MOVES", "REGISTRY",
           "VERSIONED", "WIDGET_INTENTS", "Handler", "RegistryError", "allowed_fields", "bind",
           "fields_of", "handles"]
