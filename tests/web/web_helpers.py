"""Helpers for the web tests: request bodies, starting a game, waiting for a state."""

from __future__ import annotations

import time
from collections.abc import Callable
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
    client: TestClient, game_id: str, done: Callable[[Json], bool], timeout: float = 30.0
) -> Json:
    """Poll the game until ``done(snapshot)``; fail after ``timeout`` seconds (a hang, not speed)."""
    deadline = time.monotonic() + timeout
    while True:
        snapshot: Json = client.get(f"/api/games/{game_id}").json()
        if done(snapshot):
            return snapshot
        if time.monotonic() > deadline:
            pytest.fail(f"game {game_id} did not reach the expected state: {snapshot}")
        time.sleep(0.05)
