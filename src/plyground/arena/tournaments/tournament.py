"""Tournaments: a deterministic schedule of refereed games, stored as they end.

A :class:`Tournament` pairs its :class:`TournamentSettings` (players, game,
round counts, pairs per pairing, opening plies, seed, time per move, rule-break
policy, isolation) with a tournament id in a :class:`RecordStore`. Its
schedule (:mod:`plyground.arena.tournaments.schedule`) is a pure function of the
settings, and every game is stored under its schedule key in one
transaction as soon as it ends. So a tournament stopped at any moment
resumes by playing exactly the keys that are not stored: none is lost, none
is counted twice.

Each game becomes a :class:`~plyground.arena.runs.jobs.GameJob`, a picklable
description from which a worker (a local process or a Ray task) plays the
game with :func:`~plyground.arena.runs.jobs.play_job`:
it makes the players (external engines and, with ``isolate``, Python bots in
their own process group with a memory cap), lets the referee play from the
scheduled opening with a seed derived from the tournament's seed and the
game's key, closes the players, and returns the record. Bots that take a
``seed`` setting and were given none get one derived the same way, so a
tournament of seeded players is reproducible game for game.

With ``sprt`` set, a tournament of two players plays colour-swapped pairs
until the SPRT decides (or ``pairs`` pairs are played) and stops there.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.engine_player import ENGINE_PREFIX
from plyground.arena.players.make import check_bots_play
from plyground.arena.records.record import GameRecord
from plyground.arena.runs.backends import Backend
from plyground.arena.runs.jobs import Entrant, GameJob
from plyground.arena.stats.sprt import Sprt, SprtDecision, SprtState, paired_scores
from plyground.arena.storage.store import RecordStore, StoreError, utc_now
from plyground.arena.tournaments.engine_folders import ClassNotes
from plyground.arena.tournaments.schedule import (
    ScheduledGame,
    TournamentFormat,
    derive_seed,
    make_schedule,
)
from plyground.bots import make_bot
from plyground.bots.user import is_user_bot
from plyground.core.errors import PlygroundError, SettingsError
from plyground.core.settings import parse_spec
from plyground.games import load_game

__all__ = [
    "Entrant",
    "RunChoices",
    "Tournament",
    "TournamentObserver",
    "TournamentSettings",
    "check_names",
    "describe",
    "estimate_seconds",
    "game_plies",
    "parse_entrant",
    "settings_lines",
]

_LABEL = re.compile(r"(?P<label>[A-Za-z0-9_.+\-]+)=(?P<spec>.+)")


def parse_entrant(text: str) -> Entrant:
    """``[NAME=]SPEC``: ``ab4=alphabeta:depth=4`` names the bot ``ab4``; a bare spec
    is its own name. The bot is made once here, so a bad spec fails at once."""
    stripped = text.strip()
    match = _LABEL.fullmatch(stripped)
    name, spec = (match.group("label"), match.group("spec")) if match else (stripped, stripped)
    if not spec:
        raise SettingsError(f"player {text!r} names nothing to play")
    if not spec.startswith(ENGINE_PREFIX):
        bot = make_bot(spec)
        if not match and is_user_bot(parse_spec(spec)[0]):
            name = bot.name  # a bot from a file is called by its class, not its path
    return Entrant(name, spec)


@dataclass(frozen=True)
class RunChoices:
    """What the first run was asked beyond the games, which a resume keeps: where the
    HTML report goes (an absolute path) and its title, and how many games run at once."""

    html: str | None = None
    title: str | None = None
    concurrency: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly; :meth:`from_dict` reads it back."""
        return {"html": self.html, "title": self.title, "concurrency": self.concurrency}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunChoices:
        concurrency = data.get("concurrency")
        return cls(
            html=data.get("html"),
            title=data.get("title"),
            concurrency=None if concurrency is None else int(concurrency),
        )


@dataclass(frozen=True)
class TournamentSettings:
    """Everything that fixes a tournament's schedule and games (stored with it)."""

    entrants: tuple[Entrant, ...]
    game: str = "adjacency"
    rounds: tuple[int | None, ...] = (None,)
    format: TournamentFormat = TournamentFormat.ROUND_ROBIN
    pairs: int = 1
    openings: int = 0
    seed: int = 0
    book: tuple[str, ...] = ()
    """Start positions of the pairs, in order (empty: ``openings`` random plies)."""
    run: RunOptions = field(default_factory=RunOptions)
    """How each game is played: time, grace, rule-break policy, engines, isolation."""
    sprt: Sprt | None = None
    classroom: ClassNotes | None = None
    """For a class tournament (``--engines DIR``): the authors and the engines left out."""
    choices: RunChoices = field(default_factory=RunChoices)
    """The report and concurrency asked for, kept by a resume."""

    def __post_init__(self) -> None:
        if self.sprt is not None and len(self.entrants) != 2:
            names = ", ".join(e.name for e in self.entrants)
            raise SettingsError(f"an SPRT is between exactly two players, got: {names}")
        if self.sprt is not None and not self.sprt.pentanomial:
            raise SettingsError("a tournament's SPRT counts colour-swapped pairs (pentanomial)")
        game = load_game(self.game)
        if game.capabilities.players != 2:
            raise SettingsError(f"a tournament needs a two-player game; {game.spec!r} is not one")
        check_bots_play((entrant.spec for entrant in self.entrants), game)

    @property
    def kind(self) -> str:
        """``sprt``, ``round-robin`` or ``gauntlet``."""
        return "sprt" if self.sprt is not None else self.format.value

    @property
    def most_pairs(self) -> int:
        """The colour-swapped pairs the schedule holds: an SPRT's limit."""
        return len(self.schedule()) // 2

    def schedule(self) -> list[ScheduledGame]:
        """Every game, in playing order (for an SPRT: up to ``pairs`` pairs)."""
        return make_schedule(
            [e.name for e in self.entrants],
            self.game,
            rounds=self.rounds,
            fmt=self.format,
            pairs=self.pairs,
            opening_plies=self.openings,
            seed=self.seed,
            book=self.book,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly; :meth:`from_dict` reads it back."""
        return {
            "entrants": [e.to_dict() for e in self.entrants],
            "game": self.game,
            "rounds": list(self.rounds),
            "format": self.format.value,
            "pairs": self.pairs,
            "openings": self.openings,
            "seed": self.seed,
            **({"book": list(self.book)} if self.book else {}),
            **self.run.to_dict(),
            "sprt": None
            if self.sprt is None
            else {
                "elo0": self.sprt.elo0,
                "elo1": self.sprt.elo1,
                "alpha": self.sprt.alpha,
                "beta": self.sprt.beta,
                "pentanomial": self.sprt.pentanomial,
            },
            **({} if self.classroom is None else {"classroom": self.classroom.to_dict()}),
            **({} if self.choices == RunChoices() else {"choices": self.choices.to_dict()}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentSettings:
        """Read what :meth:`to_dict` wrote; StoreError if it is not a tournament's settings."""
        try:
            sprt = data.get("sprt")
            classroom = data.get("classroom")
            return cls(
                entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]),
                game=str(data["game"]),
                rounds=tuple(None if r is None else int(r) for r in data["rounds"]),
                format=TournamentFormat(data["format"]),
                pairs=int(data["pairs"]),
                openings=int(data["openings"]),
                seed=int(data["seed"]),
                book=tuple(str(text) for text in data.get("book") or ()),
                run=RunOptions.from_dict(data),
                sprt=None if sprt is None else Sprt(**sprt),
                classroom=None if classroom is None else ClassNotes.from_dict(classroom),
                choices=RunChoices.from_dict(data.get("choices") or {}),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise StoreError(f"stored tournament settings are not readable: {error!r}") from None


class TournamentObserver:
    """Hears a tournament's progress (the CLI shows it); every method is optional."""

    def started(self, tournament: Tournament, total: int, done: Sequence[GameRecord]) -> None:
        """Play begins: ``total`` games in the schedule, ``done`` already stored."""

    def game_stored(self, record: GameRecord, done: int, total: int) -> None:
        """A game ended and was stored; ``done`` of ``total`` are stored now."""

    def sprt_updated(self, state: SprtState) -> None:
        """The SPRT after a completed pair."""


@dataclass
class Tournament:
    """A tournament in a store: settings, schedule, and the games still to play."""

    store: RecordStore
    id: str
    settings: TournamentSettings

    @classmethod
    def create(
        cls, store: RecordStore, settings: TournamentSettings, name: str | None = None
    ) -> Tournament:
        """A new tournament stored under ``name`` (default: its kind and the time)."""
        if name is None:
            stamp = utc_now().replace(":", "").replace("-", "").replace("+0000", "")
            name = f"{settings.kind}-{stamp}-{os.urandom(2).hex()}"
        if not name.strip():
            raise SettingsError("a tournament name may not be empty")
        planned = len(settings.schedule())
        store.create_tournament(name, settings.kind, settings.to_dict(), planned)
        return cls(store, name, settings)

    @classmethod
    def resume(cls, store: RecordStore, tournament_id: str | None = None) -> Tournament:
        """The tournament ``tournament_id`` (default: the latest unfinished one)."""
        if tournament_id is None:
            row = store.latest_tournament(unfinished_only=True)
            if row is None:
                raise StoreError(f"no unfinished tournament to resume in {str(store.path)!r}")
        else:
            row = store.tournament(tournament_id)
        if row.kind not in ("round-robin", "gauntlet", "sprt"):
            raise StoreError(f"{row.id!r} is not a tournament this command can resume ({row.kind})")
        return cls(store, row.id, TournamentSettings.from_dict(row.settings))

    def schedule(self) -> list[ScheduledGame]:
        """The whole schedule."""
        return self.settings.schedule()

    def missing(self) -> list[ScheduledGame]:
        """The scheduled games not stored yet, in playing order."""
        stored = self.store.stored_keys(self.id)
        return [g for g in self.schedule() if g.key not in stored]

    def records(self) -> list[GameRecord]:
        """The games stored so far."""
        return [g.record for g in self.store.games(self.id)]

    def job(self, scheduled: ScheduledGame) -> GameJob:
        """The job that plays ``scheduled``."""
        s = self.settings
        by_name = {e.name: e for e in s.entrants}
        seats = (by_name[scheduled.seats[0]], by_name[scheduled.seats[1]])
        tags = {
            "tournament": self.id,
            "key": scheduled.key,
            "pair": str(scheduled.pair),
            "opening_plies": str(s.openings),
        }
        if scheduled.rounds is not None:
            tags["rounds"] = str(scheduled.rounds)
        return GameJob(
            key=scheduled.key,
            index=scheduled.index,
            game=scheduled.game,
            seats=seats,
            start=scheduled.opening,
            seed=derive_seed("referee", s.seed, scheduled.key),
            bot_seeds=(
                derive_seed("bot", s.seed, scheduled.key, 0) % (1 << 31),
                derive_seed("bot", s.seed, scheduled.key, 1) % (1 << 31),
            ),
            run=s.run,
            tags=tags,
        )

    def sprt_state(self, records: Iterable[GameRecord] | None = None) -> SprtState | None:
        """The SPRT over the complete pairs stored (None for other tournaments)."""
        test = self.settings.sprt
        if test is None:
            return None
        first, second = (e.name for e in self.settings.entrants)
        done = self.records() if records is None else records
        return test.state_from_scores(paired_scores(done, first, second))

    def play(
        self,
        backend: Backend,
        observer: TournamentObserver | None = None,
        limit: int | None = None,
    ) -> int:
        """Play the missing games on ``backend``, storing each as it ends; returns how
        many were played. ``limit`` stops after that many (the rest stay missing).

        The tournament is marked finished when every game is stored, or when
        its SPRT has decided.
        """
        observer = observer or TournamentObserver()
        schedule = self.schedule()
        done = self.records()
        observer.started(self, len(schedule), done)
        state = self.sprt_state(done)
        if state is not None and state.decision is not SprtDecision.CONTINUE:
            self.store.finish_tournament(self.id)
            observer.sprt_updated(state)
            return 0
        stored = {r.tags.get("key") for r in done}
        todo = [g for g in schedule if g.key not in stored]
        if limit is not None:
            todo = todo[:limit]
        count = len(done)
        played = 0
        results = backend.run(self.job(g) for g in todo)
        try:
            for job, record in results:
                if self.store.add_game(record, self.id, job.key) is None:
                    continue
                done.append(record)
                count += 1
                played += 1
                observer.game_stored(record, count, len(schedule))
                if self.settings.sprt is not None and _pair_complete(done, job.key):
                    state = self.sprt_state(done)
                    assert state is not None
                    observer.sprt_updated(state)
                    if state.decision is not SprtDecision.CONTINUE:
                        break
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()
        state = self.sprt_state(done)
        finished = count >= len(schedule) or (
            state is not None and state.decision is not SprtDecision.CONTINUE
        )
        if finished:
            self.store.finish_tournament(self.id)
        return played


def game_plies(game_spec: str, cap: int = 2000) -> int:
    """How many plies a game of ``game_spec`` lasts: a seeded random playout's length
    (exact for games of fixed length such as adjacency; at most ``cap``)."""
    rng = random.Random(0)
    state = load_game(game_spec).initial_state()
    plies = 0
    while not state.is_terminal() and plies < cap:
        state = state.play(rng.choice(list(state.legal_moves())))
        plies += 1
    return plies


def estimate_seconds(games: Sequence[ScheduledGame], time: float, concurrency: int) -> float:
    """The most a run of ``games`` should take: each game's plies at ``time`` a move,
    ``concurrency`` games at once (the referee's grace and start-ups aside)."""
    plies: dict[str, int] = {}
    total = 0.0
    for game in games:
        if game.game not in plies:
            plies[game.game] = game_plies(game.game)
        total += plies[game.game] * time
    return total / max(1, concurrency)


def _pair_complete(done: Sequence[GameRecord], key: str) -> bool:
    prefix = key.rsplit("/", 1)[0] + "/"
    return sum(1 for r in done if r.tags.get("key", "").startswith(prefix)) == 2


def describe(settings: TournamentSettings) -> str:
    """One line: ``round-robin of 3 players, adjacency at 8,10 rounds, 2 pairs, 0.1 s/move``."""
    rounds = ",".join("default" if r is None else str(r) for r in settings.rounds)
    parts = (
        f"{settings.kind} of {len(settings.entrants)} players",
        f"{load_game(settings.game).name} at {rounds} rounds",
        f"{settings.pairs} pair(s) per pairing",
        _openings_text(settings.openings, len(settings.book)),
        f"{settings.run.time:g} s/move",
        f"seed {settings.seed}",
    )
    return ", ".join(parts)


def _openings_text(plies: int, book: int) -> str:
    if book:
        return f"a book of {book} opening(s)"
    return f"{plies} opening plies"


_POLICIES = {
    "random-move": "a random legal move is played for a bot that breaks a rule (times out, "
    "crashes, answers an illegal move), and the game goes on",
    "forfeit": "a bot that breaks a rule loses the game",
}


def settings_lines(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What a report says of a tournament's settings, read from their stored form
    (:meth:`TournamentSettings.to_dict`): game, rounds, time per move, rule-break policy,
    pairs, openings, seed, and the SPRT if any. Keys it does not find are left out."""
    lines: list[tuple[str, str]] = []
    if "game" in data:
        lines.append(("game", str(data["game"])))
    if "rounds" in data:
        rounds = ", ".join("the game's own" if r is None else str(r) for r in data["rounds"])
        lines.append(("rounds", rounds))
    if "time" in data:
        lines.append(("time per move", f"{float(data['time']):g} s"))
    if "policy" in data:
        policy = str(data["policy"])
        lines.append(("rule breaks", f"{policy}: {_POLICIES.get(policy, policy)}"))
    if "pairs" in data:
        pairs = f"{data['pairs']} colour-swapped pair(s) per pairing and round count"
        lines.append(("pairs", pairs))
    if data.get("book"):
        start = f"the next of a book of {len(data['book'])} position(s), in order"
        lines.append(("openings", f"each pair starts from {start}"))
    elif "openings" in data:
        openings = int(data["openings"])
        start = "the start position" if openings == 0 else f"{openings} random plies"
        lines.append(("openings", f"each pair starts from {start}"))
    if "seed" in data:
        lines.append(("seed", str(data["seed"])))
    sprt = data.get("sprt")
    if isinstance(sprt, Mapping):
        lines.append(("SPRT", Sprt(**sprt).text()))
    return lines


def check_names(entrants: Sequence[Entrant]) -> None:
    """Raise if two entrants share a name."""
    seen: set[str] = set()
    for entrant in entrants:
        if entrant.name in seen:
            raise PlygroundError(
                f"two players are named {entrant.name!r}: name them, e.g. a={entrant.spec}"
            )
        seen.add(entrant.name)
