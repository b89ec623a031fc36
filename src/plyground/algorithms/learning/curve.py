"""A learning curve: one row per window of whole episodes, in the order they ended, with the
mean score and how often each milestone was reached; kept as a CSV and drawn as a plot.

Milestones are the game's (2048's: the tiles 2048 to 32768, as exponents): an episode
reaches milestone ``m`` when its result (largest tile) is at least ``m``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from plyground.core.errors import PlygroundError
from plyground.core.files import whole_file, write_whole

__all__ = ["LearningCurve"]


@dataclass
class LearningCurve:
    """Rows of ``episodes, moves, seconds, mean_score, max_score`` and one rate per
    milestone (column ``reached_LABEL``), one row per ``window`` episodes; episodes of a
    window not yet complete wait in ``pending``."""

    window: int
    milestones: tuple[int, ...]
    labels: tuple[str, ...]
    rows: list[list[float]] = field(default_factory=list)
    pending: list[tuple[int, int]] = field(default_factory=list)
    """``(score, result)`` of the episodes of the current window."""
    episodes: int = 0
    moves: int = 0

    @property
    def columns(self) -> list[str]:
        return ["episodes", "moves", "seconds", "mean_score", "max_score"] + [
            f"reached_{label}" for label in self.labels
        ]

    def add(
        self,
        scores: npt.NDArray[np.int64],
        results: npt.NDArray[np.int64],
        moves: npt.NDArray[np.int64],
        seconds: float,
    ) -> list[list[float]]:
        """Count finished episodes and the moves played for each; return the rows completed."""
        done = []
        for score, result, length in zip(
            scores.tolist(), results.tolist(), moves.tolist(), strict=True
        ):
            self.moves += length
            self.pending.append((score, result))
            self.episodes += 1
            if len(self.pending) == self.window:
                done.append(self._row(seconds))
        return done

    def _row(self, seconds: float) -> list[float]:
        scores = np.array([score for score, _ in self.pending], dtype=np.float64)
        results = np.array([result for _, result in self.pending], dtype=np.int64)
        row = [
            self.episodes,
            self.moves,
            round(seconds, 1),
            float(scores.mean()),
            float(scores.max()),
        ]
        row += [float(np.mean(results >= milestone)) for milestone in self.milestones]
        self.rows.append(row)
        self.pending = []
        return row

    def recent(self) -> dict[str, float] | None:
        """The last complete window's row by column name (None before the first)."""
        return dict(zip(self.columns, self.rows[-1], strict=True)) if self.rows else None

    def state(self) -> dict[str, object]:
        """What a checkpoint keeps (JSON)."""
        return {
            "rows": self.rows,
            "pending": self.pending,
            "episodes": self.episodes,
            "moves": self.moves,
        }

    def restore(self, state: dict[str, object]) -> None:
        self.rows = [list(row) for row in state["rows"]]  # type: ignore[attr-defined]
        self.pending = [tuple(pair) for pair in state["pending"]]  # type: ignore[attr-defined]
        self.episodes = int(state["episodes"])  # type: ignore[call-overload]
        self.moves = int(state["moves"])  # type: ignore[call-overload]

    def write_csv(self, path: str | Path) -> None:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        writer.writerows(self.rows)
        write_whole(path, out.getvalue())

    def plot(self, path: str | Path, title: str) -> None:
        """Mean score and milestone rates against episodes, as an image (matplotlib, the
        ``report`` extra)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            raise PlygroundError(
                "the learning-curve plot needs matplotlib: pip install 'plyground[report]'"
            ) from None
        data = np.array(self.rows, dtype=np.float64).reshape(-1, len(self.columns))
        figure, (scores, rates) = plt.subplots(2, 1, figsize=(8, 7), sharex=True)
        scores.plot(data[:, 0], data[:, 3], color="tab:blue")
        scores.set_ylabel(f"mean score ({self.window} episodes)")
        scores.set_title(title)
        scores.grid(alpha=0.3)
        for k, label in enumerate(self.labels):
            rates.plot(data[:, 0], 100 * data[:, 5 + k], label=label)
        rates.set_ylabel("games reaching the tile (%)")
        rates.set_xlabel("training episodes")
        rates.set_ylim(0, 100)
        rates.grid(alpha=0.3)
        rates.legend(loc="upper left")
        figure.tight_layout()
        with whole_file(path) as temporary:
            figure.savefig(temporary, format=Path(path).suffix.lstrip(".") or "png", dpi=100)
        plt.close(figure)
