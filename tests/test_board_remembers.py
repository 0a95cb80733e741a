"""A board that remembers its player (issue 26, item 2): the View settings and the rules choice
are kept beside the statistics (``prefs.py``, the same SQLite file), applied to every new board
the player's statistics are kept for, overridden by what Python passes; a Rules control that
New deal and the picker follow; an unfinished game offered back under whichever rules it was
played."""

from __future__ import annotations

import sqlite3

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.store import prefs
from fourseasons_widget.store.stats import Stats
from fourseasons_widget.table import recorder

CHOSEN = {"card_face": "large", "table_colour": "blue", "piles": "stacked", "sounds": True,
          "four_colour": True, "auto_home": False, "auto_home_rule": "all"}


@pytest.fixture
def store(tmp_path) -> Stats:
    recorder._claims.clear()
    prefs._registry.clear()
    return Stats(tmp_path / "stats.sqlite")


def view_of(w: FourSeasons) -> dict:
    return {name: getattr(w, name) for name in prefs.VIEW}


def choose(w: FourSeasons, options: dict) -> None:
    """The player changes view options on the board: one ``view_option`` intent each."""
    for name, value in options.items():
        assert w.handle_intent({"type": "view_option", "name": name, "value": value}), w.message


def turn(w: FourSeasons) -> None:
    b = w.board
    assert w.handle_intent({"type": "turn", "ply": b["ply"], "version": b["version"]})


# -- the View settings ---------------------------------------------------------------------
def test_view_settings_chosen_on_the_board_are_kept_for_the_next_board(store):
    w = FourSeasons(seed=3, stats=store)
    assert view_of(w) == {n: prefs.DEFAULTS[n] for n in prefs.VIEW}
    choose(w, CHOSEN)  # (what a front end sends when the View panel is used)
    prefs._registry.clear()  # (as a new kernel would: read from the file)
    again = FourSeasons(seed=4, stats=store)
    assert view_of(again) == CHOSEN
    assert again.table.auto_home is False  # (the controller follows the trait)
    assert again.table.auto_home_rule == "all"


def test_a_view_option_written_as_a_trait_is_refused_and_changes_nothing(store):
    """The view options are Python's to publish: a front end that writes one (a forged
    write, or an older front end) is refused with a message that says how they change, every
    view is sent Python's value again, and nothing is kept for the next boards."""
    w = FourSeasons(seed=3, stats=store)
    sent: list = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    board = w.board
    w.set_state({"card_face": "large", "sounds": True})
    assert (w.card_face, w.sounds) == ("classic", False)
    assert w.message.startswith("Refused: the front end may not set card_face, sounds")
    assert "view_option intent" in w.message and "card_face stays classic" in w.message
    resent = {k: v for m in sent if m.get("method") == "update" for k, v in m["state"].items()}
    assert resent["card_face"] == "classic" and resent["sounds"] is False
    assert w.board == board
    prefs._registry.clear()
    assert view_of(FourSeasons(stats=store)) == {n: prefs.DEFAULTS[n] for n in prefs.VIEW}


@pytest.mark.parametrize("content", [
    {"type": "view_option", "name": "card_face", "value": "huge"},
    {"type": "view_option", "name": "sounds", "value": 1},  # (1 is not True)
    {"type": "view_option", "name": "board", "value": {}},  # (not a view option)
    {"type": "view_option", "name": "card_face"},
    {"type": "view_option", "name": "card_face", "value": "large", "ply": 0},
    {"type": "view_option", "name": ["card_face"], "value": "large"},
])
def test_a_forged_view_option_intent_is_refused_and_changes_nothing(store, content):
    w = FourSeasons(seed=3, stats=store)
    sent: list = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    before = (view_of(w), w.board)
    assert w.handle_intent(content) is False
    assert (view_of(w), w.board) == before
    assert w.message_kind == "refusal" and w.message.startswith("refused: ")
    assert {"type": "refused", "reason": w.message, "intent": "view_option"} in [
        m.get("content") for m in sent if m.get("method") == "custom"]
    prefs._registry.clear()
    assert view_of(FourSeasons(stats=store)) == {n: prefs.DEFAULTS[n] for n in prefs.VIEW}


def test_the_auto_home_choice_plays_as_chosen_and_a_bad_one_is_refused(store):
    w = FourSeasons(seed=7, stats=store)  # 3♦ on the cross: not safe home (a 2 may go on it)
    assert w.auto_home_rule == "safe"
    turn(w)
    assert w.game.state.home == Game.new(seed=7).state.home
    assert not w.handle_intent({"type": "view_option", "name": "auto_home_rule",
                                "value": "every"})  # (a forged value: refused)
    assert w.auto_home_rule == "safe" and "auto_home_rule takes one of safe, all" in w.message
    choose(w, {"auto_home_rule": "all"})  # the View panel's PySolFC-like choice
    w.new_game(seed=7)
    turn(w)
    assert "3D" in [str(m).split()[0] for m in w.game.history]
    assert "1 card went home by itself" in w.message or "cards went home" in w.message


def test_what_python_passes_wins_and_is_not_kept(store):
    choose(FourSeasons(stats=store), CHOSEN)
    w = FourSeasons(stats=store, card_face="classic", sounds=False)
    assert (w.card_face, w.sounds, w.table_colour) == ("classic", False, "blue")
    w.card_face = "large"  # (set from Python: the author's, not the player's choice)
    w.table_colour = "grey"
    assert FourSeasons(stats=store).table_colour == "blue"


def test_a_board_with_statistics_off_keeps_no_settings(store):
    choose(FourSeasons(stats=store), CHOSEN)
    w = FourSeasons(stats=False)
    assert view_of(w) == {n: prefs.DEFAULTS[n] for n in prefs.VIEW}
    choose(w, {"card_face": "large"})
    assert FourSeasons(stats=False).card_face == "classic"


def test_bad_rows_are_left_out_with_a_message(store):
    choose(FourSeasons(stats=store), {"card_face": "large"})
    with sqlite3.connect(store.path) as con:
        con.executemany("INSERT OR REPLACE INTO view_prefs (name, value) VALUES (?, ?)",
                        [("table_colour", '"purple"'), ("sounds", "1"), ("rules", "{"),
                         ("four_colour", "true"), ("someday", '"new"')])
    prefs._registry.clear()
    p = prefs.Prefs(store.path)
    assert p.load() == {"card_face": "large", "four_colour": True}
    assert len(p.notices) >= 3  # (table_colour, sounds and rules: each said, bounded)
    w = FourSeasons(stats=store)
    assert (w.card_face, w.table_colour, w.sounds, w.four_colour) == ("large", "green", False,
                                                                      True)


def test_the_settings_table_leaves_the_statistics_alone(tmp_path):
    """Kept in the statistics' file, in a table of their own: a store of either age reads on."""
    recorder._claims.clear()
    prefs._registry.clear()
    first = tmp_path / "a" / "stats.sqlite"
    prefs.Prefs(first).save("card_face", "large")  # the settings' table made first
    st = Stats(first)
    st.record("standard", "won", moves=100, seconds=60.0, seed=1)
    st.flush()
    assert st.summary()["standard"]["won"] == 1 and st.state == "ok"
    second = tmp_path / "b" / "stats.sqlite"
    st2 = Stats(second)  # the statistics first, then the settings
    st2.record("czarina", "lost", moves=10, seconds=5.0)
    st2.flush()
    prefs.Prefs(second).save("rules", "pysol")
    assert st2.summary()["czarina"]["lost"] == 1
    assert prefs.Prefs(second).load() == {"rules": "pysol"}


def test_a_file_that_cannot_be_written_keeps_the_settings_for_the_session(tmp_path):
    prefs._registry.clear()
    folder = tmp_path / "stats.sqlite"
    folder.mkdir()  # (a directory where the file should be)
    p = prefs.Prefs(folder)
    p.save("card_face", "large")
    assert p.load() == {"card_face": "large"} and p.notices


# -- the rules choice ----------------------------------------------------------------------
def rules_of(w: FourSeasons) -> str:
    return w.game.rules.rules


def test_the_rules_control_deals_under_the_rules_chosen_and_new_deals_follow(store):
    w = FourSeasons(seed=5, stats=store)
    assert w.board["ui"]["rules"] == {"value": "default", "available": True}
    assert w.handle_intent({"type": "rules", "rules": "pysol"})
    assert rules_of(w) == "pysol" and w.game.seed == 5  # (the same deal, PySolFC's rules)
    assert w.board["ui"]["rules"] == {"value": "pysol", "available": True}
    assert w.handle_intent({"type": "new_game"})
    assert rules_of(w) == "pysol"
    assert w.handle_intent({"type": "new_game", "variant": "czarina"})  # the picker
    assert (w.game.variant, rules_of(w)) == ("czarina", "pysol")
    assert w.handle_intent({"type": "new_game", "variant": "sequences"})  # (none of PySolFC's)
    assert rules_of(w) == "default"
    assert w.board["ui"]["rules"] == {"value": "pysol", "available": False}
    assert not w.handle_intent({"type": "rules", "rules": "default"})  # (no choice to make)
    assert w.handle_intent({"type": "new_game", "variant": "standard", "seed": 9})
    assert rules_of(w) == "pysol"
    # back to this project's rules, from the control
    assert w.handle_intent({"type": "rules", "rules": "default"})
    assert rules_of(w) == "default" and w.game.seed == 9
    assert not w.handle_intent({"type": "rules", "rules": "solvitaire"})


def test_the_rules_chosen_survive_a_restart_and_python_s_rules_win(store):
    w = FourSeasons(seed=5, stats=store)
    assert w.handle_intent({"type": "rules", "rules": "pysol"})
    prefs._registry.clear()
    recorder._claims.clear()
    assert rules_of(FourSeasons(stats=store)) == "pysol"
    assert rules_of(FourSeasons(variant="simplicity", stats=store)) == "pysol"
    assert rules_of(FourSeasons(stats=store, rules="default")) == "default"
    # a deal the code fixed (a lesson's, an exercise's) keeps this project's rules
    assert rules_of(FourSeasons(seed=7, stats=store)) == "default"
    assert rules_of(FourSeasons(stats=False)) == "default"
    given = Game.new(seed=2)
    assert rules_of(FourSeasons(game=given, stats=store)) == "default"  # (the author's game)


def test_a_pysol_deal_number_sets_the_rules_the_control_shows(store):
    w = FourSeasons(seed=5, stats=store)
    assert w.handle_intent({"type": "deal_number", "text": "617"})
    assert rules_of(w) == "pysol" and w.board["ui"]["rules"]["value"] == "pysol"
    assert w.handle_intent({"type": "new_game"})
    assert rules_of(w) == "pysol"
    assert w.handle_intent({"type": "rules", "rules": "default"})  # and there is a way back
    assert rules_of(w) == "default" and w.board["ui"]["rules"]["value"] == "default"


def test_a_rules_change_over_a_game_in_progress_is_asked_first(store):
    w = FourSeasons(seed=5, stats=store)
    turn(w)
    assert w.handle_intent({"type": "rules", "rules": "pysol", "ask": True})
    assert w.board["ui"]["banner"]["kind"] == "confirm" and rules_of(w) == "default"
    assert w.handle_intent({"type": "offer", "id": "cancel"})
    assert rules_of(w) == "default" and w.ply == 1
    assert w.handle_intent({"type": "rules", "rules": "pysol", "ask": True})
    assert w.handle_intent({"type": "offer", "id": "confirm"})
    assert rules_of(w) == "pysol" and w.ply == 0


def test_an_unfinished_game_is_offered_back_under_the_rules_it_was_played(store):
    """The case seen: a game saved under {"rules": "pysol"} was not offered by the default
    board after a restart."""
    w = FourSeasons(stats=store)
    assert w.handle_intent({"type": "deal_number", "text": "617"})
    turn(w)
    turn(w)
    store.flush()
    # a new kernel, whose board is dealt under this project's rules
    recorder._claims.clear()
    prefs._registry.clear()
    assert "rules" not in prefs.Prefs(store.path).load()  # (a deal number keeps no choice)
    fresh = FourSeasons(stats=store)
    assert rules_of(fresh) == "default"
    banner = fresh.board["ui"]["banner"]
    assert banner["kind"] == "resume" and "PySolFC" in banner["text"]
    assert fresh.handle_intent({"type": "offer", "id": "resume"})
    assert (fresh.game.pysol, fresh.ply, rules_of(fresh)) == (617, 2, "pysol")
    assert fresh.board["ui"]["rules"]["value"] == "pysol"


def test_a_statistics_file_the_store_leaves_alone_is_left_alone_by_the_settings(store):
    """A file written by a newer version (the store is "off"): the settings are kept in
    memory for the session, the file is not touched."""
    store.record("standard", "won", moves=10, seconds=1.0)
    store.flush()
    before = store.path.read_bytes()
    with sqlite3.connect(store.path) as con:
        con.execute("PRAGMA user_version = 999")
    recorder._claims.clear()
    prefs._registry.clear()
    from fourseasons_widget.store import stats

    stats._REGISTRY.clear()
    newer = Stats(store.path)
    newer.summary()
    assert newer.state == "off"
    before = store.path.read_bytes()
    w = FourSeasons(stats=newer)
    choose(w, {"card_face": "large"})
    assert FourSeasons(stats=newer).card_face == "large"  # (this session)
    assert store.path.read_bytes() == before
    with sqlite3.connect(store.path) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    assert "view_prefs" not in tables


def test_the_pile_view_is_a_checked_choice_kept_for_the_next_board(store):
    w = FourSeasons(seed=3, stats=store)
    assert w.piles == "fanned"  # (the default: every card's corner shows)
    # (a forged value: refused, nothing changed; a trait written by the page: refused too)
    assert not w.handle_intent({"type": "view_option", "name": "piles", "value": "heaped"})
    assert w.piles == "fanned" and "piles" in w.message
    w.set_state({"piles": "stacked"})
    assert w.piles == "fanned" and "view_option intent" in w.message
    # the View panel's "Stacked (as PySolFC)"
    assert w.handle_intent({"type": "view_option", "name": "piles", "value": "stacked"}), w.message
    assert w.piles == "stacked"
    assert FourSeasons(stats=store).piles == "stacked"
    assert FourSeasons(stats=store, piles="fanned").piles == "fanned"  # (Python's wins)
