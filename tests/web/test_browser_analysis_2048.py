"""2048 on the analysis board in a real browser (Debian's Chromium, Playwright, ``plyground
serve``): each direction's expected points on its move button, the best ones marked, the
legend in points; after a move (and its spawn) the next position's values. Screenshots at
laptop and phone size, where the buttons and their values must not overlap or overflow."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from web_helpers import LAPTOP, PHONE, WAIT_MS, WORKERS_READY, require_browser, shots

pytestmark = pytest.mark.browser

require_browser()

SHOWN = """() => [...document.querySelectorAll('#move-buttons button .heat')].map(n => ({
  move: n.dataset.heat, text: n.textContent, best: n.classList.contains('best'),
  label: n.parentElement.getAttribute('aria-label')}))"""
BOXES = """() => [...document.querySelectorAll('#move-buttons button')].map(b => {
  const r = b.getBoundingClientRect(), h = b.querySelector('.heat')?.getBoundingClientRect();
  return {move: b.dataset.move, box: [r.left, r.top, r.right, r.bottom],
          heat: h ? [h.left, h.top, h.right, h.bottom] : null};
})"""


def _values(page: Any) -> Any:
    """The server's values of the position on the page (the analysis the page was sent)."""
    return page.evaluate(
        "() => fetch(`/api/games/${location.hash.slice(6)}/values`).then(r => r.json())"
    )


def _wait_for_values(page: Any, data: Any) -> None:
    """Until the buttons show the values of ``data`` (the position on the page)."""
    texts = {move: f"{round(value):,}" for move, value in data["values"].items()}
    page.wait_for_function(
        """texts => {
          const shown = [...document.querySelectorAll('#move-buttons button .heat')];
          return shown.length === Object.keys(texts).length
            && shown.every(n => texts[n.dataset.heat] === n.textContent);
        }""",
        arg=texts,
        timeout=WORKERS_READY * 1000,
    )


def _check_shown(page: Any, data: Any) -> None:
    shown = {item["move"]: item for item in page.evaluate(SHOWN)}
    assert set(shown) == set(data["values"])  # every legal direction, none more
    for move, value in data["values"].items():
        assert shown[move]["text"] == f"{round(value):,}"
        assert shown[move]["best"] == (move in data["best"])
        assert "(expected points)" in shown[move]["label"]
    assert page.locator(".cell .heat").count() == 0  # not a heat map on the cells
    legend = page.inner_text("#heat-legend")
    assert "expected points of the rest of the game" in legend and "best move" in legend
    assert "marks" not in legend and "X \u2212 O" not in legend


def _overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _check_layout(page: Any, width: int) -> None:
    """Buttons apart, each value inside its button, nothing wider than the window."""
    boxes = page.evaluate(BOXES)
    for i, one in enumerate(boxes):
        if one["heat"] is not None:
            h, b = one["heat"], one["box"]
            assert b[0] <= h[0] and h[2] <= b[2] and b[1] <= h[1] and h[3] <= b[3], one
        for other in boxes[i + 1 :]:
            assert not _overlaps(one["box"], other["box"]), (one, other)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_the_2048_analysis_board_shows_each_directions_points_on_its_button(page: Any) -> None:
    page.select_option("#game-select", "2048")
    page.wait_for_selector("#analysis-board-button:not([hidden])")
    page.click("#analysis-board-button")
    page.wait_for_selector("#move-buttons:not([hidden]) button")
    data = _values(page)
    assert data["source"] == "network" and data["scale"]["unit"] == "points"
    _wait_for_values(page, data)
    _check_shown(page, data)
    _check_layout(page, 1366)
    # Play the best direction: a tile spawns (the server's), and the next position is valued.
    before, ply = data["position"], data["ply"]
    assert ply == 2  # the start's two spawns, played by the server
    page.click(f"#move-buttons button[data-move='{data['best'][0]}']")
    page.wait_for_function(
        "p => document.querySelector('#board')?.dataset && "
        "fetch(`/api/games/${location.hash.slice(6)}`).then(r => r.json())"
        ".then(g => g.position !== p && g.ply === 4)",
        arg=before,
        timeout=WAIT_MS,
    )
    data = _values(page)
    assert data["ply"] == ply + 2 and data["position"] != before  # the move, then its spawn
    _wait_for_values(page, data)
    _check_shown(page, data)
    shots(page, "analysis-2048-board")
    page.set_viewport_size(PHONE)
    _check_layout(page, PHONE["width"])
    page.set_viewport_size(LAPTOP)


def test_a_2048_review_gives_each_moves_loss_in_points(page: Any) -> None:
    page.select_option("#game-select", "2048")
    page.wait_for_selector("#analysis-board-button:not([hidden])")
    page.click("#analysis-board-button")
    page.wait_for_selector("#move-buttons .heat", timeout=WORKERS_READY * 1000)
    for number in range(3):  # the worst direction each time: losses to show
        data = _values(page)
        _wait_for_values(page, data)
        worst = min(data["values"], key=lambda move: data["values"][move])
        page.click(f"#move-buttons button[data-move='{worst}']")
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li[data-ply]').length === n", arg=number + 1
        )
    page.click("#end-button")
    page.click("#end-button")  # the second click confirms
    page.wait_for_selector("#review-button:not([hidden])")
    page.click("#review-button")
    page.wait_for_selector("#analysis .accuracy")
    analysis = page.evaluate(
        "() => fetch(`/api/games/${location.hash.slice(6)}/analysis`).then(r => r.json())"
    )
    assert len(analysis["moves"]) == 3 and analysis["scale"]["unit"] == "points"
    page.wait_for_function("() => document.querySelectorAll('#move-list .loss').length === 3")
    notes = page.eval_on_selector_all(
        "#move-list .loss", "nodes => nodes.map(n => [n.textContent, n.title])"
    )
    for (text, title), move in zip(notes, analysis["moves"], strict=True):
        if move["loss"] == 0:
            assert text == "best"
        else:
            shown = Decimal(str(move["loss"])).quantize(Decimal(1), ROUND_HALF_UP)  # as the page's
            assert text == f"\u2212{shown:,}" and " points against " in title  # toLocaleString
    help_text = page.inner_text("#analysis .help")
    assert help_text.startswith("Loss: points given away against the best move.")
    assert "Every move (3) valued by the 4x6-tc network at depth 2" in help_text
    assert "a blunder loses 1,000 points or more" in help_text and "marks" not in help_text
    rows = page.eval_on_selector_all("#analysis tbody tr", "rows => rows.map(r => r.innerText)")
    assert len(rows) == 1
    shots(page, "analysis-2048-review")
