"""Which picture the drawing workers draw next: those a player is waiting on first.

Handed straight to the worker pool, pictures were drawn first come, first served: at 200
busy tables a player's answer (their hand after a play, the places for a tile) waited
behind a queue of other tables' channel pictures and next-turn DMs. Discord wants an
answer within 3 seconds; those other pictures have no such clock. So only a few drawings
are with the workers at a time (enough to keep them busy), and a free place goes to the
oldest waiting answer picture before any other.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_answering: ContextVar[bool] = ContextVar("answering_an_interaction", default=False)

ANSWER, OTHER = 0, 1
"""Priorities: lower is drawn first."""


@contextmanager
def answering() -> Iterator[None]:
    """Pictures drawn in this context (and in tasks started from it) are for an answer
    to an interaction: they go ahead of the queue."""
    token = _answering.set(True)
    try:
        yield
    finally:
        _answering.reset(token)


class DrawingQueue:
    """At most ``in_flight`` jobs with the ``executor`` at a time; answers first, then
    everything else, each in the order it came."""

    def __init__(self, executor: Executor, in_flight: int) -> None:
        if in_flight < 1:
            raise ValueError("in_flight must be at least 1")
        self._executor = executor
        self._free = in_flight
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        """Jobs queued here, not yet with the workers."""
        return sum(1 for *_, turn in self._waiting if not turn.done())

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        await self._acquire(ANSWER if _answering.get() else OTHER)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)
        finally:
            self._release()

    async def _acquire(self, priority: int) -> None:
        if self._free > 0:  # then nobody waits: a freed place goes to a waiter first
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # the place was handed over just as the caller gave up
            raise

    def _release(self) -> None:
        while self._waiting:
            *_, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1
