"""``/games`` names servers and channels a process does not cache by asking Discord once."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.discord.listing import NAMES_KEPT, PlaceNames
from bot.publishing.my_tables import Place


class FakeClient:
    """No cache; ``fetch_guild`` answers for known servers and counts the calls."""

    def __init__(
        self,
        servers: dict[int, tuple[str, dict[int, str]]],
        threads: dict[int, dict[int, str]] | None = None,
    ) -> None:
        self.servers = servers
        self.asked: list[int] = []
        self.threads_asked: list[int] = []
        known = threads or {}

        async def get_active_threads(guild_id: int) -> dict[str, Any]:
            self.threads_asked.append(guild_id)
            listed = known.get(guild_id, {})
            return {"threads": [{"id": str(i), "name": n} for i, n in listed.items()]}

        self.http = SimpleNamespace(get_active_threads=get_active_threads)

    def get_guild(self, guild_id: int) -> None:
        return None

    async def fetch_guild(self, guild_id: int) -> Any:
        self.asked.append(guild_id)
        if guild_id not in self.servers:
            raise discord.NotFound(cast(Any, SimpleNamespace(status=404, reason="")), "gone")
        name, channels = self.servers[guild_id]

        async def fetch_channels() -> list[Any]:
            return [SimpleNamespace(id=i, name=n) for i, n in channels.items()]

        return SimpleNamespace(name=name, fetch_channels=fetch_channels)


def record(guild_id: int, channel_id: int = 0) -> Any:
    """A server table's record, as far as naming its place reads it."""
    settings = {"seats": 2, "turn_seconds": 60}
    return SimpleNamespace(
        guild_id=guild_id, channel_id=channel_id, game="network", settings=settings
    )


async def test_names_are_asked_once_per_server_and_kept_a_while() -> None:
    client = FakeClient({1: ("Domino Club", {10: "tables"}), 2: ("Tile Tavern", {20: "back"})})
    now = [100.0]
    names = PlaceNames(lambda: now[0])
    found = await names.resolve(cast(Any, client), [record(1), record(2), record(1)])
    assert found[1].server == "Domino Club" and found[1].channels == {10: "tables"}
    assert found[2].server == "Tile Tavern"
    assert client.asked == [1, 2]
    await names.resolve(cast(Any, client), [record(1)])
    assert client.asked == [1, 2]  # kept
    now[0] += NAMES_KEPT + 1
    await names.resolve(cast(Any, client), [record(1)])
    assert client.asked == [1, 2, 1]  # asked again once stale


async def test_a_server_that_cannot_be_read_stays_unnamed() -> None:
    client = FakeClient({})
    found = await PlaceNames().resolve(cast(Any, client), [record(7)])
    assert found[7].server is None and found[7].channels == {}


async def test_places_read_the_cache_first_and_ask_only_for_the_rest() -> None:
    cached = SimpleNamespace(  # a channel or a thread, as discord.py's cached guild finds it
        name="Cached Club",
        get_channel_or_thread=lambda i: SimpleNamespace(name="lobby") if i == 5 else None,
    )
    client = FakeClient({2: ("Tile Tavern", {20: "back"})})
    client.get_guild = lambda guild_id: cached if guild_id == 1 else None  # type: ignore[method-assign,assignment]
    at = [record(1, channel_id=5), record(2, channel_id=20)]
    place = await PlaceNames().places(cast(Any, client), cast(Any, at))
    assert client.asked == [2]
    assert place(at[0]) == Place("Cached Club", "lobby")
    assert place(at[1]) == Place("Tile Tavern", "back")
    assert place(record(3, channel_id=1)) == Place(None, None)


async def test_stale_names_are_dropped_when_new_ones_are_asked() -> None:
    client = FakeClient({1: ("Domino Club", {}), 2: ("Tile Tavern", {})})
    now = [0.0]
    names = PlaceNames(lambda: now[0])
    await names.resolve(cast(Any, client), [record(1)])
    now[0] += NAMES_KEPT + 1
    await names.resolve(cast(Any, client), [record(2)])
    assert set(names._asked) == {2}


async def test_a_table_in_a_thread_is_named_by_the_servers_active_threads_once() -> None:
    """A tournament's table plays in a thread, which a server's channels do not list."""
    client = FakeClient(
        {1: ("Domino Club", {10: "tables"})}, {1: {77: "Sackson's Network · round 1 · table 2"}}
    )
    names = PlaceNames(lambda: 100.0)
    found = await names.resolve(cast(Any, client), [record(1, 10)])
    assert client.threads_asked == []  # every table in a channel: no more calls
    found = await names.resolve(cast(Any, client), [record(1, 77), record(1, 77)])
    assert found[1].channels[77] == "Sackson's Network · round 1 · table 2"
    assert client.threads_asked == [1]
    await names.resolve(cast(Any, client), [record(1, 88)])  # a thread opened since
    assert client.threads_asked == [1, 1]
    await names.resolve(cast(Any, client), [record(1, 88), record(1, 77)])
    assert client.threads_asked == [1, 1]  # each looked for once
