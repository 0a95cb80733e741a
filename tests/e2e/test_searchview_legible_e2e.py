"""The search view is legible where a reader meets it: JupyterLab with its file browser open,
at 1280 and at 640 px, light and dark.  Measured in the page: no two tree labels overlap, every
tree label drawn is at least 8.5 px on screen (also past 30 expansions, where the tree no longer
fits its box whole), no text of the head, the legend or the queue panel is cut off, the legend's
keys stand apart, and frontier rows alike in move and figures are told apart."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

# the lesson position of 05 Search: A* takes 26 expansions, breadth-first stops at 300
LESSON = ("from fourseasons_widget import SearchView\n"
          "from fourseasons_widget.search.endgames import lesson_position\n"
          "v = SearchView(lesson_position(0, 12), algorithm='A*')\n"
          "v")

# the tree's labels inside its box: their on-screen font size, and the pairs whose boxes meet
LABELS = """r => {
  const box = r.querySelector('[data-role="tree"]').getBoundingClientRect();
  const labs = [...r.querySelectorAll('[data-role="tree"] text')].map(t => {
    const b = t.getBoundingClientRect();
    return {text: t.textContent, l: b.left, t: b.top, r: b.right, b: b.bottom, h: b.height,
            px: t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)};
  }).filter(b => b.h > 0 && b.r > box.left && b.l < box.right && b.b > box.top && b.t < box.bottom);
  const meet = [];
  for (let i = 0; i < labs.length; i++) for (let j = i + 1; j < labs.length; j++) {
    const a = labs[i], c = labs[j];
    const dx = Math.min(a.r, c.r) - Math.max(a.l, c.l), dy = Math.min(a.b, c.b) - Math.max(a.t, c.t);
    if (dx > 0.5 && dy > 0.5) meet.push([a.text, c.text, Math.round(dx), Math.round(dy)]);
  }
  return {n: labs.length, meet, smallest: Math.min(...labs.map(b => b.px))};
}"""

# the text of the view that the reader cannot see whole: an element whose own text is wider
# than its box, or whose box reaches past what JupyterLab shows of the output (the view's
# ancestors that clip); the tree's svg and the small board scroll or pan on purpose
CLIPPED = """r => {
  let clip = {left: 0, top: -1e9, right: innerWidth, bottom: 1e9};
  for (let a = r.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX !== 'visible') {
      const b = a.getBoundingClientRect();
      clip = {...clip, left: Math.max(clip.left, b.left), right: Math.min(clip.right, b.right)};
    }
  }
  const out = [];
  for (const e of r.querySelectorAll('*')) {
    if (e.closest('svg') || e.closest('[data-role="position"]')) continue;
    if (!e.textContent.trim() || !e.getClientRects().length) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const b = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      out.push([e.className || e.tagName, e.textContent.slice(0, 40), 'text wider than its box']);
    else if (b.right > clip.right + 1 || b.left < clip.left - 1)
      out.push([e.className || e.tagName, e.textContent.slice(0, 40), 'cut at the output edge',
                Math.round(b.right), Math.round(clip.right)]);
  }
  return out;
}"""

# the legend's keys: boxes on the same line are at least 8 px apart
LEGEND = """r => {
  const keys = [...r.querySelectorAll('[data-role="legend"] .fsv-key')].map(e => e.getBoundingClientRect());
  let tight = [];
  for (let i = 0; i + 1 < keys.length; i++) {
    const a = keys[i], b = keys[i + 1];
    if (Math.abs(a.top - b.top) < 4 && b.left - a.right < 8) tight.push([i, Math.round(b.left - a.right)]);
  }
  return tight;
}"""

QUEUE = """r => [...r.querySelectorAll('[data-role="queue"] li')].map(li => [li.textContent,
  [...li.children].filter(c => c.dataset.role !== 'from').map(c => c.textContent).join(' ')])"""


def go_to(page, root, k: int) -> None:
    root.locator('[data-role="slider"]').evaluate(
        "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", k)
    page.wait_for_function(f"() => document.querySelector('[data-role=step-label]')"
                           f".textContent.startsWith('step {k} ')")
    page.wait_for_timeout(150)


def legible(root, where: str, shots) -> None:
    root.screenshot(path=str(shots / f"searchview-legible-{where}.png"))
    labels = root.evaluate(LABELS)
    clipped = root.evaluate(CLIPPED)
    tight = root.evaluate(LEGEND)
    next_in_box = root.evaluate("""r => {
        const n = r.querySelector('[data-role="tree"] [data-next]');
        if (!n) return true;
        const b = n.getBoundingClientRect(), t = r.querySelector('[data-role="tree"]').getBoundingClientRect();
        return b.left >= t.left && b.right <= t.right && b.top >= t.top && b.bottom <= t.bottom;
    }""")
    print(f"{where}: {labels['n']} labels, smallest {labels['smallest']:.1f} px, "
          f"meeting {len(labels['meet'])}, clipped {len(clipped)}, legend tight {tight}")
    assert labels["n"] >= 3, where
    assert labels["meet"] == [], f"{where}: tree labels overlap: {labels['meet'][:4]}"
    assert labels["smallest"] >= 8.5, f"{where}: tree labels {labels['smallest']:.1f} px on screen"
    assert clipped == [], f"{where}: text cut off: {clipped[:4]}"
    assert tight == [], f"{where}: legend keys run together: {tight}"
    assert next_in_box, f"{where}: the node taken next is out of the tree's box"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_search_view_is_legible_at_1280_and_640_with_the_file_browser_open(
        open_notebook, artifacts, theme):
    nb = open_notebook([LESSON])
    page = nb.page
    root = nb.page.locator(".fsv-root").first
    assert nb.page.evaluate("() => !window.jupyterapp.shell.leftCollapsed"), "file browser shut"
    if theme == "dark":
        nb.execute("apputils:change-theme", {"theme": "JupyterLab Dark"})
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    for width in (1280, 640):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(400)
        # step 6: three frontier entries "7S s>w g 2 h 12 f 14", from different expansions
        go_to(page, root, 6)
        rows = root.evaluate(QUEUE)
        bare = [b for _, b in rows]
        assert len(set(bare)) < len(bare), rows  # rows alike in move and figures exist here
        assert len({t for t, _ in rows}) == len(rows), f"queue rows alike: {rows}"
        legible(root, f"astar6-{width}-{theme}", artifacts)
        go_to(page, root, 26)  # the end: the whole tree no longer fits its box readably
        legible(root, f"astar26-{width}-{theme}", artifacts)
        assert root.locator('[data-role="tree"] svg').get_attribute("data-partial") == "true"
        assert "bigger than its box" in root.locator('[data-role="tree-note"]').inner_text()
    # breadth-first, 40 expansions in: still readable, the next node in view
    root.locator('select[aria-label="Search algorithm"]').select_option("breadth-first")
    page.wait_for_function("() => document.querySelector('[data-role=summary]')"
                           ".textContent.startsWith('breadth-first')")
    for width in (1280, 640):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(400)
        go_to(page, root, 40)
        legible(root, f"bfs40-{width}-{theme}", artifacts)
    page.screenshot(path=str(artifacts / f"searchview-legible-page-640-{theme}.png"))
    if theme == "dark":
        nb.execute("apputils:change-theme", {"theme": "JupyterLab Light"})


def test_a_students_search_that_fails_is_told_on_the_view(open_notebook, artifacts):
    """A student's search that raises is not only an exception in the kernel: the view says what
    went wrong, in its alert box, in words a student reads (and the box is gone for a search
    that works)."""
    nb = open_notebook([
        "from fourseasons_widget import SearchView\n"
        "from fourseasons_widget.search.endgames import small_position\n"
        "def my_bfs(problem, on_step):\n"
        "    frontier = [problem.initial]\n"
        "    return frontier.pop(1)  # a slip: index 1 of a one-element list\n"
        "v = SearchView(small_position(seed=0, cards_left=3), algorithm=my_bfs)\n"
        "v"])
    box = nb.page.locator('.fsv-root [data-role="error"]').first
    box.wait_for(state="visible", timeout=30_000)
    text = box.inner_text()
    assert "IndexError" in text or "index" in text.lower(), text
    assert 0 < len(text) <= 400 and box.get_attribute("role") == "alert"
    b = box.bounding_box()
    assert b["width"] > 100 and b["height"] >= 12  # drawn, not a sliver
    nb.page.locator(".fsv-root").first.screenshot(path=str(artifacts / "searchview-error.png"))
    assert nb.eval("v.error") == text.strip()
    nb.run("v.algorithm = 'breadth-first'")
    box.wait_for(state="hidden", timeout=30_000)


def test_a_forged_child_is_refused_on_the_view_in_words(open_notebook, artifacts):
    """A child made by hand (not by expand) is not drawn as a search step: the view's alert
    says what is wrong, and nothing of the forgery is drawn."""
    nb = open_notebook([
        "from fourseasons_widget import SearchView\n"
        "from fourseasons_widget.search.algorithms import Node, expand\n"
        "from fourseasons_widget.search.endgames import small_position\n"
        "def my_bfs(problem, on_step):\n"
        "    root = Node(problem.initial)\n"
        "    children = expand(problem, root)\n"
        "    fake = Node(children[0].state, root, 'teleport', 1, 1)  # made by hand\n"
        "    on_step(root, [*children, fake], [*children, fake])\n"
        "v = SearchView(small_position(seed=0, cards_left=3), algorithm=my_bfs)\n"
        "v"])
    box = nb.page.locator('.fsv-root [data-role="error"]').first
    box.wait_for(state="visible", timeout=30_000)
    text = box.inner_text()
    assert "not one expand(problem, node) makes" in text, text
    assert box.get_attribute("role") == "alert"
    nb.page.locator(".fsv-root").first.screenshot(path=str(artifacts / "searchview-forged.png"))
    assert nb.eval("len(v.last_trace.steps)") == 0
