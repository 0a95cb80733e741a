"""Fixtures for the browser tests: a real Jupyter server, a real browser, a real kernel.

Everything runs offline on 127.0.0.1 (see ``NOTES-jupyter-testing.md``); the plain helpers live
in ``jupyter_harness.py`` (also used by ``benchmarks/browser_latency.py``).

Fixtures
--------
``chromium_executable`` (session)
    Debian's chromium (``/usr/bin/chromium``; ``$CHROMIUM`` overrides).  Missing: the browser
    tests are *skipped* with a reason locally, but *fail* when ``CI=true`` — CI never skips them.
``browser`` (session)
    A headless chromium launched through Playwright's Python package (no ``playwright
    install``).
``jupyter_lab`` / ``jupyter_notebook7`` (session)
    A :class:`~jupyter_harness.JupyterServer` (``jupyter lab`` / ``jupyter notebook``) with a
    known token, serving a fresh temporary root dir; started on first use, stopped at the end.
``page`` (function)
    A new browser page (1280×1000, ``prefers-reduced-motion: reduce`` so that nothing is
    caught mid-animation).
``open_notebook`` (function)
    ``open_notebook(cells_or_path, name=None, *, app="lab", expect_widgets=1)``: writes the
    given code cells (a list of strings) — or copies the given ``.ipynb`` — into the server's
    root, opens it in JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``), runs all
    cells, waits for the kernel to be idle and the boards to be drawn, and returns a
    :class:`~jupyter_harness.NotebookSession`: ``.page``, ``.widgets()`` (a locator of the board
    roots), ``.eval("w.game.ply")`` (a JSON-able value from the notebook's kernel), ``.run(code)``,
    ``.execute(command, args)`` (a JupyterLab command) and ``.restart_and_run_all()`` (Kernel ▸
    Restart Kernel and Run All Cells).  Kernels are shut down afterwards.
``artifacts`` (session)
    The ``artifacts/`` directory (gitignored) for screenshots.

Example::

    @pytest.mark.e2e
    def test_something(open_notebook):
        nb = open_notebook(["from fourseasons_widget import FourSeasons\\n"
                            "w = FourSeasons(seed=7)\\nw"])
        nb.widgets().first.locator('[data-pile="stock"]').click()
        assert nb.eval("w.game.ply") == 1
"""

from __future__ import annotations

import os
import pathlib
import shutil
import uuid

import pytest
from jupyter_harness import ARTIFACTS, JupyterServer, find_chromium, launch_browser, write_notebook
from jupyter_harness import open_notebook as _open


def _ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    path = find_chromium()
    if path is None:
        reason = ("chromium is not installed (/usr/bin/chromium): install it "
                  "(apt-get install chromium) to run the browser tests")
        if _ci():
            pytest.fail("CI=true but " + reason + " — browser tests must run in CI")
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def browser(chromium_executable, playwright_driver):
    b = launch_browser(playwright_driver, chromium_executable)
    yield b
    b.close()


_STARTED: list = []  # the servers of this run, for _a_new_player


def _server(app: str):
    server = JupyterServer(app).start()
    _STARTED.append(server)
    try:
        yield server
    finally:
        _STARTED.remove(server)
        server.stop()


@pytest.fixture(scope="session")
def jupyter_lab(chromium_executable):
    yield from _server("lab")


@pytest.fixture(scope="session")
def jupyter_notebook7(chromium_executable):
    yield from _server("notebook")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                  reduced_motion="reduce")
    p = context.new_page()
    p.set_default_timeout(30_000)
    yield p
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def open_notebook(request, page):
    sessions = []

    def opener(cells_or_path, name: str | None = None, *, app: str = "lab",
               expect_widgets: int = 1):
        server = request.getfixturevalue("jupyter_lab" if app == "lab" else "jupyter_notebook7")
        if isinstance(cells_or_path, str | pathlib.Path) and str(cells_or_path).endswith(".ipynb"):
            src = pathlib.Path(cells_or_path)
            name = name or src.name
            shutil.copy(src, server.root / name)
        else:
            name = name or f"t-{uuid.uuid4().hex[:8]}.ipynb"
            write_notebook(server.root / name, list(cells_or_path))
        session = _open(page, server, name, expect_widgets=expect_widgets)
        sessions.append(session)
        return session

    yield opener
    for s in sessions:
        s.close()


@pytest.fixture(autouse=True)
def _a_new_player():
    """Each browser test meets the boards as a new player does: no statistics and no saved game
    left by an earlier test on the same server (its kernels are gone; the store is a file), and
    JupyterLab with its default settings (an earlier test's switch to the dark theme is kept in
    the server's user settings and would greet the next test's page)."""
    for server in _STARTED:  # (tests reach their server through open_notebook, at run time)
        _shut_down_kernels(server)  # (a kernel ending writes its saved game on the way out)
        shutil.rmtree(server.tmp / "data", ignore_errors=True)
        shutil.rmtree(server.tmp / "user-settings", ignore_errors=True)
    yield


def _shut_down_kernels(server) -> None:
    import json
    import time
    import urllib.request

    with urllib.request.urlopen(server.url("api/kernels"), timeout=10) as r:
        kernels = json.loads(r.read())
    for k in kernels:
        req = urllib.request.Request(server.url(f"api/kernels/{k['id']}"), method="DELETE")
        urllib.request.urlopen(req, timeout=30).close()
    deadline = time.monotonic() + 10
    while kernels and time.monotonic() < deadline:
        with urllib.request.urlopen(server.url("api/kernels"), timeout=10) as r:
            kernels = json.loads(r.read())
        time.sleep(0.1)


def pytest_collection_modifyitems(config, items):
    """Every test of this folder drives a browser: marked ``e2e`` whether or not its module
    says so, so ``-m "not e2e"`` (``make test-fast``) leaves them all out."""
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)
