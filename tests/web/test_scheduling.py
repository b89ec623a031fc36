"""The fair scheduler hands the pool's workers to clients in turn, within each one's share."""

from __future__ import annotations

import asyncio

from plyground.web.scheduling import FairScheduler


async def _granted(task: asyncio.Task[None]) -> bool:
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    return task.done()


def test_a_client_holds_at_most_its_share_and_another_takes_the_free_worker() -> None:
    async def scenario() -> None:
        scheduler = FairScheduler(workers=2, per_client=1)
        await scheduler.acquire("abuser")
        second = asyncio.create_task(scheduler.acquire("abuser"))
        assert not await _granted(second)  # a worker is free, but not the abuser's to take
        assert scheduler.waiting("abuser") == 1
        await asyncio.wait_for(scheduler.acquire("user"), 1)  # the other client gets it now
        scheduler.release("abuser")
        assert await _granted(second)

    asyncio.run(scenario())


def test_free_workers_go_round_the_waiting_clients() -> None:
    async def scenario() -> None:
        scheduler = FairScheduler(workers=1, per_client=1)
        await scheduler.acquire("a")
        order: list[str] = []

        async def job(client: str) -> None:
            await scheduler.acquire(client)
            order.append(client)
            scheduler.release(client)

        tasks = [asyncio.create_task(job(c)) for c in ("a", "a", "a", "b", "c")]
        await asyncio.sleep(0)
        scheduler.release("a")
        await asyncio.gather(*tasks)
        assert order == ["a", "b", "c", "a", "a"]

    asyncio.run(scenario())


def test_a_cancelled_wait_leaves_the_queue_and_loses_no_worker() -> None:
    async def scenario() -> None:
        scheduler = FairScheduler(workers=1, per_client=1)
        await scheduler.acquire("a")
        waiting = asyncio.create_task(scheduler.acquire("b"))
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert scheduler.waiting() == 0
        scheduler.release("a")
        await asyncio.wait_for(scheduler.acquire("c"), 1)
        assert scheduler.held("c") == 1

    asyncio.run(scenario())


def test_within_a_client_a_games_move_goes_before_its_analyses() -> None:
    async def scenario() -> None:
        scheduler = FairScheduler(workers=1, per_client=1)
        await scheduler.acquire("a")  # an analysis at work
        order: list[str] = []

        async def job(name: str, urgent: bool) -> None:
            await scheduler.acquire("a", urgent)
            order.append(name)
            scheduler.release("a")

        tasks = [asyncio.create_task(job(f"analysis {i}", False)) for i in (1, 2, 3)]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(job("move 1", True))]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(job("move 2", True))]
        await asyncio.sleep(0)
        scheduler.release("a")
        await asyncio.gather(*tasks)
        assert order == ["move 1", "move 2", "analysis 1", "analysis 2", "analysis 3"]

    asyncio.run(scenario())


def test_a_cancelled_urgent_wait_leaves_no_trace() -> None:
    async def scenario() -> None:
        scheduler = FairScheduler(workers=1, per_client=1)
        await scheduler.acquire("a")
        move = asyncio.create_task(scheduler.acquire("a", urgent=True))
        await asyncio.sleep(0)
        move.cancel()
        await asyncio.gather(move, return_exceptions=True)
        analysis = asyncio.create_task(scheduler.acquire("a"))
        await asyncio.sleep(0)
        scheduler.release("a")
        await asyncio.wait_for(analysis, 1)
        assert scheduler.waiting() == 0

    asyncio.run(scenario())
