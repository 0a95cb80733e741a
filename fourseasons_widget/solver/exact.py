"""The solver: depth-first search with a transposition table, safe moves home, and a portfolio
of two move orders sharing the budget.

Verdicts are three-valued and honest:

- ``"won"`` — with ``moves``, a line the :class:`~fourseasons_widget.model.game.Game` accepts.
  Every line is replayed through the model's own engine before it is returned (each move must
  be one of ``rules.moves(state)`` and the last position must be won), so a bug in the fast
  search below can cost a win but can never report a false one;
- ``"lost"`` — only when every position reachable from the start was searched (by at least one
  of the searches of the portfolio);
- ``"unknown"`` — the budget (nodes or seconds) ran out first.

How it is fast
--------------
The search does not build a :class:`State` per node.  It keeps one mutable position (piles as
lists, four foundation counts, an index into the stock, the waste as a list), applies a move and
takes it back (*do/undo*), and keeps each pile's contents also as an integer code (six bits per
card) so the transposition key is a short tuple of ints.  Most moves lead to a position already
seen (a card moved back, the same layout reached another way), so the key of a child is computed
from the move alone (:meth:`FastSearch.child_key`: two pile codes shifted, a foundation count or
the stock index bumped) and looked up before the move is made; only new positions are ever made.
Its move generator mirrors the model's engine (:mod:`fourseasons_widget.model.rules`) for every flow
(free spaces, spaces filled at once from the stock or the waste, Dick's vacancies, moving runs);
the tests cross-check it against the engine move by move and position by position over random
play in every variant.

Soundness of the reductions (each is measured in ``benchmarks/solver.py``)
---------------------------------------------------------------------------
1. *Transposition key.*  A position is identified by (the piles as a multiset, the foundation
   counts, the stock count).  Every tableau pile obeys the same rules in every variant (the
   layout is cosmetic), so permuting piles changes nothing; which corner holds which suit
   changes nothing either.  The stock is only taken from the front, so its length fixes its
   contents.  The waste needs no place in the key: a card reaches the waste only from the stock
   and leaves only from the top, so the waste is exactly "the turned cards that are neither in
   a pile nor home", in the order they were turned — a function of the rest of the key.  A
   depth-first search that never re-enters a key still visits every reachable key, so
   exhausting it proves the loss.  The key of the position right after a move also stands
   for the position its automatic sequel (forced fills, safe moves home, below) leads to:
   the sequel is a function of the position, so the two are explored as one.
2. *Moves that only permute piles are not generated*: a lone card (or a whole pile, moving
   runs) into a space, a card into the second of two spaces when it could go to the first,
   filling the second of two vacancies, a base card to the second of two empty corners.  Each
   leads to a position with the same key as one already generated, so (by 1) nothing is lost.
3. *Safe moves home.*  A card ``c`` whose every possible tableau child (the cards that could be
   built on it) is already home is moved home at once, without branching.  Outside a
   foundation ``c`` could only serve as a building target (impossible now, and for ever: cards
   never leave a foundation) or be moved around; any winning line from the position without the
   move stays a winning line after it, with the moves of ``c`` dropped (a run whose top is
   ``c`` moves without it and still fits, since its lowest-lying card is unchanged).  Where a
   space is refilled by force the argument needs care, so the move is taken automatically only
   when it cannot change a fill: in Czarina and Corners (filled from the stock) not when it
   empties a pile; with Czarina's ``fill='waste'`` option never from the waste; in Dick 1883,
   where a vacancy must be filled by the player from another pile or the waste, never.

Nothing else is pruned: every other legal move is tried, so "lost" means lost.

Move orders and the portfolio
-----------------------------
A search tries, at each position, first the moves home (H), then builds from pile to pile (C),
then builds from the waste (W), then moves into a space (S), and turns the stock (T) last: order
``"cross"`` = ``"HCWST"``.  Turning the stock early (``"waste"`` = ``"HWTCS"``) wins far fewer
deals.  From a deal (``order="auto"``, the default) the solver first lets the heuristic player
(:func:`~fourseasons_widget.solver.players.heuristic_line`, a greedy beginner who does not look
at the stock) play the deal, with at most half the budget: in the variants that move sequences
and in Simplicity it wins most deals in a few hundred moves, where a depth-first search wanders.
Then one persistent search in order ``"cross"`` shares the budget with a series of short fresh
searches in other orders, with the piles looked at in shuffled orders (see :func:`search`); they
win different deals.  The fresh searches do not enter positions the persistent one has already
reached: they spend their nodes where it has not been (it will still get everywhere itself, so
only its exhaustion proves a loss).  Late in a game (few stock cards left) one search alone is
used: it proves losses with half the nodes.

Engines
-------
The searches are written once (:mod:`.interface`: :func:`~.interface.portfolio`,
:func:`~.interface.run_one`) over two backends: the Python reference (:mod:`.reference`) and
the compiled core (:mod:`.compiled`, numba).  One function chooses (:func:`.backends.choose`,
``engine=``): ``"auto"``, the default, takes the compiled core where numba is installed, the
rules are ones it plays and its JIT is ready, and the Python reference otherwise, starting the
compile in the background so that a later search gets it (no caller waits for a compile).
:attr:`SolveResult.engine` says which one answered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..budget import Budget, takes_budget
from ..model.rules import Rules
from ..model.state import Move, RawMove, State
from ..validate import budget as check_budget
from ..validate import cancel_token, search_order, whole
from ..validate import flag as check_flag
from .backends import DEFAULT_ENGINE, ENGINES, Handover, choose, warming
from .interface import (  # noqa: F401  (the names this module has always offered)
    LATE_STOCK,
    ORDERS,
    RESTART_ORDERS,
    RESTART_UNIT,
    STOCK,
    WASTE,
    Cancel,
    F,
    SolverBug,
    _mapped,
    _pile_map,
    _tables,
    checked_apply,
    luby,
    portfolio,
    position_and_rules,
    run_one,
    to_model_line,
)
from .reference import PYTHON, FastSearch, engine_search, fast_search_supports  # noqa: F401

__all__ = ["ENGINES", "SolveResult", "search", "shorten", "shorten_fully", "solve"]


@dataclass
class SolveResult:
    """What the solver found: ``verdict`` in {"won", "lost", "unknown"}, the winning ``moves``
    (Move objects, empty unless won), ``nodes`` expanded and ``seconds`` spent; ``raw`` is
    the same line as the engine's raw moves; ``engine`` names the backend that answered
    (``"compiled"`` or ``"python"``: a board can say which)."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    raw: list[RawMove] = field(default_factory=list, repr=False)
    engine: str = "python"

    @property
    def won(self) -> bool:
        return self.verdict == "won"

    @property
    def lost(self) -> bool:
        return self.verdict == "lost"


@takes_budget({"max_nodes": "positions", "max_seconds": "seconds", "cancel": "cancel"})
def search(rules: Rules, root: State, *, budget: Budget = Budget(), order: str = "auto",
           use_tt: bool = True, safe_home: bool = True,
           probe: bool = True, engine: str = DEFAULT_ENGINE) -> tuple[str, list[RawMove], int]:
    """Search from ``root`` within ``budget`` (a :class:`~fourseasons_widget.budget.Budget`:
    seconds, positions, cancel; no limit by default); returns (verdict, raw line, nodes
    expanded).

    ``order`` is ``"auto"`` (the default: the portfolio while more than ``LATE_STOCK`` cards are
    in the stock, else one search, which proves losses in half the nodes: late positions are
    about proofs, and a small space leaves no heavy tail to cut), ``"portfolio"``, ``"cross"``,
    ``"waste"`` or a permutation of ``"HCWST"`` (one depth-first search in that order).  The
    portfolio first runs the heuristic player's greedy line as a probe (at most half the budget;
    each position it plays from counts as a node), then gives half the rest to one persistent
    depth-first search (order ``"cross"``), and the other half to a series of fresh searches,
    each in another order and with the piles looked at in a shuffled order, each stopped after a
    budget growing as the Luby sequence (``RESTART_UNIT`` × 1 1 2 1 1 2 4 …).  Wins in this game
    are heavy-tailed: a search that went wrong early rarely recovers, and a fresh one often wins
    at once.  The fresh searches skip the positions the persistent one has reached (on standard
    deals 0–199 at a fixed node budget this won 94 deals instead of 89 at 30,000 nodes, 97
    instead of 94 at 50,000); the persistent search is complete on its own, and its exhaustion
    proves the loss.  ``probe=False`` leaves the probe out; ``use_tt`` / ``safe_home`` switch
    the reductions off (for the benchmark and the cross-checks; without the transposition table
    a search may not end, so give it a budget).  The budget's ``cancel`` (a
    ``threading.Event``, checked every 256 nodes) stops the search from another thread: the
    verdict is then "unknown".
    ``engine``: ``"auto"`` (the default), ``"compiled"`` or ``"python"``
    (:func:`.backends.choose`): the compiled core walks the same searches, with the same nodes
    and verdicts, about 15 times faster.
    """
    return _search(rules, root, max_nodes=budget.positions, max_seconds=budget.seconds,
                   order=order, use_tt=use_tt, safe_home=safe_home, probe=probe,
                   cancel=budget.cancel, engine=engine)[:3]


def _search(rules: Rules, root: State, *, max_nodes: int | None, max_seconds: float | None,
            order: str, use_tt: bool, safe_home: bool, probe: bool, cancel: Cancel | None,
            engine: str, max_table: int | None = None) -> tuple[str, list[RawMove], int, str]:
    """:func:`search`, and the name of the backend that answered.  With ``engine="auto"``
    while the compiled core is still warming up, the search starts in Python and, if the
    core becomes ready before it ends, hands over: the compiled search starts afresh with the
    rest of the time and the whole node budget (it walks the same positions, so a node budget
    gives the same verdict whenever the JIT became ready); the nodes are then its own."""
    max_nodes = check_budget(max_nodes, "max_nodes", integer=True)
    max_seconds = check_budget(max_seconds, "max_seconds")
    root, rules = position_and_rules(root, rules)
    order = search_order(order, ("auto", "portfolio", *ORDERS))
    use_tt, safe_home, probe = (check_flag(use_tt, "use_tt"), check_flag(safe_home, "safe_home"),
                                check_flag(probe, "probe"))
    cancel = cancel_token(cancel)
    # (checks ``engine`` and ``max_table`` first, even for a won root)
    backend = choose(engine, rules, root, max_table=max_table)
    if root.is_won:
        return "won", [], 0, backend.name
    if backend is PYTHON and use_tt and safe_home and warming(engine, rules, root):
        t0 = time.perf_counter()
        flag = Handover(cancel)
        verdict, line, nodes, used = _search(
            rules, root, max_nodes=max_nodes, max_seconds=max_seconds, order=order,
            use_tt=True, safe_home=True, probe=probe, cancel=flag, engine="python")
        if verdict != "unknown" or not flag.handed:
            return verdict, line, nodes, used
        left_s = None if max_seconds is None else max_seconds - (time.perf_counter() - t0)
        if left_s is not None and left_s <= 0:
            return verdict, line, nodes, used
        # the whole node budget again: under a node budget the verdict does not depend on
        # when the JIT was ready (the compiled search walks the Python one's nodes again,
        # fifteen times faster); the nodes are the compiled search's
        return _search(rules, root, max_nodes=max_nodes, max_seconds=left_s, order=order,
                       use_tt=True, safe_home=True, probe=probe, cancel=cancel,
                       engine="compiled", max_table=max_table)
    if not (use_tt and safe_home):
        backend = PYTHON  # (the switches are the reference's, for the cross-checks)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    budget = max_nodes if max_nodes is not None else 1 << 62
    if not backend.supports(rules):  # PySolFC's fills, redeals, foundations that give back
        return (*engine_search(rules, root, budget, deadline, cancel), "python")
    if order == "auto":
        order = "portfolio" if len(root.stock) > LATE_STOCK else "cross"
    if order == "portfolio":
        return (*portfolio(backend, rules, root, budget, deadline, max_seconds, probe, cancel),
                backend.name)
    if backend is PYTHON:
        fs = FastSearch(rules, root, order, use_tt=use_tt, safe_home=safe_home)
        verdict = fs.run(budget, deadline, cancel)
        line = to_model_line(rules, root, fs.fast_line()) if verdict == "won" else []
        return verdict or "unknown", line, fs.nodes, backend.name
    return (*run_one(backend, rules, root, order, budget, deadline, cancel), backend.name)


def shorten(rules: Rules, state: State, line: list[RawMove]) -> list[RawMove]:
    """A shorter winning line: walk the line, and wherever one move leads to a position (up to
    the order of the piles) that the line reaches later, jump there.  Depth-first lines are
    full of detours (a card shuttled between piles while the search looked elsewhere); this
    removes most of them.  The result is checked move by move; if anything disagrees the
    original line is returned."""
    engine = rules.engine
    states = [state]
    for m in line:
        states.append(engine.apply(states[-1], m))
    index = {t.key(): i for i, t in enumerate(states)}  # the last time each key is reached
    out: list[RawMove] = []
    cur = state
    pmap = list(range(rules.n_piles))
    i, n = 0, len(line)
    try:
        while i < n:
            best_j, best = i + 1, None
            for m in engine.moves(cur):
                t = engine.apply(cur, m)
                j = index.get(t.key(), -1)
                if j > best_j:
                    best_j, best = j, (m, t)
            if best is not None:
                m, cur = best
                out.append(m)
                i = best_j
                pm = _pile_map(states[i].piles, cur.piles)
                if pm is None:
                    return line
                pmap = pm
            else:
                m = _mapped(rules, cur, line[i], pmap)
                if m not in engine.moves(cur):
                    return line
                out.append(m)
                cur = engine.apply(cur, m)
                i += 1
    except (ValueError, IndexError):
        return line
    return out if cur.is_won else line


def shorten_fully(rules: Rules, state: State, line: list[RawMove], passes: int = 3,
                  ) -> list[RawMove]:
    """:func:`shorten` again while it helps, at most ``passes`` times."""
    passes = whole(passes, "passes", 0, 100)
    for _ in range(passes):
        shorter = shorten(rules, state, line)
        if len(shorter) >= len(line):
            break
        line = shorter
    return line


def streamlined(rules: Rules) -> Rules | None:
    """A *streamliner* of ``rules`` (as in Gent et al.'s solvers): stricter rules whose every
    line is a line of ``rules``, so that a win found in them is a win of the real game, in a
    smaller search.  Where runs move whole (``sequences``, Dick 1883) the same rules with single
    cards only: a single card is a run of one, and nothing else differs (the tests check on
    random positions that every move of the stricter rules is a move of ``rules`` with the same
    result).  ``None`` where there is none.  Its "lost" proves nothing for ``rules``: the real
    game has more moves."""
    import dataclasses

    if not rules.sequences:
        return None
    return dataclasses.replace(rules, sequences=False)


@takes_budget({"max_seconds": "seconds", "max_nodes": "positions", "cancel": "cancel"})
def solve(position, rules: Rules | None = None, *, budget: Budget = Budget(seconds=10.0),
          order: str = "auto", shorten_line: bool = True,
          engine: str = DEFAULT_ENGINE, max_table: int | None = None,
          streamline: bool = False, strict_first: bool = False) -> SolveResult:
    """Solve a :class:`Game` or a :class:`State` (with its ``rules``) within ``budget`` (a
    :class:`~fourseasons_widget.budget.Budget`; ten seconds by default).

    ``streamline``: where the search ends unknown and the rules have a streamliner
    (:func:`streamlined`: runs moved whole, so the same rules with single cards only), the
    position is solved once more in the stricter rules with the same budget again; a win
    there is a line of these rules and is returned as the verdict (its moves are checked
    again through these rules' engine), a loss there proves nothing and the verdict stays
    unknown.  ``nodes`` and ``seconds`` count both searches.  ``strict_first`` (with
    ``streamline``) runs the stricter rules first and the real ones only if they found no win:
    for a deal known to be won by the streamliner (the board's "How could it have been won?"
    on such a deal of the shipped classification), whose plain search would spend its whole
    budget in vain first.

    A winning line is shortened (:func:`shorten`) unless ``shorten_line=False``.  ``engine``:
    as :func:`search` (``"auto"`` uses the compiled core where it can).  ``max_table``: the
    compiled searches' largest table, in slots (a power of two from 2^16 to 2^34; 2^25 by
    default, 48 bytes a slot: a research run on a big machine gives it 2^27–2^28; a search
    whose table is full stops, and the portfolio's fresh searches use the rest of the budget).
    The
    verdict assumes perfect information (the order of the stock is known), as every
    solver of this game does; a player who cannot see the stock may lose a deal this calls
    won.

    >>> from fourseasons_widget import Game
    >>> from fourseasons_widget.budget import Budget
    >>> r = solve(Game.new(seed=1), budget=Budget(positions=2000))
    >>> r.verdict in ("won", "lost", "unknown")
    True
    """
    shorten_line = check_flag(shorten_line, "shorten_line")
    streamline = check_flag(streamline, "streamline")
    strict_first = check_flag(strict_first, "strict_first")
    if rules is None and not isinstance(getattr(position, "rules", None), Rules):
        raise ValueError("solve() takes a Game, or a State and its rules")
    state, rules = position_and_rules(position, rules)
    t0 = time.perf_counter()
    strict = streamlined(rules) if streamline else None
    cancelled = budget.cancel is not None and budget.cancel.is_set
    verdict, raw, nodes, used = "unknown", [], 0, None

    def by_strict_rules() -> None:
        nonlocal verdict, raw, nodes, used, shorten_line
        st = solve(state, strict, budget=budget, order=order, shorten_line=shorten_line,
                   engine=engine, max_table=max_table)
        nodes += st.nodes
        used = used or st.engine
        if st.verdict == "won":  # each move found again among these rules' own moves
            s, raw = state, []
            for m in st.moves:
                raw.append(rules.engine.from_move(s, m))
                s = rules.engine.apply(s, raw[-1])
            if not s.is_won:
                raise AssertionError("a streamlined win is not a win of the real rules")
            verdict, used = "won", st.engine
            shorten_line = False  # (shortened in the stricter rules already)

    if strict is not None and strict_first:
        by_strict_rules()
    if verdict != "won" and not (strict_first and cancelled and cancelled()):
        verdict, raw, n, used = _search(
            rules, state, max_nodes=budget.positions, max_seconds=budget.seconds, order=order,
            use_tt=True, safe_home=True, probe=True, cancel=budget.cancel, engine=engine,
            max_table=max_table)
        nodes += n
        if strict is not None and not strict_first and verdict == "unknown" and not (
                cancelled and cancelled()):
            by_strict_rules()
    if raw and shorten_line:
        raw = shorten_fully(rules, state, raw)
    moves = []
    s = state
    for m in raw:
        moves.append(rules.engine.to_move(s, m))
        s = rules.engine.apply(s, m)
    return SolveResult(verdict, moves, nodes, time.perf_counter() - t0, raw, used)
