"""The PostgreSQL backend: an asyncpg pool shared by every coroutine of a process, and by
every process of a bot that runs several (``DATABASE_URL=postgresql://…``).

* Transactions run at READ COMMITTED. The store's version check selects the table row
  ``FOR UPDATE`` (:attr:`PostgresDatabase.lock_row`), so of two writers racing on a table
  the second waits, then reads the version the first wrote and fails cleanly.
* Writers that read-then-write rows which may not exist yet (a new channel's lobby, a new
  player's standings) queue on a transaction-scoped advisory lock named by
  :meth:`PostgresTransaction.serialize`.
* A request that reads a table, thinks, then commits holds the table's session advisory
  lock (:meth:`PostgresDatabase.hold`) on a connection of a small pool of its own, so
  requests for one table queue across processes as they do within one, and a process
  that dies lets go of its locks with its connections.
* A write that may skip waiting for the disk (an interaction's claim) commits on a small
  pool of its own with ``synchronous_commit = off``: its log record is flushed at the
  latest with the next durable commit, so whatever an interaction changed durably, its
  claim is durable too.
* Queries are the store's portable SQL with ``?`` placeholders, numbered for PostgreSQL
  once per statement text; values are always sent as parameters.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, Final

import asyncpg

from bot.store.database import ChangeListeners, Row
from bot.store.errors import StoreError, UniqueViolation
from bot.store.schema_postgres import (
    Connection,
    apply_postgres_migrations,
    postgres_schema_version,
)

KEEPALIVES: Final = {
    "tcp_keepalives_idle": "30",
    "tcp_keepalives_interval": "10",
    "tcp_keepalives_count": "3",
}
"""Server settings of every connection the bot opens: a process whose machine vanished
without closing its connections has them dropped by the server in about a minute, with
every advisory lock they held (a table's, a job partition's)."""
LOCK_CONNECTIONS = 8
"""Connections of a process's pool for held locks: requests for that many tables at once."""
SLOW_HOLD_CONNECTIONS = 2
"""Connections of a process's pool for slow holds (kept while Discord is called): apart
from the tables' so a few slow ones never leave a table's request without a connection."""
QUICK_CONNECTIONS = 4
"""Connections of a process's pool for writes that need not wait for the disk (interaction
claims: about a tenth of a millisecond each)."""
HOLD_WAIT = 60.0
"""Seconds a request waits for a table another process is working on before it gives up."""
_HOLD = "SELECT pg_advisory_lock(hashtextextended($1, 0))"
_RELEASE = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (quoted text is left alone)."""
    out: list[str] = []
    number = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)


class PostgresTransaction:
    """Statements on one pooled connection inside ``BEGIN`` … ``COMMIT``."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self.changed_tables: list[int] = []

    @property
    def connection(self) -> Connection:
        """The transaction's connection (a job queue's insert joins the transaction)."""
        return self._conn

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        try:
            return list(await self._conn.fetch(numbered(sql), *params))
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(str(exc)) from exc

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        try:
            await self._conn.execute(numbered(sql), *params)
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(str(exc)) from exc

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def serialize(self, name: str) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", name)

    async def changed(self, table_id: int) -> None:
        # Delivered to every LISTENing process when (and only if) the transaction commits.
        await self._conn.execute("SELECT pg_notify($1, $2)", CHANGED_CHANNEL, str(table_id))
        self.changed_tables.append(table_id)


def _nothing() -> None:
    return None


class SidePool:
    """A pool of its own beside a database's main one, made on first use (once, however
    many ask at once): a process that never needs it opens none of its connections."""

    def __init__(self, url: str, **options: Any) -> None:
        self.url = url
        self.options = options
        """What :func:`asyncpg.create_pool` is given besides the sizes and the timeout."""
        self._pool: asyncpg.Pool[Any] | None = None
        self._made = asyncio.Lock()

    async def get(
        self, max_size: int, *, before_making: Callable[[], object] = _nothing
    ) -> asyncpg.Pool[Any]:
        """The pool, made now with ``max_size`` connections if it is not yet
        (``before_making`` may refuse by raising)."""
        async with self._made:
            if self._pool is None:
                before_making()
                self._pool = await asyncpg.create_pool(
                    self.url, min_size=1, max_size=max_size, timeout=10.0, **self.options
                )
            return self._pool

    def take(self) -> asyncpg.Pool[Any] | None:
        """The pool (None if never made), handed to the caller to close; a later
        :meth:`get` makes a new one."""
        pool, self._pool = self._pool, None
        return pool


CHANGED_CHANNEL: Final = "domino_tables_changed"
"""Where each committed change of a table is announced, its id as the payload: what every
process serving live pages LISTENs to."""


class PostgresDatabase:
    """A migrated PostgreSQL database behind a connection pool."""

    lock_row = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool[Any], url: str) -> None:
        self._pool: asyncpg.Pool[Any] | None = pool
        self.url = url
        self._lock_pool = SidePool(url, server_settings=KEEPALIVES)
        self._slow_lock_pool = SidePool(url, server_settings=KEEPALIVES)
        self._changes = ChangeListeners()
        self._quick_pool = SidePool(
            url, command_timeout=10.0, server_settings={**KEEPALIVES, "synchronous_commit": "off"}
        )

    @classmethod
    async def open(
        cls, url: str, *, pool_size: int = 10, timeout: float = 10.0
    ) -> PostgresDatabase:
        """Connect a pool to ``url`` and apply pending migrations (once, whichever of
        several starting processes gets there first)."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=timeout,
                command_timeout=timeout,
                server_settings=KEEPALIVES,
            )
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(f"cannot connect to PostgreSQL: {exc}") from exc
        try:
            async with pool.acquire() as conn:
                await apply_postgres_migrations(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._live().fetch(numbered(sql), *params))

    async def write(
        self, sql: str, params: Sequence[object] = (), *, durable: bool = True
    ) -> list[Row]:
        pool = self._live() if durable else await self._quick()
        try:  # outside BEGIN … COMMIT: the server commits the one statement by itself
            return list(await pool.fetch(numbered(sql), *params))
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(str(exc)) from exc

    async def _quick(self) -> asyncpg.Pool[Any]:
        """The pool whose commits do not wait for the disk (``synchronous_commit = off``)."""
        return await self._quick_pool.get(QUICK_CONNECTIONS, before_making=self._live)

    def transaction(self) -> AbstractAsyncContextManager[PostgresTransaction]:
        return self._transaction()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self._live().acquire() as conn, conn.transaction():
            transaction = PostgresTransaction(conn)
            yield transaction
        self._changes.tell(transaction.changed_tables)

    def on_change(self, listener: Callable[[int], None]) -> None:
        self._changes.add(listener)

    @asynccontextmanager
    async def hold(self, name: str, *, slow: bool = False) -> AsyncIterator[None]:
        # Locks wait on a pool of their own: a holder must always find a connection in
        # the main pool for its transaction, or busy tables could starve each other; and
        # slow holds on another, so they never take a table's.
        pool = await (self._slow_locks() if slow else self._locks())
        async with pool.acquire() as conn:
            await conn.execute(_HOLD, name, timeout=HOLD_WAIT)
            try:
                yield
            finally:
                # A lock whose connection was cut is already gone with it.
                with contextlib.suppress(asyncpg.InterfaceError, asyncpg.PostgresError, OSError):
                    await conn.execute(_RELEASE, name)

    async def _locks(self) -> asyncpg.Pool[Any]:
        return await self._lock_pool.get(LOCK_CONNECTIONS, before_making=self._live)

    async def _slow_locks(self) -> asyncpg.Pool[Any]:
        return await self._slow_lock_pool.get(SLOW_HOLD_CONNECTIONS, before_making=self._live)

    async def schema_version(self) -> int:
        async with self._live().acquire() as conn:
            return await postgres_schema_version(conn)

    async def close(self) -> None:
        if (quick := self._quick_pool.take()) is not None:
            await quick.close()
        for side in (self._lock_pool, self._slow_lock_pool):
            if (locks := side.take()) is not None:
                await locks.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool[Any]:
        return self._live()

    def _live(self) -> asyncpg.Pool[Any]:
        if self._pool is None:
            raise StoreError("the store is closed")
        return self._pool
