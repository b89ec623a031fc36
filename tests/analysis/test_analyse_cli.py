"""``plyground analyse`` as a user runs it: a stored game, record files, a position, refusals."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from analysis_records import playout, record_of

from cli_support import RunCli
from plyground.arena.adjacency_analysis.analyser import Analyser, AnalysisSettings
from plyground.arena.adjacency_analysis.annotation import annotate, summarise_players
from plyground.arena.records.formats import write_jsonl, write_text_record
from plyground.arena.records.record import GameRecord, Penalty, RuleBreak, RuleBreakKind
from plyground.arena.storage.store import RecordStore
from plyground.cli.main import main
from plyground.games.adjacency.rules import parse_position
from plyground.games.adjacency.solver import solve

SPEC = "adjacency(size=4,rounds=4)"


@pytest.fixture(scope="module")
def games() -> list:
    """Two different games on a 4x4 board (every position solves at once)."""
    return [record_of(SPEC, playout(SPEC, 1), ("ann", "bob")), record_of(SPEC, playout(SPEC, 3))]


def test_a_stored_game_in_a_sqlite_file(run_cli: RunCli, tmp_path: Path, games: list) -> None:
    db = tmp_path / "games.sqlite3"
    with RecordStore(db) as store:
        store.create_tournament("t1", "match", {}, 2)
        for record in games:
            store.add_game(record, "t1")
    result = run_cli(["analyse", "--db", str(db), "--tournament", "t1", "--index", "1", "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    expected = annotate(games[0], Analyser(AnalysisSettings())).to_dict()
    assert data["moves"] == expected["moves"] and data["summary"] == expected["summary"]
    assert data["players"] == ["ann", "bob"]
    assert [m["move"] for m in data["moves"]] == [m.move for m in games[0].moves]
    last = run_cli(["analyse", "--db", str(db)])  # by default the last stored game
    assert last.returncode == 0, last.stderr
    assert (
        "accuracy" in last.stdout
        and f"{len(games[1].moves)} of {len(games[1].moves)} moves valued exactly" in last.stdout
    )


def test_record_files_in_both_formats(run_cli: RunCli, tmp_path: Path, games: list) -> None:
    text_file = tmp_path / "games.txt"
    text_file.write_text("\n".join(write_text_record(r) for r in games), encoding="utf-8")
    lines = io.StringIO()
    write_jsonl(games, lines)
    jsonl_file = tmp_path / "games.jsonl"
    jsonl_file.write_text(lines.getvalue(), encoding="utf-8")
    answers = []
    for path in (text_file, jsonl_file):
        result = run_cli(["analyse", str(path), "--index", "2", "--json", "--blunder", "2"])
        assert result.returncode == 0, result.stderr
        answers.append(json.loads(result.stdout))
    assert answers[0]["moves"] == answers[1]["moves"]
    assert answers[0]["settings"]["blunder"] == 2
    assert [m["blunder"] for m in answers[0]["moves"]] == [
        m["loss"] >= 2 for m in answers[0]["moves"]
    ]
    table = run_cli(["analyse", str(text_file), "--index", "1"])
    assert table.returncode == 0, table.stderr
    for text in ("ann", "bob", "accuracy", "mean loss", "exact"):
        assert text in table.stdout


def test_a_position_with_every_move_value(run_cli: RunCli) -> None:
    position = "2OO/2OO/XX2/XX2 X 6"
    result = run_cli(["analyse", "--position", position, "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    solved = solve(parse_position(position), moves=True)
    assert data["exact"] and data["source"] == "book"  # the 3-round 4x4 start is booked
    assert data["values"] == solved.moves  # and the book agrees with the solver
    assert sorted(data["best"]) == sorted(solved.best) and data["best_value"] == solved.value
    start = "6OO/6OO/8/8/8/8/XX6/XX6 X 16"  # the 8-round game: every first move settled
    booked = run_cli(["analyse", "--position", start, "--time", "0.2"])
    assert booked.returncode == 0, booked.stderr
    assert "exact (the opening book)" in booked.stdout
    rows = {line.split()[1]: line.split()[1:] for line in booked.stdout.splitlines() if "│" in line}
    assert rows["e1"][1:] == ["│", "-2", "│", "proved", "best", "│"]
    assert rows["d1"][1:] == ["│", "-4", "│", "loses", "2", "marks", "(proved)", "│"]
    solved_rows = run_cli(["analyse", "--position", position]).stdout
    for move, value in solved.moves.items():  # the book values every move of the 4x4 start
        lost = solved.value - value  # X moves
        words = "proved best" if lost == 0 else f"loses {lost} marks (proved)"
        assert f"│ {move} " in solved_rows and words in solved_rows
    shown = run_cli(["analyse", "--position", position, "--engine-only", "--time", "0.2"])
    assert shown.returncode == 0, shown.stderr
    assert "X to move" in shown.stdout and "best:" in shown.stdout


def test_bad_input_is_one_line_and_exit_2(
    run_cli: RunCli, tmp_path: Path, games: list, capsys: pytest.CaptureFixture[str]
) -> None:
    ttt = tmp_path / "ttt.jsonl"
    lines = io.StringIO()
    write_jsonl([record_of("tictactoe", ["a1", "b1", "a2"])], lines)
    ttt.write_text(lines.getvalue(), encoding="utf-8")
    one = tmp_path / "one.jsonl"
    lines = io.StringIO()
    write_jsonl(games[:1], lines)
    one.write_text(lines.getvalue(), encoding="utf-8")
    binary = tmp_path / "binary.bin"
    binary.write_bytes(b"\x00\xff\x10")
    cases = [
        (["analyse", "--position", "2OO/2OO/XX2 X 6"], "row"),
        (["analyse", "--position", "2OO/2OO/XX2/XX2 X 0"], "game is over"),
        (["analyse", "--position", "2OO/2OO/XX2/XX2 X 6", "--game", "adjacency(size=5)"], "5x5"),
        (["analyse", str(tmp_path / "missing.txt")], f"{tmp_path}/missing.txt: No such file"),
        (["analyse", str(binary)], "not a text file"),
        (["analyse", str(ttt)], "adjacency game only"),
        (["analyse", str(one), "--index", "3"], "out of range"),
        (["analyse", "--db", str(tmp_path / "none.sqlite3")], "none.sqlite3"),
        (["analyse"], "give one thing to analyse"),
        (["analyse", str(one), "--time", "0"], "--time"),
        (["analyse", str(one), "--blunder", "-1"], "--blunder"),
    ]
    result = run_cli(cases[0][0])  # one as a user runs it; the rest in process (same main)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "row" in result.stderr
    for args, message in cases:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        lines_out = err.strip().splitlines()
        assert len(lines_out) == 1 and message in lines_out[0], (args, err)
    assert not (tmp_path / "none.sqlite3").exists()  # nothing created by a refusal


def _with_penalty(record: GameRecord, index: int, kind: RuleBreakKind) -> GameRecord:
    """``record`` with its ``index``-th move played by the referee after a rule break."""
    moves = list(record.moves)
    moves[index] = replace(moves[index], rule_break=kind)
    rule_break = RuleBreak(index, moves[index].player, kind, "fell over", Penalty.RANDOM_MOVE)
    return replace(record, moves=tuple(moves), rule_breaks=(rule_break,))


def test_penalty_moves_are_marked_and_not_charged(
    run_cli: RunCli, tmp_path: Path, games: list
) -> None:
    plain = annotate(games[0], Analyser(AnalysisSettings()))
    # ann's worst move becomes a penalty move: it no longer counts against her
    worst = max((m for m in plain.moves if m.player == 0), key=lambda m: m.loss)
    assert worst.loss > 0
    record = _with_penalty(games[0], worst.ply, RuleBreakKind.TIMEOUT)
    path = tmp_path / "penalty.txt"
    path.write_text(write_text_record(record))
    shown = run_cli(["analyse", str(path), "--json"])
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    kinds = [m["rule_break"] for m in data["moves"]]
    assert kinds[worst.ply] == "timeout" and kinds.count(None) == len(kinds) - 1
    ann = next(s for s in data["summary"] if s["name"] == "ann")
    before = next(s for s in plain.summary if s.name == "ann")
    assert ann["moves"] == before.moves - 1 and ann["rule_breaks"] == 1
    assert ann["mean_loss"] == pytest.approx((before.total_loss - worst.loss) / ann["moves"], 1e-3)
    assert worst.ply not in data["worst"]
    table = run_cli(["analyse", str(path)])
    assert f"{worst.ply + 1} " in table.stdout and "penalty (timeout)" in table.stdout


def test_a_whole_tournament_per_player(run_cli: RunCli, tmp_path: Path, games: list) -> None:
    db = tmp_path / "class.sqlite3"
    penalised = _with_penalty(games[1], 1, RuleBreakKind.CRASH)  # the second move: O's
    with RecordStore(db) as store:
        store.create_tournament("class", "round-robin", {}, 2)
        store.add_game(games[0], "class", "k0")
        store.add_game(penalised, "class", "k1")
    shown = run_cli(["analyse", "--db", str(db), "--tournament", "class", "--per-player", "--json"])
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    analyses = [annotate(r, Analyser(AnalysisSettings())) for r in (games[0], penalised)]
    expected = [s.to_dict() for s in summarise_players(analyses)]
    assert data == {"games": 2, "players": expected}
    bob = next(p for p in data["players"] if p["name"] == "bob")
    own = sum(1 for r in (games[0], penalised) for m in r.moves if m.player == 1)
    assert bob["games"] == 2 and bob["rule_breaks"] == 1 and bob["moves"] == own - 1
    table = run_cli(["analyse", "--db", str(db), "--tournament", "class", "--per-player"])
    assert table.returncode == 0, table.stderr
    assert "each player over 2 games" in table.stdout and "rule breaks" in table.stdout
    refused = run_cli(["analyse", "--db", str(db), "--per-player", "--index", "1"])
    assert refused.returncode == 2 and "--per-player analyses them all" in refused.stderr
