"""A student's own bots in ``plyground serve`` as contained processes, over real HTTP:
engines and class bots offered with ``--bot``, every declared setting offered, a
looping class bot and a looping engine that cost their own games timeouts while a
greedy game still answers in time, a class bot edited between two games, a class bot
that raises (a crash naming its file and line) and one edited so that it no longer
compiles (its line of code quoted), and no process left behind."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import ROOT, plyground_env, served_process

from process_support import descendants, wait_gone

Json = dict[str, Any]

LOOPING_CLASS = """\
from plyground import Bot

class LoopBot(Bot):
    def choose(self, state, limit=None, on_info=None):
        while True:
            pass
"""

LOOPING_ENGINE = """\
import sys

for line in sys.stdin:
    if line.startswith("hello"):
        print("hello 1 name=loopengine", flush=True)
    elif line.startswith("go"):
        while True:
            pass
"""

EDITED = """\
from plyground import Bot, Decision, SearchInfo, Setting
from plyground.bots import TIME_SETTING

class EditBot(Bot):
    SETTINGS = (TIME_SETTING, Setting("depth", int, 2, "plies to look ahead", minimum=1))

    def choose(self, state, limit=None, on_info=None):
        return Decision({pick}(state.legal_moves()), SearchInfo())
"""

CRASHING = """\
from plyground import Bot, Decision

class CrashBot(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(list(state.legal_moves())[99], None)
"""

NOT_COMPILING = """\
from plyground import Bot, Decision

class TurnBot(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(min(state.legal_moves(), None)
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, int]]:
    """``plyground serve`` offering a C engine, a looping class bot, a looping engine
    and a class bot that the tests edit; yields the URL, the folder and the server's pid."""
    if shutil.which("gcc") is None:
        pytest.fail("gcc is not installed: 'make test' installs it (Debian's packages)")
    folder: Path = tmp_path_factory.mktemp("own_bots")
    shutil.copy(ROOT / "examples" / "engines" / "mybot.c", folder)
    subprocess.run(["gcc", "-O2", "-o", "mybot", "mybot.c"], cwd=folder, check=True)
    (folder / "loopbot.py").write_text(LOOPING_CLASS)
    (folder / "loopengine.py").write_text(LOOPING_ENGINE)
    (folder / "editbot.py").write_text(EDITED.format(pick="min"))
    (folder / "crashbot.py").write_text(CRASHING)
    (folder / "turnbot.py").write_text(EDITED.format(pick="min").replace("EditBot", "TurnBot"))
    env = plyground_env()
    args = [
        "--workers", "1",
        "--bot", f"engine:{folder / 'mybot'}",
        "--bot", f"{folder / 'loopbot.py'}:LoopBot",
        "--bot", f"engine:python3 {folder / 'loopengine.py'}",
        "--bot", f"{folder / 'editbot.py'}:EditBot",
        "--bot", f"{folder / 'crashbot.py'}:CrashBot",
        "--bot", f"{folder / 'turnbot.py'}:TurnBot",
    ]  # fmt: skip
    with served_process(env, *args) as (url, process):
        yield url, folder, process.pid
        children = descendants(process.pid)
    assert wait_gone([process.pid, *children], 30) == [], "a process outlived the server"


def _post(url: str, body: Json) -> Json:
    headers = {"content-type": "application/json"}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request) as response:
        answer: Json = json.load(response)
    return answer


def _get(url: str) -> Json:
    with urllib.request.urlopen(url) as response:
        answer: Json = json.load(response)
    return answer


def _bots_game(url: str, first: str, second: str, seconds: float = 0.3) -> str:
    seats = [
        {"name": f"{first} 1", "kind": "bot", "bot": first, "settings": {"time": seconds}},
        {"name": f"{second} 2", "kind": "bot", "bot": second, "settings": {"time": seconds}},
    ]
    body = {"settings": {"size": 4, "rounds": 2}, "players": seats, "delay": 0}
    game_id: str = _post(f"{url}/api/games", body)["game"]["id"]
    return game_id


def _finished(url: str, game_id: str, timeout: float = 120) -> Json:
    deadline = time.monotonic() + timeout  # a hang fails; slowness does not
    while True:
        game = _get(f"{url}/api/games/{game_id}")
        if game["finished"] or time.monotonic() > deadline:
            assert game["finished"], game
            return game
        time.sleep(0.2)


def test_every_offered_bot_and_its_declared_settings_are_listed(
    server: tuple[str, Path, int],
) -> None:
    url, _, _ = server
    catalog = _get(f"{url}/api/catalog")
    own = {b["name"]: b for b in catalog["bots"] if b["own"]}
    own_names = {"mybot", "LoopBot", "loopengine", "EditBot", "CrashBot", "TurnBot"}
    assert set(own) == own_names  # engines by hello name
    depth = next(s for s in own["EditBot"]["settings"] if s["name"] == "depth")
    assert depth["maximum"] is None and depth["default"] == 2  # no maximum, still offered
    adjacency = next(g for g in catalog["games"] if g["name"] == "adjacency")
    assert set(own) <= set(adjacency["bots"])


def test_looping_bots_time_out_in_their_own_games_while_greedy_answers_in_time(
    server: tuple[str, Path, int],
) -> None:
    url, _, pid = server
    _finished(url, _bots_game(url, "greedy", "greedy"), timeout=300)  # the pool is warm
    loops = [_bots_game(url, "LoopBot", "greedy"), _bots_game(url, "loopengine", "greedy")]
    time.sleep(1)  # both loopers are spinning now
    seats = [
        {"name": "me", "kind": "human"},
        {"name": "greedy", "kind": "bot", "bot": "greedy", "settings": {"time": 0.2}},
    ]
    created = _post(f"{url}/api/games", {"settings": {"size": 4, "rounds": 2}, "players": seats})
    game_id, token = created["game"]["id"], created["secrets"]["seats"]["0"]
    asked = time.monotonic()
    _post(f"{url}/api/games/{game_id}/moves", {"token": token, "move": "c1"})
    while len(_get(f"{url}/api/games/{game_id}")["moves"]) < 2:
        time.sleep(0.02)
    waited = time.monotonic() - asked
    assert waited < 0.2 + 1.0, f"greedy's reply took {waited:.2f} s beside two looping bots"
    for loop in loops:
        game = _finished(url, loop)
        looper = 0
        breaks = [b for b in game["rule_breaks"] if b["player"] == looper]
        moves = [m for m in game["moves"] if m["player"] == looper]
        assert breaks and len(breaks) == len(moves)  # each move of the looper: one timeout
        assert all(b["kind"] == "timeout" for b in breaks), breaks
    time.sleep(2)  # the finished games' processes are closed on a thread
    left = [p for p in descendants(pid) if "loop" in Path(f"/proc/{p}/cmdline").read_text()]
    assert left == [], "a looping bot's process outlived its game"


def test_an_edited_class_bot_plays_its_new_code_from_the_next_game(
    server: tuple[str, Path, int],
) -> None:
    url, folder, _ = server
    first = _finished(url, _bots_game(url, "EditBot", "greedy"))
    (folder / "editbot.py").write_text(EDITED.format(pick="max"))
    second = _finished(url, _bots_game(url, "EditBot", "greedy"))
    assert not first["rule_breaks"] and not second["rule_breaks"]
    assert first["moves"][0]["move"] != second["moves"][0]["move"]


def test_a_c_engine_plays_a_game_in_the_web_app(server: tuple[str, Path, int]) -> None:
    url, _, _ = server
    game = _finished(url, _bots_game(url, "mybot", "greedy"))
    assert not game["rule_breaks"], game["rule_breaks"]
    record = _get(f"{url}/api/games/{game['id']}/record")
    assert record["players"][0]["spec"].startswith("engine:")


def test_a_class_bot_that_raises_is_a_crash_with_its_file_and_line(
    server: tuple[str, Path, int],
) -> None:
    url, _, _ = server
    game = _finished(url, _bots_game(url, "CrashBot", "greedy"))
    breaks = [b for b in game["rule_breaks"] if b["player"] == 0]
    assert breaks and {b["kind"] for b in breaks} == {"crash"}, breaks
    first = "the bot raised IndexError: list index out of range (crashbot.py, line 5, in choose)"
    assert all(b["detail"].splitlines()[0] == first for b in breaks), breaks[0]["detail"]


def test_a_class_bot_edited_until_it_no_longer_compiles_is_quoted(
    server: tuple[str, Path, int],
) -> None:
    url, folder, _ = server
    (folder / "turnbot.py").write_text(NOT_COMPILING)
    game = _finished(url, _bots_game(url, "TurnBot", "greedy"))
    breaks = [b for b in game["rule_breaks"] if b["player"] == 0]
    assert breaks and {b["kind"] for b in breaks} == {"crash"}, breaks
    quoted = (
        "SyntaxError: '(' was never closed (turnbot.py, line 5): "
        "return Decision(min(state.legal_moves(), None)"
    )
    assert all(quoted in b["detail"] for b in breaks), breaks[0]["detail"]
