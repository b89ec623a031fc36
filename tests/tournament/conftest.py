"""Fixtures of the tournament tests (helpers live in tournament_helpers.py)."""

from __future__ import annotations

import pytest
from tournament_helpers import RecordFactory, played_record


@pytest.fixture
def make_record() -> RecordFactory:
    """:func:`tournament_helpers.played_record`, as a fixture."""
    return played_record
