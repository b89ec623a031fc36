"""Storage that fails or refuses, as a user meets it (real subprocesses, real SQLite files).

How the failures are made real, as root too (where ``chmod`` stops no write):

* a **read-only database file**: ``chattr +i`` (immutable: not even root
  may write it) when running as root, ``chmod 444`` otherwise;
* a **full disk**: a 256 KiB tmpfs, mostly filled, mounted in a private
  user and mount namespace (``unshare --user --map-root-user --mount``),
  so no privilege is needed and the mount vanishes with the process;
* a **read-only mount**: a read-only bind mount of the directory, in such a
  namespace too.

Each test skips, saying why, where the machine cannot do its trick.
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_support import ROOT, RunCli, plyground_env
from plyground.arena.play.run_options import RunOptions
from plyground.arena.records.record import GameRecord
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.tournament import Tournament, TournamentSettings, parse_entrant
from plyground.core.errors import ParseError
from read_only_support import read_only

GAME = ["--game", "adjacency(size=4)", "--rounds", "2", "--openings", "0"]
PLANNED = 8


def _unplayed_tournament(db: Path) -> None:
    """A stored tournament ``t`` of 8 games, none played yet."""
    settings = TournamentSettings(
        entrants=(parse_entrant("greedy"), parse_entrant("random")),
        game="adjacency(size=4)",
        rounds=(2,),
        pairs=4,
        openings=0,
        seed=1,
        run=RunOptions(time=1.0),
    )
    with RecordStore(db) as store:
        Tournament.create(store, settings, "t")


def _stored(db: Path) -> tuple[int, bool]:
    with RecordStore(db) as store:
        return store.count_games("t"), store.tournament("t").finished is not None


def _one_error_line(result: subprocess.CompletedProcess[str], command: str) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"plyground {command}: error: ")
    return lines[0]


def _in_namespace(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``script`` (sh) as root of a new user and mount namespace."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare is not installed")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"no user namespaces here: {probe.stderr.strip()}")
    return subprocess.run(
        ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script],
        capture_output=True,
        text=True,
        env=plyground_env(),
        cwd=cwd,
        timeout=300,
        check=False,
    )


def _plyground(*args: str) -> str:
    """The shell words of ``plyground ARGS``."""
    return shlex.join([sys.executable, "-m", "plyground", *args])


# -- write failures (issue 17, item 5) -----------------------------------------


def test_a_read_only_database_file_is_one_line_and_resume_completes(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = tmp_path / "t.sqlite3"
    _unplayed_tournament(db)
    with read_only(db):
        result = run_cli(["tournament", "--resume", "t", "--db", str(db), "--quiet"])
    line = _one_error_line(result, "tournament")
    assert f"cannot write to the database {str(db)!r}" in line
    assert "read-only (SQLite: attempt to write a readonly database)" in line
    assert f"continue with plyground tournament --resume t --db {db}" in line
    assert _stored(db) == (0, False)
    resumed = run_cli(["tournament", "--resume", "t", "--db", str(db), "--quiet"])
    assert resumed.returncode == 0, resumed.stderr
    assert _stored(db) == (PLANNED, True)


def test_a_full_disk_is_one_line_and_nothing_stored_is_lost(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db, mount, saved = tmp_path / "t.sqlite3", tmp_path / "small", tmp_path / "saved"
    _unplayed_tournament(db)
    mount.mkdir()
    saved.mkdir()
    on_disk = mount / "t.sqlite3"
    # About 100 KiB left: the database opens, a few games fit, then the disk is full.
    script = f"""
        mount -t tmpfs -o size=256k tmpfs {mount} || exit 99
        cp {db} {mount}/ && head -c 100000 /dev/zero > {mount}/filler
        {_plyground("tournament", "--resume", "t", "--db", str(on_disk), "--quiet")}
        status=$?
        cp {mount}/t.sqlite3* {saved}/
        exit $status
    """
    result = _in_namespace(script, ROOT)
    if result.returncode == 99:
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.strip()}")
    line = _one_error_line(result, "tournament")
    assert f"cannot write to the database {str(on_disk)!r}: the disk is full" in line
    assert "(SQLite: database or disk is full)" in line
    stored, finished = _stored(saved / "t.sqlite3")
    assert stored < PLANNED and not finished
    resumed = run_cli(["tournament", "--resume", "t", "--db", str(saved / "t.sqlite3")])
    assert resumed.returncode == 0, resumed.stderr
    assert f"{PLANNED - stored} games played; {PLANNED} of {PLANNED} stored" in resumed.stdout


# -- reading without writing (item 6) --------------------------------------------


def test_report_and_records_read_a_database_on_a_read_only_mount(
    run_cli: RunCli, tmp_path: Path
) -> None:
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    db = shelf / "t.sqlite3"
    played = run_cli(["tournament", "greedy", "random", *GAME, "--db", str(db), "--name", "t"])
    assert played.returncode == 0, played.stderr
    script = f"""
        mount --bind {shelf} {shelf} && mount -o remount,bind,ro {shelf} || exit 99
        touch {shelf}/probe 2>/dev/null && exit 98
        {_plyground("report", "--db", str(db))} || exit 1
        {_plyground("records", "list", "--db", str(db))} || exit 1
        {_plyground("records", "export", "--db", str(db), "--format", "jsonl")} || exit 1
    """
    result = _in_namespace(script, tmp_path)
    if result.returncode in (98, 99):
        pytest.skip(f"cannot make a read-only bind mount here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    assert "tournament t (round-robin, 2 of 2 games)" in result.stdout
    assert "1 tournaments" in result.stdout or "2 games stored" in result.stdout
    assert result.stdout.count('"game":"adjacency(size=4,rounds=2,first=X)"') == 2
    assert sorted(p.name for p in shelf.iterdir()) == ["t.sqlite3"]


@pytest.mark.parametrize(
    "args",
    [
        ["report"],
        ["records", "list"],
        ["records", "export"],
        ["tournament", "--resume"],
        ["tune", "--resume"],
    ],
)
def test_reading_or_resuming_a_missing_database_creates_nothing(
    run_cli: RunCli, tmp_path: Path, args: list[str]
) -> None:
    db = tmp_path / "missing.db"
    line = _one_error_line(run_cli([*args, "--db", str(db)]), args[0])
    assert f"no database at {str(db)!r}: nothing has been stored there" in line
    assert not db.exists() and list(tmp_path.iterdir()) == []


def test_reading_a_database_leaves_no_sqlite_files_beside_it(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """A command that only reads leaves the folder as it found it: SQLite's ``-wal`` and
    ``-shm`` files go when the last connection closes (``mode=ro`` connections left them)."""
    db = tmp_path / "games.db"
    RecordStore(db).close()  # a database with no tournament yet
    assert [path.name for path in tmp_path.iterdir()] == ["games.db"]
    report = run_cli(["report", "--db", str(db)])
    assert report.returncode == 2 and "no tournament stored" in report.stderr
    listed = run_cli(["records", "list", "--db", str(db)])
    assert listed.returncode == 0 and "0 games stored" in listed.stdout
    assert [path.name for path in tmp_path.iterdir()] == ["games.db"]
    refused = pytest.raises(sqlite3.OperationalError, match="readonly")
    with RecordStore(db, read_only=True) as store, refused:  # the connection refuses writes
        store._db.execute("CREATE TABLE extra (a)")
    assert [path.name for path in tmp_path.iterdir()] == ["games.db"]


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["tournament", "greedy", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["tournament", "greedy"], "needs at least two players"),
        (["tune", "alphabeta", "--population", "1"], "at least 2 members"),
        (["tune", "nosuchbot"], "unknown bot 'nosuchbot'"),
    ],
)
def test_a_run_refused_for_its_players_or_settings_makes_no_database(
    run_cli: RunCli, tmp_path: Path, args: list[str], problem: str
) -> None:
    line = _one_error_line(run_cli([*args, "--db", str(tmp_path / "new.db")]), args[0])
    assert problem in line
    assert list(tmp_path.iterdir()) == []


def test_a_database_in_a_missing_directory_is_refused_not_created(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = tmp_path / "no" / "such" / "dir" / "t.db"
    result = run_cli(["tournament", "greedy", "random", *GAME, "--db", str(db)])
    line = _one_error_line(result, "tournament")
    assert f"the directory {str(db.parent)!r} does not exist" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["tournament", "greedy", "random", *GAME], ["report"]])
def test_a_directory_given_as_the_database_is_named_so(
    run_cli: RunCli, tmp_path: Path, command: list[str]
) -> None:
    line = _one_error_line(run_cli([*command, "--db", str(tmp_path)]), command[0])
    assert line.endswith(f"cannot use the database {str(tmp_path)!r}: it is a directory")
    assert list(tmp_path.iterdir()) == []


# -- output paths are checked first (item 8) --------------------------------------


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["match", "greedy", "random", "--games", "2", "--json"], "--json"),
        (["play", "--x", "greedy", "--o", "random", "--json"], "--json"),
        (["report", "--all", "--html"], "--html"),
        (["records", "export", "-o"], "--output"),
    ],
)
def test_an_output_in_a_missing_directory_is_refused_before_any_work(
    run_cli: RunCli, tmp_path: Path, args: list[str], option: str
) -> None:
    db = tmp_path / "t.sqlite3"
    _unplayed_tournament(db)
    target = tmp_path / "no" / "such" / "dir" / "out.txt"
    game = ["--size", "4"] if args[0] in ("match", "play") else ["--db", str(db)]
    result = run_cli([*args, str(target), *game])
    line = _one_error_line(result, args[0])
    assert f"{option} {str(target)!r}: the directory" in line and "does not exist" in line
    assert "game 1" not in result.stdout  # nothing was played first
    assert not (tmp_path / "no").exists()


# -- records import replays every game (item 7) ---------------------------------


def _exported(run_cli: RunCli, tmp_path: Path, fmt: str) -> Path:
    db = tmp_path / "source.sqlite3"
    played = run_cli(["tournament", "greedy", "random", *GAME, "--db", str(db), "--name", "t"])
    assert played.returncode == 0, played.stderr
    out = tmp_path / f"games.{fmt}"
    exported = run_cli(["records", "export", "--db", str(db), "--format", fmt, "-o", str(out)])
    assert exported.returncode == 0, exported.stderr
    return out


@pytest.mark.parametrize(
    "case",
    [
        ("text", r"^3\. X \S+", "3. X z9", "move 3. X z9 of the record is not legal: cell 'z9'"),
        ("text", r"^2\. O ", "2. X ", "move 2. X "),
        ("jsonl", r'"move":"', '"move":"a1', "move 1. X a1"),
    ],
)
def test_import_refuses_a_game_that_breaks_the_rules(
    run_cli: RunCli, tmp_path: Path, case: tuple[str, str, str, str]
) -> None:
    fmt, pattern, replacement, problem = case
    records = _exported(run_cli, tmp_path, fmt)
    text = records.read_text(encoding="utf-8")
    text, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert count == 1
    records.write_text(text, encoding="utf-8")
    db = tmp_path / "into.sqlite3"
    line = _one_error_line(run_cli(["records", "import", str(records), "--db", str(db)]), "records")
    assert f"{records}: game 1 (greedy vs random, adjacency(size=4,rounds=2,first=X))" in line
    assert problem in line
    assert not db.exists()  # everything is checked before the database is opened


def test_import_of_a_binary_file_is_one_clear_line(run_cli: RunCli, tmp_path: Path) -> None:
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    line = _one_error_line(
        run_cli(["records", "import", str(binary), "--db", str(tmp_path / "d.sqlite3")]), "records"
    )
    assert line.endswith(f"{binary}: not a text file of game records (byte 0 is not UTF-8 text)")


def test_import_refuses_a_record_whose_fields_disagree(run_cli: RunCli, tmp_path: Path) -> None:
    # Each was once stored, to break 'records export' (a traceback) or 'report' later,
    # or was a traceback itself (a move that is not an object, a winner SQLite cannot hold).
    records = _exported(run_cli, tmp_path, "jsonl")
    first: dict[str, Any] = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    cases: list[tuple[dict[str, Any], str]] = [
        ({"winner": 9}, "winner 9 is not one of its players"),
        ({"winner": 10**30}, f"winner {10**30} is not one of its players"),
        ({"returns": [1.0]}, "2 players but returns (1.0,)"),
        ({"returns": ["nan", 0]}, "are not all finite"),
        (
            {"players": first["players"][:1], "returns": [1.0], "winner": None},
            "the record has 1 players",
        ),
        ({"moves": [1, 2]}, "bad game record: a move must be a JSON object, got 1"),
        ({"duration": "inf"}, "duration inf is not a time"),
        ({"winner": 1 if first["winner"] == 0 else 0}, "but returns"),  # not who won
    ]
    for change, problem in cases:  # read and replayed as the import does
        with pytest.raises(ParseError, match=re.escape(problem)):
            GameRecord.from_dict(json.loads(json.dumps({**first, **change}))).replay()
    unfinished = {key: value for key, value in first.items() if key != "final"}
    with pytest.raises(ParseError, match=re.escape("bad game record: no field 'final'")):
        GameRecord.from_dict(unfinished)
    # and through the command: one line, nothing stored
    db = tmp_path / "into.sqlite3"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**first, **cases[-1][0]}) + "\n", encoding="utf-8")
    line = _one_error_line(run_cli(["records", "import", str(bad), "--db", str(db)]), "records")
    assert cases[-1][1] in line
    assert not db.exists()


def test_damaged_rows_of_a_database_are_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    records = _exported(run_cli, tmp_path, "jsonl")  # plays tournament 't' into source.sqlite3
    db = tmp_path / "source.sqlite3"
    for change, problem, commands in [
        (
            "UPDATE games SET record = '[1, 2]'",
            "is damaged: bad game record: expected a JSON object",
            (["report"], ["records", "export"]),
        ),
        (
            "UPDATE tournaments SET settings = 'garbage'",
            "tournament 't' in",
            (["report"], ["records", "list"]),
        ),
    ]:
        damaged = tmp_path / "damaged.sqlite3"
        shutil.copy(db, damaged)
        with contextlib.closing(sqlite3.connect(damaged)) as connection, connection:
            connection.execute(change)
        for args in commands:
            result = run_cli([*args, "--db", str(damaged)])
            assert problem in _one_error_line(result, args[0]), change
    assert records.exists()
