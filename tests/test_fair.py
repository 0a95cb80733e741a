"""The fair Monte-Carlo player (issue 36): it decides from what a person sees, never from the
order of the face-down stock."""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers import played_by_heuristic, with_stock_reshuffled
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fourseasons_widget import Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.state import STOCK
from fourseasons_widget.solver.experiments import PLAYERS, run_deal
from fourseasons_widget.solver.fair import (
    UNSEEN,
    Observation,
    decide,
    observe,
    play_fair_mc,
    sample_state,
)
from fourseasons_widget.solver.greedy import _heuristic_move

SMALL = {"samples": 4, "round_size": 4, "per_sample": Budget(positions=300), "engine": "python"}






def test_an_observation_has_no_stock_order():
    """Its fields are the visible position and the *set* of unseen cards: no field holds a
    sequence of the unseen cards."""
    obs = observe(Game.new(seed=4))
    names = {f.name for f in dataclasses.fields(Observation)}
    assert "unseen" in names and isinstance(obs.unseen, frozenset)
    assert obs.stock == (UNSEEN,) * len(Game.new(seed=4).state.stock)
    assert names == {"rules", "piles", "home", "corners", "waste", "base", "bases", "redeals",
                     "stock", "unseen"}
    # the cards in the fields that hold cards: the visible ones only
    shown = [c for p in obs.piles for c in p] + list(obs.waste) + list(obs.stock)
    assert not set(shown) & obs.unseen


VOTING = {"samples": 4, "round_size": 4, "per_sample": Budget(positions=1500),
          "engine": "python"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 40), shuffle=st.integers(0, 10**6))
@example(seed=74, plies=18, shuffle=1)  # (positions where the samples vote: 39 and 27 cards
@example(seed=259, plies=38, shuffle=2)  # face down)
def test_shuffling_the_unseen_cards_changes_neither_the_observation_nor_the_decision(
        seed, plies, shuffle):
    g = played_by_heuristic(seed, plies)
    h = with_stock_reshuffled(g, random.Random(shuffle))
    assert g.state.stock != h.state.stock or len(g.state.stock) < 2
    assert observe(g) == observe(h)
    a, b = decide(observe(g), **VOTING), decide(observe(h), **VOTING)
    assert (a.move, a.how, a.samples, a.wins) == (b.move, b.how, b.samples, b.wins)


@pytest.mark.parametrize(("seed", "plies"), [(74, 18), (259, 38)])
def test_the_samples_vote_where_the_stock_is_still_long(seed, plies):
    """The examples above are real votes (not the fallback), so the shuffle test weighs the
    solver's verdicts on sampled orders, not only the heuristic player's move."""
    g = played_by_heuristic(seed, plies)
    d = decide(observe(g), **VOTING)
    assert d.how == "vote" and d.wins[d.move] > 0 and len(g.state.stock) > 20


def test_the_decision_depends_on_the_position_it_sees():
    """Not a constant: two different visible positions get their own advice (the moves
    offered are each position's own)."""
    a = decide(observe(Game.new(seed=1)), **SMALL)
    b = decide(observe(Game.new(seed=2)), **SMALL)
    assert a.move in Game.new(seed=1).rules.engine.moves(Game.new(seed=1).state)
    assert b.move in Game.new(seed=2).rules.engine.moves(Game.new(seed=2).state)
    assert observe(Game.new(seed=1)) != observe(Game.new(seed=2))


def test_a_card_turned_and_taken_back_is_seen_at_its_place():
    g = Game.new(seed=6)
    top = g.state.stock[0]
    g.play(next(m for m in g.legal_moves() if m.source == "stock"))
    g.undo()
    obs = observe(g)
    assert obs.stock[0] == top and top not in obs.unseen
    assert all(c == UNSEEN for c in obs.stock[1:])
    for k in range(5):  # every sample keeps the seen card where it was seen
        assert sample_state(obs, random.Random(k)).stock[0] == top


def test_samples_are_consistent_with_what_was_seen():
    g = played_by_heuristic(11, 12)
    obs = observe(g)
    for k in range(10):
        s = sample_state(obs, random.Random(k))
        assert s._replace(stock=g.state.stock) == g.state
        assert sorted(s.stock) == sorted(g.state.stock)


def test_no_sample_won_falls_back_to_the_heuristic_players_move():
    g = Game.new(seed=3)
    d = decide(observe(g), samples=2, round_size=2, per_sample=Budget(positions=1), engine="python")
    assert d.how == "fallback" and d.estimate is None
    assert d.move == _heuristic_move(g.rules, g.state, set())[0]


def test_the_vote_counts_the_samples_won_after_each_move():
    g = played_by_heuristic(0, 20)
    d = decide(observe(g), samples=8, round_size=8, per_sample=Budget(positions=3000), engine="python")
    if d.how == "vote":
        assert d.wins[d.move] == max(d.wins.values()) > 0
        assert d.estimate == d.wins[d.move] / d.samples
        assert d.ranked[0] == d.move
    else:  # (a position no sample wins: the fallback, said so)
        assert d.how in ("fallback", "safe", "only")


def test_more_samples_are_drawn_only_while_the_choice_is_close():
    g = played_by_heuristic(2, 25)
    d = decide(observe(g), samples=32, round_size=4, per_sample=Budget(positions=2000), engine="python")
    if d.how == "vote" and d.samples < 32:
        top = sorted(d.wins.values(), reverse=True)
        assert top[0] - top[1] > 2 * (top[0] + top[1]) ** 0.5


def test_a_fair_game_is_played_through_the_model():
    g = Game.new(seed=2)
    r = play_fair_mc(g, samples=2, round_size=2, per_sample=Budget(positions=200), engine="python")
    replay = g.copy()
    for m in r.moves:
        replay.play(g.rules.engine.to_move(replay.state, m))
    assert replay.state.cards_home == r.cards_home
    assert r.outcome == ("won" if replay.state.is_won else "stuck")
    assert r.decisions >= r.voted + r.fallbacks - 0 and r.nodes > 0


def test_turning_the_stock_is_a_move_it_weighs_like_any_other():
    g = Game.new(seed=9)
    d = decide(observe(g), **SMALL)
    assert any(m[0] == STOCK for m in d.wins) or d.how in ("only", "safe", "fallback")


def test_the_monte_carlo_player_runs_as_an_experiment():
    assert "fair-mc" in PLAYERS
    row = run_deal({"variant": "standard", "seed": 1, "player": "fair-mc", "max_nodes": 100})
    assert row["player"] == "fair-mc" and row["outcome"] in ("won", "stuck")
    assert row["nodes"] > 0 and row["moves"] > 0


@pytest.mark.parametrize("bad", [{"samples": 0}, {"per_sample": Budget()}, {"round_size": "x"}])
def test_bad_budgets_are_refused(bad):
    with pytest.raises(ValueError):
        decide(observe(Game.new(seed=1)), **{**SMALL, **bad})


def test_decide_takes_an_observation_only():
    with pytest.raises(ValueError, match="Observation"):
        decide(Game.new(seed=1).state)  # type: ignore[arg-type]


def test_the_shipped_run_is_read_and_its_figures_agree_with_its_deals():
    from fourseasons_widget.solver.experiments import (
        load_deals,
        load_fair_mc,
        paired_table,
        summarize,
    )

    (row,) = load_fair_mc()
    deals = load_fair_mc(deals=True)
    assert row["player"] == "fair-mc" and int(row["n"]) == len(deals)
    s = summarize(deals)
    assert s.won == int(row["won"]) and sorted(int(r["seed"]) for r in deals) == list(
        range(len(deals)))
    assert f"--deals {len(deals)}" in row["command"] and "--player fair-mc" in row["command"]
    heuristic = [r for r in load_deals()
                 if r["variant"] == "standard" and r["player"] == "heuristic"]
    table = paired_table({"fair-mc": deals, "heuristic": heuristic})
    assert table[0]["n"] == len(deals) and table[0]["won"] == s.won


def test_a_resumed_fair_mc_run_reuses_the_deals_it_finished(tmp_path):
    """``--resume`` goes on from the checkpoint: the fair-mc rows of the same budget are taken,
    not played again (they were, before: only ``fair`` kept its node budget when resuming)."""
    from fourseasons_widget.solver.experiments import Checkpoint, finished_rows

    path = tmp_path / "deals.csv.partial"
    cp = Checkpoint(path)
    row = {"variant": "standard", "seed": 3, "player": "fair-mc", "outcome": "won", "moves": 150,
           "nodes": 10, "seconds": 1.5, "cards_home": 52, "max_nodes": 3000, "max_seconds": None}
    cp(row)
    cp.close()
    assert set(finished_rows(path, "standard", "fair-mc", 3000, 1.0)) == {3}
    assert finished_rows(path, "standard", "fair-mc", 1000, 1.0) == {}
