"""The JupyterLite build of the notebooks, with the package's own wheel.

Runs the documented build into a temporary folder:

    .venv/bin/pip wheel . --no-deps -w lite/pypi
    .venv/bin/jupyter lite build --lite-dir lite --output-dir _site

and checks the site: the six notebooks, the wheel indexed for piplite (with the board's front
end inside it), the Pyodide kernel and the widget extensions the boards need.

What cannot be checked offline: *running* the site.  The Pyodide kernel downloads Pyodide
itself from its CDN when the page starts (unless the site is built with ``--pyodide`` and a
local Pyodide tarball), and piplite fetches the package's dependencies (anywidget,
ipywidgets' kernel side, tqdm, matplotlib) from PyPI or Pyodide's own repository in the browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("lite")
    lite = work / "lite"
    shutil.copytree(ROOT / "lite", lite, ignore=shutil.ignore_patterns("pypi", "*.db"))
    # the config names the notebooks relative to the lite folder; keep that true in the copy
    (work / "notebooks").symlink_to(ROOT / "notebooks")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(lite / "pypi")], check=True, cwd=work, timeout=600)
    out = work / "_site"
    proc = subprocess.run([str(BIN / "jupyter"), "lite", "build", "--lite-dir", str(lite),
                           "--output-dir", str(out)], cwd=work, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
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


def test_the_wheel_is_indexed_for_piplite(site: Path):
    wheels = list((site / "pypi").glob("fourseasons_widget-*.whl"))
    assert len(wheels) == 1
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert "fourseasons-widget" in index
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
    # the board's front end travels in the wheel (built by the jupyter-builder hook)
    assert "fourseasons_widget/static/widget.js" in names
    assert "fourseasons_widget/static/searchview.js" in names  # and the search view's
    assert "fourseasons_widget/widget.py" in names


def test_the_kernel_and_widget_extensions_are_in_the_site(site: Path):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert "@jupyterlite/pyodide-kernel-extension" in extensions
    assert "@jupyter-widgets/jupyterlab-manager" in extensions
    assert "anywidget" in extensions


def test_the_notebooks_install_the_wheel_under_pyodide(site: Path):
    for path in (site / "files").glob("*.ipynb"):
        nb = json.loads(path.read_text())
        first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
        src = "".join(first_code["source"])
        assert 'sys.platform == "emscripten"' in src and "%pip install" in src, path.name
