"""Fixtures for the web app: an API client over a real app (with its bot pool), and helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra (fastapi)")

from fastapi.testclient import TestClient

from plyground.web import WebSettings, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """One app per test module (its worker processes start once), think time capped at 2 s."""
    app = create_app(WebSettings(think_cap=2.0, workers=2, max_games=200))
    with TestClient(app) as test_client:
        yield test_client
