"""PNG pictures for Discord messages, drawn off the event loop.

Rendering takes tens of milliseconds of CPU; running it in a worker thread keeps the
gateway heartbeat and other tables' interactions moving meanwhile.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

from bot.service import network_hand
from engine.game import HandState
from engine.match import Match
from engine.network import NetworkHand
from engine.tiles import Tile
from render import render_hand, render_network_table

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
CANDIDATES_FILE = "candidates.png"
FINISHED_FILE = "hand-over.png"


async def table_picture(
    match: Match, names: Sequence[str], *, filename: str = TABLE_FILE
) -> discord.File:
    """The current hand's table with the running totals (public)."""
    data = await asyncio.to_thread(
        render_network_table,
        network_hand(match),
        list(names),
        totals=list(match.totals),
        target=match.target,
    )
    return _file(data, filename)


async def finished_hand_picture(
    hand: HandState[Any], match: Match, names: Sequence[str]
) -> discord.File:
    """A hand as it ended, for the end-of-hand announcement (public: only placed tiles)."""
    if not isinstance(hand, NetworkHand):
        raise TypeError(f"expected a Network dominoes hand, got {type(hand).__name__}")
    data = await asyncio.to_thread(
        render_network_table,
        hand,
        list(names),
        totals=list(match.totals),
        target=match.target,
        title="Network dominoes · hand over",
    )
    return _file(data, FINISHED_FILE)


async def candidates_picture(match: Match, names: Sequence[str], tile: Tile) -> discord.File:
    """The table with the tile's legal placements drawn as numbered ghosts (private)."""
    data = await asyncio.to_thread(
        render_network_table,
        network_hand(match),
        list(names),
        totals=list(match.totals),
        target=match.target,
        candidates=tile,
        title=f"Where {tile} can go",
    )
    return _file(data, CANDIDATES_FILE)


async def hand_picture(tiles: Sequence[Tile], playable: Sequence[Tile], title: str) -> discord.File:
    """A player's own tiles, playable ones marked (private: only ever sent to them)."""
    data = await asyncio.to_thread(render_hand, list(tiles), list(playable), title=title)
    return _file(data, HAND_FILE)


def _file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)
