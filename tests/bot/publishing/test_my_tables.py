"""``/games``'s list: what it says of each table, its cap, and how time left reads."""

from __future__ import annotations

from pathlib import Path

from bot.publishing.my_tables import SHOWN, Place, my_tables_reply, time_left
from bot.store import Store, TableRecord
from bot.tables.service import TableService
from tests.bot.tables.test_service import ADA, BEA, GUILD, Clock, settings_for


def test_time_left_is_as_precise_as_it_matters() -> None:
    assert time_left(30) == "under a minute"
    assert time_left(4 * 60 + 59) == "4 min"
    assert time_left(3 * 3600 + 20 * 60 + 59) == "3 h 20 min"
    assert time_left(86400 + 11 * 3600 + 59 * 60) == "1 d 11 h"


def nowhere(record: TableRecord) -> Place:
    return Place(None, None)


async def test_the_list_is_capped_and_counts_the_rest(tmp_path: Path) -> None:
    clock = Clock()
    async with Store.open(tmp_path / "t.db", clock=clock) as store:
        service = TableService(store, clock=clock, new_seed=lambda: 7)
        for channel in range(1, SHOWN + 3):
            await service.create(GUILD, channel, ADA, settings_for(seats=3))
            clock.advance(1)
        started = await service.create(GUILD, 99, ADA, settings_for(turn_seconds=2 * 86400))
        await service.join(started.id, BEA)
        update = await service.start(started.id, ADA)
        seat = update.match.hand.current_player
        assert seat is not None
        adas_turn = update.record.seats[seat].user_id == ADA.user_id
        clock.advance(3600)
        records = await store.tables_of_player(ADA.user_id)
        assert records[0].id == started.id  # the latest change first
        assert await store.tables_of_player(BEA.user_id) == records[:1]

        reply = my_tables_reply(records, len(records), ADA.user_id, clock(), nowhere)
        assert reply.content.startswith(f"**Your tables** ({SHOWN + 3})")
        assert reply.content.count(" · table ") == SHOWN
        assert reply.content.endswith("…and 3 more.")
        assert "waiting to start · 1/3 seats" in reply.content
        assert "a server · [its channel](https://discord.com/channels/10/12)" in reply.content
        assert len(reply.content) <= 2000
        # a button to the controls only where it is her turn (seed 7 decides who leads)
        assert ("▶ **your turn**, 1 d 23 h left" in reply.content) is adas_turn
        assert ("Bea to play, 1 d 23 h left" in reply.content) is not adas_turn
        assert (0 if reply.view is None else len(reply.view.children)) == int(adas_turn)

        empty = my_tables_reply([], 0, 12345, clock(), nowhere)
        assert "You are not sitting at any table" in empty.content and empty.view is None
