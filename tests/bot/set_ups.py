"""Table set-ups the bot's unit tests share."""

from __future__ import annotations

from bot.tables.settings import TableSettings


def network_table(seats: int) -> TableSettings:
    """A Network dominoes table for ``seats`` players, no target, a 5-minute turn."""
    return TableSettings.build("network", seats=seats, target=None, turn_seconds=300, options={})
