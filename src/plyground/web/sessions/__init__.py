"""Games in progress and finished, kept in memory: who plays, what happened, who may act.

A :class:`GameService` owns every :class:`GameSession`, checks each request
against the rules of the game and the seat's secret, and drives the bots:
when a bot is to move, a task on the event loop sends the position to the
:class:`~plyground.web.pool.BotPool` and plays the answer. It holds no game
logic: moves, legality and results come from the core contract, and a bot
that breaks the rules is ruled on by the arena's adjudication, as in the
referee (docs/rules.md: a random legal move is played for it and the break
is recorded).

Every failure a client can cause raises :class:`ApiError` with an HTTP
status and a message naming the problem, before anything is changed.

One module per part: :mod:`.session` (one game), :mod:`.catalog` (what
can be played), :mod:`.seats` (the sides of a game), :mod:`.creation` (a new game),
:mod:`.names` (player names), :mod:`.acting` (moves, take-backs,
pausing), :mod:`.tools` (puzzle tools), :mod:`.driver` (the bots),
:mod:`.storage` (``--db``), :mod:`.rooms` (room for a new game),
:mod:`.streams` (event streams by client), :mod:`.sharing` (analyses
shared by the requests that await them), :mod:`.service` (all games, and
the requests).
"""

from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.seats import Seat, SeatRequest
from plyground.web.sessions.service import GameService
from plyground.web.sessions.session import GameSession

__all__ = ["ApiError", "GameService", "GameSession", "Seat", "SeatRequest"]
