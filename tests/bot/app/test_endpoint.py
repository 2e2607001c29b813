"""The interactions endpoint: only requests Discord signed just now reach the bot, each
interaction once; a PING is answered PONG, and an interaction's first answer is the body
of the POST's answer (one with pictures: a deferral there, then the pictures edited in)."""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from discord.webhook.async_ import (
    AsyncWebhookAdapter,
    MultipartParameters,
    async_context,
    interaction_message_response_params,
)
from nacl.signing import SigningKey

from bot.app.claims import Claim
from bot.app.endpoint import PATH, Endpoint
from bot.app.signatures import SignatureCheck
from bot.store import StoreError

KEY = SigningKey.generate()
CLICK: dict[str, Any] = {
    "id": "1234",
    "type": 3,
    "token": "a-token",
    "application_id": "42",
    "data": {"custom_id": "dt:1:act:3:pass", "component_type": 2},
}


class Receiver:
    """Keeps what the endpoint handed over; ``answer`` (the REST parameters discord.py
    builds) makes it answer as discord.py does, through the adapter in its context. Its
    claims are kept in a set (the bot keeps them in the store, ``bot.app.claims``);
    ``expired`` ids are too old to claim."""

    def __init__(self, answer: MultipartParameters | None = None) -> None:
        self.received: list[dict[str, Any]] = []
        self.answer = answer
        self.tasks: list[asyncio.Task[Any]] = []
        self.claimed: set[int] = set()
        self.expired: set[int] = set()

    async def claim(self, interaction_id: int) -> Claim:
        if interaction_id in self.expired:
            return Claim.EXPIRED
        if interaction_id in self.claimed:
            return Claim.REPLAY
        self.claimed.add(interaction_id)
        return Claim.FIRST

    def receive(self, payload: dict[str, Any]) -> None:
        self.received.append(payload)
        if self.answer is not None:
            adapter = async_context.get()
            self.tasks.append(
                asyncio.create_task(
                    adapter.create_interaction_response(
                        int(payload["id"]), payload["token"], session=None, params=self.answer
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


@pytest.fixture
def routes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """The REST calls the adapter makes, kept instead of sent."""
    calls: list[tuple[str, Any]] = []

    async def callback(self: Any, interaction_id: int, token: str, **kwargs: Any) -> Any:
        calls.append(("callback", interaction_id))

    async def edit(self: Any, webhook_id: int, token: str, message_id: Any, **kwargs: Any) -> Any:
        calls.append(("edit", (webhook_id, token, message_id, kwargs)))
        return {"id": "99", "content": "edited"}

    monkeypatch.setattr(AsyncWebhookAdapter, "create_interaction_response", callback)
    monkeypatch.setattr(AsyncWebhookAdapter, "edit_webhook_message", edit)
    return calls


async def test_an_answer_of_words_is_the_body_of_the_posts_answer(
    client: TestClient[Any, Any], receiver: Receiver, routes: list[tuple[str, Any]]
) -> None:
    receiver.answer = interaction_message_response_params(
        type=4, content="Not your turn.", flags=discord.MessageFlags(ephemeral=True)
    )
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 200
    assert await response.json() == {
        "type": 4,
        "data": {"tts": False, "content": "Not your turn.", "flags": 64},
    }
    assert receiver.received == [CLICK]
    assert routes == []  # neither the callback route nor any other
    callback = await receiver.tasks[0]
    assert callback["interaction"]["id"] == "1234"


async def test_an_answer_with_a_picture_is_deferred_in_the_body_then_edited_in(
    client: TestClient[Any, Any], receiver: Receiver, routes: list[tuple[str, Any]]
) -> None:
    picture = discord.File(io.BytesIO(b"png"), filename="hand.png")
    receiver.answer = interaction_message_response_params(
        type=4, content="Your hand", flags=discord.MessageFlags(ephemeral=True), file=picture
    )
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 200
    assert await response.json() == {"type": 5, "data": {"flags": 64}}  # thinking, ephemeral
    callback = await receiver.tasks[0]
    [(route, (application_id, token, message_id, kwargs))] = routes
    assert (route, application_id, token, message_id) == ("edit", 42, "a-token", "@original")
    assert kwargs["files"] == [picture]
    [payload_json] = [p for p in kwargs["multipart"] if p["name"] == "payload_json"]
    edit = json.loads(payload_json["value"])
    assert edit["content"] == "Your hand"
    assert edit["attachments"] == [{"id": 0, "filename": "hand.png"}]
    assert "flags" not in edit and "tts" not in edit  # an edit cannot change them
    assert callback["resource"]["message"]["id"] == "99"


async def test_an_edit_with_a_picture_is_acknowledged_silently_then_edited_in(
    client: TestClient[Any, Any], receiver: Receiver, routes: list[tuple[str, Any]]
) -> None:
    picture = discord.File(io.BytesIO(b"png"), filename="table.png")
    receiver.answer = interaction_message_response_params(type=7, content="Table", file=picture)
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert await response.json() == {"type": 6}
    await receiver.tasks[0]
    assert [route for route, _ in routes] == ["edit"]


async def test_an_interaction_left_unanswered_is_a_server_error(
    client: TestClient[Any, Any], receiver: Receiver
) -> None:
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 500
    assert receiver.received == [CLICK]


async def test_a_replayed_post_is_a_conflict_handed_to_nobody(
    client: TestClient[Any, Any], receiver: Receiver, routes: list[tuple[str, Any]]
) -> None:
    receiver.answer = interaction_message_response_params(type=4, content="Your hand.")
    body = json.dumps(CLICK).encode()
    headers = signed(body)
    first = await client.post(PATH, data=body, headers=headers)
    assert first.status == 200
    await receiver.tasks[0]
    for _ in range(2):  # the very same request, signature and timestamp still good
        replay = await client.post(PATH, data=body, headers=headers)
        assert replay.status == 409
        assert await replay.text() == "interaction already handled"
    assert receiver.received == [CLICK]
    assert routes == []


async def test_an_interaction_too_old_to_answer_is_handed_to_nobody(
    client: TestClient[Any, Any], receiver: Receiver
) -> None:
    receiver.expired.add(int(CLICK["id"]))
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 409
    assert await response.text() == "interaction expired"
    assert receiver.received == []


async def test_an_interaction_that_cannot_be_claimed_is_handed_to_nobody(
    client: TestClient[Any, Any], receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def database_down(interaction_id: int) -> Claim:
        raise StoreError("the store is closed")

    monkeypatch.setattr(receiver, "claim", database_down)
    body = json.dumps(CLICK).encode()
    response = await client.post(PATH, data=body, headers=signed(body))
    assert response.status == 503
    assert receiver.received == []


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
