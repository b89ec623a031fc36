"""Nine Men's Morris against OpenSpiel's ``nine_mens_morris``, step by step.

Over 1,000 random games (split into chunks that pytest-xdist can spread),
at every step: the board, men in hand and men left, the player to move and
their phase, the legal moves (OpenSpiel's actions mapped to our notation),
the men a mill lets us take, whether the game is over, and its result. In
the first games of each chunk, every legal move is also expanded in
OpenSpiel (clone, play, read the takes), so the full move sets with takes
are compared, not just for the move played.

Mapping: our point index is OpenSpiel's point number; a placement on ``p``
is OpenSpiel's action ``p``, a move ``o-d`` its action ``24 + 24 * o + d``,
and the man taken is OpenSpiel's next action, by the same player. The first
of those is the step part of the game's own action numbers for learning
libraries (games/morris/learning.py), which these games therefore check too.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from morris_helpers import blocking_move

from plyground.core.encoding import encoding_of
from plyground.games import load_game
from plyground.games.morris import NONE, MorrisGame, MorrisState, decode, encode
from plyground.games.morris.learning import TAKES

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open-spiel) is needed for the cross-check"
)

GAMES = 1000
CHUNKS = 10
EXPANDED_PER_CHUNK = 10
OURS = load_game("morris")
ENCODING = encoding_of(OURS)
THEIRS = pyspiel.load_game("nine_mens_morris")

# Where OpenSpiel's ToString() draws each point: (row, column) of a 16-wide text.
_COORDS = [
    (0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0),
    (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7),
    (10, 12), (12, 0), (12, 7), (12, 14),
]  # fmt: skip
_OFFSETS = [row * 16 + col for row, col in _COORDS]
_COUNTS = re.compile(r"Men to deploy: (\d+) (\d+)\nNum men: (\d+) (\d+)")


def primary(move: int) -> int:
    """OpenSpiel's first action for our move (the placement or the step): the step part
    of the move's action number, ``25 * step + take``."""
    return ENCODING.action(move) // TAKES


def their_full_moves(state: Any) -> set[tuple[int, int]]:
    """OpenSpiel's legal turns as (action, take or -1), takes found by playing each action."""
    player = state.current_player()
    moves = set()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if not child.is_terminal() and child.current_player() == player:
            moves.update((action, take) for take in child.legal_actions())
        else:
            moves.add((action, NONE))
    return moves


def compare_position(ours: MorrisState, theirs: Any) -> None:
    text = str(theirs)
    board = "".join(text[offset] for offset in _OFFSETS)
    assert board == "".join(ours.point(p) or "." for p in range(24)), ours.text()
    counts = _COUNTS.search(text)
    assert counts is not None
    deploy_w, deploy_b, men_w, men_b = map(int, counts.groups())
    assert (deploy_w, deploy_b) == (ours.white_hand, ours.black_hand), ours.text()
    assert (men_w, men_b) == (ours.men(0), ours.men(1)), ours.text()
    assert f"Turn number: {ours.turns}\n" in text
    assert theirs.is_terminal() == ours.is_terminal(), ours.text()
    if ours.is_terminal():
        assert tuple(theirs.returns()) == ours.returns(), ours.text()
        return
    assert theirs.current_player() == ours.to_move()
    # The mover's phase, as OpenSpiel decides it: men to deploy, then more than three men.
    player = ours.to_move()
    deploy, men = (deploy_w, men_w) if player == 0 else (deploy_b, men_b)
    expected = "placing" if deploy else "moving" if men > 3 else "flying"
    assert ours.phase(player) == expected


def their_position(state: Any) -> tuple[str, int]:
    """OpenSpiel's board and player to move (what threefold repetition compares)."""
    text = str(state)
    return "".join(text[offset] for offset in _OFFSETS), state.current_player()


def play_game(
    seed: int,
    expand: bool,
    blocking: bool = False,
    rules: MorrisGame = OURS,
    back: float = 0.0,
) -> tuple[int, str]:
    """Play one game in both implementations, comparing them at every step.

    Moves are uniformly random, or with ``blocking`` half of them chosen to
    leave the opponent as few moves as possible, which ends games by blocking;
    with ``back``, that share of the moves undo the mover's previous move
    when they can (which makes positions repeat). When ``rules`` counts
    repetitions and our game ends by one, OpenSpiel's (which has no such
    rule) goes on, having seen that position three times.
    """
    rng = random.Random(seed)
    ours: MorrisState = rules.initial_state()
    theirs = THEIRS.new_initial_state()
    seen: list[tuple[str, int]] = []
    previous = {0: NONE, 1: NONE}
    while True:
        seen.append(their_position(theirs))
        if ours.ending() == "repetition":
            assert not theirs.is_terminal() and seen.count(seen[-1]) == 3, ours.text()
            return ours.turns, "repetition"
        compare_position(ours, theirs)
        if ours.is_terminal():
            winner = ours.winner()
            if winner is None:
                return ours.turns, "draw"
            blocked = ours.men(1 - winner) > 2
            return ours.turns, "WB"[winner] + (" by blocking" if blocked else "")
        moves = ours.legal_moves()
        assert len(set(moves)) == len(moves)
        assert {primary(m) for m in moves} == set(theirs.legal_actions()), ours.text()
        if expand:
            assert {(primary(m), decode(m)[2]) for m in moves} == their_full_moves(theirs)
        greedy = blocking and rng.random() < 0.5
        move = blocking_move(ours, rng) if greedy else rng.choice(moves)
        last = previous[ours.to_move()]
        if last != NONE and decode(last)[0] != NONE and rng.random() < back:
            undo = encode(decode(last)[1], decode(last)[0])
            move = undo if undo in moves else move
        previous[ours.to_move()] = move
        assert ours.parse_move(ours.move_text(move)) == move
        origin, destination, taken = decode(move)
        player = theirs.current_player()
        theirs.apply_action(primary(move))
        if taken == NONE:
            assert theirs.is_terminal() or theirs.current_player() != player, ours.text()
        else:
            # The mill closed: the same player now chooses the man to take.
            assert theirs.current_player() == player and not theirs.is_terminal()
            takes = {decode(m)[2] for m in moves if decode(m)[:2] == (origin, destination)}
            assert set(theirs.legal_actions()) == takes, ours.text()
            theirs.apply_action(taken)
        ours = ours.play(move)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_match_openspiel(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    results = []
    for index in range(per_chunk):
        seed = chunk * per_chunk + index
        results.append(play_game(seed, expand=index < EXPANDED_PER_CHUNK))
    # The games cover the whole game: long ones, both winners, and (rarely) the draw cap.
    assert {result for _, result in results} >= {"W", "B"}  # by taking men
    assert max(turns for turns, _ in results) > 60


def test_the_draw_cap_matches_openspiel() -> None:
    # Find random games that reach the 200-turn cap (their seeds are fixed, so the test is too).
    drawn = 0
    for seed in range(10_000, 10_400):
        turns, result = play_game(seed, expand=False)
        if result == "draw":
            assert turns == 200
            drawn += 1
        if drawn == 3:
            break
    assert drawn == 3


def test_blocked_players_lose_as_in_openspiel() -> None:
    results = [play_game(seed, expand=seed < 5, blocking=True) for seed in range(40)]
    blocked = [result for _, result in results if result.endswith("by blocking")]
    assert len(blocked) >= 5
    assert {result[0] for result in blocked} == {"W", "B"}


def test_threefold_repetition_where_the_rules_agree_with_openspiel() -> None:
    # OpenSpiel has no repetition rule: up to the third occurrence both games agree.
    rules = load_game("morris(repetition=true)")
    assert isinstance(rules, MorrisGame)
    results = [play_game(seed, expand=False, rules=rules, back=0.7) for seed in range(30)]
    assert sum(result == "repetition" for _, result in results) >= 10
    assert {result[0] for _, result in results} >= {"W", "B"}  # others end as before
