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

from fourseasons_widget import FourSeasons
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
