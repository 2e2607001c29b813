"""The asynchronous store that keeps every table, move and result, on SQLite or PostgreSQL:
the one entry its callers use, opened and closed here and built from one part per kind
of thing stored (tables, move logs, finished matches and standings, publications, the
interactions handled, tournaments).

How a write stays correct when several race is in ``bot.store.base``.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path
from typing import Any, Final, Self

from bot.store.base import Clock, utc_now
from bot.store.database import Database
from bot.store.errors import StoreError
from bot.store.interactions import StoreInteractions
from bot.store.matches import StoreMatches
from bot.store.moves import StoreMoves
from bot.store.published import StorePublications
from bot.store.sqlite import SqliteDatabase
from bot.store.tables import StoreTables
from bot.store.tokens import StoreTokens
from bot.store.tournaments import StoreTournaments

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Store(
    StoreTables,
    StoreMoves,
    StoreMatches,
    StorePublications,
    StoreInteractions,
    StoreTokens,
    StoreTournaments,
):
    """Persistent home of tables, move logs, finished matches and standings.

    Obtain one with ``await Store.open(target)`` or ``async with Store.open(target) as
    store``, and always close it: aiosqlite's worker thread is not a daemon, so a store
    left open keeps the interpreter from exiting.
    """

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

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def pragmas(self) -> dict[str, int | str]:
        """SQLite's live connection settings, so health checks and tests can verify them."""
        if not isinstance(self._db, SqliteDatabase):
            raise StoreError("pragmas are SQLite settings")
        return await self._db.pragmas()


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

    async def __aexit__(self, *exc_info: object) -> None:
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
