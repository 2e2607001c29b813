"""Custom ids of every control: ``dt:<table id>:<kind>[:<turn>][:<part>]``, for any game.

The table id routes a click to its table (a sign-up button, ``tour``, carries its
tournament's id instead) (``web``: a personal link to its page; ``launch``: the table as an
Activity, in Discord); the turn counter makes a control from an earlier turn detectably
stale; ``part`` is a lobby action, a page, a menu's chunk, an action's move or (``show``)
the subject whose places a button shows. Nothing in an id is trusted: the service re-checks
the clicking user, the table's state and the move itself. Ids sent before controls became
game-neutral (``dt:net:<table>:tile:<turn>``, ``…:place:<turn>:<part>``, ``…:pass:<turn>``)
are read as the same controls, so buttons on messages from older versions keep working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

LobbyAction = Literal["join", "leave", "computer", "start", "rematch", "accept", "decline"]
LOBBY_ACTIONS: Final[tuple[LobbyAction, ...]] = (
    "join",
    "leave",
    "computer",
    "start",
    "rematch",
    "accept",
    "decline",
)
"""``rematch`` sits on a finished match's table message and opens a new lobby;
``accept`` takes a challenge's open seat and starts the game; ``decline`` turns down a
challenge addressed to the person who presses it."""

TournamentAction = Literal["join", "leave", "start"]
"""The sign-up message's buttons: ``dt:<tournament id>:tour:<action>``."""

Kind = Literal[
    "lobby", "hand", "subject", "show", "target", "action", "page", "hint", "web", "launch", "tour"
]

TEMPLATE: Final = r"dt:(?:net:)?[0-9]{1,19}:[a-z]{3,6}(?::[A-Za-z0-9-]{1,24}){0,2}"
"""Everything that looks like one of our ids; :func:`parse` decides what it is."""

_BODIES: Final[tuple[tuple[Kind, str], ...]] = (
    ("lobby", r"lobby:(?P<part>join|leave|computer|start|rematch|accept|decline)"),
    ("hand", r"hand"),
    ("subject", r"(?:subj|tile):(?P<turn>[0-9]{1,9})(?::(?P<part>[0-9]{1,2}))?"),
    ("show", r"show:(?P<turn>[0-9]{1,9}):(?P<part>[A-Za-z0-9-]{1,24})"),
    ("target", r"(?:targ|place):(?P<turn>[0-9]{1,9}):(?P<part>[0-9])"),
    ("action", r"act:(?P<turn>[0-9]{1,9}):(?P<part>[a-z]{1,12})"),
    ("action", r"(?P<part>pass):(?P<turn>[0-9]{1,9})"),
    ("page", r"page:(?P<turn>[0-9]{1,9}):(?P<part>[0-9]{1,2})"),
    ("hint", r"hint:(?P<turn>[0-9]{1,9})"),
    ("web", r"web"),
    ("launch", r"launch"),
    ("tour", r"tour:(?P<part>join|leave|start)"),
)
_PATTERNS: Final[tuple[tuple[Kind, re.Pattern[str]], ...]] = tuple(
    (kind, re.compile(r"dt:(?:net:)?(?P<table>[0-9]{1,19}):" + body)) for kind, body in _BODIES
)


@dataclass(frozen=True, slots=True)
class ControlId:
    """A parsed custom id."""

    table: int
    kind: Kind
    turn: int | None = None
    part: str | None = None

    def __str__(self) -> str:
        short = {"subject": "subj", "target": "targ", "action": "act"}.get(self.kind, self.kind)
        pieces = [f"dt:{self.table}:{short}"]
        pieces += [str(p) for p in (self.turn, self.part) if p is not None]
        return ":".join(pieces)


def parse(custom_id: str) -> ControlId | None:
    """The control an id names, or None for an id this bot never made."""
    for kind, pattern in _PATTERNS:
        found = pattern.fullmatch(custom_id)
        if found:
            groups = found.groupdict()
            turn = groups.get("turn")
            return ControlId(
                int(groups["table"]), kind, None if turn is None else int(turn), groups.get("part")
            )
    return None


def lobby_id(table_id: int, action: LobbyAction) -> str:
    return str(ControlId(table_id, "lobby", None, action))


def show_hand_id(table_id: int) -> str:
    return str(ControlId(table_id, "hand"))


def subject_id(table_id: int, turn: int, page: int) -> str:
    return str(ControlId(table_id, "subject", turn, str(page)))


def show_places_id(table_id: int, turn: int, subject: str) -> str | None:
    """The button that shows where ``subject`` can go (as picking it from the menu would);
    None when the subject's key cannot stand in an id (:func:`parse` would not read it back)."""
    control = ControlId(table_id, "show", turn, subject)
    return str(control) if parse(str(control)) == control else None


def target_id(table_id: int, turn: int, part: int) -> str:
    return str(ControlId(table_id, "target", turn, str(part)))


def action_id(table_id: int, turn: int, move: str) -> str:
    return str(ControlId(table_id, "action", turn, move))


def page_id(table_id: int, turn: int, page: int) -> str:
    return str(ControlId(table_id, "page", turn, str(page)))


def hint_id(table_id: int, turn: int) -> str:
    return str(ControlId(table_id, "hint", turn))


def web_id(table_id: int) -> str:
    return str(ControlId(table_id, "web"))


def launch_id(table_id: int) -> str:
    return str(ControlId(table_id, "launch"))


def tournament_id(tournament: int, action: TournamentAction) -> str:
    """A sign-up button: its number is the tournament's, not a table's."""
    return str(ControlId(tournament, "tour", None, action))
