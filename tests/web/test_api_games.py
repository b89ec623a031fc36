"""The JSON API for tic-tac-toe, Nine Men's Morris, 2048 and N-Queens: play, bots, chance,
puzzle tools, and every refusal (each checked to leave the game unchanged)."""

from __future__ import annotations

import random
from typing import Any

import httpx
from fastapi.testclient import TestClient
from web_helpers import WORKERS_READY, Json, human_vs_human, start, wait_for

from plyground.arena.records.record import GameRecord
from plyground.core.chance import draw_outcome
from plyground.core.game import State
from plyground.games import load_game
from plyground.games.adjacency.solver import solve
from plyground.games.morris.evaluation import MorrisWeights
from plyground.games.queens import is_solution

ANN = {"name": "Ann", "kind": "human"}
BOB = {"name": "Bob", "kind": "human"}
NEAR_MILL = "WW./B../.../....../.../.../BBB W 5 5 8"
"""White to place: g7 closes a7-d7-g7; Black's a1 d1 g1 stand in a mill, b6 does not."""
MOVING = "WW./BB./.../.....W/B.B/W.B/W.. W 0 0 20"
"""Moving phase: g4-g7 closes a7-d7-g7; Black has no man in a mill."""


def replay(client: TestClient, game: Json) -> State:
    """The state the rules give for the game's record (start and every move, checked)."""
    record = client.get(f"/api/games/{game['id']}/record").json()
    return GameRecord.from_dict(record).replay()[-1]


def post_move(client: TestClient, game: Json, token: str, move: str) -> Any:
    return client.post(f"/api/games/{game['id']}/moves", json={"token": token, "move": move})


def refused(client: TestClient, game: Json, response: Any, status: int, words: str) -> None:
    """A refusal with this status and message, after which the game is unchanged."""
    assert response.status_code == status, response.text
    assert words in response.json()["error"], response.json()["error"]
    now = client.get(f"/api/games/{game['id']}").json()
    assert now["position"] == game["position"] and now["ply"] == game["ply"]


def test_catalog_offers_each_game_its_bots_and_browser_bounds(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    assert "perfect" in games["tictactoe"]["bots"] and "alphabeta" in games["tictactoe"]["bots"]
    assert "morris" in games["morris"]["bots"] and "perfect" not in games["morris"]["bots"]
    assert games["2048"]["bots"] == ["random", "greedy", "2048", "mcts"] and games["2048"]["chance"]
    assert {name: games[name]["strongest"] for name in ("adjacency", "tictactoe", "2048")} == {
        "adjacency": "alphabeta",
        "tictactoe": "perfect",
        "2048": "2048",
    }
    assert games["queens"]["bots"] == [] and games["queens"]["players"] == ["solver"]
    size = next(s for s in games["queens"]["settings"] if s["name"] == "size")
    assert size["maximum"] == 16  # the game allows millions; the page draws up to 16
    assert games["morris"]["pieces"] == "stone" and games["2048"]["pieces"] == "tile"
    assert games["morris"]["example"] == load_game("morris").initial_state().text()


def test_tictactoe_between_humans_marks_the_winning_line(client: TestClient) -> None:
    game, secrets = start(client, {"game": "tictactoe", "players": [ANN, BOB]})
    tokens = secrets["seats"]
    assert game["layout"]["names"][:3] == ["a3", "b3", "c3"] and game["layout"]["pieces"] == "mark"
    assert game["scores"] == [] and game["legal"][0] == {
        "move": "a1",
        "clicks": [{"cell": "a1", "role": "place"}],
    }
    for ply, cell in enumerate(["a1", "a2", "b2", "b3", "c3"]):
        response = post_move(client, game, tokens[str(ply % 2)], cell)
        assert response.status_code == 200, response.text
        game = response.json()
        state = replay(client, game)
        assert game["position"] == state.text()
        assert [m["move"] for m in game["legal"]] == [
            state.move_text(m) for m in state.legal_moves()
        ]
        if ply == 1:
            refused(client, game, post_move(client, game, tokens["0"], "a2"), 409, "occupied")
            refused(client, game, post_move(client, game, tokens["0"], "d4"), 422, "d4")
    assert game["finished"] and game["result"]["winner"] == 0
    assert game["result"]["headline"] == "Three in a row: a1 b2 c3"
    assert {cell: mark["kind"] for cell, mark in game["marks"].items()} == dict.fromkeys(
        ["a1", "b2", "c3"], "line"
    )


def test_tictactoe_against_perfect_never_lets_the_human_win(client: TestClient) -> None:
    # The bot answers by look-up; the server's longest limit keeps a busy machine from
    # making a late answer a rule break, whose random move could let the human win.
    perfect = {"name": "P", "kind": "bot", "bot": "perfect", "settings": {"time": 2.0}}
    rng = random.Random(6)
    game, secrets = start(client, {"game": "tictactoe", "players": [ANN, perfect]})
    while not game["finished"]:
        move = rng.choice(game["legal"])["move"]
        response = post_move(client, game, secrets["seats"]["0"], move)
        assert response.status_code == 200, response.text
        game = wait_for(client, game["id"], lambda g: g["finished"] or g["to_move"] == 0)
    assert game["result"]["winner"] in (None, 1)
    assert game["position"] == replay(client, game).text()
    assert all(m["info"] for m in game["moves"] if m["player"] == 1)


def test_morris_click_paths_mill_and_refusals(client: TestClient) -> None:
    game, secrets = start(client, {"game": "morris", "players": [ANN, BOB], "start": NEAR_MILL})
    token = secrets["seats"]["0"]
    layout = game["layout"]
    assert layout["style"] == "points" and len([n for n in layout["names"] if n]) == 24
    assert len(layout["lines"]) == 32 and ["a7", "d7"] in layout["lines"]
    assert game["legal"][0] == {
        "move": "g7xb6",
        "clicks": [{"cell": "g7", "role": "place"}, {"cell": "b6", "role": "take"}],
    }
    assert {c: m["kind"] for c, m in game["marks"].items()} == dict.fromkeys(
        ["a1", "d1", "g1"], "mill"
    )
    status = {item["label"]: item["value"] for item in game["status"]}
    assert status == {"Phase": "placing", "In hand": "W 5 · B 5", "On board": "W 2 · B 4",
                      "Turn": "8 of 200"}  # fmt: skip
    # The continuations of a partial move, computed by the rules.
    after_g7 = client.get(f"/api/games/{game['id']}/legal", params={"clicks": "g7"}).json()
    assert after_g7["next"] == ["b6"] and after_g7["complete"] == []
    refused(client, game, client.get(f"/api/games/{game['id']}/legal?clicks=b6"), 409, "b6")
    refused(client, game, post_move(client, game, token, "g7xd1"), 409, "stands in a mill")
    refused(client, game, post_move(client, game, token, "g7"), 409, "closes a mill")
    refused(client, game, post_move(client, game, token, "a7-a4"), 409, "to place")
    refused(client, game, post_move(client, game, token, "z9"), 422, "not a point of the board")
    refused(client, game, post_move(client, game, token, "g7/b6"), 422, "not a move")
    game = post_move(client, game, token, "g7xb6").json()
    assert game["moves"][-1]["effects"] == {"g7": "placed", "b6": "removed"}
    assert game["position"] == replay(client, game).text() and game["scores"] == [7.0, 8.0]


def test_a_thinking_morris_bot_gives_its_live_score_in_men(server: str) -> None:
    """While the bot searches, ``plyground serve``'s snapshot words its latest score as the
    move list will (``score_text``, in men from White's side), beside the raw numbers."""
    bot = {"name": "M", "kind": "bot", "bot": "morris", "settings": {"time": 2.0}}
    with httpx.Client(base_url=server, timeout=30) as http:
        made = http.post(
            "/api/games", json={"game": "morris", "players": [ANN, bot], "start": MOVING}
        )
        assert made.status_code == 201, made.text
        game, token = made.json()["game"], made.json()["secrets"]["seats"]["0"]
        moved = http.post(f"/api/games/{game['id']}/moves", json={"token": token, "move": "a1-d1"})
        assert moved.status_code == 200, moved.text

        def reported_or_answered(g: Json) -> bool:
            return g["ply"] == 2 or bool(
                g["thinking"] and (g["thinking"]["info"] or {}).get("unit")
            )

        # (the first bot move of a new server waits for its workers to load the kernels)
        seen = wait_for(server, game["id"], reported_or_answered, timeout=WORKERS_READY)
        assert seen["ply"] == 1, "the bot answered before any report of its search was seen"
        info = seen["thinking"]["info"]
        assert info["unit"] == "men" and info["unit_score"] == MorrisWeights().moving.men
        men = round(info["first_seat_score"] / info["unit_score"], 1) + 0.0  # never "-0.0"
        assert info["first_seat_score"] == -info["score"]  # Black searched; White's side shown
        assert info["score_text"] == f"{men:+.1f} men"
        http.post(f"/api/games/{game['id']}/resign", json={"token": token})


def test_morris_moving_phase_against_the_bot(client: TestClient) -> None:
    bot = {"name": "M", "kind": "bot", "bot": "morris", "settings": {"time": 0.3}}
    game, secrets = start(client, {"game": "morris", "players": [ANN, bot], "start": MOVING})
    token = secrets["seats"]["0"]
    assert ["g4", "g7", "c3"] in [[c["cell"] for c in m["clicks"]] for m in game["legal"]]
    assert [c["role"] for c in game["legal"][2]["clicks"]] == ["from", "to", "take"]
    refused(client, game, post_move(client, game, token, "a1-g1"), 409, "does not follow a line")
    refused(client, game, post_move(client, game, token, "b6-b4"), 409, "not one of White's")
    game = post_move(client, game, token, "a1-d1").json()
    assert game["moves"][0]["effects"] == {"a1": "moved-from", "d1": "moved-to"}
    game = wait_for(client, game["id"], lambda g: g["ply"] == 2)
    assert game["moves"][1]["player"] == 1 and game["position"] == replay(client, game).text()
    # the bot's score in men, by its own weights, seen from White's side as the list shows it
    reply = game["moves"][1]
    info = reply["info"]
    assert info["unit"] == "men" and info["unit_score"] == MorrisWeights().moving.men
    men = round(-info["score"] / info["unit_score"], 1) + 0.0  # White's side, never "-0.0"
    assert reply["score_text"] == f"{men:+.1f} men"
    assert game["moves"][0]["score_text"] is None  # a human's move has no score
    take = next(m["move"] for m in game["legal"] if m["move"].startswith("g4-g7x"))
    game = post_move(client, game, token, take).json()
    assert (
        game["moves"][2]["effects"]["g7"] == "moved-to"
        and "removed" in game["moves"][2]["effects"].values()
    )
    game = wait_for(client, game["id"], lambda g: g["ply"] == 4 or g["finished"])
    assert game["position"] == replay(client, game).text()


def test_2048_chance_is_seeded_and_every_spawn_is_recorded(client: TestClient) -> None:
    game, secrets = start(client, {"game": "2048", "players": [ANN], "seed": 7})
    token = secrets["seats"]["0"]
    rng = random.Random(7)
    state = load_game("2048").initial_state()
    while state.is_chance():  # the same draws as the server's: the seed fixes the tiles
        state = state.play(draw_outcome(state.chance_outcomes(), rng))
    assert game["position"] == state.text() and game["seed"] == 7 and game["ply"] == 2
    assert [m["player"] for m in game["moves"]] == [-1, -1]
    assert game["clickable"] == [] and [b["key"] for b in game["layout"]["buttons"]] == [
        "ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"]  # fmt: skip
    for _ in range(6):
        move = game["legal"][0]["move"]
        game = post_move(client, game, token, move).json()
        state = state.play(state.parse_move(move))
        while state.is_chance():
            state = state.play(draw_outcome(state.chance_outcomes(), rng))
        assert game["position"] == state.text()
        assert game["moves"][-1]["player"] == -1 and game["moves"][-2]["move"] == move
        assert list(game["moves"][-1]["effects"].values()) == ["spawned"]
    assert game["scores"] == [float(state.score)]  # type: ignore[attr-defined]
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["tags"]["seed"] == "7" and GameRecord.from_dict(record).replay()[-1] == state
    refused(client, game, client.post(f"/api/games/{game['id']}/undo", json={"token": token}),
            409, "undo is for games against a bot")  # fmt: skip
    refused(client, game, post_move(client, game, token, "sideways"), 422, "not a move")


def test_2048_refuses_a_move_that_changes_nothing(client: TestClient) -> None:
    corner = "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 move"
    game, secrets = start(client, {"game": "2048", "players": [ANN], "start": corner, "seed": 1})
    assert [m["move"] for m in game["legal"]] == ["right", "down"]
    token = secrets["seats"]["0"]
    refused(client, game, post_move(client, game, token, "left"), 409, "does not change the board")
    refused(client, game, post_move(client, game, token, "up"), 409, "does not change the board")
    assert post_move(client, game, token, "right").status_code == 200
    bad = client.post("/api/games", json={"game": "tictactoe", "players": [ANN, BOB], "seed": 3})
    assert bad.status_code == 422 and "no chance" in bad.json()["error"]


def test_2048_bot_plays_a_watched_game(client: TestClient) -> None:
    bot = {"name": "B", "kind": "bot", "bot": "2048", "settings": {"time": 0.05}}
    game, secrets = start(client, {"game": "2048", "players": [bot], "delay": 0, "seed": 11})
    # The first move waits for the workers to load their kernels (slow on a busy machine).
    game = wait_for(client, game["id"], lambda g: g["ply"] >= 3, timeout=WORKERS_READY)
    game = wait_for(client, game["id"], lambda g: g["ply"] >= 40 or g["finished"])
    paused = client.post(
        f"/api/games/{game['id']}/control", json={"token": secrets["control"], "paused": True}
    )
    assert paused.status_code == 200
    game = wait_for(client, game["id"], lambda g: g["thinking"] is None)
    assert game["position"] == replay(client, game).text()
    moves = [m for m in game["moves"] if m["player"] == 0]
    assert len(moves) >= 20 and all(m["info"]["depth"] >= 1 for m in moves)
    assert [m["number"] for m in moves] == list(range(1, len(moves) + 1))


def test_2048_hint_asks_the_bot_and_changes_nothing(client: TestClient) -> None:
    single = "2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move"  # only right changes it
    game, secrets = start(client, {"game": "2048", "players": [ANN], "start": single, "seed": 3})
    token = secrets["seats"]["0"]
    assert [t["name"] for t in game["tools"]] == ["hint"]
    hinted = tool(client, game, token, "hint")
    assert hinted.status_code == 200, hinted.text
    after = hinted.json()
    assert after["position"] == game["position"] and after["ply"] == game["ply"]
    result = after["tool_results"][-1]
    assert result["summary"] == "Hint: right" and result["moves"] == []
    facts = {f["label"]: f["value"] for f in result["facts"]}
    assert facts["Best move"] == "right" and int(facts["Depth"]) >= 1
    game = post_move(client, game, token, "right").json()  # then a position with a choice
    result = tool(client, game, token, "hint").json()["tool_results"][-1]
    legal = {entry["move"] for entry in game["legal"]}
    assert result["summary"].removeprefix("Hint: ") in legal
    refused(client, game, tool(client, game, token, "hint", depth=3), 422, "unknown setting")
    assert {f["label"]: f["value"] for f in result["facts"]}["Evaluation"] == "heuristic"
    refused(client, game, tool(client, game, "nope", "hint"), 403, "not a player's")
    refused(client, game, tool(client, game, token, "solve"), 404, "no tool 'solve'")
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert "tools" not in record.get("tags", {})  # a hint plays nothing


def test_2048_bot_and_hint_evaluate_with_a_shipped_network(client: TestClient) -> None:
    """The page offers the shipped networks by name (never a path) to the 2048 bot and its
    Hint; the bot plays with one, the hint answers with one, anything else is refused."""
    catalog = client.get("/api/catalog").json()
    bot_settings = {s["name"]: s for s in next(b for b in catalog["bots"] if b["name"] == "2048")[
        "settings"]}  # fmt: skip
    assert bot_settings["network"]["choices"] == ["", "4x6-tc"]
    assert bot_settings["network"]["default"] == ""
    path = {"name": "B", "kind": "bot", "bot": "2048", "settings": {"network": "/etc/passwd"}}
    bad = client.post("/api/games", json={"game": "2048", "players": [path], "seed": 1})
    assert bad.status_code == 422 and "can be one of '', '4x6-tc' from the web" in bad.text
    bot = {"name": "B", "kind": "bot", "bot": "2048",
           "settings": {"time": 0.05, "network": "4x6-tc", "depth": 1}}  # fmt: skip
    game, _ = start(client, {"game": "2048", "players": [bot], "delay": 0, "seed": 11})
    game = wait_for(client, game["id"], lambda g: g["ply"] >= 12, timeout=WORKERS_READY)
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert "network=4x6-tc" in record["players"][0]["spec"]
    single = "2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move"  # only right changes it
    game, secrets = start(client, {"game": "2048", "players": [ANN], "start": single, "seed": 3})
    token = secrets["seats"]["0"]
    (hint,) = game["tools"]
    assert hint["options"][0]["name"] == "evaluation"
    assert hint["options"][0]["choices"] == ["heuristic", "4x6-tc"]
    answer = tool(client, game, token, "hint", evaluation="4x6-tc")
    assert answer.status_code == 200, answer.text
    result = answer.json()["tool_results"][-1]
    facts = {f["label"]: f["value"] for f in result["facts"]}
    assert result["summary"] == "Hint: right" and facts["Evaluation"] == "4x6-tc"
    refused(client, game, tool(client, game, token, "hint", evaluation="x.npz"), 422, "one of")


def test_queens_moves_marks_takeback_and_refusals(client: TestClient) -> None:
    body = {"game": "queens", "settings": {"size": 8}, "players": [ANN]}
    game, secrets = start(client, body)
    token = secrets["seats"]["0"]
    assert game["layout"]["pieces"] == "queen" and game["clickable"][:2] == ["a1", "a2"]
    game = post_move(client, game, token, "a1").json()
    assert game["position"] == "8:1" and game["moves"][0]["move"] == "1"
    attacked = {cell: mark["cells"] for cell, mark in game["marks"].items()}
    assert attacked == {"b1": ["a1"], "b2": ["a1"]}  # the next column's attacked squares
    assert game["clickable"] == [f"b{row}" for row in range(3, 9)]
    refused(client, game, post_move(client, game, token, "b2"), 409, "share a diagonal")
    refused(client, game, post_move(client, game, token, "c5"), 409, "next queen goes in column b")
    refused(client, game, post_move(client, game, token, "9"), 422, "off the board")
    refused(client, game, post_move(client, game, token, "i1"), 422, "off the 8-wide board")
    too_big = client.post("/api/games", json={**body, "settings": {"size": 17}})
    assert too_big.status_code == 422 and "at most 16" in too_big.json()["error"]
    game = post_move(client, game, token, "b3").json()
    assert game["takeback"] == {"a1": 0, "b3": 1} and game["undo"] == "puzzle"
    undone = client.post(f"/api/games/{game['id']}/undo", json={"token": token, "ply": 0})
    assert undone.status_code == 200 and undone.json()["position"] == "8:"
    refused(client, undone.json(), client.post(f"/api/games/{game['id']}/undo",
            json={"token": token}), 409, "no move to take back")  # fmt: skip


def tool(client: TestClient, game: Json, token: str, name: str, **options: Any) -> Any:
    return client.post(
        f"/api/games/{game['id']}/tools/{name}", json={"token": token, "options": options}
    )


def test_queens_solve_count_and_a_dead_end(client: TestClient) -> None:
    game, secrets = start(client, {"game": "queens", "settings": {"size": 8}, "players": [ANN]})
    token = secrets["seats"]["0"]
    assert [t["name"] for t in game["tools"]] == ["solve", "count"]
    game = post_move(client, game, token, "a5").json()
    for method in ("backtracking", "mac"):
        solved = tool(client, game, token, "solve", method=method)
        assert solved.status_code == 200, solved.text
        result = solved.json()
        rows = [int(r) - 1 for r in result["position"].split(":")[1].split(",")]
        assert result["finished"] and is_solution(rows) and rows[0] == 4  # the kept queen
        assert result["result"]["headline"].startswith("Solved: 8 queens")
        facts = {f["label"]: f["value"] for f in result["tool_results"][-1]["facts"]}
        assert "Nodes" in facts and "Backtracks" in facts and method in facts["Solver"]
        game = client.post(f"/api/games/{game['id']}/undo", json={"token": token, "ply": 1}).json()
        assert game["position"] == "8:5" and not game["finished"]
    fresh = tool(client, game, token, "solve", method="min-conflicts", keep=False).json()
    assert fresh["finished"] and is_solution([int(r) - 1 for r in fresh["position"][2:].split(",")])
    counted = tool(client, fresh, token, "count").json()["tool_results"][-1]
    assert counted["summary"] == "8-Queens has 92 solutions"
    refused(client, fresh, tool(client, fresh, token, "solve", method="guess"), 422, "guess")
    refused(client, fresh, tool(client, fresh, token, "hint"), 404, "no tool 'hint'")
    refused(client, fresh, tool(client, fresh, "nope", "count"), 403, "not a player's")

    dead, secrets = start(client, {"game": "queens", "settings": {"size": 4}, "players": [ANN]})
    token = secrets["seats"]["0"]
    for move in ("a1", "b3"):
        dead = post_move(client, dead, token, move).json()
    assert dead["finished"] and dead["result"]["headline"].startswith("Dead end: every square")
    stuck = tool(client, dead, token, "solve").json()
    assert stuck["position"] == "4:1,3" and not stuck["tool_results"][-1]["found"]
    assert stuck["tool_results"][-1]["summary"].startswith("No solution keeps")
    back = client.post(f"/api/games/{dead['id']}/undo", json={"token": token}).json()
    assert back["position"] == "4:1" and not back["finished"]  # a puzzle backtracks past the end

    big, secrets = start(client, {"game": "queens", "settings": {"size": 15}, "players": [ANN]})
    refused(client, big, tool(client, big, secrets["seats"]["0"], "count"), 422, "up to N = 14")


def test_tictactoe_and_morris_hints_answer_the_side_to_move(client: TestClient) -> None:
    game, secrets = start(client, {"game": "tictactoe", "players": [ANN, BOB]})
    for ply, cell in enumerate(["a1", "b1"]):
        game = post_move(client, game, secrets["seats"][str(ply % 2)], cell).json()
    assert [t["name"] for t in game["tools"]] == ["hint"]
    refused(client, game, tool(client, game, secrets["seats"]["1"], "hint"), 409, "turn")
    answer = tool(client, game, secrets["seats"]["0"], "hint")
    assert answer.status_code == 200, answer.text
    hinted = answer.json()
    assert hinted["ply"] == 2 and hinted["position"] == game["position"]  # nothing played
    facts = {f["label"]: f["value"] for f in hinted["tool_results"][-1]["facts"]}
    assert (
        facts["Best moves"] == "a2 b2 a3" and facts["With best play"] == "X wins, in 5 more moves"
    )
    game, secrets = start(client, {"game": "morris", "players": [ANN, BOB], "start": NEAR_MILL})
    answer = tool(client, game, secrets["seats"]["0"], "hint")
    assert answer.status_code == 200, answer.text
    result = answer.json()["tool_results"][-1]
    legal = {m["move"] for m in game["legal"]}
    assert result["summary"].removeprefix("Hint: ") in legal and not result["moves"]


def test_the_adjacency_hint_names_the_best_moves_and_plays_nothing(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(4, 3))  # booked in full: the book's values
    token = secrets["seats"]["0"]
    assert [t["name"] for t in game["tools"]] == ["hint"]
    answer = tool(client, game, token, "hint")
    assert answer.status_code == 200, answer.text
    hinted = answer.json()
    assert hinted["ply"] == 0 and hinted["position"] == game["position"]  # nothing played
    result = hinted["tool_results"][-1]
    facts = {f["label"]: f["value"] for f in result["facts"]}
    state = load_game(game["game"]).parse_state(game["position"])
    solved = solve(state)
    assert result["summary"] == f"Hint: {solved.best[0]}" and not result["moves"]
    assert facts["Best moves"].split() == list(solved.best)
    assert facts["By"] == "the opening book" and facts["Value (X − O)"] == f"{solved.value:+d}"
    refused(
        client, hinted, tool(client, hinted, token, "hint", depth=3), 422, "unknown setting 'depth'"
    )
    refused(client, hinted, tool(client, hinted, "nope", "hint"), 403, "not a player's")
