"""``domino-tables worker``: a process that only runs publish jobs — drawing the pictures,
sending what moves changed, and letting computer seats reply — for a bot whose state is
in PostgreSQL.

It needs the bot's token and DATABASE_URL, and no gateway connection: jobs are taken from
the database, and Discord is reached over HTTP alone (a DM, a channel message, the edit of
an interaction's answer). Run as many as the load needs, on any machine that reaches the
database. Each stops cleanly on SIGTERM or Ctrl-C (``bot.app.stopping``): it hands its
partitions back to the others, each as soon as its jobs under way are done, and exits 0
within the grace period; the jobs of a worker killed mid-job are taken by the others,
with its partitions, within a few seconds.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import discord

from bot.app.command_ids import read_command_ids
from bot.app.observe import Observer
from bot.app.settings import DEFAULT_PUBLISH_WORKERS, Settings
from bot.app.stopping import jobs_grace, stop_requested, stopped_cleanly
from bot.app.surfaces import surfaces
from bot.metrics.calls import discord_trace
from bot.publishing import pictures
from bot.publishing.delivery import Delivery
from bot.publishing.jobs.choice import open_queue
from bot.publishing.jobs.waiting import waiting_jobs
from bot.publishing.publisher import Publisher
from bot.store import Store
from bot.tables.service import TableService
from bot.views.surfaces import offer

log = logging.getLogger(__name__)


async def run_worker(settings: Settings) -> None:
    """Take and run publish jobs until stopped."""
    stopping = stop_requested()
    painters = pictures.use_processes(settings.render_processes)
    client = discord.Client(intents=discord.Intents.none(), http_trace=discord_trace())
    try:
        await client.login(settings.discord_token.get_secret_value())
        await read_command_ids(client, settings.dev_guild_id)  # for the mentions it writes
        offer(surfaces(settings))  # the buttons the messages it publishes carry
        async with Store.open(settings.database) as store:
            queue = await open_queue(
                store, retry_after=timedelta(seconds=settings.job_retry_seconds)
            )
            service = TableService(store)  # computer seats move in the jobs, too
            publisher = Publisher(client, store, Delivery(client), queue, service)
            # A worker exists to take jobs: PUBLISH_WORKERS=0, meant for the shards when
            # they share its settings, means the default here.
            workers = settings.publish_workers or DEFAULT_PUBLISH_WORKERS
            await queue.start(publisher.run, workers)
            observer = None
            if settings.metrics_port is not None:
                # Connected: logged in (a worker has no gateway) and not closing.
                connected = lambda: client.user is not None and not client.is_closed()  # noqa: E731
                waiting = lambda: waiting_jobs(queue, store)  # noqa: E731
                observer = Observer(connected, store.schema_version, waiting)
                await observer.start(settings.metrics_host, settings.metrics_port)
            log.info("worker ready: %d publish jobs at once on %s", workers, settings.database_name)
            try:
                await stopping.wait()
            finally:
                await queue.close(jobs_grace())
                if observer is not None:
                    await observer.close()
    finally:
        await client.close()
        await pictures.stop_processes(painters)
    stopped_cleanly()
