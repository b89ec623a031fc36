"""Tuning a bot's evaluation weights by evolving them through tournaments.

A tuning run (``plyground tune``) is a tournament of kind ``tune`` in a
:class:`~plyground.arena.storage.store.RecordStore`. Its settings
(:class:`TuneSettings`) name a bot whose evaluation declares tunable
weights (:meth:`~plyground.core.evaluation.Evaluator.tunable_weights`:
a default and a range per weight), the game, the population, and how
fitness is measured. Each generation:

1. **Members**: generation 0 is the starting weights (the evaluation's
   defaults, or the ``weights`` the bot spec names) and ``population - 1``
   sets drawn uniformly from the declared ranges (``init="random"``) or
   varied around the start (``init="defaults"``). Each member has an id
   (``m0007``) for life; its weights travel inline in its bot spec
   (``alphabeta(depth=3,weights=gain:2.31;threat:0.87;...)``), so the
   machines that play it need no file.
2. **Games**: members meet each other (each about ``opponents`` others,
   or all of them) and each member meets every player of the fixed
   *reference field* (by default the bot with its starting weights),
   ``pairs`` colour-swapped pairs per meeting, each pair from an opening of
   its own drawn for that generation. (Not one set of openings shared by
   every meeting, as in a tournament: in a short game at a fixed depth the
   opening can decide the result whatever the weights, and a few shared
   openings then say nothing about the members. Many openings sample many
   positions; the colour swap still cancels each opening's bias.) The games
   are :class:`~plyground.arena.runs.jobs.GameJob` s played on any backend
   (a local process pool, Ray) and stored under keys
   ``g003/m0007/m0012/p0/g1``, so ``plyground report --tournament RUN``
   reads them like any tournament's.
3. **Fitness**: Bradley-Terry Elo fitted on the generation's games
   (:func:`~plyground.arena.stats.ratings.fit_ratings`), anchored so that the
   first reference player is 0: a member's fitness is its estimated Elo
   against the starting weights, comparable across generations. Without a
   reference field the ratings are relative (mean 0) within a generation.
4. **Breeding**: the ``keep`` fittest are kept unchanged and the rest bred
   from them (:func:`~plyground.algorithms.local.real_vectors.next_generation`:
   BLX-alpha crossover, Gaussian mutation, both within the ranges).

Everything random (members, pairings, openings, breeding, the games' seeds)
is derived from the run's seed and the generation's number, and fitness is
computed from the games in key order, so the same settings give the same run
on any backend whenever the bot itself is deterministic (a fixed ``depth``
with a generous clock). Each generation's members are stored before its games,
and its fitness is stored in one transaction with the next generation's
members, so a run stopped at any point resumes where it was: the missing
games of the current generation are played, nothing is played twice.

**One-player games** (2048) replace steps 2 and 3: each member plays the
same seeded games as the others and its fitness is its mean score
(:mod:`plyground.arena.tuning.solo_fitness`); only each game's outcome is stored.

The best weights are those of the final generation's member with the highest
rating (mean score, in a one-player game) over *all* the run's games (a
member kept for several generations is judged on all of them). A
confirmation match then plays them against the starting weights on fresh
openings (fresh seeds, in a one-player game). The settings and members are in
:mod:`plyground.arena.tuning.settings`; the weights file and the confirmation
in :mod:`plyground.arena.tuning.results`; the plot of fitness per generation in
:mod:`plyground.arena.reports.plots`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from plyground.algorithms.local.real_vectors import RealBox, next_generation
from plyground.arena.records.record import GameRecord
from plyground.arena.records.solo_game import SoloGame
from plyground.arena.runs.backends import Backend
from plyground.arena.runs.jobs import Entrant, GameJob, SoloJob
from plyground.arena.stats.ratings import Outcome, fit_ratings
from plyground.arena.storage.store import GenerationRow, RecordStore, StoreError, utc_now
from plyground.arena.tournaments.schedule import (
    ScheduledGame,
    colour_swapped,
    derive_seed,
    make_start_positions,
)
from plyground.arena.tournaments.tournament import (
    Tournament,
    TournamentSettings,
)
from plyground.arena.tuning.settings import (
    INITS,
    PRESETS,
    Member,
    TuneSettings,
    circulant_offsets,
)
from plyground.arena.tuning.solo_fitness import MEASURE, solo_fitness, solo_jobs
from plyground.core.errors import SettingsError

__all__ = [
    "INITS",
    "PRESETS",
    "GenerationResult",
    "Member",
    "TuneObserver",
    "TuneSettings",
    "TuningRun",
]


@dataclass(frozen=True)
class GenerationResult:
    """A scored generation: per member its fitness (``measure``: ``elo``, or ``mean``
    score in a one-player game), 95% margin, games, and more figures."""

    number: int
    members: tuple[Member, ...]
    fitness: Mapping[str, Mapping[str, float]]
    measure: str = "elo"

    def value(self, member: Member) -> float:
        """``member``'s fitness."""
        return self.fitness[member.id][self.measure]

    def ranked(self) -> list[Member]:
        """Members from the fittest down (ties: the earlier member first)."""
        order = {m.id: i for i, m in enumerate(self.members)}
        return sorted(self.members, key=lambda m: (-self.value(m), order[m.id]))

    @property
    def best(self) -> float:
        """The highest fitness."""
        return max(self.value(m) for m in self.members)

    @property
    def mean(self) -> float:
        """The members' mean fitness."""
        return sum(self.value(m) for m in self.members) / len(self.members)


class TuneObserver:
    """Hears a tuning run's progress (the CLI shows it); every method is optional."""

    def generation_started(
        self, run: TuningRun, number: int, members: Sequence[Member], total: int, done: int
    ) -> None:
        """Generation ``number`` begins: ``total`` games, ``done`` already stored."""

    def game_stored(self, key: str, done: int, total: int) -> None:
        """The game ``key`` of the current generation ended and was stored."""

    def generation_finished(self, run: TuningRun, result: GenerationResult) -> None:
        """A generation was scored."""


@dataclass
class TuningRun:
    """A tuning run in a store (see the module docstring)."""

    store: RecordStore
    id: str
    settings: TuneSettings

    KIND = "tune"

    @classmethod
    def create(
        cls, store: RecordStore, settings: TuneSettings, name: str | None = None
    ) -> TuningRun:
        """A new run stored under ``name`` (default: ``tune-`` and the time), with
        generation 0's members."""
        if name is None:
            stamp = utc_now().replace(":", "").replace("-", "").replace("+0000", "")
            name = f"tune-{stamp}-{derive_seed(time.time_ns()) % 65536:04x}"
        if not name.strip():
            raise SettingsError("a tuning run's name may not be empty")
        planned = settings.generations * settings.games_per_generation()
        store.create_tournament(name, cls.KIND, settings.to_dict(), planned)
        run = cls(store, name, settings)
        store.add_generation(name, 0, [m.to_dict() for m in run.first_generation()])
        return run

    @classmethod
    def resume(
        cls, store: RecordStore, run_id: str | None = None, generations: int | None = None
    ) -> TuningRun:
        """The run ``run_id`` (default: the latest unfinished tuning run); with
        ``generations`` its total number of generations changes (a finished run
        given more generations continues)."""
        if run_id is None:
            rows = [t for t in store.tournaments() if t.kind == cls.KIND and not t.finished]
            if not rows:
                raise StoreError(f"no unfinished tuning run to resume in {str(store.path)!r}")
            row = rows[-1]
        else:
            row = store.tournament(run_id)
        if row.kind != cls.KIND:
            raise StoreError(f"{row.id!r} is not a tuning run (it is a {row.kind})")
        changes = {} if generations is None else {"generations": generations}
        settings = TuneSettings.from_dict(row.settings, **changes)
        run = cls(store, row.id, settings)
        if (
            generations is not None
            and generations != TuneSettings.from_dict(row.settings).generations
        ):
            scored = [g for g in store.generations(row.id) if g.fitness is not None]
            if generations < len(scored):
                raise SettingsError(
                    f"run {row.id!r} has already scored {len(scored)} generations; "
                    f"cannot cut it to {generations}"
                )
            planned = generations * settings.games_per_generation()
            store.update_settings(row.id, settings.to_dict(), planned)
        return run

    # -- members --------------------------------------------------------------
    def first_generation(self) -> list[Member]:
        """Generation 0: the starting weights and ``population - 1`` drawn sets."""
        s = self.settings
        rng = Random(derive_seed("init", s.seed))
        box = s.box()
        start = s.start_weights
        members = [Member("m0000", start, "start")]
        wide = RealBox(box.lows, box.highs, scale=0.25, gene_rate=1.0)
        while len(members) < s.population:
            if s.init == "random":
                vector, origin = box.random_candidate(rng), "random"
            else:
                vector, origin = wide.mutate(s.vector(start), rng), "varied"
            members.append(Member(_member_id(len(members)), s.weights(vector), origin))
        return members

    def generations(self) -> list[GenerationRow]:
        """The stored generations."""
        return self.store.generations(self.id)

    def results(self) -> list[GenerationResult]:
        """Every scored generation."""
        return [
            GenerationResult(
                row.number,
                tuple(Member.from_dict(m) for m in row.population),
                row.fitness,
                self.measure,
            )
            for row in self.generations()
            if row.fitness is not None
        ]

    @property
    def measure(self) -> str:
        """The fitness key: ``elo``, or ``mean`` (score) in a one-player game."""
        return MEASURE if self.settings.solo else "elo"

    @property
    def finished(self) -> bool:
        """True when the planned generations are all scored."""
        return len(self.results()) >= self.settings.generations

    # -- the games of a generation ---------------------------------------------
    def schedule(self, number: int, members: Sequence[Member]) -> list[ScheduledGame]:
        """Every game of generation ``number`` (see the module docstring)."""
        s = self.settings
        ids = [m.id for m in members]
        order = list(ids)
        Random(derive_seed("pairings", s.seed, number)).shuffle(order)
        offsets = None if s.opponents is None else circulant_offsets(len(order), s.opponents)
        if offsets is None:
            meetings = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
        else:
            meetings = [
                (order[i], order[(i + k) % len(order)]) for k in offsets for i in range(len(order))
            ]
        meetings += [(member, entrant.name) for member in ids for entrant in s.reference_field]
        spec = s.game_spec
        openings = make_start_positions(
            spec, s.pairs * len(meetings), s.openings, derive_seed("opening", s.seed, number)
        )
        return colour_swapped(
            f"g{number:03d}",
            meetings,
            [openings[k * len(meetings) : (k + 1) * len(meetings)] for k in range(s.pairs)],
            game=spec,
            rounds=None,
        )

    def _tournament(self, members: Sequence[Member]) -> Tournament:
        """A tournament view of one generation, to make its games' jobs the way
        every tournament does (seeds derived from the run's seed and the key)."""
        s = self.settings
        entrants = (
            tuple(Entrant(m.id, s.member_spec(m.weights)) for m in members) + s.reference_field
        )
        settings = TournamentSettings(
            entrants=entrants,
            game=s.game,
            openings=s.openings,
            seed=s.seed,
            run=s.run,
        )
        return Tournament(self.store, self.id, settings)

    def jobs(self, number: int, members: Sequence[Member]) -> list[GameJob] | list[SoloJob]:
        """The jobs of generation ``number``, in schedule order."""
        if self.settings.solo:
            return solo_jobs(self.settings, number, members)
        tournament = self._tournament(members)
        jobs = []
        for scheduled in self.schedule(number, members):
            job = tournament.job(scheduled)
            jobs.append(replace(job, tags={**job.tags, "generation": str(number)}))
        return jobs

    def generation_records(self, number: int) -> list[GameRecord]:
        """The stored games of generation ``number``, in key order."""
        prefix = f"g{number:03d}/"
        games = [g for g in self.store.games(self.id) if (g.key or "").startswith(prefix)]
        return [g.record for g in sorted(games, key=lambda g: g.key or "")]

    def score(self, number: int, members: Sequence[Member]) -> GenerationResult:
        """Fitness of each member from generation ``number``'s games (module docstring)."""
        s = self.settings
        if s.solo:
            prefix = f"g{number:03d}/"
            games = [g for g in self.store.solo_games(self.id) if g.key.startswith(prefix)]
            return GenerationResult(number, tuple(members), solo_fitness(games, members), MEASURE)
        records = self.generation_records(number)
        names = [m.id for m in members] + [e.name for e in s.reference_field]
        table = fit_ratings(
            _outcomes(records),
            players=names,
            anchor=(s.reference_field[0].name, 0.0) if s.reference_field else None,
        )
        fitness = {
            m.id: {
                "elo": round(table.rating(m.id), 3),
                "margin": round(table.margin(m.id), 3),
                "games": table.games[i],
                "score": round(table.scores[i] / table.games[i], 4) if table.games[i] else 0.0,
            }
            for i, m in enumerate(members)
        }
        return GenerationResult(number, tuple(members), fitness)

    def breed(self, result: GenerationResult) -> list[Member]:
        """The next generation's members from a scored one."""
        s = self.settings
        ranked = result.ranked()
        rng = Random(derive_seed("breed", s.seed, result.number + 1))
        children = next_generation(
            [s.vector(m.weights) for m in ranked],
            s.box(),
            rng,
            size=s.population,
            keep=s.keep,
            crossover_rate=s.crossover_rate,
            mutation_rate=s.mutation_rate,
        )
        next_id = 1 + max(int(m["id"][1:]) for row in self.generations() for m in row.population)
        members = []
        for child in children:
            if child.origin == "kept":
                members.append(
                    Member(ranked[child.parents[0]].id, ranked[child.parents[0]].weights, "kept")
                )
            else:
                parents = tuple(ranked[i].id for i in child.parents)
                members.append(
                    Member(_member_id(next_id), s.weights(child.candidate), "bred", parents)
                )
                next_id += 1
        return members

    # -- playing --------------------------------------------------------------
    def evolve(
        self,
        backend: Backend,
        observer: TuneObserver | None = None,
        deadline: float | None = None,
    ) -> bool:
        """Play and score generations until the planned number are scored (True) or
        ``time.monotonic()`` passes ``deadline`` (False: the run stays resumable)."""
        observer = observer or TuneObserver()
        while True:
            rows = self.generations()
            scored = [r for r in rows if r.fitness is not None]
            if len(scored) >= self.settings.generations:
                self.store.finish_tournament(self.id)
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            current = rows[-1]
            if current.fitness is not None:  # a run given more generations after it ended
                members = self.breed(self.results()[-1])
                self.store.add_generation(
                    self.id, current.number + 1, [m.to_dict() for m in members]
                )
                continue
            members = [Member.from_dict(m) for m in current.population]
            if not self._play_generation(current.number, members, backend, observer, deadline):
                return False
            result = self.score(current.number, members)
            last = current.number + 1 >= self.settings.generations
            following = None if last else [m.to_dict() for m in self.breed(result)]
            self.store.finish_generation(self.id, current.number, result.fitness, following)
            observer.generation_finished(self, result)

    def _play_generation(
        self,
        number: int,
        members: Sequence[Member],
        backend: Backend,
        observer: TuneObserver,
        deadline: float | None,
    ) -> bool:
        jobs = self.jobs(number, members)
        stored = self.store.stored_keys(self.id)
        todo = [job for job in jobs if job.key not in stored]
        done = len(jobs) - len(todo)
        observer.generation_started(self, number, members, len(jobs), done)
        if not todo:
            return True
        results = backend.results(iter(todo))
        try:
            for job, payload in results:
                if self._store(job, payload):
                    done += 1
                    observer.game_stored(job.key, done, len(jobs))
                if deadline is not None and time.monotonic() >= deadline and done < len(jobs):
                    return False
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()
        return done >= len(jobs)

    def _store(self, job: GameJob | SoloJob, payload: dict[str, Any]) -> bool:
        """Store a job's game (a record, or a one-player game's outcome); False when its
        key was stored already."""
        if isinstance(job, SoloJob):
            return self.store.add_solo_game(self.id, SoloGame.from_dict(payload))
        record = GameRecord.from_dict(payload)
        return self.store.add_game(record, self.id, job.key) is not None

    # -- the outcome ------------------------------------------------------------
    def best(self) -> tuple[Member, float]:
        """The final scored generation's member rated highest over all the run's games,
        and that rating (Elo against the first reference player, if any; in a
        one-player game the mean score)."""
        results = self.results()
        if not results:
            raise StoreError(f"tuning run {self.id!r} has no scored generation yet")
        members = results[-1].members
        if self.settings.solo:
            fitness = solo_fitness(self.store.solo_games(self.id), members)
            overall = GenerationResult(results[-1].number, members, fitness, MEASURE)
            best = overall.ranked()[0]
            return best, overall.value(best)
        field_names = [e.name for e in self.settings.reference_field]
        records = [g.record for g in self.store.games(self.id)]
        table = fit_ratings(
            _outcomes(sorted(records, key=lambda r: r.tags.get("key", ""))),
            anchor=(field_names[0], 0.0) if field_names else None,
        )
        order = {m.id: i for i, m in enumerate(members)}
        best = min(members, key=lambda m: (-table.rating(m.id), order[m.id]))
        return best, table.rating(best.id)


def _member_id(number: int) -> str:
    return f"m{number:04d}"


def _outcomes(records: Sequence[GameRecord]) -> list[Outcome]:
    return [
        Outcome(r.players[0].name, r.players[1].name, r.score(0))
        for r in records
        if len(r.players) == 2
    ]
