"""``domino-tables replay <database> <table> [--out DIR]``: every finished hand of a table
as the files ``/<game> replay`` posts (the animation and the game record), written into a
directory, from the bot's SQLite file or its PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncpg

from bot.replays.build import HandReplay, table_replays
from bot.store import Store, StoreError
from bot.store.store import is_postgres_url


class ReplayError(Exception):
    """Nothing to write; the message says why."""


async def load_replays(database: str, table_id: int) -> list[HandReplay]:
    """The replays of every finished hand of table ``table_id``."""
    if not is_postgres_url(database) and not Path(database).is_file():
        raise ReplayError(f"there is no SQLite file at {database}")
    async with Store.open(database) as store:
        record = await store.get_table(table_id)
        if record is None:
            raise ReplayError(f"there is no table {table_id} in {_shown(database)}")
        moves = await store.moves(table_id)
    replays = await asyncio.to_thread(table_replays, record, moves)
    if not replays:
        raise ReplayError(f"table {table_id} has no finished hand yet")
    return replays


def write_replays(replays: list[HandReplay], table_id: int, out: Path) -> list[Path]:
    """Write each replay's picture and record into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for replay in replays:
        picture_name, record_name = replay.filenames(table_id)
        picture, record = out / picture_name, out / record_name
        picture.write_bytes(replay.picture)
        record.write_text(replay.record, encoding="utf-8")
        written += [picture, record]
    return written


def _shown(database: str) -> str:
    """The database as it may be printed: a URL without its password."""
    if is_postgres_url(database) and "@" in database:
        scheme, rest = database.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return database


def export_table(database: str, table_id: int, out: Path) -> int:
    """``domino-tables replay``: write table ``table_id``'s replays into ``out``, listing
    each file; the exit status (1: nothing to write, and why on stderr)."""
    try:
        replays = asyncio.run(load_replays(database, table_id))
        written = write_replays(replays, table_id, out)
    except (ReplayError, StoreError, OSError, asyncpg.PostgresError) as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0
