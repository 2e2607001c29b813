"""Tables that start seated, and the listeners told when a match is over."""

from __future__ import annotations

import pytest

from bot.store import Seat, Store, TableRecord, TableStatus
from bot.tables.service import Actor, TableService
from bot.tables.settings import TableSettings


def sackson() -> TableSettings:
    return TableSettings.build("sackson", seats=2, target=None, turn_seconds=300, options={})


async def test_a_seated_table_is_dealt_at_once_and_its_end_is_told(store: Store) -> None:
    """Two computers seated: the match is dealt and played to its end in one call, the
    result recorded, and each listener told once with the finished table."""
    service = TableService(store, new_seed=lambda: 5)
    heard: list[TableRecord] = []

    async def listen(record: TableRecord) -> None:
        heard.append(record)

    service.on_match_over(listen)
    computers = [
        Seat(None, "Computer 1 (easy)", is_bot=True, level="easy"),
        Seat(None, "Computer 2 (easy)", is_bot=True, level="easy"),
    ]
    update = await service.open_seated(1, 2, 9, sackson(), computers)
    assert update.record.status is TableStatus.FINISHED
    assert [(r.id, r.status) for r in heard] == [(update.record.id, TableStatus.FINISHED)]
    assert await service.start_seated(update.record.id) is None  # already dealt: nothing


async def test_a_seated_table_waits_for_its_person_and_a_cancel_is_told(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 5)
    heard: list[TableStatus] = []

    async def listen(record: TableRecord) -> None:
        heard.append(record.status)

    async def broken(record: TableRecord) -> None:
        raise RuntimeError("a listener's own failure")

    service.on_match_over(broken)
    service.on_match_over(listen)
    seats = [Seat(7, "Ada"), Seat(None, "Computer 1 (easy)", is_bot=True, level="easy")]
    update = await service.open_seated(1, 3, 9, sackson(), seats)
    assert update.record.status is TableStatus.PLAYING
    assert update.match.hand.current_player == 0  # Ada's turn: she is waited for
    await service.cancel(update.record.id, Actor(9, "Organizer"))
    assert heard == [TableStatus.CANCELLED]


async def test_a_seating_that_does_not_fit_is_refused(store: Store) -> None:
    service = TableService(store)
    with pytest.raises(ValueError, match="1 seats taken"):
        await service.open_seated(1, 4, 9, sackson(), [Seat(7, "Ada")])
    assert await store.open_table_in_channel(4) is None
