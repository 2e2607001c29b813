"""The operator's port (METRICS_PORT): ``/metrics`` in Prometheus's format and
``/health`` for a container's healthcheck, served by every process kind.

``/health`` answers 200 when the process is connected (the bot to the gateway, a worker
logged in to Discord) and its database answers a query within a couple of seconds, else
503. The jobs-waiting gauge is read at a scrape, at most every few seconds (on PostgreSQL
it is a count query).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from bot.metrics.measures import INTERACTIONS, JOBS_WAITING
from bot.views import ids

log = logging.getLogger(__name__)

WAITING_EVERY: Final = 5.0
"""Seconds between two reads of the jobs-waiting count (scrapes in between reuse it)."""
CHECK_TIMEOUT: Final = 2.0
"""Seconds the database has to answer the health check."""

_NAME: Final = re.compile(r"^[a-z0-9_-]{1,32}$")


def interaction_action(kind: str, data: Mapping[str, Any] | None) -> str:
    """What an interaction asked, as a bounded label: a command's top name (a game family,
    ``league``), or the kind of control its custom id names (``target``, ``action``,
    ``lobby``…, read by :func:`bot.views.ids.parse`). Never an option's value, a user or
    a table."""
    data = data or {}
    if kind in ("application_command", "autocomplete"):
        name = str(data.get("name", ""))
        return name if _NAME.match(name) else "other"
    control = ids.parse(str(data.get("custom_id", "")))
    return "other" if control is None else control.kind


def count_interaction(kind: str, data: Mapping[str, Any] | None) -> None:
    """Count one interaction received (``kind``: Discord's interaction type name)."""
    INTERACTIONS.labels(kind, interaction_action(kind, data)).inc()


class Observer:
    """The HTTP server of ``/metrics`` and ``/health`` on METRICS_HOST:METRICS_PORT."""

    def __init__(
        self,
        connected: Callable[[], bool],
        database_answers: Callable[[], Awaitable[object]],
        waiting: Callable[[], Awaitable[int]] | None = None,
    ) -> None:
        self._connected = connected
        self._database_answers = database_answers
        self._waiting = waiting
        self._waiting_read = -WAITING_EVERY
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        # A stop waits this long for a scrape under way, not aiohttp's minute.
        self._runner = runner = web.AppRunner(app, access_log=None, shutdown_timeout=CHECK_TIMEOUT)
        await runner.setup()
        await web.TCPSite(runner, host, port).start()
        log.info("metrics and health on http://%s:%d/metrics and /health", host, port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthy(self) -> bool:
        """Connected, and the database answers in time."""
        if not self._connected():
            return False
        try:
            await asyncio.wait_for(self._database_answers(), CHECK_TIMEOUT)
        except Exception as exc:
            log.warning("health check: the database does not answer: %r", exc)
            return False
        return True

    async def _health(self, request: web.Request) -> web.Response:
        if await self.healthy():
            return web.Response(text="ok\n")
        return web.Response(status=503, text="unhealthy\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        now = time.monotonic()
        if self._waiting is not None and now - self._waiting_read >= WAITING_EVERY:
            self._waiting_read = now
            try:
                JOBS_WAITING.set(await asyncio.wait_for(self._waiting(), CHECK_TIMEOUT))
            except Exception as exc:
                log.warning("metrics: could not count the waiting jobs: %r", exc)
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
