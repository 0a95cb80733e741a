"""Settle a classification's unknown deals with the verdicts of later runs.

A classification (``data/classification-deals.csv.gz``, one row per deal, and
``data/classification.csv``, one summary row per variant) is made by one ``winrate --player
prover`` run per variant, then improved by later runs on the deals it left unknown: the solver
at a larger budget, the streamliner, a bigger table, the search on disk.  :func:`settle` takes
the per-deal files of those runs (each written by ``fourseasons winrate --out``) and puts each
deal they settled in place of its unknown row; the summary row of each variant touched is
counted again from the deals, its interval rounded outward (the lower bound down, the upper
up, at four decimals: the rounded interval still holds the exact one), and the words of
``then`` are added to its command, so each row still says how it was made.

What it refuses (:class:`SettleError`, nothing written): a file that is not such a per-deal
file, or a row of one that the project's gate refuses; a deal the classification does not
hold; a verdict that contradicts one already settled (a deal won in one run and proved lost in
another is a bug in a search, never something to pick from); a player's row (only the searches'
verdicts, ``solver`` and ``prover``, settle a deal); a summary without a row for a variant
touched.  A deal already settled the same way is left as it was; rows that leave a deal
unknown change nothing.  Files are written to a temporary name and renamed when whole.
"""

from __future__ import annotations

import csv
import gzip
import io
import math
import os
import zlib
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SettleError", "Settled", "read_deals", "read_records", "read_text", "settle",
           "summary_cells"]

#: the largest classification file read (decompressed): 1,000 deals of six variants is 400 kB
MAX_BYTES = 64 << 20


class SettleError(ValueError):
    """Why a classification cannot be settled with the rows given (nothing was written)."""


@dataclass
class Settled:
    """What :func:`settle` did, per variant: the deals it settled (``won``, ``lost``), those
    already settled the same way (``same``), the rows that left a deal unknown (``unknown``),
    and the variant's summary afterwards (:func:`summary_cells`)."""

    won: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    same: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, int] = field(default_factory=dict)
    summary: dict[str, dict[str, Any]] = field(default_factory=dict)


def summary_cells(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The counts of a variant's deals and its interval, as the classification's summary
    writes them: ``rate`` rounded to four decimals, ``ci_low`` rounded down and ``ci_high``
    up (the written interval holds the exact one).

    >>> summary_cells([{"outcome": "won"}, {"outcome": "lost"}, {"outcome": "unknown"}])
    {'n': 3, 'won': 1, 'lost': 1, 'unknown': 1, 'rate': 0.3333, 'ci_low': 0.0614, 'ci_high': 0.9386}
    """
    from .experiments import summarize

    s = summarize(rows)
    return {"n": s.n, "won": s.won, "lost": s.lost, "unknown": s.unknown,
            "rate": round(s.rate, 4), "ci_low": math.floor(s.low * 1e4) / 1e4,
            "ci_high": math.ceil(s.high * 1e4) / 1e4}


def read_text(path: str, what: str) -> str:
    """The ASCII text of ``path`` (gunzipped where the name ends in ``.gz``), at most
    :data:`MAX_BYTES`; :class:`SettleError` naming ``what`` it should have been otherwise."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
        if path.endswith(".gz"):
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as g:
                data = g.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise SettleError(f"{name}: larger than {MAX_BYTES >> 20} MB; not a {what}")
        return data.decode("ascii")
    except SettleError:
        raise
    except (OSError, EOFError, zlib.error) as e:  # (gzip.BadGzipFile is an OSError)
        from ..validate import quote_error

        raise SettleError(f"cannot read {name}: {quote_error(e, 120)}") from None
    except UnicodeDecodeError:
        raise SettleError(f"{name}: not ASCII text; not a {what}") from None


def read_records(path, what: str, fields) -> tuple[list[dict[str, str]], str]:
    """The records of the CSV file ``path`` (:func:`read_text`) whose header must be
    ``fields``, and its line ending; :class:`SettleError` naming ``what`` it should be
    otherwise."""
    from ..validate import safe_text

    name = os.path.basename(path)
    text = read_text(path, what)
    try:
        recs = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise SettleError(f"{name}: {safe_text(str(e), 120)}") from None
    if not recs or tuple(recs[0].keys()) != tuple(fields):
        raise SettleError(f"{name} is not a {what}: its header is not {','.join(fields)}")
    return recs, "\r\n" if "\r\n" in text else "\n"


def read_deals(path) -> list[dict[str, Any]]:
    """The rows of a per-deal classification file (``.csv`` or ``.csv.gz``), each read
    through the project's gate; raises :class:`SettleError` for a file that is not one."""
    return _read_deals(os.fspath(path))[1]


def _read_deals(path: str) -> tuple[list[str], list[dict[str, Any]], str]:
    """The classification's lines as written (kept byte for byte where unchanged), its rows
    read through the gate, and its line ending."""
    from ..model.rules import VARIANTS
    from .experiments import FIELDS, PLAYERS
    from .rows import experiment_row

    name = os.path.basename(path)
    text = read_text(path, "per-deal classification")
    ending = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(ending)
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != ",".join(FIELDS):
        raise SettleError(f"{name} is not a per-deal file: its first line is not the header "
                          f"{','.join(FIELDS)}")
    rows, seen = [], set()
    for number, line in enumerate(lines[1:], 2):
        try:
            row = experiment_row(next(csv.reader([line]), []), FIELDS, VARIANTS, PLAYERS)
        except (ValueError, csv.Error) as e:
            from ..validate import quote_error

            raise SettleError(f"{name} line {number}: {quote_error(e, 120)}") from None
        key = (row["variant"], row["seed"])
        if key in seen:
            raise SettleError(f"{name} line {number}: {row['variant']} deal {row['seed']} "
                              "again")
        seen.add(key)
        rows.append(row)
    return lines, rows, ending


def _line(row: dict[str, Any], fields) -> str:
    from .experiments import _cells

    out = io.StringIO()
    csv.DictWriter(out, fieldnames=fields, lineterminator="").writerow(_cells(row, fields))
    return out.getvalue()


def settle(deals, rows_files, *, summary=None, then: str | None = None,
           write: bool = True) -> Settled:
    """Put the deals that the per-deal files ``rows_files`` settled (``won``: a line replayed
    through the Game; ``lost``: a proof) in place of their unknown rows in the classification
    ``deals`` (``.csv`` or ``.csv.gz``), and count each variant touched again in ``summary``
    (its summary file), adding ``"; then " + then`` to the variant's command (``then`` is
    needed with ``summary``: a row says how it was made).  ``write=False`` checks and counts
    only.  Raises :class:`SettleError` (see the module) with nothing written."""
    from ..validate import quote
    from .experiments import (
        FIELDS,
        SEARCHERS,
        SUMMARY_FIELDS,
        CheckpointError,
        read_checkpoint,
        write_text,
    )

    deals = os.fspath(deals)
    if isinstance(rows_files, (str, bytes, os.PathLike)):  # (one file, not its characters)
        rows_files = [rows_files]
    if summary is not None and not (isinstance(then, str) and then.strip()):
        raise SettleError("a summary needs the words of its command's next step (then=)")
    lines, rows, ending = _read_deals(deals)
    where = {(r["variant"], r["seed"]): i for i, r in enumerate(rows)}
    new: dict[int, tuple[dict[str, Any], str]] = {}
    done = Settled()
    for path in rows_files:
        path = os.fspath(path)
        name = os.path.basename(path)
        try:
            found, problems = read_checkpoint(path)
        except CheckpointError as e:
            raise SettleError(str(e)) from None
        if problems:
            raise SettleError(f"{name} {problems[0]}" + (
                f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
        if not found:
            raise SettleError(f"{name} holds no deal")
        for r in found:
            v, seed = r["variant"], r["seed"]
            if r["player"] not in SEARCHERS:
                raise SettleError(f"{name}: {v} deal {seed} was played by the "
                                  f"{r['player']} player; only the searches' verdicts "
                                  f"({', '.join(SEARCHERS)}) settle a deal")
            i = where.get((v, seed))
            if i is None:
                raise SettleError(f"{name}: {v} deal {seed} is not in "
                                  f"{os.path.basename(deals)}")
            if r["outcome"] == "unknown":
                done.unknown[v] = done.unknown.get(v, 0) + 1
                continue
            old = new[i][0]["outcome"] if i in new else rows[i]["outcome"]
            origin = new[i][1] if i in new else os.path.basename(deals)
            if old not in ("unknown", r["outcome"]):
                raise SettleError(f"{v} deal {seed}: {origin} says {old}, {name} says "
                                  f"{r['outcome']} (a search is wrong; nothing written)")
            if old == r["outcome"]:
                done.same[v] = done.same.get(v, 0) + 1
                continue
            new[i] = (r, name)
            tally = done.won if r["outcome"] == "won" else done.lost
            tally[v] = tally.get(v, 0) + 1
    for i, (r, _) in new.items():
        rows[i] = r
        lines[i + 1] = _line(r, FIELDS)
    touched = sorted({rows[i]["variant"] for i in new})
    for v in touched:
        done.summary[v] = summary_cells([r for r in rows if r["variant"] == v])
    summary_text = None
    if summary is not None and touched:
        summary = os.fspath(summary)
        sname = os.path.basename(summary)
        recs, sending = read_records(summary, "summary file", SUMMARY_FIELDS)
        for v in touched:
            mine = [r for r in recs if r["variant"] == v]
            if len(mine) != 1:
                raise SettleError(f"{sname} has {len(mine)} rows for {quote(v)}, not one")
            rec = mine[0]
            rec.update({k: str(x) for k, x in done.summary[v].items()})
            step = then.strip()
            if step not in rec["command"]:
                rec["command"] += "; then " + step
        out = io.StringIO()
        w = csv.DictWriter(out, fieldnames=SUMMARY_FIELDS, lineterminator=sending)
        w.writeheader()
        w.writerows(recs)
        summary_text = out.getvalue()
    if write and new:
        write_text(deals, ending.join(lines) + ending)
        if summary_text is not None:
            write_text(summary, summary_text)
    return done
