"""Which Discord calls count against the bot's global rate limit, and a hook into
discord.py's HTTP session that counts them and Discord's 429s.

Discord limits a bot to about 50 requests a second over all routes that carry its bot
token; calls made with an interaction's token (the callback, and the webhook routes that
follow up and edit its answer) are not bound by that global limit. The hook is an
``aiohttp.TraceConfig`` handed to ``discord.Client(http_trace=…)``: no monkeypatching.
"""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace
from typing import Final, Literal

import aiohttp

from bot.metrics.measures import DISCORD_CALLS, DISCORD_RATE_LIMITED

log = logging.getLogger(__name__)

Limit = Literal["global", "interaction"]

_INTERACTION_ROUTES: Final = re.compile(
    r"/interactions/\d+/[^/]+/callback/?$|/webhooks/\d+/[^/]+(/.*)?$"
)
"""Interaction callbacks and token webhooks (``/webhooks/{application_id}/{token}…``).
A webhook route without a token (``/webhooks/{id}``) takes the bot token: counted."""

SCOPES: Final = frozenset({"global", "user", "shared"})


def call_limit(path: str) -> Limit:
    """``"interaction"`` for a call authorised by an interaction's token (not counted
    against the global limit), ``"global"`` for every other API call."""
    path = path.split("?", 1)[0]
    return "interaction" if _INTERACTION_ROUTES.search(path) else "global"


def rate_limit_scope(headers: object) -> str:
    """The scope of a 429 from its headers (``X-RateLimit-Scope``, or
    ``X-RateLimit-Global``); ``user`` when Discord named none (its default)."""
    get = getattr(headers, "get", None)
    scope = str(get("X-RateLimit-Scope", "") if get else "").lower()
    if scope in SCOPES:
        return scope
    if get and str(get("X-RateLimit-Global", "")).lower() == "true":
        return "global"
    return "user"


async def _on_request_end(
    session: aiohttp.ClientSession,
    context: SimpleNamespace,
    params: aiohttp.TraceRequestEndParams,
) -> None:
    DISCORD_CALLS.labels(call_limit(params.url.path)).inc()
    if params.response.status == 429:
        scope = rate_limit_scope(params.response.headers)
        DISCORD_RATE_LIMITED.labels(scope).inc()
        # discord.py warns of it itself; the counter is what an operator watches. The
        # route's template, not the path: a path may hold an interaction's token.
        log.debug("Discord rate limit (%s scope) on %s", scope, _template(params.url.path))


def _template(path: str) -> str:
    """A path with its ids and tokens replaced, safe for a log line."""
    if call_limit(path) == "interaction":
        return "/interactions or /webhooks (interaction token)"
    return re.sub(r"\d{5,}", "{id}", path)


def discord_trace() -> aiohttp.TraceConfig:
    """The trace to give ``discord.Client(http_trace=…)``: every API call counted by its
    limit, every 429 by its scope."""
    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(_on_request_end)
    return trace
