"""``/network …``: open, join, play and inspect Network dominoes tables."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages
from bot.errors import UserError
from bot.handlers import Handlers
from bot.replies import tell
from bot.table_options import MAX_TARGET, MIN_TARGET, TableOptions

ATTACHMENTS = [
    app_commands.Choice(name="7 — every way (standard)", value=7),
    app_commands.Choice(name="5 — no offsets off side faces", value=5),
    app_commands.Choice(name="3 — end face only", value=3),
]
LEAD_RULES = [
    app_commands.Choice(name="Highest double leads (standard)", value="highest-double"),
    app_commands.Choice(name="The leader may lead any tile", value="any"),
]
BONUS_TIES = [
    app_commands.Choice(name="Every tied number's last player gets +3 (standard)", value="all"),
    app_commands.Choice(name="Only the most recent of the tied numbers", value="recent"),
    app_commands.Choice(name="No bonus on a tie", value="none"),
]


@app_commands.guild_only()
class NetworkCog(commands.GroupCog, group_name="network", group_description="Network dominoes"):
    """Slash commands for Network dominoes tables in the current channel."""

    def __init__(self, handlers: Handlers, default_turn_seconds: int) -> None:
        self.handlers = handlers
        self.default_turn_seconds = default_turn_seconds
        super().__init__()

    @app_commands.command(name="new", description="Open a Network dominoes table in this channel")
    @app_commands.describe(
        target="Points needed to win the match (default 10)",
        seats="Number of seats, 2 to 5 (default 4)",
        attachments="Ways a tile may attach to an open end",
        lead="Who leads each hand",
        bonus_tie="End-of-hand bonus when numbers tie",
        turn_minutes="Minutes per turn before a player passes automatically (default 5)",
    )
    @app_commands.choices(attachments=ATTACHMENTS)
    @app_commands.choices(lead=LEAD_RULES, bonus_tie=BONUS_TIES)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        target: app_commands.Range[int, MIN_TARGET, MAX_TARGET] = 10,
        seats: app_commands.Range[int, 2, 5] = 4,
        attachments: app_commands.Choice[int] | None = None,
        lead: app_commands.Choice[str] | None = None,
        bonus_tie: app_commands.Choice[str] | None = None,
        turn_minutes: app_commands.Range[int, 1, 60] | None = None,
    ) -> None:
        try:
            options = TableOptions(
                target=target,
                seats=seats,
                attachments=attachments.value if attachments else 7,
                lead=lead.value if lead else "highest-double",
                bonus_tie=bonus_tie.value if bonus_tie else "all",
                turn_seconds=turn_minutes * 60 if turn_minutes else self.default_turn_seconds,
            )
        except UserError as exc:
            await tell(interaction, str(exc))
            return
        await self.handlers.create(interaction, options)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.join_here(interaction)

    @app_commands.command(name="play", description="Play a tile (or pass) at this channel's table")
    @app_commands.describe(move="Your move, like 6-3 B NE, or pass (pick from the list)")
    async def play(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self.handlers.play_here(interaction, move)

    @play.autocomplete("move")
    async def play_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await self.handlers.autocomplete_moves(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in choices]

    @app_commands.command(name="hand", description="Show your tiles (and your controls) privately")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.hand_here(interaction)

    @app_commands.command(name="status", description="Show this channel's table and scores")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.status_here(interaction)

    @app_commands.command(name="cancel", description="Cancel this channel's table (host only)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.cancel_here(interaction)

    @app_commands.command(name="rules", description="A summary of the rules of Network dominoes")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await tell(interaction, messages.RULES)
