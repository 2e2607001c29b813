"""Thread routes of the REST API, with the permission checks Discord makes for the bot.

Starting a thread takes Create Public (or Private) Threads in the parent channel,
posting in one Send Messages in Threads, locking or unlocking Manage Threads; a bot
that cannot see the channel gets 403/50001, one that lacks a permission 403/50013.
An archived thread refuses edits and new members (400/50083); a message posted into it
unarchives it unless it is locked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import payloads
from .errors import ApiError, FormErrors, not_found_route, unknown
from .gateway import GUILD_MEMBERS
from .models import Channel, Message, TextChannel, User
from .permissions import Perm, has
from .threads import AUTO_ARCHIVE_DURATIONS, PRIVATE_THREAD, PUBLIC_THREAD, Thread

if TYPE_CHECKING:
    from .rest import RestApi

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
THREAD_NAME_LIMIT = 100


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def archived_thread() -> ApiError:
    return ApiError(400, 50083, "Thread is archived")


class ThreadRoutes:
    """Handlers for threads and their members; lookups and logging are ``RestApi``'s."""

    def __init__(self, rest: RestApi) -> None:
        self.rest = rest
        self.world = rest.world

    def routes(self) -> list[tuple[str, str, Handler]]:
        channel = "/channels/{channel_id:\\d+}"
        return [
            ("POST", f"{channel}/threads", self.start_without_message),
            ("POST", f"{channel}/messages/{{message_id:\\d+}}/threads", self.start_from_message),
            ("PATCH", channel, self.edit),
            ("GET", f"{channel}/thread-members", self.list_members),
            ("GET", f"{channel}/thread-members/{{user_id:\\d+}}", self.get_member),
            ("PUT", f"{channel}/thread-members/{{user_id:\\d+|@me}}", self.add_member),
            ("GET", "/guilds/{guild_id:\\d+}/threads/active", self.active_threads),
        ]

    # -- permissions ----------------------------------------------------------------

    def require(self, channel: Channel, permission: int) -> int:
        """The bot's permissions in ``channel``; 403 unless it sees it and has
        ``permission``."""
        permissions = self.world.bot_permissions_in(channel)
        if not has(permissions, Perm.VIEW_CHANNEL):
            raise missing_access()
        if isinstance(channel, Thread) and not payloads.sees_thread(channel, self.world.bot_user):
            raise missing_access()  # a private thread it is not in
        if not has(permissions, permission):
            raise missing_permissions()
        return permissions

    def check_post(self, channel: Channel) -> None:
        """Whether the bot may post in ``channel``: a server's text channel takes View
        Channel and Send Messages; a thread Send Messages in Threads, and a locked
        thread only with Manage Threads."""
        if isinstance(channel, TextChannel):
            self.require(channel, Perm.SEND_MESSAGES)
            return
        if not isinstance(channel, Thread):
            return
        permissions = self.require(channel, Perm.SEND_MESSAGES_IN_THREADS)
        if channel.locked and not has(permissions, Perm.MANAGE_THREADS):
            if channel.archived:
                raise archived_thread()
            raise ApiError(403, 160005, "Thread is locked")

    def check_edit(self, message: Message) -> None:
        """Messages of an archived thread cannot be edited (deleting them is allowed)."""
        if isinstance(message.channel, Thread) and message.channel.archived:
            raise archived_thread()

    # -- starting threads -----------------------------------------------------------

    def _parent(self, request: web.Request) -> TextChannel:
        channel = self.rest._channel(request)
        if not isinstance(channel, TextChannel):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _options(self, payload: dict[str, Any], *, typed: bool) -> tuple[str, int, int]:
        """Name, type and auto-archive duration, checked as Discord checks them."""
        errors = FormErrors()
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= THREAD_NAME_LIMIT:
            errors.add(
                ["name"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {THREAD_NAME_LIMIT}."
            )
        kind = payload.get("type") if typed else PUBLIC_THREAD
        if kind is None:
            kind = PRIVATE_THREAD  # the API's default for a thread without a message
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            errors.add(["type"], "BASE_TYPE_CHOICES", "Value must be one of (11, 12).")
        duration = payload.get("auto_archive_duration")
        if duration is None:
            duration = 1440  # the channels' default_auto_archive_duration
        if duration not in AUTO_ARCHIVE_DURATIONS:
            errors.add(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                f"Value must be one of {AUTO_ARCHIVE_DURATIONS}.",
            )
        errors.raise_if_any()
        return str(name), int(kind), int(duration)

    async def start_without_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        payload = (await self.rest._body(request)).object()
        name, kind, duration = self._options(payload, typed=True)
        private = kind == PRIVATE_THREAD
        self.require(parent, Perm.CREATE_PRIVATE_THREADS if private else Perm.CREATE_PUBLIC_THREADS)
        await self.rest._hold(request, self.world.settings.hold_threads)
        return self._start(
            request,
            parent,
            name,
            duration,
            private=private,
            invitable=payload.get("invitable") is not False,
        )

    async def start_from_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        starter = self.rest._message(request, parent)
        payload = (await self.rest._body(request)).object()
        name, _, duration = self._options(payload, typed=False)
        self.require(parent, Perm.CREATE_PUBLIC_THREADS)
        if isinstance(self.world.channels.get(starter.id), Thread):
            raise ApiError(400, 160004, "A thread has already been created for this message")
        return self._start(request, parent, name, duration, private=False, starter=starter)

    def _start(
        self,
        request: web.Request,
        parent: TextChannel,
        name: str,
        duration: int,
        *,
        private: bool,
        invitable: bool = True,
        starter: Message | None = None,
    ) -> web.Response:
        """Start a thread the bot owns and answer 201 with it: both start routes end so."""
        thread = self.world.start_thread(
            parent,
            name,
            private=private,
            owner=self.world.bot_user,
            auto_archive_duration=duration,
            invitable=invitable,
            starter=starter,
        )
        self.rest.record(request).channel_id = thread.id
        return self.rest.json(payloads.thread(thread, me=self.world.bot_user), 201)

    # -- editing (archive, lock) ----------------------------------------------------

    async def edit(self, request: web.Request) -> web.Response:
        channel = self.rest._channel(request)
        if not isinstance(channel, Thread):
            self.rest.record(request).route = None  # editing other channels: not built
            raise not_found_route()
        payload = (await self.rest._body(request)).object()
        permissions = self.require(channel, Perm.VIEW_CHANNEL)
        moderator = has(permissions, Perm.MANAGE_THREADS)
        owner = channel.owner is self.world.bot_user
        changes = self._changes(payload)
        unarchiving = changes.get("archived") is False
        if channel.archived and not unarchiving and changes.get("archived") is not True:
            raise archived_thread()
        if not moderator and {"locked", "invitable"} & changes.keys():
            raise missing_permissions()
        if not (moderator or owner) and {"name", "auto_archive_duration"} & changes.keys():
            raise missing_permissions()
        if changes.get("archived") is True and not (moderator or owner):
            raise missing_permissions()
        if unarchiving and channel.locked and not moderator:
            raise missing_permissions()
        if unarchiving and not (moderator or channel.has_member(self.world.bot_user)):
            raise missing_permissions()
        self.world.update_thread(channel, **changes)
        return self.rest.json(payloads.thread(channel, me=self.world.bot_user))

    @staticmethod
    def _changes(payload: dict[str, Any]) -> dict[str, Any]:
        errors = FormErrors()
        changes: dict[str, Any] = {}
        for key in ("archived", "locked", "invitable"):
            if key in payload:
                if not isinstance(payload[key], bool):
                    errors.add([key], "BASE_TYPE_BOOLEAN", "Must be either true or false.")
                changes[key] = payload[key]
        if "name" in payload:
            name = payload["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= THREAD_NAME_LIMIT:
                errors.add(
                    ["name"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {THREAD_NAME_LIMIT}."
                )
            changes["name"] = name
        if payload.get("auto_archive_duration") is not None:
            duration = payload["auto_archive_duration"]
            if duration not in AUTO_ARCHIVE_DURATIONS:
                errors.add(
                    ["auto_archive_duration"],
                    "BASE_TYPE_CHOICES",
                    f"Value must be one of {AUTO_ARCHIVE_DURATIONS}.",
                )
            changes["auto_archive_duration"] = duration
        errors.raise_if_any()
        return changes

    # -- members --------------------------------------------------------------------

    def _thread(self, request: web.Request) -> Thread:
        channel = self.rest._channel(request)
        if not isinstance(channel, Thread):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _guild_user(self, request: web.Request, thread: Thread) -> User:
        raw = request.match_info["user_id"]
        if raw == "@me":
            return self.world.bot_user
        user = self.world.users.get(int(raw))
        if user is None:
            raise unknown("User", 10013)
        if user.id not in thread.guild.members:
            raise unknown("Member", 10007)
        return user

    async def add_member(self, request: web.Request) -> web.Response:
        """Add a user (``@me``: the bot) to a thread; Discord notifies them of its messages."""
        thread = self._thread(request)
        user = self._guild_user(request, thread)
        if thread.archived:
            raise archived_thread()
        permissions = self.require(thread, Perm.SEND_MESSAGES_IN_THREADS)
        moderator = has(permissions, Perm.MANAGE_THREADS)
        if (
            thread.private
            and not thread.invitable
            and not moderator
            and user is not (self.world.bot_user)
        ):
            raise missing_permissions()
        self.world.add_thread_member(thread, user)
        return self.rest.no_content()

    def _require_member_intent(self) -> None:
        """Listing thread members needs the privileged Server Members intent enabled."""
        if not self.world.settings.privileged_intents & GUILD_MEMBERS:
            raise missing_access()

    def _member_payload(self, request: web.Request, thread: Thread, user: User) -> dict[str, Any]:
        data = payloads.thread_member(thread, thread.joined[user.id])
        if request.query.get("with_member", "").lower() in ("1", "true"):
            data["member"] = payloads.member(thread.guild.members[user.id])
        return data

    async def list_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        self._require_member_intent()
        self.require(thread, Perm.VIEW_CHANNEL)
        return self.rest.json(
            [self._member_payload(request, thread, user) for user in thread.members]
        )

    async def get_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        self._require_member_intent()
        self.require(thread, Perm.VIEW_CHANNEL)
        user = self._guild_user(request, thread)
        if not thread.has_member(user):
            raise unknown("Member", 10007)
        return self.rest.json(self._member_payload(request, thread, user))

    async def active_threads(self, request: web.Request) -> web.Response:
        guild = self.rest._guild(request)
        bot = self.world.bot_user
        threads = payloads.visible_threads(guild, bot)
        return self.rest.json(
            {
                "threads": [payloads.thread(thread) for thread in threads],
                "members": [
                    payloads.thread_member(thread, thread.joined[bot.id])
                    for thread in threads
                    if thread.has_member(bot)
                ],
            }
        )
