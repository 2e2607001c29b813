"""The SQLite queue: jobs run inside the one bot process, no server needed.

The commit itself is the durable part: a job lost with the process is found again at the
next start, because its table's latest version is not yet shown (``Store.unpublished_tables``).
So a stop finishes only the jobs under way and leaves the waiting ones to the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextvars import ContextVar
from datetime import timedelta

from bot.publishing.jobs.queue import CLOSING_GRACE, JobRunner
from bot.publishing.jobs.table_locks import TableLocks
from bot.store import PublishJob
from bot.store.database import Transaction

log = logging.getLogger(__name__)


_held: ContextVar[list[PublishJob] | None] = ContextVar("held_publish_jobs", default=None)


class LocalJobQueue:
    """An asyncio queue with a lock per table."""

    def __init__(self) -> None:
        self._jobs: asyncio.Queue[PublishJob] = asyncio.Queue()
        self._locks = TableLocks()
        self._workers: list[asyncio.Task[None]] = []
        self._busy: set[asyncio.Task[None]] = set()  # workers running a job now
        self._closing = False
        self._computing: set[int] = set()
        self._queued: Counter[int] = Counter()

    @property
    def in_process(self) -> bool:
        return True

    async def add(self, db: Transaction, job: PublishJob) -> None:
        return None  # nothing to write: the commit's new version is the record

    def committed(self, job: PublishJob) -> None:
        held = _held.get()
        if held is not None:
            held.append(job)
        else:
            self._put(job)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Keep the jobs committed inside (and in tasks started inside) until the end: the
        mover's answer is drawn and sent first, as it is what they wait for."""
        token = _held.set([])
        try:
            yield
        finally:
            jobs = _held.get() or []
            _held.reset(token)
            for job in jobs:
                self._put(job)

    async def enqueue(self, job: PublishJob) -> None:
        self._put(job)

    def _put(self, job: PublishJob) -> None:
        self._queued[job.table_id] += 1
        self._jobs.put_nowait(job)

    async def queued_tables(self) -> set[int]:
        return set(self._queued)

    @contextlib.asynccontextmanager
    async def table_lock(self, table_id: int) -> AsyncIterator[None]:
        async with self._locks.held(table_id):
            yield

    @contextlib.asynccontextmanager
    async def computer_turns(self, table_id: int) -> AsyncIterator[bool]:
        if table_id in self._computing:
            yield False
            return
        self._computing.add(table_id)
        try:
            yield True
        finally:
            self._computing.discard(table_id)

    async def start(
        self, run: JobRunner, concurrency: int, standby: timedelta | None = None
    ) -> None:
        """``standby`` is for several processes sharing jobs: this queue has one."""
        self._workers = [
            asyncio.create_task(self._work(run), name=f"publish-worker-{n}")
            for n in range(concurrency)
        ]

    async def _work(self, run: JobRunner) -> None:
        me = asyncio.current_task()
        assert me is not None
        while not self._closing:
            job = await self._jobs.get()
            self._busy.add(me)
            try:
                await run(job)
            except Exception:
                log.exception("table %d: publish job failed", job.table_id)
            finally:
                self._queued[job.table_id] -= 1
                if not self._queued[job.table_id]:
                    del self._queued[job.table_id]
                self._busy.discard(me)
                self._jobs.task_done()

    def waiting(self) -> int:
        """Jobs added and not yet taken by a worker."""
        return self._jobs.qsize()

    async def drain(self) -> None:
        """Wait until every job added so far has run (tests, tools)."""
        await self._jobs.join()

    async def close(self, grace: float = CLOSING_GRACE) -> None:
        """Let the jobs under way finish (up to ``grace`` seconds) and take no more: the
        next start shows what is left (see the module's docstring)."""
        self._closing = True
        busy = [worker for worker in self._workers if worker in self._busy]
        for worker in self._workers:
            if worker not in self._busy:
                worker.cancel()  # waiting for a job: nothing to finish
        if busy:
            _, late = await asyncio.wait(busy, timeout=grace)
            for worker in late:
                worker.cancel()
            if late:
                log.warning("publish jobs: %d cut short by the stop", len(late))
        await asyncio.gather(*self._workers, return_exceptions=True)
        self._workers = []
        if self._jobs.qsize():
            log.info("publish jobs: %d left for the next start", self._jobs.qsize())
