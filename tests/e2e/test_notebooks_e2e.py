"""The companion notebooks in a real JupyterLab: run all, and the live boards are there.

Uses the fixtures of ``conftest.py`` (a real server on 127.0.0.1, Debian's chromium).  The Play
notebook must give playable boards (a click reaches the kernel; two views of one board agree),
and the Search notebook's solved line must replay in the browser without the kernel.
"""

from __future__ import annotations

import pathlib

import pytest

pytestmark = pytest.mark.e2e

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
ERRORS = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
          ' .jp-RenderedText:has-text("Traceback")')


def _no_errors(nb) -> None:
    assert nb.page.locator(ERRORS).count() == 0
    assert nb.page.locator(".jp-OutputArea-executeResult .jp-RenderedText:has-text('Error')").count() == 0


def _cards_in_every_board(nb) -> int:
    boards = nb.widgets()
    n = boards.count()
    for i in range(n):
        assert boards.nth(i).locator("[data-card]").count() > 0, f"board {i} shows no card"
    return n


def test_play_notebook(open_notebook, artifacts):
    # the board, the demo board, its second view, the Czarina board and the beginner's lost
    # game shown at its turning point (the first exercise reads a position printed as text)
    nb = open_notebook(NOTEBOOKS / "01-play.ipynb", expect_widgets=5)
    _no_errors(nb)
    assert _cards_in_every_board(nb) == 5
    # the analysed board: rewound to the turning point, the losing move marked in its list
    lost = nb.widgets().nth(4)
    assert nb.eval("lost.game.ply") == nb.eval("report.turning_point")
    assert lost.locator(".fsw-played-from").count() == 1
    assert lost.locator('[data-role="turning-point"]').count() == 1
    assert nb.eval("board.game.ply") == 0
    nb.page.screenshot(path=str(artifacts / "notebook-01-play.png"))

    # the first board plays: turning the stock is a move in the kernel's Game
    first = nb.widgets().nth(0)
    first.scroll_into_view_if_needed()
    old = int(first.get_attribute("data-version"))
    first.locator('[data-pile="stock"]').click()
    nb.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                              arg=[first.element_handle(), old])
    assert nb.eval("board.game.ply") == 1

    # the demo board is displayed twice; both views show the same position
    demo, again = nb.widgets().nth(1), nb.widgets().nth(2)
    assert demo.get_attribute("data-version") == again.get_attribute("data-version")
    assert (demo.locator("[data-card]").count() == again.locator("[data-card]").count())


def test_search_notebook_replays_in_the_browser(open_notebook, artifacts):
    # four search views (the toy position side by side, the lesson position, and the student's
    # own search — the library's A* until it is written), then the two boards side by side
    nb = open_notebook(NOTEBOOKS / "05-search.ipynb", expect_widgets=6)
    _no_errors(nb)
    _cards_in_every_board(nb)
    assert nb.page.locator(".fsv-root").count() == 4
    # the matplotlib figure (branching factor) was drawn
    assert nb.page.locator(".jp-RenderedImage img").count() >= 1

    # depth-first's line (left) is longer than A*'s (right), both ready to replay
    left, board = nb.widgets().nth(4), nb.widgets().nth(5)
    board.scroll_into_view_if_needed()
    ply = nb.eval("right.game.ply")
    lengths = []
    for b in (left, board):
        enter = b.locator('[data-replay="enter"]')
        if enter.is_visible():  # the line was published before the view existed
            enter.click()
        b.locator('[data-role="replay"]').wait_for(state="visible")
        lengths.append(int(b.locator('[data-role="replay-slider"]').get_attribute("max")))
    assert lengths[0] > lengths[1] >= 10, lengths
    slider = board.locator('[data-role="replay-slider"]')
    n = int(slider.get_attribute("max"))
    info = board.locator('[data-role="replay-info"]')
    assert info.inner_text().startswith("0 /")
    board.locator('[data-replay="next"]').click()
    assert info.inner_text().startswith("1 /")
    board.locator('[data-replay="last"]').click()
    assert info.inner_text() == f"{n} / {n}"
    board.locator('[data-replay="first"]').click()
    board.locator('[data-replay="play"]').click()  # plays on a timer in the browser
    nb.page.wait_for_function("el => !el.textContent.startsWith('0 /')", arg=info.element_handle())
    nb.page.screenshot(path=str(artifacts / "notebook-05-search-replay.png"))
    # the replay is a view of the solved line: the kernel's game did not move
    assert nb.eval("right.game.ply") == ply
