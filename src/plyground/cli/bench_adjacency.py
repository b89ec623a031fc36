"""Adjacency search speed: nodes per second and depth reached, reference vs compiled.

For each position and each time budget, both ``alphabeta`` engines search
once (the compiled kernels are warmed first, outside the clock) and the
table shows the depth completed, the nodes, the nodes per second, the score
and the best move, then the compiled engine's speed-up in nodes per second
and its extra depth, measured in the same run. Nodes are counted the same
way by both: every position visited, leaves included (the compiled engine
values a position one ply before the end without visiting its children).

With ``--solve``: exact values instead, the solver against the bot's exact
search (:mod:`plyground.cli.bench_solve`).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from plyground.core.errors import SettingsError

__all__ = ["POSITIONS", "configure"]

POSITIONS: dict[str, tuple[str, str]] = {
    "start": ("adjacency(size=8,rounds=8)", "6OO/6OO/8/8/8/8/XX6/XX6 X 16"),
    "mid": ("adjacency(size=8,rounds=8)", "6OO/6OX/7X/8/8/O7/OXXX4/XOOX4 X 10"),
    "long": ("adjacency(size=8,rounds=28)", "6OO/6OO/8/8/8/8/XX6/XX6 X 56"),
}
"""The benchmark positions: the 8-round start, a mid-game (6 plies into it), the 28-round start."""


@dataclass(frozen=True)
class Measurement:
    """One search: what it reached in its time."""

    depth: int
    nodes: int
    seconds: float
    cpu_seconds: float
    score: float | None
    move: str

    @property
    def rate(self) -> float:
        """Nodes per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_rate(self) -> float:
        """Nodes per second of this process's CPU time (what a busy machine leaves us)."""
        return self.nodes / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def configure(parser: argparse.ArgumentParser) -> None:
    """Options of ``plyground bench adjacency``."""
    parser.add_argument(
        "--times",
        default="1,5",
        help="comma-separated seconds per search (default 1,5)",
    )
    from plyground.cli.bench_solve import SOLVE_POSITIONS

    parser.add_argument(
        "--positions",
        default=None,
        help=f"comma-separated positions among {', '.join(POSITIONS)}; with --solve among "
        f"{', '.join(SOLVE_POSITIONS)} (default all)",
    )
    parser.add_argument(
        "--engines",
        default="reference,accelerated",
        help="comma-separated engines among reference, accelerated (default both)",
    )
    parser.add_argument(
        "--solve",
        action="store_true",
        help="time exact solves: the solver vs the bot's search deepened to the end",
    )
    parser.add_argument(
        "--solver-only", action="store_true", help="with --solve: skip the bot's (slow) search"
    )
    parser.add_argument(
        "--techniques",
        action="store_true",
        help="with --solve: also solve with each exact technique switched off",
    )
    parser.set_defaults(handler=run)


def _parse_list(text: str, known: list[str], what: str) -> list[str]:
    items = [item.strip() for item in text.split(",") if item.strip()]
    unknown = [item for item in items if item not in known]
    if unknown or not items:
        raise SettingsError(f"bad {what} {text!r}: choose among {', '.join(known)}")
    return items


def _parse_times(text: str) -> list[float]:
    try:
        times = [float(item) for item in text.split(",") if item.strip()]
    except ValueError:
        raise SettingsError(f"bad --times {text!r}: give seconds like '1,5'") from None
    if not times or any(not 0 < t <= 3600 for t in times):
        raise SettingsError(f"bad --times {text!r}: give seconds between 0 and 3600")
    return times


def measure(engine: str, position: str, seconds: float) -> Measurement:
    """Search one position for ``seconds`` with a fresh reference or compiled search."""
    from plyground.algorithms.search.alphabeta import AlphaBeta
    from plyground.core.limits import Limit, SearchInfo
    from plyground.games import load_game
    from plyground.games.adjacency.engine import AdjacencyEngine
    from plyground.games.adjacency.evaluation import AdjacencyEvaluator
    from plyground.games.adjacency.rules import AdjacencyState

    game_spec, text = POSITIONS[position]
    state = load_game(game_spec).parse_state(text)
    assert isinstance(state, AdjacencyState)
    search = AlphaBeta(AdjacencyEvaluator()) if engine == "reference" else AdjacencyEngine()
    last = SearchInfo()

    def hear(info: SearchInfo) -> None:
        nonlocal last
        last = info

    began, cpu_began = time.perf_counter(), time.process_time()
    result = search.search(state, Limit(time=seconds), hear)
    took, cpu = time.perf_counter() - began, time.process_time() - cpu_began
    # Every node visited, the unfinished last depth included.
    move = state.move_text(result.move)
    return Measurement(last.depth, search.nodes, took, cpu, last.score, move)


def run(args: argparse.Namespace) -> int:
    """Print the table."""
    from rich.console import Console
    from rich.table import Table

    from plyground.games.warmups import warm_all

    if args.solve:
        from plyground.cli.bench_solve import SOLVE_POSITIONS, run_solve

        known = list(SOLVE_POSITIONS)
        return run_solve(args, _parse_list(args.positions or ",".join(known), known, "--positions"))
    if args.solver_only or args.techniques:
        raise SettingsError("--solver-only and --techniques go with --solve")
    times = _parse_times(args.times)
    positions = _parse_list(args.positions or ",".join(POSITIONS), list(POSITIONS), "--positions")
    engines = _parse_list(args.engines, ["reference", "accelerated"], "--engines")
    console = Console(width=max(Console().width, 120))
    if "accelerated" in engines:
        with console.status("warming the kernels"):
            warmed = warm_all()
        console.print(f"kernels warmed in {warmed:.2f} s")
    table = Table(title="adjacency alpha-beta: reference vs accelerated")
    columns = (
        "position",
        "time",
        "engine",
        "depth",
        "nodes",
        "nodes/s",
        "per cpu-s",
        "score",
        "move",
    )
    for column in columns:
        table.add_column(column, justify="left" if column in ("position", "engine") else "right")
    ratios: list[str] = []
    for position in positions:
        for seconds in times:
            results: dict[str, Measurement] = {}
            for engine in engines:
                with console.status(f"{position}: {engine} searching {seconds:g} s"):
                    found = measure(engine, position, seconds)
                results[engine] = found
                score = "-" if found.score is None else f"{found.score:+.2f}"
                table.add_row(
                    position,
                    f"{seconds:g} s",
                    engine,
                    str(found.depth),
                    f"{found.nodes:,}",
                    f"{found.rate / 1e6:.2f} M",
                    f"{found.cpu_rate / 1e6:.2f} M",
                    score,
                    found.move,
                )
            if len(results) == 2:
                ref, acc = results["reference"], results["accelerated"]
                speedup = acc.rate / ref.rate if ref.rate else float("inf")
                ratios.append(
                    f"{position} {seconds:g} s: {speedup:.0f}x nodes/s, "
                    f"{acc.depth - ref.depth:+d} plies"
                )
    console.print(table)
    for line in ratios:
        console.print(f"speed-up {line}")
    console.print(
        "nodes/s is per second of wall time; 'per cpu-s' per second of CPU this process got "
        f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)"
    )
    return 0
