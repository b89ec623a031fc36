"""``plyground serve --db class.sqlite3``: a class tournament's games listed on the start
page and opened for review from the list and from the report's links (issue 47, §4), in
Chromium at laptop and phone size, over a real server and a real database."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import ROOT, plyground_env, served_process

from cli_support import RunCli

SHOTS = ROOT / "artifacts" / "web"
CRASHING = """\
from plyground import Bot, Decision


class Crashy(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(list(state.legal_moves())[99], None)
"""


@pytest.fixture(scope="module")
def class_server(
    run_cli: RunCli, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """A stored class tournament (greedy, random and a class bot that crashes) and the
    server on its database; yields the URL and the folder."""
    folder = tmp_path_factory.mktemp("stored")
    (folder / "crashbot.py").write_text(CRASHING)
    db = folder / "class.sqlite3"
    played = run_cli(
        ["tournament", "greedy", "random", "./crashbot.py:Crashy", "--name", "week3",
         "--db", str(db), "--game", "adjacency(size=4,rounds=2)", "--time", "0.3",
         "--openings", "0", "--html", str(folder / "report.html")],
        cwd=folder,
        timeout=300,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    with served_process(plyground_env(), "--db", str(db), "--workers", "1") as (url, _):
        yield url, folder


def _json(url: str, method: str = "GET") -> Any:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_the_api_lists_the_games_and_opens_one_as_it_was_played(
    class_server: tuple[str, Path],
) -> None:
    url, _ = class_server
    listed = _json(f"{url}/api/stored")
    week3 = next(t for t in listed["tournaments"] if t["id"] == "week3")
    assert [g["number"] for g in week3["games"]] == list(range(1, 7))
    crashed = next(g for g in week3["games"] if g["rule_breaks"])
    opened = _json(f"{url}/api/stored/week3/{crashed['number']}", "POST")
    game = opened["game"]
    assert game["finished"] and [p["name"] for p in game["players"]] == crashed["players"]
    assert game["rule_breaks"] and all(b["kind"] == "crash" for b in game["rule_breaks"])
    assert "crashbot.py, line 6" in game["rule_breaks"][0]["detail"]
    with pytest.raises(urllib.error.HTTPError) as missing:
        _json(f"{url}/api/stored/week3/99", "POST")
    assert missing.value.code == 404
    assert "has games 1 to 6, not 99" in missing.value.read().decode()


@pytest.mark.parametrize(("label", "viewport"), [("laptop", (1366, 850)), ("phone", (390, 844))])
def test_a_student_opens_a_game_from_the_list_and_from_the_report(
    class_server: tuple[str, Path], browser: Any, label: str, viewport: tuple[int, int]
) -> None:
    url, _ = class_server
    width, height = viewport
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab: Any = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(url)
        tab.wait_for_selector("#stored-games:not([hidden])")
        tab.click("#stored-games summary")
        links = tab.locator("#stored-list a")
        assert links.count() == 6
        tab.screenshot(path=str(SHOTS / f"stored-list-{label}.png"), full_page=True)
        links.nth(0).click()
        tab.wait_for_selector("#review-bar:not([hidden])")
        assert "#game=" in tab.url
        tab.click("#review-first")  # the start: its heat map once the analysis is in
        tab.wait_for_selector("#board .heat", timeout=60000)
        tab.screenshot(path=str(SHOTS / f"stored-review-{label}.png"))
        # the report's link to game 2 (a page of its own) opens it the same way
        tab.goto("about:blank")
        tab.goto(f"{url}/#review=week3/2")
        tab.wait_for_url("**/#game=*")
        tab.wait_for_selector("#review-bar:not([hidden])")
        overflow = tab.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        assert not errors, errors
    finally:
        tab.close()


def test_without_a_database_the_list_says_how_to_get_one(client: Any) -> None:
    answer = client.get("/api/stored")
    assert answer.status_code == 404
    assert "start it with --db FILE" in answer.json()["error"]
    assert client.get("/api/catalog").json()["stored"] is False
