"""A restart over many running tables: the Discord calls it makes, and how soon every table
is served again. The real ``python -m bot`` against the local Discord-compatible server.

The store is seeded directly (fast): ``--tables`` running two-player Network tables with
three-day turns, each in a channel of its own with its table message there, each recorded
as fully published (its players' DM channels known). Then, for each ``--database`` and
each ``--stop``:

- ``clean``: the bot starts, resumes every table, is stopped (SIGTERM) and started again;
- ``kill``: a ``--behind`` share of the tables is as a process killed mid-load leaves them
  (the publication one version back: the player to move's DM and the table message's
  edit owed); the bot starts publishing them and is killed (-9) once about half are
  published, with the next batch cut mid-publish (its DMs sent, its table edits held by
  the local Discord), then started again.

Prints, for the second start: the Discord calls made until every table was published
(message calls: DMs, table edits, posts, deletions, history reads; and the start's own
calls: login, gateway, command sync), and the seconds from the process's spawn until

- ``restored``: its log says every table was resumed (each timer armed from the store);
- ``published``: the store records every table as shown;
- ``clicks``: a Show hand click on each of ``--clicks`` tables spread over the ids (the
  first and the last included) is answered, the answer delivered.

A table is *served again* when all three hold for it; the ``served`` column is the latest.
Asserts nothing; target: 0 message calls after a clean stop, and after a kill only the
calls of the tables left behind.

Run: .venv/bin/python bench/bench_restart.py [--tables 1000] [--behind 0.05] [--clicks 10]
[--database sqlite postgresql] [--stop clean kill]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import re
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import Store, TableRecord
from bot.store.publication import Publication
from bot.tables.meta import TableMeta
from bot.tables.service import Actor, TableService
from bot.tables.settings import TableSettings
from tests.bot.e2e.harness import RESTORED, delivered
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, Guild, Message, User
from tests.fakediscord.models import RequestRecord
from tests.postgres_server import PostgresServer

THREE_DAYS = 3 * 24 * 3600
COMPONENTS_V2 = 1 << 15
UNPUBLISHED = "SELECT count(*) FROM tables WHERE published_version < version"


@dataclass
class Seeded:
    """A seeded table: its id, its table message and its players."""

    id: int
    message: Message
    players: tuple[User, User]


@dataclass
class Figures:
    calls: Counter[str]
    restored: float
    published: float
    clicks: float


async def seed(
    fake: FakeDiscord, guild: Guild, target: str, count: int, behind: int
) -> list[Seeded]:
    """``count`` started tables, the last ``behind`` of them with their latest commit
    recorded as not yet shown."""
    settings = TableSettings.build(
        "network", seats=2, target=None, turn_seconds=THREE_DAYS, options={}
    )
    tables = []
    async with Store.open(target) as store:
        service = TableService(store, new_seed=lambda: 11)
        for n in range(count):
            channel = guild.add_text_channel(f"table-{n}")
            a, b = (fake.add_user(f"p{n}{side}", guild=guild) for side in "ab")
            lobby = await service.create(guild.id, channel.id, Actor(a.id, a.name), settings)
            await service.join(lobby.id, Actor(b.id, b.name))
            record = (await service.start(lobby.id, Actor(a.id, a.name))).record
            message = fake.world.create_message(
                channel, fake.world.bot_user, table_message(record), dispatch=False
            )
            shown = shown_publication(fake, record, (a, b))
            if n >= count - behind:
                shown = replace(shown, version=record.version - 1, dm_turn=shown.dm_turn - 1)
            await store.record_publication(record.id, shown.to_json(), message.id)
            tables.append(Seeded(record.id, message, (a, b)))
    return tables


def table_message(record: TableRecord) -> dict[str, object]:
    """A table message as the bot lays it out (its words, its Show hand control)."""
    button = {"type": 2, "style": 1, "label": "Show hand", "custom_id": f"dt:{record.id}:hand"}
    return {
        "flags": COMPONENTS_V2,
        "components": [
            {"type": 10, "content": f"**Network** · table {record.id} · hand 1"},
            {"type": 1, "components": [button]},
        ],
    }


def shown_publication(
    fake: FakeDiscord, record: TableRecord, users: tuple[User, ...]
) -> Publication:
    meta = TableMeta.from_json(record.meta)
    return Publication(
        version=record.version,
        dm_turn=meta.turn,
        news_sent=max((item.id for item in meta.news), default=-1),
        dm_channels={user.id: fake.world.dm_channel(user).id for user in users},
    )


async def unpublished(target: str) -> int:
    if target.startswith("postgresql://"):
        conn = await asyncpg.connect(target)
        try:
            return int(await conn.fetchval(UNPUBLISHED))
        finally:
            await conn.close()
    with contextlib.closing(sqlite3.connect(target)) as db:
        return int(db.execute(UNPUBLISHED).fetchone()[0])


async def poll(check, what: str, timeout: float = 600.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        await asyncio.sleep(0.05)


def restored_in(process: BotProcess) -> re.Match[str] | None:
    return RESTORED.search(process.log().rsplit("--- start #", 1)[-1])


def calls_by_kind(fake: FakeDiscord, since: int, until: int) -> Counter[str]:
    """The bot's REST calls in ``[since, until)`` by kind (interaction answers left out:
    they are not on the bot's token)."""
    dms = {channel.id for channel in fake.world.dm_channels.values()}
    kinds: Counter[str] = Counter()
    for r in fake.requests[since:until]:
        route = r.route or ""
        if route.startswith(("/interactions/", "/webhooks/")):
            continue
        if route == "/channels/{channel_id}/messages" and r.method == "POST":
            kinds["DMs" if r.channel_id in dms or _channel_of(r.path) in dms else "posts"] += 1
        elif route == "/channels/{channel_id}/messages/{message_id}":
            kinds["edits" if r.method == "PATCH" else r.method.lower() + "s"] += 1
        elif route == "/channels/{channel_id}/messages":
            kinds["history reads"] += 1
        elif route == "/users/@me/channels":
            kinds["DM opens"] += 1
        else:
            kinds["start-up"] += 1
    return kinds


def _channel_of(path: str) -> int | None:
    found = re.search(r"/channels/(\d+)/", path)
    return int(found.group(1)) if found else None


async def start_measured(
    fake: FakeDiscord, process: BotProcess, target: str, tables: list[Seeded], clicks: int
) -> Figures:
    before = fake.ready_count
    since = len(fake.requests)
    began = time.monotonic()
    await process.start()

    async def resumed() -> bool:
        assert process.running, process.log()
        return restored_in(process) is not None

    await poll(resumed, "the tables to be resumed")
    restored = time.monotonic() - began
    await poll(lambda: _none_left(target), "every table to be published")
    published = time.monotonic() - began
    until = len(fake.requests)
    await fake.wait_until_bot_ready(timeout=120, after=before)
    step = max(1, (len(tables) - 1) // max(1, clicks - 1))
    picked = [*[tables[i] for i in range(0, len(tables), step)][: clicks - 1], tables[-1]]
    records = [
        await fake.click(t.players[0], t.message, t.message.button(label="Show hand"))
        for t in picked
    ]
    await fake.wait_until(
        lambda: all(delivered(r) for r in records) or None, timeout=120, what="the clicks' answers"
    )
    answered = time.monotonic() - began
    return Figures(calls_by_kind(fake, since, until), restored, published, answered)


async def _none_left(target: str) -> bool:
    return await unpublished(target) == 0


async def one_run(
    database: str, stop: str, count: int, behind_share: float, clicks: int
) -> Figures:
    behind = round(count * behind_share) if stop == "kill" else 0
    with contextlib.ExitStack() as stack:
        server = (
            stack.enter_context(PostgresServer(durable=True)) if database == "postgresql" else None
        )
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Bench Club")
            with tempfile.TemporaryDirectory() as tmp:
                target = server.url() if server is not None else str(Path(tmp) / "bench.sqlite3")
                started = time.monotonic()
                tables = await seed(fake, guild, target, count, behind)
                took = time.monotonic() - started
                print(f"  seeded {count} tables ({behind} behind) in {took:.1f} s")
                where = {"DATABASE_URL": target} if server else {"DATABASE_PATH": target}
                env = {**where, "DEV_GUILD_ID": str(guild.id), "LOG_LEVEL": "INFO"}
                launcher = BotLauncher(fake, Path(tmp))
                try:
                    process = await launcher.start(module="bot", extra_env=env)
                    if stop == "clean":
                        await poll(lambda: _resumed(process), "the first start to resume")
                        await fake.wait_until_bot_ready(timeout=120)
                        await process.stop(timeout=60)
                    else:
                        await kill_mid_load(fake, process, target, behind)
                    return await start_measured(fake, process, target, tables, clicks)
                finally:
                    await launcher.close()


async def kill_mid_load(fake: FakeDiscord, process: BotProcess, target: str, behind: int) -> None:
    """Let the first start publish about half the tables behind, its table edits held by
    the fake and let through a batch at a time, then kill it (-9) while the next batch is
    held: those tables are cut mid-publish (their DMs sent, their edits not)."""
    half = behind - behind // 2
    fake.settings.hold_edits = asyncio.Event()
    since = len(fake.requests)

    async def held_or_done() -> bool:
        assert process.running, process.log()
        held = any(r.held for r in fake.requests[since:])
        return held or await unpublished(target) == 0

    while True:
        await poll(held_or_done, "the first start's table edits")
        if await unpublished(target) <= half:
            break
        batch = [r for r in fake.requests[since:] if r.held]
        passing, fake.settings.hold_edits = fake.settings.hold_edits, asyncio.Event()
        passing.set()

        async def through(batch: list[RequestRecord] = batch) -> bool:
            return not any(r.held for r in batch)

        await poll(through, "a batch of table edits to go through")
    cut = sum(r.held for r in fake.requests[since:])
    await process.kill()
    fake.settings.hold_edits.set()
    left = await unpublished(target)
    print(f"  killed (-9) with {left} of {behind} tables behind, {cut} of them mid-publish")


async def _resumed(process: BotProcess) -> bool:
    assert process.running, process.log()
    return restored_in(process) is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--behind", type=float, default=0.05)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--database", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--stop", nargs="+", default=["clean", "kill"])
    args = parser.parse_args()
    # A killed bot's half-sent request is the point of the kill, not an error of the run.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    print(f"restart over {args.tables} running tables ({args.clicks} clicks after it)")
    columns = ("restored", 9), ("published", 10), ("clicks", 7), ("served", 7)
    heads = " ".join(f"{name:>{width}}" for name, width in columns)
    print(f"{'database':<11} {'stop':<6} {heads}  Discord calls until published")
    for database in args.database:
        for stop in args.stop:
            print(f"{database} after a {stop} stop:")
            figures = asyncio.run(one_run(database, stop, args.tables, args.behind, args.clicks))
            served = max(figures.restored, figures.published, figures.clicks)
            calls = ", ".join(f"{kind} {n}" for kind, n in sorted(figures.calls.items())) or "none"
            messages = sum(n for kind, n in figures.calls.items() if kind != "start-up")
            print(
                f"{database:<11} {stop:<6} {figures.restored:>8.1f}s {figures.published:>9.1f}s"
                f" {figures.clicks:>6.1f}s {served:>6.1f}s  {messages} message calls ({calls})"
            )


if __name__ == "__main__":
    main()
