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
            assert s.home[card & 3] > 0, "base cards are left to the player"
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

    line = solve(g, max_seconds=20).moves
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
