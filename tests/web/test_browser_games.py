"""Tic-tac-toe, Nine Men's Morris, 2048 and N-Queens in a real browser (Debian's Chromium
driven by Playwright against ``plyground serve``). Every board shown is compared with the
rules replaying the game's record. Screenshots go to ``artifacts/web/``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    LAPTOP,
    PHONE,
    WAIT_MS,
    WORKERS_READY,
    laptop_page,
    plyground_env,
    require_browser,
    served,
    shot,
    shots,
)

from plyground.arena.records.record import GameRecord
from plyground.core.game import State
from plyground.games.morris import MorrisGame, MorrisState
from plyground.games.morris.endgames import load_tables
from plyground.games.queens import is_solution
from plyground.web.views import view_for

pytestmark = pytest.mark.browser

require_browser()

MOVING = "WW./BB./.../.....W/B.B/W.B/W.. W 0 0 20"
"""Morris in the moving phase: g4-g7 closes a7-d7-g7, and Black cannot stop it in one move."""


def record(page: Any) -> GameRecord:
    """The record of the game on the page, from the API."""
    data = page.evaluate(
        "() => fetch(`/api/games/${location.hash.slice(6)}/record`).then(r => r.json())"
    )
    return GameRecord.from_dict(data)


def snapshot(page: Any) -> Any:
    """The game on the page as the API gives it (its snapshot)."""
    return page.evaluate("() => fetch(`/api/games/${location.hash.slice(6)}`).then(r => r.json())")


def record_state(page: Any) -> State:
    """The state the rules give for the game on the page (its record, replayed)."""
    return record(page).replay()[-1]


def shown_tokens(page: Any) -> dict[str, str]:
    cells = page.eval_on_selector_all(
        ".cell[data-cell]", "cells => cells.map(c => [c.dataset.cell, c.dataset.token || ''])"
    )
    return dict(cells)


def check_board(page: Any, state: State) -> None:
    """The page shows the rules' position, slot by slot."""
    view = view_for(state.game.name)
    names = view.layout(state.game).names
    expected = {name: token for name, token in zip(names, view.tokens(state), strict=True) if name}
    assert shown_tokens(page) == expected, state.text()


def cells_with(page: Any, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.dataset.cell)"))


def played(page: Any) -> int:
    """Moves in the move list (players' moves; chance outcomes join the move before them)."""
    return int(page.locator("#move-list li[data-ply]").count())


def wait_played(page: Any, count: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('#move-list li[data-ply]').length >= n", arg=count
    )


def choose_game(page: Any, game: str) -> None:
    page.select_option("#game-select", game)
    page.wait_for_function(
        "g => document.querySelector('#game-select').value === g",
        arg=game,
    )


def test_tictactoe_against_perfect_by_clicking(page: Any) -> None:
    choose_game(page, "tictactoe")
    assert page.input_value("#kind-1") == "level:hard"  # the game's strongest bot by default
    assert page.inner_text("#advanced-1 summary") == "Advanced: perfect, 1 s a move"
    assert page.is_hidden("#game-settings")  # tic-tac-toe has no settings
    page.fill("#name-0", "Ann")
    page.click("#advanced-1 summary")
    page.fill("#bot-1-time", "0.3")
    shot(page, "ttt-01-form")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    rng = random.Random(5)
    while True:
        page.wait_for_function(
            "() => !document.querySelector('#result').hidden"
            " || document.querySelectorAll('.cell.clickable').length > 0"
        )
        state = record_state(page)
        check_board(page, state)
        if state.is_terminal():
            break
        legal = {state.move_text(move) for move in state.legal_moves()}
        assert cells_with(page, ".cell.clickable") == legal
        count = played(page)
        if count == 2:  # a hint: every best move, and how the game ends with best play
            page.click("#tool-hint")
            page.wait_for_selector("#tool-results li")
            best = page.inner_text("#tool-results li dd").split()
            assert best and set(best) <= legal
            assert page.inner_text("#tool-results .tool-summary") == f"Hint: {best[0]}"
            marked = "cells => cells.map(c => c.dataset.cell)"
            ringed = set(page.eval_on_selector_all(".cell.mark-hint", marked))
            assert ringed == set(best[:3])  # the first three; the hint line counts the rest
            assert played(page) == count  # a hint plays nothing
        page.click(f".cell[data-cell={rng.choice(sorted(legal))}]")
        wait_played(page, count + 1)
        if count == 2:
            shot(page, "ttt-02-playing")
    result = page.wait_for_selector("#result:not([hidden])")
    assert result.get_attribute("data-winner") in ("tie", "1")  # never a win for the human
    text = result.inner_text()
    assert text.startswith(("Draw: the board is full", "Perfect (O) wins")), text
    if text.startswith("Perfect"):
        assert cells_with(page, ".cell.mark-line") and "Three in a row" in text
    shot(page, "ttt-03-over")
    page.set_viewport_size(PHONE)
    shot(page, "ttt-04-over-phone")


def test_morris_moves_a_mill_and_a_removal_by_clicks(page: Any) -> None:
    choose_game(page, "morris")
    assert page.input_value("#kind-1") == "level:hard"
    assert page.inner_text("#advanced-1 summary") == "Advanced: morris, 1 s a move"
    page.click("#advanced-1 summary")
    page.fill("#bot-1-time", "0.3")
    page.click("#start-details summary")
    page.fill("#start-position", MOVING)
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    assert page.locator("svg.lines line").count() == 32  # the board's lines
    check_board(page, record_state(page))
    facts = page.inner_text("#facts")
    assert "moving" in facts and "W 0 · B 0" in facts and "W 5 · B 5" in facts

    # A hint: the morris bot's move, its points ringed (origin, destination, a man taken).
    page.click("#tool-hint")
    page.wait_for_selector("#tool-results li")
    hinted = page.inner_text("#tool-results .tool-summary").removeprefix("Hint: ")
    start = record_state(page)
    assert hinted in {start.move_text(m) for m in start.legal_moves()}
    assert cells_with(page, ".cell.mark-hint") == set(re.split("[-x]", hinted))

    # A move: pick up a1 (its targets light up), put it down on d1.
    page.click(".cell[data-cell=a1]")
    assert cells_with(page, ".cell.selected") == {"a1"}
    assert cells_with(page, ".cell.clickable") == {"a4", "d1"}
    assert "Click where the White piece on a1 goes" in page.inner_text("#prompt")
    page.click(".cell[data-cell=d1]")
    wait_played(page, 2)  # ours, then the bot's reply
    page.wait_for_selector(".cell.clickable")
    state = record_state(page)
    check_board(page, state)
    assert page.inner_text("#move-list li[data-ply='1'] .cellname") == "a1-d1"

    # The mill: g4 to g7 closes a7-d7-g7; then one of Black's men must be taken.
    page.click(".cell[data-cell=g4]")
    page.click(".cell[data-cell=g7]")
    page.wait_for_selector("#prompt:has-text('takes a piece')")
    takeable = {
        state.move_text(m).split("x")[1]
        for m in state.legal_moves()
        if state.move_text(m).startswith("g4-g7x")
    }
    assert takeable and cells_with(page, ".cell.takeable") == takeable
    assert cells_with(page, ".cell.pending") == {"g7"}  # the man shown where it goes
    shot(page, "morris-01-mill")
    victim = sorted(takeable)[0]
    page.click(f".cell[data-cell={victim}]")
    wait_played(page, 3)
    assert page.inner_text("#move-list li[data-ply='3'] .cellname") == f"g4-g7x{victim}"
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list li[data-ply]').length >= 4"
        " || !document.querySelector('#result').hidden"
    )
    page.wait_for_timeout(700)  # the last move's animation
    state = record_state(page)
    check_board(page, state)
    scores = page.eval_on_selector_all("[data-score]", "nodes => nodes.map(n => n.textContent)")
    assert scores == [f"{v:g}" for v in view_for("morris").scores(state)]  # men left
    shot(page, "morris-02-after-removal")
    page.set_viewport_size(PHONE)
    shot(page, "morris-03-phone")


@pytest.fixture(scope="module")
def endgame_page(browser: Any, morris_endgames_home: tuple[Path, str]) -> Iterator[Any]:
    """A laptop-sized tab on a server whose data directory holds the 3 v 3 endgame tables."""
    env = plyground_env() | {"XDG_DATA_HOME": str(morris_endgames_home[0])}
    with (
        served(env, "--think-cap", "3", "--workers", "1") as url,
        laptop_page(browser, url) as page,
    ):
        yield page


def facts(page: Any) -> dict[str, str]:
    """The facts beside the board, by label."""
    return dict(
        page.eval_on_selector_all(
            "#facts dd[data-fact]", "nodes => nodes.map(n => [n.dataset.fact, n.textContent])"
        )
    )


@pytest.mark.slow  # the tables: solving 3 v 3 takes about half a minute (once a session)
def test_morris_shows_the_endgame_verdict_and_the_bots_search(
    endgame_page: Any, morris_endgames_home: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a 3 v 3 position the facts give the tables' verdict (as the view has it with the
    same tables), and each of the bot's moves shows the depth and score it searched."""
    page = endgame_page
    monkeypatch.setenv("XDG_DATA_HOME", str(morris_endgames_home[0]))
    tables = load_tables()
    assert tables is not None
    own, theirs = next(
        position
        for position in (tables.position(3, 3, i) for i in range(0, 2_691_920, 7919))
        if (tables.value(*position) or 0) in range(6, 20, 2)  # White wins in 5 to 17 turns
    )
    start = MorrisState(MorrisGame(), own, theirs, white_hand=0, black_hand=0, turns=40)
    choose_game(page, "morris")
    page.select_option("#kind-1", "morris")
    page.fill("#bot-1-time", "0.5")
    page.click("#start-details summary")
    page.fill("#start-position", start.text())
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    turns = (tables.value(own, theirs) or 0) - 1
    assert facts(page)["Endgame table"] == f"White wins in {turns} turns"
    shot(page, "morris-04-endgame-verdict")
    for ply in (1, 3):
        state = record_state(page)
        move = next(m for m in state.legal_moves() if "x" not in state.move_text(m))
        origin, destination = state.move_text(move).split("-")
        page.click(f".cell[data-cell={origin}]")
        page.click(f".cell[data-cell={destination}]")
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li[data-ply]').length > n"
            " || !document.querySelector('#result').hidden",
            arg=ply,
        )
        game = record(page)
        replies = game.moves
        if len(replies) <= ply:
            break  # our move ended the game
        info = replies[ply].info
        assert info is not None and info.depth >= 1, (replies[ply], game.rule_breaks)
        detail = page.inner_text(f"#move-list li[data-ply='{ply + 1}'] .detail")
        assert re.search(rf"(^|· )depth {info.depth}, [+-]?\S+$", detail), detail  # and score
        page.wait_for_selector(".cell.clickable, #result:not([hidden])")
        shown = facts(page)
        expected = dict(view_for("morris").status(record_state(page)))
        assert shown.get("Endgame table") == expected.get("Endgame table"), (shown, expected)
        if not record_state(page).is_terminal():
            assert "Endgame table" in shown
    page.set_viewport_size(PHONE)
    assert (
        page.is_visible("#facts dd[data-fact='Endgame table']") or record_state(page).is_terminal()
    )
    shot(page, "morris-05-endgame-phone")
    page.set_viewport_size(LAPTOP)


def test_morris_bot_scores_are_in_men_while_it_thinks_and_in_the_list(page: Any) -> None:
    """The thinking panel, during the search, and the move list give a Morris bot's score in
    men, as the server words it by the bot's own weights, not the raw evaluation."""
    choose_game(page, "morris")
    page.click("#advanced-1 summary")
    page.fill("#bot-1-time", "1")
    page.click("#start-details summary")
    page.fill("#start-position", MOVING)
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    page.click(".cell[data-cell=a1]")
    page.click(".cell[data-cell=d1]")
    thinking = page.wait_for_function(
        """() => {
          const score = document.querySelector("#thinking-info dd[data-info='score (for white)']");
          const shown = !document.getElementById("thinking").hidden && score?.textContent;
          return shown && shown !== "–" ? shown : false;
        }""",
        timeout=WORKERS_READY * 1000,  # the first bot move of the server may wait for a worker
    ).json_value()
    assert re.fullmatch(r"[+-]\d+\.\d men", thinking), thinking
    shot(page, "morris-04-thinking-in-men")
    wait_played(page, 2)
    reply = snapshot(page)["moves"][1]
    men = round(-reply["info"]["score"] / reply["info"]["unit_score"], 1) + 0.0  # White's side
    assert reply["score_text"] == f"{men:+.1f} men"
    detail = page.inner_text("#move-list li[data-ply='2'] .detail")
    assert detail.endswith(f"depth {reply['info']['depth']}, {men:+.1f} men"), detail
    assert page.inner_text("#move-list li[data-ply='1'] .detail") == ""  # ours: no score
    shot(page, "morris-04-scores-in-men")


def test_2048_by_keyboard_and_swipe(page: Any) -> None:
    choose_game(page, "2048")
    assert page.locator("#kind-0 option").all_inner_texts() == [
        "Human",
        "Computer: quick",
        "Computer: hard",
        "Computer: strongest",
        "Bot: random",
        "Bot: greedy",
        "Bot: 2048",
        "Bot: mcts",
    ]
    page.click("#start-button")
    page.wait_for_selector(".cell[data-cell] .tile")
    check_board(page, record_state(page))
    keys = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"]
    for number in range(8):
        state = record_state(page)
        legal = {state.move_text(m) for m in state.legal_moves()}
        enabled = set(
            page.eval_on_selector_all(
                "#move-buttons button:not([disabled])", "nodes => nodes.map(n => n.dataset.move)"
            )
        )
        assert enabled == legal
        key = next(k for k in keys[number % 4 :] + keys if k.removeprefix("Arrow").lower() in legal)
        count = played(page)
        page.keyboard.press(key)
        wait_played(page, count + 1)
    page.wait_for_timeout(400)
    state = record_state(page)
    check_board(page, state)
    score = page.inner_text("[data-score]")
    assert score == f"{state.score:g}"  # type: ignore[attr-defined]
    # A swipe on the board moves too (phones).
    box = page.locator("#board-frame").bounding_box()
    legal = {state.move_text(m) for m in state.legal_moves()}
    direction, (dx, dy) = next(
        (d, v) for d, v in (("right", (120, 0)), ("left", (-120, 0)), ("down", (0, 120)),
                            ("up", (0, -120))) if d in legal
    )  # fmt: skip
    count = played(page)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + dy, steps=4)
    page.mouse.up()
    wait_played(page, count + 1)
    assert page.inner_text(f"#move-list li[data-ply] >> nth={count} >> .cellname") == direction
    shot(page, "g2048-01-keyboard")
    page.set_viewport_size(PHONE)
    shot(page, "g2048-02-phone")


def test_2048_watch_the_bot(page: Any) -> None:
    choose_game(page, "2048")
    page.select_option("#kind-0", "2048")
    page.fill("#bot-0-time", "0.05")
    network = "#bot-0-network"  # a shipped network by name, or none (the heuristic)
    assert page.eval_on_selector_all(f"{network} option", "ns => ns.map(n => n.text)") == [
        "none", "4x6-tc"]  # fmt: skip
    assert page.input_value(network) == ""
    page.select_option(network, "4x6-tc")
    page.click("#start-button")
    page.wait_for_selector("#pause-button:not([hidden])")
    page.locator("#speed-slider").fill("0")  # no pause between moves
    # The first move waits for the workers to load their kernels (slow on a busy machine).
    page.wait_for_selector("#move-list li[data-ply]", timeout=WORKERS_READY * 1000)
    wait_played(page, 30)
    page.click("#pause-button")
    page.wait_for_selector("#step-button:not([disabled])")
    game = record(page)
    mine = [ply for ply, move in enumerate(game.moves) if move.player == 0]
    assert len(mine) >= 30 and all(game.moves[ply].info.depth >= 1 for ply in mine)  # type: ignore[union-attr]
    assert "network=4x6-tc" in game.players[0].spec
    # The page catches up with the last move, however fast the moves came.
    page.wait_for_selector(f"#move-list li[data-ply='{mine[-1] + 1}']")
    page.wait_for_timeout(300)
    check_board(page, game.replay()[-1])
    assert "Best tile" in page.inner_text("#facts")
    # The bot's pace and depth, over its last 20 moves (from the record's times and depths).
    recent = [game.moves[ply] for ply in mine[-20:]]
    depths = [move.info.depth for move in recent]  # type: ignore[union-attr]
    rate = len(recent) / sum(move.elapsed for move in recent)
    shown = float(page.inner_text("[data-pace='Moves/s']"))
    assert shown == pytest.approx(rate, abs=0.051) and shown > 0
    mean = sum(depths) / len(depths)  # rounded as JavaScript's toFixed: a tie (4.25) up
    shown_mean = Decimal(mean).quantize(Decimal("0.1"), ROUND_HALF_UP)
    assert page.inner_text("[data-pace='Depth']") == f"{depths[-1]} (mean {shown_mean})"
    shot(page, "g2048-03-bot")
    page.set_viewport_size(PHONE)
    assert page.locator("#bot-pace").is_visible()
    shot(page, "g2048-04-bot-phone")


def test_2048_hint_asks_the_bot(page: Any) -> None:
    """At laptop size (screenshots at both): the size plays no part in the hints."""
    choose_game(page, "2048")
    page.click("#start-button")
    page.wait_for_selector(".cell[data-cell] .tile")
    assert page.locator("#bot-pace").is_hidden()  # a human plays: no bot pace
    evaluation = "#tool-hint-evaluation"  # the bot's heuristic, or a shipped network
    assert page.eval_on_selector_all(f"{evaluation} option", "ns => ns.map(n => n.value)") == [
        "heuristic", "4x6-tc"]  # fmt: skip
    for number in range(2):
        before = record_state(page)
        if number == 1:
            page.select_option(evaluation, "4x6-tc")
        page.click("#tool-hint")
        page.wait_for_function(  # the first hint may wait for the workers' kernels
            "n => document.querySelectorAll('#tool-results li').length === n",
            arg=number + 1,
            timeout=(WORKERS_READY if number == 0 else WAIT_MS / 1000) * 1000,
        )
        summary = page.inner_text("#tool-results li >> nth=0 >> .tool-summary")
        shown = page.inner_text("#tool-results li >> nth=0")
        assert ("4x6-tc" if number else "heuristic") in shown
        move = summary.removeprefix("Hint: ")
        assert move in {before.move_text(m) for m in before.legal_moves()}
        assert record_state(page).text() == before.text()  # the hint plays nothing
        assert page.locator(f"#move-buttons button[data-move='{move}']").is_enabled()
        hinted = "nodes => nodes.map(n => n.dataset.move)"
        assert page.eval_on_selector_all("#move-buttons button.hinted", hinted) == [move]
        count = played(page)
        page.click(f"#move-buttons button[data-move='{move}']")  # take the hint
        wait_played(page, count + 1)
        assert page.eval_on_selector_all("#move-buttons button.hinted", hinted) == []
        assert page.inner_text(f"#move-list li[data-ply] >> nth={count} >> .cellname") == move
    shots(page, "g2048-05-hint")


def test_queens_by_clicks_and_solved_by_button(page: Any) -> None:
    choose_game(page, "queens")
    page.select_option("#setting-size", "8")
    page.click("#start-button")
    page.wait_for_selector(".cell.clickable")
    assert cells_with(page, ".cell.clickable") == {f"a{row}" for row in range(1, 9)}
    page.click(".cell[data-cell=a1]")
    page.wait_for_selector(".cell[data-cell=a1][data-token=Q]")
    assert cells_with(page, ".cell.mark-attacked") == {"b1", "b2"}
    page.hover(".cell[data-cell=b2]")
    assert cells_with(page, ".cell.related") == {"a1"}  # the queen that attacks it
    page.click(".cell[data-cell=b4]")
    page.wait_for_selector(".cell[data-cell=b4][data-token=Q]")
    check_board(page, record_state(page))
    shot(page, "queens-01-placing")
    page.click(".cell[data-cell=a1]")  # a queen clicked is taken back, with those after it
    page.wait_for_function("() => !document.querySelector('.cell[data-token=Q]')")
    page.click(".cell[data-cell=a5]")
    page.wait_for_selector(".cell[data-cell=a5][data-token=Q]")
    page.select_option("#tool-solve-method", "backtracking")
    page.click("#tool-solve")
    result = page.wait_for_selector("#result:not([hidden])")
    assert result.inner_text() == "Solved: 8 queens, and none attacks another"
    state = record_state(page)
    check_board(page, state)
    rows = state.rows  # type: ignore[attr-defined]
    assert is_solution(rows) and rows[0] == 4  # the queen on a5 was kept
    summary = page.inner_text("#tool-results li >> nth=0")
    assert "backtracking found a solution" in summary and "Nodes" in summary
    page.click("#tool-count")
    page.wait_for_selector("#tool-results li .tool-summary:has-text('8-Queens has 92 solutions')")
    shot(page, "queens-02-solved")
    page.set_viewport_size(PHONE)
    shot(page, "queens-03-phone")
    page.set_viewport_size(LAPTOP)
