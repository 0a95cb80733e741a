"""Where did I go wrong?  The move that lost a game, found by the solver.

A game's history is a line of positions: ``p[0]`` the deal, ``p[i + 1]`` the position after
``history[i]``, ``p[n]`` now.  Along it, *winnable* is monotone:

- if ``p[k]`` is winnable, so is every earlier ``p[j]``: play the history's moves ``j … k-1``,
  then the win from ``p[k]``;
- if ``p[k]`` is lost, so is every later ``p[j]``: a win from ``p[j]`` would be a win from
  ``p[k]`` too.

So a lost game is a run of winnable positions followed by a run of lost ones, and the *turning
point* is the last winnable position: the move played there, ``history[turning_point]``, lost
the game.  :func:`analyse` finds it by bisection over the history with the solver
(:func:`~fourseasons_widget.solver.exact.solve`), whose verdicts are three-valued: won (with a
line), lost (proved) or unknown (the budget ran out).  Each verdict settles more than its own
position: a win found at ``p[k]`` makes every earlier position winnable (and every later
position of the history that its line passes through); a proof at ``p[k]`` makes every later
position lost (and every other position equal to ``p[k]``).

Unknown verdicts are what make this honest rather than simple.  A position the solver could
neither win nor prove lost within its budget is treated, for choosing where to look next, as
"no win found" (late in a game the solver finds wins in hundredths of a second, so a miss is
mostly a loss it could not prove), but it is *reported* as unknown, never as lost.  The
turning point is the last position where a win was found; the analysis then tries once more,
with a bigger budget, to settle the position right after it: the verdict is either "proved
lost from here" or "no win found within N positions".  The first is cheap late in a game (few
stock cards: a small space to exhaust), the second is what remains early on, when the stock
still holds most of the deck.

>>> from fourseasons_widget import Budget, Game
>>> g = Game.new(seed=1)
>>> from fourseasons_widget.analysis import analyse
>>> a = analyse(g, budget=Budget(seconds=2))
>>> a.turning_point is None        # nothing played yet: nothing went wrong
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .budget import Budget, takes_budget
from .model.game import position_status
from .model.rules import Rules
from .model.state import Move, RawMove, State

#: the whole analysis stops after this many seconds (the default ``budget``'s seconds)
DEFAULT_SECONDS = 10.0
#: each position gets at most this many solver nodes (the default ``per_position``'s positions): about 0.4 s on one
#: core; a budget in nodes (not seconds) gives the same analysis on any machine
DEFAULT_POSITION_NODES = 20_000
#: the position right after the last win found gets one more try, this many times bigger
RETRY_FACTOR = 8

VERDICTS = ("won", "lost", "unknown")


@dataclass(frozen=True)
class Row:
    """One position of the history the analysis looked at.

    ``ply``: the position before ``history[ply]`` (``ply == len(history)``: the position
    now); ``verdict``: ``"won"`` (a winning ``line`` from there), ``"lost"`` (proved) or
    ``"unknown"`` (the budget ran out first); ``by``: ``"solver"``, ``"retry"`` (the second,
    bigger try) or ``"status"`` (the game's own cheap proof that the position is lost);
    ``nodes`` and ``seconds`` spent; ``stock``: cards left in the stock there.
    """

    ply: int
    verdict: str
    by: str
    nodes: int
    seconds: float
    stock: int
    line: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyse` found.

    - ``turning_point``: the ply of the losing move (``moves[turning_point]``, the game's
      ``history[turning_point]``): the last position from which a win was found.  ``None``
      when the game was won, when a win is still possible from the last position, or when no
      win was found from any position examined (the deal included).
    - ``played``: the move played there; ``better``: the move the solver would have played
      instead, the first of ``line``, a winning line from the turning point.
    - ``proved``: whether the position after the losing move is proved lost; ``lost_from``:
      the first position proved lost (``None``: none was).  Between the turning point and
      ``lost_from`` the positions are unknown: no win found, no loss proved.
    - ``rows``: each position examined, by ply; :meth:`verdict_at` gives what the rows imply
      for any position (winnable before a win, lost after a proof, else unknown).
    - ``complete``: the search ran to its end (not stopped, and the budget left room to
      narrow the turning point down to one move).
    """

    moves: tuple[Move, ...]
    outcome: str  # "won" | "winnable" | "lost" | "unknown": the game's last position
    turning_point: int | None
    played: Move | None
    better: Move | None
    line: tuple[Move, ...]
    proved: bool
    lost_from: int | None
    won_upto: int
    rows: tuple[Row, ...]
    complete: bool
    seconds: float
    nodes: int
    text: str = field(default="")

    @property
    def plies(self) -> int:
        return len(self.moves)

    def verdict_at(self, ply: int) -> str:
        """``"won"`` (winnable: a win was found there or later), ``"lost"`` (proved, there or
        earlier) or ``"unknown"`` for the position before ``moves[ply]``."""
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"ply {ply} is not a position of this game (0…{len(self.moves)})")
        if ply <= self.won_upto:
            return "won"
        if self.lost_from is not None and ply >= self.lost_from:
            return "lost"
        return "unknown"

    @property
    def verdicts(self) -> tuple[str, ...]:
        """:meth:`verdict_at` for every position, the deal first."""
        return tuple(self.verdict_at(i) for i in range(len(self.moves) + 1))

    def __str__(self) -> str:
        return self.text


def _replay(rules: Rules, start: State, moves: Sequence[Move | str]) -> tuple[list[State], list[Move]]:
    """The positions of a line of moves (each checked: an illegal one raises ``ValueError``)."""
    from .model.game import Game

    g = Game(start, rules)
    played = [g.play(m) for m in moves]
    return list(g.positions), played


_OLD_BUDGETS = {"max_seconds": "seconds", "position_seconds": "per_position.seconds",
               "position_nodes": "per_position.positions"}
#: the fields each budget of an analysis honours (a position's search is not cancelled alone)
_HONOURS = {"budget": ("seconds", "cancel"), "per_position": ("seconds", "positions")}


@takes_budget(_OLD_BUDGETS, honours=_HONOURS)
def analyse(game, *, budget: Budget = Budget(seconds=DEFAULT_SECONDS),
            per_position: Budget = Budget(positions=DEFAULT_POSITION_NODES),
            stop: Callable[[], bool] | None = None,
            on_row: Callable[[Row], None] | None = None) -> Analysis:
    """Find the move that lost ``game`` (a :class:`~fourseasons_widget.model.game.Game`: its
    ``history``, the moves played; moves taken back are not part of it).

Two budgets (:class:`~fourseasons_widget.budget.Budget`; at least one limit is needed):
    ``budget`` for the whole analysis (its seconds, ten by default, and its cancel token),
    ``per_position`` for the search of one position (its seconds and positions; 20,000
    positions by default).  ``stop()`` is asked before each position, as the cancel token is (a
    true answer ends the analysis early, ``complete=False``); ``on_row(row)`` hears of each
    position examined.

    See :func:`analyse_line` for a line given as its start and moves.
    """
    return analyse_line(game.rules, game.start, game.history, budget=budget,
                        per_position=per_position, stop=stop, on_row=on_row)


@takes_budget(_OLD_BUDGETS, honours=_HONOURS)
def analyse_line(rules: Rules, start: State, moves: Sequence[Move | str], *,
                 budget: Budget = Budget(seconds=DEFAULT_SECONDS),
                 per_position: Budget = Budget(positions=DEFAULT_POSITION_NODES),
                 stop: Callable[[], bool] | None = None,
                 on_row: Callable[[Row], None] | None = None) -> Analysis:
    """:func:`analyse` for the line of ``moves`` played from ``start`` under ``rules``."""
    if budget.seconds is None and per_position.seconds is None and per_position.positions is None:
        raise ValueError("give at least one budget (budget=Budget(seconds=...) or per_position="
                         "Budget(seconds=..., positions=...)): proving a deal lost can take hours")
    if budget.cancel is not None:
        asked, cancel = stop, budget.cancel
        stop = (cancel.is_set if asked is None
                else lambda: bool(cancel.is_set()) or bool(asked()))
    positions, played = _replay(rules, start, moves)
    return _Analyser(rules, positions, played, budget.seconds, per_position.seconds,
                     per_position.positions, stop, on_row).run()


class _Analyser:
    def __init__(self, rules: Rules, positions: list[State], moves: list[Move],
                 max_seconds: float | None, position_seconds: float | None,
                 position_nodes: int | None, stop: Callable[[], bool] | None,
                 on_row: Callable[[Row], None] | None) -> None:
        self.rules = rules
        self.p = positions
        self.moves = moves
        self.n = len(moves)
        self.t0 = time.perf_counter()
        self.deadline = None if max_seconds is None else self.t0 + max_seconds
        self.position_seconds = position_seconds
        self.position_nodes = position_nodes
        self.stop = stop
        self.on_row = on_row
        self.rows: dict[int, Row] = {}
        self.lines: dict[int, list[RawMove]] = {}  # positions with a winning line from there
        self.won_upto = -1  # every position up to here is winnable
        self.lost_from = self.n + 1  # every position from here is lost (n + 1: none proved)
        self.unknown: set[int] = set()
        self.where: dict[State, list[int]] = {}  # each position -> its plies in the history
        for i, s in enumerate(positions):
            self.where.setdefault(s, []).append(i)
        self.nodes = 0
        self.stopped = False
        self.cut = False  # stopped, or out of time, before the search was done
        self.shortened: set[int] = set()

    # -- one position ----------------------------------------------------------------------
    def time_left(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def examine(self, i: int, factor: int = 1) -> str | None:
        """Solve position ``i``; ``None`` when out of time or stopped (nothing examined)."""
        from .solver.exact import solve

        if self.stop is not None and self.stop():
            self.stopped = self.cut = True
            return None
        seconds = None if self.position_seconds is None else self.position_seconds * factor
        left = self.time_left()
        if left is not None:
            if left < 0.01:
                self.cut = True
                return None
            seconds = left if seconds is None else min(seconds, left)
        nodes = None if self.position_nodes is None else self.position_nodes * factor
        r = solve(self.p[i], self.rules, budget=Budget(seconds=seconds, positions=nodes),
                  shorten_line=False)
        self.nodes += r.nodes
        self.record(Row(i, r.verdict, "retry" if factor > 1 else "solver", r.nodes,
                        round(r.seconds, 4), len(self.p[i].stock), tuple(r.moves)), r.raw)
        return r.verdict

    def record(self, row: Row, raw: list[RawMove] | None = None) -> None:
        i = row.ply
        self.rows[i] = row
        if row.verdict == "won":
            self.unknown.discard(i)
            self.add_line(i, raw or [])
        elif row.verdict == "lost":
            self.unknown.discard(i)
            # the same position elsewhere in the history is lost too (and so all after it)
            self.lost_from = min(self.lost_from, self.where[self.p[i]][0])
        else:
            self.unknown.add(i)
        if self.on_row is not None:
            self.on_row(row)

    def shorten(self) -> bool:
        """Shorten the winning line from the last win found (the one the board shows), once;
        ``True`` if the shorter line wins from a later position of the history (then the
        search goes on from there)."""
        from .solver.exact import shorten

        lo = self.won_upto
        if lo < 0 or lo in self.shortened:
            return False
        self.shortened.add(lo)
        raw = self.lines[lo]
        for _ in range(3):
            shorter = shorten(self.rules, self.p[lo], raw)
            if len(shorter) >= len(raw):
                break
            raw = shorter
        self.lines[lo] = raw
        self.add_line(lo, raw)
        return self.won_upto > lo

    def add_line(self, i: int, raw: list[RawMove]) -> None:
        """A winning line from position ``i``: it wins from every position of the history it
        passes through (and, with the history's moves, from every earlier one)."""
        engine = self.rules.engine
        s = self.p[i]
        for k in range(len(raw) + 1):
            for j in self.where.get(s, ()):
                if j not in self.lines or len(self.lines[j]) > len(raw) - k:
                    self.lines[j] = raw[k:]
                self.won_upto = max(self.won_upto, j)
            if k < len(raw):
                s = engine.apply(s, raw[k])

    # -- the bisection ---------------------------------------------------------------------
    def run(self) -> Analysis:
        n, last = self.n, self.p[self.n]
        if last.is_won:
            return self.result("won")
        t = time.perf_counter()
        if position_status(self.rules, last) == "lost":  # the game's own (cheap) proof
            self.record(Row(n, "lost", "status", 0, round(time.perf_counter() - t, 4),
                            len(last.stock)))
        else:
            self.examine(n)
        if self.won_upto == n:
            return self.result("winnable")
        # The deal next: a win found there is cheap when it exists, and when none is found
        # the bisection would walk down to it through unknown positions anyway.
        if n > 0 and 0 not in self.rows:
            self.examine(0)
        retried: set[int] = set()
        while True:
            self.search(retried)
            # the line shown is shortened; a shorter line may win from later in the history
            if self.stopped or not self.shorten() or self.cut:
                break
        if self.won_upto == n:
            return self.result("winnable")
        return self.result("lost" if self.lost_from <= n else "unknown")

    def search(self, retried: set[int]) -> None:
        n = self.n
        while not self.cut and self.won_upto < n:
            lo, hard = self.won_upto, self.lost_from
            between = [u for u in self.unknown if lo < u < hard]
            hi = min(between, default=hard)
            if hi > lo + 1:  # bisect for the last win
                self.examine((lo + hi) // 2)
            elif hi < hard and hi not in retried:
                # the position right after the last win found: unknown so far, one more try
                retried.add(hi)
                self.examine(hi, RETRY_FACTOR)
            elif hard <= n and hard > max(between, default=lo) + 1:
                # the turning point is settled; bisect for where the proofs begin, between
                # the last unknown position and the first proved lost
                self.examine((max(between, default=lo) + hard) // 2)
            else:
                return

    def result(self, outcome: str) -> Analysis:
        n = self.n
        lo, hard = self.won_upto, self.lost_from
        complete = not self.cut
        tp = lo if outcome not in ("won", "winnable") and 0 <= lo < n else None
        line: tuple[Move, ...] = ()
        if tp is not None:
            line = tuple(_to_moves(self.rules, self.p[tp], self.lines[tp]))
        proved = tp is not None and hard == tp + 1
        a = Analysis(
            moves=tuple(self.moves), outcome=outcome, turning_point=tp,
            played=self.moves[tp] if tp is not None else None,
            better=line[0] if line else None, line=line, proved=proved,
            lost_from=hard if hard <= n else None, won_upto=lo,
            rows=tuple(self.rows[i] for i in sorted(self.rows)), complete=complete,
            seconds=round(time.perf_counter() - self.t0, 4), nodes=self.nodes)
        return _with_text(a)


def _to_moves(rules: Rules, s: State, raw: list[RawMove]) -> list[Move]:
    out = []
    for m in raw:
        out.append(rules.engine.to_move(s, m))
        s = rules.engine.apply(s, m)
    return out


def _with_text(a: Analysis) -> Analysis:
    from dataclasses import replace

    return replace(a, text=describe(a))


def describe(a: Analysis, played: Callable[[Move], str] = str,
             better: Callable[[Move], str] = str) -> str:
    """The verdict in words (move numbers count from 1); ``played`` and ``better`` name a move
    played and the move that would have won (by default in notation, ``"TD s>w"``; the board
    passes words: "ten of diamonds from the stock to the waste")."""
    text = _verdict_text(a, played, better)
    if not a.complete:
        text += " (The analysis was cut short: out of time, or stopped.)"
    return text


def _verdict_text(a: Analysis, said: Callable[[Move], str] = str,
                  advised: Callable[[Move], str] = str) -> str:
    n = a.plies
    if a.outcome == "won":
        return "The game was won: no move lost it."
    if a.outcome == "winnable":
        return ("A win is still possible from the current position (the solver found one): "
                "nothing is lost yet.")
    if a.turning_point is None:
        if a.lost_from == 0:
            return "The deal itself cannot be won (proved): no move lost it."
        examined = len(a.rows)
        return (f"No win was found from any of the {examined} position"
                f"{'s' * (examined != 1)} examined, the deal included: the solver cannot say "
                f"which move lost the game (if any did).")
    t = a.turning_point
    after = next((r for r in a.rows if r.ply == t + 1), None)
    instead = (f"before it a win was still possible: the solver would have played "
               f"{advised(a.better)} (a win in {len(a.line)} moves).")
    if a.proved:
        nodes = f" ({after.nodes:,} positions searched)" if after and after.nodes else ""
        return f"Move {t + 1} ({said(a.played)}) lost the game: {instead} After it: proved " \
               f"lost from here{nodes}."
    if after is not None:
        tail = f"After it: no win found within {after.nodes:,} positions, not proved lost"
    else:
        tail = "After it: not examined (the analysis ran out of time)"
    if a.lost_from is not None:
        tail += (f"; proved lost after move {a.lost_from}" if a.lost_from < n
                 else "; the final position is proved lost")
    return f"After move {t + 1} ({said(a.played)}) no win was found; {instead} {tail}."


__all__ = ["Analysis", "Row", "analyse", "analyse_line", "describe", "DEFAULT_SECONDS",
           "DEFAULT_POSITION_NODES", "RETRY_FACTOR"]
