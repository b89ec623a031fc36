"""The packaged opening book: it loads, covers the settings docs/adjacency-solved.md lists,
its moves are best moves by a fresh solve (a sample), and the alphabeta bot plays them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from plyground.bots import make_bot
from plyground.core.errors import ParseError
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.book import (
    OpeningBook,
    book_entry,
    book_solution,
    packaged_book,
)
from plyground.games.adjacency.rules import AdjacencyState, parse_position
from plyground.games.adjacency.solver import ExactSolver

DOC = Path(__file__).resolve().parents[2] / "docs" / "adjacency-solved.md"
QUICK_PLIES = 10
"""Booked positions with at most this many plies left are re-solved in the sample."""


def _documented_settings() -> list[str]:
    """The game specs of the solved table's rows (``| adjacency(size=..,rounds=..) |``)."""
    return re.findall(r"^\| `(adjacency\(size=\d,rounds=\d+\))` \|", DOC.read_text(), re.M)


def test_the_book_loads_and_covers_every_documented_setting() -> None:
    book = packaged_book()
    documented = _documented_settings()
    assert len(documented) >= 12
    for spec in documented:
        game = load_game(spec)
        setting = book.settings[game.spec]
        root = game.initial_state()
        assert setting.position == root.text()
        entry = book.lookup(root)
        assert entry is not None and (entry.value, entry.best) == (setting.value, setting.best)
        for move in root.legal_moves():  # every first move has O's best replies
            reply = book.lookup(root.play(move))
            assert reply is not None and reply.best, (spec, root.move_text(move))


def test_a_sample_of_booked_moves_is_best_by_a_fresh_solve() -> None:
    book = packaged_book()
    quick = sorted(t for t in book.positions if parse_position(t).plies_left <= QUICK_PLIES)
    sample = random.Random(12).sample(quick, min(40, len(quick)))
    assert len(sample) >= 20
    solver = ExactSolver(1 << 18)
    for text in sample:
        state = parse_position(text)
        solved = solver.solve(state, line=False)
        entry = book.positions[text]
        assert (solved.value, solved.best) == (entry.value, entry.best), text


def test_what_the_book_proves_of_a_position_agrees_with_a_fresh_solve() -> None:
    """book_solution (what solve and the analysis read): every move it values, by a fresh
    solve of every move; its line, best moves all the way; whether its best moves are all."""
    book = packaged_book()
    quick = sorted(t for t in book.positions if parse_position(t).plies_left <= QUICK_PLIES)
    solver = ExactSolver(1 << 18)
    for text in random.Random(5).sample(quick, 12):
        state = parse_position(text)
        solution = book_solution(state)
        assert solution is not None and solution.value == book.positions[text].value
        solved = solver.solve(state, moves=True, line=False)
        assert solved.moves is not None
        assert solution.known == {move: solved.moves[move] for move in solution.known}
        assert solution.complete == (set(solution.known) == set(solved.moves))
        line_state = state
        for move in solution.line:
            entry = book_entry(line_state)
            assert entry is not None and move in entry.best
            line_state = line_state.play(line_state.parse_move(move))
        assert solution.every_best  # the quick ones are all of solved settings
    start = load_game("adjacency(size=8,rounds=8)").initial_state()
    proved = book_solution(start)
    assert proved is not None and proved.every_best and proved.complete  # settled
    losing = {move for move, value in proved.known.items() if value != proved.value}
    assert len(proved.known) == 56 and losing == {"d1", "a4"}
    assert {proved.known[move] for move in losing} == {-4}
    assert book_solution(load_game("adjacency(size=7,rounds=3)").initial_state()) is None


def _booked_game_states() -> list[AdjacencyState]:
    """A booked start (X to move) and a booked reply (O to move) of a documented setting."""
    game = load_game("adjacency(size=6,rounds=5)")
    root = game.initial_state()
    assert isinstance(root, AdjacencyState)
    return [root, root.play(root.legal_moves()[-1])]


def test_the_alphabeta_bot_plays_a_book_move_for_either_colour() -> None:
    for state in _booked_game_states():
        entry = book_entry(state)
        assert entry is not None
        bot = make_bot("alphabeta", time=0.05)
        decision = bot.choose(state, Limit(time=0.05))
        assert state.move_text(decision.move) == entry.best[0]  # deterministic: the first
        assert decision.info.extra == {"exact": True, "book": True}
        assert decision.info.depth == state.plies_left
        mover = 1 if state.to_move() == 0 else -1
        assert decision.info.score == mover * entry.value


def test_the_bot_searches_where_the_book_is_off_or_silent() -> None:
    state = _booked_game_states()[0]
    off = make_bot("alphabeta", time=0.05, book=False).choose(state, Limit(time=0.05))
    assert "book" not in off.info.extra
    unbooked = load_game("adjacency(size=7,rounds=3)").initial_state()
    assert book_entry(unbooked) is None
    searched = make_bot("alphabeta", time=0.05).choose(unbooked, Limit(time=0.05))
    assert "book" not in searched.info.extra


def test_a_book_file_round_trips_and_bad_files_are_named(tmp_path: Path) -> None:
    book = packaged_book()
    path = tmp_path / "book.json"
    book.write(path)
    again = OpeningBook.read(path)
    assert again.settings == book.settings and again.positions == book.positions
    assert not (tmp_path / "book.json.tmp").exists()
    path.write_text(json.dumps({"format": 99}))
    with pytest.raises(ParseError, match="format 99"):
        OpeningBook.read(path)
    path.write_text("{not json")
    with pytest.raises(ParseError, match=str(path)):
        OpeningBook.read(path)
    path.write_text(json.dumps({"format": 1, "settings": [{"game": "x"}], "positions": {}}))
    with pytest.raises(ParseError, match="not an opening book"):
        OpeningBook.read(path)
