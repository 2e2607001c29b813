"""Inspecting what the bot did and waiting for it, without ever sleeping blindly.

Every helper re-checks its condition whenever the fake's state changes (a REST call,
a gateway frame, a callback) and fails with a descriptive ``WaitTimeout``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .interactions import InteractionRecord
from .models import Channel, Message, RequestRecord, TextChannel, User
from .state import World
from .threads import Thread

T = TypeVar("T")


class Inspection:
    """Mixin for ``FakeDiscord``: the REST log, interactions and waiting helpers."""

    world: World

    def dm_messages(self, user: User) -> list[Message]:
        """Live messages in the bot's DM with ``user`` (empty if there is no DM channel)."""
        channel = self.world.dm_channels.get(user.id)
        return [] if channel is None else channel.messages

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
        return await self._wait_for_first(
            lambda: channel.messages, predicate, after, timeout, f"a message in {channel!r}"
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
        return await self._wait_for_first(
            lambda: self.dm_messages(user), predicate, after, timeout, f"a DM to {user.name}"
        )

    async def _wait_for_first(
        self,
        messages: Callable[[], list[Message]],
        predicate: Callable[[Message], bool] | None,
        after: Message | None,
        timeout: float,
        what: str,
    ) -> Message:
        """The first of ``messages()`` newer than ``after`` matching ``predicate``. The list
        is read again on every change: a DM channel may not exist until the bot opens it."""
        return await self.world.notifier.wait_for(
            lambda: _first(messages(), predicate, after),
            timeout,
            lambda: f"{what}; latest messages: {messages()[-5:]}",
        )

    async def wait_for_thread(
        self,
        channel: TextChannel,
        predicate: Callable[[Thread], bool] | None = None,
        *,
        timeout: float = 5.0,
    ) -> Thread:
        """The first thread of ``channel`` matching ``predicate`` (the bot started it)."""

        def check() -> Thread | None:
            return next((t for t in channel.threads if predicate is None or predicate(t)), None)

        return await self.world.notifier.wait_for(
            check, timeout, lambda: f"a thread in {channel!r}; threads: {channel.threads}"
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
