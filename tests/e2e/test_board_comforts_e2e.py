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


def _check_kernel_seen(nb, root) -> None:
    """With a live kernel the board never claims to have none (the export test checks the
    other side: tests/e2e/test_export_e2e.py)."""
    nb.page.wait_for_function("el => el.dataset.kernel === 'live'", arg=root.element_handle())
    assert root.locator('[data-role="banner"]').get_attribute("data-kind") != "offline"
    assert not root.locator('button[data-action="hint"]').is_disabled()


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
    """New deal on a game in progress asks inside the board first (Python's question, on the
    banner: Deal anyway / Keep playing)."""
    act(nb, root, lambda: pile(root, "stock").click())
    ply, seed = nb.eval("w.game.ply"), nb.eval("w.game.seed")
    banner = root.locator('[data-role="banner"]')
    asked = "el => el.dataset.kind === 'confirm'"
    root.locator('button[data-action="new"]').click()
    nb.page.wait_for_function(asked, arg=banner.element_handle())
    assert "given up" in banner.inner_text()
    banner.locator('[data-offer="cancel"]').click()
    nb.page.wait_for_function("el => el.dataset.kind === ''", arg=banner.element_handle())
    assert nb.eval("w.game.ply") == ply
    root.locator('button[data-action="new"]').click()
    nb.page.wait_for_function(asked, arg=banner.element_handle())
    act(nb, root, lambda: banner.locator('[data-offer="confirm"]').click())
    assert nb.eval("w.game.ply") == 0 and nb.eval("w.game.seed") != seed


def _check_clock_and_stats(nb, root) -> None:
    """The clock runs from the first move and stops while the page is hidden; the Stats panel
    shows the game given up by a confirmed New deal, inside the viewport."""
    act(nb, root, lambda: pile(root, "stock").click())
    clock = root.locator('[data-role="clock"]')
    nb.page.wait_for_function("el => /time \\d+:\\d\\d/.test(el.textContent)",
                              arg=clock.element_handle())
    assert nb.eval("w._tracker.running")
    hide = """h => { Object.defineProperty(document, 'hidden', {value: h, configurable: true});
                     document.dispatchEvent(new Event('visibilitychange')); }"""
    nb.page.evaluate(hide, True)
    nb.page.wait_for_function("() => true")
    for _ in range(50):
        if nb.eval("w.paused"):
            break
        nb.page.wait_for_timeout(100)
    assert nb.eval("w.paused") and not nb.eval("w._tracker.running")
    nb.page.evaluate(hide, False)
    # give this game up: a fresh deal (Deal anyway dealt it) the player has moved on counts; the
    # first game, given by deck=, recorded nothing when it was given up
    banner = root.locator('[data-role="banner"]')
    root.locator('button[data-action="new"]').click()
    nb.page.wait_for_function("el => el.dataset.kind === 'confirm'", arg=banner.element_handle())
    act(nb, root, lambda: banner.locator('[data-offer="confirm"]').click())
    stats = root.locator('[data-role="stats"]')
    stats.locator("summary").click()
    panel = root.locator('[data-role="stats-panel"]')
    panel.wait_for(state="visible")
    text = panel.inner_text()
    assert "Given up" in text and nb.eval("w.board['stats']['abandoned']") >= 1
    r = panel.evaluate("p => { const r = p.getBoundingClientRect(); return [r.left, r.right]; }")
    assert r[0] >= 0 and r[1] <= nb.page.viewport_size["width"], r
    stats.locator("summary").click()


def test_jupyterlab_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook(CELLS, expect_widgets=3)
    page = nb.page
    shell_left = "() => window.jupyterapp.shell.leftCollapsed"
    if page.evaluate(shell_left):  # the file browser open: the notebook stands right of it
        nb.execute("application:toggle-left-area")
    page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed")
    root, narrow = nb.widgets().nth(0), nb.widgets().nth(1)
    root.scroll_into_view_if_needed()
    _check_kernel_seen(nb, root)
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
    _check_clock_and_stats(nb, root)


def test_notebook7_drag_focus_popover(open_notebook, artifacts):
    nb = open_notebook([*CELLS, "lost = FourSeasons(seed=0, variant='corners')\nlost",
                        "later = FourSeasons(seed=2, variant='czarina')\nlater"],
                       app="notebook", expect_widgets=5)
    root, narrow = nb.widgets().nth(0), nb.widgets().nth(1)
    root.scroll_into_view_if_needed()
    _check_kernel_seen(nb, root)
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
    lost.locator('button[data-action="solver_hint"]').click()  # (it knows the stock: proves it)
    banner = lost.locator('[data-role="banner"]')
    nb.page.wait_for_function("el => el.dataset.kind === 'lost'", arg=banner.element_handle())
    assert lost.get_attribute("data-status") == "lost" and nb.eval("lost.status") == "lost"
    assert "cannot be won" in nb.eval("lost.message")
    nb.page.screenshot(path=str(artifacts / "nb7-lost-banner.png"))
    # lost at the deal: the same deal again would be lost again, so only "Next deal" is offered
    assert banner.locator('[data-offer="play_again"]').count() == 0
    assert "Undo" not in banner.inner_text()
    assert lost.locator('button[data-action="solve"]').is_disabled()
    act(nb, lost, lambda: banner.locator('[data-offer="next_deal"]').click())
    assert nb.eval("lost.game.ply") == 0 and nb.eval("lost.game.seed") != 0
    assert nb.eval("lost.game.rules.variant") == "corners"

    # the Czarina game in progress on `slow` (a move was made during the solve) is saved, but
    # it is that live board's: another board of the variant does not offer it, so two boards
    # never play (and record) one game
    assert nb.eval("__import__('fourseasons_widget.store.stats').stats.Stats()"
                   ".unfinished('czarina') is not None")
    later = nb.widgets().nth(4)
    old = int(later.get_attribute("data-version"))
    nb.run("later.refresh()")
    nb.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                              arg=[later.element_handle(), old])
    later.scroll_into_view_if_needed()
    offer = later.locator('[data-role="banner"]')
    assert offer.get_attribute("data-kind") != "resume", offer.inner_text()
    assert offer.locator('[data-offer="resume"]').count() == 0
    assert nb.eval("later.game.seed == 2 and later.game.ply == 0")
