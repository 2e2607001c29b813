"""The Discord clients: the gateway bot, and the commands tree both it and the interactions
endpoint use; each wires the same parts in (``bot.app.wiring``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Final, cast

import discord
import yarl
from discord import app_commands
from discord.app_commands import AppCommand
from discord.ext import commands

from bot.app.command_ids import learn_registered
from bot.app.entry_point import entry_point_command, sync_global
from bot.app.settings import Settings
from bot.app.stopping import stop_requested, stopped_cleanly
from bot.app.surfaces import surfaces
from bot.app.wiring import Wiring
from bot.discord.handlers import Handlers
from bot.metrics.calls import discord_trace
from bot.publishing.replies import SORRY, tell
from i18n import text_in

log = logging.getLogger(__name__)


def point_at(settings: Settings) -> None:
    """Aim discord.py at the configured REST base and gateway (real Discord by default)."""
    discord.http.Route.BASE = settings.discord_api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def gateway_intents() -> discord.Intents:
    """Just ``guilds``, which is not privileged. Interactions arrive whatever the intents,
    and the bot never reads messages or members, so it asks for no message or member
    events: less gateway traffic to parse for every table message it edits."""
    return discord.Intents(guilds=True)


def _guild_only(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> bool:
    """Whether a command is for servers alone (it has no use in a DM with the bot)."""
    contexts = command.allowed_contexts
    if contexts is not None:
        return not contexts.dm_channel
    return command.guild_only


EVERYWHERE: Final = app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)
EITHER_INSTALL: Final = app_commands.AppInstallationType(guild=True, user=True)


class DominoTree(app_commands.CommandTree[Any]):
    """Answers a slash command that failed unexpectedly instead of leaving it hanging,
    and syncs the global commands with the application's Entry Point
    (:mod:`bot.app.entry_point`)."""

    def __init__(self, client: discord.Client, **options: Any) -> None:
        """Every command may be used in a server, in a DM with the bot, and in DMs and
        group DMs the bot is not in, by a server's install or a user's own (a table there
        lives on interactions: ``bot.publishing.by_token``)."""
        options.setdefault("allowed_contexts", EVERYWHERE)
        options.setdefault("allowed_installs", EITHER_INSTALL)
        super().__init__(client, **options)

    entry_point: dict[str, Any] | None = None
    """The Entry Point command to register with the global commands (the Activity is
    on), or None (one Discord already has is kept)."""

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[AppCommand]:
        if guild is not None:
            return await super().sync(guild=guild)
        return await sync_global(self, self.entry_point)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.error("slash command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await tell(interaction, text_in(interaction.locale.value)._(SORRY))


RECANCEL_SECONDS: Final = 1.0
"""How often a start that survived its cancellation is cancelled again."""


async def _ended(task: asyncio.Task[None]) -> None:
    """Cancel ``task`` and wait for its end, cancelling it again while it survives: on
    Python 3.11, ``asyncio.wait_for`` (which discord.py connects a shard through) lets a
    cancellation pass when what it waits for has just finished."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=RECANCEL_SECONDS)


class DominoBot(commands.AutoShardedBot):
    """Runs every table over the gateway; ``handlers`` is what the dynamic controls call.

    Sharded by discord.py: one process runs every shard unless SHARD_IDS names some.
    Several processes share one PostgreSQL store; each resumes its own guilds' tables,
    and serves any table's DM controls (Discord sends DM interactions to shard 0).
    """

    handlers: Handlers

    def __init__(self, settings: Settings) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            **shards,
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=DominoTree,
            http_trace=discord_trace(),  # counts API calls by rate limit, and 429s
        )
        self.settings = settings
        if surfaces(settings).activity:
            cast(DominoTree, self.tree).entry_point = entry_point_command()
        self._wiring = Wiring(self, settings, ready=self.wait_until_ready, live=self.connected)
        self._republishing: asyncio.Task[None] | None = None

    async def run_until_stopped(self, token: str) -> None:
        """Log in, connect and run until SIGTERM or Ctrl-C, then close (``close``: the
        publish jobs under way first); raises what stopped it from starting."""
        stopping = stop_requested()
        running = asyncio.create_task(self.start(token), name="gateway-bot")
        asked = asyncio.create_task(stopping.wait())
        try:
            await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
            # Logging in, setting up, connecting or reading the gateway's events: it goes
            # no further (a shard still connecting would retry for ever once closed).
            await _ended(running)
        finally:
            asked.cancel()
            await self.close()
        if not running.cancelled():
            running.result()  # what stopped it from starting, if anything
        if stopping.is_set():
            stopped_cleanly()

    async def setup_hook(self) -> None:
        self.handlers = await self._wiring.open()
        await self._sync_commands()
        self._republishing = asyncio.create_task(self._republish())
        log.info("setup done: database %s", self.settings.database_name)

    def connected(self) -> bool:
        """Every shard this process runs is connected to the gateway (it can be sent
        interactions), and the process is not closing."""
        shards = list(self.shards.values())
        return bool(shards) and not self.is_closed() and not any(s.is_closed() for s in shards)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            # The dev guild gets the commands at once (global ones take a while to show);
            # those usable in DMs (no guild there) stay global, and only they.
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            anywhere = [c for c in self.tree.get_commands() if not _guild_only(c)]
            for command in anywhere:
                self.tree.remove_command(command.name, guild=guild)
            synced = await self.tree.sync(guild=guild)
            learn_registered(synced)
            log.info("synced %d commands to guild %d", len(synced), guild.id)
            for command in self.tree.get_commands():
                if command not in anywhere:
                    self.tree.remove_command(command.name)
            synced = await self.tree.sync()
            learn_registered(synced)
            log.info("synced %d global commands (usable in DMs)", len(synced))
        else:
            synced = await self.tree.sync()
            learn_registered(synced)
            log.info("synced %d global commands", len(synced))

    async def _republish(self) -> None:
        """Once connected, name jobs for what a killed process left unshown (without
        delaying the connection)."""
        await self.wait_until_ready()
        await self.handlers.republish()

    async def on_ready(self) -> None:
        user = self.user
        log.info("connected as %s (%s)", user, user.id if user else "?")

    async def close(self) -> None:
        """Stop the timers and the publish jobs (those under way finish while Discord is
        still reachable), then close the gateway, the drawing processes and the store."""
        if self._republishing is not None:
            self._republishing.cancel()
        await self._wiring.stop()
        await super().close()
        await self._wiring.close()
