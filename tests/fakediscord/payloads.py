"""JSON shapes of Discord API objects, complete enough for discord.py to parse.

All snowflakes are strings, as on the real API. Optional fields discord.py reads with
``data[...]`` (not ``.get``) are always present.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import models
from .permissions import Perm, has
from .snowflake import iso
from .threads import Thread, ThreadMember

if TYPE_CHECKING:
    from .interactions import InteractionRecord

JSON = dict[str, Any]


def snowflake(value: int | None) -> str | None:
    return None if value is None else str(value)


def user(entity: models.User) -> JSON:
    payload: JSON = {
        "id": str(entity.id),
        "username": entity.name,
        "discriminator": "0",
        "global_name": entity.global_name,
        "avatar": None,
        "banner": None,
        "accent_color": None,
        "public_flags": 0,
        "flags": 0,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
    }
    if entity.bot:
        payload["bot"] = True
    return payload


def client_user(entity: models.User) -> JSON:
    """The bot's own user (GET /users/@me and READY)."""
    return {
        **user(entity),
        "verified": True,
        "mfa_enabled": False,
        "locale": entity.locale,
        "email": None,
        "bio": "",
    }


def role(entity: models.Role) -> JSON:
    payload: JSON = {
        "id": str(entity.id),
        "name": entity.name,
        "color": entity.color,
        "colors": {"primary_color": entity.color, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": entity.position,
        "permissions": str(entity.permissions),
        "managed": entity.managed,
        "mentionable": False,
        "flags": 0,
    }
    if entity.bot_id is not None:
        payload["tags"] = {"bot_id": str(entity.bot_id)}
    return payload


def member(entity: models.Member, *, include_user: bool = True, permissions: bool = False) -> JSON:
    payload: JSON = {
        "nick": entity.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r.id) for r in entity.roles if not r.is_everyone],
        "joined_at": iso(entity.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
        "avatar_decoration_data": None,
    }
    if include_user:
        payload["user"] = user(entity.user)
    if permissions:
        payload["permissions"] = str(entity.permissions)
    return payload


def _last_message_id(entity: models.Channel) -> str | None:
    last = entity.last_message
    return None if last is None else str(last.id)


def text_channel(entity: models.TextChannel) -> JSON:
    overwrites: list[JSON] = []
    if entity.bot_denied:
        bot_id = entity.guild.world.bot_user.id
        overwrites.append(
            {"id": str(bot_id), "type": 1, "allow": "0", "deny": str(entity.bot_denied)}
        )
    return {
        "id": str(entity.id),
        "type": entity.type,
        "guild_id": str(entity.guild.id),
        "name": entity.name,
        "position": entity.position,
        "permission_overwrites": overwrites,
        "topic": entity.topic,
        "nsfw": False,
        "last_message_id": _last_message_id(entity),
        "rate_limit_per_user": 0,
        "parent_id": None,
        "flags": 0,
        "default_auto_archive_duration": 1440,
    }


def dm_channel(entity: models.DMChannel) -> JSON:
    return {
        "id": str(entity.id),
        "type": entity.type,
        "last_message_id": _last_message_id(entity),
        "flags": 0,
        "recipients": [user(entity.recipient)],
    }


def group_dm_channel(entity: models.GroupDMChannel, viewer: models.User | None) -> JSON:
    """A group DM as ``viewer`` sees it: its other recipients."""
    return {
        "id": str(entity.id),
        "type": entity.type,
        "name": entity.name,
        "icon": None,
        "owner_id": str(entity.owner.id),
        "last_message_id": _last_message_id(entity),
        "flags": 0,
        "recipients": [user(u) for u in entity.recipients if u is not viewer],
    }


def private_dm_channel(entity: models.PrivateDMChannel, viewer: models.User | None) -> JSON:
    """A DM between two users as ``viewer`` (one of them) sees it: the other recipient."""
    return {
        "id": str(entity.id),
        "type": entity.type,
        "last_message_id": _last_message_id(entity),
        "flags": 0,
        "recipients": [user(u) for u in entity.recipients if u is not viewer],
    }


def thread_member(thread_entity: Thread, entity: ThreadMember) -> JSON:
    return {
        "id": str(thread_entity.id),
        "user_id": str(entity.user.id),
        "join_timestamp": iso(entity.joined_at),
        "flags": 0,
    }


def thread(entity: Thread, *, me: models.User | None = None) -> JSON:
    """A thread channel; ``member`` is ``me``'s thread member when ``me`` joined it
    (what REST answers and THREAD_CREATE carry for the bot)."""
    live = [m for m in entity.messages if not m.ephemeral]
    metadata: JSON = {
        "archived": entity.archived,
        "auto_archive_duration": entity.auto_archive_duration,
        "archive_timestamp": iso(entity.archive_timestamp),
        "locked": entity.locked,
        "create_timestamp": iso(entity.created_at),
    }
    if entity.private:
        metadata["invitable"] = entity.invitable
    payload: JSON = {
        "id": str(entity.id),
        "type": entity.type,
        "guild_id": str(entity.guild.id),
        "parent_id": str(entity.parent.id),
        "owner_id": str(entity.owner.id),
        "name": entity.name,
        "last_message_id": _last_message_id(entity),
        "rate_limit_per_user": 0,
        "message_count": min(50, len(live)),
        "total_message_sent": len(entity._log),
        "member_count": min(50, len(entity.joined)),
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": metadata,
    }
    joined = None if me is None else entity.joined.get(me.id)
    if joined is not None:
        payload["member"] = thread_member(entity, joined)
    return payload


def channel(entity: models.Channel, *, viewer: models.User | None = None) -> JSON:
    """A channel; private ones list their recipients other than ``viewer``."""
    if isinstance(entity, models.TextChannel):
        return text_channel(entity)
    if isinstance(entity, Thread):
        return thread(entity, me=viewer)
    if isinstance(entity, models.DMChannel):
        return dm_channel(entity)
    if isinstance(entity, models.GroupDMChannel):
        return group_dm_channel(entity, viewer)
    if isinstance(entity, models.PrivateDMChannel):
        return private_dm_channel(entity, viewer)
    raise TypeError(f"unsupported channel {entity!r}")


def guild(entity: models.Guild) -> JSON:
    """A guild as GET /guilds/{id} returns it (no channels or members)."""
    first_channel = next(iter(entity.channels), None)
    return {
        "id": str(entity.id),
        "name": entity.name,
        "icon": None,
        "icon_hash": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "owner_id": str(entity.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "widget_enabled": False,
        "widget_channel_id": None,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in entity.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": snowflake(first_channel),
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": entity.preferred_locale,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "nsfw_level": 0,
        "nsfw": False,
        "premium_progress_bar_enabled": False,
        "max_members": 500_000,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "incidents_data": None,
    }


def guild_create(
    entity: models.Guild,
    *,
    bot: models.Member,
    members: list[models.Member],
    newly_joined: bool = False,
) -> JSON:
    """The GUILD_CREATE event body (full guild with channels and the given members).

    Guilds announced in READY come back with ``unavailable: false``; a guild joined
    later has no ``unavailable`` key, which is how discord.py tells ``guild_join``
    from ``guild_available``.
    """
    payload: JSON = {
        **guild(entity),
        "joined_at": iso(bot.joined_at),
        "large": False,
        "lazy": True,
        "member_count": len(entity.members),
        "members": [member(m) for m in members],
        "channels": [text_channel(c) for c in entity.channels.values()],
        "threads": [thread(t, me=bot.user) for t in visible_threads(entity, bot.user)],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
    }
    if not newly_joined:
        payload["unavailable"] = False
    return payload


def visible_threads(entity: models.Guild, bot: models.User) -> list[Thread]:
    """The guild's active threads the bot may see (GUILD_CREATE's ``threads``): public
    ones, and private ones it joined or moderates."""
    return [t for t in entity.threads if not t.archived and sees_thread(t, bot)]


def sees_thread(entity: Thread, bot: models.User) -> bool:
    """Whether the bot sees ``entity``: a public thread of a channel it sees, a private
    one only as a member or with Manage Threads."""
    permissions = entity.guild.world.bot_permissions_in(entity)
    if not has(permissions, Perm.VIEW_CHANNEL):
        return False
    return not entity.private or entity.has_member(bot) or has(permissions, Perm.MANAGE_THREADS)


def attachment(entity: models.Attachment) -> JSON:
    payload: JSON = {
        "id": str(entity.id),
        "filename": entity.filename,
        "size": entity.size,
        "url": entity.url,
        "proxy_url": entity.url,
        "spoiler": entity.filename.startswith("SPOILER_"),
        "flags": 0,
    }
    if entity.content_type:
        payload["content_type"] = entity.content_type
    if entity.description is not None:
        payload["description"] = entity.description
    return payload


def interaction_metadata(record: InteractionRecord, message: models.Message) -> JSON:
    payload: JSON = {
        "id": str(record.id),
        "type": record.type,
        "user": user(record.user),
        "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
    }
    if record.command is not None:
        payload["name"] = record.command_path
        payload["command_type"] = record.command.type
    if record.source_message is not None:
        payload["interacted_message_id"] = str(record.source_message.id)
    if record.original is not None and record.original is not message:
        payload["original_response_message_id"] = str(record.original.id)
    return payload


def message(entity: models.Message, *, gateway: bool = False) -> JSON:
    """A message; ``gateway`` adds ``guild_id`` and ``member`` as MESSAGE_CREATE does."""
    payload: JSON = {
        "id": str(entity.id),
        "channel_id": str(entity.channel.id),
        "author": user(entity.author),
        "content": entity.content,
        "timestamp": iso(entity.created_at),
        "edited_timestamp": iso(entity.edited_at),
        "tts": entity.tts,
        "mention_everyone": False,
        "mentions": [user(u) for u in entity.mentions],
        "mention_roles": [],
        "attachments": [attachment(a) for a in entity.attachments],
        "embeds": entity.embeds,
        "pinned": False,
        "type": entity.type,
        "flags": entity.flags,
        "components": entity.components,
    }
    if entity.nonce is not None:
        payload["nonce"] = entity.nonce
    if entity.reply_to is not None:
        replied = entity.reply_to
        reference: JSON = {
            "type": 0,
            "message_id": str(replied.id),
            "channel_id": str(replied.channel.id),
        }
        if replied.channel.guild is not None:
            reference["guild_id"] = str(replied.channel.guild.id)
        payload["message_reference"] = reference
        payload["referenced_message"] = None if replied.deleted else message(replied)
    started = next((t for t in _threads_of(entity.channel) if t.starter is entity), None)
    if started is not None:
        payload["thread"] = thread(started)
    if entity.webhook_id is not None:
        payload["webhook_id"] = str(entity.webhook_id)
    if entity.application_id is not None:
        payload["application_id"] = str(entity.application_id)
    record = entity.interaction
    if record is not None:
        payload["interaction_metadata"] = interaction_metadata(record, entity)
        if record.command is not None:
            payload["interaction"] = {
                "id": str(record.id),
                "type": record.type,
                "name": record.command_path,
                "user": user(record.user),
            }
    guild_entity = entity.channel.guild
    if gateway and guild_entity is not None:
        payload["guild_id"] = str(guild_entity.id)
        author_member = guild_entity.members.get(entity.author.id)
        if author_member is not None and entity.webhook_id is None:
            payload["member"] = member(author_member, include_user=False)
    return payload


def _threads_of(entity: models.Channel) -> list[Thread]:
    return entity.threads if isinstance(entity, models.TextChannel) else []


def command(entity: models.RegisteredCommand) -> JSON:
    raw = entity.raw
    payload: JSON = {
        "id": str(entity.id),
        "application_id": str(entity.application_id),
        "version": str(entity.version),
        "type": entity.type,
        "name": entity.name,
        "name_localizations": raw.get("name_localizations"),
        "description": raw.get("description", ""),
        "description_localizations": raw.get("description_localizations"),
        "default_member_permissions": raw.get("default_member_permissions"),
        "dm_permission": raw.get("dm_permission", True),
        "contexts": raw.get("contexts"),
        "integration_types": entity.integration_types,
        "nsfw": bool(raw.get("nsfw", False)),
    }
    if entity.options:
        payload["options"] = entity.options
    if entity.type == 4:  # an Entry Point: who handles it
        payload["handler"] = int(raw.get("handler", 1))
    if entity.guild_id is not None:
        payload["guild_id"] = str(entity.guild_id)
    return payload


def application(bot: models.User, *, flags: int) -> JSON:
    """GET /oauth2/applications/@me: the bot's application, owned by the bot user."""
    return {
        "id": str(bot.id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "hook": True,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": flags,
        "owner": user(bot),
        "team": None,
        "bot": user(bot),
        "rpc_origins": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "tags": [],
        "approximate_guild_count": 0,
        "integration_types_config": {"0": {}, "1": {}},
    }
