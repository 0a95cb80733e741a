"""The rank abstraction (search/abstraction.py): a bigger game whose loss proves the real one
lost.  Checked here: every real position maps into the bigger game's reachable set (so it is an
over-approximation), and its "lost" agrees with the plain breadth-first search over the engine's
own moves wherever that search finishes; it never calls a won position lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourseasons_widget import Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.solver.abstraction import (
    _RankSearch,
    abstraction_applies,
    layer_sizes,
    prove_by_ranks,
)
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.solver.positions import along_heuristic_line, late_positions
from fourseasons_widget.solver.proofs import (
    layer_profile,
    plain_verdict,
    position_from_dict,
    prove,
)

DATA = Path(__file__).parent / "data"
CASES = json.loads((DATA / "proof_positions.json").read_text())
RULES = get_rules("standard")


@pytest.mark.parametrize("seed", [0, 3])
def test_every_real_position_is_a_position_of_the_bigger_game(seed):
    """The simulation: walk every real position of the deal cut after 5 stock cards (the
    engine's own moves) and find its image among the positions the bigger game reaches."""
    s = Game.new(seed=seed).state
    cut = s._replace(stock=s.stock[:5])
    search = _RankSearch(RULES, cut)
    search.kept = set()
    assert search.run(5_000_000, None) == "lost"
    seen = {cut.key()}
    todo = [cut]
    while todo:
        t = todo.pop()
        assert search.image(t) in search.kept
        for m in RULES.moves(t):
            u = RULES.apply(t, m)
            if u.key() not in seen:
                seen.add(u.key())
                todo.append(u)
    assert len(seen) > 50
    # the bigger game is smaller to walk: no more positions than the exact search meets
    assert sum(layer_sizes(RULES, s, 5)) <= sum(layer_profile(RULES, s, 5, safe_home=False))


@pytest.mark.slow
def test_lost_only_where_the_plain_search_says_lost():
    proved = 0
    for case in CASES:
        s = position_from_dict(case)
        r = prove_by_ranks(s, RULES)
        if case["verdict"] == "won":
            assert r.verdict == "unknown" and r.why == "won with swaps"
        elif r.verdict == "lost":
            assert plain_verdict(RULES, s, 20_000) == "lost"
            proved += 1
    assert proved >= 8
    checked = 0
    for s in late_positions("standard", 25, max_stock=3, max_seeds=300)[5:]:
        r = prove_by_ranks(s, RULES, budget=Budget(positions=200_000))
        plain = plain_verdict(RULES, s, 5_000)
        if r.verdict == "lost":
            assert plain in ("lost", "unknown")
            checked += plain == "lost"
        if plain == "won":
            assert r.verdict == "unknown"
    assert checked >= 3


def test_safe_moves_home_keep_every_verdict_and_narrow_the_layers():
    """The safe moves home in the bigger game (the module's docstring): where the search
    without them proves a loss, so does the search with them, in no more positions per layer;
    where the plain search over the engine finds a win, neither calls it lost."""
    fewer = agree = 0
    positions = [position_from_dict(c) for c in CASES]
    positions += late_positions("standard", 20, max_stock=4, max_seeds=300)[3:]
    for s in positions:
        plain = prove_by_ranks(s, RULES, budget=Budget(positions=300_000), safe_home=False)
        safe = prove_by_ranks(s, RULES, budget=Budget(positions=300_000), safe_home=True)
        if plain.why == "lost":
            assert safe.why == "lost"
            assert all(a <= b for a, b in zip(safe.layers, plain.layers, strict=True))
            fewer += safe.positions < plain.positions
            agree += 1
        if safe.verdict == "lost":
            assert plain_verdict(RULES, s, 20_000) in ("lost", "unknown")
            assert prove(s, RULES, budget=Budget(positions=300_000)).verdict != "won"
    assert agree >= 10 and fewer >= 3, (agree, fewer)


def test_no_position_along_a_winning_line_is_called_lost():
    """The attack: every position of the solver's winning lines of some deals, from the last
    16 stock cards on, given to the abstraction with the safe moves home: never "lost"."""
    calls = 0
    for seed in (0, 1, 2, 3, 4, 6):
        g = Game.new(seed=seed)
        r = solve(g, budget=Budget(positions=200_000))
        assert r.won
        s = g.state
        for m in r.raw:
            s = RULES.apply(s, m)
            if len(s.stock) <= 16 and not s.is_won:
                v = prove_by_ranks(s, RULES, budget=Budget(positions=30_000))
                assert v.verdict != "lost", (seed, len(s.stock))
                calls += 1
    assert calls > 100


def test_far_from_the_end_it_proves_with_fewer_positions():
    """Deal 13 along the heuristic player's line, 24 stock cards left: the exact proof and the
    abstraction both prove it lost, the abstraction with fewer positions."""
    (case,) = json.loads((DATA / "proof_far.json").read_text())
    s = position_from_dict(case)
    exact = prove(s, RULES, budget=Budget(positions=1_000_000))
    abstract = prove_by_ranks(s, RULES)
    assert exact.verdict == abstract.verdict == "lost"
    assert abstract.positions < exact.nodes
    assert len(abstract.layers) == 25


def test_it_applies_only_where_it_is_sound_and_keeps_its_budget():
    assert abstraction_applies(RULES)
    for tableau_wrap in ("never", "always"):
        assert abstraction_applies(get_rules("standard", tableau_wrap=tableau_wrap))
    for v in ("sequences", "czarina", "corners", "simplicity", "dick1883"):
        assert not abstraction_applies(get_rules(v))
        with pytest.raises(ValueError, match="rank abstraction"):
            prove_by_ranks(Game.new(seed=1, variant=v))
    r = prove_by_ranks(Game.new(seed=344), budget=Budget(positions=3000))
    assert (r.verdict, r.why, r.positions) == ("unknown", "budget", 3000)


@pytest.mark.slow
def test_deal_13_is_proved_lost_31_stock_cards_from_the_end():
    """Where the exact search needs over ten million positions (benchmarks/solver.py), the
    abstraction proves deal 13's lost game lost from 31 stock cards left in under two million:
    along the heuristic player's line, the first position with 31 cards in the stock."""
    at, won = along_heuristic_line(13)
    assert not won
    s = at[31]
    assert len(s.stock) == 31
    r = prove_by_ranks(s, RULES, budget=Budget(positions=2_000_000))
    assert (r.verdict, r.why) == ("lost", "lost")
    assert 1_000_000 < r.positions < 2_000_000 and len(r.layers) == 32


def test_the_docstring_examples_run():
    import doctest

    from fourseasons_widget.solver import abstraction, proofs

    for mod in (abstraction, proofs):
        result = doctest.testmod(mod)
        assert result.attempted >= 1 and result.failed == 0, mod.__name__
