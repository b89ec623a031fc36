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
