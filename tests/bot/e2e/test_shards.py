"""Two bot processes, two shards, one PostgreSQL: a table whose guild belongs to process 1
is played through DM controls, which Discord delivers to shard 0 (process 0).

A double click reaches both processes at once, and each process is killed (-9) mid-hand
and restarted: no move is lost, none is applied twice, every interaction is answered once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.bot.e2e.harness import Player, TableDriver, Turn, assert_answered_once_in_time
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, Guild
from tests.fakediscord.fixtures import checked_fake

SHARDS = 2


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """This module's fake Discord runs two shards (``bot_launcher`` starts bots on it)."""
    async with checked_fake(shard_count=SHARDS) as fake:
        yield fake


async def restarted(fake: FakeDiscord, process: BotProcess) -> None:
    """kill -9, then start again and wait until every shard is back."""
    await process.kill()
    before = fake.ready_count
    await process.start()
    await fake.wait_until_bot_ready(timeout=30, after=before)


def resumed_at_last_start(process: BotProcess) -> str:
    """The line in which the process's latest start said how many tables it resumed
    (written in its setup, before it reported ready)."""
    last_start = process.log().rsplit("--- start #", 1)[-1]
    return next(line for line in last_start.splitlines() if "running tables" in line)


async def two_shards(
    launcher: BotLauncher,
    fake: FakeDiscord,
    guild: Guild,
    postgres_url: str,
    **zero_env: str,
) -> tuple[BotProcess, BotProcess]:
    """Processes 0 and 1, one shard each, on one PostgreSQL, connected and ready
    (``zero_env``: process 0's own settings besides)."""
    common = {
        "DATABASE_URL": postgres_url,
        "SHARD_COUNT": str(SHARDS),
        "DEV_GUILD_ID": str(guild.id),
        "LOG_LEVEL": "INFO",
    }
    zero = await launcher.start(module="bot", extra_env={**common, "SHARD_IDS": "0", **zero_env})
    one = await launcher.start(module="bot", extra_env={**common, "SHARD_IDS": "1"})
    await fake.wait_until_bot_ready(timeout=30)
    return zero, one


async def moves_logged(url: str) -> list[tuple[int, str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT seq, notation FROM moves ORDER BY seq")
    finally:
        await conn.close()
    return [(row["seq"], row["notation"]) for row in rows]


async def play_a_turn(table: TableDriver) -> None:
    turn = await table.next_turn()
    assert turn is not None
    await table.play_first(turn)


async def double_click_a_place(table: TableDriver, fake: FakeDiscord) -> Turn:
    """Pick the turn's first tile, then deliver the same place choice twice at once: the
    normal way (a DM: shard 0) and to shard 1's process."""
    while True:
        turn = await table.next_turn()
        assert turn is not None
        tiles = [s for s in turn.message.selects if ":subj:" in s.custom_id]
        if tiles:
            break
        await table.pass_turn(turn)
    user, message = turn.player.user, turn.message
    chose = await table.seen(
        await fake.select(user, message, tiles[0], [tiles[0].options[0].value])
    )
    assert chose.updated, chose
    places = next(s for s in message.selects if ":targ:" in s.custom_id)
    choice = [places.options[0].value]
    edits = table.table().edit_count
    records = await asyncio.gather(
        fake.select(user, message, places, choice),
        fake.select(user, message, places, choice, via_shard=1),
    )
    answers = [await table.seen(record) for record in records]
    moved = [a for a in answers if a.updated]  # the DM's controls replaced by the result
    refused = [a for a in answers if not a.updated and a.ephemeral]
    assert len(moved) == len(refused) == 1, answers
    # Which refusal depends on whether the second process read the table before the
    # first committed (it then loses the race) or after (its controls are out of date).
    assert refused[0].text in (
        f"Your move {moved[0].text.split(' played ', 1)[1].split(chr(10))[0]} was already made.",
        "Those controls are out of date: that turn has already been played.",
    ), refused[0].text
    table.last_turn = turn.turn
    await table.table_redrawn(edits)
    return turn


async def test_two_processes_share_a_table_through_postgresql(
    fake_discord: FakeDiscord, postgres_url: str, bot_launcher: BotLauncher
) -> None:
    fake, launcher = fake_discord, bot_launcher
    guild = fake.add_guild_on_shard("Domino Club", 1)
    channel = guild.add_text_channel("tables")
    ada = Player(fake.add_user("ada", guild=guild))
    bea = Player(fake.add_user("bea", guild=guild))
    zero, one = await two_shards(launcher, fake, guild, postgres_url)
    assert sorted(s.shard for s in fake.sessions if s.ready and s.connected) == [(0, 2), (1, 2)]

    # The lobby is made in the guild's channel: shard 1, process 1.
    table = TableDriver(fake, channel, [ada, bea])
    await table.open(ada, seats=2, target=200)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    plays = 0
    for _ in range(2):  # DM controls: shard 0, process 0
        await play_a_turn(table)
        plays += 1

    await double_click_a_place(table, fake)
    plays += 1
    assert len(await moves_logged(postgres_url)) == plays

    # The owner of the guild dies: process 0 still serves the table's DM controls.
    await one.kill()
    for _ in range(2):
        await play_a_turn(table)
        plays += 1
    before = fake.ready_count
    await one.start()
    await fake.wait_until_bot_ready(timeout=30, after=before)
    assert "resumed 1 running tables," in resumed_at_last_start(one)
    await play_a_turn(table)
    plays += 1

    # The DM process dies between plays; after its restart the hand goes on.
    await restarted(fake, zero)
    assert "resumed 0 running tables," in resumed_at_last_start(zero)  # not its guild
    for _ in range(2):
        await play_a_turn(table)
        plays += 1

    logged = await moves_logged(postgres_url)
    assert [seq for seq, _ in logged] == list(range(1, plays + 1))  # none lost, none twice
    assert "hand 1" in table.table().text
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []


async def test_computer_seats_reply_in_a_worker_not_in_the_dm_shard(
    fake_discord: FakeDiscord, postgres_url: str, bot_launcher: BotLauncher
) -> None:
    """The player's DM picks reach process 0, which commits them and goes on; the
    computer's replies, like the pictures, are worked out by a publish job in process 1.
    Process 0 runs no jobs here: on a busy machine its standby workers would rightly join
    in (jobs waiting over a second), and what is checked is that the play itself leaves
    the computer's reply to a job."""
    fake, launcher = fake_discord, bot_launcher
    guild = fake.add_guild_on_shard("Domino Club", 1)
    channel = guild.add_text_channel("tables")
    ada = Player(fake.add_user("ada", guild=guild))
    zero, one = await two_shards(launcher, fake, guild, postgres_url, PUBLISH_WORKERS="0")

    table = TableDriver(fake, channel, [ada])
    await table.open(ada, seats=2, target=200)
    await table.add_computer(ada)
    await table.start(ada)
    for _ in range(3):  # DM controls: shard 0, process 0
        await play_a_turn(table)

    computer = "table 1: seat 1 played"
    assert computer not in zero.log()  # process 0 committed ada's moves only
    assert one.log().count(computer) >= 2  # its replies before ada's 2nd and 3rd turns
    logged = await moves_logged(postgres_url)
    assert [seq for seq, _ in logged] == list(range(1, len(logged) + 1))
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []
