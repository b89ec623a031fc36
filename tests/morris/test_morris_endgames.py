"""The solved Morris endgames: built by the CLI, checked against search, read by the bot."""

from __future__ import annotations

import random
from math import comb
from pathlib import Path

import pytest

from cli_support import RunCli
from plyground.bots import make_bot
from plyground.core import Limit
from plyground.core.errors import PlygroundError
from plyground.games.morris import MorrisGame, MorrisState
from plyground.games.morris.endgame_check import check_against_search
from plyground.games.morris.endgames import (
    EndgameTables,
    Verdict,
    default_path,
    load_tables,
    shared_tables,
)
from plyground.games.morris.engine import MorrisEngine
from plyground.games.morris.evaluation import WIN


@pytest.fixture(scope="module")
def data_home(morris_endgames_home: tuple[Path, str]) -> Path:
    """A data directory where ``plyground endgames --upto 3v3`` has built the tables."""
    home, printed = morris_endgames_home
    assert "3 v 3: 2,691,920 positions" in printed
    assert "checked 40 sampled positions against the compiled search: 40 agree" in printed
    return home


@pytest.fixture
def tables(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> EndgameTables:
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    assert default_path() == data_home / "plyground" / "morris-endgames-v1.npz"
    found = load_tables()
    assert found is not None and found.tables() == [(3, 3)]
    return found


def state_of(own: int, theirs: int, turns: int) -> MorrisState:
    """The position with ``own`` to move (White, so an even turn count)."""
    return MorrisState(MorrisGame(), own, theirs, white_hand=0, black_hand=0, turns=turns)


@pytest.mark.slow  # the tables: solving 3 v 3 (checked) takes some seconds
def test_a_sample_agrees_with_deep_search(tables: EndgameTables) -> None:
    agreed, checked = check_against_search(tables, 120, random.Random(7), depth=7)
    assert (agreed, checked) == (120, 120)
    summary = tables.summary(3, 3)
    assert summary["wins"] > 0.5 and summary["losses"] > 0.1 and summary["draws"] > 0
    assert summary["longest"] % 2 == 1


@pytest.mark.slow
def test_every_value_is_what_its_moves_make_it(tables: EndgameTables) -> None:
    """By the readable rules, not the solver's kernels: a position with no move is lost now
    (1); one with a move to a position lost for the opponent is won one ply after the
    quickest such loss; one whose moves all reach wins for the opponent is lost one ply
    after the slowest; any other is a draw (0). A take that leaves two men is a loss now."""
    rng = random.Random(5)
    for _ in range(400):
        own, theirs = tables.position(3, 3, rng.randrange(2_691_920))
        state = state_of(own, theirs, 60)
        children = []
        for move in state.legal_moves():
            child = state.play(move)
            after = (child.black, child.white)  # Black is to move there
            children.append(1 if child.is_terminal() else tables.value(*after))
        lost = [value for value in children if value is not None and value % 2 == 1]
        if not children:
            expected = 1
        elif lost:
            expected = min(lost) + 1
        elif all(value is not None and value > 0 for value in children):
            expected = max(value for value in children if value is not None) + 1
        else:
            expected = 0
        assert tables.value(own, theirs) == expected, (state.text(), children)


@pytest.mark.slow
def test_the_search_reads_exact_values_and_the_draw_cap(tables: EndgameTables) -> None:
    rng = random.Random(3)
    engine = MorrisEngine(endgames=tables)
    seen = set()
    for _ in range(150):
        own, theirs = tables.position(3, 3, rng.randrange(2_691_920))
        solved = tables.value(own, theirs)
        assert solved is not None
        for turns in (60, 196, 190):
            state = state_of(own, theirs, turns)
            if state.is_terminal():
                continue
            score = engine.search(state, Limit(depth=1)).info.score
            distance = solved - 1
            if solved == 0 or turns + distance > 200:
                expected = 0.0  # drawn, or decided too late: the cap comes first
            else:
                expected = WIN - distance if distance % 2 else distance - WIN
            assert score == expected, (state.text(), solved)
            seen.add((turns, expected == 0.0))
    assert {(60, False), (190, True), (196, True)} <= seen


@pytest.mark.slow
def test_the_bot_reads_the_tables_it_finds(tables: EndgameTables) -> None:
    own, theirs = next(
        position
        for position in (tables.position(3, 3, i) for i in range(0, 2_691_920, 9973))
        if 9 <= (tables.value(*position) or 0) - 1 <= 21
    )
    state = state_of(own, theirs, 60)
    exact = make_bot("morris", moving=2, flying=2, time=30).choose(state).info.score
    distance = (tables.value(own, theirs) or 0) - 1
    assert exact == (WIN - distance if distance % 2 else distance - WIN)
    guess = make_bot("morris", moving=2, flying=2, time=30, endgames="off").choose(state)
    assert guess.info.score != exact


@pytest.mark.slow
def test_the_verdict_names_the_winner_and_the_cap(tables: EndgameTables) -> None:
    """The verdict front ends show: the side that wins and in how many turns, from the tables'
    byte for the mover, with the turns already played against the cap; None outside them."""
    rng = random.Random(11)
    sampled = [tables.position(3, 3, rng.randrange(2_691_920)) for _ in range(300)]
    drawn = next(  # draws are rare in 3 v 3: a few in a thousand
        position
        for position in (tables.position(3, 3, i) for i in range(0, 2_691_920, 101))
        if tables.value(*position) == 0
    )
    kinds = set()
    for own, theirs in [*sampled, drawn]:
        byte = tables.value(own, theirs)
        assert byte is not None
        for turns, side in ((61, 1), (180, 0)):
            white, black = (own, theirs) if side == 0 else (theirs, own)
            state = MorrisState(MorrisGame(), white, black, white_hand=0, black_hand=0, turns=turns)
            verdict = tables.verdict(state)
            if state.is_terminal():
                assert verdict is None
                continue
            assert verdict is not None
            if byte == 0:
                assert verdict == Verdict(None)
            elif turns + byte - 1 > 200:
                assert verdict == Verdict(None, byte - 1, capped=True)
            else:
                winner = side if (byte - 1) % 2 else 1 - side
                assert verdict == Verdict(winner, byte - 1)
            kinds.add("draw" if byte == 0 else "capped" if verdict.capped else "won")
    assert kinds == {"draw", "capped", "won"}
    placing = MorrisGame().parse_state("W../.../.../....../.../.B./... W 8 8 2")
    assert tables.verdict(placing) is None
    four = MorrisGame().parse_state("WWW/.../.../W...../.../.B./B.B W 0 0 60")
    assert tables.verdict(four) is None  # 4 v 3: not in these tables


@pytest.mark.slow
def test_the_web_view_shows_the_verdict(tables: EndgameTables) -> None:
    from plyground.web.views import view_for

    assert shared_tables() is shared_tables()  # loaded once while the file stays the same
    own, theirs = next(
        position
        for position in (tables.position(3, 3, i) for i in range(0, 2_691_920, 7919))
        if (tables.value(*position) or 0) % 2 == 0 and (tables.value(*position) or 0) > 2
    )
    state = MorrisState(MorrisGame(), own, theirs, white_hand=0, black_hand=0, turns=40)
    facts = dict(view_for("morris").status(state))
    turns = (tables.value(own, theirs) or 0) - 1
    assert facts["Endgame table"] == f"White wins in {turns} turns"
    start = MorrisGame().initial_state()
    assert "Endgame table" not in dict(view_for("morris").status(start))
    # The hint: its bot reads the tables, so its move keeps the win.
    from plyground.arena.analysis.hints import Hinter

    hint = dict(Hinter().hint(state).facts)  # a new hinter: its bot loads the tables built
    assert hint["Endgame table"] == f"White wins in {turns} turns"
    after = state.play(state.parse_move(hint["Best move"]))
    assert dict(view_for("morris").status(after))["Endgame table"].startswith("White wins in ")
    assert hint["Outlook"].startswith("White wins within ")


def test_unreadable_tables_are_named(tmp_path: Path) -> None:
    bad = tmp_path / "tables.npz"
    bad.write_text("not a table", encoding="utf-8")
    with pytest.raises(PlygroundError, match="cannot read the Morris endgame tables"):
        load_tables(bad)
    assert load_tables(tmp_path / "missing.npz") is None


def test_the_command_names_a_bad_path(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli(["endgames", "--upto", "3v3", "--path", str(tmp_path)])
    assert result.returncode == 2
    assert result.stderr.strip().endswith("is a directory: give a file name with --path")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("men", range(6))
def test_the_sets_of_points_are_listed_in_the_order_of_their_rank(men: int) -> None:
    from plyground.games.morris.endgames import _COMBOS, _rank

    sets = _COMBOS[men]
    assert len(sets) == len(set(sets.tolist())) == comb(24, men)
    assert all(bin(int(mask)).count("1") == men for mask in sets)
    assert [_rank(int(mask)) for mask in sets] == list(range(len(sets)))
