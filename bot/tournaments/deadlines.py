"""Sign-up deadlines: a tournament with one starts by itself when it passes.

The deadline lives in the tournament's settings, so nothing here needs keeping: a start
arms a wake-up for every tournament still in sign-up (:meth:`SignupDeadlines.restore`),
and a new one is armed when it is created. A wake-up sleeps at most ``recheck`` seconds
at a time and compares the clock with the deadline again (a deadline of days is not one
long sleep, and a test's clock that jumps is noticed). Firing late or twice is harmless:
the start is a versioned write that refuses a tournament already started.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.store import Clock, Store, TournamentRecord, TournamentStatus, utc_now
from bot.tournaments.core import TournamentCore

log = logging.getLogger(__name__)

Due = Callable[[int], Awaitable[None]]
"""Called with the tournament's id once its sign-up deadline has passed."""


class SignupDeadlines:
    """One wake-up per tournament in sign-up with a deadline."""

    def __init__(
        self, store: Store, due: Due, *, clock: Clock = utc_now, recheck: float = 3600.0
    ) -> None:
        self._store = store
        self._due = due
        self._clock = clock
        self._recheck = recheck
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def track(self, record: TournamentRecord) -> None:
        """Arm the tournament's wake-up (or drop it once sign-up is over)."""
        deadline = TournamentCore.settings_of(record).deadline
        if record.status is not TournamentStatus.SIGNUP or deadline is None:
            self.forget(record.id)
            return
        if record.id in self._tasks:
            return
        task = asyncio.create_task(self._wait(record.id), name=f"signup-{record.id}")
        self._tasks[record.id] = task
        task.add_done_callback(lambda _: self._tasks.pop(record.id, None))

    async def restore(self) -> None:
        """After a start: arm every stored tournament still in sign-up."""
        for record in await self._store.tournaments_with_status(TournamentStatus.SIGNUP):
            self.track(record)

    def forget(self, tournament_id: int) -> None:
        task = self._tasks.pop(tournament_id, None)
        if task is not None:
            task.cancel()

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _wait(self, tournament_id: int) -> None:
        try:
            while True:
                left = await self._left(tournament_id)
                if left is None:
                    return
                if left <= 0:
                    break
                await asyncio.sleep(min(left, self._recheck))
            await self._due(tournament_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament %d: the sign-up deadline's start failed", tournament_id)

    async def _left(self, tournament_id: int) -> float | None:
        """Seconds until the deadline (None: nothing to wait for any more)."""
        record = await self._store.get_tournament(tournament_id)
        if record is None or record.status is not TournamentStatus.SIGNUP:
            return None
        deadline = TournamentCore.settings_of(record).deadline
        if deadline is None:
            return None
        return (deadline - self._clock()).total_seconds()
