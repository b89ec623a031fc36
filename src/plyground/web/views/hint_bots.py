"""The bots that answer hints (tic-tac-toe, Morris, 2048): one per bot and game in a worker."""

from __future__ import annotations

import functools

from plyground.bots.base import Bot
from plyground.core.game import Game

__all__ = ["hint_bot"]


@functools.cache
def hint_bot(spec: str, game: Game) -> Bot:
    """The bot ``spec`` for ``game``, made and loaded (kernels, tables) once per worker
    process, so later hints load nothing. Its transposition table needs no clearing
    between hints: each search starts a new generation and trusts no older entry."""
    from plyground.bots import make_bot

    bot = make_bot(spec)
    bot.new_game(game)
    return bot
