"""``plyground analyse`` for 2048: a recorded game's moves, or one position's, valued in
expected points by a learned network (:mod:`plyground.arena.g2048_analysis.analyser`)."""

from __future__ import annotations

import argparse
import json
import sys

from plyground.arena.g2048_analysis.analyser import (
    DEFAULT_BLUNDER,
    G2048Analyser,
    GameValues,
    MoveValues,
    worst_moves,
)
from plyground.arena.records.record import GameRecord
from plyground.core.errors import SettingsError
from plyground.games.g2048.rules import G2048State

__all__ = ["analyse_game", "analyse_position"]

WORST_SHOWN = 10


def _analyser(args: argparse.Namespace) -> G2048Analyser:
    if args.per_player:
        raise SettingsError("--per-player is for adjacency games; a 2048 game has one player")
    if args.engine_only:
        raise SettingsError("--engine-only is for adjacency games (2048 has no exact solve)")
    blunder = DEFAULT_BLUNDER if args.blunder is None else args.blunder
    return G2048Analyser(args.network, args.depth, blunder)


def analyse_position(args: argparse.Namespace, state: G2048State) -> int:
    """Every move's expected points in one position."""
    if state.is_chance() or state.is_terminal():
        raise SettingsError("no move to analyse: the game is over or a tile spawns next")
    values = _analyser(args).position(state)
    if values is None:
        raise SettingsError("the position holds a 32768 tile, which the search cannot value")
    if args.json:
        print(json.dumps(values.to_dict()))
        return 0
    print(f"position {state.text()}: expected points to the end, {args.network} at depth "
          f"{args.depth}")  # fmt: skip
    for move in sorted(values.values, key=lambda m: -values.values[m]):
        lost = values.values[values.best] - values.values[move]
        print(f"  {move:<6} {values.values[move]:>12,.0f}  " + ("best" if lost == 0 else
              f"loses {lost:,.0f}"))  # fmt: skip
    return 0


def analyse_game(args: argparse.Namespace, record: GameRecord) -> int:
    """A recorded game: the summary and its worst moves (``--json``: every move)."""
    analyser = _analyser(args)
    if args.json or not sys.stderr.isatty():
        analysis = analyser.game(record)
    else:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        bar = Progress(TextColumn("[bold]analysing"), BarColumn(), MofNCompleteColumn(),
                       console=Console(stderr=True), transient=True)  # fmt: skip
        with bar:
            task = bar.add_task("moves")

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            analysis = analyser.game(record, advance)
    if args.json:
        print(json.dumps(analysis.to_dict()))
        return 0
    _print_game(record, analysis)
    return 0


def _print_game(record: GameRecord, analysis: GameValues) -> None:
    name = record.players[0].name if record.players else "the player"
    print(f"2048: {name}, {analysis.score:,} points; moves valued in expected points to the end "
          f"by {analysis.network} at depth {analysis.depth}")  # fmt: skip
    played = len(analysis.moves)
    left = f" ({analysis.unvalued} with a 32768 tile left out)" if analysis.unvalued else ""
    print(f"{played:,} moves valued{left}: best move {100 * analysis.accuracy:.1f}%, "
          f"{analysis.mean_loss:,.1f} points lost a move, {analysis.blunders} blunders "
          f"(losing {analysis.blunder:,.0f} or more)")  # fmt: skip
    worst = [m for m in worst_moves(analysis, WORST_SHOWN) if (m.loss or 0.0) > 0]
    if worst:
        print("the moves that lost most:")
        for move in worst:
            print("  " + _move_line(move))


def _move_line(move: MoveValues) -> str:
    mark = "  blunder" if move.blunder else ""
    return (f"move {move.number:>5}: {move.played:<6} loses {move.loss or 0.0:>9,.0f}; "
            f"best {move.best} ({move.values[move.best]:,.0f}){mark}")  # fmt: skip
