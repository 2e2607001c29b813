"""What one page is shown of a table: the viewer's state as JSON.

The same words as the table message and the DMs (their builders are reused), the viewer's
own hand and controls when they hold a seat, and the pictures with their tappable spots.
A spectator gets the channel's view; a player gets their own seat's view and nothing of
another seat's: the hand picture is drawn for their seat alone, and the controls come
from the adapter for that seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from bot.games import adapter_for
from bot.games.base import Scene
from bot.games.words import words_for
from bot.publishing import messages
from bot.publishing.alt_text import hand_alt_text, table_alt_text
from bot.store import TableRecord, TableStatus
from bot.tables.meta import TableMeta
from bot.tables.service import PlayerSeat, load_match, seat_names, seat_of
from bot.web.scenes import Scenes
from engine.match import Match
from engine.registry import game_spec
from i18n import Text

JSON = dict[str, Any]

_COMMAND_MENTION: Final = re.compile(r"</([^:>]+):\d+>")
_USER_MENTION: Final = re.compile(r"<@!?(\d+)>")
_ESCAPED: Final = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~>])")
r"""Discord markdown's escapes (a name's ``\(`` reads ``(`` on a page)."""
_ITALIC: Final = re.compile(r"(?<!\w)_([^_\n]+)_(?!\w)")
_LOG_LINES: Final = 8
"""The latest plays a page lists."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a user (0: an anonymous spectator) and the words they read."""

    user_id: int
    text: Text

    def seat_at(self, record: TableRecord) -> int | None:
        return None if self.user_id == 0 else seat_of(record, self.user_id)


def page_words(text: Text) -> dict[str, str]:
    """Every word the page itself shows, in the viewer's language."""
    _ = text._
    return {
        "your_turn": _("Your turn."),
        "your_hand": _("Your hand"),
        "table": _("The table"),
        "choose": _("Choose a tile or a piece to play."),
        "where": _("Choose where to play it"),
        "cancel": _("Back"),
        "playing": _("Playing…"),
        "reconnecting": _("Connection lost: reconnecting…"),
        "connected": _("Live"),
        "connecting": _("Connecting…"),
        "offline": _("No connection: check your network."),
        "seats": _("Players"),
        "spectating": _("You are watching this table."),
        "computer": _("computer"),
        "you": _("you"),
        "latest": _("Latest plays"),
        "seconds_left": _("{seconds} s left"),
        "minutes_left": _("{minutes} min left"),
        "time_up": _("time is up"),
    }


def plain(sentence: str) -> str:
    """A sentence for a page: a command's clickable mention as the command's name."""
    return _COMMAND_MENTION.sub(lambda m: "/" + m.group(1), sentence)


def _plain(content: str, record: TableRecord) -> list[str]:
    """The message's lines as a page shows them: command mentions as the command's
    name, user mentions as the seat's name."""
    names = {seat.user_id: seat.name for seat in record.seats if seat.user_id is not None}

    def user(match: re.Match[str]) -> str:
        return names.get(int(match.group(1)), "…")

    content = plain(content)
    content = _ITALIC.sub(r"\1", content)
    content = _ESCAPED.sub(r"\1", content)
    return _USER_MENTION.sub(user, content).split("\n")


def picture_json(url: str, scene: Scene, alt: str) -> JSON:
    """A picture as a page gets it: where to fetch it, its size, its words and spots."""
    return {
        "url": url,
        "width": scene.width,
        "height": scene.height,
        "alt": alt,
        "spots": [{"key": spot.key, "box": list(spot.box)} for spot in scene.spots],
    }


class States:
    """Builds viewers' states, drawing through one shared :class:`Scenes`."""

    def __init__(self, scenes: Scenes) -> None:
        self.scenes = scenes

    async def of(self, record: TableRecord, viewer: Viewer) -> JSON:
        text = viewer.text
        spec = game_spec(record.game)
        state: JSON = {
            "table": record.id,
            "version": record.version,
            "turn": TableMeta.from_json(record.meta).turn,
            "game": record.game,
            "family": spec.family,
            "title": text._(spec.title),
            "status": record.status.value,
            "language": text.language,
            "deadline": None,
            "seats": [],
            "log": [],
            "picture": None,
            "you": None,
            "words": page_words(text),
        }
        if record.status is TableStatus.LOBBY or not record.state:
            state["lines"] = _plain(messages.lobby_content(record, text), record)
            state["seats"] = [
                {
                    "name": s.name,
                    "score": None,
                    "on_turn": False,
                    "computer": s.is_bot,
                    "you": s.user_id == viewer.user_id and viewer.user_id != 0,
                }
                for s in record.seats
            ]
            return state
        match = load_match(record)
        meta = TableMeta.from_json(record.meta)
        content = messages.table_content(record, match, frozenset(), text)
        lines = _plain(content, record)
        if "" in lines:
            lines = lines[: lines.index("")]
        state["lines"] = lines
        state["log"] = list(meta.log_in(text.language))[-_LOG_LINES:]
        playing = record.status is TableStatus.PLAYING and not match.is_over
        on_turn = match.hand.current_player if playing else None
        seat = viewer.seat_at(record)
        state["seats"] = [
            {
                "name": s.name,
                "score": total,
                "on_turn": index == on_turn,
                "computer": s.is_bot,
                "you": index == seat,
            }
            for index, (s, total) in enumerate(zip(record.seats, match.totals, strict=True))
        ]
        if playing and meta.deadline is not None:
            state["deadline"] = meta.deadline.isoformat()
        scene = await self.scenes.table(record, match, text)
        shown = match.last_hand if match.is_over and match.last_hand is not None else match.hand
        alt = table_alt_text(record.game, record.id, seat_names(record), match, shown, text)
        url = f"/api/tables/{record.id}/picture.png?v={record.version}&lang={text.language}"
        state["picture"] = picture_json(url, scene, alt)
        if seat is not None:
            state["you"] = await self._seat(record, match, seat, playing, text)
        return state

    @staticmethod
    def hand_title(record: TableRecord, match: Match, text: Text) -> str:
        """The hand picture's title, as the DMs have it."""
        return text._(
            "Table {table} · {round}",
            table=record.id,
            round=words_for(game_spec(record.game)).numbered(text, match.hand_number),
        )

    async def _seat(
        self, record: TableRecord, match: Match, seat: int, playing: bool, text: Text
    ) -> JSON:
        player = PlayerSeat(record, match, seat)
        adapter = adapter_for(record.game)
        spec = game_spec(record.game)
        you: JSON = {
            "seat": seat,
            "on_turn": playing and player.is_turn,
            "prompt": "",
            "holding": adapter.holding(player.hand, seat, text=text) if playing else "",
            "hand": None,
            "subjects": [],
            "actions": [],
        }
        if playing and spec.has_hands:
            title = self.hand_title(record, match, text)
            scene = await self.scenes.hand(record, match, seat, title, 0, text)
            if scene is not None:
                url = f"/api/tables/{record.id}/hand.png?v={record.version}&page=0"
                alt = hand_alt_text(record.game, title, player.hand, seat, text)
                you["hand"] = picture_json(url, scene, alt)
        if you["on_turn"]:
            controls = adapter.controls(player.hand, seat, text=text)
            you["prompt"] = controls.prompt
            you["subjects"] = [
                {"key": s.key, "label": s.label, "playable": s.playable, "note": s.note}
                for s in controls.subjects
            ]
            you["actions"] = [
                {"move": a.move, "label": a.label, "primary": a.primary} for a in controls.actions
            ]
        return you
