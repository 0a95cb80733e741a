"""Drops land where the card is, with the mouse (issue 35, item 6): a card dragged 60% over the
highlighted J♠ with the pointer off the J♠'s box lands on it (it used to snap back, without a
word: the drop went by the pointer); a card that cannot move is dragged too, and its drop is
refused with the rule's words, as a click's would be."""

from __future__ import annotations

import pytest
from board_probes import act

pytestmark = pytest.mark.e2e

SEED7 = "from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7, stats=False)\nw"


def drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A person's drag: press, move in steps, release (no synthetic drop event)."""
    page.mouse.move(*start)
    page.mouse.down()
    steps = 12
    for i in range(1, steps + 1):
        page.mouse.move(start[0] + (end[0] - start[0]) * i / steps,
                        start[1] + (end[1] - start[1]) * i / steps)
    page.mouse.up()


def test_a_card_dropped_mostly_on_its_target_lands_there(open_notebook, artifacts):
    nb = open_notebook([SEED7])
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})
    root = nb.widgets().first
    ten = root.locator('[data-pile="cross:1"] > [data-card="TC"]')
    jack = root.locator('[data-pile="cross:4"] > [data-card="JS"]')
    jack.scroll_into_view_if_needed()
    c, j = ten.bounding_box(), jack.bounding_box()
    # grabbed 3 px inside its right edge; dropped with its left edge 40% of a card into the
    # J♠: 60% of the 10♣ over the J♠, the pointer 0.4 card widths right of the J♠'s box
    grab = (c["x"] + c["width"] - 3, c["y"] + c["height"] / 2)
    left, top = j["x"] + 0.4 * j["width"], j["y"]
    end = (left + c["width"] - 3, top + c["height"] / 2)
    assert end[0] > j["x"] + j["width"] + 5, "the pointer is outside the J♠"
    act(nb, root, lambda: drag(page, grab, end))
    root.screenshot(path=str(artifacts / "drop-by-overlap.png"))
    assert nb.eval("[str(m) for m in w.game.history]") == ["TC c1>c4"]
    assert root.locator('[data-pile="cross:4"] > [data-card="TC"]').count() == 1


def test_a_refused_drop_says_why(open_notebook, artifacts):
    nb = open_notebook([SEED7])
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})
    root = nb.widgets().first
    # 5♥ (the left of the cross) cannot move: dragged onto the 8♣ all the same
    five = root.locator('[data-pile="cross:0"] > [data-card="5H"]')
    eight = root.locator('[data-pile="cross:2"] > [data-card="8C"]')
    five.scroll_into_view_if_needed()
    f, e = five.bounding_box(), eight.bounding_box()
    drag(page, (f["x"] + f["width"] / 2, f["y"] + f["height"] / 2),
         (e["x"] + e["width"] / 2, e["y"] + e["height"] / 2))
    status = root.locator('[data-role="status"]')
    page.wait_for_function("el => /cannot go on/.test(el.textContent)", arg=status.element_handle())
    text = status.inner_text()
    root.screenshot(path=str(artifacts / "drop-refused.png"))
    assert "5♥ cannot go on 8♣" in text or "five of hearts" in text.lower(), text
    assert nb.eval("w.ply") == 0
