"""The board as a player meets it in JupyterLab and Notebook 7 (issue 10): a drag image that
stays under the pointer (sidebar open, narrow output), popovers inside the viewport, and the
keyboard given to the board by a click on the felt.  Each notebook session groups several
checks, to keep the browser time modest."""

from __future__ import annotations

import pytest
from board_probes import (
    DRAG_TOLERANCE,
    board_has_keys,
    click_felt,
    drag_offsets,
    focus_ring,
    inside_viewport,
    popover_rect,
    worst,
)
from test_board_e2e import DECK, act, card, pile

pytestmark = pytest.mark.e2e

# a full-width board and one in a 420 px output, both on the test deck
CELLS = [
    f"""from fourseasons_widget import FourSeasons
w = FourSeasons(deck="{DECK}")
narrow = FourSeasons(deck="{DECK}")
w""",
    "narrow.layout.width = '420px'\nnarrow",
]


def _check_drag(nb, root, where: str, artifacts) -> None:
    target = pile(root, "cross:2").bounding_box()
    offs = drag_offsets(nb.page, card(root, "cross:3", "5D"),
                        (target["x"] + target["width"] / 2, target["y"] + 20))
    if len(offs) < 5:
        nb.page.screenshot(path=str(artifacts / "drag-failed.png"))
    assert len(offs) >= 5, f"{where}: the drag image did not appear"
    assert worst(offs) <= DRAG_TOLERANCE, f"{where}: drag image off the pointer by {offs}"


def _check_focus(nb, root) -> None:
    # the keyboard with the notebook (as after a click on another cell)
    nb.page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.focus()")
    assert not board_has_keys(nb.page, root)
    click_felt(root)
    assert board_has_keys(nb.page, root), "a click on the felt gives the board the keyboard"
    ring = focus_ring(nb.page, root)
    assert ring.startswith("solid") and not ring.endswith(" 0px"), ring
    old = nb.eval("w.game.ply")
    act(nb, root, lambda: nb.page.keyboard.press("t"))
    assert nb.eval("w.game.ply") == old + 1 and nb.eval("str(w.game.history[-1])").endswith("s>w")
    act(nb, root, lambda: nb.page.keyboard.press("u"))


def test_jupyterlab_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook(CELLS, expect_widgets=2)
    page = nb.page
    shell_left = "() => window.jupyterapp.shell.leftCollapsed"
    if page.evaluate(shell_left):  # the file browser open: the notebook stands right of it
        nb.execute("application:toggle-left-area")
    page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed")
    root, narrow = nb.widgets().nth(0), nb.widgets().nth(1)
    root.scroll_into_view_if_needed()
    _check_drag(nb, root, "JupyterLab, sidebar open", artifacts)
    _check_focus(nb, root)

    narrow.scroll_into_view_if_needed()
    assert narrow.bounding_box()["width"] <= 421
    _check_drag(nb, narrow, "JupyterLab, 420 px output", artifacts)
    r = popover_rect(page, narrow)
    assert inside_viewport(r), f"Keys popover of the 420 px board: {r}"

    # 1280 px with the sidebar collapsed: the Keys button wraps to a row's start
    nb.execute("application:toggle-left-area")
    page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed")
    root.scroll_into_view_if_needed()
    r = popover_rect(page, root)
    assert inside_viewport(r), f"Keys popover at 1280 px, sidebar collapsed: {r}"
    root.locator('[data-role="help"] summary').click()
    page.screenshot(path=str(artifacts / "lab-keys-popover-1280.png"))
    root.locator('[data-role="help"] summary').click()


def test_notebook7_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook(CELLS, app="notebook", expect_widgets=2)
    root, narrow = nb.widgets().nth(0), nb.widgets().nth(1)
    root.scroll_into_view_if_needed()
    _check_drag(nb, root, "Notebook 7", artifacts)
    _check_focus(nb, root)
    assert inside_viewport(popover_rect(nb.page, root))
    narrow.scroll_into_view_if_needed()
    _check_drag(nb, narrow, "Notebook 7, 420 px output", artifacts)
    assert inside_viewport(popover_rect(nb.page, narrow))
