"""The learning pipeline: games and labels in a real SQLite file, resumed; the design
matrix against the evaluation; fitting a known evaluation back from its own values."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from plyground.arena.adjacency_learning.fitting import fit_stage
from plyground.arena.adjacency_learning.games import play_game, split_of
from plyground.arena.adjacency_learning.labelling import label_exact
from plyground.arena.adjacency_learning.store import Label, Labelled, LabelStore
from plyground.arena.storage.store_errors import StoreError
from plyground.games.adjacency.pattern_design import COEFFICIENTS, design_matrix, unflatten
from plyground.games.adjacency.patterns import PatternWeights, reference_value
from plyground.games.adjacency.rules import parse_position
from plyground.games.adjacency.solver import ExactSolver


def test_the_design_matrix_gives_the_evaluation_of_any_position() -> None:
    rng = np.random.default_rng(11)
    coefficients = rng.normal(size=COEFFICIENTS)
    tables = PatternWeights(((2, 56),), (unflatten(coefficients),)).tables
    draw = random.Random(4)
    positions = []
    for _ in range(40):
        own = draw.getrandbits(64)
        positions.append((own, draw.getrandbits(64) & ~own))
    for (own, theirs), row in zip(positions, design_matrix(positions), strict=True):
        assert row @ coefficients == pytest.approx(reference_value(tables, own, theirs, 7))


def test_games_follow_their_seed_and_keep_held_out_games_apart() -> None:
    first, again = play_game(3), play_game(3)
    assert first.positions == again.positions
    assert first.game == "adjacency(size=8,rounds=20,first=X)"
    assert len(first.positions) == 40
    assert {split_of(seed) for seed in range(5)} == {"test"}
    assert {split_of(seed) for seed in range(5, 40)} == {"train"}


def test_labelling_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "labels.db"
    with LabelStore(path) as store:
        for seed in (5, 6):
            store.add_game(play_game(seed))
        assert store.seeds() == {5, 6}
        stops = iter([False, False, True])
        assert label_exact(store, (2, 4), stopping=lambda: next(stops)) == 2
    with LabelStore(path) as store:  # a new process would open the file again
        assert label_exact(store, (2, 4)) == 4  # two games x three plies, two done before
        assert label_exact(store, (2, 4)) == 0
        labelled = list(store.labelled())
    assert len(labelled) == 6
    solver = ExactSolver(table_size=1 << 12)
    for row in labelled:
        assert row.kind == "exact"
        assert row.value == solver.value(parse_position(row.position))


def test_a_label_file_refuses_other_sqlite_files_and_directories(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(StoreError, match="is not a label file"):
        LabelStore(other)
    with pytest.raises(StoreError, match="it is a directory"):
        LabelStore(tmp_path)
    with pytest.raises(StoreError, match="no label file"):
        LabelStore(tmp_path / "missing.db", read_only=True)


def test_fitting_recovers_a_known_evaluation_from_its_values(tmp_path: Path) -> None:
    """Label positions with a known evaluation's own values: the fit on the training games
    predicts the held-out ones far better than the plain average."""
    rng = np.random.default_rng(2)
    known = np.zeros(COEFFICIENTS)
    known[:5] = (0.5, 1.0, 1.5, -1.0, 0.3)
    known[5:] = rng.normal(scale=0.3, size=COEFFICIENTS - 5) * (rng.random(COEFFICIENTS - 5) < 0.1)
    tables = PatternWeights(((2, 56),), (unflatten(known),)).tables
    rows = []
    for seed in range(40):
        game = play_game(seed)
        for text, plies, _ in game.positions:
            if 20 <= plies <= 30:
                state = parse_position(text)
                own, theirs = (state.x, state.o) if state.side == 0 else (state.o, state.x)
                value = reference_value(tables, own, theirs, plies)
                rows.append(Labelled(text, plies, game.split, "exact", value, seed, game.game))
    fit = fit_stage((20, 30), rows)
    assert fit is not None
    assert fit.test > 10
    spread = np.mean([abs(r.value - np.mean([t.value for t in rows])) for r in rows])
    assert fit.test_error < 0.25 * spread
    assert fit.coefficients[1] == pytest.approx(1.0, abs=0.15)  # material


def test_a_label_is_replaced_not_doubled(tmp_path: Path) -> None:
    with LabelStore(tmp_path / "l.db") as store:
        store.add_game(play_game(5))
        text = play_game(5).positions[-1][0]
        store.add_label(Label(text, "exact", 3.0, 1, 10, 0.1))
        store.add_label(Label(text, "exact", 5.0, 1, 10, 0.1))
        assert [row.value for row in store.labelled()] == [5.0]
