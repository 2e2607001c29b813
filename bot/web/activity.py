"""Inside Discord: who opened the Activity. The page's Embedded App SDK ``authorize``
gives a code; this trades it at Discord's OAuth2 token endpoint for an access token (with
the application's client secret, which never leaves the server) and reads the user."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import aiohttp

log = logging.getLogger(__name__)


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
