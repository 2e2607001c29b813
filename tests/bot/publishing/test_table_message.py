"""The table message's move survives a process stopped at any step: the next publication
(a restarted process's job) leaves exactly one live table message, pings nobody twice,
and records it; a table message found gone is posted again with a warning, not a
traceback; a redraw keeps the closed-DM player's ping line.

The publisher runs in this process against the fake Discord (discord.py over HTTP, no
gateway); a process killed at a step is a :class:`Killed` raised there, which publishing
does not catch, so only what was written before it stays.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord
import pytest

from bot.publishing.delivery import Delivery
from bot.publishing.jobs.local import LocalJobQueue
from bot.publishing.publisher import Publisher, table_reply
from bot.publishing.table_message import Sent, TableMessages
from bot.store import PublishJob, Store, TableRecord
from bot.store.publication import Publication
from bot.tables.meta import TableMeta
from bot.tables.service import Actor, TableService
from engine.match import Match
from tests.bot.set_ups import network_table
from tests.fakediscord import FakeDiscord, Message, TextChannel, User
from tests.fakediscord import rest as fake_rest
from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]


class Killed(BaseException):
    """The process dies here: nothing after it runs, what was written stays."""


@dataclass
class Table:
    fake: FakeDiscord
    client: discord.Client
    store: Store
    channel: TextChannel
    id: int
    players: tuple[User, User]

    async def record(self) -> TableRecord:
        record = await self.store.get_table(self.id)
        assert record is not None
        return record

    def live(self) -> list[Message]:
        """The channel's live table messages of this table (its Show hand control)."""
        control = f"dt:{self.id}:hand"
        return [
            m
            for m in self.channel.messages
            if not m.ephemeral and any(b.custom_id == control for b in m.buttons)
        ]

    def posts(self) -> int:
        return len(self.channel.messages) + len(self.channel.deleted_messages)

    async def publish(self) -> None:
        """A (restarted) process's publish job for the table as committed now."""
        publisher = Publisher(self.client, self.store, Delivery(self.client), LocalJobQueue())
        await publisher.run(PublishJob(self.id, (await self.record()).version))


@pytest.fixture
async def table(
    fake_discord: FakeDiscord, store: Store, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Table]:
    """A started two-player Network table, fully published: its table message in the
    channel, its player to move told."""
    fake = fake_discord
    guild = fake.add_guild("Club")
    channel = guild.add_text_channel("tables")
    ada, bea = fake.add_user("ada", guild=guild), fake.add_user("bea", guild=guild)
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.bot_token)
    try:
        service = TableService(store, new_seed=lambda: 11)
        lobby = await service.create(guild.id, channel.id, Actor(ada.id, "ada"), network_table(2))
        await service.join(lobby.id, Actor(bea.id, "bea"))
        record = (await service.start(lobby.id, Actor(ada.id, "ada"))).record
        reply = await table_reply(record, Match.from_json(record.state or {}))
        first = await client.get_partial_messageable(
            channel.id, type=discord.ChannelType.text
        ).send(files=reply.files, view=reply.parts()[1])
        await store.record_publication(record.id, Publication().to_json(), first.id)
        shown = Table(fake, client, store, channel, record.id, (ada, bea))
        await shown.publish()
        assert [m.id for m in shown.live()] == [first.id]
        yield shown
    finally:
        await client.close()


def before(call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def killed(*args: Any, **kwargs: Any) -> Any:
        raise Killed

    return killed


def after(call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def killed(*args: Any, **kwargs: Any) -> Any:
        await call(*args, **kwargs)
        raise Killed

    return killed


CRASH_POINTS = {
    "before the post": lambda tables: setattr(tables, "_post", before(tables._post)),
    "after the post, its id not saved": lambda tables: setattr(
        tables, "_post", after(tables._post)
    ),
    "after saving the new id, the old not deleted": lambda tables: setattr(
        tables, "delete", before(tables.delete)
    ),
    "after deleting the old, the move not cleared": lambda tables: None,
}


@pytest.mark.parametrize("nonces", ["remembered", "forgotten"])
@pytest.mark.parametrize("point", list(CRASH_POINTS))
async def test_a_move_stopped_at_any_step_leaves_one_live_table_message(
    table: Table, point: str, nonces: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await table.record()
    [old] = table.live()
    tables = TableMessages(table.client, table.store)
    CRASH_POINTS[point](tables)
    sent = Sent(Publication.from_json(record.publication))
    reply = await table_reply(record, Match.from_json(record.state or {}))
    with contextlib.suppress(Killed):
        await tables.move(record, reply, sent, ping=None)
    if nonces == "forgotten":  # an outage longer than Discord remembers nonces for
        monkeypatch.setattr(fake_rest, "NONCE_WINDOW", dt.timedelta(0))
    posted = table.posts()

    await table.publish()
    [live] = table.live()
    restarted = await table.record()
    assert restarted.message_id == live.id != old.id and old.deleted
    shown = Publication.from_json(restarted.publication)
    assert shown.moving is None and shown.version == restarted.version
    # a post the stopped process made is found again, not made twice
    made_before = point.startswith("after")
    assert table.posts() == posted + (0 if made_before else 1)


async def test_a_table_message_gone_is_posted_again_with_a_warning(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    [old] = table.live()
    table.fake.world.delete_message(table.fake.world.messages[old.id])
    record = await table.record()
    behind = replace(Publication.from_json(record.publication), version=record.version - 1)
    await table.store.record_publication(table.id, behind.to_json())

    with caplog.at_level(logging.INFO):
        await table.publish()
    [live] = table.live()
    assert (await table.record()).message_id == live.id
    gone = [r for r in caplog.records if "is gone; posting it anew" in r.getMessage()]
    assert [(r.levelno, r.exc_info) for r in gone] == [(logging.WARNING, None)]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_redraw_keeps_the_closed_dm_players_ping_line(table: Table) -> None:
    record = await table.record()
    match = Match.from_json(record.state or {})
    meta = TableMeta.from_json(record.meta)
    seat = match.hand.current_player
    assert seat is not None
    user = record.seats[seat].user_id
    assert user is not None
    # As recorded when their DMs were found closed and the table message pinged them.
    pinged = replace(
        Publication.from_json(record.publication),
        version=record.version - 1,
        dms_closed=frozenset({user}),
        reminded_turn=meta.turn,
    )
    await table.store.record_publication(table.id, pinged.to_json())
    posts = table.posts()

    await table.publish()  # the table is redrawn in place (its version was behind)
    [live] = table.live()
    assert f"<@{user}>, it's your turn" in live.text
    assert table.posts() == posts  # not posted again: nobody is pinged twice
