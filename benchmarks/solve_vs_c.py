"""The exact solver beside a plain C alpha-beta, on the same positions, on the same machine.

    PYTHONPATH=src python benchmarks/solve_vs_c.py                  # issue12: a minute of C a run
    PYTHONPATH=src python benchmarks/solve_vs_c.py --positions notes10,mid --repeat 3
    PYTHONPATH=src python benchmarks/solve_vs_c.py --variant table_min=4,etc_min=7,near_entries=0

The C program (``benchmarks/reference/adjacency_alphabeta.c``, the plain
search of the project's notes: gain order, the depth-1 closed form, a
depth-preferred table from 3 plies, PVS, iterative deepening to the end) is
compiled with ``gcc -O2`` into a temporary folder. Each run solves each
position once with it and once with :class:`ExactSolver` (value and every
best move, fresh table: what ``plyground bench adjacency --solve`` times),
each in a fresh process, one after the other, so a change in the machine's
load hits both alike. Both report the CPU seconds of the search alone (the
C program after zeroing its table, ours after loading its kernels and
making its table). ``--variant`` adds a solver with other techniques (the
``name=value,...`` of ``benchmarks/null_window.py``) to every run: a before
and after in one run. Printed per run and position: nodes, CPU seconds and
the C program's CPU over ours; then each position's median ratio, with the
load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from null_window import techniques_from_text
from plyground.cli.bench_solve import SOLVE_POSITIONS, time_solver

SOURCE = Path(__file__).resolve().parent / "reference" / "adjacency_alphabeta.c"
POSITIONS: dict[str, tuple[str, str]] = {
    **SOLVE_POSITIONS,
    "notes10": ("adjacency(size=8,rounds=8)", "6OO/6OO/4O3/3O4/O7/O4X2/OX6/XX1X4 X 10"),
}
"""``plyground bench adjacency --solve``'s positions and the notes' 10-ply one (a quick run)."""


def compile_reference(folder: Path) -> Path:
    """Build the C program into ``folder``; exit with a clear message when gcc is missing."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise SystemExit("gcc is not installed: the C reference needs it (apt-get install gcc)")
    program = folder / "adjacency_alphabeta"
    subprocess.run([gcc, "-O2", "-o", str(program), str(SOURCE)], check=True)
    return program


def _solve_here(name: str, variant: str) -> None:
    """The child process: solve one position with a fresh solver, print one JSON line."""
    from plyground.games import load_game
    from plyground.games.adjacency.rules import AdjacencyState
    from plyground.games.adjacency.solver import warm_up

    warm_up()
    spec, text = POSITIONS[name]
    state = load_game(spec).parse_state(text)
    assert isinstance(state, AdjacencyState)
    timed = time_solver(state, techniques_from_text(variant))
    print(json.dumps({"value": timed.value, "nodes": timed.nodes, "seconds": timed.cpu_seconds}))


def _run(command: list[str]) -> dict[str, float]:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed: {done.stderr.strip()}")
    found: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="issue12", help=f"of {', '.join(POSITIONS)}")
    parser.add_argument("--repeat", type=int, default=1, help="runs of every position")
    parser.add_argument("--variant", action="append", default=[], help="e.g. etc_min=7,ways=1")
    parser.add_argument("--solve-here", help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args()
    if args.solve_here:
        _solve_here(args.solve_here, (args.variant or [""])[0])
        return
    names = args.positions.split(",")
    for name in names:
        if name not in POSITIONS:
            raise SystemExit(f"unknown position {name!r}: one of {', '.join(POSITIONS)}")
    for variant in args.variant:
        techniques_from_text(variant)  # a bad name fails now, not in a child
    solvers = {"ours": ""} | {f"ours {v}": v for v in args.variant}
    ratios: dict[tuple[str, str], list[float]] = {}
    print(f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        program = compile_reference(Path(folder))
        for run in range(1, args.repeat + 1):
            for name in names:
                c = _run([str(program), POSITIONS[name][1]])
                print(
                    f"run {run} {name:8} {'C':28} value {int(c['value']):+d} "
                    f"nodes {int(c['nodes']):>14,} cpu {c['seconds']:7.2f} s",
                    flush=True,
                )
                for label, variant in solvers.items():
                    ours = _run(
                        [sys.executable, __file__, "--solve-here", name, "--variant", variant]
                    )
                    if ours["value"] != c["value"]:
                        raise SystemExit(f"{name}: C says {c['value']}, {label} {ours['value']}")
                    ratio = c["seconds"] / max(ours["seconds"], 1e-9)
                    ratios.setdefault((name, label), []).append(ratio)
                    print(
                        f"run {run} {name:8} {label:28} value {int(ours['value']):+d} "
                        f"nodes {int(ours['nodes']):>14,} cpu {ours['seconds']:7.2f} s  "
                        f"C / ours {ratio:6.1f}x",
                        flush=True,
                    )
    for (name, label), found in ratios.items():
        listed = ", ".join(f"{r:.1f}" for r in found)
        print(f"{name:8} {label:28} C / ours: median {statistics.median(found):.1f}x ({listed})")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
