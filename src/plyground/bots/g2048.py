"""The ``2048`` bot: expectimax over 64-bit boards in numba, with an adaptive depth.

Each move it deepens from depth 1 to a target depth that grows with the
number of distinct tiles on the board (more distinct tiles: a more delicate
position, worth a deeper look), through the game's engine
(:mod:`plyground.games.g2048.engine`, the driver of the compiled expectimax
:mod:`plyground.games.g2048.search`), which computes what the game-agnostic
:class:`~plyground.algorithms.search.expectimax.Expectimax` computes: chance
nodes over every empty cell with both spawns (0.9 / 0.1), a cut on the
cumulative probability, and a transposition table.

It obeys its time limit: the compiled search reads the clock itself and
stops at the deadline (the last completed depth's move is played), and a
deeper iteration starts only when the last one's cost predicts it fits.
:meth:`G2048Bot.new_game` loads the compiled search before any clock runs;
a first move without it loads the search only when that is cheap (already
loaded in this process) or the limit is long, and otherwise answers with
the reference search while a background thread loads the kernels.
``engine=python`` runs the reference search (slow; for checking, and for
boards the kernel cannot hold, with a tile of 32768 or more).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, ClassVar

from plyground.algorithms.search.expectimax import Expectimax
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.bots.g2048_td.networks import shipped_names
from plyground.bots.hints import BotHints, GameHint
from plyground.bots.loading import KernelLoader
from plyground.core.errors import SettingsError
from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.settings import Setting, SettingOrder
from plyground.games.g2048 import search as search_module
from plyground.games.g2048.engine import G2048Engine, adaptive_depth
from plyground.games.g2048.evaluation import G2048Evaluator
from plyground.games.g2048.kernel import fits
from plyground.games.g2048.network_value import PackedNetwork
from plyground.games.g2048.rules import G2048State

__all__ = ["G2048Bot", "G2048Hints"]

_PYTHON_FALLBACK_DEPTH = 2
_DEBT_FLOOR = 0.25
"""With a bank, a move in debt still gets at least this share of the limit."""


class G2048Bot(Bot):
    """Expectimax for 2048 (see the module docstring)."""

    NAME = "2048"
    DESCRIPTION = (
        "expectimax for 2048: numba bitboards and row tables, probability cut, cache, "
        "depth adapted to the board"
    )
    GAMES = ("2048",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("depth", int, None, "fixed depth in moves (none: adapt to the board)", 1, 20),
        Setting("shallowest", int, 4, "smallest adaptive depth", minimum=1, maximum=20),
        Setting("deepest", int, 12, "largest adaptive depth", minimum=1, maximum=20),
        Setting("deeper", int, 0, "moves added to the adaptive depth", minimum=-4, maximum=8),
        Setting(
            "cut",
            float,
            1e-4,
            "evaluate chance nodes less likely than this instead of searching them",
            minimum=0.0,
            maximum=0.5,
        ),
        Setting(
            "optimism",
            float,
            1.0,
            "start a deeper search when its predicted time is at most this x the time left",
            minimum=0.0,
            maximum=1e6,
        ),
        Setting(
            "bank",
            float,
            0.0,
            "keep time unused by earlier moves, up to this x the limit, for later moves "
            "(0: none; each move within its limit)",
            minimum=0.0,
            maximum=1e6,
        ),
        Setting(
            "spend",
            float,
            1.0,
            "with a bank: the share of the kept time one move may spend",
            minimum=1e-6,
            maximum=1.0,
        ),
        Setting(
            "wall",
            int,
            0,
            "with a bank: keep it for the last this many moves before the tiles add up to "
            "the next power of two, spread it over them and search there to 'deepest' "
            "(0: spend as 'spend' says on every board)",
            minimum=0,
        ),
        Setting(
            "leap",
            bool,
            False,
            "after depth 1, leap to the deepest depth an earlier move's cost says fits",
        ),
        Setting("cache", int, 1 << 20, "cached positions (0: no cache)", minimum=0),
        Setting(
            "engine",
            str,
            "numba",
            "numba (fast) or python (reference)",
            choices=("numba", "python"),
        ),
        Setting("weights", str, None, "JSON file of heuristic weights (docs/2048.md)"),
        Setting(
            "network",
            str,
            None,
            "evaluate with a learned n-tuple network (a file, or a shipped name) instead of "
            "the heuristic (docs/learning.md)",
            offered=("", *shipped_names()),
        ),
        Setting(
            "downgrade",
            int,
            0,
            "with a network: tile-downgrade boards whose largest tile is at least this (0: never)",
            minimum=0,
            maximum=32768,
        ),
    )
    ORDERS: ClassVar[tuple[SettingOrder, ...]] = (SettingOrder("shallowest", "deepest"),)

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        if self._settings["wall"] and not self._settings["bank"]:
            raise SettingsError("bot '2048': wall keeps the bank for the wall: it needs a bank")
        if self._settings["network"] and self._settings["engine"] == "python":
            raise SettingsError("bot '2048': a network evaluates in the numba engine only")
        self._network()  # a bad file is refused now, and the network is loaded once
        self.weights = self._make_evaluator().weights
        self._engine: G2048Engine | None = None
        self._loader = KernelLoader(search_module.warm_up, prepare=self._numba_engine)
        self.reserve = 0.0
        """With a ``bank``: seconds earlier moves of this game left unused (negative: overran)."""

    @property
    def paces_itself(self) -> bool:
        """True with a ``bank``: the time limit is then the mean pace a move over the game."""
        return bool(self._settings["bank"] > 0)

    def _make_evaluator(self) -> G2048Evaluator:
        from plyground.games import load_game

        evaluator = evaluator_for(load_game("2048"), load_weights(self._settings["weights"]))
        assert isinstance(evaluator, G2048Evaluator)
        return evaluator

    def _network(self) -> PackedNetwork | None:
        spec: str | None = self._settings["network"]
        if not spec:
            return None
        from plyground.bots.g2048_td.networks import packed_network

        return packed_network(spec, self._settings["downgrade"])

    def target_depth(self, state: G2048State) -> int:
        """The depth this bot searches ``state`` to: its ``depth`` setting, or ``deepest``
        on the wall (see :meth:`on_wall`), or adaptive."""
        fixed: int | None = self._settings["depth"]
        if fixed is not None:
            return fixed
        if self.on_wall(state):
            return int(self._settings["deepest"])
        return self._adaptive_depth(state)

    def _adaptive_depth(self, state: G2048State) -> int:
        settings = self._settings
        return adaptive_depth(
            state.board, settings["shallowest"], settings["deepest"], settings["deeper"]
        )

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        if not isinstance(state, G2048State):
            raise SettingsError(f"bot '2048' cannot play {state.game.spec!r}")
        if state.to_move() != 0:
            raise ValueError(f"no move to choose: {state.text()!r} is not the player's turn")
        start_ns = time.monotonic_ns()
        limit = self.time_limit(limit)
        pace = limit.time if self.paces_itself else None
        floor: tuple[int, float] | None = None
        if pace is not None:  # this move may spend from the bank (or pays back an overrun)
            limit = replace(limit, time=self._allowance(state, pace))
            if self._settings["wall"] and self._settings["depth"] is None:  # the whole bank
                floor = (self._adaptive_depth(state), pace + self.reserve)
        decision = self._choose(state, limit, start_ns, on_info, floor)
        if pace is not None:
            cap = self._settings["bank"] * pace
            spent = (time.monotonic_ns() - start_ns) / 1e9
            self.reserve = min(cap, self.reserve + pace - spent)
        return decision

    def on_wall(self, state: G2048State) -> bool:
        """True when ``state`` is one of the ``wall`` moves the bank is kept for: the
        last before its tiles add up to the next power of two, where nearly all of them
        must merge into one for the game to go on and games end."""
        return self._spawns_left_on_wall(state) is not None

    def _spawns_left_on_wall(self, state: G2048State) -> float | None:
        """The spawns before ``state``'s tiles add up to the next power of two when it is
        on the wall (see :meth:`on_wall`), else None."""
        window: int = self._settings["wall"]
        if not (self.paces_itself and window > 0):
            return None
        spawns = state.spawns_to_next_power()
        return spawns if spawns <= window else None

    def _allowance(self, state: G2048State, pace: float) -> float:
        """This move's time with a bank: the pace less any debt (at least a quarter of it),
        or the pace plus the share of the reserve this board may spend: with ``wall``,
        none before the wall and the reserve spread over the moves left on it;
        otherwise the ``spend`` share."""
        if self.reserve <= 0:
            return max(_DEBT_FLOOR * pace, pace + self.reserve)
        if not self._settings["wall"]:
            spend: float = self._settings["spend"]
            return pace + self.reserve * spend
        spawns = self._spawns_left_on_wall(state)
        if spawns is None:
            return pace
        return pace + self.reserve / max(1.0, spawns)

    def _choose(
        self,
        state: G2048State,
        limit: Limit,
        start_ns: int,
        on_info: InfoCallback | None,
        floor: tuple[int, float] | None = None,
    ) -> Decision:
        """The move by the compiled search (or the reference one); ``floor`` is (a depth
        to complete in any case, the seconds it may take): see
        :meth:`plyground.games.g2048.engine.G2048Engine.choose`."""
        depth = self.target_depth(state)
        if limit.depth is not None:
            depth = min(depth, limit.depth)
        numba = self._settings["engine"] == "numba"
        if numba and fits(state.board) and self._numba_ready(limit):
            found = self._numba_engine().choose(state, limit, depth, start_ns, on_info, floor=floor)
            return Decision(found.move, found.info)
        if numba:
            depth = min(depth, _PYTHON_FALLBACK_DEPTH)
        # What is left of the time (loading may have taken some).
        limit = replace(limit, depth=depth).less_time((time.monotonic_ns() - start_ns) / 1e9)
        return self._choose_python(state, limit, on_info)

    # -- the engines --------------------------------------------------------
    def new_game(self, game: Game) -> None:
        """Load the compiled search now, before any clock runs, and forget earlier games."""
        self.reserve = 0.0
        if self._settings["engine"] == "numba":
            made = self._engine is not None
            self._loader.wait()  # (after a background load, if one runs)
            if made:
                self._numba_engine().new_game()

    def _numba_engine(self) -> G2048Engine:
        """The compiled search's driver (:class:`~plyground.games.g2048.engine.G2048Engine`),
        made by the loader (:meth:`new_game`, or a background load)."""
        if self._engine is None:
            settings = self._settings
            self._engine = G2048Engine(
                self.weights,
                settings["cut"],
                settings["cache"],
                optimism=settings["optimism"],
                leap=settings["leap"],
                network=self._network(),
            )
        return self._engine

    def _numba_ready(self, limit: Limit) -> bool:
        """True when the compiled search can answer within ``limit``; otherwise this move
        goes to the reference search while a background thread loads the kernels and
        makes the search (:class:`~plyground.bots.loading.KernelLoader`)."""
        return self._loader.ready(limit)

    def _choose_python(
        self, state: G2048State, limit: Limit, on_info: InfoCallback | None
    ) -> Decision:
        search = Expectimax(self._make_evaluator(), self._settings["cut"], self._settings["cache"])
        result = search.search(state, limit, on_info)
        return Decision(result.move, result.info)


HEURISTIC = "heuristic"
"""The ``evaluation`` hint option's name for the bot's hand-made heuristic."""


class G2048Hints(BotHints):
    """2048's hints: the ``2048`` bot's move (with a quarter of its cache, 8 MB, quick to
    set up), its depth and speed; the ``evaluation`` option chooses its heuristic or a
    shipped learned network (docs/learning.md)."""

    BOT = "2048:cache=262144"
    SECONDS = 0.5
    OPTIONS = (
        Setting(
            "evaluation",
            str,
            HEURISTIC,
            "what the bot values positions with: its heuristic or a shipped learned network",
            choices=(HEURISTIC, *shipped_names()),
        ),
    )

    def bot_settings(self) -> dict[str, Any]:
        evaluation: str = self.options["evaluation"]
        return {} if evaluation == HEURISTIC else {"network": evaluation}

    def hint(self, state: State) -> GameHint:
        decision = self.bot(state.game).choose(state, self.limit())
        info = decision.info
        move = state.move_text(decision.move)
        rate = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
        facts = (("Best move", move), ("Depth", str(info.depth)),
                 ("Positions", f"{info.nodes:,} ({rate:,.0f}/s)"),
                 ("Time", f"{info.elapsed * 1000:.1f} ms"),
                 ("Evaluation", self.options["evaluation"]))  # fmt: skip
        return GameHint((move,), facts)
