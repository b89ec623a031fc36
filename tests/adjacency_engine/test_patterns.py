"""The learned pattern evaluation: the kernel against the plain-Python reference over
arbitrary valid positions, the symmetry of the tables, and weights files refused."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plyground.core.errors import SettingsError
from plyground.games.adjacency.kernels import new_context, relative_masks
from plyground.games.adjacency.pattern_file import (
    read_weights,
    shipped_weights,
    weights_from_json,
    weights_json,
    write_weights,
)
from plyground.games.adjacency.pattern_kernel import attach, pattern_value
from plyground.games.adjacency.patterns import (
    FEATURES,
    PatternEvaluator,
    PatternWeights,
    global_terms,
)
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState
from plyground.games.adjacency.symmetry import SYMMETRIES, image
from strategies import adjacency_positions


def random_weights(seed: int, spans: tuple[tuple[int, int], ...]) -> PatternWeights:
    """Weights with every parameter random (awkward floats, both signs)."""
    rng = np.random.default_rng(seed)
    stages = tuple(
        {name: rng.normal(0.0, 1.3, size=shape) for name, shape in FEATURES.items()} for _ in spans
    )
    return PatternWeights(spans, stages)


WEIGHTS = random_weights(7, ((1, 3), (4, 11), (12, 20), (21, 56)))
TABLES = WEIGHTS.tables


def kernel_value(state: AdjacencyState, weights: PatternWeights) -> float:
    block = new_context(8)
    tables = weights.tables
    attach(block, tables)
    own, theirs = relative_masks(state)
    return float(pattern_value(block.ctypes.data, own, theirs, state.plies_left))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adjacency_positions(sizes=(8,), max_plies=56, max_nodes=10**30))
def test_kernel_equals_the_reference_bit_for_bit(state: AdjacencyState) -> None:
    assert kernel_value(state, WEIGHTS) == PatternEvaluator(WEIGHTS).evaluate(state)


def _globals_only(weights: PatternWeights) -> PatternWeights:
    stages = tuple(
        {name: (table if name == "globals" else np.zeros_like(table)) for name, table in s.items()}
        for s in weights.stages
    )
    return PatternWeights(weights.plies, stages)


GLOBALS_ONLY = _globals_only(WEIGHTS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adjacency_positions(sizes=(8,), max_plies=56, max_nodes=10**30))
def test_with_the_global_terms_alone_the_kernel_skips_the_patterns(state: AdjacencyState) -> None:
    assert not GLOBALS_ONLY.uses_patterns()
    assert WEIGHTS.uses_patterns()
    value = PatternEvaluator(GLOBALS_ONLY).evaluate(state)
    assert kernel_value(state, GLOBALS_ONLY) == value
    own, theirs = (state.x, state.o) if state.side == 0 else (state.o, state.x)
    terms = global_terms(own, theirs)
    if state.plies_left > 1:
        bias, *weights = GLOBALS_ONLY.stages[GLOBALS_ONLY.stage_of(state.plies_left)]["globals"][0]
        expected = bias + sum(w * t for w, t in zip(weights, terms, strict=True))
        assert value == pytest.approx(expected, rel=1e-5)  # float32 sums, in their order


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adjacency_positions(sizes=(8,), max_plies=56, max_nodes=10**30), st.integers(0, 6))
def test_every_symmetry_of_the_board_has_the_same_value(state: AdjacencyState, which: int) -> None:
    """The parameters are shared by the board's symmetries: a mirrored position is worth the same
    (the sums may be added in another order: equal to rounding)."""
    mirrored = AdjacencyState(
        state.game,
        image(state.x, which, 8),
        image(state.o, which, 8),
        state.side,
        state.plies_left,
    )
    evaluator = PatternEvaluator(WEIGHTS)
    assert len(SYMMETRIES) == 7
    assert evaluator.evaluate(mirrored) == pytest.approx(evaluator.evaluate(state), abs=1e-9)


def test_one_ply_before_the_end_the_value_is_exact() -> None:
    state = AdjacencyGame(size=8, rounds=1).initial_state().play(2)  # X c1, O to move
    assert state.plies_left == 1
    material, gain, _, _ = global_terms(state.o, state.x)
    assert (material, gain) == (-1, 2)  # O's c2 would flip b2 and c1
    assert kernel_value(state, WEIGHTS) == PatternEvaluator(WEIGHTS).evaluate(state) == 4.0


def test_the_shipped_weights_read_and_cover_every_stage() -> None:
    """A stage for every ply from 2 to 55 (56 plies left is only ever the 28-round start:
    it takes the stage of 55)."""
    weights = shipped_weights()
    covered = {p for low, high in weights.plies for p in range(low, high + 1)}
    assert covered >= set(range(2, 56))
    assert weights.stage_of(56) == len(weights.plies) - 1


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(format="something else"), "its 'format' is not"),
        (lambda d: d.update(version=9), "its version is 9"),
        (lambda d: d.update(size=6), "board of side 6"),
        (lambda d: d["features"].update(edge4=[4, 80]), "its header names the shape"),
        (lambda d: d.update(stages=[]), "it has no stages"),
        (lambda d: d["stages"][0].update(plies=[5, 2]), "not [least, most]"),
        (lambda d: d["stages"][1].update(plies=[2, 3]), "overlap or precede"),
        (lambda d: d["stages"][0].update(edge4=[[0.0] * 81] * 3), "has shape (3, 81)"),
        (lambda d: d["stages"][0].update(mid4="x"), "is not a table of numbers"),
    ],
)
def test_bad_weight_files_are_refused_with_a_sentence(tmp_path: Path, change, says) -> None:  # type: ignore[no-untyped-def]
    data = weights_json(WEIGHTS)
    change(data)
    with pytest.raises(SettingsError, match="is not a pattern weights file") as caught:
        read_weights(_write(tmp_path, data))
    assert says in str(caught.value)


def test_a_weights_file_that_is_not_json_or_missing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text("{not json")
    with pytest.raises(SettingsError, match="are not JSON"):
        read_weights(path)
    with pytest.raises(SettingsError, match="cannot read the pattern weights"):
        read_weights(tmp_path / "missing.json")
    data = weights_json(WEIGHTS)
    data["stages"][0]["globals"] = [[float("nan")] * 5]
    with pytest.raises(SettingsError, match="not finite"):
        weights_from_json(json.loads(json.dumps(data)))


def test_a_weights_file_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    write_weights(WEIGHTS, path)
    again = read_weights(path)
    assert again.plies == WEIGHTS.plies
    state = AdjacencyGame(size=8, rounds=20).initial_state().play(20).play(30)
    assert PatternEvaluator(again).evaluate(state) == pytest.approx(
        PatternEvaluator(WEIGHTS).evaluate(state), abs=1e-4
    )
