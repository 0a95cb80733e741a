"""Loss proofs (search/proofs.py): every verdict agrees with a plain breadth-first search over
the engine's own moves, on fixed positions (tests/data/proof_positions.json, remade by
``benchmarks/solver.py --write-proof-positions``) and on fresh late positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from fourseasons_widget import Game, get_rules
from fourseasons_widget.budget import Budget
from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.solver.exact import WASTE, F, search
from fourseasons_widget.solver.positions import late_positions
from fourseasons_widget.solver.proofs import (
    LayeredProof,
    ProofSearch,
    deep_safe_applies,
    layer_profile,
    plain_verdict,
    position_from_dict,
    position_to_dict,
    prove,
)

CASES = json.loads((Path(__file__).parent / "data" / "proof_positions.json").read_text())
RULES = get_rules("standard")


def test_the_fixed_set_holds_won_and_lost_positions():
    verdicts = [c["verdict"] for c in CASES]
    assert verdicts.count("lost") >= 5 and verdicts.count("won") >= 5


@pytest.mark.parametrize("case", CASES, ids=[c["source"] for c in CASES])
def test_fixed_positions_agree_with_the_plain_search(case):
    s = position_from_dict(case)
    assert position_to_dict(s) == {k: v for k, v in case.items()
                                   if k not in ("source", "verdict")}
    plain = plain_verdict(RULES, s, 20_000)
    assert plain == case["verdict"]
    for deep, dom in ((True, True), (True, False), (False, False)):
        r = prove(s, RULES, budget=Budget(positions=200_000), deep_safe=deep, dominance=dom)
        assert r.verdict == plain, (deep, dom, r)
        if r.verdict == "won":  # the line is the engine's, and it wins
            t = s
            for m in r.line:
                assert m in RULES.moves(t)
                t = RULES.apply(t, m)
            assert t.is_won
    assert search(RULES, s, budget=Budget(positions=200_000), order="cross")[0] == plain


@pytest.mark.slow
def test_fresh_late_positions_agree_with_the_plain_search():
    checked = {"won": 0, "lost": 0}
    for s in late_positions("standard", 30, max_stock=2, max_seeds=600)[10:]:
        plain = plain_verdict(RULES, s, 5_000)
        if plain == "unknown":
            continue
        assert prove(s, RULES, budget=Budget(positions=100_000)).verdict == plain
        assert prove(s, RULES, budget=Budget(positions=100_000),
                     dominance=True).verdict == plain
        checked[plain] += 1
    for seed in (8, 9, 10):
        s = small_position(seed=seed, cards_left=7, max_seconds=5).state
        plain = plain_verdict(RULES, s, 5_000)
        if plain != "unknown":
            assert prove(s, RULES, budget=Budget(positions=100_000)).verdict == plain
            checked[plain] += 1
    assert checked["lost"] >= 5 and checked["won"] >= 1


def _deep_only_positions(limit: int) -> list:
    """Positions along solver wins where a card is safe by the deeper rule and not by the
    solver's own (all its children home)."""
    out = []
    for seed in range(12):
        g = Game.new(seed=seed)
        r = search(RULES, g.state, budget=Budget(positions=20_000))
        if r[0] != "won":
            continue
        s = g.state
        for m in r[1]:
            s = RULES.apply(s, m)
            ps = ProofSearch(RULES, s)
            for c in [p[-1] for p in s.piles if p] + list(s.waste[-1:]):
                suit, need = ps.place[c]
                if s.home[suit] == need and need > 0 and ps._is_safe(c):
                    shallow = ProofSearch(RULES, s, deep_safe=False)
                    if not shallow._is_safe(c):
                        out.append((s, c))
            if len(out) >= limit:
                return out
    return out


@pytest.mark.slow
def test_deeper_safe_moves_fire_and_keep_won_positions_won():
    """Where the deeper rule (and not the solver's) sends a card home on a position along a
    solver's win (so a won position), the position after that move is still won: by the
    search without the deeper rule, and by the plain search where it finishes."""
    found = _deep_only_positions(6)
    assert found, "the deeper rule never fired along 12 solver wins"
    plain_checked = 0
    for s, c in found:
        src = WASTE if s.waste and s.waste[-1] == c else next(
            i for i, p in enumerate(s.piles) if p and p[-1] == c)
        slot = s.corners.index(c & 3)
        assert (src, F + slot, 1) in RULES.moves(s)
        after = RULES.apply(s, (src, F + slot, 1))
        r = prove(after, RULES, budget=Budget(positions=200_000), deep_safe=False)
        assert r.verdict == "won"
        plain = plain_verdict(RULES, after, 20_000)
        assert plain in ("won", "unknown")
        plain_checked += plain == "won"
    assert plain_checked >= 1


@pytest.mark.slow
def test_dominance_prunes_and_keeps_the_verdict():
    """On a late position where positions with more cards home are met, the dominance check
    skips some positions and the verdict stays the plain search's."""
    hits = 0
    for s in late_positions("standard", 5, max_stock=3, max_seeds=200):
        fs = ProofSearch(RULES, s, dominance=True)
        verdict = fs.run(20_000)
        plain = ProofSearch(RULES, s)
        assert verdict == plain.run(20_000) or None in (verdict, plain.result)
        hits += fs.dominance.hits
        if verdict == "lost":
            assert fs.nodes <= plain.nodes
    assert hits > 0


def test_deep_safe_is_on_only_where_sound():
    assert deep_safe_applies(get_rules("standard"))
    assert deep_safe_applies(get_rules("simplicity"))
    for v in ("sequences", "czarina", "corners", "dick1883"):
        assert not deep_safe_applies(get_rules(v))
        fs = ProofSearch(get_rules(v), Game.new(seed=1, variant=v).state, dominance=True)
        assert not fs.deep_safe and fs.dominance is None


def test_proof_search_moves_stay_legal():
    rng = random.Random(4)
    for s in late_positions("standard", 8, max_stock=10, max_seeds=100):
        fs = ProofSearch(RULES, s)
        for m in rng.sample(fs.moves(), min(4, len(fs.moves()))):
            rec = fs.do(m)
            t = s
            for src, dst, cnt, _card, is_move in rec:
                assert is_move
                if dst >= F:
                    c = t.waste[-1] if src == WASTE else t.piles[src][-1]
                    dst = F + (t.corners.index(c & 3) if c & 3 in t.corners
                               else t.corners.index(-1))
                assert (src, dst, cnt) in RULES.moves(t)
                t = RULES.apply(t, (src, dst, cnt))
            fs.undo(rec)


def test_layer_profile_counts_what_a_plain_search_reaches():
    s = Game.new(seed=44).state
    prof = layer_profile(RULES, s, 6, max_nodes=50_000, safe_home=False)
    assert prof is not None and len(prof) == 7
    # a plain depth-first walk of the engine's moves on the deal cut after 6 stock cards
    cut = s._replace(stock=s.stock[:6])
    seen = {cut.key()}
    todo = [cut]
    while todo:
        t = todo.pop()
        for m in RULES.moves(t):
            u = RULES.apply(t, m)
            if u.key() not in seen:
                seen.add(u.key())
                todo.append(u)
    assert prof == [sum(1 for k in seen if k[2] == 6 - i) for i in range(7)]
    with_reductions = layer_profile(RULES, s, 6, max_nodes=50_000)
    assert sum(with_reductions) <= sum(prof)
    assert layer_profile(RULES, s, 30, max_nodes=100) is None


def test_a_position_24_stock_cards_from_the_end_is_proved_lost():
    """Far from the end, where the plain search cannot finish: deal 13 along the heuristic
    player's line with 24 stock cards left (tests/data/proof_far.json).  The proof search, with
    and without its own reductions, and the solver's search all prove it lost."""
    far = json.loads((Path(__file__).parent / "data" / "proof_far.json").read_text())
    (case,) = far
    s = position_from_dict(case)
    assert len(s.stock) == 24 and case["verdict"] == "lost"
    deep = prove(s, RULES, budget=Budget(positions=1_000_000))
    shallow = prove(s, RULES, budget=Budget(positions=1_000_000), deep_safe=False)
    assert deep.verdict == shallow.verdict == "lost"
    assert search(RULES, s, budget=Budget(positions=1_000_000), order="cross")[0] == "lost"


@pytest.mark.slow
def test_the_layered_proof_walks_the_same_positions_one_layer_at_a_time():
    """LayeredProof walks exactly the positions of the depth-first proof search (the same
    verdicts, the same count of positions on every loss), one stock layer at a time: the
    layers' counts add up to the whole, and the largest layer is smaller than the whole."""
    multi = 0
    for case in CASES:
        s = position_from_dict(case)
        layered = LayeredProof(RULES, s)
        assert layered.run(200_000) == case["verdict"]
        if case["verdict"] == "lost":
            dfs = ProofSearch(RULES, s)
            assert dfs.run(200_000) == "lost" and layered.nodes == dfs.nodes
            assert sum(layered.layers) == layered.nodes
            if len(layered.layers) > 2:
                multi += 1
                assert max(layered.layers) < layered.nodes
    assert multi >= 3
    far = position_from_dict(json.loads((Path(__file__).parent / "data" /
                                         "proof_far.json").read_text())[0])
    layered = LayeredProof(RULES, far)
    assert layered.run(1_000_000) == "lost"
    dfs = ProofSearch(RULES, far)
    assert dfs.run(1_000_000) == "lost" and layered.nodes == dfs.nodes
    assert len(layered.layers) == 25 and max(layered.layers) < layered.nodes / 3


@pytest.mark.parametrize("variant", ["czarina", "corners", "dick1883"])
@pytest.mark.slow
def test_the_layered_proof_agrees_where_spaces_are_filled_for_you(variant):
    """Forced fills from the stock jump a layer inside a move; the verdicts and counts still
    agree with the depth-first proof search."""
    rules = get_rules(variant)
    lost = 0
    for s in late_positions(variant, 4, max_stock=4, max_seeds=100):
        layered, dfs = LayeredProof(rules, s), ProofSearch(rules, s)
        a, b = layered.run(40_000), dfs.run(40_000)
        if a is not None and b is not None:
            assert a == b
        if a == b == "lost":
            assert layered.nodes == dfs.nodes
            lost += 1
    assert lost >= 1


def test_a_layered_win_is_replayed_across_layers():
    """A win found in a later layer is rebuilt from the layers' entries and replayed through
    the engine from the position searched."""
    g = Game.new(seed=1)
    verdict, line, _ = search(RULES, g.state, budget=Budget(positions=200_000))
    assert verdict == "won"
    s = g.state
    for m in line:
        s = RULES.apply(s, m)
        if len(s.stock) == 6:
            break
    layered = LayeredProof(RULES, s)
    assert layered.run(100_000) == "won" and len(layered.layers) == 5
    t = s
    for m in layered.model_line():
        assert m in RULES.moves(t)
        t = RULES.apply(t, m)
    assert t.is_won
    with pytest.raises(ValueError):
        LayeredProof(RULES, s).model_line()


def test_the_layered_proof_keeps_to_its_budget():
    layered = LayeredProof(RULES, Game.new(seed=344).state)
    assert layered.run(5_000) is None
    assert 5_000 <= layered.nodes < 5_000 + 256 and layered.result is None


def test_prove_layered_gives_the_same_verdicts():
    for case in CASES[:4] + CASES[-2:]:
        s = position_from_dict(case)
        r = prove(s, RULES, budget=Budget(positions=100_000), layered=True)
        assert r.verdict == case["verdict"]
        if r.verdict == "won":
            t = s
            for m in r.line:
                t = RULES.apply(t, m)
            assert t.is_won


class _RecordsCuts(LayeredProof):
    """LayeredProof that keeps the keys of the entries the bag cut."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.cut_keys: list = []

    def relaxed_lost(self, key, deadline=None):
        lost = super().relaxed_lost(key, deadline)
        if lost:
            self.cut_keys.append(key)
        return lost


def test_the_bag_at_each_layer_s_entries_cuts_only_lost_positions():
    """LayeredProof(relaxed_cut=N) gives each layer's entries to the bag of runs first.  On
    deal 13's lost game with 24 stock cards left it still proves the loss, walking under half
    the positions; every entry it cut, rebuilt as a State, is the bag's own image of it and is
    proved lost by the exact proof search; a won position stays won, its line replayed."""
    far = position_from_dict(json.loads((Path(__file__).parent / "data" /
                                         "proof_far.json").read_text())[0])
    plain = LayeredProof(RULES, far)
    assert plain.run(1_000_000) == "lost"
    cut = _RecordsCuts(RULES, far, relaxed_cut=100)
    assert cut.run(1_000_000) == "lost"
    assert cut.nodes < plain.nodes / 2 and cut.cut_entries == len(cut.cut_keys) > 100
    assert cut.relaxed_checks > cut.cut_entries and cut.relaxed_positions > 0
    for key in random.Random(5).sample(cut.cut_keys, 12):
        s = cut.state_of(key)
        assert cut.bag.image(s) == cut.relaxed_image(key)
        assert ProofSearch(RULES, s).run(200_000) == "lost"
    for case in CASES:
        s = position_from_dict(case)
        r = prove(s, RULES, budget=Budget(positions=200_000), layered=True, relaxed_cut=200)
        assert r.verdict == case["verdict"], case["source"]
        if r.verdict == "won":
            t = s
            for m in r.line:
                assert m in RULES.moves(t)
                t = RULES.apply(t, m)
            assert t.is_won


@pytest.mark.slow
def test_the_bag_s_cut_agrees_where_spaces_are_filled_from_the_stock():
    """Czarina fills a space from the stock inside a move: the cut's images and verdicts
    still agree with the layered proof's on late positions."""
    rules = get_rules("czarina")
    agreed = cuts = 0
    for s in late_positions("czarina", 6, max_stock=4, max_seeds=100):
        plain = LayeredProof(rules, s)
        a = plain.run(40_000)
        cut = _RecordsCuts(rules, s, relaxed_cut=200)
        b = cut.run(40_000)
        if a is not None and b is not None:
            assert a == b and cut.nodes <= plain.nodes
            agreed += 1
        for key in cut.cut_keys[:5]:
            assert cut.bag.image(cut.state_of(key)) == cut.relaxed_image(key)
            assert ProofSearch(rules, cut.state_of(key)).run(40_000) == "lost"
            cuts += 1
    assert agreed >= 3 and cuts >= 3


def test_the_bag_s_cut_is_refused_where_it_does_not_apply():
    s = position_from_dict(CASES[0])
    with pytest.raises(ValueError, match="layered=True"):
        prove(s, RULES, budget=Budget(positions=1000), relaxed_cut=100)
    with pytest.raises(ValueError, match="relaxed_cut must be a whole number"):
        prove(s, RULES, budget=Budget(positions=1000), layered=True, relaxed_cut=-1)
    with pytest.raises(ValueError, match="bag of runs"):
        prove(Game.new(seed=1, variant="dick1883"), budget=Budget(positions=1000),
              layered=True, relaxed_cut=100)
    with pytest.raises(ValueError, match="bag of runs"):
        LayeredProof(get_rules("dick1883"), Game.new(seed=1, variant="dick1883").state,
                     relaxed_cut=100)
