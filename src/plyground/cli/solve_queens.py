"""N-Queens: find one solution and draw it, or count every solution (--all).

Methods: backtracking (generic CSP solver: MRV and degree ordering, forward
checking), mac (maintaining arc consistency), min-conflicts (local search;
the generic CSP version up to N = 200, a specialised O(N) one above).

``plyground solve queens N``: the front end only reads arguments and prints; the solving is
:func:`plyground.solvers.queens.solve_queens` and the counting
:func:`plyground.games.queens.counting.count_solutions`. Exit status: 0 when
a solution was found (or counted), 1 when none exists or a limit ran out, 2
on bad input.
"""

from __future__ import annotations

import argparse
import time

from plyground.cli.options import add_seed_option
from plyground.core.errors import SettingsError

__all__ = ["COUNT_MAX", "DRAW_MAX", "TEXT_MAX", "configure"]

COUNT_MAX = 18
"""Largest N ``--all`` accepts: each N costs about 6-8 times the one before (N = 16: seconds)."""
DRAW_MAX = 40
"""Largest board drawn; bigger solutions are given as position text."""
TEXT_MAX = 1000
"""Largest solution printed as position text unless ``--text`` asks for it."""
_METHODS = ("backtracking", "mac", "min-conflicts")


def configure(parser: argparse.ArgumentParser) -> None:
    """Options of ``plyground solve queens``."""
    parser.add_argument("size", metavar="N", help="the board size (number of queens)")
    parser.add_argument(
        "--all", action="store_true", help=f"count every solution (N up to {COUNT_MAX})"
    )
    parser.add_argument("--method", choices=_METHODS, default=None, help="how to find one solution")
    parser.add_argument(
        "--lcv", action="store_true", help="backtracking/mac: least-constraining-value order"
    )
    add_seed_option(parser, 0, "min-conflicts: random seed")
    parser.add_argument(
        "--time",
        type=float,
        default=60.0,
        help="stop the generic solvers after this many seconds (default 60)",
    )
    parser.add_argument(
        "--text", action="store_true", help="always print the solution's position text"
    )
    parser.set_defaults(handler=_solve)


def _size(text: str) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.lstrip("+").isdigit()):
        raise SettingsError(f"N must be a positive integer, got {text!r}")
    size = int(cleaned)
    if size < 1:
        raise SettingsError(f"N must be a positive integer, got {text!r}")
    return size


def _solve(args: argparse.Namespace) -> int:
    size = _size(args.size)
    if not args.time > 0:
        raise SettingsError(f"--time must be a positive number of seconds, got {args.time!r}")
    if args.all:
        if args.method is not None:
            raise SettingsError("--all counts with the bitmask counter; drop --method")
        return _count(size)
    from plyground.games.queens import QueensGame
    from plyground.solvers.queens import solve_queens

    method = args.method or "backtracking"
    result = solve_queens(size, method, seed=args.seed, time_limit=args.time, lcv=args.lcv)
    stats = result.stats
    print(f"{size}-Queens by {result.solver}")
    if method == "min-conflicts":
        figures = f"steps {stats.steps:,}"
        if stats.checks:
            figures += f"  checks {stats.checks:,}"
    else:
        figures = (
            f"nodes {stats.nodes:,}  backtracks {stats.backtracks:,}  checks {stats.checks:,}  "
            f"prunings {stats.prunings:,}"
        )
    if result.rows is None:
        reason = {
            "unsatisfiable": f"there is no solution for N = {size} (search space exhausted)",
            "stopped": f"no solution found within {args.time:g} s (raise --time, or try "
            f"--method min-conflicts)",
        }[result.status]
        print(reason)
        print(f"{figures}  time {stats.elapsed:.3f} s")
        return 1
    state = QueensGame(size=size).state_from_rows(result.rows)  # checks the solution again
    if size <= DRAW_MAX:
        print(state.render())
    else:
        print(f"(boards larger than {DRAW_MAX} are not drawn)")
    if size <= TEXT_MAX or args.text:
        print(f"position: {state.text()}")
    print(f"{figures}  time {stats.elapsed:.3f} s")
    return 0


def _count(size: int) -> int:
    from plyground.games.queens.counting import count_solutions

    if size > COUNT_MAX:
        raise SettingsError(
            f"N = {size} is too large to count here (at most {COUNT_MAX}; "
            f"each N takes about 7 times as long as the one before)"
        )
    count_solutions(4)  # load the compiled kernel before the clock starts
    start = time.perf_counter()
    count = count_solutions(size)
    elapsed = time.perf_counter() - start
    print(f"{size}-Queens: {count:,} solutions")
    print(f"counted by bitmask backtracking with mirror symmetry  time {elapsed:.3f} s")
    return 0
