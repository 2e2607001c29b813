"""``domino-tables migrate-to-postgres``: copy a SQLite store into an empty PostgreSQL one.

Both are first brought to the current schema by the store itself; then every row of every
table is copied as it is (ids included) in one PostgreSQL transaction, the id sequences
are moved past the copied ids, and the row counts are compared. A PostgreSQL database
that already holds tables is refused rather than merged into.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path
from typing import Final

import asyncpg

from bot.store import Store, StoreError
from bot.store.postgres import numbered

TABLES: Final = ("tables", "moves", "finished_matches", "standings")
"""In an order that satisfies the foreign keys."""

_IDENTITY_TABLES: Final = ("tables", "finished_matches")


class MigrationError(Exception):
    """The copy cannot be made; nothing was written."""


async def copy_sqlite_to_postgres(source: Path, url: str) -> dict[str, int]:
    """Copy everything; returns the rows copied per table."""
    if not source.is_file():
        raise MigrationError(f"there is no SQLite file at {source}")
    async with Store.open(source):
        pass  # bring the file to the current schema
    async with Store.open(url):
        pass  # create (or check) the PostgreSQL schema
    rows = _read_sqlite(source)
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for table in TABLES:
                if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                    raise MigrationError(
                        f"the PostgreSQL database already has {table}; migrate into an empty one"
                    )
            for table in TABLES:
                columns, values = rows[table]
                if values:
                    marks = ", ".join("?" * len(columns))
                    await conn.executemany(
                        numbered(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"),
                        values,
                    )
            for table in _IDENTITY_TABLES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}"
                )
            copied = {
                table: int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}")) for table in TABLES
            }
            expected = {table: len(rows[table][1]) for table in TABLES}
            if copied != expected:
                raise MigrationError(f"copied {copied} rows but the file has {expected}")
    finally:
        await conn.close()
    return copied


def _read_sqlite(source: Path) -> dict[str, tuple[list[str], list[tuple[object, ...]]]]:
    """Every row of the store's tables, read in one snapshot."""
    raw = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        raw.execute("BEGIN")
        found: dict[str, tuple[list[str], list[tuple[object, ...]]]] = {}
        for table in TABLES:
            columns = [row[1] for row in raw.execute(f"PRAGMA table_info({table})")]
            values = raw.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
            found[table] = (columns, values)
        raw.execute("COMMIT")
    finally:
        raw.close()
    return found


def migrate(source: Path, url: str) -> int:
    """``domino-tables migrate-to-postgres``: copy ``source`` into the PostgreSQL database at
    ``url`` and print what was copied; the exit status (1: nothing copied, and why)."""
    try:
        copied = asyncio.run(copy_sqlite_to_postgres(source, url))
    except (MigrationError, StoreError, OSError, asyncpg.PostgresError) as exc:
        print(f"migrate-to-postgres: {exc}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{count} {table}" for table, count in copied.items())
    print(f"migrate-to-postgres: copied {summary}")
    return 0
