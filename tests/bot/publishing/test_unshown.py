"""What a starting process publishes: only a table whose store says something of it is
not shown yet."""

from __future__ import annotations

from dataclasses import replace

from bot.publishing.unshown import unshown
from bot.store import Store, TableRecord
from bot.store.publication import Publication, TableMove
from bot.tables.meta import News, TableMeta
from tests.bot.set_ups import started_network_table


def shown(record: TableRecord, **changes: object) -> TableRecord:
    """``record`` with a publication that records all of it as sent, but ``changes``."""
    meta = TableMeta.from_json(record.meta)
    publication = Publication(
        version=record.version,
        dm_turn=meta.turn,
        news_sent=max((item.id for item in meta.news), default=-1),
    )
    return replace(record, publication=replace(publication, **changes).to_json())  # type: ignore[arg-type]


async def test_a_table_shown_in_full_is_left_alone(store: Store) -> None:
    record = (await started_network_table(store)).record
    assert not unshown(shown(record))


async def test_a_table_is_behind_when_anything_of_it_was_not_recorded_as_sent(
    store: Store,
) -> None:
    record = (await started_network_table(store)).record
    turn = TableMeta.from_json(record.meta).turn
    assert unshown(shown(record, version=record.version - 1))  # a commit not shown
    assert unshown(shown(record, dm_turn=turn - 1))  # the turn's player not told
    move = TableMove(replaces=1, nonce=2, since=3, version=record.version)
    assert unshown(shown(record, moving=move))  # the table message's move cut short
    meta = TableMeta.from_json(record.meta)
    told = replace(meta, news=(*meta.news, News(turn + 1, ("Hand 1 is over",))))
    assert unshown(replace(shown(record), meta=told.to_json()))  # news not announced
