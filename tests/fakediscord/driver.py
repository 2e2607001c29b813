"""``FakeDiscord``: start the fake server and act as Discord users in end-to-end tests.

Typical use::

    async with FakeDiscord() as discord:
        guild = discord.add_guild("Domino Club")
        table = guild.add_text_channel("tables")
        alice = discord.add_user("alice")
        bot = await start_bot(discord.env())          # the real bot, as a subprocess
        await discord.wait_until_bot_ready()
        record = await discord.slash(alice, table, "network new", target=10, seats=3)
        callback = await record.response()
        message = await discord.wait_for_message(table, lambda m: "Join" in m.text)
        await discord.click(alice, message, message.button(label="Join"))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import web

from .bodies import Upload
from .commands import CHAT_INPUT, build_invocation
from .components import STRING_SELECT, Button, Select
from .errors import ComponentNotFound, FakeDiscordError, InvalidInteraction
from .gateway import Gateway, GatewaySession
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    WorldResolver,
    new_record,
)
from .models import (
    Channel,
    DMChannel,
    Guild,
    Message,
    RegisteredCommand,
    RequestRecord,
    User,
)
from .permissions import Perm, has
from .rest import RestApi
from .state import PRIVILEGED_INTENTS, Settings, World

HOST = "127.0.0.1"
T = TypeVar("T")


class _Default:
    def __repr__(self) -> str:
        return "<first guild>"


FIRST_GUILD: Any = _Default()


class FakeDiscord:
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
        await runner.cleanup()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
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
        """DISCORD_TOKEN / DISCORD_API_BASE / DISCORD_GATEWAY_URL for a bot subprocess."""
        return {
            "DISCORD_TOKEN": self.bot_token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # -- world building -----------------------------------------------------------

    def add_guild(self, name: str) -> Guild:
        """A guild the bot is in (with an owner, @everyone and the bot's managed role)."""
        return self.world.add_guild(name)

    def add_user(
        self,
        name: str,
        *,
        guild: Guild | None = FIRST_GUILD,
        dms_closed: bool = False,
        manage_guild: bool = False,
    ) -> User:
        """A user who joins ``guild`` (default: the first guild added; None: no guild).

        ``dms_closed`` makes DMs to the user fail (403, code 50007); ``manage_guild``
        gives them a role with the Manage Server permission.
        """
        if guild is FIRST_GUILD:
            guild = next(iter(self.world.guilds.values()), None)
        guilds = [] if guild is None else [guild]
        return self.world.add_user(
            name, guilds=guilds, dms_closed=dms_closed, manage_guild=manage_guild
        )

    @property
    def guilds(self) -> list[Guild]:
        return list(self.world.guilds.values())

    @property
    def users(self) -> list[User]:
        return list(self.world.users.values())

    def dm_channel(self, user: User) -> DMChannel:
        """The DM channel between the bot and ``user`` (created if needed)."""
        return self.world.dm_channel(user)

    def dm_messages(self, user: User) -> list[Message]:
        """Live messages in the bot's DM with ``user`` (empty if there is no DM channel)."""
        channel = self.world.dm_channels.get(user.id)
        return [] if channel is None else channel.messages

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
            return next(
                (s for s in reversed(self.gateway.sessions) if s.ready and s.connected), None
            )

        return await self.world.notifier.wait_for(check, timeout, self._readiness_report)

    def _readiness_report(self) -> str:
        recent = [f"{r.method} {r.path} -> {r.status}" for r in self.world.requests[-5:]]
        return (
            f"the bot to be ready (sessions={self.gateway.describe_sessions()}, "
            f"ready_count={self.gateway.ready_count}, "
            f"command syncs={self.world.commands.sync_count}, recent requests={recent}, "
            f"server errors={len(self.world.server_errors)})"
        )

    def disconnect_bot(self, code: int = 4000) -> int:
        """Drop every gateway connection; discord.py reconnects and RESUMEs."""
        return self.gateway.close_connections(code)

    def request_reconnect(self) -> int:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        return self.gateway.send_reconnect()

    # -- acting as users ----------------------------------------------------------

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionRecord:
        """Invoke ``/command`` (``"group sub"`` paths allowed) with typed options.

        Options are checked against what the bot registered: unknown or missing required
        options, wrong types, values outside choices or min/max all raise
        ``InvalidInteraction``; an unregistered command raises ``CommandNotRegistered``.
        Use ``options={"hyphen-name": 1}`` for names that are not Python identifiers.
        User/channel/role options take fake ``User``/``TextChannel``/``Role`` objects;
        attachment options take ``(filename, bytes)``.
        """
        return await self._command(APPLICATION_COMMAND, user, channel, command, options, values)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        *,
        focused: str,
        value: str,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionRecord:
        """Send an autocomplete request as if ``user`` typed ``value`` into ``focused``."""
        merged = {**(options or {}), **values, focused: value}
        return await self._command(AUTOCOMPLETE, user, channel, command, merged, {}, focused)

    async def _command(
        self,
        kind: int,
        user: User,
        channel: Channel,
        path: str,
        options: Mapping[str, Any] | None,
        values: Mapping[str, Any],
        focused: str | None = None,
    ) -> InteractionRecord:
        self._check_channel_access(user, channel)
        guild = channel.guild
        invocation = build_invocation(
            self.world.commands,
            path,
            None if guild is None else guild.id,
            {**(options or {}), **values},
            WorldResolver(self.world, channel),
            focused=focused,
        )
        self._check_command_allowed(invocation.command, user, channel)
        record = new_record(
            self.world,
            type=kind,
            user=user,
            channel=channel,
            data=invocation.data(),
            command=invocation.command,
            command_path=invocation.path,
        )
        await self.gateway.dispatch_interaction(record)
        return record

    async def click(self, user: User, message: Message, button: str | Button) -> InteractionRecord:
        """Click a button (by ``custom_id`` or a ``Button`` from ``message.button(...)``)."""
        self._check_message_access(user, message)
        custom_id = button.custom_id if isinstance(button, Button) else button
        current = next((b for b in message.buttons if b.custom_id == custom_id), None)
        if current is None or custom_id is None:
            raise ComponentNotFound(
                f"message {message.id} has no button with custom_id {custom_id!r} (link buttons "
                f"have none); buttons: {[(b.label, b.custom_id) for b in message.buttons]}"
            )
        if current.disabled:
            raise InvalidInteraction(f"button {current.label!r} ({custom_id}) is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if current.id is not None:
            data["id"] = current.id
        return await self._component(user, message, custom_id, data)

    async def select(
        self,
        user: User,
        message: Message,
        select: str | Select,
        values: Sequence[Any],
    ) -> InteractionRecord:
        """Choose ``values`` in a select menu (string values or labels; entities for
        user/role/channel selects)."""
        self._check_message_access(user, message)
        custom_id = select.custom_id if isinstance(select, Select) else select
        current = message.select(custom_id=custom_id)
        if current.disabled:
            raise InvalidInteraction(f"select {custom_id!r} is disabled")
        if not current.min_values <= len(values) <= current.max_values:
            raise InvalidInteraction(
                f"select {custom_id!r} takes {current.min_values}..{current.max_values} "
                f"values, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": current.type}
        if current.id is not None:
            data["id"] = current.id
        if current.type == STRING_SELECT:
            data["values"] = [self._option_value(current, value) for value in values]
        else:
            resolved: dict[str, Any] = {}
            resolver = WorldResolver(self.world, message.channel)
            option_type = {5: 6, 6: 8, 7: 9, 8: 7}[current.type]
            option = {"name": custom_id, "type": option_type}
            data["values"] = [resolver.resolve(option, value, resolved) for value in values]
            data["resolved"] = resolved
        return await self._component(user, message, custom_id, data)

    @staticmethod
    def _option_value(select: Select, value: Any) -> str:
        for option in select.options:
            if value == option.value:
                return option.value
        for option in select.options:
            if value == option.label:
                return option.value
        raise InvalidInteraction(
            f"{value!r} is not an option of select {select.custom_id!r}: "
            f"{[(o.label, o.value) for o in select.options]}"
        )

    async def _component(
        self, user: User, message: Message, custom_id: str, data: dict[str, Any]
    ) -> InteractionRecord:
        record = new_record(
            self.world,
            type=MESSAGE_COMPONENT,
            user=user,
            channel=message.channel,
            data=data,
            custom_id=custom_id,
            source_message=message,
        )
        await self.gateway.dispatch_interaction(record)
        return record

    async def submit_modal(
        self, user: User, opened_by: InteractionRecord, values: Mapping[str, Any]
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened_by`` (text by custom_id)."""
        modal = opened_by.modal
        if modal is None:
            raise InvalidInteraction(f"{opened_by.describe()} was not answered with a modal")
        known = {field.custom_id for field in modal.text_inputs} | {
            select.custom_id for select in modal.selects
        }
        unknown_ids = set(values) - known
        if unknown_ids:
            raise InvalidInteraction(f"modal {modal.custom_id!r} has no fields {unknown_ids}")
        for field in modal.text_inputs:
            text = str(values.get(field.custom_id, field.value or ""))
            if field.required and not text:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is required")
            if field.max_length is not None and len(text) > field.max_length:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is too long")
            if text and field.min_length is not None and len(text) < field.min_length:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is too short")
        data = {"custom_id": modal.custom_id, "components": _submitted(modal.components, values)}
        record = new_record(
            self.world,
            type=MODAL_SUBMIT,
            user=user,
            channel=opened_by.channel,
            data=data,
            custom_id=modal.custom_id,
            source_message=opened_by.source_message,
        )
        await self.gateway.dispatch_interaction(record)
        return record

    async def say(
        self,
        user: User,
        channel: Channel,
        content: str,
        *,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> Message:
        """Post a message as ``user`` (dispatches MESSAGE_CREATE, for text-command bots)."""
        self._check_channel_access(user, channel)
        uploads = [
            Upload(index=i, filename=name, data=data) for i, (name, data) in enumerate(files)
        ]
        return self.world.create_message(channel, user, {"content": content}, uploads)

    def _check_channel_access(self, user: User, channel: Channel) -> None:
        if isinstance(channel, DMChannel):
            if channel.recipient is not user:
                raise InvalidInteraction(
                    f"{user.name} cannot use the DM of {channel.recipient.name}"
                )
            return
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise InvalidInteraction(f"{user.name} is not a member of {guild.name}")

    def _check_message_access(self, user: User, message: Message) -> None:
        if message.deleted:
            raise InvalidInteraction(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to is not user:
            raise InvalidInteraction(f"{user.name} cannot see ephemeral message {message.id}")
        self._check_channel_access(user, message.channel)

    def _check_command_allowed(
        self, command: RegisteredCommand, user: User, channel: Channel
    ) -> None:
        if command.type != CHAT_INPUT:
            raise InvalidInteraction(f"/{command.name} is not a slash command")
        guild = channel.guild
        contexts = command.contexts
        if guild is None:
            if not command.usable_in_dms:
                raise InvalidInteraction(f"/{command.name} is not available in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise InvalidInteraction(f"/{command.name} is not available in guilds")
        required = command.default_member_permissions
        if required is None:
            return
        permissions = guild.members[user.id].permissions
        allowed = (
            has(permissions, Perm.ADMINISTRATOR) if required == 0 else has(permissions, required)
        )
        if not allowed:
            raise InvalidInteraction(
                f"{user.name} lacks permissions {required} for /{command.name}; "
                "Discord hides the command from them"
            )

    # -- inspecting results -------------------------------------------------------

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.world.interactions.values())

    @property
    def requests(self) -> list[RequestRecord]:
        """Every REST call the bot made, in order (``len()`` is a handy mark)."""
        return self.world.requests

    @property
    def unknown_requests(self) -> list[RequestRecord]:
        """Calls to routes the fake does not implement (answered with 404)."""
        return [r for r in self.world.requests if r.unknown]

    @property
    def server_errors(self) -> list[str]:
        """Tracebacks of fake-server bugs (answered with 500); should stay empty."""
        return self.world.server_errors

    def count_requests(
        self, method: str | None = None, route: str | None = None, *, since: int = 0
    ) -> int:
        """Count REST calls, e.g. ``count_requests("POST", "/channels/{channel_id}/messages")``."""
        return len(self.requests_matching(method, route, since=since))

    def requests_matching(
        self, method: str | None = None, route: str | None = None, *, since: int = 0
    ) -> list[RequestRecord]:
        return [
            r
            for r in self.world.requests[since:]
            if (method is None or r.method == method) and (route is None or r.route == route)
        ]

    async def wait_until(
        self, check: Callable[[], T | None], *, timeout: float = 5.0, what: str = "a condition"
    ) -> T:
        """Wait for ``check()`` to return something truthy (re-checked on every change)."""
        return await self.world.notifier.wait_for(check, timeout, what)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,
        after: Message | None = None,
    ) -> Message:
        """The first live message in ``channel`` (newer than ``after``) matching ``predicate``."""

        def check() -> Message | None:
            return _first(channel.messages, predicate, after)

        return await self.world.notifier.wait_for(
            check, timeout, lambda: f"a message in {channel!r}; messages: {channel.messages[-5:]}"
        )

    async def wait_for_dm(
        self,
        user: User,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,
        after: Message | None = None,
    ) -> Message:
        """The first DM from the bot to ``user`` (newer than ``after``) matching ``predicate``."""

        def check() -> Message | None:
            return _first(self.dm_messages(user), predicate, after)

        return await self.world.notifier.wait_for(
            check, timeout, lambda: f"a DM to {user.name}; DMs: {self.dm_messages(user)[-5:]}"
        )

    async def wait_for_edit(
        self,
        message: Message,
        predicate: Callable[[Message], bool] | None = None,
        *,
        min_edits: int = 1,
        timeout: float = 5.0,
    ) -> Message:
        """Wait until ``message`` has at least ``min_edits`` edits and matches ``predicate``."""

        def check() -> Message | None:
            if message.edit_count < min_edits or (predicate and not predicate(message)):
                return None
            return message

        return await self.world.notifier.wait_for(
            check, timeout, lambda: f"{min_edits} edit(s) of {message!r}"
        )

    async def wait_for_request(
        self,
        method: str | None = None,
        route: str | None = None,
        predicate: Callable[[RequestRecord], bool] | None = None,
        *,
        since: int = 0,
        timeout: float = 5.0,
    ) -> RequestRecord:
        """The first finished REST call (from index ``since``) matching the filters."""

        def check() -> RequestRecord | None:
            for record in self.requests_matching(method, route, since=since):
                if record.status and (predicate is None or predicate(record)):
                    return record
            return None

        return await self.world.notifier.wait_for(
            check, timeout, f"a {method or 'any'} request to {route or 'any route'}"
        )


def _first(
    messages: list[Message], predicate: Callable[[Message], bool] | None, after: Message | None
) -> Message | None:
    for message in messages:
        if after is not None and message.id <= after.id:
            continue
        if predicate is None or predicate(message):
            return message
    return None


def _submitted(components: list[dict[str, Any]], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Mirror a modal's layout the way Discord reports submitted values."""
    result: list[dict[str, Any]] = []
    for component in components:
        kind = component.get("type")
        base = {"type": kind}
        if component.get("id") is not None:
            base["id"] = component["id"]
        if kind == 1:
            result.append(
                {**base, "components": _submitted(component.get("components") or [], values)}
            )
        elif kind == 18:
            inner = component.get("component")
            result.append({**base, "component": _submitted([inner], values)[0] if inner else None})
        elif kind == 4:
            custom_id = component.get("custom_id")
            text = values.get(str(custom_id), component.get("value") or "")
            result.append({**base, "custom_id": custom_id, "value": str(text)})
        elif kind in (3, 5, 6, 7, 8):
            custom_id = component.get("custom_id")
            chosen = values.get(str(custom_id), [])
            result.append({**base, "custom_id": custom_id, "values": [str(v) for v in chosen]})
        else:
            result.append(base)
    return result
