"""Adjacency game: the exact final margin (X - O) with best play from a position.

Prints the value, every best move, a best line, nodes and time; --moves
adds the exact value of every legal move, --json prints one JSON object.
Values are always X's marks minus O's at the end, whoever moves. On a
terminal a long solve shows its progress; Ctrl-C stops it (exit 130).

  plyground solve adjacency '6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12' --moves

A position in the opening book (the start of a solved setting, or a move
after it) is answered from the book at once: its proved value and best
moves, and a best line as far as the book goes (--moves: from the book when
it values every move, else solved). --no-book solves it anyway.

--start solves the game's start resumably instead, one subproblem per first
move, each stored in --store FILE as it finishes (docs/adjacency-solved.md):

  plyground solve adjacency --start --store s.db --game 'adjacency(size=6,rounds=6)'
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import TYPE_CHECKING

from plyground.cli.groups import INTERRUPTED
from plyground.cli.options import add_game_option, add_quiet_option, positive_float
from plyground.cli.solve_start_options import add_start_options, start_options_given

if TYPE_CHECKING:
    from plyground.games.adjacency.book import BookSolution
    from plyground.games.adjacency.rules import AdjacencyState
    from plyground.games.adjacency.solver import ExactSolver, SolveResult

__all__ = ["configure"]

_REFRESH = 0.25
"""Seconds between progress updates."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Options of ``plyground solve adjacency``."""
    parser.add_argument(
        "position",
        metavar="POSITION",
        nargs="?",
        help="position text: '<rows> <to-move> <plies-left>' (or --start)",
    )
    add_game_option(
        parser,
        "the game the position is from, e.g. 'adjacency(size=8,rounds=8)': checked "
        "against the position (default: the position's board, any rounds)",
        None,
    )
    parser.add_argument("--moves", action="store_true", help="the exact value of every move")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_quiet_option(parser, "no progress lines")
    parser.add_argument(
        "--no-book",
        action="store_true",
        help="solve even a position the opening book answers (the start of a solved setting, "
        "or a move after it)",
    )
    parser.add_argument(
        "--time", type=positive_float, help="give up after this many seconds (exit 1)"
    )
    parser.add_argument(
        "--start", action="store_true", help="solve the --game's start resumably (with --store)"
    )
    add_start_options(parser)
    parser.set_defaults(handler=_solve)


def _solve(args: argparse.Namespace) -> int:
    from plyground.core.errors import SettingsError

    if args.start:
        from plyground.cli.solve_start import solve_start

        return solve_start(args)
    if args.position is None:
        raise SettingsError("give a POSITION to solve, or --start to solve the game's start")
    if given := start_options_given(args):
        raise SettingsError(f"{', '.join(given)}: only with --start (a solve of the game's start)")
    from plyground.games import load_game
    from plyground.games.adjacency.rules import AdjacencyGame
    from plyground.games.adjacency.solver import ExactSolver, position_in_game

    game = None
    if args.game is not None:
        loaded = load_game(args.game)
        if not isinstance(loaded, AdjacencyGame):
            raise SettingsError(f"--game {args.game!r} is not the adjacency game")
        game = loaded
    state = position_in_game(args.position, game)
    if not args.no_book:
        from plyground.games.adjacency.book import book_solution

        booked = book_solution(state)
        if booked is not None and (booked.complete or not args.moves):
            print(json.dumps(booked.to_dict()) if args.json else _book_text(state, booked))
            return 0
        if booked is not None and not args.quiet:
            print(
                f"plyground solve: the opening book proves the value ({booked.value:+d}) but "
                "not every move's: solving every move",
                file=sys.stderr,
            )
    solver = ExactSolver()
    outcome = _run(solver, state, args.moves, args.time, show=not args.quiet)
    if isinstance(outcome, str):
        print(f"plyground solve: {outcome}", file=sys.stderr)
        return INTERRUPTED if outcome.startswith("stopped by Ctrl-C") else 1
    if args.json:
        print(json.dumps(outcome.to_dict()))
    else:
        _print(state, outcome)
    return 0


def _run(
    solver: ExactSolver, state: AdjacencyState, moves: bool, seconds: float | None, show: bool
) -> SolveResult | str:
    """Solve in a worker thread (the kernel releases the GIL) while this one shows progress.

    Returns the result, or a sentence saying why there is none (Ctrl-C or the time limit).
    """
    from plyground.core.limits import Limit
    from plyground.games.adjacency.solver import SolveStopped, warm_up

    warm_up()
    done = [0, 0]
    found: list[SolveResult | BaseException] = []

    def work() -> None:
        try:
            found.append(
                solver.solve(
                    state,
                    moves=moves,
                    limit=Limit(time=seconds),
                    on_progress=lambda finished, total: done.__setitem__(
                        slice(0, 2), [finished, total]
                    ),
                )
            )
        except BaseException as error:  # handed to the main thread
            found.append(error)

    began = time.perf_counter()
    worker = threading.Thread(target=work, name="solve", daemon=True)
    worker.start()
    show = show and sys.stderr.isatty()
    try:
        while worker.is_alive():
            worker.join(_REFRESH)
            if show and worker.is_alive():
                _progress(solver.nodes, done, time.perf_counter() - began)
    except KeyboardInterrupt:
        while worker.is_alive():  # again until it ends: a solve just starting resets its stop
            solver.stop()
            worker.join(0.05)
        if show:
            print(file=sys.stderr)
        elapsed = time.perf_counter() - began
        return f"stopped by Ctrl-C after {solver.nodes:,} nodes and {elapsed:.1f} s; no value"
    if show:
        print("\r" + " " * 70 + "\r", end="", file=sys.stderr, flush=True)
    outcome = found[0]
    if isinstance(outcome, SolveStopped):
        return f"no value within --time {seconds:g} s ({solver.nodes:,} nodes searched)"
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def _progress(nodes: int, done: list[int], elapsed: float) -> None:
    finished, total = done
    moves = f"root moves {finished}/{total}" if total else "first root move"
    rate = nodes / elapsed / 1e6 if elapsed > 0 else 0.0
    line = f"{moves}  {rate:.1f} M nodes/s  {elapsed:.1f} s"
    print(f"\r{line:<70}", end="", file=sys.stderr, flush=True)


def _print(state: AdjacencyState, result: SolveResult) -> None:
    print("\n".join(_head(state, result.value, " ".join(result.best), " ".join(result.line))))
    if result.moves is not None:
        print("\n".join(_moves_by_value(state, result.moves)))
    rate = result.nodes / result.seconds / 1e6 if result.seconds > 0 else 0.0
    symmetric = "  (symmetric: mirror moves not searched)" if result.symmetric else ""
    print(
        f"nodes    {result.nodes:,}  time {result.seconds:.2f} s  ({rate:.1f} M nodes/s){symmetric}"
    )


def _book_text(state: AdjacencyState, booked: BookSolution) -> str:
    """A booked position's answer, as :func:`_print` lays out a solve's."""
    others = "" if booked.every_best else "  (the proved best moves; another may be as good)"
    best = " ".join(booked.best) + others
    lines = _head(
        state, booked.value, best, " ".join(booked.line) + " ...  (as far as the book goes)"
    )
    if booked.complete:
        lines.extend(_moves_by_value(state, booked.known))
    lines.append("source   the opening book (docs/adjacency-solved.md); --no-book solves it")
    return "\n".join(lines)


def _head(state: AdjacencyState, value: int, best: str, line: str) -> list[str]:
    """The first lines of an answer: the position, its value, its best moves, a line."""
    mover = "XO"[state.side]
    return [
        f"position {state.text()}  ({mover} to move, {state.plies_left} plies left)",
        f"value    {value:+d}  ({_verdict(value)}; X - O with best play)",
        f"best     {best}",
        f"line     {line}",
    ]


def _moves_by_value(state: AdjacencyState, moves: dict[str, int]) -> list[str]:
    """Lines of the moves grouped by their value, the mover's best first."""
    by_value: dict[int, list[str]] = {}
    for name, value in moves.items():
        by_value.setdefault(value, []).append(name)
    best_first = sorted(by_value, key=lambda value: -_for_mover(state, value))
    return [
        f"{'moves' if index == 0 else '':<8} {value:+d}: {' '.join(by_value[value])}"
        for index, value in enumerate(best_first)
    ]


def _for_mover(state: AdjacencyState, margin: int) -> int:
    return margin if state.side == 0 else -margin


def _verdict(margin: int) -> str:
    if margin == 0:
        return "a draw"
    return f"{'X' if margin > 0 else 'O'} wins by {abs(margin)}"
