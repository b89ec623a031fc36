"""The sides of a game: what a client asks for a seat, and the seat it gets (a human with a
secret, or a bot within the server's caps)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from plyground.arena.records.record import PlayerInfo
from plyground.bots import Bot, bot_class, bot_names
from plyground.core.errors import PlygroundError, UnknownNameError
from plyground.core.game import Game
from plyground.core.limits import MOVE_SECONDS
from plyground.web.own_bots import is_own
from plyground.web.sessions.catalog import web_settings_of
from plyground.web.sessions.errors import ApiError, in_field, settings_field
from plyground.web.sessions.names import check_name

__all__ = ["Seat", "SeatRequest", "make_seat"]


@dataclass(frozen=True)
class SeatRequest:
    """What a client asks for one seat: a name, human or bot, and the bot's settings."""

    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None
    settings: Mapping[str, object] = field(default_factory=dict)


@dataclass
class Seat:
    """One side of a game: a human with a secret token, or a bot with its spec and the
    time per move the server gives it (``seconds``: the bot's own ``time`` if its client
    chose one, else the course's within the server's cap; checked once, by
    :func:`make_seat`)."""

    name: str
    kind: Literal["human", "bot"]
    token: str = ""
    bot: Bot | None = None
    seconds: float = MOVE_SECONDS

    def player_info(self) -> PlayerInfo:
        if self.bot is None:
            return PlayerInfo(self.name, kind="human")
        return PlayerInfo(self.name, kind="bot", spec=self.bot.spec, version=self.bot.VERSION)

    def to_dict(self, index: int, label: str) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": index, "label": label, "name": self.name, "kind": self.kind}
        if self.bot is not None:
            data["bot"] = self.bot.name
            data["spec"] = self.bot.spec
            data["settings"] = {**self.bot.settings, "time": self.seconds}
        return data


def make_seat(game: Game, index: int, request: SeatRequest, think_cap: float) -> Seat:
    """Seat ``index`` as asked: a human (with a fresh secret) or a bot within the server's caps.

    Each refusal names its field of the request (``players.<index>.name``, ``.bot``,
    ``.settings.<setting>``)."""
    label = game.player_name(index)
    field = f"players.{index}"
    with in_field(f"{field}.name"):
        name = check_name(request.name, label)
    if request.kind == "human":
        if request.bot or request.settings:
            raise ApiError(
                422, f"{label} is a human: a human seat takes no bot or settings", field=field
            )
        return Seat(name, "human", token=secrets.token_urlsafe(24))
    if not request.bot:
        raise ApiError(
            422,
            f"{label} is a bot: say which bot (known: {', '.join(bot_names())})",
            field=f"{field}.bot",
        )
    try:
        cls = bot_class(request.bot)
    except UnknownNameError as error:
        raise ApiError(422, f"{label}: {error}", field=f"{field}.bot") from None
    settings = _web_settings(cls, request, label, field)
    try:
        bot = cls(**settings)
    except PlygroundError as error:
        where = settings_field(f"{field}.settings", error)
        raise ApiError(422, f"{label}: {error}", field=where) from None
    think = bot.settings.get("time")
    if isinstance(think, float) and think > think_cap:
        raise ApiError(
            422,
            f"{label}: think time {think:g} s is above this server's cap of {think_cap:g} s",
            field=f"{field}.settings.time",
        )
    if not bot.supports(game):
        raise ApiError(
            422, f"{label}: bot {request.bot!r} cannot play {game.spec}", field=f"{field}.bot"
        )
    seconds = think if isinstance(think, float) else min(MOVE_SECONDS, think_cap)
    return Seat(name, "bot", bot=bot, seconds=seconds)


def _web_settings(
    cls: type[Bot], request: SeatRequest, label: str, field: str
) -> dict[str, object]:
    """The bot settings of ``request`` a browser may set (:func:`web_settings_of`), a free
    text only as one of the values it offers (``""``, none, left out); ApiError otherwise."""
    allowed = {s.name for s in web_settings_of(cls.SETTINGS, is_own(cls))}
    for key in request.settings:
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise ApiError(
                422,
                f"{label}: setting {key!r} of bot {request.bot!r} cannot be set from the web "
                f"(settable: {known})",
                field=f"{field}.settings.{key}",
            )
    settings = dict(request.settings)
    for setting in cls.SETTINGS:
        if setting.offered is None or setting.name not in settings:
            continue
        value = settings[setting.name]
        if value not in setting.offered:
            choices = ", ".join(repr(choice) for choice in setting.offered)
            raise ApiError(
                422,
                f"{label}: setting {setting.name!r} of bot {request.bot!r} can be one of "
                f"{choices} from the web, not {value!r}",
                field=f"{field}.settings.{setting.name}",
            )
        if value == "":
            del settings[setting.name]
    return settings
