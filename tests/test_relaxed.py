"""The relaxed game of search/relaxed.py (the cross as a bag of runs): a looser game whose loss
proves the real one lost.  Checked here: every real position maps into the relaxed game's
reachable set (it over-approximates the game, in every variant it claims); its "lost" agrees
with the plain breadth-first search over the engine's own moves wherever that finishes; it never
calls lost a position known to be won (the fixed won positions, every position of the shipped
winning lines, positions along the solver's wins); and the CP-SAT model of the same relaxation
gives the same verdicts where both finish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourseasons_widget import Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.solver.positions import late_positions
from fourseasons_widget.solver.proofs import plain_verdict, position_from_dict
from fourseasons_widget.solver.relaxed import (
    BagOfRuns,
    bag_applies,
    model_available,
    prove_by_bag,
    prove_by_model,
    prove_lost,
    runs_lower_bound,
)

DATA = Path(__file__).parent / "data"
CASES = json.loads((DATA / "proof_positions.json").read_text())
LINES = json.loads((DATA / "winning_lines.json").read_text())
RULES = get_rules("standard")
RELAXED_VARIANTS = ("standard", "sequences", "czarina", "corners", "simplicity")


def test_the_runs_bound_counts_the_piles_a_cross_needs():
    wrap = [(r + 1) % 13 for r in range(13)]
    no_wrap = [r + 1 if r < 12 else None for r in range(13)]
    assert runs_lower_bound([0] * 13, wrap) == 0
    assert runs_lower_bound([1] * 13, wrap) == 1  # one pile all round the corner
    assert runs_lower_bound([1] * 13, no_wrap) == 1  # K Q … A
    assert runs_lower_bound([1] + [0] * 11 + [1], no_wrap) == 2  # A and K: K may not go on A
    assert runs_lower_bound([1] + [0] * 11 + [1], wrap) == 1  # K on A
    assert runs_lower_bound([4, 4, 0, 4] + [0] * 9, wrap) == 8  # four piles start at a 2, four at a 4
    no_build = [None] * 13  # cells: every card is a pile of its own
    assert runs_lower_bound([2, 1] + [0] * 11, no_build) == 3


@pytest.mark.parametrize("variant,seed,stock,least", [
    ("standard", 0, 5, 50), ("standard", 3, 5, 50), ("sequences", 1, 4, 50),
    ("czarina", 2, 4, 50), ("corners", 0, 20, 20), ("simplicity", 5, 3, 50)])
def test_every_real_position_is_a_position_of_the_relaxed_game(variant, seed, stock, least):
    """The simulation: walk the real positions of the deal cut after a few stock cards (the
    engine's own moves, up to 20,000 of them) and find each one's image among the positions the
    relaxed game reaches."""
    rules = get_rules(variant)
    s = Game.new(seed=seed, variant=variant).state
    cut = s._replace(stock=s.stock[:stock])
    bag = BagOfRuns(rules, cut)
    bag.kept = set()
    assert bag.run(None, None) == "lost"  # the cut deal lacks cards: no relaxed win either
    seen = {cut.key()}
    todo = [cut]
    while todo and len(seen) < 20_000:
        t = todo.pop()
        assert bag.image(t) in bag.kept
        for m in rules.moves(t):
            u = rules.apply(t, m)
            if u.key() not in seen:
                seen.add(u.key())
                todo.append(u)
    assert len(seen) > least


def test_it_proves_the_fixed_losses_and_never_a_win():
    proved = 0
    for case in CASES:
        s = position_from_dict(case)
        r = prove_by_bag(s, RULES, budget=Budget(positions=200_000))
        if case["verdict"] == "won":
            assert (r.verdict, r.why) == ("unknown", "relaxed win")
        elif r.verdict == "lost":
            assert plain_verdict(RULES, s, 20_000) == "lost"
            proved += 1
    assert proved >= 9  # of the 10 fixed losses, 3 stock cards from the end


@pytest.mark.slow
def test_random_late_positions_lost_only_where_the_plain_search_agrees():
    checked = 0
    for s in late_positions("standard", 30, max_stock=3, max_seeds=300):
        r = prove_by_bag(s, RULES, budget=Budget(positions=100_000))
        plain = plain_verdict(RULES, s, 5_000)
        if r.verdict == "lost":
            assert plain in ("lost", "unknown")
            checked += plain == "lost"
        if plain == "won":
            assert r.verdict == "unknown"
    assert checked >= 10


@pytest.mark.parametrize("variant", RELAXED_VARIANTS)
@pytest.mark.slow
def test_never_lost_along_a_winning_line(variant):
    """Every position of the shipped winning line is won, so the relaxation must never prove
    one lost (a small budget: "unknown" is allowed, "lost" would be a wrong verdict)."""
    rules = get_rules(variant)
    case = LINES[variant]
    g = Game.from_deck(case["deck"], variant=variant)
    assert bag_applies(rules)
    verdicts = []
    for text in case["line"]:
        r = prove_by_bag(g.state, rules, budget=Budget(positions=5_000))
        assert r.verdict == "unknown"
        verdicts.append(r.why)
        g.play(text)
    assert g.status == "won"
    assert "relaxed win" in verdicts  # near the end it finishes, and finds the win


@pytest.mark.slow
def test_never_lost_along_the_solvers_wins():
    """Deals the solver wins, every tenth position of its line (replayed through the engine)."""
    looked = 0
    for seed in range(6):
        g = Game.new(seed=seed)
        r = solve(g, budget=Budget(positions=200_000))
        if not r.won:
            continue
        for i, move in enumerate(r.moves):
            if i % 10 == 0:
                assert prove_by_bag(g.state, RULES, budget=Budget(positions=3_000)).verdict == "unknown"
                looked += 1
            g.play(move)
        assert g.status == "won"
    assert looked >= 20


def test_it_applies_only_where_it_is_sound():
    for variant in RELAXED_VARIANTS:
        assert bag_applies(get_rules(variant))
    for tableau_wrap in ("never", "always"):
        assert bag_applies(get_rules("standard", tableau_wrap=tableau_wrap))
    assert not bag_applies(get_rules("dick1883"))
    with pytest.raises(ValueError, match="bag of runs"):
        prove_by_bag(Game.new(seed=1, variant="dick1883"))
    r = prove_by_bag(Game.new(seed=344), budget=Budget(positions=3000))
    assert (r.verdict, r.why, r.positions) == ("unknown", "budget", 3000)


@pytest.mark.slow
def test_the_constraint_model_agrees_with_the_explicit_search():
    """CP-SAT on the stage model of the same relaxation: infeasible exactly where the explicit
    search proves the loss (on the fixed positions it finishes on), a solution on won ones."""
    assert model_available()  # the [prove] extra is part of the test extra
    lost = [c for c in CASES if c["verdict"] == "lost"][:3]
    won = [c for c in CASES if c["verdict"] == "won"][:4]
    for case in lost + won:
        s = position_from_dict(case)
        bag = prove_by_bag(s, RULES)
        model = prove_by_model(s, RULES, budget=Budget(seconds=120))
        assert model.why == bag.why, case["source"]
    assert prove_by_model(Game.new(seed=0), budget=Budget(seconds=0.5)).verdict == "unknown"


def test_the_docstring_examples_run():
    import doctest

    from fourseasons_widget.solver import relaxed

    assert doctest.testmod(relaxed).failed == 0


def test_the_looser_variants_allow_every_move_of_the_stricter():
    """The looser-game principle of the module's docstring, on random positions: every move of
    the stricter rules is a move of the looser ones (same deal, same position)."""
    import random

    from fourseasons_widget.model.rules import get_rules as rules_of

    pairs = [(rules_of("standard"), rules_of("sequences")),
             (rules_of("standard", tableau_wrap="never"), rules_of("standard")),
             (rules_of("standard"), rules_of("standard", tableau_wrap="always"))]
    looked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = Game.new(seed=seed).state
        for _ in range(60):
            for strict, loose in pairs:
                assert set(strict.moves(s)) <= set(loose.moves(s))
            moves = RULES.moves(s)
            if not moves:
                break
            s = RULES.apply(s, rng.choice(moves))
            looked += 1
    assert looked > 1000


def test_the_entry_point_proves_a_fixed_loss():
    case = next(c for c in CASES if c["verdict"] == "lost")
    r = prove_lost(position_from_dict(case), RULES, budget=Budget(seconds=30))
    assert (r.verdict, r.why) == ("lost", "lost")
    assert prove_lost(Game.new(seed=0), budget=Budget(seconds=1)).verdict == "unknown"
