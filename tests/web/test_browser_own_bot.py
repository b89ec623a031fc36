"""``plyground serve --bot ./mybot.py:MyBot``: a user's own bot on the page, in Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, ROOT, open_tab, plyground_env, require_browser, served

require_browser()


@pytest.fixture(scope="module")
def own_bot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``plyground serve`` offering the example bot from a file outside the package."""
    folder: Path = tmp_path_factory.mktemp("own_bot")
    bot = folder / "mybot.py"
    bot.write_text((ROOT / "examples" / "bots" / "mybot.py").read_text())
    with served(plyground_env(), "--bot", f"{bot}:MyBot", "--workers", "1") as url:
        yield url


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_bot_from_a_file_is_offered_and_answers_a_human(
    browser: Any, own_bot_server: str, viewport: dict[str, int]
) -> None:
    with open_tab(browser, own_bot_server, viewport) as page:
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
