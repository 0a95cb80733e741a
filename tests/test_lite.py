"""The JupyterLite site of the notebooks, built as ``make lite`` builds it (``lite/build.py``).

What is checked here, without a browser: the site holds the six notebooks, Pyodide's core at
the version the kernel expects, a lock whose every entry is a file of the site with its real
hash, every wheel the kernel and the notebooks install (found by following each wheel's
requirements as Pyodide evaluates them, from the kernel's own list and this package), all of
them loaded with the interpreter (``loadPyodideOptions``: the kernel installs nothing when it
starts), bytecode compiled for the site's Python in the standard library and in every wheel,
the front ends of ipywidgets and anywidget at the versions of the wheels, and no address
outside the site in its configuration; that the bytecode compiler (``lite/pycompile.py``)
writes files Python imports without compiling the source again and never trusts over a changed
source; and that the package, imported in the browser, starts no thread (tqdm's monitor).
Running the site offline, and its start-up times, is tests/e2e/test_lite_e2e.py
(``benchmarks/lite_start.py`` breaks a start down).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

slow = pytest.mark.slow  # (every test that needs the built site)


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


@slow
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


@slow
def test_pyodide_is_in_the_site_at_the_kernels_version(lite_build, site: Path):
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    settings = lite_build.kernel_settings(site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    core = site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (core / name).is_file(), name
    assert json.loads((core / "package.json").read_text())["version"] == PYODIDE_VERSION
    assert settings["disablePyPIFallback"] is True


@slow
def test_the_lock_points_at_files_of_the_site(lite_build, site: Path):
    b = lite_build
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for pkg in lock["packages"].values():
        f = (site / "static" / "pyodide" / pkg["file_name"]).resolve()
        assert site.resolve() in f.parents, pkg["file_name"]
        assert f.is_file() and b.sha256(f) == pkg["sha256"], pkg["name"]
        assert all(d in lock["packages"] for d in pkg["depends"]), pkg
    assert b.check_site(site) == []


@slow
def test_everything_loads_with_the_interpreter(lite_build, site: Path):
    """The kernel installs, one after another with micropip/piplite, each of its pieces not
    named in ``loadPyodideOptions.packages``, and the notebooks then installed this package and
    its dependencies the same way, on every start: all of it is named there now, with the
    site's lock, so Pyodide fetches it while it boots and installs nothing afterwards."""
    b = lite_build
    options = b.kernel_settings(site)["loadPyodideOptions"]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert options["lockFileURL"].split("?")[0] == "./static/pyodide/pyodide-lock.json"
    assert options["lockFileURL"].split("sha256=")[1] == b.sha256(
        site / "static" / "pyodide" / "pyodide-lock.json")  # a new lock is a new address
    preloaded = set(options["packages"])
    # the names the kernel's worker looks for, and everything the notebooks import
    assert {"micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi",
            "ipython"} <= preloaded
    assert {"fourseasons-widget", "anywidget", "ipywidgets", "widgetsnbextension", "tqdm",
            "traitlets", "jupyter-core"} <= preloaded
    assert preloaded == set(lock["packages"])


@slow
def test_the_site_carries_bytecode_for_its_python(site: Path):
    """Bytecode of the site's own Python (compiled in its Pyodide at build time) beside the
    sources of the standard library and of every wheel, each listed in its wheel's RECORD."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    tag = "cpython-" + PYODIDE_PYTHON_VERSION.replace(".", "")
    with zipfile.ZipFile(site / "static" / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
    sources = [n for n in names if n.endswith(".py")]
    assert len(sources) > 300
    assert all(n + "c" in names for n in sources), [n for n in sources if n + "c" not in names]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for pkg in lock["packages"].values():
        if pkg["name"] in ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"):
            continue  # the kernel's own few modules, as its extension ships them
        with zipfile.ZipFile(site / "static" / "pyodide" / pkg["file_name"]) as z:
            names = z.namelist()
            record = next(n for n in names if n.endswith(".dist-info/RECORD"))
            listed = {ln.split(",")[0]: ln.split(",")[1] for ln in
                      z.read(record).decode().splitlines() if ln}
            pycs = [n for n in names if n.endswith(f".{tag}.pyc")]
            modules = [n for n in names if n.endswith(".py") and ".data/" not in n]
            assert len(pycs) == len(modules), pkg["name"]
            for n in pycs:
                digest = base64.urlsafe_b64encode(
                    hashlib.sha256(z.read(n)).digest()).rstrip(b"=").decode()
                assert listed[n] == f"sha256={digest}", (pkg["name"], n)


@slow
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
        if name in lock:  # (its wheel's own requirements, not the lock's word for them)
            todo += b.wheel_requires(site / "static" / "pyodide" / lock[name]["file_name"], env)
            continue
        assert name in index, f"{name} is needed but not in the site"
        todo += b.wheel_requires(index[name][1], env)
    assert {"anywidget", "ipywidgets", "traitlets", "tqdm", "widgetsnbextension"} <= seen


@slow
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


@slow
def test_the_package_wheel_carries_its_front_end(site: Path):
    wheels = list((site / "pypi").glob("fourseasons_widget-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
    # the board's front end travels in the wheel (built by the jupyter-builder hook)
    assert "fourseasons_widget/static/widget.js" in names
    assert "fourseasons_widget/static/searchview.js" in names  # and the search view's
    assert "fourseasons_widget/widget.py" in names


@slow
def test_no_address_outside_the_site_in_its_configuration(site: Path):
    text = (site / "jupyter-lite.json").read_text()
    assert "://" not in text, [ln for ln in text.splitlines() if "://" in ln]
    lock = (site / "static" / "pyodide" / "pyodide-lock.json").read_text()
    assert "://" not in lock


@slow
def test_the_notebooks_install_the_wheel_under_pyodide(site: Path):
    for path in (site / "files").glob("*.ipynb"):
        nb = json.loads(path.read_text())
        first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
        src = "".join(first_code["source"])
        assert 'sys.platform == "emscripten"' in src and "%pip install" in src, path.name
        # the course's site has it already: no %pip there, only in a JupyterLite without it
        assert 'find_spec("fourseasons_widget") is None' in src, path.name


@slow
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


@slow
def test_the_build_refuses_a_site_whose_kernel_would_install_at_start(lite_build, tmp_path: Path,
                                                                     site: Path):
    """check_site finds a kernel piece left out of ``loadPyodideOptions`` (the kernel would
    install it with piplite on every start) and a lock entry pointing outside the site."""
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("build", "extensions", "files"))
    for ext in ("@jupyterlite", "fourseasons-widget-preview"):
        shutil.copytree(site / "extensions" / ext, copy / "extensions" / ext)
    assert lite_build.check_site(copy) == []
    cfg = json.loads((copy / "jupyter-lite.json").read_text())
    options = cfg["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    options["packages"].remove("ipython")
    (copy / "jupyter-lite.json").write_text(json.dumps(cfg))
    lock_path = copy / "static" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"]["tqdm"]["file_name"] = "../../../" + lock["packages"]["tqdm"]["file_name"]
    lock_path.write_text(json.dumps(lock))
    problems = lite_build.check_site(copy)
    assert any("installs ipython on every start" in p for p in problems), problems
    assert any("lock entry tqdm does not point at a file in the site" in p
               for p in problems), problems


# --- the bytecode compiler (lite/pycompile.py), under this Python ---------------------------

@pytest.fixture
def pycompile():
    spec = importlib.util.spec_from_file_location("lite_pycompile", ROOT / "lite" / "pycompile.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def no_compiling(monkeypatch):
    """Importing from source fails: what imports comes from bytecode."""
    import zipimport
    from importlib import _bootstrap_external

    def refuse(*args, **kwargs):
        raise AssertionError("compiled from source")

    def forbid():
        monkeypatch.setattr(_bootstrap_external.SourceLoader, "source_to_code", refuse)
        monkeypatch.setattr(zipimport, "_compile_source", refuse)
    return forbid


def a_wheel(path: Path, body: str) -> Path:
    files = {"fswpyc_demo/__init__.py": body, "fswpyc_demo/broken.py": "def (:\n",
             "fswpyc_demo-1.0.data/scripts/tool.py": "print(1)\n",
             "fswpyc_demo-1.0.dist-info/METADATA": "Name: fswpyc-demo\nVersion: 1.0\n"}
    record = [f"{n},sha256=x,1" for n in files] + ["fswpyc_demo-1.0.dist-info/RECORD,,"]
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            z.writestr(n, text)
        z.writestr("fswpyc_demo-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


def test_a_compiled_wheel_imports_without_compiling(pycompile, no_compiling, tmp_path, monkeypatch):
    whl = a_wheel(tmp_path / "fswpyc_demo-1.0-py3-none-any.whl", "VALUE = 41 + 1\n")
    out = tmp_path / "out.whl"
    assert pycompile.compile_wheel(str(whl), str(out)) == {"compiled": 1, "failed": 1}
    with zipfile.ZipFile(out) as z:
        pyc = importlib.util.cache_from_source("fswpyc_demo/__init__.py")
        record = z.read("fswpyc_demo-1.0.dist-info/RECORD").decode().splitlines()
        assert record[-1] == "fswpyc_demo-1.0.dist-info/RECORD,,"  # still last, and lists
        assert any(ln.startswith(pyc + ",sha256=") for ln in record)  # the bytecode
        assert not any("tool" in n and n.endswith(".pyc") for n in z.namelist())
        z.extractall(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    no_compiling()
    mod = importlib.import_module("fswpyc_demo")
    assert mod.VALUE == 42
    assert mod.__file__.endswith("__init__.py")  # the source stays, for tracebacks
    sys.modules.pop("fswpyc_demo")


def test_changed_source_wins_over_the_compiled_bytecode(pycompile, tmp_path, monkeypatch):
    """The wheel's bytecode is checked (PEP 552, hash-based): a package upgraded or edited over
    it is compiled anew, never run stale."""
    whl = a_wheel(tmp_path / "fswpyc_demo-1.0-py3-none-any.whl", "VALUE = 1\n")
    pycompile.compile_wheel(str(whl), str(tmp_path / "out.whl"))
    with zipfile.ZipFile(tmp_path / "out.whl") as z:
        z.extractall(tmp_path / "site")
    (tmp_path / "site" / "fswpyc_demo" / "__init__.py").write_text("VALUE = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert importlib.import_module("fswpyc_demo").VALUE == 2
    sys.modules.pop("fswpyc_demo")


def test_a_compiled_zip_imports_without_compiling(pycompile, no_compiling, tmp_path,
                                                   monkeypatch):
    src = tmp_path / "lib.zip"
    with zipfile.ZipFile(src, "w") as z:
        z.writestr("fswpyc_zipped/__init__.py", "from .part import X\n")
        z.writestr("fswpyc_zipped/part.py", "X = [1, 2, 3]\n")
    out = tmp_path / "stdlib.zip"
    assert pycompile.compile_zip(str(src), str(out), str(out)) == {"compiled": 2, "failed": 0}
    monkeypatch.syspath_prepend(str(out))
    no_compiling()
    assert importlib.import_module("fswpyc_zipped").X == [1, 2, 3]
    for name in ("fswpyc_zipped", "fswpyc_zipped.part"):
        sys.modules.pop(name)


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


def test_in_the_browser_comm_messages_keep_their_nulls():
    """Pyodide's kernel hands a comm message to the page through ``toJs()``, which turns
    ``None`` into ``undefined``; the page's JSON then drops the key (the board's ``"demo": None``
    vanished and the site showed no Demo button).  ``keep_nulls`` wraps the shell's
    ``send_comm`` once so that every ``None`` goes as JavaScript's ``null``, buffers untouched."""
    from fourseasons_widget.tools.browser import keep_nulls, nulled

    null = object()  # (stands for pyodide.ffi.jsnull here)
    sent = []

    class Shell:
        def send_comm(self, msg_type, content, metadata, ident, buffers):
            sent.append((msg_type, content, metadata, ident, buffers))

    shell = Shell()
    assert keep_nulls(shell, null) is True
    assert keep_nulls(shell, null) is False  # wrapped once only
    board = {"demo": None, "hint": None, "legal": [["2D", "stock", None]], "ply": 0,
             "corner": (None, 1)}
    shell.send_comm("comm_msg", {"data": {"state": {"board": board}}}, {"m": None}, "t", [b"x"])
    (kind, content, metadata, ident, buffers), = sent
    got = content["data"]["state"]["board"]
    assert got == {"demo": null, "hint": null, "legal": [["2D", "stock", null]], "ply": 0,
                   "corner": [null, 1]}
    assert (kind, metadata, ident, buffers) == ("comm_msg", {"m": null}, "t", [b"x"])
    assert board["demo"] is None  # the caller's dict is not changed
    plain = {"a": [1, "x"], "b": {"c": 2.5}}
    assert nulled(plain, null) is plain  # nothing to change: nothing copied
    # elsewhere (CPython, no IPython shell sending comms) nothing is wrapped
    assert keep_nulls() is False


# --- the board before Python is ready ---------------------------------------------------

def small_notebook(path: Path, sources: list[str]) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="an old output\n")]
    nbformat.write(nb, path)
    return path


def test_a_notebook_keeps_only_its_first_boards_preview(lite_build, tmp_path: Path):
    src = small_notebook(tmp_path / "in.ipynb", [
        "print('set-up')",
        "from fourseasons_widget import FourSeasons, Game\n"
        "FourSeasons(deck=Game.new(seed=3).deck, stats=False)",  # (a deck: no preview)
        "FourSeasons(seed=5, variant='czarina', stats=False)",
        "raise SystemExit('never run: the preview was found above')",
    ])
    before = src.read_bytes()
    assert lite_build.with_preview(src, tmp_path / "out.ipynb") is True
    assert src.read_bytes() == before  # (the source is never written)
    cells = json.loads((tmp_path / "out.ipynb").read_text())["cells"]
    assert [len(c["outputs"]) for c in cells] == [0, 0, 1, 0]
    out = cells[2]["outputs"][0]
    assert set(out["data"]) == {lite_build.PREVIEW_MIME, "text/plain"}  # (no widget view)
    assert out["data"][lite_build.PREVIEW_MIME]["seed"] == 5
    assert all(c["execution_count"] is None for c in cells)


def test_a_notebook_with_no_board_early_gets_no_preview(lite_build, tmp_path: Path):
    src = small_notebook(tmp_path / "in.ipynb", ["x = 1", "x + 1",
                                                 "from fourseasons_widget import FourSeasons\n"
                                                 "FourSeasons(seed=5, stats=False)"])
    assert lite_build.with_preview(src, tmp_path / "out.ipynb", cells=2) is False
    cells = json.loads((tmp_path / "out.ipynb").read_text())["cells"]
    assert [len(c["outputs"]) for c in cells] == [0, 0, 0]


@slow
def test_the_site_carries_the_preview_extension_and_01s_first_board(lite_build, site: Path,
                                                                   tmp_path: Path):
    import shutil

    names = [e["name"] for e in config(site)["federated_extensions"]]
    assert "fourseasons-widget-preview" in names
    pkg = json.loads((site / "extensions" / "fourseasons-widget-preview" / "package.json")
                     .read_text())
    assert pkg["jupyterlab"]["_build"]["mimeExtension"]
    cells = json.loads((site / "files" / "01-play.ipynb").read_text())["cells"]
    with_outputs = [i for i, c in enumerate(cells) if c.get("outputs")]
    assert len(with_outputs) == 1, with_outputs
    cell = cells[with_outputs[0]]
    assert "FourSeasons(seed=7)" in "".join(cell["source"])
    assert cell["outputs"][0]["data"][lite_build.PREVIEW_MIME]["seed"] == 7
    assert "application/vnd.jupyter.widget-view+json" not in cell["outputs"][0]["data"]
    # a site without it is refused by the build's last check
    shutil.rmtree(copy := tmp_path / "site", ignore_errors=True)
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("build", "extensions", "files"))
    shutil.copytree(site / "extensions" / "@jupyterlite", copy / "extensions" / "@jupyterlite")
    assert any("preview extension" in p for p in lite_build.check_site(copy))
    # the notebooks of the repository stay as they are
    repo = json.loads((ROOT / "notebooks" / "01-play.ipynb").read_text())["cells"]
    assert lite_build.PREVIEW_MIME not in json.dumps(repo)


def test_the_preview_extension_is_taken_once_whatever_the_environment_holds(lite_build,
                                                                             tmp_path: Path):
    """An editable install puts a copy of the preview in the environment's share/ (perhaps
    another checkout's): ``jupyter lite build`` failed on the two ("duplicated definition").
    The build takes the environment's other extensions and the preview from its folder only."""
    preview = tmp_path / "src" / "labextension"
    env = tmp_path / "env" / "share" / "jupyter" / "labextensions"

    def extension(folder: Path, name: str, built: bool = True) -> None:
        folder.mkdir(parents=True)
        meta = {"name": name, "jupyterlab": {"_build": {"load": "x.js"}} if built else {}}
        (folder / "package.json").write_text(json.dumps(meta))

    extension(preview, "fourseasons-widget-preview")
    extension(env / "fourseasons-widget-preview", "fourseasons-widget-preview")  # the copy
    extension(env / "anywidget", "anywidget")
    extension(env / "@jupyter-widgets" / "jupyterlab-manager",
              "@jupyter-widgets/jupyterlab-manager")
    extension(env / "source-only", "source-only", built=False)  # (no prebuilt extension)
    got = lite_build.extensions_config(preview, prefix=tmp_path / "env")
    assert got == {"ignore_sys_prefix": ["federated_extensions"], "federated_extensions": [
        str(env / "@jupyter-widgets" / "jupyterlab-manager"), str(env / "anywidget"),
        str(preview)]}
