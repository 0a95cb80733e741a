"""The Game API: notation, undo/redo, history, status, saving, showing."""

from __future__ import annotations

import json

import pytest
from helpers import make_deck

from fourseasons_widget import Game, IllegalMoveError, Move
from fourseasons_widget.model.game import board_text


def test_move_has_card_source_target_strings():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS"))
    moves = g.legal_moves()
    assert Move("8H", "cross:0", "cross:1") in moves
    assert Move("JS", "stock", "waste") in moves


@pytest.mark.parametrize("seed", range(8))
def test_every_legal_move_round_trips_through_its_notation(variant, seed):
    g = Game.new(seed=seed, variant=variant)
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        for m in moves:
            assert Move.parse(str(m)) == m
            assert g.parse_move(str(m)) == m
        g.play(moves[(seed * 7 + g.ply) % len(moves)])


@pytest.mark.parametrize("text", ["8H c0>c1", "8H cross:0>cross:1", "8H cross:0 > cross:1",
                                  "8H>c1", "8H c1", "8h -> C1", "8H c0 -> c1"])
def test_play_accepts_short_and_long_notation(text):
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"))
    assert g.play(text) == Move("8H", "cross:0", "cross:1")


def test_play_to_foundation_by_home_shortcut():
    g = Game.from_deck(make_deck("3D 9C 4C 5C 6C 2D"))
    assert g.play("3D home").target == "foundation:0"
    g.undo()
    assert g.play("3D>f").target == "foundation:0"


@pytest.mark.parametrize("text", ["turn", "t", "stock", "s>w"])
def test_turn_notations(text):
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS"))
    assert g.play(text) == Move("JS", "stock", "waste")


def test_undo_and_redo_walk_the_history():
    g = Game.new(seed=5)
    start = g.state
    m1 = g.play("turn")
    s1 = g.state
    m2 = g.play("turn")
    assert g.history == (m1, m2)
    assert g.undo() == m2 and g.state == s1
    assert g.undo() == m1 and g.state == start
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    assert g.redo() == m1 and g.redo() == m2
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        g.redo()


def test_a_new_move_clears_redo():
    g = Game.new(seed=5)
    g.play("turn")
    g.undo()
    assert g.can_redo
    g.play("turn")
    assert not g.can_redo


def test_restart_returns_to_the_deal_and_keeps_redo():
    g = Game.new(seed=5)
    start = g.state
    for _ in range(3):
        g.play("turn")
    g.restart()
    assert g.state == start and g.ply == 0
    for _ in range(3):
        g.redo()
    assert g.ply == 3


def test_same_seed_same_deal_and_different_seeds_differ():
    assert Game.new(seed=42).state == Game.new(seed=42).state
    assert Game.new(seed=42).state != Game.new(seed=43).state
    g = Game.new()
    assert isinstance(g.seed, int) and Game.new(seed=g.seed).state == g.state


def test_state_is_immutable_and_hashable():
    s = Game.new(seed=3).state
    assert hash(s) == hash(Game.new(seed=3).state)
    with pytest.raises(AttributeError):
        s.base = 3  # type: ignore[misc]
    assert {s: 1}[Game.new(seed=3).state] == 1


def test_json_round_trip_keeps_position_history_and_redo(variant):
    g = Game.new(seed=11, variant=variant)
    for _ in range(12):
        moves = g.legal_moves()
        g.play(moves[-1] if g.ply % 3 else moves[0])
    g.undo()
    h = Game.from_json(g.to_json())
    assert h.state == g.state and h.history == g.history and h.seed == 11
    assert h.redo() == g.redo()


def test_json_is_versioned_and_readable():
    d = json.loads(Game.new(seed=1).to_json())
    assert d["format"] == "fourseasons-widget/game" and d["version"] == 1
    assert d["variant"] == "standard" and len(d["deck"].split()) == 52


def test_print_shows_a_text_board():
    g = Game.from_pysol(1)
    text = str(g)
    assert "base rank J" in text and "[ J♣]" in text and "( J♦)1" in text and "stock 46" in text
    assert board_text(g.rules, g.state) in text or text.startswith("Four Seasons")


def test_repr_html_shows_the_board_and_escapes():
    html = Game.from_pysol(1)._repr_html_()
    assert "J♣" in html and "<table>" in html and "<script" not in html


def test_status_agrees_with_moves_on_a_won_game():
    ranks = "A23456789TJQK"
    order = [r + s for r in ranks for s in "SHDC"]
    g = Game.from_deck(" ".join(order[1:6] + [order[0]] + order[6:]))
    while g.legal_moves():
        homes = [m for m in g.legal_moves() if m.target.startswith("foundation")]
        g.play(homes[0] if homes else "turn")
    assert g.status == "won"


def test_copy_is_independent():
    g = Game.new(seed=2)
    h = g.copy()
    h.play("turn")
    assert g.ply == 0 and h.ply == 1
