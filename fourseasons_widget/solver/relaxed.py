"""Relaxed games: a looser game whose loss proves the real one lost.

A *relaxation* is a game that allows every line the real game allows (and more): when the
relaxed game cannot be won from a position, neither can the real one, so its "lost" is a proof.
Its "won" proves nothing (the win may use a move the real game forbids) and is reported as
``"unknown"``.  This module holds one relaxation, *the cross as a bag of runs*, and two ways to
decide it: an explicit search (:func:`prove_by_bag`, pure Python) and a constraint model solved
by OR-Tools' CP-SAT (:func:`prove_by_model`, optional: ``pip install fourseasons-widget[prove]``).

The bag of runs
---------------
Forget where each card of the cross lies; keep only *which* cards are in the cross, and a
necessary condition on that set.  In the rules this applies to, a card is built only on a card
of one particular rank (``under[r]``: one rank higher, any suit or alternating colours; the
``tableau_wrap`` readings remove one link), so every cross pile is a *run*: each card lies on a
card of rank ``under[r]``.  Count the cards of each rank in the cross, ``n[r]``.  Each card of
rank ``under[r]`` carries at most one card, so at least ``n[r] - n[under[r]]`` cards of rank
``r`` are the bottom card of a pile (all ``n[r]`` of them where nothing may lie under rank
``r``); a pile has one bottom card.  So

    piles  >=  runs(C)  =  sum over ranks r of max(0, n[r] - n[under[r]])     (at least 1
                                                           when the cross is not empty)

and every position of the real game has ``runs(cross) <= n_piles`` (5 in the cross).  The
relaxed game's position is (the foundations, the stock index, which turned cards are still on
the waste); the cross is then every other card that is neither home nor in the stock.  Its moves:

- turn the next stock card onto the waste;
- the waste's top card goes home (when its foundation takes it next) or into the cross;
- **any** card of the cross goes home when its foundation takes it next (not only a pile's top);

each allowed only when the cross after it has ``runs <= n_piles``.  Every real move is one of
these or leaves the relaxed position unchanged (a card moved from pile to pile or into a space,
a run moved as a whole where ``sequences`` allows it, a space filled at once from the stock or
the waste), and every real position satisfies the runs condition, so every real line is a line
of the relaxed game: an over-approximation.  The waste stays exact: its cards leave in the
reverse of the order they were turned (a stack), which is where most losses come from.

A pile's top (``tops``, on by default in :func:`prove_by_bag`).  A card that goes home from
the cross is a pile's top just before, and a card that joins the cross is one just after.
Nothing lies on a top card of rank ``r``, so at most ``n[r] - 1`` cards of the rank ``a`` built
on ``r`` lie on a card (they can lie only on rank ``r``), and at least ``n[a] - n[r] + 1`` of
them are bottom cards: the bound with that one term raised must still be at most
``n_piles``.  Every real move meets it, so the relaxation stays an over-approximation (the
simulation test checks it); it cuts the moves of cards that could not be on top.

What it forgets, so where it is loose: the order of the cards inside the cross beyond that
(a buried card may still go home), suits and colours in the cross, and which card a card joins.

The same relaxation as a constraint model (CP-SAT)
--------------------------------------------------
:func:`prove_by_model` states the relaxed game as *stage* variables, as in Dang, Gent et al.'s
constraint models for Klondike: for each card the time it leaves the waste (``leave``) and the
time it goes home (``home``); for each stock card the time it is turned.  The constraints are
necessary conditions of every real winning line, with the line's move numbers as the times:

1. stock cards are turned in order; a card leaves the waste after it is turned, and goes home
   no earlier than it leaves the waste (at the same time: straight from the waste);
2. each foundation takes its cards in order (strictly increasing home times);
3. the waste is a stack: if card ``a`` is turned before ``b`` and is still on the waste when
   ``b`` is turned, ``b`` leaves first;
4. at every time a card enters or leaves the cross, the cards then in the cross have
   ``runs <= n_piles``, and (``tops``) the card that joins or leaves is a pile's top then;
5. every card goes home.

A real winning line satisfies all five (its cross at each move is a set of at most
``n_piles`` runs), so no solution (``INFEASIBLE``) proves the position lost.  The model allows
ties between times (two events at once), which only loosens it.  Without ties it is exactly the
bag of runs above, so both ways must agree where both finish: the tests check it.

Looser variants of the project
------------------------------
"A loss in a looser game is a loss in the stricter one" (Solvitaire): of this project's rules,
``sequences`` allows every move of ``standard`` (a single card is a run of one) and more, and
``tableau_wrap="always"`` allows every move of the default reading (they differ only where the
base rank is A, where it adds K on A), which allows every move of ``"never"``; with the same
deal, a loss proved in the looser rules proves the stricter ones lost (the tests check the
move sets on random positions).  The bag of runs over-approximates all of them at once.

Measured (``benchmarks/proofs.py``; CPU seconds on a loaded machine)
--------------------------------------------------------------------
- The 10 fixed lost positions of ``tests/data`` (3 stock cards left): the bag proves 9 (29 to
  621 positions, under 0.01 s each; the tenth is a relaxed win, as it is a win with swaps for
  the rank abstraction); the CP-SAT model proves the same 9 in 0.8 to 2.6 CPU s each and times
  out on the tenth.  No known win is ever called lost (the 8 fixed won positions, every
  position of the shipped winning lines of five variants, positions along the solver's wins).
- Deal 13's lost game (the heuristic player's line; ``tests/data/proof_far.json``, 24 stock
  cards left): the bag proves it lost with 5,601,559 positions (88.6 CPU s; 8,987,659 without
  ``tops``).  The CP-SAT model proves the same game lost from 6, 8, 12 and 16 stock cards left
  in 1.0 to 1.4 CPU s each (measured without ``tops`` at 6, 8 and 12, with it at 16 and 20;
  the bag's search: 346 to 41,537 positions, up to 0.5 CPU s), but
  finds neither a solution nor a proof from 20 cards left in 32 CPU s, nor from 24 in 46.5
  (80 without ``tops``).  The rank abstraction, which is tighter (every
  line of its bigger game is a line of the bag), proves it with 15,350 positions: the bag's
  explicit search walks *more* positions, since its looser moves reach more (foundations,
  waste) pairs; and since its conditions look at ranks alone, it over-approximates the
  bigger game too, so it can never close a position the abstraction cannot.
- From the deal, on the 85 standard deals the shipped classification leaves unknown: nothing
  proved (4 s each, without ``tops``: the bag reaches stock layer 15 to 22 of 46, growing about 1.7 to 2 times a
  card, like the exact search; the model finds neither a solution nor a proof).

Where it helps is where the rank abstraction does not apply: the bag over-approximates
``sequences``, ``czarina``, ``corners`` and ``simplicity`` as well (``benchmarks/proofs.py
--part variants``), a cheap certificate of loss late in the game for each of them.  On random
late positions (3 stock cards or fewer) it proves, of the losses the exact proof search finds:
22 of 26 in the standard game (30 positions, exact search 1,000,000 positions), and with 15
positions per variant (exact search 100,000) 11 of 15 in Czarina, 15 of 15 in Corners, 3 of 3
with moving sequences and 0 of 1 in Simplicity (12 piles leave the runs bound slack); it called
none of the exact wins lost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..budget import Budget, takes_budget
from ..model.rules import Rules
from ..model.state import State
from ..validate import flag
from ..validate import workers as check_workers
from .exact import position_and_rules


def bag_applies(rules: Rules, base: int | None = None) -> bool:
    """Whether the bag of runs over-approximates these rules: one pass (no redeal), cards
    never leave a foundation, the deal is the ordinary one (not Dick's), and each rank is built
    on one rank at most (so every pile is a run)."""
    if rules.redeals or rules.foundation_back or rules.fill == "vacancy":
        return False
    if rules.deal == "interleaved":
        return False
    return all(_under(rules, b) is not None for b in (range(13) if base is None else (base,)))


def _under(rules: Rules, base: int) -> list[int | None] | None:
    """For each rank, the one rank a card of it may lie on in a pile (``None``: none); ``None``
    if some rank may lie on two ranks."""
    fits = rules.engine.fits(base)
    out: list[int | None] = []
    for r in range(13):
        on = {t >> 2 for c in range(r * 4, r * 4 + 4) for t in range(52) if fits[c * 52 + t]}
        if len(on) > 1:
            return None
        out.append(on.pop() if on else None)
    return out


def runs_lower_bound(counts, under) -> int:
    """The fewest piles that can hold cards with ``counts[r]`` cards of rank ``r`` when a card
    of rank ``r`` may only lie on one of rank ``under[r]``: a lower bound (see the module's
    docstring).

    >>> under = [(r + 1) % 13 for r in range(13)]      # round the corner: any rank on the next
    >>> runs_lower_bound([1, 1, 1] + [0] * 10, under)  # A 2 3: one pile 3 2 A
    1
    >>> runs_lower_bound([1, 0, 1] + [0] * 10, under)  # A 3: two piles
    2
    """
    total = 0
    for r in range(13):
        u = under[r]
        d = counts[r] - (counts[u] if u is not None else 0)
        if d > 0:
            total += d
    if total == 0 and any(counts):
        return 1
    return total


@dataclass
class RelaxedResult:
    """``verdict``: ``"lost"`` (proved: the relaxed game cannot be won) or ``"unknown"``;
    ``why``: ``"lost"``, ``"relaxed win"`` or ``"budget"``; ``positions`` of the relaxed game
    walked (the explicit search) or the solver's branches (the model), ``seconds``, and the
    positions of each stock layer walked (``layers``, the explicit search)."""

    verdict: str
    why: str
    positions: int
    seconds: float
    layers: list[int] = field(default_factory=list)


class BagOfRuns:
    """The relaxed game's positions and moves (the module's docstring): what
    :func:`relaxed_search` walks from one position and what the layered proof's cut
    (:class:`.proofs.LayeredProof` with ``relaxed_cut``) asks of each layer's entries."""

    def __init__(self, rules: Rules, state: State, tops: bool = True) -> None:
        under = _under(rules, state.base)
        if under is None or not bag_applies(rules, state.base):
            raise ValueError(f"the bag of runs does not fit {rules.title}'s rules: it needs one "
                             "pass, foundations that keep their cards, and piles that are runs")
        self.under = under
        # above[r]: the rank whose cards lie on rank r (None: nothing lies on rank r)
        self.above = [next((a for a in range(13) if under[a] == r), None) for r in range(13)]
        self.tops = tops
        self.cap = rules.n_piles
        self.wants = [[((state.base_of(s) + h) % 13) * 4 + s if h < 13 else -1
                       for h in range(14)] for s in range(4)]
        self.turned = tuple(state.waste) + tuple(state.stock)
        self.w0 = len(state.waste)
        self.end = len(self.turned)
        cross = 0
        for p in state.piles:
            for c in p:
                cross |= 1 << c
        self.start = (tuple(state.home), self.w0, (1 << self.w0) - 1, cross)
        self.positions = 0
        self.layers: list[int] = []
        self._runs: dict[int, int] = {}
        if self.runs(cross) > self.cap:  # pragma: no cover - real positions always fit
            raise ValueError("the cross is not made of runs")
        self.kept: set | None = None  # every position met, when a caller asks (the tests)

    def runs(self, cross: int) -> int:
        v = self._runs.get(cross)
        if v is None:
            counts = [0] * 13
            c = cross
            while c:
                low = c & -c
                counts[(low.bit_length() - 1) >> 2] += 1
                c ^= low
            v = runs_lower_bound(counts, self.under)
            if len(self._runs) > 1_000_000:
                self._runs.clear()
            self._runs[cross] = v
        return v

    def top_fits(self, cross: int, c: int) -> bool:
        """Whether card ``c`` of the cross may be a pile's top (``tops``): nothing lies on it,
        so at most n[r] - 1 cards of the rank above lie on cards of its rank r, and that
        rank's bottom cards are at least n[a] - n[r] + 1 (the module's docstring)."""
        v = self.runs(cross)
        if not self.tops:
            return v <= self.cap
        a = self.above[c >> 2]
        if a is None:
            return v <= self.cap
        nr = ((cross >> ((c >> 2) * 4)) & 15).bit_count()
        na = ((cross >> (a * 4)) & 15).bit_count()
        d = na - nr
        return max(v - max(0, d) + max(0, d + 1), 1) <= self.cap

    def image(self, state: State) -> tuple:
        """The relaxed position a real position (reached from the start) stands for."""
        tc = self.end - len(state.stock)
        waste = set(state.waste)
        wm = sum(1 << i for i in range(tc) if self.turned[i] in waste)
        cross = 0
        for p in state.piles:
            for c in p:
                cross |= 1 << c
        return (tuple(state.home), tc, wm, cross)

    def successors(self, node: tuple) -> list[tuple]:
        """The positions one move away inside the stock layer."""
        home, tc, wm, cross = node
        out = []
        wi = wm.bit_length() - 1
        top = self.turned[wi] if wm else -1
        cap, runs = self.cap, self.runs
        for s in range(4):
            h = home[s]
            if h >= 13:
                continue
            c = self.wants[s][h]
            nh = home[:s] + (h + 1,) + home[s + 1:]
            if c == top:
                out.append((nh, tc, wm & ~(1 << wi), cross))
            elif (cross >> c & 1 and runs(cross & ~(1 << c)) <= cap
                  and self.top_fits(cross, c)):
                out.append((nh, tc, wm, cross & ~(1 << c)))
        if top >= 0 and self.top_fits(cross | (1 << top), top):
            out.append((home, tc, wm & ~(1 << wi), cross | (1 << top)))
        return out

    def run(self, max_positions: int | None, deadline: float | None,
            start: tuple | None = None) -> str:
        """``"lost"``, ``"relaxed win"`` or ``"budget"``; one stock layer at a time, from
        ``start`` (a relaxed position, as :meth:`image` gives; the position it was made from
        by default).  ``max_positions`` counts from the first run of this object."""
        perf = time.perf_counter
        entries = {self.start if start is None else start}
        while True:
            seen = set(entries)
            todo = list(entries)
            nxt: set = set()
            count = 0
            while todo:
                node = todo.pop()
                count += 1
                self.positions += 1
                home, tc, wm, cross = node
                if home[0] + home[1] + home[2] + home[3] == 52:
                    self.layers.append(count)
                    return "relaxed win"
                if (max_positions is not None and self.positions >= max_positions) or (
                        deadline is not None and not self.positions & 1023 and perf() > deadline):
                    self.layers.append(count)
                    return "budget"
                if tc < self.end:
                    nxt.add((home, tc + 1, wm | (1 << tc), cross))
                for child in self.successors(node):
                    if child not in seen:
                        seen.add(child)
                        todo.append(child)
            self.layers.append(count)
            if self.kept is not None:
                self.kept |= seen
            if not nxt:
                return "lost"
            entries = nxt


@takes_budget({"max_positions": "positions", "max_seconds": "seconds"},
              honours=("seconds", "positions"))
def prove_by_bag(position, rules: Rules | None = None, *,
                 budget: Budget = Budget(positions=2_000_000), tops: bool = True,
                 ) -> RelaxedResult:
    """Try to prove a :class:`Game` or a :class:`State` (with its ``rules``) lost in the bag of
    runs (the module's docstring), by walking the relaxed game one stock layer at a time,
    within ``budget`` (its seconds and positions; two million positions by default).

    >>> from fourseasons_widget import Budget, Game
    >>> prove_by_bag(Game.new(seed=0), budget=Budget(positions=1000)).verdict
    'unknown'
    """
    state, rules = position_and_rules(position, rules)
    max_positions, max_seconds = budget.positions, budget.seconds
    tops = flag(tops, "tops")
    t0 = time.perf_counter()
    bag = BagOfRuns(rules, state, tops)
    why = bag.run(max_positions, None if max_seconds is None else t0 + max_seconds)
    return RelaxedResult("lost" if why == "lost" else "unknown", why, bag.positions,
                         time.perf_counter() - t0, bag.layers)


@takes_budget({"max_seconds": "seconds"}, honours=("seconds",))
def prove_lost(position, rules: Rules | None = None, *, budget: Budget = Budget(seconds=10.0),
               model: bool = True) -> RelaxedResult:
    """The entry point for a classification: the bag's explicit search with half the
    ``budget``'s seconds (ten by default), then (where OR-Tools is installed and ``model``) the
    CP-SAT model with the rest; the first ``"lost"`` is returned, else the last result
    (``"unknown"``)."""
    state, rules = position_and_rules(position, rules)
    model = flag(model, "model")
    half = None if budget.seconds is None else Budget(seconds=budget.seconds / 2)
    r = prove_by_bag(state, rules, budget=half or Budget(positions=2_000_000))
    if r.verdict == "lost" or r.why == "relaxed win" or not model or not model_available():
        return r  # a relaxed win found by the search: the model would find one too
    m = prove_by_model(state, rules, budget=half or Budget())
    m.seconds += r.seconds
    return m


def model_available() -> bool:
    """Whether OR-Tools (CP-SAT) is importable: ``pip install 'fourseasons-widget[prove]'``."""
    try:
        import ortools.sat.python.cp_model  # noqa: F401
    except ImportError:
        return False
    return True


@takes_budget({"max_seconds": "seconds"}, honours=("seconds",))
def prove_by_model(position, rules: Rules | None = None, *,
                   budget: Budget = Budget(seconds=10.0), workers: int | None = 1,
                   tops: bool = True) -> RelaxedResult:
    """Try to prove a :class:`Game` or a :class:`State` (with its ``rules``) lost with the
    stage model of the bag of runs (the module's docstring), solved by OR-Tools' CP-SAT within
    the ``budget``'s seconds (ten by default):
    ``INFEASIBLE`` is a proof (``"lost"``); a solution is a relaxed win (``"unknown"``), and
    so is a timeout.  Needs ``ortools`` (the ``[prove]`` extra), imported only here.
    ``workers``: CP-SAT's search workers, from 1 to the machine's cores (``None``: CP-SAT's
    default, one per core)."""
    state, rules = position_and_rules(position, rules)
    max_seconds = budget.seconds
    workers = check_workers(workers)
    tops = flag(tops, "tops")
    try:
        from ortools.sat.python import cp_model
    except ImportError as e:
        raise ImportError(f"the constraint model needs OR-Tools ({e}): pip install "
                          "'fourseasons-widget[prove]'") from e
    t0 = time.perf_counter()
    bag = BagOfRuns(rules, state)  # the same checks and tables
    model, _ = build_model(bag, state, cp_model, tops)
    solver = cp_model.CpSolver()
    if max_seconds is not None:
        solver.parameters.max_time_in_seconds = float(max_seconds)
    if workers is not None:  # (else CP-SAT's own default)
        solver.parameters.num_workers = workers
    status = solver.Solve(model)
    seconds = time.perf_counter() - t0
    branches = int(solver.NumBranches())
    if status == cp_model.INFEASIBLE:
        return RelaxedResult("lost", "lost", branches, seconds)
    why = "relaxed win" if status in (cp_model.FEASIBLE, cp_model.OPTIMAL) else "budget"
    return RelaxedResult("unknown", why, branches, seconds)


def build_model(bag: BagOfRuns, state: State, cp_model, tops: bool = True):
    """The CP-SAT model of the module's docstring for ``state``; returns the model and its
    variables (``turn``, ``leave``, ``home`` by card) for the tests."""
    m = cp_model.CpModel()
    home_now = set()
    for suit in range(4):
        for k in range(state.home[suit]):
            home_now.add(((state.base_of(suit) + k) % 13) * 4 + suit)
    away = [c for c in range(52) if c not in home_now]
    turned = bag.turned
    w0 = bag.w0
    horizon = 3 * len(away) + len(turned) + 2
    turn: dict[int, object] = {}
    leave: dict[int, object] = {}
    home: dict[int, object] = {}
    in_cross = set(c for p in state.piles for c in p)
    for i, c in enumerate(turned):
        if i < w0:
            turn[c] = m.NewConstant(0)
        else:
            turn[c] = m.NewIntVar(1, horizon, f"turn{c}")
        leave[c] = m.NewIntVar(1, horizon, f"leave{c}")
        m.Add(leave[c] > turn[c])
    for i in range(w0 + 1, len(turned)):
        m.Add(turn[turned[i]] > turn[turned[i - 1]])
    for c in in_cross:
        leave[c] = m.NewConstant(0)
    for c in away:
        home[c] = m.NewIntVar(1, horizon, f"home{c}")
        m.Add(home[c] >= leave[c])
    # 2. foundations in order
    for suit in range(4):
        prev = None
        for k in range(state.home[suit], 13):
            c = ((state.base_of(suit) + k) % 13) * 4 + suit
            if prev is not None:
                m.Add(home[c] > home[prev])
            prev = c
    # 3. the waste is a stack
    for i, a in enumerate(turned):
        for b in turned[i + 1:]:
            first = m.NewBoolVar("")
            m.Add(leave[b] < leave[a]).OnlyEnforceIf(first)
            m.Add(leave[a] <= turn[b]).OnlyEnforceIf(first.Not())
    # 4. runs <= piles whenever the cross changes: at each card's leave time (it joins the cross
    # unless it goes straight home) and each card's home time; with ``tops``, the card joining
    # or leaving is a pile's top then (one term of the bound raised, as in the bag)
    direct = {}
    for c in turned:
        direct[c] = m.NewBoolVar("")
        m.Add(home[c] == leave[c]).OnlyEnforceIf(direct[c])
        m.Add(home[c] > leave[c]).OnlyEnforceIf(direct[c].Not())
    checks = [("join", c, leave[c]) for c in turned] + [("home", c, home[c]) for c in away]
    for kind, c, t in checks:
        member = {}
        for d in away:
            # d is in the cross at time t: it left the waste by t, is not home by t
            b = m.NewBoolVar("")
            x = m.NewBoolVar("")
            y = m.NewBoolVar("")
            m.Add(leave[d] <= t).OnlyEnforceIf(x)
            m.Add(leave[d] > t).OnlyEnforceIf(x.Not())
            m.Add(home[d] > t).OnlyEnforceIf(y)
            m.Add(home[d] <= t).OnlyEnforceIf(y.Not())
            m.AddBoolAnd([x, y]).OnlyEnforceIf(b)
            m.AddBoolOr([x.Not(), y.Not()]).OnlyEnforceIf(b.Not())
            member[d] = b
        count = {r: sum(member[d] for d in away if d >> 2 == r) for r in range(13)}

        def term(diff, bounded: bool):
            e = m.NewIntVar(0, 5, "")
            m.AddMaxEquality(e, [diff, 0]) if bounded else m.Add(e == diff)
            return e

        starts = {}
        for r in range(13):
            u = bag.under[r]
            starts[r] = term(count[r] - (count[u] if u is not None else 0), u is not None)
        m.Add(sum(starts.values()) <= bag.cap)
        if not tops:
            continue
        r = c >> 2
        if kind == "join":  # c is a top just after it joins (unless it went straight home)
            a = bag.above[r]
            if a is None:
                continue
            raised = term(count[a] - count[r] + 1, True)
            rest = [e for x, e in starts.items() if x != a]
        else:  # c is a top just before it goes home from the cross: count it back in
            u = bag.under[r]
            raised = term(count[r] + 1 - (count[u] if u is not None else 0), u is not None)
            rest = [e for x, e in starts.items() if x != r]
        cond = m.Add(sum(rest) + raised <= bag.cap)
        if c in direct:
            cond.OnlyEnforceIf(direct[c].Not())
    return m, {"turn": turn, "leave": leave, "home": home}
