"""Shared fixtures: the two built-in boards."""

from __future__ import annotations

import pytest

from millionaire import load_board


@pytest.fixture(scope="session")
def classic():
    return load_board("millionaire-classic")


@pytest.fixture(scope="session")
def monopoly():
    return load_board("monopoly-us")
