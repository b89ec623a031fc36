"""The ``mcts`` bot: Monte Carlo tree search with the solver, for any two-player
zero-sum game and for one-player games against chance (2048).

It is :class:`~plyground.algorithms.search.mcts.MCTS` with the game's
evaluator (its move order guides expansion and ``playout=guided``; its
values serve ``value=evaluator``) and settings. Two playout engines:

* ``engine=auto`` (the default) uses a game's compiled playouts where its
  profile names them (``playouts``; the adjacency game's:
  :class:`~plyground.games.adjacency.playout.AdjacencyPlayouts`);
* ``engine=reference`` always plays out with the readable
  :class:`~plyground.algorithms.search.playouts.RandomPlayouts`.

Settings left unset take the game's default from its profile (``mcts``; the
adjacency game's value and exploration are measured in docs/mcts.md), else
the defaults for two-player games or for one-player games.
The tree is kept between moves of one game.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any, ClassVar

from plyground.algorithms.search.mcts import CHANCE_MODES, MCTS, VALUE_SCALES
from plyground.algorithms.search.playouts import Playouts, RandomPlayouts
from plyground.bots.base import SEED_SETTING, TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.bots.loading import KernelLoader
from plyground.core.errors import SettingsError
from plyground.core.game import CHANCE, Game, State
from plyground.core.limits import Limit
from plyground.core.registry import load_target
from plyground.core.settings import Setting

__all__ = ["MCTSBot"]

PlayoutsFactory = Callable[[bool, float, int | None], Playouts]
"""Makes a game's compiled playouts from (guided, epsilon, seed or None)."""

_WARM_UP_ITERATIONS = 128
"""Iterations searched from the start by :meth:`MCTSBot.new_game`, then forgotten."""
# the defaults of a game whose profile has none (a game's default cutoff applies only when
# the value is the evaluator's)
_FALLBACK_TWO_PLAYERS = {"value": "outcome", "exploration": 1.0, "playout": "uniform"}
_FALLBACK_ONE_PLAYER = {"value": "returns", "exploration": 1.0, "playout": "uniform"}


class MCTSBot(Bot):
    """UCT with MCTS-Solver, chance nodes and tree reuse (see the module docstring)."""

    NAME = "mcts"
    DESCRIPTION = "Monte Carlo tree search: UCT, solver, playouts (compiled for adjacency)"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        SEED_SETTING,
        Setting(
            "simulations", int, None, "iterations per move at most (none: the clock)", minimum=1
        ),
        Setting(
            "exploration",
            float,
            None,
            "UCT constant, on values normalised to [0, 1] (none: the game's default)",
            minimum=0.0,
            maximum=100.0,
        ),
        Setting(
            "playout",
            str,
            None,
            "uniform, or guided by the evaluator's first move (none: the game's default)",
            choices=("uniform", "guided"),
        ),
        Setting(
            "epsilon",
            float,
            0.1,
            "guided playouts: chance of a uniform move",
            minimum=0.0,
            maximum=1.0,
        ),
        Setting(
            "value",
            str,
            None,
            "outcome (win 1/draw 0/loss -1), returns (margin, score) or evaluator",
            choices=VALUE_SCALES,
        ),
        Setting(
            "cutoff",
            int,
            None,
            "with value=evaluator: playout moves before evaluating (none: the game's default, "
            "or to the end)",
            minimum=0,
            maximum=1000,
        ),
        Setting("solver", bool, True, "prove wins, losses and exact values (MCTS-Solver)"),
        Setting(
            "chance",
            str,
            "expect",
            "chance nodes: sample outcomes, or expect (weighted by probability)",
            choices=CHANCE_MODES,
        ),
        Setting("reuse", bool, True, "keep the tree between moves"),
        Setting("tree", int, 200_000, "nodes kept in the tree at most", minimum=1000),
        Setting(
            "engine",
            str,
            "auto",
            "auto: the game's compiled playouts where it has them; reference: Python",
            choices=("auto", "reference"),
        ),
        Setting(
            "weights", str, None, "JSON file of evaluation weights, or inline gain:2.5;threat:1"
        ),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._weights = load_weights(self._settings["weights"])
        self._search: MCTS | None = None
        self._game: Game | None = None
        self._loaders: dict[Game, KernelLoader] = {}
        """Each game's loader: its compiled playouts' kernels, and a search made with them."""
        self._made: dict[Game, MCTS] = {}
        self._stand_in: tuple[Game, MCTS] | None = None
        """A search with the reference playouts, answering short moves while the compiled
        playouts' kernels load."""

    def supports(self, game: Game) -> bool:
        """Two-player zero-sum games, and one-player games against chance (2048)."""
        caps = game.capabilities
        return (caps.players == 2 and caps.zero_sum) or (caps.players == 1 and caps.chance)

    def check_game(self, game: Game) -> None:
        """Also SettingsError when the settings do not fit ``game`` (``cutoff`` without
        ``value=evaluator``, ``value=outcome`` alone, weights not the game's), found
        before any game rather than on every move."""
        super().check_game(game)
        chosen = self.game_settings(game)
        if chosen["cutoff"] is not None and chosen["value"] != "evaluator":
            raise SettingsError(
                "bot 'mcts': setting 'cutoff' needs value=evaluator "
                f"(the cut-off position is evaluated), got value={chosen['value']}"
            )
        if chosen["value"] == "outcome" and game.capabilities.players != 2:
            raise SettingsError(
                f"bot 'mcts': value=outcome needs a two-player game, not {game.spec!r}"
            )
        evaluator_for(game, self._weights, search=True)

    def game_settings(self, game: Game) -> dict[str, Any]:
        """The settings used for ``game``: this bot's, with the game's defaults filled in."""
        fallback = _FALLBACK_TWO_PLAYERS if game.capabilities.players == 2 else _FALLBACK_ONE_PLAYER
        defaults = game.PROFILE.mcts or fallback
        chosen = dict(self._settings)
        for key, value in defaults.items():
            if chosen[key] is None and key != "cutoff":
                chosen[key] = value
        if chosen["cutoff"] is None and chosen["value"] == "evaluator":
            chosen["cutoff"] = defaults.get("cutoff")
        return chosen

    def _playouts(
        self, game: Game, chosen: dict[str, Any], evaluator: Any, *, compiled: bool
    ) -> Playouts:
        guided = chosen["playout"] == "guided"
        found = game.PROFILE.playouts if compiled else None
        if found is not None:
            factory: PlayoutsFactory = load_target(found.make)
            seed = None if chosen["seed"] is None else self.rng.getrandbits(64)
            kernel = factory(guided, chosen["epsilon"], seed)
            kernel.playout(game.initial_state(), 1)  # compile or load the kernel now
            return kernel
        return RandomPlayouts(evaluator, guided, chosen["epsilon"], self.rng)

    def _loading(self, game: Game, chosen: dict[str, Any], limit: Limit | None) -> bool:
        """True when ``game``'s compiled playouts are wanted but cannot be loaded (and a
        search made with them) within ``limit``: that then happens in the background."""
        playouts = game.PROFILE.playouts
        if chosen["engine"] != "auto" or playouts is None:
            return False
        loader = self._loaders.get(game)
        if loader is None:

            def make() -> None:
                self._made[game] = self._warmed(self._make(game, chosen, compiled=True), game)

            loader = self._loaders[game] = KernelLoader(playouts.warm_up, make)
        if limit is None:
            loader.wait()
            return False
        return not loader.ready(limit)

    def searcher(self, game: Game, limit: Limit | None = None) -> MCTS:
        """The search this bot uses for ``game`` (made on first use, kept for the game).

        Under a ``limit`` too short to load the game's compiled playouts in a
        process that has not, a search with the reference playouts answers
        while they load (:class:`~plyground.bots.loading.KernelLoader`).
        """
        if self._search is not None and self._game == game:
            return self._search
        self.check_game(game)
        chosen = self.game_settings(game)
        if self._loading(game, chosen, limit):
            if self._stand_in is None or self._stand_in[0] != game:
                self._stand_in = (game, self._make(game, chosen, compiled=False))
            return self._stand_in[1]
        made = self._made.pop(game, None)  # (none when this game came back: made again)
        self._search = made or self._make(game, chosen, compiled=chosen["engine"] == "auto")
        self._stand_in = None
        self._game = game
        return self._search

    def _make(self, game: Game, chosen: dict[str, Any], *, compiled: bool) -> MCTS:
        """A search for ``game`` with ``chosen`` settings; ``compiled``: with the game's
        compiled playouts where it has them."""
        evaluator = evaluator_for(game, self._weights, search=True)
        return MCTS(
            evaluator,
            playouts=self._playouts(game, chosen, evaluator, compiled=compiled),
            exploration=chosen["exploration"],
            value=chosen["value"],
            cutoff=chosen["cutoff"],
            solver=chosen["solver"],
            chance=chosen["chance"],
            reuse=chosen["reuse"],
            max_tree=chosen["tree"],
            rng=self.rng,
        )

    def new_game(self, game: Game) -> None:
        """Forget the tree; load the compiled playouts and run a few iterations now, before
        any clock runs (a process's first iterations cost up to a few tenths of a second,
        which at 0.2 s a move would be a timeout)."""
        self._warmed(self.searcher(game), game)
        gc.collect()
        gc.freeze()

    @staticmethod
    def _warmed(search: MCTS, game: Game) -> MCTS:
        """``search`` after :data:`_WARM_UP_ITERATIONS` from the start, then forgotten."""
        start = game.initial_state()
        while start.to_move() == CHANCE:  # 2048 starts by placing tiles
            start = start.play(start.chance_outcomes()[0][0])
        search.search(start, Limit(nodes=_WARM_UP_ITERATIONS))
        search.new_game()
        return search

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        started = time.perf_counter()
        limit = self.time_limit(limit)
        search = self.searcher(state.game, limit)
        nodes = limit.nodes
        simulations = self._settings["simulations"]
        if simulations is not None:
            nodes = simulations if nodes is None else min(nodes, simulations)
        # Building the search (and loading its kernel) counts against this move's time.
        seconds = limit.less_time(time.perf_counter() - started).time
        result = search.search(state, Limit(time=seconds, nodes=nodes), on_info)
        return Decision(result.move, result.info)
