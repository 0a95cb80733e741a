"""The standard rules, one test per rule (notebooks/sources.md, "The rules as this project implements them")."""

from __future__ import annotations

import pytest
from helpers import codes, make_deck

from fourseasons_widget import FourSeasons, Game, IllegalMoveError
from fourseasons_widget.model.cards import parse_card
from fourseasons_widget.table.losses import prove_late_loss


def test_deal_places_cross_left_centre_right_top_bottom_then_base_then_stock():
    g = Game.from_deck(make_deck("2C 3C 4C 5C 6C 9D 7S 8S"))
    s = g.state
    assert [codes(p) for p in s.piles] == [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]]
    assert g.rules.pile_names == ["cross:0", "cross:1", "cross:2", "cross:3", "cross:4"]
    assert s.foundation_cards(0) == (parse_card("9D"),)
    assert s.base == 8  # rank index of 9
    assert codes(s.stock[:2]) == ["7S", "8S"]
    assert len(s.stock) == 46 and s.waste == ()


def test_base_rank_card_may_start_any_empty_corner():
    g = Game.from_deck(make_deck("9S 3C 4C 5C 6C 9D"))
    targets = sorted(m.target for m in g.legal_moves() if m.card == "9S")
    assert targets == ["foundation:1", "foundation:2", "foundation:3"]
    g.play("9S c0>f3")
    assert g.state.corners[3] == 0  # spades in the lower-right corner


def test_foundation_builds_up_by_suit():
    g = Game.from_deck(make_deck("TD 3C 4C 5C 6C 9D"))
    g.play("TD c0>f0")
    assert g.state.home[2] == 2


def test_foundation_refuses_wrong_suit_with_reason():
    g = Game.from_deck(make_deck("TH 3C 4C 5C 6C 9D"))
    with pytest.raises(IllegalMoveError, match="takes only ♦"):
        g.play("TH c0>f0")


def test_foundation_refuses_wrong_rank_with_reason():
    g = Game.from_deck(make_deck("JD 3C 4C 5C 6C 9D"))
    with pytest.raises(IllegalMoveError, match="builds up by suit, round the corner; next is 10♦"):
        g.play("JD c0>f0")


def test_only_base_rank_starts_a_foundation():
    g = Game.from_deck(make_deck("TS 3C 4C 5C 6C 9D"))
    with pytest.raises(IllegalMoveError, match="every foundation starts with the base rank, 9"):
        g.play("TS c0>f1")


def test_foundations_go_round_the_corner_king_then_ace():
    # base Q: Q K A 2 ... J
    g = Game.from_deck(make_deck("KH AH 2H 5C 6C QH"))
    g.play("KH c0>f0")
    g.play("AH c1>f0")
    g.play("2H c2>f0")
    assert g.state.home[1] == 4


def test_aces_as_base_run_ace_to_king():
    g = Game.from_deck(make_deck("2S 3C 4C 5C 6C AS"))
    g.play("2S c0>f0")
    assert g.state.home[0] == 2


def test_cross_builds_down_by_one_any_suit():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"))
    g.play("8H c0>c1")
    assert codes(g.state.piles[1]) == ["9C", "8H"]


def test_cross_refuses_wrong_rank_and_names_the_rule():
    g = Game.from_deck(make_deck("9C 7H 4C 5C 6C 2D"))
    with pytest.raises(IllegalMoveError) as e:
        g.play("9C c0>c1")
    assert str(e.value) == "9♣ cannot go on 7♥: the cross builds down by one rank"


def test_cross_goes_round_the_corner_king_on_ace_unless_base_is_ace():
    g = Game.from_deck(make_deck("KC AH 4C 5C 6C 2D"))
    g.play("KC c0>c1")
    assert codes(g.state.piles[1]) == ["AH", "KC"]


def test_cross_refuses_king_on_ace_when_aces_are_the_base():
    g = Game.from_deck(make_deck("KC AH 4C 5C 6C AD"))
    with pytest.raises(IllegalMoveError, match="K goes on A only when the base rank is not A"):
        g.play("KC c0>c1")


def test_tableau_wrap_always_allows_king_on_ace_even_with_ace_base():
    g = Game.from_deck(make_deck("KC AH 4C 5C 6C AD"), tableau_wrap="always")
    g.play("KC c0>c1")
    assert len(g.state.piles[1]) == 2


def test_tableau_wrap_never_refuses_base_minus_one_on_base():
    deck = make_deck("8C 9H 4C 5C 6C 9D")
    Game.from_deck(deck).play("8C c0>c1")  # literal reading: fine
    g = Game.from_deck(deck, tableau_wrap="never")
    with pytest.raises(IllegalMoveError, match="nothing is built on a base-rank card"):
        g.play("8C c0>c1")


def test_only_the_top_card_moves_one_at_a_time():
    g = Game.from_deck(make_deck("8H 9C 7S 5C 6C 2D"))
    g.play("8H c0>c1")
    g.play("7S c2>c1")
    with pytest.raises(IllegalMoveError, match="only the top card of cross:1"):
        g.play("8H c1>c0")


def test_space_may_be_filled_with_any_available_card():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS"))
    g.play("8H c0>c1")  # cross:0 is now a space
    g.play("turn")
    g.play("JS w>c0")
    assert codes(g.state.piles[0]) == ["JS"]
    g.undo()
    g.play("6C c4>c0")  # the top of another cross pile
    assert codes(g.state.piles[0]) == ["6C"]


def test_space_may_stay_empty_while_the_player_likes():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"))
    g.play("8H c0>c1")
    for _ in range(5):
        g.play("turn")
    assert g.state.piles[0] == ()


def test_turning_the_stock_puts_the_next_card_on_the_waste():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS QS"))
    m = g.play("turn")
    assert (m.card, m.source, m.target) == ("JS", "stock", "waste")
    g.play("turn")
    assert codes(g.state.waste) == ["JS", "QS"]


def test_only_the_waste_top_is_available():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D 3D QS"))
    g.play("turn")
    g.play("turn")
    with pytest.raises(IllegalMoveError, match="not available on the waste: the top is Q♠"):
        g.play("3D w>f0")


def test_stock_has_one_pass_no_redeal():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"))
    for _ in range(46):
        g.play("turn")
    assert all(m.source != "stock" for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        g.play("turn")


def test_cards_never_leave_a_foundation():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D"))
    with pytest.raises(IllegalMoveError, match="cannot leave a foundation"):
        g.play("2D f0>c0")


def test_won_when_all_52_cards_are_home():
    ranks = "A23456789TJQK"
    order = [r + s for r in ranks for s in "SHDC"]
    g = Game.from_deck(" ".join(order[1:6] + [order[0]] + order[6:]))
    while g.status == "playing":
        homes = [m for m in g.legal_moves() if m.target.startswith("foundation")]
        g.play(homes[0] if homes else "turn")
    assert g.status == "won" and g.state.cards_home == 52
    with pytest.raises(IllegalMoveError, match="the game is won"):
        g.play("turn")


def plain_search_wins(game) -> bool:
    """An independent check: depth-first over every reachable state, no reductions."""
    rules, seen, stack = game.rules, {game.state}, [game.state]
    while stack:
        s = stack.pop()
        if s.is_won:
            return True
        for m in rules.moves(s):
            t = rules.apply(s, m)
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return False


def test_lost_when_stock_is_empty_and_no_line_wins():
    g = Game.new(seed=1)
    while g.state.stock:
        g.play("turn")
    assert g.legal_moves()  # moves remain ...
    assert not plain_search_wins(g)  # ... but none leads to a win
    # the model says only what it sees (a search proves this loss): the board's table proves
    # it before it publishes, and the game keeps the proof
    assert g.status == "playing" and prove_late_loss(g) and g.status == "lost"
    assert FourSeasons(game=Game.from_dict(g.to_dict()), stats=False).status == "lost"


def test_playing_while_a_win_remains_after_the_stock_is_gone():
    g = Game.from_deck(make_deck("KS KH KD KC QS 2D"))
    while g.state.stock:
        g.play("turn")
    assert g.status == "playing"
    assert plain_search_wins(g)


def test_lost_is_not_fooled_by_moving_a_lone_card_between_spaces():
    # Make a space, then end with the stock empty: moves remain (the lone card can wander into
    # the space and back), but none of them changes anything.
    g = Game.from_deck(make_deck("QS KH 5D 5C 4S 2D"))
    g.play("QS c0>c1")
    while g.state.stock:
        g.play("turn")
    assert g.legal_moves()  # there are still moves ...
    assert not plain_search_wins(g)  # ... but none wins: the board proves the loss
    assert prove_late_loss(g) and g.status == "lost"
