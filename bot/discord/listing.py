"""``/games``: the tables a player sits at, in every server, answered to them alone (in a
server channel or in a DM with the bot)."""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.discord.answering import Desk, reader_text
from bot.publishing.my_tables import Place, my_tables_reply
from bot.publishing.replies import Reply, answer
from bot.store import TableRecord

COUNTED: Final = 100
"""Tables read at most for one list (the first few are shown, the rest counted)."""


class ListHandlers(Desk):
    """A player's own tables."""

    async def my_tables(self, interaction: discord.Interaction[Any]) -> None:
        user_id = interaction.user.id
        client = interaction.client

        def place(record: TableRecord) -> Place:
            guild = client.get_guild(record.guild_id)
            channel = None if guild is None else guild.get_channel(record.channel_id)
            return Place(
                None if guild is None else guild.name, None if channel is None else channel.name
            )

        async def work() -> Reply:
            records = await self.service.store.tables_of_player(user_id, limit=COUNTED)
            return my_tables_reply(
                records, len(records), user_id, self.service.now(), place, reader_text(interaction)
            )

        async def run() -> None:
            await answer(interaction, work(), edit=False, ephemeral=True)

        await self.guarded(interaction, run)
