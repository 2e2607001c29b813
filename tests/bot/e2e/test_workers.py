"""Publishing as jobs on PostgreSQL, end to end: bot processes commit moves and
``python -m bot worker`` processes publish them.

A worker killed (-9) in the middle of a hand's end leaves its job to the other worker, and
every message of that publication still arrives exactly once. Two processes committing to
one table while its previous publication is still in progress never leave the table
message on the older state, even when that publication outlasts the database's statement
timeout (Discord slow or rate-limited).

Which worker made a call is read from the fake's request log (``peer_port``) and the
workers' sockets; a publication is kept in progress by holding the bot's posts or edits
in the fake (``settings.hold_posts``/``hold_edits``).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.publishing.jobs.leases import PARTITION_SPACE, partition_of
from bot.publishing.jobs.partitions import JOB_TABLE
from tests.bot.e2e.harness import (
    Player,
    TableDriver,
    Turn,
    assert_answered_once_in_time,
    control_turn,
    move_line,
)
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, Guild, Message, TextChannel
from tests.fakediscord.fixtures import checked_fake
from tests.fakediscord.models import RequestRecord

SHARDS = 2
DEAL_SEED = 18
"""Every table is dealt from this seed, so each run plays the same hands."""
STATEMENT_TIMEOUT = 10
"""Seconds the store's PostgreSQL pool lets one statement run (``bot/store/postgres.py``)."""
POST_MESSAGE = "/channels/{channel_id}/messages"
EDIT_MESSAGE = "/channels/{channel_id}/messages/{message_id}"


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """This module's fake Discord runs two shards (``bot_launcher`` starts bots on it)."""
    async with checked_fake(shard_count=SHARDS) as fake:
        yield fake


def process_env(database_url: str, guild: Guild, **extra: str) -> dict[str, str]:
    """What every process of one bot shares: its database, its guild, its deals."""
    return {
        "DATABASE_URL": database_url,
        "DEV_GUILD_ID": str(guild.id),
        "DEAL_SEED": str(DEAL_SEED),
        "RENDER_PROCESSES": "0",  # drawing in threads: fewer processes on a small machine
        "LOG_LEVEL": "INFO",
        **extra,
    }


async def start_workers(
    launcher: BotLauncher, env: dict[str, str], count: int = 2
) -> list[BotProcess]:
    """``python -m bot worker`` processes, once each has said it takes jobs."""
    workers = [
        await launcher.start(module="bot", args=["worker"], extra_env=env) for _ in range(count)
    ]
    for worker in workers:
        await eventually(lambda w=worker: _ready(w), f"{worker.log_path.name} to be ready")
    return workers


async def _ready(worker: BotProcess) -> bool:
    assert worker.running, worker.log()
    return "worker ready" in worker.log()


async def eventually(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 30) -> None:
    """Wait until ``check()`` holds, for conditions the fake's own waits cannot see (a
    process's log, the database): re-checked every 50 ms."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")
        await asyncio.sleep(0.05)


async def fetch(url: str, query: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(query, *args))
    finally:
        await conn.close()


async def jobs_left(url: str) -> int:
    """Publish jobs still waiting or running (a job is deleted once it is done)."""
    rows = await fetch(url, f"SELECT count(*) AS n FROM {JOB_TABLE}")
    return int(rows[0]["n"])


async def all_published(url: str) -> None:
    async def done() -> bool:
        return await jobs_left(url) == 0

    await eventually(done, "every publish job to be done")


async def hand_end_untold(url: str) -> bool:
    """Whether table 1's committed news holds a finished hand not yet published."""
    [row] = await fetch(url, "SELECT meta::text, publication::text FROM tables WHERE id = 1")
    told = json.loads(row["publication"]).get("news_sent", -1)
    news = json.loads(row["meta"]).get("news", [])
    return any(item["id"] > told and item["finished_hand"] for item in news)


async def holder_of_partition(url: str, partition: int) -> int | None:
    """The PostgreSQL backend pid whose session holds ``partition``'s lease."""
    rows = await fetch(
        url,
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2"
        " AND classid::bigint = $1 AND objid::bigint = $2"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        PARTITION_SPACE,
        partition,
    )
    return int(rows[0]["pid"]) if rows else None


def owner_of_port(port: int | None, processes: Sequence[BotProcess]) -> BotProcess:
    """The process whose TCP socket has local port ``port`` (Linux: /proc), i.e. the bot
    process that made a call the fake recorded with that ``peer_port``."""
    assert port is not None
    sockets: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                sockets.add(f"socket:[{fields[9]}]")
    for process in processes:
        for fd in Path(f"/proc/{process.pid}/fd").iterdir():
            try:
                if os.readlink(fd) in sockets:
                    return process
            except OSError:
                continue  # closed meanwhile
    raise AssertionError(f"no process of {[p.pid for p in processes]} has port {port}")


def held_call(
    fake: FakeDiscord, method: str, route: str, since: int, path_has: str = ""
) -> RequestRecord | None:
    """A call the fake is holding (``settings.hold_posts``/``hold_edits``)."""
    return next(
        (
            r
            for r in fake.requests[since:]
            if r.held and r.method == method and r.route == route and path_has in r.path
        ),
        None,
    )


@dataclass(frozen=True, slots=True)
class HeldMove:
    """A move whose publication is under way: the fake holds its table message's edit."""

    turn: Turn
    line: str
    """The move's log line."""
    edit: RequestRecord
    since: int
    """How many requests the fake had recorded before the move."""


async def next_move_with_table_edit_held(table: TableDriver) -> HeldMove:
    """Make the next turn's move with the fake holding edits, once its publication holds
    the table message's edit."""
    fake = table.fake
    turn = await table.next_turn()
    assert turn is not None
    fake.settings.hold_edits.clear()
    since = len(fake.requests)
    line = await move(table, turn)
    edit = await fake.wait_until(
        lambda: held_call(fake, "PATCH", EDIT_MESSAGE, since, str(table.table().id)),
        timeout=15,
        what="the held edit of the table message",
    )
    return HeldMove(turn, line, edit, since)


def ever_posted(channel: TextChannel, pattern: str) -> list[Message]:
    """Public messages in ``channel`` matching ``pattern``, deleted ones included."""
    return [
        m
        for m in channel.messages + channel.deleted_messages
        if not m.ephemeral and re.search(pattern, m.text)
    ]


def hand_two_dms(fake: FakeDiscord, player: Player) -> list[Message]:
    return [m for m in fake.dm_messages(player.user) if "hand 2" in m.text.lower()]


async def two_player_table(
    fake: FakeDiscord, channel: TextChannel, ada: Player, bea: Player
) -> TableDriver:
    table = TableDriver(fake, channel, [ada, bea])
    await table.open(ada, seats=2, target=50)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    return table


async def table_published_by_workers(
    fake: FakeDiscord, launcher: BotLauncher, postgres_url: str, **worker_env: str
) -> tuple[TableDriver, list[BotProcess]]:
    """A two-player table (ada and bea) in a guild whose one bot process publishes
    nothing itself, and the two publish workers that do."""
    guild = fake.add_guild("Domino Club")
    channel = guild.add_text_channel("tables")
    ada = Player(fake.add_user("ada", guild=guild))
    bea = Player(fake.add_user("bea", guild=guild))
    env = process_env(postgres_url, guild)
    await launcher.start(module="bot", extra_env={**env, "PUBLISH_WORKERS": "0"})
    workers = await start_workers(launcher, {**env, **worker_env})
    await fake.wait_until_bot_ready(timeout=30)
    return await two_player_table(fake, channel, ada, bea), workers


async def test_a_worker_killed_mid_publish_leaves_the_job_to_another_and_nothing_twice(
    fake_discord: FakeDiscord, postgres_url: str, bot_launcher: BotLauncher
) -> None:
    fake = fake_discord
    table, workers = await table_published_by_workers(
        fake, bot_launcher, postgres_url, JOB_RETRY_SECONDS="1"
    )
    channel, (ada, bea) = table.channel, table.players

    # Each lays a tile, then both pass, the bot's posts held after every pass, until a
    # committed pass has ended hand 1 and its publication is waiting to post.
    turn, since = await table.pass_with_posts_held(lambda: hand_end_untold(postgres_url))
    waiting = bea if turn.player is ada else ada  # the mover's new hand is in their answer

    # The worker that took the job has sent the waiting player's new hand; its
    # announcement of hand 1 is held, and it is killed there.
    dm = await fake.wait_until(
        lambda: held_call(fake, "POST", POST_MESSAGE, since), timeout=15, what="a held DM"
    )
    taker = owner_of_port(dm.peer_port, workers)
    fake.settings.hold_posts.set()  # lets the held DM through ...
    fake.settings.hold_posts.clear()  # ... and holds what follows
    await fake.wait_for_dm(waiting.user, lambda m: "hand 2" in m.text.lower())
    announcement = await fake.wait_until(
        lambda: held_call(fake, "POST", POST_MESSAGE, since, f"/channels/{channel.id}/"),
        timeout=15,
        what="the held announcement",
    )
    assert owner_of_port(announcement.peer_port, workers) is taker
    before = await holder_of_partition(postgres_url, partition_of(1))
    assert before is not None  # the table's partition: the taker's
    await taker.kill()
    fake.settings.hold_posts.set()
    (survivor,) = [w for w in workers if w is not taker]

    async def partition_moved() -> bool:
        now = await holder_of_partition(postgres_url, partition_of(1))
        return now is not None and now != before

    await eventually(partition_moved, "the survivor to take the table's partition", timeout=10)

    # The other worker takes the job again and finishes it: each message once.
    await table.table_shows("hand 2", timeout=30)
    await all_published(postgres_url)
    assert taker.returncode == -signal.SIGKILL and survivor.running
    over = ever_posted(channel, "Hand 1 is over")
    assert len(over) == 1 and [a.filename for a in over[0].attachments] == ["hand-over.png"]
    (hand_two,) = ever_posted(channel, r" · hand 2 · ")  # one table message for hand 2
    assert over[0].id < hand_two.id  # the news of hand 1 above the table of hand 2
    assert all(m.deleted for m in ever_posted(channel, r" · hand 1 · "))  # replaced
    for player in (ada, bea):
        new_hand = hand_two_dms(fake, player)
        assert len(new_hand) == 1, (player.name, new_hand)
        assert new_hand[0].attachments[0].filename == "hand.png"

    # Play goes on, published by the remaining worker.
    turn = await table.next_turn()
    assert turn is not None
    await table.play_first(turn)
    assert "hand 2" in table.table().text
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []


async def choose_tile(table: TableDriver, turn: Turn, via_shard: int | None = None) -> bool:
    """Pick the turn's first tile (False: none to pick, the player can only pass)."""
    tiles = [s for s in turn.message.selects if ":subj:" in s.custom_id]
    if not tiles:
        return False
    record = await table.fake.select(
        turn.player.user,
        turn.message,
        tiles[0],
        [tiles[0].options[0].value],
        via_shard=via_shard,
    )
    assert (await table.seen(record)).updated
    return True


async def move(table: TableDriver, turn: Turn, via_shard: int | None = None) -> str:
    """Make the turn's move (the first tile and place, else Pass) and return its log line."""
    message = turn.message
    if await choose_tile(table, turn, via_shard):
        places = next(s for s in message.selects if ":targ:" in s.custom_id)
        record = await table.fake.select(
            turn.player.user, message, places, [places.options[0].value], via_shard=via_shard
        )
    else:
        record = await table.fake.click(
            turn.player.user, message, message.button(label="Pass"), via_shard=via_shard
        )
    seen = await table.seen(record)
    assert seen.updated, seen
    table.last_turn = turn.turn
    line = move_line(seen.text)
    assert line is not None, seen.text
    return line


@pytest.mark.parametrize(
    "first_publication_seconds",
    [0, STATEMENT_TIMEOUT + 2],
    ids=["quick", "slower-than-the-database-statement-timeout"],
)
async def test_two_processes_committing_to_one_table_at_once_never_show_the_older_state_last(
    fake_discord: FakeDiscord,
    postgres_url: str,
    bot_launcher: BotLauncher,
    first_publication_seconds: float,
) -> None:
    """``first_publication_seconds``: how long the first publication stays in progress
    after the second has started waiting for the table (Discord slow or rate-limited)."""
    fake = fake_discord
    guild = fake.add_guild_on_shard("Domino Club", 1)
    channel = guild.add_text_channel("tables")
    ada = Player(fake.add_user("ada", guild=guild))
    bea = Player(fake.add_user("bea", guild=guild))
    env = process_env(postgres_url, guild, SHARD_COUNT=str(SHARDS), PUBLISH_WORKERS="0")
    zero = await bot_launcher.start(module="bot", extra_env={**env, "SHARD_IDS": "0"})
    one = await bot_launcher.start(module="bot", extra_env={**env, "SHARD_IDS": "1"})
    workers = await start_workers(bot_launcher, {**env, "JOB_RETRY_SECONDS": "60"})
    await fake.wait_until_bot_ready(timeout=30)
    table = await two_player_table(fake, channel, ada, bea)
    await all_published(postgres_url)

    # The first mover plays from their DM (shard 0: process 0); the table message's edit
    # that publishes it is held, as if its picture took long to draw.
    held = await next_move_with_table_edit_held(table)
    first, first_line, since = held.turn, held.line, held.since
    publisher = owner_of_port(held.edit.peer_port, workers)
    slow_edit = fake.settings.hold_edits
    fake.settings.hold_edits = asyncio.Event()  # later edits go through at once
    fake.settings.hold_edits.set()

    # Meanwhile the next player moves through process 1 (its DM was sent first). The job
    # goes to the same worker, which holds the table's partition: it answers the mover at
    # once (``move`` has seen it), then waits for the table until the first publication
    # is done.
    second = await table.next_turn()
    assert second is not None and second.player is not first.player
    second_line = await move(table, second, via_shard=1)

    await asyncio.sleep(first_publication_seconds)  # the time is the point: a slow publication
    slow_edit.set()  # the first publication's edit lands now

    await all_published(postgres_url)  # every job done: what they sent is in place
    final = table.table()
    assert second_line in final.text, f"the table was left on the older state:\n{final.text}"
    versions = [version.text for version in final.versions]
    newer_from = next(i for i, text in enumerate(versions) if second_line in text)
    assert all(second_line in text for text in versions[newer_from:]), versions
    older = [t for t in versions[:newer_from] if first_line in t]
    assert older, versions  # the first publication's state was shown, before the newer one
    edits = [
        r
        for r in fake.requests[since:]
        if r.method == "PATCH" and r.route == EDIT_MESSAGE and str(table.table().id) in r.path
    ]
    assert {owner_of_port(r.peer_port, workers).pid for r in edits} == {publisher.pid}
    # The player to move next got their turn.
    await fake.wait_for_dm(first.player.user, lambda m: (control_turn(m) or 0) > second.turn)

    # Two processes committed the two moves.
    seats = [p.name for p in (ada, bea)]
    assert f"seat {seats.index(first.player.name)} played" in zero.log()
    assert f"seat {seats.index(second.player.name)} played" in one.log()
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []
