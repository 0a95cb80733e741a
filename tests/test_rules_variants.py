"""What each variant changes, one test per difference (notebooks/sources.md, "The rules as this project implements them")."""

from __future__ import annotations

import pytest
from helpers import codes, make_deck

from fourseasons_widget import Game, IllegalMoveError, RulesError, get_rules
from fourseasons_widget.model.cards import parse_card

# -- moving sequences -------------------------------------------------------------------------


def run_position(variant: str) -> Game:
    g = Game.from_deck(make_deck("9C 8H 7S TD 3C 2D"), variant=variant)
    g.play("8H c1>c0")
    g.play("7S c2>c0")
    return g  # cross:0 is 9C 8H 7S; cross:1 and cross:2 are spaces


def test_sequences_move_a_built_run_onto_a_fitting_card():
    g = run_position("sequences")
    m = g.play("9C c0>c3")
    assert m.card == "9C"  # the move names the run's first (highest) card
    assert codes(g.state.piles[3]) == ["TD", "9C", "8H", "7S"]
    assert g.state.piles[0] == ()


def test_sequences_move_part_of_a_run_into_a_space():
    g = run_position("sequences")
    g.play("8H c0>c1")
    assert codes(g.state.piles[1]) == ["8H", "7S"]
    assert codes(g.state.piles[0]) == ["9C"]


def test_standard_refuses_to_move_a_run():
    g = run_position("standard")
    with pytest.raises(IllegalMoveError, match="only the top card of cross:0"):
        g.play("9C c0>c3")


def test_sequences_refuse_a_run_whose_first_card_does_not_fit():
    g = run_position("sequences")
    with pytest.raises(IllegalMoveError, match="9♣ cannot go on 3♣"):
        g.play("9C c0>c4")


# -- Czarina ------------------------------------------------------------------------------------


def test_czarina_fills_a_space_at_once_from_the_stock():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS QS"), variant="czarina")
    g.play("8H c0>c1")
    assert codes(g.state.piles[0]) == ["JS"]
    assert codes(g.state.stock[:1]) == ["QS"]


def test_czarina_space_stays_empty_once_the_stock_is_gone():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"), variant="czarina")
    for _ in range(46):
        g.play("turn")
    g.play("8H c0>c1")
    assert g.state.piles[0] == ()
    with pytest.raises(IllegalMoveError, match="filled only from the stock"):
        g.play(f"{codes(g.state.waste[-1:])[0]} w>c0")


def test_czarina_fill_from_waste_option_as_pysolfc():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS QS"), variant="czarina", fill="waste")
    g.play("turn")
    g.play("8H c0>c1")
    assert codes(g.state.piles[0]) == ["JS"] and g.state.waste == ()


# -- Corners ------------------------------------------------------------------------------------


def test_corners_cells_are_named_cell_and_hold_one_card():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"), variant="corners")
    assert g.rules.pile_names[0] == "cell:0"
    with pytest.raises(IllegalMoveError, match="a cell holds one card"):
        g.play("8H x0>x1")


def test_corners_card_leaves_a_cell_only_for_a_foundation():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"), variant="corners")
    assert {m.target for m in g.legal_moves()} == {"waste"}


def test_corners_empty_cell_filled_at_once_from_the_stock():
    g = Game.from_deck(make_deck("3D 9C 4C 5C 6C 2D JS"), variant="corners")
    g.play("3D x0>f0")
    assert codes(g.state.piles[0]) == ["JS"]


# -- Simplicity ---------------------------------------------------------------------------------


def test_simplicity_deals_twelve_piles_then_the_base():
    deck = make_deck("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KH KS")
    g = Game.from_deck(deck, variant="simplicity")
    assert [codes(p) for p in g.state.piles] == [[c] for c in deck.split()[:12]]
    assert g.rules.pile_names[11] == "tableau:11"
    assert g.state.foundation_cards(0) == (parse_card("KH"),)
    assert codes(g.state.stock[:1]) == ["KS"]


def test_simplicity_builds_down_in_alternating_colours():
    deck = make_deck("8H 9C 9D 4S 5S 6S 7S 8S 9S TS JS QS KH")
    g = Game.from_deck(deck, variant="simplicity")
    with pytest.raises(IllegalMoveError, match="alternating colours"):
        g.play("8H t0>t2")
    g.play("8H t0>t1")
    assert codes(g.state.piles[1]) == ["9C", "8H"]


# -- Dick 1883 ----------------------------------------------------------------------------------


def test_dick1883_interleaved_deal():
    # 9D is the base; 9S goes to the next corner, TD onto its foundation, the rest fill the
    # tableau in reading order: top, left, centre, right, bottom.
    g = Game.from_deck(make_deck("9D 9S TD 3C 4C 5C 6C 7C 8S"), variant="dick1883")
    s = g.state
    assert s.corners[:2] == (2, 0) and s.home[2] == 2 and s.home[0] == 1
    assert [codes(p) for p in s.piles] == [["4C"], ["5C"], ["6C"], ["3C"], ["7C"]]
    assert codes(s.stock[:1]) == ["8S"]


def dick_vacancy(turn_first: bool) -> Game:
    g = Game.from_deck(make_deck("9D QS JH 5C 6C 7C 8S 2H"), variant="dick1883")
    if turn_first:
        g.play("turn")
    g.play("JH c0>c3")  # cross:0 (left) is now vacant
    return g


def test_dick1883_vacancy_must_be_filled_before_anything_else():
    g = dick_vacancy(turn_first=False)
    assert all(m.target == "cross:0" for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="must be filled at once"):
        g.play("turn")


def test_dick1883_vacancy_from_the_pack_only_when_the_waste_is_empty():
    g = dick_vacancy(turn_first=False)
    g.play("8S s>c0")
    assert codes(g.state.piles[0]) == ["8S"]
    g = dick_vacancy(turn_first=True)
    with pytest.raises(IllegalMoveError, match="only when the wastepile is empty"):
        g.play("2H s>c0")
    g.play("8S w>c0")
    assert codes(g.state.piles[0]) == ["8S"] and g.state.waste == ()


def test_dick1883_vacancy_from_another_pile():
    g = dick_vacancy(turn_first=False)
    g.play("7C c4>c0")
    assert codes(g.state.piles[0]) == ["7C"]
    assert [m.target for m in g.legal_moves()] and all(
        m.target == "cross:4" for m in g.legal_moves())


def test_dick1883_sequences_at_pleasure():
    g = Game.from_deck(make_deck("2D 9H JS 7S 8C 6C 3H 4H"), variant="dick1883")
    # tableau: top 9H, left JS, centre 7S, right 8C, bottom 6C
    g.play("7S c1>c2")
    g.play("3H s>c1")  # the vacancy, from the pack (the waste is empty)
    g.play("8C c2>c3")  # the run 8C 7S onto 9H
    assert codes(g.state.piles[3]) == ["9H", "8C", "7S"]
    assert g.state.piles[2] == ()


# -- options ------------------------------------------------------------------------------------


def test_unknown_variant_is_refused_naming_the_choices():
    with pytest.raises(RulesError, match="unknown variant 'klondike'; choose one of standard"):
        Game.new(seed=1, variant="klondike")


def test_unknown_option_is_refused():
    with pytest.raises(RulesError, match="unknown option 'redeals'"):
        get_rules("standard", redeals="2")
    with pytest.raises(RulesError, match="must be one of literal, always, never"):
        get_rules("standard", tableau_wrap="sometimes")
    with pytest.raises(RulesError, match="unknown option 'fill' for standard"):
        get_rules("standard", fill="waste")
