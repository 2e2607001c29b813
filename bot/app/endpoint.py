"""The interactions endpoint: each interaction Discord POSTs is checked (signature and
timestamp, before anything else), then handed to discord.py exactly as an
INTERACTION_CREATE from the gateway would be, so the same handlers answer it.

The interaction's first answer goes back in the POST's response body, as Discord
documents for an Interactions Endpoint URL. discord.py makes that answer through its
REST adapter as on the gateway; the adapter here catches it instead of calling the
callback route:

- an answer of words, controls, a modal, choices or a deferral is the response body;
- an answer carrying pictures (files, which a JSON body cannot hold) becomes a deferral
  in the body ("thinking…" for a new message, a silent acknowledgement for an edited
  one), and the message with its files then replaces ``@original`` through the
  interaction's webhook, once the body is on its way. Both calls go through the
  interaction's token, so neither counts against the bot's global rate limit.

Every later answer (follow-ups, edits) takes discord.py's own routes unchanged.

Before it is handed over, each interaction is claimed (``bot.app.claims``): a replay of
one already handled, by this process or another, is answered ``409 Conflict`` and reaches
no handler.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from typing import Any, Final, Protocol

import discord
from aiohttp import web
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.app.claims import WHY, Claim
from bot.app.signatures import SIGNATURE_HEADER, TIMESTAMP_HEADER, SignatureCheck

log = logging.getLogger(__name__)

PATH: Final = "/interactions"
PING: Final = 1
PONG: Final = {"type": 1}
ANSWER_WITHIN: Final = 3.0
"""Seconds Discord waits for an interaction's first answer."""
SENDING_WITHIN: Final = 5.0
"""Seconds a first answer waits to be written out as the POST's answer."""

CHANNEL_MESSAGE: Final = 4
DEFERRED_CHANNEL_MESSAGE: Final = 5
DEFERRED_UPDATE_MESSAGE: Final = 6
EPHEMERAL: Final = 1 << 6
_DEFERRAL_OF: Final = {CHANNEL_MESSAGE: DEFERRED_CHANNEL_MESSAGE}
"""The deferral standing in for an answer with files; any other (an edit) defers as 6."""


class Receiver(Protocol):
    """What the endpoint hands a checked interaction to (the interactions client)."""

    async def claim(self, interaction_id: int) -> Claim:
        """Whether this is the interaction's first arrival anywhere (and now claimed)."""
        ...

    def receive(self, payload: dict[str, Any]) -> None: ...


def _answer_of(params: Any) -> dict[str, Any]:
    """The interaction response discord.py built (``{"type": …, "data": …}``)."""
    if params.payload is not None:
        return dict(params.payload)
    for part in params.multipart or ():
        if part["name"] == "payload_json":
            return dict(json.loads(part["value"]))
    raise ValueError("an interaction answer without a payload")


def _edit_of(data: dict[str, Any]) -> dict[str, Any]:
    """A message-answer's data as an edit of ``@original`` (which takes no tts and
    cannot change whether the message is ephemeral)."""
    edit = {key: value for key, value in data.items() if key not in ("tts", "flags")}
    flags = int(data.get("flags") or 0) & ~EPHEMERAL
    if flags:
        edit["flags"] = flags
    return edit


class _Answering(AsyncWebhookAdapter):
    """discord.py's REST adapter for one interaction's handling: it takes the
    interaction's first answer for the POST's response body (see the module's text)."""

    def __init__(self, interaction_id: int, application_id: int, token: str) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.interaction_id = interaction_id
        self.application_id = application_id
        self.token = token
        self.body: dict[str, Any] | None = None
        self.answered = asyncio.Event()
        self.sent = asyncio.Event()

    async def create_interaction_response(
        self, interaction_id: int, token: str, **kwargs: Any
    ) -> Any:
        if interaction_id != self.interaction_id or self.answered.is_set():
            return await super().create_interaction_response(interaction_id, token, **kwargs)
        params = kwargs["params"]
        answer = _answer_of(params)
        if not params.files:
            self._answer_with(answer)
            await self._on_its_way()  # later calls with the token follow the answer
            return self._callback(answer["type"], None)
        data = dict(answer.get("data") or {})
        deferral: dict[str, Any] = {
            "type": _DEFERRAL_OF.get(answer["type"], DEFERRED_UPDATE_MESSAGE)
        }
        if deferral["type"] == DEFERRED_CHANNEL_MESSAGE:
            deferral["data"] = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
        self._answer_with(deferral)
        await self._on_its_way()
        multipart = [
            {"name": "payload_json", "value": discord.utils._to_json(_edit_of(data))}
            if part["name"] == "payload_json"
            else part
            for part in params.multipart
        ]
        message = await self.edit_webhook_message(
            self.application_id,
            self.token,
            "@original",  # type: ignore[arg-type]  # Discord's name for the first answer
            session=kwargs["session"],
            proxy=kwargs.get("proxy"),
            proxy_auth=kwargs.get("proxy_auth"),
            multipart=multipart,
            files=params.files,
        )
        return self._callback(answer["type"], dict(message))

    def _answer_with(self, body: dict[str, Any]) -> None:
        self.body = body
        self.answered.set()

    async def _on_its_way(self) -> None:
        """Wait until the POST's answer is written out."""
        await asyncio.wait_for(self.sent.wait(), SENDING_WITHIN)

    def _callback(self, kind: int, message: dict[str, Any] | None) -> dict[str, Any]:
        """What the callback route would have returned, for discord.py to read."""
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            resource["message"] = message
        return {
            "interaction": {
                "id": str(self.interaction_id),
                "response_message_id": None if message is None else message["id"],
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": False,
            },
            "resource": resource,
        }


def _hand_over(receiver: Receiver, adapter: _Answering, payload: dict[str, Any]) -> None:
    """Run in the interaction's own context: the tasks discord.py starts for it inherit
    the adapter that catches its first answer."""
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

    async def receive(self, request: web.Request) -> web.StreamResponse:
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
            if kind == PING:
                return web.json_response(PONG)
            adapter = _Answering(
                int(payload["id"]), int(payload["application_id"]), str(payload["token"])
            )
        except (ValueError, TypeError, KeyError):
            log.warning("a signed request that is not an interaction")
            return web.Response(status=400, text="not an interaction")
        try:
            claim = await self._receiver.claim(adapter.interaction_id)
        except ValueError:
            log.warning("interaction %d: not an id an interaction has", adapter.interaction_id)
            return web.Response(status=400, text="not an interaction")
        except Exception:  # the database is down: no handler could work either
            log.exception(
                "interaction %d not handled: it could not be claimed", adapter.interaction_id
            )
            return web.Response(status=503, text="interaction not claimed")
        if claim is not Claim.FIRST:
            return web.Response(status=409, text=f"interaction {WHY[claim]}")
        try:
            contextvars.copy_context().run(_hand_over, self._receiver, adapter, payload)
        except (KeyError, TypeError, ValueError):
            log.warning("interaction %d could not be read", adapter.interaction_id, exc_info=True)
            return web.Response(status=400, text="not an interaction")
        try:
            await asyncio.wait_for(adapter.answered.wait(), self._answer_within)
        except TimeoutError:
            log.warning("interaction %d was not answered in time", adapter.interaction_id)
            return web.Response(status=500, text="not answered in time")
        response = web.json_response(adapter.body)
        try:
            await response.prepare(request)
            await response.write_eof()
        finally:
            adapter.sent.set()  # a lost connection fails the files' edit, not a wait
        return response
