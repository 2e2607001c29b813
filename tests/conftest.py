"""Fixtures shared by every test package: a real PostgreSQL server when a test asks for one."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from tests.postgres_server import PostgresServer

_database_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A superuser URL: ``TEST_DATABASE_URL`` if set, else a server started for this run."""
    given = os.environ.get("TEST_DATABASE_URL")
    if given:
        yield given
        return
    with PostgresServer() as server:
        yield server.url()


@pytest.fixture
async def postgres_url(postgres_admin_url: str) -> AsyncIterator[str]:
    """A new, empty database for one test, dropped afterwards."""
    async with fresh_database(postgres_admin_url) as url:
        yield url


@asynccontextmanager
async def fresh_database(postgres_admin_url: str) -> AsyncIterator[str]:
    """A new, empty database on the server, dropped on leaving (what ``postgres_url``
    gives; for a fixture that needs one only for some of its parameters)."""
    name = f"domino_test_{os.getpid()}_{next(_database_numbers)}"
    admin = await asyncpg.connect(postgres_admin_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    yield postgres_admin_url.rsplit("/", 1)[0] + f"/{name}"
    admin = await asyncpg.connect(postgres_admin_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a store lives, once for each backend: a SQLite file or a PostgreSQL database
    (every store behaviour must hold on both; two opens of it are two processes' views)."""
    if request.param == "sqlite":
        return tmp_path / "store" / "tables.db"
    url: str = request.getfixturevalue("postgres_url")
    return url
