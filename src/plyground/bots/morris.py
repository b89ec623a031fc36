"""The ``morris`` bot: alpha-beta (compiled, or the readable reference) with a Morris evaluation."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import ClassVar, cast

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.bots.alphabeta import AlphaBetaBot
from plyground.bots.base import TIME_SETTING, Decision, InfoCallback
from plyground.bots.hints import BotHints, GameHint
from plyground.bots.loading import KernelLoader
from plyground.core.collection import collection_paused
from plyground.core.evaluation import TunableWeight
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import Setting
from plyground.games.morris.endgames import EndgameTables, load_tables, verdict_text
from plyground.games.morris.engine import MorrisEngine, warm_up, with_times
from plyground.games.morris.evaluation import (
    PHASES,
    WIN,
    MorrisEvaluator,
    MorrisWeights,
    phase_of,
)
from plyground.games.morris.rules import MorrisState

__all__ = ["MorrisBot", "MorrisHints"]


def _depth(phase: str) -> Setting:
    return Setting(
        phase,
        int,
        None,
        f"search depth cap in plies in the {phase} phase (none: the clock decides)",
        minimum=1,
        maximum=200,
    )


class MorrisBot(AlphaBetaBot):
    """Iterative-deepening alpha-beta with a Morris evaluation and a depth cap per phase.

    ``evaluation=phase`` (the default) weighs every position by its own
    phase with the default weights (mobility and blockades in every phase);
    ``evaluation=seed`` is the seed's: its weights, and every position of a
    search weighed with the phase of the position the bot is to move in.
    ``engine=compiled`` (the default) searches with
    :class:`~plyground.games.morris.engine.MorrisEngine`; ``engine=reference``
    with the game-agnostic :class:`~plyground.algorithms.search.AlphaBeta`
    (the same values at the same depth, far slower). With ``endgames=auto``
    the compiled search reads exact values of small endgames from the tables
    ``plyground endgames`` builds (:mod:`plyground.games.morris.endgames`),
    when they are there. The search deepens
    until the phase's cap, if any, or the clock. ``weights`` names a JSON
    file of flat weights (``{"moving.mills": 43, ...}``, or ``{"weights":
    {...}}``) or gives them inline; names left out keep the chosen
    evaluation's values.
    """

    NAME = "morris"
    DESCRIPTION = "Nine Men's Morris: compiled alpha-beta, evaluation by each position's phase"
    GAMES: ClassVar[tuple[str, ...] | None] = ("morris",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        _depth("placing"),
        _depth("moving"),
        _depth("flying"),
        Setting("table", int, 1 << 20, "transposition table entries", minimum=1024),
        Setting("weights", str, None, "JSON file of evaluation weights (flat names), or inline"),
        Setting(
            "evaluation",
            str,
            "phase",
            "phase: each position by its own phase; seed: the seed's weights by the root's phase",
            choices=("phase", "seed"),
        ),
        Setting(
            "engine",
            str,
            "compiled",
            "compiled: the numba search; reference: the generic alpha-beta (same values, slower)",
            choices=("compiled", "reference"),
        ),
        Setting(
            "endgames",
            str,
            "auto",
            "auto: the compiled search reads the solved endgames if 'plyground endgames' "
            "built them; off: it never does",
            choices=("auto", "off"),
        ),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._base_weights = (
            MorrisWeights.seed() if self._settings["evaluation"] == "seed" else MorrisWeights()
        )
        self._morris_weights = MorrisWeights.from_dict(self._weights or {}, self._base_weights)
        self._searches: dict[str | None, AlphaBeta | MorrisEngine] = {}
        self._stand_ins: dict[str | None, AlphaBeta] = {}
        """Reference searches answering short moves while the compiled kernels load."""
        self._made_searches: dict[str | None, MorrisEngine] = {}
        """Compiled searches made by the loader, not yet taken by :meth:`_search_for`."""
        self._loader = KernelLoader(warm_up, prepare=self._make_searches)
        self._endgames: EndgameTables | None = None
        self._endgames_loaded = False

    def tunable_weights(self, game: Game) -> tuple[TunableWeight, ...]:
        """The weight set this bot starts from (the defaults, or the seed's with
        ``evaluation=seed``), each non-zero weight searched in ``[0, 2 x its value]``."""
        return MorrisEvaluator(self._base_weights).tunable_weights()

    def endgames(self) -> EndgameTables | None:
        """The solved endgames this bot reads (loaded once), or None."""
        if not self._endgames_loaded:
            if self._settings["endgames"] == "auto" and self._settings["engine"] == "compiled":
                self._endgames = load_tables()
            self._endgames_loaded = True
        return self._endgames

    def new_game(self, game: Game) -> None:
        """Forget earlier games; load the compiled kernels and the tables and make the
        searches now, before any clock runs."""
        self._searches = {}
        self._stand_ins = {}
        if self._settings["engine"] == "compiled":
            for phase in PHASES:
                self._search_for(phase)

    def _make_searches(self) -> None:
        """The compiled searches a game needs (one, or one a phase for the seed's evaluation)
        and the endgame tables they read: the loader's last step (tens of milliseconds to
        put their tables in place, more to read the endgames)."""
        endgames, table = self.endgames(), self._settings["table"]
        for fixed in PHASES if self._settings["evaluation"] == "seed" else (None,):
            evaluator = MorrisEvaluator(self._morris_weights, fixed)
            self._made_searches[fixed] = MorrisEngine(evaluator, table, endgames=endgames)

    def _search_for(self, phase: str, limit: Limit | None = None) -> AlphaBeta | MorrisEngine:
        """The search for a root in ``phase``: one for all phases, or one per phase for the
        seed's evaluation (a table's values hold for one weight set). Under a ``limit`` too
        short to load the compiled kernels in a process that has not, the reference search
        answers while they load (:class:`~plyground.bots.loading.KernelLoader`)."""
        fixed = phase if self._settings["evaluation"] == "seed" else None
        search = self._searches.get(fixed)
        if search is None:
            evaluator = MorrisEvaluator(self._morris_weights, fixed)
            if self._settings["engine"] == "compiled":
                if limit is not None and not self._loader.ready(limit):
                    stand_in = self._stand_ins.get(fixed)
                    if stand_in is None:
                        stand_in = AlphaBeta(evaluator, self._settings["table"])
                        self._stand_ins[fixed] = stand_in
                    return stand_in
                self._loader.wait()  # (at once when the searches are made)
                search = self._made_searches.pop(fixed, None) or MorrisEngine(
                    evaluator, self._settings["table"], endgames=self.endgames()
                )
            else:
                search = AlphaBeta(evaluator, self._settings["table"])
            self._searches[fixed] = search
        return search

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        """The move in ``state``, with the cyclic garbage collector paused while the clock
        runs (a full collection in a process holding the compiled kernels takes some 50 ms
        of processor time, many times that in wall time on a busy machine); it resumes
        after the move (a referee's :class:`~plyground.arena.players.bot_player.BotPlayer` keeps it
        paused until the answer is timed)."""
        with collection_paused():
            return self._choose(state, limit, on_info)

    def _choose(self, state: State, limit: Limit | None, on_info: InfoCallback | None) -> Decision:
        started, cpu = time.monotonic_ns(), time.thread_time_ns()
        self.check_game(state.game)
        assert isinstance(state, MorrisState)
        phase = phase_of(state)
        limit = self.time_limit(limit)
        cap = self._settings[phase]
        if cap is not None and (limit.depth is None or limit.depth > cap):
            limit = Limit(time=limit.time, depth=cap, nodes=limit.nodes)
        search = self._search_for(phase, limit)
        # Loading the kernels on a first move counts against this move's time.
        limit = limit.less_time((time.monotonic_ns() - started) / 1e9)
        self._last = search
        reports = None if on_info is None else self._reporting_in_men(on_info, phase)
        if isinstance(search, MorrisEngine):
            result = search.search(state, limit, reports)
            decision = Decision(result.move, result.info)
        else:
            reference = search.search(state, limit, reports)
            decision = Decision(reference.move, reference.info)
        # The answer reports the whole move's time, loading included.
        info = with_times(decision.info, started, cpu)
        return Decision(decision.move, self._in_men(info, phase))

    def _reporting_in_men(self, on_info: InfoCallback, phase: str) -> InfoCallback:
        """``on_info`` given each live report in men, as the answer is (:meth:`_in_men`), so a
        thinking panel words the score as the move list will."""

        def report(info: SearchInfo) -> None:
            on_info(self._in_men(info, phase))

        return report

    def _in_men(self, info: SearchInfo, phase: str) -> SearchInfo:
        """``info`` naming its score's unit, a man (``extra["unit"]``, and ``extra["unit_score"]``
        the score one man is worth in the root's phase by this bot's weights), so front ends
        can show the score in men; as it is for a win or loss the search sees to its end."""
        man = getattr(self._morris_weights, phase).men
        if info.score is None or abs(info.score) > WIN - 1000 or man <= 0:
            return info
        return replace(info, extra={**info.extra, "unit": "men", "unit_score": man})


class MorrisHints(BotHints):
    """Nine Men's Morris's hints: the ``morris`` bot's move and outlook (with a quarter of
    its table, 4 MB, plenty for a hint's second), and the solved endgames' verdict."""

    BOT = "morris:table=262144"
    SECONDS = 1.0

    def hint(self, state: State) -> GameHint:
        decision = self.bot(state.game).choose(state, self.limit())
        info, mover = decision.info, state.to_move()
        move = state.move_text(decision.move)
        score = info.score or 0.0
        side = ("White", "Black")
        if abs(score) > WIN - 1000:  # a win or loss the search sees to its end
            winner = mover if score > 0 else 1 - mover
            outlook = f"{side[winner]} wins within {round(WIN - abs(score))} moves"
        else:  # in men, the unit the bot names (by its weights in this phase)
            units = info.unit_text() or f"{score:+.1f}"
            outlook = f"{units} for {side[mover]} (the bot's estimate)"
        facts = [("Best move", move), ("Outlook", outlook), ("Depth", str(info.depth)),
                 ("Time", f"{info.elapsed:.2f} s")]  # fmt: skip
        verdict = verdict_text(cast(MorrisState, state))
        if verdict is not None:
            facts.insert(2, ("Endgame table", verdict))
        return GameHint((move,), tuple(facts))
