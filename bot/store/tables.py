"""The store's tables: opening a lobby, reading tables back, and changing their fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Final

from bot.store.base import (
    OPEN_STATUSES,
    ROW_IDS,
    TABLE_COLUMNS,
    StoreBase,
    meta_changes,
    positive,
)
from bot.store.codec import encode_json, encode_object, optional_time_to_text
from bot.store.database import Row, Transaction
from bot.store.errors import ChannelBusyError, TableStateError, UniqueViolation
from bot.store.records import Seat, TableRecord, TableStatus
from bot.store.rows import from_row


class Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = Unset.UNSET
"""Marks an ``update_table`` field as "leave unchanged" (``None`` is a real value there)."""


def _seats_json(seats: Sequence[Seat]) -> str:
    return encode_json([seat.to_json() for seat in seats])


def _check_writable_status(status: TableStatus) -> TableStatus:
    """``finished`` is reachable only through ``finish_match``, which records the result."""
    status = TableStatus(status)
    if status is TableStatus.FINISHED:
        raise ValueError("use finish_match() to finish a table so its result is recorded")
    return status


async def seat_players(db: Transaction, table_id: int, seats: Sequence[Seat]) -> None:
    """Write who sits at the table (``table_players``) beside its seats."""
    await db.execute("DELETE FROM table_players WHERE table_id = ?", (table_id,))
    users = sorted({seat.user_id for seat in seats if seat.user_id is not None})
    if users:
        await db.executemany(
            "INSERT INTO table_players (user_id, table_id) VALUES (?, ?)",
            [(user, table_id) for user in users],
        )


@dataclass(frozen=True, slots=True)
class NewTable:
    """Who opens a table where, for which game, with what settings and seats: what
    every new table is written from."""

    guild_id: int
    channel_id: int
    creator_id: int
    game: str
    settings: Mapping[str, Any]
    seats: Sequence[Seat]


async def insert_lobby(
    db: Transaction,
    table: NewTable,
    now: str,
    *,
    expires_at: datetime | None = None,
    shares_channel: bool = False,
) -> Row:
    """Write a new table as a lobby at version 0 with its players seated: one statement
    for a lobby opened in a channel and a tournament's table alike. Returns its row."""
    rows = await db.fetch(
        "INSERT INTO tables (guild_id, channel_id, creator_id, game, status, version,"
        " settings, seats, state, meta, created_at, updated_at, expires_at,"
        " shares_channel)"
        " VALUES (?, ?, ?, ?, ?, 0, ?, ?, NULL, '{}', ?, ?, ?, ?)"
        f" RETURNING {TABLE_COLUMNS}",
        (
            table.guild_id,
            table.channel_id,
            table.creator_id,
            table.game,
            TableStatus.LOBBY.value,
            encode_object(table.settings),
            _seats_json(table.seats),
            now,
            now,
            optional_time_to_text(expires_at),
            int(shares_channel),
        ),
    )
    await seat_players(db, int(rows[0]["id"]), table.seats)
    return rows[0]


class StoreTables(StoreBase):
    """Tables from lobby to their last status (a finished one is finished by
    :meth:`~bot.store.matches.StoreMatches.finish_match`)."""

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        expires_at: datetime | None = None,
    ) -> TableRecord:
        """Open a lobby at version 0. Raises :class:`ChannelBusyError` if the channel
        already has an open table."""
        if not game:
            raise ValueError("game must be a non-empty name")
        lobby = NewTable(guild_id, channel_id, creator_id, game, settings, seats)
        now = self._now()
        # The index of open tables per channel refuses a second one: no read-then-write,
        # so nothing to lock, and racing creators get one table between them.
        try:
            async with self._db.transaction() as db:
                row = await insert_lobby(db, lobby, now, expires_at=expires_at)
        except UniqueViolation:
            busy = await self.open_table_in_channel(channel_id)
            raise ChannelBusyError(channel_id, None if busy is None else busy.id) from None
        return from_row(TableRecord, row)

    async def get_table(self, table_id: int) -> TableRecord | None:
        if table_id not in ROW_IDS:
            return None
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return from_row(TableRecord, rows[0]) if rows else None

    async def open_table_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's own open table (one at a time), not counting the tournament
        tables that share it."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND status IN (?, ?)"
            " AND shares_channel = 0",
            (channel_id, *OPEN_STATUSES),
        )
        return from_row(TableRecord, rows[0]) if rows else None

    async def open_tables_in_channel(self, channel_id: int) -> list[TableRecord]:
        """Every open table in the channel: its own first, then those sharing it (a
        tournament's tables played as messages there), oldest first."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND status IN (?, ?)"
            " ORDER BY shares_channel, id",
            (channel_id, *OPEN_STATUSES),
        )
        return [from_row(TableRecord, row) for row in rows]

    async def recent_tables_in_channel(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The channel's latest tables that got past the lobby (playing, finished or
        cancelled mid-match), newest first: what a replay may show."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND state IS NOT NULL"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, positive(limit)),
        )
        return [from_row(TableRecord, row) for row in rows]

    async def tables_of_player(self, user_id: int, limit: int = 25) -> list[TableRecord]:
        """The open tables ``user_id`` sits at, in every server, the latest change first."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN (?, ?) AND id IN"
            " (SELECT table_id FROM table_players WHERE user_id = ?)"
            " ORDER BY updated_at DESC, id DESC LIMIT ?",
            (*OPEN_STATUSES, user_id, positive(limit)),
        )
        return [from_row(TableRecord, row) for row in rows]

    async def update_table(
        self,
        table_id: int,
        expected_version: int,
        *,
        status: TableStatus | Unset = UNSET,
        settings: Mapping[str, Any] | Unset = UNSET,
        seats: Sequence[Seat] | Unset = UNSET,
        state: Mapping[str, Any] | Unset | None = UNSET,
        meta: Mapping[str, Any] | Unset = UNSET,
        message_id: int | Unset | None = UNSET,
        expires_at: datetime | Unset | None = UNSET,
        publish: bool = False,
        answer: Mapping[str, Any] | None = None,
    ) -> TableRecord:
        """Change only the given fields, if the table is still at ``expected_version``.
        ``publish``: the change is for players to see (a deal, a cancelled game): the
        commit names a publish job (``answer``: an interaction for the job to answer).

        Always bumps the version (even with no fields: a deliberate "touch").
        Raises :class:`StaleVersionError` (nothing written) if another write came first,
        :class:`TableStateError` when changing the status of a finished/cancelled table.
        """
        changes: list[tuple[str, object]] = []
        if status is not UNSET:
            status = _check_writable_status(status)
            changes.append(("status", status.value))
        if settings is not UNSET:
            changes.append(("settings", encode_object(settings)))
        if seats is not UNSET:
            changes.append(("seats", _seats_json(seats)))
        if state is not UNSET:
            changes.append(("state", None if state is None else encode_object(state)))
        if meta is not UNSET:
            changes.extend(meta_changes(meta))
        if message_id is not UNSET:
            changes.append(("message_id", message_id))
        if expires_at is not UNSET:
            changes.append(("expires_at", optional_time_to_text(expires_at)))

        async with self._db.transaction() as db:
            claim = await self._claim(db, table_id, expected_version)
            if status is not UNSET and status is not claim.status and not claim.status.is_open:
                raise TableStateError(table_id, claim.status.value, f"change status to {status}")
            row = await self._bump(db, claim, changes)
            if seats is not UNSET:
                await seat_players(db, table_id, seats)
            job = await self._name_job(db, row, answer) if publish else None
        return self._committed(row, job)
