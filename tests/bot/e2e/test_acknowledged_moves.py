"""A move the player was told was received is never lost, on PostgreSQL.

The bot is killed (-9, like a crash) at each moment between a click's arrival and its
commit: right as Discord is told the click was received (the fake's ``on_callback``),
while the commit waits for the table's row (held by the test), and a few milliseconds
after the click, at several delays. After each restart, either the move is in the move
log and on the table, or the player was never acknowledged (Discord then shows them that
the click failed, and they play again).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import asyncpg

from bot.publishing.jobs.partitions import JOB_TABLE
from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import TableDriver, Turn, start_bot
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord
from tests.fakediscord import InteractionRecord as Record

KILLS = 20
MOMENTS = ("at the acknowledgement", "during the commit", "soon after the click")
DEAL_SEED = "7"
TARGET = 500
"""Points the match runs to: far enough that twenty turns never end it."""


@dataclass
class Kill:
    moment: str
    acknowledged: bool
    committed: bool


async def moves_logged(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT notation FROM moves WHERE table_id = 1 ORDER BY seq")
    finally:
        await conn.close()
    return [str(row["notation"]) for row in rows]


async def wait_for(url: str, query: str, what: str, timeout: float = 30.0) -> None:
    """Poll ``query`` (one boolean) until it holds: the database's state, which the fake
    cannot see."""
    conn = await asyncpg.connect(url)
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not await conn.fetchval(query):
            assert loop.time() < deadline, f"timed out waiting for {what}"
            await asyncio.sleep(0.02)
    finally:
        await conn.close()


@asynccontextmanager
async def table_row_held(url: str) -> AsyncIterator[None]:
    """Hold table 1's row as another writer would: a commit to it waits meanwhile."""
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.execute("SELECT 1 FROM tables WHERE id = 1 FOR UPDATE")
            yield
    finally:
        await conn.close()


async def committing_click(table: TableDriver, turn: Turn) -> Callable[[], Awaitable[Record]]:
    """Pick the first tile (answered as usual); returns the click that commits the move,
    its first place, to be made without waiting for its answer; with no tile to play, the
    first action (Pass, Draw) instead."""
    fake, player, message = table.fake, turn.player.user, turn.message
    tiles = [s for s in message.selects if ":subj:" in s.custom_id]
    if not tiles:
        return lambda: fake.click(player, message, message.buttons[0])
    picked = await fake.select(player, message, tiles[0], [tiles[0].options[0].value])
    await table.seen(picked)
    places = [s for s in message.selects if ":targ:" in s.custom_id]
    assert places, message.text
    return lambda: fake.select(player, message, places[0], [places[0].options[0].value])


async def kill_at(
    moment: str,
    delay: float,
    fake: FakeDiscord,
    process: BotProcess,
    click: Callable[[], Awaitable[Record]],
    url: str,
) -> Record:
    """Make the click that commits a move and kill the bot at ``moment``."""
    pid = process.pid
    assert pid is not None

    def kill_now(_: Record) -> None:
        fake.settings.on_callback = None
        os.kill(pid, signal.SIGKILL)

    if moment == "at the acknowledgement":
        fake.settings.on_callback = kill_now
        record = await click()
        await process.wait(timeout=30)
    elif moment == "during the commit":
        async with table_row_held(url):
            record = await click()
            await wait_for(
                url,
                "SELECT count(*) > 0 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE 'UPDATE tables%'",
                "the move's commit to wait for the table's row",
            )
            await process.kill()
    else:
        record = await click()
        await asyncio.sleep(delay)
    fake.settings.on_callback = None
    await process.kill()
    return record


async def test_no_move_acknowledged_and_lost(
    club: Club, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    fake = club.fake
    env = {"DATABASE_URL": postgres_url, "RENDER_PROCESSES": "0", "DEAL_SEED": DEAL_SEED}
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, **env)
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=TARGET)
    await table.click_lobby(club.bea, "Join")
    await table.start(club.ada)
    delays = random.Random(42)
    kills: list[Kill] = []
    while len(kills) < KILLS:
        turn = await table.next_turn()
        assert turn is not None, "the match ended before every kill was made"
        before = await moves_logged(postgres_url)
        # Nothing else writes the table meanwhile: the last move is published.
        await wait_for(postgres_url, f"SELECT count(*) = 0 FROM {JOB_TABLE}", "jobs done")
        moment = MOMENTS[len(kills) % len(MOMENTS)]
        click = await committing_click(table, turn)
        record = await kill_at(
            moment, delays.uniform(0.0, 0.08), fake, process, click, postgres_url
        )
        acknowledged = any(callback.accepted for callback in record.callbacks)
        after = await moves_logged(postgres_url)
        assert after[: len(before)] == before and len(after) <= len(before) + 1
        committed = len(after) == len(before) + 1
        kills.append(Kill(moment, acknowledged, committed))
        ready = fake.ready_count
        await process.start()
        await fake.wait_until_bot_ready(timeout=30, after=ready)
        if committed:  # on the table too, once the restarted bot has published it
            table.last_turn = turn.turn
            await table.table_shows(after[-1], timeout=30)
    lost = [kill for kill in kills if kill.acknowledged and not kill.committed]
    assert lost == [], kills
    # Each moment was met: a kill at the acknowledgement finds the move committed, a kill
    # during the commit finds it neither committed nor acknowledged.
    assert all(k.acknowledged and k.committed for k in kills if k.moment == MOMENTS[0]), kills
    assert not any(k.acknowledged or k.committed for k in kills if k.moment == MOMENTS[1]), kills
    await process.kill()
    await bot_launcher.close()


async def test_a_start_acknowledged_is_never_lost(
    club: Club, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    """Start is a state-changing click too: killed as Discord hears it was received, the
    bot comes back with the match started and shown in the lobby's message."""
    fake = club.fake
    env = {"DATABASE_URL": postgres_url, "RENDER_PROCESSES": "0", "DEAL_SEED": DEAL_SEED}
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, **env)
    table = driver(club, club.ada, club.bea)
    lobby = await table.open(club.ada, seats=2, target=TARGET)
    await table.click_lobby(club.bea, "Join")
    start = lobby.button(label="Start")
    record = await kill_at(
        "at the acknowledgement",
        0.0,
        fake,
        process,
        lambda: fake.click(club.ada.user, lobby, start),
        postgres_url,
    )
    assert any(callback.accepted for callback in record.callbacks)
    ready = fake.ready_count
    await process.start()
    await fake.wait_until_bot_ready(timeout=30, after=ready)
    shown = await table.table_shows("hand 1", timeout=30)
    assert shown is lobby  # the lobby's message became the table, as the click asked
    assert await table.next_turn() is not None
    await process.kill()
    await bot_launcher.close()
