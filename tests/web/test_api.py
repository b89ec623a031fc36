"""The JSON API through FastAPI's test client: playing, watching, reviewing, and every refusal."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Json, human_vs_bot, human_vs_human, start, wait_for

from plyground.arena.records.record import GameRecord
from plyground.games import load_game
from plyground.games.adjacency import AdjacencyState, O, X
from plyground.web import WebSettings, create_app


def expected_state(snapshot: Json) -> AdjacencyState:
    """The position the rules give for the snapshot's game and moves."""
    game = load_game(snapshot["game"])
    state = game.initial_state()
    for move in snapshot["moves"]:
        state = state.play(state.parse_move(move["move"]))
    assert isinstance(state, AdjacencyState)
    return state


def test_catalog_lists_games_bots_and_only_safe_settings(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    names = [g["name"] for g in catalog["games"]]
    assert names == ["adjacency", "tictactoe", "morris", "2048", "queens"]
    adjacency = catalog["games"][0]
    assert adjacency["players"] == ["X", "O"]
    assert adjacency["hints"]["rounds"]["table"]["4"] == 4
    assert adjacency["hints"]["rounds"]["table"]["8"] == 28
    assert {"random", "greedy", "alphabeta"} <= set(adjacency["bots"])
    alphabeta = next(b for b in catalog["bots"] if b["name"] == "alphabeta")
    names = {s["name"] for s in alphabeta["settings"]}
    assert "time" in names and "depth" in names
    assert "weights" not in names and "table" not in names  # a path, an unbounded size
    time_setting = next(s for s in alphabeta["settings"] if s["name"] == "time")
    assert time_setting["maximum"] == 2.0 == catalog["think_cap"]


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"]
    assert "/api/games/{game_id}/moves" in spec["paths"]
    assert "MoveBody" in spec["components"]["schemas"]


def test_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>plyground" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_humans_play_a_whole_game_and_the_page_data_follows_the_rules(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(size=4, rounds=2))
    tokens = secrets["seats"]
    assert set(tokens) == {"0", "1"} and tokens["0"] != tokens["1"]
    assert len(game["id"]) >= 20
    for cell in ("c1", "c2", "b3", "d1"):
        state = expected_state(game)
        move = state.parse_move(cell)
        flips = {state.geometry.names[i] for i in state.flips(move)}
        response = client.post(
            f"/api/games/{game['id']}/moves",
            json={"token": tokens[str(state.side)], "move": cell, "ply": game["ply"]},
        )
        assert response.status_code == 200, response.text
        game = response.json()
        after = state.play(move)
        assert game["position"] == after.text()
        assert game["tokens"] == ["" if m == "." else m for row in after.rows() for m in row]
        assert game["scores"] == [after.count(X), after.count(O)]
        assert game["moves"][-1]["effects"] == {cell: "placed", **dict.fromkeys(flips, "flipped")}
    assert game["finished"] and game["to_move"] is None and game["clickable"] == []
    final = expected_state(game)
    assert game["result"]["winner"] == final.winner()
    record = GameRecord.from_dict(client.get(f"/api/games/{game['id']}/record").json())
    assert record.replay()[-1] == final
    assert [p.name for p in record.players] == ["Ann", "Bob"]
    history = client.get(f"/api/games/{game['id']}/history").json()
    assert [h["position"] for h in history] == [s.text() for s in record.replay()]


def test_a_bot_answers_with_search_info_and_undo_takes_back_both_moves(
    client: TestClient,
) -> None:
    game, secrets = start(client, human_vs_bot("alphabeta", 0.3))
    token = secrets["seats"]["0"]
    assert "1" not in secrets["seats"]  # a bot seat has no secret
    before = game["position"]
    game = client.post(f"/api/games/{game['id']}/moves", json={"token": token, "move": "c1"})
    game = wait_for(client, game.json()["id"], lambda g: g["ply"] == 2)
    reply = game["moves"][1]
    assert reply["player"] == 1 and reply["info"]["depth"] >= 1 and reply["info"]["pv"]
    assert game["position"] == expected_state(game).text()
    undone = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    assert undone.status_code == 200, undone.text
    assert undone.json()["position"] == before and undone.json()["ply"] == 0


def test_the_server_answers_while_a_bot_thinks(client: TestClient) -> None:
    body = human_vs_bot("alphabeta", 2.0, first="O")
    body["settings"].update(size=8, rounds=8)
    game, _ = start(client, body)
    wait_for(client, game["id"], lambda g: g["thinking"] is not None)
    health = client.get("/api/health")
    other, _ = start(client, human_vs_human())
    snapshot = client.get(f"/api/games/{game['id']}").json()
    assert health.status_code == 200 and other["ply"] == 0
    # Both answers came back while the bot was still searching: the loop was not blocked.
    assert snapshot["thinking"] is not None and snapshot["ply"] == 0
    assert snapshot["thinking"]["seconds"] == 2.0


def test_bots_watched_paused_stepped_and_resumed_to_the_end(client: TestClient) -> None:
    body = {
        "settings": {"size": 4, "rounds": 2},
        "players": [
            {"name": "Greedy", "kind": "bot", "bot": "greedy", "settings": {"time": 0.1}},
            {"name": "Random", "kind": "bot", "bot": "random"},
        ],
        "paused": True,
        "delay": 0.0,
    }
    game, secrets = start(client, body)
    assert secrets["seats"] == {} and secrets["control"]
    assert game["paused"] and game["all_bots"]
    time.sleep(0.3)
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == 0  # paused means paused
    stepped = client.post(f"/api/games/{game['id']}/step", json={"token": secrets["control"]})
    assert stepped.status_code == 200, stepped.text
    wait_for(client, game["id"], lambda g: g["ply"] == 1 and g["thinking"] is None)
    time.sleep(0.3)
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == 1  # one step, one move
    resumed = client.post(
        f"/api/games/{game['id']}/control",
        json={"token": secrets["control"], "paused": False, "delay": 0.05},
    )
    assert resumed.json()["delay"] == 0.05 and not resumed.json()["paused"]
    final = wait_for(client, game["id"], lambda g: g["finished"])
    assert final["ply"] == 4 and final["result"]["winner"] == expected_state(final).winner()
    record = GameRecord.from_dict(client.get(f"/api/games/{game['id']}/record").json())
    assert record.players[1].spec == "random" and record.replay()
    assert record.tags["time"] == "X=0.1,O=2"  # each seat's time: its own, or the cap


def test_events_stream_sends_the_game_and_ends_when_it_is_over(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(size=4, rounds=1))
    tokens = secrets["seats"]
    for seat, cell in (("0", "c1"), ("1", "b3")):
        client.post(f"/api/games/{game['id']}/moves", json={"token": tokens[seat], "move": cell})
    with client.stream("GET", f"/api/games/{game['id']}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = list(stream.iter_lines())
    assert lines[0] == "event: game"
    data = json.loads(lines[1].removeprefix("data: "))
    assert data["finished"] and data["ply"] == 2


def test_starting_from_a_pasted_position(client: TestClient) -> None:
    text = "2OO/O3/XX1O/XX2 X 3"
    game, _ = start(client, human_vs_human(size=4, rounds=4, start=text))
    assert game["position"] == text
    assert game["status"] == [
        {"label": "Rounds left", "value": "2"},
        {"label": "Moves left", "value": "3"},
    ]


# -- refusals: a 4xx naming the problem, and the game unchanged -----------------


@pytest.fixture
def running(client: TestClient) -> tuple[Json, Json]:
    """A human-vs-human 4x4 game after X played c1 (O to move)."""
    game, secrets = start(client, human_vs_human(size=4, rounds=2))
    moved = client.post(
        f"/api/games/{game['id']}/moves", json={"token": secrets["seats"]["0"], "move": "c1"}
    )
    return moved.json(), secrets


def refused(
    client: TestClient,
    game: Json,
    path: str,
    body: Any,
    *,
    status: int,
    words: str,
    raw: bool = False,
) -> None:
    url = f"/api/games/{game['id']}/{path}"
    if raw:
        response = client.post(url, content=body, headers={"content-type": "application/json"})
    else:
        response = client.post(url, json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"], response.json()
    after = client.get(f"/api/games/{game['id']}").json()
    assert after["position"] == game["position"] and after["ply"] == game["ply"]


def test_bad_json_and_bad_fields_are_refused(client: TestClient, running: Any) -> None:
    game, secrets = running
    o_token = secrets["seats"]["1"]
    refused(client, game, "moves", b"{not json", status=400, words="not valid JSON", raw=True)
    refused(client, game, "moves", b"[1, 2]", status=400, words="must be a JSON object", raw=True)
    refused(client, game, "moves", {"token": o_token}, status=422, words="move is missing")
    refused(
        client,
        game,
        "moves",
        {"token": o_token, "move": "a4", "x": 1},
        status=422,
        words="x is not a",
    )
    refused(client, game, "moves", {"token": o_token, "move": 5}, status=422, words="move")


def test_moves_that_are_not_allowed_are_refused(client: TestClient, running: Any) -> None:
    game, secrets = running
    x_token, o_token = secrets["seats"]["0"], secrets["seats"]["1"]
    refused(
        client, game, "moves", {"token": x_token, "move": "d1"}, status=409, words="it is O's turn"
    )
    refused(
        client, game, "moves", {"token": "not-a-secret", "move": "a4"}, status=403, words="token"
    )
    refused(
        client, game, "moves", {"token": o_token, "move": "c1"}, status=409, words="occupied by X"
    )
    refused(
        client,
        game,
        "moves",
        {"token": o_token, "move": "e5"},
        status=422,
        words="off the 4x4 board",
    )
    refused(
        client, game, "moves", {"token": o_token, "move": "hello"}, status=422, words="not a cell"
    )
    refused(
        client,
        game,
        "moves",
        {"token": o_token, "move": "a4", "ply": 0},
        status=409,
        words="for move 0",
    )
    refused(client, game, "undo", {"token": o_token}, status=409, words="against a bot")
    refused(
        client,
        game,
        "control",
        {"token": o_token, "paused": True},
        status=403,
        words="does not control",
    )
    refused(client, game, "step", {"token": x_token}, status=403, words="does not control")
    control = secrets["control"]
    refused(client, game, "control", {"token": control, "delay": 99}, status=422, words="delay")
    refused(client, game, "step", {"token": control}, status=409, words="a human plays it")


def test_a_finished_game_takes_no_more_moves(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(size=4, rounds=1))
    tokens = secrets["seats"]
    for seat, cell in (("0", "c1"), ("1", "b3")):
        game = client.post(
            f"/api/games/{game['id']}/moves", json={"token": tokens[seat], "move": cell}
        ).json()
    assert game["finished"]
    refused(
        client,
        game,
        "moves",
        {"token": tokens["0"], "move": "d1"},
        status=409,
        words="game is over",
    )
    refused(client, game, "undo", {"token": tokens["0"]}, status=409, words="game is over")


def test_undo_with_nothing_to_take_back(client: TestClient) -> None:
    game, secrets = start(client, human_vs_bot())
    refused(
        client,
        game,
        "undo",
        {"token": secrets["seats"]["0"]},
        status=409,
        words="no move to take back",
    )


def test_unknown_game_ids_are_404(client: TestClient) -> None:
    for method, path in (
        ("GET", "/api/games/nope"),
        ("GET", "/api/games/nope/events"),
        ("GET", "/api/games/nope/record"),
        ("POST", "/api/games/nope/moves"),
    ):
        body = {"token": "t", "move": "a1"} if method == "POST" else None
        response = client.request(method, path, json=body)
        assert response.status_code == 404, (path, response.text)
        assert "no game with id 'nope'" in response.json()["error"]
        assert response.json().keys() == {"error"}  # no field of the body is at fault
    assert "nothing at" in client.get("/api/nothing").json()["error"]


@pytest.mark.parametrize(
    ("change", "status", "words", "field"),
    [
        ({"settings": {"size": 9}}, 422, "'size' must be at most 8", "settings.size"),
        (
            {"settings": {"size": 4, "rounds": 5}},
            422,
            "rounds must be 1 to 4 on a 4x4 board",
            "settings.rounds",
        ),
        ({"settings": {"rounds": 0}}, 422, "'rounds' must be at least 1", "settings.rounds"),
        ({"settings": {"first": "Z"}}, 422, "'first' must be one of X, O", "settings.first"),
        ({"settings": {"colour": "red"}}, 422, "unknown setting 'colour'", "settings.colour"),
        ({"game": "chess"}, 422, "cannot be played in the browser", "game"),
        ({"players": [{"name": "Ann", "kind": "human"}]}, 422, "needs 2 players, got 1", "players"),
        ({"game": "2048", "settings": {}}, 422, "2048 needs 1 player, got 2", "players"),
        ({"names": ("Ann", "ann ")}, 422, "both sides are named", "players.1.name"),
        ({"names": ("Ann", "  ")}, 422, "the name of O is empty", "players.1.name"),
        ({"names": ("Ann", "x" * 41)}, 422, "at most 40 characters", "players.1.name"),
        ({"bot": {"bot": "deep-blue"}}, 422, "unknown bot 'deep-blue'", "players.1.bot"),
        ({"bot": {"bot": None}}, 422, "say which bot", "players.1.bot"),
        (
            {"bot": {"settings": {"time": 30}}},
            422,
            "above this server's cap of 2 s",
            "players.1.settings.time",
        ),
        (
            {"bot": {"settings": {"time": -1}}},
            422,
            "'time' must be at least",
            "players.1.settings.time",
        ),
        (
            {"bot": {"settings": {"time": "soon"}}},
            422,
            "'time' must be a number",
            "players.1.settings.time",
        ),
        (
            {"bot": {"bot": "alphabeta", "settings": {"depth": 500}}},
            422,
            "at most 200",
            "players.1.settings.depth",
        ),
        (
            {"bot": {"bot": "alphabeta", "settings": {"weights": "/etc/passwd"}}},
            422,
            "web",
            "players.1.settings.weights",
        ),
        (
            {"bot": {"bot": "alphabeta", "settings": {"table": 10**12}}},
            422,
            "web",
            "players.1.settings.table",
        ),
        ({"start": "4OO/4OO/6/6/XX4/XX4 X 8"}, 422, "6x6 board, but this game is 4x4", "start"),
        ({"start": "2OO/2OO/4/XX2 Q 4"}, 422, "side to move must be X or O", "start"),
        ({"start": "2OO/2OO/XX2/XX2 X 0"}, 422, "already the end", "start"),
        ({"delay": 11}, 422, "delay between bot moves", "delay"),
        ({"players": "Ann"}, 422, "players", "players"),
    ],
)
def test_bad_games_are_refused(
    client: TestClient, change: dict[str, Any], status: int, words: str, field: str
) -> None:
    body = human_vs_bot()
    if "names" in change:
        for seat, name in zip(body["players"], change.pop("names"), strict=True):
            seat["name"] = name
    if "bot" in change:
        body["players"][1].update(change.pop("bot"))
    if "settings" in change:
        body["settings"] = change.pop("settings")
    body.update(change)
    before = client.get("/api/health").json()["games"]
    response = client.post("/api/games", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert response.json()["field"] == field  # where a form shows the message
    assert client.get("/api/health").json()["games"] == before


def test_old_games_expire_and_the_store_stays_bounded() -> None:
    app = create_app(WebSettings(max_games=2, expiry=1.0, workers=1))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        first, secrets = start(client, human_vs_human(size=4, rounds=1))
        start(client, human_vs_human())
        # Full of running games: a third is refused...
        response = client.post("/api/games", json=human_vs_human())
        assert response.status_code == 503 and "at most 2 games" in response.json()["error"]
        # ...but a finished game makes room for it.
        for seat, cell in (("0", "c1"), ("1", "b3")):
            client.post(
                f"/api/games/{first['id']}/moves",
                json={"token": secrets["seats"][seat], "move": cell},
            )
        third, _ = start(client, human_vs_human())
        assert client.get(f"/api/games/{first['id']}").status_code == 404
        time.sleep(1.8)  # past the expiry age: the sweeper forgets idle games
        assert client.get(f"/api/games/{third['id']}").status_code == 404
        assert client.get("/api/health").json()["games"] == 0


def test_an_unexpected_error_is_answered_as_a_json_sentence() -> None:
    app = create_app(WebSettings(workers=1))

    @app.get("/api/fail")
    async def fail() -> None:
        raise RuntimeError("a fault of the server's")

    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    response = client.get("/api/fail")  # no lifespan: the route needs no service
    assert response.status_code == 500
    assert "the server failed on this request (RuntimeError)" in response.json()["error"]
