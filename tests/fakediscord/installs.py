"""Where an interaction comes from and which installs of the app authorised it.

Discord tells an app the interaction context (0 a guild, 1 the bot's DM, 2 another
private channel: a group DM or a DM between users) and, in
``authorizing_integration_owners``, the installs it acts under: ``"0"`` the guild install
(the guild's id, or ``"0"`` in the bot's DM) and ``"1"`` the user install (the id of the
user who installed it). A command is offered only where one of its installs applies; a
component on an app's message inherits the owners of the interaction that made it.
"""

from __future__ import annotations

from typing import Any

from .commands import BOT_DM, GUILD, GUILD_INSTALL, PRIVATE_CHANNEL, USER_INSTALL
from .models import Channel, DMChannel, Message, RegisteredCommand, User
from .permissions import Perm

PRIVATE_APP_PERMISSIONS = int(Perm.ATTACH_FILES | Perm.EMBED_LINKS | Perm.MENTION_EVERYONE)
"""``app_permissions`` in a group DM or a DM between users: what Discord documents for
(G)DMs with other users."""


def context_of(channel: Channel) -> int:
    """The interaction context of ``channel``."""
    if channel.guild is not None:
        return GUILD
    return BOT_DM if isinstance(channel, DMChannel) else PRIVATE_CHANNEL


def command_owners(command: RegisteredCommand, user: User, channel: Channel) -> dict[str, str]:
    """The installs under which ``user`` may run ``command`` in ``channel`` (empty: the
    Discord client does not offer it there)."""
    context = context_of(channel)
    if not command.usable_in(context):
        return {}
    owners: dict[str, str] = {}
    guild = channel.guild
    if GUILD_INSTALL in command.integration_types and context != PRIVATE_CHANNEL:
        owners[str(GUILD_INSTALL)] = "0" if guild is None else str(guild.id)
    if USER_INSTALL in command.integration_types and user.installed_app:
        owners[str(USER_INSTALL)] = str(user.id)
    return owners


def message_owners(message: Message) -> dict[str, str]:
    """The installs a component on ``message`` acts under: those of the interaction that
    made it; the guild install for the bot's own channel posts."""
    if message.interaction is not None:
        owners: Any = message.interaction.payload["authorizing_integration_owners"]
        return dict(owners)
    guild = message.channel.guild
    return {str(GUILD_INSTALL): "0" if guild is None else str(guild.id)}
