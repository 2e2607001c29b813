"""Delivering interactions by HTTP POST to the bot's Interactions Endpoint URLs, as
Discord does once an application sets one: signed with Ed25519, round-robin over the
URLs in ``Settings.interaction_endpoints`` (standing for a load balancer), and never over
the gateway.

Each POST carries ``X-Signature-Ed25519`` (over ``X-Signature-Timestamp`` + the body)
from the key pair the fake made at start; ``FakeDiscord.env()`` offers its public key as
DISCORD_PUBLIC_KEY. An endpoint that refuses the connection (its process is gone) is
skipped for the next, as a load balancer's health check would; the answer to the POST is
kept on the record (``endpoint``, ``endpoint_status``), while what the bot answered
arrives, as on the gateway, through the callback route.
"""

from __future__ import annotations

import json
import time
from typing import Any

import aiohttp
from nacl.signing import SigningKey

from .errors import BotNotConnected, FakeDiscordError
from .interactions import InteractionRecord, mark_dispatched
from .state import World

POST_TIMEOUT = 10.0
"""Seconds a POST may take: past Discord's 3 s, so a slow answer shows as late, not lost."""


class EndpointDelivery:
    """POSTs interactions, signed, to the endpoints in turn."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.key = SigningKey.generate()
        self._next = 0
        self._session: aiohttp.ClientSession | None = None

    @property
    def public_key(self) -> str:
        """The hex public key a bot checks the signatures against (DISCORD_PUBLIC_KEY)."""
        return self.key.verify_key.encode().hex()

    @property
    def active(self) -> bool:
        return bool(self.world.settings.interaction_endpoints)

    def signed(self, body: bytes) -> dict[str, str]:
        timestamp = str(int(time.time()))
        signature = self.key.sign(timestamp.encode() + body).signature.hex()
        return {
            "Content-Type": "application/json",
            "X-Signature-Ed25519": signature,
            "X-Signature-Timestamp": timestamp,
        }

    def _session_(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=POST_TIMEOUT))
        return self._session

    async def deliver(self, record: InteractionRecord) -> None:
        """POST the interaction to the next endpoint that takes the connection, and wait
        for the POST's answer (the bot gives it once it has answered the interaction)."""
        urls = list(self.world.settings.interaction_endpoints)
        body = json.dumps(record.payload).encode()
        for _ in range(len(urls)):
            url = urls[self._next % len(urls)]
            self._next += 1
            record.dispatched_at = None
            mark_dispatched(record)  # Discord's 3 seconds start as the POST leaves
            try:
                async with self._session_().post(
                    url, data=body, headers=self.signed(body)
                ) as response:
                    await response.read()
                    status: int | None = response.status
            except aiohttp.ClientConnectorError:
                continue  # refused: the load balancer tries the next one
            except (aiohttp.ClientError, TimeoutError):
                status = None  # taken, then the process died: lost, as with real Discord
            record.endpoint, record.endpoint_status = url, status
            self.world.changed()
            return
        record.dispatched_at = None
        raise BotNotConnected(f"no interactions endpoint of {urls} took {record.describe()}")

    async def ping(self, url: str) -> dict[str, Any] | None:
        """What ``url`` answers a signed PING (Discord's check of a new endpoint URL), or
        None when it is not listening."""
        body = json.dumps({"type": 1, "id": str(self.world.ids.next()), "version": 1}).encode()
        try:
            async with self._session_().post(url, data=body, headers=self.signed(body)) as reply:
                if reply.status != 200:
                    raise FakeDiscordError(f"{url} answered a PING with {reply.status}")
                answer: dict[str, Any] = await reply.json()
                return answer
        except aiohttp.ClientConnectionError:
            return None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
