"""Restarts nobody notices: a process started after a stop sends only what the stopped
one had not shown, and a closed-DM player's ping line stays on the table message.

Three running tables, each waiting for a player: ada and bea at one, dan against a
computer at another, and cal, whose DMs are closed, against a computer at the third (the
table message pings her). After a stop (SIGTERM) and a start the bot makes no DM, no edit
and no post; after a kill -9 while one table's publication was in progress (its table
message's edit held by the fake) only that table is published, once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from tests.bot.e2e.conftest import Club
from tests.bot.e2e.harness import (
    Player,
    TableDriver,
    Turn,
    assert_answered_once_in_time,
    control_turn,
    move_line,
    restored,
    start_bot,
    unpublished,
)
from tests.conftest import fresh_database
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, TextChannel
from tests.fakediscord.models import RequestRecord

DEAL_SEED = "5"
MESSAGES = "/channels/{channel_id}/messages"
"""The routes of channel and DM messages: posts (and the ones below it: edits, deletes)."""


def message_calls(fake: FakeDiscord, since: int) -> list[RequestRecord]:
    """Every call since ``since`` that sends, edits or deletes a message, in a channel or
    a DM, or opens a DM channel."""
    return [
        r
        for r in fake.requests[since:]
        if r.method in ("POST", "PATCH", "DELETE")
        and r.route is not None
        and (r.route.startswith(MESSAGES) or r.route == "/users/@me/channels")
    ]


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(club: Club, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """The bot's store: its SQLite file, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        yield str(club.db_path)
        return
    admin: str = request.getfixturevalue("postgres_admin_url")
    async with fresh_database(admin) as url:
        yield url
        launcher: BotLauncher = request.getfixturevalue("bot_launcher")
        await launcher.close()  # every process stopped before its database goes


async def all_published(database: str) -> None:
    """Wait until the store records every table as shown (on PostgreSQL, every publish
    job done as well)."""
    for _ in range(400):
        if database.startswith("postgresql://"):
            conn = await asyncpg.connect(database)
            try:
                left = await conn.fetchval(
                    "SELECT (SELECT count(*) FROM tables WHERE published_version < version)"
                    " + (SELECT count(*) FROM publish_jobs)"
                )
            finally:
                await conn.close()
        else:
            left = unpublished(Path(database))
        if not left:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the tables were not all published within 20 s")


async def open_against_computer(
    fake: FakeDiscord, channel: TextChannel, player: Player
) -> TableDriver:
    table = TableDriver(fake, channel, [player])
    await table.open(player, seats=2, target=100)
    await table.add_computer(player)
    await table.start(player)
    return table


async def serve(tables: list[tuple[TableDriver, Player]]) -> None:
    """Each table answers a player's ``/network status`` (its process serves it again)."""
    for table, player in tables:
        seen = await table.slash(player, "network status")
        assert "hand 1" in seen.text, seen.text


async def play_held(table: TableDriver, turn: Turn) -> str:
    """The turn's first tile at its first place (or Pass), answered; returns the move's
    log line. The table message's edit that publishes it may be held."""
    fake, message, user = table.fake, turn.message, turn.player.user
    tiles = [s for s in message.selects if ":subj:" in s.custom_id]
    if tiles:
        await table.seen(await fake.select(user, message, tiles[0], [tiles[0].options[0].value]))
        places = next(s for s in message.selects if ":targ:" in s.custom_id)
        record = await fake.select(user, message, places, [places.options[0].value])
    else:
        record = await fake.click(user, message, message.button(label="Pass"))
    seen = await table.seen(record)
    table.last_turn = turn.turn
    line = move_line(seen.text)
    assert line is not None, seen.text
    return line


async def start_again(fake: FakeDiscord, process: BotProcess) -> None:
    before = fake.ready_count
    await process.start()
    await fake.wait_until_bot_ready(timeout=30, after=before)


async def test_a_restart_sends_nothing_shown_already_and_a_kill_only_the_table_it_cut(
    club: Club, bot_launcher: BotLauncher, database: str
) -> None:
    fake, ada, bea, cal, dan = club.fake, club.ada, club.bea, club.cal, club.dan
    on_postgres = database.startswith("postgresql://")
    env = {"DATABASE_URL": database, "RENDER_PROCESSES": "0"} if on_postgres else {}
    process = await start_bot(
        fake, bot_launcher, club.db_path, club.guild, DEAL_SEED=DEAL_SEED, **env
    )
    one = TableDriver(fake, club.channel, [ada, bea])
    await one.open(ada, seats=2, target=100)
    await one.click_lobby(bea, "Join")
    await one.start(ada)
    two = await open_against_computer(fake, club.guild.add_text_channel("two"), dan)
    three = await open_against_computer(fake, club.guild.add_text_channel("three"), cal)
    ping = f"<@{cal.user.id}>, it's your turn"
    await three.table_shows(ping)
    turn = await one.next_turn()
    assert turn is not None
    assert await two.next_turn() is not None
    await all_published(database)
    [pinged] = [m for m in three.public_messages() if ping in m.text]  # the live table
    assert three.table() is pinged
    served = [(one, ada), (two, dan), (three, cal)]

    # A stop and a start: nothing was left unshown, so nothing is sent.
    since = len(fake.requests)
    await process.stop()
    await start_again(fake, process)
    assert await restored(process) == (3, 0)
    await serve(served)
    assert message_calls(fake, since) == []
    assert three.table() is pinged and ping in pinged.text  # the ping line stays ...
    assert len([m for m in three.public_messages() if ping in m.text]) == 1  # ... once

    # A kill -9 while one table's publication is in progress: its next player's DM is
    # sent, the table message's edit is held when the process dies.
    waiting = ada if turn.player is bea else bea
    edits = one.table().edit_count
    fake.settings.hold_edits.clear()
    since = len(fake.requests)
    line = await play_held(one, turn)
    await fake.wait_until(
        lambda: any(r.held and r.method == "PATCH" for r in fake.requests[since:]) or None,
        timeout=15,
        what="the table message's held edit",
    )
    dm = await fake.wait_for_dm(waiting.user, lambda m: (control_turn(m) or -1) > turn.turn)
    await process.kill()
    fake.settings.hold_edits.set()  # the dead process's held edit is dropped
    assert one.table().edit_count == edits
    killed_at = len(fake.requests)

    await start_again(fake, process)
    # On PostgreSQL the cut job is still in the job table: it is run, and none added.
    assert await restored(process) == (3, 0 if on_postgres else 1)
    await one.table_shows(line)
    await all_published(database)
    await serve(served)
    cut = one.table()
    calls = message_calls(fake, killed_at)
    assert cut.edit_count == edits + 1  # the cut table's edit, once
    others = {str(table.channel.id) for table in (two, three)}
    assert not [r for r in calls if any(channel in r.path for channel in others)]
    again = [m for m in fake.dm_messages(waiting.user) if control_turn(m) == control_turn(dm)]
    assert again == [dm]  # resent with its nonce at most: the player sees it once
    assert {r.method for r in calls} <= {"POST", "PATCH"}
    assert [r for r in calls if r.method == "PATCH"] == [r for r in calls if str(cut.id) in r.path]
    assert three.table() is pinged and ping in pinged.text
    assert len([m for m in three.public_messages() if ping in m.text]) == 1
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []
