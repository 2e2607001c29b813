"""The SQLite backend: one aiosqlite connection per process, the default.

* Within one process every read and every transaction holds an ``asyncio.Lock``, so no
  coroutine ever sees or interleaves with another coroutine's half-finished transaction.
* Across connections (a second process, a maintenance script) writes start with
  ``BEGIN IMMEDIATE``, taking SQLite's one write lock before anything is read, so the
  check-then-write of optimistic concurrency is atomic everywhere and no row lock or
  named lock is needed.
* If a caller is cancelled mid-transaction the transaction is rolled back. aiosqlite runs
  queued operations in order even after their awaiter is cancelled, so the rollback always
  lands before the next operation: the connection is never left inside a transaction.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store.connection import open_connection
from bot.store.database import ChangeListeners, Row
from bot.store.errors import StoreError, UniqueViolation
from bot.store.schema import schema_version


class SqliteTransaction:
    """Statements inside one ``BEGIN IMMEDIATE`` … ``COMMIT``."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self.changed_tables: list[int] = []

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        try:
            return list(await self._db.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        try:
            await self._db.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._db.executemany(sql, rows)

    async def changed(self, table_id: int) -> None:
        self.changed_tables.append(table_id)  # one process: its listeners are all

    async def serialize(self, name: str) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already holds the database's one write lock."""


def _translated(error: sqlite3.IntegrityError) -> Exception:
    if str(error).startswith("UNIQUE constraint failed"):
        return UniqueViolation(str(error))
    return error


_HOLDS: weakref.WeakValueDictionary[tuple[str, str], asyncio.Lock] = weakref.WeakValueDictionary()
"""The holds in use in this process, by file and name (forgotten once unused)."""


class SqliteDatabase:
    """A migrated SQLite file in WAL mode."""

    lock_row = ""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db: aiosqlite.Connection | None = db
        self.path = path
        self._file = str(path.resolve())
        """The file as its holds are keyed (resolved once, not on each table's request)."""
        self._lock = asyncio.Lock()
        self._changes = ChangeListeners()

    def on_change(self, listener: Callable[[int], None]) -> None:
        self._changes.add(listener)

    @classmethod
    async def open(cls, path: Path, busy_timeout: float) -> SqliteDatabase:
        """Open (creating and migrating) the file; ``busy_timeout`` is how long a write
        waits for another connection's write lock."""
        return cls(await open_connection(path, busy_timeout), path)

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self._lock:
            return list(await self._conn().execute_fetchall(sql, params))

    async def write(
        self, sql: str, params: Sequence[object] = (), *, durable: bool = True
    ) -> list[Row]:
        # In WAL mode with synchronous = NORMAL, no commit waits for the disk anyway.
        async with self._lock:  # autocommit mode: the statement is its own transaction
            try:
                return list(await self._conn().execute_fetchall(sql, params))
            except sqlite3.IntegrityError as exc:
                raise _translated(exc) from exc

    def hold(self, name: str, *, slow: bool = False) -> AbstractAsyncContextManager[None]:
        """One process uses a SQLite file, so a hold is a lock of this process, shared by
        every connection to the same file (as PostgreSQL's holds are shared by every
        process of its database)."""
        key = (self._file, name)
        lock = _HOLDS.get(key)
        if lock is None:
            lock = _HOLDS.setdefault(key, asyncio.Lock())
        return lock

    def transaction(self) -> AbstractAsyncContextManager[SqliteTransaction]:
        return self._transaction()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[SqliteTransaction]:
        async with self._lock:
            db = self._conn()
            try:
                # Inside the try: if cancelled while BEGIN is queued, BEGIN still runs,
                # so the rollback below must follow it.
                await db.execute("BEGIN IMMEDIATE")
                transaction = SqliteTransaction(db)
                yield transaction
                await db.commit()
            except BaseException:
                await db.rollback()
                raise
        self._changes.tell(transaction.changed_tables)

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self._conn())

    async def pragmas(self) -> dict[str, int | str]:
        """The live connection settings, so health checks and tests can verify them."""
        values: dict[str, int | str] = {}
        async with self._lock:
            for name in ("journal_mode", "synchronous", "foreign_keys", "user_version"):
                rows = list(await self._conn().execute_fetchall(f"PRAGMA {name}"))
                values[name] = rows[0][0]
        return values

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is closed")
        return self._db
