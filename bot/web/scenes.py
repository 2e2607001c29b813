"""The pictures a page shows, with their tappable spots, drawn where the bot draws its
pictures (the drawing processes, never the event loop) and kept a little while: every
page watching a table asks for the same picture of the same version.

Each drawing gets the match as JSON and draws only what the seat it is drawn for may see,
as the DMs' pictures do (the adapters' ``*_scene`` methods are their pictures plus spots).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Final

from bot.games import adapter_for
from bot.games.base import Scene
from bot.publishing.pictures import draw_off_loop
from bot.store import TableRecord
from bot.tables.service import seat_names
from engine.match import Match
from i18n import Text

JSON = dict[str, Any]
KEPT: Final = 256
"""Scenes kept in memory (a table's current picture in a few languages, and the hands
and places of its players)."""


def _table_scene(game: str, match: JSON, names: list[str], text: Text) -> Scene:
    return adapter_for(game).table_scene(Match.from_json(match), names, text=text)


def _hand_scene(
    game: str, match: JSON, seat: int, title: str, page: int, text: Text
) -> Scene | None:
    return adapter_for(game).hand_scene(Match.from_json(match).hand, seat, title, page, text=text)


def _subject_scene(
    game: str, match: JSON, names: list[str], seat: int, subject: str, text: Text
) -> Scene | None:
    return adapter_for(game).subject_scene(Match.from_json(match), names, seat, subject, text=text)


class Scenes:
    """Draws scenes and keeps the latest :data:`KEPT` of them. Pages asking for the same
    scene at once (every page of a table after a move) share one drawing."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, asyncio.Future[Scene | None]] = OrderedDict()

    async def _drawn(
        self, key: Hashable, draw: Callable[[], Awaitable[Scene | None]]
    ) -> Scene | None:
        kept = self._kept.get(key)
        failed = kept is not None and kept.done() and (kept.cancelled() or kept.exception())
        if kept is not None and not failed:  # drawn, or being drawn: share it
            self._kept.move_to_end(key)
            return await asyncio.shield(kept)
        task = asyncio.ensure_future(draw())
        self._kept[key] = task
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return await asyncio.shield(task)

    async def table(self, record: TableRecord, match: Match, text: Text) -> Scene:
        names = seat_names(record)
        scene = await self._drawn(
            ("table", record.id, record.version, text.language),
            lambda: draw_off_loop(_table_scene, record.game, match.to_json(), names, text),
        )
        assert scene is not None
        return scene

    async def hand(
        self, record: TableRecord, match: Match, seat: int, title: str, page: int, text: Text
    ) -> Scene | None:
        return await self._drawn(
            ("hand", record.id, record.version, seat, page, text.language),
            lambda: draw_off_loop(
                _hand_scene, record.game, match.to_json(), seat, title, page, text
            ),
        )

    async def places(
        self, record: TableRecord, match: Match, seat: int, subject: str, text: Text
    ) -> Scene | None:
        names = seat_names(record)
        return await self._drawn(
            ("places", record.id, record.version, seat, subject, text.language),
            lambda: draw_off_loop(
                _subject_scene, record.game, match.to_json(), names, seat, subject, text
            ),
        )
