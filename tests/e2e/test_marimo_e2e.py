"""The board in real marimo (``marimo run`` and ``marimo edit``, headless Chromium, offline on
127.0.0.1).

A person plays a game in a marimo app: the board draws and plays, a cell that reads
``board.value`` reacts to each move, a slow cell run beside the board loses none of the moves
made while it runs, the dark theme is readable and the board fits its cell (screenshots in
``artifacts/``, light and dark).  In ``marimo edit`` each cell's output box is at most 610 px
tall and scrolls within: the board fits in it, whole, with cards a person can read.
"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from jupyter_harness import free_port, local_only_page

pytest.importorskip("marimo")
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = pathlib.Path(__file__).resolve().parents[2]

APP = '''
import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import time

    import marimo as mo

    from fourseasons_widget import FourSeasons

    board = mo.ui.anywidget(FourSeasons(seed=7, stats=False))
    runs = []  # (how often the cell below has run)
    board
    return board, mo, runs, time


@app.cell
def _(board, mo, runs):
    runs.append(1)
    mo.md(f"Python's board: ply {board.value['ply']}, status {board.value['status']}, "
          f"game ply {board.widget.game.ply}, runs {len(runs)}")
    return


@app.cell
def _(mo):
    slow = mo.ui.run_button(label="Run the slow cell")
    slow
    return (slow,)


@app.cell
def _(mo, slow, time):
    if slow.value:
        time.sleep(8)
    mo.md("slow cell done" if slow.value else "slow cell idle")
    return
'''


def _serve(tmp_path, app: str, command: str, theme: str = "light", **env_extra: str):
    """``marimo <command>`` (run, edit) of ``app`` on 127.0.0.1; yields its URL."""
    (tmp_path / "app.py").write_text(app)
    config = tmp_path / "config" / "marimo"
    config.mkdir(parents=True)
    (config / "marimo.toml").write_text(f'[display]\ntheme = "{theme}"\n')
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           **env_extra}
    proc = subprocess.Popen([sys.executable, "-m", "marimo", command, "--headless", "--no-token",
                             "--host", "127.0.0.1", "--port", str(port), str(tmp_path / "app.py")],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture(params=[("light", 1280), ("dark", 1280), ("light", 420)],
                ids=["light-1280", "dark-1280", "light-420"])
def marimo_app(request, tmp_path):
    """``marimo run`` of the app above, with marimo's theme set to light or dark (and the
    width of the window the app is opened in)."""
    theme, width = request.param
    for url in _serve(tmp_path, APP, "run", theme):
        yield theme, width, url


def _luminance(css: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_a_game_in_marimo(marimo_app, browser, artifacts):
    theme, width, url = marimo_app
    with local_only_page(browser, url, width=width, height=800) as page:
        page.set_default_timeout(60_000)
        stock = page.locator('[data-pile="stock"]')
        stock.wait_for()
        root = page.locator(".fsw-root")
        said = page.get_by_text(re.compile(r"Python's board: ply \d+"))
        said.wait_for()
        # a kernel that answered: live
        page.wait_for_function(
            "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
            "e.shadowRoot.querySelector('.fsw-root[data-kernel=\"live\"]'))")
        stock.click()
        page.get_by_text("Python's board: ply 1,").wait_for()
        # a slow cell beside the board: the moves made while it runs are all played
        page.get_by_role("button", name="Run the slow cell").click()
        page.wait_for_timeout(1000)  # (the slow cell is running now; not an assertion)
        for _ in range(3):
            stock.click()
            page.wait_for_timeout(300)
        page.get_by_text("slow cell done").wait_for()
        page.get_by_text("Python's board: ply 4,").wait_for()
        assert root.get_attribute("data-kernel") == "live"
        # readable in the page's theme, and the board within its cell
        assert root.get_attribute("data-page-theme") == theme
        title = root.locator(".fsw-title").evaluate("e => getComputedStyle(e).color")
        if theme == "dark":
            assert _luminance(title) > 0.7, title
        else:
            assert _luminance(title) < 0.3, title
        box, cell = root.bounding_box(), page.locator(".output-area").first.bounding_box()
        assert box["x"] >= cell["x"] - 1 and box["x"] + box["width"] <= cell["x"] + cell["width"] + 1
        page.screenshot(path=str(artifacts / f"marimo-{theme}-{width}.png"))
        if (theme, width) != ("light", 1280):
            return
        # a view option is no write of the board's value: no cell runs again for it (the
        # undo after it runs the reacting cell once, and says the game's ply from Python)
        runs = int(re.search(r"runs (\d+)", said.inner_text()).group(1))
        root.locator("summary", has_text="View").click()
        root.locator('[data-role="card-face"]').select_option("large")
        page.wait_for_function(
            "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
            "e.shadowRoot.querySelector('.fsw-root.fsw-face-large'))")
        root.get_by_role("button", name=re.compile("^Undo")).click()
        page.get_by_text(f"Python's board: ply 3, status playing, game ply 3, runs {runs + 1}").wait_for()


EDIT_APP = APP.split("@app.cell\ndef _(mo):")[0].replace('marimo.App(width="medium")',
                                                          "marimo.App()")


def test_the_board_fits_its_cell_in_marimo_edit(tmp_path, browser, artifacts):
    """``marimo edit``, its default (compact) width, 1280 px: a person runs the notebook
    (marimo's Run button), and the board stands whole in its cell's output box — no scrolling
    within the cell — as wide as the box, cards still legible; a move by mouse reaches the
    cell that reads the board."""
    for url in _serve(tmp_path, EDIT_APP, "edit"):
        with local_only_page(browser, url, width=1280, height=800) as page:
            page.set_default_timeout(60_000)
            page.get_by_text("import marimo as mo").wait_for()
            page.get_by_test_id("run-button").last.click()  # (run the stale cells)
            stock = page.locator('[data-pile="stock"]')
            stock.wait_for()
            page.get_by_text("Python's board: ply 0,").wait_for()
            root = page.locator(".fsw-root")
            page.wait_for_function(  # (fitted: the board has measured its cell)
                "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
                "e.shadowRoot.querySelector('.fsw-root[data-fit]'))")
            out = page.locator(".output-area", has=page.locator("marimo-anywidget")).first
            bound, inner, whole, width = out.evaluate(
                "o => [getComputedStyle(o).maxHeight, o.clientHeight, o.scrollHeight,"
                " o.clientWidth]")
            assert bound == "610px"  # (marimo's bound: what this test is about)
            assert whole <= inner + 1, f"the board scrolls within its cell: {whole} > {inner}"
            box = root.bounding_box()
            assert box["width"] >= width - 40  # (the box's width, less its padding)
            card = root.locator(".fsw-card").first.bounding_box()
            assert card["width"] >= 40, card
            stock.click()
            page.get_by_text("Python's board: ply 1,").wait_for()
            page.screenshot(path=str(artifacts / "marimo-edit-light-1280.png"))


SHARED_APP = """
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from fourseasons_widget import FourSeasons

    board = mo.ui.anywidget(FourSeasons(seed=7))
    board
    return board, mo


@app.cell
def _(board, mo):
    mo.md(f"Python's board: ply {board.value['ply']}")
    return
"""


def test_two_visitors_of_a_marimo_app_keep_their_own_statistics(tmp_path, browser):
    """``marimo run`` serves everyone from one process: the game one visitor leaves is not
    offered to the next, and nothing is written to the server's own statistics file."""
    from fourseasons_widget.store.stats import Stats

    data = tmp_path / "server-data"
    for url in _serve(tmp_path, SHARED_APP, "run", FOURSEASONS_WIDGET_DATA=str(data)):
        with local_only_page(browser, url, width=1280, height=800) as alice:
            alice.set_default_timeout(60_000)
            alice.get_by_text("Python's board: ply 0").wait_for()
            for ply in (1, 2):
                alice.locator('[data-pile="stock"]').click()
                alice.get_by_text(f"Python's board: ply {ply}").wait_for()
            with local_only_page(browser, url, width=1280, height=800) as bob:
                bob.set_default_timeout(60_000)
                bob.get_by_text("Python's board: ply 0").wait_for()
                bob.wait_for_function(
                    "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && "
                    "e.shadowRoot.querySelector('.fsw-root[data-kernel=\"live\"]'))")
                banner = bob.locator('[data-role="banner"]')
                assert banner.get_attribute("data-kind") != "resume", banner.inner_text()
    # (the server has stopped: what it wrote is all written)
    server = Stats(data / "stats.sqlite")
    assert server.unfinished("standard") is None and server.history() == []
