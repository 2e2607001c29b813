"""The store's move logs: a move committed with the table state it leads to, and read back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.base import StoreBase, meta_changes
from bot.store.codec import encode_json, encode_object
from bot.store.errors import TableStateError
from bot.store.records import MoveRecord, Seat, TableRecord
from bot.store.rows import from_row


class StoreMoves(StoreBase):
    """Each table's append-only move log, written in the commit that changes its state."""

    async def commit_move(
        self,
        table_id: int,
        expected_version: int,
        *,
        hand_number: int,
        seat: int,
        notation: str,
        state: Mapping[str, Any],
        meta: Mapping[str, Any] | None = None,
        answer: Mapping[str, Any] | None = None,
        publish: bool = True,
        seats: Sequence[Seat] | None = None,
    ) -> TableRecord:
        """Atomically: check the version, store the post-move state, append the move, and
        name the job that publishes it (``answer``: the mover's interaction, for the job).
        ``publish=False`` names none: the move that wins a match is shown with the match's
        result, by :meth:`finish_match`'s job, never alone.

        Of two commits racing on the same version exactly one succeeds; the other raises
        :class:`StaleVersionError` and writes nothing. Only ``playing`` tables take moves.
        ``seats``: the same seats with what changed on them (a player's language), if any.
        """
        changes: list[tuple[str, object]] = [("state", encode_object(state))]
        if seats is not None:
            changes.append(("seats", encode_json([seat.to_json() for seat in seats])))
        if meta is not None:
            changes.extend(meta_changes(meta))
        async with self._db.transaction() as db:
            # The version check and the write in one statement; only a refusal is looked
            # into (by the claim, which says why).
            row = await self._bump_if_playing(db, table_id, expected_version, changes)
            if row is None:
                claim = await self._claim(db, table_id, expected_version)
                raise TableStateError(table_id, claim.status.value, "commit a move")
            await db.execute(
                "INSERT INTO moves (table_id, seq, hand_number, seat, notation, created_at)"
                " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE table_id = ?),"
                " ?, ?, ?, ?)",
                (table_id, table_id, hand_number, seat, notation, row["updated_at"]),
            )
            job = await self._name_job(db, row, answer) if publish else None
        return self._committed(row, job)

    async def moves(self, table_id: int, hand_number: int | None = None) -> list[MoveRecord]:
        """The move log in commit order, optionally for a single hand."""
        sql = "SELECT table_id, seq, hand_number, seat, notation, created_at FROM moves"
        if hand_number is None:
            rows = await self._fetch(f"{sql} WHERE table_id = ? ORDER BY seq", (table_id,))
        else:
            rows = await self._fetch(
                f"{sql} WHERE table_id = ? AND hand_number = ? ORDER BY seq",
                (table_id, hand_number),
            )
        return [from_row(MoveRecord, row) for row in rows]
