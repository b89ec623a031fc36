"""Nine Men's Morris (docs/rules.md section 3): the plain-Python reference.

The rules are OpenSpiel's ``nine_mens_morris``, so that it can serve as a
cross-check (``tests/morris/test_morris_openspiel.py``):

* White moves first. While a player has men in hand, a turn places one on
  an empty point (phase 1). Then a turn moves a man along a line to an
  empty neighbour (phase 2), or anywhere empty when the player has exactly
  three men left (flying, phase 3).
* A man that completes a mill of its colour takes an opposing man, which
  must not stand in a mill unless all of them do. Here the taking is part
  of the move (``d2-d3xg7``), where OpenSpiel makes it a second action.
* A player with two men (on the board and in hand together) loses, and so
  does a player to move with no legal move.
* The draw cap: after 200 turns (a turn is one player's move, its taking
  included; OpenSpiel's ``kMaxNumTurns``) the game is drawn, unless the
  player to move has no legal move or has two men, which still loses.
* With the game setting ``repetition`` (``morris(repetition=true)``; off by
  default, as in OpenSpiel), a position that occurs a third time (the same
  men on the same points, the same side to move) is a draw too. Placing a
  man and taking one cannot be undone, so only positions since the last of
  those can repeat.

A position is the two players' masks (see :mod:`plyground.games.morris.board`),
the men each has in hand and the turns played; the side to move is White
when that number is even.

Position text (docs/morris.md)::

    <rows> <to-move> <white-in-hand> <black-in-hand> <turns> [<since>]

``<rows>`` lists the board rows from row 7 down to row 1, separated by
``/``: three points per row, six in row 4, each ``W``, ``B`` or ``.``, in
the order of :data:`~plyground.games.morris.board.ROWS`. The start is
``.../.../.../....../.../.../... W 9 9 0``. ``<since>`` is there only when the
game counts repetitions: the moves played since the last placement or take,
comma-separated, ``-`` for none (what a repetition needs).

Moves are ints (see :func:`encode`): the destination point, the origin (or
none when placing) and the man taken (or none).
"""

from __future__ import annotations

from typing import ClassVar, Final

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import TERMINAL, Capabilities, Game, Move, ValueState
from plyground.core.gridtext import parse_bounded, quote, split_fields
from plyground.core.settings import Setting
from plyground.games.morris.board import (
    FULL,
    MILLS_OF,
    NEIGHBOUR_POINTS,
    POINTS,
    adjacent,
    bits,
    in_mills,
)
from plyground.games.morris.encoding import (
    BLACK,
    COLOURS,
    MEN,
    NONE,
    SIDES,
    WHITE,
    decode,
    decode_checked,
    encode,
    repetition_key,
)
from plyground.games.morris.legality import check_move
from plyground.games.morris.notation import (
    MOVE_PATTERN,
    board_picture,
    check_counts,
    move_points,
    move_text,
    parse_point,
    parse_rows,
    rows_text,
)
from plyground.games.morris.profile import PROFILE

__all__ = [
    "BLACK",
    "MAX_TURNS",
    "MEN",
    "NONE",
    "WHITE",
    "MorrisGame",
    "MorrisState",
    "decode",
    "encode",
    "parse_point",
    "repetition_key",
]

MAX_TURNS: Final = 200
"""The draw cap: OpenSpiel's ``kMaxNumTurns``."""


class MorrisGame(Game):
    """Nine Men's Morris with OpenSpiel's rules, including its draw cap; threefold
    repetition draws too with ``repetition=True``."""

    NAME = "morris"
    DESCRIPTION = "Nine Men's Morris: place, move and fly men; close mills to take men"
    CAPABILITIES = Capabilities(players=2, chance=False, zero_sum=True)
    PLAYER_NAMES = ("White", "Black")
    ENCODING = "plyground.games.morris.learning:MorrisEncoding"
    PROFILE = PROFILE
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting(
            "repetition",
            bool,
            False,
            "a position that occurs a third time (same men, same side to move) is a draw",
        ),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.repetition: bool = self._settings["repetition"]
        self._fields: tuple[str, ...] = (
            "rows",
            "to-move",
            "white-in-hand",
            "black-in-hand",
            "turns",
        )
        if self.repetition:
            self._fields += ("since",)

    def initial_state(self) -> MorrisState:
        return MorrisState(self, 0, 0, white_hand=MEN, black_hand=MEN, turns=0)

    def parse_state(self, text: str) -> MorrisState:
        """Read ``<rows> <to-move> <white-in-hand> <black-in-hand> <turns>``, and
        ``<since>`` when the game counts repetitions.

        ParseError names the problem: the field count, the row count or a
        row's length, an unknown character, a bad side, a bad count of men in
        hand or turns, more than nine men of a colour, counts that no
        game reaches (hands that do not alternate, a side to move or a turn
        number that the placements contradict), or moves since the last
        placement or take that do not lead to the position.
        """
        fields = split_fields(text, self._fields)
        rows, side_text, white_text, black_text, turns_text = fields[:5]
        men = parse_rows(rows, text)
        if side_text not in ("W", "B"):
            raise ParseError(
                f"side to move must be W or B, got {quote(side_text)} in {quote(text)}"
            )
        hands = [
            parse_bounded(field, f"{colour}'s men in hand", 0, MEN, text)
            for colour, field in zip(COLOURS, (white_text, black_text), strict=True)
        ]
        turns = parse_bounded(turns_text, "turns played", 0, MAX_TURNS, text)
        check_counts(men, hands, turns, side_text, text)
        white_hand, black_hand = hands
        state = MorrisState(
            self, men[WHITE], men[BLACK], white_hand=white_hand, black_hand=black_hand, turns=turns
        )
        return self._replay_since(state, fields[5], text) if self.repetition else state

    def _replay_since(self, state: MorrisState, since: str, text: str) -> MorrisState:
        """``state`` with its history: undo the moves of ``since``, then play them again."""
        if since == "-":
            return state
        names = since.split(",")
        if state.white_hand or state.black_hand or len(names) > state.turns - 2 * MEN:
            raise ParseError(
                f"{len(names)} moves since the last placement or take cannot have been "
                f"played after {state.turns} turns in {text!r}"
            )
        white, black = state.white, state.black
        moves = []
        for number, name in enumerate(reversed(names)):
            match = MOVE_PATTERN.fullmatch(name.strip().lower())
            if not match or match.group(2) is None or match.group(3) is not None:
                raise ParseError(
                    f"{name!r} in <since> of {text!r} is not a move from a point to a point "
                    f"(write them like 'd2-d3,b4-b6', or '-' for none)"
                )
            origin, destination = parse_point(match.group(1)), parse_point(match.group(2))
            mover = (state.side + 1 + number) % 2
            men = black if mover else white
            if not men >> destination & 1 or (white | black) >> origin & 1:
                raise ParseError(
                    f"{name!r} in <since> of {text!r}: {COLOURS[mover]} has no man on "
                    f"{POINTS[destination]} to have moved there from an empty {POINTS[origin]}"
                )
            men ^= 1 << origin | 1 << destination
            white, black = (white, men) if mover else (men, black)
            moves.append(encode(origin, destination))
        replayed = MorrisState(
            self, white, black, white_hand=0, black_hand=0, turns=state.turns - len(names)
        )
        for move in reversed(moves):
            try:
                replayed = replayed.play(move)
            except IllegalMoveError as error:
                raise ParseError(f"<since> of {text!r} is not a line of play: {error}") from None
        return replayed


class MorrisState(ValueState):
    """A position: both players' masks, their men in hand and the turns played.

    Immutable and hashable. ``took`` remembers whether the move that made
    this position took a man (the evaluation's "mill closed on the last
    move"); it is history, not position, so equality, hashing and the text
    leave it out.
    """

    __slots__ = (
        "_game",
        "_moves",
        "_status",
        "_winner",
        "black",
        "black_hand",
        "history",
        "side",
        "since",
        "took",
        "turns",
        "white",
        "white_hand",
    )

    _game: MorrisGame
    white: int
    black: int
    white_hand: int
    black_hand: int
    turns: int
    side: int
    took: bool
    since: tuple[int, ...]
    history: tuple[int, ...]
    _status: int
    _winner: int | None
    _moves: list[int] | None

    def __init__(
        self,
        game: MorrisGame,
        white: int,
        black: int,
        *,
        white_hand: int,
        black_hand: int,
        turns: int,
        took: bool = False,
        since: tuple[int, ...] = (),
        history: tuple[int, ...] = (),
    ) -> None:
        setter = object.__setattr__
        setter(self, "_game", game)
        setter(self, "white", white)
        setter(self, "black", black)
        setter(self, "white_hand", white_hand)
        setter(self, "black_hand", black_hand)
        setter(self, "turns", turns)
        setter(self, "took", took)
        side = turns & 1
        setter(self, "side", side)
        setter(self, "since", since)
        setter(self, "history", history)
        self._fix((white, black, white_hand, black_hand, turns, history))
        setter(self, "_moves", None)
        # The result, in OpenSpiel's order: a player to move without a legal
        # move loses; then a player with two men; then the draw cap; then
        # (when the game counts it) a third occurrence.
        if side == WHITE:
            own, hand = white, white_hand
        else:
            own, hand = black, black_hand
        winner: int | None = None
        over = True
        if hand == 0 and own.bit_count() > 3 and not own & adjacent(FULL & ~(white | black)):
            winner = 1 - side
        elif white.bit_count() + white_hand <= 2:
            winner = BLACK
        elif black.bit_count() + black_hand <= 2:
            winner = WHITE
        elif turns < MAX_TURNS and (
            not game.repetition or history.count(repetition_key(white, black, side)) < 2
        ):
            over = False
        setter(self, "_winner", winner)
        setter(self, "_status", TERMINAL if over else side)

    # -- the contract -------------------------------------------------------
    @property
    def game(self) -> MorrisGame:
        return self._game

    def to_move(self) -> int:
        return self._status

    def is_terminal(self) -> bool:
        return self._status == TERMINAL

    def winner(self) -> int | None:
        """WHITE, BLACK, or None for a draw or a game still going."""
        return self._winner

    def returns(self) -> tuple[float, float]:
        """(1, -1) when White has won, (-1, 1) when Black has, (0, 0) otherwise."""
        if self._winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self._winner == WHITE else (-1.0, 1.0)

    def legal_moves(self) -> list[int]:
        """Every legal move (taking included), by origin, destination, man taken."""
        moves = self._moves
        if moves is None:
            moves = self._generate() if self._status != TERMINAL else []
            object.__setattr__(self, "_moves", moves)
        return moves

    def _mover(self) -> tuple[int, int, int]:
        """The mover's men, the opponent's, and the mover's men in hand."""
        if self.side == WHITE:
            return self.white, self.black, self.white_hand
        return self.black, self.white, self.black_hand

    def _generate(self) -> list[int]:
        own, theirs, hand = self._mover()
        empty = FULL & ~(own | theirs)
        takes: list[int] = []
        moves: list[int] = []
        if hand:
            pairs = [(0, own, d) for d in bits(empty)]
        elif own.bit_count() == 3:
            empties = bits(empty)
            pairs = [((o + 1) << 5, own ^ 1 << o, d) for o in bits(own) for d in empties]
        else:
            pairs = [
                ((o + 1) << 5, own ^ 1 << o, d)
                for o in bits(own)
                for d in NEIGHBOUR_POINTS[o]
                if empty >> d & 1
            ]
        for code, base, destination in pairs:
            after = base | 1 << destination
            horizontal, vertical = MILLS_OF[destination]
            if after & horizontal == horizontal or after & vertical == vertical:
                if not takes:
                    takeable = theirs & ~in_mills(theirs) or theirs
                    takes = [(t + 1) << 10 for t in bits(takeable)]
                moves.extend(code | destination | take for take in takes)
            else:
                moves.append(code | destination)
        return moves

    def play(self, move: Move) -> MorrisState:
        """The position after ``move`` (an int from :func:`encode`)."""
        if move not in self.legal_moves():
            raise IllegalMoveError(self._why_illegal(move))
        assert isinstance(move, int)
        # decode(move), inline: this runs at every node of a search.
        origin, taken = (move >> 5 & 31) - 1, (move >> 10) - 1
        bit = 1 << (move & 31)
        if origin != NONE:
            bit |= 1 << origin
        gone = 0 if taken == NONE else 1 << taken
        white, black = self.white, self.black
        white_hand, black_hand = self.white_hand, self.black_hand
        if self.side == WHITE:
            white ^= bit
            black ^= gone
            if origin == NONE:
                white_hand -= 1
        else:
            black ^= bit
            white ^= gone
            if origin == NONE:
                black_hand -= 1
        since: tuple[int, ...] = ()
        history: tuple[int, ...] = ()
        if self._game.repetition and origin != NONE and taken == NONE:
            since = (*self.since, move)
            history = (*self.history, repetition_key(self.white, self.black, self.side))
        return MorrisState(
            self._game,
            white,
            black,
            white_hand=white_hand,
            black_hand=black_hand,
            turns=self.turns + 1,
            took=taken != NONE,
            since=since,
            history=history,
        )

    def _why_illegal(self, move: Move) -> str:
        if self.is_terminal():
            return f"the game is over: no move is legal in {self.text()!r}"
        parts = decode_checked(move)
        if parts is not None:
            try:
                self._check(*parts)
            except IllegalMoveError as error:
                return str(error)
        return f"illegal move {move!r} in {self.text()!r}"

    def move_text(self, move: Move) -> str:
        """``d2`` (place), ``d2-d3`` (move or fly), with ``xg7`` when a man is taken."""
        return move_text(move)

    def parse_move(self, text: str) -> int:
        """Read ``d2``, ``d2-d3`` or either with ``xg7``; the error says what is wrong."""
        origin, destination, taken = move_points(text)
        self._check(origin, destination, taken)
        return encode(origin, destination, taken)

    def _check(self, origin: int, destination: int, taken: int) -> None:
        """Raise IllegalMoveError saying why a move is not legal here (or return)."""
        if self.is_terminal():
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        check_move(self.side, *self._mover(), origin, destination, taken)

    def text(self) -> str:
        text = (
            f"{rows_text(self.white, self.black)} {SIDES[self.side]} "
            f"{self.white_hand} {self.black_hand} {self.turns}"
        )
        if self._game.repetition:
            text += " " + (",".join(self.move_text(move) for move in self.since) or "-")
        return text

    def repetition_keys(self) -> tuple[int, ...]:
        """The positions since the last placement or take, this one last, as
        :func:`repetition_key` s (empty when the game does not count repetitions)."""
        if not self._game.repetition:
            return ()
        return (*self.history, repetition_key(self.white, self.black, self.side))

    def ending(self) -> str | None:
        """How the game ended: ``"blockade"`` (the loser cannot move), ``"men"`` (the loser
        has two), ``"cap"`` (the draw cap), ``"repetition"``; None while it goes on."""
        if not self.is_terminal():
            return None
        if self._winner is not None:
            return "men" if min(self.men(WHITE), self.men(BLACK)) <= 2 else "blockade"
        return "cap" if self.turns >= MAX_TURNS else "repetition"

    # -- friendly API -------------------------------------------------------
    def point(self, where: int | str) -> str | None:
        """``"W"``, ``"B"`` or ``None`` for a point given by index or name."""
        index = parse_point(where) if isinstance(where, str) else where
        return "W" if self.white >> index & 1 else "B" if self.black >> index & 1 else None

    def move_effects(self, move: Move) -> dict[str, str]:
        """The points ``move`` changes: ``placed``, or ``moved-from`` and ``moved-to``, and
        ``removed`` for the man taken."""
        parts = decode_checked(move)
        if parts is None:
            return {}
        origin, destination, taken = parts
        effects = {}
        if origin == NONE:
            effects[POINTS[destination]] = "placed"
        else:
            effects[POINTS[origin]] = "moved-from"
            effects[POINTS[destination]] = "moved-to"
        if taken != NONE:
            effects[POINTS[taken]] = "removed"
        return effects

    def count(self, player: int) -> int:
        """Men ``player`` has left, on the board and in hand (what a status line shows)."""
        return self.men(player)

    def men(self, player: int) -> int:
        """How many men ``player`` has, on the board and in hand."""
        if player == WHITE:
            return self.white.bit_count() + self.white_hand
        return self.black.bit_count() + self.black_hand

    def hand(self, player: int) -> int:
        """How many men ``player`` still has to place."""
        return self.white_hand if player == WHITE else self.black_hand

    def phase(self, player: int) -> str:
        """``"placing"``, ``"moving"`` or ``"flying"`` for ``player``'s next turn."""
        if self.hand(player):
            return "placing"
        return "flying" if self.men(player) == 3 else "moving"

    def render(self) -> str:
        """The board for a terminal: a status line, then the board with row numbers at the
        start of its lines and the column letters on the last (as front ends expect)."""
        return "\n".join([self.status(), *board_picture(self.white, self.black)])

    def status(self) -> str:
        """One line: who is to move (or the result), men in hand and on the board, turns."""
        counts = (
            f"in hand W {self.white_hand} B {self.black_hand}, "
            f"on board W {self.white.bit_count()} B {self.black.bit_count()}, "
            f"turn {self.turns}/{MAX_TURNS}"
        )
        if self.is_terminal():
            winner = self._winner
            result = "draw" if winner is None else f"{COLOURS[winner]} wins"
            return f"game over: {result}; {counts}"
        return f"{COLOURS[self.side]} to move ({self.phase(self.side)}); {counts}"
