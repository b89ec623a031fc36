"""Analysis in a real browser (Debian's Chromium, Playwright, ``plyground serve``) at laptop
size, with screenshots at phone size too: the review's losses and highlighted mistakes, the
analysis board's heat map of move values, and an MCTS bot's visit shares on the board while
it thinks."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import CHROMIUM, LAPTOP, WAIT_MS, plyground_env, served, shots

from plyground.games import load_game
from plyground.games.adjacency.solver import solve

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        f"{CHROMIUM} is missing: install Debian's chromium to run the browser tests",
        allow_module_level=True,
    )
pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``plyground serve`` whose analysis has 3 s a position: the 6x6 games here always solve
    in it, however loaded the machine."""
    with served(plyground_env(), "--think-cap", "3", "--analysis-time", "3") as url:
        yield url


def call(server: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def open_page(browser: Any, server: str, viewport: dict[str, int], where: str = "") -> Any:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(WAIT_MS)
    page.goto(server + where)
    page.errors = errors
    return page


def close(page: Any) -> None:
    errors = page.errors
    page.context.close()
    assert not errors, f"the page raised: {errors}"


def heat(page: Any) -> dict[str, str]:
    """The heat map on the board: cell -> the text shown on it."""
    pairs = page.eval_on_selector_all(
        ".cell .heat", "nodes => nodes.map(n => [n.dataset.heat, n.textContent])"
    )
    return dict(pairs)


def shown(value: float) -> str:
    """A margin as the heat map writes it."""
    return "0" if value == 0 else f"{value:+g}".replace("-", "\u2212")


def bots_game(server: str, x: dict[str, Any], o: dict[str, Any], size: int, rounds: int) -> str:
    body = {
        "settings": {"size": size, "rounds": rounds},
        "players": [{"name": "Xavier", "kind": "bot", **x}, {"name": "Olga", "kind": "bot", **o}],
        "delay": 0,
    }
    return str(call(server, "POST", "/api/games", body)["game"]["id"])


def test_review_shows_each_moves_loss_and_the_worst_mistakes(browser: Any, server: str) -> None:
    """At laptop size (screenshots at both): the size plays no part in what is checked."""
    game_id = bots_game(server, {"bot": "greedy"}, {"bot": "random"}, 6, 4)
    page = open_page(browser, server, LAPTOP, f"/#game={game_id}")
    page.wait_for_selector("#review-button:not([hidden])")
    page.click("#review-button")
    page.wait_for_selector("#analysis .accuracy")
    analysis = call(server, "GET", f"/api/games/{game_id}/analysis")
    moves = analysis["moves"]
    page.wait_for_function(
        "n => document.querySelectorAll('#move-list .loss').length === n", arg=len(moves)
    )
    losses = page.eval_on_selector_all("#move-list .loss", "nodes => nodes.map(n => n.textContent)")
    assert losses == ["best" if m["loss"] == 0 else f"\u2212{m['loss']}" for m in moves]
    worst = page.eval_on_selector_all(
        "#move-list li.worst", "nodes => nodes.map(n => Number(n.dataset.ply) - 1)"
    )
    assert worst and sorted(worst) == sorted(analysis["worst"])
    blunders = page.eval_on_selector_all(
        "#move-list li.blunder", "nodes => nodes.map(n => Number(n.dataset.ply) - 1)"
    )
    assert blunders == [m["ply"] for m in moves if m["blunder"]]
    rows = page.eval_on_selector_all("#analysis tbody tr", "rows => rows.map(r => r.innerText)")
    assert len(rows) == 2 and "Xavier" in rows[0] and "Olga" in rows[1]
    assert analysis["exact_moves"] == len(moves)  # 6x6, 4 rounds: solved from the start
    assert f"Every move ({len(moves)}) valued exactly;" in page.inner_text("#analysis .help")
    # the start position: a heat map of every move's exact value, with its legend
    page.click("#review-first")
    record = call(server, "GET", f"/api/games/{game_id}/record")
    state = load_game(record["game"]).parse_state(record["start"])
    solved = solve(state, moves=True)
    expected = {cell: shown(v) for cell, v in (solved.moves or {}).items()}
    page.wait_for_function(
        "n => document.querySelectorAll('.cell .heat').length === n", arg=len(expected)
    )
    assert heat(page) == expected
    best = page.eval_on_selector_all(".heat.best", "nodes => nodes.map(n => n.dataset.heat)")
    assert sorted(best) == sorted(solved.best)
    assert "Exact value" in page.inner_text("#heat-legend")
    shots(page, "analysis-review")
    close(page)


def test_the_analysis_board_shows_every_moves_value(browser: Any, server: str) -> None:
    """At laptop size (screenshots at both): the size plays no part in what is checked."""
    page = open_page(browser, server, LAPTOP)
    page.wait_for_selector("#name-0")
    page.select_option("#game-select", "adjacency")
    page.select_option("#setting-size", "6")
    page.fill("#setting-rounds", "3")
    page.click("#analysis-board-button")
    page.wait_for_selector(".cell .heat")
    game = load_game("adjacency(size=6,rounds=3)")
    state = game.initial_state()
    for move in ("e4", None):
        solved = solve(state, moves=True)
        expected = {cell: shown(v) for cell, v in (solved.moves or {}).items()}
        page.wait_for_function(
            "n => document.querySelectorAll('.cell .heat').length === n", arg=len(expected)
        )
        page.wait_for_function(
            "cells => Object.entries(cells).every(([c, t]) => "
            "document.querySelector(`.heat[data-heat='${c}']`)?.textContent === t)",
            arg=expected,
        )
        assert heat(page) == expected
        legend = page.inner_text("#heat-legend")
        assert "Exact value" in legend and "best move" in legend
        if move is None:
            break
        page.click(f".cell[data-cell='{move}']")  # X plays; now O's moves are valued
        state = state.play(state.parse_move(move))
    shots(page, "analysis-board")
    page.click("#undo-button")  # take it back: X's values again
    page.wait_for_function("() => !document.querySelector('.cell[data-cell=\"e4\"]').dataset.token")
    page.wait_for_selector(".heat[data-heat='e4']")
    close(page)


def test_watching_mcts_shows_its_visit_shares_and_playouts(browser: Any, server: str) -> None:
    """At laptop size (screenshots at both): the size plays no part in what is checked."""
    game_id = bots_game(server, {"bot": "mcts", "settings": {"time": 2.5}}, {"bot": "greedy"}, 6, 3)
    page = open_page(browser, server, LAPTOP, f"/#game={game_id}")
    # One look at the page while the bot thinks (its heat map goes when it has moved).
    seen = page.wait_for_function(
        """() => {
          const cells = [...document.querySelectorAll('.cell .heat-visits')];
          const playouts = document.querySelector("[data-info='playouts']");
          if (!cells.length || !playouts) return null;
          return {shares: cells.map(n => [n.textContent, n.classList.contains('best')]),
                  legend: document.getElementById('heat-legend').innerText,
                  playouts: playouts.textContent};
        }"""
    ).json_value()
    assert "MCTS visits" in seen["legend"] and "playouts" in seen["legend"]
    shares = [int(text.rstrip("%")) for text, _ in seen["shares"]]
    assert all(0 <= share <= 100 for share in shares) and sum(shares) <= 100 + len(shares)
    assert any(best for _, best in seen["shares"])
    assert seen["playouts"] not in ("", "–")
    shots(page, "analysis-mcts")
    close(page)
