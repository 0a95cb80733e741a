"""The toolbar keeps its controls in the same rows and order for every variant (issue 35,
item 8: "the toolbar rearranges its groups from variant to variant").

The groups used to flow after the variant picker, which was as wide as the name it showed: at
1280 px in JupyterLab Restart, Undo and Redo ended the first row for Four Seasons and began the
second for "Four Seasons, moving sequences", and the summary line wrapped to two lines for
Corners and Dick's, moving the whole toolbar down.  Here every variant is chosen with the
picker, as a player does, at 1280×800 and 420×900; each control's row, its place in the row
and its position on the board must be those of the first variant, and none may lie past the
board's right edge.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

VARIANTS = ("standard", "sequences", "czarina", "corners", "simplicity", "dick1883")
CELL = "from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7, stats=False)\nw"

# every control a player sees above the felt: its name, its middle and left relative to the board
CONTROLS = """el => { const r = el.getBoundingClientRect();
  const items = [...el.querySelectorAll('.fsw-head summary, .fsw-toolbar :is(button, select, input, label.fsw-check)')]
    .filter(e => e.offsetParent && !e.closest('.fsw-popover, dl, .fsw-options-panel, .fsw-stats-panel'));
  return items.map(e => { const b = e.getBoundingClientRect();
    if (b.right > r.right + 1) return ['past the edge', e.dataset.action || e.textContent.trim(), b.right - r.right];
    return [e.dataset.action || e.dataset.role || e.textContent.trim(), Math.round((b.top + b.bottom) / 2 - r.top),
            Math.round(b.left - r.left)]; }); }"""


# the controls once the page has settled: the fonts loaded (a control measured in a fallback
# font sits elsewhere) and the same positions in two frames running (what the board draws
# after it names the variant — the Rules control, the help — is drawn by then)
SETTLED = """async el => { const read = CONTROLS;
  await document.fonts.ready;
  let last = JSON.stringify(read(el));
  for (let k = 0; k < 120; k++) {
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    const now = JSON.stringify(read(el));
    if (now === last) return JSON.parse(now);
    last = now;
  }
  return ['never settled', JSON.parse(last)]; }""".replace("CONTROLS", CONTROLS)


def rows(controls: list) -> list[list[str]]:
    """The controls by row (their middles within 4 px), left to right."""
    out: list[list] = []
    for name, top, left in sorted(controls, key=lambda c: (c[1], c[2])):
        if out and abs(out[-1][0] - top) <= 4:
            out[-1][1].append((left, name))
        else:
            out.append([top, [(left, name)]])
    return [[n for _, n in sorted(row)] for _, row in out]


@pytest.mark.parametrize("width,height", [(1280, 800), (420, 900)])
def test_the_toolbar_keeps_its_rows_for_every_variant(open_notebook, artifacts, width, height):
    nb = open_notebook([CELL])
    page = nb.page
    page.set_viewport_size({"width": width, "height": height})
    if width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")
    root = nb.widgets().first
    root.scroll_into_view_if_needed()
    seen = {}
    for v in VARIANTS:
        picker = root.locator('[data-role="variant"]')
        if picker.input_value() != v:
            picker.select_option(v)  # (at the deal: no question asked, the variant is dealt)
            page.wait_for_function("([el, v]) => el.dataset.variant === v",
                                   arg=[root.element_handle(), v])
        assert nb.eval("w.game.variant") == v
        seen[v] = root.evaluate(SETTLED)
        assert seen[v][0] != "never settled", (v, seen[v])
        if v in ("standard", "sequences", "dick1883"):
            root.screenshot(path=str(artifacts / f"toolbar-{width}-{v}.png"))
    first = seen[VARIANTS[0]]
    print(f"\n{width}×{height}: rows {rows(first)}")
    for v in VARIANTS:
        assert not [c for c in seen[v] if c[0] == "past the edge"], (v, seen[v])
    for v in VARIANTS[1:]:
        assert rows(seen[v]) == rows(first), (v, rows(seen[v]), rows(first))
        moved = [(a[0], a[1:], b[1:]) for a, b in zip(seen[v], first, strict=True) if a[1:] != b[1:]]
        assert not moved, f"{v}: controls moved from where they were for {VARIANTS[0]}: {moved[:5]}"
