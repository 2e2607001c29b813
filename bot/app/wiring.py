"""One bot's parts wired into a discord.py client — store, service, publisher, job queue,
timers, handlers, slash commands and controls — so the gateway bot and the interactions
endpoint run the very same handlers for every command, button and menu."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from datetime import timedelta
from typing import Any, Final

import discord
from discord.ext import commands

from bot.app.claims import InteractionClaims
from bot.app.clock import bot_clock
from bot.app.observe import Observer, count_interaction
from bot.app.settings import Settings
from bot.app.stopping import jobs_grace
from bot.app.surfaces import surfaces, web_links
from bot.app.web import WebServer
from bot.discord.cogs.games import family_group
from bot.discord.cogs.league import LeagueCog
from bot.discord.cogs.tables import TablesCog
from bot.discord.cogs.tournaments import tournament_group
from bot.discord.command_words import CommandWords
from bot.discord.handlers import Handlers
from bot.discord.tournament_posts import TablePlaces, TournamentPosts
from bot.games import ADAPTERS
from bot.publishing import pictures
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.jobs.choice import open_queue
from bot.publishing.jobs.waiting import waiting_jobs
from bot.publishing.publisher import Publisher
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timers import DEFAULT_RECHECK_SECONDS, TableTimers
from bot.tournaments.deadlines import SignupDeadlines
from bot.tournaments.service import TournamentService
from bot.views.components import DYNAMIC_ITEMS
from bot.views.surfaces import offer

log = logging.getLogger(__name__)

TEST_CLOCK_RECHECK: Final = 0.5
"""How often timers look at a test's clock (CLOCK_FILE), which may jump by days."""


def deal_seeds(fixed: int | None) -> Callable[[], int]:
    """Where new tables get their seed: random, or the configured one (DEAL_SEED)."""
    if fixed is None:
        return lambda: secrets.randbits(63)
    return lambda: fixed


async def _count(interaction: discord.Interaction[Any]) -> None:
    """Count an interaction received, by kind (for ``/metrics``)."""
    count_interaction(interaction.type.name, interaction.data)


class Wiring:
    """Opens a bot's parts on ``client`` (logged in to Discord's HTTP API) and closes
    them again. ``ready`` is awaited before a turn timer acts (the gateway bot: until
    it is connected); ``live`` says whether the process can be sent interactions now
    (``/health``, served with ``/metrics`` when METRICS_PORT is set). ``restores``: whether
    it resumes the tables it serves at start (timers re-armed, tables shown again): the
    gateway bot does; an interactions process, one of many behind a load balancer, does
    not, or every table would be shown again once per process."""

    def __init__(
        self,
        client: commands.Bot | commands.AutoShardedBot,
        settings: Settings,
        ready: Callable[[], Awaitable[Any]],
        live: Callable[[], bool],
        *,
        restores: bool = True,
    ) -> None:
        self._client, self._settings = client, settings
        self._ready, self._live, self._restores = ready, live, restores
        self._observer: Observer | None = None
        self._store: Store | None = None
        self._timers: TableTimers | None = None
        self._deadlines: SignupDeadlines | None = None
        self._tournaments: TournamentService | None = None
        self._painters: Executor | None = None
        self._queue: JobQueue | None = None
        self._claims: InteractionClaims | None = None
        self._web: WebServer | None = None

    @property
    def claims(self) -> InteractionClaims:
        """Where each interaction is claimed before it is handled (once the parts are open)."""
        if self._claims is None:
            raise RuntimeError("the bot's parts are not open")
        return self._claims

    async def open(self) -> Handlers:
        """Open the store and the job queue, register the slash commands and the
        controls on the client, start publishing and re-arm the tables' timers."""
        client, settings = self._client, self._settings
        self._painters = pictures.use_processes(settings.render_processes)
        if self._painters is not None:
            self._painters.submit(int)  # start the workers now, not at the first picture
        clock = bot_clock(settings.clock_file)
        self._store = store = await Store.open(settings.database, clock=clock)
        self._claims = claims = InteractionClaims(store)
        claims.guard(client._connection.parsers)  # over HTTP the endpoint claims first
        service = TableService(
            store,
            clock=clock,
            lobby_timeout=timedelta(seconds=settings.lobby_timeout_seconds),
            new_seed=deal_seeds(settings.deal_seed),
        )
        delivery = Delivery(client)
        retry = timedelta(seconds=settings.job_retry_seconds)
        self._queue = queue = await open_queue(store, retry_after=retry)
        # On PostgreSQL, computer seats move in publish jobs, not where a play arrived.
        thinker = None if queue.in_process else service
        publisher = Publisher(client, store, delivery, queue, thinker)
        recheck = TEST_CLOCK_RECHECK if settings.clock_file else DEFAULT_RECHECK_SECONDS
        self._timers = timers = TableTimers(
            self._turn_expired,
            self._lobby_expired,
            self._turn_reminder,
            clock=clock,
            recheck=recheck,
        )
        links = web_links(settings)
        offered = surfaces(settings)
        offer(offered)  # the buttons this process's messages carry
        self.handlers = handlers = Handlers(
            service,
            publisher,
            queue,
            timers,
            delivery,
            settings.owns_guild,
            web=links,
            activity=offered.activity,
        )
        tournaments = TournamentService(store, service, TablePlaces(client).open, clock=clock)
        handlers.tournaments = self._tournaments = tournaments
        posts = TournamentPosts(client, tournaments, delivery, timers)
        tournaments.on_change(posts.tell)
        self._deadlines = deadlines = SignupDeadlines(
            store, self._deadline_passed(posts), clock=clock, recheck=recheck
        )
        handlers.on_signup = deadlines.track
        client.add_dynamic_items(*DYNAMIC_ITEMS)
        await client.tree.set_translator(CommandWords())  # every command in four languages
        for adapter in ADAPTERS.values():
            client.tree.add_command(family_group(adapter, handlers, settings.turn_seconds))
        await client.add_cog(LeagueCog(store, clock))
        await client.add_cog(TablesCog(handlers))
        client.tree.add_command(tournament_group(handlers, settings.turn_seconds))
        workers = settings.publish_concurrency
        if queue.in_process:
            workers = max(1, workers)  # the only process: it must publish
        standby = None if queue.in_process else settings.publish_standby
        await queue.start(publisher.run, workers, standby)  # Discord's HTTP API is ready
        if settings.metrics_port is not None:
            waiting = lambda: waiting_jobs(queue, store)  # noqa: E731
            self._observer = Observer(self._live, store.schema_version, waiting)
            await self._observer.start(settings.metrics_host, settings.metrics_port)
        client.add_listener(_count, "on_interaction")
        if settings.web_port is not None:
            assert links is not None  # the settings require WEB_SECRET with WEB_PORT
            self._web = WebServer.over(
                settings,
                links,
                store,
                service,
                in_process=queue.in_process,
                settle=handlers.settle,
                application_id=lambda: client.application_id,
            )
            await self._web.start(settings.web_host, settings.web_port)
        if self._restores:
            await handlers.restore()
            await tournaments.resume_running()  # a round that ended while none ran
            await deadlines.restore()
        return handlers

    def _deadline_passed(self, posts: TournamentPosts) -> Callable[[int], Awaitable[None]]:
        async def passed(tournament_id: int) -> None:
            await self._ready()
            await posts.deadline_passed(tournament_id)

        return passed

    async def _turn_expired(self, table_id: int, turn: int) -> None:
        await self._ready()
        await self.handlers.turn_expired(table_id, turn)

    async def _turn_reminder(self, table_id: int, turn: int) -> None:
        await self._ready()
        await self.handlers.turn_reminder(table_id, turn)

    async def _lobby_expired(self, table_id: int) -> None:
        await self.handlers.expire_lobby(table_id)

    async def stop(self) -> None:
        """Stop the timers, the interaction claims and the job queue (before the client
        closes: the jobs under way finish, or are handed back, within the queue's grace)."""
        timers, self._timers = self._timers, None
        tournaments, self._tournaments = self._tournaments, None
        if tournaments is not None:  # a restart tells the rest
            await tournaments.stop_telling()
        deadlines, self._deadlines = self._deadlines, None
        if deadlines is not None:
            await deadlines.close()
        queue, self._queue = self._queue, None
        web, self._web = self._web, None
        if web is not None:  # its pages reconnect to another process
            await web.close()
        observer, self._observer = self._observer, None
        if timers is not None:
            await timers.close()
        if self._claims is not None:
            await self._claims.close()
        if queue is not None:
            await queue.close(jobs_grace())
        if observer is not None:
            await observer.close()

    async def close(self) -> None:
        """End the drawing processes and close the store (after the client closed)."""
        painters, self._painters = self._painters, None
        store, self._store = self._store, None
        await pictures.stop_processes(painters)
        if store is not None:
            await store.close()
