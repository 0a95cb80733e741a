"""Issue 11, reproduction by reproduction: hostile input at the edges is refused with the
documented error class and a short message, and changes nothing."""

from __future__ import annotations

import copy
import itertools
import json
import time

import pytest
from helpers import make_deck

from fourseasons_widget import CardError, Game, IllegalMoveError, Move, SaveFileError, parse_card
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import CODES, card_label
from fourseasons_widget.table.intents import allowed_fields
from fourseasons_widget.validate import BudgetError, budget, pile_parts, quote, safe_text

SHORT = 300  # the longest refusal any of these may give


def refused(error: type[Exception], call, game: Game | None = None) -> str:
    """Run ``call``; it must raise ``error`` (exactly that class or a subclass, never another
    exception) with a short message, and leave ``game`` as it was.  Returns the message."""
    before = game.to_json() if game is not None else None
    with pytest.raises(Exception) as e:
        call()
    assert isinstance(e.value, error), f"{type(e.value).__name__}: {e.value}"
    text = str(e.value)
    assert 0 < len(text) <= SHORT, len(text)
    text.encode("utf-8")
    if game is not None:
        assert game.to_json() == before
    return text


def save(variant: str = "standard", **changes) -> dict:
    d = json.loads(Game.new(seed=1, variant=variant).to_json())
    d.update(changes)
    return d


def crafted(variant: str, start: dict, **options) -> dict:
    """A save of a crafted position (no deck, no seed: nothing to check it against)."""
    d = save(variant, deck=None, seed=None, moves=[], redo=[], start=start)
    d["options"] = options
    return d


# -- save files ---------------------------------------------------------------------------------

def test_options_naming_the_variant_are_refused():
    text = refused(SaveFileError, lambda: Game.from_dict(save(options={"variant": "corners"})))
    assert "unknown option 'variant'" in text


def test_integers_of_thousands_of_digits_are_refused_as_save_file_errors():
    text = Game.new(seed=1).to_json().replace('"seed": 1', '"seed": ' + "9" * 5000)
    assert "too long" in refused(SaveFileError, lambda: Game.from_json(text))
    for field in ("seed", "pysol", "version"):
        refused(SaveFileError, lambda field=field: Game.from_dict(save(**{field: 10**5000})))
    refused(SaveFileError, lambda: Game.from_dict(save(seed=2**63)))


THE_ISSUES_CORNERS = {"base": "8", "piles": ["7D", "", "7C", "", ""],
                      "foundations": ["C11", "D10", "H13", "S13"], "stock": "6D 5D 6C",
                      "waste": ""}


def test_the_issues_corners_position_is_refused_naming_the_rule():
    text = refused(SaveFileError, lambda: Game.from_dict(crafted("corners", THE_ISSUES_CORNERS)))
    assert "cell:1 is empty while the stock holds cards" in text
    # the same position, with the stock gone: play can reach it, and everything works on it
    start = dict(THE_ISSUES_CORNERS, piles=["7D", "6D", "7C", "5D", "6C"], stock="")
    g = Game.from_dict(crafted("corners", start))
    assert g.status in ("playing", "lost", "won") and repr(g) and str(g)


# base 8; clubs home to 5♣, diamonds to 4♦: 7♦ 7♣ 6♦ 5♦ 6♣ are out
LATE = {"base": "8", "foundations": ["C11", "D10", "H13", "S13"]}


@pytest.mark.parametrize("variant,options,start,words", [
    ("czarina", {}, {"piles": ["7D", "", "7C", "6D", "5D"], "stock": "6C", "waste": ""},
     "cross:1 is empty while the stock holds cards"),
    ("czarina", {"fill": "waste"}, {"piles": ["7D", "", "7C", "6D", "5D"], "stock": "",
                                    "waste": "6C"},
     "cross:1 is empty while the waste holds cards"),
    ("dick1883", {}, {"piles": ["7D", "", "7C", "", "5D"], "stock": "6D", "waste": "6C"},
     "2 vacancies while the pack or the waste holds cards"),
    ("standard", {}, {"foundations": [None, "D10", "H13", "S13"],
                      "piles": ["7D", "6D", "", "5D", ""],
                      "stock": "6C 7C 8C 9C TC JC QC 5C 4C 3C 2C AC KC", "waste": ""},
     "foundation:0 holds the deal's base card"),
    ("simplicity", {}, {"piles": ["7D", "6D", "7C", "5D", "6C"] + [""] * 7, "stock": "",
                        "waste": "", "foundations": ["C11", "D10", "H13", "S12"]},
     "a position holds 52 cards, this one 51"),
    ("standard", {}, {"piles": ["7D 5D", "", "7C", "6D", "6C"], "stock": "", "waste": ""},
     "cross:0 has 5D on 7D, which the tableau rules never allow"),
])
def test_positions_play_cannot_reach_are_refused(variant, options, start, words):
    start = {**LATE, **start}
    text = refused(SaveFileError, lambda: Game.from_dict(crafted(variant, start, **options)))
    assert words in text, text


def test_a_megabyte_move_string_gives_a_short_refusal():
    d = save(moves=["7H " + "x" * 1_900_000])
    text = refused(SaveFileError, lambda: Game.from_dict(d))
    assert text.startswith("save file move 1 ('7H xxx")
    big = json.dumps(save(moves=["9" * 1_000_000]))
    refused(SaveFileError, lambda: Game.from_json(big))


def test_the_deck_must_be_the_one_the_seed_deals():
    d = save()
    d["seed"] = 2
    refused(SaveFileError, lambda: Game.from_dict(d))


def test_canonical_names_in_saves_round_trip_and_padded_ones_are_refused():
    g = Game.from_deck(make_deck("9H 8S KD 5D 2C 5C 7D"))
    g.play("turn")
    g.play("7d w>c1")  # lower case is read, and stored as the engine names it
    assert str(g.history[-1]) == "7D w>c1"
    d = json.loads(g.to_json())
    assert Game.from_dict(d).history == g.history
    for padded in ("7D w>c01", "7D w>cross:01", "7D w>c\u0661", "7D w>c\uff11", "7D w>c\xb9"):
        d["moves"][-1] = padded
        refused(SaveFileError, lambda d=d: Game.from_dict(d))


# -- pile names ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cross:0004", "cross:04", "cross:\uff14", "cross:\u0664",
                                  "cross:\xb2", "Cross:4", "cross:4 ", "foundation:00", "c04",
                                  "c\u0664", "cross:-1", "cross:+4", "cross:4\n"])
def test_pile_names_are_canonical_ascii(name):
    g = Game.new(seed=1)
    g.play("turn")
    m = g.legal_moves()[0]
    refused(IllegalMoveError, lambda: g.play(Move(m.card, m.source, name)), g)
    refused(IllegalMoveError, lambda: g.play(Move(m.card, name, m.target)), g)
    if not name.endswith((" ", "\n")):  # (notation allows spaces around the names)
        refused(IllegalMoveError, lambda: g.play(f"{m.card} {m.source}>{name}"), g)
    assert pile_parts(name) is None


def test_the_board_never_shows_a_padded_name():
    from fourseasons_widget.widget import FourSeasons

    w = FourSeasons(seed=1)
    m = w.game.legal_moves()[0]
    before = w.game.to_json()
    for name in ("cross:0004", "cross:\u0664"):
        assert not w.handle_intent({"type": "move", "card": m.card, "source": m.source,
                                    "target": name, "ply": w.ply, "version": w.board["version"]})
        assert "there is no pile" in w.message and name not in json.dumps(w.board)
    assert w.game.to_json() == before


def test_cards_are_ascii_codes():
    g = Game.new(seed=1)
    for code in ("7\u017f", "\uff17H", "7H\u3000", "\u0667H"):
        refused(CardError, lambda code=code: parse_card(code))
        refused(IllegalMoveError, lambda code=code: g.play(f"{code} w>c1"), g)


# -- bounded messages ----------------------------------------------------------------------------

def test_quote_is_short_ascii_whatever_it_is_given():
    for x in ("x" * 10**6, "\ud800" * 100, "\u202e" * 50, 10**5000, -(10**5000), [0] * 10**5,
              {"a": 1}, b"\xff" * 1000, object(), float("nan"), None, True):
        q = quote(x)
        assert len(q) <= 60 and q.isascii(), q
    assert quote("cross:04") == "'cross:04'" and quote(7) == "7"
    assert len(safe_text("\ud800" * 10_000)) <= 400
    safe_text("a\ud800b").encode("utf-8")


def test_a_huge_ply_gives_a_short_refusal():
    from fourseasons_widget.widget import FourSeasons

    w = FourSeasons(seed=1)
    before = w.game.to_json()
    assert not w.handle_intent({"type": "turn", "ply": 10**4000, "version": w.board["version"]})
    assert len(w.message) < 200 and "4000" not in w.message and w.game.to_json() == before


# -- budgets -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kw", [{"max_seconds": float("nan")}, {"max_seconds": float("inf")},
                                {"max_seconds": "1"}, {"max_nodes": "10"}, {"max_seconds": True},
                                {"max_nodes": False}, {"max_seconds": 0}, {"max_nodes": -3},
                                {"max_nodes": 2.5}, {"max_seconds": [1]}])
def test_solver_budgets_are_finite_positive_numbers(kw):
    from fourseasons_widget.solver.exact import search, solve

    g = Game.new(seed=1)
    t0 = time.perf_counter()
    refused(BudgetError, lambda: solve(g, **kw), g)
    refused(BudgetError, lambda: search(g.rules, g.state, **kw), g)
    assert time.perf_counter() - t0 < 5  # (refused at once: nan no longer runs for ever)


def test_the_solver_refuses_a_position_play_cannot_reach():
    from fourseasons_widget import get_rules
    from fourseasons_widget.solver.exact import solve

    g = Game.from_dict(crafted("corners", dict(THE_ISSUES_CORNERS, piles=["7D", "6D", "7C",
                                                                          "5D", "6C"], stock="")))
    rules, s = g.rules, g.state
    bad = s._replace(piles=(("7D",), (), ("7C",), ("5D",), ("6C",)), stock=(s.piles[1][0],))
    bad = bad._replace(piles=tuple(tuple(parse_card(c) for c in p) for p in bad.piles))
    refused(ValueError, lambda: solve(bad, get_rules("corners")))
    refused(ValueError, lambda: solve(s))
    assert solve(s, rules, budget=Budget(positions=100)).verdict in ("won", "lost", "unknown")


def test_budget_accepts_numbers_and_none():
    import numpy as np

    assert budget(None, "x") is None and budget(1, "x") == 1 and budget(0.5, "x") == 0.5
    assert budget(np.float64(2.0), "x") == 2.0 and budget(np.int64(3), "x", integer=True) == 3
    assert budget(1e4, "x", integer=True) == 10_000


def test_the_other_budgets_are_checked_too():
    from fourseasons_widget.search import algorithms, endgames, problem
    from fourseasons_widget.solver import experiments

    p = problem.GameProblem(Game.new(seed=1))
    for bad in (float("nan"), "5", True, 0):
        refused(ValueError, lambda bad=bad: algorithms.compare(p, max_expanded=bad))
        refused(ValueError, lambda bad=bad: algorithms.iterative_deepening_search(p, max_depth=bad))
        refused(ValueError, lambda bad=bad: algorithms.depth_limited_search(p, bad))
        refused(ValueError, lambda bad=bad: experiments.run_experiment(
            "standard", [1], max_seconds=bad, executor="serial", progress=False))
        refused(ValueError, lambda bad=bad: endgames.small_position(max_seconds=bad))
    refused(ValueError, lambda: experiments.run_experiment(  # an endless list of seeds
        "standard", itertools.count(), executor="serial", progress=False, max_nodes=10))
    refused(ValueError, lambda: experiments.run_experiment(
        "standard", ["4"], executor="serial", progress=False))


def test_widget_budgets_are_checked_and_change_nothing():
    from fourseasons_widget.widget import FourSeasons

    w = FourSeasons(seed=1)
    before = (w.game.to_json(), copy.deepcopy(w.board))
    for bad in (float("nan"), "1", True, -1, 0, float("inf")):
        for call in (w.hint, w.solve, w.auto_finish):
            refused(ValueError, lambda call=call, bad=bad: call(max_seconds=bad), w.game)
        refused(ValueError, lambda bad=bad: FourSeasons(seed=1, hint_seconds=bad))
        refused(ValueError, lambda bad=bad: FourSeasons(seed=1, solve_seconds=bad))
    assert (w.game.to_json(), w.board) == before


# -- decks ---------------------------------------------------------------------------------------

def test_an_endless_deck_is_refused_without_reading_it():
    text = refused(CardError, lambda: Game.from_deck(itertools.repeat("AS")))
    assert "more than 52" in text
    seen = []
    refused(CardError, lambda: Game.from_deck(seen.append(c) or c for c in itertools.cycle(CODES)))
    assert len(seen) == 53  # one card past a deck, no more
    assert Game.from_deck(iter(CODES)).state.cards_home == 1  # an iterator of 52 is a deck
    refused(CardError, lambda: Game.from_deck(" ".join(CODES) * 100))


# -- the widget channel --------------------------------------------------------------------------

def _widget():
    from fourseasons_widget.widget import FourSeasons

    return FourSeasons(deck=make_deck("9H 8S KD 5D 2C 5C 7D 6S"))


def _comm(w, data: object, buffers=None) -> list:
    """Deliver ``data`` as a comm message from the front end; returns what the kernel sent."""
    sent: list = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    try:
        w._handle_msg({"content": {"data": data}, "buffers": buffers or []})
    finally:
        del w._send
    for msg in sent:
        json.dumps(msg, allow_nan=False).encode("utf-8")  # each one can leave the kernel
    return sent


def _snapshot(w) -> tuple:
    return (w.game.to_json(), copy.deepcopy(w.board), w.ply, w.status, w.seed, w.variant,
            copy.deepcopy(w.replay), w.busy, copy.deepcopy(w.variants))


def test_a_lone_surrogate_in_an_intent_is_refused_and_the_refusal_can_be_sent():
    w = _widget()
    before = _snapshot(w)
    sent = _comm(w, {"method": "custom", "content": {"type": "\ud800"}})
    assert w.message_kind == "refusal" and "\\ud800" in w.message
    refusal = [m["content"] for m in sent if m.get("method") == "custom"][-1]
    assert refusal["type"] == "refused" and refusal["intent"] is None
    w.message.encode("utf-8")
    assert _snapshot(w) == before
    for content in ({"type": "move", "card": "\udfff", "source": "\ud800", "target": "waste",
                     "ply": 0, "version": w.board["version"]},
                    {"type": "turn", "\ud800": 1, "ply": 0, "version": w.board["version"]}):
        _comm(w, {"method": "custom", "content": content})
        assert w.message_kind == "refusal"
    assert _snapshot(w)[:2] == before[:2]


@pytest.mark.parametrize("seed", [-1, 2**63, True, "7", 2.5, None, 10**5000],
                         ids=["-1", "2**63", "True", "'7'", "2.5", "None", "10**5000"])
def test_a_front_end_cannot_set_the_seed(seed):
    w = _widget()
    before = _snapshot(w)
    sent = _comm(w, {"method": "update", "state": {"seed": seed}, "buffer_paths": []})
    assert _snapshot(w) == before and w.seed == w.game.seed
    resent = [m["state"] for m in sent if m.get("method") == "update"]
    assert resent and resent[0] == {"seed": w.game.seed}  # Python's value, sent back


@pytest.mark.parametrize("name,value", [
    ("board", {"piles": [["AS"]]}), ("status", "won"), ("ply", 99), ("message", "you won!"),
    ("busy", "solve"), ("replay", {"moves": []}), ("variants", []), ("variant", "corners"),
    ("message_kind", "won"), ("message_serial", -1), ("four_colour", "yes"),
])
def test_a_front_end_cannot_rewrite_what_python_publishes(name, value):
    w = _widget()
    truth = w.get_state()[name]
    before = _snapshot(w)
    sent = _comm(w, {"method": "update", "state": {name: value}, "buffer_paths": []})
    assert _snapshot(w) == before
    resent = {k: v for m in sent if m.get("method") == "update" for k, v in m["state"].items()}
    if name not in ("message", "message_kind", "message_serial"):
        assert resent[name] == json.loads(json.dumps(truth))
    else:  # (the refusal itself is a new message: Python's, published)
        assert w.message.startswith("Refused: the front end may not set")
    assert not any(m.get("method") == "echo_update" for m in sent)


def test_a_view_option_changes_by_its_intent_not_by_a_write():
    w = _widget()
    _comm(w, {"method": "custom", "content": {"type": "view_option", "name": "four_colour",
                                              "value": True}})
    assert w.four_colour is True
    _comm(w, {"method": "custom", "content": {"type": "view_option", "name": "four_colour",
                                              "value": 1}})
    assert w.four_colour is True  # 1 is not a bool: refused
    assert "four_colour takes one of" in w.message
    _comm(w, {"method": "update", "state": {"four_colour": False}, "buffer_paths": []})
    assert w.four_colour is True and "view_option intent" in w.message  # (a write: refused)


def test_python_side_seed_out_of_range_is_refused_and_reverted():
    w = _widget()
    w2 = _widget()
    w2.seed = 5
    assert w2.game.seed == 5
    for bad in (-1, 2**63):
        before = w2.game.to_json()
        with pytest.raises(ValueError):
            w2.seed = bad
        assert w2.seed == 5 and w2.game.to_json() == before
    assert w.seed is None


@pytest.mark.parametrize("kind", ["turn", "undo", "move", "hint", "solve", "restart"])
def test_intents_without_a_version_are_refused(kind):
    w = _widget()
    w.play("turn")
    before = _snapshot(w)
    fields = {"card": "7D", "source": "waste", "target": "cross:1"}
    own = {k: v for k, v in fields.items() if k in allowed_fields(kind)}  # (the registry's)
    assert not w.handle_intent({"type": kind, "ply": w.ply, **own})
    assert "version" in w.message and _snapshot(w) == before


def test_a_stale_undo_after_undo_then_another_move_is_refused():
    w = _widget()
    w.play("turn")
    stale = {"type": "undo", "ply": w.ply, "version": w.board["version"]}
    w.undo()
    w.play("turn")  # the same ply again, another position history
    before = _snapshot(w)
    assert not w.handle_intent(stale)
    assert "earlier position" in w.message and _snapshot(w) == before


def test_a_forged_stock_move_never_reveals_the_face_down_card():
    w = _widget()
    nxt = card_label(w.game.state.stock[0])  # 7♦
    messages = set()
    for card in [None, *CODES]:
        for target in ("cross:1", "foundation:2", "stock", "waste"):
            if card is None and target == "waste":
                continue  # (the one legal move: a turn)
            before = _snapshot(w)
            assert not w.handle_intent({"type": "move", "card": card, "source": "stock",
                                        "target": target, "ply": w.ply,
                                        "version": w.board["version"]})
            assert _snapshot(w) == before and nxt not in w.message
            messages.add(w.message)
    # the same words whichever card is named: nothing to compare
    assert len(messages) <= 4, messages


def test_model_refusals_of_stock_moves_do_not_name_the_stock_card():
    g = Game.from_deck(make_deck("9H 8S KD 5D 2C 5C 7D 6S"))
    nxt, deeper = g.state.stock[0], g.state.stock[1]
    for target in ("cross:1", "foundation:1", "stock"):
        text = refused(IllegalMoveError, lambda t=target: g.play(Move(CODES[nxt], "stock", t)), g)
        assert card_label(nxt) not in text
    # the short notation says the same of the next stock card and of any other one
    a = refused(IllegalMoveError, lambda: g.play(f"{CODES[nxt]}>c1"), g)
    b = refused(IllegalMoveError, lambda: g.play(f"{CODES[deeper]}>c1"), g)
    assert a.replace(card_label(nxt), "").replace(CODES[nxt], "") == \
        b.replace(card_label(deeper), "").replace(CODES[deeper], "")


@pytest.mark.parametrize("data", [
    None, [], "update", {"method": None}, {"method": "\ud800"}, {"method": "update"},
    {"method": "update", "state": "board"}, {"method": "update", "state": {"ply": 1},
                                             "buffer_paths": [["ply"]]},
    {"method": "custom"}, {"method": "custom", "content": None}, {"method": "echo_update"},
    {"method": "request_state"},
])
def test_malformed_comm_messages_never_raise(data):
    w = _widget()
    before = _snapshot(w)
    _comm(w, data)
    assert _snapshot(w) == before
    w._handle_msg("not a message")
    w._handle_msg({"content": "x"})
    assert _snapshot(w) == before


def test_the_last_resort_catches_the_unexpected_and_republishes(monkeypatch):
    w = _widget()
    game = w.game.to_json()

    def broken(content):
        raise RuntimeError("x" * 10_000)

    monkeypatch.setattr(w, "handle_intent", broken)
    sent = _comm(w, {"method": "custom", "content": {"type": "turn"}})
    assert w.message_kind == "refusal" and "unexpected error" in w.message
    assert len(w.message) <= 200 and w.game.to_json() == game
    assert any("board" in m.get("state", {}) for m in sent)  # Python's board, re-sent


@pytest.mark.parametrize("args", [["--seconds", "nan"], ["--seconds", "inf"], ["--seconds", "0"],
                                  ["--seconds", "\u0661"], ["--seed", "-1"], ["--seed", "\u0664"],
                                  ["--seed", str(2**63)], ["--nodes", "\uff14"],
                                  ["--nodes", "0"], ["--pysol", "\u0664"]])
def test_the_command_line_reads_ascii_numbers_and_finite_budgets(args, capsys):
    from fourseasons_widget.tools.cli import main

    with pytest.raises(SystemExit) as e:
        main(["solve", *args])
    assert e.value.code == 2 and "argument" in capsys.readouterr().err
