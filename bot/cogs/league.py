"""``/standings``: the server's league table."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages
from bot.replies import NO_MENTIONS, tell
from bot.store import Store
from bot.table_options import GAME


class LeagueCog(commands.Cog):
    """League standings built from finished matches."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @app_commands.command(name="standings", description="The server's Network dominoes league")
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            await tell(interaction, "The league table belongs to a server: use this in one.")
            return
        rows = await self.store.standings(interaction.guild_id, GAME, limit=20)
        guild_name = interaction.guild.name if interaction.guild else "this server"
        await interaction.response.send_message(
            messages.standings_content(rows, guild_name), allowed_mentions=NO_MENTIONS
        )
