"""Delivering interactions by HTTP POST to the bot's Interactions Endpoint URLs, as
Discord does once an application sets one: signed with Ed25519, round-robin over the
URLs in ``Settings.interaction_endpoints`` (standing for a load balancer), and never over
the gateway.

Each POST carries ``X-Signature-Ed25519`` (over ``X-Signature-Timestamp`` + the body)
from the key pair the fake made at start; ``FakeDiscord.env()`` offers its public key as
DISCORD_PUBLIC_KEY. An endpoint that refuses the connection (its process is gone) is
skipped for the next, as a load balancer's health check would; the answer to the POST is
kept on the record (``endpoint``, ``endpoint_status``), with the POST's exact body and
headers (``posted``: a test can send it again, as a replay).

A ``200`` answer's body is the interaction's response, applied exactly as a callback
would be (kept in ``record.callbacks`` with ``via="body"``): the way Discord documents
for an endpoint. Any other answer leaves the interaction failed unless the bot used the
callback route instead (kept with ``via="callback"``, which the e2e tests check never
happens over HTTP).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import aiohttp
from nacl.signing import SigningKey

from .bodies import Body
from .errors import ApiError, BotNotConnected, FakeDiscordError
from .interactions import InteractionRecord, mark_dispatched
from .responses import Responder
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
        self._responder = Responder(world)

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
        record.posting = asyncio.Event()
        try:
            await self._post(record, urls, body)
        finally:
            record.posting.set()
            record.posting = None

    async def _post(self, record: InteractionRecord, urls: list[str], body: bytes) -> None:
        for _ in range(len(urls)):
            url = urls[self._next % len(urls)]
            self._next += 1
            record.dispatched_at = None
            mark_dispatched(record)  # Discord's 3 seconds start as the POST leaves
            answer = b""
            headers = self.signed(body)
            record.posted = (body, headers)
            try:
                async with self._session_().post(url, data=body, headers=headers) as response:
                    answer = await response.read()
                    status: int | None = response.status
            except aiohttp.ClientConnectorError:
                continue  # refused: the load balancer tries the next one
            except (aiohttp.ClientError, TimeoutError):
                status = None  # taken, then the process died: lost, as with real Discord
            record.endpoint, record.endpoint_status = url, status
            if status == 200:
                self._answered_in_body(record, answer)
            self.world.changed()
            return
        record.dispatched_at = None
        raise BotNotConnected(f"no interactions endpoint of {urls} took {record.describe()}")

    def _answered_in_body(self, record: InteractionRecord, answer: bytes) -> None:
        """Apply the POST's response body as the interaction's response; a body Discord
        would refuse is kept as a rejected callback, as the callback route keeps it."""
        try:
            body = Body(json=json.loads(answer))
        except ValueError:
            body = Body(json=None)
        with contextlib.suppress(ApiError):  # a refusal is kept on record.callbacks
            self._responder.callback(record, body, via="body")

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
