"""The solver: won lines replay in the Game, "lost" only when true, the fast engine agrees
with the model's engine move for move."""

from __future__ import annotations

import random

import pytest

from fourseasons_widget import VARIANTS, Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.search.algorithms import depth_first_search
from fourseasons_widget.search.problem import GameProblem
from fourseasons_widget.solver.exact import (
    FastSearch,
    SolveResult,
    luby,
    search,
    shorten,
    solve,
)
from fourseasons_widget.solver.positions import late_positions


def replays(game: Game, result: SolveResult) -> bool:
    g = game.copy()
    for m in result.moves:
        g.play(m)  # raises if the model refuses a move
    return g.state.is_won


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_won_lines_replay_in_every_variant(variant):
    wins = 0
    for seed in range(6):
        game = Game.new(seed=seed, variant=variant)
        r = solve(game, budget=Budget(positions=3000))
        assert r.verdict in ("won", "lost", "unknown")
        if r.won:
            wins += 1
            assert replays(game, r)
            assert r.raw and len(r.raw) == len(r.moves)
        else:
            assert r.moves == []
    if variant in ("standard", "simplicity"):
        assert wins > 0  # these are won often; no win in 6 deals would mean a broken solver


def test_pysol_deal_and_game_input():
    game = Game.from_pysol(1)
    r = solve(game, budget=Budget(positions=5000))
    if r.won:
        assert replays(game, r)
    r2 = solve(game.state, game.rules, budget=Budget(positions=5000))
    assert r2.verdict == r.verdict


def _fast_key(fs: FastSearch) -> tuple:
    return (tuple(sorted(tuple(p) for p in fs.piles)), tuple(fs.home),
            len(fs.stock) - fs.si, tuple(fs.waste))


def _random_positions(variant: str, seeds: range, steps: int) -> list:
    rules = get_rules(variant)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = Game.new(seed=seed, variant=variant).state
        for _ in range(steps):
            out.append(s)
            moves = rules.moves(s)
            if not moves:
                break
            s = rules.apply(s, rng.choice(moves))
    return out


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_fast_moves_agree_with_the_engine(variant):
    """Every fast move is a model move with the same result; the model moves it leaves out
    lead to a position equal to the current one up to the order of the piles (rule 2 of the
    solver's docstring)."""
    rules = get_rules(variant)
    for s in _random_positions(variant, range(4), 50):
        model = {rules.apply(s, m).key() for m in rules.moves(s)}
        fs = FastSearch(rules, s, "cross", safe_home=False)
        assert _fast_key(fs) == s.key()
        fast = set()
        for m in fs.moves():
            rec = fs.do(m)
            fast.add(_fast_key(fs))
            fs.undo(rec)
            assert _fast_key(fs) == s.key()  # undo restores exactly
        assert fast <= model
        assert model - fast <= {s.key()}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_child_keys_are_the_keys_after_the_move(variant):
    """The search looks a child's key up before making the move: that key must be exactly the
    key of the position the move leads to, or None where a forced fill follows."""
    rules = get_rules(variant)
    checked = forced = 0
    for s in _random_positions(variant, range(4), 50):
        fs = FastSearch(rules, s, "cross", safe_home=False)
        hw = fs.home_word()
        assert fs.key()[-1] == hw
        for m in fs.moves():
            pk = fs.child_key(m, hw)
            rec = fs.do(m)
            if pk is None:
                assert len(rec) > 1  # the move emptied a pile and the stock refilled it
                forced += 1
            else:
                assert len(rec) == 1 and pk == fs.key()
                checked += 1
            fs.undo(rec)
    assert checked > 100
    if variant in ("czarina", "corners"):
        assert forced > 0


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_safe_moves_home_stay_legal(variant):
    """With safe moves home on, each step of the fast search is a legal model line."""
    rules = get_rules(variant)
    for s in _random_positions(variant, range(3), 40)[::5]:
        fs = FastSearch(rules, s, "cross")
        for m in fs.moves()[:6]:
            rec = fs.do(m)
            t = s
            for src, dst, cnt, _card, is_move in rec:
                if not is_move:
                    continue
                if dst >= 100:
                    c = t.waste[-1] if src == -1 else t.piles[src][-1]
                    slot = t.corners.index(c & 3) if c & 3 in t.corners else t.corners.index(-1)
                    dst = 100 + slot
                assert (src, dst, cnt) in rules.moves(t)
                t = rules.apply(t, (src, dst, cnt))
            assert t.key() == _fast_key(fs)
            fs.undo(rec)


# (Simplicity's twelve piles make the unpruned search too big to finish here.)
@pytest.mark.parametrize("variant", ["standard", "sequences", "czarina", "corners", "dick1883"])
def test_lost_verdicts_agree_with_an_unpruned_exhaustive_search(variant):
    """Cross-check: on late positions the solver's verdict must match a plain graph search
    over exact states (no symmetry, no safe moves, nothing pruned), run to exhaustion."""
    rules = get_rules(variant)
    checked = lost = 0
    for s in late_positions(variant, 6):
        verdict, _, _ = search(rules, s, budget=Budget(positions=3_000))
        exact = depth_first_search(GameProblem(s, rules, symmetric=False),
                                   max_expanded=2_000)
        if exact.stopped == "limit":
            continue
        checked += 1
        if exact.solved:
            assert verdict != "lost", s
        else:
            assert verdict != "won", s
            lost += verdict == "lost"
    assert checked >= 2 and lost >= 1


def test_reductions_do_not_change_verdicts():
    for variant in ("standard", "czarina"):
        rules = get_rules(variant)
        for s in late_positions(variant, 3):
            plain, _, _ = search(rules, s, budget=Budget(positions=5_000), order="cross",
                                 safe_home=False)
            fast, _, _ = search(rules, s, budget=Budget(positions=5_000))
            if "unknown" not in (plain, fast):
                assert plain == fast


def test_unknown_when_the_budget_is_tiny():
    g = Game.new(seed=1)
    r = solve(g, budget=Budget(positions=10))
    assert r.verdict in ("unknown", "won")
    assert r.nodes <= 12


def test_orders_and_bad_order():
    g = Game.new(seed=0)
    for order in ("cross", "waste", "HSCWT"):
        r = solve(g, budget=Budget(positions=5000), order=order)
        if r.won:
            assert replays(g, r)
    with pytest.raises(ValueError):
        solve(g, budget=Budget(positions=10), order="nonsense")


def test_shorten_keeps_a_win_and_never_lengthens():
    g = Game.new(seed=0)
    r = solve(g, budget=Budget(positions=20000), shorten_line=False)
    assert r.won
    short = shorten(g.rules, g.state, r.raw)
    assert len(short) <= len(r.raw)
    s = g.state
    for m in short:
        assert m in g.rules.moves(s)
        s = g.rules.apply(s, m)
    assert s.is_won


def test_luby():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_won_position_and_status():
    g = Game.new(seed=0)
    r = solve(g, budget=Budget(positions=20000))
    for m in r.moves:
        g.play(m)
    assert solve(g).verdict == "won" and g.status == "won"


def test_a_search_that_skips_positions_proves_nothing():
    """A portfolio restart skips the positions its partner reached: running out of moves
    then says "exhausted", never "lost"."""
    rules = get_rules("standard")
    lost = [s for s in late_positions("standard", 6)
            if search(rules, s, budget=Budget(positions=3_000))[0] == "lost"]
    assert lost
    for s in lost:
        plain = FastSearch(rules, s)
        assert plain.run(10_000) == "lost"
        partner = FastSearch(rules, s, skip={(-1,)})
        assert partner.run(10_000) == "exhausted"
        assert partner.nodes == plain.nodes  # (a key that never occurs skips nothing)
