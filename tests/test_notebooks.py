"""The companion notebooks: they are committed clean, and they run top to bottom.

Every notebook is run by nbval (``--nbval-lax``): each cell must execute without error, and
the cells marked ``# NBVAL_CHECK_OUTPUT`` must print exactly what is stored in the notebook
(the rules' refusals, the boards as text, the tables).  All other outputs are left out of the
committed files.  After changing a notebook, refresh the stored outputs with

    python tests/test_notebooks.py --update            # all notebooks
    python tests/test_notebooks.py --update 02-rules   # one

and look at the diff: a changed checked output is a changed behaviour.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NB_DIR = ROOT / "notebooks"
SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"
EXPECTED = ["01-play", "02-rules", "03-history", "04-variants", "05-search", "06-winnability"]
CHECK = "NBVAL_CHECK_OUTPUT"
# all six notebooks, run one after the other on the 2-core reference machine
BUDGET_SECONDS = float(os.environ.get("FOURSEASONS_NOTEBOOK_BUDGET", "120"))


def notebooks() -> list[Path]:
    return sorted(NB_DIR.glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    s = cell["source"]
    return s if isinstance(s, str) else "".join(s)


def is_checked(cell: dict) -> bool:
    return CHECK in source(cell)


def test_the_six_notebooks_are_there():
    names = [p.stem for p in notebooks()]
    assert names == EXPECTED
    # the README's play command opens this one
    assert (NB_DIR / "01-play.ipynb").is_file()


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_committed_clean(path: Path):
    """Outputs only where nbval checks them, no stale widget state."""
    nb = load(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert "widgets" not in nb["metadata"], "stored widget state: clear it (see --update)"
    for cell in code_cells(nb):
        if is_checked(cell):
            # nbval compares only cells that were run: they keep an execution count
            assert isinstance(cell.get("execution_count"), int), source(cell)[:60]
            assert cell["outputs"], f"checked cell without a stored output: {source(cell)[:60]!r}"
            for out in cell["outputs"]:
                assert out["output_type"] == "stream" and out["name"] == "stdout", (
                    f"a checked cell should only print: {source(cell)[:60]!r}")
        else:
            assert cell.get("execution_count") is None, source(cell)[:60]
            assert not cell["outputs"], f"unchecked cell with stored output: {source(cell)[:60]!r}"


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_no_sleep_and_no_network(path: Path):
    """Animations run in the browser, and nothing is fetched: a notebook runs offline."""
    for cell in code_cells(load(path)):
        src = source(cell)
        assert "time.sleep" not in src and "sleep(" not in src, src[:60]
        assert not re.search(r"https?://", src), src[:60]
        assert not re.search(r"^\s*(import|from)\s+(requests|urllib|httpx)\b", src, re.M), src[:60]
        # the JupyterLite install cell is the one exception, and only runs under Pyodide
        if "%pip" in src:
            assert 'sys.platform == "emscripten"' in src


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_every_notebook_has_a_live_board(path: Path):
    srcs = [source(c) for c in code_cells(load(path))]
    assert any("FourSeasons(" in s for s in srcs)
    assert sum(is_checked(c) for c in code_cells(load(path))) >= 1


COURSE_FILES = [*notebooks(), *sorted((NB_DIR / "solutions").glob("*.ipynb")),
                NB_DIR / "glossary.md"]


def markdown_of(path: Path) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    return "\n".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", COURSE_FILES, ids=lambda p: str(p.relative_to(NB_DIR)))
def test_course_links_resolve(path: Path):
    """The course's relative links (notebook to notebook, glossary, solutions) point at files
    that exist, so they work in JupyterLab and in the JupyterLite site alike."""
    links = re.findall(r"\]\(([^)\s]+)\)", markdown_of(path))
    local = [u for u in links if not re.match(r"[a-z]+:", u) and not u.startswith("#")]
    for u in local:
        assert (path.parent / u.split("#")[0]).exists(), f"{path.name}: broken link {u}"
    if path.parent == NB_DIR and path.suffix == ".ipynb" and path.stem != "05-search":
        assert "glossary.md" in local, f"{path.name} does not link the glossary"


@pytest.mark.slow
def test_notebooks_run_under_nbval():
    """Run all six notebooks with nbval, checking the marked outputs.  The time is printed
    (``-s``), not asserted: a speed goal is a figure, and a loaded machine is no failure."""
    env = dict(os.environ)
    # the kernel must import the package of this checkout even when it is not installed
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.setdefault("MPLBACKEND", "Agg")
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
           "--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE),
           "--durations=0",
           *[str(p.relative_to(ROOT)) for p in notebooks()]]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=max(600, 3 * BUDGET_SECONDS))
    elapsed = time.perf_counter() - t0
    tail = (proc.stdout + proc.stderr)[-6000:]
    assert proc.returncode == 0, tail
    print(f"six notebooks under nbval: {elapsed:.1f} s (aim: under {BUDGET_SECONDS:.0f} s)")


# ---------------------------------------------------------------------------------------------
# Refreshing the stored outputs


def update(names: list[str] | None = None, timeout: int = 600) -> None:
    """Execute notebooks and store the outputs of the checked cells only."""
    import nbformat
    from nbclient import NotebookClient

    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env_path]))
    os.environ.setdefault("MPLBACKEND", "Agg")
    for path in notebooks():
        if names and path.stem not in names and path.name not in names:
            continue
        nb = nbformat.read(path, as_version=4)
        t0 = time.perf_counter()
        NotebookClient(nb, timeout=timeout, resources={"metadata": {"path": str(NB_DIR)}}).execute()
        count = 0
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            count += 1
            cell.execution_count = count if CHECK in cell.source else None
            if CHECK in cell.source:
                cell.outputs = [o for o in cell.outputs
                                if o.output_type == "stream" and o.name == "stdout"]
            else:
                cell.outputs = []
        nb.metadata.pop("widgets", None)
        nbformat.write(nb, path)
        print(f"{path.name}: {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="re-run and store checked outputs")
    parser.add_argument("names", nargs="*", help="notebooks to update (default: all)")
    args = parser.parse_args()
    if not args.update:
        parser.error("nothing to do: pass --update (the checks run under pytest)")
    update(args.names)
