"""The kinds of player, and a player made from its text (:func:`make_player`).

The referee drives a :class:`~plyground.arena.players.player.Player`; its contract
(the reply, the rule breaks, a person's requests) is in
:mod:`plyground.arena.players.player`. Three kinds exist:

* :class:`~plyground.arena.players.bot_player.BotPlayer`: a bot in this process, run
  in a worker thread so a bot that hangs costs the referee its time limit
  plus a grace, never more;
* :class:`HumanPlayer`: a person, through a callable the front end supplies
  (it asks, and asks again on a bad cell, giving the reason);
* :class:`~plyground.arena.players.engine_player.EnginePlayer`: any command line
  speaking docs/protocol.md, run as its own process. A Python bot "in a
  separate process" is simply ``python -m plyground engine BOTSPEC`` run as
  an engine (:func:`isolated_bot`), so there is one mechanism.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypedDict

from plyground.arena.players.bot_player import BotPlayer
from plyground.arena.players.engine_player import ENGINE_PREFIX, STARTUP_SECONDS, EnginePlayer
from plyground.arena.players.player import HUMAN, AskMove, InfoCallback, Player, Reply
from plyground.arena.players.spec_hints import with_spec_hint
from plyground.arena.records.record import PlayerInfo
from plyground.bots import Bot, bot_class, make_bot
from plyground.core.errors import ParseError, PluginError, SettingsError
from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.settings import parse_spec

__all__ = [
    "HUMAN",
    "HumanPlayer",
    "PlayerContext",
    "check_bots_play",
    "isolated_bot",
    "make_player",
    "make_seeded_bot",
]


class HumanPlayer(Player):
    """A person at a front end: ``ask(state)`` returns their (legal) move.

    The front end owns the dialogue: it asks, explains a bad cell and asks
    again; it raises :class:`UndoRequest` or :class:`QuitRequest` for those
    commands. People are not held to the clock.
    """

    timed = False

    def __init__(self, ask: AskMove, name: str = "you") -> None:
        self.ask = ask
        self._info = PlayerInfo(name, HUMAN, HUMAN, "")

    @property
    def info(self) -> PlayerInfo:
        return self._info

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        begin = time.perf_counter()
        move = self.ask(state)
        return Reply(move, state.move_text(move), time.perf_counter() - begin)


# -- making players from text ---------------------------------------------------


def make_seeded_bot(spec: str, seed: int | None) -> Bot:
    """``make_bot(spec)``; ``seed`` goes to a bot with a seed setting that the spec left
    unset, so that its spec in a record says how it played. (The time per move is the
    referee's, in the limit of each move, and the record's ``time`` tag.)"""
    if seed is None:
        return make_bot(spec)
    name, given = parse_spec(spec)
    known = {setting.name for setting in bot_class(name).SETTINGS}
    return make_bot(spec, seed=seed) if "seed" in known and "seed" not in given else make_bot(spec)


def check_bots_play(specs: Iterable[str], game: Game) -> None:
    """SettingsError when a bot among ``specs`` cannot play ``game`` (its settings or
    weights do not fit it), found before any game: a bot that runs apart (``isolate``)
    would otherwise answer each move with a rule break. Engines and people answer for
    themselves and are not checked."""
    for spec in specs:
        text = spec.strip()
        if text != HUMAN and not text.startswith(ENGINE_PREFIX):
            try:
                bot = make_bot(text)
            except (ParseError, PluginError) as error:
                raise with_spec_hint(error, text) from None
            bot.check_game(game)


def isolated_bot(spec: str, seed: int | None = None, **options: Any) -> EnginePlayer:
    """A registered bot in its own process: ``python -m plyground engine SPEC``.

    The bot is made here first, so a bad spec fails at once (SettingsError,
    UnknownNameError); the child imports this same plyground. ``seed`` is given to
    a bot with a seed setting that ``spec`` leaves unset; the time per move comes
    with each ``go``.
    """
    bot = make_seeded_bot(spec, seed)
    package_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ if options.get("env") is None else options["env"])
    paths = [package_root, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    options["env"] = env
    argv = [sys.executable, "-m", "plyground", "engine", bot.spec]
    identity = PlayerInfo(bot.name, "bot", bot.spec, bot.VERSION)
    return EnginePlayer(argv, identity=identity, **options)


class PlayerContext(TypedDict, total=False):
    """What a player is made with besides how it runs, by keyword, as :func:`make_player`
    takes it (its defaults where left out); a maker that decides how players run (a run's
    options) passes it on."""

    ask: AskMove | None
    log: Callable[[str], None] | None
    seed: int | None
    cwd: str | None
    name: str | None


def make_player(
    spec: str,
    *,
    ask: AskMove | None = None,
    isolate: bool = False,
    startup: float = STARTUP_SECONDS,
    memory_mb: int | None = None,
    log: Callable[[str], None] | None = None,
    seed: int | None = None,
    cwd: str | None = None,
    name: str | None = None,
) -> Player:
    """A player from its text: ``human``, a bot spec (``alphabeta:time=2``) or
    ``engine:COMMAND`` (``engine:./mybot --fast``).

    ``isolate`` runs a bot in its own process; ``seed`` goes to a bot with a
    seed setting that its spec leaves unset; ``cwd`` is the folder an engine
    runs in; ``name`` is what a process's rule breaks call it. Raises ParseError,
    UnknownNameError or SettingsError naming the problem.
    """
    text = spec.strip()
    if text == HUMAN:
        if ask is None:
            raise SettingsError("a human player needs a front end to ask for moves")
        return HumanPlayer(ask)
    if text.startswith(ENGINE_PREFIX):
        command = text[len(ENGINE_PREFIX) :].strip()
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise ParseError(f"bad engine command {command!r}: {error}") from None
        if not argv:
            raise ParseError(f"{spec!r} names no command: write engine:'COMMAND ARGS'")
        return EnginePlayer(argv, startup=startup, memory_mb=memory_mb, log=log, cwd=cwd, name=name)
    try:
        if isolate:
            return isolated_bot(
                text, seed, startup=startup, memory_mb=memory_mb, log=log, name=name
            )
        return BotPlayer(make_seeded_bot(text, seed))
    except (ParseError, PluginError) as error:
        raise with_spec_hint(error, text, cwd) from None
