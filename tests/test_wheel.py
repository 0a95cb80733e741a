"""The wheel a student installs: built as ``make wheel`` builds it, installed with pip into a
fresh virtual environment with **no Node.js on PATH** and no access to this checkout (conftest's
``package_wheel`` and ``student_venv``: ``pip install <wheel> jupyterlab``, as
docs/handing-out.md tells a student), then used there: the board is made and publishes its state with its front end inside.
Drawn by a browser from that venv — a notebook exported there, and JupyterLab started there —
is ``tests/e2e/test_wheel_e2e.py``.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

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


def test_the_wheel_carries_the_front_end(package_wheel: Path):
    with zipfile.ZipFile(package_wheel) as z:
        names = set(z.namelist())
    for f in ("widget.js", "searchview.js", "export/embed-amd.js", "export/require.js",
              "export/anywidget.js"):
        assert f"fourseasons_widget/static/{f}" in names, f
    assert not any(n.startswith(("js/", "tests/", "notebooks/")) for n in names)


def test_installed_without_node_the_board_is_made_with_its_front_end(student_venv,
                                                                      tmp_path: Path):
    py, env = student_venv
    proc = subprocess.run([str(py), "-c", USE_IT], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["node"] is None  # no Node.js where the student is
    assert str(py.parent.parent) in got["module"]  # the installed copy, not this checkout
    assert got["esm"] > 10_000 and got["draws_cards"] and got["css"] > 1000
    assert got["ply"] == 0 and got["status"] == "playing" and got["legal"] >= 1
