"""Installed packages add games and bots through entry points (docs/plugins.md).

The example package in ``entry_point_pkg`` is installed by hand into a
temporary directory on the path (:mod:`plugin_support`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import plyground
from cli_support import plyground_env
from plugin_support import install, install_example
from plyground.bots import BOTS
from plyground.core import PluginError, Registry, UnknownNameError
from plyground.games import GAMES


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A directory holding the example package, installed as its pyproject says."""
    return install_example(tmp_path)


@pytest.fixture
def on_path(site: Path) -> Iterator[Path]:
    """The example installed in this process: on ``sys.path``, registries rescanned."""
    sys.path.insert(0, str(site))
    GAMES.rescan()
    BOTS.rescan()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("plyground_example", None)
        GAMES.rescan()
        BOTS.rescan()


def run_cli(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = plyground_env()
    env["PYTHONPATH"] = f"{env['PYTHONPATH']}{os.pathsep}{site}"
    return subprocess.run(
        [sys.executable, "-m", "plyground", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_load_game_and_make_bot_see_the_package(on_path: Path) -> None:
    assert plyground.game_names()[-1] == "nim"
    assert plyground.bot_names()[-1] == "nimsum"
    game = plyground.load_game("nim(stones=9,most=3)")
    bot = plyground.make_bot("nimsum")
    assert type(game).__module__ == "plyground_example"
    state = game.initial_state()
    while not state.is_terminal():
        state = state.play(bot.choose(state).move)
    # 9 stones, take up to 3: the first player leaves 8, a multiple of 4, and wins.
    assert state.returns() == (1.0, -1.0)


def test_without_the_package_the_names_are_unknown() -> None:
    with pytest.raises(UnknownNameError, match="unknown game 'nim'"):
        plyground.load_game("nim")
    assert "nimsum" not in plyground.bot_names()


def test_cli_lists_and_plays_them(site: Path) -> None:
    games = run_cli(site, "games")
    assert games.returncode == 0, games.stderr
    assert "one-pile Nim" in games.stdout
    bots = run_cli(site, "bots")
    assert bots.returncode == 0, bots.stderr
    assert "nimsum" in bots.stdout and "alphabeta" in bots.stdout
    match = run_cli(site, "match", "--game", "nim(stones=9)", "--games", "2", "nimsum", "random")
    assert match.returncode == 0, match.stderr
    assert "nimsum" in match.stdout


def test_a_broken_package_is_named(site: Path) -> None:
    bad = {"plyground.bots": {"broken": "plyground_example.missing:Bot"}}
    install(site, "plyground-broken", "2.0", bad)
    with pytest.raises(PluginError, match="from package 'plyground-broken'"):
        registry: Registry[object] = Registry("bot", group="plyground.bots")
        sys.path.insert(0, str(site))
        try:
            registry.get("broken")
        finally:
            sys.path.remove(str(site))
    result = run_cli(site, "bots")
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        "bot 'broken' from package 'plyground-broken' failed to load "
        "(plyground_example.missing:Bot): ModuleNotFoundError: "
        "No module named 'plyground_example.missing'"
    )
    assert "Traceback" not in result.stderr


def test_a_package_cannot_take_a_built_in_name(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(
        site, "plyground-clash", "1.0", {"plyground.bots": {"random": "plyground_example:NimBot"}}
    )
    monkeypatch.syspath_prepend(str(site))
    bots: Registry[type] = Registry("bot", group="plyground.bots")
    bots.add("random", "plyground.bots.simple:RandomBot")
    with pytest.warns(UserWarning, match="bot 'random' from package 'plyground-clash' is ignored"):
        assert bots.names() == ["random", "nimsum"]
    assert bots.get("random").__name__ == "RandomBot"


def test_lazy_targets_load_on_first_lookup() -> None:
    registry: Registry[object] = Registry("thing", unknown="no thing called {name!r}")
    registry.add("registry", "plyground.core.registry:Registry")
    registry.add("direct", len)
    assert registry.get("registry") is Registry and registry.get("direct") is len
    assert registry.find("absent") is None
    with pytest.raises(
        UnknownNameError, match=r"^no thing called 'absent' \(known: registry, direct\)$"
    ):
        registry.get("absent")
    with pytest.raises(ValueError, match="already registered"):
        registry.add("direct", len)
    broken: Registry[object] = Registry("thing")
    broken.add("x", "no_colon_here")
    with pytest.raises(ValueError, match="not of the form 'module:attr'"):
        broken.get("x")
