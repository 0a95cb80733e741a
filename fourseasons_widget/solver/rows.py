"""The project's CSV files (the experiments' per-deal rows, their checkpoint, the summaries):
the cells the package writes and the rows it reads back.  Owned by :mod:`.experiments`; moved
here from :mod:`fourseasons_widget.validate` (the old names answer there for one release).
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable
from typing import Any

from ..validate import (
    BUDGET_COUNT_LIMIT,
    BUDGET_SECONDS_LIMIT,
    SEED_LIMIT,
    ascii_int,
    choice,
    quote,
)

#: what a spreadsheet runs as a formula when a cell starts with it (OWASP's list: CSV injection)
CSV_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: the longest line of a checkpoint file read back (a row of this package is about 80 bytes)
CSV_LINE_LIMIT = 1000
_CSV_FLOAT = re.compile(r"[0-9]{1,20}(\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?", re.ASCII)


def csv_cell(value: Any, name: str) -> str | int | float:
    """A value as the package writes it into a CSV cell: ``None`` as empty, a whole number,
    a finite real number, or text — neutralised when a spreadsheet would run it as a formula
    (a leading ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a ``'`` before it).
    ``nan``, ``inf``, bools and other objects are refused (``ValueError``): a file written
    by the package holds only what the package can read back."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise ValueError(f"{name}: a CSV cell holds no bool")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        f = float(value)
        if not math.isfinite(f):
            raise ValueError(f"{name} must be a finite number, not {quote(f)}")
        return f
    if isinstance(value, str):
        return "'" + value if value.startswith(CSV_FORMULA_START) else value
    raise ValueError(f"{name}: a CSV cell holds text or a number, not {quote(value)}")


def csv_int(text: Any, name: str, lo: int, hi: int) -> int:
    """A whole number read from a CSV cell, written canonically (ASCII digits, no sign, no
    leading zero, no space: ``" 0 "``, ``"007"`` and ``"٣"`` are refused) from ``lo`` to
    ``hi``; raises ``ValueError``."""
    v = ascii_int(text)
    if v is None or not lo <= v <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {quote(hi)} in digits "
                         f"0-9, not {quote(text)}")
    return v


def csv_real(text: Any, name: str, lo: float, hi: float) -> float:
    """A finite number read from a CSV cell (ASCII, unsigned: ``12``, ``0.25``, ``1e-05``)
    from ``lo`` to ``hi``; ``nan``, ``-inf``, ``1e999`` are refused (``ValueError``)."""
    if not isinstance(text, str) or len(text) > 48 or not _CSV_FLOAT.fullmatch(text):
        raise ValueError(f"{name} must be a number in digits 0-9, not {quote(text)}")
    f = float(text)
    if not math.isfinite(f) or not lo <= f <= hi:
        raise ValueError(f"{name} must be a number from {lo:g} to {hi:g}, not {quote(text)}")
    return f


#: an experiment's outcomes: the searchers' verdicts and the players' ends
EXPERIMENT_OUTCOMES = ("won", "lost", "unknown", "stuck")
#: the longest game a row counts, in moves (the statistics store's bound)
EXPERIMENT_MOVES_LIMIT = 1_000_000
#: the most nodes one deal's row counts (the prover adds three searches of 2**62 at most)
EXPERIMENT_NODES_LIMIT = 2**64


def experiment_row(cells: list[str], fields: tuple[str, ...], variants: Iterable[str],
                   players: Iterable[str]) -> dict[str, Any]:
    """One row of an experiment's per-deal file, read back (the checkpoint a run resumes
    from): ``cells`` in the order of ``fields``, each checked and turned into the value the
    run itself makes (so a resumed run writes what an uninterrupted one does).  Raises
    ``ValueError`` naming the first cell that is wrong."""
    if len(cells) != len(fields):
        raise ValueError(f"{len(cells)} cells, not {len(fields)}")
    raw = dict(zip(fields, cells, strict=True))
    row: dict[str, Any] = {
        "variant": choice(raw["variant"], "variant", variants),
        "seed": csv_int(raw["seed"], "seed", 0, SEED_LIMIT - 1),
        "player": choice(raw["player"], "player", players),
        "outcome": choice(raw["outcome"], "outcome", EXPERIMENT_OUTCOMES),
        "moves": csv_int(raw["moves"], "moves", 0, EXPERIMENT_MOVES_LIMIT),
        "nodes": csv_int(raw["nodes"], "nodes", 0, EXPERIMENT_NODES_LIMIT),
        "seconds": csv_real(raw["seconds"], "seconds", 0.0, BUDGET_SECONDS_LIMIT),
        "cards_home": csv_int(raw["cards_home"], "cards_home", 0, 52),
        "max_nodes": None if raw["max_nodes"] == "" else csv_int(
            raw["max_nodes"], "max_nodes", 1, BUDGET_COUNT_LIMIT),
        "max_seconds": None if raw["max_seconds"] == "" else csv_real(
            raw["max_seconds"], "max_seconds", 0.0, BUDGET_SECONDS_LIMIT),
    }
    if row["max_seconds"] == 0.0:
        raise ValueError("max_seconds must be greater than 0, not 0")
    if (row["outcome"] == "won") != (row["cards_home"] == 52):
        raise ValueError(f"an outcome {row['outcome']} with {row['cards_home']} cards home")
    return row


def encode_line(moves) -> str:
    """A winning line as a cell (``solver/lines.py``): its moves in the Game's notation
    (``"JH c3>c2"``; a turn of the stock is ``"s"``), comma-separated."""
    return ",".join("s" if (m.source, m.target) == ("stock", "waste") else str(m)
                    for m in moves)


__all__ = ["CSV_FORMULA_START", "CSV_LINE_LIMIT", "EXPERIMENT_MOVES_LIMIT", "EXPERIMENT_NODES_LIMIT", "EXPERIMENT_OUTCOMES", "csv_cell", "csv_int", "csv_real", "encode_line", "experiment_row"]
