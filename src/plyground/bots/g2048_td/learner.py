"""A 2048 learner: an n-tuple network, its weights, and one generator and path buffer per
worker, driving :func:`~plyground.bots.g2048_td.episodes.train_episodes`; saved to and
resumed from a network file (:mod:`plyground.algorithms.learning.network_file`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.algorithms.learning.network_file import NetworkFileError, read_network, write_network
from plyground.algorithms.learning.weights import NTupleWeights, Rule, Tables, WeightsShape
from plyground.bots.g2048_td.episodes import (
    PATH_LENGTH,
    Learning,
    Worker,
    buffer_words,
    train_episodes,
)
from plyground.core.errors import SettingsError
from plyground.core.jit_random import seed_state
from plyground.games.g2048.kernel import move_tables
from plyground.games.g2048.ntuple import DEFAULT_NETWORK, NTupleNetwork

__all__ = [
    "GAME",
    "G2048Learner",
    "LearnerSettings",
    "load_network",
    "network_header",
    "network_of",
    "play_greedy",
]

GAME = "2048"


@dataclass(frozen=True)
class LearnerSettings:
    """What defines a run: the network, the rule and its rates, and the seed."""

    network: str = DEFAULT_NETWORK
    stages: str = ""
    """Stage thresholds as tiles (``'16384'``: two stages); empty: one stage."""
    alpha: float = 0.1
    """The learning rate: a value moves by ``alpha x error`` (TC: times each weight's coherence)."""
    lam: float = 0.0
    """TD(lambda)'s lambda; 0 is TD(0), online."""
    coherence: bool = False
    """Temporal coherence: a rate per weight (``|sum of errors| / sum of |errors|``)."""
    optimistic: float = 0.0
    """Every afterstate's starting value (optimistic initialisation), spread over the features."""
    restarts: int = 0
    """Games played again from half-way through the game before, after each game."""
    seed: int = 1

    def check(self) -> None:
        if not 0.0 < self.alpha <= 1.0:
            raise SettingsError(
                f"the learning rate must be in (0, 1], got {self.alpha}", setting="alpha"
            )
        if not 0.0 <= self.lam <= 1.0:
            raise SettingsError(f"lambda must be in [0, 1], got {self.lam}", setting="lam")
        if self.restarts < 0:
            raise SettingsError(
                f"restarts must be 0 or more, got {self.restarts}", setting="restarts"
            )
        if self.optimistic < 0.0:
            raise SettingsError(f"the optimistic value must be 0 or more, got {self.optimistic}")


def network_header(network: NTupleNetwork, coherence: bool = False) -> dict[str, Any]:
    """The header fields that say what a 2048 network file's values are."""
    return {
        "game": GAME,
        "tuples": network.text,
        "stages": network.stage_text,
        "table_sizes": list(network.table_sizes),
        "coherence": coherence,
    }


def network_of(header: dict[str, Any], where: str) -> NTupleNetwork:
    """The shape of the 2048 network whose file (``where``) has ``header``."""
    if header.get("game") != GAME:
        raise NetworkFileError(f"{where} holds a network for {header.get('game')!r}, not 2048")
    try:
        return NTupleNetwork.parse(str(header["tuples"]), str(header.get("stages", "")))
    except (KeyError, SettingsError) as error:
        raise NetworkFileError(f"{where} has a damaged header ({error})") from None


def load_network(
    path: str | Path, extra: tuple[str, ...] = ()
) -> tuple[NTupleNetwork, dict[str, Any], npt.NDArray[np.float32], dict[str, npt.NDArray[Any]]]:
    """A 2048 network file's shape, header, values and the ``extra`` arrays it has,
    checked: the values must be as many as its tuples and stages need."""
    where = str(path)
    header, values, arrays = read_network(path, extra)
    network = network_of(header, where)
    if values.shape[0] != network.size:
        raise NetworkFileError(
            f"{where} is damaged: its network '{network.text}' needs {network.size:,} weights, "
            f"it holds {values.shape[0]:,}"
        )
    return network, header, values, arrays


class _WorkerBuffers:
    """A worker's path and feature buffers (kept alive here; the kernels see addresses)."""

    def __init__(self, network: NTupleNetwork) -> None:
        self.states = np.zeros(PATH_LENGTH, np.int64)
        self.afters = np.zeros(PATH_LENGTH, np.int64)
        self.rewards = np.zeros(PATH_LENGTH, np.float64)
        self.buffer = np.zeros(buffer_words(network.feature_count), np.int64)

    def worker(self, rng: int) -> Worker:
        """The kernel's view, with the generator state at address ``rng``."""
        return Worker(
            rng,
            self.states.ctypes.data,
            self.afters.ctypes.data,
            self.rewards.ctypes.data,
            self.buffer.ctypes.data,
        )


class G2048Learner:
    """The learner's whole state: settings, weights, and per worker a generator state and
    the buffers of a game's path."""

    def __init__(self, settings: LearnerSettings, workers: int = 1) -> None:
        settings.check()
        self.settings = settings
        self.network = NTupleNetwork.parse(settings.network, settings.stages)
        shape = WeightsShape(
            self.network.table_sizes, len(self.network.stages) + 1, settings.coherence
        )
        initial = settings.optimistic / self.network.feature_count
        self.weights = NTupleWeights(shape, initial)
        self.started = np.zeros(shape.stages, dtype=np.int64)
        self.started[0] = 1
        self._moves, self._points = move_tables()
        self._learning = Learning(
            self.weights.tables,
            self.network.features(),
            Rule(settings.alpha, settings.coherence),
            settings.lam,
            settings.restarts,
            self.started.ctypes.data,
            self._moves.ctypes.data,
            self._points.ctypes.data,
            True,
        )
        self.rngs = np.array([seed_state(settings.seed, k) for k in range(workers)], dtype=np.int64)
        self._buffers = [_WorkerBuffers(self.network) for _ in range(workers)]
        self._workers = [
            buffers.worker(self.rngs.ctypes.data + 8 * k) for k, buffers in enumerate(self._buffers)
        ]

    @property
    def shape(self) -> WeightsShape:
        return self.weights.shape

    def batch(
        self, worker: int, episodes: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Play and learn ``episodes`` games on worker ``worker``: each game's moves (its
        restarts' included), score and largest tile."""
        results = np.zeros((episodes, 3), np.int64)
        train_episodes(self._learning, self._workers[worker], results)
        tiles = results[:, 1]
        return results[:, 2].copy(), results[:, 0].copy(), (1 << tiles) * (tiles > 0)

    def save(self, path: str | Path, progress: dict[str, Any]) -> None:
        """Write the whole state (weights, TC tables, generators, stages reached, the
        settings and ``progress``) to a network file, whole."""
        header = network_header(self.network, self.settings.coherence)
        header["learner"] = asdict(self.settings)
        header["progress"] = progress
        arrays: dict[str, npt.NDArray[Any]] = {"rngs": self.rngs, "started": self.started}
        if self.settings.coherence:
            arrays["errors"] = self.weights.errors
            arrays["totals"] = self.weights.totals
        write_network(path, header, self.weights.values, arrays)

    def restore(self, path: str | Path) -> dict[str, Any]:
        """Load a checkpoint of this same run into this learner; returns its progress.
        A file of another network or other settings is refused with what differs."""
        network, header, values, arrays = load_network(
            path, ("rngs", "started", "errors", "totals")
        )
        where = str(path)
        if network != self.network:
            raise NetworkFileError(
                f"{where} holds the network '{network.text}' (stages '{network.stage_text}'), "
                f"not the asked '{self.network.text}' (stages '{self.network.stage_text}')"
            )
        saved = header.get("learner")
        if not isinstance(saved, dict) or "progress" not in header:
            raise NetworkFileError(f"{where} holds a network but no training run to continue")
        ours = asdict(self.settings)
        differ = [
            f"{key} {saved.get(key)!r} there, {value!r} here"
            for key, value in ours.items()
            if saved.get(key) != value
        ]
        if differ:
            raise SettingsError(
                f"{where} is a run with other settings ({'; '.join(differ)}): give the same "
                "settings to continue it, or another --out to start a new run"
            )
        if self.settings.coherence and ("errors" not in arrays or "totals" not in arrays):
            raise NetworkFileError(f"{where} is damaged: its temporal coherence tables are missing")
        self.weights.values[:] = values
        if self.settings.coherence:
            self.weights.errors[:] = arrays["errors"]
            self.weights.totals[:] = arrays["totals"]
        if "started" in arrays and arrays["started"].shape == self.started.shape:
            self.started[:] = arrays["started"]
        rngs = arrays.get("rngs")
        if rngs is not None:
            count = min(len(rngs), len(self.rngs))
            self.rngs[:count] = rngs[:count]
        progress: dict[str, Any] = header["progress"]
        return progress

    def initialise_from(self, path: str | Path) -> None:
        """Start from another network's weights (same tuples and stages): a later phase of
        a recipe (TD, then TC)."""
        network, _, values, _ = load_network(path)
        if network != self.network:
            raise NetworkFileError(
                f"{path} holds the network '{network.text}' (stages '{network.stage_text}'), "
                f"not '{self.network.text}' (stages '{self.network.stage_text}')"
            )
        self.weights.values[:] = values
        self.started[:] = 1


def play_greedy(
    network: NTupleNetwork, values: npt.NDArray[np.float32], games: int, seed: int
) -> npt.NDArray[np.int64]:
    """Play ``games`` games at 1-ply with the network as it is (no learning): one row per
    game of its score, largest exponent and moves. Seeds give the spawns, so two
    networks played on one seed meet the same first tiles."""
    moves, points = move_tables()
    size = network.size
    if values.shape[0] != size:
        raise ValueError(f"the network needs {size:,} values, got {values.shape[0]:,}")
    values = np.ascontiguousarray(values, dtype=np.float32)
    none = np.zeros(1, dtype=np.float32)
    started = np.ones(len(network.stages) + 1, dtype=np.int64)
    learning = Learning(
        Tables(values.ctypes.data, none.ctypes.data, none.ctypes.data),
        network.features(),
        Rule(0.0, False),
        0.0,
        0,
        started.ctypes.data,
        moves.ctypes.data,
        points.ctypes.data,
        False,
    )
    rng = np.array([seed_state(seed, 1 << 20)], dtype=np.int64)
    buffers = _WorkerBuffers(network)
    results = np.zeros((games, 3), np.int64)
    train_episodes(learning, buffers.worker(rng.ctypes.data), results)
    return results
