"""The winning lines on record: for the deals of the shipped classification that took the solver
more than :data:`LINE_FROM` positions to win, the line itself (``data/lines.csv.gz``).

The classification (``data/classification-deals.csv.gz``) says which deals are won, but a row
holds no line; the board's "How could it have been won?" then searched again for one, and for
the deals found only after tens of millions of positions (or by the streamliner, or in a browser
with no compiled core) it often said "a win is on record; the solver found none in its time".
This module makes the lines once — each won deal solved again with its own row's budget, so
the solver, deterministic at a node budget, walks the very search that won it (``positions`` is
the re-run's count, ``same`` says whether it equals the row's), adds them to the file
(:func:`merge_lines`: ``fourseasons lines --into``, in the classification's order, so the lines
of a later pass join the file the way :mod:`.settle` joins its verdicts) — and reads them back for the
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
import os
from collections.abc import Iterable
from typing import Any, NamedTuple

from .rows import encode_line

__all__ = ["LINE_FIELDS", "LINE_FROM", "Recorded", "encode_line", "line_of_record",
           "line_rows", "load_lines", "merge_lines", "read_lines", "recorded_line"]

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


def read_lines(path) -> list[dict[str, Any]]:
    """The rows of a lines file (``.csv`` or ``.csv.gz``, :data:`LINE_FIELDS`), each checked:
    a variant of the package, a seed, as many moves as the line has, its positions, ``same``
    0 or 1.  Raises :class:`~.settle.SettleError` for a file that is not one."""
    from ..model.rules import VARIANTS
    from ..validate import ascii_int, quote
    from .settle import SettleError, read_records

    path = os.fspath(path)
    name = os.path.basename(path)
    recs = read_records(path, "lines file", LINE_FIELDS)[0]
    rows, seen = [], set()
    for number, r in enumerate(recs, 2):
        if None in r or any(v is None for v in r.values()):
            raise SettleError(f"{name} line {number}: not {len(LINE_FIELDS)} cells")
        seed, moves, positions = (ascii_int(r[k]) for k in ("seed", "moves", "positions"))
        tokens = r["line"].split(",") if r["line"] else []
        why = ("an unknown variant" if r["variant"] not in VARIANTS
               else "a seed that is not a whole number from 0" if seed is None or seed < 0
               or seed >= 1 << 63
               else "positions that are not a whole number from 0" if positions is None
               or positions < 0
               else f"a line of {len(tokens)} moves where it says {quote(r['moves'])}"
               if moves is None or moves != len(tokens) or not 0 < moves <= MAX_LINE_MOVES
               else "'same' not 0 or 1" if r["same"] not in ("0", "1") else None)
        if why:
            raise SettleError(f"{name} line {number}: {why}")
        key = (r["variant"], seed)
        if key in seen:
            raise SettleError(f"{name} line {number}: {r['variant']} deal {seed} again")
        seen.add(key)
        rows.append({**r, "seed": seed, "moves": moves, "positions": positions,
                     "same": int(r["same"])})
    return rows


def merge_lines(path, rows: Iterable[dict[str, Any]], deals: Iterable[dict[str, Any]], *,
                write: bool = True) -> dict[str, int]:
    """Add the lines ``rows`` (:func:`line_rows`) to the lines file ``path`` (made where there
    is none): a deal's new line takes the place of its old one (an unchanged line keeps its old
    row, command and all), and the file is written in the order of the classification
    ``deals`` (its rows, :func:`~.settle.read_deals`).  Every line in the file must be of a deal
    won there: otherwise :class:`~.settle.SettleError`, nothing written.  Gives the counts
    ``added``, ``replaced``, ``unchanged`` and ``lines`` (in the file afterwards);
    ``write=False`` checks and counts only."""
    from .experiments import _cells, write_text
    from .settle import SettleError

    path = os.fspath(path)
    order = {(d["variant"], int(d["seed"])): i for i, d in enumerate(deals)
             if d["outcome"] == "won"}
    kept = {(r["variant"], r["seed"]): r for r in read_lines(path)} if os.path.exists(path) \
        else {}
    counts = {"added": 0, "replaced": 0, "unchanged": 0}
    for r in rows:
        key = (r["variant"], int(r["seed"]))
        old = kept.get(key)
        if old is not None and (old["line"], int(old["positions"])) == (r["line"],
                                                                          int(r["positions"])):
            counts["unchanged"] += 1
            continue
        counts["added" if old is None else "replaced"] += 1
        kept[key] = r
    strangers = sorted(k for k in kept if k not in order)
    if strangers:
        v, seed = strangers[0]
        raise SettleError(f"{v} deal {seed} has a line but is not won in the classification"
                          + (f" (and {len(strangers) - 1} more)" if len(strangers) > 1 else "")
                          + "; nothing written")
    if write:
        out = io.StringIO(newline="")
        w = csv.DictWriter(out, fieldnames=LINE_FIELDS)
        w.writeheader()
        for key in sorted(kept, key=order.__getitem__):
            w.writerow(_cells(kept[key], LINE_FIELDS))
        write_text(path, out.getvalue())
    return {**counts, "lines": len(kept)}


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


class Recorded(NamedTuple):
    """A winning line on record, replayed: its ``moves`` (of the Game), the same moves in the
    engine's own form (``raw``, as a search's line has them) and the ``positions`` the
    classification's run searched to find it."""

    moves: list
    raw: list
    positions: int


def line_of_record(game, known=None) -> Recorded | None:
    """The winning line on record for ``game``'s deal, replayed once through a copy of the deal
    — or ``None``: no line on record (see :func:`~.experiments.known_verdict`: another reading
    of the rules, a deal not classified, one won within :data:`LINE_FROM` positions), or one
    that does not replay to a win (never shown).  ``known``: the deal's
    :class:`~.experiments.Known`, where the caller has it already."""
    from ..model.game import Game
    from ..model.rules import IllegalMoveError
    from .experiments import known_verdict

    if known is None:
        known = known_verdict(game)
    if known is None or known.verdict != "won":
        return None
    text = _loaded().get((game.variant, game.seed))
    if text is None:
        return None
    g = Game.new(seed=game.seed, variant=game.variant)
    engine = g.rules.engine
    moves, raw = [], []
    try:
        for token in text.split(",", MAX_LINE_MOVES)[:MAX_LINE_MOVES]:
            m = g.parse_move(token)
            step = engine.from_move(g.state, m)
            g.play(m)
            moves.append(m)
            raw.append(step)
    except (IllegalMoveError, ValueError):
        return None
    return Recorded(moves, raw, known.positions) if g.state.is_won else None


def recorded_line(game) -> list | None:
    """The moves of :func:`line_of_record` (the winning line on record for ``game``'s deal, as
    moves of the Game played from the deal), or ``None``."""
    found = line_of_record(game)
    return None if found is None else found.moves
