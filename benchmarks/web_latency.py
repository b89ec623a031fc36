"""How much time the web server itself adds, measured against a real ``plyground serve``.

Prints, at p50 and p99:

1. a human's move: request to response (the whole move is the server's work);
2. a bot's reply: from sending the human's move to the bot's move arriving on the
   game's event stream, minus the search time the bot reported (what is left is
   the server's overhead: the worker pool, the pipes, the event stream);
3. a cheap request (``GET /api/health``) with nothing thinking, and while 4 bots
   think (4 bot-vs-bot games of ``alphabeta`` at 5 s a move, one worker each);
4. with ``--abuse``: a well-behaved user's bot reply (``alphabeta`` at 1 s a move,
   from sending the human's move to the reply arriving on the stream; the target is
   within 2 s) beside each abuse by another client, on a server with the default
   settings (2 workers): 4 analyses of finished 28-round games, 8 bot games at 10 s a
   move that nobody watches, both at once, 300 event streams on one game (from 15
   addresses), 1,000 idle streams from one client, a flood of 440 new games, four
   200 MB bodies; with the server process's peak memory (RSS, its worker processes
   not counted) during each.

Clients are told apart by their address: the user connects from 127.0.0.3, the
abuser from 127.0.0.2 (the server listens on 127.0.0.1 only).

Run: ``PYTHONPATH=src python benchmarks/web_latency.py [--games 2] [--samples 200] [--abuse]``.
Figures are wall-clock on a shared machine: compare numbers from the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def server(workers: int) -> Iterator[str]:
    """``plyground serve`` on a free port; yields its URL."""
    with served(workers) as (url, _):
        yield url


@contextmanager
def served(workers: int) -> Iterator[tuple[str, int]]:
    """``plyground serve`` on a free port of 127.0.0.1; yields its URL and process id."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [sys.executable, "-m", "plyground", "serve", "--port", "0", "--workers", str(workers)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        match = re.search(r"(http://\S+)", process.stdout.readline())
        assert match, "plyground serve did not say where it listens"
        url = match.group(1)
        for _ in range(300):
            try:
                httpx.get(f"{url}/api/health").raise_for_status()
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(1.0)  # let the worker processes start
        yield url, process.pid
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"p50 {p50 * 1000:7.2f} ms   p99 {p99 * 1000:7.2f} ms   (n={len(ordered)})"


def new_game(client: httpx.Client, players: list[dict[str, Any]], **extra: Any) -> Any:
    body = {"settings": {"size": 8, "rounds": 28}, "players": players, **extra}
    response = client.post("/api/games", json=body)
    response.raise_for_status()
    return response.json()


def human_moves(client: httpx.Client, games: int) -> list[float]:
    samples = []
    humans = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    for _ in range(games):
        created = new_game(client, humans)
        game, tokens = created["game"], created["secrets"]["seats"]
        while not game["finished"]:
            token = tokens[str(game["to_move"])]
            body = {"token": token, "move": game["clickable"][0], "ply": game["ply"]}
            start = time.perf_counter()
            response = client.post(f"/api/games/{game['id']}/moves", json=body)
            samples.append(time.perf_counter() - start)
            response.raise_for_status()
            game = response.json()
    return samples


def events(client: httpx.Client, game_id: str) -> Generator[dict[str, Any], None, None]:
    with client.stream("GET", f"/api/games/{game_id}/events", timeout=60) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                yield json.loads(line.removeprefix("data: "))


def bot_replies(client: httpx.Client, games: int) -> list[float]:
    samples = []
    players: list[dict[str, Any]] = [
        {"name": "A", "kind": "human"},
        {"name": "B", "kind": "bot", "bot": "greedy", "settings": {"time": 1}},
    ]
    for _ in range(games):
        created = new_game(client, players)
        game, token = created["game"], created["secrets"]["seats"]["0"]
        stream = events(client, game["id"])
        next(stream)
        while not game["finished"]:
            body = {"token": token, "move": game["clickable"][0], "ply": game["ply"]}
            start = time.perf_counter()
            client.post(f"/api/games/{game['id']}/moves", json=body).raise_for_status()
            for game in stream:
                if game["ply"] == body["ply"] + 2 or game["finished"]:
                    break
            took = time.perf_counter() - start
            if len(game["moves"]) == body["ply"] + 2:
                searched = game["moves"][-1]["info"]["elapsed"]
                samples.append(took - searched)
        stream.close()
    return samples


def cheap_requests(client: httpx.Client, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        client.get("/api/health").raise_for_status()
        samples.append(time.perf_counter() - start)
        time.sleep(0.01)
    return samples


def while_bots_think(client: httpx.Client, count: int) -> tuple[list[float], int]:
    bot = {"kind": "bot", "bot": "alphabeta", "settings": {"time": 5}}
    for number in range(4):
        players = [{"name": f"A{number}", **bot}, {"name": f"B{number}", **bot}]
        new_game(client, players, delay=0)
    deadline = time.monotonic() + 30
    while client.get("/api/health").json()["thinking"] < 4:
        if time.monotonic() > deadline:
            raise RuntimeError("the 4 bots did not start thinking")
        time.sleep(0.05)
    samples = cheap_requests(client, count)
    return samples, client.get("/api/health").json()["thinking"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per measurement")
    parser.add_argument("--samples", type=int, default=200, help="cheap requests per phase")
    parser.add_argument("--abuse", action="store_true", help="measure a user beside abuses")
    parser.add_argument("--replies", type=int, default=4, help="user's bot replies per abuse")
    args = parser.parse_args()
    if args.abuse:
        from web_abuse import measure_abuses

        with served(workers=2) as (url, pid):
            measure_abuses(url, pid, args.replies)
        return
    with server(workers=4) as url, httpx.Client(base_url=url, timeout=60) as client:
        print(f"plyground serve at {url}, 4 workers, on {os.cpu_count()} cores")
        print(
            f"human move, request to response      {percentiles(human_moves(client, args.games))}"
        )
        print(
            f"bot reply, overhead beyond search    {percentiles(bot_replies(client, args.games))}"
        )
        print(f"GET /api/health, nothing thinking    {percentiles(cheap_requests(client, 100))}")
        busy, still = while_bots_think(client, args.samples)
        print(
            f"GET /api/health, 4 bots thinking     {percentiles(busy)}   [{still} still thinking]"
        )


if __name__ == "__main__":
    main()
