"""The static HTML export: the live boards render offline, from local files only, and the page
carries the course, not its author.

The Play notebook is executed and exported to a temporary folder, served on 127.0.0.1, and
opened in Chromium with every request outside that server blocked; the boards must appear
(``[data-card]`` elements drawn by the widget's own JavaScript from the embedded state) and
play without a kernel, on the front-end engine (``js/src/engine/``): a small notebook with an
all-but-won deal is exported and played to its end by clicks.

Before the export, statistics and an unfinished game are planted in the exporter's data
directory (``FOURSEASONS_WIDGET_DATA``); the page must hold none of it — not in the HTML, not on
the boards — and must never offer to resume a game.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from jupyter_harness import local_only_page

from fourseasons_widget.tools import export as ex

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"


# what the exporter's own data directory holds (distinctive numbers, searched for in the page)
PLANTED_MOVES = 4321
PLANTED_SECONDS = 987.654
UNFINISHED_PLIES = 8


def plant_author_data(folder: Path) -> None:
    """Statistics and an unfinished game of the standard variant, as a player would leave."""
    from fourseasons_widget import Game
    from fourseasons_widget.store.stats import Stats

    st = Stats(folder / "stats.sqlite")
    for result in ("won", "lost", "won"):
        st.record("standard", result, moves=PLANTED_MOVES, seconds=PLANTED_SECONDS, seed=7)
    g = Game.new(seed=7)
    for _ in range(UNFINISHED_PLIES):
        g.play(g.legal_moves()[-1])
    st.save_unfinished("standard", g.to_json(), seconds=PLANTED_SECONDS)
    assert st.unfinished("standard") is not None
    st.close()


@pytest.fixture(scope="module")
def author_data(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("author-data")
    plant_author_data(folder)
    return folder


@pytest.fixture(scope="module")
def exported(tmp_path_factory, author_data: Path) -> Path:
    os.environ.setdefault("MPLBACKEND", "Agg")
    out = tmp_path_factory.mktemp("export") / "site" / "play.html"
    old = os.environ.get("FOURSEASONS_WIDGET_DATA")
    os.environ["FOURSEASONS_WIDGET_DATA"] = str(author_data)  # the exporter's own data
    try:
        page = ex.export(ROOT / "notebooks" / "01-play.ipynb", out, timeout=300)
    finally:
        os.environ["FOURSEASONS_WIDGET_DATA"] = old or ""
        if old is None:
            del os.environ["FOURSEASONS_WIDGET_DATA"]
    return page


def embedded_boards(page: str) -> list[dict]:
    state = re.search(r'<script type="application/vnd\.jupyter\.widget-state\+json">\s*(.*?)'
                      r'\s*</script>', page, re.S)
    assert state, "no embedded widget state"
    models = json.loads(state.group(1))["state"].values()
    return [m["state"]["board"] for m in models
            if isinstance(m.get("state", {}).get("board"), dict)]


@pytest.fixture
def served(exported: Path, static_server):
    with static_server(exported.parent) as base:
        yield base


def test_page_embeds_state_and_loads_nothing_remote(exported: Path):
    page = exported.read_text(encoding="utf-8")
    assert ex.widget_count(page) >= 3  # the play board, the demo board and its second view
    assert "application/vnd.jupyter.widget-state+json" in page
    assert ex.remote_scripts(page) == []
    assert "cdn.jsdelivr.net" not in page.split("<main>")[0]  # nothing in the head
    assets = exported.parent / ex.DEFAULT_ASSETS_DIR
    for name in ex.ASSET_FILES:
        assert (assets / name).is_file(), name
    # the board's own front end travels in the widget state
    assert "data-card" in page


def test_the_page_holds_nothing_of_the_author(exported: Path, author_data: Path):
    page = exported.read_text(encoding="utf-8")
    boards = embedded_boards(page)
    assert len(boards) >= 2
    for b in boards:
        assert b.get("stats") is None and b.get("resume") is None, {
            k: b.get(k) for k in ("stats", "resume")}
        assert b.get("history") is None and b.get("stats_state") is None
        assert "stats_error" not in b
        ui = b.get("ui") or {}
        assert all(o.get("id") != "resume" for o in ui.get("offers") or [])
        assert (ui.get("banner") or {}).get("kind") != "resume"
    # the planted figures and the folder appear nowhere in the page
    assert str(PLANTED_MOVES) not in page
    assert str(PLANTED_SECONDS) not in page and "987.65" not in page
    assert str(author_data) not in page
    # (the banner's wording itself travels in the board's JavaScript: the browser test below
    # checks that it is never shown)
    # the planted store was not touched by the export's kernel either
    from fourseasons_widget.store.stats import Stats

    st = Stats(author_data / "stats.sqlite")
    assert st.summary()["standard"]["played"] == 3 and st.unfinished("standard") is not None
    st.close()


def test_scrub_removes_player_data_from_any_board_state():
    board = {"ply": 0, "stats": {"played": 8}, "resume": {"moves": 8}, "history": [{"id": 1}],
             "stats_state": {"state": "off", "message": "cannot open /home/me/x.sqlite"},
             "stats_error": "/home/me/.local/share/x: locked",
             "ui": {"offers": [{"id": "resume", "label": "Resume", "enabled": True},
                               {"id": "undo", "label": "Undo", "enabled": False}],
                    "banner": {"kind": "resume", "text": "An unfinished game…"},
                    "panel": "stats"}}
    state = {"version_major": 2, "state": {"a": {"model_name": "AnyModel",
                                                 "state": {"board": board, "x": 1}},
                                           "b": {"model_name": "LayoutModel", "state": {}}}}
    out = ex.scrub_state(state)
    b = out["state"]["a"]["state"]["board"]
    assert b["stats"] is None and b["resume"] is None and b["history"] is None
    assert b["stats_state"] is None
    assert "stats_error" not in b
    assert b["ui"] == {"offers": [{"id": "undo", "label": "Undo", "enabled": False}],
                       "banner": None, "panel": ""}
    assert out["state"]["a"]["state"]["x"] == 1 and out["state"]["b"] == state["state"]["b"]
    assert board["stats"] == {"played": 8}  # the input is left as it was


@pytest.mark.slow
def test_the_board_knows_at_once_it_has_no_kernel_and_never_offers_resume(browser, served: str,
                                                                          exported: Path):
    """From the first frame on: no resume banner, no statistics; "no kernel" is known at once
    (the page is known to be static) and the board plays in the page from then on, not after
    the 4 s a kernel is given to answer."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        # record, in the page, when the first board is drawn, when it says "no kernel", and
        # every banner text shown on the way
        page.add_init_script("""(() => {
          const seen = { banners: [], first: null, none: null, resumeButton: false };
          window.__fsw = seen;
          const look = () => {
            const root = document.querySelector('.fsw-root');
            if (!root) return;
            const t = performance.now();
            if (seen.first === null && root.querySelector('[data-card]')) seen.first = t;
            if (seen.none === null && root.dataset.kernel === 'local') seen.none = t;
            document.querySelectorAll('[data-role="banner"]').forEach((b) => {
              const s = b.innerText.trim();
              if (s && !b.hidden && !seen.banners.includes(s)) seen.banners.push(s);
            });
            document.querySelectorAll('button').forEach((b) => {
              if (/resume/i.test(b.textContent) && b.offsetParent !== null) seen.resumeButton = true;
            });
          };
          new MutationObserver(look).observe(document, { subtree: true, childList: true,
                                                         attributes: true, characterData: true });
        })()""")
        page.goto(f"{served}/{exported.name}")
        page.wait_for_function("window.__fsw && window.__fsw.none !== null", timeout=15_000)
        time.sleep(2.0)  # keep watching: a late banner would be caught too
        seen = page.evaluate("window.__fsw")
        delay = seen["none"] - seen["first"]
        print(f"\nexport: the board plays in the page {delay:.0f} ms after it was first drawn")
        # without waiting for a kernel: its answer would be awaited 4000 ms (a fresh CI machine
        # with both cores busy has measured 1,177 ms between the two frames, so not a tighter
        # bound: what this tells apart is "no wait" from "the kernel's wait")
        assert delay < 3000, seen
        assert not seen["resumeButton"], seen
        assert not any("unfinished" in b or "Resume" in b for b in seen["banners"]), seen
        panel = page.locator(".fsw-root").first.inner_text()
        assert str(PLANTED_MOVES) not in panel
        page.screenshot(path=str(ARTIFACTS / "export-clean.png"))
    finally:
        context.close()


def _open(browser, url: str, shot: str) -> int:
    """Open ``url`` with only 127.0.0.1 (and blob:/data:/file:) allowed; returns the number of
    cards drawn (a request refused or an error in the page fails the test: ``local_only_page``).
    ``browser`` is the session's chromium (tests/e2e/conftest.py: a missing browser skips
    locally, fails in CI)."""
    with local_only_page(browser, url, also=("file:",)) as page:
        page.wait_for_selector("[data-card]", timeout=30_000)
        page.wait_for_selector("[data-pile]", timeout=10_000)
        cards = page.locator("[data-card]").count()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / shot), full_page=False)
    return cards


@pytest.mark.slow
def test_boards_render_offline_over_http(browser, served: str, exported: Path):
    cards = _open(browser, f"{served}/{exported.name}", "export-play.png")
    assert cards >= 6, cards  # at least the five cross cards and the base card of one board


@pytest.mark.slow
def test_boards_render_from_a_copied_folder_opened_as_a_file(browser, exported: Path,
                                                             tmp_path: Path):
    """A teacher may just copy the folder and double-click the page."""
    copy = tmp_path / "copied"
    shutil.copytree(exported.parent, copy)
    cards = _open(browser, (copy / exported.name).as_uri(), "export-play-file.png")
    assert cards >= 6


def test_export_refuses_what_it_cannot_do(tmp_path: Path):
    with pytest.raises(ex.ExportError):
        ex.export(tmp_path / "missing.ipynb", tmp_path / "x.html")
    with pytest.raises(ex.ExportError):
        ex.export(ROOT / "notebooks" / "01-play.ipynb", tmp_path / "x.html", execute=False,
                  assets_dir="../elsewhere")


def test_remote_script_detection():
    assert ex.remote_scripts('<script src="https://cdn.example/x.js"></script>') == [
        "https://cdn.example/x.js"]
    assert ex.remote_scripts('<script src="//cdn.example/x.js"></script>') == [
        "//cdn.example/x.js"]
    assert ex.remote_scripts('<script src="widget-assets/require.js"></script>') == []


@pytest.mark.slow
def test_without_a_kernel_the_board_plays_and_drags_and_popovers_fit(browser, served: str,
                                                                    exported: Path):
    """The exported page: no kernel behind the boards.  They play on the page's own engine and
    say so; what needs Python (hint, solve, auto-finish) is disabled and says why; the drag
    image follows the pointer and the Keys popover stays in the viewport, at 1100 px and in a
    ~420 px window."""
    from board_probes import DRAG_TOLERANCE, drag_offsets, inside_viewport, popover_rect, worst

    for width in (1100, 420):
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            page = context.new_page()
            page.goto(f"{served}/{exported.name}")
            root = page.locator(".fsw-root").first
            root.wait_for()
            page.wait_for_function("el => el.dataset.kernel === 'local'",
                                   arg=root.element_handle(), timeout=15_000)
            banner = root.locator('[data-role="banner"]')
            assert "plays in this page" in banner.inner_text()
            for action in ("hint", "solve", "auto_finish"):
                button = root.locator(f'button[data-action="{action}"]')
                assert button.is_disabled(), action
                assert "need Python" in button.get_attribute("title"), action
            for action in ("new", "deal"):
                assert root.locator(f'button[data-action="{action}"]').is_enabled(), action
            assert not root.locator('[data-role="help"] summary').is_disabled()
            # a click on the stock turns it, in the page
            status = root.locator('[data-role="status"]')
            before = status.inner_text()
            root.locator('[data-pile="stock"]').click()
            page.wait_for_function("([el, t]) => el.innerText !== t",
                                   arg=[status.element_handle(), before])
            assert "turned the stock" in status.inner_text().lower(), status.inner_text()
            root.locator('button[data-action="undo"]').click()
            # drag: a card that has a legal move
            movable = root.locator(".fsw-movable[data-card]").first
            root.scroll_into_view_if_needed()
            box = root.locator('[data-pile="waste"]').bounding_box()
            offs = drag_offsets(page, movable, (box["x"] + 10, box["y"] + 10))
            assert len(offs) >= 5 and worst(offs) <= DRAG_TOLERANCE, (width, offs)
            r = popover_rect(page, root)
            assert inside_viewport(r), (width, r)
            page.screenshot(path=str(ARTIFACTS / f"export-no-kernel-{width}.png"))
        finally:
            context.close()


@pytest.fixture(scope="module")
def exported_near_win(tmp_path_factory) -> Path:
    """A one-board notebook, an all-but-won deal, exported (its kernel runs it once)."""
    import nbformat
    from kernelless_play import SUITED

    folder = tmp_path_factory.mktemp("near-win")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from fourseasons_widget import FourSeasons\n"
        f"FourSeasons(deck={SUITED!r}, auto_home=False, stats=False)")]
    nbformat.write(nb, folder / "near-win.ipynb")
    return ex.export(folder / "near-win.ipynb", folder / "site" / "near-win.html", timeout=300)


@pytest.mark.slow
def test_the_exported_page_plays_a_game_to_its_end_by_clicks(browser, exported_near_win: Path,
                                                            static_server):
    """Turn, a move, an illegal move refused with the Python model's words, undo, redo, every
    card home, the win — in the exported page, with every request outside 127.0.0.1 refused."""
    from kernelless_play import check, play_to_the_end

    page_text = exported_near_win.read_text(encoding="utf-8")
    boards = [m["state"] for m in json.loads(re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">\s*(.*?)\s*</script>',
        page_text, re.S).group(1))["state"].values() if "board" in m.get("state", {})]
    assert len(boards) == 1 and boards[0]["game"]["deck"].startswith("2S 3S 4S")
    with static_server(exported_near_win.parent) as base, \
            local_only_page(browser, f"{base}/{exported_near_win.name}") as page:
        root = page.locator(".fsw-root").first
        root.wait_for(timeout=30_000)
        page.wait_for_function("el => el.dataset.kernel === 'local'",
                               arg=root.element_handle(), timeout=15_000)
        seen = play_to_the_end(page, root, str(ARTIFACTS / "export-near-win"))
        print(f"\nexported page: {seen}")
        check(seen)


# the first board of the page: its card width, and its height from its top to its status line
BOARD_HEIGHT = """el => { const r = el.getBoundingClientRect();
  const c = el.querySelector('[data-pile^="cross"] > .fsw-card, [data-pile^="tableau"] > .fsw-card');
  return {card: c ? c.getBoundingClientRect().width : 0,
          board: el.querySelector('.fsw-foot').getBoundingClientRect().bottom - r.top,
          window: innerHeight}; }"""


@pytest.mark.slow
def test_the_exported_board_fits_the_window(browser, served: str, exported: Path):
    """Issue 35, item 7: on the exported page the cards were 124 px and the board 1,091 px tall
    in an 800 px window (fit.js took the page's .jp-Notebook, a block as tall as what it holds,
    for the notebook's scrolling panel).  Scrolled to, the whole board — title to status line —
    shows in the window, at 1280×800 and 420×900."""
    for width, height in ((1280, 800), (420, 900)):
        context = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            page.goto(f"{served}/{exported.name}")
            root = page.locator(".fsw-root").first
            root.wait_for()
            page.wait_for_function("el => el.dataset.kernel === 'local' && el.dataset.fit",
                                   arg=root.element_handle(), timeout=15_000)
            root.scroll_into_view_if_needed()
            m = root.evaluate(BOARD_HEIGHT)
            print(f"\nexported page {width}×{height}: card {m['card']:.1f} px, board {m['board']:.0f} px "
                  f"in a {m['window']} px window")
            page.screenshot(path=str(ARTIFACTS / f"export-fit-{width}x{height}.png"))
            assert m["board"] <= m["window"], m
        finally:
            context.close()
