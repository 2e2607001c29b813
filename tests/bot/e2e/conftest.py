"""Fixtures: a fake Discord with one server and four people, and the real bot in it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.bot.e2e.harness import Player, TableDriver, assert_answered_once_in_time, start_bot
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, Guild, TextChannel
from tests.fakediscord.fixtures import bot_launcher, fake_discord

__all__ = ["bot_launcher", "fake_discord"]


@dataclass
class Club:
    fake: FakeDiscord
    guild: Guild
    channel: TextChannel
    ada: Player
    bea: Player
    cal: Player
    dan: Player
    db_path: Path


@pytest.fixture
def club(fake_discord: FakeDiscord, tmp_path: Path) -> Club:
    guild = fake_discord.add_guild("Domino Club")
    return Club(
        fake=fake_discord,
        guild=guild,
        channel=guild.add_text_channel("tables"),
        ada=Player(fake_discord.add_user("ada")),
        bea=Player(fake_discord.add_user("bea")),
        cal=Player(fake_discord.add_user("cal", dms_closed=True), dms_closed=True),
        dan=Player(fake_discord.add_user("dan")),
        db_path=tmp_path / "data" / "dominoes.sqlite3",
    )


@pytest.fixture
async def bot(club: Club, bot_launcher: BotLauncher) -> AsyncIterator[BotProcess]:
    process = await start_bot(club.fake, bot_launcher, club.db_path, club.guild)
    yield process
    # Whatever the test did, every interaction it sent was answered once and in time.
    assert_answered_once_in_time(club.fake.interactions)
    assert club.fake.unknown_requests == []


def driver(club: Club, *players: Player) -> TableDriver:
    return TableDriver(club.fake, club.channel, list(players))


async def two_player_table(club: Club, target: int = 50) -> TableDriver:
    """ada opens a two-seat Network table, bea joins, ada starts it."""
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=target)
    await table.click_lobby(club.bea, "Join")
    await table.start(club.ada)
    return table
