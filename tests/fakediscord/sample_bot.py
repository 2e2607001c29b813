"""A tiny discord.py bot that exercises the fake server; run as a subprocess by tests.

It is configured purely through the environment, exactly like a production bot would
be pointed at the fake: DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL.
Set SAMPLE_BOT_SHARDED=1 to use AutoShardedClient (which asks GET /gateway/bot).
"""

from __future__ import annotations

import io
import logging
import os
from typing import Any

import discord
import yarl
from discord import app_commands


def point_at_fake_discord() -> None:
    """The only change a bot needs: where the REST API and the gateway live."""
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])


class CounterView(discord.ui.View):
    """Persistent view: its state lives in the message, so it survives bot restarts."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Count", style=discord.ButtonStyle.primary, custom_id="sample:count")
    async def count(
        self, interaction: discord.Interaction, button: discord.ui.Button[CounterView]
    ) -> None:
        assert interaction.message is not None
        current = int(interaction.message.content.rsplit(" ", 1)[-1])
        await interaction.response.edit_message(content=f"Count: {current + 1}")

    @discord.ui.button(label="Later", custom_id="sample:later")
    async def later(
        self, interaction: discord.Interaction, button: discord.ui.Button[CounterView]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Count: 100")

    @discord.ui.select(
        custom_id="sample:pick",
        placeholder="Pick a tile",
        options=[
            discord.SelectOption(label="Double six", value="6-6"),
            discord.SelectOption(label="Five three", value="5-3"),
        ],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[CounterView]
    ) -> None:
        await interaction.response.send_message(f"Picked {select.values[0]}", ephemeral=True)


class DmView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ack", custom_id="sample:dm-ack")
    async def ack(
        self, interaction: discord.Interaction, button: discord.ui.Button[DmView]
    ) -> None:
        where = "DM" if interaction.guild_id is None else "guild"
        await interaction.response.edit_message(content=f"Acknowledged in {where}", view=None)


class NameModal(discord.ui.Modal, title="Name your table"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Name", custom_id="name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table named {self.name.value}")


table = app_commands.Group(name="table", description="Tables")


@table.command(name="new", description="Open a table")
async def table_new(
    interaction: discord.Interaction, seats: app_commands.Range[int, 2, 4], name: str
) -> None:
    await interaction.response.send_message(f"Table {name} for {seats}")


@table_new.autocomplete("name")
async def table_name_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f"{current}-{i}", value=f"{current}-{i}") for i in range(3)]


@app_commands.command(description="Repeat some text")
async def echo(
    interaction: discord.Interaction, text: str, times: app_commands.Range[int, 1, 5] = 1
) -> None:
    await interaction.response.send_message(" ".join([text] * times))


@app_commands.command(description="Post a counter panel")
async def panel(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Count: 0", view=CounterView())


@app_commands.command(description="DM a user")
async def dm(interaction: discord.Interaction, user: discord.User) -> None:
    await interaction.response.defer(thinking=True)
    try:
        await user.send("Hello from the sample bot", view=DmView())
    except discord.Forbidden as exc:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(f"DM failed: Forbidden {exc.code}")
        await interaction.followup.send("Could not DM them")
    else:
        await interaction.followup.send(f"DM sent to {user.name}")


@app_commands.command(description="Acknowledge twice (a bug on purpose)")
async def double(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("first")
    interaction.response._response_type = None  # bypass discord.py's own guard
    try:
        await interaction.response.send_message("second")
    except discord.HTTPException as exc:
        await interaction.followup.send(f"second callback failed: {exc.status} {exc.code}")


@app_commands.command(description="Answer, reporting if it was too late")
async def late(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("on time")
    except discord.NotFound as exc:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(f"late: {exc.code}")


@app_commands.command(description="Send files")
async def upload(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        "here", file=discord.File(io.BytesIO(b"double six"), "tile.txt")
    )
    await interaction.followup.send(
        "board", file=discord.File(io.BytesIO(b"\x89PNG fake"), "board.png")
    )
    message = await interaction.original_response()
    await message.edit(
        content="here (edited)",
        attachments=[*message.attachments, discord.File(io.BytesIO(b"v2"), "v2.txt")],
    )


@app_commands.command(description="Think, then answer")
async def think(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True, ephemeral=True)
    await interaction.edit_original_response(content="thought about it")


@app_commands.command(description="Open a modal")
async def rename(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameModal())


@app_commands.command(description="Managers only")
@app_commands.default_permissions(manage_guild=True)
async def admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("admin ok")


def build_client() -> discord.Client:
    sharded = os.environ.get("SAMPLE_BOT_SHARDED") == "1"
    base: type[discord.Client] = discord.AutoShardedClient if sharded else discord.Client

    class SampleBot(base):  # type: ignore[valid-type,misc]
        def __init__(self) -> None:
            super().__init__(intents=discord.Intents.default())
            self.tree = app_commands.CommandTree(self)
            self.tree.add_command(table)
            commands: list[app_commands.Command[Any, ..., Any]] = [
                echo,
                panel,
                dm,
                double,
                late,
                upload,
                think,
                rename,
                admin,
            ]
            for command in commands:
                self.tree.add_command(command)

        async def setup_hook(self) -> None:
            self.add_view(CounterView())
            self.add_view(DmView())
            await self.tree.sync()

    return SampleBot()


def main() -> None:
    point_at_fake_discord()
    build_client().run(os.environ["DISCORD_TOKEN"], log_level=logging.INFO)


if __name__ == "__main__":
    main()
