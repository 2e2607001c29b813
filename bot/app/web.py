"""The web page's server in a process: ``run`` serves it beside the bot when WEB_PORT is
set, and ``domino-tables web`` is a process that serves it alone (PostgreSQL: several
behind a load balancer, each told of every commit by the database's notifications).

Its moves are plays like any other: the table service commits them, the publisher shows
them in the channel and the DMs, and the turn's timer is armed here as it would be by an
interaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from aiohttp import web

from bot.app.settings import Settings
from bot.store import Store
from bot.store.postgres import PostgresDatabase
from bot.tables.service import TableService, TableUpdate
from bot.web.access import WebConfig
from bot.web.api import WebSurface
from bot.web.hub import ChangeListener, Hub
from bot.web.links import WebLinks
from bot.web.scenes import Scenes
from bot.web.state import States

log = logging.getLogger(__name__)

CLOSE_WITHIN = 3.0
"""Seconds a stopping web server gives requests under way (sockets are closed at once:
their pages reconnect to another process)."""


class WebServer:
    """The web surface listening on WEB_HOST:WEB_PORT, and its change notifications."""

    def __init__(self, surface: WebSurface, listener: ChangeListener | None) -> None:
        self.surface = surface
        self._listener = listener
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    @classmethod
    def over(
        cls,
        settings: Settings,
        links: WebLinks,
        store: Store,
        service: TableService,
        *,
        in_process: bool,
        settle: Callable[[TableUpdate], None],
        application_id: Callable[[], int | None],
    ) -> WebServer:
        """The page over ``service``, its links signed and read with the same
        :class:`WebLinks` the bot's Discord side gives out."""
        client_secret = settings.discord_client_secret
        config = WebConfig(
            links=links,
            api_base=settings.discord_api_base,
            client_secret=None if client_secret is None else client_secret.get_secret_value(),
            application_id=application_id,
        )
        hub = Hub()
        store.on_commit(hub.changed)
        database = store.database
        listener = (
            ChangeListener(database.url, hub) if isinstance(database, PostgresDatabase) else None
        )
        surface = WebSurface(
            service,
            config,
            hub,
            States(Scenes()),
            play_inline=in_process,
            settle=settle,
        )
        return cls(surface, listener)

    async def start(self, host: str, port: int) -> None:
        if self._listener is not None:
            await self._listener.start()
        self._runner = web.AppRunner(
            self.surface.app(), access_log=None, shutdown_timeout=CLOSE_WITHIN
        )
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = int(self._runner.addresses[0][1])
        log.info("web page ready on http://%s:%d/", host, self.port)

    async def close(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        if self._listener is not None:
            await self._listener.close()
