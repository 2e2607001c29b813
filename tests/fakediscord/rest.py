"""The REST half of the fake: Discord's HTTP routes under ``/api/v{n}``.

Every call is logged as a ``RequestRecord`` (method, discord.py-style route template,
ids touched, status, Discord error code) so tests can assert on and count API traffic.
Routes that need the bot token check it; interaction callbacks and interaction webhooks
are authenticated by their token in the path, as on Discord.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import contextlib
import datetime as dt
import functools
import json
import math
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from . import payloads
from .bodies import Body, read_body
from .errors import ApiError, FormErrors, not_found_route, unauthorized, unknown
from .gateway import Gateway
from .interactions import InteractionRecord
from .models import Channel, DMChannel, Guild, Message, RequestRecord, User
from .oauth import OAuthError
from .responses import Responder
from .state import World
from .thread_routes import ThreadRoutes
from .validation import validate_edit, validate_message

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
H = TypeVar("H", bound=Callable[..., Any])
T = TypeVar("T")
API_PREFIX = "/api/v{version}"
NONCE_WINDOW = dt.timedelta(minutes=5)
ANSWER_TAKEN_WITHIN = 10.0
"""Seconds a call with an interaction's token waits for its endpoint POST's answer."""
"""How long Discord remembers an enforced nonce ("the past few minutes")."""
_CHANNEL_PATH = re.compile(r"^/api/v\d+/channels/(\d+)(?:/|$)")
_RECORD_KEY = web.RequestKey("fakediscord.record", RequestRecord)
_RECORDED_IDS = ("channel_id", "guild_id", "message_id")
"""The path ids a ``RequestRecord`` has a field for (tests find calls by them)."""


def public(handler: H) -> H:
    """Mark a route as not needing the bot token (token-in-path routes, /gateway)."""
    handler.public = True  # type: ignore[attr-defined]
    return handler


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json".
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json"
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def record_of(request: web.Request) -> RequestRecord:
    return request[_RECORD_KEY]


def _int(request: web.Request, key: str) -> int:
    return int(request.match_info[key])


def _query_int(request: web.Request, key: str, default: int) -> int:
    raw = request.query.get(key)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        errors = FormErrors()
        errors.add([key], "NUMBER_TYPE_COERCE", f'Value "{raw}" is not snowflake.')
        errors.raise_if_any()
        raise


def _peer_port(request: web.Request) -> int | None:
    peer = request.transport.get_extra_info("peername") if request.transport else None
    return int(peer[1]) if isinstance(peer, tuple) and len(peer) >= 2 else None


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true")


class GlobalLimit:
    """Discord's global rate limit: at most N counted requests in any second; beyond it a
    429 like Discord's (``global``: true, the seconds to wait, its headers, and the ``Via``
    header without which discord.py takes a 429 for a Cloudflare ban)."""

    def __init__(self) -> None:
        self._recent: collections.deque[float] = collections.deque()

    def refuse(self, record: RequestRecord, limit: int | None) -> web.Response | None:
        """None: let the call through (and count it); else the 429 to answer."""
        if limit is None or not record.global_limit:
            return None
        now = time.monotonic()
        while self._recent and now - self._recent[0] >= 1.0:
            self._recent.popleft()
        if len(self._recent) < limit:
            self._recent.append(now)
            return None
        retry_after = round(max(0.001, 1.0 - (now - self._recent[0])), 3)
        response = json_response(
            {"message": "You are being rate limited.", "retry_after": retry_after, "global": True},
            429,
        )
        response.headers.update(
            {
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
                "Retry-After": str(max(1, math.ceil(retry_after))),
                "Via": "1.1 google",
            }
        )
        return response


class RestApi:
    """Route handlers bound to one world."""

    json = staticmethod(json_response)
    no_content = staticmethod(no_content)
    record = staticmethod(record_of)

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway
        self.responder = Responder(world)
        self.threads = ThreadRoutes(self)
        self._global_limit = GlobalLimit()

    # -- app wiring ---------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        app.middlewares.append(self._middleware)
        message = "/channels/{channel_id:\\d+}/messages/{message_id:\\d+}"
        webhook = "/webhooks/{webhook_id:\\d+}/{webhook_token}"
        api: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("POST", "/oauth2/token", self.oauth_token),
            ("GET", "/users/@me/guilds", self.get_my_guilds),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id:\\d+}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            *self._command_routes(),
            ("GET", "/channels/{channel_id:\\d+}", self.get_channel),
            ("GET", "/channels/{channel_id:\\d+}/messages", self.list_messages),
            ("POST", "/channels/{channel_id:\\d+}/messages", self.post_message),
            ("GET", message, self.get_message),
            ("PATCH", message, self.patch_message),
            ("DELETE", message, self.delete_message),
            ("POST", "/channels/{channel_id:\\d+}/typing", self.typing),
            ("GET", "/guilds/{guild_id:\\d+}", self.get_guild),
            ("GET", "/guilds/{guild_id:\\d+}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id:\\d+}/roles", self.get_roles),
            ("GET", "/guilds/{guild_id:\\d+}/members", self.list_members),
            ("GET", "/guilds/{guild_id:\\d+}/members/{user_id:\\d+}", self.get_member),
            (
                "POST",
                "/interactions/{webhook_id:\\d+}/{webhook_token}/callback",
                self.interaction_callback,
            ),
            ("POST", webhook, self.execute_webhook),
            ("GET", webhook + "/messages/{message_id}", self.get_webhook_message),
            ("PATCH", webhook + "/messages/{message_id}", self.patch_webhook_message),
            ("DELETE", webhook + "/messages/{message_id}", self.delete_webhook_message),
            *self.threads.routes(),
        ]
        for method, path, handler in api:
            app.router.add_route(method, "/api/v{version:\\d+}" + path, handler)
        app.router.add_get(
            "/attachments/{channel_id:\\d+}/{attachment_id:\\d+}/{filename}", self.cdn
        )
        app.router.add_get("/_fake/requests", self.fake_requests)
        app.router.add_get("/_fake/summary", self.fake_summary)
        app.router.add_route("*", "/{tail:.*}", self.unknown_route)

    def _command_routes(self) -> list[tuple[str, str, Handler]]:
        """The application command routes: the same five for the global commands and for
        a guild's, as Discord has them."""
        one = "/{command_id:\\d+}"
        verbs: list[tuple[str, str, Handler]] = [
            ("GET", "", self.list_commands),
            ("PUT", "", self.put_commands),
            ("POST", "", self.post_command),
            ("GET", one, self.get_command),
            ("DELETE", one, self.delete_command),
        ]
        application = "/applications/{application_id:\\d+}"
        return [
            (method, f"{scope}/commands{tail}", handler)
            for scope in (application, application + "/guilds/{guild_id:\\d+}")
            for method, tail, handler in verbs
        ]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else ""
        if not canonical.startswith(API_PREFIX) and canonical != "/{tail}":
            return await handler(request)  # CDN, control routes and the gateway
        route = canonical[len(API_PREFIX) :] if canonical.startswith(API_PREFIX) else None
        record = RequestRecord(
            method=request.method,
            route=route,
            path=request.path,
            query=dict(request.query),
            at=time.perf_counter(),
            peer_port=_peer_port(request),
            oauth=route == "/oauth2/token"
            or request.headers.get("Authorization", "").startswith("Bearer "),
        )
        request[_RECORD_KEY] = record
        self.world.requests.append(record)
        try:
            if route is not None and not self._authorized(request):
                raise unauthorized()
            limited = self._global_limit.refuse(record, self.world.settings.global_limit)
            response = await handler(request) if limited is None else limited
        except ApiError as exc:
            record.error_code = exc.code
            response = json_response(exc.body(), exc.status)
        except web.HTTPException as exc:
            # An answer the fake means to give (a bot that died while its post was held
            # gets 503 on the closed connection), not a bug of the fake.
            record.status = exc.status
            raise
        except ConnectionError:
            # The bot hung up mid-request (a test stopping or killing its process while a
            # picture was uploading). Discord sees a closed socket, not an error of its own.
            record.status = 499
            raise
        except Exception as exc:
            # A bug in the fake (or a payload it cannot read). Answer 400, not 500:
            # discord.py retries 5xx with sleeps of 1+3+5+7s, which would only slow the
            # failure down. The fake_discord fixture fails the test on server_errors.
            self.world.server_errors.append(traceback.format_exc())
            message = f"Fake Discord internal error: {exc!r}"
            response = json_response({"message": message, "code": 0}, 400)
        record.status = response.status
        record.duration_ms = (time.perf_counter() - record.at) * 1000
        self.world.changed()
        return response

    def _authorized(self, request: web.Request) -> bool:
        if getattr(request.match_info.handler, "public", False):
            return True
        return request.headers.get("Authorization") == f"Bot {self.world.bot_token}"

    async def _body(self, request: web.Request) -> Body:
        body = await read_body(request)
        record = record_of(request)
        record.body = body.json
        record.files = [upload.filename for upload in body.uploads]
        return body

    # -- lookups ------------------------------------------------------------------

    def _lookup(
        self, request: web.Request, key: str, find: Callable[[int], T | None], what: str, code: int
    ) -> T:
        """What the path's id ``key`` names, as ``find`` finds it; else Discord's 404
        ``Unknown <what>`` with error ``code``. A channel, guild or message id goes on the
        call's record first, found or not."""
        entity_id = _int(request, key)
        if key in _RECORDED_IDS:
            setattr(record_of(request), key, entity_id)
        found = find(entity_id)
        if found is None:
            raise unknown(what, code)
        return found

    def _channel(self, request: web.Request) -> Channel:
        channel = self._lookup(request, "channel_id", self.world.channels.get, "Channel", 10003)
        if not channel.bot_member:
            # a group DM (or users' DM) the bot is not in: only interactions reach it
            raise ApiError(403, 50001, "Missing Access")
        if channel.guild is not None:
            record_of(request).guild_id = channel.guild.id
        return channel

    def _guild(self, request: web.Request) -> Guild:
        return self._lookup(request, "guild_id", self.world.guilds.get, "Guild", 10004)

    def _message(self, request: web.Request, channel: Channel) -> Message:
        find = functools.partial(self.world.visible_message, channel)
        return self._lookup(request, "message_id", find, "Message", 10008)

    def _check_application(self, request: web.Request) -> None:
        if _int(request, "application_id") != self.world.application_id:
            raise ApiError(403, 50001, "Missing Access")

    def _scope(self, request: web.Request) -> int | None:
        if "guild_id" not in request.match_info:
            return None
        return self._guild(request).id

    # -- gateway & identity -------------------------------------------------------

    @public
    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway.url,
                "shards": self.world.settings.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000 - self.gateway.identify_count,
                    "reset_after": 86_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    @public
    async def get_me(self, request: web.Request) -> web.Response:
        """The bot's own user with the bot token; with an OAuth2 bearer token, the user
        who authorized it (an Activity reading who opened it)."""
        authorization = request.headers.get("Authorization")
        if authorization == f"Bot {self.world.bot_token}":
            return json_response(payloads.client_user(self.world.bot_user))
        user_id = self.world.oauth.user_of(authorization)
        user = None if user_id is None else self.world.users.get(user_id)
        if user is None:
            raise unauthorized()
        return json_response(payloads.user(user))

    @public
    async def oauth_token(self, request: web.Request) -> web.Response:
        """Trade an authorization code for an access token (client credentials in the
        form, or as HTTP Basic authentication)."""
        form = {key: str(value) for key, value in (await request.post()).items()}
        record_of(request).body = {k: v for k, v in form.items() if k != "client_secret"}
        basic = request.headers.get("Authorization", "")
        if basic.startswith("Basic "):
            with contextlib.suppress(ValueError):
                decoded = base64.b64decode(basic[6:]).decode()
                form["client_id"], _, form["client_secret"] = decoded.partition(":")
        try:
            answer = self.world.oauth.exchange(form)
        except OAuthError as exc:
            return json_response(exc.body(), exc.status)
        self.world.changed()
        return json_response(answer)

    async def get_my_guilds(self, request: web.Request) -> web.Response:
        return json_response(
            [
                {
                    "id": str(g.id),
                    "name": g.name,
                    "icon": None,
                    "banner": None,
                    "owner": False,
                    "permissions": str(g.members[self.world.bot_user.id].permissions),
                    "features": [],
                }
                for g in self.world.guilds.values()
            ]
        )

    async def get_application(self, request: web.Request) -> web.Response:
        return json_response(
            payloads.application(self.world.bot_user, flags=self.gateway.application_flags)
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self._lookup(request, "user_id", self.world.users.get, "User", 10013)
        return json_response(payloads.user(user))

    async def create_dm(self, request: web.Request) -> web.Response:
        payload = (await self._body(request)).object()
        try:
            recipient = self.world.users.get(int(payload.get("recipient_id") or 0))
        except (TypeError, ValueError):
            recipient = None
        if recipient is None or recipient is self.world.bot_user:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        channel = self.world.dm_channel(recipient)
        record_of(request).channel_id = channel.id
        return json_response(payloads.dm_channel(channel))

    # -- application commands -----------------------------------------------------

    async def list_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        scope = self._scope(request)
        return json_response([payloads.command(c) for c in self.world.commands.scoped(scope)])

    async def put_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        scope = self._scope(request)
        body = await self._body(request)
        commands = self.world.commands.overwrite(scope, body.array())
        return json_response([payloads.command(c) for c in commands])

    async def post_command(self, request: web.Request) -> web.Response:
        self._check_application(request)
        scope = self._scope(request)
        body = await self._body(request)
        command, created = self.world.commands.upsert(scope, body.object())
        return json_response(payloads.command(command), 201 if created else 200)

    async def get_command(self, request: web.Request) -> web.Response:
        self._check_application(request)
        find = functools.partial(self.world.commands.get, self._scope(request))
        command = self._lookup(request, "command_id", find, "application command", 10063)
        return json_response(payloads.command(command))

    async def delete_command(self, request: web.Request) -> web.Response:
        self._check_application(request)
        if not self.world.commands.delete(self._scope(request), _int(request, "command_id")):
            raise unknown("application command", 10063)
        return no_content()

    # -- channels & messages ------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(payloads.channel(channel, viewer=self.world.bot_user))

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        visible = [m for m in channel.messages if not m.ephemeral]
        query = request.query
        if "before" in query:
            visible = [m for m in visible if m.id < _query_int(request, "before", 0)]
        if "after" in query:
            visible = [m for m in visible if m.id > _query_int(request, "after", 0)]
        limit = max(1, min(100, _query_int(request, "limit", 50)))
        newest_first = list(reversed(visible))
        page = newest_first[-limit:] if "after" in query else newest_first[:limit]
        return json_response([payloads.message(m) for m in page])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = await self._body(request)
        payload = body.object()
        validate_message(
            payload, body.uploads, size_limit=self.world.settings.attachment_size_limit
        )
        if isinstance(channel, DMChannel) and not self._can_dm(channel.recipient):
            raise ApiError(403, 50007, "Cannot send messages to this user")
        self.threads.check_post(channel)
        await self._hold(request, self.world.settings.hold_posts)
        repeat = self._nonce_repeat(payload)
        if repeat is not None:
            record_of(request).message_id = repeat.id
            return json_response(payloads.message(repeat))
        reply_to = self._reply_target(channel, payload.get("message_reference"))
        message = self.world.create_message(
            channel, self.world.bot_user, payload, body.uploads, reply_to=reply_to
        )
        record_of(request).message_id = message.id
        await self._hold(request, self.world.settings.hold_post_answers)
        return json_response(payloads.message(message))

    async def _hold(self, request: web.Request, gate: asyncio.Event) -> None:
        """Wait while a test holds this kind of call (``gate`` cleared); a call whose
        bot died meanwhile is dropped."""
        if not gate.is_set():
            record = record_of(request)
            record.held = True
            self.world.changed()
            try:
                await gate.wait()
            finally:
                record.held = False
        if request.transport is None or request.transport.is_closing():
            raise web.HTTPServiceUnavailable()  # the bot died while its call was held

    def _nonce_repeat(self, payload: dict[str, Any]) -> Message | None:
        """With ``enforce_nonce``, a message the bot already created with the same nonce in
        the last few minutes is returned instead of creating another."""
        nonce = payload.get("nonce")
        if not payload.get("enforce_nonce") or nonce is None:
            return None
        since = dt.datetime.now(dt.UTC) - NONCE_WINDOW
        for message in reversed(list(self.world.messages.values())):
            if message.created_at < since:
                break
            if message.author is self.world.bot_user and message.nonce == str(nonce):
                return message
        return None

    def _reply_target(self, channel: Channel, reference: Any) -> Message | None:
        """The message a reply points at; unknown targets fail unless told not to."""
        if not isinstance(reference, dict) or reference.get("message_id") is None:
            return None
        target = self.world.messages.get(int(reference["message_id"]))
        if target is None or target.deleted or target.ephemeral:
            if reference.get("fail_if_not_exists", True):
                errors = FormErrors()
                errors.add(
                    ["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                )
                errors.raise_if_any()
            return None
        return target

    def _can_dm(self, user: User) -> bool:
        return not user.dms_closed and not user.bot and self.world.mutual_guild(user)

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(payloads.message(self._message(request, channel)))

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        body = await self._body(request)
        payload = body.object()
        if message.author is not self.world.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self.threads.check_edit(message)
        validate_edit(
            payload, body.uploads, message, size_limit=self.world.settings.attachment_size_limit
        )
        await self._hold(request, self.world.settings.hold_edits)
        self.world.edit_message(message, payload, body.uploads)
        return json_response(payloads.message(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self.world.delete_message(self._message(request, channel))
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- guilds -------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload = payloads.guild(guild)
        if _truthy(request.query.get("with_counts")):
            payload["approximate_member_count"] = len(guild.members)
            payload["approximate_presence_count"] = 0
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([payloads.text_channel(c) for c in guild.channels.values()])

    async def get_roles(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([payloads.role(r) for r in guild.roles.values()])

    async def list_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        after = _query_int(request, "after", 0)
        limit = max(1, min(1000, _query_int(request, "limit", 1)))
        members = sorted(
            (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
        )[:limit]
        return json_response([payloads.member(m) for m in members])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = self._lookup(request, "user_id", guild.members.get, "Member", 10007)
        return json_response(payloads.member(member))

    # -- interactions -------------------------------------------------------------

    def _interaction_record(self, request: web.Request) -> InteractionRecord:
        record = record_of(request)
        interaction_id = _int(request, "webhook_id")
        record.interaction_id = interaction_id
        interaction = self.responder.find(interaction_id, request.match_info["webhook_token"])
        record.channel_id = interaction.channel.id
        return interaction

    @public
    async def interaction_callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction_record(request)
        body = await self._body(request)
        response = self.responder.callback(interaction, body)
        callback = interaction.callbacks[-1]
        if callback.message is not None:
            record_of(request).message_id = callback.message.id
        if _truthy(request.query.get("with_response")):
            return json_response(response)
        return no_content()

    async def _webhook_interaction(self, request: web.Request) -> InteractionRecord:
        posted = self.world.interaction_tokens.get(request.match_info["webhook_token"])
        if posted is not None:  # kept on the record even when the token is refused
            record_of(request).interaction_id = posted.id
            record_of(request).channel_id = posted.channel.id
        if posted is not None and posted.posting is not None:
            # its endpoint POST is still out: the POST's answer is taken in first
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(posted.posting.wait(), ANSWER_TAKEN_WITHIN)
        interaction = self.responder.webhook_record(
            _int(request, "webhook_id"), request.match_info["webhook_token"]
        )
        record = record_of(request)
        record.interaction_id = interaction.id
        record.channel_id = interaction.channel.id
        return interaction

    @public
    async def execute_webhook(self, request: web.Request) -> web.Response:
        interaction = await self._webhook_interaction(request)
        body = await self._body(request)
        message = self.responder.create_followup(interaction, body)
        record_of(request).message_id = message.id
        if _truthy(request.query.get("wait")):
            return json_response(payloads.message(message))
        return no_content()

    async def _webhook_message(self, request: web.Request) -> Message:
        interaction = await self._webhook_interaction(request)
        message = self.responder.webhook_message(interaction, request.match_info["message_id"])
        record_of(request).message_id = message.id
        return message

    @public
    async def get_webhook_message(self, request: web.Request) -> web.Response:
        return json_response(payloads.message(await self._webhook_message(request)))

    @public
    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        message = await self._webhook_message(request)
        body = await self._body(request)
        self.responder.edit_webhook_message(message, body)
        return json_response(payloads.message(message))

    @public
    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        self.world.delete_message(await self._webhook_message(request))
        return no_content()

    # -- everything else ----------------------------------------------------------

    @public
    async def unknown_route(self, request: web.Request) -> web.Response:
        found = _CHANNEL_PATH.match(request.path)
        channel = None if found is None else self.world.channels.get(int(found[1]))
        as_bot = request.headers.get("Authorization") == f"Bot {self.world.bot_token}"
        if channel is not None and not channel.bot_member and as_bot:
            # e.g. a reaction in a group DM: refused before the route matters
            record_of(request).channel_id = channel.id
            raise ApiError(403, 50001, "Missing Access")
        raise not_found_route()

    async def cdn(self, request: web.Request) -> web.Response:
        attachment = self.world.attachments.get(_int(request, "attachment_id"))
        if attachment is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

    async def fake_requests(self, request: web.Request) -> web.Response:
        """Control route for out-of-process benchmarks: the REST call log."""
        return json_response(
            [
                {
                    "method": r.method,
                    "route": r.route,
                    "path": r.path,
                    "status": r.status,
                    "error_code": r.error_code,
                    "at": r.at,
                    "duration_ms": r.duration_ms,
                    "interaction_id": payloads.snowflake(r.interaction_id),
                    "channel_id": payloads.snowflake(r.channel_id),
                }
                for r in self.world.requests
            ]
        )

    async def fake_summary(self, request: web.Request) -> web.Response:
        """Control route: counts per route and what the bot registered."""
        counts: dict[str, int] = {}
        for r in self.world.requests:
            counts[r.key] = counts.get(r.key, 0) + 1
        return json_response(
            {
                "requests": counts,
                "commands": [payloads.command(c) for c in self.world.commands.all()],
                "sessions": self.gateway.describe_sessions(),
                "server_errors": len(self.world.server_errors),
            }
        )
