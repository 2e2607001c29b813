"""On PostgreSQL a change committed by one process wakes the pages another process serves:
every write that changes a table NOTIFYs its id in its own transaction, and each process
serving pages LISTENs for it."""

from __future__ import annotations

import asyncio

from bot.store import Store
from bot.tables.service import Actor, TableService
from bot.tables.settings import TableSettings
from bot.web.hub import ChangeListener, Hub


async def test_a_commit_in_one_process_wakes_a_page_served_by_another(postgres_url: str) -> None:
    async with Store.open(postgres_url) as playing:
        service = TableService(playing, new_seed=lambda: 3)
        settings = TableSettings.build("draw", seats=2, target=None, turn_seconds=3600, options={})
        record = await service.create(1, 9, Actor(1, "ada"), settings)

        hub = Hub()  # the other process: no commit of its own reaches it directly
        listener = ChangeListener(postgres_url, hub)
        await listener.start()
        try:
            with hub.watching(record.id) as watch, hub.watching(record.id + 1) as elsewhere:
                await watch.next_change()  # a new page reads at once
                await elsewhere.next_change()
                await service.join(record.id, Actor(2, "bea"))  # a lobby's change too
                await asyncio.wait_for(watch.next_change(), 30)
                await service.start(record.id, Actor(1, "ada"))
                await asyncio.wait_for(watch.next_change(), 30)
                other = asyncio.create_task(elsewhere.next_change())
                await asyncio.sleep(0.2)
                assert not other.done()  # another table's page was not woken
                other.cancel()
        finally:
            await listener.close()
