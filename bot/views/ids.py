"""Custom ids of every control: ``dt:net:<table id>:<action>[:<turn>[:<part>]]``.

The table id routes a click to its table; the turn counter makes a control from an
earlier turn detectably stale. Nothing in an id is trusted: the service re-checks the
clicking user, the table's state and the move itself.
"""

from __future__ import annotations

from typing import Final, Literal

LobbyAction = Literal["join", "leave", "computer", "start"]
LOBBY_ACTIONS: Final[tuple[LobbyAction, ...]] = ("join", "leave", "computer", "start")

_TABLE: Final = r"dt:net:(?P<table>[0-9]{1,19})"
_TURN: Final = r"(?P<turn>[0-9]{1,9})"

LOBBY_TEMPLATE: Final = _TABLE + r":lobby:(?P<action>join|leave|computer|start)"
SHOW_HAND_TEMPLATE: Final = _TABLE + r":hand"
TILE_TEMPLATE: Final = _TABLE + r":tile:" + _TURN
PLACE_TEMPLATE: Final = _TABLE + r":place:" + _TURN + r":(?P<part>[0-9])"
PASS_TEMPLATE: Final = _TABLE + r":pass:" + _TURN


def lobby_id(table_id: int, action: LobbyAction) -> str:
    return f"dt:net:{table_id}:lobby:{action}"


def show_hand_id(table_id: int) -> str:
    return f"dt:net:{table_id}:hand"


def tile_id(table_id: int, turn: int) -> str:
    return f"dt:net:{table_id}:tile:{turn}"


def place_id(table_id: int, turn: int, part: int) -> str:
    return f"dt:net:{table_id}:place:{turn}:{part}"


def pass_id(table_id: int, turn: int) -> str:
    return f"dt:net:{table_id}:pass:{turn}"
