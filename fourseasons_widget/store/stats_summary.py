"""The summaries of a player's statistics: per variant the games played, won, lost and given
up, the streaks and the bests; and the history of the games, newest first, as the Stats panel
shows them.  Plain functions of the rows the store has read and checked (:mod:`.stats`).

>>> rows = [{"variant": "standard", "result": "won", "moves": 90, "seconds": 200.0},
...         {"variant": "standard", "result": "lost", "moves": 40, "seconds": 50.0}]
>>> s = summarize(rows)["standard"]
>>> s["played"], s["won"], s["streak"], s["best_moves"]
(2, 1, 0, 90)
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from typing import Any


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per variant: ``played``, ``won``, ``lost``, ``abandoned``, ``demo`` (games the Demo
    finished: played, not won), ``streak`` (wins in a row up
    to the last game), ``best_streak``, ``best_moves`` and ``best_seconds`` (of the games won;
    ``None`` before the first win), from checked rows in the order they were played."""
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        result, moves, seconds = row["result"], row["moves"], row["seconds"]
        s = out.setdefault(row["variant"], {"played": 0, "won": 0, "lost": 0, "abandoned": 0, "demo": 0,
                                            "streak": 0, "best_streak": 0, "best_moves": None,
                                            "best_seconds": None})
        s["played"] += 1
        s[result] += 1
        if result == "won":
            s["streak"] += 1
            s["best_streak"] = max(s["best_streak"], s["streak"])
            s["best_moves"] = moves if s["best_moves"] is None else min(s["best_moves"], moves)
            s["best_seconds"] = (seconds if s["best_seconds"] is None
                                 else min(s["best_seconds"], seconds))
        else:
            s["streak"] = 0
    return out


def history_entries(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The history of checked rows (oldest first), newest first: ``date`` (ISO, local time),
    ``variant``, ``deal``, ``result``, ``moves``, ``seconds``, ``id``, ``seed``, ``options``."""
    out = []
    for r in reversed(rows):
        deal = r["deal"] if r["deal"] is not None else (
            f"seed {r['seed']}" if r["seed"] is not None else "")
        out.append({"date": iso(r["ended"]), "variant": r["variant"], "deal": deal,
                    "result": r["result"], "moves": r["moves"],
                    "seconds": round(r["seconds"], 1), "id": r["id"], "seed": r["seed"],
                    "options": json.loads(r["options"]) if r["options"] else {}})
    return out


def iso(ended: float) -> str:
    try:
        return datetime.datetime.fromtimestamp(ended).astimezone().isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return ""


__all__ = ["history_entries", "iso", "summarize"]
