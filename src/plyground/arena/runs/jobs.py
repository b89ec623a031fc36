"""One scheduled game as a worker plays it: :class:`GameJob` and :func:`play_job`,
and a one-player game's :class:`SoloJob`.

A game job is one kind of :class:`Task`, what a backend's workers perform.

A tournament (or a tuning run) turns each scheduled game into a job, a
picklable description; a backend (:mod:`plyground.arena.runs.backends`: a local
process pool, a Ray cluster) hands jobs to workers, which play them with
:func:`play_job` and send back the record. Jobs sit apart from both, so
neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from plyground.arena.play.engine_log import engine_log
from plyground.arena.play.run_options import RunOptions
from plyground.arena.play.solo import play_solo
from plyground.arena.players.engine_player import ENGINE_PREFIX
from plyground.arena.records.solo_game import SoloGame
from plyground.bots import make_bot
from plyground.core.limits import Limit
from plyground.games import load_game

__all__ = ["Entrant", "GameJob", "SoloJob", "Task", "play_job"]


class Task(Protocol):
    """Work for a backend's worker: picklable, named by ``key``, done by :meth:`perform`."""

    @property
    def key(self) -> str:
        """A name for progress and error messages."""

    def perform(self) -> Any:
        """Do the work (in a worker process) and return a picklable result."""


@dataclass(frozen=True)
class Entrant:
    """A tournament player: its name in tables and records, what plays (a bot
    spec such as ``alphabeta:time=1`` or ``engine:COMMAND``), and for an engine
    the folder it runs in (None: the tournament's own working directory)."""

    name: str
    spec: str
    cwd: str | None = None

    def to_dict(self) -> dict[str, str]:
        """JSON-friendly (``cwd`` only when set); :meth:`from_dict` reads it back."""
        data = {"name": self.name, "spec": self.spec}
        if self.cwd is not None:
            data["cwd"] = self.cwd
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entrant:
        """Read what :meth:`to_dict` wrote (KeyError when a field is missing)."""
        cwd = data.get("cwd")
        return cls(str(data["name"]), str(data["spec"]), None if cwd is None else str(cwd))

    @property
    def is_engine(self) -> bool:
        """True for an external engine (``engine:COMMAND``)."""
        return self.spec.startswith(ENGINE_PREFIX)


@dataclass(frozen=True)
class GameJob:
    """One game for a worker: everything :func:`play_job` needs, and nothing more."""

    key: str
    index: int
    game: str
    seats: tuple[Entrant, Entrant]
    start: str
    seed: int
    bot_seeds: tuple[int, int]
    run: RunOptions
    tags: Mapping[str, str] = field(default_factory=dict)

    def perform(self) -> dict[str, Any]:
        """Play the game: its record as a dict (:func:`play_job`)."""
        return play_job(self)


def play_job(job: GameJob) -> dict[str, Any]:
    """Play one scheduled game and return its record as a dict (runs in a worker).

    The players are always closed (engines' process trees killed), whatever
    happens. The record's player names are the tournament's names.
    """
    game = load_game(job.game)
    players = []
    try:
        for seat, entrant in enumerate(job.seats):
            where = job.run.engine_log
            log = None if where is None else engine_log(where, entrant.name)
            players.append(
                job.run.player(
                    entrant.spec,
                    seed=job.bot_seeds[seat],
                    log=log,
                    cwd=entrant.cwd,
                    name=entrant.name,
                )
            )
        record = job.run.referee(game).play(players, job.start, tags=job.tags, seed=job.seed)
    finally:
        for player in players:
            player.close()
    named = tuple(
        replace(info, name=entrant.name)
        for info, entrant in zip(record.players, job.seats, strict=True)
    )
    return replace(record, players=named).to_dict()


@dataclass(frozen=True)
class SoloJob:
    """One seeded game of a one-player game (2048) for a worker: ``spec`` plays it to the
    end (or ``max_moves``) at ``run.time`` a move, ``seed`` drawing every chance outcome."""

    key: str
    game: str
    player: str
    spec: str
    seed: int
    run: RunOptions
    max_moves: int | None = None

    def perform(self) -> dict[str, Any]:
        """Play the game: its :class:`~plyground.arena.records.solo_game.SoloGame` as a dict."""
        result = play_solo(
            load_game(self.game),
            make_bot(self.spec),
            self.seed,
            limit=Limit(time=self.run.time),
            max_moves=self.max_moves,
        )
        return SoloGame(
            key=self.key,
            player=self.player,
            game=self.game,
            seed=self.seed,
            score=result.final.returns()[0],
            moves=result.moves,
            finished=result.finished,
            duration=round(result.seconds, 3),
            final=result.final.text(),
        ).to_dict()
