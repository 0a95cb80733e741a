"""Shared fixtures for the model tests."""

from __future__ import annotations

import pytest
from helpers import ALL_VARIANTS


@pytest.fixture(params=ALL_VARIANTS)
def variant(request) -> str:
    return request.param
