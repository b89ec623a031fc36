"""The board does what docs/web.md promises, in Debian's Chromium against ``plyground serve``,
at laptop (1366x850) and phone (390x844) size where the layout is what is checked, else at
laptop size: swipes by touch, the Morris hint's rings and the red glow on men that may be
taken, tools once the game is over, a hint card that says when it is out of date, Resign
and End game that ask first, spectators and the analysis board, the move list's words,
phones, and the keyboard in review."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, WAIT_MS, WORKERS_READY, require_browser, shot, shots

pytestmark = pytest.mark.browser

require_browser()

SIZES = {"laptop": LAPTOP, "phone": PHONE}

MOVING = "WW./BB./.../.....W/B.B/W.B/W.. W 0 0 20"
"""Morris in the moving phase: g4-g7 closes a7-d7-g7 and takes a black man."""

GREEN = "22, 163, 74"  # the hint's ring, #16a34a
RED = "220, 38, 38"  # the glow on a man that may be taken, #dc2626


def call(server: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def humans(game: str, **extra: Any) -> dict[str, Any]:
    """A game of two people, both played from the page (a hint is always the mover's)."""
    return {
        "game": game,
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        **extra,
    }


@contextlib.contextmanager
def game_page(
    browser: Any,
    server: str,
    body: dict[str, Any],
    viewport: dict[str, int],
    *,
    seated: bool = True,
    touch: bool = False,
) -> Iterator[Any]:
    """A tab on a game created through the API: with its secrets (the page that started
    it) or, ``seated=False``, as a spectator with only the link; fails if the page raised."""
    answer = call(server, "POST", "/api/games", body)
    game_id = answer["game"]["id"]
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    if seated:
        key, secrets = json.dumps(f"plyground.game.{game_id}"), json.dumps(answer["secrets"])
        context.add_init_script(f"sessionStorage.setItem({key}, {json.dumps(secrets)})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server}/#game={game_id}")
    page.wait_for_selector(".cell[data-cell]")
    page.game_id, page.secrets = game_id, answer["secrets"]
    try:
        yield page
    finally:
        context.close()
        end_game(server, game_id, answer["secrets"]["control"])
    assert not errors, f"the page raised: {errors}"


def end_game(server: str, game_id: str, control: str) -> None:
    """End a test's game, finished or not: the server keeps only so many games a client has
    in play (``--client-games``), and the other browser tests share this server."""
    with contextlib.suppress(urllib.error.HTTPError):
        call(server, "POST", f"/api/games/{game_id}/end", {"token": control})


def snapshot(page: Any, server: str) -> Any:
    return call(server, "GET", f"/api/games/{page.game_id}")


def played(page: Any) -> int:
    return int(page.locator("#move-list li[data-ply]").count())


def wait_played(page: Any, count: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('#move-list li[data-ply]').length >= n", arg=count
    )


def ask_hint(page: Any) -> None:
    """Press Hint and wait for its card (the first hint may wait for the workers' kernels)."""
    before = page.locator("#tool-results li").count()
    page.click("#tool-hint")
    page.wait_for_function(
        "n => document.querySelectorAll('#tool-results li').length > n",
        arg=before,
        timeout=WORKERS_READY * 1000,
    )


def cells_with(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.dataset.cell)"))


def box_shadow(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "node => getComputedStyle(node).boxShadow"))


@pytest.fixture(params=sorted(SIZES))
def size(request: Any) -> str:
    name: str = request.param
    return name


# -- 2048 by touch ------------------------------------------------------------------


def swipe(page: Any, dx: float, dy: float) -> None:
    """A finger drawn across the board: real touch events through the DevTools protocol."""
    box = page.locator("#board-frame").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 7):
        point = {"x": x + dx * step / 6, "y": y + dy * step / 6}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_2048_swipes_on_a_touchscreen(browser: Any, server: str) -> None:
    body = {"game": "2048", "players": [{"name": "Ann", "kind": "human"}]}
    with game_page(browser, server, body, PHONE, touch=True) as page:
        page.wait_for_selector(".cell[data-cell] .tile")
        for number in range(2):
            game = snapshot(page, server)
            legal = {move["move"] for move in game["legal"]}
            button = next(b for b in game["layout"]["buttons"] if b["move"] in legal)
            step = {"left": (-150, 0), "right": (150, 0), "up": (0, -150), "down": (0, 150)}
            count = played(page)
            swipe(page, *step[button["direction"]])
            wait_played(page, count + 1)
            assert (
                page.inner_text(f"#move-list li[data-ply] >> nth={number} >> .cellname")
                == (button["move"])
            )
        assert page.evaluate("() => window.scrollY") == 0  # the page did not pan
        shot(page, "board-01-2048-touch-phone")


# -- Morris: the hint's rings, the men that may be taken ------------------------------


def test_morris_hint_rings_and_takeable_men_are_seen(browser: Any, server: str, size: str) -> None:
    body = humans("morris", start=MOVING)
    with game_page(browser, server, body, SIZES[size]) as page:
        ask_hint(page)
        ringed = cells_with(page, ".cell.mark-hint")
        assert ringed
        for cell in ringed:
            assert GREEN in box_shadow(page, f".cell[data-cell={cell}]"), cell
        page.click(".cell[data-cell=g4]")
        page.click(".cell[data-cell=g7]")
        page.wait_for_selector("#prompt:has-text('takes a piece')")
        takeable = cells_with(page, ".cell.takeable")
        assert takeable
        for cell in takeable:
            assert RED in box_shadow(page, f".cell[data-cell={cell}] .stone"), cell
        page.hover(f".cell[data-cell={takeable[0]}]")
        assert RED in box_shadow(page, f".cell[data-cell={takeable[0]}] .stone")
        shot(page, f"board-02-morris-take-{size}")


# -- hints: over, out of date, the best few -------------------------------------------


def test_hint_is_off_once_the_game_is_over_and_resign_asks_first(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2})
    with game_page(browser, server, body, LAPTOP) as page:
        assert page.locator("#tool-hint").is_enabled()
        page.click("#resign-button")  # the first click only asks
        assert "Click again" in page.inner_text("#resign-button")
        page.wait_for_timeout(300)
        assert not snapshot(page, server)["finished"] and page.locator("#result").is_hidden()
        shot(page, "board-03-resign-asks-laptop")  # before the question lapses
        page.click("#resign-button")
        page.wait_for_selector("#result:not([hidden])")
        assert snapshot(page, server)["finished"]
        assert page.locator("#tool-hint").is_disabled()
        assert page.get_attribute("#tool-hint", "title") == "The game is over."


def test_end_game_asks_first_and_forgets_a_first_click(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2})
    with game_page(browser, server, body, LAPTOP) as page:
        label = page.inner_text("#end-button")
        page.click("#end-button")
        assert page.inner_text("#end-button") != label
        page.wait_for_function(  # unanswered, the question goes away
            "label => document.getElementById('end-button').textContent === label",
            arg=label,
            timeout=10_000,
        )
        assert not snapshot(page, server)["finished"]
        page.click("#end-button")
        page.click("#end-button")
        page.wait_for_selector("#result:not([hidden])")
        assert snapshot(page, server)["finished"]


def test_hint_card_says_when_the_position_has_moved_on(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2})
    with game_page(browser, server, body, LAPTOP) as page:
        ask_hint(page)
        assert page.locator("#tool-results li.earlier").count() == 0
        assert page.inner_text("#hint-line").startswith("Hint: ")
        move = page.inner_text("#tool-results .tool-summary").removeprefix("Hint: ")
        page.click(f".cell[data-cell={move}]")
        wait_played(page, 1)
        page.wait_for_selector("#tool-results li.earlier")
        assert "earlier position" in page.inner_text("#tool-results li")
        assert page.inner_text("#hint-line") == ""
        assert cells_with(page, ".cell.mark-hint") == []
        shots(page, "board-04-hint-out-of-date")


def test_adjacency_hint_at_the_start_rings_the_best_few(
    browser: Any, server: str, size: str
) -> None:
    with game_page(browser, server, humans("adjacency"), SIZES[size]) as page:
        ask_hint(page)
        best = snapshot(page, server)["tool_results"][-1]["best"]
        ringed = cells_with(page, ".cell.mark-hint")
        assert 1 <= len(ringed) <= 3 and set(ringed) <= set(best)
        line = page.inner_text("#hint-line")
        if len(best) > len(ringed):
            assert f"{len(best) - len(ringed)} more" in line
        # the answer and the whole board are on screen together
        page.evaluate("() => window.scrollTo(0, 0)")
        board = page.locator("#board-frame").bounding_box()
        answer = page.locator("#hint-line").bounding_box()
        height = SIZES[size]["height"]
        assert board["y"] >= 0 and board["y"] + board["height"] <= height
        assert answer["y"] + answer["height"] <= height, (answer, height)
        shot(page, f"board-05-adjacency-hint-{size}")


# -- who is who: spectators, the analysis board ----------------------------------------


def test_a_spectator_is_told_they_are_watching(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2})
    with game_page(browser, server, body, LAPTOP, seated=False) as page:
        page.wait_for_selector("[data-watching]")
        assert "you are watching" in page.inner_text("#turn")
        assert page.locator("#resign-button").is_hidden()
        shots(page, "board-06-spectator")
    with game_page(browser, server, body, LAPTOP) as page:  # a player is not watching
        page.wait_for_selector("#turn:has-text('to move')")
        assert page.locator("[data-watching]").count() == 0


def test_the_analysis_board_offers_no_resign(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2}, mode="analysis")
    with game_page(browser, server, body, LAPTOP) as page:
        page.wait_for_selector("#turn:has-text('to move')")
        page.wait_for_timeout(300)
        assert page.locator("#resign-button").is_hidden()
        assert page.locator("[data-watching]").count() == 0


# -- the move list and the watch panel -------------------------------------------------


def test_move_list_writes_depth_and_the_watch_panel_each_bots_depth(
    browser: Any, server: str
) -> None:
    bot = {"kind": "bot", "bot": "alphabeta", "settings": {"time": 0.1}}
    body = {
        "game": "adjacency",
        "settings": {"size": 4, "rounds": 3},
        "players": [{"name": "Al", **bot}, {"name": "Bea", **bot}],
        "delay": 0,
    }
    with game_page(browser, server, body, LAPTOP) as page:
        page.wait_for_selector("#move-list li[data-ply='2']", timeout=WORKERS_READY * 1000)
        details = page.eval_on_selector_all(
            "#move-list li[data-ply] .detail", "nodes => nodes.map(n => n.textContent)"
        )
        assert all(re.search(r"\bdepth \d+, [+−-]?\d", text) for text in details), details
        assert not any(re.search(r"\bd\d", text) for text in details), details
        labels = page.eval_on_selector_all(
            "[data-pace^='Depth']", "nodes => nodes.map(n => n.dataset.pace)"
        )
        assert labels == ["Depth, X", "Depth, O"]
        shot(page, "board-07-watch-depths-laptop")


# -- phones ------------------------------------------------------------------------------


def test_queens_16_cells_are_big_enough_to_tap_on_a_phone(browser: Any, server: str) -> None:
    player = {"name": "Ann", "kind": "human"}
    body = {"game": "queens", "settings": {"size": 16}, "players": [player]}
    with game_page(browser, server, body, PHONE) as page:
        cell = page.locator(".cell[data-cell] >> nth=0").bounding_box()
        assert cell["width"] >= 32 and cell["height"] >= 32, cell
        # the board scrolls within its frame; the page itself stays phone-wide
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        frame = page.locator("#board-frame")
        assert frame.evaluate("node => node.scrollWidth > node.clientWidth")
        shot(page, "board-08-queens-16-phone")


def test_morris_repetition_checkbox_has_its_label_beside_it(
    browser: Any, server: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    try:
        page.goto(server)
        page.select_option("#game-select", "morris")
        page.wait_for_selector("#setting-repetition")
        box = page.locator("#setting-repetition").bounding_box()
        label = page.locator("label[for=setting-repetition]")
        assert label.inner_text().strip() == "Repetition"
        text = label.bounding_box()
        assert box["width"] < 40  # a box, not a bar across the form
        assert text["y"] <= box["y"] + box["height"] / 2 <= text["y"] + text["height"]
        shot(page, f"board-09-morris-form-{size}")
    finally:
        context.close()


# -- the keyboard and screen readers -----------------------------------------------------


def test_heat_cells_say_their_value_once(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2}, mode="analysis")
    with game_page(browser, server, body, LAPTOP) as page:
        page.wait_for_selector(".heat", timeout=WORKERS_READY * 1000)
        move = cells_with(page, ".cell.clickable")[0]
        page.click(f".cell[data-cell={move}]")  # the next position's values
        wait_played(page, 1)
        page.wait_for_selector(".heat")
        page.wait_for_timeout(500)
        labels = page.eval_on_selector_all(
            ".cell[data-cell]:has(.heat)", "nodes => nodes.map(n => n.getAttribute('aria-label'))"
        )
        assert labels
        for label in labels:
            assert label.count("value") == 1, label


def test_review_moves_are_reached_by_keyboard(browser: Any, server: str) -> None:
    """At laptop size: the size plays no part in what is checked."""
    body = humans("adjacency", settings={"size": 4, "rounds": 2})
    with game_page(browser, server, body, LAPTOP) as page:
        for _ in range(2):
            count = played(page)
            page.click(".cell.clickable >> nth=0")
            wait_played(page, count + 1)
        call(server, "POST", f"/api/games/{page.game_id}/end", {"token": page.secrets["control"]})
        page.wait_for_selector("#review-button:not([hidden])")
        page.click("#review-button")
        page.wait_for_selector("#review-bar:not([hidden])")
        first = page.locator("#move-list li[data-ply='1']")
        assert first.get_attribute("tabindex") == "0"
        first.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#review-caption:has-text('Move 1 of 2')")
        assert page.evaluate("() => document.activeElement.dataset.ply") == "1"
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        page.wait_for_selector("#review-caption:has-text('Move 2 of 2')")
