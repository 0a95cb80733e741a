"""What the tests of the shipped course share (the lite site, the static pages, the wheel).

Plain helpers; ``tests/conftest.py`` hands them to the tests of both folders as fixtures
(``lite_build``, ``lite_site``, ``static_server``, ``package_wheel``, ``student_venv``), so a
test in ``tests/e2e`` needs no import from ``tests/``:

- :func:`lite_builder` — ``lite/build.py`` (what ``make lite`` runs) as a module;
- :func:`serve_directory` — a folder served on 127.0.0.1 (a static host, as a teacher's);
- :func:`build_wheel` / :func:`student_venv` — the wheel as ``make wheel`` builds it, and a fresh
  virtual environment where it is installed by pip the way docs/handing-out.md tells a student to.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# what a student installs beside the wheel (docs/handing-out.md, "Handing the course out")
STUDENT_INSTALLS = ("jupyterlab",)


def lite_builder():
    """``lite/build.py`` as a module (one per process: the lite tests of both folders share it)."""
    name = "fourseasons_lite_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "lite" / "build.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serve_directory(folder: Path,
                    handler: type[http.server.SimpleHTTPRequestHandler] = _Quiet) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port) while the block runs; yields its base URL.
    ``handler``: a quiet static host by default (``benchmarks/lite_start.py`` passes one that
    counts its answers)."""
    handler = functools.partial(handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def build_wheel(out: Path) -> Path:
    """This package's wheel, built from the checkout as ``make wheel`` builds it."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet",
                    "--disable-pip-version-check", "-w", str(out)], check=True, timeout=900)
    (whl,) = out.glob("fourseasons_widget-*.whl")
    return whl


def student_venv(home: Path, wheel: Path) -> tuple[Path, dict]:
    """A fresh venv in ``home/venv`` where ``pip install <wheel> jupyterlab`` was run (from the
    package index, as a student does; pip's cache makes it quick), and the environment to use
    it in: PATH holds only the venv's ``bin`` (so there is no ``node``), HOME and every Jupyter
    and statistics folder are inside ``home``.  Returns (the venv's python, that environment)."""
    env_dir = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, timeout=300)
    py = env_dir / "bin" / "python"
    pip = subprocess.run([str(py), "-m", "pip", "install", "--quiet",
                          "--disable-pip-version-check", str(wheel), *STUDENT_INSTALLS],
                         capture_output=True, text=True, timeout=1800)
    if pip.returncode != 0:  # (its warnings are not shown otherwise: this machine's pip
        # configuration names local mirrors that may be absent)
        raise RuntimeError(f"pip install {wheel.name} {' '.join(STUDENT_INSTALLS)} failed:\n"
                           + (pip.stdout + pip.stderr)[-4000:])
    env = {"PATH": str(env_dir / "bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "FOURSEASONS_WIDGET_DATA": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "MPLBACKEND": "Agg"}
    for k in ("SSL_CERT_FILE", "PIP_CERT"):
        if k in os.environ:
            env[k] = os.environ[k]
    return py, env
