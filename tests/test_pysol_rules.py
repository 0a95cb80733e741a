"""PySolFC's Simplicity lets a foundation's top card go back to the tableau, and PySolFC's "Auto
deal" turns the next stock card when the waste empties (issue 18 item 9).

Read from PySolFC's source: ``pysollib/games/windmill.py`` builds Corners' foundations (and so
Czarina's and Four Seasons', which inherit its ``createGame``) with ``max_move=0``, Simplicity's
with the default of ``pysollib/stack.py``'s ``OpenStack``, ``max_move=1``; and
``Game._autoDeal`` (``pysollib/game/__init__.py``) deals a card to the waste when it is empty,
with the option ``autodeal`` (on by default in PySolFC, off here unless asked).

Checked against PySolFC's own code (shlomif/PySolFC 7a3d146a, its game logic driven headless by
a harness kept outside this repository): over random playouts of deals 1-150 and 40000-40049
(Corners 1-300 and 40000-40099), with autodeal off and on, the legal moves and the position after
each move agreed at every compared step once a foundation's only card could go back (below).
"""

from __future__ import annotations

import random

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import CODES
from fourseasons_widget.model.rules import RulesError, get_rules
from fourseasons_widget.model.state import FOUNDATION
from fourseasons_widget.solver.exact import engine_search, fast_search_supports, solve
from fourseasons_widget.validate import check_position


def play_until(game: Game, wanted, seed: int = 1, limit: int = 400):
    """Play home moves first, else random moves, until ``wanted(moves)`` gives a move."""
    rnd = random.Random(seed)
    for _ in range(limit):
        moves = game.legal_moves()
        found = wanted(moves)
        if found is not None:
            return found
        if not moves:
            return None
        home = [m for m in moves if m.target.startswith("foundation")]
        game.play(home[0] if home else rnd.choice(moves))
    return None


def back_move(moves):
    return next((m for m in moves if m.source.startswith("foundation")), None)


def test_pysolfc_simplicity_takes_a_foundation_s_top_card_back_to_the_tableau():
    g = Game.from_pysol(2, "simplicity", rules="pysol")
    m = play_until(g, back_move)
    assert m is not None, "no foundation card could come back"
    s = g.state
    suit = s.corners[int(m.source.split(":")[1])]
    before = s.home[suit]
    g.play(m)
    assert g.state.home[suit] == before - 1
    target = g.rules.pile_index(m.target)
    assert CODES[g.state.piles[target][-1]] == m.card  # on the tableau now
    check_position(g.rules, g.state)  # the position is one the rules can reach
    assert Game.from_json(g.to_json()).state == g.state  # a save replays it
    g.undo()
    assert g.state == s


def test_even_a_foundation_s_only_card_goes_back_as_in_pysolfc():
    """PySolFC lets a Simplicity foundation's only card go back too: ``pysollib/stack.py``'s
    ``OpenStack`` moves its top card (``max_move=1``) and ``Stack``'s ``min_cards=0`` keeps
    none back; found by comparing the two step by step (PySolFC deal 2: after 12 moves it offers
    the lone 2S of foundation:1 to five tableau piles, this model offered none).  The corner is
    empty again and takes that suit's base-rank card once more."""
    g = Game.from_pysol(2, "simplicity", rules="pysol")

    def lone_back(moves):
        return next((m for m in moves if m.source.startswith("foundation")
                     and g.state.home[g.state.corners[int(m.source[-1])]] == 1), None)

    m = play_until(g, lone_back)
    assert m is not None, "no foundation's only card was offered back"
    before, slot = g.state, int(m.source[-1])
    suit = before.corners[slot]
    g.play(m)
    s = g.state
    assert s.home[suit] == 0 and s.corners[slot] == -1
    check_position(g.rules, s)  # a position the rules can reach
    assert Game.from_json(g.to_json()).state == s  # a save replays it
    home = [x for x in g.legal_moves() if x.card == m.card and x.target.startswith("foundation")]
    assert [x.target for x in home] == [m.source]  # it may go home again, to its own corner
    g.play(home[0])
    assert g.state.home == before.home and g.state.corners == before.corners
    g.undo()
    g.undo()
    assert g.state == before


@pytest.mark.parametrize("variant, options", [("simplicity", {}), ("standard", {"rules": "pysol"}),
                                              ("czarina", {"rules": "pysol"}),
                                              ("corners", {"rules": "pysol"})])
def test_other_foundations_keep_their_cards(variant, options):
    g = Game.new(seed=4, variant=variant, **options)
    assert play_until(g, back_move, seed=2, limit=300) is None


def test_the_solver_searches_the_moves_back_through_the_engine():
    rules = get_rules("simplicity", rules="pysol")
    assert not fast_search_supports(rules)
    g = Game.from_pysol(2, "simplicity", rules="pysol")
    assert play_until(g, back_move) is not None
    verdict, line, _ = engine_search(rules, g.state, max_nodes=3000)
    assert verdict in ("won", "lost", "unknown")
    probe = g.copy()
    for raw in line:  # a line found is played by the rules
        probe.play(rules.engine.to_move(probe.state, raw))
    r = solve(g, budget=Budget(positions=3000))
    assert r.verdict in ("won", "lost", "unknown")


def test_a_foundation_card_going_back_is_played_from_the_board():
    w = FourSeasons(pysol=2, variant="simplicity", rules="pysol", stats=False, auto_home=False)
    m = play_until(w.game, back_move)
    w.refresh()
    assert [m.card, m.source, m.target] in w.board["legal"]
    assert w.handle_intent({"type": "move", "card": m.card, "source": m.source,
                            "target": m.target, "ply": w.ply, "version": w.board["version"]})
    assert w.game.history[-1] == m


# -- autodeal ---------------------------------------------------------------------------------
def test_autodeal_turns_the_next_stock_card_when_the_waste_empties():
    def from_waste(moves):
        return next((m for m in moves if m.source == "waste" and len(g.state.waste) == 1
                     and g.state.stock), None)

    for number in range(1, 60):  # a deal where the waste's only card can be played
        g = Game.from_pysol(number, "standard", rules="pysol", autodeal="on")
        assert g.rules.option_values["autodeal"] == "on" and g.state.waste
        m = play_until(g, from_waste, seed=number, limit=60)
        if m is not None:
            break
    assert m is not None
    stock = g.state.stock
    g.play(m)
    assert g.state.waste == stock[:1] and g.state.stock == stock[1:]
    assert Game.from_json(g.to_json()).state == g.state
    plain = Game.from_pysol(3, "standard", rules="pysol")
    assert plain.rules.autodeal == "off"


def test_autodeal_is_an_option_of_pysol_rules_only():
    with pytest.raises(RulesError):
        get_rules("standard", autodeal="on")
    with pytest.raises(RulesError):
        get_rules("standard", rules="pysol", autodeal="sometimes")
    assert not fast_search_supports(get_rules("standard", rules="pysol", autodeal="on"))
    assert get_rules("czarina", rules="pysol", autodeal="on").autodeal == "on"


def test_engine_indices_name_the_foundations():
    rules = get_rules("simplicity", rules="pysol")
    assert rules.pile_index("foundation:2") == FOUNDATION + 2
