"""The PostgreSQL queue, on pgqueuer: jobs live in its table, added in the commit's own
transaction, taken with ``FOR UPDATE SKIP LOCKED`` by whichever process has a free worker
(woken by LISTEN/NOTIFY), and taken again when the worker that held one stops sending
heartbeats (killed). A table's publications are serialised by a PostgreSQL advisory lock,
held on a connection of its own, which dies with a killed worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from typing import Any, Final

import asyncpg
from pgqueuer import AsyncpgDriver, AsyncpgPoolDriver, Job, Queries, QueueManager
from pgqueuer.types import QueueExecutionMode

from bot.publishing.jobs.queue import JobRunner, TableBusyError
from bot.store import PublishJob, Store
from bot.store.database import Transaction
from bot.store.postgres import PostgresDatabase, PostgresTransaction

log = logging.getLogger(__name__)

ENTRYPOINT: Final = "publish_table"
_LOCK_SPACE: Final = 0x646F6D69  # "domi": the advisory locks of table publications
_COMPUTER_SPACE: Final = 0x636F6D70  # "comp": whoever plays a table's computer seats
PICK_AHEAD: Final = 3
"""Jobs a worker may hold picked per job it runs at once (the rest wait in its queue)."""
LOCK_WAIT: Final = timedelta(minutes=2)
"""How long a job waits for a table another worker is publishing before it is put back."""
_KEEPALIVES: Final = (
    "SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3"
)
_INSTALL_LOCK: Final = 0x646F6D696E70  # one advisory lock id for installing the job table


class PostgresJobQueue:
    """pgqueuer's job table on the store's own pool."""

    def __init__(self, pool: asyncpg.Pool[Any], retry_after: timedelta) -> None:
        self._pool = pool
        self._retry_after = retry_after
        self._builders = Queries(AsyncpgPoolDriver(pool))  # query texts, built once
        self._manager: QueueManager | None = None
        self._running: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()

    @classmethod
    async def open(cls, store: Store, *, retry_after: timedelta) -> PostgresJobQueue:
        """The queue on ``store``'s database, its job table installed if missing (once,
        whichever of several starting processes gets there first)."""
        database = store.database
        assert isinstance(database, PostgresDatabase)
        async with database.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _INSTALL_LOCK)
            queries = Queries(AsyncpgDriver(conn))  # type: ignore[arg-type]
            if not await queries.schema_is_installed():
                await queries.install()
        return cls(database.pool, retry_after)

    @property
    def in_process(self) -> bool:
        return False

    async def add(self, db: Transaction, job: PublishJob) -> None:
        assert isinstance(db, PostgresTransaction)
        queries = Queries(
            AsyncpgDriver(db.connection),  # type: ignore[arg-type]  # a pooled connection
            qbe=self._builders.qbe,
            qbq=self._builders.qbq,
            qbs=self._builders.qbs,
        )
        await queries.enqueue(ENTRYPOINT, job.to_bytes())

    def committed(self, job: PublishJob) -> None:
        return None  # the job table's trigger has already notified the workers

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        yield  # the workers are elsewhere: the answer is a job of its own

    async def enqueue(self, job: PublishJob) -> None:
        await self._builders.enqueue(ENTRYPOINT, job.to_bytes())

    @contextlib.asynccontextmanager
    async def table_lock(self, table_id: int) -> AsyncIterator[None]:
        key = table_id % 2**31  # tables beyond that share a lock now and then: harmless
        async with self._pool.acquire() as conn:
            # A worker whose machine vanishes without closing its connection must not keep
            # its tables for hours: the server drops the connection (and the lock) in ~1 min.
            await conn.execute(_KEEPALIVES)
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
        async with self._pool.acquire() as conn:
            taken = bool(
                await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", _COMPUTER_SPACE, key)
            )
            try:
                yield taken
            finally:
                if taken:
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", _COMPUTER_SPACE, key)

    async def start(
        self, run: JobRunner, concurrency: int, standby: timedelta | None = None
    ) -> None:
        if concurrency <= 0:
            return
        if standby is None:
            self._running = asyncio.create_task(
                self._work(run, concurrency, QueueExecutionMode.continuous),
                name="publish-workers",
            )
        else:
            self._running = asyncio.create_task(
                self._stand_by(run, concurrency, standby), name="publish-standby"
            )

    async def _stand_by(self, run: JobRunner, concurrency: int, after: timedelta) -> None:
        """Take jobs only while some wait longer than ``after`` (the other workers are
        gone or swamped): until the queue is empty, then stand by again."""
        while not self._closing.is_set():
            if await self._overdue(after):
                log.info("publish jobs are waiting: this process takes them until done")
                await self._work(run, concurrency, QueueExecutionMode.drain)
                log.info("publish jobs caught up: this process stands by again")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), after.total_seconds() / 2)

    async def _overdue(self, after: timedelta) -> bool:
        """Whether a job has waited longer than ``after``, queued or held by a worker that
        stopped sending heartbeats."""
        table = self._builders.qbq.qualified.queue_table
        waited = await self._pool.fetchval(
            f"SELECT EXISTS (SELECT 1 FROM {table} WHERE entrypoint = $1 AND ("
            " (status = 'queued' AND execute_after < NOW() - $2::interval)"
            " OR (status = 'picked' AND heartbeat < NOW() - $3::interval)))",
            ENTRYPOINT,
            after,
            self._retry_after,
        )
        return bool(waited)

    async def _work(self, run: JobRunner, concurrency: int, mode: QueueExecutionMode) -> None:
        manager = QueueManager(Queries(AsyncpgPoolDriver(self._pool)))

        slots = asyncio.Semaphore(concurrency)  # pgqueuer picks at least two at a time

        @manager.entrypoint(ENTRYPOINT)
        async def publish(job: Job) -> None:
            if job.payload is None:
                return
            published = PublishJob.from_bytes(job.payload)
            async with slots:
                try:
                    await run(published)
                except TableBusyError:
                    log.warning("table %d: still busy elsewhere; job put back", published.table_id)
                    await self.enqueue(published)
                except Exception:
                    log.exception("table %d: publish job failed", published.table_id)

        self._manager = manager
        if self._closing.is_set():
            return
        # pgqueuer frees a finished job's place only when it next writes its log (~0.1 s)
        # and polls again: picking a few jobs ahead keeps the workers' own slots busy.
        batch = max(1, concurrency // 2)
        await manager.run(
            dequeue_timeout=timedelta(seconds=5),
            batch_size=batch,
            max_concurrent_tasks=max(PICK_AHEAD * concurrency, 2 * batch),
            mode=mode,
            heartbeat_timeout=self._retry_after,
            log_aggregation_interval=timedelta(0),
        )

    async def close(self) -> None:
        self._closing.set()
        if self._manager is not None:
            self._manager.shutdown.set()
        if self._running is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self._running, timeout=10)
        self._manager = self._running = None
