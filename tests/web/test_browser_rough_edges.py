"""The web app's rough edges, each as a user meets it, in Debian's Chromium: at laptop and
phone sizes where the layout is what is checked, else at laptop size (with screenshots at
both): the page never scrolls itself, fast input is never refused for a stale position, End
Game and resign, levels as the first choice, names and rounds that follow the form, an
expired link explained in view, the API docs offline, the keyboard (board focus, feedback,
review), a server that goes away, scores from one fixed side numbered by rounds, and Pause
offered for games between bots only."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import (
    LAPTOP,
    PHONE,
    laptop_page,
    open_tab,
    plyground_env,
    require_browser,
    served_process,
    shot,
    shots,
    wait_for,
)

from plyground.arena.records.record import GameRecord

pytestmark = pytest.mark.browser

require_browser()

SIZES = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture(params=sorted(SIZES))
def size(request: Any) -> str:
    """The name of a viewport in SIZES: a test that takes it runs at each size."""
    name: str = request.param
    return name


@pytest.fixture
def sized(size: str, browser: Any, server: str) -> Iterator[Any]:
    """The tab on the start form, at laptop and at phone size; fails if the page raised."""
    with open_tab(browser, server, SIZES[size]) as page:
        page.size = size  # names the screenshots
        yield page


@pytest.fixture
def tab(browser: Any, server: str) -> Iterator[Any]:
    """The tab at laptop size on the start form, for a check the size plays no part in."""
    with laptop_page(browser, server) as page:
        yield page


def start_bots(page: Any, x: str, o: str, seconds: str = "0.1", size: str = "4") -> None:
    """Start a game between two bots (by name, each with its think time) from the form."""
    for seat, bot in enumerate((x, o)):
        page.select_option(f"#kind-{seat}", bot)
        page.fill(f"#bot-{seat}-time", seconds)
    page.select_option("#setting-size", size)
    page.click("#start-button")


def no_pause(page: Any) -> None:
    """Set the pause between the bots' moves to none, for a test their pace plays no part in."""
    page.locator("#speed-slider").fill("0")


def refusals(page: Any) -> list[str]:
    """Collects every 4xx answer to a move this page sends (none is expected)."""
    found: list[str] = []

    def seen(response: Any) -> None:
        if "/moves" in response.url and response.status >= 400:
            found.append(f"{response.status} {response.url}")

    page.on("response", seen)
    return found


def game_json(page: Any, what: str = "") -> Any:
    return page.evaluate(
        "what => fetch(`/api/games/${location.hash.slice(6)}${what}`).then(r => r.json())", what
    )


def choose(page: Any, game: str) -> None:
    page.select_option("#game-select", game)
    page.wait_for_selector("#kind-0")


def moves_shown(page: Any) -> int:
    return int(page.locator("#move-list li[data-ply]").count())


def page_offset(page: Any) -> dict[str, float]:
    """How far the page is scrolled, and where the board's top is on screen."""
    return page.evaluate(
        "() => ({scroll: window.scrollY,"
        " top: document.getElementById('board').getBoundingClientRect().top})"
    )


# -- 9: the page does not scroll itself ------------------------------------------------------


def test_moves_never_scroll_the_page_only_the_move_list(sized: Any) -> None:
    page = sized
    page.select_option("#setting-size", "6")
    page.select_option("#kind-1", "greedy")
    page.fill("#bot-1-time", "0.05")
    page.click("#start-button")  # at the foot of the form: on a phone, scrolled to it
    page.wait_for_selector(".cell.clickable")
    before = page_offset(page)
    assert before["scroll"] == 0 and before["top"] >= 0  # the game opens at its top, board in view
    for count in range(2, 18, 2):  # eight of ours, eight replies: the list overflows
        page.locator(".cell.clickable").first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li[data-ply]').length >= n"
            " || !document.getElementById('result').hidden",
            arg=count,
        )
        page.wait_for_timeout(120)
        assert page_offset(page) == before, f"the page moved after {count} moves"
        if not page.locator(".cell.clickable").count():
            break
    listed = page.evaluate(
        "() => { const l = document.getElementById('move-list');"
        " return [l.scrollHeight > l.clientHeight,"
        " l.scrollTop + l.clientHeight >= l.scrollHeight - 2]; }"
    )
    assert listed == [True, True]  # the list overflows and shows its last move
    shot(page, f"edges-09-no-scroll-{page.size}")


def test_2048_keys_never_scroll_the_page(sized: Any) -> None:
    page = sized
    choose(page, "2048")
    page.click("#start-button")
    page.wait_for_selector(".cell[data-cell] .tile")
    before = page_offset(page)
    for key in ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowDown"] * 3:
        page.keyboard.press(key)
        page.wait_for_timeout(150)
    # The answers may lag on a busy machine: wait for them, not a fixed time.
    page.wait_for_function("() => document.querySelectorAll('#move-list li[data-ply]').length >= 6")
    page.wait_for_timeout(400)
    assert page_offset(page) == before


# -- 10: input during an animation --------------------------------------------------------------


def test_fast_keys_in_2048_are_played_in_turn_never_refused(tab: Any) -> None:
    page = tab
    found = refusals(page)
    choose(page, "2048")
    page.click("#start-button")
    page.wait_for_selector(".cell[data-cell] .tile")
    keys = ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"] * 2
    for key in keys:  # 40 ms apart: faster than the server answers and the tiles slide
        page.keyboard.press(key)
        page.wait_for_timeout(40)
    page.wait_for_timeout(1500)
    assert found == []
    assert "reload" not in page.inner_text("#notice")
    # Every key was played in turn, except those that changed nothing where they came.
    record = GameRecord.from_dict(game_json(page, "/record"))
    states = record.replay()
    played = [(ply, m.move) for ply, m in enumerate(record.moves) if m.player == 0]
    assert played, "no key was played"
    pressed = iter(key.removeprefix("Arrow").lower() for key in keys)
    for ply, move in played:
        legal = {states[ply].move_text(m) for m in states[ply].legal_moves()}
        key = next(pressed)
        while key != move:  # a key skipped: it changed nothing in the position it met
            assert key not in legal, f"{key} was dropped at move {ply}"
            key = next(pressed)
    shown = page.eval_on_selector_all(
        ".cell[data-cell]", "cells => cells.map(c => c.dataset.token || '')"
    )
    assert shown == [t for t in game_json(page)["tokens"]]  # the page shows the live position


def test_clicks_right_after_the_bots_reply_are_never_refused(tab: Any) -> None:
    page = tab
    found = refusals(page)
    page.select_option("#setting-size", "6")
    page.select_option("#kind-1", "greedy")
    page.fill("#bot-1-time", "0.05")
    page.click("#start-button")
    for _ in range(6):
        page.wait_for_selector(".cell.clickable")
        # Two clicks at once, the second while the first is on its way or being shown.
        page.evaluate(
            "() => { const cells = [...document.querySelectorAll('.cell.clickable')];"
            " cells[0].click(); setTimeout(() => cells.at(-1).click(), 30);"
            " setTimeout(() => document.querySelector('.cell.clickable')?.click(), 200); }"
        )
        page.wait_for_timeout(700)
        if not page.locator("#result[hidden]").count():
            break
    assert found == []
    assert page.inner_text("#notice") == ""


# -- 11: End Game, and bots stop when the page leaves -----------------------------------------


def test_end_game_stops_a_bots_game(tab: Any) -> None:
    page = tab
    page.select_option("#kind-0", "level:easy")
    page.select_option("#kind-1", "level:medium")
    page.click("#start-button")
    page.wait_for_selector("#end-button:not([hidden])")
    page.click("#end-button")  # the first click asks, the second ends
    page.click("#end-button")
    page.wait_for_selector("#result:not([hidden])")
    assert "ended after" in page.inner_text("#result")
    assert page.locator("#end-button").is_hidden() and page.locator("#pause-button").is_hidden()
    game = game_json(page)
    assert game["finished"] and game["result"]["ended"] and game["thinking"] is None
    shots(page, "edges-11-ended")


def test_play_new_game_stops_the_old_game_and_the_next_bot_says_it_waits(browser: Any) -> None:
    """At laptop size: the size plays no part, and the test needs a server of its own."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    # One worker; a game left unwatched keeps it for 2 s, so the next game's bot waits that long.
    with (
        served_process(plyground_env(), "--workers", "1", "--unwatched", "2") as (url, _),
        laptop_page(browser, url) as page,
    ):
        start_bots(page, "alphabeta", "alphabeta", "1", size="6")
        # the old game's bot holds the worker (rather than waiting while the worker starts)
        page.wait_for_selector("#thinking-text:has-text('is thinking')")
        old = page.evaluate("location.hash.slice(6)")
        page.evaluate(_RECORD_THINKING)
        page.click("#new-game-button")
        page.click("#start-button")  # the same game again: its bot waits for the worker
        with _page_state_on_failure(page):
            page.wait_for_function(
                "old => location.hash.startsWith('#game=') && location.hash.slice(6) !== old",
                arg=old,
            )
            with contextlib.suppress(PlaywrightTimeout):  # the record below is the check
                page.wait_for_selector(
                    "#thinking-text:has-text('waiting for a free worker')", timeout=10_000
                )
                shot(page, "edges-11-waiting-for-a-worker-laptop")
            stopped = wait_for(url, old, lambda game: game["idle"], timeout=15)
            assert stopped["thinking"] is None and not stopped["finished"]
            # the new game's bot gets the worker and plays
            page.wait_for_function(
                "() => document.querySelectorAll('#move-list li[data-ply]').length >= 1"
            )
        shown = page.evaluate("window.thinkingShown")
        assert any("is waiting for a free worker" in text for text in shown), shown


@pytest.fixture
def own_tab(browser: Any, server: str) -> Iterator[Any]:
    """A laptop-sized tab of its own (closed after the test), for a test that changes what a
    navigation cannot undo."""
    with open_tab(browser, server, LAPTOP, own=True) as page:
        yield page


def test_a_move_waiting_for_its_pace_is_dropped_when_the_page_leaves_the_game(
    own_tab: Any, server: str
) -> None:
    page = own_tab
    page.clock.install()  # for good: the tab is this test's own
    start_bots(page, "greedy", "greedy")
    page.wait_for_selector("#move-list li[data-ply]")
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # the pace timer waits
    game = page.evaluate("location.hash.slice(6)")
    moves = page.locator("#move-list li[data-ply]")
    wait_for(server, game, lambda snapshot: snapshot["ply"] > moves.count() + 1, timeout=10)
    page.wait_for_timeout(300)  # a move may still show: the pace counts from the last one
    shown = moves.count()
    wait_for(server, game, lambda snapshot: snapshot["ply"] > shown, timeout=10)
    page.wait_for_timeout(300)  # the stream delivers the newer position; its pace waits
    page.click("#new-game-button")
    page.clock.run_for(5_000)
    page.wait_for_timeout(200)
    assert page.locator("#setup").is_visible()
    assert moves.count() == shown  # the old game's move is not drawn behind the form


_RECORD_THINKING = """() => {
  // Every text the thinking box shows from now on, so a state that passed is still seen.
  window.thinkingShown = [];
  const box = document.getElementById("thinking");
  const note = () => {
    if (!box.hidden) window.thinkingShown.push(box.querySelector("#thinking-text").textContent);
  };
  new MutationObserver(note).observe(box, { subtree: true, childList: true, attributes: true,
    characterData: true });
}"""


@contextlib.contextmanager
def _page_state_on_failure(page: Any) -> Iterator[None]:
    """A failure inside says what the page showed: which screen, its notices, the thinking."""
    try:
        yield
    except Exception as error:
        state = page.evaluate(
            """() => ({hash: location.hash, setup: !document.getElementById("setup").hidden,
            formErrors: document.getElementById("form-errors").textContent,
            notice: document.getElementById("notice").textContent,
            thinking: document.getElementById("thinking").hidden ? null
              : document.getElementById("thinking-text").textContent,
            shown: window.thinkingShown})"""
        )
        raise AssertionError(f"{error}\nthe page: {state}") from error


# -- 12: levels first -------------------------------------------------------------------------


def test_the_first_opponent_is_the_strongest_bot_at_one_second(tab: Any) -> None:
    page = tab
    assert page.input_value("#kind-1") == "level:hard"
    options = page.locator("#kind-1 option").all_inner_texts()
    assert options[:5] == [
        "Human",
        "Computer: easy",
        "Computer: medium",
        "Computer: hard",
        "Computer: strongest",
    ]
    assert page.inner_text("#advanced-1 summary") == "Advanced: alphabeta, 1 s a move"
    assert page.locator("#bot-1-time").is_hidden()  # the full settings are folded away
    page.click("#advanced-1 summary")
    assert page.input_value("#bot-1-time") == "1"
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    players = game_json(page)["players"]
    assert players[1]["bot"] == "alphabeta" and players[1]["settings"]["time"] == 1.0
    assert page.inner_text(".player[data-seat='1'] .player-kind") == "Bot · alphabeta · 1 s/move"
    # tic-tac-toe's strongest is perfect
    page.click("#new-game-button")
    choose(page, "tictactoe")
    assert page.input_value("#kind-1") == "level:hard"
    assert page.inner_text("#advanced-1 summary") == "Advanced: perfect, 1 s a move"
    shots(page, "edges-12-levels")


# -- 13: names, rounds, an expired link ----------------------------------------------------------


def test_names_follow_the_side_and_rounds_are_checked(tab: Any) -> None:
    page = tab
    assert page.input_value("#name-0") == "You"
    page.select_option("#kind-0", "level:easy")
    assert page.input_value("#name-0") == "Greedy"  # not "You" for a bot
    page.select_option("#kind-1", "human")
    assert page.input_value("#name-1") == "Friend"  # not "Alphabeta" for a person
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "level:hard")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    # Back at the form (filled as before), a change of side still renames the side.
    page.click("#new-game-button")
    page.select_option("#kind-0", "level:medium")
    assert page.input_value("#name-0") == "Alphabeta"
    assert page.input_value("#name-1") == "Alphabeta 2"
    page.select_option("#kind-1", "human")
    assert page.input_value("#name-1") == "Friend"
    # a typed name stays
    page.fill("#name-1", "Kim")
    page.select_option("#kind-1", "level:easy")
    assert page.input_value("#name-1") == "Kim"
    # Rounds: empty is missing (not "no limit"), 2.5 is no whole number, 28 goes with 8x8.
    page.fill("#setting-rounds", "")
    assert page.get_attribute("#setting-rounds", "placeholder") in (None, "")
    page.click("#start-button")
    assert page.inner_text("#setting-rounds-error").startswith("Rounds is missing: 1 to ")
    page.fill("#setting-rounds", "2.5")
    page.click("#start-button")
    assert page.inner_text("#setting-rounds-error") == "Rounds must be a whole number."
    page.select_option("#setting-size", "8")
    page.fill("#setting-rounds", "28")
    page.select_option("#setting-size", "4")
    assert int(page.input_value("#setting-rounds")) <= 4
    assert page.inner_text("#setting-rounds-error") == ""


def test_an_expired_link_says_so_in_view(sized: Any) -> None:
    page = sized
    home = page.url.split("#")[0]
    page.goto("about:blank")
    page.goto(home + "#game=NoSuchGameHere0000")  # a link opened after its game expired
    page.wait_for_selector("#setup-notice:not([hidden])")
    assert "expired" in page.inner_text("#setup-notice")
    box = page.locator("#setup-notice").bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] > -1 and box["y"] + box["height"] < height + 1  # in view
    shot(page, f"edges-13-expired-link-{page.size}")


# -- 14: the API docs offline --------------------------------------------------------------


def test_the_api_docs_render_with_no_network(tab: Any) -> None:
    page = tab
    host = page.url.split("/")[2]
    blocked: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.split("/")[2] == host:
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(page.url.split("#")[0] + "docs")
    page.wait_for_selector(".swagger-ui .info .title:has-text('plyground')")
    page.wait_for_selector(".opblock-summary-path:has-text('/api/games/{game_id}/end')")
    assert blocked == []
    shots(page, "edges-14-api-docs")


# -- 15: keyboard, review, resign --------------------------------------------------------------


def test_keyboard_starts_on_the_board_and_says_why_a_cell_is_refused(tab: Any) -> None:
    page = tab
    page.select_option("#setting-size", "4")
    page.select_option("#kind-1", "human")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    assert page.evaluate("document.activeElement.dataset.cell") == "a4"  # no click needed
    occupied = page.evaluate(
        "() => document.querySelector('.cell[data-cell]:not([data-token=\"\"])').dataset.cell"
    )
    page.focus(f".cell[data-cell={occupied}]")
    page.keyboard.press("Enter")
    notice = page.inner_text("#notice")
    assert notice.startswith(f"{occupied} is not a move now (") and "highlighted" in notice
    page.locator(".cell.clickable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#move-list li[data-ply='1']")
    page.wait_for_function("() => document.getElementById('notice').textContent === ''")


def test_review_steps_by_arrow_keys_anywhere_and_by_clicking_a_move(tab: Any) -> None:
    page = tab
    start_bots(page, "greedy", "random", "0.05")
    no_pause(page)
    page.wait_for_selector("#review-button:not([hidden])")
    total = len(game_json(page, "/history")) - 1
    page.click("#review-button")
    page.wait_for_selector("#review-bar:not([hidden])")
    page.click("#turn")  # focus away from the slider
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#review-caption").startswith(f"Move {total - 1} of {total}")
    page.keyboard.press("Home")
    assert page.inner_text("#review-caption").startswith("Start position")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#review-caption").startswith(f"Move 1 of {total}")
    page.click("#move-list li[data-ply='3']")
    assert page.inner_text("#review-caption").startswith(f"Move 3 of {total}")
    # the clicked move is the one marked current (it may also carry an annotation class)
    assert "current" in (page.get_attribute("#move-list li[data-ply='3']", "class") or "").split()
    assert page.locator("#move-list li.current").count() == 1


def test_clocks_show_the_time_each_side_has_taken(tab: Any) -> None:
    page = tab
    page.select_option("#kind-1", "human")
    page.check("#show-clocks")
    page.click("#start-button")
    page.wait_for_selector("[data-clock='0']:has-text('this move 0:01')")  # it ticks
    assert "this move" not in page.inner_text("[data-clock='1']")
    page.locator(".cell.clickable").first.click()
    page.wait_for_selector("[data-clock='1']:has-text('this move')")
    used = game_json(page)["time_used"]
    assert used[0] >= 1.0 and used[1] == 0.0
    # the side's total as the server counted it, in whole seconds (a loaded machine may
    # register the click a second or more after the clock showed 0:01)
    minutes, seconds = divmod(int(used[0]), 60)
    assert page.inner_text("[data-clock='0']").startswith(f"⏱ {minutes}:{seconds:02d}")
    shots(page, "edges-15-clocks")
    # the option is remembered, and off means no clocks
    page.click("#new-game-button")
    assert page.is_checked("#show-clocks")
    page.uncheck("#show-clocks")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    assert page.locator("[data-clock]").count() == 0


def test_a_human_resigns_against_a_bot(tab: Any) -> None:
    page = tab
    page.click("#start-button")
    page.wait_for_selector("#resign-button:not([hidden])")
    assert page.locator("#end-button").is_visible()
    page.click("#resign-button")  # the first click asks, the second resigns
    page.click("#resign-button")
    page.wait_for_selector("#result:not([hidden])")
    assert "You (X) resigned" in page.inner_text("#result")
    assert page.locator("#result").get_attribute("data-winner") == "1"


# -- 16: the server goes away ---------------------------------------------------------------------


def test_a_stopped_server_is_quiet_and_the_page_stops_taking_moves(browser: Any) -> None:
    """At laptop size (screenshots at both): the size plays no part, and the test stops a
    server of its own."""
    with (
        served_process(plyground_env(), "--workers", "1") as (url, process),
        laptop_page(browser, url) as page,
    ):
        page.select_option("#kind-1", "human")
        page.click("#start-button")
        page.wait_for_selector(".cell.clickable")
        page.wait_for_timeout(300)  # the event stream is open
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=15)
        assert process.returncode in (0, 130)  # 130: stopped by Ctrl+C, as a shell expects
        assert "Traceback" not in output and "CancelledError" not in output, output
        page.wait_for_selector("#board.disconnected")
        assert page.locator(".cell.clickable").count() == 0
        assert "Lost the connection" in page.inner_text("#notice")
        page.locator(".cell[data-cell]").first.click(force=True)  # nothing happens
        assert page.locator("#move-list li").count() == 0
        shots(page, "edges-16-disconnected")


# -- 17: scores from one side, numbered by rounds ------------------------------------------


def test_bots_scores_are_shown_for_x_and_moves_numbered_by_rounds(tab: Any) -> None:
    page = tab
    start_bots(page, "alphabeta", "hillclimb")
    no_pause(page)
    page.wait_for_selector("#result:not([hidden])")
    game = game_json(page)
    rows = page.eval_on_selector_all(
        "#move-list li[data-ply]",
        "items => items.map(i => [i.querySelector('.num').textContent,"
        " i.querySelector('.detail').textContent])",
    )
    assert [num for num, _ in rows][:4] == ["1.", "1…", "2.", "2…"]
    checked = 0
    for (_, detail), move in zip(rows, game["moves"], strict=True):
        if move["score"] is None or " " not in detail:
            continue
        shown = float(detail.rsplit(" ", 1)[1].replace("−", "-"))
        assert shown == pytest.approx(move["score"], abs=0.01), (detail, move)
        mover_score = move["info"]["score"]
        assert move["score"] == (mover_score if move["player"] == 0 else -mover_score)
        checked += 1
    assert checked >= 4
    assert page.inner_text("#moves-caption").startswith("Bots' scores are for X")
    shots(page, "edges-17-scores")


# -- 18: Pause is for games between bots -------------------------------------------------------


def test_pause_is_offered_between_bots_only_and_resume_plays_on(tab: Any) -> None:
    page = tab
    page.select_option("#kind-1", "level:easy")  # You against a bot: nothing to pause
    page.click("#start-button")
    page.wait_for_selector("#end-button:not([hidden])")
    for reply in (2, 4):  # before our first move, and after each of the bot's replies
        assert page.locator("#pause-button").is_hidden()
        assert page.locator("#step-button").is_hidden() and page.locator("#speed").is_hidden()
        page.locator(".cell.clickable").first.click()
        page.wait_for_selector(f"#move-list li[data-ply='{reply}']")
        page.wait_for_selector(".cell.clickable")
    assert page.locator("#pause-button").is_hidden()
    # two bots: Pause stops them, Resume lets them play on
    page.click("#new-game-button")
    start_bots(page, "greedy", "random", "0.05", size="6")
    page.wait_for_selector("#pause-button:not([hidden]):has-text('Pause')")
    page.wait_for_selector("#move-list li[data-ply='1']")
    page.click("#pause-button")
    page.wait_for_selector("#pause-button:has-text('Resume')")
    page.wait_for_selector("#step-button:not([disabled])")  # paused, and no bot thinking
    paused = game_json(page)
    assert paused["paused"] and not paused["finished"]
    page.wait_for_timeout(1500)  # three times the pause between moves
    assert game_json(page)["ply"] == paused["ply"] == moves_shown(page)
    shots(page, "edges-18-paused")
    page.click("#pause-button")
    page.wait_for_selector("#pause-button:has-text('Pause')")
    page.wait_for_function(
        "n => document.querySelectorAll('#move-list li[data-ply]').length > n",
        arg=paused["ply"],
    )
    assert not game_json(page)["paused"]
