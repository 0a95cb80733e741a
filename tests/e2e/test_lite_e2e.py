"""The JupyterLite site as a student meets it: no network at all, Python in the browser.

The site is built as ``make lite`` builds it (``lite/build.py``; one build shared by the tests,
in ``build/lite-site-test``, rebuilt when its inputs change), served on 127.0.0.1, and opened in
headless Chromium where **every request not to that server is refused and counted** — by a
Playwright route, and by a proxy at a closed port for anything a route would not see.

In ``01-play.ipynb``: Run → Run All Cells, the board appears and answers (its kernel is
Pyodide in a web worker), a click on the stock lands a card on the waste (measured in the
page: the card's box inside the waste pile's), and an exercise's checker says ✘ for the given
blank and ✔ for a right answer typed into the cell.  In ``05-search.ipynb`` the search view is
stepped.  Printed, not asserted: the site's size, cold start (empty browser cache) and warm start
(the same browser again) to a board that plays, and a move's click-to-board time in Pyodide.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import re
import statistics
import sys
import threading
import time
from pathlib import Path

import pytest
from jupyter_harness import ARTIFACTS, CHROMIUM_ARGS

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 300_000  # ms: Pyodide and ~25 wheels on a loaded 2-core machine
BOARD = ".fsw-root:not(.fsv-root)"


def builder():
    """lite/build.py as a module (shared by the lite tests of one session)."""
    name = "fourseasons_lite_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "lite" / "build.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


@pytest.fixture(scope="module")
def site() -> Path:
    return builder().cached_site(ROOT / "build" / "lite-site-test")


@pytest.fixture(scope="module")
def served(site: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def offline_browser(chromium_executable, playwright_driver):
    """Chromium whose only reachable host is 127.0.0.1: everything else goes to a proxy at a
    closed port (a request a page route might not see — a service worker's — fails too)."""
    from jupyter_harness import free_port
    b = playwright_driver.chromium.launch(executable_path=chromium_executable, headless=True,
                           args=[*CHROMIUM_ARGS, f"--proxy-server=127.0.0.1:{free_port()}"])
    yield b
    b.close()


class Student:
    """One browser profile (cache, service worker, browser storage) on the site."""

    def __init__(self, browser, base: str) -> None:
        self.base = base
        self.refused: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                           reduced_motion="reduce")
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)[:300]))

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith((self.base + "/", "blob:", "data:")):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def open(self, notebook: str) -> float:
        """Open ``notebook`` in the lab, Run All Cells, wait until its first board is drawn;
        returns the seconds from opening the page to that."""
        page = self.page
        t0 = time.perf_counter()
        page.goto(f"{self.base}/lab/index.html?path={notebook}")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
        page.locator(".jp-NotebookPanel .jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        if notebook.startswith("05"):
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
        """The first line of every error shown in the open notebook's outputs."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll(
                  '.jp-NotebookPanel:not(.lm-mod-hidden) [data-mime-type="application/vnd.jupyter.stderr"]')]
                .map(e => e.innerText).filter(t => /Error|Traceback/.test(t))
                .map(t => t.split('\\n').filter(l => /Error/.test(l)).slice(-1)[0] || t.slice(0, 200))""")

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


# --- the tests -----------------------------------------------------------------------------

def test_the_site_is_self_contained(site: Path):
    assert builder().check_site(site) == []
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6
    print(f"\nlite site: {size:.1f} MB")


def test_play_and_check_an_exercise_offline(offline_browser, served: str, site: Path):
    student = Student(offline_browser, served)
    page = student.page
    try:
        t0 = time.perf_counter()
        cold = student.open("01-play.ipynb")
        root = page.locator(BOARD).first
        root.scroll_into_view_if_needed()
        shot(page, "lite-01-board.png")
        # the kernel serves the board's clicks between cells: wait for the notebook to finish;
        # then the board has heard from its kernel (a busy kernel is not "no kernel")
        student.wait_all_run()
        cold_all = time.perf_counter() - t0
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
        shot(page, "lite-01-hint.png")

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
        print(f"\nlite: cold start to the first board {cold:.1f} s (whole notebook run "
              f"{cold_all:.1f} s), warm start {warm:.1f} s ({warm_all:.1f} s); "
              f"click-to-board in Pyodide {statistics.median(times):.0f} ms "
              f"(median of {len(times)}: {', '.join(f'{t:.0f}' for t in times)}); "
              f"Hint shown {hint_s:.1f} s after the click")
        assert student.refused == [], student.refused
        assert student.errors == [], student.errors
    finally:
        student.close()


def test_every_cell_of_the_play_notebook_runs(offline_browser, served: str):
    """Run all reaches the end of 01 (Hint, Solve and the analysis need the thread-free
    worker in Pyodide)."""
    student = Student(offline_browser, served)
    try:
        student.open("01-play.ipynb")
        student.wait_all_run()
        errors = student.cell_errors()
        shot(student.page, "lite-01-end.png")
        assert errors == [], errors
        assert student.refused == []
    finally:
        student.close()


def test_step_the_search_view_offline(offline_browser, served: str):
    student = Student(offline_browser, served)
    page = student.page
    try:
        student.open("05-search.ipynb")
        view = page.locator(".fsv-root").first
        # the view, or the end of Run all without it (a failed cell stops Run all)
        page.wait_for_function(
            r"""() => document.querySelector('.fsv-root [data-role="step"]') || (
                 /Pyodide\)? \| Idle/.test(document.body.innerText) && [...document.querySelectorAll(
                   '.jp-InputPrompt')].some(p => /\[\d+\]/.test(p.textContent)) &&
                 ![...document.querySelectorAll('.jp-InputPrompt')].some(
                   p => p.textContent.includes('*')))""", timeout=START_TIMEOUT)
        if view.count() == 0:
            raise AssertionError(f"no search view in 05: {student.cell_errors()}")
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
        assert student.refused == [], student.refused
    finally:
        student.close()
