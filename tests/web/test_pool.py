"""The bot pool frees a worker from a search nobody awaits: a game ended, a move taken back, a
game left unwatched. The awaiting side marks the job abandoned; the search stops at its next
report instead of thinking on to its own limit."""

from __future__ import annotations

import asyncio
import queue
from typing import Any

import pytest

from plyground.core.limits import SearchInfo
from plyground.games import load_game
from plyground.web import pool as pool_module
from plyground.web.pool import BotPool, ThinkJob

GAME = "adjacency(size=8,rounds=28,first=X)"


def _job(job_id: int, seconds: float = 60.0) -> ThinkJob:
    position = load_game(GAME).initial_state().text()
    return ThinkJob(job_id, "alphabeta", GAME, position, seconds)


def test_an_abandoned_search_stops_at_its_next_report(monkeypatch: pytest.MonkeyPatch) -> None:
    reports: queue.Queue[Any] = queue.Queue()
    abandoned = [0] * 4
    worker = pool_module._WorkerState(reports, abandoned)
    monkeypatch.setattr(pool_module, "_worker", worker)
    # Not abandoned: the search runs (a short limit) and answers a move.
    answer = pool_module._think(_job(7, seconds=0.2))
    assert answer.error is None and answer.move is not None
    # Abandoned: a 60 s search stops at its first report, and the worker forgets the bot.
    abandoned[0] = 8
    answer = pool_module._think(_job(8))
    assert answer.move is None and answer.error == "abandoned"
    assert answer.elapsed < 60
    assert ("alphabeta", GAME) not in worker.bots
    sent = [reports.get_nowait() for _ in range(reports.qsize())]
    assert (8, None) in sent and not [data for job, data in sent if job == 8 and data]


def test_the_pool_abandons_a_job_whose_awaiting_task_is_cancelled() -> None:
    async def scenario() -> tuple[list[int], Any]:
        bots = BotPool(1)
        try:
            reported = asyncio.Event()

            def on_info(info: SearchInfo) -> None:
                reported.set()

            job = _job(bots.new_job_id())
            task = asyncio.create_task(bots.think(job, on_info, 1.0))
            await asyncio.wait_for(reported.wait(), 60)  # the worker searches
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            marked = [int(j) for j in bots._abandoned[:]]
            # The one worker is free long before the abandoned search's 60 s: the next job
            # (with a limit far below that) is answered, by the bot's own clock.
            follow = _job(bots.new_job_id(), seconds=0.2)
            answer = await asyncio.wait_for(bots.think(follow, lambda info: None, 1.0), 40)
            return [m for m in marked if m], (job.job, answer)
        finally:
            bots.close()

    marked, (abandoned_job, answer) = asyncio.run(scenario())
    assert marked == [abandoned_job]
    assert answer.move is not None


@pytest.mark.parametrize(
    ("game", "position"),
    [
        ("adjacency(size=4,rounds=3,first=X)", "2OO/2OO/XX2/XX2 X 6"),
        ("2048", "2,4,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 move"),
    ],
)
def test_a_hints_tables_load_before_its_clock_starts(
    monkeypatch: pytest.MonkeyPatch, game: str, position: str
) -> None:
    """The clock of a tool job (its seconds and the server's grace) counts from the start
    signal; a hint's analyser or bot is made and loaded before it, so a busy worker's first
    hint is not refused for the time its tables took to load (CI saw 4.4 s of a 4 s limit)."""
    from plyground.web.views import view_for

    events: list[object] = []

    class Signals:
        def put(self, item: object) -> None:
            events.append(item)

    monkeypatch.setattr(pool_module, "_worker", pool_module._WorkerState(Signals(), [0] * 4))
    view = type(view_for(load_game(game).name))
    prepare = view.prepare_tool

    def recorded(self: Any, name: str, loaded: Any, seconds: float, options: Any) -> None:
        prepare(self, name, loaded, seconds, options)
        events.append(("prepared", name))

    monkeypatch.setattr(view, "prepare_tool", recorded)
    answer = pool_module._run_tool(
        pool_module.ToolJob(3, game, position, position, "hint", {}, 0.2)
    )
    assert "result" in answer, answer
    assert events == [("prepared", "hint"), (3, None)]
