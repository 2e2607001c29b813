"""Test-only reads of the store, built on the queries the bot itself makes."""

from __future__ import annotations

from bot.store import FinishedMatchRecord, Store


async def finished_match(
    store: Store, table_id: int, guild_id: int, game: str
) -> FinishedMatchRecord | None:
    """The recorded result of one table, found in its guild and game's history (the list
    ratings and rankings are replayed from), or None if that table never finished."""
    matches = [m for m in await store.finished_matches(guild_id, game) if m.table_id == table_id]
    assert len(matches) <= 1, f"table {table_id} finished {len(matches)} times"
    return matches[0] if matches else None
