"""End to end in a real browser: Debian's Chromium driven by Playwright against
``plyground serve`` running as a subprocess. The expected boards come from the rules.

Screenshots go to ``artifacts/web/`` (ignored by git).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, WAIT_MS, WORKERS_READY, require_browser, shot, shots

from plyground.games import load_game
from plyground.games.adjacency import AdjacencyState, O, X
from plyground.games.adjacency.book import book_entry, book_solution
from plyground.games.adjacency.solver import solve

pytestmark = pytest.mark.browser

require_browser()


def board(page: Any) -> dict[str, tuple[str, bool]]:
    """Each cell's token and whether the page shows it as just flipped."""
    cells = page.eval_on_selector_all(
        ".cell[data-cell]",
        "cells => cells.map(c => [c.dataset.cell, c.dataset.token || '', c.dataset.flipped])",
    )
    return {name: (token, flipped == "true") for name, token, flipped in cells}


def check_page_matches(page: Any, state: AdjacencyState, flipped: set[str]) -> None:
    shown = board(page)
    for index, name in enumerate(state.geometry.names):
        assert shown[name][0] == (state.cell(index) or ""), f"cell {name} in {state.text()}"
    assert {name for name, (_, is_flip) in shown.items() if is_flip} == flipped
    scores = page.eval_on_selector_all("[data-score]", "nodes => nodes.map(n => n.textContent)")
    assert scores == [str(state.count(X)), str(state.count(O))]


def setup(page: Any, size: int, rounds: int, **seats: str) -> None:
    page.select_option("#setting-size", str(size))
    page.fill("#setting-rounds", str(rounds))
    for seat, kind in seats.items():
        index = {"x": 0, "o": 1}[seat]
        page.select_option(f"#kind-{index}", kind)
        if kind != "human":
            page.fill(f"#bot-{index}-time", "0.2")


def wait_moves(page: Any, count: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#move-list li').length >= n", arg=count)


def test_play_a_short_game_against_a_bot_by_clicking(page: Any) -> None:
    setup(page, 6, 2, o="alphabeta")
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Deep Thought")
    shot(page, "01-start-form")
    page.click("#start-button")
    page.wait_for_selector(".cell[data-cell]")
    state = load_game("adjacency(size=6,rounds=2,first=X)").initial_state()
    assert isinstance(state, AdjacencyState)
    states, flips = [state], [set[str]()]
    while not state.is_terminal():
        # Our turn: the page is still until we click; it must show the rules' position,
        # with the cells the bot's last move flipped marked as flipped.
        page.wait_for_function(
            "n => document.querySelectorAll('.cell.clickable').length === n",
            arg=len(state.legal_moves()),
        )
        check_page_matches(page, state, flips[-1])
        # the move that flips the most (ties: the first), so there are flips to see
        move = max(state.legal_moves(), key=lambda m: len(state.flips(m)))
        page.click(f".cell[data-cell={state.move_text(move)}]")
        for _ in range(2):  # our move, then the bot's reply (read from the move list)
            if state.is_terminal():
                break
            ply = len(states)
            wait_moves(page, ply)
            if state.side == O:
                move = state.parse_move(
                    page.inner_text(f"#move-list li[data-ply='{ply}'] .cellname")
                )
            flips.append({state.geometry.names[i] for i in state.flips(move)})
            state = state.play(move)
            states.append(state)
        if len(states) == 3:
            shot(page, "02-after-first-round")
    result = page.wait_for_selector("#result:not([hidden])")
    check_page_matches(page, state, flips[-1])
    winner = state.winner()
    text = result.inner_text()
    if winner is None:
        assert text == f"It's a tie, {state.count(X)}–{state.count(O)}"
    else:
        loser = 1 - winner
        assert text == (
            f"{['Ann', 'Deep Thought'][winner]} ({'XO'[winner]}) wins "
            f"{state.count(winner)}–{state.count(loser)}"
        )
    assert page.inner_text("#turn") == "Game over"
    assert page.is_visible("#new-game-button") and page.is_hidden("#undo-button")
    shot(page, "03-game-over")
    page.set_viewport_size(PHONE)
    shot(page, "04-game-over-phone")
    page.set_viewport_size(LAPTOP)
    # Every position again in review, each move's flips marked: ours and the bot's.
    page.click("#review-button")
    page.click("#review-first")
    for ply, (expected, flipped) in enumerate(zip(states, flips, strict=True)):
        if ply:
            page.click("#review-next")
        check_page_matches(page, expected, flipped)
    # "Play new game" brings back the form, with the same players.
    page.click("#new-game-button")
    assert page.input_value("#name-1") == "Deep Thought"


def test_undo_against_a_bot(page: Any) -> None:
    setup(page, 4, 3, o="greedy")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    start = board(page)
    page.click(".cell[data-cell=c1]")
    wait_moves(page, 2)
    page.wait_for_selector("#undo-button:not([disabled])")
    page.click("#undo-button")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 0")
    assert {k: v[0] for k, v in board(page).items()} == {k: v[0] for k, v in start.items()}


def hint(page: Any, number: int, wait_ms: float) -> dict[str, str]:
    """Ask for hint ``number`` (from 1) and return its summary and facts."""
    page.wait_for_selector("#tool-hint:not([disabled])")
    page.click("#tool-hint")
    try:
        page.wait_for_function(
            "n => document.querySelectorAll('#tool-results li').length === n"
            " || document.getElementById('notice').textContent !== ''", arg=number,
            timeout=wait_ms,
        )  # fmt: skip
    except Exception as error:  # say what the page showed, not only that it waited
        shown = page.evaluate(
            "() => ({status: document.getElementById('tool-status').textContent,"
            " results: document.querySelectorAll('#tool-results li').length,"
            " disabled: document.getElementById('tool-hint').disabled})"
        )  # fmt: skip
        raise AssertionError(f"hint {number} did not come: the page shows {shown}") from error
    assert page.inner_text("#notice") == ""  # a refused hint fails here, and says why
    latest = page.locator("#tool-results li").nth(0)
    labels = latest.locator("dt").all_inner_texts()
    values = latest.locator("dd").all_inner_texts()
    return {
        "summary": latest.locator(".tool-summary").inner_text(),
        **dict(zip(labels, values, strict=True)),
    }


def hinted(page: Any) -> set[str]:
    """The cells the board marks as a hint's best moves."""
    cells = page.eval_on_selector_all(".cell.mark-hint", "cells => cells.map(c => c.dataset.cell)")
    return set(cells)


def position(page: Any) -> AdjacencyState:
    """The position on the page, from its record (replayed by the rules)."""
    record = page.evaluate(
        "() => fetch(`/api/games/${location.hash.slice(6)}/record`).then(r => r.json())"
    )
    state = load_game(record["game"]).parse_state(record["start"])
    for move in record["moves"]:
        state = state.play(state.parse_move(move["move"]))
    assert isinstance(state, AdjacencyState)
    return state


def test_a_hint_at_the_start_is_the_books_then_the_engines(page: Any) -> None:
    """At laptop size (screenshots at both): the size plays no part in the hints."""
    setup(page, 8, 8, o="greedy")  # the course's game: its start is proved (-2), in the book
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    start = position(page)
    entry = book_entry(start)
    assert entry is not None
    shown = hint(page, 1, WORKERS_READY * 1000)  # the first may wait for a worker's kernels
    move = shown["summary"].removeprefix("Hint: ")
    assert move in entry.best and shown["By"] == "the opening book"
    assert shown["Value (X − O)"] == "-2" and move in shown["Best moves"].split()
    assert position(page).text() == start.text()  # a hint plays nothing
    best = set(book_solution(start).best)  # the best three ringed, the others counted
    assert hinted(page) <= best and len(hinted(page)) == min(3, len(best))
    if len(best) > 3:
        assert f"; {len(best) - 3} more moves are as good." in page.inner_text("#hint-line")
    page.click(f".cell[data-cell={move}]")  # take it; greedy answers
    wait_moves(page, 2)
    page.wait_for_selector(".cell.clickable")
    assert hinted(page) == set()  # an earlier position's hint is no longer shown
    later = position(page)  # 14 plies left, out of the book: no solve in the budget
    shown = hint(page, 2, WAIT_MS)
    assert shown["By"].startswith("the engine's estimate (depth ")
    legal = {later.move_text(m) for m in later.legal_moves()}
    assert shown["summary"].removeprefix("Hint: ") in legal
    shots(page, "11-hint")


def test_a_hint_as_o_late_in_a_game_is_an_exact_solve(page: Any) -> None:
    setup(page, 7, 3, x="greedy", o="human")  # 7x7: no opening book, so a solve
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable", timeout=WORKERS_READY * 1000)
    state = position(page)  # 5 plies left: every move solved within the budget
    assert state.to_move() == 1 and book_entry(state) is None
    shown = hint(page, 1, WORKERS_READY * 1000)
    solved = solve(state)
    assert shown["summary"].removeprefix("Hint: ") in solved.best
    value = "0" if solved.value == 0 else f"{solved.value:+d}"
    assert shown["By"] == "an exact solve" and shown["Value (X − O)"] == value


def test_the_form_explains_what_is_wrong(page: Any) -> None:
    page.fill("#name-0", "Sam")
    page.select_option("#kind-1", "human")
    page.fill("#name-1", "SAM")  # the same name once folded: only the server knows that rule
    page.select_option("#setting-size", "4")
    page.fill("#setting-rounds", "9")
    page.click("#start-button")
    assert page.inner_text("#setting-rounds-error") == (
        "Rounds must be 1 to 4 on a 4×4 board; 9 is out of range."
    )
    assert page.get_attribute("#setting-rounds", "aria-invalid") == "true"
    assert page.is_visible("#setup")  # no game was started
    # The server's checks land beside the input they are about: the names...
    page.fill("#setting-rounds", "4")
    page.click("#start-button")
    page.wait_for_selector("#name-1-error:has-text('both sides are named')")
    assert page.get_attribute("#name-1", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "name-1"
    assert "give each side its own name" in page.inner_text("#form-errors")
    shot(page, "05-form-errors")
    # ... and a position for another board size.
    page.fill("#name-1", "Kim")
    page.click("#start-details summary")
    page.fill("#start-position", "4OO/4OO/6/6/XX4/XX4 X 8")
    page.click("#start-button")
    page.wait_for_selector("#start-position-error:has-text('6x6 board, but this game is 4x4')")
    assert page.is_visible("#setup")


def test_watch_bots_pause_step_then_review_and_replay_a_position(page: Any) -> None:
    setup(page, 4, 4, x="greedy", o="random")
    page.click("#start-button")
    page.wait_for_selector("#pause-button:not([hidden])")
    page.click("#pause-button")
    page.wait_for_selector("#pause-button:has-text('Resume')")
    page.wait_for_selector("#step-button:not([disabled])")
    before = page.locator("#move-list li").count()
    page.click("#step-button")
    wait_moves(page, before + 1)
    page.wait_for_timeout(600)
    assert page.locator("#move-list li").count() == before + 1  # one step, one move
    shot(page, "06-bots-paused")
    page.locator("#speed-slider").fill("0.1")
    page.click("#pause-button")
    page.wait_for_selector("#result:not([hidden])")
    moves = page.eval_on_selector_all(
        "#move-list .cellname", "nodes => nodes.map(n => n.textContent)"
    )
    state = load_game("adjacency(size=4,rounds=4,first=X)").initial_state()
    states = [state]
    for text in moves:
        state = state.play(state.parse_move(text))
        states.append(state)
    assert isinstance(state, AdjacencyState) and state.is_terminal()
    check_page_matches(page, state, set(page.eval_on_selector_all(
        ".cell[data-flipped=true]", "nodes => nodes.map(n => n.dataset.cell)"
    )))  # fmt: skip
    shot(page, "07-bots-finished")

    # Review: step to the start, then forward, and copy what is shown.
    page.click("#review-button")
    page.wait_for_selector("#review-bar:not([hidden])")
    page.click("#review-first")
    assert page.inner_text("#review-caption").startswith("Start position")
    page.click("#review-next")
    page.click("#review-next")
    assert page.inner_text("#review-caption").startswith(f"Move 2 of {len(moves)}")
    shown = states[2]
    assert isinstance(shown, AdjacencyState)
    assert {k: v[0] for k, v in board(page).items()} == {
        name: shown.cell(i) or "" for i, name in enumerate(shown.geometry.names)
    }
    page.click("#copy-position")
    page.wait_for_selector("#notice:has-text('Copied the position text')")
    assert page.evaluate("document.body.dataset.copied") == shown.text()
    shot(page, "08-review")
    page.click("#copy-record")
    page.wait_for_selector("#notice:has-text('Copied the game record')")
    record = json.loads(page.evaluate("document.body.dataset.copied"))
    assert [m["move"] for m in record["moves"]] == moves and record["final"] == state.text()

    # Start a new game from the reviewed position.
    page.click("#play-from-here")
    assert page.input_value("#start-position") == shown.text()
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Bob")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    check_page_matches(page, shown, set())


def test_keyboard_plays_the_board(page: Any) -> None:
    page.select_option("#kind-1", "human")
    page.fill("#name-1", "Bob")
    setup(page, 4, 2)
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    first = page.locator(".cell[data-cell=a4]")
    assert first.get_attribute("tabindex") == "0"
    first.focus()
    for key in ("ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused == "c1"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    assert page.get_attribute(".cell[data-cell=c1]", "aria-label") == (
        "c1: empty, press Enter to play"
    )
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.cell[data-cell=c1]').dataset.token")
    assert page.get_attribute(".cell[data-cell=c1]", "aria-label") == "c1: X, last move"
    assert page.get_attribute("#board", "role") == "grid"
    assert page.inner_text("#announcer") == "X (You) played c1."
    page.set_viewport_size(PHONE)
    shot(page, "09-keyboard-phone")
