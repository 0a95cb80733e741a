"""The statistics store's rows: :mod:`.stats` reads every row through these (the file is outside
input — another program, or a person with a SQLite shell, may have written anything).  Moved
here from :mod:`fourseasons_widget.validate` (the old names answer there for one release).
"""

from __future__ import annotations

import re
from typing import Any

from ..validate import SEED_LIMIT, quote, real, safe_text, whole

#: the results a game is recorded with
STATS_RESULTS = ("won", "lost", "abandoned", "demo")  # demo: a win the Demo had a hand in
#: the longest game the store keeps, in moves, and its longest clock, in seconds (~31 years)
STATS_MOVES_LIMIT = 1_000_000
STATS_SECONDS_LIMIT = 1e9
#: the longest deal label ("seed 42", "PySolFC 617") and options text kept with a game
STATS_TEXT_LIMIT = 200
_STATS_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}", re.ASCII)


def stats_name(value: Any) -> str:
    """A variant's name as the store keeps it: 1-40 ASCII letters, digits, ``_.-``."""
    if not isinstance(value, str) or not _STATS_NAME.fullmatch(value):
        raise ValueError(f"a variant is a short name, not {quote(value)}")
    return value


def stats_options(value: Any) -> str:
    """Options as the store keeps them: JSON text of an object of short strings, canonical
    (sorted keys, no spaces)."""
    import json

    if isinstance(value, str):
        if len(value) > STATS_TEXT_LIMIT:
            raise ValueError("options text too long")
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            raise ValueError(f"options are not JSON: {quote(value)}") from None
    if not isinstance(value, dict) or len(value) > 10 or not all(
            isinstance(k, str) and isinstance(v, str) and _STATS_NAME.fullmatch(k)
            and _STATS_NAME.fullmatch(v) for k, v in value.items()):
        raise ValueError(f"options map short names to short names, not {quote(value)}")
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def stats_game(row: dict[str, Any]) -> dict[str, Any]:
    """One finished game as read from the store (``id``, ``variant``, ``options``, ``seed``,
    ``deal``, ``result``, ``moves``, ``seconds``, ``ended``), checked; raises ``ValueError``
    naming the first field that is wrong."""
    out: dict[str, Any] = {"id": whole(row.get("id"), "id", 1, 2**63 - 1),
                           "variant": stats_name(row.get("variant"))}
    result = row.get("result")
    if not isinstance(result, str) or result not in STATS_RESULTS:
        raise ValueError(f"result must be one of {', '.join(STATS_RESULTS)}, not {quote(result)}")
    out["result"] = result
    out["moves"] = whole(row.get("moves"), "moves", 0, STATS_MOVES_LIMIT)
    out["seconds"] = real(row.get("seconds"), "seconds", 0.0, STATS_SECONDS_LIMIT)
    seed = row.get("seed")
    out["seed"] = None if seed is None else whole(seed, "seed", 0, SEED_LIMIT - 1)
    deal = row.get("deal")
    if deal is not None and (not isinstance(deal, str) or len(deal) > STATS_TEXT_LIMIT):
        raise ValueError(f"deal must be a short text, not {quote(deal)}")
    out["deal"] = None if deal is None else safe_text(deal, STATS_TEXT_LIMIT)
    options = row.get("options")
    out["options"] = None if options is None else stats_options(options)
    ended = row.get("ended")
    out["ended"] = real(ended, "ended", 0.0, 1e11) if ended is not None else 0.0
    return out


def stats_saved(row: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """A saved unfinished game as read from the store (``game``: JSON text of at most
    ``max_bytes`` characters, ``seconds``: its clock), checked; raises ``ValueError``."""
    game = row.get("game")
    if not isinstance(game, str):
        raise ValueError(f"the saved game is not text but {quote(game)}")
    if len(game) > max_bytes:
        raise ValueError("the saved game is too large")
    return {"game": game, "seconds": real(row.get("seconds"), "its clock", 0.0, STATS_SECONDS_LIMIT)}


__all__ = ["STATS_MOVES_LIMIT", "STATS_RESULTS", "STATS_SECONDS_LIMIT", "STATS_TEXT_LIMIT", "stats_game", "stats_name", "stats_options", "stats_saved"]
