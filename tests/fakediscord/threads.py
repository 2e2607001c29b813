"""Threads: channels inside a text channel, public (type 11) or private (type 12).

A thread keeps its own message log like any channel, its explicit members (whom Discord
notifies of its messages) and its archive state. Mutations go through ``state.World``
(``start_thread``, ``add_thread_member``, ``update_thread``) so the gateway hears them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import ClassVar

from .errors import InvalidInteraction
from .models import Channel, Guild, Message, TextChannel, User
from .permissions import Perm, has

PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""Minutes of inactivity after which Discord archives a thread (the only values taken)."""


@dataclass(eq=False, kw_only=True)
class ThreadMember:
    """A user's explicit membership of a thread."""

    user: User
    joined_at: dt.datetime


@dataclass(eq=False, kw_only=True)
class Thread(Channel):
    """A thread of ``parent``; the guild and permissions are the parent's."""

    type: ClassVar[int]
    id: int
    parent: TextChannel
    name: str
    owner: User
    created_at: dt.datetime
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    archive_timestamp: dt.datetime
    """When the archive state last changed (creation, archiving, unarchiving)."""
    starter: Message | None = field(default=None, repr=False)
    """The message the thread was started from (same id as the thread), if any."""
    joined: dict[int, ThreadMember] = field(default_factory=dict, repr=False)
    _log: list[Message] = field(default_factory=list, repr=False)

    @property
    def guild(self) -> Guild:
        return self.parent.guild

    @property
    def parent_id(self) -> int:
        return self.parent.id

    @property
    def private(self) -> bool:
        return self.type == PRIVATE_THREAD

    @property
    def members(self) -> list[User]:
        """Its members in the order they joined (the bot, as creator, first)."""
        return [member.user for member in self.joined.values()]

    def has_member(self, user: User) -> bool:
        return user.id in self.joined

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        state = " archived" if self.archived else ""
        state += " locked" if self.locked else ""
        return f"<{type(self).__name__} {self.name!r} id={self.id} in #{self.parent.name}{state}>"


@dataclass(eq=False, kw_only=True, repr=False)
class PublicThread(Thread):
    """Seen by everyone who sees the parent channel."""

    type: ClassVar[int] = PUBLIC_THREAD


@dataclass(eq=False, kw_only=True, repr=False)
class PrivateThread(Thread):
    """Seen only by its members and those with Manage Threads."""

    type: ClassVar[int] = PRIVATE_THREAD


def check_thread_access(user: User, thread: Thread) -> None:
    """Refuse what the Discord client would not let ``user`` do in ``thread``: it shows a
    private thread only to its members and to those with Manage Threads."""
    permissions = thread.guild.members[user.id].permissions
    if thread.private and not thread.has_member(user) and not has(permissions, Perm.MANAGE_THREADS):
        raise InvalidInteraction(f"{user.name} is not a member of private {thread!r}")
