"""The interactions endpoint: only requests Discord signed just now reach the bot; a PING
is answered PONG, and an interaction is answered 202 once discord.py has answered it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from nacl.signing import SigningKey

from bot.app.endpoint import PATH, Endpoint
from bot.app.signatures import SignatureCheck

KEY = SigningKey.generate()
CLICK: dict[str, Any] = {
    "id": "1234",
    "type": 3,
    "token": "a-token",
    "data": {"custom_id": "dt:1:act:3:pass", "component_type": 2},
}


class Receiver:
    """Keeps what the endpoint handed over; ``answer`` makes it answer as discord.py
    does, through the adapter in its context."""

    def __init__(self, answer: bool = False) -> None:
        self.received: list[dict[str, Any]] = []
        self.answer = answer
        self.tasks: list[asyncio.Task[Any]] = []

    def receive(self, payload: dict[str, Any]) -> None:
        self.received.append(payload)
        if self.answer:
            adapter = async_context.get()
            self.tasks.append(
                asyncio.create_task(
                    adapter.create_interaction_response(
                        int(payload["id"]), payload["token"], session=None, params=None
                    )
                )
            )


def signed(body: bytes, *, at: float | None = None, key: SigningKey = KEY) -> dict[str, str]:
    timestamp = str(int(time.time() if at is None else at))
    signature = key.sign(timestamp.encode() + body).signature.hex()
    return {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp}


@pytest.fixture
def receiver() -> Receiver:
    return Receiver()


@pytest.fixture
async def client(receiver: Receiver) -> AsyncIterator[TestClient[Any, Any]]:
    check = SignatureCheck(KEY.verify_key.encode().hex())
    endpoint = Endpoint(receiver, check, answer_within=0.2)
    async with TestClient(TestServer(endpoint.app())) as client:
        yield client


async def test_a_signed_ping_gets_a_pong(client: TestClient[Any, Any], receiver: Receiver) -> None:
    body = b'{"type": 1, "id": "1", "token": "t"}'
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 200
    assert await response.json() == {"type": 1}
    assert receiver.received == []


async def test_a_signed_interaction_is_handed_over_and_answered_202_once_answered(
    client: TestClient[Any, Any], receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    callbacks: list[int] = []

    async def callback(self: Any, interaction_id: int, token: str, **kwargs: Any) -> None:
        callbacks.append(interaction_id)

    monkeypatch.setattr(AsyncWebhookAdapter, "create_interaction_response", callback)
    receiver.answer = True
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 202
    assert receiver.received == [CLICK]
    assert callbacks == [1234]


async def test_an_interaction_left_unanswered_is_not_202(
    client: TestClient[Any, Any], receiver: Receiver
) -> None:
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 500
    assert receiver.received == [CLICK]


def _missing(header: str) -> Any:
    def headers(body: bytes) -> dict[str, str]:
        return {k: v for k, v in signed(body).items() if k != header}

    return headers


def _other_key(body: bytes) -> dict[str, str]:
    return signed(body, key=SigningKey.generate())


def _stale(body: bytes) -> dict[str, str]:
    return signed(body, at=time.time() - 301)


def _future(body: bytes) -> dict[str, str]:
    return signed(body, at=time.time() + 301)


def _altered(body: bytes) -> dict[str, str]:
    return signed(body + b" ")  # signed, then changed on the way


def _garbled(body: bytes) -> dict[str, str]:
    return {**signed(body), "X-Signature-Ed25519": "not hex"}


@pytest.mark.parametrize(
    "headers",
    [
        lambda body: {},
        _missing("X-Signature-Ed25519"),
        _missing("X-Signature-Timestamp"),
        _other_key,
        _altered,
        _stale,
        _future,
        _garbled,
    ],
    ids=[
        "unsigned",
        "no-signature",
        "no-timestamp",
        "another-key",
        "altered-body",
        "stale",
        "future",
        "garbled",
    ],
)
async def test_a_request_not_signed_by_discord_just_now_is_refused_and_handed_to_nobody(
    client: TestClient[Any, Any], receiver: Receiver, headers: Any
) -> None:
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=headers(body))
    assert response.status == 401
    assert receiver.received == []
    ping = b'{"type": 1}'
    refused_ping = await client.post(PATH, data=ping, headers=headers(ping))
    assert refused_ping.status == 401  # Discord's own check: a bad PING is refused too


async def test_a_signed_body_that_is_not_an_interaction_is_refused(
    client: TestClient[Any, Any], receiver: Receiver
) -> None:
    for body in (b"not json", b'{"no": "type"}', b'{"type": 3}'):
        response = await client.post(PATH, data=body, headers=signed(body))
        assert response.status == 400, body
    assert receiver.received == []


def test_the_check_reads_whole_seconds_only() -> None:
    check = SignatureCheck(KEY.verify_key.encode().hex(), clock=lambda: 1000.0)
    body = b"{}"
    sign = KEY.sign(b"nan" + body).signature.hex()
    assert check.problem(sign, "nan", body) == "a malformed timestamp"
    good = KEY.sign(b"1000" + body).signature.hex()
    assert check.problem(good, "1000", body) is None
    assert check.problem(good, "1000", body + b" ") == "a signature that does not match"
