"""The wheel a student installs: built as ``make wheel`` builds it, installed with pip into a
fresh virtual environment with **no Node.js on PATH** and no access to this checkout, then used
there: the board is made, publishes its state with its front end inside, and a notebook run in
that environment is exported and drawn by Chromium from the installed files alone.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.slow

USE_IT = r"""
import json, shutil, sys
import fourseasons_widget
from fourseasons_widget import FourSeasons

w = FourSeasons(seed=7)
b = w.board
print(json.dumps({
    "node": shutil.which("node"),
    "module": fourseasons_widget.__file__,
    "esm": len(str(w._esm)),
    "draws_cards": "data-card" in str(w._esm),
    "css": len(str(w._css)),
    "ply": b["ply"], "status": b["status"], "legal": len(b["legal"]),
    "stock": len(w.game.state.stock) if hasattr(w.game.state, "stock") else None,
}))
"""


@pytest.fixture(scope="module")
def browser(playwright_driver):
    """Debian's chromium (as tests/e2e/conftest.py: missing, it skips locally, fails in CI)."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from jupyter_harness import find_chromium, launch_browser

    path = find_chromium()
    if path is None:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail("CI=true but chromium is not installed: browser tests must run in CI")
        pytest.skip("chromium is not installed (/usr/bin/chromium)")
    b = launch_browser(playwright_driver, path)
    yield b
    b.close()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet",
                    "--disable-pip-version-check", "-w", str(out)], check=True, timeout=900)
    (whl,) = out.glob("fourseasons_widget-*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(tmp_path_factory, wheel: Path) -> tuple[Path, dict]:
    """A fresh venv with the wheel (and what a notebook run needs) installed by pip; the
    environment to run it with: PATH holds only the venv, so there is no ``node``."""
    home = tmp_path_factory.mktemp("student")
    env_dir = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, timeout=300)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    str(wheel), "ipykernel", "nbclient", "nbconvert"], check=True, timeout=1200)
    env = {"PATH": str(env_dir / "bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "FOURSEASONS_WIDGET_DATA": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "MPLBACKEND": "Agg"}
    for k in ("SSL_CERT_FILE", "PIP_CERT"):
        if k in os.environ:
            env[k] = os.environ[k]
    return py, env


def test_the_wheel_carries_the_front_end(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for f in ("widget.js", "searchview.js", "export/embed-amd.js", "export/require.js",
              "export/anywidget.js"):
        assert f"fourseasons_widget/static/{f}" in names, f
    assert not any(n.startswith(("js/", "tests/", "notebooks/")) for n in names)


def test_installed_without_node_the_board_is_made_with_its_front_end(venv, tmp_path: Path):
    py, env = venv
    proc = subprocess.run([str(py), "-c", USE_IT], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["node"] is None  # no Node.js where the student is
    assert str(py.parent.parent) in got["module"]  # the installed copy, not this checkout
    assert got["esm"] > 10_000 and got["draws_cards"] and got["css"] > 1000
    assert got["ply"] == 0 and got["status"] == "playing" and got["legal"] >= 1


@pytest.mark.e2e
def test_a_notebook_run_from_the_installed_wheel_draws_a_board(venv, browser, tmp_path: Path):
    """The installed package runs a notebook (its own kernel in the venv) and exports it with
    the offline scripts that came in the wheel; Chromium draws the board from that page with
    every request outside 127.0.0.1 refused."""
    py, env = venv
    nb = tmp_path / "student.ipynb"
    nb.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {},
                   "outputs": [], "source": "from fourseasons_widget import FourSeasons\n"
                                             "FourSeasons(seed=7)"}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}))
    out = tmp_path / "out" / "student.html"
    proc = subprocess.run([str(py), "-m", "fourseasons_widget.export", str(nb), "-o", str(out)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(out.parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    refused: list[str] = []
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()

        def route(r) -> None:
            if r.request.url.startswith((base + "/", "data:", "blob:")):
                r.continue_()
            else:
                refused.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.goto(f"{base}/{out.name}")
        root = page.locator(".fsw-root").first
        root.locator("[data-card]").first.wait_for(timeout=30_000)
        cross = root.locator('[data-pile^="cross"] [data-card]').count()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "wheel-export.png"))
        assert cross == 5, cross  # the five cross cards of seed 7
        assert refused == [], refused
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    shutil.rmtree(out.parent, ignore_errors=True)
