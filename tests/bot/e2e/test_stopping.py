"""A clean stop, end to end: SIGTERM (what ``docker stop`` sends a container's first
process) or Ctrl-C (SIGINT to the terminal's whole process group, the drawing processes
included) stops every process command — ``run``, ``worker``, ``interactions`` — with exit
status 0, no traceback and no leaked-semaphore warning, and leaves no drawing process
behind. A publish job under way is finished, or on PostgreSQL handed to another process,
which publishes it.

Each test waits :data:`EXIT_WAIT` for the exit (far more than the grace period, for a busy
machine) and fails if the process is still running then: it asserts that the process
exits by itself, not how fast.
"""

from __future__ import annotations

import signal
from pathlib import Path

from tests.bot.e2e.conftest import Club, two_player_table
from tests.bot.e2e.harness import start_bot, start_interactions
from tests.bot.e2e.test_workers import (
    EDIT_MESSAGE,
    all_published,
    eventually,
    next_move_with_table_edit_held,
    owner_of_port,
    process_env,
    start_workers,
    table_published_by_workers,
)
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord
from tests.processes import alive

EXIT_WAIT = 30.0
"""Seconds a test waits for a stopped process to exit before it fails."""


def children_of(process: BotProcess) -> set[int]:
    """The process's child processes now (its drawing processes, multiprocessing's
    resource tracker), read from /proc."""
    children: set[int] = set()
    for task in Path(f"/proc/{process.pid}/task").iterdir():
        with open(task / "children") as listing:
            children.update(int(pid) for pid in listing.read().split())
    return children


async def exit_status(process: BotProcess) -> int:
    """The process's exit status once it has exited by itself (else the test fails)."""
    try:
        return await process.wait(EXIT_WAIT)
    except TimeoutError:
        raise AssertionError(
            f"still running {EXIT_WAIT:.0f} s after the stop:\n{process.log()}"
        ) from None


async def assert_stopped_cleanly(process: BotProcess, children: set[int] = frozenset()) -> None:
    """Exit status 0 and a log without a traceback or a leaked-semaphore warning; every
    child process in ``children`` gone with it."""
    status = await exit_status(process)

    async def gone() -> bool:
        return not any(alive(pid) for pid in children)

    # After the children: the resource tracker, one of them, warns of leaks as it ends.
    await eventually(gone, f"the child processes {sorted(children)} to end", timeout=EXIT_WAIT)
    log = process.log()
    assert status == 0, log
    assert "Traceback" not in log, log
    assert "KeyboardInterrupt" not in log, log
    assert "leaked semaphore" not in log, log
    assert "stopped cleanly" in log, log


async def assert_sigterm_stops_cleanly(process: BotProcess) -> None:
    """SIGTERM the process: it and its child processes of now must stop cleanly."""
    children = children_of(process)
    process.signal(signal.SIGTERM)
    await assert_stopped_cleanly(process, children)


async def drawing_bot(club: Club, launcher: BotLauncher, *, own_group: bool = False) -> BotProcess:
    """``python -m bot`` on SQLite with a drawing process (the default), once it has
    drawn a table's pictures there."""
    fake = club.fake
    before = fake.ready_count
    process = await launcher.start(
        module="bot",
        extra_env={
            "DATABASE_PATH": str(club.db_path),
            "DEV_GUILD_ID": str(club.guild.id),
            "LOG_LEVEL": "INFO",
        },
        own_group=own_group,
    )
    await fake.wait_until_bot_ready(timeout=30, after=before)
    table = await two_player_table(club)
    await table.table_shows("hand 1")
    return process


async def test_sigterm_stops_the_bot_cleanly(club: Club, bot_launcher: BotLauncher) -> None:
    process = await drawing_bot(club, bot_launcher)
    children = children_of(process)
    assert children  # its drawing process, at least
    process.signal(signal.SIGTERM)
    await assert_stopped_cleanly(process, children)


async def test_sigterm_while_the_bot_connects_stops_it_cleanly(
    club: Club, bot_launcher: BotLauncher
) -> None:
    """Set up, its gateway connection being opened: the start goes no further."""
    process = await bot_launcher.start(
        module="bot",
        extra_env={"DATABASE_PATH": str(club.db_path), "DEV_GUILD_ID": str(club.guild.id)},
    )

    async def set_up() -> bool:
        assert process.running, process.log()
        return "setup done" in process.log()

    await eventually(set_up, "the bot to be set up")
    await assert_sigterm_stops_cleanly(process)


async def test_ctrl_c_stops_the_bot_and_its_drawing_processes_quietly(
    club: Club, bot_launcher: BotLauncher
) -> None:
    process = await drawing_bot(club, bot_launcher, own_group=True)
    children = children_of(process)
    process.signal_group(signal.SIGINT)  # the bot and its children, as Ctrl-C does
    await assert_stopped_cleanly(process, children)


async def test_sigterm_stops_a_worker_cleanly(
    fake_discord: FakeDiscord, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    guild = fake_discord.add_guild("Domino Club")
    env = process_env(postgres_url, guild, RENDER_PROCESSES="1")
    (worker,) = await start_workers(bot_launcher, env, count=1)
    await assert_sigterm_stops_cleanly(worker)


async def test_sigterm_stops_an_interactions_process_and_a_bot_on_postgresql_cleanly(
    club: Club, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    env = {"DATABASE_URL": postgres_url}
    bot = await start_bot(club.fake, bot_launcher, club.db_path, club.guild, **env)
    quiet = {**env, "DEV_GUILD_ID": str(club.guild.id), "PUBLISH_WORKERS": "0"}
    [(endpoint, _)] = await start_interactions(club.fake, bot_launcher, quiet, count=1)
    table = await two_player_table(club)  # served by the endpoint, published by the bot
    await table.table_shows("hand 1")
    assert club.fake.interactions and all(r.endpoint_status == 200 for r in club.fake.interactions)
    for process in (endpoint, bot):
        await assert_sigterm_stops_cleanly(process)


async def test_a_publish_job_under_way_at_sigterm_is_finished(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake = club.fake
    bot = await start_bot(fake, bot_launcher, club.db_path, club.guild)
    table = await two_player_table(club)
    # The move's publication is under way: its table message's edit is held.
    line = (await next_move_with_table_edit_held(table)).line
    bot.signal(signal.SIGTERM)

    async def stopping() -> bool:
        return "stopping" in bot.log()

    await eventually(stopping, "the bot to begin its stop")
    fake.settings.hold_edits.set()  # Discord answers: the job goes on to its end
    await assert_stopped_cleanly(bot)
    assert line in table.table().text


async def test_a_publish_job_under_way_at_sigterm_is_handed_to_another_worker(
    fake_discord: FakeDiscord, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    fake = fake_discord
    table, workers = await table_published_by_workers(fake, bot_launcher, postgres_url)
    await all_published(postgres_url)

    # The move's publication is under way in one worker, its table edit held for good.
    held = await next_move_with_table_edit_held(table)
    line, since = held.line, held.since
    taker = owner_of_port(held.edit.peer_port, workers)
    (other,) = [w for w in workers if w is not taker]
    taker.signal(signal.SIGTERM)
    await assert_stopped_cleanly(taker)  # it could not finish the job: it handed it back

    fake.settings.hold_edits.set()
    await table.table_shows(line, timeout=30)  # published by the other worker
    await all_published(postgres_url)
    edits = [
        r
        for r in fake.requests[since:]
        if r.method == "PATCH" and r.route == EDIT_MESSAGE and r.status == 200
    ]
    assert edits and {owner_of_port(r.peer_port, [other]) for r in edits} == {other}
    assert other.running
