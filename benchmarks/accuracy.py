"""Accuracy of the adjacency bots against the truth: best moves and marks lost (issue 12).

The suite (``benchmarks/data/accuracy.jsonl``) holds positions taken from
games between different bots on the 8x8 board, 8 and 28 rounds, each with
the exact final margin after every legal move
(:func:`~plyground.games.adjacency.solver.solve` with ``moves=True``).
Only positions the solver finishes in seconds are taken: 8-round positions
with 7 to 10 plies left, 28-round ones with 10 to 14 plies left
(``WINDOWS``). For each bot it prints the share of positions where it chose
a best move and the mean marks lost per move
(:mod:`plyground.arena.adjacency_analysis.accuracy`) with two standard errors of the mean,
beside what a uniformly random move would score on the same positions
(exact expectation, not sampled).

    PYTHONPATH=src nice python benchmarks/accuracy.py            # the table
    PYTHONPATH=src nice python benchmarks/accuracy.py --build    # (re)build the suite
    PYTHONPATH=src nice python benchmarks/accuracy.py --verify   # re-solve it, list changes
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from plyground.arena.adjacency_analysis.accuracy import (
    BotAccuracy,
    SuitePosition,
    measure,
    read_suite,
    uniform_expectation,
)
from plyground.arena.players.make import make_seeded_bot
from plyground.core.errors import PlygroundError
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver

SUITE = Path(__file__).parent / "data" / "accuracy.jsonl"
WINDOWS = {8: (7, 10), 28: (10, 14)}
"""Rounds -> the plies left a suite position may have (least, most)."""
GAME_SPEC = "adjacency(size=8,rounds={rounds})"
PLAYERS = (
    "alphabeta:time=0.05",
    "mcts:time=0.05",
    "annealing:time=0.05",
    "hillclimb:time=0.05",
    "genetic:time=0.05",
    "greedy",
    "random",
)
"""The bots whose games the suite's positions come from (each pair, both colours)."""
BOTS = (
    "alphabeta:time=0.1",
    "alphabeta:time=1",
    "mcts:time=0.1",
    "mcts:time=1",
    "annealing:time=1",
    "hillclimb:time=1",
    "genetic:time=1",
    "greedy",
    "random",
)


# -- building the suite ----------------------------------------------------------------------
def play_game(rounds: int, specs: tuple[str, str], seed: int) -> list[AdjacencyState]:
    """Every position of one game between ``specs`` (X first), start and end included."""
    game = load_game(GAME_SPEC.format(rounds=rounds))
    bots = [make_seeded_bot(spec, seed + index) for index, spec in enumerate(specs)]
    for bot in bots:
        bot.new_game(game)
    state = game.initial_state()
    assert isinstance(state, AdjacencyState)
    states = [state]
    while not state.is_terminal():
        state = state.play(bots[state.to_move()].choose(state).move)
        states.append(state)
    return states


def solved(solver: ExactSolver, state: AdjacencyState, source: str) -> SuitePosition:
    result = solver.solve(state, moves=True, line=False)
    assert result.moves is not None
    return SuitePosition(state.game.spec, state.text(), result.moves, source)


def build(count: int, seed: int) -> None:
    """Play games between each pair of ``PLAYERS`` and keep ``count`` positions a setting."""
    rng = random.Random(seed)
    pairs = list(itertools.permutations(PLAYERS, 2))
    rng.shuffle(pairs)
    solver = ExactSolver()
    suite: list[SuitePosition] = []
    for rounds, (least, most) in WINDOWS.items():
        seen: set[str] = set()
        kept = 0
        for number, pair in enumerate(itertools.cycle(pairs)):
            if kept == count:
                break
            states = play_game(rounds, pair, seed + number)
            window = [s for s in states if least <= s.plies_left <= most and not s.is_terminal()]
            for state in rng.sample(window, min(2, len(window), count - kept)):
                if state.text() in seen:
                    continue
                seen.add(state.text())
                ply = len(states) - 1 - state.plies_left
                began = time.perf_counter()
                entry = solved(solver, state, f"{pair[0]} vs {pair[1]}, ply {ply}")
                suite.append(entry)
                kept += 1
                print(
                    f"{rounds:2d} rounds {kept:3d}/{count}  {state.plies_left:2d} plies left  "
                    f"{time.perf_counter() - began:6.2f} s  {entry.source}",
                    flush=True,
                )
    write_suite(SUITE, suite)
    print(f"wrote {len(suite)} positions to {SUITE}")


def write_suite(path: Path, suite: list[SuitePosition]) -> None:
    """Write the suite whole or not at all (a temporary file renamed into place)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        os.chmod(temporary, 0o644)  # readable as any file of the repository
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            for entry in suite:
                out.write(json.dumps(entry.to_dict(), sort_keys=True) + "\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def verify(write: bool) -> int:
    """Re-solve every suite position; print those whose values changed (and rewrite them).

    The suite is data computed once: after a change to the solver (a fixed
    table key, say) this says whether the stored truth still holds.
    """
    suite = read_suite(SUITE)
    solver = ExactSolver()
    checked: list[SuitePosition] = []
    changed = 0
    for number, entry in enumerate(suite, 1):
        state = entry.state()
        assert isinstance(state, AdjacencyState)
        fresh = solved(solver, state, entry.source)
        if fresh.values != entry.values:
            changed += 1
            moves = sorted(m for m in fresh.values if fresh.values[m] != entry.values.get(m))
            print(f"{number:3d} {entry.position}: values changed at {' '.join(moves)}", flush=True)
        checked.append(fresh)
    print(f"{len(suite) - changed} of {len(suite)} positions agree with a fresh solve")
    if changed and write:
        write_suite(SUITE, checked)
        print(f"rewrote {SUITE}")
    return changed


# -- the table ------------------------------------------------------------------------------
def table(bots: list[str], rounds_list: list[int]) -> None:
    suite = read_suite(SUITE)
    for rounds in rounds_list:
        spec = load_game(GAME_SPEC.format(rounds=rounds)).spec
        positions = [entry for entry in suite if load_game(entry.game).spec == spec]
        if not positions:
            raise PlygroundError(f"no {spec} positions in {SUITE}: run with --build")
        left = sorted(plies_left(entry) for entry in positions)
        print(
            f"{spec}: {len(positions)} positions, {left[0]}-{left[-1]} plies left, "
            f"{sum(len(e.values) for e in positions) / len(positions):.1f} moves on average"
        )
        print(f"  {'bot':<24} {'best moves':>10} {'marks lost/move':>16} {'worst':>6} s/move")
        for label in bots:
            row(measure(label, positions))
        row(uniform_expectation(positions))


def plies_left(entry: SuitePosition) -> int:
    state = entry.state()
    assert isinstance(state, AdjacencyState)
    return state.plies_left


def row(figures: BotAccuracy) -> None:
    timed = bool(figures.seconds)  # a bot's row (not an expectation): its worst and time
    worst = f"{figures.worst:6g}" if timed else ""
    seconds = f"{figures.mean_seconds:6.2f}" if timed else ""
    error = 2 * statistics.stdev(figures.losses) / len(figures.losses) ** 0.5
    print(
        f"  {figures.bot:<24} {figures.best_share:10.1%} {figures.mean_lost:9.2f} ± {error:4.2f} "
        f"{worst:>6} {seconds}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="play games and solve a new suite")
    parser.add_argument(
        "--verify", action="store_true", help="re-solve the suite and list changed values"
    )
    parser.add_argument("--write", action="store_true", help="--verify: rewrite changed values")
    parser.add_argument("--count", type=int, default=60, help="--build: positions a setting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", default=list(BOTS), help="bot specs to measure")
    parser.add_argument("--rounds", type=int, nargs="+", default=sorted(WINDOWS))
    args = parser.parse_args()
    try:
        if args.build:
            build(args.count, args.seed)
        elif args.verify:
            sys.exit(1 if verify(args.write) and not args.write else 0)
        else:
            table(args.bots, args.rounds)
    except PlygroundError as error:
        print(f"accuracy: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
