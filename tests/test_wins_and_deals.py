"""Every variant plays to a win from a fixed deck; deals are reproducible; PySolFC numbering."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ALL_VARIANTS

from fourseasons_widget import Game
from fourseasons_widget.model.cards import format_cards
from fourseasons_widget.model.deal import pysol_deck, pysol_order, shuffled_deck

LINES = json.loads((Path(__file__).parent / "data" / "winning_lines.json").read_text())


@pytest.mark.parametrize("variant", ALL_VARIANTS)
@pytest.mark.slow
def test_variant_plays_to_a_win_from_a_fixed_deck(variant):
    case = LINES[variant]
    g = Game.from_deck(case["deck"], variant=variant)
    for i, text in enumerate(case["line"]):
        assert g.status == "playing", f"game over after {i} moves"
        g.play(text)
    assert g.status == "won" and g.state.cards_home == 52
    assert not g.legal_moves()


def test_pysolfc_four_seasons_deal_1():
    g = Game.from_pysol(1)
    s = g.state
    assert format_cards(s.foundation_cards(0)) == "JD"
    top, left, centre, right, bottom = s.piles[3], s.piles[0], s.piles[1], s.piles[2], s.piles[4]
    assert format_cards(top + left + centre + right + bottom) == "2D 9H JC 5D 7H"
    # PySolFC's first waste card is this model's first stock card
    assert g.play("turn").card == "7C"


def test_pysolfc_small_numbers_use_the_microsoft_freecell_shuffle():
    # Microsoft FreeCell deals #1 and #617, as dealt row by row
    assert format_cards(pysol_order(1)[:8]) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert format_cards(pysol_order(617)[:8]) == "7D AD 5C 3S 5S 8C 2D AH"


def test_pysolfc_large_numbers_use_the_mersenne_twister_and_stay_a_deck():
    deck = pysol_deck(123456)
    assert sorted(deck) == list(range(52)) and deck != pysol_deck(123457)


def test_pysol_numbers_are_checked():
    for bad in (0, -3, "seven", 10**20, 7.0):
        with pytest.raises(ValueError):
            pysol_order(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot be dealt"):
        Game.from_pysol(1, variant="dick1883")


def test_czarina_takes_pysolfc_deals_and_the_model_corners_refuses_them():
    assert Game.from_pysol(5, variant="czarina").state == Game.from_pysol(5).state
    # PySolFC's Corners deals otherwise (tests/test_pysol.py): only its own rules take them
    with pytest.raises(ValueError, match="rules='pysol'"):
        Game.from_pysol(5, variant="corners")


def test_seeded_shuffle_is_a_permutation_and_reproducible():
    assert sorted(shuffled_deck(99)) == list(range(52))
    assert shuffled_deck(99) == shuffled_deck(99) != shuffled_deck(98)


def test_a_new_deal_gets_a_short_seed_to_type_again_and_old_long_seeds_still_deal():
    """Issue 35, item 8: New deal deals a short number (1 to 1,000,000, as PySolFC numbers its
    deals) that the deal box shows and takes back ("seed 4821"); a long seed of an older
    board still deals the same cards."""
    from fourseasons_widget import FourSeasons, Game
    from fourseasons_widget.model.game import NEW_SEEDS

    seeds = {Game.new().seed for _ in range(200)}
    assert NEW_SEEDS == 1_000_000 and all(1 <= s <= NEW_SEEDS for s in seeds)
    w = FourSeasons(stats=False)
    assert w.handle_intent({"type": "new_game"})
    seed = w.game.seed
    assert 1 <= seed <= NEW_SEEDS
    deck = w.game.deck
    assert w.handle_intent({"type": "deal_number", "text": f"seed {seed}"})
    assert w.game.seed == seed and w.game.deck == deck
    assert Game.new(seed=679632321).deck == Game.new(seed=679632321).deck  # (old seeds deal)
