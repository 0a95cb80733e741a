"""The search view's comm, fuzzed with hypothesis (issue 19: ``SearchView`` had no front-end
gate — ``max_steps`` could be set to ``2**63``, ``trace`` and ``algorithms`` overwritten, and a
lone surrogate written into ``algorithms`` once made the state unpackable).

Sequences of forged messages (state updates of any names and values, custom messages, broken
envelopes, binary buffers), and after each the invariants: nothing raised; Python's traits
(``trace``, ``algorithms``, ``max_steps``) as Python made them — the trace the one the chosen
algorithm records; ``step`` and ``selected`` inside the trace; the note bounded; the game
untouched; and the state packs as Jupyter sends it (strict JSON: no NaN, UTF-8 without lone
surrogates)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourseasons_widget.search.endgames import small_position
from fourseasons_widget.search.trace import TRACEABLE
from fourseasons_widget.searchview import SearchView

NAMES = ["step", "selected", "algorithm", "show_duplicates", "trace", "algorithms", "max_steps",
         "note", "layout", "_esm", "_css", "_model_name", "comm", "keys", "\ud800", "", "x" * 300]
value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=10**30),
              st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
              st.sampled_from(["A*", "breadth-first", "depth-first", "greedy best-first",
                               "\ud800", "x" * 5000, 10**400, 2**63])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
update = st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=10), st.integers()),
                         value, min_size=1, max_size=4)
message = st.one_of(
    update.map(lambda s: {"content": {"data": {"method": "update", "state": s}}}),
    st.tuples(update, st.lists(st.lists(st.text(max_size=5), max_size=2), min_size=1,
                               max_size=2)).map(
        lambda sb: {"content": {"data": {"method": "update", "state": sb[0],
                                         "buffer_paths": sb[1]}}}),
    value.map(lambda c: {"content": {"data": {"method": "custom", "content": c}},
                         "buffers": []}),
    value.map(lambda m: {"content": {"data": {"method": m}}}),
    value.map(lambda d: {"content": {"data": d}}),
    value,
)


def packs(state) -> None:
    """As Jupyter sends it: strict JSON (``allow_nan=False``), encoded as UTF-8."""
    json.dumps(state, ensure_ascii=False, allow_nan=False).encode("utf-8")


@pytest.fixture(scope="module")
def recorded():
    """The trace each algorithm records for the position (what the view must show)."""
    game = small_position(seed=0, cards_left=3)
    out = {}
    for name in TRACEABLE:
        v = SearchView(game, algorithm=name, max_steps=25)
        out[name] = json.dumps(v.trace, sort_keys=True)
    return game, out


@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(messages=st.lists(message, min_size=1, max_size=15))
def test_fuzz_forged_messages_to_the_search_view(recorded, messages):
    game, traces = recorded
    before = game.to_json()
    v = SearchView(game, algorithm="A*", max_steps=25)
    for msg in messages:
        v._handle_msg(msg)
        assert v.algorithm in TRACEABLE and v.algorithms == list(TRACEABLE)
        assert v.max_steps == 25
        assert json.dumps(v.trace, sort_keys=True) == traces[v.algorithm]
        assert 0 <= v.step <= len(v.trace["steps"])
        assert 0 <= v.selected < len(v.trace["nodes"])
        assert type(v.show_duplicates) is bool
        assert isinstance(v.note, str) and len(v.note) <= 200
        packs(v.get_state())
    assert game.to_json() == before and v.game.state == game.state


@settings(max_examples=25, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(st.one_of(st.integers(-10**6, 10**6), st.integers(2**62, 2**70)),
                      min_size=1, max_size=6))
def test_fuzz_steps_sent_to_two_views_stepped_together(recorded, steps):
    game, _ = recorded
    box = SearchView.side_by_side(game, "breadth-first", "A*", max_steps=25)
    for n in steps:
        for view in box.children:
            view._handle_msg({"content": {"data": {"method": "update", "state": {"step": n}}}})
            cap = max(len(w.trace["steps"]) for w in box.children)
            assert 0 <= view.step <= cap
            packs(view.get_state())
