"""What every part of the :class:`~bot.store.store.Store` shares: the database, the clock,
the outbox, and the versioned write each table change goes through.

Every write that changes a table checks, inside its transaction, that the table is still
at the version the caller read (optimistic concurrency): of two racing writers, in one
process or several, exactly one commits and the other gets :class:`StaleVersionError`
having written nothing. How each database makes that check atomic is in its backend
(``bot.store.sqlite``, ``bot.store.postgres``); the SQL here is written once for both.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from bot.store.codec import encode_object, time_to_text
from bot.store.database import Database, Row, Transaction
from bot.store.errors import StaleVersionError, TableNotFoundError
from bot.store.outbox import NoOutbox, Outbox, PublishJob
from bot.store.records import TableRecord, TableStatus
from bot.store.rows import from_row

Clock = Callable[[], datetime]
"""Returns the current time (timezone-aware). Injected so tests control "now"."""


def utc_now() -> datetime:
    return datetime.now(UTC)


TABLE_COLUMNS: Final = (
    "id, guild_id, channel_id, message_id, creator_id, game, status, version, settings, "
    "seats, state, meta, created_at, updated_at, expires_at, publication"
)
OPEN_STATUSES: Final = ("lobby", "playing")
ROW_IDS: Final = range(1, 2**63)
"""Every id a row can have (SQLite's and PostgreSQL's signed 64 bits): a larger number
from a forged control id names no table rather than overflowing the driver."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A table row locked by the current write transaction at the expected version."""

    table_id: int
    version: int
    status: TableStatus
    guild_id: int
    game: str


class StoreBase:
    """The state and the versioned-write steps the store's parts are built from."""

    def __init__(self, db: Database, clock: Clock) -> None:
        """Private: use :meth:`Store.open`, which configures and migrates the database."""
        self._db = db
        self._clock = clock
        self._outbox: Outbox = NoOutbox()

    def use_outbox(self, outbox: Outbox) -> None:
        """Name a publish job in every commit that changes what players see (see
        :mod:`bot.store.outbox`)."""
        self._outbox = outbox

    def on_commit(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(table_id)`` after each commit in this process that changed the
        table (a live page's push; other processes hear of it through the database)."""
        self._db.on_change(listener)

    def hold_table(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a request reads, thinks about and commits a table, so requests for
        one table run one at a time in every process sharing the database (with SQLite,
        one process, it is a lock of that process, beside the service's own)."""
        return self._db.hold(f"table:{table_id}")

    def now(self) -> datetime:
        """The store's clock (the bot's: a test may move it)."""
        return self._clock()

    def _now(self) -> str:
        return time_to_text(self._clock())

    async def _fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Read outside any transaction, but never during another coroutine's one."""
        return await self._db.fetch(sql, params)

    async def _name_job(
        self, db: Transaction, row: Row, answer: Mapping[str, Any] | None = None
    ) -> PublishJob:
        """The outbox entry of a commit, added inside its transaction."""
        ticket = None if answer is None else dict(answer)
        job = PublishJob(int(row["id"]), int(row["version"]), ticket, committed_at=time.time())
        await self._outbox.add(db, job)
        return job

    def _committed(self, row: Row, job: PublishJob | None) -> TableRecord:
        if job is not None:
            self._outbox.committed(job)
        return from_row(TableRecord, row)

    async def _claim(self, db: Transaction, table_id: int, expected: int) -> Claim:
        """Verify the optimistic version inside the write transaction (holding the row)."""
        if table_id not in ROW_IDS:
            raise TableNotFoundError(table_id)
        rows = await db.fetch(
            "SELECT version, status, guild_id, game FROM tables WHERE id = ?" + self._db.lock_row,
            (table_id,),
        )
        if not rows:
            raise TableNotFoundError(table_id)
        current = int(rows[0]["version"])
        if current != expected:
            raise StaleVersionError(table_id, expected, current)
        return Claim(
            table_id, current, TableStatus(rows[0]["status"]), rows[0]["guild_id"], rows[0]["game"]
        )

    async def _bump_if_playing(
        self, db: Transaction, table_id: int, expected: int, changes: Sequence[tuple[str, object]]
    ) -> Row | None:
        """Apply ``changes`` if the table is playing at version ``expected`` (else None)."""
        if table_id not in ROW_IDS:
            raise TableNotFoundError(table_id)
        return await self._write(db, table_id, expected, changes, TableStatus.PLAYING)

    async def _bump(
        self, db: Transaction, claim: Claim, changes: Sequence[tuple[str, object]]
    ) -> Row:
        """Apply ``changes`` to a table this transaction has claimed."""
        row = await self._write(db, claim.table_id, claim.version, changes)
        if row is None:  # the claim holds the row at this version: cannot happen
            raise StaleVersionError(claim.table_id, claim.version, claim.version)
        return row

    async def _write(
        self,
        db: Transaction,
        table_id: int,
        version: int,
        changes: Sequence[tuple[str, object]],
        status: TableStatus | None = None,
    ) -> Row | None:
        """Apply ``changes`` and bump the version, if the table is at ``version`` (and
        ``status``, when given); None if not."""
        row = await self._versioned_update(
            db,
            "tables",
            TABLE_COLUMNS,
            table_id,
            version,
            changes,
            [] if status is None else [("status", status.value)],
        )
        if row is not None:
            await db.changed(table_id)
        return row

    async def _versioned_update(
        self,
        db: Transaction,
        table: str,
        returning: str,
        row_id: int,
        version: int,
        changes: Sequence[tuple[str, object]],
        only_if: Sequence[tuple[str, object]] = (),
    ) -> Row | None:
        """Apply ``changes`` to row ``row_id`` of ``table`` (table and column names are
        fixed in the store's modules), bumping its version and update time, if it is at
        ``version`` (and each ``only_if`` column holds its value); the row's ``returning``
        columns after the write, or None if nothing was written."""
        columns = [f"{name} = ?" for name, _ in changes]
        values: list[object] = [value for _, value in changes]
        where = ["id = ?", "version = ?", *(f"{name} = ?" for name, _ in only_if)]
        values += [self._now(), row_id, version, *(value for _, value in only_if)]
        rows = await db.fetch(
            f"UPDATE {table} SET {', '.join([*columns, 'version = version + 1', 'updated_at = ?'])}"
            f" WHERE {' AND '.join(where)} RETURNING {returning}",
            values,
        )
        return rows[0] if rows else None


def meta_changes(meta: Mapping[str, Any]) -> list[tuple[str, object]]:
    """The meta column, and whether it lists news still to publish (kept as a column so
    finding such tables after a restart needs no JSON functions)."""
    return [("meta", encode_object(meta)), ("news_pending", int(bool(meta.get("news"))))]


def positive(limit: int) -> int:
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    return limit
