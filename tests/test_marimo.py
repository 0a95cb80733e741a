"""The board in marimo (``mo.ui.anywidget(FourSeasons(...))``), through marimo's own code.

marimo hands a front-end write to the widget twice: to the comm (``comm.handle_msg``, which
reaches the widget's ``_handle_msg``) and then again as the UI element's new value
(``anywidget._convert_value`` calls ``widget.set_state``); cells that read the element's
``value`` run again only on such a write.  These tests drive both deliveries with marimo's
classes, outside a running marimo server (the comm is then ``comm``'s ``DummyComm``, whose
``handle_msg`` calls the widget's handler as ``MarimoComm.handle_msg`` does).
"""

from __future__ import annotations

import pytest

from fourseasons_widget import FourSeasons

mo = pytest.importorskip("marimo")


def _update(w, el, state):
    """One front-end write as marimo delivers it: the comm, then the element's value."""
    w.comm.handle_msg({"content": {"data": {"method": "update", "state": dict(state)}},
                       "buffers": []})
    el._convert_value(dict(state))


def _custom(w, content):
    w.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                       "buffers": []})


@pytest.fixture
def board():
    w = FourSeasons(seed=7, stats=False)
    return w, mo.ui.anywidget(w)


def test_a_forged_write_is_refused_once_not_once_per_delivery(board):
    w, el = board
    said = []
    w.observe(lambda _c: said.append(w.message), "message_serial")
    _update(w, el, {"board": {"piles": []}, "ply": 5})
    assert said == ["Refused: the front end may not set board, ply"]
    _update(w, el, {"card_face": "large"})  # (a view option: Python's, changed by an intent)
    assert len(said) == 2 and said[1].startswith("Refused: the front end may not set card_face")
    assert w.ply == 0 and w.card_face == "classic"


def test_the_same_write_made_twice_by_the_player_is_applied_twice(board):
    w, el = board
    said = []
    w.observe(lambda _c: said.append(w.message), "message_serial")
    for _ in range(2):
        _update(w, el, {"ply": 9})
    assert len(said) == 2  # (two writes: two refusals; only marimo's echo of each is dropped)
    _update(w, el, {"seen": 3})
    assert w.seen == 3 and len(said) == 2


def test_a_move_on_the_board_changes_the_value_marimo_cells_read(board):
    w, el = board
    before = el.value
    assert before["ply"] == 0 and before["seen"] == 0
    legal = w.board["legal"]
    card, source, target = legal[0]
    _custom(w, {"type": "move", "card": None if source == "stock" else card, "source": source,
                "target": target, "ply": 0, "version": w.board["version"]})
    assert w.ply >= 1
    # the front end, seeing Python's answer, writes `seen` (what makes marimo run the cells
    # that read the element again): accepted, once, and the value read then is Python's board
    serial = w.message_serial
    _update(w, el, {"seen": w.board["version"]})
    after = el.value
    assert after["seen"] == w.board["version"] and after["ply"] == w.ply >= 1
    assert after["board"]["ply"] == w.ply and after != before
    assert w.message_serial == serial  # (no refusal)


def test_hiding_the_page_is_an_intent_not_a_write(board):
    w, _el = board
    _custom(w, {"type": "pause", "paused": True})
    assert w.paused is True and w.table.recorder.paused is True  # (the clock stops)
    _custom(w, {"type": "pause", "paused": False})
    assert w.paused is False
    serial = w.message_serial
    _custom(w, {"type": "pause", "paused": "yes"})
    assert w.paused is False and w.message_serial == serial + 1
    assert "pause intent" in w.message


def test_a_view_option_is_an_intent_and_changes_nothing_marimo_cells_read(board):
    """Choosing the card face is no write of the element's value: marimo re-runs no cell
    for it (only a front-end write does that), and Python applies it once."""
    w, el = board
    before = el.value
    said = []
    w.observe(lambda _c: said.append(w.message), "message_serial")
    _custom(w, {"type": "view_option", "name": "card_face", "value": "large"})
    assert w.card_face == "large" and said == []
    assert el.value["ply"] == before["ply"] and el.value["seen"] == before["seen"]


# -- whose statistics: many people, one process (``marimo run``) ----------------------------
class _Session:
    """Stands for one marimo session's runtime context (one per person who opened the app)."""


@pytest.fixture
def served(monkeypatch):
    """An app served by ``marimo run`` (``mo.app_meta().mode == "run"``, marimo's own
    answer), with the session running now chosen by the test."""
    import marimo._runtime.app_meta as app_meta

    from fourseasons_widget.store import sessions
    from fourseasons_widget.table import recorder

    recorder._claims.clear()
    monkeypatch.setattr(app_meta, "get_mode", lambda: "run")
    now = {"session": _Session()}
    monkeypatch.setattr(sessions, "_session", lambda: now["session"])
    return now


def _turn(w):
    b = w.board
    assert w.handle_intent({"type": "turn", "ply": b["ply"], "version": b["version"]})


def test_in_a_served_app_each_session_keeps_its_own_statistics(served):
    import gc

    from fourseasons_widget.store.stats import Stats

    server_file = Stats()  # (the file a board outside ``marimo run`` keeps: the server's)
    # (earlier tests of the same run may have played boards into it: what counts is that
    # nothing of this test reaches it)
    server_before = (server_file.summary(), server_file.unfinished("standard"))
    alice = served["session"]
    one = FourSeasons(seed=7)
    for _ in range(3):
        _turn(one)  # a person's moves: the game is theirs
    one.new_game(seed=8)  # (and given up for another: recorded)
    mine = one.table.recorder.store
    assert mine is not server_file and mine.summary()["standard"]["abandoned"] == 1
    _turn(one)
    assert FourSeasons(seed=8).table.recorder.store is mine  # (the session's boards share it)

    served["session"] = _Session()  # bob opens the app
    two = FourSeasons(seed=8)
    theirs = two.table.recorder.store
    assert theirs is not mine and theirs.summary() == {} and theirs.history() == []
    assert two.board["ui"]["banner"] is None or two.board["ui"]["banner"]["kind"] != "resume"
    assert mine.unfinished("standard") is not None  # (alice's game: hers alone)
    # the server's own file got nothing; a board driven by code in a session records nothing
    driven = FourSeasons(seed=9)
    for _ in range(3):
        driven.play("turn")
    driven.new_game(seed=10)
    assert theirs.summary() == {}
    assert (server_file.summary(), server_file.unfinished("standard")) == server_before
    # alice's session ends: its store's directory goes with it
    folder = mine.path.parent
    assert folder.is_dir()
    del one, mine, alice
    served["session"] = None
    gc.collect()
    assert not folder.exists()


def test_outside_a_served_app_the_player_s_own_file(served, monkeypatch):
    import marimo._runtime.app_meta as app_meta

    from fourseasons_widget.store.stats import Stats

    monkeypatch.setattr(app_meta, "get_mode", lambda: "edit")  # the notebook's author
    assert FourSeasons(seed=7).table.recorder.store is Stats()
