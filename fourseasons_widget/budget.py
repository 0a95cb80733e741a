"""One budget for every search: :class:`Budget` (seconds, positions, a cancel token).

Every entry point that searches takes it as ``budget=`` (python-chess has one ``Limit``): the
solver's ``solve``, ``search``, ``prove`` and the loss provers, ``analysis.analyse`` (with
``per_position=`` for each position it examines), the board's ``hint``, ``solve`` and
``auto_finish``, the fair player, the teaching wing's endgames and the ``fourseasons``
command (which keeps its flags and builds one).

>>> Budget(seconds=2)
Budget(seconds=2, positions=None, cancel=None)
>>> Budget(positions=2.0e6).positions
2000000
>>> Budget(seconds=-1)
Traceback (most recent call last):
...
fourseasons_widget.validate.BudgetError: Budget.seconds must be greater than 0, not -1

``seconds`` is wall-clock time, ``positions`` the positions a search may make (its nodes),
``cancel`` an object whose ``is_set()`` says stop (a ``threading.Event``); ``None`` is no limit.
The names the searches took before (``max_seconds``, ``max_nodes``, ``max_positions``,
``position_seconds``, ``position_nodes``, ``cancel`` …) still work for one release, with a
``DeprecationWarning`` naming the new spelling: :func:`takes_budget` converts them, once, for
every entry point.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import numbers
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .validate import BudgetError, budget, cancel_token, quote

FIELDS = ("seconds", "positions", "cancel")


@dataclass(frozen=True)
class Budget:
    """What a search may spend: ``seconds`` (wall clock), ``positions`` (the positions it
    makes, its nodes) and ``cancel`` (an object with ``is_set()``, checked as the search goes);
    each ``None`` for no limit.  Checked when made: a bad value raises
    :class:`~fourseasons_widget.validate.BudgetError` (a ``ValueError``) naming the field.

    >>> b = Budget(seconds=5, positions=20_000)
    >>> b.replace(seconds=None)
    Budget(seconds=None, positions=20000, cancel=None)
    >>> Budget().limited, b.limited
    (False, True)
    """

    seconds: float | None = None
    positions: int | None = None
    cancel: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seconds", budget(self.seconds, "Budget.seconds"))
        object.__setattr__(self, "positions",
                           budget(self.positions, "Budget.positions", integer=True))
        try:
            cancel_token(self.cancel, "Budget.cancel")
        except ValueError as e:
            raise BudgetError(str(e)) from None

    @property
    def limited(self) -> bool:
        """Whether anything ends a search under this budget (a time, a count or a token)."""
        return not (self.seconds is None and self.positions is None and self.cancel is None)

    def replace(self, **changes: Any) -> Budget:
        """A copy with some fields changed (checked again)."""
        return dataclasses.replace(self, **changes)

    def deadline(self, start: float | None = None) -> float | None:
        """The ``time.perf_counter()`` at which the seconds run out (``None``: no limit)."""
        if self.seconds is None:
            return None
        return (time.perf_counter() if start is None else start) + self.seconds

    def cancelled(self) -> bool:
        """Whether the cancel token says stop."""
        return self.cancel is not None and bool(self.cancel.is_set())


def _spelling(old: dict[str, Any], mapping: dict[str, str]) -> str:
    by_param: dict[str, list[str]] = {}
    for k, v in old.items():
        param, _, f = mapping[k].rpartition(".")
        by_param.setdefault(param or "budget", []).append(f"{f}={v!r}")
    return ", ".join(f"{p}=Budget({', '.join(fs)})" for p, fs in by_param.items())


def takes_budget(old: dict[str, str], *,
                 honours: tuple[str, ...] | dict[str, tuple[str, ...]] = FIELDS,
                 number: str | None = None) -> Callable:
    """Decorate a search entry point whose budget parameters (``budget``, and any other
    parameter annotated as a :class:`Budget`) replaced the old keywords in ``old``: a map from
    each old keyword to the new ``field`` (of ``budget``) or ``"param.field"``.

    A call with old keywords still works, with one ``DeprecationWarning`` that spells the call
    anew; the old values replace those fields of the parameter's default (a ``None`` for a
    parameter whose default is ``None``, the board's own setting, is left out).  Old and new at
    once are refused.  ``None`` for a budget parameter is its default.  ``honours`` names the
    fields the entry point can honour (or, as a dict, those of each parameter): a budget that
    sets another is refused, not ignored.
    ``number``: the old keyword a bare number given for ``budget`` stands for (where it was
    the first positional parameter: ``board.hint(2)``), accepted with a warning."""

    def wrap(fn: Callable) -> Callable:
        sig = inspect.signature(fn)
        params = [p for p in sig.parameters.values()
                  if p.name == "budget" or p.annotation in ("Budget", "Budget | None")]
        defaults = {p.name: p.default for p in params}
        where = fn.__qualname__.replace(".<locals>", "")
        # (a budget that may come by position: from this many positional arguments on)
        by_position = min((i for i, p in enumerate(sig.parameters.values())
                           if p in params and p.kind is p.POSITIONAL_OR_KEYWORD),
                          default=1 << 30)

        def check(arguments: dict[str, Any]) -> None:
            """Each budget given checked (and one not given, or ``None``, its default)."""
            for param, default in defaults.items():
                value = arguments.get(param)
                if value is None:
                    arguments[param] = default
                elif not isinstance(value, Budget):
                    raise BudgetError(f"{where}: {param} must be a Budget (from "
                                      f"fourseasons_widget.budget) or None, not {quote(value)}")
                else:
                    can = honours.get(param, FIELDS) if isinstance(honours, dict) else honours
                    extra = [f for f in FIELDS if f not in can and getattr(value, f) is not None]
                    if extra:
                        raise BudgetError(f"{where} honours {param}'s {' and '.join(can)}, "
                                          f"not its {extra[0]}")

        @functools.wraps(fn)
        def entry(*args: Any, **kwargs: Any) -> Any:
            if len(args) <= by_position and not any(k in old for k in kwargs):
                check(kwargs)  # (the new spelling: no binding needed)
                return fn(*args, **kwargs)
            old_given = {k: kwargs.pop(k) for k in tuple(kwargs) if k in old}
            bound = sig.bind(*args, **kwargs)
            b = bound.arguments.get("budget")
            if (number is not None and isinstance(b, numbers.Real)
                    and not isinstance(b, bool)):
                old_given = {number: b, **old_given}
                del bound.arguments["budget"]
            if old_given:
                clash = [p for p in defaults if bound.arguments.get(p) is not None]
                if clash:
                    raise BudgetError(f"{where}: give {clash[0]}= or the old "
                                      f"{', '.join(old_given)}=, not both")
                warnings.warn(f"{where}({', '.join(f'{k}=' for k in old_given)}) is "
                              f"deprecated: use {where}({_spelling(old_given, old)}); the old "
                              "keywords go in the next release", DeprecationWarning,
                              stacklevel=2)
                fields: dict[str, dict[str, Any]] = {}
                for k, v in old_given.items():
                    param, _, f = old[k].rpartition(".")
                    param = param or "budget"
                    try:  # (a bad old value is refused under the name it was given by)
                        Budget(**{f: v})
                    except BudgetError as e:
                        raise BudgetError(str(e).replace(f"Budget.{f}", k, 1)) from None
                    if v is None and defaults[param] is None:
                        continue
                    fields.setdefault(param, {})[f] = v
                for param, fs in fields.items():
                    bound.arguments[param] = (defaults[param] or Budget()).replace(**fs)
            check(bound.arguments)
            return fn(*bound.args, **bound.kwargs)

        entry.old_budget_keywords = dict(old)  # (for the tests: every old name still works)
        return entry

    return wrap


__all__ = ["Budget", "BudgetError", "takes_budget"]
