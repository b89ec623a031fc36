"""``plyground bench adjacency --solve``: the exact solver against the bot's exact search.

For each position of :data:`SOLVE_POSITIONS` the exact solver
(:class:`~plyground.games.adjacency.solver.ExactSolver`) finds the value
and every best move, then (unless ``--solver-only``) the ``alphabeta``
bot's compiled search deepens until its depth reaches the end of the game
(its exact score), both from a fresh table, side by side in one run. The
table shows wall seconds, CPU seconds of this process (what a shared
machine leaves us), nodes and the value; the ratio line compares CPU
seconds. ``--techniques`` then solves each position once more with each
exact technique switched off, to show what each contributes.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from plyground.games.adjacency.rules import AdjacencyState
    from plyground.games.adjacency.solver import ExactTechniques

__all__ = ["SOLVE_POSITIONS", "run_solve"]

SOLVE_POSITIONS: dict[str, tuple[str, str]] = {
    "issue12": ("adjacency(size=8,rounds=8)", "6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12"),
    "mid": ("adjacency(size=8,rounds=8)", "6OO/6OX/7X/8/8/O7/OXXX4/XOOX4 X 10"),
    "6x6": ("adjacency(size=6,rounds=5)", "4OO/4OO/6/6/XX4/XX4 X 10"),
    "late28": (
        "adjacency(size=8,rounds=28)",
        "O4XXO/X2X1XOX/X2OOOOO/XXXXOOX1/XXXXOXX1/OXXX1OOO/OOOX1XOO/XOOOOOX1 X 14",
    ),
}
"""Solve benchmark positions: the issue's 12-ply 8-round position (value -4), the
8-round mid-game of ``bench adjacency``, the 6x6 5-round start, a 28-round ending."""


@dataclass(frozen=True)
class Timed:
    """One exact search: its value (X - O), nodes and time."""

    value: int
    nodes: int
    seconds: float
    cpu_seconds: float


def _state(name: str) -> AdjacencyState:
    from plyground.games import load_game
    from plyground.games.adjacency.rules import AdjacencyState

    spec, text = SOLVE_POSITIONS[name]
    state = load_game(spec).parse_state(text)
    assert isinstance(state, AdjacencyState)
    return state


def time_solver(state: AdjacencyState, techniques: ExactTechniques | None = None) -> Timed:
    """Solve ``state`` (value and every best move) with a fresh solver."""
    from plyground.games.adjacency.solver import ExactSolver

    solver = ExactSolver(techniques=techniques)
    began, cpu_began = time.perf_counter(), time.process_time()
    result = solver.solve(state, line=False)
    took, cpu = time.perf_counter() - began, time.process_time() - cpu_began
    return Timed(result.value, result.nodes, took, cpu)


def time_bot_search(state: AdjacencyState) -> Timed:
    """The ``alphabeta`` bot's compiled search, deepened until its score is exact."""
    from plyground.core.limits import Limit
    from plyground.games.adjacency.engine import AdjacencyEngine

    engine = AdjacencyEngine()
    began, cpu_began = time.perf_counter(), time.process_time()
    result = engine.search(state, Limit())
    took, cpu = time.perf_counter() - began, time.process_time() - cpu_began
    assert result.exact and result.info.score is not None
    score = int(result.info.score)
    return Timed(score if state.side == 0 else -score, engine.nodes, took, cpu)


def _switched_off() -> list[tuple[str, ExactTechniques]]:
    """The default techniques, and each one switched off in turn."""
    from plyground.games.adjacency.solver import ExactTechniques

    default = ExactTechniques()
    never = 99
    return [
        ("all on", default),
        ("-table", replace(default, table_min=never, etc_min=never, near_entries=0)),
        ("-near table", replace(default, near_entries=0)),
        ("-etc", replace(default, etc_min=never)),
        ("-bounds", replace(default, bounds_min=never)),
        ("-symmetry", replace(default, symmetry_min=never)),
        ("-order", replace(default, order_min=never)),
        ("-pvs", replace(default, pvs=False)),
        ("-mtd", replace(default, mtd=False)),
        ("one way", replace(default, ways=1)),
    ]


def run_solve(args: argparse.Namespace, positions: list[str]) -> int:
    """Print the solve table (and with ``--techniques`` the ablation table)."""
    from rich.console import Console
    from rich.table import Table

    from plyground.games.adjacency.solver import warm_up

    console = Console(width=max(Console().width, 120))
    with console.status("warming the kernels"):
        warm_up()
        from plyground.games.adjacency.engine import warm_up as warm_engine

        warm_engine()
    table = Table(title="adjacency exact values: solver vs the alphabeta bot's exact search")
    for column in ("position", "plies", "search", "value", "nodes", "wall s", "cpu s"):
        table.add_column(column, justify="left" if column in ("position", "search") else "right")
    ratios = []
    for name in positions:
        state = _state(name)
        runs: dict[str, Callable[[AdjacencyState], Timed]] = {"solver": time_solver}
        if not args.solver_only:
            runs["alphabeta"] = time_bot_search
        found: dict[str, Timed] = {}
        for label, run in runs.items():
            with console.status(f"{name}: {label} solving"):
                found[label] = timed = run(state)
            console.print(
                f"{name} {label}: value {timed.value:+d}  nodes {timed.nodes:,}  "
                f"wall {timed.seconds:.2f} s  cpu {timed.cpu_seconds:.2f} s"
            )
            table.add_row(
                name,
                str(state.plies_left),
                label,
                f"{timed.value:+d}",
                f"{timed.nodes:,}",
                f"{timed.seconds:.2f}",
                f"{timed.cpu_seconds:.2f}",
            )
        if "alphabeta" in found:
            solver, bot = found["solver"], found["alphabeta"]
            if solver.value != bot.value:
                console.print(f"[red]{name}: the values differ[/red]")
                return 1
            ratios.append(
                f"{name}: solver {bot.cpu_seconds / max(solver.cpu_seconds, 1e-9):.1f}x faster "
                f"(cpu), {bot.nodes / max(solver.nodes, 1):.1f}x fewer nodes"
            )
    console.print(table)
    for line in ratios:
        console.print(line)
    if args.techniques:
        _techniques_table(console, positions)
    return 0


def _techniques_table(console: object, positions: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    assert isinstance(console, Console)
    table = Table(title="each exact technique switched off (solver, fresh table)")
    for column in ("position", "techniques", "nodes", "cpu s", "vs all on"):
        table.add_column(
            column, justify="left" if column in ("position", "techniques") else "right"
        )
    for name in positions:
        state = _state(name)
        baseline = None
        for label, techniques in _switched_off():
            with console.status(f"{name}: solving with {label}"):
                timed = time_solver(state, techniques)
            baseline = baseline or timed
            if timed.value != baseline.value:
                raise AssertionError(f"{name}: {label} changed the value")
            table.add_row(
                name,
                label,
                f"{timed.nodes:,}",
                f"{timed.cpu_seconds:.2f}",
                f"{timed.cpu_seconds / max(baseline.cpu_seconds, 1e-9):.2f}x",
            )
    console.print(table)
