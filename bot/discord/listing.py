"""``/games``: the tables a player sits at, in every server, answered to them alone (in a
server channel or in a DM with the bot)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import discord

from bot.discord.answering import Desk, reader_text
from bot.publishing.my_tables import SHOWN, Place, my_tables_reply
from bot.publishing.replies import Reply, answer
from bot.store import TableRecord
from bot.tables.places import in_a_server
from bot.tables.service import table_settings

COUNTED: Final = 100
"""Tables read at most for one list (the first few are shown, the rest counted)."""


NAMES_KEPT: Final = 600.0
"""Seconds a server's and its channels' names, asked of Discord, are used again."""


@dataclass(slots=True)
class _Names:
    """A server's name and its channels' names, as Discord gave them ``at`` (monotonic)."""

    at: float
    server: str | None
    channels: dict[int, str] = field(default_factory=dict)
    looked_for: set[int] = field(default_factory=set)
    """Channels not among the server's, looked for once among its active threads (a
    tournament's tables: a thread opened since is looked for when it is listed)."""


class PlaceNames:
    """Where each listed table is, by name. A gateway process has its servers and channels
    in its cache; an interactions process has no cache, so it asks Discord (a server and
    its channels, two calls) for the servers of the tables shown, and keeps the names for
    :data:`NAMES_KEPT` seconds. A server that cannot be read stays unnamed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._asked: dict[int, _Names] = {}
        self._clock = clock

    async def resolve(
        self, client: discord.Client, records: Sequence[TableRecord]
    ) -> dict[int, _Names]:
        """The names of the servers of ``records`` that ``client`` does not cache."""
        found: dict[int, _Names] = {}
        now = self._clock()
        self._forget_stale(now)
        for record in records:
            guild_id = record.guild_id
            if not in_a_server(table_settings(record).place):
                continue  # a DM's or group DM's table: its league is a person's, not a server
            if guild_id in found or client.get_guild(guild_id) is not None:
                continue
            known = self._asked.get(guild_id)
            if known is None:
                known = self._asked[guild_id] = await self._ask(client, guild_id, now)
            missing = record.channel_id
            if missing not in known.channels and missing not in known.looked_for:
                known.looked_for.add(missing)
                await self._ask_threads(client, guild_id, known)
            found[guild_id] = known
        return found

    async def places(
        self, client: discord.Client, records: Sequence[TableRecord]
    ) -> Callable[[TableRecord], Place]:
        """Where each of ``records`` is: from ``client``'s cache, else from Discord."""
        asked = await self.resolve(client, records)

        def place(record: TableRecord) -> Place:
            guild = client.get_guild(record.guild_id)
            if guild is not None:
                channel = guild.get_channel_or_thread(record.channel_id)  # a tournament's thread
                return Place(guild.name, None if channel is None else channel.name)
            names = asked.get(record.guild_id)
            if names is None:
                return Place(None, None)
            return Place(names.server, names.channels.get(record.channel_id))

        return place

    async def server(self, client: discord.Client, guild_id: int) -> str | None:
        """A server's name: from ``client``'s cache, else from Discord (kept as above)."""
        guild = client.get_guild(guild_id)
        if guild is not None:
            return guild.name
        now = self._clock()
        self._forget_stale(now)
        known = self._asked.get(guild_id)
        if known is None:
            known = self._asked[guild_id] = await self._ask(client, guild_id, now)
        return known.server

    def _forget_stale(self, now: float) -> None:
        """Drop the names past :data:`NAMES_KEPT`, so that the servers of long-gone
        listings do not pile up in a long-running process."""
        self._asked = {
            guild: names for guild, names in self._asked.items() if now - names.at <= NAMES_KEPT
        }

    @staticmethod
    async def _ask(client: discord.Client, guild_id: int, now: float) -> _Names:
        try:
            guild = await client.fetch_guild(guild_id)
        except discord.HTTPException:
            return _Names(now, None)
        names = _Names(now, guild.name)
        try:
            channels = await guild.fetch_channels()
        except discord.HTTPException:
            return names
        names.channels = {channel.id: channel.name for channel in channels}
        return names

    @staticmethod
    async def _ask_threads(client: discord.Client, guild_id: int, names: _Names) -> None:
        """Add the server's active threads (a table played in a thread: a tournament's),
        one more call, only when a listed table is in none of the names known."""
        try:
            found = await client.http.get_active_threads(guild_id)
        except discord.HTTPException:
            return
        for thread in found.get("threads", []):
            names.channels[int(thread["id"])] = thread["name"]


PLACE_NAMES: Final = PlaceNames()
"""This process's names of servers it does not cache (one per process)."""


class ListHandlers(Desk):
    """A player's own tables."""

    async def my_tables(self, interaction: discord.Interaction[Any]) -> None:
        user_id = interaction.user.id
        client = interaction.client

        async def work() -> Reply:
            records = await self.service.store.tables_of_player(user_id, limit=COUNTED)
            place = await PLACE_NAMES.places(client, records[:SHOWN])
            return my_tables_reply(
                records, len(records), user_id, self.service.now(), place, reader_text(interaction)
            )

        async def run() -> None:
            await answer(interaction, work(), edit=False, ephemeral=True)

        await self.guarded(interaction, run)
