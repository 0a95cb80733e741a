"""Every variant drawn and played to the end by mouse; screenshots in JupyterLab's light and
dark themes, saved to ``artifacts/`` (for CI to keep)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

VARIANTS = ["standard", "sequences", "czarina", "corners", "simplicity", "dick1883"]

# Seeds the solver wins quickly, and for Corners (rarely winnable) a deck in a kind order.
SEEDS = {"standard": 2, "sequences": 2, "czarina": 43, "simplicity": 1, "dick1883": 2}
CORNERS_DECK = " ".join(
    ["AH", "AD", "AC", "2S", "2H", "AS", "2D", "2C"]
    + [r + s for r in "3456789TJQK" for s in "SHDC"])

# the last LAST moves of each solved line are played in the browser, the rest in Python
LAST = 14

SETUP = f"""
from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.solver.exact import solve
SEEDS = {SEEDS!r}
games, lines, widgets = {{}}, {{}}, {{}}
for v in {VARIANTS!r}:
    g = Game.from_deck({CORNERS_DECK!r}, variant=v) if v == "corners" else Game.new(seed=SEEDS[v], variant=v)
    line = solve(g, max_seconds=30).moves
    assert line, v
    for m in line[:-{LAST}]:
        g.play(m)
    lines[v] = [[m.card, m.source, m.target] for m in line[-{LAST}:]]
    # every move of the line by mouse: no card goes home by itself here
    widgets[v] = FourSeasons(game=g, auto_home=False)
"""


def show(v: str) -> str:
    return f"widgets[{v!r}]"


def click_move(nb, root, move) -> None:
    """Play ``move`` by clicking: the stock to turn it; else the card (a deeper card of a run by
    clicking the run again), then the destination."""
    card, source, target = move
    old = int(root.get_attribute("data-version"))
    pile = root.locator(f'[data-pile="{source}"]')
    if source == "stock" and target == "waste":
        pile.click()
    else:
        if source == "stock":
            pile.click()  # picks the face-down next card for a vacancy (Dick 1883)
        else:
            cards = pile.locator("[data-card]")
            cards.last.click()
            for _ in range(14):
                sel = pile.locator(".fsw-selected").first
                if sel.count() and sel.get_attribute("data-card") == card:
                    break
                cards.last.click()  # again on the run: a longer run
            assert pile.locator(".fsw-selected").first.get_attribute("data-card") == card
        target_el = root.locator(f'[data-pile="{target}"]')
        assert "fsw-target" in target_el.get_attribute("class"), (move, "not highlighted")
        target_el.click()
    nb.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                              arg=[root.element_handle(), old])


def test_every_variant_played_to_the_end_by_mouse(open_notebook):
    cells = [SETUP] + [show(v) for v in VARIANTS]
    nb = open_notebook(cells, expect_widgets=len(VARIANTS))
    for i, v in enumerate(VARIANTS):
        root = nb.widgets().nth(i)
        assert root.get_attribute("data-variant") == v
        layout = {"corners": "cells", "simplicity": "rows", "dick1883": "grid"}.get(v, "cross")
        assert root.get_attribute("data-layout") == layout
        for move in nb.eval(f"lines[{v!r}]"):
            click_move(nb, root, move)
        assert nb.eval(f"widgets[{v!r}].game.status") == "won", v
        banner = root.locator('[data-role="banner"]')
        assert banner.is_visible() and "won" in banner.inner_text().lower()
        assert root.locator('[data-pile^="foundation"] [data-card]').count() == 52


SHOT_SETUP = """
from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.solver.exact import solve
g = Game.new(seed=7)
for m in solve(g, max_seconds=30).moves[:60]:
    g.play(m)
mid = FourSeasons(game=g)
dick = FourSeasons(seed=5, variant="dick1883")
simple = FourSeasons(seed=5, variant="simplicity")
corners = FourSeasons(seed=5, variant="corners", four_colour=True)
"""


def test_screenshots_light_and_dark(open_notebook, artifacts):
    names = ["mid", "dick", "simple", "corners"]
    nb = open_notebook([SHOT_SETUP] + names, expect_widgets=len(names))
    page = nb.page
    # a picked card with its destinations, and a hint, so the highlights are in the pictures
    mid = nb.widgets().nth(0)
    simple = nb.widgets().nth(2)
    simple.locator('button[data-action="hint"]').click()
    simple.locator(".fsw-hint-from").first.wait_for()
    felt = {}
    for theme in ("light", "dark"):
        if theme == "dark":
            nb.execute("apputils:change-theme", {"theme": "JupyterLab Dark"})
            page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
        assert page.evaluate("document.body.dataset.jpThemeLight") == ("true" if theme == "light" else "false")
        felt[theme] = page.evaluate(
            "el => getComputedStyle(el).getPropertyValue('--fsw-felt-1').trim()", mid.element_handle())
        # pick a card in the first board that has a movable one: its destinations light up
        for i in range(len(names)):
            movable = nb.widgets().nth(i).locator(
                '[data-pile^="cross"] .fsw-movable, [data-pile^="tableau"] .fsw-movable')
            if movable.count():
                movable.first.click()
                assert nb.widgets().nth(i).locator(".fsw-selected").count() >= 1
                assert nb.widgets().nth(i).locator(".fsw-target").count() >= 1
                picked = i
                break
        else:
            raise AssertionError("no board has a movable card to pick")
        page.wait_for_timeout(300)
        for i, name in enumerate(names):
            root = nb.widgets().nth(i)
            root.scroll_into_view_if_needed()
            root.screenshot(path=str(artifacts / f"board-{name}-{theme}.png"))
        nb.widgets().nth(picked).locator('[data-pile="stock"]').press("Escape")
    nb.execute("apputils:change-theme", {"theme": "JupyterLab Light"})
    page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")
    assert felt["light"] and felt["dark"] and felt["light"] != felt["dark"]
    for name in names:
        for theme in ("light", "dark"):
            assert (artifacts / f"board-{name}-{theme}.png").stat().st_size > 10_000
