"""The interaction tokens a table in a chat the bot is not in is shown through, on SQLite
and PostgreSQL: the newest of each kind is kept, only for a table in that interaction's
chat, and only while it lives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store import Store
from bot.store.records import Seat

CHAT = 7_000
LIFE = timedelta(minutes=14)


async def open_table(store: Store) -> int:
    record = await store.create_table(
        guild_id=1,
        channel_id=CHAT,
        creator_id=2,
        game="network",
        settings={"seats": 2, "turn_seconds": 60, "place": "group_dm"},
        seats=[Seat(user_id=2, name="ada", locale="en-US")],
    )
    return record.id


async def test_the_newest_token_of_each_kind_is_kept(store_target: str | Path) -> None:
    async with Store.open(store_target) as store:
        table = await open_table(store)
        await store.note_token(table, CHAT, "table", 20, {"token": "newer"})
        await store.note_token(table, CHAT, "table", 10, {"token": "older, arriving late"})
        await store.note_token(table, CHAT, "any", 30, {"token": "a play"}, "@original")
        await store.note_token(table, CHAT, "table", 40, {"token": "posted anew"}, "123")
        held = await store.live_tokens(table, LIFE)
        assert held["table"].ticket == {"token": "posted anew"} and held["table"].message == "123"
        assert held["any"].ticket == {"token": "a play"}
        assert "newer" not in repr(held), "a token never shows in a repr (a log line)"


async def test_a_token_from_another_chat_is_not_kept(store_target: str | Path) -> None:
    async with Store.open(store_target) as store:
        table = await open_table(store)
        await store.note_token(table, CHAT + 1, "any", 10, {"token": "a DM's"})
        assert await store.live_tokens(table, LIFE) == {}


async def test_a_token_past_its_life_is_not_offered(store_target: str | Path) -> None:
    now = [datetime(2026, 3, 1, 12, tzinfo=UTC)]
    async with Store.open(store_target, clock=lambda: now[0]) as store:
        table = await open_table(store)
        await store.note_token(table, CHAT, "table", 10, {"token": "t"})
        now[0] += timedelta(minutes=13)
        assert set(await store.live_tokens(table, LIFE)) == {"table"}
        now[0] += timedelta(minutes=2)
        assert await store.live_tokens(table, LIFE) == {}
