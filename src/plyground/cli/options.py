"""Options shared by the commands that play games (``play``, ``match``,
``tournament``, ``tune``, ``report --experiment``).

One place turns ``--game`` and the flags of the games' declared settings
(``--size``, ``--rounds``, ``--first``, ``--repetition``) into a game, the rules
and engine options into a :class:`~plyground.arena.play.run_options.RunOptions`,
and declares the options of stored runs (``--name``, ``--resume``,
``--db``, the backend, the SPRT), so every command reads them the same way.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from plyground.arena.play.engine_log import SHOWN, engine_log
from plyground.arena.play.referee import GRACE_SECONDS
from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.engine_player import STARTUP_SECONDS
from plyground.arena.records.record import Penalty
from plyground.arena.runs.backend_names import BACKENDS
from plyground.arena.stats.sprt import DEFAULT_ALPHA, DEFAULT_BETA
from plyground.cli.outputs import check_output
from plyground.core.errors import SettingsError
from plyground.core.settings import Setting, parse_settings, parse_spec
from plyground.games import GAMES, game_class

if TYPE_CHECKING:
    from plyground.arena.players.player import AskMove, Player
    from plyground.arena.records.record import GameRecord
    from plyground.core.game import Game

__all__ = [
    "PLAYER_HELP",
    "SEED_HELP",
    "add_backend_choice",
    "add_backend_options",
    "add_db_option",
    "add_game_option",
    "add_game_options",
    "add_page_options",
    "add_quiet_option",
    "add_run_options",
    "add_schedule_options",
    "add_seed_option",
    "add_sprt_error_options",
    "add_sprt_options",
    "add_startup_option",
    "add_stored_run_options",
    "echo_log",
    "engine_log_target",
    "game_from_args",
    "parse_rounds",
    "positive_float",
    "positive_int",
    "run_options",
    "sprt_bounds",
    "start_players",
    "write_records",
]

PLAYER_HELP = """\
players:
  human                 a person at this terminal
  NAME[:key=value,...]  a registered bot with settings, e.g. alphabeta:time=2,depth=6
                        (list them with 'plyground bots --settings')
  FILE.py:CLASS[:key=value,...]
                        your own Bot class in a Python file, e.g. ./mybot.py:MyBot:depth=3
                        (docs/your-first-bot.md); a module works too: mypackage.bots:MyBot
  engine:COMMAND        any program speaking the engine protocol (docs/protocol.md), e.g.
                        engine:"./mybot --fast" or engine:"plyground engine greedy"
"""


SEED_HELP = (
    "seed for openings, penalty moves and the bots' own randomness (a bot spec's own seed= wins)"
)
"""``--seed`` of the commands that play a game or a match."""


def positive_float(text: str) -> float:
    """argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def fraction(text: str) -> float:
    """argparse type: a number from 0 to 1 (a rate or a share)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}")
    return value


def settings_text(text: str) -> dict[str, str]:
    """argparse type: settings as a spec writes them, ``k=v,...``."""
    try:
        return parse_settings(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    """argparse type: a whole number above zero."""
    return _whole_number(text, 1, " of at least 1")


def count(text: str) -> int:
    """argparse type: a whole number, 0 or more."""
    return _whole_number(text, 0, ", 0 or more")


def _whole_number(text: str, least: int, wording: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected a whole number{wording}, got {text!r}")
    return value


def parse_rounds(text: str) -> tuple[int, ...]:
    """argparse type: ``8,10,28`` (round counts, each at least 1)."""
    try:
        values = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected round counts like 8,10,28, got {text!r}"
        ) from None
    if not values or any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"expected round counts of at least 1, got {text!r}")
    return values


def add_schedule_options(group: Any, *, rounds_help: str, pairs_help: str) -> None:
    """``--rounds R[,R...]`` (the round counts to play, :func:`parse_rounds`) and ``--pairs N``
    (colour-swapped pairs of games a pairing, at least 1, default 1): a schedule's size, as
    ``tournament`` and ``report --experiment`` take it."""
    group.add_argument("--rounds", type=parse_rounds, metavar="R[,R...]", help=rounds_help)
    group.add_argument("--pairs", type=positive_int, default=1, metavar="N", help=pairs_help)


def add_game_option(group: Any, help: str, default: str | None = "adjacency") -> None:
    """``--game SPEC``: a game with its settings, e.g. ``adjacency(size=6)`` (``help`` says
    what it is for and its default)."""
    group.add_argument("--game", default=default, metavar="SPEC", help=help)


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and a flag for each setting a built-in game declares (``--size``,
    ``--rounds``, ...), its help naming the games that have it; read them back with
    :func:`game_from_args`. A game from an installed package takes its settings in
    ``--game``'s spec."""
    group = parser.add_argument_group("game")
    add_game_option(
        group, "the game, with settings if you like: 'adjacency(size=6)' (default: %(default)s)"
    )
    for name, owners in game_setting_flags().items():
        described = "; ".join(f"{game}: {setting.describe()}" for game, setting in owners)
        if all(setting.kind is bool for _, setting in owners):
            group.add_argument(
                f"--{name}", dest=_flag_dest(name), action="store_const", const="true",
                help=described,
            )  # fmt: skip
        else:
            group.add_argument(f"--{name}", dest=_flag_dest(name), metavar="VALUE", help=described)


def game_setting_flags() -> dict[str, list[tuple[str, Setting]]]:
    """Each setting a built-in game declares, by name -> the (game, setting) of every game
    that declares one of that name (the adjacency game's and N-Queens' ``size``)."""
    flags: dict[str, list[tuple[str, Setting]]] = {}
    for game in GAMES.built_in_names():
        for setting in game_class(game).SETTINGS:
            flags.setdefault(setting.name, []).append((game, setting))
    return flags


def _flag_dest(name: str) -> str:
    return f"game_setting_{name}"


def add_run_options(
    parser: argparse.ArgumentParser,
    *,
    time_default: float | None,
    memory_default: int | None = None,
    isolate: bool = True,
    time_help: str = "%(default)g",
) -> Any:
    """The options of :class:`~plyground.arena.play.run_options.RunOptions` (read them back
    with :func:`run_options`): ``--time`` (``time_help`` says its default when the
    command decides it later), ``--grace``, ``--policy`` under "rules";
    ``--isolate`` (when the command offers it), ``--startup``, ``--memory``,
    ``--engine-log`` under "engines". Returns the "rules" group (for ``--seed``)."""
    rules = parser.add_argument_group("rules")
    rules.add_argument(
        "--time",
        type=positive_float,
        default=time_default,
        metavar="SECONDS",
        help=f"thinking time per move for bots and engines (default: {time_help})",
    )
    rules.add_argument(
        "--grace",
        type=float,
        default=GRACE_SECONDS,
        metavar="SECONDS",
        help="extra time before a late answer counts as a timeout (default: %(default)g)",
    )
    rules.add_argument(
        "--policy",
        choices=[p.value for p in Penalty],
        default=None,
        help="what a rule break (timeout, illegal or garbage answer, crash) costs: "
        f"a random move is played instead, or the game is lost (default: {RunOptions.policy})",
    )
    engines = parser.add_argument_group("engines (engine:COMMAND players, and bots with --isolate)")
    if isolate:
        engines.add_argument(
            "--isolate",
            action="store_true",
            help="run each Python bot in its own process, as an engine, with the memory cap",
        )
    add_startup_option(engines)
    cap = "none" if memory_default is None else "%(default)s"
    engines.add_argument(
        "--memory",
        type=positive_int,
        default=memory_default,
        metavar="MB",
        help=f"cap each engine's address space, Linux (default: {cap})",
    )
    engines.add_argument(
        "--engine-log",
        nargs="?",
        const=SHOWN,
        metavar="FILE",
        help="show what engines write on stderr; with FILE, append it all there instead, "
        "each line after its player's name",
    )
    return rules


def add_startup_option(group: Any, help: str = "time an engine may take to answer 'hello'") -> None:
    """``--startup SECONDS``: how long a player's process may take to start (the engine
    players' :data:`~plyground.arena.players.engine_player.STARTUP_SECONDS` unless given)."""
    group.add_argument(
        "--startup",
        type=positive_float,
        default=STARTUP_SECONDS,
        metavar="SECONDS",
        help=f"{help} (default: %(default)g)",
    )


def run_options(args: argparse.Namespace) -> RunOptions:
    """The :class:`RunOptions` the options of :func:`add_run_options` give."""
    return RunOptions(
        time=args.time,
        grace=args.grace,
        policy=RunOptions.policy if args.policy is None else Penalty(args.policy),
        isolate=getattr(args, "isolate", False),
        memory_mb=args.memory,
        startup=args.startup,
        engine_log=engine_log_target(args.engine_log),
    )


def engine_log_target(value: str | None) -> str | None:
    """``--engine-log``'s value as :class:`RunOptions` takes it: a FILE checked now (before
    any game) and made absolute (games may run in other processes and folders)."""
    if value is None or value == SHOWN:
        return value
    check_output(value, "--engine-log")
    return os.path.abspath(value)


def add_seed_option(group: Any, default: int | None, help: str) -> None:
    """``--seed N`` in ``group`` (a parser, or the "rules" group :func:`add_run_options`
    returns); ``help`` says what it seeds and its default."""
    group.add_argument("--seed", type=int, default=default, help=help)


def add_quiet_option(group: Any, help: str = "no progress display") -> None:
    """``--quiet``: no progress display (``help`` may say what it leaves out)."""
    group.add_argument("--quiet", action="store_true", help=help)


def echo_log(
    options: RunOptions, echo: Any, name: Callable[[], str]
) -> Callable[[str], None] | None:
    """With ``--engine-log``, a log that shows an engine's stderr lines through ``echo``
    as ``[name] line``; with ``--engine-log FILE``, one that appends them to FILE."""
    if options.engine_log is None:
        return None
    if options.engine_log != SHOWN:
        return engine_log(options.engine_log, name)

    def log(line: str) -> None:
        echo(f"[{name()}] {line}")

    return log


def start_players(
    specs: Sequence[str],
    options: RunOptions,
    seed: int | None,
    echo: Any,
    ask: AskMove | None = None,
) -> list[Player]:
    """The players ``specs`` name, made under ``options`` and started, so a bad engine
    command is reported now, before any game. With a ``seed``, each bot's own seed is
    drawn from it; ``echo`` shows engines' stderr with ``--engine-log``; ``ask`` asks
    a human for moves. Players already made are closed if one fails."""
    seeds = random.Random(seed)
    players: list[Player] = []
    try:
        for spec in specs:
            bot_seed = seeds.randrange(1 << 31) if seed is not None else None
            made: list[Player] = []  # the log names the player once it is made
            log = echo_log(options, echo, partial(_name, made, spec))
            made.append(options.player(spec, seed=bot_seed, log=log, ask=ask))
            players += made
        for player in players:
            player.start()
    except BaseException:
        for player in players:
            player.close()
        raise
    return players


def _name(made: list[Player], spec: str) -> str:
    """The name of the player in ``made`` (its ``hello`` name once it has one), else its spec."""
    return made[0].info.name if made else spec


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """``--db PATH``: the record database (default under the user's data directory)."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="SQLite file of game records (default: $PLYGROUND_DB, else records.sqlite3 "
        "in your data directory)",
    )


def add_stored_run_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--name ID`` and ``--resume [ID]`` of a run stored in the database (``what``:
    ``tournament``, ``run``)."""
    parser.add_argument(
        "--name", metavar="ID", help=f"the {what}'s id in the database (default: made up)"
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="ID",
        help=f"continue a stored {what} (default: the latest unfinished one)",
    )


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """Where a stored run's games are played (:func:`add_backend_choice`), ``--quiet``, and
    its ``--db``."""
    run = parser.add_argument_group("where games run")
    add_backend_choice(run, "games")
    add_quiet_option(run, "no live progress")
    add_db_option(parser)


def add_backend_choice(group: Any, what: str, *aliases: str) -> list[argparse.Action]:
    """``--concurrency`` (and its ``aliases``), ``--backend``, ``--address``: the backend
    that runs ``what`` (``games``, ``subproblems``) and how many at once, as
    :func:`~plyground.arena.runs.backends.make_backend` takes them; returns the actions."""
    return [
        group.add_argument(
            "--concurrency",
            *aliases,
            dest="concurrency",
            type=positive_int,
            default=None,
            metavar="N",
            help=f"{what} at once (default: 1 on the pool; Ray: at most N in flight, "
            "default the cluster's CPUs)"
            + (f"; {', '.join(aliases)}: the former name, still read" if aliases else ""),
        ),
        group.add_argument(
            "--backend",
            choices=BACKENDS,
            default="pool",
            help="a process pool on this machine, or Ray (pip install 'plyground[ray]') "
            "(default: %(default)s)",
        ),
        group.add_argument(
            "--address",
            metavar="HOST:PORT",
            help="the Ray cluster to use (as printed by 'ray start --head'); "
            "default: a Ray instance of this machine",
        ),
    ]


def sprt_bounds(text: str) -> tuple[float, float]:
    """argparse type: ``ELO0,ELO1`` (``0,10``)."""
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected ELO0,ELO1 like 0,10, got {text!r}") from None
    return low, high


def add_page_options(parser: argparse.ArgumentParser, help: str) -> None:
    """``--html FILE`` (``help`` says when it is written) and ``--title TEXT``."""
    parser.add_argument("--html", metavar="FILE", help=help)
    parser.add_argument(
        "--title", metavar="TEXT", help="the HTML page's title (default: the tournament's name)"
    )


def add_sprt_options(parser: argparse.ArgumentParser, help: str) -> None:
    """``--sprt ELO0,ELO1`` (``help`` says what it tests), ``--alpha``, ``--beta``."""
    parser.add_argument("--sprt", type=sprt_bounds, metavar="ELO0,ELO1", help=help)
    add_sprt_error_options(parser)


def add_sprt_error_options(parser: argparse.ArgumentParser) -> None:
    """``--alpha`` and ``--beta``, an SPRT's error rates, with the arena's defaults."""
    parser.add_argument(
        "--alpha",
        type=float,
        default=DEFAULT_ALPHA,
        help="SPRT false positive rate (default: %(default)g)",
    )
    parser.add_argument(
        "--beta",
        type=float,
        default=DEFAULT_BETA,
        help="SPRT false negative rate (default: %(default)g)",
    )


def game_from_args(args: argparse.Namespace) -> Game:
    """The game named by ``--game`` with its settings' flags merged in, its spec parsed once
    and every value read by the game's own settings (:func:`add_game_options`)."""
    name, settings = parse_spec(args.game)
    for key in game_setting_flags():
        value = getattr(args, _flag_dest(key), None)
        if value is not None:
            if key in settings:
                raise SettingsError(f"--{key} given twice: in --game {args.game!r} and as --{key}")
            settings[key] = value
    return game_class(name)(**settings)


def write_records(path: str, records: Iterable[GameRecord]) -> int:
    """Write records as JSON Lines (one game per line), whole or not at all; returns
    how many."""
    from plyground.arena.records.formats import write_jsonl
    from plyground.core.files import whole_file

    with whole_file(path) as temporary, temporary.open("w", encoding="utf-8") as out:
        return write_jsonl(records, out)
