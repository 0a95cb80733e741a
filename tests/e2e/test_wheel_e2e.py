"""The installed wheel, drawn by a browser: what a student meets after
``pip install fourseasons_widget-*.whl jupyterlab`` in a fresh venv (conftest's
``student_venv``: only the venv on PATH, so no Node.js, and nothing of this checkout on the path).

- JupyterLab started **from that venv** (its server, its kernel, the widget front ends it
  installed): ``notebooks/01-play.ipynb`` is opened and run in headless Chromium, every board is
  drawn with cards of real size, and a click on the stock takes a card from the stock (the
  count shown in the page goes down by one, and the kernel's game has one move).
- A notebook run and exported in that venv: Chromium draws the board from the page and the
  offline scripts that came in the wheel.

In both, every request to a host other than 127.0.0.1 is refused and counted (none may be
made).  Printed, not asserted: the server's start, the notebook's Run All to its boards, and
the click-to-board time.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from jupyter_harness import ARTIFACTS, JupyterServer, open_notebook
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
BOARD = ".fsw-root:not(.fsv-root)"
PLAY_BOARDS = 5  # 01-play: the board, the demo board twice, Czarina, the lost game


def refuse_outside(page, allowed: str) -> list[str]:
    """Let the page reach only ``allowed`` (and data:/blob:); returns the list of the refused."""
    refused: list[str] = []

    def route(r) -> None:
        if r.request.url.startswith((allowed + "/", "data:", "blob:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return refused


def stock_count(root) -> int:
    """The number the stock pile shows (its cards left), once the board has settled (fit.js
    sizes the cards, and may redraw the board once, in the frames after it is first drawn)."""
    stock = root.locator('[data-pile="stock"]')
    with contextlib.suppress(PlaywrightTimeout):
        stock.page.wait_for_function("el => /\\d/.test(el.innerText)", arg=stock.element_handle(),
                                     timeout=10_000)
    text = stock.inner_text()
    numbers = re.findall(r"\d+", text)
    assert numbers, f"the stock shows no count: {text!r}"
    return int(numbers[-1])


@pytest.fixture
def lab_from_the_venv(student_venv):
    py, env = student_venv
    server = JupyterServer("lab", python=str(py), env=env)
    t0 = time.perf_counter()
    server.start(timeout=180)
    server.started_in = time.perf_counter() - t0
    yield server
    server.stop()


def test_the_wheel_installed_with_jupyterlab_draws_the_play_notebook(
        lab_from_the_venv, student_venv, browser):
    server = lab_from_the_venv
    py, _ = student_venv
    venv = str(py.parent.parent)
    shutil.copy(NOTEBOOKS / "01-play.ipynb", server.root / "01-play.ipynb")
    context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        refused = refuse_outside(page, server.base)
        t0 = time.perf_counter()
        nb = open_notebook(page, server, "01-play.ipynb", expect_widgets=PLAY_BOARDS,
                           timeout=300)
        run_all = time.perf_counter() - t0
        try:
            # the kernel is the venv's Python with the installed package, not this checkout
            where = nb.eval("[__import__('sys').executable, "
                            "__import__('fourseasons_widget').__file__]")
            assert all(w.startswith(venv) for w in where), (where, venv)
            # the page got the widget front ends from the venv's server (labextensions)
            exts = page.evaluate("""() => performance.getEntriesByType('resource')
                .map(e => e.name).filter(n => n.includes('/lab/extensions/'))
                .map(n => n.split('/lab/extensions/')[1].split('/static/')[0])""")
            assert "anywidget" in exts, sorted(set(exts))

            boards = page.locator(BOARD)
            assert boards.count() == PLAY_BOARDS
            sizes = []
            for i in range(PLAY_BOARDS):
                b = boards.nth(i)
                b.scroll_into_view_if_needed()
                cards = b.locator("[data-card]")
                assert cards.count() >= 5, f"board {i}: {cards.count()} cards"
                box = cards.first.bounding_box()
                assert box and box["width"] >= 20 and box["height"] >= 30, (i, box)
                sizes.append((round(box["width"]), round(box["height"])))

            # a click on the stock of the first board: the count shown goes down by one
            first = boards.first
            first.scroll_into_view_if_needed()
            page.wait_for_function("el => el.dataset.kernel === 'live'",
                                   arg=first.element_handle(), timeout=60_000)
            before = stock_count(first)
            waste0 = first.locator('[data-pile="waste"] [data-card]').count()
            t_click = time.perf_counter()
            first.locator('[data-pile="stock"]').click()
            page.wait_for_function(
                """([el, n]) => {
                    const m = (el.querySelector('[data-pile="stock"]').innerText.match(/\\d+/g)
                               || []);
                    return m.length && Number(m[m.length - 1]) === n - 1;
                }""", arg=[first.element_handle(), before], timeout=60_000)
            click_s = time.perf_counter() - t_click
            assert stock_count(first) == before - 1
            assert first.locator('[data-pile="waste"] [data-card]').count() == waste0 + 1
            assert nb.eval("board.game.ply") == 1
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "wheel-lab-01.png"))
            print(f"\nwheel in JupyterLab: server started in {server.started_in:.1f} s, "
                  f"01-play run to its {PLAY_BOARDS} boards in {run_all:.1f} s, card sizes "
                  f"{sizes}, stock {before} -> {before - 1} in {1000 * click_s:.0f} ms "
                  f"after the click")
            assert refused == [], refused
        finally:
            nb.close()
    finally:
        context.close()


def test_a_notebook_exported_from_the_installed_wheel_draws_a_board(
        student_venv, browser, static_server, tmp_path: Path):
    """The installed package runs a notebook (its own kernel in the venv) and exports it with
    the offline scripts that came in the wheel; Chromium draws the board from that page."""
    py, env = student_venv
    nb = tmp_path / "student.ipynb"
    nb.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {},
                   "outputs": [], "source": "from fourseasons_widget import FourSeasons\n"
                                             "FourSeasons(seed=7)"}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}))
    out = tmp_path / "out" / "student.html"
    proc = subprocess.run([str(py), "-m", "fourseasons_widget.tools.export", str(nb), "-o",
                           str(out)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]

    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        with static_server(out.parent) as base:
            page = context.new_page()
            refused = refuse_outside(page, base)
            page.goto(f"{base}/{out.name}")
            root = page.locator(".fsw-root").first
            root.locator("[data-card]").first.wait_for(timeout=30_000)
            cross = root.locator('[data-pile^="cross"] [data-card]').count()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "wheel-export.png"))
            assert cross == 5, cross  # the five cross cards of seed 7
            assert refused == [], refused
    finally:
        context.close()
