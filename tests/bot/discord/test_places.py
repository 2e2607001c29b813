"""Where an interaction happens decides where a table opened by it is played, whose league
it counts in, and whether the bot may post there (Discord's own fields: the guild, the
context, the installs that authorised the interaction)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.places import bot_is_absent, league_of, place_of

ADA, SERVER = 11, 99


def interaction(
    *, guild: int | None, owners: dict[int, int], context: str, channel: discord.ChannelType
) -> Any:
    """An interaction as far as the places read it."""
    found = SimpleNamespace(
        guild_id=guild,
        user=SimpleNamespace(id=ADA),
        channel=SimpleNamespace(type=channel),
        context=app_commands.AppCommandContext(**{context: True}),
        is_guild_integration=lambda: guild is not None and owners.get(0) == guild,
        is_user_integration=lambda: owners.get(1) == ADA,
    )
    return cast(Any, found)


def test_a_server_with_the_bot_is_a_server_channel_it_posts_in() -> None:
    here = interaction(
        guild=SERVER, owners={0: SERVER}, context="guild", channel=discord.ChannelType.text
    )
    assert place_of(here) == "server" and not bot_is_absent(here)
    assert league_of(here, place_of(here)) == SERVER


def test_a_server_that_has_the_app_only_through_a_user_is_reached_by_interactions() -> None:
    here = interaction(
        guild=SERVER, owners={1: ADA}, context="guild", channel=discord.ChannelType.text
    )
    assert place_of(here) == "server_app" and bot_is_absent(here)
    assert league_of(here, place_of(here)) == SERVER  # still the server's league


def test_a_group_dm_is_the_openers_own_league_and_the_bot_is_absent() -> None:
    here = interaction(
        guild=None, owners={1: ADA}, context="private_channel", channel=discord.ChannelType.group
    )
    assert place_of(here) == "group_dm" and bot_is_absent(here)
    assert league_of(here, place_of(here)) == ADA


def test_the_bots_own_dm_is_a_dm_it_may_post_in() -> None:
    here = interaction(
        guild=None, owners={0: 0, 1: ADA}, context="dm_channel", channel=discord.ChannelType.private
    )
    assert place_of(here) == "dm" and not bot_is_absent(here)
    assert league_of(here, place_of(here)) == ADA
