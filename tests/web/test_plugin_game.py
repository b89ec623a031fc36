"""An installed package's game in ``plyground serve``, over real HTTP (docs/plugins.md).

The example package (one-pile Nim and its bot, ``tests/core/entry_point_pkg``)
names no web view: the page draws it with the generic view, its moves as
buttons, the position as a status line.
"""

from __future__ import annotations

import json
import os
import random
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_helpers import WORKERS_READY, Json, plyground_env, served, wait_for

from plugin_support import install_example
from plyground.core.errors import PluginError
from plyground.core.profile import GameProfile
from plyground.games import load_game
from plyground.web.views import view_for, viewable_games
from plyground.web.views.generic import GenericView, grid_rows


def _api(url: str, body: Json | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=120) as response:  # a busy machine is slow
        return json.loads(response.read())


def test_serve_plays_an_installed_packages_game(tmp_path: Path) -> None:
    site = install_example(tmp_path)
    env = plyground_env()
    env["PYTHONPATH"] = f"{env['PYTHONPATH']}{os.pathsep}{site}"
    with served(env, "--workers", "1") as url:
        catalog = _api(f"{url}/api/catalog")
        nim = next(g for g in catalog["games"] if g["name"] == "nim")
        assert nim["strongest"] == "nimsum"  # the package's profile says so
        assert "nimsum" in nim["bots"] and nim["example"] == "10 0"
        seats = [
            {"name": "Ann", "kind": "human"},
            {"name": "Nimsum", "kind": "bot", "bot": "nimsum", "settings": {"time": 0.2}},
        ]
        created = _api(f"{url}/api/games", {"game": "nim", "settings": {"stones": 9},
                                             "players": seats})  # fmt: skip
        game, token = created["game"], created["secrets"]["seats"]["0"]
        assert game["layout"]["rows"] == 0  # no board in '9 0': the moves are buttons
        assert [b["move"] for b in game["layout"]["buttons"]] == ["1", "2", "3"]
        assert [m["clicks"] for m in game["legal"]] == [[], [], []]
        assert game["status"] == [{"label": "Position", "value": "9 0"}]
        moved = _api(f"{url}/api/games/{game['id']}/moves",
                     {"token": token, "move": "1", "ply": 0})  # fmt: skip
        assert moved["position"] == "8 1"
        # the bot leaves a multiple of 4 when it can; from 8 it cannot, and takes 1
        answered = wait_for(url, game["id"], lambda g: g["ply"] >= 2, timeout=WORKERS_READY)
        assert answered["position"] == "7 0"
        assert answered["status"] == [{"label": "Position", "value": "7 0"}]
        assert [m["move"] for m in answered["moves"]] == ["1", "1"]


def test_the_generic_view_reads_a_board_in_rows_only() -> None:
    assert grid_rows("XO1/3/2O X 4") == [["X", "O", ""], ["", "", ""], ["", "", "O"]]
    assert grid_rows("3/3 X") == [["", "", ""], ["", "", ""]]
    assert grid_rows("9 0") is None and grid_rows("10 0") is None  # numbers, not boards
    assert grid_rows("X2/2 X") is None  # rows of unequal width
    assert grid_rows("X-O X") is None


@pytest.mark.parametrize("spec", ["tictactoe", "adjacency(size=4,rounds=2)"])
def test_the_generic_view_draws_a_board_game_as_its_own_view_does(spec: str) -> None:
    """Tic-tac-toe and the adjacency game write their boards in rows and name moves by
    cell: drawn generically, every position shows the same pieces and takes the same
    clicks as in their own views."""
    game = load_game(spec)
    own, generic = view_for(game.name), GenericView()
    assert set(generic.layout(game).names) == set(own.layout(game).names)
    assert generic.layout(game).buttons == ()
    state, rng = game.initial_state(), random.Random(3)
    while not state.is_terminal():
        shown = dict(zip(generic.layout(game).names, generic.tokens(state), strict=True))
        assert shown == dict(zip(own.layout(game).names, own.tokens(state), strict=True))
        assert generic.legal(state) == own.legal(state)
        state = state.play(rng.choice(list(state.legal_moves())))


def test_a_game_whose_view_fails_to_load_is_left_out_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A package's bad view target costs its own game the page, never the others' (nor a
    server error): the start form lists the rest, and starting it is refused by name."""
    queens = type(load_game("queens"))
    monkeypatch.setattr(queens, "PROFILE", GameProfile(view="plyground_missing.view:QueensView"))
    with pytest.warns(UserWarning, match=r"the view of game 'queens' failed to load"):
        assert viewable_games() == ["adjacency", "tictactoe", "morris", "2048"]
    with pytest.raises(PluginError, match="ModuleNotFoundError"):
        view_for("queens")
