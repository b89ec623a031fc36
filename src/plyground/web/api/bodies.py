"""The request bodies of the JSON API (pydantic models: they are also its OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from plyground.web.sessions.names import NAME_LENGTH

__all__ = [
    "ControlBody",
    "CreateGameBody",
    "MoveBody",
    "SeatBody",
    "TokenBody",
    "ToolBody",
    "UndoBody",
]

Scalar = StrictBool | StrictInt | StrictFloat | Annotated[str, Field(max_length=100)]
Token = Annotated[str, Field(max_length=200, description="a secret returned when the game began")]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatBody(_Body):
    """One side: its name, and a human or a bot (with the bot's settings)."""

    name: Annotated[
        str,
        Field(
            max_length=NAME_LENGTH,
            description=(
                "shown to every viewer: no control, format or invisible characters, no word "
                "mixing Latin, Greek and Cyrillic letters (a Cyrillic А in 'Аlice'), and not "
                "the same as another side's name once folded (NFKC, case) nor a look-alike "
                "of it (the same TR39 skeleton, case-folded)"
            ),
        ),
    ]
    kind: Literal["human", "bot"]
    bot: Annotated[str | None, Field(max_length=64)] = None
    settings: Annotated[dict[str, Scalar], Field(max_length=16)] = {}


class CreateGameBody(_Body):
    """A new game: which game with which settings, who plays each side, where it starts."""

    game: Annotated[str, Field(max_length=64)] = "adjacency"
    settings: Annotated[dict[str, Scalar], Field(max_length=16)] = {}
    players: Annotated[list[SeatBody], Field(min_length=1, max_length=8)]
    start: Annotated[str | None, Field(max_length=500)] = None
    delay: float = Field(0.5, description="seconds between moves when bots play each other")
    paused: bool = False
    seed: StrictInt | None = Field(
        None, description="games with chance (2048): the seed of the tiles (default: random)"
    )
    mode: Literal["play", "analysis"] = Field(
        "play", description="analysis: an analysis board (humans on both sides, values shown)"
    )


class MoveBody(_Body):
    """A human's move: the seat's secret and the move (for board games, a cell)."""

    token: Token
    move: Annotated[str, Field(max_length=32)]
    ply: int | None = Field(None, description="the number of moves played before this one")


class TokenBody(_Body):
    """A request that needs only a secret."""

    token: Token


class UndoBody(_Body):
    """Take back moves: your last one (and a bot's reply), or in a puzzle all from ``ply`` on."""

    token: Token
    ply: StrictInt | None = Field(None, description="puzzles: take back every move from this one")


class ToolBody(_Body):
    """Run a puzzle tool (for N-Queens: solve, count) with its options."""

    token: Token
    options: Annotated[dict[str, Scalar], Field(max_length=8)] = {}


class ControlBody(_Body):
    """Pause or resume bot play, or change the pause between bot moves."""

    token: Token
    paused: bool | None = None
    delay: float | None = None
