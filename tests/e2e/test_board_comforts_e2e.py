"""The board as a player meets it in JupyterLab and Notebook 7 (issue 10): a drag image that
stays under the pointer (sidebar open, narrow output), popovers inside the viewport, the
keyboard given to the board by a click on the felt, moves live while a Solve runs and Cancel,
the in-board confirmation before a game in progress is dropped, a proved loss with its banner.  Each notebook session groups several
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
    # a deal the solver cannot settle in seconds: a Solve that runs until cancelled
    "slow = FourSeasons(seed=1, variant='czarina', solve_seconds=120)\nslow",
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


def _check_live_during_solve_and_cancel(nb, slow) -> None:
    """A move made while a Solve runs shows at once; Cancel stops the search."""
    slow.scroll_into_view_if_needed()
    slow.locator('button[data-action="solve"]').click()
    handle = slow.element_handle()
    nb.page.wait_for_function("el => el.classList.contains('fsw-busy-now')", arg=handle)
    assert slow.locator('button[data-action="cancel"]').is_visible()
    act(nb, slow, lambda: pile(slow, "stock").click())
    assert nb.eval("slow.game.ply") == 1 and nb.eval("slow.busy") == "solve"
    slow.locator('button[data-action="cancel"]').click()
    nb.page.wait_for_function("el => !el.classList.contains('fsw-busy-now')", arg=handle)
    assert "cancelled" in nb.eval("slow.message").lower()
    assert not slow.locator('button[data-action="cancel"]').is_visible()


def _check_confirm(nb, root) -> None:
    """New deal on a game in progress asks inside the board first."""
    act(nb, root, lambda: pile(root, "stock").click())
    ply, seed = nb.eval("w.game.ply"), nb.eval("w.game.seed")
    root.locator('button[data-action="new"]').click()
    bar = root.locator('[data-role="confirm"]')
    bar.wait_for(state="visible")
    bar.locator('[data-confirm="no"]').click()
    assert bar.is_hidden() and nb.eval("w.game.ply") == ply
    root.locator('button[data-action="new"]').click()
    act(nb, root, lambda: bar.locator('[data-confirm="yes"]').click())
    assert nb.eval("w.game.ply") == 0 and nb.eval("w.game.seed") != seed


def test_jupyterlab_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook(CELLS, expect_widgets=3)
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

    _check_live_during_solve_and_cancel(nb, nb.widgets().nth(2))
    root.scroll_into_view_if_needed()
    _check_confirm(nb, root)


def test_notebook7_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook([*CELLS, "lost = FourSeasons(seed=0, variant='corners')\nlost"],
                       app="notebook", expect_widgets=4)
    root, narrow = nb.widgets().nth(0), nb.widgets().nth(1)
    root.scroll_into_view_if_needed()
    _check_drag(nb, root, "Notebook 7", artifacts)
    _check_focus(nb, root)
    assert inside_viewport(popover_rect(nb.page, root))
    narrow.scroll_into_view_if_needed()
    _check_drag(nb, narrow, "Notebook 7, 420 px output", artifacts)
    assert inside_viewport(popover_rect(nb.page, narrow))
    _check_live_during_solve_and_cancel(nb, nb.widgets().nth(2))

    # a proved loss: said at once, once, with the banner and its buttons
    lost = nb.widgets().nth(3)
    lost.scroll_into_view_if_needed()
    lost.locator('button[data-action="hint"]').click()
    banner = lost.locator('[data-role="banner"]')
    nb.page.wait_for_function("el => el.dataset.kind === 'lost'", arg=banner.element_handle())
    assert lost.get_attribute("data-status") == "lost" and nb.eval("lost.status") == "lost"
    assert "cannot be won" in nb.eval("lost.message")
    nb.page.screenshot(path=str(artifacts / "nb7-lost-banner.png"))
    act(nb, lost, lambda: banner.locator('[data-banner="again"]').click())
    assert nb.eval("lost.game.ply") == 0 and nb.eval("lost.game.seed") == 0
