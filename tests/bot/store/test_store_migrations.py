"""Schema migrations: fresh files, no-op re-opens, upgrades that keep data, failures."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    SchemaVersionError,
    Seat,
    SeatResult,
    Store,
    TableStatus,
)
from bot.store.schema import apply_migrations, split_statements
from tests.bot.store.queries import finished_match

NOW = "2026-01-01T00:00:00.000000+00:00"

# A stand-in for a future migration, proving the runner upgrades files in place.
NEXT = """
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


async def test_upgrade_to_a_later_migration_preserves_data(tmp_path: Path) -> None:
    path = tmp_path / "upgrade.db"
    async with Store.open(path) as store:
        table = await store.create_table(1, 2, 3, "network", {"target": 100}, [Seat(3, "Ada")])
        table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={"a": 1})
        table = await store.commit_move(
            table.id, table.version, hand_number=1, seat=0, notation="6-6", state={"a": 2}
        )
    assert schema_of(path)[0] == SCHEMA_VERSION

    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, (*MIGRATIONS, NEXT)) == SCHEMA_VERSION + 1
        # Applied once only.
        assert await apply_migrations(db, (*MIGRATIONS, NEXT)) == SCHEMA_VERSION + 1
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
    assert version == SCHEMA_VERSION
    assert "half_done" not in {name for name, _ in objects}


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    async with Store.open(path):
        pass
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await apply_migrations(db, (*MIGRATIONS, NEXT))
    with pytest.raises(SchemaVersionError) as caught:
        await Store.open(path)
    assert (caught.value.found, caught.value.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)


# ---------------------------------------------------------------- v1 -> v2: generic games

FLAT_SETTINGS = {
    "target": 150,
    "seats": 3,
    "attachments": 5,
    "lead": "any",
    "bonus_tie": "recent",
    "turn_seconds": 120,
}
OLD_RESULT = [
    {
        "seat": 0,
        "user_id": 1001,
        "name": "Ada",
        "is_bot": False,
        "total": 160,
        "rings": 3,
        "best_hand": 45,
    },
    {
        "seat": 1,
        "user_id": None,
        "name": "Dan",
        "is_bot": True,
        "total": 90,
        "rings": 1,
        "best_hand": 30,
    },
]
V1_TIME = "2025-03-01T12:00:00.000000+00:00"


async def make_v1_database(path: Path) -> None:
    """A file as the first release left it: Network-only settings, results and standings."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, MIGRATIONS[:1]) == 1
        seats = json.dumps([Seat(1001, "Ada").to_json()])
        tables = [
            # (id, channel, game, status, settings)
            (1, 10, "network", "finished", json.dumps(FLAT_SETTINGS)),
            (2, 20, "network", "lobby", json.dumps({"target": None, "seats": 2})),
            (3, 30, "other", "lobby", json.dumps({"lead": "keep", "seats": 2})),
            (4, 40, "network", "cancelled", json.dumps({"seats": 2, "options": {"a": 1}})),
            (5, 50, "network", "lobby", json.dumps({"seats": 2, "lead": True, "x": [False]})),
        ]
        for table_id, channel, game, status, settings in tables:
            await db.execute(
                "INSERT INTO tables (id, guild_id, channel_id, creator_id, game, status,"
                " version, settings, seats, state, created_at, updated_at)"
                " VALUES (?, 1, ?, 1001, ?, ?, 3, ?, ?, '{\"s\":1}', ?, ?)",
                (table_id, channel, game, status, settings, seats, V1_TIME, V1_TIME),
            )
        await db.execute("INSERT INTO moves VALUES (1, 1, 1, 0, '6-6', ?)", (V1_TIME,))
        await db.execute(
            "INSERT INTO finished_matches (table_id, guild_id, game, finished_at, result,"
            " winner_user_id, winner_seat) VALUES (1, 1, 'network', ?, ?, 1001, 0)",
            (V1_TIME, json.dumps(OLD_RESULT)),
        )
        await db.execute(
            "INSERT INTO standings VALUES (1, 'network', 1001, 'Ada', 4, 2, 390, 7, 61, ?)",
            (V1_TIME,),
        )


async def test_upgrade_from_v1_makes_standings_and_settings_generic(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    await make_v1_database(path)
    assert schema_of(path)[0] == 1

    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        finished = await store.get_table(1)
        assert finished is not None
        assert finished.settings == {
            "target": 150,
            "seats": 3,
            "turn_seconds": 120,
            "options": {"attachments": 5, "lead": "any", "bonus_tie": "recent"},
        }
        # Everything else about the table is carried over unchanged.
        assert (finished.status, finished.version, finished.state) == (
            TableStatus.FINISHED,
            3,
            {"s": 1},
        )
        assert [m.notation for m in await store.moves(1)] == ["6-6"]
        # Absent keys stay absent (no nulls invented); an explicit null target is kept.
        lobby = await store.get_table(2)
        assert lobby is not None and lobby.settings == {"target": None, "seats": 2, "options": {}}
        # Other games and already-generic settings are left alone.
        other = await store.get_table(3)
        assert other is not None and other.settings == {"lead": "keep", "seats": 2}
        done = await store.get_table(4)
        assert done is not None and done.settings == {"seats": 2, "options": {"a": 1}}
        # JSON types survive the move (booleans stay booleans); unknown keys stay put.
        odd = await store.get_table(5)
        assert odd is not None
        assert odd.settings == {"seats": 2, "x": [False], "options": {"lead": True}}
        assert odd.settings["options"]["lead"] is True

        [row] = await store.standings(1, "network")
        assert (row.user_id, row.name, row.matches_played, row.matches_won, row.points) == (
            1001,
            "Ada",
            4,
            2,
            390,
        )
        assert row.stats == {"rings": 7, "best_hand": 61}
        assert await store.standings_games(1) == ["network"]

        match = await finished_match(store, 1, 1, "network")
        assert match is not None
        assert match.result == (
            SeatResult(0, 1001, "Ada", False, 160, {"rings": 3, "best_hand": 45}),
            SeatResult(1, None, "Dan", True, 90, {"rings": 1, "best_hand": 30}),
        )

        # Migrated standings keep accumulating under the Network rules.
        table = await store.create_table(1, 60, 1001, "network", {"seats": 2}, [Seat(1001, "A")])
        table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={})
        await store.finish_match(
            table.id,
            table.version,
            state={},
            result=[SeatResult(0, 1001, "Ada", False, 10, {"rings": 1, "best_hand": 50})],
            winner_user_id=1001,
            combine={"rings": "sum", "best_hand": "max"},
        )
        [row] = await store.standings(1, "network")
        assert (row.matches_played, row.points, row.stats) == (
            5,
            400,
            {"rings": 8, "best_hand": 61},
        )

    # The new standings table keeps its constraints.
    raw = sqlite3.connect(path)
    try:
        sql = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'standings'").fetchone()[0]
        assert "STRICT" in sql and "WITHOUT ROWID" in sql and "PRIMARY KEY" in sql
        assert "rings" not in sql
        for bad in ("'[1]'", "'nope'"):
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(
                    "INSERT INTO standings VALUES (9, 'g', 1, 'x', 0, 0, 0, " + bad + ", 't')"
                )
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute(
                "INSERT INTO standings VALUES (1, 'network', 1001, 'x', 0, 0, 0, '{}', 't')"
            )
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        assert "standings_v2" not in names
    finally:
        raw.close()


async def test_fresh_and_upgraded_files_have_the_same_schema(tmp_path: Path) -> None:
    upgraded = tmp_path / "v1.db"
    await make_v1_database(upgraded)
    async with Store.open(upgraded):
        pass
    fresh = tmp_path / "fresh.db"
    async with Store.open(fresh):
        pass
    assert schema_of(fresh) == schema_of(upgraded)

    statements = split_statements(MIGRATIONS[0])
    triggers = [s for s in statements if "CREATE TRIGGER" in s]
    assert len(triggers) == 2
    assert all(t.endswith("END;") for t in triggers)
    assert all(sqlite3.complete_statement(s) for s in statements)
    with pytest.raises(ValueError, match="incomplete"):
        split_statements("CREATE TABLE t (x INTEGER);\nCREATE TABLE u (")


async def test_concurrent_openers_migrate_once(store_target: str | Path) -> None:
    """Four processes starting at once on a new database (SQLite file or PostgreSQL)."""
    outcomes = await asyncio.gather(
        *(Store.open(store_target) for _ in range(4)), return_exceptions=True
    )
    stores = [o for o in outcomes if isinstance(o, Store)]
    try:
        # Close every opened store even on failure: a leaked connection thread blocks exit.
        assert len(stores) == 4, outcomes
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
    finally:
        for store in stores:
            await store.close()
    if isinstance(store_target, Path):
        assert schema_of(store_target)[0] == SCHEMA_VERSION


async def test_upgrading_marks_tables_whose_news_was_not_sent_as_unpublished(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v2.db"
    untold = '{"turn": 4, "news": [{"id": 3}], "dms_closed": [77], "reminded_turn": 4}'
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, MIGRATIONS[:2]) == 2
        for table_id, meta in ((1, untold), (2, '{"news":[]}'), (3, "{}")):
            await db.execute(
                "INSERT INTO tables (id, guild_id, channel_id, creator_id, game, status,"
                " version, settings, seats, state, meta, created_at, updated_at)"
                " VALUES (?, 1, ?, 3, 'network', 'finished', 2, '{}', '[]', '{}', ?, ?, ?)",
                (table_id, 10 + table_id, meta, NOW, NOW),
            )
    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert [t.id for t in await store.unpublished_tables()] == [1]
        record = await store.get_table(1)
        assert record is not None
        assert record.publication == {
            "version": 1,
            "dm_turn": 4,
            "news_sent": -1,
            "reminded_turn": 4,
            "dms_closed": [77],
        }


async def test_upgrading_to_version_5_lists_who_sits_at_the_existing_tables(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v4.db"
    seated = json.dumps(
        [
            Seat(7, "Ada").to_json(),
            Seat(None, "Computer", is_bot=True, level="easy").to_json(),
            Seat(8, "Bea").to_json(),
        ]
    )
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await apply_migrations(db, MIGRATIONS[:4]) == 4
        for table_id, status, seats in ((1, "playing", seated), (2, "lobby", "[]")):
            await db.execute(
                "INSERT INTO tables (id, guild_id, channel_id, creator_id, game, status,"
                " version, settings, seats, state, meta, created_at, updated_at)"
                " VALUES (?, 1, ?, 7, 'network', ?, 2, '{}', ?, NULL, '{}', ?, ?)",
                (table_id, 10 + table_id, status, seats, NOW, NOW),
            )
    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert [t.id for t in await store.tables_of_player(7)] == [1]
        assert [t.id for t in await store.tables_of_player(8)] == [1]
        assert await store.tables_of_player(9) == []
