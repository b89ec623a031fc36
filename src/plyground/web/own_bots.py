"""A student's own bot in the web app: an engine or a class bot, run as a contained process.

``plyground serve --bot SPEC`` (an ``engine:COMMAND``, a class bot
``./mybot.py:MyBot[:settings]``) and ``--engines class/`` (folders with an
``engine.toml``) offer bots that never think in the server or in its worker
pool. Each is registered as a bot class under its name (an engine's name
from its ``hello``), so the page's "Plays as" list shows it with its
settings, and each seat it takes gets its own process: an
:class:`~plyground.arena.players.engine_player.EnginePlayer` (a class bot runs
as ``python -m plyground engine SPEC``,
:func:`~plyground.arena.players.make.isolated_bot`). That player holds it to
its time plus the grace, kills it (and all it started) when it overruns and
starts it again for its next move, as the referee does; so a bot stuck in a
loop costs its own game a timeout a move and holds no worker. A game's
processes end with the game. A class bot's file is read afresh by each
game's process, so an edited bot plays its new code from the next game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.engine_player import ENGINE_PREFIX, EnginePlayer
from plyground.arena.players.make import isolated_bot
from plyground.arena.players.player import Reply, RuleBreakError
from plyground.arena.tournaments.engine_folders import find_engines, prepare
from plyground.bots import BOTS, Bot, Decision, bot_class
from plyground.bots.user import is_user_bot
from plyground.core.errors import EngineError, PlygroundError
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import parse_spec

__all__ = ["EngineBot", "OwnPlayers", "is_own", "offer_bot", "offer_engines"]

MakePlayer = Callable[[Bot], EnginePlayer]
_OFFERED: dict[str, MakePlayer] = {}
"""The offered bots' names, and how a seat's bot becomes its process."""


class EngineBot(Bot):
    """An engine offered in the page: a name, a command and the folder it runs in.

    It plays only through its process (:class:`OwnPlayers`); its one
    setting is its think time.
    """

    COMMAND: ClassVar[str] = ""
    FOLDER: ClassVar[str | None] = None

    @property
    def spec(self) -> str:
        """``engine:COMMAND``, as the records name an engine."""
        return ENGINE_PREFIX + self.COMMAND

    def choose(self, state: State, limit: Limit | None = None, on_info: Any = None) -> Decision:
        raise PlygroundError(f"engine {self.NAME!r} plays in its own process, not in the server")


def is_own(cls: type[Bot]) -> bool:
    """True for a bot offered with ``--bot`` or ``--engines`` (run as its own process)."""
    return _OFFERED.get(cls.NAME) is not None and bot_class(cls.NAME) is cls


def _register(cls: type[Bot], maker: MakePlayer, given: str) -> None:
    if cls.NAME in BOTS:
        raise PlygroundError(
            f"--bot {given!r}: the name {cls.NAME!r} is taken; "
            + (
                "give the engine another name (its hello name=..., or name= in engine.toml)"
                if issubclass(cls, EngineBot)
                else "set NAME = '...' in the class"
            )
        )
    BOTS.add(cls.NAME, cls)
    _OFFERED[cls.NAME] = maker


def offer_bot(spec: str, run: RunOptions) -> str:
    """Offer ``spec`` (``engine:COMMAND`` or ``FILE.py:CLASS[:settings]``) in the page; its name.

    An engine is started once now, to check it and to read its name from
    ``hello``; a class bot's settings given here become its defaults in the page.
    """
    text = spec.strip()
    if text.startswith(ENGINE_PREFIX):
        return _offer_engine(text[len(ENGINE_PREFIX) :].strip(), None, None, run, text)
    name, settings = parse_spec(text)
    if not is_user_bot(name):
        raise PlygroundError(
            f"--bot takes your own bot: engine:COMMAND or FILE.py:CLASS, got {spec!r} "
            f"(plyground's own bots are in the page already)"
        )
    base = bot_class(name)
    made = base(**settings)  # bad settings are refused now, with the setting named
    cls = base
    if settings:  # the given values are the page's defaults
        declared = tuple(
            dataclasses.replace(s, default=made.settings[s.name]) if s.name in settings else s
            for s in base.SETTINGS
        )
        cls = type(base.__name__, (base,), {"SETTINGS": declared})

    def make(bot: Bot) -> EnginePlayer:
        return isolated_bot(bot.spec, startup=run.startup, memory_mb=run.memory_mb)

    _register(cls, make, spec)
    return cls.NAME


def offer_engines(directory: str, run: RunOptions) -> tuple[list[str], list[str]]:
    """Offer every engine folder of ``directory`` (each built and started once); the names
    offered, and a line for each folder left out (why)."""
    engines, left_out = find_engines(directory)
    names, problems = [], [f"{gone.folder.name}: {gone.reason}" for gone in left_out]
    for engine in engines:
        failure = prepare(engine, run)
        if failure is not None:
            problems.append(f"{engine.folder.name}: {failure.reason}")
            continue
        folder = str(engine.folder.resolve())
        names.append(_offer_engine(engine.command, folder, engine.name, run, str(engine.folder)))
    return names, problems


def _offer_engine(
    command: str, folder: str | None, name: str | None, run: RunOptions, given: str
) -> str:
    if not command:
        raise PlygroundError(f"--bot {given!r} names no command: write --bot 'engine:COMMAND'")
    probe = EnginePlayer(command, startup=run.startup, memory_mb=run.memory_mb, cwd=folder)
    try:
        probe.start()
    except EngineError as error:
        raise PlygroundError(f"--bot {given!r}: {error}") from None
    finally:
        probe.close()
    shown = name or probe.info.name
    where = f" in {Path(folder).name}/" if folder else ""
    cls = type(
        f"Engine_{shown}",
        (EngineBot,),
        {
            "NAME": shown,
            "DESCRIPTION": f"your engine: {command}{where}",
            "COMMAND": command,
            "FOLDER": folder,
        },
    )

    def make(bot: Bot) -> EnginePlayer:
        return EnginePlayer(command, startup=run.startup, memory_mb=run.memory_mb, cwd=folder)

    _register(cls, make, given)
    return shown


class OwnPlayers:
    """The processes of the offered bots playing now: one per game and seat.

    A seat's process starts on its first move and ends with its game
    (:meth:`release`) or when the server stops (:meth:`close`).
    """

    def __init__(self) -> None:
        self._players: dict[tuple[str, int], EnginePlayer] = {}

    @staticmethod
    def plays(bot: Bot) -> bool:
        """True when ``bot`` is an offered bot, which plays through its own process."""
        return is_own(type(bot))

    async def think(
        self,
        game_id: str,
        seat: int,
        game: Game,
        bot: Bot,
        state: State,
        *,
        seconds: float,
        grace: float,
        on_info: Callable[[SearchInfo], None],
    ) -> Reply | RuleBreakError:
        """The seat's reply in ``state``, or its rule break; the waiting is on a thread."""
        key = (game_id, seat)
        player = self._players.get(key)
        if player is None:
            player = _OFFERED[type(bot).NAME](bot)
            player.new_game(game)
            self._players[key] = player
        loop = asyncio.get_running_loop()

        def report(info: SearchInfo) -> None:
            loop.call_soon_threadsafe(on_info, info)

        def ask() -> Reply | RuleBreakError:
            try:
                return player.think(state, Limit(time=seconds), grace, report)
            except RuleBreakError as error:
                return error

        return await asyncio.to_thread(ask)

    def diagnostics(self, game_id: str, seat: int) -> str:
        """What the seat's process said last about a bad answer (its stderr), or ''."""
        player = self._players.get((game_id, seat))
        return "" if player is None else player.diagnostics()

    def release(self, game_id: str) -> None:
        """End the processes of game ``game_id`` (on a thread: a polite quit takes a moment)."""
        gone = [self._players.pop(key) for key in list(self._players) if key[0] == game_id]
        if gone:
            threading.Thread(target=_close_all, args=(gone,), daemon=True).start()

    async def close(self) -> None:
        """End every process (the server is stopping)."""
        gone = list(self._players.values())
        self._players.clear()
        await asyncio.to_thread(_close_all, gone)

    @property
    def pids(self) -> list[int]:
        """Every process id started for the games now kept (for checks that none is left)."""
        return [pid for player in self._players.values() for pid in player.pids]


def _close_all(players: Iterable[EnginePlayer]) -> None:
    for player in players:
        player.close()
