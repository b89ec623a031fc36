"""Named experiments: a tournament preset and what the course found for it.

``seeds`` replays the course's table (docs/course.md, "What the students built and measured"):
minimax (``alphabeta``), the local searches (``annealing``, ``hillclimb``) and
the genetic algorithm (``genetic``) against each other at 8, 10 and 28 rounds
of the adjacency game, and sets each pairing's result beside the one the
course's reports measured. The course's figures are final mark counts of
single games (a "won 14-10" is 14 marks to 10), which is what
:func:`experiment_rows` measures too: the average final marks of each side
over the colour-swapped games of that pairing and round count.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plyground.arena.records.record import GameRecord
from plyground.core.errors import UnknownNameError
from plyground.games import load_game
from plyground.games.adjacency import AdjacencyState

if TYPE_CHECKING:  # the presets are read by a command's parser, before any tournament
    from plyground.arena.tournaments.tournament import TournamentSettings

__all__ = [
    "EXPERIMENTS",
    "Experiment",
    "ExperimentRow",
    "experiment",
    "experiment_name",
    "experiment_rows",
]


@dataclass(frozen=True)
class Experiment:
    """A preset: players (``NAME=SPEC``), game, round counts, and the course's findings
    keyed by ``(first, second, rounds)`` with players named as in the preset."""

    name: str
    description: str
    players: tuple[str, ...]
    game: str
    rounds: tuple[int, ...]
    course: Mapping[tuple[str, str, int], str]
    source: str


_SEEDS_COURSE: dict[tuple[str, str, int], str] = {
    ("minimax", "annealing", 8): "minimax won 14-10 (seed 000)",
    ("minimax", "annealing", 28): "tie 32-32 (seed 000; also 16-16 at 12 rounds)",
    ("minimax", "genetic", 8): "minimax won 19-5 (seed 000); won (seed 001)",
    ("minimax", "genetic", 10): "minimax won 19-9 (seed 000); won (seed 001)",
    ("minimax", "genetic", 28): "minimax won 37-27 (seed 000); won (seed 001)",
    ("annealing", "genetic", 8): "annealing won 17-7 (seed 000)",
    ("annealing", "genetic", 10): "annealing won 22-6 (seed 000)",
    ("annealing", "genetic", 28): "annealing won 40-24 (seed 000)",
    ("minimax", "hillclimb", 8): "minimax won (seed 001: 3 of 3 games, 8 to 28 rounds)",
    ("minimax", "hillclimb", 10): "minimax won (seed 001: 3 of 3 games, 8 to 28 rounds)",
    ("minimax", "hillclimb", 28): "minimax won 33-31 (seed 001)",
    ("hillclimb", "genetic", 8): "hill climbing won (seed 001: 3 of 3 games)",
    ("hillclimb", "genetic", 10): "hill climbing won (seed 001: 3 of 3 games)",
    ("hillclimb", "genetic", 28): "hill climbing won 41-23 (seed 001)",
}

EXPERIMENTS: dict[str, Experiment] = {
    "seeds": Experiment(
        name="seeds",
        description=(
            "the course's table: minimax, local search (annealing, hill climbing) and a "
            "genetic algorithm against each other at 8, 10 and 28 rounds"
        ),
        players=(
            "minimax=alphabeta",
            "annealing=annealing",
            "hillclimb=hillclimb",
            "genetic=genetic",
        ),
        game="adjacency",
        rounds=(8, 10, 28),
        course=_SEEDS_COURSE,
        source=(
            "docs/course.md, 'What the students built and measured': "
            "seed 000 (minimax to depth 4, simulated annealing, GA) and "
            "seed 001 (minimax depth 2, hill climbing, GA); one game per cell, final marks"
        ),
    )
}


def experiment(name: str) -> Experiment:
    """The experiment called ``name``; UnknownNameError lists the known ones."""
    try:
        return EXPERIMENTS[name]
    except KeyError:
        known = ", ".join(EXPERIMENTS)
        raise UnknownNameError(f"unknown experiment {name!r} (known: {known})") from None


def experiment_name(preset: Experiment, settings: TournamentSettings) -> str:
    """A tournament id fixed by the settings: running the same experiment again
    finds its stored games (and resumes it if it was interrupted)."""
    text = json.dumps(settings.to_dict(), sort_keys=True)
    return f"experiment-{preset.name}-{hashlib.sha256(text.encode()).hexdigest()[:10]}"


@dataclass(frozen=True)
class ExperimentRow:
    """One pairing at one round count: the course's finding and ours."""

    first: str
    second: str
    rounds: int
    course: str
    games: int
    wins: int
    draws: int
    losses: int
    marks: tuple[float, float]
    """Average final marks of ``first`` and ``second``."""

    def measured(self) -> str:
        """``minimax won 2-0-0 (avg 17.5-6.5)`` from the first player's side."""
        if self.games == 0:
            return "not played"
        if self.wins > self.losses:
            verdict = f"{self.first} won"
        elif self.losses > self.wins:
            verdict = f"{self.second} won"
        else:
            verdict = "even"
        return (
            f"{verdict} {self.wins}-{self.draws}-{self.losses} "
            f"(avg marks {self.marks[0]:.1f}-{self.marks[1]:.1f})"
        )


def _marks(record: GameRecord) -> tuple[int, int] | None:
    state = load_game(record.game).parse_state(record.final)
    if not isinstance(state, AdjacencyState):
        return None
    return state.count(0), state.count(1)


def experiment_rows(
    preset: Experiment, names: Sequence[str], records: Sequence[GameRecord]
) -> list[ExperimentRow]:
    """Every pairing of ``names`` (in order) at every round count of the preset."""
    tally: dict[tuple[str, str, int], list[tuple[float, int, int]]] = defaultdict(list)
    for record in records:
        rounds = int(record.tags.get("rounds", "0") or 0)
        seats = [p.name for p in record.players]
        marks = _marks(record)
        if marks is None or len(seats) != 2:
            continue
        for seat in (0, 1):
            tally[seats[seat], seats[1 - seat], rounds].append(
                (record.score(seat), marks[seat], marks[1 - seat])
            )
    rows = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            for rounds in preset.rounds:
                games = tally.get((first, second, rounds), [])
                count = len(games)
                rows.append(
                    ExperimentRow(
                        first=first,
                        second=second,
                        rounds=rounds,
                        course=preset.course.get((first, second, rounds), ""),
                        games=count,
                        wins=sum(1 for s, _, _ in games if s == 1.0),
                        draws=sum(1 for s, _, _ in games if s == 0.5),
                        losses=sum(1 for s, _, _ in games if s == 0.0),
                        marks=(
                            sum(m for _, m, _ in games) / count if count else 0.0,
                            sum(m for _, _, m in games) / count if count else 0.0,
                        ),
                    )
                )
    return rows
