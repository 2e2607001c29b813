"""Opening and configuring the SQLite connection the store runs on."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Final

import aiosqlite

from bot.store.errors import StoreError
from bot.store.schema import apply_migrations

MIN_SQLITE_VERSION: Final = (3, 37, 0)
"""STRICT tables need 3.37 (RETURNING needs 3.35, JSON functions are built in from 3.38
and on by default in earlier Python builds)."""


async def open_connection(path: Path, busy_timeout: float) -> aiosqlite.Connection:
    """Connect in autocommit mode (the store issues BEGIN/COMMIT itself), switch to WAL,
    and apply pending migrations. The parent directory is created if missing."""
    if sqlite3.sqlite_version_info < MIN_SQLITE_VERSION:
        raise StoreError(f"SQLite {sqlite3.sqlite_version} is too old; need 3.37 or newer")
    path.parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
    try:
        db.row_factory = sqlite3.Row
        await _enable_wal(db, path, busy_timeout)
        # With WAL, NORMAL loses nothing when the bot process dies; only an OS crash or
        # power cut can drop the last few commits, and never corrupts the file. It saves
        # an fsync per commit, which is what keeps a move well under 2 ms.
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await apply_migrations(db)
    except BaseException:
        await db.close()
        raise
    return db


async def _enable_wal(db: aiosqlite.Connection, path: Path, busy_timeout: float) -> None:
    """Switch the file to WAL (a persistent setting), retrying while another opener holds it.

    Changing the journal mode needs an exclusive lock, and SQLite reports SQLITE_BUSY at
    once (without waiting in the busy handler) when another connection is opening the same
    fresh file, so the wait is done here, bounded by ``busy_timeout``.
    """
    rows = list(await db.execute_fetchall("PRAGMA journal_mode"))
    if str(rows[0][0]).lower() == "wal":
        return
    deadline = time.monotonic() + busy_timeout
    pause = 0.002
    while True:
        try:
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as exc:
            busy = exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY  # incl. extended codes
            if not busy or time.monotonic() >= deadline:
                raise
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.05)
    if str(rows[0][0]).lower() != "wal":
        raise StoreError(f"could not enable WAL on {path} (got {rows[0][0]!r})")
