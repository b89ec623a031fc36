"""The ``alphabeta`` bot: alpha-beta search with the game's evaluation.

Two engines behind one bot:

* ``engine=auto`` (the default) uses a game's accelerated (compiled) search
  where its profile names one (``search``; the adjacency game's:
  :class:`~plyground.games.adjacency.engine.AdjacencyEngine`), and the
  reference search elsewhere;
* ``engine=reference`` always uses the game-agnostic, readable
  :class:`~plyground.algorithms.search.AlphaBeta`.

``time``, ``depth``, ``table`` and ``weights`` mean the same for both; the
accelerated engine evaluates with exactly the reference's evaluation.

With ``book`` on (the default), a position in the game's opening book
(:mod:`plyground.bots.books`; for the adjacency game the solved starts of
docs/adjacency-solved.md) is answered from the book, without a search: the
first of its proven best moves (so the bot stays deterministic).

A short move in a process that has not loaded the compiled kernels (a
``choose`` without ``new_game``) is answered by the reference search while
they load in the background (:class:`~plyground.bots.loading.KernelLoader`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar, Protocol

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.books import booked_moves
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.bots.loading import KernelLoader
from plyground.core.errors import SettingsError
from plyground.core.evaluation import Evaluator
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.profile import Compiled
from plyground.core.registry import load_target
from plyground.core.settings import Setting

__all__ = ["AcceleratedFactory", "AcceleratedSearch", "AlphaBetaBot"]


class _Answer(Protocol):
    @property
    def move(self) -> Move: ...

    @property
    def info(self) -> SearchInfo: ...


class AcceleratedSearch(Protocol):
    """What the bot needs of a game's compiled search."""

    def search(
        self, state: State, limit: Limit, on_info: Callable[[SearchInfo], None] | None = None
    ) -> _Answer:
        """The best move within ``limit``, reporting each completed depth."""

    def new_game(self) -> None:
        """Forget what earlier searches learned."""


AcceleratedFactory = Callable[[Evaluator, int, str | None], AcceleratedSearch]
"""Makes a game's accelerated search (the ``make`` of its profile's ``search``) from
(evaluator, table entries, features text or None), ready to search: its kernels
compiled or loaded from the disk cache."""


def _make_search(
    compiled: Compiled, evaluator: Evaluator, table: int, features: str | None
) -> AcceleratedSearch:
    """The accelerated search ``compiled`` makes, its module imported only now (it imports
    numba: a bot imports it as part of a load, never inside a short move)."""
    make: AcceleratedFactory = load_target(compiled.make)
    return make(evaluator, table, features)


class AlphaBetaBot(Bot):
    """Iterative-deepening negamax alpha-beta with a transposition table.

    Uses the evaluation registered for the game (for adjacency: material,
    tempo, gains and exposure). ``depth`` caps the search depth; the clock
    (``time``) always applies. The bot answers within its time with the
    best move of the last completed depth. In the adjacency game's last
    plies it plays by proof: once an exact solve is predicted to fit its
    time it solves instead (feature ``endgame``), and its SearchInfo says
    ``exact`` (and ``solved``).
    """

    NAME = "alphabeta"
    DESCRIPTION = "alpha-beta: iterative deepening, transposition table, move ordering"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting(
            "depth",
            int,
            None,
            "maximum depth in plies (none: until time runs out)",
            minimum=1,
            maximum=200,
        ),
        Setting("table", int, 1 << 20, "transposition table entries", minimum=1024),
        Setting(
            "weights", str, None, "JSON file of evaluation weights, or inline gain:2.5;threat:1"
        ),
        Setting(
            "engine",
            str,
            "auto",
            "auto: the game's compiled search where it has one; reference: the generic one",
            choices=("auto", "reference"),
        ),
        Setting(
            "features",
            str,
            None,
            "compiled engine only: techniques switched on/off, e.g. '-lmr+futility'",
        ),
        Setting("book", bool, True, "play the opening book's proven best moves where it has one"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._weights = load_weights(self._settings["weights"])
        self._search: AlphaBeta | AcceleratedSearch | None = None
        self._game: Game | None = None
        self._loaders: dict[Game, KernelLoader] = {}
        """Each game's loader: its kernels, and its compiled search made (into ``_made``)."""
        self._made: dict[Game, AcceleratedSearch] = {}
        self._stand_in: tuple[Game, AlphaBeta] | None = None
        """The reference search answering short moves while the compiled kernels load."""
        self._last: object = None
        """The search that answered the last move (a subclass's own kind counts as accelerated
        unless it is the reference ``AlphaBeta``)."""

    def check_game(self, game: Game) -> None:
        """Also SettingsError when ``weights`` are not the game's (a name its evaluation
        does not have), found now rather than on every move."""
        super().check_game(game)
        evaluator_for(game, self._weights, search=True)

    def _searcher(self, game: Game, limit: Limit | None = None) -> AlphaBeta | AcceleratedSearch:
        """The search for ``game`` (made on first use, kept): the compiled one where the game
        has it (``engine=auto``). Under a ``limit`` too short to load its kernels in a
        process that has not, the reference search answers while they load."""
        if self._search is not None and self._game == game:
            return self._search
        evaluator = evaluator_for(game, self._weights, search=True)
        auto = self._settings["engine"] == "auto"
        accelerated = game.PROFILE.search if auto else None
        features = self._settings["features"]
        if accelerated is None:
            if features:
                raise SettingsError(
                    f"bot 'alphabeta': setting 'features' needs the compiled engine, which "
                    f"{game.name!r} with engine={self._settings['engine']} does not use"
                )
            self._search = AlphaBeta(evaluator, self._settings["table"])
        else:
            loader = self._loaders.get(game)
            if loader is None:
                table = self._settings["table"]

                def make() -> None:
                    self._made[game] = _make_search(accelerated, evaluator, table, features)

                loader = self._loaders[game] = KernelLoader(accelerated.warm_up, prepare=make)
            if limit is not None and not loader.ready(limit):
                if self._stand_in is None or self._stand_in[0] != game:
                    self._stand_in = (game, AlphaBeta(evaluator, self._settings["table"]))
                return self._stand_in[1]
            loader.wait()  # (at once when the search is made)
            made = self._made.pop(game, None)  # (none when this game came back: made again)
            table = self._settings["table"]
            self._search = made or _make_search(accelerated, evaluator, table, features)
            self._stand_in = None
        self._game = game
        return self._search

    @property
    def engine_name(self) -> str:
        """``accelerated`` or ``reference``: what searched last, else what is made for the
        next search (``none`` before either)."""
        search = self._last or self._search
        if search is None:
            return "none"
        return "reference" if isinstance(search, AlphaBeta) else "accelerated"

    def new_game(self, game: Game) -> None:
        """Start afresh, and load the compiled kernels now, before any clock runs."""
        search = self._searcher(game)
        if isinstance(search, AlphaBeta):
            self._search = None
        else:
            search.new_game()

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        started = time.perf_counter()
        limit = self.time_limit(limit)
        search = self._searcher(state.game, limit)
        if self._settings["book"]:
            booked = self._from_book(state, started)
            if booked is not None:
                if on_info is not None:
                    on_info(booked.info)
                return booked
        if self._settings["depth"] is not None and limit.depth is None:
            limit = Limit(time=limit.time, depth=self._settings["depth"], nodes=limit.nodes)
        # Loading the kernels on a first move counts against this move's time.
        limit = limit.less_time(time.perf_counter() - started)
        result = search.search(state, limit, on_info)
        self._last = search
        return Decision(result.move, result.info)

    def _from_book(self, state: State, started: float) -> Decision | None:
        """A proven best move from the game's opening book, or None when ``state`` is not in it."""
        booked = booked_moves(state)
        if booked is None:
            return None
        move = booked.moves[0]
        info = SearchInfo(
            depth=booked.depth,
            score=booked.value,
            pv=(state.move_text(move),),
            elapsed=time.perf_counter() - started,
            extra={"exact": True, "book": True},
        )
        return Decision(move, info)
