"""2048 on the analysis board, over real HTTP (``plyground serve`` in a subprocess, its worker
pool): each direction's expected points as the network values it, for the move buttons
rather than cells, in points (never marks or X - O); a position where a tile spawns has
none (no decision there); a game's player moves annotated by ply."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_helpers import plyground_env, served

from plyground.arena.g2048_analysis.analyser import DEFAULT_DEPTH, DEFAULT_NETWORK, G2048Analyser
from plyground.games import load_game
from plyground.games.g2048.rules import G2048State

Json = dict[str, Any]
START = "2,0,0,2/0,4,0,0/0,2,8,0/0,0,0,16 0 move"


@pytest.fixture(scope="module")
def api() -> Iterator[httpx.Client]:
    """One server for the module: one worker, a short budget per position (depth 2 takes
    milliseconds; the budget only caps it)."""
    with (
        served(plyground_env(), "--workers", "1", "--analysis-time", "0.3") as base,
        httpx.Client(base_url=base, timeout=120) as client,
    ):
        yield client


def _board(api: httpx.Client) -> tuple[Json, str]:
    body = {"game": "2048", "settings": {}, "start": START, "mode": "analysis",
            "players": [{"name": "Ann", "kind": "human"}]}  # fmt: skip
    made = api.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["game"], made.json()["secrets"]["seats"]["0"]


def test_the_catalog_offers_a_2048_analysis_board(api: httpx.Client) -> None:
    games = {game["name"]: game for game in api.get("/api/catalog").json()["games"]}
    assert games["2048"]["analysis"] and games["adjacency"]["analysis"]
    assert not games["tictactoe"]["analysis"]


def test_each_directions_expected_points_go_on_its_button(api: httpx.Client) -> None:
    game, _ = _board(api)
    assert game["mode"] == "analysis" and game["analysable"] and game["position"] == START
    answer = api.get(f"/api/games/{game['id']}/values")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    state = load_game("2048").parse_state(START)
    assert isinstance(state, G2048State)
    expected = G2048Analyser(DEFAULT_NETWORK, DEFAULT_DEPTH).position(state)
    assert expected is not None
    assert data["values"] == {m: round(v, 1) for m, v in expected.values.items()}
    assert expected.best in data["best"] and data["source"] == "network"
    assert data["scale"]["unit"] == "points" and data["depth"] == DEFAULT_DEPTH
    heat = data["heat"]
    assert heat["cells"] == {} and set(heat["moves"]) == set(expected.values)
    best = {move for move, shown in heat["moves"].items() if shown["best"]}
    assert expected.best in best
    for move, shown in heat["moves"].items():
        assert shown["text"] == f"{round(data['values'][move]):,}"
        assert "(expected points)" in shown["note"]
    legend = heat["legend"]
    assert "expected points of the rest of the game" in legend["title"]
    assert DEFAULT_NETWORK in legend["title"] and legend["low"].endswith(" points")
    assert "marks" not in answer.text and "X \u2212 O" not in answer.text


def test_after_a_move_the_spawn_is_no_decision_and_the_game_is_annotated(
    api: httpx.Client,
) -> None:
    game, token = _board(api)
    for move in ("left", "down"):
        played = api.post(f"/api/games/{game['id']}/moves", json={"token": token, "move": move})
        assert played.status_code == 200, played.text
        game = played.json()
    assert game["ply"] == 4 and game["moves"][1]["player"] == -1  # move, spawn, move, spawn
    now = api.get(f"/api/games/{game['id']}/values")
    assert now.status_code == 200 and now.json()["ply"] == 4
    spawn = api.get(f"/api/games/{game['id']}/values", params={"ply": 1})  # a tile to come
    assert spawn.status_code == 200 and spawn.json()["chance"]
    assert spawn.json()["values"] == {} and spawn.json()["heat"] is None
    answer = api.get(f"/api/games/{game['id']}/analysis")
    assert answer.status_code == 200, answer.text
    analysis = answer.json()
    assert [m["ply"] for m in analysis["moves"]] == [0, 2]
    assert [m["move"] for m in analysis["moves"]] == ["left", "down"]
    assert analysis["scale"]["unit"] == "points" and analysis["exact_moves"] == 0
    assert analysis["how"] == f"Every move (2) valued by the {DEFAULT_NETWORK} network at depth 2"
    assert analysis["settings"]["blunder"] == 1000.0
    (summary,) = analysis["summary"]
    assert summary["name"] == "Ann" and summary["moves"] == 2
    for row in analysis["moves"]:
        assert row["loss"] >= 0 and row["blunder"] == (row["loss"] >= 1000.0)
        # the game's analysis kept each position's values: the review asks no second time
        values = api.get(f"/api/games/{game['id']}/values", params={"ply": row["ply"]}).json()
        assert values["values"][row["move"]] == row["value"]
    assert "marks" not in answer.text
