"""GA operators for real vectors, the generational step, and declared weights."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plyground.algorithms.local.real_vectors import RealBox, next_generation
from plyground.bots import make_bot
from plyground.bots.evaluators import inline_weights, load_weights, tunable_weights
from plyground.core.errors import SettingsError
from plyground.core.evaluation import (
    Evaluator,
    TunableWeight,
    declared_weights,
    weight,
)
from plyground.games import load_game
from plyground.games.adjacency.evaluation import AdjacencyEvaluator, AdjacencyWeights

BOX = RealBox((0.0, -1.0, 10.0), (4.0, 1.0, 10.5))
finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(st.integers(0, 2**32), st.lists(finite, min_size=3, max_size=3))
def test_every_operator_stays_in_the_box(seed: int, outside: list[float]) -> None:
    rng = Random(seed)
    a, b = BOX.random_candidate(rng), BOX.random_candidate(rng)
    assert BOX.contains(a) and BOX.contains(b)
    assert BOX.contains(BOX.crossover(a, b, rng))
    assert BOX.contains(BOX.mutate(a, rng))
    assert BOX.contains(BOX.reflect(outside))


def test_reflection_mirrors_at_the_faces() -> None:
    box = RealBox((0.0,), (4.0,))
    assert box.reflect((5.0,)) == (3.0,)
    assert box.reflect((-1.0,)) == (1.0,)
    assert box.reflect((9.0,)) == (1.0,)
    assert box.reflect((2.5,)) == (2.5,)


def test_blend_crossover_reaches_beyond_the_parents_and_zero_blend_does_not() -> None:
    rng = Random(3)
    wide = RealBox((0.0,), (10.0,), blend=0.5)
    narrow = RealBox((0.0,), (10.0,), blend=0.0)
    wide_children = [wide.crossover((4.0,), (6.0,), rng)[0] for _ in range(400)]
    narrow_children = [narrow.crossover((4.0,), (6.0,), rng)[0] for _ in range(400)]
    assert min(wide_children) < 4.0 and max(wide_children) > 6.0
    assert all(3.0 <= x <= 7.0 for x in wide_children)
    assert all(4.0 <= x <= 6.0 for x in narrow_children)


def test_mutation_changes_at_least_one_coordinate_by_about_the_scale() -> None:
    rng = Random(5)
    box = RealBox((0.0,) * 4, (100.0,) * 4, scale=0.1)
    start = (50.0,) * 4
    steps = []
    for _ in range(300):
        child = box.mutate(start, rng)
        changed = [c - 50.0 for c in child if c != 50.0]
        assert changed
        steps.extend(changed)
    spread = (sum(s * s for s in steps) / len(steps)) ** 0.5
    assert 7.0 < spread < 13.0  # sigma = 0.1 * range = 10


def test_operators_are_deterministic_for_a_seed() -> None:
    def run(seed: int) -> list[tuple[float, ...]]:
        rng = Random(seed)
        ranked = [BOX.random_candidate(rng) for _ in range(6)]
        return [c.candidate for c in next_generation(ranked, BOX, rng, size=10, keep=3)]

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_next_generation_keeps_the_best_and_breeds_only_from_them() -> None:
    rng = Random(2)
    ranked = [BOX.random_candidate(rng) for _ in range(8)]
    children = next_generation(ranked, BOX, rng, size=8, keep=3, crossover_rate=0.5)
    assert [c.candidate for c in children[:3]] == ranked[:3]
    assert [c.origin for c in children] == ["kept"] * 3 + ["bred"] * 5
    for child in children[3:]:
        assert all(0 <= p < 3 for p in child.parents) and 1 <= len(child.parents) <= 2
        assert BOX.contains(child.candidate)
        assert child.candidate not in ranked  # crossed or mutated: never a plain copy


@pytest.mark.parametrize(
    "kwargs",
    [
        {"size": 8, "keep": 0},
        {"size": 8, "keep": 9},
        {"size": 2, "keep": 3},
        {"size": 8, "keep": 2, "tournament": 0},
        {"size": 8, "keep": 2, "mutation_rate": 1.5},
    ],
)
def test_next_generation_refuses_bad_settings(kwargs: dict[str, float]) -> None:
    ranked = [BOX.random_candidate(Random(1)) for _ in range(8)]
    with pytest.raises(ValueError):
        next_generation(ranked, BOX, Random(1), **kwargs)  # type: ignore[arg-type]


def test_a_box_refuses_empty_or_inverted_ranges() -> None:
    for lows, highs in (((), ()), ((1.0,), (1.0,)), ((0.0, 2.0), (1.0, 1.0)), ((0.0,), (1.0, 2.0))):
        with pytest.raises(ValueError):
            RealBox(lows, highs)


def test_weights_are_declared_once_with_their_ranges() -> None:
    @dataclass(frozen=True)
    class Weights:
        mobility: float = weight(0.5, 0.0, 2.0, "moves available")
        fixed: float = 1.0

    assert Weights() == Weights(0.5, 1.0)
    assert declared_weights(Weights) == (
        TunableWeight("mobility", 0.5, 0.0, 2.0, "moves available"),
    )
    with pytest.raises(ValueError, match="outside"):
        TunableWeight("w", 5.0, 0.0, 1.0, "")
    assert Evaluator().tunable_weights() == ()


def test_the_adjacency_evaluation_declares_its_four_weights() -> None:
    declared = tunable_weights(load_game("adjacency"))
    assert declared == AdjacencyEvaluator().tunable_weights()
    assert {w.name: w.default for w in declared} == AdjacencyWeights().as_dict()
    assert all(w.low <= w.default <= w.high for w in declared)
    assert tunable_weights(load_game("adjacency(size=5)")) == declared


@given(
    st.dictionaries(
        st.sampled_from(["gain", "threat", "exposure", "tempo", "moving.mills"]),
        st.floats(min_value=-1e9, max_value=1e9, allow_nan=False),
        min_size=1,
    )
)
def test_inline_weights_round_trip(weights: dict[str, float]) -> None:
    assert load_weights(inline_weights(weights)) == weights


def test_inline_weights_play_like_a_weights_file(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "w.json"
    path.write_text('{"weights": {"gain": 3.5, "tempo": -0.25}}', encoding="utf-8")
    game = load_game("adjacency(size=5,rounds=3)")
    state = game.initial_state()
    from_file = make_bot(f"alphabeta:depth=2,weights={path}")
    inline = make_bot("alphabeta:depth=2,weights=gain:3.5;tempo:-0.25")
    while not state.is_terminal():
        move = from_file.choose(state).move
        assert inline.choose(state).move == move
        state = state.play(move)
    with pytest.raises(SettingsError, match="unknown adjacency weight 'speed'"):
        make_bot("alphabeta:weights=gain:1;speed:2").choose(game.initial_state())


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not JSON: byte 0 is not UTF-8 text"),
        (b'{"gain": NaN}', "weight 'gain' must be a finite number, got nan"),
        (b'{"weights": {"tempo": Infinity}}', "weight 'tempo' must be a finite number, got inf"),
        (b'{"threat": 1e999}', "weight 'threat' must be a finite number, got inf"),
    ],
)
def test_a_weights_file_that_is_not_text_or_not_finite_is_a_settings_error(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "weights.json"
    path.write_bytes(content)
    with pytest.raises(SettingsError, match=message):
        make_bot(f"alphabeta:weights={path}")


def test_inline_weights_must_be_finite() -> None:
    with pytest.raises(SettingsError, match="weight 'gain' must be a finite number, got inf"):
        make_bot("alphabeta:weights=gain:1e999")


@pytest.mark.parametrize(
    "spec", ["alphabeta:weights=speed:2", "mcts:weights=speed:2", "hillclimb:weights=speed:2"]
)
def test_weights_the_game_has_not_fail_check_game_before_any_move(spec: str) -> None:
    # check_game is what a match or tournament asks before its games; the weights were
    # once read on the first move only, so every move crashed and the match went on
    with pytest.raises(SettingsError, match="unknown adjacency weight 'speed'"):
        make_bot(spec).check_game(load_game("adjacency"))
    with pytest.raises(SettingsError, match="no evaluation weights"):
        make_bot(spec.replace("speed", "gain")).check_game(load_game("tictactoe"))


class Sphere:
    """A problem for the local-search GA built from a RealBox's operators:
    maximise minus the squared distance to a point."""

    def __init__(self, box: RealBox, target: tuple[float, ...]) -> None:
        self.box = box
        self.target = target
        self.random_candidate = box.random_candidate
        self.crossover = box.crossover
        self.mutate = box.mutate

    def neighbours(self, candidate: tuple[float, ...]) -> list[tuple[float, ...]]:
        return []

    def random_neighbour(self, candidate: tuple[float, ...], rng: Random) -> tuple[float, ...]:
        return self.box.mutate(candidate, rng)

    def fitness(self, candidate: tuple[float, ...]) -> float:
        return -sum((x - t) ** 2 for x, t in zip(candidate, self.target, strict=True))


def test_the_box_operators_serve_the_local_search_genetic_algorithm() -> None:
    from plyground.algorithms.local import evolve
    from plyground.core.limits import Clock

    box = RealBox((-5.0,) * 3, (5.0,) * 3)
    problem = Sphere(box, (1.0, -2.0, 3.0))
    result = evolve(problem, Random(4), Clock(None), population=20, max_generations=40)
    assert result.fitness > -0.05


def test_many_inline_weights_are_not_taken_for_a_file_name() -> None:
    weights = {f"phase{i}.relation": float(i) * 1000.5 for i in range(40)}
    text = inline_weights(weights)
    assert len(text) > 255  # longer than a file name may be
    assert load_weights(text) == weights


def test_the_morris_evaluation_declares_the_seeds_weights() -> None:
    from plyground.games.morris.evaluation import MorrisWeights

    declared = tunable_weights(load_game("morris"))
    seed = MorrisWeights().as_dict()
    assert {w.name: w.default for w in declared} == {k: v for k, v in seed.items() if v}
    assert all((w.low, w.high) == (0.0, 2 * w.default) for w in declared)
    tuned = {w.name: w.high for w in declared}
    bot = make_bot(f"morris:placing=1,moving=1,flying=1,weights={inline_weights(tuned)}")
    assert bot.choose(load_game("morris").initial_state()).move is not None


def test_tuning_the_seeds_morris_evaluation_starts_from_and_searches_around_the_seed() -> None:
    """``morris:evaluation=seed`` tunes the seed's weight set (docs/tuning.md, run 5): its
    non-zero weights, each in ``[0, 2 x seed]``, starting at the seed's values; the default
    evaluation still tunes the default set."""
    from plyground.arena.tuning.settings import TuneSettings
    from plyground.games.morris.evaluation import MorrisWeights

    seed = {k: v for k, v in MorrisWeights.seed().as_dict().items() if v}
    default = {k: v for k, v in MorrisWeights().as_dict().items() if v}
    assert seed != default
    on_seed = TuneSettings(bot="morris:evaluation=seed,placing=1,moving=1,flying=1", game="morris")
    assert {w.name: (w.low, w.high) for w in on_seed.tunable} == {
        k: (0.0, 2 * v) for k, v in seed.items()
    }
    assert on_seed.start_weights == seed
    on_default = TuneSettings(bot="morris:placing=1,moving=1,flying=1", game="morris")
    assert on_default.start_weights == default
