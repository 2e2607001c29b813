"""The pictures a page shows, with their tappable spots, drawn where the bot draws its
pictures (the drawing processes, never the event loop) and kept a little while: every
page watching a table asks for the same picture of the same version.

Each drawing gets the match as JSON and draws only what the seat it is drawn for may see,
as the DMs' pictures do (the adapters' ``*_scene`` methods are their pictures plus spots).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
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
    """Draws scenes and keeps the latest :data:`KEPT` of them."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, Scene | None] = OrderedDict()

    def _recall(self, key: Hashable) -> tuple[bool, Scene | None]:
        if key in self._kept:
            self._kept.move_to_end(key)
            return True, self._kept[key]
        return False, None

    def _keep(self, key: Hashable, scene: Scene | None) -> Scene | None:
        self._kept[key] = scene
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return scene

    async def table(self, record: TableRecord, match: Match, text: Text) -> Scene:
        key = ("table", record.id, record.version, text.language)
        found, scene = self._recall(key)
        if found and scene is not None:
            return scene
        names = seat_names(record)
        drawn = await draw_off_loop(_table_scene, record.game, match.to_json(), names, text)
        self._keep(key, drawn)
        return drawn

    async def hand(
        self, record: TableRecord, match: Match, seat: int, title: str, page: int, text: Text
    ) -> Scene | None:
        key = ("hand", record.id, record.version, seat, page, text.language)
        found, scene = self._recall(key)
        if found:
            return scene
        drawn = await draw_off_loop(
            _hand_scene, record.game, match.to_json(), seat, title, page, text
        )
        return self._keep(key, drawn)

    async def places(
        self, record: TableRecord, match: Match, seat: int, subject: str, text: Text
    ) -> Scene | None:
        key = ("places", record.id, record.version, seat, subject, text.language)
        found, scene = self._recall(key)
        if found:
            return scene
        names = seat_names(record)
        drawn = await draw_off_loop(
            _subject_scene, record.game, match.to_json(), names, seat, subject, text
        )
        return self._keep(key, drawn)
