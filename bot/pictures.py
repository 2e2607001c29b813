"""PNG pictures for Discord messages, drawn off the event loop by the table's game adapter.

Rendering takes tens of milliseconds of CPU; running it in a worker thread keeps the
gateway heartbeat and other tables' interactions moving meanwhile.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.games import adapter_for
from bot.service import SeatView, seat_names
from bot.store import TableRecord
from engine.game import HandState
from engine.match import Match

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
CANDIDATES_FILE = "candidates.png"
FINISHED_FILE = "hand-over.png"


async def table_picture(record: TableRecord, match: Match) -> discord.File:
    """The current hand's table with the running totals (public)."""
    adapter = adapter_for(record.game)
    data = await asyncio.to_thread(adapter.table_picture, match, seat_names(record))
    return _file(data, TABLE_FILE)


async def finished_hand_picture(
    record: TableRecord, hand: HandState[Any], match: Match
) -> discord.File:
    """A hand as it ended, for the end-of-hand announcement (public)."""
    adapter = adapter_for(record.game)
    data = await asyncio.to_thread(
        lambda: adapter.table_picture(match, seat_names(record), hand=hand)
    )
    return _file(data, FINISHED_FILE)


async def hand_picture(view: SeatView) -> discord.File:
    """A player's own tiles, playable ones marked (private: only ever sent to them)."""
    adapter = adapter_for(view.record.game)
    title = f"Table {view.record.id} · hand {view.match.hand_number}"
    data = await asyncio.to_thread(adapter.hand_picture, view.hand, view.seat, title)
    return _file(data, HAND_FILE)


async def subject_picture(view: SeatView, subject: str) -> discord.File:
    """Where the chosen subject can go (private), or the hand when the game has no such
    picture for it."""
    adapter = adapter_for(view.record.game)
    data = await asyncio.to_thread(
        adapter.subject_picture, view.match, seat_names(view.record), view.seat, subject
    )
    if data is None:
        return await hand_picture(view)
    return _file(data, CANDIDATES_FILE)


def _file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)
