"""Property tests over random play in every variant (hypothesis)."""

from __future__ import annotations

import json

from helpers import ALL_VARIANTS
from hypothesis import given, settings
from hypothesis import strategies as st

from fourseasons_widget import Game, Move
from fourseasons_widget.model.game import state_from_dict, state_to_dict, validate_state

plays = st.tuples(
    st.sampled_from(ALL_VARIANTS),
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80),
)


def play_out(variant: str, seed: int, choices: list[int]) -> Game:
    g = Game.new(seed=seed, variant=variant)
    for c in choices:
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[c % len(moves)])
    return g


@settings(max_examples=60, deadline=None)
@given(plays)
def test_52_cards_always_and_none_twice(p):
    g = Game.new(seed=p[1], variant=p[0])
    for c in p[2]:
        cards = g.state.all_cards()
        assert len(cards) == 52 and len(set(cards)) == 52
        validate_state(g.rules, g.state)  # pile shapes, cells, foundations stay possible
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[c % len(moves)])


@settings(max_examples=60, deadline=None)
@given(plays)
def test_undo_restores_the_exact_state(p):
    g = Game.new(seed=p[1], variant=p[0])
    for c in p[2]:
        moves = g.legal_moves()
        if not moves:
            break
        before = g.state
        g.play(moves[c % len(moves)])
        g.undo()
        assert g.state == before
        g.redo()


@settings(max_examples=40, deadline=None)
@given(plays)
def test_json_round_trips(p):
    g = play_out(*p)
    h = Game.from_json(g.to_json())
    assert h.state == g.state and h.history == g.history and h.rules == g.rules
    assert state_from_dict(g.rules, json.loads(json.dumps(state_to_dict(g.state)))) == g.state


@settings(max_examples=40, deadline=None)
@given(plays)
def test_status_agrees_with_the_legal_moves(p):
    g = play_out(*p)
    moves = g.legal_moves()
    if g.state.is_won:
        assert g.status == "won" and not moves
    elif not moves:
        assert g.status == "lost"
    if g.status == "playing":
        assert moves


@settings(max_examples=40, deadline=None)
@given(plays)
def test_every_legal_move_is_accepted_and_its_notation_parses(p):
    g = play_out(*p)
    for m in g.legal_moves():
        assert g.is_legal(m) and g.is_legal(str(m))
        assert Move.parse(str(m)) == m
