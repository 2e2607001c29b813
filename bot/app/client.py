"""The Discord client: wires the store, service, handlers, cogs and controls together."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from datetime import timedelta
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.app.observe import Observer, count_interaction
from bot.app.settings import Settings
from bot.discord.cogs.games import family_group
from bot.discord.cogs.league import LeagueCog
from bot.discord.handlers import Handlers
from bot.games import ADAPTERS
from bot.metrics.calls import discord_trace
from bot.publishing import pictures
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.jobs.choice import open_queue
from bot.publishing.jobs.waiting import waiting_jobs
from bot.publishing.publisher import Publisher
from bot.publishing.replies import SORRY, tell
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timers import TableTimers
from bot.views.components import DYNAMIC_ITEMS

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


def deal_seeds(fixed: int | None) -> Callable[[], int]:
    """Where new tables get their seed: random, or the configured one (DEAL_SEED)."""
    if fixed is None:
        return lambda: secrets.randbits(63)
    return lambda: fixed


class DominoTree(app_commands.CommandTree[Any]):
    """Answers a slash command that failed unexpectedly instead of leaving it hanging."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.error("slash command failed", exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await tell(interaction, SORRY)


class DominoBot(commands.AutoShardedBot):
    """Runs every table; ``handlers`` is what the dynamic controls call.

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
        self._store: Store | None = None
        self._timers: TableTimers | None = None
        self._republishing: asyncio.Task[None] | None = None
        self._painters: Executor | None = None
        self._queue: JobQueue | None = None
        self._observer: Observer | None = None

    async def setup_hook(self) -> None:
        settings = self.settings
        self._painters = pictures.use_processes(settings.render_processes)
        if self._painters is not None:
            self._painters.submit(int)  # start the workers now, not at the first picture
        self._store = store = await Store.open(settings.database)

        service = TableService(
            store,
            lobby_timeout=timedelta(seconds=settings.lobby_timeout_seconds),
            new_seed=deal_seeds(settings.deal_seed),
        )
        delivery = Delivery(self)
        retry = timedelta(seconds=settings.job_retry_seconds)
        self._queue = queue = await open_queue(store, retry_after=retry)
        # On PostgreSQL, computer seats move in publish jobs, not where a play arrived.
        thinker = None if queue.in_process else service
        publisher = Publisher(self, store, delivery, queue, thinker)
        self._timers = timers = TableTimers(self._turn_expired, self._lobby_expired)
        self.handlers = Handlers(service, publisher, queue, timers, delivery, settings.owns_guild)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for adapter in ADAPTERS.values():
            self.tree.add_command(family_group(adapter, self.handlers, settings.turn_seconds))
        await self.add_cog(LeagueCog(store))
        workers = settings.publish_concurrency
        if queue.in_process:
            workers = max(1, workers)  # the only process: it must publish
        standby = None if queue.in_process else settings.publish_standby
        await queue.start(publisher.run, workers, standby)  # Discord's HTTP API is ready
        await self._observe(store, queue)
        await self.handlers.restore()
        await self._sync_commands()
        self._republishing = asyncio.create_task(self._republish())
        log.info("setup done: database %s", settings.database_name)

    async def _observe(self, store: Store, queue: JobQueue) -> None:
        """Serve /metrics and /health when METRICS_PORT is set."""
        port = self.settings.metrics_port
        if port is None:
            return
        waiting = lambda: waiting_jobs(queue, store)  # noqa: E731
        self._observer = Observer(self.connected, store.schema_version, waiting)
        await self._observer.start(self.settings.metrics_host, port)

    def connected(self) -> bool:
        """Every shard this process runs is connected to the gateway (it can be sent
        interactions), and the process is not closing."""
        shards = list(self.shards.values())
        return bool(shards) and not self.is_closed() and not any(s.is_closed() for s in shards)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        count_interaction(interaction.type.name, dict(interaction.data or {}))

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %d", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def _republish(self) -> None:
        """Once connected, name jobs for what a killed process left unshown (without
        delaying the connection)."""
        await self.wait_until_ready()
        await self.handlers.republish()

    async def _turn_expired(self, table_id: int, turn: int) -> None:
        await self.wait_until_ready()
        await self.handlers.turn_expired(table_id, turn)

    async def _lobby_expired(self, table_id: int) -> None:
        await self.handlers.expire_lobby(table_id)

    async def on_ready(self) -> None:
        user = self.user
        log.info("connected as %s (%s)", user, user.id if user else "?")

    async def close(self) -> None:
        if self._republishing is not None:
            self._republishing.cancel()
        if self._timers is not None:
            await self._timers.close()
        if self._queue is not None:
            await self._queue.close()
        if self._observer is not None:
            await self._observer.close()
        await super().close()
        if self._painters is not None:
            self._painters.shutdown(wait=False, cancel_futures=True)
        if self._store is not None:
            await self._store.close()
