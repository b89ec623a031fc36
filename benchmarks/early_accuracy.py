"""Accuracy in the early game of the course's setting: positions 13 to 16 plies left (issue 35).

The late-game suite (``benchmarks/accuracy.py``) solves every move of positions
with at most 10 plies left; earlier positions cannot be solved move by move in
seconds. Here each move is only *labelled*: does it keep the position's value?
One null-window test of the position after it, against the value
(:func:`~plyground.games.adjacency.strategy.move_keeps`), whose fail-soft
answer also bounds what a losing move loses. A position's value comes from the
opening book where it is booked, else from the exact solver (MTD(f)); a move
into a booked position is labelled from the book, with no test.

The positions are taken from games between the project's bots after a random
opening (``--build``). Every answer (a position's value, a move's label) is
appended to the labels log the moment it is known, one JSON line with its cost
(nodes, seconds), flushed and synced: a run stopped any way loses only the test
in flight, and the same command continues.

    PYTHONPATH=src nice python benchmarks/early_accuracy.py --build --count 40   # the positions
    PYTHONPATH=src nice python benchmarks/early_accuracy.py --label [--limit N]  # label every move
    PYTHONPATH=src nice python benchmarks/early_accuracy.py --check alphabeta:time=5 [--limit N]
    PYTHONPATH=src nice python benchmarks/early_accuracy.py --checked --bots alphabeta:time=5
    PYTHONPATH=src nice python benchmarks/early_accuracy.py --cost               # spent, and left
    PYTHONPATH=src nice python benchmarks/early_accuracy.py                      # the table

``--check BOT [BOT ...]`` labels only the move each bot plays in each position
(one test after the value; the moves logged to ``early-accuracy-choices.jsonl``,
resumably): the independent check that a bot keeps the value from move 1, and
the measure where labelling every move costs too much; ``--checked --bots BOT
...`` prints their table (each bot on the positions where every one's move is
labelled).
The table scores the bots on the positions whose every move is labelled: the
share of moves keeping the value (a best move), and the marks lost, at least
(a losing move's loss is bounded by its test, not solved).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from accuracy import PLAYERS, row
from plyground.arena.adjacency_analysis.accuracy import (
    BotAccuracy,
    SuitePosition,
    measure,
    uniform_expectation,
)
from plyground.arena.players.make import make_seeded_bot
from plyground.core.collection import collection_paused
from plyground.core.errors import PlygroundError
from plyground.games import load_game
from plyground.games.adjacency.book import book_entry
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.strategy import move_keeps
from plyground.games.adjacency.symmetry import symmetry_orbits

DATA = Path(__file__).parent / "data"
GAME = "adjacency(size=8,rounds=8)"
PLIES = (13, 16)
"""The plies left a suite position may have (least, most)."""
BOTS = (
    "alphabeta:time=0.1",
    "alphabeta:time=1",
    "alphabeta:time=5",
    "mcts:time=1",
    "annealing:time=1",
    "hillclimb:time=1",
    "genetic:time=1",
    "greedy",
    "random",
)


@dataclass
class Labels:
    """What the log holds: each position's value and each labelled move's answer."""

    values: dict[str, int] = field(default_factory=dict)
    moves: dict[str, dict[str, tuple[bool, int]]] = field(default_factory=dict)
    """Position -> move -> (keeps the value, the test's fail-soft bound on its value)."""
    nodes: int = 0
    seconds: float = 0.0
    tests: int = 0


def read_labels(path: Path) -> Labels:
    labels = Labels()
    if not path.exists():
        return labels
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            labels.nodes += int(item["nodes"])
            labels.seconds += float(item["seconds"])
            if "value" in item:
                labels.values[item["position"]] = int(item["value"])
            else:
                answer = (bool(item["keeps"]), int(item["bound"]))
                labels.moves.setdefault(item["position"], {})[item["move"]] = answer
                labels.tests += 1
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines):
                break  # the last line cut short by a stop: its test is run again
            raise PlygroundError(f"{path}:{number}: not a label ({error})") from None
    return labels


def append(path: Path, item: dict[str, object]) -> None:
    """One answer to the log, on disk before the next test starts."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(item, sort_keys=True) + "\n")
        out.flush()
        os.fsync(out.fileno())


def read_positions(path: Path) -> list[tuple[str, str, str]]:
    """The suite's positions, (game spec, position text, source), fewest plies left first
    (the cheapest to label)."""
    if not path.exists():
        raise PlygroundError(f"no positions in {path}: run with --build")
    lines = path.read_text(encoding="utf-8").splitlines()
    positions = [
        (item["game"], item["position"], item["source"])
        for item in map(json.loads, filter(str.strip, lines))
    ]
    return sorted(positions, key=lambda position: int(position[1].split()[-1]))


# -- building --------------------------------------------------------------------------------
def build(spec: str, plies: tuple[int, int], count: int, seed: int, out: Path) -> None:
    """Play games between the bots, each after a random opening of 0 to 3 plies, and keep
    up to two positions a game with the plies left in ``plies``."""
    game = load_game(spec)
    assert isinstance(game, AdjacencyGame)
    rng = random.Random(seed)
    chosen: list[dict[str, str]] = []
    seen: set[str] = set()
    number = 0
    while len(chosen) < count:
        pair = tuple(rng.sample(PLAYERS, 2))
        opening = rng.randint(0, 3)
        states = _game(game, (pair[0], pair[1]), opening, seed + number, rng)
        number += 1
        window = [s for s in states if plies[0] <= s.plies_left <= plies[1]]
        for state in rng.sample(window, min(2, len(window))):
            if state.text() in seen or len(chosen) == count:
                continue
            seen.add(state.text())
            ply = 2 * game.rounds - state.plies_left
            source = f"{pair[0]} vs {pair[1]} after {opening} random plies, ply {ply}"
            chosen.append({"game": game.spec, "position": state.text(), "source": source})
            print(f"{len(chosen):3d}/{count}  {state.plies_left} plies left  {source}", flush=True)
    out.write_text("".join(json.dumps(item, sort_keys=True) + "\n" for item in chosen))
    print(f"wrote {len(chosen)} positions to {out}")


def _game(
    game: AdjacencyGame, pair: tuple[str, str], opening: int, seed: int, rng: random.Random
) -> list[AdjacencyState]:
    """The positions of one game: ``opening`` random plies, then the two bots."""
    state = game.initial_state()
    states = [state]
    for _ in range(opening):
        state = state.play(rng.choice(list(state.legal_moves())))
        states.append(state)
    bots = [make_seeded_bot(spec, seed + index) for index, spec in enumerate(pair)]
    for bot in bots:
        bot.new_game(game)
    while not state.is_terminal():
        move = bots[state.to_move()].choose(state).move
        state = state.play(move)
        assert isinstance(state, AdjacencyState)
        states.append(state)
    return states


# -- labelling ---------------------------------------------------------------------------------
class Labeller:
    """Answers a position's value and its moves' labels, logging each as it is known."""

    def __init__(self, log: Path, table_size: int) -> None:
        self.log = log
        self.labels = read_labels(log)
        self.solver = ExactSolver(table_size)

    def value(self, state: AdjacencyState) -> int:
        text = state.text()
        if text not in self.labels.values:
            started = time.perf_counter()
            entry = book_entry(state)
            if entry is not None:
                value, nodes = entry.value, 0
            else:
                sign = 1 if state.side == 0 else -1
                value, nodes = sign * self.solver.value(state, guess=-2 * sign), self.solver.nodes
            seconds = time.perf_counter() - started
            append(self.log, {"position": text, "value": value, "nodes": nodes, "seconds": seconds})
            self.labels.values[text] = value
            self.labels.nodes += nodes
            self.labels.seconds += seconds
            print(f"  value {value:+d}  nodes {nodes:,}  {seconds:.1f} s", flush=True)
        return self.labels.values[text]

    def label(self, state: AdjacencyState, move: str) -> tuple[bool, int]:
        text = state.text()
        known = self.labels.moves.get(text, {})
        if move in known:
            return known[move]
        value = self.value(state)
        started = time.perf_counter()
        child = state.play(state.parse_move(move))
        booked = None if child.is_terminal() else book_entry(child)
        if booked is not None:  # the book knows the position after it: no test
            keeps, bound, nodes = booked.value == value, booked.value, 0
        else:
            keeps, bound = move_keeps(self.solver, state, state.parse_move(move), value)
            nodes = 0 if child.is_terminal() else self.solver.nodes
        seconds = time.perf_counter() - started
        item = {"position": text, "move": move, "keeps": keeps, "bound": bound}
        append(self.log, {**item, "nodes": nodes, "seconds": seconds})
        self.labels.moves.setdefault(text, {})[move] = (keeps, bound)
        self.labels.tests += 1
        self.labels.nodes += nodes
        self.labels.seconds += seconds
        return keeps, bound


def searched_moves(state: AdjacencyState) -> Iterator[tuple[str, list[str]]]:
    """Each move up to the position's symmetries, with the mirrors that share its label."""
    orbits = symmetry_orbits(state.x, state.o, state.empty(), state.size)
    for cell in sorted(set(orbits.values())):
        mirrors = [state.move_text(c) for c, rep in orbits.items() if rep == cell]
        yield state.move_text(cell), mirrors


def suite_position(spec: str, text: str, source: str, labels: Labels) -> SuitePosition | None:
    """A fully labelled position as the late suite's kind: a keeping move's value is the
    position's, a losing move's the bound its test proved (so its loss is at least)."""
    state = load_game(spec).parse_state(text)
    assert isinstance(state, AdjacencyState)
    known = labels.moves.get(text, {})
    if text not in labels.values:
        return None
    values: dict[str, int] = {}
    for move, mirrors in searched_moves(state):
        if move not in known:
            return None
        keeps, bound = known[move]
        for mirror in mirrors:
            values[mirror] = labels.values[text] if keeps else bound
    return SuitePosition(spec, text, values, source)


def label_all(positions_path: Path, log: Path, limit: int | None, table_size: int) -> None:
    labeller = Labeller(log, table_size)
    positions = read_positions(positions_path)
    done = 0
    for number, (spec, text, source) in enumerate(positions, 1):
        if limit is not None and done >= limit:
            break
        if suite_position(spec, text, source, labeller.labels) is not None:
            continue
        state = load_game(spec).parse_state(text)
        assert isinstance(state, AdjacencyState)
        print(f"[{number}/{len(positions)}] {text} ({state.plies_left} plies left)", flush=True)
        started = time.perf_counter()
        value = labeller.value(state)
        keeping = losing = 0
        for move, _mirrors in searched_moves(state):
            keeps, _bound = labeller.label(state, move)
            keeping += keeps
            losing += not keeps
        print(
            f"  value {value:+d}: {keeping} moves keep it, {losing} lose  "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        done += 1
    cost(positions_path, log)


def read_choices(path: Path) -> dict[tuple[str, str], tuple[str, float]]:
    """(bot, position) -> (the move it chose, its seconds), from the choices log."""
    choices: dict[tuple[str, str], tuple[str, float]] = {}
    if not path.exists():
        return choices
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
            choices[item["bot"], item["position"]] = (item["move"], float(item["seconds"]))
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines):
                break  # the last line cut short by a stop: that bot chooses again
            raise PlygroundError(f"{path}:{number}: not a choice ({error})") from None
    return choices


def check(bots: list[str], paths: tuple[Path, Path, Path], limit: int | None, size: int) -> None:
    """Each bot's move in each position (its own clock, a new game each), logged to
    ``choices_path``, then labelled: the check that a bot keeps the value, and the suite's
    measure where labelling every move costs too much. Resumable like ``--label``.
    ``paths``: the positions, the labels log, the choices log."""
    positions_path, log, choices_path = paths
    labeller = Labeller(log, size)
    choices = read_choices(choices_path)
    made = {spec: make_seeded_bot(spec, 1) for spec in bots}
    checked = 0
    for number, (spec, text, _source) in enumerate(read_positions(positions_path), 1):
        if limit is not None and checked >= limit:
            break
        known = labeller.labels.moves.get(text, {})
        if all((bot, text) in choices and choices[bot, text][0] in known for bot in bots):
            continue  # checked by an earlier run
        state = load_game(spec).parse_state(text)
        assert isinstance(state, AdjacencyState)
        for bot_spec, bot in made.items():
            if (bot_spec, text) in choices:
                continue
            bot.new_game(state.game)
            with collection_paused():  # as in the arena: no collection inside a timed move
                began = time.perf_counter()
                move = state.move_text(bot.choose(state).move)
                seconds = time.perf_counter() - began
            choice = {"bot": bot_spec, "position": text, "move": move, "seconds": seconds}
            append(choices_path, choice)
            choices[bot_spec, text] = (move, seconds)
        value = labeller.value(state)
        for bot_spec in bots:
            move, seconds = choices[bot_spec, text]
            keeps, bound = labeller.label(state, move)
            verdict = f"keeps {value:+d}" if keeps else f"loses {abs(value - bound)} marks or more"
            print(
                f"[{number}] {state.plies_left} plies left  {bot_spec} {move} "
                f"({seconds:.2f} s): {verdict}",
                flush=True,
            )
        checked += 1
    checked_table(bots, positions_path, log, choices_path)


def checked_table(bots: list[str], positions_path: Path, log: Path, choices_path: Path) -> None:
    """Each bot scored on the positions where every one of ``bots`` has its move labelled."""
    labels = read_labels(log)
    choices = read_choices(choices_path)
    texts = [text for _spec, text, _source in read_positions(positions_path)]
    done = [
        text
        for text in texts
        if all(
            (bot, text) in choices and choices[bot, text][0] in labels.moves.get(text, {})
            for bot in bots
        )
    ]
    if not done:
        raise PlygroundError(f"no position of {positions_path} is checked for all of {bots}")
    plies: dict[int, int] = {}
    for text in done:
        plies[int(text.split()[-1])] = plies.get(int(text.split()[-1]), 0) + 1
    spread = ", ".join(f"{count} with {left}" for left, count in sorted(plies.items()))
    print(f"{len(done)} positions, plies left: {spread}; marks lost are at least")
    print(f"  {'bot':<24} {'best moves':>10} {'marks lost/move':>16} {'worst':>6} s/move")
    for bot in bots:
        figures = BotAccuracy(bot)
        for text in done:
            move, seconds = choices[bot, text]
            keeps, bound = labels.moves[text][move]
            figures.add(0 if keeps else abs(labels.values[text] - bound), float(keeps), seconds)
        row(figures)


def cost(positions_path: Path, log: Path) -> None:
    labels = read_labels(log)
    positions = read_positions(positions_path)
    full = [p for p in positions if suite_position(*p, labels) is not None]
    values = sum(text in labels.values for _spec, text, _source in positions)
    print(
        f"{len(full)} of {len(positions)} positions fully labelled, {values} valued; "
        f"{labels.tests} move tests; {labels.nodes:,} nodes, {labels.seconds:.0f} s of solving"
    )


def table(bots: list[str], positions_path: Path, log: Path) -> None:
    labels = read_labels(log)
    full = [
        entry
        for entry in (suite_position(*p, labels) for p in read_positions(positions_path))
        if entry is not None
    ]
    if not full:
        raise PlygroundError(f"no position of {positions_path} is fully labelled: run --label")
    print(
        f"{len(full)} positions fully labelled, "
        f"{sum(len(e.values) for e in full) / len(full):.1f} moves on average; "
        f"marks lost are at least (a losing move's loss is its test's bound)"
    )
    print(f"  {'bot':<24} {'best moves':>10} {'marks lost/move':>16} {'worst':>6} s/move")
    for label in bots:
        row(measure(label, full))
    row(uniform_expectation(full))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="play games, choose the positions")
    parser.add_argument("--label", action="store_true", help="label every move (resumable)")
    parser.add_argument(
        "--check", metavar="BOT", nargs="+", help="label the move each BOT plays in each"
    )
    parser.add_argument(
        "--checked", action="store_true", help="the table of --check's moves (with --bots)"
    )
    parser.add_argument("--cost", action="store_true", help="what labelling cost, what is left")
    parser.add_argument("--limit", type=int, help="--label/--check: at most this many positions")
    parser.add_argument("--count", type=int, default=40, help="--build: positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=GAME)
    parser.add_argument("--plies", type=int, nargs=2, default=PLIES, metavar=("LEAST", "MOST"))
    parser.add_argument("--table-size", type=int, default=1 << 22, help="exact-table entries")
    parser.add_argument("--data", type=Path, default=DATA, help="where the suite's files are")
    parser.add_argument("--bots", nargs="+", default=list(BOTS), help="bot specs to measure")
    args = parser.parse_args()
    positions = args.data / "early-accuracy.jsonl"
    log = args.data / "early-accuracy-labels.jsonl"
    choices = args.data / "early-accuracy-choices.jsonl"
    try:
        if args.build:
            build(args.game, tuple(args.plies), args.count, args.seed, positions)
        elif args.label:
            label_all(positions, log, args.limit, args.table_size)
        elif args.check:
            check(args.check, (positions, log, choices), args.limit, args.table_size)
        elif args.checked:
            checked_table(args.bots, positions, log, choices)
        elif args.cost:
            cost(positions, log)
        else:
            table(args.bots, positions, log)
    except PlygroundError as error:
        print(f"early_accuracy: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
