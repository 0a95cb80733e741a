"""The fair Monte-Carlo player: it sees what a person sees and never the order of the stock.

Its input is an :class:`Observation` — the tableau, the foundations, the waste, how many cards
are face down, which of them the player has seen (a card turned and then taken back by an
undo, or turned back by a redeal, sits at a known place), and the **set** of the cards never
seen.  The type has no field for the order of the unseen cards: nothing built from an
observation can read it (``tests/test_fair.py`` checks that shuffling the unseen cards leaves
the observation, and so every decision, unchanged).

Determinization (hindsight optimisation: Yoon, Fern and Givan, 2008; Bjarnason, Fern and
Tadepalli applied it, with nested rollouts, to Klondike in 2009): every order of the unseen
cards consistent with what was seen is equally likely, so the player

1. samples such orders (:func:`sample_state`; the random numbers are seeded from what has been
   seen of the stock, so the same visible position always gets the same samples and the same
   advice);
2. for each sampled order, solves the position with the compiled solver under a small position
   budget (``per_sample``'s positions); where the sample is won, the first move of the line found is a
   winning move for it, and each other candidate move is tried by solving the position after
   it (a sample the solver cannot win from here counts as lost for every move: a child of a
   position not won within the budget is rarely won within it);
3. plays the move that wins in the most samples.  Samples are drawn in rounds
   (``round_size``), and more rounds are drawn while the choice is close (the leader's lead
   over the runner-up is within two standard errors of their difference), up to ``samples``;
4. falls back to the heuristic player's choice (:func:`.greedy._heuristic_move`) when no sample
   wins, and plays a safe move home (a card none of whose possible tableau children is still
   out) at once, with no sampling: such a move is right whatever the order;
5. stops sampling at the ``budget``'s seconds per move (a safety cap: the node budget keeps a decision
   reproducible, the cap keeps the board responsive) and says how many samples it used.

The solver's answers are cached by sampled position: the samples stay the same until a new
card is seen, so the position after the chosen move — already solved for every sample — is the
next decision's root at no cost.

Its estimate (:attr:`Decision.estimate`) is the share of samples won after the move: an
estimate of the chance that perfect play from here wins, *given the stock order were then
revealed* — an optimistic bound for a player who cannot see it (the "strategy fusion" of
determinized search), and the number the board's fair hint says in words.

>>> from fourseasons_widget import Budget, Game
>>> d = decide(observe(Game.new(seed=5)), samples=4, round_size=4,
...            per_sample=Budget(positions=300))
>>> d.samples <= 4 and d.move is not None
True
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..budget import Budget, takes_budget
from ..model.rules import Rules
from ..model.state import FOUNDATION, STOCK, RawMove, State
from ..validate import count_budget, whole
from ..validate import seed as check_seed
from .greedy import MAX_MOVES, _heuristic_move, _score
from .interface import _tables

__all__ = ["Decision", "FAIR_MAX_NODES", "FAIR_ROUND", "FAIR_SAMPLES", "FairPlay",
           "Observation", "decide", "observe", "play_fair_mc", "sample_state"]

#: defaults: samples at most per decision, drawn in rounds of this many, and the solver's
#: position budget per sampled search
FAIR_SAMPLES = 16
FAIR_ROUND = 8
FAIR_MAX_NODES = 3000
UNSEEN = -1  # a place in the stock whose card has not been seen


@dataclass(frozen=True)
class Observation:
    """What a player sees of a position: everything but the order of the face-down cards.

    ``stock`` has one entry per face-down card, the card where the player has seen it there
    (turned and taken back, or turned back by a redeal) and :data:`UNSEEN` (-1) elsewhere;
    ``unseen`` is the set of the cards never seen.  There is no order of the unseen cards
    here to read."""

    rules: Rules
    piles: tuple[tuple[int, ...], ...]
    home: tuple[int, int, int, int]
    corners: tuple[int, int, int, int]
    waste: tuple[int, ...]
    base: int
    bases: tuple[int, int, int, int] | None
    redeals: int
    stock: tuple[int, ...]
    unseen: frozenset[int]

    def key(self) -> tuple:
        """The position's transposition key (:meth:`State.key`: it holds no stock order)."""
        k = (tuple(sorted(self.piles)), self.home, len(self.stock), self.waste)
        return k + (self.redeals,) if self.redeals else k

    def seed(self, salt: int = 0) -> int:
        """A seed from what has been seen of the stock (which cards are unseen, which seen
        cards lie where in it) and ``salt``: positions reached from each other without a new
        card seen share their samples (common random numbers), and the same visible position
        always gets the same ones."""
        text = repr((self.rules.variant, sorted(self.unseen), self.stock, self.redeals, salt))
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def observe(position, rules: Rules | None = None, *, seen: Iterable[int] | None = None,
            ) -> Observation:
    """The :class:`Observation` of a :class:`Game` (the cards seen are those that were ever
    face up in its positions, the moves taken back included) or of a :class:`State` with its
    ``rules`` (``seen``: the cards the player has seen; by default those not in the stock)."""
    from .players import _start

    if rules is None and hasattr(position, "positions"):
        game = position
        s, rules = game.state, game.rules
        seen_set: set[int] = set()
        for t in _game_positions(game):
            seen_set.update(set(t.all_cards()) - set(t.stock))
    else:
        s, rules = _start(position, rules)
        seen_set = set(s.all_cards()) - set(s.stock)
    if seen is not None:
        seen_set |= {int(c) for c in seen}
    stock = tuple(c if c in seen_set else UNSEEN for c in s.stock)
    unseen = frozenset(c for c in s.stock if c not in seen_set)
    return Observation(rules, s.piles, s.home, s.corners, s.waste, s.base, s.bases, s.redeals,
                       stock, unseen)


def _game_positions(game) -> list[State]:
    """A game's positions, and those of the moves its redo line would play again (cards
    turned and taken back were seen)."""
    out = list(game.positions)
    s = game.state
    engine = game.rules.engine
    for m in game.redo_line:
        try:
            s = engine.apply(s, engine.from_move(s, m))
        except (ValueError, KeyError, IndexError):
            break
        out.append(s)
    return out


def sample_state(obs: Observation, rng: random.Random) -> State:
    """One position consistent with ``obs``: its unseen cards in a uniformly random order in
    the places of the stock not seen (every such order is equally likely given what was
    seen)."""
    hidden = sorted(obs.unseen)
    rng.shuffle(hidden)
    it = iter(hidden)
    stock = tuple(c if c != UNSEEN else next(it) for c in obs.stock)
    return State(obs.piles, obs.home, obs.corners, stock, obs.waste, obs.base, obs.bases,
                 obs.redeals)


@dataclass
class Decision:
    """A fair decision: the ``move`` (a raw move, ``None`` when none is left), ``how`` it was
    chosen (``"only"`` move, ``"safe"`` move home, ``"vote"`` of the samples, ``"fallback"``:
    the heuristic player's move when no sample won), the ``samples`` used, each candidate
    move's ``wins`` (samples won after it), ``ranked`` candidates (best first: repeated hints
    cycle through them), the solver ``nodes`` spent, the ``seconds`` and the ``engine``."""

    move: RawMove | None
    how: str
    samples: int = 0
    wins: dict[RawMove, int] = field(default_factory=dict)
    ranked: list[RawMove] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    engine: str = "python"
    #: whether the time cap (or a cancel) stopped the sampling before its rounds were done
    cut: bool = False

    @property
    def estimate(self) -> float | None:
        """The share of samples won after the move (``None`` when no sampling was done)."""
        if self.how != "vote" or not self.samples or self.move is None:
            return None
        return self.wins.get(self.move, 0) / self.samples


class _Solver:
    """The solver's verdicts on sampled positions, cached (the samples outlive a move)."""

    def __init__(self, rules: Rules, max_nodes: int, engine: str) -> None:
        self.rules, self.max_nodes, self.engine = rules, max_nodes, engine
        self.cache: dict[State, bool] = {}
        self.nodes = 0
        self.used = "python"
        self.unseen: frozenset[int] | None = None

    def forget_unless(self, unseen: frozenset[int]) -> None:
        if unseen != self.unseen:  # a card seen: the old samples' positions never recur
            self.cache.clear()
            self.unseen = unseen

    def won(self, s: State, cancel=None, deadline: float | None = None,
            ) -> tuple[bool | None, RawMove | None]:
        """Whether the solver wins ``s`` within the budget, and the first move of its line;
        ``None`` when the search was cut short by ``deadline`` or ``cancel`` before its
        budget was spent (then nothing is cached: the verdict would depend on the clock)."""
        got = self.cache.get(s)
        if got is not None:
            return got, None
        from .exact import _search

        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return None, None
        verdict, line, nodes, used = _search(
            self.rules, s, max_nodes=self.max_nodes, max_seconds=left, order="auto",
            use_tt=True, safe_home=True, probe=True, cancel=cancel, engine=self.engine)
        self.nodes += nodes
        self.used = used
        if verdict == "unknown" and nodes < self.max_nodes and (
                (deadline is not None and time.perf_counter() >= deadline)
                or (cancel is not None and cancel.is_set())):
            return None, None
        won = verdict == "won"
        self.cache[s] = won
        if won and line:  # every position along a winning line is won
            engine, t = self.rules.engine, s
            for m in line:
                t = engine.apply(t, m)
                self.cache[t] = True
        return won, (line[0] if won and line else None)


def _safe_home(rules: Rules, s: State, moves: list[RawMove]) -> RawMove | None:
    """A move home of a card whose every possible tableau child is home already: right
    whatever the order of the stock (the solver's safe moves home; not where a space is
    filled by force, as there)."""
    if rules.fill != "free" or rules.foundation_back or s.bases is not None:
        return None
    children, _ = _tables(rules, s.base)
    for m in moves:
        src, dst, _n = m
        if dst < FOUNDATION:
            continue
        c = s.waste[-1] if src == -1 else s.piles[src][-1]
        if all(s.home[su] > need for su, need in children[c]):
            return m
    return None


def _close(a: int, b: int, n: int) -> bool:
    """Whether the leader's ``a`` wins and the runner-up's ``b`` in ``n`` samples could be
    swapped by chance: the difference within two standard errors of a paired difference
    (discordant samples at most ``a + b``)."""
    if a == 0:
        return True
    return a - b <= 2.0 * math.sqrt(max(a + b, 1))


@takes_budget({"max_seconds": "seconds", "cancel": "cancel",
               "max_nodes": "per_sample.positions"},
              honours={"budget": ("seconds", "cancel"), "per_sample": ("positions",)})
def decide(obs: Observation, *, samples: int = FAIR_SAMPLES, round_size: int = FAIR_ROUND,
           budget: Budget = Budget(), per_sample: Budget = Budget(positions=FAIR_MAX_NODES),
           visited: set | frozenset | None = None, seed: int = 0,
           engine: str = "auto", _solver: _Solver | None = None) -> Decision:
    """The fair player's move from ``obs`` (see the module doc).  ``budget``: the decision's
    seconds (a cap on the sampling; none by default) and cancel token (a
    ``threading.Event``: stops the sampling as the seconds do); ``per_sample``: the positions
    of each sample's search.  ``visited``: transposition keys of positions not to return to (a
    player's earlier positions); ``seed`` is mixed with the observation's own
    (:meth:`Observation.seed`)."""
    if not isinstance(obs, Observation):
        raise ValueError(f"decide() takes an Observation (observe(game)), not a "
                         f"{type(obs).__name__[:40]}")
    samples = whole(samples, "samples", 1, 10_000)
    round_size = whole(round_size, "round_size", 1, 10_000)
    max_nodes = count_budget(per_sample.positions, "per_sample.positions")
    seed = check_seed(seed, optional=False)
    cancel = budget.cancel
    t0 = time.perf_counter()
    deadline = budget.deadline(t0)
    rules = obs.rules
    eng = rules.engine
    solver = _solver if _solver is not None else _Solver(rules, max_nodes, engine)
    solver.forget_unless(obs.unseen)
    nodes0 = solver.nodes
    rng = random.Random(obs.seed(seed))
    first = sample_state(obs, rng)  # (any sample: the moves never name a face-down card)
    if first.is_won:
        return Decision(None, "won")
    visited = visited or set()
    cands: list[RawMove] = []
    child_keys: set = set()
    for m in eng.moves(first):
        t = eng.apply(first, m)
        if t.key() in visited:
            continue
        if m[0] != STOCK and len(t.stock) == len(first.stock):  # (a child with no card seen)
            if t.key() in child_keys:
                continue  # the same position as another move's: one of them is enough
            child_keys.add(t.key())
        cands.append(m)

    def fallback() -> Decision:
        pick = _heuristic_move(rules, first, set(visited))
        return Decision(None if pick is None else pick[0], "fallback", ranked=_by_beginner())

    def _by_beginner() -> list[RawMove]:
        def score(m: RawMove) -> float:
            sc = _score(rules, first, m, eng.apply(first, m))
            return 0.5 if sc is None else sc
        return sorted(cands, key=lambda m: -score(m))

    if not cands:
        return fallback()
    if len(cands) == 1:
        return Decision(cands[0], "only", ranked=cands)
    safe = _safe_home(rules, first, cands)
    if safe is not None:
        return Decision(safe, "safe", ranked=[safe])
    beginner = _by_beginner()
    wins = {m: 0 for m in cands}
    n = 0
    order = [first] + [sample_state(obs, rng) for _ in range(samples - 1)]
    cut = False
    for s in order:
        if n and ((deadline is not None and time.perf_counter() > deadline)
                  or (cancel is not None and cancel.is_set())):
            cut = True
            break
        if n and n % round_size == 0:  # a round done: more samples only while it is close
            top = sorted(wins.values(), reverse=True)
            if not _close(top[0], top[1], n):
                break
        won, m0 = solver.won(s, cancel, deadline)
        if won is None:  # (time up within this sample: it is left out, not half counted)
            cut = True
            break
        if not won:
            n += 1
            continue
        got = {}
        for m in cands:
            got[m] = m == m0 or solver.won(eng.apply(s, m), cancel, deadline)[0]
            if got[m] is None:
                break
        if any(v is None for v in got.values()):
            cut = True
            break
        n += 1
        for m in cands:
            wins[m] += bool(got[m])
    if n == 0:  # (not one sample in the time: the beginner's move, said so)
        d = fallback()
        d.seconds, d.engine, d.cut = time.perf_counter() - t0, solver.used, cut
        return d
    ranked = sorted(cands, key=lambda m: (-wins[m], beginner.index(m)))
    spent = solver.nodes - nodes0
    if wins[ranked[0]] == 0:
        d = fallback()
        d.samples, d.wins, d.nodes = n, wins, spent
    else:
        d = Decision(ranked[0], "vote", n, wins, [m for m in ranked if wins[m]] or ranked,
                     spent)
    d.seconds = time.perf_counter() - t0
    d.engine = solver.used
    d.cut = cut
    return d


@dataclass
class FairPlay:
    """One deal played by the fair player: ``outcome`` (``"won"`` / ``"stuck"``), the
    ``moves`` (raw), ``cards_home``, the solver ``nodes`` spent, the ``decisions`` made by a
    vote of samples, by the fallback, and in all, and the ``seconds`` spent deciding (the
    longest single decision in ``slowest``)."""

    outcome: str
    moves: list[RawMove]
    cards_home: int
    nodes: int = 0
    voted: int = 0
    fallbacks: int = 0
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    @property
    def won(self) -> bool:
        return self.outcome == "won"


@takes_budget({"max_seconds": "per_move.seconds", "max_nodes": "per_sample.positions"},
              honours={"per_move": ("seconds",), "per_sample": ("positions",)})
def play_fair_mc(position, rules: Rules | None = None, *, samples: int = FAIR_SAMPLES,
                 round_size: int = FAIR_ROUND, per_move: Budget = Budget(),
                 per_sample: Budget = Budget(positions=FAIR_MAX_NODES), seed: int = 0,
                 engine: str = "auto") -> FairPlay:
    """Play a deal (a :class:`Game`, or a :class:`State` and its ``rules``) with
    :func:`decide` at every move (``per_move``: each decision's budget; ``per_sample``: each
    sample's, as :func:`decide`): each decision sees only :func:`observe`'s view of the
    position (the real position is used only to apply the chosen move, as the table does when
    a person plays).  Never returns to a position already seen."""
    from .players import _start

    s, rules = _start(position, rules)
    max_nodes = count_budget(per_sample.positions, "per_sample.positions")
    solver = _Solver(rules, max_nodes, engine)
    seen = set(s.all_cards()) - set(s.stock)
    visited = {s.key()}
    line: list[RawMove] = []
    out = FairPlay("stuck", line, s.cards_home)
    eng = rules.engine
    while not s.is_won and len(line) < MAX_MOVES:
        d = decide(observe(s, rules, seen=seen), samples=samples, round_size=round_size,
                   budget=per_move, per_sample=per_sample, visited=visited, seed=seed,
                   engine=engine, _solver=solver)
        if d.move is None:
            break
        if d.how in ("vote", "fallback"):
            out.decisions += 1
            out.voted += d.how == "vote"
            out.fallbacks += d.how == "fallback"
            out.seconds += d.seconds
            out.slowest = max(out.slowest, d.seconds)
        t = eng.apply(s, d.move)
        seen.update(set(s.all_cards()) - set(s.stock))
        seen.update(set(t.all_cards()) - set(t.stock))
        s = t
        visited.add(s.key())
        line.append(d.move)
    out.outcome = "won" if s.is_won else "stuck"
    out.cards_home = s.cards_home
    out.nodes = solver.nodes
    return out
