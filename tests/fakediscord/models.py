"""The fake's world: users, guilds, roles, members, channels, messages and commands.

These are plain objects that tests inspect directly (``channel.messages[-1].content``);
JSON shapes live in ``payloads.py`` and mutations go through ``state.World`` so the
gateway hears about them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from . import components as comp
from .permissions import Perm, bot_denials, effective, has
from .snowflake import snowflake_time

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .state import World
    from .threads import Thread


@dataclass(eq=False, kw_only=True)
class User:
    """A Discord account. ``dms_closed`` makes DMs to it fail with 403/50007."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"
    installed_app: bool = False
    """The user added the application to their account (a user install): its commands
    declared for user installs follow them into DMs and group DMs."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<User {self.name!r} id={self.id}{' bot' if self.bot else ''}>"


@dataclass(eq=False, kw_only=True)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None
    color: int = 0

    @property
    def is_everyone(self) -> bool:
        return self.id == self.guild_id


@dataclass(eq=False, kw_only=True)
class Member:
    """A user's membership in a guild."""

    guild: Guild
    user: User
    roles: list[Role] = field(default_factory=list)
    joined_at: dt.datetime
    nick: str | None = None

    @property
    def permissions(self) -> int:
        values = [self.guild.everyone.permissions, *(role.permissions for role in self.roles)]
        return effective(values, is_owner=self.guild.owner_id == self.user.id)

    @property
    def manage_guild(self) -> bool:
        return has(self.permissions, Perm.MANAGE_GUILD)

    def __repr__(self) -> str:
        return f"<Member {self.user.name!r} of {self.guild.name!r}>"


class Channel:
    """Common message log of guild text channels and DM channels."""

    type: ClassVar[int]
    id: int
    _log: list[Message]

    @property
    def guild(self) -> Guild | None:
        return None

    @property
    def bot_member(self) -> bool:
        """Whether the bot is in this channel: false for group DMs and DMs between two
        users, where it can only answer interactions (its own calls there get 403)."""
        return True

    def has_recipient(self, user: User) -> bool:
        """Whether ``user`` can read and write in this (private) channel."""
        return False

    @property
    def messages(self) -> list[Message]:
        """Live messages, oldest first (ephemeral ones included, flagged ``ephemeral``)."""
        return [message for message in self._log if not message.deleted]

    @property
    def deleted_messages(self) -> list[Message]:
        return [message for message in self._log if message.deleted]

    @property
    def last_message(self) -> Message | None:
        live = self.messages
        return live[-1] if live else None

    def messages_where(self, predicate: Callable[[Message], bool]) -> list[Message]:
        return [message for message in self.messages if predicate(message)]


@dataclass(eq=False, kw_only=True)
class TextChannel(Channel):
    type: ClassVar[int] = 0
    id: int
    guild_ref: Guild
    name: str
    position: int = 0
    topic: str | None = None
    bot_denied: int = 0
    """Permissions a member overwrite on this channel denies the bot (its threads
    inherit it), e.g. ``Perm.CREATE_PUBLIC_THREADS``: see ``add_text_channel``."""
    _log: list[Message] = field(default_factory=list, repr=False)
    _threads: list[Thread] = field(default_factory=list, repr=False)

    @property
    def guild(self) -> Guild:
        return self.guild_ref

    @property
    def threads(self) -> list[Thread]:
        """Threads started in this channel, oldest first (archived ones included)."""
        return list(self._threads)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<TextChannel #{self.name} id={self.id} guild={self.guild_ref.name!r}>"


@dataclass(eq=False, kw_only=True)
class DMChannel(Channel):
    type: ClassVar[int] = 1
    id: int
    recipient: User
    _log: list[Message] = field(default_factory=list, repr=False)

    def has_recipient(self, user: User) -> bool:
        return user is self.recipient

    def __repr__(self) -> str:
        return f"<DMChannel with {self.recipient.name!r} id={self.id}>"


class UsersChannel(Channel):
    """A channel between users that the bot is not in (group DMs, DMs between two users):
    an app installed to a user's account can only answer its users' interactions there."""

    recipients: Sequence[User]

    @property
    def bot_member(self) -> bool:
        return False

    def has_recipient(self, user: User) -> bool:
        return user in self.recipients


@dataclass(eq=False, kw_only=True)
class GroupDMChannel(UsersChannel):
    """A group DM between users (type 3)."""

    type: ClassVar[int] = 3
    id: int
    recipients: list[User]
    owner: User
    name: str | None = None
    _log: list[Message] = field(default_factory=list, repr=False)

    def __repr__(self) -> str:
        names = ", ".join(user.name for user in self.recipients)
        return f"<GroupDMChannel {self.name or names!r} id={self.id}>"


@dataclass(eq=False, kw_only=True)
class PrivateDMChannel(UsersChannel):
    """A DM between two users (type 1, not the bot's): like a group DM for the app."""

    type: ClassVar[int] = 1
    id: int
    recipients: tuple[User, User]
    _log: list[Message] = field(default_factory=list, repr=False)

    def __repr__(self) -> str:
        first, second = self.recipients
        return f"<PrivateDMChannel {first.name!r}-{second.name!r} id={self.id}>"


@dataclass(eq=False, kw_only=True)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, TextChannel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    world: World = field(repr=False)
    preferred_locale: str = "en-US"
    """The server's language (Server Settings → Community → Server Primary Language)."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    @property
    def text_channels(self) -> list[TextChannel]:
        return list(self.channels.values())

    def add_text_channel(
        self,
        name: str,
        *,
        topic: str | None = None,
        create_threads: bool = True,
        send_in_threads: bool = True,
        manage_threads: bool = True,
        send_messages: bool = True,
    ) -> TextChannel:
        """Create a text channel (dispatches CHANNEL_CREATE to connected bots). A false
        knob is a permission overwrite denying the bot Create Public and Private
        Threads, Send Messages in Threads, Manage Threads or Send Messages there
        (``world.deny_bot`` changes it later)."""
        denied = bot_denials(
            create_threads=create_threads,
            send_in_threads=send_in_threads,
            manage_threads=manage_threads,
            send_messages=send_messages,
        )
        return self.world.add_text_channel(self, name, topic=topic, bot_denied=denied)

    @property
    def threads(self) -> list[Thread]:
        """Every thread of the guild's channels, oldest first."""
        found = [thread for channel in self.channels.values() for thread in channel.threads]
        return sorted(found, key=lambda thread: thread.id)

    def add_member(self, user: User, *, manage_guild: bool = False) -> Member:
        """Make ``user`` join (dispatches GUILD_MEMBER_ADD to bots with the members intent)."""
        return self.world.add_member(self, user, manage_guild=manage_guild)

    def member(self, user: User) -> Member:
        return self.members[user.id]

    def channel(self, name: str) -> TextChannel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"guild {self.name!r} has no channel #{name}")

    def __repr__(self) -> str:
        return f"<Guild {self.name!r} id={self.id}>"


@dataclass(eq=False, kw_only=True)
class Attachment:
    """An uploaded file; ``data`` holds the exact bytes the bot sent."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    content_type: str | None
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self, encoding: str = "utf-8") -> str:
        return self.data.decode(encoding)


@dataclass(frozen=True, kw_only=True)
class MessageSnapshot:
    """One version of a message, kept so tests can inspect the edit history."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    at: dt.datetime

    @property
    def text(self) -> str:
        """Content and text displays: what a person read in this version."""
        parts = [self.content, *comp.text_displays(self.components)]
        return "\n".join(part for part in parts if part)


EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


@dataclass(eq=False, kw_only=True)
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    nonce: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction: InteractionRecord | None = field(default=None, repr=False)
    reply_to: Message | None = field(default=None, repr=False)
    mentions: list[User] = field(default_factory=list, repr=False)
    visible_to: User | None = None
    edited_at: dt.datetime | None = None
    deleted: bool = False
    history: list[MessageSnapshot] = field(default_factory=list, repr=False)

    @property
    def created_at(self) -> dt.datetime:
        return snowflake_time(self.id)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def edit_count(self) -> int:
        """How many times the message was edited after it was created."""
        return len(self.history)

    @property
    def versions(self) -> list[MessageSnapshot]:
        """Every version, oldest first, ending with the current one."""
        return [*self.history, self.snapshot()]

    @property
    def buttons(self) -> list[comp.Button]:
        return comp.of_kind(self.components, comp.Button)

    @property
    def selects(self) -> list[comp.Select]:
        return comp.of_kind(self.components, comp.Select)

    def button(
        self,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        custom_id_prefix: str | None = None,
    ) -> comp.Button:
        """The first button matching every given criterion (raises ComponentNotFound)."""
        return comp.find_button(
            self.components, label=label, custom_id=custom_id, custom_id_prefix=custom_id_prefix
        )

    def select(
        self,
        custom_id: str | None = None,
        *,
        custom_id_prefix: str | None = None,
        placeholder: str | None = None,
    ) -> comp.Select:
        """The first select menu matching every given criterion (raises ComponentNotFound)."""
        return comp.find_select(
            self.components,
            custom_id=custom_id,
            custom_id_prefix=custom_id_prefix,
            placeholder=placeholder,
        )

    def attachment(self, filename: str) -> Attachment:
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        names = [attachment.filename for attachment in self.attachments]
        raise KeyError(f"message {self.id} has no attachment {filename!r}; it has {names}")

    @property
    def is_layout(self) -> bool:
        """A Components V2 message: its text is in text displays, not ``content``."""
        return bool(self.flags & COMPONENTS_V2)

    @property
    def text_displays(self) -> list[str]:
        """The text of the message's text displays, in reading order (v2 layouts)."""
        return comp.text_displays(self.components)

    @property
    def media(self) -> list[tuple[str, str | None]]:
        """(url, description) of what a v2 layout shows: ``attachment://<name>`` for an
        attached file (see :meth:`shown_attachments`)."""
        return comp.media_urls(self.components)

    def shown_attachments(self) -> list[Attachment]:
        """The attached files a v2 layout shows, in its order (a v2 message shows only
        the files its components name)."""
        by_name = {attachment.filename: attachment for attachment in self.attachments}
        prefix = "attachment://"
        return [
            by_name[url[len(prefix) :]]
            for url, _ in self.media
            if url.startswith(prefix) and url[len(prefix) :] in by_name
        ]

    @property
    def text(self) -> str:
        """Content, text displays, and embed titles, descriptions and fields, for loose
        assertions: what a person reads, whichever way the message is built."""
        parts = [self.content, *self.text_displays]
        for embed in self.embeds:
            parts.extend(str(embed.get(key) or "") for key in ("title", "description"))
            for embed_field in embed.get("fields") or ():
                parts.extend((str(embed_field.get("name", "")), str(embed_field.get("value", ""))))
            footer = embed.get("footer") or {}
            parts.append(str(footer.get("text") or ""))
        return "\n".join(part for part in parts if part)

    def snapshot(self) -> MessageSnapshot:
        return MessageSnapshot(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            at=self.edited_at or self.created_at,
        )

    def __repr__(self) -> str:
        preview = self.content if len(self.content) <= 40 else self.content[:37] + "..."
        return f"<Message id={self.id} by {self.author.name!r} {preview!r} edits={self.edit_count}>"


@dataclass(eq=False, kw_only=True)
class RegisteredCommand:
    """An application command exactly as the bot registered it, plus Discord's ids."""

    id: int
    application_id: int
    guild_id: int | None
    version: int
    raw: dict[str, Any] = field(repr=False)
    integration_types: list[int] = field(default_factory=lambda: [0, 1])
    """Where it may be installed (0 guild, 1 user): as declared, else the application's
    installation contexts, as Discord fills it in at registration."""

    @property
    def name(self) -> str:
        return str(self.raw["name"])

    @property
    def type(self) -> int:
        return int(self.raw.get("type", 1))

    @property
    def options(self) -> list[dict[str, Any]]:
        return list(self.raw.get("options") or [])

    @property
    def default_member_permissions(self) -> int | None:
        value = self.raw.get("default_member_permissions")
        return None if value is None else int(value)

    @property
    def contexts(self) -> list[int] | None:
        value = self.raw.get("contexts")
        return None if value is None else [int(context) for context in value]

    @property
    def usable_in_dms(self) -> bool:
        return self.usable_in(1)

    def usable_in(self, context: int) -> bool:
        """Whether it may be run in interaction context ``context`` (0 a guild, 1 the bot's
        DM, 2 another private channel). Without ``contexts`` Discord offers it in guilds
        and, unless ``dm_permission`` is false, the bot's DM, never in other private
        channels."""
        if self.contexts is not None:
            return context in self.contexts
        if context == 1:
            return self.raw.get("dm_permission") is not False
        return context == 0

    def subcommand_paths(self) -> list[str]:
        """Every invocable path, e.g. ``["network new", "network play"]``."""
        paths: list[str] = []
        for option in self.options:
            if option.get("type") == 1:
                paths.append(f"{self.name} {option['name']}")
            elif option.get("type") == 2:
                paths.extend(
                    f"{self.name} {option['name']} {sub['name']}"
                    for sub in option.get("options") or ()
                )
        return paths or [self.name]


@dataclass(eq=False, kw_only=True)
class RequestRecord:
    """One REST call the bot made, for assertions and API-call counting."""

    method: str
    route: str | None
    path: str
    query: dict[str, str]
    at: float
    status: int = 0
    error_code: int | None = None
    duration_ms: float = 0.0
    body: Any = field(default=None, repr=False)
    files: list[str] = field(default_factory=list)
    interaction_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None
    guild_id: int | None = None
    peer_port: int | None = None
    """The caller's TCP port: which of several bot processes made the call."""
    held: bool = False
    """True while the call waits on ``settings.hold_posts`` or ``settings.hold_edits``."""
    oauth: bool = False
    """Made with OAuth2 credentials (the code exchange, a user's bearer token), not the
    bot's token: an Activity's server, which the bot's global limit does not count."""

    @property
    def unknown(self) -> bool:
        """True for routes the fake does not implement (answered 404)."""
        return self.route is None

    @property
    def key(self) -> str:
        return f"{self.method} {self.route or self.path}"

    @property
    def global_limit(self) -> bool:
        """Whether the call counts against the bot's global rate limit: every call but
        those an interaction's token authorises (its callback, and the webhook routes
        that follow it up and edit its answer), which Discord does not count there, and
        OAuth2's."""
        return not self.oauth and not is_interaction_route(self.route or "")


INTERACTION_ROUTES = (
    "/interactions/{webhook_id}/{webhook_token}/callback",
    "/webhooks/{webhook_id}/{webhook_token}",
)


def is_interaction_route(route: str) -> bool:
    """Whether ``route`` (a template) is authorised by an interaction's token."""
    return route == INTERACTION_ROUTES[0] or (
        route == INTERACTION_ROUTES[1] or route.startswith(INTERACTION_ROUTES[1] + "/")
    )
