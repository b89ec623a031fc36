"""A tuning run's settings and its members (see :mod:`plyground.arena.tuning.run`).

:class:`TuneSettings` fixes a run: the bot and game, the population and how
it breeds, how fitness is measured, and how each game is played; it checks
them all when made and is stored with the run. A :class:`Member` is one
weight set of a population.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from plyground.algorithms.local.real_vectors import RealBox
from plyground.arena.play.run_options import RunOptions
from plyground.arena.runs.jobs import Entrant
from plyground.bots import bot_class
from plyground.bots.evaluators import inline_weights, load_weights
from plyground.core.errors import SettingsError
from plyground.core.evaluation import TunableWeight
from plyground.core.settings import format_spec, parse_spec
from plyground.games import load_game

__all__ = [
    "INITS",
    "PRESETS",
    "TUNING_MOVE_SECONDS",
    "Member",
    "TuneSettings",
    "circulant_offsets",
]

INITS = ("random", "defaults")
"""How generation 0 is drawn besides the starting weights: uniformly in the
ranges, or varied around the start."""

PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"population": 50, "keep": 10, "opponents": None},
}
"""Named schemes: ``seed`` is docs/course.md's (50 sets play each other, keep 10, breed 40)."""

_MEMBER_NAME = re.compile(r"m\d+")
TUNING_MOVE_SECONDS = 2.0
"""A tuning run's time per move unless told: more than a tournament's quick games (fitness
wants the bot near its strength), less than the course's 5 s (a run plays thousands)."""
_DIGITS = 4
"""Weights are rounded to this many decimals: what is stored is exactly what plays."""


@dataclass(frozen=True)
class Member:
    """One weight set of a population: its id for life, weights, and origin
    (``start``, ``random``, ``varied``, ``kept`` or ``bred``) with its parents' ids."""

    id: str
    weights: Mapping[str, float]
    origin: str
    parents: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly; :meth:`from_dict` reads it back."""
        return {
            "id": self.id,
            "weights": dict(self.weights),
            "origin": self.origin,
            "parents": list(self.parents),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Member:
        """Read what :meth:`to_dict` wrote."""
        return cls(
            id=str(data["id"]),
            weights={str(k): float(v) for k, v in data["weights"].items()},
            origin=str(data["origin"]),
            parents=tuple(str(p) for p in data.get("parents", ())),
        )


@dataclass(frozen=True)
class TuneSettings:
    """Everything that fixes a tuning run (stored with it; see the module docstring).

    ``bot`` is the bot's spec; a ``weights`` setting in it is the starting
    point (else the evaluation's defaults) and the reference field's default
    player. ``opponents=None`` means every member meets every other.

    In a one-player game (2048) members meet nobody: each plays ``games``
    seeded games a generation (the same seeds for every member, new seeds
    each generation), each stopped after ``max_moves`` moves if set, and its
    fitness is its mean score. ``opponents``, ``reference``, ``pairs`` and
    ``openings`` are for two-player games only.
    """

    bot: str
    game: str = "adjacency"
    population: int = 16
    keep: int = 4
    generations: int = 10
    opponents: int | None = 4
    reference: tuple[Entrant, ...] | None = None
    """The fixed field; None: the bot with its starting weights, named ``start``."""
    pairs: int = 1
    openings: int = 2
    init: str = "random"
    crossover_rate: float = 0.9
    mutation_rate: float = 0.8
    mutation_scale: float = 0.1
    blend: float = 0.5
    seed: int = 0
    games: int = 8
    """One-player games: seeded games per member and generation."""
    max_moves: int | None = None
    """One-player games: the moves after which a game stops (None: play to the end)."""
    run: RunOptions = field(default_factory=lambda: RunOptions(time=TUNING_MOVE_SECONDS))
    """How each game is played (by default :data:`TUNING_MOVE_SECONDS` per move)."""
    _tunable: tuple[TunableWeight, ...] = field(default=(), init=False, compare=False, repr=False)
    _start: tuple[float, ...] = field(default=(), init=False, compare=False, repr=False)
    _solo: bool = field(default=False, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_solo", load_game(self.game).capabilities.players == 1)
        declared, start = self._declared_weights()
        object.__setattr__(self, "_tunable", declared)
        object.__setattr__(self, "_start", tuple(start[w.name] for w in declared))
        self._check_sizes()
        self._check_reference_field()
        self.box()  # checks the operators' settings

    def _declared_weights(self) -> tuple[tuple[TunableWeight, ...], dict[str, float]]:
        """The weights the bot's evaluation declares for the game, and where each starts
        (its default, or the bot spec's weight); SettingsError when nothing is tunable."""
        name, given = parse_spec(self.bot)
        cls = bot_class(name)
        if not any(s.name == "weights" for s in cls.SETTINGS):
            raise SettingsError(
                f"bot {name!r} has no 'weights' setting: only a bot whose evaluation "
                "reads weights can be tuned (e.g. alphabeta)"
            )
        bot = cls(**given)
        game = load_game(self.game)
        bot.check_game(game)
        if game.capabilities.players not in (1, 2):
            raise SettingsError(
                f"tuning plays games of one or two players; {game.spec!r} has "
                f"{game.capabilities.players}"
            )
        declared = bot.tunable_weights(game)
        if not declared:
            raise SettingsError(f"the evaluation of {game.name!r} declares no tunable weights")
        start = {w.name: w.default for w in declared}
        for key, value in (load_weights(given.get("weights")) or {}).items():
            if key not in start:
                known = ", ".join(start)
                raise SettingsError(f"weight {key!r} is not tunable in {game.name!r} ({known})")
            start[key] = value
        return declared, start

    def _check_sizes(self) -> None:
        """Population, survivors, generations, opponents, pairs, openings and init."""
        if self.population < 2:
            raise SettingsError(f"a population needs at least 2 members, got {self.population}")
        if not 1 <= self.keep < self.population:
            raise SettingsError(
                f"keep must be 1 to population - 1 ({self.population - 1}), got {self.keep}"
            )
        if self.generations < 1:
            raise SettingsError(f"generations must be at least 1, got {self.generations}")
        if self.opponents is not None and self.opponents < 1:
            raise SettingsError(f"opponents must be at least 1, got {self.opponents}")
        if self.pairs < 1 or self.openings < 0:
            raise SettingsError(f"bad pairs {self.pairs} or openings {self.openings}")
        if self.init not in INITS:
            raise SettingsError(f"init must be one of {', '.join(INITS)}, got {self.init!r}")
        if self.games < 1:
            raise SettingsError(f"games must be at least 1, got {self.games}")
        if self.max_moves is not None and self.max_moves < 1:
            raise SettingsError(f"max_moves must be at least 1, got {self.max_moves}")

    def _check_reference_field(self) -> None:
        """The reference players have distinct names, none a member's (m0001); a
        one-player game has none."""
        if self._solo and self.reference:
            raise SettingsError(
                f"{self.game!r} has one player: its members meet no reference players "
                "(their fitness is their mean score)"
            )
        field_names = [e.name for e in self.reference_field]
        for entrant in self.reference_field:
            if _MEMBER_NAME.fullmatch(entrant.name):
                raise SettingsError(
                    f"reference player {entrant.name!r}: names like m0001 are the members'"
                )
        if len(set(field_names)) != len(field_names):
            raise SettingsError(f"reference players need distinct names, got {field_names}")

    # -- derived --------------------------------------------------------------
    @property
    def tunable(self) -> tuple[TunableWeight, ...]:
        """The weights being tuned, with defaults and ranges, as the evaluation declares."""
        return self._tunable

    @property
    def start_weights(self) -> dict[str, float]:
        """The starting weights: the defaults, or the bot spec's weights over them."""
        return {w.name: v for w, v in zip(self._tunable, self._start, strict=True)}

    @property
    def solo(self) -> bool:
        """True for a one-player game: fitness is the mean score of seeded games."""
        return self._solo

    @property
    def reference_field(self) -> tuple[Entrant, ...]:
        """The reference field (possibly empty; always empty in a one-player game)."""
        if self._solo:
            return ()
        if self.reference is None:
            return (Entrant("start", self.bot),)
        return self.reference

    @property
    def game_spec(self) -> str:
        """The game's full spec."""
        return load_game(self.game).spec

    def box(self) -> RealBox:
        """The search space and its operators."""
        try:
            return RealBox(
                tuple(w.low for w in self._tunable),
                tuple(w.high for w in self._tunable),
                blend=self.blend,
                scale=self.mutation_scale,
            )
        except ValueError as error:
            raise SettingsError(str(error)) from None

    def member_spec(self, weights: Mapping[str, float]) -> str:
        """The bot spec that plays ``weights`` (inline, in place of any weights file)."""
        name, given = parse_spec(self.bot)
        return format_spec(name, {**given, "weights": inline_weights(weights)})

    def vector(self, weights: Mapping[str, float]) -> tuple[float, ...]:
        """``weights`` as a vector in the order of :attr:`tunable`."""
        return tuple(weights[w.name] for w in self._tunable)

    def weights(self, vector: Sequence[float]) -> dict[str, float]:
        """A vector as named weights, rounded (see :data:`_DIGITS`)."""
        return {
            w.name: round(float(x), _DIGITS) + 0.0
            for w, x in zip(self._tunable, vector, strict=True)
        }

    def games_per_generation(self) -> int:
        """How many games each generation plays."""
        n = self.population
        if self._solo:
            return n * self.games
        offsets = None if self.opponents is None else circulant_offsets(n, self.opponents)
        meetings = n * (n - 1) // 2 if offsets is None else n * len(offsets)
        return 2 * self.pairs * (meetings + n * len(self.reference_field))

    # -- storage --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly; :meth:`from_dict` reads it back."""
        return {
            "bot": self.bot,
            "game": self.game,
            "population": self.population,
            "keep": self.keep,
            "generations": self.generations,
            "opponents": self.opponents,
            "reference": None
            if self.reference is None
            else [{"name": e.name, "spec": e.spec} for e in self.reference],
            "pairs": self.pairs,
            "openings": self.openings,
            "init": self.init,
            "crossover_rate": self.crossover_rate,
            "mutation_rate": self.mutation_rate,
            "mutation_scale": self.mutation_scale,
            "blend": self.blend,
            "seed": self.seed,
            "games": self.games,
            "max_moves": self.max_moves,
            **self.run.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], **changes: Any) -> TuneSettings:
        """Read what :meth:`to_dict` wrote (with ``changes`` applied); StoreError if unreadable."""
        try:
            values = {k: v for k, v in data.items() if k not in RunOptions.STORED}
            values["run"] = RunOptions.from_dict(data)
            reference = values.get("reference")
            values["reference"] = (
                None
                if reference is None
                else tuple(Entrant(str(e["name"]), str(e["spec"])) for e in reference)
            )
            values.update(changes)
            return cls(**values)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, SettingsError):
                raise
            from plyground.arena.storage.store_errors import StoreError  # (sqlite3) when used

            raise StoreError(f"stored tuning settings are not readable: {error!r}") from None


def circulant_offsets(n: int, opponents: int) -> list[int] | None:
    """The circulant offsets that give each of ``n`` members about ``opponents``
    opponents (rounded up to even), or None when that means everyone."""
    half = math.ceil(opponents / 2)
    if 2 * half >= n - 1:
        return None
    return list(range(1, half + 1))
