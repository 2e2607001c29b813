"""Fixtures: a fake Discord with one server and four people, and the real bot in it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.bot.e2e.harness import (
    Player,
    TableDriver,
    assert_answered_once_in_time,
    start_bot,
    start_interactions,
)
from tests.conftest import fresh_database
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


@asynccontextmanager
async def checked_bot(club: Club, launcher: BotLauncher, **env: str) -> AsyncIterator[BotProcess]:
    """The bot started in the club (``env`` added to its environment); on leaving, the
    checks every test gets: whatever the test did, every interaction it sent was answered
    once and in time, and the bot called no route the fake does not know."""
    process = await start_bot(club.fake, launcher, club.db_path, club.guild, **env)
    yield process
    assert_answered_once_in_time(club.fake.interactions)
    assert club.fake.unknown_requests == []


@asynccontextmanager
async def checked_http_bot(
    club: Club, launcher: BotLauncher, postgres_url: str, **env: str
) -> AsyncIterator[BotProcess]:
    """The bot on PostgreSQL with its interactions over HTTP: one gateway process (it
    publishes) and two ``domino-tables interactions`` processes behind the fake's
    round-robin, which receive every interaction, DMs included. On leaving, the checks of
    :func:`checked_bot`, that both interactions processes answered some, and that each
    answered in its POST's response body."""
    shared = {"DATABASE_URL": postgres_url, "RENDER_PROCESSES": "0", **env}
    process = await start_bot(club.fake, launcher, club.db_path, club.guild, **shared)
    quiet = {"DEV_GUILD_ID": str(club.guild.id), "PUBLISH_WORKERS": "0", "LOG_LEVEL": "INFO"}
    endpoints = await start_interactions(club.fake, launcher, {**shared, **quiet})
    yield process
    records = club.fake.interactions
    assert_answered_once_in_time(records)
    assert club.fake.unknown_requests == []
    assert all(r.endpoint_status == 200 for r in records), [r.endpoint_status for r in records]
    # every first answer came back in the POST's body, as Discord documents for endpoints
    assert all(r.callbacks and r.callbacks[0].via == "body" for r in records)
    assert not any(c.via == "callback" for r in records for c in r.callbacks)
    assert {r.endpoint for r in records} == {url for _, url in endpoints}
    assert all(p.running for p, _ in endpoints)


@pytest.fixture(params=["gateway"])
async def bot(
    club: Club, bot_launcher: BotLauncher, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot, its interactions over the gateway; a test that parametrizes ``bot``
    indirectly with ``"http"`` runs against :func:`checked_http_bot` as well."""
    if request.param == "http":
        admin: str = request.getfixturevalue("postgres_admin_url")
        async with fresh_database(admin) as url:
            async with checked_http_bot(club, bot_launcher, url) as bot:
                yield bot
            await bot_launcher.close()  # every process stopped before its database goes
        return
    async with checked_bot(club, bot_launcher) as process:
        yield process


BOTH_WAYS = pytest.mark.parametrize("bot", ["gateway", "http"], indirect=True)
"""Runs a test with the bot's interactions over the gateway and over HTTP."""


@pytest.fixture(params=["gateway"])
async def seeded_bot(
    club: Club, bot_launcher: BotLauncher, deal_seed: str, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot dealing from ``DEAL_SEED=deal_seed``, so each game is the same every run.
    A module defines a ``deal_seed`` fixture or a test parametrizes ``deal_seed``; a test
    marked :data:`SEEDED_BOTH_WAYS` runs over HTTP as well."""
    if request.param == "http":
        admin: str = request.getfixturevalue("postgres_admin_url")
        async with fresh_database(admin) as url:
            async with checked_http_bot(club, bot_launcher, url, DEAL_SEED=deal_seed) as bot:
                yield bot
            await bot_launcher.close()
        return
    async with checked_bot(club, bot_launcher, DEAL_SEED=deal_seed) as process:
        yield process


SEEDED_BOTH_WAYS = pytest.mark.parametrize("seeded_bot", ["gateway", "http"], indirect=True)
"""Runs a test of :func:`seeded_bot` with its interactions over the gateway and over HTTP."""


def driver(club: Club, *players: Player, **options: Any) -> TableDriver:
    """A driver of the club's table channel; ``options``: e.g. ``family``, ``show_label``."""
    return TableDriver(club.fake, club.channel, list(players), **options)


async def two_player_table(club: Club, target: int = 50) -> TableDriver:
    """ada opens a two-seat Network table, bea joins, ada starts it."""
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=target)
    await table.click_lobby(club.bea, "Join")
    await table.start(club.ada)
    return table
