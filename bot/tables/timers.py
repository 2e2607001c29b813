"""Wake-ups for turn deadlines, long turns' reminders and lobby expiry.

The deadlines themselves live in the store (the table's ``meta`` and ``expires_at``), so
this module only keeps one timer handle per table in memory and re-arms from the store
after a restart. A timer that fires late, twice, or after the player moved is harmless:
the service re-checks the turn counter and the time under the table's lock.

A wake-up sleeps at most ``recheck`` seconds at a time and then compares the clock with
the stored moment again, so a turn of days is not one long sleep, and a clock that jumps
(a test's, see ``CLOCK_FILE``) is noticed within ``recheck``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Final

from bot.store import Clock, TableRecord, TableStatus, utc_now
from bot.tables.meta import TableMeta

log = logging.getLogger(__name__)

TurnExpired = Callable[[int, int], Awaitable[None]]
"""Called with (table id, turn counter) when a turn's deadline passes."""
LobbyExpired = Callable[[int], Awaitable[None]]
"""Called with the table id when an unstarted lobby's time is up."""
TurnReminder = Callable[[int, int], Awaitable[None]]
"""Called with (table id, turn counter) when a quarter of a long turn is left."""

DEFAULT_RECHECK_SECONDS: Final = 3600.0
"""The longest one sleep of a wake-up: then the stored moment is compared with the clock."""


class TableTimers:
    """At most one pending wake-up per table: its turn's reminder or deadline, or its
    lobby expiry."""

    def __init__(
        self,
        on_turn: TurnExpired,
        on_lobby: LobbyExpired,
        on_remind: TurnReminder,
        *,
        clock: Clock = utc_now,
        recheck: float = DEFAULT_RECHECK_SECONDS,
    ) -> None:
        self._on_turn = on_turn
        self._on_lobby = on_lobby
        self._on_remind = on_remind
        self._clock = clock
        self._recheck = recheck
        self._handles: dict[int, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()

    def track(self, record: TableRecord) -> None:
        """Arm (or re-arm, or drop) the table's timer from its committed state."""
        self.forget(record.id)
        if record.status is TableStatus.LOBBY and record.expires_at is not None:
            self._arm(record.id, record.expires_at, lambda: self._on_lobby(record.id))
        elif record.status is TableStatus.PLAYING:
            meta = TableMeta.from_json(record.meta)
            turn = meta.turn
            due = meta.deadline is not None and meta.deadline > self._clock()
            if meta.remind_at is not None and due:
                self._arm(record.id, meta.remind_at, lambda: self._on_remind(record.id, turn))
            elif meta.deadline is not None:
                self._arm(record.id, meta.deadline, lambda: self._on_turn(record.id, turn))

    def forget(self, table_id: int) -> None:
        handle = self._handles.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def pending(self) -> dict[int, float]:
        """Seconds until each armed wake-up (for tests and status)."""
        loop = asyncio.get_running_loop()
        return {table: handle.when() - loop.time() for table, handle in self._handles.items()}

    async def close(self) -> None:
        """Cancel every pending wake-up and wait for callbacks already running."""
        for table_id in list(self._handles):
            self.forget(table_id)
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    def _arm(self, table_id: int, when: datetime, call: Callable[[], Awaitable[None]]) -> None:
        loop = asyncio.get_running_loop()
        delay = max(0.0, (when - self._clock()).total_seconds())
        self._handles[table_id] = loop.call_later(
            min(delay, self._recheck), self._fire, table_id, when, call
        )

    def _fire(self, table_id: int, when: datetime, call: Callable[[], Awaitable[None]]) -> None:
        self._handles.pop(table_id, None)
        if when > self._clock():  # slept its longest (or the clock was set back): again
            self._arm(table_id, when, call)
            return
        task = asyncio.create_task(self._run(table_id, call), name=f"table-timer-{table_id}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    @staticmethod
    async def _run(table_id: int, call: Callable[[], Awaitable[None]]) -> None:
        try:
            await call()
        except Exception:
            log.exception("table %d: timer callback failed", table_id)
