"""The drawing queue: answers to interactions are drawn before other pictures."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.publishing.drawing_queue import DrawingQueue, answering


@pytest.fixture
def worker() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(1) as pool:
        yield pool


async def started(queue: DrawingQueue, waiting: int) -> None:
    while queue.waiting != waiting:
        await asyncio.sleep(0)


async def test_an_answer_is_drawn_before_pictures_queued_earlier(
    worker: ThreadPoolExecutor,
) -> None:
    queue = DrawingQueue(worker, in_flight=1)
    gate = threading.Event()
    drawn: list[str] = []

    def draw(name: str) -> str:
        if name == "busy":
            gate.wait(5)
        drawn.append(name)
        return name

    jobs = [asyncio.ensure_future(queue.run(draw, "busy"))]
    await started(queue, 0)
    for name in ("table 1", "dm 2"):
        jobs.append(asyncio.ensure_future(queue.run(draw, name)))
        await started(queue, len(jobs) - 1)
    with answering():  # a task started here keeps the mark
        jobs.append(asyncio.ensure_future(queue.run(draw, "answer 3")))
    jobs.append(asyncio.ensure_future(queue.run(draw, "table 4")))
    await started(queue, 4)
    gate.set()
    assert await asyncio.gather(*jobs) == ["busy", "table 1", "dm 2", "answer 3", "table 4"]
    assert drawn == ["busy", "answer 3", "table 1", "dm 2", "table 4"]


async def test_a_caller_that_gives_up_frees_its_place(worker: ThreadPoolExecutor) -> None:
    queue = DrawingQueue(worker, in_flight=1)
    gate = threading.Event()

    def draw(name: str) -> str:
        if name == "busy":
            gate.wait(5)
        return name

    busy = asyncio.ensure_future(queue.run(draw, "busy"))
    await started(queue, 0)
    quitter = asyncio.ensure_future(queue.run(draw, "quitter"))
    await started(queue, 1)
    quitter.cancel()
    gate.set()
    assert await busy == "busy"
    with pytest.raises(asyncio.CancelledError):
        await quitter
    # Every place came back: as many drawings as places run at once, none waits.
    results = await asyncio.gather(*(queue.run(draw, f"next {n}") for n in range(3)))
    assert results == ["next 0", "next 1", "next 2"]
    assert queue.waiting == 0


async def test_in_flight_jobs_are_bounded() -> None:
    with ThreadPoolExecutor(4) as pool:
        queue = DrawingQueue(pool, in_flight=2)
        running = 0
        most = 0
        lock = threading.Lock()

        def draw(_: int) -> None:
            nonlocal running, most
            with lock:
                running += 1
                most = max(most, running)
            threading.Event().wait(0.01)
            with lock:
                running -= 1

        await asyncio.gather(*(queue.run(draw, n) for n in range(8)))
    assert most == 2


def test_at_least_one_place() -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError):
        DrawingQueue(pool, in_flight=0)
