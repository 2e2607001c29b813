"""Racing writers: within one connection, across connections, and under cancellation."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.store import Seat, StaleVersionError, Store, TableRecord, TableStatus

STATE = {"board": list(range(50)), "hands": {"0": [[1, 2]], "1": [[3, 4]]}}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
async def store(store_target: str | Path) -> AsyncIterator[Store]:
    async with Store.open(store_target) as opened:
        yield opened


@pytest.fixture
async def other(store_target: str | Path, store: Store) -> AsyncIterator[Store]:
    """A second, independent connection to the same database: another process's view."""
    async with Store.open(store_target) as opened:
        yield opened


async def playing(store: Store) -> TableRecord:
    table = await store.create_table(
        1, 2, 3, "network", {}, [Seat(3, "Ada"), Seat(None, "Bot", True, "easy")]
    )
    return await store.update_table(table.id, 0, status=TableStatus.PLAYING, state=STATE)


def move(store: Store, table: TableRecord, notation: str) -> asyncio.Future[TableRecord]:
    return asyncio.ensure_future(
        store.commit_move(
            table.id,
            table.version,
            hand_number=1,
            seat=0,
            notation=notation,
            state={**STATE, "last": notation},
        )
    )


def split(outcomes: Sequence[TableRecord | BaseException]) -> tuple[list[TableRecord], list[str]]:
    wins = [o for o in outcomes if isinstance(o, TableRecord)]
    losses = [type(o).__name__ for o in outcomes if not isinstance(o, TableRecord)]
    return wins, losses


async def test_double_commit_on_one_connection_applies_once(store: Store) -> None:
    table = await playing(store)
    outcomes = await asyncio.gather(
        move(store, table, "first"), move(store, table, "second"), return_exceptions=True
    )
    wins, losses = split(outcomes)
    assert len(wins) == 1
    assert losses == ["StaleVersionError"]
    stored = await store.get_table(table.id)
    assert stored == wins[0]
    assert stored is not None and stored.version == table.version + 1
    [logged] = await store.moves(table.id)
    assert stored.state is not None and stored.state["last"] == logged.notation


async def test_double_commit_across_connections_applies_once(store: Store, other: Store) -> None:
    table = await playing(store)
    for round_number in range(25):
        outcomes = await asyncio.gather(
            move(store, table, f"a{round_number}"),
            move(other, table, f"b{round_number}"),
            return_exceptions=True,
        )
        wins, losses = split(outcomes)
        assert len(wins) == 1, outcomes
        assert losses == ["StaleVersionError"]
        table = wins[0]
    log = await other.moves(table.id)
    assert [m.seq for m in log] == list(range(1, 26))
    assert await store.get_table(table.id) == await other.get_table(table.id) == table
    assert table.state is not None and table.state["last"] == log[-1].notation


async def test_retrying_writers_lose_nothing(store: Store, other: Store) -> None:
    """Many writers that reload and retry on conflict: every move lands exactly once."""
    table = await playing(store)

    async def writer(target: Store, name: str) -> int:
        conflicts = 0
        current = await target.get_table(table.id)
        while True:
            assert current is not None
            try:
                await target.commit_move(
                    current.id,
                    current.version,
                    hand_number=1,
                    seat=0,
                    notation=name,
                    state={"by": name},
                )
                return conflicts
            except StaleVersionError:
                conflicts += 1
                current = await target.get_table(table.id)

    names = [f"w{i}" for i in range(12)]
    await asyncio.gather(*(writer(store if i % 2 else other, n) for i, n in enumerate(names)))
    log = await store.moves(table.id)
    assert sorted(m.notation for m in log) == sorted(names)
    assert [m.seq for m in log] == list(range(1, len(names) + 1))
    final = await store.get_table(table.id)
    assert final is not None and final.version == table.version + len(names)


@pytest.mark.parametrize(
    ("cancel_at", "lands"),
    [
        ("BEGIN IMMEDIATE", False),
        ("UPDATE tables", False),
        ("INSERT INTO moves", False),
        ("COMMIT", True),
    ],
)
async def test_cancelled_commit_is_all_or_nothing(
    db_path: Path, cancel_at: str, lands: bool
) -> None:
    """Cancel a commit while each of its statements runs: it lands entirely or not at all,
    and the connection is never left inside a transaction (SQLite: one shared connection)."""
    async with Store.open(db_path) as store:
        await cancel_commit_at(store, cancel_at, lands)


async def test_a_cancelled_postgresql_commit_lands_whole_or_not_at_all(postgres_url: str) -> None:
    """Cancelled at every await of a commit, the pool's connection comes back clean."""
    async with Store.open(postgres_url) as store:
        table = await playing(store)
        for pause in range(12):
            task = move(store, table, f"cancelled {pause}")
            for _ in range(pause):
                await asyncio.sleep(0)
            task.cancel()
            outcome = await asyncio.gather(task, return_exceptions=True)
            stored = await store.get_table(table.id)
            assert stored is not None
            log = await store.moves(table.id)
            assert len(log) == stored.version - 1  # one version for the start, one a move
            # A cancel that arrives after COMMIT was sent may still land: all or nothing.
            assert stored.version in (table.version, table.version + 1)
            if isinstance(outcome[0], TableRecord):
                assert stored.version == table.version + 1
            table = stored
        after = await store.commit_move(
            table.id, table.version, hand_number=1, seat=1, notation="next", state=STATE
        )
        assert after.version == table.version + 1


async def cancel_commit_at(store: Store, cancel_at: str, lands: bool) -> None:
    table = await playing(store)
    loop = asyncio.get_running_loop()
    task = move(store, table, "cancelled")

    def cancel_when_reached(statement: str) -> None:
        # Runs on aiosqlite's worker thread just before `statement` executes.
        if statement.startswith(cancel_at):
            loop.call_soon_threadsafe(task.cancel)

    # White-box: the trace hook must sit on the store's own connection.
    connection = store._db._conn()  # type: ignore[attr-defined]  # SQLite: one connection
    await connection.set_trace_callback(cancel_when_reached)
    with pytest.raises(asyncio.CancelledError):
        await task
    await connection.set_trace_callback(None)

    stored = await store.get_table(table.id)
    assert stored is not None
    log = await store.moves(table.id)
    assert len(log) == stored.version - table.version == int(lands)
    # A leftover transaction would make this BEGIN IMMEDIATE fail.
    after = await store.commit_move(
        table.id, stored.version, hand_number=1, seat=1, notation="next", state=STATE
    )
    assert after.version == stored.version + 1
    assert [m.notation for m in await store.moves(table.id)][-1] == "next"
