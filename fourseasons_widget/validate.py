"""The checks every layer needs for what comes from outside: save files, move text, pile names,
decks, positions and budgets.  A check only one module needs lives in that module: the
statistics store's rows in :mod:`~fourseasons_widget.store.checks`, the experiments' CSV rows
in :mod:`~fourseasons_widget.solver.rows`, a front end's state update in
:mod:`~fourseasons_widget.channel` (their old names here answer for one release, with a
``DeprecationWarning``).

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

# (the low-level helpers live in _validate_base, which imports nothing of the package: cards, deal
# and state use them from there, so that this gate may import the types it checks with no
# cycle; they are this module's public names as before)
from ._validate_base import PILE_NAME, QUOTE_LIMIT, SHORT_PILE, quote, take
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


__all__ = ["BudgetError", "PILE_NAME", "PYSOL_LIMIT", "QUOTE_LIMIT", "SEED_LIMIT", "SHORT_PILE",
           "ascii_int", "budget", "check_origin", "check_position", "choice", "cancel_token",
           "count_budget", "flag", "search_order", "seed", "is_int", "pile_parts", "quote",
           "quote_error", "real", "safe_text", "take", "whole", "workers"]


# Checks owned by one module moved to it (issue 40): the old names answer for one release,
# with a DeprecationWarning (resolved by name in _moved: no import of those modules here).
def __getattr__(name: str):
    from ._moved import moved_attribute

    return moved_attribute(__name__, name)
