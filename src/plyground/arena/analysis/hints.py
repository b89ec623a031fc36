"""The hinter: each game's hints, by the hint source its profile names.

One place answers hints for every game whose profile names a hint source
(``hint``, :class:`~plyground.core.profile.GameProfile`; the sources' shared
base is :mod:`plyground.bots.hints`), for the web app's *Hint* and
``plyground play``'s ``hint``. A :class:`Hinter` keeps each game's source,
and a source what it loads (bots and their tables, the analysis's tables),
between hints; :meth:`Hinter.prepare` loads it before any clock runs. It
stands in the arena because a game's source may be the arena's (the
adjacency game's is its analysis, :mod:`plyground.arena.adjacency_analysis.hints`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plyground.bots.hints import GameHint, HintSource
from plyground.core.errors import IllegalMoveError, PluginError, UnknownNameError
from plyground.core.game import Game, State
from plyground.core.registry import load_target
from plyground.core.settings import Setting

__all__ = ["Hinter", "hint_games", "hint_options"]


def hint_games() -> list[str]:
    """The games with hints (their profile names a hint source), built in and installed."""
    from plyground.games import game_names, game_profile

    found = []
    for name in game_names():
        try:
            if game_profile(name).hint is not None:
                found.append(name)
        except PluginError:  # a package that fails to load has no hints to list
            continue
    return found


def hint_options(game: Game) -> tuple[Setting, ...]:
    """The options ``game``'s hints take (its hint source's ``OPTIONS``; none without hints)."""
    target = game.PROFILE.hint
    if target is None:
        return ()
    options: tuple[Setting, ...] = load_target(target).OPTIONS
    return options


class Hinter:
    """Answers hints within ``seconds`` each (two stages of half for the adjacency game:
    a solve, then the engine), keeping each game's :class:`HintSource`. One at a time."""

    def __init__(self, seconds: float = 2.0) -> None:
        self.seconds = seconds
        self._sources: dict[tuple[str, tuple[tuple[str, Any], ...]], HintSource] = {}

    def prepare(self, game: Game, options: Mapping[str, Any] | None = None) -> None:
        """Load what a hint of ``game`` (with ``options``) needs (kernels, tables, a bot's
        whole-game memo, a network) now, not on a hint's clock. Raises UnknownNameError
        for a game without hints."""
        self.source(game, options).prepare(game)

    def hint(self, state: State, options: Mapping[str, Any] | None = None) -> GameHint:
        """The hint for the side to move in ``state``, with the source's ``options``
        (:func:`hint_options`; none: its defaults).

        Raises IllegalMoveError when there is no move to hint (the game is over, a
        tile spawns next), UnknownNameError for a game without hints, and SettingsError
        for an option the hints do not take.
        """
        if state.is_terminal():
            raise IllegalMoveError("no move to hint: the game is over")
        if state.is_chance():
            raise IllegalMoveError("no move to hint: a tile spawns next")
        return self.source(state.game, options).hint(state)

    def source(self, game: Game, options: Mapping[str, Any] | None = None) -> HintSource:
        """The hint source of ``game``'s profile with ``options``, made at its first use
        and kept (one per game and options)."""
        target = game.PROFILE.hint
        if target is None:
            raise UnknownNameError(
                f"{game.name} has no hints (games with hints: {', '.join(hint_games())})"
            )
        given = dict(options or {})
        key = (game.name, tuple(sorted(given.items())))
        if key not in self._sources:
            self._sources[key] = load_target(target).made(self.seconds, given)
        return self._sources[key]
