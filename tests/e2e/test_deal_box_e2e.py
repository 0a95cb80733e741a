"""The deal box shows a whole 9-digit seed at 420 px (issue 35, item 7): an older board's deal
("seed 679632321") read back in full, not cut to "seed 679", in JupyterLab and Notebook 7."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_nine_digit_seed_shows_whole_at_420(open_notebook, artifacts, app):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\n"
                        "w = FourSeasons(seed=679632321, stats=False)\nw"], app=app)
    page = nb.page
    page.set_viewport_size({"width": 420, "height": 900})
    if app == "lab" and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")  # (as a player at 420 px would)
    page.wait_for_timeout(400)
    root = nb.widgets().first
    value, needs, room = root.locator('[data-role="seed"]').evaluate(
        """e => { const cs = getComputedStyle(e), ctx = document.createElement('canvas').getContext('2d');
          ctx.font = cs.font;
          return [e.value, ctx.measureText(e.value).width,
                  e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)]; }""")
    root.screenshot(path=str(artifacts / f"deal-box-{app}-420.png"))
    assert value == "seed 679632321"
    assert needs <= room, f"{app}: the seed needs {needs:.0f} px, the box has {room:.0f}"
    felt = root.locator('[data-role="felt"]').evaluate("f => [f.clientWidth, f.scrollWidth]")
    assert felt[1] <= felt[0] + 1, "the piles run past the felt's edge"
