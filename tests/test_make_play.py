"""`make play` says what it is doing before the long, quiet steps (issue 18 item 8): every
command that installs or builds is preceded by a line that says so."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_play_says_what_it_does_before_installing_and_starting():
    # a dry run (-n: print the commands, run none), as from a fresh checkout (-B: every step)
    out = subprocess.run(["make", "-n", "-B", "play"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True).stdout.splitlines()
    slow = [i for i, line in enumerate(out)
            if "pip install" in line or "-m venv" in line or "jupyter lab" in line]
    assert slow, out
    for i in slow:
        said = [line for line in out[:i] if line.startswith("echo ")]
        assert said, f"nothing is said before: {out[i]}"
    install = next(i for i in slow if "-e " in out[i])  # the package, its front end built
    assert any("minutes" in line for line in out[:install] if line.startswith("echo "))


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_play_passes_options_to_jupyterlab():
    """`make play ARGS="--port 8899 --no-browser"`: the port chosen, no browser opened."""
    out = subprocess.run(["make", "-n", "-B", "play", "ARGS=--port 8899 --no-browser"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    lab = next(line for line in out.splitlines() if "jupyter lab" in line)
    assert "--port 8899 --no-browser" in lab and lab.rstrip().endswith("notebooks/01-play.ipynb")
