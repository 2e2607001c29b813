"""The fake's Activity support: the Entry Point command, LAUNCH_ACTIVITY callbacks, and
OAuth2's code exchange and ``/users/@me`` for the user who authorized."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from .driver import FakeDiscord
from .fixtures import bot_auth, club_with_alice, connected, in_process_bot, on_button

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ENTRY_POINT = {"type": 4, "name": "launch", "description": "Play here", "handler": 2}
PING = {"type": 1, "name": "ping", "description": "Ping"}


async def put_commands(
    fake: FakeDiscord, http: aiohttp.ClientSession, commands: list[Any], guild: int | None = None
) -> tuple[int, Any]:
    scope = "" if guild is None else f"/guilds/{guild}"
    url = f"{fake.api_base}/applications/{fake.application_id}{scope}/commands"
    async with http.put(url, json=commands, headers=bot_auth(fake)) as response:
        return response.status, await response.json()


async def test_an_entry_point_needs_activities_and_is_global(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    status, body = await put_commands(fake_discord, http, [PING, ENTRY_POINT])
    assert status == 400 and body["code"] == 50035  # no Activities yet
    fake_discord.enable_activities()
    [default] = [c for c in fake_discord.commands() if c.type == 4]
    assert default.name == "launch" and default.raw["handler"] == 2
    guild = fake_discord.add_guild("Club")
    status, body = await put_commands(fake_discord, http, [ENTRY_POINT], guild=guild.id)
    assert status == 400 and "only be global" in str(body)
    status, body = await put_commands(fake_discord, http, [{**ENTRY_POINT, "handler": 3}])
    assert status == 400 and "handler" in str(body)
    twice = [ENTRY_POINT, {**ENTRY_POINT, "name": "open"}]
    assert (await put_commands(fake_discord, http, twice))[0] == 400


async def test_a_bulk_overwrite_keeps_the_entry_point_or_is_refused(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    fake_discord.enable_activities()
    [default] = fake_discord.commands()
    status, body = await put_commands(fake_discord, http, [PING])
    assert status == 400 and body["code"] == 50240
    assert [c.name for c in fake_discord.commands()] == ["launch"]  # nothing changed

    status, body = await put_commands(fake_discord, http, [PING, ENTRY_POINT])
    assert status == 200
    entry = next(raw for raw in body if raw["type"] == 4)
    assert entry["handler"] == 2 and entry["id"] == str(default.id)  # same command, kept
    assert {(c.name, c.type) for c in fake_discord.commands()} == {("ping", 1), ("launch", 4)}


async def test_oauth2_trades_a_code_once_for_a_token_that_reads_the_user(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    _, alice = club_with_alice(fake_discord)
    code = fake_discord.issue_oauth_code(alice)
    token_url = f"{fake_discord.api_base}/oauth2/token"
    form = {
        "client_id": str(fake_discord.application_id),
        "client_secret": fake_discord.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }

    async with http.post(token_url, data={**form, "client_secret": "wrong"}) as refused:
        assert refused.status == 401 and (await refused.json())["error"] == "invalid_client"
    async with http.post(token_url, data=form) as response:
        assert response.status == 200
        grant = await response.json()
    assert grant["token_type"] == "Bearer" and grant["scope"] == "identify"
    assert grant["expires_in"] > 0
    async with http.post(token_url, data=form) as again:
        assert again.status == 400 and (await again.json())["error"] == "invalid_grant"
    async with http.post(token_url, data={**form, "code": "made-up"}) as unknown:
        assert unknown.status == 400 and (await unknown.json())["error"] == "invalid_grant"

    me = f"{fake_discord.api_base}/users/@me"
    bearer = {"Authorization": f"Bearer {grant['access_token']}"}
    async with http.get(me, headers=bearer) as response:
        assert response.status == 200
        user = await response.json()
    assert user["id"] == str(alice.id) and user["username"] == "alice"
    async with http.get(me, headers={"Authorization": "Bearer forged"}) as forged:
        assert forged.status == 401
    async with http.get(me) as anonymous:
        assert anonymous.status == 401
    async with http.get(me, headers=bot_auth(fake_discord)) as as_bot:
        assert (await as_bot.json())["id"] == str(fake_discord.bot_user.id)
    oauth = [r for r in fake_discord.requests if r.oauth]
    assert len(oauth) == 6 and not any(r.global_limit for r in oauth)  # not the bot's calls
    assert all("client_secret" not in (r.body or {}) for r in oauth)  # never kept


@pytest.fixture
async def launcher_bot(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[discord.Client]:
    """An in-process discord.py bot whose /play and Play button launch the Activity."""
    bot, tree = in_process_bot(fake_discord, monkeypatch)

    @tree.command(description="Play in the Activity")
    async def play(interaction: discord.Interaction) -> None:
        await interaction.response.launch_activity()

    @tree.command(description="A button that opens the Activity")
    async def board(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Play here", custom_id="launch"))
        await interaction.response.send_message("The table", view=view)

    async def launch(interaction: discord.Interaction) -> None:
        response = await interaction.response.launch_activity()
        assert response.activity_id is not None

    on_button(bot, "launch", launch)
    async with connected(bot, tree, fake_discord):
        yield bot


async def test_launch_activity_answers_commands_and_buttons_once_activities_are_on(
    fake_discord: FakeDiscord, launcher_bot: discord.Client
) -> None:
    table, alice = club_with_alice(fake_discord)
    await fake_discord.wait_until_bot_ready()
    refused = await fake_discord.slash(alice, table, "play")
    first = await refused.response()
    assert first.type == 12 and not first.accepted and not refused.launched_activity

    fake_discord.enable_activities()
    record = await fake_discord.slash(alice, table, "play")
    assert (await record.response()).accepted and record.launched_activity
    shown = await fake_discord.slash(alice, table, "board")
    await shown.response()
    message = await fake_discord.wait_for_message(table, lambda m: m.text == "The table")
    click = await fake_discord.click(alice, message, message.button(label="Play here"))
    callback = await click.response()
    assert callback.accepted and callback.type == 12 and callback.data is None
    assert fake_discord.activity_launches == [record, click]
