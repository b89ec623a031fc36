"""The Morris evaluation: relations against point-by-point definitions, weights, ordering."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from morris_helpers import random_states

from plyground.bots import make_bot
from plyground.bots.evaluators import evaluator_for
from plyground.core import SettingsError
from plyground.games import load_game
from plyground.games.morris import WHITE, MorrisState, parse_point
from plyground.games.morris.evaluation import (
    RELATIONS,
    WIN,
    MorrisEvaluator,
    MorrisWeights,
    PhaseWeights,
    phase_of,
    relations,
)

GAME = load_game("morris")
MILLS = [
    [parse_point(name) for name in mill.split()]
    for mill in (
        "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2",
        "a1 d1 g1", "a7 a4 a1", "b6 b4 b2", "c5 c4 c3", "d7 d6 d5", "d3 d2 d1", "e5 e4 e3",
        "f6 f4 f2", "g7 g4 g1",
    )
]  # fmt: skip
NEIGHBOURS = {
    p: {m[j] for m in MILLS if p in m for j in range(3) if abs(j - m.index(p)) == 1}
    for p in range(24)
}


def reference(state: MorrisState) -> dict[str, int]:
    """The relations for the player to move, point by point and line by line."""
    board = {p: state.point(p) for p in range(24)}
    me = "WB"[state.side]
    them = "WB"[1 - state.side]

    def counts(colour: str) -> dict[str, int]:
        full = [m for m in MILLS if all(board[p] == colour for p in m)]
        twos = [
            m
            for m in MILLS
            if sum(board[p] == colour for p in m) == 2 and any(board[p] is None for p in m)
        ]
        men = [p for p in range(24) if board[p] == colour]
        blocked = [p for p in men if all(board[q] is not None for q in NEIGHBOURS[p])]
        steps = sum(board[q] is None for p in men for q in NEIGHBOURS[p])
        opened = 0
        for m in twos:
            gap = next(p for p in m if board[p] is None)
            if any(board[q] == colour and q not in m for q in NEIGHBOURS[gap]):
                opened += 1
        return {
            "mills": len(full),
            "twos": len(twos),
            "blocked": len(blocked),
            "threes": sum(1 for p in men if sum(p in m for m in twos) == 2),
            "double": sum(1 for p in men if sum(p in m for m in full) == 2),
            "opened": opened,
            "free": len(men) - len(blocked),
            "steps": steps,
        }

    mine, theirs = counts(me), counts(them)

    def lost(player: int, c: dict[str, int]) -> bool:
        men = state.men(player)
        return men < 3 or (state.hand(player) == 0 and men > 3 and c["free"] == 0)

    return {
        "closed": -1 if state.took else 0,
        "mills": mine["mills"] - theirs["mills"],
        "blocked": theirs["blocked"] - mine["blocked"],
        "men": state.men(state.side) - state.men(1 - state.side),
        "twos": mine["twos"] - theirs["twos"],
        "threes": mine["threes"] - theirs["threes"],
        "opened": mine["opened"] - theirs["opened"],
        "double": mine["double"] - theirs["double"],
        "win": int(lost(1 - state.side, theirs)) - int(lost(state.side, mine)),
        "mobility": mine["steps"] - theirs["steps"],
    }


# Black, not to move, is blocked: White has a winning configuration.
BLOCKED = GAME.parse_state("BBB/.W./.../BW...W/.../.../WW. W 0 0 80")
STATES = [
    BLOCKED,
    *random_states(150, seed=2, finished=False),
    *random_states(30, seed=3, blocking=True, finished=False),
]


def test_relations_match_their_definitions() -> None:
    seen_nonzero = dict.fromkeys(RELATIONS, False)
    for state in STATES:
        got = relations(state)
        assert got == reference(state), state.text()
        for name, value in got.items():
            seen_nonzero[name] |= value != 0
    assert all(seen_nonzero.values()), seen_nonzero  # the sample exercises every relation


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_evaluate_is_the_weighted_sum_of_relations(seed: int) -> None:
    rng = random.Random(seed)
    weights = (
        MorrisWeights()
        if seed == 0
        else MorrisWeights.seed()
        if seed == 1
        else MorrisWeights.from_dict(
            {key: rng.randint(-50, 50) for key in MorrisWeights().as_dict()}
        )
    )
    evaluator = MorrisEvaluator(weights)
    for state in STATES:
        phase = getattr(weights, phase_of(state))
        expected = sum(getattr(phase, name) * value for name, value in relations(state).items())
        assert evaluator.evaluate(state) == expected, state.text()


def test_winning_configuration() -> None:
    assert isinstance(BLOCKED, MorrisState) and not BLOCKED.is_terminal()
    assert relations(BLOCKED)["win"] == 1


def test_seed_evaluation_weighs_every_position_with_one_phase() -> None:
    evaluator = MorrisEvaluator(MorrisWeights.seed(), "placing")
    for state in STATES[:40]:
        expected = sum(
            getattr(MorrisWeights.seed().placing, name) * value
            for name, value in relations(state).items()
        )
        assert evaluator.evaluate(state) == expected
    with pytest.raises(ValueError, match="phase must be one of"):
        MorrisEvaluator(phase="endgame")


def test_every_phase_of_the_default_weights_sees_men_mobility_and_blockades() -> None:
    for phase in ("placing", "moving", "flying"):
        weights = getattr(MorrisWeights(), phase)
        assert weights.men > 0 and weights.mobility > 0 and weights.blocked > 0
        assert weights.win > 0


def test_phases_and_the_seed_weights() -> None:
    weights = MorrisWeights.seed()
    assert weights.placing == PhaseWeights(closed=18, mills=26, blocked=1, men=6, twos=12, threes=7)
    assert weights.moving == PhaseWeights(
        closed=14, mills=43, blocked=10, men=8, opened=7, double=42, win=1086
    )
    assert weights.flying == PhaseWeights(closed=16, twos=10, threes=1, win=1190)
    assert phase_of(GAME.initial_state()) == "placing"
    assert phase_of(GAME.parse_state("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")) == "moving"
    assert phase_of(GAME.parse_state("W.B/.../B.B/W.B..B/.../..W/B.. W 0 0 40")) == "flying"


def test_weights_by_flat_name_and_from_a_file(tmp_path: Path) -> None:
    weights = MorrisWeights.from_dict({"moving.mills": 50, "flying.win": 2000})
    assert weights.moving.mills == 50 and weights.flying.win == 2000
    assert weights.placing == MorrisWeights().placing
    assert MorrisWeights.from_dict(weights.as_dict()) == weights
    assert len(weights.as_dict()) == 30
    seeded = MorrisWeights.from_dict({"moving.mills": 50}, MorrisWeights.seed())
    assert seeded.placing == MorrisWeights.seed().placing and seeded.moving.mills == 50
    with pytest.raises(SettingsError, match=r"unknown Morris weight 'moving\.speed'"):
        MorrisWeights.from_dict({"moving.speed": 1})
    path = tmp_path / "weights.json"
    path.write_text(json.dumps({"weights": {"placing.men": 100}}), encoding="utf-8")
    bot = make_bot("morris", weights=str(path))
    assert f"weights={path}," in bot.spec
    evaluator = evaluator_for(GAME, {"placing.men": 100})
    assert isinstance(evaluator, MorrisEvaluator)
    assert evaluator.weights.placing.men == 100
    path.write_text(json.dumps({"placing.menn": 1}), encoding="utf-8")
    with pytest.raises(SettingsError, match=r"unknown Morris weight 'placing\.menn'"):
        make_bot("morris", weights=str(path))


def test_terminal_scores_prefer_fast_wins() -> None:
    evaluator = MorrisEvaluator()
    final = GAME.parse_state("WWW/.../.../....B./.../B../... B 0 0 61")
    assert final.is_terminal() and final.winner() == WHITE
    assert evaluator.terminal(final, WHITE, 3) == WIN - 3
    assert evaluator.terminal(final, 1, 3) == 3 - WIN
    assert evaluator.decisive > 10_000  # far above any weighted sum
    assert evaluator.to_table(WIN - 5, 2) == WIN - 3 and evaluator.from_table(WIN - 3, 2) == WIN - 5


def test_order_puts_takes_then_blocks_first() -> None:
    evaluator = MorrisEvaluator()
    for state in STATES[:60]:
        moves = state.legal_moves()
        ordered = list(evaluator.order(state, moves))
        assert sorted(ordered) == sorted(moves)
        takes = [m for m in ordered if "x" in state.move_text(m)]
        assert ordered[: len(takes)] == takes
