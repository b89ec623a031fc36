"""``plyground serve`` as a user runs it."""

from __future__ import annotations

import json
import socket
import urllib.request

from web_helpers import served


def test_serve_help_teaches_the_options(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["serve", "--help"])
    assert result.returncode == 0
    for option in ("--host", "--port", "--think-cap", "--workers", "--max-games", "--expiry"):
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


def test_serve_refuses_bad_settings(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["serve", "--think-cap", "0"])
    assert result.returncode == 2
    assert "'think_cap' must be at least 0.01" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_answers_and_stops_cleanly(cli_env) -> None:  # type: ignore[no-untyped-def]
    with served(cli_env, "--think-cap", "3") as url:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(f"{url}/api/catalog") as response:
            catalog = json.load(response)
        assert catalog["think_cap"] == 3.0
        with urllib.request.urlopen(url) as response:
            assert b"plyground" in response.read()
