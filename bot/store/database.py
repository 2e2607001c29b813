"""What the store needs from a database: reads, write transactions, named locks.

The store's SQL is written once, in the subset SQLite and PostgreSQL share, with ``?``
placeholders. Each backend (``bot.store.sqlite``, ``bot.store.postgres``) runs it on its
own driver and supplies the two things that differ in meaning rather than spelling: how a
transaction locks the row it checks (:attr:`Database.lock_row`) and how two writers that
touch no common row are made to queue (:meth:`Transaction.serialize`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Row(Protocol):
    """A result row, read by column name (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: str, /) -> Any: ...


class Transaction(Protocol):
    """One open write transaction; everything in it commits together or not at all.
    A statement that would break a unique index raises
    :class:`~bot.store.errors.UniqueViolation`, whichever the backend."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...

    async def serialize(self, name: str) -> None:
        """Hold the lock called ``name`` until this transaction ends, so two transactions
        that read-then-write the same rows (which may not exist yet) run one after the other."""
        ...

    async def changed(self, table_id: int) -> None:
        """Say, once this transaction commits, that it changed ``table_id``: to this
        process's listeners (:meth:`Database.on_change`) and, where processes share the
        database, to every process listening."""
        ...


class ChangeListeners:
    """This process's listeners for committed table changes, and the ids a transaction
    collects for them until it commits."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[int], None]] = []

    def add(self, listener: Callable[[int], None]) -> None:
        self._listeners.append(listener)

    def tell(self, table_ids: Sequence[int]) -> None:
        for table_id in table_ids:
            for listener in self._listeners:
                listener(table_id)


class Database(Protocol):
    """A connection (or pool) the store runs on."""

    lock_row: str
    """Appended to the SELECT that checks a table's version inside a transaction, so a
    second writer waits for the first instead of reading the version it is replacing."""

    def on_change(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(table_id)`` after each commit in this process that changed the
        table (what a transaction said with :meth:`Transaction.changed`)."""
        ...

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Read outside any write transaction (never seeing another's half-done one)."""
        ...

    async def write(
        self, sql: str, params: Sequence[object] = (), *, durable: bool = True
    ) -> list[Row]:
        """One statement that commits on its own (its own implicit transaction): a single
        round trip, for a write that needs no read before it. ``durable=False`` lets the
        commit return before it reaches the disk: a crash of the database server may lose
        it, unless a durable commit made after it has returned (the log is flushed in
        order)."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    def hold(self, name: str, *, slow: bool = False) -> AbstractAsyncContextManager[None]:
        """Hold the lock called ``name`` across every process sharing this database until
        the block ends (released too if the process dies). A database only one process
        uses needs none: there, in-process locks are enough. ``slow``: a hold kept while
        Discord is called, for seconds (a tournament's news), which must never keep a
        table's request waiting for a connection."""
        ...

    async def schema_version(self) -> int:
        """How many migrations this database has had."""
        ...

    async def close(self) -> None:
        """Wait for work in flight, then disconnect. Safe to call twice."""
        ...
