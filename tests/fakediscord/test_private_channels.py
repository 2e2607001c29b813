"""User installs in group DMs and DMs between users, with a real discord.py client in
process: the interaction fields Discord sends there, answers through interaction tokens
only, the bot's own calls refused with 403, and tokens that expire after 15 minutes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from .driver import FakeDiscord
from .errors import InvalidInteraction
from .fixtures import connected, in_process_bot, on_button
from .installs import PRIVATE_APP_PERMISSIONS
from .models import GroupDMChannel, Message, User

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@dataclass
class Seen:
    """The in-process bot and the interactions it received."""

    bot: discord.Client
    interactions: list[discord.Interaction[Any]] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)
    """Contents of the MESSAGE_CREATE events it received."""


@pytest.fixture
async def seen(fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Seen]:
    """A bot whose /deal (for both installs, usable anywhere) answers with a table and
    a Join button; Join updates the table and pings the next player in a follow-up.
    /club keeps Discord's defaults (no ``contexts``); /server is for guild installs."""
    bot, tree = in_process_bot(fake_discord, monkeypatch)
    seen = Seen(bot)

    @tree.command(description="Deal a table")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def deal(interaction: discord.Interaction) -> None:
        seen.interactions.append(interaction)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Join", custom_id="join"))
        await interaction.response.send_message("Table: nobody yet", view=view)

    @tree.command(description="Club news")
    async def club(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("news")

    @tree.command(description="Server only")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def server(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("server")

    async def join(interaction: discord.Interaction) -> None:
        seen.interactions.append(interaction)
        await interaction.response.edit_message(content=f"Table: {interaction.user.name} joined")
        channel = interaction.channel
        assert isinstance(channel, discord.GroupChannel)
        others = [user for user in channel.recipients if user.id != interaction.user.id]
        await interaction.followup.send(
            f"{others[0].mention}, it's your turn",
            allowed_mentions=discord.AllowedMentions(users=[others[0]]),
        )
        await interaction.followup.send(
            f"(not a ping: {others[0].mention})", allowed_mentions=discord.AllowedMentions.none()
        )
        hand = discord.ui.View()
        hand.add_item(discord.ui.Button(label="Play", custom_id="play"))
        await interaction.followup.send("your hand", view=hand, ephemeral=True)

    async def on_message(message: discord.Message) -> None:
        seen.heard.append(message.content)
        fake_discord.world.changed()  # wakes the test's waiting helpers

    on_button(bot, "join", join)
    bot.event(on_message)
    async with connected(bot, tree, fake_discord):
        await fake_discord.wait_until_bot_ready()
        yield seen


def friends(fake: FakeDiscord) -> tuple[User, User, User, GroupDMChannel]:
    """alice (who installed the app), bob and carol in no guild of the bot's; alice and
    bob's group DM."""
    alice, bob, carol = (fake.add_user(name, guild=None) for name in ("alice", "bob", "carol"))
    fake.install_for_user(alice)
    return alice, bob, carol, fake.add_group_dm(alice, bob, name="Dominoes")


async def dealt(fake: FakeDiscord, user: User, group: GroupDMChannel) -> Message:
    """``user`` runs /deal in ``group``; the table it posted."""
    await (await fake.slash(user, group, "deal")).response()
    return group.messages[0]


async def test_a_user_installed_command_in_a_group_dm_has_no_guild(
    fake_discord: FakeDiscord, seen: Seen
) -> None:
    alice, bob, _, group = friends(fake_discord)
    record = await fake_discord.slash(alice, group, "deal")
    assert (await record.response()).accepted
    payload = record.payload
    assert "guild_id" not in payload and "member" not in payload
    assert payload["user"]["id"] == str(alice.id) and payload["context"] == 2
    assert payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert payload["app_permissions"] == str(PRIVATE_APP_PERMISSIONS)
    assert payload["channel"]["type"] == 3 and payload["channel_id"] == str(group.id)
    assert [u["id"] for u in payload["channel"]["recipients"]] == [str(bob.id)]
    [interaction] = seen.interactions
    assert interaction.guild is None and interaction.context.private_channel
    assert interaction.is_user_integration() and not interaction.is_guild_integration()
    assert isinstance(interaction.channel, discord.GroupChannel)
    assert (
        interaction.app_permissions.attach_files and not interaction.app_permissions.send_messages
    )
    [table] = group.messages
    assert table.text == "Table: nobody yet" and table.interaction is record


async def test_the_bots_own_calls_in_a_group_dm_are_refused_with_missing_access(
    fake_discord: FakeDiscord, seen: Seen
) -> None:
    alice, bob, _, group = friends(fake_discord)
    table = await dealt(fake_discord, alice, group)
    channel = seen.bot.get_partial_messageable(group.id)
    mark = len(fake_discord.requests)
    with pytest.raises(discord.Forbidden) as posted:
        await channel.send("hello from the bot")
    with pytest.raises(discord.Forbidden) as edited:
        await channel.get_partial_message(table.id).edit(content="edited by the bot")
    with pytest.raises(discord.Forbidden) as reacted:
        await channel.get_partial_message(table.id).add_reaction("👍")
    with pytest.raises(discord.Forbidden):
        await channel.typing()
    assert {error.value.code for error in (posted, edited, reacted)} == {50001}
    refused = fake_discord.requests[mark:]
    assert len(refused) == 4 and all(r.status == 403 and r.error_code == 50001 for r in refused)
    assert all(r.channel_id == group.id for r in refused)
    assert [m.text for m in group.messages] == ["Table: nobody yet"] and table.edit_count == 0
    await fake_discord.say(bob, group, "anyone for dominoes?")
    await fake_discord.say(bob, fake_discord.dm_channel(bob), "hello bot")
    await fake_discord.wait_until(lambda: "hello bot" in seen.heard)
    assert seen.heard == ["hello bot"]  # nothing from the group DM, its table included


async def test_a_click_updates_the_table_and_a_follow_up_pings_the_next_player(
    fake_discord: FakeDiscord, seen: Seen
) -> None:
    alice, bob, carol, group = friends(fake_discord)
    table = await dealt(fake_discord, alice, group)
    with pytest.raises(InvalidInteraction):  # not in the group DM
        await fake_discord.click(carol, table, "join")
    click = await fake_discord.click(bob, table, "join")  # bob never installed the app
    assert (await click.response()).type == 7
    assert click.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert click.payload["context"] == 2 and "guild_id" not in click.payload
    ping = await click.wait_for_followup(lambda m: "your turn" in m.text)
    quiet = await click.wait_for_followup(lambda m: "not a ping" in m.text)
    assert table.text == "Table: bob joined" and table.edit_count == 1
    assert ping.mentions == [alice] and quiet.mentions == []
    hand = await click.wait_for_followup(lambda m: m.text == "your hand")
    assert hand.ephemeral and hand.visible_to is bob
    with pytest.raises(InvalidInteraction):  # only its reader sees it
        await fake_discord.click(alice, hand, "play")
    assert group.messages == [table, ping, quiet, hand] and ping.channel is group
    calls = [r for r in fake_discord.requests if r.channel_id == group.id]
    assert calls and not any(r.global_limit for r in calls)
    assert all(r.status < 400 for r in calls)


async def test_an_interaction_token_is_refused_after_fifteen_minutes(
    fake_discord: FakeDiscord, seen: Seen
) -> None:
    alice, _, _, group = friends(fake_discord)
    record = await fake_discord.slash(alice, group, "deal")
    await record.response()
    interaction = seen.interactions[-1]
    early = await interaction.followup.send("still fresh", wait=True)
    assert fake_discord.advance_clock(14 * 60) == 14 * 60
    await interaction.edit_original_response(content="Table: fourteen minutes on")
    await early.edit(content="still fresh, edited")  # a follow-up, by its id
    fake_discord.advance_clock(60 + 1)
    assert fake_discord.clock_offset == 15 * 60 + 1
    with pytest.raises(discord.HTTPException) as late:
        await interaction.followup.send("too late")
    with pytest.raises(discord.HTTPException) as late_edit:
        await early.edit(content="too late too")
    assert {(e.value.status, e.value.code) for e in (late, late_edit)} == {(401, 50027)}
    refused = [r for r in record.requests if r.status == 401]
    assert len(refused) == 2 and all(r.error_code == 50027 for r in refused)
    assert [m.text for m in group.messages] == ["Table: fourteen minutes on", "still fresh, edited"]


async def test_commands_run_in_private_channels_only_where_declared(
    fake_discord: FakeDiscord, seen: Seen
) -> None:
    alice, bob, _, group = friends(fake_discord)
    assert fake_discord.command("club").contexts is None
    assert fake_discord.command("deal").integration_types == [0, 1]
    for name in ("club", "server"):  # no private channels / no user install
        with pytest.raises(InvalidInteraction):
            await fake_discord.slash(alice, group, name)
    with pytest.raises(InvalidInteraction):  # bob did not install the app
        await fake_discord.slash(bob, group, "deal")
    between = fake_discord.private_dm(alice, bob)
    record = await fake_discord.slash(alice, between, "deal")
    assert (await record.response()).accepted and record.payload["context"] == 2
    assert record.payload["channel"]["type"] == 1
    club = fake_discord.add_guild("Club")
    room = club.add_text_channel("tables")
    club.add_member(alice)
    in_guild = await fake_discord.slash(alice, room, "deal")
    await in_guild.response()
    owners = {"0": str(club.id), "1": str(alice.id)}
    assert in_guild.payload["authorizing_integration_owners"] == owners
    installed = await fake_discord.slash(alice, fake_discord.dm_channel(alice), "club")
    assert installed.payload["authorizing_integration_owners"] == {"0": "0", "1": str(alice.id)}
    in_dm = await fake_discord.slash(bob, fake_discord.dm_channel(bob), "club")
    assert in_dm.payload["authorizing_integration_owners"] == {"0": "0"}
    assert in_dm.payload["context"] == 1 and "guild_id" not in in_dm.payload
