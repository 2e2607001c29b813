"""In-process protocol tests: raw REST and websocket checks, and discord.py resuming."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from .driver import FakeDiscord
from .errors import BotNotConnected
from .fixtures import bot_auth, club_with_alice, connected, in_process_bot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def next_json(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    message = await ws.receive(timeout=5)
    assert message.type is aiohttp.WSMsgType.TEXT, message
    data: dict[str, Any] = json.loads(message.data)
    return data


async def identify(
    ws: aiohttp.ClientWebSocketResponse, token: str, intents: int = 1 | (1 << 9)
) -> None:
    payload = {"token": token, "intents": intents, "properties": {"os": "linux"}}
    await ws.send_json({"op": 2, "d": payload})


async def test_unknown_routes_get_discord_404_and_are_recorded(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    url = f"{fake_discord.api_base}/channels/1/pins"
    async with http.get(url, headers=bot_auth(fake_discord)) as response:
        assert response.status == 404
        assert response.headers["Content-Type"] == "application/json"
        assert await response.json() == {"message": "404: Not Found", "code": 0}
    [record] = fake_discord.unknown_requests
    assert (record.method, record.path, record.status) == ("GET", "/api/v10/channels/1/pins", 404)


async def test_rest_rejects_other_tokens(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    headers = {"Authorization": "Bot nope"}
    async with http.get(f"{fake_discord.api_base}/users/@me", headers=headers) as response:
        assert response.status == 401
        assert await response.json() == {"message": "401: Unauthorized", "code": 0}
    async with http.get(f"{fake_discord.api_base}/gateway") as response:
        assert await response.json() == {"url": fake_discord.gateway_url}
    url = f"{fake_discord.api_base}/gateway/bot"
    async with http.get(url, headers=bot_auth(fake_discord)) as response:
        body = await response.json()
    assert body["url"] == fake_discord.gateway_url and body["shards"] == 1


async def test_gateway_handshake_ready_guilds_and_heartbeats(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    guild = fake_discord.add_guild("Club")
    guild.add_text_channel("tables")
    url = fake_discord.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
    async with http.ws_connect(url) as ws:
        hello = await next_json(ws)
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 41_250
        await ws.send_json({"op": 1, "d": None})
        assert (await next_json(ws))["op"] == 11
        await identify(ws, fake_discord.bot_token)
        ready, guild_create = await next_json(ws), await next_json(ws)
        assert (ready["t"], ready["s"]) == ("READY", 1)
        assert ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
        assert ready["d"]["resume_gateway_url"] == fake_discord.resume_gateway_url
        assert ready["d"]["application"]["id"] == str(fake_discord.application_id)
        assert (guild_create["t"], guild_create["s"]) == ("GUILD_CREATE", 2)
        roles = {role["name"] for role in guild_create["d"]["roles"]}
        assert "@everyone" in roles
        # Without the members intent only the bot's own member is included.
        members = guild_create["d"]["members"]
        assert [m["user"]["id"] for m in members] == [str(fake_discord.bot_user.id)]
        assert guild_create["d"]["member_count"] == 2
        await fake_discord.wait_until(lambda: fake_discord.ready_count == 1)


@pytest.mark.parametrize(
    ("first_op", "expected"),
    [
        ({"op": 2, "d": {"token": "wrong", "intents": 1}}, 4004),
        ({"op": 2, "d": {"token": "<token>", "intents": 1 << 30}}, 4013),
        ({"op": 2, "d": {"token": "<token>", "intents": 1 << 15}}, 4014),
        ({"op": 3, "d": {"status": "online"}}, 4003),
        ({"op": 42, "d": None}, 4003),
    ],
)
async def test_gateway_close_codes(
    fake_discord: FakeDiscord,
    http: aiohttp.ClientSession,
    first_op: dict[str, Any],
    expected: int,
) -> None:
    fake_discord.settings.privileged_intents = 0
    payload = json.loads(json.dumps(first_op).replace("<token>", fake_discord.bot_token))
    async with http.ws_connect(fake_discord.gateway_url + "?v=10&encoding=json") as ws:
        await next_json(ws)
        await ws.send_json(payload)
        message = await ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.CLOSE
        assert ws.close_code == expected


async def test_resume_replays_missed_events_then_resumed(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    table, alice = club_with_alice(fake_discord)
    async with http.ws_connect(fake_discord.gateway_url + "?v=10&encoding=json") as ws:
        await next_json(ws)
        await identify(ws, fake_discord.bot_token)
        ready, _guild_create = await next_json(ws), await next_json(ws)
    session_id = ready["d"]["session_id"]
    session = fake_discord.sessions[-1]
    await fake_discord.wait_until(lambda: not session.connected)

    await fake_discord.say(alice, table, "hello while you were away")
    resume_url = ready["d"]["resume_gateway_url"] + "?v=10&encoding=json"
    async with http.ws_connect(resume_url) as ws:
        await next_json(ws)
        await ws.send_json(
            {"op": 6, "d": {"token": fake_discord.bot_token, "session_id": session_id, "seq": 2}}
        )
        missed, resumed = await next_json(ws), await next_json(ws)
        assert (missed["t"], missed["s"]) == ("MESSAGE_CREATE", 3)
        assert missed["d"]["content"] == ""  # no MESSAGE_CONTENT intent
        assert missed["d"]["author"]["id"] == str(alice.id)
        assert (resumed["t"], resumed["s"]) == ("RESUMED", 4)
        assert session.resumes == 1

        await ws.send_json({"op": 6, "d": {"token": fake_discord.bot_token, "session_id": "x"}})
        assert (await ws.receive(timeout=5)).type is aiohttp.WSMsgType.CLOSE
        assert ws.close_code == 4005  # already authenticated
    async with http.ws_connect(fake_discord.gateway_url) as ws:
        await next_json(ws)
        await ws.send_json(
            {"op": 6, "d": {"token": fake_discord.bot_token, "session_id": "nope", "seq": 1}}
        )
        assert await next_json(ws) == {"op": 9, "d": False, "s": None, "t": None}


@pytest.fixture
async def client(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[discord.Client]:
    """An in-process discord.py client pointed at the fake exactly like a real bot."""
    bot, tree = in_process_bot(fake_discord, monkeypatch)

    @tree.command(description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    async with connected(bot, tree, fake_discord):
        yield bot


async def test_discord_py_resumes_after_drop_and_reconnect_request(
    fake_discord: FakeDiscord, client: discord.Client
) -> None:
    table, alice = club_with_alice(fake_discord)
    session = await fake_discord.wait_until_bot_ready()

    assert fake_discord.disconnect_bot() == 1
    await fake_discord.wait_until(lambda: session.resumes == 1 and session.connected)
    assert session.connection is not None and session.connection.path == "/gateway/resume"
    record = await fake_discord.slash(alice, table, "ping")
    assert (await record.response()).content == "pong"
    in_dm = await fake_discord.slash(alice, fake_discord.dm_channel(alice), "ping")
    assert "guild_id" not in in_dm.payload and in_dm.payload["context"] == 1
    assert (await in_dm.response()).content == "pong"
    assert fake_discord.dm_messages(alice)[-1].content == "pong"

    assert fake_discord.request_reconnect() == 1
    await fake_discord.wait_until(lambda: session.resumes == 2 and session.connected)
    assert len(fake_discord.sessions) == 1


async def test_discord_py_sees_limits_and_gateway_events(
    fake_discord: FakeDiscord, client: discord.Client
) -> None:
    table, alice = club_with_alice(fake_discord)
    await fake_discord.wait_until_bot_ready()
    await client.wait_until_ready()
    channel = client.get_partial_messageable(table.id)

    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert too_long.value.code == 50035 and "content" in str(too_long.value)
    with pytest.raises(discord.HTTPException) as empty:
        await channel.send(embeds=[])
    assert empty.value.code == 50006
    bad_command = [{"name": "Bad Name", "description": "", "type": 1}]
    with pytest.raises(discord.HTTPException) as invalid:
        await client.http.bulk_upsert_global_commands(fake_discord.application_id, bad_command)
    assert invalid.value.code == 50035

    incoming = asyncio.create_task(client.wait_for("message", timeout=5))
    await asyncio.sleep(0)  # let wait_for register its listener before the event is sent
    await fake_discord.say(alice, table, f"hello {fake_discord.bot_user.mention}")
    message = await incoming
    assert message.author.id == alice.id and message.content.startswith("hello")
    assert message.channel.id == table.id
    reply = await message.reply("pong")
    assert reply.reference is not None and reply.reference.message_id == message.id
    stored = table.messages[-1]
    assert stored.reply_to is not None and stored.reply_to.author is alice and stored.type == 19

    created = asyncio.create_task(client.wait_for("guild_channel_create", timeout=5))
    await asyncio.sleep(0)
    lounge = table.guild.add_text_channel("lounge")
    assert (await created).id == lounge.id

    joined = asyncio.create_task(client.wait_for("guild_join", timeout=5))
    await asyncio.sleep(0)
    second = fake_discord.add_guild("Second club")
    assert (await joined).id == second.id


async def test_interactions_need_a_connected_bot(fake_discord: FakeDiscord) -> None:
    table, alice = club_with_alice(fake_discord)
    fake_discord.world.commands.overwrite(None, [{"name": "ping", "description": "Ping"}])
    with pytest.raises(BotNotConnected):
        await fake_discord.slash(alice, table, "ping")


async def test_an_enforced_nonce_is_created_once_and_posts_can_be_held(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    channel = fake_discord.add_guild("Nonces").add_text_channel("news")
    url = f"{fake_discord.api_base}/channels/{channel.id}/messages"

    async def post(content: str, **extra: Any) -> dict[str, Any]:
        body = {"content": content, **extra}
        async with http.post(url, json=body, headers=bot_auth(fake_discord)) as response:
            assert response.status == 200
            data: dict[str, Any] = await response.json()
            return data

    first = await post("Hand 1 is over", nonce="42", enforce_nonce=True)
    again = await post("Hand 1 is over", nonce="42", enforce_nonce=True)
    assert again["id"] == first["id"] and len(channel.messages) == 1
    await post("not enforced", nonce="42")
    await post("another nonce", nonce="43", enforce_nonce=True)
    assert [m.content for m in channel.messages][1:] == ["not enforced", "another nonce"]

    fake_discord.settings.hold_posts.clear()
    held = asyncio.create_task(post("held"))
    await asyncio.sleep(0.05)
    assert not held.done() and len(channel.messages) == 3
    fake_discord.settings.hold_posts.set()
    await held
    assert channel.messages[-1].content == "held"


async def test_a_post_can_be_made_with_its_answer_held_and_a_thread_held_unmade(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """``hold_post_answers``: the message exists while its answer waits, and a repost with
    the same enforced nonce finds it. ``hold_threads``: no thread until it is let go."""
    channel = fake_discord.add_guild("Holds").add_text_channel("news")
    url = f"{fake_discord.api_base}/channels/{channel.id}"

    async def call(path: str, body: dict[str, Any]) -> dict[str, Any]:
        async with http.post(url + path, json=body, headers=bot_auth(fake_discord)) as response:
            assert response.status in (200, 201)
            data: dict[str, Any] = await response.json()
            return data

    fake_discord.settings.hold_post_answers.clear()
    held = asyncio.create_task(call("/messages", {"content": "Round 1", "nonce": "7"}))
    made = await fake_discord.wait_until(
        lambda: any(r.held for r in fake_discord.requests) or None, what="the answer held"
    )
    assert made and [m.content for m in channel.messages] == ["Round 1"] and not held.done()
    fake_discord.settings.hold_post_answers.set()
    first = await held
    again = await call("/messages", {"content": "Round 1", "nonce": "7", "enforce_nonce": True})
    assert again["id"] == first["id"] and len(channel.messages) == 1

    fake_discord.settings.hold_threads.clear()
    thread = asyncio.create_task(call("/threads", {"name": "Table 1", "type": 11}))
    await fake_discord.wait_until(
        lambda: any(r.held for r in fake_discord.requests) or None, what="the thread held"
    )
    assert channel.threads == [] and not thread.done()
    fake_discord.settings.hold_threads.set()
    assert (await thread)["name"] == "Table 1" and len(channel.threads) == 1


async def test_edits_can_be_held_one_at_a_time_and_calls_name_their_caller(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    channel = fake_discord.add_guild("Edits").add_text_channel("tables")
    posted = f"{fake_discord.api_base}/channels/{channel.id}/messages"
    async with http.post(
        posted, json={"content": "v1"}, headers=bot_auth(fake_discord)
    ) as response:
        message_id = (await response.json())["id"]
    url = f"{posted}/{message_id}"

    async def edit(content: str) -> int:
        body = {"content": content}
        async with http.patch(url, json=body, headers=bot_auth(fake_discord)) as response:
            return response.status

    fake_discord.settings.hold_edits.clear()
    older = asyncio.create_task(edit("v2"))
    held = await fake_discord.wait_until(
        lambda: next((r for r in fake_discord.requests if r.held), None), what="a held edit"
    )
    assert (held.method, held.route) == ("PATCH", "/channels/{channel_id}/messages/{message_id}")
    # Later edits pass a fresh, set event; the held one still waits for the one it found.
    first_gate = fake_discord.settings.hold_edits
    fake_discord.settings.hold_edits = asyncio.Event()
    fake_discord.settings.hold_edits.set()
    assert await edit("v3") == 200
    assert not older.done() and channel.messages[0].content == "v3"
    first_gate.set()
    assert await older == 200
    assert [v.content for v in channel.messages[0].versions] == ["v1", "v3", "v2"]
    assert not held.held and held.status == 200
    # Each call names the client port it came from: the edit made while the first was
    # held went over another connection.
    ports = {r.peer_port for r in fake_discord.requests if r.method == "PATCH"}
    assert len(ports) == 2 and None not in ports and fake_discord.port not in ports


async def test_a_global_limit_answers_429_as_discord_does_but_never_to_interaction_routes(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    fake_discord.settings.global_limit = 3
    me = f"{fake_discord.api_base}/users/@me"
    statuses = []
    for _ in range(4):
        async with http.get(me, headers=bot_auth(fake_discord)) as response:
            statuses.append(response.status)
            body = await response.json()
            headers = response.headers
    assert statuses == [200, 200, 200, 429]
    assert body["global"] is True and 0 < body["retry_after"] <= 1.0
    assert headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global"
    assert int(headers["Retry-After"]) >= 1 and headers["Via"]
    # Over the limit still: an interaction's routes are not counted, so not refused.
    app = fake_discord.application_id
    callback = f"{fake_discord.api_base}/interactions/1/not-a-token/callback"
    async with http.post(callback, json={"type": 6}) as response:
        assert response.status == 404  # unknown interaction, not rate limited
    async with http.get(f"{fake_discord.api_base}/webhooks/{app}/tok/messages/@original") as r:
        assert r.status != 429
    records = fake_discord.requests[-6:]
    assert [r.global_limit for r in records] == [True, True, True, True, False, False]
    # A second later the window has moved on.
    await asyncio.sleep(1.0)
    async with http.get(me, headers=bot_auth(fake_discord)) as response:
        assert response.status == 200
