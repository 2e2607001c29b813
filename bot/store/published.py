"""What is shown of each table: where publish jobs record what they sent, and what a
restarted process finds still to resume or to publish."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.base import OPEN_STATUSES, TABLE_COLUMNS, StoreBase
from bot.store.codec import encode_object
from bot.store.records import TableRecord
from bot.store.rows import from_row


class StorePublications(StoreBase):
    """Publication bookkeeping beside the table's version, and the restart queries."""

    async def open_tables(self) -> list[TableRecord]:
        """Every lobby and game in progress, oldest first: what to resume after a restart."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN (?, ?) ORDER BY id",
            OPEN_STATUSES,
        )
        return [from_row(TableRecord, row) for row in rows]

    async def unpublished_tables(self) -> list[TableRecord]:
        """Started tables whose latest version is not yet all shown (a process killed
        between a commit and its messages): what an in-process queue publishes at start."""
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables"
            " WHERE published_version < version AND state IS NOT NULL ORDER BY id"
        )
        return [from_row(TableRecord, row) for row in rows]

    async def record_publication(
        self, table_id: int, publication: Mapping[str, Any], message_id: int | None = None
    ) -> None:
        """What a publish job sent, in one write: its bookkeeping (``publication``, whose
        ``version`` is the table version now shown) and the table message's id when it
        moved. The table's version is left alone, so this never races a move."""
        version = int(publication["version"])
        changes = "publication = ?, published_version = ?"
        values: list[object] = [encode_object(publication), version]
        if message_id is not None:
            changes += ", message_id = ?"
            values.append(message_id)
        async with self._db.transaction() as db:
            await db.execute(f"UPDATE tables SET {changes} WHERE id = ?", (*values, table_id))
