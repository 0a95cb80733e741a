"""A board a daily player keeps (issue 18, the front end's items): what the player sees,
measured in the page of a real JupyterLab (and Notebook 7).

- 4: the Stats panel (and the Keys list) closes on Escape, on a click outside it and on a new
  deal, and then no longer hides the top cross pile's card;
- 6: every card's corner rank of a 7-card cross pile is visible (``elementFromPoint`` at the
  rank hits that very card), and no badge covers the top card's index;
- 7: the win banner lies over the felt (the board does not move down), Simplicity's
  foundations stand apart from its twelve piles, the Stats figures do not wrap, and at 420 px
  with JupyterLab's sidebar open the board keeps a playable width (the output scrolls sideways).

Screenshots go to ``artifacts/`` (light and dark, 1280 px and 420 px, Notebook 7).
"""

from __future__ import annotations

import pytest
from board_probes import DEEP_PILE

pytestmark = pytest.mark.e2e

# a deep pile as a long game builds it (board_probes.DEEP_PILE)
DEEP = DEEP_PILE + """
from fourseasons_widget import FourSeasons
deep = FourSeasons(game=_game)
"""

# every card's rank, probed at three heights of its box: the card hit there, or what was; the
# strip of the card left showing (to the next card's top), the rank glyph's rendered height
# above its baseline (the ink of its text in its font: canvas measureText; a Q's tail may tuck
# under the next card) and where that baseline lies below the card's top edge, and the same
# glyph's height in the same font at the notebook's smallest UI text size (--jp-ui-font-size0:
# JupyterLab's and Notebook 7's captions, 10.8 px)
CORNER_HITS = """pile => { const cards = [...pile.querySelectorAll(':scope > [data-card]')];
  const cv = document.createElement('canvas').getContext('2d');
  const small = getComputedStyle(document.body).getPropertyValue('--jp-ui-font-size0').trim() || '11px';
  const px = parseFloat(small) * (small.endsWith('em') ? parseFloat(getComputedStyle(document.body).fontSize) : 1);
  const ink = (text, cs, size) => { cv.font = `${cs.fontWeight} ${size}px ${cs.fontFamily}`;
    return cv.measureText(text); };
  return cards.map((card, k) => {
  const rank = card.querySelector('.fsw-idx:not(.fsw-idx-b) .fsw-rank');
  const r = rank.getBoundingClientRect(), c = card.getBoundingClientRect();
  const hits = [0.3, 0.5, 0.7].map(f => {
    const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * f);
    const c = el && el.closest('[data-card]');
    return c ? c.dataset.card : (el ? el.className || el.tagName : null);
  });
  const cs = getComputedStyle(rank), m = ink(rank.textContent, cs, parseFloat(cs.fontSize));
  // (the baseline in the rank's box: its line's content area centred in it, the font's ascent
  // above the baseline; the ink reaches the glyphs' descent below it)
  const base = r.top + (r.height - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent;
  return {card: card.dataset.card, hits, rank: [r.left, r.top, r.width, r.height],
          strip: (cards[k + 1] ? cards[k + 1].getBoundingClientRect().top : c.bottom) - c.top,
          inkBottom: base - c.top, glyph: m.actualBoundingBoxAscent,
          least: ink(rank.textContent, cs, px).actualBoundingBoxAscent, font: parseFloat(cs.fontSize)};
}); }"""

# the boxes of the top card's two indices and of every badge in the pile
BADGE_OVERLAPS = """pile => {
  const cards = pile.querySelectorAll(':scope > [data-card]');
  const top = cards[cards.length - 1];
  const idx = [...top.querySelectorAll('.fsw-idx')].map(e => e.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...pile.querySelectorAll('.fsw-badge')].filter(b => idx.some(i => meet(i, b.getBoundingClientRect()))).length;
}"""


def corner_report(root) -> list[dict]:
    return root.locator('[data-pile="cross:1"]').evaluate(CORNER_HITS)


def assert_every_corner_visible(root, where: str) -> None:
    pile = root.locator('[data-pile="cross:1"]')
    pile.scroll_into_view_if_needed()
    report = corner_report(root)
    assert [r["card"] for r in report] == ["KD", "QS", "JC", "TD", "9H", "8S", "7S"]
    hidden = [(r["card"], r["hits"]) for r in report if any(h != r["card"] for h in r["hits"])]
    print(where, "corner ranks:", [(r["card"], [round(x) for x in r["rank"]]) for r in report])
    print(where, "strips, rank glyphs and fonts (px):",
          [(r["card"], round(r["strip"], 1), round(r["glyph"], 1), round(r["font"], 1)) for r in report])
    assert not hidden, f"{where}: corner ranks covered: {hidden}"
    # readable, not only clickable: each squeezed card's strip holds its rank glyph whole (its
    # baseline above the next card's top), and that glyph is no smaller than the same glyph
    # in the notebook's smallest text (issue 26: at 420 px in JupyterLab a pile of seven left
    # 10 px strips and ranks of 7.9 px, 5 px of ink)
    cramped = [(r["card"], round(r["strip"], 1), round(r["inkBottom"], 1))
               for r in report if r["strip"] < r["inkBottom"]]
    assert not cramped, f"{where}: strips (px) shorter than their rank glyph: {cramped}"
    # (or than the face's own rank, the top card's, on cards too small for that text)
    face = report[-1]["glyph"]
    tiny = [(r["card"], round(r["glyph"], 1), round(min(r["least"], face), 1)) for r in report
            if r["glyph"] < min(r["least"], face) - 0.25]
    assert not tiny, f"{where}: rank glyphs (px) smaller than the notebook's smallest text's: {tiny}"
    assert pile.evaluate(BADGE_OVERLAPS) == 0, f"{where}: a badge covers the top card's index"


def test_deep_pile_every_corner_rank_visible_lab(open_notebook, artifacts):
    nb = open_notebook([DEEP, "deep"])
    root = nb.widgets().first
    assert_every_corner_visible(root, "JupyterLab 1280 px")
    # the pile fits its row: its top card does not reach the bottom pile
    top = root.locator('[data-pile="cross:1"] [data-card="7S"]').bounding_box()
    below = root.locator('[data-pile="cross:4"]').bounding_box()
    print("7S bottom", round(top["y"] + top["height"]), "cross:4 top", round(below["y"]))
    assert top["y"] + top["height"] <= below["y"]
    root.screenshot(path=str(artifacts / "readable-deep-pile-lab.png"))
    nb.execute("apputils:change-theme", {"theme": "JupyterLab Dark"})
    nb.page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
    root.screenshot(path=str(artifacts / "readable-deep-pile-lab-dark.png"))
    nb.execute("apputils:change-theme", {"theme": "JupyterLab Light"})
    nb.page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")


@pytest.mark.parametrize("app", ["notebook", "lab"])
def test_deep_pile_every_corner_rank_visible_420(open_notebook, artifacts, app):
    nb = open_notebook([DEEP, "deep"], app=app)
    nb.page.set_viewport_size({"width": 420, "height": 900})
    if app == "lab" and not nb.page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")  # (as a player at 420 px would)
    nb.page.wait_for_timeout(300)
    root = nb.widgets().first
    assert_every_corner_visible(root, f"{app} 420 px")
    root.screenshot(path=str(artifacts / f"readable-deep-pile-{app}-420.png"))


def panel_visible(root, role: str) -> bool:
    return root.locator(f'[data-role="{role}"]').is_visible()


def top_card_hit(page, root) -> str | None:
    """What is drawn at the centre of the top cross pile's card (cross:3)."""
    return root.locator('[data-pile="cross:3"] [data-card]').last.evaluate(
        """c => { const r = c.getBoundingClientRect();
          const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const hit = el && el.closest('[data-card]'); return hit ? hit.dataset.card : null; }""")


def test_panels_close_on_escape_outside_click_and_new_deal(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"])
    page, root = nb.page, nb.widgets().first
    top = root.locator('[data-pile="cross:3"] [data-card]').last.get_attribute("data-card")
    stats = root.locator('[data-role="stats"] summary')

    def open_stats():
        stats.click()
        root.locator('[data-role="stats-panel"]').wait_for(state="visible")
        assert panel_visible(root, "stats-panel")

    # Escape
    open_stats()
    root.screenshot(path=str(artifacts / "readable-stats-open.png"))
    page.keyboard.press("Escape")
    root.locator('[data-role="stats-panel"]').wait_for(state="hidden")
    assert top_card_hit(page, root) == top
    # a click outside it: on the felt
    open_stats()
    felt = root.locator('[data-role="felt"]')
    b = felt.bounding_box()
    felt.click(position={"x": 6, "y": b["height"] - 6})
    root.locator('[data-role="stats-panel"]').wait_for(state="hidden")
    assert top_card_hit(page, root) == top
    # and on the notebook outside the board
    open_stats()
    page.mouse.click(root.bounding_box()["x"] - 30, root.bounding_box()["y"] + 5)
    root.locator('[data-role="stats-panel"]').wait_for(state="hidden")
    # a new deal (dealt from Python: no click involved)
    open_stats()
    old = int(root.get_attribute("data-version"))
    nb.run("w.new_game(seed=8)")
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                           arg=[root.element_handle(), old])
    root.locator('[data-role="stats-panel"]').wait_for(state="hidden")
    # the Keys list too (Escape)
    root.locator('[data-role="help"] summary').click()
    root.locator('[data-role="help-panel"]').wait_for(state="visible")
    page.keyboard.press("Escape")
    root.locator('[data-role="help-panel"]').wait_for(state="hidden")
    assert not panel_visible(root, "stats-panel") and not panel_visible(root, "help-panel")


# a deal the solver wins, played in Python to one move from the end; the last move by mouse
NEAR_WIN = """
from fourseasons_widget import FourSeasons, Game
from fourseasons_widget.solver.exact import solve
g = Game.new(seed=2)
line = solve(g, max_seconds=30).moves
for m in line[:-1]:
    g.play(m)
last = [line[-1].card, line[-1].source, line[-1].target]
w = FourSeasons(game=g, auto_home=False)
w
"""


def felt_top(root) -> float:
    return root.locator('[data-role="felt"]').bounding_box()["y"] - root.bounding_box()["y"]


#: a player's statistics (the board above is given by code, so its own win records nothing)
PLAYED = """
from fourseasons_widget.store.stats import Stats
s = Stats()
s.record("standard", "won", moves=131, seconds=312.5, seed=4)
s.record("standard", "lost", moves=88, seconds=95.0, seed=5)
s.record("standard", "won", moves=127, seconds=280.0, seed=6)
s.flush()
"""


def test_win_banner_above_the_felt_and_stats_on_one_line(open_notebook, artifacts):
    nb = open_notebook([PLAYED, NEAR_WIN])
    page, root = nb.page, nb.widgets().first
    card, source, target = nb.eval("last")
    before = felt_top(root)
    found = root.locator('[data-pile^="foundation"]').first.bounding_box()["y"] - root.bounding_box()["y"]
    old = int(root.get_attribute("data-version"))
    root.locator(f'[data-pile="{source}"] [data-card="{card}"]').click()
    root.locator(f'[data-pile="{target}"]').click()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v && el.dataset.status === 'won'",
                           arg=[root.element_handle(), old])
    banner = root.locator('[data-role="banner"]')
    banner.wait_for(state="visible")
    assert "won" in banner.inner_text().lower()
    after = felt_top(root)
    found_after = root.locator('[data-pile^="foundation"]').first.bounding_box()["y"] - root.bounding_box()["y"]
    print(f"felt top {before:.1f} → {after:.1f} px, first foundation {found:.1f} → {found_after:.1f} px")
    assert abs(after - before) < 1 and abs(found_after - found) < 1, "the banner pushed the board"
    # the banner lies in the message row inside the felt (issue 26: under the waste), over no
    # card (test_message_row_e2e checks every state)
    bb, fb = banner.bounding_box(), root.locator('[data-role="felt"]').bounding_box()
    assert fb["x"] <= bb["x"] + 1 and bb["x"] + bb["width"] <= fb["x"] + fb["width"] + 1
    assert fb["y"] <= bb["y"] + 1 and bb["y"] + bb["height"] <= fb["y"] + fb["height"] + 1
    for card in root.locator("[data-pile] > .fsw-card").all():
        cb = card.bounding_box()
        assert not (bb["x"] < cb["x"] + cb["width"] - 1 and cb["x"] < bb["x"] + bb["width"] - 1
                    and bb["y"] < cb["y"] + cb["height"] - 1 and cb["y"] < bb["y"] + bb["height"] - 1), \
            f"the banner lies over {card.get_attribute('data-card')}"
    root.screenshot(path=str(artifacts / "readable-won-banner.png"))
    # the Stats figures after a won game, each on one line (at 420 px with the sidebar closed)
    for width in (1280, 420):
        page.set_viewport_size({"width": width, "height": 1000})
        if not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
            nb.execute("application:toggle-left-area")
        page.wait_for_timeout(300)
        root.scroll_into_view_if_needed()
        fit = root.evaluate("el => { const o = el.closest('.jp-OutputArea-output'); const f = "
                            "el.querySelector('[data-role=\"felt\"]'); return [o.clientWidth, "
                            "el.getBoundingClientRect().width, f.clientWidth, f.scrollWidth]; }")
        print(f"{width} px: output {fit[0]} px, board {fit[1]:.0f} px, felt {fit[2]} holding {fit[3]} px")
        assert fit[1] <= fit[0] + 1 and fit[3] <= fit[2] + 1, "the board does not fit its output"
        root.locator('[data-role="stats"] summary').click()
        panel = root.locator('[data-role="stats-panel"]')
        panel.wait_for(state="visible")
        lines = panel.evaluate("""p => [...p.querySelectorAll('dd')].map(d => {
            const lh = parseFloat(getComputedStyle(d).lineHeight) || 16;
            return [d.textContent, d.getClientRects().length, d.getBoundingClientRect().height / lh]; })""")
        print(f"{width} px stats:", lines)
        assert any("best" in t for t, _, _ in lines)
        wrapped = [t for t, n, h in lines if n != 1 or h > 1.5]
        assert not wrapped, f"Stats values wrap at {width} px: {wrapped}"
        box = panel.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, "the panel runs off the window"
        root.screenshot(path=str(artifacts / f"readable-stats-{width}.png"))
        page.keyboard.press("Escape")
        panel.wait_for(state="hidden")


def test_simplicity_foundations_stand_apart(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\n"
                        "w = FourSeasons(seed=5, variant='simplicity')\nw"])
    root = nb.widgets().first
    box = lambda name: root.locator(f'[data-pile="{name}"]').bounding_box()  # noqa: E731
    t = [box(f"tableau:{i}") for i in range(12)]
    gap = t[1]["x"] - (t[0]["x"] + t[0]["width"])  # between two piles of a row
    # the lower-right foundation (row 2, right end) and the last pile of the row
    f = [box(f"foundation:{i}") for i in range(4)]
    lower_right = max(f, key=lambda b: (b["y"], b["x"]))
    row2 = [b for b in t if abs(b["y"] - lower_right["y"]) < 2]
    last = max(row2, key=lambda b: b["x"])
    apart = lower_right["x"] - (last["x"] + last["width"])
    upper_left = min(f, key=lambda b: (b["y"], b["x"]))
    row1 = [b for b in t if abs(b["y"] - upper_left["y"]) < 2]
    first = min(row1, key=lambda b: b["x"])
    apart_left = first["x"] - (upper_left["x"] + upper_left["width"])
    print(f"gap between piles {gap:.1f} px; foundation to the rows {apart_left:.1f} / {apart:.1f} px")
    assert apart >= 2.5 * gap and apart_left >= 2.5 * gap
    root.screenshot(path=str(artifacts / "readable-simplicity.png"))


def test_420px_with_the_sidebar_open_keeps_a_playable_board(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"])
    page = nb.page
    page.set_viewport_size({"width": 420, "height": 900})
    nb.execute("filebrowser:activate")
    page.wait_for_timeout(600)
    root = nb.widgets().first
    sidebar = page.evaluate("() => { const e = document.querySelector('#jp-left-stack'); "
                            "return e ? e.getBoundingClientRect().width : 0; }")
    width = root.bounding_box()["width"]
    out = root.evaluate("el => { const o = el.closest('.jp-OutputArea-output'); return o && "
                        "[o.clientWidth, o.scrollWidth, getComputedStyle(o).overflowX]; }")
    print(f"sidebar {sidebar:.0f} px, output area {out[0]} px, board {width:.0f} px "
          f"(scrolls to {out[1]} px, overflow-x {out[2]})")
    assert sidebar > 100, "the sidebar is open"
    assert width >= 300, f"the board is squeezed to {width:.0f} px"
    assert out[2] in ("auto", "scroll") and out[1] >= 300, "the board can be scrolled to"
    cw = root.locator('[data-pile="cross:1"]').bounding_box()["width"]
    assert cw >= 36, "cards stay readable"
    page.screenshot(path=str(artifacts / "readable-420-sidebar.png"))
