"""Schema migrations: fresh files, no-op re-opens, upgrades that keep data, failures."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import MIGRATIONS, SCHEMA_VERSION, SchemaVersionError, Seat, Store, TableStatus
from bot.store.schema import apply_migrations, split_statements

# A stand-in for a future migration, proving the runner upgrades v1 files in place.
V2 = """
ALTER TABLE tables ADD COLUMN label TEXT NOT NULL DEFAULT 'unnamed';
CREATE TABLE announcements (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;
"""


def schema_of(path: Path) -> tuple[int, list[tuple[str, str]]]:
    raw = sqlite3.connect(path)
    try:
        version = raw.execute("PRAGMA user_version").fetchone()[0]
        objects = raw.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    finally:
        raw.close()
    return version, objects


async def test_fresh_file_gets_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    version, objects = schema_of(path)
    assert version == SCHEMA_VERSION
    assert {"tables", "moves", "finished_matches", "standings"} <= {name for name, _ in objects}


async def test_reopening_a_migrated_file_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "again.db"
    async with Store.open(path) as store:
        table = await store.create_table(1, 2, 3, "network", {"target": 100}, [Seat(3, "Ada")])
    before = schema_of(path)
    for _ in range(3):
        async with Store.open(path) as store:
            assert await store.get_table(table.id) == table
    assert schema_of(path) == before


async def test_upgrade_from_v1_preserves_data(tmp_path: Path) -> None:
    path = tmp_path / "upgrade.db"
    async with Store.open(path) as store:
        table = await store.create_table(1, 2, 3, "network", {"target": 100}, [Seat(3, "Ada")])
        table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={"a": 1})
        table = await store.commit_move(
            table.id, table.version, hand_number=1, seat=0, notation="6-6", state={"a": 2}
        )
    assert schema_of(path)[0] == 1

    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, (*MIGRATIONS, V2)) == 2
        assert await apply_migrations(db, (*MIGRATIONS, V2)) == 2  # applied once only
        rows = list(await db.execute_fetchall("SELECT id, version, state, label FROM tables"))
        assert [tuple(row) for row in rows] == [(table.id, table.version, '{"a":2}', "unnamed")]
        moves = list(await db.execute_fetchall("SELECT seq, notation FROM moves"))
        assert [tuple(row) for row in moves] == [(1, "6-6")]


async def test_failed_migration_rolls_back_completely(tmp_path: Path) -> None:
    path = tmp_path / "broken.db"
    async with Store.open(path):
        pass
    broken = "CREATE TABLE half_done (x INTEGER);\nCREATE TABLE tables (x INTEGER);\n"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError, match="already exists"):
            await apply_migrations(db, (*MIGRATIONS, broken))
        assert not db.in_transaction
    version, objects = schema_of(path)
    assert version == 1
    assert "half_done" not in {name for name, _ in objects}


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    async with Store.open(path):
        pass
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, (*MIGRATIONS, V2))
    with pytest.raises(SchemaVersionError) as caught:
        await Store.open(path)
    assert (caught.value.found, caught.value.supported) == (2, SCHEMA_VERSION)


def test_split_statements_keeps_triggers_whole() -> None:
    statements = split_statements(MIGRATIONS[0])
    triggers = [s for s in statements if "CREATE TRIGGER" in s]
    assert len(triggers) == 2
    assert all(t.endswith("END;") for t in triggers)
    assert all(sqlite3.complete_statement(s) for s in statements)
    with pytest.raises(ValueError, match="incomplete"):
        split_statements("CREATE TABLE t (x INTEGER);\nCREATE TABLE u (")


async def test_concurrent_openers_migrate_once(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    outcomes = await asyncio.gather(*(Store.open(path) for _ in range(4)), return_exceptions=True)
    stores = [o for o in outcomes if isinstance(o, Store)]
    try:
        # Close every opened store even on failure: a leaked connection thread blocks exit.
        assert len(stores) == 4, outcomes
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
    finally:
        for store in stores:
            await store.close()
    assert schema_of(path)[0] == SCHEMA_VERSION
