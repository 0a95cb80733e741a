"""The JupyterLite site as a student meets it: no network at all, Python in the browser.

The site is built as ``make lite`` builds it (``lite/build.py``; one build shared by the lite
tests of both folders, conftest's ``lite_site``, in ``build/lite-site-test``, rebuilt when its
inputs change), served on 127.0.0.1, and opened in headless Chromium that can reach nothing
else: every other host goes to a proxy at a closed port, and no other name resolves.  Requests
are only *watched* (each one to another host is counted; it fails), never intercepted: a page
route would turn the browser's cache off, and a second visit must be able to use it.

The whole course, as a teacher hands it out: every notebook in ``notebooks/`` is opened in the
site and run with Run → Run All Cells; each must reach its last cell with no error shown and draw
the live boards (and search views) it holds, each board with cards of real size, heard from its
kernel (Pyodide in a web worker).  In ``05-search.ipynb`` the search view is then stepped.

Before Python is ready (``test_the_first_board_plays_before_python_is_ready``): 01's first board
is there as the site built it — its preview, drawn by this project's JupyterLab extension and
playing on the front-end engine — measured in the page from the navigation's start to its first
card laid out, while the kernel's status is not yet Idle nor Busy; it plays a turn and a move by
clicks and refuses an illegal move with the Python model's words; Run All then shows the live
board (Python's, heard from its kernel) at the same position, and a further click is answered by
Python.

In ``01-play.ipynb`` besides: a click on the stock lands a card on the waste (measured in the
page: the card's box inside the waste pile's), Hint answers with no threads, and an exercise's
checker says ✘ for the given blank and ✔ for a right answer typed into the cell; the Demo button
shows, its demo plays a move and stops.  Printed, not
asserted: the site's size; per notebook, the start to its first board in a new browser profile
(cold: nothing cached) and, for 01 and 05, the same browser opening it again (warm); each
notebook's Run All time; and a move's click-to-board time in Pyodide.  Where a start's seconds
go (Pyodide's boot, the packages, the first cell, the render) is ``benchmarks/lite_start.py``.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

import pytest
from jupyter_harness import ARTIFACTS, CHROMIUM_ARGS, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
START_TIMEOUT = 300_000  # ms: Pyodide and ~25 wheels on a loaded 2-core machine
RUN_ALL_TIMEOUT = 900  # s: a whole notebook in Pyodide (no worker processes, a slower CPU)
# a live board (Python's); the preview drawn before Python is ready (the project's extension,
# js/labext: the board inside .fsw-preview) is not one
BOARD = ".fsw-root:not(.fsv-root):not(.fsw-preview .fsw-root)"
PREVIEW = ".fsw-preview .fsw-root"

# What each notebook of the course shows once Run All has reached its end: (live boards, search
# views), counted in the widget outputs of a CPython run (``jupyter nbconvert --execute`` with
# the widget state stored).  A notebook added to notebooks/ must be added here.
COURSE = {
    "01-play.ipynb": (5, 0),        # the board, the demo board twice, Czarina, the lost game
    "02-rules.ipynb": (13, 0),      # one small board per rule
    "03-history.ipynb": (3, 0),     # Dick's 1883 game beside the modern one; Your turn 4's deal
    "04-variants.ipynb": (6, 0),    # one board per variant
    "05-search.ipynb": (2, 4),      # the two replayed lines; four search views
    "06-winnability.ipynb": (2, 0),  # a Simplicity deal; the fair hint's deal 22
}


@pytest.fixture(scope="module")
def served(lite_site: Path, static_server):
    with static_server(lite_site) as base:
        yield base


@pytest.fixture(scope="module")
def offline_browser(chromium_executable, playwright_driver):
    """Chromium whose only reachable host is 127.0.0.1: everything else goes to a proxy at a
    closed port and no other host name resolves (a service worker's request fails too).
    Nothing intercepts requests, so the browser's cache works as a student's does."""
    b = playwright_driver.chromium.launch(
        executable_path=chromium_executable, headless=True,
        args=[*CHROMIUM_ARGS, f"--proxy-server=127.0.0.1:{free_port()}",
              "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    yield b
    b.close()


class Student:
    """One browser profile (cache, service worker, browser storage) on the site."""

    def __init__(self, browser, base: str) -> None:
        self.base = base
        self.refused: list[str] = []
        self.asked: list[str] = []  # the paths asked of the site
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                           reduced_motion="reduce")
        self.context.on("request", self._watch)  # (watched, not routed: the cache stays on)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)[:300]))

    def _watch(self, request) -> None:
        url = request.url
        if url.startswith(self.base + "/"):
            self.asked.append(url[len(self.base):].split("?")[0])
        elif not url.startswith(("blob:", "data:")):
            self.refused.append(url)  # (it fails: the browser reaches no other host)

    def open(self, notebook: str, *, first_board: bool = True) -> float:
        """Open ``notebook`` in the lab and Run All Cells; with ``first_board``, wait until its
        first board is drawn.  Returns the seconds from opening the page to that."""
        page = self.page
        t0 = time.perf_counter()
        page.goto(f"{self.base}/lab/index.html?path={notebook}")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
        page.locator(".jp-NotebookPanel .jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        if not first_board:
            return time.perf_counter() - t0
        try:
            page.wait_for_selector(f"{BOARD} [data-card]", timeout=START_TIMEOUT)
        except Exception as e:
            raise AssertionError(f"no playable board in {notebook}: {self.cell_errors()}; "
                                 f"refused: {self.refused}; page errors: {self.errors}") from e
        return time.perf_counter() - t0

    def wait_all_run(self, timeout: float = 600) -> None:
        """Wait until no cell is queued or running ([*]) and the kernel is idle."""
        self.page.wait_for_function(
            """() => {
              const prompts = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt')];
              const status = document.body.innerText;
              return prompts.length > 0 && !prompts.some(p => p.textContent.includes('*'))
                && /Pyodide\\)? \\| Idle/.test(status);
            }""", timeout=timeout * 1000)

    def cell_errors(self) -> list[str]:
        """The last error (or warning) line of every error or warning shown in the open
        notebook's outputs (a warning above a progress bar is a fault to a student too)."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll(
                  '.jp-NotebookPanel:not(.lm-mod-hidden) [data-mime-type="application/vnd.jupyter.stderr"]')]
                .map(e => e.textContent).filter(t => /Error|Traceback|Warning/.test(t))
                .map(t => t.split('\\n').filter(l => /Error|Warning/.test(l)).slice(-1)[0]
                          || t.slice(0, 200))""")

    def save_outputs(self, path: Path) -> None:
        """Every output of the open notebook as text (stderr marked), for reading after a run."""
        texts = self.page.evaluate(
            """() => [...document.querySelectorAll(
                  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')].map((c, i) =>
                [...c.querySelectorAll('.jp-OutputArea-output')].map(o =>
                  `[${i}] ${o.dataset.mimeType || ''} ${o.textContent.slice(0, 2000)}`).join('\\n'))""")
        ARTIFACTS.mkdir(exist_ok=True)
        path.write_text("\n".join(t for t in texts if t), encoding="utf-8")

    def prompts(self) -> list[str]:
        """The input prompt of every code cell of the open notebook, in order ("[3]:", "[ ]:")."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll(
                  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]
                .map(p => p.textContent.trim())""")

    def drawn(self, selector: str) -> list[dict]:
        """Each widget root matching ``selector`` that is not inside a search view (whose mini
        board is part of the view), scrolled into view and measured: its cards, the smallest
        card's size, and whether it has heard from its kernel."""
        roots = self.page.locator(selector)
        out = []
        for i in range(roots.count()):
            root = roots.nth(i)
            if root.evaluate("el => !!el.parentElement.closest('.fsv-root')"):
                continue
            root.scroll_into_view_if_needed()
            out.append(root.evaluate("""el => {
                const cards = [...el.querySelectorAll('[data-card]')].map(c => c.getBoundingClientRect());
                return {cards: cards.length, kernel: el.dataset.kernel || null,
                        w: cards.length ? Math.min(...cards.map(r => r.width)) : 0,
                        h: cards.length ? Math.min(...cards.map(r => r.height)) : 0,
                        nodes: el.querySelectorAll('[data-node]').length};
            }"""))
        return out

    def close(self) -> None:
        self.context.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


# --- measuring in the page -----------------------------------------------------------------

ARM_CLICK_TO_BOARD = """(root) => {
  // from the pointer going down on the board to the board showing a newer position
  window.__fswClick = null;
  const v0 = root.dataset.version;
  let t0 = null;
  root.addEventListener('pointerdown', () => { t0 = performance.now(); },
                        { capture: true, once: true });
  const obs = new MutationObserver(() => {
    if (root.dataset.version !== v0 && t0 !== null) {
      obs.disconnect();
      window.__fswClick = performance.now() - t0;
    }
  });
  obs.observe(root, { attributes: true, attributeFilter: ['data-version'] });
}"""


def waste_cards(root) -> list[str]:
    return root.locator('[data-pile="waste"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)")


def box_inside(inner: dict, outer: dict, slack: float = 2.0) -> bool:
    cx, cy = inner["x"] + inner["width"] / 2, inner["y"] + inner["height"] / 2
    return (outer["x"] - slack <= cx <= outer["x"] + outer["width"] + slack
            and outer["y"] - slack <= cy <= outer["y"] + outer["height"] + slack)


def click_stock_and_measure(page, root) -> tuple[float, str]:
    """Click the stock; returns the click-to-board time in ms (measured in the page) and the
    card that landed on the waste."""
    before = waste_cards(root)
    root.evaluate(ARM_CLICK_TO_BOARD)
    root.locator('[data-pile="stock"]').click()
    page.wait_for_function("window.__fswClick !== null", timeout=60_000)
    ms = page.evaluate("window.__fswClick")
    after = waste_cards(root)
    assert len(after) == len(before) + 1 or (after and after != before), (before, after)
    new = after[-1]
    card_box = root.locator(f'[data-pile="waste"] [data-card="{new}"]').bounding_box()
    pile_box = root.locator('[data-pile="waste"]').bounding_box()
    assert card_box and pile_box and box_inside(card_box, pile_box), (card_box, pile_box)
    return ms, new


# --- the course's notebooks ------------------------------------------------------------

def code_cells(notebook: str) -> int:
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    return sum(c["cell_type"] == "code" for c in nb["cells"])


RUN_TIMES: dict[str, float] = {}
START_TIMES: dict[str, dict[str, float]] = {}  # notebook -> {"cold": s, "warm": s} to a board
WARM_TOO = ("01-play.ipynb", "05-search.ipynb")


@pytest.fixture(scope="module", autouse=True)
def _print_run_times():
    yield
    lines = []
    if START_TIMES:
        lines.append("lite: start to the first board (s from opening the page; cold = a new "
                     "browser profile, warm = the same browser again): " + ", ".join(
                         f"{k.split('-')[0]} " + " / ".join(
                             f"{kind} {t:.1f}" for kind, t in v.items())
                         for k, v in sorted(START_TIMES.items())))
    if RUN_TIMES:
        lines.append("lite: Run All to the last cell, in the site: " + ", ".join(
            f"{k.split('-')[0]} {v:.0f} s" for k, v in sorted(RUN_TIMES.items()))
            + f"; all {sum(RUN_TIMES.values()):.0f} s")
    if lines:  # (printed with -s; kept in artifacts/ for a run without it)
        print("\n" + "\n".join(lines))
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "lite-run-times.txt").write_text("\n".join(lines) + "\n",
                                                      encoding="utf-8")


def assert_ran_to_its_end(student: Student, notebook: str) -> None:
    """After Run All: every code cell ran (the last one too: a failing cell stops Run All), no
    error nor warning is shown, and the notebook's live boards and search views are drawn, each
    card with a real size, each board heard from its kernel."""
    boards, views = COURSE[notebook]
    page = student.page
    errors = student.cell_errors()
    prompts = student.prompts()
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").last.scroll_into_view_if_needed()
    shot(page, f"lite-{notebook.split('-')[0]}-end.png")  # the last code cell
    student.save_outputs(ARTIFACTS / f"lite-{notebook.split('-')[0]}-outputs.txt")
    assert errors == [], errors
    assert len(prompts) == code_cells(notebook), prompts
    not_run = [i for i, p in enumerate(prompts) if not re.search(r"\[\d+\]", p)]
    assert not_run == [], f"code cells not run in {notebook}: {not_run} ({prompts})"

    drawn = student.drawn(BOARD)
    assert len(drawn) == boards, drawn
    for b in drawn:
        assert b["cards"] >= 1 and b["w"] >= 10 and b["h"] >= 10, drawn
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{BOARD}')].every(e => e.dataset.kernel === 'live')",
        timeout=60_000)
    search_views = student.drawn(".fsv-root")
    assert len(search_views) == views, search_views
    assert all(v["nodes"] >= 1 for v in search_views), search_views
    assert student.refused == [], student.refused


# --- the tests -----------------------------------------------------------------------------

def test_the_course_table_holds_every_notebook():
    assert sorted(COURSE) == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def test_the_site_is_self_contained(lite_build, lite_site: Path):
    assert lite_build.check_site(lite_site) == []
    size = sum(p.stat().st_size for p in lite_site.rglob("*") if p.is_file()) / 1e6
    print(f"\nlite site: {size:.1f} MB")


def test_play_and_check_an_exercise_offline(offline_browser, served: str):
    student = Student(offline_browser, served)
    page = student.page
    try:
        t0 = time.perf_counter()
        cold = student.open("01-play.ipynb")
        root = page.locator(BOARD).first
        root.scroll_into_view_if_needed()
        shot(page, "lite-01-board.png")
        # the start installed nothing: the packages came with the interpreter, from the lock
        # (piplite reads its package indexes only to install)
        assert any(p.endswith("/pyodide-lock.json") for p in student.asked), student.asked
        assert any(p.startswith("/pypi/fourseasons_widget-") for p in student.asked)
        assert not [p for p in student.asked if p.endswith("/all.json")
                    and "/pypi/" in p], student.asked
        # the kernel serves the board's clicks between cells: wait for the notebook to finish;
        # then the board has heard from its kernel (a busy kernel is not "no kernel")
        student.wait_all_run(RUN_ALL_TIMEOUT)
        cold_all = time.perf_counter() - t0
        RUN_TIMES["01-play.ipynb"] = cold_all
        START_TIMES["01-play.ipynb"] = {"cold": cold}
        assert_ran_to_its_end(student, "01-play.ipynb")
        page.wait_for_function("el => el.dataset.kernel === 'live'", arg=root.element_handle(),
                               timeout=60_000)

        # a click on the stock: a card lands on the waste, measured in the page
        times, landed = [], []
        for _ in range(3):
            ms, card = click_stock_and_measure(page, root)
            times.append(ms)
            landed.append(card)
        assert len(set(landed)) == 3, landed  # three different cards turned
        stock_label = root.locator('[data-pile="stock"]').inner_text()
        assert "43" in stock_label, stock_label  # 46 cards, three turned
        shot(page, "lite-01-after-clicks.png")

        # Hint, with no threads: the search runs in the foreground within its budget and the
        # board marks the move (the thread-free worker)
        t_hint = time.perf_counter()
        root.locator('button[data-action="hint"]').click()
        root.locator(".fsw-hint-to, .fsw-hint-from").first.wait_for(timeout=60_000)
        hint_s = time.perf_counter() - t_hint
        assert "thread" not in root.locator('[data-role="status"]').inner_text()
        # the fair hint (issue 36): it says it never looks at the face-down cards, and a vote
        # says how many sampled stock orders it used within the foreground budget
        said = root.locator('[data-role="message"]').inner_text()
        print(f"\nlite: the Hint said: {said}")
        assert "never looks at the face-down cards" in said, said
        used = re.search(r"(\d+) samples?, ([\d.]+) s", said)
        if "stock orders" in said:
            assert used and int(used.group(1)) >= 1, said
        shot(page, "lite-01-hint.png")

        # Demo, in the site as in JupyterLab: the button shows (the board's "demo": None once
        # reached the page as a dropped key, and the button stayed hidden), starts the solver,
        # a move is played at the view's pace, and Stop ends it with the game left playable
        demo_button = root.locator('button[data-action="demo"]')
        assert demo_button.is_visible()
        page.wait_for_function(  # (greyed while the hint's search still ends)
            "el => !el.querySelector('button[data-action=\"demo\"]').disabled",
            arg=root.element_handle(), timeout=60_000)
        version = root.get_attribute("data-version")
        demo_button.click()
        bar = root.locator('[data-role="demo"]')
        bar.wait_for(state="visible", timeout=120_000)
        page.wait_for_function(
            """([el, v]) => el.dataset.version !== v
                 && /move [1-9]/.test(el.querySelector('[data-role="demo-info"]').textContent)""",
            arg=[root.element_handle(), version], timeout=120_000)
        info = root.locator('[data-role="demo-info"]').inner_text()
        shot(page, "lite-01-demo.png")
        bar.locator('button[data-demo="stop"]').click()
        bar.wait_for(state="hidden", timeout=60_000)
        assert demo_button.is_visible(), "the Demo button went away after the demo"
        page.wait_for_function("el => !el.querySelector('button[data-action=\"demo\"]').disabled",
                               arg=root.element_handle(), timeout=60_000)
        print(f"\nlite: the Demo played in the site ({info}) and stopped")

        # the exercise: the blank answer is "not yet", a right one is "right"
        cell = page.locator(".jp-CodeCell", has_text="check_puzzle_moves(answer)")
        cell.scroll_into_view_if_needed()
        out = cell.locator(".jp-OutputArea").text_content()
        assert "✘" in out, out
        editor = cell.locator(".cm-content")
        editor.click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(
            'answer = ["turn", "AD w>c3", "AD w>c4", "3D c0>c3", "3D c0>c4", "KC c1>c3", '
            '"KC c1>c4", "7S c2>c3", "7S c2>c4"]\n'
            "check_puzzle_moves(answer)")
        page.keyboard.press("Shift+Enter")
        cell.locator(".jp-OutputArea", has_text="✔").wait_for(timeout=60_000)
        cell.scroll_into_view_if_needed()
        shot(page, "lite-01-exercise.png")

        # warm start: the same browser opens the notebook again
        student.page.goto("about:blank")
        t0 = time.perf_counter()
        warm = student.open("01-play.ipynb")
        student.wait_all_run()
        warm_all = time.perf_counter() - t0
        START_TIMES["01-play.ipynb"]["warm"] = warm
        print(f"\nlite: cold start to the first board {cold:.1f} s (whole notebook run "
              f"{cold_all:.1f} s), warm start {warm:.1f} s ({warm_all:.1f} s); "
              f"click-to-board in Pyodide {statistics.median(times):.0f} ms "
              f"(median of {len(times)}: {', '.join(f'{t:.0f}' for t in times)}); "
              f"Hint shown {hint_s:.1f} s after the click")
        assert student.refused == [], student.refused
        assert student.errors == [], student.errors
    finally:
        student.close()


# In the page, from the navigation's start: when the preview first has a card laid out (a box
# one can click) and the kernel's status then; when the kernel was first ready (Idle or Busy).
PREVIEW_WATCH = r"""
(() => {
  const seen = (window.__fswPreview = {card: null, kernel: null, ready: null});
  const status = () => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .map((e) => e.textContent).find((s) => /\| (\w+)/.test(s)) || '';
  const check = () => {
    const s = status();
    if (seen.ready === null && /\| (Idle|Busy)/.test(s)) seen.ready = performance.now();
    if (seen.card === null) {
      const c = document.querySelector('__PREVIEW__ [data-card]');
      if (c && c.getBoundingClientRect().width > 0) {
        seen.card = performance.now();
        seen.kernel = s || '(no kernel status shown yet)';
      }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 characterData: true, attributes: true});
})();
""".replace("__PREVIEW__", PREVIEW)


def piles_shown(root) -> dict[str, list[str]]:
    return root.evaluate("""el => Object.fromEntries([...el.querySelectorAll('[data-pile]')]
        .map(p => [p.dataset.pile, [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))""")


def test_the_first_board_plays_before_python_is_ready(offline_browser, served: str):
    from fourseasons_widget import Game
    from fourseasons_widget.table.snapshot import position_snapshot

    # what the site saved for 01's first board: FourSeasons(seed=7); the waste card after a turn
    # and its refusal on the left of the cross, in the Python model's words
    g = Game.new(seed=7)
    g.play("turn")
    turned = position_snapshot(g.rules, g.state)["waste"][-1]
    refusal = g.explain(f"{turned} w>c0")
    assert refusal and g.explain("TC c1>c4") is None

    student = Student(offline_browser, served)
    student.context.add_init_script(PREVIEW_WATCH)
    page = student.page
    try:
        page.goto(f"{served}/lab/index.html?path=01-play.ipynb")
        preview = page.locator(PREVIEW).first
        preview.locator("[data-card]").first.wait_for(timeout=120_000)
        page.wait_for_function("window.__fswPreview.card !== null")
        seen = page.evaluate("window.__fswPreview")
        # the first card came before Python: the kernel was not ready then
        assert not re.search(r"\| (Idle|Busy)", seen["kernel"]), seen
        assert seen["ready"] is None or seen["ready"] > seen["card"], seen
        assert preview.get_attribute("data-kernel") == "local"
        assert "Python is not running yet" in preview.locator('[data-role="banner"]').inner_text()
        shot(page, "lite-01-preview.png")

        # a turn and a move by clicks, and an illegal move refused with its reason
        card = lambda code: preview.locator(f'[data-card="{code}"]')  # noqa: E731
        preview.locator('[data-pile="stock"]').click()
        page.wait_for_function("el => /Moves 1\\b/.test(el.innerText)",
                               arg=preview.locator('[data-role="status"]').element_handle())
        card(turned).click()
        preview.locator('[data-pile="cross:0"] [data-card]').last.click()
        status = preview.locator('[data-role="status"]')
        page.wait_for_function("el => el.dataset.kind === 'refusal'", arg=status.element_handle())
        said = preview.locator('[data-role="status"] [data-role="message"]').inner_text()
        assert said == refusal, said
        card("TC").click()
        preview.locator('[data-pile="cross:4"]').click()
        page.wait_for_function("el => /Moves 2\\b/.test(el.innerText)", arg=status.element_handle())
        played = piles_shown(preview)
        assert played["cross:4"][-1] == "TC" and played["waste"][-1] == turned, played
        python_ready = page.evaluate("window.__fswPreview.ready")
        shot(page, "lite-01-preview-played.png")

        # Run All: the live board, Python's, at the same position, and Python answers a click
        t0 = time.perf_counter()
        page.locator(".jp-NotebookPanel .jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        root = page.locator(BOARD).first
        root.locator("[data-card]").first.wait_for(timeout=START_TIMEOUT)
        # (the live board's front end says how its hand-over ended on its element: handed N
        # or stopped; Python answers the intents once Run All has ended: no subshells here)
        page.wait_for_function(
            "el => /^(handed|stopped)/.test(el.parentElement.dataset.handover || '')",
            arg=root.element_handle(), timeout=RUN_ALL_TIMEOUT * 1000)
        taken = time.perf_counter() - t0
        # (textContent: JupyterLab does not lay out a cell scrolled out of view, and Run All
        # scrolls to the last cell)
        root.scroll_into_view_if_needed()
        handover = root.evaluate("el => el.parentElement.dataset.handover")
        assert handover == "handed 2", (handover, root.locator('[data-role="status"]').inner_text())
        page.wait_for_function(
            """el => el.dataset.kernel === 'live'
                 && /Moves 2\\b/.test(el.querySelector('[data-role="status"]').textContent)""",
            arg=root.element_handle(), timeout=60_000)
        assert page.locator(PREVIEW).count() == 0  # (Run All cleared the preview)
        assert piles_shown(root) == played, (piles_shown(root), played)
        shot(page, "lite-01-handed-over.png")
        before = len(piles_shown(root)["waste"])
        root.locator('[data-pile="stock"]').click()
        page.wait_for_function(
            """el => el.dataset.kernel === 'live'
                 && /Moves 3\\b/.test(el.querySelector('[data-role="status"]').textContent)""",
            arg=root.element_handle(), timeout=60_000)
        assert len(piles_shown(root)["waste"]) == before + 1
        print(f"\nlite: the preview's first card {seen['card'] / 1000:.1f} s after opening 01 "
              f"(kernel then: {seen['kernel']!r}; kernel ready at "
              + (f"{python_ready / 1000:.1f} s" if python_ready else "not yet, after 2 moves")
              + f"); Python had the game {taken:.1f} s after Run All")
        assert student.refused == [], student.refused
        assert student.errors == [], student.errors
    finally:
        student.close()


# 01 is run to its end by test_play_and_check_an_exercise_offline (its cold start), not again
@pytest.mark.parametrize("notebook", [n for n in sorted(COURSE) if n != "01-play.ipynb"])
def test_every_notebook_runs_to_its_end_in_the_site(offline_browser, served: str, notebook: str):
    """Run All, as a student in the offline site (a new browser profile), to the notebook's
    end (``assert_ran_to_its_end``); in 05 the search view is then stepped."""
    student = Student(offline_browser, served)
    try:
        t0 = time.perf_counter()
        START_TIMES[notebook] = {"cold": student.open(notebook)}
        student.wait_all_run(RUN_ALL_TIMEOUT)
        RUN_TIMES[notebook] = time.perf_counter() - t0
        assert_ran_to_its_end(student, notebook)
        if notebook.startswith("05"):
            step_a_search_view(student.page)
        if notebook in WARM_TOO:  # the same browser opens it again: to its first board
            student.page.goto("about:blank")
            START_TIMES[notebook]["warm"] = student.open(notebook)
        assert student.refused == [], student.refused
        assert student.errors == [], student.errors
    finally:
        student.close()


def step_a_search_view(page) -> None:
    """Three clicks on Step: the label moves on and the tree grows (Python in the page)."""
    view = page.locator(".fsv-root").first
    view.scroll_into_view_if_needed()
    label = view.locator('[data-role="step-label"]')
    nodes0 = view.locator("[data-node]").count()
    first = label.inner_text()
    step = view.locator('[data-role="step"]')
    for _ in range(3):
        step.click()
    page.wait_for_function(
        "([el, t]) => el.textContent !== t", arg=[label.element_handle(), first])
    assert label.inner_text() != first
    assert view.locator("[data-node]").count() > nodes0
    shot(page, "lite-05-search.png")
