"""PostgreSQL's own side of the store: its migrations, and that it ends in the same logical
schema as SQLite (the behaviour tests in test_store*.py run on both backends)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.store import SCHEMA_VERSION, SchemaVersionError, Seat, Store
from bot.store.postgres import LOCK_CONNECTIONS, numbered
from bot.store.schema_postgres import (
    POSTGRES_BASELINE,
    POSTGRES_MIGRATIONS,
    apply_postgres_migrations,
)

Schema = dict[str, object]

_LOGICAL_TYPES = {
    "integer": "integer",
    "bigint": "integer",
    "text": "text",
    "json": "text",  # SQLite keeps JSON as TEXT, checked by json_valid()
}


def sqlite_schema(path: Path) -> Schema:
    raw = sqlite3.connect(path)
    try:
        tables = [
            row[0]
            for row in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        columns = {
            (table, name, type_.lower(), bool(notnull), pk > 0)
            for table in tables
            for _, name, type_, notnull, _, pk in raw.execute(f"PRAGMA table_info({table})")
        }
        indexes = {
            (row[1], row[0])
            for row in raw.execute(
                "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
        unique = {
            (table, info[2])
            for table in tables
            for index in raw.execute(f"PRAGMA index_list({table})")
            if index[2] and index[3] == "u"  # a UNIQUE column constraint
            for info in raw.execute(f"PRAGMA index_info({index[1]})")
        }
        triggers = {
            (row[1], row[0])
            for row in raw.execute(
                "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'"
            )
        }
    finally:
        raw.close()
    return {"columns": columns, "indexes": indexes, "unique": unique, "triggers": triggers}


async def _pairs(raw: asyncpg.Connection, sql: str) -> set[tuple[str, str]]:
    """The first two columns of each row ``sql`` returns (a table and one of its names)."""
    return {(r[0], r[1]) for r in await raw.fetch(sql)}


async def postgres_schema(url: str) -> Schema:
    raw = await asyncpg.connect(url)
    try:
        rows = await raw.fetch(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,"
            " EXISTS (SELECT 1 FROM information_schema.key_column_usage k"
            "  JOIN information_schema.table_constraints t"
            "  ON t.constraint_name = k.constraint_name AND t.constraint_type = 'PRIMARY KEY'"
            "  WHERE k.table_name = c.table_name AND k.column_name = c.column_name) AS pk"
            " FROM information_schema.columns c WHERE c.table_schema = 'public'"
            " AND c.table_name <> 'schema_version'"
        )
        columns = {
            (
                r["table_name"],
                r["column_name"],
                _LOGICAL_TYPES[r["data_type"]],
                r["is_nullable"] == "NO" and not r["pk"],
                r["pk"],
            )
            for r in rows
        }
        indexes = await _pairs(
            raw,
            "SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public'"
            " AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'",
        )
        unique = await _pairs(
            raw,
            "SELECT k.table_name, k.column_name FROM information_schema.key_column_usage k"
            " JOIN information_schema.table_constraints t"
            " ON t.constraint_name = k.constraint_name AND t.constraint_type = 'UNIQUE'"
            " WHERE k.table_schema = 'public'",
        )
        triggers = await _pairs(
            raw,
            "SELECT DISTINCT event_object_table, trigger_name FROM information_schema.triggers"
            " WHERE trigger_schema = 'public'",
        )
    finally:
        await raw.close()
    return {"columns": columns, "indexes": indexes, "unique": unique, "triggers": triggers}


def comparable(schema: Schema) -> Schema:
    """SQLite reports a primary key column as nullable-by-type; compare keys, not that."""
    columns = {
        (table, name, type_, notnull and not pk, pk)
        for table, name, type_, notnull, pk in schema["columns"]  # type: ignore[attr-defined]
    }
    return {**schema, "columns": columns}


async def test_both_backends_end_in_the_same_logical_schema(
    tmp_path: Path, postgres_url: str
) -> None:
    async with Store.open(tmp_path / "s.db") as lite, Store.open(postgres_url) as pg:
        assert await lite.schema_version() == await pg.schema_version() == SCHEMA_VERSION
    lite_schema = comparable(sqlite_schema(tmp_path / "s.db"))
    pg_schema = comparable(await postgres_schema(postgres_url))
    for part in ("columns", "indexes", "unique", "triggers"):
        assert pg_schema[part] == lite_schema[part], part
    tables = {column[0] for column in lite_schema["columns"]}  # type: ignore[attr-defined]
    assert tables == {
        "tables",
        "moves",
        "finished_matches",
        "standings",
        "table_players",
        "handled_interactions",
        "table_tokens",
        "tournaments",
        "tournament_tables",
    }


def test_postgresql_migrations_run_from_the_baseline_to_the_current_version() -> None:
    assert sorted(POSTGRES_MIGRATIONS) == list(range(POSTGRES_BASELINE, SCHEMA_VERSION + 1))


async def test_reopening_is_a_no_op_and_data_stays(postgres_url: str) -> None:
    async with Store.open(postgres_url) as store:
        table = await store.create_table(1, 2, 3, "network", {"target": 100}, [Seat(3, "Ada")])
    for _ in range(2):
        async with Store.open(postgres_url) as store:
            assert await store.get_table(table.id) == table
            assert await store.schema_version() == SCHEMA_VERSION


async def test_a_newer_database_is_refused(postgres_url: str) -> None:
    async with Store.open(postgres_url):
        pass
    raw = await asyncpg.connect(postgres_url)
    try:
        await raw.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION + 1)
    finally:
        await raw.close()
    with pytest.raises(SchemaVersionError):
        await Store.open(postgres_url)


async def test_two_lobbies_racing_for_one_channel_give_one_table(postgres_url: str) -> None:
    async with Store.open(postgres_url) as one, Store.open(postgres_url) as two:
        outcomes = await asyncio.gather(
            *(
                store.create_table(1, 77, 3, "network", {}, [Seat(3, "Ada")])
                for store in (one, two, one, two)
            ),
            return_exceptions=True,
        )
    made = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [type(o).__name__ for o in outcomes if isinstance(o, BaseException)]
    assert len(made) == 1
    assert refused == ["ChannelBusyError"] * 3


async def test_a_held_table_waits_for_its_holder_in_another_process(postgres_url: str) -> None:
    """Two processes (two stores) on one database: while one holds a table, the other's
    request for the same table waits until it lets go; another table is not held up."""
    async with Store.open(postgres_url) as one, Store.open(postgres_url) as two:
        order: list[str] = []
        async with one.hold_table(7):
            waiting = asyncio.create_task(_hold(two, 7, order))
            async with asyncio.timeout(10):
                await _hold(two, 8, order)  # another table: not held up
            await asyncio.sleep(0.2)
            assert not waiting.done()
            order.append("one lets go")
        async with asyncio.timeout(10):
            await waiting
        assert order == ["two held 8", "one lets go", "two held 7"]


async def test_a_dead_holder_lets_go_of_its_tables(postgres_url: str) -> None:
    """A process killed mid-request (its connections cut, as by kill -9) holds nothing
    after: the table's next request goes ahead."""
    async with Store.open(postgres_url) as dying, Store.open(postgres_url) as survivor:
        order: list[str] = []
        async with dying.hold_table(9):
            raw = await asyncpg.connect(postgres_url)
            try:
                cut = await raw.fetchval(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_locks"
                    " WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()"
                )
            finally:
                await raw.close()
            assert cut == 1
            async with asyncio.timeout(10):
                await _hold(survivor, 9, order)
            assert order == ["two held 9"]


async def test_the_stores_connections_ask_for_keepalives(postgres_url: str) -> None:
    """The store's connections ask the server to probe the client: a vanished machine's
    connections, and the advisory locks they hold, go in about a minute, not hours."""
    async with Store.open(postgres_url) as store:
        rows = await store.database.fetch("SHOW tcp_keepalives_idle")
        assert rows[0]["tcp_keepalives_idle"] == "30"


async def test_a_tournaments_news_never_keeps_a_table_waiting_for_a_connection(
    postgres_url: str,
) -> None:
    """A tournament's news is told holding its lock while Discord is called: that hold
    takes no connection from the tables', so a process may still hold as many tables at
    once as it has connections for them."""
    async with Store.open(postgres_url) as store:
        news = (store.hold_tournament_news(1), store.hold_tournament_news(2))
        async with news[0], news[1], contextlib.AsyncExitStack() as held, asyncio.timeout(10):
            for table_id in range(100, 100 + LOCK_CONNECTIONS):
                await held.enter_async_context(store.hold_table(table_id))


async def _hold(store: Store, table_id: int, order: list[str]) -> None:
    async with store.hold_table(table_id):
        order.append(f"two held {table_id}")


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT '?' , x FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT '?' , x FROM t WHERE a = $1 AND b IN ($2, $3)"
    )


async def test_an_unreachable_server_is_a_clear_store_error() -> None:
    with pytest.raises(Exception, match="cannot connect to PostgreSQL"):
        await Store.open("postgresql://nobody@127.0.0.1:1/none", busy_timeout=2)


async def test_upgrading_to_version_5_lists_who_sits_at_the_existing_tables(
    postgres_url: str,
) -> None:
    seated = json.dumps([Seat(7, "Ada").to_json(), Seat(None, "Computer", is_bot=True).to_json()])
    raw = await asyncpg.connect(postgres_url)
    try:
        assert await apply_postgres_migrations(raw, target=4) == 4
        await raw.execute(
            "INSERT INTO tables (guild_id, channel_id, creator_id, game, status, version,"
            " settings, seats, meta, created_at, updated_at)"
            " VALUES (1, 11, 7, 'network', 'playing', 2, '{}', $1, '{}', $2, $2)",
            seated,
            "2026-01-01T00:00:00.000000+00:00",
        )
    finally:
        await raw.close()
    async with Store.open(postgres_url) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert [t.channel_id for t in await store.tables_of_player(7)] == [11]
        assert await store.tables_of_player(8) == []
