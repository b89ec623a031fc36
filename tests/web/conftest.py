"""Fixtures for the web app: an API client over a real app (with its bot pool), and for the
browser tests one ``plyground serve`` a session and one Chromium a module (with
``--dist loadscope`` a module's tests share one xdist worker, so each starts once)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra (fastapi)")

from fastapi.testclient import TestClient
from web_helpers import CHROMIUM, CHROMIUM_ARGS, laptop_page, plyground_env, served

from plyground.web import WebSettings, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """One app per test module (its worker processes start once), think time capped at 2 s;
    bot games the tests poll (nobody streams them) play on for two minutes."""
    app = create_app(WebSettings(think_cap=2.0, workers=2, max_games=200, unwatched=120))
    with TestClient(app, base_url="http://127.0.0.1") as test_client:
        yield test_client


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """``plyground serve`` in a subprocess, shared by every browser test; yields its URL."""
    with served(plyground_env(), "--think-cap", "3", "--workers", "2") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser); per module, as
    Playwright's event loop must not outlive the browser tests (others call asyncio.run)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """The module's tab at laptop size on the start form, nothing stored (``open_tab``);
    fails the test if the page raised."""
    with laptop_page(browser, server) as page:
        yield page
