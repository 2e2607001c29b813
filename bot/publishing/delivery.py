"""Direct messages to players, and what to do when Discord refuses them.

A player whose privacy settings block DMs from server members makes Discord answer
403 with code 50007. That is not an error of the bot: the caller marks the player's DMs
as closed and offers the same controls as an ephemeral message instead.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

import discord

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER: Final = 50007


class Delivery:
    """Sends DMs, remembering each user's DM channel so a DM costs one API call."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._dm_channels: dict[int, int] = {}

    def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Note a DM channel seen on an interaction, saving a lookup later."""
        self._dm_channels[user_id] = channel_id

    def dm_channel(self, user_id: int) -> int | None:
        """The user's DM channel id, once known."""
        return self._dm_channels.get(user_id)

    async def send_dm(
        self,
        user_id: int,
        content: str,
        *,
        files: Sequence[discord.File] = (),
        view: discord.ui.View | None = None,
        nonce: int | None = None,
    ) -> bool:
        """Send a DM. Returns False when the user does not accept DMs (50007). A ``nonce``
        makes Discord drop a repeat of the same message (a resend after a restart)."""
        try:
            channel = await self._channel(user_id)
            extra: dict[str, Any] = {} if view is None else {"view": view}
            if nonce is not None:
                extra["nonce"] = nonce
            await channel.send(content, files=list(files), **extra)
        except discord.Forbidden as exc:
            if exc.code == CANNOT_MESSAGE_USER:
                log.info("user %d does not accept DMs", user_id)
                return False
            raise
        return True

    async def post(
        self, channel_id: int, content: str, *, view: discord.ui.View | None = None
    ) -> None:
        """Post in a server channel (what a player whose DMs are closed is told instead)."""
        channel = self._client.get_partial_messageable(channel_id)
        extra: dict[str, Any] = {} if view is None else {"view": view}
        await channel.send(content, **extra)

    async def _channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel = await self._client.create_dm(discord.Object(id=user_id))
            channel_id = channel.id
            self._dm_channels[user_id] = channel_id
        return self._client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
