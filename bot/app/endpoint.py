"""The interactions endpoint: each interaction Discord POSTs is checked (signature and
timestamp, before anything else), then handed to discord.py exactly as an
INTERACTION_CREATE from the gateway would be, so the same handlers answer it.

The POST is answered once discord.py's first answer is done. discord.py answers through
Discord's callback endpoint (``POST /interactions/{id}/{token}/callback``), as on the
gateway, and the POST then gets ``202 Accepted`` with no body. Putting that first answer
into the POST's response body instead would need discord.py's answer to be faked: its
first answers carry pictures (files, which the JSON body cannot) and it reads the created
message back from the callback's reply (``with_response``), which the body has no room
for; the callback keeps every answer on discord.py's own, tested route.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from typing import Any, Final, Protocol

from aiohttp import web
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.app.signatures import SIGNATURE_HEADER, TIMESTAMP_HEADER, SignatureCheck

log = logging.getLogger(__name__)

PATH: Final = "/interactions"
PING: Final = 1
PONG: Final = {"type": 1}
ANSWER_WITHIN: Final = 3.0
"""Seconds Discord waits for an interaction's first answer."""


class Receiver(Protocol):
    """What the endpoint hands a checked interaction to (the interactions client)."""

    def receive(self, payload: dict[str, Any]) -> None: ...


class _Answering(AsyncWebhookAdapter):
    """discord.py's REST adapter for one interaction's handling: it notes when the
    interaction's first answer (its callback) is done."""

    def __init__(self, interaction_id: int) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.interaction_id = interaction_id
        self.answered = asyncio.Event()

    async def create_interaction_response(
        self, interaction_id: int, token: str, **kwargs: Any
    ) -> Any:
        try:
            return await super().create_interaction_response(interaction_id, token, **kwargs)
        finally:
            if interaction_id == self.interaction_id:
                self.answered.set()


def _hand_over(receiver: Receiver, adapter: _Answering, payload: dict[str, Any]) -> None:
    """Run in the interaction's own context: the tasks discord.py starts for it inherit
    the adapter that tells the endpoint when it is answered."""
    async_context.set(adapter)
    receiver.receive(payload)


class Endpoint:
    """The ``POST /interactions`` route over one receiver and one signature check."""

    def __init__(
        self, receiver: Receiver, check: SignatureCheck, answer_within: float = ANSWER_WITHIN
    ) -> None:
        self._receiver = receiver
        self._check = check
        self._answer_within = answer_within

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post(PATH, self.receive)
        return app

    async def receive(self, request: web.Request) -> web.Response:
        body = await request.read()
        problem = self._check.problem(
            request.headers.get(SIGNATURE_HEADER), request.headers.get(TIMESTAMP_HEADER), body
        )
        if problem is not None:
            log.info("refused a request from %s: %s", request.remote, problem)
            return web.Response(status=401, text="invalid request signature")
        try:
            payload = json.loads(body)
            kind = int(payload["type"])
            interaction_id = 0 if kind == PING else int(payload["id"])
        except (ValueError, TypeError, KeyError):
            log.warning("a signed request that is not an interaction")
            return web.Response(status=400, text="not an interaction")
        if kind == PING:
            return web.json_response(PONG)
        adapter = _Answering(interaction_id)
        try:
            contextvars.copy_context().run(_hand_over, self._receiver, adapter, payload)
        except (KeyError, TypeError, ValueError):
            log.warning("interaction %d could not be read", interaction_id, exc_info=True)
            return web.Response(status=400, text="not an interaction")
        try:
            await asyncio.wait_for(adapter.answered.wait(), self._answer_within)
        except TimeoutError:
            log.warning("interaction %d was not answered in time", interaction_id)
            return web.Response(status=500, text="not answered in time")
        return web.Response(status=202)
