"""The store's tournaments: their sign-up, rounds and status, each change a versioned
write, and each round's tables, created with their row in ``tournament_tables`` in one
transaction so that a round's table is created once whoever tries (two processes, or a
process restarted halfway through opening a round)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Final

from bot.store.base import ROW_IDS, TABLE_COLUMNS, StoreBase
from bot.store.codec import decode_object, encode_json, encode_object, text_to_time
from bot.store.database import Row, Transaction
from bot.store.errors import StaleVersionError, StoreError, UniqueViolation
from bot.store.records import (
    Entrant,
    RoundTables,
    Seat,
    SeatResult,
    TableRecord,
    TournamentRecord,
    TournamentStatus,
    TournamentTable,
)
from bot.store.rows import from_row
from bot.store.tables import UNSET, NewTable, Unset, insert_lobby

TOURNAMENT_COLUMNS: Final = (
    "id, guild_id, channel_id, creator_id, game, status, version, settings, entrants,"
    " pairings, created_at, updated_at"
)


class TournamentNotFoundError(StoreError, LookupError):
    """The tournament id does not exist."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"tournament {tournament_id} does not exist")
        self.tournament_id = tournament_id


class StaleTournamentError(StaleVersionError):
    """Another write changed the tournament first; nothing was written (reload, decide
    again)."""

    def __init__(self, tournament_id: int, expected_version: int, current_version: int) -> None:
        super().__init__(tournament_id, expected_version, current_version)
        self.args = (
            f"tournament {tournament_id} is at version {current_version}, "
            f"but the write expected version {expected_version}",
        )


def _entrants_json(entrants: Sequence[Entrant]) -> str:
    return encode_json([entrant.to_json() for entrant in entrants])


def _pairings_json(pairings: Sequence[RoundTables]) -> str:
    return encode_json([[list(table) for table in tables] for tables in pairings])


def _tournament(row: Row) -> TournamentRecord:
    """A tournament row as its record (the status is a tournament's, not a table's)."""
    pairings = json.loads(row["pairings"])
    return TournamentRecord(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        creator_id=int(row["creator_id"]),
        game=str(row["game"]),
        status=TournamentStatus(row["status"]),
        version=int(row["version"]),
        settings=decode_object(row["settings"]),
        entrants=tuple(Entrant.from_json(item) for item in json.loads(row["entrants"])),
        pairings=tuple(
            tuple(tuple(int(player) for player in table) for table in tables) for tables in pairings
        ),
        created_at=text_to_time(row["created_at"]),
        updated_at=text_to_time(row["updated_at"]),
    )


class StoreTournaments(StoreBase):
    """Tournaments from sign-up to their last status, and their rounds' tables."""

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        settings: Mapping[str, Any],
        entrants: Sequence[Entrant] = (),
    ) -> TournamentRecord:
        """Open a tournament's sign-up at version 0."""
        if not game:
            raise ValueError("game must be a non-empty name")
        now = self._now()
        async with self._db.transaction() as db:
            rows = await db.fetch(
                "INSERT INTO tournaments (guild_id, channel_id, creator_id, game, status, version,"
                " settings, entrants, pairings, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 0, ?, ?, '[]', ?, ?)"
                f" RETURNING {TOURNAMENT_COLUMNS}",
                (
                    guild_id,
                    channel_id,
                    creator_id,
                    game,
                    TournamentStatus.SIGNUP.value,
                    encode_object(settings),
                    _entrants_json(entrants),
                    now,
                    now,
                ),
            )
        return _tournament(rows[0])

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        if tournament_id not in ROW_IDS:
            return None
        rows = await self._fetch(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _tournament(rows[0]) if rows else None

    async def tournaments_with_status(
        self, *statuses: TournamentStatus, guild_id: int | None = None
    ) -> list[TournamentRecord]:
        """The tournaments in any of ``statuses`` (in one guild, when given), oldest first:
        the running ones are what a start resumes."""
        if not statuses:
            return []
        sql = (
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments"
            f" WHERE status IN ({', '.join('?' * len(statuses))})"
        )
        params: list[object] = [status.value for status in statuses]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._fetch(sql + " ORDER BY id", params)
        return [_tournament(row) for row in rows]

    async def update_tournament(
        self,
        tournament_id: int,
        expected_version: int,
        *,
        status: TournamentStatus | Unset = UNSET,
        settings: Mapping[str, Any] | Unset = UNSET,
        entrants: Sequence[Entrant] | Unset = UNSET,
        pairings: Sequence[RoundTables] | Unset = UNSET,
    ) -> TournamentRecord:
        """Change the given fields if the tournament is still at ``expected_version``,
        bumping it. Raises :class:`StaleTournamentError` (nothing written) when another
        write came first, :class:`TournamentNotFoundError` when there is no such one."""
        changes: list[tuple[str, object]] = []
        if status is not UNSET:
            changes.append(("status", TournamentStatus(status).value))
        if settings is not UNSET:
            changes.append(("settings", encode_object(settings)))
        if entrants is not UNSET:
            changes.append(("entrants", _entrants_json(entrants)))
        if pairings is not UNSET:
            changes.append(("pairings", _pairings_json(pairings)))
        async with self._db.transaction() as db:
            row = await self._versioned_update(
                db, "tournaments", TOURNAMENT_COLUMNS, tournament_id, expected_version, changes
            )
        if row is not None:
            return _tournament(row)
        current = await self.get_tournament(tournament_id)
        if current is None:
            raise TournamentNotFoundError(tournament_id)
        raise StaleTournamentError(tournament_id, expected_version, current.version)

    def hold_tournament(self, tournament_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a tournament is moved on, so processes sharing a PostgreSQL database
        take turns (with SQLite, one process, it is a lock of that process); the
        versioned writes and the tables' key keep the rounds right either way (the news
        has a hold of its own: :meth:`hold_tournament_news`)."""
        return self._db.hold(f"tournament:{tournament_id}")

    def hold_tournament_news(self, tournament_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a tournament's news is told, so processes tell it one at a time
        (apart from :meth:`hold_tournament`: a round opening never waits for posts); a
        slow hold, kept while the posts and DMs go out."""
        return self._db.hold(f"tournament-news:{tournament_id}", slow=True)

    async def create_tournament_table(
        self,
        tournament_id: int,
        round_number: int,
        position: int,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        shares_channel: bool = False,
    ) -> tuple[TableRecord, bool]:
        """Create the table of a round's position, its seats all taken (a lobby, to be
        started at once), with its ``tournament_tables`` row in the same transaction.
        ``shares_channel``: it is played as a message in a channel other tables may
        share (the tournament's own), not in a channel of its own (a thread).
        Returns the table and True; or, when that position already has its table, that
        table and False, having written nothing."""
        now = self._now()
        try:
            async with self._db.transaction() as db:
                await db.serialize(f"tournament-tables:{tournament_id}")
                existing = await self._table_at(db, tournament_id, round_number, position)
                if existing is not None:
                    return existing, False
                lobby = NewTable(guild_id, channel_id, creator_id, game, settings, seats)
                row = await insert_lobby(db, lobby, now, shares_channel=shares_channel)
                table_id = int(row["id"])
                await db.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, position, table_id)"
                    " VALUES (?, ?, ?, ?)",
                    (tournament_id, round_number, position, table_id),
                )
        except UniqueViolation:
            # Another writer created this position's table first (everything here rolled
            # back), or the channel holds an open table: say which.
            found = await self.tournament_tables(tournament_id, round_number)
            for entry in found:
                if entry.position == position:
                    table = await self._table(entry.table_id)
                    return table, False
            raise
        return from_row(TableRecord, row), True

    async def tournament_tables(
        self, tournament_id: int, round_number: int | None = None
    ) -> list[TournamentTable]:
        """The tables of a tournament (of one round, when given), by round and position."""
        sql = (
            "SELECT tournament_id, round, position, table_id FROM tournament_tables"
            " WHERE tournament_id = ?"
        )
        params: list[object] = [tournament_id]
        if round_number is not None:
            sql += " AND round = ?"
            params.append(round_number)
        rows = await self._fetch(sql + " ORDER BY round, position", params)
        return [
            TournamentTable(
                int(row["tournament_id"]),
                int(row["round"]),
                int(row["position"]),
                int(row["table_id"]),
            )
            for row in rows
        ]

    async def tournament_of_table(self, table_id: int) -> TournamentTable | None:
        """Where a table stands in its tournament, or None for a table outside any."""
        if table_id not in ROW_IDS:
            return None
        rows = await self._fetch(
            "SELECT tournament_id, round, position, table_id FROM tournament_tables"
            " WHERE table_id = ?",
            (table_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return TournamentTable(
            int(row["tournament_id"]), int(row["round"]), int(row["position"]), table_id
        )

    async def match_results(self, table_ids: Sequence[int]) -> dict[int, tuple[SeatResult, ...]]:
        """The recorded result of each finished table among ``table_ids``."""
        if not table_ids:
            return {}
        rows = await self._fetch(
            "SELECT table_id, result FROM finished_matches"
            f" WHERE table_id IN ({', '.join('?' * len(table_ids))})",
            list(table_ids),
        )
        return {
            int(row["table_id"]): tuple(
                SeatResult.from_json(line) for line in json.loads(row["result"])
            )
            for row in rows
        }

    async def _table(self, table_id: int) -> TableRecord:
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return from_row(TableRecord, rows[0])

    async def _table_at(
        self, db: Transaction, tournament_id: int, round_number: int, position: int
    ) -> TableRecord | None:
        rows = await db.fetch(
            f"SELECT {', '.join('t.' + c.strip() for c in TABLE_COLUMNS.split(','))}"
            " FROM tournament_tables tt JOIN tables t ON t.id = tt.table_id"
            " WHERE tt.tournament_id = ? AND tt.round = ? AND tt.position = ?",
            (tournament_id, round_number, position),
        )
        return from_row(TableRecord, rows[0]) if rows else None
