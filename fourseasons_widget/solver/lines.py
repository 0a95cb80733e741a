"""The winning lines on record: for the deals of the shipped classification that took the solver
more than :data:`LINE_FROM` positions to win, the line itself (``data/lines.csv.gz``).

The classification (``data/classification-deals.csv.gz``) says which deals are won, but a row
holds no line; the board's "How could it have been won?" then searched again for one, and for
the deals found only after tens of millions of positions (or by the streamliner, or in a browser
with no compiled core) it often said "a win is on record; the solver found none in its time".
This module makes the lines once — each won deal solved again with its own row's budget, so
the solver, deterministic at a node budget, walks the very search that won it (``positions`` is
the re-run's count, ``same`` says whether it equals the row's) — and reads them back for the
board, each line replayed through the Game before it is shown (a line that does not win is not
one: :func:`recorded_line` gives ``None`` and the board searches as before).

A deal the solver won within :data:`LINE_FROM` positions has no line here: the board's own
search finds it at once (in pure Python too: 0.05–0.07 s for six standard deals won with 6,300
to 9,000 positions, measured with ``engine="python"``).  ``fourseasons lines --deals classification-deals.csv.gz --out lines.csv`` remakes the
file (its command is in every row).
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Iterable
from typing import Any

from .rows import encode_line

__all__ = ["LINE_FIELDS", "LINE_FROM", "encode_line", "line_rows", "load_lines",
           "recorded_line"]

#: the fewest positions a won deal's search took for its line to be kept
LINE_FROM = 10_000
#: a row of ``lines.csv.gz``
LINE_FIELDS = ("variant", "seed", "moves", "positions", "same", "line", "command")
#: the longest line read back, in moves (a Game holds at most 2,000; the lines are 100–1,000)
MAX_LINE_MOVES = 5_000


def _task(d: dict[str, Any]) -> dict[str, Any]:
    """The task that solves the won deal of row ``d`` again as its run did: the same player
    (the solver, or the prover, whose proof search may end in a win after the solver spent
    its budget) and budget, and, for a solver's row that counts more than one budget, the
    streamliner (its win was the stricter rules', after the plain search spent the whole
    budget)."""
    nodes, most = int(d["nodes"]), int(d["max_nodes"]) if d["max_nodes"] else None
    return {"variant": d["variant"], "seed": int(d["seed"]), "player": d["player"],
            "max_nodes": most, "max_seconds": float(d["max_seconds"]) if d["max_seconds"]
            else None, "keep_line": True,
            "streamline": d["player"] == "solver" and most is not None and nodes > most}


def line_rows(deals: Iterable[dict[str, Any]], *, command: str = "", executor=None,
              jobs: int | None = None, progress: bool = True,
              least: int = LINE_FROM) -> list[dict[str, Any]]:
    """The lines of the won deals among ``deals`` (rows of the per-deal classification) that
    took more than ``least`` positions: one row each (:data:`LINE_FIELDS`).  A deal the re-run
    does not win (a row whose run was cut by its time cap rather than its budget) raises
    ``RuntimeError``: every line shipped is a win."""
    import contextlib

    from .experiments import each_done

    wanted = [d for d in deals if d["outcome"] == "won" and int(d["nodes"]) > least]
    found: dict[tuple[str, int], dict[str, Any]] = {}
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(wanted), desc="lines", unit="deal")
    try:
        with contextlib.closing(each_done([_task(d) for d in wanted], executor, jobs)) as ended:
            for t, r in ended:
                if r["outcome"] != "won":
                    raise RuntimeError(f"{t['variant']} deal {t['seed']}: won in the "
                                       f"classification, {r['outcome']} when solved again "
                                       "with its budget")
                found[(t["variant"], t["seed"])] = r
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    out = []
    for d in wanted:
        r = found[(d["variant"], int(d["seed"]))]
        out.append({"variant": d["variant"], "seed": int(d["seed"]), "moves": r["moves"],
                    "positions": r["nodes"], "same": int(r["nodes"] == int(d["nodes"])),
                    "line": r["line"], "command": command})
    return out


_LINES: dict[tuple[str, int], str] = {}


def load_lines() -> dict[tuple[str, int], str]:
    """``data/lines.csv.gz``: the encoded line of each deal on record, by (variant, seed)."""
    from importlib.resources import files

    if not _LINES:
        data = files("fourseasons_widget").joinpath("data", "lines.csv.gz").read_bytes()
        for r in csv.DictReader(io.StringIO(gzip.decompress(data).decode("ascii"))):
            _LINES[(r["variant"], int(r["seed"]))] = r["line"]
    return _LINES


def _loaded() -> dict[tuple[str, int], str]:
    """:func:`load_lines`, or no lines where the file cannot be read (a trimmed install): the
    board then searches, as it does for a deal without a line."""
    try:
        return load_lines()
    except (OSError, ValueError, EOFError, csv.Error, KeyError):
        return {}


def recorded_line(game) -> list | None:
    """The winning line on record for ``game``'s deal, as moves of the Game played from the
    deal — or ``None``: no line on record (see :func:`~.experiments.known_verdict`: another
    reading of the rules, a deal not classified, one won within :data:`LINE_FROM` positions),
    or one that does not replay to a win through a copy of the deal (never shown)."""
    from ..model.game import Game
    from ..model.rules import IllegalMoveError
    from .experiments import known_verdict

    known = known_verdict(game)
    if known is None or known.verdict != "won":
        return None
    text = _loaded().get((game.variant, game.seed))
    if text is None:
        return None
    g = Game.new(seed=game.seed, variant=game.variant)
    moves = []
    try:
        for token in text.split(",", MAX_LINE_MOVES)[:MAX_LINE_MOVES]:
            m = g.parse_move(token)
            g.play(m)
            moves.append(m)
    except (IllegalMoveError, ValueError):
        return None
    return moves if g.state.is_won else None
