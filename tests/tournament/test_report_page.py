"""The report page a teacher posts: written by ``plyground report --html`` from a stored
class tournament (title, date, settings, authors, rule breaks, engines left out), the
same without matplotlib (no plots, a line saying how to add them), and looked at in
Chromium at laptop and phone size without overflowing sideways."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tournament_helpers import RunCli, played_record

from cli_support import ROOT
from extras_support import without
from plyground.arena.play.run_options import RunOptions
from plyground.arena.records.record import Penalty
from plyground.arena.runs.jobs import Entrant
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.engine_folders import ClassNotes, LeftOut
from plyground.arena.tournaments.tournament import TournamentSettings

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "artifacts" / "report"
LONG_REASON = (
    "build 'javac -d out src/main/java/edu/course/ai/StudentBot.java' failed with status 1: "
    "src/main/java/edu/course/ai/StudentBot.java:42: error: cannot find symbol"
)


def _class_db(tmp_path: Path) -> Path:
    """A stored class tournament: Ada (by Ada Lovelace) against greedy, Ada timing out
    now and then; Zed, whose build failed with a long message, left out."""
    notes = ClassNotes(
        str(tmp_path / "class"),
        authors=(("Ada", "Ada Lovelace"),),
        left_out=(LeftOut(tmp_path / "zed", "Zed", "Zed Zimmermann", LONG_REASON, "error\n"),),
    )
    settings = TournamentSettings(
        entrants=(Entrant("Ada", "greedy"), Entrant("greedy", "greedy")),
        game="adjacency(size=6,rounds=4)",
        pairs=2,
        openings=0,
        run=RunOptions(time=2.0, policy=Penalty.FORFEIT),
        classroom=notes,
    )
    db = tmp_path / "class.sqlite3"
    with RecordStore(db) as store:
        store.create_tournament("class-5b-week3", "round-robin", settings.to_dict(), 4)
        for pair in range(2):
            for swapped in (False, True):
                key = f"r4/Ada/greedy/p{pair}/g{int(swapped)}"
                names = ("greedy", "Ada") if swapped else ("Ada", "greedy")
                record = played_record(
                    "greedy",
                    "random",
                    seed=2 * pair + int(swapped),
                    names=names,
                    timeout_at=2 if swapped else 1,  # Ada's first own move
                    tags={"tournament": "class-5b-week3", "key": key},
                )
                store.add_game(record, "class-5b-week3", key)
    return db


def _cells(page: str, heading: str) -> list[list[str]]:
    table = page.split(f"<h2>{heading}</h2>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1])
    return [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows]


@pytest.fixture(scope="module")
def class_page(tmp_path_factory: pytest.TempPathFactory, run_cli: RunCli) -> Path:
    """The page ``plyground report --html`` wrote of :func:`_class_db`'s tournament (next to
    the database, ``class.sqlite3``): written once for the tests that read or show it."""
    folder = tmp_path_factory.mktemp("class-page")
    db = _class_db(folder)
    page_path = folder / "page.html"
    shown = run_cli(["report", "--db", str(db), "--html", str(page_path)])
    assert shown.returncode == 0, shown.stderr
    return page_path


def test_the_page_says_what_a_class_needs(
    run_cli: RunCli, class_page: Path, tmp_path: Path
) -> None:
    page = class_page.read_text()
    assert "<title>class-5b-week3</title>" in page and "<h1>class-5b-week3</h1>" in page
    for setting in (
        "<dt>game</dt><dd>adjacency(size=6,rounds=4)</dd>",
        "<dt>time per move</dt><dd>2 s</dd>",
        "<dt>rule breaks</dt><dd>forfeit: a bot that breaks a rule loses the game</dd>",
        "<dt>pairs</dt><dd>2 colour-swapped pair(s)",
        "<dt>openings</dt><dd>each pair starts from the start position</dd>",
        "<dt>date</dt><dd>20",
    ):
        assert setting in page
    standings = _cells(page, "standings")
    assert {row[1]: row[2] for row in standings} == {"Ada": "Ada Lovelace", "greedy": ""}
    breaks = _cells(page, "rule breaks, with the first of each kind")
    assert breaks[0][:3] == ["Ada", "timeout", "4"]
    assert breaks[0][3].startswith("ply ") and 'no "move" after 0.25 s' in breaks[0][3]
    assert _cells(page, "left out") == [["Zed", "Zed Zimmermann", LONG_REASON]]
    assert "Zed" not in str(standings)

    db, titled_path = class_page.with_name("class.sqlite3"), tmp_path / "titled.html"
    titled = run_cli(
        ["report", "--db", str(db), "--html", str(titled_path), "--title", "Class 5B: week 3"]
    )
    assert titled.returncode == 0, titled.stderr
    assert "<h1>Class 5B: week 3</h1>" in titled_path.read_text()


def test_without_matplotlib_the_page_has_no_plots_and_says_how_to_add_them(
    class_page: Path, tmp_path: Path
) -> None:
    db, page_path = class_page.with_name("class.sqlite3"), tmp_path / "plain.html"
    env = without(["matplotlib"], tmp_path / "no-matplotlib")
    shown = subprocess.run(
        [sys.executable, "-m", "plyground", "report", "--db", str(db), "--html", str(page_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    page = page_path.read_text()
    assert "data:image/png" not in page
    assert html.escape("pip install 'plyground[report]' adds the plots") in page
    assert "<h2>standings</h2>" in page


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module's views of the page (a launch costs seconds)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: the browser tests never download a browser")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.mark.parametrize(("label", "viewport"), [("laptop", (1366, 850)), ("phone", (390, 844))])
def test_the_page_fits_a_laptop_and_a_phone(
    class_page: Path, browser: Any, label: str, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab: Any = browser.new_page(viewport={"width": width, "height": height})
    try:
        tab.goto(class_page.as_uri())
        tab.screenshot(path=str(SHOTS / f"report-{label}.png"), full_page=True)
        overflow = tab.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page is {overflow} px wider than a {label}"
        # the standings' rows stay on one line each (nothing squeezes them)
        heights = tab.evaluate(
            "[...document.querySelectorAll('h2 + .wide tbody tr')]"
            ".slice(0, 2).map(row => row.getBoundingClientRect().height)"
        )
        assert heights and max(heights) < 40, heights
    finally:
        tab.close()


def test_each_player_has_a_section_with_every_rule_break_and_links_to_its_games(
    class_page: Path, run_cli: RunCli
) -> None:
    db, page_path = class_page.with_name("class.sqlite3"), class_page.with_name("review.html")
    shown = run_cli(
        ["report", "--db", str(db), "--html", str(page_path), "--analyse", "0.05",
         "--review-url", "http://127.0.0.1:8000/"]
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    page = page_path.read_text()
    ada = page.split('<section class="student" id="student-ada">', 1)[1].split("</section>")[0]
    assert "<h3>1. Ada (Ada Lovelace)</h3>" in ada or "<h3>2. Ada (Ada Lovelace)</h3>" in ada
    assert "4 games:" in ada and "4 rule breaks:" in ada  # every one, not the first of a kind
    rows = re.findall(r"<tr><td class=l>(.*?)</tr>", ada)
    assert len(rows) == 4 and all("timeout" in row and "no &quot;move&quot;" in row for row in rows)
    links = re.findall(r'href="(http://127.0.0.1:8000/#review=class-5b-week3/\d)"', ada)
    assert sorted(set(links)) == [
        f"http://127.0.0.1:8000/#review=class-5b-week3/{n}" for n in (1, 2, 3, 4)
    ]
    assert re.search(r"Accuracy \d+% \(best moves, of \d+ of its own moves\); [\d.]+ marks", ada)
    plain = class_page.read_text()  # written without --analyse and --review-url: it says how
    assert "--analyse SECONDS" in plain and "--review-url" in plain and "game 1" in plain


@pytest.mark.parametrize(("label", "viewport"), [("laptop", (1366, 850)), ("phone", (390, 844))])
def test_the_standings_and_the_feedback_read_at_laptop_and_phone_width(
    class_page: Path, browser: Any, label: str, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab: Any = browser.new_page(viewport={"width": width, "height": height})
    try:
        tab.goto(class_page.as_uri())
        table = tab.locator("table.standings")
        scroll = table.evaluate("t => t.parentElement.scrollWidth - t.parentElement.clientWidth")
        assert scroll <= 0, f"the standings scroll sideways by {scroll} px on a {label}"
        shown = tab.evaluate(
            "[...document.querySelectorAll('table.standings th')]"
            ".filter(th => getComputedStyle(th).display !== 'none').map(th => th.textContent)"
        )
        if label == "phone":
            assert shown == ["#", "player", "Elo", "score", "W-D-L", "rule breaks"]
        else:
            assert "±95%" in shown and "author" in shown and "s/move" in shown
        tab.locator("#student-ada").scroll_into_view_if_needed()
        tab.evaluate("document.querySelector('#student-ada').scrollIntoView()")
        tab.screenshot(path=str(SHOTS / f"feedback-{label}.png"))
        overflow = tab.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page is {overflow} px wider than a {label}"
    finally:
        tab.close()
