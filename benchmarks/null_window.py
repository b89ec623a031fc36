"""How fast is one null-window test of the exact solver (what a proof is made of)?

Runs ``ExactSolver.at_least`` on fixed positions of the 8-round 8x8 game,
13 and 14 plies left (the depths of the strategy's and the proof's tests;
the threshold is the game's value, -2), and the 12-ply solve of ``plyground
bench adjacency --solve``, each from a fresh table, with the solver's
default techniques and with each variant given by ``--variant``, in turn
position by position (so a drift of the machine's speed hits all alike).
Prints nodes, CPU seconds of this process, nodes per CPU second, and each
variant's nodes and CPU relative to the defaults. Node counts do not depend
on the machine's load; CPU seconds do a little (caches shared with others).

    PYTHONPATH=src python benchmarks/null_window.py
    PYTHONPATH=src python benchmarks/null_window.py --variant etc_min=99 --variant near_entries=0
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import fields, replace

from plyground.games import load_game
from plyground.games.adjacency.exact_table import DEFAULT_TABLE
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver, ExactTechniques, warm_up

GAME = "adjacency(size=8,rounds=8)"
START = "6OO/6OO/8/8/8/8/XX6/XX6 X 16"
POSITIONS: dict[str, tuple[str, tuple[tuple[str, ...], ...], int | None]] = {
    "solve12": ("6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12", ((),), None),
    "test14": (START, (("c3", "f6"),), -2),
    "test13": (START, (("c3", "f6", "c4"),), -2),
    "proof14": (START, tuple(("c3", reply) for reply in ("d3", "c4", "b3", "f6", "d2", "g6")), -2),
}
"""name -> (position, the lines played from it to each position searched, threshold X - O of
the tests; None: a full solve). ``proof14`` runs six of a proof's leaf tests (replies to c3)
one after another with one solver, its table kept between them, as a proof's worker does."""


def techniques_from_text(text: str) -> ExactTechniques:
    """Techniques from ``name=value,...`` over the defaults."""
    changes: dict[str, object] = {}
    names = {f.name: f.type for f in fields(ExactTechniques)}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name not in names:
            raise SystemExit(f"unknown technique {name!r}: one of {', '.join(names)}")
        changes[name] = value.lower() in ("1", "true") if names[name] == "bool" else int(value)
    return replace(ExactTechniques(), **changes)  # type: ignore[arg-type]


def _run(
    states: list[AdjacencyState], threshold: int | None, techniques: ExactTechniques, table: int
) -> tuple[str, int, float]:
    """Solve or test each state in turn with one fresh solver: (answers, nodes, CPU seconds)."""
    solver = ExactSolver(table_size=table, techniques=techniques)
    answers, nodes = [], 0
    began = time.process_time()
    for state in states:
        if threshold is None:
            answers.append(str(solver.solve(state, line=False).value))
        else:
            answers.append("yes" if solver.at_least(state, threshold)[0] else "no")
        nodes += solver.nodes
    return ",".join(answers), nodes, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", default=[], help="e.g. etc_min=99,pvs=0")
    parser.add_argument("--positions", default=",".join(POSITIONS), help="which positions")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (CPU: the least)")
    parser.add_argument("--table", type=int, default=DEFAULT_TABLE, help="table entries")
    args = parser.parse_args()
    warm_up()
    variants = [("default", ExactTechniques())] + [
        (v, techniques_from_text(v)) for v in args.variant
    ]
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'position':9} {'variant':28} {'answer':>7} {'nodes':>14} {'cpu s':>8} "
        f"{'M nodes/s':>9} {'nodes':>6} {'cpu':>6}"
    )
    for name in args.positions.split(","):
        text, lines, threshold = POSITIONS[name]
        root = load_game(GAME).parse_state(text)
        assert isinstance(root, AdjacencyState)
        states = [root.with_moves(list(line)) for line in lines]
        best: dict[str, tuple[str, int, float]] = {}
        for _ in range(args.repeat):
            for label, techniques in variants:
                run = _run(states, threshold, techniques, args.table)
                if label not in best or run[2] < best[label][2]:
                    best[label] = run
        base = best["default"]
        for label, _ in variants:
            answer, nodes, cpu = best[label]
            if answer != base[0]:
                raise SystemExit(f"{name}: {label} answered {answer}, the default {base[0]}")
            rate = nodes / max(cpu, 1e-9) / 1e6
            print(
                f"{name:9} {label:28} {answer:>7} {nodes:>14,} {cpu:>8.2f} {rate:>9.2f} "
                f"{nodes / base[1]:>6.3f} {cpu / base[2]:>6.3f}"
            )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
