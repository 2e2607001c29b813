"""The bot under load: the real ``python -m bot`` against the local Discord-compatible server.

Opens ``--tables`` tables (two players each, DMs open) and plays them all at once (by
default two runs, 50 tables then 200, each with a fresh bot): every
player, on getting their controls, thinks for a moment and picks a numbered place for the
tile the controls already show, or passes when nothing fits; a ``--switch`` share of
plays first look at another tile (the candidate picture step) and play that. Prints the
median and p95 milliseconds from an interaction to its response, and the Discord API
calls the bot made per play, and how many answers missed Discord's 3 seconds, and each bot
process's CPU seconds (user + system, its drawing workers included) per play. Asserts
nothing (targets: p95 ≤ 150 ms with 50 tables and no answer later than 3 s with 200, at
most 3 API calls per play including the choice; with ``--processes 2`` on PostgreSQL,
p95 ≤ 250 ms with 200 tables).

``--database postgresql`` keeps the state in a throwaway local PostgreSQL server (default
durability); ``--processes N`` runs N bot processes, one shard each, on it, the tables
spread over guilds on every shard. Discord sends DM controls to shard 0, so the DM plays
all reach process 0 whatever N is; the others serve their guilds' commands and buttons.
The CPU lines show that split: over the whole run, and over the plays alone (from the moment
the last table has started), with shard 0's share of a DM play's CPU. CPU is read from Linux's
``/proc``.

Players think before every step, opening their table included; ``--burst`` opens every
table in the same instant instead (a harder, less likely start).

Then, unless ``--closed-dms 0``, one table more, played one step at a time, whose guest's DMs
are closed: prints the Discord API calls of a one-pick play that hands the turn to that
player (its answer, and however the bot tells them and redraws the table), and of their own
plays (target: at most 3 each).

Run: .venv/bin/python bench/bench_bot.py [--tables 50 200] [--plays 12] [--think 1.0]
[--switch 0.0] [--burst] [--database sqlite] [--processes 1] [--closed-dms 12]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from intervals import percentile  # beside this file: bench/ is on the path
from process_cpu import tree_cpu_seconds

from tests.bot.e2e.harness import Player, TableDriver, Turn, control_turn
from tests.fakediscord import (
    BotLauncher,
    FakeDiscord,
    InteractionRecord,
    Message,
    TextChannel,
    User,
)
from tests.postgres_server import PostgresServer

DISCORD_DEADLINE_MS = 3000.0
"""Discord drops an interaction not answered within 3 seconds."""


@dataclass(frozen=True)
class Load:
    """How the simulated players play."""

    plays: int
    """Plays per table."""
    think: float
    """Seconds a player thinks before each step (uniformly up to this, or around it)."""
    switch: float
    """Share of plays that look at another tile first."""
    burst: bool
    """Open every table in the same instant (no think time before the first step)."""


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    plays: int = 0
    previews: int = 0
    late: int = 0
    opening: int = 0
    """Tables not started yet."""
    all_started: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once every table has started: from then on the bots only serve plays."""

    def add(self, kind: str, record: InteractionRecord) -> None:
        latency = record.latency_ms
        if latency is None or len(record.callbacks) != 1 or not record.callbacks[0].accepted:
            self.late += 1
            return
        self.latencies.setdefault(kind, []).append(latency)


async def answered(record: InteractionRecord) -> InteractionRecord:
    await record.response(timeout=30)
    return record


POLL_SECONDS = 0.02
"""How often a simulated player looks at their DMs. Waking every player on every change
of the fake's state (hundreds a second at 200 tables) cost the benchmark's own process
more CPU than the fake server's work, and the fake timed the bot's answers late."""


async def fresh_controls(
    fake: FakeDiscord, players: list[User], after: int, timeout: float
) -> tuple[User, Message, int]:
    """The newest controls for a turn after ``after`` (a turn's DM is among the last few)."""
    deadline = time.monotonic() + timeout
    while True:
        for user in players:
            for message in reversed(fake.dm_messages(user)[-3:]):
                turn = control_turn(message)
                if turn is not None and turn > after:
                    return user, message, turn
        if time.monotonic() > deadline:
            raise TimeoutError(f"no controls for a turn after {after} within {timeout} s")
        await asyncio.sleep(POLL_SECONDS)


async def play_table(
    fake: FakeDiscord,
    channel: TextChannel,
    players: list[User],
    load: Load,
    stats: Stats,
    rng: random.Random,
) -> None:
    """Open, fill and start one table, then play ``load.plays`` turns through the DMs."""
    host, guest = players
    think, switch = load.think, load.switch
    if not load.burst:
        # Like every later step, opening a table waits for a think time: tables open over
        # the first second or so, rather than all in the same instant.
        await asyncio.sleep(rng.uniform(0, think))
    record = await answered(await fake.slash(host, channel, "network new", seats=2, target=500))
    stats.add("slash", record)
    lobby = record.original
    assert lobby is not None
    await asyncio.sleep(rng.uniform(0, think))
    stats.add("button", await answered(await fake.click(guest, lobby, lobby.button(label="Join"))))
    await asyncio.sleep(rng.uniform(0, think))
    stats.add("button", await answered(await fake.click(host, lobby, lobby.button(label="Start"))))
    stats.opening -= 1
    if stats.opening == 0:
        stats.all_started.set()

    last = -1
    for _ in range(load.plays):
        user, message, turn = await fresh_controls(fake, players, last, timeout=60)
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        tiles = [s for s in message.selects if ":subj:" in s.custom_id]
        places = [s for s in message.selects if ":targ:" in s.custom_id]
        others = (
            [o.value for o in tiles[0].options if not o.default and not o.description]
            if tiles
            else []
        )
        if tiles and (places or others):
            if others and (not places or rng.random() < switch):  # look at another tile
                choice = rng.choice(others)  # a playable one (unplayable ones carry a note)
                record = await answered(await fake.select(user, message, tiles[0], [choice]))
                stats.add("tile", record)
                stats.previews += 1
                await asyncio.sleep(rng.uniform(0.2, 0.6) * think)
                places = [s for s in message.selects if ":targ:" in s.custom_id]
            value = places[0].options[0].value
            record = await answered(await fake.select(user, message, places[0], [value]))
        else:
            record = await answered(await fake.click(user, message, message.button(label="Pass")))
        stats.add("play", record)
        stats.plays += 1
        last = turn


async def run(tables: int, load: Load, seed: int, database: str, processes: int) -> None:
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        server = None
        if database == "postgresql":
            server = stack.enter_context(PostgresServer(durable=True))
        async with FakeDiscord(shard_count=processes) as fake:
            await run_on(fake, server, tables, load, rng, processes)


async def run_on(
    fake: FakeDiscord,
    server: PostgresServer | None,
    tables: int,
    load: Load,
    rng: random.Random,
    processes: int,
) -> None:
    guilds = [fake.add_guild_on_shard("Bench Club", shard) for shard in range(processes)]
    channels = [guilds[n % processes].add_text_channel(f"table-{n}") for n in range(tables)]
    pairs = [
        [fake.add_user(f"p{n}{side}", guild=channel.guild) for side in "ab"]
        for n, channel in enumerate(channels)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        launcher = BotLauncher(fake, Path(tmp))
        try:
            env = {"LOG_LEVEL": "WARNING"}
            if server is not None:
                env["DATABASE_URL"] = server.url()
            else:
                env["DATABASE_PATH"] = str(Path(tmp) / "bench.sqlite3")
            if processes == 1:
                env["DEV_GUILD_ID"] = str(guilds[0].id)
                await launcher.start(module="bot", extra_env=env)
            for shard in range(processes if processes > 1 else 0):  # global commands then
                shards = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
                await launcher.start(module="bot", extra_env={**env, **shards})
            await fake.wait_until_bot_ready(timeout=60)
            pids = [process.pid for process in launcher.processes if process.pid is not None]
            stats = Stats(opening=tables)
            mark = len(fake.requests)
            cpu = CpuMarks(tree_cpu_seconds(pids))
            marking = asyncio.create_task(cpu.mark_plays(stats, pids))
            started = time.perf_counter()
            await asyncio.gather(
                *(
                    play_table(fake, channel, pair, load, stats, rng)
                    for channel, pair in zip(channels, pairs, strict=True)
                )
            )
            # Let the last plays' table edits and DMs land before counting.
            await fake.wait_until(
                lambda: all(r.status for r in fake.requests[mark:]) or None, timeout=30
            )
            elapsed = time.perf_counter() - started
            cpu.end = tree_cpu_seconds(pids)
            await marking
            where = "SQLite" if server is None else "PostgreSQL"
            print(f"{processes} bot process(es), one shard each, state in {where}")
            report(fake, stats, mark, tables, load, elapsed)
            cpu_report(cpu, stats)
        finally:
            await launcher.close()


@dataclass
class CpuMarks:
    """Each bot process's CPU seconds (its process tree) at the marks of a run."""

    start: list[float]
    """Before the first table opens."""
    plays: list[float] = field(default_factory=list)
    """When the last table has started."""
    plays_before: int = 0
    """Plays already made at that moment (they count with the opening)."""
    end: list[float] = field(default_factory=list)
    """Once the last play's calls have landed."""

    async def mark_plays(self, stats: Stats, pids: list[int]) -> None:
        await stats.all_started.wait()
        self.plays = tree_cpu_seconds(pids)
        self.plays_before = stats.plays


def cpu_report(cpu: CpuMarks, stats: Stats) -> None:
    """Per process (one shard each): CPU seconds, ms per play and share of the total, over
    the whole run and over the plays alone; then shard 0's share of a DM play's CPU."""
    plays = stats.plays - cpu.plays_before
    spans = (
        ("whole run (opening included)", cpu.start, stats.plays),
        (f"plays alone (after the last table started, {plays} plays)", cpu.plays, plays),
    )
    print("bot CPU (user + system, each process with its drawing workers), per shard:")
    share_of_shard_0 = 0.0
    for title, before, count in spans:
        used = [after - first for after, first in zip(cpu.end, before, strict=True)]
        total = sum(used)
        print(f"  {title}: {total:.2f} s in all, {1000 * total / max(count, 1):.2f} ms per play")
        for shard, seconds in enumerate(used):
            share = seconds / total if total else 0.0
            print(
                f"    shard {shard}: {seconds:7.2f} s   {1000 * seconds / max(count, 1):6.2f} "
                f"ms per play   {100 * share:5.1f} %"
            )
        share_of_shard_0 = used[0] / total if total else 0.0
    print(f"  shard 0's share of a DM play's CPU: {100 * share_of_shard_0:.1f} %")


def report(
    fake: FakeDiscord,
    stats: Stats,
    mark: int,
    tables: int,
    load: Load,
    elapsed: float,
) -> None:
    everything = [v for values in stats.latencies.values() for v in values]
    opening = "all opened at once" if load.burst else "opened over the first think time"
    print(
        f"{tables} tables × {load.plays} plays, two players each, think time "
        f"≈{load.think:.1f} s, {opening} ({elapsed:.1f} s wall clock)"
    )
    late = sum(1 for latency in everything if latency > DISCORD_DEADLINE_MS)
    print(
        f"interaction → response: median {statistics.median(everything):.1f} ms, "
        f"p95 {percentile(everything, 0.95):.1f} ms, max {max(everything):.1f} ms "
        f"({len(everything)} interactions, {late} later than 3 s, "
        f"{stats.late} unanswered or rejected)"
    )
    for kind, values in sorted(stats.latencies.items()):
        print(
            f"  {kind:<6} median {statistics.median(values):6.1f} ms   "
            f"p95 {percentile(values, 0.95):6.1f} ms   n={len(values)}"
        )

    requests = fake.requests[mark:]
    lobby_calls = 3 * tables  # /network new, Join and Start: one callback each
    start_dms = 2 * tables  # at the deal, each player gets their hand
    # Opening a DM channel happens once per player per bot process, not per play.
    dm_channels = sum(1 for r in requests if r.key == "POST /users/@me/channels")
    play_calls = len(requests) - lobby_calls - start_dms - dm_channels
    print(
        f"Discord API calls per play: {play_calls / stats.plays:.2f} including the choice "
        f"({stats.previews} of {stats.plays} plays looked at another tile first); "
        f"{(play_calls - stats.previews) / stats.plays:.2f} for the move alone (its answer, "
        f"the table message, the next player's DM, and announcements when they happen); "
        f"plus {dm_channels} one-off DM channel openings"
    )
    routes = Counter(r.key for r in requests)
    for key, count in routes.most_common():
        print(f"  {count:6d}  {key}")


QUIET_SECONDS = 0.5
"""How long no new API call must come before a step's calls are counted as complete."""


async def settled(fake: FakeDiscord) -> None:
    """Wait until every call so far is answered and none has followed for a while."""
    while True:
        count = len(fake.requests)
        await fake.wait_until(lambda: all(r.status for r in fake.requests) or None, timeout=30)
        await asyncio.sleep(QUIET_SECONDS)
        if len(fake.requests) == count:
            return


async def one_pick(fake: FakeDiscord, table: TableDriver, turn: Turn) -> InteractionRecord:
    """Play the turn with one pick: the place the controls already show for the first
    playable tile, or the first action (Pass, Draw) when nothing fits."""
    message, user = turn.message, turn.player.user
    places = [s for s in message.selects if ":targ:" in s.custom_id]
    if places:
        record = await fake.select(user, message, places[0], [places[0].options[0].value])
    else:
        record = await fake.click(user, message, message.buttons[0])
    await table.seen(record)
    table.last_turn = turn.turn
    return record


async def closed_dm_calls(plays: int) -> None:
    """One table, host with open DMs, guest with closed DMs, played step by step: the API
    calls of each one-pick play, counted once the bot has gone quiet after it."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench Club")
        channel = guild.add_text_channel("closed-dms")
        host = Player(fake.add_user("host"))
        guest = Player(fake.add_user("guest", dms_closed=True), dms_closed=True)
        with tempfile.TemporaryDirectory() as tmp:
            launcher = BotLauncher(fake, Path(tmp))
            try:
                env = {"LOG_LEVEL": "WARNING", "DEV_GUILD_ID": str(guild.id)}
                env["DATABASE_PATH"] = str(Path(tmp) / "closed.sqlite3")
                await launcher.start(module="bot", extra_env=env)
                await fake.wait_until_bot_ready(timeout=60)
                table = TableDriver(fake, channel, [host, guest])
                await table.open(host, seats=2, target=500)
                await table.click_lobby(guest, "Join")
                await table.start(host)
                await settled(fake)
                counts: dict[str, list[int]] = {"host": [], "guest": []}
                routes: dict[str, Counter[str]] = {"host": Counter(), "guest": Counter()}
                for _ in range(plays):
                    turn = await table.next_turn()
                    if turn is None:
                        break
                    await settled(fake)  # a guest's Show hand is not part of the play
                    who = "host" if turn.player is host else "guest"
                    mark = len(fake.requests)
                    await one_pick(fake, table, turn)
                    await settled(fake)
                    counts[who].append(len(fake.requests) - mark)
                    routes[who].update(r.key for r in fake.requests[mark:])
            finally:
                await launcher.close()
    print("One table, the guest's DMs closed, one-pick plays counted one at a time:")
    for who, what in (
        ("host", "the host's plays, which hand the turn to the guest (DMs closed)"),
        ("guest", "the guest's own plays (through Show hand), handing it back"),
    ):
        values = counts[who]
        if not values:
            continue
        print(
            f"  {what}: {statistics.mean(values):.2f} API calls each "
            f"(min {min(values)}, max {max(values)}, n={len(values)})"
        )
        for key, count in routes[who].most_common():
            print(f"    {count / len(values):5.2f}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", type=int, nargs="*", default=[50, 200], help="table counts, one run each"
    )
    parser.add_argument("--plays", type=int, default=12, help="plays per table")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player thinks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--switch", type=float, default=0.0, help="share of plays that look at another tile"
    )
    parser.add_argument("--burst", action="store_true", help="open every table in the same instant")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (PostgreSQL)"
    )
    parser.add_argument(
        "--closed-dms",
        type=int,
        default=12,
        help="plays of the closed-DM table counted step by step (0: skip it)",
    )
    args = parser.parse_args()
    if args.processes > 1 and args.database != "postgresql":
        parser.error("several processes share their state through --database postgresql")
    for number, tables in enumerate(args.tables):
        if number:
            print()
        load = Load(args.plays, args.think, args.switch, args.burst)
        asyncio.run(run(tables, load, args.seed, args.database, args.processes))
    if args.closed_dms:
        if args.tables:
            print()
        asyncio.run(closed_dm_calls(args.closed_dms))


if __name__ == "__main__":
    main()
