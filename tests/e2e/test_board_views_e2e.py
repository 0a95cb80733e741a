"""The view options beyond PySolFC, in a real JupyterLab (and Notebook 7): card faces (one
with large corner indices), table colours, optional sounds made with WebAudio; both themes,
420 px, reduced motion, buttons with names.  Screenshots in ``artifacts/``."""

from __future__ import annotations

import pytest
from test_board_readable_e2e import DEEP, assert_every_corner_visible

pytestmark = pytest.mark.e2e

# count the sounds the page makes: every oscillator or buffer source started
COUNT_SOUNDS = """(() => {
  window.__fswSounds = 0;
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    createOscillator() { const o = super.createOscillator(); const s = o.start.bind(o);
      o.start = (...a) => { window.__fswSounds++; return s(...a); }; return o; }
    createBufferSource() { const o = super.createBufferSource(); const s = o.start.bind(o);
      o.start = (...a) => { window.__fswSounds++; return s(...a); }; return o; }
  };
})();"""

FELT = "el => getComputedStyle(el.querySelector('[data-role=\"felt\"]')).backgroundImage"
# the corner rank's size, as a share of the card's width (the cards' width follows the window),
# on the deep pile's top card (issue 26: the felt keeps its size, so the cards under it, squeezed,
# keep the rank their strip holds in either face)
RANK_PX = ("el => { const c = [...el.querySelectorAll('[data-pile=\"cross:1\"] [data-card]')].at(-1); "
           "return parseFloat(getComputedStyle(c.querySelector('.fsw-rank')).fontSize) "
           "/ c.getBoundingClientRect().width; }")


def choose(root, role: str, value: str) -> None:
    root.locator('[data-role="view"] summary').click()
    root.locator(f'[data-role="{role}"]').select_option(value)
    root.page.keyboard.press("Escape")
    root.locator('[data-role="view-options"]').wait_for(state="hidden")


def set_theme(nb, theme: str) -> None:
    nb.execute("apputils:change-theme", {"theme": f"JupyterLab {theme.title()}"})
    nb.page.wait_for_function(
        f"document.body.dataset.jpThemeLight === '{'true' if theme == 'light' else 'false'}'")


def test_card_faces_and_table_colours_light_and_dark(open_notebook, artifacts):
    nb = open_notebook([DEEP, "deep"])
    root = nb.widgets().first
    classic = root.evaluate(RANK_PX)
    felts = {}
    for theme in ("light", "dark"):
        set_theme(nb, theme)
        for face, colour in (("classic", "green"), ("large", "blue"), ("classic", "grey"),
                             ("large", "theme")):
            choose(root, "card-face", face)
            choose(root, "table-colour", colour)
            cls = root.get_attribute("class")
            assert f"fsw-face-{face}" in cls and f"fsw-table-{colour}" in cls
            felts[theme, colour] = root.evaluate(FELT)
            if face == "large":
                large = root.evaluate(RANK_PX)
                assert large >= 1.4 * classic, (large, classic)
                assert_every_corner_visible(root, f"large corner indices, {theme}")
            root.screenshot(path=str(artifacts / f"views-{face}-{colour}-{theme}.png"))
    print({k: v[:60] for k, v in felts.items()})
    for theme in ("light", "dark"):
        assert len({felts[theme, c] for c in ("green", "blue", "grey", "theme")}) == 4
    for colour in ("green", "blue", "grey", "theme"):
        assert felts["light", colour] != felts["dark", colour], colour
    set_theme(nb, "light")


def test_sounds_off_by_default_then_made_in_the_browser(page, open_notebook):
    page.add_init_script(COUNT_SOUNDS)
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"])
    root = nb.widgets().first
    stock = root.locator('[data-pile="stock"]')

    def turn() -> None:
        old = int(root.get_attribute("data-version"))
        stock.click()
        page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                               arg=[root.element_handle(), old])
        page.wait_for_timeout(100)

    turn()
    assert page.evaluate("window.__fswSounds") == 0, "sounds are off by default"
    root.locator('[data-role="view"] summary').click()
    box = root.locator('[data-role="sounds"]')
    assert not box.is_checked()
    box.check()
    page.keyboard.press("Escape")
    after_check = page.evaluate("window.__fswSounds")
    turn()
    made = page.evaluate("window.__fswSounds")
    print("sounds: on ticking", after_check, "after a turn", made)
    assert made > after_check, "a turn of the stock sounds once sounds are on"
    # and no sound file was asked for
    assert page.evaluate("performance.getEntriesByType('resource').filter(r => "
                         "/\\.(mp3|ogg|wav)(\\?|$)/.test(r.name)).length") == 0


def test_reduced_motion_buttons_named_notebook7_420(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"],
                       app="notebook")
    page = nb.page
    page.set_viewport_size({"width": 420, "height": 900})
    root = nb.widgets().first
    # a move: with prefers-reduced-motion (the page's setting here) nothing glides
    legal = nb.eval("[[m.card, m.source, m.target] for m in w.game.legal_moves() "
                    "if m.source.startswith('cross') and m.target.startswith('cross')]")
    if legal:
        card, source, target = legal[0]
        old = int(root.get_attribute("data-version"))
        root.locator(f'[data-pile="{source}"] [data-card="{card}"]').click()
        root.locator(f'[data-pile="{target}"]').click()
        page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                               arg=[root.element_handle(), old])
        assert root.locator(".fsw-fly").count() == 0
    # every control has a name a screen reader reads
    unnamed = root.evaluate("""el => [...el.querySelectorAll('button, select, input, summary')]
      .filter(b => !b.closest('[hidden]'))
      .filter(b => !(b.getAttribute('aria-label') || b.textContent.trim() || b.closest('label')))
      .map(b => b.outerHTML.slice(0, 80))""")
    assert not unnamed, unnamed
    assert root.locator('button[data-action="hint"]').evaluate("b => b.tagName") == "BUTTON"
    width = root.bounding_box()["width"]
    felt = root.locator('[data-role="felt"]').evaluate("f => [f.clientWidth, f.scrollWidth]")
    print(f"Notebook 7 at 420 px: board {width:.0f} px, felt {felt[0]} px holding {felt[1]} px")
    assert width >= 300
    assert felt[1] <= felt[0] + 1, "the piles run past the felt's edge"
    for theme in ("light", "dark"):
        if theme == "dark":
            nb.execute("apputils:change-theme", {"theme": "JupyterLab Dark"})
            page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
        root.locator('[data-role="view"] summary').click()
        root.locator('[data-role="view-options"]').wait_for(state="visible")
        box = root.locator('[data-role="view-options"]').bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 420, "the View panel is within the window"
        page.screenshot(path=str(artifacts / f"views-nb7-420-{theme}.png"))
        page.keyboard.press("Escape")


def test_demo_mode_plays_pauses_and_hands_over(open_notebook, artifacts):
    """The solver plays the deal at the view's pace; pause, a step, take over."""
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=2)\nw"])
    if not nb.eval("'demo' in w.board"):
        pytest.skip("this kernel's board has no demo mode (board['demo'])")
    page, root = nb.page, nb.widgets().first
    root.locator('button[data-action="demo"]').click()
    bar = root.locator('[data-role="demo"]')
    bar.wait_for(state="visible")
    page.wait_for_function("el => el.dataset.ply >= 3", arg=root.element_handle(), timeout=20_000)
    root.screenshot(path=str(artifacts / "views-demo.png"))
    bar.locator('[data-demo="pause"]').click()
    page.wait_for_function("() => !!document.querySelector('[data-role=\"demo-info\"]')"
                           ".textContent.includes('paused')")
    ply = int(root.get_attribute("data-ply"))
    page.wait_for_timeout(1500)
    assert int(root.get_attribute("data-ply")) == ply, "a paused demo waits"
    bar.locator('[data-demo="step"]').click()
    page.wait_for_function("([el, p]) => Number(el.dataset.ply) === p + 1",
                           arg=[root.element_handle(), ply])
    bar.locator('[data-demo="take_over"]').click()
    bar.wait_for(state="hidden")
    assert nb.eval("w.board['demo']") is None
    assert nb.eval("w.game.ply") == ply + 1
