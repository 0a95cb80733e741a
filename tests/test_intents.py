"""One registry of intents (issue 40): ``fourseasons_widget/table/intents.json`` is what Python's
table takes and what the page's engine takes — the names, the fields each may carry, which
must name the position they were meant for, and what the page cannot play without Python.

The Python side is checked through the table itself (every intent of the registry reaches a
handler; a field the registry does not give an intent is refused); the page's side through
node, by importing the page's engine and asking it (``js/src/engine/local.js``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.table import intents as reg
from fourseasons_widget.table.controller import Table

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
ALL = reg.REGISTRY["intents"]


def stamped(board: FourSeasons, **kw):
    b = board.board
    return {"ply": b["ply"], "version": b["version"], **kw}


def test_the_registry_is_whole_and_plain():
    assert set(reg.INTENTS) | set(reg.WIDGET_INTENTS) == set(ALL)
    assert not set(reg.INTENTS) & set(reg.WIDGET_INTENTS)
    for name, spec in ALL.items():
        assert set(spec) == {"fields", "versioned", "person", "layer", "page"}, name
        assert spec["layer"] in ("table", "widget") and isinstance(spec["versioned"], bool)
        assert not set(spec["fields"]) & set(reg.COMMON_FIELDS), name
        assert spec["page"] == "plays" or spec["page"][0].isupper(), name
    assert reg.PERSON_MOVES <= reg.VERSIONED  # (a person's move always names its position)


@pytest.mark.parametrize("kind", reg.INTENTS)
def test_every_intent_of_the_registry_reaches_the_table_s_handler(kind):
    """Sent with no fields of its own, each is either played or refused by its handler for
    what it lacks — never as unknown, never for a field it may carry."""
    board = FourSeasons(seed=3, stats=False)
    board.handle_intent(stamped(board, type=kind))
    said = board.message
    assert "unknown intent" not in said and "has no field" not in said, (kind, said)


def test_a_field_the_registry_does_not_give_an_intent_is_refused_and_changes_nothing():
    board = FourSeasons(seed=3, stats=False)
    before = board.game.to_json()
    assert not board.handle_intent(stamped(board, type="turn", card="7H"))
    assert "a turn intent has no field 'card'" in board.message
    assert not board.handle_intent(stamped(board, type="undo", seed=4))
    assert board.game.to_json() == before
    # (a field it does carry is taken: the move below names card, source and target)
    m = next(m for m in board.game.legal_moves() if m.source != "stock")
    assert board.handle_intent(stamped(board, type="move", card=m.card, source=m.source,
                                       target=m.target))


def test_versioned_intents_are_the_registry_s_and_a_stale_one_is_refused():
    board = FourSeasons(seed=3, stats=False)
    for kind in sorted(reg.VERSIONED):
        msg = {"type": kind}  # (no ply, no version)
        assert not board.handle_intent(msg), kind
        assert "must carry the position's ply" in board.message, kind
    assert Table.__module__ == "fourseasons_widget.table.controller"
    assert board.intents == [*reg.INTENTS, *reg.WIDGET_INTENTS]  # (published to the page)


@pytest.mark.skipif(NODE is None, reason="needs node (the front end's tests run on it)")
def test_the_page_s_engine_takes_what_the_registry_says():
    script = """
      import { INTENTS, NEED_PYTHON, LocalTable } from "./js/src/engine/local.js";
      const out = { intents: [...INTENTS], need: NEED_PYTHON };
      console.log(JSON.stringify(out));
    """
    proc = subprocess.run([NODE, "--input-type=module", "-e", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    page = json.loads(proc.stdout.strip().splitlines()[-1])
    assert page["intents"] == list(reg.INTENTS)
    assert page["need"] == {k: v["page"] for k, v in ALL.items()
                            if v["layer"] == "table" and v["page"] != "plays"}


# -- the handlers: each declared once, beside the service that answers it ----------------------
def test_every_intent_has_one_handler_declared_beside_its_service():
    t = Table(Game.new(seed=3), stats=False)
    owners = {k: type(h.__self__).__name__ for k, h in t._handlers.items()}
    assert list(owners) == list(reg.INTENTS)  # (every table intent, in the registry's order)
    assert owners["hint"] == owners["solve"] == "Advisor"
    assert owners["demo"] == "DemoMode" and owners["how_won"] == "HowWon"
    assert owners["review"] == owners["analyse"] == owners["analysis_stop"] == "Review"
    assert owners["undo"] == owners["resume"] == "Table" and owners["cancel"] == "Advisor"
    assert owners["rules"] == "RulesChoice" and owners["move"] == "Table"
    board = FourSeasons(seed=3, stats=False)
    assert list(board._own_intents) == list(reg.WIDGET_INTENTS)


def test_a_handler_for_an_intent_the_registry_lacks_is_refused_when_declared():
    with pytest.raises(reg.RegistryError, match=r"no intent 'fly' in intents\.json"):
        reg.handles("fly")


def test_an_intent_with_no_handler_or_two_is_refused_when_the_handlers_are_bound():
    class Moves:
        @reg.handles("move")
        def move(self, c): ...

    class MoreMoves:
        @reg.handles("move")
        def also_move(self, c): ...

    with pytest.raises(reg.RegistryError, match="no handler for the table intents 'turn'"):
        reg.bind("table", Moves())
    with pytest.raises(reg.RegistryError, match="two handlers for the 'move' intent"):
        reg.bind("table", Moves(), MoreMoves())

    class TwiceInOne:
        @reg.handles("ping")
        def a(self, c): ...

        @reg.handles("ping")
        def b(self, c): ...

    with pytest.raises(reg.RegistryError, match="two handlers for the 'ping' intent"):
        reg.bind("widget", TwiceInOne())

    class WrongLayer:  # (the widget's ping offered to the table)
        @reg.handles("ping")
        def ping(self, c): ...

    with pytest.raises(reg.RegistryError, match="an intent of the widget layer"):
        reg.bind("table", WrongLayer())
    # (a table missing one of its services' handlers is never made)
    t = Table(Game.new(seed=3), stats=False)
    with pytest.raises(reg.RegistryError, match="no handler for the table intents 'hint'"):
        reg.bind("table", t, t.demo_mode, t.how_won_mode, t.review, t.rules_choice)


def test_the_table_dispatches_through_the_registry_not_a_list_of_its_own():
    """No intent name is compared in ``Table.intent``: the handler is looked up."""
    import inspect

    from fourseasons_widget.table import controller

    source = inspect.getsource(controller.Table.intent)
    assert "_handlers[kind]" in source
    assert not any(f'"{k}"' in source for k in reg.INTENTS if k not in ("panel", "offer"))
    assert not hasattr(controller.Table, "_apply_intent")
