"""The single source of truth: every entity, message and REST call, plus change hooks.

REST handlers, the interaction logic and the test driver all mutate the world through
these methods, so the gateway (a listener) emits the matching events and waiting
helpers wake up.
"""

from __future__ import annotations

import asyncio
import base64
import copy
import re
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

from . import components as comp
from .bodies import Upload
from .commands import PRIMARY_ENTRY_POINT, CommandRegistry
from .models import (
    COMPONENTS_V2,
    EPHEMERAL,
    Attachment,
    Channel,
    DMChannel,
    GroupDMChannel,
    Guild,
    Member,
    Message,
    PrivateDMChannel,
    RequestRecord,
    Role,
    TextChannel,
    User,
)
from .notify import Notifier
from .oauth import OAuthGrants
from .permissions import BOT_DEFAULT, EVERYONE_DEFAULT, Perm, overwritten
from .snowflake import SnowflakeFactory, utcnow
from .threads import PrivateThread, PublicThread, Thread, ThreadMember

if TYPE_CHECKING:
    from .interactions import InteractionRecord

PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)

DEFAULT_ENTRY_POINT: dict[str, Any] = {
    "type": PRIMARY_ENTRY_POINT,
    "name": "launch",
    "description": "Launch an Activity",
    "handler": 2,
}
"""The Entry Point Discord creates when Activities are enabled."""

# Flags a bot may set when sending (suppress embeds, suppress notifications, components v2).
_SENDABLE_FLAGS = (1 << 2) | (1 << 12) | COMPONENTS_V2
_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Settings:
    """Knobs tests may change at any time (e.g. ``discord.settings.callback_window = 0``)."""

    callback_window: float = 3.0
    """Seconds after dispatch within which the first interaction callback is accepted."""
    token_lifetime: float = 15 * 60.0
    """Seconds an interaction token stays valid for follow-ups and edits."""
    heartbeat_interval_ms: int = 41_250
    shard_count: int = 1
    """What GET /gateway/bot recommends."""
    privileged_intents: int = PRIVILEGED_INTENTS
    """Privileged intents enabled "in the developer portal"; others close with 4014."""
    resume_window: float = 60.0
    """Seconds a disconnected session stays resumable."""
    attachment_size_limit: int = 10 * 1024 * 1024
    bot_permissions: int = int(BOT_DEFAULT)
    hold_posts: asyncio.Event = field(default_factory=asyncio.Event)
    """Set: the bot's message posts go through. Cleared: each waits until it is set again
    (a test can kill the bot while its posts are held, e.g. right after a commit)."""
    hold_edits: asyncio.Event = field(default_factory=asyncio.Event)
    """The same for the bot's edits of channel messages (``PATCH`` of a message; an
    interaction's ``@original`` is never held): a test can keep a publication in progress.
    A held call waits for the event it found: assign a new, set event to let later calls
    through while the held ones keep waiting for the old one."""

    hold_threads: asyncio.Event = field(default_factory=asyncio.Event)
    """The same for the bot's thread creations (``POST /channels/{id}/threads``): a test
    can kill the bot while it opens threads, before the thread exists."""
    hold_post_answers: asyncio.Event = field(default_factory=asyncio.Event)
    """Cleared: a bot's message post is created, then its answer waits (a test can kill
    the bot after Discord made its message and before the bot heard its id)."""

    on_callback: Callable[[InteractionRecord], None] | None = None
    """Called as each interaction callback arrives, before it is applied: the moment
    Discord tells the person their click was received (a test can kill the bot there)."""

    global_limit: int | None = None
    """Requests a second the bot may make on routes that count against its global rate
    limit (None: no limit). Beyond it the fake answers 429 as Discord does, with
    ``{"global": true, "retry_after": …}`` and the global-scope headers; interaction
    callbacks and interaction webhooks are never limited."""
    interaction_endpoints: list[str] = field(default_factory=list)
    """Interactions Endpoint URLs: non-empty, interactions are POSTed to them, signed and
    round-robin (a load balancer), instead of sent over the gateway (``endpoints.py``)."""

    def __post_init__(self) -> None:
        self.hold_posts.set()
        self.hold_edits.set()
        self.hold_threads.set()
        self.hold_post_answers.set()


class WorldListener(Protocol):
    """What the gateway needs to hear about to dispatch events."""

    def guild_created(self, guild: Guild) -> None: ...
    def channel_created(self, channel: TextChannel) -> None: ...
    def channel_updated(self, channel: TextChannel) -> None: ...
    def member_added(self, member: Member) -> None: ...
    def message_created(self, message: Message) -> None: ...
    def message_updated(self, message: Message) -> None: ...
    def message_deleted(self, message: Message) -> None: ...
    def thread_created(self, thread: Thread) -> None: ...
    def thread_updated(self, thread: Thread) -> None: ...
    def thread_members_added(self, thread: Thread, added: list[ThreadMember]) -> None: ...


@dataclass(eq=False)
class World:
    """Everything the fake Discord knows."""

    bot_name: str = "Domino Tables"
    settings: Settings = field(default_factory=Settings)
    ids: SnowflakeFactory = field(default_factory=SnowflakeFactory)
    notifier: Notifier = field(default_factory=Notifier)
    public_base: str = "http://127.0.0.1"
    users: dict[int, User] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)
    attachments: dict[int, Attachment] = field(default_factory=dict)
    dm_channels: dict[int, DMChannel] = field(default_factory=dict)
    interactions: dict[int, InteractionRecord] = field(default_factory=dict)
    interaction_tokens: dict[str, InteractionRecord] = field(default_factory=dict)
    requests: list[RequestRecord] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    listeners: list[WorldListener] = field(default_factory=list)
    activity_launches: list[InteractionRecord] = field(default_factory=list)
    """Interactions the bot answered by launching the Activity (callback type 12)."""
    clock_offset: float = 0.0
    """Seconds a test moved the interaction-token clock forward (``advance_clock``)."""

    def __post_init__(self) -> None:
        self.bot_user = self._new_user(self.bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.bot_token = _make_token(self.bot_user.id)
        self.commands = CommandRegistry(self.ids, self.application_id, self.changed)
        self.oauth = OAuthGrants(client_id=self.application_id)

    # -- Activities and OAuth2 ----------------------------------------------------

    def enable_activities(self) -> None:
        """Enable Activities "in the developer portal": Discord then creates the default
        Entry Point command, ``launch``, which Discord handles (handler 2)."""
        self.commands.activities_enabled = True
        if not any(c.type == PRIMARY_ENTRY_POINT for c in self.commands.scoped(None)):
            self.commands.upsert(None, DEFAULT_ENTRY_POINT)
        self.changed()

    def issue_oauth_code(self, user_id: int) -> str:
        """An authorization code for ``user_id`` (what the Discord client hands an
        Activity that asked for ``identify``): traded once at ``POST /oauth2/token``."""
        return self.oauth.issue_code(user_id)

    def token_clock(self) -> float:
        """The clock interaction tokens age on: real time plus what a test advanced."""
        return time.perf_counter() + self.clock_offset

    # -- change propagation -------------------------------------------------------

    def changed(self) -> None:
        self.notifier.notify()

    def _emit(self, event: str, *args: Any) -> None:
        for listener in self.listeners:
            getattr(listener, event)(*args)
        self.changed()

    # -- entities -----------------------------------------------------------------

    def _new_user(self, name: str, **kwargs: Any) -> User:
        user = User(id=self.ids.next(), name=name, global_name=name, **kwargs)
        self.users[user.id] = user
        return user

    def add_user(
        self,
        name: str,
        *,
        guilds: Iterable[Guild] = (),
        dms_closed: bool = False,
        manage_guild: bool = False,
        bot: bool = False,
    ) -> User:
        user = self._new_user(name, dms_closed=dms_closed, bot=bot)
        for guild in guilds:
            self.add_member(guild, user, manage_guild=manage_guild)
        self.changed()
        return user

    def add_guild(self, name: str, *, bot_denied: int = 0) -> Guild:
        """A guild the bot is in; ``bot_denied`` are permissions neither @everyone nor
        the bot's role grant there (a server that does not allow threads)."""
        guild_id = self.ids.next()
        owner = self._new_user(f"{name} Owner")
        guild = Guild(id=guild_id, name=name, owner_id=owner.id, world=self)
        guild.roles[guild_id] = Role(
            id=guild_id,
            guild_id=guild_id,
            name="@everyone",
            permissions=int(EVERYONE_DEFAULT) & ~bot_denied,
        )
        bot_role = Role(
            id=self.ids.next(),
            guild_id=guild_id,
            name=self.bot_user.name,
            permissions=self.settings.bot_permissions & ~bot_denied,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        for member in (
            Member(guild=guild, user=owner, joined_at=utcnow()),
            Member(guild=guild, user=self.bot_user, roles=[bot_role], joined_at=utcnow()),
        ):
            guild.members[member.user.id] = member
        self.guilds[guild_id] = guild
        self._emit("guild_created", guild)
        return guild

    def manager_role(self, guild: Guild) -> Role:
        """The guild's "Managers" role (Manage Server), created on first use."""
        for role in guild.roles.values():
            if role.name == "Managers" and not role.managed:
                return role
        role = Role(
            id=self.ids.next(),
            guild_id=guild.id,
            name="Managers",
            permissions=int(EVERYONE_DEFAULT | Perm.MANAGE_GUILD),
            position=2,
        )
        guild.roles[role.id] = role
        return role

    def add_text_channel(
        self, guild: Guild, name: str, *, topic: str | None = None, bot_denied: int = 0
    ) -> TextChannel:
        channel = TextChannel(
            id=self.ids.next(),
            guild_ref=guild,
            name=name,
            position=len(guild.channels),
            topic=topic,
            bot_denied=bot_denied,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._emit("channel_created", channel)
        return channel

    def deny_bot(self, channel: TextChannel, denied: int) -> TextChannel:
        """Replace the channel's overwrite for the bot (``denied``: the permissions it
        takes away; 0 removes it), as a moderator would; dispatches CHANNEL_UPDATE."""
        channel.bot_denied = denied
        self._emit("channel_updated", channel)
        return channel

    def add_member(self, guild: Guild, user: User, *, manage_guild: bool = False) -> Member:
        if user.id in guild.members:
            member = guild.members[user.id]
        else:
            member = Member(guild=guild, user=user, joined_at=utcnow())
            guild.members[user.id] = member
        if manage_guild:
            role = self.manager_role(guild)
            if role not in member.roles:
                member.roles.append(role)
        self._emit("member_added", member)
        return member

    def dm_channel(self, user: User) -> DMChannel:
        """The bot's DM channel with ``user`` (one per user, created on demand)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = DMChannel(id=self.ids.next(), recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def add_group_dm(self, users: Sequence[User], name: str | None = None) -> GroupDMChannel:
        """A group DM of ``users`` (the first owns it); the bot is not a member."""
        if len(users) < 2 or any(user.bot for user in users):
            raise ValueError("a group DM is between two or more users, none a bot")
        channel = GroupDMChannel(
            id=self.ids.next(), recipients=list(users), owner=users[0], name=name
        )
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def private_dm(self, first: User, second: User) -> PrivateDMChannel:
        """The DM between two users (not the bot), created on first use."""
        for channel in self.channels.values():
            if isinstance(channel, PrivateDMChannel) and set(channel.recipients) == {first, second}:
                return channel
        if first is second or first.bot or second.bot:
            raise ValueError("a DM between users is between two different users, not bots")
        channel = PrivateDMChannel(id=self.ids.next(), recipients=(first, second))
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def bot_permissions_in(self, channel: Channel) -> int:
        """The bot's permissions in a guild channel or thread (a thread has its
        parent's): its roles', less what the channel's overwrite denies it."""
        guild = channel.guild
        if guild is None:
            return self.settings.bot_permissions
        parent = channel.parent if isinstance(channel, Thread) else channel
        denied = parent.bot_denied if isinstance(parent, TextChannel) else 0
        return overwritten(guild.members[self.bot_user.id].permissions, deny=denied)

    # -- threads ------------------------------------------------------------------

    def start_thread(
        self,
        parent: TextChannel,
        name: str,
        *,
        private: bool,
        owner: User,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
        starter: Message | None = None,
    ) -> Thread:
        """A new thread of ``parent`` (with the id of its ``starter`` message, if any),
        its creator its first member; a thread started from a message opens with a
        THREAD_STARTER_MESSAGE (type 21) pointing at it."""
        kind = PrivateThread if private else PublicThread
        now = utcnow()
        thread = kind(
            id=starter.id if starter is not None else self.ids.next(),
            parent=parent,
            name=name,
            owner=owner,
            created_at=now,
            archive_timestamp=now,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable if private else True,
            starter=starter,
        )
        thread.joined[owner.id] = ThreadMember(user=owner, joined_at=now)
        parent._threads.append(thread)
        self.channels[thread.id] = thread
        if starter is not None:
            self.create_message(thread, owner, {}, type=21, reply_to=starter, dispatch=False)
        self._emit("thread_created", thread)
        self._emit("thread_members_added", thread, list(thread.joined.values()))
        return thread

    def add_thread_member(self, thread: Thread, user: User) -> bool:
        """Add ``user`` to ``thread``; False if they were a member already."""
        if thread.has_member(user):
            return False
        member = ThreadMember(user=user, joined_at=utcnow())
        thread.joined[user.id] = member
        self._emit("thread_members_added", thread, [member])
        return True

    def update_thread(self, thread: Thread, **changes: Any) -> Thread:
        """Change a thread's name, archive state, lock or auto-archive duration;
        archiving or unarchiving moves ``archive_timestamp``."""
        if "archived" in changes and changes["archived"] != thread.archived:
            thread.archive_timestamp = utcnow()
        for key, value in changes.items():
            setattr(thread, key, value)
        self._emit("thread_updated", thread)
        return thread

    def mutual_guild(self, user: User) -> bool:
        return any(user.id in guild.members for guild in self.guilds.values())

    # -- messages -----------------------------------------------------------------

    def create_message(
        self,
        channel: Channel,
        author: User,
        payload: dict[str, Any],
        uploads: Sequence[Upload] = (),
        *,
        type: int = 0,
        webhook: bool = False,
        interaction: InteractionRecord | None = None,
        visible_to: User | None = None,
        extra_flags: int = 0,
        reply_to: Message | None = None,
        dispatch: bool = True,
    ) -> Message:
        """Store a message built from a (validated) Discord message payload."""
        flags = (int(payload.get("flags") or 0) & (_SENDABLE_FLAGS | EPHEMERAL)) | extra_flags
        if not interaction:
            flags &= ~EPHEMERAL
        message = Message(
            id=self.ids.next(),
            channel=channel,
            author=author,
            type=19 if reply_to is not None and type == 0 else type,
            reply_to=reply_to,
            tts=bool(payload.get("tts", False)),
            nonce=None if payload.get("nonce") is None else str(payload["nonce"]),
            flags=flags,
            webhook_id=self.application_id if webhook else None,
            application_id=self.application_id if (webhook or interaction) else None,
            interaction=interaction,
            visible_to=visible_to if flags & EPHEMERAL else None,
        )
        self._apply_content(message, payload, uploads, editing=False)
        channel._log.append(message)
        self.messages[message.id] = message
        if isinstance(channel, Thread) and channel.archived and not message.ephemeral:
            self.update_thread(channel, archived=False)  # a message unarchives it
        if dispatch and not message.ephemeral:
            self._emit("message_created", message)
        else:
            self.changed()
        return message

    def edit_message(
        self,
        message: Message,
        payload: dict[str, Any],
        uploads: Sequence[Upload] = (),
        *,
        clear_flags: int = 0,
    ) -> Message:
        """Apply a PATCH-style payload, keeping the previous version in ``history``."""
        message.history.append(message.snapshot())
        self._apply_content(message, payload, uploads, editing=True)
        if "flags" in payload:
            keep = message.flags & ~_SENDABLE_FLAGS
            message.flags = keep | (int(payload["flags"] or 0) & _SENDABLE_FLAGS)
        message.flags &= ~clear_flags
        message.edited_at = utcnow()
        if message.ephemeral:
            self.changed()
        else:
            self._emit("message_updated", message)
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if message.ephemeral:
            self.changed()
        else:
            self._emit("message_deleted", message)

    def _apply_content(
        self, message: Message, payload: dict[str, Any], uploads: Sequence[Upload], *, editing: bool
    ) -> None:
        if "content" in payload or not editing:
            message.content = str(payload.get("content") or "")
        if "embeds" in payload or not editing:
            message.embeds = [{"type": "rich", **embed} for embed in payload.get("embeds") or []]
        if "components" in payload or not editing:
            components = copy.deepcopy(list(payload.get("components") or []))
            comp.assign_ids(components)
            message.components = components
        if "content" in payload or "components" in payload or not editing:
            # Mentions in a v2 layout's text displays count as in content.
            text = "\n".join([message.content, *comp.text_displays(message.components)])
            allowed = _mentionable(payload.get("allowed_mentions"))
            message.mentions = [
                self.users[int(raw)]
                for raw in dict.fromkeys(_MENTION.findall(text))
                if int(raw) in self.users and (allowed is None or int(raw) in allowed)
            ]
        if "attachments" in payload or uploads or not editing:
            message.attachments = self._attachments(message, payload, uploads, editing=editing)

    def _attachments(
        self, message: Message, payload: dict[str, Any], uploads: Sequence[Upload], *, editing: bool
    ) -> list[Attachment]:
        by_index = {upload.index: upload for upload in uploads}
        entries = payload.get("attachments")
        if entries is None:
            kept = list(message.attachments) if editing else []
            return kept + [self.store_upload(message.channel, upload) for upload in uploads]
        result: list[Attachment] = []
        existing = {attachment.id: attachment for attachment in message.attachments}
        used: set[int] = set()
        for entry in entries:
            raw_id = int(entry.get("id", -1))
            if raw_id in by_index and raw_id not in used:
                used.add(raw_id)
                result.append(
                    self.store_upload(
                        message.channel,
                        by_index[raw_id],
                        filename=entry.get("filename"),
                        description=entry.get("description"),
                    )
                )
            elif editing and raw_id in existing:
                result.append(existing[raw_id])
        for upload in uploads:
            if upload.index not in used:
                result.append(self.store_upload(message.channel, upload))
        return result

    def store_upload(
        self,
        channel: Channel,
        upload: Upload,
        *,
        filename: str | None = None,
        description: str | None = None,
    ) -> Attachment:
        """Keep an uploaded file and serve it from the fake CDN."""
        attachment_id = self.ids.next()
        name = filename or upload.filename
        attachment = Attachment(
            id=attachment_id,
            filename=name,
            data=upload.data,
            content_type=upload.guessed_content_type,
            url=f"{self.public_base}/attachments/{channel.id}/{attachment_id}/{quote(name)}",
            description=description,
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def visible_message(self, channel: Channel, message_id: int) -> Message | None:
        """A live, non-ephemeral message in ``channel`` (what channel routes can see)."""
        message = self.messages.get(message_id)
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel is not channel
        ):
            return None
        return message


def _mentionable(allowed_mentions: Any) -> set[int] | None:
    """The users ``allowed_mentions`` lets a message mention (None: every user mentioned
    in it, the default of messages, webhooks and interactions alike)."""
    if not isinstance(allowed_mentions, dict):
        return None
    if "users" in (allowed_mentions.get("parse") or ()):
        return None
    return {int(user_id) for user_id in allowed_mentions.get("users") or ()}


def _make_token(user_id: int) -> str:
    head = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.{secrets.token_urlsafe(5)}.{secrets.token_urlsafe(27)}"
