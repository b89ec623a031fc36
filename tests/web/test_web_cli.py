"""``plyground serve`` as a user runs it."""

from __future__ import annotations

import json
import signal
import socket
import time
import urllib.request

import pytest
from web_helpers import ROOT, served, served_process

from process_support import descendants, wait_gone


def test_serve_help_teaches_the_options(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["serve", "--help"])
    assert result.returncode == 0
    for option in ("--host", "--port", "--think-cap", "--grace", "--workers", "--max-games"):
        assert option in result.stdout
    assert "127.0.0.1" in result.stdout and "8000" in result.stdout


def test_serve_refuses_a_busy_port_in_one_line(run_cli) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli(["serve", "--port", str(port)])
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"plyground serve: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )


def test_serve_refused_leaves_no_database_and_names_a_bad_host(  # type: ignore[no-untyped-def]
    run_cli, tmp_path
) -> None:
    db = tmp_path / "games.db"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli(["serve", "--port", str(port), "--db", str(db)])
    assert result.returncode == 2 and "Address already in use" in result.stderr
    assert list(tmp_path.iterdir()) == []  # no database made for a server that never ran
    result = run_cli(["serve", "--host", "999.1.1.1", "--port", "0"])
    assert result.returncode == 2
    assert result.stderr.startswith("plyground serve: error: cannot listen on 999.1.1.1:0: ")
    assert "Unknown error" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--think-cap", "0"], "'think_cap' must be at least 0.01"),
        (["--grace", "-1"], "'grace' must be at least 0"),
    ],
)
def test_serve_refuses_bad_settings(run_cli, argv: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["serve", *argv])
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_answers_and_stops_cleanly(cli_env) -> None:  # type: ignore[no-untyped-def]
    with served(cli_env, "--think-cap", "3") as url:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(f"{url}/api/catalog") as response:
            catalog = json.load(response)
        assert catalog["think_cap"] == 3.0
        with urllib.request.urlopen(url) as response:
            assert b"plyground" in response.read()


def test_serve_stops_in_order_on_sigterm(cli_env) -> None:  # type: ignore[no-untyped-def]
    """SIGTERM is how a service manager stops a server: the same orderly stop as Ctrl+C, one
    line that says why, and nothing left running or leaked (uvicorn hands the signal back
    after its shutdown, and Python's default handler would end the process before its exit
    handlers: the resource tracker then warned of the worker pool's semaphores)."""
    with served_process(cli_env, "--workers", "2") as (_, process):
        deadline = time.monotonic() + 30
        while len(workers := descendants(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) >= 2, "the worker pool never started"
        process.send_signal(signal.SIGTERM)
        said, _ = process.communicate(timeout=30)
    assert process.returncode == 143, said
    assert said.strip() == "plyground serve: stopped by SIGTERM"
    assert wait_gone(workers, 10) == [], "a worker outlived the server"


def test_serve_offers_a_bot_from_a_file_and_it_plays(cli_env, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot = tmp_path / "mybot.py"
    bot.write_text((ROOT / "examples" / "bots" / "mybot.py").read_text())
    # The test polls the game rather than streams it: its bots must not stop unwatched.
    with served(cli_env, "--bot", f"{bot}:MyBot", "--unwatched", "120") as url:
        with urllib.request.urlopen(f"{url}/api/catalog") as response:
            catalog = json.load(response)
        assert "MyBot" in [b["name"] for b in catalog["bots"]]
        adjacency = next(g for g in catalog["games"] if g["name"] == "adjacency")
        assert "MyBot" in adjacency["bots"]
        seats = [
            {"name": "Mine", "kind": "bot", "bot": "MyBot", "settings": {"time": 0.2}},
            {"name": "Greedy", "kind": "bot", "bot": "greedy", "settings": {"time": 0.2}},
        ]
        # no pause between the bots' moves: their pace is not what is tested
        game = {"settings": {"size": 4, "rounds": 2}, "players": seats, "delay": 0}
        body = json.dumps(game).encode()
        request = urllib.request.Request(
            f"{url}/api/games", body, {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request) as response:
            game_id = json.load(response)["game"]["id"]
        deadline = time.monotonic() + 60  # a hang fails; slowness does not
        while True:
            with urllib.request.urlopen(f"{url}/api/games/{game_id}") as response:
                game = json.load(response)
            if game["finished"] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert game["finished"], game
        with urllib.request.urlopen(f"{url}/api/games/{game_id}/record") as response:
            record = json.load(response)
        assert not record["rule_breaks"], record["rule_breaks"]


def test_serve_refuses_a_bad_bot_file_in_one_line_and_the_users_own(run_cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot = tmp_path / "mybot.py"
    bot.write_text("class MyBot:\n    pass\n")
    result = run_cli(["serve", "--port", "0", "--bot", f"{bot}:MyBot"])
    assert result.returncode == 2
    error, where, source = result.stderr.strip().splitlines()
    assert error.startswith("plyground serve: error: ")
    assert error.endswith(
        "MyBot is not a bot class; a bot subclasses plyground.bots.Bot "
        "(from plyground.bots import Bot)"
    )
    assert where.endswith('mybot.py", line 1, in <module>') and source == "    class MyBot:"
