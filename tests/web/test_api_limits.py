"""What one client may take of a served app, over real HTTP: games, streams, analyses, bodies,
hosts; names that read as what they are; the schema's limits are the enforced ones.

Clients are told apart by their address: each test client connects from its own loopback
address (127.0.0.N), as the pupils of a class would from their own machines.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from web_helpers import plyground_env, served, wait_for

from plyground.web.sessions.names import NAME_LENGTH

Json = dict[str, Any]
LIMITS = (
    "--client-streams", "2", "--max-streams", "3", "--max-body", "4096", "--client-jobs", "1",
    "--analysis-time", "0.5", "--allowed-host", "class.example",
)  # fmt: skip


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with served(plyground_env(), *LIMITS) as url:
        yield url


def client(base: str, number: int) -> httpx.Client:
    """An HTTP client connecting from 127.0.0.``number``."""
    transport = httpx.HTTPTransport(local_address=f"127.0.0.{number}")
    return httpx.Client(base_url=base, transport=transport, timeout=60)


def humans(*names: str, **extra: Any) -> Json:
    players = [{"name": name, "kind": "human"} for name in names or ("Ann", "Bob")]
    return {"settings": {"size": 6, "rounds": 6}, "players": players, **extra}


def refused(response: httpx.Response, status: int, words: str) -> str:
    """Check a refusal: its status, the one JSON shape, the words in its sentence."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and words in error, error
    return error


def test_a_client_keeps_at_most_its_games_and_is_told_when_to_retry() -> None:
    with (
        served(plyground_env(), "--client-games", "3", "--max-games", "5") as base,
        client(base, 11) as pupil,
        client(base, 12) as other,
    ):
        made = [pupil.post("/api/games", json=humans()).json() for _ in range(3)]
        full = pupil.post("/api/games", json=humans())
        refused(full, 429, "the most one client may")
        assert int(full.headers["Retry-After"]) >= 1
        assert f"retry in {full.headers['Retry-After']} s" in full.json()["error"]
        assert other.post("/api/games", json=humans()).status_code == 201  # others still may
        # A finished game of the client's makes room: it is forgotten first.
        first = made[0]
        resign = {"token": first["secrets"]["seats"]["0"]}
        assert pupil.post(f"/api/games/{first['game']['id']}/resign", json=resign).is_success
        assert pupil.post("/api/games", json=humans()).status_code == 201
        assert pupil.get(f"/api/games/{first['game']['id']}").status_code == 404
        assert pupil.get(f"/api/games/{made[1]['game']['id']}").status_code == 200
        # The server is full (5 games in play): a new client gets 503 with when to retry.
        with client(base, 13) as third:
            assert third.post("/api/games", json=humans()).status_code == 201
            response = third.post("/api/games", json=humans())
            refused(response, 503, "the server is full")
            assert int(response.headers["Retry-After"]) >= 1


def test_stale_games_make_room_before_a_game_in_play() -> None:
    with (
        served(plyground_env(), "--max-games", "2", "--stale", "1.5") as url,
        client(url, 21) as left,
        client(url, 22) as playing,
    ):
        idle = left.post("/api/games", json=humans()).json()["game"]["id"]
        busy = playing.post("/api/games", json=humans()).json()["game"]["id"]
        time.sleep(1.0)
        refused(left.post("/api/games", json=humans()), 503, "retry in 1 s")
        time.sleep(0.7)  # the first game is stale now; the second is touched now
        assert playing.get(f"/api/games/{busy}").status_code == 200
        assert left.post("/api/games", json=humans()).status_code == 201
        assert left.get(f"/api/games/{idle}").status_code == 404
        assert playing.get(f"/api/games/{busy}").status_code == 200


def _open_stream(address: str, base: str, game_id: str) -> tuple[socket.socket, str]:
    """Open an event stream from ``address``; the socket (left open) and its status line."""
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), source_address=(address, 0))
    request = f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n"
    sock.sendall(request.encode())
    return sock, _answer(sock)


def _answer(sock: socket.socket) -> str:
    """An answer's head and body (for a stream, up to its first event)."""
    sock.settimeout(30)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    if head.startswith(b"HTTP/1.1 200"):
        while b"event:" not in body:
            body += sock.recv(65536)
    else:
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        while len(body) < length:
            body += sock.recv(65536)
    return (head + b"\r\n\r\n" + body).decode("utf-8")


def test_event_streams_are_capped_per_client_and_in_all(base: str) -> None:
    with client(base, 31) as owner:
        game_id = owner.post("/api/games", json=humans()).json()["game"]["id"]
    sockets = []
    try:
        for _ in range(2):
            sock, answer = _open_stream("127.0.0.31", base, game_id)
            sockets.append(sock)
            assert answer.startswith("HTTP/1.1 200"), answer
        sock, answer = _open_stream("127.0.0.31", base, game_id)
        sock.close()
        assert answer.startswith("HTTP/1.1 429") and "the most one client may" in answer
        assert "retry-after: " in answer.lower()
        sock, answer = _open_stream("127.0.0.32", base, game_id)
        sockets.append(sock)
        assert answer.startswith("HTTP/1.1 200"), answer
        sock, answer = _open_stream("127.0.0.33", base, game_id)
        sock.close()
        assert answer.startswith("HTTP/1.1 429") and "the most it serves" in answer
    finally:
        for sock in sockets:
            sock.close()
    with client(base, 33) as later:  # closed streams are given back
        deadline = time.monotonic() + 10
        while later.get("/api/health").json()["streams"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert later.get("/api/health").json()["streams"] == 0


def test_bodies_over_the_cap_are_refused_before_they_are_read(base: str) -> None:
    with client(base, 41) as sender:
        big = {"players": [{"name": "x" * 5000, "kind": "human"}]}
        refused(sender.post("/api/games", json=big), 413, "4096 bytes")

        def chunks() -> Iterator[bytes]:
            yield b'{"players": [{"name": "'
            for _ in range(100):  # no Content-Length: counted as it comes
                yield b"x" * 1000
            yield b'", "kind": "human"}]}'

        chunked = sender.post(
            "/api/games", content=chunks(), headers={"Content-Type": "application/json"}
        )
        refused(chunked, 413, "larger than this server accepts")
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port)) as sock:  # 200 MB declared
        head = (
            f"POST /api/games HTTP/1.1\r\nHost: {parts.netloc}\r\n"
            "Content-Type: application/json\r\nContent-Length: 200000000\r\n\r\n"
        )
        sock.sendall(head.encode())  # and not a byte of the body: the answer comes anyway
        answer = _answer(sock)
    assert answer.startswith("HTTP/1.1 413"), answer


def test_the_largest_legitimate_body_fits_under_the_default_cap() -> None:
    from plyground.bots import bot_class, bot_names
    from plyground.web import WebSettings
    from plyground.web.sessions.catalog import web_settings_of

    longest = max(
        (web_settings_of(bot_class(name).SETTINGS) for name in bot_names()),
        key=lambda settings: sum(len(s.name) + 100 for s in settings),
    )
    seat = {
        "name": "x" * NAME_LENGTH,
        "kind": "bot",
        "bot": "b" * 64,
        "settings": {s.name: "v" * 100 for s in longest[:16]},
    }
    body = {**humans(), "players": [seat] * 8, "start": "s" * 500, "settings": {}}
    size = len(httpx.Request("POST", "http://h", json=body).content)
    assert size < WebSettings().max_body, size


def test_only_the_hosts_the_server_was_started_for_are_answered(base: str) -> None:
    port = urlsplit(base).port
    with client(base, 51) as browser:
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "class.example"):
            assert browser.get("/api/health", headers={"Host": host}).status_code == 200, host
        rebound = browser.get("/api/health", headers={"Host": f"evil.example:{port}"})
        refused(rebound, 421, "does not answer for the host 'evil.example'")
        refused(browser.get("/", headers={"Host": "10.0.0.7"}), 421, "--allowed-host 10.0.0.7")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("evil\u202e to move", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u200b", "U+200B ZERO WIDTH SPACE"),
        ("Ann\u2028Bob", "a line separator"),
        ("Ann\x07", "a control character"),
        ("\u3164\u3164", "shows nothing visible"),
        ("\u0301", "shows nothing visible"),
        ("  ", "is empty"),
        ("x" * (NAME_LENGTH + 1), f"at most {NAME_LENGTH} characters"),
        ("\u0410lice", "mixes Cyrillic and Latin letters in the word 'Аlice' (U+0410 CYRILLIC"),
        ("Ev\u03b1", "mixes Greek and Latin letters in the word 'Evα' (U+03B1 GREEK SMALL"),
    ],
)
def test_names_that_would_not_read_as_themselves_are_refused(
    base: str, name: str, words: str
) -> None:
    with client(base, 61) as sender:
        refused(sender.post("/api/games", json=humans("Ann", name)), 422, words)


def test_look_alike_names_are_the_same_name(base: str) -> None:
    with client(base, 62) as sender:
        refused(sender.post("/api/games", json=humans("Ann", "\uff21nn")), 422, "both sides")
        cyrillic = sender.post("/api/games", json=humans("\u0420\u0410\u0420\u0410", "papa"))
        refused(cyrillic, 422, "the names of X and O look alike ('РАРА' and 'papa': U+0420")
        for whole in ("\u0410\u043b\u0438\u0441\u0430", "\u0391\u03b8\u03b7\u03bd\u03ac"):
            made = sender.post("/api/games", json=humans("Alice", whole))  # Алиса, Αθηνά
            assert made.status_code == 201, made.text
            assert made.json()["game"]["players"][1]["name"] == whole
            resign = {"token": made.json()["secrets"]["seats"]["0"]}
            sender.post(f"/api/games/{made.json()['game']['id']}/resign", json=resign)
        made = sender.post("/api/games", json=humans("Ann", "x" * NAME_LENGTH))
        assert made.status_code == 201, made.text
        resign = {"token": made.json()["secrets"]["seats"]["0"]}
        sender.post(f"/api/games/{made.json()['game']['id']}/resign", json=resign)


def test_the_schema_states_the_limits_the_server_enforces(base: str) -> None:
    with client(base, 63) as reader:
        schema = reader.get("/openapi.json").json()
    seat = schema["components"]["schemas"]["SeatBody"]["properties"]["name"]
    assert seat["maxLength"] == NAME_LENGTH  # the server refuses one more (test above)
    assert "mixing Latin, Greek and Cyrillic letters" in seat["description"]
    assert "look-alike" in seat["description"]
    tools = schema["paths"]["/api/games/{game_id}/tools/{tool}"]["post"]
    assert "hint" in tools["summary"]
    statuses = set(tools["responses"])
    assert {"413", "421", "429"} <= statuses


def _finished_game(sender: httpx.Client, moves: int) -> Json:
    """A human game of the adjacency game with ``moves`` moves played, then resigned."""
    made = sender.post("/api/games", json=humans()).json()
    game, tokens = made["game"], made["secrets"]["seats"]
    for _ in range(moves):
        body = {"token": tokens[str(game["to_move"])], "move": game["clickable"][0]}
        game = sender.post(f"/api/games/{game['id']}/moves", json=body).json()
    return {"game": game, "tokens": tokens}


def test_hint_and_play_after_the_end_say_the_game_is_over(base: str) -> None:
    with client(base, 71) as player:
        over = _finished_game(player, 2)
        game_id, token = over["game"]["id"], over["tokens"]["0"]
        player.post(f"/api/games/{game_id}/resign", json={"token": token})
        hint = player.post(f"/api/games/{game_id}/tools/hint", json={"token": over["tokens"]["1"]})
        refused(hint, 409, "the game is over")
        made = player.post("/api/games", json=humans()).json()
        ended = made["game"]["id"]
        player.post(f"/api/games/{ended}/end", json={"token": made["secrets"]["control"]})
        hint = player.post(
            f"/api/games/{ended}/tools/hint", json={"token": made["secrets"]["seats"]["0"]}
        )
        refused(hint, 409, "the game is over")


def test_every_move_entry_has_info_and_rule_break(base: str) -> None:
    with client(base, 72) as player:
        game = _finished_game(player, 2)["game"]
        assert game["moves"] and all({"info", "rule_break"} <= set(move) for move in game["moves"])


def test_a_client_may_await_only_its_share_of_analyses(base: str) -> None:
    with client(base, 81) as reviewer, client(base, 82) as other:
        first = _finished_game(reviewer, 8)["game"]["id"]
        second = _finished_game(reviewer, 8)["game"]["id"]
        answers: list[httpx.Response] = []
        worker = threading.Thread(
            target=lambda: answers.append(reviewer.get(f"/api/games/{first}/analysis"))
        )
        worker.start()
        wait_for(base, first, lambda g: True)
        deadline = time.monotonic() + 30
        while other.get("/api/health").json()["thinking"] == 0:
            assert time.monotonic() < deadline, "the analysis did not start"
            time.sleep(0.05)
        busy = reviewer.get(f"/api/games/{second}/analysis")
        refused(busy, 429, "the most one client may have")
        assert int(busy.headers["Retry-After"]) >= 1
        worker.join(timeout=120)
        assert answers and answers[0].status_code == 200, answers


def test_a_server_for_every_interface_answers_its_names_and_addresses_only() -> None:
    from plyground.web.hosts import host_policy

    policy = host_policy("0.0.0.0", ["games.school.example"])
    for host in ("192.168.1.5:8000", "[fe80::1]:8000", socket.gethostname(), "localhost:80",
                 "games.school.example"):  # fmt: skip
        assert policy.allows(host), host
    assert not policy.allows("evil.example:8000") and not policy.allows("")
    loopback = host_policy("127.0.0.1")
    assert loopback.allows("[::1]:8000") and not loopback.allows("192.168.1.5")
