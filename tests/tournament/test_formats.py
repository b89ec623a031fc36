"""Text records and JSON Lines: exact round trips, many records per file, clear errors."""

from __future__ import annotations

import io

import pytest
from tournament_helpers import RecordFactory

from plyground.arena.play.referee import Referee
from plyground.arena.players.bot_player import BotPlayer
from plyground.arena.players.player import InfoCallback, Reply, RuleBreakError
from plyground.arena.records.formats import (
    read_jsonl,
    read_records,
    read_text_records,
    write_jsonl,
    write_text_record,
)
from plyground.arena.records.record import GameRecord, PlayerInfo, RuleBreakKind, Termination
from plyground.bots import make_bot
from plyground.core.errors import ParseError
from plyground.core.game import State
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game


def test_text_round_trip_is_exact(make_record: RecordFactory) -> None:
    records = [
        make_record("greedy", "random", seed=1, timeout_at=4, tags={"round": "8", "pair": "0"}),
        make_record("random", "greedy", seed=2, game="adjacency(size=5,rounds=3,first=O)"),
        make_record("greedy", "greedy", seed=3, names=('g "quoted" one', "g2")),
    ]
    text = "\n".join(write_text_record(r) for r in records)
    back = read_text_records(text)
    assert [r.to_dict() for r in back] == [r.to_dict() for r in records]
    for record in back:
        record.replay()


def test_text_record_is_readable(make_record: RecordFactory) -> None:
    text = write_text_record(make_record("greedy", "random", seed=4, timeout_at=3))
    lines = text.splitlines()
    assert lines[0] == '[Game "adjacency(size=6,rounds=4,first=X)"]'
    assert '[X "greedy"]' in lines and '[O "random"]' in lines
    assert any(line.startswith('[RuleBreak "3 X timeout random-move') for line in lines)
    assert any(line.startswith("1. X ") and "depth=1" in line for line in lines)
    assert lines[-1] in ("1-0", "0-1", "1/2-1/2")


def test_extra_search_fields_and_odd_values_survive() -> None:
    info = SearchInfo(
        depth=3,
        score=-1.5,
        nodes=7,
        pv=("a1", "b2"),
        elapsed=0.25,
        extra={"note": "a {brace} and spaces", "tt": [1, 2]},
    )
    from plyground.arena.records.record import MoveRecord

    record = GameRecord(
        game="adjacency(size=4,rounds=1,first=X)",
        start="2OO/2OO/XX2/XX2 X 2",
        players=(PlayerInfo("a"), PlayerInfo("b", "engine", "engine:./x", "2")),
        moves=(
            MoveRecord(0, "c2", 0.5, info),
            MoveRecord(1, "b3", 0.0, SearchInfo()),
        ),
        final="2OO/1OOO/XXX1/XX2 X 0",
        returns=(0.0, 0.0),
        winner=None,
        termination=Termination.NORMAL,
        tags={"multi\nline": "x"},
    )
    (back,) = read_text_records(write_text_record(record))
    assert back.to_dict() == record.to_dict()


def test_jsonl_round_trip(make_record: RecordFactory) -> None:
    records = [make_record(seed=s, timeout_at=s + 1) for s in range(4)]
    out = io.StringIO()
    assert write_jsonl(records, out) == 4
    back = list(read_jsonl(out.getvalue()))
    assert [r.to_dict() for r in back] == [r.to_dict() for r in records]
    assert [r.to_dict() for r in read_records(out.getvalue())] == [r.to_dict() for r in records]
    text = "".join(write_text_record(r) + "\n" for r in records)
    assert [r.to_dict() for r in read_records(text)] == [r.to_dict() for r in records]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "expected a"),
        ('[Game "adjacency"]\n[X "a"]\n\n1. X a1 {0.1s}\n', "missing tag"),
        ('[X "a"]\n\n1-0\n', "no \\[Game"),
        ('[Game "adjacency"]\n[Bad tag]\n\n1-0\n', "bad tag line"),
        ('[Game "adjacency"]\n[X "a"]\n[O "b"]\n\n2. X a1 {0.1s}\n', "expected ply 1"),
        ('[Game "adjacency"]\n[X "a"]\n[O "b"]\n\n1. X a1 {fast}\n', "time used"),
        ('[Game "adjacency"]\n[X "a"]\n[O "b"]\n\n1. X a1 {0.1s rb=lazy}\n', "'lazy'"),
        ('[Game "adjacency"]\n[X "a"]\n[O "b"]\n\n1. Q a1 {0.1s}\n', "unknown player 'Q'"),
    ],
)
def test_bad_text_records_are_named(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_text_records(text)


def test_result_line_must_agree(make_record: RecordFactory) -> None:
    record = make_record(seed=5)
    text = write_text_record(record)
    wrong = "0-1" if record.result != "0-1" else "1-0"
    with pytest.raises(ParseError, match="disagrees"):
        read_text_records(text.rsplit("\n", 2)[0] + "\n" + wrong + "\n")


def test_bad_jsonl_is_named() -> None:
    with pytest.raises(ParseError, match="line 2: not JSON"):
        list(read_jsonl('{"game": 1}\n{oops\n'.replace('{"game": 1}', "")))
    with pytest.raises(ParseError, match="line 1: bad game record"):
        list(read_jsonl('{"game": "adjacency"}\n'))
    with pytest.raises(ParseError, match="neither"):
        read_records("garbage")


class _FallsOverOnce(BotPlayer):
    """greedy, whose second move is a crash: the referee plays a random move for it."""

    moves = 0

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        self.moves += 1
        if self.moves == 2:
            raise RuleBreakError(RuleBreakKind.CRASH, "my bot fell over")
        return super().think(state, limit, grace, on_info)


def test_a_rule_break_has_the_ply_number_of_its_move_line() -> None:
    game = load_game("adjacency(size=4,rounds=2)")
    players = [BotPlayer(make_bot("greedy")), _FallsOverOnce(make_bot("greedy"))]
    record = Referee(game, time=1.0, seed=3).play(players)
    (rule_break,) = record.rule_breaks
    assert record.moves[rule_break.ply].rule_break is RuleBreakKind.CRASH
    text = write_text_record(record)
    header = next(line for line in text.splitlines() if line.startswith("[RuleBreak"))
    number = header.split('"')[1].split()[0]
    marked = next(line for line in text.splitlines() if "rb=" in line)
    assert number == "4" and marked.startswith(f"{number}. O ")  # O's second move
    (again,) = read_text_records(text)
    assert again.rule_breaks == record.rule_breaks
