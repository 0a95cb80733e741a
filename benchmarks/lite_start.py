"""Start-up of the JupyterLite site: from opening a notebook to its first board, cold and warm.

    .venv/bin/python benchmarks/lite_start.py                       # _site, 01 and 05
    .venv/bin/python benchmarks/lite_start.py --site build/lite-site-test --runs 2
    .venv/bin/python benchmarks/lite_start.py --notebooks 01-play 02-rules 03-history

The site (``make lite``) is served on 127.0.0.1 and opened in headless Chromium the way a
student meets it: every request to another host fails (a proxy at a closed port and host rules
that resolve no other name) and the browser's cache is on (nothing intercepts requests, which
would turn the cache off).  Per notebook, a **cold** start is a fresh browser profile; a **warm**
start is the same profile opened again (the browser closed and started anew: a second visit).
Each visit opens the notebook, runs it from the Run menu (Run All Cells, as a student does) and
waits for its first board.

Printed, per visit: seconds from opening the page to the first playable card of the board's
*preview* (the notebook's saved first board, drawn by this project's JupyterLab extension and
playing on the front-end engine before Python is ready: ``js/labext``, ``js/src/preview.js``);
seconds to the first (live, Python's) board, split into the front end
(until the kernel's worker asks for Pyodide), the kernel's boot (until the kernel is ready) and
the cells (the first cells and the render), and in more detail where they went —
the page and the notebook showing, the kernel (Pyodide's boot and the packages loaded with it,
until the kernel is idle), the first (set-up) cell, and from there to the first board drawn
(imports, the widget, the render); the requests the server answered (200 / 304 / bytes: what
the browser cache saved) and the requests refused outside the site (must be 0).  Figures only:
nothing is asserted about time.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from typing import ClassVar

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests"))

from jupyter_harness import CHROMIUM_ARGS, find_chromium, free_port  # noqa: E402
from shipping import serve_directory  # noqa: E402

# the live board (Python's) and the preview before it (the extension's: inside .fsw-preview)
BOARD = ".fsw-root:not(.fsv-root):not(.fsw-preview .fsw-root) [data-card]"
PREVIEW = ".fsw-preview .fsw-root [data-card]"

# In the page, from the navigation's start: when the notebook's first cell shows, the kernel
# status changes (status bar), the first three code cells start ([*]) and end ([n]), and the
# first board has cards.
MILESTONES = r"""
(() => {
  const t = (window.__fswStart = {});
  const mark = (k) => { if (!(k in t)) t[k] = performance.now(); };
  const BOARD = '__BOARD__';
  const PREVIEW = '__PREVIEW__';
  const check = () => {
    const panel = document.querySelector('.jp-NotebookPanel');
    if (!panel) return;
    if (panel.querySelector('.jp-Cell')) mark('shown');
    const status = [...document.querySelectorAll('.jp-StatusBar-TextItem')]
      .map((e) => e.textContent).find((s) => /\| (\w+)/.test(s));
    if (status) mark('kernel ' + status.split('|').pop().trim());
    [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].slice(0, 3).forEach((p, i) => {
      const s = p.textContent;
      if (s.includes('*')) mark(`cell${i} start`);
      if (/\[\d+\]/.test(s)) mark(`cell${i} end`);
    });
    const card = document.querySelector(PREVIEW);
    if (card && card.getBoundingClientRect().width > 0) mark('preview');
    if (document.querySelector(BOARD)) mark('board');
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 characterData: true, attributes: true});
})();
""".replace("__BOARD__", BOARD).replace("__PREVIEW__", PREVIEW)


class Counting(http.server.SimpleHTTPRequestHandler):
    counts: ClassVar[Counter] = Counter()

    def log_message(self, *args) -> None:
        pass

    def send_response(self, code, message=None):
        Counting.counts[code] += 1
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        Counting.counts["bytes"] += source.tell() - start


def serve(folder: pathlib.Path):
    """The site on 127.0.0.1 (the tests' static host), its answers counted."""
    return serve_directory(folder, handler=Counting)


def offline_args() -> list[str]:
    """Chromium reaches 127.0.0.1 only: other hosts go to a proxy at a closed port, and no
    other name resolves (loopback bypasses the proxy)."""
    return [*CHROMIUM_ARGS, f"--proxy-server=127.0.0.1:{free_port()}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def browser_cpu() -> float:
    """CPU seconds (user + system) used so far by the Chromium processes this script started:
    the work of a visit, whatever else the machine is doing (wall times are not)."""
    import psutil

    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" in proc.name():
                t = proc.cpu_times()
                total += t.user + t.system
    return total


def visit(pw, chromium: str, profile: pathlib.Path, base: str, notebook: str,
          timeout_s: float) -> dict:
    """One visit: open ``notebook`` in the profile, Run All, wait for the first board."""
    import re

    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=offline_args(),
        viewport={"width": 1280, "height": 1000}, reduced_motion="reduce")
    outside: list[str] = []
    requests: list[tuple[float, str]] = []  # (epoch ms, path) of the site's requests

    def on_request(req) -> None:
        url = req.url
        if url.startswith(base + "/"):
            requests.append((time.time() * 1000, url[len(base):].split("?")[0]))
        elif not url.startswith(("blob:", "data:")):
            outside.append(url)

    context.on("request", on_request)
    context.add_init_script(MILESTONES)
    Counting.counts.clear()
    page = context.pages[0] if context.pages else context.new_page()
    try:
        t0 = time.time() * 1000
        page.goto(f"{base}/lab/index.html?path={notebook}")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
        page.locator(".jp-NotebookPanel .jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        page.wait_for_selector(BOARD, timeout=timeout_s * 1000)
        marks = page.evaluate("window.__fswStart")
        origin = page.evaluate("performance.timeOrigin")
        cpu = browser_cpu()
    finally:
        context.close()
    first = {}
    for at, path in requests:  # when each part of the runtime was first asked for
        name = path.rsplit("/", 1)[-1]
        key = ("wasm" if name.endswith(".wasm") else "stdlib" if name == "python_stdlib.zip"
               else "pyodide.mjs" if name == "pyodide.mjs" else "lock" if name.endswith(
                   "-lock.json") else "wheel" if name.endswith(".whl") else None)
        if key and key not in first:
            first[key] = (at - origin) / 1000
    wheels = [p for _, p in requests if p.endswith(".whl")]
    last_wheel = max(((at - origin) / 1000 for at, p in requests if p.endswith(".whl")),
                     default=None)
    return {"marks": {k: v / 1000 for k, v in marks.items()}, "first": first,
            "last_wheel": last_wheel, "wheels": len(wheels), "outside": outside,
            "served": dict(Counting.counts), "requests": len(requests),
            "opened": (t0 - origin) / 1000, "cpu": cpu, "load": os.getloadavg()[0]}


def ready(marks: dict) -> float:
    """When the kernel was ready: its status first read Idle or Busy (with Run All queued,
    the first cell starts at once: Busy)."""
    return min((t for k, t in marks.items() if k in ("kernel Idle", "kernel Busy")),
               default=float("nan"))


def phases(v: dict) -> tuple[float, float, float]:
    """The first board's seconds in three parts: the front end (opening the page until the
    kernel's worker asks for Pyodide), the kernel's boot (until the kernel is ready: Pyodide,
    the packages loaded with it, the kernel's own imports) and the notebook (the first cells
    and the render)."""
    m = v["marks"]
    asked = v["first"].get("pyodide.mjs", float("nan"))
    idle = ready(m)
    return asked, idle - asked, m.get("board", float("nan")) - idle


def split(v: dict) -> str:
    front, boot, cells = phases(v)
    return f"front end {front:.1f} + kernel boot {boot:.1f} + cells {cells:.1f}"


def describe(v: dict) -> str:
    m, f = v["marks"], v["first"]
    idle = ready(m)

    def at(x):
        return "-" if x is None else f"{x:5.1f}"

    served = v["served"]
    return (f"preview {at(m.get('preview'))} s, board {at(m.get('board'))} s = {split(v)}, browser CPU {v['cpu']:.1f} s, load "
            f"{v['load']:.1f} | shown {at(m.get('shown'))}, pyodide.mjs "
            f"{at(f.get('pyodide.mjs'))}, wasm {at(f.get('wasm'))}, stdlib "
            f"{at(f.get('stdlib'))}, wheels {at(f.get('wheel'))}..{at(v['last_wheel'])} "
            f"({v['wheels']}), kernel ready {at(idle)}, cell 1 {at(m.get('cell0 start'))}.."
            f"{at(m.get('cell0 end'))}, cell 2 {at(m.get('cell1 start'))}.."
            f"{at(m.get('cell1 end'))} | served {served.get(200, 0)}×200 "
            f"{served.get(304, 0)}×304 {served.get('bytes', 0) / 1e6:.1f} MB | "
            f"outside {len(v['outside'])}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", default=str(ROOT / "_site"), help="the built site (make lite)")
    p.add_argument("--notebooks", nargs="+", default=["01-play", "05-search"])
    p.add_argument("--runs", type=int, default=1, help="cold+warm pairs per notebook")
    p.add_argument("--timeout", type=float, default=300, help="seconds to wait for a board")
    args = p.parse_args(argv)
    site = pathlib.Path(args.site)
    if not (site / "lab" / "index.html").is_file():
        print(f"no site in {site}: build it with `make lite` (or lite/build.py --out {site})")
        return 2
    chromium = find_chromium()
    if chromium is None:
        print("chromium is not installed")
        return 2
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[float]] = {}
    refused = 0
    with serve(site) as base, sync_playwright() as pw:
        print(f"site {site} on {base}")
        for nb in args.notebooks:
            name = nb if nb.endswith(".ipynb") else nb + ".ipynb"
            for run in range(args.runs):
                profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-start-"))
                try:
                    for kind in ("cold", "warm"):
                        v = visit(pw, chromium, profile, base, name, args.timeout)
                        refused += len(v["outside"])
                        results.setdefault((name, kind), []).append(
                            (v["marks"].get("preview", float("nan")), v["marks"]["board"],
                             v["cpu"], ready(v["marks"]), *phases(v)))
                        print(f"{name} {kind:4} #{run + 1}: {describe(v)}", flush=True)
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
    print("\nfirst playable card of the preview (before Python) and first board (Python's), "
          "seconds from opening the page (median of "
          f"{args.runs}; every outside request refused, browser cache on; the machine's load "
          f"average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    for nb in args.notebooks:
        name = nb if nb.endswith(".ipynb") else nb + ".ipynb"
        ((cold_pre, cold, cold_cpu, cold_ready, *cold_parts),
         (warm_pre, warm, warm_cpu, warm_ready, *warm_parts)) = (
            [statistics.median(x) for x in zip(*results[(name, kind)], strict=True)]
            for kind in ("cold", "warm"))
        print(f"  {name:22} first playable card (preview): cold {cold_pre:5.1f} s   warm "
              f"{warm_pre:5.1f} s (nan: this notebook has no preview)")
        print(f"  {name:22} cold {cold:5.1f} s (kernel ready {cold_ready:5.1f} s, browser CPU "
              f"{cold_cpu:5.1f} s)   warm {warm:5.1f} s (kernel ready {warm_ready:5.1f} s, "
              f"browser CPU {warm_cpu:5.1f} s)")
        print("  " + " " * 22 + "   ".join(
            f"{kind}: front end {p[0]:4.1f} + kernel boot {p[1]:4.1f} + cells {p[2]:4.1f}"
            for kind, p in (("cold", cold_parts), ("warm", warm_parts))))
    print(f"requests outside the site: {refused}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
