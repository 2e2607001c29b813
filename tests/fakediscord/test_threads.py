"""Threads with a real discord.py client in process (asking only for the guilds intent,
as the bot does): starting them with and without a message through discord.py's own
API, posting, adding players, users acting in them, permissions, archiving."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from . import payloads
from .driver import FakeDiscord
from .errors import InvalidInteraction
from .fixtures import connected, in_process_client, on_button
from .models import Guild, TextChannel, User
from .threads import PrivateThread, PublicThread, Thread

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@dataclass
class Club:
    """The fake's world, the in-process bot and what it heard."""

    fake: FakeDiscord
    guild: Guild
    tables: TextChannel
    alice: User
    bob: User
    carol: User
    bot: discord.Client
    events: list[tuple[str, int]] = field(default_factory=list)
    """(event, thread id) for thread_create / thread_join / thread_update /
    thread_member_join, as discord.py dispatched them."""
    interactions: list[discord.Interaction[Any]] = field(default_factory=list)

    def channel(self, channel: TextChannel) -> discord.TextChannel:
        found = self.bot.get_channel(channel.id)
        assert isinstance(found, discord.TextChannel)
        return found

    async def denied(self, name: str, **knobs: bool) -> tuple[TextChannel, discord.TextChannel]:
        """A new channel whose overwrite takes ``knobs``' permissions from the bot, once
        the bot has it cached: the fake's and discord.py's."""
        made = self.guild.add_text_channel(name, **knobs)
        await self.fake.wait_until(lambda: self.bot.get_channel(made.id), what=f"#{name} cached")
        return made, self.channel(made)

    async def heard(self, event: str, thread: Thread) -> None:
        await self.fake.wait_until(
            lambda: (event, thread.id) in self.events, what=f"{event} of {thread!r}"
        )


@pytest.fixture
async def club(fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Club]:
    """A bot whose /seat (run in a table's thread) answers with a Ready button, which
    updates the message when clicked."""
    in_process_client(fake_discord, monkeypatch)  # points discord.py at the fake
    bot = discord.Client(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(bot)
    guild = fake_discord.add_guild("Domino Club")
    club = Club(
        fake=fake_discord,
        guild=guild,
        tables=guild.add_text_channel("tournament"),
        alice=fake_discord.add_user("alice"),
        bob=fake_discord.add_user("bob"),
        carol=fake_discord.add_user("carol"),
        bot=bot,
    )

    @tree.command(description="Your seat at this table")
    async def seat(interaction: discord.Interaction) -> None:
        club.interactions.append(interaction)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Ready", custom_id="ready"))
        await interaction.response.send_message("Seat 1: alice", view=view)

    async def ready(interaction: discord.Interaction) -> None:
        club.interactions.append(interaction)
        await interaction.response.edit_message(content=f"{interaction.user.name} is ready")

    def heard(event: str) -> Any:
        async def handler(*args: Any) -> None:
            subject = args[-1]
            member = isinstance(subject, discord.ThreadMember)
            thread_id = subject.thread_id if member else subject.id
            club.events.append((event, thread_id))
            fake_discord.world.changed()  # wakes the test's waiting helpers

        handler.__name__ = f"on_{event}"
        return handler

    async def on_guild_channel_create(channel: Any) -> None:
        fake_discord.world.changed()  # a new channel is in discord.py's cache

    async def on_ready() -> None:
        fake_discord.world.changed()  # discord.py rebuilt its cache

    on_button(bot, "ready", ready)
    bot.event(on_guild_channel_create)
    bot.event(on_ready)
    for event in ("thread_create", "thread_join", "thread_update", "thread_member_join"):
        bot.event(heard(event))
    async with connected(bot, tree, fake_discord):
        await fake_discord.wait_until_bot_ready()
        await bot.wait_until_ready()
        yield club


async def test_a_thread_without_a_message_holds_a_table_the_bot_posts_in(club: Club) -> None:
    fake = club.fake
    mark = len(fake.requests)
    made = await club.channel(club.tables).create_thread(name="Round 1 - Table 1")
    thread = fake.thread(made.id)
    assert isinstance(thread, PrivateThread)  # discord.py's default without a message
    assert made.type is discord.ChannelType.private_thread and made.parent_id == club.tables.id
    assert made.owner_id == fake.bot_user.id and made.auto_archive_duration == 1440
    assert club.tables.threads == [thread] and club.guild.threads == [thread]
    assert thread.members == [fake.bot_user] and thread.messages == []
    public = await club.channel(club.tables).create_thread(
        name="Round 1 - Table 2", type=discord.ChannelType.public_thread, auto_archive_duration=60
    )
    assert isinstance(fake.thread(public.id), PublicThread)
    assert await fake.wait_for_thread(club.tables, lambda t: t.auto_archive_duration == 60)
    [created] = fake.requests_matching("POST", "/channels/{channel_id}/threads", since=mark)[:1]
    assert created.status == 201 and created.body["type"] == 12
    await club.heard("thread_create", thread)
    await club.heard("thread_join", thread)  # THREAD_MEMBERS_UPDATE: the bot joined
    cached = club.bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.me is not None

    board = await made.send("Seats: alice, bob")
    assert await fake.wait_for_message(thread, lambda m: m.text == "Seats: alice, bob")
    await board.edit(content="Seats: alice, bob, carol")
    await made.send("dropped")
    await (await made.fetch_message(board.id)).delete()
    assert [m.text for m in thread.messages] == ["dropped"]
    assert [m.text for m in thread.deleted_messages] == ["Seats: alice, bob, carol"]
    assert club.tables.messages == []  # the table lives in its thread only

    await made.add_user(discord.Object(club.alice.id))
    await made.add_user(discord.Object(club.alice.id))  # already in: no change
    assert thread.members == [fake.bot_user, club.alice]
    fetched = await made.fetch_members()
    assert [m.id for m in fetched] == [fake.bot_user.id, club.alice.id]
    # Without the members intent only the bot's own joining is sent, not alice's.
    sent = [json.loads(frame)["d"] for _, frame in fake.sessions[-1].buffer]
    updates = [d for d in sent if "added_members" in d and d["id"] == str(thread.id)]
    assert [[m["user_id"] for m in d["added_members"]] for d in updates] == [
        [str(fake.bot_user.id)]
    ]
    assert ("thread_member_join", thread.id) not in club.events
    with pytest.raises(discord.NotFound) as stranger:
        await made.add_user(discord.Object(fake.add_user("outsider", guild=None).id))
    assert stranger.value.code == 10007
    assert fake.unknown_requests == []


async def test_a_thread_from_a_message_shares_its_id_and_opens_with_a_starter(
    club: Club,
) -> None:
    fake = club.fake
    announcement = await club.channel(club.tables).send("Round 2 starts")
    made = await announcement.create_thread(name="Round 2 - Table 1")
    thread = fake.thread(made.id)
    assert made.id == announcement.id and made.type is discord.ChannelType.public_thread
    assert thread.starter is club.tables.messages[0] and thread.owner is fake.bot_user
    [starter] = thread.messages
    assert starter.type == 21 and starter.reply_to is thread.starter
    fetched = await club.channel(club.tables).fetch_message(announcement.id)
    assert fetched.thread is not None and fetched.thread.id == thread.id
    with pytest.raises(discord.HTTPException) as again:
        await announcement.create_thread(name="twice")
    assert (again.value.status, again.value.code) == (400, 160004)
    with pytest.raises(discord.HTTPException) as nameless:
        await club.channel(club.tables).create_thread(name="")
    assert (nameless.value.status, nameless.value.code) == (400, 50035)
    assert club.tables.threads == [thread]


async def test_users_click_and_run_commands_in_a_thread(club: Club) -> None:
    fake = club.fake
    made = await club.channel(club.tables).create_thread(name="Table 3")
    thread = fake.thread(made.id)
    await made.add_user(discord.Object(club.alice.id))
    record = await fake.slash(club.alice, thread, "seat")
    assert (await record.response()).accepted
    assert record.payload["channel_id"] == str(thread.id)
    channel = record.payload["channel"]
    assert channel["type"] == 12 and channel["parent_id"] == str(club.tables.id)
    [seen] = club.interactions
    assert isinstance(seen.channel, discord.Thread) and seen.channel.id == thread.id
    assert seen.channel.parent_id == club.tables.id
    assert seen.app_permissions.send_messages_in_threads
    board = record.original
    assert board is not None and board.channel is thread and thread.messages == [board]

    click = await fake.click(club.alice, board, "ready")
    assert (await click.response()).type == 7
    assert click.payload["channel"]["type"] == 12 and click.payload["channel_id"] == str(thread.id)
    clicked = club.interactions[-1]
    assert isinstance(clicked.channel, discord.Thread) and clicked.channel.id == thread.id
    assert board.text == "alice is ready"
    said = await fake.say(club.alice, thread, "good luck")
    assert thread.messages == [board, said] and said.channel is thread
    with pytest.raises(InvalidInteraction):  # carol is not in this private thread
        await fake.click(club.carol, board, "ready")
    public = await (await club.channel(club.tables).send("Table 4")).create_thread(name="Table 4")
    open_record = await fake.slash(club.carol, fake.thread(public.id), "seat")
    assert (await open_record.response()).accepted  # anyone who sees the channel
    assert open_record.payload["channel"]["type"] == 11


async def test_starting_or_posting_in_threads_is_refused_without_the_permission(
    club: Club,
) -> None:
    fake = club.fake
    closed, parent = await club.denied("no-threads", create_threads=False)
    me = parent.guild.me
    assert not parent.permissions_for(me).create_public_threads
    assert not parent.permissions_for(me).create_private_threads
    for kind in (discord.ChannelType.public_thread, discord.ChannelType.private_thread):
        with pytest.raises(discord.Forbidden) as refused:
            await parent.create_thread(name="Table 1", type=kind)
        assert refused.value.code == 50013
    message = await parent.send("Round 1")  # its messages still go through
    with pytest.raises(discord.Forbidden):
        await message.create_thread(name="Table 1")
    assert closed.threads == [] and closed.messages == [message_of(fake, message)]

    strict = fake.add_guild("Strict Club", create_threads=True, send_in_threads=False)
    room = strict.add_text_channel("tables")
    await fake.wait_until(lambda: club.bot.get_channel(room.id), what="#tables cached")
    made = await club.channel(room).create_thread(name="Table 1")
    assert not made.permissions_for(made.guild.me).send_messages_in_threads
    with pytest.raises(discord.Forbidden) as silent:
        await made.send("hello")
    assert silent.value.code == 50013 and fake.thread(made.id).messages == []
    refused_calls = [r for r in fake.requests if r.status == 403]
    assert {r.error_code for r in refused_calls} == {50013}


async def test_a_channel_without_send_messages_refuses_posts_until_a_moderator_allows(
    club: Club,
) -> None:
    quiet, channel = await club.denied("quiet", send_messages=False)
    assert not channel.permissions_for(channel.guild.me).send_messages
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("Round 1")
    assert refused.value.code == 50013 and quiet.messages == []
    club.fake.world.deny_bot(quiet, 0)  # the overwrite removed: CHANNEL_UPDATE tells the bot
    await club.fake.wait_until(
        lambda: channel.permissions_for(channel.guild.me).send_messages or None,
        what="the bot's cache allowing posts",
    )
    await channel.send("Round 1")
    assert [m.content for m in quiet.messages] == ["Round 1"]


async def test_archiving_then_posting_unarchives_but_a_lock_refuses(club: Club) -> None:
    fake = club.fake
    made = await club.channel(club.tables).create_thread(name="Table 5")
    thread = fake.thread(made.id)
    await made.add_user(discord.Object(club.alice.id))
    board = await made.send("Game over")
    opened_at = thread.archive_timestamp
    archived = await made.edit(archived=True)
    assert thread.archived and archived.archived and thread.archive_timestamp > opened_at
    await club.heard("thread_update", thread)
    with pytest.raises(discord.HTTPException) as edit:
        await board.edit(content="Game over!")
    with pytest.raises(discord.HTTPException) as invite:
        await made.add_user(discord.Object(club.bob.id))
    assert {(e.value.status, e.value.code) for e in (edit, invite)} == {(400, 50083)}
    with pytest.raises(InvalidInteraction):  # no commands in an archived thread
        await fake.slash(club.alice, thread, "seat")

    await made.send("Rematch?")
    assert not thread.archived and thread.archive_timestamp > opened_at
    assert [m.text for m in thread.messages] == ["Game over", "Rematch?"]
    # discord.py dropped the archived thread from its cache; THREAD_UPDATE brings it back.
    await fake.wait_until(
        lambda: club.events.count(("thread_join", thread.id)) == 2, what="the thread back"
    )
    cached = club.bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and not cached.archived

    await made.edit(archived=True, locked=True)
    assert thread.archived and thread.locked
    with pytest.raises(InvalidInteraction):  # only moderators post in a locked thread
        await fake.say(club.alice, thread, "let us play on")
    await board.delete()  # deleting stays possible
    assert [m.text for m in thread.messages] == ["Rematch?"]
    unlocked = await made.edit(archived=False, locked=False)  # the bot moderates threads
    assert not unlocked.archived and not thread.locked


async def test_a_locked_thread_refuses_a_bot_without_manage_threads(club: Club) -> None:
    fake = club.fake
    guild = fake.add_guild("Plain Club", manage_threads=False)
    room = guild.add_text_channel("tables")
    await fake.wait_until(lambda: club.bot.get_channel(room.id), what="#tables cached")
    made = await club.channel(room).create_thread(name="Table 1")
    thread = fake.thread(made.id)
    with pytest.raises(discord.Forbidden) as lock:
        await made.edit(locked=True)
    assert lock.value.code == 50013 and not thread.locked
    await made.edit(archived=True)  # its creator may archive it
    fake.world.update_thread(thread, locked=True)  # a moderator locks it
    with pytest.raises(discord.HTTPException) as posted:
        await made.send("anyone?")
    assert (posted.value.status, posted.value.code) == (400, 50083)
    assert thread.archived and thread.messages == []


def message_of(fake: FakeDiscord, message: discord.Message) -> Any:
    return fake.world.messages[message.id]


async def test_a_reconnecting_bot_learns_the_active_threads_it_sees(club: Club) -> None:
    fake = club.fake
    live = await club.channel(club.tables).create_thread(name="Table 6")
    done = await club.channel(club.tables).create_thread(name="Table 7")
    await done.edit(archived=True)
    bot_member = club.guild.member(fake.bot_user)
    sent = payloads.guild_create(club.guild, bot=bot_member, members=[bot_member])
    assert [t["id"] for t in sent["threads"]] == [str(live.id)]
    assert sent["threads"][0]["member"]["user_id"] == str(fake.bot_user.id)

    ready = fake.ready_count
    fake.sessions[-1].invalidated = True  # its RESUME fails: a fresh IDENTIFY
    fake.disconnect_bot()
    await fake.wait_until_bot_ready(timeout=30, after=ready)

    def cached() -> discord.Thread | None:
        guild = club.bot.get_guild(club.guild.id)
        return None if guild is None else guild.get_thread(live.id)

    thread = await fake.wait_until(
        cached, timeout=10, what="the active thread in discord.py's cache"
    )
    assert thread.me is not None and thread.parent_id == club.tables.id
    guild = club.bot.get_guild(club.guild.id)
    assert guild is not None and guild.get_thread(done.id) is None
    assert [t.id for t in await guild.active_threads()] == [live.id]
