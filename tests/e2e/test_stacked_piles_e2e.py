"""Stacked piles, as PySolFC draws Four Seasons (issue 35, item 7), chosen with the mouse in the
View panel of a real JupyterLab and Notebook 7: each cross pile shows its top card and a count
badge, the rows keep no room for fans, and the cards are larger where the notebook's height
binds (1280×800).  Moves by click, drag and keyboard play as on fanned piles; the badge
counts the pile; nothing runs past the felt or covers a card's index; light and dark, 1280 and
420 px.  The card widths, fanned and stacked, are printed; screenshots in
``artifacts/stacked-*.png``."""

from __future__ import annotations

import pytest
from board_probes import act, click_felt
from test_board_views_e2e import set_theme
from test_drop_e2e import drag

pytestmark = pytest.mark.e2e

SEED7 = "from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7, stats=False)\nw"

# the first cross pile's card width; every pile, card and badge past the felt's box; the
# felt's and the output's sideways overflow; the status line's facts under the notebook's
# visible part; a badge over a card of another pile; each stacked pile's count and its label
PROBE = """el => { const f = el.querySelector('[data-role="felt"]'), fr = f.getBoundingClientRect();
  const card = el.querySelector('[data-pile^="cross"] > .fsw-card');
  const out = el.closest('.jp-OutputArea-output') || el.parentElement;
  const panel = el.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const vis = panel ? Math.min(panel.getBoundingClientRect().bottom, innerHeight) : innerHeight;
  const past = [...el.querySelectorAll('[data-pile], [data-pile] > .fsw-card, .fsw-badge')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width && (r.left < fr.left - 0.5
      || r.right > fr.right + 0.5 || r.top < fr.top - 0.5 || r.bottom > fr.bottom + 0.5); })
    .map(e => e.dataset.card || e.dataset.pile || e.textContent);
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const covers = [];
  for (const b of el.querySelectorAll('.fsw-pile-count')) { const br = b.getBoundingClientRect();
    for (const c of el.querySelectorAll('[data-card]'))
      if (c.closest('[data-pile]') !== b.closest('[data-pile]') && meet(br, c.getBoundingClientRect()))
        covers.push(b.textContent + ' over ' + c.dataset.card); }
  const piles = {};
  for (const p of el.querySelectorAll('[data-pile^="cross"]')) {
    const b = p.querySelector(':scope > .fsw-pile-count');
    piles[p.dataset.pile] = {n: p.querySelectorAll(':scope > [data-card]').length,
      badge: b ? b.textContent : null, visible: b ? b.getBoundingClientRect().height > 0 : false,
      label: p.getAttribute('aria-label')}; }
  return {card: card ? card.getBoundingClientRect().width : 0, stacked: !!el.querySelector('.fsw-board.fsw-stacked'),
    past, covers, feltScroll: f.scrollWidth - f.clientWidth, outScroll: out.scrollWidth - out.clientWidth,
    factsBelow: el.querySelector('.fsw-facts').getBoundingClientRect().bottom - vis, piles}; }"""


def probe(root) -> dict:
    root.scroll_into_view_if_needed()
    root.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return root.evaluate(PROBE)


# the View panel's controls past the panel's box or the window's edge
PANEL = """p => { const r = p.getBoundingClientRect();
  return [...p.querySelectorAll('select, input, dd')].filter(c => { const b = c.getBoundingClientRect();
    return b.left < Math.max(0, r.left) - 0.5 || b.right > Math.min(innerWidth, r.right) + 0.5; })
    .map(c => c.dataset.role || c.tagName); }"""


def pick_piles(root, value: str, shot=None) -> list[str]:
    """The View panel's Piles select, by mouse; wait until the board is drawn that way.
    Returns the panel's controls that run past its edge or the window's."""
    root.locator('[data-role="view"] summary').click()
    panel = root.locator('[data-role="view-options"]')
    panel.wait_for(state="visible")
    past = panel.evaluate(PANEL)
    if shot:
        root.page.screenshot(path=str(shot))
    root.locator('[data-role="pile-view"]').select_option(value)
    root.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    root.page.wait_for_function("([el, s]) => !!el.querySelector('.fsw-board.fsw-stacked') === s",
                                arg=[root.element_handle(), value == "stacked"])
    return past


def problems(tag: str, m: dict) -> list[str]:
    """What overflows or is miscounted on a stacked board."""
    bad = []
    if m["past"] or m["feltScroll"] > 1 or m["outScroll"] > 1:
        bad.append(f"{tag}: past the felt {m['past'][:6]}, felt overflow {m['feltScroll']}, "
                   f"output overflow {m['outScroll']}")
    if m["covers"]:
        bad.append(f"{tag}: a count badge covers a card: {m['covers'][:4]}")
    # (the board to its status line's facts — moves, home, stock — fits the notebook's view:
    # fit.js's rule; a long message under them may run on below, as on fanned piles)
    if m["factsBelow"] > 1:
        bad.append(f"{tag}: the status line is {m['factsBelow']:.0f} px below the notebook's view")
    for name, p in m["piles"].items():
        want = str(p["n"]) if p["n"] > 1 else None
        if p["badge"] != want or (want and not p["visible"]):
            bad.append(f"{tag}: {name} holds {p['n']} cards, its badge says {p['badge']!r}")
        if p["n"] > 1 and p["label"].count(",") < p["n"] - 1:
            bad.append(f"{tag}: {name}'s label does not name its {p['n']} cards: {p['label']!r}")
    return bad


def has_keys(page, root, pile: str) -> bool:
    return page.evaluate("p => document.activeElement === p",
                         root.locator(f'[data-pile="{pile}"]').element_handle())


def tab_to(page, root, pile: str) -> None:
    """Tab (from where the keyboard is) until the pile has it, as a keyboard player does."""
    for _ in range(20):
        if has_keys(page, root, pile):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {pile}")


def history(nb) -> list[str]:
    return nb.eval("[str(m) for m in w.game.history]")


def test_stacked_piles_lab_click_drag_keyboard_1280_and_420(open_notebook, artifacts):
    nb = open_notebook([SEED7])
    page, root = nb.page, nb.widgets().first
    failures, widths = [], {}
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(300)
    widths["lab 1280×800 fanned"] = probe(root)["card"]
    pick_piles(root, "stacked")
    m = probe(root)
    widths["lab 1280×800 stacked"] = m["card"]
    assert nb.eval("w.piles") == "stacked", "the choice reached Python"

    # a click: 10♣ onto the J♠ (the bottom pile: 2 cards, its badge says so)
    act(nb, root, lambda: (root.locator('[data-pile="cross:1"] > [data-card="TC"]').click(),
                           root.locator('[data-pile="cross:4"]').click()))
    # three cards turned by clicks on the stock, then a drag: the 4♦ from the waste onto the 5♥
    for _ in range(3):
        act(nb, root, lambda: root.locator('[data-pile="stock"]').click())
    assert nb.eval("w.board['waste'][-1]") == "4D"
    four = root.locator('[data-pile="waste"] > [data-card="4D"]').bounding_box()
    five = root.locator('[data-pile="cross:0"]').bounding_box()
    act(nb, root, lambda: drag(page, (four["x"] + four["width"] / 2, four["y"] + four["height"] / 2),
                               (five["x"] + five["width"] / 2, five["y"] + five["height"] / 2)))
    # the keyboard: the 3♦ (top pile) onto the 4♦ — Tab to the top pile, Enter, the arrows
    # down and left to the left pile, Enter
    click_felt(root)
    tab_to(page, root, "cross:3")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    assert has_keys(page, root, "cross:0")
    act(nb, root, lambda: page.keyboard.press("Enter"))
    moves = history(nb)
    print("played in stacked piles:", moves)
    assert moves[0] == "TC c1>c4" and "4D w>c0" in moves and "3D c3>c0" in moves, moves
    m = probe(root)
    print("stacked counts at 1280×800:", {k: v["badge"] for k, v in m["piles"].items()},
          "| the left pile's label:", m["piles"]["cross:0"]["label"])
    assert m["piles"]["cross:0"]["badge"] == "3" and m["piles"]["cross:4"]["badge"] == "2"
    assert "under it, from the top: four of diamonds, five of hearts" in m["piles"]["cross:0"]["label"].lower() \
        or "4♦, 5♥" in m["piles"]["cross:0"]["label"], m["piles"]["cross:0"]["label"]
    failures += problems("lab 1280×800 light", m)
    root.screenshot(path=str(artifacts / "stacked-lab-1280x800-light.png"))

    for theme in ("dark", "light"):
        set_theme(nb, theme)
        for width, height in ((420, 900), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            if width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
                nb.execute("application:toggle-left-area")
            page.wait_for_timeout(300)
            tag = f"lab {width}×{height} {theme}"
            if theme == "dark" and width == 420:
                # a click at 420 px: the 8♣ onto the empty centre pile, then back by Undo
                act(nb, root, lambda: (root.locator('[data-pile="cross:2"] > [data-card="8C"]').click(),
                                       root.locator('[data-pile="cross:1"]').click()))
                assert history(nb)[-1] == "8C c2>c1"
            m = probe(root)
            failures += problems(tag, m)
            root.screenshot(path=str(artifacts / f"stacked-lab-{width}x{height}-{theme}.png"))
            page.screenshot(path=str(artifacts / f"stacked-lab-{width}x{height}-{theme}-page.png"))
            if width == 420 and theme == "light":
                widths["lab 420×900 stacked"] = m["card"]
                past = pick_piles(root, "fanned", artifacts / "stacked-lab-420-view-panel.png")
                if past:
                    failures.append(f"{tag}: the View panel's {past} run past its edge")
                widths["lab 420×900 fanned"] = probe(root)["card"]
                pick_piles(root, "stacked")
    print("card widths (px):", widths)
    for f in failures:
        print("FAILED", f)
    assert not failures, "\n".join(failures)
    # the point of it: larger cards where the height binds
    # (fanned, the cross's top and bottom piles fan sideways there, so the gap is smaller:
    # 82.8 px fanned, 92.1 stacked; 68.9 fanned when all five fanned down.  At 420×900 both
    # are as wide as the board allows, 50.3 px: fanned down, 39.4)
    assert widths["lab 1280×800 stacked"] > 1.08 * widths["lab 1280×800 fanned"], widths
    assert widths["lab 420×900 stacked"] >= widths["lab 420×900 fanned"], widths


def test_stacked_piles_notebook7_420(open_notebook, artifacts):
    nb = open_notebook([SEED7], app="notebook")
    page, root = nb.page, nb.widgets().first
    page.set_viewport_size({"width": 420, "height": 900})
    page.wait_for_timeout(300)
    fanned = probe(root)["card"]
    past = pick_piles(root, "stacked", artifacts / "stacked-nb7-420x900-view-panel.png")
    act(nb, root, lambda: (root.locator('[data-pile="cross:1"] > [data-card="TC"]').click(),
                           root.locator('[data-pile="cross:4"]').click()))
    failures = [f"the View panel's {past} run past its edge"] if past else []
    for theme in ("light", "dark"):
        set_theme(nb, theme)
        m = probe(root)
        failures += problems(f"notebook 7 420×900 {theme}", m)
        root.screenshot(path=str(artifacts / f"stacked-nb7-420x900-{theme}.png"))
    print(f"card widths (px): notebook 7 420×900 fanned {fanned:.1f}, stacked {m['card']:.1f}; "
          f"the bottom pile's badge {m['piles']['cross:4']['badge']!r}")
    assert m["piles"]["cross:4"]["badge"] == "2"
    assert not failures, "\n".join(failures)
    assert m["card"] >= fanned
