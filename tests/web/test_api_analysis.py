"""The analysis API: a position's values and heat map, a game annotated, the analysis board,
and an MCTS bot's visit shares while it thinks (through the real worker pool)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from web_helpers import Json, human_vs_human, start, wait_for

from plyground.games import load_game
from plyground.games.adjacency.solver import solve
from plyground.web import WebSettings, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """An app whose analysis has 2 s a position: the small boards here always solve in it,
    however loaded the machine (a solve of the 8x8 start never does)."""
    settings = WebSettings(think_cap=3.0, workers=2, analysis_time=2.0)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as test_client:
        yield test_client


def board(size: int = 4, rounds: int = 3, **extra: object) -> Json:
    body = human_vs_human(size, rounds, mode="analysis", **extra)
    body["players"] = [{"name": "X", "kind": "human"}, {"name": "O", "kind": "human"}]
    return body


def play(client: TestClient, game: Json, secrets: Json, moves: list[str]) -> Json:
    for move in moves:
        seat = str(game["to_move"])
        answer = client.post(
            f"/api/games/{game['id']}/moves", json={"token": secrets["seats"][seat], "move": move}
        )
        assert answer.status_code == 200, answer.text
        game = answer.json()
    return game


def test_position_values_are_the_solver_values_with_a_heat_map(client: TestClient) -> None:
    game, secrets = start(client, board())
    assert game["mode"] == "analysis" and game["analysable"] and game["undo"] == "board"
    game = play(client, game, secrets, ["c1"])
    answer = client.get(f"/api/games/{game['id']}/values")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    state = load_game(game["game"]).parse_state(game["position"])
    solved = solve(state, moves=True)
    assert data["exact"] and data["values"] == solved.moves and data["ply"] == 1
    heat = data["heat"]
    assert heat["kind"] == "values" and set(heat["cells"]) == set(solved.moves or {})
    best = {cell for cell, shown in heat["cells"].items() if shown["best"]}
    assert best == set(solved.best)
    assert all(heat["cells"][cell]["level"] == 1 for cell in best)
    assert min(shown["level"] for shown in heat["cells"].values()) == 0
    start_values = client.get(f"/api/games/{game['id']}/values", params={"ply": 0}).json()
    assert start_values["ply"] == 0 and "c1" in start_values["values"]


def test_the_board_takes_back_any_move_and_refuses_bad_requests(client: TestClient) -> None:
    game, secrets = start(client, board())
    game = play(client, game, secrets, ["c1", "a3"])
    back = client.post(f"/api/games/{game['id']}/undo", json={"token": secrets["seats"]["1"]})
    assert back.status_code == 200 and back.json()["ply"] == 1
    assert client.get(f"/api/games/{game['id']}/values", params={"ply": 5}).status_code == 422
    ttt = client.post(
        "/api/games",
        json={**board(), "game": "tictactoe", "settings": {}},
    )
    assert ttt.status_code == 422 and "analysis board" in ttt.json()["error"]
    with_bot = board()
    with_bot["players"][1] = {"name": "R", "kind": "bot", "bot": "greedy"}
    assert client.post("/api/games", json=with_bot).status_code == 422


def test_a_finished_game_is_annotated(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(4, 3))
    moves = []
    state = load_game(game["game"]).parse_state(game["position"])
    while not state.is_terminal():
        move = state.legal_moves()[-1]
        moves.append(state.move_text(move))
        state = state.play(move)
    game = play(client, game, secrets, moves)
    assert game["finished"]
    answer = client.get(f"/api/games/{game['id']}/analysis")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert [m["move"] for m in data["moves"]] == moves
    assert data["moves"][0]["source"] == "book"  # the 3-round 4x4 start is booked, all its moves
    assert all(m["source"] == "exact" for m in data["moves"][1:])
    assert data["exact_moves"] == len(moves)
    assert [s["name"] for s in data["summary"]] == ["Ann", "Bob"]
    worst = max(m["loss"] for m in data["moves"])
    assert data["worst"][0] in [m["ply"] for m in data["moves"] if m["loss"] == worst]
    first = client.get(f"/api/games/{game['id']}/values", params={"ply": 0}).json()
    assert first["values"][moves[0]] == data["moves"][0]["value"]  # kept from the analysis
    end = client.get(f"/api/games/{game['id']}/values").json()
    assert end["finished"] and end["heat"] is None


def test_an_mcts_bot_thinking_shows_its_visit_shares(client: TestClient) -> None:
    body = {
        "settings": {"size": 6, "rounds": 4},
        "players": [
            {"name": "M", "kind": "bot", "bot": "mcts", "settings": {"time": 1.5}},
            {"name": "G", "kind": "bot", "bot": "greedy", "settings": {"time": 0.2}},
        ],
        "delay": 0,
    }
    game, _ = start(client, body)
    seen = wait_for(
        client,
        game["id"],
        lambda g: bool(g["thinking"] and g["thinking"]["heat"]) or g["finished"],
    )
    heat = seen["thinking"]["heat"]
    assert heat["kind"] == "visits" and heat["playouts"] > 0
    legal = {m["move"] for m in seen["legal"]}
    assert set(heat["cells"]) <= legal
    assert max(c["level"] for c in heat["cells"].values()) == 1
    assert "playouts" in heat["legend"]["title"]


def test_a_position_no_solve_fits_gets_the_engines_values(client: TestClient) -> None:
    game, secrets = start(client, board(8, 8))  # 16 plies: no solve fits in the budget
    game = play(client, game, secrets, ["e1", "d2"])  # and out of the opening book
    data = client.get(f"/api/games/{game['id']}/values").json()
    state = load_game(game["game"]).parse_state(game["position"])
    assert data["source"] == "engine" and not data["exact"] and data["depth"] >= 1
    assert data["booked"] == []
    assert set(data["values"]) == {state.move_text(m) for m in state.legal_moves()}
    assert data["heat"]["source"] == "engine"
    assert data["heat"]["legend"]["title"].startswith(
        f"Engine value of each move (depth {data['depth']})"
    )


def test_the_settled_start_is_exact_from_the_book(client: TestClient) -> None:
    game, _ = start(client, board(8, 8))  # the 8-round game: -2, every first move settled
    data = client.get(f"/api/games/{game['id']}/values").json()
    assert data["source"] == "book" and data["exact"]
    assert data["best_value"] == -2 and len(data["values"]) == 56
    assert {move for move, value in data["values"].items() if value != -2} == {"d1", "a4"}
    assert data["values"]["d1"] == data["values"]["a4"] == -4
    assert set(data["best"]) == set(data["values"]) - {"d1", "a4"}
    cells = data["heat"]["cells"]
    assert {cell for cell, shown in cells.items() if shown["best"]} == set(data["best"])
