"""A well-behaved user beside one abusive client, against a real ``plyground serve``.

Run through ``benchmarks/web_latency.py --abuse``, which starts the server. For each
abuse it prints the user's bot replies (``alphabeta`` at 1 s a move: from sending the
human's move to the bot's reply arriving on the game's event stream; the target is the
move time plus 1 s), the 90th percentile of the user's ``GET /api/health`` and the
server process's peak RSS while the abuse lasted. Every loop
is bounded in count and in time.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx

USER = "127.0.0.3"
ABUSER = "127.0.0.2"
USER_BOT = {"name": "Robo", "kind": "bot", "bot": "alphabeta", "settings": {"time": 1}}
TARGET = 2.0
"""Seconds within which the user's 1 s bot should reply."""
BIG_GAME = {"size": 8, "rounds": 28}


def http(base: str, address: str) -> httpx.Client:
    """A client connecting from ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=base, transport=transport, timeout=120)


class PeakMemory:
    """The peak resident memory of a process while inside (sampled every 50 ms)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stop.is_set():
            with (
                contextlib.suppress(OSError, ValueError),
                open(f"/proc/{self.pid}/status") as status,
            ):
                for line in status:
                    if line.startswith("VmRSS:"):
                        self.peak = max(self.peak, int(line.split()[1]) * 1024)
            time.sleep(0.05)


def user_replies(base: str, count: int) -> list[float]:
    """The user's bot replies: seconds from the human's move to the reply on the stream."""
    samples: list[float] = []
    with http(base, USER) as user:
        players = [{"name": "Ann", "kind": "human"}, USER_BOT]
        made = user.post("/api/games", json={"settings": BIG_GAME, "players": players})
        made.raise_for_status()
        game, token = made.json()["game"], made.json()["secrets"]["seats"]["0"]
        with user.stream("GET", f"/api/games/{game['id']}/events") as stream:
            lines = stream.iter_lines()
            for _ in range(count):
                body = {"token": token, "move": game["clickable"][0], "ply": game["ply"]}
                start = time.perf_counter()
                user.post(f"/api/games/{game['id']}/moves", json=body).raise_for_status()
                for line in lines:
                    if line.startswith("data: "):
                        game = json.loads(line.removeprefix("data: "))
                        if game["ply"] >= body["ply"] + 2 or game["finished"]:
                            break
                samples.append(time.perf_counter() - start)
                if game["finished"]:
                    break
        control = made.json()["secrets"]["control"]
        user.post(f"/api/games/{game['id']}/end", json={"token": control})
    return samples


def finished_games(abuser: httpx.Client, count: int) -> list[str]:
    """``count`` human games of 28 rounds on 8x8 played to their end; their ids."""
    ids = []
    humans = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    for _ in range(count):
        made = abuser.post("/api/games", json={"settings": BIG_GAME, "players": humans}).json()
        game, tokens = made["game"], made["secrets"]["seats"]
        while not game["finished"]:
            body = {"token": tokens[str(game["to_move"])], "move": game["clickable"][-1]}
            game = abuser.post(f"/api/games/{game['id']}/moves", json=body).json()
        ids.append(game["id"])
    return ids


@contextlib.contextmanager
def analyses(base: str, count: int) -> Iterator[list[int]]:
    """The abuser asks for the analysis of ``count`` games it just finished (none analysed
    before), all at once; the connections close after."""
    with http(base, ABUSER) as abuser:
        games = finished_games(abuser, count)
    statuses: list[int] = []
    clients = [http(base, ABUSER) for _ in games]

    def ask(client: httpx.Client, game: str) -> None:
        with contextlib.suppress(httpx.HTTPError):
            statuses.append(client.get(f"/api/games/{game}/analysis").status_code)

    threads = [
        threading.Thread(target=ask, args=(c, g), daemon=True)
        for c, g in zip(clients, games, strict=True)
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    try:
        yield statuses
    finally:
        for client in clients:
            client.close()  # the server notices, and stops the analyses nobody awaits


@contextlib.contextmanager
def bot_games(base: str, count: int) -> Iterator[list[int]]:
    """``count`` games of two ``alphabeta`` bots at 10 s a move that nobody streams."""
    bot = {"kind": "bot", "bot": "alphabeta", "settings": {"time": 10}}
    statuses, controls = [], []
    with http(base, ABUSER) as abuser:
        for number in range(count):
            players = [{"name": f"A{number}", **bot}, {"name": f"B{number}", **bot}]
            body = {"settings": BIG_GAME, "players": players, "delay": 0}
            made = abuser.post("/api/games", json=body)
            statuses.append(made.status_code)
            if made.is_success:
                controls.append((made.json()["game"]["id"], made.json()["secrets"]["control"]))
        try:
            yield statuses
        finally:
            for game, control in controls:
                abuser.post(f"/api/games/{game}/end", json={"token": control})


def open_stream(base: str, address: str, game: str) -> tuple[socket.socket | None, int]:
    """An event stream opened from ``address`` (left open if accepted) and its status."""
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), source_address=(address, 0))
    sock.settimeout(30)
    request = f"GET /api/games/{game}/events HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n"
    sock.sendall(request.encode())
    status = int(sock.recv(64).split()[1])
    if status != 200:
        sock.close()
        return None, status
    return sock, status


@contextlib.contextmanager
def streams(base: str, game: str, addresses: list[str], each: int) -> Iterator[list[int]]:
    """``each`` event streams on ``game`` from every address, held open (never read)."""
    held: list[socket.socket] = []
    statuses: list[int] = []
    try:
        for address in addresses:
            for _ in range(each):
                sock, status = open_stream(base, address, game)
                statuses.append(status)
                if sock is not None:
                    held.append(sock)
        yield statuses
    finally:
        for sock in held:
            sock.close()


def new_game(base: str, bots: bool) -> tuple[str, str]:
    """A game of the abuser's that lasts: two ``alphabeta`` bots at 0.3 s a move (each depth
    a change), or two humans (no change); its id and control secret."""
    kind: dict[str, Any] = (
        {"kind": "bot", "bot": "alphabeta", "settings": {"time": 0.3}}
        if bots
        else {"kind": "human"}
    )
    players = [{"name": "G", **kind}, {"name": "R", **kind}]
    with http(base, ABUSER) as abuser:
        body = {"settings": BIG_GAME, "players": players, "delay": 0.2 if bots else 0.5}
        made = abuser.post("/api/games", json=body).json()
    return made["game"]["id"], made["secrets"]["control"]


@contextlib.contextmanager
def streams_on_new_game(
    base: str, bots: bool, addresses: list[str], each: int
) -> Iterator[list[int]]:
    """Streams held open on a new game of the abuser's, which ends after."""
    game, control = new_game(base, bots)
    try:
        with streams(base, game, addresses, each) as statuses:
            yield statuses
    finally:
        with http(base, ABUSER) as abuser:
            abuser.post(f"/api/games/{game}/end", json={"token": control})


@contextlib.contextmanager
def game_flood(base: str, count: int) -> Iterator[list[int]]:
    """``count`` new games as fast as one client can ask."""
    humans = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    with http(base, ABUSER) as abuser:
        statuses = [
            abuser.post("/api/games", json={"players": humans}).status_code for _ in range(count)
        ]
    yield statuses


def big_body(base: str, size: int, chunked: bool) -> int:
    """POST a ``size``-byte body (declared, or chunked) 1 MB at a time; the status."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), source_address=(ABUSER, 0)) as sock:
        sock.settimeout(60)
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
        head = f"POST /api/games HTTP/1.1\r\nHost: {parts.netloc}\r\n{framing}\r\n"
        sock.sendall(f"{head}Content-Type: application/json\r\n\r\n".encode())
        chunk = b"x" * (1 << 20)
        with contextlib.suppress(OSError):
            for _ in range(size >> 20):
                sock.sendall(b"100000\r\n" + chunk + b"\r\n" if chunked else chunk)
        with contextlib.suppress(OSError):
            answer = sock.recv(64)
            return int(answer.split()[1]) if answer else 0
    return 0


@contextlib.contextmanager
def bodies(base: str, count: int, size: int) -> Iterator[list[int]]:
    """``count`` bodies of ``size`` bytes at once (half declared, half chunked)."""
    statuses: list[int] = []
    threads = [
        threading.Thread(
            target=lambda n=n: statuses.append(big_body(base, size, chunked=n % 2 == 1))
        )
        for n in range(count)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    yield statuses


def health_p90(base: str, count: int) -> float:
    """The 90th percentile of the user's ``GET /api/health``, 20 ms apart (seconds)."""
    samples = []
    with http(base, USER) as user:
        for _ in range(count):
            start = time.perf_counter()
            user.get("/api/health").raise_for_status()
            samples.append(time.perf_counter() - start)
            time.sleep(0.02)
    return sorted(samples)[int(0.9 * (len(samples) - 1))]


def _figures(samples: list[float]) -> str:
    if not samples:
        return "no reply"
    within = sum(s <= TARGET for s in samples)
    return (
        f"median {statistics.median(samples):5.2f} s  max {max(samples):5.2f} s  "
        f"({within}/{len(samples)} within {TARGET:g} s)"
    )


def _counts(statuses: list[int]) -> str:
    tally: dict[int, int] = {}
    for status in statuses:
        tally[status] = tally.get(status, 0) + 1
    return ", ".join(f"{n}x{status}" for status, n in sorted(tally.items())) or "-"


def measure_abuses(base: str, pid: int, replies: int) -> None:
    """Print the user's bot replies and the server's peak RSS beside each abuse."""
    load = os.getloadavg()[0]
    print(f"plyground serve at {base} (default settings, 2 workers), {os.cpu_count()} cores, "
          f"load average {load:.1f}")  # fmt: skip
    print(f"user: human against {USER_BOT['bot']} at 1 s a move; target: reply within {TARGET:g} s")
    user_replies(base, 1)  # the workers are warm before the first figure
    many = [f"127.0.1.{n}" for n in range(1, 16)]
    abuses: list[tuple[str, Callable[[], contextlib.AbstractContextManager[list[int]]]]] = [
        ("nothing else", lambda: contextlib.nullcontext([])),
        ("4 analyses", lambda: analyses(base, 4)),
        ("8 unwatched bot games at 10 s", lambda: bot_games(base, 8)),
        ("4 analyses + 8 unwatched bot games", lambda: _both(base)),
        (
            "300 streams on a bot game (15 addresses)",
            lambda: streams_on_new_game(base, True, many, 20),
        ),
        (
            "1,000 idle streams from one client",
            lambda: streams_on_new_game(base, False, [ABUSER], 1000),
        ),
        ("game-slot flood: 440 new games", lambda: game_flood(base, 440)),
        ("4 bodies of 200 MB", lambda: bodies(base, 4, 200 << 20)),
    ]
    for name, abuse in abuses:
        with PeakMemory(pid) as memory, abuse() as statuses:
            samples = user_replies(base, replies)
            health = health_p90(base, 40)
        print(f"{name:40} user reply {_figures(samples)}   health p90 {health * 1000:4.0f} ms   "
              f"server peak RSS {memory.peak / 1e6:4.0f} MB   abuser's answers: "
              f"{_counts(statuses)}")  # fmt: skip
        _settle(base)


@contextlib.contextmanager
def _both(base: str) -> Iterator[list[int]]:
    with analyses(base, 4) as first, bot_games(base, 8) as second:
        yield first + second


def _settle(base: str, timeout: float = 60) -> None:
    """Wait (bounded) until the workers are free again before the next abuse."""
    deadline = time.monotonic() + timeout
    with http(base, USER) as user:
        while user.get("/api/health").json()["working"] and time.monotonic() < deadline:
            time.sleep(0.2)
