"""The commands as a user runs them: tournament, resume after kill -9, report, records,
the seeds experiment, and misbehaving engines."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from tournament_helpers import RecordFactory, RunCli, engine_spec

from plyground.arena.stats.summary import summarise
from plyground.arena.storage.store import RecordStore
from process_support import children, processes_with, wait_gone

SMALL = ["--game", "adjacency(size=4)", "--rounds", "2", "--openings", "0"]


def test_misbehaving_engines_are_recorded_and_cleaned_up(run_cli: RunCli, tmp_path: Path) -> None:
    token = f"tok-{uuid.uuid4().hex}"
    modes = ["hang", "exit", "garbage", "illegal", "memory", "fork"]
    players = ["greedy"] + [f"{m}={engine_spec(m, token)}" for m in modes]
    db = tmp_path / "m.sqlite3"
    result = run_cli(
        [
            "tournament",
            *players,
            "--gauntlet",
            *SMALL,
            "--time",
            "0.5",
            "--grace",
            "0.5",
            "--memory",
            "160",
            "--concurrency",
            "2",
            "--db",
            str(db),
        ],
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "12 of 12 stored" in result.stdout
    with RecordStore(db) as store:
        (row,) = store.tournaments()
        assert row.finished
        records = [g.record for g in store.games(row.id)]
    stats = summarise(records).stats
    assert stats["hang"].rule_breaks["timeout"] >= 2
    assert stats["exit"].rule_breaks["crash"] >= 2
    assert stats["garbage"].rule_breaks["garbage"] == 4
    assert stats["illegal"].rule_breaks["illegal"] == 4
    memory = stats["memory"].rule_breaks
    assert sum(memory.values()) == 4 and set(memory) <= {"crash", "timeout"}
    assert memory["crash"] >= 1
    assert not stats["greedy"].rule_breaks and not stats["fork"].rule_breaks
    # the engines, and the children the fork engine started, are all gone
    assert wait_gone(processes_with(token), 5.0) == []


def test_kill_9_then_resume_loses_and_repeats_nothing(
    run_cli: RunCli, cli_env: dict[str, str], tmp_path: Path
) -> None:
    token = f"tok-{uuid.uuid4().hex}"
    args = [
        "tournament",
        "greedy",
        "random",
        f"slow={engine_spec('slow', token)}",
        "--game",
        "adjacency(size=5)",
        "--rounds",
        "2,3",
        "--pairs",
        "3",
        "--openings",
        "2",
        "--seed",
        "3",
        "--time",
        "1",
        "--concurrency",
        "2",
        "--quiet",
        "--name",
        "t",
    ]
    db = tmp_path / "k.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-m", "plyground", *args, "--db", str(db)],
        env=cli_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    stored = 0
    workers: list[int] = []
    while time.monotonic() < deadline and stored < 8:
        time.sleep(0.05)
        workers = children(process.pid) or workers
        if db.exists():
            try:
                with sqlite3.connect(db) as connection:
                    stored = connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:
                stored = 0
    assert process.poll() is None, "the tournament ended before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert workers, "no worker processes were seen"
    assert wait_gone(workers) == [], "workers outlived the killed driver"
    assert wait_gone(processes_with(token)) == [], "engines outlived the killed driver"
    with RecordStore(db) as store:
        interrupted = store.count_games("t")
        assert 8 <= interrupted < 36 and store.tournament("t").finished is None

    resumed = run_cli(["tournament", "--resume", "--db", str(db)], timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{interrupted} of 36 games already stored" in resumed.stdout
    assert f"{36 - interrupted} games played; 36 of 36 stored" in resumed.stdout

    fresh = tmp_path / "f.sqlite3"
    once = run_cli([*args, "--db", str(fresh)], timeout=120)
    assert once.returncode == 0, once.stderr
    with RecordStore(db) as store, RecordStore(fresh) as other:
        games = store.games("t")
        keys = [g.key for g in games]
        assert len(keys) == len(set(keys)) == 36
        by_key = {g.key: g.record for g in games}
        for game in other.games("t"):
            record = by_key[game.key]
            assert [m.move for m in record.moves] == [m.move for m in game.record.moves]
            assert record.result == game.record.result


def test_report_export_import(run_cli: RunCli, make_record: RecordFactory, tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    with RecordStore(db) as store:
        store.create_tournament("r", "round-robin", {"entrants": []}, planned=12)
        games = []
        for seed in range(4):
            tags = {"tournament": "r", "key": f"k{seed}"}
            games.append((make_record("greedy", "random", seed=seed, tags=tags), "r", f"k{seed}"))
            tags = {"tournament": "r", "key": f"j{seed}"}
            games.append(
                (
                    make_record("random", "greedy", seed=seed, tags=tags, timeout_at=2),
                    "r",
                    f"j{seed}",
                )
            )
            tags = {"tournament": "r", "key": f"i{seed}"}
            record = make_record("greedy", "greedy", seed=seed, names=("ab", "greedy"), tags=tags)
            games.append((record, "r", f"i{seed}"))
        store.add_games(games)
    page = tmp_path / "r.html"
    report = run_cli(["report", "--db", str(db), "--html", str(page), "--sprt", "0,50"])
    assert report.returncode == 0, report.stderr
    for heading in ("standings", "cross-table", "likelihood of superiority", "Elo", "±95%"):
        assert heading in report.stdout
    assert "rule breaks" in report.stdout and "SPRT greedy vs random" in report.stdout
    assert page.read_text().count("data:image/png;base64,") == 4

    listing = run_cli(["records", "list", "--db", str(db)])
    assert "12/12" in listing.stdout
    for fmt in ("text", "jsonl"):
        out = tmp_path / f"games.{fmt}"
        exported = run_cli(["records", "export", "--db", str(db), "--format", fmt, "-o", str(out)])
        assert exported.returncode == 0, exported.stderr
        copy = tmp_path / f"copy-{fmt}.sqlite3"
        imported = run_cli(["records", "import", str(out), "--db", str(copy)])
        assert "12 games imported" in imported.stdout
        copied = run_cli(["records", "list", "--db", str(copy)])
        assert "12/12" in copied.stdout and "imported" in copied.stdout  # complete
        with RecordStore(db) as original, RecordStore(copy) as other:
            assert [g.record.to_dict() for g in original.games("r")] == [
                g.record.to_dict() for g in other.games("r")
            ]
    again = run_cli(["records", "import", str(tmp_path / "games.text"), "--db", str(copy)])
    assert "0 games imported" in again.stdout and "12 already there" in again.stdout
    text = (tmp_path / "games.text").read_text()
    assert text.startswith('[Game "adjacency(size=6,rounds=4,first=X)"]')


def test_seeds_experiment_with_stand_in_bots(run_cli: RunCli, tmp_path: Path) -> None:
    db = tmp_path / "e.sqlite3"
    args = [
        "report",
        "--experiment",
        "seeds",
        "--players",
        "minimax=greedy",
        "annealing=random",
        "genetic=greedy",
        "--time",
        "0.5",
        "--quiet",
        "--db",
        str(db),
    ]
    first = run_cli(args, timeout=120)
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "minimax won 14-10 (seed 000)" in out and "annealing won 40-24 (seed 000)" in out
    assert "minimax vs annealing" in out and "annealing vs genetic" in out
    assert out.count("avg marks") == 9
    with RecordStore(db) as store:
        (row,) = store.tournaments()
        assert row.played == row.planned == 18
    again = run_cli(args, timeout=120)  # found stored: nothing is played again
    with RecordStore(db) as store:
        assert store.count_games() == 18
    assert again.stdout.count("avg marks") == 9


def test_the_seeds_preset_names_the_course_bots(run_cli: RunCli, tmp_path: Path) -> None:
    from plyground.arena.tournaments.experiments import experiment

    preset = experiment("seeds")
    assert preset.players == (
        "minimax=alphabeta",
        "annealing=annealing",
        "hillclimb=hillclimb",
        "genetic=genetic",
    )
    assert preset.rounds == (8, 10, 28)


def test_user_errors_are_one_line(
    run_cli: RunCli, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from plyground.cli.main import main

    db = str(tmp_path / "x.sqlite3")
    cases = [
        (["tournament", "greedy", "--db", db], "at least two players"),
        (["tournament", "greedy", "nobot", "--db", db], "unknown bot 'nobot'"),
        (["tournament", "--resume", "--db", db], "no unfinished tournament"),
        (["report", "--experiment", "seeds", "--players", "x=nobot", "--db", db], "'nobot'"),
    ]
    result = run_cli(cases[0][0])  # one as a user runs it; the rest in process (same main)
    assert result.returncode == 2 and cases[0][1] in result.stderr
    assert "Traceback" not in result.stderr
    assert not Path(db).exists()  # a refused tournament makes no database
    RecordStore(db).close()  # an empty one, with no tournament to resume
    for args, message in cases:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, (args, err)


def test_split_pairs_do_not_decide_and_report_agrees(run_cli: RunCli, tmp_path: Path) -> None:
    # the same deterministic bot on both sides from the start position: every pair splits
    db = tmp_path / "split.sqlite3"
    players = ["a=alphabeta:depth=2", "b=alphabeta:depth=2"]
    options = ["--pairs", "4", "--sprt", "0,20", "--time", "0.5", "--concurrency", "1"]
    played = run_cli(["tournament", *players, *SMALL, *options, "--quiet", "--db", str(db)])
    assert played.returncode == 0, played.stderr
    text = " ".join(played.stdout.split())
    assert "after 4 pairs: no decision (the limit)" in text
    assert "no decision after 4 pairs (the limit)" in text
    assert "every pair split (a win each): at this setting the colour decides games" in text
    llr_line = next(line for line in played.stdout.splitlines() if "LLR" in line)
    reported = run_cli(["report", "--db", str(db), "--sprt", "0,20"])
    assert reported.returncode == 0, reported.stderr
    llr_text = llr_line[llr_line.index("LLR") :].split(": ")[0]
    assert llr_text in reported.stdout and "every pair split" in reported.stdout


def test_resume_keeps_the_first_runs_page_title_and_concurrency(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db, page = tmp_path / "keep.sqlite3", tmp_path / "out" / "page.html"
    page.parent.mkdir()
    players = ["ada+1=greedy", "random"]  # '+' is percent-encoded in the stored key
    options = ["--pairs", "2", "--time", "0.2", "--name", "keep", "--db", str(db)]
    page_options = ["--html", str(page), "--title", "Week 3", "--concurrency", "2"]
    first = run_cli(["tournament", *players, *SMALL, *options, *page_options])
    assert first.returncode == 0, first.stderr
    assert "adjacency at 2 rounds" in first.stdout
    assert "up to about 2 s: 4 games x 4 moves x 0.2 s a move / 2 at once" in first.stdout
    assert "(r2/ada+1/random/p0/g0)" in first.stdout  # the key as written
    with RecordStore(db) as store:
        records = [g.record for g in store.games("keep")]
    specs = {p.spec for record in records for p in record.players}
    assert all(spec.startswith(("greedy(seed=", "random(seed=")) for spec in specs), specs
    assert {record.tags["time"] for record in records} == {"0.2"}  # the tournament's time
    # two games lost: the resume plays them, at two at once, and writes the page it was asked for
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM games WHERE key LIKE '%/p1/%'")
        connection.execute("UPDATE tournaments SET finished = NULL")
    page.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    resumed = run_cli(["tournament", "--resume", "--db", str(db)], cwd=elsewhere)
    assert resumed.returncode == 0, resumed.stderr
    assert "/ 2 at once" in resumed.stdout and "2 games played" in resumed.stdout
    assert "<h1>Week 3</h1>" in page.read_text() and not list(elsewhere.iterdir())
    refused = run_cli(["tournament", "--resume", "keep", "--policy", "forfeit", "--db", str(db)])
    assert refused.returncode == 2 and "leave out --policy" in refused.stderr


def test_a_book_file_starts_the_pairs(run_cli: RunCli, tmp_path: Path) -> None:
    db, book = tmp_path / "book.sqlite3", tmp_path / "book.txt"
    book.write_text("# two openings\n2OO/2OO/XX2/XXX1 O 3\n\nX1OO/2OO/XX2/XX2 O 3  # the second\n")
    game = ["--game", "adjacency(size=4)", "--rounds", "2"]
    played = run_cli(
        [
            "tournament",
            "greedy",
            "random",
            *game,
            "--book",
            str(book),
            "--pairs",
            "3",
            "--time",
            "0.2",
            "--name",
            "booked",
            "--db",
            str(db),
        ]
    )
    assert played.returncode == 0, played.stderr
    with RecordStore(db) as store:
        starts = {g.record.tags["key"]: g.record.start for g in store.games("booked")}
    assert [starts[f"r2/greedy/random/p{k}/g{g}"] for k in range(3) for g in (0, 1)] == [
        "2OO/2OO/XX2/XXX1 O 3",
        "2OO/2OO/XX2/XXX1 O 3",
        "X1OO/2OO/XX2/XX2 O 3",
        "X1OO/2OO/XX2/XX2 O 3",
        "2OO/2OO/XX2/XXX1 O 3",
        "2OO/2OO/XX2/XXX1 O 3",
    ]
    assert "a book of 2 opening(s)" in " ".join(played.stdout.split())
    with sqlite3.connect(db) as connection:  # a pair lost: the resume plays it from the book
        connection.execute("DELETE FROM games WHERE key LIKE '%/p1/%'")
        connection.execute("UPDATE tournaments SET finished = NULL")
    resumed = run_cli(["tournament", "--resume", "booked", "--quiet", "--db", str(db)])
    assert resumed.returncode == 0, resumed.stderr
    with RecordStore(db) as store:
        again = {g.record.tags["key"]: g.record.start for g in store.games("booked")}
    assert again == starts
    book.write_text("2OO/2OO/XX2/XXX1 O 3\nnot a position\n")
    refused = run_cli(
        [
            "tournament",
            "greedy",
            "random",
            *game,
            "--book",
            str(book),
            "--db",
            str(tmp_path / "refused.sqlite3"),
        ]
    )
    assert refused.returncode == 2 and "book position 2 ('not a position')" in refused.stderr
    assert "Traceback" not in refused.stderr
    missing = run_cli(
        [
            "tournament",
            "greedy",
            "random",
            "--book",
            str(tmp_path / "none.txt"),
            "--db",
            str(tmp_path / "refused.sqlite3"),
        ]
    )
    assert missing.returncode == 2 and "cannot read the book" in missing.stderr
