"""pytest fixtures for end-to-end tests against the fake Discord.

Import them where needed: ``from tests.fakediscord.fixtures import bot_launcher,
fake_discord``. Teardown stops every bot subprocess before the server, prints bot
logs (pytest shows them for failing tests) and fails on fake-server errors.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import aiohttp
import discord
import pytest
import pytest_asyncio
import yarl
from discord import app_commands

from .driver import FakeDiscord
from .models import TextChannel, User
from .process import BotLauncher


@asynccontextmanager
async def checked_fake(**options: Any) -> AsyncIterator[FakeDiscord]:
    """A running ``FakeDiscord`` (``options`` as its constructor's) that fails on exit if
    the server met errors: what a test module uses to override ``fake_discord``."""
    async with FakeDiscord(**options) as fake:
        yield fake
        errors = list(fake.server_errors)
    assert not errors, "fake Discord server errors:\n" + "\n".join(errors)


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running ``FakeDiscord`` on a free 127.0.0.1 port."""
    async with checked_fake() as fake:
        yield fake


@pytest_asyncio.fixture
async def bot_launcher(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotLauncher]:
    """Start bot subprocesses against ``fake_discord`` with ``await bot_launcher.start()``.

    Depends on ``fake_discord`` so bots are always stopped before the server.
    """
    launcher = BotLauncher(fake_discord, tmp_path)
    try:
        yield launcher
    finally:
        await launcher.close()
        print(launcher.logs())


def in_process_client(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> discord.Client:
    """A discord.py client in the test's own process, pointed at ``fake`` exactly like a
    real bot (REST base and gateway URL)."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    # guild_ready_timeout: discord.py otherwise waits 2s after the last GUILD_CREATE
    # before on_ready and before dispatching events for guilds that arrive meanwhile.
    return discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)


def in_process_bot(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> tuple[discord.Client, app_commands.CommandTree[discord.Client]]:
    """:func:`in_process_client` with an empty command tree, for a test bot to declare
    its commands on before :func:`connected` syncs them."""
    bot = in_process_client(fake, monkeypatch)
    return bot, app_commands.CommandTree(bot)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """A plain HTTP session, for calling the fake's REST API by hand."""
    async with aiohttp.ClientSession() as session:
        yield session


def bot_auth(fake: FakeDiscord) -> dict[str, str]:
    """The headers of a REST call made with the fake's bot token."""
    return {"Authorization": f"Bot {fake.bot_token}"}


def club_with_alice(fake: FakeDiscord) -> tuple[TextChannel, User]:
    """A guild "Club" (``table.guild``) with a #tables channel and alice, its member."""
    guild = fake.add_guild("Club")
    return guild.add_text_channel("tables"), fake.add_user("alice")


def on_button(
    bot: discord.Client,
    custom_id: str,
    answer: Callable[[discord.Interaction[Any]], Awaitable[None]],
) -> None:
    """Have ``bot`` answer each click on its ``custom_id`` button with ``answer`` (its one
    ``on_interaction``: other interactions are left to the command tree)."""

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        if data.get("custom_id") == custom_id:
            await answer(interaction)

    bot.event(on_interaction)


@asynccontextmanager
async def connected(
    bot: discord.Client, tree: app_commands.CommandTree[Any], fake: FakeDiscord
) -> AsyncIterator[discord.Client]:
    """``bot`` logged in to ``fake``, its commands synced and its gateway connected until
    the block ends."""
    await bot.login(fake.bot_token)
    await tree.sync()
    task = asyncio.create_task(bot.connect())
    try:
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)
