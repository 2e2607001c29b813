"""What the bot's unit tests share: a fresh SQLite store per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """An empty store in a file of the test's own (tests needing another kind define
    their own ``store``)."""
    async with Store.open(tmp_path / "t.db") as opened:
        yield opened
