"""Fixtures: the e2e club (a fake Discord with one server and four people), a real
Chromium, and the real bot serving its web page beside itself."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser

from tests.bot.e2e.conftest import Club, club
from tests.bot.e2e.harness import assert_answered_once_in_time
from tests.fakediscord import BotLauncher
from tests.fakediscord.fixtures import bot_launcher, fake_discord
from tests.web.browser import chromium
from tests.web.site import Site, start_site

__all__ = ["bot_launcher", "club", "fake_discord"]


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """A headless Chromium for the test; each person opens a context of their own."""
    async with chromium() as browser:
        yield browser


@pytest.fixture
def deal_seed() -> str:
    """The bot's seed: every deal and computer move the same every run (a module may
    choose its own)."""
    return "7"


@pytest.fixture
async def site(club: Club, bot_launcher: BotLauncher, deal_seed: str) -> AsyncIterator[Site]:
    """The bot in the club with its page served; on leaving, the checks every e2e test
    gets: each interaction answered once and in time, no route the fake does not know."""
    site = await start_site(club, bot_launcher, deal_seed)
    yield site
    assert_answered_once_in_time(club.fake.interactions)
    assert club.fake.unknown_requests == []
