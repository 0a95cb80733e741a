"""Driving a real Jupyter server and a real browser, offline (see NOTES-jupyter-testing.md).

Plain helpers, used by ``conftest.py`` (as fixtures) and by ``benchmarks/browser_latency.py``:

- :class:`JupyterServer` — ``jupyter lab`` or ``jupyter notebook`` on 127.0.0.1 with a known
  token, in a temporary root dir, with settings, workspaces and runtime files kept in that temp
  dir too (nothing touches the user's Jupyter config);
- :func:`launch_browser` — Debian's chromium through Playwright (never a downloaded browser);
- :func:`local_only_page` — a page that reaches 127.0.0.1 only (every other request refused
  and, like an error thrown in the page, failing the test);
- :func:`write_notebook` — a ``.ipynb`` from a list of code cells;
- :class:`NotebookSession` / :func:`open_notebook` — open a notebook in JupyterLab or
  Notebook 7, run all cells, wait for the kernel to be idle; then ``eval`` Python expressions
  in that kernel (over ``user_expressions``, which proved reliable) and ``run`` code there.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"


def find_chromium() -> str | None:
    """Debian's chromium, if installed (``$CHROMIUM`` overrides the path)."""
    path = os.environ.get("CHROMIUM", CHROMIUM)
    if os.path.exists(path):
        return path
    return shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterServer:
    """``jupyter lab`` (``app="lab"``) or ``jupyter notebook`` (``app="notebook"``) on
    127.0.0.1, serving a fresh temporary root directory (an example, not a doctest: it starts a
    server)::

        server = JupyterServer("lab").start()
        server.url("lab/tree/x.ipynb")   # 'http://127.0.0.1:PORT/lab/tree/x.ipynb?token=…'
    """

    def __init__(self, app: str = "lab", overrides: dict | None = None, *,
                 python: str | None = None, env: dict | None = None) -> None:
        if app not in ("lab", "notebook"):
            raise ValueError("app is 'lab' or 'notebook'")
        self.app = app
        # the Python whose Jupyter runs (default: this one, with the checkout on PYTHONPATH),
        # and the environment it starts in (default: this process's), e.g. a student's venv
        # alone on PATH with the package installed from its wheel
        self.python = python
        self.env = env
        # extra settings (overrides.json), e.g. {"@jupyterlab/apputils-extension:kernels":
        # {"commsOverSubshells": "disabled"}} to serve comms on the kernel's main thread
        self.overrides = overrides or {}
        self.token = uuid.uuid4().hex
        self.port = free_port()
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix=f"fsw-{app}-"))
        self.root = self.tmp / "root"
        self.runtime = self.tmp / "runtime"
        self.settings = self.tmp / "settings"
        for d in (self.root, self.runtime, self.settings):
            d.mkdir()
        self.proc: subprocess.Popen | None = None
        self.log_path = self.tmp / "server.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"

    def start(self, timeout: float = 90) -> JupyterServer:
        overrides = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
                     **self.overrides}
        (self.settings / "overrides.json").write_text(json.dumps(overrides))
        cls = "LabApp" if self.app == "lab" else "JupyterNotebookApp"
        cmd = [
            self.python or sys.executable, "-m", "jupyterlab" if self.app == "lab" else "notebook",
            "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
            f"--ServerApp.root_dir={self.root}", f"--IdentityProvider.token={self.token}",
            "--ServerApp.password=", "--ServerApp.allow_root=True",
            "--ServerApp.port_retries=0", "--ServerApp.open_browser=False",
            f"--{cls}.expose_app_in_browser=True",
            f"--{cls}.app_settings_dir={self.settings}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if self.app == "notebook":
            cmd = [c for c in cmd if not c.startswith("--LabApp.")]
        env = dict(os.environ if self.env is None else self.env)
        env.update({
            "JUPYTER_RUNTIME_DIR": str(self.runtime),
            "JUPYTERLAB_SETTINGS_DIR": str(self.tmp / "user-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.tmp / "workspaces"),
            "JUPYTER_CONFIG_DIR": str(self.tmp / "config"),
            "IPYTHONDIR": str(self.tmp / "ipython"),
            # the boards' statistics go to the temp dir, never the user's Jupyter data dir
            "FOURSEASONS_WIDGET_DATA": str(self.tmp / "data"),
        })
        if self.python is None:  # this checkout's package, not an installed copy
            env["PYTHONPATH"] = os.pathsep.join(
                [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
        log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self._log = log
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter {self.app} exited:\n{self.log()[-3000:]}")
            try:
                self.api("GET", "api/status")
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"jupyter {self.app} did not start in {timeout} s:\n{self.log()[-3000:]}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url(path), data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            text = r.read()
        return json.loads(text) if text else None

    def shutdown_sessions(self) -> None:
        with contextlib.suppress(Exception):
            for s in self.api("GET", "api/sessions"):
                with contextlib.suppress(Exception):
                    self.api("DELETE", f"api/sessions/{s['id']}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.shutdown_sessions()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        if getattr(self, "_log", None):
            self._log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


def launch_browser(playwright: Any, executable: str | None = None) -> Any:
    """Chromium from Debian, headless, with no outside calls."""
    return playwright.chromium.launch(executable_path=executable or find_chromium(),
                                      args=CHROMIUM_ARGS, headless=True)


LOCAL = ("http://127.0.0.1:", "data:", "blob:")


@contextlib.contextmanager
def local_only_page(browser: Any, url: str, *, width: int = 1100, height: int = 900,
                    also: tuple[str, ...] = ()) -> Iterator[Any]:
    """A page opened at ``url`` in a new browser context where only 127.0.0.1 (and ``data:``,
    ``blob:``, and the URL prefixes in ``also``, e.g. ``file:``) is reachable, the way a student
    offline meets a page: every other request is refused.  Yields the page; on leaving, the context is closed and — when the block ended
    normally — a refused request or an error thrown in the page fails the test.

        with static_server(folder) as base, local_only_page(browser, f"{base}/p.html") as page:
            ...
    """
    blocked: list[str] = []
    errors: list[str] = []

    def route(r) -> None:
        if r.request.url.startswith(LOCAL + also):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.route("**/*", route)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        yield page
    finally:
        context.close()
    assert blocked == [], f"the page asked for something outside 127.0.0.1: {blocked}"
    assert errors == [], f"errors thrown in the page: {errors}"


def write_notebook(path: pathlib.Path, cells: list[str]) -> pathlib.Path:
    """Write a notebook of code cells (a python3 kernel)."""
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": uuid.uuid4().hex[:8],
                   "metadata": {}, "outputs": [], "source": src} for src in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb, indent=1))
    return path


_KERNEL_IDLE = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === 'idle' && w.content && w.content.widgets);
}"""

_ALL_RUN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session.kernel;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  return k.status === 'idle' && cells.every(c => c.model.executionCount !== null);
}"""

_QUEUED = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  return w.content.widgets.some(c => c.model.type === 'code' && c.model.executionCount === null);
}"""


class NotebookSession:
    """An open notebook in the browser, with a kernel client on its kernel."""

    def __init__(self, page: Any, server: JupyterServer, name: str) -> None:
        self.page = page
        self.server = server
        self.name = name
        self.kernel_id: str = ""
        self.client: Any = None

    # -- the kernel ---------------------------------------------------------------------
    def connect(self) -> None:
        from jupyter_client import BlockingKernelClient

        self.kernel_id = self.page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
        cf = self.server.runtime / f"kernel-{self.kernel_id}.json"
        kc = BlockingKernelClient(connection_file=str(cf))
        kc.load_connection_file()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        self.client = kc

    def eval(self, expr: str, timeout: float = 60) -> Any:
        """The value of a Python expression in the notebook's kernel (JSON-able values)."""
        wrapped = f"__import__('json').dumps({expr})"
        reply = self.client.execute_interactive(
            "", silent=True, store_history=False, user_expressions={"r": wrapped},
            timeout=timeout, output_hook=lambda msg: None)
        r = reply["content"]["user_expressions"]["r"]
        if r.get("status") != "ok":
            raise RuntimeError(f"{expr!r} failed in the kernel: {r.get('ename')}: {r.get('evalue')}")
        return json.loads(ast.literal_eval(r["data"]["text/plain"]))

    def run(self, code: str, timeout: float = 120) -> None:
        """Run code in the kernel (not shown in the notebook); raises if it fails."""
        reply = self.client.execute_interactive(
            code, store_history=False, timeout=timeout, output_hook=lambda msg: None)
        c = reply["content"]
        if c.get("status") != "ok":
            raise RuntimeError(f"kernel code failed: {c.get('ename')}: {c.get('evalue')}")

    def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.stop_channels()
            self.client = None
        with contextlib.suppress(Exception):
            for s in self.server.api("GET", "api/sessions"):
                if s.get("kernel", {}).get("id") == self.kernel_id:
                    self.server.api("DELETE", f"api/sessions/{s['id']}")

    def restart_and_run_all(self, expect_widgets: int = 1) -> None:
        """Kernel ▸ Restart Kernel and Run All Cells, as a player does (the dialog accepted);
        returns once every cell ran again in the new kernel and ``expect_widgets`` boards are
        drawn, connected to the new kernel (checked to be a new one)."""
        self.eval("globals().__setitem__('_fsw_old_kernel', True)")
        # (not awaited: the command's promise ends only once the dialog is answered and all ran)
        self.page.evaluate(
            "() => { window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
        self.page.locator(".jp-Dialog .jp-mod-accept").click()
        # the cells are queued again (their counts cleared), then run by the new kernel
        self.page.wait_for_function(_QUEUED, timeout=120_000, polling=50)
        self.page.wait_for_function(_ALL_RUN, timeout=300_000, polling=200)
        self.page.wait_for_function(
            "n => document.querySelectorAll('.fsw-root .fsw-board').length >= n",
            arg=expect_widgets, timeout=120_000)
        old = self.client
        self.connect()
        if old is not None:
            with contextlib.suppress(Exception):
                old.stop_channels()
        assert self.eval("'_fsw_old_kernel' not in globals()"), "the kernel was not restarted"

    # -- the page -----------------------------------------------------------------------
    def widgets(self) -> Any:
        """The widget roots in the notebook, in order (a Playwright locator)."""
        return self.page.locator(".fsw-root")

    def execute(self, command: str, args: dict | None = None) -> None:
        self.page.evaluate("([c, a]) => window.jupyterapp.commands.execute(c, a)",
                           [command, args or {}])


def open_notebook(page: Any, server: JupyterServer, name: str, *, expect_widgets: int = 1,
                  timeout: float = 120) -> NotebookSession:
    """Open ``name`` (already in the server's root) in JupyterLab or Notebook 7, run all its
    cells, wait until the kernel is idle and ``expect_widgets`` boards are drawn; returns the
    session, connected to the notebook's kernel."""
    # "?reset": a fresh JupyterLab workspace, so that notebooks opened by earlier tests on the
    # same server are not reopened (with kernels of their own) alongside this one
    path = f"lab/tree/{name}?reset" if server.app == "lab" else f"notebooks/{name}"
    ms = timeout * 1000
    page.goto(server.url(path), wait_until="domcontentloaded", timeout=ms)
    page.wait_for_function(_KERNEL_IDLE, timeout=ms, polling=200)
    session = NotebookSession(page, server, name)
    session.execute("notebook:run-all-cells")
    page.wait_for_function(_ALL_RUN, timeout=ms, polling=200)
    if expect_widgets:
        page.wait_for_function(
            f"() => document.querySelectorAll('.fsw-root .fsw-board').length >= {expect_widgets}",
            timeout=ms, polling=200)
    session.connect()
    return session
