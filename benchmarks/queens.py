"""N-Queens figures: solution counting, min-conflicts on a huge board, CSP statistics.

Run from the repository root::

    PYTHONPATH=src python benchmarks/queens.py            # everything (about a minute)
    PYTHONPATH=src python benchmarks/queens.py --quick    # smaller sizes

Times are wall-clock on a shared machine: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import time

from plyground.algorithms.csp import BacktrackingSolver, min_conflicts
from plyground.games.queens.counting import count_solutions, count_solutions_reference
from plyground.games.queens.local_search import min_conflicts_queens, verify
from plyground.solvers.queens_csp import queens_csp

OEIS = {10: 724, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}


def counting(sizes: list[int]) -> None:
    print("== counting all solutions (numba bitmask kernel, mirror symmetry)")
    count_solutions(4)  # load the compiled kernel
    start = time.perf_counter()
    reference = count_solutions_reference(10)
    reference_time = time.perf_counter() - start
    start = time.perf_counter()
    kernel = count_solutions(10)
    kernel_time = time.perf_counter() - start
    assert reference == kernel == OEIS[10]
    print(
        f"N = 10: reference (plain Python) {reference_time:.3f} s, kernel {kernel_time:.4f} s "
        f"({reference_time / kernel_time:.0f}x)"
    )
    for size in sizes:
        start = time.perf_counter()
        count = count_solutions(size)
        elapsed = time.perf_counter() - start
        check = "" if size not in OEIS else (" (OEIS ok)" if count == OEIS[size] else " WRONG")
        print(f"N = {size}: {count:,} solutions in {elapsed:.2f} s{check}")


def huge_board(size: int) -> None:
    print(f"== min-conflicts on N = {size:,} (specialised, O(N) memory)")
    min_conflicts_queens(8)  # load the compiled kernel
    result = min_conflicts_queens(size, seed=0)
    assert result.rows is not None
    start = time.perf_counter()
    ok = verify(result.rows, size)
    verify_time = time.perf_counter() - start
    print(
        f"solved in {result.elapsed:.2f} s: {result.initial_conflicts} conflicted queens after "
        f"the greedy start, {result.steps:,} repairs, {result.restarts} restarts; "
        f"verified {ok} in {verify_time:.2f} s"
    )


def csp_statistics(sizes: list[int]) -> None:
    print("== generic CSP solvers on the N-Queens model (first solution)")
    print(
        f"{'N':>4} {'solver':<34} {'nodes':>8} {'backtracks':>10} {'checks':>11} "
        f"{'prunings':>9} {'time s':>8}"
    )
    configurations = [
        ("static, no inference", ("static", "domain", "none"), 12),
        ("mrv+degree, forward checking", ("mrv+degree", "domain", "forward-checking"), 10**6),
        ("mrv+degree, lcv, forward checking", ("mrv+degree", "lcv", "forward-checking"), 50),
        ("mrv+degree, mac", ("mrv+degree", "domain", "mac"), 50),
        ("mrv+degree, lcv, mac", ("mrv+degree", "lcv", "mac"), 50),
    ]
    for size in sizes:
        for label, (variable_order, value_order, inference), largest in configurations:
            if size > largest:
                continue
            result = BacktrackingSolver(
                queens_csp(size), variable_order, value_order, inference
            ).solve()
            s = result.stats
            print(
                f"{size:>4} {label:<34} {s.nodes:>8,} {s.backtracks:>10,} {s.checks:>11,} "
                f"{s.prunings:>9,} {s.elapsed:>8.3f}"
            )
        result = min_conflicts(queens_csp(size), seed=0)
        s = result.stats
        print(
            f"{size:>4} {'min-conflicts (generic, greedy)':<34} {'steps':>8} {s.steps:>10,} "
            f"{s.checks:>11,} {'':>9} {s.elapsed:>8.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    args = parser.parse_args()
    counting([13, 14] if args.quick else [15, 16])
    huge_board(100_000 if args.quick else 1_000_000)
    csp_statistics([8, 12] if args.quick else [8, 12, 20, 50, 100])


if __name__ == "__main__":
    main()
