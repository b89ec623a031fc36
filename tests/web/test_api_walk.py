"""Every route, with random valid positions of every game, over real HTTP: no answer is a
5xx, and every refusal is the documented ``{"error": "<sentence>"}``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_helpers import plyground_env, served

from plyground.core.chance import draw_outcome
from plyground.core.game import CHANCE, Game
from plyground.games import game_class
from plyground.web.views import viewable_games

Json = dict[str, Any]
SEED = 38
POSITIONS = 3
"""Random positions walked per game."""
HARD_STARTS = (
    "8/8/8/3XO3/3OX3/8/8/8 X 2",
    "XX6/8/8/8/8/8/8/6OO X 3",
    "XXOO4/XXOO4/8/8/8/8/4XXOO/4XXOO X 8",
)
"""Adjacency starts that once made the hint and the values fail (issue 38)."""


@pytest.fixture(scope="module")
def api() -> Iterator[httpx.Client]:
    args = ("--analysis-time", "0.05", "--think-cap", "0.3", "--grace", "2")
    with served(plyground_env(), *args) as base, httpx.Client(base_url=base, timeout=60) as api:
        yield api


def random_start(game: Game, rng: random.Random) -> str:
    """A position a few random moves (and chance outcomes) into the game, not over."""
    state = game.initial_state()
    for _ in range(rng.randrange(0, 12)):
        if state.to_move() == CHANCE:
            after = state.play(draw_outcome(state.chance_outcomes(), rng))
        else:
            after = state.play(rng.choice(list(state.legal_moves())))
        if after.is_terminal():
            break
        state = after
    return state.text()


def starts() -> list[tuple[str, str]]:
    rng = random.Random(SEED)
    found = [("adjacency", start) for start in HARD_STARTS]
    for name in viewable_games():
        game = game_class(name)()
        found += [(name, random_start(game, rng)) for _ in range(POSITIONS)]
    return found


def answered(response: httpx.Response) -> httpx.Response:
    """Check an answer: never a 5xx, and a refusal is the one JSON shape."""
    where = f"{response.request.method} {response.request.url.path}"
    assert response.status_code < 500, f"{where}: {response.status_code} {response.text}"
    if response.status_code >= 400:
        error = response.json().get("error")
        assert isinstance(error, str) and error, f"{where}: {response.text}"
    return response


@pytest.mark.parametrize(("name", "start"), starts())
def test_every_route_answers_a_sentence_or_success(
    api: httpx.Client, name: str, start: str
) -> None:
    game = game_class(name)()
    players = [{"name": f"P{i}", "kind": "human"} for i in range(game.capabilities.players)]
    body = {"game": name, "players": players, "start": start}
    made = answered(api.post("/api/games", json=body))
    if made.status_code != 201:
        return  # a start the page refuses says why (checked above)
    snapshot, secrets = made.json()["game"], made.json()["secrets"]
    path = f"/api/games/{snapshot['id']}"
    mover = secrets["seats"].get(str(snapshot["to_move"]), secrets["seats"]["0"])
    seat = {"token": mover}
    answered(api.get(path))
    with api.stream("GET", f"{path}/events") as stream:
        assert stream.status_code == 200
        next(line for line in stream.iter_lines() if line.startswith("data: "))
    legal = answered(api.get(f"{path}/legal")).json()
    if legal["moves"] and legal["moves"][0]["clicks"]:
        first = legal["moves"][0]["clicks"][0]["cell"]
        answered(api.get(f"{path}/legal", params={"clicks": first}))
    for tool in snapshot["tools"]:
        answered(api.post(f"{path}/tools/{tool['name']}", json={**seat, "options": {}}))
    answered(api.get(f"{path}/values"))
    answered(api.get(f"{path}/values", params={"ply": 0}))
    if legal["moves"]:
        move = random.Random(start).choice(legal["moves"])["move"]
        answered(api.post(f"{path}/moves", json={**seat, "move": move}))
    answered(api.get(f"{path}/analysis"))
    answered(api.get(f"{path}/history"))
    answered(api.get(f"{path}/record"))
    answered(api.post(f"{path}/undo", json=seat))
    control = {"token": secrets["control"]}
    answered(api.post(f"{path}/control", json={**control, "paused": True}))
    answered(api.post(f"{path}/step", json=control))
    answered(api.post(f"{path}/resign", json=seat))
    answered(api.post(f"{path}/end", json=control))
    for tool in snapshot["tools"]:
        answered(api.post(f"{path}/tools/{tool['name']}", json={**seat, "options": {}}))
