"""A student's own bots in the page, in Chromium, all on one ``plyground serve --bot ...``:
the Java and C engines offered under their hello names and a Python bot from a file under
its class name, each answering a human (at laptop size: the size plays no part), and a rule
break's reason shown in the move list beside its "⚠" (at laptop and phone size)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    LAPTOP,
    PHONE,
    ROOT,
    open_tab,
    plyground_env,
    require_browser,
    served_process,
)

from process_support import descendants, wait_gone

require_browser()

CRASHING = """\
from plyground import Bot

class Crasher(Bot):
    def choose(self, state, limit=None, on_info=None):
        raise RuntimeError("my bug")
"""


@pytest.fixture(scope="module")
def engines_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``plyground serve`` offering the Java and C templates, built, the example bot from a
    file outside the package, and a crashing bot."""
    for tool in ("javac", "gcc"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: 'make test' installs it (Debian's packages)")
    folder: Path = tmp_path_factory.mktemp("engines")
    java = (ROOT / "examples" / "engines" / "MyBot.java").read_text(encoding="utf-8")
    (folder / "MyBot.java").write_text(java.replace('NAME = "mybot"', 'NAME = "javabot"'))
    subprocess.run(["javac", "MyBot.java"], cwd=folder, check=True, capture_output=True)
    shutil.copy(ROOT / "examples" / "engines" / "mybot.c", folder)
    subprocess.run(["gcc", "-O2", "-o", "mybot", "mybot.c"], cwd=folder, check=True)
    (folder / "crasher.py").write_text(CRASHING)
    (folder / "mybot.py").write_text((ROOT / "examples" / "bots" / "mybot.py").read_text())
    args = [
        "--bot", f"engine:java -cp {folder} MyBot",
        "--bot", f"engine:{folder / 'mybot'}",
        "--bot", f"{folder / 'crasher.py'}:Crasher",
        "--bot", f"{folder / 'mybot.py'}:MyBot",
    ]  # fmt: skip
    with served_process(plyground_env(), *args) as (url, process):
        yield url
        children = descendants(process.pid)
    assert wait_gone([process.pid, *children], 30) == [], "a process outlived the server"


@pytest.mark.parametrize("engine", ["javabot", "mybot"], ids=["java", "c"])
def test_an_engine_answers_a_human_in_the_page(
    browser: Any, engines_server: str, engine: str
) -> None:
    with open_tab(browser, engines_server, LAPTOP) as page:
        offered = page.eval_on_selector_all("#kind-1 option", "els => els.map(e => e.value)")
        assert engine in offered
        page.select_option("#setting-size", "4")
        page.select_option("#kind-1", engine)
        page.fill("#bot-1-time", "0.5")
        page.click("#start-button")
        page.wait_for_selector(".cell.clickable")
        page.locator(".cell.clickable").first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li[data-ply]').length >= n", arg=2
        )
        record = page.evaluate(
            "() => fetch(`/api/games/${location.hash.slice(6)}/record`).then(r => r.json())"
        )
        assert record["players"][1]["spec"].startswith("engine:"), record["players"][1]
        assert not record["rule_breaks"], record["rule_breaks"]


def test_a_bot_from_a_file_is_offered_and_answers_a_human(
    browser: Any, engines_server: str
) -> None:
    with open_tab(browser, engines_server, LAPTOP) as page:
        offered = page.eval_on_selector_all("#kind-1 option", "els => els.map(e => e.value)")
        assert "MyBot" in offered
        page.select_option("#setting-size", "4")
        page.select_option("#kind-1", "MyBot")
        page.fill("#bot-1-time", "0.2")
        page.click("#start-button")
        page.wait_for_selector(".cell.clickable")
        page.locator(".cell.clickable").first.click()
        # the human's move and the file bot's reply are both in the list
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li[data-ply]').length >= n", arg=2
        )
        record = page.evaluate(
            "() => fetch(`/api/games/${location.hash.slice(6)}/record`).then(r => r.json())"
        )
        seat = record["players"][1]
        assert seat["name"] == "MyBot", seat
        assert seat["spec"].endswith("/mybot.py:MyBot(time=0.2,depth=2)"), seat  # the user's file
        assert not record["rule_breaks"], record["rule_breaks"]


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_move_list_shows_the_reason_behind_a_rule_break(
    browser: Any, engines_server: str, viewport: dict[str, int]
) -> None:
    with open_tab(browser, engines_server, viewport) as page:
        page.select_option("#setting-size", "4")
        page.select_option("#kind-1", "Crasher")
        page.click("#start-button")
        page.wait_for_selector(".cell.clickable")
        page.locator(".cell.clickable").first.click()
        reason = page.wait_for_selector("#move-list .penalty-reason")
        text = reason.inner_text()
        assert "RuntimeError: my bug" in text and "crasher.py, line 5, in choose" in text
        assert reason.is_visible()
