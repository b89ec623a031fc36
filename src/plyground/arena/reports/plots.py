"""The plots of reports and tuning runs, drawn with matplotlib (``plyground[report]``).

Every figure is drawn off screen (the Agg backend) and leaves as a PNG: base64
for the report's self-contained HTML page (:func:`summary_plots`), or a file
(:func:`plot_fitness`). matplotlib is imported only when a plot is drawn.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plyground.arena.stats.summary import Summary
from plyground.core.errors import PlygroundError
from plyground.core.files import whole_file

if TYPE_CHECKING:
    from plyground.arena.tuning.run import GenerationResult

__all__ = [
    "INSTALL_PLOTS",
    "PlotsUnavailableError",
    "plot_fitness",
    "png_base64",
    "save_png",
    "summary_plots",
]

_DPI = 110


INSTALL_PLOTS = "pip install 'plyground[report]'"
"""What adds matplotlib, and so the plots, to a plain install."""


class PlotsUnavailableError(PlygroundError):
    """matplotlib is not installed: no plot can be drawn."""


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing off screen; PlotsUnavailableError without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailableError(f"the plots need matplotlib: {INSTALL_PLOTS}") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_png(figure: Any, path: str | Path) -> Path:
    """Write ``figure`` as a PNG file at ``path`` (``.png`` added when it has no suffix;
    folders made; whole or not at all), close it, return the path written."""
    target = Path(path)
    if not target.suffix:
        target = target.with_suffix(".png")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with whole_file(target) as temporary:
            figure.savefig(temporary, format="png", dpi=_DPI, bbox_inches="tight")
    finally:
        _pyplot().close(figure)
    return target


def png_base64(figure: Any) -> str:
    """``figure`` as PNG, base64-encoded (for a data: URL), and closed."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=_DPI, bbox_inches="tight")
    _pyplot().close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def summary_plots(summary: Summary) -> list[tuple[str, str]]:
    """(title, base64 PNG) of each plot of a report: the score matrix as a heat map,
    the ratings with their error bars, each player's score margins (the game's value
    from its side: marks ahead in the adjacency game) and the time used per move
    through the game."""
    plt = _pyplot()

    names = summary.players
    n = len(names)
    plots: list[tuple[str, str]] = []

    figure, axes = plt.subplots(figsize=(1.2 + 0.9 * n, 0.9 + 0.8 * n))
    matrix = [[summary.pair_score(a, b) if a != b else math.nan for b in names] for a in names]
    image = axes.imshow(matrix, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    axes.set_xticks(range(n), names, rotation=35, ha="right")
    axes.set_yticks(range(n), names)
    for i in range(n):
        for j in range(n):
            if not math.isnan(matrix[i][j]):
                axes.text(j, i, f"{matrix[i][j]:.2f}", ha="center", va="center", fontsize=9)
    figure.colorbar(image, ax=axes, label="score of row against column")
    axes.set_title("score matrix")
    plots.append(("score matrix", png_base64(figure)))

    ratings = summary.ratings
    order = ratings.ranked()
    figure, axes = plt.subplots(figsize=(6.5, 0.9 + 0.45 * n))
    axes.errorbar(
        [ratings.ratings[i] for i in order],
        range(len(order)),
        xerr=[ratings.margins[i] for i in order],
        fmt="o",
        capsize=4,
    )
    axes.set_yticks(range(len(order)), [ratings.players[i] for i in order])
    axes.invert_yaxis()
    axes.axvline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("Elo (mean 0), 95% interval")
    axes.set_title("ratings")
    plots.append(("ratings", png_base64(figure)))

    figure, axes = plt.subplots(figsize=(1.5 + 1.0 * n, 3.8))
    data = [summary.stats[name].margins or [math.nan] for name in names]
    axes.boxplot(data)
    axes.set_xticks(range(1, n + 1), names, rotation=35, ha="right")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_ylabel("game value from the player's side")
    axes.set_title("score margins")
    plots.append(("score margins", png_base64(figure)))

    figure, axes = plt.subplots(figsize=(6.5, 3.8))
    for name in names:
        by_ply = summary.stats[name].times_by_ply
        plies = sorted(by_ply)
        if plies:
            means = [sum(by_ply[p]) / len(by_ply[p]) for p in plies]
            axes.plot(plies, means, marker=".", label=name)
    axes.set_xlabel("the player's move number")
    axes.set_ylabel("seconds (mean)")
    axes.set_title("time used per move")
    if names:
        axes.legend(fontsize=8)
    plots.append(("time per move", png_base64(figure)))
    return plots


def plot_fitness(results: Sequence[GenerationResult], path: str | Path, title: str) -> Path:
    """A PNG of the best and mean fitness per generation (with the best member's
    95% interval)."""
    plt = _pyplot()

    numbers = [r.number for r in results]
    best = [r.best for r in results]
    mean = [r.mean for r in results]
    margins = [r.fitness[r.ranked()[0].id]["margin"] for r in results]
    figure, axes = plt.subplots(figsize=(7.0, 4.2))
    axes.errorbar(numbers, best, yerr=margins, marker="o", capsize=3, label="best (95% interval)")
    axes.plot(numbers, mean, marker="s", label="mean")
    elo = not results or results[0].measure == "elo"
    if elo:  # 0 is the reference player
        axes.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xlabel("generation")
    axes.set_ylabel("fitness (Elo)" if elo else "fitness (mean score)")
    axes.set_title(title)
    axes.legend()
    axes.grid(alpha=0.3)
    return save_png(figure, path)
