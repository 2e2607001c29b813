"""``FakeDiscord``: start the fake server and act as Discord users in end-to-end tests.

Typical use::

    async with FakeDiscord() as discord:
        guild = discord.add_guild("Domino Club")
        table = guild.add_text_channel("tables")
        alice = discord.add_user("alice")
        bot = BotProcess.for_module(discord, tmp_path / "bot.log", "bot")  # python -m bot
        await bot.start()
        await discord.wait_until_bot_ready()
        record = await discord.slash(alice, table, "network new", target=10, seats=3)
        callback = await record.response()
        message = await discord.wait_for_message(table, lambda m: "Join" in m.text)
        await discord.click(alice, message, message.button(label="Join"))
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from aiohttp import web

from .actions import UserActions
from .endpoints import EndpointDelivery
from .errors import FakeDiscordError, WaitTimeout
from .gateway import Gateway, GatewaySession, shard_of
from .inspection import Inspection
from .interactions import InteractionRecord
from .lifecycle import Started
from .models import DMChannel, GroupDMChannel, Guild, PrivateDMChannel, RegisteredCommand, User
from .permissions import bot_denials
from .rest import RestApi
from .state import PRIVILEGED_INTENTS, Settings, World
from .threads import Thread

HOST = "127.0.0.1"


class _Default:
    def __repr__(self) -> str:
        return "<first guild>"


FIRST_GUILD: Any = _Default()


class FakeDiscord(UserActions, Inspection, Started):
    """A Discord-compatible REST + gateway server on 127.0.0.1, plus a test driver.

    Point discord.py at it with ``discord.http.Route.BASE = fake.api_base`` and
    ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)``
    (``fake.env()`` gives the matching environment variables for a bot subprocess).
    """

    def __init__(
        self,
        *,
        port: int = 0,
        bot_name: str = "Domino Tables",
        callback_window: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41_250,
        shard_count: int = 1,
        privileged_intents: int = PRIVILEGED_INTENTS,
        resume_window: float = 60.0,
    ) -> None:
        settings = Settings(
            callback_window=callback_window,
            token_lifetime=token_lifetime,
            heartbeat_interval_ms=heartbeat_interval_ms,
            shard_count=shard_count,
            privileged_intents=privileged_intents,
            resume_window=resume_window,
        )
        self.world = World(bot_name=bot_name, settings=settings)
        self.gateway = Gateway(self.world)
        self.endpoints = EndpointDelivery(self.world)
        self._requested_port = port
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ----------------------------------------------------------------

    async def start(self) -> None:
        """Listen on 127.0.0.1 (port 0 picks a free port; see ``port``)."""
        if self._runner is not None:
            raise FakeDiscordError("FakeDiscord is already running")
        app = web.Application(client_max_size=64 * 1024 * 1024)
        rest = RestApi(self.world, self.gateway)
        self.gateway.install(app)
        rest.install(app)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, HOST, self._requested_port)
        await site.start()
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        self.world.public_base = self.base_url
        self.gateway.url = f"ws://{HOST}:{self.port}/gateway"
        self.gateway.resume_url = f"ws://{HOST}:{self.port}/gateway/resume"

    async def stop(self) -> None:
        """Close bot connections and stop listening."""
        runner, self._runner = self._runner, None
        if runner is None:
            return
        await self.gateway.shutdown()
        await self.endpoints.close()
        await runner.cleanup()

    async def close(self) -> None:
        """The same as :meth:`stop` (what leaving ``async with`` does)."""
        await self.stop()

    # -- configuration for the bot --------------------------------------------------

    @property
    def settings(self) -> Settings:
        """Live knobs, e.g. ``settings.callback_window`` (seconds to the first callback)."""
        return self.world.settings

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (also what GET /gateway/bot says)."""
        return self.gateway.url

    @property
    def resume_gateway_url(self) -> str:
        """What READY advertises as ``resume_gateway_url`` (a distinct path, same server)."""
        return self.gateway.resume_url

    @property
    def bot_token(self) -> str:
        """The only token accepted (401 on REST, close code 4004 on the gateway otherwise)."""
        return self.world.bot_token

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def env(self) -> dict[str, str]:
        """DISCORD_TOKEN / DISCORD_API_BASE / DISCORD_GATEWAY_URL for a bot subprocess,
        and DISCORD_PUBLIC_KEY, the key the interactions POSTed to endpoints are signed
        with."""
        return {
            "DISCORD_TOKEN": self.bot_token,
            "DISCORD_PUBLIC_KEY": self.endpoints.public_key,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # -- world building -----------------------------------------------------------

    def add_guild(
        self,
        name: str,
        *,
        locale: str = "en-US",
        create_threads: bool = True,
        send_in_threads: bool = True,
        manage_threads: bool = True,
    ) -> Guild:
        """A guild the bot is in (with an owner, @everyone and the bot's managed role),
        whose primary language is ``locale``. A false knob takes that permission from
        @everyone and the bot's role: Create Public and Private Threads, Send Messages
        in Threads, Manage Threads (``add_text_channel`` has the same knobs for one
        channel, and one for Send Messages)."""
        denied = bot_denials(
            create_threads=create_threads,
            send_in_threads=send_in_threads,
            manage_threads=manage_threads,
        )
        guild = self.world.add_guild(name, bot_denied=denied)
        guild.preferred_locale = locale
        return guild

    def add_guild_on_shard(self, name: str, shard: int) -> Guild:
        """A guild whose events go to ``shard`` (of ``shard_count``). Guild ids are
        time-based, so guilds that land on other shards are added too, and kept."""
        count = self.world.settings.shard_count
        if not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not below shard_count {count}")
        for number in itertools.count(1):
            guild = self.add_guild(name if number == 1 else f"{name} {number}")
            if shard_of(guild.id, count) == shard:
                return guild
        raise AssertionError("unreachable")

    def add_user(
        self,
        name: str,
        *,
        guild: Guild | None = FIRST_GUILD,
        dms_closed: bool = False,
        manage_guild: bool = False,
        locale: str = "en-US",
    ) -> User:
        """A user who joins ``guild`` (default: the first guild added; None: no guild).

        ``dms_closed`` makes DMs to the user fail (403, code 50007); ``manage_guild``
        gives them a role with the Manage Server permission; ``locale`` is the language
        their Discord is set to (each interaction of theirs carries it).
        """
        if guild is FIRST_GUILD:
            guild = next(iter(self.world.guilds.values()), None)
        guilds = [] if guild is None else [guild]
        user = self.world.add_user(
            name, guilds=guilds, dms_closed=dms_closed, manage_guild=manage_guild
        )
        user.locale = locale
        return user

    @property
    def guilds(self) -> list[Guild]:
        return list(self.world.guilds.values())

    @property
    def users(self) -> list[User]:
        return list(self.world.users.values())

    def dm_channel(self, user: User) -> DMChannel:
        """The DM channel between the bot and ``user`` (created if needed)."""
        return self.world.dm_channel(user)

    def thread(self, thread_id: int) -> Thread:
        """The thread with this id (``channel.threads`` lists a channel's threads)."""
        channel = self.world.channels.get(thread_id)
        if not isinstance(channel, Thread):
            raise KeyError(f"no thread has id {thread_id}")
        return channel

    # -- user installs and private channels -----------------------------------------

    def install_for_user(self, user: User) -> None:
        """``user`` adds the app to their account (a user install): commands declared
        for user installs (``integration_types`` with 1) follow them everywhere,
        including group DMs and DMs with friends when ``contexts`` has 2."""
        user.installed_app = True
        self.world.changed()

    def add_group_dm(self, *users: User, name: str | None = None) -> GroupDMChannel:
        """A group DM of ``users`` (the first owns it) that the bot is not a member of:
        the bot's own calls there get 403 Missing Access; interactions still work."""
        return self.world.add_group_dm(users, name)

    def private_dm(self, first: User, second: User) -> PrivateDMChannel:
        """The DM between two users (not the bot): for the app, like a group DM."""
        return self.world.private_dm(first, second)

    # -- the interaction-token clock -------------------------------------------------

    def advance_clock(self, seconds: float) -> float:
        """Age every interaction token by ``seconds`` (tokens live 15 minutes; a
        follow-up or edit with an older one gets 401/50027); returns the new offset.
        Callback windows (3 s) stay on real time."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self.world.clock_offset += seconds
        self.world.changed()
        return self.world.clock_offset

    @property
    def clock_offset(self) -> float:
        """Seconds the token clock was moved forward so far."""
        return self.world.clock_offset

    # -- Activities and OAuth2 ----------------------------------------------------

    def enable_activities(self) -> None:
        """Enable Activities for the application, as its developer portal does: the
        default Entry Point command ``launch`` appears, callback type 12 is accepted."""
        self.world.enable_activities()

    @property
    def activity_launches(self) -> list[InteractionRecord]:
        """Interactions the bot answered by launching the Activity (type 12)."""
        return list(self.world.activity_launches)

    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret (DISCORD_CLIENT_SECRET)."""
        return self.world.oauth.client_secret

    def issue_oauth_code(self, user: User) -> str:
        """The code the Discord client hands an Activity once ``user`` authorized it
        (``identify``): one use at ``POST /api/v10/oauth2/token``."""
        return self.world.issue_oauth_code(user.id)

    # -- bot state ----------------------------------------------------------------

    @property
    def sessions(self) -> list[GatewaySession]:
        """Every gateway session so far (``intents``, ``shard``, ``connected``, ...)."""
        return list(self.gateway.sessions)

    @property
    def ready_count(self) -> int:
        """How many sessions have received READY and their GUILD_CREATEs."""
        return self.gateway.ready_count

    def commands(self, guild: Guild | None = None) -> list[RegisteredCommand]:
        """Commands the bot registered globally (or for ``guild``)."""
        return self.world.commands.scoped(None if guild is None else guild.id)

    def command(self, name: str, guild: Guild | None = None) -> RegisteredCommand:
        command = self.world.commands.find(name, None if guild is None else guild.id)
        if command is None:
            raise KeyError(f"the bot did not register /{name}")
        return command

    async def wait_until_bot_ready(
        self, timeout: float = 10.0, *, after: int = 0
    ) -> GatewaySession:
        """Wait until a bot session is ready and the bot has synced its commands.

        Ready means READY and every GUILD_CREATE were written to a connected session,
        and at least one bulk command overwrite (PUT) happened. After restarting a bot,
        pass ``after=<ready_count before the restart>`` to wait for the new session.
        """

        def check() -> GatewaySession | None:
            if self.gateway.ready_count <= after or self.world.commands.sync_count == 0:
                return None
            live = [s for s in self.gateway.sessions if s.ready and s.connected]
            if not live:
                return None
            shard_count = live[-1].shard[1]
            if {s.shard[0] for s in live if s.shard[1] == shard_count} != set(range(shard_count)):
                return None  # an AutoShardedClient is still bringing other shards up
            return live[-1]

        return await self.world.notifier.wait_for(check, timeout, self._readiness_report)

    def _readiness_report(self) -> str:
        recent = [f"{r.method} {r.path} -> {r.status}" for r in self.world.requests[-5:]]
        return (
            f"the bot to be ready (sessions={self.gateway.describe_sessions()}, "
            f"ready_count={self.gateway.ready_count}, "
            f"command syncs={self.world.commands.sync_count}, recent requests={recent}, "
            f"server errors={len(self.world.server_errors)})"
        )

    async def use_endpoints(self, *urls: str, timeout: float = 30.0) -> None:
        """Send interactions to these Interactions Endpoint URLs from now on (round-robin)
        instead of the gateway, once each answers a signed PING with a PONG, as the
        developer portal checks a URL before saving it. No URLs: the gateway again."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        for url in urls:
            while (answer := await self.endpoints.ping(url)) is None:
                if loop.time() > deadline:
                    raise WaitTimeout(f"{url} did not answer a PING within {timeout:.0f}s")
                await asyncio.sleep(0.1)
            if answer != {"type": 1}:
                raise FakeDiscordError(f"{url} answered a PING with {answer}, not a PONG")
        self.world.settings.interaction_endpoints = list(urls)

    def disconnect_bot(self, code: int = 4000) -> int:
        """Drop every gateway connection; discord.py reconnects and RESUMEs."""
        return self.gateway.close_connections(code)

    def request_reconnect(self) -> int:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        return self.gateway.send_reconnect()
