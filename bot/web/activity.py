"""Inside Discord: who opened the Activity. The page's Embedded App SDK ``authorize``
gives a code; this trades it at Discord's OAuth2 token endpoint for an access token (with
the application's client secret, which never leaves the server) and reads the user."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
from aiohttp import web

from bot.games import ADAPTERS
from bot.web.access import BAD_REQUEST, OTHER_TABLE, SLOW_DOWN, Access, Refusal
from bot.web.tokens import Kind
from i18n import N_

log = logging.getLogger(__name__)

NO_ACTIVITY: Final = N_("The Discord Activity is not switched on for this bot.")
NOT_CONFIRMED: Final = N_(
    "Discord did not confirm who you are. Close the Activity and open it again."
)
NO_TABLE_HERE: Final = N_("No table is running in this channel. Open one with {commands}.")


class NotConfirmed(Exception):
    """Discord did not confirm the code (expired, used, or the secret is wrong)."""


@dataclass(frozen=True, slots=True)
class DiscordUser:
    id: int
    name: str
    locale: str | None
    access_token: str


async def confirm_code(api_base: str, client_id: int, client_secret: str, code: str) -> DiscordUser:
    """The user an ``authorize`` code belongs to (:class:`NotConfirmed` if Discord says no)."""
    form = {
        "client_id": str(client_id),
        "client_secret": client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        try:
            async with session.post(f"{api_base}/oauth2/token", data=form) as response:
                if response.status != 200:
                    log.warning("Discord refused an Activity's code: HTTP %d", response.status)
                    raise NotConfirmed
                token: dict[str, Any] = await response.json()
            access = str(token["access_token"])
            headers = {"Authorization": f"Bearer {access}"}
            async with session.get(f"{api_base}/users/@me", headers=headers) as response:
                if response.status != 200:
                    raise NotConfirmed
                user: dict[str, Any] = await response.json()
        except (aiohttp.ClientError, TimeoutError, KeyError, ValueError) as exc:
            log.warning("could not confirm an Activity's user with Discord: %s", exc)
            raise NotConfirmed from exc
    name = user.get("global_name") or user.get("username") or "?"
    return DiscordUser(int(user["id"]), str(name), user.get("locale"), access)


class ActivityRoutes:
    """The Activity's own calls: the client id the SDK starts with, the session its
    code buys, and the table running in its channel."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def config(self, request: web.Request) -> web.Response:
        client_id = self._access.config.application_id()
        if self._access.config.client_secret is None or client_id is None:
            raise Refusal(404, NO_ACTIVITY)
        return web.json_response({"client_id": str(client_id)})

    async def session(self, request: web.Request) -> web.Response:
        access = self._access
        access.same_site(request)
        client_id = access.config.application_id()
        secret = access.config.client_secret
        if secret is None or client_id is None:
            raise Refusal(404, NO_ACTIVITY)
        if not access.moves.allow(("session", request.remote)):
            raise Refusal(429, SLOW_DOWN)
        try:
            body = await request.json()
            code, channel = str(body["code"]), int(body["channel_id"])
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise Refusal(400, BAD_REQUEST) from None
        if not 0 < len(code) <= 256 or not 0 < channel < 2**63:
            raise Refusal(400, BAD_REQUEST)
        try:
            user = await confirm_code(access.config.api_base, client_id, secret, code)
        except NotConfirmed:
            raise Refusal(401, NOT_CONFIRMED) from None
        token = access.signer.activity_token(
            user.id, channel, access.service.now(), access.config.links.life
        )
        log.info("Activity session for user %d in channel %d", user.id, channel)
        return web.json_response(
            {
                "token": token,
                "access_token": user.access_token,
                "user": {"id": str(user.id), "name": user.name, "locale": user.locale},
            }
        )

    async def channel_table(self, request: web.Request) -> web.Response:
        grant = self._access.grant(request)
        channel = int(request.match_info["channel"])
        if grant.kind is not Kind.ACTIVITY or grant.channel_id != channel:
            raise Refusal(403, OTHER_TABLE)
        record = await self._access.service.table_in_channel(channel, grant.user_id)
        if record is None:
            commands = ", ".join(f"/{family} new" for family in ADAPTERS)
            raise Refusal(404, NO_TABLE_HERE, commands=commands)
        return web.json_response({"table_id": record.id})
