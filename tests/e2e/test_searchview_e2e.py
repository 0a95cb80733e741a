"""The step-by-step search view in a real browser: JupyterLab, Notebook 7 and the static page.

What is measured is what the reader sees: the number of tree nodes drawn after each step equals
the trace's count, every node's colour class is the one Python computes, the colours of the
classes differ on screen, and the position shown for a clicked node is that node's position.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from board_probes import DEEP_PILE
from jupyter_harness import local_only_page

from fourseasons_widget.tools import export as ex

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SETUP = ("from fourseasons_widget import SearchView\n"
         "from fourseasons_widget.search.endgames import lesson_position\n"
         "v = SearchView(lesson_position(0, 12), algorithm='A*', show_duplicates=True)\n"
         "v")


TREE = '[data-role="tree"] [data-node]'


def view(nb):
    return nb.page.locator(".fsv-root").first


def drawn_classes(root) -> list[str]:
    return root.locator(TREE).evaluate_all(
        "els => els.sort((a, b) => a.dataset.node - b.dataset.node).map(e => e.dataset.class)")


def mark_colours(root) -> dict[str, tuple[str, str]]:
    """The fill and stroke on screen of a drawn node of each class."""
    return root.evaluate("""r => {
        const out = {};
        for (const g of r.querySelectorAll('[data-role="tree"] [data-node]')) {
            const m = g.querySelector('.fsv-mark');
            const s = getComputedStyle(m);
            if (!(g.dataset.class in out)) out[g.dataset.class] = [s.fill, s.stroke];
        }
        return out;
    }""")


def shown_position(root) -> dict:
    """The cards drawn on the small board of the selected node."""
    return root.locator('[data-role="position"]').evaluate("""b => {
        const piles = [...b.querySelectorAll('[data-pile^="cross:"]')]
            .sort((x, y) => x.dataset.pile.localeCompare(y.dataset.pile))
            .map(p => [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card));
        const waste = [...b.querySelectorAll('[data-pile="waste"] [data-card]')]
            .map(c => c.dataset.card);
        return {node: Number(b.dataset.shownNode), piles, waste,
                home: b.querySelector('[data-role="home"]').textContent};
    }""")


def test_step_slider_and_clicking_a_node_in_jupyterlab(open_notebook, artifacts):
    nb = open_notebook([SETUP])
    page = nb.page
    root = view(nb)
    n = nb.eval("len(v.trace['steps'])")
    assert n > 5
    label = root.locator('[data-role="step-label"]')
    assert label.inner_text() == f"step 0 of {n}"
    assert root.locator(TREE).count() == 1

    # three steps with the step button: the tree grows exactly as the trace says
    step = root.locator('[data-role="step"]')
    for _ in range(3):
        step.click()
    page.wait_for_function("() => document.querySelector('[data-role=step-label]')"
                           ".textContent.startsWith('step 3 ')")
    drawn = root.locator(TREE).count()
    assert drawn == nb.eval("sum(v.trace['counts'][3].values())")
    assert drawn_classes(root) == nb.eval(
        "[c for c in (v.last_trace.class_at(i, 3) for i in range(len(v.trace['nodes']))) if c]")
    assert int(root.locator('[data-count="frontier"]').inner_text()) == nb.eval(
        "v.trace['counts'][3]['frontier']")
    # the view tells the kernel which step it shows (a comm message: allow it to arrive)
    for _ in range(50):
        if nb.eval("v.step") == 3:
            break
        page.wait_for_timeout(100)
    assert nb.eval("v.step") == 3

    # the slider, by keyboard: End jumps to the last step, where the goal is drawn
    slider = root.locator('[data-role="slider"]')
    slider.focus()
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('[data-role=step-label]')"
                           f".textContent.startsWith('step {n} ')")
    assert root.locator(TREE).count() == nb.eval("len(v.trace['nodes'])")
    assert root.locator('[data-class="goal"]').count() == 1
    colours = mark_colours(root)
    assert {"frontier", "explored", "goal"} <= set(colours)
    assert len({tuple(colours[c]) for c in colours}) == len(colours), colours  # classes look different
    page.screenshot(path=str(artifacts / "searchview-lab-light-1280.png"), full_page=False)
    root.screenshot(path=str(artifacts / "searchview-light-1280.png"))

    # clicking a node shows its position: the goal (all cards home), then a frontier node
    goal = nb.eval("v.trace['goal']")
    root.locator(f'[data-role="tree"] [data-node="{goal}"]').click()
    shown = shown_position(root)
    assert shown["node"] == goal and shown["home"] == "52/52 home"
    for _ in range(50):
        if nb.eval("v.selected") == goal:
            break
        page.wait_for_timeout(100)
    assert nb.eval("v.selected") == goal
    # a frontier node, picked in the queue panel (the big tree is shown around the goal)
    frontier = root.locator('[data-role="queue"] li').nth(1)
    fid = int(frontier.get_attribute("data-node"))
    assert nb.eval(f"v.last_trace.class_at({fid}, {n})") == "frontier"
    frontier.scroll_into_view_if_needed()
    frontier.click()
    shown = shown_position(root)
    pos = nb.eval(f"v.trace['positions'][v.trace['nodes'][{fid}]['pos']]")
    assert shown["node"] == fid
    assert shown["piles"] == pos["piles"]
    assert shown["waste"] == pos["waste"]
    assert shown["home"] == f"{pos['home']}/52 home"

    # nothing spills out of the output area at 1280 px; then a narrow window
    box = root.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1280
    # a narrow window (the file browser closed, as a reader on a small screen would):
    # the tree takes the whole width of the output, the node's board sits under it, unclipped
    nb.execute("application:toggle-left-area")
    page.set_viewport_size({"width": 600, "height": 1000})
    page.wait_for_timeout(500)
    box = root.bounding_box()
    root.screenshot(path=str(artifacts / "searchview-light-600.png"))
    assert box["x"] >= 0 and box["x"] + box["width"] <= 600
    tree = root.locator('[data-role="tree"]').bounding_box()
    assert tree["width"] >= box["width"] - 4
    board = root.locator('[data-role="position"] .fsw-board').bounding_box()
    assert board["y"] >= tree["y"] + tree["height"]
    assert board["x"] >= box["x"] - 1 and board["x"] + board["width"] <= box["x"] + box["width"] + 1

    # the dark theme
    page.set_viewport_size({"width": 1280, "height": 1000})
    nb.execute("apputils:change-theme", {"theme": "JupyterLab Dark"})
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(500)
    dark = mark_colours(root)
    assert dark["frontier"] != colours["frontier"]  # the palette follows the theme
    root.screenshot(path=str(artifacts / "searchview-dark-1280.png"))
    page.set_viewport_size({"width": 600, "height": 1000})
    page.wait_for_timeout(400)
    root.screenshot(path=str(artifacts / "searchview-dark-600.png"))
    nb.execute("apputils:change-theme", {"theme": "JupyterLab Light"})
    page.set_viewport_size({"width": 1280, "height": 1000})

    # another algorithm, chosen in the view, is run by the kernel and drawn from step 0
    root.locator('select[aria-label="Search algorithm"]').select_option("depth-first")
    page.wait_for_function("() => document.querySelector('[data-role=summary]')"
                           ".textContent.startsWith('depth-first')")
    assert nb.eval("v.trace['algorithm']") == "depth-first"
    assert label.inner_text().startswith("step 0 of ")


def test_play_runs_in_the_browser_in_notebook7(open_notebook, artifacts):
    nb = open_notebook([SETUP], app="notebook")
    page = nb.page
    root = view(nb)
    n = nb.eval("len(v.trace['steps'])")
    root.locator('select[aria-label="Play speed"]').select_option("fast")
    root.locator('[data-role="play"]').click()
    page.wait_for_function(f"() => document.querySelector('[data-role=step-label]')"
                           f".textContent.startsWith('step {n} ')", timeout=30_000)
    assert root.locator('[data-role="play"]').get_attribute("aria-label") == "Play"
    assert root.locator(TREE).count() == nb.eval("len(v.trace['nodes'])")
    root.screenshot(path=str(artifacts / "searchview-notebook7.png"))


# -- the static page, no kernel ---------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    os.environ.setdefault("MPLBACKEND", "Agg")
    d = tmp_path_factory.mktemp("svexport")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)]
    src = d / "search.ipynb"
    nbformat.write(nb, src)
    return ex.export(src, d / "site" / "search.html", timeout=300)


def test_the_exported_page_steps_through_the_search_without_a_kernel(browser, exported,
                                                                       artifacts, static_server):
    from fourseasons_widget.search.endgames import lesson_position
    from fourseasons_widget.searchview import SearchView

    expected = SearchView(lesson_position(0, 12), algorithm="A*").trace

    # (only 127.0.0.1 reachable; a request elsewhere or an error in the page fails the test)
    with static_server(exported.parent) as base, \
            local_only_page(browser, f"{base}/{exported.name}", width=1280) as page:
        root = page.locator(".fsv-root").first
        root.wait_for(timeout=30_000)
        n = len(expected["steps"])
        assert root.locator('[data-role="step-label"]').inner_text() == f"step 0 of {n}"
        for k in (1, 2):
            root.locator('[data-role="step"]').click()
            assert root.locator(TREE).count() == sum(expected["counts"][k].values())
        root.locator('[aria-label="Jump to the end"]').click()
        assert root.locator('[data-class="goal"]').count() == 1
        root.locator(f'[data-role="tree"] [data-node="{expected["goal"]}"]').click()
        assert shown_position(root)["home"] == "52/52 home"
        root.screenshot(path=str(artifacts / "searchview-export.png"))
        # another algorithm needs a kernel: the page says so and keeps the recorded search
        root.locator('select[aria-label="Search algorithm"]').select_option("depth-first")
        root.locator('[data-role="note"]', has_text="needs a running kernel").wait_for(
            timeout=15_000)
        assert root.locator('select[aria-label="Search algorithm"]').input_value() == "A*"
        assert root.locator('[data-class="goal"]').count() == 1


FRONTIER = ("from fourseasons_widget import SearchView\n"
            "from fourseasons_widget.search.endgames import lesson_position\n"
            "v = SearchView(lesson_position(0, 12), algorithm='A*')\n"
            "v")


def fits(root) -> dict:
    """Where the drawn tree lies against its box, in the page (px)."""
    return root.evaluate("""r => {
        const box = r.querySelector('[data-role="tree"]').getBoundingClientRect();
        let out = 0, n = 0;
        for (const g of r.querySelectorAll('[data-role="tree"] [data-node]')) {
            const b = g.getBoundingClientRect();
            n += 1;
            if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1
                || b.bottom > box.bottom + 1) out += 1;
        }
        const svg = r.querySelector('[data-role="tree"] svg');
        const focus = r.querySelector('[data-role="tree"] [data-next]')
            || r.querySelector('[data-role="tree"] [data-class="goal"]');
        const f = focus && focus.getBoundingClientRect();
        return {outside: out, nodes: n, width: box.width, height: box.height,
                partial: svg.dataset.partial === 'true',
                focus_inside: !f || (f.left >= box.left - 1 && f.right <= box.right + 1
                                     && f.top >= box.top - 1 && f.bottom <= box.bottom + 1)};
    }""")


def fitted(root) -> bool:
    """The fitted tree is whole in its box, or (too big to read whole) shows the part around
    the node taken next, and says so."""
    f = fits(root)
    if f["partial"]:
        note = root.locator('[data-role="tree-note"]').inner_text()
        return f["focus_inside"] and "bigger than its box" in note
    return f["outside"] == 0


def test_the_frontier_panel_follows_pythons_queue_and_the_tree_fits(open_notebook, artifacts):
    nb = open_notebook([FRONTIER])
    page = nb.page
    root = view(nb)
    n = nb.eval("len(v.trace['steps'])")
    step = root.locator('[data-role="step"]')
    widths = []
    for k in range(n + 1):
        page.wait_for_function(f"() => document.querySelector('[data-role=step-label]')"
                               f".textContent.startsWith('step {k} ')")
        panel = root.locator('[data-role="queue"] li').evaluate_all(
            "els => els.map(e => Number(e.dataset.node))")
        python = nb.eval(f"[0] if {k} == 0 else v.last_trace.steps[{k} - 1]['queue']")
        assert panel == python, f"step {k}"
        marked = root.locator('[data-role="queue"] li[data-next]').evaluate_all(
            "els => els.map(e => Number(e.dataset.node))")
        in_tree = root.locator('[data-role="tree"] [data-next]').evaluate_all(
            "els => els.map(e => Number(e.dataset.node))")
        if k < n:  # the next node is marked, in the panel and the tree, before the step
            nxt = nb.eval(f"v.last_trace.steps[{k}]['node']")
            assert marked == [nxt] == in_tree and panel[0] == nxt
        f = fits(root)
        # the tree fits its box (no node outside it), or shows the node taken next readably
        assert fitted(root), (k, f)
        widths.append(f["width"])
        if k == 2:
            root.screenshot(path=str(artifacts / "searchview-frontier-step2.png"))
        if k < n:
            step.click()
    assert root.locator('[data-role="tree"] [data-class="duplicate"]').count() == 0
    root.screenshot(path=str(artifacts / "searchview-frontier-end.png"))
    # zoom in, then fit again: all nodes back inside the box
    root.locator('[data-role="zoom-in"]').click()
    root.locator('[data-role="zoom-in"]').click()
    assert fits(root)["outside"] > 0
    root.locator('[data-role="fit"]').click()
    assert fitted(root)
    # the duplicates toggle reaches Python (a checked front-end trait)
    root.locator('[data-role="show-duplicates"]').check()
    for _ in range(50):
        if nb.eval("v.show_duplicates"):
            break
        page.wait_for_timeout(100)
    assert nb.eval("v.show_duplicates") is True
    assert root.locator('[data-role="tree"] [data-class="duplicate"]').count() == nb.eval(
        "v.trace['counts'][-1]['duplicate']")
    assert fitted(root)
    root.screenshot(path=str(artifacts / "searchview-frontier-duplicates.png"))


TOY = ("from fourseasons_widget import SearchView\n"
       "from fourseasons_widget.search.endgames import small_position\n"
       "box = SearchView.side_by_side(small_position(seed=0, cards_left=3), 'breadth-first', 'A*')\n"
       "bfs, astar = box.children\n"
       "box")


def test_the_toy_position_side_by_side_steps_both_and_fits(open_notebook, artifacts):
    nb = open_notebook([TOY], expect_widgets=2)
    page = nb.page
    views = nb.page.locator(".fsv-root")
    assert views.count() == 2
    left, right = views.nth(0), views.nth(1)
    n_left, n_right = nb.eval("len(bfs.trace['steps'])"), nb.eval("len(astar.trace['steps'])")
    assert (n_left, n_right) == (8, 4)
    for k in range(1, n_left + 1):
        left.locator('[data-role="step"]').click()
        page.wait_for_function(
            f"() => [...document.querySelectorAll('[data-role=step-label]')]"
            f".map(e => e.textContent).join('|').includes('step {min(k, n_right)} of {n_right}')")
        # one step button steps both (the step traits are linked in the browser)
        assert left.locator('[data-role="step-label"]').inner_text().startswith(f"step {k} ")
        assert right.locator('[data-role="step-label"]').inner_text().startswith(
            f"step {min(k, n_right)} ")
        for view_, name in ((left, "bfs"), (right, "astar")):
            assert fitted(view_)
            kk = min(k, nb.eval(f"len({name}.trace['steps'])"))
            want = nb.eval(f"{name}.last_trace.steps[{kk} - 1]['queue']")
            got = view_.locator('[data-role="queue"] li').evaluate_all(
                "els => els.map(e => Number(e.dataset.node))")
            assert got == want
        if k == 2:
            page.screenshot(path=str(artifacts / "searchview-toy-side-by-side-step2.png"))
    # the whole toy tree, duplicates included: fitted (whole, or readable around the goal)
    for view_ in (left, right):
        view_.locator('[data-role="show-duplicates"]').check()
        f = fits(view_)
        assert fitted(view_) and f["nodes"] > 10
    page.screenshot(path=str(artifacts / "searchview-toy-side-by-side-end.png"))


# A* from Four Seasons seed 7 with its centre cross pile made a 7-card run (K♦ down to 7♠): the
# frontier holds two-digit g/h/f figures and the small board shows a deep pile
DEEP_VIEW = DEEP_PILE + """
from fourseasons_widget import SearchView
deep = SearchView(_game, algorithm="A*", max_steps=12)
deep
"""

# each queue row: its height, its line height, and every figure's number of line boxes
QUEUE_ROWS = """ol => [...ol.querySelectorAll(':scope > li')].map(li => ({
  node: li.dataset.node, height: li.getBoundingClientRect().height,
  line: parseFloat(getComputedStyle(li).lineHeight) || 1.2 * parseFloat(getComputedStyle(li).fontSize),
  wrapped: [...li.children].filter(c => c.getClientRects().length > 1).map(c => c.textContent),
  text: li.textContent}))"""

# every card's corner rank in a pile of the small board: the card hit there, or what was
MINI_CORNERS = """pile => [...pile.querySelectorAll(':scope > [data-card]')].map(card => {
  const r = card.querySelector('.fsw-idx:not(.fsw-idx-b) .fsw-rank').getBoundingClientRect();
  const hits = [0.3, 0.5, 0.7].map(f => {
    const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * f);
    const c = el && el.closest('[data-card]');
    return c ? c.dataset.card : (el ? el.className || el.tagName : null);
  });
  return {card: card.dataset.card, hits, h: r.height,
          badges: pile.querySelectorAll('.fsw-badge').length};
})"""

BOXES = """r => Object.fromEntries(['queue-head', 'tree', 'position', 'node-info'].map(k => {
  const e = r.querySelector(`[data-role="${k}"]`);
  const b = (k === 'queue-head' ? e.parentElement : e).getBoundingClientRect();
  return [k, {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width}];
}).concat([['root', r.getBoundingClientRect().toJSON()]]))"""


def _queue_rows_are_one_line(root, where: str) -> None:
    rows = root.locator('[data-role="queue"]').evaluate(QUEUE_ROWS)
    assert len(rows) >= 3, rows
    bad = [r for r in rows if r["wrapped"] or r["height"] > 1.6 * r["line"] + 8]
    print(where, "queue rows:", [(r["text"], round(r["height"]), round(r["line"])) for r in rows[:4]])
    assert not bad, f"{where}: queue rows on more than one line: {bad[:3]}"


def test_queue_rows_one_line_and_every_rank_of_a_deep_mini_pile_readable(open_notebook,
                                                                           artifacts):
    """The frontier panel's rows (move, g, h, f, "next") each stay on one line; the small board
    of the selected node shows every card's corner rank in a 7-card pile (no count badge over
    it, each rank hit by elementFromPoint); at 640 px the queue panel stands beside the tree."""
    nb = open_notebook([DEEP_VIEW])
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 1000})
    root = view(nb)
    for _ in range(4):
        root.locator('[data-role="step"]').click()
    page.wait_for_function("() => document.querySelector('[data-role=step-label]')"
                           ".textContent.startsWith('step 4 ')")
    assert int(nb.eval("max(n['f'] for n in deep.trace['nodes'])")) >= 10
    _queue_rows_are_one_line(root, "1280 px")
    root.locator('[data-role="tree"] [data-node="0"]').click()
    pile = root.locator('[data-role="position"] [data-pile="cross:1"]')
    pile.scroll_into_view_if_needed()
    report = pile.evaluate(MINI_CORNERS)
    root.screenshot(path=str(artifacts / "searchview-deep-mini-1280.png"))
    assert [r["card"] for r in report] == ["KD", "QS", "JC", "TD", "9H", "8S", "7S"]
    assert report[0]["badges"] == 0
    hidden = [(r["card"], r["hits"]) for r in report if any(h != r["card"] for h in r["hits"])]
    assert not hidden, f"small board: corner ranks covered: {hidden}"

    # about half a laptop screen: the queue panel beside the tree (not wrapped above it), the
    # tree keeping a useful width, the selected node's board below both
    page.set_viewport_size({"width": 640, "height": 1000})
    if nb.page.evaluate("() => !window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")  # (the file browser would take half)
    page.wait_for_timeout(400)
    root.scroll_into_view_if_needed()
    b = root.evaluate(BOXES)
    root.screenshot(path=str(artifacts / "searchview-deep-640.png"))
    print("640 px boxes:", {k: {x: round(y) for x, y in v.items()} for k, v in b.items()})
    q, t, pos = b["queue-head"], b["tree"], b["position"]
    assert abs(q["top"] - t["top"]) < 4 and q["right"] <= t["left"] + 1, "queue not beside tree"
    assert t["width"] >= 240 and t["right"] <= b["root"]["right"] + 1
    assert pos["top"] >= max(q["bottom"], t["bottom"]) - 1
    _queue_rows_are_one_line(root, "640 px")
    report = pile.evaluate(MINI_CORNERS)
    hidden = [(r["card"], r["hits"]) for r in report if any(h != r["card"] for h in r["hits"])]
    assert not hidden, f"small board at 640 px: corner ranks covered: {hidden}"
    # and with the file browser open (a view about 300 px wide): one column, nothing cut off
    nb.execute("application:toggle-left-area")
    page.wait_for_timeout(400)
    b = root.evaluate(BOXES)
    root.screenshot(path=str(artifacts / "searchview-deep-640-sidebar.png"))
    print("640 px, sidebar open:", {k: {x: round(y) for x, y in v.items()} for k, v in b.items()})
    for k in ("queue-head", "tree", "position"):
        assert b[k]["right"] <= b["root"]["right"] + 1, k
    assert b["tree"]["top"] >= b["queue-head"]["bottom"] - 1
    _queue_rows_are_one_line(root, "640 px, sidebar open")


# Simplicity seed 7 with its second pile made a 6-card run (K♦ down to 8♠, colours alternating);
# the run's cards are taken from wherever they lay, what they covered goes to the stock
SIMPLICITY_VIEW = """
from fourseasons_widget import Game, SearchView
from fourseasons_widget.model.game import state_from_dict
from fourseasons_widget.model.rules import get_rules
_st = Game.new(seed=7, variant="simplicity").to_dict()["start"]
_run = "KD QS JH TC 9D 8S".split()
_piles = [[c for c in p.split() if c not in _run] for p in _st["piles"]]
_stock = [c for c in _st["stock"].split() if c not in _run] + _piles[1]
_piles[1] = _run
_st["piles"], _st["stock"] = [" ".join(p) for p in _piles], " ".join(_stock)
_rules = get_rules("simplicity")
deep = SearchView(Game(state_from_dict(_rules, _st), _rules), algorithm="A*", max_steps=5)
deep
"""


def test_a_deep_pile_of_simplicity_s_small_board_shows_every_rank(open_notebook, artifacts):
    """Simplicity's twelve piles make the small board's cards its smallest: a 6-card pile still
    shows every card's corner rank (elementFromPoint hits that very card)."""
    nb = open_notebook([SIMPLICITY_VIEW])
    root = view(nb)
    root.locator('[data-role="tree"] [data-node="0"]').click()
    pile = root.locator('[data-role="position"] [data-pile="tableau:1"]')
    pile.scroll_into_view_if_needed()
    report = pile.evaluate(MINI_CORNERS)
    root.locator('[data-role="position"]').screenshot(
        path=str(artifacts / "searchview-simplicity-mini.png"))
    assert [r["card"] for r in report] == ["KD", "QS", "JH", "TC", "9D", "8S"]
    # the whole board is in its box: no pile, stock or waste cut off at its edge
    cut = root.locator('[data-role="position"]').evaluate("""box => {
        const b = box.getBoundingClientRect();
        return [...box.querySelectorAll('[data-pile]')].map(p => [p.dataset.pile,
            p.getBoundingClientRect()]).filter(([, r]) => r.right > b.right + 0.5
            || r.left < b.left - 0.5).map(([n, r]) => [n, Math.round(r.right), Math.round(b.right)]);
    }""")
    assert cut == [], f"small board cut off: {cut}"
    hidden = [(r["card"], r["hits"]) for r in report if any(h != r["card"] for h in r["hits"])]
    assert not hidden, f"small board: corner ranks covered: {hidden}"
