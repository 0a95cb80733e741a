"""The board's preview (fourseasons_widget/preview.py): what the widget writes beside its view
for the board that plays before Python is ready — a deal the player can already see and type,
never a card the front end is not shown."""

from __future__ import annotations

import json
import re

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.model.rules import VARIANTS
from fourseasons_widget.preview import MIME, WIDGET_VIEW, add_preview, payload

CARD = re.compile(r"\b(?:[A2-9TJQK]|10)[SHDC]\b")


def bundle(w: FourSeasons) -> dict:
    out = w._repr_mimebundle_()
    return out[0] if isinstance(out, tuple) else out


def test_a_seeded_board_writes_its_deal_beside_the_widget_view():
    w = FourSeasons(seed=7, variant="czarina", stats=False)
    data = bundle(w)
    assert WIDGET_VIEW in data  # the live board stays what a live front end shows
    assert data[MIME] == {"version": 1, "variant": "czarina", "seed": 7,
                          "options": w.game.rules.option_values}


def test_a_pysol_deal_writes_its_number_and_rules():
    w = FourSeasons(pysol=123, variant="corners", rules="pysol", stats=False)
    p = bundle(w)[MIME]
    assert p["pysol"] == 123 and "seed" not in p
    assert p["options"]["rules"] == "pysol" and p["variant"] == "corners"


@pytest.mark.parametrize("make", [
    lambda: FourSeasons(deck=Game.new(seed=3).deck, stats=False),
    lambda: FourSeasons(game=Game.new(seed=3), stats=False),  # (given by code: the author's)
])
def test_a_position_given_by_code_has_no_preview(make):
    assert MIME not in bundle(make())


def test_a_board_shown_another_game_by_code_has_none_either():
    w = FourSeasons(seed=7, stats=False)
    w.game = Game.from_deck(Game.new(seed=9).deck)
    assert MIME not in bundle(w)


def test_a_game_with_no_seed_nor_number_has_no_payload():
    assert payload(Game.from_deck(Game.new(seed=3).deck)) is None
    assert payload(Game.new(seed=3), given=True) is None


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_payload_names_no_card_and_is_small(variant):
    g = Game.new(seed=2**40 + 5, variant=variant)
    text = json.dumps(payload(g))
    assert not CARD.search(text), text
    assert len(text) < 300, text
    assert set(payload(g)) == {"version", "variant", "options", "seed"}


def test_the_payload_deals_the_same_game_again():
    g = Game.new(seed=11, variant="simplicity", tableau_wrap="always")
    p = payload(g)
    again = Game.new(seed=p["seed"], variant=p["variant"], **p["options"])
    assert again.state == g.state


def test_add_preview_leaves_a_bundle_without_a_widget_view_alone():
    g = Game.new(seed=1)
    assert add_preview({"text/plain": "x"}, g) == {"text/plain": "x"}
    data, meta = add_preview(({WIDGET_VIEW: {}, "text/plain": "x"}, {"m": 1}), g)
    assert data[MIME]["seed"] == 1 and meta == {"m": 1}
