"""``/standings``: the server's league table, per game (choices come from the registry)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages
from bot.replies import NO_MENTIONS, tell
from bot.store import Store
from engine.registry import GAMES, game_spec

GAME_CHOICES = [app_commands.Choice(name=spec.title, value=spec.name) for spec in GAMES.values()]


class LeagueCog(commands.Cog):
    """League standings built from finished matches."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @app_commands.command(name="standings", description="This server's league table")
    @app_commands.describe(game="Which game's table (default: the game played most recently)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def standings(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        if interaction.guild_id is None:
            await tell(interaction, "The league table belongs to a server: use this in one.")
            return
        if game is None:
            played = await self.store.standings_games(interaction.guild_id)
            game = played[0] if played else None
        spec = None if game is None else game_spec(game)
        rows = (
            [] if game is None else await self.store.standings(interaction.guild_id, game, limit=20)
        )
        guild_name = interaction.guild.name if interaction.guild else "this server"
        content = messages.standings_content(rows, guild_name, spec)
        if spec is not None:
            others = [
                g for g in await self.store.standings_games(interaction.guild_id) if g != game
            ]
            if others:
                titles = ", ".join(game_spec(g).title for g in others if g in GAMES)
                content += f"\nAlso played here: {titles} (`/standings game:`)."
        await interaction.response.send_message(content, allowed_mentions=NO_MENTIONS)
