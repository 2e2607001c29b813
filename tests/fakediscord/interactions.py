"""Interactions a test sends as a user, and the record of how the bot answered them.

``InteractionRecord`` is what ``FakeDiscord.slash/click/select/...`` return: the exact
INTERACTION_CREATE payload, every callback attempt (accepted or rejected), the
original response message and follow-ups, with timing from dispatch to callback.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import installs, models, payloads
from .bodies import Upload
from .components import Modal
from .errors import ApiError, InvalidInteraction
from .state import World
from .threads import Thread

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Callback (interaction response) types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
LAUNCH_ACTIVITY = 12
"""Open the application's Activity for the user (no data; Activities must be enabled)."""

ALLOWED_CALLBACKS = {
    PING: {PONG},
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
        LAUNCH_ACTIVITY,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}


@dataclass(eq=False, kw_only=True)
class Callback:
    """One POST to ``/interactions/{id}/{token}/callback``, accepted or rejected."""

    type: int
    data: dict[str, Any] | None
    files: list[Upload]
    at: float
    latency_ms: float
    """Milliseconds from INTERACTION_CREATE being written to the socket to this callback."""
    error: ApiError | None = None
    message: models.Message | None = None
    """The message created (4, 5) or updated (6, 7) by this callback."""
    activity_instance_id: str | None = None
    """The Activity instance a LAUNCH_ACTIVITY (12) opened."""
    via: str = "callback"
    """How it came: ``callback`` (the callback route) or ``body`` (the answer to an
    interactions endpoint's POST)."""

    @property
    def accepted(self) -> bool:
        return self.error is None

    @property
    def content(self) -> str | None:
        return None if self.data is None else self.data.get("content")

    @property
    def ephemeral(self) -> bool:
        return bool(int((self.data or {}).get("flags") or 0) & 64)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        return list((self.data or {}).get("choices") or [])

    @property
    def modal(self) -> Modal | None:
        if self.type != MODAL or not self.data:
            return None
        return Modal(
            custom_id=str(self.data.get("custom_id")),
            title=str(self.data.get("title")),
            components=list(self.data.get("components") or []),
        )


@dataclass(eq=False, kw_only=True)
class InteractionRecord:
    """An interaction sent to the bot and everything the bot did in answer to it."""

    id: int
    token: str
    type: int
    payload: dict[str, Any]
    user: models.User
    channel: models.Channel
    world: World = field(repr=False)
    command: models.RegisteredCommand | None = None
    command_path: str | None = None
    custom_id: str | None = None
    source_message: models.Message | None = None
    dispatched_at: float | None = None
    token_issued_at: float | None = None
    """When the token was handed out, on the clock tokens age on (``World.token_clock``:
    a test may move it)."""
    callbacks: list[Callback] = field(default_factory=list)
    original: models.Message | None = None
    followups: list[models.Message] = field(default_factory=list)
    endpoint: str | None = None
    """The interactions endpoint URL it was POSTed to (None: sent over the gateway)."""
    endpoint_status: int | None = None
    """The status that endpoint answered the POST with (None: no answer, the process died)."""
    posted: tuple[bytes, dict[str, str]] | None = field(default=None, repr=False)
    """The body and headers (signature included) of its endpoint POST, exactly as sent."""
    posting: asyncio.Event | None = field(default=None, repr=False)
    """While its endpoint POST is out: set once the POST's answer is taken in. Calls
    with its token wait for that, as Discord takes the POST's answer first."""

    @property
    def guild(self) -> models.Guild | None:
        return self.channel.guild

    @property
    def acknowledged(self) -> bool:
        return any(callback.accepted for callback in self.callbacks)

    @property
    def accepted_callback(self) -> Callback | None:
        return next((callback for callback in self.callbacks if callback.accepted), None)

    @property
    def launched_activity(self) -> bool:
        """Whether the bot answered by launching the application's Activity (type 12)."""
        callback = self.accepted_callback
        return callback is not None and callback.type == LAUNCH_ACTIVITY

    @property
    def latency_ms(self) -> float | None:
        """Dispatch-to-first-callback latency, or None before any callback."""
        return self.callbacks[0].latency_ms if self.callbacks else None

    @property
    def choices(self) -> list[dict[str, Any]]:
        callback = self.accepted_callback
        return [] if callback is None else callback.choices

    @property
    def modal(self) -> Modal | None:
        callback = self.accepted_callback
        return None if callback is None else callback.modal

    @property
    def requests(self) -> list[models.RequestRecord]:
        """REST calls addressed to this interaction (callback, follow-ups, edits)."""
        return [r for r in self.world.requests if r.interaction_id == self.id]

    async def response(self, timeout: float = 5.0) -> Callback:
        """The first callback attempt (check ``.accepted``/``.error`` for rejections)."""
        return await self.world.notifier.wait_for(
            lambda: self.callbacks[0] if self.callbacks else None,
            timeout,
            f"a callback to {self.describe()}",
        )

    async def wait_for_followup(
        self, predicate: Callable[[models.Message], bool] | None = None, *, timeout: float = 5.0
    ) -> models.Message:
        """A follow-up message (POST /webhooks/{app}/{token}) matching ``predicate``.

        After a "thinking" defer (callback 5) the first follow-up replaces the original
        instead; wait for that with ``wait_for_original(lambda m: not m.loading)``.
        """

        def check() -> models.Message | None:
            return next((m for m in self.followups if predicate is None or predicate(m)), None)

        return await self.world.notifier.wait_for(
            check, timeout, f"a follow-up to {self.describe()}"
        )

    async def wait_for_original(
        self, predicate: Callable[[models.Message], bool] | None = None, *, timeout: float = 5.0
    ) -> models.Message:
        """The original response message once it exists and matches ``predicate``.

        For deferred responses use e.g. ``lambda m: not m.loading`` to wait for the edit.
        """

        def check() -> models.Message | None:
            original = self.original
            if original is None or (predicate is not None and not predicate(original)):
                return None
            return original

        return await self.world.notifier.wait_for(
            check, timeout, f"the original response of {self.describe()}"
        )

    def describe(self) -> str:
        what = {
            APPLICATION_COMMAND: f"/{self.command_path}",
            AUTOCOMPLETE: f"autocomplete /{self.command_path}",
            MESSAGE_COMPONENT: f"component {self.custom_id!r}",
            MODAL_SUBMIT: f"modal {self.custom_id!r}",
        }.get(self.type, f"type {self.type}")
        return f"interaction {self.id} ({what} by {self.user.name})"

    def __repr__(self) -> str:
        return f"<InteractionRecord {self.describe()} callbacks={len(self.callbacks)}>"


def new_record(
    world: World,
    *,
    type: int,
    user: models.User,
    channel: models.Channel,
    data: dict[str, Any],
    owners: dict[str, str],
    command: models.RegisteredCommand | None = None,
    command_path: str | None = None,
    custom_id: str | None = None,
    source_message: models.Message | None = None,
) -> InteractionRecord:
    """Build the INTERACTION_CREATE payload the Discord client would cause; ``owners``:
    its ``authorizing_integration_owners`` (see ``installs``)."""
    interaction_id = world.ids.next()
    token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
    guild = channel.guild
    bot_member = None if guild is None else guild.members.get(world.bot_user.id)
    if bot_member is not None:
        app_permissions = world.bot_permissions_in(channel)
    elif channel.bot_member:
        app_permissions = world.settings.bot_permissions
    else:
        app_permissions = installs.PRIVATE_APP_PERMISSIONS
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(world.application_id),
        "type": type,
        "data": data,
        "token": token,
        "version": 1,
        "locale": user.locale,
        "app_permissions": str(app_permissions),
        "attachment_size_limit": world.settings.attachment_size_limit,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "channel_id": str(channel.id),
        "channel": payloads.channel(channel, viewer=user),
        "authorizing_integration_owners": owners,
        "context": installs.context_of(channel),
    }
    if guild is not None:
        member = guild.members.get(user.id)
        if member is None:
            raise InvalidInteraction(f"{user.name} is not a member of {guild.name}")
        payload["guild_id"] = str(guild.id)
        payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
        payload["guild_locale"] = guild.preferred_locale
        payload["member"] = payloads.member(member, permissions=True)
        channel_payload = payload["channel"]
        channel_payload["permissions"] = str(member.permissions)
    else:
        payload["user"] = payloads.user(user)
    if source_message is not None:
        payload["message"] = payloads.message(source_message)
    record = InteractionRecord(
        id=interaction_id,
        token=token,
        type=type,
        payload=payload,
        user=user,
        channel=channel,
        world=world,
        command=command,
        command_path=command_path,
        custom_id=custom_id,
        source_message=source_message,
    )
    world.interactions[interaction_id] = record
    world.interaction_tokens[token] = record
    return record


def mark_dispatched(record: InteractionRecord) -> None:
    if record.dispatched_at is None:
        record.dispatched_at = time.perf_counter()
        record.token_issued_at = record.world.token_clock()
        record.world.changed()


class WorldResolver:
    """Resolves user/channel/role/attachment option values into ids and ``resolved``."""

    def __init__(self, world: World, channel: models.Channel) -> None:
        self._world = world
        self._channel = channel
        self._guild = channel.guild

    def resolve(self, option: dict[str, Any], value: Any, resolved: dict[str, Any]) -> str:
        kind = int(option["type"])
        where = f"option {option['name']!r}"
        if kind == 6 or (kind == 9 and isinstance(value, models.User | models.Member)):
            if isinstance(value, models.Member):
                value = value.user
            if not isinstance(value, models.User):
                raise InvalidInteraction(f"{where} takes a User, got {value!r}")
            return self._user(value, resolved)
        if kind == 8 or kind == 9:
            if not isinstance(value, models.Role):
                raise InvalidInteraction(f"{where} takes a Role (or User), got {value!r}")
            resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
            return str(value.id)
        if kind == 7:
            if not isinstance(value, models.TextChannel | models.DMChannel | Thread):
                raise InvalidInteraction(f"{where} takes a channel, got {value!r}")
            allowed = option.get("channel_types")
            if allowed and value.type not in allowed:
                raise InvalidInteraction(f"{where} only accepts channel types {allowed}")
            data = payloads.channel(value)
            data["permissions"] = str(self._permissions())
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if kind == 11:
            attachment = self._attachment(where, value)
            resolved.setdefault("attachments", {})[str(attachment.id)] = payloads.attachment(
                attachment
            )
            return str(attachment.id)
        raise InvalidInteraction(f"{where} has unsupported type {kind}")

    def _permissions(self) -> int:
        return self._world.settings.bot_permissions

    def _user(self, user: models.User, resolved: dict[str, Any]) -> str:
        resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
        member = None if self._guild is None else self._guild.members.get(user.id)
        if member is not None:
            resolved.setdefault("members", {})[str(user.id)] = payloads.member(
                member, include_user=False, permissions=True
            )
        return str(user.id)

    def _attachment(self, where: str, value: Any) -> models.Attachment:
        if isinstance(value, Upload):
            upload = value
        elif isinstance(value, tuple) and len(value) == 2:
            filename, data = value
            upload = Upload(index=0, filename=str(filename), data=bytes(data))
        else:
            raise InvalidInteraction(f"{where} takes (filename, bytes) or an Upload, got {value!r}")
        return self._world.store_upload(self._channel, upload)
