"""``plyground play2048``: 2048 in the terminal; play with the arrow keys, or watch the bot.

A thin front end: the rules come from the game (``state.play``,
``state.legal_moves``), the tiles from the seeded driver
(:func:`plyground.core.chance.draw_outcome`), the moves from a bot. It draws
the board with rich and reads keys straight from the terminal (arrow keys,
WASD or HJKL; ``?`` asks the bot for a hint, :mod:`plyground.arena.analysis.hints`;
``q`` quits). When standard input is not a terminal it reads the
same keys from it, so a script can play (``printf '\\e[A\\e[D q'``).

:func:`play_2048` is the entry point a generic ``play`` command can dispatch
to for one-player games with chance.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, TextIO

from plyground.arena.analysis.hints import Hinter
from plyground.arena.players.player import HUMAN
from plyground.bots import make_bot
from plyground.cli.groups import command
from plyground.cli.options import add_seed_option, count, settings_text
from plyground.core.chance import draw_outcome
from plyground.core.collection import collection_paused
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo, check_move_seconds
from plyground.games import load_game
from plyground.games.g2048 import DOWN, LEFT, RIGHT, UP, G2048State

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

__all__ = ["KEYS", "play_2048", "play_from_play_args", "read_keys", "register"]

KEYS: dict[str, int] = {
    "\x1b[A": UP,
    "\x1b[B": DOWN,
    "\x1b[C": RIGHT,
    "\x1b[D": LEFT,
    "w": UP,
    "s": DOWN,
    "d": RIGHT,
    "a": LEFT,
    "k": UP,
    "j": DOWN,
    "l": RIGHT,
    "h": LEFT,
}
"""Key (or escape sequence) -> direction."""
_QUIT_KEYS = ("q", "\x03", "\x04")  # q, Ctrl-C, Ctrl-D
_HINT_KEY = "?"

_TILE_STYLES = {
    0: "grey50",
    2: "black on grey93",
    4: "black on wheat1",
    8: "white on dark_orange",
    16: "white on orange_red1",
    32: "white on red1",
    64: "white on red3",
    128: "black on light_goldenrod1",
    256: "black on gold1",
    512: "black on yellow2",
    1024: "black on yellow3",
    2048: "bold white on dark_goldenrod",
}
_BIG_TILE_STYLE = "bold white on grey11"


@command(
    "play2048",
    help="play 2048 in the terminal, or watch the bot play",
    description="Play 2048 with the arrow keys (or WASD / HJKL; ? hints; q quits), or watch "
    "a bot play with --watch. Tiles spawn from a seeded random generator.",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``play2048``."""
    parser.add_argument("--watch", action="store_true", help="let the bot play")
    parser.add_argument(
        "--bot", default="2048:time=0.5", help="the bot for --watch (default: %(default)s)"
    )
    add_seed_option(parser, None, "seed of the tiles (default: random)")
    parser.add_argument("--max-moves", type=count, default=None, help="stop after this many moves")
    parser.add_argument("--position", default=None, help="start from this position text")
    parser.add_argument(
        "--delay", type=float, default=None, help="seconds between the bot's moves (watching)"
    )
    parser.add_argument(
        "--hint-options",
        type=settings_text,
        default={},
        metavar="K=V,...",
        help="the options of the ? hints, e.g. evaluation=4x6-tc for a learned network's "
        "(docs/learning.md)",
    )
    parser.set_defaults(handler=_run)


def play_from_play_args(game: Game, args: argparse.Namespace) -> int:
    """``plyground play --game 2048``: the generic play command's options, mapped.

    ``--x`` is the player (``human``, the default: the arrow keys; or a bot
    spec to watch), ``--time`` the bot's time per move; ``--seed`` and
    ``--position`` as usual.
    """
    if game.name != "2048":
        raise SettingsError(
            f"the terminal front end for one-player games plays 2048, not {game.spec!r}"
        )
    if args.json:
        raise SettingsError(
            "--json: the terminal's 2048 keeps no record (the web app's games have one: "
            "GET /api/games/ID/record, and 'plyground serve --db' stores them)"
        )
    return play_2048(
        game,
        bot=None if args.x == HUMAN else args.x,
        time_per_move=args.time,
        seed=args.seed,
        position=args.position,
    )


def _run(args: argparse.Namespace) -> int:
    if args.delay is not None and not 0 <= args.delay <= 3600:
        raise SettingsError(f"--delay must be 0 to 3600 seconds, got {args.delay}")
    return play_2048(
        load_game("2048"),
        bot=args.bot if args.watch else None,
        seed=args.seed,
        max_moves=args.max_moves,
        position=args.position,
        delay=args.delay,
        hint_options=args.hint_options,
    )


def play_2048(
    game: Game,
    *,
    bot: str | None = None,
    seed: int | None = None,
    max_moves: int | None = None,
    position: str | None = None,
    delay: float | None = None,
    time_per_move: float | None = None,
    hint_options: Mapping[str, str] | None = None,
    console: Console | None = None,
    keys: Iterator[str] | None = None,
) -> int:
    """Play ``game`` (2048) in the terminal: a person with the keys, or ``bot`` when given.

    Returns the exit status (0). ``time_per_move`` is the limit each of the bot's
    moves is chosen within (its own ``time``, if its spec sets one, caps it). ``keys``
    replaces the terminal's keys (for scripts); by default they come from standard input.
    ``hint_options`` are the person's hints' options (checked before the game starts).
    """
    from rich.console import Console

    console = console or Console(highlight=False)
    rng = random.Random(seed)
    state = game.parse_state(position) if position else game.initial_state()
    if not isinstance(state, G2048State):
        raise SettingsError(f"play2048 plays 2048, not {game.spec!r}")
    state = _spawn(state, rng)
    hinter = Hinter()
    hinter.source(game, hint_options)  # an option the hints do not take: refused now
    player = None
    if bot:
        player = make_bot(bot)
    limit = None if time_per_move is None else Limit(time=check_move_seconds(time_per_move))
    if player is not None:
        player.check_game(game)
        player.new_game(game)  # loads a compiled search before the first move's clock
    live = console.is_terminal
    if delay is None:
        delay = 0.05 if live else 0.0
    moves = 0
    message = ""
    info: SearchInfo | None = None
    with contextlib.ExitStack() as stack:
        person = None
        if player is None:
            keyboard = keys or stack.enter_context(_terminal_keys(sys.stdin))
            person = _Person(keyboard, hinter, hint_options)
        quitting = False
        while True:  # draw the board, then stop or make a move
            _draw(
                console,
                state=state,
                moves=moves,
                message=message,
                info=info,
                live=live,
                watching=player is not None,
            )
            if quitting or state.is_terminal() or (max_moves is not None and moves >= max_moves):
                break
            message = ""
            if player is not None:
                with collection_paused():  # as in the arena: no collection inside a timed move
                    decision = player.choose(state, limit)
                move, info = decision.move, decision.info
                if delay:
                    time.sleep(delay)
            else:
                assert person is not None
                chosen, message, quitting = person.answer(state)
                if chosen is None:
                    continue
                move = chosen
            state = _spawn(state.play(move), rng)
            moves += 1
    ending = "game over" if state.is_terminal() else "stopped"
    console.print(
        f"{ending}: score {state.score}, largest tile {state.max_tile()}, "
        f"{moves} move{'' if moves == 1 else 's'}"
    )
    return 0


class _Person:
    """The person at the keys: each key a move, a hint or the end."""

    def __init__(
        self, keys: Iterator[str], hinter: Hinter, options: Mapping[str, str] | None
    ) -> None:
        self.keys = keys
        self.hinter = hinter  # its bot is loaded at the first hint
        self.options = options

    def answer(self, state: G2048State) -> tuple[int | None, str, bool]:
        """The next key's move (None: no move), the message to show, and whether to quit."""
        key = next(self.keys, "q")
        if key in _QUIT_KEYS:
            return None, "", True
        if key == _HINT_KEY:  # the bot's move for this board, played by nobody
            return None, f"Hint: {self.hinter.hint(state, self.options).line()}", False
        chosen, message = _key_move(key, state)
        return chosen, message, False


def _spawn(state: State, rng: random.Random) -> G2048State:
    while state.is_chance():
        state = state.play(draw_outcome(state.chance_outcomes(), rng))
    assert isinstance(state, G2048State)
    return state


def _board(state: G2048State) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=False, show_lines=True, padding=(0, 1), box=None)
    width = max(5, *(len(str(v)) for v in state.tiles()))
    for _ in range(4):
        table.add_column(width=width, justify="center")
    tiles = state.tiles()
    for row in range(4):
        cells = []
        for value in tiles[4 * row : 4 * row + 4]:
            style = _TILE_STYLES.get(value, _BIG_TILE_STYLE)
            cells.append(Text((str(value) if value else ".").center(width), style=style))
        table.add_row(*cells)
    return table


def _key_move(key: str, state: G2048State) -> tuple[int | None, str]:
    """The move ``key`` asks for, or None and the message that says why it is not one."""
    if key not in KEYS:
        return None, f"unknown key {key!r}: use the arrow keys, WASD or HJKL; ? hints; q quits"
    try:
        state.parse_move(state.move_text(KEYS[key]))
    except IllegalMoveError as error:
        return None, str(error)
    return KEYS[key], ""


def _draw(
    console: Console,
    *,
    state: G2048State,
    moves: int,
    message: str,
    info: SearchInfo | None,
    live: bool,
    watching: bool,
) -> None:
    from rich.panel import Panel

    status = f"score {state.score}   moves {moves}   largest {state.max_tile()}"
    lines = [status]
    if info is not None:
        rate = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
        lines.append(
            f"bot played {' '.join(info.pv) or '-'}: depth {info.depth}  {info.nodes:,} nodes  "
            f"{rate:,.0f}/s"
        )
    elif not watching:
        lines.append("arrow keys / WASD / HJKL to move, ? for a hint, q to quit")
    if message:
        lines.append(message)
    if live:
        console.clear()
        console.print(Panel(_board(state), title="2048", expand=False))
        for line in lines:
            console.print(line)
    else:
        console.print(state.render().rsplit("\n", 1)[0])
        for line in lines:
            console.print(line)


@contextlib.contextmanager
def _terminal_keys(stream: TextIO) -> Iterator[Iterator[str]]:
    """Keys from ``stream``: in raw mode when it is a terminal, as plain characters otherwise."""
    if not stream.isatty():
        yield read_keys(lambda: stream.read(1))
        return
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield read_keys(lambda: os.read(fd, 1).decode("utf-8", "replace"))
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def read_keys(read_char: Callable[[], str]) -> Iterator[str]:
    """Keys from a character source: escape sequences (arrows) whole, whitespace skipped.

    >>> list(read_keys(iter(["\\x1b", "[", "A", " ", "a", ""]).__next__))
    ['\\x1b[A', 'a']
    """
    while True:
        char = read_char()
        if not char:
            return
        if char.isspace():
            continue
        if char == "\x1b":
            rest = read_char()
            if rest in ("[", "O"):
                yield "\x1b[" + read_char()
                continue
            yield rest if rest else "q"
            continue
        yield char.lower()
