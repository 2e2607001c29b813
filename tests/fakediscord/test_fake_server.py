"""End-to-end: the real discord.py sample bot, in a subprocess, against the fake server."""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
import discord
import pytest

from .driver import FakeDiscord
from .errors import CommandNotRegistered, InvalidInteraction
from .models import DMChannel, Guild, TextChannel, User
from .process import BotLauncher, BotProcess

MESSAGES_ROUTE = "/channels/{channel_id}/messages"
CALLBACK_ROUTE = "/interactions/{webhook_id}/{webhook_token}/callback"


@dataclass
class Scene:
    fake: FakeDiscord
    guild: Guild
    table: TextChannel
    alice: User
    carol: User
    manager: User


@pytest.fixture
def scene(fake_discord: FakeDiscord) -> Scene:
    guild = fake_discord.add_guild("Domino Club")
    return Scene(
        fake=fake_discord,
        guild=guild,
        table=guild.add_text_channel("tables"),
        alice=fake_discord.add_user("alice"),
        carol=fake_discord.add_user("carol", dms_closed=True),
        manager=fake_discord.add_user("mia", manage_guild=True),
    )


@pytest.fixture
async def bot(scene: Scene, bot_launcher: BotLauncher) -> BotProcess:
    process = await bot_launcher.start()
    await scene.fake.wait_until_bot_ready(timeout=20)
    return process


async def test_bot_connects_identifies_and_syncs_commands(scene: Scene, bot: BotProcess) -> None:
    fake = scene.fake
    session = fake.sessions[-1]
    assert session.intents == discord.Intents.default().value
    assert session.properties["browser"] == "discord.py"
    assert session.connection is not None
    assert session.connection.query["encoding"] == "json"
    assert session.connection.query["v"] == "10"
    assert session.connection.query["compress"] in ("zlib-stream", "zstd-stream")
    names = {command.name for command in fake.commands()}
    assert {"echo", "panel", "table", "dm", "double", "late", "upload"} <= names
    assert fake.command("table").subcommand_paths() == ["table new"]
    keys = [request.key for request in fake.requests]
    assert keys[:3] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        "PUT /applications/{application_id}/commands",
    ]
    assert fake.unknown_requests == []


async def test_slash_commands_get_replies(scene: Scene, bot: BotProcess) -> None:
    fake, table = scene.fake, scene.table
    record = await fake.slash(scene.alice, table, "echo", text="hi", times=2)
    callback = await record.response()
    assert callback.accepted and callback.type == 4 and callback.content == "hi hi"
    assert len(record.callbacks) == 1
    assert record.latency_ms is not None and record.latency_ms > 0
    reply = table.messages[-1]
    assert reply is record.original
    assert (reply.content, reply.author, reply.webhook_id) == (
        "hi hi",
        fake.bot_user,
        fake.application_id,
    )

    record = await fake.slash(scene.alice, table, "table new", seats=3, name="Sunday")
    assert (await record.response()).content == "Table Sunday for 3"
    option = record.payload["data"]["options"][0]
    assert option["type"] == 1 and option["options"][0] == {"type": 4, "name": "seats", "value": 3}

    with pytest.raises(InvalidInteraction, match="above the maximum"):
        await fake.slash(scene.alice, table, "table new", seats=9, name="x")
    with pytest.raises(InvalidInteraction, match="required option 'text'"):
        await fake.slash(scene.alice, table, "echo")
    with pytest.raises(CommandNotRegistered, match="known"):
        await fake.slash(scene.alice, table, "network new")


async def test_autocomplete_returns_choices(scene: Scene, bot: BotProcess) -> None:
    record = await scene.fake.autocomplete(
        scene.alice, scene.table, "table new", focused="name", value="dd", seats=2
    )
    callback = await record.response()
    assert callback.type == 8
    assert [choice["value"] for choice in callback.choices] == ["dd-0", "dd-1", "dd-2"]


async def test_persistent_view_click_select_and_deferred_edit(
    scene: Scene, bot: BotProcess
) -> None:
    fake, alice = scene.fake, scene.alice
    panel = await (await fake.slash(alice, scene.table, "panel")).wait_for_original()
    assert [button.label for button in panel.buttons] == ["Count", "Later"]

    click = await fake.click(alice, panel, panel.button(label="Count"))
    assert (await click.response()).type == 7
    assert panel.content == "Count: 1" and panel.edit_count == 1
    assert panel.versions[0].content == "Count: 0"

    pick = await fake.select(alice, panel, panel.select(placeholder="Pick a tile"), ["Double six"])
    picked = await pick.response()
    assert picked.content == "Picked 6-6" and picked.ephemeral
    assert pick.original is not None and pick.original.visible_to is alice

    later = await fake.click(alice, panel, "sample:later")
    assert (await later.response()).type == 6
    await fake.wait_for_edit(panel, lambda m: m.content == "Count: 100", min_edits=2)
    assert later.original is panel


async def test_dm_to_closed_user_raises_forbidden_50007(scene: Scene, bot: BotProcess) -> None:
    fake = scene.fake
    record = await fake.slash(scene.alice, scene.table, "dm", user=scene.carol)
    report = await fake.wait_for_message(scene.table, lambda m: m.content.startswith("DM failed"))
    assert report.content == "DM failed: Forbidden 50007"
    failed = fake.requests_matching("POST", MESSAGES_ROUTE)[0]
    assert (failed.status, failed.error_code) == (403, 50007)
    assert fake.dm_messages(scene.carol) == []
    # The follow-up replaced the deferred "thinking" placeholder instead of adding a message.
    original = await record.wait_for_original(lambda m: not m.loading)
    assert original.content == "Could not DM them" and record.followups == []


async def test_buttons_work_in_dms(scene: Scene, bot: BotProcess) -> None:
    fake, alice = scene.fake, scene.alice
    await fake.slash(alice, scene.table, "dm", user=alice)
    dm = await fake.wait_for_dm(alice)
    assert isinstance(dm.channel, DMChannel) and dm.content == "Hello from the sample bot"
    record = await fake.click(alice, dm, dm.button(label="Ack"))
    assert "guild_id" not in record.payload and record.payload["user"]["id"] == str(alice.id)
    await record.response()
    assert dm.content == "Acknowledged in DM" and dm.components == []


async def test_second_callback_is_rejected_with_40060(scene: Scene, bot: BotProcess) -> None:
    record = await scene.fake.slash(scene.alice, scene.table, "double")
    followup = await record.wait_for_followup()
    assert followup.content == "second callback failed: 400 40060"
    first, second = record.callbacks
    assert first.accepted and second.error is not None and second.error.code == 40060


async def test_callback_after_the_window_is_unknown_interaction(
    scene: Scene, bot: BotProcess
) -> None:
    scene.fake.settings.callback_window = 0.0
    record = await scene.fake.slash(scene.alice, scene.table, "late")
    report = await scene.fake.wait_for_message(scene.table, lambda m: m.content.startswith("late"))
    assert report.content == "late: 10062"
    assert record.callbacks[0].error is not None and record.callbacks[0].error.status == 404
    assert not record.acknowledged


async def test_files_in_callbacks_followups_and_edits(scene: Scene, bot: BotProcess) -> None:
    fake = scene.fake
    record = await fake.slash(scene.alice, scene.table, "upload")
    callback = await record.response()
    assert [upload.filename for upload in callback.files] == ["tile.txt"]
    followup = await record.wait_for_followup()
    assert followup.attachment("board.png").data == b"\x89PNG fake"
    assert callback.message is not None and callback.message is record.original
    original = await fake.wait_for_edit(callback.message)
    assert original.content == "here (edited)"
    assert original.versions[0].content == "here"
    edit = fake.requests_matching(
        "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    )
    assert [r.files for r in edit] == [["v2.txt"]] and edit[0].interaction_id == record.id
    assert [a.filename for a in original.attachments] == ["tile.txt", "v2.txt"]
    tile = original.attachment("tile.txt")
    assert tile.text() == "double six" and tile.size == 10
    async with aiohttp.ClientSession() as session, session.get(tile.url) as response:
        assert await response.read() == b"double six"


async def test_deferred_thinking_then_edit_original(scene: Scene, bot: BotProcess) -> None:
    record = await scene.fake.slash(scene.alice, scene.table, "think")
    assert (await record.response()).type == 5
    original = await record.wait_for_original(lambda m: not m.loading)
    assert original.content == "thought about it" and original.ephemeral


async def test_modal_submit(scene: Scene, bot: BotProcess) -> None:
    fake = scene.fake
    opened = await fake.slash(scene.alice, scene.table, "rename")
    modal = (await opened.response()).modal
    assert modal is not None and [field.custom_id for field in modal.text_inputs] == ["name"]
    with pytest.raises(InvalidInteraction, match="too long"):
        await fake.submit_modal(scene.alice, opened, {"name": "x" * 21})
    submitted = await fake.submit_modal(scene.alice, opened, {"name": "Big table"})
    assert (await submitted.response()).content == "Table named Big table"


async def test_default_member_permissions_hide_commands(scene: Scene, bot: BotProcess) -> None:
    with pytest.raises(InvalidInteraction, match="lacks permissions"):
        await scene.fake.slash(scene.alice, scene.table, "admin")
    record = await scene.fake.slash(scene.manager, scene.table, "admin")
    assert (await record.response()).content == "admin ok"


async def test_killed_bot_restarts_and_persistent_button_still_works(
    scene: Scene, bot: BotProcess
) -> None:
    fake, alice = scene.fake, scene.alice
    panel = await (await fake.slash(alice, scene.table, "panel")).wait_for_original()
    await (await fake.click(alice, panel, "sample:count")).response()
    assert panel.content == "Count: 1"
    first_session = fake.sessions[-1]

    mark = fake.ready_count
    await bot.restart()  # SIGKILL, then a fresh process
    await fake.wait_until_bot_ready(timeout=20, after=mark)
    await fake.wait_until(lambda: not first_session.connected, what="the old session to drop")

    click = await fake.click(alice, panel, panel.button(label="Count"))
    assert (await click.response()).accepted
    assert panel.content == "Count: 2"
    assert fake.sessions[-1] is not first_session


async def test_wrong_token_fails_login_with_401(scene: Scene, bot_launcher: BotLauncher) -> None:
    process = await bot_launcher.start(extra_env={"DISCORD_TOKEN": "not-the-token"})
    assert await process.wait(timeout=20) != 0
    assert "LoginFailure" in process.log()
    login = scene.fake.requests[0]
    assert (login.key, login.status) == ("GET /users/@me", 401)


async def test_sharded_client_uses_gateway_bot(scene: Scene, bot_launcher: BotLauncher) -> None:
    fake = scene.fake
    await bot_launcher.start(extra_env={"SAMPLE_BOT_SHARDED": "1"})
    session = await fake.wait_until_bot_ready(timeout=20)
    assert session.shard == (0, 1)
    assert fake.count_requests("GET", "/gateway/bot") >= 1
    record = await fake.slash(scene.alice, scene.table, "echo", text="sharded")
    assert (await record.response()).content == "sharded"


async def test_two_bot_processes_both_receive_interactions(
    scene: Scene, bot_launcher: BotLauncher
) -> None:
    fake = scene.fake
    await bot_launcher.start()
    await bot_launcher.start()
    await fake.wait_until(
        lambda: sum(s.ready and s.connected for s in fake.sessions) == 2,
        timeout=20,
        what="two ready bot sessions",
    )
    await fake.wait_until_bot_ready()
    record = await fake.slash(scene.alice, scene.table, "echo", text="once")
    await fake.wait_until(lambda: len(record.callbacks) == 2, what="both bots to answer")
    codes = sorted(0 if c.error is None else c.error.code for c in record.callbacks)
    assert codes == [0, 40060]
    assert [message.content for message in scene.table.messages] == ["once"]
