"""Build the course's JupyterLite site so that it runs with no network at all.

    .venv/bin/python lite/build.py --out _site          (what ``make lite`` runs)

Everything the page needs at run time is written into the site and addressed by relative URLs,
so it works from any static host or ``python -m http.server``:

- **Pyodide's core** (``pyodide.mjs``, ``pyodide.asm.*``, ``python_stdlib.zip``) from the npm
  package ``pyodide``, at exactly the version the installed jupyterlite-pyodide-kernel names
  (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``), under ``static/pyodide/``;
- **a Pyodide lock** (``static/pyodide/pyodide-lock.json``) that lists exactly what the site
  carries — every wheel below, each with its real sha256 and its dependencies as Pyodide
  evaluates them — and the kernel setting ``loadPyodideOptions`` naming them all, so they are
  loaded *with the interpreter* (fetched in parallel while Pyodide boots, unpacked, no
  resolution) instead of installed by micropip/piplite one after another on every start; the
  kernel skips installing what is named there.  Pyodide's own lock names 350 packages whose
  wheels are not in the npm package (they live on its CDN); an entry pointing at a missing
  file would fail late and obscurely, so none is kept;
- **every pure-Python wheel the kernel and the notebooks need**, in ``pypi/`` with the
  piplite index ``pypi/all.json`` (so ``%pip install`` of a carried package still answers): the
  kernel's own pieces (comm, IPython, jedi and their dependencies; micropip beside the lock;
  piplite, pyodide-kernel and the stand-ins for ipykernel and widgetsnbextension come with the
  kernel's extension), ipywidgets, jupyterlab_widgets, anywidget and this package's wheel.  They are
  resolved at build time with ``pip download`` against PyPI and the closure is recomputed
  with Pyodide's markers (``sys_platform == "emscripten"``);
- **the widget front ends** (``@jupyter-widgets/jupyterlab-manager``, ``anywidget``) as
  federated extensions from the build environment, whose Python packages are the versions
  pinned into ``pypi/`` (else the page says "No version of module anywidget is registered");
- **bytecode** for the site's Python beside every source of the standard library's zip and of
  every wheel above (``lite/pycompile.py``, run once here inside the site's own Pyodide under
  Node.js): neither the npm package nor a wheel from PyPI carries any, and Pyodide's files live
  in the page's memory, so every start compiled each imported module from source again;
- ``disablePyPIFallback``: a package the site does not carry is refused at once with a
  message instead of being fetched from PyPI;
- **a board before Python is ready**: this project's own JupyterLab extension (``js/labext``,
  a MIME renderer marked safe; built with ``@jupyterlab/builder`` if it is not built yet) as a
  federated extension, and in each notebook the *preview* of its first board — the notebook's
  cells are run here in a real kernel (nbclient) up to the first output carrying
  ``application/vnd.fourseasons.board+json`` (``fourseasons_widget/preview.py``: a seed or a
  PySolFC number), whose output is kept with only that and its text; the widget's own view,
  which the site cannot restore, is dropped, and no other cell keeps an output.  The site's
  notebooks are untrusted, and only a safe renderer shows there: so the first board plays (on
  the front-end engine) while Pyodide starts, and the live board takes its game over when the
  cell runs.  ``notebooks/`` itself is never written.

What the site cannot carry: Pyodide's *compiled* packages (numpy, matplotlib, pillow, …) are
published on neither PyPI nor npm, so ``import matplotlib`` fails in the site; the notebooks
guard their figures.

Downloads (npm tarball, wheels) and compiled files are kept in ``build/lite-cache/`` and
reused: a rebuild with a full cache needs no network and compiles only what changed.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import importlib.metadata as md
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = ROOT / "build" / "lite-cache"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# the files of the npm package the runtime loads (no source maps, no classic-script build)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")

# what the kernel installs at start (worker: micropip from the lock, then piplite installs
# these), what every notebook's first cell installs, and the front ends' Python halves pinned
# to the build environment's versions (their JavaScript is the build environment's too)
KERNEL_ROOTS = ("micropip", "comm", "jedi", "ipython")
PINNED_TO_BUILD_ENV = ("ipywidgets", "jupyterlab_widgets", "anywidget")
# served by the kernel's own extension (its static/pypi/all.json): never from PyPI
STAND_INS = {"ipykernel", "widgetsnbextension", "pyodide-kernel", "piplite"}
# the names the kernel's worker looks for in ``loadPyodideOptions.packages`` (it installs each
# one missing there with micropip/piplite, one after another, on every start)
KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
KERNEL_WHEELS = "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
LOCK = "static/pyodide/pyodide-lock.json"
# the board's preview (fourseasons_widget/preview.py) and the extension that draws it
PREVIEW_MIME = "application/vnd.fourseasons.board+json"
LABEXT = ROOT / "fourseasons_widget" / "labextension"
LABEXT_SOURCE = ROOT / "js" / "labext"
PREVIEW_CELLS = 8  # a notebook with no board in its first code cells gets no preview
PREVIEW_CELL_SECONDS = 120


class BuildError(RuntimeError):
    pass


def log(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_env() -> dict[str, str]:
    """PEP 508 marker values of the kernel's Pyodide (Python version from its lock)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    return {
        "implementation_name": "cpython", "implementation_version": PYODIDE_PYTHON_VERSION,
        "os_name": "posix", "platform_machine": "wasm32", "platform_release": "",
        "platform_system": "Emscripten", "platform_version": "",
        "python_full_version": PYODIDE_PYTHON_VERSION + ".0",
        "platform_python_implementation": "CPython", "python_version": PYODIDE_PYTHON_VERSION,
        "sys_platform": "emscripten", "extra": "",
    }


# --- Pyodide's core from npm ---------------------------------------------------------------

def pyodide_core(version: str, dest: Path) -> Path:
    """Unpack the npm package ``pyodide@version`` (cached) into ``dest``; returns its lock."""
    tgz = CACHE / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        log(f"npm pack pyodide@{version}")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(CACHE),
                        "--silent"], check=True, cwd=CACHE)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            with tar.extractfile(member) as src, open(dest / name, "wb") as out:
                shutil.copyfileobj(src, out)
    got = json.loads((dest / "package.json").read_text())["version"]
    if got != version:
        raise BuildError(f"npm gave pyodide {got}, the kernel expects {version}")
    return dest / "pyodide-lock.json"


# --- wheels from PyPI --------------------------------------------------------------------

def wheel_metadata(whl: Path) -> email.message.Message:
    with zipfile.ZipFile(whl) as z:
        name = next(n for n in z.namelist()
                    if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(z.read(name).decode("utf-8"))


def wheel_requires(whl: Path, env: dict[str, str]) -> list[str]:
    """The names ``whl`` needs on Pyodide (markers evaluated there, no extras)."""
    from packaging.requirements import Requirement

    out = []
    for line in wheel_metadata(whl).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            out.append(canon(req.name))
    return out


def wheel_name(whl: Path) -> str:
    return canon(whl.name.split("-")[0])


def download(specs: list[str], constraints: list[str], dest: Path, python: str) -> None:
    """``pip download`` the pure-Python closure of ``specs`` into ``dest``: from the cache
    alone when it holds everything, else from the package index."""
    dest.mkdir(parents=True, exist_ok=True)
    cfile = CACHE / "constraints.txt"
    cfile.write_text("\n".join(constraints) + "\n")
    base = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--only-binary=:all:", "--platform", "any", "--implementation", "py",
            "--abi", "none", "--python-version", python, "-d", str(dest), "-c", str(cfile),
            *specs]
    offline = subprocess.run([*base, "--no-index", "--find-links", str(dest)],
                             capture_output=True, text=True)
    if offline.returncode == 0:
        return
    log("pip download (from the package index)")
    online = subprocess.run(base, capture_output=True, text=True)
    noise = "WARNING: Location"  # this machine's pip config names local mirrors that may be absent
    said = [ln for ln in (online.stdout + online.stderr).splitlines() if not ln.startswith(noise)]
    if said:
        print("\n".join(said), file=sys.stderr)
    if online.returncode != 0:
        raise BuildError("pip download failed")


def closure(roots: list[str], wheels: dict[str, Path], env: dict[str, str],
            skip: set[str] = STAND_INS) -> list[str]:
    """The names reachable from ``roots`` through the wheels' requirements on Pyodide (the
    names in ``skip`` left out)."""
    seen: list[str] = []
    todo = [canon(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name in skip:
            continue
        if name not in wheels:
            raise BuildError(f"no wheel for {name!r} (needed on Pyodide)")
        seen.append(name)
        todo.extend(wheel_requires(wheels[name], env))
    return sorted(seen)


# --- bytecode, compiled once at build time --------------------------------------------

# runs lite/pycompile.py inside the site's own Pyodide under Node.js, with the work folder
# mounted: the bytecode is exactly the browser's (magic number, cache tag)
NODE_PYCOMPILE = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const env = process.env;
const { loadPyodide } = await import(pathToFileURL(env.PYC_PYODIDE + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: env.PYC_PYODIDE + "/" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: env.PYC_WORK }, "/work");
py.runPython(readFileSync(env.PYC_SCRIPT, "utf8"));
py.runPython("main('/work')");
"""


def precompile(files: dict[str, Path], pyodide_dir: Path, version: str) -> dict[str, Path]:
    """Each of ``files`` (name -> a wheel, or ``python_stdlib.zip``) with its bytecode added
    (``lite/pycompile.py``), from the cache when it was compiled before by the same Pyodide
    and the same compiler."""
    key = hashlib.sha256(version.encode() + (HERE / "pycompile.py").read_bytes()).hexdigest()
    out, jobs = {}, []
    work = CACHE / "pyc-work"
    shutil.rmtree(work, ignore_errors=True)
    (work / "in").mkdir(parents=True)
    (work / "out").mkdir()
    for name, src in files.items():
        done = CACHE / "pyc" / f"{sha256(src)[:20]}-{key[:12]}" / src.name
        out[name] = done
        if not done.is_file():
            shutil.copy2(src, work / "in" / src.name)
            kind = "zip" if src.name == "python_stdlib.zip" else "wheel"
            jobs.append({"kind": kind, "src": f"in/{src.name}", "dst": f"out/{src.name}",
                         "done": str(done)})
    if jobs:
        log(f"bytecode: compiling {len(jobs)} file(s) in Pyodide (Node.js)")
        (work / "jobs.json").write_text(json.dumps(jobs))
        env = {**os.environ, "PYC_PYODIDE": str(pyodide_dir), "PYC_WORK": str(work),
               "PYC_SCRIPT": str(HERE / "pycompile.py")}
        proc = subprocess.run(["node", "--input-type=module", "-e", NODE_PYCOMPILE], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError("compiling the bytecode in Pyodide failed:\n"
                             + (proc.stdout + proc.stderr)[-3000:])
        results = json.loads((work / "results.json").read_text())
        for job, result in zip(jobs, results["results"], strict=True):
            Path(job["done"]).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(work / job["dst"], job["done"])
            log(f"  {Path(job['src']).name}: {result['compiled']} modules compiled"
                + (f", {result['failed']} left as source" if result["failed"] else ""))
    shutil.rmtree(work, ignore_errors=True)
    return out


# --- the lock ----------------------------------------------------------------------------

def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def top_level_imports(whl: Path) -> list[str]:
    with zipfile.ZipFile(whl) as z:
        names = {n.split("/")[0] for n in z.namelist()}
    mods = {n[:-3] if n.endswith(".py") else n for n in names
            if not n.endswith((".dist-info", ".data")) and (n.endswith(".py") or "." not in n)}
    return sorted(m for m in mods if m.isidentifier())


def write_lock(lock_path: Path, names: list[str], wheels: dict[str, Path],
               env: dict[str, str]) -> None:
    """Replace the npm package's lock (its ``info`` kept) by one listing only ``names``, each
    pointing at its wheel in the site (``wheels``: name -> file under the site) by a path
    relative to the lock's folder, with the file's own hash."""
    lock = json.loads(lock_path.read_text())
    packages = {}
    for name in names:
        whl = wheels[name]
        deps = [d for d in wheel_requires(whl, env) if d in names]
        packages[name] = {
            "name": name, "version": wheel_metadata(whl)["Version"],
            "file_name": Path(os.path.relpath(whl, lock_path.parent)).as_posix(),
            "install_dir": "site", "sha256": sha256(whl), "package_type": "package",
            "imports": top_level_imports(whl), "depends": sorted(deps),
            "unvendored_tests": False, "shared_library": False,
        }
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def site_wheels(site: Path) -> dict[str, Path]:
    """Every wheel the built site carries, by name: ``pypi/``, micropip beside the lock, the
    kernel's own (piplite, pyodide-kernel, the stand-ins; of two versions the newer)."""
    from packaging.version import Version

    found = sorted((site / "pypi").glob("*.whl")) + sorted((site / LOCK).parent.glob("*.whl"))
    found += sorted((site / KERNEL_WHEELS).glob("*.whl"),
                    key=lambda w: Version(w.name.split("-")[1]))
    return {wheel_name(w): w for w in found}


def preload(site: Path, own: str, env: dict[str, str]) -> list[str]:
    """Make the built ``site`` load every package with the interpreter: write its lock over
    all the wheels it carries that the kernel and this package need, and name them in the
    kernel's ``loadPyodideOptions`` (the lock's address carries its hash, so a browser never
    pairs a cached old lock with new wheels).  Returns the names."""
    wheels = site_wheels(site)
    names = closure([*KERNEL_PRELOAD, *PINNED_TO_BUILD_ENV, own], wheels, env, skip=set())
    write_lock(site / LOCK, names, wheels, env)
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["loadPyodideOptions"] = {
        "lockFileURL": f"./{LOCK}?sha256={sha256(site / LOCK)}", "packages": names}
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    return names


# --- the board before Python is ready --------------------------------------------------

def preview_extension() -> Path:
    """The built preview extension (``js/labext``), built now with this Python's JupyterLab
    if it is not (``npm ci`` in its folder, then ``@jupyterlab/builder``)."""
    if not (LABEXT / "package.json").is_file():
        import jupyterlab

        log("building the preview extension (js/labext)")
        core = Path(jupyterlab.__file__).parent / "staging"
        # (the front end's own script: npm ci in js/labext, then @jupyterlab/builder)
        subprocess.run(["npm", "run", "build:labext"], cwd=LABEXT_SOURCE.parent, check=True,
                       env={**os.environ, "JUPYTERLAB_CORE_PATH": str(core)})
    meta = json.loads((LABEXT / "package.json").read_text())
    if not meta.get("jupyterlab", {}).get("_build"):
        raise BuildError(f"{LABEXT} is not a built JupyterLab extension")
    return LABEXT


def env_extensions(prefix: Path, but: str) -> list[Path]:
    """The folders of the built federated extensions in the environment at ``prefix``
    (``share/jupyter/labextensions``, where ``jupyter lite build`` looks), but the one named
    ``but``."""
    root = prefix / "share" / "jupyter" / "labextensions"
    found = []
    for pkg in sorted([*root.glob("*/package.json"), *root.glob("@*/*/package.json")]):
        meta = json.loads(pkg.read_text(encoding="utf-8"))
        if meta.get("jupyterlab", {}).get("_build") and meta.get("name") != but:
            found.append(pkg.parent)
    return found


def extensions_config(preview: Path, prefix: Path | None = None) -> dict:
    """The build config's federated extensions: the environment's (the kernel's, the widget
    front ends) and the preview from its folder, each once.  An editable install of this
    package puts a copy of the preview in the environment's ``share/`` too (perhaps another
    checkout's, perhaps stale), and ``jupyter lite build`` fails on two of one name
    ("duplicated definition" of its copy task): so the environment is not searched
    (``ignore_sys_prefix``) and its extensions are listed here, all but the preview."""
    name = json.loads((preview / "package.json").read_text(encoding="utf-8"))["name"]
    env = env_extensions(Path(sys.prefix) if prefix is None else prefix, but=name)
    return {"ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [*map(str, env), str(preview)]}


def preview_output(output: dict) -> dict | None:
    """``output`` reduced to the board's preview and its text, or None if it has none."""
    data = output.get("data") or {}
    if PREVIEW_MIME not in data:
        return None
    keep = {k: data[k] for k in (PREVIEW_MIME, "text/plain") if k in data}
    return {"output_type": "display_data" if output["output_type"] == "display_data"
            else "execute_result", "data": keep, "metadata": {},
            **({"execution_count": None} if output["output_type"] == "execute_result" else {})}


def with_preview(notebook: Path, dest: Path, *, cells: int = PREVIEW_CELLS,
                 seconds: float = PREVIEW_CELL_SECONDS) -> bool:
    """Write ``notebook`` to ``dest`` with the preview of its first board as the only output:
    its code cells are run in order in a fresh kernel (its statistics in an empty folder) up
    to the first whose output carries one, at most ``cells`` of them.  Returns whether it got
    one (without one the notebook is written with no outputs)."""
    import tempfile

    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    found = False
    with tempfile.TemporaryDirectory(prefix="fsw-lite-preview-") as tmp:
        saved = {k: os.environ.get(k) for k in ("JUPYTER_DATA_DIR",)}
        os.environ["JUPYTER_DATA_DIR"] = tmp  # (the kernel's statistics: none of the builder's)
        try:
            client = NotebookClient(nb, timeout=seconds, kernel_name="python3",
                                    resources={"metadata": {"path": str(notebook.parent)}})
            with client.setup_kernel():
                run = 0
                for index, cell in enumerate(nb.cells):
                    if cell.cell_type != "code" or run >= cells:
                        continue
                    run += 1
                    client.execute_cell(cell, index)
                    outs = [nbformat.from_dict(o) for o in map(preview_output, cell.outputs)
                            if o is not None]
                    if outs:
                        cell.outputs, found = outs[:1], True
                        break
                    cell.outputs = []
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.execution_count = None
    dest.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, dest)
    return found


def contents_with_previews(src: Path, dest: Path) -> list[str]:
    """``src`` (the notebooks folder) copied to ``dest``, each notebook with its first board's
    preview; returns the notebooks that got one."""
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    got = []
    for nb in sorted(dest.rglob("*.ipynb")):
        if with_preview(src / nb.relative_to(dest), nb):
            got.append(str(nb.relative_to(dest)))
    return got


# --- the site ----------------------------------------------------------------------------

def build_package_wheel(dest: Path) -> Path:
    for old in dest.glob("fourseasons_widget-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet",
                    "--disable-pip-version-check", "-w", str(dest)], check=True)
    return next(dest.glob("fourseasons_widget-*.whl"))


def build(out: Path, *, package_wheel: Path | None = None, contents: Path | None = None) -> dict:
    """Build the site into ``out``; returns a summary (versions, wheels, size)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION

    t0 = time.perf_counter()
    env = pyodide_env()
    stage = CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    (stage / "pypi").mkdir(parents=True)
    shutil.copy2(HERE / "jupyter_lite_config.json", stage / "jupyter_lite_config.json")
    shutil.copy2(HERE / "jupyter-lite.json", stage / "jupyter-lite.json")

    npm_lock = pyodide_core(PYODIDE_VERSION, stage / "static" / "pyodide")
    locked = json.loads(npm_lock.read_text())["packages"]

    own = Path(package_wheel) if package_wheel else build_package_wheel(CACHE / "own")
    pins = [f"{p}=={md.version(p)}" for p in PINNED_TO_BUILD_ENV]
    # pure packages Pyodide itself ships are taken at the version it tested
    constraints = [f"{n}=={p['version']}" for n, p in locked.items()
                   if p["file_name"].endswith("-none-any.whl") and n not in STAND_INS]
    wheel_dir = CACHE / "wheels"
    # this package's own requirements (not its wheel: pip would keep a copy in the cache)
    own_requires = wheel_metadata(own).get_all("Requires-Dist") or []
    download([*KERNEL_ROOTS, *pins, *own_requires], constraints, wheel_dir,
             PYODIDE_PYTHON_VERSION)

    wheels = {wheel_name(w): w for w in sorted(wheel_dir.glob("*.whl"))
              if wheel_name(w) != wheel_name(own)}
    wheels[wheel_name(own)] = own
    needed = closure([*KERNEL_ROOTS, *PINNED_TO_BUILD_ENV, wheel_name(own)], wheels, env)
    for name in PINNED_TO_BUILD_ENV:  # the front ends in the site are the build env's
        got = wheel_metadata(wheels[canon(name)])["Version"]
        if got != md.version(name):
            raise BuildError(f"{name}: wheel {got} but front end {md.version(name)}")
    stdlib = npm_lock.parent / "python_stdlib.zip"
    compiled = precompile({**{n: wheels[n] for n in needed}, "python_stdlib.zip": stdlib},
                          npm_lock.parent, PYODIDE_VERSION)
    shutil.copy2(compiled.pop("python_stdlib.zip"), stdlib)
    for name, whl in compiled.items():  # micropip beside the lock, as in Pyodide's own
        shutil.copy2(whl, (npm_lock.parent if name == "micropip" else stage / "pypi") / whl.name)
    npm_lock.write_text(json.dumps({**json.loads(npm_lock.read_text()), "packages": {}}))

    # the federated extensions: the build environment's, and the preview from its folder
    lite_config = json.loads((stage / "jupyter_lite_config.json").read_text())
    lite_config["LiteBuildConfig"].update(extensions_config(preview_extension()))
    (stage / "jupyter_lite_config.json").write_text(json.dumps(lite_config, indent=2) + "\n")
    log("the notebooks' first boards (nbclient, up to the first preview)")
    previews = contents_with_previews(Path(contents or ROOT / "notebooks").resolve(),
                                      CACHE / "contents")

    out = Path(out).resolve()
    cmd = [str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir",
           str(stage), "--output-dir", str(out), "--contents", str(CACHE / "contents"),
           "--no-sourcemaps"]
    log("jupyter lite build")
    proc = subprocess.run(cmd, cwd=stage, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError("jupyter lite build failed:\n" + (proc.stdout + proc.stderr)[-4000:])
    in_lock = preload(out, wheel_name(own), env)
    problems = check_site(out)
    if problems:
        raise BuildError("the site is not self-contained:\n  " + "\n  ".join(problems))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    summary = {"pyodide": PYODIDE_VERSION, "python": PYODIDE_PYTHON_VERSION,
               "lock": in_lock, "pypi": sorted(p.name for p in (out / "pypi").glob("*.whl")),
               "front_ends": {p: md.version(p) for p in PINNED_TO_BUILD_ENV},
               "previews": previews,
               "size_mb": round(size / 1e6, 1), "seconds": round(time.perf_counter() - t0, 1)}
    (out / "lite-build.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def inputs_digest() -> str:
    """A hash of everything a site is built from (the package, its front end, the notebooks,
    this folder, the build environment's kernel and widget versions)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    h = hashlib.sha256(PYODIDE_VERSION.encode())
    for p in ("jupyterlite-core", "jupyterlite-pyodide-kernel", *PINNED_TO_BUILD_ENV):
        h.update(f"{p}={md.version(p)}".encode())
    files = [ROOT / "pyproject.toml", *HERE.glob("*.json"), *HERE.glob("*.py")]
    for folder, pattern in (("fourseasons_widget", "**/*"), ("notebooks", "**/*")):
        files += [f for f in (ROOT / folder).glob(pattern) if f.is_file()
                  and "__pycache__" not in f.parts and ".ipynb_checkpoints" not in f.parts]
    for f in sorted(files):
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def cached_site(out: Path) -> Path:
    """The site in ``out``, built unless it was built from the same inputs (the tests share
    one build: ``build/lite-site-test``)."""
    out = Path(out)
    stamp = out / "lite-build.json"
    digest = inputs_digest()
    if stamp.is_file() and json.loads(stamp.read_text()).get("inputs") == digest:
        return out
    shutil.rmtree(out, ignore_errors=True)
    summary = build(out)
    stamp.write_text(json.dumps({**summary, "inputs": digest}, indent=1) + "\n")
    return out


def kernel_settings(site: Path) -> dict:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})


def check_site(site: Path) -> list[str]:
    """What in ``site`` would reach outside it at run time (an empty list: nothing)."""
    problems = []
    settings = kernel_settings(site)
    if not settings.get("disablePyPIFallback"):
        problems.append("disablePyPIFallback is not set")
    url = settings.get("pyodideUrl", "")
    if not url.startswith("./") or not (site / url).is_file():
        problems.append(f"pyodideUrl is not a file in the site: {url!r}")
    lock_path = site / LOCK
    locked = json.loads(lock_path.read_text())["packages"]
    for name, pkg in locked.items():
        f = (lock_path.parent / pkg["file_name"]).resolve()
        if "://" in pkg["file_name"] or not f.is_file() or site.resolve() not in f.parents:
            problems.append(f"lock entry {name} does not point at a file in the site")
        elif sha256(f) != pkg["sha256"]:
            problems.append(f"lock entry {name}: sha256 does not match {f.name}")
        problems += [f"lock entry {name} depends on {d}, not in the lock"
                     for d in pkg["depends"] if d not in locked]
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    name = json.loads((LABEXT / "package.json").read_text())["name"]
    if not any(e.get("name") == name for e in config.get("federated_extensions", [])) \
            or not (site / "extensions" / name / "package.json").is_file():
        problems.append(f"the preview extension {name} is not in the site")
    options = settings.get("loadPyodideOptions", {})
    if options.get("lockFileURL", "").split("?")[0] != f"./{LOCK}":
        problems.append(f"loadPyodideOptions.lockFileURL is not the site's lock: {options}")
    preloaded = options.get("packages", [])
    problems += [f"{n} is preloaded but not in the lock" for n in preloaded if n not in locked]
    problems += [f"the kernel installs {n} on every start: not preloaded"
                 for n in KERNEL_PRELOAD if n not in preloaded]
    for index_url in settings.get("pipliteUrls", []):
        path = index_url.split("?")[0]
        if not path.startswith("./") or not (site / path).is_file():
            problems.append(f"piplite index not in the site: {index_url}")
            continue
        for name, pkg in json.loads((site / path).read_text()).items():
            for files in pkg["releases"].values():
                for f in files:
                    if not f["url"].startswith("./") or not (site / path).parent.joinpath(
                            f["url"]).is_file():
                        problems.append(f"{name}: {f['url']} is not in the site")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="lite/build.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(ROOT / "_site"), help="the site folder (default _site)")
    p.add_argument("--wheel", help="this package's wheel (default: built with pip wheel)")
    p.add_argument("--contents", help="the notebooks folder (default notebooks/)")
    args = p.parse_args(argv)
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    try:
        s = build(Path(args.out), package_wheel=args.wheel and Path(args.wheel),
                  contents=args.contents and Path(args.contents))
    except (BuildError, subprocess.CalledProcessError) as e:
        print(f"lite: {e}", file=sys.stderr)
        return 1
    log(f"Pyodide {s['pyodide']} (Python {s['python']}); lock: {', '.join(s['lock'])}")
    log(f"pypi/: {', '.join(s['pypi'])}")
    log(f"front ends: {s['front_ends']}")
    log(f"a board before Python is ready in: {', '.join(s['previews']) or 'no notebook'}")
    log(f"wrote {args.out}: {s['size_mb']} MB in {s['seconds']} s — serve it with "
        f"python -m http.server -d {args.out} --bind 127.0.0.1 8000")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
