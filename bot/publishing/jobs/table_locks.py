"""A lock per table within one process, for the publish job queues: a table's jobs publish
one at a time, in the order they ask (asyncio's locks are fair), and a table's lock is
forgotten once nobody holds it or waits for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class TableLocks:
    """The tables' in-process locks, made on first use and dropped when unused."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}

    @contextlib.asynccontextmanager
    async def held(self, table_id: int) -> AsyncIterator[None]:
        """The table's lock, held for the block (the block's caller counts as waiting
        until it leaves, so the lock outlives every holder and waiter)."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        self._waiting[table_id] = self._waiting.get(table_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._waiting[table_id] -= 1
            if not self._waiting[table_id]:  # nobody waits: forget the table's lock
                del self._waiting[table_id]
                self._locks.pop(table_id, None)

    def __len__(self) -> int:
        """How many tables have a lock now (held or waited for)."""
        return len(self._locks)
