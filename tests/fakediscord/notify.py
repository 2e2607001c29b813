"""Change notification so test helpers wait on conditions instead of sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from .errors import WaitTimeout

T = TypeVar("T")


class Notifier:
    """Wakes every waiter whenever the fake's state changes; waiters re-check a predicate."""

    def __init__(self) -> None:
        self._waiters: set[asyncio.Future[None]] = set()

    def notify(self) -> None:
        waiters, self._waiters = self._waiters, set()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(
        self, check: Callable[[], T | None], timeout: float, what: str | Callable[[], str]
    ) -> T:
        """Return the first truthy ``check()`` result, re-evaluated after every change.

        ``what`` describes the condition for the timeout message; a callable is evaluated
        only on timeout, so it can include diagnostics about the current state.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                description = what() if callable(what) else what
                raise WaitTimeout(f"timed out after {timeout:.1f}s waiting for {description}")
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                self._waiters.discard(waiter)
