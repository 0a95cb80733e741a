"""The static HTML export: the live boards render offline, from local files only.

The Play notebook is executed and exported to a temporary folder, served on 127.0.0.1, and
opened in Chromium with every request outside that server blocked; the boards must appear
(``[data-card]`` elements drawn by the widget's own JavaScript from the embedded state).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

from fourseasons_widget import export as ex

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    os.environ.setdefault("MPLBACKEND", "Agg")
    out = tmp_path_factory.mktemp("export") / "site" / "play.html"
    page = ex.export(ROOT / "notebooks" / "01-play.ipynb", out, timeout=300)
    return page


@pytest.fixture
def served(exported: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(exported.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


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


def _open(browser, url: str, shot: str) -> tuple[int, list[str], list[str]]:
    """Open ``url`` with only 127.0.0.1 (and blob:/data:/file:) allowed; returns the number of
    cards drawn, the blocked requests and the page errors.  ``browser`` is the session's
    chromium (tests/e2e/conftest.py: a missing browser skips locally, fails in CI)."""
    blocked: list[str] = []
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()

        def route(r) -> None:
            u = r.request.url
            if u.startswith(("http://127.0.0.1:", "blob:", "data:", "file:")):
                r.continue_()
            else:
                blocked.append(u)
                r.abort()

        page.route("**/*", route)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_selector("[data-card]", timeout=30_000)
        page.wait_for_selector("[data-pile]", timeout=10_000)
        cards = page.locator("[data-card]").count()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / shot), full_page=False)
    finally:
        context.close()
    return cards, blocked, errors


@pytest.mark.slow
def test_boards_render_offline_over_http(browser, served: str, exported: Path):
    cards, blocked, errors = _open(browser, f"{served}/{exported.name}", "export-play.png")
    assert cards >= 6, cards  # at least the five cross cards and the base card of one board
    assert blocked == [], f"the page reached outside 127.0.0.1: {blocked}"
    assert errors == [], errors


@pytest.mark.slow
def test_boards_render_from_a_copied_folder_opened_as_a_file(browser, exported: Path,
                                                             tmp_path: Path):
    """A teacher may just copy the folder and double-click the page."""
    copy = tmp_path / "copied"
    shutil.copytree(exported.parent, copy)
    cards, blocked, errors = _open(browser, (copy / exported.name).as_uri(),
                                   "export-play-file.png")
    assert cards >= 6
    assert blocked == [] and errors == []


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
def test_without_a_kernel_the_board_says_so_and_drags_and_popovers_fit(browser, served: str,
                                                                      exported: Path):
    """The exported page: no kernel behind the boards.  They say so on the board, grey out
    what needs Python, keep replay and browsing; the drag image follows the pointer and the Keys
    popover stays in the viewport, at 1100 px and in a ~420 px window."""
    from board_probes import DRAG_TOLERANCE, drag_offsets, inside_viewport, popover_rect, worst

    for width in (1100, 420):
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            page = context.new_page()
            page.goto(f"{served}/{exported.name}")
            root = page.locator(".fsw-root").first
            root.wait_for()
            page.wait_for_function("el => el.dataset.kernel === 'none'",
                                   arg=root.element_handle(), timeout=15_000)
            banner = root.locator('[data-role="banner"]')
            assert "playing needs Python" in banner.inner_text()
            for action in ("new", "deal", "hint", "solve", "auto_finish"):
                assert root.locator(f'button[data-action="{action}"]').is_disabled(), action
            assert root.locator('[data-role="variant"]').is_disabled()
            assert not root.locator('[data-role="help"] summary').is_disabled()
            # a click on the stock asks nothing of a kernel; the board says why
            before = root.get_attribute("data-version")
            root.locator('[data-pile="stock"]').click()
            assert "needs Python" in root.locator('[data-role="status"]').inner_text()
            assert root.get_attribute("data-version") == before
            # drag: a card that has a legal move (the embedded state carries them)
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
