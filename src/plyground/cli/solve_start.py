"""``plyground solve adjacency --start --store FILE``: a resumable exact solve of a game's start.

The front end reads the options, opens the store, prints progress and the
answer; the splitting and combining are
:mod:`plyground.games.adjacency.subproblems`, the running and storing
:mod:`plyground.arena.adjacency_solving.solve_run`. Re-running the same command continues
where the last run stopped; on a finished store it prints the answer at
once. ``--book FILE`` adds the finished solve to an opening book file
(:mod:`plyground.games.adjacency.book`).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from plyground.arena.adjacency_solving.proof_run import ProofProgress, run_proof
from plyground.arena.adjacency_solving.solve_run import Progress, StartRun, run_solve
from plyground.arena.adjacency_solving.strategy_run import StrategyProgress, run_strategy
from plyground.arena.runs.backends import make_backend
from plyground.arena.storage.adjacency_solve_store import SolveStore
from plyground.cli.groups import INTERRUPTED
from plyground.cli.outputs import check_output
from plyground.core.errors import SettingsError
from plyground.games import load_game
from plyground.games.adjacency.book import BookEntry, OpeningBook, SolvedSetting, StrategyMove
from plyground.games.adjacency.proof import FAR, ProofResult
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState
from plyground.games.adjacency.subproblems import RootSolve

__all__ = ["prove_start", "solve_start"]

P = TypeVar("P", Progress, ProofProgress, StrategyProgress)


def solve_start(args: argparse.Namespace) -> int:
    """Run (or continue) the solve of ``--game``'s start in ``--store``; print the answer."""
    if not args.store:
        raise SettingsError("--start needs --store FILE (the file that makes the solve resumable)")
    if args.address and args.backend != "ray":
        raise SettingsError("--address is for the Ray backend (use --backend ray)")
    if args.position is not None or args.moves or args.time is not None:
        raise SettingsError("--start solves the game's start: drop POSITION, --moves and --time")
    game = load_game(args.game or "adjacency")
    if not isinstance(game, AdjacencyGame):
        raise SettingsError(f"--start solves the adjacency game, not {game.spec!r}")
    if (args.guess or args.settle or args.settle_replies or args.strategy) and not args.prove:
        raise SettingsError(
            "--guess, --settle, --settle-replies and --strategy are options of --prove"
        )
    if (args.no_search or args.exact_entries) and not args.strategy:
        raise SettingsError("--no-search and --exact-entries are options of --strategy")
    check_output(args.book, "--book")  # before the solve, not after it
    book = OpeningBook.read(args.book) if args.book and Path(args.book).exists() else None
    if args.prove:
        return prove_start(args, game, book)
    root = game.initial_state()
    show = _shower(args, functools.partial(_progress_line, game.spec))
    with SolveStore(args.store, game.spec, root.text()) as store:
        try:
            solved = run_solve(_start_run(args, root, store), on_progress=show)
        except KeyboardInterrupt:
            return _stopped(args, f"{len(store.finished())} subproblems")
    if args.book:
        _add_to_book(book or OpeningBook(), args.book, game.spec, solved)
    if args.json:
        print(json.dumps(_json(solved)))
    else:
        _print_answer(solved)
    return 0


def prove_start(args: argparse.Namespace, game: AdjacencyGame, book: OpeningBook | None) -> int:
    """Run (or continue) the proof of ``game``'s start value in ``--store``; print what it
    shows; with ``--book``, add the proved value and best moves to the book file."""
    root = game.initial_state()
    show = _shower(args, functools.partial(_proof_line, game.spec))
    with SolveStore(args.store, game.spec, root.text()) as store:
        try:
            shown = run_proof(
                _start_run(args, root, store),
                guess=args.guess,
                settle=args.settle,
                replies=args.settle_replies,
                on_progress=show,
            )
        except KeyboardInterrupt:
            return _stopped(args, f"{store.leaf_totals()[0]} leaf tests")
        tests, nodes, seconds = store.leaf_totals()
        strategy: dict[str, StrategyMove] = {}
        if args.strategy:
            if shown.value is None:
                raise SettingsError(f"--strategy: the value is not proved yet in {args.store}")
            line = functools.partial(_strategy_line, game.spec)
            try:
                strategy = run_strategy(
                    _start_run(args, root, store),
                    search=not args.no_search,
                    exact=args.exact_entries,
                    on_progress=_shower(args, line),
                )
            except KeyboardInterrupt:
                return _stopped(args, f"{store.strategy_totals()[0]} strategy entries")
        costs = store.strategy_totals()
        exact_costs = store.strategy_totals(exact=True)
    if args.book:
        _add_proof_to_book(
            book or OpeningBook(),
            args,
            spec=game.spec,
            shown=shown,
            nodes=nodes,
            seconds=seconds,
            strategy=strategy,
        )
    if args.json:
        summary = _proof_json(shown, tests, nodes, seconds)
        if args.strategy:
            summary["strategy"] = _strategy_json(strategy, costs, exact_costs)
        print(json.dumps(summary))
    else:
        _print_proof(shown, tests, nodes, seconds)
        if args.strategy:
            _print_strategy(strategy, costs, exact_costs)
    return 0


def _start_run(args: argparse.Namespace, root: AdjacencyState, store: SolveStore) -> StartRun:
    """The run over ``root`` and ``store`` the options ask for: its backend (made only when
    something is left to do) and each worker's exact table."""
    backend = functools.partial(make_backend, args.backend, args.concurrency, args.address)
    return StartRun(root, store, backend, args.table)


def _shower(args: argparse.Namespace, line: Callable[[P], str]) -> Callable[[P], None]:
    """A progress callback printing ``line(progress)``, or nothing with --quiet or --json."""

    def show(progress: P) -> None:
        if not args.quiet and not args.json:
            print(line(progress), flush=True)

    return show


def _stopped(args: argparse.Namespace, kept: str) -> int:
    """Ctrl-C: say what the store keeps and how to continue; exit status 130."""
    print(
        f"stopped: {kept} are stored in {args.store}; run the same command again to continue",
        file=sys.stderr,
    )
    return INTERRUPTED


def _add_proof_to_book(
    book: OpeningBook,
    args: argparse.Namespace,
    *,
    spec: str,
    shown: ProofResult,
    nodes: int,
    seconds: float,
    strategy: dict[str, StrategyMove],
) -> None:
    if shown.value is None:
        raise SettingsError(f"--book: the value is not proved yet in {args.store}")
    setting = SolvedSetting(
        spec,
        shown.position,
        shown.value,
        shown.best,
        nodes,
        seconds,
        proved=True,
        settled=shown.settled,
    )
    book.add(setting, {text: BookEntry(value, best) for text, (value, best) in shown.book.items()})
    book.add_strategy(strategy)
    book.write(args.book)


def _strategy_line(spec: str, progress: StrategyProgress) -> str:
    entry = progress.entry
    if progress.need is None or entry is None:
        return (
            f"strategy for {spec}: {progress.total} entries to find by search, "
            f"{progress.done} stored{' exact' if progress.exact else ''}"
        )
    side = "XO"[progress.need.side]
    kept = (
        f"best, the value {entry.keep:+d} (bound {progress.need.keep:+d})"
        if entry.exact
        else f"keeps {entry.keep:+d}"
    )
    return (
        f"[{progress.done}/{progress.total}] {side} {entry.move} {kept}  "
        f"tests {progress.tests}  nodes {progress.nodes:,}  "
        f"{progress.seconds:.1f} s  (elapsed {progress.elapsed:.0f} s)"
    )


Costs = tuple[int, int, int, float]
"""Entries, tests, nodes and solving seconds (:meth:`SolveStore.strategy_totals`)."""


def _print_strategy(strategy: dict[str, StrategyMove], costs: Costs, exact: Costs) -> None:
    found, tests, nodes, seconds = costs
    print(
        f"strategy: {len(strategy)} entries ({found} found by search: tests {tests:,}  "
        f"nodes {nodes:,}  solving time {seconds:.2f} s, summed)"
    )
    if exact[0]:
        found, tests, nodes, seconds = exact
        print(
            f"exact entries (keeping their position's value): {found} (finding and proving "
            f"them: tests {tests:,}  nodes {nodes:,}  solving time {seconds:.2f} s, summed)"
        )


def _strategy_json(
    strategy: dict[str, StrategyMove], costs: Costs, exact: Costs
) -> dict[str, object]:
    found, tests, nodes, seconds = costs
    return {
        "entries": len(strategy),
        "searched": found,
        "tests": tests,
        "nodes": nodes,
        "seconds": round(seconds, 6),
        "exact": {
            "entries": exact[0],
            "tests": exact[1],
            "nodes": exact[2],
            "seconds": round(exact[3], 6),
        },
    }


def _bounds_text(lower: int, upper: int) -> str:
    if lower == upper:
        return f"{lower:+d}"
    low = "-inf" if lower <= -FAR else f"{lower:+d}"
    high = "+inf" if upper >= FAR else f"{upper:+d}"
    return f"[{low}, {high}]"


def _proof_line(spec: str, progress: ProofProgress) -> str:
    shown = progress.result
    value = _bounds_text(shown.lower, shown.upper)
    if progress.test is None:
        return f"proving {spec}: {shown.leaves} leaves stored, value {value}"
    answer = ">=" if progress.holds else "<="
    return (
        f"[{progress.tests}] X-O >= {progress.test.at_least}: "
        f"{'holds' if progress.holds else 'fails'} (value {answer} {progress.bound:+d})  "
        f"nodes {progress.nodes:,}  {progress.seconds:.1f} s  |  root {value}  "
        f"(elapsed {progress.elapsed:.0f} s)"
    )


def _print_proof(shown: ProofResult, tests: int, nodes: int, seconds: float) -> None:
    print(f"position: {shown.position}")
    print(f"value: {_bounds_text(shown.lower, shown.upper)} (X's marks minus O's with best play)")
    if shown.best:
        every = "every best first move" if shown.settled else "first moves proved best"
        print(f"{every}: {' '.join(shown.best)}")
    moves = "  ".join(f"{m} {_bounds_text(*b)}" for m, b in shown.moves.items())
    print(f"first moves: {moves}")
    print(f"leaf tests {tests:,}  nodes {nodes:,}  solving time {seconds:.2f} s (summed)")


def _proof_json(shown: ProofResult, tests: int, nodes: int, seconds: float) -> dict[str, object]:
    return {
        "position": shown.position,
        "value": shown.value,
        "lower": shown.lower,
        "upper": shown.upper,
        "best": list(shown.best),
        "settled": shown.settled,
        "moves": {move: list(bounds) for move, bounds in shown.moves.items()},
        "replies": {move: list(replies) for move, replies in shown.replies.items()},
        "tests": tests,
        "nodes": nodes,
        "seconds": round(seconds, 6),
    }


def _progress_line(spec: str, progress: Progress) -> str:
    done, total = progress.done, progress.total
    if progress.subproblem is None or progress.result is None:
        return f"solving {spec}: {total} subproblems (root moves up to symmetry), {done} stored"
    result = progress.result
    mirrors = "=".join(progress.subproblem.mirrors)
    return (
        f"[{done}/{total}] {mirrors}: value {result.value:+d}  nodes {result.nodes:,}  "
        f"{result.seconds:.2f} s  (elapsed {progress.elapsed:.1f} s)"
    )


def _print_answer(solved: RootSolve) -> None:
    print(f"position: {solved.position}")
    print(f"value: {solved.value:+d} (X's marks minus O's with best play)")
    print(f"best first moves: {' '.join(solved.best)}")
    print(
        f"nodes {solved.nodes:,}  solving time {solved.seconds:.2f} s (summed over the subproblems)"
    )


def _json(solved: RootSolve) -> dict[str, object]:
    return {
        "position": solved.position,
        "value": solved.value,
        "best": list(solved.best),
        "moves": dict(solved.moves),
        "nodes": solved.nodes,
        "seconds": round(solved.seconds, 6),
    }


def _add_to_book(book: OpeningBook, path: str, spec: str, solved: RootSolve) -> None:
    setting = SolvedSetting(
        spec, solved.position, solved.value, solved.best, solved.nodes, solved.seconds
    )
    book.add(setting, {text: BookEntry(v, best) for text, (v, best) in solved.book.items()})
    book.write(path)
