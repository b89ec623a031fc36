"""Helpers for the web tests: request bodies, starting a game, waiting for a state."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

Json = dict[str, Any]


def human_vs_human(size: int = 4, rounds: int = 2, **extra: Any) -> Json:
    return {
        "settings": {"size": size, "rounds": rounds},
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        **extra,
    }


def human_vs_bot(bot: str = "greedy", time_limit: float = 0.2, **settings: Any) -> Json:
    return {
        "settings": {"size": 4, "rounds": 2, **settings},
        "players": [
            {"name": "Ann", "kind": "human"},
            {"name": "Robo", "kind": "bot", "bot": bot, "settings": {"time": time_limit}},
        ],
    }


def start(client: TestClient, body: Json) -> tuple[Json, Json]:
    """Create a game; returns its snapshot and its secrets (fails the test on refusal)."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["game"], data["secrets"]


def wait_for(
    client: TestClient | str, game_id: str, done: Callable[[Json], bool], timeout: float = 30.0
) -> Json:
    """Poll the game, on a TestClient or a served app's URL, until ``done(snapshot)``;
    fail after ``timeout`` s (a hang, not speed)."""
    deadline = time.monotonic() + timeout
    while True:
        snapshot = _game(client, game_id)
        if done(snapshot):
            return snapshot
        if time.monotonic() > deadline:
            pytest.fail(f"game {game_id} did not reach the expected state: {snapshot}")
        time.sleep(0.05)


def _game(client: TestClient | str, game_id: str) -> Json:
    if isinstance(client, TestClient):
        snapshot: Json = client.get(f"/api/games/{game_id}").json()
        return snapshot
    with urllib.request.urlopen(f"{client}/api/games/{game_id}", timeout=10) as response:
        served: Json = json.loads(response.read())
        return served


ROOT = Path(__file__).resolve().parents[2]


def plyground_env() -> dict[str, str]:
    """The environment for a subprocess that imports plyground from this checkout."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    return env


SERVING = re.compile(r"serving the web app at (http://\S+)")


@contextlib.contextmanager
def served(env: dict[str, str], *args: str) -> Iterator[str]:
    """Run ``plyground serve --port 0 ARGS`` as a subprocess; yield its URL; stop it after."""
    with served_process(env, *args) as (url, _):
        yield url


@contextlib.contextmanager
def served_process(env: dict[str, str], *args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """As :func:`served`, yielding the process too (to stop it, or read what it printed)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "plyground", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = SERVING.search(line)
        assert match, f"plyground serve said {line!r}"
        url = match.group(1)
        deadline = time.monotonic() + 30
        while True:  # the socket is bound before the line is printed; wait for the app
            try:
                with urllib.request.urlopen(f"{url}/api/health", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield url, process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- the browser tests ------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = ROOT / "artifacts" / "web"
LAPTOP = {"width": 1366, "height": 850}
"""The project's laptop size (docs/web.md); PHONE its phone size."""
PHONE = {"width": 390, "height": 844}
WAIT_MS = 30_000  # generous: a hang fails, slowness on a busy machine does not
WORKERS_READY = 300.0
"""Seconds a first bot move may wait for the pool's workers to load every kernel: a new
worker warms them all before its first job, which takes minutes on a loaded machine."""


def require_browser() -> None:
    """Skip the calling test module unless Debian's Chromium and Playwright are there."""
    if not CHROMIUM.exists():
        pytest.skip(
            f"{CHROMIUM} is missing: install Debian's chromium (make test does) to run the "
            "browser tests; they never download a browser",
            allow_module_level=True,
        )
    pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")


_TABS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
"""Each browser's one reused tab (the browser fixture is per module, so a module's tab)."""
_IN_USE: set[Any] = set()

CLEAR_STORAGE = "() => { localStorage.clear(); sessionStorage.clear(); }"


@contextlib.contextmanager
def open_tab(browser: Any, url: str, viewport: dict[str, int], own: bool = False) -> Iterator[Any]:
    """A tab of that size on the start form at ``url`` with nothing stored; fails the test
    if the page raised.

    The tab is the browser's one tab, reused from test to test: a new tab costs Chromium
    about 1.3 s of CPU, a page load a tenth of that. After the test its storage and routes
    are cleared and it leaves for ``about:blank`` (which closes the page's event streams);
    what a test may leave behind is a listener that only records. A test that changes what
    a navigation cannot undo (``page.clock.install()``, an init script) asks for a tab of
    its ``own``, closed after it; so is a second tab open beside the first.
    """
    page = _TABS.get(browser)
    if own or page is None or page.is_closed() or page in _IN_USE:
        page = browser.new_context(viewport=viewport).new_page()
        page.set_default_timeout(WAIT_MS)
        if not own and (browser not in _TABS or _TABS[browser].is_closed()):
            _TABS[browser] = page
    _IN_USE.add(page)
    errors: list[str] = []

    def raised(error: Any) -> None:
        errors.append(str(error))

    page.set_viewport_size(viewport)
    page.on("pageerror", raised)
    try:
        page.goto(url)
        page.wait_for_selector("#name-0")
        yield page
    finally:
        _IN_USE.discard(page)
        if _TABS.get(browser) is page:
            _put_back(page, raised)
        else:  # a tab of its own, or a second one
            page.context.close()
    assert not errors, f"the page raised: {errors}"


def _put_back(page: Any, raised: Callable[[Any], None]) -> None:
    """Leave the reused tab as a new one would be: nothing stored, no route, no page."""
    if page.is_closed():
        return
    page.remove_listener("pageerror", raised)
    page.set_default_timeout(WAIT_MS)
    page.unroute_all(behavior="ignoreErrors")
    with contextlib.suppress(Exception):  # off the origin (about:blank): nothing to clear
        page.evaluate(CLEAR_STORAGE)
    page.goto("about:blank")


ANIMATIONS_ENDED = """() => Promise.all(document.getAnimations()
  .filter(animation => animation.effect.getComputedTiming().endTime !== Infinity)
  .map(animation => animation.finished.catch(() => null)))"""
"""Resolves once every running animation or transition of the page that ends (a placed or
flipped piece, a sliding tile; not a spinner's endless turn) has ended, at once if none runs."""


def shot(page: Any, name: str) -> None:
    """Save a screenshot of the whole page to ``artifacts/web/NAME.png``, once its animations
    have ended."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate(ANIMATIONS_ENDED)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def shots(page: Any, name: str) -> None:
    """Screenshots of the page at both sizes, ``NAME-laptop.png`` and ``NAME-phone.png``, for a
    test run at one size where the size plays no part in what it checks; the page is left at
    the size it had."""
    was = page.viewport_size
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        shot(page, f"{name}-{size}")
    page.set_viewport_size(was)


@contextlib.contextmanager
def laptop_page(browser: Any, url: str) -> Iterator[Any]:
    """The reused tab (:func:`open_tab`) at laptop size on the start form at ``url``."""
    with open_tab(browser, url, LAPTOP) as page:
        yield page
