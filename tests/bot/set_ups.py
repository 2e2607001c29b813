"""Table set-ups the bot's unit tests share."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.store import Seat, Store, TableRecord, TableStatus
from bot.tables.service import Actor, TableService, TableUpdate
from bot.tables.settings import TableSettings


def network_table(seats: int, language: str = "en") -> TableSettings:
    """A Network dominoes table for ``seats`` players, no target, a 5-minute turn."""
    return TableSettings.build(
        "network", seats=seats, target=None, turn_seconds=300, options={}, language=language
    )


async def started_network_table(store: Store, language: str = "en") -> TableUpdate:
    """Ada (user 1) opens a three-seat Network table in channel 2 of guild 1 (speaking
    ``language``), Bea (user 2) joins, Ada adds a computer and starts it: the deal is
    seeded (11), so always the same."""
    service = TableService(store, new_seed=lambda: 11)
    record = await service.create(1, 2, Actor(1, "Ada"), network_table(3, language))
    await service.join(record.id, Actor(2, "Bea"))
    await service.add_computer(record.id, Actor(1, "Ada"))
    return await service.start(record.id, Actor(1, "Ada"))


def playing_table(
    game: str,
    seats: tuple[Seat, ...],
    *,
    settings: dict[str, Any] | None = None,
    state: dict[str, Any] | None = None,
    version: int = 1,
    now: datetime | None = None,
) -> TableRecord:
    """Table 1 of guild 1, being played, as the store holds it (built without a store):
    ``seats`` at it, its ``settings`` and match ``state`` as JSON."""
    now = now or datetime.now(UTC)
    return TableRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        message_id=None,
        creator_id=1,
        game=game,
        status=TableStatus.PLAYING,
        version=version,
        settings=settings or {},
        seats=seats,
        state=state,
        meta={},
        created_at=now,
        updated_at=now,
        expires_at=None,
    )
