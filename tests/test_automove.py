"""The board's auto-move: cards proved safe go home by themselves, the rest of a won game
finishes itself, one undo takes back a move with what followed it, saves keep the groups, and a
proof of a loss is kept by the game."""

from __future__ import annotations

import json
import random

import pytest
from helpers import ALL_VARIANTS

from fourseasons_widget import Game
from fourseasons_widget.automove import after_move, finishing_run, safe_home_moves
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import parse_card
from fourseasons_widget.model.game import SaveFileError
from fourseasons_widget.solver.exact import _tables


def _positions(variant: str, seeds=range(12), plies=120):
    for seed in seeds:
        g = Game.new(seed=seed, variant=variant)
        rng = random.Random(seed)
        for _ in range(plies):
            yield g
            moves = g.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.target.startswith("foundation")]
            g.play(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_safe_moves_are_legal_and_obey_the_solvers_rule(variant):
    found = 0
    for g in _positions(variant, seeds=range(40), plies=200):
        probe = g.copy()
        for m in safe_home_moves(g.rules, g.state):
            assert m.target.startswith("foundation")
            s = probe.state
            card = parse_card(m.card)
            children, _ = _tables(g.rules, s.base)
            # (a base card as any other: only when no card could ever be built on it again)
            assert all(s.home[suit] > need for suit, need in children[card]), m
            if g.rules.fill != "free" and m.source.startswith(("cross", "cell", "tableau")):
                i = int(m.source.split(":")[1])
                assert len(s.piles[i]) > 1, "never empties a pile that is refilled by force"
            probe.play(m)
            found += 1
    if variant == "dick1883":
        assert found == 0  # vacancies are the player's to fill: nothing moves by itself
    else:
        assert found > 0, "random play met no safe move home: the test saw nothing"


def test_finishing_run_wins_when_only_home_moves_and_turns_are_left():
    g = Game.new(seed=7)
    from fourseasons_widget.solver.exact import solve

    line = solve(g, budget=Budget(seconds=20)).moves
    assert line, "seed 7 is a solved deal"
    # from some point of the winning line the rest is moves home and turns
    for i in range(len(line)):
        rest = line[i:]
        if all(m.target.startswith("foundation") or m.source == "stock" for m in rest):
            break
        g.play(line[i])
    run = finishing_run(g.rules, g.state)
    assert run is not None
    for m in run:
        g.play(m, auto=True)
    assert g.status == "won"
    assert finishing_run(Game.new(seed=7).rules, Game.new(seed=7).state) is None


def test_one_undo_takes_back_the_move_and_what_followed_it():
    for g in _positions("standard", seeds=range(30), plies=80):
        after = None
        for m in g.legal_moves():
            probe = g.copy()
            probe.play(m)
            follow = after_move(probe.rules, probe.state)
            if follow:
                after = (m, follow)
                break
        if after:
            break
    assert after, "no position with a move followed by automatic ones"
    m, follow = after
    start, ply = g.state, g.ply
    g.play(m)
    for f in follow:
        g.play(f, auto=True)
    end = g.state
    assert g.automatic[-len(follow):] == (True,) * len(follow) and not g.automatic[ply]
    assert g.last_group == (m, *follow)
    assert g.undo() == m
    assert g.state == start and g.ply == ply
    assert g.redo() == m
    assert g.state == end and g.ply == ply + 1 + len(follow)
    # the groups survive a save
    text = g.to_json()
    h = Game.from_json(text)
    assert h.automatic == g.automatic and h.state == end
    assert h.undo() == m and h.state == start
    # ... and so does a redo list with groups
    h2 = Game.from_json(h.to_json())
    assert h2.redo() == m and h2.state == end


def test_saves_without_automatic_moves_are_unchanged_and_bad_marks_refused():
    g = Game.new(seed=3)
    g.play("turn")
    d = json.loads(g.to_json())
    assert "auto" not in d and "redo_auto" not in d  # version 1 files as before
    for bad in ([0], [5], ["1"], [True], "1"):
        d2 = dict(d, auto=bad)
        with pytest.raises(SaveFileError):
            Game.from_dict(d2)


def test_a_proved_loss_is_kept_for_the_position_and_what_follows():
    g = Game.new(seed=1, variant="corners")
    g.play("turn")
    assert g.status == "playing"
    g.record_lost(g.state)
    assert g.status == "lost"
    moves = g.legal_moves()
    if moves:
        g.play(moves[0])
        assert g.status == "lost"  # reached from a lost position: lost too
    g.restart()
    assert g.status == "playing"  # the deal itself was not proved lost
    g.redo()
    assert g.status == "lost"


# -- the base cards under the safe rule, and the PySolFC-like rule (issue 35, item 3) -------------

def _ace_base_deal():
    for seed in range(500):
        g = Game.new(seed=seed)
        if g.state.base == 0:
            return g
    raise AssertionError("no deal of base rank A in 500 seeds")


def test_base_cards_go_home_under_the_safe_rule_where_nothing_can_be_built_on_them():
    from fourseasons_widget.automove import after_move

    g = _ace_base_deal()  # base rank A: no king may go on an ace, so an ace is never a target
    children, _ = _tables(g.rules, g.state.base)
    aces = [c for c in range(0, 4)]
    assert all(children[c] == () for c in aces)
    seen = 0
    while g.state.stock and g.status == "playing":  # (the stock turned, card by card)
        g.play("turn")
        for m in after_move(g.rules, g.state):
            seen += m.card.startswith("A")
            g.play(m, auto=True)
    assert seen > 0, "an available ace went home by itself"
    # a base card others can be built on stays: base rank 3, a 2 may still go on it
    h = Game.new(seed=7)
    assert h.state.base != 0
    children, _ = _tables(h.rules, h.state.base)
    assert all(children[h.state.base * 4 + suit] for suit in range(4))
    assert not any(m.card.startswith("3") for m in safe_home_moves(h.rules, h.state))


def test_the_pysolfc_like_rule_sends_every_card_that_can_go_home():
    from fourseasons_widget.automove import after_move, every_home_move

    g = Game.new(seed=7)  # 3♦ lies on the cross: the safe rule leaves it, the other sends it
    assert not safe_home_moves(g.rules, g.state)
    moved = after_move(g.rules, g.state, "all")
    assert [m.card for m in moved][:1] == ["3D"] and moved == every_home_move(g.rules, g.state)
    probe = g.copy()
    for m in moved:
        probe.play(m)
    assert not [m for m in probe.legal_moves() if m.target.startswith("foundation")]
    with pytest.raises(ValueError):
        after_move(g.rules, g.state, "some")
