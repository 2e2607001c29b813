"""The PostgreSQL queue: a job is a row of ``publish_jobs`` in its table's partition, added
in the commit's own transaction with a NOTIFY on that partition's channel (delivered only
if it commits), and run by the one live process that holds the partition
(:mod:`~bot.publishing.jobs.leases`, :mod:`~bot.publishing.jobs.partitions`): a job wakes
one process and costs the same database work however many take jobs. A table's
publications are also serialised by an advisory lock on a connection of its own, which
dies with a killed worker (a partition handed over mid-job never overlaps).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from typing import Any, Final

import asyncpg

from bot.publishing.jobs.leases import (
    MEMBERS_CHANNEL,
    PartitionLeases,
    channel_of,
    partition_of,
)
from bot.publishing.jobs.partitions import JOB_TABLE, PartitionWorkers
from bot.publishing.jobs.queue import CLOSING_GRACE, JobRunner, TableBusyError
from bot.publishing.jobs.table_locks import TableLocks
from bot.store import PublishJob, Store
from bot.store.database import Transaction
from bot.store.postgres import KEEPALIVES, PostgresDatabase, PostgresTransaction, SidePool

log = logging.getLogger(__name__)

_LOCK_SPACE: Final = 0x646F6D69  # "domi": the advisory locks of table publications
_COMPUTER_SPACE: Final = 0x636F6D70  # "comp": whoever plays a table's computer seats
LOCK_WAIT: Final = timedelta(minutes=2)
"""How long a job waits for a table another worker is publishing before it is tried again."""
TICK: Final = 1.0
"""Seconds between a process's looks at the members and partitions (free ones are taken
within about that)."""
_INSTALL_LOCK: Final = 0x646F6D696E70  # one advisory lock id for installing the job table
_INSTALL: Final = f"""
CREATE TABLE IF NOT EXISTS {JOB_TABLE} (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partition SMALLINT NOT NULL,
    table_id  BIGINT NOT NULL,
    payload   BYTEA NOT NULL,
    added     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS {JOB_TABLE}_partition ON {JOB_TABLE} (partition, id);
"""
_ADD: Final = (
    f"WITH added AS (INSERT INTO {JOB_TABLE} (partition, table_id, payload)"
    " VALUES ($1, $2, $3) RETURNING id) SELECT pg_notify($4, '') FROM added"
)


class PostgresJobQueue:
    """Publish jobs in PostgreSQL, taken by partition (see the module's docstring)."""

    def __init__(self, pool: asyncpg.Pool[Any], url: str, retry_after: timedelta) -> None:
        self._pool = pool
        self._url = url
        self._retry_after = retry_after
        self._running: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()
        self._locks = TableLocks()
        self.workers: PartitionWorkers | None = None
        self.leases: PartitionLeases | None = None
        self._lock_pool = SidePool(url, server_settings=KEEPALIVES)
        self._lock_connections = 2

    @classmethod
    async def open(cls, store: Store, *, retry_after: timedelta) -> PostgresJobQueue:
        """The queue on ``store``'s database, its job table created if missing (once,
        whichever of several starting processes gets there first)."""
        database = store.database
        assert isinstance(database, PostgresDatabase)
        async with database.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _INSTALL_LOCK)
            await conn.execute(_INSTALL)
        return cls(database.pool, database.url, retry_after)

    @property
    def in_process(self) -> bool:
        return False

    async def add(self, db: Transaction, job: PublishJob) -> None:
        assert isinstance(db, PostgresTransaction)
        await db.connection.execute(_ADD, *self._row(job))

    def committed(self, job: PublishJob) -> None:
        return None  # the commit's NOTIFY has woken the partition's holder

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        yield  # the workers are elsewhere: the answer is a job of its own

    async def enqueue(self, job: PublishJob) -> None:
        await self._pool.execute(_ADD, *self._row(job))

    async def queued_tables(self) -> set[int]:
        rows = await self._pool.fetch(f"SELECT DISTINCT table_id FROM {JOB_TABLE}")
        return {int(row["table_id"]) for row in rows}

    @staticmethod
    def _row(job: PublishJob) -> tuple[int, int, bytes, str]:
        partition = partition_of(job.table_id)
        return partition, job.table_id, job.to_bytes(), channel_of(partition)

    @contextlib.asynccontextmanager
    async def table_lock(self, table_id: int) -> AsyncIterator[None]:
        """In this process first, in the order the jobs ask (asyncio's locks are fair:
        a partition's jobs, started in the order they were added, publish in that order,
        waiting without a connection), then across processes."""
        async with self._locks.held(table_id), self._advisory_lock(table_id):
            yield

    @contextlib.asynccontextmanager
    async def _advisory_lock(self, table_id: int) -> AsyncIterator[None]:
        key = table_id % 2**31  # tables beyond that share a lock now and then: harmless
        # A connection of the queue's own lock pool (with the store's keepalives: a worker
        # whose machine vanishes keeps its tables about a minute, not hours).
        async with (await self._lock_connections_pool()).acquire() as conn:
            try:  # waiting outlasts the store's statement timeout: a publication may be slow
                await conn.execute(
                    "SELECT pg_advisory_lock($1, $2)",
                    _LOCK_SPACE,
                    key,
                    timeout=LOCK_WAIT.total_seconds(),
                )
            except TimeoutError as exc:
                raise TableBusyError(table_id) from exc
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", _LOCK_SPACE, key)

    @contextlib.asynccontextmanager
    async def computer_turns(self, table_id: int) -> AsyncIterator[bool]:
        key = table_id % 2**31
        async with (await self._lock_connections_pool()).acquire() as conn:
            taken = bool(
                await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", _COMPUTER_SPACE, key)
            )
            try:
                yield taken
            finally:
                if taken:
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", _COMPUTER_SPACE, key)

    async def _lock_connections_pool(self) -> asyncpg.Pool[Any]:
        """The pool a job's advisory locks are held on: not the store's, whose connections
        the job needs for its reads and writes while it holds them (jobs holding every
        connection while each waits for one more would wait for ever). Two a job slot:
        its table's lock, and the computer seats' try-lock taken under it."""
        return await self._lock_pool.get(self._lock_connections)

    async def start(
        self, run: JobRunner, concurrency: int, standby: timedelta | None = None
    ) -> None:
        if concurrency <= 0:
            return
        self._lock_connections = 2 * concurrency
        workers = PartitionWorkers(self._pool, run, concurrency, self._retry_after)
        self.workers = workers
        self.leases = PartitionLeases(
            self._connect, workers.gained, workers.woken, workers.give_back
        )
        if standby is None:
            self._running = asyncio.create_task(
                self.leases.keep(TICK, self._closing), name="publish-partitions"
            )
        else:
            self._running = asyncio.create_task(
                self._stand_by(self.leases, standby), name="publish-standby"
            )

    async def _say_partitions_moved(self) -> None:
        """Tell the other members, from the pool (the leases' connection is gone), that
        the partitions it held are free: they take them at once."""
        try:
            await self._pool.execute("SELECT pg_notify($1, '')", MEMBERS_CHANNEL)
        except Exception:
            log.warning("publish jobs: could not tell the other processes", exc_info=True)

    async def _connect(self) -> asyncpg.Connection[Any]:
        return await asyncpg.connect(self._url, timeout=10, server_settings=KEEPALIVES)

    async def _stand_by(self, leases: PartitionLeases, after: timedelta) -> None:
        """Hold no partition while the job table has no job older than ``after`` (the
        other workers keep up); else join and take a fair share until the table is empty,
        then stand by again."""
        while not self._closing.is_set():
            if await self._waiting(after, unknown=False):
                log.info("publish jobs are waiting: this process takes them until done")
                done = asyncio.Event()
                keeping = asyncio.create_task(leases.keep(TICK, done))
                try:
                    while not self._closing.is_set() and await self._waiting(
                        timedelta(0), unknown=True
                    ):
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(self._closing.wait(), after.total_seconds())
                finally:  # never leave the partitions held by a task nobody stops
                    done.set()
                    await keeping
                log.info("publish jobs caught up: this process stands by again")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), after.total_seconds() / 2)

    async def _waiting(self, longer_than: timedelta, unknown: bool) -> bool:
        """Whether some job was added over ``longer_than`` ago and is still not done;
        ``unknown`` when the database could not say (a passing fault must not end the
        stand-by, the fallback for when the other workers are gone)."""
        try:
            return await self._waited(longer_than)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            log.warning("publish jobs: could not read the job table", exc_info=True)
            return unknown

    async def _waited(self, longer_than: timedelta) -> bool:
        waited = await self._pool.fetchval(
            f"SELECT EXISTS (SELECT 1 FROM {JOB_TABLE} WHERE added <= now() - $1::interval)",
            longer_than,
        )
        return bool(waited)

    async def close(self, grace: float = CLOSING_GRACE) -> None:
        """Give the partitions back to the other processes — those without a job under
        way at once, the others as their jobs finish, up to ``grace`` seconds — and stop.
        A job cut short then stays in the table for its partition's next holder."""
        self._closing.set()
        if self._running is not None:
            try:
                await asyncio.wait_for(self._running, timeout=grace)
            except (Exception, asyncio.CancelledError):
                log.warning(
                    "publish jobs: those under way did not finish in time: left to another process"
                )
                if self.workers is not None:
                    self.workers.cancel()  # their jobs stay in the table for another
                if self.leases is not None:
                    await self.leases.disconnect()  # its partitions go with its connection
                    await self._say_partitions_moved()
            if self.leases is not None:
                await self.leases.disconnect()
        self._running = None
        if (pool := self._lock_pool.take()) is not None:
            pool.terminate()  # a job cut short above may still hold a lock: let it go
