"""Running the jobs of the partitions this process holds: each partition's waiting jobs
read in the order they were added, each table's run one after another (a table never
shows an older state after a newer one), different tables at once up to the process's
job slots; a job is deleted once it has run, so one cut short by a kill runs again
wherever its partition goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final

import asyncpg

from bot.publishing.jobs.queue import JobRunner, TableBusyError
from bot.store import PublishJob

log = logging.getLogger(__name__)

JOB_TABLE: Final = "publish_jobs"
FETCH: Final = 100
"""Jobs read from a partition at once."""
POLL: Final = 30.0
"""Seconds between reads of an idle partition, should a notification ever go missing."""


@dataclass
class _Partition:
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    stopping: bool = False
    started: set[int] = field(default_factory=set)  # ids of jobs read and not yet deleted
    tables: dict[int, deque[tuple[int, PublishJob]]] = field(default_factory=dict)
    chains: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    reader: asyncio.Task[None] | None = None


class PartitionWorkers:
    """Reads and runs the held partitions' jobs (see the module's docstring)."""

    def __init__(
        self, pool: asyncpg.Pool[Any], run: JobRunner, concurrency: int, retry_after: timedelta
    ) -> None:
        self._pool = pool
        self._run = run
        self._slots = asyncio.Semaphore(concurrency)
        self._retry_after = retry_after
        self._partitions: dict[int, _Partition] = {}
        self.reads = 0
        """Reads of the job table so far (tests: a job wakes only its partition's holder)."""

    def gained(self, partition: int) -> None:
        state = _Partition()
        state.woken.set()  # jobs may be waiting already
        state.reader = asyncio.create_task(self._read(partition, state), name=f"jobs-{partition}")
        self._partitions[partition] = state

    def woken(self, partition: int) -> None:
        state = self._partitions.get(partition)
        if state is not None:
            state.woken.set()

    async def give_back(self, partition: int) -> None:
        """Stop reading the partition and wait for its jobs under way."""
        state = self._partitions.pop(partition, None)
        if state is None:
            return
        state.stopping = True
        state.woken.set()
        if state.reader is not None:
            await asyncio.gather(state.reader, return_exceptions=True)
        await asyncio.gather(*state.chains.values(), return_exceptions=True)

    async def _read(self, partition: int, state: _Partition) -> None:
        while not state.stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(state.woken.wait(), POLL)
            state.woken.clear()
            if state.stopping:
                return
            try:
                rows = await self._pool.fetch(
                    f"SELECT id, table_id, payload FROM {JOB_TABLE}"
                    " WHERE partition = $1 AND NOT (id = ANY($2::bigint[]))"
                    " ORDER BY id LIMIT $3",
                    partition,
                    list(state.started),
                    FETCH,
                )
            except (OSError, asyncpg.PostgresError, TimeoutError):
                log.warning("partition %d: reading its jobs failed", partition, exc_info=True)
                await asyncio.sleep(1)
                state.woken.set()
                continue
            self.reads += 1
            for row in rows:
                job_id, table_id = int(row["id"]), int(row["table_id"])
                state.started.add(job_id)
                state.tables.setdefault(table_id, deque()).append(
                    (job_id, PublishJob.from_bytes(bytes(row["payload"])))
                )
                if table_id not in state.chains:
                    state.chains[table_id] = asyncio.create_task(
                        self._chain(table_id, state), name=f"publish-table-{table_id}"
                    )
            if len(rows) == FETCH:
                state.woken.set()  # more are waiting

    async def _chain(self, table_id: int, state: _Partition) -> None:
        """The table's jobs, one after another, in the order they were added."""
        waiting = state.tables[table_id]
        try:
            while waiting:
                job_id, job = waiting[0]
                if not await self._one(job):
                    if state.stopping:
                        return  # left in the table for the partition's next holder
                    await asyncio.sleep(self._retry_after.total_seconds())
                    continue
                await self._pool.execute(f"DELETE FROM {JOB_TABLE} WHERE id = $1", job_id)
                waiting.popleft()
                state.started.discard(job_id)
        except (OSError, asyncpg.PostgresError, TimeoutError):
            log.exception("table %d: a publish job could not be marked done", table_id)
            state.started.difference_update(job_id for job_id, _ in waiting)
            state.woken.set()  # read again: it is still in the table
        finally:
            state.tables.pop(table_id, None)
            state.chains.pop(table_id, None)

    async def _one(self, job: PublishJob) -> bool:
        """Run one job; False: its table is busy elsewhere, try again later."""
        async with self._slots:
            try:
                await self._run(job)
            except TableBusyError:
                log.warning("table %d: still busy elsewhere; job tried again", job.table_id)
                return False
            except Exception:
                log.exception("table %d: publish job failed", job.table_id)
        return True
