"""Which pages watch which tables, and waking them when a table changes.

A page's socket waits on its own :class:`Watch`; :meth:`Hub.changed` sets every watch of
that table. Changes arrive from this process's commits (``Store.on_commit``) and, on
PostgreSQL, from every process's (:class:`ChangeListener`: each write that changes a
table NOTIFYs its id in its own transaction). A watch is a flag, not a queue: ten commits in a
row wake a page once, and it then reads the latest state, so a slow page never falls
behind and never gets a stale one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Iterator
from typing import Any, Final

import asyncpg

from bot.store.postgres import CHANGED_CHANNEL

log = logging.getLogger(__name__)

RECONNECT_AFTER: Final = 1.0
"""Seconds before a lost listening connection is opened again."""


class Watch:
    """One page's wake-up flag for one table."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self._event = asyncio.Event()
        self._event.set()  # a new page reads the state at once

    def wake(self) -> None:
        self._event.set()

    async def next_change(self) -> None:
        """Wait until the table may have changed since the last call."""
        await self._event.wait()
        self._event.clear()


class Hub:
    """The watches of this process's pages, by table."""

    def __init__(self) -> None:
        self._watches: dict[int, set[Watch]] = defaultdict(set)

    @contextlib.contextmanager
    def watching(self, table_id: int) -> Iterator[Watch]:
        watch = Watch(table_id)
        self._watches[table_id].add(watch)
        try:
            yield watch
        finally:
            watches = self._watches.get(table_id)
            if watches is not None:
                watches.discard(watch)
                if not watches:
                    del self._watches[table_id]

    def changed(self, table_id: int) -> None:
        """Wake every page watching ``table_id``."""
        for watch in self._watches.get(table_id, ()):
            watch.wake()

    def wake_all(self) -> None:
        """Wake every page: after a lost notification connection, changes may be missed."""
        for watches in self._watches.values():
            for watch in watches:
                watch.wake()

    @property
    def pages(self) -> int:
        return sum(len(watches) for watches in self._watches.values())


class ChangeListener:
    """LISTENs for other processes' commits on PostgreSQL, on one connection of its own,
    and hands each table id to the hub; a lost connection is opened again, and every
    page then reads its table afresh."""

    def __init__(self, url: str, hub: Hub) -> None:
        self._url, self._hub = url, hub
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="web-change-listener")
        await self._connected.wait()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: object) -> None:
        if isinstance(payload, str) and payload.isdigit():
            self._hub.changed(int(payload))

    async def _run(self) -> None:
        first = True
        while True:
            lost = asyncio.Event()
            try:
                conn = await asyncpg.connect(self._url, timeout=10)
            except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
                log.warning("live pages cannot listen for changes yet: %s", exc)
                await asyncio.sleep(RECONNECT_AFTER)
                continue
            try:
                conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
                await conn.add_listener(CHANGED_CHANNEL, self._notified)
                if not first:
                    self._hub.wake_all()
                first = False
                self._connected.set()
                await lost.wait()
                log.warning("live pages lost their change notifications; listening again")
            finally:
                with contextlib.suppress(Exception):
                    await conn.close()
            await asyncio.sleep(RECONNECT_AFTER)
