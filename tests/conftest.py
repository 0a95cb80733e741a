"""Shared fixtures for the model tests."""

from __future__ import annotations

import pytest
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
