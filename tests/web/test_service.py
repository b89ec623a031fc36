"""The game service without HTTP: the referee's policy for bots that break the rules,
and the per-game view (what a move changed) against the rules."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.arena.records.record import Penalty, RuleBreakKind, Termination
from plyground.core.limits import SearchInfo
from plyground.games import load_game
from plyground.games.adjacency import AdjacencyState
from plyground.web.config import WebSettings
from plyground.web.pool import ThinkAnswer, ThinkJob
from plyground.web.sessions import GameService, SeatRequest
from plyground.web.views import changed_cells, move_effects
from plyground.web.views.adjacency import AdjacencyView

FIRST_LEGAL = ThinkAnswer("first legal move", None, 0.0)


class ScriptedPool:
    """Stands in for the worker pool: answers each job with the next scripted outcome."""

    def __init__(self, outcomes: list[ThinkAnswer | type[BaseException]]) -> None:
        self.outcomes = outcomes
        self.jobs: list[ThinkJob] = []
        self.graces: list[float] = []
        self.busy = 0

    def new_job_id(self) -> int:
        return len(self.jobs) + 1

    async def think(
        self,
        job: ThinkJob,
        on_info: Callable[[SearchInfo], None],
        grace: float,
        on_start: Callable[[], None] = lambda: None,
        *,
        client: str = "",
    ) -> ThinkAnswer:
        self.jobs.append(job)
        self.graces.append(grace)
        on_start()
        on_info(SearchInfo(depth=1, score=0.0, pv=("a1",)))
        outcome = self.outcomes.pop(0)
        if outcome is FIRST_LEGAL:
            state = load_game(job.game).parse_state(job.position)
            return ThinkAnswer(state.move_text(state.legal_moves()[0]), None, 0.0)
        if isinstance(outcome, ThinkAnswer):
            return outcome
        raise outcome()


def play_bot_game(
    outcomes: list[ThinkAnswer | type[BaseException]],
    policy: str = "random-move",
    grace: float = 1.0,
) -> Any:
    """A 4x4 one-round game between two scripted bots; returns the finished session."""

    async def run() -> Any:
        pool = ScriptedPool(outcomes)
        config = WebSettings(think_cap=1.5, policy=policy, grace=grace)
        service = GameService(config, pool)  # type: ignore[arg-type]
        bot = SeatRequest("A", "bot", "random", {"time": 1})
        session, _ = service.create(
            "adjacency",
            {"size": 4, "rounds": 1},
            [bot, SeatRequest("B", "bot", "random")],
            delay=0.0,
        )
        while not session.finished:
            await asyncio.sleep(0.001)
        return session, pool

    return asyncio.run(run())


@pytest.mark.parametrize(
    ("outcome", "kind"),
    [
        (TimeoutError, RuleBreakKind.TIMEOUT),
        (ThinkAnswer("b1", None, 0.0), RuleBreakKind.ILLEGAL),  # occupied by X
        (ThinkAnswer("z9", None, 0.0), RuleBreakKind.ILLEGAL),  # off the board
        (ThinkAnswer(None, None, 0.0, error="ZeroDivisionError: boom"), RuleBreakKind.CRASH),
    ],
)
def test_a_bot_that_breaks_the_rules_gets_a_random_legal_move(
    outcome: ThinkAnswer | type[BaseException], kind: RuleBreakKind
) -> None:
    session, pool = play_bot_game([outcome, FIRST_LEGAL])
    assert [job.seconds for job in pool.jobs] == [1.0, 1.5]  # B: default 5 s, capped
    first, second = session.progress.moves
    assert first.rule_break is kind and second.rule_break is None
    (rule_break,) = session.progress.rule_breaks
    assert (rule_break.ply, rule_break.player, rule_break.kind) == (0, 0, kind)
    assert rule_break.penalty is Penalty.RANDOM_MOVE and rule_break.detail
    record = session.record()
    assert record.rule_breaks == (rule_break,)
    assert record.replay()[-1] == session.state  # the random move was legal


def test_under_the_forfeit_policy_a_rule_break_loses_the_game() -> None:
    session, _ = play_bot_game([FIRST_LEGAL, TimeoutError], policy="forfeit")
    assert len(session.progress.moves) == 1 and session.finished
    assert session.result()["winner"] == 0 and session.result()["termination"] == "forfeit"
    record = session.record()
    assert record.winner == 0 and record.termination is Termination.FORFEIT
    assert record.rule_breaks[0].penalty is Penalty.FORFEIT
    assert record.rule_breaks[0].kind is RuleBreakKind.TIMEOUT


def test_the_bots_answer_within_the_settings_grace() -> None:
    _, pool = play_bot_game([FIRST_LEGAL, FIRST_LEGAL], grace=2.5)
    assert pool.graces == [2.5, 2.5]


def test_a_bot_that_plays_legally_has_its_info_recorded() -> None:
    info = SearchInfo(depth=3, score=1.5, nodes=40, pv=("c1", "b3")).to_dict()
    session, _ = play_bot_game([ThinkAnswer("c1", info, 0.1), ThinkAnswer("b3", info, 0.1)])
    assert [m.move for m in session.progress.moves] == ["c1", "b3"]
    assert session.progress.moves[0].info == SearchInfo.from_dict(info)
    assert session.progress.rule_breaks == []


@settings(max_examples=60, deadline=None)
@given(size=st.integers(4, 8), choices=st.lists(st.integers(0, 10**6), max_size=20))
def test_move_effects_and_changed_cells_agree_with_the_rules(size: int, choices: list[int]) -> None:
    game = load_game(f"adjacency(size={size},rounds={(size * size - 8) // 2})")
    view = AdjacencyView()
    layout = view.layout(game)
    state = game.initial_state()
    assert isinstance(state, AdjacencyState)
    assert sorted(n for n in layout.names if n) == sorted(state.geometry.names)
    for choice in choices:
        if state.is_terminal():
            break
        moves = state.legal_moves()
        move = moves[choice % len(moves)]
        after = state.play(move)
        expected = {state.geometry.names[i] for i in [move, *state.flips(move)]}
        changed = changed_cells(layout, view.tokens(state), view.tokens(after))
        assert set(changed) == expected and len(changed) == len(expected)
        effects = move_effects(view, layout, state, move, after)
        assert effects == {
            state.geometry.names[move]: "placed",
            **{state.geometry.names[i]: "flipped" for i in state.flips(move)},
        }
        assert view.scores(after) == [after.count(0), after.count(1)]
        state = after
