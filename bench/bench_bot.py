"""The bot under load: the real ``python -m bot`` against the local Discord-compatible server.

Opens ``--tables`` tables (two players each, DMs open) and plays them all at once (by
default two runs, 50 tables then 200, each with a fresh bot): every
player, on getting their controls, thinks for a moment and picks a numbered place for the
tile the controls already show, or passes when nothing fits; a ``--switch`` share of
plays first look at another tile (the candidate picture step) and play that. Every step
waits, as a person does, until its answer is visible.

Prints, per kind of interaction, the median and p95 milliseconds from the interaction to
its first callback (the answer itself, or only an acknowledgement: on PostgreSQL the bot
acknowledges a play once it is committed and a publish job edits the answer in later) and to the
moment the player SEES the answer (the call that delivers it has been served, by whichever
route ``tests.bot.e2e.harness.delivered`` accepts); from a play to the next player's
controls in their DMs; how many callbacks missed Discord's 3 seconds; the Discord API
calls the bot made per play; and each bot process's CPU seconds (user + system, its
drawing workers included) per play, with PostgreSQL's server and this benchmark's own
process (the fake Discord and the players) beside them. Asserts nothing (targets: p95 ≤
150 ms with 50 tables and no answer later than 3 s with 200, at most 3 API calls per play
including the choice, one more on PostgreSQL where the acknowledgement and the answer are
two calls; with ``--processes 2`` on PostgreSQL, p95 ≤ 250 ms with 200 tables).

``--database postgresql`` keeps the state in a throwaway local PostgreSQL server (default
durability); ``--processes N`` runs N bot processes, one shard each, on it, the tables
spread over guilds on every shard. Discord sends DM interactions to shard 0, so the DM
plays all reach process 0 whatever N is: it acknowledges and commits them, and only
stands by for publish jobs (it takes jobs that waited over a second), so the other
processes' workers draw and send. The CPU lines show that split: over the whole run, and
over the plays alone (from the moment the last table has started), with shard 0's share of
a DM play's CPU (target ≤ 20 % with ``--processes 4``) and how often it left standby (when
the others are swamped it takes jobs until the queue is empty, and its share grows). CPU
is read from Linux's ``/proc``. ``--workers K`` starts K ``python -m bot worker`` processes
besides (same token, API address and DATABASE_URL; inherit RENDER_PROCESSES and the like
from the environment), listed with the shards.

``--interactions K`` (PostgreSQL) starts K ``python -m bot interactions`` processes besides
(the bot's defaults: each takes publish jobs too) once the shards are ready, and the local
Discord POSTs every interaction to them in turn, as a load balancer would: none comes over
the gateway. It prints how many of the DM interactions each received (target with K = 4:
25 % ± 10 % each), and the CPU lines list them with the shards, ending with shard 0's CPU
per play (target: under 1 ms).

``--throughput [K ...]`` (PostgreSQL; default K = 1 2 4) measures the plays per second
worker processes carry: for each K, a fresh bot of ``--processes`` shard processes with
PUBLISH_WORKERS=0 (they receive and commit, nothing more) and K worker processes that alone
draw and publish; then load steps of a rising number of tables (``--tables``, default
6 10 14 20 28 40 56, fresh tables each step), stopped at the first step whose p95 passes
1 s. A step is measured while every table plays (from the last table's start to the first
table's last play): plays per second, p95 of the mover's answer and of the next player's
controls, CPU ms per play of shards, workers, PostgreSQL and the benchmark, the cores they
kept busy, and the cores the whole machine kept busy (other work on it included: a figure
measured on a shared machine says so). The closing table gives, per K, the busiest step
with both p95s ≤ 1 s, next to the machine's CPU core count: the figure grows with K until
the cores are busy, then flattens or falls (each worker process adds CPU per play: see the
CPU columns). ``--worker-jobs N`` sets the worker processes' PUBLISH_WORKERS (jobs each
runs at once; the bot's default otherwise). ``--interactions N`` starts N ``python -m bot
interactions`` processes (PUBLISH_WORKERS=0) that the local Discord POSTs every
interaction to in turn, as a load balancer would: they receive and commit the plays
instead of the shards, and their CPU per play is printed beside the shards'.

``--throughput ... --baseline REV`` measures the same in the bot code of git revision REV
too, in the same run: REV is exported (``git archive``) to a temporary directory, removed
at the end, and each of that run's bot processes (shards, interactions processes,
workers, and so their drawing processes) runs with it as cwd and whole PYTHONPATH; the
run prints where a child process there imports ``bot`` from and checks, once the first
step has started the drawing processes, that every process of the bot runs there. The
local Discord, the players and PostgreSQL stay this benchmark's own, with a fresh
database for each run, which each code migrates. For each K, ``--rounds N`` (default 2)
rounds each run the old code and the new (the working tree), the order swapped every
round so a machine's drift falls on both; then per K and step, the medians over the
rounds of each code: the workers' CPU ms per play (their drawing processes included),
all bot processes' CPU ms per play, plays per second and both p95s, and new ÷ old.

Players think before every step, opening their table included; ``--burst`` opens every
table in the same instant instead (a harder, less likely start).

Then, unless ``--closed-dms 0`` (or ``--throughput``), one table more, played one step at a
time, whose guest's DMs are closed: prints the Discord API calls of a one-pick play that
hands the turn to that player (its answer, and however the bot tells them and redraws the
table), and of their own plays (target: at most 3 each).

Then, unless ``--budget 0``, the rate-limit budget (``call_budget.py``): for each game
(network, dominoes, fido, sackson), one table of two people played one-pick play by play,
and the Discord calls of each play that count against the bot's global rate limit
(bot-token routes: the next player's DM, the table message's edit) and those that do not
(interaction-token routes: the mover's answer). Target: at most 2 counted calls a play.
``--global-limit N`` makes the local Discord refuse more than N counted calls a second
with a global 429, in every run: the 429s are printed, the counts stay those of calls that
went through.

Run: .venv/bin/python bench/bench_bot.py [--tables 50 200] [--plays 12] [--think 1.0]
[--switch 0.0] [--burst] [--database sqlite] [--processes 1] [--workers 0] [--closed-dms 12]
[--throughput [K ...] [--baseline REV [--rounds 2]]] [--worker-jobs N] [--interactions K]
[--budget 8] [--global-limit N]; e.g. ``--database postgresql --processes 4 --tables 30
--closed-dms 0`` (shard 0's share; more tables swamp 2 cores' other shards, and shard 0
leaves standby) and ``--throughput 1 2 4 --processes 4`` (the table: about 7 minutes on 2
cores), and
``--throughput 1 --processes 1 --tables 8 --baseline main --budget 0 --closed-dms 0``
(the worker CPU of a play, this tree beside main's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from answer_clock import AnswerClock  # beside this file: bench/ is on the path
from baseline import REPO_ROOT, check_process_code, exported, imported_files, short_revision
from call_budget import budget_report, one_pick, settled, start_quiet_bot
from intervals import percentile
from process_cpu import machine_busy_seconds, pids_with_args, tree_cpu_seconds
from throughput import PlaySample, Step, Window, carried
from throughput_baseline import HEADING, comparison_rows

from tests.bot.e2e.harness import Player, TableDriver, control_turn, start_interactions
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, InteractionRecord
from tests.fakediscord.models import Guild, Message, TextChannel, User
from tests.postgres_server import PostgresServer

DISCORD_DEADLINE_MS = 3000.0
"""Discord drops an interaction not answered within 3 seconds."""
SEEN_LIMIT_MS = 1000.0
"""The p95 a throughput step must keep to count as carried."""
THROUGHPUT_TABLES = [6, 10, 14, 20, 28, 40, 56]
"""The throughput mode's load steps (tables playing at once), tried in order until the p95
goes past the limit."""


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


@dataclass(frozen=True)
class Ladder:
    """A throughput run's set-up, the same for every worker count it tries."""

    processes: int
    """Shard processes (they receive and commit; no publish jobs)."""
    tables: list[int]
    """Tables per load step, in turn."""
    load: Load
    seed: int
    jobs: int | None
    """PUBLISH_WORKERS of the worker processes (None: the bot's default)."""
    interactions: int = 0
    """``python -m bot interactions`` processes receiving every interaction instead."""


LOBBY_KINDS = frozenset({"slash", "button"})


@dataclass
class Stats:
    ack: dict[str, list[float]] = field(default_factory=dict)
    """Milliseconds from an interaction to its first callback (an answer, or only an
    acknowledgement), by kind."""
    seen: dict[str, list[float]] = field(default_factory=dict)
    """Milliseconds from an interaction to the moment its answer was visible, by kind."""
    samples: list[PlaySample] = field(default_factory=list)
    """Every play, with when it went out and what it took to be seen."""
    plays: int = 0
    previews: int = 0
    lobby: set[int] = field(default_factory=set)
    """The ids of the interactions that opened, filled and started the tables."""
    opening: int = 0
    """Tables not started yet."""
    all_started: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once every table has started: from then on the bots only serve plays."""
    started_at: float = 0.0
    first_done: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once a table has made all its plays: the steady window ends."""
    first_done_at: float = 0.0
    dm: list[InteractionRecord] = field(default_factory=list)
    """The DM interactions (plays and tile looks): each names the endpoint URL Discord
    POSTed it to, once that POST is answered."""

    async def add(self, kind: str, clock: AnswerClock, record: InteractionRecord) -> float:
        """Wait for the first callback and then the answer, as the player would; record
        both latencies and return the answer's (milliseconds since dispatch)."""
        if record.guild is None:
            self.dm.append(record)
        callback = await record.response(timeout=30)
        if not callback.accepted:  # the bot is broken: no figure would mean anything
            raise RuntimeError(f"{record.describe()} was refused: {callback.error}")
        latency = callback.latency_ms
        self.ack.setdefault(kind, []).append(latency)
        seen = await clock.seen(record)
        self.seen.setdefault(kind, []).append(seen)
        if kind in LOBBY_KINDS:
            self.lobby.add(record.id)
        return seen

    def started(self) -> None:
        self.opening -= 1
        if self.opening == 0:
            self.started_at = time.perf_counter()
            self.all_started.set()

    def done(self) -> None:
        if not self.first_done.is_set():
            self.first_done_at = time.perf_counter()
            self.first_done.set()

    def window(self) -> Window:
        """The plays sent while every table was playing (see ``throughput``)."""
        end = self.first_done_at if self.first_done_at > self.started_at else time.perf_counter()
        return Window.of(self.samples, self.started_at, end)


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


def controls_shown_at(
    clock: AnswerClock, controls: Message, play: InteractionRecord, seen_ms: float
) -> float | None:
    """Milliseconds from ``play`` until ``controls`` (the next turn's) were there: a new DM
    is timed by its post; the mover's own answer, when it is their turn again, by the
    answer."""
    if play.dispatched_at is None:
        return None
    if controls is play.source_message:
        return seen_ms
    posted = clock.created_at(controls.id)
    return None if posted is None else (posted - play.dispatched_at) * 1000


async def play_table(
    fake: FakeDiscord,
    clock: AnswerClock,
    channel: TextChannel,
    players: list[User],
    load: Load,
    stats: Stats,
    rng: random.Random,
) -> None:
    """Open, fill and start one table, then play ``load.plays`` turns through the DMs.
    Each step waits, as a person would, until its answer is visible."""
    host, guest = players
    think, switch = load.think, load.switch
    if not load.burst:
        # Like every later step, opening a table waits for a think time: tables open over
        # the first second or so, rather than all in the same instant.
        await asyncio.sleep(rng.uniform(0, think))
    record = await fake.slash(host, channel, "network new", seats=2, target=500)
    await stats.add("slash", clock, record)
    lobby = record.original
    assert lobby is not None
    await asyncio.sleep(rng.uniform(0, think))
    await stats.add("button", clock, await fake.click(guest, lobby, lobby.button(label="Join")))
    await asyncio.sleep(rng.uniform(0, think))
    await stats.add("button", clock, await fake.click(host, lobby, lobby.button(label="Start")))
    stats.started()

    last = -1
    previous: tuple[InteractionRecord, float] | None = None
    for _ in range(load.plays):
        user, message, turn = await fresh_controls(fake, players, last, timeout=60)
        if previous is not None:
            play, seen = previous
            stats.samples.append(sample(play, seen, controls_shown_at(clock, message, play, seen)))
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
                record = await fake.select(user, message, tiles[0], [choice])
                await stats.add("tile", clock, record)
                stats.previews += 1
                await asyncio.sleep(rng.uniform(0.2, 0.6) * think)
                places = [s for s in message.selects if ":targ:" in s.custom_id]
            value = places[0].options[0].value
            record = await fake.select(user, message, places[0], [value])
        else:
            record = await fake.click(user, message, message.button(label="Pass"))
        seen = await stats.add("play", clock, record)
        stats.plays += 1
        previous = (record, seen)
        last = turn
    if previous is not None:  # its next controls are not waited for
        stats.samples.append(sample(*previous, None))
    stats.done()


def sample(play: InteractionRecord, seen_ms: float, next_ms: float | None) -> PlaySample:
    assert play.dispatched_at is not None
    return PlaySample(play.dispatched_at, seen_ms, next_ms)


@dataclass
class Cluster:
    """The bot's processes in a run: one per shard, then the ``python -m bot interactions``
    processes (if any) with their endpoint URLs, then the extra ``python -m bot worker``s."""

    shards: list[BotProcess]
    workers: list[BotProcess]
    interactions: list[tuple[BotProcess, str]] = field(default_factory=list)
    others: dict[str, int] = field(default_factory=dict)
    """Processes measured beside the bot: PostgreSQL's server (with its backends)."""

    @property
    def pids(self) -> list[int]:
        processes = (*self.shards, *(process for process, _ in self.interactions), *self.workers)
        return [process.pid for process in processes if process.pid is not None]

    @property
    def labels(self) -> list[str]:
        return (
            [f"shard {n}" for n in range(len(self.shards))]
            + [f"interactions {n}" for n in range(len(self.interactions))]
            + [f"worker {n}" for n in range(len(self.workers))]
        )

    def standby_takeovers(self) -> int:
        """How often shard 0's process left standby to take jobs that had waited (its
        log's line for it; 0 when it does not stand by)."""
        return self.shards[0].log().count(STANDBY_LINE)


STANDBY_LINE = "publish jobs are waiting: this process takes them until done"
"""bot.publishing.jobs.postgres logs this (INFO) when a standing-by process starts taking jobs."""


async def launch(
    fake: FakeDiscord,
    launcher: BotLauncher,
    env: dict[str, str],
    guilds: list[Guild],
    workers: int,
    shard_env: dict[str, str] | None = None,
    worker_env: dict[str, str] | None = None,
) -> Cluster:
    """One bot process per guild's shard (``env`` plus ``shard_env``), then ``workers``
    worker processes (``env`` plus ``worker_env``); returns once all are ready."""
    processes = len(guilds)
    shards = []
    if processes == 1:
        extra = {**env, **(shard_env or {}), "DEV_GUILD_ID": str(guilds[0].id)}
        shards.append(await launcher.start(module="bot", extra_env=extra))
    for shard in range(processes if processes > 1 else 0):  # global commands then
        split = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
        shards.append(
            await launcher.start(module="bot", extra_env={**env, **(shard_env or {}), **split})
        )
    await fake.wait_until_bot_ready(timeout=60)
    extra_workers = [
        await launcher.start(module="bot", args=["worker"], extra_env={**env, **(worker_env or {})})
        for _ in range(workers)
    ]
    deadline = time.monotonic() + 60
    while not all(WORKER_READY in process.log() for process in extra_workers):
        if time.monotonic() > deadline or not all(p.running for p in extra_workers):
            raise RuntimeError(f"a worker did not start:\n{launcher.logs()}")
        await asyncio.sleep(0.2)
    return Cluster(shards, extra_workers)


WORKER_READY = "worker ready:"
"""bot.app.worker logs this (INFO) once it takes jobs."""


def bot_env(server: PostgresServer | None, tmp: Path) -> dict[str, str]:
    """The environment every bot process gets besides the fake's token and addresses.
    INFO: a worker says when it is ready, and shard 0 when it leaves standby (one line
    per play besides, which costs nothing worth measuring)."""
    env = {"LOG_LEVEL": "INFO" if server is not None else "WARNING"}
    if server is not None:
        env["DATABASE_URL"] = server.url()
    else:
        env["DATABASE_PATH"] = str(tmp / "bench.sqlite3")
    return env


@dataclass
class CpuMarks:
    """CPU seconds at the marks of a run: each bot process (its process tree), then the
    processes measured beside it (PostgreSQL), then this benchmark's own process (the fake
    Discord and the simulated players), then the whole machine."""

    start: list[float]
    """Before the first table opens."""
    plays: list[float] = field(default_factory=list)
    """When the last table has started."""
    plays_before: int = 0
    """Plays already made at that moment (they count with the opening)."""
    window_end: list[float] = field(default_factory=list)
    """When the first table has made all its plays (empty: that came before the start)."""
    end: list[float] = field(default_factory=list)
    """Once the last play's calls have landed."""

    @staticmethod
    def now(pids: list[int]) -> list[float]:
        """Each pid's tree, this process, then the whole machine (every process, the
        other work sharing its cores included)."""
        return [*tree_cpu_seconds(pids), time.process_time(), machine_busy_seconds()]

    async def mark(self, stats: Stats, pids: list[int]) -> None:
        await stats.all_started.wait()
        self.plays = self.now(pids)
        self.plays_before = stats.plays
        await stats.first_done.wait()
        if stats.first_done_at > stats.started_at:
            self.window_end = self.now(pids)

    def in_window(self) -> list[float]:
        """CPU seconds of each while every table was playing."""
        end = self.window_end or self.end
        return [after - before for after, before in zip(end, self.plays, strict=True)]


@dataclass
class Round:
    """Every table of a run played through; what it measured."""

    stats: Stats
    cpu: CpuMarks
    elapsed: float
    mark: int
    """The fake's request count when the round began."""


async def play_round(
    fake: FakeDiscord,
    clock: AnswerClock,
    cluster: Cluster,
    tables: list[tuple[TextChannel, list[User]]],
    load: Load,
    rng: random.Random,
) -> Round:
    pids = [*cluster.pids, *cluster.others.values()]
    stats = Stats(opening=len(tables))
    mark = len(fake.requests)
    cpu = CpuMarks(CpuMarks.now(pids))
    marking = asyncio.create_task(cpu.mark(stats, pids))
    started = time.perf_counter()
    await asyncio.gather(
        *(play_table(fake, clock, channel, pair, load, stats, rng) for channel, pair in tables)
    )
    # Let the last plays' table edits and DMs land before counting.
    await fake.wait_until(lambda: all(r.status for r in fake.requests[mark:]) or None, timeout=30)
    elapsed = time.perf_counter() - started
    cpu.end = CpuMarks.now(pids)
    await marking
    return Round(stats, cpu, elapsed, mark)


def tables_on(
    fake: FakeDiscord, guilds: list[Guild], count: int, prefix: str = "table"
) -> list[tuple[TextChannel, list[User]]]:
    """``count`` channels spread over the guilds (so over every shard), two players each."""
    tables = []
    for n in range(count):
        channel = guilds[n % len(guilds)].add_text_channel(f"{prefix}-{n}")
        pair = [fake.add_user(f"{prefix}-{n}{side}", guild=channel.guild) for side in "ab"]
        tables.append((channel, pair))
    return tables


async def run(
    tables: int,
    load: Load,
    seed: int,
    database: str,
    processes: int,
    workers: int,
    global_limit: int | None = None,
    interactions: int = 0,
) -> None:
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        server = None
        if database == "postgresql":
            server = stack.enter_context(PostgresServer(durable=True))
        async with FakeDiscord(shard_count=processes) as fake:
            fake.settings.global_limit = global_limit
            guilds = [fake.add_guild_on_shard("Bench Club", shard) for shard in range(processes)]
            played = tables_on(fake, guilds, tables)
            with tempfile.TemporaryDirectory() as tmp:
                launcher = BotLauncher(fake, Path(tmp))
                try:
                    env = bot_env(server, Path(tmp))
                    cluster = await launch(fake, launcher, env, guilds, workers)
                    if interactions:  # from now on every interaction comes by POST
                        dev = {"DEV_GUILD_ID": str(guilds[0].id)} if processes == 1 else {}
                        cluster.interactions = await start_interactions(
                            fake, launcher, {**env, **dev}, interactions
                        )
                    if server is not None:
                        cluster.others["PostgreSQL"] = postmaster_pid(server)
                    clock = AnswerClock(fake.requests)
                    done = await play_round(fake, clock, cluster, played, load, rng)
                    where = "SQLite" if server is None else "PostgreSQL"
                    extra = f", {workers} worker process(es)" if workers else ""
                    if interactions:
                        extra += (
                            f", {interactions} interactions process(es) that Discord POSTs "
                            "every interaction to in turn"
                        )
                    print(f"{processes} bot process(es), one shard each{extra}, state in {where}")
                    report(fake, done, tables, load)
                    if interactions:
                        endpoint_report(done.stats, cluster)
                    cpu_report(done, cluster)
                finally:
                    await launcher.close()


def postmaster_pid(server: PostgresServer) -> int:
    """The PostgreSQL server's main process (its backends are its children)."""
    found = pids_with_args("postgres", f"-p {server.port}")
    if not found:
        raise RuntimeError(f"no PostgreSQL process on port {server.port}")
    return min(found)


def endpoint_shares(received: Counter[str | None], urls: list[str]) -> list[float]:
    """Each URL's share of the interactions ``received`` counts by endpoint (None: those
    that came over the gateway count in the whole, under no URL)."""
    total = sum(received.values())
    return [received[url] / total if total else 0.0 for url in urls]


def endpoint_report(stats: Stats, cluster: Cluster) -> None:
    """How the DM interactions were spread over the interactions processes."""
    received = Counter(record.endpoint for record in stats.dm)
    urls = [url for _, url in cluster.interactions]
    print(
        f"DM interactions (plays and tile looks) received: {sum(received.values())}, "
        f"{received[None]} over the gateway (shard 0)"
    )
    shares = endpoint_shares(received, urls)
    for n, (url, share) in enumerate(zip(urls, shares, strict=True)):
        print(f"  interactions {n}: {received[url]:5d}  {100 * share:5.1f} %  ({url})")


def cpu_report(done: Round, cluster: Cluster) -> None:
    """Per process: CPU seconds, ms per play and share of the bot's total, over the whole
    run and over the plays alone; then shard 0's share of a DM play's CPU."""
    cpu, stats = done.cpu, done.stats
    plays = stats.plays - cpu.plays_before
    spans = (
        ("whole run (opening included)", cpu.start, stats.plays),
        (f"plays alone (after the last table started, {plays} plays)", cpu.plays, plays),
    )
    labels = cluster.labels
    print("bot CPU (user + system, each process with its drawing workers):")
    share_of_shard_0 = 0.0
    for title, before, count in spans:
        used = [after - first for after, first in zip(cpu.end, before, strict=True)]
        bot = used[: len(labels)]
        total = sum(bot)
        print(f"  {title}: {total:.2f} s in all, {1000 * total / max(count, 1):.2f} ms per play")
        for label, seconds in zip(labels, bot, strict=True):
            share = seconds / total if total else 0.0
            print(
                f"    {label:<14} {seconds:7.2f} s   {1000 * seconds / max(count, 1):6.2f} "
                f"ms per play   {100 * share:5.1f} %"
            )
        beside = [*cluster.others, "bench (fake Discord, players)"]
        for label, seconds in zip(beside, used[len(labels) : -1], strict=True):
            print(
                f"    beside the bot: {label} {seconds:.2f} s, "
                f"{1000 * seconds / max(count, 1):.2f} ms per play"
            )
        print(
            f"    the whole machine: {used[-1]:.2f} s busy ({os.cpu_count()} cores; other "
            f"work on it included: {used[-1] - sum(used[:-1]):.2f} s)"
        )
        share_of_shard_0 = bot[0] / total if total else 0.0
    print(f"  shard 0's share of a DM play's CPU: {100 * share_of_shard_0:.1f} %")
    if cluster.interactions:
        shard_0_ms = 1000 * (cpu.end[0] - cpu.plays[0]) / max(plays, 1)
        print(f"  shard 0's CPU per play, over the plays alone: {shard_0_ms:.2f} ms")
    if len(cluster.shards) > 1 and cluster.others:
        print(
            f"  shard 0 left standby {cluster.standby_takeovers()} time(s) to take jobs "
            "that had waited"
        )


def latency_line(title: str, values: list[float]) -> str:
    if not values:
        return f"{title}: none measured"
    return (
        f"{title}: median {statistics.median(values):.1f} ms, "
        f"p95 {percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )


def report(fake: FakeDiscord, done: Round, tables: int, load: Load) -> None:
    stats, mark = done.stats, done.mark
    acks = [v for values in stats.ack.values() for v in values]
    seen = [v for values in stats.seen.values() for v in values]
    opening = "all opened at once" if load.burst else "opened over the first think time"
    print(
        f"{tables} tables × {load.plays} plays, two players each, think time "
        f"≈{load.think:.1f} s, {opening} ({done.elapsed:.1f} s wall clock)"
    )
    late = sum(1 for latency in acks if latency > DISCORD_DEADLINE_MS)
    print(
        latency_line("interaction → first callback (the answer, or an acknowledgement)", acks)
        + f" ({len(acks)} interactions, {late} later than 3 s)"
    )
    print(latency_line("interaction → answer seen by the player", seen))
    for kind in sorted(stats.ack):
        ack, shown = stats.ack[kind], stats.seen[kind]
        print(
            f"  {kind:<6} callback median {statistics.median(ack):6.1f} ms  "
            f"p95 {percentile(ack, 0.95):6.1f} ms   seen median "
            f"{statistics.median(shown):6.1f} ms  p95 {percentile(shown, 0.95):6.1f} ms   "
            f"n={len(ack)}"
        )
    following = [s.next_ms for s in stats.samples if s.next_ms is not None]
    print(latency_line("play → the next player's controls in their DMs", following))

    requests = fake.requests[mark:]
    # /network new, Join and Start: their callbacks, and the edits that finish them when
    # they were only acknowledged (Start's turns the lobby into the table).
    lobby_calls = sum(1 for r in requests if r.interaction_id in stats.lobby)
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
    counted = sum(1 for r in requests if r.global_limit and r.status != 429)
    limited = sum(1 for r in requests if r.status == 429)
    print(
        f"  of all calls, {counted} counted against the global rate limit "
        f"({counted / max(done.elapsed, 1e-9):.1f} a second); {limited} answered 429"
    )
    routes = Counter(r.key for r in requests)
    for key, count in routes.most_common():
        print(f"  {count:6d}  {key}")


async def throughput_with(
    workers: int, ladder: Ladder, code_root: Path | None = None
) -> list[Step]:
    """One bot (the ladder's shard processes, which run no jobs, and its interactions
    processes, which receive every interaction instead when there are any) and ``workers``
    worker processes on a fresh PostgreSQL; the load steps of the ladder in turn, each on
    fresh tables, until one's p95 passes the limit. ``code_root``: the code every bot
    process runs (checked once the first step has started their drawing processes)."""
    processes, load, jobs, interactions = (
        ladder.processes,
        ladder.load,
        ladder.jobs,
        ladder.interactions,
    )
    rng = random.Random(ladder.seed)
    steps: list[Step] = []
    with PostgresServer(durable=True) as server:
        async with FakeDiscord(shard_count=processes) as fake:
            guilds = [fake.add_guild_on_shard("Bench Club", shard) for shard in range(processes)]
            rounds = [
                tables_on(fake, guilds, count, f"s{n}") for n, count in enumerate(ladder.tables)
            ]
            with tempfile.TemporaryDirectory() as tmp:
                launcher = BotLauncher(fake, Path(tmp), code_root=code_root)
                try:
                    # Turn timers far away: an earlier step's idle tables must not wake.
                    env = {**bot_env(server, Path(tmp)), "TURN_SECONDS": "3600"}
                    cluster = await launch(
                        fake,
                        launcher,
                        env,
                        guilds,
                        workers,
                        shard_env={"PUBLISH_WORKERS": "0"},
                        worker_env={} if jobs is None else {"PUBLISH_WORKERS": str(jobs)},
                    )
                    if interactions:
                        cluster.interactions = await start_interactions(
                            fake, launcher, {**env, "PUBLISH_WORKERS": "0"}, interactions
                        )
                    cluster.others["PostgreSQL"] = postmaster_pid(server)
                    clock = AnswerClock(fake.requests)
                    for tables in rounds:
                        done = await play_round(fake, clock, cluster, tables, load, rng)
                        window = done.stats.window()
                        *used, machine = done.cpu.in_window()
                        per_play = tuple(1000 * s / max(len(window.plays), 1) for s in used)
                        step = Step(len(tables), window, per_play, machine / window.seconds)
                        steps.append(step)
                        if code_root is not None and len(steps) == 1:
                            checked = sum(check_process_code(p, code_root) for p in cluster.pids)
                            print(
                                f"  {checked} bot and drawing processes run the code in {code_root}"
                            )
                        print(step_line(workers, step, cluster))
                        if window.p95_ms > SEEN_LIMIT_MS:
                            break
                finally:
                    await launcher.close()
    return steps


def step_line(workers: int, step: Step, cluster: Cluster) -> str:
    window = step.window
    cpu = step.cpu_ms_per_play
    bot = len(cluster.labels)
    shards = len(cluster.shards)
    receivers = shards + len(cluster.interactions)
    received = f"interactions {sum(cpu[shards:receivers]):.1f}, " if cluster.interactions else ""
    cores = sum(cpu) * window.rate / 1000
    return (
        f"  {workers} worker(s), {step.tables:3d} tables: {window.rate:5.2f} plays/s "
        f"({len(window.plays)} plays in {window.seconds:.1f} s), p95 answer "
        f"{window.p95_seen_ms:6.1f} ms, next player's controls {window.p95_next_ms:6.1f} ms; "
        f"CPU ms per play: shards {sum(cpu[:shards]):.1f}, {received}workers "
        f"{sum(cpu[receivers:bot]):.1f}, PostgreSQL {sum(cpu[bot:-1]):.1f}, bench "
        f"{cpu[-1]:.1f} ({cores:.2f} cores busy; the machine {step.machine_cores:.2f}, "
        "other work included)"
    )


def throughput(worker_counts: list[int], ladder: Ladder) -> None:
    """For each worker count, the plays per second carried at p95 ≤ 1 s, in one table."""
    processes, load, jobs, interactions = (
        ladder.processes,
        ladder.load,
        ladder.jobs,
        ladder.interactions,
    )
    cores = os.cpu_count() or 1
    received = (
        f"{interactions} interactions process(es) receive every interaction instead; "
        if interactions
        else ""
    )
    print(
        f"Throughput: {processes} shard process(es) with PUBLISH_WORKERS=0 (they receive and "
        f"commit; only the worker processes draw and publish, "
        f"{'the default' if jobs is None else jobs} jobs at once each), state in PostgreSQL; "
        f"{received}{load.plays} plays per table, think time ≈{load.think:.1f} s; tables per step "
        f"{ladder.tables}, until a step's p95 passes {SEEN_LIMIT_MS:.0f} ms; {cores} CPU cores"
    )
    results = []
    for workers in worker_counts:
        steps = asyncio.run(throughput_with(workers, ladder))
        results.append((workers, carried(steps, SEEN_LIMIT_MS), steps))
    print()
    print(
        f"plays per second carried at p95 ≤ {SEEN_LIMIT_MS:.0f} ms (the mover's answer and "
        f"the next player's controls), on {cores} CPU cores:"
    )
    print(
        "  workers  plays/s  p95 ms  tables  CPU ms per play (bot / all)  "
        "cores busy (ours / machine)"
    )
    for workers, best, steps in results:
        if best is None:
            print(f"  {workers:7d}        -  no step within the limit ({len(steps)} tried)")
            continue
        window, cpu = best.window, best.cpu_ms_per_play
        everything = sum(cpu)
        bot = sum(cpu[: processes + interactions + workers])
        print(
            f"  {workers:7d}  {window.rate:7.2f}  {window.p95_ms:6.0f}  {best.tables:6d}  "
            f"{bot:12.1f} / {everything:5.1f}  {everything * window.rate / 1000:14.2f} / "
            f"{best.machine_cores:.2f}"
        )


def throughput_against(
    revision: str, worker_counts: list[int], ladder: Ladder, rounds: int
) -> None:
    """:func:`throughput`'s measurement, for each worker count, ``rounds`` times in the bot
    code of ``revision`` and in the working tree's, alternating (old then new, then new then
    old: a machine's drift falls on both); then, per worker count and load step, the
    medians of each side and new ÷ old. The fake Discord, the players and PostgreSQL are
    this benchmark's own; every run gets a fresh database, which each code migrates."""
    sha = short_revision(revision)
    with exported(revision) as old_root:
        roots = {"old": old_root, "new": REPO_ROOT}
        for name, root in roots.items():
            print(
                f"{name} code ({sha if name == 'old' else 'working tree'}): {root}; "
                f"a child process there imports bot from "
                f"{imported_files(root)['bot']}"
            )
        print(
            f"Throughput, {ladder.processes} shard process(es) with PUBLISH_WORKERS=0, "
            f"{ladder.load.plays} plays per table, think time ≈{ladder.load.think:.1f} s; "
            f"tables per step {ladder.tables}; {rounds} round(s) per code; "
            f"{os.cpu_count() or 1} CPU cores"
        )
        measured: dict[tuple[int, str], list[list[Step]]] = {}
        for workers in worker_counts:
            for number in range(rounds):
                order = list(roots) if number % 2 == 0 else list(reversed(roots))
                for name in order:
                    print(f"{name} code, round {number + 1}, {workers} worker(s):")
                    steps = asyncio.run(throughput_with(workers, ladder, roots[name]))
                    measured.setdefault((workers, name), []).append(steps)
    print()
    print(
        f"CPU ms per play, the old code ({sha}) against the working tree's "
        f"(medians of {rounds} round(s); new÷old below each pair):"
    )
    print(HEADING)
    receivers = ladder.processes + ladder.interactions
    for workers in worker_counts:
        old_runs, new_runs = measured[(workers, "old")], measured[(workers, "new")]
        for row in comparison_rows(old_runs, new_runs, ladder.tables, receivers, workers):
            print(row)


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
                await start_quiet_bot(fake, launcher, guild, Path(tmp) / "closed.sqlite3")
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
        "--tables",
        type=int,
        nargs="*",
        default=None,
        help=f"table counts, one run each (default 50 200; --throughput: {THROUGHPUT_TABLES})",
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
        "--workers",
        type=int,
        default=0,
        help="extra `python -m bot worker` processes (PostgreSQL)",
    )
    parser.add_argument(
        "--interactions",
        type=int,
        default=0,
        metavar="K",
        help="K `python -m bot interactions` processes besides the shards (PostgreSQL), "
        "which the local Discord POSTs every interaction to in turn (with --throughput too: "
        "then they take no jobs)",
    )
    parser.add_argument(
        "--throughput",
        type=int,
        nargs="*",
        default=None,
        metavar="K",
        help="for each K (default 1 2 4): K worker processes publish alone, the load rises "
        "step by step (--tables); prints the plays per second carried at p95 ≤ 1 s",
    )
    parser.add_argument(
        "--baseline",
        default=None,
        metavar="REV",
        help="with --throughput: measure the bot code of git revision REV too, in the same "
        "run, alternating with the working tree's, and print both and new÷old",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        metavar="N",
        help="with --baseline: runs of each code per worker count (default 2)",
    )
    parser.add_argument(
        "--worker-jobs",
        type=int,
        default=None,
        metavar="N",
        help="PUBLISH_WORKERS of the worker processes: jobs each runs at once (default: the bot's)",
    )
    parser.add_argument(
        "--budget",
        type=int,
        default=8,
        metavar="N",
        help="plays per game of the rate-limit budget (0: skip it)",
    )
    parser.add_argument(
        "--global-limit",
        type=int,
        default=None,
        metavar="N",
        help="the local Discord's global rate limit: N counted calls a second (default none)",
    )
    parser.add_argument(
        "--closed-dms",
        type=int,
        default=12,
        help="plays of the closed-DM table counted step by step (0: skip it)",
    )
    args = parser.parse_args()
    if args.throughput is not None:
        load = Load(args.plays, args.think, args.switch, args.burst)
        tables = args.tables if args.tables else THROUGHPUT_TABLES
        ladder = Ladder(
            args.processes, tables, load, args.seed, args.worker_jobs, args.interactions
        )
        if args.baseline is not None:
            if args.rounds < 1:
                parser.error("--rounds is at least 1")
            throughput_against(args.baseline, args.throughput or [1, 2, 4], ladder, args.rounds)
        else:
            throughput(args.throughput or [1, 2, 4], ladder)
        return
    if args.baseline is not None:
        parser.error("--baseline compares the --throughput measurement")
    if args.processes > 1 and args.database != "postgresql":
        parser.error("several processes share their state through --database postgresql")
    if args.interactions and args.database != "postgresql":
        parser.error("interactions processes share their state through --database postgresql")
    if args.workers and args.database != "postgresql":
        parser.error("worker processes take their jobs from --database postgresql")
    if args.worker_jobs is not None:
        parser.error("--worker-jobs is for --throughput (else set PUBLISH_WORKERS)")
    tables_runs = [50, 200] if args.tables is None else args.tables
    for number, tables in enumerate(tables_runs):
        if number:
            print()
        load = Load(args.plays, args.think, args.switch, args.burst)
        asyncio.run(
            run(
                tables,
                load,
                args.seed,
                args.database,
                args.processes,
                args.workers,
                args.global_limit,
                args.interactions,
            )
        )
    if args.closed_dms:
        if tables_runs:
            print()
        asyncio.run(closed_dm_calls(args.closed_dms))
    if args.budget:
        print()
        budget_report(args.budget, args.global_limit)


if __name__ == "__main__":
    main()
