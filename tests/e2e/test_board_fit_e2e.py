"""A board that fits the screen (issue 26, item 1), measured in the page of a real JupyterLab
and Notebook 7:

- the felt keeps one height for a given output size while a cross pile grows from 1 to 7
  cards and through every frame of a full Solve ▸ replay (a deep pile squeezes its fan), and
  ``document.elementFromPoint`` at every face-up card's corner rank hits that card, in every
  frame;
- no empty band between the toolbar and the felt when no message shows (the message row lies
  inside the felt);
- the cards are sized from the room the output area has, width and height, and the Large face
  never makes them smaller than the classic face;
- no badge covers a card's index, and the waste fan shows each card's rank and suit;
- at 420 px the board needs no sideways scrolling, in JupyterLab (sidebar collapsed) and
  Notebook 7, light and dark.

Figures are printed (card width, felt heights, toolbar height); screenshots go to
``artifacts/fit-*.png``.
"""

from __future__ import annotations

import pytest
from board_probes import DEEP_PILE, act

pytestmark = pytest.mark.e2e

FELT_TOLERANCE = 2.0  # px
GAP_MAX = 4.0  # px from the toolbar to the felt with no message
SPARE_MAX = 24.0  # px of the notebook's visible height the board leaves unused (fit.js keeps 8)
WIDE_SPAN = 8.7  # card widths across the wide cross layout (layout.js boardSpan: 5 columns, gaps, side column)
CARDS_MIN = 0.5  # the cross's three rows of cards, of the felt's height

# the deal of board_probes.DEEP_PILE with its centre cross pile holding the first k cards of
# the run K♦ … 7♠ (k = 1 … 7)
PILES = DEEP_PILE + """
from fourseasons_widget import FourSeasons
def pile_of(k):
    st = Game.new(seed=7).to_dict()["start"]
    run = "KD QS JC TD 9H 8S 7S".split()
    st["stock"] = " ".join([c for c in st["stock"].split() if c not in run[:k]] + [st["piles"][1]])
    st["piles"][1] = " ".join(run[:k])
    return Game(state_from_dict(_rules, st), _rules)
fit = FourSeasons(game=pile_of(1), stats=False)
fit
"""
SOLVED = "solved = FourSeasons(seed=7, stats=False)\nsolved"

# the felt's box, the card width, the gap from the toolbar to the felt; the notebook's
# scrolling panel (the output's visible height) and the board from its top to its status line
GEOMETRY = """el => { const f = el.querySelector('[data-role="felt"]').getBoundingClientRect();
  const t = el.querySelector('.fsw-toolbar').getBoundingClientRect();
  const c = el.querySelector('[data-pile^="cross"] > .fsw-card, [data-pile^="tableau"] > .fsw-card');
  const panel = el.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const foot = el.querySelector('.fsw-foot').getBoundingClientRect();
  return {felt: f.height, feltTop: f.top, feltBottom: f.bottom, width: f.width,
          gap: f.top - t.bottom, toolbar: t.height,
          card: c ? c.getBoundingClientRect().width : 0, cardH: c ? c.getBoundingClientRect().height : 0,
          vh: window.innerHeight, visible: panel ? panel.clientHeight : window.innerHeight,
          board: foot.bottom - el.getBoundingClientRect().top}; }"""

# every face-up card of every pile but the foundations (whose cards lie square on each
# other): its corner rank probed at three heights; the card hit there, or what was.  Also
# every badge over any card's index.
CORNERS = """el => { const out = [];
  for (const p of el.querySelectorAll('[data-pile]')) {
    if (p.dataset.pile.startsWith('foundation')) continue;
    // (the waste fans its top three: the cards under them lie square under the first)
    const cards = [...p.querySelectorAll(':scope > [data-card]')];
    for (const card of p.dataset.pile === 'waste' ? cards.slice(-3) : cards) {
      const r = card.querySelector('.fsw-idx:not(.fsw-idx-b) .fsw-rank').getBoundingClientRect();
      for (const f of [0.3, 0.5, 0.7]) {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * f);
        const c = hit && hit.closest('[data-card]');
        if (c !== card) { out.push([p.dataset.pile, card.dataset.card, f,
          c ? c.dataset.card : (hit ? String(hit.className || hit.tagName).slice(0, 30) : 'off screen')]); break; }
      }
      // the suit beside the rank too (the waste's fan showed only the ranks)
      const s = card.querySelector('.fsw-idx:not(.fsw-idx-b) .fsw-pip').getBoundingClientRect();
      const hit = document.elementFromPoint(s.left + s.width * 0.8, s.top + s.height / 2);
      const c = hit && hit.closest('[data-card]');
      if (c !== card) out.push([p.dataset.pile, card.dataset.card, 'suit', c ? c.dataset.card : 'not a card']);
    }
  }
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const idx = [...el.querySelectorAll('[data-card] .fsw-idx')].filter(i => i.offsetParent)
    .map(i => [i.closest('[data-card]').dataset.card, i.getBoundingClientRect()]);
  for (const b of el.querySelectorAll('.fsw-badge')) { const br = b.getBoundingClientRect();
    for (const [code, r] of idx) if (meet(br, r)) out.push(['badge', b.textContent, 'covers', code]); }
  return out; }"""

# Solve ▸ replay stepped frame by frame inside the page: each frame's felt height and deepest
# pile, and what covers a corner rank
REPLAY_WALK = """async el => {
  const next = el.querySelector('[data-replay="next"]');
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const corners = CORNERS;
  const out = {heights: [], deepest: 0, covered: [], frames: 0};
  for (let k = 0; k < 400; k++) {
    await frame();
    out.heights.push(el.querySelector('[data-role="felt"]').getBoundingClientRect().height);
    for (const p of el.querySelectorAll('[data-pile^="cross"]'))
      out.deepest = Math.max(out.deepest, p.querySelectorAll(':scope > [data-card]').length);
    const bad = corners(el);
    if (bad.length && out.covered.length < 12) out.covered.push([k, bad.slice(0, 3)]);
    out.frames = k + 1;
    if (next.disabled) break;
    next.click();
  }
  return out; }""".replace("CORNERS", CORNERS)


def geometry(root) -> dict:
    root.scroll_into_view_if_needed()
    return root.evaluate(GEOMETRY)


def set_game(nb, root, k: int) -> None:
    act(nb, root, lambda: nb.run(f"fit.game = pile_of({k})"))


def grow_pile(nb, root, tag: str, artifacts) -> list[str]:
    """Grow the centre pile from 1 to 7 cards: the felt's height, every corner."""
    failures = []
    heights = []
    for k in range(1, 8):
        set_game(nb, root, k)
        g = geometry(root)
        heights.append(round(g["felt"], 1))
        bad = root.evaluate(CORNERS)
        if bad:
            failures.append(f"{tag} pile of {k}: {bad[:4]}")
    root.screenshot(path=str(artifacts / f"fit-{tag}-deep.png"))
    print(f"{tag} felt height as the pile grows 1→7: {heights}")
    if max(heights) - min(heights) > FELT_TOLERANCE:
        failures.append(f"{tag}: the felt's height changes as the pile grows: {heights}")
    return failures


def walk_replay(nb, root, tag: str, artifacts) -> list[str]:
    root.scroll_into_view_if_needed()
    before = geometry(root)["felt"]
    root.locator('button[data-action="solve"]').click()
    root.locator('[data-role="replay"]').wait_for(state="visible", timeout=90_000)
    out = root.evaluate(REPLAY_WALK)
    hs = out["heights"]
    print(f"{tag} replay: {out['frames']} frames, deepest cross pile {out['deepest']} cards, "
          f"felt {before:.1f} px before, {min(hs):.1f}–{max(hs):.1f} px in the replay; "
          f"covered {out['covered'][:3]}")
    root.screenshot(path=str(artifacts / f"fit-{tag}-replay-end.png"))
    failures = []
    if max(hs + [before]) - min(hs + [before]) > FELT_TOLERANCE:
        failures.append(f"{tag} replay: the felt's height runs {min(hs):.1f}–{max(hs):.1f} px "
                        f"(before: {before:.1f})")
    if out["covered"]:
        failures.append(f"{tag} replay: corner ranks or indices covered: {out['covered'][:4]}")
    root.locator('[data-replay="leave"]').click()
    return failures


@pytest.mark.parametrize("height", [900, 757])
def test_felt_keeps_its_size_and_every_corner_shows_lab(open_notebook, artifacts, height):
    nb = open_notebook([PILES, SOLVED], expect_widgets=2)
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": height})
    page.wait_for_timeout(400)
    fit, solved = nb.widgets().nth(0), nb.widgets().nth(1)
    tag = f"lab-1280x{height}"
    failures = []

    g = geometry(fit)
    spare = g["visible"] - g["board"]
    print(f"{tag}: card {g['card']:.1f}×{g['cardH']:.1f} px, felt {g['width']:.0f}×{g['felt']:.0f} px, "
          f"toolbar→felt gap {g['gap']:.1f} px, toolbar {g['toolbar']:.0f} px; the board to its "
          f"status line {g['board']:.0f} px of the {g['visible']} px the notebook shows ({spare:.0f} spare); "
          f"the three rows' cards {3 * g['cardH'] / g['felt']:.0%} of the felt's height")
    if g["gap"] > GAP_MAX:
        failures.append(f"{tag}: {g['gap']:.0f} px between the toolbar and the felt with no message")
    # the cards are sized from the room the output really has: the board, toolbar to status
    # line, fits the notebook's visible height and leaves little of it unused — unless the
    # width binds: cards as wide as the felt's width allows (at 1280×900, since the cross's top
    # and bottom piles fan sideways where the height binds: 93.3 px, the felt 848 px wide) ...
    by_width = (g["width"] - 2 * 16 - 4) / WIDE_SPAN
    if spare < 0 or (spare > SPARE_MAX and g["card"] < by_width - 0.5):
        failures.append(f"{tag}: the board takes {g['board']:.0f} px of the {g['visible']} px shown")
    # ... and the felt is mostly cards, not room kept for fans: the cross's three rows of cards
    # make at least half its height (the room is for a deep pile, which squeezes its fan;
    # 0.95 of a card's height of room per row made cards 46% of it, 52 px wide at 1280×757)
    if 3 * g["cardH"] < CARDS_MIN * g["felt"]:
        failures.append(f"{tag}: the cards make {3 * g['cardH'] / g['felt']:.0%} of the felt's height")
    fit.screenshot(path=str(artifacts / f"fit-{tag}.png"))

    failures += grow_pile(nb, fit, tag, artifacts)

    # the Large face: the same card, bigger indices, every corner of the 7-card pile showing
    act(nb, fit, lambda: nb.run("fit.card_face = 'large'; fit.refresh()"))
    fit.evaluate("el => el.classList.contains('fsw-face-large')") or page.wait_for_function(
        "el => el.classList.contains('fsw-face-large')", arg=fit.element_handle())
    large = geometry(fit)
    print(f"{tag} Large face: card {large['card']:.1f} px (classic {g['card']:.1f}), "
          f"felt {large['felt']:.1f} px (classic {g['felt']:.1f})")
    if large["card"] < g["card"] - 0.5:
        failures.append(f"{tag}: the Large face shrinks the cards: {large['card']:.1f} < {g['card']:.1f} px")
    bad = fit.evaluate(CORNERS)
    if bad:
        failures.append(f"{tag} Large face, pile of 7: {bad[:4]}")
    # three cards turned: the waste's fan, each card's rank and suit showing, in either face
    for _ in range(3):
        act(nb, fit, lambda: fit.locator('[data-pile="stock"]').click())
    bad = fit.evaluate(CORNERS)
    if bad:
        failures.append(f"{tag} Large face, the waste: {bad[:4]}")
    fit.screenshot(path=str(artifacts / f"fit-{tag}-large.png"))
    act(nb, fit, lambda: nb.run("fit.card_face = 'classic'; fit.refresh()"))
    bad = fit.evaluate(CORNERS)
    if bad:
        failures.append(f"{tag} classic face, the waste: {bad[:4]}")
    fit.screenshot(path=str(artifacts / f"fit-{tag}-waste.png"))

    failures += walk_replay(nb, solved, tag, artifacts)
    for f in failures:
        print("FAILED", f)
    assert not failures, "\n".join(failures)


def set_theme(nb, theme: str) -> None:
    nb.execute("apputils:change-theme", {"theme": f"JupyterLab {theme.title()}"})
    nb.page.wait_for_function(
        f"document.body.dataset.jpThemeLight === '{'true' if theme == 'light' else 'false'}'")


# the board's own width against its output area's, and the toolbar's height
NARROW = """el => { const out = el.closest('.jp-OutputArea-output') || el.parentElement;
  const t = el.querySelector('.fsw-toolbar').getBoundingClientRect();
  const f = el.querySelector('[data-role="felt"]');
  const c = el.querySelector('[data-pile^="cross"] > .fsw-card');
  const wide = [...el.querySelectorAll('[data-pile], .fsw-toolbar, .fsw-head, .fsw-foot, [data-role="tray"]')]
    .filter(e => e.getBoundingClientRect().right > out.getBoundingClientRect().right + 1)
    .map(e => e.dataset.pile || e.className.split(' ')[0]);
  // the variant picker: a real select with a name, and the room its selected name needs (the
  // text's width, by the select's own font, and its padding and arrow: 20 px)
  const pick = el.querySelector('[data-role="variant"]'), cs = getComputedStyle(pick);
  const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
  const text = pick.options[pick.selectedIndex].text;
  const needs = ctx.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 20;
  // the deal box: its placeholder's text (this board has no deal number: it shows) against
  // the box's room for text, by its own font
  const seed = el.querySelector('[data-role="seed"]'), ss = getComputedStyle(seed);
  ctx.font = ss.font;
  const hint = {value: seed.value, text: seed.placeholder, needs: ctx.measureText(seed.placeholder).width,
    room: seed.clientWidth - parseFloat(ss.paddingLeft) - parseFloat(ss.paddingRight)};
  return {output: out.clientWidth, scroll: out.scrollWidth, board: el.getBoundingClientRect().width, hint,
          feltScroll: f.scrollWidth - f.clientWidth, toolbar: t.height,
          card: c ? c.getBoundingClientRect().width : 0, beyond: wide,
          picker: {tag: pick.tagName, name: pick.getAttribute('aria-label'), text, width: pick.clientWidth, needs}}; }"""


@pytest.mark.parametrize(("app", "theme"), [("lab", "light"), ("lab", "dark"),
                                            ("notebook", "light"), ("notebook", "dark")])
def test_narrow_and_wide_no_sideways_scroll(open_notebook, artifacts, app, theme):
    nb = open_notebook([PILES, SOLVED], app=app, expect_widgets=2)
    page = nb.page
    set_theme(nb, theme)
    failures = []
    for width in (1280, 420):
        page.set_viewport_size({"width": width, "height": 900})
        if app == "lab" and width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
            nb.execute("application:toggle-left-area")
        page.wait_for_timeout(400)
        fit = nb.widgets().nth(0)
        set_game(nb, fit, 7)
        fit.scroll_into_view_if_needed()
        m = fit.evaluate(NARROW)
        tag = f"{app}-{width}-{theme}"
        print(f"{tag}: output {m['output']} px (scrolls to {m['scroll']}), board {m['board']:.0f} px, "
              f"card {m['card']:.1f} px, toolbar {m['toolbar']:.0f} px tall, beyond the output: {m['beyond']}")
        fit.screenshot(path=str(artifacts / f"fit-{tag}.png"))
        pick = m["picker"]
        print(f"{tag}: the variant picker {pick['width']} px wide for {pick['text']!r} "
              f"(which needs {pick['needs']:.1f} px)")
        if pick["tag"] != "SELECT" or not pick["name"] or pick["width"] + 1 < pick["needs"]:
            failures.append(f"{tag}: the variant picker cuts its name: {pick}")
        hint = m["hint"]
        print(f"{tag}: the deal box's placeholder {hint['text']!r} needs {hint['needs']:.1f} px "
              f"of its {hint['room']:.1f}")
        if hint["value"] or not hint["text"] or hint["needs"] > hint["room"]:
            failures.append(f"{tag}: the deal box's placeholder is cut (or not shown): {hint}")
        if m["scroll"] > m["output"] + 1 or m["beyond"] or m["feltScroll"] > 1:
            failures.append(f"{tag}: sideways scroll: output {m['output']} px, content {m['scroll']} px, "
                            f"beyond: {m['beyond']}")
        bad = fit.evaluate(CORNERS)
        if bad:
            failures.append(f"{tag} pile of 7: {bad[:4]}")
        # the replay bar, in the felt
        solved = nb.widgets().nth(1)
        solved.scroll_into_view_if_needed()
        solved.locator('button[data-action="solve"]').click()
        solved.locator('[data-role="replay"]').wait_for(state="visible", timeout=90_000)
        solved.locator('[data-replay="last"]').click()
        page.wait_for_timeout(200)
        solved.screenshot(path=str(artifacts / f"fit-{tag}-replay.png"))
        bad = solved.evaluate(CORNERS)
        if bad:
            failures.append(f"{tag} replay's last frame: {bad[:4]}")
        solved.locator('[data-replay="leave"]').click()
    for f in failures:
        print("FAILED", f)
    assert not failures, "\n".join(failures)


# the side column against what fit.js counts (layout.js SIDE_W card widths), and anything of
# the felt past its box: the felt's own sideways overflow, every pile's and card's box outside
# the felt's, the side column's piles past the felt's padding
SIDE = """el => { const f = el.querySelector('[data-role="felt"]'), fr = f.getBoundingClientRect();
  const board = el.querySelector('.fsw-board'), cols = getComputedStyle(board).gridTemplateColumns.split(' ');
  const cw = el.querySelector('[data-pile="stock"]').getBoundingClientRect().width;
  const out = [...el.querySelectorAll('[data-pile], [data-pile] > .fsw-card, [data-role="tray"]')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width && (r.left < fr.left - 0.5 || r.right > fr.right + 0.5); })
    .map(e => e.dataset.card || e.dataset.pile || e.dataset.role);
  return {fit: el.dataset.fit, cw, side: parseFloat(cols[cols.length - 1]), felt: fr.width,
          overflow: f.scrollWidth - f.clientWidth, out}; }"""


def test_side_column_never_overflows_the_felt(open_notebook, artifacts):
    """fit.js counts the side column as SIDE_W (2.9) card widths; the CSS lets it grow into the
    felt's free width up to 340 px.  Where they differ most — the wide layout's smallest cards,
    just above the width where the narrow layout takes over (2.9 × 48 px = 139 px against 340),
    and a short window, where the height binds and the felt has free width — no width may
    overflow the felt or clip a card: a sweep of Notebook 7's window across those widths."""
    nb = open_notebook([PILES], app="notebook", expect_widgets=1)
    page, fit = nb.page, nb.widgets().first
    set_game(nb, fit, 7)
    failures, seen, widest = [], [], (0.0, 0)
    for height in (1000, 600):
        last = None
        for width in range(440, 1001, 10):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            fit.scroll_into_view_if_needed()
            m = fit.evaluate(SIDE)
            if m["fit"] == "wide":
                extra = m["side"] - 2.9 * m["cw"]
                widest = max(widest, (extra, width))
                if last != "wide":
                    seen.append((width, height, round(m["cw"], 1), round(m["side"]), round(extra)))
            if m["overflow"] > 1 or m["out"]:
                failures.append(f"{width}×{height} ({m['fit']}): overflow {m['overflow']} px, "
                                f"past the felt: {m['out'][:6]}")
            if m["fit"] == "wide" and m["side"] < 2.9 * m["cw"] - 1:
                failures.append(f"{width}×{height}: the side column {m['side']:.0f} px < 2.9 cards")
            last = m["fit"]
        fit.screenshot(path=str(artifacts / f"fit-side-1000x{height}.png"))
    print(f"the wide layout from (width, height, card, side column, px past 2.9 cards): {seen}; "
          f"the side column grows most past 2.9 cards: {widest[0]:.0f} px at {widest[1]} px")
    assert seen, "the sweep never met the wide layout"
    assert not failures, "\n".join(failures[:10])
