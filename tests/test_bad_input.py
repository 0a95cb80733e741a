"""Bad input gets a clear ValueError and loses nothing."""

from __future__ import annotations

import json

import pytest
from helpers import make_deck

from fourseasons_widget import CardError, Game, IllegalMoveError, SaveFileError
from fourseasons_widget.model.cards import parse_card, parse_deck


@pytest.mark.parametrize("code", ["1H", "7X", "", "77H", "H7", "<b>7H</b>", None, 7.0, "🂡"])
def test_malformed_card_codes_are_refused(code):
    with pytest.raises(CardError, match="card code"):
        parse_card(code)


def test_ten_may_be_written_10_or_t():
    assert parse_card("10D") == parse_card("TD") == parse_card("td")


def test_a_deck_of_51_or_53_cards_is_refused():
    cards = make_deck().split()
    with pytest.raises(CardError, match="this one has 51"):
        parse_deck(cards[:51])
    with pytest.raises(CardError, match="this one has 53"):
        parse_deck([*cards, "AS"])


def test_a_deck_with_a_duplicate_is_refused():
    cards = make_deck().split()
    cards[10] = cards[3]
    with pytest.raises(CardError, match=f"holds {cards[3]} twice"):
        Game.from_deck(" ".join(cards))


def test_illegal_move_leaves_the_game_unchanged():
    g = Game.new(seed=9)
    g.play("turn")
    before = (g.state, g.history, g.to_json())
    for bad in ["9C c0>c1", "XX c0>c1", "7H q9>c1", "AS f0>c1", "", "c0>c1", 12, None,
                "7H waste>cross:9", "7H waste>foundation:7"]:
        with pytest.raises(ValueError):
            g.play(bad)  # type: ignore[arg-type]
        assert (g.state, g.history, g.to_json()) == before


def test_a_card_not_on_top_is_refused_with_the_reason():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D 3S 4S"))
    g.play("turn")
    g.play("turn")
    with pytest.raises(IllegalMoveError, match="3♠ is not available on the waste: the top is 4♠"):
        g.play("3S w>c0")
    with pytest.raises(IllegalMoveError, match="5♠ is not the next stock card"):
        g.play("5S s>w")


def saved(**changes) -> dict:
    g = Game.new(seed=4)
    g.play("turn")
    d = json.loads(g.to_json())
    d.update(changes)
    return d


def test_corrupt_and_truncated_save_files_are_refused():
    text = Game.new(seed=4).to_json()
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Game.from_json(text[: len(text) // 2])
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Game.from_json("{{{")
    with pytest.raises(SaveFileError, match="not UTF-8"):
        Game.from_json(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="JSON object"):
        Game.from_json("[1, 2]")
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Game.from_json("[" * 100_000)


def test_a_save_file_from_a_future_version_is_refused():
    with pytest.raises(SaveFileError, match="version 2 is newer than this library reads"):
        Game.from_dict(saved(version=2))


def test_a_save_file_of_another_format_is_refused():
    with pytest.raises(SaveFileError, match="not a Four Seasons save file"):
        Game.from_dict(saved(format="chess"))


def test_save_with_a_duplicated_card_is_refused():
    d = saved()
    stock = d["start"]["stock"].split()
    stock[0] = stock[1]
    d["start"]["stock"] = " ".join(stock)
    d["deck"] = None
    with pytest.raises(SaveFileError, match="appears twice"):
        Game.from_dict(d)


def test_save_with_an_impossible_pile_is_refused():
    d = saved()
    d["deck"] = None
    piles = d["start"]["piles"]
    piles[0] = piles[0] + " " + piles[1]  # two dealt cards stacked: not built down by one
    piles[1] = ""
    with pytest.raises(SaveFileError, match=r"which the tableau rules never allow|appears"):
        Game.from_dict(d)


def test_save_with_two_cards_in_a_cell_is_refused():
    g = Game.new(seed=4, variant="corners")
    d = json.loads(g.to_json())
    d["deck"] = None
    piles = d["start"]["piles"]
    piles[0], piles[1] = piles[0] + " " + piles[1], ""
    with pytest.raises(SaveFileError, match="a cell holds one"):
        Game.from_dict(d)


def test_save_with_html_in_strings_is_refused_without_echoing_it_whole():
    payload = "<script>alert(1)</script>" * 3
    for field in ("variant",):
        with pytest.raises(SaveFileError) as e:
            Game.from_dict(saved(**{field: payload}))
        assert payload not in str(e.value)
    d = saved()
    d["moves"] = [payload]
    with pytest.raises(SaveFileError, match="move 1"):
        Game.from_dict(d)
    d = saved()
    d["start"]["waste"] = payload
    d["deck"] = None
    with pytest.raises(SaveFileError):
        Game.from_dict(d)


def test_save_with_an_illegal_move_is_refused():
    d = saved(moves=["turn", "9C c0>c1"])
    d["moves"] = [str(Game.new(seed=4).play("turn")), "AS f0>c1"]
    with pytest.raises(SaveFileError, match="move 2"):
        Game.from_dict(d)


def test_save_whose_deck_and_start_disagree_is_refused():
    d = saved()
    d["deck"] = Game.new(seed=5).to_dict()["deck"]
    with pytest.raises(SaveFileError, match="deck and start position disagree"):
        Game.from_dict(d)


@pytest.mark.parametrize("field,value", [("seed", "7"), ("seed", -1), ("pysol", 0),
                                         ("options", {"tableau_wrap": 3}), ("moves", "turn"),
                                         ("redo", [1]), ("options", {"evil": "x"})])
def test_save_with_wrong_field_types_is_refused(field, value):
    with pytest.raises(SaveFileError):
        Game.from_dict(saved(**{field: value}))


def test_unknown_moves_in_notation_get_a_reason():
    g = Game.new(seed=1)
    with pytest.raises(IllegalMoveError, match="unknown pile"):
        g.play("7H w>q3")
    with pytest.raises(IllegalMoveError, match="too long"):
        g.play("7H " * 40)
    with pytest.raises(IllegalMoveError, match="there is no pile 'tableau:1'"):
        g.play(g.legal_moves()[0].card + " s>tableau:1")
