"""The lowest helpers of the gate (:mod:`.validate`), in a module that imports nothing of the
package: the card, deal and move readers (``cards``, ``deal``, ``state``) use them, and the gate
imports those modules to check their types — so these helpers live below both, and there is no
import cycle.  :mod:`.validate` offers every name here as its own.

>>> quote("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
>>> take(iter(range(10**9)), 3, "cards")
Traceback (most recent call last):
...
ValueError: cards has more than 3 items
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

#: the longest piece of outside input a message quotes
QUOTE_LIMIT = 40
#: a pile's full name, canonical: no leading zeros, ASCII digits only
PILE_NAME = re.compile(r"(stock|waste|(foundation|cross|tableau|cell):(0|[1-9][0-9]?))",
                       re.ASCII)
#: a short pile name as in the notation: ``s``, ``w``, ``f0``, ``c2``, ``t11``, ``x4``
SHORT_PILE = re.compile(r"([swfctx])(0|[1-9][0-9]?)?", re.ASCII)


def quote(x: Any, limit: int = QUOTE_LIMIT) -> str:
    """A short, ASCII, safe rendering of outside input for a message.

    Strings are cut to ``limit`` characters and escaped (``ascii``: non-ASCII characters and
    lone surrogates become ``\\u`` escapes); huge integers and containers are described
    rather than printed.
    """
    if isinstance(x, str):
        text = ascii(x[:limit])
        if len(x) > limit or len(text) > limit + 2:
            text = text[:limit - 1].rstrip("\\") + "...'"
        return text
    if isinstance(x, bool) or x is None:
        return repr(x)
    if isinstance(x, int):
        if x.bit_length() > 64:
            return f"an integer of {x.bit_length()} bits"
        return str(int(x))
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, bytes | bytearray):
        return f"{type(x).__name__} of length {len(x)}"
    if isinstance(x, list | tuple | dict | set | frozenset):
        return f"a {type(x).__name__} of {len(x)} items"
    return f"a {type(x).__name__[:QUOTE_LIMIT]}"


def take(items: Iterable[Any], n: int, what: str, error: type[ValueError] = ValueError) -> list:
    """At most ``n`` items of ``items``, reading at most ``n + 1`` (an endless iterable is
    refused, not exhausted); raises ``error`` when there are more."""
    try:
        it = iter(items)
    except TypeError:
        raise error(f"{what} must be a list, not {quote(items)}") from None
    out = list(itertools.islice(it, n + 1))
    if len(out) > n:
        raise error(f"{what} has more than {n} items")
    return out


__all__ = ["PILE_NAME", "QUOTE_LIMIT", "SHORT_PILE", "quote", "take"]
