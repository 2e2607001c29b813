"""``domino-tables interactions``: a process that receives Discord's interactions by HTTP
POST (the application's Interactions Endpoint URL) instead of over the gateway, so plays
— DM plays included — are spread over as many such processes as a load balancer has.

It runs the gateway bot's own parts (``bot.app.wiring``) on a client that logs in over
HTTP alone, for a bot whose state is in PostgreSQL: the processes share the tables, and
the job queue publishes. Each stops cleanly on SIGTERM or Ctrl-C (``bot.app.stopping``):
it stops listening, answers the interactions under way, finishes or hands back its
publish jobs and exits 0 within the grace period.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from aiohttp import web
from discord.ext import commands

from bot.app.claims import Claim
from bot.app.client import DominoTree
from bot.app.command_ids import read_command_ids
from bot.app.endpoint import ANSWER_WITHIN, PATH, Endpoint
from bot.app.settings import InteractionSettings, Settings
from bot.app.signatures import SignatureCheck
from bot.app.stopping import stop_requested, stopped_cleanly
from bot.app.wiring import Wiring
from bot.discord.handlers import Handlers
from bot.metrics.calls import discord_trace

log = logging.getLogger(__name__)


async def _at_once() -> None:
    """No gateway to wait for: a turn timer acts as soon as it fires."""


class InteractionsBot(commands.Bot):
    """The bot's commands, controls and handlers on a client without a gateway
    connection: :meth:`receive` takes an interaction Discord POSTed."""

    handlers: Handlers

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.none(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=DominoTree,
            http_trace=discord_trace(),  # counts API calls by rate limit, and 429s
        )
        self._wiring = Wiring(self, settings, ready=_at_once, live=self.live, restores=False)
        self._dev_guild_id = settings.dev_guild_id

    async def setup_hook(self) -> None:
        self.handlers = await self._wiring.open()
        await read_command_ids(self, self._dev_guild_id)  # the gateway bot registers them

    def live(self) -> bool:
        """Logged in and not closing: it can take the interactions POSTed to it."""
        return self.user is not None and not self.is_closed()

    async def claim(self, interaction_id: int) -> Claim:
        """Claim an interaction POSTed to this process before it is received."""
        return await self._wiring.claims.claim(interaction_id, "endpoint")

    def receive(self, payload: dict[str, Any]) -> None:
        """Dispatch an interaction as discord.py does an INTERACTION_CREATE: to the slash
        command tree, or to the control its custom id names."""
        self._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def close(self) -> None:
        await self._wiring.stop()
        await super().close()
        await self._wiring.close()


async def run_interactions(settings: InteractionSettings) -> None:
    """Receive interactions on INTERACTIONS_HOST:INTERACTIONS_PORT until stopped."""
    client = InteractionsBot(settings)
    stopping = stop_requested()
    try:
        await client.login(settings.discord_token.get_secret_value())
        endpoint = Endpoint(client, SignatureCheck(settings.discord_public_key))
        # A stop gives the interactions under way Discord's time to answer, no more.
        runner = web.AppRunner(endpoint.app(), access_log=None, shutdown_timeout=ANSWER_WITHIN)
        await runner.setup()
        try:
            site = web.TCPSite(runner, settings.interactions_host, settings.interactions_port)
            await site.start()
            host, port = runner.addresses[0][:2]
            log.info("interactions endpoint ready on http://%s:%d%s", host, port, PATH)
            await stopping.wait()
        finally:
            await runner.cleanup()
    finally:
        await client.close()
    stopped_cleanly()


async def run_web(settings: Settings) -> None:
    """Serve the web page alone (WEB_HOST:WEB_PORT, started with the bot's parts) until
    stopped: the same parts as an interactions process, without its endpoint."""
    client = InteractionsBot(settings)
    stopping = stop_requested()
    try:
        await client.login(settings.discord_token.get_secret_value())
        await stopping.wait()
    finally:
        await client.close()
    stopped_cleanly()
