"""Running the jobs of the partitions this process holds: each partition's waiting jobs
are read and started in the order they were added, up to the process's job slots (taken
in turn); a table's publications are serialised by its table lock (the publisher reads the
newest committed state under it, so a table never shows an older state after a newer
one, and a mover's answer is not held up behind the table's previous publication). A job
is deleted once it has run, so one cut short by a kill runs again wherever its partition
goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final

import asyncpg

from bot.publishing.jobs.queue import JobRunner, TableBusyError
from bot.store import PublishJob

log = logging.getLogger(__name__)

JOB_TABLE: Final = "publish_jobs"
FETCH: Final = 100
"""Jobs of a partition read and not yet done, at most: a deep backlog is read in steps as
its jobs finish, so each read names at most this many jobs to skip."""
POLL: Final = 30.0
"""Seconds between reads of an idle partition, should a notification ever go missing."""


@dataclass
class _Partition:
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    stopping: bool = False
    started: set[int] = field(default_factory=set)  # ids of jobs read and not yet deleted
    running: set[asyncio.Task[None]] = field(default_factory=set)
    reader: asyncio.Task[None] | None = None
    more: bool = False  # the last read was full: read again as its jobs finish


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
        """Stop reading the partition and wait for its jobs under way (those read but
        not started stay in the table for the partition's next holder)."""
        state = self._partitions.pop(partition, None)
        if state is None:
            return
        state.stopping = True
        state.woken.set()
        if state.reader is not None:
            await asyncio.gather(state.reader, return_exceptions=True)
        await asyncio.gather(*state.running, return_exceptions=True)

    def cancel(self) -> None:
        """Cut every job short (a close that ran out of time): they stay in the table."""
        for state in self._partitions.values():
            state.stopping = True
            if state.reader is not None:
                state.reader.cancel()
            for task in state.running:
                task.cancel()
        self._partitions.clear()

    async def _read(self, partition: int, state: _Partition) -> None:
        while not state.stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(state.woken.wait(), POLL)
            state.woken.clear()
            if state.stopping:
                return
            room = FETCH - len(state.started)
            if room <= 0:
                state.more = True  # a finishing job wakes the reader again
                continue
            try:
                rows = await self._pool.fetch(
                    f"SELECT id, table_id, payload FROM {JOB_TABLE}"
                    " WHERE partition = $1 AND NOT (id = ANY($2::bigint[]))"
                    " ORDER BY id LIMIT $3",
                    partition,
                    list(state.started),
                    room,
                )
            except Exception:  # the database away for a moment: read again
                log.warning("partition %d: reading its jobs failed", partition, exc_info=True)
                await asyncio.sleep(1)
                state.woken.set()
                continue
            self.reads += 1
            for row in rows:
                job_id = int(row["id"])
                state.started.add(job_id)
                job = PublishJob.from_bytes(bytes(row["payload"]))
                task = asyncio.create_task(self._job(job_id, job, state), name=f"job-{job_id}")
                state.running.add(task)
                task.add_done_callback(state.running.discard)
            if len(rows) == room:
                state.more = True  # more may be waiting: read on as these finish

    async def _job(self, job_id: int, job: PublishJob, state: _Partition) -> None:
        """Run the job, then delete it (a job whose table stays busy elsewhere is tried
        again after ``retry_after``; a failed step is logged and the job done)."""
        try:
            while True:
                async with self._slots:
                    if state.stopping:
                        return  # not started: left in the table for the next holder
                    try:
                        await self._run(job)
                        break
                    except TableBusyError:
                        log.warning("table %d: still busy elsewhere; job tried again", job.table_id)
                    except Exception:
                        log.exception("table %d: publish job failed", job.table_id)
                        break
                if state.stopping:
                    return  # left in the table for the partition's next holder
                await asyncio.sleep(self._retry_after.total_seconds())
            await self._pool.execute(f"DELETE FROM {JOB_TABLE} WHERE id = $1", job_id)
            state.started.discard(job_id)
            if state.more:
                state.more = False
                state.woken.set()
        except Exception:
            log.exception("table %d: a publish job could not be marked done", job.table_id)
            state.started.discard(job_id)
            state.woken.set()  # read again: it is still in the table
