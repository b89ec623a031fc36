"""Why a move loses and where the values turn exact: the notes under analyse's table."""

from __future__ import annotations

from plyground.arena.adjacency_analysis.annotation import GameAnalysis, MoveAnalysis
from plyground.cli.analyse_notes import line_after, switch_notes, why_notes


def _move(
    ply: int, move: str, value: float, best: tuple[str, ...], best_value: float, *, exact: bool
) -> MoveAnalysis:
    loss = abs(best_value - value)
    return MoveAnalysis(
        ply, ply % 2, move, value, best_value, best, loss, loss >= 4, exact, 0 if exact else 4
    )


GAME = GameAnalysis(
    "adjacency(size=6,rounds=3)",
    "start",
    ("ada", "bob"),
    (
        _move(0, "c1", -0.75, ("c1",), -0.75, exact=False),  # an estimate
        _move(1, "d2", -4.0, ("d2", "a3"), -4.0, exact=True),  # exact: the estimate was off
        _move(2, "e1", -6.0, ("f1",), -4.0, exact=True),  # ada gives away 2 marks
        _move(3, "e2", -6.0, ("e2",), -6.0, exact=True),  # bob's best reply, as played
        _move(4, "a3", -6.0, ("a3", "b3"), -6.0, exact=True),  # and ada's best after it
        _move(5, "b4", -8.0, ("c4",), -6.0, exact=True),  # bob leaves the best line
    ),
    (),
)


def test_the_line_after_a_move_follows_the_game_while_it_plays_best() -> None:
    assert line_after(GAME, 2) == ["e2", "a3"]  # then b4 is not a best move: the line ends
    assert line_after(GAME, 4) == ["c4"]  # the reply played was not best: the best one
    assert line_after(GAME, 5) == []  # the last move


def test_each_losing_move_says_what_it_gives_away_and_the_line_that_follows() -> None:
    assert why_notes(GAME) == [
        "move 3, ada e1: gives away 2 marks (best f1, -4); then e2 a3 leads to -6 (exact)",
        "move 6, bob b4: gives away 2 marks (best c4, -6)",
    ]


def test_the_switch_from_the_estimate_to_exact_is_explained() -> None:
    assert switch_notes(GAME) == [
        "from move 2 the values are exact: the engine's estimate after move 1 (-0.75, depth 4) "
        "was off by 3.25 marks, which no move is charged with (the exact value there is -4)"
    ]
