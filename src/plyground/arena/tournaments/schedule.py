"""The schedule of a tournament: who plays whom, with which colours and opening.

A schedule is a pure function of the tournament's settings (players, format,
round counts, pairs per pairing, opening plies, seed): the same settings give
the same games in the same order, each with a stable *key* such as
``r8/alphabeta/greedy/p0/g1`` (names percent-encoded). Storage keeps the key of every finished game,
so resuming a tournament plays exactly the keys that are missing.

* **round-robin**: every player meets every other;
  **gauntlet**: the first player meets each of the others.
* Each meeting is ``pairs`` *pairs* of games: the two games of a pair start
  from the same opening with the colours swapped, so neither player gains
  from the first move or from a lucky opening.
* **Openings**: the pair number ``k`` at ``R`` rounds starts every pairing
  from the same opening, ``plies`` random legal moves from the start (the
  arena's :func:`~plyground.arena.play.openings.make_openings`, which avoids
  repeats), drawn with a generator seeded by ``(seed, R)``. Every pairing
  therefore meets the same openings, and changing the field does not
  change them; nor does asking for more pairs change the first ones.
  With a **book** (a list of start positions, :func:`book_positions`) pair
  ``k`` starts from the book's position ``k`` instead (cycled when there are
  more pairs than positions), with no random plies: the way to play openings
  chosen for the purpose, such as ones that the first or second mover does not
  win by itself.
* **Order**: games are interleaved so that early results already cover every
  pairing: by round count, then pair number, then pairing, then colour.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import quote

from plyground.arena.play.openings import make_openings
from plyground.core.errors import SettingsError
from plyground.core.settings import format_spec, parse_spec
from plyground.games import load_game

__all__ = [
    "ScheduledGame",
    "TournamentFormat",
    "book_positions",
    "colour_swapped",
    "derive_seed",
    "game_at_rounds",
    "make_schedule",
    "make_start_positions",
    "own_rounds",
]


class TournamentFormat(StrEnum):
    """Who meets whom."""

    ROUND_ROBIN = "round-robin"
    GAUNTLET = "gauntlet"


@dataclass(frozen=True)
class ScheduledGame:
    """One game of the schedule: its key, the game (with its round count), the
    players by seat (``seats[p]`` plays the game's player ``p``: X, O), and the opening."""

    key: str
    index: int
    game: str
    rounds: int | None
    pairing: tuple[str, str]
    pair: int
    swapped: bool
    seats: tuple[str, str]
    opening: str
    """The position text the game starts from."""


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, stable across runs, machines and Python versions."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def own_rounds(game_spec: str) -> int | None:
    """The round count ``game_spec`` plays at (its ``rounds`` setting, default or
    given); None for a game without rounds."""
    rounds = load_game(game_spec).settings.get("rounds")
    return None if rounds is None else int(rounds)


def game_at_rounds(game_spec: str, rounds: int | None) -> str:
    """The game's spec with its ``rounds`` setting replaced (``None``: unchanged)."""
    if rounds is None:
        return load_game(game_spec).spec
    name, settings = parse_spec(game_spec)
    game = load_game(format_spec(name, {**settings, "rounds": rounds}))
    return game.spec


def make_start_positions(game_spec: str, count: int, plies: int, seed: int) -> list[str]:
    """``count`` start positions of ``plies`` random plies each (the arena's
    :func:`~plyground.arena.play.openings.make_openings`, seeded with ``seed``), as texts.

    Raises SettingsError if ``plies`` random plies would end the game.
    """
    game = load_game(game_spec)
    initial = game.initial_state()
    openings = make_openings(game, count, plies, random.Random(seed))
    if plies > 0 and any(state == initial for state in openings):
        raise SettingsError(
            f"an opening of {plies} random plies does not leave a game to play in {game.spec!r}"
        )
    return [state.text() for state in openings]


def book_positions(game_spec: str, book: Sequence[str], count: int) -> list[str]:
    """``count`` start positions from ``book`` (position texts of ``game_spec``), in order,
    cycled; each as the game writes it.

    Raises SettingsError naming the position that is not one of the game's or whose game
    is over.
    """
    game = load_game(game_spec)
    positions: list[str] = []
    for number, text in enumerate(book, 1):
        try:
            state = game.parse_state(text)
        except (SettingsError, ValueError) as error:
            raise SettingsError(
                f"book position {number} ({text!r}) is not a position of {game.spec!r}: {error}"
            ) from None
        if state.is_terminal():
            raise SettingsError(f"book position {number} ({text!r}) is a finished game")
        positions.append(state.text())
    if not positions:
        raise SettingsError("the book holds no position")
    return [positions[k % len(positions)] for k in range(count)]


def _pairings(players: Sequence[str], fmt: TournamentFormat) -> list[tuple[str, str]]:
    if fmt is TournamentFormat.GAUNTLET:
        return [(players[0], other) for other in players[1:]]
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]


def make_schedule(
    players: Sequence[str],
    game: str,
    *,
    rounds: Sequence[int | None] = (None,),
    fmt: TournamentFormat = TournamentFormat.ROUND_ROBIN,
    pairs: int = 1,
    opening_plies: int = 0,
    seed: int = 0,
    book: Sequence[str] = (),
) -> list[ScheduledGame]:
    """Every game of a tournament in playing order (see the module docstring).

    ``players`` are unique names; ``rounds`` lists round counts (``None``: the
    game's own setting); ``book``, when not empty, the start positions of the pairs
    (``opening_plies`` must then be 0).
    """
    if len(players) < 2:
        raise SettingsError(f"a tournament needs at least two players, got {list(players)!r}")
    if len(set(players)) != len(players):
        duplicates = sorted({p for p in players if list(players).count(p) > 1})
        raise SettingsError(f"player names must be unique; repeated: {', '.join(duplicates)}")
    if pairs < 1:
        raise SettingsError(f"pairs per pairing must be at least 1, got {pairs}")
    if opening_plies < 0:
        raise SettingsError(f"opening plies must be 0 or more, got {opening_plies}")
    if book and opening_plies:
        raise SettingsError("a book's positions are played as they are: no random opening plies")
    if len(set(rounds)) != len(rounds):
        raise SettingsError(f"round counts repeat in {list(rounds)!r}")
    pairings = _pairings(players, fmt)
    schedule: list[ScheduledGame] = []
    for round_count in rounds:
        spec = game_at_rounds(game, round_count)
        if book:
            openings = book_positions(spec, book, pairs)
        else:
            openings = make_start_positions(
                spec, pairs, opening_plies, derive_seed("opening", seed, round_count)
            )
        label = "default" if round_count is None else str(round_count)
        schedule += colour_swapped(
            f"r{label}",
            pairings,
            [[openings[k]] * len(pairings) for k in range(pairs)],
            game=spec,
            rounds=round_count,
            first_index=len(schedule),
        )
    return schedule


def colour_swapped(
    prefix: str,
    pairings: Sequence[tuple[str, str]],
    starts: Sequence[Sequence[str]],
    *,
    game: str,
    rounds: int | None,
    first_index: int = 0,
) -> list[ScheduledGame]:
    """Every pairing once per pair, each pair two games from one opening with the colours
    swapped: the one pattern of tournaments and tuning runs.

    ``starts[k][m]`` is the opening of pair ``k`` of pairing ``m``; a game's key is
    ``{prefix}/{a}/{b}/p{k}/g{0 or 1}`` (names URL-quoted) and indices count from
    ``first_index``.
    """
    games: list[ScheduledGame] = []
    for k, pair_starts in enumerate(starts):
        for (a, b), start in zip(pairings, pair_starts, strict=True):
            names = f"{quote(a, safe='')}/{quote(b, safe='')}"
            for swapped in (False, True):
                games.append(
                    ScheduledGame(
                        key=f"{prefix}/{names}/p{k}/g{int(swapped)}",
                        index=first_index + len(games),
                        game=game,
                        rounds=rounds,
                        pairing=(a, b),
                        pair=k,
                        swapped=swapped,
                        seats=(b, a) if swapped else (a, b),
                        opening=start,
                    )
                )
    return games
