"""A game shown in the terminal as it is played, and people asked for their moves there.

It knows no game: it draws ``state.render()``, highlights the cells that
``state.move_effects(move)`` names (found by the coordinates the drawing
prints), colours each player's mark, and reads moves with
``state.parse_move``. Two optional state attributes enrich the status line
when a game has them: ``rounds_left`` and ``count(player)``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.status import Status
from rich.text import Text

from plyground.arena.play.referee import GameObserver
from plyground.arena.players.player import HUMAN, QuitRequest, UndoRequest
from plyground.arena.records.record import (
    GameRecord,
    MoveRecord,
    PlayerInfo,
    RuleBreak,
    Termination,
)
from plyground.core.errors import IllegalMoveError
from plyground.core.game import Game, Move, State
from plyground.core.limits import SearchInfo

if TYPE_CHECKING:  # the hints load numba: imported at the first hint
    from plyground.arena.analysis.hints import Hinter

__all__ = ["TerminalView", "board_text"]

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
