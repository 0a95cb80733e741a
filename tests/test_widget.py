"""The widget's Python side: the traits it publishes, the intents it accepts, and every kind
of intent it must refuse (stale, forged, malformed) without changing anything."""

from __future__ import annotations

import copy
import json
import pathlib

import pytest

from fourseasons_widget import Game, IllegalMoveError
from fourseasons_widget.budget import Budget
from fourseasons_widget.widget import FourSeasons, pile_labels, position_snapshot

# A deck built for the tests (and the browser tests): see notebooks/sources.md for the deal order.
#   cross: 0 left 9H, 1 centre 8S, 2 right KD, 3 top 5D, 4 bottom 2C; base 5C;
#   stock: 7D, 6S, then the rest.
DECK = ("9H 8S KD 5D 2C 5C 7D 6S 4H 3C QH JS TD 9C 8D 7C 6H 5S 4C 3H 2D AS KC QD JC TH 9S 8C "
        "7H 6D 4S 3D 2H AD KS QC JH TC 9D 8H 7S 6C 5H 4D 3S 2S AH KH QS JD TS AC")


def fresh(**kw) -> FourSeasons:
    return FourSeasons(deck=DECK, **kw)


def snapshot(w: FourSeasons) -> tuple:
    """Everything a refused intent must leave alone."""
    return (w.game.state, w.game.ply, w.game.history, copy.deepcopy(w.board), w.ply, w.status,
            copy.deepcopy(w.replay))


def intent(w: FourSeasons, **kw) -> dict:
    """An intent as the front end sends it: stamped with the current ply and version."""
    kw.setdefault("ply", w.board["ply"])
    kw.setdefault("version", w.board["version"])
    return kw


def refused(w: FourSeasons, content: object, *, reason: str) -> None:
    """Send ``content``; check it is refused with a reason matching ``reason`` (a substring,
    case-insensitive) and that nothing changed."""
    before = snapshot(w)
    serial = w.message_serial
    sent: list = []
    original = w.send
    w.send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    try:
        assert w.handle_intent(content) is False
    finally:
        w.send = original  # type: ignore[method-assign]
    assert snapshot(w) == before
    assert w.message_kind == "refusal"
    assert w.message_serial == serial + 1
    assert reason.lower() in w.message.lower(), w.message
    assert sent and sent[-1]["type"] == "refused" and sent[-1]["reason"] == w.message


# -- the deck and the board --------------------------------------------------------------------

def test_test_deck_deals_as_described():
    g = Game.from_deck(DECK)
    assert [list(map(str, p)) for p in g.state.piles]  # dealt
    b = fresh().board
    assert b["piles"] == [["9H"], ["8S"], ["KD"], ["5D"], ["2C"]]
    assert b["foundations"][0] == {"suit": "C", "count": 1, "cards": ["5C"]}
    assert b["base"] == "5" and b["stock"] == 46 and b["waste"] == []


def test_board_is_json_and_complete():
    w = FourSeasons(seed=7, variant="czarina")
    b = w.board
    assert json.loads(json.dumps(b)) == b
    for key in ("variant", "layout", "piles", "foundations", "stock", "waste", "base", "ply",
                "version", "status", "legal", "can_undo", "can_redo", "seed", "pile_names",
                "pile_labels", "hint", "last", "home"):
        assert key in b, key
    assert b["variant"] == w.variant == "czarina" and b["seed"] == w.seed == 7
    assert b["layout"] == "cross" and b["pile_names"] == [f"cross:{i}" for i in range(5)]
    assert sorted(map(tuple, b["legal"]), key=str) == sorted(
        ((None if m.source == "stock" else m.card, m.source, m.target) for m in w.game.legal_moves()),
        key=str)
    assert (b["can_undo"], b["can_redo"], b["ply"], b["status"]) == (False, False, 0, "playing")


def test_the_stock_stays_face_down():
    w = fresh()
    b = w.board
    assert b["stock"] == 46
    assert [None, "stock", "waste"] in b["legal"]
    assert "7D" not in json.dumps(b)  # the next stock card is not published


@pytest.mark.parametrize("variant,layout,kind,n", [
    ("standard", "cross", "cross", 5), ("sequences", "cross", "cross", 5),
    ("czarina", "cross", "cross", 5), ("corners", "cells", "cell", 5),
    ("simplicity", "rows", "tableau", 12), ("dick1883", "grid", "cross", 5),
])
def test_each_variant_publishes_its_layout(variant, layout, kind, n):
    w = FourSeasons(seed=3, variant=variant)
    b = w.board
    assert (b["layout"], b["pile_kind"], len(b["piles"])) == (layout, kind, n)
    labels = b["pile_labels"]
    assert set(labels) == {*b["pile_names"], "stock", "waste", *(f"foundation:{i}" for i in range(4))}
    cards = [c for p in b["piles"] for c in p] + b["waste"]
    cards += [c for f in b["foundations"] for c in f["cards"]]
    assert len(cards) + b["stock"] == 52 and len(set(cards)) == len(cards)


def test_snapshot_and_labels_helpers():
    g = Game.from_deck(DECK)
    snap = position_snapshot(g.rules, g.state)
    assert snap["home"] == 1 and snap["stock"] == 46
    assert pile_labels(g.rules)["cross:3"] == "the top of the cross"
    assert pile_labels(Game.new(seed=1, variant="simplicity").rules)["tableau:7"] == \
        "tableau pile 2 of the bottom row"


# -- intents that are applied ------------------------------------------------------------------

def test_turn_move_home_fill_undo_by_intents():
    w = fresh()
    assert w.handle_intent(intent(w, type="turn"))
    assert w.game.state.waste == (Game.from_deck(DECK).state.stock[0],)
    assert w.board["waste"] == ["7D"] and w.ply == 1 and w.message_kind == "move"
    assert "turned the stock" in w.message.lower()
    assert w.handle_intent(intent(w, type="move", card="7D", source="waste", target="cross:1"))
    assert w.board["piles"][1] == ["8S", "7D"]
    assert w.handle_intent(intent(w, type="move", card="5D", source="cross:3", target="foundation:1"))
    assert w.board["foundations"][1]["cards"] == ["5D"] and w.board["piles"][3] == []
    assert w.handle_intent(intent(w, type="turn"))
    assert w.handle_intent(intent(w, type="move", card="6S", source="waste", target="cross:3"))
    assert w.board["piles"][3] == ["6S"]
    assert w.handle_intent(intent(w, type="undo"))
    assert w.board["piles"][3] == [] and w.board["waste"] == ["6S"] and w.board["can_redo"]
    assert w.handle_intent(intent(w, type="redo"))
    assert w.board["piles"][3] == ["6S"]
    assert w.handle_intent(intent(w, type="restart"))
    assert w.ply == 0 and w.board["piles"][3] == ["5D"] and w.board["can_redo"]


def test_stock_moves_may_omit_the_face_down_card():
    w = fresh()
    assert w.handle_intent(intent(w, type="move", card=None, source="stock", target="waste"))
    assert w.board["waste"] == ["7D"]


def test_new_game_intent_and_variant_picker():
    w = fresh()
    assert w.handle_intent({"type": "new_game", "seed": 12, "variant": "simplicity"})
    assert (w.variant, w.seed, w.board["layout"], w.ply) == ("simplicity", 12, "rows", 0)
    assert w.handle_intent({"type": "new_game", "seed": None})
    assert w.variant == "simplicity" and isinstance(w.seed, int)


def test_version_changes_with_every_position():
    w = fresh()
    versions = [w.board["version"]]
    w.play("turn")
    versions.append(w.board["version"])
    w.undo()
    versions.append(w.board["version"])
    assert len(set(versions)) == 3
    assert w.board["ply"] == 0  # same ply as at the start, yet a different version


# -- intents that are refused ----------------------------------------------------------------

def test_stale_ply_is_refused():
    w = fresh()
    w.play("turn")
    refused(w, {"type": "move", "card": "7D", "source": "waste", "target": "cross:1", "ply": 0,
                "version": w.board["version"]}, reason="earlier position")


def test_stale_version_with_the_same_ply_is_refused():
    w = fresh()
    old = w.board["version"]
    w.play("turn")
    w.undo()  # back to ply 0, but a later version
    refused(w, {"type": "turn", "ply": 0, "version": old}, reason="earlier position")


@pytest.mark.parametrize("kind", ["move", "turn", "undo", "redo", "hint", "solver_hint",
                                  "restart", "auto_finish", "solve"])
def test_intents_without_ply_are_refused(kind):
    w = fresh()
    refused(w, {"type": kind}, reason="ply")


@pytest.mark.parametrize("card,reason", [
    ("ZZ", "malformed card"), ("7X", "malformed card"), ("", "malformed card"),
    (7, "names its card"), (True, "names its card"), (None, "names its card"),
])
def test_forged_or_unknown_cards_are_refused(card, reason):
    w = fresh()
    refused(w, intent(w, type="move", card=card, source="cross:0", target="cross:1"),
            reason=reason)


def test_a_card_not_where_it_is_said_to_be_is_refused():
    w = fresh()
    # 9H lies on cross:0, not on cross:2
    refused(w, intent(w, type="move", card="9H", source="cross:2", target="cross:4"),
            reason="not on the right of the cross")  # (named as the move log names it)
    # a card still in the stock
    refused(w, intent(w, type="move", card="AS", source="waste", target="foundation:1"),
            reason="not available on the waste")
    # the stock is face down: a move from it names no card, right or wrong (no oracle)
    for card in ("6S", "7D"):
        refused(w, intent(w, type="move", card=card, source="stock", target="waste"),
                reason="face down")


def test_a_card_not_on_top_is_refused():
    w = fresh()
    w.play("turn")
    w.play("7D w>c1")  # cross:1 is now 8S 7D
    refused(w, intent(w, type="move", card="8S", source="cross:1", target="cross:2"),
            reason="only the top card")


@pytest.mark.parametrize("source,target,reason", [
    ("cross:0", "cross:9", "no pile"), ("cross:0", "tableau:1", "no pile"),
    ("cross:0", "cell:1", "no pile"), ("cross:0", "foundation:4", "no pile"),
    ("cross:0", "waste", "only the stock"), ("cross:0", "stock", "back to the stock"),
    ("foundation:0", "cross:1", "never"), ("cross:0", "cross:0", "already"),
    ("cross:0", "foundation:1", "cannot start a foundation"),
    ("cross:0", "cross:2", "cannot go on"),
    ("cross:0", 3, "source and target"), (None, "cross:1", "source and target"),
])
def test_wrong_piles_are_refused(source, target, reason):
    w = fresh()
    refused(w, intent(w, type="move", card="9H", source=source, target=target), reason=reason)


@pytest.mark.parametrize("content,reason", [
    (None, "an intent is an object"), ("move 7H", "an intent is an object"),
    ([1, 2], "an intent is an object"), (42, "an intent is an object"),
    ({}, "unknown intent"), ({"type": "cheat"}, "unknown intent"),
    ({"type": "__init__"}, "unknown intent"), ({"type": 7}, "unknown intent"),
    ({"type": "turn", "ply": "0"}, "ply"), ({"type": "turn", "ply": True}, "ply"),
    ({"type": "turn", "ply": 0.0}, "ply"), ({"type": "turn", "ply": None}, "ply"),
    ({"type": "turn", "ply": 0, "version": "1"}, "version"),
    ({"type": "move", "ply": 0, "card": "7H" * 100, "source": "waste", "target": "cross:1"},
     "too long"),
    ({"type": "move", "ply": 0, "card": ["7H"], "source": "waste", "target": "cross:1"},
     "plain value"),
    ({"type": "move", "ply": 0, "card": {"x": 1}, "source": "waste", "target": "cross:1"},
     "plain value"),
    ({"type": "x" * 1000}, "unknown intent"),
    ({"type": "new_game", "seed": -1}, "seed"), ({"type": "new_game", "seed": "7"}, "seed"),
    ({"type": "new_game", "seed": 2.5}, "seed"), ({"type": "new_game", "seed": 2**60}, "seed"),
    ({"type": "new_game", "variant": "chess"}, "unknown variant"),
    ({"type": "new_game", "variant": 3}, "unknown variant"),
])
def test_garbage_is_refused(content, reason):
    w = fresh()
    refused(w, content, reason=reason)


def test_refusals_by_state():
    w = fresh()
    refused(w, intent(w, type="undo"), reason="nothing to undo")
    refused(w, intent(w, type="redo"), reason="nothing to redo")
    refused(w, intent(w, type="restart"), reason="nothing to restart")
    g = Game.from_deck(DECK, variant="corners")  # (a variant whose end is quick to judge)
    while g.state.stock:
        g.play("turn")
    w2 = FourSeasons(game=g)
    refused(w2, intent(w2, type="turn"), reason="stock is empty")


def test_the_same_refusal_twice_is_announced_twice():
    w = fresh()
    bad = intent(w, type="move", card="9H", source="cross:0", target="cross:2")
    w.handle_intent(bad)
    first = w.message_serial
    w.handle_intent(bad)
    assert w.message_serial == first + 1


def test_messages_from_the_front_end_arrive_through_on_msg():
    w = fresh()
    w._handle_custom_msg(intent(w, type="turn"), [])  # what ipywidgets calls for a custom msg
    assert w.ply == 1


# -- the Python API ----------------------------------------------------------------------------

def test_constructors():
    assert FourSeasons(seed=7, variant="czarina").game.rules.variant == "czarina"
    g = Game.new(seed=5, variant="corners")
    w = FourSeasons(game=g)
    assert w.game is g and w.board["layout"] == "cells"
    assert FourSeasons(deck=DECK, variant="czarina").board["piles"][0] == ["9H"]
    assert FourSeasons(pysol=1).game.pysol == 1
    assert FourSeasons(seed=1, variant="czarina", fill="waste").board["options"]["fill"] == "waste"
    with pytest.raises(ValueError):
        FourSeasons(seed=1, deck=DECK)
    with pytest.raises(TypeError):
        FourSeasons(game="not a game")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        FourSeasons(seed=1, variant="chess")


def test_python_api_mirrors_the_game_and_observers_fire():
    w = fresh()
    seen: dict[str, list] = {"ply": [], "status": [], "board": [], "message": []}
    for name in seen:
        w.observe(lambda ch, name=name: seen[name].append(ch["new"]), names=name)
    m = w.play("turn")
    assert str(m) == "7D s>w" and seen["ply"] == [1] and len(seen["board"]) == 1
    assert w.turn().card == "6S"
    assert w.undo().card == "6S" and w.redo().card == "6S"
    w.restart()
    assert w.ply == 0 and seen["ply"][-1] == 0
    with pytest.raises(IllegalMoveError):
        w.play("9H c0>c2")
    assert w.message_kind == "refusal" and "cannot go on" in w.message
    assert w.ply == 0
    g = w.new_game(seed=99, variant="dick1883")
    assert w.game is g and w.variant == "dick1883" and w.seed == 99
    assert seen["message"], "observers on message fire"


def test_setting_variant_or_seed_traits_deals_again():
    w = FourSeasons(seed=4)
    w.variant = "simplicity"
    assert w.game.rules.variant == "simplicity" and w.game.seed == 4
    w.seed = 11
    assert w.game.seed == 11 and w.board["seed"] == 11
    with pytest.raises(ValueError):
        w.variant = "chess"
    assert w.variant == "simplicity"


def test_game_setter_and_refresh():
    w = fresh()
    g = Game.new(seed=8, variant="czarina")
    w.game = g
    assert w.board["variant"] == "czarina" and w.seed == 8
    g.play("turn")
    assert w.board["ply"] == 0
    w.refresh()
    assert w.board["ply"] == 1


def test_two_views_share_one_state():
    """All state is in traits: what one view changes, the other receives (here: the trait
    values that are synced to every view)."""
    w = fresh()
    state = w.get_state()
    assert {"board", "message", "variant", "seed", "ply", "status", "four_colour",
            "replay"} <= set(state)
    before = copy.deepcopy(state["board"])
    w.handle_intent(intent(w, type="turn"))
    after = w.get_state()["board"]
    assert after != before and after["waste"] == ["7D"]
    # a view option chosen in one view (its intent) is a trait too
    assert w.handle_intent({"type": "view_option", "name": "four_colour", "value": True})
    assert w.four_colour is True and w.get_state()["four_colour"] is True


# -- hint, auto-finish, solve ------------------------------------------------------------------

def test_the_solvers_hint_is_the_solvers_move_is_legal_and_says_it_knows_the_stock():
    w = FourSeasons(seed=7)
    h = w.hint(knows_stock=True)
    assert h.verdict == "won" and h.move in w.game.legal_moves()
    assert w.message.startswith("Solver's hint: knows the stock") and w.message_kind == "hint"
    assert "perfect-information" in w.message
    assert w.board["hint"]["move"] == [h.move.card, h.move.source, h.move.target]
    before = w.board["version"]
    assert w.handle_intent(intent(w, type="hint"))
    assert w.board["version"] == before  # a hint does not change the position
    w.play(h.move)
    assert w.board["hint"] is None  # the hint belongs to its position
    h2 = w.hint(knows_stock=True)
    assert h2.move in w.game.legal_moves()


def test_the_boards_hint_is_fair_by_default():
    """Hint (the button's intent) and ``w.hint()`` give the fair player's move, with its
    estimate in words; the solver's hint is the ``solver_hint`` intent."""
    w = FourSeasons(seed=7)
    h = w.hint()
    assert not h.knows_stock and h.move in w.game.legal_moves()
    assert w.message.startswith("Hint") and "never looks at the face-down cards" in w.message
    assert w.board["hint"]["move"] == [None if h.move.source == "stock" else h.move.card,
                                       h.move.source, h.move.target]
    w.play(h.move)
    assert w.handle_intent(intent(w, type="solver_hint"))
    if w._worker.job is not None:
        assert w._worker.job.wait(30)
    assert w.message.startswith("Solver's hint: knows the stock") or "cannot be won" in w.message


def test_hint_says_lost_only_when_proved():
    # every move played out from a lost position: find one by playing turns only
    w = FourSeasons(seed=7)
    while w.game.state.stock:
        w.play("turn")
    h = w.hint(Budget(seconds=20), knows_stock=True)
    if h.verdict == "lost":
        assert "cannot be won" in w.message and w.message_kind == "lost"
        from fourseasons_widget.solver.exact import solve
        assert solve(w.game, budget=Budget(seconds=20)).verdict == "lost"
    else:
        assert h.move is None or h.move in w.game.legal_moves()
        assert "cannot be won" not in w.message


def test_a_deal_lost_from_the_start_offers_no_undo():
    # Corners deal 0 is proved lost at the deal: there is nothing to undo, so the board says
    # "deal another"; a game lost after moves says "undo, or deal again"
    w = FourSeasons(seed=0, variant="corners", auto_home=False)
    w.hint(Budget(seconds=20), knows_stock=True)
    assert w.status == "lost" and w.game.ply == 0
    assert "deal another" in w.message and "undo" not in w.message.lower()
    w = FourSeasons(seed=7)
    while w.game.state.stock:
        w.play("turn")
    if w.hint(Budget(seconds=20), knows_stock=True).verdict == "lost":
        assert "undo, or deal again" in w.message


def test_auto_finish_plays_home_only_when_the_win_is_proved():
    from fourseasons_widget.solver.exact import solve

    w = FourSeasons(seed=7)
    line = solve(w.game, budget=Budget(seconds=30)).moves
    assert line
    # near the end, the rest is cards home (and turns): auto-finish wins the game
    k = max(i for i, m in enumerate(line) if not (m.target.startswith("foundation")
                                                  or m.source == "stock")) + 1
    g = Game.new(seed=7)
    for m in line[:k]:
        g.play(m)
    w = FourSeasons(game=g)
    assert w.board["can_auto_finish"]
    n = w.auto_finish()
    assert n == len(line) - k and w.status == "won" and w.game.state.is_won
    # at the deal, the position is not a home-run; whatever auto-finish plays goes home
    w2 = FourSeasons(seed=7)
    played = w2.auto_finish()
    assert all(m.target.startswith("foundation") for m in w2.game.history[:played])
    if not played:
        assert w2.message_kind == "refusal"


def test_solve_publishes_a_replay_that_the_game_accepts():
    w = FourSeasons(seed=7)
    r = w.solve()
    assert r.verdict == "won"
    rp = w.replay
    assert rp["version"] == w.board["version"] and rp["ply"] == 0
    assert len(rp["frames"]) == len(rp["moves"]) + 1
    assert rp["frames"][0] == position_snapshot(w.game.rules, w.game.state)
    assert rp["frames"][-1]["home"] == 52
    g = w.game.copy()
    for (card, source, target, text), frame in zip(rp["moves"], rp["frames"][1:]):
        g.play(f"{card} {source}>{target}")
        assert frame == position_snapshot(g.rules, g.state)
        assert isinstance(text, str) and text
    assert w.ply == 0  # solving does not play
    json.dumps(rp)
    w.play("turn")
    assert w.replay == {}  # the line belonged to the earlier position


def test_busy_is_published_while_searching():
    w = FourSeasons(seed=7)
    seen = []
    w.observe(lambda ch: seen.append(ch["new"]), names="busy")
    w.solve()
    assert seen == ["solve", ""]


def test_won_and_lost_are_announced():
    from fourseasons_widget.solver.exact import solve

    w = FourSeasons(seed=7)
    for m in solve(w.game, budget=Budget(seconds=30)).moves:
        w.play(m)
    assert w.status == "won" and w.board["status"] == "won" and w.message_kind == "won"
    refused(w, intent(w, type="turn"), reason="won")


# -- the fixtures the JS tests render -----------------------------------------------------------

def test_js_fixtures_are_up_to_date():
    import importlib.util

    root = pathlib.Path(__file__).resolve().parents[1]
    path = root / "js" / "test" / "make_fixtures.py"
    spec = importlib.util.spec_from_file_location("make_fixtures", path)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    stored = json.loads((root / "js" / "test" / "fixtures" / "boards.json").read_text())
    fresh_ = json.loads(json.dumps(mod.fixtures()))
    # deals are pure: the boards of every variant must match exactly
    assert fresh_["variants"] == stored["variants"], "run: .venv/bin/python js/test/make_fixtures.py"
    # the others follow the solver's line (which may change): their shape must match

    def shape(x):
        if isinstance(x, dict):
            return {k: shape(v) for k, v in x.items() if k not in ("hint",)}
        if isinstance(x, list):
            return [shape(x[0])] if x else []
        return type(x).__name__

    for key in ("midgame", "won", "replay_board"):
        assert shape(fresh_[key]) == shape(stored[key]), key
    assert set(fresh_["replay"]) == set(stored["replay"])
    assert shape(fresh_["replay"]["frames"][0]) == shape(stored["replay"]["frames"][0])


def test_replay_line_publishes_frames_for_a_given_line():
    w = FourSeasons(seed=3)
    line = ["turn", "turn", "turn"]
    w.replay_line(line)
    assert [m[1:3] for m in w.replay["moves"]] == [["stock", "waste"]] * 3
    assert len(w.replay["frames"]) == 4 and w.game.ply == 0  # the live game is untouched
    assert w.replay["frames"][-1]["stock"] == w.replay["frames"][0]["stock"] - 3


def test_replay_line_refuses_an_illegal_line_and_publishes_nothing():
    w = FourSeasons(seed=3)
    with pytest.raises(IllegalMoveError):
        w.replay_line(["turn", "KS c0>f3"])
    assert w.replay == {}
