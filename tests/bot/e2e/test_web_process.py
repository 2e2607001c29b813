"""``domino-tables web`` on its own, beside the bot, on PostgreSQL: a page served by the
web process follows a move made in Discord (committed by the bot's process), and a move
made on the page reaches the channel's table message, published by the bot's."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp

from bot.web.tokens import Signer
from tests.bot.e2e.harness import Player, TableDriver, page_address, start_bot
from tests.fakediscord import BotLauncher, FakeDiscord

SECRET = "a web secret for this test"


async def _next_state(socket: aiohttp.ClientWebSocketResponse, after: int) -> dict[str, Any]:
    """The first state pushed with a version past ``after``."""
    while True:
        message = await socket.receive(timeout=30)
        data = json.loads(message.data)
        assert data["type"] == "state", data
        if data["state"]["version"] > after:
            return dict(data["state"])


async def test_a_separate_web_process_follows_and_makes_moves(
    fake_discord: FakeDiscord, postgres_url: str, bot_launcher: BotLauncher, tmp_path: Any
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Domino Club")
    channel = guild.add_text_channel("tables")
    ada = Player(fake.add_user("ada", guild=guild))
    bea = Player(fake.add_user("bea", guild=guild))
    env = {"DATABASE_URL": postgres_url, "DEAL_SEED": "4", "RENDER_PROCESSES": "0"}
    await start_bot(fake, bot_launcher, tmp_path / "unused.sqlite3", guild, **env)
    web = await bot_launcher.start(
        module="bot",
        args=["web"],
        extra_env={
            **env,
            "DEV_GUILD_ID": str(guild.id),
            "WEB_HOST": "127.0.0.1",
            "WEB_PORT": "0",
            "WEB_SECRET": SECRET,
            "PUBLISH_WORKERS": "0",
        },
    )
    base = await page_address(web)
    table = TableDriver(fake, channel, [ada, bea])
    await table.open(ada, seats=2, target=1)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    first = await table.next_turn()
    assert first is not None

    signer = Signer(SECRET)
    now = datetime.now(UTC)
    tokens = {
        player.user.id: signer.seat_link_token(player.user.id, 1, now, timedelta(hours=1))
        for player in (ada, bea)
    }
    async with aiohttp.ClientSession() as session:
        other = bea if first.player is ada else ada
        socket = await session.ws_connect(f"{base}/api/tables/1/socket")
        await socket.send_json({"token": tokens[other.user.id], "since": None})
        shown = await _next_state(socket, -1)
        assert shown["you"]["on_turn"] is False

        await table.play_first(first)  # in Discord, committed by the bot's process
        moved = await _next_state(socket, shown["version"])
        assert moved["you"]["on_turn"] is True  # pushed across processes by the database

        headers = {"Authorization": f"Bearer {tokens[other.user.id]}"}
        you = moved["you"]
        subject = next((s["key"] for s in you["subjects"] if s["playable"]), None)
        if subject is None:
            move = you["actions"][0]["move"]
        else:
            async with session.get(
                f"{base}/api/tables/1/places", params={"subject": subject}, headers=headers
            ) as response:
                move = (await response.json())["targets"][0]["move"]
        edits = table.table().edit_count
        async with session.post(
            f"{base}/api/tables/1/moves",
            json={"move": move, "turn": moved["turn"]},
            headers=headers,
        ) as response:
            assert response.status == 200, await response.text()
        await fake.wait_until(
            lambda: table.table().edit_count > edits or None,
            timeout=30,
            what="the table message to show the page's move",
        )
        await socket.close()
