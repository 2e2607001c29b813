"""Permission bits and the guild-level permission maths Discord applies."""

from __future__ import annotations

from enum import IntFlag


class Perm(IntFlag):
    """The permission bits the fake cares about (values from the Discord API)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    USE_EXTERNAL_APPS = 1 << 50


ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_DEFAULT = (
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.USE_EXTERNAL_APPS
)

BOT_DEFAULT = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.ADD_REACTIONS
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.MANAGE_MESSAGES
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.MANAGE_THREADS
)

THREAD_CREATION = Perm.CREATE_PUBLIC_THREADS | Perm.CREATE_PRIVATE_THREADS


def bot_denials(
    *,
    create_threads: bool = True,
    send_in_threads: bool = True,
    manage_threads: bool = True,
    send_messages: bool = True,
) -> int:
    """The permissions a server (or a channel's overwrite) takes from the bot: the knobs
    of ``add_guild`` and ``add_text_channel`` (the thread permissions, and Send Messages)."""
    denied = 0
    if not send_messages:
        denied |= Perm.SEND_MESSAGES
    if not create_threads:
        denied |= THREAD_CREATION
    if not send_in_threads:
        denied |= Perm.SEND_MESSAGES_IN_THREADS
    if not manage_threads:
        denied |= Perm.MANAGE_THREADS
    return int(denied)


def effective(role_permissions: list[int], *, is_owner: bool) -> int:
    """Guild-level permissions: the OR of all roles; owner and ADMINISTRATOR get everything."""
    value = 0
    for perms in role_permissions:
        value |= perms
    if is_owner or value & Perm.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return value


def overwritten(base: int, *, deny: int = 0, allow: int = 0) -> int:
    """Channel permissions from guild-level ``base`` and a member's overwrite (Discord
    applies @everyone's, then roles', then the member's; the fake keeps one, the bot's).
    ADMINISTRATOR overrides every overwrite."""
    if base & Perm.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return (base & ~deny) | allow


def has(value: int, required: int) -> bool:
    """Whether ``value`` grants every bit of ``required`` (ADMINISTRATOR grants all)."""
    return bool(value & Perm.ADMINISTRATOR) or value & required == required
