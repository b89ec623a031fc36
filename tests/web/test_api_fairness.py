"""The worker pool is shared fairly, over real HTTP: another client's bot is not queued behind
one client's many games, an analysis asked twice runs once, and one whose client went away
stops."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import httpx
from test_api_limits import client, humans
from web_helpers import plyground_env, served

Json = dict[str, Any]


def _until(check: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Wait for ``check()``; fail after ``timeout`` s (a hang, not speed)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.05)


def _played_game(sender: httpx.Client, moves: int) -> str:
    """A human game of the adjacency game (8x8) with ``moves`` moves played; its id."""
    made = sender.post("/api/games", json={**humans(), "settings": {"size": 8, "rounds": 28}})
    game, tokens = made.json()["game"], made.json()["secrets"]["seats"]
    for _ in range(moves):
        body = {"token": tokens[str(game["to_move"])], "move": game["clickable"][-1]}
        game = sender.post(f"/api/games/{game['id']}/moves", json=body).json()
    return str(game["id"])


def test_another_clients_bot_is_not_queued_behind_one_clients_games() -> None:
    args = ("--workers", "2", "--unwatched", "120", "--think-cap", "6")
    with served(plyground_env(), *args) as base, client(base, 2) as abuser:
        bot = {"kind": "bot", "bot": "alphabeta", "settings": {"time": 6}}
        games = []
        for number in range(3):
            players = [{"name": f"A{number}", **bot}, {"name": f"B{number}", **bot}]
            body = {"settings": {"size": 8, "rounds": 28}, "players": players, "delay": 0}
            games.append(abuser.post("/api/games", json=body).json()["game"]["id"])

        def abusers_state() -> list[Json]:
            return [abuser.get(f"/api/games/{game}").json() for game in games]

        # Workers warm: one of the abuser's bots thinks, the other two wait for their
        # client's turn although the second worker is free (the abuser's share is one).
        _until(lambda: any(g["thinking"] and not g["thinking"]["queued"] for g in abusers_state()),
               "the abuser's first bot move", timeout=300)  # fmt: skip
        health = abuser.get("/api/health").json()
        assert health["working"] == 1 and health["waiting"] == 2, health
        before = sum(g["ply"] for g in abusers_state())
        with client(base, 3) as user:
            players = [
                {"name": "Ann", "kind": "human"},
                {"name": "Robo", "kind": "bot", "bot": "greedy", "settings": {"time": 0.2}},
            ]
            made = user.post("/api/games", json={**humans(), "players": players}).json()
            game, token = made["game"], made["secrets"]["seats"]["0"]
            body = {"token": token, "move": game["clickable"][0]}
            user.post(f"/api/games/{game['id']}/moves", json=body).raise_for_status()
            _until(lambda: user.get(f"/api/games/{game['id']}").json()["ply"] == 2, "a reply")
        assert sum(g["ply"] for g in abusers_state()) == before  # it did not wait for them


def test_an_analysis_asked_twice_at_once_runs_once() -> None:
    with (
        served(plyground_env(), "--analysis-time", "0.3", "--workers", "2") as base,
        client(base, 4) as first,
        client(base, 5) as second,
    ):
        game_id = _played_game(first, 4)  # five positions: an analysis of some seconds
        answers: dict[str, httpx.Response] = {}

        def ask(who: httpx.Client) -> None:
            answers[str(id(who))] = who.get(f"/api/games/{game_id}/analysis")

        askers = [threading.Thread(target=ask, args=(who,)) for who in (first, second)]
        for asker in askers:
            asker.start()
        most = 0
        while any(asker.is_alive() for asker in askers):
            most = max(most, first.get("/api/health").json()["working"])
            time.sleep(0.05)
        assert most == 1  # one job for both, though a second worker was free
        texts = {response.text for response in answers.values()}
        assert len(answers) == 2 and len(texts) == 1, answers
        assert all(response.status_code == 200 for response in answers.values())


def test_an_analysis_whose_client_went_away_stops() -> None:
    with (
        served(plyground_env(), "--analysis-time", "2", "--workers", "1") as base,
        client(base, 6) as reviewer,
    ):
        game_id = _played_game(reviewer, 30)  # minutes of analysis: up to 4 s a position
        parts = urlsplit(base)
        sock = socket.create_connection((parts.hostname, parts.port))
        sock.sendall(
            f"GET /api/games/{game_id}/analysis HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode()
        )

        def working() -> int:
            return int(reviewer.get("/api/health").json()["working"])

        _until(lambda: working() == 1, "the analysis", timeout=300)
        time.sleep(1.0)
        sock.close()
        # Its worker is free within a position or two, not after the whole game.
        _until(lambda: working() == 0, "the worker's release", timeout=30)


def test_within_a_client_its_bots_move_goes_before_its_analyses() -> None:
    """One client, one worker: four analyses of its games waiting, then its bot's move.
    The move is played once the analysis at work ends, before the three still waiting."""
    with (
        served(plyground_env(), "--analysis-time", "0.3", "--workers", "1") as base,
        client(base, 7) as student,
    ):
        reviewed = [_played_game(student, 6) for _ in range(4)]
        players = [
            {"name": "Ann", "kind": "human"},
            {"name": "Robo", "kind": "bot", "bot": "greedy", "settings": {"time": 0.2}},
        ]
        made = student.post("/api/games", json={**humans(), "players": players}).json()
        game, token = made["game"], made["secrets"]["seats"]["0"]
        done: list[str] = []

        def analyse(game_id: str) -> None:
            student.get(f"/api/games/{game_id}/analysis").raise_for_status()
            done.append(game_id)

        askers = [threading.Thread(target=analyse, args=(g,)) for g in reviewed]
        for asker in askers:
            asker.start()
        _until(lambda: student.get("/api/health").json()["waiting"] >= 3, "the queued analyses")
        body = {"token": token, "move": game["clickable"][0]}
        student.post(f"/api/games/{game['id']}/moves", json=body).raise_for_status()
        _until(lambda: student.get(f"/api/games/{game['id']}").json()["ply"] == 2, "a reply")
        finished_before_the_reply = len(done)
        for asker in askers:
            asker.join(timeout=300)
        assert len(done) == 4
        assert finished_before_the_reply <= 1, "the bot's move waited behind its analyses"
