"""The asynchronous store that keeps every table, move and result, on SQLite or PostgreSQL.

Every write that changes a table checks, inside its transaction, that the table is still
at the version the caller read (optimistic concurrency): of two racing writers, in one
process or several, exactly one commits and the other gets :class:`StaleVersionError`
having written nothing. How each database makes that check atomic is in its backend
(``bot.store.sqlite``, ``bot.store.postgres``); the SQL here is written once for both.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

from bot.store.codec import (
    encode_json,
    encode_object,
    optional_time_to_text,
    time_to_text,
)
from bot.store.database import Database, Row, Transaction
from bot.store.errors import (
    ChannelBusyError,
    StaleVersionError,
    StoreError,
    TableNotFoundError,
    TableStateError,
    UniqueViolation,
)
from bot.store.outbox import NoOutbox, Outbox, PublishJob
from bot.store.records import (
    FinishedMatchRecord,
    MoveRecord,
    Seat,
    SeatResult,
    StandingRow,
    TableRecord,
    TableStatus,
)
from bot.store.results import (
    StandingsLine,
    check_combine,
    merge_stats,
    resolve_winner,
    standings_lines,
)
from bot.store.rows import (
    finished_match_from_row,
    move_from_row,
    standing_from_row,
    stats_from_text,
    table_from_row,
)
from bot.store.sqlite import SqliteDatabase

Clock = Callable[[], datetime]
"""Returns the current time (timezone-aware). Injected so tests control "now"."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class _Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = _Unset.UNSET
"""Marks an ``update_table`` field as "leave unchanged" (``None`` is a real value there)."""

_TABLE_COLUMNS: Final = (
    "id, guild_id, channel_id, message_id, creator_id, game, status, version, settings, "
    "seats, state, meta, created_at, updated_at, expires_at, publication"
)
_OPEN_STATUSES: Final = ("lobby", "playing")
_ROW_IDS: Final = range(1, 2**63)
"""Every id a row can have (SQLite's and PostgreSQL's signed 64 bits): a larger number
from a forged control id names no table rather than overflowing the driver."""


def _seats_json(seats: Sequence[Seat]) -> str:
    return encode_json([seat.to_json() for seat in seats])


def _check_writable_status(status: TableStatus) -> TableStatus:
    """``finished`` is reachable only through ``finish_match``, which records the result."""
    status = TableStatus(status)
    if status is TableStatus.FINISHED:
        raise ValueError("use finish_match() to finish a table so its result is recorded")
    return status


@dataclass(frozen=True, slots=True)
class _Claim:
    """A table row locked by the current write transaction at the expected version."""

    table_id: int
    version: int
    status: TableStatus
    guild_id: int
    game: str


POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Store:
    """Persistent home of tables, move logs, finished matches and standings.

    Obtain one with ``await Store.open(target)`` or ``async with Store.open(target) as
    store``, and always close it: aiosqlite's worker thread is not a daemon, so a store
    left open keeps the interpreter from exiting.
    """

    def __init__(self, db: Database, clock: Clock) -> None:
        """Private: use :meth:`open`, which configures and migrates the database."""
        self._db = db
        self._clock = clock
        self._outbox: Outbox = NoOutbox()

    def use_outbox(self, outbox: Outbox) -> None:
        """Name a publish job in every commit that changes what players see (see
        :mod:`bot.store.outbox`)."""
        self._outbox = outbox

    # ----------------------------------------------------------------- lifecycle

    @staticmethod
    def open(
        target: str | os.PathLike[str], *, clock: Clock = utc_now, busy_timeout: float = 10.0
    ) -> StoreOpener:
        """Open (creating and migrating as needed) the SQLite file at ``target``, or the
        PostgreSQL database when ``target`` is a ``postgresql://`` URL.

        ``busy_timeout`` is how long a write waits for another writer's lock.
        """
        return StoreOpener(target, clock, busy_timeout)

    @property
    def database(self) -> Database:
        """The database behind the store (a job queue on PostgreSQL shares its pool)."""
        return self._db

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "sqlite" if isinstance(self._db, SqliteDatabase) else "postgresql"

    async def close(self) -> None:
        """Wait for in-flight work, then close. Safe to call twice."""
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def pragmas(self) -> dict[str, int | str]:
        """SQLite's live connection settings, so health checks and tests can verify them."""
        if not isinstance(self._db, SqliteDatabase):
            raise StoreError("pragmas are SQLite settings")
        return await self._db.pragmas()

    # ----------------------------------------------------------------- tables

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
        now = self._now()
        params = (
            guild_id,
            channel_id,
            creator_id,
            game,
            TableStatus.LOBBY.value,
            encode_object(settings),
            _seats_json(seats),
            now,
            now,
            optional_time_to_text(expires_at),
        )
        # The index of open tables per channel refuses a second one: no read-then-write,
        # so nothing to lock, and racing creators get one table between them.
        try:
            async with self._db.transaction() as db:
                rows = await db.fetch(
                    "INSERT INTO tables (guild_id, channel_id, creator_id, game, status, version,"
                    " settings, seats, state, meta, created_at, updated_at, expires_at)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?, ?, NULL, '{}', ?, ?, ?)"
                    f" RETURNING {_TABLE_COLUMNS}",
                    params,
                )
        except UniqueViolation:
            busy = await self.open_table_in_channel(channel_id)
            raise ChannelBusyError(channel_id, None if busy is None else busy.id) from None
        return table_from_row(rows[0])

    async def get_table(self, table_id: int) -> TableRecord | None:
        if table_id not in _ROW_IDS:
            return None
        rows = await self._fetch(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return table_from_row(rows[0]) if rows else None

    async def open_tables(self) -> list[TableRecord]:
        """Every lobby and game in progress, oldest first: what to resume after a restart."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN (?, ?) ORDER BY id",
            _OPEN_STATUSES,
        )
        return [table_from_row(row) for row in rows]

    async def unpublished_tables(self) -> list[TableRecord]:
        """Started tables whose latest version is not yet all shown (a process killed
        between a commit and its messages): what an in-process queue publishes at start."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables"
            " WHERE published_version < version AND state IS NOT NULL ORDER BY id"
        )
        return [table_from_row(row) for row in rows]

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

    async def open_table_in_channel(self, channel_id: int) -> TableRecord | None:
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *_OPEN_STATUSES),
        )
        return table_from_row(rows[0]) if rows else None

    async def recent_tables_in_channel(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The channel's latest tables that got past the lobby (playing, finished or
        cancelled mid-match), newest first: what a replay may show."""
        rows = await self._fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND state IS NOT NULL"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, _positive(limit)),
        )
        return [table_from_row(row) for row in rows]

    async def update_table(
        self,
        table_id: int,
        expected_version: int,
        *,
        status: TableStatus | _Unset = UNSET,
        settings: Mapping[str, Any] | _Unset = UNSET,
        seats: Sequence[Seat] | _Unset = UNSET,
        state: Mapping[str, Any] | _Unset | None = UNSET,
        meta: Mapping[str, Any] | _Unset = UNSET,
        message_id: int | _Unset | None = UNSET,
        expires_at: datetime | _Unset | None = UNSET,
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
            changes.extend(_meta_changes(meta))
        if message_id is not UNSET:
            changes.append(("message_id", message_id))
        if expires_at is not UNSET:
            changes.append(("expires_at", optional_time_to_text(expires_at)))

        async with self._db.transaction() as db:
            claim = await self._claim(db, table_id, expected_version)
            if status is not UNSET and status is not claim.status and not claim.status.is_open:
                raise TableStateError(table_id, claim.status.value, f"change status to {status}")
            row = await self._bump(db, claim, changes)
            job = await self._name_job(db, row, answer) if publish else None
        return self._committed(row, job)

    # ----------------------------------------------------------------- moves

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
    ) -> TableRecord:
        """Atomically: check the version, store the post-move state, append the move, and
        name the job that publishes it (``answer``: the mover's interaction, for the job).

        Of two commits racing on the same version exactly one succeeds; the other raises
        :class:`StaleVersionError` and writes nothing. Only ``playing`` tables take moves.
        """
        changes: list[tuple[str, object]] = [("state", encode_object(state))]
        if meta is not None:
            changes.extend(_meta_changes(meta))
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
            job = await self._name_job(db, row, answer)
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
        return [move_from_row(row) for row in rows]

    # ----------------------------------------------------------------- results

    async def finish_match(
        self,
        table_id: int,
        expected_version: int,
        *,
        state: Mapping[str, Any],
        result: Sequence[SeatResult],
        winner_user_id: int | None,
        winner_seat: int | None = None,
        combine: Mapping[str, str] | None = None,
    ) -> TableRecord:
        """Atomically finish a playing table, record its result and update standings.

        Every human seat gets played +1 and points += total, and its ``stats`` are merged
        into the row's: ``combine[name]`` is ``"sum"`` (add) or ``"max"`` (keep the
        larger); a stat missing from ``combine`` is summed. The winner also gets won +1.
        A user holding several seats counts once, the seats merged by the same rules.
        Computer seats are recorded in the result but never enter standings.
        ``winner_seat`` is derived from ``winner_user_id`` when omitted (pass it
        explicitly when a computer wins).
        """
        rules = check_combine(combine)
        winner_seat, winner_user_id = resolve_winner(result, winner_user_id, winner_seat)
        lines = standings_lines(result, winner_user_id, rules)
        result_json = encode_json([line.to_json() for line in result])
        state_json = encode_object(state)
        async with self._db.transaction() as db:
            claim = await self._claim(db, table_id, expected_version)
            if claim.status is not TableStatus.PLAYING:
                raise TableStateError(table_id, claim.status.value, "finish the match")
            row = await self._bump(
                db, claim, [("status", TableStatus.FINISHED.value), ("state", state_json)]
            )
            now = row["updated_at"]
            await db.execute(
                "INSERT INTO finished_matches (table_id, guild_id, game, finished_at, result,"
                " winner_user_id, winner_seat) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    claim.guild_id,
                    claim.game,
                    now,
                    result_json,
                    winner_user_id,
                    winner_seat,
                ),
            )
            await self._add_standings(db, claim, lines, rules, now)
            job = await self._name_job(db, row)
        return self._committed(row, job)

    async def finished_matches(
        self,
        guild_id: int,
        game: str,
        *,
        after: datetime | None = None,
        before: datetime | None = None,
    ) -> list[FinishedMatchRecord]:
        """One game's finished matches in a guild, finished strictly between ``after`` and
        ``before`` (either may be open), in the order they finished (ties by id): the
        history a league rating is replayed from, the same list every time it is asked."""
        sql = (
            "SELECT id, table_id, guild_id, game, finished_at, result, winner_user_id,"
            " winner_seat FROM finished_matches WHERE guild_id = ? AND game = ?"
        )
        params: list[object] = [guild_id, game]
        if after is not None:
            sql += " AND finished_at > ?"
            params.append(time_to_text(after))
        if before is not None:
            sql += " AND finished_at < ?"
            params.append(time_to_text(before))
        rows = await self._fetch(sql + " ORDER BY finished_at, id", params)
        return [finished_match_from_row(row) for row in rows]

    async def standings(self, guild_id: int, game: str, limit: int = 20) -> list[StandingRow]:
        """One game's league table: most wins, then most points, then fewest matches played."""
        rows = await self._fetch(
            "SELECT guild_id, game, user_id, name, matches_played, matches_won, points,"
            " stats, updated_at FROM standings WHERE guild_id = ? AND game = ?"
            " ORDER BY matches_won DESC, points DESC, matches_played ASC, user_id ASC LIMIT ?",
            (guild_id, game, _positive(limit)),
        )
        return [standing_from_row(row) for row in rows]

    async def standings_games(self, guild_id: int) -> list[str]:
        """The games with standings in this guild, most recently updated first."""
        rows = await self._fetch(
            "SELECT game FROM standings WHERE guild_id = ?"
            " GROUP BY game ORDER BY MAX(updated_at) DESC, game ASC",
            (guild_id,),
        )
        return [str(row["game"]) for row in rows]

    # ----------------------------------------------------------------- internals

    def _now(self) -> str:
        return time_to_text(self._clock())

    async def _fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Read outside any transaction, but never during another coroutine's one."""
        return await self._db.fetch(sql, params)

    async def _add_standings(
        self,
        db: Transaction,
        claim: _Claim,
        lines: Sequence[StandingsLine],
        rules: Mapping[str, str],
        now: str,
    ) -> None:
        """Add one match's lines to the standings, inside the caller's write transaction.

        SQL cannot merge JSON maps by rule, so the current stats are read here, under the
        guild and game's lock, and the merged maps written back with the counters.
        """
        if not lines:
            return
        await db.serialize(f"standings:{claim.guild_id}:{claim.game}")
        users = [line.user_id for line in lines]
        existing = await db.fetch(
            "SELECT user_id, stats FROM standings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({', '.join('?' * len(users))})",
            (claim.guild_id, claim.game, *users),
        )
        stats_before = {row["user_id"]: stats_from_text(row["stats"]) for row in existing}
        await db.executemany(
            "INSERT INTO standings (guild_id, game, user_id, name, matches_played,"
            " matches_won, points, stats, updated_at)"
            " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " name = excluded.name,"
            " matches_played = standings.matches_played + 1,"
            " matches_won = standings.matches_won + excluded.matches_won,"
            " points = standings.points + excluded.points,"
            " stats = excluded.stats,"
            " updated_at = excluded.updated_at",
            [
                (
                    claim.guild_id,
                    claim.game,
                    line.user_id,
                    line.name,
                    line.won,
                    line.points,
                    encode_json(merge_stats(stats_before.get(line.user_id, {}), line.stats, rules)),
                    now,
                )
                for line in lines
            ],
        )

    async def _name_job(
        self, db: Transaction, row: Row, answer: Mapping[str, Any] | None = None
    ) -> PublishJob:
        """The outbox entry of a commit, added inside its transaction."""
        ticket = None if answer is None else dict(answer)
        job = PublishJob(int(row["id"]), int(row["version"]), ticket)
        await self._outbox.add(db, job)
        return job

    def _committed(self, row: Row, job: PublishJob | None) -> TableRecord:
        if job is not None:
            self._outbox.committed(job)
        return table_from_row(row)

    async def _claim(self, db: Transaction, table_id: int, expected: int) -> _Claim:
        """Verify the optimistic version inside the write transaction (holding the row)."""
        if table_id not in _ROW_IDS:
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
        return _Claim(
            table_id, current, TableStatus(rows[0]["status"]), rows[0]["guild_id"], rows[0]["game"]
        )

    async def _bump_if_playing(
        self, db: Transaction, table_id: int, expected: int, changes: Sequence[tuple[str, object]]
    ) -> Row | None:
        """Apply ``changes`` if the table is playing at version ``expected`` (else None)."""
        if table_id not in _ROW_IDS:
            raise TableNotFoundError(table_id)
        return await self._write(db, table_id, expected, changes, TableStatus.PLAYING)

    async def _bump(
        self, db: Transaction, claim: _Claim, changes: Sequence[tuple[str, object]]
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
        """Apply ``changes`` (column names are fixed in this module) and bump the version,
        if the table is at ``version`` (and ``status``, when given); None if it is not."""
        columns = [f"{name} = ?" for name, _ in changes]
        values: list[object] = [value for _, value in changes]
        where = "id = ? AND version = ?"
        values += [self._now(), table_id, version]
        if status is not None:
            where += " AND status = ?"
            values.append(status.value)
        rows = await db.fetch(
            f"UPDATE tables SET {', '.join([*columns, 'version = version + 1', 'updated_at = ?'])}"
            f" WHERE {where} RETURNING {_TABLE_COLUMNS}",
            values,
        )
        return rows[0] if rows else None


class StoreOpener:
    """What :meth:`Store.open` returns: await it, or use it with ``async with``."""

    def __init__(self, target: str | os.PathLike[str], clock: Clock, busy_timeout: float) -> None:
        self._target = target
        self._clock = clock
        self._busy_timeout = busy_timeout
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._open().__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._open()
        return self._store

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._store is not None:
            await self._store.close()

    async def _open(self) -> Store:
        db: Database
        if is_postgres_url(self._target):
            from bot.store.postgres import PostgresDatabase  # asyncpg only when asked for

            db = await PostgresDatabase.open(str(self._target), timeout=self._busy_timeout)
        else:
            db = await SqliteDatabase.open(Path(self._target), self._busy_timeout)
        return Store(db, self._clock)


def _meta_changes(meta: Mapping[str, Any]) -> list[tuple[str, object]]:
    """The meta column, and whether it lists news still to publish (kept as a column so
    finding such tables after a restart needs no JSON functions)."""
    return [("meta", encode_object(meta)), ("news_pending", int(bool(meta.get("news"))))]


def _positive(limit: int) -> int:
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    return limit
