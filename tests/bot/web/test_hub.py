"""Pages are woken when their table changes, once however many commits came."""

from __future__ import annotations

import asyncio

from bot.web.hub import Hub


async def test_a_page_is_woken_by_its_table_only() -> None:
    hub = Hub()
    with hub.watching(1) as mine, hub.watching(2) as other:
        await mine.next_change()  # a new page reads at once
        await other.next_change()
        hub.changed(1)
        hub.changed(1)
        await asyncio.wait_for(mine.next_change(), 1)
        waiting = asyncio.create_task(mine.next_change())
        others = asyncio.create_task(other.next_change())
        await asyncio.sleep(0)
        assert not waiting.done() and not others.done()  # two commits woke it once
        hub.changed(2)
        await asyncio.wait_for(others, 1)
        assert not waiting.done()
        waiting.cancel()
    assert hub.pages == 0
