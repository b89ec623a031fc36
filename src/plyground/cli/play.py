"""``plyground play``: a game in the terminal, people and bots in any seats.

The front end knows no game: it draws ``state.render()``, highlights the
cells that ``state.move_effects(move)`` names (found by the coordinates the
drawing prints), colours each player's mark, and reads moves with
``state.parse_move``. Two optional state attributes enrich the status line
when a game has them: ``rounds_left`` and ``count(player)``.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.status import Status
from rich.text import Text

from plyground.arena.play.referee import GameObserver
from plyground.arena.players.make import HUMAN
from plyground.arena.players.player import QuitRequest, UndoRequest
from plyground.arena.records.record import (
    GameRecord,
    MoveRecord,
    PlayerInfo,
    RuleBreak,
    Termination,
)
from plyground.bots import strongest_bot
from plyground.cli.groups import add_command
from plyground.cli.options import (
    PLAYER_HELP,
    SEED_HELP,
    add_game_options,
    add_run_options,
    add_seed_option,
    game_from_args,
    run_options,
    start_players,
    write_records,
)
from plyground.cli.outputs import check_output
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, Move, State
from plyground.core.limits import MOVE_SECONDS, SearchInfo

if TYPE_CHECKING:  # the hints load numba: imported at the first hint
    from plyground.arena.analysis.hints import Hinter

__all__ = ["TerminalView", "board_text", "register"]

_SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")
_EFFECT_STYLES = {"placed": "bold black on green", "moved-to": "bold black on green"}
_OTHER_EFFECT_STYLE = "bold black on yellow"
_CELL = re.compile(r"([a-z]+)([0-9]+)")


def board_text(state: State, effects: Mapping[str, str] | None = None) -> Text:
    """``state.render()`` with each player's marks coloured and ``effects``' cells highlighted.

    A cell is found by its name when the drawing labels rows at the start
    of each line and columns on its last line (docs/rules.md's layout); other
    drawings are shown plain.
    """
    drawing = state.render()
    lines = drawing.split("\n")
    text = Text(drawing)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    names = [state.game.player_name(p) for p in range(state.game.capabilities.players)]
    # A player's men are drawn as the first letter of its name (X, O; W, B).
    marks = {name[0]: _SEAT_STYLES[i % len(_SEAT_STYLES)] for i, name in enumerate(names)}
    rows: dict[str, int] = {}
    for number, line in enumerate(lines[:-1]):
        label = re.match(r"\s*([0-9]+)", line)
        body_from = label.end() if label else 0
        if label:
            rows[label.group(1)] = number
        for column in range(body_from, len(line)):
            style = marks.get(line[column])
            if style:
                text.stylize(style, starts[number] + column, starts[number] + column + 1)
    columns = {char: i for i, char in enumerate(lines[-1]) if char.isalpha()} if lines else {}
    for cell, effect in (effects or {}).items():
        match = _CELL.fullmatch(cell)
        if not match or match.group(2) not in rows or match.group(1) not in columns:
            continue
        number, column = rows[match.group(2)], columns[match.group(1)]
        if column < len(lines[number]):
            style = _EFFECT_STYLES.get(effect, _OTHER_EFFECT_STYLE)
            text.stylize(style, starts[number] + column, starts[number] + column + 1)
    return text


class TerminalView(GameObserver):
    """Shows a game as it is played and asks people for their moves."""

    def __init__(self, console: Console, game: Game) -> None:
        self.console = console
        self.game = game
        self.players: Sequence[PlayerInfo] = ()
        self.humans: set[int] = set()
        self._status: Status | None = None
        self._latest: SearchInfo | None = None
        self._last_effects: Mapping[str, str] = {}
        self._hinter: Hinter | None = None
        """Made at the first 'hint' (it loads kernels and tables)."""

    @property
    def hints(self) -> bool:
        """True when 'hint' works in this game (its profile names a hint source)."""
        return self.game.PROFILE.hint is not None

    # -- helpers -------------------------------------------------------------
    def seat(self, player: int) -> str:
        """``X (alphabeta)``: a seat's mark and who sits there."""
        name = self.game.player_name(player)
        who = self.players[player].name if player < len(self.players) else "?"
        return f"{name} ({who})"

    def status_line(self, state: State) -> str:
        """Whose turn, rounds left and the score, as far as the state tells."""
        parts = []
        if state.is_terminal():
            parts.append("game over")
        elif state.to_move() >= 0:
            parts.append(f"{self.seat(state.to_move())} to move")
        rounds_left = getattr(state, "rounds_left", None)
        if isinstance(rounds_left, int) and not state.is_terminal():
            total = self.game.settings.get("rounds")
            of_total = f" of {total}" if isinstance(total, int) else ""
            parts.append(f"{rounds_left}{of_total} rounds left")
        players = range(self.game.capabilities.players)
        count = getattr(state, "count", None)
        if callable(count):
            parts.append("  ".join(f"{self.game.player_name(p)} {count(p)}" for p in players))
        else:
            values = state.returns()
            parts.append("  ".join(f"{self.game.player_name(p)} {values[p]:+g}" for p in players))
        return " · ".join(parts)

    def show(self, state: State, effects: Mapping[str, str] | None = None) -> None:
        """Print the board and the status line."""
        self.console.print()
        self.console.print(board_text(state, effects))
        self.console.print(self.status_line(state), style="bold")

    def _stop_status(self) -> None:
        if self._status is not None:
            self._status.stop()
            self._status = None

    @staticmethod
    def describe_info(info: SearchInfo | None) -> str:
        """``depth 7 · score +3 · pv d5 e5`` (``score +2 exact`` when proved to the end)."""
        if info is None:
            return ""
        parts = [f"depth {info.depth}"]
        if info.score is not None:
            exact = " exact" if info.extra.get("exact") else ""
            parts.append(f"score {info.score:+.4g}{exact}")
        if info.pv:
            parts.append("pv " + " ".join(info.pv[:8]))
        return " · ".join(parts)

    # -- the observer --------------------------------------------------------
    def game_started(self, state: State, players: Sequence[PlayerInfo]) -> None:
        self.players = players
        self.humans = {i for i, p in enumerate(players) if p.kind == HUMAN}
        seats = "  vs  ".join(self.seat(i) for i in range(len(players)))
        self.console.rule(f"{self.game.spec}: {seats}")
        if self.humans:
            moves = state.legal_moves()
            example = f" (like {state.move_text(moves[len(moves) // 2])})" if moves else ""
            hint = " 'hint'," if self.hints else ""
            self.console.print(
                f"Type a move{example}, or 'undo',{hint} 'moves', 'help', 'quit'.", style="dim"
            )
        self.show(state)

    def thinking(self, player: int, state: State) -> None:
        self._latest = None
        if player not in self.humans and self.console.is_terminal:
            self._status = self.console.status(f"{self.seat(player)} is thinking…")
            self._status.start()

    def info(self, player: int, info: SearchInfo) -> None:
        self._latest = info
        if self._status is not None:
            self._status.update(f"{self.seat(player)} is thinking… {self.describe_info(info)}")

    def rule_broken(self, rule_break: RuleBreak) -> None:
        self._stop_status()
        what = (
            "a random move is played instead"
            if rule_break.penalty.value == "random-move"
            else "the game is lost"
        )
        self.console.print(
            f"! {self.seat(rule_break.player)} broke the rules ({rule_break.kind.value}): "
            f"{rule_break.detail}; {what}",
            style="bold red",
        )

    def move_played(self, move: MoveRecord, before: State, after: State) -> None:
        self._stop_status()
        try:
            effects = before.move_effects(before.parse_move(move.move))
        except ValueError:
            effects = {}
        grouped: dict[str, list[str]] = {}
        for cell, effect in effects.items():
            if cell != move.move:
                grouped.setdefault(effect, []).append(cell)
        described = "; ".join(f"{effect} {' '.join(cells)}" for effect, cells in grouped.items())
        changed = f" ({described})" if described else ""
        who = self.seat(move.player) if move.player >= 0 else "chance"
        line = f"{who} plays {move.move}{changed}"
        if move.player not in self.humans and move.player >= 0:
            details = self.describe_info(move.info)
            line += f"  [{details + ' · ' if details else ''}{move.elapsed:.2f} s]"
        self.console.print(line)
        self._last_effects = effects
        next_player = after.to_move()
        if after.is_terminal():
            return
        if next_player in self.humans or not self.humans:
            self.show(after, effects)

    def undone(self, state: State, plies: int) -> None:
        if plies == 0:
            self.console.print("Nothing to take back yet.", style="yellow")
            return
        self.console.print(f"Took back {plies} {'ply' if plies == 1 else 'plies'}.")
        self.show(state)

    def game_ended(self, record: GameRecord) -> None:
        self._stop_status()
        if record.termination is Termination.ABORTED:
            self.console.print("Game abandoned.", style="bold")
            return
        self.show(self.game.parse_state(record.final), self._last_effects)
        if record.winner is None:
            message = "Draw."
        else:
            message = f"{self.seat(record.winner)} wins"
            if record.termination is Termination.FORFEIT:
                message += " by forfeit"
            message += "."
        self.console.print(f"{message}  Result {record.result}.", style="bold")

    # -- asking a person -----------------------------------------------------
    def ask(self, state: State) -> Move:
        """Ask the person to move for ``state``'s side; explain and ask again on a bad cell."""
        prompt = f"{self.seat(state.to_move())} move: "
        while True:
            try:
                answer = self.console.input(prompt).strip()
            except EOFError:
                self.console.print()
                raise QuitRequest from None
            if not sys.stdin.isatty():
                self.console.print(answer)  # what a terminal would have echoed
            command = answer.lower()
            if not answer:
                continue
            if command in ("quit", "exit", "q"):
                raise QuitRequest
            if command == "undo":
                raise UndoRequest
            if command == "hint" and self.hints:
                self.console.print(f"Hint: {self._hint(state)}", soft_wrap=True, markup=False)
                continue
            if command in ("moves", "help", "?"):
                legal = " ".join(state.move_text(m) for m in state.legal_moves())
                self.console.print(f"Legal moves: {legal}")
                if command != "moves":
                    hint = " 'hint' (the best moves, and how they are known)," if self.hints else ""
                    self.console.print(
                        f"Commands: a move, 'undo' (take back your last move),{hint} "
                        "'moves' (list legal moves), 'quit'."
                    )
                continue
            try:
                move = state.parse_move(answer)
                if move not in state.legal_moves():
                    raise IllegalMoveError(f"{answer!r} is not a legal move here")
            except ValueError as error:
                self.console.print(f"✗ {error}. Try again.", style="bold red")
                continue
            return move

    def _hint(self, state: State) -> str:
        """The best moves for ``state`` and how they are known
        (:mod:`plyground.arena.analysis.hints`; the adjacency game: at most a second for an
        exact solve, then as long for the engine)."""
        from plyground.arena.analysis.hints import Hinter

        if self._hinter is None:
            self._hinter = Hinter()
            self._hinter.prepare(state.game)
        return self._hinter.hint(state).line()


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = add_command(
        subparsers,
        "play",
        help="play a game in the terminal (you against a bot, by default)",
        description=f"""\
Play a game in the terminal. By default you are X and the strongest bot
(alphabeta, 5 s a move) is O. Either seat can be a person, a bot or an
engine, so you can also watch two bots, or play a friend on one keyboard.

Type a move as a cell (d5). Commands: 'undo' takes back your last move,
'hint' gives the best moves of your position and how they are known (in
the games 'plyground games' lists with a hint; the adjacency game: the
opening book, an exact solve, or the engine's estimate, as docs/analysis.md
says), 'moves' lists the legal moves, 'quit' stops. A bad or occupied cell
is explained and you are asked again.

{PLAYER_HELP}""",
        epilog="""\
examples:
  plyground play                                  you (X) vs alphabeta, 8x8, 8 rounds
  plyground play 2048                             2048 by arrow keys; --x 2048 watches the bot
  plyground play --o greedy --size 6 --rounds 10
  plyground play --x alphabeta:time=1 --o human --first O
  plyground play --x greedy --o alphabeta:time=0.5      watch two bots
  plyground play --o "engine:plyground engine alphabeta" --time 2
  plyground play --position '6OO/6OO/8/8/3X4/8/XX6/XX6 O 15'""",
    )
    parser.add_argument(
        "game_spec",
        nargs="?",
        metavar="GAME",
        help="the game to play, with settings if you like (default adjacency; "
        "same as --game): a name 'plyground games' lists, or e.g. 'adjacency(size=6)'",
    )
    parser.add_argument("--x", default=HUMAN, metavar="PLAYER", help="first seat (default: human)")
    parser.add_argument(
        "--o",
        metavar="PLAYER",
        help="second seat (default: the game's strongest bot, which 'plyground games' lists)",
    )
    parser.add_argument("--position", metavar="TEXT", help="start from this position text instead")
    parser.add_argument("--json", metavar="FILE", help="write the game record (JSON Lines)")
    add_game_options(parser)
    add_seed_option(
        add_run_options(parser, time_default=MOVE_SECONDS, isolate=False), None, SEED_HELP
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    if args.game_spec is not None:
        if args.game != "adjacency":
            raise SettingsError(
                f"the game is given twice: {args.game_spec!r} and --game {args.game!r}"
            )
        args.game = args.game_spec
    check_output(args.json, "--json")
    game = game_from_args(args)
    if args.o is None:
        args.o = strongest_bot(game.name)
    if game.capabilities.players == 1 and game.capabilities.chance:
        from plyground.cli.play2048 import play_from_play_args

        return play_from_play_args(game, args)
    if game.capabilities.players == 1:
        raise SettingsError(
            f"{game.spec!r} is a puzzle, not a game to play: solve it with "
            f"'plyground solve {game.name} N'"
        )
    if game.capabilities.players != 2 or game.capabilities.chance:
        raise SettingsError(f"play needs a two-player game without chance; {game.spec!r} is not")
    start = game.parse_state(args.position) if args.position else None
    console = Console(highlight=False, markup=False)
    view = TerminalView(console, game)
    options = run_options(args)
    players = start_players((args.x, args.o), options, args.seed, console.print, ask=view.ask)
    try:
        record = options.referee(game, view, seed=args.seed).play(players, start)
    finally:
        for player in players:
            player.close()
    if args.json:
        write_records(args.json, [record])
        console.print(f"Record written to {args.json}.")
    return 0
