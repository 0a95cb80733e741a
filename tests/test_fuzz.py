"""Hostile input, fuzzed (hypothesis): mutated save files and forged widget messages.

The properties (issue 11):

- a save file, however mutated, either loads — and then round-trips exactly and every part of
  the library works on it: status, the boards, the legal moves, the solver, the widget — or is
  refused with a ``SaveFileError`` whose message is short; nothing else is ever raised;
- a forged message from a front end (an intent, a trait update, a malformed comm message)
  never raises, never changes the game when it is refused, and leaves every published trait
  equal to what Python publishes.
"""

from __future__ import annotations

import contextlib
import copy
import json

import pytest
from helpers import ALL_VARIANTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourseasons_widget import Game, SaveFileError
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.cards import CODES
from fourseasons_widget.solver.exact import solve
from fourseasons_widget.validate import MESSAGE_LIMIT

MESSAGE_BOUND = 300  # no refusal of a save file is longer

# -- real saves from random play in every variant -----------------------------------------------

OPTIONS = {"standard": [{}, {"tableau_wrap": "always"}], "czarina": [{}, {"fill": "waste"}],
           "dick1883": [{}, {"tableau_wrap": "never"}]}


def random_game(variant: str, seed: int, choices: list[int], options: dict) -> Game:
    g = Game.new(seed=seed, variant=variant, **options)
    for c in choices:
        moves = g.legal_moves()
        if not moves or g.state.is_won:
            break
        g.play(moves[c % len(moves)])
    for _ in range(choices[0] % 4 if choices else 0):  # some moves taken back: a redo list
        if g.can_undo:
            g.undo()
    return g


games = st.builds(
    lambda v, seed, choices, k: random_game(v, seed, choices, OPTIONS.get(v, [{}, {}])[k]),
    st.sampled_from(ALL_VARIANTS), st.integers(0, 10**6),
    st.lists(st.integers(0, 10**4), min_size=0, max_size=60), st.integers(0, 1))

# -- values a crafted file may hold ----------------------------------------------------------

nasty_text = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "0", "00", "04", "٤", "４", "²", "\ud800", "\u202e", "10", "T",
                     "cross:0004", "cross:04", "c٤", "7ſ", "null", "NaN", "K" * 70,
                     "x" * 5000, "<script>", "7H w>c04", "7H w>c٤", "AS s>w"]),
)
nasty_number = st.one_of(
    st.integers(-2, 60), st.integers(), st.sampled_from([2**63, 2**63 - 1, 10**20, -(2**64)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(5000).map(lambda digits: 10**digits),  # (more digits than Python prints)
)
json_leaf = st.one_of(st.none(), st.booleans(), nasty_number, nasty_text)
json_value = st.recursive(json_leaf, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(nasty_text, kids, max_size=4)), max_leaves=8)


def _cards(text: str) -> list[str]:
    return text.split()


def _relocate(start: dict, draw) -> None:
    """Move one card from one place of the position to another (the 52 cards stay 52, each
    once): the kind of crafted position that passes a card count."""
    places = [("piles", i) for i in range(len(start["piles"]))] + [("stock", None),
                                                                   ("waste", None)]
    lists = {p: _cards(start[p[0]][p[1]] if p[1] is not None else start[p[0]]) for p in places}
    src = draw(st.sampled_from([p for p in places if lists[p]] or places))
    if not lists[src]:
        return
    card = lists[src].pop(draw(st.integers(0, len(lists[src]) - 1)))
    dst = draw(st.sampled_from(places))
    lists[dst].insert(draw(st.integers(0, len(lists[dst]))), card)
    for (key, i), cards in lists.items():
        if i is None:
            start[key] = " ".join(cards)
        else:
            start[key][i] = " ".join(cards)


def _foundation(start: dict, draw) -> None:
    """Take a foundation's top card off to a pile, the stock or the waste, or bring its next
    card home from wherever it lies."""
    ranks = "A23456789TJQK"
    base = ranks.index(start["base"]) if start["base"] in ranks else 0
    slot = draw(st.integers(0, 3))
    f = start["foundations"][slot]
    if f is None:
        return
    suit, count = f[0], int(f[1:])
    places = [("piles", i) for i in range(len(start["piles"]))] + [("stock", None),
                                                                   ("waste", None)]

    def get(p):
        return _cards(start[p[0]][p[1]] if p[1] is not None else start[p[0]])

    def put(p, cards):
        if p[1] is None:
            start[p[0]] = " ".join(cards)
        else:
            start[p[0]][p[1]] = " ".join(cards)

    if draw(st.booleans()) and count > 0:
        top = ranks[(base + count - 1) % 13] + suit
        p = draw(st.sampled_from(places))
        cards = get(p)
        cards.insert(draw(st.integers(0, len(cards))), top)
        put(p, cards)
        start["foundations"][slot] = f"{suit}{count - 1}" if count > 1 else None
    elif count < 13:
        nxt = ranks[(base + count) % 13] + suit
        for p in places:
            cards = get(p)
            if nxt in cards:
                cards.remove(nxt)
                put(p, cards)
        start["foundations"][slot] = f"{suit}{count + 1}"


@st.composite
def endgames(draw, n_piles: int) -> dict:
    """A crafted late position: a few cards left, dealt at random among the piles, the stock
    and the waste (most such positions break some invariant; those that do not must work)."""
    ranks = "A23456789TJQK"
    base = draw(st.integers(0, 12))
    counts = [draw(st.sampled_from([0, 9, 11, 12, 12, 13, 13, 13])) for _ in range(4)]
    left = [ranks[(base + k) % 13] + suit for i, suit in enumerate("SHDC")
            for k in range(counts[i], 13)]
    left = draw(st.permutations(left))
    places: list[list[str]] = [[] for _ in range(n_piles + 2)]
    for card in left:  # (a pile takes one card here: longer ones are mostly not runs)
        place = places[draw(st.integers(0, len(places) - 1))]
        (place if len(place) < (1 if place is not places[-1] and place is not places[-2]
                                else 52) else places[-2]).append(card)
    order = draw(st.permutations(range(4)))
    foundations = [None] * 4
    for slot, i in zip(range(4), order):
        if counts[i]:
            foundations[slot] = "SHDC"[i] + str(counts[i])
    return {"base": ranks[base], "piles": [" ".join(p) for p in places[:n_piles]],
            "foundations": foundations, "stock": " ".join(places[-2]),
            "waste": " ".join(places[-1])}


@st.composite
def mutated_saves(draw) -> dict:
    g = draw(games)
    d = json.loads(g.to_json())
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["field", "drop", "start-field", "relocate", "foundation",
                                     "pile-list", "moves", "options", "origin", "endgame"]))
        start = d.get("start") if isinstance(d.get("start"), dict) else None
        if kind == "endgame":
            d.update(moves=[], redo=[], deck=None, seed=None, pysol=None,
                     start=draw(endgames(g.rules.n_piles)))
        elif kind == "field":
            d[draw(st.sampled_from(sorted(d) + ["extra"]))] = draw(json_value)
        elif kind == "drop" and d:
            d.pop(draw(st.sampled_from(sorted(d))))
        elif kind == "start-field" and start is not None:
            start[draw(st.sampled_from(sorted(start) + ["extra"]))] = draw(json_value)
        elif kind in ("relocate", "foundation") and start is not None:
            # (a position mutated before may no longer have the shape these expect)
            with contextlib.suppress(KeyError, TypeError, AttributeError, IndexError, ValueError):
                (_relocate if kind == "relocate" else _foundation)(start, draw)
            if draw(st.booleans()):  # the moves would refuse it first: drop them
                d.update(moves=[], redo=[], deck=None, seed=None, pysol=None)
        elif kind == "pile-list" and start is not None and isinstance(start.get("piles"), list):
            piles = start["piles"]
            op = draw(st.sampled_from(["drop", "add", "empty", "set"]))
            if op == "drop" and piles:
                piles.pop()
            elif op == "add":
                piles.append(draw(st.sampled_from(["", "AS", "KH QS"])))
            elif op == "empty" and piles:
                i = draw(st.integers(0, len(piles) - 1))
                if isinstance(piles[i], str) and isinstance(start.get("stock"), str):
                    start["stock"] = (start["stock"] + " " + piles[i]).strip()
                piles[i] = ""
                d.update(moves=[], redo=[], deck=None, seed=None, pysol=None)
            elif piles:
                piles[draw(st.integers(0, len(piles) - 1))] = draw(json_value)
        elif kind == "moves":
            key = draw(st.sampled_from(["moves", "redo"]))
            seq = d.get(key)
            if isinstance(seq, list):
                op = draw(st.sampled_from(["drop", "dup", "swap", "set", "digit", "cut"]))
                if seq and op == "drop":
                    seq.pop(draw(st.integers(0, len(seq) - 1)))
                elif seq and op == "dup":
                    i = draw(st.integers(0, len(seq) - 1))
                    seq.insert(i, seq[i])
                elif len(seq) > 1 and op == "swap":
                    i = draw(st.integers(0, len(seq) - 2))
                    seq[i], seq[i + 1] = seq[i + 1], seq[i]
                elif seq and op == "digit":  # a digit written in another script, or padded
                    i = draw(st.integers(0, len(seq) - 1))
                    if isinstance(seq[i], str):
                        for a, b in (("0", "٠"), ("1", "１"), ("2", "²"), ("3", "03")):
                            seq[i] = seq[i].replace(a, b)
                elif seq and op == "cut":
                    del seq[draw(st.integers(0, len(seq))):]
                elif seq:
                    seq[draw(st.integers(0, len(seq) - 1))] = draw(json_value)
        elif kind == "options":
            d["options"] = draw(st.one_of(json_value, st.dictionaries(
                st.sampled_from(["variant", "tableau_wrap", "fill", "seed", "x"]),
                st.sampled_from(["literal", "always", "never", "stock", "waste", "corners"]),
                max_size=3)))
        elif kind == "origin":
            d[draw(st.sampled_from(["seed", "pysol"]))] = draw(nasty_number)
    return d


def check_loaded(g: Game) -> None:
    """Everything works on a game that loaded, and it saves and loads back exactly."""
    h = Game.from_json(g.to_json())
    assert (h.state, h.history, h.rules, h.to_json()) == (g.state, g.history, g.rules,
                                                         g.to_json())
    assert g.status in ("playing", "won", "lost")
    repr(g), str(g), g._repr_html_()
    moves = g.legal_moves()
    for m in moves[:8]:
        probe = g.copy()
        probe.play(m)
        probe.undo()
        assert probe.state == g.state
    r = solve(g, budget=Budget(positions=300, seconds=2))
    assert r.verdict in ("won", "lost", "unknown")
    if r.verdict == "lost":
        assert not g.state.is_won


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_saves())
def test_a_mutated_save_loads_and_works_or_is_refused_with_a_short_message(d):
    try:
        text = json.dumps(d)
    except ValueError:  # (a 5,000-digit integer cannot be written as JSON by Python either)
        text = None
    for load in ((lambda: Game.from_dict(d)),) + (((lambda: Game.from_json(text)),) if text
                                                  else ()):
        try:
            g = load()
        except SaveFileError as e:
            assert 0 < len(str(e)) <= MESSAGE_BOUND, str(e)
            str(e).encode("ascii", "backslashreplace")
            continue
        check_loaded(g)


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 10**6), st.sampled_from(["x", "\ud800", "٤", "}", "\x00", '"']))
def test_a_save_file_damaged_as_text_is_refused_or_loads(g, where, char):
    text = g.to_json()
    i = where % (len(text) + 1)
    for damaged in (text[:i] + char + text[i + 1:], text[:i], text[:i] + char + text[i:]):
        try:
            h = Game.from_json(damaged)
        except SaveFileError as e:
            assert len(str(e)) <= MESSAGE_BOUND
            continue
        check_loaded(h)


# -- forged messages to the widget ---------------------------------------------------------------

def _published(w) -> dict:
    """What the views hold: every synced trait, as JSON."""
    return json.loads(json.dumps({k: v for k, v in w.get_state().items()
                                  if k not in ("layout", "_esm", "_css")}))


def _truth(w) -> dict:
    """What Python publishes for its game (compared with the traits after each message)."""
    g = w.game
    b = w.board
    return {"ply": g.ply, "board_ply": b["ply"], "status": g.status, "board_status": b["status"],
            "seed": g.seed, "board_seed": b["seed"], "variant": g.rules.variant,
            "board_variant": b["variant"], "home": b["home"], "state_home": g.state.cards_home,
            "busy": w.busy, "variants": len(w.variants)}


@pytest.fixture(scope="module")
def board():
    from fourseasons_widget.widget import FourSeasons

    return FourSeasons(seed=7, hint_seconds=0.05, solve_seconds=0.05)


intent_types = st.sampled_from(["move", "turn", "undo", "redo", "hint", "new_game", "restart",
                                "auto_finish", "solve", "refused", "\ud800", "", "__init__"])
pile_names = st.one_of(st.sampled_from(["stock", "waste", "cross:0", "cross:4", "foundation:3",
                                        "cross:04", "cross:٤", "cell:1", "tableau:11",
                                        "foundation:9"]), nasty_text)
card_codes = st.one_of(st.sampled_from(CODES), st.none(), nasty_text, nasty_number)


@st.composite
def intents(draw, w) -> object:
    mode = draw(st.sampled_from(["garbage", "genuine", "forged", "forged"]))
    if mode == "garbage":
        return draw(json_value)
    if mode == "genuine":  # what the real front end sends: well formed, maybe illegal
        kind = draw(st.sampled_from(["move", "move", "move", "turn", "undo", "redo", "restart",
                                     "new_game", "hint", "auto_finish", "solve"]))
        msg = {"type": kind, "ply": w.board["ply"], "version": w.board["version"]}
        if kind == "move":
            legal, names = w.board["legal"], w.board["pile_names"] + ["stock", "waste"]
            # (indices, not sampled_from(...): what is drawn must not depend on the board)
            i, j, k = (draw(st.integers(0, 99)) for _ in range(3))
            if legal and i % 4:
                card, source, target = legal[j % len(legal)]
            else:
                card, source, target = CODES[i % 52], names[j % len(names)], names[k % len(names)]
            msg.update(card=card, source=source, target=target)
        elif kind == "new_game":
            msg.update(seed=draw(st.integers(0, 99)), variant=draw(st.sampled_from(ALL_VARIANTS)))
        return msg
    msg = {"type": draw(intent_types)}
    if draw(st.integers(0, 4)):
        msg["ply"] = w.game.ply if draw(st.booleans()) else draw(nasty_number)
    if draw(st.integers(0, 4)):
        msg["version"] = w.board["version"] if draw(st.booleans()) else draw(nasty_number)
    if msg["type"] == "move" or draw(st.booleans()):
        legal = w.board["legal"]
        if legal and draw(st.booleans()):
            card, source, target = legal[draw(st.integers(0, 99)) % len(legal)]
            msg.update(card=card, source=source, target=draw(st.one_of(st.just(target),
                                                                     pile_names)))
        else:
            msg.update(card=draw(card_codes), source=draw(pile_names), target=draw(pile_names))
    if msg["type"] == "new_game":
        msg.update(seed=draw(st.one_of(st.none(), nasty_number)),
                   variant=draw(st.one_of(st.none(), st.sampled_from(ALL_VARIANTS), nasty_text)))
    for _ in range(draw(st.integers(0, 2))):
        msg[draw(nasty_text)] = draw(json_value)
    return msg


trait_names = st.sampled_from(["board", "status", "ply", "message", "message_kind",
                               "message_serial", "busy", "replay", "variants", "variant", "seed",
                               "four_colour", "layout", "_esm", "tabbable", "tooltip",
                               "_dom_classes", "_view_count", "nonexistent", "\ud800"])


def _send_capture(w) -> list:
    sent: list = []
    w._send = lambda msg, buffers=None: sent.append(msg)  # what leaves the kernel
    return sent


@settings(max_examples=120, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_forged_messages_never_raise_never_change_a_refused_game_and_leave_the_truth(board, data):
    w = board
    w.new_game(seed=data.draw(st.integers(0, 99)), variant=data.draw(st.sampled_from(ALL_VARIANTS)))
    for _ in range(data.draw(st.integers(0, 30))):  # somewhere into a game
        moves = w.game.legal_moves()
        if not moves or w.game.status != "playing":
            break
        w.play(moves[data.draw(st.integers(0, 99)) % len(moves)])
    sent = _send_capture(w)
    try:
        kind = data.draw(st.sampled_from(["intent", "intent", "update", "raw"]))
        before = (w.game.to_json(), w.game.state, w.board["version"])
        serial = w.message_serial
        if kind == "intent":
            msg = data.draw(intents(w))
            w._handle_msg({"content": {"data": {"method": "custom", "content": msg}},
                           "buffers": []})
        elif kind == "update":
            state = {data.draw(trait_names): data.draw(json_value)
                     for _ in range(data.draw(st.integers(1, 3)))}
            w._handle_msg({"content": {"data": {"method": "update", "state": state,
                                                "buffer_paths": []}}, "buffers": []})
        else:
            w._handle_msg(data.draw(st.one_of(json_value, st.builds(
                lambda m, s: {"content": {"data": {"method": m, "state": s}}},
                st.one_of(st.sampled_from(["update", "custom", "request_state", "echo_update"]),
                          nasty_text), json_value))))
        job = w._worker.job  # a Hint/Solve the board started runs in the background: let it end
        if job is not None:
            job.wait(30)
        if w.message_serial != serial and w.message_kind == "refusal":  # changed nothing
            assert (w.game.to_json(), w.game.state, w.board["version"]) == before
        assert "unexpected error" not in w.message  # every refusal was foreseen
        truth = _truth(w)
        assert truth["ply"] == truth["board_ply"] and truth["status"] == truth["board_status"]
        assert truth["seed"] == truth["board_seed"] and truth["variant"] == truth["board_variant"]
        assert truth["home"] == truth["state_home"] and truth["busy"] == ""
        assert truth["variants"] == 6
        assert isinstance(w.four_colour, bool)
        assert w.seed == w.game.seed and w.ply == w.game.ply and w.status == w.game.status
        assert w.variant == w.game.rules.variant
        assert len(w.message) <= MESSAGE_LIMIT
        w.message.encode("utf-8")
        for msg in sent:  # every message that leaves the kernel can be sent
            json.dumps(msg, allow_nan=False).encode("utf-8")
        published = _published(w)
        assert published["board"]["version"] == w.board["version"]
        assert published["ply"] == w.game.ply
    finally:
        del w._send


def test_forged_updates_are_answered_with_pythons_values(board):
    """A front end that writes ``board`` (or any trait Python publishes) gets Python's value
    back at once; the traits in the kernel never change."""
    w = board
    sent = _send_capture(w)
    try:
        before = copy.deepcopy(w.board)
        w._handle_msg({"content": {"data": {"method": "update", "state": {
            "board": {"piles": []}, "ply": 99, "status": "won", "seed": -1, "busy": "solve"},
            "buffer_paths": []}}, "buffers": []})
        assert w.board == before and w.ply == w.game.ply and w.status == w.game.status
        assert w.seed == w.game.seed and w.busy == ""
        states = [m["state"] for m in sent if m.get("method") == "update"]
        resent = {k: v for s in states for k, v in s.items()}
        assert resent["board"] == json.loads(json.dumps(before))
        assert resent["ply"] == w.game.ply and resent["status"] == w.game.status
        assert resent["seed"] == w.game.seed and resent["busy"] == ""
        assert not any(m.get("method") == "echo_update" for m in sent)  # nothing echoed
    finally:
        del w._send
