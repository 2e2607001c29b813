"""Whether a table's messages are behind what is committed: what a publish job and a
starting process compare, so that a restart publishes only the tables a stopped process
left unshown and leaves every other one as it is (no DM, no edit, no post)."""

from __future__ import annotations

from bot.store import TableRecord, TableStatus
from bot.store.publication import Publication
from bot.tables.meta import TableMeta


def unshown(record: TableRecord) -> bool:
    """True when something of ``record`` is not recorded as published: a version newer than
    the one shown, a move of the table message left unfinished, news not announced, or
    (while it is played) the turn's player not yet told (by DM, or by a ping when their
    DMs are closed)."""
    done = Publication.from_json(record.publication)
    if record.version > done.version or done.moving is not None:
        return True
    meta = TableMeta.from_json(record.meta)
    if any(item.id > done.news_sent and item.announcements for item in meta.news):
        return True
    return record.status is TableStatus.PLAYING and meta.turn > done.dm_turn
