"""Bytecode for the site's Python, compiled once at build time instead of on every start.

Neither Pyodide's standard library (``python_stdlib.zip`` of the npm package holds only ``.py``
files) nor a wheel from PyPI carries bytecode, and Pyodide's file system lives in the page's
memory: every start of the site compiled each module it imported from source again (Python's
start, the kernel's IPython, jedi, prompt_toolkit, ipywidgets, this package…).  This module
adds the bytecode to the files themselves, **keeping every source** (tracebacks show their lines):

- a wheel gets ``pkg/__pycache__/mod.<cache tag>.pyc`` beside each ``pkg/mod.py``, as
  ``compileall`` writes them, *checked* hash-based (PEP 552): Python reads the source's hash
  and recompiles if the source differs (a package upgraded over it, a file edited), never
  trusting a stale file; each added file is listed in the wheel's ``RECORD``;
- the standard library's zip gets ``mod.pyc`` beside each ``mod.py`` (where ``zipimport``
  looks), *unchecked* hash-based: the zip is never written to, so the source need not be read.

The bytecode must be the running Pyodide's (its magic number and cache tag), so ``lite/build.py``
runs this module *inside* Pyodide, under Node.js, from the npm package the site carries::

    main("/work")   # /work/jobs.json: [{"kind": "wheel" | "zip", "src": …, "dst": …}, …]

It uses only the standard library (it also runs under CPython, for its tests).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import marshal
import os
import sys
import zipfile


def pyc(source: bytes, filename: str, *, checked: bool) -> bytes | None:
    """A hash-based ``.pyc`` (PEP 552) of ``source`` for this interpreter; None if it does not
    compile here (a test file written for another Python, a template)."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    flags = 0b01 | (0b10 if checked else 0)
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _copy_info(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    out = zipfile.ZipInfo(name, date_time=info.date_time)  # (same date: a reproducible zip)
    out.compress_type = zipfile.ZIP_DEFLATED
    out.external_attr = info.external_attr
    return out


def compile_wheel(src: str, dst: str) -> dict:
    """Write ``dst``: the wheel ``src`` with checked bytecode beside every module (not in its
    ``.data`` folder, whose files are not imported from where they lie) and a RECORD that
    lists it."""
    compiled = failed = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        infos = zin.infolist()
        record = next(i for i in infos if i.filename.count("/") == 1
                      and i.filename.endswith(".dist-info/RECORD"))
        present = {i.filename for i in infos}
        added = []
        for info in infos:
            if info.filename == record.filename:
                continue
            data = zin.read(info)
            zout.writestr(info, data)
            top = info.filename.split("/", 1)[0]
            if not info.filename.endswith(".py") or top.endswith((".data", ".dist-info")):
                continue
            name = importlib.util.cache_from_source(info.filename)
            if name in present:
                continue
            code = pyc(data, info.filename, checked=True)
            if code is None:
                failed += 1
                continue
            zout.writestr(_copy_info(info, name), code)
            added.append(_record_line(name, code))
            compiled += 1
        lines = zin.read(record).decode("utf-8").splitlines()
        own = [ln for ln in lines if ln.startswith(record.filename + ",")]
        rest = [ln for ln in lines if ln and ln not in own]
        body = "\n".join([*rest, *added, *own]) + "\n"
        zout.writestr(record, body)
    return {"compiled": compiled, "failed": failed}


def compile_zip(src: str, dst: str, archive: str) -> dict:
    """Write ``dst``: the zip ``src`` (on ``sys.path`` as ``archive``) with unchecked bytecode
    ``mod.pyc`` beside every ``mod.py``, compiled under the name ``zipimport`` gives it."""
    compiled = failed = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        present = set(zin.namelist())
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            if not info.filename.endswith(".py") or info.filename + "c" in present:
                continue
            code = pyc(data, f"{archive}/{info.filename}", checked=False)
            if code is None:
                failed += 1
                continue
            zout.writestr(_copy_info(info, info.filename + "c"), code)
            compiled += 1
    return {"compiled": compiled, "failed": failed}


def stdlib_archive() -> str:
    """Where this Python imports its standard library from, when that is a zip."""
    return next(p for p in sys.path if p.endswith(".zip"))


def main(work: str) -> None:
    """Run the jobs of ``work/jobs.json`` (paths relative to ``work``); write
    ``work/results.json`` with what each compiled, and the interpreter's cache tag."""
    with open(os.path.join(work, "jobs.json"), encoding="utf-8") as f:
        jobs = json.load(f)
    results = []
    for job in jobs:
        src, dst = (os.path.join(work, job[k]) for k in ("src", "dst"))
        if job["kind"] == "wheel":
            results.append(compile_wheel(src, dst))
        else:
            results.append(compile_zip(src, dst, stdlib_archive()))
    with open(os.path.join(work, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"cache_tag": sys.implementation.cache_tag, "version": sys.version,
                   "results": results}, f)
