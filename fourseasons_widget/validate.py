"""One gate for everything that comes from outside: save files, move text, pile names, decks,
budgets, and the widget's intents and trait updates.

The rules it enforces, once, for every entry point:

- **ASCII only where a number or a name is read.**  ``str.isdigit()`` and ``int()`` accept
  ``'٤'``, ``'４'`` (and ``isdigit`` even ``'²'``); the patterns here are ``re.ASCII`` and
  spelled ``[0-9]``.  Pile names are *canonical*: ``cross:4``, never ``cross:04`` or
  ``cross:０４``, so what is stored is what was read.
- **Bounded sizes, read lazily.**  An iterable is read at most one item past what is allowed
  (:func:`take`), so an endless one is refused, not exhausted.
- **Bounded messages.**  A refusal quotes at most a few dozen characters of what it refuses
  (:func:`quote`), escaped to ASCII: a megabyte of input gives a short message, a lone
  surrogate cannot make the message unsendable, and a 5,000-digit integer (which Python refuses
  to turn into text) is described, not printed.
- **The documented error classes and nothing else**: ``ValueError`` subclasses (the callers
  raise ``SaveFileError``, ``IllegalMoveError``, ``CardError``, ``RulesError`` or
  :class:`BudgetError`), never a ``TypeError``, ``IndexError`` or ``UnicodeEncodeError``.
- **A position is one the rules can reach** (:func:`check_position`): every invariant the
  engines and the solver rely on, each refusal naming the one that is broken.

>>> quote("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
>>> quote(10**5000)
'an integer of 16610 bits'
>>> pile_parts("cross:4"), pile_parts("cross:04"), pile_parts("cross:\\u0664")
(('cross', 4), None, None)
>>> budget(2, "max_seconds")
2
"""

from __future__ import annotations

import itertools
import math
import numbers
import re
from collections.abc import Iterable
from typing import Any

# (the low-level helpers live in _bounded, which imports nothing of the package: cards, deal
# and state use them from there, so that this gate may import the types it checks with no
# cycle; they are this module's public names as before)
from ._bounded import PILE_NAME, QUOTE_LIMIT, SHORT_PILE, quote, take
from .model.cards import CODES, SUIT_SYMBOLS
from .model.deal import parse_pysol_number, pysol_deck, shuffled_deck
from .model.state import State

#: the longest message (a refusal, an announcement) the widget publishes
MESSAGE_LIMIT = 400

_DIGITS = re.compile(r"(0|[1-9][0-9]*)", re.ASCII)
#: seeds run from 0 to 2**63 - 1; PySolFC's deal numbers from 1 to 10**20 - 1
SEED_LIMIT = 2**63
PYSOL_LIMIT = 10**20


class BudgetError(ValueError):
    """A search budget that is not a finite positive number (or ``None``)."""


# ---------------------------------------------------------------------------------------------
# Messages


def safe_text(text: Any, limit: int = MESSAGE_LIMIT) -> str:
    """A message made safe to publish: a string, at most ``limit`` characters, and encodable
    as UTF-8 (lone surrogates escaped).  Messages built by this package are already bounded;
    this is the last gate before a message leaves the kernel."""
    if not isinstance(text, str):
        text = quote(text)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(text) > limit:
            text = text[:limit - 1] + "…"
    return text


def quote_error(e: BaseException, limit: int = 200) -> str:
    """An exception's message, bounded (for a refusal that wraps another)."""
    return safe_text(str(e), limit)


# ---------------------------------------------------------------------------------------------
# Numbers and names


def is_int(x: Any) -> bool:
    """An integer and not a bool (``True`` is an ``int`` in Python, never a number here)."""
    return isinstance(x, int) and not isinstance(x, bool)


def ascii_int(text: Any) -> int | None:
    """The value of a decimal numeral written with ASCII digits only (no sign, no leading
    zeros, at most 20 digits), else ``None``."""
    if not isinstance(text, str) or len(text) > 20 or not _DIGITS.fullmatch(text):
        return None
    return int(text)


def pile_parts(name: Any) -> tuple[str, int | None] | None:
    """``("cross", 4)`` for ``"cross:4"``, ``("stock", None)`` for ``"stock"``; ``None`` for
    anything that is not a canonical pile name (``cross:04``, ``cross:٤``, ``Cross:4``)."""
    if not isinstance(name, str) or len(name) > 20:
        return None
    m = PILE_NAME.fullmatch(name)
    if not m:
        return None
    if m.group(2) is None:
        return m.group(1), None
    return m.group(2), int(m.group(3))


#: the largest budgets: seconds (a clock plus more overflows a float, ``10**400`` cannot even
#: be made one) and counts (nodes, steps, tries: the searches' own "no limit" is 2**62)
BUDGET_SECONDS_LIMIT = 1e9
BUDGET_COUNT_LIMIT = 2**62


def budget(value: Any, name: str, *, integer: bool = False) -> Any:
    """Check a search budget: ``None`` (no limit) or a finite number greater than 0 and at
    most :data:`BUDGET_SECONDS_LIMIT` (about 31 years); with ``integer=True`` (node counts)
    a whole number up to :data:`BUDGET_COUNT_LIMIT`.  Returns the value (an ``int`` for whole
    numbers given as floats); raises :class:`BudgetError` (a ``ValueError``) otherwise.

    ``nan`` would never compare greater than a clock, ``inf`` never runs out and ``10**400``
    overflows the clock it is added to; strings and bools are not numbers here.

    >>> budget(10**400, "max_seconds")
    Traceback (most recent call last):
    ...
    fourseasons_widget.validate.BudgetError: max_seconds must be at most 1e+09 seconds, not an integer of 1329 bits
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise BudgetError(f"{name} must be a positive number or None, not {quote(value)}")
    hi = BUDGET_COUNT_LIMIT if integer else BUDGET_SECONDS_LIMIT
    what = "" if integer else " seconds"
    most = "2**62" if integer else f"{hi:g}"
    if isinstance(value, numbers.Integral):
        try:
            v = int(value)
        except (OverflowError, ValueError, TypeError):
            raise BudgetError(f"{name} must be a whole number, not {quote(value)}") from None
        if v <= 0:
            raise BudgetError(f"{name} must be greater than 0, not {quote(v)}")
        if v > hi:
            raise BudgetError(f"{name} must be at most {most}{what}, not {quote(v)}")
        return v
    try:
        f = float(value)
    except (OverflowError, ValueError, TypeError):
        raise BudgetError(f"{name} must be a finite positive number, not {quote(value)}") from None
    if not math.isfinite(f) or f <= 0:
        raise BudgetError(f"{name} must be a finite number greater than 0, not {quote(f)}")
    if f > hi:
        raise BudgetError(f"{name} must be at most {most}{what}, not {quote(f)}")
    if integer:
        if f != int(f):
            raise BudgetError(f"{name} counts nodes: a whole number, not {quote(f)}")
        return int(f)
    return f


def real(value: Any, name: str, lo: float, hi: float) -> float:
    """A finite real number from ``lo`` to ``hi`` (not a bool, not text), as a ``float``;
    raises ``ValueError`` (bounded) otherwise.  ``nan``, ``inf`` and ``10**400`` are refused."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number, not {quote(value)}")
    try:
        f = float(value)
    except (OverflowError, ValueError, TypeError):
        raise ValueError(f"{name} must be a number from {lo:g} to {hi:g}, not {quote(value)}") from None
    if not math.isfinite(f) or not lo <= f <= hi:
        raise ValueError(f"{name} must be a number from {lo:g} to {hi:g}, not {quote(f)}")
    return f


def whole(value: Any, name: str, lo: int, hi: int) -> int:
    """An ``int`` (not a bool, not a float) from ``lo`` to ``hi``; raises ``ValueError``."""
    if not is_int(value) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}, not {quote(value)}")
    return int(value)


def choice(value: Any, name: str, options: Iterable[str], error: type[ValueError] = ValueError,
           ) -> str:
    """One of ``options`` (text, compared exactly); raises ``error`` naming the choices."""
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise error(f"{name} must be one of {', '.join(options)}, not {quote(value)}")
    return value


def flag(value: Any, name: str, error: type[ValueError] = ValueError) -> bool:
    """``True`` or ``False`` itself (``0``, ``"no"`` or ``None`` are not a yes-or-no here)."""
    if not isinstance(value, bool):
        raise error(f"{name} must be True or False, not {quote(value)}")
    return value


def workers(value: Any, name: str = "workers", most: int | None = None) -> int | None:
    """A number of worker threads or processes: ``None`` (the default) or a whole number from
    1 to ``most`` (by default the machine's cores); raises :class:`BudgetError` (a
    ``ValueError``) otherwise.

    ``0``, ``-1``, ``True`` or ``2**40`` reached OR-Tools as they were (it took ``0`` and
    ``True`` silently and raised ``TypeError`` on ``2**40``)."""
    import os

    if value is None:
        return None
    cores = most if most is not None else os.cpu_count() or 1
    if not is_int(value) or not 1 <= value <= cores:
        why = "" if most is not None else " (this machine's cores)"
        raise BudgetError(f"{name} must be a whole number from 1 to {cores}{why} or None, "
                          f"not {quote(value)}")
    return int(value)


def cancel_token(value: Any, name: str = "cancel") -> Any:
    """``None`` or a cancel token: an object whose ``is_set()`` says stop (a
    ``threading.Event``); raises ``ValueError`` otherwise."""
    if value is not None and not callable(getattr(value, "is_set", None)):
        raise ValueError(f"{name} must be None or an object with is_set() (a threading.Event), "
                         f"not {quote(value)}")
    return value


def search_order(value: Any, named: Iterable[str], name: str = "order") -> str:
    """A search's move order: one of the ``named`` orders or a permutation of the five move
    groups ``HCWST`` (home, cross, waste, space, turn); raises ``ValueError`` otherwise."""
    named = tuple(named)
    if isinstance(value, str) and (value in named or (
            len(value) == 5 and sorted(value) == sorted("HCWST"))):
        return value
    raise ValueError(f"{name} must be one of {', '.join(named)} or a permutation of 'HCWST', "
                     f"not {quote(value)}")


def seed(value: Any, name: str = "seed", *, optional: bool = True) -> int | None:
    """A random seed: an integer from 0 to 2**63 - 1 (or ``None`` when ``optional``)."""
    if value is None and optional:
        return None
    if not is_int(value) or not 0 <= value < SEED_LIMIT:
        raise ValueError(f"{name} must be an integer from 0 to 2**63 - 1"
                         f"{' or None' if optional else ''}, not {quote(value)}")
    return int(value)


def count_budget(value: Any, name: str) -> int:
    """A budget that must be given (no ``None``: the search has no end without it), as
    :func:`budget` with ``integer=True``; raises :class:`BudgetError`."""
    if value is None:
        raise BudgetError(f"{name} must be a whole number greater than 0, not None")
    return budget(value, name, integer=True)


# ---------------------------------------------------------------------------------------------
# The project's CSV files (the experiments' per-deal rows, their checkpoint, the summaries)

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
        "moves": csv_int(raw["moves"], "moves", 0, STATS_MOVES_LIMIT),
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


# ---------------------------------------------------------------------------------------------
# The statistics store's rows (stats.py reads every row through these: the file is outside
# input — another program, or a person with a SQLite shell, may have written anything)

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


def check_origin(seed: Any, pysol: Any, deck: Any, rules: Any = None) -> None:
    """Check where a game says it comes from: ``seed`` (``None`` or 0 ≤ seed < 2**63),
    ``pysol`` (``None``, 1 ≤ n < 10**20 or ``"ms<n>"``, as :func:`~.deal.parse_pysol_number`
    keeps it) and ``deck`` (``None`` or 52 distinct cards 0–51, dealt from that seed or — given
    the ``rules`` that dealt it — that PySolFC number).  Raises ``ValueError``."""
    if seed is not None and (not is_int(seed) or not 0 <= seed < SEED_LIMIT):
        raise ValueError(f"a seed is an integer from 0 to 2**63 - 1 or null, not {quote(seed)}")
    if pysol is not None:
        try:
            ok = (is_int(pysol) or isinstance(pysol, str)) and parse_pysol_number(pysol) == pysol
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(f"a PySolFC deal number is an integer from 1 to 10**20 - 1, "
                             f"'ms<number>' or null, not {quote(pysol)}")
    if pysol is not None and rules is not None and rules.pysol_rows is None:
        raise ValueError(f"PySolFC deal numbers cannot be dealt in {rules.title}")
    if deck is None:
        return
    if not isinstance(deck, tuple) or len(deck) != 52 or sorted(
            c if is_int(c) else -1 for c in deck) != list(range(52)):
        raise ValueError("a deck is 52 different cards")
    if seed is not None and shuffled_deck(seed) != deck:
        raise ValueError(f"the deck is not the one seed {seed} deals")
    if pysol is not None and rules is not None and pysol_deck(
            pysol, rules.pysol_rows, base=rules.deal == "cross") != deck:
        raise ValueError(f"the deck is not PySolFC's deal {pysol}")


# ---------------------------------------------------------------------------------------------
# The widget's channel


def frontend_update(sync_data: Any, writable: dict[str, type]) -> tuple[dict[str, Any], list[str]]:
    """Split a state update sent by a front end into the values it may set (the names in
    ``writable``, each with a value of exactly that type) and the names refused (bounded:
    the first 20, each quoted).  Everything else a widget publishes is Python's to say."""
    if not isinstance(sync_data, dict):
        return {}, [quote(sync_data)]
    accepted: dict[str, Any] = {}
    refused: list[str] = []
    for name, value in sync_data.items():
        kind = writable.get(name) if isinstance(name, str) else None
        if kind is not None and type(value) is kind:
            accepted[name] = value
        elif len(refused) < 20:
            refused.append(name if isinstance(name, str) and name.isascii() and len(name) <= 40
                           else quote(name))
    return accepted, refused


# ---------------------------------------------------------------------------------------------
# Positions


def check_position(rules: Any, s: Any) -> None:
    """Raise ``ValueError`` naming the first invariant ``s`` breaks, among those every position
    the rules of ``rules`` can reach keeps — and that the engines and the solver rely on:

    - the shape: a :class:`State` of tuples of ints, as many piles as the layout has;
    - 52 cards, each once (the foundations hold the base card of their suit and the cards
      above it, round the corner, so counting them checks foundations against the base rank);
    - a foundation holds 0–13 cards; each corner takes a different suit; a started foundation
      sits in a corner and an empty corner holds nothing; ``foundation:0`` holds the deal's
      base card, so it is never empty;
    - piles: a cell holds one card; a pile is a run the tableau rules allow (down by one, in
      alternating colours in Simplicity, K on A only as ``tableau_wrap`` says);
    - filling: where a space is filled at once (Czarina, Corners), a pile is empty only when
      what fills it is gone (the stock; with ``fill="waste"`` the waste and the stock); in
      Dick 1883 at most one vacancy waits to be filled while the pack or the waste holds a card
      (each move empties at most one pile, and nothing else may be done until it is filled).
    """
    if not isinstance(s, State):
        raise ValueError("a position is a State")
    n = rules.n_piles
    if not isinstance(s.piles, tuple) or len(s.piles) != n:
        count = len(s.piles) if isinstance(s.piles, tuple) else quote(s.piles)
        raise ValueError(f"{rules.title} has {n} tableau piles, not {count}")
    parts = (s.stock, s.waste, *s.piles)
    # (one pass over the cards on the good path; the part to blame is found on the bad one)
    if not all(type(p) is tuple for p in parts) or not all(
            type(c) is int and 0 <= c < 52 for p in parts for c in p):
        for part, name in ((s.stock, "the stock"), (s.waste, "the waste"), *(
                (p, rules.pile_name(i)) for i, p in enumerate(s.piles))):
            if not isinstance(part, tuple) or not all(is_int(c) and 0 <= c < 52 for c in part):
                raise ValueError(f"{name} must be a tuple of cards 0-51")
    for part, name, lo, hi in ((s.home, "foundation counts", 0, 13),
                               (s.corners, "corners", -1, 3)):
        if not isinstance(part, tuple) or len(part) != 4 or not all(
                is_int(x) and lo <= x <= hi for x in part):
            raise ValueError(f"{name} are four integers from {lo} to {hi}")
    if not is_int(s.base) or not 0 <= s.base < 13:
        raise ValueError("the base rank is a rank, 0-12")
    if (s.bases is not None) != (rules.deal == "suits"):
        raise ValueError("per-suit base ranks belong to PySolFC's Corners only" if s.bases
                         else f"{rules.title} has a base rank per suit")
    if s.bases is not None and (not isinstance(s.bases, tuple) or len(s.bases) != 4 or any(
            not is_int(b) or not 0 <= b < 13 for b in s.bases)):
        raise ValueError("per-suit base ranks are four ranks, 0-12")
    if not is_int(s.redeals) or not 0 <= s.redeals <= rules.redeals:
        raise ValueError(f"{rules.title} allows {rules.redeals} redeals")
    started = [x for x in s.corners if x >= 0]
    if len(set(started)) != len(started):
        raise ValueError("each corner takes a different suit")
    for suit in range(4):
        if s.home[suit] and suit not in s.corners:
            raise ValueError(f"the {SUIT_SYMBOLS[suit]} foundation has cards but no corner")
        if suit in s.corners and not s.home[suit]:
            raise ValueError(f"a started foundation holds at least its base card "
                             f"({SUIT_SYMBOLS[suit]} holds none)")
    if rules.corner_suits is None and s.corners[0] < 0:
        raise ValueError("foundation:0 holds the deal's base card: it is never empty")
    if rules.corner_suits is not None and any(
            x >= 0 and x != rules.corner_suits[i] for i, x in enumerate(s.corners)):
        raise ValueError(f"in {rules.title} each suit has its own corner")
    cards = s.all_cards()
    if len(cards) != 52:
        raise ValueError(f"a position holds 52 cards, this one {len(cards)}")
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{CODES[c]} appears twice")
        seen.add(c)
    fits = rules.engine.fits(s.base)
    for i, p in enumerate(s.piles):
        if rules.pile_capacity is not None and len(p) > rules.pile_capacity:
            raise ValueError(f"{rules.pile_name(i)} holds {len(p)} cards; a cell holds one")
        for a, b in itertools.pairwise(p):
            if not fits[b * 52 + a]:
                raise ValueError(f"{rules.pile_name(i)} has {CODES[b]} on {CODES[a]}, "
                                 "which the tableau rules never allow")
    empty = [i for i, p in enumerate(s.piles) if not p]
    if empty and rules.fill in ("stock", "waste"):
        if s.stock:
            raise ValueError(f"{rules.pile_name(empty[0])} is empty while the stock holds "
                             f"cards: in {rules.title} a space is filled at once from the stock")
        if rules.fill == "waste" and s.waste:
            raise ValueError(f"{rules.pile_name(empty[0])} is empty while the waste holds "
                             f"cards: with fill='waste' a space is filled at once from the waste")
    if rules.fill == "vacancy" and len(empty) > 1 and (s.stock or s.waste):
        raise ValueError(f"{len(empty)} vacancies while the pack or the waste holds cards: in "
                         f"{rules.title} a vacancy is filled before any other move, so there is "
                         "at most one")


__all__ = ["BudgetError", "CSV_FORMULA_START", "CSV_LINE_LIMIT", "EXPERIMENT_OUTCOMES",
           "PILE_NAME", "PYSOL_LIMIT", "QUOTE_LIMIT", "SEED_LIMIT", "SHORT_PILE",
           "STATS_RESULTS", "ascii_int", "budget", "check_origin", "check_position", "choice",
           "cancel_token", "count_budget", "csv_cell", "csv_int", "csv_real", "experiment_row",
           "flag", "frontend_update", "search_order", "seed",
           "is_int", "pile_parts", "quote", "quote_error", "real", "safe_text", "stats_game",
           "stats_name", "stats_options", "stats_saved", "take", "whole", "workers"]
