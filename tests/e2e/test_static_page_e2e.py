"""A plain HTML page with the board's module and no kernel plays.

A course page outside Jupyter (a Jupyter Book / MyST site through its {anywidget} directive, a
course website, a page in a learning platform) gives the board's module a model of its own:
``render({model, el})`` with ``get``/``set``/``on`` and nothing behind it.  This page does just
that, from a temporary folder served on 127.0.0.1 with every other request refused: it imports
the shipped ``fourseasons_widget/static/widget.js``, links ``widget.css``, and passes a model
made in the page (MyST's own shape: ``off``, ``send`` and ``save_changes`` throw).  The board
must deal the deck it is given and play a game to its end by clicks, refusing an illegal move
with the Python model's words; what needs Python is disabled and says so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jupyter_harness import local_only_page
from kernelless_play import SUITED, check, play_to_the_end

from fourseasons_widget import Game

pytestmark = pytest.mark.e2e

STATIC = Path(__file__).resolve().parents[2] / "fourseasons_widget" / "static"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A board in a page</title>
<link rel="stylesheet" href="widget.css"></head>
<body><h1>Four Seasons</h1><div id="board"></div>
<script type="module">
import widget from "./widget.js";
// the model a static page gives (as MyST's {anywidget} directive does): state and events only
class PageModel {
  #state; #target = new EventTarget();
  constructor(state) { this.#state = state; }
  get(name) { return this.#state[name]; }
  set(key, value) {
    this.#state[key] = value;
    this.#target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
  }
  on(name, cb) { this.#target.addEventListener(name, cb); }
  off() { throw new Error("off: not here"); }
  save_changes() { throw new Error("save_changes: nothing to sync"); }
  send() { throw new Error("send: no kernel"); }
}
window.boardModel = new PageModel(__STATE__);
widget.render({ model: window.boardModel, el: document.getElementById("board") });
</script></body></html>
"""


def write_page(folder: Path, state: dict) -> Path:
    for name in ("widget.js", "widget.css"):
        shutil.copy2(STATIC / name, folder / name)
    page = folder / "index.html"
    page.write_text(PAGE.replace("__STATE__", json.dumps(state)), encoding="utf-8")
    return page


def test_a_plain_page_with_the_module_plays_a_game_to_its_end(browser, tmp_path, static_server,
                                                             artifacts):
    if not (STATIC / "widget.js").is_file():
        pytest.fail("build the front end first: cd js && npm run build")
    write_page(tmp_path, {"variant": "standard", "deck": SUITED, "auto_home": False})
    # (only 127.0.0.1 reachable; a request elsewhere or an error in the page fails the test)
    with static_server(tmp_path) as base, local_only_page(browser, f"{base}/index.html") as page:
        root = page.locator(".fsw-root")
        page.wait_for_selector('.fsw-root[data-kernel="local"]', timeout=15_000)
        assert root.locator("[data-card]").count() >= 6
        banner = root.locator('[data-role="banner"]').inner_text()
        assert "plays in this page" in banner and "need Python" in banner, banner
        for action in ("hint", "solve", "auto_finish"):
            button = root.locator(f'button[data-action="{action}"]')
            assert button.is_disabled(), action
            assert "need Python" in button.get_attribute("title"), action
        page.screenshot(path=str(artifacts / "static-page-start.png"))
        seen = play_to_the_end(page, root, str(artifacts / "static-page"))
        print(f"\nstatic page: {seen}")
        check(seen)
        assert page.evaluate("window.boardModel.get('board').status") == "won"


def test_a_plain_page_deals_the_seed_python_deals(browser, tmp_path, static_server):
    """``{"seed": 7, "variant": "czarina"}`` in the page is ``Game.new(seed=7, variant=...)``."""
    write_page(tmp_path, {"variant": "czarina", "seed": 7})
    with static_server(tmp_path) as base, local_only_page(browser, f"{base}/index.html") as page:
        page.wait_for_selector('.fsw-root[data-kernel="local"]', timeout=15_000)
        board = page.evaluate("window.boardModel.get('board')")
    g = Game.new(seed=7, variant="czarina")
    from fourseasons_widget.table.snapshot import move_triple, position_snapshot

    assert {k: board[k] for k in ("piles", "foundations", "stock", "waste", "home")} == \
        position_snapshot(g.rules, g.state)
    assert board["legal"] == [move_triple(m) for m in g.legal_moves()]
