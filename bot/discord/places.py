"""Where an interaction happens, as far as a table there is concerned: whether the bot is
in that chat (it may post and edit there) or only answers interactions in it (a user
install, used in a DM or a group DM, or in a server that did not add the bot)."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables.places import Place, in_a_server


def place_of(interaction: discord.Interaction[Any]) -> Place:
    """The place a table opened by this interaction is played in."""
    if interaction.guild_id is not None:
        only_users = interaction.is_user_integration() and not interaction.is_guild_integration()
        return "server_app" if only_users else "server"
    channel = interaction.channel
    if channel is not None and channel.type is discord.ChannelType.group:
        return "group_dm"
    return "dm"


def league_of(interaction: discord.Interaction[Any], place: Place) -> int:
    """Whose league a table's results count in: its server's, or outside servers the
    league of the person who opened it (their own, as the app is installed to them)."""
    if in_a_server(place) and interaction.guild_id is not None:
        return interaction.guild_id
    return interaction.user.id


def bot_is_absent(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot cannot post in the interaction's chat: a group DM or a DM between
    other people, or a server that has the app only through its users. (The bot's own DM
    is not one: the bot posts there, the players' private controls included.)"""
    if interaction.guild_id is not None:
        return interaction.is_user_integration() and not interaction.is_guild_integration()
    return bool(interaction.context.private_channel)
