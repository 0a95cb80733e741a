"""The JupyterLite site of the notebooks, built as ``make lite`` builds it (``lite/build.py``).

What is checked here, without a browser: the site holds the six notebooks, Pyodide's core at
the version the kernel expects, a lock whose every entry is a file of the site with its real
hash, every wheel the kernel and the notebooks install (found by following each wheel's
requirements as Pyodide evaluates them, from the kernel's own list and this package), the front
ends of ipywidgets and anywidget at the versions of the wheels, and no address outside the site
in its configuration; and that the package, imported in the browser, starts no thread
(tqdm's monitor).  Running the site offline is tests/e2e/test_lite_e2e.py.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(lite_site: Path) -> Path:
    """The site (conftest's ``lite_site``: one build shared with tests/e2e/test_lite_e2e.py)."""
    return lite_site


def config(site: Path) -> dict:
    return json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]


def piplite_index(b, site: Path) -> dict:
    """Every package piplite can install in the site: name -> (version, wheel path)."""
    out = {}
    for url in b.kernel_settings(site)["pipliteUrls"]:
        index = site / url.split("?")[0]
        for name, pkg in json.loads(index.read_text()).items():
            for version, files in pkg["releases"].items():
                out[name] = (version, index.parent / files[0]["url"])
    return out


def test_the_notebooks_are_in_the_site(site: Path):
    names = sorted(p.name for p in (site / "files").glob("*.ipynb"))
    assert names == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert len(names) == 6
    # the course's links reach the glossary and the worked solutions inside the site too
    assert (site / "files" / "glossary.md").is_file()
    solutions = sorted(p.name for p in (site / "files" / "solutions").glob("*.ipynb"))
    assert solutions == sorted(p.name for p in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
    assert (site / "index.html").is_file()
    assert (site / "lab" / "index.html").is_file()


def test_pyodide_is_in_the_site_at_the_kernels_version(lite_build, site: Path):
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    settings = lite_build.kernel_settings(site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    core = site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (core / name).is_file(), name
    assert json.loads((core / "package.json").read_text())["version"] == PYODIDE_VERSION
    assert settings["disablePyPIFallback"] is True


def test_the_lock_points_at_files_of_the_site(lite_build, site: Path):
    b = lite_build
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert "micropip" in lock["packages"]  # the kernel loads it from the lock
    for pkg in lock["packages"].values():
        f = site / "static" / "pyodide" / pkg["file_name"]
        assert f.is_file() and b.sha256(f) == pkg["sha256"], pkg["name"]
    assert b.check_site(site) == []


def test_every_wheel_the_kernel_and_the_notebooks_need_is_served(lite_build, site: Path):
    """Follow the requirements, as Pyodide sees them, from what the kernel installs at start
    and from this package: each one must be in a piplite index of the site (or the lock)."""
    b = lite_build
    env = b.pyodide_env()
    index = piplite_index(b, site)
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    todo = ["ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "fourseasons-widget"]
    seen = set()
    while todo:
        name = b.canon(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        if name in lock:
            continue
        assert name in index, f"{name} is needed but not in the site"
        todo += b.wheel_requires(index[name][1], env)
    assert {"anywidget", "ipywidgets", "traitlets", "tqdm", "widgetsnbextension"} <= seen


def test_the_front_ends_match_the_wheels(lite_build, site: Path):
    """The widget front ends in the site are the versions the kernel's wheels ask for."""
    from importlib.metadata import version

    index = piplite_index(lite_build, site)
    extensions = {e["name"] for e in config(site)["federated_extensions"]}
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
            "anywidget"} <= extensions
    for py, js in (("anywidget", "anywidget"),
                   ("jupyterlab-widgets", "@jupyter-widgets/jupyterlab-manager")):
        pkg = json.loads((site / "extensions" / js / "package.json").read_text())
        assert index[py][0] == version(py.replace("-", "_")), py
        if py == "anywidget":  # the model module version the Python side announces
            assert pkg["version"] == index[py][0]


def test_the_package_wheel_carries_its_front_end(site: Path):
    wheels = list((site / "pypi").glob("fourseasons_widget-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
    # the board's front end travels in the wheel (built by the jupyter-builder hook)
    assert "fourseasons_widget/static/widget.js" in names
    assert "fourseasons_widget/static/searchview.js" in names  # and the search view's
    assert "fourseasons_widget/widget.py" in names


def test_no_address_outside_the_site_in_its_configuration(site: Path):
    text = (site / "jupyter-lite.json").read_text()
    assert "://" not in text, [ln for ln in text.splitlines() if "://" in ln]
    lock = (site / "static" / "pyodide" / "pyodide-lock.json").read_text()
    assert "://" not in lock


def test_the_notebooks_install_the_wheel_under_pyodide(site: Path):
    for path in (site / "files").glob("*.ipynb"):
        nb = json.loads(path.read_text())
        first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
        src = "".join(first_code["source"])
        assert 'sys.platform == "emscripten"' in src and "%pip install" in src, path.name


def test_the_build_refuses_a_site_that_reaches_out(lite_build, tmp_path: Path, site: Path):
    """check_site is what the build runs last: it finds a CDN address put back in."""
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(site / "static", copy / "static")
    cfg = json.loads((site / "jupyter-lite.json").read_text())
    settings = cfg["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    settings["pyodideUrl"] = "https://cdn.example/pyodide/pyodide.mjs"
    settings["pipliteUrls"] = []
    (copy / "jupyter-lite.json").write_text(json.dumps(cfg))
    problems = lite_build.check_site(copy)
    assert any("pyodideUrl" in p for p in problems), problems


def test_in_the_browser_tqdm_shows_no_thread_warning(monkeypatch):
    """Pyodide has no threads: tqdm's monitor thread fails there and tqdm warned the student
    above the progress bars of 04 and 06 (seen in the site); the package turns the monitor
    off when it is imported in the browser.  Here, threads are refused as Pyodide does."""
    import importlib
    import io
    import sys
    import threading
    import warnings

    from tqdm import TqdmMonitorWarning, std

    import fourseasons_widget

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    def a_progress_bar() -> list:
        monkeypatch.setattr(std.tqdm, "monitor", None)  # as in a fresh process
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            for _ in std.tqdm(range(3), file=io.StringIO(), mininterval=0):
                pass
        return [w for w in seen if issubclass(w.category, TqdmMonitorWarning)]

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    monkeypatch.setattr(std.tqdm, "monitor_interval", 10)  # tqdm's default
    assert len(a_progress_bar()) == 1  # what the site showed before
    monkeypatch.setattr(std.tqdm, "monitor_interval", 10)  # (tqdm set it to 0 on failing)
    monkeypatch.setattr(sys, "platform", "emscripten")
    importlib.reload(fourseasons_widget)  # imported in the browser
    assert std.tqdm.monitor_interval == 0
    assert a_progress_bar() == []
    monkeypatch.undo()
    importlib.reload(fourseasons_widget)
