"""Shared fixtures, for the tests of ``tests/`` and of ``tests/e2e/`` alike.

The course's shipping fixtures come from ``shipping.py`` (this folder): a test in ``tests/e2e``
takes them as fixtures and imports nothing from here.

``lite_build`` (session)
    ``lite/build.py`` as a module.
``lite_site`` (session)
    The JupyterLite site as ``make lite`` builds it, shared by the lite tests of both folders
    (``build/lite-site-test``, rebuilt only when its inputs change).
``static_server`` (session)
    ``with static_server(folder) as base_url:`` serves a folder on 127.0.0.1.
``package_wheel`` / ``student_venv`` (session)
    The wheel as ``make wheel`` builds it; a fresh venv where a student's
    ``pip install <wheel> jupyterlab`` was run: ``(python, env)``, ``env`` with only the venv on
    PATH (no ``node``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shipping
from helpers import ALL_VARIANTS


@pytest.fixture(params=ALL_VARIANTS)
def variant(request) -> str:
    return request.param


@pytest.fixture(autouse=True, scope="session")
def _statistics_in_a_temp_dir(tmp_path_factory):
    """Boards made by the tests record their statistics in a temporary directory, never in the
    user's Jupyter data directory (kernels started by the tests inherit it)."""
    import os

    old = os.environ.get("FOURSEASONS_WIDGET_DATA")
    os.environ["FOURSEASONS_WIDGET_DATA"] = str(tmp_path_factory.mktemp("fsw-data"))
    yield
    if old is None:
        os.environ.pop("FOURSEASONS_WIDGET_DATA", None)
    else:
        os.environ["FOURSEASONS_WIDGET_DATA"] = old


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver for the whole run: its sync API allows a single running instance
    per thread, so every browser fixture (tests/e2e, the lite site, the wheel) launches from
    this one."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    yield pw
    pw.stop()


@pytest.fixture(scope="session")
def lite_build():
    return shipping.lite_builder()


@pytest.fixture(scope="session")
def lite_site(lite_build) -> Path:
    """One build of the site for every test that reads it.  ``make test`` runs the tests in two
    processes (pytest-xdist): the one that comes second waits here for the other's build and
    then takes it (``cached_site`` keeps a build made from the same inputs)."""
    import fcntl

    out = shipping.ROOT / "build" / "lite-site-test"
    out.parent.mkdir(exist_ok=True)
    with open(out.parent / "lite-site-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return lite_build.cached_site(out)


@pytest.fixture(scope="session")
def static_server():
    return shipping.serve_directory


@pytest.fixture(scope="session")
def package_wheel(tmp_path_factory) -> Path:
    return shipping.build_wheel(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def student_venv(tmp_path_factory, package_wheel: Path) -> tuple[Path, dict]:
    return shipping.student_venv(tmp_path_factory.mktemp("student"), package_wheel)
