"""The engine templates of examples/engines/ and docs/your-first-bot.md, used as a student would.

Each template (Python, Java, C) is compiled with the plain tool a student
has (``javac``, ``gcc``; ``make test`` installs them when missing), talked to
by hand, and played through the real referee with ``plyground match`` as a
subprocess. The two-move strategy that docs/your-first-bot.md shows is read
from the doc itself, put into a copy of the template, and measured against
``greedy`` over paired games, so the doc's claim stays true.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_support import ROOT, RunCli
from plyground import load_game
from plyground.arena import EnginePlayer, GameRecord, Penalty, play_match
from plyground.arena.play.run_options import RunOptions
from plyground.games.adjacency import AdjacencyState

TEMPLATES = ROOT / "examples" / "engines"
GUIDE = ROOT / "docs" / "your-first-bot.md"
LANGUAGES = ("python", "java", "c")
SOURCES = {"python": "mybot.py", "java": "MyBot.java", "c": "mybot.c"}
COMMENT = {"python": "#", "java": "//", "c": "/*"}

Build = Callable[[str, Path], list[str]]
"""``build(language, source)``: compile a template copy, return the command that runs it."""


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: 'make test' installs it (Debian's packages)")
    return path


def _compile(language: str, source: Path) -> list[str]:
    """Compile ``source`` in its own folder (warnings are errors) and return its command."""
    folder = source.parent
    if language == "python":
        return [sys.executable, str(source)]
    if language == "java":
        subprocess.run(
            [_tool("javac"), "-Xlint:all", "-Werror", "-d", str(folder), str(source)],
            check=True,
            capture_output=True,
            text=True,
        )
        return [_tool("java"), "-cp", str(folder), "MyBot"]
    binary = folder / "mybot"
    command = [_tool("gcc"), "-std=c11", "-O2", "-Wall", "-Wextra", "-pedantic", "-Werror"]
    subprocess.run([*command, "-o", str(binary), str(source)], check=True, capture_output=True)
    return [str(binary)]


def _copy(language: str, folder: Path, strategy: str | None = None) -> Path:
    """The template copied into ``folder``, its strategy section replaced when given."""
    text = (TEMPLATES / SOURCES[language]).read_text(encoding="utf-8")
    if strategy is not None:
        begin = f"{COMMENT[language]} --- your strategy: begin ---"
        end = f"{COMMENT[language]} --- your strategy: end ---"
        head, _, rest = text.partition(begin)
        _, _, tail = rest.partition(end)
        assert head and tail, f"strategy markers missing in {SOURCES[language]}"
        indent = "    " if language == "java" else ""
        text = f"{head}{begin}\n{strategy}{indent}{end}{tail}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SOURCES[language]
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each template as shipped, compiled: language -> command."""
    root = tmp_path_factory.mktemp("templates")
    return {lang: _compile(lang, _copy(lang, root / lang)) for lang in LANGUAGES}


def _greedy_cell(text: str) -> str:
    """The templates' greedy choice: most flips, the first such cell from the top row."""
    state = load_game("adjacency(size=8,rounds=8)").parse_state(text)
    assert isinstance(state, AdjacencyState)
    size = state.size
    order = [row * size + col for row in range(size - 1, -1, -1) for col in range(size)]
    empty = [cell for cell in order if state.cell(cell) is None]
    best = max(empty, key=lambda cell: (len(state.flips(cell)), -order.index(cell)))
    return state.move_text(best)


def _talk(command: list[str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    text = "".join(f"{line}\n" for line in lines)
    return subprocess.run(
        command, input=text, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_template_answers_hello_ignores_unknown_commands_and_moves(
    engines: dict[str, list[str]], language: str
) -> None:
    position = "3OO1O1/2XOO2O/8/3X4/2OXX3/8/XXX5/XX6 X 9"
    result = _talk(
        engines[language],
        [
            "hello 1",
            "setoption name=Hash value=64",
            "frobnicate",
            "",
            "newgame adjacency(size=8,rounds=8)",
            f"position {position}",
            "go 1000",
            "position 6OO/6OO/8/8/8/8/XX6 X 16",
            "go 500",
            "quit",
            "hello 1",
        ],
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "hello 1 name=mybot",
        f"bestmove {_greedy_cell(position)}",
        "bestmove none",
    ]
    assert "bad position" in result.stderr


def _records(path: Path) -> list[GameRecord]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [GameRecord.from_dict(json.loads(line)) for line in lines]


def _engine_spec(command: list[str]) -> str:
    return "engine:" + " ".join(command)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_template_plays_a_paired_match_against_random_through_the_cli(
    engines: dict[str, list[str]], language: str, run_cli: RunCli, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    spec = _engine_spec(engines[language])
    args = ["match", spec, "random", "--games", "2", "--seed", "3", "--time", "2"]
    result = run_cli([*args, "--policy", "forfeit", "--json", str(out)], timeout=120)
    assert result.returncode == 0, result.stderr
    records = _records(out)
    assert len(records) == 2
    for record in records:
        assert record.rule_breaks == ()
        assert record.termination.value == "normal"
        assert len(record.moves) == 16  # 8 rounds, every move the player's own
        record.replay()
    assert {record.players[int(record.tags["seat_a"])].name for record in records} == {"mybot"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["adjacency(size=4,rounds=4,first=O)", "adjacency(size=7)"])
def test_a_template_plays_other_sizes_and_either_side(
    engines: dict[str, list[str]], language: str, game: str
) -> None:
    player = EnginePlayer(engines[language], startup=30)
    result = play_match(
        load_game(game),
        (player, "random:seed=1"),
        2,
        run=RunOptions(time=2.0, policy=Penalty.FORFEIT),
        seed=5,
    )
    assert [len(r.rule_breaks) for r in result.records] == [0, 0]
    assert all(r.termination.value == "normal" for r in result.records)
    assert player.pids and player.pid is None  # closed: nothing left running


def _guide_block(language: str) -> str:
    """The code block that follows ``<!-- your-first-bot: LANGUAGE strategy -->`` in the doc."""
    text = GUIDE.read_text(encoding="utf-8")
    marker = f"<!-- your-first-bot: {language} strategy -->\n```{language}\n"
    match = re.search(re.escape(marker) + r"(.*?)^```", text, re.S | re.M)
    assert match is not None, f"no {language} strategy block in {GUIDE.name}"
    return match.group(1)


def _margins(records: list[GameRecord]) -> list[float]:
    """Side A's mean final margin of each colour-swapped pair."""
    pairs: dict[str, list[float]] = {}
    for record in records:
        seat = int(record.tags["seat_a"])
        pairs.setdefault(record.tags["pair"], []).append(record.returns[seat])
    assert all(len(games) == 2 for games in pairs.values())
    return [sum(games) / 2 for games in pairs.values()]


def _against_greedy(run_cli: RunCli, command: list[str], out: Path) -> list[GameRecord]:
    """The doc's step-4 command: 20 paired games against greedy, seed 1, 2-ply openings."""
    args = ["match", _engine_spec(command), "greedy", "--games", "20", "--seed", "1"]
    result = run_cli([*args, "--openings", "2", "--time", "2", "--json", str(out)], timeout=300)
    assert result.returncode == 0, result.stderr
    records = _records(out)
    assert len(records) == 20 and not any(r.rule_breaks for r in records)
    return records


@pytest.mark.parametrize("language", ["python", "java"])
def test_the_guides_two_move_strategy_beats_greedy_and_the_template(
    engines: dict[str, list[str]], language: str, run_cli: RunCli, tmp_path: Path
) -> None:
    better = _compile(language, _copy(language, tmp_path / "better", _guide_block(language)))
    records = _against_greedy(run_cli, better, tmp_path / "better.jsonl")
    margins = _margins(records)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    score = sum(r.score(int(r.tags["seat_a"])) for r in records) / len(records)
    # the figures docs/your-first-bot.md quotes: 12-5-3, +2.1 [+1.2, +3.0] a game
    assert score >= 0.7 and mean - half > 1.0, (score, mean, half)
    baseline = _margins(_against_greedy(run_cli, engines[language], tmp_path / "base.jsonl"))
    assert mean > statistics.fmean(baseline) + 2.0
