"""``/games``: every table you sit at, in servers, DMs and group DMs, usable anywhere (a
command for every game, so a cog of its own)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.handlers import Handlers
from i18n import N_


class TablesCog(commands.Cog):
    """A player's own tables across servers."""

    def __init__(self, handlers: Handlers) -> None:
        self.handlers = handlers

    @app_commands.command(
        name=N_("games"),
        description=N_(
            "Your tables in servers, DMs and group DMs: scores, whose turn, time left (only "
            "you see it)"
        ),
    )
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.my_tables(interaction)
