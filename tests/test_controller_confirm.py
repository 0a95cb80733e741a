"""The question asked before a new deal drops a game in progress is Python's: an intent with
``"ask": true`` is kept, the banner asks (confirm / cancel) and only "Deal anyway" deals.  The
front end shows ``board["ui"]`` and composes no text of its own."""

from __future__ import annotations

import pytest

from fourseasons_widget import FourSeasons, Game


def turn(w: FourSeasons) -> None:
    b = w.board
    assert w.handle_intent({"type": "turn", "ply": b["ply"], "version": b["version"]})


def ui(w: FourSeasons) -> dict:
    return w.board["ui"]


def test_a_new_deal_over_a_game_in_progress_is_asked_on_the_banner_then_dealt():
    w = FourSeasons(seed=7, stats=False)
    turn(w)
    version = w.board["version"]
    assert w.handle_intent({"type": "new_game", "seed": None, "variant": "standard", "ask": True})
    assert w.game.ply == 1 and w.game.seed == 7  # nothing dealt yet
    assert ui(w)["banner"] == {"kind": "confirm", "text": "Deal a new game? The game in progress "
                                                          "(move 1) will be given up."}
    assert [(o["id"], o["label"]) for o in ui(w)["offers"]] == [("confirm", "Deal anyway"),
                                                                ("cancel", "Keep playing")]
    assert w.board["version"] == version  # (the position is the same)
    assert w.handle_intent({"type": "offer", "id": "confirm"})
    assert w.game.ply == 0 and w.game.seed != 7 and ui(w)["banner"] is None


def test_keep_playing_drops_the_question_and_so_does_any_other_move():
    w = FourSeasons(seed=7, stats=False)
    turn(w)
    assert w.handle_intent({"type": "new_game", "variant": "czarina", "ask": True})
    assert ui(w)["banner"]["text"].startswith("Switch to Czarina?")
    assert ui(w)["picker"] == "standard"  # the picker shows the variant played until it is dealt
    assert w.handle_intent({"type": "offer", "id": "cancel"})
    assert ui(w)["banner"] is None and w.game.ply == 1 and w.game.variant == "standard"
    assert not w.handle_intent({"type": "offer", "id": "confirm"})  # no longer offered
    assert w.handle_intent({"type": "deal_number", "text": "617", "ask": True})
    assert ui(w)["banner"]["text"].startswith("Deal 617?")
    turn(w)  # the player plays on instead
    assert ui(w)["banner"] is None and w.game.ply == 2


def test_no_question_without_a_game_in_progress_nor_without_ask():
    w = FourSeasons(seed=7, stats=False)
    assert w.handle_intent({"type": "new_game", "seed": 9, "ask": True})
    assert w.game.seed == 9 and ui(w)["banner"] is None  # at the deal: dealt at once
    turn(w)
    assert w.handle_intent({"type": "new_game", "seed": 11})  # (Python's API: no question)
    assert w.game.seed == 11
    turn(w)
    assert not w.handle_intent({"type": "deal_number", "text": "no such deal", "ask": True})
    assert ui(w)["banner"] is None and w.game.ply == 1  # refused at once, nothing kept


@pytest.mark.parametrize("intent, asked", [
    ({"type": "new_game"}, "Deal a new game?"),
    ({"type": "new_game", "variant": "standard"}, "Deal a new game?"),
    ({"type": "new_game", "variant": "corners"}, "Switch to Corners?"),
    ({"type": "deal_number", "text": "  617 "}, "Deal 617?"),
    ({"type": "deal_number", "text": "9" * 60}, "Deal " + "9" * 39 + "…?"),
    ({"type": "rules", "rules": "pysol"}, "Deal again under PySolFC's rules?"),
    ({"type": "rules", "rules": "default"}, "Deal again under this project's rules?"),
])
def test_the_question_names_what_would_be_dealt(intent, asked):
    """The banner's question, alone (offers.question): what the kept intent would deal."""
    from fourseasons_widget.table.offers import question

    assert question(intent, Game.new(seed=1), 40) == asked


def test_a_refused_resume_republishes_no_late_notice():
    """Issue 35, item 8 (from a forged-message run): a notice set after the board was last
    published (Auto-finish's "played nothing", said in the status line) is not the board's to
    show again when a refused ``resume`` republishes the banner."""
    from fourseasons_widget import FourSeasons

    w = FourSeasons(seed=7, stats=False)
    before = w.board["ui"]["notice"]
    t = w._table
    t.notice = "Auto-finish played nothing: a late word"  # (set, as the advisor does, unpublished)
    assert not w.handle_intent({"type": "resume"})  # statistics off: refused, with a resync
    assert "statistics are off" in w.message
    assert w.board["ui"]["notice"] == before
    assert "late word" not in str(w.board)
