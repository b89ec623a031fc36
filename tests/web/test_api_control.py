"""The API's control of a game's life: End Game, resigning, pausing only games between bots,
bots stopping when nobody watches, a bot waiting for a free worker; levels in the catalog;
bots' scores from one fixed side and the move list numbered by rounds; the offline API docs."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Json, human_vs_bot, plyground_env, served, start, wait_for

from plyground.bots import make_bot, strongest_bot
from plyground.core.limits import SearchInfo
from plyground.games import load_game
from plyground.web.sessions.session import first_seat_score


def bots_game(first: str = "alphabeta", second: str = "greedy", seconds: float = 0.2) -> Json:
    return {
        "settings": {"size": 4, "rounds": 4},
        "players": [
            {"name": "A", "kind": "bot", "bot": first, "settings": {"time": seconds}},
            {"name": "B", "kind": "bot", "bot": second, "settings": {"time": seconds}},
        ],
        "delay": 0,
    }


def post(client: TestClient, game_id: str, path: str, body: Json) -> Any:
    return client.post(f"/api/games/{game_id}/{path}", json=body)


# -- End Game, resign, pause ---------------------------------------------------------


def test_end_game_stops_the_bots_and_nobody_wins(client: TestClient) -> None:
    game, secrets = start(client, bots_game(seconds=1.5))
    wait_for(client, game["id"], lambda g: g["thinking"] is not None)
    refused = post(client, game["id"], "end", {"token": "not-the-control-token"})
    assert refused.status_code == 403
    answer = post(client, game["id"], "end", {"token": secrets["control"]})
    assert answer.status_code == 200, answer.text
    ended = answer.json()
    assert ended["finished"] and ended["thinking"] is None and ended["to_move"] is None
    assert ended["result"]["ended"] and ended["result"]["winner"] is None
    assert ended["result"]["termination"] == "aborted"
    assert "ended after" in ended["result"]["headline"]
    time.sleep(2.0)  # the bot's search would have answered by now: nothing more is played
    later = client.get(f"/api/games/{game['id']}").json()
    assert later["ply"] == ended["ply"] and later["position"] == ended["position"]
    again = post(client, game["id"], "end", {"token": secrets["control"]})
    assert again.status_code == 409 and "over" in again.json()["error"]


def test_a_human_resigns_and_the_bot_wins(client: TestClient) -> None:
    game, secrets = start(client, human_vs_bot())
    refused = post(client, game["id"], "resign", {"token": secrets["control"]})
    assert refused.status_code == 403  # the control token is no seat's
    answer = post(client, game["id"], "resign", {"token": secrets["seats"]["0"]})
    assert answer.status_code == 200, answer.text
    result = answer.json()["result"]
    assert result["winner"] == 1 and result["termination"] == "forfeit"
    assert result["headline"] == "Ann (X) resigned"
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["winner"] == 1 and record["termination"] == "forfeit"


def test_pause_is_refused_for_a_game_with_a_human_seat(client: TestClient) -> None:
    game, secrets = start(client, human_vs_bot())
    answer = post(client, game["id"], "control", {"token": secrets["control"], "paused": True})
    assert answer.status_code == 409
    assert "pausing is for games between bots: X is played by a human" in answer.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json()["paused"] is False
    # the pause between moves may still be set, and a game may not start paused either
    delay = post(client, game["id"], "control", {"token": secrets["control"], "delay": 1.0})
    assert delay.status_code == 200 and delay.json()["delay"] == 1.0
    created = client.post("/api/games", json={**human_vs_bot(), "paused": True})
    assert created.status_code == 422 and "pausing is for games between bots" in created.text
    # between bots, pausing works as before
    bots, bot_secrets = start(client, bots_game())
    paused = post(client, bots["id"], "control", {"token": bot_secrets["control"], "paused": True})
    assert paused.status_code == 200 and paused.json()["paused"] is True


# -- scores and numbering ---------------------------------------------------------------


def test_scores_are_from_the_first_seat_and_moves_numbered_by_rounds(client: TestClient) -> None:
    game, _ = start(client, bots_game("alphabeta", "hillclimb", 0.1))
    done = wait_for(client, game["id"], lambda g: g["finished"], timeout=60)
    scored = 0
    for move in done["moves"]:
        info = move["info"]
        if info and info.get("score") is not None:
            expected = info["score"] if move["player"] == 0 else -info["score"]
            assert move["score"] == expected, move
            scored += 1
        assert move["round"] == (move["number"] - 1) // 2 + 1
    assert scored >= 4 and any(m["player"] == 1 and m["score"] is not None for m in done["moves"])
    assert [m["round"] for m in done["moves"]][:4] == [1, 1, 2, 2]


def test_first_seat_score_is_the_movers_score_seen_from_the_first_seat() -> None:
    info = SearchInfo(depth=3, score=2.0)
    assert first_seat_score(info, 0, 2) == 2.0
    assert first_seat_score(info, 1, 2) == -2.0
    assert first_seat_score(info, 0, 1) is None  # a one-player game has no other side
    assert first_seat_score(info, -1, 2) is None  # chance
    assert first_seat_score(SearchInfo(depth=1), 1, 2) is None


# -- levels -------------------------------------------------------------------------------


def test_the_catalog_offers_levels_led_by_the_strongest_bot_at_one_second(
    client: TestClient,
) -> None:
    catalog = client.get("/api/catalog").json()
    for game in catalog["games"]:
        levels = {level["name"]: level for level in game["levels"]}
        if not game["bots"]:
            assert levels == {}
            continue
        default = levels[game["default_level"]]
        assert default["bot"] == strongest_bot(game["name"])
        assert default["settings"] == {"time": 1.0}
        for level in levels.values():
            assert level["bot"] in game["bots"]
            assert level["settings"]["time"] <= catalog["think_cap"]
            bot = make_bot(level["bot"], **level["settings"])
            assert bot.supports(load_game(game["name"]))
    adjacency = next(g for g in catalog["games"] if g["name"] == "adjacency")
    assert [level["name"] for level in adjacency["levels"]] == [
        "easy",
        "medium",
        "hard",
        "strongest",
    ]


# -- waiting for a worker ----------------------------------------------------------------


def test_a_bot_queued_behind_other_games_says_it_waits_for_a_worker(client: TestClient) -> None:
    # Two workers, three games of slow bots: one bot must wait, and its clock has not started.
    games = [start(client, bots_game(seconds=1.5))[0] for _ in range(3)]
    seen_queued = False
    deadline = time.monotonic() + 20
    while not seen_queued and time.monotonic() < deadline:
        for game in games:
            thinking = client.get(f"/api/games/{game['id']}").json()["thinking"]
            if thinking and thinking["queued"]:
                assert thinking["elapsed"] == 0.0
                seen_queued = True
        time.sleep(0.05)
    assert seen_queued
    for game in games:
        wait_for(client, game["id"], lambda g: g["ply"] >= 1, timeout=30)


# -- over a real server: viewers, the docs -------------------------------------------------


def _api(url: str, method: str = "GET", body: Json | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _watch_once(url: str) -> None:
    """Open the game's event stream, read the first event, and leave (the tab is closed)."""
    with urllib.request.urlopen(url, timeout=10) as stream:
        assert stream.readline().startswith(b"event: game")


def _ply_after(url: str, seconds: float) -> int:
    time.sleep(seconds)
    return int(_api(url)["ply"])


@pytest.fixture(scope="module")
def unwatching_server() -> Iterator[str]:
    """``plyground serve`` with one worker whose bots stop half a second after nobody watches,
    shared by the tests of bots that stop (each ends its game, so the worker is free after)."""
    with served(plyground_env(), "--workers", "1", "--unwatched", "0.5") as base:
        yield base


@contextlib.contextmanager
def _long_bots_game(base: str) -> Iterator[str]:
    """A long game of quick bots on the server at ``base``: its id; ended after."""
    body = {**bots_game("greedy", "random", 0.05), "delay": 0.2}
    body["settings"] = {"size": 8, "rounds": 28}
    created = _api(f"{base}/api/games", "POST", body)
    game_id = str(created["game"]["id"])
    try:
        yield game_id
    finally:
        _api(f"{base}/api/games/{game_id}/end", "POST", {"token": created["secrets"]["control"]})


def test_a_game_nobody_watches_stops_its_bots_until_a_viewer_returns(
    unwatching_server: str,
) -> None:
    base = unwatching_server
    with _long_bots_game(base) as game_id:
        game = f"{base}/api/games/{game_id}"
        _watch_once(f"{game}/events")
        # The viewer left: within the grace the bots stop, and stay stopped.
        stopped = wait_for(base, game_id, lambda g: g["idle"], timeout=15)
        assert stopped["thinking"] is None and not stopped["finished"]
        assert _ply_after(game, 1.5) == stopped["ply"]
        assert _api(f"{base}/api/health")["thinking"] == 0
        # A viewer comes back: the bots play on.
        with urllib.request.urlopen(f"{game}/events", timeout=10) as stream:
            stream.readline()
            wait_for(base, game_id, lambda g: g["ply"] > stopped["ply"], timeout=15)
            assert not _api(game)["idle"]


def test_a_game_never_streamed_stops_its_bots_until_a_viewer_comes(unwatching_server: str) -> None:
    # Bots that nobody ever watches must not hold the pool: polling is no watching.
    base = unwatching_server
    with _long_bots_game(base) as game_id:
        game = f"{base}/api/games/{game_id}"
        stopped = wait_for(base, game_id, lambda g: g["idle"], timeout=15)
        assert stopped["thinking"] is None and not stopped["finished"]
        assert _api(f"{base}/api/health")["thinking"] == 0
        with urllib.request.urlopen(f"{game}/events", timeout=10) as stream:
            stream.readline()
            assert not _api(game)["idle"]


def test_the_api_docs_come_from_this_server(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "cdn." not in page.text and "https://" not in page.text
    assert "/docs/assets/swagger-ui-bundle.js" in page.text
    assert "script-src 'self' 'unsafe-inline'" in page.headers["content-security-policy"]
    script = client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.content) > 100_000
    assert client.get("/docs/assets/swagger-ui.css").status_code == 200
    assert client.get("/redoc").status_code == 404  # it would load a CDN's script
