"""A table's publish jobs take its lock one at a time, in the order they asked, and the
lock is forgotten once nobody holds or waits for it (a long-running bot does not keep a
lock for every table it ever published)."""

from __future__ import annotations

import asyncio

from bot.publishing.jobs.table_locks import TableLocks


async def test_a_tables_holders_take_turns_in_order_and_the_lock_is_then_forgotten() -> None:
    locks = TableLocks()
    order: list[str] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def hold(name: str, table: int) -> None:
        async with locks.held(table):
            order.append(f"{name} in")
            if name == "first":
                first_in.set()
                await release.wait()
            order.append(f"{name} out")

    first = asyncio.create_task(hold("first", 1))
    await first_in.wait()
    second = asyncio.create_task(hold("second", 1))
    third = asyncio.create_task(hold("third", 1))
    other = asyncio.create_task(hold("other table", 2))
    await other  # another table's lock is not held up
    assert len(locks) == 1  # table 1's, held and waited for
    release.set()
    await asyncio.gather(first, second, third)
    assert order == [
        "first in",
        "other table in",
        "other table out",
        "first out",
        "second in",
        "second out",
        "third in",
        "third out",
    ]
    assert len(locks) == 0


async def test_a_failing_holder_lets_the_next_one_in_and_leaves_no_lock() -> None:
    locks = TableLocks()
    try:
        async with locks.held(5):
            raise RuntimeError("the job failed")
    except RuntimeError:
        pass
    async with locks.held(5):
        assert len(locks) == 1
    assert len(locks) == 0
